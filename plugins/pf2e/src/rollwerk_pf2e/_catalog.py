"""The pf2e ruleset's messages, in English and German.

Message ids start with ``pf2e.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language.
"""

from __future__ import annotations

from rollwerk.i18n import Catalog

__all__ = ["CATALOG"]

_EN = {
    "pf2e.difficulty.incredibly-easy": "incredibly easy",
    "pf2e.difficulty.very-easy": "very easy",
    "pf2e.difficulty.easy": "easy",
    "pf2e.difficulty.normal": "normal",
    "pf2e.difficulty.hard": "hard",
    "pf2e.difficulty.very-hard": "very hard",
    "pf2e.difficulty.incredibly-hard": "incredibly hard",
}

_DE = {
    "pf2e.difficulty.incredibly-easy": "unglaublich leicht",
    "pf2e.difficulty.very-easy": "sehr leicht",
    "pf2e.difficulty.easy": "leicht",
    "pf2e.difficulty.normal": "normal",
    "pf2e.difficulty.hard": "schwer",
    "pf2e.difficulty.very-hard": "sehr schwer",
    "pf2e.difficulty.incredibly-hard": "unglaublich schwer",
}

CATALOG = Catalog({"en": _EN, "de": _DE})
"""The pf2e ruleset's messages."""
