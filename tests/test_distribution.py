"""Distribution: algebra laws, queries and JSON.

Rule ids refer to issue 2 ("rollwerk core I"), item 4 (exact distributions)
and item 6 (JSON).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Distribution, ParameterError, SchemaError

small_ints = st.integers(-5, 8)


@st.composite
def dists(draw: st.DrawFn) -> Distribution[int]:
    weights = draw(
        st.dictionaries(small_ints, st.integers(1, 5), min_size=1, max_size=5)
    )
    return Distribution.from_weights(weights)


def total(d: Distribution[int]) -> Fraction:
    return sum((p for _, p in d.items()), Fraction(0))


@given(dists(), dists())
def test_core1_i4_convolution_commutative(
    a: Distribution[int], b: Distribution[int]
) -> None:
    """I2-4: a + b == b + a."""
    assert a + b == b + a


@given(dists(), dists(), dists())
def test_core1_i4_convolution_associative(
    a: Distribution[int], b: Distribution[int], c: Distribution[int]
) -> None:
    """I2-4: (a + b) + c == a + (b + c)."""
    assert (a + b) + c == a + (b + c)


@given(dists())
def test_core1_i4_constant_zero_is_identity(a: Distribution[int]) -> None:
    """I2-4: adding the constant 0 changes nothing; shifting by 0 neither."""
    assert a + Distribution.constant(0) == a
    assert a + 0 == a


@given(dists(), dists())
def test_core1_i4_sums_to_one_and_positive(
    a: Distribution[int], b: Distribution[int]
) -> None:
    """I2-4: every operation gives probabilities > 0 summing to exactly 1."""
    for d in (a + b, a - b, a.maximum(b), a.minimum(b), a.map(abs), -a):
        assert total(d) == 1
        assert all(p > 0 for _, p in d.items())


@given(dists())
def test_core1_i4_map_identity_and_composition(a: Distribution[int]) -> None:
    """I2-4: map(id) == a; map(f).map(g) == map(g . f)."""
    assert a.map(lambda x: x) == a

    def f(x: int) -> int:
        return x * 2

    def g(x: int) -> int:
        return x % 3

    assert a.map(f).map(g) == a.map(lambda x: g(f(x)))


@given(dists(), dists())
def test_core1_i4_mean_and_variance_additive(
    a: Distribution[int], b: Distribution[int]
) -> None:
    """I2-4: E[a+b] = E[a] + E[b]; Var[a+b] = Var[a] + Var[b] (independent)."""
    assert (a + b).mean() == a.mean() + b.mean()
    assert (a + b).variance() == a.variance() + b.variance()
    assert (a - b).mean() == a.mean() - b.mean()


@given(dists(), st.integers(0, 4))
def test_core1_i4_repeat_sum_is_repeated_convolution(
    a: Distribution[int], n: int
) -> None:
    """I2-4: repeat_sum(n) equals adding n copies."""
    expected = Distribution.constant(0)
    for _ in range(n):
        expected = expected + a
    assert a.repeat_sum(n) == expected


@given(dists(), dists())
def test_core1_i4_max_min_commutative(
    a: Distribution[int], b: Distribution[int]
) -> None:
    """I2-4: max and min are commutative; max+min has the mean of a+b."""
    assert a.maximum(b) == b.maximum(a)
    assert a.minimum(b) == b.minimum(a)
    assert a.maximum(b).mean() + a.minimum(b).mean() == (a + b).mean()


def _pairwise(
    a: Distribution[object], b: Distribution[object], pick: Callable[..., object]
) -> dict[object, Fraction]:
    """The reference: every pair of outcomes, one at a time."""
    out: dict[object, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            k = pick(x, y)
            out[k] = out.get(k, Fraction(0)) + px * py
    return out


@given(dists(), dists(), st.booleans())
def test_core1_i4_max_min_by_running_sums_equal_the_pairs(
    a: Distribution[int], b: Distribution[int], as_fractions: bool
) -> None:
    """I2-4: integer (and Fraction) outcomes take the larger/smaller by the
    product of running sums; every probability equals the pair-by-pair one."""
    if as_fractions:
        a, b = a.map(lambda k: Fraction(k, 3)), b.map(lambda k: Fraction(k, 3))
    for got, pick in ((a.maximum(b), max), (a.minimum(b), min)):
        assert dict(got.items()) == _pairwise(a, b, pick)  # type: ignore[arg-type]
        assert all(k.__class__ is next(iter(a.support)).__class__ for k in got.support)


@given(dists())
def test_core1_i4_condition_and_probability(a: Distribution[int]) -> None:
    """I2-4: conditioning renormalizes; P(pred) + P(not pred) = 1."""
    p = a.probability(lambda x: x >= 0)
    assert p + a.probability(lambda x: x < 0) == 1
    if p:
        c = a.condition(lambda x: x >= 0)
        for x, q in c.items():
            assert q == a[x] / p


@given(dists())
def test_core1_i4_quantiles_and_cdf(a: Distribution[int]) -> None:
    """I2-4: the median's cdf reaches 1/2; quantile(1) is the maximum."""
    assert a.cdf(a.median()) >= Fraction(1, 2)
    assert a.quantile(1) == a.max_outcome()
    assert a.quantile(0) == a.min_outcome()


