"""Loading plugins and looking up rulesets.

Nothing is loaded at import. [`get_registry`][rollwerk.plugins.get_registry]
builds a [`Registry`][rollwerk.plugins.Registry] on first use; set the
environment variable ``ROLLWERK_NO_ENTRYPOINTS=1`` to skip entry-point loading
(for example in tests), and register plugin objects directly with
[`Registry.register`][rollwerk.plugins.Registry.register].
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import pluggy

from rollwerk.checks._parameters import CheckSpec
from rollwerk.errors import PluginError, UnknownRuleset
from rollwerk.plugins import hookspecs
from rollwerk.rulesets import OptionalRule, Ruleset

if TYPE_CHECKING:
    from importlib import metadata

__all__ = [
    "ENTRYPOINT_GROUP",
    "NO_ENTRYPOINTS_ENV",
    "PluginFailure",
    "RegisteredRuleset",
    "Registry",
    "get_plugin_manager",
    "get_registry",
]

ENTRYPOINT_GROUP = "rollwerk"
"""The entry-point group plugins register under."""
NO_ENTRYPOINTS_ENV = "ROLLWERK_NO_ENTRYPOINTS"
"""Set to a non-empty value other than ``0`` to skip entry-point loading."""


@attrs.frozen
class PluginFailure:
    """A plugin that could not be loaded or returned something invalid."""

    plugin: str
    """The plugin's name (entry point name or registered name)."""
    distribution: str | None
    """The distribution that ships it, if known."""
    reason: str
    """What went wrong, in one line."""

    def error(self) -> PluginError:
        """The failure as an exception."""
        return PluginError(self.plugin, self.distribution, self.reason)


@attrs.frozen
class RegisteredRuleset:
    """A ruleset with the plugin and distribution it came from."""

    ruleset: Ruleset
    """The ruleset object."""
    plugin: str
    """The name of the plugin that registered it."""
    distribution: str | None
    """The distribution that ships the plugin, if known."""


def get_plugin_manager(
    *, load_entrypoints: bool | None = None
) -> tuple[pluggy.PluginManager, list[PluginFailure]]:
    """Create a plugin manager with rollwerk's hook specifications.

    Args:
        load_entrypoints: Load plugins from the ``rollwerk`` entry-point
            group. ``None`` (the default) loads them unless the environment
            variable ``ROLLWERK_NO_ENTRYPOINTS`` is set.

    Returns:
        The plugin manager and the failures met while loading entry points
        (a broken plugin never stops the others from loading).
    """
    pm = pluggy.PluginManager("rollwerk")
    pm.add_hookspecs(hookspecs)
    failures: list[PluginFailure] = []
    if load_entrypoints is None:
        load_entrypoints = os.environ.get(NO_ENTRYPOINTS_ENV, "") in {"", "0"}
    if load_entrypoints:
        for ep in _entry_points():
            dist = ep.dist.name if ep.dist is not None else None
            try:
                plugin = ep.load()
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - reported
                failures.append(PluginFailure(ep.name, dist, f"import failed: {exc!r}"))
                continue
            if pm.is_registered(plugin) or pm.get_plugin(ep.name) is not None:
                continue
            try:
                pm.register(plugin, name=ep.name)
            except Exception as exc:  # noqa: BLE001 - pluggy validation errors
                failures.append(
                    PluginFailure(
                        ep.name,
                        dist,
                        "registration failed: " + " ".join(str(exc).split()),
                    )
                )
                continue
            _DISTRIBUTIONS[ep.name] = dist
    return pm, failures


_DISTRIBUTIONS: dict[str, str | None] = {}


def _entry_points() -> list[metadata.EntryPoint]:
    # Imported here: importlib.metadata is slow to import, and the CLI's
    # quick path (_quick_ruleset) does without it.
    from importlib import metadata

    eps = metadata.entry_points(group=ENTRYPOINT_GROUP)
    seen: set[str] = set()
    unique = []
    for ep in sorted(eps, key=lambda e: e.name):
        if ep.name not in seen:
            seen.add(ep.name)
            unique.append(ep)
    return unique


def _call_list_hook(
    pm: pluggy.PluginManager, hook_name: str
) -> list[tuple[str, Any, BaseException | None]]:
    """Call a list-returning hook one implementation at a time.

    pluggy stops at the first exception; calling each implementation by
    itself keeps one broken plugin from hiding the others.
    """
    caller = getattr(pm.hook, hook_name)
    out: list[tuple[str, Any, BaseException | None]] = []
    for impl in reversed(caller.get_hookimpls()):
        name = pm.get_name(impl.plugin) or repr(impl.plugin)
        try:
            out.append((name, impl.function(), None))
        except Exception as exc:  # noqa: BLE001 - reported as a plugin failure
            out.append((name, None, exc))
    return out


