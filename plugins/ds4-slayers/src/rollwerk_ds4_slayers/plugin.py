"""The pluggy plugin that offers DS4's optional slayer rules (entry point ``ds4-slayers``)."""

from __future__ import annotations

import rollwerk
import rollwerk.rulesets
from rollwerk.i18n import Catalog
from rollwerk_ds4_slayers._rules import SLAYER_POINTS, SLAYING_DICE

__all__ = ["rollwerk_register_catalogs", "rollwerk_register_optional_rules"]


@rollwerk.hookimpl
def rollwerk_register_optional_rules() -> list[rollwerk.rulesets.OptionalRule]:
    """Return the optional rules ``slaying-dice`` and ``slayer-points`` for ``ds4``."""
    return [SLAYING_DICE, SLAYER_POINTS]


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the slayer rules' message catalog (English and German)."""
    from rollwerk_ds4_slayers._catalog import CATALOG

    return [CATALOG]
