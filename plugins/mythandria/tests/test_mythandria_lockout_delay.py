"""The aether lockout when the caster has no turn in a round (MY-R18, MY-A04).

Ruling (docs/rulesets/mythandria.md): the seed counts the lockout in the
caster's own actions ("beginnt mit der nächsten Aktion des Charakters"; the
recitation actions "werden nicht auf die Aetherkarenz angerechnet"), so a
round in which the caster delays behind a turn under way and has no turn
gives it no action slots and does not count.
"""

from __future__ import annotations

import json

from rollwerk import Encounter
from rollwerk.encounter import Actions, Event
from rollwerk_mythandria import RULESET, AetherFormula, declaim


def _names(events: tuple[Event, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


def _round_trip(enc: Encounter) -> Encounter:
    loaded = Encounter.from_json(json.loads(json.dumps(enc.to_json())))
    assert loaded == enc
    return loaded


def test_my_a04_a_round_without_a_turn_does_not_count() -> None:
    """MY-R18, MY-A04: 3 personal phiols (6 slots) slipped in R1; Mira has no
    turn in R2; the lockout takes her slots of R1, R3 and R4."""
    enc = Encounter.for_ruleset(RULESET, ["Bo", "Orc", "Mira"]).advance(3).state
    enc = declaim(enc, "Mira", AetherFormula(3), slip=True)[0].state
    assert enc.effect("e1").duration == Actions(6, of="Mira", ends_at=6)
    enc = enc.advance(2).state  # R2, Orc's turn
    step = enc.delay("Mira", after="Bo")
    assert _names(step.events) == ["CombatantDelayed"]
    enc = _round_trip(step.state)
    assert (enc.order, enc.done, enc.remaining("e1")) == (
        ("Bo", "Mira", "Orc"),
        ("Bo", "Mira"),
        4,
    )
    step = enc.advance()  # R2 ends: no slot of Mira's passes
    assert _names(step.events) == [
        "TurnEnded",
        "RoundEnded",
        "RoundStarted",
        "TurnStarted",
    ]
    assert step.state.remaining("e1") == 4
    step = step.state.advance(2)  # R3: Mira's turn ends, 2 slots pass
    assert _names(step.events) == [
        "TurnEnded",
        "TurnStarted",
        "TurnEnded",
        "EffectTicked",
        "TurnStarted",
    ]
    enc = _round_trip(step.state)
    assert enc.remaining("e1") == 2
    enc = enc.advance(2).state  # R4, Mira's turn
    assert (enc.round, enc.current) == (4, "Mira")
    assert _names(enc.advance().events) == ["TurnEnded", "EffectExpired", "TurnStarted"]
