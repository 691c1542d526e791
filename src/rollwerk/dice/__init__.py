"""Dice: dies, pools, their rolls and their exact distributions.

The second layer of the walk (above [`rollwerk.rng`][rollwerk.rng] and
[`rollwerk.distribution`][rollwerk.distribution]): a
[`Die`][rollwerk.dice.Die] maps what an Rng draws to a face, a
[`Pool`][rollwerk.dice.Pool] rolls several with reroll, explode, keep and
count modifiers and gives its exact distribution. Dice know nothing of
notation or checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.dice._die import (
        Comparison,
        Condition,
        Die,
        Keep,
        KeepKind,
        RolledDie,
    )
    from rollwerk.dice._limits import (
        DICE_LIMITS,
        DiceLimits,
    )
    from rollwerk.dice._pool import (
        ExplodeMode,
        Pool,
        PoolRoll,
        Tally,
        TallyKind,
    )
    from rollwerk.dice._roll import DieRoll

__all__ = [
    "DICE_LIMITS",
    "Comparison",
    "Condition",
    "DiceLimits",
    "Die",
    "DieRoll",
    "ExplodeMode",
    "Keep",
    "KeepKind",
    "Pool",
    "PoolRoll",
    "RolledDie",
    "Tally",
    "TallyKind",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "Comparison": "rollwerk.dice._die",
            "Condition": "rollwerk.dice._die",
            "DICE_LIMITS": "rollwerk.dice._limits",
            "DiceLimits": "rollwerk.dice._limits",
            "Die": "rollwerk.dice._die",
            "DieRoll": "rollwerk.dice._roll",
            "ExplodeMode": "rollwerk.dice._pool",
            "Keep": "rollwerk.dice._die",
            "KeepKind": "rollwerk.dice._die",
            "Pool": "rollwerk.dice._pool",
            "PoolRoll": "rollwerk.dice._pool",
            "RolledDie": "rollwerk.dice._die",
            "Tally": "rollwerk.dice._pool",
            "TallyKind": "rollwerk.dice._pool",
        },
    )
