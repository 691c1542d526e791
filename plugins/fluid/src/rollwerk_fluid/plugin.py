"""The pluggy hook implementations that register Fluid with rollwerk."""

from __future__ import annotations

import rollwerk
from rollwerk import Ruleset
from rollwerk.i18n import Catalog
from rollwerk.rulesets import OptionalRule
from rollwerk_fluid._ruleset import FLUID, trait_cap_rule

__all__ = [
    "rollwerk_register_catalogs",
    "rollwerk_register_optional_rules",
    "rollwerk_register_rulesets",
]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Register the ``fluid`` ruleset."""
    return [FLUID]


@rollwerk.hookimpl
def rollwerk_register_optional_rules() -> list[OptionalRule]:
    """Register the optional rule ``trait-cap`` (FL-R13)."""
    return [trait_cap_rule]


@rollwerk.hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Return the fluid ruleset's message catalog (English and German)."""
    from rollwerk_fluid._catalog import CATALOG

    return [CATALOG]
