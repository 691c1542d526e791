"""Core 2.0: the host calls plugins through pluggy, isolates and names failures.

Covers wrappers (``@hookimpl(wrapper=True)``), ``BaseException`` in hooks,
wrong return types, identity clashes (one ruleset id, one entry-point name,
one duration kind claimed twice), entry points read with
``importlib.metadata`` and the duration kinds of the installed plugins.
"""

from __future__ import annotations

import types
from collections.abc import Generator
from typing import Any, ClassVar

import attrs
import pytest

import rollwerk
from rollwerk.encounter import DURATION_KINDS
from rollwerk.plugins import (
    PluginFailure,
    Registry,
    installed_duration_kinds,
    installed_entry_points,
    missing_duration_kind,
)
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyRuleset


class FakeDist:
    def __init__(self, name: str) -> None:
        self.name = name


class FakeEntryPoint:
    def __init__(self, name: str, dist: str | None, plugin: Any) -> None:
        self.name = name
        self.value = f"{dist}.plugin"
        self.dist = FakeDist(dist) if dist else None
        self._plugin = plugin

    def load(self) -> Any:
        return self._plugin


def module_plugin(name: str, **hooks: Any) -> types.ModuleType:
    mod = types.ModuleType(name)
    for hook, func in hooks.items():
        setattr(mod, hook, rollwerk.hookimpl(func))
    return mod


def toy_plugin(name: str, bonus: int = 0) -> types.ModuleType:
    return module_plugin(
        name, rollwerk_register_rulesets=lambda: [ToyRuleset(bonus=bonus)]
    )


# -- wrappers ----------------------------------------------------------------


class Raise:
    """A wrapper plugin that raises every bonus of the rulesets it wraps."""

    @rollwerk.hookimpl(wrapper=True)
    def rollwerk_register_rulesets(self) -> Generator[None, Any, Any]:
        results = yield
        return [[attrs.evolve(rs, bonus=rs.bonus + 5) for rs in r] for r in results]


def test_wrapper_around_register_rulesets_changes_the_result():
    registry = Registry(load_entrypoints=False, plugins=[examples, Raise()])
    assert registry.failures == ()
    assert registry.ruleset("toy") == ToyRuleset(bonus=5)
    assert registry.entries()[0].plugin == "rollwerk.testing.examples"


def test_a_wrapper_that_changes_a_ruleset_is_credited_with_it():
    """A held-out plugin author: a declared wrapper gave another ruleset
    under ``ds4`` and every listing and fault credited rollwerk-ds4 alone."""
    registry = Registry(load_entrypoints=False, plugins=[examples, Raise()])
    (entry,) = registry.entries()
    assert entry.plugin == "rollwerk.testing.examples"
    assert entry.wrapped_by == ("Raise",)


def test_a_wrapper_that_leaves_a_ruleset_as_it_was_is_not_credited():
    class Passing:
        @rollwerk.hookimpl(wrapper=True)
        def rollwerk_register_rulesets(self) -> Generator[None, Any, Any]:
            results = yield
            # a copy equal to the plugin's counts as unchanged too
            return [[attrs.evolve(rs) for rs in r] for r in results]

    registry = Registry(load_entrypoints=False, plugins=[examples, Passing()])
    assert registry.entries()[0].wrapped_by == ()
    assert (
        Registry(load_entrypoints=False, plugins=[examples]).entries()[0].wrapped_by
        == ()
    )


def test_a_fault_of_a_replaced_ruleset_names_the_wrapper():
    from rollwerk.checks import define_check
    from rollwerk.errors import PluginFault
    from rollwerk.rulesets import build_check, define_ruleset

    def judge(face: int) -> bool:
        raise ZeroDivisionError("planted")

    fake = define_ruleset(
        "toy",
        "Not the toy",
        version="9.9",
        checks=[define_check("roll", dice=lambda: [20], judge=judge)],
    )

    class Hijack:
        @rollwerk.hookimpl(wrapper=True)
        def rollwerk_register_rulesets(self) -> Generator[None, Any, Any]:
            results = yield
            return [[fake if rs.id == "toy" else rs for rs in r] for r in results]

    eps = [FakeEntryPoint("toy", "rollwerk-toy", examples)]
    registry = Registry(plugins=[Hijack()], entry_points=eps)
    ruleset = registry.ruleset("toy")
    assert ruleset.name == "Not the toy"
    with pytest.raises(PluginFault) as info:
        build_check(ruleset).resolve(rollwerk.ScriptedRng([7]))
    assert str(info.value) == (
        "plugin 'toy' (distribution rollwerk-toy) failed: toy:roll.resolve "
        "(changed by the wrapper 'Hijack') raised ZeroDivisionError('planted')"
    )