@given(dists())
def test_core1_i6_json_round_trip(a: Distribution[int]) -> None:
    """I2-6: to_json/from_json round-trips with exact 'p/q' strings."""
    data = a.to_json()
    assert data["schema"] == 1
    assert Distribution.from_json(data) == a


def test_core1_i4_bind_and_mixture() -> None:
    """I2-4: bind is the law of total probability."""
    coin = Distribution.uniform([1, 2])
    dice = coin.bind(lambda n: Distribution.uniform(range(1, 7)).repeat_sum(n))
    assert dice[2] == Fraction(1, 2) * Fraction(1, 6) + Fraction(1, 2) * Fraction(1, 36)


def test_core1_i4_exact_values() -> None:
    """I2-4: mean, variance, stdev, mode of a d6."""
    d6 = Distribution.uniform(range(1, 7))
    assert d6.mean() == Fraction(7, 2)
    assert d6.variance() == Fraction(35, 12)
    assert d6.stdev() == pytest.approx(1.7078251276599330)
    assert (d6 + d6).mode() == 7
    assert d6.denominator == 6
    assert d6 == Distribution({k: Fraction(1, 6) for k in range(1, 7)})
    assert hash(d6) == hash(Distribution.uniform(range(6, 0, -1)))


def test_core1_i8_bad_distributions() -> None:
    """I2-8: invalid probabilities and JSON raise named errors."""
    with pytest.raises(ParameterError, match="sum of probabilities must be exactly 1"):
        Distribution({1: Fraction(1, 2)})
    with pytest.raises(ParameterError, match="probability of 1 must be at least 0"):
        Distribution({1: Fraction(-1, 2), 2: Fraction(3, 2)})
    with pytest.raises(
        ParameterError, match="probabilities must be a non-empty mapping"
    ):
        Distribution({})
    with pytest.raises(SchemaError, match="schema must be 1, got 2"):
        Distribution.from_json({"schema": 2})
    with pytest.raises(SchemaError, match="probability must be a 'p/q' string"):
        Distribution.from_json(
            {"schema": 1, "outcomes": [{"value": 1, "probability": 1}]}
        )
    with pytest.raises(AttributeError, match="Distribution is immutable"):
        Distribution.constant(1)._total = 2  # type: ignore[misc]


