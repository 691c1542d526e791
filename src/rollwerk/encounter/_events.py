"""Encounter events: what an operation reports, in order.

Every [`Step`][rollwerk.encounter.Step] carries a tuple of these frozen
values; [`Event`][rollwerk.encounter.Event] is their union. Each event
writes itself to JSON ([`event_to_json`][rollwerk.encounter.event_to_json],
loaded by [`event_from_json`][rollwerk.encounter.event_from_json]), which is
how a [`Timeline`][rollwerk.encounter.Timeline] keeps its log.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeAlias

import attrs

from rollwerk._jsonutil import document, known
from rollwerk._repr import value_repr
from rollwerk.encounter._durations import Duration, DurationDecoder, duration_from_json
from rollwerk.encounter._effects import ActiveEffect, effect_word
from rollwerk.encounter._wording import (
    checked_names,
    checked_state,
    describe_duration,
    event_words,
    names_of,
)
from rollwerk.errors import ParameterError, RollwerkError, SchemaError
from rollwerk.i18n import CORE, Catalog, Text, genitive, quantity, time_span
from rollwerk.i18n._catalog import one_catalog

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
    "describe_events",
    "event_from_json",
    "event_to_json",
]


Names: TypeAlias = "Mapping[str, str] | None"


class _Words:
    """``describe``: what every event says about itself, from the catalogs."""

    __slots__ = ()

    def describe(
        self,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        names: Mapping[str, str] | None = None,
        state: object = None,
    ) -> str:
        """The event as a sentence: ``"Kyra's turn begins."``, ``"Runde 2 beginnt."``.

        Args:
            lang: A language the catalogs know (``"en"``, ``"de"``…).
            catalogs: A further catalog or an iterable of them, searched
                first, in order.
            names: Display names by combatant id (default: the ids, or
                the names of ``state``'s combatants;
                [`Timeline.describe`][rollwerk.encounter.Timeline.describe]
                passes the combatants' names).
            state: The encounter the event happened in. An effect that
                ends, ticks, changes or is removed is named with its source
                ("Bless on Max from Kyra ends.") when the state holds
                another effect of that name on that target from another
                source.

        Raises:
            ParameterError: No catalog knows ``lang``, ``catalogs`` is not
                a catalog, an iterable of catalogs or ``None``, or ``state``
                is neither ``None`` nor an encounter state.
        """
        catalogs = one_catalog(catalogs)
        names = checked_names(names)
        if state is not None:
            checked_state(state)
            if names is None:
                names = names_of(state)
        shared = shared_names((*_effects_in((self,)), *_effects_of(state)))
        return _event_text(self, lang, catalogs, names, shared)(lang, catalogs)


@attrs.frozen
class RoundStarted(_Words):
    """A new round began (the clock ran one round length, from round 2 on)."""

    __repr__ = value_repr

    round: int
    """The round that began (1 for the first)."""


@attrs.frozen
class RoundEnded(_Words):
    """The last turn of a round ended."""

    __repr__ = value_repr

    round: int
    """The round that ended."""


@attrs.frozen
class TurnStarted(_Words):
    """A combatant's turn began; start-of-turn ticks follow it."""

    __repr__ = value_repr

    round: int
    """The round."""
    combatant: str
    """Whose turn it is."""


@attrs.frozen
class TurnEnded(_Words):
    """A combatant's turn ended; end-of-turn expirations follow it."""

    __repr__ = value_repr

    round: int
    """The round."""
    combatant: str
    """Whose turn ended."""


@attrs.frozen
class EffectAdded(_Words):
    """An effect was added (with its duration bound)."""

    __repr__ = value_repr

    effect: ActiveEffect
    """The effect as stored."""


@attrs.frozen
class EffectExpired(_Words):
    """An effect's duration ran out; it is no longer active."""

    __repr__ = value_repr

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
class EffectRemoved(_Words):
    """An effect was removed before its duration ran out."""

    __repr__ = value_repr

    effect: ActiveEffect
    """The effect as it was."""
    reason: RemovalReason
    """Why."""


@attrs.frozen
class EffectRefreshed(_Words):
    """An effect's duration was bound afresh (an explicit refresh)."""

    __repr__ = value_repr

    effect: ActiveEffect
    """The effect with its new duration."""


@attrs.frozen
class EffectChanged(_Words):
    """An effect's duration changed form but kept what remains.

    This happens when its anchor leaves (it now follows the effect's target)
    and when the encounter ends (turn counts become game time).
    """

    __repr__ = value_repr

    effect: ActiveEffect
    """The effect with its new duration."""
    previous: Duration
    """The duration it had before."""
    remaining: int | Fraction | None = None
    """What remains right after the change (``None``: not measured)."""
    unit: str | None = None
    """The unit of ``remaining`` (``"rounds"``, ``"seconds"``…), if measured."""


@attrs.frozen
class EffectTicked(_Words):
    """What remains of an effect went down without running out."""

    __repr__ = value_repr

    effect: ActiveEffect
    """The effect."""
    remaining: int | Fraction
    """What remains now."""
    unit: str
    """The unit of ``remaining``."""


@attrs.frozen
class CombatantJoined(_Words):
    """A combatant joined the encounter."""

    __repr__ = value_repr

    combatant: str
    """Its id."""
    next_round: bool
    """Whether its slot this round had already passed (it acts from the next)."""


@attrs.frozen
class CombatantLeft(_Words):
    """A combatant left the encounter."""

    __repr__ = value_repr

    combatant: str
    """Its id."""


@attrs.frozen
class CombatantDelayed(_Words):
    """A combatant moved in the order (delay); its ticks follow it."""

    __repr__ = value_repr

    combatant: str
    """Its id."""
    after: str
    """The combatant it now acts directly after."""
    next_round: bool
    """Whether its new slot this round has already passed (it acts next round)."""


@attrs.frozen
class ActionSpent(_Words):
    """A combatant used action slots."""

    __repr__ = value_repr

    combatant: str
    """Its id."""
    total: int
    """Its action slots used so far."""


@attrs.frozen
class CheckRecorded(_Words):
    """A combatant made a check (for ``NextChecks`` durations)."""

    __repr__ = value_repr

    combatant: str
    """Its id."""
    total: int
    """Its checks so far."""


@attrs.frozen
class CounterChanged(_Words):
    """A named per-combatant counter changed."""

    __repr__ = value_repr

    combatant: str
    """Its id."""
    name: str
    """The counter."""
    value: int
    """Its new value."""


@attrs.frozen
class ConcentrationStarted(_Words):
    """A combatant began to concentrate."""

    __repr__ = value_repr

    combatant: str
    """Its id."""


@attrs.frozen
class ConcentrationEnded(_Words):
    """A combatant's concentration ended; effects depending on it expire."""

    __repr__ = value_repr

    combatant: str
    """Its id."""


@attrs.frozen
class Signalled(_Words):
    """A named event was signalled (for ``UntilEvent`` durations)."""

    __repr__ = value_repr

    event: str
    """The event's name."""
    count: int
    """How often it has been signalled so far."""


@attrs.frozen
class TimePassed(_Words):
    """Game time passed outside the turn order."""

    __repr__ = value_repr

    seconds: Fraction
    """How much."""
    clock: Fraction
    """The clock afterwards."""


@attrs.frozen
class EncounterEnded(_Words):
    """The combat ended; turn-counted durations became game time."""

    __repr__ = value_repr

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


# --------------------------------------------------------------------- words


Shared: TypeAlias = frozenset[tuple[str, str]]
"""``(name, target)`` of effects that more than one source has put there."""


def shared_names(effects: Iterable[ActiveEffect]) -> Shared:
    """The ``(name, target)`` pairs that effects from different sources share.

    A log line about such an effect names its source ("Bless on Max from
    Kyra ends."), so that two Bless effects on Max can be told apart.
    """
    sources: dict[tuple[str, str], set[str]] = {}
    for e in effects:
        sources.setdefault((e.name, e.target), set()).add(e.source)
    return frozenset(key for key, who in sources.items() if len(who) > 1)


def _effects_in(events: Iterable[object]) -> list[ActiveEffect]:
    """The effects the events are about, in order."""
    found = (getattr(event, "effect", None) for event in events)
    return [e for e in found if isinstance(e, ActiveEffect)]


def _effects_of(state: object) -> tuple[ActiveEffect, ...]:
    """The active effects of a state (none for ``None`` or a bare view)."""
    effects = getattr(state, "effects", ())
    if not isinstance(effects, tuple):
        return ()
    return tuple(e for e in effects if isinstance(e, ActiveEffect))


def _effect_on(
    effect: ActiveEffect, names: Names, shared: Shared = frozenset()
) -> Text:
    shown = {} if names is None else names
    name = effect_word("effect.name", effect.name)
    target = shown.get(effect.target, effect.target)
    if (effect.name, effect.target) in shared:
        source = shown.get(effect.source, effect.source)
        return CORE.text("effect.on.from", name=name, target=target, source=source)
    return CORE.text("effect.on", name=name, target=target)


def _event_text(
    event: object,
    lang: str,
    catalogs: Catalog | None,
    names: Names,
    shared: Shared = frozenset(),
) -> Text:
    shown: Mapping[str, str] = {} if names is None else names

    def who(cid: str) -> str:
        return shown.get(cid, cid)

    def duration(effect: ActiveEffect | Duration) -> str:
        d = effect.duration if isinstance(effect, ActiveEffect) else effect
        return describe_duration(d, lang, catalogs, names=names)

    match event:
        case RoundStarted(round=r):
            return CORE.text("event.round_started", round=r)
        case RoundEnded(round=r):
            return CORE.text("event.round_ended", round=r)
        case TurnStarted(combatant=c):
            return CORE.text("event.turn_started", whose=genitive(who(c)))
        case TurnEnded(combatant=c):
            return CORE.text("event.turn_ended", whose=genitive(who(c)))
        case EffectAdded(effect=e):
            return CORE.text(
                "event.effect_added",
                source=who(e.source),
                name=effect_word("effect.name", e.name),
                target=who(e.target),
                duration=duration(e),
            )
        case EffectExpired(effect=e):
            return CORE.text(
                "event.effect_expired", effect=_effect_on(e, names, shared)
            )
        case EffectRemoved(effect=e, reason=reason):
            return CORE.text(
                f"event.effect_removed.{reason.value}",
                effect=_effect_on(e, names, shared),
            )
        case EffectRefreshed(effect=e):
            return CORE.text(
                "event.effect_refreshed",
                effect=_effect_on(e, names, shared),
                duration=duration(e),
            )
        case EffectChanged(effect=e, remaining=n, unit=unit):
            if n is None or unit is None:
                return CORE.text(
                    "event.effect_changed",
                    effect=_effect_on(e, names, shared),
                    duration=duration(e),
                )
            amount = time_span(n) if unit == "seconds" else quantity(unit, n)
            return CORE.text(
                "event.effect_changed.left",
                effect=_effect_on(e, names, shared),
                duration=duration(e),
                left=CORE.text("remaining.left", amount=amount),
            )
        case EffectTicked(effect=e, remaining=n, unit=unit):
            amount = time_span(n) if unit == "seconds" else quantity(unit, n)
            return CORE.text(
                "event.effect_ticked",
                effect=_effect_on(e, names, shared),
                left=CORE.text("remaining.left", amount=amount),
            )
        case CombatantJoined(combatant=c, next_round=later):
            key = "event.combatant_joined" + (".next_round" if later else "")
            return CORE.text(key, who=who(c))
        case CombatantLeft(combatant=c):
            return CORE.text("event.combatant_left", who=who(c))
        case CombatantDelayed(combatant=c, after=after, next_round=later):
            key = "event.combatant_delayed" + (".next_round" if later else "")
            return CORE.text(key, who=who(c), after=who(after))
        case ActionSpent(combatant=c, total=n):
            return CORE.text(
                "event.action_spent", who=who(c), actions=quantity("action", n)
            )
        case CheckRecorded(combatant=c, total=n):
            return CORE.text(
                "event.check_recorded", who=who(c), checks=quantity("check", n)
            )
        case CounterChanged(combatant=c, name=counter, value=value):
            return CORE.text(
                "event.counter_changed",
                whose=genitive(who(c)),
                counter=counter,
                value=value,
            )
        case ConcentrationStarted(combatant=c):
            return CORE.text("event.concentration_started", who=who(c))
        case ConcentrationEnded(combatant=c):
            return CORE.text("event.concentration_ended", whose=genitive(who(c)))
        case Signalled(event=name, count=count):
            return event_words(
                name, "event.signalled.worded", "event.signalled", log=True, count=count
            )
        case TimePassed(seconds=seconds):
            return CORE.text("event.time_passed", time=time_span(seconds))
        case EncounterEnded(round=r):
            if r == 0:  # ended before the first round began
                return CORE.text("event.encounter_ended.before")
            return CORE.text("event.encounter_ended", round=r)
    raise TypeError(f"not an encounter event: {event!r}")  # pragma: no cover


def describe_events(
    events: Iterable[Event],
    lang: str = "en",
    catalogs: Catalog | Iterable[Catalog] | None = None,
    *,
    names: Mapping[str, str] | None = None,
    state: object = None,
) -> list[str]:
    """Each event as a sentence, in order (see ``describe`` of each event).

    ``names`` default to those of ``state``'s combatants when a state is
    given, else the ids. ``catalogs`` is a further catalog or an iterable
    of them, searched first, in order. An effect that ends, ticks, changes
    or is removed is named with its source ("Bless on Max from Kyra
    ends.") when the events or ``state`` hold another effect of that name
    on that target from another source.

    >>> from rollwerk.encounter import Encounter
    >>> enc = Encounter.create(["Kyra", "Valeros"])
    >>> describe_events(enc.advance().events, "de")
    ['Runde 1 beginnt.', 'Kyras Zug beginnt.']

    Raises:
        ParameterError: No catalog knows ``lang``, ``catalogs`` is not a
            catalog, an iterable of catalogs or ``None``, ``events`` is not
            an iterable of encounter events, or ``names`` is not a mapping
            of ids to names.
    """
    catalogs = one_catalog(catalogs)  # several merged once, not per event
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise ParameterError(
            "events", events, "an iterable of encounter events (a step's events)"
        )
    events = tuple(events)
    for event in events:
        if not isinstance(event, _Words):
            raise ParameterError("events", event, "encounter events (RoundStarted, …)")
    if not events:  # lang refused as each event would refuse it, as Timeline.describe
        CORE.text("event.round_started", round=1)(lang, catalogs)
    if checked_names(names) is None and state is not None:
        names = names_of(state)
    # what each event's describe does, with catalogs and names checked once
    return describe_step(events, lang, catalogs, names, (state,))


def describe_step(
    events: tuple[Event, ...],
    lang: str,
    catalogs: Catalog | None,
    names: Names,
    states: Iterable[object],
) -> list[str]:
    """A step's events as sentences, effects told apart by the states around it."""
    effects = [*_effects_in(events)]
    for state in states:
        effects.extend(_effects_of(state))
    shared = shared_names(effects)
    return [
        _event_text(e, lang, catalogs, names, shared)(lang, catalogs) for e in events
    ]


# ---------------------------------------------------------------------- JSON

_EVENT_TYPES: tuple[type[Any], ...] = (
    RoundStarted,
    RoundEnded,
    TurnStarted,
    TurnEnded,
    EffectAdded,
    EffectExpired,
    EffectRemoved,
    EffectRefreshed,
    EffectChanged,
    EffectTicked,
    CombatantJoined,
    CombatantLeft,
    CombatantDelayed,
    ActionSpent,
    CheckRecorded,
    CounterChanged,
    ConcentrationStarted,
    ConcentrationEnded,
    Signalled,
    TimePassed,
    EncounterEnded,
)


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


EVENT_NAMES: Mapping[type[Any], str] = {t: _snake(t.__name__) for t in _EVENT_TYPES}
"""The JSON name of each event class (``TurnStarted`` → ``"turn_started"``)."""

_BY_NAME: Mapping[str, type[Any]] = {name: t for t, name in EVENT_NAMES.items()}


def _number_to_json(value: int | Fraction | None) -> int | str | None:
    """What remains, as JSON: an integer where it fits 64 bits, else a string.

    A game time of 10**19 seconds is exact but past JSON's 64-bit integers,
    which every loader refuses; as a string it loads back.
    """
    if isinstance(value, Fraction):
        if value.denominator != 1:
            return str(value)
        value = value.numerator
    return value if value is None or value < 2**63 else str(value)


def _encode(value: object) -> object:
    if value is None:
        return None
    if isinstance(value, ActiveEffect):
        return value.to_json()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (bool, int, str)):
        return value
    to_json = getattr(value, "to_json", None)
    if callable(to_json):  # a duration
        return to_json()
    raise SchemaError(f"cannot write {value!r} to JSON")