def test_a_wrapper_that_renames_into_a_clash_is_named_in_it():
    from rollwerk.checks import define_check
    from rollwerk.rulesets import define_ruleset

    coin = define_ruleset(
        "coin",
        "Coin",
        version="1.0",
        checks=[define_check("flip", dice=lambda: 2, judge=lambda face: face == 2)],
    )

    class Renamer:
        @rollwerk.hookimpl(wrapper=True)
        def rollwerk_register_rulesets(self) -> Generator[None, Any, Any]:
            results = yield
            return [
                [ToyRuleset(bonus=1) if rs.id == "coin" else rs for rs in r]
                for r in results
            ]

    other = module_plugin("other", rollwerk_register_rulesets=lambda: [coin])
    assert Registry(load_entrypoints=False, plugins=[examples, other]).ids() == [
        "coin",
        "toy",
    ]
    registry = Registry(load_entrypoints=False, plugins=[examples, other, Renamer()])
    assert registry.ids() == []
    assert {f.reason for f in registry.failures} == {
        (
            "ruleset id 'toy' is claimed by plugin 'other' and plugin "
            "'rollwerk.testing.examples'; neither is loaded until one is "
            "uninstalled (changed by the wrapper 'Renamer')"
        )
    }


def test_old_style_hookwrapper_and_wrapper_of_an_entry_point_plugin():
    class Observe:
        seen: ClassVar[list[Any]] = []

        @rollwerk.hookimpl(hookwrapper=True)
        def rollwerk_register_rulesets(self) -> Generator[None, Any, None]:
            outcome = yield
            self.seen.append(outcome.get_result())

    eps = [FakeEntryPoint("good", "rollwerk-good", toy_plugin("good"))]
    registry = Registry(plugins=[Observe()], entry_points=eps)
    assert registry.ids() == ["toy"]
    assert Observe.seen == [[[ToyRuleset()]]]
    assert registry.entries()[0].distribution == "rollwerk-good"


def test_a_broken_wrapper_is_blamed_not_the_plugin_it_wraps():
    class Broken:
        @rollwerk.hookimpl(wrapper=True)
        def rollwerk_register_rulesets(self) -> Generator[None, Any, Any]:
            yield
            raise RuntimeError("wrapper broke")

    registry = Registry(load_entrypoints=False, plugins=[examples, Broken()])
    assert registry.ids() == ["toy"]
    (failure,) = registry.failures
    assert failure.plugin == "Broken"
    assert failure.reason == (
        "as a wrapper: rollwerk_register_rulesets raised RuntimeError('wrapper broke')"
    )


# -- failures are isolated and named ---------------------------------------


class Quit(BaseException):
    pass


@pytest.mark.parametrize(
    "exc", [SystemExit(3), Quit("stop"), GeneratorExit(), ValueError("v")]
)
def test_a_hook_raising_any_base_exception_is_reported(exc):
    def boom() -> Any:
        raise exc

    bad = module_plugin("rollwerk_bad", rollwerk_register_rulesets=boom)
    eps = [FakeEntryPoint("bad", "rollwerk-bad", bad)]
    registry = Registry(plugins=[examples], entry_points=eps)
    assert registry.ids() == ["toy"]
    assert registry.failures == (
        PluginFailure(
            "bad", "rollwerk-bad", f"rollwerk_register_rulesets raised {exc!r}"
        ),
    )


def test_keyboard_interrupt_is_not_swallowed():
    def interrupted() -> Any:
        raise KeyboardInterrupt

    bad = module_plugin("ctrl_c", rollwerk_register_rulesets=interrupted)
    with pytest.raises(KeyboardInterrupt):
        Registry(load_entrypoints=False, plugins=[bad]).ids()


def test_import_raising_a_base_exception_is_reported():
    class Loader(FakeEntryPoint):
        def load(self) -> Any:
            raise Quit("at import")

    eps = [Loader("quits", "rollwerk-quits", None)]
    registry = Registry(plugins=[examples], entry_points=eps)
    assert registry.ids() == ["toy"]
    assert registry.failures == (
        PluginFailure("quits", "rollwerk-quits", "import failed: Quit('at import')"),
    )


