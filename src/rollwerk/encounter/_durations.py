"""Durations: when an effect ends, bound to combatant ids and stored as absolute ends.

A duration is written relative to "now" (``Rounds(3)``: three rounds from
now). When an effect is added to an [`Encounter`][rollwerk.encounter.Encounter], the
encounter *binds* the duration: it resolves the default anchor (the creator or
the target) and stores the absolute end, for example "when A has started 4
turns". What remains is always computed from that stored end and the
encounter's counters, so nothing is decremented in place, an undo restores
durations exactly, and an effect created mid-round needs no special case.

Ticks are bound to combatant ids, never to initiative values or positions in
the order: when a combatant delays, its durations follow it.

Durations never see the [`Encounter`][rollwerk.encounter.Encounter] class: their
methods receive an [`EncounterView`][rollwerk.encounter.EncounterView], the few
read-only accessors they count on, which the encounter satisfies
structurally. The four counting kinds share one base, so they differ only in
the clock they read.

This module is longer than 500 lines because it holds every built-in kind
next to the protocol they implement and the JSON table that names them; each
kind is small and self-contained.

Every kind serializes to JSON with a ``"kind"`` field; see
[`duration_from_json`][rollwerk.encounter.duration_from_json]. Kinds:

| Kind | Ends | Anchor default |
|---|---|---|
| [`Instant`][rollwerk.encounter.Instant] | at once (the effect is added and expires) | — |
| [`Rounds`][rollwerk.encounter.Rounds] | at the start of the anchor's n-th turn from now | creator |
| [`UntilEndOfNextTurns`][rollwerk.encounter.UntilEndOfNextTurns] | at the end of the anchor's n-th turn that *begins* after now | target |
| [`UntilEndOfTurn`][rollwerk.encounter.UntilEndOfTurn] | at the end of the anchor's turn under way, or of its next turn | the combatant acting, else the creator |
| [`Actions`][rollwerk.encounter.Actions] | when the anchor has used n more action slots | target |
| [`GameTime`][rollwerk.encounter.GameTime] | when the game clock has run n more seconds | — |
| [`NextChecks`][rollwerk.encounter.NextChecks] | when the anchor has made n more checks | target |
| [`UntilEvent`][rollwerk.encounter.UntilEvent] | when the named event is signalled | — |
| [`UntilCondition`][rollwerk.encounter.UntilCondition] | when a predicate over the encounter holds (not JSON) | — |
| [`Concentration`][rollwerk.encounter.Concentration] | when the anchor stops concentrating | creator |
| [`FirstOf`][rollwerk.encounter.FirstOf] | when the first of its parts ends | its parts' |
| [`UntilEndOfEncounter`][rollwerk.encounter.UntilEndOfEncounter] | when the encounter ends | — |
| [`Permanent`][rollwerk.encounter.Permanent] | never (only when removed) | — |
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import (
    Any,
    ClassVar,
    TypeVar,
)

import attrs

from rollwerk._jsonutil import (
    _MISSING,
    between,
    document,
    exact_fits,
    fraction,
    known,
    member,
    nested,
    obj,
    required,
    strict,
)
from rollwerk._repr import value_repr
from rollwerk.encounter._protocol import (
    Duration,
    Remaining,
    is_duration,
)
from rollwerk.encounter._view import EncounterView
from rollwerk.encounter._wording import Worded
from rollwerk.errors import (
    LimitExceeded,
    ParameterError,
    RollwerkError,
    RulesError,
    SchemaError,
    shown,
)

# At run time too, so that ``typing.get_type_hints`` resolves ``-> Self``
# (``typing`` is loaded anyway; ``typing_extensions`` only on Python 3.10).
if sys.version_info >= (3, 11):
    from typing import Self
else:
    from typing_extensions import Self

__all__ = [
    "DURATION_KINDS",
    "Actions",
    "Concentration",
    "Duration",
    "FirstOf",
    "GameTime",
    "Instant",
    "NextChecks",
    "Permanent",
    "Remaining",
    "Rounds",
    "UntilCondition",
    "UntilEndOfEncounter",
    "UntilEndOfNextTurns",
    "UntilEndOfTurn",
    "UntilEvent",
    "duration_from_json",
]

MINUTE = 60
HOUR = 3600
DAY = 86400


_INT64_MAX = 2**63 - 1
"""The largest integer encounter JSON holds."""

MAX_COUNT = 2**62
"""The most rounds, turns, actions or checks a counted duration lasts.

Its bound end is written to JSON as a 64-bit integer: a count up to this
leaves room for the turns already started.
"""


def _id(_self: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A combatant id field: a string, or ``None`` (the default anchor)."""
    if value is not None and not isinstance(value, str):
        raise ParameterError(attribute.name, value, "a combatant's id (a str) or None")


_PREDICATE = "a function of the encounter returning a bool"


