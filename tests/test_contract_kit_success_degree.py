"""Success and degree in the contract: what is a contradiction and what is not.

The docs call an outcome's ``degree`` independent of its ``success``
(``Degree``, docs/checks.md "Success, degree and value"): a Fluid fumble on
a sure success is a critical failure that is not a success. So without
success levels no pairing is a contradiction, and the kit flags none. A
ruleset with levels declares the pairing: each level maps to one degree and
one success flag, and an outcome at a level must have both (property 7).
The chance of success is the sum over the outcomes marked ``success`` by
definition (nothing declares it apart), and a resolver whose flags differ
from the odds' is caught by the support and frequency checks.
"""

from __future__ import annotations

import attrs
import pytest

from rollwerk.checks import Degree, Level, Outcome, define_check
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_check_contract,
    assert_ruleset_contract,
)


def _contrary(faces: tuple[int, ...]) -> Outcome:
    """A 6 succeeds at the degree failure, a 1 fails at critical success."""
    face = faces[0]
    if face == 6:
        return Outcome(True, Degree.FAILURE, face)
    if face == 1:
        return Outcome(False, Degree.CRITICAL_SUCCESS, face)
    return Outcome(face >= 4, Degree.SUCCESS if face >= 4 else Degree.FAILURE, face)


def test_without_levels_any_pairing_of_success_and_degree_passes() -> None:
    ruleset = define_ruleset(
        "free",
        "Free",
        version="1",
        checks=[define_check("d6", dice=[6], judge=_contrary)],
    )
    assert_ruleset_contract(ruleset, max_examples=0, resolutions=200, replays=2)


LEVELS = [
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
]


def test_with_levels_a_success_flag_the_level_contradicts_is_a_violation() -> None:
    def judge(faces: tuple[int, ...]) -> Outcome:
        hit = faces[0] >= 4
        # a 6 is at the level 'hit' but not marked a success
        success = hit and faces[0] != 6
        return Outcome(
            success,
            Degree.SUCCESS if hit else Degree.FAILURE,
            faces[0],
            level="hit" if hit else "miss",
        )

    ruleset = define_ruleset(
        "lv",
        "Lv",
        version="1",
        levels=LEVELS,
        checks=[define_check("d6", dice=[6], judge=judge)],
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(ruleset, max_examples=0, resolutions=50, replays=1)
    assert str(info.value) == (
        "lv:d6(): outcome Outcome(success=False, degree=<Degree.SUCCESS: "
        "'success'>, value=6, rolled=True, extras=(), level='hit') is at level "
        "'hit', which maps to success with success=True"
    )


def test_a_resolver_whose_success_flags_differ_from_the_odds_is_caught() -> None:
    """resolve() marks a 6 a success, outcomes() does not: not in the support."""
    check = define_check("d6", dice=[6], judge=_contrary)

    @attrs.frozen
    class Flipped:
        inner: object

        # explicit members, not __getattr__: from Python 3.12 on, isinstance
        # against a runtime-checkable Protocol looks attributes up statically
        @property
        def ruleset(self) -> str:
            return self.inner.ruleset  # type: ignore[attr-defined, no-any-return]

        @property
        def name(self) -> str:
            return self.inner.name  # type: ignore[attr-defined, no-any-return]

        @property
        def parameters(self) -> object:
            return self.inner.parameters  # type: ignore[attr-defined]

        def outcomes(self) -> object:
            return self.inner.outcomes()  # type: ignore[attr-defined]

        def resolve(self, rng: object) -> object:
            result = self.inner.resolve(rng)  # type: ignore[attr-defined]
            if result.value == 6:
                return attrs.evolve(result, degree=Degree.SUCCESS)
            return result

    ruleset = define_ruleset("flip", "Flip", version="1", checks=[check])
    built = ruleset.checks()[0].build()
    with pytest.raises(ContractViolation, match="is not in the support of outcomes"):
        assert_check_contract(Flipped(built), resolutions=200, replays=1)  # type: ignore[arg-type]
