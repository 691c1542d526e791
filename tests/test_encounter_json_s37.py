"""Encounter JSON refuses what no operation leaves, in JSON's words (helper-183).

Findings of a held-out VTT tester working from the docs: each duration
kind's ``from_json`` took any kind (``Rounds.from_json`` read an
``actions`` duration and would write it back as ``rounds``), an encounter
loaded a signal ``""`` that ``signal("")`` refuses, a missing duration
kind said ``got None``, core kinds said ``at effects[0].duration: n …``
where the documented form is ``effects[0].duration.n …``, ranges were
stated wrong (``round`` "from 0" then refused 0; ``turns`` "from -2**63";
a clock's example ``'-5/2'``), JSON errors spoke Python (``Fraction(-1,
2)``, ``None unless slot is True``), the timeline's unknown field had its
own wording, ``Instant.from_json`` did not exist, and an ``UntilCondition``
predicate that raises was undocumented (PF2E-R05).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rollwerk import Encounter, ParameterError, SchemaError
from rollwerk.encounter import (
    DURATION_KINDS,
    Actions,
    Concentration,
    FirstOf,
    GameTime,
    Instant,
    NextChecks,
    Permanent,
    Rounds,
    Timeline,
    UntilCondition,
    UntilEndOfEncounter,
    UntilEndOfNextTurns,
    UntilEndOfTurn,
    UntilEvent,
    duration_from_json,
    event_from_json,
)

_CORE = (
    "actions, concentration, first_of, game_time, instant, next_checks, "
    "permanent, rounds, until_end_of_encounter, until_end_of_next_turns, "
    "until_end_of_turn, until_event"
)
"""The core's kinds, as a refusal lists them when ``kinds={}`` is given."""


def _encounter(**fields: Any) -> dict[str, Any]:
    data = Encounter.create(["A", "B"]).to_json()
    data.update(copy.deepcopy(fields))
    return data


def _effect(duration: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"id": "e1", "name": "x", "source": "A", "target": "A", "duration": duration}
    ]


def _refusal(load: Any, *args: Any, **kwargs: Any) -> SchemaError:
    with pytest.raises(SchemaError) as info:
        load(*args, **kwargs)
    return info.value


# -- 1: each kind's from_json reads its own kind only -----------------------------


_DECODERS = {
    Instant: {},
    Permanent: {},
    UntilEndOfEncounter: {},
    Rounds: {"n": 2},
    UntilEndOfNextTurns: {"n": 2},
    UntilEndOfTurn: {},
    Actions: {"n": 2},
    GameTime: {"seconds": "6"},
    NextChecks: {"n": 2},
    UntilEvent: {"event": "x"},
    Concentration: {},
    FirstOf: {"parts": [{"kind": "permanent"}, {"kind": "instant"}]},
}


@pytest.mark.parametrize("cls", list(_DECODERS), ids=lambda c: c.kind)
def test_each_kind_refuses_another_kind_and_a_missing_one(cls: Any) -> None:
    fields = _DECODERS[cls]
    assert cls.from_json({"kind": cls.kind, **fields}).kind == cls.kind
    other = "actions" if cls.kind != "actions" else "rounds"
    error = _refusal(cls.from_json, {"kind": other, **fields})
    assert str(error) == (
        f"malformed {cls.kind} duration JSON: kind must be {cls.kind!r}, got {other!r}"
    )
    assert (error.path, error.expected) == ("kind", repr(cls.kind))
    assert str(_refusal(cls.from_json, fields)) == (
        f"malformed {cls.kind} duration JSON: kind is required ({cls.kind!r})"
    )


def test_the_testers_cases_are_refused() -> None:
    assert str(_refusal(Rounds.from_json, {"kind": "actions", "n": 2})) == (
        "malformed rounds duration JSON: kind must be 'rounds', got 'actions'"
    )
    assert str(_refusal(Rounds.from_json, {"n": 2})) == (
        "malformed rounds duration JSON: kind is required ('rounds')"
    )
    assert str(_refusal(UntilEvent.from_json, {"kind": 5, "event": "x"})) == (
        "malformed until_event duration JSON: kind must be 'until_event', got 5"
    )


