"""Issue 11: every fast path agrees with a slow reference implementation.

The benchmarks (``bench/compare.py``) time the fast paths; these tests pin
their results, never their speed:

- rolling a parsed expression (compiled closures, batched draws from a
  `SeededRng`) against the traced roll and against a plain `Rng` that draws
  one face at a time;
- exact distributions against brute force: every sequence of faces an `Rng`
  can produce is enumerated and the roll replayed on it;
- the polynomial helpers (Kronecker substitution, `decimal` products,
  repeated squaring, the binomial and keep/drop programmes) against naive
  convolution and enumeration;
- the CLI's quick plugin loading against importlib.metadata and the full
  registry.

The rulesets' own fast paths (the per-face memo of single-die checks, DS4's
closed-form odds) are tested in their plugins' tests: core tests import no
plugin.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rollwerk
import rollwerk.plugins._registry
from rollwerk import Rng, SeededRng
from rollwerk._poly import (
    _convolve,
    _kron,
    _kron_decimal,
    _power,
)
from rollwerk.dice._exact import (
    _binomial,
    _extreme_mixed,
    _keep_dp,
)

# -- references ------------------------------------------------------------------


class _NeedFace(BaseException):
    """Raised by `_PrefixRng` when the roll asks for a face past its prefix.

    A `BaseException`, so that no ``except Exception`` in the code under test
    can swallow it.
    """

    def __init__(self, sides: int) -> None:
        self.sides = sides


class _PrefixRng:
    """Plays back a prefix of faces, then asks the enumerator to branch."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix = prefix
        self.pos = 0

    def roll(self, sides: int) -> int:
        if self.pos == len(self.prefix):
            raise _NeedFace(sides)
        face = self.prefix[self.pos]
        self.pos += 1
        return face


def enumerate_rolls(run: Callable[[Rng], int]) -> dict[int, Fraction]:
    """The exact distribution of ``run`` over every face sequence an Rng can give.

    Depth first: a run that asks for one more face branches into one run per
    face, each with probability ``1/sides``. Brute force, for small cases only.
    """
    out: dict[int, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        try:
            value = run(_PrefixRng(prefix))
        except _NeedFace as need:
            q = p / need.sides
            stack.extend(((*prefix, f), q) for f in range(1, need.sides + 1))
            continue
        out[value] = out.get(value, Fraction(0)) + p
    return out


def naive_convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return {k: v for k, v in out.items() if v}


def naive_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


class _OneAtATime:
    """A plain Rng delegating to a SeededRng, so no fast path can see through it."""

    def __init__(self, seed: int) -> None:
        self._inner = SeededRng(seed)

    def roll(self, sides: int) -> int:
        return self._inner.roll(sides)


# -- notation strategies -----------------------------------------------------------


@st.composite
def small_pools(draw: st.DrawFn) -> str:
    """A dice term small enough to enumerate every face sequence."""
    sides = draw(st.sampled_from([2, 3, 4, 6]))
    explode = sides <= 4 and draw(st.booleans())
    reroll = draw(st.sampled_from(["", "", "ro1", "r1"]))
    if reroll == "r1":
        count = 1
        explode = False
    elif explode:
        count = draw(st.integers(1, 2))
    else:
        count = draw(st.integers(1, 3))
    text = f"{count}d{sides}{reroll}"
    if explode:
        text += "!"
    keep = draw(st.booleans())
    if keep:
        kind = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        text += f"{kind}{draw(st.integers(1, count))}"
    # After a bare "!", a comparison would be read as the explosion's condition.
    if (keep or not explode) and draw(st.booleans()):
        op = draw(st.sampled_from([">=", ">", "<=", "<", "="]))
        text += f"{op}{draw(st.integers(1, sides))}"
        if draw(st.booleans()):
            text += "f1"
    return text


@st.composite
def small_expressions(draw: st.DrawFn) -> str:
    """One or two small dice terms with an optional constant."""
    text = draw(small_pools())
    if draw(st.booleans()):
        other = draw(st.one_of(small_pools(), st.integers(0, 9).map(str)))
        text += draw(st.sampled_from(["+", "-"])) + other
    if draw(st.booleans()):
        text += f"*{draw(st.integers(1, 3))}"
    return text


def _small_enough(notation: str) -> bool:
    # Two exploding or rerolling terms make the enumeration tree too large.
    return sum(notation.count(c) for c in "!r") <= 1


# -- rolling -----------------------------------------------------------------------


@settings(max_examples=30)
@given(notation=small_expressions(), seed=st.integers(0, 2**32))
def test_perf_fast_roll_matches_traced_roll(notation: str, seed: int) -> None:
    """Issue 11: the compiled roll gives the traced roll's faces and total."""
    expr = rollwerk.parse(notation)
    fast = expr.roll(SeededRng(seed))
    traced = expr.trace(SeededRng(seed))
    assert fast.total == traced.value
    assert fast.tree == traced
    assert expr.replay(fast.faces) == fast


@settings(max_examples=40)
@given(
    notation=st.one_of(
        small_expressions(),
        st.sampled_from(
            ["10d6>=5", "100d6>=5", "4d6kh3", "1d20+5", "2d20kh1+5", "3d6+1d8"]
        ),
        st.builds(
            "{}d{}>={}".format,
            st.integers(1, 60),
            st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100, 1000]),
            st.integers(1, 12),
        ),
    ),
    seed=st.integers(0, 2**64),
    rolls=st.integers(1, 4),
)
def test_perf_seeded_rolls_match_one_draw_at_a_time(
    notation: str, seed: int, rolls: int
) -> None:
    """Issue 11: batched draws from a SeededRng equal drawing one face at a time.

    Faces, totals and the state left behind (the next draws) agree.
    """
    expr = rollwerk.parse(notation)
    fast_rng, slow_rng = SeededRng(seed), _OneAtATime(seed)
    for _ in range(rolls):
        fast, slow = expr.roll(fast_rng), expr.roll(slow_rng)
        assert fast.faces == slow.faces
        assert fast.total == slow.total
    assert [fast_rng.roll(6) for _ in range(5)] == [slow_rng.roll(6) for _ in range(5)]


