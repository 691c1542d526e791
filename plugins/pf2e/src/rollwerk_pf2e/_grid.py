"""The grid: squares, sizes, spaces, movement-style distance and reach.

Coordinates are whole squares: square ``(x, y)`` covers the unit square from
grid point ``(x, y)`` to ``(x + 1, y + 1)``; ``x`` grows to the east and
``y`` to the south (as rows are printed). Grid points (corners) are integer
pairs too. One square is 1.5 m = 5 ft (PF2E-R23).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs

from rollwerk import ParameterError
from rollwerk.errors import LimitExceeded

__all__ = [
    "MAX_SQUARES",
    "Size",
    "Space",
    "Square",
    "corner_distance",
    "in_reach",
    "move_cost",
    "origin_distance",
    "reach_of",
    "reach_squares",
    "space_distance",
]

Square = tuple[int, int]
"""A grid square ``(x, y)``; also used for grid points (corners)."""


class Size(enum.Enum):
    """A creature's size category, with its space in squares (PF2E-R09).

    Tiny creatures take less than a square; on the grid they are placed in
    one square (several may share it) and have no reach by default.
    Gargantuan creatures take at least 4 × 4 squares; this library uses 4.
    """

    TINY = "tiny"
    """Less than one square; reach 0 by default."""
    SMALL = "small"
    """One square."""
    MEDIUM = "medium"
    """One square."""
    LARGE = "large"
    """2 × 2 squares."""
    HUGE = "huge"
    """3 × 3 squares."""
    GARGANTUAN = "gargantuan"
    """4 × 4 squares (or more)."""

    @property
    def squares(self) -> int:
        """The side of the creature's space in squares."""
        return _SIDE[self]


_SIDE = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
}
_REACH_TALL = {
    Size.TINY: 0,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
}
_REACH_LONG = {**_REACH_TALL, Size.LARGE: 1, Size.HUGE: 2, Size.GARGANTUAN: 3}


def reach_of(size: Size, *, tall: bool = True, reach_weapon: bool = False) -> int:
    """A creature's reach in squares (PF2E-R09).

    The default is 1 square (1.5 m) for Small and Medium creatures; Large
    and larger creatures reach further (an ogre, Large and tall, reaches
    3 m = 2 squares). A Tiny creature's reach is 0, as in the full rules
    (the excerpt does not say): it reaches only a creature whose space
    overlaps its own. A weapon with the *reach* trait adds one square (5 ft).

    >>> reach_of(Size.MEDIUM), reach_of(Size.LARGE), reach_of(Size.MEDIUM, reach_weapon=True)
    (1, 2, 2)
    >>> reach_of(Size.TINY)
    0
    """
    _size(size)
    table = _REACH_TALL if tall else _REACH_LONG
    return table[size] + (1 if reach_weapon else 0)


MAX_SQUARES = 200
"""The longest distance, radius, length or reach of an area, in squares.

200 squares are 1000 feet (300 m). Areas are computed square by square, so
the limit is checked before any work: a larger one raises
[`LimitExceeded`][rollwerk.errors.LimitExceeded].
"""


def within_limit(value: int, name: str) -> int:
    """``value`` if it is at most `MAX_SQUARES`, else `LimitExceeded`."""
    if value > MAX_SQUARES:
        raise LimitExceeded(f"{name} in squares", value, MAX_SQUARES)
    return value


def _int(value: object, name: str, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, "an integer")
    if minimum is not None and value < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum}")
    return value


def checked_space(value: object, name: str) -> Space:
    """``value`` if it is a `Space`, else a `ParameterError` naming ``name``."""
    if not isinstance(value, Space):
        raise ParameterError(name, value, "a Space (Space(x, y, size))")
    return value


def _size(value: object) -> None:
    if not isinstance(value, Size):
        raise ParameterError(
            "size", value, "a Size (" + ", ".join(s.name for s in Size) + ")"
        )


@attrs.frozen
class Space:
    """The squares a creature (or object) takes on the grid.

    >>> sorted(Space(0, 0, Size.LARGE).squares())
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """

    x: int = attrs.field(validator=lambda _i, _a, v: _int(v, "x"))
    """The west-most column of the space."""
    y: int = attrs.field(validator=lambda _i, _a, v: _int(v, "y"))
    """The north-most row of the space."""
    size: Size = attrs.field(default=Size.MEDIUM, validator=lambda _i, _a, v: _size(v))
    """The size category, which sets the side length."""

    @property
    def side(self) -> int:
        """The side of the space in squares."""
        return self.size.squares

    def squares(self) -> frozenset[Square]:
        """Every square of the space."""
        n = self.side
        return frozenset((self.x + i, self.y + j) for i in range(n) for j in range(n))

    def __contains__(self, square: object) -> bool:
        if not isinstance(square, tuple) or len(square) != 2:
            return False
        x, y = square
        n = self.side
        return bool(self.x <= x < self.x + n and self.y <= y < self.y + n)

    def iter_squares(self) -> Iterator[Square]:
        """The squares row by row, north to south, west to east."""
        n = self.side
        for j in range(n):
            for i in range(n):
                yield (self.x + i, self.y + j)


def move_cost(dx: int, dy: int) -> int:
    """Squares counted like movement: every second diagonal counts double.

    ``max(|dx|, |dy|) + floor(min(|dx|, |dy|) / 2)`` (PF2E-R10).

    >>> move_cost(3, 3), move_cost(4, 1), move_cost(2, 2)
    (4, 4, 3)
    """
    return _cost(_int(dx, "dx"), _int(dy, "dy"))


