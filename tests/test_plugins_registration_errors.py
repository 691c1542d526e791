"""Registering a plugin the registry cannot hold, and why a ruleset is missing.

``Registry.register`` refuses what pluggy would choke on later (an
unhashable object, a second registration, a taken name, a hook that does
not match its specification) with a ``PluginError`` naming the plugin; an
entry point that loads an unhashable object is a load failure. An unknown
ruleset id whose absence no failure explains points to the failures when
some plugin failed to load.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any

import pytest

import rollwerk
from rollwerk.cli._main import main
from rollwerk.errors import PluginError, RollwerkError, UnknownRuleset
from rollwerk.plugins import PluginFailure, Registry
from rollwerk.plugins._registry import FAILURES_POINTER, UNHASHABLE
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyRuleset

_MUST = (
    "a plugin must be hashable: a module, a class, or an instance whose class "
    "keeps object.__hash__ (defining __eq__ without __hash__, as @dataclass "
    "does, removes it; @dataclass(eq=False) keeps it)"
)


@dataclasses.dataclass
class ValuePlugin:
    """A dataclass plugin: ``eq=True`` sets ``__hash__`` to ``None``."""

    bonus: int = 0

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        return [ToyRuleset(bonus=self.bonus)]


class Raising:
    """A plugin whose ``__hash__`` raises something else than TypeError."""

    def __hash__(self) -> int:
        raise RuntimeError("no hash today")


class Broken:
    """A plugin whose rulesets hook raises: it fails to load."""

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        raise RuntimeError("boom")


class FakeEntryPoint:
    """A hand-made entry point (no group): loads ``obj``."""

    def __init__(self, name: str, obj: object) -> None:
        self.name = name
        self.value = f"{name}_module"
        self.dist = types.SimpleNamespace(name=f"rollwerk-{name}")
        self._obj = obj

    def load(self) -> object:
        return self._obj


def test_unhashable_plugin_is_a_plugin_error_naming_it_and_what_is_allowed() -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    with pytest.raises(PluginError) as info:
        registry.register(ValuePlugin())
    assert isinstance(info.value, RollwerkError)
    assert not isinstance(info.value, TypeError)
    assert info.value.plugin == "ValuePlugin"
    assert UNHASHABLE == _MUST
    assert str(info.value) == (
        "plugin 'ValuePlugin' failed: registration failed: the object is "
        f"unhashable (TypeError: unhashable type: 'ValuePlugin'); {_MUST}"
    )
    # nothing was registered: the other plugins still work
    assert registry.ids() == ["toy"]
    assert registry.failures == ()


def test_unhashable_plugin_is_named_by_the_name_given() -> None:
    registry = Registry(load_entrypoints=False)
    with pytest.raises(PluginError) as info:
        registry.register(ValuePlugin(), name="values")
    assert str(info.value).startswith(
        "plugin 'values' failed: registration failed: the object is unhashable "
        "(TypeError: unhashable type: 'ValuePlugin'); "
    )
    with pytest.raises(PluginError) as info:
        Registry(load_entrypoints=False, plugins=[[]])
    assert str(info.value) == (
        "plugin 'list' failed: registration failed: the object is unhashable "
        f"(TypeError: unhashable type: 'list'); {_MUST}"
    )


def test_a_hash_that_raises_anything_is_refused_the_same_way() -> None:
    with pytest.raises(PluginError) as info:
        Registry(load_entrypoints=False).register(Raising())
    assert str(info.value) == (
        "plugin 'Raising' failed: registration failed: the object is unhashable "
        f"(RuntimeError: no hash today); {_MUST}"
    )


def test_a_hashable_dataclass_registers() -> None:
    @dataclasses.dataclass(eq=False)
    class ByIdentity:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [ToyRuleset()]

    registry = Registry(load_entrypoints=False, plugins=[ByIdentity()])
    assert registry.ids() == ["toy"]


def test_an_unhashable_entry_point_is_a_load_failure_and_spares_the_others() -> None:
    registry = Registry(
        entry_points=[
            FakeEntryPoint("values", ValuePlugin(bonus=1)),
            FakeEntryPoint("toy", examples),
        ]
    )
    assert registry.ids() == ["toy"]
    assert registry.failures == (
        PluginFailure(
            "values",
            "rollwerk-values",
            "registration failed: the object is unhashable (TypeError: "
            f"unhashable type: 'ValuePlugin'); {_MUST}",
        ),
    )


def test_registering_twice_or_under_a_taken_name_is_a_plugin_error() -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    with pytest.raises(PluginError) as info:
        registry.register(examples)
    assert str(info.value) == (
        "plugin 'rollwerk.testing.examples' failed: registration failed: it is "
        "registered already as 'rollwerk.testing.examples' (a plugin is "
        "registered once)"
    )
    with pytest.raises(PluginError) as info:
        registry.register(Broken(), name="rollwerk.testing.examples")
    assert str(info.value) == (
        "plugin 'rollwerk.testing.examples' failed: registration failed: another "
        "plugin is registered as 'rollwerk.testing.examples'; pass another name"
    )
    with pytest.raises(PluginError) as info:
        registry.register(Broken(), name=3)  # type: ignore[arg-type]
    assert str(info.value) == (
        "plugin 'Broken' failed: registration failed: name must be a string, got 3"
    )
    assert registry.ids() == ["toy"]


def test_a_hook_that_does_not_match_its_specification_is_a_plugin_error() -> None:
    class Extra:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self, registry: Any, extra: Any) -> list[Any]:
            return []  # pragma: no cover - refused at registration

    with pytest.raises(PluginError) as info:
        Registry(load_entrypoints=False).register(Extra())
    assert str(info.value) == (
        "plugin 'Extra' failed: registration failed: Plugin 'Extra' for hook "
        "'rollwerk_register_rulesets' hookimpl definition: "
        "rollwerk_register_rulesets(registry: 'Any', extra: 'Any') -> 'list[Any]' "
        "Argument(s) {'extra'} are "
        "declared in the hookimpl but can not be found in the hookspec"
    )


# -- an unknown ruleset points to the failures --------------------------------


def test_unknown_ruleset_points_to_the_failures_when_a_plugin_failed() -> None:
    assert FAILURES_POINTER == "see Registry.failures"
    registry = Registry(load_entrypoints=False, plugins=[Broken()])
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("mine")
    assert str(info.value) == (
        "ruleset must be the id of an installed ruleset (none is installed), got 'mine' "
        "(1 plugin failed to load: see Registry.failures)"
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, Broken()])
    registry.register(Broken(), name="other")
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("mine")
    assert str(info.value) == (
        "ruleset must be one of: toy, got 'mine' "
        "(2 plugins failed to load: see Registry.failures)"
    )


def test_two_distributions_claiming_one_name_count_as_two_failures() -> None:
    """A held-out plugin author: two distributions declaring the entry point
    ``tiny`` gave two failures, and the pointer said "1 plugin failed"."""
    fork = FakeEntryPoint("tiny", examples)
    fork.dist = types.SimpleNamespace(name="rollwerk-tiny-fork")
    registry = Registry(entry_points=[FakeEntryPoint("tiny", examples), fork])
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("mine")
    assert len(registry.failures) == 2
    assert str(info.value) == (
        "ruleset must be the id of an installed ruleset (none is installed), got 'mine' "
        "(2 plugins failed to load: see Registry.failures)"
    )


def test_unknown_ruleset_says_nothing_more_when_every_plugin_loaded() -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("mine")
    assert str(info.value) == "ruleset must be one of: toy, got 'mine'"


def test_an_explained_failure_is_not_pointed_to_again() -> None:
    """A failure of the plugin named like the id says why; no pointer."""
    registry = Registry(entry_points=[FakeEntryPoint("mine", Broken())])
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("mine")
    assert str(info.value) == (
        "ruleset must be the id of an installed ruleset (none is installed), got 'mine' (plugin 'mine' "
        "(distribution rollwerk-mine) failed: rollwerk_register_rulesets raised "
        "RuntimeError('boom'))"
    )


def test_a_failure_of_a_plugin_not_yet_imported_is_found() -> None:
    """The lookup imports only what the id needs; a miss loads the rest."""
    registry = Registry(
        entry_points=[
            FakeEntryPoint("toy", examples),
            FakeEntryPoint("broken", Broken()),
        ]
    )
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("mine")
    assert str(info.value) == (
        "ruleset must be one of: toy, got 'mine' "
        "(1 plugin failed to load: see Registry.failures)"
    )
    assert [f.plugin for f in registry.failures] == ["broken"]


def test_cli_points_to_rollwerk_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples, Broken()])
    for argv in (["check", "mine"], ["odds", "mine"], ["contest", "mine", "--vs"]):
        assert main(argv, registry=registry) == 2
        out, err = capsys.readouterr()
        assert (out, err) == (
            "",
            (
                "rollwerk: error: ruleset must be one of: toy, got 'mine' "
                "(1 plugin failed to load: see `rollwerk rulesets`)\n"
            ),
        )
    assert main(["rulesets"], registry=registry) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "plugins that failed to load:",
        (
            "  plugin 'Broken' failed: rollwerk_register_rulesets raised "
            "RuntimeError('boom')"
        ),
    ]


class Misspelt:
    """A plugin whose only hook function is one letter short of its hook."""

    @rollwerk.hookimpl
    def rollwerk_register_ruleset(self) -> list[Any]:
        return [ToyRuleset()]


class WithOptional:
    """A plugin with a hook of a later rollwerk, marked optional, and a real one."""

    @rollwerk.hookimpl(optionalhook=True)
    def rollwerk_register_widgets(self) -> list[Any]:
        return []

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        return [ToyRuleset()]


_UNKNOWN = (
    "registration failed: it has @rollwerk.hookimpl functions no rollwerk hook "
    "specifies: rollwerk_register_ruleset (did you mean "
    "rollwerk_register_rulesets?); the hooks are rollwerk_register_catalogs, "
    "rollwerk_register_dialects, rollwerk_register_duration_kinds, "
    "rollwerk_register_fight_rules, rollwerk_register_optional_rules, "
    "rollwerk_register_rulesets"
)


def test_a_misspelt_hook_function_is_refused_naming_the_hook_it_missed() -> None:
    registry = Registry(load_entrypoints=False)
    with pytest.raises(PluginError) as info:
        registry.register(Misspelt())
    assert str(info.value) == f"plugin 'Misspelt' failed: {_UNKNOWN}"
    # unregistered: the same object registers nowhere else, the registry works
    assert registry.ids() == []
    assert registry.failures == ()


def test_a_misspelt_hook_in_an_entry_point_is_a_load_failure() -> None:
    registry = Registry(
        entry_points=[
            FakeEntryPoint("typo", Misspelt()),
            FakeEntryPoint("toy", examples),
        ]
    )
    assert registry.ids() == ["toy"]
    assert registry.failures == (PluginFailure("typo", "rollwerk-typo", _UNKNOWN),)


def test_an_optional_hook_no_rollwerk_specifies_is_accepted() -> None:
    registry = Registry(load_entrypoints=False, plugins=[WithOptional()])
    assert registry.ids() == ["toy"]
    assert registry.failures == ()