# -- exact distributions against brute force ---------------------------------------


@settings(max_examples=30)
@given(notation=small_expressions().filter(_small_enough))
def test_perf_exact_distribution_equals_enumerated_rolls(notation: str) -> None:
    """Issue 11: ``distribution()`` equals the roll replayed on every face sequence."""
    expr = rollwerk.parse(notation)
    exact = dict(expr.distribution().items())
    assert enumerate_rolls(lambda rng: expr.roll(rng).total) == exact
    assert enumerate_rolls(lambda rng: expr.trace(rng).value) == exact


@pytest.mark.parametrize(
    "notation", ["4d6kh3", "2d20kh1+5", "3d6+1d8", "2d6!", "3d4>=3f1", "2d6dl1*2"]
)
def test_perf_benchmark_cases_equal_enumerated_rolls(notation: str) -> None:
    """Issue 11: the benchmark's small cases, by brute force."""
    expr = rollwerk.parse(notation)
    exact = dict(expr.distribution().items())
    assert enumerate_rolls(lambda rng: expr.roll(rng).total) == exact
    assert sum(exact.values()) == 1


# -- polynomial helpers ---------------------------------------------------------------

weights = st.dictionaries(
    st.integers(-30, 30), st.integers(1, 10**6), min_size=1, max_size=12
)
coefficients = st.lists(st.integers(0, 10**30), min_size=1, max_size=80).filter(any)


@given(a=weights, b=weights)
def test_perf_convolve_equals_naive(a: dict[int, int], b: dict[int, int]) -> None:
    """Issue 11: convolution (naive or Kronecker) equals the double loop."""
    assert _convolve(a, b) == naive_convolve(a, b)


@given(
    a=st.dictionaries(st.integers(0, 60), st.integers(1, 2**3000), min_size=1),
    b=st.dictionaries(st.integers(0, 60), st.integers(1, 2**40), min_size=1),
    stride=st.sampled_from([1, 7, 80]),
)
def test_convolve_of_wide_or_sparse_weights_equals_naive(
    a: dict[int, int], b: dict[int, int], stride: int
) -> None:
    """Pair by pair or packed, whichever the cost says, gives the double loop."""
    spread = {k * stride: v for k, v in b.items()}
    assert _convolve(a, spread) == naive_convolve(a, spread)
    assert _convolve(spread, a) == naive_convolve(a, spread)


@given(a=st.lists(st.integers(0, 10**6), min_size=51, max_size=120).filter(any))
def test_perf_large_convolve_uses_kronecker_and_is_exact(a: list[int]) -> None:
    """Issue 11: convolutions above the naive size go through big numbers."""
    wa = {i - 20: w for i, w in enumerate(a) if w}
    wb = {3 * i: w + 1 for i, w in enumerate(a)}
    assert len(wa) * len(wb) > 2500 or len(wa) < 51
    assert _convolve(wa, wb) == naive_convolve(wa, wb)


@given(a=coefficients, b=coefficients)
def test_perf_kronecker_product_equals_naive(a: list[int], b: list[int]) -> None:
    """Issue 11: Kronecker substitution multiplies polynomials exactly."""
    assert _kron(a, b) == naive_mul(a, b)
    assert _kron(a, None) == naive_mul(a, a)


@given(a=coefficients, b=coefficients)
def test_perf_decimal_product_equals_naive(a: list[int], b: list[int]) -> None:
    """Issue 11: the `decimal` (number-theoretic transform) product is exact."""

    def width(x: list[int], y: list[int]) -> int:
        bound = max(x) * max(y) * min(len(x), len(y))
        return bound.bit_length() * 30103 // 100000 + 2

    n = len(a) + len(b) - 1
    assert _kron_decimal(a, b, width(a, b), n) == naive_mul(a, b)
    assert _kron_decimal(a, None, width(a, a), 2 * len(a) - 1) == naive_mul(a, a)


