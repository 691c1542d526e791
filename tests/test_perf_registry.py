"""Issue 19: one ruleset out of many, consistent with one name, one owner.

Plugins here are real distributions: ``*.dist-info`` folders and plugin
modules written to a temporary directory put on ``sys.path``, read by the
registry's own metadata reader. What is imported is read from
``sys.modules``.
"""

from __future__ import annotations

import importlib
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rollwerk.errors import UnknownRuleset
from rollwerk.plugins import PluginFailure, Registry, installed_entry_points

_counter = itertools.count()

_RULESET_PLUGIN = """
import rollwerk
from rollwerk.testing.examples import ToyRuleset


class Renamed(ToyRuleset):
    rid = "toy"

    @property
    def id(self):
        return self.rid


def named(rid):
    return type(f"Renamed_{{rid}}", (Renamed,), {{"rid": rid}})(bonus={bonus})


@rollwerk.hookimpl
def rollwerk_register_rulesets():
    return [named(rid) for rid in {rids!r}]
"""

_WRAPPER_PLUGIN = """
import attrs
import rollwerk


@rollwerk.hookimpl(wrapper=True)
def rollwerk_register_rulesets():
    results = yield
    return [
        [attrs.evolve(rs, bonus=rs.bonus + 100) if rs.id == "alpha" else rs for rs in r]
        for r in results
    ]
"""

_PLAIN_PLUGIN = """
import rollwerk
from rollwerk.i18n import Catalog


@rollwerk.hookimpl
def rollwerk_register_catalogs():
    return [Catalog({{}})]
"""


