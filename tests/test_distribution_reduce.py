"""Reading huge exact distributions: probabilities reduced by small primes.

A held-out bot author found ``list(parse("500d6r1").distribution().items())``
taking 45 s: each of 2 501 probabilities was a ``gcd`` of two numbers of
39 000 digits. The denominator is 2**a * 3**b, so each weight is now divided
by the powers of 2 and 3 it shares with it. These tests compare that with
``Fraction`` exactly (numerator, denominator and hash).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rollwerk.distribution import (
    _MAX_VALUATION,
    _REDUCE_BITS,
    Distribution,
    _coprime,
    _factored,
    _reducer,
)
from rollwerk.notation import parse


def _same(got: Fraction, want: Fraction) -> None:
    assert (got.numerator, got.denominator) == (want.numerator, want.denominator)
    assert got == want
    assert hash(got) == hash(want)


def test_coprime_integers_make_the_fraction_fraction_makes() -> None:
    _same(_coprime(3, 4), Fraction(3, 4))
    _same(_coprime(-7, 10**50 + 1), Fraction(-7, 10**50 + 1))
    _same(_coprime(0, 1), Fraction(0))


def test_a_total_is_factored_by_small_primes_or_not_at_all() -> None:
    assert _factored(6**5000) == [(2, 5000), (3, 5000)]
    assert _factored(2**3 * 5**700 * 47) == [(2, 3), (5, 700), (47, 1)]
    assert _factored(3 * 53) is None  # 53 is no small prime
    assert _factored(1) is None


@given(
    a=st.integers(0, 9000),
    b=st.integers(0, 9000),
    c=st.integers(0, 40),
    weights=st.lists(
        st.tuples(
            st.integers(1, 2**200),
            st.integers(0, 3 * _MAX_VALUATION),
            st.integers(0, 3 * _MAX_VALUATION),
        ),
        min_size=1,
        max_size=8,
    ),
)
def test_reduced_probabilities_equal_fractions(
    a: int, b: int, c: int, weights: list[tuple[int, int, int]]
) -> None:
    total = 2**a * 3**b * 7**c
    fraction = _reducer(total)
    for base, twos, threes in weights:
        w = base * 2**twos * 3**threes % total or total
        _same(fraction(w), Fraction(w, total))
    _same(fraction(0), Fraction(0))


def test_a_total_of_a_large_prime_is_left_to_fraction() -> None:
    total = (2**_REDUCE_BITS) * 1_000_003  # a prime beyond the small ones
    fraction = _reducer(total)
    _same(fraction(12345), Fraction(12345, total))


def test_items_of_a_huge_reroll_distribution_are_exact() -> None:
    dist = parse("60d6r1").distribution()
    assert dist.denominator.bit_length() >= _REDUCE_BITS
    weights = dist.weights()
    items = dict(dist.items())
    assert set(items) == set(weights)
    for outcome, probability in items.items():
        _same(probability, Fraction(weights[outcome], dist.denominator))
    assert sum(items.values()) == 1
    # to_json writes each shared denominator once and reads back the same
    assert Distribution.from_json(dist.to_json()) == dist
