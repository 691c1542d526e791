"""A definition derived with attrs.evolve is checked as define_check's (h199).

toolkit.md's house-rule pattern derives a variant with ``attrs.evolve``; it
skipped every declaration check, so a judge needing a parameter another
check lacks failed on the first roll as a ``TypeError``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk.checks import (
    CheckDefinition,
    Degree,
    Outcome,
    Parameter,
    define_check,
)
from rollwerk.errors import ParameterError
from rollwerk.plugins import Registry
from rollwerk.rulesets import OptionalRule, Ruleset, define_ruleset


def _judge(faces: tuple[int, ...], *, skill: int) -> Outcome:
    total = faces[0] + skill
    return Outcome(
        total >= 10, Degree.SUCCESS if total >= 10 else Degree.FAILURE, total
    )


BASE = define_check(
    "action",
    [Parameter("skill", int, min_value=0, max_value=5)],
    dice=[(10, "action")],
    judge=_judge,
)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"judge": lambda faces, skil: None},
            (
                "judge parameter must be a parameter the check declares ('skill') or "
                "one with a default, got 'skil'"
            ),
        ),
        (
            {"explode": frozenset({"nope"})},
            "explode must be roles of the declared dice ('action'), got ['nope']",
        ),
        (
            {"name": "a b"},
            "name must be a word without spaces, dots or colons, got 'a b'",
        ),
        (
            {"stop": lambda faces: True, "unordered": True},
            "unordered must be False with a stop rule (it reads the order), got True",
        ),
        ({"budget": 0}, "budget must be an integer >= 1, got 0"),
    ],
)
def test_an_evolved_definition_is_checked(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        attrs.evolve(BASE, **changes)
    assert str(info.value) == message


def test_a_valid_variant_keeps_the_checked_values() -> None:
    variant = attrs.evolve(BASE, dice=[(10, "action"), (10, "action")])
    assert variant.dice == ((10, "action"), (10, "action"))
    assert variant.explode is False


def test_a_rule_for_one_check_applied_to_another_is_refused_when_applied() -> None:
    progress = define_check(
        "progress",
        [Parameter("progress", int, min_value=0, max_value=10)],
        dice=[(10, "challenge")],
        judge=lambda faces, progress: Outcome(
            progress > faces[0],
            Degree.SUCCESS if progress > faces[0] else Degree.FAILURE,
            progress,
        ),
    )
    demo = define_ruleset("demo", "Demo", checks=[BASE, progress])

    def momentum(ruleset: Ruleset) -> Ruleset:
        def changed(spec: Any) -> Any:
            definition = CheckDefinition.of(spec)
            assert definition is not None

            def judge(faces: tuple[int, ...], skill: int) -> Outcome:
                return definition.call("judge", faces, params={"skill": skill})

            return attrs.evolve(definition, judge=judge, odds=None).spec(ruleset.id)

        specs = tuple(map(changed, ruleset.check_specs))  # type: ignore[attr-defined]
        return attrs.evolve(ruleset, check_specs=specs)  # type: ignore[misc]

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Ruleset]:
            return [demo]

        @rollwerk.hookimpl
        def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
            return [OptionalRule("momentum", "demo", "Momentum", apply=momentum)]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    with pytest.raises(ParameterError) as info:
        registry.ruleset("demo", options=["momentum"])
    assert str(info.value) == (
        "optional rule 'momentum' (plugin 'Plugin'): judge parameter must be a "
        "parameter the check declares ('progress') or one with a default, got 'skill'"
    )
