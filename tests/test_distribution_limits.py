"""Operations on two distributions are limited before any work.

A held-out game designer found ``a + a`` of ``100d6r1`` taking 18 s,
``a.maximum(a)`` 52 s and ``c + c`` of ``(60d20)*(60d20)`` 50 s, while
``a.repeat_sum(2)`` was refused at once.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rollwerk.distribution import REPEAT_WORK, Distribution
from rollwerk.errors import LimitExceeded
from rollwerk.notation import parse

WIDE = parse("100d6r1").distribution()
FLOATS = WIDE.map(float)  # floats go pair by pair, integers by running sums
D6 = Distribution.uniform(range(1, 7))


def _refused(call: Callable[[], Any]) -> str:
    with pytest.raises(LimitExceeded) as info:
        call()
    return str(info.value)


def test_the_wide_sum_is_refused_as_its_repeat_sum_is() -> None:
    message = (
        "exact computation size limit exceeded: 50499939 is more than the "
        f"maximum of {REPEAT_WORK} (by 46499939)"
    )
    assert _refused(lambda: WIDE + WIDE) == "a + b: " + message
    assert _refused(lambda: WIDE.repeat_sum(2)) == "repeat_sum(2): " + message
    # a difference of integers is the sum of the negation, limited as one
    assert _refused(lambda: WIDE - WIDE) == "a - b: " + message


@pytest.mark.parametrize(
    ("call", "operation"),
    [
        (lambda: FLOATS.maximum(FLOATS), "maximum"),
        (lambda: FLOATS.minimum(FLOATS), "minimum"),
        (lambda: WIDE.combine(WIDE, lambda a, b: (a, b)), "combine"),
    ],
)
def test_pairwise_operations_on_wide_weights_are_refused(
    call: Callable[[], Any], operation: str
) -> None:
    """Each refusal names the operation (held-out designers: the limit alone
    did not say which call it refused)."""
    assert _refused(call) == (
        f"{operation}: exact computation size limit exceeded: 229665915 is more "
        f"than the maximum of {REPEAT_WORK} (by 225665915)"
    )


def test_many_pairs_of_narrow_weights_are_refused_too() -> None:
    many = Distribution.uniform([float(n) for n in range(3000)])
    assert _refused(lambda: many.maximum(many)).startswith(
        "maximum: exact computation size limit exceeded: 9000000 is more than the "
        "maximum"
    )


def test_maximum_and_minimum_of_numbers_take_no_pairs() -> None:
    """Integers (or Fractions) are walked once by their running sums: the
    pairs' limit does not apply, and each probability is the exact one."""
    many = Distribution.uniform(range(3000))
    assert many.maximum(many)[2999] == Fraction(5999, 9_000_000)
    assert many.minimum(many)[0] == Fraction(5999, 9_000_000)
    assert WIDE.maximum(WIDE).support == WIDE.support
    low = WIDE.min_outcome()
    assert WIDE.minimum(WIDE)[low] == 1 - (1 - WIDE[low]) ** 2
    thirds = many.map(lambda k: Fraction(k, 3))
    assert thirds.maximum(thirds)[Fraction(2999, 3)] == Fraction(5999, 9_000_000)


def test_what_the_limits_leave_is_exact() -> None:
    assert parse("2d6").distribution() == (D6 + D6)
    assert D6.maximum(D6) == parse("2d6kh1").distribution()
    assert parse("100d6r1+1d6").distribution() == (WIDE + D6)
    # a repeat_sum checks its own estimate; its squarings are not refused again
    assert D6.repeat_sum(2000) == parse("1000d6").distribution().repeat_sum(2)


def test_an_iterator_that_does_not_end_is_refused() -> None:
    import itertools

    assert _refused(lambda: Distribution.uniform(itertools.count())) == (
        "outcomes limit exceeded: 4000001 is more than the maximum of 4000000 (by 1)"
    )


def test_tuples_of_no_dice_are_the_zero_of_the_counts() -> None:
    # a held-out designer: repeat_sum(0) of (hits, ones) was the integer 0
    pair = Distribution.uniform([(0, 1), (1, 0)])
    assert pair.repeat_sum(0) == Distribution.constant((0, 0))
    assert pair.repeat_sum(0) + pair == pair
    assert D6.repeat_sum(0) == Distribution.constant(0)


ORDER = (
    "outcomes must be outcomes that compare with each other (numbers, or "
    "strings), got {got}"
)


