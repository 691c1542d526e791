"""Fluid rerolls: FL-R11 (mana), FL-R12 (free repetition), FL-A09, FL-A11,
vectors V20 and V21, spec §5 reroll odds."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk
from rollwerk import (
    CheckResult,
    Outcome,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
)
from rollwerk.dice import DieRoll
from rollwerk.errors import ScriptExhausted
from rollwerk_fluid import (
    FLUID,
    Die,
    FluidOutcome,
    Policy,
    RerollCheck,
    fluid_check,
    reroll,
)

F = Fraction


# -- interactive rerolls (reroll) ----------------------------------------------


def test_v20_fl_r11_reroll_check_die_for_one_mana() -> None:
    """V20 (FL-R11): C 6, d 9 fails; 1 mana, new d 4 → success Q 4, mana −1."""
    check = fluid_check(attribute=4, trait=2)
    rng = ScriptedRng([9, 4])
    first = check.resolve(rng)
    assert FluidOutcome.of(first) is FluidOutcome.FAILURE
    second, mana = reroll(check, first, rng, mana=3)
    assert mana == 2
    assert (FluidOutcome.of(second), second.value) == (FluidOutcome.SUCCESS, 4)
    assert second.rolls == (DieRoll(10, 9, "check"), DieRoll(10, 4, "check reroll"))
    assert second.explain() == (
        "1 mana: check die rerolled; chance 6 (attribute 4 + trait 2): rolled 4 ≤ 6: "
        "success, quality 4"
    )
    assert second.explain("de").startswith("1 Mana: Probenwurf wiederholt; ")
    assert second.outcome() in check.outcomes().support


def test_v21_fl_r11_reroll_fate_die() -> None:
    """V21 (FL-R11, FL-A09): C 6, d 1, fate 8; 1 mana on the fate die, 2 →
    critical Q 2."""
    check = fluid_check(attribute=6)
    rng = ScriptedRng([1, 8, 2])
    first = check.resolve(rng)
    assert FluidOutcome.of(first) is FluidOutcome.FUMBLE
    second, mana = reroll(check, first, rng, mana=1, die="fate")
    assert mana == 0
    assert (FluidOutcome.of(second), second.value) == (FluidOutcome.CRITICAL, 2)
    assert [r.role for r in second.rolls] == ["check", "fate", "fate reroll"]


def test_fl_r11_check_die_reroll_discards_fate_roll() -> None:
    """FL-R11, FL-A09: rerolling the check die removes the old fate roll."""
    check = fluid_check(attribute=6)
    rng = ScriptedRng([1, 8, 5])
    fumble = check.resolve(rng)
    again, _ = reroll(check, fumble, rng, mana=1, die=Die.CHECK)
    assert (FluidOutcome.of(again), again.value) == (FluidOutcome.SUCCESS, 5)
    rng = ScriptedRng([7, 1, 3])
    fail = check.resolve(rng)
    crit, _ = reroll(check, fail, rng, mana=1)
    assert (FluidOutcome.of(crit), crit.value) == (FluidOutcome.CRITICAL, 2)
    assert [r.role for r in crit.rolls] == ["check", "check reroll", "fate"]


def test_fl_a09_successes_may_be_rerolled_as_often_as_mana_lasts() -> None:
    """FL-A09: a success may be rerolled to chase quality; the new face stands
    even if worse; any number of times while mana lasts."""
    check = fluid_check(attribute=8)
    rng = ScriptedRng([3, 7, 9])
    r = check.resolve(rng)
    mana = 2
    r, mana = reroll(check, r, rng, mana=mana)
    assert (r.value, mana) == (7, 1)
    r, mana = reroll(check, r, rng, mana=mana)
    assert (r.success, mana) == (False, 0)
    with pytest.raises(ParameterError) as info:
        reroll(check, r, rng, mana=mana)
    assert str(info.value) == "mana must be an integer >= 1 to pay for a reroll, got 0"


def test_fl_r11_reroll_errors() -> None:
    check = fluid_check(attribute=6)
    plain = check.resolve(ScriptedRng([4]))
    with pytest.raises(ParameterError) as info:
        reroll(check, plain, ScriptedRng([1]), mana=1, die="fate")
    assert str(info.value) == (
        "die must be 'check' (there is no fate roll to reroll), got 'fate'"
    )
    with pytest.raises(ParameterError) as info:
        reroll(check, plain, ScriptedRng([1]), mana=1, die="other")
    assert str(info.value) == "die must be 'check' or 'fate', got 'other'"
    none = fluid_check(attribute=0)
    with pytest.raises(RulesError) as rinfo:
        reroll(none, none.resolve(ScriptedRng([])), ScriptedRng([1]), mana=1)
    assert str(rinfo.value) == (
        "a check that was not rolled (chance 0 or less) has no die to reroll"
    )


def test_fl_r11_interactive_rerolls_replay() -> None:
    """FL-R11: the trace holds every die in draw order; the same calls with a
    ScriptedRng of those faces replay the result."""
    check = fluid_check(attribute=5, equipment=1)
    rng = SeededRng(7)
    r = check.resolve(rng)
    r, _ = reroll(check, r, rng, mana=2)
    replay = ScriptedRng([d.face for d in r.rolls])
    again = check.resolve(replay)
    again, _ = reroll(check, again, replay, mana=2)
    assert again == r
    assert replay.remaining == 0
    assert CheckResult.from_json(r.to_json()) == r


# -- policy check (RerollCheck) -------------------------------------------------


def test_spec_5_one_mana_on_the_check_die() -> None:
    """Spec §5 (FL-R11): C 5, one mana on the check die after a failure:
    1 − (11/20)² = 279/400."""
    check = rollwerk.build_check(FLUID, "rerolls", attribute=5, mana=1, policy="check")
    assert isinstance(check, RerollCheck)
    assert check.success_probability() == F(279, 400)


def test_spec_5_fate_die_after_a_fumble() -> None:
    """Spec §5 (FL-R11, FL-A09): rerolling the fate die after a fumble gives
    9/20 + (1/2)(9/20) + (1/20)(1/2) = 7/10."""
    check = rollwerk.build_check(FLUID, "rerolls", attribute=5, mana=1, policy="fate")
    assert check.outcomes().probability(lambda o: o.success) == F(7, 10)
    best = rollwerk.build_check(FLUID, "rerolls", attribute=5, mana=1, policy="best")
    assert best.outcomes() == check.outcomes()


def test_fl_r11_best_policy_prefers_check_die_when_chance_is_high() -> None:
    """FL-R11: at C ≥ 6 the check die (≥ 11/20) beats the fate die (1/2)."""
    best = RerollCheck(fluid_check(attribute=8), mana=1, policy=Policy.BEST)
    check = RerollCheck(fluid_check(attribute=8), mana=1, policy=Policy.CHECK)
    fate = RerollCheck(fluid_check(attribute=8), mana=1, policy=Policy.FATE)
    assert best.outcomes() == check.outcomes()
    assert check.success_probability() == 1 - F(1, 4) ** 2
    assert fate.success_probability() == F(3, 4) + F(1, 5) * F(3, 4) + F(1, 40)
    assert check.success_probability() > fate.success_probability()


def test_rerolls_policy_vectors_v20_v21() -> None:
    """V20, V21 played by policy: the traces record every die in order."""
    v20 = RerollCheck(fluid_check(attribute=6), mana=1).resolve(ScriptedRng([9, 4]))
    assert (v20.value, v20.extra("mana_spent")) == (4, 1)
    assert [r.role for r in v20.rolls] == ["check", "check reroll"]
    assert v20.explain() == (
        "1 mana spent; chance 6 (attribute 6): rolled 4 ≤ 6: success, quality 4"
    )
    v21 = RerollCheck(fluid_check(attribute=6), mana=1, policy="fate").resolve(
        ScriptedRng([1, 8, 2])
    )
    assert (FluidOutcome.of(v21), v21.value) == (FluidOutcome.CRITICAL, 2)
    assert [r.role for r in v21.rolls] == ["check", "fate", "fate reroll"]


def test_fl_r12_free_repetitions_by_policy() -> None:
    """FL-R12, V19: C 6 with two free repetitions: attempts at 6 and 3; the
    third would be at 0 and is not taken. P = 1 − (9/20)(15/20) = 53/80."""
    check = RerollCheck(fluid_check(attribute=6), repeats=2)
    assert check.success_probability() == F(53, 80)
    r = check.resolve(ScriptedRng([9, 3]))
    assert (r.success, r.value, r.extra("repeats")) == (True, 3, 1)
    assert [d.role for d in r.rolls] == ["check", "check repetition 1"]
    assert r.explain() == (
        "free repetition 1; chance 3 (attribute 6 − repetition penalty 3): rolled "
        "3 ≤ 3: success, quality 3"
    )
    r = check.resolve(ScriptedRng([9, 1, 6]))
    assert FluidOutcome.of(r) is FluidOutcome.FUMBLE
    assert (r.extra("repeats"), r.extra("side_effects")) == (1, 1)


def test_fl_a11_mana_first_then_repetitions_and_side_effects_stand() -> None:
    """FL-A11: mana rerolls are not repetitions; a fumble that is not rerolled
    away stands (its side effect happened) when the check is repeated."""
    check = RerollCheck(fluid_check(attribute=9), mana=1, repeats=1, policy="fate")
    r = check.resolve(ScriptedRng([1, 9, 10, 5]))
    # fumble, fate reroll 10 (the fumble stands), repeat at 6: d 5 succeeds
    assert [d.role for d in r.rolls] == [
        "check",
        "fate",
        "fate reroll",
        "check repetition 1",
    ]
    assert r.success
    assert (r.extra("mana_spent"), r.extra("repeats"), r.extra("side_effects")) == (
        1,
        1,
        1,
    )
    assert r.value == 5


def test_rerolls_no_roll() -> None:
    """FL-R03: a check at C ≤ 0 is not rolled, whatever the mana."""
    check = RerollCheck(fluid_check(attribute=2, modifier=-3), mana=2, repeats=2)
    r = check.resolve(ScriptedRng([]))
    assert FluidOutcome.of(r) is FluidOutcome.NO_ROLL
    assert r.extra("mana_spent") == 0
    assert check.outcomes().support == (r.outcome(),)


def test_rerolls_parameters_and_errors() -> None:
    check = rollwerk.build_check(FLUID, "rerolls", attribute=5, mana=2, repeats=1)
    assert dict(check.parameters) == {
        "attribute": 5,
        "trait": 0,
        "modifier": 0,
        "rewards": 0,
        "handicap": 0,
        "reward": "quality",
        "equipment": 0,
        "double_critical": True,
        "mana": 2,
        "policy": "check",
        "repeats": 1,
    }
    assert (check.ruleset, check.name) == ("fluid", "rerolls")
    with pytest.raises(ParameterError) as info:
        rollwerk.build_check(FLUID, "rerolls", attribute=5, mana=11)
    assert str(info.value) == "mana must be an integer from 0 to 10, got 11"
    with pytest.raises(ParameterError) as info:
        RerollCheck(fluid_check(attribute=5), repeats=-1)
    assert str(info.value) == "repeats must be an integer from 0 to 10, got -1"
    with pytest.raises(ParameterError) as info:
        RerollCheck(fluid_check(attribute=5), policy="luck")
    assert (
        str(info.value) == "policy must be one of 'check', 'fate', 'best', got 'luck'"
    )
    with pytest.raises(ParameterError) as info:
        rollwerk.build_check(FLUID, "rerolls", attribute=5, policy="luck")
    assert (
        str(info.value) == "policy must be one of 'check', 'fate', 'best', got 'luck'"
    )


# -- exact odds against an independent oracle ----------------------------------


class _Explorer:
    """Plays a prefix of faces, then signals that a new die is needed."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.pos = 0

    def roll(self, sides: int) -> int:
        if self.pos == len(self.prefix):
            raise ScriptExhausted("branch")
        face = self.prefix[self.pos]
        self.pos += 1
        return face