def event_to_json(event: Event) -> dict[str, Any]:
    """Plain JSON of an event: ``{"type": "<name>", <fields>}``.

    The name is the class name in snake case (``"effect_expired"``); effects
    and durations are written by their own ``to_json``, fractions of seconds
    as strings (``"15/2"``), a removal reason by its value.

    >>> event_to_json(TurnStarted(round=2, combatant="Kyra"))
    {'type': 'turn_started', 'round': 2, 'combatant': 'Kyra'}

    Raises:
        SchemaError: An effect holds an ``UntilCondition`` (a Python predicate).
        ParameterError: ``event`` is not an encounter event.
    """
    name = EVENT_NAMES.get(type(event))
    if name is None:
        raise ParameterError("event", event, "an encounter event (RoundStarted, …)")
    data: dict[str, Any] = {"type": name}
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        data[field.name] = (
            _number_to_json(value) if field.name == "remaining" else _encode(value)
        )
    return data


def _fail(name: str, field: str, expected: str, got: object) -> SchemaError:
    return SchemaError.field(field, expected, got, document=f"{name} event")


def _exact(text: object) -> Fraction | None:
    if not isinstance(text, str) or not text.isascii():
        return None
    num, slash, den = text.partition("/")
    digits = [num.removeprefix("-"), *([den] if slash else [])]
    if not all(0 < len(d) <= 40 and d.isdigit() for d in digits):
        return None
    try:
        return Fraction(text)
    except ZeroDivisionError:
        return None


