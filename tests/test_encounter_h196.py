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
