"""Areas on the grid and their pictures (PF2E-R14 to PF2E-R19, A07, A08, A11, A15)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError, RulesError
from rollwerk_pf2e import (
    AreaKind,
    Direction,
    Size,
    Space,
    burst,
    cone,
    emanation,
    line,
    move_cost,
    picture,
    squares_from_metres,
)

# -- bursts --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("radius", "count"), [(1, 4), (2, 12), (3, 24), (4, 44), (6, 96)]
)
def test_pf2e_a07_d8_burst_counts(radius: int, count: int) -> None:
    """PF2E-R16, PF2E-A07, vector D8: bursts of 1/2/3/4 squares cover 4/12/24/44."""
    assert len(burst((0, 0), radius)) == count


def test_pf2e_r16_burst_far_corner_rule() -> None:
    """PF2E-A07: inside iff the cost to the far corner is at most the radius."""
    b = burst((0, 0), 2)
    assert (1, 1) not in b.squares  # far corner (2, 2) costs 3
    assert (1, 0) in b.squares
    assert (0, 1) in b.squares
    assert (-2, 0) in b.squares
    assert b.kind is AreaKind.BURST
    assert b.origin == ((Fraction(0), Fraction(0)),)


def test_pf2e_r16_e12_fireball_affects_creature_with_one_square_inside() -> None:
    """PF2E-R16, vector E12: any creature with at least one square inside."""
    fireball = burst((94, 0), squares_from_metres(6))
    big = Space(
        97, -1, Size.HUGE
    )  # squares x 97..99: only two squares at x = 97 are inside
    assert fireball.contains(big)
    assert sum(sq in fireball.squares for sq in big.squares()) == 2
    assert not fireball.contains(Space(98, 0))


@given(st.integers(1, 8), st.integers(-12, 12), st.integers(-12, 12))
def test_pf2e_r16_burst_symmetry_and_growth(radius: int, x: int, y: int) -> None:
    """PF2E-R16 invariants: symmetric under reflections about the corner; grows."""
    sq = burst((0, 0), radius).squares
    inside = (x, y) in sq
    assert ((-x - 1, y) in sq) == inside
    assert ((x, -y - 1) in sq) == inside
    assert ((y, x) in sq) == inside
    if inside:
        assert (x, y) in burst((0, 0), radius + 1).squares


# -- emanations ------------------------------------------------------------------


def test_pf2e_r15_e16_bless_emanation() -> None:
    """PF2E-R15, vector E16: bless, 1.5 m emanation: 9 squares incl. the caster."""
    caster = Space(0, 0)
    bless = emanation(caster, squares_from_metres("1.5"))
    assert len(bless) == 9
    assert bless.contains(caster)
    excluded = emanation(caster, 1, include_centre=False)
    assert len(excluded) == 8
    assert not excluded.contains(caster)


def test_pf2e_r15_d12_three_metre_emanation() -> None:
    """PF2E-R15, vector D12: 3 m emanation = 21 squares (no reach exception)."""
    e = emanation(Space(0, 0), 2)
    assert len(e) == 21
    assert all((x, y) not in e.squares for x in (-2, 2) for y in (-2, 2))


def test_pf2e_a15_emanation_from_large_creature() -> None:
    """PF2E-R15, PF2E-A15: from every side of a larger space -- a larger area."""
    large = emanation(Space(0, 0, Size.LARGE), 1)
    assert len(large) == 16  # 4 x 4 block
    huge = emanation(Space(0, 0, Size.HUGE), 2)
    assert len(huge) == 7 * 7 - 4
    assert len(emanation(Space(0, 0), 0)) == 1


@given(st.sampled_from(list(Size)), st.integers(0, 5), st.booleans())
def test_pf2e_r15_emanation_contains_centre_unless_excluded(
    size: Size, distance: int, include: bool
) -> None:
    """PF2E-R15 invariant: the origin's space is in the emanation unless excluded."""
    space = Space(3, -2, size)
    e = emanation(space, distance, include_centre=include)
    assert (
        space.squares() <= e.squares
        if include
        else space.squares().isdisjoint(e.squares)
    )


# -- cones ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "diagonal", "straight"),
    [(1, 1, 1), (2, 3, 4), (3, 6, 7), (4, 11, 12), (6, 24, 26)],
)
def test_pf2e_a08_d10_d11_cone_counts(
    length: int, diagonal: int, straight: int
) -> None:
    """PF2E-R17, PF2E-A08, vectors D10 and D11: cone square counts."""
    me = Space(0, 0)
    for d in (Direction.NE, Direction.SE, Direction.SW, Direction.NW):
        assert len(cone(me, length, d)) == diagonal
    for d in (Direction.N, Direction.E, Direction.S, Direction.W):
        assert len(cone(me, length, d)) == straight


