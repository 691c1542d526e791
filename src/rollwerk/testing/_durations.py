"""Contract properties of durations and encounters, for the contract kit.

The properties (ARCHITECTURE: "durations never revive after expiry, and an
encounter advanced N turns and rewound is equal to the original"):

- an expired (or removed) effect never comes back, except by an explicit
  ``add_effect``;
- ticks and expirations happen exactly at the declared boundary (a
  ``Rounds`` duration only right after its anchor's ``TurnStarted``, an
  ``UntilEndOfNextTurns`` or ``UntilEndOfTurn`` only right after its anchor's
  ``TurnEnded``, …);
- what remains never grows, except by an explicit ``refresh_effect``;
- every state round-trips through JSON, and rewinding restores it exactly.

>>> from rollwerk import Encounter, Rounds
>>> from rollwerk.testing import assert_encounter_contract
>>> enc, _ = Encounter.create(["A", "B"]).add_effect(
...     "Bless", source="A", target="B", duration=Rounds(2))
>>> assert_encounter_contract(enc, turns=6)
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from rollwerk.encounter import (
    ActionSpent,
    CheckRecorded,
    ConcentrationEnded,
    EffectAdded,
    EffectChanged,
    EffectExpired,
    EffectRefreshed,
    EffectRemoved,
    EffectTicked,
    Encounter,
    Event,
    RoundStarted,
    Signalled,
    Step,
    Timeline,
    TimePassed,
    TurnEnded,
    TurnStarted,
)
from rollwerk.encounter._durations import (
    DURATION_KINDS,
    Actions,
    Concentration,
    Duration,
    DurationDecoder,
    FirstOf,
    GameTime,
    Instant,
    NextChecks,
    Permanent,
    Rounds,
    UntilEndOfEncounter,
    UntilEndOfNextTurns,
    UntilEndOfTurn,
    UntilEvent,
)
from rollwerk.errors import ParameterError, SchemaError
from rollwerk.rng import SeededRng
from rollwerk.rulesets import Ruleset
from rollwerk.testing._base import ContractViolation, settable

__all__ = [
    "DURATION_PROPERTIES",
    "assert_encounter_contract",
    "assert_json_round_trip",
    "assert_ruleset_durations",
    "assert_step_contract",
    "assert_timeline_contract",
    "durations",
]

DURATION_PROPERTIES = (
    "expired effects never come back while advancing",
    "ticks and expirations happen exactly at the declared boundary",
    "what remains never grows except by an explicit refresh",
    "encounters round-trip through JSON",
    "an encounter advanced N turns and rewound equals the original",
    "an effect in force has something left: a count that reaches 0 is over",
)
"""What [`assert_encounter_contract`][rollwerk.testing.assert_encounter_contract] checks."""

_EFFECT_EVENTS = (
    EffectExpired,
    EffectTicked,
    EffectChanged,
    EffectRemoved,
    EffectRefreshed,
)


def durations(
    *,
    combatants: Sequence[str] = (),
    max_count: int = 5,
    max_seconds: int = 60,
) -> st.SearchStrategy[Duration]:
    """Unbound durations of every serializable built-in kind, `FirstOf` too.

    Args:
        combatants: Ids that anchors may name; with none, anchors default to
            the effect's creator or target.
        max_count: The largest n of counted kinds.
        max_seconds: The largest span of ``GameTime``.
    """
    counts = st.integers(min_value=1, max_value=max_count)
    anchors: st.SearchStrategy[str | None] = (
        (st.none() | st.sampled_from(list(combatants))) if combatants else st.none()
    )
    free = st.one_of(  # the kinds that follow no combatant
        st.just(Instant()),
        st.just(Permanent()),
        st.just(UntilEndOfEncounter()),
        st.builds(GameTime, st.integers(min_value=1, max_value=max_seconds)),
        st.builds(UntilEvent, st.sampled_from(["scene-end", "ping"])),
    )
    anchored = st.one_of(
        st.builds(Rounds, counts, anchors),
        st.builds(UntilEndOfNextTurns, counts, anchors),
        st.builds(UntilEndOfTurn, anchors),
        st.builds(Actions, counts, anchors),
        st.builds(NextChecks, counts, anchors),
        st.builds(Concentration, anchors),
    )
    # a FirstOf with at most one part that follows a combatant, so that
    # binding never meets two anchors
    first_of = st.builds(FirstOf, anchored | free, free)
    return st.one_of(free, anchored, first_of)


def _fail(prop: str, detail: str) -> ContractViolation:
    return ContractViolation(f"duration contract: {prop}: {detail}")


def _allowed_trigger(duration: Duration, trigger: Event | None, effect_id: str) -> bool:
    kind = duration.kind
    anchor = duration.anchor
    if kind == "rounds":
        return isinstance(trigger, TurnStarted) and trigger.combatant == anchor
    if kind in {"until_end_of_next_turns", "until_end_of_turn"}:
        return isinstance(trigger, TurnEnded) and trigger.combatant == anchor
    if kind == "actions":
        return (
            isinstance(trigger, (TurnEnded, ActionSpent))
            and trigger.combatant == anchor
        )
    if kind == "next_checks":
        return isinstance(trigger, CheckRecorded) and trigger.combatant == anchor
    if kind == "game_time":
        return isinstance(trigger, (RoundStarted, TimePassed))
    if kind == "concentration":
        return isinstance(trigger, ConcentrationEnded) and trigger.combatant == anchor
    if kind == "until_event":
        return isinstance(trigger, Signalled) and trigger.event == getattr(
            duration, "event", None
        )
    if kind == "instant":
        return isinstance(trigger, EffectAdded) and trigger.effect.id == effect_id
    if isinstance(duration, FirstOf):
        return any(_allowed_trigger(p, trigger, effect_id) for p in duration.parts)
    return True  # plugin kinds and predicates: no declared boundary to check


def _given(name: str, value: object, kind: type, allowed: str) -> None:
    """Refuse an argument of the wrong type before any property is checked.

    Raises:
        ParameterError: ``value`` is not a ``kind``.
    """
    if not isinstance(value, kind):
        raise ParameterError(name, value, allowed)


def assert_step_contract(before: Encounter, step: Step) -> None:
    """Check one operation: no revival, boundaries, what remains.

    Args:
        before: The state the operation was applied to.
        step: What it returned.

    Raises:
        ContractViolation: A property does not hold.
        ParameterError: ``before`` is not an `Encounter`, or ``step`` not
            a `Step` (or a pair of the next state and its events).
    """
    _given("before", before, Encounter, "an Encounter")
    if not (
        isinstance(step, tuple)
        and len(step) == 2
        and isinstance(step[0], Encounter)
        and isinstance(step[1], tuple)
    ):
        raise ParameterError(
            "step", step, "a Step (the next Encounter and its events), as returned"
        )
    after, events = step
    added = {e.effect.id for e in events if isinstance(e, EffectAdded)}
    refreshed = {e.effect.id for e in events if isinstance(e, EffectRefreshed)}
    had = {e.id for e in before.effects}
    for effect in after.effects:
        if effect.id not in had and effect.id not in added:
            raise _fail(
                DURATION_PROPERTIES[0], f"{effect.id} appeared without EffectAdded"
            )
    trigger: Event | None = None
    for event in events:
        if not isinstance(event, _EFFECT_EVENTS):
            trigger = event
            continue
        if isinstance(event, (EffectExpired, EffectTicked)):
            eff = event.effect
            if not _allowed_trigger(eff.duration, trigger, eff.id):
                raise _fail(
                    DURATION_PROPERTIES[1],
                    f"{type(event).__name__} of {eff.id} ({eff.duration!r}) after {trigger!r}",
                )
    for effect in after.effects:
        left = effect.duration.remaining(after)
        if left is not None and left == 0:
            raise _fail(
                DURATION_PROPERTIES[5],
                f"{effect.id} ({effect.duration!r}) is still in force with 0 "
                f"{effect.duration.unit} remaining (is_over must be true once "
                "nothing remains)",
            )
    old = {e.id: e for e in before.effects}
    for effect in after.effects:
        prev = old.get(effect.id)
        if prev is None or effect.id in refreshed:
            continue
        if prev.duration.unit != effect.duration.unit:
            continue
        was = prev.duration.remaining(before)
        now = effect.duration.remaining(after)
        if was is not None and now is not None and now > was:
            raise _fail(
                DURATION_PROPERTIES[2],
                f"{effect.id} went from {was} to {now} remaining",
            )


def assert_json_round_trip(
    encounter: Encounter, kinds: Mapping[str, DurationDecoder] | None = None
) -> None:
    """Check that ``encounter`` survives ``json.dumps`` and ``from_json`` unchanged.

    The message of a loaded state that differs names the first place it
    differs: in the JSON documents of the state and of the loaded state
    (``effects[0].duration.n: 3 != 2``), or, where those are equal (a
    field ``to_json`` drops, or ``from_json`` ignores), in the two states'
    attributes.

    Raises:
        ContractViolation: The state does not write JSON, its JSON does not
            load, or the loaded encounter differs.
        ParameterError: ``encounter`` is not an `Encounter`.
    """
    _given("encounter", encounter, Encounter, "an Encounter")
    where = f"round {encounter.round}"
    try:
        written = encounter.to_json()
        data: Any = json.loads(json.dumps(written))
    except Exception as exc:
        raise _fail(
            DURATION_PROPERTIES[3],
            f"{where}: writing the state's JSON raised {type(exc).__name__}: {exc}",
        ) from exc
    try:
        loaded = Encounter.from_json(data, kinds=kinds)
    except Exception as exc:
        raise _fail(
            DURATION_PROPERTIES[3],
            f"{where}: loading the state's JSON raised {type(exc).__name__}: {exc}",
        ) from exc
    if loaded != encounter:
        raise _fail(
            DURATION_PROPERTIES[3],
            f"{where}: loaded state differs{_difference(encounter, loaded, data)}",
        )


_ABSENT: Any = type("_Absent", (), {"__repr__": lambda self: "absent"})()
"""Stands for a key or item one side lacks, in a difference."""
_SHOWN = 80
"""The most characters of a value shown in a difference."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _difference(encounter: Encounter, loaded: Encounter, data: Any) -> str:
    """Where ``loaded`` differs from ``encounter``, as `` at PATH: A != B (…)``."""
    try:
        found = _first_json_difference(data, loaded.to_json(), "")
        how = "in to_json() of the state and of the loaded state"
        if found is None:
            found = _first_value_difference(encounter, loaded, "")
            how = "both write the same JSON: to_json() or from_json() loses it"
    except Exception:  # noqa: BLE001 - the bare message is still true
        return ""
    if found is None:
        return ""
    path, a, b = found
    return f" at {path or 'the top'}: {_shown(a)} != {_shown(b)} ({how})"


