"""Contract assertions for a plugin's message catalog and the texts it builds."""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator, Mapping, Sequence

from rollwerk.checks._toolkit import TOOLKIT_CATALOG
from rollwerk.errors import ParameterError
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.i18n._catalog import checked_catalogs, lookup_languages
from rollwerk.testing._base import ContractViolation

__all__ = ["assert_catalog_complete", "assert_text_complete", "text_messages"]

_FALLBACK = "en"


def _fields(template: str) -> list[str]:
    """The fields a template names, each up to its first ``.`` or ``[``.

    Raises:
        ValueError: It is not a `str.format` template (a lone brace).
    """
    names: list[str] = []
    for _, field, _, _ in string.Formatter().parse(template):
        if field is None:
            continue
        name = field.split(".", 1)[0].split("[", 1)[0]
        if name not in names:
            names.append(name)
    return names


def _template_problem(
    catalog: Catalog,
    extra_fields: Mapping[str, Iterable[str]],
    english_of: Catalog | None = None,
) -> str | None:
    """The first template of a translation naming a field English does not name.

    A text gives the fields its English template names: a translation
    naming another (``{fase}`` for ``{face}``) cannot be filled, unless
    ``extra_fields`` says the texts of that message give it too. Every
    language other than English is read, messages in order of their ids;
    a template that is not a `str.format` template is a problem too. The
    English is ``english_of``'s (a language pack's source), else the
    catalog's own.
    """
    source = catalog if english_of is None else english_of
    for lang in catalog.languages:
        for message in sorted(catalog.ids(lang)):
            template = catalog.template(lang, message)
            english = source.template(_FALLBACK, message)
            if template is None:
                continue
            try:
                names = _fields(template)
            except ValueError as exc:
                return (
                    f"the template of {message!r} in {lang!r} ({template!r}) is "
                    f"not a str.format template: {exc}"
                )
            if (lang == _FALLBACK and english_of is None) or english is None:
                continue
            try:
                known = _fields(english)
            except ValueError:
                continue  # reported under English
            if english_of is not None:
                # a pack may name what any language of its source names, as
                # the registry allows (French {n} where AdZ's German has it)
                for other in sorted(source.languages):
                    theirs = source.template(other, message)
                    try:
                        fields = [] if theirs is None else _fields(theirs)
                    except ValueError:
                        continue
                    known += [f for f in fields if f not in known]
            known += [f for f in extra_fields.get(message, ()) if f not in known]
            for name in names:
                if name not in known:
                    given = ", ".join(repr(k) for k in known) or "none"
                    if english_of is not None:
                        return (
                            f"the template of {message!r} in {lang!r} "
                            f"({template!r}) names the field {name!r}, which no "
                            f"language of the catalog it translates names (English: "
                            f"{english!r}; they name: {given})"
                        )
                    return (
                        f"the template of {message!r} in {lang!r} ({template!r}) "
                        f"names the field {name!r}, which its English template "
                        f"({english!r}) does not name (it names: {given})"
                    )
    return None


