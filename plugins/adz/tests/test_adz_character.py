"""Tests of property ranges and pool composition (ADZ-R01, R04, A01, A05, R36)."""

from __future__ import annotations

import pytest

from rollwerk import ParameterError, RulesError
from rollwerk_adz import (
    Attribute,
    Character,
    CheckKind,
    LuckPool,
    PropertyKind,
    SpellSpec,
    Technique,
    adz_check,
    check_property,
    pool_of,
)

BASE = dict.fromkeys(Attribute, 2)


def hero() -> Character:
    return Character(
        attributes={**BASE, Attribute.AGILITY: 4, Attribute.LUCK: 3},
        skills={"sword": 5, "climbing": 4},
        domains={"Metall": 6, "Erde": 7},
        techniques={Technique.DESTROY: 3},
        specializations={"sword: feint": 2},
    )


@pytest.mark.parametrize(
    ("kind", "low", "high"),
    [
        (PropertyKind.ATTRIBUTE, 1, 10),
        (PropertyKind.TECHNIQUE, 0, 10),
        (PropertyKind.SKILL, 0, 10),
        (PropertyKind.DOMAIN, 0, 10),
        (PropertyKind.SPECIALIZATION, 0, 5),
        (PropertyKind.FOCUS, 0, 5),
    ],
)
def test_adz_r01_property_ranges(kind: PropertyKind, low: int, high: int) -> None:
    """ADZ-R01: attributes 1..10; techniques, skills, domains 0..10; the rest 0..5."""
    assert check_property(kind, low) == low
    assert check_property(kind, high) == high
    for bad in (low - 1, high + 1):
        with pytest.raises(ParameterError) as err:
            check_property(kind, bad)
        assert str(err.value) == (
            f"{kind.value} must be an integer from {low} to {high}, got {bad}"
        )


def test_adz_r01_every_attribute_at_least_one() -> None:
    """ADZ-R01: every character has at least 1 in each of the nine attributes."""
    with pytest.raises(ParameterError) as err:
        Character(attributes={Attribute.STRENGTH: 3})
    assert str(err.value).startswith("attributes must be none missing")
    with pytest.raises(ParameterError) as err:
        Character(attributes={**BASE, Attribute.LUCK: 0})
    assert str(err.value) == "attribute 'luck' must be an integer from 1 to 10, got 0"
    assert Attribute.DEXTERITY.abbreviation == "FF"


def test_adz_a01_skill_and_attribute_checks() -> None:
    """ADZ-A01: skill check = attribute + skill (+ specialization); attribute = points."""
    h = hero()
    check = h.skill_check("sword", Attribute.AGILITY, specialization="sword: feint")
    assert (pool_of(check), check.parameters["kind"]) == (11, CheckKind.SKILL.value)
    assert pool_of(h.attribute_check(Attribute.LUCK)) == 3


def test_adz_r09_a05_named_supporters() -> None:
    """ADZ-R09, A05: skills and domains support each other's checks."""
    h = hero()
    assert (
        pool_of(h.skill_check("climbing", Attribute.STRENGTH, supporters=["Erde"]))
        == 2 + 4 + 3
    )
    spell = SpellSpec("Metall", Technique.DESTROY, threshold=2)
    assert pool_of(h.spell_check(spell, supporters=["sword"])) == 6 + 3 + 2
    with pytest.raises(ParameterError) as err:
        h.skill_check("climbing", Attribute.STRENGTH, supporters=["GE"])
    assert str(err.value) == (
        "supporter must be a skill or domain of the character (ADZ-R09), got 'GE'"
    )


def test_adz_r11_luck_pool_starts_at_luck() -> None:
    """ADZ-R11: the luck pool starts at the luck attribute."""
    assert hero().luck_pool == LuckPool(3)


def test_adz_r36_advancement_validates() -> None:
    """ADZ-R36, R01: advancing keeps values in range (EP costs are missing)."""
    h = hero().advance(PropertyKind.SKILL, "sword", 6)
    assert h.skills["sword"] == 6
    assert hero().advance(PropertyKind.ATTRIBUTE, "luck", 4).luck_pool == LuckPool(4)
    with pytest.raises(ParameterError) as err:
        hero().advance(PropertyKind.FOCUS, "fire", 6)
    assert str(err.value) == "focus 'fire' must be an integer from 0 to 5, got 6"


def test_adz_r09_v33_attribute_check_unsupported() -> None:
    """ADZ-R09, V33: attribute checks take no supporters at all."""
    assert "supporters" not in Character.attribute_check.__code__.co_varnames
    with pytest.raises(RulesError):
        adz_check(dice=3, kind=CheckKind.ATTRIBUTE, supporters=(3,))


def test_adz_r01_unknown_attribute_or_technique_is_a_parameter_error() -> None:
    """ADZ-R01, A01: a wrong attribute or technique name is a ParameterError."""
    pc = Character(attributes=dict.fromkeys(Attribute, 3), skills={"sword": 4})
    allowed = (
        "one of strength, constitution, agility, dexterity, intellect, willpower, "
        "intuition, charisma, luck"
    )
    with pytest.raises(ParameterError) as err:
        pc.skill_check("sword", "agile")  # type: ignore[arg-type]
    assert str(err.value) == f"attribute must be {allowed}, got 'agile'"
    with pytest.raises(ParameterError) as err:
        pc.attribute_check("wits")  # type: ignore[arg-type]
    assert str(err.value) == f"attribute must be {allowed}, got 'wits'"
    with pytest.raises(ParameterError) as err:
        pc.advance(PropertyKind.ATTRIBUTE, "wits", 3)
    assert str(err.value) == f"attribute must be {allowed}, got 'wits'"
    with pytest.raises(ParameterError) as err:
        pc.advance(PropertyKind.TECHNIQUE, "fly", 3)
    assert str(err.value).startswith("technique must be one of 'control'")
    with pytest.raises(ParameterError):
        Character(attributes=dict.fromkeys(Attribute, 3), techniques={"fly": 2})
