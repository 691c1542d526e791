"""A count at a departed creator's slot, under delays and a second leave (h196).

PF2E-A03: after its creator leaves, a ``rounds`` effect counts once a round
at the creator's slot in initiative. PF2E-R02: a creator that joins again
counts on its own turns. Found by a tester of combat state.
"""

from __future__ import annotations

from rollwerk.encounter import CombatantDelayed, EffectExpired, Encounter, TurnStarted
from rollwerk_pf2e import new_encounter, rounds


def _starts_and_expiries(enc: Encounter, turns: int) -> list[str]:
    out: list[str] = []
    for _ in range(turns):
        step = enc.advance()
        enc = step.state
        for e in step.events:
            if isinstance(e, TurnStarted):
                out.append(f"R{e.round} {e.combatant}")
            elif isinstance(e, EffectExpired):
                out.append(f"{e.effect.name} expires")
    return out


def test_a_delay_to_the_place_held_moves_no_slot() -> None:
    """PF2E-A03: F delays behind A, whom it already follows: nothing moves."""
    enc = new_encounter(["A", "G", "F", "H"]).advance(2).state  # round 1, G's turn
    enc = enc.add_effect("buff", source="G", target="A", duration=rounds(1)).state
    enc = enc.leave("G").state  # counted at G's slot, before F
    enc = enc.advance(3).state  # round 2, A's turn
    delayed = enc.delay("F", after="A")
    assert delayed.events == (CombatantDelayed("F", "A", False),)
    assert delayed.state.order == enc.order
    assert delayed.state.effects == enc.effects
    assert _starts_and_expiries(delayed.state, 2) == [
        "R2 F",
        "buff expires",
        "R2 H",
    ]


def test_leaving_again_after_joining_keeps_this_rounds_count() -> None:
    """PF2E-A03 and R02: leave, join behind the round's end, leave again.

    The effect began after G's turn in round 1 and lasts 1 round. Its count
    in round 1 was made at G's slot when G left; G joined again behind R
    (its coming turn no tick) and left again at once: the round-2 count is
    at its new slot, the end of round 2, as G's round-2 turn would have been.
    """
    enc = new_encounter(["P", "G", "Q", "R"]).advance(3).state  # round 1, Q's turn
    enc = enc.add_effect("inspire", source="G", target="P", duration=rounds(1)).state
    stayed = enc.leave("G").state.join("G", after="R").state
    again = stayed.leave("G").state
    assert again.effects[0].describe(state=again) == (
        "inspire on P from G: 1 round left, ends at the end of round 2"
    )
    assert _starts_and_expiries(again, 5) == [
        "R1 R",
        "R2 P",
        "R2 Q",
        "R2 R",
        "inspire expires",
        "R3 P",
    ]
    assert _starts_and_expiries(stayed, 6)[-2:] == ["R2 G", "inspire expires"]


def test_the_gms_owners_are_matched_in_any_case_and_spacing() -> None:
    """docs/rulesets/pf2e.md: on a tie the adversary acts first."""
    from rollwerk import Combatant

    for owner in (None, "", "GM", "gm", " SL", "Sl"):
        enc = new_encounter(
            [
                Combatant("P", initiative=15, owner="player1"),
                Combatant("g", initiative=15, owner=owner),
            ],
            by_initiative=True,
        )
        assert enc.order == ("g", "P"), owner
    kept = new_encounter(
        [
            Combatant("P", initiative=15, owner="player1"),
            Combatant("g", initiative=15, owner="alice"),
        ],
        by_initiative=True,
    )
    assert kept.order == ("P", "g")
