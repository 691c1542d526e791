"""Tests of opposed checks (ADZ-R10, A06, A07)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    ContestOutcome,
    Degree,
    Outcome,
    ParameterError,
    ScriptedRng,
    build_check,
    contest_odds,
)
from rollwerk.errors import ContestError
from rollwerk_adz import (
    ADZ,
    Initiator,
    adz_check,
    adz_ruleset,
    count_successes,
    opposed,
    opposed_odds,
)

F, S, T, B = (
    ContestOutcome.FIRST,
    ContestOutcome.SECOND,
    ContestOutcome.TIE,
    ContestOutcome.BOTH_FAILED,
)


def out(successes: int, threshold: int = 1) -> Outcome:
    ok = successes >= threshold
    return Outcome(ok, Degree.SUCCESS if ok else Degree.FAILURE, successes)


def test_adz_r10_v13_initiator_wins_ties() -> None:
    """ADZ-R10 step 3, V13: A (initiator) 2 vs B 2: A wins."""
    assert opposed(out(2), out(2), Initiator.FIRST) == F
    assert opposed(out(2), out(2), Initiator.SECOND) == S
    assert ADZ.contest(out(2), out(2)) == F


def test_adz_r10_v14_equivalent_actions_draw() -> None:
    """ADZ-R10 step 3, V14: equivalent actions (initiator None) draw."""
    assert opposed(out(2), out(2), Initiator.NONE) == T
    assert adz_ruleset(equivalent_actions=True).contest(out(2), out(2)) == T


def test_adz_r10_v15_only_one_succeeds() -> None:
    """ADZ-R10 step 1, V15: A 0 successes, B 1: B wins."""
    assert opposed(out(0), out(1), Initiator.FIRST) == S
    assert opposed(out(3), out(0), Initiator.SECOND) == F


def test_adz_r10_v16_spell_counts_all_successes() -> None:
    """ADZ-R10 step 2, V16: A threshold 2 with 4 vs B threshold 1 with 3: A wins."""
    assert opposed(out(4, 2), out(3, 1), Initiator.SECOND) == F


def test_adz_a06_both_failed() -> None:
    """ADZ-R10 step 4, A06: both fail gives BOTH_FAILED."""
    assert opposed(out(1, 2), out(0), Initiator.NONE) == B


def test_adz_r10_with_check_results() -> None:
    """ADZ-R10: opposed accepts check results; an impossible check counts as failed."""
    a = adz_check(dice=2, minimum=3).resolve(ScriptedRng([]))
    b = adz_check(dice=1).resolve(ScriptedRng([5]))
    assert opposed(a, b, Initiator.FIRST) == S
    with pytest.raises(ContestError) as err:
        opposed("x", b, Initiator.FIRST)  # type: ignore[arg-type]
    assert str(err.value) == "first must be an Outcome or a CheckResult, got 'x'"


@pytest.mark.parametrize(
    ("na", "nb", "first", "second", "both"),
    [
        (1, 1, Fraction(1, 3), Fraction(2, 9), Fraction(4, 9)),
        (2, 1, Fraction(11, 27) + Fraction(4, 27), Fraction(4, 27), Fraction(8, 27)),
        (2, 2, Fraction(8, 27) + Fraction(17, 81), Fraction(8, 27), Fraction(16, 81)),
    ],
)
def test_adz_r10_spec_contest_odds(
    na: int, nb: int, first: Fraction, second: Fraction, both: Fraction
) -> None:
    """ADZ §5: opposed 1v1, 2v1, 2v2 (A is the initiator)."""
    adz = ADZ
    a = build_check(adz, "check", dice=na)
    b = build_check(adz, "check", dice=nb)
    odds = contest_odds(adz, a, b)
    assert odds[F] == first
    assert odds[S] == second
    assert odds[B] == both
    assert odds == opposed_odds(a, b, Initiator.FIRST)


def test_adz_r10_contest_odds_match_enumeration() -> None:
    """ADZ-R10: exact contest odds equal enumeration (3 vs 2 dice, thresholds 2/1)."""
    a, b = adz_check(dice=3, minimum=2), adz_check(dice=2)
    counts: dict[ContestOutcome, int] = {}
    for faces in itertools.product(range(1, 7), repeat=5):
        ra = count_successes(faces[:3])
        rb = count_successes(faces[3:])
        res = opposed(out(ra, 2), out(rb, 1), Initiator.NONE)
        counts[res] = counts.get(res, 0) + 1
    odds = opposed_odds(a, b, Initiator.NONE)
    assert {k: Fraction(v, 6**5) for k, v in counts.items()} == dict(odds.items())


@given(
    na=st.integers(0, 6),
    nb=st.integers(0, 6),
    ta=st.integers(1, 4),
    tb=st.integers(1, 4),
)
def test_adz_r10_invariant_equivalent_actions_symmetric(
    na: int, nb: int, ta: int, tb: int
) -> None:
    """ADZ §4: with initiator None, swapping A and B swaps the winner."""
    a, b = adz_check(dice=na, minimum=ta), adz_check(dice=nb, minimum=tb)
    ab = opposed_odds(a, b, Initiator.NONE)
    ba = opposed_odds(b, a, Initiator.NONE)
    assert ab[F] == ba[S]
    assert ab[T] == ba[T]
    assert ab[B] == ba[B]
    assert sum(p for _, p in ab.items()) == 1


def test_adz_contest_symmetry_declared() -> None:
    """ADZ-R10: the default contest (initiator wins ties) is declared asymmetric."""
    assert ADZ.checks()[0].contest_symmetric is False
    assert adz_ruleset(equivalent_actions=True).checks()[0].contest_symmetric is True


def test_adz_a07_initiator_must_be_named() -> None:
    """ADZ-A07: the caller passes the initiator explicitly; no default."""
    with pytest.raises(TypeError):
        opposed(out(1), out(1))  # type: ignore[call-arg]
    with pytest.raises(ParameterError) as err:
        opposed(out(1), out(1), "first")  # type: ignore[arg-type]
    assert str(err.value) == "initiator must be an Initiator, got 'first'"
