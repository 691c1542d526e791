"""Face helpers: reading dice faces the way many systems do.

Pure functions from die faces (as an [`Rng`][rollwerk.rng.Rng] draws them,
1 to ``sides``) to numbers: a d100 read from a tens and a units d10, extra
tens dice keeping the best or worst (bonus and penalty dice), roll-under
tests and success pools. They are what a
[`define_check`][rollwerk.checks.define_check] judge calls.
"""

from __future__ import annotations

from collections.abc import Sequence

from rollwerk.errors import ParameterError

__all__ = [
    "MAX_TENS_DICE",
    "d100",
    "d100_dice",
    "d100_value",
    "pool_dice",
    "roll_under",
    "successes",
]

MAX_TENS_DICE = 9
"""The most bonus or penalty dice [`d100_dice`][rollwerk.checks.d100_dice] allows."""


def _face(name: str, value: object, sides: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise ParameterError(name, value, f"a face of a d{sides}, 1 to {sides}")
    return value


def _int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, "an integer")
    return value


def _not_faces(faces: object) -> ParameterError:
    """The error for ``faces`` that are not a sequence of integers.

    Judges call these helpers once per face combination: they check only on
    failure.
    """
    return ParameterError("faces", faces, "a sequence of integer faces")


def d100_value(tens: int, units: int) -> int:
    """A d100 read from a tens and a units d10 (faces 1–10, a 10 reads 0).

    ``10 × tens digit + units digit``, and 00 with 0 is 100, so the 100
    face pairs give 1 to 100 once each.

    >>> d100_value(4, 2), d100_value(10, 7), d100_value(10, 10), d100_value(9, 10)
    (42, 7, 100, 90)

    Raises:
        ParameterError: A face is not 1 to 10.
    """
    value = 10 * (_face("tens", tens, 10) % 10) + _face("units", units, 10) % 10
    return 100 if value == 0 else value


def _bonus(bonus: object) -> int:
    """``bonus`` if it is a count of bonus (or penalty) tens dice d100 allows."""
    count = _int("bonus", bonus)
    if abs(count) > MAX_TENS_DICE:
        raise ParameterError(
            "bonus", bonus, f"an integer from {-MAX_TENS_DICE} to {MAX_TENS_DICE}"
        )
    return count


def d100_dice(bonus: int = 0) -> tuple[tuple[int, str], ...]:
    """The dice of a d100 roll with ``bonus`` extra tens dice (negative: penalty).

    One ``tens`` d10, ``abs(bonus)`` further ``bonus tens`` (or ``penalty
    tens``) d10, then the ``units`` d10, as ``(sides, role)`` pairs for
    [`define_check`][rollwerk.checks.define_check]. Read the faces with
    [`d100`][rollwerk.checks.d100].

    >>> d100_dice(1)
    ((10, 'tens'), (10, 'bonus tens'), (10, 'units'))

    Raises:
        ParameterError: ``bonus`` is not an integer from -9 to 9.
    """
    _bonus(bonus)
    extra = "bonus tens" if bonus > 0 else "penalty tens"
    return ((10, "tens"), *((10, extra),) * abs(bonus), (10, "units"))


def d100(faces: Sequence[int], bonus: int = 0) -> int:
    """Read the faces of [`d100_dice(bonus)`][rollwerk.checks.d100_dice] as 1–100.

    Every tens die is read with the one units die; bonus dice (``bonus >
    0``) keep the lowest (best for roll-under) value, penalty dice the
    highest. 00 with 0 is 100, the worst value.

    >>> d100((4, 2), 0)
    42
    >>> d100((4, 1, 2), 1), d100((4, 1, 2), -1)
    (12, 42)
    >>> d100((10, 3, 10), 1)  # 00 + 0 = 100 loses to 30
    30

    Raises:
        ParameterError: ``bonus`` is not an integer from -9 to 9 (as
            ``d100_dice`` refuses it), the number of faces does not fit
            ``bonus``, or a face is not 1 to 10.
    """
    count = abs(_bonus(bonus)) + 2
    if isinstance(faces, (bytes, bytearray)):  # its items are ints, not faces
        raise _not_faces(faces)
    try:
        wrong = len(faces) != count
    except TypeError:
        raise _not_faces(faces) from None
    if wrong:
        raise ParameterError(
            "faces", tuple(faces), f"{count} d10 faces for bonus {bonus}"
        )
    units = faces[-1]
    values = [d100_value(tens, units) for tens in faces[:-1]]
    return min(values) if bonus >= 0 else max(values)


def roll_under(roll: int, target: int, *, always: int | None = None) -> bool:
    """Whether ``roll`` is at most ``target``; ``always`` succeeds regardless.

    >>> roll_under(35, 35), roll_under(36, 35), roll_under(1, 0, always=1)
    (True, False, True)

    Raises:
        ParameterError: ``roll``, ``target`` or ``always`` (unless ``None``)
            is not an integer.
    """
    if always is not None and _int("always", always) == roll:
        return True
    return _int("roll", roll) <= _int("target", target)


ROLE_WORDS = "a printable string, not blank, without spaces at its ends"


def _is_role(value: object) -> bool:
    """Whether ``value`` can be a die's role (``"check"``, ``"bonus tens"``).

    It shows on the ``rolls:`` line and names the catalog message
    ``<ruleset id>.role.<role>``, so a blank role, one with spaces at its
    ends or with characters that do not print would show as nothing, or as
    another role.
    """
    return (
        isinstance(value, str)
        and value.isprintable()
        and value.strip() == value
        and bool(value)
    )


def pool_dice(
    count: int, sides: int, role: str = "pool"
) -> tuple[tuple[int, str], ...]:
    """``count`` dice of ``sides`` faces, each with ``role``: a success pool.

    >>> pool_dice(3, 6)
    ((6, 'pool'), (6, 'pool'), (6, 'pool'))

    Raises:
        ParameterError: ``count`` is not 0 to
            [`max_dice`][rollwerk.dice.DiceLimits.max_dice] (1000) or
            ``sides`` not 1 to [`max_sides`][rollwerk.dice.DiceLimits.max_sides]
            (10 000), or ``role`` is blank, has spaces at its ends or
            characters that do not print.
    """
    from rollwerk.dice._limits import DICE_LIMITS

    most = DICE_LIMITS.max_dice
    if not 0 <= _int("count", count) <= most:
        raise ParameterError("count", count, f"an integer from 0 to {most}")
    most = DICE_LIMITS.max_sides
    if not 1 <= _int("sides", sides) <= most:
        raise ParameterError("sides", sides, f"an integer from 1 to {most}")
    if not _is_role(role):
        raise ParameterError("role", role, ROLE_WORDS)
    return ((sides, role),) * count


def successes(faces: Sequence[int], at_least: int) -> int:
    """How many ``faces`` show ``at_least`` or more: a success pool's count.

    >>> successes((6, 2, 5, 1), 5)
    2
    """
    minimum = _int("at_least", at_least)
    if isinstance(faces, (bytes, bytearray)):  # its items are ints, not faces
        raise _not_faces(faces)
    try:
        return sum(1 for face in faces if face >= minimum)
    except TypeError:
        raise _not_faces(faces) from None