def _callable(_self: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not callable(value):
        raise ParameterError(attribute.name, value, _PREDICATE)
    import inspect  # only here: the check path loads no encounter code

    try:
        inspect.signature(value).bind(None)
    except (TypeError, ValueError) as exc:
        # ValueError: a builtin without a signature, taken at its word
        if isinstance(exc, TypeError):
            raise ParameterError(
                attribute.name,
                value,
                f"{_PREDICATE}, called with the encounter alone ({exc})",
            ) from None


def _text(_self: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise ParameterError(attribute.name, value, "a string")


def _count(name: str, value: object, minimum: int = 1) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not minimum <= value <= MAX_COUNT
    ):
        raise ParameterError(name, value, f"an integer from {minimum} to 2**62")


def _opt_bound(name: str, value: object) -> None:
    """Refuse a bound field that its JSON could not hold (or that is no integer).

    A bound field is a count of turns, signals, actions or checks, so no
    operation leaves it below 0.
    """
    if value is not None and (
        not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63
    ):
        raise ParameterError(name, value, "an integer from 0 to 2**63 - 1, or None")


def _bound(value: int | None, kind: str) -> int:
    if value is None:
        raise RulesError(f"the {kind} duration is not bound; add its effect first")
    return value


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    value: str | None = strict(data, key, "str|null", None)
    return value


def _opt_int(data: Mapping[str, Any], key: str) -> int | None:
    """A bound field's count (``ends_at``, ``after``, ``seen``) or null.

    Below 0 and above 2**63 − 1 are refused with one message, in JSON's words.
    """
    value = data.get(key)
    if value is not None and (value.__class__ is not int or not 0 <= value < 2**63):
        raise SchemaError.field(key, "an integer from 0 to 2**63 - 1 or null", value)
    return value


_N = "an integer from 1 to 2**62"
"""What a duration's ``n`` is, in JSON's words."""


def _n(data: Mapping[str, Any]) -> int:
    """``data["n"]``: an integer from 1 to 2**62, one message for any refusal."""
    json_required(data, "n", _N)
    value = data["n"]
    if value.__class__ is not int or not 1 <= value <= MAX_COUNT:
        raise SchemaError.field("n", _N, value)
    checked: int = value
    return checked


# ------------------------------------------------------------- JSON readers
# The encounter's loaders (durations, effects, combatants, the encounter,
# events) read their fields with these, so that a refusal says what the JSON
# must hold in JSON's words, and a missing field what it may be.

json_required = required
"""Refuse a document without a field (`rollwerk._jsonutil.required`)."""


def json_kind(data: Mapping[str, Any], kind: str) -> None:
    """Refuse a duration's JSON whose ``"kind"`` is missing or not ``kind``.

    Each kind's ``from_json`` reads its own kind only: a decoder that took
    ``{"kind": "actions"}`` as rounds would write it back as ``"rounds"``.

    Raises:
        SchemaError: ``"kind"`` is missing, or is anything but ``kind``.
    """
    allowed = repr(kind)
    json_required(data, "kind", allowed)
    value = data["kind"]
    if value.__class__ is not str or value != kind:
        raise SchemaError.field("kind", allowed, value)


def json_count(
    data: Mapping[str, Any], key: str, low: int, default: Any = _MISSING
) -> Any:
    """``data[key]``: an integer from ``low`` to 2**63 - 1 (JSON's 64 bits).

    One message for any refusal (a string, below ``low``, beyond 64 bits),
    stating the real range; a missing key is ``default``, or says it is
    required when there is none.
    """
    return between(data, key, low, _INT64_MAX, high_words="2**63 - 1", default=default)


def json_exact(
    data: Mapping[str, Any],
    key: str,
    *,
    positive: bool,
    example: str,
    default: Any = _MISSING,
) -> Any:
    """``data[key]``: an exact number of seconds written as a string.

    ``positive``: above 0 (a length), else 0 or more (a clock reading).
    One message for any refusal, with ``example`` as the example of a
    whole number (``"an exact number > 0 as a string ('6' or '5/2', at
    most 40 digits each)"``); a missing key is ``default``, or says it
    is required when there is none.
    """
    bound = "> 0" if positive else ">= 0"
    allowed = (
        f"an exact number {bound} as a string ({example!r} or '5/2', at most "
        "40 digits each)"
    )
    if key not in data and default is not _MISSING:
        return default
    json_required(data, key, allowed)
    try:
        number: Fraction | None = fraction(data, key)
    except SchemaError:
        number = None
    text = data[key]  # "-0" and "-0/1" are 0 with a sign
    signed = isinstance(text, str) and text.startswith("-")
    if number is None or number < 0 or (positive and number == 0) or signed:
        raise SchemaError.field(member(key), allowed, data[key])
    return number


class _Unbound(Worded):
    """What the kinds bound to no combatant's clock share (instant, permanent)."""

    kind: str
    _over: ClassVar[bool]

    @property
    def unit(self) -> str | None:
        """Always ``None``."""
        return None

    @property
    def anchor(self) -> str | None:
        """Always ``None``."""
        return None

    def bind(self, state: EncounterView, source: str, target: str) -> Self:
        """Nothing to bind."""
        return self

    def is_over(self, state: EncounterView) -> bool:
        """Always over (instant) or never (permanent)."""
        return self._over

    def remaining(self, state: EncounterView) -> Remaining:
        """Always ``None``."""
        return None

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Unchanged."""
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"kind": …}``: the kind alone."""
        return {"kind": self.kind}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Load what ``to_json`` wrote: ``{"kind": …}`` of this kind alone.

        Raises:
            SchemaError: ``data`` is no object, its ``kind`` is missing or
                another kind's, or it has another field.
        """
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind",))
            return cls()


@attrs.frozen
class Instant(_Unbound):
    """An instantaneous effect: it is resolved at once and never lasts (PF2E-R01).

    Adding it yields ``EffectAdded`` immediately followed by ``EffectExpired``.
    """

    __repr__ = value_repr

    kind = "instant"
    _over: ClassVar[bool] = True


@attrs.frozen
class Permanent(_Unbound):
    """Lasts until the effect is removed explicitly."""

    __repr__ = value_repr

    kind = "permanent"
    _over: ClassVar[bool] = False


@attrs.frozen
class UntilEndOfEncounter(_Unbound):
    """Until the encounter ends ("until the end of the fight", "for the encounter").

    [`Encounter.end`][rollwerk.encounter.Encounter.end] expires it (an
    ``EffectExpired`` before ``EncounterEnded``), where the turn-counted
    durations become game time; removing the effect ends it earlier.
    """

    __repr__ = value_repr

    kind = "until_end_of_encounter"
    _over: ClassVar[bool] = False

    def is_over(self, state: EncounterView) -> bool:
        """Over once the encounter has ended."""
        return state.ended


class _Counted(Worded):
    """What the counting kinds share: n ticks of one combatant's clock.

    [`Rounds`][rollwerk.encounter.Rounds],
    [`UntilEndOfNextTurns`][rollwerk.encounter.UntilEndOfNextTurns],
    [`UntilEndOfTurn`][rollwerk.encounter.UntilEndOfTurn],
    [`Actions`][rollwerk.encounter.Actions] and
    [`NextChecks`][rollwerk.encounter.NextChecks] differ only in the clock they
    read (``_clock``), the clock that fixes their start (``_start``), how
    many ticks they last (``_ticks``), whom they follow by default
    (``_follows``) and how a bound copy is built (``_at``). Binding stores
    the absolute end; what remains is computed from it, so nothing is
    decremented in place.
    """

    __slots__ = ()

    kind: str
    _follows: ClassVar[str]
    """The default anchor: ``"source"``, ``"target"``, or ``"acting"`` (the
    combatant whose turn is under way, else the source)."""
    _anchor_field: ClassVar[str] = "of"
    """The field that names the anchor (an error about it names this field)."""
    _unit: ClassVar[str]

    ends_at: int | None

    @property
    def anchor(self) -> str | None:
        """The combatant whose clock it follows, once bound."""
        raise NotImplementedError  # pragma: no cover

    @property
    def unit(self) -> str | None:
        """The unit of what remains."""
        return self._unit

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with a ``"kind"`` field."""
        raise NotImplementedError  # pragma: no cover

    def _clock(self, state: EncounterView, who: str) -> int:
        raise NotImplementedError  # pragma: no cover

    def _start(self, state: EncounterView, who: str) -> int:
        return self._clock(state, who)

    def _ticks(self) -> int:
        raise NotImplementedError  # pragma: no cover

    def _at(self: _C, who: str, start: int, end: int) -> _C:
        raise NotImplementedError  # pragma: no cover

    def _end(self) -> tuple[str, int]:
        if self.anchor is None or self.ends_at is None:
            raise RulesError(
                f"the {self.kind} duration is not bound; add its effect first"
            )
        return self.anchor, self.ends_at

    def _counted(self, state: EncounterView) -> int:
        return self._clock(state, self._end()[0])

    def bind(self: _C, state: EncounterView, source: str, target: str) -> _C:
        """Store the end: n ticks of the anchor's clock from now."""
        if self.anchor is None:
            if self._follows == "acting" and state.current is not None:
                who = state.current
            else:
                who = target if self._follows == "target" else source
            start = self._start(state, who)
        else:
            who = self.anchor
            start = _read_as(self._anchor_field, who, lambda: self._start(state, who))
        return self._at(who, start, self._fitting_end(who, start, self._ticks()))

    def _fitting_end(self, who: str, start: int, ticks: int) -> int:
        """``start + ticks``, if encounter JSON holds it (a 64-bit integer).

        Raises:
            RulesError: The end is beyond 2**63 - 1 (``who``'s count, read
                from a loaded document, is already near it).
        """
        end = start + ticks
        if end > _INT64_MAX:
            raise RulesError(
                f"the {self.kind} duration of {ticks} from {start}, the count of "
                f"{who!r} now, would end at {end}, a number encounter JSON "
                "cannot hold (at most 2**63 - 1)"
            )
        return end

    def is_over(self, state: EncounterView) -> bool:
        """Over once the anchor's clock reads ``ends_at``."""
        who, end = self._end()
        return self._clock(state, who) >= end

    def remaining(self, state: EncounterView) -> Remaining:
        """The ticks of the anchor's clock still to come."""
        return max(0, self._end()[1] - self._counted(state))

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Count what remains on ``combatant``'s clock instead."""
        left = self.remaining(state)
        assert isinstance(left, int)
        start = self._start(state, combatant)
        return self._at(combatant, start, self._fitting_end(combatant, start, left))


class _CountedN(_Counted):
    """A counted kind that lasts its field ``n`` ticks."""

    __slots__ = ()

    n: int

    def _ticks(self) -> int:
        return self.n


_C = TypeVar("_C", bound=_Counted)
_T = TypeVar("_T")


def _read_as(field: str, who: str, read: Callable[[], _T]) -> _T:
    """``read()``, an unknown combatant ``who`` named as the field that gave it.

    The encounter refuses an unknown id as ``combatant``; a duration whose
    ``tick_on`` or ``of`` names one is refused naming that field instead,
    with the same ids allowed.

    Raises:
        ParameterError: ``who`` is no combatant of the encounter (``field``
            named), or whatever else ``read`` raises.
    """
    try:
        return read()
    except ParameterError as exc:
        if exc.parameter != "combatant" or exc.value != who:
            raise
        raise ParameterError(field, who, exc.allowed) from None


@attrs.frozen
class Rounds(_CountedN):
    """N rounds, counted down at the **start** of a combatant's turns (PF2E-R02).

    ``tick_on`` names the combatant whose turn starts count; ``None`` means
    the effect's creator. The effect ends at the start of that combatant's
    n-th turn after it was added, whether it was added on the creator's own
    turn (D1, D2) or outside it, e.g. as a reaction (D7, PF2E-A04). A DS4
    cooldown of ``c`` rounds after a cast in round ``t`` is ``Rounds(c + 1)``:
    the spell is free again at the start of the caster's turn in round
    ``t + c + 1`` (DS4-R42).

    Bound form: ``ends_at`` is the number of turns ``tick_on`` must have
    started for the duration to be over.
    """

    __repr__ = value_repr

    kind = "rounds"
    _follows: ClassVar[str] = "source"
    _anchor_field: ClassVar[str] = "tick_on"
    _unit: ClassVar[str] = "rounds"

    n: int
    """The number of rounds (at least 1)."""
    tick_on: str | None = attrs.field(default=None, validator=_id)
    """The combatant whose turn starts tick it; ``None``: the creator."""
    ends_at: int | None = None
    """Bound: over once ``tick_on`` has started this many turns."""

    def __attrs_post_init__(self) -> None:
        _count("n", self.n)
        _opt_bound("ends_at", self.ends_at)

    @property
    def anchor(self) -> str | None:
        """The combatant whose turn starts tick it."""
        return self.tick_on

    def _clock(self, state: EncounterView, who: str) -> int:
        return state.turns_started(who)

    def _at(self, who: str, start: int, end: int) -> Rounds:
        return Rounds(self.n, who, end)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "rounds", "n", "tick_on", "ends_at"}``."""
        return {
            "kind": self.kind,
            "n": self.n,
            "tick_on": self.tick_on,
            "ends_at": self.ends_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rounds:
        """Load what [`to_json`][rollwerk.encounter.Rounds.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "n", "tick_on", "ends_at"))
            return cls(_n(data), _opt_str(data, "tick_on"), _opt_int(data, "ends_at"))


