"""The encounter's state and its queries: combatants, counters, initiative.

[`Encounter`][rollwerk.encounter.Encounter] is this state plus its operations
(in ``_operations``) and its JSON (in ``_codec``); the fields and queries
live here so that both can be typed against them without a cycle.
"""

from __future__ import annotations

import bisect
import enum
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from rollwerk._jsonutil import (
    EXACT_JSON,
    INT_LIMIT,
    argument,
    array,
    choice,
    document,
    exact_fits,
    known,
    nested,
    obj,
    strict,
)
from rollwerk._repr import value_repr
from rollwerk.checks._model import Modifier
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.dice._roll import DieRoll
from rollwerk.encounter._durations import Remaining, json_count, json_required
from rollwerk.encounter._effects import ActiveEffect
from rollwerk.encounter._stacking import StackingPolicy, modifier_kind
from rollwerk.errors import LimitExceeded, ParameterError, SchemaError
from rollwerk.rng import Rng, checked, is_rng, not_an_rng

__all__ = [
    "Combatant",
    "Counter",
    "CounterReset",
    "EncounterState",
    "InitiativeRule",
    "by_initiative",
]


class CounterReset(enum.Enum):
    """When a per-combatant counter (reactions taken…) goes back to 0."""

    ROUND = "round"
    """At the start of every round (AdZ reactions per round)."""
    TURN = "turn"
    """At the start of the combatant's own turn (PF2e's reaction)."""


def checked_reset(reset: object) -> CounterReset:
    """``reset`` if it is a ``CounterReset`` member.

    As every enum parameter of rollwerk (``Degree``, ``SameName``,
    ``Stacking``…), only a member is taken, not its value string.

    Raises:
        ParameterError: ``reset`` is anything else; the members are listed.
    """
    if not isinstance(reset, CounterReset):
        names = ", ".join(f"CounterReset.{m.name}" for m in CounterReset)
        raise ParameterError("reset", reset, f"one of {names}")
    return reset


@attrs.frozen
class Counter:
    """A named per-combatant counter, such as reactions taken this round."""

    __repr__ = value_repr

    name: str
    """The counter's name (``"reactions"``)."""
    value: int
    """Its current value."""
    reset: CounterReset = CounterReset.ROUND
    """When it goes back to 0."""

    def __attrs_post_init__(self) -> None:
        argument("name", self.name, "str")
        if not self.name:  # as count() and combatant JSON refuse it
            raise ParameterError("name", self.name, "a non-empty string")
        argument("value", self.value, "int")
        checked_reset(self.reset)


