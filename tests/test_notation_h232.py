"""Found by a grammar-based fuzzer (h232): slow paths and limits not enforced.

- ``cs…df`` in the foundry dialect took seconds to parse on a die of 10 000
  sides (``min`` of the hit faces recomputed per face);
- counting successes on dice that reroll and explode divided the weights
  of every success count by a common factor after the binomial
  (``370d20>=11!r1``: 10 s, over the one to two seconds the work limit
  stands for); the factor is taken out before;
- ``adv``/``dis`` added a die past the dice-count limit with a
  ``ParameterError``;
- a Foundry explosion limit above the cap was a ``ParameterError``;
- a part of an expression could be beyond ±10**18 when the whole was not.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from rollwerk import parse
from rollwerk.errors import LimitExceeded, NotationError


@pytest.mark.parametrize(
    ("text", "one", "target", "n"),
    [
        ("5d20>=11!r1", "1d20!r1", 11, 5),
        ("7d6>=5!r<2", "1d6!r<2", 5, 7),
        ("4d100>=50!r1", "1d100!r1", 50, 4),
        ("6d10>=8ro1!", "1d10ro1!", 8, 6),
    ],
)
def test_counting_successes_is_the_binomial_of_one_die(
    text: str, one: str, target: int, n: int
) -> None:
    p = parse(one).distribution().probability(lambda v: v >= target)
    dist = parse(text).distribution()
    assert dict(dist.items()) == {
        k: Fraction(math.comb(n, k)) * p**k * (1 - p) ** (n - k) for k in range(n + 1)
    }


def test_the_weights_are_in_lowest_terms() -> None:
    dist = parse("20d20>=11!r1").distribution()
    assert sum(p for _, p in dist.items()) == 1
    assert (
        dist[20] == parse("1d20!r1").distribution().probability(lambda v: v >= 11) ** 20
    )


def test_adv_and_dis_count_their_die_against_the_limit() -> None:
    with pytest.raises(LimitExceeded) as info:
        parse("1000d6dis")
    assert str(info.value) == (
        "dice count limit exceeded: 1001 is more than the maximum of 1000 (by 1)"
    )
    with pytest.raises(LimitExceeded):
        parse("999d6adv+1d6")
    assert parse("999d6adv").value_range == (999, 5994)  # 999 of 1000 dice kept


@pytest.mark.parametrize("limit", [0, 21, 99])
def test_a_foundry_explosion_limit_is_from_one_to_the_cap(limit: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(f"1d6x{limit}>=5", "foundry")
    assert str(info.value).splitlines()[0] == (
        f"the most explosions must be from 1 to 20 (the explosion cap), got {limit} "
        "at column 4"
    )
    assert parse("1d6x20>=5", "foundry").value_range[1] > 6


def test_foundry_cs_then_df_on_a_large_die_is_read() -> None:
    expr = parse("1d10000cs>9999df", "foundry")
    assert dict(expr.distribution().items()) == {
        -1: Fraction(9999, 10000),
        1: Fraction(1, 10000),
    }


def test_keeping_one_die_of_wide_weights_is_charged_as_it_costs() -> None:
    """h229: 1000d80!kh1 (2.5 M units) took 9-25 s, 400d1000r1kh1 13 s."""
    for text in ["1000d80!kh1", "400d1000r1kh1", "200d1000r1kh1"]:
        expr = parse(text)
        assert expr.work > 4_000_000
        with pytest.raises(LimitExceeded):
            expr.distribution()
    assert parse("1000d6kh1").work == 306  # narrow weights: as before
    assert parse("100d1000r1kh1").work == 3_573_000  # 0.8 s: still computed


@pytest.mark.parametrize(
    ("dialect", "low"),
    [("roll20", (-2, 0)), ("foundry", (-2, 0)), ("rollwerk", (-1, 1))],
)
def test_r_minus_one(dialect: str, low: tuple[int, int]) -> None:
    """h229: in roll20 and foundry a bare r rerolls the lowest face, so
    ``r-1`` subtracts 1; rollwerk's r needs its point and rerolls -1."""
    assert parse("1dFr-1", dialect).value_range == low
    if dialect == "foundry":
        assert parse("1dFr-1", dialect).distribution()[-2] == Fraction(1, 9)