def test_core1_i6_huge_probabilities_in_json_errors() -> None:
    """I2-6/I2-8: JSON with probabilities beyond 4300 digits loads or errors cleanly.

    Python's int/str limit made such input raise a bare `ValueError` (also
    while formatting the error message).
    """
    huge = "1" * 4500
    with pytest.raises(SchemaError) as info:  # only SchemaError leaves a loader
        Distribution.from_json(
            {"schema": 1, "outcomes": [{"value": 1, "probability": f"{huge}/1"}]}
        )
    assert str(info.value) == (
        "malformed distribution JSON: outcomes must be a list whose probabilities "
        "add up to exactly 1, got probabilities adding up to "
        "<a fraction of 4500 digits over 1 digits>"
    )
    one = Distribution.from_json(
        {"schema": 1, "outcomes": [{"value": 1, "probability": f"{huge}/{huge}"}]}
    )
    assert one == Distribution.constant(1)
    with pytest.raises(SchemaError, match="must be a 'p/q' string"):
        Distribution.from_json(
            {"schema": 1, "outcomes": [{"value": 1, "probability": f"+-{huge}/1"}]}
        )


class _Weights(dict):  # type: ignore[type-arg]
    """A dict subclass: from_weights takes its checked path."""


@given(
    st.lists(st.tuples(st.integers(-5, 5), st.integers(0, 4)), min_size=1, max_size=8),
)
def test_from_weights_fast_path_equals_the_checked_path(
    items: list[tuple[int, int]],
) -> None:
    # a plain dict of positive ints is copied as it is; any other mapping,
    # or zeros, take the checked path: the same distribution, in the same order
    weights = dict(items)
    if not any(weights.values()):
        with pytest.raises(ParameterError, match="at least one weight > 0"):
            Distribution.from_weights(weights)
        return
    fast = Distribution.from_weights(weights)
    slow = Distribution.from_weights(_Weights(weights))
    assert fast == slow
    assert list(fast.items()) == list(slow.items())
    assert list(fast) == sorted(k for k, w in weights.items() if w)
    total = sum(weights.values())
    assert all(fast[k] == Fraction(w, total) for k, w in weights.items() if w)


def test_from_weights_refuses_bools_and_negatives_on_both_paths() -> None:
    for weights in ({"a": True}, _Weights({"a": True})):
        with pytest.raises(ParameterError, match="weight of 'a' must be"):
            Distribution.from_weights(weights)
    for weights in ({"a": 1, "b": -1}, _Weights({"a": 1, "b": -1})):
        with pytest.raises(ParameterError, match="weight of 'b' must be"):
            Distribution.from_weights(weights)


def test_from_weights_in_order_or_not_gives_one_order() -> None:
    ordered = Distribution.from_weights({1: 2, 2: 1, 3: 1})
    shuffled = Distribution.from_weights({3: 1, 1: 2, 2: 1})
    assert list(ordered.items()) == list(shuffled.items())
    assert list(ordered) == [1, 2, 3]
    assert ordered[1] == Fraction(1, 2)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", None, True])),
            st.integers(0, 12),
            st.integers(0, 12),
        ),
        max_size=6,
    ),
    st.booleans(),
)
def test_from_json_fast_path_agrees_with_the_checked_path(
    entries: list[tuple[object, int, int]], long_digits: bool
) -> None:
    """A well-formed document is read in one pass over integer weights; the
    checked path (each field in its context) must give the same distribution
    or the same error for every document."""
    import rollwerk.distribution as module

    zeros = "0" * 4500 if long_digits else ""  # texts longer than int() reads
    doc = {
        "schema": 1,
        "outcomes": [
            {"value": v, "probability": f"{p}{zeros}/{q}{zeros}"} for v, p, q in entries
        ],
    }

    def load(fast: bool) -> object:
        original = module._from_json_fast
        if not fast:
            module._from_json_fast = lambda data, decode: None  # type: ignore[assignment]
        try:
            return Distribution.from_json(doc)
        except SchemaError as exc:
            return str(exc)
        finally:
            module._from_json_fast = original

    assert load(True) == load(False)


