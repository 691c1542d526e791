"""Units, range increments, range, distance and reach (PF2E-R07 to R10, R23)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError, RulesError
from rollwerk_pf2e import (
    Size,
    Space,
    check_in_range,
    corner_distance,
    feet,
    in_reach,
    metres,
    move_cost,
    origin_distance,
    range_increments,
    range_penalty,
    reach_of,
    reach_squares,
    space_distance,
    squares_from_feet,
    squares_from_metres,
)

SHORT_BOW = squares_from_metres(18)  # 12 squares / 60 ft


# -- PF2E-R23 / PF2E-A06: units ---------------------------------------------


def test_pf2e_r23_units_exact_conversion() -> None:
    """PF2E-R23: 1 square = 1.5 m = 5 ft; input in many forms, exact."""
    assert SHORT_BOW == 12 == squares_from_feet(60)
    assert squares_from_metres("109,5") == 73
    assert squares_from_metres("4.5 m") == 3
    assert squares_from_metres(4.5) == 3
    assert squares_from_metres(Decimal("141")) == 94
    assert squares_from_metres(Fraction(3, 2)) == 1
    assert squares_from_feet("15 ft") == 3
    assert metres(73) == "109.5 m"
    assert metres(73, "de") == "109,5 m"
    assert feet(3) == "15 ft"


@pytest.mark.parametrize("bad", [2, "1.6", 0.3, -1.5, "abc", True, None])
def test_pf2e_a06_metres_not_multiple_refused(bad: object) -> None:
    """PF2E-A06: metres that are not a multiple of 1.5 m are refused, never rounded."""
    with pytest.raises(ParameterError) as info:
        squares_from_metres(bad)  # type: ignore[arg-type]
    assert info.value.parameter == "metres"


def test_pf2e_a06_error_messages() -> None:
    with pytest.raises(
        ParameterError,
        match=r"^metres must be a non-negative multiple of 1\.5 m \(one square\), got '1\.6'$",
    ):
        squares_from_metres("1.6")
    with pytest.raises(ParameterError) as info:
        squares_from_metres("abc")
    assert str(info.value) == (
        "metres must be a number: ASCII digits 0-9 with an optional decimal "
        "point ('.' or ','), optionally followed by one of 'm', 'metre', "
        "'metres', 'meter', 'meters', got 'abc'"
    )
    with pytest.raises(ParameterError, match=r"^lang must be 'en' or 'de', got 'fr'$"):
        metres(1, "fr")


# -- PF2E-R08 / PF2E-A01: range increments -------------------------------------


@pytest.mark.parametrize(
    ("vector", "metres_", "expected"),
    [
        ("E1", 9, 0),
        ("E2", 18, 0),
        ("E3", 30, -2),
        ("E4", 36, -2),
        ("E5", 45, -4),
        ("E6", 99, -10),
        ("E7", 108, -10),
    ],
)
def test_pf2e_r08_short_bow_vectors(vector: str, metres_: int, expected: int) -> None:
    """PF2E-R08, PF2E-A01, vectors E1-E7: short bow, increment 18 m."""
    assert range_penalty(squares_from_metres(metres_), SHORT_BOW) == expected


def test_pf2e_r08_e8_beyond_six_increments() -> None:
    """PF2E-R08, vector E8: 109.5 m (73 squares) is impossible."""
    with pytest.raises(
        RulesError,
        match=r"^distance 73 squares is beyond six range increments of 12 squares "
        r"\(at most 72 squares\): no attack is possible$",
    ):
        range_penalty(squares_from_metres("109.5"), SHORT_BOW)


def test_pf2e_r08_bad_inputs() -> None:
    with pytest.raises(
        ParameterError, match=r"^increment must be an integer >= 1 \(squares\), got 0$"
    ):
        range_penalty(5, 0)
    with pytest.raises(
        ParameterError, match=r"^distance must be an integer >= 0 \(squares\), got -1$"
    ):
        range_penalty(-1, 12)


@given(st.integers(0, 800), st.integers(1, 100))
def test_pf2e_r08_invariants(distance: int, increment: int) -> None:
    """PF2E-R08 invariants: values, zero iff d <= i, impossible iff d > 6i, ceil only."""
    if distance > 6 * increment:
        with pytest.raises(RulesError):
            range_penalty(distance, increment)
        return
    p = range_penalty(distance, increment)
    assert p in {0, -2, -4, -6, -8, -10}
    assert (p == 0) == (distance <= increment)
    k = max(1, -(-distance // increment))
    assert p == -2 * (k - 1) == -2 * (range_increments(distance, increment) - 1)
    # scaling both by the same factor keeps the penalty
    assert range_penalty(distance * 3, increment * 3) == p
    # non-increasing in distance
    if distance + 1 <= 6 * increment:
        assert range_penalty(distance + 1, increment) <= p


def test_pf2e_r07_range_e12() -> None:
    """PF2E-R07, vector E12: a fireball's corner at 141 m is within 150 m."""
    check_in_range(squares_from_metres(141), squares_from_metres(150), "burst origin")
    with pytest.raises(
        RulesError,
        match=r"^target at 101 squares \(151\.5 m\) is out of range: the range is "
        r"100 squares \(150 m\)$",
    ):
        check_in_range(101, 100)


