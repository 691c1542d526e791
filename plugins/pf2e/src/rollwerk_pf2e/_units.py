"""Units: integer squares inside, metres and feet only at the edges (PF2E-R23).

One square is exactly 1.5 m or 5 ft (PF2E-R23, PF2E-A06). Distances are
stored as whole squares, so no floating-point comparison ever happens at a
band edge. Metres and feet are accepted as input only when they are a whole
number of squares; anything else is refused with a
[`ParameterError`][rollwerk.errors.ParameterError], never rounded.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from rollwerk import ParameterError
from rollwerk.i18n import CORE, Catalog
from rollwerk_pf2e._catalog import CATALOG

__all__ = [
    "CM_PER_SQUARE",
    "FEET_PER_SQUARE",
    "METRES_PER_SQUARE",
    "feet",
    "metres",
    "squares_from_feet",
    "squares_from_metres",
]

METRES_PER_SQUARE = Fraction(3, 2)
"""One square is exactly 1.5 m."""
FEET_PER_SQUARE = 5
"""One square is exactly 5 ft."""
CM_PER_SQUARE = 150
"""One square is exactly 150 cm (used for openings in barriers)."""

Number = int | float | str | Decimal | Fraction


_METRE_UNITS = ("m", "metre", "metres", "meter", "meters")
"""The units text given to `squares_from_metres` may end with."""
_FOOT_UNITS = ("ft", "foot", "feet")
"""The units text given to `squares_from_feet` may end with."""
_TEXT = re.compile(r"([+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+))\s*([A-Za-z]*)")
"""A distance as text: ASCII digits, one optional decimal point (``.`` or
``,``), then an optional unit (letters), with spaces around."""


def _exact(value: object, parameter: str, metric: bool = True) -> Fraction:
    if isinstance(value, bool):
        raise ParameterError(parameter, value, "a number")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ParameterError(parameter, value, "a finite number")
        return Fraction(value)  # exact binary value: 0.1 stays a non-multiple
    if isinstance(value, Decimal):
        return _decimal(value, parameter)
    if isinstance(value, str):
        return _text(value, parameter, metric)
    raise ParameterError(parameter, value, "a number")


def _text(value: str, parameter: str, metric: bool) -> Fraction:
    """A distance given as text in metres (``metric``) or feet."""
    own, other = (_METRE_UNITS, _FOOT_UNITS) if metric else (_FOOT_UNITS, _METRE_UNITS)
    found = _TEXT.fullmatch(value.strip())
    if found is None or (found[2] and found[2] not in own + other):
        raise ParameterError(
            parameter,
            value,
            "a number: ASCII digits 0-9 with an optional decimal point "
            f"('.' or ','), optionally followed by one of {', '.join(map(repr, own))}",
        )
    if found[2] in other:
        unit, function, given = (
            ("metres", "squares_from_feet", "feet")
            if metric
            else ("feet", "squares_from_metres", "metres")
        )
        raise ParameterError(
            parameter,
            value,
            f"a distance in {unit} ({found[2]!r} is {given}: convert it with "
            f"{function})",
        )
    return _decimal(Decimal(found[1].replace(",", ".")), parameter, value)


MAX_EXPONENT = 30
"""Decimal input beyond ``1e30`` (or below ``1e-30``) is refused at once, so
that text such as ``"1e999999999"`` never builds a huge integer."""


def _decimal(number: Decimal, parameter: str, shown: object = None) -> Fraction:
    shown = number if shown is None else shown
    if not number.is_finite():
        raise ParameterError(parameter, shown, "a finite number")
    if number and abs(number.adjusted()) > MAX_EXPONENT:
        raise ParameterError(
            parameter,
            shown,
            f"a finite number from 1e-{MAX_EXPONENT} to 1e{MAX_EXPONENT}",
        )
    return Fraction(number)


def squares_from_metres(value: Number, parameter: str = "metres") -> int:
    """Whole squares in a distance given in metres (a multiple of 1.5 m).

    Args:
        value: The distance: an int, a `Fraction`, a `Decimal`, a float that
            is exactly a multiple of 1.5 (``4.5``), or text (``"4,5"``,
            ``"4.5 m"``): ASCII digits with an optional decimal point (``.``
            or ``,``) and an optional unit ``m``, ``metre(s)`` or
            ``meter(s)``.
        parameter: The name used in the error message.

    Returns:
        The number of squares.

    Raises:
        ParameterError: If the value is negative or not a multiple of 1.5 m,
            text is not ASCII digits with an optional decimal point and
            unit, or names feet (``"15 ft"``: use
            [`squares_from_feet`][rollwerk_pf2e.squares_from_feet]).

    >>> squares_from_metres("109,5")
    73
    >>> squares_from_metres(2)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: metres must be a non-negative multiple of 1.5 m (one square), got 2
    >>> squares_from_metres("15 ft")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: metres must be a distance in metres ('ft' is feet: convert it with squares_from_feet), got '15 ft'
    """
    exact = _exact(value, parameter)
    squares = exact / METRES_PER_SQUARE
    if squares < 0 or squares.denominator != 1:
        raise ParameterError(
            parameter, value, "a non-negative multiple of 1.5 m (one square)"
        )
    return int(squares)


def squares_from_feet(value: Number, parameter: str = "feet") -> int:
    """Whole squares in a distance given in feet (a multiple of 5 ft).

    Takes what [`squares_from_metres`][rollwerk_pf2e.squares_from_metres]
    takes, in feet: text may end with ``ft``, ``foot`` or ``feet``; text in
    metres (``"15 m"``) is refused.

    >>> squares_from_feet(60), squares_from_feet("15 ft")
    (12, 3)
    >>> squares_from_feet(12)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: feet must be a non-negative multiple of 5 ft (one square), got 12
    """
    exact = _exact(value, parameter, metric=False)
    squares = exact / FEET_PER_SQUARE
    if squares < 0 or squares.denominator != 1:
        raise ParameterError(
            parameter, value, "a non-negative multiple of 5 ft (one square)"
        )
    return int(squares)


def metres(
    squares: int, lang: str = "en", catalogs: Catalog | Iterable[Catalog] | None = None
) -> str:
    """A number of squares shown in metres, for display only.

    The words come from the pf2e catalog (``pf2e.metres``) and the decimal
    point from the core's (``number.decimal_point``).

    >>> metres(3), metres(3, "de"), metres(4)
    ('4.5 m', '4,5 m', '6 m')

    Args:
        squares: The distance in squares (an integer >= 0).
        lang: ``"en"``, ``"de"`` or a language ``catalogs`` add.
        catalogs: A further catalog or an iterable of them, searched
            first, in order.

    Raises:
        ParameterError: ``squares`` is not an integer >= 0, no catalog
            knows ``lang``, or ``catalogs`` is not a catalog, an iterable
            of catalogs or ``None``.
    """
    value = METRES_PER_SQUARE * _squares(squares)
    if value.denominator == 1:
        text = CATALOG.text("pf2e.metres", whole=value.numerator)
    else:
        whole, tenths = f"{float(value):.1f}".split(".")
        text = CATALOG.text(
            "pf2e.metres_fraction",
            whole=whole,
            point=CORE.text("number.decimal_point"),
            tenths=tenths,
        )
    return text(lang, catalogs)


def feet(squares: int) -> str:
    """A number of squares shown in feet, for display only.

    >>> feet(12)
    '60 ft'

    Raises:
        ParameterError: ``squares`` is not an integer >= 0.
    """
    return f"{_squares(squares) * FEET_PER_SQUARE} ft"


def _squares(value: object) -> int:
    """A distance in squares to show: an integer >= 0.

    A float, text or a negative number is refused, as `squares_from_metres`
    refuses them.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ParameterError("squares", value, "an integer >= 0 (squares)")
    return value