@given(
    w=st.dictionaries(st.integers(-4, 6), st.integers(1, 50), min_size=1, max_size=5),
    stride=st.sampled_from([1, 2, 3]),
    n=st.integers(1, 7),
)
def test_perf_power_equals_repeated_convolution(
    w: dict[int, int], stride: int, n: int
) -> None:
    """Issue 11: repeated squaring (with a common stride) equals n convolutions."""
    w = {k * stride: v for k, v in w.items()}
    expected = dict(w)
    for _ in range(n - 1):
        expected = naive_convolve(expected, w)
    assert _power(w, n) == expected


@given(success=st.integers(0, 20), other=st.integers(0, 20), n=st.integers(1, 30))
def test_perf_binomial_equals_power(success: int, other: int, n: int) -> None:
    """Issue 11: success counting by the binomial law equals the n-fold sum."""
    base = {k: v for k, v in {1: success, 0: other}.items() if v}
    if not base:
        assert _binomial(success, other, n) == {}
        return
    assert _binomial(success, other, n) == _power(base, n)


@settings(max_examples=60)
@given(
    single=st.dictionaries(
        st.integers(-3, 8), st.integers(1, 5), min_size=1, max_size=4
    ),
    n=st.integers(1, 4),
    data=st.data(),
)
def test_perf_keep_programme_equals_enumeration(
    single: dict[int, int], n: int, data: st.DataObject
) -> None:
    """Issue 11: keep/drop by dynamic programming equals sorting every combination."""
    k = data.draw(st.integers(1, n))
    highest = data.draw(st.booleans())
    count = data.draw(st.booleans())

    def g(v: int) -> int:
        return int(v >= 2) - int(v <= 0)

    expected: dict[int, int] = {}
    for combo in itertools.product(single, repeat=n):
        weight = 1
        for v in combo:
            weight *= single[v]
        ordered = sorted(combo, reverse=highest)[:k]
        key = sum(g(v) for v in ordered) if count else sum(ordered)
        expected[key] = expected.get(key, 0) + weight
    got = _keep_dp(single, n, k, highest, g if count else None)
    assert got == {key: w for key, w in expected.items() if w}


@settings(max_examples=60)
@given(
    parts=st.lists(
        st.dictionaries(st.integers(-3, 8), st.integers(1, 5), min_size=1, max_size=4),
        min_size=2,
        max_size=4,
    ),
    highest=st.booleans(),
    count=st.booleans(),
)
def test_highest_of_a_group_by_running_sums_equals_enumeration(
    parts: list[dict[int, int]], highest: bool, count: bool
) -> None:
    """``{a, b, c}kh1``, ``max(a, b)``: the product of running sums equals
    picking the highest (lowest) of every combination of the values."""

    def g(v: int) -> int:
        return int(v >= 2) - int(v <= 0)

    expected: dict[int, int] = {}
    for combo in itertools.product(*parts):
        weight = 1
        for part, v in zip(parts, combo, strict=True):
            weight *= part[v]
        best = max(combo) if highest else min(combo)
        key = g(best) if count else best
        expected[key] = expected.get(key, 0) + weight
    got = _extreme_mixed(parts, highest, g if count else None)
    assert got == {key: w for key, w in expected.items() if w}


def test_the_highest_of_large_terms_is_exact_and_not_refused() -> None:
    """``max(300d6, 300d6)`` was refused (13 572 084 steps of the keep
    programme); by running sums it is one pass over 1 501 totals."""
    single = rollwerk.parse("300d6").distribution()
    both = single.maximum(single)
    assert rollwerk.parse("max(300d6, 300d6)").distribution() == both
    assert rollwerk.parse("{300d6, 300d6}kh1").distribution() == both
    assert rollwerk.parse("{300d6, 300d6}kl1").distribution() == single.minimum(single)
    assert rollwerk.parse("{1d3000, 1d3000}kh1").distribution()[3000] == Fraction(
        5999, 9_000_000
    )


def test_keeping_one_die_of_many_sides_is_a_difference_of_powers() -> None:
    """A held-out icepool user: ``2d10000kh1`` was refused (20 010 000 units)
    though keeping one die is a difference of powers per value; its estimate
    now counts those powers."""
    d10000 = rollwerk.Distribution.uniform(range(1, 10001))
    assert rollwerk.parse("2d10000kh1").distribution() == d10000.maximum(d10000)
    assert rollwerk.parse("2d10000kl1").distribution() == d10000.minimum(d10000)
    assert rollwerk.parse("1000d100kh1").distribution()[1] == Fraction(1, 100**1000)
