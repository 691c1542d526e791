"""The plugin module registered under the ``rollwerk`` entry-point group."""

from __future__ import annotations

import rollwerk
from rollwerk import Ruleset
from rollwerk_pf2e._ruleset import Pf2eRuleset

__all__ = ["rollwerk_register_rulesets"]


@rollwerk.hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Register the ``pf2e`` ruleset."""
    return [Pf2eRuleset()]
