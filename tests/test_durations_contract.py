"""The duration properties of the contract kit, on good and deliberately broken kinds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given

from rollwerk import Duration, Encounter, Rounds
from rollwerk.encounter import (
    EffectAdded,
    EncounterTraits,
    Permanent,
    Remaining,
    SameName,
    Stacking,
    StackingPolicy,
    Step,
    Timeline,
)
from rollwerk.testing import (
    DURATION_PROPERTIES,
    RULESET_PROPERTIES,
    ContractViolation,
    assert_encounter_contract,
    assert_ruleset_durations,
    assert_step_contract,
    assert_timeline_contract,
    durations,
)
from rollwerk.testing.examples import ToyRuleset


class _Pf2eTiming(EncounterTraits):
    """A minimal in-test ruleset: only what the encounter reads (PF2e, 6 s).

    Subclassing the traits protocol inherits the defaults it does not set.
    """

    id = "pf2e-mini"
    round_seconds = Fraction(6)
    stacking_policy = StackingPolicy(SameName.REPLACE, Stacking.HIGHEST)


class _MythandriaTiming(EncounterTraits):
    """Mythandria-like timing: 2 actions per round."""

    id = "my-mini"
    round_seconds = Fraction(5)
    actions_per_round = 2


@pytest.mark.parametrize("ruleset", [_Pf2eTiming(), _MythandriaTiming(), ToyRuleset()])
def test_ruleset_durations_contract_holds(ruleset: Any) -> None:
    assert_ruleset_durations(ruleset)


def test_ruleset_durations_is_a_registered_ruleset_property() -> None:
    assert assert_ruleset_durations in RULESET_PROPERTIES
    assert len(DURATION_PROPERTIES) == 6


@given(duration=durations(combatants=["A", "B", "C"]))
def test_every_drawn_duration_keeps_the_contract(duration: Duration) -> None:
    enc, _ = Encounter.create(["A", "B", "C"]).advance()
    enc, _ = enc.add_effect("x", source="B", target="C", duration=duration)
    assert_encounter_contract(enc, turns=8)


@attrs.frozen
class _Growing:
    """Broken: what remains grows with the round."""

    kind = "growing"

    @property
    def unit(self) -> str | None:
        return "rounds"

    @property
    def anchor(self) -> str | None:
        return None

    def bind(self, state: Encounter, source: str, target: str) -> _Growing:
        return self

    def is_over(self, state: Encounter) -> bool:
        return False

    def remaining(self, state: Encounter) -> Remaining:
        return state.round + 1

    def rebind(self, state: Encounter, combatant: str) -> Duration | None:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@attrs.frozen
class _WrongBoundary(_Growing):
    """Broken: claims to be "rounds" but expires at the end of a turn."""

    kind = "rounds"
    ends_after: int | None = None

    def bind(self, state: Encounter, source: str, target: str) -> _WrongBoundary:
        return _WrongBoundary(sum(state.turns_ended(c) for c in state.ids) + 1)

    def is_over(self, state: Encounter) -> bool:
        assert self.ends_after is not None
        ended = sum(state.turns_ended(c) for c in state.ids)
        return ended >= self.ends_after

    def remaining(self, state: Encounter) -> Remaining:
        return None


def test_growing_remaining_is_caught() -> None:
    enc, _ = Encounter.create(["A", "B"]).add_effect(
        "x", source="A", target="B", duration=_Growing()
    )
    with pytest.raises(
        ContractViolation,
        match="what remains never grows except by an explicit refresh: e1 went from 1 to 2",
    ):
        assert_encounter_contract(enc, turns=2, kinds={"growing": lambda d: _Growing()})


def test_wrong_boundary_is_caught() -> None:
    enc, _ = Encounter.create(["A", "B"]).advance()
    enc, _ = enc.add_effect("x", source="A", target="B", duration=_WrongBoundary())
    with pytest.raises(ContractViolation, match="exactly at the declared boundary"):
        assert_step_contract(enc, enc.advance())


def test_revival_is_caught() -> None:
    enc = Encounter.create(["A"])
    with_effect, _ = enc.add_effect("x", source="A", target="A", duration=Permanent())
    with pytest.raises(ContractViolation, match="e1 appeared without EffectAdded"):
        assert_step_contract(enc, Step(with_effect, ()))
    gone = Encounter.create(["A"])
    added = (EffectAdded(with_effect.effects[0]),)
    fake = Timeline((enc, with_effect, gone, with_effect), (added, (), ()))
    with pytest.raises(ContractViolation, match="e1 appeared without EffectAdded"):
        assert_timeline_contract(fake)


def test_rounds_contract_on_a_plain_encounter() -> None:
    enc, _ = Encounter.create(["A", "B", "C"]).add_effect(
        "x", source="A", target="B", duration=Rounds(2)
    )
    assert_encounter_contract(enc, turns=9)
