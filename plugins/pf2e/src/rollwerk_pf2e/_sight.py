"""Line of effect and line of sight (PF2E-R20 to PF2E-R22, PF2E-A12).

The map is a [`Battlefield`][rollwerk_pf2e.Battlefield]: walls given as
segments between points (in squares, e.g. along grid lines), solid cells,
and squares in darkness.

Line of effect exists iff at least one straight segment from the origin to
some point of the target's space avoids every fully solid barrier
(PF2E-A12). A barrier counts as solid unless its openings are at least
``min_opening_cm`` wide (default 30 cm, the rulebook's 0.3 m); the same
threshold closes narrower gaps between the ends of two solid barriers. The
GM always has the final word: each wall takes a ``blocks`` ruling, and each
query a ``gm_override``.

Points of a space are sampled (the corners, side midpoints and centre of
each square), so a creature "completely behind" a barrier is one that no
sample can reach. Touching a wall segment (running along it, grazing its
end) counts as blocked; a solid cell blocks only segments through its
interior, so a line may graze a lone pillar, but not slip between two solid
cells that share an edge or touch at a corner. A burst or line whose origin
point lies on a wall reaches both sides of it unless the segment runs along
the wall.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from rollwerk import ParameterError
from rollwerk_pf2e._areas import Area, AreaKind, Point, _space_points
from rollwerk_pf2e._grid import Space, Square, checked_space
from rollwerk_pf2e._units import CM_PER_SQUARE

__all__ = [
    "Battlefield",
    "Wall",
    "affected",
    "has_line_of_effect",
    "has_line_of_sight",
]

DEFAULT_MIN_OPENING_CM = 30
"""An opening of 0.3 m generally suffices (PF2E-R20, PF2E-R22)."""


def _point(value: object) -> Point:
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(
            isinstance(v, (int, Fraction)) and not isinstance(v, bool) for v in value
        )
    ):
        raise ParameterError("point", value, "a pair of ints or Fractions (squares)")
    return (Fraction(value[0]), Fraction(value[1]))


def _plain(point: Point) -> tuple[Fraction | int, Fraction | int]:
    """``point`` for a message: whole numbers as ints (``(0, 0)``)."""
    return (
        int(point[0]) if point[0].denominator == 1 else point[0],
        int(point[1]) if point[1].denominator == 1 else point[1],
    )


def _opening(_self: object, _attribute: Any, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ParameterError("opening_cm", value, "an integer >= 0 (cm)")


def _ruling(_self: object, _attribute: Any, value: object) -> None:
    if value is not None and not isinstance(value, bool):
        raise ParameterError("blocks", value, "True, False or None")


@attrs.frozen
class Wall:
    """A barrier along a segment, in squares (grid lines are whole numbers).

    Its two ends differ, and ``opening_cm`` is an integer ``>= 0``; anything
    else is a [`ParameterError`][rollwerk.errors.ParameterError].

    >>> Wall((0, 0), (0, 3)).blocks_at(30)          # a solid wall
    True
    >>> Wall((0, 0), (0, 3), opening_cm=30).blocks_at(30)  # a portcullis
    False
    """

    start: Point = attrs.field(converter=_point)
    """One end."""
    end: Point = attrs.field(converter=_point)
    """The other end."""
    opening_cm: int = attrs.field(default=0, validator=_opening)
    """The width of the largest openings through it in cm (0: fully solid)."""
    blocks: bool | None = attrs.field(default=None, validator=_ruling)
    """The GM's ruling; ``None`` lets the opening rule decide."""

    def __attrs_post_init__(self) -> None:
        if self.start == self.end:
            raise ParameterError(
                "end",
                _plain(self.end),
                "a point other than start (a wall has a length)",
            )

    def blocks_at(self, min_opening_cm: int) -> bool:
        """Whether the barrier is fully solid for the given opening threshold."""
        if self.blocks is not None:
            return self.blocks
        return self.opening_cm < min_opening_cm


