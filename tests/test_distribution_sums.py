"""Sums of integer distributions: packed products and Miller's recurrence.

Both are checked against the pairwise sum (``combine``) they replace.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import LimitExceeded, ParameterError, SchemaError, parse
from rollwerk.distribution import REPEAT_BITS, Distribution

weights = st.dictionaries(
    st.integers(-40, 40), st.integers(1, 50), min_size=1, max_size=30
)


def _pairwise(a: Distribution[int], b: Distribution[int]) -> Distribution[int]:
    return a.combine(b, lambda x, y: x + y)


@given(weights, weights)
def test_a_sum_equals_the_pairwise_sum(a: dict[int, int], b: dict[int, int]) -> None:
    da, db = Distribution.from_weights(a), Distribution.from_weights(b)
    assert da + db == _pairwise(da, db)


@given(weights, st.integers(0, 12))
def test_a_repeated_sum_equals_adding_one_copy_at_a_time(
    a: dict[int, int], n: int
) -> None:
    d = Distribution.from_weights(a)
    expected = Distribution.constant(0)
    for _ in range(n):
        expected = _pairwise(expected, d)
    assert d.repeat_sum(n) == expected


def test_a_repeated_sum_of_dice_is_the_dice_pool() -> None:
    d6 = Distribution.uniform(range(1, 7))
    assert d6.repeat_sum(1000) == parse("1000d6").distribution()
    d10000 = Distribution.uniform(range(1, 10001))  # squared: too wide for Miller
    assert d10000.repeat_sum(3) == parse("3d10000").distribution()


def test_bools_and_spread_outcomes_keep_their_own_addition() -> None:
    coin = Distribution.uniform([False, True])
    assert dict(coin.repeat_sum(2).items()) == {
        0: Fraction(1, 4),
        1: Fraction(1, 2),
        2: Fraction(1, 4),
    }
    spread = Distribution.uniform([0, 10**9])
    assert spread.repeat_sum(20)[10**9 * 10] == Fraction(184756, 2**20)


def test_a_sum_too_large_to_hold_is_refused_before_any_work() -> None:
    d6 = Distribution.uniform(range(1, 7))
    with pytest.raises(LimitExceeded) as info:
        d6.repeat_sum(10**6)
    assert info.value.limit == "exact sum size in bits"
    assert info.value.maximum == REPEAT_BITS
    assert info.value.value == 5_000_001 * 3_000_000  # sums × bits of 6**n


_lattice_values = st.one_of(
    st.integers(-30, 30).map(lambda k: k * 10),
    st.fractions(min_value=-3, max_value=3, max_denominator=6),
)


@given(
    st.dictionaries(_lattice_values, st.integers(1, 5), min_size=1, max_size=4),
    st.integers(0, 8),
)
def test_a_repeated_sum_of_spaced_ints_and_fractions_is_a_lattice_power(
    a: dict[int | Fraction, int], n: int
) -> None:
    """Outcomes ``low + step × j`` (tens, sixths) are summed as a power of
    ``j``'s weights: the same as adding one copy at a time."""
    d = Distribution.from_weights(a)
    expected: Distribution[int | Fraction] = Distribution.constant(0)
    for _ in range(n):
        expected = expected.combine(d, lambda x, y: x + y)
    assert d.repeat_sum(n) == expected


def test_spread_or_non_rational_repeated_sums_are_refused_before_any_work() -> None:
    """What took 35 s (tens) is a binomial; what cannot be one is refused
    by the size of its sums, before any work."""
    tens = Distribution.uniform([0, 10])
    assert tens.repeat_sum(5000)[25000] == Fraction(math.comb(5000, 2500), 2**5000)
    with pytest.raises(LimitExceeded) as info:
        tens.repeat_sum(10_000)
    assert str(info.value) == (
        "repeat_sum(10000): exact sum size in bits limit exceeded: 200020000 is more than the "
        "maximum of 134217728 (by 65802272)"
    )
    floats = Distribution.uniform([0.5, 1.25, 3.5])
    with pytest.raises(LimitExceeded) as info:
        floats.repeat_sum(3000)
    assert info.value.value == math.comb(3002, 2) * 2 * 3000
    thirds = Distribution.uniform([Fraction(1, 3), Fraction(1, 2)])
    assert thirds.repeat_sum(2000)[Fraction(2000, 3)] == Fraction(1, 2**2000)


