"""A ruleset-id clash is reported once, not again by the victim's other hooks.

helper-191: a second distribution declaring ``ds4`` made both refused (as
documented), and then ds4's own fight-rules hook, which looks its ruleset
up, was listed as a failure of its own (``rollwerk_register_fight_rules
raised UnknownRuleset(…)``), blaming the innocent plugin twice.
"""

from __future__ import annotations

from collections.abc import Mapping

from rollwerk.plugins import Registry, hookimpl
from rollwerk.plugins.hookspecs import RegistryView
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyFightRules


class Owner:
    @staticmethod
    @hookimpl
    def rollwerk_register_rulesets() -> list[examples.ToyRuleset]:
        return [examples.ToyRuleset()]

    @staticmethod
    @hookimpl
    def rollwerk_register_fight_rules(
        registry: RegistryView,
    ) -> Mapping[str, ToyFightRules]:
        registry.ruleset("toy")  # looks its own ruleset up, as ds4's does
        return {"toy": ToyFightRules()}


class Squatter:
    @staticmethod
    @hookimpl
    def rollwerk_register_rulesets() -> list[examples.ToyRuleset]:
        return [examples.ToyRuleset()]


class Lookup:
    @staticmethod
    @hookimpl
    def rollwerk_register_fight_rules(
        registry: RegistryView,
    ) -> Mapping[str, ToyFightRules]:
        registry.ruleset("toy")  # not its ruleset: its own failure
        return {"toy": ToyFightRules()}


def test_the_clash_is_the_only_failure_of_its_parties() -> None:
    registry = Registry(load_entrypoints=False, plugins=[Owner(), Squatter()])
    assert registry.fight_rules() == {}
    reasons = sorted((f.plugin, f.reason) for f in registry.failures)
    clash = (
        "ruleset id 'toy' is claimed by plugin 'Owner' and plugin 'Squatter'; "
        "neither is loaded until one is uninstalled"
    )
    assert reasons == [("Owner", clash), ("Squatter", clash)]


def test_a_lookup_of_another_plugins_contested_id_is_still_a_failure() -> None:
    registry = Registry(load_entrypoints=False, plugins=[Owner(), Squatter(), Lookup()])
    assert registry.fight_rules() == {}
    lookup = [f.reason for f in registry.failures if f.plugin == "Lookup"]
    assert len(lookup) == 1
    assert lookup[0].startswith("rollwerk_register_fight_rules raised UnknownRuleset(")