def _pairs(a: Any, b: Any) -> Iterator[tuple[str, Any, Any]] | None:
    """The parts of two containers side by side: ``(step, a's, b's)``, or None."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        keys = list(a) + [k for k in b if k not in a]
        return (
            (
                f".{k}" if isinstance(k, str) and k.isidentifier() else f"[{k!r}]",
                a.get(k, _ABSENT),
                b.get(k, _ABSENT),
            )
            for k in keys
        )
    sequences = (list, tuple)
    if isinstance(a, sequences) and isinstance(b, sequences):
        return (
            (f"[{i}]", x, y)
            for i, (x, y) in enumerate(itertools.zip_longest(a, b, fillvalue=_ABSENT))
        )
    return None


def _first_json_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first path where two JSON documents differ, with both values."""
    pairs = _pairs(a, b)
    if pairs is None:
        same = a == b and type(a) is type(b)
        return None if same else (path.lstrip("."), a, b)
    for step, x, y in pairs:
        found = _first_json_difference(x, y, path + step)
        if found is not None:
            return found
    return None


def _first_value_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first attribute path where two values differ (attrs classes, containers)."""
    if a == b:
        return None
    if type(a) is type(b) and attrs.has(type(a)):
        for field in attrs.fields(type(a)):
            if not field.eq:
                continue
            x, y = getattr(a, field.name), getattr(b, field.name)
            found = _first_value_difference(x, y, f"{path}.{field.name}")
            if found is not None:
                return found
        return (path.lstrip("."), a, b)
    pairs = _pairs(a, b)
    if pairs is None:
        return (path.lstrip("."), a, b)
    for step, x, y in pairs:
        found = _first_value_difference(x, y, path + step)
        if found is not None:
            return found
    return (path.lstrip("."), a, b)


def assert_timeline_contract(
    timeline: Timeline, kinds: Mapping[str, DurationDecoder] | None = None
) -> None:
    """Check every recorded step of a timeline, and that no gone effect returns.

    Raises:
        ContractViolation: A property does not hold.
        ParameterError: ``timeline`` is not a `Timeline`.
    """
    _given("timeline", timeline, Timeline, "a Timeline")
    gone: set[str] = set()
    for i, events in enumerate(timeline.log):
        before, after = timeline.states[i], timeline.states[i + 1]
        assert_step_contract(before, Step(after, events))
        added = {e.effect.id for e in events if isinstance(e, EffectAdded)}
        back = {e.id for e in after.effects} & (gone - added)
        if back:
            raise _fail(DURATION_PROPERTIES[0], f"{sorted(back)} came back in step {i}")
        gone |= {e.id for e in before.effects} - {e.id for e in after.effects}
    for state in timeline.states:
        assert_json_round_trip(state, kinds)


def assert_encounter_contract(
    encounter: Encounter,
    *,
    turns: int = 12,
    kinds: Mapping[str, DurationDecoder] | None = None,
) -> None:
    """Advance ``encounter`` turn by turn, check every step, then rewind.

    Args:
        encounter: A state with effects (not ended, with combatants).
        turns: How many turns to advance.
        kinds: Decoders of plugin duration kinds, for the JSON round trip.

    Raises:
        ContractViolation: A property does not hold.
        ParameterError: ``encounter`` is not an `Encounter`, or ``turns``
            not an integer from 0 to ``Encounter.MAX_ADVANCE``.
    """
    _given("encounter", encounter, Encounter, "an Encounter")
    for effect in encounter.effects:
        parts = getattr(effect.duration, "parts", None)
        for duration in (effect.duration, *(parts if isinstance(parts, tuple) else ())):
            _check_frozen(duration, f"the duration of {effect.id}")
    most = Encounter.MAX_ADVANCE
    if turns.__class__ is not int or not 0 <= turns <= most:
        raise ParameterError("turns", turns, f"an integer from 0 to {most}")
    timeline = Timeline.start(encounter)
    for _ in range(turns):
        timeline = timeline.do(Encounter.advance)
    assert_timeline_contract(timeline, kinds)
    for back in range(turns + 1):
        if timeline.rewind(back).current != timeline.states[turns - back]:
            raise _fail(DURATION_PROPERTIES[4], f"rewinding {back} steps")
    if timeline.rewind(turns).current != encounter:
        raise _fail(DURATION_PROPERTIES[4], f"advanced {turns} turns and rewound")


def _adder(
    name: str, source: str, target: str, duration: Duration
) -> Callable[[Encounter], Step]:
    def add(state: Encounter) -> Step:
        return state.add_effect(name, source=source, target=target, duration=duration)

    return add


_GUESSES: tuple[object, ...] = (1, 3, "scene-end", "A")
"""The values tried for every required argument of a plugin kind's class
(``"A"``: a combatant of the kit's encounters, for a kind anchored on one)."""


def _attempts(kind: str, decoder: DurationDecoder) -> list[Callable[[], Duration]]:
    """Ways to build a duration of a plugin kind without knowing its arguments.

    ``decoder({"kind": kind})`` (a kind with no required field), and, for
    a decoder that is a classmethod (``Scenes.from_json``), its class
    called with each of `_GUESSES` for every required argument.
    """
    attempts: list[Callable[[], Duration]] = [lambda: decoder({"kind": kind})]
    owner = getattr(decoder, "__self__", None)
    if not isinstance(owner, type):
        return attempts
    try:
        parameters = inspect.signature(owner).parameters.values()
    except (TypeError, ValueError):  # no signature to read
        return attempts
    required = [
        p
        for p in parameters
        if p.default is inspect.Parameter.empty
        and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    for guess in _GUESSES:
        args = [guess for p in required if p.kind is not p.KEYWORD_ONLY]
        keywords = {p.name: guess for p in required if p.kind is p.KEYWORD_ONLY}
        attempts.append(functools.partial(owner, *args, **keywords))
    return attempts


def _samples(ruleset: Ruleset, kinds: Mapping[str, DurationDecoder]) -> list[Duration]:
    """A few durations of each plugin kind in ``kinds`` that bind in an encounter.

    Raises:
        ContractViolation: No duration of some kind could be built and added
            to an encounter of ``ruleset``.
    """
    found: list[Duration] = []
    enc = Encounter.for_ruleset(ruleset, ["A", "B"], rng=SeededRng(0))
    for kind, decoder in sorted(kinds.items()):
        if kind in DURATION_KINDS:
            continue  # the core's kinds are in the scenario already
        _refuses_other_kinds(kind, decoder)
        these: list[Duration] = []
        bound: list[Duration] = []
        for attempt in _attempts(kind, decoder):
            try:
                duration = attempt()
                if duration.kind != kind or duration in these:
                    continue
                step = enc.add_effect(
                    "probe", source="A", target="B", duration=duration
                )
            except Exception:  # noqa: BLE001 - a wrong guess: try the next
                continue
            these.append(duration)
            bound.extend(e.duration for e in step.state.effects)
        for duration in these + bound:
            _check_frozen(duration, f"a duration of kind {kind!r}")
        if not these:
            raise _fail(
                "plugin kinds",
                f"could not build a duration of kind {kind!r} to exercise: its "
                f"decoder refuses {{'kind': {kind!r}}}, and calling the class of "
                "a from_json decoder with 1, 3, 'scene-end' or 'A' for each required "
                "argument gave none that an encounter accepts",
            )
        found.extend(these)
    return found


def _refuses_other_kinds(kind: str, decoder: DurationDecoder) -> None:
    """Refuse a decoder that reads a document of another kind, or of none.

    A decoder that took another kind's JSON would write it back as its own
    (docs/plugins.md, "Decoders"): ``{"kind": "rounds"}`` (a core kind,
    never a plugin's) and a document without ``kind`` must be a
    `SchemaError`.
    """
    for document in ({"kind": "rounds", "n": 1}, {}):
        try:
            read = decoder(document)
        except SchemaError:
            continue
        except Exception as exc:
            raise _fail(
                "plugin kinds",
                f"the decoder of {kind!r} raised {type(exc).__name__} for "
                f"{document!r}; it must refuse another kind (or none) with a "
                "SchemaError naming kind",
            ) from exc
        raise _fail(
            "plugin kinds",
            f"the decoder of {kind!r} read {document!r} as {read!r}; it must "
            "refuse another kind (or none) with a SchemaError naming kind",
        )


_FOLLOW_TURNS = 400
"""The most turns a plugin kind's duration is followed alone (200 rounds of two)."""


def _followed(ruleset: Ruleset, duration: Duration) -> Timeline:
    """``duration`` alone on an encounter of two, from the first turn to its end.

    Advanced until the effect is gone, or `_FOLLOW_TURNS` turns: a count
    of 10 rounds (a minute) reaches its end here, where the scenario's few
    rounds stop before it.
    """
    enc = Encounter.for_ruleset(ruleset, ["A", "B"], rng=SeededRng(0))
    tl = Timeline.start(enc).do(Encounter.advance)
    tl = tl.do(_adder("alone", "A", "B", duration))
    for _ in range(_FOLLOW_TURNS):
        if not tl.current.effects:
            break
        tl = tl.do(Encounter.advance)
    return tl


def _check_frozen(duration: object, what: str) -> None:
    """Refuse a duration one of whose fields can be set."""
    name = settable(duration, _fields(duration))
    if name is not None:
        raise _fail(
            "plugin kinds",
            f"{what} can be changed: setting its {name} succeeded "
            f"({duration!r}); a duration is a frozen value (attrs.frozen, a "
            "frozen dataclass), since states and their undo history share it",
        )


def _fields(value: object) -> list[str]:
    """The fields of ``value`` (attrs, dataclass), else its ``__dict__`` and slots."""
    cls = type(value)
    if attrs.has(cls):
        return [f.name for f in attrs.fields(cls)]
    if dataclasses.is_dataclass(value):
        return [f.name for f in dataclasses.fields(value)]
    names = list(getattr(value, "__dict__", {}))
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return [n for n in names if n not in ("__dict__", "__weakref__")]


def _scenario(ruleset: Ruleset, extra: Sequence[Duration] = ()) -> Timeline:
    kinds: list[Duration] = [
        Instant(),
        Permanent(),
        UntilEndOfEncounter(),
        Rounds(1),
        Rounds(3),
        Rounds(2, tick_on="C"),
        UntilEndOfNextTurns(),
        UntilEndOfNextTurns(3),
        UntilEndOfTurn(),
        UntilEndOfTurn(of="C"),
        Actions(1),
        Actions(5),
        NextChecks(),
        GameTime(1),
        GameTime(60),
        UntilEvent("scene-end"),
        Concentration(),
        FirstOf(Rounds(3), Concentration()),
        FirstOf(UntilEndOfNextTurns(2), GameTime(6), UntilEvent("scene-end")),
        *extra,
    ]
    enc = Encounter.for_ruleset(ruleset, ["A", "B", "C", "D"], rng=SeededRng(0))
    again = Encounter.for_ruleset(ruleset, ["A", "B", "C", "D"], rng=SeededRng(0))
    if enc != again:
        raise _fail("initiative", "the same seed gave different initiative orders")
    tl = Timeline.start(enc)
    sources = [enc.order[0], enc.order[-1]]  # the first to act, and one acting later
    for moment in range(3):  # before round 1, on the first turn, on the second turn
        if moment:
            tl = tl.do(Encounter.advance)
        for i, duration in enumerate(kinds):
            src = sources[i % 2]
            tgt = enc.order[(i + moment) % len(enc.order)]
            tl = tl.do(_adder(f"k{moment}.{i}", src, tgt, duration))
    tl = tl.do(lambda s: s.spend_action(s.order[0]))
    tl = tl.do(lambda s: s.record_check(s.order[1]))
    tl = tl.do(lambda s: s.delay(s.order[-1], after=s.order[0]))
    tl = tl.do(Encounter.end_turn)  # the next turn starts with the next advance
    for _ in range(5):
        tl = tl.do(Encounter.advance)
    tl = tl.do(lambda s: s.leave(sources[0]))
    for _ in range(6):
        tl = tl.do(Encounter.advance)
    tl = tl.do(lambda s: s.signal("scene-end"))
    tl = tl.do(Encounter.end)
    return tl.do(lambda s: s.pass_time(3600))


def assert_ruleset_durations(
    ruleset: Ruleset, *, kinds: Mapping[str, DurationDecoder] | None = None
) -> None:
    """The duration contract on an encounter with ``ruleset``'s timing.

    Builds an encounter with
    [`Encounter.for_ruleset`][rollwerk.encounter.Encounter.for_ruleset] (its round
    length, actions per round, stacking policy and initiative rule, seeded),
    adds every built-in duration kind, and durations of each kind in
    ``kinds``, before round 1, on the first turn and on the second, then
    advances, spends an action, records a check, delays, lets the first
    combatant leave, signals, ends the combat and passes an hour. Every step
    must keep the properties in
    [`DURATION_PROPERTIES`][rollwerk.testing.DURATION_PROPERTIES], and every
    earlier state must come back exactly on rewind. Registered in
    [`RULESET_PROPERTIES`][rollwerk.testing.RULESET_PROPERTIES]; the pytest
    plugin passes the kinds that the plugin of the ruleset registers.

    A duration of a plugin kind is built from its decoder alone:
    ``decoder({"kind": KIND})``, and for a decoder that is a classmethod
    (``Scenes.from_json``) its class called with ``1``, ``3`` or
    ``"scene-end"`` or ``"A"`` (a combatant of the kit's encounters) for
    every required argument; those an encounter accepts are added. Each
    such duration is also followed alone, on an encounter of two from the
    first turn, until its effect ends (at most 400 turns), and must be a
    frozen value: setting one of its fields to the value it has must fail.

    Args:
        ruleset: The ruleset whose timing the encounter has.
        kinds: Decoders of plugin duration kinds by JSON name (as
            ``rollwerk_register_duration_kinds`` returns them), to exercise
            and to load the states' JSON with; the core's kinds are skipped.

    Raises:
        ContractViolation: A property does not hold, no duration of a kind
            in ``kinds`` could be built, or the scenario raised.
    """
    try:
        samples = _samples(ruleset, kinds) if kinds else []
        tl = _scenario(ruleset, samples)
        alone = [_followed(ruleset, duration) for duration in samples]
    except ContractViolation:
        raise
    except Exception as exc:
        raise _fail(
            "scenario",
            f"ruleset {ruleset.id!r}: running the encounter raised "
            f"{type(exc).__name__}: {exc}",
        ) from exc
    assert_timeline_contract(tl, kinds)
    for followed in alone:
        assert_timeline_contract(followed, kinds)
    last = len(tl) - 1
    for back in range(last + 1):
        if tl.rewind(back).current != tl.states[last - back]:
            raise _fail(DURATION_PROPERTIES[4], f"rewinding {back} steps")
