"""Exact Fluid odds: spec section 5 and the invariants of section 4."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Distribution, Outcome
from rollwerk_fluid import FluidCheck, FluidOutcome, Reward, overflow

F = Fraction


def check_at(chance: int, **kw: object) -> FluidCheck:
    """A check whose chance is ``chance`` (attribute up to 20, then modifier)."""
    attribute = min(max(chance, 0), 20)
    return FluidCheck(attribute=attribute, modifier=chance - attribute, **kw)  # type: ignore[arg-type]


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
    dist = FluidCheck(attribute=14, handicap=6).outcomes()
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
    p = check_at(chance).success_probability()
    if chance <= 0:
        assert p == 0
    elif chance <= 10:
        assert p == F(2 * chance - 1, 20)
    else:
        assert p == F(19, 20)
    assert check_at(chance + 1).success_probability() >= p


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
    c_eff = check.effective_chance
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
    assert hard.success_probability() < plain.success_probability()

    def lowest_plain_quality(check: FluidCheck) -> int:
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
    base = FluidCheck(attribute=attribute, trait=trait, modifier=modifier)
    p = base.success_probability()
    if attribute < 20:
        assert (
            FluidCheck(
                attribute=attribute + 1, trait=trait, modifier=modifier
            ).success_probability()
            >= p
        )
    if trait < 20:
        assert (
            FluidCheck(
                attribute=attribute, trait=trait + 1, modifier=modifier
            ).success_probability()
            >= p
        )
    if modifier < 30:
        assert (
            FluidCheck(
                attribute=attribute, trait=trait, modifier=modifier + 1
            ).success_probability()
            >= p
        )
    assert (
        FluidCheck(
            attribute=attribute, trait=trait, modifier=modifier, repetition=1
        ).success_probability()
        <= p
    )
    if base.chance > 1:
        assert (
            FluidCheck(
                attribute=attribute, trait=trait, modifier=modifier, handicap=1
            ).success_probability()
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
