"""The plugin host: hook specifications, the registry and entry points.

Plugins are found through the ``rollwerk`` entry-point group and called
through pluggy; a plugin that fails is reported with its distribution and
the others still load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.plugins._kinds import (
        installed_dialects,
        installed_duration_kinds,
        missing_duration_kind,
    )
    from rollwerk.plugins._registry import (
        ENTRYPOINT_GROUP,
        NO_ENTRYPOINTS_ENV,
        RULESETS_GROUP,
        WRAPPERS_GROUP,
        EntryPointLike,
        PluginFailure,
        RegisteredDurationKind,
        RegisteredRuleset,
        Registry,
        get_plugin_manager,
        get_registry,
        installed_entry_points,
    )
    from rollwerk.plugins.hookspecs import (
        hookimpl,
        hookspec,
    )

__all__ = [
    "ENTRYPOINT_GROUP",
    "NO_ENTRYPOINTS_ENV",
    "RULESETS_GROUP",
    "WRAPPERS_GROUP",
    "EntryPointLike",
    "PluginFailure",
    "RegisteredDurationKind",
    "RegisteredRuleset",
    "Registry",
    "get_plugin_manager",
    "get_registry",
    "hookimpl",
    "hookspec",
    "installed_dialects",
    "installed_duration_kinds",
    "installed_entry_points",
    "lazy_exports",
    "missing_duration_kind",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "ENTRYPOINT_GROUP": "rollwerk.plugins._registry",
            "NO_ENTRYPOINTS_ENV": "rollwerk.plugins._registry",
            "EntryPointLike": "rollwerk.plugins._registry",
            "PluginFailure": "rollwerk.plugins._registry",
            "RULESETS_GROUP": "rollwerk.plugins._registry",
            "WRAPPERS_GROUP": "rollwerk.plugins._registry",
            "RegisteredDurationKind": "rollwerk.plugins._registry",
            "RegisteredRuleset": "rollwerk.plugins._registry",
            "Registry": "rollwerk.plugins._registry",
            "get_plugin_manager": "rollwerk.plugins._registry",
            "get_registry": "rollwerk.plugins._registry",
            "hookimpl": "rollwerk.plugins.hookspecs",
            "hookspec": "rollwerk.plugins.hookspecs",
            "installed_dialects": "rollwerk.plugins._kinds",
            "installed_duration_kinds": "rollwerk.plugins._kinds",
            "installed_entry_points": "rollwerk.plugins._registry",
            "missing_duration_kind": "rollwerk.plugins._kinds",
        },
    )
