"""FirstOf: a duration that ends when the first of its parts ends.

"Concentration, up to 1 minute" (a 5e-style Bless) and PF2e's "sustained,
up to 1 minute" (PF2E-R05 with PF2E-R02) are one duration each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk.encounter import (
    Actions,
    Concentration,
    Duration,
    Encounter,
    FirstOf,
    GameTime,
    NextChecks,
    Permanent,
    Rounds,
    UntilEndOfNextTurns,
    UntilEvent,
    describe_remaining,
    duration_from_json,
)
from rollwerk.errors import ParameterError, SchemaError


def _names(events: object) -> list[str]:
    return [type(e).__name__ for e in events]  # type: ignore[attr-defined]


def _blessed() -> Encounter:
    """A blesses B on A's turn in round 1: 10 rounds or A's concentration."""
    enc = Encounter.create(["A", "B"]).advance().state
    return enc.add_effect(
        "Bless", source="A", target="B", duration=FirstOf(Rounds(10), Concentration())
    ).state


def test_adding_it_starts_the_concentration_of_its_concentration_part() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    step = enc.add_effect(
        "Bless", source="A", target="B", duration=FirstOf(Rounds(10), Concentration())
    )
    assert _names(step.events) == ["ConcentrationStarted", "EffectAdded"]
    assert step.state.is_concentrating("A")
    assert step.state.effects[0].duration == FirstOf(
        Rounds(10, "A", 11), Concentration("A")
    )


def test_it_ends_when_the_concentration_ends_first() -> None:
    enc = _blessed().advance(4).state  # round 3, A's turn
    assert enc.round == 3
    assert enc.remaining("e1") == 8
    step = enc.end_concentration("A")
    assert _names(step.events) == ["ConcentrationEnded", "EffectExpired"]
    assert step.state.effects == ()


def test_it_ends_when_the_rounds_run_out_first() -> None:
    enc = _blessed()
    for _ in range(19):  # to the end of B's turn in round 10
        enc = enc.advance().state
    assert enc.round == 10
    assert enc.remaining("e1") == 1
    step = enc.advance()  # A's turn in round 11 starts
    assert _names(step.events) == [
        "TurnEnded",
        "RoundEnded",
        "RoundStarted",
        "TurnStarted",
        "EffectExpired",
    ]
    assert step.state.effects == ()
    assert step.state.is_concentrating("A")  # the caster still concentrates


def test_words() -> None:
    d = FirstOf(Rounds(10), Concentration())
    assert d.describe() == (
        "10 rounds or while its creator concentrates, whichever ends first"
    )
    assert d.describe("de") == (
        "10 Runden oder solange sein Urheber sich konzentriert, "
        "je nachdem, was zuerst endet"
    )
    three = FirstOf(Rounds(1), GameTime(6), UntilEvent("scene-end"))
    assert three.describe() == (
        "1 round, 6 seconds or until “scene-end”, whichever ends first"
    )
    enc = _blessed()
    bound = enc.effects[0].duration
    assert bound.describe_remaining(enc) == (
        "10 rounds left, ends at the start of A's turn in round 11 "
        "or until A stops concentrating, whichever ends first"
    )
    assert describe_remaining(bound, enc, "de") == (
        "noch 10 Runden, endet zu Beginn von As Zug in Runde 11 "
        "oder bis A sich nicht mehr konzentriert, je nachdem, was zuerst endet"
    )


def test_remaining_is_the_least_of_the_parts_in_the_first_unit() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect(
        "x",
        source="A",
        target="B",
        duration=FirstOf(UntilEvent("e"), Rounds(3), Rounds(2)),
    ).state
    d = enc.effects[0].duration
    assert d.unit == "rounds"
    assert d.remaining(enc) == 2
    free = FirstOf(UntilEvent("e"), Permanent()).bind(enc, "A", "B")
    assert free.unit is None
    assert free.remaining(enc) is None
    assert free.anchor is None


def test_a_first_of_inside_another_is_flattened() -> None:
    inner = FirstOf(Rounds(1), Permanent())
    assert FirstOf(inner, GameTime(6)).parts == (Rounds(1), Permanent(), GameTime(6))


def test_bad_parts_are_refused() -> None:
    with pytest.raises(ParameterError) as info:
        FirstOf(Rounds(1))
    assert str(info.value) == (
        "parts of FirstOf must be at least two durations, "
        "got (Rounds(n=1, tick_on=None, ends_at=None),)"
    )
    with pytest.raises(ParameterError) as info:
        FirstOf(Rounds(1), 3)  # type: ignore[arg-type]
    assert str(info.value) == (
        "part of FirstOf must be a rollwerk Duration (Rounds(1), …), got 3"
    )


def test_parts_that_follow_two_combatants_are_refused() -> None:
    enc = Encounter.create(["A", "B"])
    with pytest.raises(ParameterError) as info:
        enc.add_effect(
            "x",
            source="A",
            target="B",
            duration=FirstOf(Rounds(2), UntilEndOfNextTurns()),
        )
    assert str(info.value) == (
        "anchors of the FirstOf parts must be one combatant (parts that "
        "follow a clock follow the same one), got ('A', 'B')"
    )


def test_when_its_anchor_leaves_its_parts_move_to_the_target() -> None:
    enc = Encounter.create(["A", "B", "C"]).advance().state
    enc = enc.add_effect(
        "x", source="A", target="B", duration=FirstOf(Rounds(3), GameTime(60))
    ).state
    step = enc.leave("A")
    assert _names(step.events) == ["TurnEnded", "EffectChanged", "CombatantLeft"]
    assert step.state.effects[0].duration == FirstOf(
        Rounds(3, "B", 3), GameTime(60, 60)
    )


def test_when_its_concentrating_anchor_leaves_it_ends() -> None:
    enc = _blessed()
    step = enc.leave("A")
    assert _names(step.events) == [
        "TurnEnded",
        "ConcentrationEnded",
        "EffectExpired",
        "CombatantLeft",
    ]


def test_json_round_trip_and_in_an_encounter() -> None:
    enc = _blessed()
    d = enc.effects[0].duration
    assert d.to_json() == {
        "kind": "first_of",
        "parts": [
            {"kind": "rounds", "n": 10, "tick_on": "A", "ends_at": 11},
            {"kind": "concentration", "of": "A"},
        ],
    }
    assert duration_from_json(d.to_json()) == d
    assert Encounter.from_json(enc.to_json()) == enc


def test_its_parts_are_read_with_the_given_kinds() -> None:
    def decode(data: Mapping[str, Any]) -> Rounds:
        return Rounds(int(data["n"]))

    doc = {
        "kind": "first_of",
        "parts": [{"kind": "my_rounds", "n": 2}, {"kind": "permanent"}],
    }
    assert duration_from_json(doc, {"my_rounds": decode}) == FirstOf(
        Rounds(2), Permanent()
    )


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (
            {"kind": "first_of", "parts": [{"kind": "permanent"}]},
            (
                "malformed first_of duration JSON: parts must be an array of at "
                "least two durations, got [{'kind': 'permanent'}]"
            ),
        ),
        (
            {
                "kind": "first_of",
                "parts": [{"kind": "permanent"}, {"kind": "first_of"}],
            },
            (
                "malformed first_of duration JSON: parts[1].kind must be a kind "
                "other than 'first_of', got 'first_of'"
            ),
        ),
        (
            {
                "kind": "first_of",
                "parts": [{"kind": "rounds", "n": 0}, {"kind": "permanent"}],
            },
            (
                "malformed first_of duration JSON: parts[0].n must be an "
                "integer from 1 to 2**62, got 0"
            ),
        ),
        (
            {"kind": "first_of", "parts": 3},
            (
                "malformed first_of duration JSON: parts must be an array of at "
                "least two durations, got 3"
            ),
        ),
        (
            {"kind": "first_of", "parts": [], "n": 1},
            (
                "malformed first_of duration JSON: n is not a field "
                "(the fields are kind, parts)"
            ),
        ),
    ],
)
def test_malformed_json_is_refused(document: dict[str, Any], message: str) -> None:
    with pytest.raises(SchemaError) as info:
        duration_from_json(document)
    assert str(info.value) == message


_FREE = st.one_of(
    st.just(Permanent()),
    st.builds(GameTime, st.integers(min_value=1, max_value=30)),
    st.builds(UntilEvent, st.sampled_from(["ping", "pong"])),
)
_ANCHORED = st.one_of(
    st.builds(Rounds, st.integers(min_value=1, max_value=4)),
    st.builds(UntilEndOfNextTurns, st.integers(min_value=1, max_value=4)),
    st.builds(Actions, st.integers(min_value=1, max_value=6)),
    st.builds(NextChecks, st.integers(min_value=1, max_value=3)),
    st.just(Concentration()),
)
_STEPS = st.lists(
    st.sampled_from(["advance", "spend", "check", "ping", "pong", "time", "drop"]),
    max_size=25,
)


@given(first=_ANCHORED | _FREE, second=_FREE, steps=_STEPS)
def test_it_lasts_exactly_while_every_part_alone_would(
    first: Duration, second: Duration, steps: list[str]
) -> None:
    """PF2E-R05: the first of two endings ends it, at that very step."""
    enc = Encounter.create(["A", "B"]).advance().state
    for name, duration in [
        ("first", first),
        ("second", second),
        ("both", FirstOf(first, second)),
    ]:
        enc = enc.add_effect(name, source="A", target="B", duration=duration).state
    for op in steps:
        if enc.ended and op in ("advance", "spend"):
            continue
        match op:
            case "advance":
                enc = enc.advance().state
            case "spend":
                enc = enc.spend_action(enc.current or "B").state
            case "check":
                enc = enc.record_check("B").state
            case "ping" | "pong":
                enc = enc.signal(op).state
            case "time":  # the fight ends, then game time passes
                if not enc.ended:
                    enc = enc.end().state
                enc = enc.pass_time(7).state
            case "drop":
                if enc.is_concentrating("A"):
                    enc = enc.end_concentration("A").state
        active = {e.name for e in enc.effects}
        assert ("both" in active) == ({"first", "second"} <= active)
