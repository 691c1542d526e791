"""The monotonicity sweep compares a closed form with the judge where it passes.

A held-out designer (helper-179, session 37) wrote a Shadowrun pool whose
closed form counted a glitch at exactly half the dice (``>=`` for ``>``):
wrong for every even pool, right for every odd one. The contract computed
the closed form at every pool size during its sweep but compared it with
the judge only at the drawn parameter sets, all odd or too large.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rollwerk.checks import (
    Degree,
    Monotonic,
    Outcome,
    Parameter,
    define_check,
)
from rollwerk.distribution import Distribution
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import ContractViolation, assert_monotonic

POOL = Parameter("pool", int, min_value=1, max_value=5, monotonic=Monotonic.INCREASING)


def _outcome(faces: tuple[int, ...], pool: int, at_half: bool) -> Outcome:
    hits = sum(f >= 5 for f in faces)
    ones = faces.count(1)
    glitch = 2 * ones >= pool if at_half else 2 * ones > pool
    if glitch and not hits:
        return Outcome(False, Degree.CRITICAL_FAILURE, 0)
    return Outcome(hits > 0, Degree.SUCCESS if hits else Degree.FAILURE, hits)


def _judge(faces: tuple[int, ...], pool: int) -> Outcome:
    """SR5: a glitch when more than half the dice show 1."""
    return _outcome(faces, pool, at_half=False)


def _wrong_odds(pool: int) -> Distribution[Outcome]:
    """The closed form with the mistake: a glitch at exactly half too."""
    counts = Counter(
        _outcome(faces, pool, at_half=True)
        for faces in itertools.product(range(1, 7), repeat=pool)
    )
    return Distribution.from_weights(counts)


def _ruleset(odds: object) -> object:
    pool = define_check(
        "pool",
        [POOL],
        dice=lambda pool: [6] * pool,
        judge=_judge,
        odds=odds,  # type: ignore[arg-type]
        unordered=True,
    )
    return define_ruleset("sr", "SR", checks=[pool])


def test_a_closed_form_wrong_at_even_pools_is_caught_by_the_sweep() -> None:
    ruleset = _ruleset(_wrong_odds)
    (spec,) = ruleset.checks()  # type: ignore[attr-defined]
    with pytest.raises(ContractViolation) as caught:
        assert_monotonic(ruleset, spec, {"pool": 1})  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith("sr:pool(pool=2): the closed form says P(")
    # two dice: one 1 and no hit is half the dice, no glitch; the closed form
    # counts 1+2, 1+3, 1+4 (each both ways) as critical failures too
    assert "but judging the 21 ways the dice can fall gives" in message
    assert _wrong_odds(2).probability(
        lambda o: o.degree is Degree.CRITICAL_FAILURE
    ) == (Fraction(7, 36))


def test_a_right_closed_form_passes_the_sweep() -> None:
    def right(pool: int) -> Distribution[Outcome]:
        counts = Counter(
            _judge(faces, pool) for faces in itertools.product(range(1, 7), repeat=pool)
        )
        return Distribution.from_weights(counts)

    ruleset = _ruleset(right)
    (spec,) = ruleset.checks()  # type: ignore[attr-defined]
    assert_monotonic(ruleset, spec, {"pool": 1})  # type: ignore[arg-type]
