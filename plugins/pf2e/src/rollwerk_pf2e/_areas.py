"""Areas on the grid: emanation, burst, cone and line (PF2E-R14 to PF2E-R19).

Every area is a frozen [`Area`][rollwerk_pf2e.Area]: the set of squares it
covers plus its point(s) of origin, which line of effect is traced from
(PF2E-R21). Areas are measured like movement (PF2E-R10) and never
lengthened by difficult terrain or lesser cover (PF2E-R14): the grid
functions here know no terrain at all.

The rulebook's area diagrams are missing from the excerpt, so the burst and
cone squares are a **reconstruction** (PF2E-A07, PF2E-A08): a square is in a
burst iff the movement cost from the origin corner to its far corner is at
most the radius; a cone is the same rule applied to one quarter.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Iterator
from fractions import Fraction

import attrs

from rollwerk import ParameterError, RulesError
from rollwerk.errors import LimitExceeded
from rollwerk_pf2e._grid import (
    MAX_SQUARES,
    Space,
    Square,
    _cost,
    checked_space,
    within_limit,
)

__all__ = [
    "Area",
    "AreaKind",
    "Direction",
    "Point",
    "burst",
    "cone",
    "emanation",
    "line",
    "picture",
]

Point = tuple[Fraction, Fraction]
"""A point on the map in squares (grid corners are whole numbers)."""


class AreaKind(enum.Enum):
    """The four area shapes (PF2E-R14)."""

    EMANATION = "emanation"
    """From every side of a creature's space (PF2E-R15)."""
    BURST = "burst"
    """From one grid corner in every direction (PF2E-R16)."""
    CONE = "cone"
    """A quarter circle from a creature's space (PF2E-R17)."""
    LINE = "line"
    """A straight line one square wide unless stated (PF2E-R19)."""


class Direction(enum.Enum):
    """The eight grid directions; ``y`` grows to the south."""

    N = (0, -1)
    """North (up in pictures)."""
    NE = (1, -1)
    """North-east."""
    E = (1, 0)
    """East (right in pictures)."""
    SE = (1, 1)
    """South-east."""
    S = (0, 1)
    """South (down in pictures)."""
    SW = (-1, 1)
    """South-west."""
    W = (-1, 0)
    """West (left in pictures)."""
    NW = (-1, -1)
    """North-west."""

    @property
    def dx(self) -> int:
        """The step east (−1, 0 or 1)."""
        return self.value[0]

    @property
    def dy(self) -> int:
        """The step south (−1, 0 or 1)."""
        return self.value[1]

    @property
    def diagonal(self) -> bool:
        """Whether the direction is diagonal."""
        return self.dx != 0 and self.dy != 0


def _pt(x: Fraction | int, y: Fraction | int) -> Point:
    return (Fraction(x), Fraction(y))


@attrs.frozen
class Area:
    """The squares an area effect covers, and where it originates.

    A creature is in the area if at least one square of its space is
    (PF2E-R16, PF2E-R19); whether it is *affected* also needs line of effect
    from the origin (PF2E-R21), see
    [`affected`][rollwerk_pf2e.affected].
    """

    kind: AreaKind
    """The shape."""
    squares: frozenset[Square]
    """The squares covered."""
    origin: tuple[Point, ...]
    """The point(s) line of effect is traced from (any one suffices).

    A burst's corner, a line's starting point; for an emanation the points
    of the creature's space, for a cone those of the square it starts from.
    """
    size: int
    """The radius, distance or length in squares."""
    source: Space | None = None
    """The space the area comes from (emanation, cone, line), if any."""

    def contains(self, space: Space) -> bool:
        """Whether at least one square of ``space`` is in the area.

        Raises:
            ParameterError: ``space`` is not a Space.
        """
        return not self.squares.isdisjoint(checked_space(space, "space").squares())

    def __len__(self) -> int:
        return len(self.squares)


