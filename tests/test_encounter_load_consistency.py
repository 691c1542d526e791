"""Encounter JSON that loads only if some operation could have left it.

A held-out VTT integrator loaded documents that no operation writes: a
``first_of`` whose parts follow two combatants (``leave`` then named the
wrong one), duplicate counter names, an ``until_event`` that had seen more
signals than the encounter counts, turn-counted effects after the end, an
effect without a source, a game time ending below 0, events of round 0, and
an event without a ``type`` (reported as ``got None``). And operations left
states whose JSON was refused: a round, a signal count or the next effect
number beyond 2**63 - 1. Each is now refused, on load with a ``SchemaError``
naming the field path, in an operation with a ``RulesError`` naming what
would overflow. Core only: no plugin is imported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rollwerk import Rounds
from rollwerk.encounter import (
    Actions,
    Combatant,
    Counter,
    CounterReset,
    Encounter,
    FirstOf,
    GameTime,
    NextChecks,
    Permanent,
    UntilEndOfNextTurns,
    UntilEvent,
    duration_from_json,
    event_from_json,
    event_to_json,
)
from rollwerk.encounter._durations import MAX_COUNT
from rollwerk.errors import ParameterError, RollwerkError, RulesError, SchemaError

TOP = 2**63 - 1
"""The largest integer encounter JSON holds."""

OVER = "a number encounter JSON cannot hold (at most 2**63 - 1)"


def _json(enc: Encounter) -> dict[str, Any]:
    """The encounter's JSON as a VTT stores it (through text)."""
    data: dict[str, Any] = json.loads(json.dumps(enc.to_json()))
    return data


def _refused(data: dict[str, Any]) -> str:
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    return str(info.value)


def _message(call: Callable[[], object], kind: type[RollwerkError]) -> str:
    with pytest.raises(kind) as info:
        call()
    return str(info.value)


# --------------------------------------------------------------- first_of


def _sustained() -> Encounter:
    enc = Encounter.create(["A", "B", "C"]).advance().state
    duration = FirstOf(Rounds(3), UntilEvent("x"))
    return enc.add_effect("sus", source="A", target="B", duration=duration).state


def test_a_first_of_whose_parts_follow_two_combatants_is_refused() -> None:
    # PF2E-R02, PF2E-R05: "3 rounds or until x", counted on A's turns
    data = _json(_sustained())
    data["effects"][0]["duration"]["parts"].append(
        {"kind": "until_end_of_next_turns", "n": 1, "of": "C", "after": 0, "ends_at": 1}
    )
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration.parts[2] must be a part "
        "that follows 'A', as parts[0] does (the parts that follow a combatant "
        "follow the same one), got {'kind': 'until_end_of_next_turns', 'n': 1, "
        "'of': 'C', 'af… (80 characters)"
    )


def test_binding_refuses_the_same_shape() -> None:
    enc = Encounter.create(["A", "B", "C"]).advance().state
    duration = FirstOf(Rounds(3), UntilEndOfNextTurns(of="C"))
    assert _message(
        lambda: enc.add_effect("sus", source="A", target="B", duration=duration),
        ParameterError,
    ) == (
        "anchors of the FirstOf parts must be one combatant (parts that follow "
        "a clock follow the same one), got ('A', 'C')"
    )


def test_a_first_of_that_follows_one_combatant_loads_and_leaves_right() -> None:
    enc = _sustained()
    loaded = Encounter.from_json(_json(enc))
    assert loaded == enc
    step = loaded.leave("C")  # C is no anchor: the effect stays as it is
    assert [type(e).__name__ for e in step.events] == ["CombatantLeft"]
    assert step.state.effects == enc.effects
    step = loaded.leave("A")  # the anchor leaves: the parts follow B
    assert step.state.effects[0].duration == FirstOf(
        Rounds(3, "B", 3), UntilEvent("x", 0)
    )
    assert Encounter.from_json(_json(step.state)) == step.state


def test_a_standalone_first_of_is_read_without_an_encounter() -> None:
    # only the encounter sees whom the parts follow; a duration alone loads
    data = {
        "kind": "first_of",
        "parts": [
            {"kind": "rounds", "n": 3, "tick_on": "A", "ends_at": 4},
            {"kind": "until_end_of_next_turns", "n": 1, "of": "C"},
        ],
    }
    assert duration_from_json(data) == FirstOf(
        Rounds(3, "A", 4), UntilEndOfNextTurns(1, "C")
    )


# ------------------------------------------------- operations stay loadable


def _loaded(change: Callable[[dict[str, Any]], None]) -> Encounter:
    data = _json(Encounter.create(["A", "B"]).advance().state)
    change(data)
    return Encounter.from_json(data)


