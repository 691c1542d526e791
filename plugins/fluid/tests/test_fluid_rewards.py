"""Self-imposed difficulty rewards (b)–(e): FL-R09, FL-A07, FL-A08."""

from __future__ import annotations

import pytest

from rollwerk import (
    ActiveEffect,
    Effect,
    Encounter,
    Modifier,
    ParameterError,
    ScriptedRng,
)
from rollwerk.encounter import EffectExpired, EffectRemoved, NextChecks, UntilEvent
from rollwerk_fluid import (
    CHANCE,
    DEFENCE,
    Reward,
    RewardEffect,
    chance,
    check_for,
    defence_event,
    earned_reward,
    effective_chance,
    end_scene,
    fluid_check,
    record_check,
)


def encounter() -> Encounter:
    enc, _ = Encounter.create(["A", "B", "C"]).advance()
    return enc


def test_fl_r09_reward_effects_are_core_effects() -> None:
    """FL-R09: (b)–(e) are rollwerk Effects with the right sign, kind and
    duration."""
    b = RewardEffect(Reward.OWN_CHECK, 4, source="A", target="A")
    c = RewardEffect("opponent_check", 4, source="A", target="B")
    d = RewardEffect(Reward.OWN_DEFENCE, 4, source="A", target="A")
    e = RewardEffect(Reward.OPPONENT_DEFENCE, 4, source="A", target="B")
    for effect in (b, c, d, e):
        assert isinstance(effect, Effect)
        assert effect.condition is None
    assert [x.name for x in (b, c, d, e)] == [
        "self-imposed difficulty (b)",
        "self-imposed difficulty (c)",
        "self-imposed difficulty (d)",
        "self-imposed difficulty (e)",
    ]
    assert [x.modifiers[0].amount for x in (b, c, d, e)] == [4, -4, 4, -4]
    assert [x.kind for x in (b, c, d, e)] == [CHANCE, CHANCE, DEFENCE, DEFENCE]
    assert b.duration == NextChecks(1)
    assert e.duration == UntilEvent("B:defence")
    assert defence_event("B") == "B:defence"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"reward": "quality", "amount": 2, "source": "A", "target": "A"},
            (
                "reward must be one of 'own_check', 'opponent_check', 'own_defence', "
                "'opponent_defence' (reward (a) changes the check itself), got 'quality'"
            ),
        ),
        (
            {"reward": "gold", "amount": 2, "source": "A", "target": "A"},
            (
                "reward must be one of 'quality', 'own_check', 'opponent_check', "
                "'own_defence', 'opponent_defence', got 'gold'"
            ),
        ),
        (
            {"reward": "own_check", "amount": 0, "source": "A", "target": "A"},
            "amount must be an integer >= 1, got 0",
        ),
        (
            {"reward": "own_check", "amount": 2, "source": "A", "target": "B"},
            "target must be 'A' (the reward is the player's), got 'B'",
        ),
        (
            {"reward": "opponent_defence", "amount": 2, "source": "A", "target": "A"},
            "target must be an opponent of 'A', not themself, got 'A'",
        ),
        (
            {"reward": "own_check", "amount": 2, "source": "", "target": ""},
            "source must be a non-empty combatant id, got ''",
        ),
    ],
)
def test_reward_effect_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParameterError) as info:
        RewardEffect(**kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_fl_r09_earned_reward_only_on_success_with_handicap() -> None:
    """FL-R09: a success with h ≥ 1 earns the chosen reward; failure earns
    nothing; reward (a) went into the quality; h = 0 earns nothing."""
    check = fluid_check(attribute=9, handicap=3, reward=Reward.OPPONENT_CHECK)
    win = check.resolve(ScriptedRng([4]))
    assert earned_reward(check, win, player="A", opponent="B") == RewardEffect(
        Reward.OPPONENT_CHECK, 3, "A", "B"
    )
    crit = check.resolve(ScriptedRng([1, 2]))
    assert earned_reward(check, crit, player="A", opponent="B") is not None
    lose = check.resolve(ScriptedRng([9]))
    assert earned_reward(check, lose, player="A", opponent="B") is None
    fumble = check.resolve(ScriptedRng([1, 9]))
    assert earned_reward(check, fumble, player="A", opponent="B") is None
    quality = fluid_check(attribute=9, handicap=3)
    assert earned_reward(quality, quality.resolve(ScriptedRng([4])), player="A") is None
    plain = fluid_check(attribute=9, reward=Reward.OWN_CHECK)
    assert earned_reward(plain, plain.resolve(ScriptedRng([4])), player="A") is None
    own = fluid_check(attribute=9, handicap=2, reward=Reward.OWN_DEFENCE)
    assert earned_reward(own, own.resolve(ScriptedRng([4])), player="A") == (
        RewardEffect(Reward.OWN_DEFENCE, 2, "A", "A")
    )
    with pytest.raises(ParameterError) as info:
        earned_reward(check, win, player="A")
    assert str(info.value) == (
        "opponent must be a combatant id for reward 'opponent_check', got None"
    )


def test_fl_a07_any_handicap_amount() -> None:
    """FL-A07: any integer h ≥ 1, not only multiples of 3."""
    check = fluid_check(attribute=9, handicap=1, reward=Reward.OWN_CHECK)
    effect = earned_reward(check, check.resolve(ScriptedRng([5])), player="A")
    assert effect is not None
    assert effect.amount == 1


def test_fl_a08_own_check_bonus_used_by_next_check_then_gone() -> None:
    """FL-R09 (b), FL-A08: +h on the player's next check, used up by it."""
    enc = encounter()
    enc, events = enc.apply_effect(RewardEffect(Reward.OWN_CHECK, 3, "A", "A"))
    assert enc.modifiers("A", CHANCE) == (
        Modifier(3, "self-imposed difficulty of A", CHANCE),
    )
    check = check_for(enc, "A", attribute=4, trait=2)
    assert chance(check) == 9
    assert (check.parameters["modifier"], check.parameters["rewards"]) == (0, 3)
    # another character's check does not use it up
    enc, events = record_check(enc, "B")
    assert enc.modifier_total("A", CHANCE) == 3
    enc, events = record_check(enc, "A")
    assert [type(e) for e in events][-1] is EffectExpired
    assert enc.modifier_total("A", CHANCE) == 0
    assert chance(check_for(enc, "A", attribute=4, trait=2)) == 6


def test_fl_a08_opponent_check_penalty_and_rewards_add_up() -> None:
    """FL-R09 (c), FL-A08: −h on the opponent's next check; several rewards on
    the same target add up."""
    enc = encounter()
    enc, _ = enc.apply_effect(RewardEffect(Reward.OPPONENT_CHECK, 3, "A", "B"))
    enc, _ = enc.apply_effect(RewardEffect(Reward.OPPONENT_CHECK, 2, "C", "B"))
    check = check_for(enc, "B", attribute=5, trait=3, modifier=-3)
    assert (check.parameters["modifier"], check.parameters["rewards"]) == (-3, -5)
    assert chance(check) == 0
    assert effective_chance(check) == 0
    assert check.resolve(ScriptedRng([])).rolled is False
    enc, _ = record_check(enc, "B")
    assert enc.effects == ()


def test_fl_a08_defence_rewards_wait_for_a_defence() -> None:
    """FL-R09 (d), (e), FL-A08: defence rewards apply only to the next defence
    of their target and are used up by it, whoever attacks."""
    enc = encounter()
    enc, _ = enc.apply_effect(RewardEffect(Reward.OWN_DEFENCE, 2, "A", "A"))
    enc, _ = enc.apply_effect(RewardEffect(Reward.OPPONENT_DEFENCE, 3, "A", "B"))
    # B's ordinary check ignores (e) and does not use it up
    assert check_for(enc, "B", attribute=5).parameters["rewards"] == 0
    enc, _ = record_check(enc, "B")
    assert len(enc.effects) == 2
    # B defends against C's attack: −3, then it is gone
    assert chance(check_for(enc, "B", defence=True, attribute=5)) == 2
    enc, events = record_check(enc, "B", defence=True)
    assert [e.name for e in enc.effects] == ["self-imposed difficulty (d)"]
    assert any(isinstance(e, EffectExpired) for e in events)
    # A's defence gets +2
    assert chance(check_for(enc, "A", defence=True, attribute=5)) == 7
    enc, _ = record_check(enc, "A", defence=True)
    assert enc.effects == ()


def test_fl_a08_a_defence_also_uses_up_check_rewards() -> None:
    """FL-A08: a defence is a check, so it uses up (b) and (c) as well."""
    enc = encounter()
    enc, _ = enc.apply_effect(RewardEffect(Reward.OWN_CHECK, 2, "A", "A"))
    assert chance(check_for(enc, "A", defence=True, attribute=5)) == 7
    enc, _ = record_check(enc, "A", defence=True)
    assert enc.effects == ()


def test_fl_a08_rewards_end_with_the_scene() -> None:
    """FL-A08: unused rewards expire at the end of the scene; other effects stay."""
    enc = encounter()
    enc, _ = enc.apply_effect(RewardEffect(Reward.OWN_CHECK, 2, "A", "A"))
    enc, _ = enc.apply_effect(RewardEffect(Reward.OPPONENT_DEFENCE, 2, "A", "C"))
    enc, _ = enc.add_effect("Bless", source="C", target="C", duration=NextChecks(5))
    enc, events = end_scene(enc)
    assert [e.name for e in enc.effects] == ["Bless"]
    assert [type(e) for e in events] == [EffectRemoved, EffectRemoved]


def test_reward_effects_round_trip_in_encounter_json() -> None:
    """Reward effects are stored as plain core ActiveEffects (JSON-safe)."""
    enc = encounter()
    enc, _ = enc.apply_effect(RewardEffect(Reward.OPPONENT_DEFENCE, 2, "A", "C"))
    (active,) = enc.effects
    assert ActiveEffect.from_json(active.to_json()) == active


def test_fl_r09_check_for_keeps_the_rewards_apart_from_the_modifier() -> None:
    """FL-R02, FL-R09 (c) (helper-h213, helper-h244): a modifier of −60 with a
    reward of −3 in force had been refused (the rewards were folded into the
    modifier's −60 to 60); the rewards are the check's own ``rewards``."""
    enc = encounter()
    enc, _ = enc.apply_effect(RewardEffect(Reward.OPPONENT_CHECK, 3, "A", "B"))
    check = check_for(enc, "B", attribute=20, trait=20, modifier=-60)
    assert (check.parameters["modifier"], check.parameters["rewards"]) == (-60, -3)
    assert chance(check) == -23
    # a modifier out of range by itself is refused as before
    with pytest.raises(ParameterError) as info:
        check_for(enc, "B", attribute=20, modifier=-61)
    assert str(info.value).startswith("modifier must be an integer from -60 to 60")
    assert str(info.value).endswith(", got -61")
