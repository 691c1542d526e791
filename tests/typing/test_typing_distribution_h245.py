"""Typed arithmetic and statistics of distributions, checked by ``mypy --strict``.

The functions are not named ``test_*``, so pytest collects nothing here;
``tests/test_distribution_kinds_h245.py`` runs the same calls and checks
the outcomes they give. Each ``# type: ignore[code]`` is an error mypy
must report: ``warn_unused_ignores`` (on under ``--strict``) fails the
run if it does not.
"""

from __future__ import annotations

from fractions import Fraction

from typing_extensions import assert_type

from rollwerk import Distribution


def check_counts_keep_their_type() -> None:
    """Tuples of counts add, subtract and negate element by element."""
    one: Distribution[tuple[int, int]] = Distribution.uniform([(0, 1), (1, 0)])
    assert_type(one + one, Distribution[tuple[int, int]])
    assert_type(one - one, Distribution[tuple[int, int]])
    assert_type(-one, Distribution[tuple[int, int]])
    assert_type(one.repeat_sum(2), Distribution[tuple[int, int]])


def check_bools_count() -> None:
    """A sum of bools is an int (``True + True`` is 2), as ``repeat_sum``'s."""
    hits: Distribution[bool] = Distribution.uniform([True, False])
    d6: Distribution[int] = Distribution.uniform(range(1, 7))
    assert_type(hits + hits, Distribution[int])
    assert_type(hits - hits, Distribution[int])
    assert_type(hits + d6, Distribution[int])
    assert_type(d6 + hits, Distribution[int])
    assert_type(d6 - hits, Distribution[int])
    assert_type(hits + 1, Distribution[int])
    assert_type(1 + hits, Distribution[int])
    assert_type(1 - hits, Distribution[int])
    assert_type(-hits, Distribution[int])
    assert_type(hits.repeat_sum(3), Distribution[int])


def check_statistics_take_numbers() -> None:
    """``mean``, ``variance`` and ``stdev`` take ints and Fractions only."""
    d6: Distribution[int] = Distribution.uniform(range(1, 7))
    halves: Distribution[Fraction] = d6 * Fraction(1, 2)
    both: Distribution[int | Fraction] = Distribution.uniform([1, Fraction(1, 2)])
    assert_type(d6.mean(), Fraction)
    assert_type(halves.variance(), Fraction)
    assert_type(both.stdev(), float)
    assert_type((d6 + d6).mean(), Fraction)
    words: Distribution[str] = Distribution.uniform(["hit", "miss"])
    words.mean()  # type: ignore[misc]
    words.variance()  # type: ignore[misc]
    words.stdev()  # type: ignore[misc]
    hits: Distribution[bool] = Distribution.uniform([True, False])
    hits.mean()  # type: ignore[misc]
    floats: Distribution[float] = Distribution.uniform([0.5, 1.5])
    floats.mean()  # type: ignore[misc]
    assert_type(hits.map(int).mean(), Fraction)
