"""PF2e's grid and area functions refuse what is not a Space or an Area, by name.

Found by a type-confusion fuzz of the plugin's public functions (session 25):
each raised Python's ``AttributeError`` (``'NoneType' object has no
attribute 'side'``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ParameterError
from rollwerk_pf2e import (
    Direction,
    Space,
    affected,
    burst,
    cone,
    corner_distance,
    emanation,
    in_reach,
    line,
    picture,
    reach_squares,
    space_distance,
)

AREA = "an Area (burst, cone, emanation, line)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: emanation(None, 2),
            "space must be a Space (Space(x, y, size)), got None",
        ),  # type: ignore[arg-type]
        (
            lambda: cone((0, 0), 3, Direction.N),
            "space must be a Space (Space(x, y, size)), got (0, 0)",
        ),  # type: ignore[arg-type]
        (
            lambda: line(None, 3, Direction.E),
            "space must be a Space (Space(x, y, size)), got None",
        ),  # type: ignore[arg-type]
        (
            lambda: space_distance(Space(0, 0), None),
            "b must be a Space (Space(x, y, size)), got None",
        ),  # type: ignore[arg-type]
        (
            lambda: corner_distance(None, (1, 1)),
            "space must be a Space (Space(x, y, size)), got None",
        ),  # type: ignore[arg-type]
        (
            lambda: in_reach(None, Space(1, 1), 1),
            "attacker must be a Space (Space(x, y, size)), got None",
        ),  # type: ignore[arg-type]
        (
            lambda: reach_squares("A", 1),
            "space must be a Space (Space(x, y, size)), got 'A'",
        ),  # type: ignore[arg-type]
        (lambda: picture(None), f"area must be {AREA}, got None"),  # type: ignore[arg-type]
        (lambda: affected(None, {}), f"area must be {AREA}, got None"),  # type: ignore[arg-type]
        (
            lambda: affected(burst((0, 0), 2), None),  # type: ignore[arg-type]
            "creatures must be a mapping of names to Spaces, got None",
        ),
        (
            lambda: affected(burst((0, 0), 2), {"A": (1, 0)}),  # type: ignore[dict-item]
            "creatures['A'] must be a Space (Space(x, y, size)), got (1, 0)",
        ),
    ],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_documented_forms_still_work() -> None:
    assert space_distance(Space(0, 0), Space(3, 3)) == 4
    assert affected(burst((0, 0), 4), {"A": Space(1, 0)}) == frozenset({"A"})
