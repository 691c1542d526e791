"""The pluggy plugin that registers the Mythandria ruleset (entry point ``mythandria``)."""

from __future__ import annotations

import rollwerk
from rollwerk import Ruleset
from rollwerk.i18n import Catalog
from rollwerk_mythandria._ruleset import RULESET

__all__ = ["rollwerk_register_catalogs", "rollwerk_register_rulesets"]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Return the Mythandria ruleset."""
    return [RULESET]


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the mythandria ruleset's message catalog and its effects' words.

    Both in English and German; the second words the core's ``effect.name.*``
    and ``condition.*`` messages for the aether lockout and holding breath.
    """
    from rollwerk_mythandria._catalog import CATALOG, EFFECT_WORDS

    return [CATALOG, EFFECT_WORDS]
