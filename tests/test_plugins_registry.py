"""Tests of plugin loading: the registry, the off-switch and broken plugins."""

from __future__ import annotations

import types
from typing import Any

import pytest

import rollwerk
import rollwerk.plugins
import rollwerk.plugins._registry
from rollwerk.errors import PluginError
from rollwerk.plugins import (
    NO_ENTRYPOINTS_ENV,
    PluginFailure,
    Registry,
    get_plugin_manager,
    get_registry,
)
from rollwerk.rulesets import OptionalRule
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyRuleset


class FakeDist:
    def __init__(self, name: str) -> None:
        self.name = name


class FakeEntryPoint:
    """Duck-typed `importlib.metadata.EntryPoint` (`EntryPointLike`)."""

    def __init__(self, name: str, dist: str | None, load: Any) -> None:
        self.name = name
        self.value = f"{name}_module"
        self.dist = FakeDist(dist) if dist else None
        self._load = load

    def load(self) -> Any:
        return self._load()


def module_plugin(name: str, **hooks: Any) -> types.ModuleType:
    mod = types.ModuleType(name)
    for hook, func in hooks.items():
        setattr(mod, hook, rollwerk.hookimpl(func))
    return mod


def failing_import() -> Any:
    raise ModuleNotFoundError("No module named 'rollwerk_broken'")


@pytest.fixture
def entry_points(monkeypatch):
    """Replace the installed entry points by the given fakes."""

    def install(*eps: FakeEntryPoint) -> None:
        monkeypatch.setattr(
            rollwerk.plugins._registry, "installed_entry_points", lambda: list(eps)
        )
        monkeypatch.delenv(NO_ENTRYPOINTS_ENV, raising=False)

    return install


def test_registry_does_not_load_at_import_and_is_lazy(monkeypatch):
    calls = []
    monkeypatch.setattr(
        rollwerk.plugins._registry,
        "installed_entry_points",
        lambda: calls.append(1) or [],
    )
    monkeypatch.delenv(NO_ENTRYPOINTS_ENV, raising=False)
    registry = Registry()
    assert calls == [1]
    assert registry.ids() == []


def test_off_switch_skips_entry_points(monkeypatch):
    monkeypatch.setattr(
        rollwerk.plugins._registry,
        "installed_entry_points",
        lambda: pytest.fail("entry points loaded"),
    )
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    pm, failures = get_plugin_manager()
    assert failures == []
    assert pm.get_plugins() == set()
    assert Registry().ids() == []


def test_off_switch_value_zero_means_load(entry_points, monkeypatch):
    good = module_plugin(
        "rollwerk_good", rollwerk_register_rulesets=lambda: [ToyRuleset()]
    )
    entry_points(FakeEntryPoint("good", "rollwerk-good", lambda: good))
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "0")
    entry = Registry().entries()[0]
    assert (entry.ruleset.id, entry.plugin, entry.distribution) == (
        "toy",
        "good",
        "rollwerk-good",
    )


def test_direct_registration():
    registry = Registry(load_entrypoints=False)
    registry.register(examples)
    assert registry.ids() == ["toy"]
    assert registry.entries()[0].plugin == "rollwerk.testing.examples"
    assert registry.failures == ()


def test_register_after_load_invalidates_cache():
    registry = Registry(load_entrypoints=False)
    assert registry.ids() == []
    registry.register(examples)
    assert registry.ids() == ["toy"]


def test_get_registry_is_cached_and_fresh_rebuilds(monkeypatch):
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    monkeypatch.setattr(rollwerk.plugins._registry, "_DEFAULT", None)
    first = get_registry()
    assert get_registry() is first
    assert get_registry(fresh=True) is not first


def test_ruleset_lookup_errors():
    registry = Registry(load_entrypoints=False, plugins=[examples])
    with pytest.raises(rollwerk.UnknownRuleset) as info:
        registry.ruleset("ds5")
    assert str(info.value) == "ruleset must be one of: toy, got 'ds5'"
    with pytest.raises(rollwerk.UnknownRuleset) as info:
        registry.ruleset("toy", options=["stingy"])
    assert str(info.value) == (
        "option must be one of: generous for ruleset 'toy', got 'stingy'"
    )
    empty = Registry(load_entrypoints=False)
    with pytest.raises(rollwerk.UnknownRuleset) as info:
        empty.ruleset("toy")
    assert (
        str(info.value)
        == "ruleset must be the id of an installed ruleset (none is installed), got 'toy'"
    )


