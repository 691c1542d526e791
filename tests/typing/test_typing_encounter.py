"""Typed use of the durations, effects and encounter APIs.

mypy checks this file (``files`` in pyproject.toml includes ``tests/typing``);
pytest imports it but it defines no tests: the functions are never called.
``assert_type`` pins the types the public API promises.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hypothesis import strategies as st
from typing_extensions import assert_type

from rollwerk import (
    ActiveEffect,
    Combatant,
    Duration,
    Effect,
    Encounter,
    Modifier,
    Rng,
    Rounds,
    SeededRng,
)
from rollwerk.encounter import (
    Actions,
    Concentration,
    Event,
    FirstOf,
    GameTime,
    NextChecks,
    Permanent,
    Remaining,
    SameName,
    Stacking,
    StackingPolicy,
    Step,
    Timeline,
    UntilEndOfNextTurns,
    UntilEndOfTurn,
    UntilEvent,
    by_initiative,
    duration_from_json,
    modifiers_in_force,
)
from rollwerk.testing import (
    assert_encounter_contract,
    assert_ruleset_durations,
    durations,
)
from rollwerk.testing.examples import ToyRuleset


def typed_encounter() -> None:
    enc = Encounter.create(
        [Combatant("A", initiative=12), "B"],
        rng=SeededRng(1),
        round_seconds=Fraction(6),
        stacking=StackingPolicy(SameName.REPLACE, Stacking.HIGHEST),
    )
    step = enc.advance()
    assert_type(step, Step)
    state, events = step
    assert_type(state, Encounter)
    assert_type(events, tuple[Event, ...])
    durations: list[Duration] = [
        Rounds(1),
        UntilEndOfNextTurns(2, of="B"),
        UntilEndOfTurn(of="A"),
        Actions(4),
        GameTime.hours(8),
        NextChecks(),
        UntilEvent("scene-end"),
        Concentration(),
        Permanent(),
        FirstOf(Rounds(10), Concentration()),
    ]
    assert_type(FirstOf(Rounds(1), Permanent()).parts, tuple[Duration, ...])
    for d in durations:
        state, _ = state.add_effect(
            "x", source="A", target="B", duration=d, modifiers=[Modifier(1, "x")]
        )
    assert_type(state.remaining("e1"), Remaining)
    assert_type(state.modifiers("B", "check"), tuple[Modifier, ...])
    assert_type(state.modifier_total("B"), int)
    assert_type(state.effects_on("B"), tuple[ActiveEffect, ...])
    effect: Effect = state.effects[0]
    assert_type(modifiers_in_force([effect], "B"), tuple[Modifier, ...])
    assert_type(duration_from_json(Rounds(1).to_json()), Duration)
    assert_type(Encounter.from_json(state.to_json()), Encounter)


def typed_timeline() -> None:
    tl = Timeline.start(Encounter.create(["A"]))
    tl = tl.do(Encounter.advance).do(lambda s: s.advance(2))
    assert_type(tl.current, Encounter)
    assert_type(tl.rewind(1), Timeline)
    assert_type(tl.events, tuple[Event, ...])


def typed_initiative(combatants: Sequence[Combatant], rng: Rng) -> None:
    assert_type(by_initiative(combatants, rng), tuple[str, ...])


def typed_contract() -> None:
    assert_type(durations(combatants=["A"]), st.SearchStrategy[Duration])
    assert_type(assert_encounter_contract(Encounter.create(["A"]), turns=3), None)
    assert_type(assert_ruleset_durations(ToyRuleset()), None)


def _words_of(duration: Duration) -> str:
    """helper-h212: ``DescribedDuration`` narrows a ``Duration`` at run time."""
    from rollwerk.encounter import DescribedDuration, describe_duration

    if isinstance(duration, DescribedDuration):
        return duration.describe("de")
    return describe_duration(duration, "de")
