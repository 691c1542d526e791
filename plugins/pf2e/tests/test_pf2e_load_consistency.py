"""A pf2e slot count loads only where some operation could have left it.

A held-out VTT integrator loaded a ``pf2e_rounds`` duration counting "at Z's
place in initiative" whose creator Z was still in the encounter, or was no
combatant the encounter ever had. Only ``leave`` makes such a count
(PF2E-A03), and the creator's joining again puts it back on its own turns
(PF2E-R02), so both are refused on load. Found on the way: inside a
``FirstOf`` the count did not go back to a creator who joined again, and a
join into a round whose end-of-round count had been made made that count
again (what remains grew from 1 to 2).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwerk import Combatant, Encounter, SchemaError
from rollwerk.encounter import FirstOf, UntilEndOfNextTurns, UntilEvent
from rollwerk.testing import assert_json_round_trip, assert_step_contract
from rollwerk_pf2e import DURATION_KINDS, Pf2eRounds, new_encounter, rounds


def _parts(enc: Encounter) -> tuple[Any, ...]:
    """The parts of the first effect's ``FirstOf``."""
    duration = enc.effects[0].duration
    assert isinstance(duration, FirstOf)
    return duration.parts


def _json(enc: Encounter) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(enc.to_json()))
    return data


def _refused(data: dict[str, Any]) -> str:
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data, kinds=DURATION_KINDS)
    return str(info.value)


def _slot_count() -> Encounter:
    """A's 3 rounds on C; A leaves on its turn, the count stays at its slot."""
    enc = new_encounter(["A", "B", "C"]).advance().state
    enc = enc.add_effect("fx", source="A", target="C", duration=rounds(3)).state
    return enc.leave("A").state


def test_a_slot_count_loads_back() -> None:
    # PF2E-A03: the count goes on at the start of B's turns
    enc = _slot_count()
    assert enc.effects[0].duration == Pf2eRounds(
        3, "B", slot=True, creator="A", ends_in=4, ticked_in=1
    )
    assert Encounter.from_json(_json(enc), kinds=DURATION_KINDS) == enc


def test_a_slot_count_whose_creator_is_present_is_refused() -> None:
    data = _json(_slot_count())
    data["effects"][0]["duration"]["creator"] = "B"
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration must be a duration bound "
        "to this encounter (a pf2e_rounds count at the slot of 'B' needs 'B' to "
        "have left the encounter; it is in the order (its joining again counts "
        "its own turns)), got {'kind': 'pf2e_rounds', 'n': 3, 'tick_on': 'B', "
        "'ends_at':… (175 characters)"
    )


def test_a_slot_count_whose_creator_never_was_in_the_encounter_is_refused() -> None:
    data = _json(_slot_count())
    data["effects"][0]["duration"]["creator"] = "Z"
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration must be a duration bound "
        "to this encounter (a pf2e_rounds count at the slot of 'Z' needs 'Z' to "
        "be a combatant who left the encounter ('A')), got {'kind': "
        "'pf2e_rounds', 'n': 3, 'tick_on': 'B', 'ends_at':… (175 characters)"
    )


def test_the_creator_joining_again_counts_its_own_turns() -> None:
    # PF2E-R02: back in the encounter, A's own turn starts count again; its
    # turn in round 1 is still to come and is no tick (round 1's count is made)
    step = _slot_count().join(Combatant("A"), after="C")
    assert_step_contract(_slot_count(), step)
    assert step.state.effects[0].duration.anchor == "A"
    assert step.state.remaining("e1") == 3
    assert_json_round_trip(step.state, DURATION_KINDS)


def test_inside_first_of_the_count_goes_back_to_the_creator_too() -> None:
    enc = new_encounter(["A", "B", "C"]).advance().state
    duration = FirstOf(rounds(3), UntilEvent("dismissed"))
    enc = enc.add_effect("fx", source="A", target="C", duration=duration).state
    enc = enc.leave("A").state
    assert enc.effects[0].duration.anchor == "B"  # the slot before B's turn
    step = enc.join(Combatant("A"), after="C")
    assert_step_contract(enc, step)
    part = _parts(step.state)[0]
    assert (part.anchor, part.slot, part.creator) == ("A", False, None)
    assert step.state.remaining("e1") == 3
    assert_json_round_trip(step.state, DURATION_KINDS)


def test_a_first_of_part_following_another_combatant_moves_when_it_leaves() -> None:
    # the core part follows the target B, the slot count the combatant C
    # whose turn start is A's slot: C leaving moves the slot count on
    enc = new_encounter(["A", "C", "B"]).advance().state
    duration = FirstOf(UntilEndOfNextTurns(2, of="A"), rounds(3))
    enc = enc.add_effect("fx", source="A", target="B", duration=duration).state
    enc = enc.leave("A").state
    core, slot = _parts(enc)
    assert (core.anchor, slot.anchor) == ("B", "C")
    assert_json_round_trip(enc, DURATION_KINDS)
    step = enc.leave("C")
    assert_step_contract(enc, step)
    assert _parts(step.state)[1].anchor == "B"
    assert_json_round_trip(step.state, DURATION_KINDS)


@pytest.mark.parametrize("joiner", ["A", "D"])
def test_joining_after_the_end_of_round_count_does_not_count_it_again(
    joiner: str,
) -> None:
    # PF2E-A03: A was last in the order; the count at its slot in round 2
    # is made once every turn of round 2 is taken. A (the creator) or D
    # joining into round 2 does not make what remains grow back.
    enc = new_encounter(["B", "A"]).advance(2).state  # round 1, A's turn
    enc = enc.add_effect("fx", source="A", target="B", duration=rounds(3)).state
    enc = enc.leave("A").state
    assert enc.remaining("e1") == 3
    enc = enc.advance().state.end_turn().state  # B's turn in round 2 ends
    assert enc.remaining("e1") == 2
    step = enc.join(Combatant(joiner), after="B")
    assert_step_contract(enc, step)
    assert step.state.remaining("e1") == 2
    # round 2's count stays made; round 3's is made at A's turn (back on its
    # own turns) or at A's slot at the end of round 3 (D joined)
    seen = []
    enc = step.state
    for _ in range(4):
        enc = enc.advance().state
        seen.append((enc.round, enc.current, enc.remaining("e1")))
    assert seen == [
        (2, joiner, 2),
        (3, "B", 2),
        (3, joiner, 1 if joiner == "A" else 2),
        (4, "B", 1),
    ]
    assert_json_round_trip(step.state, DURATION_KINDS)
