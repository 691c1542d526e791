"""Issue 11: the per-face memo of single-die checks gives what fresh checks give.

Moved here from the core's ``tests/test_fast_paths.py``: core tests import no
plugin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import ScriptedRng, SeededRng
from rollwerk_mythandria import DecisionCheck


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: DecisionCheck(50), id="d100"),
        pytest.param(lambda: DecisionCheck(35, "2d10"), id="2d10"),
    ],
)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32))
def test_perf_memoized_check_results_equal_fresh_checks(
    build: Callable[[], Any], seed: int
) -> None:
    """A check resolved many times gives what fresh checks give.

    The reused check answers from its per-face memo after the first draws; a
    freshly built check has an empty memo and takes the slow path.
    """
    reused = build()
    fast_rng, slow_rng = SeededRng(seed), SeededRng(seed)
    for _ in range(60):
        fast = reused.resolve(fast_rng)
        slow = build().resolve(slow_rng)
        assert fast == slow
        assert fast.outcome() in reused.outcomes().support
        replay = ScriptedRng([r.face for r in fast.rolls])
        assert build().resolve(replay) == fast
    assert reused == build()
    assert hash(reused) == hash(build())
