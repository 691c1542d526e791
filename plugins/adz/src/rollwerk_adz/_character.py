"""Properties and characters: ranges and pool composition (ADZ-R01, R04, A01, A05)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from rollwerk import Modifier, ParameterError
from rollwerk.checks import FaceCheck
from rollwerk_adz._check import adz_check
from rollwerk_adz._luck import LuckPool
from rollwerk_adz._magic import SpellSpec, Technique, _technique
from rollwerk_adz._pool import CheckKind

__all__ = ["Attribute", "Character", "PropertyKind", "check_property"]


class Attribute(enum.Enum):
    """The nine attributes (*Attribute*), with their German abbreviations."""

    STRENGTH = "strength"
    """*Körperkraft* (KK): physical strength, stamina."""
    CONSTITUTION = "constitution"
    """*Konstitution* (KO): toughness; the resistance roll."""
    AGILITY = "agility"
    """*Gewandtheit* (GE): agility, important in melee; the defence attribute."""
    DEXTERITY = "dexterity"
    """*Fingerfertigkeit* (FF): manual dexterity; ranged attacks."""
    INTELLECT = "intellect"
    """*Klugheit* (KL): analytic thinking, learning."""
    WILLPOWER = "willpower"
    """*Willenskraft* (WK): resolve, concentration."""
    INTUITION = "intuition"
    """*Intuition* (IN): instinct, attention, initiative."""
    CHARISMA = "charisma"
    """*Charisma* (CH): presence."""
    LUCK = "luck"
    """*Glück* (GL): luck; starts the luck pool."""

    @property
    def abbreviation(self) -> str:
        """The German abbreviation (KK, KO, GE, FF, KL, WK, IN, CH, GL)."""
        return _ABBR[self]


_ABBR = dict(
    zip(Attribute, ("KK", "KO", "GE", "FF", "KL", "WK", "IN", "CH", "GL"), strict=True)
)


class PropertyKind(enum.Enum):
    """Kinds of property (*Eigenschaft*) and their ranges (ADZ-R01)."""

    ATTRIBUTE = "attribute"
    """1 to 10."""
    TECHNIQUE = "technique"
    """0 to 10."""
    SKILL = "skill"
    """0 to 10."""
    DOMAIN = "domain"
    """0 to 10 (*Magiebereich*)."""
    SPECIALIZATION = "specialization"
    """0 to 5."""
    FOCUS = "focus"
    """0 to 5 (*Fokus*)."""

    @property
    def range(self) -> tuple[int, int]:
        """The smallest and largest allowed points."""
        if self is PropertyKind.ATTRIBUTE:
            return (1, 10)
        if self in (PropertyKind.SPECIALIZATION, PropertyKind.FOCUS):
            return (0, 5)
        return (0, 10)


def check_property(kind: PropertyKind, value: object, name: str | None = None) -> int:
    """Validate the points of a property of ``kind`` (ADZ-R01).

    >>> check_property(PropertyKind.SPECIALIZATION, 6, "dodge")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: specialization 'dodge' must be an integer from 0 to 5, got 6
    """
    low, high = kind.range
    label = kind.value if name is None else f"{kind.value} {name!r}"
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not low <= value <= high
    ):
        raise ParameterError(label, value, f"an integer from {low} to {high}")
    return value


_FIELDS = {
    PropertyKind.SKILL: "skills",
    PropertyKind.DOMAIN: "domains",
    PropertyKind.SPECIALIZATION: "specializations",
    PropertyKind.FOCUS: "foci",
}
"""The ``Character`` field of each kind of property held by name."""


def _mapping(name: str, value: object) -> dict[Any, Any]:
    """``value`` as a dict, if it is a mapping of a character's properties."""
    if not isinstance(value, Mapping):
        raise ParameterError(name, value, "a mapping of names to points")
    return dict(value)


def _points(kind: PropertyKind, value: Mapping[str, int]) -> dict[str, int]:
    items = _mapping(_FIELDS[kind], value).items()
    return {str(k): check_property(kind, v, str(k)) for k, v in items}


def _skills(value: Mapping[str, int]) -> dict[str, int]:
    return _points(PropertyKind.SKILL, value)


def _domains(value: Mapping[str, int]) -> dict[str, int]:
    return _points(PropertyKind.DOMAIN, value)


def _specializations(value: Mapping[str, int]) -> dict[str, int]:
    return _points(PropertyKind.SPECIALIZATION, value)


def _foci(value: Mapping[str, int]) -> dict[str, int]:
    return _points(PropertyKind.FOCUS, value)


def _attribute(key: Attribute | str) -> Attribute:
    try:
        return key if isinstance(key, Attribute) else Attribute(key)
    except ValueError:
        raise ParameterError(
            "attribute", key, "one of " + ", ".join(a.value for a in Attribute)
        ) from None


def _attributes(
    value: Mapping[Attribute, int] | Mapping[str, int],
) -> dict[Attribute, int]:
    out: dict[Attribute, int] = {}
    for key, points in _mapping("attributes", value).items():
        attr = _attribute(key)
        out[attr] = check_property(PropertyKind.ATTRIBUTE, points, attr.value)
    missing = [a.value for a in Attribute if a not in out]
    if missing:
        raise ParameterError(
            "attributes", sorted(missing), "none missing: all nine at >= 1"
        )
    return out


