"""Fluid opposed checks: FL-R10, FL-A05, FL-A06, vectors V16–V18, spec §5."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk
from rollwerk import ContestOutcome, Degree, Outcome, ScriptedRng
from rollwerk.checks import FaceCheck
from rollwerk.errors import ContestError
from rollwerk_fluid import FLUID, contest_rank, fluid_check

F = Fraction


def test_v16_fl_r10_equal_quality_is_a_tie() -> None:
    """V16 (FL-R10): A C 7 → success Q 6; B C 12 → success Q 4 + 2 = 6: tie."""
    a = fluid_check(attribute=7).resolve(ScriptedRng([6]))
    b = fluid_check(attribute=12).resolve(ScriptedRng([4]))
    assert (a.value, b.value) == (6, 6)
    assert FLUID.contest(a.outcome(), b.outcome()) is ContestOutcome.TIE
    assert rollwerk.resolve_contest(FLUID, a.outcome(), b.outcome()) is (
        ContestOutcome.TIE
    )


def test_v17_fl_r10_critical_beats_any_plain_success() -> None:
    """V17 (FL-R10): A critical Q 2 beats B success Q 9."""
    a = fluid_check(attribute=7).resolve(ScriptedRng([1, 3]))
    b = fluid_check(attribute=12).resolve(ScriptedRng([7]))
    assert (a.value, b.value) == (2, 9)
    assert FLUID.contest(a.outcome(), b.outcome()) is ContestOutcome.FIRST
    assert FLUID.contest(b.outcome(), a.outcome()) is ContestOutcome.SECOND


def test_v18_fl_a05_failure_against_fumble_is_a_tie() -> None:
    """V18 (FL-A05): A failure, B fumble: neither succeeds, a tie."""
    a = fluid_check(attribute=7).resolve(ScriptedRng([9]))
    b = fluid_check(attribute=7).resolve(ScriptedRng([1, 6]))
    assert FLUID.contest(a.outcome(), b.outcome()) is ContestOutcome.TIE


def test_fl_a06_no_roll_side_counts_as_failure() -> None:
    """FL-A06: a side at C ≤ 0 is a failure: it loses to a success, ties a failure."""
    none = fluid_check(attribute=0).resolve(ScriptedRng([])).outcome()
    ok = fluid_check(attribute=3).resolve(ScriptedRng([2])).outcome()
    bad = fluid_check(attribute=3).resolve(ScriptedRng([9])).outcome()
    assert FLUID.contest(none, ok) is ContestOutcome.SECOND
    assert FLUID.contest(none, bad) is ContestOutcome.TIE


def test_fl_a05_two_criticals_compare_quality() -> None:
    """FL-A05: two criticals compare their qualities."""
    a = fluid_check(attribute=13).resolve(ScriptedRng([1, 1])).outcome()  # Q 8
    b = fluid_check(attribute=7).resolve(ScriptedRng([1, 1])).outcome()  # Q 2
    assert FLUID.contest(a, b) is ContestOutcome.FIRST
    assert FLUID.contest(a, a) is ContestOutcome.TIE


def test_fl_r10_ranks() -> None:
    """FL-R10: critical (2, Q), success (1, Q), anything else (0, 0)."""
    assert contest_rank(Outcome(True, Degree.CRITICAL_SUCCESS, 8)) == (2, 8)
    assert contest_rank(Outcome(True, Degree.SUCCESS, 9)) == (1, 9)
    assert contest_rank(Outcome(False, Degree.FAILURE, None)) == (0, 0)
    assert contest_rank(Outcome(False, Degree.FAILURE, None, rolled=False)) == (0, 0)


OPPOSED = [
    (5, 5, F(131, 400), F(131, 400), F(69, 200)),
    (7, 5, F(207, 400), F(99, 400), F(47, 200)),
    (10, 10, F(181, 400), F(181, 400), F(19, 200)),
    (12, 10, F(5, 8), F(121, 400), F(29, 400)),
]


@pytest.mark.parametrize(("ca", "cb", "win", "lose", "tie"), OPPOSED)
def test_spec_5_opposed_odds(
    ca: int, cb: int, win: Fraction, lose: Fraction, tie: Fraction
) -> None:
    """Spec §5 (FL-R10): P(A wins), P(B wins), P(tie) in one round."""
    odds = rollwerk.contest_odds(
        FLUID, fluid_check(attribute=ca), fluid_check(attribute=cb)
    )
    assert odds[ContestOutcome.FIRST] == win
    assert odds[ContestOutcome.SECOND] == lose
    assert odds[ContestOutcome.TIE] == tie
    assert set(odds.support) <= {
        ContestOutcome.FIRST,
        ContestOutcome.SECOND,
        ContestOutcome.TIE,
    }


@given(st.integers(-3, 20), st.integers(-3, 20))
def test_inv_opposed_is_antisymmetric(ca: int, cb: int) -> None:
    """§4 (FL-R10): swapping the sides swaps the winner; a tie stays a tie."""
    a = fluid_check(attribute=max(ca, 0), modifier=min(ca, 0))
    b = fluid_check(attribute=max(cb, 0), modifier=min(cb, 0))
    ab = rollwerk.contest_odds(FLUID, a, b)
    ba = rollwerk.contest_odds(FLUID, b, a)
    assert ab[ContestOutcome.FIRST] == ba[ContestOutcome.SECOND]
    assert ab[ContestOutcome.TIE] == ba[ContestOutcome.TIE]
    for x in a.outcomes().support:
        for y in b.outcomes().support:
            swapped = {
                ContestOutcome.FIRST: ContestOutcome.SECOND,
                ContestOutcome.SECOND: ContestOutcome.FIRST,
                ContestOutcome.TIE: ContestOutcome.TIE,
            }[FLUID.contest(x, y)]
            assert FLUID.contest(y, x) is swapped


def test_contest_odds_refuse_foreign_checks() -> None:
    check = fluid_check(attribute=3)
    foreign = FaceCheck(check.definition, "other", check.parameters)
    with pytest.raises(ContestError) as info:
        rollwerk.contest_odds(FLUID, check, foreign)
    assert str(info.value) == "second check must belong to ruleset 'fluid', got 'other'"


def test_fl_r10_a_side_that_is_not_an_outcome_is_the_callers_mistake() -> None:
    """FL-R10 (helper-h213): ``FLUID.contest(5, 3)`` raised ``AttributeError``,
    and the registry's ruleset blamed the plugin (``PluginFault``)."""
    from rollwerk.errors import ParameterError

    for ruleset in (FLUID, rollwerk.get_registry().ruleset("fluid")):
        with pytest.raises(ParameterError) as info:
            ruleset.contest(5, 3)  # type: ignore[arg-type]
        assert str(info.value) == "first must be an Outcome, got 5"