def _positive(value: object, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum} (squares)")
    return within_limit(value, name)


def _space_points(space: Space) -> tuple[Point, ...]:
    """Corners, side midpoints and centres of every square of ``space``."""
    halves = (Fraction(0), Fraction(1, 2), Fraction(1))
    points = {
        _pt(x + i, y + j)
        for (x, y) in space.iter_squares()
        for j in halves
        for i in halves
    }
    return tuple(sorted(points))


def emanation(space: Space, distance: int, *, include_centre: bool = True) -> Area:
    """An emanation from every side of ``space`` (PF2E-R15, PF2E-A15).

    Every square within ``distance`` of any square of the space (counted
    like movement) is in it, plus the space itself unless the creator
    excludes the centre. Larger creatures cover larger areas.

    >>> len(emanation(Space(0, 0), 1))     # bless, a Medium caster
    9
    >>> len(emanation(Space(0, 0), 2))     # 3 m: the 5 x 5 block minus 4 corners
    21
    >>> len(emanation(Space(0, 0), 1, include_centre=False))
    8
    """
    checked_space(space, "space")
    distance = _positive(distance, "distance", 0)
    n = space.side
    own = space.squares()
    out: set[Square] = set(own) if include_centre else set()
    for x in range(space.x - distance, space.x + n + distance):
        for y in range(space.y - distance, space.y + n + distance):
            if (x, y) in own:
                continue
            if _cost(*_gaps_to(space, x, y)) <= distance:
                out.add((x, y))
    return Area(
        AreaKind.EMANATION, frozenset(out), _space_points(space), distance, space
    )


def _gaps_to(space: Space, x: int, y: int) -> tuple[int, int]:
    n = space.side
    gx = max(0, space.x - x, x - (space.x + n - 1))
    gy = max(0, space.y - y, y - (space.y + n - 1))
    return gx, gy


def burst(corner: Square, radius: int) -> Area:
    """A burst from grid corner ``corner`` with ``radius`` squares (PF2E-R16).

    Reconstruction (PF2E-A07): a square is inside iff the movement cost from
    the corner to the square's **far** corner is at most the radius.

    >>> tuple(len(burst((0, 0), r)) for r in (1, 2, 3, 4, 6))
    (4, 12, 24, 44, 96)
    """
    radius = _positive(radius, "radius")
    if (
        not isinstance(corner, tuple)
        or len(corner) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in corner)
    ):
        raise ParameterError("corner", corner, "a grid corner (x, y) of integers")
    cx, cy = corner
    out = set()
    for a in range(1, radius + 1):
        for b in range(1, radius + 1):
            if _cost(a, b) <= radius:
                out.update(
                    {
                        (cx + a - 1, cy + b - 1),
                        (cx - a, cy + b - 1),
                        (cx + a - 1, cy - b),
                        (cx - a, cy - b),
                    }
                )
    return Area(AreaKind.BURST, frozenset(out), (_pt(cx, cy),), radius)


def _default_cone_square(space: Space, direction: Direction) -> Square:
    n = space.side
    x = space.x + n - 1 if direction.dx > 0 else space.x
    y = space.y + n - 1 if direction.dy > 0 else space.y
    return (x, y)


