"""Range and range increments (PF2E-R07, PF2E-R08, PF2E-A01).

All distances are whole squares (PF2E-R23); convert metres or feet with
[`squares_from_metres`][rollwerk_pf2e.squares_from_metres] or
[`squares_from_feet`][rollwerk_pf2e.squares_from_feet] first. Grid distance
between a creator and a target is
[`space_distance`][rollwerk_pf2e.space_distance] (PF2E-A09); to a burst's
origin corner it is [`origin_distance`][rollwerk_pf2e.origin_distance]
(PF2E-R16: a corner of a square within range is within range).
"""

from __future__ import annotations

from rollwerk import ParameterError, RulesError

__all__ = [
    "MAX_RANGE_INCREMENTS",
    "check_in_range",
    "range_increments",
    "range_penalty",
]

MAX_RANGE_INCREMENTS = 6
"""No attack is possible beyond six range increments (PF2E-R08)."""


def _validate(distance: int, increment: int) -> None:
    if isinstance(distance, bool) or not isinstance(distance, int) or distance < 0:
        raise ParameterError("distance", distance, "an integer >= 0 (squares)")
    if isinstance(increment, bool) or not isinstance(increment, int) or increment < 1:
        raise ParameterError("increment", increment, "an integer >= 1 (squares)")


def range_increments(distance: int, increment: int) -> int:
    """Which range increment a target is in: 1 up to 6 (PF2E-R08, PF2E-A01).

    A distance exactly on a multiple of the increment belongs to the lower
    band (PF2E-A01: "beyond 60 feet but up to 120 feet").

    Args:
        distance: The grid distance to the target in squares.
        increment: The weapon's range increment in squares.

    Returns:
        ``max(1, ceil(distance / increment))``.

    Raises:
        RulesError: If the target is beyond six range increments.

    >>> range_increments(24, 12), range_increments(25, 12)
    (2, 3)
    """
    _validate(distance, increment)
    band = max(1, -(-distance // increment))
    if band > MAX_RANGE_INCREMENTS:
        raise RulesError(
            f"distance {distance} squares is beyond six range increments of "
            f"{increment} squares (at most {MAX_RANGE_INCREMENTS * increment} "
            "squares): no attack is possible"
        )
    return band


def range_penalty(distance: int, increment: int) -> int:
    """The attack-roll penalty for range increments (PF2E-R08).

    0 within the first increment, −2 for each further increment, −10 at most
    (between five and six increments); beyond six increments no attack is
    possible.

    Args:
        distance: The grid distance to the target in squares.
        increment: The weapon's range increment in squares.

    Returns:
        0, −2, −4, −6, −8 or −10.

    Raises:
        RulesError: If the target is beyond six range increments.
        ParameterError: For a negative distance or an increment below 1.

    A short bow has a range increment of 18 m (12 squares):

    >>> tuple(range_penalty(d, 12) for d in (6, 12, 20, 24, 30, 66, 72))
    (0, 0, -2, -2, -4, -10, -10)
    >>> range_penalty(73, 12)
    Traceback (most recent call last):
    ...
    rollwerk.errors.RulesError: distance 73 squares is beyond six range increments of 12 squares (at most 72 squares): no attack is possible
    """
    return -2 * (range_increments(distance, increment) - 1)


def check_in_range(distance: int, range_: int, what: str = "target") -> None:
    """Refuse an effect whose target or origin is out of range (PF2E-R07).

    Args:
        distance: The grid distance from the creator in squares: to a
            target, [`space_distance`][rollwerk_pf2e.space_distance]; to a
            burst's origin corner,
            [`origin_distance`][rollwerk_pf2e.origin_distance] (a corner of
            a square within range is within range, PF2E-R16).
        range_: The effect's range in squares.
        what: What is being placed (for the message).

    Raises:
        RulesError: If ``distance > range_``.

    A fireball (150 m = 100 squares) may burst at corner ``(101, 0)``, a
    corner of square ``(100, 0)``, but not at ``(102, 0)``:

    >>> from rollwerk_pf2e import Space, origin_distance
    >>> check_in_range(origin_distance(Space(0, 0), (101, 0)), 100, "burst origin")
    >>> check_in_range(origin_distance(Space(0, 0), (102, 0)), 100, "burst origin")
    Traceback (most recent call last):
    ...
    rollwerk.errors.RulesError: burst origin at 101 squares (151.5 m) is out of range: the range is 100 squares (150 m)
    """
    from rollwerk_pf2e._units import metres

    _validate(distance, 1)
    if isinstance(range_, bool) or not isinstance(range_, int) or range_ < 0:
        raise ParameterError("range", range_, "an integer >= 0 (squares)")
    if distance > range_:
        raise RulesError(
            f"{what} at {distance} squares ({metres(distance)}) is out of range: "
            f"the range is {range_} squares ({metres(range_)})"
        )