class Site:
    """A directory of installed distributions, put first on ``sys.path``."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        self.tag = f"p19_{next(_counter)}"
        monkeypatch.setattr(sys, "path", [str(root), *sys.path])

    def module(self, name: str) -> str:
        return f"{self.tag}_{name}"

    def install(
        self,
        dist: str,
        plugin: str,
        *,
        declares: tuple[str, ...] = (),
        registers: tuple[str, ...] = (),
        bonus: int = 0,
        wraps: bool = False,
        declares_wrapper: bool = False,
    ) -> None:
        module = self.module(plugin)
        if wraps:
            source = _WRAPPER_PLUGIN
        elif registers:
            source = _RULESET_PLUGIN.format(rids=list(registers), bonus=bonus)
        else:
            source = _PLAIN_PLUGIN.format()
        (self.root / f"{module}.py").write_text(source, encoding="utf-8")
        info = self.root / f"{dist.replace('-', '_')}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n\n", encoding="utf-8"
        )
        lines = ["[rollwerk]", f"{plugin} = {module}"]
        if declares:
            lines.append("[rollwerk.rulesets]")
            lines += [f"{rid} = {module}" for rid in declares]
        if declares_wrapper:
            lines += ["[rollwerk.wrappers]", f"{plugin} = {module}"]
        (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
        importlib.invalidate_caches()

    def imported(self) -> set[str]:
        prefix = f"{self.tag}_"
        return {m[len(prefix) :] for m in sys.modules if m.startswith(prefix)}

    def registry(self) -> Registry:
        return Registry(
            entry_points=[
                ep for ep in installed_entry_points() if ep.value.startswith(self.tag)
            ]
        )


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    s = Site(tmp_path, monkeypatch)
    yield s
    for name in [m for m in sys.modules if m.startswith(s.tag)]:
        del sys.modules[name]


def test_perf_listing_ids_imports_no_plugin_and_one_ruleset_imports_one(
    site: Site,
) -> None:
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    site.install("rollwerk-beta", "beta", declares=("beta",), registers=("beta",))
    site.install("rollwerk-extras", "extras")  # no ruleset: catalogs only
    registry = site.registry()
    assert registry.ids() == ["alpha", "beta"]
    assert site.imported() == set()
    ruleset = registry.ruleset("alpha")
    assert ruleset.id == "alpha"
    assert site.imported() == {"alpha"}
    assert registry.distribution("beta") == "rollwerk-beta"
    assert registry.failures == ()  # a full load imports the rest
    assert site.imported() == {"alpha", "beta", "extras"}
    assert registry.ids() == ["alpha", "beta"]


def test_perf_an_undeclared_ruleset_is_refused_by_lazy_and_full_loads(
    site: Site,
) -> None:
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    site.install("rollwerk-squatter", "squatter", registers=("alpha",))
    lazy = site.registry()
    assert lazy.ruleset("alpha").id == "alpha"
    assert site.imported() == {"alpha"}
    full = site.registry()
    assert full.entries()[0].plugin == "alpha"
    value = site.module("squatter")
    assert full.failures == (
        PluginFailure(
            "squatter",
            "rollwerk-squatter",
            "registers ruleset id 'alpha', which its distribution does not "
            f"declare: add alpha = {value!r} to the entry-point group "
            "rollwerk.rulesets (one entry per ruleset id)",
        ),
    )


def test_perf_an_undeclared_id_is_explained_when_asked_for(site: Site) -> None:
    site.install("rollwerk-old", "old", registers=("old",))
    registry = site.registry()
    assert registry.ids() == []
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("old")
    assert str(info.value).startswith(
        "ruleset must be the id of an installed ruleset (none is installed), got 'old' (plugin 'old' "
        "(distribution rollwerk-old) failed: registers ruleset id 'old', which "
        "its distribution does not declare"
    )


def test_perf_an_undeclared_id_of_another_plugin_is_explained(site: Site) -> None:
    """The failure of a plugin that registers ``coin`` undeclared is quoted
    when ``coin`` is asked for, whatever the plugin is called."""
    site.install("rollwerk-undeclared", "undeclared", registers=("coin",))
    registry = site.registry()
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("coin")
    value = site.module("undeclared")
    assert str(info.value) == (
        "ruleset must be the id of an installed ruleset (none is installed), got 'coin' (plugin 'undeclared' "
        "(distribution rollwerk-undeclared) failed: registers ruleset id 'coin', "
        f"which its distribution does not declare: add coin = {value!r} to the "
        "entry-point group rollwerk.rulesets (one entry per ruleset id))"
    )


def test_perf_a_fork_under_the_same_name_and_id_is_explained_once(
    site: Site,
) -> None:
    """Two distributions with one entry-point name and one ruleset id: each
    claim is quoted once (it names every claimant), not once per plugin."""
    site.install("rollwerk-swade", "swade", declares=("swade",), registers=("swade",))
    site.install(
        "rollwerk-swade-fork", "swade", declares=("swade",), registers=("swade",)
    )
    registry = site.registry()
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("swade")
    assert str(info.value) == (
        "ruleset must be the id of an installed ruleset (none is installed), got 'swade' (entry point name "
        "'swade' is claimed by the distributions rollwerk-swade, "
        "rollwerk-swade-fork; none is loaded until all but one are uninstalled) "
        "(ruleset id 'swade' is claimed by plugin 'swade' (distribution "
        "rollwerk-swade) and plugin 'swade' (distribution rollwerk-swade-fork); "
        "neither is loaded until one is uninstalled)"
    )


def test_perf_one_id_declared_by_two_distributions_is_refused_from_metadata(
    site: Site,
) -> None:
    site.install("rollwerk-one", "one", declares=("toy",), registers=("toy",))
    site.install("rollwerk-two", "two", declares=("toy",), registers=("toy",), bonus=1)
    registry = site.registry()
    assert registry.ids() == []
    reason = (
        "ruleset id 'toy' is claimed by plugin 'one' (distribution rollwerk-one) "
        "and plugin 'two' (distribution rollwerk-two); neither is loaded until "
        "one is uninstalled"
    )
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("toy")
    assert str(info.value) == (
        f"ruleset must be the id of an installed ruleset (none is installed), got 'toy' ({reason})"
    )
    assert site.imported() == set()
    assert registry.failures == (
        PluginFailure("one", "rollwerk-one", reason),
        PluginFailure("two", "rollwerk-two", reason),
    )


def test_perf_a_declared_id_that_is_not_registered_is_reported(site: Site) -> None:
    site.install("rollwerk-empty", "empty", declares=("ghost",))
    registry = site.registry()
    assert registry.ids() == ["ghost"]
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("ghost")
    reason = (
        "plugin 'empty' (distribution rollwerk-empty) failed: declares 'ghost' "
        "in the entry-point group rollwerk.rulesets but registers no ruleset "
        "with that id"
    )
    assert str(info.value) == (
        f"ruleset must be the id of an installed ruleset (none is installed), got 'ghost' ({reason})"
    )


def test_perf_every_declaration_problem_of_a_plugin_is_reported(site: Site) -> None:
    """h231: an undeclared ``iron2`` hid that ``ghost`` was never registered,
    and asking for ``ghost`` quoted the ``iron2`` failure."""
    site.install(
        "rollwerk-both",
        "both",
        declares=("ghost", "swade2"),
        registers=("iron2", "swade2"),
    )
    registry = site.registry()
    value = site.module("both")
    undeclared = (
        "registers ruleset id 'iron2', which its distribution does not declare: "
        f"add iron2 = {value!r} to the entry-point group rollwerk.rulesets (one "
        "entry per ruleset id)"
    )
    unregistered = (
        "declares 'ghost' in the entry-point group rollwerk.rulesets but "
        "registers no ruleset with that id"
    )
    assert registry.failures == (
        PluginFailure("both", "rollwerk-both", undeclared),
        PluginFailure("both", "rollwerk-both", unregistered),
    )
    assert registry.ruleset("swade2").id == "swade2"
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("ghost")
    assert str(info.value) == (
        "ruleset must be one of: swade2, got 'ghost' (plugin 'both' (distribution "
        f"rollwerk-both) failed: {unregistered})"
    )


def test_perf_a_declaration_without_its_plugin_is_reported(site: Site) -> None:
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    info = site.root / "rollwerk_stray-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Name: rollwerk-stray\n\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[rollwerk.rulesets]\nstray = {site.tag}_stray\n", encoding="utf-8"
    )
    registry = Registry(
        entry_points=[
            ep for ep in installed_entry_points() if ep.value.startswith(site.tag)
        ]
    )
    assert registry.ids() == ["alpha"]
    assert registry.failures == (
        PluginFailure(
            "stray",
            "rollwerk-stray",
            f"declares ruleset id 'stray' for '{site.tag}_stray' in the entry-point "
            "group rollwerk.rulesets, but no entry point of the group rollwerk of "
            "its distribution has that value",
        ),
    )


@pytest.mark.parametrize(
    "layout",
    [
        [("a", ("a",), ("a",)), ("b", (), ("a",))],
        [("a", ("a",), ("a",)), ("b", ("a",), ("a",))],
        [("a", ("a",), ()), ("b", (), ())],
        [("a", (), ("a",)), ("b", ("b",), ("b",))],
        [("a", ("x",), ("x",)), ("b", ("b",), ("b",)), ("c", (), ())],
    ],
)
def test_perf_lazy_lookups_agree_with_the_full_load(
    site: Site, layout: list[tuple[str, tuple[str, ...], tuple[str, ...]]]
) -> None:
    for name, declares, registers in layout:
        site.install(f"rollwerk-{name}", name, declares=declares, registers=registers)
    full = site.registry()
    full.failures  # noqa: B018 - a full load
    wanted = {"a", "b", "x", "none"}
    for rid in sorted(wanted):
        lazy = site.registry()
        try:
            got = lazy.ruleset(rid).id
        except UnknownRuleset:
            got = None
        expected = rid if rid in full.ids() else None
        assert got == expected, rid


def test_perf_a_declared_wrapper_is_applied_by_a_lookup_by_id(site: Site) -> None:
    """A held-out plugin author: a wrapper of the rulesets hook in another
    distribution was not imported by a lookup by id, so ``ruleset("alpha")``
    gave the unwrapped ruleset before a full load and the wrapped one after.
    A wrapper declared in ``rollwerk.wrappers`` is imported with the id's
    plugin; ``ids()`` then loads every plugin (a wrapper may rename)."""
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    site.install("rollwerk-beta", "beta", declares=("beta",), registers=("beta",))
    site.install("rollwerk-harder", "harder", wraps=True, declares_wrapper=True)
    lazy = site.registry()
    assert lazy.ruleset("alpha").bonus == 100
    assert site.imported() == {"alpha", "harder"}
    assert lazy.ruleset("beta").bonus == 0
    full = site.registry()
    assert full.ids() == ["alpha", "beta"]
    assert full.failures == ()
    assert full.ruleset("alpha").bonus == 100


def test_perf_an_undeclared_wrapper_is_refused_by_lazy_and_full_loads(
    site: Site,
) -> None:
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    site.install("rollwerk-harder", "harder", wraps=True)
    module = site.module("harder")
    expected = PluginFailure(
        "harder",
        "rollwerk-harder",
        "wraps rollwerk_register_rulesets, which its distribution does not "
        f"declare: add harder = {module!r} to the entry-point group "
        "rollwerk.wrappers",
    )
    lazy = site.registry()
    assert lazy.ruleset("alpha").bonus == 0
    assert site.imported() == {"alpha"}
    assert lazy.failures == (expected,)
    assert lazy.ruleset("alpha").bonus == 0  # after the full load: the same
    full = site.registry()
    assert full.failures == (expected,)
    assert full.ruleset("alpha").bonus == 0


def test_perf_a_wrapper_declared_for_no_plugin_is_reported(site: Site) -> None:
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    info = site.root / "rollwerk_alpha-1.0.dist-info" / "entry_points.txt"
    info.write_text(
        info.read_text(encoding="utf-8")
        + f"\n[rollwerk.wrappers]\nghost = {site.module('nowhere')}\n",
        encoding="utf-8",
    )
    importlib.invalidate_caches()
    registry = site.registry()
    assert registry.ruleset("alpha").bonus == 0
    assert registry.failures == (
        PluginFailure(
            "ghost",
            "rollwerk-alpha",
            f"declares a wrapper 'ghost' for {site.module('nowhere')!r} in the "
            "entry-point group "
            "rollwerk.wrappers, but no entry point of the group rollwerk of its "
            "distribution has that value",
        ),
    )


_RENAMING_WRAPPER = """
import rollwerk
from rollwerk.testing.examples import ToyRuleset


