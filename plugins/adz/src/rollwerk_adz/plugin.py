"""The pluggy entry point of ``rollwerk-adz``: registers the AdZ ruleset."""

from __future__ import annotations

import rollwerk
from rollwerk import Ruleset
from rollwerk.analysis import FightRules
from rollwerk.i18n import Catalog
from rollwerk.plugins.hookspecs import RegistryView
from rollwerk_adz._ruleset import ADZ

__all__ = [
    "rollwerk_register_catalogs",
    "rollwerk_register_fight_rules",
    "rollwerk_register_rulesets",
]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Return the AdZ ruleset (id ``adz``)."""
    return [ADZ]


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the adz ruleset's message catalog (English and German)."""
    from rollwerk_adz._catalog import CATALOG

    return [CATALOG]


@rollwerk.hookimpl
def rollwerk_register_fight_rules(registry: RegistryView) -> dict[str, FightRules]:
    """Return the adz fight rules (per-turn damage for ``rollwerk fight``)."""
    from rollwerk_adz._fight import AdzFightRules

    return {"adz": AdzFightRules()}