def test_the_table_holds_each_kinds_own_decoder() -> None:
    """reliability.md lists "each duration kind's from_json": they all have one."""
    assert DURATION_KINDS["instant"] == Instant.from_json
    assert DURATION_KINDS["permanent"] == Permanent.from_json
    assert DURATION_KINDS["until_end_of_encounter"] == UntilEndOfEncounter.from_json
    assert Instant.from_json({"kind": "instant"}) == Instant()
    assert str(
        _refusal(
            UntilEndOfEncounter.from_json, {"kind": "until_end_of_encounter", "n": 1}
        )
    ) == (
        "malformed until_end_of_encounter duration JSON: n is not a field "
        "(the fields are kind)"
    )


# -- 2: an encounter holds what the operations leave ------------------------------


def test_a_signal_named_empty_is_refused_as_signal_refuses_it() -> None:
    with pytest.raises(ParameterError) as info:
        Encounter.create(["A"]).signal("")
    assert str(info.value) == "event must be a non-empty string, got ''"
    error = _refusal(Encounter.from_json, _encounter(signals={"": 1}))
    assert str(error) == (
        "malformed encounter JSON: signals must be an object of non-empty event "
        "names to counts from 1 to 2**63 - 1, got {'': 1}"
    )
    assert error.path == "signals"


def test_a_signal_count_of_zero_is_refused_signal_counts_from_one() -> None:
    error = _refusal(Encounter.from_json, _encounter(signals={"x": 0}))
    assert str(error) == (
        "malformed encounter JSON: signals.x must be an integer from 1 to "
        "2**63 - 1, got 0"
    )
    enc, _ = Encounter.create(["A"]).signal("x")
    assert enc.to_json()["signals"] == {"x": 1}
    assert Encounter.from_json(enc.to_json()) == enc


def test_an_empty_combatant_id_is_named_at_its_path() -> None:
    data = _encounter()
    data["combatants"][0]["id"] = ""
    error = _refusal(Encounter.from_json, data)
    assert str(error) == (
        "malformed encounter JSON: combatants[0].id must be a non-empty string, got ''"
    )
    assert (error.path, error.expected) == ("combatants[0].id", "a non-empty string")


def test_a_modifiers_unknown_field_is_refused() -> None:
    effects = _effect({"kind": "permanent"})
    effects[0]["modifiers"] = [{"amount": 1, "source": "s", "kynd": "status"}]
    assert str(_refusal(Encounter.from_json, _encounter(effects=effects))) == (
        "malformed encounter JSON: effects[0].modifiers[0].kynd is not a field "
        "(the fields are amount, source, kind)"
    )


# -- 3: a missing kind is required, with the loader's structure -------------------


def test_a_missing_kind_says_it_is_required() -> None:
    error = _refusal(duration_from_json, {}, kinds={})
    assert str(error) == (f"malformed duration JSON: kind is required (one of {_CORE})")
    assert (error.path, error.expected, error.document) == (
        "kind",
        f"one of {_CORE}",
        "duration",
    )
    error = _refusal(duration_from_json, {"kind": "x"}, kinds={})
    assert str(error) == (
        f"malformed duration JSON: kind must be one of {_CORE}, got 'x'; kinds= "
        "was given, so only the core's kinds and those are read"
    )


def test_a_missing_kind_in_an_encounter_ends_its_path_in_kind() -> None:
    data = _encounter(effects=_effect({"n": 1}))
    error = _refusal(Encounter.from_json, data, kinds={})
    assert str(error) == (
        "malformed encounter JSON: effects[0].duration.kind is required "
        f"(one of {_CORE})"
    )
    assert (error.path, error.document) == ("effects[0].duration.kind", "encounter")