@pytest.mark.parametrize(
    ("hook", "value", "reason"),
    [
        (
            "rollwerk_register_rulesets",
            "toy",
            "rollwerk_register_rulesets must return a list, got 'toy'",
        ),
        (
            "rollwerk_register_rulesets",
            None,
            "rollwerk_register_rulesets returned None",
        ),
        (
            "rollwerk_register_optional_rules",
            [1],
            "rollwerk_register_optional_rules must return a list of OptionalRule, got [1]",
        ),
        (
            "rollwerk_register_duration_kinds",
            ["rounds"],
            (
                "rollwerk_register_duration_kinds must return a mapping of kind names "
                "to decoders, got ['rounds']"
            ),
        ),
    ],
)
def test_a_wrong_return_type_names_plugin_and_distribution(hook, value, reason):
    bad = module_plugin("rollwerk_wrong", **{hook: lambda: value})
    eps = [FakeEntryPoint("wrong", "rollwerk-wrong", bad)]
    registry = Registry(plugins=[examples], entry_points=eps)
    registry.duration_kinds()
    assert registry.ids() == ["toy"]
    assert registry.failures == (PluginFailure("wrong", "rollwerk-wrong", reason),)
    assert str(registry.failures[0].error()).startswith(
        "plugin 'wrong' (distribution rollwerk-wrong) failed: "
    )


def test_hooks_receive_the_registry_and_may_take_fewer_arguments():
    seen: list[Any] = []

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self, registry: Registry) -> list[Any]:
            seen.append(registry)
            return [ToyRuleset()]

        @rollwerk.hookimpl
        def rollwerk_register_optional_rules(self, registry: Registry) -> list[Any]:
            seen.append(registry.ids())
            return []

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert registry.ids() == ["toy"]
    assert seen == [registry, ["toy"]]


def test_looking_up_rulesets_while_they_are_collected_is_a_failure():
    def peek(registry: Registry) -> list[Any]:
        return [ToyRuleset()] if registry.ids() else []

    bad = module_plugin("peeker", rollwerk_register_rulesets=peek)
    registry = Registry(load_entrypoints=False, plugins=[bad])
    assert registry.ids() == []
    (failure,) = registry.failures
    assert failure.plugin == "peeker"
    assert "the registry is collecting rulesets" in failure.reason


# -- identity: one name, one owner -----------------------------------------


def test_one_ruleset_id_from_two_distributions_refuses_both():
    eps = [
        FakeEntryPoint("one", "rollwerk-one", toy_plugin("one")),
        FakeEntryPoint("two", "rollwerk-two", toy_plugin("two", bonus=1)),
    ]
    registry = Registry(entry_points=eps)
    assert registry.ids() == []
    reason = (
        "ruleset id 'toy' is claimed by plugin 'one' (distribution rollwerk-one) "
        "and plugin 'two' (distribution rollwerk-two); neither is loaded until "
        "one is uninstalled"
    )
    assert sorted(registry.failures, key=lambda f: f.plugin) == [
        PluginFailure("one", "rollwerk-one", reason),
        PluginFailure("two", "rollwerk-two", reason),
    ]
    with pytest.raises(rollwerk.UnknownRuleset) as info:
        registry.ruleset("toy")
    assert "distribution rollwerk-two" in str(info.value)


def test_one_entry_point_name_from_two_distributions_refuses_both():
    eps = [
        FakeEntryPoint("toy", "rollwerk-toy", toy_plugin("a")),
        FakeEntryPoint("toy", "rollwerk-toy-fork", toy_plugin("b")),
        FakeEntryPoint("other", "rollwerk-other", module_plugin("other")),
    ]
    registry = Registry(entry_points=eps)
    assert registry.ids() == []
    reason = (
        "entry point name 'toy' is claimed by the distributions rollwerk-toy, "
        "rollwerk-toy-fork; none is loaded until all but one are uninstalled"
    )
    assert registry.failures == (
        PluginFailure("toy", "rollwerk-toy", reason),
        PluginFailure("toy", "rollwerk-toy-fork", reason),
    )
    assert registry.pm.has_plugin("other")


def test_one_distribution_seen_twice_is_one_claim():
    plugin = toy_plugin("a")
    eps = [
        FakeEntryPoint("toy", "rollwerk-toy", plugin),
        FakeEntryPoint("toy", "rollwerk-toy", plugin),
    ]
    registry = Registry(entry_points=eps)
    assert registry.ids() == ["toy"]
    assert registry.failures == ()


