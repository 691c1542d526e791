"""Findings of h237 (a plugin author writing D&D 5e's combat time).

A plugin kind that lasts while a combatant concentrates keeps that end when
the encounter ends; the duration contract refuses a kind that is not
frozen, one that stays in force with nothing left, and a decoder that reads
another kind; it builds a kind whose required argument is a combatant; and
what a plugin kind raises on loading is a `SchemaError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from rollwerk import Encounter
from rollwerk.encounter import (
    Concentration,
    EncounterView,
    FirstOf,
    GameTime,
    Remaining,
)
from rollwerk.errors import SchemaError
from rollwerk.testing import (
    ContractViolation,
    assert_encounter_contract,
    assert_ruleset_durations,
)
from rollwerk.testing.examples import ToyRuleset

TOY = ToyRuleset()


def _own_kind(kind: str, data: Mapping[str, Any]) -> None:
    if data.get("kind") != kind:
        raise SchemaError.field("kind", repr(kind), data.get("kind"))


class _Counting:
    """``n`` minutes: 10 rounds each, counted at the start of its anchor's turns."""

    n: int
    tick_on: str | None
    ends_at: int | None

    kind = "h237_minutes"
    unit = "rounds"

    @property
    def anchor(self) -> str | None:
        return self.tick_on

    def bind(self, state: EncounterView, source: str, target: str) -> Any:
        on = self.tick_on or source
        return type(self)(self.n, on, state.turns_started(on) + 10 * self.n)

    def is_over(self, state: EncounterView) -> bool:
        if self.tick_on is None or self.ends_at is None:
            raise RuntimeError("not bound")
        return state.turns_started(self.tick_on) >= self.ends_at

    def remaining(self, state: EncounterView) -> Remaining:
        if self.tick_on is None or self.ends_at is None:
            raise RuntimeError("not bound")
        return max(0, self.ends_at - state.turns_started(self.tick_on))

    def rebind(self, state: EncounterView, combatant: str) -> None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "n": self.n,
            "tick_on": self.tick_on,
            "ends_at": self.ends_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any:
        _own_kind(cls.kind, data)
        return cls(data.get("n", 1), data.get("tick_on"), data.get("ends_at"))  # type: ignore[call-arg]


@attrs.frozen
class Minutes(_Counting):
    """The rule as it should be: frozen."""

    n: int = 1
    tick_on: str | None = None
    ends_at: int | None = None


@attrs.frozen
class Late(Minutes):
    """Over a round after nothing remains."""

    kind = "h237_late"

    def is_over(self, state: EncounterView) -> bool:
        if self.tick_on is None or self.ends_at is None:
            raise RuntimeError("not bound")
        return state.turns_started(self.tick_on) > self.ends_at


@attrs.define
class Loose(_Counting):
    """Not frozen: an operation could change it under the undo history."""

    n: int = 1
    tick_on: str | None = None
    ends_at: int | None = None

    kind = "h237_loose"


@attrs.frozen
class AnyKind(Minutes):
    """Its decoder reads any document as its own."""

    kind = "h237_any"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AnyKind:
        return cls(data.get("n", 1), data.get("tick_on"), data.get("ends_at"))


@attrs.frozen
class Held(Minutes):
    """Up to ``n`` minutes while its creator concentrates."""

    kind = "h237_held"

    @property
    def concentration_of(self) -> str | None:
        return self.tick_on

    def is_over(self, state: EncounterView) -> bool:
        if self.tick_on is None:
            raise RuntimeError("not bound")
        return not state.is_concentrating(self.tick_on) or super().is_over(state)


@attrs.frozen
class StartOfTurnOf:
    """Until the start of ``of``'s next turn: ``of`` is required."""

    of: str
    ends_at: int | None = None

    kind = "h237_start_of"
    unit = "turns"

    @property
    def anchor(self) -> str:
        return self.of

    def bind(self, state: EncounterView, source: str, target: str) -> StartOfTurnOf:
        return StartOfTurnOf(self.of, state.turns_started(self.of) + 1)

    def is_over(self, state: EncounterView) -> bool:
        if self.ends_at is None:
            raise RuntimeError("not bound")
        return state.turns_started(self.of) >= self.ends_at

    def remaining(self, state: EncounterView) -> Remaining:
        if self.ends_at is None:
            raise RuntimeError("not bound")
        return max(0, self.ends_at - state.turns_started(self.of))

    def rebind(self, state: EncounterView, combatant: str) -> None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "of": self.of, "ends_at": self.ends_at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StartOfTurnOf:
        _own_kind(cls.kind, data)
        return cls(data["of"], data.get("ends_at"))


