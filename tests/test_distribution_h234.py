"""Findings of h234 (an analyst comparing with icepool): the statistics API.

Check outcomes compare with every operator, so a check's distribution takes
``cdf``, ``maximum`` and ``minimum``; equal distributions are of the same
outcome kinds (``True`` is not ``1``); ``stdev`` of a tiny variance;
``repeat_sum(1)`` of bools; ``cdf`` of a NaN.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from rollwerk import Distribution, ParameterError, build_check
from rollwerk.checks import Degree, Outcome
from rollwerk.testing.examples import ToyRuleset

D6 = Distribution.uniform(range(1, 7))


def toy_outcomes() -> Distribution[Outcome]:
    return build_check(ToyRuleset(), skill=4).outcomes()


def test_outcomes_compare_with_every_operator() -> None:
    low = Outcome(False, Degree.FAILURE, 5)
    high = Outcome(True, Degree.SUCCESS, 2)
    assert (low < high, low <= high, low > high, low >= high) == (
        True,
        True,
        False,
        False,
    )
    same = Outcome(False, Degree.FAILURE, 5)
    assert (low <= same, low >= same, low < same, low > same) == (
        True,
        True,
        False,
        False,
    )


def test_no_value_ranks_below_the_least_value_and_does_not_tie_it() -> None:
    none = Outcome(False, Degree.FAILURE, None)
    least = Outcome(False, Degree.FAILURE, -(2**63))
    assert none < least
    assert not none >= least


def test_outcomes_refuse_to_compare_with_other_types() -> None:
    with pytest.raises(TypeError):
        _ = Outcome(True, Degree.SUCCESS, 1) <= 1  # type: ignore[operator]


def test_a_checks_distribution_takes_cdf_maximum_and_minimum() -> None:
    dist = toy_outcomes()
    success = dist.probability(lambda o: o.success)
    assert success == Fraction(2, 3)
    best = dist.maximum(dist)
    worst = dist.minimum(dist)
    assert best.probability(lambda o: o.success) == Fraction(8, 9)
    assert worst.probability(lambda o: o.success) == Fraction(4, 9)
    top = max(dist.support)
    assert dist.cdf(top) == 1
    below = sorted(dist.support)
    for i, outcome in enumerate(below):
        expected = sum((dist[o] for o in below[: i + 1]), Fraction(0))
        assert dist.cdf(outcome) == expected


def test_equal_distributions_are_of_the_same_kinds_of_outcomes() -> None:
    coin = Distribution.uniform([0, 1])
    bools = D6.map(lambda n: n >= 4)
    assert coin != bools
    assert coin == D6.map(lambda n: int(n >= 4))
    assert Distribution.uniform([False, True]) == bools
    assert Distribution.constant(2) != Distribution.constant(2.0)
    assert Distribution.constant(2) == Distribution.constant(Fraction(2))
    assert Distribution.constant((1, True)) != Distribution.constant((1, 1))
    assert Distribution.constant((1, 2)) == Distribution.constant((1, 2))
    # equal ones write equal documents
    assert json.dumps(coin.to_json()) != json.dumps(bools.to_json())
    for a, b in [(coin, D6.map(lambda n: int(n >= 4))), (bools, bools.map(bool))]:
        assert a == b
        assert json.dumps(a.to_json()) == json.dumps(b.to_json())
        assert hash(a) == hash(b)


def test_stdev_of_a_variance_below_a_floats_range() -> None:
    tiny = Distribution.uniform([Fraction(1, 10**200), 0])
    assert tiny.variance() == Fraction(1, 4 * 10**400)
    assert tiny.stdev() == 5e-201
    assert Distribution.uniform([Fraction(1, 10**160), 0]).stdev() == 5e-161
    assert Distribution.uniform([Fraction(1, 10**320), 0]).stdev() == 5e-321
    assert Distribution.uniform([Fraction(1, 10**400), 0]).stdev() == 0.0
    assert Distribution.uniform([10**200, 0]).stdev() == 5e199
    assert Distribution.uniform([10**400, 0]).stdev() == math.inf
    assert Distribution.constant(3).stdev() == 0.0


def test_repeat_sum_of_one_bool_is_a_count() -> None:
    hits = D6.map(lambda n: n >= 5)
    one = hits.repeat_sum(1)
    assert one == Distribution.from_weights({0: 2, 1: 1})
    assert one.mean() == Fraction(1, 3)
    assert hits.repeat_sum(2) == Distribution.from_weights({0: 4, 1: 4, 2: 1})
    pairs = Distribution.uniform([(True, 1), (False, 0)]).repeat_sum(1)
    assert pairs == Distribution.uniform([(1, 1), (0, 0)])
    floats = Distribution.uniform([1.5, 2.0])
    assert floats.repeat_sum(1) == floats


def test_cdf_refuses_nan() -> None:
    with pytest.raises(ParameterError) as info:
        D6.cdf(math.nan)
    assert str(info.value) == (
        "outcome must be a value that compares with the outcomes, not NaN, got nan"
    )