def test_pf2e_r16_e12_burst_origin_is_a_corner_of_a_square_in_range() -> None:
    """PF2E-R16, E12: "a corner of a square within range" (seed: „Ecke eines
    Feldes innerhalb der Reichweite").

    Corner (101, 0) is a corner of square (100, 0), 100 squares = 150 m away,
    so a fireball may burst there; it was refused as 101 squares.
    """
    wizard, fireball_range = Space(0, 0), squares_from_metres(150)
    assert space_distance(wizard, Space(100, 0)) == 100
    assert origin_distance(wizard, (101, 0)) == 100
    check_in_range(origin_distance(wizard, (101, 0)), fireball_range, "burst origin")
    assert origin_distance(wizard, (94, 0)) == 93  # E12: 141 m
    with pytest.raises(RulesError) as info:
        check_in_range(
            origin_distance(wizard, (102, 0)), fireball_range, "burst origin"
        )
    assert str(info.value) == (
        "burst origin at 101 squares (151.5 m) is out of range: the range is "
        "100 squares (150 m)"
    )
    # diagonally, the nearest square: (66, 66) costs 66 + 33 = 99,
    # (67, 67) costs 100, (68, 68) costs 102
    assert origin_distance(wizard, (67, 67)) == 99
    assert origin_distance(wizard, (68, 68)) == 100
    assert origin_distance(wizard, (69, 69)) == 102


def test_pf2e_r16_a09_origin_corners_of_the_creators_own_space() -> None:
    """PF2E-R16, PF2E-A09: the corners of the creator's own squares are 0 away."""
    assert [
        origin_distance(Space(0, 0), c) for c in ((0, 0), (1, 0), (0, 1), (1, 1))
    ] == [
        0,
        0,
        0,
        0,
    ]
    ogre = Space(0, 0, Size.LARGE)
    assert origin_distance(ogre, (1, 1)) == 0  # the centre of its space
    assert origin_distance(ogre, (3, 0)) == 1  # a corner of square (2, 0)
    assert origin_distance(ogre, (4, 4)) == move_cost(2, 2) == 3  # square (3, 3)
    # corner_distance (burst membership) still counts the own corners as 1
    assert corner_distance(Space(0, 0), (1, 1)) == 1


