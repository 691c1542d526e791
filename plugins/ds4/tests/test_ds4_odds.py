"""DS4 exact odds: the spec's probabilities (Section 5) and brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rollwerk import ContestOutcome, Degree, Outcome, ScriptedRng, contest_odds
from rollwerk_ds4 import (
    RULESET,
    assign_dice,
    check_weights,
    fixed_assignment_weights,
    slot_value,
    sub_checks,
)
from rollwerk_ds4 import (
    attack as ds4_attack,
)
from rollwerk_ds4 import (
    check as ds4_check,
)


def brute_force(
    pw: int, assignment: tuple[int, ...] | None = None
) -> dict[tuple[Degree, int], int]:
    """Enumerate all 20**k face combinations (small k only)."""
    slots = sub_checks(pw)
    k = len(slots)
    out: dict[tuple[Degree, int], int] = {}
    for dice in itertools.product(range(1, 21), repeat=k):
        if dice[0] == 20:
            key = (Degree.CRITICAL_FAILURE, 0)
        elif k == 1:
            d = dice[0]
            if d == 1:
                key = (Degree.CRITICAL_SUCCESS, max(pw, 1))
            elif d <= pw:
                key = (Degree.SUCCESS, d)
            else:
                key = (Degree.FAILURE, 0)
        else:
            if assignment is None:
                value = max(
                    sum(
                        slot_value(d, slots[s]) for d, s in zip(dice, perm, strict=True)
                    )
                    for perm in itertools.permutations(range(k))
                )
            else:
                value = assign_dice(pw, dice, assignment).result
            key = (Degree.CRITICAL_SUCCESS if dice[0] == 1 else Degree.SUCCESS, value)
        out[key] = out.get(key, 0) + 1
    return out


@pytest.mark.parametrize(
    ("pw", "p_success", "mean", "p_max"),
    [
        (0, Fraction(1, 20), Fraction(1, 20), None),
        (-5, Fraction(1, 20), Fraction(1, 20), None),
        (10, Fraction(1, 2), Fraction(16, 5), Fraction(1, 10)),
        (12, Fraction(3, 5), Fraction(89, 20), Fraction(1, 10)),
        (15, Fraction(3, 4), Fraction(67, 10), Fraction(1, 10)),
        (19, Fraction(19, 20), Fraction(52, 5), Fraction(1, 10)),
        (20, Fraction(19, 20), Fraction(209, 20), Fraction(1, 20)),
        (21, Fraction(19, 20), Fraction(5493, 400), Fraction(1, 200)),
        (25, Fraction(19, 20), Fraction(6001, 400), Fraction(1, 80)),
        (40, Fraction(19, 20), Fraction(8531, 400), Fraction(1, 200)),
        (44, Fraction(19, 20), Fraction(10881, 400), Fraction(3, 2000)),
    ],
)
def test_ds4_section5_exact_probabilities(
    pw: int, p_success: Fraction, mean: Fraction, p_max: Fraction | None
) -> None:
    """DS4-R02/R05/R07: P(success), E[R] and P(result = pw) of Section 5."""
    dist = ds4_check(pw).outcomes()
    assert dist.probability(lambda o: o.success) == p_success
    assert dist.map(lambda o: o.value or 0).mean() == mean
    if p_max is not None:
        assert dist.probability(lambda o: o.value == pw) == p_max


def test_ds4_r02_distribution_of_pw_12_exactly() -> None:
    """DS4-R02: PW 12 — fumble, failures, successes 2..12 and the coup."""
    dist = ds4_check(12).outcomes()
    assert dist[Outcome(False, Degree.CRITICAL_FAILURE, 0)] == Fraction(1, 20)
    assert dist[Outcome(False, Degree.FAILURE, 0)] == Fraction(7, 20)
    assert dist[Outcome(True, Degree.CRITICAL_SUCCESS, 12)] == Fraction(1, 20)
    assert dist[Outcome(True, Degree.SUCCESS, 7)] == Fraction(1, 20)
    assert len(dist) == 14


@given(pw=st.integers(-20, 100))
def test_ds4_invariants_success_fumble_coup(pw: int) -> None:
    """Invariants: P(success) = clamp(pw,1,19)/20; P(fumble) = P(coup) = 1/20."""
    dist = ds4_check(pw).outcomes()
    assert sum(p for _, p in dist.items()) == 1
    assert dist.probability(lambda o: o.success) == Fraction(min(max(pw, 1), 19), 20)
    assert dist.probability(lambda o: o.degree is Degree.CRITICAL_FAILURE) == Fraction(
        1, 20
    )
    assert dist.probability(lambda o: o.degree is Degree.CRITICAL_SUCCESS) == Fraction(
        1, 20
    )
    for outcome in dist.support:
        if outcome.success:
            assert outcome.value is not None
            assert 1 <= outcome.value <= max(pw, 1)
        else:
            assert outcome.value == 0


@settings(max_examples=12)
@given(pw=st.integers(-5, 60))
@example(pw=40)
@example(pw=60)
@example(pw=59)
def test_ds4_r07_closed_form_equals_brute_force(pw: int) -> None:
    """DS4-R07: the closed form equals enumeration of every die combination."""
    assert dict(check_weights(pw)) == brute_force(pw)


@settings(max_examples=10)
@given(pw=st.integers(21, 60), data=st.data())
def test_ds4_r06_fixed_assignment_equals_brute_force(
    pw: int, data: st.DataObject
) -> None:
    """DS4-R06: odds with an explicit assignment equal enumeration."""
    k = len(sub_checks(pw))
    perm = tuple(data.draw(st.permutations(list(range(k)))))
    assert dict(fixed_assignment_weights(pw, perm)) == brute_force(pw, perm)
    if pw % 20:
        rest = perm.index(k - 1) + 1
        dist = ds4_check(pw, rest_die=rest).outcomes()
        assert dist == ds4_check(pw, rest_die=rest).outcomes()
        fixed = dict(fixed_assignment_weights(pw, perm))
        assert dist.probability(lambda o: o.value == pw) == Fraction(
            sum(w for (_, v), w in fixed.items() if v == pw), 20**k
        )


def test_ds4_r07_large_pw_totals() -> None:
    """DS4-R05: PW 100 (five d20) and PW 99 are exact distributions."""
    for pw in (64, 84, 99, 100):
        weights = check_weights(pw)
        assert sum(w for _, w in weights) == 20 ** len(sub_checks(pw))
    dist = ds4_check(100).outcomes()
    # only a first-die coup and 1s or 20s on the four later dice reach 100
    assert (
        dist.probability(lambda o: o.value == 100)
        == Fraction(1, 20) * Fraction(2, 20) ** 4
    )


def test_ds4_r05_need_result_false_odds() -> None:
    """DS4-R05: the single-die pass/fail roll has the same 19/20, 1/20, 1/20."""
    dist = ds4_check(60, need_result=False).outcomes()
    assert dist.probability(lambda o: o.success) == Fraction(19, 20)
    assert dist[Outcome(True, Degree.CRITICAL_SUCCESS, None)] == Fraction(1, 20)
    assert dist[Outcome(False, Degree.CRITICAL_FAILURE, 0)] == Fraction(1, 20)


F = Fraction


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (10, 12, (F(127, 400), F(23, 50), F(1, 5), F(9, 400))),
        (10, 10, (F(29, 80), F(29, 80), F(1, 4), F(1, 40))),
        (5, 15, (F(9, 80), F(69, 100), F(3, 16), F(1, 100))),
    ],
)
def test_ds4_r09_opposed_one_round(
    a: int, b: int, expected: tuple[Fraction, Fraction, Fraction, Fraction]
) -> None:
    """DS4-R09: one round of an opposed check, exact (Section 5)."""
    rs = RULESET
    odds = contest_odds(rs, ds4_check(a), ds4_check(b))
    got = tuple(
        odds[c]
        for c in (
            ContestOutcome.FIRST,
            ContestOutcome.SECOND,
            ContestOutcome.REROLL,
            ContestOutcome.TIE,
        )
    )
    assert got == expected


def test_ds4_r09_rerolling_until_a_winner() -> None:
    """DS4-R09: rerolling until a winner: 10 vs 12 → 127/311; 5 vs 15 → 15/107."""
    rs = RULESET
    for a, b, expected in ((10, 12, Fraction(127, 311)), (5, 15, Fraction(15, 107))):
        odds = contest_odds(rs, ds4_check(a), ds4_check(b))
        wins = odds[ContestOutcome.FIRST]
        assert wins / (wins + odds[ContestOutcome.SECOND]) == expected


def test_ds4_r14_schlagen_12_against_abwehr_15() -> None:
    """DS4-R14: Schlagen 12 vs Abwehr 15: P(damage > 0) = 5/16, E = 9/5."""
    attack = ds4_attack(attack=12, defense=15)
    damage = attack.outcomes().map(lambda o: o.value or 0)
    assert damage.probability(lambda d: d > 0) == Fraction(5, 16)
    assert damage.mean() == Fraction(9, 5)
    assert attack.outcomes().map(lambda o: o.value or 0).mean() == Fraction(9, 5)


@settings(max_examples=10)
@given(pw=st.integers(-5, 60))
@example(pw=20)
@example(pw=40)
@example(pw=41)
def test_ds4_a10_fumbles_excluded_weights(pw: int) -> None:
    """DS4-A10: with fumbles excluded a first-die 20 is an ordinary value."""
    slots = sub_checks(pw)
    k = len(slots)
    expected: dict[tuple[Degree, int], int] = {}
    for dice in itertools.product(range(1, 21), repeat=k):
        if k == 1:
            d = dice[0]
            if d == 1:
                key = (Degree.CRITICAL_SUCCESS, max(pw, 1))
            elif d <= pw:
                key = (Degree.SUCCESS, d)
            else:
                key = (Degree.FAILURE, 0)
        else:
            degree = Degree.CRITICAL_SUCCESS if dice[0] == 1 else Degree.SUCCESS
            result = assign_dice(pw, dice, fumbles_excluded=True).result
            key = (degree, result)
        expected[key] = expected.get(key, 0) + 1
    assert dict(check_weights(pw, fumbles_excluded=True)) == expected


def _min_loss_reference(
    pw: int, fumbles_excluded: bool = False
) -> dict[tuple[Degree, int], int]:
    """DS4-R07 by a plain dynamic program over (Σ v20, min loss) of the dice."""
    k = len(sub_checks(pw))
    r = pw % 20

    def loss(d: int) -> int:
        if r == 0:
            return 0
        if d == 1:
            return 20 - r
        return 0 if d <= r else d

    def v20(d: int) -> int:
        return 20 if d == 1 else d

    states: dict[tuple[int, int], int] = {(0, 99): 1}
    for _ in range(k - 1):
        nxt: dict[tuple[int, int], int] = {}
        for (total, low), c in states.items():
            for d in range(1, 21):
                key = (total + v20(d), min(low, loss(d)))
                nxt[key] = nxt.get(key, 0) + c
        states = nxt
    out: dict[tuple[Degree, int], int] = {}
    if not fumbles_excluded:
        out[(Degree.CRITICAL_FAILURE, 0)] = 20 ** (k - 1)
    for first in range(1, 21 if fumbles_excluded else 20):
        degree = Degree.CRITICAL_SUCCESS if first == 1 else Degree.SUCCESS
        for (total, low), c in states.items():
            key = (degree, total + v20(first) - min(low, loss(first)))
            out[key] = out.get(key, 0) + c
    return out


@pytest.mark.parametrize("pw", [300, 345, 360, 399])
def test_ds4_r07_exact_odds_beyond_fourteen_dice(pw: int) -> None:
    """DS4-R05/R07: PW from 340 (17 d20) on was wrong (64-bit packing carried)."""
    for excluded in (False, True):
        got = dict(check_weights(pw, fumbles_excluded=excluded))
        assert got == _min_loss_reference(pw, excluded)


def test_ds4_r06_fixed_assignment_beyond_fourteen_dice() -> None:
    """DS4-R06: explicit assignments stay exact for the API's largest PW (50 d20)."""
    pw = 999
    k = len(sub_checks(pw))
    perm = (k - 1, *range(k - 1))  # the first die on the remainder sub-check
    got = dict(fixed_assignment_weights(pw, perm))
    assert sum(got.values()) == 20**k
    later: dict[int, int] = {0: 1}
    for _ in range(k - 1):
        step: dict[int, int] = {}
        for total, c in later.items():
            for d in range(1, 21):
                step[total + slot_value(d, 20)] = (
                    step.get(total + slot_value(d, 20), 0) + c
                )
        later = step
    expected: dict[tuple[Degree, int], int] = {
        (Degree.CRITICAL_FAILURE, 0): 20 ** (k - 1)
    }
    for first in range(1, 20):
        degree = Degree.CRITICAL_SUCCESS if first == 1 else Degree.SUCCESS
        for total, c in later.items():
            key = (degree, total + slot_value(first, 19))
            expected[key] = expected.get(key, 0) + c
    assert got == expected
    assert ds4_check(1000).outcomes().probability(lambda o: o.success) == Fraction(
        19, 20
    )


