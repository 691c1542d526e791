"""A contest side that is not an ``Outcome`` is the caller's mistake.

helper-h213: ``FLUID.contest(5, 3)`` raised a bare ``AttributeError`` from
the ruleset's rule, and through the registry the guard reported it as the
plugin's failure (``PluginFault: plugin 'fluid' failed``), though the
plugin did nothing wrong. ``resolve_contest`` already refused such sides;
``RulesetSpec.contest`` and the guarded ``contest`` now do too.
"""

from __future__ import annotations

from typing import Any

import pytest

from rollwerk import Degree, Outcome, ScriptedRng
from rollwerk.checks import ContestOutcome, define_check
from rollwerk.errors import ParameterError
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import examples

COIN = define_check(
    "flip",
    dice=[2],
    judge=lambda faces: Outcome(
        faces[0] == 2, Degree.SUCCESS if faces[0] == 2 else Degree.FAILURE, faces[0]
    ),
)
RULED = define_ruleset(
    "ruled",
    "Ruled",
    version="1",
    checks=[COIN],
    contest=lambda a, b: (
        ContestOutcome.FIRST if a.value > b.value else ContestOutcome.TIE
    ),
)
DEFAULT = define_ruleset("plain", "Plain", version="1", checks=[COIN])
WIN = Outcome(True, Degree.SUCCESS, 2)


def _guarded(rid: str) -> Any:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    return registry.ruleset(rid)


@pytest.mark.parametrize("ruleset", [RULED, DEFAULT], ids=["rule", "default"])
@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (5, WIN, "first must be an Outcome, got 5"),
        (WIN, "x", "second must be an Outcome, got 'x'"),
    ],
)
def test_a_ruleset_spec_refuses_a_side_that_is_not_an_outcome(
    ruleset: Any, first: Any, second: Any, message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        ruleset.contest(first, second)
    assert str(info.value) == message


def test_a_result_as_a_side_points_to_the_outcome() -> None:
    result = COIN.build("ruled", None).resolve(ScriptedRng([2]))
    with pytest.raises(ParameterError) as info:
        RULED.contest(result, WIN)
    assert str(info.value).startswith("first must be an Outcome")
    with pytest.raises(ParameterError) as info:
        RULED.contest(result.outcome, WIN)  # type: ignore[arg-type]
    assert str(info.value).startswith(
        "first must be an Outcome: call the method, result.outcome(), got <bound"
    )
    assert RULED.contest(result.outcome(), Outcome(True, Degree.SUCCESS, 1)) is (
        ContestOutcome.FIRST
    )


def test_the_guard_blames_the_caller_not_the_plugin() -> None:
    toy = _guarded("toy")
    with pytest.raises(ParameterError) as info:
        toy.contest(5, 3)
    assert str(info.value) == "first must be an Outcome, got 5"