def cone(
    space: Space,
    length: int,
    direction: Direction,
    *,
    origin_square: Square | None = None,
) -> Area:
    """A cone of ``length`` squares from ``space`` (PF2E-R17, PF2E-R18).

    A straight cone's first square shares a side with the origin square; a
    diagonal cone's first square touches its corner. ``origin_square`` is the
    square of the space the cone starts next to (a Large or larger creature
    may pick any; the default is the one at the far edge or corner in
    ``direction``, the north-/west-most where there is a choice). For a cone
    that originates from another creature or object (PF2E-R18), pass that
    creature's space.

    Reconstruction (PF2E-A08): a square is in the cone iff its
    movement-style distance from the origin square is at most ``length``
    and it lies in the chosen quarter: straight, ``|lateral| <= forward - 1``;
    diagonal, both offsets at least 1 towards the touched corner.

    Raises:
        RulesError: If the cone would include part of the space (PF2E-R17).

    >>> tuple(len(cone(Space(0, 0), n, Direction.E)) for n in (1, 2, 3, 4, 6))
    (1, 4, 7, 12, 26)
    >>> tuple(len(cone(Space(0, 0), n, Direction.NE)) for n in (1, 2, 3, 4, 6))
    (1, 3, 6, 11, 24)
    """
    checked_space(space, "space")
    length = _positive(length, "length")
    if not isinstance(direction, Direction):
        raise ParameterError("direction", direction, "a Direction")
    sq = (
        _default_cone_square(space, direction)
        if origin_square is None
        else origin_square
    )
    if sq not in space:
        raise ParameterError(
            "origin_square", sq, f"a square of the space {sorted(space.squares())}"
        )
    sx, sy = sq
    dx, dy = direction.dx, direction.dy
    out = set()
    if direction.diagonal:
        for a in range(1, length + 1):
            for b in range(1, length + 1):
                if _cost(a, b) <= length:
                    out.add((sx + a * dx, sy + b * dy))
    else:
        lx, ly = -dy, dx  # lateral axis
        for f in range(1, length + 1):
            for c in range(-(f - 1), f):
                if _cost(f, c) <= length:
                    out.add((sx + f * dx + c * lx, sy + f * dy + c * ly))
    origin = _space_points(Space(sx, sy))
    overlap = out & space.squares()
    if overlap:
        raise RulesError(
            f"a cone never includes any part of its creator's space (PF2E-R17): "
            f"a {direction.name} cone from square {sq} would include {sorted(overlap)}"
        )
    return Area(AreaKind.CONE, frozenset(out), origin, length, space)


# -- lines: exact geometry in Q(sqrt(n)) ---------------------------------------


def _ahead(origin: int, step: int, length: int, width: int) -> range:
    """The squares a line can reach on one axis: ahead of ``origin`` by ``step``'s sign."""
    behind, ahead = width + 1, width + 1
    if step > 0:
        ahead += length
    elif step < 0:
        behind += length
    return range(origin - behind, origin + ahead + 1)


def _cmp_root(a: Fraction, r: Fraction, n: int) -> int:
    """The sign of ``a - r * sqrt(n)`` for ``n > 0``, exactly."""
    if r == 0:
        return (a > 0) - (a < 0)
    if a >= 0 and r < 0:
        return 1
    if a <= 0 and r > 0:
        return -1
    diff = a * a - r * r * n
    sign = (diff > 0) - (diff < 0)
    return sign if a > 0 else -sign


def _rect_overlaps_square(
    start: Point, direction: tuple[int, int], length: int, width: int, square: Square
) -> bool:
    """Whether the line rectangle overlaps ``square`` with positive area."""
    dx, dy = direction
    n = dx * dx + dy * dy
    ox, oy = start
    x0, y0 = square
    h = Fraction(width, 2)
    corners = [(Fraction(x0 + i), Fraction(y0 + j)) for i in (0, 1) for j in (0, 1)]
    along = [(qx - ox) * dx + (qy - oy) * dy for qx, qy in corners]
    across = [-(qx - ox) * dy + (qy - oy) * dx for qx, qy in corners]
    if not (max(along) > 0 and _cmp_root(min(along), Fraction(length), n) < 0):
        return False
    if not (_cmp_root(max(across), -h, n) > 0 and _cmp_root(min(across), h, n) < 0):
        return False
    # rectangle corners: o + (s*d + t*perp) / sqrt(n), perp = (-dy, dx)
    st = [(Fraction(s), t) for s in (0, length) for t in (-h, h)]
    bx = [s * dx - t * dy for s, t in st]
    by = [s * dy + t * dx for s, t in st]
    return (
        _cmp_root(max(bx), x0 - ox, n) > 0
        and _cmp_root(min(bx), x0 + 1 - ox, n) < 0
        and _cmp_root(max(by), y0 - oy, n) > 0
        and _cmp_root(min(by), y0 + 1 - oy, n) < 0
    )