def test_optional_rule_switched_on():
    registry = Registry(load_entrypoints=False, plugins=[examples])
    assert [o.id for o in registry.optional_rules("toy")] == ["generous"]
    assert registry.optional_rules("ds4") == []
    assert registry.ruleset("toy", options=["generous"]) == ToyRuleset(bonus=1)
    # asked twice, applied once, as `--option` on the command line (helper-179)
    assert registry.ruleset("toy", options=["generous", "generous"]) == ToyRuleset(
        bonus=1
    )


def test_the_same_lookup_gives_the_same_ruleset_object():
    registry = Registry(load_entrypoints=False, plugins=[examples])
    toy = registry.ruleset("toy")
    assert registry.ruleset("toy") is toy
    generous = registry.ruleset("toy", options=["generous"])
    assert generous == ToyRuleset(bonus=1)
    assert registry.ruleset("toy", options=("generous",)) is generous
    assert registry.ruleset("toy") is toy
    twice = registry.ruleset("toy", options=["generous", "generous"])
    assert twice is generous  # an option asked twice is applied once


def test_the_same_lookup_shares_check_from_request_cache():
    from rollwerk.checks import check_from_request

    registry = Registry(load_entrypoints=False, plugins=[examples])
    first = check_from_request(registry.ruleset("toy"), "skill=3")
    assert check_from_request(registry.ruleset("toy"), "skill=3") is first


def _no_catalogs() -> list[Any]:
    return []


def test_a_registration_since_makes_a_new_ruleset_object():
    registry = Registry(load_entrypoints=False, plugins=[examples])
    toy = registry.ruleset("toy")
    registry.register(
        module_plugin("bystander", rollwerk_register_catalogs=_no_catalogs)
    )
    again = registry.ruleset("toy")
    assert again == toy
    assert again is not toy
    copy = module_plugin("copycat", rollwerk_register_rulesets=lambda: [ToyRuleset()])
    registry.register(copy)
    with pytest.raises(rollwerk.UnknownRuleset) as info:
        registry.ruleset("toy")
    assert str(info.value).startswith(
        "ruleset must be the id of an installed ruleset (none is installed), got 'toy'"
    )


def test_kept_rulesets_are_bounded(monkeypatch):
    monkeypatch.setattr(rollwerk.plugins._registry, "_HANDED_RULESETS", 1)
    registry = Registry(load_entrypoints=False, plugins=[examples])
    toy = registry.ruleset("toy")
    assert registry.ruleset("toy") is toy
    registry.ruleset("toy", options=["generous"])  # a second one: forgets the first
    assert registry.ruleset("toy") is not toy


# -- broken plugins --------------------------------------------------------


def test_entry_point_import_failure_names_plugin_and_distribution(entry_points):
    good = module_plugin(
        "rollwerk_good", rollwerk_register_rulesets=lambda: [ToyRuleset()]
    )
    entry_points(
        FakeEntryPoint("broken", "rollwerk-broken", failing_import),
        FakeEntryPoint("good", "rollwerk-good", lambda: good),
    )
    registry = Registry()
    assert registry.ids() == ["toy"]
    (failure,) = registry.failures
    assert failure == PluginFailure(
        "broken",
        "rollwerk-broken",
        "import failed: ModuleNotFoundError(\"No module named 'rollwerk_broken'\")",
    )
    assert str(failure.error()) == (
        "plugin 'broken' (distribution rollwerk-broken) failed: import failed: "
        "ModuleNotFoundError(\"No module named 'rollwerk_broken'\")"
    )


def test_hook_that_raises_is_reported_and_others_load(entry_points):
    def boom() -> list[Any]:
        raise RuntimeError("boom")

    bad = module_plugin("rollwerk_bad", rollwerk_register_rulesets=boom)
    entry_points(FakeEntryPoint("bad", "rollwerk-bad", lambda: bad))
    registry = Registry(plugins=[examples])
    assert registry.ids() == ["toy"]
    (failure,) = registry.failures
    assert (failure.plugin, failure.distribution) == ("bad", "rollwerk-bad")
    assert failure.reason == "rollwerk_register_rulesets raised RuntimeError('boom')"


