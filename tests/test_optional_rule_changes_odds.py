"""An optional rule that changes a check's odds, as toolkit.md shows it.

A house-rules author had to find ``FaceCheck.definition`` by building a
check (helper-175, session 36); `CheckDefinition.of(spec)` gives the
definition of a `define_check` check's spec, also as the registry hands it
out (guarded), so a rule derives its variant and composes with the rules
before it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk import ScriptedRng, build_check
from rollwerk.checks import (
    CheckDefinition,
    CheckSpec,
    Degree,
    Outcome,
    Parameter,
    define_check,
)
from rollwerk.errors import ParameterError, RulesError
from rollwerk.plugins import Registry
from rollwerk.rulesets import OptionalRule, Ruleset, RulesetSpec, define_ruleset
from rollwerk.testing import assert_check_contract


def _judge(faces: tuple[int, ...], skill: int) -> Outcome:
    total = sum(faces) + skill
    if faces == (6, 6):
        return Outcome(True, Degree.CRITICAL_SUCCESS, total)
    return Outcome(
        total >= 10, Degree.SUCCESS if total >= 10 else Degree.FAILURE, total
    )


TWO_D6 = define_check(
    "check",
    [Parameter("skill", int, min_value=0, max_value=5)],
    dice=[6, 6],
    judge=_judge,
)
DEMO = define_ruleset("demo", "Demo", checks=[TWO_D6])


def _variant(
    name: str, change: Callable[[tuple[int, ...], Outcome], Outcome]
) -> Callable[[Ruleset], Ruleset]:
    """An optional rule's ``apply`` that changes every check's outcomes."""

    def apply(ruleset: Ruleset) -> Ruleset:
        assert isinstance(ruleset, RulesetSpec)

        def changed(spec: CheckSpec) -> CheckSpec:
            definition = CheckDefinition.of(spec)
            if definition is None:
                raise RulesError(
                    f"{name} changes define_check checks, not {spec.name!r}"
                )
            old = definition

            def judge(faces: tuple[int, ...], **params: Any) -> Outcome:
                return change(faces, old.call("judge", faces, params=params))

            variant = attrs.evolve(definition, judge=judge, odds=None)
            return variant.spec(ruleset.id, ruleset.catalog)

        return attrs.evolve(
            ruleset, check_specs=tuple(changed(s) for s in ruleset.check_specs)
        )

    return apply


def _heroic(faces: tuple[int, ...], outcome: Outcome) -> Outcome:
    if sum(faces) == 11 and outcome.success:
        return attrs.evolve(outcome, degree=Degree.CRITICAL_SUCCESS)
    return outcome


def _snake_eyes(faces: tuple[int, ...], outcome: Outcome) -> Outcome:
    if faces == (1, 1):
        return Outcome(False, Degree.CRITICAL_FAILURE, outcome.value)
    return outcome


class _House:
    def __init__(self, *rulesets: Ruleset) -> None:
        self.rulesets = list(rulesets)

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return self.rulesets

    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        return [
            OptionalRule(
                "heroic", "demo", "Heroic elevens", apply=_variant("heroic", _heroic)
            ),
            OptionalRule(
                "snake-eyes",
                "demo",
                "Snake eyes",
                apply=_variant("snake-eyes", _snake_eyes),
            ),
        ]


def _p(ruleset: Ruleset, degree: Degree) -> Fraction:
    return (
        build_check(ruleset, skill=2)
        .outcomes()
        .probability(lambda o: o.degree is degree)
    )


def test_of_gives_the_definition_of_a_define_check_spec() -> None:
    assert CheckDefinition.of(DEMO.check_specs[0]) is TWO_D6
    guarded = Registry(load_entrypoints=False, plugins=[_House(DEMO)]).ruleset("demo")
    (spec,) = guarded.checks()
    assert spec.factory is not DEMO.check_specs[0].factory  # the registry's guard
    assert CheckDefinition.of(spec) is TWO_D6


def test_of_is_none_for_a_hand_written_factory_and_refuses_what_is_no_spec() -> None:
    spec = CheckSpec("check", (), lambda: TWO_D6.build("demo", skill=1))
    assert CheckDefinition.of(spec) is None
    with pytest.raises(ParameterError) as caught:
        CheckDefinition.of("check")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "spec must be a CheckSpec (one of a ruleset's checks()), got 'check'"
    )


def test_a_derived_judge_changes_the_exact_odds() -> None:
    registry = Registry(load_entrypoints=False, plugins=[_House(DEMO)])
    plain = registry.ruleset("demo")
    heroic = registry.ruleset("demo", options=["heroic"])
    assert _p(plain, Degree.CRITICAL_SUCCESS) == Fraction(1, 36)
    assert _p(heroic, Degree.CRITICAL_SUCCESS) == Fraction(3, 36)
    result = build_check(heroic, skill=2).resolve(ScriptedRng([5, 6]))
    assert (result.degree, result.value, result.ruleset) == (
        Degree.CRITICAL_SUCCESS,
        13,
        "demo",
    )
    assert result.explain() == "d6 5, d6 6 → 13: critical success"
    assert_check_contract(build_check(heroic, skill=2), seed=5)


@pytest.mark.parametrize(
    "options", [["heroic", "snake-eyes"], ["snake-eyes", "heroic"]]
)
def test_rules_derived_from_definitions_compose(options: list[str]) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_House(DEMO)])
    both = registry.ruleset("demo", options=options)
    assert _p(both, Degree.CRITICAL_SUCCESS) == Fraction(3, 36)
    assert _p(both, Degree.CRITICAL_FAILURE) == Fraction(1, 36)
    # skill 2: 8 or more on 2d6 succeeds (15 of 36), 6+5, 5+6 and 6+6 critically
    assert _p(both, Degree.SUCCESS) == Fraction(12, 36)
    assert _p(both, Degree.FAILURE) == Fraction(21 - 1, 36)


def test_a_check_without_a_definition_is_refused_not_passed_on() -> None:
    def hand_written(**params: object) -> Any:
        return TWO_D6.build("demo", skill=params.get("skill", 0))

    spec = CheckSpec("check", TWO_D6.parameters, hand_written)
    ruleset = define_ruleset("demo", "Demo", checks=[spec])
    with pytest.raises(RulesError) as caught:
        _variant("heroic", _heroic)(ruleset)
    assert str(caught.value) == "heroic changes define_check checks, not 'check'"


def test_an_option_asked_twice_is_applied_once() -> None:
    registry = Registry(load_entrypoints=False, plugins=[_House(DEMO)])
    twice = registry.ruleset("demo", options=["heroic", "heroic"])
    assert _p(twice, Degree.CRITICAL_SUCCESS) == Fraction(3, 36)
    assert twice is registry.ruleset("demo", options=["heroic"])


class _Broken:
    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        def twice(ruleset: Ruleset) -> Ruleset:
            return define_ruleset("demo", "Demo", checks=[TWO_D6, TWO_D6])

        def refuses(ruleset: Ruleset) -> Ruleset:
            raise RulesError("the optional rule 'refuses' needs heroic first")

        return [
            OptionalRule("twice", "demo", "Twice", apply=twice),
            OptionalRule("refuses", "demo", "Refuses", apply=refuses),
        ]


def test_a_rollwerk_error_of_apply_names_the_rule_and_its_plugin() -> None:
    registry = Registry(load_entrypoints=False, plugins=[_House(DEMO), _Broken()])
    with pytest.raises(ParameterError) as caught:
        registry.ruleset("demo", options=["twice"])
    assert str(caught.value) == (
        "optional rule 'twice' (plugin '_Broken'): check name must be unique "
        "within the ruleset, got 'check'"
    )
    with pytest.raises(RulesError) as refused:
        registry.ruleset("demo", options=["refuses"])
    assert str(refused.value) == "the optional rule 'refuses' needs heroic first"
