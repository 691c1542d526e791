"""Typed usage of the dice API, checked by ``mypy --strict`` (never run as tests).

The functions are not named ``test_*``, so pytest collects nothing here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from typing_extensions import assert_type

import rollwerk
from rollwerk import Distribution, Expression, RollResult, ScriptedRng, SeededRng
from rollwerk.dice import DieRoll
from rollwerk.notation import RollNode


def check_parse_and_roll() -> None:
    expr = rollwerk.parse("4d6kh3+2")
    assert_type(expr, Expression)
    result = expr.roll(SeededRng(1))
    assert_type(result, RollResult)
    assert_type(result.total, int)
    assert_type(result.rolls, tuple[DieRoll, ...])
    assert_type(result.dice, tuple[DieRoll, ...])
    assert_type(result.tree, RollNode)
    assert_type(result.explain("de"), str)
    assert_type(RollResult.from_json(result.to_json()), RollResult)
    assert_type(rollwerk.roll("2W6+3", ScriptedRng([1, 2])), RollResult)


def check_distributions() -> None:
    dist = rollwerk.parse("3d6").distribution()
    assert_type(dist, Distribution[int])
    assert_type(dist[10], Fraction)
    assert_type(dist.mean(), Fraction)
    assert_type(rollwerk.Die(6).distribution(), Distribution[int])
    pool = rollwerk.Pool(
        4,
        rollwerk.Die(6),
        keep=rollwerk.dice.Keep(rollwerk.dice.KeepKind.KEEP_HIGHEST, 3),
    )
    assert_type(pool.distribution(), Distribution[int])
    # integer arithmetic keeps integers (a held-out typed author found Any)
    assert_type(dist.repeat_sum(3), Distribution[int])
    assert_type(dist - dist, Distribution[int])
    assert_type(dist - 1, Distribution[int])
    assert_type(-dist, Distribution[int])
    assert_type(dist + dist, Distribution[int])
    assert_type(1 + dist, Distribution[int])
    assert_type(10 - dist, Distribution[int])
    assert_type(dist + Fraction(1, 2), Distribution[Fraction])
    assert_type(dist - 0.5, Distribution[Any])
    assert_type(dist * 2, Distribution[int])
    assert_type(2 * dist, Distribution[int])
    assert_type(dist * dist, Distribution[int])
    assert_type(dist * Fraction(1, 2), Distribution[Fraction])
    scalars = Distribution.from_json(dist.to_json())
    assert_type(scalars, "Distribution[int | float | str | bool | None]")
    assert_type(Distribution.from_json(dist.to_json(), int), Distribution[int])
    assert_type(dist.to_json()["outcomes"], Any)
    assert_type(pool.notation(), str)
    assert_type(rollwerk.Die.fudge().roll(SeededRng(2)), int)
    assert_type(rollwerk.dice.DICE_LIMITS.max_dice, int)


def check_fraction_arithmetic() -> None:
    """helper-169: arithmetic with a Fraction was ``Distribution[Any]``."""
    d6 = Distribution.uniform(range(1, 7))
    half = Fraction(1, 2)
    assert_type(d6 + 1, Distribution[int])
    assert_type(d6 + half, Distribution[Fraction])
    assert_type(d6 - half, Distribution[Fraction])
    assert_type(d6 * half, Distribution[Fraction])
    assert_type(half + d6, Distribution[Fraction])
    assert_type(half * d6, Distribution[Fraction])
    halves = d6 * half
    assert_type(halves + halves, Distribution[Fraction])
    assert_type(halves + d6, Distribution[Fraction])
    assert_type(d6 + halves, Distribution[Fraction])
    assert_type(halves - 1, Distribution[Fraction])
    assert_type(1 - halves, Distribution[Fraction])
    assert_type(-halves, Distribution[Fraction])
    assert_type(halves.repeat_sum(3), Distribution[Fraction])
    assert_type(halves.median(), Fraction)
    assert_type(Distribution.from_json(d6.to_json(), decode=int), Distribution[int])


def test_counts_of_symbols_keep_their_tuple_type() -> None:
    """A die's (hits, ones) summed over a pool stays a pair (found by h235)."""

    def read(hits: int, ones: int, dice: int) -> bool:
        return hits > dice // 2 and ones == 0

    one: Distribution[tuple[int, int]] = Distribution.uniform([(1, 0), (0, 1), (0, 0)])
    pool = one.repeat_sum(3)
    assert_type(pool, Distribution[tuple[int, int]])
    assert pool.map(lambda c: read(*c, 3))[True] == Fraction(4, 27)
