"""The contract kit visits every value of a parameter with few values.

A plugin author's check had one parameter ``dice`` from 0 to 6; with the
default eight drawn examples the kit never compared the closed form with
the judge at ``dice=3`` or ``dice=5``, so a closed form wrong only there
passed. A parameter with at most ``max_examples`` values is now swept.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk import Distribution
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.rulesets import RulesetSpec, define_ruleset
from rollwerk.testing import ContractViolation, assert_ruleset_contract
from rollwerk.testing._contract import _corners, _sweep

DICE = Parameter("dice", int, min_value=0, max_value=6, default=1)
TARGET = Parameter("target", int, min_value=2, max_value=6, default=6)
MISS = Outcome(False, Degree.FAILURE, None)
HIT = Outcome(True, Degree.SUCCESS, None)


def _judge(faces: tuple[int, ...], dice: int, target: int = 6) -> Outcome:
    return HIT if any(f >= target for f in faces) else MISS


def _odds(wrong_at: int | None) -> Callable[..., Distribution[Outcome]]:
    """P(some die shows ``target`` or more), wrong at ``dice=wrong_at`` only."""

    def odds(dice: int, target: int = 6) -> Distribution[Outcome]:
        below = Fraction(target - 1, 6)
        if dice == wrong_at:
            below = Fraction(target - 2, 6)
        miss = below**dice
        return Distribution({o: p for o, p in ((MISS, miss), (HIT, 1 - miss)) if p})

    return odds


def _sixes(wrong_at: int | None, *params: Parameter) -> RulesetSpec:
    check = define_check(
        "any",
        list(params or (DICE,)),
        dice=lambda dice: [6] * dice,
        judge=_judge,
        odds=_odds(wrong_at),
    )
    return define_ruleset("sixes", "Sixes", version="1", checks=[check])


def _contract(rs: RulesetSpec, max_examples: int | None = None) -> None:
    assert_ruleset_contract(
        rs, max_examples=max_examples, resolutions=200, replays=2, properties=False
    )


def _miss_message(where: str, stated: str, ways: int, exact: str) -> str:
    return (
        f"{where}: outcomes() says P(Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=None, rolled=True, extras=(), "
        f"level=None)) = {stated} but enumerating all {ways} face combinations "
        f"gives {exact}"
    )


@pytest.mark.parametrize(
    ("wrong_at", "message"),
    [
        (3, _miss_message("sixes:any(dice=3)", "8/27", 216, "125/216")),
        (5, _miss_message("sixes:any(dice=5)", "32/243", 7776, "3125/7776")),
    ],
)
def test_a_closed_form_wrong_at_one_middle_value_fails(
    wrong_at: int, message: str
) -> None:
    # the defaults (8 examples) drew neither 3 nor 5 before the sweep
    with pytest.raises(ContractViolation) as info:
        _contract(_sixes(wrong_at))
    assert str(info.value) == message


def test_the_sweep_holds_the_other_parameters_at_their_defaults() -> None:
    # wrong only at dice=4: swept with target at its default, 6
    with pytest.raises(ContractViolation) as info:
        _contract(_sixes(4, DICE, TARGET), max_examples=7)
    assert str(info.value) == _miss_message(
        "sixes:any(dice=4, target=6)", "16/81", 1296, "625/1296"
    )


def test_a_correct_closed_form_passes() -> None:
    _contract(_sixes(None), max_examples=7)
    _contract(_sixes(None, DICE, TARGET), max_examples=7)


def _any_face(faces: tuple[int, ...]) -> Outcome:
    return HIT if faces[0] == 6 else MISS


def test_the_sweep_lists_each_value_not_at_a_corner() -> None:
    flag = Parameter("flag", bool, default=False)
    size = Parameter("size", str, choices=("s", "m", "l"), default="m")
    wide = Parameter("wide", int, min_value=1, max_value=9, default=5)
    spec = define_ruleset(
        "w",
        "W",
        version="1",
        checks=[define_check("c", [flag, size, wide], dice=[6], judge=_any_face)],
    ).checks()[0]
    corners = _corners(spec)
    assert corners == [
        {"flag": False, "size": "m", "wide": 5},
        {"flag": False, "size": "s", "wide": 1},
        {"flag": True, "size": "l", "wide": 9},
    ]
    swept = list(_sweep(spec, 8, corners, corners))
    # flag and size are at every value at some corner; wide has 9 values,
    # more than 8: drawn, not swept
    assert swept == []
    # with 9 examples, wide's values 2-4 and 6-8, each at the defaults
    # first, then the minimums and the maximums
    swept = list(_sweep(spec, 9, corners, corners))
    assert [c[0]["wide"] for c in swept] == [2, 3, 4, 6, 7, 8]
    assert swept[0] == [{**corner, "wide": 2} for corner in corners]
    # a corner the ruleset refused visits nothing: its values are swept
    swept = list(_sweep(spec, 8, corners, corners[:1]))
    assert [c[0] for c in swept] == [
        {"flag": True, "size": "m", "wide": 5},
        {"flag": False, "size": "s", "wide": 5},
        {"flag": False, "size": "l", "wide": 5},
    ]
