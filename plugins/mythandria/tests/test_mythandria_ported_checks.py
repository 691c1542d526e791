"""The checks ported onto the toolkit (issue 22) keep the hand-written odds.

The per-face memo that ``test_mythandria_fast_paths.py`` tested is now the
toolkit's (``tests/test_toolkit.py`` covers it); here the exact odds are
compared with the closed forms the plugin used to write by hand, and each
memoized result with one built afresh from its faces. (The checks' own
closed forms of issue 19 are compared with the toolkit's enumeration in
``test_mythandria_closed_forms.py``.)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Distribution, Outcome, ScriptedRng, SeededRng
from rollwerk.checks import FaceCheck
from rollwerk_mythandria import (
    ComparativeClass,
    comparative_class,
    comparison_check,
    decide,
    decision_check,
)


def old_decision_odds(pw: int) -> Distribution[Outcome]:
    """MY-R06 / MY-R07 as the plugin wrote them: each d100 face 1/100."""
    return Distribution.uniform(
        Outcome(decide(pw, d).success, decide(pw, d).degree, d) for d in range(1, 101)
    )


def old_comparison_odds(pw: int) -> Distribution[Outcome]:
    """MY-R08 as the plugin wrote it: total d100 + pw, class as degree."""
    return Distribution.uniform(
        Outcome(
            comparative_class(d) is not ComparativeClass.EXTRAORDINARY_FAILURE,
            comparative_class(d).degree,
            d + pw,
            extras={"roll": d},
        )
        for d in range(1, 101)
    )


@pytest.mark.parametrize("dice", ["d100", "2d10"])
@pytest.mark.parametrize("pw", [-1000, -10, 0, 1, 35, 50, 99, 100, 120, 1000, 5000])
def test_my_r04_r06_r08_enumeration_equals_the_old_closed_forms(
    pw: int, dice: str
) -> None:
    """MY-R04 / MY-R06 / MY-R07 / MY-R08: the exact odds did not change."""
    decision = decision_check(pw, dice)
    assert decision.outcomes() == old_decision_odds(pw)
    assert decision.outcomes().probability(lambda o: o.success) == Fraction(
        min(max(pw, 1), 99), 100
    )
    assert comparison_check(pw, dice).outcomes() == old_comparison_odds(pw)


@pytest.mark.parametrize("build", [decision_check, comparison_check])
@pytest.mark.parametrize("dice", ["d100", "2d10"])
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), pw=st.integers(-300, 300))
def test_my_r06_r08_memoized_results_equal_fresh_ones(
    build: Callable[[int, str], FaceCheck], dice: str, seed: int, pw: int
) -> None:
    """A check resolved many times answers what a fresh check builds and replays."""
    reused = build(pw, dice)
    rng = SeededRng(seed)
    for _ in range(60):
        result = reused.resolve(rng)
        faces = [r.face for r in result.rolls]
        assert result == build(pw, dice).result_for(faces)
        assert build(pw, dice).resolve(ScriptedRng(faces)) == result
    assert reused == build(pw, dice)
    assert hash(reused) == hash(build(pw, dice))