@pytest.mark.parametrize("q", [float("nan"), float("inf"), float("-inf")])
def test_quantile_refuses_a_float_that_is_not_finite(q: float) -> None:
    with pytest.raises(ParameterError) as info:
        Distribution.uniform([1, 2]).quantile(q)
    assert str(info.value) == f"q must be a probability from 0 to 1, got {q!r}"


@pytest.mark.parametrize("weights", [[1, 2], None, "ab"])
def test_from_weights_refuses_what_is_not_a_mapping(weights: object) -> None:
    with pytest.raises(ParameterError) as info:
        Distribution.from_weights(weights)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"weights must be a mapping of outcomes to integer weights, got {weights!r}"
    )


def test_stdev_beyond_a_floats_square_root_range() -> None:
    """A variance too big for a float still has a float standard deviation;
    one beyond a float's range is inf."""
    assert Distribution.uniform([0, 10**200]).stdev() == 5e199
    assert Distribution.uniform([0, 3 * 10**308]).stdev() == 1.5e308
    assert Distribution.uniform([0, 10**400]).stdev() == math.inf
    assert Distribution.uniform([0, 6]).stdev() == 3.0


def test_an_int_minus_a_distribution() -> None:
    """``10 - d6`` works as ``10 + d6`` does."""
    d6 = Distribution.uniform(range(1, 7))
    assert 10 - d6 == Distribution.uniform(range(4, 10))
    assert (10 - d6) == -d6 + 10


# -- found by a type-confusion fuzz of the public API (session 25) -------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: Distribution.uniform(None),  # type: ignore[arg-type]
            "outcomes must be an iterable of outcomes, got None",
        ),
        (
            lambda: Distribution.uniform("abc"),
            "outcomes must be an iterable of outcomes, got 'abc'",
        ),
        (
            lambda: Distribution.uniform([[1], [2]]),
            "outcome must be a hashable value, got [1]",
        ),
        (
            lambda: Distribution.uniform([1, 2]).probability([1]),  # type: ignore[arg-type]
            "what must be an outcome (a hashable value) or a predicate, got [1]",
        ),
        (
            lambda: Distribution.uniform([1, 2]).map(None),  # type: ignore[arg-type]
            "func must be a callable, got None",
        ),
        (
            lambda: Distribution.uniform([1, 2]).map(lambda v: [v]),
            "func(1) must be a hashable outcome, got [1]",
        ),
        (
            lambda: Distribution.uniform([1, 2]).bind(3),  # type: ignore[arg-type]
            "func must be a callable, got 3",
        ),
        (
            lambda: Distribution.uniform([1, 2]).condition("x"),  # type: ignore[arg-type]
            "predicate must be a callable, got 'x'",
        ),
        (
            lambda: Distribution.uniform([1]).combine(
                Distribution.uniform([2]),
                None,  # type: ignore[arg-type]
            ),
            "func must be a callable, got None",
        ),
        (
            lambda: Distribution.uniform([1]).combine(
                Distribution.uniform([2]), lambda a, b: {a, b}
            ),
            "func(1, 2) must be a hashable outcome, got {1, 2}",
        ),
        (
            lambda: Distribution.mixture(None),  # type: ignore[arg-type]
            "parts must be an iterable of (probability, Distribution) pairs, got None",
        ),
        (
            lambda: Distribution.mixture(["x"]),  # type: ignore[list-item]
            "mixture part must be a (probability, Distribution) pair, got 'x'",
        ),
    ],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    """Each raised TypeError or ValueError from Python itself before."""
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_a_mixture_part_may_be_a_list_pair() -> None:
    coin = Distribution.mixture(
        [
            [Fraction(1, 2), Distribution.constant(0)],
            [Fraction(1, 2), Distribution.constant(1)],
        ]
    )  # type: ignore[list-item]
    assert coin[1] == Fraction(1, 2)