_EVENT_NAME = "the name of an event (round_started, effect_added…)"
"""What an event's ``type`` must be, in a refusal."""

_IN_A_ROUND = frozenset({"round_started", "round_ended", "turn_started", "turn_ended"})
"""Events whose round has begun (round 1 or later); ``encounter_ended`` may
say round 0, when the encounter ended before its first round."""

_COUNTS = frozenset({"round", "total", "count"})
"""Event fields that count (never negative)."""


def _low(name: str, field: str) -> int:
    """The least an integer field of the event ``name`` holds.

    A round that starts, ends or holds a turn is 1 or later; a round, a
    total or a count is never negative; every JSON int rollwerk reads is
    within 64 bits.
    """
    if field == "round" and name in _IN_A_ROUND:
        return 1
    if (name, field) in _FROM_ONE:
        return 1
    return 0 if field in _COUNTS else -(2**63)


_FROM_ONE = frozenset(
    {("signalled", "count"), ("action_spent", "total"), ("check_recorded", "total")}
)
"""Counts that include the event itself: the first signal, action or check is 1."""

_NAMED = frozenset({"combatant", "after", "event", "name"})
"""Event fields that name a combatant, an event or a counter: never ``""``
(``signal("")`` and an empty combatant id are refused)."""


def _written_type(cls: type, field: str) -> str:
    """The annotation of ``field`` as the source writes it (``"int | None"``).

    Read from the class, not from ``attrs.fields(cls)``: after
    ``attrs.resolve_types(cls)`` a field's ``type`` is the resolved object.
    """
    for base in cls.__mro__:
        written = vars(base).get("__annotations__", {}).get(field)
        if written is not None:
            return str(written)
    return ""


