"""Exact Fluid odds: spec section 5 and the invariants of section 4."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Check, Degree, Distribution, Outcome
from rollwerk.checks import FaceCheck
from rollwerk_fluid import (
    FluidOutcome,
    Reward,
    effective_chance,
    fluid_check,
    overflow,
)
from rollwerk_fluid import chance as chance_of

F = Fraction


def check_at(chance: int, **kw: object) -> FaceCheck:
    """A check whose chance is ``chance`` (attribute up to 20, then modifier)."""
    attribute = min(max(chance, 0), 20)
    return fluid_check(attribute=attribute, modifier=chance - attribute, **kw)  # type: ignore[arg-type]


def p_success(check: Check) -> Fraction:
    return check.outcomes().probability(lambda o: o.success)


def p_kind(dist: Distribution[Outcome], kind: FluidOutcome) -> Fraction:
    return dist.probability(lambda o: FluidOutcome.of(o) is kind)


def expected_quality(dist: Distribution[Outcome]) -> Fraction:
    return sum((p * (o.value or 0) for o, p in dist.items()), F(0))


# Spec section 5: C, P(success), P(critical), P(fumble), E[Q·1{success}],
# E[Q | success].
TABLE = [
    (0, F(0), F(0), F(0), F(0), None),
    (-4, F(0), F(0), F(0), F(0), None),
    (1, F(1, 20), F(1, 20), F(1, 20), F(1, 10), F(2)),
    (2, F(3, 20), F(1, 20), F(1, 20), F(3, 10), F(2)),
    (5, F(9, 20), F(1, 20), F(1, 20), F(3, 2), F(10, 3)),
    (7, F(13, 20), F(1, 20), F(1, 20), F(14, 5), F(56, 13)),
    (10, F(19, 20), F(1, 20), F(1, 20), F(11, 2), F(110, 19)),
    (13, F(19, 20), F(1, 20), F(1, 20), F(17, 2), F(170, 19)),
]


@pytest.mark.parametrize("row", TABLE, ids=[f"C={row[0]}" for row in TABLE])
def test_spec_5_exact_probabilities(
    row: tuple[int, Fraction, Fraction, Fraction, Fraction, Fraction | None],
) -> None:
    """Spec §5 (FL-R03–FL-R06): success, critical, fumble and quality odds."""
    chance, success, crit, fumble, eq, cond = row
    dist = check_at(chance).outcomes()
    assert dist.probability(lambda o: o.success) == success
    assert p_kind(dist, FluidOutcome.CRITICAL) == crit
    assert p_kind(dist, FluidOutcome.FUMBLE) == fumble
    assert expected_quality(dist) == eq
    if cond is None:
        assert p_kind(dist, FluidOutcome.NO_ROLL) == 1
    else:
        assert dist.condition(lambda o: o.success).map(lambda o: o.value).mean() == (
            cond
        )


def test_spec_5_handicap_six_at_fourteen() -> None:
    """Spec §5 (FL-R09): C 14, h 6, reward (a): P(success) 3/4, Q 8..14 each 1/10,
    critical Q 14 with 1/20."""
    dist = fluid_check(attribute=14, handicap=6).outcomes()
    assert dist.probability(lambda o: o.success) == F(3, 4)
    plain = dist.condition(lambda o: FluidOutcome.of(o) is FluidOutcome.SUCCESS)
    assert {o.value for o in plain.support} == set(range(8, 15))
    for o, p in plain.items():
        assert p * dist.probability(lambda x: x in plain) == F(1, 10), o
    crits = [
        (o.value, p)
        for o, p in dist.items()
        if FluidOutcome.of(o) is FluidOutcome.CRITICAL
    ]
    assert crits == [(14, F(1, 20))]


def test_outcomes_are_a_distribution_over_twenty_units() -> None:
    """FL-R04/FL-R06: probabilities are multiples of 1/20 and sum to 1."""
    for chance in range(-3, 25):
        dist = check_at(chance).outcomes()
        assert sum(p for _, p in dist.items()) == 1
        assert all((p * 20).denominator == 1 for _, p in dist.items())


# -- section 4 invariants ----------------------------------------------------

chances = st.integers(min_value=-20, max_value=60)


@given(chances)
def test_inv_success_formula_and_monotone(chance: int) -> None:
    """§4: P(success) is 0 for C ≤ 0, (2C − 1)/20 up to 10, 19/20 above;
    non-decreasing in C."""
    p = p_success(check_at(chance))
    if chance <= 0:
        assert p == 0
    elif chance <= 10:
        assert p == F(2 * chance - 1, 20)
    else:
        assert p == F(19, 20)
    assert p_success(check_at(chance + 1)) >= p


@given(chances)
def test_inv_critical_and_fumble_one_in_twenty(chance: int) -> None:
    """§4 (FL-R06): whenever a roll is made, P(critical) = P(fumble) = 1/20."""
    dist = check_at(chance).outcomes()
    expected = F(1, 20) if chance > 0 else F(0)
    assert p_kind(dist, FluidOutcome.CRITICAL) == expected
    assert p_kind(dist, FluidOutcome.FUMBLE) == expected


@given(chances, st.integers(min_value=0, max_value=30), st.booleans())
def test_inv_quality_bounds(chance: int, h: int, reward_a: bool) -> None:
    """§4 (FL-R05, FL-R06): every success has Q ≥ 2; bounds on a plain success;
    a critical has Q = 2 × (1 + overflow + h_q)."""
    if h and chance - h <= 0:
        return
    reward = Reward.QUALITY if reward_a else Reward.OWN_CHECK
    check = check_at(chance, handicap=h, reward=reward)
    c_eff = effective_chance(check)
    hq = h if reward_a else 0
    for o in check.outcomes().support:
        kind = FluidOutcome.of(o)
        if not o.success:
            assert o.value is None
            continue
        assert o.value is not None
        assert o.value >= 2
        if kind is FluidOutcome.CRITICAL:
            assert o.value == 2 * (1 + overflow(c_eff) + hq)
        else:
            low = 2 + overflow(c_eff)
            high = min(c_eff, 10) + overflow(c_eff)
            assert low <= o.value - hq <= high
    if c_eff == 1:
        assert p_kind(check.outcomes(), FluidOutcome.SUCCESS) == 0


@given(st.integers(min_value=10, max_value=60))
def test_inv_failure_iff_fumble_above_ten(chance: int) -> None:
    """§4 (FL-A01): for C_eff ≥ 10 a check fails only by a fumble."""
    dist = check_at(chance).outcomes()
    failures = dist.condition(lambda o: not o.success)
    assert {FluidOutcome.of(o) for o in failures.support} == {FluidOutcome.FUMBLE}


@given(st.integers(min_value=10, max_value=60), st.data())
def test_inv_self_handicap_neutrality(chance: int, data: st.DataObject) -> None:
    """§4 (FL-R09, FL-A02): for 0 ≤ h ≤ C − 10 with reward (a) the joint
    distribution of (outcome, Q) equals the one without handicap."""
    h = data.draw(st.integers(min_value=0, max_value=chance - 10))
    equipment = data.draw(st.integers(min_value=0, max_value=5))
    plain = check_at(chance, equipment=equipment).outcomes()
    assert check_at(chance, handicap=h, equipment=equipment).outcomes() == plain


@pytest.mark.parametrize("chance", range(10, 25))
def test_inv_self_handicap_neutrality_enumerated(chance: int) -> None:
    """§4: neutrality verified for C = 10..24 and every h up to the overflow."""
    plain = check_at(chance).outcomes()
    for h in range(chance - 10 + 1):
        assert check_at(chance, handicap=h).outcomes() == plain


@given(st.integers(min_value=2, max_value=40), st.data())
def test_inv_handicap_beyond_overflow_costs_success(
    chance: int, data: st.DataObject
) -> None:
    """§4: for h > C − 10 the success chance strictly drops and the possible
    qualities shift up."""
    low = max(1, chance - 9)
    if low > chance - 1:
        return
    h = data.draw(st.integers(min_value=low, max_value=chance - 1))
    plain = check_at(chance)
    hard = check_at(chance, handicap=h)
    assert p_success(hard) < p_success(plain)

    def lowest_plain_quality(check: FaceCheck) -> int:
        values = [
            o.value
            for o in check.outcomes().support
            if FluidOutcome.of(o) is FluidOutcome.SUCCESS and o.value is not None
        ]
        return min(values) if values else 10**6

    assert lowest_plain_quality(hard) >= lowest_plain_quality(plain)


@given(
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=-30, max_value=30),
)
def test_declared_monotonicity_holds(attribute: int, trait: int, modifier: int) -> None:
    """FL-R01: attribute, trait and modifier are declared INCREASING, handicap and
    repetition DECREASING; check them with exact odds."""
    base = fluid_check(attribute=attribute, trait=trait, modifier=modifier)
    p = p_success(base)
    if attribute < 20:
        assert (
            p_success(
                fluid_check(attribute=attribute + 1, trait=trait, modifier=modifier)
            )
            >= p
        )
    if trait < 20:
        assert (
            p_success(
                fluid_check(attribute=attribute, trait=trait + 1, modifier=modifier)
            )
            >= p
        )
    if modifier < 30:
        assert (
            p_success(
                fluid_check(attribute=attribute, trait=trait, modifier=modifier + 1)
            )
            >= p
        )
    assert (
        p_success(
            fluid_check(
                attribute=attribute, trait=trait, modifier=modifier, repetition=1
            )
        )
        <= p
    )
    if chance_of(base) > 1:
        assert (
            p_success(
                fluid_check(
                    attribute=attribute, trait=trait, modifier=modifier, handicap=1
                )
            )
            <= p
        )


def test_success_quality_table_by_chance() -> None:
    """The table on the docs page: P(success) and E[Q | success] by chance."""
    rows = []
    for chance in range(1, 16):
        dist = check_at(chance).outcomes()
        ok = dist.condition(lambda o: o.success).map(lambda o: o.value)
        rows.append((chance, dist.probability(lambda o: o.success), ok.mean()))
    assert rows[0] == (1, F(1, 20), F(2))
    assert rows[9] == (10, F(19, 20), F(110, 19))
    assert rows[14] == (15, F(19, 20), F(210, 19))


def closed_form(
    c_eff: int, bonus: int, equipment: int, double: bool
) -> Distribution[Outcome]:
    """The closed form the hand-written check used before the toolkit port:
    the ten faces of the check die, the fate die by its two halves (FL-R03–R08)."""
    plain = {"side_effect": False}
    if c_eff <= 0:
        return Distribution.constant(
            Outcome(False, Degree.FAILURE, None, rolled=False, extras=plain)
        )
    base = overflow(c_eff) + bonus
    probs: dict[Outcome, Fraction] = {}
    for die in range(2, 11):
        if die <= c_eff:
            o = Outcome(True, Degree.SUCCESS, die + base + equipment, extras=plain)
        else:
            o = Outcome(False, Degree.FAILURE, None, extras=plain)
        probs[o] = probs.get(o, F(0)) + F(1, 10)
    crit = (2 if double else 1) * (1 + base) + equipment
    probs[Outcome(True, Degree.CRITICAL_SUCCESS, crit, extras=plain)] = F(1, 20)
    fumble = Outcome(False, Degree.CRITICAL_FAILURE, None, extras={"side_effect": True})
    probs[fumble] = F(1, 20)
    return Distribution(probs)


@given(
    st.tuples(
        st.integers(min_value=-5, max_value=20),
        st.integers(min_value=0, max_value=6),
        st.sampled_from(list(Reward)),
        st.integers(min_value=0, max_value=3),
        st.integers(min_value=0, max_value=2),
        st.booleans(),
    )
)
def test_enumerated_odds_equal_the_former_closed_form(
    case: tuple[int, int, Reward, int, int, bool],
) -> None:
    """Port check (issue 22): enumerating the judge over the check die and the
    fate die drawn after a 1 gives exactly the former hand-written closed form."""
    attribute, handicap, reward, equipment, repetition, double = case
    c = max(attribute, 0) - 3 * repetition
    if handicap and c - handicap <= 0:
        return
    check = fluid_check(
        attribute=max(attribute, 0),
        modifier=min(attribute, 0),
        handicap=handicap,
        reward=reward,
        equipment=equipment,
        repetition=repetition,
        double_critical=double,
    )
    bonus = handicap if reward is Reward.QUALITY else 0
    assert check.outcomes() == closed_form(
        effective_chance(check), bonus, equipment, double
    )
