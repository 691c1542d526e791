"""Timeline.from_json sets the error's document, path and expected, as every loader does.

docs/json.md: every loader names the path of the bad field and what was
expected (the error's ``document``, ``path`` and ``expected``). The
timeline's errors said so in their message only; their attributes were
``None``. A document inside the timeline is reported once, as the timeline,
with the whole path.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwerk.encounter import Encounter, Rounds, Timeline
from rollwerk.errors import SchemaError


def _saved() -> dict[str, Any]:
    tl = Timeline.start(Encounter.create(["A", "B"])).do(Encounter.advance)
    data: dict[str, Any] = json.loads(json.dumps(tl.to_json()))
    return data


def _error(data: object) -> SchemaError:
    with pytest.raises(SchemaError) as info:
        Timeline.from_json(data)  # type: ignore[arg-type]
    return info.value


def test_a_bad_field_inside_a_state_has_its_whole_path() -> None:
    data = _saved()
    data["states"][1]["combatants"][0]["initiative"] = "x"
    error = _error(data)
    assert str(error) == (
        "malformed timeline JSON: states[1].combatants[0].initiative must be "
        "an integer, got 'x'"
    )
    assert (error.document, error.path, error.expected) == (
        "timeline",
        "states[1].combatants[0].initiative",
        "an integer",
    )


def test_the_timeline_own_fields_have_path_and_expected() -> None:
    data = _saved()
    data["log"] = []
    error = _error(data)
    assert str(error) == (
        "malformed timeline JSON: log must be an array of 1 event groups "
        "(one per step), got an array of 0"
    )
    assert (error.document, error.path, error.expected) == (
        "timeline",
        "log",
        "an array of 1 event groups (one per step)",
    )
    error = _error({**_saved(), "extra": 1})
    assert (error.document, error.path, error.expected) == (
        "timeline",
        "extra",
        "no such field",
    )
    error = _error([])
    assert (
        str(error) == "malformed timeline JSON: the document must be an object, got []"
    )
    assert (error.document, error.path, error.expected) == ("timeline", "", "an object")


def test_a_bad_event_is_located_by_its_place_in_the_log() -> None:
    data = _saved()
    data["log"][0][0]["type"] = "nope"
    error = _error(data)
    assert str(error) == (
        "malformed timeline JSON: log[0][0].type must be the name of an event "
        "(round_started, effect_added…), got 'nope'"
    )
    assert (error.document, error.path, error.expected) == (
        "timeline",
        "log[0][0].type",
        "the name of an event (round_started, effect_added…)",
    )


def test_a_document_deep_inside_is_reported_once_with_its_whole_path() -> None:
    """A timeline's event's effect's duration: one prefix, one path.

    The nested loaders each prefixed their own ``malformed … JSON:``, so
    a duration kind four documents deep took 403 characters (found by the
    JSON fuzz test).
    """
    timeline = (
        Timeline.start(Encounter.create(["A", "B"]))
        .do(Encounter.advance)
        .do(lambda s: s.add_effect("Bless", source="A", target="B", duration=Rounds(1)))
    )
    data: dict[str, Any] = json.loads(json.dumps(timeline.to_json()))
    assert data["log"][1][0]["type"] == "effect_added"
    data["log"][1][0]["effect"]["duration"]["kind"] = {"x": None}
    error = _error(data)
    # the kinds listed depend on the plugins installed
    message = str(error)
    assert message.startswith(
        "malformed timeline JSON: log[1][0].effect.duration.kind "
        "must be one of actions, concentration, first_of, "
    )
    assert message.endswith(", until_event, got {'x': None}")
    assert message.count("malformed") == 1
    assert (error.document, error.path) == (
        "timeline",
        "log[1][0].effect.duration.kind",
    )