def kinds(*classes: Any) -> dict[str, Any]:
    return {c.kind: c.from_json for c in classes}


def test_correct_kinds_pass_both_contracts() -> None:
    assert_ruleset_durations(TOY, kinds=kinds(Minutes, Held, StartOfTurnOf))
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("Hex", source="A", target="B", duration=Minutes(1)).state
    assert_encounter_contract(enc, turns=30, kinds=kinds(Minutes))


def test_a_concentration_kind_keeps_that_end_when_the_encounter_ends() -> None:
    enc = Encounter.create(["wiz", "gob"]).advance().state
    enc = enc.add_effect("Hold", source="wiz", target="gob", duration=Held(1)).state
    assert enc.concentrating == ("wiz",)
    after = enc.end().state
    assert after.effects[0].duration == FirstOf(
        GameTime(60).bind(after, "wiz", "gob"), Concentration("wiz")
    )
    ended = after.end_concentration("wiz")
    assert [type(e).__name__ for e in ended.events] == [
        "ConcentrationEnded",
        "EffectExpired",
    ]
    assert ended.state.effects == ()
    # a kind without concentration_of becomes game time alone, as before
    plain = Encounter.create(["wiz", "gob"]).advance().state
    plain = plain.add_effect("Hex", source="wiz", target="gob", duration=Minutes(1))
    assert plain.state.end().state.effects[0].duration == GameTime(60).bind(
        plain.state, "wiz", "gob"
    )


def test_a_kind_in_force_with_nothing_left_is_a_violation() -> None:
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_durations(TOY, kinds=kinds(Late))
    assert str(info.value) == (
        "duration contract: an effect in force has something left: a count that "
        "reaches 0 is over: e1 (Late(n=1, tick_on='A', ends_at=10)) is still in "
        "force with 0 rounds remaining (is_over must be true once nothing remains)"
    )
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=Late(1)).state
    with pytest.raises(ContractViolation, match="still in force with 0 rounds"):
        assert_encounter_contract(enc, turns=30, kinds=kinds(Late))


def test_a_kind_that_is_not_frozen_is_a_violation() -> None:
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_durations(TOY, kinds=kinds(Loose))
    assert str(info.value) == (
        "duration contract: plugin kinds: a duration of kind 'h237_loose' can be "
        "changed: setting its n succeeded (Loose(n=1, tick_on=None, ends_at=None)); "
        "a duration is a frozen value (attrs.frozen, a frozen dataclass), since "
        "states and their undo history share it"
    )
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=Loose(1)).state
    with pytest.raises(ContractViolation, match="the duration of e1 can be changed"):
        assert_encounter_contract(enc, turns=2, kinds=kinds(Loose))


def test_a_decoder_that_reads_another_kind_is_a_violation() -> None:
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_durations(TOY, kinds=kinds(AnyKind))
    assert str(info.value) == (
        "duration contract: plugin kinds: the decoder of 'h237_any' read "
        "{'kind': 'rounds', 'n': 1} as AnyKind(n=1, tick_on=None, ends_at=None); "
        "it must refuse another kind (or none) with a SchemaError naming kind"
    )


def test_what_a_plugin_kind_raises_on_loading_is_a_schema_error() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("Hex", source="A", target="B", duration=Minutes(1)).state
    for patch, said in [
        ({"ends_at": None}, "it raised RuntimeError: not bound"),
        (
            {"ends_at": "x"},
            (
                "it raised TypeError: '>=' not supported between instances of 'int' "
                "and 'str'"
            ),
        ),
    ]:
        data = enc.to_json()
        data["effects"][0]["duration"].update(patch)
        with pytest.raises(SchemaError) as info:
            Encounter.from_json(data, kinds=kinds(Minutes))
        assert str(info.value).startswith(
            "malformed encounter JSON: effects[0].duration must be a duration "
            f"bound to this encounter ({said}), got "
        )
