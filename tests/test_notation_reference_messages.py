"""Refusals a held-out integrator met checking the dialects against the
published references (Roll20, Foundry, d20): each names what was written."""

from __future__ import annotations

import pytest

from rollwerk import parse
from rollwerk.errors import NotationError

FUNCTIONS = "floor(), ceil(), round(), abs(), max(), min()"


@pytest.mark.parametrize(
    ("text", "dialect", "message"),
    [
        # Foundry's other Math functions: named, with the ones there are
        (
            "sqrt(16)",
            "foundry",
            (
                f"unknown function 'sqrt()': the foundry dialect reads {FUNCTIONS} "
                "at column 1 of 'sqrt(16)'"
            ),
        ),
        (
            "1+pow(2,3)",
            "rollwerk",
            (
                f"unknown function 'pow()': the rollwerk dialect reads {FUNCTIONS} "
                "at column 3 of '1+pow(2,3)'"
            ),
        ),
        (
            "sqrt(16)",
            "avrae",
            (
                "unknown function 'sqrt()': the avrae dialect has no functions at "
                "column 1 of 'sqrt(16)'"
            ),
        ),
        # the word written, not the whole family of count words
        (
            "6d6cs>=4df",
            "roll20",
            "'df' is not part of the roll20 dialect at column 9 of '6d6cs>=4df'",
        ),
        (
            "6d6even",
            "roll20",
            "'even' is not part of the roll20 dialect at column 4 of '6d6even'",
        ),
        # Foundry's coin
        (
            "1dc",
            "foundry",
            (
                "a coin ('dc', as Foundry writes it) is not read by rollwerk in the "
                "foundry dialect: write d2 for a die of 1 and 2 at column 3 of '1dc'"
            ),
        ),
        # Roll20's chat may hold several inline rolls; a notation is one roll
        (
            "[[3d6]] [[1d4]]",
            "roll20",
            (
                "an inline roll '[[…]]' after a roll is not read by rollwerk (a "
                "notation is one roll: parse each inline roll on its own) at column "
                "9 of '[[3d6]] [[1d4]]'"
            ),
        ),
    ],
)
def test_a_refusal_names_what_was_written(
    text: str, dialect: str, message: str
) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert info.value.one_line() == message


def test_a_word_without_parentheses_is_still_unexpected() -> None:
    with pytest.raises(NotationError) as info:
        parse("x+1")
    assert info.value.one_line() == (
        "unexpected 'x': expected a number, a die or '(' at column 1 of 'x+1'"
    )


def test_an_annotation_then_a_space_is_a_comment_in_avrae() -> None:
    """notation.md: ``2d6 [fire]kh1`` is refused; with a space the rest is
    d20's comment."""
    rolled = parse("2d6 [fire] kh1", dialect="avrae")
    assert rolled.replay([3, 4]).total == 7
    assert rolled.replay([3, 4]).comment == "kh1"
    with pytest.raises(NotationError):
        parse("2d6 [fire]kh1", dialect="avrae")
