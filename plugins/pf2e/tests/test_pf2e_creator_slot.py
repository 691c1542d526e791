"""A departed creator's slot in initiative (PF2E-R02, PF2E-A03): found by a VTT tester.

Initiative order A, B, C, D; "R2B" is round 2, B's turn. Each case names
the exact events of the step in which the effect ticks or expires, and its
encounter survives a JSON round trip.
"""

from __future__ import annotations

import json

import attrs
import pytest

from rollwerk import Encounter, SchemaError
from rollwerk.encounter import (
    Event,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    describe_remaining,
)
from rollwerk_pf2e import (
    DURATION_KINDS,
    CreatorLeaves,
    Pf2eRounds,
    new_encounter,
    rounds,
)

ABCD = ["A", "B", "C", "D"]


def names(events: tuple[Event, ...]) -> list[str]:
    """The events in short: ``"TurnStarted R3D"``, ``"EffectExpired x"``."""
    out = []
    for ev in events:
        kind = type(ev).__name__
        if isinstance(ev, (TurnStarted, TurnEnded)):
            out.append(f"{kind} R{ev.round}{ev.combatant}")
        elif isinstance(ev, (RoundStarted, RoundEnded)):
            out.append(f"{kind} {ev.round}")
        else:
            out.append(f"{kind} {ev.effect.name}")  # type: ignore[attr-defined]
    return out


def until_gone(enc: Encounter, limit: int = 40) -> list[str]:
    """Advance one turn at a time; the events of the step in which e1 expires."""
    for _ in range(limit):
        step = enc.advance()
        if not any(e.id == "e1" for e in step.state.effects):
            return names(step.events)
        enc = step.state
    raise AssertionError("e1 never expired")


def round_trip(enc: Encounter) -> Encounter:
    loaded = Encounter.from_json(
        json.loads(json.dumps(enc.to_json())), kinds=DURATION_KINDS
    )
    assert loaded == enc
    return loaded


def test_pf2e_a03_last_in_order_creator_leaves_ends_at_its_slot_this_round() -> None:
    """PF2E-A03 (tester 1.3): D, last in the order, leaves in R2 before its turn.

    Its R2 and R3 slots are at the end of those rounds, after C's turn and
    before ``RoundEnded``; it used to end at the start of R4A, a round late.
    """
    enc = new_encounter(ABCD).advance(4).state  # R1D
    enc = enc.add_effect("y", source="D", target="A", duration=rounds(2)).state
    enc = enc.advance(2).state.leave("D").state  # R2B
    duration = enc.effect("e1").duration
    assert duration == Pf2eRounds(
        2, tick_on=None, slot=True, creator="D", ends_in=3, ticked_in=None
    )
    assert duration.anchor is None
    assert describe_remaining(duration, enc) == (
        "2 rounds left, ends at the end of round 3"
    )
    enc = round_trip(enc)
    step = enc.advance()  # R2C; D's R2 slot follows it
    assert names(step.events) == ["TurnEnded R2B", "TurnStarted R2C"]
    step = step.state.advance()
    assert names(step.events) == [
        "TurnEnded R2C",
        "EffectTicked y",
        "RoundEnded 2",
        "RoundStarted 3",
        "TurnStarted R3A",
    ]
    enc = round_trip(step.state.advance(2).state)  # R3C
    assert names(enc.advance().events) == [
        "TurnEnded R3C",
        "EffectExpired y",
        "RoundEnded 3",
        "RoundStarted 4",
        "TurnStarted R4A",
    ]


def test_pf2e_a03_refresh_after_the_creator_left_keeps_the_slot() -> None:
    """PF2E-A03 (tester 1.2): refreshing a count at B's slot keeps it at the slot.

    It used to bind the count to C (the combatant after the slot), so that
    it followed C when C delayed and was described as C's. Refreshed in R2
    before the slot, it ends at the slot in R3, now before D.
    """
    enc = new_encounter(ABCD).advance().state  # R1A
    enc = enc.add_effect("x", source="B", target="A", duration=rounds(2)).state
    enc = enc.leave("B").state.advance(3).state  # R2A
    enc = enc.refresh_effect("e1").state
    duration = enc.effect("e1").duration
    assert duration == Pf2eRounds(2, tick_on="C", slot=True, creator="B", ends_in=3)
    assert duration.describe() == "2 rounds, counted at B's place in initiative"
    assert enc.remaining("e1") == 2
    enc = round_trip(enc)
    step = enc.delay("C", after="D")
    assert step.state.order == ("A", "D", "C")
    assert step.state.effect("e1").duration == attrs.evolve(duration, tick_on="D")
    enc = round_trip(step.state)
    assert until_gone(enc) == ["TurnEnded R3A", "TurnStarted R3D", "EffectExpired x"]