def assert_catalog_complete(
    catalog: Catalog,
    prefix: str | Sequence[str],
    languages: Sequence[str] = ("en", "de"),
    *,
    extra_fields: Mapping[str, Iterable[str]] | None = None,
    english: Catalog | None = None,
) -> None:
    """Check that ``catalog`` has every message in every language, under ``prefix``.

    Args:
        catalog: A plugin's catalog.
        prefix: The ruleset id (or plugin name) every message id starts with,
            followed by a dot; or several (``("cli", "die")``).
        languages: The languages the catalog must have, English first. A
            regional one (``de-AT``) needs only the messages that differ,
            as rendering falls back to its base language: a message it
            lacks counts when its base language (``de``; ``zh-Hant``, then
            ``zh`` for ``zh-Hant-TW``) has it, in ``catalog`` or in
            ``english``.
        extra_fields: By message id, fields its texts give that its English
            template does not name (``{"adz.check.impossible": ["n"]}``):
            a translation may name them.
        english: For a language pack, the catalog whose English messages
            ``catalog`` translates (the core's ``CORE``, a plugin's
            ``CATALOG``): ``catalog`` must then have each of its English
            ids under ``prefix`` in each of ``languages`` (``("fr",)``),
            no id it lacks in every language (a misspelt
            ``ds4.check.sucess``; a help id such as ``adz.help.check``,
            which only German has, is known), and no field its English does
            not name. A pack that translates several catalogs passes them
            merged (``CORE | TOOLKIT_CATALOG | CATALOG``) with all their
            prefixes.

    Every template must be a `str.format` template, and a translation may
    name only the fields its English template names (the fields a text
    gives, fields up to a ``.`` or ``[``), or those ``extra_fields`` lists:
    ``{fase}`` where English has ``{face}`` would not render. Last, no
    template may be one that
    [`Registry.catalogs()`][rollwerk.plugins.Registry.catalogs] leaves out
    when it loads the catalog (the rules of docs/i18n.md, "Language
    packs", checked by the registry's own function: a control character,
    a conversion or format spec, ``{a.real}``, a field in a word…); the
    violation is the registry's sentence, naming the message, the
    language and why.

    Raises:
        ContractViolation: A language, a message or the prefix is missing,
            a template names a field English does not, or the registry
            would leave a template out.
        ParameterError: ``catalog`` or ``english`` is not a catalog, or
            ``prefix`` is not a prefix or several.

    >>> cat = Catalog({"en": {"toy.hit": "hit"}, "de": {"toy.hit": "Treffer"}})
    >>> assert_catalog_complete(cat, "toy")
    >>> half = Catalog({"en": {"toy.hit": "hit", "toy.miss": "miss"},
    ...                 "de": {"toy.hit": "Treffer"}})
    >>> assert_catalog_complete(half, "toy")
    Traceback (most recent call last):
    ...
    rollwerk.testing.ContractViolation: catalog lacks in 'de': toy.miss
    >>> typo = Catalog({"en": {"toy.roll": "rolled {face}"},
    ...                 "de": {"toy.roll": "gewürfelt {fase}"}})
    >>> assert_catalog_complete(typo, "toy")
    Traceback (most recent call last):
    ...
    rollwerk.testing.ContractViolation: catalog: the template of 'toy.roll' in 'de' ('gewürfelt {fase}') names the field 'fase', which its English template ('rolled {face}') does not name (it names: 'face')
    >>> fr = Catalog({"fr": {"toy.hit": "touché", "toy.mis": "raté"}})
    >>> assert_catalog_complete(fr, "toy", ("fr",), english=half)
    Traceback (most recent call last):
    ...
    rollwerk.testing.ContractViolation: catalog lacks in 'fr': toy.miss
    >>> assert_catalog_complete(Catalog({"fr-CA": {"toy.miss": "manqué"}}), "toy",
    ...     ("fr-CA",), english=half | Catalog({"fr": {"toy.hit": "touché"}}))
    >>> assert_catalog_complete(Catalog({"en": {"toy.hit": "hit {n!r}"}}), "toy",
    ...     ("en",))
    Traceback (most recent call last):
    ...
    rollwerk.testing.ContractViolation: catalog: catalog message 'toy.hit' in 'en' ('hit {n!r}') is left out: the placeholder '{n!r}' has a conversion ('!r'): a plugin's template names a field only, as '{n}'
    """
    if not isinstance(catalog, Catalog):
        raise ParameterError("catalog", catalog, "a Catalog")
    prefixes = (
        (prefix,)
        if isinstance(prefix, str)
        else tuple(prefix)
        if isinstance(prefix, (tuple, list))
        else ()
    )
    if not prefixes or not all(isinstance(p, str) and p for p in prefixes):
        raise ParameterError("prefix", prefix, "a message id prefix or several")
    starts = tuple(f"{p}." for p in prefixes)
    if english is None:
        wanted = catalog.ids()
        have = catalog.ids()
    else:
        if not isinstance(english, Catalog):
            raise ParameterError("english", english, "a Catalog or None")
        wanted = frozenset(i for i in english.ids() if i.startswith(starts))
        have = frozenset(i for lang in catalog.languages for i in catalog.ids(lang))
    for lang in languages:
        if lang not in catalog.languages:
            raise ContractViolation(f"catalog has no language {lang!r}")
        # a regional language's missing message is found in its base
        # language (de-AT in de), in the catalog or the English it translates
        bases = [b for b in lookup_languages(lang)[1:] if b != _FALLBACK]
        found = catalog.ids(lang).union(
            *(c.ids(b) for b in bases for c in (catalog, english) if c is not None)
        )
        missing = sorted(wanted - found)
        if missing:
            also = (
                " and in its base language " + " or ".join(repr(b) for b in bases)
                if bases
                else ""
            )
            raise ContractViolation(
                f"catalog lacks in {lang!r}{also}: {', '.join(missing)}"
            )
    stray = sorted(i for i in have if not i.startswith(starts))
    if stray:
        shown = " or ".join(repr(s) for s in starts)
        raise ContractViolation(
            f"catalog ids must start with {shown}: {', '.join(stray)}"
        )
    if english is not None:
        # a help text's English is the plugin's own help, not a message:
        # the source catalog has its id in another language only
        known = frozenset(i for lang in english.languages for i in english.ids(lang))
        unknown = sorted(have - known)
        if unknown:
            raise ContractViolation(
                f"catalog has ids its English catalog does not: {', '.join(unknown)}"
            )
    problem = _template_problem(catalog, extra_fields or {}, english)
    if problem is not None:
        raise ContractViolation(f"catalog: {problem}")
    # the rules the registry applies when it loads the catalogs, in its words
    # (a control character, a conversion or format spec, a field in a word…)
    offered = [("catalog", catalog)]
    if english is not None:
        offered.insert(0, ("english", english))
    problems = checked_catalogs((CORE, TOOLKIT_CATALOG), offered)[1]
    left_out = [said for owner, said in problems if owner == "catalog"]
    if left_out:
        raise ContractViolation(f"catalog: {left_out[0]}")


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
    to English and none is fixed words from JSON), in its own catalog or in
    one of ``catalogs``: a language pack checks its translation of a
    plugin's explanation with ``[plugin's CATALOG, pack]`` and
    ``languages=("fr",)``, or with ``registry.catalogs()``.

    Raises:
        ContractViolation: A message comes from another catalog or lacks a
            language.
    """
    catalogs = list(catalogs)
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
            # its own catalog, or one of ``catalogs`` (a language pack's)
            if all(c.template(lang, message) is None for c in (catalog, *catalogs)):
                raise ContractViolation(f"message {message!r} lacks {lang!r}")
    for lang in languages:
        text.render(lang, catalogs)
