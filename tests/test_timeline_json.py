"""A Timeline round-trips through JSON, so undo survives a save (issue 20, part 3)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rollwerk import Modifier, SchemaError
from rollwerk.encounter import (
    Actions,
    Combatant,
    Concentration,
    Encounter,
    GameTime,
    NextChecks,
    Permanent,
    Rounds,
    Timeline,
    UntilCondition,
    UntilEndOfNextTurns,
    UntilEvent,
    event_from_json,
    event_to_json,
)
from rollwerk.encounter import _events as ev


def _story() -> Timeline:
    """A timeline whose log holds every kind of event."""
    enc = Encounter.create(
        [
            Combatant("k", "Kyra", 15),
            Combatant("v", "Valeros", 12),
            Combatant("z", "Zed"),
        ],
        round_seconds=6,
        actions_per_round=2,
    )
    tl = Timeline.start(enc)
    steps: list[Callable[[Encounter], Any]] = [
        Encounter.advance,
        lambda s: s.add_effect(
            "Bless",
            source="k",
            target="v",
            duration=Rounds(2),
            modifiers=[Modifier(1, "Bless", "status")],
        ),
        lambda s: s.add_effect(
            "Guard", source="k", target="k", duration=UntilEndOfNextTurns()
        ),
        lambda s: s.add_effect(
            "Focus", source="z", target="z", duration=Concentration()
        ),
        lambda s: s.add_effect("Lock", source="v", target="v", duration=Actions(3)),
        lambda s: s.add_effect("Aid", source="k", target="z", duration=NextChecks()),
        lambda s: s.add_effect(
            "Light", source="k", target="k", duration=GameTime(Fraction(15, 2))
        ),
        lambda s: s.add_effect(
            "Mark", source="v", target="k", duration=UntilEvent("dawn")
        ),
        lambda s: s.add_effect("Curse", source="v", target="z", duration=Permanent()),
        lambda s: s.spend_action("v", 1),
        lambda s: s.record_check("z"),
        lambda s: s.count("k", "reactions"),
        lambda s: s.delay("z", after="v"),
        lambda s: s.advance(2),
        lambda s: s.join(Combatant("m", "Merisiel", 20)),
        lambda s: s.remove_effect("e8"),
        lambda s: s.refresh_effect("e1"),
        lambda s: s.signal("dawn"),
        lambda s: s.end_concentration("z"),
        lambda s: s.advance(3),
        lambda s: s.leave("k"),
        lambda s: s.end(),
        lambda s: s.pass_time(Fraction(7, 2)),
    ]
    for step in steps:
        tl = tl.do(step)
    return tl


def test_every_event_kind_occurs_in_the_story() -> None:
    seen = {type(e) for e in _story().events}
    assert seen == set(ev._EVENT_TYPES)


def test_timeline_round_trips_and_undo_survives_reload() -> None:
    tl = _story()
    text = json.dumps(tl.to_json())
    again = Timeline.from_json(json.loads(text))
    assert again == tl
    assert again.events == tl.events
    for steps in range(len(tl)):
        assert again.rewind(steps) == tl.rewind(steps)
    # going back brings the effects that expired or were removed since
    assert [e.name for e in again.current.effects] == ["Bless"]
    assert [e.name for e in again.restore(9).current.effects] == [
        "Bless", "Guard", "Focus", "Lock", "Aid", "Light", "Mark", "Curse"
    ]  # fmt: skip


def test_document_shape() -> None:
    tl = Timeline.start(Encounter.create(["A"])).do(Encounter.advance)
    data = tl.to_json()
    assert sorted(data) == ["log", "schema", "states"]
    assert data["schema"] == 1
    assert data["states"] == [s.to_json() for s in tl.states]
    assert data["log"] == [
        [
            {"type": "round_started", "round": 1},
            {"type": "turn_started", "round": 1, "combatant": "A"},
        ]
    ]


@pytest.mark.parametrize("event", list(_story().events), ids=lambda e: type(e).__name__)
def test_each_event_round_trips(event: ev.Event) -> None:
    data = event_to_json(event)
    assert json.loads(json.dumps(data)) == data
    assert event_from_json(data) == event


def test_fractions_are_written_exactly() -> None:
    data = event_to_json(ev.TimePassed(Fraction(7, 2), Fraction(15)))
    assert data == {"type": "time_passed", "seconds": "7/2", "clock": "15"}
    added = next(e for e in _story().events if isinstance(e, ev.EffectAdded))
    ticked = ev.EffectTicked(added.effect, Fraction(9, 2), "seconds")
    assert event_to_json(ticked)["remaining"] == "9/2"
    assert event_from_json(event_to_json(ticked)) == ticked


def test_until_condition_cannot_be_saved() -> None:
    tl = Timeline.start(Encounter.create(["A"])).do(
        lambda s: s.add_effect(
            "x",
            source="A",
            target="A",
            duration=UntilCondition(lambda v: False, "never"),
        )
    )
    with pytest.raises(SchemaError, match="until_condition duration"):
        tl.to_json()


def _doc() -> dict[str, Any]:
    return copy.deepcopy(_SAVED)


_SAVED = (
    Timeline.start(Encounter.create(["A", "B"]))
    .do(Encounter.advance)
    .do(lambda s: s.add_effect("Bless", source="A", target="B", duration=Rounds(1)))
    .to_json()
)


def _set(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return change


_DELETE = object()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set(("schema",), 2), "malformed timeline JSON: schema must be 1, got 2"),
        (
            _set(("schema",), True),
            "malformed timeline JSON: schema must be 1, got True",
        ),
        (
            _set(("extra",), 1),
            (
                "malformed timeline JSON: extra is not a field (the fields are "
                "schema, states, log)"
            ),
        ),
        (
            _set(("states",), []),
            (
                "malformed timeline JSON: states must be a non-empty array of encounters, "
                "got []"
            ),
        ),
        (
            _set(("states",), _DELETE),
            (
                "malformed timeline JSON: states is required (a non-empty array of "
                "encounters)"
            ),
        ),
        (
            _set(("log",), [[]]),
            (
                "malformed timeline JSON: log must be an array of 2 event groups (one per "
                "step), got an array of 1"
            ),
        ),
        (
            _set(("log",), {}),
            (
                "malformed timeline JSON: log must be an array of 2 event groups (one per "
                "step), got {}"
            ),
        ),
        (
            _set(("log",), "x" * 500),  # found by fuzzing: was shown in full
            (
                "malformed timeline JSON: log must be an array of 2 event groups (one per "
                "step), got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… "
                "(500 characters)"
            ),
        ),
        (
            _set(("log",), 10**5000),  # repr() of it raised ValueError
            (
                "malformed timeline JSON: log must be an array of 2 event groups (one per "
                "step), got an integer of 5001 digits"
            ),
        ),
        (
            _set(("log", 1), "x"),
            "malformed timeline JSON: log[1] must be an array of events, got 'x'",
        ),
        (
            _set(("log", 0, 0, "type"), "round_begun"),
            (
                "malformed timeline JSON: log[0][0].type must be the name of an event "
                "(round_started, effect_added…), got 'round_begun' "
                "(did you mean 'round_ended'?)"
            ),
        ),
        (
            _set(("log", 0, 1, "round"), "1"),
            (
                "malformed timeline JSON: log[0][1].round must be an integer "
                "from 1 to 2**63 - 1, got '1'"
            ),
        ),
        (
            _set(("log", 0, 1, "round"), True),
            (
                "malformed timeline JSON: log[0][1].round must be an integer "
                "from 1 to 2**63 - 1, got True"
            ),
        ),
        (
            _set(("log", 0, 1, "combatant"), _DELETE),
            ("malformed timeline JSON: log[0][1].combatant is required (a string)"),
        ),
        (
            _set(("log", 0, 1, "seat"), 2),
            (
                "malformed timeline JSON: log[0][1].seat is not a field "
                "(the fields are type, round, combatant)"
            ),
        ),
        (
            _set(("log", 0, 0), [1]),
            ("malformed timeline JSON: log[0][0] must be an object, got [1]"),
        ),
        (
            _set(("log", 1, 0, "effect"), "Bless"),
            (
                "malformed timeline JSON: log[1][0].effect must be an object, "
                "got 'Bless'"
            ),
        ),
        (
            _set(("log", 1, 0, "effect", "duration", "kind"), "fortnight"),
            (
                "malformed timeline JSON: log[1][0].effect.duration.kind "
                "must be one of actions, "
            ),
        ),
        (
            _set(("states", 1), "state"),
            "malformed timeline JSON: states[1] must be an object, got 'state'",
        ),
        (
            _set(("states", 2, "round"), "two"),
            (
                "malformed timeline JSON: states[2].round must be an integer from 0 "
                "to 2**63 - 1, got 'two'"
            ),
        ),
    ],
)
def test_malformed_timeline_is_refused(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(SchemaError) as info:
        Timeline.from_json(doc)
    assert str(info.value).startswith(message)


def test_a_non_object_is_refused() -> None:
    with pytest.raises(SchemaError) as info:
        Timeline.from_json([])  # type: ignore[arg-type]
    assert (
        str(info.value)
        == "malformed timeline JSON: the document must be an object, got []"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "time_passed", "seconds": "1.5", "clock": "3"},
            (
                "malformed time_passed event JSON: seconds must be an exact number as a "
                "string ('6', '15/2'), got '1.5'"
            ),
        ),
        (
            {"type": "time_passed", "seconds": "1/0", "clock": "3"},
            (
                "malformed time_passed event JSON: seconds must be an exact number as a "
                "string ('6', '15/2'), got '1/0'"
            ),
        ),
        (
            {"type": "combatant_joined", "combatant": "A", "next_round": "no"},
            (
                "malformed combatant_joined event JSON: next_round must be true or false, "
                "got 'no'"
            ),
        ),
        (
            {"type": "signalled", "event": 3, "count": 1},
            "malformed signalled event JSON: event must be a string, got 3",
        ),
        (
            {
                "type": "effect_removed",
                "effect": _SAVED["log"][1][0]["effect"],
                "reason": "gone",
            },
            (
                "malformed effect_removed event JSON: reason must be one of 'requested', "
                "'replaced', 'target_left', got 'gone'"
            ),
        ),
        (
            {
                "type": "effect_ticked",
                "effect": _SAVED["log"][1][0]["effect"],
                "remaining": 1.5,
                "unit": "rounds",
            },
            (
                "malformed effect_ticked event JSON: remaining must be an integer "
                "from 0 to 2**63 - 1, or an exact number >= 0 that is not one as a "
                "string ('5/2', or past 2**63 - 1), got 1.5"
            ),
        ),
    ],
)
def test_malformed_events_are_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(SchemaError) as info:
        event_from_json(data)
    assert str(info.value) == message
