"""``UntilEndOfEncounter``: an effect for the rest of the fight.

Found by a held-out author ("burning until the end of the encounter"), who
had to signal an event of their own before ``end()``. ``end()`` now expires
it, after the turn-counted durations have become game time.
"""

from __future__ import annotations

from rollwerk import Encounter
from rollwerk.encounter import (
    EffectAdded,
    EffectChanged,
    EffectExpired,
    EncounterEnded,
    FirstOf,
    GameTime,
    RoundEnded,
    Rounds,
    TurnEnded,
    UntilEndOfEncounter,
    duration_from_json,
)


def _burning() -> Encounter:
    enc = Encounter.create(["Ada", "Bo"]).advance().state
    return enc.add_effect(
        "burning", source="Ada", target="Bo", duration=UntilEndOfEncounter()
    ).state


def test_it_lasts_through_any_number_of_rounds() -> None:
    enc = _burning().advance(2 * 50).state
    assert [e.name for e in enc.effects] == ["burning"]
    assert enc.remaining(enc.effects[0].id) is None


def test_end_expires_it_before_the_encounter_ends() -> None:
    enc = _burning()
    enc = enc.add_effect("winded", source="Ada", target="Ada", duration=Rounds(3)).state
    burning, winded = enc.effects
    step = enc.end()
    kinds = [type(e) for e in step.events]
    assert kinds == [
        TurnEnded,
        RoundEnded,
        EffectChanged,
        EffectExpired,
        EncounterEnded,
    ]
    assert step.events[3] == EffectExpired(burning)
    assert [e.name for e in step.state.effects] == ["winded"]
    assert step.state.remaining(winded.id) == 18  # 3 rounds of 6 s, as game time


def test_removing_it_ends_it_earlier() -> None:
    enc = _burning()
    assert enc.remove_effect(enc.effects[0].id).state.effects == ()


def test_first_of_with_it_ends_with_the_encounter() -> None:
    enc = Encounter.create(["Ada", "Bo"]).advance().state
    duration = FirstOf(GameTime.hours(1), UntilEndOfEncounter())
    enc = enc.add_effect("rage", source="Ada", target="Ada", duration=duration).state
    assert enc.advance(20).state.effects != ()
    assert enc.end().state.effects == ()


def test_it_round_trips_and_says_what_it_is() -> None:
    duration = UntilEndOfEncounter()
    assert duration.to_json() == {"kind": "until_end_of_encounter"}
    assert duration_from_json({"kind": "until_end_of_encounter"}) == duration
    assert duration.describe() == "until the encounter ends"
    assert duration.describe("de") == "bis der Kampf endet"
    enc = _burning()
    assert enc.effects[0].duration.describe_remaining(enc) == "until the encounter ends"
    assert Encounter.from_json(enc.to_json()) == enc


def test_added_after_the_end_it_expires_at_once() -> None:
    """Out of combat there is no encounter left to last through."""
    enc = _burning().end().state
    step = enc.add_effect(
        "late", source="Ada", target="Bo", duration=UntilEndOfEncounter()
    )
    assert [type(e) for e in step.events] == [EffectAdded, EffectExpired]
    assert step.state.effects == ()
