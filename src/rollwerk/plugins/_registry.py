"""Loading plugins and looking up rulesets.

Nothing is loaded at import. [`get_registry`][rollwerk.plugins.get_registry]
builds a [`Registry`][rollwerk.plugins.Registry] on first use; set the
environment variable ``ROLLWERK_NO_ENTRYPOINTS=1`` to skip entry-point loading
(for example in tests), and register plugin objects directly with
[`Registry.register`][rollwerk.plugins.Registry.register].

Plugins are found in the installed metadata (the entry-point groups
``rollwerk`` and ``rollwerk.rulesets``, read without importing any plugin)
and every hook is called through pluggy (``pm.hook.*``), one plugin at a
time, so one broken plugin never hides the others; each result is validated
by a typed wrapper before the core uses it. A plugin is imported when it is
needed: listing ruleset ids imports none, getting one ruleset imports the
plugin that declares its id, everything else imports them all (see the
plugins docs, "One name, one owner"). The only state outside a registry is
the shared default registry that [`get_registry`][rollwerk.plugins.get_registry]
caches.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import attrs
import pluggy

# Binds the name ``rollwerk`` (``_lazy`` is loaded with the package and
# imports nothing of ours): ``rollwerk.analysis.FightRules``,
# ``rollwerk.encounter.DurationDecoder`` and ``rollwerk.notation.Dialect`` are
# written through the public packages, which serve them on first use; the
# check path loads none of them, and ``typing.get_type_hints`` still resolves.
import rollwerk._lazy
from rollwerk._metadata import _normalize
from rollwerk._repr import value_repr
from rollwerk.checks._levels import RULESET_ID, is_ruleset_id
from rollwerk.checks._parameters import CheckSpec
from rollwerk.errors import ParameterError, PluginError, UnknownRuleset, shown
from rollwerk.i18n import Catalog
from rollwerk.plugins import hookspecs
from rollwerk.plugins._guard import (
    Origin,
    apply_optional_rule,
    guard_fight_rules,
    guard_ruleset,
)
from rollwerk.rulesets import OptionalRule, Ruleset, RulesetSpec

__all__ = [
    "ENTRYPOINT_GROUP",
    "FAILURES_POINTER",
    "NO_ENTRYPOINTS_ENV",
    "RULESETS_GROUP",
    "UNHASHABLE",
    "WRAPPERS_GROUP",
    "EntryPointLike",
    "PluginFailure",
    "RegisteredDurationKind",
    "RegisteredRuleset",
    "Registry",
    "get_plugin_manager",
    "get_registry",
]

ENTRYPOINT_GROUP = "rollwerk"
"""The entry-point group plugins register under."""
RULESETS_GROUP = "rollwerk.rulesets"
"""The entry-point group that declares ruleset ids: ``<id> = "<plugin module>"``.

A plugin may register a ruleset only under an id its distribution declares
here, with the same value as its entry point in ``rollwerk``; the registry
finds the plugin of one id from this metadata without importing any other.
"""
WRAPPERS_GROUP = "rollwerk.wrappers"
"""The entry-point group that declares wrappers of other plugins' rulesets.

A plugin whose ``rollwerk_register_rulesets`` is a wrapper
(``@hookimpl(wrapper=True)``) declares itself here, ``<plugin name> =
"<plugin module>"`` (the value of its entry point in ``rollwerk``), so that
a lookup by id imports it with the id's own plugin: a wrapper that is not
declared is refused, whichever lookup imports it.
"""
NO_ENTRYPOINTS_ENV = "ROLLWERK_NO_ENTRYPOINTS"
"""Set to a non-empty value other than ``0`` to skip entry-point loading."""


class _DistributionLike(Protocol):
    @property
    def name(self) -> str: ...


class EntryPointLike(Protocol):
    """What the registry needs of an ``importlib.metadata.EntryPoint``."""

    @property
    def name(self) -> str:
        """The entry point's name: the plugin's name."""

    @property
    def value(self) -> str:
        """The ``module[:attr]`` it points at."""

    @property
    def dist(self) -> _DistributionLike | None:
        """The distribution that declares it, if known."""

    def load(self) -> Any:
        """Import and return the plugin object."""


@attrs.frozen
class PluginFailure:
    """A plugin that could not be loaded or returned something invalid."""

    __repr__ = value_repr

    plugin: str
    """The plugin's name (entry point name or registered name)."""
    distribution: str | None
    """The distribution that ships it, if known."""
    reason: str
    """What went wrong, in one line."""

    def error(self) -> PluginError:
        """The failure as an exception."""
        return PluginError(self.plugin, self.distribution, self.reason)


def _same_entry(kept: RegisteredRuleset, entry: RegisteredRuleset) -> bool:
    """Whether ``entry`` registers what ``kept`` did: the same object, plugin, wrappers.

    Loading another plugin collects every plugin's rulesets again, in new
    entries; a ruleset whose plugin returned the same object, unwrapped
    alike, is still the one handed out (one guarded object per id).
    """
    return kept is entry or (
        kept.ruleset is entry.ruleset
        and kept.plugin == entry.plugin
        and kept.distribution == entry.distribution
        and kept.wrapped_by == entry.wrapped_by
    )


@attrs.frozen
class RegisteredRuleset:
    """A ruleset with the plugin and distribution it came from."""

    __repr__ = value_repr

    ruleset: Ruleset
    """The ruleset object."""
    plugin: str
    """The name of the plugin that registered it."""
    distribution: str | None
    """The distribution that ships the plugin, if known."""
    wrapped_by: tuple[str, ...] = ()
    """The declared wrappers (plugin names) that changed this ruleset.

    Empty when the plugin's own ruleset came through unchanged. A wrapper
    (entry-point group ``rollwerk.wrappers``) may change or replace what
    a plugin registers; the registry compares the hook's answer with and
    without the wrappers and names them here, in `rollwerk rulesets` and in
    the ruleset's fault messages.
    """


@attrs.frozen
class RegisteredDurationKind:
    """A duration kind with the plugin and distribution it came from."""

    __repr__ = value_repr

    kind: str
    """The kind's JSON name (the ``"kind"`` field of a duration's JSON)."""
    decoder: rollwerk.encounter.DurationDecoder
    """Builds the duration from its JSON."""
    plugin: str | None
    """The plugin that registered it; ``None`` for the core's kinds."""
    distribution: str | None
    """The distribution that ships the plugin, if known."""


def _entry_points_off() -> bool:
    return os.environ.get(NO_ENTRYPOINTS_ENV, "") not in {"", "0"}


def installed_entry_points() -> list[EntryPointLike]:
    """The ``rollwerk``, ``rollwerk.rulesets`` and ``rollwerk.wrappers`` entry points installed.

    The same entry points, in the same order, as
    ``importlib.metadata.entry_points(group=…)`` gives for each group,
    read from the distributions' folders on ``sys.path`` without importing
    ``importlib.metadata`` (which does the reading whenever something
    other than plain folders is installed).
    """
    from rollwerk._metadata import read_entry_points

    return list(read_entry_points([ENTRYPOINT_GROUP, RULESETS_GROUP, WRAPPERS_GROUP]))


def _checked_entry_points(
    entry_points: Iterable[EntryPointLike],
) -> list[EntryPointLike]:
    """The entry points given to a registry, refused by name if they are none."""
    if isinstance(entry_points, (str, bytes)) or not isinstance(entry_points, Iterable):
        raise ParameterError(
            "entry_points", entry_points, "an iterable of entry points"
        )
    eps = list(entry_points)
    for i, ep in enumerate(eps):
        if not (
            isinstance(getattr(ep, "name", None), str)
            and isinstance(getattr(ep, "value", None), str)
            and callable(getattr(ep, "load", None))
        ):
            raise ParameterError(
                f"entry_points[{i}]", ep, "an entry point (with name, value and load)"
            )
    return eps


def _group(ep: EntryPointLike) -> str:
    group = getattr(ep, "group", ENTRYPOINT_GROUP)
    return group if isinstance(group, str) else ENTRYPOINT_GROUP


def _dist_name(ep: EntryPointLike) -> str | None:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None)
    return name if isinstance(name, str) else None


def _one_line(exc: BaseException | str) -> str:
    return " ".join(str(exc).split())


def _same(ruleset: object, other: object) -> bool:
    """Whether a wrapper left ``ruleset`` as the plugin gave it (``other``)."""
    if ruleset is other:
        return True
    try:
        return bool(ruleset == other)
    except Exception:  # noqa: BLE001 - a plugin's __eq__: then it was changed
        return False


