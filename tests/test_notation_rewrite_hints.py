"""Refusals that say how to write it (from a held-out d20 migrator, helper-159).

A Discord user's ``1d20!`` in the avrae dialect, ``d20adv`` or a D&D
``>= DC15`` was refused without the spelling the dialect has.
"""

from __future__ import annotations

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse


@pytest.mark.parametrize(
    ("text", "dialect", "message"),
    [
        (
            "1d20!",
            "avrae",
            (
                "'!' is not part of the avrae dialect: explode with 'e' and the face "
                "(1d6e6) at column 5 of '1d20!'"
            ),
        ),
        (
            "3d6x",
            "avrae",
            (
                "'x/xo' is not part of the avrae dialect: explode with 'e' and the "
                "face (1d6e6) at column 4 of '3d6x'"
            ),
        ),
        (
            "d20adv",
            "avrae",
            (
                "'adv/dis' is not part of the avrae dialect: write 2d20kh1 for "
                "advantage, 2d20kl1 for disadvantage at column 4 of 'd20adv'"
            ),
        ),
        (
            "1d20+5 >= DC15",
            "avrae",
            (
                "'DC15' is not a number: a difficulty class is written as its number "
                "alone (15) at column 12 of '1d20+5 >= DC15'"
            ),
        ),
        (
            "1dc",
            "rollwerk",
            (
                "a coin ('dc', as Foundry writes it) is not read by rollwerk in the "
                "rollwerk dialect: write d2 for a die of 1 and 2 at column 3 of '1dc'"
            ),
        ),
    ],
)
def test_a_refusal_says_how_the_dialect_writes_it(
    text: str, dialect: str, message: str
) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert info.value.one_line() == message


def test_upper_case_reads_as_dice_in_the_avrae_dialect() -> None:
    """notation.md: unlike d20 with comments, where ``KL1`` starts a comment."""
    assert (
        parse("2d20KL1", dialect="avrae").distribution()
        == parse("2d20kl1", dialect="avrae").distribution()
    )
    assert parse("1D20", dialect="avrae").distribution().max_outcome() == 20


EXPECTED_AVRAE = (
    "expected an operator (+ - * / % //), a comparison of totals, a label '[…]' "
    "or the end of the notation"
)


@pytest.mark.parametrize(
    ("text", "hint", "column"),
    [
        (
            "1d8 [fire]kh1",
            (
                "a label ends its term: write the dice's modifiers before it (1d8kh1 "
                "[fire]), and a comment after a space (1d20 [fire] to hit)"
            ),
            11,
        ),
        (
            "(1d6)e6",
            (
                "a modifier of the dice is written right after the dice it modifies, "
                "not after parentheses"
            ),
            6,
        ),
        ("2.5d6", "the number of dice is a whole number (2d6)", 4),
    ],
)
def test_left_over_text_says_how_to_write_it(text: str, hint: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect="avrae")
    c = text[column - 1]
    assert info.value.one_line() == (
        f"unexpected {c!r} in the avrae dialect: {EXPECTED_AVRAE}; {hint} at "
        f"column {column} of {text!r}"
    )


@pytest.mark.parametrize(
    ("text", "dialect", "message"),
    [
        (
            "3d4>=3",
            "foundry",
            (
                "comparing totals ('>=') is not part of the foundry dialect: count "
                "the dice meeting it with cs (3d4cs>=3) at column 4 of '3d4>=3'"
            ),
        ),
        (
            "(3d4)>=3",
            "foundry",
            (
                "comparing totals ('>=') is not part of the foundry dialect at "
                "column 6 of '(3d4)>=3'"
            ),
        ),
        (
            "ceil(1,2)",
            "rollwerk",
            "ceil() takes one argument: close it with ')' at column 7 of 'ceil(1,2)'",
        ),
    ],
)
def test_a_foundry_count_and_a_second_argument(
    text: str, dialect: str, message: str
) -> None:
    """From a held-out statistician (helper-167)."""
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert info.value.one_line() == message


@pytest.mark.parametrize(
    ("text", "dialect", "message"),
    [
        (
            "2.5d6",
            "rollwerk",
            (
                "unexpected '.': expected an operator (+ - * / % // **), a comparison "
                "of totals, a label '[…]', a comment '# …' or the end of the "
                "notation; the number of dice is a whole number (2d6) at column 2 of "
                "'2.5d6'"
            ),
        ),
        (
            "2.5d6",
            "roll20",
            (
                "unexpected '.' in the roll20 dialect: expected an operator (+ - * / % "
                "**), a comparison of totals, a label '[…]' or the end of the "
                "notation; the number of dice is a whole number (2d6) at column 2 of "
                "'2.5d6'"
            ),
        ),
        (
            "2.5W6",
            "german",
            (
                "unexpected '.' in the german dialect: expected an operator (+ - * / % "
                "// **), a comparison of totals, a label '[…]', a comment '# …' or "
                "the end of the notation; the number of dice is a whole number (2d6) "
                "at column 2 of '2.5W6'"
            ),
        ),
        (
            "1+2.5",
            "rollwerk",
            (
                "unexpected '.': expected an operator (+ - * / % // **), a comparison "
                "of totals, a label '[…]', a comment '# …' or the end of the "
                "notation at column 4 of '1+2.5'"
            ),
        ),
    ],
)
def test_a_decimal_count_says_so_in_every_dialect(
    text: str, dialect: str, message: str
) -> None:
    """helper-172: only avrae, which reads decimals, gave the hint for 2.5d6."""
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert info.value.one_line() == message
