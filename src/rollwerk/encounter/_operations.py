"""Encounter operations: each takes a state and returns the next one and its events.

[`Encounter`][rollwerk.encounter.Encounter]'s public methods are thin delegates
to these functions. They are generic in the state's class, so a state built
as an ``Encounter`` comes back as one; the old state is never changed, which
is what makes undo exact.

This module is a little over 500 lines because the operations share the
private steps of the clock (settling expirations and ticks, ending and
starting turns and rounds); splitting them would spread one state machine
over several files.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

import attrs

from rollwerk._jsonutil import argument, exact_fits
from rollwerk.checks._model import Modifier, Scalar
from rollwerk.dice._roll import DieRoll
from rollwerk.encounter._durations import (
    Concentration,
    FirstOf,
    GameTime,
    _concentrating,
    _read_as,
)
from rollwerk.encounter._effects import ActiveEffect, Effect
from rollwerk.encounter._events import (
    ActionSpent,
    CheckRecorded,
    CombatantDelayed,
    CombatantJoined,
    CombatantLeft,
    ConcentrationEnded,
    ConcentrationStarted,
    CounterChanged,
    EffectAdded,
    EffectChanged,
    EffectExpired,
    EffectRefreshed,
    EffectRemoved,
    EffectTicked,
    EncounterEnded,
    Event,
    RemovalReason,
    RoundEnded,
    RoundStarted,
    Signalled,
    TimePassed,
    TurnEnded,
    TurnStarted,
)
from rollwerk.encounter._protocol import Duration, checked_duration, is_duration
from rollwerk.encounter._stacking import SameName, StackingPolicy
from rollwerk.encounter._state import (
    Combatant,
    Counter,
    CounterReset,
    EncounterState,
    InitiativeRule,
    _fraction,
    _RecordingRng,
    by_initiative,
    checked_reset,
)
from rollwerk.encounter._traits import checked_actions_per_round, checked_round_seconds
from rollwerk.errors import LimitExceeded, ParameterError, RulesError, shown
from rollwerk.rng import Rng, checked

S = TypeVar("S", bound=EncounterState)

Result = tuple[S, tuple[Event, ...]]
"""The next state and the events that led to it (an ``Encounter`` wraps it in a ``Step``)."""

_INT64_MAX = 2**63 - 1
"""The largest integer encounter JSON holds."""


def _held(value: int, what: str, when: str = "") -> int:
    """``value`` if encounter JSON holds it (a 64-bit integer), else a refusal.

    ``what`` says in the caller's words what would reach ``value`` ("the
    round", "the turns 'A' has started"); the refusal is the operation's,
    so that every state an operation leaves loads back.

    Raises:
        RulesError: ``value`` is beyond 2**63 - 1.
    """
    if value > _INT64_MAX:
        raise RulesError(
            f"{what} would reach {value}{when}, a number encounter JSON cannot hold "
            "(at most 2**63 - 1)"
        )
    return value


MAX_ADVANCE = 10_000
"""The most turns one ``advance(turns)`` goes (about 0.6 s; each is a state)."""

MAX_COMBATANTS = 10_000
"""The most combatants ``create`` reads and ``join`` lets in (an iterator
that does not end is refused after that many)."""


def create(
    cls: type[S],
    combatants: Iterable[Combatant | str],
    *,
    order: Sequence[str] | None = None,
    rng: Rng | None = None,
    initiative: InitiativeRule = by_initiative,
    round_seconds: int | Fraction = 6,
    actions_per_round: int = 1,
    stacking: StackingPolicy | None = None,
    clock: int | Fraction = 0,
) -> S:
    """See [`Encounter.create`][rollwerk.encounter.Encounter.create]."""
    if isinstance(combatants, (str, bytes)) or not isinstance(combatants, Iterable):
        raise ParameterError(
            "combatants", combatants, "an iterable of Combatants or their ids"
        )
    people = tuple(
        c if isinstance(c, Combatant) else Combatant(c)
        for c in itertools.islice(combatants, MAX_COMBATANTS + 1)
    )
    if len(people) > MAX_COMBATANTS:
        raise LimitExceeded("combatants", len(people), MAX_COMBATANTS)
    ids = [c.id for c in people]
    if len(set(ids)) != len(ids):
        raise ParameterError("combatants", ids, "combatants with unique ids")
    rolls: tuple[DieRoll, ...] = ()
    if not callable(initiative):
        raise ParameterError("initiative", initiative, _RULE)
    if order is None:
        if rng is None:
            order = tuple(ids)
        else:  # the rule's order is checked by _ranked, naming the rule
            recorder = _RecordingRng(checked(rng))
            order = _ranked(initiative(people, recorder), ids)
            rolls = tuple(recorder.rolls)
    else:
        allowed = f"each of {', '.join(ids)} exactly once"
        if isinstance(order, (str, bytes)) or not isinstance(order, Iterable):
            raise ParameterError("order", order, allowed)
        order = tuple(order)
        if sorted(order, key=str) != sorted(ids):
            raise ParameterError("order", list(order), allowed)
    checked_actions_per_round(actions_per_round)
    seconds = checked_round_seconds(round_seconds)
    start = _fraction(clock, "clock")
    if start < 0:
        raise ParameterError("clock", clock, "0 or more")
    if stacking is not None and not isinstance(stacking, StackingPolicy):
        raise ParameterError("stacking", stacking, "a StackingPolicy or None")
    return cls(
        combatants=people,
        order=order,
        round_seconds=seconds,
        actions_per_round=actions_per_round,
        stacking=StackingPolicy() if stacking is None else stacking,
        clock=start,
        initiative_rolls=rolls,
    )


_RULE = "an initiative rule: a function (combatants, rng) -> their ids in acting order"


def _ranked(ranked: object, ids: Sequence[str]) -> tuple[str, ...]:
    """What an initiative rule returned, if it orders each of ``ids`` once."""
    allowed = f"a rule that orders each of {', '.join(ids)} once"
    if isinstance(ranked, (str, bytes)) or not isinstance(ranked, Iterable):
        raise ParameterError("initiative", ranked, allowed)
    result = tuple(ranked)
    if sorted(result, key=str) != sorted(ids):
        raise ParameterError("initiative", list(result), allowed)
    return result


def with_combatant(enc: S, combatant: Combatant) -> S:
    return attrs.evolve(
        enc,
        combatants=tuple(
            combatant if c.id == combatant.id else c for c in enc.combatants
        ),
    )


def settle(enc: S, before: EncounterState, events: list[Event]) -> S:
    if enc.clock != before.clock and not exact_fits(enc.clock):
        # every state an operation leaves loads back from its JSON
        raise RulesError(
            f"the clock would reach {shown(enc.clock)} s, a number encounter "
            "JSON cannot hold (more than 40 digits above or below the line)"
        )
    state = enc
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
        if now.__class__ not in (int, Fraction):
            # an event and encounter JSON hold an int or an exact fraction
            raise RulesError(
                f"the {type(e.duration).__name__} duration's remaining must "
                f"return an int, a Fraction or None, got {shown(now)}"
            )
        was = prev.duration.remaining(before)
        if was is not None and now < was:
            events.append(EffectTicked(e, now, e.duration.unit))
    return state


def in_game_time(enc: S, effect: ActiveEffect) -> ActiveEffect:
    duration = _game_time(enc, effect.duration, effect.source, effect.target)
    if duration is effect.duration:
        return effect
    return attrs.evolve(effect, duration=duration)


def _game_time(enc: S, duration: Duration, source: str, target: str) -> Duration:
    """``duration`` once the fight is over: turns, rounds and actions as game time."""
    if isinstance(duration, FirstOf):
        parts = [_game_time(enc, p, source, target) for p in duration.parts]
        if all(new is old for new, old in zip(parts, duration.parts, strict=True)):
            return duration
        return FirstOf(*parts)
    left = duration.remaining(enc)
    unit = duration.unit
    if unit not in {"rounds", "turns", "actions"} or not isinstance(left, int):
        return duration
    seconds = max(left, 1) * enc.round_seconds
    if unit == "actions":
        seconds /= enc.actions_per_round
    if not exact_fits(seconds):
        # the rounds left times the round's length: no argument to name
        n = max(left, 1)
        raise RulesError(
            f"the {n} {unit if n > 1 else unit[:-1]} left of a duration on "
            f"{target!r} would be a game time of {shown(seconds)} s, a number "
            "encounter JSON cannot hold (more than 40 digits above or below the "
            "line)"
        )
    timed = GameTime(seconds).bind(enc, source, target)
    who = _concentrating(duration)
    if who is not None:
        # a plugin's kind that lasts while a combatant concentrates keeps
        # that end beside its time, as a FirstOf's Concentration part does
        return FirstOf(timed, Concentration(who))
    return timed


def _changed(
    effect: ActiveEffect, previous: Duration, state: EncounterState
) -> EffectChanged:
    """The event of ``effect``'s new duration, with what remains of it in ``state``."""
    unit = effect.duration.unit
    left = None if unit is None else effect.duration.remaining(state)
    return EffectChanged(effect, previous, left, None if left is None else unit)


