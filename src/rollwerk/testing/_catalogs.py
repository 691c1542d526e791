"""Contract assertions for a plugin's message catalog and the texts it builds."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rollwerk.checks._toolkit import TOOLKIT_CATALOG
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.testing._base import ContractViolation

__all__ = ["assert_catalog_complete", "assert_text_complete", "text_messages"]


def assert_catalog_complete(
    catalog: Catalog, prefix: str, languages: Sequence[str] = ("en", "de")
) -> None:
    """Check that ``catalog`` has every message in every language, under ``prefix``.

    Args:
        catalog: A plugin's catalog.
        prefix: The ruleset id (or plugin name) every message id starts with,
            followed by a dot.
        languages: The languages the catalog must have, English first.

    Raises:
        ContractViolation: A language, a message or the prefix is missing.

    >>> cat = Catalog({"en": {"toy.hit": "hit"}, "de": {"toy.hit": "Treffer"}})
    >>> assert_catalog_complete(cat, "toy")
    >>> half = Catalog({"en": {"toy.hit": "hit", "toy.miss": "miss"},
    ...                 "de": {"toy.hit": "Treffer"}})
    >>> assert_catalog_complete(half, "toy")
    Traceback (most recent call last):
    ...
    rollwerk.testing.ContractViolation: catalog lacks in 'de': toy.miss
    """
    for lang in languages:
        if lang not in catalog.languages:
            raise ContractViolation(f"catalog has no language {lang!r}")
        missing = catalog.missing(lang)
        if missing:
            raise ContractViolation(f"catalog lacks in {lang!r}: {', '.join(missing)}")
    stray = [i for i in catalog.ids() if not i.startswith(f"{prefix}.")]
    if stray:
        raise ContractViolation(
            f"catalog ids must start with {prefix + '.'!r}: {', '.join(stray)}"
        )


def text_messages(text: Text) -> Iterator[tuple[str, Catalog]]:
    """Every message id of ``text`` and of the texts in its fields, with its catalog."""
    yield text.message, text.catalog
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from text_messages(value)


def assert_text_complete(
    text: Text,
    catalogs: Iterable[Catalog],
    languages: Sequence[str] = ("en", "de"),
) -> None:
    """Check that ``text`` renders in every language with no fallback.

    Every message ``text`` and its nested texts use must come from one of
    ``catalogs`` — or from the library's own, the core's
    ([`CORE`][rollwerk.i18n.CORE]) and the toolkit's
    ([`TOOLKIT_CATALOG`][rollwerk.checks.TOOLKIT_CATALOG]), which are always
    accepted — and exist in each of ``languages`` (so no word falls back
    to English and none is fixed words from JSON).

    Raises:
        ContractViolation: A message comes from another catalog or lacks a
            language.
    """
    allowed = [*catalogs, CORE, TOOLKIT_CATALOG]
    for message, catalog in text_messages(text):
        # the same catalog, or one with the same words for this message (a
        # ruleset value holds its catalog merged with others)
        if not any(
            catalog is c
            or catalog == c
            or all(
                c.template(lang, message) is not None
                and c.template(lang, message) == catalog.template(lang, message)
                for lang in catalog.languages
            )
            for c in allowed
        ):
            raise ContractViolation(f"message {message!r} is from another catalog")
        for lang in languages:
            if catalog.template(lang, message) is None:
                raise ContractViolation(f"message {message!r} lacks {lang!r}")
    for lang in languages:
        text(lang)
