"""Readings checked against each tool's published reference (stop 30).

An outside check of every example in Roll20's Dice Reference, Foundry's
Dice Modifiers and d20's README found texts that rollwerk read with another
meaning than the tool; each is now read as the tool reads it or refused.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk.distribution import Distribution
from rollwerk.errors import NotationError
from rollwerk.notation import parse, roll
from rollwerk.rng import ScriptedRng

ROLL20 = "https://help.roll20.net/hc/en-us/articles/360037773133-Dice-Reference"


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        # "the number of dice (N+Y) is rounded to the nearest whole number,
        # just like round(N+Y)" (Roll20, Computed Dice Roll)
        ("(5/2)d6", "3d6"),
        ("(3/2)d6", "2d6"),
        ("(1/2)d6", "1d6"),
        ("(7/3)d6", "2d6"),
        ("(5/2+1)d6", "4d6"),
        # "8d6r - Roll 8 d6's and reroll any time a 1 is rolled"
        ("8d6r", "8d6r1"),
        ("2d6ro", "2d6ro1"),
        # inline rolls are rolled first and their total used
        ("[[1d20+5]]", "1d20+5"),
        ("1d20+[[2d4]]", "1d20+2d4"),
        ("[[3]]d6", "3d6"),
        ("3d6>[[1+3]]", "3d6>4"),
        ("8d6r[[2]]", "8d6r2"),
        ("{[[1d6]], 5}kh1", "{1d6, 5}kh1"),
        # "the modifier will be added to each individual dice roll before it
        # is compared to the target number" ({3d6+1}<3)
        ("3d6+1<3", "3d6<2"),
        ("3d6+1>3", "3d6>2"),
        ("1+3d6-2>3", "3d6>4"),
        ("2d20+5>15", "2d20>10"),
        ("4dF+2>2", "4dF>0"),
        ("3d6[fire]+1<3", "3d6<2"),  # labels do not change the reading
        ("3d6+1[bonus]<3", "3d6<2"),
    ],
)
def test_roll20_reads_as_its_reference(text: str, same_as: str) -> None:
    assert (
        parse(text, "roll20").distribution() == parse(same_as, "roll20").distribution()
    )


def test_roll20_per_die_modifiers_count_dice() -> None:
    dist = parse("3d6+1<3", "roll20").distribution()
    assert dist.mean() == 1
    assert dist[0] == Fraction(8, 27)
    # one die: counting it is comparing the total, read as before
    assert parse("1d20+5>15", "roll20").distribution()[1] == Fraction(11, 20)
    assert roll("1d20+5>15", ScriptedRng([10]), "roll20").total == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "3d6+1d4+1>3",
            (
                "Roll20 adds a number written before a target to each die and counts "
                "the dice (3d6+1<3 counts the dice showing at most 2); rollwerk reads "
                "that for one dice term, not for '3d6+1d4+1' at column 1"
            ),
        ),
        (
            "[[2d6]]d5",
            (
                "the number of dice '2d6' varies (from 2 to 12); only a fixed value is "
                "read here at column 8"
            ),
        ),
        (
            "3d6>[[1d4]]",
            (
                "the inline roll '1d4' varies (from 1 to 4); only a fixed value is read "
                "here at column 12"
            ),
        ),
        ("[[1d6", "'[[' (column 1) is never closed at column 6"),
        ("[[1d6]", "expected ']]' to close '[[' (column 1) at column 6"),
        (
            "d(5/2)",
            (
                "'/' can give a fraction in the roll20 dialect: floor(…), ceil(…) or "
                "round(…) read it when it is their whole argument or one term added "
                "to or subtracted from whole values at column 2"
            ),
        ),
    ],
)
def test_roll20_refusals_say_why(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, "roll20")
    assert str(info.value).splitlines()[0] == message


def test_inline_rolls_are_roll20s_only() -> None:
    with pytest.raises(NotationError) as info:
        parse("[[1d6]]")
    assert str(info.value).splitlines()[0] == (
        "'[[…]]' is not part of the rollwerk dialect at column 1"
    )


def test_foundry_refuses_a_fractional_count() -> None:
    """Foundry's articles do not say how (5/2)d6 is rounded: round it yourself."""
    with pytest.raises(NotationError) as info:
        parse("(5/2)d6", "foundry")
    assert str(info.value).splitlines()[0] == (
        "'/' can give a fraction in the foundry dialect: floor(…), ceil(…) or "
        "round(…) read it when it is their whole argument or one term added to or "
        "subtracted from whole values at column 1"
    )


@pytest.mark.parametrize("text", ["6d6cf<2df", "6d6df1cf<2"])
def test_foundry_cf_with_df_is_refused(text: str) -> None:
    """Foundry's API comment and its code disagree on what this counts."""
    with pytest.raises(NotationError) as info:
        parse(text, "foundry")
    assert (
        str(info.value)
        .splitlines()[0]
        .startswith(
            "'cf' and 'df' together are not read by rollwerk (Foundry's reference "
            "and its code disagree on the value)"
        )
    )


@pytest.mark.parametrize(
    ("text", "faces", "value", "comment"),
    [
        # d20 compares with '==' only: a single '=' starts Avrae's comment
        ("1d20=20", [12], 12, "=20"),
        ("3d6 = 10", [4, 4, 4], 12, "= 10"),
        ("3 > 2 = 1", [], 1, "= 1"),
        ("1d20==12", [12], 1, None),
        ("1d20>=12", [12], 1, None),
    ],
)
def test_avrae_single_equals_starts_the_comment(
    text: str, faces: list[int], value: int, comment: str | None
) -> None:
    result = roll(text, ScriptedRng(faces), "avrae")
    assert result.total == value
    assert result.comment == comment


