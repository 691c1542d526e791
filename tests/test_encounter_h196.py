"""What the constructors accept loads back; a lost turn's delay message (h196)."""

from __future__ import annotations

import pytest

from rollwerk import Combatant, Encounter
from rollwerk.encounter import Counter, CounterReset
from rollwerk.errors import ParameterError, RulesError


def test_a_combatant_json_refuses_is_refused_when_made() -> None:
    """docs/encounter.md: every state the operations leave loads back."""
    with pytest.raises(ParameterError) as info:
        Combatant("X", actions=1, turn_start_actions=5)
    assert str(info.value) == (
        "turn_start_actions must be an integer from 0 to actions (1): the actions "
        "used when the turn started, got 5"
    )
    with pytest.raises(ParameterError) as info:
        Counter("", 1, CounterReset.ROUND)
    assert str(info.value) == "name must be a non-empty string, got ''"
    made = Combatant("X", actions=5, turn_start_actions=5)
    enc = Encounter.create(["A", made])
    assert Encounter.from_json(enc.to_json()) == enc


def test_a_delay_after_the_place_has_come_says_so() -> None:
    enc = Encounter.create(["A", "B", "C", "D"]).advance(2).state  # round 1, B
    enc = enc.delay("C", after="A").state  # behind A: its place has passed
    with pytest.raises(RulesError) as info:
        enc.delay("C", after="D")
    assert str(info.value) == (
        "'C' can only delay before its turn starts; its place in round 1 has "
        "already come"
    )


def test_a_delay_to_the_place_held_changes_no_effect() -> None:
    enc = Encounter.create(["A", "B", "C"]).advance(1).state  # round 1, A
    delayed = enc.delay("C", after="B")
    assert delayed.state.order == enc.order
    assert delayed.state.effects == enc.effects


def test_describe_events_refuses_an_unknown_language_with_no_events() -> None:
    """As Timeline.describe does with an empty log (docs/encounter.md)."""
    from rollwerk.encounter import describe_events

    assert describe_events([], "de") == []
    with pytest.raises(ParameterError) as info:
        describe_events([], "xx")
    assert str(info.value) == "lang must be 'en' or 'de', got 'xx'"


@pytest.mark.parametrize(
    ("duration", "message"),
    [
        (
            {"kind": "rounds", "n": 2, "tick_on": "A", "ends_at": 1000},
            (
                "effects[0].duration.ends_at must be an end at most 2 rounds away, its "
                "length (999 would remain), got 1000"
            ),
        ),
        (
            {
                "kind": "until_end_of_next_turns",
                "n": 1,
                "of": "B",
                "after": 0,
                "ends_at": 500,
            },
            (
                "effects[0].duration.ends_at must be an end at most 1 turn away, its "
                "length (500 would remain), got 500"
            ),
        ),
        (
            {"kind": "game_time", "seconds": "6", "ends_at": "6000"},
            (
                "effects[0].duration.ends_at must be an end at most 6 seconds away, its "
                "length (6000 would remain), got '6000'"
            ),
        ),
    ],
)
def test_a_bound_duration_with_more_than_its_length_to_go_is_refused(
    duration: dict[str, object], message: str
) -> None:
    """docs/json.md: a document loads only as some operations could leave it."""
    from rollwerk import Rounds
    from rollwerk.errors import SchemaError

    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("Bless", source="A", target="B", duration=Rounds(2)).state
    data = enc.to_json()
    assert Encounter.from_json(data) == enc  # as written, 2 rounds to go
    data["effects"][0]["duration"] = duration
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    assert str(info.value) == f"malformed encounter JSON: {message}"
