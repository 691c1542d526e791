"""A plugin's fight rules that misbehave are a PluginFault, exit 3 (issue 17)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from rollwerk.analysis import Fighter, fight
from rollwerk.cli import main
from rollwerk.errors import PluginFault
from rollwerk.plugins import Registry, hookimpl
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyFightRules


class BrokenDamage(ToyFightRules):
    def damage(self, actor: Fighter, target: Fighter, *, attack: int, faced: int):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")


class WrongInitiative(ToyFightRules):
    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        return Fraction(3, 2)


def _registry(rules: ToyFightRules) -> Registry:
    class Plugin:
        @staticmethod
        @hookimpl
        def rollwerk_register_rulesets() -> list[examples.ToyRuleset]:
            return [examples.ToyRuleset()]

        @staticmethod
        @hookimpl
        def rollwerk_register_fight_rules() -> Mapping[str, ToyFightRules]:
            return {"toy": rules}

    return Registry(load_entrypoints=False, plugins=[Plugin()])


def test_fight_rules_raising_is_a_plugin_fault() -> None:
    rules = _registry(BrokenDamage()).fight_rules()["toy"]
    assert isinstance(rules, BrokenDamage)
    with pytest.raises(PluginFault) as info:
        fight(rules, {"hits": 1}, {"hits": 1})
    assert "fight rules damage()" in str(info.value)
    assert "RuntimeError('boom')" in str(info.value)
    assert isinstance(info.value.__cause__, RuntimeError)


def test_fight_rules_returning_the_wrong_value_is_a_plugin_fault() -> None:
    rules = _registry(WrongInitiative()).fight_rules()["toy"]
    with pytest.raises(PluginFault) as info:
        fight(rules, {"hits": 1}, {"hits": 1})
    assert "fight rules initiative()" in str(info.value)
    assert "returned Fraction(3, 2), not a Fraction from 0 to 1" in str(info.value)


def test_cli_fight_with_broken_rules_exits_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            ["fight", "toy", "hits=1", "--vs", "hits=1"],
            registry=_registry(BrokenDamage()),
        )
        == 3
    )
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "fight rules damage()" in err


def test_fight_work_takes_sides_as_fight_does_and_fight_checks_its_budget() -> None:
    from rollwerk.analysis import fight, fight_work
    from rollwerk.errors import ParameterError
    from rollwerk.testing.examples import ToyFightRules

    rules = ToyFightRules()
    side = {"hits": 2}
    # plain parameters, as fight takes them (they were blamed on the plugin)
    assert fight_work(rules, side, side) == fight_work(
        rules, rules.fighter(side), rules.fighter(side)
    )
    with pytest.raises(ParameterError) as info:
        fight(rules, side, side, budget=None)  # type: ignore[arg-type]
    assert str(info.value) == "budget must be an integer >= 0 (work units), got None"