def _allowed(name: str, field: str, kind: str) -> str:
    """What the field ``field`` of the event ``name`` holds, in JSON's words."""
    optional = kind.endswith(" | None")
    kind = kind.removesuffix(" | None")
    if kind == "int":
        low = _low(name, field)
        shown_low = "-2**63" if low < 0 else str(low)
        allowed = f"an integer from {shown_low} to 2**63 - 1"
    elif kind == "int | Fraction":
        # what remains of a duration: never negative, and JSON's 64 bits
        allowed = (
            "an integer from 0 to 2**63 - 1, or an exact number >= 0 that is "
            "not one as a string ('5/2', or past 2**63 - 1)"
        )
    elif kind == "RemovalReason":
        allowed = "one of " + ", ".join(repr(r.value) for r in RemovalReason)
    else:
        allowed = {
            "str": "a string",
            "bool": "true or false",
            "Fraction": "an exact number as a string ('6', '15/2')",
        }.get(kind, "an object")
    return f"{allowed}, or null" if optional else allowed


def _decode(
    name: str,
    field: str,
    kind: str,
    value: object,
    kinds: Mapping[str, DurationDecoder] | None,
) -> object:
    allowed = _allowed(name, field, kind)
    if kind.endswith(" | None"):  # an optional field: null, or its kind
        if value is None:
            return None
        kind = kind.removesuffix(" | None")
    if kind == "int":
        if value.__class__ is not int or not _low(name, field) <= value < 2**63:
            raise _fail(name, field, allowed, value)
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise _fail(name, field, allowed, value)
        if not value and field in _NAMED:
            raise _fail(name, field, "a non-empty string", value)
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise _fail(name, field, allowed, value)
        return value
    if kind == "Fraction":
        exact = _exact(value)
        if exact is None:
            raise _fail(name, field, allowed, value)
        return exact
    if kind == "int | Fraction":
        if value.__class__ is int:
            if not 0 <= value < 2**63:
                raise _fail(name, field, allowed, value)
            return value
        exact = _exact(value)
        # a string only where an integer cannot say it, as written ("5/2")
        if exact is None or exact < 0 or _number_to_json(exact) != value:
            raise _fail(name, field, allowed, value)
        return exact
    if kind == "RemovalReason":
        for reason in RemovalReason:
            if value == reason.value:
                return reason
        raise _fail(name, field, allowed, value)
    if not isinstance(value, Mapping):
        raise _fail(name, field, allowed, value)
    try:
        if kind == "ActiveEffect":
            return ActiveEffect.from_json(value, kinds)
        return duration_from_json(value, kinds)
    except SchemaError as exc:
        raise exc.within(field, document=f"{name} event") from exc.__cause__