def test_one_duration_kind_claimed_twice_refuses_both_and_core_kinds_stay():
    def kinds() -> dict[str, Any]:
        return {"toy_scenes": dict, "rounds": dict}

    eps = [
        FakeEntryPoint(
            "one",
            "rollwerk-one",
            module_plugin("one", rollwerk_register_duration_kinds=kinds),
        ),
        FakeEntryPoint(
            "two",
            "rollwerk-two",
            module_plugin("two", rollwerk_register_duration_kinds=kinds),
        ),
    ]
    registry = Registry(entry_points=eps)
    table = registry.duration_kinds()
    assert "toy_scenes" not in table
    assert table["rounds"] is DURATION_KINDS["rounds"]
    reasons = {(f.plugin, f.reason) for f in registry.failures}
    assert ("one", "duration kind 'rounds' is one of the core's kinds") in reasons
    assert (
        "two",
        (
            "duration kind 'toy_scenes' is claimed by plugin 'one' (distribution "
            "rollwerk-one) and plugin 'two' (distribution rollwerk-two); neither is "
            "used until one is uninstalled"
        ),
    ) in reasons
    assert len(registry.failures) == 4


# -- the installed plugins -------------------------------------------------


def test_installed_entry_points_come_from_importlib_metadata():
    from importlib import metadata

    expected = {
        (ep.name, ep.value, ep.dist.name if ep.dist else None)
        for ep in metadata.entry_points(group="rollwerk")
    }
    got = {
        (ep.name, ep.value, ep.dist.name if ep.dist else None)
        for ep in installed_entry_points()
    }
    assert got == expected


def test_installed_plugins_load_without_failures():
    assert Registry(load_entrypoints=True).failures == ()


def test_default_registry_is_used_when_none_is_given(monkeypatch):
    monkeypatch.setattr(rollwerk.plugins._registry, "_DEFAULT", None)
    monkeypatch.delenv("ROLLWERK_NO_ENTRYPOINTS", raising=False)
    kinds = installed_duration_kinds()
    assert set(DURATION_KINDS) <= set(kinds)
    assert kinds == rollwerk.plugins.get_registry().duration_kinds()


def test_missing_duration_kind_names_the_plugin():
    empty = Registry(load_entrypoints=False)
    assert missing_duration_kind("pf2e_rounds", empty) == (
        "no installed plugin registers the duration kind 'pf2e_rounds' "
        "(is the plugin 'pf2e' installed?)"
    )
    assert missing_duration_kind("sagas", empty) == (
        "no installed plugin registers the duration kind 'sagas'"
    )

    def broken() -> Any:
        raise RuntimeError("no")

    eps = [
        FakeEntryPoint(
            "pf2e",
            "rollwerk-pf2e",
            module_plugin("p", rollwerk_register_duration_kinds=broken),
        )
    ]
    failing = Registry(entry_points=eps)
    assert missing_duration_kind("pf2e_rounds", failing) == (
        "no installed plugin registers the duration kind 'pf2e_rounds' (plugin "
        "'pf2e' (distribution rollwerk-pf2e) failed: "
        "rollwerk_register_duration_kinds raised RuntimeError('no'))"
    )


def _saga(*names: str) -> Registry:
    """A registry of one plugin, ``saga``, whose duration kinds are ``names``."""

    def kinds() -> Any:
        return dict.fromkeys(names, DURATION_KINDS["rounds"])

    plugin = module_plugin("s", rollwerk_register_duration_kinds=kinds)
    return Registry(entry_points=[FakeEntryPoint("saga", "rollwerk-saga", plugin)])


def test_a_kind_its_installed_plugin_does_not_have_lists_the_plugins_kinds():
    installed = _saga("saga_chapters", "saga_acts")
    assert missing_duration_kind("saga_verses", installed) == (
        "no installed plugin registers the duration kind 'saga_verses' (the plugin "
        "'saga' is installed; its kinds are saga_acts, saga_chapters)"
    )


def test_a_duration_without_a_kind_lists_the_installed_plugins_kinds(monkeypatch):
    from rollwerk.encounter import duration_from_json
    from rollwerk.errors import SchemaError

    monkeypatch.setattr(rollwerk.plugins._registry, "_DEFAULT", _saga("saga_acts"))
    with pytest.raises(SchemaError) as info:
        duration_from_json({"n": 2})
    assert str(info.value) == (
        "malformed duration JSON: kind is required (one of actions, concentration, "
        "first_of, game_time, instant, next_checks, permanent, rounds, saga_acts, "
        "until_end_of_encounter, until_end_of_next_turns, until_end_of_turn, "
        "until_event)"
    )