@pytest.mark.parametrize(
    ("attack", "defense", "ga", "undefendable", "helpless"),
    [
        (12, 15, 0, False, False),
        (25, 15, 0, False, False),  # attack above 20
        (12, 25, 0, False, False),  # Abwehr above 20 (DS4-A07)
        (12, 30, 5, False, False),  # GA lowers the Abwehr to 25
        (25, 22, 2, False, False),  # GA lowers the Abwehr to 20: one die
        (0, 10, 0, False, False),  # only a coup hits, for 1
        (25, 0, 0, True, False),  # undefendable
        (12, 15, 3, False, True),  # helpless: double, Abwehr without PA
        (30, -3, 0, False, True),
    ],
)
def test_ds4_r14_r15_r33_attack_damage_equals_enumeration(
    attack: int, defense: int, ga: int, undefendable: bool, helpless: bool
) -> None:
    """DS4-R14/R15/R33, DS4-A06/A07: the damage distribution equals enumeration.

    Every attack die combination, and on a hit every Abwehr die combination
    at ``defense − GA``, is resolved through the rolling code.
    """
    check = ds4_attack(attack, defense, ga, undefendable, helpless)
    k_att = len(sub_checks(attack))
    k_def = len(sub_checks(defense - ga))
    counts: dict[Outcome, int] = {}
    for att in itertools.product(range(1, 21), repeat=k_att):
        for dfn in itertools.product(range(1, 21), repeat=k_def):
            result = check.resolve(ScriptedRng([*att, *dfn]))
            counts[result.outcome()] = counts.get(result.outcome(), 0) + 1
    total = 20 ** (k_att + k_def)
    expected = {o: Fraction(c, total) for o, c in counts.items()}
    assert dict(check.outcomes().items()) == expected
