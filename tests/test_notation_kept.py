"""Expressions keep their distributions within a bound (reliability.md).

``parse`` caches up to 1024 expressions; each kept the distribution it had
computed, so a bot answering ``!odds`` for many large expressions held every
one (about 80 MB for ``(50d6)*(50d100)``). The kept distributions now hold
at most about 80 MB in all besides the latest (500 000 outcomes of small
weights, fewer of wide ones: tests/test_cache_budgets.py); the oldest are
forgotten and computed again when asked for.
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction

import pytest

from rollwerk.notation import _expression, parse


def test_the_oldest_distribution_is_forgotten_beyond_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_expression, "_KEPT_OUTCOMES", 30)
    monkeypatch.setattr(_expression, "_kept", OrderedDict())
    monkeypatch.setattr(_expression, "_kept_size", [0])
    # texts no other test parses: expressions that computed nothing yet
    first, second, third = (parse(f"{n}d6+{n}d7+0+0+0") for n in (3, 2, 1))
    assert len(first.distribution().support) == 34  # 6..39
    assert len(second.distribution().support) == 23  # 4..26
    # 34 + 23 outcomes: the first is forgotten, the latest is always kept
    assert first._dist is None
    assert second._dist is not None
    assert len(third.distribution().support) == 12  # 2..13
    assert (second._dist is not None, third._dist is not None) == (True, True)
    # asked again, the forgotten one is computed again: the same values
    again = first.distribution()
    assert again[6] == Fraction(1, 216 * 343)
    assert first._dist is again
    assert again == parse("3d6+3d7").distribution()


def test_the_real_bound_is_500_000_outcomes() -> None:
    assert _expression._KEPT_OUTCOMES == 500_000