def _anchor(value: str | None) -> str:
    if value is None:
        raise RulesError("the duration is not bound; add its effect first")
    return value


@attrs.frozen
class UntilEndOfNextTurns(_CountedN):
    """Until the **end** of a combatant's next N turns (PF2E-R03, PF2E-R04).

    ``of`` names the combatant (``None``: the effect's target). Only turns that
    *begin* after the effect was added count: a turn under way never counts as
    "next" (PF2E-A02, D5). ``n=1`` is "until the end of the target's next
    turn" (D3, D4); ``n=3`` is "through the target's next 3 turns" (D6).

    Bound form: ``after`` is the number of turns ``of`` had started when the
    effect was added, ``ends_at = after + n``; it is over at the end of the
    turn with that number.
    """

    __repr__ = value_repr

    kind = "until_end_of_next_turns"
    _follows: ClassVar[str] = "target"
    _unit: ClassVar[str] = "turns"

    n: int = 1
    """The number of turns (at least 1)."""
    of: str | None = attrs.field(default=None, validator=_id)
    """The combatant whose turn ends count; ``None``: the target."""
    after: int | None = None
    """Bound: turns ``of`` had started when the effect was added."""
    ends_at: int | None = None
    """Bound: over at the end of ``of``'s turn with this number."""

    def __attrs_post_init__(self) -> None:
        _count("n", self.n)
        _opt_bound("after", self.after)
        _opt_bound("ends_at", self.ends_at)

    @property
    def anchor(self) -> str | None:
        """The combatant whose turn ends count."""
        return self.of

    def _clock(self, state: EncounterView, who: str) -> int:
        return state.turns_ended(who)

    def _start(self, state: EncounterView, who: str) -> int:
        return state.turns_started(who)

    def _counted(self, state: EncounterView) -> int:
        return max(super()._counted(state), _bound(self.after, self.kind))

    def _at(self, who: str, start: int, end: int) -> UntilEndOfNextTurns:
        return UntilEndOfNextTurns(self.n, who, start, end)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "until_end_of_next_turns", "n", "of", "after", "ends_at"}``."""
        return {
            "kind": self.kind,
            "n": self.n,
            "of": self.of,
            "after": self.after,
            "ends_at": self.ends_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UntilEndOfNextTurns:
        """Load what [`to_json`][rollwerk.encounter.UntilEndOfNextTurns.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "n", "of", "after", "ends_at"))
            return cls(
                _n(data),
                _opt_str(data, "of"),
                _opt_int(data, "after"),
                _opt_int(data, "ends_at"),
            )


