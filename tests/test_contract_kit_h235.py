"""Findings of h235 (a designer publishing three systems as one plugin).

The kit explains one face combination of each outcome, so a translation's
field typo in a message only rare faces use is caught; and it refuses a
check whose ``parameters`` mapping is its own, changeable one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import pytest

from rollwerk import Distribution, Rng, build_check
from rollwerk.checks import (
    CheckResult,
    CheckSpec,
    Degree,
    Outcome,
    Parameter,
    check_from_request,
    define_check,
)
from rollwerk.i18n import Catalog, Text
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_faces_match,
    assert_ruleset_contract,
)

DICE = Parameter("dice", int, default=1, min_value=1, max_value=6)


def top(faces: Sequence[int]) -> Outcome:
    best = max(faces)
    return Outcome(best >= 4, Degree.SUCCESS if best >= 4 else Degree.FAILURE, best)


def rare_ruleset(german_rare: str) -> object:
    catalog = Catalog(
        {
            "en": {"x.top": "top {top}", "x.rare": "all ones, top {top}"},
            "de": {"x.top": "oben {top}", "x.rare": german_rare},
        }
    )

    def explain(faces: Sequence[int], outcome: Outcome) -> Text:
        rare = len(faces) >= 5 and set(faces) == {1}
        return catalog.text("x.rare" if rare else "x.top", top=outcome.value)

    check = define_check(
        "c",
        [DICE],
        dice=lambda dice: [6] * dice,
        judge=top,
        explain=explain,
        unordered=True,
    )
    return define_ruleset("x", "X", catalog=catalog, checks=[check])


def test_a_field_typo_in_a_message_only_rare_faces_use_is_caught() -> None:
    ruleset = rare_ruleset("alles Einsen, oben {tp}")
    check = build_check(ruleset, "c", dice=5)  # type: ignore[arg-type]
    with pytest.raises(ContractViolation) as info:
        assert_faces_match(check)
    assert str(info.value) == (
        "x:c(dice=5): explaining the result of the faces [1, 1, 1, 1, 1] in 'de' "
        "failed: the explanation of x:c failed: the template of 'x.rare' in 'de' "
        "('alles Einsen, oben {tp}') names the field 'tp', which the text does not "
        "give (it gives: top)"
    )
    # four dice never use the message: nothing to report there
    assert assert_faces_match(build_check(ruleset, "c", dice=4)) is True  # type: ignore[arg-type]


def test_the_same_message_with_the_right_field_passes() -> None:
    ruleset = rare_ruleset("alles Einsen, oben {top}")
    assert assert_faces_match(build_check(ruleset, "c", dice=5)) is True  # type: ignore[arg-type]
    assert_ruleset_contract(ruleset)  # type: ignore[arg-type]


BASE = define_check(
    "c", [DICE], dice=lambda dice: [6] * dice, judge=top, unordered=True
)


@attrs.frozen
class Shared:
    """Frozen attributes, but ``parameters`` hands out the check's own dict."""

    params: dict[str, int]
    ruleset: str = "shared"
    name: str = "c"

    @property
    def parameters(self) -> Mapping[str, int]:
        return self.params

    def resolve(self, rng: Rng) -> CheckResult:
        return BASE.build("shared", **self.params).resolve(rng)

    def outcomes(self) -> Distribution[Outcome]:
        return BASE.build("shared", **self.params).outcomes()


@attrs.frozen
class Copied(Shared):
    """The same check, handing out a copy."""

    @property
    def parameters(self) -> Mapping[str, int]:
        return dict(self.params)


def test_a_check_whose_parameters_can_be_changed_in_place_is_refused() -> None:
    shared = define_ruleset(
        "shared",
        "Shared",
        checks=[CheckSpec("c", (DICE,), lambda dice=1: Shared({"dice": dice}))],
    )
    # what it would let a caller do: change the check every request shares
    first = check_from_request(shared, "dice=1")
    first.parameters["dice"] = 6  # type: ignore[index]
    assert check_from_request(shared, "dice=1").parameters == {"dice": 6}
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(
            define_ruleset(
                "shared",
                "Shared",
                checks=[CheckSpec("c", (DICE,), lambda dice=1: Shared({"dice": dice}))],
            )
        )
    assert str(info.value).endswith(
        "the check can be changed: a key added to the mapping its parameters gave "
        "stayed in the check (a check is a frozen value: give a copy, dict(...), "
        "or a read-only types.MappingProxyType)"
    )


def test_a_check_that_gives_a_copy_of_its_parameters_passes() -> None:
    copied = define_ruleset(
        "shared",
        "Shared",
        checks=[CheckSpec("c", (DICE,), lambda dice=1: Copied({"dice": dice}))],
    )
    assert_ruleset_contract(copied)