def test_the_round_stops_where_json_does() -> None:
    enc = _loaded(lambda d: d.update(round=TOP))
    # B's turn in the last round still starts; the next round cannot
    last = enc.advance().state
    assert last.round == TOP
    assert Encounter.from_json(_json(last)) == last
    assert _message(lambda: enc.advance(2), RulesError) == (
        f"the round would reach 9223372036854775808, {OVER}"
    )


def test_a_signal_count_stops_where_json_does() -> None:
    enc = _loaded(lambda d: d.update(signals={"x": TOP - 1}))
    enc = enc.signal("x").state
    assert enc.signals("x") == TOP
    assert Encounter.from_json(_json(enc)) == enc
    assert _message(lambda: enc.signal("x"), RulesError) == (
        f"the signals of the event 'x' would reach 9223372036854775808, {OVER}"
    )


def test_the_automatic_effect_ids_stop_where_json_does() -> None:
    enc = _loaded(lambda d: d.update(next_effect=TOP - 1))
    enc = enc.add_effect("a", source="A", target="A", duration=Permanent()).state
    assert enc.effects[-1].id == "e9223372036854775806"
    assert enc.next_effect == TOP
    assert Encounter.from_json(_json(enc)) == enc
    add = enc.add_effect
    assert _message(
        lambda: add("b", source="A", target="A", duration=Permanent()), RulesError
    ) == (
        "the automatic effect ids have run out: the number after "
        f"'e9223372036854775807' would be 9223372036854775808, {OVER}; give an "
        "effect_id"
    )
    named = add("b", source="A", target="A", duration=Permanent(), effect_id="b")
    assert Encounter.from_json(_json(named.state)) == named.state


def _combatant(**fields: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["combatants"][1].update(fields)

    return change


def test_turns_checks_and_slots_name_what_overflows_not_a_field() -> None:
    # the refusal says what advance() or record_check() would count, in
    # words, not the combatant's internal field (turns, checks, actions)
    enc = _loaded(_combatant(turns=TOP))
    assert _message(enc.advance, RulesError) == (
        f"the turns 'B' has started would reach 9223372036854775808, {OVER}"
    )
    enc = _loaded(_combatant(checks=TOP))
    assert _message(lambda: enc.record_check("B"), RulesError) == (
        f"the checks 'B' has made would reach 9223372036854775808, {OVER}"
    )
    enc = _loaded(_combatant(actions=TOP, turn_start_actions=TOP))
    assert enc.advance().state.actions_used("B") == TOP  # a slot: none to fill
    assert _message(lambda: enc.advance(2), RulesError) == (
        "the action slots 'B' has used would reach 9223372036854775808 as its "
        f"turn ends (its unused slots elapse), {OVER}"
    )


def test_a_counted_duration_that_would_end_beyond_json_is_refused() -> None:
    enc = _loaded(_combatant(actions=TOP - 1, checks=TOP - 2))
    assert _message(
        lambda: enc.add_effect("x", source="A", target="B", duration=Actions(2)),
        RulesError,
    ) == (
        "the actions duration of 2 from 9223372036854775806, the count of 'B' "
        f"now, would end at 9223372036854775808, {OVER}"
    )
    fits = enc.add_effect("x", source="A", target="B", duration=NextChecks(2))
    assert Encounter.from_json(_json(fits.state)) == fits.state
    assert MAX_COUNT == 2**62


# ----------------------------------------------------------------- counters


def test_duplicate_counter_names_are_refused() -> None:
    def twice(data: dict[str, Any]) -> None:
        data["combatants"][1]["counters"] = [
            {"name": "r", "value": 1, "reset": "round"},
            {"name": "r", "value": 5, "reset": "turn"},
        ]

    data = _json(Encounter.create(["A", "B"]).advance().state)
    twice(data)
    assert _refused(data) == (
        "malformed encounter JSON: combatants[1].counters[1].name must be a name "
        "no other counter of the combatant has, got 'r'"
    )
    assert _message(
        lambda: Combatant("B", counters=(Counter("r", 1), Counter("r", 5))),
        ParameterError,
    ) == ("counters[1].name must be a name no other counter has, got 'r'")


def test_a_counter_without_a_name_is_refused() -> None:
    data = _json(Encounter.create(["A", "B"]).advance().state)
    data["combatants"][0]["counters"] = [{"name": "", "value": 1, "reset": "turn"}]
    assert _refused(data) == (
        "malformed encounter JSON: combatants[0].counters[0].name must be a "
        "non-empty string (the counter's name), got ''"
    )


def test_counters_count_keeps_load_back() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.count("B", "r").state.count("B", "r", 4, reset=CounterReset.TURN).state
    assert enc.combatant("B").counters == (Counter("r", 5, CounterReset.TURN),)
    assert Encounter.from_json(_json(enc)) == enc


# --------------------------------------------------------------- until_event


def _waiting() -> Encounter:
    enc = Encounter.create(["A", "B"]).advance().state
    return enc.add_effect("w", source="A", target="B", duration=UntilEvent("x")).state


def test_an_until_event_that_saw_more_signals_than_counted_is_refused() -> None:
    # PF2E-R05: only signals after the effect was added count
    data = _json(_waiting())
    data["effects"][0]["duration"]["seen"] = 5
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration.seen must be at most 0, "
        "how often the encounter has signalled 'x' (signals), got 5"
    )
    data["signals"] = {"x": 5}
    assert Encounter.from_json(data).remaining("e1") is None  # 5 of 5 seen


