"""The pluggy entry point of ``rollwerk-adz``: registers the AdZ ruleset."""

from __future__ import annotations

import rollwerk
from rollwerk import Ruleset
from rollwerk.i18n import Catalog
from rollwerk_adz._ruleset import ADZ

__all__ = ["rollwerk_register_catalogs", "rollwerk_register_rulesets"]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Return the AdZ ruleset (id ``adz``)."""
    return [ADZ]


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the adz ruleset's message catalog (English and German)."""
    from rollwerk_adz._catalog import CATALOG

    return [CATALOG]
