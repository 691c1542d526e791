"""Timeline.from_json sets the error's document, path and expected, as every loader does.

docs/json.md: every loader names the path of the bad field and what was
expected (the error's ``document``, ``path`` and ``expected``). The
timeline's errors said so in their message only; their attributes were
``None``. The messages are unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwerk.encounter import Encounter, Timeline
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
        "malformed timeline JSON: states[1]: malformed encounter JSON: "
        "combatants[0].initiative must be an integer, got 'x'"
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
    assert str(error).startswith(
        "malformed timeline JSON: log[0][0]: malformed event JSON"
    )
    assert (error.document, error.path) == ("timeline", "log[0][0]")
