"""The history of an encounter: every state, for exact undo."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from rollwerk.encounter._encounter import Encounter, Step
from rollwerk.encounter._events import Event
from rollwerk.errors import ParameterError

__all__ = ["Timeline"]


@attrs.frozen
class Timeline:
    """Every state of an encounter, for exact undo.

    States are immutable, so restoring one is exact: effects that have expired
    since come back as they were.

    >>> from rollwerk import Rounds
    >>> tl = Timeline.start(Encounter.create(["A", "B"]))
    >>> tl = tl.do(Encounter.advance)
    >>> tl = tl.do(lambda s: s.add_effect("Bless", source="A", target="A", duration=Rounds(1)))
    >>> tl = tl.do(lambda s: s.advance(2))
    >>> tl.current.effects
    ()
    >>> tl.rewind(1).current.effects[0].name
    'Bless'
    """

    states: tuple[Encounter, ...]
    """The states, oldest first (at least one)."""
    log: tuple[tuple[Event, ...], ...] = ()
    """``log[i]`` holds the events from ``states[i]`` to ``states[i + 1]``."""

    def __attrs_post_init__(self) -> None:
        if not self.states:
            raise ParameterError("states", self.states, "at least one encounter state")
        if len(self.log) != len(self.states) - 1:
            raise ParameterError(
                "log", len(self.log), f"{len(self.states) - 1} event groups"
            )

    @classmethod
    def start(cls, encounter: Encounter) -> Timeline:
        """A timeline holding one state."""
        return cls((encounter,))

    @property
    def current(self) -> Encounter:
        """The newest state."""
        return self.states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order."""
        return tuple(e for group in self.log for e in group)

    def __len__(self) -> int:
        return len(self.states)

    def record(self, step: Step) -> Timeline:
        """Append a step's state and events."""
        return Timeline((*self.states, step.state), (*self.log, tuple(step.events)))

    def do(self, operation: Callable[[Encounter], Step]) -> Timeline:
        """Apply an operation to the newest state and record it.

        ``tl.do(Encounter.advance)``,
        ``tl.do(lambda s: s.add_effect(...))``.
        """
        return self.record(operation(self.current))

    def rewind(self, steps: int = 1) -> Timeline:
        """Undo the last ``steps`` steps.

        Raises:
            ParameterError: Fewer steps were recorded.
        """
        if (
            isinstance(steps, bool)
            or not isinstance(steps, int)
            or not 0 <= steps < len(self.states)
        ):
            raise ParameterError(
                "steps", steps, f"an integer from 0 to {len(self.states) - 1}"
            )
        return self.restore(len(self.states) - 1 - steps)

    def restore(self, index: int) -> Timeline:
        """Go back to ``states[index]``, dropping every later state.

        Raises:
            ParameterError: No such state.
        """
        n = len(self.states)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
            raise ParameterError("index", index, f"an integer from 0 to {n - 1}")
        return Timeline(self.states[: index + 1], self.log[:index])
