"""DS4's optional slayer rules for rollwerk: slaying dice and slayer points.

Installed, the rules are offered for the ``ds4`` ruleset but stay off until
enabled by id:

>>> from rollwerk.plugins import Registry
>>> from rollwerk import ScriptedRng, build_check
>>> ds4 = Registry().ruleset("ds4", options=["slaying-dice"])
>>> build_check(ds4, pw=14).resolve(ScriptedRng([1, 1, 8])).value
36
"""

from __future__ import annotations

from rollwerk_ds4_slayers._points import (
    COSTS,
    DEFENSE_BONUS,
    MAX_POINTS,
    SlayerCost,
    SlayerPoints,
)
from rollwerk_ds4_slayers._rules import (
    SLAYER_POINTS,
    SLAYING_DICE,
    SlayerPointsRuleset,
    SlayingDiceRuleset,
    enable_slayer_points,
    enable_slaying_dice,
)
from rollwerk_ds4_slayers._slaying import (
    DEFAULT_DEPTH,
    MAX_DEPTH,
    SlayingAttack,
    SlayingCheck,
    SlayingRoll,
    roll_slaying,
    slaying_weights,
)

__all__ = [
    "COSTS",
    "DEFAULT_DEPTH",
    "DEFENSE_BONUS",
    "MAX_DEPTH",
    "MAX_POINTS",
    "SLAYER_POINTS",
    "SLAYING_DICE",
    "SlayerCost",
    "SlayerPoints",
    "SlayerPointsRuleset",
    "SlayingAttack",
    "SlayingCheck",
    "SlayingDiceRuleset",
    "SlayingRoll",
    "enable_slayer_points",
    "enable_slaying_dice",
    "roll_slaying",
    "slaying_weights",
]
