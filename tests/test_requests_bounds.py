"""The request cache is bounded by the memory its checks' memos may hold (h197).

A bot's request cache kept 4096 checks whose memos each kept up to 4096
results (2.8 GB for 2 772 AdZ-like pool requests), and every padded
request text in full (500 MB for 500 texts of a million spaces).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from rollwerk.checks import (
    CheckRequests,
    CheckSpec,
    Degree,
    Outcome,
    Parameter,
    define_check,
)
from rollwerk.errors import ParameterError
from rollwerk.rng import ScriptedRng


def _judge(faces: tuple[int, ...], *, target: int) -> Outcome:
    total = sum(faces)
    success = total >= target
    return Outcome(success, Degree.SUCCESS if success else Degree.FAILURE, total)


_POOL = define_check(
    "pool",
    dice=lambda count: [6] * count,
    judge=_judge,
    parameters=[
        Parameter("count", int, min_value=1, max_value=4),
        Parameter("target", int, min_value=1, max_value=30, default=10),
        Parameter("note", str, default=""),
    ],
)


@attrs.frozen
class _Pools:
    """A ruleset of one toolkit check (the request cache reads id and checks)."""

    id: str = "pools"

    def checks(self) -> Sequence[CheckSpec]:
        return [_POOL.spec(self.id)]


POOLS = _Pools()


def test_the_memos_kept_are_bounded_by_max_results() -> None:
    requests = CheckRequests(maxsize=100, max_results=3000)
    first = requests.build(POOLS, "count=4 target=5")  # a memo of up to 1296
    assert requests._results == 2 * 1296  # kept by words and by values
    requests.build(POOLS, "count=4 target=6")  # 4 * 1296 > 3000: first goes
    assert len(requests) == 2
    assert requests.build(POOLS, "count=4 target=6 ") is not first
    assert requests._results == 3 * 1296 - 1296  # the oldest went again
    small = requests.build(POOLS, "count=1")  # a memo of up to 6
    assert requests.build(POOLS, {"count": "1"}) is small


def test_the_latest_check_is_kept_even_beyond_max_results() -> None:
    requests = CheckRequests(maxsize=100, max_results=1)
    check = requests.build(POOLS, "count=3")
    assert requests.build(POOLS, "count=3") is check
    assert len(requests) == 2
    result = check.resolve(ScriptedRng([6, 6, 6]))
    assert (result.value, result.success) == (18, True)


@pytest.mark.parametrize(
    "request_",
    [
        "count=2" + " " * 300,
        "count=00000000000000000000000000002" + " " * 250,
        ["count=2", "target=" + "0" * 20 + "9", "note=" + "y" * 250],
        {"count": "2" + " " * 300},
    ],
)
def test_a_long_request_is_kept_by_its_values_only(request_: object) -> None:
    requests = CheckRequests(maxsize=100)
    check = requests.build(POOLS, request_)  # type: ignore[arg-type]
    assert len(requests) <= 1  # not the text: padding is no other entry
    if check.parameters["note"] == "":
        assert requests.build(POOLS, "count=2") is check
        assert len(requests) == 2


def test_a_long_free_text_value_is_not_kept() -> None:
    requests = CheckRequests(maxsize=100)
    requests.build(POOLS, {"count": "2", "note": "x" * 300})
    assert len(requests) == 0
    requests.build(POOLS, {"count": "2", "note": "x" * 20})
    assert len(requests) == 2


@pytest.mark.parametrize("bad", [0, -1, True, 2.0])
def test_max_results_is_a_positive_integer(bad: object) -> None:
    with pytest.raises(ParameterError) as info:
        CheckRequests(max_results=bad)  # type: ignore[arg-type]
    assert str(info.value) == f"max_results must be an integer >= 1, got {bad!r}"
