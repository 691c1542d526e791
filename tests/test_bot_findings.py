"""A held-out bot author's findings (helper-151): threads, stacks and limits.

The shared registry and its rulesets are one object for every thread; a
chain of powers counts towards the nesting depth; sums of many terms
written alike are powers; totals of custom faces step by their common
difference; limit and look-alike messages say what the user wrote.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import TypeVar

import pytest

import rollwerk
import rollwerk.plugins._registry as registry_module
from rollwerk import (
    Distribution,
    LimitExceeded,
    NotationError,
    RollResult,
    SeededRng,
    parse,
)
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry, get_registry
from rollwerk.testing import examples

T = TypeVar("T")


@pytest.fixture
def eager_switching() -> Iterator[None]:
    """Threads switch as often as they can, so that races show."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _at_once(fn: Callable[[], T], threads: int = 8) -> list[T]:
    barrier = threading.Barrier(threads)

    def run(_: int) -> T:
        barrier.wait()
        return fn()

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(run, range(threads)))


@pytest.mark.usefixtures("eager_switching")
def test_threads_asking_at_once_get_one_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """reliability.md: threads all get the same answer."""
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    for _ in range(10):
        monkeypatch.setattr(registry_module, "_DEFAULT", None)
        assert len({id(r) for r in _at_once(get_registry)}) == 1


@pytest.mark.usefixtures("eager_switching")
def test_threads_asking_at_once_get_one_guarded_ruleset() -> None:
    for _ in range(10):
        registry = Registry(load_entrypoints=False, plugins=[examples])
        found = _at_once(lambda registry=registry: registry.ruleset("toy"))  # type: ignore[misc]
        assert len({id(r) for r in found}) == 1


@pytest.mark.parametrize("links", [51, 332])
def test_a_chain_of_powers_counts_towards_the_nesting_depth(links: int) -> None:
    """``1**1**…`` (332 links, 997 characters) exhausted the stack in explain()."""
    with pytest.raises(LimitExceeded) as info:
        parse("1" + "**1" * links)
    assert str(info.value) == (
        "nesting depth limit exceeded: at least 51 is more than the maximum of "
        "50 (by at least 1)"
    )


@pytest.mark.parametrize("op", [">", ">=", "<=", "==", "!="])
@pytest.mark.parametrize("links", [52, 330])
def test_a_chain_of_comparisons_counts_towards_the_nesting_depth(
    op: str, links: int
) -> None:
    """helper-202: avrae's ``1>1>…`` (495 links, 991 characters) rolled, but
    ``explain()``, ``to_json`` and ``RollResult.from_json`` (from 165 links)
    exhausted the stack, and the CLI exited 1 with an internal error."""
    with pytest.raises(LimitExceeded) as info:
        parse(f"1{op}" * links + "1", "avrae")
    assert str(info.value) == (
        "nesting depth limit exceeded: at least 51 is more than the maximum of "
        "50 (by at least 1)"
    )


def test_a_chain_of_fifty_one_comparisons_round_trips_and_explains() -> None:
    """The first comparison of a chain does not count: ``(((1d6>3)))`` in 50
    parentheses stays within the limit, as it was."""
    result = parse("1>" * 51 + "1", "avrae").roll(SeededRng(1))
    again = RollResult.from_json(json.loads(json.dumps(result.to_json())))
    assert again == result
    assert again.explain() == result.explain()
    assert result.total == 0
    deep = "(" * 50 + "1d6>3" + ")" * 50
    assert parse(deep).distribution() == parse("1d6>3").distribution()


def test_a_chain_of_fifty_powers_explains_from_a_deep_stack() -> None:
    result = parse("1" + "**1" * 50).roll(SeededRng(1))

    def deep(k: int) -> str:
        return deep(k - 1) if k else result.explain()

    assert deep(600).startswith("1**1**1")
    assert result.total == 1


@pytest.mark.parametrize(
    ("alike", "pool"),
    [("+".join(["3d4"] * 250), "750d4"), ("+".join(["2d6"] * 250), "500d6")],
)
def test_a_sum_of_terms_written_alike_is_their_pool(alike: str, pool: str) -> None:
    """250 terms ``3d4`` took 7 s (750d4: 1 ms), within the documented budget."""
    assert parse(alike).distribution() == parse(pool).distribution()


def test_terms_written_alike_keep_their_signs() -> None:
    d6 = Distribution.uniform(range(1, 7))
    two = d6 + d6
    expected = (two + two - two).map(lambda total: total + 2)
    assert parse("2d6+3-2d6+2d6-1").distribution() == expected


@pytest.mark.parametrize(
    ("notation", "outcomes"),
    [
        ("d{0,1000000}+1", {1: Fraction(1, 2), 1000001: Fraction(1, 2)}),
        (
            "2d{0,1000000}",
            {0: Fraction(1, 4), 1000000: Fraction(1, 2), 2000000: Fraction(1, 4)},
        ),
        ("d{1,1000000}*2", {2: Fraction(1, 2), 2000000: Fraction(1, 2)}),
    ],
)
def test_custom_faces_far_apart_are_few_totals(
    notation: str, outcomes: dict[int, Fraction]
) -> None:
    """They were refused as 4 000 009 units of work for 2 outcomes."""
    assert dict(parse(notation).distribution().items()) == outcomes


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        (
            "1d20+1000000000000000000",
            (
                "value limit exceeded: 1000000000000000020 is more than the maximum "
                "of 1000000000000000000 (by 20)"
            ),
        ),
        (
            "1d6*-999999999999999999",
            (
                "a total as low as about -5.9e18: value limit exceeded: about 5.9e18 "
                "is more than the maximum of about 1.0e18 (by about 4.9e18)"
            ),
        ),
    ],
)
def test_value_limits_read_as_an_excess(notation: str, message: str) -> None:
    with pytest.raises(LimitExceeded) as info:
        parse(notation)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("1d20−5", "unexpected '−': write '-' (ASCII) for it"),
        ("1d20＋5", "unexpected '＋': write '+' (ASCII) for it"),
        ("１d20", "unexpected '１': write '1' (ASCII) for it"),
        ("2d6 × 2", "unexpected '×': write '*' (ASCII) for it"),
        (
            "1d20 minus 5",
            (
                "expected the number of 'min', the least face a die counts as "
                "(min2), got 'u'"
            ),
        ),
    ],
)
def test_look_alikes_and_words_are_named(notation: str, reason: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(notation)
    assert info.value.reason == reason


def test_the_chain_depth_is_documented() -> None:
    assert rollwerk.dice.DICE_LIMITS.max_depth == 50


def test_a_request_of_very_many_keys_is_refused_at_its_first() -> None:
    """A million keys were all keyed for the cache before the first was refused."""
    from rollwerk import ParameterError
    from rollwerk.checks import check_from_request

    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    request = {f"k{i}": "1" for i in range(100_000)}
    with pytest.raises(ParameterError) as info:
        check_from_request(toy, request)
    assert str(info.value) == (
        "parameter of toy:check must be one of: skill, modifier, edge, "
        "difficulty, got 'k0'"
    )
    # a request of many words that a check does take still builds
    assert check_from_request(toy, {"skill": "3"}).parameters["skill"] == 3