def test_pf2e_a08_d11_rows_of_a_straight_cone() -> None:
    """Vector D11: a 4.5 m straight cone has rows of 1, 3, 3 squares."""
    c = cone(Space(0, 0), 3, Direction.E)
    rows = [sum(1 for x, _ in c.squares if x == f) for f in (1, 2, 3)]
    assert rows == [1, 3, 3]


def test_pf2e_a08_d10_diagonal_cone_is_burst_quadrant() -> None:
    """Vector D10: a diagonal cone is one quadrant of the burst at the touched corner."""
    c = cone(Space(0, 0), 6, Direction.SE)
    quadrant = {(x, y) for x, y in burst((1, 1), 6).squares if x >= 1 and y >= 1}
    assert c.squares == quadrant


def test_pf2e_r17_e14_green_dragon_breath() -> None:
    """PF2E-R17, vector E14: a 9 m cone from a square of the dragon's space."""
    dragon = Space(0, 0, Size.HUGE)
    breath = cone(dragon, squares_from_metres(9), Direction.E, origin_square=(2, 1))
    assert len(breath) == 26
    assert breath.squares.isdisjoint(dragon.squares())
    assert min(x for x, _ in breath.squares) == 3  # first square shares a side
    assert (3, 1) in breath.squares
    diag = cone(dragon, 6, Direction.NE)
    assert (3, -1) in diag.squares
    assert len(diag) == 24


def test_pf2e_r17_cone_never_includes_creator_space() -> None:
    """PF2E-R17: a cone that would include the creator's space is refused."""
    with pytest.raises(
        RulesError,
        match=r"^a cone never includes any part of its creator's space \(PF2E-R17\): "
        r"a E cone from square \(0, 0\) would include \[\(1, 0\)\]$",
    ):
        cone(Space(0, 0, Size.LARGE), 2, Direction.E, origin_square=(0, 0))
    with pytest.raises(
        ParameterError, match=r"^origin_square must be a square of the space"
    ):
        cone(Space(0, 0), 2, Direction.E, origin_square=(5, 5))


@given(
    st.sampled_from(list(Size)),
    st.sampled_from(list(Direction)),
    st.integers(1, 6),
    st.data(),
)
def test_pf2e_r17_cone_invariant_any_size(
    size: Size, direction: Direction, length: int, data: st.DataObject
) -> None:
    """PF2E-R17 invariant: a cone never contains any square of its creator's space."""
    space = Space(0, 0, size)
    square = data.draw(st.sampled_from(sorted(space.squares())))
    try:
        c = cone(space, length, direction, origin_square=square)
    except RulesError:
        return
    assert c.squares.isdisjoint(space.squares())
    assert len(c) == (len(cone(Space(0, 0), length, direction)))


def test_pf2e_r18_cone_from_another_origin() -> None:
    """PF2E-R18: a cone from another creature uses that creature's space."""
    familiar = Space(10, 10)
    c = cone(familiar, 3, Direction.S)
    assert c.source == familiar
    assert (10, 11) in c.squares
    assert not c.contains(familiar)


# -- lines ---------------------------------------------------------------------


def test_pf2e_r19_e15_lightning_bolt() -> None:
    """PF2E-R19, vector E15, PF2E-A10: an 18 m x 1.5 m line (length from the spell)."""
    bolt = line(Space(0, 0), squares_from_metres(18), Direction.E)
    assert bolt.squares == frozenset((x, 0) for x in range(1, 13))
    wide = line(Space(0, 0), 4, Direction.E, width=3)
    assert len(wide) == 12
    assert line(Space(0, 0), 24, Direction.E).size == 24  # 36 m, the English book


def test_pf2e_a11_line_touching_does_not_count() -> None:
    """PF2E-A11: a creature is in the line iff the overlap has positive area."""
    # a line along the grid line y = 0 from the corner (1, 0): width 1 covers
    # the half-rows above and below -> both rows overlap
    straddle = line(Space(0, 0), 3, Direction.E, start=(1, 0))
    assert straddle.squares == frozenset((x, y) for x in (1, 2, 3) for y in (-1, 0))
    diag = line(Space(0, 0), 2, Direction.SE)
    assert (1, 1) in diag.squares
    # the 1-square-wide diagonal strip touches (2, 0) only at a corner? no:
    # it overlaps the neighbours of the diagonal with positive area
    assert (1, 0) in diag.squares
    assert (0, 1) in diag.squares
    # a thin exact test: the square beyond the end is not touched
    assert (4, 0) not in line(Space(0, 0), 3, Direction.E).squares