# -- 4: the documented path form ---------------------------------------------------


def test_a_core_count_is_named_at_its_path() -> None:
    duration = {"kind": "rounds", "n": 0, "tick_on": "A", "ends_at": 1}
    error = _refusal(Encounter.from_json, _encounter(effects=_effect(duration)))
    assert str(error) == (
        "malformed encounter JSON: effects[0].duration.n must be an integer from "
        "1 to 2**62, got 0"
    )
    assert (error.path, error.expected) == (
        "effects[0].duration.n",
        "an integer from 1 to 2**62",
    )
    error = _refusal(duration_from_json, {"kind": "actions", "n": 0})
    assert str(error) == (
        "malformed actions duration JSON: n must be an integer from 1 to 2**62, got 0"
    )
    assert (error.path, error.document) == ("n", "actions duration")


def test_an_empty_event_is_named_at_its_path() -> None:
    """PF2E-R05: an until_event names the event it waits for."""
    duration = {"kind": "until_event", "event": "", "seen": 0}
    error = _refusal(Encounter.from_json, _encounter(effects=_effect(duration)))
    assert str(error) == (
        "malformed encounter JSON: effects[0].duration.event must be a non-empty "
        "string, got ''"
    )
    assert error.path == "effects[0].duration.event"


# -- 5: the real ranges -------------------------------------------------------------


def test_a_round_of_a_turn_event_is_said_from_one() -> None:
    error = _refusal(event_from_json, {"type": "round_started", "round": None})
    assert str(error) == (
        "malformed round_started event JSON: round must be an integer from 1 to "
        "2**63 - 1, got None"
    )
    assert str(_refusal(event_from_json, {"type": "round_started", "round": 0})) == (
        "malformed round_started event JSON: round must be an integer from 1 to "
        "2**63 - 1, got 0"
    )
    # the encounter may end before round 1
    assert str(_refusal(event_from_json, {"type": "encounter_ended", "round": -1})) == (
        "malformed encounter_ended event JSON: round must be an integer from 0 to "
        "2**63 - 1, got -1"
    )


@pytest.mark.parametrize("field", ["turns", "actions", "turn_start_actions", "checks"])
def test_a_combatants_count_is_said_from_zero(field: str) -> None:
    data = _encounter()
    data["combatants"][0][field] = 2**63
    assert str(_refusal(Encounter.from_json, data)) == (
        f"malformed encounter JSON: combatants[0].{field} must be an integer from "
        "0 to 2**63 - 1, got 9223372036854775808"
    )


def test_the_clock_and_round_length_give_examples_they_take() -> None:
    for value in ("-5/2", "x"):
        assert str(_refusal(Encounter.from_json, _encounter(clock=value))) == (
            "malformed encounter JSON: clock must be an exact number >= 0 as a "
            f"string ('3' or '5/2', at most 40 digits each), got {value!r}"
        )
    assert str(_refusal(Encounter.from_json, _encounter(round_seconds="0"))) == (
        "malformed encounter JSON: round_seconds must be an exact number > 0 as a "
        "string ('6' or '5/2', at most 40 digits each), got '0'"
    )
    assert str(_refusal(Encounter.from_json, _encounter(next_effect=2**63))) == (
        "malformed encounter JSON: next_effect must be an integer from 0 to "
        "2**63 - 1, got 9223372036854775808"
    )


# -- 6: JSON's words in JSON errors -------------------------------------------------


def test_a_game_time_inside_first_of_is_refused_in_jsons_words() -> None:
    duration = {
        "kind": "first_of",
        "parts": [{"kind": "game_time", "seconds": "-1/2"}, {"kind": "permanent"}],
    }
    error = _refusal(Encounter.from_json, _encounter(effects=_effect(duration)))
    assert str(error) == (
        "malformed encounter JSON: effects[0].duration.parts[0].seconds must be an "
        "exact number > 0 as a string ('6' or '5/2', at most 40 digits each), "
        "got '-1/2'"
    )
    # Python's words stay for Python's constructor
    with pytest.raises(ParameterError) as info:
        GameTime(-1)
    assert str(info.value) == "seconds must be an int or Fraction > 0, got -1"


