"""Caller mistakes in fight() and fight_work() are ParameterErrors, not PluginFaults.

A side that is neither a dict nor a Fighter, or a hand-built Fighter whose
parameters are not exactly the rules' side parameters, is refused by the
core before any plugin code runs, naming the side; a plugin's own failure
stays a PluginFault. Uses the toy ruleset's fight rules only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

import pytest

from rollwerk.analysis import Fighter, fight, fight_work
from rollwerk.distribution import Distribution
from rollwerk.errors import ParameterError, PluginFault
from rollwerk.plugins import Registry, hookimpl
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyFightRules

TOY = ToyFightRules()
NAMES = "hits, speed, attacks, sharp"
GOOD = TOY.fighter({"hits": 2})
CALLS: list[Callable[..., object]] = [fight, fight_work]


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("bad", [None, 5, "hits=2", [("hits", 2)]])
def test_a_side_of_the_wrong_type_names_the_side(
    call: Callable[..., object], bad: object
) -> None:
    with pytest.raises(ParameterError) as info:
        call(TOY, bad, GOOD)
    assert str(info.value) == (
        "first must be a dict of the toy side parameters "
        f"({NAMES}) or a Fighter, got {bad!r}"
    )
    assert info.value.parameter == "first"
    with pytest.raises(ParameterError) as info:
        call(TOY, {"hits": 2}, bad)
    assert str(info.value).startswith("second must be a dict of the toy side")


@pytest.mark.parametrize("call", CALLS)
def test_a_fighter_without_its_parameters_names_the_first_missing(
    call: Callable[..., object],
) -> None:
    with pytest.raises(ParameterError) as info:
        call(TOY, GOOD, Fighter({}, 5))
    assert str(info.value) == (
        "hits of the second side's Fighter is required (an integer from 1 to "
        "1000; a Fighter carries every side parameter, defaults filled in)"
    )
    assert info.value.missing
    # a parameter with a default is still required in a built Fighter
    partial = Fighter({"hits": 2, "speed": 0, "attacks": 1}, 2)
    with pytest.raises(ParameterError) as info:
        call(TOY, partial, GOOD)
    assert str(info.value) == (
        "sharp of the first side's Fighter is required (true or false; a "
        "Fighter carries every side parameter, defaults filled in)"
    )


@pytest.mark.parametrize("call", CALLS)
def test_a_fighter_with_an_unknown_parameter_is_refused(
    call: Callable[..., object],
) -> None:
    other = Fighter(dict(GOOD.parameters, defense_reduction=0), 2)
    with pytest.raises(ParameterError) as info:
        call(TOY, other, GOOD)
    assert str(info.value) == (
        "parameter of the first side's Fighter must be one of the toy side "
        f"parameters: {NAMES}, got 'defense_reduction'"
    )


@pytest.mark.parametrize("call", CALLS)
def test_a_fighter_value_out_of_range_is_refused_as_fighter_refuses_it(
    call: Callable[..., object],
) -> None:
    with pytest.raises(ParameterError) as info:
        call(TOY, GOOD, Fighter(dict(GOOD.parameters, attacks=9), 2))
    assert str(info.value) == (
        "attacks of the second side's Fighter must be an integer from 1 to 3, got 9"
    )
    with pytest.raises(ParameterError) as info:
        call(TOY, Fighter(dict(GOOD.parameters, hits=True), 2), GOOD)
    assert str(info.value) == (
        "hits of the first side's Fighter must be an integer from 1 to 1000, got True"
    )


def test_a_fighter_as_fighter_builds_it_is_accepted_with_its_own_health() -> None:
    by_dict = fight(TOY, {"hits": 2}, {"hits": 1}, max_rounds=2)
    built = fight(TOY, TOY.fighter({"hits": 2}), TOY.fighter({"hits": 1}), max_rounds=2)
    assert built == by_dict
    assert (built.first, built.second, built.undecided) == (
        Fraction(23, 32),
        Fraction(3, 32),
        Fraction(3, 16),
    )
    # a hand-built Fighter with every parameter: its health is its own
    hand = Fighter({"hits": 2, "speed": 0, "attacks": 1, "sharp": False}, 2)
    assert fight(TOY, hand, {"hits": 1}, max_rounds=2) == by_dict


class _CountingToy(ToyFightRules):
    """Counts the damage calls: a refused side must not reach them."""

    calls: list[int] = []  # noqa: RUF012 - a log shared by the test

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        self.calls.append(attack)
        return super().damage(actor, target, attack=attack, faced=faced)


def test_a_refused_side_reaches_no_damage_call() -> None:
    rules = _CountingToy()
    with pytest.raises(ParameterError):
        fight(rules, GOOD, Fighter({}, 5))
    with pytest.raises(ParameterError):
        fight_work(rules, None, GOOD)  # type: ignore[arg-type]
    assert _CountingToy.calls == []


class _BrokenDamage(ToyFightRules):
    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        raise KeyError("attack")


def _registered(rules: ToyFightRules) -> Registry:
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


def test_a_plugins_own_failure_stays_a_plugin_fault() -> None:
    rules = _registered(_BrokenDamage()).fight_rules()["toy"]
    with pytest.raises(ParameterError):  # the caller's mistake first
        fight(rules, None, GOOD)  # type: ignore[arg-type]
    with pytest.raises(PluginFault) as info:  # a good side: the plugin's fault
        fight(rules, GOOD, GOOD)
    assert "fight rules damage() raised KeyError('attack')" in str(info.value)


def test_option_is_refused_by_fight_rules_that_cannot_take_a_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--option`` needs the rules' ``with_ruleset``; the toy's have none."""
    from rollwerk.cli import main

    registry = Registry(load_entrypoints=False, plugins=[examples])
    words = ["fight", "toy", "hits=2", "--vs", "hits=1", "--rounds", "2"]
    assert main([*words, "--option", "generous"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: --option must be left out: the toy fight rules take "
        "no optional rules, got 'generous'\n"
    )
    # an option the ruleset does not offer is refused by the registry first
    assert main([*words, "--option", "nope"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: --option must be one of: generous for ruleset 'toy', "
        "got 'nope'\n"
    )
    assert main(words, registry=registry) == 0
    assert capsys.readouterr().out.startswith("toy fight: hits=2 ")


def test_fight_rules_over_options_are_guarded_too() -> None:
    """``with_ruleset`` and the rules it returns are the plugin's code: a
    failure there is a ``PluginFault`` naming the plugin, as a check's is."""
    import contextlib
    import io

    import attrs

    import rollwerk
    from rollwerk.cli._main import main
    from rollwerk.plugins import Registry
    from rollwerk.testing import examples

    @attrs.frozen
    class Broken(examples.ToyFightRules):
        def with_ruleset(self, ruleset: object) -> examples.ToyFightRules:
            raise ZeroDivisionError("planted")

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules(self) -> dict[str, object]:
            return {"toy": Broken()}

    class NoFights:
        """The examples' rulesets and optional rules, without their fight rules."""

        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[object]:
            return examples.rollwerk_register_rulesets()

        @rollwerk.hookimpl
        def rollwerk_register_optional_rules(self) -> list[object]:
            return examples.rollwerk_register_optional_rules()

    registry = Registry(load_entrypoints=False, plugins=[NoFights(), Plugin()])
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(
            ["fight", "toy", "hits=3", "--vs", "hits=3", "--option", "generous"],
            registry=registry,
        )
    assert code == 3
    assert "fight rules with_ruleset() raised ZeroDivisionError('planted')" in (
        err.getvalue()
    )
