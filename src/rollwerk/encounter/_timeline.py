"""The history of an encounter: every state, for exact undo, and its JSON."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from rollwerk._jsonutil import document, known, schema_version
from rollwerk._repr import value_repr
from rollwerk.encounter._durations import DurationDecoder, checked_kinds
from rollwerk.encounter._encounter import Encounter, Step
from rollwerk.encounter._events import (
    Event,
    _Words,
    describe_step,
    event_from_json,
    event_to_json,
)
from rollwerk.encounter._wording import names_of
from rollwerk.errors import (
    ParameterError,
    RollwerkError,
    SchemaError,
    shown,
)
from rollwerk.i18n import CORE, Catalog
from rollwerk.i18n._catalog import one_catalog

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

    A timeline is saved with [`to_json`][rollwerk.encounter.Timeline.to_json]
    and loaded with [`from_json`][rollwerk.encounter.Timeline.from_json], so
    undo survives a save and reload:

    >>> again = Timeline.from_json(tl.to_json())
    >>> again == tl, again.rewind(1).current.effects[0].name
    (True, 'Bless')
    """

    __repr__ = value_repr

    states: tuple[Encounter, ...]
    """The states, oldest first (at least one)."""
    log: tuple[tuple[Event, ...], ...] = ()
    """What happened between two states: ``log[i]`` holds the events of the
    step from ``states[i]`` to ``states[i + 1]``, in order, so there is one
    group fewer than there are states (a step that changed nothing has an
    empty group). [`events`][rollwerk.encounter.Timeline.events] is the
    log flattened; [`describe`][rollwerk.encounter.Timeline.describe]
    renders it as text. Rewinding drops the groups of the undone steps."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.states, tuple) or not all(
            isinstance(state, Encounter) for state in self.states
        ):
            raise ParameterError(
                "states", self.states, "a tuple of Encounter states, oldest first"
            )
        if not self.states:
            raise ParameterError("states", self.states, "at least one encounter state")
        if not isinstance(self.log, tuple) or not all(
            isinstance(group, tuple) and all(isinstance(e, _Words) for e in group)
            for group in self.log
        ):
            raise ParameterError(
                "log",
                self.log,
                "a tuple of event groups, each a tuple of encounter events",
            )
        if len(self.log) != len(self.states) - 1:
            raise ParameterError(
                "log", len(self.log), f"{len(self.states) - 1} event groups"
            )

    @classmethod
    def start(cls, encounter: Encounter) -> Timeline:
        """A timeline holding one state.

        Raises:
            ParameterError: ``encounter`` is not an Encounter.
        """
        if not isinstance(encounter, Encounter):
            raise ParameterError("encounter", encounter, "an Encounter")
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
        """Append a step's state and events.

        It cannot tell whether ``step`` was made from `current` (a step of
        another encounter is recorded as given); `do` applies an operation
        to `current`, so its steps always follow.

        Raises:
            ParameterError: ``step`` is not a Step (what an operation returns).
        """
        events = getattr(step, "events", None)
        if (
            not isinstance(step, Step)
            or not isinstance(step.state, Encounter)
            or not isinstance(events, (tuple, list))
            or not all(isinstance(e, _Words) for e in events)
        ):
            raise ParameterError(
                "step",
                step,
                "a Step, what an Encounter operation returns (enc.advance())",
            )
        return _checked((*self.states, step.state), (*self.log, tuple(events)))

    def do(self, operation: Callable[[Encounter], Step]) -> Timeline:
        """Apply an operation to the newest state and record it.

        ``tl.do(Encounter.advance)``,
        ``tl.do(lambda s: s.add_effect(...))``.

        Raises:
            ParameterError: ``operation`` is not callable or does not return
                a Step.
        """
        if not callable(operation):
            raise ParameterError(
                "operation",
                operation,
                "a callable taking the Encounter (Encounter.advance)",
            )
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
        return _checked(self.states[: index + 1], self.log[:index])

    def keep_last(self, n: int) -> Timeline:
        """The timeline of the newest states, at most ``n`` of them.

        Every state is stored whole, so a timeline that records each click
        of a long fight grows with every step, in memory and in its
        [`to_json`][rollwerk.encounter.Timeline.to_json]. Keeping the last
        ``n`` states bounds the undo history: the older states and the log
        of the steps between them are dropped (a timeline of ``n`` states or
        fewer is returned as it is).

        >>> tl = Timeline.start(Encounter.create(["A", "B"]))
        >>> for _ in range(5):
        ...     tl = tl.do(Encounter.advance).keep_last(3)
        >>> len(tl), len(tl.log), tl.current.round
        (3, 2, 3)

        Raises:
            ParameterError: ``n`` is not an integer of at least 1.
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ParameterError("n", n, "an integer >= 1")
        if n >= len(self.states):
            return self
        return _checked(self.states[-n:], self.log[len(self.log) - (n - 1) :])

    # -------------------------------------------------------------- words

    def names(self) -> dict[str, str]:
        """Display names by id of everyone who was ever in the encounter."""
        names: dict[str, str] = {}
        for state in self.states:
            names.update(names_of(state))
        return names

    def describe(
        self,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        steps: bool = False,
    ) -> str:
        """The log as text: one sentence per event, in order.

        Combatants are called by their names; ``catalogs`` is a further
        catalog or an iterable of them, searched first, in order. An effect
        that ends, ticks, changes or is removed is named with its source
        ("Bless on Max from Kyra ends.") when the state before or after its
        step holds another effect of that name on that target from another
        source. With
        ``steps=True`` every step begins with a line ``Step n:`` (``n`` is
        the index of the state the step led to, as
        [`restore`][rollwerk.encounter.Timeline.restore] takes it) and its
        events are indented.

        >>> from rollwerk.encounter import Combatant, Rounds
        >>> tl = Timeline.start(Encounter.create([Combatant("k", "Kyra"), Combatant("v", "Valeros")]))
        >>> tl = tl.do(Encounter.advance)
        >>> tl = tl.do(lambda s: s.add_effect("Bless", source="v", target="k", duration=Rounds(1)))
        >>> print(tl.describe("de", steps=True))
        Schritt 1:
          Runde 1 beginnt.
          Kyras Zug beginnt.
        Schritt 2:
          Valeros wirkt Bless auf Kyra: 1 Runde, gezählt zu Beginn von Valeros' Zügen.

        Raises:
            ParameterError: No catalog knows ``lang`` (even when the log is
                empty), or ``catalogs`` is not a catalog, an iterable of
                catalogs or ``None``.
        """
        catalogs = one_catalog(catalogs)
        # lang refused as each event would refuse it, even with no events
        CORE.text("timeline.step", n=1)(lang, catalogs)
        names = self.names()
        lines: list[str] = []
        for n, group in enumerate(self.log, start=1):
            # effects of one name on one target from two sources, before
            # or after the step, are named with their sources
            around = (self.states[n - 1], self.states[n])
            said = describe_step(group, lang, catalogs, names, around)
            if steps:
                lines.append(CORE.text("timeline.step", n=n)(lang, catalogs))
                lines.extend(f"  {line}" for line in said)
            else:
                lines.extend(said)
        return "\n".join(lines)

    # --------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with ``"schema": 1``: every state and the event log.

        ``{"schema": 1, "states": [<Encounter.to_json()>, …],
        "log": [[<event_to_json()>, …], …]}``; loads back to an equal
        timeline with [`from_json`][rollwerk.encounter.Timeline.from_json].

        Raises:
            SchemaError: A state or event holds an ``UntilCondition`` (a
                Python predicate).
        """
        return {
            "schema": SCHEMA,
            "states": [state.to_json() for state in self.states],
            "log": [[event_to_json(e) for e in group] for group in self.log],
        }

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        *,
        kinds: Mapping[str, DurationDecoder] | None = None,
    ) -> Timeline:
        """Load what [`to_json`][rollwerk.encounter.Timeline.to_json] wrote.

        Strict: the document must have ``"schema": 1``, a non-empty list of
        states and exactly one list of events per step; every state is read
        by [`Encounter.from_json`][rollwerk.encounter.Encounter.from_json]
        and every event by
        [`event_from_json`][rollwerk.encounter.event_from_json]. Nothing is
        coerced or dropped.

        Args:
            data: The JSON object.
            kinds: Decoders of plugin duration kinds by name; without them
                the installed plugins' kinds are used.

        Raises:
            SchemaError: Any malformed part, with where it is
                (``states[2]``, ``log[0][1]``) and what was wrong.
        """
        kinds = checked_kinds(kinds)  # a ParameterError, not a malformed document
        if not isinstance(data, Mapping):
            raise _error("", "an object", data)
        with document("timeline"):
            schema_version(data, SCHEMA)
        with document("timeline"):  # "x is not a field (the fields are …)"
            known(data, ("schema", "states", "log"))
        states_data = data.get("states")
        if not isinstance(states_data, list) or not states_data:
            expected = "a non-empty array of encounters"
            if "states" not in data:
                raise _located(
                    f"malformed timeline JSON: states is required ({expected})",
                    "states",
                    expected,
                )
            raise _error("states", expected, states_data)
        log_data = data.get("log")
        steps = len(states_data) - 1
        if "log" not in data:
            expected = f"an array of {steps} event groups (one per step)"
            raise _located(
                f"malformed timeline JSON: log is required ({expected})",
                "log",
                expected,
            )
        if not isinstance(log_data, list) or len(log_data) != steps:
            got = (
                f"an array of {len(log_data)}"
                if isinstance(log_data, list)
                else shown(log_data)
            )
            raise _located(
                "malformed timeline JSON: log must be an array of "
                f"{steps} event groups (one per step), got {got}",
                "log",
                f"an array of {steps} event groups (one per step)",
            )
        for i, group in enumerate(log_data):
            if not isinstance(group, list):
                raise _error(f"log[{i}]", "an array of events", group)
        states: list[Encounter] = []
        log: list[tuple[Event, ...]] = []
        where = ""
        try:
            for i, state in enumerate(states_data):
                where = f"states[{i}]"
                states.append(Encounter.from_json(state, kinds=kinds))
            for i, group in enumerate(log_data):
                events: list[Event] = []
                for j, event in enumerate(group):
                    where = f"log[{i}][{j}]"
                    events.append(event_from_json(event, kinds))
                log.append(tuple(events))
        except SchemaError as exc:
            # seen from the timeline: one document, one path (as an
            # encounter reports its combatants' fields)
            raise exc.within(where, document="timeline") from exc.__cause__
        except RollwerkError as exc:
            raise SchemaError(str(exc), path=where, document="timeline") from exc
        return cls(tuple(states), tuple(log))


SCHEMA = 1
"""The version of the timeline JSON written and read."""


def _checked(
    states: tuple[Encounter, ...], log: tuple[tuple[Event, ...], ...]
) -> Timeline:
    """A timeline of parts known to be right, built without checking them again.

    ``record`` and ``restore`` add one checked step to, or cut steps off, a
    timeline whose parts were checked when it was made; checking every
    state again would make recording a long encounter quadratic.
    """
    timeline = object.__new__(Timeline)
    object.__setattr__(timeline, "states", states)
    object.__setattr__(timeline, "log", log)
    return timeline


def _located(message: str, path: str, expected: str | None) -> SchemaError:
    """A timeline error worded as ``message``, with its path and expectation.

    The message keeps saying which state or event it is in and what that
    document's loader said; ``path`` (``states[1].combatants[0].initiative``),
    ``expected`` and ``document`` are set as every loader sets them.
    """
    error = SchemaError(message)
    error.document, error.path, error.expected = "timeline", path, expected
    return error


def _error(path: str, expected: str, got: object) -> SchemaError:
    where = path or "the document"
    return _located(
        f"malformed timeline JSON: {where} must be {expected}, got {shown(got)}",
        path,
        expected,
    )
