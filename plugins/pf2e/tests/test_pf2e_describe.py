"""Pf2eRounds says in words what it is and what remains (issue 20, part 2).

The plugin's own catalog (``pf2e.duration.*``) supplies its texts; the
remaining time follows the worked examples D1, D2 and PF2E-A03.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ParameterError
from rollwerk.encounter import (
    Combatant,
    EffectAdded,
    describe_duration,
    describe_events,
    describe_remaining,
)
from rollwerk.i18n import Catalog
from rollwerk_pf2e import CreatorLeaves, new_encounter, rounds


def _party() -> list[Combatant]:
    return [Combatant("A", "Amiri"), Combatant("B", "Valeros"), Combatant("C", "Kyra")]


def test_pf2e_rounds_as_written() -> None:
    assert (
        rounds(1).describe() == "1 round, counted at the start of the creator's turns"
    )
    assert (
        rounds(3).describe("de") == "3 Runden, gezählt zu Beginn der Züge des Urhebers"
    )
    assert rounds(2, creator_leaves=CreatorLeaves.END).describe() == (
        "2 rounds, counted at the start of the creator's turns; "
        "it ends if the creator leaves"
    )


def test_pf2e_d2_bound_and_remaining() -> None:
    """PF2E-R02 D2: A's 3-round effect made on R1A ends at the start of R4A."""
    enc = new_encounter(_party()).advance().state
    step = enc.add_effect("Inspire", source="A", target="B", duration=rounds(3))
    enc = step.state
    added = next(e for e in step.events if isinstance(e, EffectAdded))
    assert describe_events(step.events, "de", state=enc) == [
        "Amiri wirkt Inspire auf Valeros: 3 Runden, gezählt zu Beginn von Amiris Zügen."
    ]
    assert added.effect.describe(state=enc) == (
        "Inspire on Valeros from Amiri: 3 rounds left, "
        "ends at the start of Amiri's turn in round 4"
    )
    assert describe_remaining(enc.effects[0].duration, enc, "de") == (
        "noch 3 Runden, endet zu Beginn von Amiris Zug in Runde 4"
    )


def test_pf2e_a03_the_creator_leaves_and_the_count_goes_on() -> None:
    """PF2E-A03: after A leaves, the effect ticks where A's turn would have started."""
    enc = new_encounter(_party()).advance().state
    enc = enc.add_effect("Inspire", source="A", target="B", duration=rounds(2)).state
    enc = enc.advance().state  # R1B
    enc = enc.leave("A").state
    duration = enc.effects[0].duration
    # named after the creator's slot, not after B (PF2E-A03)
    assert describe_duration(duration, names={"A": "Amiri", "B": "Valeros"}) == (
        "2 rounds, counted at Amiri's place in initiative"
    )
    assert describe_duration(duration, "de", names={"A": "Amiri"}) == (
        "2 Runden, gezählt an Amiris Platz in der Initiative"
    )
    assert describe_remaining(duration, enc) == (
        "2 rounds left, ends at the start of Valeros' turn in round 3"
    )


def test_pf2e_rounds_ending_when_the_creator_leaves_in_a_third_language() -> None:
    enc = new_encounter(_party()).advance().state
    enc = enc.add_effect(
        "Inspire",
        source="A",
        target="B",
        duration=rounds(1, creator_leaves=CreatorLeaves.END),
    ).state
    eo = Catalog(
        {
            "eo": {
                "pf2e.duration.rounds.ends_if_left": "{duration}; ĝi finiĝas se {who} foriras"
            }
        }
    )
    assert enc.effects[0].duration.describe("eo", eo, names={"A": "Amiri"}) == (  # type: ignore[attr-defined]
        "1 round, counted at the start of Amiri's turns; ĝi finiĝas se Amiri foriras"
    )


