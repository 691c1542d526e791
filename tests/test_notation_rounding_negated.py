"""A negated division beside another one inside floor/ceil/round rounds down.

notation.md (Rounding): the function takes the one division that is its
argument or one term of it; with two divisions it takes none, and each
``/`` rounds down as written, ``-(7/2)`` to -3. The negated one was
rewritten as ``7/(-2)`` (the form the function takes) even when no
function took it, so it rounded to -4 (from a held-out statistician).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from rollwerk.notation import parse


@pytest.mark.parametrize(
    ("text", "dialect", "value"),
    [
        ("ceil(-(7/2)+7/2)", "rollwerk", 0),  # -3 + 3
        ("floor(-(7/2)-(7/2))", "rollwerk", -6),
        ("ceil(-(7/2)+4/2)", "rollwerk", -1),
        ("floor(-(7/2)+1/2)", "rollwerk", -3),
        ("ceil(-(8/(-3)) + 0/3)", "rollwerk", 3),
        ("3*round(0/(-3)+(-(1W3/4)))", "german", 0),
        # one division: the function's, exact (unchanged)
        ("floor(-(7/2))", "rollwerk", -4),
        ("floor(1-(7/2))", "rollwerk", -3),
        ("ceil(1-7/2)", "rollwerk", -2),
    ],
)
def test_the_value(text: str, dialect: str, value: int) -> None:
    assert (
        parse(text, dialect=dialect).distribution() == parse(str(value)).distribution()
    )


def test_dice_against_the_documented_rounding() -> None:
    """``ceil(-(1d6/2)+1d6/2)``: no division is the function's; each rounds down."""
    odds: dict[int, Fraction] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        total = math.ceil(-(a // 2) + b // 2)
        odds[total] = odds.get(total, Fraction(0)) + Fraction(1, 36)
    expr = parse("ceil(-(1d6/2)+1d6/2)")
    assert dict(expr.distribution().items()) == odds
    assert expr.replay([5, 2]).total == -1  # -(2) + 1