def _moved(
    effects: Iterable[ActiveEffect],
    ask: Callable[[ActiveEffect], Duration],
    state: EncounterState,
    events: list[Event],
) -> tuple[tuple[ActiveEffect, ...], bool]:
    """Each effect with the duration ``ask`` gives it, and whether any changed.

    A kind's hook (``anchor_delayed``, ``combatant_joined``) may give a
    new duration; each change is said by an `EffectChanged` event added to
    ``events``, with what remains of it in ``state``.
    """
    out: list[ActiveEffect] = []
    changed_any = False
    for e in effects:
        moved = ask(e)
        if moved is e.duration:
            out.append(e)
            continue
        changed = attrs.evolve(e, duration=moved)
        events.append(_changed(changed, e.duration, state))
        out.append(changed)
        changed_any = True
    return tuple(out), changed_any


def check_live(enc: S) -> None:
    if enc.ended:
        raise RulesError("the encounter has ended; create a new one to fight again")


def end_turn(enc: S, events: list[Event]) -> S:
    cid = enc.current
    assert cid is not None
    c = enc.combatant(cid)
    filled = _held(
        max(c.actions, c.turn_start_actions + enc.actions_per_round),
        f"the action slots {cid!r} has used",
        " as its turn ends (its unused slots elapse)",
    )
    state = with_combatant(enc, attrs.evolve(c, actions=filled))
    state = attrs.evolve(state, current=None, done=(*enc.done, cid))
    events.append(TurnEnded(enc.round, cid))
    return settle(state, enc, events)