@given(dists(), st.fractions(max_denominator=12), st.integers(-5, 5))
def test_core1_i4_a_number_shifts_every_outcome(
    a: Distribution[int], shift: Fraction, whole: int
) -> None:
    """I2-4: an int, a Fraction or a float shifts each outcome, from either side."""
    assert a + shift == a.map(lambda k: k + shift) == shift + a
    assert a - shift == a.map(lambda k: k - shift)
    assert shift - a == a.map(lambda k: shift - k)
    assert a + float(whole) / 2 == a.map(lambda k: k + whole / 2)
    assert (a + shift).mean() == a.mean() + shift


def test_core1_i4_a_shift_that_is_not_a_finite_number_is_refused() -> None:
    """I2-4: a NaN would never equal itself as an outcome; other values are
    not numbers and Python's own operator error stands."""
    d6 = Distribution.uniform(range(1, 7))
    for bad in (math.nan, math.inf):
        with pytest.raises(ParameterError) as info:
            _ = d6 + bad
        assert str(info.value) == (
            f"shift must be an int, a Fraction or a finite float, got {bad}"
        )
    with pytest.raises(TypeError):
        _ = d6 + "1"  # type: ignore[operator]
    assert (d6 + Fraction(1, 2))[Fraction(13, 2)] == Fraction(1, 6)


@given(dists(), dists(), st.fractions(max_denominator=12))
def test_core1_i4_products_are_pairs_and_a_number_scales(
    a: Distribution[int], b: Distribution[int], factor: Fraction
) -> None:
    """I2-4: ``a * b`` multiplies independent outcomes pair by pair; a number
    scales each outcome (notation's ``1d6*2``), from either side."""
    assert dict((a * b).items()) == _pairwise(a, b, lambda x, y: x * y)  # type: ignore[arg-type]
    assert a * b == b * a
    assert (a * b).mean() == a.mean() * b.mean()
    assert a * factor == a.map(lambda k: k * factor) == factor * a
    assert a * 3 == a.map(lambda k: 3 * k)


def test_core1_i4_only_numbers_multiply() -> None:
    """I2-4: ``"ab" * 2`` would repeat the string and ``(1, 0) * 2`` the
    tuple; a NaN factor never equals itself."""
    d6 = Distribution.uniform(range(1, 7))
    refusals = [
        (
            lambda: Distribution.uniform([(1, 0)]) * 2,
            (
                "outcomes must be numbers (int, Fraction or float; not bools) to multiply, "
                "got (1, 0)"
            ),
        ),
        (
            lambda: d6 * Distribution.uniform(["ab"]),
            (
                "outcomes must be numbers (int, Fraction or float; not bools) to multiply, "
                "got (1, 'ab')"
            ),
        ),
        (
            lambda: d6 * math.nan,
            "factor must be an int, a Fraction or a finite float, got nan",
        ),
    ]
    for call, message in refusals:
        with pytest.raises(ParameterError) as info:
            call()
        assert str(info.value) == message
    assert (d6 * 2).support == (2, 4, 6, 8, 10, 12)
    assert (d6 * d6)[12] == Fraction(4, 36)


def test_repr_of_outcomes_over_4300_digits() -> None:
    """Python refuses ``str`` of an integer over 4 300 digits; ``repr`` of a
    distribution holding one (``d6 + 10**5000``) raised ValueError."""
    huge = 10**5000
    d = Distribution.uniform([huge, Fraction(huge, 3)])
    text = repr(d)
    assert text.startswith("Distribution({Fraction(1" + "0" * 4999 + "0, 3): 1/2, 1")
    assert text.endswith("0" * 100 + ": 1/2})")
    assert len(text) == len("Distribution({Fraction(, 3): 1/2, : 1/2})") + 2 * 5001


def test_core1_i6_json_without_outcomes_says_so() -> None:
    """I2-6: a held-out icepool user was told "probabilities must be a
    non-empty mapping, got {}" of a document that holds ``"outcomes": []``."""
    with pytest.raises(SchemaError) as info:
        Distribution.from_json({"schema": 1, "outcomes": []})
    assert str(info.value) == (
        "malformed distribution JSON: outcomes must be a non-empty list, got []"
    )
