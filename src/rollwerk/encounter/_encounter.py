"""The encounter: an immutable combat state, its clock, and exact undo.

An [`Encounter`][rollwerk.encounter.Encounter] is a frozen value. Every operation
([`advance`][rollwerk.encounter.Encounter.advance],
[`add_effect`][rollwerk.encounter.Encounter.add_effect], [`join`][rollwerk.encounter.Encounter.join],
…) returns a [`Step`][rollwerk.encounter.Step]: the next state and the ordered events
that led to it. The old state is untouched, so undo is keeping it; a
[`Timeline`][rollwerk.encounter.Timeline] keeps every state and can restore any of them
exactly, including effects that have expired since.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

import attrs

from rollwerk.checks._model import Modifier, Scalar
from rollwerk.dice._die import DieRoll
from rollwerk.encounter._durations import (
    Concentration,
    Duration,
    DurationDecoder,
    GameTime,
    Remaining,
)
from rollwerk.encounter._effects import ActiveEffect, Effect, SameName, StackingPolicy
from rollwerk.errors import ParameterError, RulesError, SchemaError
from rollwerk.rng import Rng

__all__ = [
    "ActionSpent",
    "CheckRecorded",
    "Combatant",
    "CombatantDelayed",
    "CombatantJoined",
    "CombatantLeft",
    "ConcentrationEnded",
    "ConcentrationStarted",
    "Counter",
    "CounterChanged",
    "CounterReset",
    "EffectAdded",
    "EffectChanged",
    "EffectExpired",
    "EffectRefreshed",
    "EffectRemoved",
    "EffectTicked",
    "Encounter",
    "EncounterEnded",
    "Event",
    "InitiativeRule",
    "RemovalReason",
    "RoundEnded",
    "RoundStarted",
    "Signalled",
    "Step",
    "TimePassed",
    "Timeline",
    "TurnEnded",
    "TurnStarted",
    "by_initiative",
]

SCHEMA = 1


class CounterReset(enum.Enum):
    """When a per-combatant counter (reactions taken…) goes back to 0."""

    ROUND = "round"
    """At the start of every round (AdZ reactions per round)."""
    TURN = "turn"
    """At the start of the combatant's own turn (PF2e's reaction)."""


@attrs.frozen
class Counter:
    """A named per-combatant counter, such as reactions taken this round."""

    name: str
    """The counter's name (``"reactions"``)."""
    value: int
    """Its current value."""
    reset: CounterReset = CounterReset.ROUND
    """When it goes back to 0."""


def _counters(value: Iterable[Counter]) -> tuple[Counter, ...]:
    return tuple(sorted(value, key=lambda c: c.name))


@attrs.frozen
class Combatant:
    """A participant of an encounter, with the clocks durations count on.

    Create one with an ``id`` (unique in the encounter) and optionally a name,
    an initiative value and an owner; the counters start at 0 and are kept by
    the encounter. Ticks are bound to ``id``, never to ``initiative`` or a
    position in the order.
    """

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
    """``actions`` when its current (or last) turn started."""
    checks: int = 0
    """How many checks it has made (see ``record_check``)."""
    counters: tuple[Counter, ...] = attrs.field(default=(), converter=_counters)
    """Named per-round or per-turn counters, sorted by name."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise ParameterError("combatant id", self.id, "a non-empty string")
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
        owner = data.get("owner")
        return cls(
            id=str(data["id"]),
            name=str(data.get("name", "")),
            initiative=int(data.get("initiative", 0)),
            owner=None if owner is None else str(owner),
            turns=int(data.get("turns", 0)),
            actions=int(data.get("actions", 0)),
            turn_start_actions=int(data.get("turn_start_actions", 0)),
            checks=int(data.get("checks", 0)),
            counters=tuple(
                Counter(str(c["name"]), int(c["value"]), CounterReset(c["reset"]))
                for c in data.get("counters", ())
            ),
        )


# --------------------------------------------------------------------- events


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


class Step(NamedTuple):
    """What an operation returns: the next state and the events, in order.

    Unpack it (``state, events = enc.advance()``) or use the fields.
    """

    state: Encounter
    """The state after the operation."""
    events: tuple[Event, ...]
    """What happened, in order."""


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
    """
    groups: dict[int, list[str]] = {}
    for c in combatants:
        groups.setdefault(c.initiative, []).append(c.id)
    order: list[str] = []
    for value in sorted(groups, reverse=True):
        order.extend(_roll_off(groups[value], rng, tie_sides))
    return tuple(order)