def start_round(enc: S, events: list[Event]) -> S:
    before = enc
    first = enc.round == 0
    people = tuple(
        attrs.evolve(
            c,
            counters=tuple(k for k in c.counters if k.reset is not CounterReset.ROUND),
        )
        for c in enc.combatants
    )
    state = attrs.evolve(
        enc,
        round=_held(enc.round + 1, "the round"),
        done=(),
        combatants=people,
        clock=enc.clock if first else enc.clock + enc.round_seconds,
    )
    events.append(RoundStarted(state.round))
    return settle(state, before, events)


def start_turn(enc: S, cid: str, events: list[Event]) -> S:
    c = enc.combatant(cid)
    c = attrs.evolve(
        c,
        turns=_held(c.turns + 1, f"the turns {cid!r} has started"),
        turn_start_actions=c.actions,
        counters=tuple(k for k in c.counters if k.reset is not CounterReset.TURN),
    )
    state = attrs.evolve(with_combatant(enc, c), current=cid)
    events.append(TurnStarted(enc.round, cid))
    return settle(state, enc, events)


def slot_passed(enc: S, order: tuple[str, ...], cid: str) -> bool:
    """Whether ``cid``'s slot in ``order`` is behind a turn taken or under way."""
    if enc.round == 0:
        return False
    pos = order.index(cid)
    taken = set(enc.done)
    if enc.current is not None:
        taken.add(enc.current)
    return not taken.isdisjoint(order[pos + 1 :])


def advance(enc: S, turns: int = 1) -> Result[S]:
    """See [`Encounter.advance`][rollwerk.encounter.Encounter.advance]."""
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise ParameterError("turns", turns, "an integer >= 1")
    if turns > MAX_ADVANCE:
        raise LimitExceeded("turns advanced at once", turns, MAX_ADVANCE)
    check_live(enc)
    if not enc.order:
        raise RulesError("an encounter without combatants cannot advance")
    events: list[Event] = []
    state = enc
    for _ in range(turns):
        if state.current is not None:
            state = end_turn(state, events)
        nxt = state.up_next if state.round > 0 else None
        if nxt is None:
            if state.round > 0:
                events.append(RoundEnded(state.round))
                state = settle(state, state, events)
            state = start_round(state, events)
            nxt = state.up_next
            assert nxt is not None
        state = start_turn(state, nxt, events)
    return (state, tuple(events))


def end_current_turn(enc: S) -> Result[S]:
    """See [`Encounter.end_turn`][rollwerk.encounter.Encounter.end_turn]."""
    check_live(enc)
    if enc.current is None:
        raise RulesError("no turn is under way; advance() starts the next one")
    events: list[Event] = []
    return (end_turn(enc, events), tuple(events))


