"""`NotationError.one_line` keeps the column when escapes lengthen the text (h197)."""

from __future__ import annotations

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse


@pytest.mark.parametrize(
    ("hidden", "shown"),
    [("\u200b", 21), ("\x00", 41), ("\u202e", 21)],
)
def test_the_column_stays_in_one_line_of_at_most_500(hidden: str, shown: int) -> None:
    """The excerpt narrows (40, 20… either side) until the line fits."""
    with pytest.raises(NotationError) as info:
        parse("1d6" + hidden * 60)
    line = info.value.one_line()
    assert len(line) <= 500
    escaped = hidden.encode("unicode_escape").decode()
    tail = f" at column 4 of '1d6{escaped * shown}…' (63 characters)"
    assert line.endswith(tail)
    assert line.startswith(f"unexpected {hidden!r}: expected a modifier")


def test_a_short_text_of_plain_characters_is_shown_whole() -> None:
    error = NotationError("1d6 +2x", 7, "unexpected 'x'")
    assert error.one_line() == "unexpected 'x' at column 7 of '1d6 +2x'"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "1d6  +   q",
            (
                "rollwerk: error: unexpected 'q': expected a number, a die or '(' at "
                "column 10 of '1d6  +   q'\n"
            ),
        ),
        ("   ", "rollwerk: error: empty notation at column 4 of '   '\n"),
    ],
)
def test_the_cli_keeps_the_spaces_of_the_quoted_notation(
    text: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """helper-202: the CLI squeezed ``'1d6  +   q'`` to ``'1d6 + q'``, so
    column 10 lay past the 7 characters shown; it prints ``one_line()``."""
    from rollwerk.cli._main import main

    assert main(["roll", text]) == 2
    err = capsys.readouterr().err
    assert err == line
    with pytest.raises(NotationError) as info:
        parse(text)
    assert err == f"rollwerk: error: {info.value.one_line()}\n"


def test_a_message_over_several_lines_is_joined_with_one_space() -> None:
    from rollwerk.errors import RollwerkError

    error = RollwerkError("  refused\n\n   because\tof  this  \n")
    assert error.one_line() == "refused because of  this"
