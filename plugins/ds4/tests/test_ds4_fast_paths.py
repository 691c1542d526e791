"""Issue 11: the per-face memo of single-die checks gives what fresh checks give and DS4's closed-form odds
agree with enumerating every d20 face.

Moved here from the core's ``tests/test_fast_paths.py``: core tests import no
plugin.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Degree, Distribution, Outcome, ScriptedRng, SeededRng
from rollwerk_ds4 import Ds4Check, assign_dice, sub_checks


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: Ds4Check(14), id="one-die"),
        pytest.param(lambda: Ds4Check(44), id="three-dice"),
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


@settings(max_examples=15)
@given(pw=st.one_of(st.integers(-3, 40), st.sampled_from([44, 60])))
def test_perf_ds4_closed_form_equals_brute_force(pw: int) -> None:
    """Issue 11 / DS4-R05..R08: exact odds equal enumerating every d20 face."""
    k = len(sub_checks(pw))
    counts: dict[Outcome, int] = {}
    for dice in itertools.product(range(1, 21), repeat=k):
        if dice[0] == 20:
            key = Outcome(False, Degree.CRITICAL_FAILURE, 0)
        elif k == 1:
            if dice[0] == 1:
                key = Outcome(True, Degree.CRITICAL_SUCCESS, max(pw, 1))
            elif dice[0] <= pw:
                key = Outcome(True, Degree.SUCCESS, dice[0])
            else:
                key = Outcome(False, Degree.FAILURE, 0)
        else:
            degree = Degree.CRITICAL_SUCCESS if dice[0] == 1 else Degree.SUCCESS
            key = Outcome(True, degree, assign_dice(pw, dice).result)
        counts[key] = counts.get(key, 0) + 1
    assert Ds4Check(pw).outcomes() == Distribution.from_weights(counts)