def test_a_saved_timeline_with_pf2e_durations_loads_without_kinds() -> None:
    """Issue 20, part 3: the installed plugin's kinds load with no extra argument."""
    import json

    from rollwerk.encounter import Encounter, Timeline

    tl = Timeline.start(new_encounter(_party())).do(Encounter.advance)
    tl = tl.do(
        lambda s: s.add_effect("Inspire", source="A", target="B", duration=rounds(2))
    )
    tl = tl.do(lambda s: s.leave("A"))
    again = Timeline.from_json(json.loads(json.dumps(tl.to_json())))
    assert again == tl
    assert again.describe().splitlines()[-1] == "Amiri leaves."


def test_encounter_long_and_end_encounter_in_the_plugins_words() -> None:
    """The signal of end_encounter is worded by the plugin's catalog when passed.

    Found by integrators: the log and the duration showed the event's id.
    """
    from rollwerk.plugins import get_registry
    from rollwerk_pf2e import CATALOG, encounter_long, end_encounter

    enc = new_encounter(_party()).advance().state
    enc = enc.add_effect(
        "Rage", source="A", target="A", duration=encounter_long()
    ).state
    effect = enc.effects[0]
    assert effect.describe("de", CATALOG, state=enc) == (
        "Rage auf Amiri von Amiri: bis der Kampf endet"
    )
    assert effect.describe(state=enc) == (
        "Rage on Amiri from Amiri: until “pf2e:encounter-end”"
    )
    step = end_encounter(enc)
    everything = get_registry().catalogs()
    assert describe_events(step.events, catalogs=everything, state=enc) == [
        "Amiri's turn ends.",
        "Round 1 ends.",
        "The encounter ends after round 1.",
        "Event: the encounter ends (1× so far).",
        "Rage on Amiri ends.",
    ]
    assert describe_events(step.events, "de", everything, state=enc)[3] == (
        "Ereignis: der Kampf endet (bisher 1×)."
    )
    assert describe_events(step.events, state=enc)[3] == (
        "“pf2e:encounter-end” happens (1× so far)."
    )


def test_the_creator_leaving_says_what_remains() -> None:
    """PF2E-A03: the log of the change says what is left, not only the rounds as
    written. Found by integrators: it read "3 rounds" with 2 left."""
    from rollwerk.encounter import EffectChanged, event_from_json, event_to_json
    from rollwerk.plugins import installed_duration_kinds

    enc = new_encounter(_party()).advance().state
    enc = enc.add_effect("Inspire", source="A", target="C", duration=rounds(3)).state
    enc = enc.advance(4).state  # R2B: 2 rounds left
    step = enc.leave("A")
    changed = step.events[0]
    assert isinstance(changed, EffectChanged)
    assert (changed.remaining, changed.unit) == (2, "rounds")
    assert describe_events(step.events, "de", state=enc) == [
        (
            "Inspire auf Kyra ändert sich: 3 Runden, gezählt an Amiris Platz in "
            "der Initiative, noch 2 Runden."
        ),
        "Amiri verlässt den Kampf.",
    ]
    assert event_from_json(event_to_json(changed), installed_duration_kinds()) == (
        changed
    )


NAMES = (
    "names must be a mapping of combatant ids to display names (str to str), "
    "or None, got "
)


@pytest.mark.parametrize(
    ("names", "shown"),
    [(3, "3"), (["A"], "['A']"), ({"A": 3}, "{'A': 3}"), ({1: "A"}, "{1: 'A'}")],
)
def test_pf2e_rounds_refuses_names_that_are_not_a_mapping_of_strings(
    names: object, shown: str
) -> None:
    """``describe(names=3)`` raised AttributeError (or said nothing, unbound)."""
    enc = new_encounter(_party()).advance().state
    bound = enc.add_effect("x", source="A", target="B", duration=rounds(2))
    duration = bound.state.effects[0].duration
    calls: list[Callable[[], object]] = [
        lambda: rounds(2).describe(names=names),  # type: ignore[arg-type]
        lambda: duration.describe(names=names),  # type: ignore[attr-defined]
        lambda: duration.describe_remaining(bound.state, names=names),  # type: ignore[attr-defined]
    ]
    for call in calls:
        with pytest.raises(ParameterError) as info:
            call()
        assert str(info.value) == NAMES + shown
