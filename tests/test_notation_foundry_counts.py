"""Foundry's counting modifiers as its code applies them.

Foundry (``die.mjs``, ``dice.mjs``) applies modifiers in the order written,
each overwriting what a die counts: ``cs`` sets 1 or 0, ``df`` sets −1 on
the failures (without a target: the dice that failed ``cs``), ``min``/``max``
set a clamped count but leave the face, which every count tests.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse


def _first_line(text: str, dialect: str = "foundry") -> str:
    with pytest.raises(NotationError) as info:
        parse(text, dialect)
    return str(info.value).splitlines()[0]


# -- df without a target after cs: the dice failing cs count -1 ------------------


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("6d6cs>4df", [1, 5, 6, 2, 3, 4], -2),  # 2 successes, 4 failures
        ("6d6cs>=4df", [1, 4, 5, 6, 2, 3], 0),
        ("6d6csdf", [6, 6, 5, 1, 2, 3], -2),  # cs alone: the highest face
        ("6d6evendf", [2, 4, 6, 1, 2, 2], 4),  # 5 even, 1 odd
        ("6d6odddf", [2, 4, 6, 1, 2, 2], -4),
        ("4d6kh2cs>=4df", [6, 1, 2, 3], 0),  # kept 6 and 3: +1 - 1
    ],
)
def test_df_without_a_target_deducts_the_dice_failing_the_count(
    text: str, faces: list[int], total: int
) -> None:
    assert parse(text, "foundry").replay(faces).total == total


def test_df_without_a_target_exact_odds() -> None:
    # each die is +1 (5 or 6) or -1: 2·Bin(6, 1/3) - 6
    dist = parse("6d6cs>4df", "foundry").distribution()
    assert dist[0] == Fraction(160, 729)
    assert dist[6] == Fraction(1, 729)
    assert dist[-6] == Fraction(64, 729)
    assert set(dist) == {-6, -4, -2, 0, 2, 4, 6}
    assert parse("6d6evendf", "foundry").distribution()[0] == Fraction(5, 16)


def test_rollwerk_keeps_its_own_reading_of_df() -> None:
    """rollwerk's own cs…df deducts 1s, whatever the order (not Foundry's)."""
    assert parse("6d6cs>=4df").replay([1, 4, 5, 6, 2, 3]).total == 2
    assert parse("6d6dfeven").replay([1, 2, 3, 4, 5, 6]).total == 2


def test_df_without_a_target_needs_one_comparison_for_the_failures() -> None:
    assert _first_line("6d6cs=3df") == (
        "'df' without a target deducts the dice that fail '=3', the faces "
        "1, 2, 4 to 6; rollwerk reads that where one comparison names them: "
        "give 'df' a target at column 1"
    )


# -- a die meeting both cs and df counts -1 ---------------------------------------


def test_a_die_meeting_cs_and_df_counts_minus_one() -> None:
    expr = parse("4d10cs>=7df<=7", "foundry")
    # 7 meets both: -1 (not 0); 8: +1; 1 and 5: -1
    result = expr.replay([7, 8, 1, 5])
    assert result.total == -2
    assert [d.counted for d in result.pool_dice] == [-1, 1, -1, -1]
    dist = expr.distribution()
    assert dist[4] == Fraction(81, 10000)  # 8, 9 or 10 on every die
    assert dist[-4] == Fraction(2401, 10000)
    assert set(dist) == {-4, -2, 0, 2, 4}
    # rollwerk's own dialect: +1 - 1 = 0 for the 7
    assert parse("4d10cs>=7df<=7").replay([7, 8, 1, 5]).total == -1


def test_cs_and_df_that_do_not_overlap_read_as_before() -> None:
    expr = parse("6d10cs>=8df=1", "foundry")
    assert expr.replay([8, 1, 10, 5, 1, 9]).total == 1
    assert expr.distribution() == parse("6d10>=8f1").distribution()


def test_successes_left_by_df_need_one_comparison() -> None:
    assert _first_line("6d6cs>=4df>=6") == (
        "Foundry VTT counts a die meeting both 'cs' and 'df' as −1, so the "
        "successes are the faces 4, 5; rollwerk reads that where one comparison "
        "names them at column 1"
    )


# -- min/max change what a die adds, never what a count tests ---------------------


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("4d6min3cs<=2", [1, 2, 3, 6], 2),  # the faces 1 and 2, not 3 and 3
        ("1d20min10cs>=10", [3], 0),
        ("4d6max4cs=6", [6, 6, 4, 1], 2),
        ("6d6min3even", [1, 2, 3, 4, 5, 6], 3),
        ("4d6min3kh2cs<=2", [1, 2, 3, 6], 0),  # kept 3 and 6
        ("4d6max5df=1", [1, 6, 3, 5], 12),  # -1 + 5 + 3 + 5
        ("4d6max5df1", [1, 6, 3, 5], 12),
        ("4d6min3", [1, 2, 3, 6], 15),  # a sum adds the clamped values
    ],
)
def test_counts_test_the_face_rolled(text: str, faces: list[int], total: int) -> None:
    assert parse(text, "foundry").replay(faces).total == total


def test_counts_with_min_max_exact_odds() -> None:
    assert parse("4d6min3cs<=2", "foundry").distribution()[2] == Fraction(8, 27)
    assert (
        parse("4d6max4cs=6", "foundry").distribution()
        == parse("4d6cs=6", "foundry").distribution()
    )
    dist = parse("4d6max5df=1", "foundry").distribution()
    assert dist[-4] == Fraction(1, 1296)
    assert dist[20] == Fraction(1, 81)  # 5 or 6 on every die
    # rollwerk's own mi/min clamp first, then count (not Foundry's reading)
    assert parse("4d6min3cs<=2").replay([1, 2, 3, 6]).total == 0


def test_df_with_min_max_that_hides_the_failures_is_refused() -> None:
    assert _first_line("4d6min2df=1") == (
        "Foundry VTT's 'df' tests the face rolled and 'min'/'max' change only "
        "what a die adds: faces 1 and 2 both add 2, but only 1 meets '=1'; "
        "rollwerk reads 'df' with 'min'/'max' only where the value added tells "
        "the failures apart at column 1"
    )


# -- a count written after df overwrites it: refused ------------------------------


@pytest.mark.parametrize(
    ("text", "written", "column"),
    [
        ("6d6df1even", "even", 7),
        ("6d6df=1odd", "odd", 8),
        ("6d6df1cs>3", "cs", 7),
        ("6d6df<2cs", "cs", 8),
    ],
)
def test_a_count_after_df_is_refused(text: str, written: str, column: int) -> None:
    assert _first_line(text) == (
        f"Foundry VTT counts every die again with {written!r} written after 'df', "
        f"which loses the failures 'df' deducted; write {written!r} before 'df' "
        f"(6d6{written}df) at column {column}"
    )


# -- what Foundry's code reads otherwise than its reference (h230) ----------------


@pytest.mark.parametrize(
    ("text", "run"),
    [
        ("4d6khcs>4", "khcs>"),
        ("4d6dcs>4", "dcs>"),
        ("3d6evendf=1", "evendf="),
        ("2d6xsf=6", "xsf="),
        ("4d6rcs>4", "rcs>"),
        ("4d6xocs>4", "xocs>"),
        ("4d6KHcs3", "KHcs3"),
    ],
)
def test_modifiers_run_together_before_a_number_are_refused(
    text: str, run: str
) -> None:
    """Foundry splits ``khcs`` into kh and cs, each without its number, and
    drops the ``>4``; rollwerk had given it to ``cs``."""
    assert _first_line(text) == (
        f"modifiers run together before a number ('{run}…') are not read by "
        "rollwerk: Foundry reads each of them without its number; write a number "
        "between them (kh1cs>4) at column 4"
    )


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("4d6kh2cs>4", [1, 5, 6, 2], 2),
        ("2d6x6sf=6", [6, 1, 3], -6 + 1 + 3),
        ("4d6r1cs>4", [1, 5, 6, 2, 3], 2),
    ],
)
def test_modifiers_with_a_number_between_them_are_read(
    text: str, faces: list[int], total: int
) -> None:
    assert parse(text, "foundry").replay(faces).total == total


@pytest.mark.parametrize(
    ("text", "which", "write", "column"),
    [
        ("4d6df", "'df' without a target and without a count before it", "df=1", 4),
        ("4d6df+1", "'df' without a target and without a count before it", "df=1", 4),
        ("3d6sf", "'sf' without a target", "sf=1", 4),
        ("4d6kh3sf", "'sf' without a target", "sf=1", 7),
    ],
)
def test_df_and_sf_without_a_target_are_refused_where_foundry_disagrees(
    text: str, which: str, write: str, column: int
) -> None:
    """Foundry's reference deducts the 1s; its code, with no target and no
    count before, deducts nothing."""
    verb = "deducts" if write.startswith("df") else "subtracts"
    assert _first_line(text) == (
        f"{which} is not read by rollwerk (Foundry's reference {verb} the 1s, its "
        f"code nothing): write {write} at column {column}"
    )
    assert parse("6d6cs>4df", "foundry").replay([5, 1, 6, 2, 3, 4]).total == -2
