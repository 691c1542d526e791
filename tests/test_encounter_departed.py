"""Combatants who left keep their names in words (``Encounter.departed``).

Found by integrators: after ``leave("gob")`` the step's own log read
``gob's turn ends.`` / ``gob leaves.``, and an effect its creator made
described its source by id, because the state no longer knew the name.
"""

from __future__ import annotations

import copy

import pytest

from rollwerk.encounter import Combatant, Encounter, Rounds, describe_events
from rollwerk.errors import SchemaError


def _fight() -> Encounter:
    enc = (
        Encounter.create(
            [
                Combatant("gob", "Goblin"),
                Combatant("k", "Kyra"),
                Combatant("v", "Valeros"),
            ]
        )
        .advance()
        .state
    )  # round 1, the goblin's turn
    return enc.add_effect("Hex", source="gob", target="k", duration=Rounds(2)).state


def test_the_step_of_leaving_and_the_effects_name_the_one_who_left() -> None:
    step = _fight().leave("gob")
    assert step.state.departed == (Combatant("gob", "Goblin", turns=1, actions=1),)
    assert describe_events(step.events, state=step.state) == [
        "Goblin's turn ends.",
        (
            "Hex on Kyra changes: 2 rounds, counted at the start of Kyra's turns, "
            "2 rounds left."
        ),
        "Goblin leaves.",
    ]
    assert step.state.effects[0].describe(state=step.state) == (
        "Hex on Kyra from Goblin: 2 rounds left, ends at the start of Kyra's turn "
        "in round 2"
    )


def test_departed_round_trips_and_is_written_only_once_someone_left() -> None:
    enc = _fight()
    assert "departed" not in enc.to_json()
    gone = enc.leave("gob").state
    data = gone.to_json()
    assert [c["name"] for c in data["departed"]] == ["Goblin"]
    assert Encounter.from_json(data) == gone
    # joining again takes it off the list
    back = gone.join(Combatant("gob", "Goblin chief")).state
    assert back.departed == ()
    assert "departed" not in back.to_json()


def test_a_departed_combatant_still_in_the_encounter_is_refused() -> None:
    data = _fight().leave("gob").state.to_json()
    bad = copy.deepcopy(data)
    bad["departed"].append(bad["combatants"][0])
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(bad)
    assert str(info.value) == (
        "malformed encounter JSON: departed must be combatants who are not in "
        "the encounter, got ['k']"
    )
    twice = copy.deepcopy(data)
    twice["departed"].append(twice["departed"][0])
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(twice)
    assert str(info.value) == (
        "malformed encounter JSON: at departed[1]: combatant ids must be unique, "
        "got 'gob' twice"
    )
