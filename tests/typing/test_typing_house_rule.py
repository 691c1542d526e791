"""Typed use of the house-rule pattern of docs/toolkit.md.

mypy checks this file (``files`` in pyproject.toml includes ``tests/typing``);
pytest imports it but it defines no tests: the functions are never called.
A held-out plugin author found ``CheckDefinition.call`` typed ``-> Any``,
so the documented judge that asks the old one ("An optional rule that
changes the odds") failed ``mypy --strict`` with ``no-any-return``.
"""

from __future__ import annotations

from typing import Any

import attrs
from typing_extensions import assert_type

from rollwerk import Degree, Distribution, Outcome
from rollwerk.checks import CheckDefinition, CheckSpec, DiceSpec, Scalar
from rollwerk.errors import RulesError
from rollwerk.i18n import Text
from rollwerk.rulesets import OptionalRule, Ruleset, RulesetSpec


def heroic(ruleset: Ruleset) -> Ruleset:
    """House rule: 11 on the dice is a critical success too."""
    if not isinstance(ruleset, RulesetSpec):
        raise RulesError(f"heroic changes define_ruleset rulesets, not {ruleset!r}")
    catalog = ruleset.catalog

    def changed(spec: CheckSpec) -> CheckSpec:
        definition = CheckDefinition.of(spec)
        if definition is None:
            raise RulesError(f"heroic changes define_check checks, not {spec.name!r}")

        def judge(faces: tuple[int, ...], **params: Any) -> Outcome:
            outcome = definition.call("judge", faces, params=params)
            if sum(faces) == 11 and outcome.success:
                return attrs.evolve(outcome, degree=Degree.CRITICAL_SUCCESS)
            return outcome

        variant = attrs.evolve(definition, judge=judge, odds=None)
        return variant.spec(ruleset.id, catalog)

    return attrs.evolve(ruleset, check_specs=tuple(map(changed, ruleset.check_specs)))


HEROIC = OptionalRule("heroic", "demo", "Heroic elevens", apply=heroic)


def typed_calls(
    definition: CheckDefinition, faces: tuple[int, ...], outcome: Outcome
) -> None:
    params: dict[str, Scalar] = {"skill": 2}
    assert_type(definition.call("judge", faces, params=params), Outcome)
    assert_type(definition.call("odds", params=params), Distribution[Outcome])
    assert_type(definition.call("explain", faces, outcome, params=params), Text)
    assert_type(definition.call("stop", faces, params=params), bool)
    assert_type(definition.call("dice", params=params), DiceSpec)
