"""Message catalogs: every user-visible word, by language.

A [`Catalog`][rollwerk.i18n.Catalog] maps languages to message templates; a
[`Text`][rollwerk.i18n.Text] is a message id with its fields, rendered in any
language on demand. The core's messages are [`CORE`][rollwerk.i18n.CORE]; a
plugin ships its own catalog and may add languages for its texts and the
core's through the ``rollwerk_register_catalogs`` hook. A message missing in
a language falls back to English ([`FALLBACK`][rollwerk.i18n.FALLBACK]).

This package sits below every other layer: it imports only
[`rollwerk.errors`][rollwerk.errors] and the standard library.
"""

from __future__ import annotations

from rollwerk.i18n._catalog import (
    FALLBACK,
    Catalog,
    Field,
    MissingMessage,
    TemplateError,
    Text,
    allowed_languages,
    render,
)
from rollwerk.i18n._core import CORE
from rollwerk.i18n._grammar import UNITS, genitive, number, quantity, time_span

__all__ = [
    "CORE",
    "FALLBACK",
    "UNITS",
    "Catalog",
    "Field",
    "MissingMessage",
    "TemplateError",
    "Text",
    "allowed_languages",
    "genitive",
    "number",
    "quantity",
    "render",
    "time_span",
]
