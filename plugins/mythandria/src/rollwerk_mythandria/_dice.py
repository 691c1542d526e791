"""The d100 of Mythandria: one true d100, or 2d10 read as tens and units (MY-R04)."""

from __future__ import annotations

import enum

from rollwerk import ParameterError, Rng
from rollwerk.checks import d100_value
from rollwerk.dice import DieRoll
from rollwerk.rng import checked

__all__ = [
    "D100Dice",
    "d100_to_digits",
    "dice_for",
    "digits_to_d100",
    "read_d100",
    "roll_d100",
]


class D100Dice(enum.Enum):
    """How a d100 result is produced (MY-R04); both give 1..100 uniformly."""

    D100 = "d100"
    """One true hundred-sided die (a Zocchihedron): one recorded d100 roll."""
    TWO_D10 = "2d10"
    """Two ten-sided dice read as tens and units, "00" = 100: two recorded d10."""


def _digit(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
        raise ParameterError(name, value, "a digit from 0 to 9")
    return value


def digits_to_d100(tens: int, units: int) -> int:
    """Read a pair of d10 digits as a d100 value: ``10 × tens + units``, 00 = 100.

    Together with [`d100_to_digits`][rollwerk_mythandria.d100_to_digits] this
    is a bijection between the 100 digit pairs and 1..100 (MY-R04, V5).

    >>> digits_to_d100(0, 0), digits_to_d100(0, 1), digits_to_d100(9, 9)
    (100, 1, 99)
    >>> digits_to_d100(1, 0)
    10

    Raises:
        ParameterError: If a digit is not an integer from 0 to 9.
    """
    value = 10 * _digit("tens", tens) + _digit("units", units)
    return 100 if value == 0 else value


def d100_to_digits(value: int) -> tuple[int, int]:
    """The (tens, units) digits that read as ``value``; 100 is shown as 00.

    >>> d100_to_digits(100), d100_to_digits(7), d100_to_digits(42)
    ((0, 0), (0, 7), (4, 2))

    Raises:
        ParameterError: If ``value`` is not an integer from 1 to 100.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        raise ParameterError("value", value, "an integer from 1 to 100")
    return divmod(value % 100, 10)


def roll_d100(
    rng: Rng, dice: D100Dice = D100Dice.D100, role: str = "check"
) -> tuple[int, tuple[DieRoll, ...]]:
    """Roll a d100 value (1..100) and the dice it was read from, in draw order.

    With [`D100Dice.TWO_D10`][rollwerk_mythandria.D100Dice] the tens die is
    drawn first, then the units die. Each d10 is recorded with the face the
    Rng returned (1..10); face 10 is the die's "0", so its digit is
    ``face % 10``. Replaying the recorded faces with a ``ScriptedRng`` gives
    the same value.

    >>> from rollwerk import ScriptedRng
    >>> roll_d100(ScriptedRng([37]))
    (37, (DieRoll(sides=100, face=37, role='check'),))
    >>> value, rolls = roll_d100(ScriptedRng([10, 10]), D100Dice.TWO_D10)
    >>> value, [(r.face, r.role) for r in rolls]
    (100, [(10, 'check tens'), (10, 'check units')])
    """
    rng = checked(rng)
    rolls = tuple(DieRoll(s, rng.roll(s), r) for s, r in dice_for(dice, role))
    return read_d100(tuple(r.face for r in rolls)), rolls


def read_d100(faces: tuple[int, ...]) -> int:
    """The d100 value of the faces of one d100, or of a tens and a units d10.

    >>> read_d100((37,)), read_d100((10, 10)), read_d100((4, 2))
    (37, 100, 42)
    """
    return faces[0] if len(faces) == 1 else d100_value(*faces)


def dice_for(dice: D100Dice | str, role: str) -> tuple[tuple[int, str], ...]:
    """The ``(sides, role)`` pairs a check of ``dice`` (``"d100"``, ``"2d10"``) draws.

    The toolkit dice of the checks, recorded as
    [`roll_d100`][rollwerk_mythandria.roll_d100] records them.

    >>> dice_for("2d10", "check")
    ((10, 'check tens'), (10, 'check units'))
    """
    if dice in (D100Dice.D100, D100Dice.D100.value):
        return ((100, role),)
    return ((10, f"{role} tens"), (10, f"{role} units"))
