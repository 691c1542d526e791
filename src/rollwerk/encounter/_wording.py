"""Words for durations: what a duration is and what remains of it, from the catalogs.

Every core duration kind inherits [`Worded`][rollwerk.encounter._wording.Worded],
which gives it ``text``/``describe`` ("1 round", "until the end of Kyra's
next turn", "10 minutes") and ``remaining_text``/``describe_remaining``
("2 rounds left, ends at the start of Valeros' turn in round 4"). The texts
come from [`CORE`][rollwerk.i18n.CORE]; the kinds' wording is kept here,
apart from their clock logic.

A plugin's kind writes its own ``describe``/``describe_remaining`` (see
[`DescribedDuration`][rollwerk.encounter.DescribedDuration]); for a kind
that has none, [`describe_duration`][rollwerk.encounter.describe_duration]
and [`describe_remaining`][rollwerk.encounter.describe_remaining] fall back
to its kind and what remains in its unit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from rollwerk.encounter._protocol import checked_duration
from rollwerk.encounter._view import EncounterView
from rollwerk.errors import ParameterError
from rollwerk.i18n import CORE, Catalog, Field, Text, genitive, quantity, time_span
from rollwerk.i18n._catalog import one_catalog, preferred

__all__ = [
    "DescribedDuration",
    "Worded",
    "describe_duration",
    "describe_remaining",
    "names_of",
    "round_of_turn",
    "signal_message",
]

Names = Mapping[str, str] | None


@runtime_checkable
class DescribedDuration(Protocol):
    """A duration that says in words what it is and what remains of it.

    Every core kind has these two methods, and a plugin's kind should have
    them too (the Pathfinder plugin's ``Pf2eRounds`` does, from its own
    catalog). They are not part of the runtime
    [`Duration`][rollwerk.encounter.Duration] protocol, so that kinds
    written before them keep working:
    [`describe_duration`][rollwerk.encounter.describe_duration] and
    [`describe_remaining`][rollwerk.encounter.describe_remaining] call them
    when they exist and fall back to the kind's name and what remains.
    ``isinstance(duration, DescribedDuration)`` tells whether a duration has
    them (and narrows it for a type checker).
    """

    def describe(
        self, lang: str = "en", catalogs: Catalog | None = None, *, names: Names = None
    ) -> str:
        """The duration as written or bound: ``"1 round"``, ``"10 Minuten"``.

        Args:
            lang: A language the catalogs know (``"en"``, ``"de"``…).
            catalogs: Further catalogs, searched first.
            names: Display names by combatant id (default: the ids).
        """
        ...

    def describe_remaining(
        self,
        state: EncounterView,
        lang: str = "en",
        catalogs: Catalog | None = None,
        *,
        names: Names = None,
    ) -> str:
        """What remains in ``state``: ``"2 rounds left, ends at the start of …"``.

        Args:
            state: The encounter (the effect's duration must be bound in it).
            lang: A language the catalogs know.
            catalogs: Further catalogs, searched first.
            names: Display names by combatant id (default: the names of
                ``state``'s combatants when it has them, else the ids).
        """
        ...


def checked_names(names: object) -> Names:
    """``names`` if it is ``None`` or a mapping of ids to display names.

    Raises:
        ParameterError: ``names`` is anything else (a list of names, a
            mapping whose keys or values are not strings).
    """
    if names is None:
        return None
    if isinstance(names, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in names.items()
    ):
        return names
    raise ParameterError(
        "names",
        names,
        "a mapping of combatant ids to display names (str to str), or None",
    )


def checked_state(state: object) -> EncounterView:
    """``state`` if it can be read as an encounter state (it has ``turns_started``).

    Raises:
        ParameterError: ``state`` is anything else (a number, ``None``).
    """
    if not callable(getattr(state, "turns_started", None)):
        raise ParameterError("state", state, "an encounter state (an Encounter)")
    return state  # type: ignore[return-value]


def names_of(state: object) -> dict[str, str]:
    """Display names by id of a state's combatants, and of those who left.

    ``{}`` for a bare view.
    """
    names = {str(c.id): str(c.name) for c in getattr(state, "departed", ())}
    names.update({str(c.id): str(c.name) for c in getattr(state, "combatants", ())})
    return names


def _name(cid: str, names: Names) -> str:
    return cid if names is None else names.get(cid, cid)


def _whose(cid: str, names: Names) -> Text:
    return genitive(_name(cid, names))


def round_of_turn(state: EncounterView, combatant: str, turn: int) -> int | None:
    """The round in which ``combatant``'s turn number ``turn`` falls.

    Counts from the combatant's next (or current) turn, one turn per round,
    as the initiative order stands: a later delay or an ended encounter can
    change it. ``None`` when the combatant is not in the order or the turn
    has already begun.

    >>> from rollwerk.encounter import Encounter
    >>> enc = Encounter.create(["Kyra", "Valeros"]).advance().state   # round 1, Kyra
    >>> round_of_turn(enc, "Kyra", 1), round_of_turn(enc, "Valeros", 1)
    (1, 1)
    >>> round_of_turn(enc, "Kyra", 4)
    4
    """
    checked_state(state)
    if not isinstance(combatant, str):
        raise ParameterError("combatant", combatant, "a combatant id (a string)")
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise ParameterError("turn", turn, "an integer")
    if combatant not in state.order:
        return None
    started = state.turns_started(combatant)
    if state.current == combatant:
        base_turn, base_round = started, state.round
    else:
        upcoming = state.round >= 1 and combatant not in state.done
        base_turn, base_round = (
            started + 1,
            state.round if upcoming else state.round + 1,
        )
    if turn < base_turn:
        return None
    return base_round + (turn - base_turn)


# ------------------------------------------------------------- as written


def _instant(d: Any, names: Names) -> Text:
    return CORE.text("duration.instant")


def _permanent(d: Any, names: Names) -> Text:
    return CORE.text("duration.permanent")


def _end_of_encounter(d: Any, names: Names) -> Text:
    return CORE.text("duration.until_end_of_encounter")


def _rounds(d: Any, names: Names) -> Text:
    amount = quantity("round", d.n)
    if d.tick_on is None:
        return amount
    return CORE.text(
        "duration.rounds.on", rounds=amount, whose=_whose(d.tick_on, names)
    )


def _next_turns(d: Any, names: Names) -> Text:
    one = d.n == 1
    if d.of is None:
        key = "duration.next_turn.target" if one else "duration.next_turns.target"
        return CORE.text(key, n=d.n)
    key = "duration.next_turn" if one else "duration.next_turns"
    return CORE.text(key, whose=_whose(d.of, names), n=d.n)


def _end_of_turn(d: Any, names: Names) -> Text:
    if d.of is None:
        return CORE.text("duration.end_of_turn.current")
    return CORE.text("duration.end_of_turn", whose=_whose(d.of, names))


def _actions(d: Any, names: Names) -> Text:
    amount = quantity("action", d.n)
    if d.of is None:
        return amount
    return CORE.text("duration.actions.of", actions=amount, who=_name(d.of, names))


def _next_checks(d: Any, names: Names) -> Text:
    one = d.n == 1
    if d.of is None:
        key = "duration.next_check.target" if one else "duration.next_checks.target"
        return CORE.text(key, n=d.n)
    key = "duration.next_check" if one else "duration.next_checks"
    return CORE.text(key, whose=_whose(d.of, names), n=d.n)


def _game_time(d: Any, names: Names) -> Text:
    return time_span(d.seconds)


def signal_message(event: str, *, log: bool = False) -> str:
    """The message id of an event's words: ``signal.<event>``, or ``<ns>.signal.<name>``.

    An event named ``<ns>:<name>`` (a plugin's, ``pf2e:encounter-end``) is
    worded under its plugin's prefix, as the plugin's other messages are.
    That message is a clause that follows "until" / "bis"; with ``log``,
    the id of the main clause the log line of a signal prefers
    (``signalled.<event>``: "das Feuer ist gelöscht" where the clause is
    "das Feuer gelöscht ist").

    >>> signal_message("scene-end"), signal_message("pf2e:encounter-end")
    ('signal.scene-end', 'pf2e.signal.encounter-end')
    >>> signal_message("fire-out", log=True)
    'signalled.fire-out'
    """
    if not isinstance(event, str):
        raise ParameterError("event", event, "an event name (a string)")
    kind = "signalled" if log else "signal"
    ns, colon, name = event.partition(":")
    if colon and ns and name:
        return f"{ns}.{kind}.{name}"
    return f"{kind}.{event}"


def event_words(
    event: str, worded: str, raw: str, *, log: bool = False, **fields: Field
) -> Text:
    """``worded`` with the event's words where a catalog has them, else ``raw``.

    The words are the message [`signal_message(event)`][rollwerk.encounter.signal_message]
    ("the scene ends"), looked up in the catalogs of each rendering; with
    ``log``, its main clause ``signal_message(event, log=True)`` is
    preferred. Without a catalog that has either, ``raw`` shows the event's
    name.
    """
    words = preferred(
        CORE.text(worded, event=Text(signal_message(event), {}, CORE), **fields),
        CORE.text(raw, event=event, **fields),
    )
    if not log:
        return words
    main = Text(signal_message(event, log=True), {}, CORE)
    return preferred(CORE.text(worded, event=main, **fields), words)


def _until_event(d: Any, names: Names) -> Text:
    return event_words(d.event, "duration.until_event.worded", "duration.until_event")


def _until_condition(d: Any, names: Names) -> Text:
    if not d.description:
        return CORE.text("duration.until_condition.unnamed")
    return CORE.text("duration.until_condition", condition=d.description)


def _concentration(d: Any, names: Names) -> Text:
    if d.of is None:
        return CORE.text("duration.concentration.creator")
    return CORE.text("duration.concentration", who=_name(d.of, names))


def _part_text(d: object, names: Names) -> Text:
    """A part's words: its own text, or what ``describe`` gives in English and German."""
    if isinstance(d, Worded):
        return d.text(names)
    return Text.fixed(
        en=describe_duration(d, "en", names=names),
        de=describe_duration(d, "de", names=names),
    )


def _either(texts: list[Text]) -> Text:
    """``a, b or c`` (``duration.either``, ``duration.list``).

    The last two are joined by ``duration.either``; the others are joined
    to them by ``duration.list``, pairwise, level by level, so that the
    text nests only about log2(len(texts)) deep, however many parts there
    are (rendering a field renders its text: one level per nesting).
    """
    if len(texts) == 1:
        return texts[0]
    level = [*texts[:-2], CORE.text("duration.either", a=texts[-2], b=texts[-1])]
    while len(level) > 1:
        paired = [
            CORE.text("duration.list", a=level[i], b=level[i + 1])
            for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


def _first_of(d: Any, names: Names) -> Text:
    parts = _either([_part_text(p, names) for p in d.parts])
    return CORE.text("duration.first_of", parts=parts)


_TEXTS: dict[str, Callable[[Any, Names], Text]] = {
    "instant": _instant,
    "permanent": _permanent,
    "until_end_of_encounter": _end_of_encounter,
    "rounds": _rounds,
    "until_end_of_next_turns": _next_turns,
    "until_end_of_turn": _end_of_turn,
    "actions": _actions,
    "next_checks": _next_checks,
    "game_time": _game_time,
    "until_event": _until_event,
    "until_condition": _until_condition,
    "concentration": _concentration,
    "first_of": _first_of,
}


# ----------------------------------------------------------- what remains


def left(amount: Text) -> Text:
    """``{amount} left`` / ``noch {amount}`` (``remaining.left``)."""
    return CORE.text("remaining.left", amount=amount)


def _ends(
    state: EncounterView, d: Any, *, who: str, turn: int, at: str, names: Names
) -> Text:
    unit = "round" if d.kind == "rounds" else "turn"
    remaining = d.remaining(state)
    if remaining == 0:
        return CORE.text("remaining.over")
    amount = left(quantity(unit, remaining))
    when = round_of_turn(state, who, turn)
    if when is None:
        return amount
    return CORE.text(
        f"remaining.ends_at_{at}", left=amount, whose=_whose(who, names), round=when
    )


def _rounds_left(d: Any, state: EncounterView, names: Names) -> Text:
    return _ends(state, d, who=d.tick_on, turn=d.ends_at, at="start", names=names)


def _turns_left(d: Any, state: EncounterView, names: Names) -> Text:
    return _ends(state, d, who=d.of, turn=d.ends_at, at="end", names=names)


def _counted_left(unit: str) -> Callable[[Any, EncounterView, Names], Text]:
    def text(d: Any, state: EncounterView, names: Names) -> Text:
        remaining = d.remaining(state)
        if remaining == 0:
            return CORE.text("remaining.over")
        return left(quantity(unit, remaining))

    return text


def _time_left(d: Any, state: EncounterView, names: Names) -> Text:
    remaining = d.remaining(state)
    if remaining == 0:
        return CORE.text("remaining.over")
    return left(time_span(remaining))


def _part_left(d: object, state: EncounterView, names: Names) -> Text:
    if isinstance(d, Worded):
        return d.remaining_text(state, names)
    return Text.fixed(
        en=describe_remaining(d, state, "en", names=names),
        de=describe_remaining(d, state, "de", names=names),
    )


def _first_of_left(d: Any, state: EncounterView, names: Names) -> Text:
    # "… or while A concentrates" would read as if the effect ended then:
    # a concentration part says when it ends, as the other parts do
    parts = [
        _stops_concentrating(p, names)
        if getattr(p, "kind", None) == "concentration"
        else _part_left(p, state, names)
        for p in d.parts
    ]
    return CORE.text("duration.first_of", parts=_either(parts))


def _stops_concentrating(d: Any, names: Names) -> Text:
    if d.of is None:
        return CORE.text("remaining.concentration.creator")
    return CORE.text("remaining.concentration", who=_name(d.of, names))


_LEFT: dict[str, Callable[[Any, EncounterView, Names], Text]] = {
    "rounds": _rounds_left,
    "until_end_of_next_turns": _turns_left,
    "until_end_of_turn": _turns_left,
    "actions": _counted_left("action"),
    "next_checks": _counted_left("check"),
    "game_time": _time_left,
    "first_of": _first_of_left,
}


class Worded:
    """What every core duration kind says about itself (a mixin).

    [`text`][rollwerk.encounter._wording.Worded.text] and
    [`remaining_text`][rollwerk.encounter._wording.Worded.remaining_text]
    give [`Text`][rollwerk.i18n.Text]s to compose;
    [`describe`][rollwerk.encounter._wording.Worded.describe] and
    [`describe_remaining`][rollwerk.encounter._wording.Worded.describe_remaining]
    render them.
    """

    __slots__ = ()

    kind: str

    def text(self, names: Names = None) -> Text:
        """The duration as written or bound, as a text.

        A subclass with a kind of its own and no words of its own reads as
        any kind without words does (``a toy_scene duration``).
        """
        make = _TEXTS.get(self.kind)
        if make is None:
            return CORE.text("duration.other", kind=str(self.kind))
        return make(self, names)

    def remaining_text(self, state: EncounterView, names: Names = None) -> Text:
        """What remains in ``state`` as a text; unmeasured kinds say what they are.

        Raises:
            ParameterError: ``state`` is not an encounter state.
        """
        checked_state(state)
        if names is None:
            names = names_of(state)
        if self.kind in _LEFT:
            return _LEFT[self.kind](self, state, names)
        return self.text(names)

    def describe(
        self,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        names: Names = None,
    ) -> str:
        """The duration in words: ``"1 round"``, ``"bis zum Ende von Kyras nächstem Zug"``.

        An unbound duration names whose turns count as the rules do ("the
        target's next turn"); a bound one names the combatant, by its
        display name in ``names`` (default: its id).

        Args:
            lang: A language the catalogs know (``"en"``, ``"de"``…).
            catalogs: A further catalog or an iterable of them, searched
                first, in order.
            names: Display names by combatant id.

        Raises:
            ParameterError: No catalog knows ``lang``, or ``catalogs`` is
                not a catalog, an iterable of catalogs or ``None``.
        """
        return self.text(checked_names(names))(lang, catalogs)

    def describe_remaining(
        self,
        state: EncounterView,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        names: Names = None,
    ) -> str:
        """What remains of the bound duration in ``state``, in words.

        ``"2 rounds left, ends at the start of Valeros' turn in round 4"``,
        ``"noch 9 Minuten und 54 Sekunden"``; kinds that are not measured
        say what they are (``"permanent"``, ``"while Kyra concentrates"``).
        Names default to those of ``state``'s combatants; ``catalogs`` is
        a further catalog or an iterable of them, searched first, in order.

        Raises:
            RulesError: The duration is not bound.
            ParameterError: ``state`` is not an encounter state, no catalog
                knows ``lang``, or ``catalogs`` is not a catalog, an
                iterable of catalogs or ``None``.
        """
        return self.remaining_text(state, checked_names(names))(lang, catalogs)


# --------------------------------------------------- any duration, any kind


def describe_duration(
    duration: object,
    lang: str = "en",
    catalogs: Catalog | Iterable[Catalog] | None = None,
    *,
    names: Names = None,
) -> str:
    """Any duration in words, a plugin's too.

    Calls the duration's own ``describe`` when it has one (every core kind
    does, see [`DescribedDuration`][rollwerk.encounter.DescribedDuration]);
    for a kind without words, its ``kind`` is shown. ``catalogs`` is a
    further catalog or an iterable of them, searched first, in order (the
    duration's own ``describe`` is given them as one catalog).

    >>> from rollwerk.encounter import GameTime
    >>> describe_duration(GameTime.minutes(10), "de")
    '10 Minuten'

    Raises:
        ParameterError: ``duration`` is not a duration value, no catalog
            knows ``lang``, or ``catalogs`` is not a catalog, an iterable of
            catalogs or ``None``.
    """
    checked_duration(duration)
    catalogs = one_catalog(catalogs)
    names = checked_names(names)
    own = getattr(duration, "describe", None)
    if callable(own):
        return str(own(lang, catalogs, names=names))
    return CORE.text("duration.other", kind=str(getattr(duration, "kind", "?")))(
        lang, catalogs
    )


def describe_remaining(
    duration: object,
    state: EncounterView,
    lang: str = "en",
    catalogs: Catalog | Iterable[Catalog] | None = None,
    *,
    names: Names = None,
) -> str:
    """What remains of any bound duration in ``state``, in words.

    Calls the duration's own ``describe_remaining`` when it has one; for a
    kind without words, what remains is written in its unit (``"2 rounds
    left"``), or its ``kind`` when it is not measured. ``catalogs`` is a
    further catalog or an iterable of them, as for
    [`describe_duration`][rollwerk.encounter.describe_duration].

    Raises:
        ParameterError: ``duration`` is not a duration value, ``state`` is
            not an encounter state, no catalog knows ``lang``, or
            ``catalogs`` is not a catalog, an iterable of catalogs or
            ``None``.
    """
    checked_duration(duration)
    checked_state(state)
    catalogs = one_catalog(catalogs)
    if checked_names(names) is None:
        names = names_of(state)
    own = getattr(duration, "describe_remaining", None)
    if callable(own):
        return str(own(state, lang, catalogs, names=names))
    remaining = getattr(duration, "remaining", None)
    value = remaining(state) if callable(remaining) else None
    unit = getattr(duration, "unit", None)
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool) and unit:
        if value == 0:
            text = CORE.text("remaining.over")
        else:
            text = left(
                time_span(value) if unit == "seconds" else quantity(unit, value)
            )
        return text(lang, catalogs)
    return describe_duration(duration, lang, catalogs, names=names)