def test_many_outcomes_summed_twice_pair_by_pair_are_not_refused() -> None:
    """The limit counts the pairs of the last squaring: 1000 floats twice
    are a million pairs, well within it."""
    floats = Distribution.uniform([i + 0.5 for i in range(1000)])
    twice = floats.repeat_sum(2)
    assert len(twice.support) == 1999
    assert twice[1.0] == Fraction(1, 10**6)
    with pytest.raises(LimitExceeded) as info:
        Distribution.uniform([0.5, 1.25, 3.5]).repeat_sum(300)
    assert str(info.value) == (
        "repeat_sum(300): exact computation size limit exceeded: 131698576 is more than the "
        "maximum of 4000000 (by 127698576)"
    )


def test_integers_far_apart_summed_pair_by_pair_are_refused_before_any_work() -> None:
    """Integers too far apart for a polynomial were summed pair by pair with
    no limit on the pairs (300 copies of three took 27 s); they are counted
    as floats are: the pairs of the last squaring, at most REPEAT_WORK."""
    spread = Distribution.uniform([1, 10**9, 3 * 10**12])
    with pytest.raises(LimitExceeded) as info:
        spread.repeat_sum(300)
    assert str(info.value) == (
        "repeat_sum(300): exact computation size limit exceeded: 131698576 is more than the "
        "maximum of 4000000 (by 127698576)"
    )
    with pytest.raises(LimitExceeded) as info:
        spread.repeat_sum(124)  # 63 copies squared last: 2016 sums, 2016²
    assert info.value.value == 2016 * 2016
    assert spread.repeat_sum(4)[4 * 10**9] == Fraction(1, 81)


def test_outcomes_that_do_not_add_up_are_refused_by_name() -> None:
    """A sum or difference of outcomes that are not numbers was a TypeError;
    strings still add up (concatenate), as Python adds them, and so does a
    repeated sum of them (it started from 0, which refused them)."""
    letters = Distribution.uniform(["a", "b"])
    assert (letters + letters)["ab"] == Fraction(1, 4)
    assert letters.repeat_sum(3) == letters + letters + letters
    expected = (
        "outcomes must be numbers, tuples of numbers of one length (element by "
        "element), or other values that add, subtract and negate to hashable "
        "values, got "
    )
    with pytest.raises(ParameterError) as info:
        _ = -letters
    assert str(info.value) == expected + "'a'"
    with pytest.raises(ParameterError) as info:
        letters + Distribution.uniform([1])
    # the first outcomes that do not add, not Python's words
    assert str(info.value) == expected + "('a', 1)"
    assert info.value.value == ("a", 1)
    with pytest.raises(ParameterError) as info:
        Distribution.uniform([1, None]) - 2
    assert str(info.value) == expected + "(None, 2)"
    with pytest.raises(ParameterError) as info:
        10 - letters
    assert str(info.value) == expected + "(10, 'a')"
    with pytest.raises(ParameterError) as info:
        Distribution.uniform([1, 2]) - Distribution.uniform([1, "b"])
    assert str(info.value) == expected + "(1, 'b')"


def test_tuples_add_element_by_element() -> None:
    """A held-out Genesys-like author: ``d + d`` of symbol counts concatenated
    the tuples, and ``repeat_sum`` refused them (it started from 0). Tuples
    are counts of symbols: they add, subtract and negate element by element."""
    boost = Distribution.uniform([(0, 0), (0, 0), (1, 0), (1, 1), (0, 2), (0, 1)])
    two = boost + boost
    assert two[(2, 0)] == Fraction(1, 36)
    # SA with a blank (two blanks, either order), S with A (either order)
    assert two[(1, 1)] == Fraction(2 * 1 * 2 + 2 * 1 * 1, 36)
    assert sum(p for _, p in two.items()) == 1
    assert boost.repeat_sum(2) == two
    assert boost.repeat_sum(3) == two + boost
    assert boost.repeat_sum(1) == boost
    # no dice count no symbols: the zero of the counts, which adds to a pool
    assert boost.repeat_sum(0) == Distribution.constant((0, 0))
    assert boost.repeat_sum(0) + boost == boost
    assert (boost - boost) == boost + (-boost)
    assert (-boost)[(-1, -1)] == Fraction(1, 6)
    nested = Distribution.constant(((1, 2), 3)) + Distribution.constant(((10, 20), 30))
    assert nested == Distribution.constant(((11, 22), 33))
    with pytest.raises(ParameterError) as info:
        boost + 1
    assert str(info.value) == (
        "outcome must be a tuple of 2 like (0, 0), to add element by element, got 1"
    )
    with pytest.raises(ParameterError) as info:
        boost - Distribution.uniform([(1,)])
    assert str(info.value) == (
        "outcome must be a tuple of 2 like (0, 0), to subtract element by "
        "element, got (1,)"
    )


