"""The hooks a rollwerk plugin can implement.

A plugin is a module (or any object) with functions marked
``@rollwerk.hookimpl`` whose names match the specifications below, registered
under the entry-point group ``rollwerk``:

```toml
[project.entry-points.rollwerk]
mysystem = "rollwerk_mysystem.plugin"
```

pluggy lets an implementation accept fewer arguments than its specification
names, so specifications can grow new arguments without breaking plugins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from rollwerk.rulesets import OptionalRule, Ruleset

__all__ = [
    "hookimpl",
    "hookspec",
    "rollwerk_register_optional_rules",
    "rollwerk_register_rulesets",
]

hookspec = pluggy.HookspecMarker("rollwerk")
"""Marks a hook specification (used only by rollwerk itself)."""
hookimpl = pluggy.HookimplMarker("rollwerk")
"""Marks a hook implementation in a plugin; re-exported as `rollwerk.hookimpl`."""


@hookspec
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Return the rulesets this plugin provides.

    Called once per registry, when rulesets are first asked for (never at
    import). Each returned object must satisfy the
    [`Ruleset`][rollwerk.rulesets.Ruleset] protocol and have an ``id`` no other plugin
    uses; an invalid return is reported as a load failure naming the plugin,
    and the other plugins still load.

    Returns:
        A list of ruleset objects (may be empty). Not firstresult: the lists
        of all plugins are combined.

    Example:
        ```python
        @rollwerk.hookimpl
        def rollwerk_register_rulesets():
            return [MyRuleset()]
        ```

    Used by: every ruleset plugin (`rollwerk-ds4`, `rollwerk-adz`, …).
    """
    raise NotImplementedError  # pragma: no cover - a specification, never called


@hookspec
def rollwerk_register_optional_rules() -> list[OptionalRule]:
    """Return optional or house rules that adjust an existing ruleset.

    Optional rules are installed but off: a caller switches one on by id
    (``registry.ruleset("ds4", options=["slaying-dice"])`` or
    ``rollwerk check ds4 --option slaying-dice …``). Enabling wraps the base
    ruleset with [`OptionalRule.apply`][rollwerk.rulesets.OptionalRule].

    Returns:
        A list of [`OptionalRule`][rollwerk.rulesets.OptionalRule] objects. Not
        firstresult: the lists of all plugins are combined.

    Example:
        ```python
        @rollwerk.hookimpl
        def rollwerk_register_optional_rules():
            return [OptionalRule("slaying-dice", "ds4", "Slaying dice", apply=wrap)]
        ```

    Used by: `rollwerk-ds4-slayers` (DS4's optional slayer rules).
    """
    raise NotImplementedError  # pragma: no cover - a specification, never called
