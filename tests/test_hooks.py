"""Every hook: its own test, and meta-tests that keep the hooks documented.

As in datasette: every hook specification in `rollwerk.plugins.hookspecs` must appear
in ``docs/plugins.md`` with its exact signature, and must have a test here
(or in another test file) called ``test_hook_<hook name>``.
"""

from __future__ import annotations

import inspect
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import rollwerk
from rollwerk import Ruleset
from rollwerk.checks import Parameter
from rollwerk.plugins import Registry, hookspecs
from rollwerk.rulesets import OptionalRule
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyFightRules, ToyRuleset

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "plugins.md"


def hook_names() -> list[str]:
    return sorted(
        name
        for name, obj in vars(hookspecs).items()
        if callable(obj) and hasattr(obj, "rollwerk_spec")
    )


def signature_text(name: str) -> str:
    """``def name(arg: T, ...) -> R`` exactly as written in the module."""
    sig = inspect.signature(getattr(hookspecs, name))
    params = ", ".join(
        p.name
        if p.annotation is inspect.Parameter.empty
        else f"{p.name}: {p.annotation}"
        for p in sig.parameters.values()
    )
    return f"def {name}({params}) -> {sig.return_annotation}"


def test_the_core_hooks_exist():
    assert {
        "rollwerk_register_rulesets",
        "rollwerk_register_optional_rules",
        "rollwerk_register_duration_kinds",
    } <= set(hook_names())


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_is_documented_with_its_signature(name):
    text = DOCS.read_text(encoding="utf-8")
    assert f"### `{name}`" in text, f"docs/plugins.md has no section for {name}"
    assert signature_text(name) in text, (
        f"docs/plugins.md must show the signature {signature_text(name)!r}"
    )


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_has_a_test(name):
    pattern = re.compile(rf"^def test_hook_{name}\b", re.MULTILINE)
    files = [*ROOT.glob("tests/**/*.py")]
    assert any(pattern.search(f.read_text(encoding="utf-8")) for f in files), (
        f"no test called test_hook_{name}"
    )


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_is_exported_and_explained(name):
    assert name in hookspecs.__all__
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    assert "Returns:" in doc
    assert "Example:" in doc
    assert "Used by:" in doc
    assert "firstresult" in doc


def test_hookimpl_is_reexported():
    assert rollwerk.hookimpl is hookspecs.hookimpl
    assert hookspecs.hookimpl.project_name == "rollwerk"
    assert hookspecs.hookspec.project_name == "rollwerk"


def test_hook_rollwerk_register_rulesets():
    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Ruleset]:
            return [ToyRuleset()]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert registry.ids() == ["toy"]
    entry = registry.entries()[0]
    assert entry.plugin == "Plugin"
    assert entry.distribution is None
    assert entry.ruleset == ToyRuleset()
    # Through pluggy itself, the lists of all plugins are combined.
    registry.register(examples)
    results: Any = registry.pm.hook.rollwerk_register_rulesets(registry=registry)
    assert results == [[ToyRuleset()], [ToyRuleset()]]


def test_hook_rollwerk_register_optional_rules():
    def double(ruleset: Ruleset) -> Ruleset:
        assert isinstance(ruleset, ToyRuleset)
        return ToyRuleset(bonus=ruleset.bonus * 10 + 2)

    class HouseRules:
        @rollwerk.hookimpl
        def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
            return [OptionalRule("house", "toy", "House rule", apply=double)]

    registry = Registry(load_entrypoints=False, plugins=[examples, HouseRules()])
    assert sorted(o.id for o in registry.optional_rules("toy")) == ["generous", "house"]
    # Rules are applied in the order asked for, each to the result of the last.
    assert registry.ruleset("toy", options=["generous", "house"]).bonus == 12
    assert registry.ruleset("toy", options=["house", "generous"]).bonus == 3
    assert registry.ruleset("toy") == ToyRuleset()


