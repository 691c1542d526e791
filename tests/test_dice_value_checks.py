"""Dice values refuse what they cannot mean (from a held-out integrator, helper-166).

A ``Tally`` took any kind and condition: the string ``"k"`` scored every
matching die as -1 (the ``df`` rule) without a word, and an ``int``
condition crashed on use. A condition's modulus went missing from its
text, so a refusal read ``got '=0'`` of a condition every face meets.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk.dice import (
    Comparison,
    Condition,
    Die,
    Pool,
    Tally,
    TallyKind,
)
from rollwerk.errors import ParameterError

SIX = Condition(Comparison.EQ, 6)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Tally("k", SIX),  # type: ignore[arg-type]
            (
                "kind must be a TallyKind (TallyKind.KEEP, DROP, DEDUCT, SUBTRACT), "
                "got 'k'"
            ),
        ),
        (
            lambda: Tally(TallyKind.KEEP, 6),  # type: ignore[arg-type]
            "condition must be a Condition (Condition(Comparison.GT, 3)), got 6",
        ),
        (
            lambda: Die.custom([True, 2]),
            "face must be an integer from -1000000 to 1000000, got True",
        ),
        (
            lambda: Die.custom({3, 1, 2}),  # type: ignore[arg-type]
            "faces must be a sequence of 1 to 10000 integers, got {1, 2, 3}",
        ),
        (
            lambda: Pool(1, Die(6), explode=Condition(Comparison.EQ, 0, 1)),
            (
                "explode must be a condition some face does not meet (faces 1 to 6), "
                "got '=0 modulo 1'"
            ),
        ),
        # a reroll tests the face rolled, not the clamped value: faces 1 to 6
        (
            lambda: Pool(1, Die(6), minimum=3, reroll=(Condition(Comparison.GT, -2),)),
            (
                "reroll must be conditions some face does not meet (faces 1 to 6), "
                "got '>-2'"
            ),
        ),
    ],
)
def test_a_value_that_cannot_mean_anything_is_refused(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        make()
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("condition", "text"),
    [
        (Condition(Comparison.EQ, 0, modulus=2), "even"),
        (Condition(Comparison.EQ, 1, modulus=2), "odd"),
        (Condition(Comparison.EQ, 2, modulus=2), "=2 modulo 2"),  # was 'odd'
        (Condition(Comparison.LT, 1, modulus=3), "<1 modulo 3"),  # was '<1'
        (Condition(Comparison.GE, 5), ">=5"),
    ],
)
def test_a_conditions_text_keeps_its_modulus(condition: Condition, text: str) -> None:
    assert condition.notation() == text


def test_a_keeping_tally_keeps() -> None:
    pool = Pool(1, Die(6), tally=Tally(TallyKind.KEEP, SIX))
    assert pool.distribution() == Pool(1, Die(6)).distribution().map(
        lambda v: v if v == 6 else 0
    )


@pytest.mark.parametrize("modulus", [0, 2])
@pytest.mark.parametrize("value", ["a", None, [1]])
def test_a_condition_refuses_a_value_that_is_no_number(
    modulus: int, value: object
) -> None:
    condition = Condition(Comparison.GE, 5, modulus=modulus)
    with pytest.raises(ParameterError) as caught:
        condition(value)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"value must be an integer (a die's value), got {value!r}"
    )
    assert condition(6) is (modulus == 0)
