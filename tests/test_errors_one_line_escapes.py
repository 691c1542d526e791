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
