"""What a bot's users type in Roll20 and Foundry VTT (helper-187).

Inline rolls before a target are their total; a comment word that begins
with a modifier's letter is a comment; a VTT's attributes, roll queries
and chat commands, Foundry's missing ``ro`` and its ``r1=1`` are refused
by name.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk import ScriptedRng, parse
from rollwerk.errors import NotationError


@pytest.mark.parametrize(
    ("text", "faces", "total", "odds"),
    [
        # the inline roll's total (3..18) plus 1, against the target
        ("[[3d6]]+1>3", [1, 1, 1], 1, {1: Fraction(1)}),
        ("[[3d6]]+1<3", [1, 1, 1], 0, {0: Fraction(1)}),
        ("1+[[3d6]]>3", [1, 1, 1], 1, {1: Fraction(1)}),
        ("[[3d6]][fire]+1>3", [1, 1, 1], 1, {1: Fraction(1)}),
        # 2d6+1 >= 5: 2d6 >= 4, 33 of 36
        ("[[2d6+1]]>5", [2, 2], 1, {0: Fraction(1, 12), 1: Fraction(11, 12)}),
        ("[[2d6+1]]>5", [1, 2], 0, {0: Fraction(1, 12), 1: Fraction(11, 12)}),
    ],
)
def test_roll20_an_inline_roll_before_a_target_is_its_total(
    text: str, faces: list[int], total: int, odds: dict[int, Fraction]
) -> None:
    """Roll20 runs inline rolls first and puts their totals in the formula:
    they were read as a dice term whose dice were counted (0 for
    ``[[3d6]]+1>3`` on 1, 1, 1)."""
    expression = parse(text, dialect="roll20")
    assert expression.roll(ScriptedRng(faces)).total == total
    assert dict(expression.distribution().items()) == odds


def test_roll20_an_inline_roll_as_a_per_die_shift_is_refused() -> None:
    with pytest.raises(NotationError) as info:
        parse("3d6+[[1d4]]>3", dialect="roll20")
    assert str(info.value).splitlines()[0] == (
        "Roll20 adds a number written before a target to each die and counts "
        "the dice; rollwerk does not read that with an inline roll's total as "
        "the number to add ('3d6+[[1d4]]') at column 1"
    )
    # a target right after dice is theirs, with or without an inline roll
    counted = parse("[[1d4]]+3d6>3", dialect="roll20")
    assert counted.roll(ScriptedRng([2, 1, 3, 6])).total == 2 + 2


@pytest.mark.parametrize(
    ("text", "comment"),
    [
        ("1d20 Roll for Initiative", "Roll for Initiative"),
        ("1d20+5 Roll for Initiative", "Roll for Initiative"),
        ("2d6 slashing", "slashing"),
        ("1d20 stealth", "stealth"),
        ("2d6 save", "save"),
        ("2d6 sword", "sword"),
        ("2d6 smite", "smite"),
        ("1d6 !important", "!important"),
        ("1d20 kill", "kill"),
        ("4d6 k3 best", "best"),
        ("3d6 >3 hits", "hits"),
    ],
)
def test_roll20_a_word_that_is_not_all_modifiers_is_a_comment(
    text: str, comment: str
) -> None:
    """It was refused (``unexpected 'l'``, ``'mi/ma' is not part of the
    roll20 dialect``) or half read as modifiers."""
    expression = parse(text, dialect="roll20")
    assert expression.comment == comment
    roll = expression.roll(ScriptedRng([1, 2, 3, 4]))
    # the modifiers before the comment still apply; the comment adds none
    plain = parse(text[: len(text) - len(comment)].rstrip(), dialect="roll20")
    assert roll.total == plain.roll(ScriptedRng([1, 2, 3, 4])).total


def test_roll20_a_word_of_modifiers_after_a_space_is_read() -> None:
    assert parse("4d6 kh3", dialect="roll20").roll(ScriptedRng([1, 2, 3, 4])).total == 9
    assert parse("1d8 r", dialect="roll20").roll(ScriptedRng([1, 5])).total == 5
    assert parse("1d8 r", dialect="roll20").comment is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "@{dex}",
            (
                "an attribute ('@…') is not read by rollwerk in the roll20 dialect: "
                "put its value in the notation before parsing it at column 1"
            ),
        ),
        (
            "1d20+?{Bonus|0}",
            (
                "a roll query ('?{…}') is not read by rollwerk in the roll20 "
                "dialect: put its value in the notation before parsing it at column 6"
            ),
        ),
        (
            " /roll 1d20",
            (
                "a chat command ('/r', '/roll') is not part of the notation: parse "
                "the text after it at column 2"
            ),
        ),
    ],
)
def test_vtt_text_around_a_roll_is_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect="roll20")
    assert str(info.value).splitlines()[0] == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "4d6ro1",
            (
                "'ro' is not part of the foundry dialect: its 'r' rerolls once "
                "(4d6r1) at column 4"
            ),
        ),
        (
            "20d20r1=1",
            (
                "a reroll's face followed by a comparison ('r1=1') is not read in "
                "the foundry dialect: write its condition once (r1, r=1, r<2) at "
                "column 6"
            ),
        ),
        (
            "4d6rr1<2",
            (
                "a reroll's face followed by a comparison ('rr1<2') is not read in "
                "the foundry dialect: write its condition once (r1, r=1, r<2) at "
                "column 4"
            ),
        ),
        # '=>' is no comparison: no advice to count with cs=>3
        (
            "3d4=>3",
            "comparing totals ('=>') is not part of the foundry dialect at column 4",
        ),
    ],
)
def test_foundry_refusals_name_what_foundry_lacks(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect="foundry")
    assert str(info.value).splitlines()[0] == message


@pytest.mark.parametrize(
    ("text", "faces", "total", "chance"),
    [
        # a group of one inline roll holds a number (its total): the target
        # compares it, kh1 keeps it (helper-194: they split it into dice)
        ("{[[3d6]]}>=10", [4, 4, 4], 1, Fraction(5, 8)),
        ("{[[3d6]]+[[1d4]]}>=10", [4, 4, 4, 4], 1, None),
        ("{[[3d6]]+1d4}>=10", [4, 4, 4, 1], 1, None),
        ("{[[3d6]]}kh1", [1, 2, 6], 9, None),
        ("{[[1d20+5]], [[1d20+2]]}kh1", [3, 4], 8, None),
    ],
)
def test_roll20_a_group_of_one_inline_roll_reads_its_total(
    text: str, faces: list[int], total: int, chance: Fraction | None
) -> None:
    expression = parse(text, dialect="roll20")
    assert expression.roll(ScriptedRng(faces)).total == total
    if chance is not None:
        assert expression.distribution()[1] == chance


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4d6 kh3 kh2", "keep or drop is given twice at column 9"),
        ("4d6 kh3 dl1", "keep or drop is given twice at column 9"),
        ("4d6 kh5", "cannot keep 5 of 4 dice at column 5"),
        ("4d6 d5", "cannot drop 5 of 4 dice at column 5"),
    ],
)
def test_roll20_a_word_of_modifiers_that_cannot_apply_is_refused(
    text: str, message: str
) -> None:
    """helper-194: they became the comment, silently."""
    with pytest.raises(NotationError) as info:
        parse(text, dialect="roll20")
    assert str(info.value).splitlines()[0] == message


@pytest.mark.parametrize("word", ["!?", "!!?", "r?", "ro?"])
def test_roll20_modifiers_followed_by_other_signs_are_a_comment(word: str) -> None:
    """helper-194: ``1d6 !?`` was refused, ``1d6 ?`` and ``1d6 !x`` were comments."""
    expression = parse(f"1d6 {word}", dialect="roll20")
    assert expression.comment == word
    assert expression.roll(ScriptedRng([6])).total == 6


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("1d6 \xa0", 5),
        ("d% \u3000", 4),
        ("d20 \u2003", 5),
        ("d%\r \u2028", 5),
        ("1d6 \xa0+2", 5),
        ("1d6 \u200b", 5),
    ],
)
def test_roll20_a_space_notation_does_not_read_after_a_space_is_refused(
    text: str, column: int
) -> None:
    """helper-230: only such a space left was an ``IndexError``; ``1d6 \xa0+2``
    read ``\xa0+2`` as a comment, dropping the +2."""
    with pytest.raises(NotationError) as info:
        parse(text, dialect="roll20")
    shown = repr(text.rstrip(" \t\n\r\f\v")[column - 1])
    assert str(info.value).splitlines()[0] == (
        f"unexpected {shown} in the roll20 dialect: expected a modifier, or a "
        f"comment after the space at column {column}"
    )


def test_roll20_a_comment_may_hold_a_no_break_space() -> None:
    expression = parse("1d20 Roll\xa0for initiative", dialect="roll20")
    assert expression.comment == "Roll\xa0for initiative"


def test_the_cli_escapes_hidden_and_undecodable_characters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """helper-194: a bidi override, a zero-width space and a byte that was not
    UTF-8 (a lone surrogate under a C locale) reached the terminal raw."""
    from rollwerk.cli import main

    text = "1d6 [a\u202eb\u200bc] x\udc9by"
    assert main(["roll", text, "--dialect", "roll20", "--rolls", "3", "--explain"]) == 0
    assert capsys.readouterr().out == (
        "1d6 [a\\u202eb\\u200bc] x\\udc9by = 3\n  1d6 [a\\u202eb\\u200bc]: 3 → 3\n"
    )


@pytest.mark.parametrize(
    ("text", "dialect", "message"),
    [
        (
            "4d6e6",
            "roll20",
            "'e' is not part of the roll20 dialect: explode with '!' (1d6!)",
        ),
        (
            "4d6e6",
            "foundry",
            (
                "'e' is not part of the foundry dialect: explode with 'x' and the face "
                "(1d6x6)"
            ),
        ),
        (
            "4d6p1",
            "roll20",
            "'p' is not part of the roll20 dialect: drop with 'dl' (4d6dl1)",
        ),
        (
            "4d6p1",
            "foundry",
            "'p' is not part of the foundry dialect: drop with 'dl' (4d6dl1)",
        ),
        (
            "4d6p1",
            "rollwerk",
            "'p' is not part of the rollwerk dialect: drop with 'dl' (4d6dl1)",
        ),
        (
            "4d6h3",
            "roll20",
            "'h' is not part of the roll20 dialect: keep with 'kh' (4d6kh3)",
        ),
        (
            "4d6h3",
            "foundry",
            "'h' is not part of the foundry dialect: keep with 'kh' (4d6kh3)",
        ),
        (
            "4d6h3",
            "avrae",
            "'h' is not part of the avrae dialect: keep with 'kh' (4d6kh3)",
        ),
        ("6d6sf<3", "roll20", "'sf' is not part of the roll20 dialect"),
        (
            "4d6k>3",
            "roll20",
            (
                "keeping or dropping the dice meeting a comparison ('k>…') is not part of "
                "the roll20 dialect"
            ),
        ),
        (
            "4d6d<3",
            "foundry",
            (
                "keeping or dropping the dice meeting a comparison ('d<…') is not part of "
                "the foundry dialect"
            ),
        ),
    ],
)
def test_another_dialects_modifier_is_refused_by_name(
    text: str, dialect: str, message: str
) -> None:
    """h230: these said only "unexpected 'e'" (or named comparing totals)."""
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert str(info.value).splitlines()[0] == f"{message} at column 4"


@pytest.mark.parametrize(
    ("text", "comment"),
    [
        ("2d6 hp", "hp"),
        ("1d20 each", "each"),
        ("4d6 p1", "p1"),
        ("2d6 sf", "sf"),
        ("4d6 kh3 sf", "sf"),
        ("1d10 !!10cf5h5", "!!10cf5h5"),
        ("3d6 !pp", "!pp"),
    ],
)
def test_roll20_such_a_letter_after_a_space_still_begins_a_comment(
    text: str, comment: str
) -> None:
    assert parse(text, dialect="roll20").comment == comment