@given(
    x=st.integers(-5, 5),
    y=st.integers(-5, 5),
    cx=st.integers(-12, 12),
    cy=st.integers(-12, 12),
    size=st.sampled_from(list(Size)),
)
def test_pf2e_r16_origin_distance_is_the_nearest_square_with_that_corner(
    x: int, y: int, cx: int, cy: int, size: Size
) -> None:
    """PF2E-R16: in range iff one of the four squares at the corner is in range."""
    creator = Space(x, y, size)
    nearest = min(
        space_distance(creator, Space(sx, sy))
        for sx in (cx - 1, cx)
        for sy in (cy - 1, cy)
    )
    assert origin_distance(creator, (cx, cy)) == nearest


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: origin_distance(None, (1, 1)),  # type: ignore[arg-type]
            "creator must be a Space (Space(x, y, size)), got None",
        ),
        (
            lambda: origin_distance(Space(0, 0), (1, 1.5)),  # type: ignore[arg-type]
            "corner must be a grid corner (x, y) of integers, got (1, 1.5)",
        ),
        (
            lambda: origin_distance(Space(0, 0), (True, 1)),
            "corner must be a grid corner (x, y) of integers, got (True, 1)",
        ),
    ],
)
def test_origin_distance_refuses_what_it_cannot_measure(call, message) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_pf2e_r07_a09_range_from_creator_nearest_square() -> None:
    """PF2E-R07, PF2E-A09: range is measured from the creator's nearest square."""
    ogre = Space(0, 0, Size.LARGE)
    assert space_distance(ogre, Space(8, 0)) == 7
    assert space_distance(Space(0, 0), Space(8, 0)) == 8
    # the corner of a burst: 94 squares east of a Medium creator
    assert corner_distance(Space(0, 0), (94, 0)) == 94
    assert corner_distance(Space(0, 0), (1, 0)) == 1
    assert corner_distance(Space(0, 0, Size.HUGE), (10, 10)) == move_cost(8, 8) == 12


# -- PF2E-R10: move cost ------------------------------------------------------


def test_pf2e_r10_d9_move_costs() -> None:
    """PF2E-R10, vector D9: (3, 3) / (4, 1) / (2, 2) cost 4 / 4 / 3."""
    assert [move_cost(3, 3), move_cost(4, 1), move_cost(2, 2)] == [4, 4, 3]


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_pf2e_r10_move_cost_invariants(dx: int, dy: int) -> None:
    """PF2E-R10 invariants: symmetric, max <= cost <= max + min/2."""
    c = move_cost(dx, dy)
    assert c == move_cost(dy, dx) == move_cost(-dx, dy) == move_cost(dx, -dy)
    hi, lo = max(abs(dx), abs(dy)), min(abs(dx), abs(dy))
    assert hi <= c <= hi + lo // 2


# -- PF2E-R09 / PF2E-R10 / PF2E-A14: reach ---------------------------------------


def test_pf2e_r09_e9_default_reach() -> None:
    """PF2E-R09, vector E9: a Medium creature without a reach weapon reaches 1.5 m."""
    assert metres(reach_of(Size.MEDIUM)) == "1.5 m"
    assert reach_of(Size.SMALL) == 1
    assert reach_of(Size.TINY) == 0
    assert reach_of(Size.MEDIUM, reach_weapon=True) == 2
    assert reach_of(Size.LARGE) == 2  # the ogre's 3 m
    assert reach_of(Size.LARGE, tall=False) == 1
    assert [reach_of(s) for s in (Size.HUGE, Size.GARGANTUAN)] == [3, 4]


def test_pf2e_r09_tiny_creatures_reach_only_their_own_square() -> None:
    """PF2E-R09: a Tiny creature's reach is 0 (the full rules' 0 ft), not 1 square.

    It reaches a creature whose space overlaps its own, not an adjacent one;
    a reach weapon gives it one square.
    """
    pixie = Space(0, 0, Size.TINY)
    assert reach_of(Size.TINY) == 0
    assert in_reach(pixie, Space(0, 0), reach_of(Size.TINY))
    assert not in_reach(pixie, Space(1, 0), reach_of(Size.TINY))
    assert reach_squares(pixie, 0) == frozenset()
    assert reach_of(Size.TINY, reach_weapon=True) == 1
    assert in_reach(pixie, Space(1, 1), reach_of(Size.TINY, reach_weapon=True))