def event_from_json(
    data: Mapping[str, Any], kinds: Mapping[str, DurationDecoder] | None = None
) -> Event:
    """Load what [`event_to_json`][rollwerk.encounter.event_to_json] wrote.

    Every field is required and checked for its JSON type; nothing is
    coerced. ``kinds`` adds decoders of plugin duration kinds, as in
    [`duration_from_json`][rollwerk.encounter.duration_from_json].

    >>> event_from_json({"type": "round_started", "round": 3})
    RoundStarted(round=3)

    Raises:
        SchemaError: An unknown event name, a missing or unknown field, or a
            field of the wrong type.
    """
    if not isinstance(data, Mapping):
        raise SchemaError.field("", "an object", data, document="event")
    if "type" not in data:  # as every loader says of a missing field
        raise SchemaError(
            "is required (the name of an event: round_started, effect_added…)",
            path="type",
            expected="the name of an event",
            document="event",
        )
    name = data.get("type")
    cls = _BY_NAME.get(name) if isinstance(name, str) else None
    if cls is None:
        if not isinstance(name, str) or len(name) > 16:
            raise SchemaError.field("type", _EVENT_NAME, name, document="event")
        # the 21 names would make the message longer than a screen line
        # allows once a timeline prefixes its path: the closest, if any
        import difflib

        close = difflib.get_close_matches(name, sorted(_BY_NAME), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise SchemaError(
            f"must be {_EVENT_NAME}, got {name!r}{hint}",
            path="type",
            expected=_EVENT_NAME,
            document="event",
        )
    name = str(name)
    fields = attrs.fields(cls)
    with document(f"{name} event"):
        known(data, ["type", *(f.name for f in fields)])
    values: dict[str, object] = {}
    for field in fields:
        kind = _written_type(cls, field.name)
        if field.name not in data:
            allowed = _allowed(name, field.name, kind)
            raise SchemaError.missing(field.name, allowed, document=f"{name} event")
        values[field.name] = _decode(name, field.name, kind, data[field.name], kinds)
    try:
        event: Event = cls(**values)
    except RollwerkError as exc:
        raise SchemaError(str(exc), document=f"{name} event") from exc
    return event
