"""Every duration kind, with the duration needs of DS4, Mythandria, AdZ and Fluid."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

from rollwerk import (
    Duration,
    Encounter,
    Modifier,
    ParameterError,
    Rounds,
    RulesError,
    SchemaError,
)
from rollwerk.encounter import (
    Actions,
    Concentration,
    ConcentrationEnded,
    ConcentrationStarted,
    EffectAdded,
    EffectExpired,
    GameTime,
    Instant,
    NextChecks,
    Permanent,
    Remaining,
    RoundStarted,
    UntilCondition,
    UntilEndOfNextTurns,
    UntilEvent,
    duration_from_json,
)

# ----------------------------------------------------------------- Mythandria


def _mythandria() -> Encounter:
    """A Mythandria-like encounter: 2 actions per round, caster M and foe F."""
    enc = Encounter.create(["M", "F"], actions_per_round=2)
    enc, _ = enc.advance()  # R1, M's turn
    return enc


def _blocked_slots(enc: Encounter, last_slot: int) -> list[int]:
    """Play M's action slots one by one; list the slots at which the lockout holds."""
    blocked = []
    while enc.actions_used("M") < last_slot:
        if enc.current != "M":
            enc, _ = enc.advance()
            continue
        slot = enc.actions_used("M") + 1
        if slot > enc.combatant("M").turn_start_actions + 2:
            enc, _ = enc.advance()  # both slots of this turn used
            continue
        if "aether lockout" in enc.conditions("M"):
            blocked.append(slot)
        enc, _ = enc.spend_action("M")
    return blocked


def test_mythandria_v21_lockout_counts_action_slots() -> None:
    """MY-R18, V21: level 3 recited in actions 1-3; lockout = actions 4-9 (3 rounds)."""
    enc = _mythandria()
    enc, _ = enc.spend_action("M", 2)  # actions 1, 2
    enc, _ = enc.advance(2)  # F, then M in round 2
    enc, _ = enc.spend_action("M")  # action 3: the effect happens
    enc, _ = enc.add_effect(
        "aether lockout",
        source="M",
        target="M",
        duration=Actions(2 * 3),
        condition="aether lockout",
    )
    assert enc.remaining("e1") == 6
    assert _blocked_slots(enc, 12) == [4, 5, 6, 7, 8, 9]


def test_mythandria_v22_replaced_phiol_shortens_lockout() -> None:
    """MY-R19, V22: level 3 with 1 phiol replaced: lockout 4 actions (2 rounds)."""
    enc = _mythandria()
    enc, _ = enc.spend_action("M", 2)
    enc, _ = enc.advance(2)
    enc, _ = enc.spend_action("M")
    enc, _ = enc.add_effect(
        "lockout",
        source="M",
        target="M",
        duration=Actions(4),
        condition="aether lockout",
    )
    assert _blocked_slots(enc, 10) == [4, 5, 6, 7]


def test_mythandria_v24_unused_slots_count_as_elapsed() -> None:
    """MY-A04, V24: a slip in the player phase of round 2: lockout = actions 1-4 of
    the following character phases, even if M does nothing in them."""
    enc = _mythandria()
    enc, _ = enc.advance(2)  # M's turn of round 1 passes unused; F; M in round 2
    assert enc.actions_used("M") == 2
    enc, _ = enc.add_effect(
        "lockout",
        source="M",
        target="M",
        duration=Actions(4),
        condition="aether lockout",
    )
    # M idles: the lockout runs out with the end of M's turn in round 3
    enc, events = enc.advance(4)
    expired = [e for e in events if isinstance(e, EffectExpired)]
    assert len(expired) == 1
    assert enc.round == 4
    assert enc.actions_used("M") == 6