@pytest.mark.parametrize(
    ("load", "document", "message"),
    [
        (
            Rounds.from_json,
            {"kind": "rounds"},
            "malformed rounds duration JSON: n is required (an integer from 1 to 2**62)",
        ),
        (
            UntilEvent.from_json,
            {"kind": "until_event"},
            "malformed until_event duration JSON: event is required (a non-empty string)",
        ),
        (
            GameTime.from_json,
            {"kind": "game_time"},
            (
                "malformed game_time duration JSON: seconds is required (an exact "
                "number > 0 as a string ('6' or '5/2', at most 40 digits each))"
            ),
        ),
        (
            FirstOf.from_json,
            {"kind": "first_of"},
            (
                "malformed first_of duration JSON: parts is required (an array of "
                "at least two durations)"
            ),
        ),
        (
            event_from_json,
            {"type": "turn_started", "round": 1},
            "malformed turn_started event JSON: combatant is required (a string)",
        ),
        (
            event_from_json,
            {"type": "round_started"},
            (
                "malformed round_started event JSON: round is required (an integer "
                "from 1 to 2**63 - 1)"
            ),
        ),
    ],
)
def test_a_missing_field_says_what_it_may_hold(
    load: Any, document: dict[str, Any], message: str
) -> None:
    assert str(_refusal(load, document)) == message


def test_missing_encounter_fields_say_what_they_may_hold() -> None:
    data = _encounter()
    del data["order"]
    assert str(_refusal(Encounter.from_json, data)) == (
        "malformed encounter JSON: order is required (an array of every combatant's id)"
    )
    data = _encounter()
    data["combatants"][0]["counters"] = [{"name": "r", "value": 1}]
    assert str(_refusal(Encounter.from_json, data)) == (
        "malformed encounter JSON: combatants[0].counters[0].reset is required "
        "(one of 'round', 'turn')"
    )
    effects = _effect({"kind": "permanent"})
    del effects[0]["name"]
    assert str(_refusal(Encounter.from_json, _encounter(effects=effects))) == (
        "malformed encounter JSON: effects[0].name is required (a non-empty string)"
    )


# -- 7: the timeline's unknown field, in the documented wording --------------------


def test_a_timelines_unknown_field_is_worded_as_every_loaders() -> None:
    data = Timeline.start(Encounter.create(["A"])).to_json()
    data["x"] = 1
    error = _refusal(Timeline.from_json, data)
    assert str(error) == (
        "malformed timeline JSON: x is not a field (the fields are schema, states, log)"
    )
    assert (error.path, error.expected, error.document) == (
        "x",
        "no such field",
        "timeline",
    )
    del data["x"], data["log"]
    assert str(_refusal(Timeline.from_json, data)) == (
        "malformed timeline JSON: log is required (an array of 0 event groups "
        "(one per step))"
    )


# -- 9: an UntilCondition predicate that raises ------------------------------------


def test_a_predicate_that_raises_passes_unchanged_and_changes_nothing() -> None:
    """PF2E-R05: the predicate is the caller's code; its exception is not wrapped."""

    def dead(state: Any) -> bool:
        raise KeyError("hp")

    enc = Encounter.create(["A", "B"])
    enc, _ = enc.add_effect(
        "held", source="A", target="B", duration=UntilCondition(lambda s: s.round > 1)
    )
    before = enc
    with pytest.raises(KeyError) as info:
        enc.add_effect("dying", source="A", target="B", duration=UntilCondition(dead))
    assert info.value.args == ("hp",)
    assert enc == before
    assert len(enc.effects) == 1
    enc, _ = enc.advance()
    assert enc.round == 1
    assert len(enc.effects) == 1