class Registry:
    """The rulesets and optional rules that the loaded plugins provide.

    >>> registry = Registry(load_entrypoints=False)
    >>> registry.ids()
    []
    """

    def __init__(
        self, *, load_entrypoints: bool | None = None, plugins: Iterable[object] = ()
    ) -> None:
        self.pm, self._load_failures = get_plugin_manager(
            load_entrypoints=load_entrypoints
        )
        for plugin in plugins:
            self.register(plugin)
        self._rulesets: dict[str, RegisteredRuleset] | None = None
        self._optional: dict[str, list[OptionalRule]] | None = None
        self._failures: list[PluginFailure] = []

    def register(self, plugin: object, name: str | None = None) -> None:
        """Register a plugin object directly (tests, notebooks).

        Args:
            plugin: A module or object with ``@rollwerk.hookimpl`` functions.
            name: The name failures are reported under. The default is the
                module's name, or for other objects the name of their class
                (with ``#2``, ``#3``… appended if that name is taken).
        """
        if name is None and not isinstance(getattr(plugin, "__name__", None), str):
            base = type(plugin).__name__
            name, n = base, 1
            while self.pm.has_plugin(name):
                n += 1
                name = f"{base}#{n}"
        self.pm.register(plugin, name=name)
        self._rulesets = None
        self._optional = None

    @property
    def failures(self) -> tuple[PluginFailure, ...]:
        """Every plugin that failed to load or returned something invalid."""
        self._load()
        return tuple(self._load_failures) + tuple(self._failures)

    def _load(self) -> None:
        if self._rulesets is not None:
            return
        rulesets: dict[str, RegisteredRuleset] = {}
        failures: list[PluginFailure] = []
        for name, value, exc in _call_list_hook(self.pm, "rollwerk_register_rulesets"):
            dist = _DISTRIBUTIONS.get(name)
            if exc is not None:
                failures.append(
                    PluginFailure(
                        name, dist, f"rollwerk_register_rulesets raised {exc!r}"
                    )
                )
                continue
            if not isinstance(value, (list, tuple)):
                failures.append(
                    PluginFailure(
                        name,
                        dist,
                        f"rollwerk_register_rulesets must return a list, got {value!r}",
                    )
                )
                continue
            for rs in value:
                problem = _ruleset_problem(rs)
                if problem is None and rs.id in rulesets:
                    other = rulesets[rs.id].plugin
                    problem = f"ruleset id {rs.id!r} is already registered by plugin {other!r}"
                if problem is not None:
                    failures.append(PluginFailure(name, dist, problem))
                    continue
                rulesets[rs.id] = RegisteredRuleset(rs, name, dist)
        optional: dict[str, list[OptionalRule]] = {}
        for name, value, exc in _call_list_hook(
            self.pm, "rollwerk_register_optional_rules"
        ):
            dist = _DISTRIBUTIONS.get(name)
            if exc is not None:
                failures.append(
                    PluginFailure(
                        name, dist, f"rollwerk_register_optional_rules raised {exc!r}"
                    )
                )
                continue
            if not isinstance(value, (list, tuple)) or not all(
                isinstance(o, OptionalRule) for o in value
            ):
                failures.append(
                    PluginFailure(
                        name,
                        dist,
                        f"rollwerk_register_optional_rules must return a list of OptionalRule, got {value!r}",
                    )
                )
                continue
            for rule in value:
                optional.setdefault(rule.ruleset, []).append(rule)
        self._rulesets = dict(sorted(rulesets.items()))
        self._optional = optional
        self._failures = failures

    def ids(self) -> list[str]:
        """The ids of all registered rulesets, sorted."""
        self._load()
        assert self._rulesets is not None
        return list(self._rulesets)

    def entries(self) -> list[RegisteredRuleset]:
        """All registered rulesets with their plugins, sorted by id."""
        self._load()
        assert self._rulesets is not None
        return list(self._rulesets.values())

    def optional_rules(self, ruleset_id: str) -> list[OptionalRule]:
        """The optional rules offered for ``ruleset_id``."""
        self._load()
        assert self._optional is not None
        return list(self._optional.get(ruleset_id, []))

    def ruleset(self, ruleset_id: str, *, options: Sequence[str] = ()) -> Ruleset:
        """The ruleset ``ruleset_id``, with the named optional rules switched on.

        Raises:
            UnknownRuleset: No such ruleset, or no such optional rule.
        """
        self._load()
        assert self._rulesets is not None
        entry = self._rulesets.get(ruleset_id)
        if entry is None:
            allowed = ", ".join(self._rulesets) or "none installed"
            message = f"ruleset must be one of: {allowed}; got {ruleset_id!r}"
            for failure in self.failures:
                if failure.plugin == ruleset_id:  # say why it is missing
                    message += f" ({failure.error()})"
            raise UnknownRuleset(message)
        ruleset = entry.ruleset
        offered = {o.id: o for o in self.optional_rules(ruleset_id)}
        for opt in options:
            rule = offered.get(opt)
            if rule is None:
                allowed = ", ".join(sorted(offered)) or "none installed"
                raise UnknownRuleset(
                    f"option must be one of: {allowed} for ruleset {ruleset_id!r}; got {opt!r}"
                )
            ruleset = rule.apply(ruleset)
        return ruleset


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
    (``hasattr``); ``version`` reads installed metadata, which the CLI's fast
    path must not pay for.
    """
    return any(name in vars(k) for k in type(obj).__mro__) or name in getattr(
        obj, "__dict__", {}
    )


def _ruleset_problem(obj: object, *, check_version: bool = True) -> str | None:
    try:
        return _ruleset_problem_unguarded(obj, check_version)
    except Exception as exc:  # noqa: BLE001 - reported as a plugin failure
        return f"returned a ruleset that raised {exc!r} when inspected"


def _ruleset_problem_unguarded(obj: object, check_version: bool) -> str | None:
    if not all(_has_member(obj, m) for m in _RULESET_MEMBERS):
        return f"returned {obj!r}, which is not a Ruleset (needs id, name, version, labels, checks, contest…)"
    rs: Ruleset = obj  # type: ignore[assignment]
    if not isinstance(rs.id, str) or not rs.id:
        return f"ruleset {obj!r} has no string id"
    for attribute in ("name", "version") if check_version else ("name",):
        if not isinstance(getattr(rs, attribute), str):
            return f"ruleset {rs.id!r}: {attribute} must be a string"
    try:
        specs = list(rs.checks())
    except Exception as exc:  # noqa: BLE001 - reported as a plugin failure
        return f"ruleset {rs.id!r}: checks() raised {exc!r}"
    if not specs or not all(isinstance(s, CheckSpec) for s in specs):
        return f"ruleset {rs.id!r}: checks() must return a non-empty list of CheckSpec"
    return None


def _entry_point_target(name: str) -> str | None:
    """The ``module[:attr]`` of the ``rollwerk`` entry point ``name``, if any.

    Reads the ``entry_points.txt`` of the distributions on ``sys.path``
    directly, first match wins (as in importlib.metadata), without importing
    importlib.metadata, which costs more than a CLI call should.
    """
    for entry in sys.path:
        try:
            listing = os.scandir(entry or ".")
        except OSError:
            continue
        with listing:
            infos = [
                d.path for d in listing if d.name.endswith((".dist-info", ".egg-info"))
            ]
        for info in sorted(infos):
            try:
                with open(
                    os.path.join(info, "entry_points.txt"), encoding="utf-8"
                ) as fh:
                    text = fh.read()
            except OSError:
                continue
            section = ""
            for raw in text.splitlines():
                line = raw.strip()
                if line.startswith("[") and line.endswith("]"):
                    section = line[1:-1].strip()
                elif section == ENTRYPOINT_GROUP and "=" in line:
                    key, _, value = line.partition("=")
                    if key.strip() == name:
                        return value.strip()
    return None


def _quick_ruleset(ruleset_id: str) -> Ruleset | None:
    """Load only the plugin whose entry point is named ``ruleset_id``.

    The fast path of the CLI (plugin loading only when needed): a bundled or
    third-party plugin registers its ruleset under an entry point of the same
    name. Returns ``None`` (and the caller builds the full
    [`Registry`][rollwerk.plugins.Registry], which reports problems by
    plugin) when entry points are switched off, no entry point has that name,
    the plugin fails to load, or it does not register a ruleset with that id.
    Unlike the full registry, it does not look for other plugins that
    register the same id (the full registry reports those as failures).
    """
    if os.environ.get(NO_ENTRYPOINTS_ENV, "") not in {"", "0"}:
        return None
    target = _entry_point_target(ruleset_id)
    if target is None:
        return None
    module_name, _, attr = target.partition(":")
    try:
        import importlib

        plugin: Any = importlib.import_module(module_name.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            plugin = getattr(plugin, part)
        pm, _ = get_plugin_manager(load_entrypoints=False)
        pm.register(plugin, name=ruleset_id)
    except (Exception, SystemExit):  # noqa: BLE001 - the registry reports it
        return None
    for _, value, exc in _call_list_hook(pm, "rollwerk_register_rulesets"):
        if exc is not None or not isinstance(value, (list, tuple)):
            return None
        for rs in value:
            # the full registry's checks (they never raise), except that the
            # version, which reads installed metadata, is not needed here
            if (
                _ruleset_problem(rs, check_version=False) is None
                and rs.id == ruleset_id
            ):
                return rs  # type: ignore[no-any-return]
    return None


_DEFAULT: Registry | None = None


def get_registry(*, fresh: bool = False) -> Registry:
    """The shared registry of installed plugins, created on first use.

    Args:
        fresh: Build a new registry instead of returning the cached one.
    """
    global _DEFAULT  # noqa: PLW0603 - a lazily created shared registry
    if _DEFAULT is None or fresh:
        _DEFAULT = Registry()
    return _DEFAULT