def test_mythandria_v25_interrupted_recitation() -> None:
    """MY-R16, V25: level 4 recited in actions 1-2, interrupted: lockout = actions 3-10."""
    enc = _mythandria()
    enc, _ = enc.spend_action("M", 2)
    enc, _ = enc.add_effect(
        "lockout",
        source="M",
        target="M",
        duration=Actions(8),
        condition="aether lockout",
    )
    assert _blocked_slots(enc, 12) == [3, 4, 5, 6, 7, 8, 9, 10]


def test_mythandria_lockout_remaining_in_actions() -> None:
    """MY-R20: 1 round = 2 actions; a lockout of 3 rounds is 6 actions."""
    enc = _mythandria()
    enc, _ = enc.add_effect("lockout", source="M", target="M", duration=Actions(6))
    enc, _ = enc.advance()  # M's turn ends unused: 2 slots elapse
    assert enc.remaining("e1") == 4


# -------------------------------------------------------------------- DS4


def _ds4_at_round(r: int) -> Encounter:
    enc = Encounter.create(["Lios", "Ork"], round_seconds=5)
    enc, _ = enc.advance()
    while enc.round < r:
        enc, _ = enc.advance(2)
    return enc


def _castable_rounds(enc: Encounter, rounds: int) -> list[int]:
    castable = []
    for _ in range(rounds):
        enc, _ = enc.advance(2)  # to Lios's next turn
        if not any(e.name == "cooldown" for e in enc.effects_on("Lios")):
            castable.append(enc.round)
    return castable


def test_ds4_r42_d24_cooldown_available_from_t_plus_c_plus_1() -> None:
    """DS4-R42, D24: cast in round 3 with cooldown 10: castable again from round 14."""
    enc = _ds4_at_round(3)
    enc, _ = enc.add_effect(
        "cooldown", source="Lios", target="Lios", duration=Rounds(10 + 1)
    )
    assert _castable_rounds(enc, 12) == [14, 15]


def test_ds4_a18_cooldown_zero_means_every_round() -> None:
    """DS4-A18: cooldown 0 (Heilende Hand): castable again the next round."""
    enc = _ds4_at_round(1)
    enc, _ = enc.add_effect(
        "cooldown", source="Lios", target="Lios", duration=Rounds(0 + 1)
    )
    assert _castable_rounds(enc, 2) == [2, 3]


def test_ds4_r42_cooldown_in_hours_is_game_time() -> None:
    """DS4-R42: cooldowns given in hours are counted in game time."""
    enc = _ds4_at_round(1)
    enc, _ = enc.add_effect(
        "cooldown", source="Lios", target="Lios", duration=GameTime.hours(1)
    )
    enc, _ = enc.end()
    enc, _ = enc.pass_time(Fraction(3599))
    assert enc.remaining("e1") == 1
    enc, events = enc.pass_time(1)
    assert [type(e).__name__ for e in events] == ["TimePassed", "EffectExpired"]


def test_ds4_r37_bonus_until_your_next_turn() -> None:
    """DS4-R37: slayer-point bonuses last until your next turn (Rounds(1) on the creator)."""
    enc = _ds4_at_round(1)
    enc, _ = enc.advance()  # the Ork's turn: a free action by Lios
    enc, _ = enc.add_effect(
        "slayer bonus",
        source="Lios",
        target="Lios",
        duration=Rounds(1),
        modifiers=[Modifier(3, "slayer points", "defense")],
    )
    assert enc.modifier_total("Lios", "defense") == 3
    enc, events = enc.advance()
    assert [type(e).__name__ for e in events][-2:] == ["TurnStarted", "EffectExpired"]
    assert enc.modifier_total("Lios", "defense") == 0


def test_ds4_game_time_in_combat_runs_five_seconds_per_round() -> None:
    """README point 8: DS4 rounds last 5 s; GameTime(10) added in round 1 ends at the
    start of round 3."""
    enc = _ds4_at_round(1)
    enc, _ = enc.add_effect("e", source="Lios", target="Ork", duration=GameTime(10))
    enc, events = enc.advance(2)
    assert enc.remaining("e1") == 5
    enc, events = enc.advance(2)
    names = [type(e).__name__ for e in events]
    assert names[names.index("RoundStarted") + 1] == "EffectExpired"
    assert enc.clock == 10


