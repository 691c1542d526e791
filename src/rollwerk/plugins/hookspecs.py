"""The hooks a rollwerk plugin can implement.

A plugin is a module (or any object) with functions marked
``@rollwerk.hookimpl`` whose names match the specifications below, registered
under the entry-point group ``rollwerk``:

```toml
[project.entry-points.rollwerk]
mysystem = "rollwerk_mysystem.plugin"
```

pluggy lets an implementation accept fewer arguments than its specification
names, so specifications can grow new arguments without breaking plugins:
``def rollwerk_register_rulesets():`` implements
``rollwerk_register_rulesets(registry)``. The core calls each hook through
pluggy once per plugin, so a ``@hookimpl(wrapper=True)`` of another plugin
wraps each plugin's call and sees (and may change) that plugin's result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import pluggy

# Imported at run time too, so that ``typing.get_type_hints`` resolves the
# specifications: the registry, which imports this module, loads them anyway.
from rollwerk.i18n import Catalog
from rollwerk.rulesets import OptionalRule, Ruleset

# Only for the types: the check path loads neither the notation, the fight
# analysis nor the durations. The signatures below are documented verbatim in
# docs/plugins.md, so they keep the bare names.
if TYPE_CHECKING:
    from rollwerk.analysis import FightRules
    from rollwerk.encounter._durations import DurationDecoder
    from rollwerk.notation import Dialect

__all__ = [
    "RegistryView",
    "hookimpl",
    "hookspec",
    "rollwerk_register_catalogs",
    "rollwerk_register_dialects",
    "rollwerk_register_duration_kinds",
    "rollwerk_register_fight_rules",
    "rollwerk_register_optional_rules",
    "rollwerk_register_rulesets",
]

hookspec = pluggy.HookspecMarker("rollwerk")
"""Marks a hook specification (used only by rollwerk itself)."""
hookimpl = pluggy.HookimplMarker("rollwerk")
"""Marks a hook implementation in a plugin; re-exported as `rollwerk.hookimpl`."""


class RegistryView(Protocol):
    """What a hook implementation may ask of the registry that calls it.

    The [`Registry`][rollwerk.plugins.Registry] passes itself as the
    ``registry`` argument of every hook; this protocol names the part a
    plugin may rely on (and keeps the specifications free of an import of
    the registry, so the import graph has no cycle).
    """

    def ids(self) -> list[str]:
        """The ids of the rulesets registered so far."""
        ...

    def ruleset(self, ruleset_id: str, *, options: Sequence[str] = ()) -> Ruleset:
        """The ruleset with id ``ruleset_id``, with optional rules enabled."""
        ...


@hookspec
def rollwerk_register_rulesets(registry: RegistryView) -> list[Ruleset]:
    """Return the rulesets this plugin provides.

    Args:
        registry: The [`Registry`][rollwerk.plugins.Registry] being filled
            (it cannot look up rulesets yet: they are being collected).

    Called once per registry, when rulesets are first asked for (never at
    import). Each returned object must satisfy the
    [`Ruleset`][rollwerk.rulesets.Ruleset] protocol and have an ``id`` no other plugin
    uses; an invalid return is reported as a load failure naming the plugin,
    and the other plugins still load. An id that two plugins register is
    refused for both (both are reported) until one is uninstalled.

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
def rollwerk_register_optional_rules(registry: RegistryView) -> list[OptionalRule]:
    """Return optional or house rules that adjust an existing ruleset.

    Args:
        registry: The [`Registry`][rollwerk.plugins.Registry]; its rulesets
            are already collected (``registry.ids()`` works).

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


@hookspec
def rollwerk_register_duration_kinds(
    registry: RegistryView,
) -> Mapping[str, DurationDecoder]:
    """Return the duration kinds this plugin adds, by JSON name.

    A duration's JSON names its kind (``{"kind": "pf2e_rounds", …}``); the
    decoder builds the duration back from that JSON. With the kinds
    registered, an encounter holding this plugin's effects loads without
    passing ``kinds=`` (see
    [`installed_duration_kinds`][rollwerk.plugins.installed_duration_kinds]).
    Name the kinds with the plugin's name as a prefix (``pf2e_rounds``), so an
    encounter loaded without the plugin can say which plugin is missing.

    Args:
        registry: The [`Registry`][rollwerk.plugins.Registry] asking.

    Returns:
        A mapping of kind names to decoders (may be empty). Not firstresult:
        the mappings of all plugins are combined. A kind the core has, or that
        two plugins register, is refused and reported for each plugin.

    Example:
        ```python
        @rollwerk.hookimpl
        def rollwerk_register_duration_kinds():
            return {"mysystem_scenes": Scenes.from_json}
        ```

    Used by: `rollwerk-pf2e` (``pf2e_rounds``).
    """
    raise NotImplementedError  # pragma: no cover - a specification, never called


@hookspec
def rollwerk_register_catalogs(registry: RegistryView) -> list[Catalog]:
    """Return the message catalogs this plugin ships.

    A ruleset's texts (explanations, labels, difficulty names) are rendered
    from its own [`Catalog`][rollwerk.i18n.Catalog]; registering that catalog
    here lets the CLI and the bundled-catalog tests see it. A plugin may also
    return a catalog that only adds a language (``"eo"``, say) for its own
    texts, another plugin's or the core's
    ([`CORE`][rollwerk.i18n.CORE]); [`Registry.catalogs`][rollwerk.plugins.Registry.catalogs]
    merges them all over the core's, and ``rollwerk … --lang`` offers every
    language they have.

    Args:
        registry: The [`Registry`][rollwerk.plugins.Registry] asking.

    Returns:
        A list of catalogs (may be empty). Not firstresult: the lists of all
        plugins are combined; for a message two catalogs define, the later
        one wins.

    Example:
        ```python
        @rollwerk.hookimpl
        def rollwerk_register_catalogs():
            return [Catalog({"eo": {"die.dropped": "forĵetita"}})]
        ```

    Used by: every bundled ruleset plugin (its own texts).
    """
    raise NotImplementedError  # pragma: no cover - a specification, never called


@hookspec
def rollwerk_register_dialects(registry: RegistryView) -> list[Dialect]:
    """Return the notation dialects this plugin adds.

    A [`Dialect`][rollwerk.notation.Dialect] is a table of readings over
    rollwerk's one parser (is ``>`` inclusive, what ``!`` adds, whether
    ``r`` rerolls once, which modifiers exist); once registered, its name
    works in ``parse(text, dialect=name)`` and ``rollwerk roll --dialect``.
    A name that a bundled or another plugin's dialect uses is refused, and
    so is one that is not a lower-case word (no spaces, dots or colons).

    Args:
        registry: The [`Registry`][rollwerk.plugins.Registry] asking.

    Returns:
        A list of dialects (may be empty). Not firstresult: the lists of all
        plugins are combined.

    Example:
        ```python
        from rollwerk.notation import get_dialect

        @rollwerk.hookimpl
        def rollwerk_register_dialects():
            roll20 = get_dialect("roll20")
            return [attrs.evolve(roll20, name="mytable", inclusive=False)]
        ```

    Used by: plugins for tools whose notation differs from the bundled
    dialects.
    """
    raise NotImplementedError  # pragma: no cover - a specification, never called


@hookspec
def rollwerk_register_fight_rules(registry: RegistryView) -> Mapping[str, FightRules]:
    """Return the fight rules this plugin provides, by ruleset id.

    [`FightRules`][rollwerk.analysis.FightRules] tell
    [`fight`][rollwerk.analysis.fight] what one creature of a ruleset is
    (its parameters and health), who acts first and the exact damage of
    each attack of a turn; ``rollwerk fight RULESET …`` finds them here. A
    plugin may provide fight rules for another plugin's ruleset (one that
    ships none). An id that two plugins provide fight rules for is refused
    for both (one id, one owner) and reported in
    [`failures`][rollwerk.plugins.Registry.failures].

    Args:
        registry: The [`Registry`][rollwerk.plugins.Registry] asking; its
            rulesets are loaded (``registry.ruleset(id)`` works, so the fight
            rules can use the ruleset's own checks).

    Returns:
        A mapping of ruleset ids to fight rules (may be empty); each rules'
        ``ruleset`` must be its key. Not firstresult: the mappings of all
        plugins are combined.

    Example:
        ```python
        @rollwerk.hookimpl
        def rollwerk_register_fight_rules(registry):
            return {"mysystem": MyFightRules(registry.ruleset("mysystem"))}
        ```

    Used by: `rollwerk-ds4`, `rollwerk-pf2e`, `rollwerk-adz`.
    """
    raise NotImplementedError  # pragma: no cover - a specification, never called
