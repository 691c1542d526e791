"""What encounter.md says of a duration moved when its anchor leaves (h228).

A moved count goes on with the target's next tick: up to a round earlier,
and, where the target has already ticked in the round the one who left
would still have, up to a round later.
"""

from __future__ import annotations

from rollwerk.encounter import (
    Concentration,
    EffectExpired,
    Encounter,
    FirstOf,
    Rounds,
    UntilEndOfNextTurns,
)


def _ends(leave: bool) -> dict[str, tuple[int, str]]:
    enc = Encounter.create(["A", "B", "C"]).advance(3).state  # C's turn, round 1
    assert (enc.round, enc.current) == (1, "C")
    enc = enc.add_effect("Sanctuary", source="C", target="B", duration=Rounds(2)).state
    enc = enc.add_effect(
        "Guiding Bolt",
        source="C",
        target="B",
        duration=UntilEndOfNextTurns(2, of="C"),
    ).state
    ends: dict[str, tuple[int, str]] = {}
    for _ in range(12):
        if leave and (enc.round, enc.current) == (2, "B") and "C" in enc.order:
            enc = enc.leave("C").state
        step = enc.advance()
        enc = step.state
        for event in step.events:
            if isinstance(event, EffectExpired):
                ends[event.effect.name] = (enc.round, enc.current)
    return ends


def test_a_moved_count_may_end_up_to_a_round_later() -> None:
    # Rounds ends at the start of a turn, UntilEndOfNextTurns is seen ended
    # as the next turn starts (the end of C's, then B's turn)
    assert _ends(leave=False) == {"Sanctuary": (3, "C"), "Guiding Bolt": (4, "A")}
    assert _ends(leave=True) == {"Sanctuary": (4, "B"), "Guiding Bolt": (5, "A")}


def test_concentration_outlives_the_effects_that_depended_on_it() -> None:
    """durations.md: the concentration is the combatant's; D&D ends it by hand."""
    enc = Encounter.create(["A", "B"]).advance().state
    bless = FirstOf(Rounds(10), Concentration())
    enc = enc.add_effect("Bless", source="A", target="B", duration=bless).state
    enc = enc.advance(20).state
    assert enc.effects == ()
    assert enc.is_concentrating("A")
    enc = enc.end_concentration("A").state
    assert not enc.is_concentrating("A")


def test_a_loaded_next_turns_count_cannot_start_after_its_anchor() -> None:
    """h228: edited ``turns`` let an effect last two turns of one-turn length."""
    import pytest

    from rollwerk.errors import SchemaError

    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect(
        "x", source="A", target="B", duration=UntilEndOfNextTurns(1, of="A")
    ).state
    enc = enc.advance().state  # B's turn: A's turns may be edited alone
    data = enc.to_json()
    assert data["current"] == "B"
    assert data["effects"][0]["duration"]["after"] == 1
    assert Encounter.from_json(data) == enc
    for combatant in data["combatants"]:
        if combatant["id"] == "A":
            combatant["turns"] = 0
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    assert str(info.value) == (
        "malformed encounter JSON: effects[0].duration.after must be at most "
        "the 0 turns 'A' has started, got 1"
    )
