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

from rollwerk._jsonutil import (
    array,
    document,
    known,
    nested,
    obj,
    schema_version,
    strict,
)
from rollwerk.dice._roll import DieRoll
from rollwerk.encounter._durations import (
    Duration,
    DurationDecoder,
    FirstOf,
    GameTime,
    UntilEndOfNextTurns,
    UntilEvent,
    _Counted,
    checked_kinds,
    json_count,
    json_exact,
    json_required,
    one_anchor,
)
from rollwerk.encounter._effects import ActiveEffect
from rollwerk.encounter._operations import MAX_COMBATANTS
from rollwerk.encounter._stacking import StackingPolicy
from rollwerk.encounter._state import Combatant, EncounterState
from rollwerk.errors import RollwerkError, SchemaError, shown

__all__ = ["SCHEMA", "encounter_from_json", "encounter_to_json"]

SCHEMA = 1
"""The version of the encounter JSON written and read."""

S = TypeVar("S", bound=EncounterState)


def encounter_to_json(state: EncounterState) -> dict[str, Any]:
    """See [`Encounter.to_json`][rollwerk.encounter.Encounter.to_json]."""
    data: dict[str, Any] = {
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
    if state.departed:  # written once someone has left
        data["departed"] = [c.to_json() for c in state.departed]
    return data


def encounter_from_json(
    cls: type[S],
    data: Mapping[str, Any],
    *,
    kinds: Mapping[str, DurationDecoder] | None = None,
) -> S:
    """See [`Encounter.from_json`][rollwerk.encounter.Encounter.from_json]."""
    kinds = checked_kinds(kinds)  # refused even when the document needs none
    with document("encounter"):
        data = obj(data)
        schema_version(data, SCHEMA)
        known(data, _FIELDS)
        json_required(data, "combatants", "an array of combatants")
        people = array(data, "combatants")
        if len(people) > MAX_COMBATANTS:
            # what create and join let in, refused before any is built
            raise SchemaError(
                f"must hold at most {MAX_COMBATANTS} combatants "
                f"(Encounter.MAX_COMBATANTS), got {len(people)}",
                path="combatants",
                expected=f"an array of at most {MAX_COMBATANTS} combatants",
            )
        combatants = []
        for i, c in enumerate(people):
            with nested(f"combatants[{i}]"):
                combatants.append(Combatant.from_json(c))
        ids = [c.id for c in combatants]
        _unique(ids, "combatants", "combatant ids")
        members = set(ids)  # sets: many effects and combatants load in linear time
        departed = []
        for i, c in enumerate(array(data, "departed", [])):
            with nested(f"departed[{i}]"):
                departed.append(Combatant.from_json(c))
        gone = [c.id for c in departed]
        _unique(gone, "departed", "combatant ids")
        back = [cid for cid in gone if cid in members]
        if back:  # one who joins again is no longer departed
            raise SchemaError.field(
                "departed", "combatants who are not in the encounter", back
            )
        json_required(data, "order", "an array of every combatant's id")
        order = _ids(data, "order", ids)
        _unique(order, "order", "ids")
        if len(order) != len(ids):  # every operation keeps each combatant in it
            listed = set(order)
            lacking = [cid for cid in ids if cid not in listed]
            raise SchemaError.field(
                "order",
                f"every combatant's id (it lacks {shown(lacking[0], 30)}"
                + (f" and {len(lacking) - 1} more)" if len(lacking) > 1 else ")"),
                order,
            )
        done = _ids(data, "done", order, [])
        _unique(done, "done", "ids")
        concentrating = _ids(data, "concentrating", ids, [])
        _unique(concentrating, "concentrating", "ids")
        current = strict(data, "current", "str|null", None)
        if current is not None and current not in order:
            raise SchemaError.field("current", "an id in order, or null", current)
        if current is not None and current in done:
            # end_turn puts the one whose turn ends in done; no turn starts
            # for one who is in it
            raise SchemaError.field(
                "current", "an id not in done (its turn has ended), or null", current
            )
        effects = []
        for i, e in enumerate(array(data, "effects", [])):
            with nested(f"effects[{i}]"):
                effect = ActiveEffect.from_json(e, kinds)
                # what add_effect holds to: a target (and an anchor) that
                # is a combatant, an id no other effect has
                if effect.target not in members:
                    raise SchemaError.field("target", "a combatant's id", effect.target)
                anchor = getattr(effect.duration, "anchor", None)
                if anchor is not None and anchor not in members:
                    raise SchemaError.field(
                        "duration", "anchored on a combatant", anchor
                    )
            effects.append(effect)
        _unique([e.id for e in effects], "effects", "effect ids")
        signal_counts = _signals(data)
        with nested("stacking"):
            stacking = (
                StackingPolicy.from_json(data["stacking"])
                if "stacking" in data
                else StackingPolicy()
            )
        rolls = []
        for i, r in enumerate(array(data, "initiative_rolls", [])):
            with nested(f"initiative_rolls[{i}]"):
                rolls.append(DieRoll.from_json(r))
        round_seconds = json_exact(
            data, "round_seconds", positive=True, example="6", default=Fraction(6)
        )
        actions = json_count(data, "actions_per_round", 1, 1)
        round_ = json_count(data, "round", 0)
        ended = strict(data, "ended", "bool", False)
        # what no operation leaves: a turn before the first round or after
        # the end
        if current is not None and round_ == 0:
            raise SchemaError.field("current", "null before round 1", current)
        if done and round_ == 0:
            raise SchemaError.field("done", "empty before round 1", done)
        if current is not None and ended:
            raise SchemaError.field(
                "current", "null once the encounter has ended", current
            )
        if current is not None:
            # starting a turn counts it: whose turn is under way has started one
            i, acting = next(
                (i, c) for i, c in enumerate(combatants) if c.id == current
            )
            if acting.turns == 0:
                raise SchemaError.field(
                    f"combatants[{i}].turns",
                    f"at least 1, as the turn of {shown(current, 30)} is under "
                    "way (current)",
                    acting.turns,
                )
        state = cls(
            combatants=tuple(combatants),
            order=tuple(order),
            round=round_,
            current=current,
            done=tuple(done),
            effects=tuple(effects),
            concentrating=tuple(concentrating),
            signal_counts=signal_counts,
            clock=json_exact(
                data, "clock", positive=False, example="3", default=Fraction(0)
            ),
            round_seconds=round_seconds,
            actions_per_round=actions,
            stacking=stacking,
            next_effect=json_count(data, "next_effect", 0, 1),
            initiative_rolls=tuple(rolls),
            ended=ended,
            departed=tuple(departed),
        )
        # a duration asks the encounter about its anchors (a part's of
        # FirstOf too) and refuses to be unbound: what it would raise on the
        # next advance is refused here
        i = 0
        try:
            for i, effect in enumerate(effects):  # noqa: B007 - read below
                effect.duration.is_over(state)
                effect.duration.remaining(state)
        except Exception as exc:  # noqa: BLE001 - a plugin kind's too
            # what the loaded fields made a plugin's kind raise (an
            # AssertionError for "ends_at": null) is the document's fault
            said = (
                str(exc)
                if isinstance(exc, RollwerkError)
                else f"it raised {type(exc).__name__}"
                + (f": {exc}" if str(exc) else "")
            )
            raise SchemaError.field(
                f"effects[{i}].duration",
                f"a duration bound to this encounter ({said})",
                effects[i].duration.to_json(),
            ) from None
        _consistent(state, effects)
        # nor an effect lasting while someone concentrates who does not
        focused = set(concentrating)
        for i, effect in enumerate(effects):
            who = getattr(effect.duration, "concentration_of", None)
            if who is not None and who not in focused:
                raise SchemaError.field(
                    "concentrating",
                    f"a list holding {who!r}, on whose concentration "
                    f"effects[{i}] lasts",
                    concentrating,
                )
        return state


_TURN_UNITS = frozenset({"rounds", "turns", "actions"})
"""The units of the durations that ``end()`` turns into game time."""


def _parts(duration: Duration) -> list[tuple[str, Duration]]:
    """``duration``, or each part of a ``FirstOf``, with its path below it."""
    if isinstance(duration, FirstOf):
        return [(f".parts[{j}]", p) for j, p in enumerate(duration.parts)]
    return [("", duration)]


def _consistent(state: EncounterState, effects: list[ActiveEffect]) -> None:
    """Refuse effects that no operation leaves in ``state``.

    The parts of a ``first_of`` follow one combatant (binding refuses
    others, and a leave moves them together); an ``until_event`` has seen at most the signals of its event that the
    encounter counts (binding reads that count, and it never falls); once
    the encounter has ended, ``end()`` has turned every duration counted in
    rounds, turns or actions into game time, and effects added afterwards
    are turned so at once.
    """
    for i, effect in enumerate(effects):
        if isinstance(effect.duration, FirstOf):
            with nested(f"effects[{i}].duration"):
                one_anchor(effect.duration.parts)
        for where, part in _parts(effect.duration):
            path = f"effects[{i}].duration{where}"
            if isinstance(part, UntilEvent) and part.seen is not None:
                count = state.signals(part.event)
                if part.seen > count:
                    raise SchemaError.field(
                        f"{path}.seen",
                        f"at most {count}, how often the encounter has "
                        f"signalled {shown(part.event, 30)} (signals)",
                        part.seen,
                    )
            _within_its_length(part, state, path)
            if (
                state.ended
                and part.unit in _TURN_UNITS
                and isinstance(part.remaining(state), int)
            ):
                raise SchemaError.field(
                    path,
                    f"a duration not counted in {part.unit} once the encounter "
                    "has ended (end() turns such durations into game_time)",
                    part.to_json(),
                )


def _within_its_length(part: Duration, state: EncounterState, path: str) -> None:
    """Refuse a core kind bound to leave more than its length to go.

    Adding or refreshing one leaves its length (``n`` ticks, ``seconds``),
    and what remains never grows after: ``Rounds(2)`` cannot have 999
    rounds left. A plugin's kind says what it refuses itself: a
    ``check_loaded(state)`` method, if it has one, is called with the
    loaded encounter and raises a `SchemaError` whose path is the field's
    in the duration (it is seen at ``path``).
    """
    if isinstance(part, UntilEndOfNextTurns) and part.after is not None:
        # ``after`` counts turns the anchor had started when the effect was
        # added: never more than it has started since
        started = state.turns_started(part.of) if part.of is not None else 0
        if part.after > started:
            raise SchemaError.field(
                f"{path}.after",
                f"at most the {started} turns {part.of!r} has started",
                part.after,
            )
    if isinstance(part, _Counted):
        most: int | Fraction = part._ticks()
        unit = part.unit or "ticks"
    elif isinstance(part, GameTime):
        most, unit = part.seconds, "seconds"
    else:
        check = getattr(part, "check_loaded", None)
        if callable(check):
            with nested(path):
                check(state)
        return
    left = part.remaining(state)
    if most == 1:
        unit = unit.removesuffix("s")
    if isinstance(left, (int, Fraction)) and left > most:
        raise SchemaError.field(
            f"{path}.ends_at",
            f"an end at most {most} {unit} away, its length ({left} would remain)",
            part.to_json().get("ends_at"),
        )


_FIELDS = (
    "schema",
    "combatants",
    "order",
    "round",
    "current",
    "done",
    "effects",
    "concentrating",
    "signals",
    "clock",
    "round_seconds",
    "actions_per_round",
    "stacking",
    "next_effect",
    "initiative_rolls",
    "ended",
    "departed",
)
"""The fields of an encounter document, as `encounter_to_json` writes them."""


_SIGNALS = "an object of non-empty event names to counts from 1 to 2**63 - 1"
"""What an encounter's ``signals`` holds: ``signal`` refuses the name ``""``,
and a count is there once its event has been signalled."""


def _signals(data: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """``data["signals"]`` as sorted ``(event, count)`` pairs.

    Only what ``signal`` leaves: a non-empty name (``signal("")`` is a
    ParameterError), signalled at least once.
    """
    signals = data.get("signals", {})
    if not isinstance(signals, Mapping) or "" in signals:
        raise SchemaError.field("signals", _SIGNALS, signals)
    obj(signals, "signals")
    with nested("signals"):
        return tuple(sorted((k, json_count(signals, k, 1)) for k in signals))


def _ids(
    data: Mapping[str, Any], key: str, allowed: list[str], default: Any = ...
) -> list[str]:
    """``data[key]``: an array of ids, each one of ``allowed``."""
    values = array(data, key) if default is ... else array(data, key, default)
    members = set(allowed)  # a set: 100k combatants load in linear time
    for i, value in enumerate(values):
        if not isinstance(value, str) or value not in members:
            # each id abbreviated, as the value is: ids can be long
            if not allowed:
                raise SchemaError.field(
                    f"{key}[{i}]", "absent: the encounter has no combatants", value
                )
            known = ", ".join(shown(a, 24) for a in allowed[:5])
            more = ", …" if len(allowed) > 5 else ""
            raise SchemaError.field(
                f"{key}[{i}]", f"one of the ids {known}{more}", value
            )
    return list(values)


def _unique(ids: list[str], key: str, what: str) -> None:
    seen: set[str] = set()
    for i, cid in enumerate(ids):
        if cid in seen:
            raise SchemaError(
                f"{what} must be unique, got {cid!r} twice", path=f"{key}[{i}]"
            )
        seen.add(cid)