@pytest.mark.parametrize(
    "outcome", [2**63, -(2**63) - 1, float("nan"), float("inf"), (1, 2)]
)
def test_to_json_refuses_what_from_json_would_not_read_back(outcome: object) -> None:
    with pytest.raises(ParameterError) as info:
        Distribution.uniform([1, outcome]).to_json()
    assert str(info.value) == (
        "outcome must be a JSON scalar that from_json reads back (an integer "
        "from -2**63 to 2**63 - 1, a finite float, a string, true, false or "
        f"null); give to_json an encode function for other outcomes, got {outcome!r}"
    )


def test_to_json_writes_the_ends_of_the_json_integer_range() -> None:
    ends = Distribution.uniform([-(2**63), 2**63 - 1, None, True, "x", 0.5])
    assert Distribution.from_json(ends.to_json()) == ends


_symbols = st.dictionaries(
    st.tuples(st.integers(-2, 2), st.integers(-2, 2)),
    st.integers(1, 5),
    min_size=1,
    max_size=5,
).map(Distribution.from_weights)


@given(a=_symbols, b=_symbols, c=_symbols, n=st.integers(0, 4))
def test_tuple_sums_keep_the_laws_of_sums(
    a: Distribution[tuple[int, int]],
    b: Distribution[tuple[int, int]],
    c: Distribution[tuple[int, int]],
    n: int,
) -> None:
    """Element by element, tuple outcomes add as the sums of their parts do."""
    assert a + b == b + a
    assert (a + b) + c == a + (b + c)
    assert a - b == a + (-b)
    assert (a + b).map(lambda t: t[0]) == a.map(lambda t: t[0]) + b.map(lambda t: t[0])
    if n:
        total = a
        for _ in range(n - 1):
            total = total + a
        assert a.repeat_sum(n) == total


def test_a_repeated_tuple_sum_is_bounded_by_each_elements_span() -> None:
    """Counts of symbols (hits, ones) of one exploding d6 have 23 outcomes;
    their multisets overstated the sums of five copies about 3 000 times
    (5 290 000 pairs, refused), where each element spans only 0-105 and 0-5
    (321 sums). The bound is now the product of the elements' spans."""
    one = _exploding_hits_and_ones()
    assert len(one.support) == 23
    for n in (5, 10):
        total = one
        for _ in range(n - 1):
            total = total + one
        assert one.repeat_sum(n) == total
    assert len(one.repeat_sum(5).support) == 321