@attrs.frozen
class UntilEndOfTurn(_Counted):
    """Until the **end** of a turn: the one under way, or the anchor's next.

    "Until the end of your turn", "for the rest of the turn". ``of`` names
    the combatant whose turn it is; ``None`` means the combatant whose turn
    is under way when the effect is added, or the effect's creator when no
    turn is (before the first round, between rounds, after a turn ended).
    If ``of``'s turn is under way, the effect ends when it ends; otherwise
    at the end of ``of``'s next turn, as
    [`UntilEndOfNextTurns()`][rollwerk.encounter.UntilEndOfNextTurns] would.

    >>> from rollwerk.encounter import Encounter
    >>> enc, _ = Encounter.create(["A", "B"]).advance()          # A's turn
    >>> enc, _ = enc.add_effect("haste", source="B", target="B",
    ...                         duration=UntilEndOfTurn())
    >>> enc.effect("e1").duration
    UntilEndOfTurn(of='A', ends_at=1)
    >>> enc, events = enc.advance()                              # A's turn ends
    >>> " → ".join(type(e).__name__ for e in events)
    'TurnEnded → EffectExpired → TurnStarted'

    Bound form: ``ends_at`` is the number of turns ``of`` must have ended
    for the duration to be over (the number of the turn under way, or of
    its next turn).
    """

    __repr__ = value_repr

    kind = "until_end_of_turn"
    _follows: ClassVar[str] = "acting"
    _unit: ClassVar[str] = "turns"

    of: str | None = attrs.field(default=None, validator=_id)
    """The combatant whose turn end ends it; ``None``: the one acting."""
    ends_at: int | None = None
    """Bound: over once ``of`` has ended this many turns."""

    def __attrs_post_init__(self) -> None:
        _opt_bound("ends_at", self.ends_at)

    @property
    def anchor(self) -> str | None:
        """The combatant whose turn end ends it."""
        return self.of

    def _clock(self, state: EncounterView, who: str) -> int:
        return state.turns_ended(who)

    def _ticks(self) -> int:
        return 1

    def _at(self, who: str, start: int, end: int) -> UntilEndOfTurn:
        return UntilEndOfTurn(who, end)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "until_end_of_turn", "of", "ends_at"}``."""
        return {"kind": self.kind, "of": self.of, "ends_at": self.ends_at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UntilEndOfTurn:
        """Load what [`to_json`][rollwerk.encounter.UntilEndOfTurn.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "of", "ends_at"))
            return cls(_opt_str(data, "of"), _opt_int(data, "ends_at"))


@attrs.frozen
class Actions(_CountedN):
    """N action slots of a combatant (Mythandria's aether lockout, MY-R18).

    ``of`` names the combatant (``None``: the target). A slot counts when the
    combatant spends an action ([`Encounter.spend_action`][rollwerk.encounter.Encounter.spend_action])
    and, at the end of its turn, every slot of that turn it left unused is
    counted as elapsed (the encounter's ``actions_per_round``; MY-A04: the
    lockout is elapsed time). So ``Actions(2 * rounds)`` is a lockout of
    ``rounds`` rounds at 2 actions per round, starting with the next slot.

    Bound form: over once ``of`` has used ``ends_at`` slots in total.
    """

    __repr__ = value_repr

    kind = "actions"
    _follows: ClassVar[str] = "target"
    _unit: ClassVar[str] = "actions"

    n: int
    """The number of action slots (at least 1)."""
    of: str | None = attrs.field(default=None, validator=_id)
    """The combatant whose slots count; ``None``: the target."""
    ends_at: int | None = None
    """Bound: over once ``of`` has used this many slots."""

    def __attrs_post_init__(self) -> None:
        _count("n", self.n)
        _opt_bound("ends_at", self.ends_at)

    @property
    def anchor(self) -> str | None:
        """The combatant whose slots count."""
        return self.of

    def _clock(self, state: EncounterView, who: str) -> int:
        return state.actions_used(who)

    def _at(self, who: str, start: int, end: int) -> Actions:
        return Actions(self.n, who, end)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "actions", "n", "of", "ends_at"}``."""
        return {"kind": self.kind, "n": self.n, "of": self.of, "ends_at": self.ends_at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Actions:
        """Load what [`to_json`][rollwerk.encounter.Actions.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "n", "of", "ends_at"))
            return cls(_n(data), _opt_str(data, "of"), _opt_int(data, "ends_at"))


@attrs.frozen
class NextChecks(_CountedN):
    """Until a combatant has made its next N checks (Fluid's rewards, FL-A08).

    ``of`` names the combatant (``None``: the target). Checks are counted with
    [`Encounter.record_check`][rollwerk.encounter.Encounter.record_check]; the effect's
    modifiers apply to the check being made and it expires right after it is
    recorded.

    Bound form: over once ``of`` has made ``ends_at`` checks in total.
    """

    __repr__ = value_repr

    kind = "next_checks"
    _follows: ClassVar[str] = "target"
    _unit: ClassVar[str] = "checks"

    n: int = 1
    """The number of checks (at least 1)."""
    of: str | None = attrs.field(default=None, validator=_id)
    """The combatant whose checks count; ``None``: the target."""
    ends_at: int | None = None
    """Bound: over once ``of`` has made this many checks."""

    def __attrs_post_init__(self) -> None:
        _count("n", self.n)
        _opt_bound("ends_at", self.ends_at)

    @property
    def anchor(self) -> str | None:
        """The combatant whose checks count."""
        return self.of

    def _clock(self, state: EncounterView, who: str) -> int:
        return state.checks_made(who)

    def _at(self, who: str, start: int, end: int) -> NextChecks:
        return NextChecks(self.n, who, end)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "next_checks", "n", "of", "ends_at"}``."""
        return {"kind": self.kind, "n": self.n, "of": self.of, "ends_at": self.ends_at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NextChecks:
        """Load what [`to_json`][rollwerk.encounter.NextChecks.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "n", "of", "ends_at"))
            return cls(_n(data), _opt_str(data, "of"), _opt_int(data, "ends_at"))


