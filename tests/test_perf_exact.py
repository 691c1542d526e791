"""Issue 19: exact at scale: the fast kernels against slow references.

Miller's recurrence for powers and the packed keep/drop programme are
checked against repeated squaring, naive convolution, the dictionary
programme they replaced and brute-force enumeration. Nothing is timed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import parse
from rollwerk._poly import (
    _miller,
    _power,
    _squaring,
    power_cost,
    product_cost,
)
from rollwerk.dice._exact import (
    _keep_dp,
    _keep_packed,
)


def naive_power(base: list[int], n: int) -> list[int]:
    out = [1]
    for _ in range(n):
        nxt = [0] * (len(out) + len(base) - 1)
        for i, x in enumerate(out):
            for j, y in enumerate(base):
                nxt[i + j] += x * y
        out = nxt
    return out


def dict_keep_dp(
    single: dict[int, int],
    n: int,
    k: int,
    highest: bool,
    g: Callable[[int], int] | None,
) -> dict[int, int]:
    """The keep/drop programme of issue 11, one dictionary entry at a time."""
    values = sorted(single, reverse=highest)
    below = sum(single.values())
    states: dict[int, dict[int, int]] = {0: {0: 1}}
    final: dict[int, int] = {}
    for v in values:
        w = single[v]
        below -= w
        gv = v if g is None else g(v)
        new: dict[int, dict[int, int]] = {}
        for c, poly in states.items():
            left = n - c
            wj = 1
            comb = 1
            for j in range(left + 1):
                coef = comb * wj
                wj *= w
                comb = comb * (left - j) // (j + 1)
                c2 = c + j
                add = gv * min(j, k - c)
                if c2 >= k:
                    rest = below ** (n - c2)
                    if not rest:
                        continue
                    coef *= rest
                    target = final
                else:
                    if c2 == c and not below:
                        continue
                    target = new.setdefault(c2, {})
                for s, pw in poly.items():
                    target[s + add] = target.get(s + add, 0) + pw * coef
        states = new
    return {s: w for s, w in final.items() if w}


@settings(max_examples=150)
@given(
    base=st.lists(st.integers(0, 10**6), min_size=1, max_size=8).filter(
        lambda b: b[0] != 0
    ),
    n=st.integers(1, 40),
)
def test_perf_miller_recurrence_equals_naive_power(base: list[int], n: int) -> None:
    """Miller's recurrence (palindromic or not, zeros inside) is exact."""
    assert _miller(base, n) == naive_power(base, n)


@settings(max_examples=150)
@given(
    base=st.lists(st.sampled_from([0, 1, 2, 7, 10**40]), min_size=1, max_size=14).map(
        lambda b: [3, *b]
    ),
    n=st.integers(1, 40),
)
def test_perf_miller_runs_of_equal_weights_equal_naive_power(
    base: list[int], n: int
) -> None:
    """Runs of equal weights (a rerolled die's faces) slide one window each."""
    assert _miller(base, n) == naive_power(base, n)


def test_perf_miller_rerolled_d20_runs_as_one_window() -> None:
    """``d20r1``'s nineteen equal faces: the power's ends and total are exact."""
    base = [1] + [21] * 19
    q = _miller(base, 30)
    assert len(q) == 19 * 30 + 1
    assert sum(q) == 400**30
    assert q[:3] == [1, 30 * 21, 435 * 21**2 + 30 * 21]
    assert q[-1] == 21**30


@settings(max_examples=60)
@given(
    base=st.lists(st.integers(1, 30), min_size=2, max_size=12),
    n=st.integers(2, 60),
)
def test_perf_miller_equals_repeated_squaring(base: list[int], n: int) -> None:
    expected = _squaring(base, n, 0, 1)
    got = _miller(base, n)
    assert {i: v for i, v in enumerate(got) if v} == expected


def test_perf_1000d6_is_exact() -> None:
    """``1000d6``: symmetric about 3500, weights summing to 6**1000, exact ends."""
    dist = parse("1000d6").distribution()
    assert len(dist) == 5001
    assert dist.probability(1000) == Fraction(1, 6**1000)
    assert dist.probability(6000) == Fraction(1, 6**1000)
    assert dist.probability(1001) == Fraction(1000, 6**1000)
    assert dist.probability(3499) == dist.probability(3501)
    assert dist.mean() == 3500
    weights = dict.fromkeys(range(1, 7), 1)
    assert _power(weights, 1000) == {
        1000 + i: v for i, v in enumerate(_squaring([1] * 6, 1000, 0, 1).values())
    }


def test_perf_94d6r1_by_recurrence_equals_squaring() -> None:
    """``94d6r1``: 12 ms by the recurrence; the same weights as squaring (1.4 s)."""
    cap, s = 100, 6
    geo = sum(s ** (cap - t) for t in range(cap + 1))
    base = [1] + [geo] * 5  # the weights of one d6r1 over 6**101
    assert _miller(base, 94) == [
        v for _, v in sorted(_squaring(base, 94, 0, 1).items())
    ]
    dist = parse("94d6r1").distribution()
    assert dist.probability(94) == Fraction(1, 6 ** (101 * 94))
    assert sum(p for _, p in dist.items()) == 1


def test_perf_power_cost_takes_the_cheaper_algorithm() -> None:
    assert power_cost(5001, 6, 1000, 2600) < product_cost(5001, 2600)
    assert power_cost(2998, 1000, 3, 30) == product_cost(2998, 30)


@settings(max_examples=80)
@given(
    single=st.dictionaries(
        st.integers(-3, 9), st.integers(1, 7), min_size=1, max_size=5
    ),
    n=st.integers(2, 14),
    data=st.data(),
)
def test_perf_packed_keep_equals_dictionary_programme(
    single: dict[int, int], n: int, data: st.DataObject
) -> None:
    k = data.draw(st.integers(1, n))
    highest = data.draw(st.booleans())
    count = data.draw(st.booleans())

    def g(v: int) -> int:
        return int(v >= 2) - int(v <= 0)

    score = g if count else None
    expected = dict_keep_dp(single, n, k, highest, score)
    assert _keep_dp(single, n, k, highest, score) == expected
    if k > 1:  # each value on its own, none merged with a neighbour
        ranked = [
            (v if score is None else score(v), single[v])
            for v in sorted(single, reverse=highest)
        ]
        assert _keep_packed(ranked, n, k) == expected


@settings(max_examples=40)
@given(
    single=st.dictionaries(st.integers(1, 6), st.integers(1, 3), min_size=1),
    n=st.integers(2, 4),
    data=st.data(),
)
def test_perf_packed_keep_equals_enumeration(
    single: dict[int, int], n: int, data: st.DataObject
) -> None:
    k = data.draw(st.integers(2, n))
    expected: dict[int, int] = {}
    for combo in itertools.product(single, repeat=n):
        weight = 1
        for v in combo:
            weight *= single[v]
        key = sum(sorted(combo, reverse=True)[:k])
        expected[key] = expected.get(key, 0) + weight
    ranked = [(v, single[v]) for v in sorted(single, reverse=True)]
    assert _keep_packed(ranked, n, k) == expected


def test_perf_100d6kh50_equals_dictionary_programme() -> None:
    single = dict.fromkeys(range(1, 7), 1)
    expected = dict_keep_dp(single, 100, 50, True, None)
    dist = parse("100d6kh50").distribution()
    assert dist == parse("100d6kh50").distribution()
    total = 6**100
    assert dict(dist.items()) == {
        v: Fraction(w, total) for v, w in sorted(expected.items())
    }
