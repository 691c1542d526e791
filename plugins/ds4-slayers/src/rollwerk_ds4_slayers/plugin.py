"""The pluggy plugin that offers DS4's optional slayer rules (entry point ``ds4-slayers``)."""

from __future__ import annotations

import rollwerk
import rollwerk.rulesets
from rollwerk_ds4_slayers._rules import SLAYER_POINTS, SLAYING_DICE

__all__ = ["rollwerk_register_optional_rules"]


@rollwerk.hookimpl
def rollwerk_register_optional_rules() -> list[rollwerk.rulesets.OptionalRule]:
    """Return the optional rules ``slaying-dice`` and ``slayer-points`` for ``ds4``."""
    return [SLAYING_DICE, SLAYER_POINTS]