def _exploding_hits_and_ones() -> Distribution[tuple[int, int]]:
    """One exploding d6's (hits on 5-6, each 6 a hit more; a first 1)."""
    return (
        parse("1d6!")
        .distribution()
        .map(lambda t: ((t - 1) // 6 + ((t - 1) % 6 + 1 >= 5), int(t == 1)))
    )


def test_a_large_pool_of_symbol_counts_is_one_packed_polynomial() -> None:
    """A held-out designer: 30 dice of (hits, ones) were refused (the last
    squaring's 316 x 16 sums, squared), though adding them a die at a time
    took two seconds. Tuples of integers are now packed into one integer a
    tuple (each element a digit of radix span x n + 1, so sums never carry)
    and summed as a polynomial power, as notation's dice are."""
    one = _exploding_hits_and_ones()
    pool = one.repeat_sum(30)
    assert len(pool.support) == 9796
    assert sum(p for _, p in pool.items()) == 1
    # each element on its own is the sum of that element's counts
    hits = one.map(lambda t: t[0])
    assert pool.map(lambda t: t[0]) == hits.repeat_sum(30)
    assert pool.map(lambda t: t[1]) == Distribution.uniform([0] * 5 + [1]).repeat_sum(
        30
    )
    # every die a first 1: no hits, 30 ones
    assert pool[(0, 30)] == Fraction(1, 6**30)
    # 29 ones and, in any of 30 places, one hit and no 1: a 5, or a 6 then 1-4
    assert pool[(1, 29)] == 30 * Fraction(1, 6**29) * (Fraction(1, 6) + Fraction(4, 36))
    # the sum of the halves, by pairs, is the same sum
    assert pool == one.repeat_sum(15) + one.repeat_sum(15)
    # the bits of the exact weights still bound it, before any work
    sums = (21 * 60 + 1) * (1 * 60 + 1)
    total = math.lcm(*(p.denominator for _, p in one.items()))  # 6**20 x 2, reduced
    bits = total.bit_length() * 60
    with pytest.raises(LimitExceeded) as info:
        one.repeat_sum(60)
    assert str(info.value) == (
        f"repeat_sum(60): exact sum size in bits limit exceeded: {sums * bits} is more than "
        f"the maximum of {REPEAT_BITS} (by {sums * bits - REPEAT_BITS})"
    )


_packable = st.dictionaries(
    st.lists(st.integers(-3, 3), min_size=1, max_size=3).map(tuple),
    st.integers(1, 9),
    min_size=1,
    max_size=12,
)


@given(weights=_packable, n=st.integers(2, 7))
def test_packed_tuple_sums_equal_adding_one_copy_at_a_time(
    weights: dict[tuple[int, ...], int], n: int
) -> None:
    """The packing, whichever path the estimate picks, is the pairwise sum."""
    from rollwerk.distribution import _counts_power, _dense_power, _tuple_spans

    length = len(next(iter(weights)))
    same = {k: w for k, w in weights.items() if len(k) == length}
    d = Distribution.from_weights(same)
    expected = d
    for _ in range(n - 1):
        expected = expected + d
    assert d.repeat_sum(n) == expected
    spans = _tuple_spans(same)
    assert spans is not None
    packed = _counts_power(same, spans, n)
    if packed is not None:
        assert Distribution.from_weights(packed) == expected
    assert _dense_power({0: 1, 1: 1}, 3, pairs=0) == {0: 1, 1: 3, 2: 3, 3: 1}


def test_integers_spread_out_are_a_polynomial_when_cheaper_than_pairs() -> None:
    """Integers more than four slots a value apart (``64 * hits + ones``)
    were always summed pair by pair; a polynomial power now sums them when
    its estimate is lower. Both are checked before any work."""
    one = _exploding_hits_and_ones()
    packed = one.map(lambda t: 64 * t[0] + t[1])
    pool = packed.repeat_sum(20)
    assert pool == one.repeat_sum(20).map(lambda t: 64 * t[0] + t[1])


@given(n=st.integers(1, 6), spans=st.lists(st.integers(0, 3), min_size=1, max_size=3))
def test_tuple_sums_stay_within_the_product_of_the_spans(
    n: int, spans: list[int]
) -> None:
    corners = Distribution.uniform(
        [tuple(0 for _ in spans), tuple(spans), tuple(s // 2 for s in spans)]
    )
    assert len(corners.repeat_sum(n).support) <= math.prod(s * n + 1 for s in spans)


def test_a_sum_of_two_tuple_distributions_is_limited_before_any_work() -> None:
    """``a + b`` of tuples was summed pair by pair with no limit (two halves
    of a 30-die (hits, ones) pool, 2 536 outcomes each, took 18 s). Tuples
    of integers are now one packed product, limited as ``+`` of integers is
    (the cheaper of pairs and the product); other tuples by their pairs."""
    wide = Distribution.uniform([(i, 10**12 * i) for i in range(3000)])
    with pytest.raises(LimitExceeded) as info:
        _ = wide + wide
    # too wide to pack: its pairs, each a unit and 5 more for a pair of tuples
    assert info.value.value == 3000 * 3000 * (1 + 4 + 1)
    halves = Distribution.uniform([(i / 2,) for i in range(3000)])
    with pytest.raises(LimitExceeded) as info:
        _ = halves + halves
    assert info.value.value == 3000 * 3000 * (1 + 4)
    small = Distribution.uniform([(i, -i) for i in range(300)])
    pairs = small + small
    assert pairs[(2, -2)] == Fraction(3, 300 * 300)
    assert pairs == small.combine(small, lambda a, b: (a[0] + b[0], a[1] + b[1]))


def test_a_difference_of_counts_is_the_packed_sum_of_the_negation() -> None:
    """A held-out Genesys author: ``p - p`` of 13 proficiency dice as
    4-tuples (1 925 outcomes) went pair by pair in 4 to 17 s; a difference
    of integers or of tuples of integers is now ``a + (-b)``, one packed
    product, and equals the pairwise difference."""
    counts = Distribution.uniform([(i % 3, -(i % 5), i % 2) for i in range(30)])
    pairwise = counts.combine(
        counts, lambda a, b: tuple(x - y for x, y in zip(a, b, strict=True))
    )
    assert counts - counts == pairwise
    d6 = Distribution.uniform(range(1, 7))
    assert d6 - d6 == d6.combine(d6, lambda a, b: a - b)
    assert (d6 - d6)[0] == Fraction(1, 6)


def test_a_sum_of_no_tuples_is_their_zero_whatever_their_numbers() -> None:
    """A held-out Genesys author: ``repeat_sum(0)`` of tuples of Fractions
    or floats was the number 0, which no pool of tuples adds to."""
    half = Distribution.uniform([(Fraction(1, 2), 0), (1, 1)])
    assert half.repeat_sum(0) == Distribution.constant((0, 0))
    assert half.repeat_sum(0) + half == half
    assert Distribution.uniform([(0.5,)]).repeat_sum(0) == Distribution.constant((0,))
    nested = Distribution.constant(((1, 2), 3))
    assert nested.repeat_sum(0) == Distribution.constant(((0, 0), 0))
    mixed = Distribution.uniform([(1, 2), (3,)])
    assert mixed.repeat_sum(0) == Distribution.constant(0)


def test_json_of_outcomes_encoded_alike_or_decoded_unhashable_is_refused() -> None:
    """A held-out author: ``to_json(encode=…)`` wrote two outcomes as one
    value (a document ``from_json`` refuses), a ``decode`` giving a list
    raised TypeError, and a repeated decoded value was quoted as the raw one."""
    d = Distribution.uniform([(0, 1), (1, 0)])
    with pytest.raises(ParameterError) as info:
        d.to_json(encode=lambda v: 0)
    assert str(info.value) == (
        "encode((1, 0)) must be a value of its own (encode((0, 1)) gives it too), "
        "so that from_json reads each outcome back, got 0"
    )
    data = d.to_json(encode=list)
    with pytest.raises(SchemaError) as schema:
        Distribution.from_json(data, decode=lambda v: v)
    assert str(schema.value) == (
        "malformed distribution JSON: decode([0, 1]) must be a hashable outcome, "
        "got [0, 1]"
    )
    with pytest.raises(SchemaError) as schema:
        Distribution.from_json(data, decode=lambda v: 0)
    assert str(schema.value) == (
        "malformed distribution JSON: outcomes[1].value must be an outcome not "
        "listed before (decode gave 0, as for one before), got [1, 0]"
    )
    assert Distribution.from_json(data, decode=tuple) == d


def test_pairs_cost_what_their_outcomes_cost() -> None:
    """A held-out designer: pairs of Fractions (3 to 8 µs each), strings and
    long tuples were each counted as one unit, so ``a + a`` of 1 000
    Fractions ran 8 s and of 100 tuples of 20 000 counts 8 s before an
    OverflowError. A pair now costs what its outcomes cost (`_outcome_units`)."""
    from rollwerk.distribution import _outcome_units

    assert _outcome_units({1: 1, 2.5: 1}) == 0
    assert _outcome_units({Fraction(1, 3): 1}) == 16
    assert _outcome_units({"ab": 1, "c" * 130: 1}) == 3
    assert _outcome_units({(1, 2): 1}) == 5
    assert _outcome_units({(Fraction(1, 2), 0): 1}) == 4 + (17 + 1) // 2
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53]
    thirds = Distribution.uniform([Fraction(1, p) for p in primes] * 1)
    assert (thirds + thirds)[Fraction(2, 3)] == Fraction(1, 256)
    many = Distribution.uniform([Fraction(1, n) for n in range(1, 1001)])
    with pytest.raises(LimitExceeded) as info:
        many.combine(many, max)
    assert info.value.value == 1000 * 1000 * (1 + 16)
    long = Distribution.uniform([tuple([i] * 20_000) for i in range(100)])
    with pytest.raises(LimitExceeded) as info:
        _ = long + long
    assert info.value.value == 100 * 100 * (1 + 4 + 20_000 // 2)


def test_integers_spread_astronomically_far_apart_add_without_overflow() -> None:
    """A held-out designer: ``+`` of nine integers 2**700 apart raised
    OverflowError in the cost estimate (a float power)."""
    wide = Distribution.uniform([i << 700 for i in range(1, 10)])
    assert (wide + wide)[2 << 700] == Fraction(1, 81)
    assert (wide - wide)[0] == Fraction(9, 81)


def test_sums_of_strings_count_every_order() -> None:
    """Strings concatenate, so each order of the outcomes is a sum of its
    own: ``uniform(["a", "b", "c"]).repeat_sum(14)`` has 3**14 sums (4.8
    million, 3.9 s), where the estimate counted multisets. The estimate now
    counts sequences, and refuses it at once."""
    abc = Distribution.uniform(["a", "b", "c"])
    assert len(abc.repeat_sum(4).support) == 81
    with pytest.raises(LimitExceeded) as info:
        abc.repeat_sum(14)
    assert info.value.value == (3**7) ** 2 * (1 + 1)
    with pytest.raises(LimitExceeded):
        abc.repeat_sum(10**18)


def test_one_outcome_summed_any_number_of_times_is_one_outcome() -> None:
    """A held-out designer: ``constant(5).repeat_sum(10**18)`` was refused
    for the bits of sums it does not have."""
    n = 10**18
    assert Distribution.constant(5).repeat_sum(n) == Distribution.constant(5 * n)
    assert Distribution.constant((1, -2)).repeat_sum(n) == Distribution.constant(
        (n, -2 * n)
    )
    assert Distribution.constant(()).repeat_sum(n) == Distribution.constant(())
    assert Distribution.constant(Fraction(1, 3)).repeat_sum(3) == Distribution.constant(
        1
    )


def test_the_mode_of_equal_distributions_is_one_outcome() -> None:
    """helper-190: ``uniform([1, "a"])`` and ``uniform(["a", 1])`` are equal but
    gave the modes 1 and "a" (the first in the order given)."""
    assert Distribution.uniform([3, 1, 1, 3]).mode() == 1
    assert Distribution.uniform(["b", "a"]).mode() == "a"
    assert Distribution({1: Fraction(2, 3), "a": Fraction(1, 3)}).mode() == 1
    for outcomes in ([1, "a"], ["a", 1], [None, 1]):
        with pytest.raises(ParameterError) as info:
            Distribution.uniform(outcomes).mode()
        assert str(info.value) == (
            "outcomes must be outcomes that compare with each other (numbers, "
            f"or strings), got {outcomes!r}"
        )


def test_bools_add_but_are_no_numbers_to_average_or_multiply() -> None:
    """helper-190: a comparison mapped over a roll adds up, but ``mean()``
    said only "numbers (int or Fraction)" to a user who thought True is 1."""
    hit = Distribution.uniform(range(1, 21)).map(lambda x: x >= 15)
    assert hit.repeat_sum(2)[2] == Fraction(9, 100)
    assert hit.probability(lambda o: o) == Fraction(3, 10)
    assert hit.map(int).mean() == Fraction(3, 10)
    with pytest.raises(ParameterError) as info:
        hit.mean()
    assert str(info.value) == (
        "outcomes must be numbers (int or Fraction) for this operation (not "
        "bools: map(int) makes True 1 and False 0; probability(lambda o: o) is "
        "the chance of True), got False"
    )
    with pytest.raises(ParameterError) as info:
        hit * hit
    assert str(info.value) == (
        "outcomes must be numbers (int, Fraction or float; not bools) to "
        "multiply, got (False, False)"
    )
