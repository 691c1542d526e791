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

from typing import TYPE_CHECKING

from rollwerk.plugins import lazy_exports

if TYPE_CHECKING:
    from rollwerk_ds4_slayers._catalog import CATALOG
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
        DEPTH,
        MAX_DEPTH,
        SLAYING_CHECK,
        SlayingAttack,
        SlayingRoll,
        roll_slaying,
        slaying_check,
        slaying_weights,
    )

# Public name -> private module, imported on first access so that loading
# the plugin (e.g. for one CLI check) imports only what it uses.
_LAZY: dict[str, str] = {
    "CATALOG": "rollwerk_ds4_slayers._catalog",
    "COSTS": "rollwerk_ds4_slayers._points",
    "DEFENSE_BONUS": "rollwerk_ds4_slayers._points",
    "MAX_POINTS": "rollwerk_ds4_slayers._points",
    "SlayerCost": "rollwerk_ds4_slayers._points",
    "SlayerPoints": "rollwerk_ds4_slayers._points",
    "SLAYER_POINTS": "rollwerk_ds4_slayers._rules",
    "SLAYING_DICE": "rollwerk_ds4_slayers._rules",
    "SlayerPointsRuleset": "rollwerk_ds4_slayers._rules",
    "SlayingDiceRuleset": "rollwerk_ds4_slayers._rules",
    "enable_slayer_points": "rollwerk_ds4_slayers._rules",
    "enable_slaying_dice": "rollwerk_ds4_slayers._rules",
    "DEFAULT_DEPTH": "rollwerk_ds4_slayers._slaying",
    "DEPTH": "rollwerk_ds4_slayers._slaying",
    "MAX_DEPTH": "rollwerk_ds4_slayers._slaying",
    "SLAYING_CHECK": "rollwerk_ds4_slayers._slaying",
    "SlayingAttack": "rollwerk_ds4_slayers._slaying",
    "SlayingRoll": "rollwerk_ds4_slayers._slaying",
    "roll_slaying": "rollwerk_ds4_slayers._slaying",
    "slaying_check": "rollwerk_ds4_slayers._slaying",
    "slaying_weights": "rollwerk_ds4_slayers._slaying",
}

__all__ = [
    "CATALOG",
    "COSTS",
    "DEFAULT_DEPTH",
    "DEFENSE_BONUS",
    "DEPTH",
    "MAX_DEPTH",
    "MAX_POINTS",
    "SLAYER_POINTS",
    "SLAYING_CHECK",
    "SLAYING_DICE",
    "SlayerCost",
    "SlayerPoints",
    "SlayerPointsRuleset",
    "SlayingAttack",
    "SlayingDiceRuleset",
    "SlayingRoll",
    "enable_slayer_points",
    "enable_slaying_dice",
    "roll_slaying",
    "slaying_check",
    "slaying_weights",
]


if not TYPE_CHECKING:
    # Imported on first use; type checkers read the imports above.
    __getattr__, __dir__ = lazy_exports(__name__, _LAZY)
