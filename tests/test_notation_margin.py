"""Foundry's ``ms`` (margin of success): the term's total less a target.

After Foundry's ``Die.marginSuccess`` and ``Die.total``: a comparison
``>``, ``>=``, ``=`` or none subtracts the target from the term's total,
``<`` and ``<=`` subtract the total from the target.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse


@pytest.mark.parametrize("text", ["6d6ms>12", "6d6ms>=12", "6d6ms=12", "6d6ms12"])
def test_ms_subtracts_the_target_from_the_total(text: str) -> None:
    expr = parse(text, dialect="foundry")
    assert expr.replay([1, 2, 3, 4, 5, 6]).total == 21 - 12
    assert expr.distribution() == parse("6d6-12").distribution()


@pytest.mark.parametrize("text", ["3d6ms<10", "3d6ms<=10"])
def test_ms_below_subtracts_the_total_from_the_target(text: str) -> None:
    expr = parse(text, dialect="foundry")
    assert expr.replay([6, 5, 1]).total == 10 - 12
    assert expr.distribution() == parse("10-3d6").distribution()
    assert expr.distribution()[-8] == Fraction(1, 216)


def test_ms_applies_to_its_term_only_and_after_counting() -> None:
    expr = parse("2*3d6ms>=10+1", dialect="foundry")
    assert expr.replay([6, 6, 1]).total == 2 * (13 - 10) + 1
    counted = parse("6d6cs>4ms>2", dialect="foundry")
    assert counted.replay([5, 6, 6, 1, 2, 3]).total == 3 - 2
    assert counted.distribution() == parse("6d6>4-2").distribution()
    kept = parse("2d6kh1ms<5", dialect="foundry")
    assert kept.replay([2, 4]).total == 1
    assert parse("0d6ms>3", dialect="foundry").replay([]).total == -3


def test_ms_explains_the_dice_and_the_margin_in_the_total() -> None:
    result = parse("6d6ms>12", dialect="foundry").replay([1, 2, 2, 4, 5, 1])
    # the dice's own line is their total, without the margin (it said
    # "6d6ms>12: … → 15" under "= 3", a held-out implementer found)
    assert result.explain() == "6d6ms>12 = 3\n  6d6: 1, 2, 2, 4, 5, 1 → 15"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6d6ms", "expected a target after 'ms' (6d6ms>12) at column 6"),
        ("6d6ms!=3", "expected a target after 'ms' (6d6ms>12) at column 6"),
        (
            "6d6ms>-2",
            "the target of 'ms' must be a whole number 0 or more, got -2 at column 6",
        ),
        ("6d6ms>3ms>2", "'ms' is given twice at column 8"),
        (
            "6d6ms<0",
            (
                "'ms<0' is not read by rollwerk (Foundry's code reads a "
                "target of 0 as no margin): write 0 minus the dice (0-6d6) at "
                "column 4"
            ),
        ),
        (
            "3d6kh2ms<=0",
            (
                "'ms<=0' is not read by rollwerk (Foundry's code reads a "
                "target of 0 as no margin): write 0 minus the dice (0-3d6kh2) at "
                "column 7"
            ),
        ),
    ],
)
@pytest.mark.parametrize("dialect", ["foundry", "rollwerk"])
def test_ms_refusals(text: str, message: str, dialect: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert str(info.value).splitlines()[0] == message


def test_ms_is_not_in_the_d20_or_roll20_dialects() -> None:
    with pytest.raises(NotationError) as info:
        parse("6d6ms>3", dialect="avrae")
    assert str(info.value).splitlines()[0] == (
        "'ms' is not part of the avrae dialect at column 4"
    )
    with pytest.raises(NotationError) as info:
        parse("6d6ms>3", dialect="roll20")
    assert str(info.value).splitlines()[0] == (
        "'ms' is not part of the roll20 dialect at column 4"
    )
    assert parse("6d6ms>3").replay([1, 1, 1, 1, 1, 1]).total == 3