def failed_plugins(failures: Iterable[PluginFailure]) -> str:
    """``1 plugin failed to load: see Registry.failures``, or ``""`` for none.

    Said after a name that is not found (a ruleset id, an option, a
    language): a broken plugin may be why. Plugins are counted once each.
    """
    failed = {(f.plugin, f.distribution) for f in failures}
    if not failed:
        return ""
    plugins = "1 plugin" if len(failed) == 1 else f"{len(failed)} plugins"
    return f"{plugins} failed to load: {FAILURES_POINTER}"


def _claimants(claims: Sequence[tuple[str, str | None]]) -> str:
    return " and ".join(
        f"plugin {name!r}" + (f" (distribution {dist})" if dist else "")
        for name, dist in claims
    )


FAILURES_POINTER = "see Registry.failures"
# How many guarded rulesets (one per id and options) `Registry.ruleset`
# keeps to hand out again; past it the kept ones are forgotten at once.
_HANDED_RULESETS = 64
"""Where an unknown ruleset's message sends the reader when plugins failed.

The CLI prints ``see `rollwerk rulesets``` in its place (the command that
lists the same failures).
"""

UNHASHABLE = (
    "a plugin must be hashable: a module, a class, or an instance whose class "
    "keeps object.__hash__ (defining __eq__ without __hash__, as @dataclass "
    "does, removes it; @dataclass(eq=False) keeps it)"
)
"""What a plugin object must be, said when an unhashable one is registered.

pluggy keeps plugins in sets and compares them by equality: an unhashable
plugin would break every later hook call, of every plugin.
"""


def _plugin_label(plugin: object, name: object) -> str:
    """The name to report ``plugin`` under before it is registered."""
    if isinstance(name, str):
        return name
    own = getattr(plugin, "__name__", None)
    return own if isinstance(own, str) else type(plugin).__name__


def _unhashable(plugin: object) -> str | None:
    """Why ``plugin`` cannot be registered because of its hash, or ``None``."""
    try:
        hash(plugin)
    except Exception as exc:  # noqa: BLE001 - a plugin's __hash__ may raise anything
        error = f"{type(exc).__name__}: {exc}"
        return f"registration failed: the object is unhashable ({error}); {UNHASHABLE}"
    return None


def _load_entry_points(
    pm: pluggy.PluginManager, entry_points: Iterable[EntryPointLike]
) -> tuple[dict[str, str | None], list[PluginFailure]]:
    """Import and register each entry point; name clashes refuse all claimants."""
    plugins, failures = _plugin_entry_points(entry_points)
    distributions: dict[str, str | None] = {}
    for name, ep in plugins.items():
        failure = _import_entry_point(pm, name, ep)
        if failure is None:
            distributions[name] = _dist_name(ep)
        else:
            failures.append(failure)
    return distributions, failures


def _plugin_entry_points(
    entry_points: Iterable[EntryPointLike],
) -> tuple[dict[str, EntryPointLike], list[PluginFailure]]:
    """The ``rollwerk`` entry points by name; a name two distributions claim is refused."""
    plugins: dict[str, EntryPointLike] = {}
    failures: list[PluginFailure] = []
    by_name: dict[str, list[EntryPointLike]] = {}
    for ep in entry_points:
        if _group(ep) != ENTRYPOINT_GROUP:
            continue
        same = by_name.setdefault(ep.name, [])
        # one distribution seen twice (e.g. on two sys.path entries) is one claim
        if not any(
            _dist_name(o) == _dist_name(ep) and o.value == ep.value for o in same
        ):
            same.append(ep)
    for name in sorted(by_name):
        eps = by_name[name]
        if len(eps) > 1:
            claims = [(name, _dist_name(ep)) for ep in eps]
            dists = ", ".join(sorted({str(d) for _, d in claims}))
            for _, dist in claims:
                failures.append(
                    PluginFailure(
                        name,
                        dist,
                        f"entry point name {name!r} is claimed by the distributions "
                        f"{dists}; none is loaded until all but one are uninstalled",
                    )
                )
            continue
        plugins[name] = eps[0]
    return plugins, failures


def _import_entry_point(
    pm: pluggy.PluginManager,
    name: str,
    ep: EntryPointLike,
    installed: Mapping[str, str | None] | None = None,
) -> PluginFailure | None:
    """Import one entry point and register it as ``name``; say what went wrong.

    ``installed`` maps the entry-point names to their distributions, so
    that an object another entry point loaded already is told from one
    given to the registry by hand.
    """
    dist = _dist_name(ep)
    try:
        plugin = ep.load()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - reported as a plugin failure
        return PluginFailure(name, dist, f"import failed: {exc!r}")
    problem = _unhashable(plugin)
    if problem is not None:
        return PluginFailure(name, dist, problem)
    if pm.is_registered(plugin):
        other = pm.get_name(plugin)
        if installed is not None and other is not None and other in installed:
            by = installed[other]
            why = (
                f"the entry point {other!r}"
                + (f" of the distribution {by}" if by else "")
                + " loads it too: a plugin is registered once"
            )
        else:
            why = "a plugin is registered once: an installed plugin needs no Registry.register"
        return PluginFailure(
            name,
            dist,
            f"registration failed: it loads the object already registered as "
            f"{other!r} ({why})",
        )
    try:
        pm.register(plugin, name=name)
    except Exception as exc:  # noqa: BLE001 - pluggy validation errors
        return PluginFailure(name, dist, "registration failed: " + _one_line(exc))
    unknown = _unknown_hooks(pm, plugin)
    if unknown is not None:
        pm.unregister(plugin, name=name)
        return PluginFailure(name, dist, "registration failed: " + unknown)
    return None


