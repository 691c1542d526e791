"""helper-h246: loaders in linear time, ``FirstOf.MAX_PARTS``, effects under pyright.

Outside testers found that ``Encounter.from_json`` took quadratic time in a
combatant's counters (16 000 counters: 8 s), that a ``FirstOf`` of 400
parts made every describer raise a bare ``RecursionError``, and that
pyright refused an ``ActiveEffect`` as an ``Effect`` (the attrs converter of
``modifiers``).
"""

from __future__ import annotations

import sys
import time
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from rollwerk import Modifier
from rollwerk.encounter import (
    ActiveEffect,
    Combatant,
    Concentration,
    Counter,
    CounterReset,
    Encounter,
    FirstOf,
    Rounds,
    Timeline,
    UntilEvent,
    describe_duration,
    describe_events,
    describe_remaining,
    duration_from_json,
)
from rollwerk.encounter._wording import _either
from rollwerk.errors import LimitExceeded, ParameterError, SchemaError
from rollwerk.i18n import Text

MOST = FirstOf.MAX_PARTS


def _timed(doc: dict[str, Any]) -> tuple[Encounter, float]:
    start = time.perf_counter()
    enc = Encounter.from_json(doc)
    return enc, time.perf_counter() - start


def _effect(i: int, duration: dict[str, Any], on: str = "A") -> dict[str, Any]:
    return {
        "id": f"x{i}",
        "name": "Bless",
        "source": on,
        "target": on,
        "duration": duration,
    }


# ------------------------------------------------------- 1. linear loaders


def test_many_counters_load_in_linear_time() -> None:
    enc = Encounter.create(["A"]).to_json()
    counters = [
        {"name": f"n{i:05}", "value": 1, "reset": "round"} for i in range(16_000)
    ]
    doc = {**enc, "combatants": [{**enc["combatants"][0], "counters": counters}]}
    enc, seconds = _timed(doc)
    assert seconds < 3.0  # was 8-19 s; 0.13 s now
    loaded = enc.combatant("A")
    built = Combatant("A", counters=[Counter(f"n{i:05}", 1) for i in range(16_000)])
    assert loaded == built
    assert Combatant.from_json(doc["combatants"][0]) == built


def test_a_counter_name_twice_is_still_refused() -> None:
    enc = Encounter.create(["A"]).to_json()
    twice = [{"name": "x", "value": 1, "reset": "round"}] * 2
    doc = {**enc, "combatants": [{**enc["combatants"][0], "counters": twice}]}
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(doc)
    assert str(info.value) == (
        "malformed encounter JSON: combatants[0].counters[1].name must be a "
        "name no other counter of the combatant has, got 'x'"
    )
    assert info.value.path == "combatants[0].counters[1].name"


def test_many_effects_on_many_combatants_load_in_linear_time() -> None:
    n = 8000
    last = f"c{n - 1}"
    base = Encounter.create([f"c{i}" for i in range(n)]).to_json()
    rounds = {"kind": "rounds", "n": 1, "tick_on": last, "ends_at": 1}
    doc = {**base, "effects": [_effect(i, rounds, last) for i in range(n)]}
    enc, seconds = _timed(doc)
    # each effect's clock was found by a walk over the combatants: 16 s
    assert seconds < 5.0
    assert enc.remaining("x0") == 1


def test_many_signalled_events_and_concentrations_load_in_linear_time() -> None:
    n = 8000
    base = Encounter.create([f"c{i}" for i in range(n)]).to_json()
    doc = {
        **base,
        "signals": {f"s{i}": 1 for i in range(n)},
        "concentrating": [f"c{i}" for i in range(n)],
        "effects": [
            _effect(i, {"kind": "until_event", "event": f"s{i}", "seen": 1}, f"c{i}")
            for i in range(n)
        ]
        + [
            _effect(n + i, {"kind": "concentration", "of": f"c{i}"}, f"c{i}")
            for i in range(n)
        ],
    }
    enc, seconds = _timed(doc)
    assert seconds < 5.0  # each was a walk over the signals or concentrations
    assert enc.signals("s7999") == 1
    assert enc.is_concentrating("c7999") is True


def test_signal_counts_given_out_of_order_are_kept_sorted() -> None:
    enc = Encounter(
        (Combatant("A"),), ("A",), signal_counts=(("b", 1), ("a", 2), ("c", 3))
    )
    assert enc.signal_counts == (("a", 2), ("b", 1), ("c", 3))
    assert [enc.signals(e) for e in ("a", "b", "c", "d", "")] == [2, 1, 3, 0, 0]


