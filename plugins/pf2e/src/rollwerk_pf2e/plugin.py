"""The plugin module registered under the ``rollwerk`` entry-point group."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rollwerk
from rollwerk import Ruleset
from rollwerk.analysis import FightRules
from rollwerk.i18n import Catalog
from rollwerk.plugins.hookspecs import RegistryView
from rollwerk_pf2e._ruleset import PF2E

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rollwerk.encounter import DurationDecoder

__all__ = [
    "rollwerk_register_catalogs",
    "rollwerk_register_duration_kinds",
    "rollwerk_register_fight_rules",
    "rollwerk_register_rulesets",
]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Register the ``pf2e`` ruleset."""
    return [PF2E]


@rollwerk.hookimpl
def rollwerk_register_duration_kinds() -> Mapping[str, DurationDecoder]:
    """Register the ``pf2e_rounds`` duration kind, so encounters load without ``kinds=``."""
    from rollwerk_pf2e._durations import DURATION_KINDS

    return DURATION_KINDS


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the pf2e ruleset's message catalog (English and German)."""
    from rollwerk_pf2e._catalog import CATALOG

    return [CATALOG]


@rollwerk.hookimpl
def rollwerk_register_fight_rules(registry: RegistryView) -> dict[str, FightRules]:
    """Return the pf2e fight rules (per-turn damage for ``rollwerk fight``)."""
    from rollwerk_pf2e._fight import Pf2eFightRules

    return {"pf2e": Pf2eFightRules(registry.ruleset("pf2e"))}
