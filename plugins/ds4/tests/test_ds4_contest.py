"""DS4 opposed checks (DS4-R09) and the contract kit."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    ContestOutcome,
    Degree,
    Outcome,
    ScriptedRng,
    contest_odds,
    resolve_contest,
)
from rollwerk_ds4 import RULESET, contest
from rollwerk_ds4 import check as ds4_check

RS = RULESET
SWAP = {
    ContestOutcome.FIRST: ContestOutcome.SECOND,
    ContestOutcome.SECOND: ContestOutcome.FIRST,
    ContestOutcome.TIE: ContestOutcome.TIE,
    ContestOutcome.REROLL: ContestOutcome.REROLL,
}


def test_ds4_r09_e6_both_fail_reroll() -> None:
    """DS4-R09, E6: arm-wrestling round 1, both fail → REROLL."""
    gruffneck = ds4_check(10).resolve(ScriptedRng([15])).outcome()
    kalthor = ds4_check(12).resolve(ScriptedRng([13])).outcome()
    assert resolve_contest(RS, gruffneck, kalthor) is ContestOutcome.REROLL


def test_ds4_r09_a05_e7_coup_beats_higher_result() -> None:
    """DS4-R09, DS4-A05, E7: 8 vs 12 → Kalthor; a coup (10) beats his 12."""
    gruffneck = ds4_check(10).resolve(ScriptedRng([8])).outcome()
    kalthor = ds4_check(12).resolve(ScriptedRng([12])).outcome()
    assert contest(gruffneck, kalthor) is ContestOutcome.SECOND
    coup = ds4_check(10).resolve(ScriptedRng([1])).outcome()
    assert coup.value == 10
    assert contest(coup, kalthor) is ContestOutcome.FIRST


def test_ds4_r09_a04_ties_and_two_coups() -> None:
    """DS4-R09, DS4-A04: equal results tie; two coups compare their results."""
    a = Outcome(True, Degree.SUCCESS, 7)
    assert contest(a, a) is ContestOutcome.TIE
    c10 = Outcome(True, Degree.CRITICAL_SUCCESS, 10)
    c12 = Outcome(True, Degree.CRITICAL_SUCCESS, 12)
    assert contest(c10, c12) is ContestOutcome.SECOND
    assert contest(c12, c12) is ContestOutcome.TIE
    fumble = Outcome(False, Degree.CRITICAL_FAILURE, 0)
    assert contest(fumble, a) is ContestOutcome.SECOND
    assert contest(fumble, fumble) is ContestOutcome.REROLL


def test_ds4_r08_multi_die_coup_in_contest() -> None:
    """DS4-R08, DS4-A02: a PW 25 check is a coup only for a first-die 1."""
    later_one = ds4_check(25).resolve(ScriptedRng([3, 1]))
    assert later_one.degree is Degree.SUCCESS
    first_one = ds4_check(25).resolve(ScriptedRng([1, 3]))
    assert first_one.degree is Degree.CRITICAL_SUCCESS
    assert contest(first_one.outcome(), later_one.outcome()) is ContestOutcome.FIRST


@given(a=st.integers(-20, 60), b=st.integers(-20, 60))
def test_ds4_r09_antisymmetric(a: int, b: int) -> None:
    """Invariant: opposed(A, B) is antisymmetric, exactly."""
    ab = contest_odds(RS, ds4_check(a), ds4_check(b))
    ba = contest_odds(RS, ds4_check(b), ds4_check(a))
    assert ab.map(lambda o: SWAP[o]) == ba


@given(pw=st.integers(-20, 100))
def test_ds4_r09_equal_pw_wins_half(pw: int) -> None:
    """Invariant: with equal PW the eventual winner is either side at 1/2."""
    odds = contest_odds(RS, ds4_check(pw), ds4_check(pw))
    first, second = odds[ContestOutcome.FIRST], odds[ContestOutcome.SECOND]
    assert first / (first + second) == Fraction(1, 2)


def test_ds4_r09_a_success_without_a_result_is_not_weighed() -> None:
    """DS4-R09 ("gewinnt das höhere Ergebnis"): a check above 20 with
    need_result=false has no result. A held-out rules lawyer found it
    counted as 0, so ``pw=44 need_result=false`` lost to ``pw=10`` on 5 vs 3
    (first side 199/400 against 144729/160000 with the result)."""
    import pytest

    from rollwerk import contest_result
    from rollwerk.errors import ContestError

    message = (
        "a DS4 contest of two successes compares their results (DS4-R09); a "
        "check above PW 20 with need_result=false has none: contest with "
        "need_result=true"
    )
    blind = ds4_check(44, need_result=False)
    for other in (ds4_check(10), blind):
        with pytest.raises(ContestError) as info:
            contest_odds(RS, blind, other)
        assert str(info.value) == message
    plain = Outcome(True, Degree.SUCCESS, None)
    with pytest.raises(ContestError):
        contest(plain, Outcome(True, Degree.SUCCESS, 3))
    # no result is needed against a failure, or for a coup against a success
    assert contest(plain, Outcome(False, Degree.FAILURE, None)) is ContestOutcome.FIRST
    coup = Outcome(True, Degree.CRITICAL_SUCCESS, 1)
    assert contest(plain, coup) is ContestOutcome.SECOND
    won = contest_result(
        RS, blind.resolve(ScriptedRng([5])), ds4_check(10).resolve(ScriptedRng([15]))
    )
    assert won.outcome is ContestOutcome.FIRST
    # asking for the result, the contest is decided as before
    odds = contest_odds(RS, ds4_check(44), ds4_check(10))
    assert odds[ContestOutcome.FIRST] == Fraction(144729, 160000)
