"""The ported check (toolkit memo, closed form) gives the old exact results.

The plugin's own per-face memo is gone; the toolkit's memo is tested in the
core's ``tests/test_toolkit.py``. What stays AdZ's: a memoized single-die
check, with and without a luck pool, resolves to what the unmemoized path
(``result_for`` the same faces) gives, and its closed-form odds are the
exact Fractions the hand-written check had (ADZ-R03, R07, R11, A26).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Degree, Outcome, ScriptedRng, SeededRng
from rollwerk_adz import adz_check, chance


def test_adz_r03_one_die_odds_are_the_old_exact_fractions() -> None:
    """ADZ-R03, R07: one d6 at threshold 1 succeeds on 5 or 6."""
    check = adz_check(1)
    assert dict(check.outcomes().items()) == {
        Outcome(False, Degree.FAILURE, 0): Fraction(2, 3),
        Outcome(True, Degree.SUCCESS, 1): Fraction(1, 3),
    }


def test_adz_r11_one_die_with_luck_on_failure_odds() -> None:
    """ADZ-R11, A26: a failed die draws the two luck dice; each 5 or 6 counts."""
    check = adz_check(1, luck=2, luck_policy="on_failure")
    luck = (("luck_dice", 2),)
    assert dict(check.outcomes().items()) == {
        Outcome(True, Degree.SUCCESS, 1): Fraction(1, 3),
        Outcome(False, Degree.FAILURE, 0, extras=luck): Fraction(8, 27),
        Outcome(True, Degree.SUCCESS, 1, extras=luck): Fraction(8, 27),
        Outcome(True, Degree.SUCCESS, 2, extras=luck): Fraction(2, 27),
    }
    assert chance(check) == Fraction(19, 27)
    # a success on the first die draws no luck die: one face recorded
    assert [r.face for r in check.resolve(ScriptedRng([5])).rolls] == [5]
    result = check.resolve(ScriptedRng([2, 6, 1]))
    assert [(r.face, r.role) for r in result.rolls] == [
        (2, "check"),
        (6, "luck"),
        (1, "luck"),
    ]
    assert result.explain() == (
        "1 die [2] + 2 luck [6, 1]: 1 success at threshold 1: success"
    )


@settings(max_examples=10)
@given(
    seed=st.integers(0, 2**32),
    luck=st.sampled_from([0, 2]),
)
def test_memoized_single_die_results_equal_the_unmemoized_path(
    seed: int, luck: int
) -> None:
    """Resolving one check many times (the memo) equals judging the faces afresh."""
    check = adz_check(1, luck=luck, luck_policy="on_failure")
    rng = SeededRng(seed)
    for _ in range(60):
        fast = check.resolve(rng)
        faces = [r.face for r in fast.rolls]
        assert fast == check.result_for(faces)
        assert fast == adz_check(1, luck=luck, luck_policy="on_failure").resolve(
            ScriptedRng(faces)
        )
        assert fast.outcome() in check.outcomes().support