# -------------------------------------------------------------------- AdZ


def test_adz_r14_mental_recovery_per_30_minutes_after_combat() -> None:
    """ADZ-R14: a mental level recovers after about 30 minutes (game time)."""
    enc = Encounter.create(["Ada"], round_seconds=3)
    enc, _ = enc.advance()
    enc, _ = enc.add_effect(
        "mental level", source="Ada", target="Ada", duration=GameTime.minutes(30)
    )
    enc, _ = enc.advance(10)  # 10 rounds of 3 s
    assert enc.remaining("e1") == 30 * 60 - 30
    enc, _ = enc.end()
    enc, _ = enc.pass_time(30 * 60 - 31)
    assert enc.remaining("e1") == 1
    enc, events = enc.pass_time(1)
    assert isinstance(events[-1], EffectExpired)


def test_adz_r14_a_night_of_sleep() -> None:
    """ADZ-R14: physical levels heal per night; days and hours pass outside combat."""
    enc = Encounter.create(["Ada"], round_seconds=3)
    enc, _ = enc.add_effect(
        "wound", source="Ada", target="Ada", duration=GameTime.hours(8)
    )
    enc, _ = enc.pass_time(GameTime.days(1).seconds)
    assert enc.effects == ()
    assert enc.clock == 86400


def test_end_turns_round_durations_into_game_time() -> None:
    """README point 8: after combat, 10 AdZ rounds that remain last 10 x 3 s."""
    enc = Encounter.create(["A", "B"], round_seconds=3, actions_per_round=2)
    enc, _ = enc.advance()
    enc, _ = enc.add_effect("r", source="A", target="B", duration=Rounds(10))
    enc, _ = enc.add_effect(
        "t", source="A", target="B", duration=UntilEndOfNextTurns(2)
    )
    enc, _ = enc.add_effect("a", source="A", target="B", duration=Actions(3))
    enc, events = enc.end()
    assert [enc.remaining(i) for i in ("e1", "e2", "e3")] == [30, 6, Fraction(9, 2)]
    assert all(isinstance(e.duration, GameTime) for e in enc.effects)
    assert type(events[-1]).__name__ == "EncounterEnded"
    with pytest.raises(RulesError, match="the encounter has ended"):
        enc.advance()


# ------------------------------------------------------------------ Fluid


def test_fluid_a08_reward_lasts_for_the_next_check() -> None:
    """FL-A08: a self-handicap reward (+h) applies to exactly one future check."""
    enc = Encounter.create(["P", "O"])
    enc, _ = enc.add_effect(
        "reward (b)",
        source="P",
        target="P",
        duration=NextChecks(),
        modifiers=[Modifier(3, "self-handicap", "chance")],
    )
    assert enc.modifier_total("P", "chance") == 3
    enc, events = enc.record_check("P")
    assert isinstance(events[-1], EffectExpired)
    assert enc.modifier_total("P", "chance") == 0


def test_fluid_a08_rewards_add_up_and_target_the_opponent() -> None:
    """FL-A08: several rewards on the same target add up; (c) targets an opponent."""
    enc = Encounter.create(["P", "O"])
    for _ in range(2):
        enc, _ = enc.add_effect(
            "reward (c)",
            source="P",
            target="O",
            duration=NextChecks(),
            modifiers=[Modifier(-3, "self-handicap", "chance")],
        )
    assert enc.modifier_total("O", "chance") == -6
    enc, _ = enc.record_check("P")
    assert enc.modifier_total("O", "chance") == -6
    enc, _ = enc.record_check("O")
    assert enc.effects == ()


# ----------------------------------------------------- the remaining kinds