def _unknown_hooks(pm: pluggy.PluginManager, plugin: object) -> str | None:
    """What is wrong with ``plugin``'s hook functions that no hook specifies.

    pluggy keeps such a function (``rollwerk_register_ruleset``, one
    letter short) and never calls it, so the plugin would add nothing,
    silently; a function marked ``optionalhook=True`` is meant to be so.
    """
    import difflib

    known = [n for n, hc in vars(pm.hook).items() if hc.has_spec()]
    unknown = []
    for caller in pm.get_hookcallers(plugin) or ():
        if caller.has_spec():
            continue
        impls = [i for i in caller.get_hookimpls() if i.plugin is plugin]
        if any(not i.optionalhook for i in impls):
            close = difflib.get_close_matches(caller.name, known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            unknown.append(f"{caller.name}{hint}")
    if not unknown:
        return None
    return (
        f"it has @rollwerk.hookimpl functions no rollwerk hook specifies: "
        f"{', '.join(sorted(unknown))}; the hooks are "
        f"{', '.join(sorted(known))}"
    )


class _Plan:
    """What the installed metadata says, before any plugin is imported.

    ``plugins`` are the ``rollwerk`` entry points by name (names two
    distributions claim are left out and reported); ``declared`` maps each
    ruleset id declared in ``rollwerk.rulesets`` to the plugin that declares
    it; ``allowed`` gives, for each plugin read from metadata (an entry point
    with a group), the ruleset ids it may register; ``wrappers`` are the
    plugins declared in ``rollwerk.wrappers``, imported for every lookup;
    ``undeclared`` are plugins given as objects without a group (hand-made
    entry points in tests), loaded for every lookup and held to no
    declaration.

    A plain class, not an attrs one: private and built once per registry,
    it is not worth compiling attrs methods for at every CLI start.
    """

    __slots__ = (
        "allowed",
        "contested",
        "declared",
        "failures",
        "plugins",
        "undeclared",
        "wrappers",
    )

    def __init__(
        self,
        *,
        plugins: dict[str, EntryPointLike],
        declared: dict[str, str],
        allowed: dict[str, frozenset[str]],
        undeclared: frozenset[str],
        wrappers: frozenset[str],
        contested: frozenset[str],
        failures: list[PluginFailure],
    ) -> None:
        self.plugins = plugins
        self.wrappers = wrappers
        self.declared = declared
        self.allowed = allowed
        self.undeclared = undeclared
        self.contested = contested
        self.failures = failures

    @classmethod
    def read(cls, entry_points: Iterable[EntryPointLike]) -> _Plan:
        eps = list(entry_points)
        plugins, failures = _plugin_entry_points(eps)
        by_value = {
            (_dist_name(ep), ep.value): ep.name
            for ep in eps
            if hasattr(ep, "group") and _group(ep) == ENTRYPOINT_GROUP
        }
        claims: dict[str, list[tuple[str, str | None]]] = {}
        wrappers: set[str] = set()
        for ep in eps:
            if _group(ep) == WRAPPERS_GROUP:
                wrapper = by_value.get((_dist_name(ep), ep.value))
                if wrapper is None:
                    failures.append(
                        PluginFailure(
                            ep.name,
                            _dist_name(ep),
                            f"declares a wrapper {ep.name!r} for {ep.value!r} in "
                            f"the entry-point group {WRAPPERS_GROUP}, but no entry "
                            f"point of the group {ENTRYPOINT_GROUP} of its "
                            "distribution has that value",
                        )
                    )
                elif wrapper in plugins:
                    wrappers.add(wrapper)
                continue
            if _group(ep) != RULESETS_GROUP:
                continue
            dist = _dist_name(ep)
            owner = by_value.get((dist, ep.value))
            if owner is None:
                failures.append(
                    PluginFailure(
                        ep.name,
                        dist,
                        f"declares ruleset id {ep.name!r} for {ep.value!r} in the "
                        f"entry-point group {RULESETS_GROUP}, but no entry point of "
                        f"the group {ENTRYPOINT_GROUP} of its distribution has that "
                        "value",
                    )
                )
                continue
            same = claims.setdefault(ep.name, [])
            if (owner, dist) not in same:
                same.append((owner, dist))
        declared: dict[str, str] = {}
        contested: set[str] = set()
        for rid, owners in sorted(claims.items()):
            if len(owners) == 1:
                declared[rid] = owners[0][0]
                continue
            contested.add(rid)
            owners.sort()
            reason = (
                f"{_clash(rid)}{_claimants(owners)}; "
                "neither is loaded until one is uninstalled"
            )
            failures.extend(PluginFailure(p, d, reason) for p, d in owners)
        allowed = {
            name: frozenset(r for r, o in declared.items() if o == name)
            for name, ep in plugins.items()
            if hasattr(ep, "group")
        }
        undeclared = frozenset(
            n for n, ep in plugins.items() if not hasattr(ep, "group")
        )
        return cls(
            plugins=plugins,
            declared=declared,
            allowed=allowed,
            undeclared=undeclared,
            wrappers=frozenset(wrappers),
            contested=frozenset(contested),
            failures=failures,
        )


def get_plugin_manager(
    *,
    load_entrypoints: bool | None = None,
    entry_points: Iterable[EntryPointLike] | None = None,
) -> tuple[pluggy.PluginManager, list[PluginFailure]]:
    """Create a plugin manager with rollwerk's hook specifications.

    Args:
        load_entrypoints: Load plugins from the ``rollwerk`` entry-point
            group. ``None`` (the default) loads them unless the environment
            variable ``ROLLWERK_NO_ENTRYPOINTS`` is set.
        entry_points: The entry points to load instead of the installed ones
            (tests), even when ``ROLLWERK_NO_ENTRYPOINTS`` is set; ``None``
            reads them with ``importlib.metadata``.

    Returns:
        The plugin manager and the failures met while loading entry points
        (a broken plugin never stops the others from loading).
    """
    pm, _, failures = _plugin_manager(load_entrypoints, entry_points)
    return pm, failures


def _plugin_manager(
    load_entrypoints: bool | None, entry_points: Iterable[EntryPointLike] | None
) -> tuple[pluggy.PluginManager, dict[str, str | None], list[PluginFailure]]:
    pm = pluggy.PluginManager("rollwerk")
    pm.add_hookspecs(hookspecs)
    if load_entrypoints is None:
        load_entrypoints = entry_points is not None or not _entry_points_off()
    if not load_entrypoints:
        return pm, {}, []
    if entry_points is None:
        entry_points = installed_entry_points()
    distributions, failures = _load_entry_points(pm, entry_points)
    return pm, distributions, failures


class _Outcome:
    """One plugin's validated contribution to a hook, and its problems."""

    __slots__ = ("problems", "values")

    def __init__(self, values: list[Any], problems: list[str]) -> None:
        self.values = values
        self.problems = problems


def _is_wrapper(impl: pluggy.HookImpl) -> bool:
    return bool(impl.wrapper or impl.hookwrapper)


class Registry:
    """The rulesets, optional rules and duration kinds of the loaded plugins.

    >>> registry = Registry(load_entrypoints=False)
    >>> registry.ids()
    []
    """

    def __init__(
        self,
        *,
        load_entrypoints: bool | None = None,
        plugins: Iterable[object] = (),
        entry_points: Iterable[EntryPointLike] | None = None,
    ) -> None:
        """Create a registry; nothing is called until rulesets are asked for.

        Args:
            load_entrypoints: Load the ``rollwerk`` entry points; ``None``
                (the default) loads them unless ``ROLLWERK_NO_ENTRYPOINTS`` is set.
            plugins: Plugin objects to register directly.
            entry_points: The entry points to load instead of the installed
                ones (tests), even when ``ROLLWERK_NO_ENTRYPOINTS`` is set;
                ``None`` reads them with ``importlib.metadata``.

        Raises:
            ParameterError: ``load_entrypoints`` is not ``True``, ``False``
                or ``None``, ``plugins`` is not an iterable of plugin
                objects, or ``entry_points`` not an iterable of entry points.
        """
        if load_entrypoints is not None and not isinstance(load_entrypoints, bool):
            raise ParameterError(
                "load_entrypoints", load_entrypoints, "True, False or None"
            )
        if isinstance(plugins, (str, bytes)) or not isinstance(plugins, Iterable):
            raise ParameterError(
                "plugins", plugins, "an iterable of plugin objects (modules, …)"
            )
        if entry_points is not None:
            entry_points = _checked_entry_points(entry_points)
        self.pm, _, _ = _plugin_manager(False, None)
        if load_entrypoints is None:
            load_entrypoints = entry_points is not None or not _entry_points_off()
        if not load_entrypoints:
            entry_points = ()
        elif entry_points is None:
            entry_points = installed_entry_points()
        self._plan = _Plan.read(entry_points)
        self._distributions = {
            name: _dist_name(ep) for name, ep in self._plan.plugins.items()
        }
        self._load_failures: list[PluginFailure] = list(self._plan.failures)
        self._pending: dict[str, EntryPointLike] = dict(self._plan.plugins)
        self._direct = False
        self._rulesets: dict[str, RegisteredRuleset] | None = None
        self._optional: dict[str, list[OptionalRule]] = {}
        self._optional_origin: dict[int, Origin] = {}
        self._kinds: dict[str, RegisteredDurationKind] | None = None
        self._failures: list[PluginFailure] = []
        self._kind_failures: list[PluginFailure] = []
        self._catalog_failures: list[PluginFailure] = []
        self._dialect_failures: list[PluginFailure] = []
        self._dialects: dict[str, rollwerk.notation.Dialect] | None = None
        self._fight_failures: list[PluginFailure] = []
        self._fight_rules: dict[str, rollwerk.analysis.FightRules] | None = None
        self._loading = False
        self._partial = False
        # Registry.ruleset hands out one guarded object per (id, options)
        # while the registration behind it stays the same (see `_handed`)
        self._handed: dict[
            tuple[str, tuple[str, ...]], tuple[RegisteredRuleset, Ruleset]
        ] = {}
        # loading is shared state: threads that look rulesets up at once
        # wait for the one loading them (reentrant: loading calls hooks)
        self._lock = threading.RLock()
        for plugin in plugins:
            self.register(plugin)

    def __repr__(self) -> str:
        """What is loaded so far, without loading anything.

        >>> Registry(load_entrypoints=False)
        <Registry: no rulesets loaded yet, 0 plugins waiting>
        """
        if self._rulesets is None:
            state = "no rulesets loaded yet"
        else:
            state = "rulesets loaded: " + (", ".join(self._rulesets) or "none")
        failed = len(self._load_failures) + len(self._failures)
        tail = f", {failed} failed" if failed else ""
        return f"<Registry: {state}, {len(self._pending)} plugins waiting{tail}>"

    def register(self, plugin: object, name: str | None = None) -> None:
        """Register a plugin object directly (tests, notebooks).

        Args:
            plugin: A module or object with ``@rollwerk.hookimpl`` functions.
                It must be hashable (see `UNHASHABLE`) and registered once.
            name: The name failures are reported under. The default is the
                module's name, or for other objects the name of their class
                (with ``#2``, ``#3``… appended if that name is taken).

        Raises:
            PluginError: ``plugin`` is unhashable or implements no hook
                (a module's name instead of the module), ``name`` is not a
                string, the object or the name is registered already, or
                a hook implementation does not match its specification
                (the message names the plugin and says what is allowed).
        """
        label = _plugin_label(plugin, name)
        if name is not None and not isinstance(name, str):
            raise PluginError(
                label, None, f"registration failed: name must be a string, got {name!r}"
            )
        problem = _unhashable(plugin)
        if problem is not None:
            raise PluginError(label, None, problem)
        if name is None and not isinstance(getattr(plugin, "__name__", None), str):
            base = type(plugin).__name__
            name, n = base, 1
            while self.pm.has_plugin(name) or name in self._pending:
                n += 1
                name = f"{base}#{n}"
        key = name if name is not None else getattr(plugin, "__name__", None)
        if key in self._pending:  # the entry point came first, as it always did
            self._import([str(key)])
        if self.pm.is_registered(plugin):
            other = self.pm.get_name(plugin)
            reason = (
                f"it is registered already as {other!r} (a plugin is registered once)"
            )
            raise PluginError(label, None, f"registration failed: {reason}")
        if key is not None and self.pm.has_plugin(str(key)):
            reason = f"another plugin is registered as {key!r}; pass another name"
            raise PluginError(label, None, f"registration failed: {reason}")
        try:
            registered = None if plugin is None else self.pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            reason = "registration failed: " + _one_line(exc)
            raise PluginError(label, None, reason) from None
        unknown = None if registered is None else _unknown_hooks(self.pm, plugin)
        if unknown is not None:
            self.pm.unregister(name=registered)
            raise PluginError(label, None, "registration failed: " + unknown)
        if registered is None or not self.pm.get_hookcallers(plugin):
            # a module's name, None or a number: it would add nothing, silently
            if registered is not None:
                self.pm.unregister(name=registered)
            reason = (
                f"registration failed: {shown(plugin)} has no @rollwerk.hookimpl "
                "functions (rollwerk_register_rulesets…)"
            )
            if isinstance(plugin, str):
                reason += "; pass the module or object, not its name"
            raise PluginError(label, None, reason)
        self._direct = True
        self._rulesets = None
        self._kinds = None
        self._fight_rules = None

    def distribution(self, plugin: str) -> str | None:
        """The distribution that ships the plugin named ``plugin``, if known.

        Raises:
            ParameterError: ``plugin`` is not a string.
        """
        if not isinstance(plugin, str):
            raise ParameterError("plugin", plugin, "a plugin's name (a string)")
        return self._distributions.get(plugin)

    def _claimed(self, plugin: object, ruleset_id: object) -> bool:
        """Whether ``plugin``'s claim of ``ruleset_id`` was refused for a clash."""
        name = self._name(plugin)
        clash = _clash(ruleset_id)
        return any(
            f.plugin == name and f.reason.startswith(clash)
            for f in self._known_failures()
        )

    def _known_failures(self) -> tuple[PluginFailure, ...]:
        """The failures met so far, without loading anything more."""
        return (
            tuple(self._load_failures)
            + tuple(self._failures)
            + tuple(self._kind_failures)
            + tuple(self._catalog_failures)
            + tuple(self._dialect_failures)
            + tuple(self._fight_failures)
        )

    @property
    def failures(self) -> tuple[PluginFailure, ...]:
        """Every plugin that failed to load or returned something invalid.

        Failures of ``rollwerk_register_duration_kinds`` (and of the hooks
        for catalogs and dialects) appear once those were asked for ([`duration_kinds`][rollwerk.plugins.Registry.duration_kinds]).
        """
        self._load()
        return (
            tuple(self._load_failures)
            + tuple(self._failures)
            + tuple(self._kind_failures)
            + tuple(self._catalog_failures)
            + tuple(self._dialect_failures)
            + tuple(self._fight_failures)
        )

    # -- calling hooks -------------------------------------------------------

    def _name(self, plugin: object) -> str:
        return self.pm.get_name(plugin) or repr(plugin)

    def _failure(self, plugin: object, reason: str) -> PluginFailure:
        name = self._name(plugin)
        return PluginFailure(name, self.distribution(name), reason)

    def _changed_by(self, wrappers: Sequence[str]) -> str:
        """``" (changed by the wrapper 'x' (distribution y))"``, or ``""``."""
        if not wrappers:
            return ""
        named = " and ".join(
            f"the wrapper {w!r}"
            + (f" (distribution {d})" if (d := self.distribution(w)) else "")
            for w in wrappers
        )
        return f" (changed by {named})"

    def _call_each(
        self,
        hook_name: str,
        validate: Callable[[list[Any]], _Outcome],
        failures: list[PluginFailure],
        bare_values: dict[str, tuple[list[Any], list[str]]] | None = None,
    ) -> list[tuple[str, list[Any]]]:
        """Call ``hook_name`` through pluggy once per implementing plugin.

        pluggy stops at the first exception, so each plugin is called by
        itself (``pm.subset_hook_caller`` without the other plugins), with
        every wrapper (``@hookimpl(wrapper=True)``) still around it. A plugin
        that raises (anything but ``KeyboardInterrupt``) or returns the wrong
        type is a failure of that plugin; when the plain call succeeds but
        the wrapped one does not, the guilty wrapper is reported and left
        out from then on.

        With ``bare_values``, each plugin whose values came through
        wrappers gets an entry there: its values without any wrapper and
        the names of the wrappers that were around it (so that what a
        wrapper changed can be credited to it).

        Returns:
            The validated values of each plugin, by plugin name, in pluggy's
            call order.
        """
        with self._lock:
            if not self._partial:
                self._import_all()
            caller: pluggy.HookCaller = getattr(self.pm.hook, hook_name)
            impls = caller.get_hookimpls()
            plain = [i.plugin for i in reversed(impls) if not _is_wrapper(i)]
            wrappers = [i.plugin for i in impls if _is_wrapper(i)]
            bad_wrappers: list[object] = []

            def attempt(plugin: object, with_wrappers: Sequence[object]) -> _Outcome:
                remove = [p for p in plain if p is not plugin]
                remove += [w for w in wrappers if w not in with_wrappers]
                try:
                    result = self.pm.subset_hook_caller(hook_name, remove)(
                        registry=self
                    )
                except KeyboardInterrupt:
                    raise
                except BaseException as exc:  # noqa: BLE001 - reported as a plugin failure
                    if isinstance(exc, UnknownRuleset) and self._claimed(
                        plugin, exc.value
                    ):
                        # its own ruleset is refused for a clash already
                        # reported against it: not a failure of its own
                        return _Outcome([], [])
                    return _Outcome([], [f"{hook_name} raised {exc!r}"])
                if not isinstance(result, list):  # pragma: no cover - pluggy's contract
                    return _Outcome([], [f"{hook_name} returned {result!r}"])
                if not result and not with_wrappers:
                    return _Outcome([], [f"{hook_name} returned None"])
                return validate(result)

            out: list[tuple[str, list[Any]]] = []
            for plugin in plain:
                active = [w for w in wrappers if w not in bad_wrappers]
                outcome = attempt(plugin, active)
                used = active
                bare: _Outcome | None = None
                if outcome.problems and active:
                    bare = attempt(plugin, [])
                    if not bare.problems:
                        for wrapper in active:
                            alone = attempt(plugin, [wrapper])
                            if alone.problems:
                                bad_wrappers.append(wrapper)
                                failures.extend(
                                    self._failure(wrapper, f"as a wrapper: {p}")
                                    for p in alone.problems
                                )
                        used = [w for w in active if w not in bad_wrappers]
                        outcome = attempt(plugin, used) if used else bare
                        if outcome.problems:  # wrappers that fail only together
                            outcome, used = bare, []
                failures.extend(self._failure(plugin, p) for p in outcome.problems)
                name = self._name(plugin)
                if bare_values is not None and used and not outcome.problems:
                    if bare is None:
                        bare = attempt(plugin, [])
                    if not bare.problems:
                        bare_values[name] = (
                            bare.values,
                            [self._name(w) for w in used],
                        )
                out.append((name, outcome.values))
            return out

    # -- loading -------------------------------------------------------------

    def _import(self, names: Iterable[str]) -> None:
        """Import and register the pending entry points ``names``."""
        with self._lock:
            for name in names:
                ep = self._pending.pop(name, None)
                if ep is None:
                    continue
                failure = _import_entry_point(self.pm, name, ep, self._distributions)
                if failure is None and hasattr(ep, "group"):
                    failure = self._undeclared_wrapper(name, ep)
                if failure is not None:
                    self._load_failures.append(failure)
                self._rulesets = None

    def _undeclared_wrapper(
        self, name: str, ep: EntryPointLike
    ) -> PluginFailure | None:
        """Refuse an installed plugin that wraps the rulesets hook undeclared.

        A lookup by id imports only the id's plugin and the wrappers
        declared in ``rollwerk.wrappers``; an undeclared wrapper would
        change a ruleset only once something else imported it, so that one
        id would mean two rulesets. It is unregistered and reported.
        """
        if name in self._plan.wrappers:
            return None
        plugin = self.pm.get_plugin(name)
        hook = self.pm.hook.rollwerk_register_rulesets
        if not any(
            impl.plugin is plugin and _is_wrapper(impl) for impl in hook.get_hookimpls()
        ):
            return None
        self.pm.unregister(plugin, name=name)
        return PluginFailure(
            name,
            _dist_name(ep),
            "wraps rollwerk_register_rulesets, which its distribution does not "
            f"declare: add {name} = {ep.value!r} to the entry-point group "
            f"{WRAPPERS_GROUP}",
        )

    def _import_all(self) -> None:
        """Import every plugin: what every hook but the rulesets' needs."""
        if self._pending:
            self._import(sorted(self._pending))

    def _needed(self, ruleset_id: str) -> list[str]:
        """The plugins to import to know what ``ruleset_id`` means.

        The plugin whose distribution declares the id, the plugins given
        without metadata, the declared wrappers of other plugins' rulesets,
        and a plugin named like the id (so that a plugin that registers the
        id without declaring it is reported with it).
        """
        plan = self._plan
        names = sorted(plan.undeclared | plan.wrappers)
        owner = plan.declared.get(ruleset_id)
        if owner is not None:
            names.append(owner)
        elif ruleset_id not in plan.contested:
            names.append(ruleset_id)
        return [n for n in names if n in self._pending]

    def _load(self, ruleset_id: str | None = None) -> None:
        """Collect the rulesets of every plugin, or of enough to know ``ruleset_id``."""
        with self._lock:
            if self._loading:
                if self._rulesets is None:
                    raise RuntimeError(
                        "the registry is collecting rulesets; look them up after "
                        "rollwerk_register_rulesets, not inside it"
                    )
                return
            if ruleset_id is None:
                self._import_all()
            else:
                self._import(self._needed(ruleset_id))
            if self._rulesets is not None:
                return
            self._loading = True
            self._partial = bool(self._pending)
            try:
                self._load_rulesets()
            finally:
                self._loading = False
                self._partial = False

    def _load_rulesets(self) -> None:
        failures: list[PluginFailure] = []
        claims: dict[str, list[RegisteredRuleset]] = {}
        plan = self._plan
        registered: dict[str, set[str]] = {}
        bare_values: dict[str, tuple[list[Any], list[str]]] = {}
        called = self._call_each(
            "rollwerk_register_rulesets", _validate_rulesets, failures, bare_values
        )
        # a hook that failed (or gave values that are no rulesets) may have
        # meant any id: its declared ids are not reported missing as well
        unsure = {f.plugin for f in failures}
        for name, values in called:
            allowed = plan.allowed.get(name)
            registered[name] = {rs.id for rs in values}
            bare, around = bare_values.get(name, ([], []))
            for rs in values:
                if rs.id in plan.contested and allowed is not None:
                    continue  # reported from the metadata already
                changed = around and not any(_same(rs, b) for b in bare)
                problem = self._undeclared(name, rs.id, allowed)
                if problem is not None:
                    if changed:  # the wrapper gave it the id: name it, not a fix
                        unsure.add(name)
                        problem = (
                            f"registers ruleset id {rs.id!r}, which its "
                            "distribution does not declare"
                            + self._changed_by(tuple(around))
                        )
                    failures.append(self._failure_of(name, problem))
                    continue
                problem = self._other_distribution(name, rs)
                if problem is not None:
                    failures.append(self._failure_of(name, problem))
                    continue
                claims.setdefault(rs.id, []).append(
                    RegisteredRuleset(
                        rs,
                        name,
                        self.distribution(name),
                        tuple(around) if changed else (),
                    )
                )
        for name, allowed in sorted(plan.allowed.items()):
            if not allowed or name in unsure or not self.pm.has_plugin(name):
                continue  # nothing declared, its hook failed, or not imported
            failures.extend(
                self._failure_of(
                    name,
                    f"declares {rid!r} in the entry-point group {RULESETS_GROUP} "
                    "but registers no ruleset with that id",
                )
                for rid in sorted(allowed - registered.get(name, set()))
            )
        rulesets: dict[str, RegisteredRuleset] = {}
        for rid, entries in sorted(claims.items()):
            owners = sorted({(e.plugin, e.distribution) for e in entries})
            wrapped = sorted({w for e in entries for w in e.wrapped_by})
            if len(owners) == 1 and len(entries) == 1:
                rulesets[rid] = entries[0]
                continue
            reason = (
                f"{_clash(rid)}{_claimants(owners)}; "
                "neither is loaded until one is uninstalled"
                if len(owners) > 1
                else f"ruleset id {rid!r} is registered twice by the same plugin"
            ) + self._changed_by(wrapped)
            failures.extend(PluginFailure(p, d, reason) for p, d in owners)
        self._rulesets = rulesets
        optional: dict[str, list[OptionalRule]] = {}
        origins: dict[int, Origin] = {}
        offers: dict[tuple[str, str], list[tuple[str, OptionalRule]]] = {}
        for name, values in self._call_each(
            "rollwerk_register_optional_rules", _validate_optional_rules, failures
        ):
            for rule in values:
                offers.setdefault((rule.ruleset, rule.id), []).append((name, rule))
        for (rid, option), offered in offers.items():
            if len(offered) > 1:
                # one name, one owner: neither rule is offered
                owners = sorted({(n, self.distribution(n)) for n, _ in offered})
                reason = (
                    f"optional rule {option!r} for ruleset {rid!r} is offered by "
                    f"{_claimants(owners)}; neither is offered until one is "
                    "uninstalled"
                    if len(owners) > 1
                    else f"optional rule {option!r} for ruleset {rid!r} is "
                    "offered twice by the same plugin"
                )
                failures.extend(PluginFailure(p, d, reason) for p, d in owners)
                continue
            name, rule = offered[0]
            optional.setdefault(rid, []).append(rule)
            origins[id(rule)] = Origin(name, self.distribution(name))
        self._optional = optional
        self._optional_origin = origins
        self._failures = failures

    def _failure_of(self, name: str, reason: str) -> PluginFailure:
        return PluginFailure(name, self.distribution(name), reason)

    def _other_distribution(self, name: str, ruleset: object) -> str | None:
        """Why ``ruleset``'s version would come from another distribution, or ``None``.

        A ``define_ruleset(distribution=…)`` that names another distribution
        than the one installing its plugin (a typo) reads no version: the
        ruleset would report ``0+unknown`` everywhere, without a word.
        Checked only where both are known and no version is given directly.
        """
        if not isinstance(ruleset, RulesetSpec) or ruleset.fixed_version is not None:
            return None
        named, own = ruleset.distribution, self.distribution(name)
        if named is None or own is None or _normalize(named) == _normalize(own):
            return None
        return (
            f"ruleset {ruleset.id!r} takes its version from the distribution "
            f"{named!r}, but it is installed by {own!r} "
            f"(define_ruleset(distribution={own!r}))"
        )

    def _undeclared(
        self, name: str, ruleset_id: str, allowed: frozenset[str] | None
    ) -> str | None:
        """Why plugin ``name`` may not register ``ruleset_id``, or ``None``."""
        if ruleset_id in self._plan.contested:
            return (
                f"ruleset id {ruleset_id!r} is declared by more than one "
                "distribution; none is loaded until all but one are uninstalled"
            )
        if allowed is None or ruleset_id in allowed:
            return None  # a plugin object registered directly, or declared
        value = self._plan.plugins[name].value
        return (
            f"registers ruleset id {ruleset_id!r}, which its distribution does not "
            f"declare: add {ruleset_id} = {value!r} to the entry-point group "
            f"{RULESETS_GROUP} (one entry per ruleset id)"
        )

    def duration_kinds(self) -> dict[str, rollwerk.encounter.DurationDecoder]:
        """The decoders of every duration kind: the core's and the plugins'.

        A kind registered by two plugins, or by a plugin and the core, is
        reported as a failure of each plugin and none of the plugins' decoders
        is used for it.

        Returns:
            Decoders by JSON name, for ``duration_from_json(data, kinds=…)``.
        """
        return {k: e.decoder for k, e in self.duration_kind_entries().items()}

    def duration_kind_entries(self) -> dict[str, RegisteredDurationKind]:
        """Every duration kind with the plugin and distribution it came from."""
        if self._kinds is None:
            self._kinds = self._load_kinds()
        return dict(self._kinds)

    def _load_kinds(self) -> dict[str, RegisteredDurationKind]:
        from rollwerk.encounter._durations import DURATION_KINDS

        failures: list[PluginFailure] = []
        claims: dict[str, list[RegisteredDurationKind]] = {}
        for name, values in self._call_each(
            "rollwerk_register_duration_kinds", _validate_kinds, failures
        ):
            for kind, decoder in values:
                claims.setdefault(kind, []).append(
                    RegisteredDurationKind(kind, decoder, name, self.distribution(name))
                )
        kinds = {
            k: RegisteredDurationKind(k, d, None, None)
            for k, d in DURATION_KINDS.items()
        }
        for kind, entries in sorted(claims.items()):
            owners = sorted({(e.plugin or "", e.distribution) for e in entries})
            if kind in kinds:
                reason = f"duration kind {kind!r} is one of the core's kinds"
            elif len(owners) > 1:
                reason = (
                    f"duration kind {kind!r} is claimed by {_claimants(owners)}; "
                    "neither is used until one is uninstalled"
                )
            else:
                kinds[kind] = entries[-1]
                continue
            failures.extend(PluginFailure(p, d, reason) for p, d in owners)
        self._kind_failures = failures
        return kinds

    # -- lookups -------------------------------------------------------------

    def ids(self) -> list[str]:
        """The ids of all registered rulesets, sorted.

        Read from the installed metadata without importing any plugin (the
        ids distributions declare in ``rollwerk.rulesets``, less those two
        distributions declare), unless plugin objects were registered
        directly, wrappers of the rulesets hook are declared
        (``rollwerk.wrappers``: they may rename or drop rulesets) or every
        plugin is loaded already: then the ids of the rulesets actually
        registered. A declared plugin that fails to
        load is reported when its ruleset is asked for and in
        [`failures`][rollwerk.plugins.Registry.failures].
        """
        plan = self._plan
        if (
            self._pending
            and not self._direct
            and not plan.undeclared
            and not plan.wrappers
        ):
            # a plugin whose import or registration failed; a clash over
            # one of its ids (read from the metadata) leaves its others
            broken = {f.plugin for f in self._load_failures if f not in plan.failures}
            return sorted(
                rid
                for rid, owner in plan.declared.items()
                if (owner in self._pending or self.pm.has_plugin(owner))
                and owner not in broken
            )
        with self._lock:
            self._load()
            rulesets = self._rulesets
        assert rulesets is not None
        return list(rulesets)

    def entries(self) -> list[RegisteredRuleset]:
        """All registered rulesets with their plugins, sorted by id."""
        with self._lock:
            self._load()
            rulesets = self._rulesets
        assert rulesets is not None
        return list(rulesets.values())

    def optional_rules(self, ruleset_id: str) -> list[OptionalRule]:
        """The optional rules offered for ``ruleset_id``.

        Raises:
            UnknownRuleset: ``ruleset_id`` is not a string (an id that no
                ruleset has is offered none).
        """
        if not isinstance(ruleset_id, str):
            raise UnknownRuleset(
                self._not_an_id(ruleset_id), **self._unknown_fields(ruleset_id)
            )
        with self._lock:
            self._load()
            return list(self._optional.get(ruleset_id, []))

    def ruleset(self, ruleset_id: str, *, options: Sequence[str] = ()) -> Ruleset:
        """The ruleset ``ruleset_id``, with the named optional rules switched on.

        Without ``options`` only the plugin whose distribution declares
        ``ruleset_id`` (entry-point group ``rollwerk.rulesets``) is
        imported; with options, every plugin (any of them may offer an
        optional rule). Either way the answer is the one a full load gives.

        The ruleset comes inside a transparent guard: it compares equal to
        the plugin's object and forwards its attributes, but when plugin
        code fails while it is used (a check's ``resolve`` or ``outcomes``,
        a check factory, the contest rule, an optional rule's ``apply``
        raises something other than a
        [`RollwerkError`][rollwerk.errors.RollwerkError], or returns the
        wrong type) the caller gets one
        [`PluginFault`][rollwerk.errors.PluginFault] naming the plugin, its
        distribution and the call.

        Asked again for the same id and options, it gives the same object
        as long as the plugins behind it stay registered as they were (a
        plugin registered since, or loaded with a claim on the id, makes a
        new one), so caches keyed by the ruleset, such as
        [`check_from_request`][rollwerk.checks.check_from_request]'s, find
        what an earlier lookup put there.

        Raises:
            UnknownRuleset: No such ruleset (``ruleset_id`` is not one of the
                ids, or not a string), or no such optional rule.
            ParameterError: ``options`` is not a list of option ids (a
                single id must be given as a list of one).
            PluginFault: An optional rule's ``apply`` failed.
        """
        if not isinstance(ruleset_id, str):
            raise UnknownRuleset(
                self._not_an_id(ruleset_id), **self._unknown_fields(ruleset_id)
            )
        if options.__class__ is not tuple:  # not the default: a list, or a mistake
            if isinstance(options, str) or not isinstance(options, Iterable):
                # "slaying-dice" would be read letter by letter
                raise ParameterError(
                    "options", options, 'a list of option ids (["slaying-dice"])'
                )
            options = tuple(options)
        with self._lock:
            self._load(None if options else ruleset_id)
            assert self._rulesets is not None
            entry = self._rulesets.get(ruleset_id)
            if entry is None:
                raise UnknownRuleset(
                    self._missing(ruleset_id), **self._unknown_fields(ruleset_id)
                )
        plain = all(o.__class__ is str for o in options)
        if plain:
            options = tuple(dict.fromkeys(options))  # asked twice: applied once
        key = (ruleset_id, options)
        if plain:
            handed = self._handed.get(key)
            if handed is not None and _same_entry(handed[0], entry):
                return handed[1]
        ruleset = entry.ruleset
        offered = {o.id: o for o in self.optional_rules(ruleset_id)} if options else {}
        applied: list[str] = []
        for opt in options:
            rule = offered.get(opt) if isinstance(opt, str) else None
            if rule is None:
                if not offered:
                    raise UnknownRuleset(
                        f"option {opt!r} is not offered: no installed plugin "
                        f"offers optional rules for ruleset {ruleset_id!r}"
                        + self._failed_aside(),
                        parameter="option",
                        value=opt,
                    )
                allowed = ", ".join(sorted(offered))
                raise UnknownRuleset(
                    f"option must be one of: {allowed} for ruleset {ruleset_id!r}, "
                    f"got {opt!r}" + self._failed_aside(),
                    parameter="option",
                    value=opt,
                    choices=sorted(offered),
                )
            origin = self._optional_origin.get(id(rule), Origin("?", None))
            ruleset = apply_optional_rule(rule, ruleset, origin, _ruleset_problem)
            applied.append(f"{opt} (plugin {origin.plugin!r})")
        context = f" with the optional rules {', '.join(applied)}" if applied else ""
        context += self._changed_by(entry.wrapped_by)
        guarded = guard_ruleset(
            ruleset, Origin(entry.plugin, entry.distribution, context)
        )
        with self._lock:
            handed = self._handed.get(key)
            if handed is not None and _same_entry(handed[0], entry):
                return handed[1]  # another thread was first: one object for all
            if len(self._handed) >= _HANDED_RULESETS:
                self._handed.clear()
            self._handed[key] = (entry, guarded)
        return guarded

    def _unknown_fields(self, ruleset_id: object) -> dict[str, Any]:
        """The fields of `UnknownRuleset` for ``ruleset_id``: the ids there are.

        The ids its message lists (`_missing`, `_not_an_id`).
        """
        choices = self._other_ids(ruleset_id)
        return {"parameter": "ruleset", "value": ruleset_id, "choices": choices}

    def _not_an_id(self, ruleset_id: object) -> str:
        """The message of `UnknownRuleset` for an id that is not a string."""
        return f"ruleset must be {_one_of(self.ids())}, got {shown(ruleset_id)}"

    def _missing(self, ruleset_id: str) -> str:
        """Why ``ruleset_id`` is not registered: the message of `UnknownRuleset`.

        The ids there are, then each failure that names the id or comes
        from the plugin that declares it. Without such a failure every
        plugin is loaded (a mistyped id pays for it, a found one never
        does), and if any failed to load, the message says how many and
        points to [`failures`][rollwerk.plugins.Registry.failures] (see
        `FAILURES_POINTER`): a ruleset of a broken plugin is missing
        without its id being known anywhere.
        """
        reasons = self._reasons(ruleset_id)
        if not reasons and self._pending:
            self._load()
            reasons = self._reasons(ruleset_id)
        allowed = _one_of(self._other_ids(ruleset_id))
        message = f"ruleset must be {allowed}, got {shown(ruleset_id)}"
        if not reasons:
            return message + self._failed_aside()
        return message + "".join(f" ({r})" for r in reasons)

    def _other_ids(self, ruleset_id: object) -> list[str]:
        """The ids there are but ``ruleset_id``: what an `UnknownRuleset` lists."""
        rulesets = self._rulesets
        known = self.ids() if self._pending or rulesets is None else list(rulesets)
        return [i for i in known if i != ruleset_id]

    def _failed_aside(self) -> str:
        """`` (1 plugin failed to load: see Registry.failures)``, or ``""``."""
        said = failed_plugins((*self._load_failures, *self._failures))
        return f" ({said})" if said else ""

    def _reasons(self, ruleset_id: str) -> list[str]:
        """The failures met so far that say why ``ruleset_id`` is missing, once each."""
        reasons: list[str] = []
        owner = self._plan.declared.get(ruleset_id)
        for failure in self._known_failures():
            if failure.plugin not in (ruleset_id, owner) and (
                f"ruleset id {ruleset_id!r}" not in failure.reason
            ):
                continue
            # a claim names every claimant: quoted once, whichever plugin failed
            claim = " is claimed by " in failure.reason
            reason = failure.reason if claim else str(failure.error())
            if reason not in reasons:
                reasons.append(reason)
        # the owner's failures that name the id say why; its others do not
        naming = [r for r in reasons if repr(ruleset_id) in r]
        return naming or reasons

    def catalogs(self) -> Catalog:
        """The core's message catalog merged with every plugin's.

        Plugins' catalogs come from ``rollwerk_register_catalogs`` and are
        merged over [`CORE`][rollwerk.i18n.CORE] in the order the plugins
        were registered (installed plugins by entry-point name, ``plugins=``
        in the order given), the later winning for a message two define; so
        a plugin can add a language for its own texts and the core's. Pass
        the result to ``explain(lang, catalogs)``; the CLI offers its
        languages for ``--lang``.

        A plugin whose hook fails is reported in
        [`failures`][rollwerk.plugins.Registry.failures], and so is each
        template that could not be filled or shown, which is left out (its
        language then shows the English text): a lone brace, a placeholder
        that is not a name or has a conversion or format spec (``{x!r}``),
        a control character, a field that the message's first English does
        not name (a translation of ``cli.result`` that names ``{x}``), a
        field in a word (a label, a role, help), or a decimal point or die
        letter that cannot be one (see docs/i18n.md, "Language packs").
        The failures are known once this has been called.
        """
        from rollwerk.checks._toolkit import TOOLKIT_CATALOG
        from rollwerk.i18n import CORE
        from rollwerk.i18n._catalog import checked_catalogs

        failures: list[PluginFailure] = []
        found = self._call_each(
            "rollwerk_register_catalogs", _validate_catalogs, failures
        )
        # pluggy calls the last registered plugin first
        offered = [(name, c) for name, values in reversed(found) for c in values]
        kept, problems = checked_catalogs((CORE, TOOLKIT_CATALOG), offered)
        failures.extend(self._failure_of(name, problem) for name, problem in problems)
        self._catalog_failures = failures
        return CORE.merge(*(c for _, c in kept))

    def dialects(self) -> dict[str, rollwerk.notation.Dialect]:
        """Every notation dialect: the bundled ones and the plugins'.

        Plugins' dialects come from ``rollwerk_register_dialects``. A name
        that a bundled dialect has, or that two plugins claim, is reported
        as a failure of each claiming plugin and none of their dialects is
        used under it (one name, one owner).

        Returns:
            Dialects by name, for ``parse(text, dialect=…)``.
        """
        from rollwerk.notation import DIALECTS

        if self._dialects is None:
            failures: list[PluginFailure] = []
            claims: dict[str, list[tuple[str, rollwerk.notation.Dialect]]] = {}
            for name, values in self._call_each(
                "rollwerk_register_dialects", _validate_dialects, failures
            ):
                for dialect in values:
                    claims.setdefault(dialect.name, []).append((name, dialect))
            found: dict[str, rollwerk.notation.Dialect] = dict(DIALECTS)
            for dialect_name, entries in sorted(claims.items()):
                owners = sorted({(p, self.distribution(p)) for p, _ in entries})
                if dialect_name in found:
                    reason = f"dialect {dialect_name!r} is one of the bundled dialects"
                elif len(owners) > 1:
                    reason = (
                        f"dialect {dialect_name!r} is claimed by {_claimants(owners)}; "
                        "neither is used until one is uninstalled"
                    )
                else:
                    found[dialect_name] = entries[-1][1]
                    continue
                failures.extend(PluginFailure(p, d, reason) for p, d in owners)
            self._dialect_failures = failures
            self._dialects = found
        return dict(self._dialects)

    def fight_rules(self) -> dict[str, rollwerk.analysis.FightRules]:
        """The [`FightRules`][rollwerk.analysis.FightRules] of every plugin, by ruleset id.

        They come from ``rollwerk_register_fight_rules``. A ruleset id that
        two plugins provide fight rules for is reported as a failure of each
        and neither is used (one id, one owner); a plugin whose hook fails is
        reported in [`failures`][rollwerk.plugins.Registry.failures].
        """
        if self._fight_rules is None:
            failures: list[PluginFailure] = []
            claims: dict[str, list[tuple[str, rollwerk.analysis.FightRules]]] = {}
            for name, values in self._call_each(
                "rollwerk_register_fight_rules", _validate_fight_rules, failures
            ):
                for rid, rules in values:
                    claims.setdefault(rid, []).append((name, rules))
            found: dict[str, rollwerk.analysis.FightRules] = {}
            for rid, entries in sorted(claims.items()):
                owners = sorted({(p, self.distribution(p)) for p, _ in entries})
                if len(owners) == 1 and len(entries) == 1:
                    plugin, rules = entries[0]
                    found[rid] = guard_fight_rules(
                        rules, Origin(plugin, self.distribution(plugin))
                    )
                    continue
                reason = (
                    f"fight rules for ruleset {rid!r} are claimed by "
                    f"{_claimants(owners)}; neither is used until one is uninstalled"
                    if len(owners) > 1
                    else f"fight rules for ruleset {rid!r} are registered twice"
                )
                failures.extend(PluginFailure(p, d, reason) for p, d in owners)
            self._fight_failures = failures
            self._fight_rules = found
        return dict(self._fight_rules)


# -- typed wrappers: what each hook must return ----------------------------


def _validate_rulesets(result: list[Any]) -> _Outcome:
    values: list[Any] = []
    problems: list[str] = []
    for value in result:
        if not isinstance(value, (list, tuple)):
            problems.append(
                f"rollwerk_register_rulesets must return a list, got {value!r}"
            )
            continue
        for rs in value:
            problem = _ruleset_problem(rs)
            if problem is None:
                checked, left_out = checked_ruleset_catalog(rs)
                values.append(checked)
                problems.extend(left_out)
            else:
                problems.append(problem)
    return _Outcome(values, problems)


def _clash(ruleset_id: object) -> str:
    """How the failure of a ruleset id two plugins claim begins (`Registry._claimed` reads it)."""
    return f"ruleset id {ruleset_id!r} is claimed by "


def checked_ruleset_catalog(rs: Any) -> tuple[Any, list[str]]:
    """``rs`` without the templates of its own catalog that cannot be shown.

    A `define_ruleset` ruleset's catalog is checked as a language pack is
    (`checked_catalogs`: a lone brace, a conversion, a control character, a
    field in a label…): each such template is left out, so its language
    shows the English, and reported as the plugin's failure, instead of
    failing later when a label is read (as a user's error, exit 2).

    Every use of the catalog gets the one without them: the ruleset's
    ``catalog`` (its labels, roles, help), its `define_check` checks bound
    to it (the default explanation's labels; an explanation its function
    builds from the plugin's catalog as written drops them when it is
    made, see `without_templates`), and its difficulties' labels. The
    contract kit's `assert_ruleset_declaration` reports the same words.

    Returns:
        The ruleset to use (``rs`` itself when nothing is left out, or it
        is not a `define_ruleset` value), and one
        ``"ruleset '<id>': catalog message … is left out: …"`` for each
        template left out.
    """
    from rollwerk.checks._toolkit import BoundFactory
    from rollwerk.i18n._catalog import checked_catalogs, left_out_of, without_templates
    from rollwerk.rulesets import RulesetSpec

    if not isinstance(rs, RulesetSpec):
        return rs, []
    kept, problems = checked_catalogs((), [(rs.id, rs.catalog)])
    if not problems:
        return rs, []
    said = [f"ruleset {rs.id!r}: {problem}" for _, problem in problems]
    catalog = kept[0][1]
    left_out = left_out_of(catalog)

    def rebound(spec: CheckSpec) -> CheckSpec:
        bound = spec.factory
        if isinstance(bound, BoundFactory) and bound.catalog is rs.catalog:
            factory = BoundFactory(bound.definition, bound.ruleset, catalog)
            return attrs.evolve(spec, factory=factory)
        return spec

    return attrs.evolve(
        rs,
        catalog=catalog,
        check_specs=tuple(map(rebound, rs.check_specs)),
        difficulties=tuple(
            attrs.evolve(d, label=without_templates(d.label, left_out))
            for d in rs.difficulties
        ),
    ), said


def _list_of(hook: str, kind: type, kind_name: str) -> Callable[[list[Any]], _Outcome]:
    """A validator for a hook that must return a list of ``kind``."""

    def validate(result: list[Any]) -> _Outcome:
        values: list[Any] = []
        problems: list[str] = []
        for value in result:
            if not isinstance(value, (list, tuple)) or not all(
                isinstance(v, kind) for v in value
            ):
                problems.append(
                    f"{hook} must return a list of {kind_name}, got {value!r}"
                )
                continue
            values.extend(value)
        return _Outcome(values, problems)

    return validate


def _validate_optional_rules(result: list[Any]) -> _Outcome:
    return _list_of("rollwerk_register_optional_rules", OptionalRule, "OptionalRule")(
        result
    )


def _validate_catalogs(result: list[Any]) -> _Outcome:
    return _list_of("rollwerk_register_catalogs", Catalog, "Catalog")(result)


def _validate_dialects(result: list[Any]) -> _Outcome:
    from rollwerk.checks._levels import is_word
    from rollwerk.notation import Dialect

    outcome = _list_of("rollwerk_register_dialects", Dialect, "Dialect")(result)
    values: list[Any] = []
    problems = list(outcome.problems)
    for dialect in outcome.values:
        name = dialect.name
        if not (is_word(name) and name == name.lower()):
            # a name is typed after --dialect and named by define_ruleset(dialect=)
            problems.append(
                "rollwerk_register_dialects: a dialect's name must be a lower-case "
                f"word without spaces, dots or colons, got {shown(name)}"
            )
            continue
        from rollwerk.notation._dialect import dialect_problem

        problem = dialect_problem(dialect)
        if problem is None:
            values.append(dialect)
        else:
            problems.append(f"rollwerk_register_dialects: dialect {name!r}: {problem}")
    return _Outcome(values, problems)


def _validate_fight_rules(result: list[Any]) -> _Outcome:
    from rollwerk.analysis import FightRules

    values: list[Any] = []
    problems: list[str] = []
    hook = "rollwerk_register_fight_rules"
    for value in result:
        if not isinstance(value, Mapping):
            problems.append(
                f"{hook} must return a mapping of ruleset ids to FightRules whose "
                f"ruleset is the key, got {shown(value)}"
            )
            continue
        for key, rules in value.items():
            problem = _fight_rules_problem(key, rules, FightRules)
            if problem is None:
                values.append((key, rules))
            else:
                problems.append(f"{hook}: {problem}")
    return _Outcome(values, problems)


_FIGHT_MEMBERS = ("ruleset", "parameters", "fighter", "initiative", "attacks", "damage")
"""What fight rules have (`rollwerk.analysis.FightRules`)."""


def _fight_rules_problem(key: object, rules: object, protocol: type) -> str | None:
    """What is wrong with the fight rules ``rules`` registered under ``key``, if anything."""
    if not isinstance(key, str):
        return f"a key must be a ruleset id, got {shown(key)}"
    if not isinstance(rules, protocol):
        lacks = [name for name in _FIGHT_MEMBERS if not hasattr(rules, name)]
        return f"the rules for {key!r} must be FightRules, got {shown(rules)}" + (
            f" (it has no {', '.join(lacks)})" if lacks else ""
        )
    ruleset = getattr(rules, "ruleset", None)
    if ruleset != key:
        return (
            f"the rules for {key!r} must have the ruleset {key!r}, got {shown(ruleset)}"
        )
    try:
        names = [getattr(p, "name", None) for p in rules.parameters()]  # type: ignore[attr-defined]
    except Exception as exc:  # noqa: BLE001 - the plugin's failure, said
        return f"the rules for {key!r}: parameters() raised {exc!r}"
    if "count" in names:
        # every fight's side has "count", the number of its creatures
        return (
            f"the rules for {key!r} declare a side parameter 'count', which every "
            "fight has already (the number of creatures): give it another name"
        )
    return None


def _validate_kinds(result: list[Any]) -> _Outcome:
    values: list[Any] = []
    problems: list[str] = []
    for value in result:
        if not isinstance(value, Mapping) or not all(
            isinstance(k, str) and k and callable(d) for k, d in value.items()
        ):
            problems.append(
                "rollwerk_register_duration_kinds must return a mapping of kind "
                f"names to decoders, got {value!r}"
            )
            continue
        values.extend(value.items())
    return _Outcome(values, problems)


_RULESET_MEMBERS = (
    "id",
    "name",
    "version",
    "labels",
    "round_seconds",
    "difficulties",
    "checks",
    "contest",
)


def _has_member(obj: object, name: str) -> bool:
    """Whether ``obj`` has ``name``, without running a property to find out.

    ``isinstance(obj, Ruleset)`` would call every property on Python 3.11
    (``hasattr``).
    """
    return any(name in vars(k) for k in type(obj).__mro__) or name in getattr(
        obj, "__dict__", {}
    )


def _ruleset_problem(obj: object) -> str | None:
    try:
        return _ruleset_problem_unguarded(obj)
    except Exception as exc:  # noqa: BLE001 - reported as a plugin failure
        return f"returned a ruleset that raised {exc!r} when inspected"


def _ruleset_problem_unguarded(obj: object) -> str | None:
    if not all(_has_member(obj, m) for m in _RULESET_MEMBERS):
        return f"returned {obj!r}, which is not a Ruleset (needs id, name, version, labels, checks, contest…)"
    rs: Ruleset = obj  # type: ignore[assignment]
    if not isinstance(rs.id, str) or not rs.id:
        return f"ruleset {obj!r} has no string id"
    if not is_ruleset_id(rs.id):
        return f"ruleset id must be {RULESET_ID}, got {rs.id!r}"
    for attribute in ("name", "version"):
        if not isinstance(getattr(rs, attribute), str):
            return f"ruleset {rs.id!r}: {attribute} must be a string"
    # what define_ruleset checks, for a ruleset made another way (attrs.evolve)
    seconds = rs.round_seconds
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, Fraction))
        or not seconds > 0
    ):
        return (
            f"ruleset {rs.id!r}: round_seconds must be an int or Fraction more "
            f"than 0, got {seconds!r}"
        )
    slots = getattr(rs, "actions_per_round", 1)
    if isinstance(slots, bool) or not isinstance(slots, int) or not 1 <= slots < 2**63:
        return (
            f"ruleset {rs.id!r}: actions_per_round must be an integer from 1 to "
            f"2**63 - 1, got {slots!r}"
        )
    try:
        specs = list(rs.checks())
    except Exception as exc:  # noqa: BLE001 - reported as a plugin failure
        return f"ruleset {rs.id!r}: checks() raised {exc!r}"
    if not specs or not all(isinstance(s, CheckSpec) for s in specs):
        return f"ruleset {rs.id!r}: checks() must return a non-empty list of CheckSpec"
    return None


_DEFAULT: Registry | None = None
"""The one cache: the shared default registry, once built."""

_DEFAULT_LOCK = threading.Lock()
"""Held while the shared registry is built, so that threads get one."""


def get_registry(*, fresh: bool = False) -> Registry:
    """The shared registry of installed plugins, created on first use.

    This is the only state kept between calls: every other lookup lives in
    a [`Registry`][rollwerk.plugins.Registry] object.

    Args:
        fresh: Build a new registry (re-reading the entry points) instead of
            returning the cached one, and cache it.
    """
    global _DEFAULT  # noqa: PLW0603 - the one documented cache
    registry = _DEFAULT
    if registry is not None and not fresh:
        return registry
    with _DEFAULT_LOCK:  # threads asking at once all get the one registry
        if _DEFAULT is None or fresh:
            _DEFAULT = Registry()
        return _DEFAULT


def _one_of(ids: Sequence[str]) -> str:
    """What a ruleset id must be: one of ``ids``, or said plainly without any."""
    if not ids:
        return "the id of an installed ruleset (none is installed)"
    return "one of: " + ", ".join(ids)