_EXACT = "of at most 40 digits above and below the line (what JSON holds)"


def _number(name: str, value: object, allowed: str) -> Fraction:
    """``value`` as a Fraction if it is an int or Fraction (never a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError(name, value, allowed)
    return Fraction(value)


def _fitting(name: str, value: object, result: Fraction) -> Fraction:
    """``result`` if JSON holds it (40 digits above and below the line)."""
    if not exact_fits(result):
        raise ParameterError(name, value, f"an int or Fraction {_EXACT}")
    return result


def _seconds(value: int | Fraction) -> Fraction:
    result = _number("seconds", value, "an int or Fraction > 0")
    if result <= 0:
        raise ParameterError("seconds", value, "an int or Fraction > 0")
    return _fitting("seconds", value, result)


def _opt_fraction(value: int | Fraction | None) -> Fraction | None:
    if value is None:
        return None
    number = _number("ends_at", value, "an int, a Fraction or None")
    return _fitting("ends_at", value, number)


def _amount(name: str, value: object, unit: int) -> Fraction:
    """``value`` (an int or Fraction, not a float, > 0) times ``unit`` seconds.

    A refusal names ``name`` and shows ``value`` as given (``minutes must
    be an int or Fraction > 0, got 0``), not the seconds it would make.
    """
    allowed = "an int or Fraction > 0"
    number = _number(name, value, allowed)
    if number <= 0:
        raise ParameterError(name, value, allowed)
    return _fitting(name, value, number * unit)


@attrs.frozen
class GameTime(Worded):
    """A span of game time in seconds (AdZ 30 minutes, DS4 hours, 24 h).

    In combat the encounter's clock runs one round length
    (``round_seconds``: AdZ 3 s, DS4 5 s, PF2e 6 s) at the start of every
    round after the first; outside turns
    [`Encounter.pass_time`][rollwerk.encounter.Encounter.pass_time] runs it by any
    amount (hours, nights, days). So ``GameTime(60)`` in PF2e ends at the
    start of the 10th round after the one it was added in.

    >>> GameTime.hours(8).seconds
    Fraction(28800, 1)

    Bound form: over once the clock has reached ``ends_at``.
    """

    __repr__ = value_repr

    kind = "game_time"

    seconds: Fraction = attrs.field(converter=_seconds)
    """The length in game seconds (> 0)."""
    ends_at: Fraction | None = attrs.field(default=None, converter=_opt_fraction)
    """Bound: the clock reading at which it is over."""

    @classmethod
    def minutes(cls, minutes: int | Fraction) -> GameTime:
        """``minutes`` minutes of game time (an int or Fraction, not a float)."""
        return cls(_amount("minutes", minutes, MINUTE))

    @classmethod
    def hours(cls, hours: int | Fraction) -> GameTime:
        """``hours`` hours of game time (an int or Fraction, not a float)."""
        return cls(_amount("hours", hours, HOUR))

    @classmethod
    def days(cls, days: int | Fraction) -> GameTime:
        """``days`` days of game time (an int or Fraction, not a float)."""
        return cls(_amount("days", days, DAY))

    @property
    def unit(self) -> str | None:
        """``"seconds"``."""
        return "seconds"

    @property
    def anchor(self) -> str | None:
        """Always ``None``: the game clock is shared."""
        return None

    def bind(self, state: EncounterView, source: str, target: str) -> GameTime:
        """End when the clock has run ``seconds`` from now.

        Raises:
            RulesError: The end is a number JSON cannot hold (more than 40
                digits above or below the line).
        """
        end = state.clock + self.seconds
        if not exact_fits(end):
            raise RulesError(
                f"a game time of {self.seconds} s from the clock at "
                f"{shown(state.clock)} s would end at a number JSON cannot "
                "hold (more than 40 digits above or below the line)"
            )
        return GameTime(self.seconds, end)

    def is_over(self, state: EncounterView) -> bool:
        """Over once the clock reads ``ends_at`` or later."""
        return state.clock >= self._end()

    def remaining(self, state: EncounterView) -> Remaining:
        """The game seconds still to run."""
        return max(Fraction(0), self._end() - state.clock)

    def _end(self) -> Fraction:
        if self.ends_at is None:
            raise RulesError(
                "the game_time duration is not bound; add its effect first"
            )
        return self.ends_at

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Unchanged."""
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "game_time", "seconds", "ends_at"}``, Fractions as strings."""
        return {
            "kind": self.kind,
            "seconds": str(self.seconds),
            "ends_at": None if self.ends_at is None else str(self.ends_at),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameTime:
        """Load what [`to_json`][rollwerk.encounter.GameTime.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "seconds", "ends_at"))
            seconds = json_exact(data, "seconds", positive=True, example="6")
            end = data.get("ends_at")
            ends_at: Fraction | None = None
            if end is not None:
                try:
                    ends_at = fraction(data, "ends_at")
                except SchemaError:
                    ends_at = None
                if ends_at is None or ends_at < seconds:
                    # bound on a clock that is never below 0: clock + seconds
                    raise SchemaError.field(
                        "ends_at",
                        f"an exact number >= seconds ({seconds}) as a string, or "
                        "null (it is the clock when bound, never below 0, plus "
                        "seconds)",
                        end,
                    )
            return cls(seconds, ends_at)