def test_instant_is_added_and_expires_at_once() -> None:
    """PF2E-R01: an instantaneous effect never lasts."""
    enc = Encounter.create(["A"])
    enc, events = enc.add_effect("strike", source="A", target="A", duration=Instant())
    assert [type(e) for e in events] == [EffectAdded, EffectExpired]
    assert enc.effects == ()


def test_permanent_lasts_until_removed() -> None:
    enc = Encounter.create(["A", "B"])
    enc, _ = enc.add_effect("curse", source="A", target="B", duration=Permanent())
    enc, _ = enc.advance(20)
    assert enc.remaining("e1") is None
    enc, events = enc.remove_effect("e1")
    assert enc.effects == ()
    assert type(events[0]).__name__ == "EffectRemoved"


def test_concentration_starts_and_ends_with_its_effects() -> None:
    """ADZ concentration / PF2e sustained: dependent effects end with concentration."""
    enc = Encounter.create(["A", "B", "C"])
    enc, events = enc.add_effect(
        "hold", source="A", target="B", duration=Concentration()
    )
    assert isinstance(events[0], ConcentrationStarted)
    enc, events = enc.add_effect(
        "hold 2", source="A", target="C", duration=Concentration()
    )
    assert not any(isinstance(e, ConcentrationStarted) for e in events)
    enc, _ = enc.add_effect("other", source="A", target="C", duration=Permanent())
    enc, _ = enc.advance(6)
    assert len(enc.effects) == 3
    enc, events = enc.end_concentration("A")
    assert [type(e) for e in events] == [
        ConcentrationEnded,
        EffectExpired,
        EffectExpired,
    ]
    assert [e.name for e in enc.effects] == ["other"]
    with pytest.raises(RulesError, match="'A' is not concentrating"):
        enc.end_concentration("A")


def test_concentration_ends_when_the_concentrating_combatant_leaves() -> None:
    enc = Encounter.create(["A", "B"])
    enc, _ = enc.begin_concentration("A")
    with pytest.raises(RulesError, match="'A' is already concentrating"):
        enc.begin_concentration("A")
    enc, _ = enc.add_effect("hold", source="A", target="B", duration=Concentration())
    enc, events = enc.leave("A")
    assert [type(e).__name__ for e in events] == [
        "ConcentrationEnded",
        "EffectExpired",
        "CombatantLeft",
    ]
    assert enc.effects == ()


def test_pf2e_r05_until_event_only_counts_later_signals() -> None:
    """PF2E-R05: a conditional duration, as a named (serializable) event."""
    enc = Encounter.create(["A", "B"])
    enc, _ = enc.signal("B:stood-up")
    enc, _ = enc.add_effect(
        "prone", source="A", target="B", duration=UntilEvent("B:stood-up")
    )
    assert enc.effect("e1").duration == UntilEvent("B:stood-up", seen=1)
    enc, _ = enc.signal("other")
    assert len(enc.effects) == 1
    enc, events = enc.signal("B:stood-up")
    assert isinstance(events[-1], EffectExpired)


def test_pf2e_r05_until_condition_predicate() -> None:
    """PF2E-R05: a predicate over the state is checked after every change."""
    enc = Encounter.create(["A", "B"])
    enc, _ = enc.add_effect(
        "until round 3",
        source="A",
        target="B",
        duration=UntilCondition(lambda s: s.round >= 3, "round 3"),
    )
    enc, events = enc.advance(4)
    assert not any(isinstance(e, EffectExpired) for e in events)
    enc, events = enc.advance()
    assert isinstance(events[2], RoundStarted)
    assert isinstance(events[3], EffectExpired)
    enc2, _ = Encounter.create(["A"]).add_effect(
        "c", source="A", target="A", duration=UntilCondition(lambda s: False, "never")
    )
    with pytest.raises(
        SchemaError, match=r"an until_condition duration \(never\) cannot"
    ):
        enc2.to_json()


# -------------------------------------------------------------------- JSON