def _walls(value: Iterable[Wall]) -> tuple[Wall, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ParameterError("walls", value, "an iterable of Walls")
    walls = tuple(value)
    for i, wall in enumerate(walls):
        if not isinstance(wall, Wall):
            raise ParameterError(f"walls[{i}]", wall, "a Wall (Wall(start, end))")
    return walls


def _cells(value: Iterable[Square]) -> frozenset[Square]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ParameterError("squares", value, "an iterable of squares (x, y)")
    cells = []
    for cell in value:
        if (
            not isinstance(cell, (tuple, list))
            or len(cell) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
        ):
            raise ParameterError("cell", cell, "a square (x, y) of integers")
        cells.append((cell[0], cell[1]))
    return frozenset(cells)


@attrs.frozen
class Battlefield:
    """The map for line of effect and line of sight.

    ``walls`` is an iterable of [`Wall`][rollwerk_pf2e.Wall]s, ``solid``
    and ``darkness`` iterables of squares ``(x, y)``; anything else is a
    [`ParameterError`][rollwerk.errors.ParameterError].

    >>> field = Battlefield(walls=(Wall((3, -5), (3, 5)),))
    >>> has_line_of_effect(field, Space(0, 0), Space(5, 0))
    False
    """

    walls: tuple[Wall, ...] = attrs.field(default=(), converter=_walls)
    """Barriers along segments."""
    solid: frozenset[Square] = attrs.field(default=frozenset(), converter=_cells)
    """Fully solid cells (pillars, rock)."""
    darkness: frozenset[Square] = attrs.field(default=frozenset(), converter=_cells)
    """Squares in darkness (PF2E-R22)."""
    min_opening_cm: int = DEFAULT_MIN_OPENING_CM
    """The opening that suffices for line of effect and sight (default 30 cm)."""

    def __attrs_post_init__(self) -> None:
        if (
            isinstance(self.min_opening_cm, bool)
            or not isinstance(self.min_opening_cm, int)
            or self.min_opening_cm < 1
        ):
            raise ParameterError(
                "min_opening_cm", self.min_opening_cm, "an integer >= 1"
            )

    def barriers(self) -> tuple[tuple[Point, Point], ...]:
        """Every blocking segment: solid walls, closed gaps and solid joints.

        Solid cells are handled separately (a segment must pass through
        their interior); here they add the edges two solid cells share and
        the corners where two solid cells touch diagonally, which no line
        can slip through.
        """
        segs: list[tuple[Point, Point]] = [
            (w.start, w.end) for w in self.walls if w.blocks_at(self.min_opening_cm)
        ]
        for x, y in sorted(self.solid):
            fx, fy = Fraction(x), Fraction(y)
            if (x + 1, y) in self.solid:
                segs.append(((fx + 1, fy), (fx + 1, fy + 1)))
            if (x, y + 1) in self.solid:
                segs.append(((fx, fy + 1), (fx + 1, fy + 1)))
            if (x + 1, y + 1) in self.solid:
                segs.append(((fx + 1, fy + 1), (fx + 1, fy + 1)))
            if (x - 1, y + 1) in self.solid:
                segs.append(((fx, fy + 1), (fx, fy + 1)))
        gap = Fraction(self.min_opening_cm, CM_PER_SQUARE)
        ends = {p for s in segs for p in s}
        for x, y in self.solid:
            ends |= {(Fraction(x + i), Fraction(y + j)) for i in (0, 1) for j in (0, 1)}
        ordered = sorted(ends)
        closers = []
        for i, p in enumerate(ordered):
            for q in ordered[i + 1 :]:
                if abs(q[0] - p[0]) >= gap:
                    break
                d2 = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
                if 0 < d2 < gap * gap:
                    closers.append((p, q))
        return tuple(segs + closers)


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        _orient(a, b, p) == 0
        and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
    )


