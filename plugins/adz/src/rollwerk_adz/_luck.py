"""The luck pool (*Glückspool*, ADZ-R11, A08)."""

from __future__ import annotations

import enum

import attrs

from rollwerk import ParameterError, RulesError

__all__ = ["LuckPolicy", "LuckPool"]


class LuckPolicy(enum.Enum):
    """When a player spends the luck pool on a check, for exact odds.

    Luck is spent after the dice are seen (ADZ-R11), so a policy may depend
    on the roll. ``ON_FAILURE`` is the natural one: it never lowers the chance
    of success.
    """

    NEVER = "never"
    """Never spend the pool."""
    ON_FAILURE = "on_failure"
    """Spend the pool when the roll alone would fail."""
    ALWAYS = "always"
    """Always spend the pool (e.g. to get more successes in an opposed check)."""


@attrs.frozen
class LuckPool:
    """A character's luck pool: spending it adds as many dice as it holds.

    >>> pool = LuckPool(3)
    >>> dice, pool = pool.spend()
    >>> dice, pool.value
    (3, 2)
    >>> pool.refill(4).value
    4
    """

    value: int = attrs.field()
    """The current size of the pool (starts at the luck attribute GL)."""

    @value.validator
    def _check(self, _attribute: object, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ParameterError("luck pool", value, "an integer >= 0")

    @property
    def can_spend(self) -> bool:
        """Whether the pool holds at least one die (a pool of 0 cannot be spent)."""
        return self.value > 0

    def spend(self) -> tuple[int, LuckPool]:
        """Spend the pool once: the number of extra dice and the lowered pool.

        Raises:
            RulesError: The pool is empty (ADZ-A08).
        """
        if not self.value:
            raise RulesError("luck pool must hold at least 1 to be spent, got 0")
        return self.value, LuckPool(self.value - 1)

    def refill(self, luck: int) -> LuckPool:
        """Refill the pool to the current luck attribute (the GM decides when)."""
        if isinstance(luck, bool) or not isinstance(luck, int) or not 1 <= luck <= 10:
            raise ParameterError("luck", luck, "an integer from 1 to 10")
        return LuckPool(luck)
