"""The caches a long-lived process keeps are bounded by memory (reliability.md).

A bot author found both caches bounded by counts only: kept distributions
by 500 000 outcomes, gigabytes with wide weights (``50d20r1``: 951 outcomes
of 2.6 MB of digits), and ``parse``'s cache by 1024 expressions, 250 MB of
250-term ones. The kept distributions are now charged an estimate of their
bytes (80 MB in all besides the latest) and held weakly; ``parse``'s cache is
an LRU bounded by entries and by characters of notation.
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict

import pytest

from rollwerk import NotationError, parse
from rollwerk.notation import _expression
from rollwerk.notation._dialect import ROLLWERK


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty caches of this test's own, so that other tests' entries don't count."""
    monkeypatch.setattr(_expression, "_kept", OrderedDict())
    monkeypatch.setattr(_expression, "_kept_size", [0])
    monkeypatch.setattr(_expression, "_kept_dead", [])
    monkeypatch.setattr(_expression, "_parsed", OrderedDict())
    monkeypatch.setattr(_expression, "_parsed_chars", [0])


def kept_total() -> int:
    """The sum of what the kept entries were charged (it must be the counter)."""
    return sum(ref.cost for ref in _expression._kept.values())


# -- the kept distributions ----------------------------------------------------


def test_the_real_budget_is_80_mb_of_500_000_small_outcomes() -> None:
    assert _expression._kept_budget() == 80_000_000
    assert _expression._KEPT_OUTCOMES * _expression._OUTCOME_BYTES == 80_000_000


def test_a_distribution_is_charged_its_outcomes_and_its_digits(fresh: None) -> None:
    # 11 outcomes; weights 1..6..1 and total 36: 31 bits, 4 bytes of digits
    assert _expression._kept_cost(parse("2d6").distribution()) == 512 + 1760 + 4
    # 191 outcomes whose weights are hundreds of bits wide: the digits dominate
    wide = parse("10d20r1").distribution()
    bits = sum(w.bit_length() for w in wide._weights.values())
    bits += wide._total.bit_length()
    assert (len(wide.support), bits) == (191, 811_578)
    assert _expression._kept_cost(wide) == 512 + 191 * 160 + 108_210 == 139_282
    assert _expression._kept_size == [2276 + 139_282]
    assert kept_total() == 2276 + 139_282