@attrs.frozen
class UntilEvent(Worded):
    """Until a named event is signalled (PF2E-R05, serializable form).

    Signal it with [`Encounter.signal`][rollwerk.encounter.Encounter.signal]; only
    signals after the effect was added count. Use names that say what
    happened, e.g. ``"scene-end"`` or ``"B:stood-up"``.

    Bound form: ``seen`` is how often the event had been signalled before.
    """

    __repr__ = value_repr

    kind = "until_event"

    event: str
    """The event's name."""
    seen: int | None = None
    """Bound: how often ``event`` had been signalled when the effect was added."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.event, str) or not self.event:
            raise ParameterError("event", self.event, "a non-empty string")
        _opt_bound("seen", self.seen)

    @property
    def unit(self) -> str | None:
        """Always ``None``."""
        return None

    @property
    def anchor(self) -> str | None:
        """Always ``None``."""
        return None

    def bind(self, state: EncounterView, source: str, target: str) -> UntilEvent:
        """Remember how often the event has been signalled so far."""
        return UntilEvent(self.event, state.signals(self.event))

    def is_over(self, state: EncounterView) -> bool:
        """Over once the event has been signalled again."""
        return state.signals(self.event) > _bound(self.seen, self.kind)

    def remaining(self, state: EncounterView) -> Remaining:
        """Always ``None``."""
        return None

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Unchanged."""
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "until_event", "event", "seen"}``."""
        return {"kind": self.kind, "event": self.event, "seen": self.seen}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UntilEvent:
        """Load what [`to_json`][rollwerk.encounter.UntilEvent.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "event", "seen"))
            allowed = "a non-empty string"
            json_required(data, "event", allowed)
            event = data["event"]
            if event.__class__ is not str or not event:
                raise SchemaError.field("event", allowed, event)
            return cls(event, _opt_int(data, "seen"))


@attrs.frozen
class UntilCondition(Worded):
    """Until a predicate over the encounter holds (PF2E-R05).

    The predicate is checked after every change of the encounter. A Python
    function cannot be written to JSON: an encounter holding this duration
    raises [`SchemaError`][rollwerk.errors.SchemaError] from ``to_json``. Use
    [`UntilEvent`][rollwerk.encounter.UntilEvent] for conditions that must be stored.

    The predicate is the caller's own code: what it raises passes unchanged
    out of the operation that checked it (``advance()``, ``add_effect``…),
    as the caller's own initiative rule's and Rng's exceptions do; it is not
    wrapped in a [`PluginFault`][rollwerk.errors.PluginFault], which names a
    plugin. The operation returns no state, and the encounter it was called
    on is unchanged.
    """

    __repr__ = value_repr

    kind = "until_condition"

    predicate: Callable[[EncounterView], bool] = attrs.field(validator=_callable)
    """Returns ``True`` once the effect should end."""
    description: str = attrs.field(default="", validator=_text)
    """A human description of the condition."""

    @property
    def unit(self) -> str | None:
        """Always ``None``."""
        return None

    @property
    def anchor(self) -> str | None:
        """Always ``None``."""
        return None

    def bind(self, state: EncounterView, source: str, target: str) -> UntilCondition:
        """Nothing to bind."""
        return self

    def is_over(self, state: EncounterView) -> bool:
        """Whether the predicate holds.

        Raises:
            ParameterError: The predicate returned something but ``True`` or
                ``False`` (``"yes"`` would end the effect by accident).
            Exception: Whatever the predicate raises, unchanged.
        """
        held = self.predicate(state)
        if held is not True and held is not False:
            raise ParameterError(
                f"the predicate of {self.description or 'an until_condition'}",
                held,
                "True or False",
            )
        return held

    def remaining(self, state: EncounterView) -> Remaining:
        """Always ``None``."""
        return None

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Unchanged."""
        return self

    def to_json(self) -> dict[str, Any]:
        """Always raises: a predicate cannot be serialized."""
        raise SchemaError(
            f"an until_condition duration ({self.description or repr(self.predicate)}) "
            "cannot be written to JSON; use UntilEvent for stored conditions"
        )


@attrs.frozen
class Concentration(Worded):
    """While a combatant concentrates; ends when its concentration ends.

    ``of`` names the concentrating combatant (``None``: the creator). Adding
    an effect with this duration starts that combatant's concentration if it
    is not concentrating yet;
    [`Encounter.end_concentration`][rollwerk.encounter.Encounter.end_concentration], or
    the combatant leaving, ends it and every effect that depends on it.
    """

    __repr__ = value_repr

    kind = "concentration"

    of: str | None = attrs.field(default=None, validator=_id)
    """The concentrating combatant; ``None``: the creator."""

    @property
    def unit(self) -> str | None:
        """Always ``None``."""
        return None

    @property
    def anchor(self) -> str | None:
        """The concentrating combatant."""
        return self.of

    @property
    def concentration_of(self) -> str | None:
        """The concentrating combatant, once bound (adding the effect starts it)."""
        return self.of

    def bind(self, state: EncounterView, source: str, target: str) -> Concentration:
        """Resolve the concentrating combatant."""
        if self.of is None:
            return Concentration(source)
        of = self.of
        _read_as("of", of, lambda: state.is_concentrating(of))  # an id in it?
        return Concentration(of)

    def is_over(self, state: EncounterView) -> bool:
        """Over once the combatant no longer concentrates."""
        return not state.is_concentrating(_anchor(self.of))

    def remaining(self, state: EncounterView) -> Remaining:
        """Always ``None``."""
        return None

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """``None``: concentration ends when the concentrating combatant leaves."""
        return None

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "concentration", "of"}``."""
        return {"kind": self.kind, "of": self.of}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Concentration:
        """Load what [`to_json`][rollwerk.encounter.Concentration.to_json] wrote."""
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "of"))
            return cls(_opt_str(data, "of"))


def _concentrating(duration: object) -> str | None:
    """The combatant whose concentration ``duration`` depends on, if any.

    Read from the optional ``concentration_of`` attribute (see
    [`Duration`][rollwerk.encounter.Duration]): a bound
    [`Concentration`][rollwerk.encounter.Concentration] and a
    [`FirstOf`][rollwerk.encounter.FirstOf] holding one have it.
    """
    who = getattr(duration, "concentration_of", None)
    return who if isinstance(who, str) else None


