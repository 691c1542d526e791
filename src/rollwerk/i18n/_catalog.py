"""Message catalogs and texts rendered from them."""

from __future__ import annotations

import functools
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeAlias

import attrs

from rollwerk._repr import value_repr
from rollwerk.errors import ParameterError, RollwerkError, RulesError, shown

__all__ = [
    "FALLBACK",
    "Catalog",
    "Field",
    "MissingMessage",
    "Text",
    "allowed_languages",
    "render",
]

FALLBACK = "en"
"""The language a missing translation falls back to."""

LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\Z")
"""A language code: ISO 639 letters, lower case, then optional ``-`` subtags."""


@functools.lru_cache(maxsize=256)
def lookup_languages(lang: str) -> tuple[str, ...]:
    """The languages a message in ``lang`` is looked up in, in order.

    A regional code falls back to its base language, then to English
    ([`FALLBACK`][rollwerk.i18n.FALLBACK]): its last subtag is dropped,
    then the one before, down to the language.

    >>> lookup_languages("fr-CA"), lookup_languages("de"), lookup_languages("en")
    (('fr-CA', 'fr', 'en'), ('de', 'en'), ('en',))
    >>> lookup_languages("zh-Hant-TW")
    ('zh-Hant-TW', 'zh-Hant', 'zh', 'en')
    """
    parts = lang.split("-")
    chain = ["-".join(parts[:n]) for n in range(len(parts), 0, -1)]
    if FALLBACK not in chain:
        chain.append(FALLBACK)
    return tuple(chain)


_LANGUAGE_ALLOWED = (
    "keyed by language codes: 2 or 3 lower-case letters ('en', 'fr'), "
    "optionally with subtags ('pt-BR')"
)


def _freeze(
    messages: Mapping[str, Mapping[str, str]],
) -> Mapping[str, Mapping[str, str]]:
    if not isinstance(messages, Mapping):
        raise ParameterError(
            "messages", messages, "a mapping of languages to {message id: template}"
        )
    frozen = {}
    for lang, table in messages.items():
        if not isinstance(lang, str) or not isinstance(table, Mapping):
            raise ParameterError(
                "messages", {lang: table}, "a language (a string) and a mapping"
            )
        if not LANGUAGE.match(lang):
            raise ParameterError("messages", lang, _LANGUAGE_ALLOWED)
        for key, template in table.items():
            if not isinstance(key, str) or not isinstance(template, str):
                raise ParameterError(
                    f"messages[{lang!r}]",
                    {key: template},
                    "message ids and templates that are strings",
                )
        frozen[lang] = MappingProxyType(dict(table))
    return MappingProxyType(frozen)


class MissingMessage(RollwerkError, LookupError):
    """A message id that no catalog has, not even in English.

    Attributes:
        message: The message id that was asked for.
    """

    def __init__(
        self, message: str, languages: Sequence[str] = (), *, asked: str = FALLBACK
    ) -> None:
        self.message = message
        if message == "":  # a fixed text (Text.fixed) without English words
            has = ", ".join(repr(lang) for lang in languages) or "none"
            super().__init__(
                f"the fixed text has no words in {FALLBACK!r} or the language "
                f"asked for (it has: {has})"
            )
            return
        where = (
            allowed_languages(lookup_languages(asked))
            if isinstance(asked, str)
            else f"{asked!r} or {FALLBACK!r}"
        )
        super().__init__(f"no catalog has the message {message!r} in {where}")


class TemplateError(RulesError):
    """A message's template could not be filled from a text's fields.

    It names a field the text does not give (``{face}`` in a template, no
    ``face=`` in the text), a positional field (``{}``), or is not a valid
    `str.format` template. A mistake of the catalog's or the text's author;
    chained to the error `str.format_map` raised.

    Attributes:
        message: The message id.
        lang: The language of the template.
    """

    def __init__(self, message: str, lang: str, template: str, reason: str) -> None:
        self.message = message
        self.lang = lang
        super().__init__(
            f"the template of {message!r} in {lang!r} ({template!r}) {reason}"
        )


# Exceptions report their public namespace in tracebacks (see testing._base).
MissingMessage.__module__ = "rollwerk.i18n"
TemplateError.__module__ = "rollwerk.i18n"


def _summary(messages: object) -> str:
    """A catalog's messages in its repr: how many in each language, not the texts.

    >>> Catalog({"en": {"a": "x", "b": "y"}, "de": {"a": "z"}})
    Catalog(messages=<en: 2, de: 1>)
    """
    assert isinstance(messages, Mapping)
    counts = ", ".join(f"{lang}: {len(texts)}" for lang, texts in messages.items())
    return f"<{counts or 'none'}>"


