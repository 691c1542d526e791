"""The ds4 ruleset's messages, in English and German.

Message ids start with ``ds4.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language.
"""

from __future__ import annotations

from rollwerk.i18n import Catalog

__all__ = ["CATALOG"]

_EN = {
    "ds4.difficulty.routine": "routine",
    "ds4.difficulty.very-easy": "very easy",
    "ds4.difficulty.easy": "easy",
    "ds4.difficulty.normal": "normal",
    "ds4.difficulty.hard": "hard",
    "ds4.difficulty.very-hard": "very hard",
    "ds4.difficulty.extremely-hard": "extremely hard",
}

_DE = {
    "ds4.difficulty.routine": "Routine",
    "ds4.difficulty.very-easy": "sehr leicht",
    "ds4.difficulty.easy": "leicht",
    "ds4.difficulty.normal": "normal",
    "ds4.difficulty.hard": "schwer",
    "ds4.difficulty.very-hard": "sehr schwer",
    "ds4.difficulty.extremely-hard": "äußerst schwer",
}

CATALOG = Catalog({"en": _EN, "de": _DE})
"""The ds4 ruleset's messages."""