class Renamed(ToyRuleset):
    @property
    def id(self):
        return "beta"


@rollwerk.hookimpl(wrapper=True)
def rollwerk_register_rulesets():
    results = yield
    return [[Renamed() if rs.id == "alpha" else rs for rs in r] for r in results]
"""


def test_a_wrapper_that_renames_is_named_not_the_plugin_it_wraps(site: Site) -> None:
    """helper-175: a declared wrapper gave alpha's ruleset the id ``beta``;
    the failure told alpha's author to declare ``beta`` and named no
    wrapper."""
    site.install("rollwerk-alpha", "alpha", declares=("alpha",), registers=("alpha",))
    site.install("rollwerk-renamer", "renamer", wraps=True, declares_wrapper=True)
    module = site.root / f"{site.module('renamer')}.py"
    module.write_text(_RENAMING_WRAPPER, encoding="utf-8")
    full = site.registry()
    assert [f.reason for f in full.failures] == [
        (
            "registers ruleset id 'beta', which its distribution does not declare "
            "(changed by the wrapper 'renamer' (distribution rollwerk-renamer))"
        )
    ]
    assert full.failures[0].plugin == "alpha"


def test_perf_a_clash_over_one_id_leaves_the_claimants_other_ids_listed(
    site: Site,
) -> None:
    """helper-201: a second distribution declaring one of a plugin's three ids
    hid the other two from ``ids()`` and from the unknown-id message, though
    they loaded; only the contested id is left out."""
    site.install(
        "rollwerk-games",
        "games",
        declares=("savage", "sr5", "yze"),
        registers=("savage", "sr5", "yze"),
    )
    site.install("rollwerk-sr5", "sr5", declares=("sr5",), registers=("sr5",))
    registry = site.registry()
    assert registry.ids() == ["savage", "yze"]
    assert site.imported() == set()
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("sr5")
    assert str(info.value).startswith(
        "ruleset must be one of: savage, yze, got 'sr5' (ruleset id 'sr5' is "
        "claimed by plugin 'games' (distribution rollwerk-games) and plugin 'sr5' "
        "(distribution rollwerk-sr5); neither is loaded until one is uninstalled)"
    )
    assert registry.ruleset("yze").id == "yze"
    assert registry.ids() == ["savage", "yze"]
    assert [e.ruleset.id for e in registry.entries()] == ["savage", "yze"]