def test_pf2e_a11_line_direction_vector_and_errors() -> None:
    assert len(line(Space(0, 0), 5, (0, -1))) == 5
    with pytest.raises(ParameterError, match=r"^direction must be a Direction"):
        line(Space(0, 0), 5, (0, 0))
    with pytest.raises(
        ParameterError,
        match=r"^start must be a point on the boundary of the creature's space",
    ):
        line(Space(0, 0), 5, Direction.E, start=(3, 3))
    with pytest.raises(
        ParameterError, match=r"^length must be an integer >= 1 \(squares\), got 0$"
    ):
        line(Space(0, 0), 0, Direction.E)


@given(st.integers(-4, 4), st.integers(-4, 4), st.integers(1, 8))
def test_pf2e_r19_line_never_in_own_space_and_length_bound(
    dx: int, dy: int, length: int
) -> None:
    """PF2E-R19: the line leaves the creator's space and stays within its length."""
    if (dx, dy) == (0, 0):
        return
    ln = line(Space(0, 0), length, (dx, dy))
    assert (0, 0) not in ln.squares
    assert ln.squares
    for x, y in ln.squares:
        assert max(abs(x), abs(y)) <= length + 1


def test_pf2e_r19_a11_oblique_line_leaves_out_the_creators_own_square() -> None:
    """PF2E-R19, PF2E-A11: the line comes from the creator, never onto its space.

    In direction (2, 1) the rectangle starts at (1, 3/4) on the creator's
    east side; its half-width reaches back over the creator's square, which
    is still not part of the line, and neither is a Tiny creature sharing it.
    """
    from rollwerk_pf2e._areas import _rect_overlaps_square

    ln = line(Space(0, 0), 6, (2, 1))
    assert ln.origin == ((Fraction(1), Fraction(3, 4)),)
    assert _rect_overlaps_square(ln.origin[0], (2, 1), 6, 1, (0, 0))
    assert (0, 0) not in ln.squares
    assert not ln.contains(Space(0, 0))
    assert not ln.contains(Space(0, 0, Size.TINY))
    assert ln.contains(Space(0, 1))  # the square south of the creator is in it
    # in the eight compass directions the rectangle never reaches back
    for direction in Direction:
        start = line(Space(0, 0), 6, direction).origin[0]
        assert not _rect_overlaps_square(start, direction.value, 6, 1, (0, 0))


# -- pictures --------------------------------------------------------------------


def test_picture_of_a_burst_with_creatures() -> None:
    """Pictures: the burst of radius 2 with a creature inside and one outside."""
    text = picture(burst((0, 0), 2), creatures=[("g", Space(1, 0)), ("o", Space(3, 3))])
    assert text == "\n".join(
        [
            ". . . . . . . .",
            ". . # # . . . .",
            ". # # # # . . .",
            ". # # # g . . .",
            ". . # # . . . .",
            ". . . . . . . .",
            ". . . . . . O .",
            ". . . . . . . .",
        ]
    )


def test_picture_of_a_diagonal_cone() -> None:
    text = picture(cone(Space(0, 0), 3, Direction.SE), margin=0)
    assert text == "\n".join(
        [
            "C . . .",
            ". # # #",
            ". # # .",
            ". # . .",
        ]
    )


def test_cone_lengths_are_measured_like_movement() -> None:
    """PF2E-R14: areas are measured like movement (no terrain input exists)."""
    c = cone(Space(0, 0), 4, Direction.E)
    assert all(move_cost(x, y) <= 4 for x, y in c.squares)


@pytest.mark.parametrize(
    "corner", [(Fraction(1, 2), 0), (0.5, 0), "ab", (1,), (True, 0)]
)
def test_pf2e_r16_burst_corner_must_be_integer_grid_point(corner: object) -> None:
    """PF2E-R16: a burst starts at a grid corner; anything else is refused (it
    used to build squares at fractional or string coordinates, or crash)."""
    with pytest.raises(
        ParameterError, match=r"^corner must be a grid corner \(x, y\) of integers"
    ):
        burst(corner, 2)  # type: ignore[arg-type]


