"""A plugin's fight rules that return the wrong kind of value are its fault.

helper-h206: ``damage()`` with a negative damage and ``fighter()`` without a
side parameter were reported as the caller's ``ParameterError`` (exit code
2), the second blaming a ``Fighter`` the user never built, and
``with_ruleset()`` returning a string was an internal error (exit code 1).
Each is now a ``PluginFault`` naming the plugin (exit code 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import rollwerk
from rollwerk import Distribution
from rollwerk.analysis import Fighter, fight
from rollwerk.checks import Scalar
from rollwerk.cli._main import main
from rollwerk.errors import PluginFault
from rollwerk.plugins import Registry
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyFightRules


class NegativeDamage(ToyFightRules):
    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        return Distribution.uniform([-2, 0, 3])


class ForgetfulFighter(ToyFightRules):
    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        built = super().fighter(values)
        kept = {k: v for k, v in built.parameters.items() if k != "sharp"}
        return Fighter(kept, health=built.health)


class StringVariant(ToyFightRules):
    def with_ruleset(self, ruleset: Any) -> Any:
        return "same"


def _registry(rules: ToyFightRules) -> Registry:
    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_rulesets() -> list[examples.ToyRuleset]:
            return [examples.ToyRuleset()]

        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules() -> dict[str, ToyFightRules]:
            return {"toy": rules}

        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_optional_rules() -> list[Any]:
            return examples.rollwerk_register_optional_rules()

    return Registry(load_entrypoints=False, plugins=[Plugin])


def _fault(rules: ToyFightRules) -> str:
    guarded = _registry(rules).fight_rules()["toy"]
    with pytest.raises(PluginFault) as info:
        fight(guarded, {"hits": 2}, {"hits": 2}, max_rounds=3)
    return str(info.value)


def test_a_negative_damage_is_the_plugin_s_fault() -> None:
    assert _fault(NegativeDamage()) == (
        "plugin 'Plugin' failed: fight rules damage() returned "
        "Distribution({-2: 1/3, 0: 1/3, 3: 1/3}), not a Distribution of "
        "integers >= 0"
    )


def test_a_fighter_without_a_side_parameter_is_the_plugin_s_fault() -> None:
    message = _fault(ForgetfulFighter())
    assert message.startswith("plugin 'Plugin' failed: fight rules fighter() returned ")
    assert message.endswith(
        ", not a Fighter with every side parameter (hits, speed, attacks, sharp) "
        "and no other, defaults filled in"
    )


def test_with_ruleset_returning_no_fight_rules_is_the_plugin_s_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = _registry(StringVariant())
    argv = ["fight", "toy", "hits=2", "--vs", "hits=2", "--option", "generous"]
    assert main(argv, registry=registry) == 3
    assert capsys.readouterr().err == (
        "rollwerk: error: plugin 'Plugin' failed: fight rules with_ruleset() "
        "returned 'same', not fight rules (a FightRules)\n"
    )


def test_the_cli_says_exit_3_for_a_negative_damage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = _registry(NegativeDamage())
    assert main(["fight", "toy", "hits=2", "--vs", "hits=2"], registry=registry) == 3
    assert "not a Distribution of integers >= 0" in capsys.readouterr().err


def test_fight_rules_refused_at_registration_are_named_by_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``rollwerk fight duel`` said only "must be one with fight rules: …"
    when the plugin's rules for ``duel`` had been refused."""

    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_rulesets() -> list[examples.ToyRuleset]:
            return [examples.ToyRuleset()]

        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules() -> dict[str, Any]:
            return {"toy": "rules"}

    registry = Registry(load_entrypoints=False, plugins=[Plugin])
    assert main(["fight", "toy", "hits=2", "--vs", "hits=2"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: ruleset for fights must be one with fight rules (none "
        "is installed), got 'toy' (plugin 'Plugin' failed: "
        "rollwerk_register_fight_rules: the rules for 'toy' must be FightRules, "
        "got 'rules' (it has no ruleset, parameters, fighter, initiative, "
        "attacks, damage))\n"
    )