def enumerate_resolve(
    resolve: Callable[[_Explorer], CheckResult],
) -> dict[Outcome, Fraction]:
    """The exact distribution of ``resolve`` by walking its tree of dice."""
    out: dict[Outcome, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        try:
            r = resolve(_Explorer(prefix))
        except ScriptExhausted:
            stack.extend([*prefix, face] for face in range(1, 11))
            continue
        assert [d.face for d in r.rolls] == prefix
        o = r.outcome()
        out[o] = out.get(o, F(0)) + F(1, 10 ** len(prefix))
    return out


@pytest.mark.parametrize("policy", list(Policy))
@pytest.mark.parametrize(
    ("chance", "mana", "repeats"),
    [(1, 1, 0), (3, 2, 0), (5, 1, 1), (7, 0, 2), (8, 2, 1), (12, 2, 0), (4, 1, 1)],
)
def test_fl_r11_r12_exact_odds_match_dice_tree(
    policy: Policy, chance: int, mana: int, repeats: int
) -> None:
    """FL-R11, FL-R12: the dynamic programme equals a walk over every dice
    sequence that `resolve` can draw (an independent oracle)."""
    check = RerollCheck(
        fluid_check(attribute=chance, equipment=1),
        mana=mana,
        policy=policy,
        repeats=repeats,
    )
    assert enumerate_resolve(check.resolve) == dict(check.outcomes().items())


@given(
    st.integers(0, 14),
    st.integers(0, 3),
    st.integers(0, 3),
    st.sampled_from(list(Policy)),
)
def test_rerolls_monotone_in_chance_mana_and_repeats(
    chance: int, mana: int, repeats: int, policy: Policy
) -> None:
    """Declared monotonicity: more chance, mana or repetitions never lower
    P(success); mana spent never exceeds the mana (mana never negative)."""

    def p(c: int, m: int, k: int) -> Fraction:
        return RerollCheck(
            fluid_check(attribute=c), mana=m, policy=policy, repeats=k
        ).success_probability()

    base = p(chance, mana, repeats)
    assert p(chance + 1, mana, repeats) >= base
    assert p(chance, mana + 1, repeats) >= base
    assert p(chance, mana, repeats + 1) >= base
    for o in (
        RerollCheck(
            fluid_check(attribute=chance), mana=mana, policy=policy, repeats=repeats
        )
        .outcomes()
        .support
    ):
        spent = o.extra("mana_spent")
        assert isinstance(spent, int)
        assert 0 <= spent <= mana


@pytest.mark.parametrize("seed", range(25))
def test_rerolls_replay_from_trace(seed: int) -> None:
    """Every die drawn is recorded in order; a ScriptedRng replays the result."""
    check = RerollCheck(
        fluid_check(attribute=6, handicap=1), mana=2, policy="best", repeats=2
    )
    r = check.resolve(SeededRng(seed))
    assert check.resolve(ScriptedRng([d.face for d in r.rolls])) == r
    assert r.outcome() in check.outcomes().support
    assert CheckResult.from_json(r.to_json()) == r


def test_expected_mana() -> None:
    """The expected mana spent: C 5, 1 mana on failure: P(failure) = 11/20."""
    assert RerollCheck(fluid_check(attribute=5), mana=1).expected_mana() == F(11, 20)
