"""Fluid for rollwerk: a d10 rolled under attribute + trait + modifier.

>>> from rollwerk import ScriptedRng
>>> from rollwerk_fluid import fluid_check
>>> fluid_check(attribute=3, trait=4).resolve(ScriptedRng([1, 3])).value
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk.plugins import lazy_exports

if TYPE_CHECKING:
    from rollwerk_fluid._catalog import CATALOG
    from rollwerk_fluid._check import (
        CHECK_PARAMETERS,
        Die,
        FluidOutcome,
        Reward,
        chance,
        effective_chance,
        overflow,
        repeat,
        reroll,
    )
    from rollwerk_fluid._rerolls import Policy, RerollCheck
    from rollwerk_fluid._rewards import (
        CHANCE,
        DEFENCE,
        RewardEffect,
        check_for,
        defence_event,
        earned_reward,
        end_scene,
        record_check,
    )
    from rollwerk_fluid._ruleset import (
        DIFFICULTIES,
        FLUID,
        TRAIT_CAP,
        contest_rank,
        fluid_check,
        trait_cap_rule,
    )

# Public name -> private module, imported on first access so that loading
# the plugin (e.g. for one CLI check) imports only what it uses.
_LAZY: dict[str, str] = {
    "CATALOG": "rollwerk_fluid._catalog",
    "CHECK_PARAMETERS": "rollwerk_fluid._check",
    "Die": "rollwerk_fluid._check",
    "FluidOutcome": "rollwerk_fluid._check",
    "Reward": "rollwerk_fluid._check",
    "chance": "rollwerk_fluid._check",
    "effective_chance": "rollwerk_fluid._check",
    "overflow": "rollwerk_fluid._check",
    "repeat": "rollwerk_fluid._check",
    "reroll": "rollwerk_fluid._check",
    "Policy": "rollwerk_fluid._rerolls",
    "RerollCheck": "rollwerk_fluid._rerolls",
    "CHANCE": "rollwerk_fluid._rewards",
    "DEFENCE": "rollwerk_fluid._rewards",
    "RewardEffect": "rollwerk_fluid._rewards",
    "check_for": "rollwerk_fluid._rewards",
    "defence_event": "rollwerk_fluid._rewards",
    "earned_reward": "rollwerk_fluid._rewards",
    "end_scene": "rollwerk_fluid._rewards",
    "record_check": "rollwerk_fluid._rewards",
    "DIFFICULTIES": "rollwerk_fluid._ruleset",
    "FLUID": "rollwerk_fluid._ruleset",
    "TRAIT_CAP": "rollwerk_fluid._ruleset",
    "contest_rank": "rollwerk_fluid._ruleset",
    "fluid_check": "rollwerk_fluid._ruleset",
    "trait_cap_rule": "rollwerk_fluid._ruleset",
}

__all__ = [
    "CATALOG",
    "CHANCE",
    "CHECK_PARAMETERS",
    "DEFENCE",
    "DIFFICULTIES",
    "FLUID",
    "TRAIT_CAP",
    "Die",
    "FluidOutcome",
    "Policy",
    "RerollCheck",
    "Reward",
    "RewardEffect",
    "chance",
    "check_for",
    "contest_rank",
    "defence_event",
    "earned_reward",
    "effective_chance",
    "end_scene",
    "fluid_check",
    "overflow",
    "record_check",
    "repeat",
    "reroll",
    "trait_cap_rule",
]


if not TYPE_CHECKING:
    # Imported on first use; type checkers read the imports above.
    __getattr__, __dir__ = lazy_exports(__name__, _LAZY)