def test_space_size_must_be_a_size() -> None:
    """PF2E-R09: sizes are the Size enum; a string used to be accepted silently."""
    with pytest.raises(
        ParameterError,
        match=r"^size must be a Size \(TINY, SMALL, MEDIUM, LARGE, HUGE, "
        r"GARGANTUAN\), got 'large'$",
    ):
        Space(0, 0, "large")  # type: ignore[arg-type]


# -- limits and the line's candidates -----------------------------------------


@given(
    length=st.integers(1, 14),
    width=st.integers(1, 4),
    dx=st.integers(-5, 5),
    dy=st.integers(-5, 5),
    size=st.sampled_from(list(Size)),
)
def test_pf2e_r19_a_line_is_every_square_of_a_full_scan(
    length: int, width: int, dx: int, dy: int, size: Size
) -> None:
    """PF2E-R19: the narrowed candidates miss no square the rectangle overlaps."""
    from hypothesis import assume

    from rollwerk_pf2e._areas import _rect_overlaps_square

    assume((dx, dy) != (0, 0))
    space = Space(3, -2, size)
    area = line(space, length, (dx, dy), width=width)
    (origin,) = area.origin
    reach = length + width + 1
    bx, by = int(origin[0]), int(origin[1])
    full = {
        (x, y)
        for x in range(bx - reach, bx + reach + 1)
        for y in range(by - reach, by + reach + 1)
        if (x, y) not in space
        and _rect_overlaps_square(origin, (dx, dy), length, width, (x, y))
    }
    assert area.squares == full


def test_areas_larger_than_the_limit_are_refused_before_any_work() -> None:
    from rollwerk.errors import LimitExceeded
    from rollwerk_pf2e import MAX_SQUARES, reach_squares

    assert MAX_SQUARES == 200
    assert len(emanation(Space(0, 0), 200)) == 107_469
    for make, name in (
        (lambda: emanation(Space(0, 0), 10**9), "distance"),
        (lambda: burst((0, 0), 201), "radius"),
        (lambda: cone(Space(0, 0), 201, Direction.E), "length"),
        (lambda: line(Space(0, 0), 201, Direction.NE), "length"),
        (lambda: reach_squares(Space(0, 0), 201), "reach"),
    ):
        with pytest.raises(LimitExceeded) as info:
            make()
        assert str(info.value).startswith(f"{name} in squares limit exceeded: ")
    far = [("a", Space(10**6, 0))]
    with pytest.raises(LimitExceeded) as info:
        picture(emanation(Space(0, 0), 1), creatures=far)
    assert str(info.value) == (
        "picture width in squares limit exceeded: 1000004 is more than the "
        "maximum of 801 (by 999203)"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: __import__("rollwerk_pf2e").feet("3"),
            "squares must be an integer >= 0 (squares), got '3'",
        ),
        (
            lambda: __import__("rollwerk_pf2e").feet(1.5),
            "squares must be an integer >= 0 (squares), got 1.5",
        ),
        (
            lambda: __import__("rollwerk_pf2e").metres(1.5),
            "squares must be an integer >= 0 (squares), got 1.5",
        ),
        (lambda: move_cost("3", 1), "dx must be an integer, got '3'"),
        (lambda: move_cost(1, 1.5), "dy must be an integer, got 1.5"),
        (
            lambda: __import__("rollwerk_pf2e").corner_distance(Space(0, 0), 0),
            "corner must be a grid corner (x, y) of integers, got 0",
        ),
        (
            lambda: __import__("rollwerk_pf2e").reach_of(0),
            "size must be a Size (TINY, SMALL, MEDIUM, LARGE, HUGE, GARGANTUAN), got 0",
        ),
    ],
)
def test_helpers_refuse_what_they_cannot_measure(call, message) -> None:
    # feet("3") was '33333 ft', move_cost(1.5, 1) 1.5, reach_of(0) a KeyError
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_battlefield_and_new_encounter_refuse_what_is_not_a_collection() -> None:
    from rollwerk_pf2e import Battlefield, new_encounter

    with pytest.raises(ParameterError) as info:
        Battlefield(darkness=0)  # type: ignore[arg-type]
    assert str(info.value) == "squares must be an iterable of squares (x, y), got 0"
    with pytest.raises(ParameterError) as info:
        new_encounter(None)  # type: ignore[arg-type]
    assert str(info.value) == (
        "combatants must be an iterable of Combatants or their ids, got None"
    )
