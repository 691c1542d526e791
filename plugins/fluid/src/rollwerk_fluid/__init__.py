"""Fluid for rollwerk: a d10 rolled under attribute + trait + modifier.

>>> from rollwerk import ScriptedRng
>>> from rollwerk_fluid import FluidCheck
>>> FluidCheck(attribute=3, trait=4).resolve(ScriptedRng([1, 3])).value
2
"""

from __future__ import annotations

from rollwerk_fluid._check import (
    CHECK_PARAMETERS,
    Die,
    FluidCheck,
    FluidOutcome,
    Reward,
    overflow,
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
    TRAIT_CAP,
    FluidRuleset,
    contest_rank,
    trait_cap_rule,
)

__all__ = [
    "CHANCE",
    "CHECK_PARAMETERS",
    "DEFENCE",
    "DIFFICULTIES",
    "TRAIT_CAP",
    "Die",
    "FluidCheck",
    "FluidOutcome",
    "FluidRuleset",
    "Policy",
    "RerollCheck",
    "Reward",
    "RewardEffect",
    "check_for",
    "contest_rank",
    "defence_event",
    "earned_reward",
    "end_scene",
    "overflow",
    "record_check",
    "trait_cap_rule",
]
