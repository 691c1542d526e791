"""The documented limits of dice and notation, checked before any work."""

from __future__ import annotations

import attrs

from rollwerk._repr import value_repr
from rollwerk.errors import LimitExceeded

Weights = dict[int, int]
"""Integer weights of integer outcomes; paired with a total to be exact."""


@attrs.frozen
class DiceLimits:
    """The documented limits of dice and notation, checked before any work.

    Exceeding one raises [`LimitExceeded`][rollwerk.errors.LimitExceeded] naming the
    limit, the requested amount and the maximum; nothing is rolled or computed
    first.
    """

    __repr__ = value_repr

    max_dice: int = 1000
    """Dice in one expression (the sum of all dice counts)."""
    max_sides: int = 10_000
    """Sides of one die (and faces of a custom die)."""
    max_face: int = 1_000_000
    """Absolute value of a face of a custom die and of comparison targets."""
    max_length: int = 1000
    """Characters in one notation."""
    max_depth: int = 50
    """Nesting depth of parentheses."""
    max_draws: int = 100_000
    """Dice drawn by one roll in the worst case (rerolls and explosions
    included)."""
    reroll_cap: int = 100
    """Rerolls of one die with ``r`` (reroll until): after that many rerolls
    the last face stands even if it matches."""
    explosion_cap: int = 20
    """Extra dice one die may add by exploding: the last extra die does not
    explode further."""
    max_work: int = 4_000_000
    """Estimated steps of an exact distribution (see the notation docs)."""


DICE_LIMITS = DiceLimits()
"""The limits in force (an instance of [`DiceLimits`][rollwerk.dice.DiceLimits])."""


def check_work(work: int) -> None:
    """Refuse an exact computation whose estimated size exceeds the limit."""
    if work > DICE_LIMITS.max_work:
        raise LimitExceeded("exact computation size", work, DICE_LIMITS.max_work)


# -- result tree -------------------------------------------------------------------
