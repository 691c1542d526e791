"""Findings of an audit of the unit conversions (helper-h244).

PF2E-R23 / PF2E-A06: one square is 1.5 m or 5 ft. ``squares_from_metres("15
ft")`` had read 15 ft as 15 m (10 squares) and ``squares_from_feet("15 m")``
15 m as 15 ft (3 squares): both stripped one shared list of units. Both also
read ``"1_5"``, Arabic-Indic ``"١٥"`` and fullwidth ``"３"`` through
``Decimal``, which the core refuses everywhere else (ASCII digits only).
"""

from __future__ import annotations

import pytest

from rollwerk import ParameterError
from rollwerk_pf2e import squares_from_feet, squares_from_metres

METRE_TEXT = (
    "a number: ASCII digits 0-9 with an optional decimal point ('.' or ','), "
    "optionally followed by one of 'm', 'metre', 'metres', 'meter', 'meters'"
)
FOOT_TEXT = (
    "a number: ASCII digits 0-9 with an optional decimal point ('.' or ','), "
    "optionally followed by one of 'ft', 'foot', 'feet'"
)


@pytest.mark.parametrize("text", ["15 ft", "15ft", "15 feet", " 15 foot "])
def test_pf2e_r23_metres_refuse_feet(text: str) -> None:
    """PF2E-R23: feet given to squares_from_metres are refused, not read as m."""
    with pytest.raises(ParameterError) as info:
        squares_from_metres(text)
    unit = text.strip().removeprefix("15").strip()
    assert str(info.value) == (
        f"metres must be a distance in metres ({unit!r} is feet: convert it "
        f"with squares_from_feet), got {text!r}"
    )


@pytest.mark.parametrize("text", ["15 m", "15m", "15 metres", "15 meter"])
def test_pf2e_r23_feet_refuse_metres(text: str) -> None:
    """PF2E-R23: metres given to squares_from_feet are refused, not read as ft."""
    with pytest.raises(ParameterError) as info:
        squares_from_feet(text)
    unit = text.removeprefix("15").strip()
    assert str(info.value) == (
        f"feet must be a distance in feet ({unit!r} is metres: convert it "
        f"with squares_from_metres), got {text!r}"
    )


@pytest.mark.parametrize(
    ("text", "squares"),
    [("15 m", 10), ("15m", 10), ("4,5 metres", 3), ("4.5 meters", 3), ("1.5", 1)],
)
def test_pf2e_r23_metres_read_their_own_units(text: str, squares: int) -> None:
    """PF2E-R23: 1 square = 1.5 m."""
    assert squares_from_metres(text) == squares


@pytest.mark.parametrize(
    ("text", "squares"),
    [("15 ft", 3), ("15ft", 3), ("60 feet", 12), ("5 foot", 1), ("10", 2)],
)
def test_pf2e_r23_feet_read_their_own_units(text: str, squares: int) -> None:
    """PF2E-R23: 1 square = 5 ft."""
    assert squares_from_feet(text) == squares


@pytest.mark.parametrize(
    "text", ["1_5", "١٥", "３", "1e3", "inf", "nan", "1.5.0", "", "m", "+", "15 km"]
)
def test_pf2e_a06_only_ascii_digits_and_a_decimal_point(text: str) -> None:
    """PF2E-A06: text is ASCII digits with one optional decimal point and an
    optional unit of the function's own; anything else is refused."""
    with pytest.raises(ParameterError) as info:
        squares_from_metres(text)
    assert str(info.value) == f"metres must be {METRE_TEXT}, got {text!r}"
    with pytest.raises(ParameterError) as info:
        squares_from_feet(text)
    assert str(info.value) == f"feet must be {FOOT_TEXT}, got {text!r}"


def test_pf2e_a06_the_parameter_name_is_the_callers() -> None:
    """PF2E-A06: ``parameter`` names the argument in the message."""
    with pytest.raises(ParameterError) as info:
        squares_from_feet("30 m", "reach")
    assert str(info.value) == (
        "reach must be a distance in feet ('m' is metres: convert it with "
        "squares_from_metres), got '30 m'"
    )
