"""The avrae dialect against d20 1.1.2 (h200): what d20 refuses, and draw order."""

from __future__ import annotations

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "4d6k-1",
            (
                "a selector's number is not negative in the avrae dialect (d20 reads "
                "none): got -1 at column 7"
            ),
        ),
        (
            "1d6p<-2",
            (
                "a selector's number is not negative in the avrae dialect (d20 reads "
                "none): got -2 at column 8"
            ),
        ),
        (
            "1d6rr-1",
            (
                "a selector's number is not negative in the avrae dialect (d20 reads "
                "none): got -1 at column 8"
            ),
        ),
        (
            "(1, 2)k<-1",
            (
                "a selector's number is not negative in the avrae dialect (d20 reads "
                "none): got -1 at column 11"
            ),
        ),
        ("1d20 )", "unmatched ')' at column 6"),
        (
            "4d6rol1roh1",
            (
                "'roh'/'rol' written twice is not read by rollwerk (d20 joins them into "
                "one reroll of both): write one at column 8"
            ),
        ),
    ],
)
def test_what_d20_refuses_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect="avrae")
    assert str(info.value).splitlines()[0] == message


def test_a_comma_after_a_space_is_no_comment() -> None:
    with pytest.raises(NotationError) as info:
        parse("1d20 , 5", dialect="avrae")
    assert str(info.value).startswith("unexpected ',' in the avrae dialect")


def test_what_d20_reads_still_reads() -> None:
    assert parse("2d6ma-1", dialect="avrae").distribution().mean() == -2
    assert parse("1d20 hello :)", dialect="avrae").comment == "hello :)"
    assert parse("1d6r-1").distribution().mean() == parse("1d6").distribution().mean()


def test_rol_draws_every_die_before_the_rerolls_as_d20() -> None:
    """notation.md: rol/roh follow all the dice (d20's faces replay to 29)."""
    result = parse("4d8rol2", dialect="avrae").replay([7, 7, 1, 5, 8, 7])
    assert result.total == 29
    assert [r.role for r in result.rolls] == ["roll"] * 4 + ["reroll"] * 2
