"""The ported checks give exactly what the hand-written ``Pf2eCheck`` gave.

``check`` and ``attack`` are declared with the toolkit
([`define_check`][rollwerk.checks.define_check]); its per-face memo is
tested by the core's toolkit tests. Here the ported checks are compared with
a slow reference written from the rules text (every face graded afresh),
for the exact odds and for every resolved result.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Degree, Distribution, Outcome, ScriptedRng, SeededRng, build_check
from rollwerk_pf2e import PF2E

_STEPS = (
    Degree.CRITICAL_FAILURE,
    Degree.FAILURE,
    Degree.SUCCESS,
    Degree.CRITICAL_SUCCESS,
)


def _reference(natural: int, modifier: int, dc: int, increments: int) -> Outcome:
    """Degrees of success as the rules state them, graded from scratch."""
    total = natural + modifier - 2 * (increments - 1)
    step = 3 if total >= dc + 10 else 2 if total >= dc else 0 if total <= dc - 10 else 1
    step += {20: 1, 1: -1}.get(natural, 0)
    degree = _STEPS[min(3, max(0, step))]
    return Outcome(degree in _STEPS[2:], degree, total)


def _reference_odds(modifier: int, dc: int, increments: int) -> Distribution[Outcome]:
    weights: dict[Outcome, int] = {}
    for natural in range(1, 21):
        out = _reference(natural, modifier, dc, increments)
        weights[out] = weights.get(out, 0) + 1
    return Distribution.from_weights(weights)


@given(st.integers(-20, 60), st.integers(0, 80), st.integers(1, 6))
def test_ported_odds_equal_the_reference(
    modifier: int, dc: int, increments: int
) -> None:
    attack = build_check(
        PF2E, "attack", modifier=modifier, dc=dc, range_increments=increments
    )
    assert attack.outcomes() == _reference_odds(modifier, dc, increments)
    check = build_check(PF2E, "check", modifier=modifier, dc=dc)
    assert check.outcomes() == _reference_odds(modifier, dc, 1)


def test_ported_odds_exact_values() -> None:
    """Degrees of success with a +7 attack against AC 18 at the 2nd increment."""
    attack = build_check(PF2E, "attack", modifier=7, dc=18, range_increments=2)
    by_degree = attack.outcomes().map(lambda o: o.degree)
    assert dict(by_degree.items()) == {
        Degree.CRITICAL_FAILURE: Fraction(3, 20),  # 1..3 (total <= 8)
        Degree.FAILURE: Fraction(9, 20),  # 4..12
        Degree.SUCCESS: Fraction(7, 20),  # 13..19
        Degree.CRITICAL_SUCCESS: Fraction(1, 20),  # 20 (total 25, stepped up)
    }


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32))
def test_resolved_results_equal_fresh_checks_and_replays(seed: int) -> None:
    """A check resolved many times (answered from the toolkit's memo) gives
    what a freshly built check gives, and its rolls replay to the same result."""
    reused = build_check(PF2E, "check", modifier=7, dc=18)
    fast_rng, slow_rng = SeededRng(seed), SeededRng(seed)
    for _ in range(60):
        fast = reused.resolve(fast_rng)
        slow = build_check(PF2E, "check", modifier=7, dc=18).resolve(slow_rng)
        assert fast == slow
        natural = fast.rolls[0].face
        assert fast.outcome() == _reference(natural, 7, 18, 1)
        assert (
            build_check(PF2E, modifier=7, dc=18).resolve(ScriptedRng([natural])) == fast
        )
    assert reused == build_check(PF2E, "check", modifier=7, dc=18)
    assert hash(reused) == hash(build_check(PF2E, "check", modifier=7, dc=18))
