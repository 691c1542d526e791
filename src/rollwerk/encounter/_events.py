"""Encounter events: what an operation reports, in order.

Every [`Step`][rollwerk.encounter.Step] carries a tuple of these frozen
values; [`Event`][rollwerk.encounter.Event] is their union.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import TypeAlias

import attrs

from rollwerk.encounter._durations import Duration
from rollwerk.encounter._effects import ActiveEffect

__all__ = [
    "ActionSpent",
    "CheckRecorded",
    "CombatantDelayed",
    "CombatantJoined",
    "CombatantLeft",
    "ConcentrationEnded",
    "ConcentrationStarted",
    "CounterChanged",
    "EffectAdded",
    "EffectChanged",
    "EffectExpired",
    "EffectRefreshed",
    "EffectRemoved",
    "EffectTicked",
    "EncounterEnded",
    "Event",
    "RemovalReason",
    "RoundEnded",
    "RoundStarted",
    "Signalled",
    "TimePassed",
    "TurnEnded",
    "TurnStarted",
]


@attrs.frozen
class RoundStarted:
    """A new round began (the clock ran one round length, from round 2 on)."""

    round: int
    """The round that began (1 for the first)."""


@attrs.frozen
class RoundEnded:
    """The last turn of a round ended."""

    round: int
    """The round that ended."""


@attrs.frozen
class TurnStarted:
    """A combatant's turn began; start-of-turn ticks follow it."""

    round: int
    """The round."""
    combatant: str
    """Whose turn it is."""


@attrs.frozen
class TurnEnded:
    """A combatant's turn ended; end-of-turn expirations follow it."""

    round: int
    """The round."""
    combatant: str
    """Whose turn ended."""


@attrs.frozen
class EffectAdded:
    """An effect was added (with its duration bound)."""

    effect: ActiveEffect
    """The effect as stored."""


@attrs.frozen
class EffectExpired:
    """An effect's duration ran out; it is no longer active."""

    effect: ActiveEffect
    """The effect as it was when it expired."""


class RemovalReason(enum.Enum):
    """Why an effect was removed before its duration ran out."""

    REQUESTED = "requested"
    """[`remove_effect`][rollwerk.encounter.Encounter.remove_effect] was called."""
    REPLACED = "replaced"
    """A newer effect of the same name replaced it (``SameName.REPLACE``)."""
    TARGET_LEFT = "target_left"
    """Its target left the encounter."""


@attrs.frozen
class EffectRemoved:
    """An effect was removed before its duration ran out."""

    effect: ActiveEffect
    """The effect as it was."""
    reason: RemovalReason
    """Why."""


@attrs.frozen
class EffectRefreshed:
    """An effect's duration was bound afresh (an explicit refresh)."""

    effect: ActiveEffect
    """The effect with its new duration."""


@attrs.frozen
class EffectChanged:
    """An effect's duration changed form but kept what remains.

    This happens when its anchor leaves (it now follows the effect's target)
    and when the encounter ends (turn counts become game time).
    """

    effect: ActiveEffect
    """The effect with its new duration."""
    previous: Duration
    """The duration it had before."""


@attrs.frozen
class EffectTicked:
    """What remains of an effect went down without running out."""

    effect: ActiveEffect
    """The effect."""
    remaining: int | Fraction
    """What remains now."""
    unit: str
    """The unit of ``remaining``."""


@attrs.frozen
class CombatantJoined:
    """A combatant joined the encounter."""

    combatant: str
    """Its id."""
    next_round: bool
    """Whether its slot this round had already passed (it acts from the next)."""


@attrs.frozen
class CombatantLeft:
    """A combatant left the encounter."""

    combatant: str
    """Its id."""


@attrs.frozen
class CombatantDelayed:
    """A combatant moved in the order (delay); its ticks follow it."""

    combatant: str
    """Its id."""
    after: str
    """The combatant it now acts directly after."""
    next_round: bool
    """Whether its new slot this round has already passed (it acts next round)."""


@attrs.frozen
class ActionSpent:
    """A combatant used action slots."""

    combatant: str
    """Its id."""
    total: int
    """Its action slots used so far."""


@attrs.frozen
class CheckRecorded:
    """A combatant made a check (for ``NextChecks`` durations)."""

    combatant: str
    """Its id."""
    total: int
    """Its checks so far."""


@attrs.frozen
class CounterChanged:
    """A named per-combatant counter changed."""

    combatant: str
    """Its id."""
    name: str
    """The counter."""
    value: int
    """Its new value."""


@attrs.frozen
class ConcentrationStarted:
    """A combatant began to concentrate."""

    combatant: str
    """Its id."""


@attrs.frozen
class ConcentrationEnded:
    """A combatant's concentration ended; effects depending on it expire."""

    combatant: str
    """Its id."""


@attrs.frozen
class Signalled:
    """A named event was signalled (for ``UntilEvent`` durations)."""

    event: str
    """The event's name."""
    count: int
    """How often it has been signalled so far."""


@attrs.frozen
class TimePassed:
    """Game time passed outside the turn order."""

    seconds: Fraction
    """How much."""
    clock: Fraction
    """The clock afterwards."""


@attrs.frozen
class EncounterEnded:
    """The combat ended; turn-counted durations became game time."""

    round: int
    """The last round."""


Event: TypeAlias = (
    RoundStarted
    | RoundEnded
    | TurnStarted
    | TurnEnded
    | EffectAdded
    | EffectExpired
    | EffectRemoved
    | EffectRefreshed
    | EffectChanged
    | EffectTicked
    | CombatantJoined
    | CombatantLeft
    | CombatantDelayed
    | ActionSpent
    | CheckRecorded
    | CounterChanged
    | ConcentrationStarted
    | ConcentrationEnded
    | Signalled
    | TimePassed
    | EncounterEnded
)
"""Any event an encounter operation produces."""