def test_an_until_event_part_is_checked_too() -> None:
    data = _json(
        _sustained()
        .signal("x")
        .state.add_effect(
            "s2", source="A", target="B", duration=FirstOf(Rounds(2), UntilEvent("x"))
        )
        .state
    )
    assert data["effects"][0]["duration"]["parts"][1]["seen"] == 1
    data["effects"][0]["duration"]["parts"][1]["seen"] = 2
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration.parts[1].seen must be at "
        "most 1, how often the encounter has signalled 'x' (signals), got 2"
    )


# ------------------------------------------------------------------ the end


def test_an_ended_encounter_holds_no_turn_counted_effect() -> None:
    # DS4-R10: a round lasts 5 s; end() made Bless's 3 rounds 15 s of game time
    enc = Encounter.create(["A", "B"], round_seconds=5).advance().state
    enc = enc.add_effect("Bless", source="A", target="B", duration=Rounds(3)).state
    ended = enc.end().state
    assert ended.effects[0].duration == GameTime(15, 15)
    assert Encounter.from_json(_json(ended)) == ended
    data = _json(enc)
    data.update(ended=True, current=None)
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration must be a duration not "
        "counted in rounds once the encounter has ended (end() turns such "
        "durations into game_time), got {'kind': 'rounds', 'n': 3, 'tick_on': "
        "'A', 'ends_at': 4}"
    )


def test_an_ended_encounter_refuses_a_turn_counted_part() -> None:
    data = _json(_sustained())
    data.update(ended=True, current=None)
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration.parts[0] must be a "
        "duration not counted in rounds once the encounter has ended (end() "
        "turns such durations into game_time), got {'kind': 'rounds', 'n': 3, "
        "'tick_on': 'A', 'ends_at': 4}"
    )
    ended = _sustained().end().state
    assert Encounter.from_json(_json(ended)) == ended


# ------------------------------------------------ what the operations refuse


def test_an_effect_without_a_source_or_name_is_refused() -> None:
    enc = _waiting()
    assert _message(
        lambda: enc.add_effect("w", source="", target="B", duration=Permanent()),
        ParameterError,
    ) == ("source must be a non-empty string, got ''")
    data = _json(enc)
    data["effects"][0]["source"] = ""
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].source must be a non-empty string, got ''"
    )
    data = _json(enc)
    data["effects"][0]["name"] = ""
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].name must be a non-empty string, got ''"
    )


def test_a_game_time_ending_before_its_length_from_zero_is_refused() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("g", source="A", target="B", duration=GameTime(6)).state
    data = _json(enc)
    assert data["effects"][0]["duration"]["ends_at"] == "6"
    data["effects"][0]["duration"]["ends_at"] = "-1"
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration.ends_at must be an exact "
        "number >= seconds (6) as a string, or null (it is the clock when bound, "
        "never below 0, plus seconds), got '-1'"
    )


@pytest.mark.parametrize("kind", ["round_started", "round_ended"])
def test_a_round_event_of_round_0_is_refused(kind: str) -> None:
    with pytest.raises(SchemaError) as info:
        event_from_json({"type": kind, "round": 0})
    assert str(info.value) == (
        f"malformed {kind} event JSON: round must be an integer from 1 to "
        "2**63 - 1, got 0"
    )


@pytest.mark.parametrize("kind", ["turn_started", "turn_ended"])
def test_a_turn_event_of_round_0_is_refused(kind: str) -> None:
    with pytest.raises(SchemaError) as info:
        event_from_json({"type": kind, "round": 0, "combatant": "A"})
    assert str(info.value) == (
        f"malformed {kind} event JSON: round must be an integer from 1 to "
        "2**63 - 1, got 0"
    )


def test_an_encounter_ended_before_round_1_says_round_0() -> None:
    events = Encounter.create(["A"]).end().events
    assert [event_to_json(e) for e in events] == [
        {"type": "encounter_ended", "round": 0}
    ]
    assert tuple(event_from_json(event_to_json(e)) for e in events) == events


@pytest.mark.parametrize("data", [{}, {"round": 1}])
def test_an_event_without_a_type_says_type_is_required(data: dict[str, Any]) -> None:
    with pytest.raises(SchemaError) as info:
        event_from_json(data)
    assert str(info.value) == (
        "malformed event JSON: type is required (the name of an event: "
        "round_started, effect_added…)"
    )
    assert info.value.path == "type"
