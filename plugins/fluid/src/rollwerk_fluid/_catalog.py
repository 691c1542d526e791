"""The fluid ruleset's messages, in English and German.

Message ids start with ``fluid.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language.
"""

from __future__ import annotations

from rollwerk.i18n import Catalog

__all__ = ["CATALOG"]

_EN = {
    "fluid.difficulty.very-easy": "very easy",
    "fluid.difficulty.easy": "easy",
    "fluid.difficulty.normal": "normal",
    "fluid.difficulty.hard": "hard",
    "fluid.difficulty.very-hard": "very hard",
    "fluid.difficulty.extremely-hard": "extremely hard",
    "fluid.difficulty.nearly-impossible": "nearly impossible",
}

_DE = {
    "fluid.difficulty.very-easy": "sehr leicht",
    "fluid.difficulty.easy": "leicht",
    "fluid.difficulty.normal": "normal",
    "fluid.difficulty.hard": "schwer",
    "fluid.difficulty.very-hard": "sehr schwer",
    "fluid.difficulty.extremely-hard": "äußerst schwer",
    "fluid.difficulty.nearly-impossible": "fast unmöglich",
}

CATALOG = Catalog({"en": _EN, "de": _DE})
"""The fluid ruleset's messages."""