def add_effect(
    enc: S,
    name: str,
    *,
    source: str,
    target: str,
    duration: Duration,
    modifiers: Iterable[Modifier] = (),
    condition: str | None = None,
    data: Mapping[str, Scalar] | None = None,
    effect_id: str | None = None,
) -> Result[S]:
    """See [`Encounter.add_effect`][rollwerk.encounter.Encounter.add_effect]."""
    if target not in enc.ids:
        raise ParameterError("target", target, enc._allowed_ids())
    if not isinstance(source, str) or not source:
        raise ParameterError("source", source, "a non-empty string")
    if not isinstance(name, str) or not name:
        raise ParameterError("name", name, "a non-empty string")
    checked_duration(duration)
    argument("condition", condition, "str|null")
    if condition == "":
        raise ParameterError("condition", condition, "a non-empty string or None")
    if effect_id is not None:
        argument("effect_id", effect_id, "str")
        if not effect_id:
            raise ParameterError("effect_id", effect_id, "a non-empty string or None")
    next_effect = enc.next_effect
    if effect_id is None:
        # the next number whose id no effect has (an effect may have been
        # given "e5" by name before the counter reached 5)
        taken = {e.id for e in enc.effects}
        while f"e{next_effect}" in taken:
            next_effect += 1
        effect_id = f"e{next_effect}"
        if next_effect >= _INT64_MAX:
            raise RulesError(
                f"the automatic effect ids have run out: the number after "
                f"{effect_id!r} would be {next_effect + 1}, a number encounter "
                "JSON cannot hold (at most 2**63 - 1); give an effect_id"
            )
        next_effect += 1
    if any(e.id == effect_id for e in enc.effects):
        raise ParameterError("effect_id", effect_id, "an id no active effect has")
    try:
        bound = _bound(duration, enc, source, target)
    except ParameterError as exc:
        if exc.parameter != "combatant" or exc.value != source:
            raise
        # the duration counts its source's turns: name the argument given
        raise ParameterError(
            "source",
            source,
            f"{enc._allowed_ids()}, as its {type(duration).__name__} duration "
            "follows the source's turns",
        ) from None
    if bound.anchor is not None:
        if bound.anchor == source and source not in enc.ids:
            # a kind that binds without reading the source's clock (as
            # Concentration does) is refused here, naming the argument given
            follows = (
                "lasts while the source concentrates"
                if _concentrating(bound) == source
                else "follows the source"
            )
            raise ParameterError(
                "source",
                source,
                f"{enc._allowed_ids()}, as its {type(duration).__name__} "
                f"duration {follows}",
            )
        enc.combatant(bound.anchor)
    effect = ActiveEffect(
        id=effect_id,
        name=name,
        source=source,
        target=target,
        duration=bound,
        modifiers=modifiers,
        condition=condition,
        data={} if data is None else data,
    )
    if enc.ended:
        effect = in_game_time(enc, effect)
    events: list[Event] = []
    state = attrs.evolve(enc, next_effect=next_effect)
    focus = _concentrating(bound)
    if focus is not None and not state.is_concentrating(focus):
        state = attrs.evolve(state, concentrating=(*state.concentrating, focus))
        events.append(ConcentrationStarted(focus))
    if state.stacking.same_name is SameName.REPLACE:
        old = [e for e in state.effects if e.name == name and e.target == target]
        if old:
            state = attrs.evolve(
                state, effects=tuple(e for e in state.effects if e not in old)
            )
            events.extend(EffectRemoved(e, RemovalReason.REPLACED) for e in old)
    state = attrs.evolve(state, effects=(*state.effects, effect))
    events.append(EffectAdded(effect))
    return (settle(state, enc, events), tuple(events))


_EFFECT_FIELDS = ("name", "source", "target", "duration", "modifiers", "condition")


def apply_effect(enc: S, effect: Effect, *, effect_id: str | None = None) -> Result[S]:
    """See [`Encounter.apply_effect`][rollwerk.encounter.Encounter.apply_effect]."""
    if not all(hasattr(effect, field) for field in _EFFECT_FIELDS):
        raise ParameterError(
            "effect",
            effect,
            "an Effect (with name, source, target, duration, modifiers and condition)",
        )
    return add_effect(
        enc,
        effect.name,
        source=effect.source,
        target=effect.target,
        duration=effect.duration,
        modifiers=effect.modifiers,
        condition=effect.condition,
        effect_id=effect_id,
    )


def remove_effect(enc: S, effect_id: str) -> Result[S]:
    """See [`Encounter.remove_effect`][rollwerk.encounter.Encounter.remove_effect]."""
    effect = enc.effect(effect_id)
    state = attrs.evolve(
        enc, effects=tuple(e for e in enc.effects if e.id != effect_id)
    )
    events: list[Event] = [EffectRemoved(effect, RemovalReason.REQUESTED)]
    return (settle(state, enc, events), tuple(events))


def _bound(duration: Duration, enc: S, source: str, target: str) -> Duration:
    """``duration.bind(enc, source, target)``, refused unless it is a duration.

    A custom duration's ``bind`` that returns something else (``None``)
    would fail later, far from its cause, with an ``AttributeError``.
    """
    bound = duration.bind(enc, source, target)
    if not is_duration(bound):
        raise _not_a_duration(duration, "bind", bound)
    return bound


