"""Outcomes that Python holds equal but of other kinds, typed sums, sized limits.

Python holds ``True == 1 == 1.0 == Fraction(1)``, so a dict keeps one of
them, whichever came first: ``uniform([1, True])`` was ``{1: 1}`` and
``uniform([True, 1])`` ``{True: 1}``, ``d6.map(lambda n: (n >= 4) if n < 6
else 1)`` turned the int 1 into ``True``. A distribution tells a bool, a
float and an int apart (as its ``==`` does), so every builder refuses
such outcomes together, and a lookup answers by kind (``d6[True]`` is 0).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

import pytest

from rollwerk import Distribution
from rollwerk.distribution import MAX_OUTCOMES
from rollwerk.errors import LimitExceeded, ParameterError, SchemaError

D6 = Distribution.uniform(range(1, 7))
MIXED = (
    "outcomes must be of one kind where they are equal (True == 1 == 1.0 in "
    "Python, but a bool, a float and an int are different outcomes here; map "
    "them to one kind first: map(int), map(float), map(bool)), got "
)


class _Pairs(Mapping[Any, int]):
    """A mapping that lists equal keys apart, as a dict cannot."""

    def __init__(self, *pairs: tuple[Any, int]) -> None:
        self._pairs = pairs

    def __getitem__(self, key: Any) -> int:
        return next(w for k, w in self._pairs if k == key)

    def __iter__(self) -> Iterator[Any]:
        return iter(k for k, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)


def _refused(call: Any, got: str) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == MIXED + got


def test_builders_refuse_a_bool_and_a_number_in_either_order() -> None:
    _refused(lambda: Distribution.uniform([1, True]), "(1, True)")
    _refused(lambda: Distribution.uniform([True, 1]), "(True, 1)")
    _refused(lambda: Distribution.uniform([1.0, 1]), "(1.0, 1)")
    _refused(
        lambda: Distribution.uniform([Fraction(1, 2), 0.5]), "(Fraction(1, 2), 0.5)"
    )
    _refused(lambda: Distribution.uniform([False, 0.0]), "(False, 0.0)")
    _refused(lambda: Distribution.uniform([(1, 2), (1, 2.0)]), "((1, 2), (1, 2.0))")
    _refused(lambda: Distribution.from_weights(_Pairs((1, 1), (True, 1))), "(1, True)")
    _refused(
        lambda: Distribution(_Pairs((True, 1), (1, 0))),  # type: ignore[arg-type]
        "(True, 1)",
    )


def test_map_combine_mixture_and_bind_refuse_them() -> None:
    _refused(lambda: D6.map(lambda n: (n >= 4) if n < 6 else 1), "(True, 1)")
    _refused(lambda: D6.map(lambda n: n % 2 if n < 6 else 0.0), "(0, 0.0)")
    _refused(lambda: D6.combine(D6, lambda a, b: a > b if a != b else 0), "(0, False)")
    _refused(
        lambda: D6.combine(D6, lambda a, b: (a > b, 0) if a != 1 else (1, 0)),
        "((1, 0), (True, 0))",
    )
    half = Fraction(1, 2)
    _refused(
        lambda: Distribution.mixture(
            [(half, Distribution.constant(1)), (half, Distribution.constant(True))]
        ),
        "(1, True)",
    )
    _refused(
        lambda: D6.bind(lambda n: Distribution.constant(n > 3 if n != 6 else 1.0)),
        "(True, 1.0)",
    )


def test_from_json_names_the_kinds_not_a_repeat() -> None:
    data = {
        "schema": 1,
        "outcomes": [
            {"value": 1, "probability": "1/2"},
            {"value": True, "probability": "1/2"},
        ],
    }
    with pytest.raises(SchemaError) as info:
        Distribution.from_json(data)
    assert str(info.value) == (
        "malformed distribution JSON: outcomes[1].value must be of one kind where "
        "they are equal (True == 1 == 1.0 in Python, but a bool, a float and an int "
        "are different outcomes here; map them to one kind first: map(int), "
        "map(float), map(bool); 1 is listed before), got True"
    )
    data["outcomes"][1]["value"] = 1  # type: ignore[index]
    with pytest.raises(SchemaError) as info:
        Distribution.from_json(data)
    assert str(info.value) == (
        "malformed distribution JSON: outcomes[1].value must be an outcome not "
        "listed before, got 1"
    )


def test_outcomes_of_one_kind_or_apart_still_merge_and_mix() -> None:
    assert D6.map(lambda n: n >= 4).weights() == {False: 1, True: 1}
    assert dict(D6.map(lambda n: n if n < 6 else 2.5).items()) == {
        1: Fraction(1, 6),
        2: Fraction(1, 6),
        2.5: Fraction(1, 6),
        3: Fraction(1, 6),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
    }
    assert dict(D6.map(lambda n: n % 2 if n < 6 else "x").items()) == {
        1: Fraction(1, 2),
        0: Fraction(1, 3),
        "x": Fraction(1, 6),
    }
    # an int and a Fraction of one value are one outcome, as == holds
    assert Distribution.uniform([1, Fraction(1), 2]) == Distribution.from_weights(
        {1: 2, 2: 1}
    )
    assert Distribution.uniform([Fraction(1), 1])[1] == 1
    assert (D6 + 0.5).map(lambda x: x - 0.5).support == (1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    pairs = D6.map(lambda n: (n % 2, n > 3))
    assert pairs.weights() == {(0, False): 1, (0, True): 2, (1, False): 2, (1, True): 1}
    counts = D6.map(lambda n: (n % 2, n % 3))
    assert (counts + counts)[(0, 0)] == Fraction(1, 36)


def test_lookups_answer_by_kind() -> None:
    assert D6[True] == 0
    assert D6[3.0] == 0
    assert D6[3] == Fraction(1, 6)
    assert D6.probability(True) == 0
    assert D6.probability(1) == Fraction(1, 6)
    assert (True in D6, 3.0 in D6, 3 in D6, Fraction(3) in D6) == (
        False,
        False,
        True,
        True,
    )
    assert D6[Fraction(3)] == Fraction(1, 6)
    coin = D6.map(lambda n: n > 3)
    assert (coin[1], coin[True], coin[0.0], coin[False]) == (
        0,
        Fraction(1, 2),
        0,
        Fraction(1, 2),
    )
    assert (1 in coin, True in coin) == (False, True)
    halves = Distribution.uniform([0.5, 1.0])
    assert (halves[1], halves[1.0], 1 in halves, Fraction(1, 2) in halves) == (
        0,
        Fraction(1, 2),
        False,
        False,
    )
    counts = Distribution.uniform([(1, True), (0, False)])
    assert (counts[(1, 1)], counts[(1, True)], (0, 0) in counts) == (
        0,
        Fraction(1, 2),
        False,
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: D6 + True,
            "shift must be an int, a Fraction or a finite float, not a bool, got True",
        ),
        (
            lambda: True + D6,
            "shift must be an int, a Fraction or a finite float, not a bool, got True",
        ),
        (
            lambda: D6 - False,
            "shift must be an int, a Fraction or a finite float, not a bool, got False",
        ),
        (
            lambda: True - D6,
            "shift must be an int, a Fraction or a finite float, not a bool, got True",
        ),
        (
            lambda: D6 * True,
            "factor must be an int, a Fraction or a finite float, not a bool, got True",
        ),
        (
            lambda: False * D6,
            "factor must be an int, a Fraction or a finite float, not a bool, got False",
        ),
    ],
)
def test_a_bool_operand_is_refused(call: Any, message: str) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_sums_of_counts_and_of_bools_give_what_their_types_say() -> None:
    one = Distribution.uniform([(0, 1), (1, 0)])
    assert (one + one).weights() == {(0, 2): 1, (1, 1): 2, (2, 0): 1}
    assert (one - one).weights() == {(-1, 1): 1, (0, 0): 2, (1, -1): 1}
    assert (-one).weights() == {(-1, 0): 1, (0, -1): 1}
    assert one.repeat_sum(2) == one + one
    hits = Distribution.uniform([True, False])
    both = hits + hits
    assert both.weights() == {0: 1, 1: 2, 2: 1}
    assert all(type(k) is int for k in both)
    assert (hits - hits).weights() == {-1: 1, 0: 2, 1: 1}
    assert (hits + 1).weights() == {1: 1, 2: 1}
    assert (1 - hits).weights() == {0: 1, 1: 1}
    assert (-hits).weights() == {-1: 1, 0: 1}
    assert all(type(k) is int for k in -hits)
    assert (hits + D6)[7] == Fraction(1, 12)
    three = hits.repeat_sum(3)
    assert three.weights() == {0: 1, 1: 3, 2: 3, 3: 1}
    assert all(type(k) is int for k in three)
    assert three.mean() == Fraction(3, 2)


def test_statistics_refuse_what_their_types_refuse() -> None:
    for dist, got in (
        (Distribution.uniform(["hit", "miss"]), "'hit'"),
        (Distribution.uniform([0.5, 1.5]), "0.5"),
    ):
        with pytest.raises(ParameterError) as info:
            dist.mean()  # type: ignore[misc]
        assert str(info.value) == (
            f"outcomes must be numbers (int or Fraction) for this operation, got {got}"
        )
    assert Distribution.uniform([1, Fraction(1, 2)]).variance() == Fraction(1, 16)


class _Sized:
    """A collection that says how long it is and must not be read."""

    def __init__(self, size: int) -> None:
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[int]:
        raise AssertionError("read")


def test_a_sized_collection_is_refused_before_it_is_read() -> None:
    with pytest.raises(LimitExceeded) as info:
        Distribution.uniform(_Sized(MAX_OUTCOMES + 1))
    assert str(info.value) == (
        "outcomes limit exceeded: 4000001 is more than the maximum of 4000000 (by 1)"
    )
    with pytest.raises(LimitExceeded) as info:
        Distribution.uniform(range(10**12))
    assert str(info.value) == (
        "outcomes limit exceeded: 1000000000000 is more than the maximum of 4000000 "
        "(by 999996000000)"
    )


def test_uniform_still_names_an_unhashable_outcome() -> None:
    with pytest.raises(ParameterError) as info:
        Distribution.uniform([1, [2]])
    assert str(info.value) == "outcome must be a hashable value, got [2]"
    with pytest.raises(ParameterError) as info:
        Distribution.uniform(iter([]))
    assert str(info.value) == "outcomes must be at least one outcome, got []"
