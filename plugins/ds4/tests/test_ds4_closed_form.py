"""DS4's closed forms against the toolkit's slow paths (issue 11, issue 22).

The ``check`` and ``attack`` are toolkit checks: resolving uses the
toolkit's per-face memo (tested in the core's ``tests/test_toolkit.py``),
and their exact odds come from DS4's closed form over generating functions
(``odds=``). Here the closed form must equal enumerating every d20 face
through the judge (``FaceCheck.enumerate``) and a brute force written from
the rules alone, not from the judge.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Degree, Distribution, Outcome, ScriptedRng, SeededRng
from rollwerk_ds4 import assign_dice, attack, check, sub_checks


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
    assert check(pw).outcomes() == Distribution.from_weights(counts)


@pytest.mark.parametrize(
    ("pw", "need_result", "rest_die"),
    [
        *((pw, True, 0) for pw in (-20, -1, 0, 1, 2, 10, 19, 20, 21, 25, 39, 40, 41)),
        (44, True, 0),
        (44, True, 1),
        (44, True, 3),
        (25, True, 2),
        (60, True, 0),
        (44, False, 0),
        (100, False, 0),
    ],
)
def test_ds4_r05_r08_closed_form_equals_the_judge_over_every_face(
    pw: int, need_result: bool, rest_die: int
) -> None:
    """DS4-R05 to R08: ``odds=`` equals the toolkit's enumeration of the judge."""
    ds4 = check(pw, need_result, rest_die)
    assert ds4.outcomes() == ds4.enumerate()


@pytest.mark.parametrize(
    ("att", "defense", "ga", "undefendable", "helpless"),
    [
        (12, 15, 0, False, False),
        (12, 15, 5, False, True),
        (12, 15, 0, True, False),
        (-3, 4, 0, False, False),
        (20, 0, 0, False, True),
        (25, 12, 0, False, False),
        (12, 30, 2, False, False),
    ],
)
def test_ds4_r14_attack_closed_form_equals_the_judge_over_every_face(
    att: int, defense: int, ga: int, undefendable: bool, helpless: bool
) -> None:
    """DS4-R14, R33: the attack's closed form equals enumerating its faces.

    The Abwehr dice are drawn only on a hit (the toolkit's stop rule): a
    miss stands for every face of the Abwehr dice it leaves undrawn.
    """
    hit = attack(att, defense, ga, undefendable, helpless)
    assert hit.outcomes() == hit.enumerate()


@pytest.mark.parametrize("build", [lambda: check(14), lambda: attack(12, 15)])
def test_perf_ported_checks_resolve_as_fresh_ones(build: object) -> None:
    """A reused (memoized) check gives what freshly built checks give, replayable."""
    assert callable(build)
    reused = build()
    fast_rng, slow_rng = SeededRng(7), SeededRng(7)
    for _ in range(200):
        fast = reused.resolve(fast_rng)
        assert fast == build().resolve(slow_rng)
        assert fast.outcome() in reused.outcomes().support
        assert build().resolve(ScriptedRng([r.face for r in fast.rolls])) == fast