def test_lookups_refuse_what_is_no_id() -> None:
    enc = Encounter.create(["A"])
    for query in (enc.combatant, enc.is_concentrating):
        with pytest.raises(ParameterError) as info:
            query(["A"])  # type: ignore[arg-type]
        assert str(info.value) == (
            "combatant must be the id of a combatant in the encounter (A), got ['A']"
        )


def test_lookups_follow_each_new_state() -> None:
    enc = Encounter.create(["A"])
    assert enc.combatant("A").turns == 0
    enc = enc.advance().state
    assert enc.combatant("A").turns == 1
    assert enc.is_concentrating("A") is False
    enc = enc.begin_concentration("A").state
    assert enc.is_concentrating("A") is True
    enc = enc.join("B").state
    assert enc.combatant("B").id == "B"
    assert enc.count("A", "r", reset=CounterReset.TURN).state.counter("A", "r") == 1


# ------------------------------------------------- 2. FirstOf.MAX_PARTS


def _events(n: int) -> list[UntilEvent]:
    return [UntilEvent(f"e{i}") for i in range(n)]


def _en(n: int) -> str:
    said = [f"until “e{i}”" for i in range(n)]
    return ", ".join(said[:-1]) + f" or {said[-1]}, whichever ends first"


def _de(n: int) -> str:
    said = [f"bis „e{i}“" for i in range(n)]
    return ", ".join(said[:-1]) + f" oder {said[-1]}, je nachdem, was zuerst endet"


def test_max_parts_is_64() -> None:
    assert FirstOf.MAX_PARTS == 64


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 9, MOST])
def test_a_first_of_is_worded_part_by_part(n: int) -> None:
    d = FirstOf(*_events(n))
    assert describe_duration(d) == _en(n)
    assert describe_duration(d, "de") == _de(n)
    assert d.describe("de") == _de(n)


def test_the_largest_first_of_describes_everywhere() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    step = enc.add_effect(
        "Bless", source="A", target="B", duration=FirstOf(*_events(MOST))
    )
    state = step.state
    effect = state.effects[0]
    assert describe_remaining(effect.duration, state) == _en(MOST)
    assert describe_remaining(effect.duration, state, "de") == _de(MOST)
    assert effect.describe() == f"Bless on B from A: {_en(MOST)}"
    assert effect.describe("de", state=state) == f"Bless auf B von A: {_de(MOST)}"
    assert describe_events(step.events) == [f"A puts Bless on B: {_en(MOST)}."]
    assert Timeline.start(enc).record(step).describe("de") == (
        f"A wirkt Bless auf B: {_de(MOST)}."
    )
    loaded = duration_from_json(effect.duration.to_json())
    assert loaded == effect.duration


def test_a_text_of_any_number_of_parts_nests_shallowly() -> None:
    texts = [Text.fixed(en=f"p{i}", de=f"q{i}") for i in range(4000)]
    joined = _either(texts)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # the nesting is about log2(4000) = 12 deep
    try:
        en, de = joined(), joined("de")
    finally:
        sys.setrecursionlimit(limit)
    assert en == ", ".join(f"p{i}" for i in range(3999)) + " or p3999"
    assert de == ", ".join(f"q{i}" for i in range(3999)) + " oder q3999"


def test_one_part_past_the_limit_is_refused() -> None:
    with pytest.raises(LimitExceeded) as info:
        FirstOf(*_events(MOST + 1))
    assert str(info.value) == (
        "parts of FirstOf limit exceeded: 65 is more than the maximum of 64 (by 1)"
    )
    assert (info.value.limit, info.value.value, info.value.maximum) == (
        "parts of FirstOf",
        65,
        64,
    )


def test_the_limit_counts_the_parts_once_flattened() -> None:
    full = FirstOf(*_events(MOST))
    with pytest.raises(LimitExceeded) as info:
        FirstOf(full, Rounds(1))
    assert str(info.value) == (
        "parts of FirstOf limit exceeded: 65 is more than the maximum of 64 (by 1)"
    )
    assert len(FirstOf(FirstOf(*_events(MOST - 1)), Rounds(1)).parts) == MOST


def test_the_limit_is_checked_before_the_parts() -> None:
    def parts() -> Iterator[object]:
        yield from range(100_000)

    with pytest.raises(LimitExceeded) as info:
        FirstOf(*parts())  # type: ignore[arg-type]
    assert str(info.value) == (
        "parts of FirstOf limit exceeded: 100000 is more than the maximum of 64 "
        "(by 99936)"
    )