def _intersects(p: Point, q: Point, a: Point, b: Point) -> bool:
    o1, o2 = _orient(p, q, a), _orient(p, q, b)
    o3, o4 = _orient(a, b, p), _orient(a, b, q)
    if o1 != o2 and o3 != o4 and 0 not in (o1, o2, o3, o4):
        return True
    return (
        _on_segment(p, q, a)
        or _on_segment(p, q, b)
        or _on_segment(a, b, p)
        or _on_segment(a, b, q)
    )


def _through_cell(p: Point, q: Point, cell: Square) -> bool:
    """Whether segment ``pq`` passes through the open interior of ``cell``."""
    lo, hi = Fraction(0), Fraction(1)
    for axis in (0, 1):
        start, step = p[axis], q[axis] - p[axis]
        low, high = Fraction(cell[axis]), Fraction(cell[axis] + 1)
        if step == 0:
            if not low < start < high:
                return False
            continue
        t1, t2 = (low - start) / step, (high - start) / step
        if t1 > t2:
            t1, t2 = t2, t1
        # open interval (t1, t2) intersected with the running interval
        lo, hi = max(lo, t1), min(hi, t2)
        if lo >= hi:
            return False
    return lo < hi


def _blocked(
    p: Point,
    q: Point,
    barriers: tuple[tuple[Point, Point], ...],
    solid: frozenset[Square],
    *,
    point_origin: bool,
) -> bool:
    for a, b in barriers:
        if point_origin and _on_segment(a, b, p):
            # an area's origin point on a barrier: blocked only along it
            if p != q and _orient(a, b, q) == 0 and a != b:
                return True
            continue
        if _intersects(p, q, a, b):
            return True
    return any(_through_cell(p, q, cell) for cell in _cells_near(p, q, solid))


def _cells_near(p: Point, q: Point, solid: frozenset[Square]) -> list[Square]:
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))
    return [
        c for c in solid if x0 < c[0] + 1 and c[0] < x1 and y0 < c[1] + 1 and c[1] < y1
    ]


Origin = Space | Area | tuple[Fraction | int, Fraction | int]


def _origin_points(origin: Origin) -> tuple[tuple[Point, ...], bool]:
    if isinstance(origin, Space):
        return _space_points(origin), False
    if isinstance(origin, Area):
        return origin.origin, origin.kind in (AreaKind.BURST, AreaKind.LINE)
    try:
        return (_point(origin),), True
    except ParameterError:
        raise ParameterError(
            "origin",
            origin,
            "a Space, an Area or a point (x, y) of ints or Fractions (squares)",
        ) from None


def _field(value: object) -> Battlefield:
    if not isinstance(value, Battlefield):
        raise ParameterError("field", value, "a Battlefield")
    return value


def _override(value: object) -> None:
    if value is not None and not isinstance(value, bool):
        raise ParameterError("gm_override", value, "True, False or None")


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ParameterError(name, value, "True or False")
    return value


def _clear(
    field: Battlefield,
    origin: Origin,
    target: Space,
    target_ok: Mapping[Square, bool] | None = None,
) -> bool:
    barriers = field.barriers()
    sources, point_origin = _origin_points(origin)
    for q in _space_points(target):
        if target_ok is not None and not _lit(q, target, target_ok):
            continue
        for p in sources:
            if not _blocked(p, q, barriers, field.solid, point_origin=point_origin):
                return True
    return False


def _lit(q: Point, target: Space, target_ok: Mapping[Square, bool]) -> bool:
    # a point on the boundary between squares is seen if any adjacent square is
    xs = {int(q[0])} | ({int(q[0]) - 1} if q[0].denominator == 1 else set())
    ys = {int(q[1])} | ({int(q[1]) - 1} if q[1].denominator == 1 else set())
    return any(target_ok.get((x, y), False) for x in xs for y in ys)


