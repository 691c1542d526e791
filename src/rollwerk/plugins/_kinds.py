"""The duration kinds of the installed plugins, for the encounter codec.

This module imports the registry only when called, so the encounter can
call it at load time without importing the plugin host at import.
"""

from __future__ import annotations

# Binds the name ``rollwerk`` (``_lazy`` is loaded with the package and
# imports nothing of ours): the annotations name ``rollwerk.plugins.Registry``,
# ``rollwerk.encounter.DurationDecoder`` and ``rollwerk.notation.Dialect``,
# which ``typing.get_type_hints`` resolves on first use without this module
# importing them.
import rollwerk._lazy

__all__ = ["installed_dialects", "installed_duration_kinds", "missing_duration_kind"]


def installed_duration_kinds(
    registry: rollwerk.plugins.Registry | None = None,
) -> dict[str, rollwerk.encounter.DurationDecoder]:
    """Every duration kind: the core's and those of the installed plugins.

    Args:
        registry: The registry to ask; ``None`` (the default) asks the shared
            one ([`get_registry()`][rollwerk.plugins.get_registry]).

    Returns:
        Decoders by JSON name (``"rounds"``, ``"pf2e_rounds"``, …). Kinds that
        two plugins claim are left out; the registry's
        [`failures`][rollwerk.plugins.Registry.failures] report them.
    """
    if registry is None:
        from rollwerk.plugins._registry import get_registry

        registry = get_registry()
    return registry.duration_kinds()


def missing_duration_kind(
    kind: str, registry: rollwerk.plugins.Registry | None = None
) -> str:
    """Say why the duration kind ``kind`` is not installed, in one clause.

    Plugins name their kinds with their plugin's name as a prefix
    (``pf2e_rounds``); the explanation names the plugin whose name is the
    longest such prefix, and its distribution and failure when it failed.

    >>> from rollwerk.plugins import Registry
    >>> missing_duration_kind("pf2e_rounds", Registry(load_entrypoints=False))
    "no installed plugin registers the duration kind 'pf2e_rounds' (is the plugin 'pf2e' installed?)"

    Raises:
        ParameterError: ``kind`` is not a string.
    """
    from rollwerk.errors import ParameterError, shown

    if not isinstance(kind, str):
        raise ParameterError("kind", kind, "a duration kind (a string)")
    if registry is None:
        from rollwerk.plugins._registry import get_registry

        registry = get_registry()

    message = f"no installed plugin registers the duration kind {shown(kind)}"
    installed = registry.duration_kinds()
    for failure in registry.failures:
        if repr(kind) in failure.reason or _prefix_of(failure.plugin, kind):
            return f"{message} ({failure.error()})"
    prefix = kind.replace(":", "_").partition("_")[0]
    if prefix and prefix != kind:
        theirs = sorted(k for k in installed if _prefix_of(prefix, k))
        if theirs:  # the plugin is there, the kind is not one of its own
            return (
                f"{message} (the plugin {shown(prefix)} is installed; its kinds "
                f"are {', '.join(theirs)})"
            )
        return f"{message} (is the plugin {shown(prefix)} installed?)"
    return message


def _prefix_of(plugin: str, kind: str) -> bool:
    return kind.startswith((f"{plugin}_", f"{plugin}:"))


def installed_dialects(
    registry: rollwerk.plugins.Registry | None = None,
) -> dict[str, rollwerk.notation.Dialect]:
    """Every notation dialect: the bundled ones and the installed plugins'.

    [`get_dialect`][rollwerk.notation.get_dialect] asks this for a name no
    bundled dialect has.

    Args:
        registry: The registry to ask; ``None`` (the default) asks the shared
            one ([`get_registry()`][rollwerk.plugins.get_registry]).

    Returns:
        Dialects by name. Names that two plugins claim, or that a bundled
        dialect has, are left out; the registry's
        [`failures`][rollwerk.plugins.Registry.failures] report them.
    """
    if registry is None:
        from rollwerk.plugins._registry import get_registry

        registry = get_registry()
    return registry.dialects()