@attrs.frozen
class Catalog:
    """Message templates by language: ``messages[lang][message_id]``.

    Templates use `str.format` placeholders. A catalog is an
    immutable value; [`merge`][rollwerk.i18n.Catalog.merge] (or ``|``) gives
    a new one, the right-hand side winning for a message both define.

    >>> cat = Catalog({"en": {"hit": "{who} hits"}, "de": {"hit": "{who} trifft"}})
    >>> cat.render("de", "hit", who="Ada")
    'Ada trifft'
    >>> (cat | Catalog({"eo": {"hit": "{who} trafas"}})).render("eo", "hit", who="Ada")
    'Ada trafas'
    """

    __repr__ = value_repr

    messages: Mapping[str, Mapping[str, str]] = attrs.field(
        converter=_freeze, hash=False, repr=_summary
    )
    """The templates: ``messages[lang][message_id]``."""
    _left_out: frozenset[tuple[str, str, str]] = attrs.field(
        init=False, default=frozenset(), eq=False, hash=False, repr=False
    )
    """``(lang, message, template)`` of each template `checked_catalogs`
    left out of this catalog (see `left_out_of`); merging keeps them."""

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages with at least one message, English first."""
        langs = [lang for lang, table in self.messages.items() if table]
        return tuple(sorted(langs, key=lambda lang: (lang != FALLBACK, lang)))

    def ids(self, lang: str = FALLBACK) -> frozenset[str]:
        """The message ids ``lang`` has (by default English's, the full set).

        Raises:
            ParameterError: ``lang`` is not a string.
        """
        if not isinstance(lang, str):
            raise ParameterError("lang", lang, "a language code ('en', 'de')")
        return frozenset(self.messages.get(lang, {}))

    def missing(self, lang: str) -> list[str]:
        """The ids English has but ``lang`` has not, sorted.

        A regional language counts what its base language has, as rendering
        falls back to it (`lookup_languages`): ``missing("fr-CA")`` lists
        what neither ``fr-CA`` nor ``fr`` has.

        >>> cat = Catalog({"en": {"a": "A", "b": "B"}, "fr": {"a": "A"},
        ...                "fr-CA": {"b": "B"}})
        >>> cat.missing("fr"), cat.missing("fr-CA"), cat.missing("de-AT")
        (['b'], [], ['a', 'b'])

        Raises:
            ParameterError: ``lang`` is not a string.
        """
        have = set(self.ids(lang))  # refuses a lang that is not a string
        for code in lookup_languages(lang):
            if code != FALLBACK or lang == FALLBACK:
                have |= self.ids(code)
        return sorted(self.ids() - have)

    def labels(self, ruleset_id: str) -> Mapping[str, Mapping[str, str]]:
        """A ruleset's ``labels[lang][key]`` from the messages ``<ruleset_id>.label.<key>``.

        Every language of this catalog gets every key English has; a label
        a language lacks falls back as `render` does (``fr-CA`` to ``fr``,
        then English). A ruleset returns this as
        its ``labels``, so a language added to its catalog shows there too.

        >>> cat = Catalog({
        ...     "en": {"toy.label.success": "hit", "toy.label.failure": "miss"},
        ...     "de": {"toy.label.success": "Treffer"},
        ... })
        >>> {lang: dict(table) for lang, table in cat.labels("toy").items()}
        {'en': {'success': 'hit', 'failure': 'miss'}, 'de': {'success': 'Treffer', 'failure': 'miss'}}

        Raises:
            ParameterError: ``ruleset_id`` is not a string.
        """
        if not isinstance(ruleset_id, str):
            raise ParameterError("ruleset_id", ruleset_id, "a ruleset id (a string)")
        prefix = f"{ruleset_id}.label."
        keys = [m for m in self.messages.get(FALLBACK, {}) if m.startswith(prefix)]
        return MappingProxyType(
            {
                lang: MappingProxyType(
                    {m[len(prefix) :]: self.render(lang, m) for m in keys}
                )
                for lang in self.languages
            }
        )

    def template(self, lang: str, message: str) -> str | None:
        """The template of ``message`` in exactly ``lang``, or ``None``.

        Raises:
            ParameterError: ``lang`` or ``message`` is not a string.
        """
        if lang.__class__ is not str and not isinstance(lang, str):
            raise ParameterError("lang", lang, "a language code ('en', 'de')")
        if message.__class__ is not str and not isinstance(message, str):
            raise ParameterError("message", message, "a message id (a string)")
        return self.messages.get(lang, {}).get(message)

    def merge(self, *others: Catalog) -> Catalog:
        """A catalog with the messages of this one and ``others``; later ones win.

        Raises:
            ParameterError: One of ``others`` is not a Catalog.
        """
        for i, other in enumerate(others):
            if not isinstance(other, Catalog):
                raise ParameterError(f"others[{i}]", other, "a Catalog")
        merged: dict[str, dict[str, str]] = {}
        for cat in (self, *others):
            for lang, table in cat.messages.items():
                merged.setdefault(lang, {}).update(table)
        return _with_left_out(
            Catalog(merged), frozenset().union(*(c._left_out for c in (self, *others)))
        )

    def __or__(self, other: Catalog) -> Catalog:
        """``a | b`` is ``a.merge(b)``.

        Raises:
            ParameterError: ``other`` is not a Catalog.
        """
        if not isinstance(other, Catalog):
            raise ParameterError("other", other, "a Catalog")
        return self.merge(other)

    def render(self, lang: str, message: str, /, **fields: Field) -> str:
        """``message`` in ``lang``, its placeholders filled from ``fields``.

        A message ``lang`` lacks falls back to its base language (``fr``
        for ``fr-CA``, see `lookup_languages`), then to English. ``lang``
        is not checked: a language no catalog knows renders in English
        (calling a [`Text`][rollwerk.i18n.Text] checks it).

        Raises:
            MissingMessage: Not even English has ``message``.
        """
        return _render((self,), lang, message, fields)

    def text(self, message: str, /, **fields: Field) -> Text:
        """A [`Text`][rollwerk.i18n.Text] of ``message`` rendered from this catalog."""
        return Text(message, fields, self)

    def __reduce__(self) -> tuple[Callable[..., Catalog], tuple[Any, ...]]:
        # the messages are read-only views, which do not pickle: a plain
        # copy does, and a shared catalog (the core's) stays the one object
        shared = SHARED.get(id(self))
        if shared is not None and shared() is self:
            return (shared, ())
        plain = {lang: dict(table) for lang, table in self.messages.items()}
        if self._left_out:
            return (_checked_catalog, (plain, sorted(self._left_out)))
        return (Catalog, (plain,))


def _with_left_out(
    catalog: Catalog, left_out: Iterable[tuple[str, str, str]]
) -> Catalog:
    """``catalog``, remembering ``left_out`` (see `left_out_of`)."""
    left_out = frozenset(left_out)
    if left_out:
        object.__setattr__(catalog, "_left_out", left_out)
    return catalog


def _checked_catalog(
    messages: Mapping[str, Mapping[str, str]],
    left_out: Iterable[tuple[str, str, str]],
) -> Catalog:
    """A catalog `checked_catalogs` made, unpickled with what it left out."""
    return _with_left_out(Catalog(messages), left_out)


def left_out_of(catalog: Catalog) -> frozenset[tuple[str, str, str]]:
    """``(lang, message, template)`` of each template left out of ``catalog``.

    Empty unless `checked_catalogs` made ``catalog`` (or it merges one it
    made): the templates the load-time rules refused, which a text built
    from the catalog before it was checked (a `define_check` explanation
    whose function holds the plugin's catalog) must not show either; see
    `without_templates`.
    """
    return catalog._left_out


_CLEANED: dict[
    tuple[int, int], tuple[Catalog, frozenset[tuple[str, str, str]], Catalog]
] = {}
"""`_catalog_without`'s answers: (catalog, left out) by their ids to the
catalog without them; the entries hold both, so the ids stay theirs."""
_CLEANED_MOST = 256
"""The most answers `_CLEANED` keeps (a few rulesets' catalogs); then it starts over."""


def _dropping(catalog: Catalog, drop: set[tuple[str, str]]) -> Catalog:
    """``catalog`` without the messages ``(lang, message)`` of ``drop``.

    The new catalog remembers their templates with what ``catalog`` had
    lost already (see `left_out_of`).
    """
    kept = Catalog(
        {
            lang: {m: t for m, t in table.items() if (lang, m) not in drop}
            for lang, table in catalog.messages.items()
        }
    )
    lost = {(lang, m, catalog.messages[lang][m]) for lang, m in drop}
    return _with_left_out(kept, catalog._left_out | lost)


def _catalog_without(
    catalog: Catalog, left_out: frozenset[tuple[str, str, str]]
) -> Catalog:
    """``catalog`` without the templates of ``left_out`` it holds as they are."""
    key = (id(catalog), id(left_out))
    known = _CLEANED.get(key)
    if known is not None:
        return known[2]
    drop = {(lang, m) for lang, m, t in left_out if catalog.template(lang, m) == t}
    cleaned = _dropping(catalog, drop) if drop else catalog
    if len(_CLEANED) >= _CLEANED_MOST:
        _CLEANED.clear()
    _CLEANED[key] = (catalog, left_out, cleaned)
    return cleaned


def without_templates(text: Text, left_out: frozenset[tuple[str, str, str]]) -> Text:
    """``text`` rendered without the templates of ``left_out``.

    Each catalog of ``text`` and of the texts in its fields loses the
    templates ``(lang, message, template)`` of ``left_out`` it holds as
    they are, so those languages show the English (or the base
    language), as `checked_catalogs` promises for a template it leaves
    out. ``text`` itself when none is held; a deferred text is made
    first; a text of a kind this module does not make is kept as it is.
    """
    if not left_out:
        return text
    if isinstance(text, _Preferred):
        preferred = without_templates(text._preferred, left_out)
        fallback = without_templates(text._fallback, left_out)
        if preferred is text._preferred and fallback is text._fallback:
            return text
        return _Preferred(preferred, fallback)
    if isinstance(text, _DeferredText):
        text = text._text()
    elif text.__class__ is not Text:
        return text
    catalog = _catalog_without(text.catalog, left_out)
    fields = {
        k: without_templates(v, left_out) if isinstance(v, Text) else v
        for k, v in text.fields.items()
    }
    if catalog is text.catalog and all(fields[k] is v for k, v in text.fields.items()):
        return text
    return Text(text.message, fields, catalog)


SHARED: dict[int, Callable[[], Catalog]] = {}
"""Catalogs that pickle by reference: ``id(catalog)`` to a module-level
function that returns it (the core's, set where it is made)."""


def _render(
    catalogs: Catalog | Iterable[Catalog],
    lang: str,
    message: str,
    fields: Mapping[str, Field],
) -> str:
    if lang.__class__ is not str and not isinstance(lang, str):
        raise ParameterError("lang", lang, "a language code ('en', 'de')")
    if message.__class__ is not str and not isinstance(message, str):
        raise ParameterError("message", message, "a message id (a string)")
    try:
        cats = tuple(catalogs)  # type: ignore[arg-type]
    except TypeError:  # one catalog, or no catalogs at all
        cats = catalog_tuple(catalogs)
    template = None
    found = lang
    try:
        for want in lookup_languages(lang):
            for cat in cats:
                template = cat.template(want, message)
                if template is not None:
                    break
            if template is not None:
                found = want
                break
    except AttributeError:
        catalog_tuple(cats)  # names what is not a catalog
        raise
    if template is None:
        raise MissingMessage(
            message, [lang for c in cats for lang in c.languages], asked=lang
        )
    if not fields and "{" not in template and "}" not in template:
        return template
    values = {
        k: v.render(lang, cats) if isinstance(v, Text) else v for k, v in fields.items()
    }
    try:
        return template.format_map(values)
    except KeyError as exc:
        given = ", ".join(sorted(values)) or "none"
        raise TemplateError(
            message,
            found,
            template,
            f"names the field {exc.args[0]!r}, which the text does not give "
            f"(it gives: {given})",
        ) from exc
    except (IndexError, ValueError, AttributeError, TypeError) as exc:
        raise TemplateError(
            message, found, template, f"cannot be filled: {exc}"
        ) from exc


@functools.lru_cache(maxsize=4096)
def template_fields(template: str) -> tuple[frozenset[str], str | None]:
    """The placeholder names of ``template``, and what makes it no template.

    The second item is ``None`` for a template ``str.format_map`` can fill,
    else the reason: a lone brace, or a placeholder that is not a name
    (``{}``, ``{0}``, ``{who.name}``, ``{who[0]}``).

    >>> names, problem = template_fields("{who} hits {n:>2}")
    >>> sorted(names), problem
    (['n', 'who'], None)
    >>> template_fields("100% {")
    (frozenset(), "Single '{' encountered in format string; a brace as text is written twice ('{{', '}}')")
    >>> template_fields("{who.name}")[1]
    "the placeholder '{who.name}' is not a name like '{who}'"
    """
    names: set[str] = set()
    pending = [template]
    try:
        while pending:
            for _, name, spec, conversion in string.Formatter().parse(pending.pop()):
                if name is None:
                    continue
                if conversion not in (None, "r", "s", "a"):
                    return frozenset(names), (
                        f"the conversion '!{conversion}' is not '!r', '!s' or '!a'"
                    )
                if not name.isidentifier():
                    return frozenset(names), (
                        f"the placeholder {'{' + name + '}'!r} is not a name like "
                        "'{who}'"
                    )
                names.add(name)
                if spec and "{" in spec:
                    pending.append(spec)
    except ValueError as exc:
        reason = f"{exc}; a brace as text is written twice ('{{{{', '}}}}')"
        return frozenset(names), reason
    return frozenset(names), None


DECIMAL_POINT = "number.decimal_point"
"""The message whose words are a language's decimal point (``","`` in German)."""

DIE_LETTER = "number.die_letter"
"""The message whose words are the letter of a die (``"W"`` in German: ``W20``)."""

_POINT_ALLOWED = (
    "a decimal point is one character that cannot be read as part of a number: "
    "not a letter, a digit, a sign ('+', '-', '\u2212'), '%' or '/', nor a space, "
    "control, format or combining character (Unicode categories Z, C, M), "
    "such as ','"
)

_NOT_A_POINT = frozenset("+-\u2212%/")  # signs (the minus too), percent, fractions


def _point_problem(template: str) -> str | None:
    """Why ``template`` cannot be a decimal point, or ``None``.

    >>> _point_problem(","), _point_problem(chr(0x066B)), _point_problem("e")
    (None, None, "a decimal point is one character that cannot be read as part of a number: not a letter, a digit, a sign ('+', '-', '\u2212'), '%' or '/', nor a space, control, format or combining character (Unicode categories Z, C, M), such as ','")
    """
    if (
        len(template) == 1
        and template not in _NOT_A_POINT
        and unicodedata.category(template)[0] not in "LNZCM"
    ):
        return None
    return _POINT_ALLOWED


def _letter_problem(template: str) -> str | None:
    """Why ``template`` cannot be the letter of a die, or ``None``.

    >>> _letter_problem("W"), _letter_problem("6")
    (None, "a die letter is one or more letters, such as 'd' or 'W'")
    """
    if template.isalpha():
        return None
    return "a die letter is one or more letters, such as 'd' or 'W'"


def _placeholder_problem(template: str) -> str | None:
    """The first placeholder of ``template`` with a conversion or a format spec.

    A plugin's template names fields only: no bundled English template uses
    a conversion (``{x!r}`` would show a text field as a Python repr) or a
    format spec (``{die:zz}`` fails only when the message is rendered).
    ``template`` must be one `template_fields` accepts.

    >>> _placeholder_problem("{who} hits")
    >>> _placeholder_problem("{who!r} hits {n:>2}")
    "the placeholder '{who!r}' has a conversion ('!r'): a plugin's template names a field only, as '{who}'"
    """
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None or (conversion is None and not spec):
            continue
        has = []
        if conversion is not None:
            has.append(f"a conversion ('!{conversion}')")
        if spec:
            has.append(f"a format spec (':{spec}')")
        placeholder = (
            "{"
            + name
            + (f"!{conversion}" if conversion is not None else "")
            + (f":{spec}" if spec else "")
            + "}"
        )
        plain = "{" + name + "}"
        return (
            f"the placeholder {placeholder!r} has {' and '.join(has)}: a plugin's "
            f"template names a field only, as {plain!r}"
        )
    return None


_JOINERS = frozenset("\u200c\u200d")
"""Format characters a word may need (Persian, the Indic scripts, emoji)."""

_CONTROL_KINDS = {
    "Cc": "control character",
    "Cf": "format character",
    "Cs": "surrogate",
    "Co": "private-use character",
    "Cn": "unassigned code point",
}


def _control_problem(template: str) -> str | None:
    """The first control or format character of ``template``, or ``None``.

    A template reaches a terminal as it is: an escape, a line break or an
    invisible character would act on it or hide there. The zero-width
    joiners (U+200C, U+200D) are words' letters in some scripts.

    >>> _control_problem("dés" + chr(0x200C)), _control_problem("résultat" + chr(27))
    (None, 'it holds the control character U+001B; a template is printable text without control or format characters (Unicode category C), the joiners U+200C and U+200D aside')
    """
    if template.isprintable():
        return None
    for char in template:
        kind = _CONTROL_KINDS.get(unicodedata.category(char))
        if kind is not None and char not in _JOINERS:
            return (
                f"it holds the {kind} U+{ord(char):04X}; a template is printable "
                "text without control or format characters (Unicode category C), "
                "the joiners U+200C and U+200D aside"
            )
    return None


_WORD_KINDS = {
    "label": "a label",
    "role": "a die's role",
    "help": "a help text",
    "option": "an optional rule's name or help",
    "extra": "an extra's name or value",
}
_CORE_WORD_KINDS = (
    ("effect.name.", "an effect's name"),
    ("condition.", "a condition"),
    ("modifier.", "a modifier's kind"),
)


def word_kind(message: str) -> str | None:
    """What kind of word ``message`` is, or ``None`` for a message with fields.

    Words are shown as they are, without fields: a ruleset's (or the
    toolkit's) ``<id>.label.*``, ``<id>.role.*``, ``<id>.help.*``,
    ``<id>.option.*`` and ``<id>.extra.*``, and the core's
    ``effect.name.*``, ``condition.*`` and ``modifier.*``.

    >>> word_kind("ds4.help.check"), word_kind("ds4.check"), word_kind("cli.rulesets.option")
    ('a help text', None, None)
    """
    for prefix, kind in _CORE_WORD_KINDS:
        if message.startswith(prefix):
            return kind
    parts = message.split(".", 2)
    if len(parts) == 3 and parts[2]:
        return _WORD_KINDS.get(parts[1])
    return None


def checked_catalogs(
    reference: Sequence[Catalog], offered: Sequence[tuple[str, Catalog]]
) -> tuple[list[tuple[str, Catalog]], list[tuple[str, str]]]:
    """Plugins' catalogs without the templates that cannot be filled or shown.

    ``reference`` are the core's catalogs, ``offered`` each plugin's
    catalogs by plugin name, in the order the plugins were registered.

    A message's English is the first that defines it: the core's, else
    that of the first plugin whose catalogs give it (its owner). A
    template is left out when

    - it is no template (`template_fields`);
    - it is ``number.decimal_point`` and not one character that cannot be
      read as part of a number, or ``number.die_letter`` and not letters;
    - a placeholder has a conversion (``{x!r}``) or a format spec
      (``{die:zz}``): no bundled English template has one;
    - it holds a control or format character (Unicode category C; the
      zero-width joiners aside);
    - it is another plugin's template of a message with an English, in
      any language, English included, and names a field that no template
      of the owner's catalogs with that English names: the code that
      renders a message gives the fields its author wrote (a translation
      of ``cli.result`` that names ``{x}`` could never be filled);
    - it is a word (`word_kind`: a label, a role, help…) and names a field.

    Returns:
        The catalogs with what was left out removed, in order (each
        remembers what it lost, see `left_out_of`), and one
        ``(plugin name, problem)`` for each template left out.
    """
    owners: dict[str, str | None] = {}  # message -> its English's plugin (None: core)
    for cat in reference:
        for message in cat.messages.get(FALLBACK, {}):
            owners.setdefault(message, None)
    for owner, cat in offered:
        for message in cat.messages.get(FALLBACK, {}):
            owners.setdefault(message, owner)
    authored: dict[str, set[str]] = {}  # message -> the fields its owner names
    sources = [(None, cat) for cat in reference] + [(o, c) for o, c in offered]
    for source, cat in sources:
        for message in cat.messages.get(FALLBACK, {}):
            if owners[message] != source:
                continue
            found = authored.setdefault(message, set())
            for table in cat.messages.values():
                template = table.get(message)
                if template is not None:
                    found |= template_fields(template)[0]
    kept: list[tuple[str, Catalog]] = []
    problems: list[tuple[str, str]] = []
    for owner, cat in offered:
        left_out: set[tuple[str, str]] = set()
        for lang, table in cat.messages.items():
            for message, template in table.items():
                problem = _problem(
                    owner, lang, message, template, owners=owners, authored=authored
                )
                if problem is not None:
                    left_out.add((lang, message))
                    said = (
                        f"catalog message {message!r} in {lang!r} "
                        f"({shown(template)}) is left out: {problem}"
                    )
                    problems.append((owner, said))
        kept.append((owner, _dropping(cat, left_out) if left_out else cat))
    return kept, problems


def _problem(
    plugin: str,
    lang: str,
    message: str,
    template: str,
    *,
    owners: Mapping[str, str | None],
    authored: Mapping[str, set[str]],
) -> str | None:
    """Why ``plugin``'s ``template`` is left out (see `checked_catalogs`), or ``None``."""
    fields, problem = template_fields(template)
    if problem is None and message == DECIMAL_POINT:
        problem = _point_problem(template)
    if problem is None and message == DIE_LETTER:
        problem = _letter_problem(template)
    if problem is None:
        problem = _placeholder_problem(template)
    if problem is None:
        problem = _control_problem(template)
    if problem is not None:
        return problem
    if message in owners and owners[message] != plugin:
        given = authored[message]
        extra = sorted(fields - given)
        if extra:
            gives = ", ".join(sorted(given)) or "none"
            if lang == FALLBACK:
                owner = owners[message]
                whose = "the core" if owner is None else f"the plugin {owner!r}"
                return (
                    f"it rewords the English {message!r} of {whose} with the "
                    f"field {extra[0]!r}, which that English does not give (it "
                    f"gives: {gives})"
                )
            return (
                f"it names the field {extra[0]!r}, which the English {message!r} "
                f"does not give (it gives: {gives})"
            )
    kind = word_kind(message)
    if kind is not None and fields:
        return (
            f"it names the field {sorted(fields)[0]!r}, but {kind} is a word "
            "without fields (a brace as text is written twice: '{{', '}}')"
        )
    return None


CATALOGS = "a Catalog, an iterable of Catalogs or None"
"""What a ``catalogs`` argument of ``explain`` or ``describe`` may be."""


def catalog_tuple(catalogs: Catalog | Iterable[Catalog] | None) -> tuple[Catalog, ...]:
    """The further catalogs of an ``explain`` or ``describe`` call, as a tuple.

    ``None`` is none, a [`Catalog`][rollwerk.i18n.Catalog] is one, and any
    other iterable gives its catalogs in order (the first searched first).

    Raises:
        ParameterError: ``catalogs`` is none of these, or holds something
            that is not a `Catalog`.
    """
    if catalogs is None:
        return ()
    if isinstance(catalogs, Catalog):
        return (catalogs,)
    if isinstance(catalogs, (str, bytes)) or not isinstance(catalogs, Iterable):
        raise ParameterError("catalogs", catalogs, CATALOGS)
    cats = tuple(catalogs)
    for i, cat in enumerate(cats):
        if not isinstance(cat, Catalog):
            raise ParameterError(f"catalogs[{i}]", cat, "a Catalog")
    return cats


def one_catalog(catalogs: Catalog | Iterable[Catalog] | None) -> Catalog | None:
    """The further catalogs of an ``explain`` or ``describe`` call, as one catalog.

    ``None`` and a single catalog are returned as they are; several are
    merged so that the first wins, which renders as searching them in order
    does (each language's message from the first catalog that has it).

    Raises:
        ParameterError: As `catalog_tuple`.
    """
    if catalogs is None or catalogs.__class__ is Catalog:
        return catalogs
    cats = catalog_tuple(catalogs)
    if len(cats) <= 1:
        return cats[0] if cats else None
    return cats[-1].merge(*reversed(cats[:-1]))


def _escaped(words: str) -> str:
    """``words`` as a template that renders as they are (braces doubled)."""
    return words.replace("{", "{{").replace("}", "}}")


def render(
    catalogs: Catalog | Iterable[Catalog], lang: str, message: str, /, **fields: Field
) -> str:
    """``message`` in ``lang`` from the first of ``catalogs`` that has it.

    Every catalog is searched for ``lang`` before any is searched for its
    base language (``fr`` for ``fr-CA``) and then for the English
    fallback, so a later catalog's translation beats an earlier catalog's
    English. ``catalogs`` may also be a single catalog.

    >>> from rollwerk.i18n import CORE
    >>> render([Catalog({"eo": {"die.dropped": "forĵetita"}}), CORE], "eo", "die.dropped")
    'forĵetita'

    Raises:
        MissingMessage: Not even English has ``message``.
        ParameterError: ``catalogs`` is not a catalog or an iterable of
            catalogs.
    """
    return _render(catalogs, lang, message, fields)


def allowed_languages(languages: Iterable[str]) -> str:
    """``'en', 'de' or 'fr'``: the languages as an error message names them.

    Raises:
        ParameterError: ``languages`` is not an iterable of strings.
    """
    allowed = "an iterable of language codes"
    if isinstance(languages, (str, bytes)) or not hasattr(languages, "__iter__"):
        raise ParameterError("languages", languages, allowed)
    codes = list(languages)
    if not all(isinstance(lang, str) for lang in codes):
        raise ParameterError("languages", codes, allowed)
    shown = [repr(lang) for lang in codes]
    if len(shown) <= 1:
        return "".join(shown) or "a language with a catalog"
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def _fields(value: Mapping[str, Field]) -> Mapping[str, Field]:
    if not isinstance(value, Mapping):
        raise ParameterError(
            "fields", value, "a mapping of placeholder names to values"
        )
    return MappingProxyType(dict(value))


def _a_catalog(_: object, __: object, value: Catalog) -> None:
    if value.__class__ is not Catalog and not isinstance(value, Catalog):
        raise ParameterError("catalog", value, "a Catalog")


@attrs.frozen(eq=False)
class Text:
    """A message id and its fields, rendered in any language on demand.

    A text keeps the [`Catalog`][rollwerk.i18n.Catalog] it was made from, so
    it renders by itself; catalogs passed to a call add languages or override
    wording (a plugin's ``"eo"`` catalog, say). A field that is itself a text
    is rendered in the same language.

    Two texts are equal when they read the same in English and German, the
    languages a result's JSON keeps.

    >>> cat = Catalog({"en": {"hit": "{n} hits"}, "de": {"hit": "{n} Treffer"}})
    >>> t = cat.text("hit", n=3)
    >>> t(), t("de"), t("eo", Catalog({"eo": {"hit": "{n} trafoj"}}))
    ('3 hits', '3 Treffer', '3 trafoj')
    >>> t == Text.fixed(en="3 hits", de="3 Treffer")
    True
    """

    __repr__ = value_repr

    message: str
    """The message id (``"ds4.check.success"``)."""
    fields: Mapping[str, Field] = attrs.field(converter=_fields, repr=False)
    """The values of the template's placeholders."""
    catalog: Catalog = attrs.field(repr=False, validator=_a_catalog)
    """The catalog the message comes from."""

    @classmethod
    def fixed(cls, **texts: str) -> Text:
        """A text given in full per language: ``Text.fixed(en="hit", de="Treffer")``.

        Used for texts loaded from JSON, which keeps the words, not the ids.
        """
        for lang, words in texts.items():
            if not isinstance(words, str):
                raise ParameterError(lang, words, "a string")
        return cls(
            "",
            {},
            Catalog({lang: {"": _escaped(t)} for lang, t in texts.items()}),
        )

    @classmethod
    def deferred(cls, make: Callable[[], Text]) -> Text:
        """A text made by ``make()`` the first time it is read, then kept.

        For explanations that cost more to build than the result they
        explain: a check resolves without building its sentence, and
        ``make`` runs once, when the text is first rendered, compared or
        hashed. ``make`` must be pure (the same text every time) and return
        a [`Text`][rollwerk.i18n.Text]. A deferred text is a text: it
        renders, compares and pickles as the text ``make`` gives.

        >>> cat = Catalog({"en": {"hit": "{n} hits"}, "de": {"hit": "{n} Treffer"}})
        >>> made = []
        >>> t = Text.deferred(lambda: made.append(1) or cat.text("hit", n=3))
        >>> made
        []
        >>> t(), t("de"), len(made)
        ('3 hits', '3 Treffer', 1)
        >>> t == cat.text("hit", n=3)
        True

        Raises:
            RulesError: When first read, if ``make`` fails or gives no text.
            ParameterError: ``make`` is not callable.
        """
        if not callable(make):
            raise ParameterError("make", make, "a callable that returns a Text")
        return _DeferredText(make)

    def render(self, lang: str, catalogs: Catalog | Iterable[Catalog] = ()) -> str:
        """The text in ``lang``; ``catalogs`` are searched before this text's own.

        Raises:
            ParameterError: ``catalogs`` is not a catalog or an iterable of
                catalogs.
        """
        try:
            cats = (*catalogs, self.catalog)  # type: ignore[misc]
        except TypeError:  # one catalog, or no catalogs at all
            cats = (*catalog_tuple(catalogs), self.catalog)
        return _render(cats, lang, self.message, self.fields)

    def languages(self, catalogs: Catalog | Iterable[Catalog] = ()) -> tuple[str, ...]:
        """The languages this text or ``catalogs`` know, English first.

        A language whose templates the load-time checks left out of this
        text's catalog is still known: it shows the English.

        Raises:
            ParameterError: ``catalogs`` is not a catalog or an iterable of
                catalogs.
        """
        own = self.catalog
        langs = set(own.languages)
        if own._left_out:
            langs.update(lang for lang, _, _ in own._left_out)
        try:
            for cat in catalogs:  # type: ignore[union-attr]
                langs.update(cat.languages)
        except (TypeError, AttributeError):  # one catalog, or not catalogs
            for cat in catalog_tuple(catalogs):
                langs.update(cat.languages)
        for value in self.fields.values():
            if isinstance(value, Text):
                langs.update(value.languages())
        return tuple(sorted(langs, key=lambda lang: (lang != FALLBACK, lang)))

    def __call__(
        self,
        lang: str = FALLBACK,
        catalogs: Catalog | Iterable[Catalog] | None = None,
    ) -> str:
        """The text in ``lang``; a missing translation falls back to English.

        A regional language (``fr-CA``) falls back to its base language
        (``fr``) first; it must itself be a language a catalog knows.

        Args:
            lang: A language code (``"en"``, ``"de"``, or one a catalog adds).
            catalogs: A further catalog (for example
                [`Registry.catalogs()`][rollwerk.plugins.Registry.catalogs])
                or an iterable of them, searched first, in order.

        Raises:
            ParameterError: No catalog knows ``lang`` at all, or
                ``catalogs`` is not a catalog, an iterable of catalogs or
                ``None``.
        """
        if catalogs is None:
            extra: tuple[Catalog, ...] = ()
        elif catalogs.__class__ is Catalog:
            extra = (catalogs,)
        else:
            extra = catalog_tuple(catalogs)
        if lang != FALLBACK:
            known = self.languages(extra)
            if lang not in known:
                raise ParameterError("lang", lang, allowed_languages(known))
        return self.render(lang, extra)

    def _key(self) -> tuple[str, str]:
        return (self.render("en"), self.render("de"))

    def __reduce__(self) -> tuple[Any, ...]:
        # the fields are a read-only view, which does not pickle
        return (Text, (self.message, dict(self.fields), self.catalog))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


# After ``Text``: a real union rather than a string, so that a user's
# ``typing.get_type_hints`` resolves ``Field`` in any module.
Field: TypeAlias = int | str | Fraction | Text | None
"""The value of a placeholder: a plain value, or a text rendered in the same language."""


class _DeferredText(Text):
    """A [`Text`][rollwerk.i18n.Text] whose message and fields are made on first read.

    Its three fields are properties over the text ``make()`` gives, so every
    method of `Text` works on it unchanged.
    """

    __slots__ = ("_made", "_make")
    _make: Callable[[], Text] | None
    _made: Text | None

    def __init__(
        self, make: Callable[[], Text] | None = None, /, **fields: Any
    ) -> None:
        # ``attrs.evolve`` builds a copy from the three fields: it is made at once
        made = None if make is not None else Text(**fields)
        object.__setattr__(self, "_make", make)
        object.__setattr__(self, "_made", made)

    def __repr__(self) -> str:
        return repr(self._text())

    def _text(self) -> Text:
        made = self._made
        if made is None:
            assert self._make is not None
            try:
                made = self._make()
            except RollwerkError:
                raise
            except Exception as exc:
                raise RulesError(
                    f"a deferred text failed to build: {type(exc).__name__}: {exc}"
                ) from exc
            if not isinstance(made, Text):
                raise RulesError(f"a deferred text was built as {made!r}, not a Text")
            while isinstance(made, _DeferredText):
                made = made._text()
            object.__setattr__(self, "_made", made)
            object.__setattr__(self, "_make", None)
        return made

    @property
    def message(self) -> str:
        """The message id of the text once made."""
        return self._text().message

    @property
    def fields(self) -> Mapping[str, Field]:
        """The placeholders' values of the text once made."""
        return self._text().fields

    @property
    def catalog(self) -> Catalog:
        """The catalog of the text once made."""
        return self._text().catalog

    def render(self, lang: str, catalogs: Catalog | Iterable[Catalog] = ()) -> str:
        """The made text in ``lang``; ``catalogs`` are searched first."""
        return self._text().render(lang, catalogs)

    def languages(self, catalogs: Catalog | Iterable[Catalog] = ()) -> tuple[str, ...]:
        """The languages the made text or ``catalogs`` know, English first."""
        return self._text().languages(catalogs)

    def __reduce__(self) -> tuple[type[Text], tuple[str, Mapping[str, Field], Catalog]]:
        made = self._text()
        return (Text, (made.message, dict(made.fields), made.catalog))


class _Preferred(Text):
    """``preferred`` where a catalog has its words, else ``fallback``.

    For ids that a catalog may or may not word (an event's name, say): the
    choice is made when the text is rendered, with the catalogs of that
    call, so a plugin's or a caller's catalog passed then is seen. Its
    message, fields and catalog are those of the text chosen without
    further catalogs (what it renders as by itself).
    """

    __slots__ = ("_fallback", "_preferred")
    _preferred: Text
    _fallback: Text

    def __init__(
        self,
        preferred: Text | None = None,
        fallback: Text | None = None,
        /,
        **fields: Any,
    ) -> None:
        if preferred is None or fallback is None:  # ``attrs.evolve``: a plain copy
            preferred = fallback = Text(**fields)
        object.__setattr__(self, "_preferred", preferred)
        object.__setattr__(self, "_fallback", fallback)

    def __repr__(self) -> str:
        return f"_Preferred({self._preferred!r}, {self._fallback!r})"

    def _chosen(self, catalogs: Iterable[Catalog]) -> Text:
        try:
            self._preferred.render(FALLBACK, catalogs)
        except MissingMessage:
            return self._fallback
        return self._preferred

    @property
    def message(self) -> str:
        """The message id of the text chosen without further catalogs."""
        return self._chosen(()).message

    @property
    def fields(self) -> Mapping[str, Field]:
        """The placeholders' values of the text chosen without further catalogs."""
        return self._chosen(()).fields

    @property
    def catalog(self) -> Catalog:
        """The catalog of the text chosen without further catalogs."""
        return self._chosen(()).catalog

    def render(self, lang: str, catalogs: Catalog | Iterable[Catalog] = ()) -> str:
        """The preferred text in ``lang`` if a catalog words it, else the fallback."""
        cats = catalog_tuple(catalogs)
        try:
            return self._preferred.render(lang, cats)
        except MissingMessage:
            return self._fallback.render(lang, cats)

    def languages(self, catalogs: Catalog | Iterable[Catalog] = ()) -> tuple[str, ...]:
        """The languages the chosen text or ``catalogs`` know, English first."""
        cats = catalog_tuple(catalogs)
        return self._chosen(cats).languages(cats)

    def __reduce__(self) -> tuple[type[Text], tuple[Text, Text]]:
        return (_Preferred, (self._preferred, self._fallback))


def preferred(text: Text, fallback: Text) -> Text:
    """``text`` where the catalogs of a rendering word it, else ``fallback``.

    The choice is made at each rendering, with the catalogs passed to it:
    a message a plugin's or the caller's catalog adds is used when that
    catalog is passed, and ``fallback`` otherwise.
    """
    return _Preferred(text, fallback)
