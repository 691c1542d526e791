"""DS4 data: labels, typical checks, character values.

The difficulty presets are part of the ruleset value (``_ruleset``), so that
``rollwerk check ds4`` does not load this module.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from rollwerk import ParameterError
from rollwerk.i18n import Text
from rollwerk_ds4._catalog import CATALOG

__all__ = [
    "LABELS",
    "TYPICAL_CHECKS",
    "Attribute",
    "Stats",
    "Trait",
    "TypicalCheck",
    "typical_check",
]


LABELS: Mapping[str, Mapping[str, str]] = CATALOG.labels("ds4")
"""Labels by language (``en``, ``de``, any the ds4 catalog has), incl. the degree names.

Derived from the catalog's ``ds4.label.<key>`` messages.
"""


class Attribute(enum.Enum):
    """The three attributes (Attribute)."""

    BODY = "body"
    """Körper (KÖR)."""
    AGILITY = "agility"
    """Agilität (AGI)."""
    MIND = "mind"
    """Geist (GEI)."""


class Trait(enum.Enum):
    """The six traits (Eigenschaften)."""

    STRENGTH = "strength"
    """Stärke (ST)."""
    TOUGHNESS = "toughness"
    """Härte (HÄ)."""
    MOVEMENT = "movement"
    """Bewegung (BE)."""
    DEXTERITY = "dexterity"
    """Geschick (GE)."""
    INTELLECT = "intellect"
    """Verstand (VE)."""
    AURA = "aura"
    """Aura (AU)."""


def _non_negative(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ParameterError(attr.name, value, "an integer >= 0")


@attrs.frozen
class Stats:
    """A character's attributes and traits, with the derived combat values.

    The derived values follow the full rules (see the spec, Section 0).

    >>> laros = Stats(body=8, agility=4, mind=2, strength=4, toughness=3)
    >>> laros.life_points, laros.melee_attack
    (21, 12)
    """

    body: int = attrs.field(default=0, validator=_non_negative)
    """Körper (KÖR)."""
    agility: int = attrs.field(default=0, validator=_non_negative)
    """Agilität (AGI)."""
    mind: int = attrs.field(default=0, validator=_non_negative)
    """Geist (GEI)."""
    strength: int = attrs.field(default=0, validator=_non_negative)
    """Stärke (ST)."""
    toughness: int = attrs.field(default=0, validator=_non_negative)
    """Härte (HÄ)."""
    movement: int = attrs.field(default=0, validator=_non_negative)
    """Bewegung (BE)."""
    dexterity: int = attrs.field(default=0, validator=_non_negative)
    """Geschick (GE)."""
    intellect: int = attrs.field(default=0, validator=_non_negative)
    """Verstand (VE)."""
    aura: int = attrs.field(default=0, validator=_non_negative)
    """Aura (AU)."""

    def value(self, which: Attribute | Trait) -> int:
        """The value of one attribute or trait."""
        return int(getattr(self, which.value))

    def pw(self, attribute: Attribute, trait: Trait, *modifiers: int) -> int:
        """``attribute + trait + Σ modifiers`` (DS4-R01)."""
        return self.value(attribute) + self.value(trait) + sum(modifiers)

    @property
    def life_points(self) -> int:
        """LK = KÖR + HÄ + 10."""
        return self.body + self.toughness + 10

    def defense(self, armour: int = 0) -> int:
        """Abwehr = KÖR + HÄ + PA."""
        return self.body + self.toughness + armour

    @property
    def initiative(self) -> int:
        """INI = AGI + BE."""
        return self.agility + self.movement

    @property
    def move(self) -> int:
        """Laufen = AGI / 2 + 1 (metres, rounded down; DS4-A09)."""
        return self.agility // 2 + 1

    @property
    def melee_attack(self) -> int:
        """Schlagen = KÖR + ST (plus the weapon's WB)."""
        return self.body + self.strength

    @property
    def ranged_attack(self) -> int:
        """Schießen = AGI + GE (plus the weapon's WB)."""
        return self.agility + self.dexterity

    def spellcasting(self, armour: int = 0) -> int:
        """Zaubern = GEI + AU − PA."""
        return self.mind + self.aura - armour

    def targeted_spellcasting(self, armour: int = 0) -> int:
        """Zielzauber = GEI + GE − PA."""
        return self.mind + self.dexterity - armour


@attrs.frozen
class TypicalCheck:
    """A typical check of DS4-R04: attribute + trait, or the higher of two."""

    id: str
    """A stable identifier (``"notice"``)."""
    options: tuple[tuple[Attribute, Trait], ...]
    """The attribute + trait pairs; the higher value is used (DS4-A23)."""
    floor: int | None = None
    """A fixed alternative value ("bzw. 8"): the PW is at least this."""

    @property
    def label(self) -> Text:
        """The name, from the ds4 catalog's ``ds4.typical.<id>``.

        >>> typical_check("notice").label("de")
        'Bemerken'
        """
        return CATALOG.text(f"ds4.typical.{self.id}")

    def pw(self, stats: Stats, *modifiers: int) -> int:
        """The check value for ``stats``: the best option, then the modifiers.

        >>> typical_check("notice").pw(Stats(mind=2, intellect=3), 4)
        12
        """
        base = max(stats.pw(a, t) for a, t in self.options)
        if self.floor is not None:
            base = max(base, self.floor)
        return base + sum(modifiers)


_A, _T = Attribute, Trait
TYPICAL_CHECKS: tuple[TypicalCheck, ...] = (
    TypicalCheck("notice", ((_A.MIND, _T.INTELLECT),), 8),
    TypicalCheck("wake-up", ((_A.MIND, _T.INTELLECT),)),
    TypicalCheck("disarm-traps", ((_A.MIND, _T.DEXTERITY),)),
    TypicalCheck(
        "haggle",
        ((_A.MIND, _T.INTELLECT), (_A.MIND, _T.AURA)),
    ),
    TypicalCheck("make-fire", ((_A.MIND, _T.DEXTERITY),)),
    TypicalCheck("flirt", ((_A.MIND, _T.AURA),)),
    TypicalCheck("resist-poison", ((_A.BODY, _T.TOUGHNESS),)),
    TypicalCheck(
        "decipher-script",
        ((_A.MIND, _T.INTELLECT),),
    ),
    TypicalCheck("climb", ((_A.AGILITY, _T.STRENGTH),)),
    TypicalCheck("feat-of-strength", ((_A.BODY, _T.STRENGTH),)),
    TypicalCheck(
        "resist-disease",
        ((_A.BODY, _T.TOUGHNESS),),
    ),
    TypicalCheck(
        "open-mechanism",
        ((_A.MIND, _T.DEXTERITY), (_A.MIND, _T.INTELLECT)),
    ),
    TypicalCheck("ride", ((_A.AGILITY, _T.MOVEMENT), (_A.AGILITY, _T.AURA))),
    TypicalCheck("appraise", ((_A.MIND, _T.INTELLECT),)),
    TypicalCheck("sneak", ((_A.AGILITY, _T.MOVEMENT),)),
    TypicalCheck("pick-locks", ((_A.MIND, _T.DEXTERITY),)),
    TypicalCheck("swim", ((_A.AGILITY, _T.STRENGTH),)),
    TypicalCheck("jump", ((_A.AGILITY, _T.MOVEMENT),)),
    TypicalCheck("track", ((_A.MIND, _T.INTELLECT),)),
    TypicalCheck("search", ((_A.MIND, _T.INTELLECT),), 8),
    TypicalCheck("pickpocket", ((_A.AGILITY, _T.DEXTERITY),)),
    TypicalCheck("hide", ((_A.AGILITY, _T.MOVEMENT),)),
    TypicalCheck("communicate", ((_A.MIND, _T.DEXTERITY),)),
    TypicalCheck("knowledge", ((_A.MIND, _T.INTELLECT),)),
)
"""The typical checks of DS4-R04, in the rulebook's (German) order."""


def typical_check(check_id: str) -> TypicalCheck:
    """The typical check with id ``check_id`` (``"notice"``, ``"climb"``…)."""
    for check in TYPICAL_CHECKS:
        if check.id == check_id:
            return check
    allowed = ", ".join(c.id for c in TYPICAL_CHECKS)
    raise ParameterError("typical check", check_id, f"one of: {allowed}")
