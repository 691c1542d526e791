"""Loading refuses encounter states that no operation could have left.

A virtual-tabletop author (writing from the docs alone) loaded a saved
encounter whose effect had lost its binding (``tick_on``/``ends_at`` set to
``null``), a ``FirstOf`` part anchored on nobody, a turn under way in round
0 or after the end, and a concentration effect with nobody concentrating.
Each loaded, and failed (or silently expired) on the next ``advance()``.
The loader now refuses each with a ``SchemaError`` naming the field.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rollwerk import Rounds
from rollwerk.encounter import Concentration, Encounter, FirstOf
from rollwerk.errors import SchemaError


def _saved() -> dict[str, Any]:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect(
        "s", source="A", target="B", duration=FirstOf(Rounds(10), Concentration())
    ).state
    enc = enc.add_effect("r", source="A", target="B", duration=Rounds(2)).state
    return enc.to_json()


def _refused(change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(_saved())
    change(data)
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    return str(info.value)


def test_the_saved_encounter_loads_and_plays_on() -> None:
    data = _saved()
    loaded = Encounter.from_json(data)
    assert loaded.to_json() == data
    assert loaded.remaining("e2") == 2


def test_an_effect_whose_duration_lost_its_binding_is_refused() -> None:
    def unbind(data: dict[str, Any]) -> None:
        data["effects"][1]["duration"].update(tick_on=None, ends_at=None)

    assert _refused(unbind) == (
        "malformed encounter JSON: effects[1].duration must be a duration bound "
        "to this encounter (the rounds duration is not bound; add its effect "
        "first), got {'kind': 'rounds', 'n': 2, 'tick_on': None, 'ends_at': None}"
    )


def test_a_first_of_part_anchored_on_nobody_is_refused() -> None:
    def stray(data: dict[str, Any]) -> None:
        data["effects"][0]["duration"]["parts"][1]["of"] = "x"

    assert _refused(stray) == (
        "malformed encounter JSON: effects[0].duration must be a duration bound "
        "to this encounter (combatant must be the id of a combatant in the "
        "encounter (A, B), got 'x'), got {'kind': 'first_of', 'parts': "
        "[{'kind': 'rounds', 'n': 10,… (129 characters)"
    )


def test_a_concentration_effect_needs_its_combatant_concentrating() -> None:
    def forget(data: dict[str, Any]) -> None:
        data["concentrating"] = []

    assert _refused(forget) == (
        "malformed encounter JSON: concentrating must be a list holding 'A', on "
        "whose concentration effects[0] lasts, got []"
    )


def test_no_turn_before_round_one_or_after_the_end() -> None:
    def round_zero(data: dict[str, Any]) -> None:
        data["round"] = 0

    assert _refused(round_zero) == (
        "malformed encounter JSON: current must be null before round 1, got 'A'"
    )

    def done_in_round_zero(data: dict[str, Any]) -> None:
        data.update(round=0, current=None, done=["A"], effects=[], concentrating=[])

    assert _refused(done_in_round_zero) == (
        "malformed encounter JSON: done must be empty before round 1, got ['A']"
    )

    def ended(data: dict[str, Any]) -> None:
        data["ended"] = True

    assert _refused(ended) == (
        "malformed encounter JSON: current must be null once the encounter has "
        "ended, got 'A'"
    )


def test_an_order_without_every_combatant_is_refused() -> None:
    """Found by integrators: a combatant left out of the order never acted, and
    an empty order said "an encounter without combatants cannot advance"."""

    def drop_b(data: dict[str, Any]) -> None:
        data["order"] = ["A"]

    def drop_all(data: dict[str, Any]) -> None:
        data.update(order=[], current=None, done=[])

    assert _refused(drop_b) == (
        "malformed encounter JSON: order must be every combatant's id "
        "(it lacks 'B'), got ['A']"
    )
    assert _refused(drop_all) == (
        "malformed encounter JSON: order must be every combatant's id "
        "(it lacks 'A' and 1 more), got []"
    )