def test_hook_rollwerk_register_duration_kinds():
    from rollwerk.encounter import DURATION_KINDS, Rounds

    class Scenes(Rounds):
        kind = "toy_scenes"  # type: ignore[assignment]

    seen: list[object] = []

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_duration_kinds(self, registry: Registry) -> Any:
            seen.append(registry)
            return {"toy_scenes": Scenes.from_json}

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    kinds = registry.duration_kinds()
    assert seen == [registry]
    assert kinds["toy_scenes"] == Scenes.from_json
    assert set(kinds) == {*DURATION_KINDS, "toy_scenes"}
    entry = registry.duration_kind_entries()["toy_scenes"]
    assert (entry.plugin, entry.distribution) == ("Plugin", None)
    assert registry.duration_kind_entries()["rounds"].plugin is None
    assert registry.failures == ()


def test_hook_rollwerk_register_fight_rules():
    from rollwerk.analysis import fight
    from rollwerk.testing.examples import ToyFightRules

    seen: list[object] = []

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules(self, registry: Registry) -> Any:
            seen.append(registry.ids())  # the rulesets are loaded already
            return {"toy": ToyFightRules()}

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    rules = registry.fight_rules()
    assert rules == {"toy": ToyFightRules()}
    assert seen == [[]]
    assert fight(rules["toy"], {}, {}, max_rounds=1).undecided == Fraction(1, 4)
    assert registry.failures == ()

    # One id, one owner: two plugins claiming "toy" are both refused.
    clash = Registry(load_entrypoints=False, plugins=[examples, Plugin()])
    assert clash.fight_rules() == {}
    reasons = {(f.plugin, f.reason) for f in clash.failures}
    reason = (
        "fight rules for ruleset 'toy' are claimed by plugin 'Plugin' and "
        "plugin 'rollwerk.testing.examples'; neither is used until one is uninstalled"
    )
    assert reasons == {("Plugin", reason), ("rollwerk.testing.examples", reason)}

    class Wrong:
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules(self) -> Any:
            return {"other": ToyFightRules()}

    bad = Registry(load_entrypoints=False, plugins=[Wrong()])
    assert bad.fight_rules() == {}
    (failure,) = bad.failures
    assert failure.plugin == "Wrong"
    assert failure.reason == (
        "rollwerk_register_fight_rules: the rules for 'other' must have the "
        "ruleset 'other', got 'toy'"
    )


class _Counting(ToyFightRules):
    """Fight rules that declare a side parameter named ``count``."""

    def parameters(self) -> Any:
        return (
            *super().parameters(),
            Parameter("count", int, default=1, min_value=1, max_value=9),
        )


@pytest.mark.parametrize(
    ("returned", "reason"),
    [
        (
            [{"toy": "rules"}],
            (
                "rollwerk_register_fight_rules: the rules for 'toy' must be "
                "FightRules, got 'rules' (it has no ruleset, parameters, fighter, "
                "initiative, attacks, damage)"
            ),
        ),
        (
            [{1: ToyFightRules()}],
            "rollwerk_register_fight_rules: a key must be a ruleset id, got 1",
        ),
        (
            [[ToyFightRules()]],
            (
                "rollwerk_register_fight_rules must return a mapping of ruleset ids "
                "to FightRules whose ruleset is the key, got ["
            ),
        ),
        (
            [{"toy": _Counting()}],
            (
                "rollwerk_register_fight_rules: the rules for 'toy' declare a side "
                "parameter 'count', which every fight has already (the number of "
                "creatures): give it another name"
            ),
        ),
    ],
)
def test_fight_rules_failures_say_what_is_wrong(returned: Any, reason: str) -> None:
    """helper-h206: one message said "must return a mapping …" for each mistake,
    and a side parameter ``count`` was accepted, then read as the number of
    creatures on the command line and as the plugin's own in Python."""

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules(self) -> Any:
            return returned[0]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert registry.fight_rules() == {}
    (failure,) = registry.failures
    assert failure.reason.startswith(reason)
