"""AdZ fights (issue 21): melee with weakening reactions, initiative 2d6."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Combatant, SeededRng
from rollwerk.analysis import fight
from rollwerk.plugins import Registry
from rollwerk.testing import assert_fight_frequencies, simulate_fight
from rollwerk_adz import (
    AdzFightRules,
    initiative_order,
    melee_distribution,
    plugin,
    reaction_dice,
    resolve_melee,
)

RULES = Registry(load_entrypoints=False, plugins=[plugin]).fight_rules()["adz"]
SIDE = {"attack": 4, "defence": 5, "damage": 2, "armour": 1, "resistance": 2}


def test_the_plugin_registers_its_fight_rules():
    assert AdzFightRules() == RULES
    assert RULES.fighter(SIDE).health == 6  # the plugin's placeholder track length


def test_adz_r18_later_defences_in_a_round_roll_fewer_dice():
    a, b = RULES.fighter(SIDE), RULES.fighter(SIDE)
    for faced, dice in enumerate((5, 3, 2, 1, 1)):
        assert reaction_dice(5, faced + 1) == dice
        assert RULES.damage(a, b, attack=0, faced=faced) == melee_distribution(
            attack_dice=4, base_damage=2, defence_dice=dice, armour=1, resistance_dice=2
        )


def test_adz_r15_initiative_is_exact_over_2d6_with_even_roll_offs():
    a = RULES.fighter({**SIDE, "initiative": 3})
    b = RULES.fighter({**SIDE, "initiative": 0})
    assert RULES.initiative(a, a) == Fraction(1, 2)
    # P(2d6 + 3 > 2d6) + half the ties: 1 - P(2d6 - 2d6 <= -3) - ½ P(= -3)
    assert RULES.initiative(a, b) == 1 - _behind(3)
    assert RULES.initiative(b, a) == _behind(3)


def _behind(lead: int) -> Fraction:
    """P(X + lead < Y) + ½ P(X + lead = Y) for X, Y independent 2d6."""
    faces = [(a + b) for a in range(1, 7) for b in range(1, 7)]
    less = sum(1 for x in faces for y in faces if x + lead < y)
    equal = sum(1 for x in faces for y in faces if x + lead == y)
    return Fraction(less, 1296) + Fraction(equal, 2592)


def test_a_mob_wears_down_a_defender():
    one = fight(RULES, SIDE, SIDE, max_rounds=50)
    three = fight(RULES, SIDE, SIDE, second_count=3, max_rounds=50)
    assert one.first == Fraction(1, 2) * (1 - one.undecided)
    assert three.first < one.first
    assert three.first + three.second + three.undecided == 1


def _strike(first, second):
    def strike(side, attack, faced, rng):
        actor, target = (first, second) if side == 0 else (second, first)
        pool = target.parameters["defence"]
        return resolve_melee(
            rng,
            attack_dice=actor.parameters["attack"],
            base_damage=actor.parameters["damage"],
            defence_dice=reaction_dice(pool, faced + 1) if pool else None,
            armour=target.parameters["armour"],
            resistance_dice=target.parameters["resistance"],
        ).final

    return strike


def _acts_first(first, second):
    def acts_first(rng):
        people = [
            Combatant("first", initiative=first.parameters["initiative"]),
            Combatant("second", initiative=second.parameters["initiative"]),
        ]
        return initiative_order(people, rng)[0] == "first"

    return acts_first


side = st.fixed_dictionaries(
    {
        "attack": st.integers(1, 6),
        "defence": st.integers(0, 5),
        "damage": st.integers(0, 3),
        "armour": st.integers(0, 2),
        "resistance": st.integers(0, 3),
        "levels": st.integers(1, 6),
        "initiative": st.integers(0, 2),
    }
)


@settings(max_examples=5, deadline=None)
@given(first=side, second=side, counts=st.sampled_from([(1, 1), (1, 3), (2, 1)]))
def test_fights_agree_with_a_simulation_by_the_rules(first, second, counts):
    # 1500 fights played with resolve_melee and the plugin's initiative roll;
    # false-alarm rate at most 1e-6 per example.
    a, b = RULES.fighter(first), RULES.fighter(second)
    result = fight(
        RULES, a, b, first_count=counts[0], second_count=counts[1], max_rounds=10
    )
    rng = SeededRng(21)
    fights = [
        simulate_fight(
            rng,
            health=(a.health, b.health),
            count=counts,
            first_acts_first=_acts_first(a, b),
            strike=_strike(a, b),
            max_rounds=10,
        )
        for _ in range(1500)
    ]
    assert_fight_frequencies(result, fights)
