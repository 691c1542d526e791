"""Terms of a sum are alike by what they are, not by the text they show.

The exact odds of a sum take n terms alike as one distribution to the n-th
power. They were grouped by text, and a term the parser rewrote keeps the
text it was written as: avrae's ``1d2/2 + 1d2/3`` is ``3*1d2 + 2*1d2``
over 6, both scaled terms showing ``1d2``, so the odds were those of
``3*1d2 + 3*1d2`` (found by the dialect family brute force under a new
hypothesis seed).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from rollwerk.notation import parse


def _brute_force(text: str, dialect: str, sides: list[int]) -> dict[int, Fraction]:
    """Every face combination replayed: the odds the rolls give."""
    expr = parse(text, dialect=dialect)
    odds: dict[int, Fraction] = {}
    share = Fraction(1, math.prod(sides))
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        total = expr.replay(list(faces)).total
        odds[total] = odds.get(total, 0) + share
    return odds


@pytest.mark.parametrize(
    ("text", "sides"),
    [
        ("1d2/2 + 1d2/3", [2, 2]),
        ("1d4/2 + 1d4/3", [4, 4]),
        ("1d4/3 + 1d4/2 - 1d4/6", [4, 4, 4]),
        ("1d3*2/4 + 1d3/2", [3, 3]),
    ],
)
def test_scaled_terms_showing_the_same_dice_are_not_one_power(
    text: str, sides: list[int]
) -> None:
    assert dict(parse(text, dialect="avrae").distribution().items()) == (
        _brute_force(text, "avrae", sides)
    )


def test_the_first_find_exactly() -> None:
    assert dict(parse("1d2/2 + 1d2/3", dialect="avrae").distribution().items()) == {
        0: Fraction(1, 4),
        1: Fraction(3, 4),
    }


def test_dice_written_alike_are_still_one_power() -> None:
    """250 terms ``3d4`` took 7 s one product after another; as a power, ms."""
    many = parse("+".join(["3d4"] * 250)).distribution()
    assert many == parse("750d4").distribution()