def test_pf2e_a03_refresh_after_the_slot_counted_this_round() -> None:
    """PF2E-A03: refreshed after the slot's count in R2, n rounds run from R3."""
    enc = new_encounter(ABCD).advance().state
    enc = enc.add_effect("x", source="B", target="A", duration=rounds(3)).state
    enc = enc.leave("B").state.advance(4).state  # R2C: the slot has counted
    assert enc.remaining("e1") == 1
    enc = enc.refresh_effect("e1").state
    assert enc.effect("e1").duration == Pf2eRounds(
        3, tick_on="C", slot=True, creator="B", ends_in=5, ticked_in=2
    )
    assert enc.remaining("e1") == 3
    assert until_gone(round_trip(enc)) == [
        "TurnEnded R5A",
        "TurnStarted R5C",
        "EffectExpired x",
    ]


def test_pf2e_a03_refresh_when_the_creator_is_back_counts_its_turns() -> None:
    """PF2E-R02: a refresh once the creator has joined again binds to its turns."""
    enc = new_encounter(ABCD).advance().state
    enc = enc.add_effect("x", source="B", target="A", duration=rounds(2)).state
    enc = enc.leave("B").state.advance(3).state.join("B", after="C").state
    enc = enc.refresh_effect("e1").state
    assert enc.effect("e1").duration == Pf2eRounds(2, tick_on="B", ends_at=2)
    assert until_gone(round_trip(enc)) == [
        "TurnEnded R3C",
        "TurnStarted R3B",
        "EffectExpired x",
    ]


def _rejoined(after: str) -> Encounter:
    """Tester 1.1: B makes x (3 rounds) in R1B, leaves in R1C, joins in R2A."""
    enc = new_encounter(ABCD).advance(2).state  # R1B
    enc = enc.add_effect("x", source="B", target="A", duration=rounds(3)).state
    enc = enc.advance().state.leave("B").state.advance(2).state  # R2A
    return enc.join("B", after=after).state


@pytest.mark.parametrize("after", ["A", "D"])
def test_pf2e_r02_the_join_puts_the_count_back_with_an_event(after: str) -> None:
    """PF2E-R02 (tester 1.1): ``Encounter.join`` asks each duration's
    ``combatant_joined``; the count goes back to B's turns, said by an
    ``EffectChanged`` event of the join."""
    enc = new_encounter(ABCD).advance(2).state  # R1B
    enc = enc.add_effect("x", source="B", target="A", duration=rounds(3)).state
    enc = enc.advance().state.leave("B").state.advance(2).state  # R2A
    assert enc.effect("e1").duration == Pf2eRounds(
        3, tick_on="C", slot=True, creator="B", ends_in=4, ticked_in=1
    )
    step = enc.join("B", after=after)
    assert [type(e).__name__ for e in step.events] == [
        "CombatantJoined",
        "EffectChanged",
    ]
    assert step.state.effect("e1").duration == Pf2eRounds(3, tick_on="B", ends_at=3)


@pytest.mark.parametrize(
    ("after", "expected"),
    [
        ("A", ["TurnEnded R4A", "TurnStarted R4B", "EffectExpired x"]),
        ("D", ["TurnEnded R4D", "TurnStarted R4B", "EffectExpired x"]),
    ],
)
def test_pf2e_r02_rejoined_creator_counts_its_own_turns(
    after: str, expected: list[str]
) -> None:
    """PF2E-R02 (tester 1.1): once B is back, its own turn starts count again."""
    enc = _rejoined(after)
    # B has started no turn since it joined as a new combatant: 3 are left
    assert enc.effect("e1").duration == Pf2eRounds(3, tick_on="B", ends_at=3)
    assert enc.remaining("e1") == 3
    assert until_gone(round_trip(enc)) == expected


def test_pf2e_r02_rejoined_after_the_slot_counted_this_round() -> None:
    """PF2E-R02: B joins again in R2 after the slot's count (R2C) but before
    its own turn (after D): that turn is not a second count in R2."""
    enc = new_encounter(ABCD).advance(2).state
    enc = enc.add_effect("x", source="B", target="A", duration=rounds(3)).state
    enc = enc.advance().state.leave("B").state.advance(4).state  # R2D
    assert enc.remaining("e1") == 2
    enc = enc.join("B", after="D").state
    assert enc.effect("e1").duration == Pf2eRounds(
        3, tick_on="B", ends_at=3, counts_from=1
    )
    assert enc.remaining("e1") == 2
    step = enc.advance()  # R2B: no count
    assert names(step.events) == ["TurnEnded R2D", "TurnStarted R2B"]
    assert until_gone(round_trip(step.state)) == [
        "TurnEnded R4D",
        "TurnStarted R4B",
        "EffectExpired x",
    ]