# -- found by differential fuzzing against icepool ------------------------------


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        # after a written compare point, a comparison counts successes; only
        # a bare number before it is Foundry's most explosions (x2>=8)
        ("1d6x=1>=6", "1d6e=1>=6"),
        ("1d6x>=5>=6", "1d6x>=5 >=6"),
        ("2d6x=1>=6", "2d6e=1>=6"),
    ],
)
def test_x_after_a_compare_point_then_counts(text: str, same_as: str) -> None:
    assert parse(text).distribution() == parse(same_as).distribution()


def test_x_with_a_bare_number_is_still_the_most_explosions() -> None:
    assert (
        parse("1d10x2>=8", "foundry").distribution()
        == parse("1d10x2>=8", "foundry").distribution()
    )
    once = parse("1d6x1>=6", "foundry").distribution()
    assert once == parse("1d6xo>=6", "foundry").distribution()
    with pytest.raises(NotationError) as info:
        parse("2d10x2>=8", "foundry")
    assert str(info.value).splitlines()[0] == (
        "an explosion limit over several dice is not read by rollwerk (Foundry "
        "counts it across the dice); to explode on 2 and count dice, write x=2 "
        "at column 5"
    )


def test_x_before_a_target_in_the_default_dialect_reads_foundry_s_limit() -> None:
    """helper-203: ``1d6x6>=5`` is at most 6 explosions on 5 or 6, summed (as
    Foundry), not "explode on 6, count 5+"; ``x=6>=5`` is (each added die
    counted, as ``e6``; ``!6>=5`` compounds: one die, counted once)."""
    limited = parse("1d6x6>=5").distribution()
    assert limited.mean() == Fraction(7651, 1458)
    counted = parse("1d6x=6>=5").distribution()
    assert counted == parse("1d6e6>=5").distribution()
    assert parse("1d6!6>=5").distribution() == Distribution(
        {0: Fraction(2, 3), 1: Fraction(1, 3)}
    )
    assert counted.mean() == Fraction(2, 5) * (1 - Fraction(1, 6**21))
    with pytest.raises(NotationError) as info:
        parse("5d10x10>=8")
    assert str(info.value).splitlines()[0] == (
        "an explosion limit over several dice is not read by rollwerk (Foundry "
        "counts it across the dice); to explode on 10 and count dice, write x=10 "
        "at column 5"
    )
    assert parse("5d10x=10>=8").distribution() == parse("5d10e10>=8").distribution()


def test_a_group_of_many_large_dice_is_read_rolled_and_explained() -> None:
    """{1000d10000}>3 built one node per die, each reading 10 000 faces."""
    from rollwerk.rng import SeededRng

    expr = parse("{1000w10000ma3}")
    result = expr.roll(SeededRng(1))
    assert result.total == 3000
    assert result.explain().startswith(
        "{1000w10000ma3} = 3000\n  1000w10000ma3: 38→3 → 3\n"
    )
    assert result.to_json()["total"] == 3000
    counted = parse("{1000d10000}>3").roll(SeededRng(1))
    assert counted.total == sum(1 for r in counted.rolls if r.face > 3)


def test_roll20_group_of_dice_and_a_number_counts_its_total() -> None:
    """Roll20's "{3d20+5}>21": one success when the total is 21 or more."""
    expr = parse("{3d20+5}>21", "roll20")
    assert expr.replay([5, 6, 5]).total == 1  # 21
    assert expr.replay([5, 6, 4]).total == 0  # 20
    # 3d20 of 15 or less: C(15, 3) = 455 of 8000 rolls
    assert dict(expr.distribution().items()) == {
        0: Fraction(91, 1600),
        1: Fraction(1509, 1600),
    }
    assert expr.replay([5, 6, 5]).explain() == (
        "{3d20+5}>21 = 1\n  3d20: 5, 6, 5 → 16\n  {3d20+5}>21: 21 → 1 success"
    )
    assert parse("{1d20+5}>10", "roll20").distribution()[1] == Fraction(4, 5)
    # "<" includes the target: 2d6 - 1 of 4 or less, 2d6 of 5 or less
    assert parse("{2d6-1}<4", "roll20").distribution()[1] == Fraction(10, 36)
    # dice alone are still counted one by one: {5d6!!}>8 counts dice
    assert parse("{3d6}>4", "roll20").replay([4, 5, 6]).total == 3


@pytest.mark.parametrize("dialect", ["roll20", "foundry"])
@pytest.mark.parametrize(
    ("text", "column"),
    [("floor(7/2+7/2)", 1), ("floor(7/2*2)", 7), ("round(1/3*3)", 7)],
)
def test_a_wrapped_division_the_function_does_not_take_says_which_it_takes(
    dialect: str, text: str, column: int
) -> None:
    """Found by fuzzing: the message told to wrap what was already wrapped."""
    with pytest.raises(NotationError) as info:
        parse(text, dialect)
    assert str(info.value).splitlines()[0] == (
        f"'/' can give a fraction in the {dialect} dialect: floor(…), ceil(…) or "
        "round(…) read it when it is their whole argument or one term added to or "
        f"subtracted from whole values at column {column}"
    )
    assert parse("floor(7/2+1)", dialect).distribution() == parse("4").distribution()