def test_hook_returning_a_non_list():
    def not_a_list() -> Any:
        return ToyRuleset()

    bad = module_plugin("bad_plugin", rollwerk_register_rulesets=not_a_list)
    registry = Registry(load_entrypoints=False, plugins=[bad])
    assert registry.ids() == []
    (failure,) = registry.failures
    assert failure.plugin == "bad_plugin"
    assert failure.reason == (
        "rollwerk_register_rulesets must return a list, got ToyRuleset(bonus=0)"
    )


def test_hook_returning_a_non_ruleset_keeps_the_valid_ones():
    bad = module_plugin(
        "mixed_plugin", rollwerk_register_rulesets=lambda: ["ds4", ToyRuleset()]
    )
    registry = Registry(load_entrypoints=False, plugins=[bad])
    assert registry.ids() == ["toy"]
    (failure,) = registry.failures
    assert failure.plugin == "mixed_plugin"
    assert failure.reason.startswith("returned 'ds4', which is not a Ruleset")


def test_duplicate_ruleset_id_is_reported():
    copy = module_plugin("copycat", rollwerk_register_rulesets=lambda: [ToyRuleset()])
    registry = Registry(load_entrypoints=False, plugins=[examples, copy])
    # Neither plugin wins: both are refused and reported until one goes.
    assert registry.ids() == []
    reason = (
        "ruleset id 'toy' is claimed by plugin 'copycat' and plugin "
        "'rollwerk.testing.examples'; neither is loaded until one is uninstalled"
    )
    assert sorted(registry.failures, key=lambda f: f.plugin) == [
        PluginFailure("copycat", None, reason),
        PluginFailure("rollwerk.testing.examples", None, reason),
    ]


def test_ruleset_whose_checks_raise_is_reported():
    class Broken(ToyRuleset):
        def checks(self):  # type: ignore[override]
            raise KeyError("pw")

    bad = module_plugin("broken_checks", rollwerk_register_rulesets=lambda: [Broken()])
    registry = Registry(load_entrypoints=False, plugins=[bad])
    assert registry.ids() == []
    assert (
        registry.failures[0].reason == "ruleset 'toy': checks() raised KeyError('pw')"
    )


def test_i3_3_ruleset_whose_properties_raise_is_reported_and_others_load():
    """I3-3: a ruleset whose ``id`` or ``name`` raises is a failure, not a crash.

    ``isinstance(obj, Ruleset)`` reads the properties, so the error used to
    escape the registry and take ``rollwerk rulesets`` down with a traceback.
    """

    class NoId(ToyRuleset):
        @property
        def id(self) -> str:  # type: ignore[override]
            raise ValueError("no id")

    class NoName(ToyRuleset):
        @property
        def id(self) -> str:  # type: ignore[override]
            return "noname"

        @property
        def name(self) -> str:  # type: ignore[override]
            raise RuntimeError("no name")

    bad = module_plugin(
        "raising_props", rollwerk_register_rulesets=lambda: [NoId(), NoName()]
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, bad])
    assert registry.ids() == ["toy"]
    assert [f.reason for f in registry.failures] == [
        "returned a ruleset that raised ValueError('no id') when inspected",
        "returned a ruleset that raised RuntimeError('no name') when inspected",
    ]


def test_a_plugin_registered_by_hand_and_installed_is_kept_once(entry_points):
    good = module_plugin(
        "rollwerk_good", rollwerk_register_rulesets=lambda: [ToyRuleset()]
    )
    entry_points(FakeEntryPoint("good", "rollwerk-good", lambda: good))
    registry = Registry()
    registry.register(good)
    assert registry.ruleset("toy") == ToyRuleset()
    assert [f.reason for f in registry.failures] == [
        (
            "registration failed: it loads the object already registered as "
            "'rollwerk_good' (a plugin is registered once: an installed plugin "
            "needs no Registry.register)"
        )
    ]