def _cost(dx: int, dy: int) -> int:
    """`move_cost` of checked integers (what the areas call, square by square)."""
    a, b = abs(dx), abs(dy)
    return max(a, b) + min(a, b) // 2


def _gap(a0: int, an: int, b0: int, bn: int) -> int:
    # index difference between the nearest squares of two intervals
    if b0 >= a0 + an:
        return b0 - (a0 + an - 1)
    if a0 >= b0 + bn:
        return a0 - (b0 + bn - 1)
    return 0


def _gaps(a: Space, b: Space) -> tuple[int, int]:
    return _gap(a.x, a.side, b.x, b.side), _gap(a.y, a.side, b.y, b.side)


def space_distance(a: Space, b: Space) -> int:
    """The distance in squares between two spaces (PF2E-A09).

    Counted like movement from the nearest square of one to the nearest
    square of the other; adjacent spaces are 1 square (1.5 m) apart,
    overlapping spaces 0.

    >>> space_distance(Space(0, 0), Space(3, 3))
    4
    >>> space_distance(Space(0, 0, Size.LARGE), Space(3, 0))
    2
    """
    checked_space(a, "a")
    checked_space(b, "b")
    return _cost(*_gaps(a, b))


def corner_distance(space: Space, corner: Square) -> int:
    """The distance in squares from a space to a grid corner (PF2E-A07, A09).

    Measured as a burst measures: for each square of the space, the cost to
    its far corner as seen from ``corner``; the smallest counts. A corner of
    the space itself is 1 square away, so a creature is inside a burst of
    radius ``r`` at ``corner`` exactly when ``corner_distance <= r``.

    It is not the range to a burst's origin: for that, use
    [`origin_distance`][rollwerk_pf2e.origin_distance], which counts a
    corner of a square within range as within range.

    >>> corner_distance(Space(0, 0), (1, 1)), corner_distance(Space(0, 0), (5, 0))
    (1, 5)
    """
    checked_space(space, "space")
    cx, cy = _checked_corner(corner)
    return min(_cost(*_far(sq, cx, cy)) for sq in space.iter_squares())


def _checked_corner(corner: object) -> Square:
    if (
        not isinstance(corner, tuple)
        or len(corner) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in corner)
    ):
        raise ParameterError("corner", corner, "a grid corner (x, y) of integers")
    return corner


def origin_distance(creator: Space, corner: Square) -> int:
    """The range from a creator to a burst's origin corner (PF2E-R16, A09).

    A burst starts at "a corner of a square within the range" (the seed:
    „an der Ecke eines Feldes innerhalb von 150 m Entfernung zu dir“): a corner is as far away
    as the nearest of the four squares it is a corner of, each measured
    like any target ([`space_distance`][rollwerk_pf2e.space_distance]).
    So a corner of the creator's own space is 0 squares away, and a
    fireball (150 m = 100 squares) may burst at any corner of a square
    100 squares away: pass the result to
    [`check_in_range`][rollwerk_pf2e.check_in_range].

    This is not [`corner_distance`][rollwerk_pf2e.corner_distance], which
    measures whether a creature is *inside* a burst and counts the corners
    of a creature's own square as 1 square away.

    Raises:
        ParameterError: ``creator`` is not a Space or ``corner`` not a pair
            of integers.

    >>> origin_distance(Space(0, 0), (101, 0))    # a corner of square (100, 0)
    100
    >>> origin_distance(Space(0, 0), (1, 1)), origin_distance(Space(0, 0), (3, 3))
    (0, 3)
    """
    checked_space(creator, "creator")
    cx, cy = _checked_corner(corner)
    gx = _gap(creator.x, creator.side, cx - 1, 2)
    gy = _gap(creator.y, creator.side, cy - 1, 2)
    return _cost(gx, gy)


def _far(square: Square, cx: int, cy: int) -> tuple[int, int]:
    x, y = square
    a = x + 1 - cx if x >= cx else cx - x
    b = y + 1 - cy if y >= cy else cy - y
    return a, b


def in_reach(attacker: Space, target: Space, reach: int) -> bool:
    """Whether ``target`` is within ``reach`` squares of ``attacker`` (PF2E-R10).

    Distance is counted like movement, except that a reach of exactly
    2 squares (3 m) also reaches 2 squares diagonally (PF2E-A14: only that
    reach).

    >>> in_reach(Space(0, 0), Space(2, 2), 2)    # the 3 m exception
    True
    >>> in_reach(Space(0, 0), Space(3, 3), 3)    # 4.5 m: normal counting
    False
    """
    checked_space(attacker, "attacker")
    checked_space(target, "target")
    reach = _int(reach, "reach", 0)
    gx, gy = _gaps(attacker, target)
    if reach == 2:
        return max(gx, gy) <= 2
    return _cost(gx, gy) <= reach


def reach_squares(space: Space, reach: int) -> frozenset[Square]:
    """Every square within ``reach`` of ``space``, not counting the space itself.

    >>> len(reach_squares(Space(0, 0), 2))   # the full 5 x 5 block minus the centre
    24
    """
    checked_space(space, "space")
    reach = within_limit(_int(reach, "reach", 0), "reach")
    n = space.side
    out = set()
    for x in range(space.x - reach, space.x + n + reach):
        for y in range(space.y - reach, space.y + n + reach):
            if (x, y) in space:
                continue
            if in_reach(space, Space(x, y), reach):
                out.add((x, y))
    return frozenset(out)