def test_pf2e_r10_e10_ogre_reaches_two_diagonal() -> None:
    """PF2E-R10, vector E10: an ogre's 3 m reach reaches 2 squares diagonally."""
    ogre = Space(0, 0, Size.LARGE)
    assert in_reach(ogre, Space(3, 3), 2)  # 2 squares diagonally from its corner
    assert not in_reach(ogre, Space(4, 3), 2)
    assert in_reach(Space(0, 0), Space(-2, -2), 2)
    assert move_cost(2, 2) == 3  # normally out of a 2-square reach


def test_pf2e_r10_e11_long_reaches() -> None:
    """PF2E-R10, vector E11: 6 m reaches 3 diagonal squares, 9 m reaches 4."""
    me = Space(0, 0)
    assert in_reach(me, Space(3, 3), 4)
    assert not in_reach(me, Space(4, 4), 4)
    assert in_reach(me, Space(4, 4), 6)
    assert not in_reach(me, Space(5, 5), 6)


def test_pf2e_a14_reach_exception_only_for_3m() -> None:
    """PF2E-A14: 4.5 m (3 squares) reaches 2 diagonal squares, like 3 m."""
    me = Space(0, 0)
    assert in_reach(me, Space(2, 2), 3)
    assert not in_reach(me, Space(3, 3), 3)
    assert in_reach(me, Space(3, 1), 3)


def test_pf2e_r10_reach_squares_counts() -> None:
    """PF2E-R10 invariant: a Medium 3 m reach covers all 24 squares of the 5x5 block."""
    assert len(reach_squares(Space(0, 0), 1)) == 8
    assert reach_squares(Space(0, 0), 2) == frozenset(
        (x, y) for x in range(-2, 3) for y in range(-2, 3)
    ) - {(0, 0)}
    assert len(reach_squares(Space(0, 0), 3)) == 7 * 7 - 1 - 12
    # a Large creature's 3 m reach: the 6x6 block minus its own 4 squares
    assert len(reach_squares(Space(0, 0, Size.LARGE), 2)) == 36 - 4
    assert reach_squares(Space(0, 0), 0) == frozenset()


@given(st.integers(0, 7), st.integers(-9, 9), st.integers(-9, 9))
def test_pf2e_r10_reach_grows_with_reach(reach: int, x: int, y: int) -> None:
    """PF2E-R10 invariant: the reachable set grows with reach."""
    if in_reach(Space(0, 0), Space(x, y), reach):
        assert in_reach(Space(0, 0), Space(x, y), reach + 1)


def test_pf2e_r10_reach_bad_value() -> None:
    with pytest.raises(
        ParameterError, match=r"^reach must be an integer >= 0, got -1$"
    ):
        in_reach(Space(0, 0), Space(1, 0), -1)


def test_sizes_and_spaces() -> None:
    assert [s.squares for s in Size] == [1, 1, 1, 2, 3, 4]
    assert len(Space(2, 3, Size.GARGANTUAN).squares()) == 16
    assert (3, 4) in Space(2, 3, Size.LARGE)
    assert (4, 4) not in Space(2, 3, Size.LARGE)
    assert "x" not in Space(0, 0)
    with pytest.raises(ParameterError, match=r"^x must be an integer, got 1\.5$"):
        Space(1.5, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("bad", "allowed"),
    [
        (float("inf"), "a finite number"),
        (float("nan"), "a finite number"),
        (Decimal("NaN"), "a finite number"),
        ("9" * 40, "a finite number from 1e-30 to 1e30"),
        (Decimal("1e-99"), "a finite number from 1e-30 to 1e30"),
    ],
)
def test_pf2e_a06_non_finite_and_huge_input_refused(bad: object, allowed: str) -> None:
    """PF2E-A06: infinite, NaN and absurdly large inputs raise ParameterError at
    once (no OverflowError, no hang building a huge integer)."""
    for convert, name in ((squares_from_metres, "metres"), (squares_from_feet, "feet")):
        with pytest.raises(ParameterError) as info:
            convert(bad)  # type: ignore[arg-type]
        assert info.value.parameter == name
        assert info.value.allowed == allowed