def _not_a_duration(duration: Duration, method: str, got: object) -> RulesError:
    """What a duration's method returned in place of a duration, as a refusal."""
    return RulesError(
        f"the {type(duration).__name__} duration's {method} must return a "
        f"rollwerk Duration, got {shown(got)}"
    )


def refresh_effect(enc: S, effect_id: str) -> Result[S]:
    """See [`Encounter.refresh_effect`][rollwerk.encounter.Encounter.refresh_effect]."""
    effect = enc.effect(effect_id)
    fresh = attrs.evolve(
        effect, duration=_bound(effect.duration, enc, effect.source, effect.target)
    )
    if enc.ended:
        fresh = in_game_time(enc, fresh)
    state = attrs.evolve(
        enc, effects=tuple(fresh if e.id == effect_id else e for e in enc.effects)
    )
    events: list[Event] = [EffectRefreshed(fresh)]
    return (settle(state, state, events), tuple(events))


def join(
    enc: S,
    combatant: Combatant | str,
    *,
    after: str | None = None,
    initiative: InitiativeRule | None = None,
) -> Result[S]:
    """See [`Encounter.join`][rollwerk.encounter.Encounter.join]."""
    new = combatant if isinstance(combatant, Combatant) else Combatant(combatant)
    if len(enc.combatants) >= MAX_COMBATANTS:
        raise LimitExceeded("combatants", len(enc.combatants) + 1, MAX_COMBATANTS)
    lookup = _lookup(enc)
    if lookup.get(new.id) is not None:
        raise ParameterError("combatant id", new.id, "an id not yet in the encounter")
    if after is not None and initiative is not None:
        raise ParameterError(
            "after", after, "None when an initiative rule places the combatant"
        )
    lowest: list[int] | None = None
    if after is not None:
        if not isinstance(after, str) or lookup.get(after) is None:
            _read_as("after", after, lambda: enc.combatant(after))
        pos = enc.order.index(after) + 1
    elif initiative is not None:
        # before the first combatant in the order that the rule puts after it
        goes_first = _goes_first(enc, new, initiative, lookup.get)
        pos = next(
            (i for i, cid in enumerate(enc.order) if goes_first(cid)),
            len(enc.order),
        )
    else:
        # before the first combatant in the order with a lower initiative:
        # the first place where the lowest value so far drops below it
        lowest = lookup.lowest(enc)
        pos = bisect.bisect_right(lowest, -new.initiative)
        lowest = lowest.copy()  # the old state keeps its own
        lowest.insert(pos, -new.initiative)
    # concatenation copies a long tuple four times faster than unpacking it
    order = enc.order[:pos] + (new.id,) + enc.order[pos:]  # noqa: RUF005
    # its slot has passed if a turn taken or under way this round is behind it
    last = lookup.last_taken(enc)
    passed = enc.round > 0 and pos <= last
    state = attrs.evolve(
        enc,
        combatants=enc.combatants + (new,),  # noqa: RUF005
        order=order,
        done=enc.done + (new.id,) if passed else enc.done,  # noqa: RUF005
        departed=(
            tuple(c for c in enc.departed if c.id != new.id)
            if enc.departed
            else enc.departed
        ),
    )
    # the joined state's lookup: the positions grow by one, and the last
    # place taken moves with the places behind the new one
    lookup.positions[new.id] = len(enc.combatants)
    made = _remember(state, lookup.positions, lowest)
    made.taken = (state.done, state.current, last + 1 if pos <= last else last)
    events: list[Event] = [CombatantJoined(new.id, passed)]
    # a kind that counted a departed combatant's slot goes back to its turns
    # when it joins again (it sees the state after the join)
    if state.effects:

        def joined(e: ActiveEffect) -> Duration:
            hook = getattr(e.duration, "combatant_joined", None)
            return e.duration if hook is None else hook(state, new.id)

        effects, changed = _moved(state.effects, joined, state, events)
        if changed:
            state = attrs.evolve(state, effects=effects)
    return (settle(state, enc, events), tuple(events))