def test_wide_distributions_are_kept_within_the_byte_budget(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 320 000 bytes: 2000 outcomes of small weights, only 2 of these wide
    # ones of 191 outcomes besides the latest (the outcome count kept 10)
    monkeypatch.setattr(_expression, "_KEPT_OUTCOMES", 2000)
    assert _expression._kept_budget() == 320_000
    exprs = [parse(f"10d20r1+{i}") for i in range(6)]
    first = exprs[0].distribution()
    for n, expr in enumerate(exprs, 1):
        latest = _expression._kept_cost(expr.distribution())
        assert latest == 139_282
        assert _expression._kept_size[0] == kept_total()
        assert _expression._kept_size[0] - latest <= 320_000
        assert expr._dist is not None  # the latest is always kept
        assert len(_expression._kept) == min(n, 3)
    assert [e._dist is not None for e in exprs] == [
        False,
        False,
        False,
        True,
        True,
        True,
    ]
    assert _expression._kept_size == [3 * 139_282]
    # forgotten, it is computed again when asked for: the same values
    again = exprs[0].distribution()
    assert again is not first
    assert again == first
    assert again.support[:2] == (10, 11)
    assert exprs[0]._dist is again
    kept = [e._dist is not None for e in exprs]
    assert kept == [True, False, False, False, True, True]


def test_the_latest_is_kept_even_beyond_the_whole_budget(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_expression, "_KEPT_OUTCOMES", 1)  # 160 bytes
    first, second = parse("10d20r1"), parse("2d6")
    first.distribution()
    assert (len(_expression._kept), _expression._kept_size) == (1, [139_282])
    second.distribution()
    assert (first._dist, len(_expression._kept)) == (None, 1)
    assert second._dist is not None
    assert _expression._kept_size == [2276]


def test_small_weights_keep_500_000_outcomes_as_the_outcome_count_did(
    fresh: None,
) -> None:
    # 10 000 outcomes of weight 1: 1 601 847 bytes each, so 49 fit in 80 MB
    # besides the latest: 500 000 outcomes (the count of outcomes kept 51)
    exprs = [parse(f"1d10000+{i}") for i in range(60)]
    for expr in exprs:
        expr.distribution()
    assert _expression._kept_cost(exprs[0].distribution()) == 1_601_847
    kept = [e for e in exprs if e._dist is not None]
    assert kept == [exprs[0], *exprs[11:]]  # the first was asked for again
    assert sum(len(e.distribution().support) for e in kept) == 500_000
    assert _expression._kept_size[0] == kept_total() == 50 * 1_601_847


def test_an_expression_no_one_holds_takes_its_distribution_with_it(
    fresh: None,
) -> None:
    # not from parse's cache, which would hold it
    expr = _expression._parse_new("3d6", ROLLWERK)
    expr.distribution()
    assert len(_expression._kept) == 1
    cost = _expression._kept_size[0]
    assert cost == 512 + 16 * 160 + 8  # 66 bits of digits
    del expr
    gc.collect()
    assert len(_expression._kept_dead) == 1  # given back at the next keep
    parse("2d6").distribution()
    assert _expression._kept_dead == []
    assert _expression._kept_size == [2276]
    assert [ref().notation for ref in _expression._kept.values()] == ["2d6"]


def test_a_reused_id_does_not_forget_the_new_expression(fresh: None) -> None:
    # a dead reference whose id a live expression took is not the live one's
    expr = parse("2d6")
    expr.distribution()
    ref = _expression._kept[id(expr)]
    stale = _expression._KeptRef(parse("3d6"))
    stale.key, stale.cost = id(expr), 999
    _expression._kept_dead.append(stale)
    parse("1d4").distribution()
    assert _expression._kept[id(expr)] is ref
    assert expr._dist is not None
    assert _expression._kept_size[0] == kept_total() == 2276 + 512 + 4 * 160


# -- parse's cache -------------------------------------------------------------


def test_the_real_parse_cache_bounds() -> None:
    assert (_expression._PARSED_ENTRIES, _expression._PARSED_CHARS) == (1024, 32_768)


def test_a_cached_parse_is_the_same_object(fresh: None) -> None:
    first = parse("4d6kh3")
    assert parse("4d6kh3") is first
    assert parse("4d6kh3", "rollwerk") is first
    assert parse("4d6kh3", ROLLWERK) is first
    other = parse("3d6>3", "roll20")
    assert other is not parse("3d6>3")
    assert other is parse("3d6>3", "roll20")
    assert list(_expression._parsed) == [
        ("4d6kh3", "rollwerk"),
        ("3d6>3", "rollwerk"),
        ("3d6>3", "roll20"),  # used last
    ]
    assert _expression._parsed_chars == [6 + 5 + 5]


def test_the_least_recently_used_is_evicted_first(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_expression, "_PARSED_ENTRIES", 3)
    a, b, _c = parse("1d4"), parse("1d6"), parse("1d8")
    assert parse("1d4") is a  # used: now the most recent
    parse("1d10")
    assert [n for n, _ in _expression._parsed] == ["1d8", "1d4", "1d10"]
    assert _expression._parsed_chars == [3 + 3 + 4]
    assert parse("1d6") is not b  # forgotten: parsed again
    assert [n for n, _ in _expression._parsed] == ["1d4", "1d10", "1d6"]


def test_the_cache_holds_at_most_its_characters(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_expression, "_PARSED_CHARS", 40)
    texts = ["+".join(["1d6"] * 4) + f"+{i}" for i in range(10)]  # 17 characters
    for n, text in enumerate(texts, 1):
        parse(text)
        assert _expression._parsed_chars[0] == 17 * min(n, 2)
        assert _expression._parsed_chars[0] <= 40
    assert [n for n, _ in _expression._parsed] == texts[-2:]
    # the latest is kept even when it alone is longer than the budget
    long = "+".join(["1d6"] * 11)  # 43 characters
    assert parse(long) is parse(long)
    assert (list(_expression._parsed), _expression._parsed_chars) == (
        [(long, "rollwerk")],
        [43],
    )


def test_a_refusal_is_not_cached(fresh: None) -> None:
    for _ in range(2):
        with pytest.raises(NotationError):
            parse("2d6+")
    assert (len(_expression._parsed), _expression._parsed_chars) == (0, [0])


def test_the_cache_can_be_cleared(fresh: None) -> None:
    first = parse("1d20+5")
    _expression._parse_cached.cache_clear()  # type: ignore[attr-defined]
    assert (len(_expression._parsed), _expression._parsed_chars) == (0, [0])
    assert parse("1d20+5") is not first


def test_threads_parsing_one_new_text_get_one_object(fresh: None) -> None:
    barrier = threading.Barrier(8)
    got: list[object] = []

    def work() -> None:
        barrier.wait()
        got.append(parse("3d8+2d4-1"))

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 8
    assert all(expr is got[0] for expr in got)
    assert (len(_expression._parsed), _expression._parsed_chars) == (1, [9])
