"""d20 (``avrae``): divisors that cannot be 0, nested fractions, keeping what explosions add.

Each reading is compared with what d20 gives for the same faces; the
expressions were found by fuzzing rollwerk against d20.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk.distribution import Distribution
from rollwerk.errors import NotationError
from rollwerk.notation import parse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # k>0 keeps every die of a d6: never 0, so 1/x is 1 on a 1, else 0
        ("1/(1d6k>0)", {0: Fraction(5, 6), 1: Fraction(1, 6)}),
        ("1/((1)k1)", {1: Fraction(1)}),  # the set of one keeps its 1
        ("1/((1, 2)k>1)", {0: Fraction(1)}),  # 1/2, truncated
    ],
)
def test_a_divisor_whose_bounds_hold_0_but_never_is_0_is_read(
    text: str, expected: dict[int, Fraction]
) -> None:
    """Bounds that hold 0 are checked against the divisor's exact outcomes."""
    assert parse(text, "avrae").distribution() == Distribution(expected)


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("12/(2d6k<7)", "12/2d6"),  # every die is below 7
        ("12/((2d6kh2)p>6)", "12/2d6"),
        ("60/(3d20k>0)", "60/3d20"),
    ],
)
def test_a_kept_set_that_is_never_empty_divides(text: str, same_as: str) -> None:
    assert parse(text, "avrae").distribution() == parse(same_as, "avrae").distribution()


@pytest.mark.parametrize(
    ("text", "divisor", "low", "high", "column"),
    [
        ("1/(4d6p1)", "4d6p1", 0, 24, 2),  # four 1s drop every die
        ("1/(1d6-1)", "1d6-1", 0, 5, 2),
        ("1/(2d6k>1)", "2d6k>1", 0, 12, 2),  # two 1s keep nothing
        ("12/(2d6k>1-2d6k<7)", "2d6k>1-2d6k<7", -12, 12, 3),
    ],
)
def test_a_divisor_that_can_be_0_is_still_refused(
    text: str, divisor: str, low: int, high: int, column: int
) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, "avrae")
    assert info.value.reason == (
        f"the divisor {divisor!r} can be 0 (its values range from {low} to {high})"
    )
    assert info.value.column == column


def test_a_divisor_without_exact_odds_is_refused_by_its_bounds() -> None:
    """Keeping among added dice has no exact odds to look at: the bounds
    hold 0 and the message says that is all it knows (it said "can be 0")."""
    with pytest.raises(NotationError) as info:
        parse("1/(1d6ra6kh1-2)", "avrae")
    assert info.value.reason == (
        "the divisor '1d6ra6kh1-2' may be 0: its bounds, -2 to 10, hold 0, and "
        "its exact odds are not computed to rule 0 out"
    )


@pytest.mark.parametrize(
    ("text", "divisor", "column"),
    [
        ("1/(1/1d6)", "1/1d6", 2),
        ("6/(6/1d6)", "6/1d6", 2),  # read as 6/(6//1d6) before: {1, 2, 3, 6}, not 1d6
        ("2d2/(-(1)k<4/-d6mi4)", "-(1)k<4/-d6mi4", 4),  # said "division by zero"
    ],
)
def test_a_divisor_that_divides_by_a_varying_value_is_refused(
    text: str, divisor: str, column: int
) -> None:
    """Only the whole expression may be divided by a value that varies."""
    with pytest.raises(NotationError) as info:
        parse(text, "avrae")
    assert info.value.reason == (
        f"the divisor {divisor!r} divides by a value that varies; rollwerk reads "
        "such a division only as the last operation of the whole expression "
        "(avrae dialect)"
    )
    assert info.value.column == column


def test_a_divisor_with_a_fraction_over_a_varying_value_in_foundry() -> None:
    with pytest.raises(NotationError) as info:
        parse("floor(1/(1/1d6))", "foundry")
    assert info.value.reason == (
        "the divisor '1/1d6' gives a fraction in the foundry dialect: floor(…), "
        "ceil(…) or round(…) must round it first"
    )
    assert info.value.column == 8


@pytest.mark.parametrize("text", ["1d2e<1e3", "1d6e<1e>6"])
def test_repeated_explosions_that_name_no_face_explode_nothing(text: str) -> None:
    """d20 joins the conditions of repeated 'e': none met, the plain die."""
    sides = int(text[2])
    expr = parse(text, "avrae")
    assert expr.distribution() == parse(f"1d{sides}", "avrae").distribution()


@pytest.mark.parametrize("text", ["1d6ro<7rol1", "1d2ro<4rol2", "1d6rol1ro<7"])
def test_rol_with_a_reroll_of_every_face_names_the_combination(text: str) -> None:
    """It blamed the reroll condition, which alone is read."""
    with pytest.raises(NotationError) as info:
        parse(text, "avrae")
    assert info.value.reason == (
        "d20's 'roh'/'rol' together with other operations on the dice is not "
        "read by rollwerk"
    )
    assert parse(text.replace("rol1", "").replace("rol2", ""), "avrae")


@pytest.mark.parametrize(
    ("text", "amount", "count", "column"),
    [
        ("2d6e6kh3", 3, "2 dice", 8),  # d20 keeps 3 of 6!, 6!, 2, 1: 14
        ("2d6e6ph3", 3, "2 dice", 8),
        ("1d6ra6kh2", 2, "1 die", 9),  # d20 keeps both of 6!, 3: 9
        ("1d2ra4kh4", 4, "1 die", 9),
    ],
)
def test_keeping_more_than_rolled_among_added_dice_is_refused(
    text: str, amount: int, count: str, column: int
) -> None:
    """It was read as keeping as many as the term rolls: another total than d20's."""
    with pytest.raises(NotationError) as info:
        parse(text, "avrae")
    assert info.value.reason == (
        f"cannot keep or drop {amount} of {count}: more than the term rolls, "
        "among dice that explosions add, is not read by rollwerk"
    )
    assert info.value.column == column


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("2d6e6kh2", [6, 6, 2, 1], 12),
        ("1d6ra6kh1", [6, 3], 6),
        ("4d6kh5", [1, 2, 3, 4], 10),  # no explosion: d20 keeps all four
    ],
)
def test_keeping_at_most_what_was_rolled_is_read_as_d20(
    text: str, faces: list[int], total: int
) -> None:
    assert parse(text, "avrae").replay(faces).total == total