def _on_boundary(space: Space, point: Point) -> bool:
    px, py = point
    x0, y0, n = space.x, space.y, space.side
    inside_x = x0 <= px <= x0 + n
    inside_y = y0 <= py <= y0 + n
    return (inside_x and py in (y0, y0 + n)) or (inside_y and px in (x0, x0 + n))


def line(
    space: Space,
    length: int,
    direction: Direction | tuple[int, int],
    *,
    width: int = 1,
    start: tuple[Fraction | int, Fraction | int] | None = None,
) -> Area:
    """A line of ``length`` squares from ``space`` (PF2E-R19, PF2E-A11).

    The line is a rectangle ``length`` long and ``width`` wide (1 square,
    1.5 m, unless stated) starting at a point on the boundary of the space
    (default: where the direction leaves the space from its centre, e.g. the
    middle of a side or a corner). ``direction`` is a compass direction or
    any integer vector ``(dx, dy)``. A square (and a creature) is in the line
    iff the rectangle overlaps it with positive area; merely touching an edge
    or corner does not count. The creator's own space is never in the line,
    although in an oblique direction such as ``(2, 1)`` the rectangle's
    half-width reaches back over it: the line comes from the creator.

    >>> len(line(Space(0, 0), 12, Direction.E))       # 18 m x 1.5 m
    12
    >>> sorted(line(Space(0, 0), 2, (2, 1)).squares)
    [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 1)]
    """
    checked_space(space, "space")
    length = _positive(length, "length")
    width = _positive(width, "width")
    if isinstance(direction, Direction):
        dx, dy = direction.value
    else:
        if (
            not isinstance(direction, tuple)
            or len(direction) != 2
            or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in direction
            )
            or direction == (0, 0)
        ):
            raise ParameterError(
                "direction", direction, "a Direction or a non-zero (dx, dy) of integers"
            )
        dx, dy = direction
    n = space.side
    if start is None:
        centre = (
            Fraction(space.x) + Fraction(n, 2),
            Fraction(space.y) + Fraction(n, 2),
        )
        t = Fraction(n, 2) / max(abs(dx), abs(dy))
        origin = (centre[0] + t * dx, centre[1] + t * dy)
    else:
        if (
            not isinstance(start, tuple)
            or len(start) != 2
            or not all(
                isinstance(v, (int, Fraction)) and not isinstance(v, bool)
                for v in start
            )
        ):
            raise ParameterError(
                "start", start, "a pair of ints or Fractions (squares), or None"
            )
        origin = _pt(*start)
        if not _on_boundary(space, origin):
            raise ParameterError(
                "start", start, "a point on the boundary of the creature's space"
            )
    out = {
        square
        for square in _line_candidates(origin, dx, dy, length, width)
        if square not in space
        and _rect_overlaps_square(origin, (dx, dy), length, width, square)
    }
    return Area(AreaKind.LINE, frozenset(out), (origin,), length, space)


