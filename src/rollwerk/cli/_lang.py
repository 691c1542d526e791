"""The languages ``--lang`` offers, and the catalogs the CLI renders from."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rollwerk.cli._format import use_decimal_point
from rollwerk.i18n import CORE, Catalog, render

if TYPE_CHECKING:
    import argparse

    from rollwerk.plugins._registry import Registry

__all__ = ["Languages", "catalogs", "registry_of", "word"]


def registry_of(args: argparse.Namespace) -> Registry:
    """The registry ``main(registry=...)`` was given, else the shared one.

    ``args`` is the parsed command line (``main`` stores the registry on it);
    the shared registry is imported only when a command needs a ruleset.
    """
    registry: Registry | None = getattr(args, "registry", None)
    if registry is None:
        from rollwerk.plugins._registry import get_registry

        registry = get_registry()
    return registry


class Languages:
    """The ``choices`` of ``--lang``: the core's languages and the plugins'.

    The core's languages (``en``, ``de``) are known without loading any
    plugin, so ``rollwerk roll --lang de`` stays fast; any other language is
    looked up in the catalogs of the registry's plugins
    (``rollwerk_register_catalogs``) and then in the catalogs of its
    rulesets (a `define_ruleset` value's ``catalog=``, whose levels'
    ``fr=`` words start a language too). Both lookups load every plugin,
    which a language the core has no catalog for does anyway.
    """

    def __init__(self, registry: Registry | None) -> None:
        self._registry = registry
        self._all: Catalog | None = None
        self._rulesets: tuple[str, ...] | None = None

    def _registry_now(self) -> Registry:
        """The registry given, else the shared one (imported when needed)."""
        if self._registry is None:
            from rollwerk.plugins._registry import get_registry

            return get_registry()
        return self._registry

    def catalogs(self) -> Catalog:
        """The core's catalog merged with every plugin's (loaded once)."""
        if self._all is None:
            self._all = self._registry_now().catalogs()
        return self._all

    def ruleset_languages(self) -> tuple[str, ...]:
        """The languages of the rulesets' own catalogs, in order of ruleset id.

        Read once, from every registered ruleset whose ``catalog`` is a
        `Catalog`; a ruleset whose ``catalog`` cannot be read offers none
        (using it reports the plugin's fault).
        """
        if self._rulesets is None:
            found: dict[str, None] = {}
            for entry in self._registry_now().entries():
                try:
                    catalog = getattr(entry.ruleset, "catalog", None)
                    languages = (
                        catalog.languages if isinstance(catalog, Catalog) else ()
                    )
                except Exception:  # noqa: BLE001 - the plugin's fault, shown on use
                    languages = ()
                found.update(dict.fromkeys(languages))
            self._rulesets = tuple(found)
        return self._rulesets

    def __contains__(self, lang: object) -> bool:
        return (
            lang in CORE.languages
            or lang in self.catalogs().languages
            or lang in self.ruleset_languages()
        )

    def __iter__(self) -> Iterator[str]:
        offered = dict.fromkeys(self.catalogs().languages)
        offered.update(dict.fromkeys(self.ruleset_languages()))
        return iter(offered)

    def failed(self) -> str:
        """Why a language may be missing: ``1 plugin failed to load: …`` or ``""``.

        A language pack whose catalog could not be built is not among the
        choices; as for an unknown ruleset, the refusal says that plugins
        failed and where they are listed.
        """
        from rollwerk.plugins._registry import failed_plugins

        self.catalogs()  # a pack's failure is known once its catalogs are read
        return failed_plugins(self._registry_now().failures)


def catalogs(languages: Languages, lang: str) -> Catalog:
    """The catalogs to render ``lang`` from: the core's alone for its languages.

    For another language, numbers are then written with the decimal point
    its catalogs give (``number.decimal_point``).
    """
    if lang in CORE.languages:
        return CORE
    cats = languages.catalogs()
    use_decimal_point(lang, cats)
    return cats


def word(cats: Catalog, lang: str, message: str, **fields: str) -> str:
    """A CLI word (``cli.result``…) in ``lang``, falling back to English."""
    return render((cats, CORE), lang, message, **fields)


def omitted(cats: Catalog, lang: str, count: int, percent: str, rows: str = "") -> str:
    """The line for ``count`` rows ``--max-outcomes`` left out, ``percent`` in all.

    ``rows`` names what a row is: outcomes (``""``), ``"degree"``,
    ``"level"`` or ``"value"``; one row has its own message
    (``cli.odds_omitted.one``).
    """
    message = "cli.odds_omitted" + (f".{rows}" if rows else "")
    if count == 1:
        message += ".one"
    return word(cats, lang, message, count=str(count), percent=percent)