@pytest.mark.parametrize(
    ("call", "got"),
    [
        (lambda: Distribution.uniform(["a", 1]).max_outcome(), "['a', 1]"),
        (lambda: Distribution.uniform(["a", 1]).min_outcome(), "['a', 1]"),
        (lambda: Distribution.uniform(["a", 1]).median(), "['a', 1]"),
        (lambda: D6.maximum(Distribution.uniform(["a"])), "[1, 2, 3, 4, 5, 6, 'a']"),
        (lambda: D6.minimum(Distribution.uniform(["a"])), "[1, 2, 3, 4, 5, 6, 'a']"),
    ],
)
def test_outcomes_that_do_not_compare_are_refused_by_name(
    call: Callable[[], Any], got: str
) -> None:
    """The value shown is the outcomes (helper-169: it was Python's words)."""
    from rollwerk.errors import ParameterError

    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == ORDER.format(got=got)


def test_empty_and_unhashable_inputs_name_their_parameter() -> None:
    from rollwerk.errors import ParameterError

    with pytest.raises(ParameterError) as info:
        Distribution.uniform([])
    assert str(info.value) == "outcomes must be at least one outcome, got []"
    with pytest.raises(ParameterError) as info:
        Distribution.mixture([])
    assert str(info.value) == (
        "parts must be at least one (probability, Distribution) pair, got []"
    )
    with pytest.raises(ParameterError) as info:
        D6[[1]]  # type: ignore[index]
    assert str(info.value) == "outcome must be a hashable value, got [1]"
    # helper-169: `in` raised TypeError where indexing names the parameter
    assert [1] not in D6
    assert Distribution.uniform(["b", "a"]).median() == "a"


def test_to_json_checks_what_encode_gives() -> None:
    from rollwerk.errors import ParameterError

    pair = Distribution.uniform([(0, 1), (1, 0)])
    assert pair.to_json(encode=list)["outcomes"] == [
        {"value": [0, 1], "probability": "1/2"},
        {"value": [1, 0], "probability": "1/2"},
    ]
    with pytest.raises(ParameterError) as info:
        pair.to_json(encode=set)
    assert str(info.value) == (
        "encode((0, 1)) must be a JSON value: None, a bool, an int, a finite "
        "float, a str, or a list or dict (with str keys) of them, got {0, 1}"
    )


def test_a_mixture_of_too_many_outcomes_is_refused_before_adding_them() -> None:
    """A held-out icepool user: ``mixture`` of 6 000 parts of 6 000 outcomes
    took 5 s (and ``bind`` alike) while ``combine`` of 9 M pairs was refused
    at once."""
    part = Distribution.uniform(range(6000))
    parts = [(Fraction(1, 1000), part.map(lambda k, i=i: k + i)) for i in range(1000)]
    assert _refused(lambda: Distribution.mixture(parts)) == (
        "mixture: exact computation size limit exceeded: 6000000 is more than the "
        "maximum of 4000000 (by 2000000)"
    )
    dice = Distribution.uniform(range(1, 1001))
    calls: list[int] = []

    def func(n: int) -> Distribution[int]:
        calls.append(n)
        return part

    # bind stops calling func once the parts so far pass the limit
    assert _refused(lambda: dice.bind(func)) == (
        "mixture: exact computation size limit exceeded: 4002000 is more than the "
        "maximum of 4000000 (by 2000)"
    )
    assert len(calls) == 667
    few = Distribution.mixture([*parts[:600], (Fraction(2, 5), part)])
    assert few[0] == Fraction(1, 1000) * Fraction(1, 6000) + Fraction(2, 5) / 6000


def test_a_packed_power_just_past_the_limit_names_its_own_estimate() -> None:
    """A held-out designer's glitch pool (helper-179): 38 exploding d6's
    ``(hits, ones)`` were refused with the pair-by-pair estimate (384 000 000,
    a hundred times the limit) though the packed power is just past it."""
    one = (
        parse("1d6!").distribution().map(lambda t: (t // 6 + (t % 6 >= 5), int(t == 1)))
    )
    with pytest.raises(LimitExceeded) as caught:
        one.repeat_sum(38)
    assert str(caught.value) == (
        "repeat_sum(38): exact computation size limit exceeded: 4108236 is more "
        "than the maximum of 4000000 (by 108236)"
    )