def _techniques(
    value: Mapping[Technique, int] | Mapping[str, int],
) -> dict[Technique, int]:
    out: dict[Technique, int] = {}
    for key, points in _mapping("techniques", value).items():
        tech = _technique(key)
        out[tech] = check_property(PropertyKind.TECHNIQUE, points, tech.value)
    return out


@attrs.frozen
class Character:
    """A character's properties, validated, with the pools of its checks.

    >>> hero = Character(
    ...     attributes={a: 3 for a in Attribute} | {Attribute.AGILITY: 5},
    ...     skills={"sword": 4, "stealth": 3},
    ...     specializations={"sword: feint": 2},
    ... )
    >>> from rollwerk_adz import pool_of
    >>> pool_of(hero.skill_check("sword", Attribute.AGILITY, specialization="sword: feint"))
    11
    >>> hero.luck_pool
    LuckPool(value=3)
    """

    attributes: Mapping[Attribute, int] = attrs.field(converter=_attributes)
    """All nine attributes, 1 to 10."""
    skills: Mapping[str, int] = attrs.field(factory=dict, converter=_skills)
    """Skills (*Fertigkeiten*), 0 to 10."""
    domains: Mapping[str, int] = attrs.field(factory=dict, converter=_domains)
    """Magic domains (*Magiebereiche*), 0 to 10."""
    techniques: Mapping[Technique, int] = attrs.field(
        factory=dict, converter=_techniques
    )
    """Techniques, 0 to 10."""
    specializations: Mapping[str, int] = attrs.field(
        factory=dict, converter=_specializations
    )
    """Specializations, 0 to 5."""
    foci: Mapping[str, int] = attrs.field(factory=dict, converter=_foci)
    """Foci, 0 to 5."""

    @property
    def luck_pool(self) -> LuckPool:
        """A full luck pool: the luck attribute GL (ADZ-R11)."""
        return LuckPool(self.attributes[Attribute.LUCK])

    def _supporters(self, names: Iterable[str]) -> tuple[int, ...]:
        out = []
        for name in names:
            if name in self.skills:
                out.append(self.skills[name])
            elif name in self.domains:
                out.append(self.domains[name])
            else:
                raise ParameterError(
                    "supporter", name, "a skill or domain of the character (ADZ-R09)"
                )
        return tuple(out)

    def skill_check(
        self,
        skill: str,
        attribute: Attribute,
        *,
        specialization: str | None = None,
        minimum: int = 1,
        supporters: Iterable[str] = (),
        modifier: int = 0,
        modifiers: Iterable[Modifier] = (),
    ) -> FaceCheck:
        """A skill check: attribute + skill (+ specialization) (ADZ-A01).

        Supporters are named skills or domains (ADZ-R09, A05).
        """
        if skill not in self.skills:
            raise ParameterError("skill", skill, f"one of {sorted(self.skills)}")
        spec = 0
        if specialization is not None:
            if specialization not in self.specializations:
                raise ParameterError(
                    "specialization",
                    specialization,
                    f"one of {sorted(self.specializations)}",
                )
            spec = self.specializations[specialization]
        return adz_check(
            self.attributes[_attribute(attribute)] + self.skills[skill] + spec,
            minimum=minimum,
            kind=CheckKind.SKILL,
            supporters=self._supporters(supporters),
            modifier=modifier,
            modifiers=tuple(modifiers),
        )

    def attribute_check(
        self,
        attribute: Attribute,
        *,
        minimum: int = 1,
        modifier: int = 0,
        modifiers: Iterable[Modifier] = (),
    ) -> FaceCheck:
        """An attribute check: the attribute's points, never supported (ADZ-A01, R09)."""
        return adz_check(
            self.attributes[_attribute(attribute)],
            minimum=minimum,
            kind=CheckKind.ATTRIBUTE,
            modifier=modifier,
            modifiers=tuple(modifiers),
        )

    def spell_check(
        self,
        spell: SpellSpec,
        *,
        supporters: Iterable[str] = (),
        modifier: int = 0,
        modifiers: Iterable[Modifier] = (),
    ) -> FaceCheck:
        """The spell check for ``spell``: primary domain + primary technique (ADZ-A15)."""
        return spell.check(
            self.domains.get(spell.domain, 0),
            self.techniques.get(spell.technique, 0),
            supporters=self._supporters(supporters),
            modifier=modifier,
            modifiers=modifiers,
        )

    def advance(self, kind: PropertyKind, name: str, points: int) -> Character:
        """The character with one property set to ``points`` (validated, ADZ-R01).

        EP costs are missing from the excerpt (ADZ-R36) and are not charged.
        """
        check_property(kind, points, name)
        if kind is PropertyKind.ATTRIBUTE:
            return attrs.evolve(
                self, attributes={**self.attributes, _attribute(name): points}
            )
        if kind is PropertyKind.TECHNIQUE:
            return attrs.evolve(
                self, techniques={**self.techniques, _technique(name): points}
            )
        field = {
            PropertyKind.SKILL: "skills",
            PropertyKind.DOMAIN: "domains",
            PropertyKind.SPECIALIZATION: "specializations",
            PropertyKind.FOCUS: "foci",
        }[kind]
        return attrs.evolve(self, **{field: {**getattr(self, field), name: points}})