def test_pf2e_r02_rejoined_behind_the_turn_under_way_counts_now() -> None:
    """PF2E-A03: C makes x (3 rounds) in R1C and leaves in R1D; in R2B it joins
    again after A, behind the turn under way, before its slot (before D)
    counted in R2. Its own turn in R2 has passed, so R2's count is made at
    the join, and the effect still ends in R4, now at C's turn."""
    enc = new_encounter(ABCD).advance(3).state  # R1C
    enc = enc.add_effect("x", source="C", target="A", duration=rounds(3)).state
    enc = enc.advance().state.leave("C").state.advance(2).state  # R2B
    assert enc.effect("e1").duration == Pf2eRounds(
        3, tick_on="D", slot=True, creator="C", ends_in=4, ticked_in=1
    )
    assert enc.remaining("e1") == 3
    joined = enc.join("C", after="A").state
    assert joined.order == ("A", "C", "B", "D")
    assert joined.done == ("A", "C")
    assert joined.effect("e1").duration == Pf2eRounds(3, tick_on="C", ends_at=2)
    enc = joined
    assert enc.remaining("e1") == 2
    assert until_gone(round_trip(enc)) == [
        "TurnEnded R4A",
        "TurnStarted R4C",
        "EffectExpired x",
    ]


def test_combatant_joined_leaves_other_durations_alone() -> None:
    """Only a slot count whose creator joins changes."""
    enc = new_encounter(ABCD).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(2)).state
    duration = enc.effect("e1").duration
    assert isinstance(duration, Pf2eRounds)
    assert duration.combatant_joined(enc, "A") is duration
    slot = Pf2eRounds(2, tick_on="C", slot=True, creator="B", ends_in=3)
    assert slot.combatant_joined(enc, "D") is slot
    away = new_encounter(["A", "C", "D"]).advance().state
    assert slot.combatant_joined(away, "B") is slot  # "B" is not in the order


def test_pf2e_a03_documents_of_the_earlier_form_still_load_and_count() -> None:
    """A slot count written by an earlier version (``ends_at``, ``counts_from``)
    loads and ends where it did; refreshed, it takes this version's form."""
    enc = new_encounter(["A", "C", "D"]).advance().state  # B has left: R1A
    data = enc.to_json()
    data["effects"] = [
        {
            "id": "e1",
            "name": "x",
            "source": "B",
            "target": "A",
            "duration": {
                "kind": "pf2e_rounds",
                "n": 2,
                "tick_on": "C",
                "ends_at": 2,
                "creator_leaves": "continue",
                "counts_from": None,
                "slot": True,
            },
        }
    ]
    old = Encounter.from_json(data, kinds=DURATION_KINDS)
    assert old.remaining("e1") == 2
    assert old.to_json()["effects"][0]["duration"] == data["effects"][0]["duration"]
    assert until_gone(old) == ["TurnEnded R2A", "TurnStarted R2C", "EffectExpired x"]
    fresh = old.refresh_effect("e1").state
    assert fresh.effect("e1").duration == Pf2eRounds(
        2, tick_on="C", slot=True, creator="B", ends_in=2
    )
    assert round_trip(fresh) == fresh


def test_pf2e_rounds_json_of_a_slot_count() -> None:
    """The slot fields are written only once set, and refused when malformed."""
    duration = Pf2eRounds(2, tick_on=None, slot=True, creator="D", ends_in=3)
    data = duration.to_json()
    assert data == {
        "kind": "pf2e_rounds",
        "n": 2,
        "tick_on": None,
        "ends_at": None,
        "creator_leaves": "continue",
        "counts_from": None,
        "slot": True,
        "creator": "D",
        "ends_in": 3,
    }
    assert Pf2eRounds.from_json(data) == duration
    assert "creator" not in rounds(2).to_json()
    with pytest.raises(SchemaError) as info:
        Pf2eRounds.from_json({**data, "slot": False})
    assert str(info.value) == (
        "malformed pf2e_rounds duration JSON: ends_in must be null unless slot "
        "is true (a slot count), got 3"
    )
    assert (info.value.path, info.value.expected) == (
        "ends_in",
        "null unless slot is true (a slot count)",
    )
    with pytest.raises(SchemaError) as info:
        Pf2eRounds.from_json({**data, "ends_in": -1})
    assert "ends_in must be an integer from 0 to 2**63 - 1 or null, got -1" in str(
        info.value
    )
    assert CreatorLeaves.CONTINUE is duration.creator_leaves