@attrs.frozen(init=False)
class FirstOf(Worded):
    """Ends when the first of its parts ends: "10 rounds or concentration".

    A D&D-style "concentration, up to 1 minute" is
    ``FirstOf(Rounds(10), Concentration())``; PF2e's "sustained, up to 1
    minute" ``FirstOf(Rounds(10), UntilEvent("not sustained"))``. Each part
    is bound as it would be alone (its own default anchor); adding the
    effect starts the concentration of a `Concentration` part. A
    `FirstOf` written inside another is flattened into it.

    The parts that follow a combatant's clock must follow the same one
    (binding refuses ``Rounds(3)`` of the creator with
    ``UntilEndOfNextTurns()`` of another target): when that combatant
    leaves, every such part moves to the effect's target, and the whole
    ends if one of them ends (as concentration does).

    [`remaining`][rollwerk.encounter.FirstOf.remaining] is measured in the
    unit of the first part that has one, as the least that such parts have
    left; the other parts may end it sooner.

    >>> FirstOf(Rounds(10), Concentration()).describe()
    '10 rounds or while its creator concentrates, whichever ends first'

    It holds at most [`MAX_PARTS`][rollwerk.encounter.FirstOf.MAX_PARTS]
    parts (64, counted once flattened): a game's "first of" has a handful.

    Raises:
        ParameterError: Fewer than two parts, or a part that is not a
            [`Duration`][rollwerk.encounter.Duration].
        LimitExceeded: More than ``MAX_PARTS`` parts.
    """

    __repr__ = value_repr

    kind = "first_of"

    MAX_PARTS: ClassVar[int] = 64
    """The most parts a ``FirstOf`` holds (its constructor and ``from_json`` refuse more)."""

    parts: tuple[Duration, ...]
    """The durations, in the order written (at least two)."""

    def __init__(self, *parts: Duration) -> None:
        """The duration that ends when the first of ``parts`` ends."""
        most = self.MAX_PARTS
        if len(parts) > most:  # before any part is looked at
            raise LimitExceeded("parts of FirstOf", len(parts), most)
        flat: list[Duration] = []
        for part in parts:
            if not is_duration(part):
                raise ParameterError(
                    "part of FirstOf", part, "a rollwerk Duration (Rounds(1), …)"
                )
            flat.extend(part.parts if isinstance(part, FirstOf) else (part,))
        if len(flat) < 2:
            raise ParameterError("parts of FirstOf", parts, "at least two durations")
        if len(flat) > most:  # a FirstOf among the parts adds its own
            raise LimitExceeded("parts of FirstOf", len(flat), most)
        object.__setattr__(self, "parts", tuple(flat))

    @property
    def unit(self) -> str | None:
        """The unit of the first part that has one, or ``None``."""
        for part in self.parts:
            if part.unit is not None:
                return part.unit
        return None

    @property
    def anchor(self) -> str | None:
        """The combatant the parts that follow a clock follow, once bound."""
        for part in self.parts:
            if part.anchor is not None:
                return part.anchor
        return None

    @property
    def concentration_of(self) -> str | None:
        """The combatant whose concentration a part depends on, if any."""
        for part in self.parts:
            who = _concentrating(part)
            if who is not None:
                return who
        return None

    def bind(self, state: EncounterView, source: str, target: str) -> FirstOf:
        """Bind every part; they must follow one combatant.

        Raises:
            ParameterError: Two parts follow different combatants.
        """
        bound = tuple(part.bind(state, source, target) for part in self.parts)
        anchors = sorted({p.anchor for p in bound if p.anchor is not None})
        if len(anchors) > 1:
            raise ParameterError(
                "anchors of the FirstOf parts",
                tuple(anchors),
                "one combatant (parts that follow a clock follow the same one)",
            )
        return FirstOf(*bound)

    def is_over(self, state: EncounterView) -> bool:
        """Over once any part is over."""
        return any(part.is_over(state) for part in self.parts)

    def remaining(self, state: EncounterView) -> Remaining:
        """The least that the parts measured in [`unit`][rollwerk.encounter.FirstOf.unit] have left."""
        unit = self.unit
        if unit is None:
            return None
        left = [p.remaining(state) for p in self.parts if p.unit == unit]
        measured = [x for x in left if x is not None]
        return min(measured) if measured else None

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Move the parts that follow the anchor; ``None`` if one of them ends."""
        return self.rebind_from(state, self.anchor, combatant)

    def follows(self, combatant: str) -> bool:
        """Whether a part follows ``combatant`` (its anchor, or another part's).

        After a leave, a part that keeps an initiative slot (the pf2e
        ``rounds``) may follow another combatant than the other parts.
        """
        return any(part.anchor == combatant for part in self.parts)

    def rebind_from(
        self, state: EncounterView, leaver: str | None, combatant: str
    ) -> Duration | None:
        """``leaver`` leaves: its parts move to ``combatant``; ``None`` if one ends.

        [`Encounter.leave`][rollwerk.encounter.Encounter.leave] calls it
        for every ``FirstOf`` with a part that follows the one who leaves.
        """
        moved: list[Duration] = []
        for part in self.parts:
            if leaver is not None and part.anchor == leaver:
                now = part.rebind(state, combatant)
                if now is None:
                    return None
                moved.append(now)
            else:
                moved.append(part)
        return FirstOf(*moved)

    def anchor_delayed(self, state: EncounterView, combatant: str) -> FirstOf:
        """``combatant`` delays: each part anchored on it that has this hook moves.

        A part that counts a slot in initiative (a plugin's kind, as the
        pf2e ``rounds`` after its creator left) moves as it would alone;
        the other parts follow the combatant's turns and stay as they are.
        """
        return self._asked("anchor_delayed", state, combatant, anchored=True)

    def combatant_joined(self, state: EncounterView, combatant: str) -> FirstOf:
        """``combatant`` joins: each part that has this hook is asked, as alone.

        The pf2e ``rounds`` goes back to its creator's turns when the
        creator joins again (PF2E-R02), inside a ``FirstOf`` too.
        """
        return self._asked("combatant_joined", state, combatant, anchored=False)

    def _asked(
        self, hook: str, state: EncounterView, combatant: str, *, anchored: bool
    ) -> FirstOf:
        """The parts as their ``hook`` gives them; ``self`` if none changes."""
        parts: list[Duration] = []
        for part in self.parts:
            ask = getattr(part, hook, None)
            if ask is None or (anchored and part.anchor != combatant):
                parts.append(part)
            else:
                parts.append(ask(state, combatant))
        if all(new is old for new, old in zip(parts, self.parts, strict=True)):
            return self
        return FirstOf(*parts)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "first_of", "parts": [...]}``, each part as its own JSON."""
        return {"kind": self.kind, "parts": [p.to_json() for p in self.parts]}

    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], kinds: Mapping[str, DurationDecoder] | None = None
    ) -> FirstOf:
        """Load what [`to_json`][rollwerk.encounter.FirstOf.to_json] wrote.

        Each part is loaded by
        [`duration_from_json`][rollwerk.encounter.duration_from_json] with
        ``kinds``; a part may not be a ``first_of`` itself (its parts are
        listed instead, as [`to_json`][rollwerk.encounter.FirstOf.to_json]
        writes them).
        """
        with document(f"{cls.kind} duration"):
            data = obj(data)
            json_kind(data, cls.kind)
            known(data, ("kind", "parts"))
            allowed = "an array of at least two durations"
            json_required(data, "parts", allowed)
            parts = data["parts"]
            if not isinstance(parts, list) or len(parts) < 2:
                raise SchemaError.field("parts", allowed, parts)
            most = cls.MAX_PARTS
            if len(parts) > most:  # refused before any part is read
                raise SchemaError(
                    f"must hold at most {most} durations (FirstOf.MAX_PARTS), "
                    f"got {len(parts)}",
                    path="parts",
                    expected=f"an array of 2 to {most} durations",
                )
            loaded: list[Duration] = []
            for i, part in enumerate(parts):
                with nested(f"parts[{i}]"):
                    if isinstance(part, Mapping) and part.get("kind") == cls.kind:
                        raise SchemaError.field(
                            "kind", "a kind other than 'first_of'", cls.kind
                        )
                    loaded.append(duration_from_json(part, kinds))
            return cls(*loaded)