def _counters(value: Iterable[Counter]) -> tuple[Counter, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ParameterError("counters", value, "an iterable of Counters")
    counters = tuple(value)
    names: set[str] = set()
    for i, c in enumerate(counters):
        if not isinstance(c, Counter):
            raise ParameterError(f"counters[{i}]", c, "a Counter")
        if c.name in names:  # what count() keeps, and what JSON loads back
            raise ParameterError(
                f"counters[{i}].name", c.name, "a name no other counter has"
            )
        names.add(c.name)
    return tuple(sorted(counters, key=lambda c: c.name))


@attrs.frozen
class Combatant:
    """A participant of an encounter, with the clocks durations count on.

    Create one with an ``id`` (unique in the encounter) and optionally a name,
    an initiative value and an owner; the counters start at 0 and are kept by
    the encounter. Ticks are bound to ``id``, never to ``initiative`` or a
    position in the order.
    """

    __repr__ = value_repr

    id: str
    """Unique within the encounter; effects and durations refer to it."""
    name: str = ""
    """A display name (defaults to the id)."""
    initiative: int = 0
    """The initiative value the order was (or will be) built from."""
    owner: str | None = None
    """Who controls it (a player's name, ``"GM"``…), for willing checks."""
    turns: int = 0
    """How many turns it has started in this encounter."""
    actions: int = 0
    """How many action slots it has used (spent, or elapsed at turn ends)."""
    turn_start_actions: int = 0
    """``actions`` when its current (or last) turn started (at most ``actions``:
    actions only grow)."""
    checks: int = 0
    """How many checks it has made (see ``record_check``)."""
    counters: tuple[Counter, ...] = attrs.field(default=(), converter=_counters)
    """Named per-round or per-turn counters, sorted by name."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise ParameterError("combatant id", self.id, "a non-empty string")
        # what combatant JSON holds, so that an encounter's state loads back
        argument("name", self.name, "str")
        argument("initiative", self.initiative, "int")
        argument("owner", self.owner, "str|null")
        for name in ("turns", "actions", "turn_start_actions", "checks"):
            count = getattr(self, name)  # a count, as combatant JSON holds it
            if count.__class__ is not int or not 0 <= count < INT_LIMIT:
                raise ParameterError(name, count, "an integer from 0 to 2**63 - 1")
        if self.turn_start_actions > self.actions:  # as combatant JSON refuses it
            raise ParameterError(
                "turn_start_actions",
                self.turn_start_actions,
                f"an integer from 0 to actions ({self.actions}): the actions used "
                "when the turn started",
            )
        if not self.name:
            object.__setattr__(self, "name", self.id)

    def counter(self, name: str) -> int:
        """The value of a named counter (0 if never counted)."""
        for c in self.counters:
            if c.name == name:
                return c.value
        return 0

    def to_json(self) -> dict[str, Any]:
        """Plain JSON, counters included."""
        return {
            "id": self.id,
            "name": self.name,
            "initiative": self.initiative,
            "owner": self.owner,
            "turns": self.turns,
            "actions": self.actions,
            "turn_start_actions": self.turn_start_actions,
            "checks": self.checks,
            "counters": [
                {"name": c.name, "value": c.value, "reset": c.reset.value}
                for c in self.counters
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Combatant:
        """Load what [`to_json`][rollwerk.encounter.Combatant.to_json] wrote."""
        with document("combatant"):
            data = obj(data)
            known(data, _COMBATANT_FIELDS)
            cid = data.get("id")
            json_required(data, "id", _ID)
            if cid.__class__ is not str or not cid:  # as Combatant refuses it
                raise SchemaError.field("id", _ID, cid)
            counters: list[Counter] = []
            names: set[str] = set()  # a set: many counters load in linear time
            for i, item in enumerate(array(data, "counters", [])):
                with nested(f"counters[{i}]"):
                    c = obj(item)
                    name = c.get("name")
                    json_required(c, "name", _COUNTER_NAME)
                    if name.__class__ is not str or not name:
                        # count() refuses a counter without a name
                        raise SchemaError.field("name", _COUNTER_NAME, name)
                    if name in names:
                        # count() keeps one counter of a name
                        raise SchemaError.field(
                            "name", "a name no other counter of the combatant has", name
                        )
                    json_required(c, "value", "an integer from -2**63 to 2**63 - 1")
                    json_required(c, "reset", "one of 'round', 'turn'")
                    names.add(name)
                    counters.append(
                        Counter(
                            name,
                            strict(c, "value", "int"),
                            choice(c, "reset", CounterReset),
                        )
                    )
            actions = json_count(data, "actions", 0, 0)
            started = json_count(data, "turn_start_actions", 0, 0)
            if started > actions:  # actions only grow: none are given back
                raise SchemaError.field(
                    "turn_start_actions",
                    f"an integer from 0 to actions ({actions}): the actions used "
                    "when the turn started",
                    started,
                )
            return cls(
                id=cid,
                name=strict(data, "name", "str", ""),
                initiative=strict(data, "initiative", "int", 0),
                owner=strict(data, "owner", "str|null", None),
                turns=json_count(data, "turns", 0, 0),
                actions=actions,
                turn_start_actions=started,
                checks=json_count(data, "checks", 0, 0),
                counters=tuple(counters),
            )


_ID = "a non-empty string"
"""What a combatant's ``id`` is, in JSON's words."""

_COUNTER_NAME = "a non-empty string (the counter's name)"
"""What a counter's ``name`` is, in JSON's words."""


_COMBATANT_FIELDS = (
    "id",
    "name",
    "initiative",
    "owner",
    "turns",
    "actions",
    "turn_start_actions",
    "checks",
    "counters",
)


# ------------------------------------------------------------------ initiative

InitiativeRule = Callable[[Sequence[Combatant], Rng], Sequence[str]]
"""A ruleset's initiative rule: combatants and an Rng → ids in acting order.

Every die it draws from the Rng is recorded in
[`Encounter.initiative_rolls`][rollwerk.encounter.Encounter.initiative_rolls].
"""


def by_initiative(
    combatants: Sequence[Combatant], rng: Rng, *, tie_sides: int = 20
) -> tuple[str, ...]:
    """Order by initiative value, highest first; break ties by roll-offs.

    Tied combatants each roll one die of ``tie_sides`` (in the order given);
    the higher roll goes first, and those still tied roll again (DS4-R11).
    Deterministic for a given Rng.

    >>> from rollwerk import ScriptedRng
    >>> a, b, c = Combatant("A", initiative=8), Combatant("B", initiative=12), Combatant("C", initiative=8)
    >>> by_initiative([a, b, c], ScriptedRng([5, 5, 3, 9]))
    ('B', 'C', 'A')

    Each face the Rng gives is checked (an integer from 1 to
    ``tie_sides``). A roll-off tied `ROLL_OFF_LIMIT` times in a row (an Rng
    that keeps giving one face) is refused rather than rolled forever.

    Raises:
        ParameterError: ``combatants`` is not an iterable of Combatants,
            ``rng`` is not an Rng or gives a face that is not one of a die
            of ``tie_sides``, or ``tie_sides`` is not an integer from 2 to
            the dice limit's sides.
        LimitExceeded: A roll-off tied more than `ROLL_OFF_LIMIT` times.
    """
    if not is_rng(rng):
        raise not_an_rng(rng)
    most = DICE_LIMITS.max_sides
    if tie_sides.__class__ is not int or not 2 <= tie_sides <= most:
        raise ParameterError("tie_sides", tie_sides, f"an integer from 2 to {most}")
    rng = checked(rng)
    if isinstance(combatants, (str, bytes)) or not isinstance(combatants, Iterable):
        raise ParameterError("combatants", combatants, "a sequence of Combatants")
    groups: dict[int, list[str]] = {}
    for i, c in enumerate(combatants):
        if not isinstance(c, Combatant):
            raise ParameterError(f"combatants[{i}]", c, "a Combatant")
        groups.setdefault(c.initiative, []).append(c.id)
    order: list[str] = []
    for value in sorted(groups, reverse=True):
        order.extend(_roll_off(groups[value], rng, tie_sides))
    return tuple(order)


ROLL_OFF_LIMIT = 100
"""The most times in a row one group of tied combatants rolls off again."""


def _roll_off(ids: list[str], rng: Rng, sides: int) -> list[str]:
    """``ids`` ordered by roll-offs: the higher face first, ties rolling again.

    Depth first, as the rules read: a tied group is settled before the
    combatants who rolled lower roll again (the draws come in that order).
    """
    result: list[str] = []
    pending: list[tuple[list[str], int]] = [(ids, 0)]
    while pending:
        group, ties = pending.pop()
        if len(group) <= 1:
            result.extend(group)
            continue
        if ties == ROLL_OFF_LIMIT:
            raise LimitExceeded(
                "tied roll-offs",
                ties + 1,
                ROLL_OFF_LIMIT,
                operation="initiative of " + ", ".join(map(repr, group)),
            )
        rolls: dict[int, list[str]] = {}
        for cid in group:
            rolls.setdefault(rng.roll(sides), []).append(cid)
        # lowest pushed first: the highest face's group is settled next
        pending.extend((rolls[face], ties + 1) for face in sorted(rolls))
    return result


class _RecordingRng:
    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.rolls: list[DieRoll] = []

    def roll(self, sides: int) -> int:
        face = self.rng.roll(sides)
        self.rolls.append(DieRoll(sides, face, "initiative"))
        return face


# ------------------------------------------------------------------- the state


def _exact(value: object, name: str = "seconds") -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError(name, value, "an int or Fraction")
    return Fraction(value)


def _clock(value: int | Fraction) -> Fraction:
    """The ``clock`` field: an int or Fraction of game seconds."""
    return _exact(value, "clock")


def _round_seconds(value: int | Fraction) -> Fraction:
    """The ``round_seconds`` field: an int or Fraction of game seconds."""
    return _exact(value, "round_seconds")


def _fraction(value: object, name: str = "seconds") -> Fraction:
    """An argument in seconds: an int or Fraction that JSON can hold."""
    result = _exact(value, name)
    if not exact_fits(result):
        raise ParameterError(name, value, EXACT_JSON)
    return result


def _sorted_by_name(pairs: tuple[Any, ...]) -> bool:
    """Whether ``pairs`` are ``(name, count)`` pairs sorted by name.

    Also ``True`` for what is not such pairs, which is left as it is given.
    """
    if not all(
        isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)
        for pair in pairs
    ):
        return True
    return all(a[0] <= b[0] for a, b in itertools.pairwise(pairs))


@attrs.frozen
class EncounterState:
    """The fields and queries of an encounter state (not an operation in sight).

    Use [`Encounter`][rollwerk.encounter.Encounter], which adds the
    operations; this base exists so that the operations and the JSON codec
    can be written against the state alone.
    """

    __repr__ = value_repr

    combatants: tuple[Combatant, ...]
    """Everyone in the encounter, in the order they joined."""
    order: tuple[str, ...]
    """The initiative order (ids); delays and joins change it."""
    round: int = 0
    """The current round; 0 before the first ``advance``."""
    current: str | None = None
    """Whose turn it is; ``None`` before the first turn, between turns and after the end."""
    done: tuple[str, ...] = ()
    """Ids whose slot in this round has passed (acted, or joined/delayed behind)."""
    effects: tuple[ActiveEffect, ...] = ()
    """The active effects, in the order they were added."""
    concentrating: tuple[str, ...] = ()
    """Ids of the combatants that concentrate."""
    signal_counts: tuple[tuple[str, int], ...] = ()
    """How often each named event has been signalled, sorted by name."""
    clock: Fraction = Fraction(0)
    """The game clock in seconds."""
    round_seconds: Fraction = Fraction(6)
    """How long a round lasts (AdZ 3, DS4 5, PF2e 6)."""
    actions_per_round: int = 1
    """Action slots per combatant and round (Mythandria: 2)."""
    stacking: StackingPolicy = attrs.field(factory=StackingPolicy)
    """How effects with the same name and modifiers of one kind stack."""
    next_effect: int = 1
    """The number in the next automatic effect id (``"e<n>"``)."""
    initiative_rolls: tuple[DieRoll, ...] = ()
    """Every die the initiative rule drew, in order."""
    ended: bool = False
    """Whether [`end`][rollwerk.encounter.Encounter.end] was called."""
    departed: tuple[Combatant, ...] = ()
    """Combatants who left, as they were when they left, most recent last.

    They keep their names in words: an effect they made, and the events of
    the step in which they left, still name them. One who joins again is
    no longer listed here.
    """

    _index: dict[str, Combatant] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    """The combatants by id, made by the first lookup of one (``combatant``).

    Not a value of the state: a state and its evolved copies make their
    own, so that every clock a duration reads (``turns_started``…) is
    found in constant time, however many combatants there are.
    """

    _focused: frozenset[str] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    """``concentrating`` as a set, made by the first ``is_concentrating``."""

    def __attrs_post_init__(self) -> None:
        # converted here rather than by attrs converters: pyright does not
        # match a converter's field against a protocol's Fraction property,
        # so an Encounter would not be an EncounterView to pyright users
        object.__setattr__(self, "clock", _clock(self.clock))
        object.__setattr__(self, "round_seconds", _round_seconds(self.round_seconds))
        # kept sorted by name, as documented: signals() searches it
        counts = self.signal_counts
        if isinstance(counts, tuple) and not _sorted_by_name(counts):
            object.__setattr__(
                self, "signal_counts", tuple(sorted(counts, key=lambda p: p[0]))
            )

    @property
    def ids(self) -> tuple[str, ...]:
        """The combatants' ids, in the order they joined."""
        return tuple(c.id for c in self.combatants)

    @property
    def up_next(self) -> str | None:
        """Whose turn the next ``advance`` starts in this round, if anyone's."""
        for cid in self.order:
            if cid not in self.done and cid != self.current:
                return cid
        return None

    def combatant(self, combatant: str) -> Combatant:
        """The combatant with this id.

        Raises:
            ParameterError: No such combatant.
        """
        if isinstance(combatant, str):
            index = self._index
            if index is None:
                # reversed: of two combatants with one id, the first is found
                index = {c.id: c for c in reversed(self.combatants)}
                object.__setattr__(self, "_index", index)
            found = index.get(combatant)
            if found is not None:
                return found
        raise ParameterError("combatant", combatant, self._allowed_ids())

    def _allowed_ids(self) -> str:
        return (
            "the id of a combatant in the encounter ("
            + (", ".join(self.ids) or "none")
            + ")"
        )

    def turns_started(self, combatant: str) -> int:
        """How many turns the combatant has started."""
        return self.combatant(combatant).turns

    def turns_ended(self, combatant: str) -> int:
        """How many turns the combatant has ended."""
        return self.combatant(combatant).turns - (1 if self.current == combatant else 0)

    def actions_used(self, combatant: str) -> int:
        """How many action slots the combatant has used or let pass."""
        return self.combatant(combatant).actions

    def checks_made(self, combatant: str) -> int:
        """How many checks the combatant has made (``record_check``)."""
        return self.combatant(combatant).checks

    def counter(self, combatant: str, name: str) -> int:
        """The value of a named counter of the combatant, 0 if never counted.

        Counters are not declared: one exists from its first
        [`count`][rollwerk.encounter.Encounter.count], so a name never
        counted (a typo too: ``"reaction"`` for ``"reactions"``) reads 0.
        [`Combatant.counters`][rollwerk.encounter.Combatant.counters] lists
        the names counted so far.

        Raises:
            ParameterError: No such combatant.
        """
        return self.combatant(combatant).counter(name)

    def is_concentrating(self, combatant: str) -> bool:
        """Whether the combatant concentrates.

        Raises:
            ParameterError: No such combatant.
        """
        focused = self._focused
        if focused is None:
            focused = frozenset(c for c in self.concentrating if isinstance(c, str))
            object.__setattr__(self, "_focused", focused)
        if isinstance(combatant, str) and combatant in focused:
            return True
        self.combatant(combatant)
        return False

    def signals(self, event: str) -> int:
        """How often the named event has been signalled.

        Raises:
            ParameterError: ``event`` is not a string.
        """
        if not isinstance(event, str):
            raise ParameterError("event", event, "an event name (a string)")
        # signal_counts is sorted by name: a search, not a dict per call, so
        # that asking for every effect's event stays linear in the effects
        counts = self.signal_counts
        i = bisect.bisect_left(counts, (event,))
        if i < len(counts) and counts[i][0] == event:
            return counts[i][1]
        return 0

    def effect(self, effect_id: str) -> ActiveEffect:
        """The active effect with this id.

        Raises:
            ParameterError: No active effect has this id.
        """
        for e in self.effects:
            if e.id == effect_id:
                return e
        ids = ", ".join(e.id for e in self.effects) or "none"
        raise ParameterError(
            "effect id", effect_id, f"the id of an active effect ({ids})"
        )

    def effects_on(self, combatant: str) -> tuple[ActiveEffect, ...]:
        """The active effects on a combatant, in the order added."""
        self.combatant(combatant)
        return tuple(e for e in self.effects if e.target == combatant)

    def remaining(self, effect_id: str) -> Remaining:
        """What remains of an effect, in its duration's unit."""
        return self.effect(effect_id).duration.remaining(self)

    def modifiers(
        self, combatant: str, kind: str | None = None
    ) -> tuple[Modifier, ...]:
        """The modifiers in force on a combatant, after the stacking policy.

        Feed them into a check (``pw=base + enc.modifier_total("A", "check")``).
        ``kind`` selects the modifiers of one kind (``None``: every kind);
        kinds are the ruleset's words, so a kind no modifier has selects
        none.

        Raises:
            ParameterError: ``combatant`` is not the id of a combatant in
                the encounter, or ``kind`` is neither a string nor ``None``.
        """
        modifier_kind(kind)
        return self.stacking.combine(
            m
            for e in self.effects_on(combatant)
            for m in e.modifiers
            if kind is None or m.kind == kind
        )

    def modifier_total(self, combatant: str, kind: str | None = None) -> int:
        """The sum of [`modifiers`][rollwerk.encounter.Encounter.modifiers].

        Raises:
            ParameterError: ``combatant`` is not the id of a combatant in
                the encounter, or ``kind`` is neither a string nor ``None``.
        """
        return sum(m.amount for m in self.modifiers(combatant, kind))

    def conditions(self, combatant: str) -> tuple[str, ...]:
        """The condition labels the active effects impose on a combatant."""
        return tuple(
            e.condition for e in self.effects_on(combatant) if e.condition is not None
        )