class _Lookup:
    """What ``join`` reads of a state, kept for the state that it leaves.

    Joining N combatants one by one used to search the order at each join
    and the combatants at each place of it (N³ steps in all); with these,
    a join costs a bisection and copying the state's tuples.

    ``positions`` maps ids to places in ``combatants``. The joins that
    follow from one state share it and each adds its newcomer (the
    combatants only grow at the end), so it holds every id of each such
    state; a place is checked against the combatant there before it is
    believed, since another line of joins (after an undo) may have put a
    different place under the same id. ``low`` (once asked for) is the
    lowest initiative value so far along the order, negated, at each place:
    it never falls, so the first place with a value below a newcomer's is
    found by bisection. ``taken`` is the last place in the order whose turn
    this round is taken or under way, for the ``done`` and ``current`` it
    was read from.
    """

    __slots__ = ("combatants", "low", "order", "positions", "taken")

    def __init__(
        self,
        order: tuple[str, ...],
        combatants: tuple[Combatant, ...],
        positions: dict[str, int],
        low: list[int] | None,
    ) -> None:
        self.order = order
        self.combatants = combatants
        self.positions = positions
        self.low = low
        self.taken: tuple[tuple[str, ...], str | None, int] | None = None

    def get(self, cid: str) -> Combatant | None:
        """The combatant with this id, or ``None``."""
        place = self.positions.get(cid)
        if place is None:
            return None
        if place < len(self.combatants) and self.combatants[place].id == cid:
            return self.combatants[place]
        for c in self.combatants:  # the place is another line's: look it up
            if c.id == cid:
                return c
        return None

    def lowest(self, enc: EncounterState) -> list[int]:
        """The negated lowest initiative so far at each place of the order."""
        if self.low is None:
            low: list[int] = []
            least: int | None = None
            for cid in self.order:
                c = self.get(cid)
                value = (enc.combatant(cid) if c is None else c).initiative
                least = value if least is None else min(least, value)
                low.append(-least)
            self.low = low
        return self.low

    def last_taken(self, enc: EncounterState) -> int:
        """The last place in the order taken or under way this round (-1: none)."""
        if (
            self.taken is not None
            and self.taken[0] is enc.done
            and self.taken[1] == enc.current
        ):
            return self.taken[2]
        taken = set(enc.done)
        if enc.current is not None:
            taken.add(enc.current)
        last = -1
        if taken:
            for place, cid in enumerate(self.order):
                if cid in taken:
                    last = place
        self.taken = (enc.done, enc.current, last)
        return last


_LOOKUPS: OrderedDict[tuple[int, int], _Lookup] = OrderedDict()
"""Lookups of recent states, by the identity of their order and combatants.

An entry holds both tuples, so their ids are not reused while it is kept;
a state with the very same tuples has the same combatants in the same
order, so the lookup is right for it whichever state it was made for.
"""

_LOOKUPS_KEPT = 8


def _lookup(enc: EncounterState) -> _Lookup:
    found = _LOOKUPS.get((id(enc.order), id(enc.combatants)))
    if (
        found is not None
        and found.order is enc.order
        and found.combatants is enc.combatants
    ):
        return found
    positions = {c.id: i for i, c in enumerate(enc.combatants)}
    return _remember(enc, positions, None)


def _remember(
    enc: EncounterState, positions: dict[str, int], low: list[int] | None
) -> _Lookup:
    made = _Lookup(enc.order, enc.combatants, positions, low)
    with contextlib.suppress(KeyError):  # another thread emptied it
        while len(_LOOKUPS) >= _LOOKUPS_KEPT:
            _LOOKUPS.popitem(last=False)
    _LOOKUPS[(id(enc.order), id(enc.combatants))] = made
    return made


def _goes_first(
    enc: EncounterState,
    new: Combatant,
    rule: InitiativeRule,
    known: Callable[[str], Combatant | None],
) -> Callable[[str], bool]:
    """Whether ``rule`` puts ``new`` before a combatant, asked pair by pair.

    The rule sees the two (the one in the encounter first) and may draw no
    die: the others' rolls are past, so a rule that rolls, or rolls off a
    tie with ``new``, cannot place one combatant among them.
    """
    from rollwerk.errors import ScriptExhausted
    from rollwerk.rng import ScriptedRng

    if not callable(rule):
        raise ParameterError("initiative", rule, f"{_RULE}, or None")

    def first(cid: str) -> bool:
        c = known(cid)
        pair = [enc.combatant(cid) if c is None else c, new]
        try:
            ranked = _ranked(rule(pair, ScriptedRng([])), [cid, new.id])
        except ScriptExhausted:
            raise RulesError(
                f"the initiative rule draws dice to order {cid!r} and {new.id!r}, "
                f"so it cannot place {new.id!r} among rolls already made; give "
                "its place with after="
            ) from None
        return ranked[0] == new.id

    return first


