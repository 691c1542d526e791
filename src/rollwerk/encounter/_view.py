"""What a duration may read of an encounter: a narrow, typed view.

Durations sit below the encounter: they never import
[`Encounter`][rollwerk.encounter.Encounter], they see an
[`EncounterView`][rollwerk.encounter.EncounterView]. The encounter satisfies
it structurally, and so can a test double or a replay reader.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

__all__ = ["EncounterView"]


class EncounterView(Protocol):
    """The read-only part of an encounter state that durations see.

    [`Duration.bind`][rollwerk.encounter.Duration.bind],
    [`is_over`][rollwerk.encounter.Duration.is_over],
    [`remaining`][rollwerk.encounter.Duration.remaining] and
    [`rebind`][rollwerk.encounter.Duration.rebind] receive one, and so does the
    predicate of an [`UntilCondition`][rollwerk.encounter.UntilCondition].
    [`Encounter`][rollwerk.encounter.Encounter] satisfies it without naming
    it. Every clock a duration counts on is here, keyed by combatant id; the
    turn position (``round``, ``order``, ``current``, ``done``) is here for
    kinds that follow a slot in initiative when their anchor leaves (the
    Pathfinder plugin's ``Pf2eRounds``) and for conditions such as "until
    round 3".
    """

    @property
    def clock(self) -> Fraction:
        """The game clock in seconds."""
        ...

    @property
    def round(self) -> int:
        """The current round; 0 before the first."""
        ...

    @property
    def order(self) -> tuple[str, ...]:
        """The initiative order (ids)."""
        ...

    @property
    def current(self) -> str | None:
        """Whose turn it is, if anyone's."""
        ...

    @property
    def done(self) -> tuple[str, ...]:
        """Ids whose slot in this round has passed."""
        ...

    @property
    def ended(self) -> bool:
        """Whether the encounter has ended."""
        ...

    def turns_started(self, combatant: str) -> int:
        """How many turns the combatant has started."""
        ...

    def turns_ended(self, combatant: str) -> int:
        """How many turns the combatant has ended."""
        ...

    def actions_used(self, combatant: str) -> int:
        """How many action slots the combatant has used or let pass."""
        ...

    def checks_made(self, combatant: str) -> int:
        """How many checks the combatant has made."""
        ...

    def signals(self, event: str) -> int:
        """How often the named event has been signalled."""
        ...

    def is_concentrating(self, combatant: str) -> bool:
        """Whether the combatant concentrates."""
        ...
