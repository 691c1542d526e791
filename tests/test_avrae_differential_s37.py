"""The avrae dialect against d20, as a held-out differential fuzzer found it.

helper-180 (session 37) replayed d20's faces in rollwerk: a keep or drop
after parentheses on a term whose dice explode was cut down to the dice
rolled (``(2d6e6)kh3`` with 6, 2, 4 gave 10 here and 12 in d20), where
the same operation without parentheses is refused. d20's values here come
from its README's semantics and the tester's forced-face runs.
"""

from __future__ import annotations

import pytest

from rollwerk import parse
from rollwerk.errors import NotationError


def _reason(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        parse(text, dialect="avrae")
    return caught.value.reason


@pytest.mark.parametrize(
    ("text", "amount", "dice"),
    [
        ("2d6e6kh3", 3, "2 dice"),
        ("(2d6e6)kh3", 3, "2 dice"),
        ("(2d6e6)pl3", 3, "2 dice"),
        ("(2d6e6)kl3", 3, "2 dice"),
        ("(1d8ra>1)kh4", 4, "1 die"),
    ],
)
def test_keeping_more_than_rolled_among_added_dice_is_refused_with_or_without_parentheses(
    text: str, amount: int, dice: str
) -> None:
    assert _reason(text) == (
        f"cannot keep or drop {amount} of {dice}: more than the term rolls, among "
        "dice that explosions add, is not read by rollwerk"
    )


def test_keeping_within_the_dice_rolled_after_parentheses_matches_d20() -> None:
    # d20: 2d6e6 rolls 6 (explodes: 2) and 4; kh2 keeps 6 and 4
    assert parse("(2d6e6)kh2", dialect="avrae").replay([6, 2, 4]).total == 10
    assert parse("(4d6)kh3", dialect="avrae").replay([1, 2, 3, 4]).total == 9


def test_e_with_a_rank_selector_says_it_is_not_read() -> None:
    assert _reason("4d6eh1") == (
        "d20's 'e' with an 'h'/'l' selector (a die by its rank) is not read by rollwerk"
    )


def test_a_repeated_ra_joins_its_selectors_as_d20_does() -> None:
    """``ra1rah1``: the die showing 1 or the highest die, so always one more."""
    two_d6 = parse("2d6").distribution()
    assert parse("1d6ra1rah1", dialect="avrae").distribution() == two_d6
    assert parse("1d6ral1rah1", dialect="avrae").distribution() == two_d6
    assert parse("1d6ra1rah1", dialect="avrae").replay([3, 5]).total == 8


def test_a_repeated_ra_that_no_comparison_names_is_worded_as_ra() -> None:
    assert _reason("1d6ra>4ra1") == (
        "explosions on the faces 1, 5, 6 (d20 joins repeated 'ra') are read "
        "only where one comparison names them (ra5ra6 is ra>4)"
    )
    assert _reason("1d6e>4e1") == (
        "explosions on the faces 1, 5, 6 (d20 joins repeated 'e') are read "
        "only where one comparison names them (e5e6 is e>4)"
    )