def _first_of_json(n: int) -> dict[str, Any]:
    return {
        "kind": "first_of",
        "parts": [
            {"kind": "until_event", "event": f"e{i}", "seen": None} for i in range(n)
        ],
    }


def test_a_first_of_document_at_the_limit_loads() -> None:
    loaded = duration_from_json(_first_of_json(MOST))
    assert loaded == FirstOf(*_events(MOST))
    assert FirstOf.from_json(_first_of_json(MOST)) == loaded


def test_a_first_of_document_past_the_limit_is_refused_before_its_parts() -> None:
    doc = _first_of_json(MOST + 1)
    doc["parts"][0] = "not a duration"  # never read
    for load in (duration_from_json, FirstOf.from_json):
        with pytest.raises(SchemaError) as info:
            load(doc)
        assert str(info.value) == (
            "malformed first_of duration JSON: parts must hold at most 64 "
            "durations (FirstOf.MAX_PARTS), got 65"
        )
        assert info.value.path == "parts"
        assert info.value.expected == "an array of 2 to 64 durations"


def test_an_encounter_with_too_long_a_first_of_names_its_place() -> None:
    doc = Encounter.create(["A"]).to_json()
    doc["effects"] = [_effect(0, _first_of_json(400))]
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(doc)
    assert str(info.value) == (
        "malformed encounter JSON: effects[0].duration.parts must hold at most 64 "
        "durations (FirstOf.MAX_PARTS), got 400"
    )
    assert info.value.path == "effects[0].duration.parts"


def test_a_first_of_still_needs_two_parts() -> None:
    with pytest.raises(ParameterError) as info:
        FirstOf(Concentration())
    assert str(info.value) == (
        "parts of FirstOf must be at least two durations, got (Concentration(of=None),)"
    )


# ------------------------------------------- 3. ActiveEffect under pyright


def test_active_effect_fields_have_no_converter() -> None:
    fields = attrs.fields_dict(ActiveEffect)
    assert fields["modifiers"].converter is None
    assert fields["data"].converter is None
    hints = typing.get_type_hints(ActiveEffect)
    assert hints["modifiers"] == tuple[Modifier, ...]


def test_active_effect_still_converts_what_it_is_given() -> None:
    bless = Modifier(1, "Bless")
    effect = ActiveEffect(
        "e1", "Bless", "A", "B", Rounds(1), [bless], None, {"b": 2, "a": True}
    )
    assert effect.modifiers == (bless,)
    assert effect.data == (("a", True), ("b", 2))
    same = ActiveEffect(
        id="e1",
        name="Bless",
        source="A",
        target="B",
        duration=Rounds(1),
        modifiers=iter([bless]),
        data=[("b", 2), ("a", True)],
    )
    assert same == effect
    assert hash(same) == hash(effect)
    moved = attrs.evolve(effect, duration=Rounds(2))
    assert (moved.modifiers, moved.data, moved.duration) == (
        (bless,),
        (("a", True), ("b", 2)),
        Rounds(2),
    )
    assert repr(ActiveEffect("e1", "Bless", "A", "B", Rounds(1))) == (
        "ActiveEffect(id='e1', name='Bless', source='A', target='B', "
        "duration=Rounds(n=1, tick_on=None, ends_at=None), modifiers=(), "
        "condition=None, data=())"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"modifiers": "x"},
            "modifiers must be an iterable of rollwerk.checks.Modifier values, got 'x'",
        ),
        (
            {"modifiers": [1]},
            "modifiers must be rollwerk.checks.Modifier values, got 1",
        ),
        (
            {"data": 5},
            "data must be a mapping of strings to JSON scalars, or None, got 5",
        ),
        ({"condition": 5}, "condition must be a string or None, got 5"),
        ({"id": 5}, "id must be a string, got 5"),
    ],
)
def test_active_effect_refusals_are_unchanged(
    kwargs: dict[str, Any], message: str
) -> None:
    fields: dict[str, Any] = {
        "id": "e1",
        "name": "Bless",
        "source": "A",
        "target": "B",
        "duration": Rounds(1),
    }
    with pytest.raises(ParameterError) as info:
        ActiveEffect(**{**fields, **kwargs})
    assert str(info.value) == message


def test_an_active_effect_is_applied_as_an_effect() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect(
        "Bless",
        source="A",
        target="B",
        duration=Rounds(2),
        modifiers=[Modifier(1, "Bless")],
    ).state
    again = enc.apply_effect(enc.effects[0], effect_id="copy").state
    assert [e.id for e in again.effects] == ["e1", "copy"]
    assert again.modifier_total("B", "check") == 2
