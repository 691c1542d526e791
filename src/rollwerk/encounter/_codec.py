"""The encounter's JSON: ``"schema": 1``, loading back to an equal state.

Combatants, effects and durations write their own JSON
([`Combatant.to_json`][rollwerk.encounter.Combatant.to_json],
[`ActiveEffect.to_json`][rollwerk.encounter.ActiveEffect.to_json],
[`duration_from_json`][rollwerk.encounter.duration_from_json]); this module
puts them together with the clock, the order and the policies.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, TypeVar

from rollwerk.dice._die import DieRoll
from rollwerk.encounter._durations import DurationDecoder
from rollwerk.encounter._effects import ActiveEffect, StackingPolicy
from rollwerk.encounter._state import Combatant, EncounterState
from rollwerk.errors import SchemaError

__all__ = ["SCHEMA", "encounter_from_json", "encounter_to_json"]

SCHEMA = 1
"""The version of the encounter JSON written and read."""

S = TypeVar("S", bound=EncounterState)


def encounter_to_json(state: EncounterState) -> dict[str, Any]:
    """See [`Encounter.to_json`][rollwerk.encounter.Encounter.to_json]."""
    return {
        "schema": SCHEMA,
        "combatants": [c.to_json() for c in state.combatants],
        "order": list(state.order),
        "round": state.round,
        "current": state.current,
        "done": list(state.done),
        "effects": [e.to_json() for e in state.effects],
        "concentrating": list(state.concentrating),
        "signals": dict(state.signal_counts),
        "clock": str(state.clock),
        "round_seconds": str(state.round_seconds),
        "actions_per_round": state.actions_per_round,
        "stacking": state.stacking.to_json(),
        "next_effect": state.next_effect,
        "initiative_rolls": [r.to_json() for r in state.initiative_rolls],
        "ended": state.ended,
    }


def encounter_from_json(
    cls: type[S],
    data: Mapping[str, Any],
    *,
    kinds: Mapping[str, DurationDecoder] | None = None,
) -> S:
    """See [`Encounter.from_json`][rollwerk.encounter.Encounter.from_json]."""
    if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
        got = data.get("schema") if isinstance(data, Mapping) else data
        raise SchemaError(f"schema must be {SCHEMA}, got {got!r}")
    try:
        current = data.get("current")
        return cls(
            combatants=tuple(Combatant.from_json(c) for c in data["combatants"]),
            order=tuple(str(c) for c in data["order"]),
            round=int(data["round"]),
            current=None if current is None else str(current),
            done=tuple(str(c) for c in data.get("done", ())),
            effects=tuple(
                ActiveEffect.from_json(e, kinds) for e in data.get("effects", ())
            ),
            concentrating=tuple(str(c) for c in data.get("concentrating", ())),
            signal_counts=tuple(
                sorted((str(k), int(v)) for k, v in data.get("signals", {}).items())
            ),
            clock=Fraction(str(data.get("clock", "0"))),
            round_seconds=Fraction(str(data.get("round_seconds", "6"))),
            actions_per_round=int(data.get("actions_per_round", 1)),
            stacking=StackingPolicy.from_json(
                data.get("stacking", StackingPolicy().to_json())
            ),
            next_effect=int(data.get("next_effect", 1)),
            initiative_rolls=tuple(
                DieRoll.from_json(r) for r in data.get("initiative_rolls", ())
            ),
            ended=bool(data.get("ended", False)),
        )
    except SchemaError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SchemaError(f"malformed encounter JSON: {exc!r}") from exc
