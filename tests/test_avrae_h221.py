"""The avrae dialect against d20 1.1.2 (helper-h221).

``3d%pl1p<4`` (1 000 face combinations) was refused as too big for exact
odds: the estimate counted the 91 values of d%'s span (0 to 90) where the
die takes 10, while the same chain written as a set computed at once. And
``1d6mi 3`` was read as ``mi3`` in every dialect, where d20 refuses it and
``1d6k 3`` is refused here too.
"""

from __future__ import annotations

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse


@pytest.mark.parametrize(
    ("text", "sets"),
    [
        ("3d%pl1p<4", "(1d%,1d%,1d%)pl1p<4"),
        ("3d%kh1kl1pl1", "(1d%,1d%,1d%)kh1kl1pl1"),
        ("4d%kh1kl1pl1", "(1d%,1d%,1d%,1d%)kh1kl1pl1"),
    ],
)
def test_a_percentile_pool_with_a_chain_of_operations_is_exact(
    text: str, sets: str
) -> None:
    got = parse(text, dialect="avrae").distribution()
    assert got == parse(sets, dialect="avrae").distribution()


@pytest.mark.parametrize("dialect", ["avrae", "rollwerk"])
@pytest.mark.parametrize(
    ("text", "column"), [("1d6mi 3", 6), ("1d20mi 10 to hit", 7), ("4d6ma 2kh3", 6)]
)
def test_a_clamps_number_follows_it_directly(
    dialect: str, text: str, column: int
) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    word = text[text.index("m") : text.index("m") + 2]
    assert str(info.value).splitlines()[0] == (
        f"expected the number of {word!r} right after it ({word}2), got a space "
        f"at column {column}"
    )
    if dialect == "avrae":  # the rest is a comment there
        parse(text.replace(f"{word} ", word, 1), dialect=dialect)


def test_foundrys_min_takes_its_number_directly_too() -> None:
    with pytest.raises(NotationError) as info:
        parse("1d6min 3", dialect="foundry")
    assert str(info.value).splitlines()[0] == (
        "expected the number of 'min' right after it (min2), got a space at column 7"
    )
    assert parse("1d6min3", dialect="foundry").distribution().support == (3, 4, 5, 6)
