"""Typed encounter traits, their defaults, the delegating wrapper and the view."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from rollwerk import Combatant, Encounter, Rng, Rounds, ScriptedRng, SeededRng
from rollwerk.checks import CheckSpec
from rollwerk.encounter import (
    Actions,
    EncounterTraits,
    EncounterView,
    GameTime,
    NextChecks,
    SameName,
    Stacking,
    StackingPolicy,
    UntilCondition,
    UntilEndOfNextTurns,
    by_initiative,
)
from rollwerk.rulesets import DelegatingRuleset, Ruleset
from rollwerk.testing.examples import ToyRuleset

POLICY = StackingPolicy(SameName.REPLACE, Stacking.HIGHEST)


class _Skirmish(ToyRuleset):
    """The toy ruleset with every encounter trait changed."""

    @property
    def round_seconds(self) -> Fraction:
        return Fraction(3)

    @property
    def actions_per_round(self) -> int:
        return 2

    @property
    def stacking_policy(self) -> StackingPolicy:
        return POLICY

    def initiative_order(
        self, combatants: Sequence[Combatant], rng: Rng
    ) -> Sequence[str]:
        return sorted((c.id for c in combatants), reverse=True)


@attrs.frozen
class _FewerChecks(DelegatingRuleset):
    """An optional rule that overrides one member."""

    def checks(self) -> Sequence[CheckSpec]:
        return list(self.base.checks())[:1]


def test_a_ruleset_subclass_inherits_the_documented_defaults() -> None:
    class Plain(EncounterTraits):
        pass

    plain = Plain()
    assert plain.round_seconds == Fraction(6)
    assert plain.actions_per_round == 1
    assert plain.stacking_policy == StackingPolicy()
    people = [Combatant("A", initiative=3), Combatant("B", initiative=9)]
    assert tuple(plain.initiative_order(people, ScriptedRng([]))) == by_initiative(
        people, ScriptedRng([])
    )
    toy = ToyRuleset()  # subclasses Ruleset, writes only round_seconds
    assert isinstance(toy, Ruleset)
    assert toy.round_seconds == Fraction(5)
    assert toy.actions_per_round == 1
    assert toy.stacking_policy == StackingPolicy()


def test_for_ruleset_reads_the_typed_traits() -> None:
    enc = Encounter.for_ruleset(_Skirmish(), ["A", "C", "B"], rng=SeededRng(1))
    assert enc.order == ("C", "B", "A")
    assert enc.round_seconds == 3
    assert enc.actions_per_round == 2
    assert enc.stacking == POLICY


def test_a_wrapped_ruleset_keeps_the_base_traits() -> None:
    base = _Skirmish()
    wrapped = _FewerChecks(_FewerChecks(base))
    assert isinstance(wrapped, Ruleset)
    assert wrapped.round_seconds == Fraction(3)
    assert wrapped.actions_per_round == 2
    assert wrapped.stacking_policy == POLICY
    people = [Combatant("A"), Combatant("C"), Combatant("B")]
    assert list(wrapped.initiative_order(people, ScriptedRng([]))) == ["C", "B", "A"]
    assert (wrapped.id, wrapped.name, wrapped.version) == (
        base.id,
        base.name,
        base.version,
    )
    assert wrapped.labels == base.labels
    assert wrapped.difficulties == base.difficulties
    assert [s.name for s in wrapped.checks()] == [s.name for s in base.checks()][:1]
    a = Encounter.for_ruleset(wrapped, ["A", "C", "B"], rng=SeededRng(1))
    b = Encounter.for_ruleset(base, ["A", "C", "B"], rng=SeededRng(1))
    assert a == b


def test_the_delegating_wrapper_forwards_every_ruleset_member() -> None:
    members = {
        name
        for klass in (Ruleset, EncounterTraits)
        for name in vars(klass)
        if not name.startswith("_")
    }
    own = set(vars(DelegatingRuleset)) - {"base"}
    assert members <= own, members - own


@attrs.frozen
class _View:
    """A test double: the view without any Encounter."""

    clock: Fraction = Fraction(0)
    round: int = 1
    order: tuple[str, ...] = ("A",)
    current: str | None = None
    done: tuple[str, ...] = ()
    started: int = 0
    ended: int = 0
    actions: int = 0
    checks: int = 0

    def turns_started(self, combatant: str) -> int:
        return self.started

    def turns_ended(self, combatant: str) -> int:
        return self.ended

    def actions_used(self, combatant: str) -> int:
        return self.actions

    def checks_made(self, combatant: str) -> int:
        return self.checks

    def signals(self, event: str) -> int:
        return 0

    def is_concentrating(self, combatant: str) -> bool:
        return False


def test_durations_need_only_the_view() -> None:
    view: EncounterView = _View()
    rounds = Rounds(2).bind(view, "A", "A")
    assert rounds == Rounds(2, "A", 2)
    assert rounds.remaining(attrs.evolve(_View(), started=1)) == 1
    assert rounds.is_over(attrs.evolve(_View(), started=2))
    turns = UntilEndOfNextTurns(1).bind(attrs.evolve(_View(), started=1), "A", "A")
    assert turns == UntilEndOfNextTurns(1, "A", 1, 2)
    assert turns.remaining(attrs.evolve(_View(), started=2, ended=1)) == 1
    assert Actions(2).bind(view, "A", "A").is_over(attrs.evolve(_View(), actions=2))
    assert NextChecks().bind(view, "A", "A").remaining(view) == 1
    assert GameTime(6).bind(view, "A", "A").remaining(view) == 6
    assert UntilCondition(lambda s: s.round >= 1).is_over(view)


def test_an_encounter_is_a_view() -> None:
    view: EncounterView = Encounter.create(["A"])
    assert view.turns_started("A") == 0
