"""The pluggy plugin that registers the DS4 ruleset (entry point ``ds4``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rollwerk
from rollwerk_ds4._ruleset import RULESET

# Types only: ``rollwerk check ds4`` imports this module, and the fight
# analysis is loaded by the fight hook alone.
if TYPE_CHECKING:
    from rollwerk.analysis import FightRules
    from rollwerk.i18n import Catalog
    from rollwerk.plugins.hookspecs import RegistryView

__all__ = [
    "rollwerk_register_catalogs",
    "rollwerk_register_fight_rules",
    "rollwerk_register_rulesets",
]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[rollwerk.Ruleset]:
    """Return the DS4 ruleset."""
    return [RULESET]


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the ds4 ruleset's message catalog (English and German)."""
    from rollwerk_ds4._catalog import CATALOG

    return [CATALOG]


@rollwerk.hookimpl
def rollwerk_register_fight_rules(registry: RegistryView) -> dict[str, FightRules]:
    """Return the ds4 fight rules (per-turn damage for ``rollwerk fight``)."""
    from rollwerk_ds4._fight import Ds4FightRules

    return {"ds4": Ds4FightRules(registry.ruleset("ds4"))}