def one_anchor(parts: tuple[Duration, ...]) -> None:
    """Refuse core parts of a loaded ``first_of`` that follow different combatants.

    Binding refuses them (the parts that follow a clock follow one
    combatant), and when that combatant leaves they all move to the
    effect's target together. A plugin's part may keep an initiative slot
    instead (the pf2e plugin's ``pf2e_rounds``) and follow another
    combatant after a leave, so only the core's kinds are compared.
    """
    first: tuple[int, str] | None = None
    for i, part in enumerate(parts):
        if not isinstance(part, (_Counted, Concentration)) or part.anchor is None:
            continue
        if first is None:
            first = (i, part.anchor)
        elif part.anchor != first[1]:
            raise SchemaError.field(
                f"parts[{i}]",
                f"a part that follows {shown(first[1], 30)}, as parts[{first[0]}] "
                "does (the parts that follow a combatant follow the same one)",
                part.to_json(),
            )


DurationDecoder = Callable[[Mapping[str, Any]], Duration]
"""Builds a duration from its JSON (a mapping with a ``"kind"`` field)."""

DURATION_KINDS: Mapping[str, DurationDecoder] = {
    "instant": Instant.from_json,
    "permanent": Permanent.from_json,
    "until_end_of_encounter": UntilEndOfEncounter.from_json,
    "rounds": Rounds.from_json,
    "until_end_of_next_turns": UntilEndOfNextTurns.from_json,
    "until_end_of_turn": UntilEndOfTurn.from_json,
    "actions": Actions.from_json,
    "game_time": GameTime.from_json,
    "next_checks": NextChecks.from_json,
    "until_event": UntilEvent.from_json,
    "concentration": Concentration.from_json,
    "first_of": FirstOf.from_json,
}
"""The built-in duration kinds by JSON name, with their decoders."""


def checked_kinds(
    kinds: Mapping[str, DurationDecoder] | None,
) -> Mapping[str, DurationDecoder] | None:
    """``kinds`` if it is ``None`` or a mapping of kind names to decoders.

    Raises:
        ParameterError: ``kinds`` is anything else (a list, a mapping whose
            keys are not strings or whose values are not callable).
    """
    if kinds is None:
        return None
    if isinstance(kinds, Mapping) and all(
        isinstance(k, str) and callable(v) for k, v in kinds.items()
    ):
        return kinds
    raise ParameterError(
        "kinds",
        kinds,
        "a mapping of duration kind names (str) to decoders (functions of the "
        "duration's JSON), or None",
    )


def duration_from_json(
    data: Mapping[str, Any], kinds: Mapping[str, DurationDecoder] | None = None
) -> Duration:
    """Load a duration from JSON, choosing the decoder by its ``"kind"``.

    A kind the core does not know is looked up among the installed plugins'
    kinds (the hook ``rollwerk_register_duration_kinds``), so JSON holding a
    plugin's durations loads with no extra argument when the plugin is
    installed; when it is not, the error names the plugin that is missing.

    Args:
        data: What a duration's ``to_json`` wrote.
        kinds: Decoders of further (plugin) kinds, by name; given, they are
            consulted before the built-in
            [`DURATION_KINDS`][rollwerk.encounter.DURATION_KINDS] and the
            installed plugins are not asked.

    Raises:
        SchemaError: The kind is unknown or the data is malformed.

    >>> duration_from_json(Rounds(3).to_json())
    Rounds(n=3, tick_on=None, ends_at=None)
    """
    kinds = checked_kinds(kinds)
    table: Mapping[str, DurationDecoder] = dict(DURATION_KINDS)
    if kinds:
        table = {**table, **kinds}
    if not isinstance(data, Mapping):
        raise SchemaError.field("", "an object", data, document="duration")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in table:
        why = ""
        if kinds is not None:
            names = table
            if isinstance(kind, str):
                why = "; kinds= was given, so only the core's kinds and those are read"
        else:
            names, missing = _plugin_kinds()
            if isinstance(kind, str) and kind in names:
                table = dict(names)
            elif isinstance(kind, str):
                # the kind once: "…, got 'x'; no installed plugin registers it (…)"
                why = "; " + missing(kind).replace(
                    f"the duration kind {shown(kind)}", "it", 1
                )
        if not isinstance(kind, str) or kind not in table:
            allowed = f"one of {', '.join(sorted(names))}"
            if "kind" not in data:
                raise SchemaError.missing("kind", allowed, document="duration")
            raise SchemaError(
                f"must be {allowed}, got {shown(kind)}{why}",
                path="kind",
                expected=allowed,
                document="duration",
            )
    decoder = table[kind]
    if kind == FirstOf.kind:  # a core kind: its parts are read with ``kinds``
        decoder = functools.partial(FirstOf.from_json, kinds=kinds)
    with document(f"{kind} duration"):
        try:
            duration = decoder(data)
        except (RollwerkError, KeyboardInterrupt):
            raise
        except Exception as exc:  # a plugin's decoder may raise anything
            raise SchemaError(
                f"the decoder of kind {kind!r} raised {shown(exc)}"
            ) from exc
        if not is_duration(duration):
            raise SchemaError(
                f"the decoder of kind {kind!r} returned {shown(duration)}, not a Duration"
            )
        return duration


def _plugin_kinds() -> tuple[Mapping[str, DurationDecoder], Callable[[str], str]]:
    """The installed plugins' duration kinds, and the message for a missing one.

    The one call from the encounter layer up to the plugin host
    ([`rollwerk.plugins`][rollwerk.plugins]) is bound late, by name, when a
    document holds a kind the core does not know: the encounter never imports
    the plugin host, so the layers and the import graph stay one-way.
    """
    host = importlib.import_module("rollwerk.plugins")
    kinds: Mapping[str, DurationDecoder] = host.installed_duration_kinds()
    missing: Callable[[str], str] = host.missing_duration_kind
    return kinds, missing