def has_line_of_effect(
    field: Battlefield,
    origin: Origin,
    target: Space,
    *,
    gm_override: bool | None = None,
) -> bool:
    """Whether there is line of effect from ``origin`` to ``target`` (PF2E-R20).

    Visibility does not matter; barriers that are not fully solid (openings
    of at least ``field.min_opening_cm``) do not block.

    Args:
        field: The map.
        origin: A creature's space, an area (its origin), or a point.
        target: The target's space.
        gm_override: The GM's final word; ``None`` applies the rules.

    Raises:
        ParameterError: ``field`` is not a Battlefield, ``origin`` not a
            Space, an Area or a point, ``target`` not a Space, or
            ``gm_override`` not True, False or None.

    >>> wall = Wall((3, -5), (3, 5), opening_cm=30)    # a portcullis
    >>> has_line_of_effect(Battlefield(walls=(wall,)), Space(0, 0), Space(5, 0))
    True
    """
    _field(field)
    checked_space(target, "target")
    _override(gm_override)
    if not isinstance(origin, (Space, Area)):
        _origin_points(origin)  # a point, or refused naming origin
    if gm_override is not None:
        return gm_override
    return _clear(field, origin, target)


def has_line_of_sight(
    field: Battlefield,
    viewer: Space,
    target: Space,
    *,
    darkvision: bool = False,
    precise_sense: bool = True,
    gm_override: bool | None = None,
) -> bool:
    """Whether ``viewer`` has line of sight to ``target`` (PF2E-R22).

    The viewer needs a precise sense (vision by default); no solid barrier
    may block every sight line (as for line of effect); and darkness blocks
    sight of the squares it covers unless the viewer has darkvision.

    Raises:
        ParameterError: ``field`` is not a Battlefield, ``viewer`` or
            ``target`` not a Space, ``darkvision`` or ``precise_sense`` not
            True or False, or ``gm_override`` not True, False or None.

    >>> dark = Battlefield(darkness={(5, 0)})
    >>> has_line_of_sight(dark, Space(0, 0), Space(5, 0))
    False
    >>> has_line_of_sight(dark, Space(0, 0), Space(5, 0), darkvision=True)
    True
    """
    _field(field)
    checked_space(viewer, "viewer")
    checked_space(target, "target")
    _flag(darkvision, "darkvision")
    _flag(precise_sense, "precise_sense")
    _override(gm_override)
    if gm_override is not None:
        return gm_override
    if not precise_sense:
        return False
    lit = {sq: darkvision or sq not in field.darkness for sq in target.squares()}
    return _clear(field, viewer, target, lit)


def affected(
    area: Area,
    creatures: Mapping[str, Space],
    field: Battlefield | None = None,
) -> frozenset[str]:
    """The creatures an area effect affects (PF2E-R16, PF2E-R19, PF2E-R21).

    A creature is affected iff at least one square of its space is in the
    area **and** there is line of effect from the area's origin to it. A
    creature without line of effect is unaffected and makes no saving throw.

    For a lasting area effect, call it again after creatures move: one no
    longer in the result has left the area and the effect stops working on
    it (PF2E-R21). Nothing links an area to the encounter's effects; the
    app removes that creature's effect with ``enc.remove_effect(effect_id)``.

    Raises:
        ParameterError: ``area`` is not an Area, ``creatures`` not a
            mapping of names to Spaces, or ``field`` not a Battlefield or
            None.

    >>> from rollwerk_pf2e import burst
    >>> fireball = burst((0, 0), 4)
    >>> field = Battlefield(walls=(Wall((2, -6), (2, 6)),))
    >>> sorted(affected(fireball, {"A": Space(1, 0), "B": Space(3, 0)}, field))
    ['A']
    """
    if not isinstance(area, Area):
        raise ParameterError("area", area, "an Area (burst, cone, emanation, line)")
    if not isinstance(creatures, Mapping):
        raise ParameterError("creatures", creatures, "a mapping of names to Spaces")
    for key, space in creatures.items():
        checked_space(space, f"creatures[{key!r}]")
    if field is not None and not isinstance(field, Battlefield):
        raise ParameterError("field", field, "a Battlefield or None")
    field = Battlefield() if field is None else field
    return frozenset(
        key
        for key, space in creatures.items()
        if not area.squares.isdisjoint(space.squares()) and _clear(field, area, space)
    )
