"""``UntilEndOfTurn``: "until the end of your turn", "for the rest of the turn"."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk import Encounter, ParameterError, SchemaError
from rollwerk.encounter import (
    EffectAdded,
    EffectChanged,
    EffectExpired,
    FirstOf,
    GameTime,
    Rounds,
    TurnEnded,
    TurnStarted,
    UntilEndOfTurn,
    describe_duration,
    describe_remaining,
    duration_from_json,
)
from rollwerk.testing import assert_encounter_contract


def _ends_at(enc: Encounter, turns: int) -> str:
    """The moment (``end R1A``) at which the only effect expires."""
    moment = "now"
    enc, events = enc.advance(turns)
    for event in events:
        if isinstance(event, (TurnStarted, TurnEnded)):
            edge = "start" if isinstance(event, TurnStarted) else "end"
            moment = f"{edge} R{event.round}{event.combatant}"
        elif isinstance(event, EffectExpired):
            return moment
    return "never"


def _r1(turn: int) -> Encounter:
    """Initiative A, B, C; the ``turn``-th turn of round 1 is under way."""
    enc, _ = Encounter.create(["A", "B", "C"]).advance(turn)
    return enc


def test_added_on_the_creators_turn_it_ends_with_that_turn() -> None:
    enc, _ = _r1(1).add_effect(
        "quickened", source="A", target="A", duration=UntilEndOfTurn()
    )
    duration = enc.effect("e1").duration
    assert duration == UntilEndOfTurn(of="A", ends_at=1)
    assert enc.remaining("e1") == 1
    assert duration.unit == "turns"
    _, events = enc.advance()
    assert [type(e).__name__ for e in events] == [
        "TurnEnded",
        "EffectExpired",
        "TurnStarted",
    ]


def test_the_default_anchor_is_the_combatant_acting_not_the_creator() -> None:
    # a reaction of C during B's turn: "for the rest of the turn" is B's
    enc, _ = _r1(2).add_effect(
        "pinned", source="C", target="A", duration=UntilEndOfTurn()
    )
    assert enc.effect("e1").duration == UntilEndOfTurn(of="B", ends_at=1)
    assert _ends_at(enc, 6) == "end R1B"


def test_without_a_turn_under_way_it_follows_the_creator_to_its_next_turn() -> None:
    enc, _ = Encounter.create(["A", "B", "C"]).add_effect(
        "ready", source="B", target="C", duration=UntilEndOfTurn()
    )
    assert enc.current is None
    assert enc.effect("e1").duration == UntilEndOfTurn(of="B", ends_at=1)
    assert _ends_at(enc, 6) == "end R1B"


@pytest.mark.parametrize(
    ("turn", "of", "ends"),
    [
        (1, "A", "end R1A"),  # A's turn under way: this turn
        (1, "C", "end R1C"),  # C acts later this round: its next turn
        (3, "A", "end R2A"),  # A has acted this round: next round's turn
        (3, "C", "end R1C"),
    ],
)
def test_a_named_anchor_ends_with_its_turn_under_way_or_its_next(
    turn: int, of: str, ends: str
) -> None:
    enc, _ = _r1(turn).add_effect(
        "x", source="B", target="B", duration=UntilEndOfTurn(of=of)
    )
    assert _ends_at(enc, 6) == ends


def test_what_remains_is_worded_with_the_round_it_ends_in() -> None:
    enc, _ = _r1(3).add_effect(
        "x", source="C", target="B", duration=UntilEndOfTurn(of="A")
    )
    duration = enc.effect("e1").duration
    assert describe_remaining(duration, enc) == (
        "1 turn left, ends at the end of A's turn in round 2"
    )
    assert describe_remaining(duration, enc, "de") == (
        "noch 1 Zug, endet am Ende von As Zug in Runde 2"
    )


@pytest.mark.parametrize(
    ("duration", "en", "de"),
    [
        (UntilEndOfTurn(), "until the end of this turn", "bis zum Ende dieses Zugs"),
        (
            UntilEndOfTurn(of="Kyra"),
            "until the end of Kyra's turn",
            "bis zum Ende von Kyras Zug",
        ),
    ],
)
def test_it_says_what_it_is(duration: UntilEndOfTurn, en: str, de: str) -> None:
    assert describe_duration(duration) == en
    assert describe_duration(duration, "de") == de


def test_json_round_trip_and_refusals() -> None:
    bound = UntilEndOfTurn(of="A", ends_at=3)
    assert bound.to_json() == {"kind": "until_end_of_turn", "of": "A", "ends_at": 3}
    assert duration_from_json(bound.to_json()) == bound
    assert duration_from_json({"kind": "until_end_of_turn"}) == UntilEndOfTurn()
    with pytest.raises(SchemaError) as info:
        duration_from_json({"kind": "until_end_of_turn", "n": 1})
    assert str(info.value) == (
        "malformed until_end_of_turn duration JSON: n is not a field "
        "(the fields are kind, of, ends_at)"
    )


def test_bad_fields_are_refused_with_their_names() -> None:
    with pytest.raises(ParameterError) as info:
        UntilEndOfTurn(of=3)  # type: ignore[arg-type]
    assert str(info.value) == "of must be a combatant's id (a str) or None, got 3"
    with pytest.raises(ParameterError) as info:
        UntilEndOfTurn(ends_at=-1)
    assert str(info.value) == (
        "ends_at must be an integer from 0 to 2**63 - 1, or None, got -1"
    )
    with pytest.raises(ParameterError) as info:
        _r1(1).add_effect("x", source="A", target="B", duration=UntilEndOfTurn("Z"))
    assert str(info.value) == (
        "of must be the id of a combatant in the encounter (A, B, C), got 'Z'"
    )


def test_the_acting_anchor_leaving_ends_its_turn_and_the_effect() -> None:
    enc, _ = _r1(1).add_effect("x", source="B", target="C", duration=UntilEndOfTurn())
    _, events = enc.leave("A")
    assert [type(e).__name__ for e in events] == [
        "TurnEnded",
        "EffectExpired",
        "CombatantLeft",
    ]


def test_a_waiting_anchor_leaving_passes_the_turn_left_to_the_target() -> None:
    enc, _ = _r1(2).add_effect(
        "x", source="B", target="C", duration=UntilEndOfTurn(of="A")
    )
    assert enc.effect("e1").duration == UntilEndOfTurn(of="A", ends_at=2)
    enc, events = enc.leave("A")
    assert isinstance(events[0], EffectChanged)
    assert enc.effect("e1").duration == UntilEndOfTurn(of="C", ends_at=1)
    assert _ends_at(enc, 4) == "end R1C"


def test_ending_the_encounter_turns_it_into_one_round_of_game_time() -> None:
    enc = Encounter.create(["A", "B"], round_seconds=5)
    enc, _ = enc.advance()
    enc, _ = enc.add_effect("x", source="B", target="A", duration=UntilEndOfTurn("B"))
    enc, _ = enc.end()
    assert enc.effect("e1").duration == GameTime(Fraction(5), Fraction(5))


def test_first_of_a_turn_end_and_rounds_of_the_same_combatant() -> None:
    enc, events = _r1(1).add_effect(
        "x",
        source="A",
        target="A",
        duration=FirstOf(UntilEndOfTurn(), Rounds(2)),
    )
    assert isinstance(events[0], EffectAdded)
    assert _ends_at(enc, 6) == "end R1A"


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_the_encounter_contract_holds(turn: int) -> None:
    enc = (
        Encounter.create(["A", "B", "C"]).advance(turn).state
        if turn
        else (Encounter.create(["A", "B", "C"]))
    )
    for i, of in enumerate([None, "A", "B", "C"]):
        enc, _ = enc.add_effect(
            f"k{i}", source="B", target="C", duration=UntilEndOfTurn(of=of)
        )
    assert_encounter_contract(enc, turns=8)
