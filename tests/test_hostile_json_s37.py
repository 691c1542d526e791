"""Documents a hostile-input fuzzer (helper-186, session 37) found loading.

docs/json.md: loaders never coerce, and load only what the library
writes or what operations could have left.
"""

from __future__ import annotations

from typing import Any

import pytest

from rollwerk import SeededRng
from rollwerk.checks import Outcome
from rollwerk.checks._levels import is_word
from rollwerk.encounter import Encounter, Rounds, event_from_json, event_to_json
from rollwerk.errors import SchemaError


def _ticked() -> dict[str, Any]:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=Rounds(3)).state
    for _ in range(4):
        step = enc.advance()
        for event in step.events:
            data = event_to_json(event)
            if data["type"] == "effect_ticked":
                return data
        enc = step.state
    raise AssertionError("no effect_ticked event")


@pytest.mark.parametrize("bad", ["2", "-0", "02", "4/2"])
def test_remaining_is_a_string_only_where_an_integer_cannot_say_it(bad: str) -> None:
    data = _ticked()
    assert isinstance(data["remaining"], int)
    event_from_json(data)
    with pytest.raises(SchemaError) as caught:
        event_from_json(dict(data, remaining=bad))
    assert str(caught.value) == (
        "malformed effect_ticked event JSON: remaining must be an integer from 0 "
        "to 2**63 - 1, or an exact number >= 0 that is not one as a string "
        f"('5/2', or past 2**63 - 1), got {bad!r}"
    )


def test_a_fraction_and_a_count_past_64_bits_stay_strings() -> None:
    data = _ticked()
    assert event_from_json(dict(data, remaining="5/2")).remaining == 2.5  # type: ignore[attr-defined]
    assert event_from_json(dict(data, remaining=str(2**63))).remaining == 2**63  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "signalled", "event": "", "count": 1},
            "malformed signalled event JSON: event must be a non-empty string, got ''",
        ),
        (
            {"type": "signalled", "event": "x", "count": 0},
            (
                "malformed signalled event JSON: count must be an integer from 1 to "
                "2**63 - 1, got 0"
            ),
        ),
        (
            {"type": "turn_started", "round": 1, "combatant": ""},
            (
                "malformed turn_started event JSON: combatant must be a non-empty "
                "string, got ''"
            ),
        ),
        (
            {"type": "check_recorded", "combatant": "B", "total": 0},
            (
                "malformed check_recorded event JSON: total must be an integer from 1 "
                "to 2**63 - 1, got 0"
            ),
        ),
        (
            {"type": "action_spent", "combatant": "B", "total": 0},
            (
                "malformed action_spent event JSON: total must be an integer from 1 "
                "to 2**63 - 1, got 0"
            ),
        ),
    ],
)
def test_events_no_operation_leaves_are_refused(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(SchemaError) as caught:
        event_from_json(data)
    assert str(caught.value) == message


def test_a_seed_past_64_bits_is_read_as_written_without_a_leading_zero() -> None:
    saved = SeededRng(2**64).to_json()
    assert SeededRng.from_json(dict(saved, seed=str(2**63))).to_json()["seed"] == str(
        2**63
    )
    with pytest.raises(SchemaError):
        SeededRng.from_json(dict(saved, seed="0" + str(2**63)))


@pytest.mark.parametrize("level", ["\u00a0", "a\u2003b", "a\u200bb", "\x00"])
def test_a_level_is_printable_text_without_any_space(level: str) -> None:
    assert not is_word(level)
    data = {
        "success": True,
        "degree": "success",
        "value": 1,
        "rolled": True,
        "level": level,
    }
    with pytest.raises(SchemaError) as caught:
        Outcome.from_json(data)
    assert caught.value.path == "level"


def test_a_turn_cannot_start_with_more_actions_than_are_used() -> None:
    state = Encounter.create(["A", "B"]).advance().state.to_json()
    state["combatants"][0].update(actions=0, turn_start_actions=5)
    with pytest.raises(SchemaError) as caught:
        Encounter.from_json(state)
    assert str(caught.value) == (
        "malformed encounter JSON: combatants[0].turn_start_actions must be an "
        "integer from 0 to actions (0): the actions used when the turn started, "
        "got 5"
    )


@pytest.mark.parametrize("clock", ["-0", "-0/1"])
def test_a_clock_has_no_sign(clock: str) -> None:
    state = Encounter.create(["A", "B"]).to_json()
    with pytest.raises(SchemaError) as caught:
        Encounter.from_json(dict(state, clock=clock))
    assert caught.value.path == "clock"


def test_a_huge_integer_where_an_exact_string_belongs_is_refused() -> None:
    """The signed-zero check once wrote the number out: past 4 300 digits
    Python refuses that (a ValueError, found by the JSON fuzz test)."""
    from rollwerk.encounter import duration_from_json

    with pytest.raises(SchemaError) as caught:
        duration_from_json({"kind": "game_time", "seconds": 10**5000, "ends_at": "40"})
    assert caught.value.path == "seconds"