def _roll_off(ids: list[str], rng: Rng, sides: int) -> list[str]:
    if len(ids) <= 1:
        return list(ids)
    rolls: dict[int, list[str]] = {}
    for cid in ids:
        rolls.setdefault(rng.roll(sides), []).append(cid)
    result: list[str] = []
    for face in sorted(rolls, reverse=True):
        result.extend(_roll_off(rolls[face], rng, sides))
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


def _fraction(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError("seconds", value, "an int or Fraction")
    return Fraction(value)


@attrs.frozen
class Encounter:
    """An immutable encounter state: combatants, order, round, turn, effects, clock.

    Build one with [`create`][rollwerk.encounter.Encounter.create] (or
    [`for_ruleset`][rollwerk.encounter.Encounter.for_ruleset]); every operation returns
    a [`Step`][rollwerk.encounter.Step] with the next state and its events.

    ```python
    >>> from rollwerk import Rounds
    >>> enc = Encounter.create(["A", "B", "C"])
    >>> enc, events = enc.advance()
    >>> events
    (RoundStarted(round=1), TurnStarted(round=1, combatant='A'))
    >>> enc, events = enc.add_effect("Bless", source="A", target="B", duration=Rounds(1))
    >>> enc.remaining("e1")
    1
    >>> for _ in range(3):
    ...     enc, events = enc.advance()
    >>> [type(e).__name__ for e in events]
    ['TurnEnded', 'RoundEnded', 'RoundStarted', 'TurnStarted', 'EffectExpired']

    ```
    """

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
    clock: Fraction = attrs.field(default=Fraction(0), converter=_fraction)
    """The game clock in seconds."""
    round_seconds: Fraction = attrs.field(default=Fraction(6), converter=_fraction)
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

    # ------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        combatants: Iterable[Combatant | str],
        *,
        order: Sequence[str] | None = None,
        rng: Rng | None = None,
        initiative: InitiativeRule = by_initiative,
        round_seconds: int | Fraction = 6,
        actions_per_round: int = 1,
        stacking: StackingPolicy | None = None,
        clock: int | Fraction = 0,
    ) -> Encounter:
        """A new encounter before its first round (call ``advance`` to begin).

        Args:
            combatants: [`Combatant`][rollwerk.encounter.Combatant]s, or plain ids.
            order: The initiative order as ids. If not given: with an ``rng``
                the ``initiative`` rule builds it; without one the combatants
                act in the order given.
            rng: The Rng for the initiative rule (its rolls are recorded).
            initiative: The ruleset's initiative rule (default
                [`by_initiative`][rollwerk.encounter.by_initiative]).
            round_seconds: The length of a round in game seconds.
            actions_per_round: Action slots per combatant and round.
            stacking: The stacking policy (default: everything stacks and sums).
            clock: The game clock at the start, in seconds.

        Raises:
            ParameterError: Duplicate or unknown ids, or bad numbers.
        """
        people = tuple(
            c if isinstance(c, Combatant) else Combatant(c) for c in combatants
        )
        ids = [c.id for c in people]
        if len(set(ids)) != len(ids):
            raise ParameterError("combatants", ids, "combatants with unique ids")
        rolls: tuple[DieRoll, ...] = ()
        if order is None:
            if rng is None:
                order = ids
            else:
                recorder = _RecordingRng(rng)
                order = tuple(initiative(people, recorder))
                rolls = tuple(recorder.rolls)
        order = tuple(order)
        if sorted(order) != sorted(ids):
            raise ParameterError(
                "order", list(order), f"each of {', '.join(ids)} exactly once"
            )
        if (
            isinstance(actions_per_round, bool)
            or not isinstance(actions_per_round, int)
            or actions_per_round < 1
        ):
            raise ParameterError(
                "actions_per_round", actions_per_round, "an integer >= 1"
            )
        seconds = _fraction(round_seconds)
        if seconds <= 0:
            raise ParameterError("round_seconds", round_seconds, "more than 0")
        return cls(
            combatants=people,
            order=order,
            round_seconds=seconds,
            actions_per_round=actions_per_round,
            stacking=StackingPolicy() if stacking is None else stacking,
            clock=_fraction(clock),
            initiative_rolls=rolls,
        )

    @classmethod
    def for_ruleset(
        cls,
        ruleset: object,
        combatants: Iterable[Combatant | str],
        *,
        order: Sequence[str] | None = None,
        rng: Rng | None = None,
        clock: int | Fraction = 0,
    ) -> Encounter:
        """A new encounter with a ruleset's timing, stacking and initiative.

        Reads ``ruleset.round_seconds`` and, where the ruleset declares them,
        the optional attributes ``actions_per_round`` (default 1),
        ``stacking_policy`` (a [`StackingPolicy`][rollwerk.encounter.StackingPolicy])
        and ``initiative_order`` (an [`InitiativeRule`][rollwerk.encounter.InitiativeRule]).
        """
        rule = getattr(ruleset, "initiative_order", None)
        return cls.create(
            combatants,
            order=order,
            rng=rng,
            initiative=by_initiative if rule is None else rule,
            round_seconds=getattr(ruleset, "round_seconds", Fraction(6)),
            actions_per_round=getattr(ruleset, "actions_per_round", 1),
            stacking=getattr(ruleset, "stacking_policy", None),
            clock=clock,
        )

    # ------------------------------------------------------------- queries

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
        for c in self.combatants:
            if c.id == combatant:
                return c
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
        """The value of a named counter of the combatant."""
        return self.combatant(combatant).counter(name)

    def is_concentrating(self, combatant: str) -> bool:
        """Whether the combatant concentrates."""
        return combatant in self.concentrating

    def signals(self, event: str) -> int:
        """How often the named event has been signalled."""
        return dict(self.signal_counts).get(event, 0)

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
        """
        return self.stacking.combine(
            m
            for e in self.effects_on(combatant)
            for m in e.modifiers
            if kind is None or m.kind == kind
        )

    def modifier_total(self, combatant: str, kind: str | None = None) -> int:
        """The sum of [`modifiers`][rollwerk.encounter.Encounter.modifiers]."""
        return sum(m.amount for m in self.modifiers(combatant, kind))

    def conditions(self, combatant: str) -> tuple[str, ...]:
        """The condition labels the active effects impose on a combatant."""
        return tuple(
            e.condition for e in self.effects_on(combatant) if e.condition is not None
        )

    # ---------------------------------------------------------- internals

    def _with_combatant(self, combatant: Combatant) -> Encounter:
        return attrs.evolve(
            self,
            combatants=tuple(
                combatant if c.id == combatant.id else c for c in self.combatants
            ),
        )

    def _settle(self, before: Encounter, events: list[Event]) -> Encounter:
        state = self
        expired_any = True
        while expired_any:
            expired = [e for e in state.effects if e.duration.is_over(state)]
            expired_any = bool(expired)
            if expired:
                gone = {e.id for e in expired}
                state = attrs.evolve(
                    state, effects=tuple(e for e in state.effects if e.id not in gone)
                )
                events.extend(EffectExpired(e) for e in expired)
        old = {e.id: e for e in before.effects}
        for e in state.effects:
            prev = old.get(e.id)
            if prev is None or prev.duration != e.duration:
                continue
            now = e.duration.remaining(state)
            if now is None or e.duration.unit is None:
                continue
            was = prev.duration.remaining(before)
            if was is not None and now < was:
                events.append(EffectTicked(e, now, e.duration.unit))
        return state

    def _in_game_time(self, effect: ActiveEffect) -> ActiveEffect:
        """The effect with a round/turn/action count turned into game time."""
        left = effect.duration.remaining(self)
        unit = effect.duration.unit
        if unit not in {"rounds", "turns", "actions"} or not isinstance(left, int):
            return effect
        seconds = max(left, 1) * self.round_seconds
        if unit == "actions":
            seconds /= self.actions_per_round
        bound = GameTime(seconds).bind(self, effect.source, effect.target)
        return attrs.evolve(effect, duration=bound)

    def _check_live(self) -> None:
        if self.ended:
            raise RulesError("the encounter has ended; create a new one to fight again")

    def _end_turn(self, events: list[Event]) -> Encounter:
        cid = self.current
        assert cid is not None
        c = self.combatant(cid)
        filled = max(c.actions, c.turn_start_actions + self.actions_per_round)
        state = self._with_combatant(attrs.evolve(c, actions=filled))
        state = attrs.evolve(state, current=None, done=(*self.done, cid))
        events.append(TurnEnded(self.round, cid))
        return state._settle(self, events)

    def _start_round(self, events: list[Event]) -> Encounter:
        before = self
        first = self.round == 0
        people = tuple(
            attrs.evolve(
                c,
                counters=tuple(
                    k for k in c.counters if k.reset is not CounterReset.ROUND
                ),
            )
            for c in self.combatants
        )
        state = attrs.evolve(
            self,
            round=self.round + 1,
            done=(),
            combatants=people,
            clock=self.clock if first else self.clock + self.round_seconds,
        )
        events.append(RoundStarted(state.round))
        return state._settle(before, events)

    def _start_turn(self, cid: str, events: list[Event]) -> Encounter:
        c = self.combatant(cid)
        c = attrs.evolve(
            c,
            turns=c.turns + 1,
            turn_start_actions=c.actions,
            counters=tuple(k for k in c.counters if k.reset is not CounterReset.TURN),
        )
        state = attrs.evolve(self._with_combatant(c), current=cid)
        events.append(TurnStarted(self.round, cid))
        return state._settle(self, events)

    def _slot_passed(self, order: tuple[str, ...], cid: str) -> bool:
        if self.round == 0:
            return False
        pos = order.index(cid)
        return any(o in self.done or o == self.current for o in order[pos + 1 :])

    # ---------------------------------------------------------- operations

    def advance(self, turns: int = 1) -> Step:
        """End the current turn and start the next one (``turns`` times).

        Ending a turn: ``TurnEnded`` and the expirations at its end; after
        the last slot of a round, ``RoundEnded``, ``RoundStarted`` (the clock
        runs one round length) and expirations on the clock. Starting a turn:
        ``TurnStarted`` and the ticks and expirations at its start. The first
        call starts round 1.

        Raises:
            RulesError: The encounter has no combatants or has ended.
        """
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
            raise ParameterError("turns", turns, "an integer >= 1")
        self._check_live()
        if not self.order:
            raise RulesError("an encounter without combatants cannot advance")
        events: list[Event] = []
        state = self
        for _ in range(turns):
            if state.current is not None:
                state = state._end_turn(events)
            nxt = state.up_next if state.round > 0 else None
            if nxt is None:
                if state.round > 0:
                    events.append(RoundEnded(state.round))
                    state = state._settle(state, events)
                state = state._start_round(events)
                nxt = state.up_next
                assert nxt is not None
            state = state._start_turn(nxt, events)
        return Step(state, tuple(events))

    def add_effect(
        self,
        name: str,
        *,
        source: str,
        target: str,
        duration: Duration,
        modifiers: Iterable[Modifier] = (),
        condition: str | None = None,
        data: Mapping[str, Scalar] | None = None,
        effect_id: str | None = None,
    ) -> Step:
        """Add an effect; its duration is bound to the current state.

        Args:
            name: The effect's name (stacking by name uses it).
            source: The id of its creator, the default anchor of ``Rounds``
                and ``Concentration``. It need not be a combatant (a trap, the
                GM) unless the duration ticks on it.
            target: The id of the combatant it holds on.
            duration: When it ends, e.g. ``Rounds(1)``.
            modifiers: What it contributes to the target's checks.
            condition: A condition label it imposes.
            data: Ruleset-specific JSON scalars.
            effect_id: Its id; default ``"e<n>"``.

        After [`end`][rollwerk.encounter.Encounter.end], durations counted in rounds,
        turns or actions are turned into game time at once.

        Events: ``ConcentrationStarted`` (for a concentration duration whose
        combatant did not concentrate yet), ``EffectRemoved`` (a same-name
        effect replaced), ``EffectAdded``, and ``EffectExpired`` at once for
        an ``Instant`` or an already fulfilled condition.
        """
        self.combatant(target)
        if not isinstance(source, str) or not source:
            raise ParameterError("source", source, "a non-empty string")
        if not isinstance(name, str) or not name:
            raise ParameterError("name", name, "a non-empty string")
        if not isinstance(duration, Duration):
            raise ParameterError(
                "duration", duration, "a rollwerk Duration (Rounds(1), Permanent(), …)"
            )
        next_effect = self.next_effect
        if effect_id is None:
            effect_id = f"e{next_effect}"
            next_effect += 1
        if any(e.id == effect_id for e in self.effects):
            raise ParameterError("effect_id", effect_id, "an id no active effect has")
        bound = duration.bind(self, source, target)
        if bound.anchor is not None:
            self.combatant(bound.anchor)
        effect = ActiveEffect(
            id=effect_id,
            name=name,
            source=source,
            target=target,
            duration=bound,
            modifiers=tuple(modifiers),
            condition=condition,
            data=data or {},
        )
        if self.ended:
            effect = self._in_game_time(effect)
        events: list[Event] = []
        state = attrs.evolve(self, next_effect=next_effect)
        if (
            isinstance(bound, Concentration)
            and bound.of is not None
            and not state.is_concentrating(bound.of)
        ):
            state = attrs.evolve(state, concentrating=(*state.concentrating, bound.of))
            events.append(ConcentrationStarted(bound.of))
        if state.stacking.same_name is SameName.REPLACE:
            old = [e for e in state.effects if e.name == name and e.target == target]
            if old:
                state = attrs.evolve(
                    state, effects=tuple(e for e in state.effects if e not in old)
                )
                events.extend(EffectRemoved(e, RemovalReason.REPLACED) for e in old)
        state = attrs.evolve(state, effects=(*state.effects, effect))
        events.append(EffectAdded(effect))
        return Step(state._settle(self, events), tuple(events))

    def apply_effect(self, effect: Effect, *, effect_id: str | None = None) -> Step:
        """Add any object with the [`Effect`][rollwerk.encounter.Effect] properties.

        Same as [`add_effect`][rollwerk.encounter.Encounter.add_effect] with its name,
        source, target, duration, modifiers and condition.
        """
        return self.add_effect(
            effect.name,
            source=effect.source,
            target=effect.target,
            duration=effect.duration,
            modifiers=effect.modifiers,
            condition=effect.condition,
            effect_id=effect_id,
        )

    def remove_effect(self, effect_id: str) -> Step:
        """Remove an active effect before it runs out (``EffectRemoved``)."""
        effect = self.effect(effect_id)
        state = attrs.evolve(
            self, effects=tuple(e for e in self.effects if e.id != effect_id)
        )
        events: list[Event] = [EffectRemoved(effect, RemovalReason.REQUESTED)]
        return Step(state._settle(self, events), tuple(events))

    def refresh_effect(self, effect_id: str) -> Step:
        """Bind an effect's duration afresh from now (``EffectRefreshed``).

        The only way what remains of an effect can grow.
        """
        effect = self.effect(effect_id)
        fresh = attrs.evolve(
            effect, duration=effect.duration.bind(self, effect.source, effect.target)
        )
        if self.ended:
            fresh = self._in_game_time(fresh)
        state = attrs.evolve(
            self, effects=tuple(fresh if e.id == effect_id else e for e in self.effects)
        )
        events: list[Event] = [EffectRefreshed(fresh)]
        return Step(state._settle(state, events), tuple(events))

    def join(self, combatant: Combatant | str, *, after: str | None = None) -> Step:
        """A combatant joins mid-encounter.

        Its slot is directly after ``after``, or (``after=None``) before the
        first combatant in the order with a lower initiative value. If that
        slot has already passed in the current round, it acts from the next
        round on.
        """
        new = combatant if isinstance(combatant, Combatant) else Combatant(combatant)
        if new.id in self.ids:
            raise ParameterError(
                "combatant id", new.id, "an id not yet in the encounter"
            )
        if after is None:
            pos = len(self.order)
            for i, cid in enumerate(self.order):
                if self.combatant(cid).initiative < new.initiative:
                    pos = i
                    break
        else:
            self.combatant(after)
            pos = self.order.index(after) + 1
        order = (*self.order[:pos], new.id, *self.order[pos:])
        passed = self._slot_passed(order, new.id)
        state = attrs.evolve(
            self,
            combatants=(*self.combatants, new),
            order=order,
            done=(*self.done, new.id) if passed else self.done,
        )
        events: list[Event] = [CombatantJoined(new.id, passed)]
        return Step(state._settle(self, events), tuple(events))

    def leave(self, combatant: str) -> Step:
        """A combatant leaves (flees, dies, is removed from initiative).

        In order: its turn ends if it is under way (``TurnEnded`` …); its
        concentration ends (``ConcentrationEnded``, dependent effects
        expire); effects on it are removed (``EffectRemoved`` with
        ``TARGET_LEFT``); durations ticking on it now tick on their effect's
        target, keeping what remains (``EffectChanged``); ``CombatantLeft``.
        """
        self.combatant(combatant)
        events: list[Event] = []
        state = self
        if state.current == combatant:
            state = state._end_turn(events)
        if state.is_concentrating(combatant):
            before = state
            state = attrs.evolve(
                state,
                concentrating=tuple(c for c in state.concentrating if c != combatant),
            )
            events.append(ConcentrationEnded(combatant))
            state = state._settle(before, events)
        gone = [e for e in state.effects if e.target == combatant]
        events.extend(EffectRemoved(e, RemovalReason.TARGET_LEFT) for e in gone)
        kept: list[ActiveEffect] = []
        for e in state.effects:
            if e.target == combatant:
                continue
            if e.duration.anchor == combatant:
                moved = e.duration.rebind(state, e.target)
                if moved is None:
                    events.append(EffectExpired(e))
                    continue
                changed = attrs.evolve(e, duration=moved)
                events.append(EffectChanged(changed, e.duration))
                kept.append(changed)
            else:
                kept.append(e)
        state = attrs.evolve(
            state,
            combatants=tuple(c for c in state.combatants if c.id != combatant),
            order=tuple(c for c in state.order if c != combatant),
            done=tuple(c for c in state.done if c != combatant),
            effects=tuple(kept),
        )
        events.append(CombatantLeft(combatant))
        return Step(state._settle(state, events), tuple(events))

    def delay(self, combatant: str, *, after: str) -> Step:
        """Move a combatant whose turn has not started this round to act after another.

        The durations that tick on it follow it (they count its turns, not
        slots). To delay the combatant who is up next, call this before the
        ``advance`` that would start its turn; when the round's last turn is
        under way, the move applies to the next round (so the first combatant
        of a round can delay too). If the new slot has already
        passed in this round, it acts there from the next round on
        (``next_round=True``).

        Raises:
            RulesError: Its turn is under way or its slot passed this round.
        """
        self._check_live()
        self.combatant(combatant)
        self.combatant(after)
        if combatant == after:
            raise ParameterError(
                "after", after, f"a combatant other than {combatant!r}"
            )
        round_over = self.up_next is None
        if combatant == self.current or (combatant in self.done and not round_over):
            raise RulesError(
                f"{combatant!r} can only delay before its turn starts; its turn in round "
                f"{self.round} has already started"
            )
        rest = tuple(c for c in self.order if c != combatant)
        pos = rest.index(after) + 1
        order = (*rest[:pos], combatant, *rest[pos:])
        passed = not round_over and self._slot_passed(order, combatant)
        state = attrs.evolve(
            self, order=order, done=(*self.done, combatant) if passed else self.done
        )
        events: list[Event] = [CombatantDelayed(combatant, after, passed)]
        return Step(state._settle(self, events), tuple(events))

    def spend_action(self, combatant: str, n: int = 1) -> Step:
        """The combatant uses ``n`` action slots (for ``Actions`` durations)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ParameterError("n", n, "an integer >= 1")
        c = self.combatant(combatant)
        c = attrs.evolve(c, actions=c.actions + n)
        state = self._with_combatant(c)
        events: list[Event] = [ActionSpent(combatant, c.actions)]
        return Step(state._settle(self, events), tuple(events))

    def record_check(self, combatant: str) -> Step:
        """The combatant made a check (for ``NextChecks`` durations).

        Read the modifiers in force *before* recording: effects that last
        for the next check apply to it and expire when it is recorded.
        """
        c = self.combatant(combatant)
        c = attrs.evolve(c, checks=c.checks + 1)
        state = self._with_combatant(c)
        events: list[Event] = [CheckRecorded(combatant, c.checks)]
        return Step(state._settle(self, events), tuple(events))

    def count(
        self,
        combatant: str,
        name: str,
        by: int = 1,
        *,
        reset: CounterReset = CounterReset.ROUND,
    ) -> Step:
        """Add ``by`` to a named counter of a combatant (reactions taken…).

        The counter goes back to 0 at the start of every round
        (``CounterReset.ROUND``) or of the combatant's own turn
        (``CounterReset.TURN``).
        """
        c = self.combatant(combatant)
        value = c.counter(name) + by
        counters = [k for k in c.counters if k.name != name]
        counters.append(Counter(name, value, reset))
        state = self._with_combatant(attrs.evolve(c, counters=tuple(counters)))
        events: list[Event] = [CounterChanged(combatant, name, value)]
        return Step(state._settle(self, events), tuple(events))

    def begin_concentration(self, combatant: str) -> Step:
        """The combatant begins to concentrate (``ConcentrationStarted``).

        Raises:
            RulesError: It already concentrates.
        """
        self.combatant(combatant)
        if self.is_concentrating(combatant):
            raise RulesError(f"{combatant!r} is already concentrating")
        state = attrs.evolve(self, concentrating=(*self.concentrating, combatant))
        events: list[Event] = [ConcentrationStarted(combatant)]
        return Step(state._settle(self, events), tuple(events))

    def end_concentration(self, combatant: str) -> Step:
        """The combatant's concentration ends; effects depending on it expire.

        Raises:
            RulesError: It does not concentrate.
        """
        self.combatant(combatant)
        if not self.is_concentrating(combatant):
            raise RulesError(f"{combatant!r} is not concentrating")
        state = attrs.evolve(
            self, concentrating=tuple(c for c in self.concentrating if c != combatant)
        )
        events: list[Event] = [ConcentrationEnded(combatant)]
        return Step(state._settle(self, events), tuple(events))

    def signal(self, event: str) -> Step:
        """Signal a named event; ``UntilEvent(event)`` durations expire."""
        if not isinstance(event, str) or not event:
            raise ParameterError("event", event, "a non-empty string")
        counts = dict(self.signal_counts)
        counts[event] = counts.get(event, 0) + 1
        state = attrs.evolve(self, signal_counts=tuple(sorted(counts.items())))
        events: list[Event] = [Signalled(event, counts[event])]
        return Step(state._settle(self, events), tuple(events))

    def pass_time(self, seconds: int | Fraction) -> Step:
        """Run the game clock outside the turn order (hours, nights, days).

        ``GameTime`` durations run out by the clock. Turn-, round- and
        action-counted durations do not tick: call
        [`end`][rollwerk.encounter.Encounter.end] first to turn them into game time.
        """
        value = _fraction(seconds)
        if value <= 0:
            raise ParameterError("seconds", seconds, "more than 0")
        state = attrs.evolve(self, clock=self.clock + value)
        events: list[Event] = [TimePassed(value, state.clock)]
        return Step(state._settle(self, events), tuple(events))

    def end(self) -> Step:
        """End the combat: the turn under way ends, then the round.

        Durations counted in rounds, turns or actions become
        [`GameTime`][rollwerk.encounter.GameTime] with what remains
        (``EffectChanged``): n rounds or turns last ``n × round_seconds``,
        n actions ``n × round_seconds / actions_per_round``. Afterwards
        ``advance`` and ``delay`` raise
        [`RulesError`][rollwerk.errors.RulesError]; effects, time, checks, signals,
        joins and leaves still work.
        """
        self._check_live()
        events: list[Event] = []
        state = self
        if state.current is not None:
            state = state._end_turn(events)
        if state.round > 0:
            events.append(RoundEnded(state.round))
            state = state._settle(state, events)
        converted: list[ActiveEffect] = []
        for e in state.effects:
            new = state._in_game_time(e)
            if new is not e:
                events.append(EffectChanged(new, e.duration))
            converted.append(new)
        state = attrs.evolve(state, effects=tuple(converted), ended=True, current=None)
        events.append(EncounterEnded(state.round))
        return Step(state, tuple(events))

    # --------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with ``"schema": 1``; loads back to an equal encounter.

        Raises:
            SchemaError: An effect has an ``UntilCondition`` (a Python predicate).
        """
        return {
            "schema": SCHEMA,
            "combatants": [c.to_json() for c in self.combatants],
            "order": list(self.order),
            "round": self.round,
            "current": self.current,
            "done": list(self.done),
            "effects": [e.to_json() for e in self.effects],
            "concentrating": list(self.concentrating),
            "signals": dict(self.signal_counts),
            "clock": str(self.clock),
            "round_seconds": str(self.round_seconds),
            "actions_per_round": self.actions_per_round,
            "stacking": self.stacking.to_json(),
            "next_effect": self.next_effect,
            "initiative_rolls": [r.to_json() for r in self.initiative_rolls],
            "ended": self.ended,
        }

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        *,
        kinds: Mapping[str, DurationDecoder] | None = None,
    ) -> Encounter:
        """Load what [`to_json`][rollwerk.encounter.Encounter.to_json] wrote.

        Args:
            data: The JSON object.
            kinds: Decoders of plugin duration kinds, by name.

        Raises:
            SchemaError: Wrong schema version or malformed data.
        """
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


# -------------------------------------------------------------------- history


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
