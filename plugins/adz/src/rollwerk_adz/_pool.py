"""The d6 success pool: counting 5s and 6s, exact binomial odds (ADZ-R03, R07-R09)."""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable
from fractions import Fraction

from rollwerk import Distribution, LimitExceeded, ParameterError
from rollwerk.i18n import Text
from rollwerk_adz._catalog import CATALOG

__all__ = [
    "MAX_DICE",
    "CheckKind",
    "count_successes",
    "success_chance",
    "successes",
    "supporting_dice",
]

MAX_DICE = 1000
"""The most dice one pool may roll; larger pools raise `LimitExceeded` at once."""

SIDES = 6
"""AdZ rolls six-sided dice (W6)."""

SUCCESS_FACE = 5
"""A die showing this face or higher is a success."""


class CheckKind(enum.Enum):
    """The three kinds of check (*Probenart*, ADZ-R04)."""

    SKILL = "skill"
    """A skill check (*Fertigkeitsprobe*)."""
    SPELL = "spell"
    """A spell check (*Zauberprobe*): domain + technique."""
    ATTRIBUTE = "attribute"
    """An attribute check (*Attributsprobe*); never receives supporting dice."""

    @property
    def label(self) -> Text:
        """The name of the kind of check (``label("de")``: *Fertigkeitsprobe*…)."""
        return CATALOG.text(f"adz.kind.{self.value}")


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        allowed = (
            f"an integer from {low} to {high}"
            if high is not None
            else f"an integer >= {low}"
        )
        raise ParameterError(name, value, allowed)
    if value < low or (high is not None and value > high):
        allowed = (
            f"an integer from {low} to {high}"
            if high is not None
            else f"an integer >= {low}"
        )
        raise ParameterError(name, value, allowed)
    return value


def count_successes(faces: Iterable[int]) -> int:
    """The number of dice showing 5 or 6 (ADZ-R03).

    >>> count_successes([5, 6, 1, 3])
    2

    Raises:
        ParameterError: ``faces`` is not an iterable of d6 faces (1 to 6).
    """
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Iterable):
        raise ParameterError("faces", faces, "d6 faces: integers from 1 to 6")
    faces = tuple(faces)
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ParameterError("faces", list(faces), "d6 faces: integers from 1 to 6")
    return _count(faces)


def _count(faces: Iterable[int]) -> int:
    """`count_successes` of faces known to be d6 faces (the check's own dice)."""
    return sum(1 for face in faces if face >= SUCCESS_FACE)


def supporting_dice(points: int) -> int:
    """Bonus dice from one supporting skill or domain: ``ceil(points / 3)`` (ADZ-R09).

    >>> tuple(supporting_dice(p) for p in (0, 1, 3, 4, 7, 10))
    (0, 1, 1, 2, 3, 4)
    """
    _check_int("supporting points", points, 0, 10)
    return -(-points // 3)


def _pool_size(name: str, n: int) -> int:
    """A number of dice rolled: 0 to ``MAX_DICE`` (more is `LimitExceeded`).

    A pool below 0 after penalties rolls no die (ADZ-A02), but a number of
    dice to roll is never negative: the caller passes ``max(pool, 0)``.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ParameterError(name, n, f"a number of dice from 0 to {MAX_DICE}")
    if n > MAX_DICE:
        raise LimitExceeded("dice count", n, MAX_DICE)
    return n


def success_weights(n: int) -> list[int]:
    """Integer weights of 0..n successes over the denominator ``3**n``.

    The closed form of the binomial distribution with p = 1/3:
    ``C(n, k) * 2**(n - k)``. A pool of 0 gives ``[1]`` (ADZ-A02).

    >>> success_weights(3)
    [8, 12, 6, 1]

    Raises:
        ParameterError: ``n`` is not a number of dice from 0 to ``MAX_DICE``.
    """
    n = _pool_size("n", n)
    return [math.comb(n, k) << (n - k) for k in range(n + 1)]


def successes(n: int) -> Distribution[int]:
    """The exact distribution of the number of successes of ``n`` dice.

    >>> successes(2)
    Distribution({0: 4/9, 1: 4/9, 2: 1/9})

    A pool of 0 gives 0 successes (ADZ-A02); a negative ``n`` is refused.

    Raises:
        ParameterError: ``n`` is not a number of dice from 0 to ``MAX_DICE``.
    """
    return Distribution.from_weights(dict(enumerate(success_weights(n))))


def success_chance(
    pool: int, threshold: int, *, allow_impossible: bool = False
) -> Fraction:
    """The exact chance that ``pool`` dice reach ``threshold`` successes.

    A threshold above the pool is impossible (chance 0) unless
    ``allow_impossible``; then every die must succeed and an empty pool
    fails (ADZ-R07, R08, A04).

    >>> success_chance(5, 2)
    Fraction(131, 243)
    >>> success_chance(2, 3), success_chance(2, 3, allow_impossible=True)
    (Fraction(0, 1), Fraction(1, 9))

    Raises:
        ParameterError: ``pool`` is not a number of dice from 0 to
            ``MAX_DICE``, or ``threshold`` is below 1.
    """
    _check_int("threshold", threshold, 1)
    n = _pool_size("pool", pool)
    if threshold > n:
        if not allow_impossible or n == 0:
            return Fraction(0)
        return Fraction(1, 3**n)
    weights = success_weights(n)
    return Fraction(sum(weights[threshold:]), 3**n)