def _line_candidates(
    origin: Point, dx: int, dy: int, length: int, width: int
) -> Iterator[Square]:
    """Squares that may overlap a line's rectangle (a superset; judged exactly).

    The rectangle runs from the origin up to ``length`` along the direction
    and ``width / 2`` across it: on each axis, within ``width + 1`` of the
    origin behind it and ``length + width + 1`` ahead. Along the axis the
    direction moves faster on, each column holds only the squares near the
    centre line there, so a diagonal line costs its length, not its square.
    """
    bx, by = int(origin[0]), int(origin[1])
    xs = _ahead(bx, dx, length, width)
    ys = _ahead(by, dy, length, width)
    if dx == 0 or dy == 0:
        yield from ((x, y) for x in xs for y in ys)
        return
    main_x = abs(dx) >= abs(dy)
    du, dv = (dx, dy) if main_x else (dy, dx)
    ou, ov = (origin[0], origin[1]) if main_x else (origin[1], origin[0])
    # the rectangle spans width / 2 * sqrt(n) / |du| across a column, and the
    # centre line moves at most one square over it; 2 squares more for safety
    half = width * math.sqrt(dx * dx + dy * dy) / (2 * abs(du)) + 3
    slope = dv / du
    for u in xs if main_x else ys:
        centre = float(ov) + (u + 0.5 - float(ou)) * slope
        for v in range(math.floor(centre - half), math.ceil(centre + half) + 1):
            yield (u, v) if main_x else (v, u)


# -- pictures -------------------------------------------------------------------


def _pairs(value: object) -> list[tuple[str, Space]]:
    """``creatures`` of `picture` as a list, each a (letter, Space) pair."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ParameterError("creatures", value, "an iterable of (letter, Space) pairs")
    pairs = list(value)
    for i, pair in enumerate(pairs):
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not isinstance(pair[0], str)
            or len(pair[0]) != 1
            or not isinstance(pair[1], Space)
        ):
            raise ParameterError(
                f"creatures[{i}]",
                pair,
                "a pair (letter, Space), the letter one character",
            )
    return pairs


def picture(
    area: Area,
    *,
    creatures: Iterable[tuple[str, Space]] = (),
    margin: int = 1,
) -> str:
    """An ASCII picture of ``area`` on the grid: rows north to south.

    ``#`` is a square in the area, ``.`` one outside it; the area's source
    space is drawn with ``@`` where it is also in the area and ``C`` where it
    is not. ``creatures`` are ``(letter, space)`` pairs drawn with their
    letter (lower case where inside the area; one character, a `Space`).
    A burst's origin corner is where the four ``#`` quadrants meet.

    Raises:
        ParameterError: ``area`` is not an Area, ``creatures`` not an
            iterable of ``(letter, Space)`` pairs, or ``margin`` not an
            integer >= 0.
        LimitExceeded: ``margin`` is more than `MAX_SQUARES`, or the
            picture would be more than 801 squares wide or high.

    >>> print(picture(emanation(Space(0, 0), 1)))
    . . . . .
    . # # # .
    . # @ # .
    . # # # .
    . . . . .
    >>> print(picture(cone(Space(0, 0), 3, Direction.E), margin=0))
    . . # #
    C # # #
    . . # #
    """
    if not isinstance(area, Area):
        raise ParameterError("area", area, "an Area (burst, cone, emanation, line)")
    margin = _positive(margin, "margin", 0)
    creatures = _pairs(creatures)
    cells: set[Square] = set(area.squares)
    if area.source is not None:
        cells |= area.source.squares()
    for _, sp in creatures:
        cells |= sp.squares()
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    # an area of the largest size, its margins and creatures around it
    most = 4 * MAX_SQUARES + 1
    for name, low, high in (("width", min(xs), max(xs)), ("height", min(ys), max(ys))):
        if high - low + 1 + 2 * margin > most:
            raise LimitExceeded(
                f"picture {name} in squares", high - low + 1 + 2 * margin, most
            )
    rows = []
    for y in range(min(ys) - margin, max(ys) + margin + 1):
        row = []
        for x in range(min(xs) - margin, max(xs) + margin + 1):
            inside = (x, y) in area.squares
            ch = "#" if inside else "."
            if area.source is not None and (x, y) in area.source:
                ch = "@" if inside else "C"
            for letter, sp in creatures:
                if (x, y) in sp:
                    ch = letter.lower() if inside else letter.upper()
            row.append(ch)
        rows.append(" ".join(row))
    return "\n".join(rows)
