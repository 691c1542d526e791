"""Difficulty presets and fixed modifiers on the check value (MY-R05, R10, R11)."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from rollwerk import Modifier, ParameterError
from rollwerk.checks import Difficulty
from rollwerk.i18n import Text
from rollwerk_mythandria._catalog import CATALOG

__all__ = [
    "FIXED_KINDS",
    "DifficultyPreset",
    "FixedKind",
    "check_value",
    "fixed_modifier",
]


class DifficultyPreset(enum.Enum):
    """The nine situational presets the GM chooses from (MY-R10), easiest first.

    >>> DifficultyPreset.HARD.modifier, DifficultyPreset.HARD.label("de")
    (-25, 'schwer')
    """

    TRIVIAL = "trivial"
    """+100 (*trivial*)."""
    CHILDS_PLAY = "childs-play"
    """+75 (*kinderleicht*)."""
    VERY_EASY = "very-easy"
    """+50 (*sehr einfach*)."""
    EASY = "easy"
    """+25 (*einfach*)."""
    NORMAL = "normal"
    """±0 (*normal*)."""
    HARD = "hard"
    """−25 (*schwer*)."""
    VERY_HARD = "very-hard"
    """−50 (*sehr schwer*)."""
    IMPROBABLE = "improbable"
    """−75 (*unwahrscheinlich*)."""
    NEARLY_IMPOSSIBLE = "nearly-impossible"
    """−100 (*fast unmöglich*)."""

    @property
    def modifier(self) -> int:
        """The modifier on the check value."""
        return _PRESETS[self]

    @property
    def label(self) -> Text:
        """The label (``label("de")`` is the German of the rules)."""
        return CATALOG.text(f"mythandria.difficulty.{self.value}")

    def difficulty(self) -> Difficulty:
        """This preset as a core [`Difficulty`][rollwerk.checks.Difficulty]."""
        return Difficulty(self.value, self.modifier, self.label)


_PRESETS = {
    DifficultyPreset.TRIVIAL: 100,
    DifficultyPreset.CHILDS_PLAY: 75,
    DifficultyPreset.VERY_EASY: 50,
    DifficultyPreset.EASY: 25,
    DifficultyPreset.NORMAL: 0,
    DifficultyPreset.HARD: -25,
    DifficultyPreset.VERY_HARD: -50,
    DifficultyPreset.IMPROBABLE: -75,
    DifficultyPreset.NEARLY_IMPOSSIBLE: -100,
}


class FixedKind(enum.Enum):
    """Sources of fixed (*fest vorgegebene*) modifiers, added on top (MY-R11).

    Injuries and the character concept are not fixed modifiers: the rules have
    the GM fold them into the one situational modifier (MY-R11, MY-A09).
    """

    WEAPON = "weapon"
    """A weapon's fixed bonus or penalty (*Waffe*)."""
    ARMOUR = "armour"
    """Armour's fixed bonus or penalty (*Rüstung*)."""
    ITEM = "item"
    """A special item's fixed bonus or penalty (*spezieller Gegenstand*)."""
    ABILITY = "ability"
    """A fixed bonus or penalty from an ability (*Fähigkeit*)."""
    COMBAT_ACTION = "combat_action"
    """A fixed bonus or penalty from a combat action (*Kampfaktion*)."""


FIXED_KINDS = frozenset(k.value for k in FixedKind)
"""The ``Modifier.kind`` values accepted as fixed modifiers."""


def fixed_modifier(amount: int, source: str, kind: FixedKind | str) -> Modifier:
    """A fixed modifier from a weapon, armour, item, ability or combat action.

    >>> fixed_modifier(10, "silver amulet", "item")
    Modifier(amount=10, source='silver amulet', kind='item')

    Raises:
        ParameterError: If ``amount`` is not an integer or ``kind`` is not a
            [`FixedKind`][rollwerk_mythandria.FixedKind].
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise ParameterError("amount", amount, "an integer")
    value = kind.value if isinstance(kind, FixedKind) else kind
    if not isinstance(value, str) or value not in FIXED_KINDS:
        raise ParameterError("kind", kind, _kinds_allowed())
    return Modifier(amount, source, value)


def _kinds_allowed() -> str:
    return "one of " + ", ".join(repr(k.value) for k in FixedKind)


def check_value(
    attribute: int,
    situational: DifficultyPreset | int = DifficultyPreset.NORMAL,
    fixed: Iterable[Modifier] = (),
) -> int:
    """The check value: attribute + one situational modifier + all fixed ones.

    The GM sets one situational modifier, a preset or any integer (MY-A09);
    fixed modifiers add on top (MY-R11). The result is never clamped
    (MY-A08): it may leave 1..100, which the decision check handles (MY-R07).

    >>> check_value(60, DifficultyPreset.HARD, [fixed_modifier(10, "lamp", "item")])
    45
    >>> check_value(95, DifficultyPreset.EASY)
    120

    Raises:
        ParameterError: If a value is not an integer, ``fixed`` not an
            iterable, or a modifier is not of a fixed kind.
    """
    if isinstance(attribute, bool) or not isinstance(attribute, int):
        raise ParameterError("attribute", attribute, "an integer")
    if isinstance(situational, DifficultyPreset):
        total = attribute + situational.modifier
    elif isinstance(situational, bool) or not isinstance(situational, int):
        raise ParameterError(
            "situational", situational, "a DifficultyPreset or an integer"
        )
    else:
        total = attribute + situational
    if isinstance(fixed, (str, bytes)) or not isinstance(fixed, Iterable):
        raise ParameterError("fixed", fixed, "an iterable of fixed Modifiers")
    for mod in fixed:
        if not isinstance(mod, Modifier) or mod.kind not in FIXED_KINDS:
            raise ParameterError(
                "fixed modifier", mod, "a Modifier of kind " + _kinds_allowed()
            )
        total += mod.amount
    return total
