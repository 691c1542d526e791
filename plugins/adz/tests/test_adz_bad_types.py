"""Public AdZ values given another type (a bad-input audit, h241): a
``ParameterError`` naming the parameter, not a bare ``ValueError``,
``TypeError`` or ``AttributeError``."""

from __future__ import annotations

import pytest

import rollwerk_adz as adz
from rollwerk import ParameterError

ALL_THREE = dict.fromkeys(adz.Attribute, 3)


@pytest.mark.parametrize("bad", ["abc", 3.0, [("strength", 3)], None])
def test_character_attributes_are_a_mapping(bad: object) -> None:
    with pytest.raises(ParameterError) as info:
        adz.Character(bad)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"attributes must be a mapping of names to points, got {bad!r}"
    )


@pytest.mark.parametrize(
    "field", ["skills", "domains", "specializations", "foci", "techniques"]
)
def test_character_properties_by_name_are_a_mapping(field: str) -> None:
    with pytest.raises(ParameterError) as info:
        adz.Character(ALL_THREE, **{field: "sword"})  # type: ignore[arg-type]
    assert str(info.value) == (
        f"{field} must be a mapping of names to points, got 'sword'"
    )


def test_listed_costs_are_a_mapping() -> None:
    with pytest.raises(ParameterError) as info:
        adz.ListedCosts("3")  # type: ignore[arg-type]
    assert str(info.value) == "points must be a mapping of magnitudes to KP, got '3'"


@pytest.mark.parametrize("bad", ["3", 3, None, {"armour": 3}])
def test_equipment_is_an_iterable_of_equipment(bad: object) -> None:
    with pytest.raises(ParameterError) as info:
        adz.armour_value(bad)  # type: ignore[arg-type]
    assert str(info.value) == f"equipment must be an iterable of Equipment, got {bad!r}"


def test_each_piece_of_equipment_is_an_equipment() -> None:
    chain = adz.Equipment("chain mail", armour=3, resistance_bonus=1, attack_penalty=1)
    with pytest.raises(ParameterError) as info:
        adz.attack_pool(6, 4, [chain, "shield"])  # type: ignore[list-item]
    assert str(info.value) == "equipment must be an iterable of Equipment, got 'shield'"
    # ADZ-R19, ADZ-R21, ADZ-R22: the same gear counted once per pool
    assert adz.attack_pool(6, 4, iter([chain])) == 9
    assert adz.resistance_pool(4, (chain,)) == 5
    assert adz.armour_value([chain, chain]) == 6


class Over:
    """An Rng that gives one more than the die has."""

    def roll(self, sides: int) -> int:
        return sides + 1


def test_resolve_melee_names_an_rng_that_breaks_the_protocol() -> None:
    # concepts.md: the error names rng.roll(N) (an API consumer, h240)
    with pytest.raises(ParameterError) as info:
        adz.resolve_melee(Over(), attack_dice=2, base_damage=2)
    assert str(info.value) == (
        "rng.roll(6) must be an integer from 1 to 6 (the Rng protocol), got 7"
    )