def leave(enc: S, combatant: str) -> Result[S]:
    """See [`Encounter.leave`][rollwerk.encounter.Encounter.leave]."""
    enc.combatant(combatant)
    events: list[Event] = []
    state = enc
    if state.current == combatant:
        state = end_turn(state, events)
    if state.is_concentrating(combatant):
        before = state
        state = attrs.evolve(
            state,
            concentrating=tuple(c for c in state.concentrating if c != combatant),
        )
        events.append(ConcentrationEnded(combatant))
        state = settle(state, before, events)
    gone = [e for e in state.effects if e.target == combatant]
    events.extend(EffectRemoved(e, RemovalReason.TARGET_LEFT) for e in gone)
    kept: list[ActiveEffect] = []
    for e in state.effects:
        if e.target == combatant:
            continue
        d = e.duration
        if isinstance(d, FirstOf) and d.follows(combatant):
            # a part may follow another combatant than the first part does
            moved = d.rebind_from(state, combatant, e.target)
        elif d.anchor == combatant:
            moved = d.rebind(state, e.target)
            if moved is not None and not is_duration(moved):
                raise _not_a_duration(d, "rebind", moved)
            if moved is not None and moved.anchor == combatant:
                # encounter JSON anchors a duration on a combatant present
                raise RulesError(
                    f"the {type(d).__name__} duration's rebind must return a "
                    f"duration that no longer follows {combatant!r}, who leaves "
                    f"(or None to end it), got {shown(moved)}"
                )
        else:
            kept.append(e)
            continue
        if moved is None:
            events.append(EffectExpired(e))
            continue
        changed = attrs.evolve(e, duration=moved)
        events.append(_changed(changed, e.duration, state))
        kept.append(changed)
    leaving = state.combatant(combatant)
    # the durations as they changed, while the leaver is still there: a count
    # its leave brings about (a slot at the end of the round whose other turns
    # are taken) then shows as EffectTicked after CombatantLeft, as an end
    # shows as EffectExpired
    changed_state = attrs.evolve(state, effects=tuple(kept))
    state = attrs.evolve(
        state,
        departed=(*(c for c in state.departed if c.id != combatant), leaving),
        combatants=tuple(c for c in state.combatants if c.id != combatant),
        order=tuple(c for c in state.order if c != combatant),
        done=tuple(c for c in state.done if c != combatant),
        effects=tuple(kept),
    )
    events.append(CombatantLeft(combatant))
    return (settle(state, changed_state, events), tuple(events))


def delay(enc: S, combatant: str, *, after: str) -> Result[S]:
    """See [`Encounter.delay`][rollwerk.encounter.Encounter.delay]."""
    check_live(enc)
    enc.combatant(combatant)
    _read_as("after", after, lambda: enc.combatant(after))
    if combatant == after:
        raise ParameterError("after", after, f"a combatant other than {combatant!r}")
    round_over = enc.up_next is None
    if combatant == enc.current or (combatant in enc.done and not round_over):
        raise RulesError(
            f"{combatant!r} can only delay before its turn starts; its place in "
            f"round {enc.round} has already come"
        )
    rest = tuple(c for c in enc.order if c != combatant)
    pos = rest.index(after) + 1
    order = (*rest[:pos], combatant, *rest[pos:])
    passed = not round_over and slot_passed(enc, order, combatant)
    events: list[Event] = [CombatantDelayed(combatant, after, passed)]

    # a kind that counts a slot rather than the combatant's turns moves its
    # count when the combatant leaves the slot (it sees the order before)
    def delayed(e: ActiveEffect) -> Duration:
        moved_by = getattr(e.duration, "anchor_delayed", None)
        follows = e.duration.anchor == combatant or (
            isinstance(e.duration, FirstOf) and e.duration.follows(combatant)
        )
        if moved_by is not None and follows:
            return moved_by(enc, combatant)  # type: ignore[no-any-return]
        return e.duration

    # a delay to the place it holds moves no slot: nothing to count anew
    effects = enc.effects
    if order != enc.order:
        effects, _ = _moved(enc.effects, delayed, enc, events)
    state = attrs.evolve(
        enc,
        order=order,
        done=(*enc.done, combatant) if passed else enc.done,
        effects=effects,
    )
    # measured against the moved durations before the delay: a count the
    # delay brings about (its slot passed, the round's turns all taken) is
    # an EffectTicked after what EffectChanged said, as in leave
    before = enc if effects is enc.effects else attrs.evolve(enc, effects=effects)
    return (settle(state, before, events), tuple(events))


