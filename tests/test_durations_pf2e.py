"""PF2e duration timelines D1-D7 and the duration invariants of the PF2e spec.

A minimal in-test ruleset setting: initiative order A, B, C, rounds of 6 s.
"R1A" means round 1, A's turn; "start R2A" is the moment A's turn in round 2
begins, "end R1B" the moment B's turn in round 1 ends.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Encounter, Rounds
from rollwerk.encounter import (
    EffectExpired,
    EffectTicked,
    Event,
    TurnEnded,
    TurnStarted,
    UntilEndOfNextTurns,
)


def _at(turn: str) -> Encounter:
    """An encounter A, B, C (6 s rounds) advanced to the given turn of round 1."""
    enc = Encounter.create(["A", "B", "C"], round_seconds=Fraction(6))
    enc, _ = enc.advance()
    while enc.current != turn:
        enc, _ = enc.advance()
    return enc


def _boundaries(
    events: tuple[Event, ...], effect_id: str
) -> tuple[list[str], str | None]:
    """Ticks and the expiry of an effect, labelled by the boundary they follow."""
    ticks: list[str] = []
    last = ""
    for ev in events:
        if isinstance(ev, TurnStarted):
            last = f"start R{ev.round}{ev.combatant}"
        elif isinstance(ev, TurnEnded):
            last = f"end R{ev.round}{ev.combatant}"
        elif isinstance(ev, EffectTicked) and ev.effect.id == effect_id:
            ticks.append(f"{last}: {ev.remaining}")
        elif isinstance(ev, EffectExpired) and ev.effect.id == effect_id:
            return ticks, last
    return ticks, None


def _run(
    enc: Encounter, effect_id: str, turns: int = 30
) -> tuple[list[str], str | None]:
    enc, events = enc.advance(turns)
    return _boundaries(events, effect_id)


def test_pf2e_d1_one_round_effect_ends_at_start_of_creators_next_turn() -> None:
    """PF2E-R02, D1: A on R1A creates a 1-round effect: ends at the start of R2A."""
    enc, _ = _at("A").add_effect("e", source="A", target="B", duration=Rounds(1))
    assert enc.remaining("e1") == 1
    assert _run(enc, "e1") == ([], "start R2A")


def test_pf2e_d2_three_round_effect_ticks_on_creator_turn_starts() -> None:
    """PF2E-R02, D2: A on R1A, 3 rounds: ticks at R2A and R3A, ends at the start of R4A."""
    enc, _ = _at("A").add_effect("e", source="A", target="C", duration=Rounds(3))
    assert _run(enc, "e1") == (["start R2A: 2", "start R3A: 1"], "start R4A")


def test_pf2e_d3_until_end_of_targets_next_turn_later_this_round() -> None:
    """PF2E-R03, D3: A on R1A, until the end of B's next turn: ends at the end of R1B."""
    enc, _ = _at("A").add_effect(
        "e", source="A", target="B", duration=UntilEndOfNextTurns()
    )
    assert _run(enc, "e1") == ([], "end R1B")


def test_pf2e_d4_until_end_of_targets_next_turn_next_round() -> None:
    """PF2E-R03, D4: C on R1C, until the end of B's next turn: ends at the end of R2B."""
    enc, _ = _at("C").add_effect(
        "e", source="C", target="B", duration=UntilEndOfNextTurns()
    )
    assert _run(enc, "e1") == ([], "end R2B")


def test_pf2e_d5_current_turn_never_counts_as_next() -> None:
    """PF2E-A02, D5: B during R1B on itself, until the end of its next turn: end of R2B."""
    enc, _ = _at("B").add_effect(
        "e", source="B", target="B", duration=UntilEndOfNextTurns()
    )
    assert enc.remaining("e1") == 1
    ticks, end = _run(enc, "e1")
    assert (ticks, end) == ([], "end R2B")


def test_pf2e_d6_through_targets_next_three_turns() -> None:
    """PF2E-R04, D6: A on R1A, through B's next 3 turns: ends at the end of R3B."""
    enc, _ = _at("A").add_effect(
        "e", source="A", target="B", duration=UntilEndOfNextTurns(3)
    )
    assert enc.remaining("e1") == 3
    assert _run(enc, "e1") == (["end R1B: 2", "end R2B: 1"], "end R3B")


def test_pf2e_d7_reaction_outside_creators_turn() -> None:
    """PF2E-A04, D7: A, with a reaction during R1C, 1 round: ends at the start of R2A."""
    enc, _ = _at("C").add_effect("e", source="A", target="C", duration=Rounds(1))
    assert _run(enc, "e1") == ([], "start R2A")


def test_pf2e_r02_tick_on_a_named_combatant() -> None:
    """PF2E-R02 with an explicit anchor: ticks on C's turn starts, not the creator's."""
    enc, _ = _at("A").add_effect(
        "e", source="A", target="B", duration=Rounds(2, tick_on="C")
    )
    assert _run(enc, "e1") == (["start R1C: 1"], "start R2C")


def test_pf2e_a03_ticking_combatant_leaves_falls_back_to_target() -> None:
    """PF2E-A03 (issue: fall back to the effect's owner): the creator A leaves after
    R1A; the 2 remaining rounds now tick on the target B's turn starts."""
    enc, _ = _at("A").add_effect("e", source="A", target="B", duration=Rounds(2))
    enc, _ = enc.advance()  # R1B
    enc, _ = enc.leave("A")
    assert enc.remaining("e1") == 2
    assert enc.effect("e1").duration.anchor == "B"
    assert _run(enc, "e1") == (["start R2B: 1"], "start R3B")


@given(
    kind=st.sampled_from(["rounds", "turns"]),
    n=st.integers(1, 4),
    creator=st.sampled_from("ABC"),
    target=st.sampled_from("ABC"),
    when=st.sampled_from("ABC"),
)
def test_pf2e_invariants_end_only_at_the_named_boundary(
    kind: str, n: int, creator: str, target: str, when: str
) -> None:
    """PF2E §4: a round-counted effect survives exactly n decrements; a "through n
    turns" effect ends at the end of the n-th target turn that began after
    application; neither ends at the turn of a creature other than the named one."""
    enc = _at(when)
    duration = Rounds(n) if kind == "rounds" else UntilEndOfNextTurns(n)
    enc, _ = enc.add_effect("e", source=creator, target=target, duration=duration)
    anchor = creator if kind == "rounds" else target
    ticks, end = _run(enc, "e1", turns=3 * (n + 2))
    assert end is not None
    assert len(ticks) == n - 1
    phase = "start" if kind == "rounds" else "end"
    for label in [*ticks, end]:
        assert label.split(":")[0].startswith(phase)
        assert label.split(":")[0].endswith(anchor)
    # the round of the expiry: the anchor's n-th turn (start) that begins after now
    first_round = 1 if "ABC".index(anchor) > "ABC".index(when) else 2
    assert end == f"{phase} R{first_round + n - 1}{anchor}"


@pytest.mark.parametrize("n", [0, -1])
def test_pf2e_r02_counts_must_be_positive(n: int) -> None:
    """PF2E-R02: N >= 1 (a zero-round effect is Instant)."""
    with pytest.raises(
        ValueError, match=rf"n must be an integer from 1 to 2\*\*62, got {n}"
    ):
        Rounds(n)
