"""A custom duration's ``bind`` or ``rebind`` that returns no duration is refused (helper-169).

``add_effect`` took what ``bind`` returned as the effect's duration: a
``bind`` returning ``None`` failed later with ``AttributeError: 'NoneType'
object has no attribute 'anchor'``. It is now a ``RulesError`` naming the
duration and the method, where the value was returned.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rollwerk import Encounter
from rollwerk.encounter import EncounterView, Rounds
from rollwerk.errors import RulesError


class _Unbound(Rounds):
    def bind(self, state: EncounterView, source: str, target: str) -> Any:
        return None


class _Stray(Rounds):
    def bind(self, state: EncounterView, source: str, target: str) -> Any:
        bound = Rounds.bind(self, state, source, target)
        return _Stray(bound.n, tick_on=bound.tick_on, ends_at=bound.ends_at)

    def rebind(self, state: EncounterView, combatant: str) -> Any:
        return "three rounds"


def test_bind_returning_none_is_refused_by_add_effect() -> None:
    enc = Encounter.create(["A", "B"])
    with pytest.raises(RulesError) as info:
        enc.add_effect("Bless", source="A", target="B", duration=_Unbound(2))
    assert str(info.value) == (
        "the _Unbound duration's bind must return a rollwerk Duration, got None"
    )


def test_bind_returning_none_is_refused_by_refresh_effect() -> None:
    state = (
        Encounter.create(["A", "B"])
        .add_effect("Bless", source="A", target="B", duration=Rounds(2))
        .state
    )
    effect = state.effects[0]
    # a duration whose bind fails once it is in play
    broken = attrs.evolve(state, effects=(attrs.evolve(effect, duration=_Unbound(2)),))
    with pytest.raises(RulesError) as info:
        broken.refresh_effect(effect.id)
    assert str(info.value) == (
        "the _Unbound duration's bind must return a rollwerk Duration, got None"
    )


def test_rebind_returning_no_duration_is_refused_when_the_anchor_leaves() -> None:
    state = (
        Encounter.create(["A", "B"])
        .add_effect("Bless", source="A", target="B", duration=_Stray(2))
        .state
    )
    with pytest.raises(RulesError) as info:
        state.leave("A")
    assert str(info.value) == (
        "the _Stray duration's rebind must return a rollwerk Duration, "
        "got 'three rounds'"
    )


class _Clinging(Rounds):
    """A duration whose rebind keeps following the combatant who leaves."""

    def bind(self, state: EncounterView, source: str, target: str) -> Any:
        bound = Rounds.bind(self, state, source, target)
        return _Clinging(bound.n, tick_on=bound.tick_on, ends_at=bound.ends_at)

    def rebind(self, state: EncounterView, combatant: str) -> Any:
        return self


def test_rebind_keeping_the_departed_anchor_is_refused() -> None:
    """helper-h209: ``leave`` kept such a duration, and the state's JSON then
    failed to load ("must be anchored on a combatant, got 'A'")."""
    state = (
        Encounter.create(["A", "B"])
        .add_effect("Bless", source="A", target="B", duration=_Clinging(2))
        .state
    )
    with pytest.raises(RulesError) as info:
        state.leave("A")
    assert str(info.value).startswith(
        "the _Clinging duration's rebind must return a duration that no longer "
        "follows 'A', who leaves (or None to end it), got _Clinging("
    )


class _Halving(Rounds):
    """A duration whose remaining() is a float."""

    def bind(self, state: EncounterView, source: str, target: str) -> Any:
        bound = Rounds.bind(self, state, source, target)
        return _Halving(bound.n, tick_on=bound.tick_on, ends_at=bound.ends_at)

    def remaining(self, state: EncounterView) -> Any:
        left = Rounds.remaining(self, state)
        return None if left is None else left / 2


def test_a_float_remaining_is_refused_where_it_would_be_logged() -> None:
    """helper-h209: ``EffectTicked(remaining=0.5)`` was logged, and the saved
    Timeline did not load back."""
    state = (
        Encounter.create(["A", "B"])
        .advance()
        .state.add_effect("Bless", source="A", target="B", duration=_Halving(3))
        .state
    )
    with pytest.raises(RulesError) as info:
        state.advance(2)
    assert str(info.value) == (
        "the _Halving duration's remaining must return an int, a Fraction or "
        "None, got 1.5"
    )