def spend_action(enc: S, combatant: str, n: int = 1) -> Result[S]:
    """See [`Encounter.spend_action`][rollwerk.encounter.Encounter.spend_action]."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ParameterError("n", n, "an integer >= 1")
    c = enc.combatant(combatant)
    if c.actions + n > _INT64_MAX:
        # the total is stored in JSON as a 64-bit integer
        raise ParameterError(
            "n",
            n,
            f"an integer from 1 to {_INT64_MAX - c.actions} ({combatant!r} "
            f"has used {c.actions} action slots, and at most 2**63 - 1 are counted)",
        )
    c = attrs.evolve(c, actions=c.actions + n)
    state = with_combatant(enc, c)
    events: list[Event] = [ActionSpent(combatant, c.actions)]
    return (settle(state, enc, events), tuple(events))


def record_check(enc: S, combatant: str) -> Result[S]:
    """See [`Encounter.record_check`][rollwerk.encounter.Encounter.record_check]."""
    c = enc.combatant(combatant)
    c = attrs.evolve(
        c, checks=_held(c.checks + 1, f"the checks {combatant!r} has made")
    )
    state = with_combatant(enc, c)
    events: list[Event] = [CheckRecorded(combatant, c.checks)]
    return (settle(state, enc, events), tuple(events))


def count(
    enc: S,
    combatant: str,
    name: str,
    by: int = 1,
    *,
    reset: CounterReset = CounterReset.ROUND,
) -> Result[S]:
    """See [`Encounter.count`][rollwerk.encounter.Encounter.count]."""
    c = enc.combatant(combatant)
    argument("name", name, "str")
    checked_reset(reset)
    if not name:
        raise ParameterError("name", name, "a non-empty string (the counter's name)")
    argument("by", by, "int")
    value = c.counter(name) + by
    if not -_INT64_MAX - 1 <= value <= _INT64_MAX:
        # the counter is stored in JSON as a 64-bit integer
        now = c.counter(name)
        raise ParameterError(
            "by",
            by,
            f"an integer from {-_INT64_MAX - 1 - now} to {_INT64_MAX - now} (the "
            f"counter {name!r} is {now} and stays within -2**63 to 2**63 - 1)",
        )
    counters = [k for k in c.counters if k.name != name]
    counters.append(Counter(name, value, reset))
    state = with_combatant(enc, attrs.evolve(c, counters=tuple(counters)))
    events: list[Event] = [CounterChanged(combatant, name, value)]
    return (settle(state, enc, events), tuple(events))


def begin_concentration(enc: S, combatant: str) -> Result[S]:
    """See [`Encounter.begin_concentration`][rollwerk.encounter.Encounter.begin_concentration]."""
    enc.combatant(combatant)
    if enc.is_concentrating(combatant):
        raise RulesError(f"{combatant!r} is already concentrating")
    state = attrs.evolve(enc, concentrating=(*enc.concentrating, combatant))
    events: list[Event] = [ConcentrationStarted(combatant)]
    return (settle(state, enc, events), tuple(events))


def end_concentration(enc: S, combatant: str) -> Result[S]:
    """See [`Encounter.end_concentration`][rollwerk.encounter.Encounter.end_concentration]."""
    enc.combatant(combatant)
    if not enc.is_concentrating(combatant):
        raise RulesError(f"{combatant!r} is not concentrating")
    state = attrs.evolve(
        enc, concentrating=tuple(c for c in enc.concentrating if c != combatant)
    )
    events: list[Event] = [ConcentrationEnded(combatant)]
    return (settle(state, enc, events), tuple(events))


def signal(enc: S, event: str) -> Result[S]:
    """See [`Encounter.signal`][rollwerk.encounter.Encounter.signal]."""
    if not isinstance(event, str) or not event:
        raise ParameterError("event", event, "a non-empty string")
    counts = dict(enc.signal_counts)
    counts[event] = _held(
        counts.get(event, 0) + 1, f"the signals of the event {shown(event, 40)}"
    )
    state = attrs.evolve(enc, signal_counts=tuple(sorted(counts.items())))
    events: list[Event] = [Signalled(event, counts[event])]
    return (settle(state, enc, events), tuple(events))


def pass_time(enc: S, seconds: int | Fraction) -> Result[S]:
    """See [`Encounter.pass_time`][rollwerk.encounter.Encounter.pass_time]."""
    value = _fraction(seconds)
    if value <= 0:
        raise ParameterError("seconds", seconds, "more than 0")
    state = attrs.evolve(enc, clock=enc.clock + value)
    events: list[Event] = [TimePassed(value, state.clock)]
    return (settle(state, enc, events), tuple(events))


def end(enc: S) -> Result[S]:
    """See [`Encounter.end`][rollwerk.encounter.Encounter.end]."""
    check_live(enc)
    events: list[Event] = []
    state = enc
    if state.current is not None:
        state = end_turn(state, events)
    if state.round > 0:
        events.append(RoundEnded(state.round))
        state = settle(state, state, events)
    converted: list[ActiveEffect] = []
    for e in state.effects:
        new = in_game_time(state, e)
        if new is not e:  # game time made of what remained: it says so itself
            events.append(EffectChanged(new, e.duration))
        converted.append(new)
    before = state
    state = attrs.evolve(state, effects=tuple(converted), ended=True, current=None)
    # what lasts until the encounter ends (UntilEndOfEncounter) expires now
    state = settle(state, before, events)
    events.append(EncounterEnded(state.round))
    return (state, tuple(events))
