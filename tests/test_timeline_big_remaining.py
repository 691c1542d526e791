"""What remains past 64 bits is written so that the timeline loads back (helper-169).

``event_to_json`` wrote an ``effect_ticked`` event's whole-number
``remaining`` as a JSON integer, however large; every loader refuses
integers past 2**63 - 1, so a timeline with a long game time (10**19
seconds, or rounds of 2**62 turned into seconds when the encounter ends)
saved but did not load. It is now a string there, as other exact numbers
are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rollwerk import Encounter
from rollwerk.encounter import (
    Actions,
    Duration,
    EffectTicked,
    GameTime,
    Rounds,
    Timeline,
    UntilEndOfNextTurns,
    event_from_json,
    event_to_json,
)


def _saved(duration: Duration, *steps: Callable[[Encounter], Any]) -> Timeline:
    timeline = Timeline.start(Encounter.create(["a"])).do(
        lambda s: s.add_effect("Curse", source="a", target="a", duration=duration)
    )
    for step in steps:
        timeline = timeline.do(step)
    return timeline


@pytest.mark.parametrize(
    ("duration", "steps", "remaining"),
    [
        (GameTime(10**19), [lambda s: s.pass_time(1)], "9999999999999999999"),
        (
            Rounds(2**62),
            [lambda s: s.end(), lambda s: s.pass_time(1)],
            "27670116110564327423",
        ),
        (
            Actions(2**62),
            [lambda s: s.end(), lambda s: s.pass_time(1)],
            "27670116110564327423",
        ),
        (
            UntilEndOfNextTurns(2**62),
            [lambda s: s.end(), lambda s: s.pass_time(1)],
            "27670116110564327423",
        ),
    ],
)
def test_a_large_remaining_is_a_string_and_loads_back(
    duration: Duration, steps: list[Callable[[Encounter], Any]], remaining: str
) -> None:
    timeline = _saved(duration, *steps)
    data = json.loads(json.dumps(timeline.to_json()))
    ticked = [e for group in data["log"] for e in group if e["type"] == "effect_ticked"]
    assert [e["remaining"] for e in ticked] == [remaining]
    assert Timeline.from_json(data) == timeline


def test_remaining_within_64_bits_stays_an_integer() -> None:
    timeline = _saved(GameTime(2**63), lambda s: s.pass_time(1))
    data = json.loads(json.dumps(timeline.to_json()))
    ticked = [e for group in data["log"] for e in group if e["type"] == "effect_ticked"]
    assert [e["remaining"] for e in ticked] == [2**63 - 1]
    assert Timeline.from_json(data) == timeline


@pytest.mark.parametrize(
    ("remaining", "written"), [(2**63, "9223372036854775808"), (2**63 - 1, 2**63 - 1)]
)
def test_an_event_round_trips_a_large_count(remaining: int, written: object) -> None:
    effect = (
        Encounter.create(["a"])
        .add_effect("Curse", source="a", target="a", duration=Rounds(1))
        .state.effects[0]
    )
    event = EffectTicked(effect, remaining, "rounds")
    data = event_to_json(event)
    assert data["remaining"] == written
    assert event_from_json(json.loads(json.dumps(data))) == event