def test_two_entry_points_loading_one_plugin_name_each_other(entry_points):
    """A held-out plugin author: a second distribution pointing at the
    rollwerk_ds4 module was told that an installed plugin needs no
    Registry.register, which nobody had called."""
    good = module_plugin(
        "rollwerk_good", rollwerk_register_rulesets=lambda: [ToyRuleset()]
    )
    entry_points(
        FakeEntryPoint("good", "rollwerk-good", lambda: good),
        FakeEntryPoint("copy", "rollwerk-copy", lambda: good),
    )
    registry = Registry()
    assert registry.ruleset("toy") == ToyRuleset()
    assert [f.reason for f in registry.failures] == [
        (
            "registration failed: it loads the object already registered as 'copy' "
            "(the entry point 'copy' of the distribution rollwerk-copy loads it "
            "too: a plugin is registered once)"
        )
    ]


def test_i3_3_plugin_exiting_at_import_is_reported(entry_points):
    """I3-3: ``sys.exit()`` in a plugin's import is a load failure, not an exit."""

    def exits() -> Any:
        raise SystemExit(3)

    entry_points(FakeEntryPoint("quitter", "rollwerk-quitter", exits))
    registry = Registry(plugins=[examples])
    assert registry.ids() == ["toy"]
    (failure,) = registry.failures
    assert failure == PluginFailure(
        "quitter", "rollwerk-quitter", "import failed: SystemExit(3)"
    )


def test_i3_3_registration_failure_is_one_line(entry_points):
    """I3-3: pluggy's multi-line validation error is reported on one line."""

    def wrong(bogus_arg: int) -> list[Any]:
        return []

    bad = module_plugin("rollwerk_wrong", rollwerk_register_rulesets=wrong)
    entry_points(FakeEntryPoint("wrong", "rollwerk-wrong", lambda: bad))
    (failure,) = Registry().failures
    assert failure.reason.startswith("registration failed: Plugin 'wrong'")
    assert "\n" not in failure.reason
    assert "bogus_arg" in failure.reason


def test_bad_optional_rules_are_reported():
    bad = module_plugin(
        "bad_options", rollwerk_register_optional_rules=lambda: ["generous"]
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, bad])
    assert [o.id for o in registry.optional_rules("toy")] == ["generous"]
    (failure,) = registry.failures
    assert failure.plugin == "bad_options"
    assert failure.reason.startswith(
        "rollwerk_register_optional_rules must return a list of OptionalRule"
    )


def test_plugin_object_without_name_gets_a_readable_name():
    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [ToyRuleset(), ToyRuleset()]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    (failure,) = registry.failures
    assert failure.plugin.startswith("Plugin")
    assert failure.reason == "ruleset id 'toy' is registered twice by the same plugin"


def test_optional_rule_for_unknown_ruleset_is_kept_by_ruleset_id():
    rule = OptionalRule("x", "ds4", "X", apply=lambda r: r)
    plugin = module_plugin("opts", rollwerk_register_optional_rules=lambda: [rule])
    registry = Registry(load_entrypoints=False, plugins=[plugin])
    assert registry.optional_rules("ds4") == [rule]


