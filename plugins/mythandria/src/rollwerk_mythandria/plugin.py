"""The pluggy plugin that registers the Mythandria ruleset (entry point ``mythandria``)."""

from __future__ import annotations

import rollwerk
from rollwerk import Ruleset
from rollwerk_mythandria._ruleset import MythandriaRuleset

__all__ = ["rollwerk_register_rulesets"]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Return the Mythandria ruleset."""
    return [MythandriaRuleset()]