ALL_KINDS: list[Duration] = [
    Instant(),
    Permanent(),
    Rounds(2),
    Rounds(3, tick_on="B", ends_at=5),
    UntilEndOfNextTurns(),
    UntilEndOfNextTurns(2, of="A", after=1, ends_at=3),
    Actions(4, of="A", ends_at=6),
    GameTime(Fraction(7, 2)),
    GameTime(60, ends_at=66),
    NextChecks(2, of="B", ends_at=3),
    UntilEvent("scene-end", seen=0),
    Concentration("A"),
]


@pytest.mark.parametrize("duration", ALL_KINDS, ids=lambda d: d.kind)
def test_duration_json_round_trip(duration: Duration) -> None:
    assert duration_from_json(duration.to_json()) == duration


def test_duration_json_errors() -> None:
    with pytest.raises(
        SchemaError,
        match=r"^malformed duration JSON: kind must be one of actions, .*, got 'x'",
    ):
        duration_from_json({"kind": "x"})
    with pytest.raises(SchemaError, match="malformed rounds duration JSON"):
        duration_from_json({"kind": "rounds"})


@attrs.frozen
class _Twice:
    """A plugin duration kind: ends after the event is signalled twice."""

    event: str
    seen: int | None = None
    kind = "twice"

    @property
    def unit(self) -> str | None:
        return None

    @property
    def anchor(self) -> str | None:
        return None

    def bind(self, state: Encounter, source: str, target: str) -> _Twice:
        return _Twice(self.event, state.signals(self.event))

    def is_over(self, state: Encounter) -> bool:
        assert self.seen is not None
        return state.signals(self.event) >= self.seen + 2

    def remaining(self, state: Encounter) -> Remaining:
        return None

    def rebind(self, state: Encounter, combatant: str) -> Duration | None:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"kind": "twice", "event": self.event, "seen": self.seen}


def _twice(data: Mapping[str, Any]) -> Duration:
    return _Twice(str(data["event"]), data["seen"])


def test_plugin_duration_kind_with_decoder() -> None:
    """A plugin kind works in an encounter and round-trips with its decoder."""
    enc = Encounter.create(["A"])
    enc, _ = enc.add_effect("x", source="A", target="A", duration=_Twice("ping"))
    enc, _ = enc.signal("ping")
    assert len(enc.effects) == 1
    assert Encounter.from_json(enc.to_json(), kinds={"twice": _twice}) == enc
    with pytest.raises(
        SchemaError, match=r"effects\[0\]\.duration\.kind must be one of"
    ):
        Encounter.from_json(enc.to_json())
    enc, _ = enc.signal("ping")
    assert enc.effects == ()


def test_duration_parameter_errors() -> None:
    with pytest.raises(
        ParameterError, match="seconds must be an int or Fraction > 0, got 0"
    ):
        GameTime(0)
    with pytest.raises(
        ParameterError, match="event must be a non-empty string, got ''"
    ):
        UntilEvent("")
    with pytest.raises(RulesError, match="the rounds duration is not bound"):
        Rounds(1, tick_on="A").is_over(Encounter.create(["A"]))
    with pytest.raises(
        ParameterError,
        match=r"^tick_on must be the id of a combatant in the encounter \(A\), got 'Z'$",
    ):
        Encounter.create(["A"]).add_effect(
            "x", source="A", target="A", duration=Rounds(1, tick_on="Z")
        )


def test_effects_added_after_the_end_count_game_time() -> None:
    """README point 8: outside combat a 10-round effect lasts 10 x round_seconds."""
    enc, _ = Encounter.create(["A"], round_seconds=6).advance()
    enc, _ = enc.end()
    enc, _ = enc.add_effect("Bless", source="A", target="A", duration=Rounds(10))
    assert enc.effects[0].duration == GameTime(60, ends_at=60)
    enc, _ = enc.pass_time(30)
    enc, _ = enc.refresh_effect("e1")
    assert enc.remaining("e1") == 60
    with pytest.raises(RulesError, match="the encounter has ended"):
        enc.delay("A", after="A")
