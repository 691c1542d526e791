"""Characters: Body and Mind, attribute points from experience, holding breath.

MY-R01 (attributes), MY-R02 (attribute points), MY-R03 (holding breath),
MY-A07, MY-A08, MY-A12.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from fractions import Fraction

import attrs

from rollwerk import Modifier, ParameterError, RulesError
from rollwerk.encounter import GameTime
from rollwerk_mythandria._modifiers import DifficultyPreset, check_value

__all__ = [
    "ATTRIBUTE_MAX",
    "ATTRIBUTE_START",
    "BREATH_SECONDS_PER_BODY",
    "NEW_CHARACTER_XP",
    "XP_PER_ATTRIBUTE_POINT",
    "Attribute",
    "Character",
    "attribute_points",
]

ATTRIBUTE_START = 35
"""Body and Mind both start at 35 (MY-R01)."""
ATTRIBUTE_MAX = 100
"""Spending points raises an attribute to at most 100 (MY-R01)."""
XP_PER_ATTRIBUTE_POINT = 20
"""One attribute point per full 20 total XP (MY-R02)."""
NEW_CHARACTER_XP = 400
"""The total XP a new character normally has (MY-R02): 20 attribute points."""
BREATH_SECONDS_PER_BODY = 3
"""A character holds its breath for Body × 3 seconds (MY-R03)."""


class Attribute(enum.Enum):
    """The two attributes (MY-R01)."""

    BODY = "body"
    """Body (*Körper*): strength, speed, dexterity…"""
    MIND = "mind"
    """Mind (*Geist*): concentration, willpower, awareness…"""


def _int(name: str, value: object, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(
            name, value, "an integer" if minimum is None else f"an integer >= {minimum}"
        )
    if minimum is not None and value < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum}")
    return value


def attribute_points(total_xp: int) -> int:
    """Distributable attribute points: ``floor(total_xp / 20)`` (MY-R02).

    ``total_xp`` counts every XP ever received (starting XP, power bonus, XP
    from disadvantages), including XP already spent elsewhere.

    >>> attribute_points(400), attribute_points(419), attribute_points(420)
    (20, 20, 21)

    Raises:
        ParameterError: If ``total_xp`` is not an integer >= 0.
    """
    return _int("total_xp", total_xp, 0) // XP_PER_ATTRIBUTE_POINT


def _attribute(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not ATTRIBUTE_START <= value <= ATTRIBUTE_MAX
    ):
        raise ParameterError(
            attribute.name,
            value,
            f"an integer from {ATTRIBUTE_START} to {ATTRIBUTE_MAX}",
        )


@attrs.frozen
class Character:
    """A character's attributes and experience (MY-R01, MY-R02, MY-A12).

    Both attributes start at 35 and only rise by spending attribute points,
    so ``body + mind − 70`` points are spent and may not exceed
    [`attribute_points`][rollwerk_mythandria.Character.attribute_points].

    >>> hero = Character()  # a new character: 400 total XP, 20 points (V1, V2)
    >>> hero.body, hero.mind, hero.attribute_points
    (35, 35, 20)
    >>> hero = hero.raise_attribute(Attribute.MIND, 15)
    >>> hero.mind, hero.unspent_points
    (50, 5)
    """

    body: int = attrs.field(default=ATTRIBUTE_START, validator=_attribute)
    """Body (*Körper*), 35..100."""
    mind: int = attrs.field(default=ATTRIBUTE_START, validator=_attribute)
    """Mind (*Geist*), 35..100."""
    total_xp: int = NEW_CHARACTER_XP
    """Every XP ever received (*Gesamt-EP*), at least 0."""

    def __attrs_post_init__(self) -> None:
        _int("total_xp", self.total_xp, 0)
        if self.spent_points > self.attribute_points:
            raise RulesError(
                f"body {self.body} and mind {self.mind} need {self.spent_points} "
                f"attribute points, but {self.total_xp} total XP give only "
                f"{self.attribute_points}"
            )

    @property
    def attribute_points(self) -> int:
        """``floor(total_xp / 20)`` (MY-R02)."""
        return attribute_points(self.total_xp)

    @property
    def spent_points(self) -> int:
        """Points spent on the attributes: ``body + mind − 70`` (MY-A12)."""
        return self.body + self.mind - 2 * ATTRIBUTE_START

    @property
    def unspent_points(self) -> int:
        """Points still free to distribute."""
        return self.attribute_points - self.spent_points

    def value(self, attribute: Attribute) -> int:
        """The value of ``attribute``."""
        return self.body if Attribute(attribute) is Attribute.BODY else self.mind

    def raise_attribute(self, attribute: Attribute, points: int = 1) -> Character:
        """Spend ``points`` attribute points on ``attribute``.

        Raises:
            ParameterError: If ``points`` is not an integer >= 1.
            RulesError: If the attribute would exceed 100 (MY-R01) or there are
                not enough unspent points (MY-R02).
        """
        which = Attribute(attribute)
        _int("points", points, 1)
        new = self.value(which) + points
        if new > ATTRIBUTE_MAX:
            raise RulesError(
                f"{which.value} can be raised to at most {ATTRIBUTE_MAX} by spending "
                f"points, got {self.value(which)} + {points} = {new}"
            )
        if points > self.unspent_points:
            raise RulesError(
                f"raising {which.value} by {points} needs {points} attribute points, "
                f"but only {self.unspent_points} are unspent"
            )
        return attrs.evolve(self, **{which.value: new})

    def gain_xp(self, xp: int) -> Character:
        """The character after receiving ``xp`` more experience points.

        Raises:
            ParameterError: If ``xp`` is not an integer >= 0.
        """
        return attrs.evolve(self, total_xp=self.total_xp + _int("xp", xp, 0))

    def check_value(
        self,
        attribute: Attribute,
        situational: DifficultyPreset | int = DifficultyPreset.NORMAL,
        fixed: Iterable[Modifier] = (),
    ) -> int:
        """The check value for an attribute check (MY-R05, MY-R11).

        >>> Character(mind=60, total_xp=500).check_value(Attribute.MIND, DifficultyPreset.HARD)
        35
        """
        return check_value(self.value(Attribute(attribute)), situational, fixed)

    @property
    def breath_seconds(self) -> int:
        """How long the character can hold its breath: ``body × 3`` s (MY-R03).

        Uses the attribute itself, without situational modifiers (MY-A07).
        """
        return self.body * BREATH_SECONDS_PER_BODY

    def breath_duration(self) -> GameTime:
        """Holding breath as a core duration: ``GameTime(body × 3)`` (MY-R03).

        >>> Character().breath_duration().seconds  # V4
        Fraction(105, 1)
        """
        return GameTime(Fraction(self.breath_seconds))

    def survives_without_air(self, seconds: int | Fraction) -> bool:
        """Whether the character is still alive after ``seconds`` without air.

        It dies if it still cannot breathe after ``body × 3`` seconds (MY-R03).

        >>> Character().survives_without_air(105), Character().survives_without_air(106)
        (True, False)

        Raises:
            ParameterError: If ``seconds`` is negative or not a number.
        """
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, (int, Fraction))
            or seconds < 0
        ):
            raise ParameterError("seconds", seconds, "an int or Fraction >= 0")
        return seconds <= self.breath_seconds