def test_i3_3_broken_plugin_named_like_its_ruleset_in_the_cli(
    tmp_path, monkeypatch, capsys
):
    """I3-3/I3-5: ``rollwerk check <id>`` of a broken plugin: one line, exit 2.

    The CLI's fast path loads the plugin named like the ruleset; a ruleset
    whose ``id`` raised escaped it with a traceback. The error now also says
    why the ruleset is missing.
    """
    from rollwerk.cli._main import main
    from rollwerk.plugins import NO_ENTRYPOINTS_ENV

    info = tmp_path / "rw_review_broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: rw-review-broken\nVersion: 0.1\n"
    )
    (info / "entry_points.txt").write_text(
        "[rollwerk]\nrw_review_broken = rw_review_broken_plugin\n"
    )
    (tmp_path / "rw_review_broken_plugin.py").write_text(
        "import rollwerk\n"
        "from rollwerk.testing.examples import ToyRuleset\n"
        "class Broken(ToyRuleset):\n"
        "    @property\n"
        "    def id(self):\n"
        "        raise ValueError('no id')\n"
        "@rollwerk.hookimpl\n"
        "def rollwerk_register_rulesets():\n"
        "    return [Broken()]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(NO_ENTRYPOINTS_ENV, raising=False)
    code = main(["check", "rw_review_broken"], registry=Registry())
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("rollwerk: error: ruleset must be one of: ")
    assert err.endswith(
        "got 'rw_review_broken' (plugin 'rw_review_broken' (distribution "
        "rw-review-broken) failed: returned a ruleset that raised "
        "ValueError('no id') when inspected)\n"
    )


@pytest.mark.parametrize(
    ("plugin", "message"),
    [
        (
            "coc7",
            (
                "plugin 'str' failed: registration failed: 'coc7' has no "
                "@rollwerk.hookimpl functions (rollwerk_register_rulesets…); pass the "
                "module or object, not its name"
            ),
        ),
        (
            5,
            (
                "plugin 'int' failed: registration failed: 5 has no @rollwerk.hookimpl "
                "functions (rollwerk_register_rulesets…)"
            ),
        ),
        (
            None,
            (
                "plugin 'NoneType' failed: registration failed: None has no "
                "@rollwerk.hookimpl functions (rollwerk_register_rulesets…)"
            ),
        ),
    ],
)
def test_a_plugin_with_no_hooks_is_refused_not_silently_empty(plugin, message):
    # a held-out author passed the module's name: the CLI then said "none installed"
    with pytest.raises(PluginError) as info:
        Registry(load_entrypoints=False, plugins=[plugin])
    assert str(info.value) == message
    registry = Registry(load_entrypoints=False)
    with pytest.raises(PluginError):
        registry.register(module_plugin("empty"))
    registry.register(examples)  # the refused ones left nothing behind
    assert registry.ids() == ["toy"]


def test_a_ruleset_id_that_cannot_be_named_is_a_load_failure() -> None:
    """``x+y`` would be ruleset ``x`` with option ``y`` to the contract
    kit; a hand-made ruleset is held to what define_ruleset refuses."""

    class Plus(ToyRuleset):
        @property
        def id(self) -> str:
            return "x+y"

    bad = module_plugin("plus", rollwerk_register_rulesets=lambda: [Plus()])
    registry = Registry(load_entrypoints=False, plugins=[examples, bad])
    assert registry.ids() == ["toy"]
    assert [f.reason for f in registry.failures] == [
        (
            "ruleset id must be a word without spaces, dots, colons or '+' that "
            "does not start with '-', got 'x+y'"
        )
    ]


def _typo_plugin(distribution: str | None, version: str | None = None) -> Any:
    from rollwerk import Degree, Outcome
    from rollwerk.checks import define_check
    from rollwerk.rulesets import define_ruleset

    coin = define_check(
        "flip",
        dice=[2],
        judge=lambda faces: (
            Outcome(faces[0] == 2, Degree.SUCCESS, None)
            if faces[0] == 2
            else Outcome(False, Degree.FAILURE, None)
        ),
    )
    spec = define_ruleset(
        "typo", "Typo", distribution=distribution, version=version, checks=[coin]
    )
    return module_plugin("typo_module", rollwerk_register_rulesets=lambda: [spec])


def test_a_ruleset_naming_another_distribution_is_a_failure(entry_points):
    """helper-h210: ``define_ruleset(distribution="rollwerk-h21O")`` in the
    distribution rollwerk-h210 read no version: ``0+unknown`` everywhere,
    without a word, and the contract kit passed."""
    plugin = _typo_plugin("rollwerk-h21O")
    entry_points(FakeEntryPoint("typo", "rollwerk-h210", lambda: plugin))
    registry = Registry()
    assert registry.ids() == []
    (failure,) = registry.failures
    assert (failure.plugin, failure.distribution, failure.reason) == (
        "typo",
        "rollwerk-h210",
        (
            "ruleset 'typo' takes its version from the distribution 'rollwerk-h21O', "
            "but it is installed by 'rollwerk-h210' "
            "(define_ruleset(distribution='rollwerk-h210'))"
        ),
    )


@pytest.mark.parametrize(
    ("named", "version"),
    [("rollwerk_H210", None), ("rollwerk.h210", None), ("other", "1.0"), (None, None)],
)
def test_a_ruleset_naming_its_own_distribution_loads(entry_points, named, version):
    """Names compare as packaging does (PEP 503), a version given directly
    needs no distribution, and one without a distribution is left alone."""
    plugin = _typo_plugin(named, version)
    entry_points(FakeEntryPoint("typo", "rollwerk-h210", lambda: plugin))
    registry = Registry()
    assert registry.ids() == ["typo"]
    assert registry.failures == ()
