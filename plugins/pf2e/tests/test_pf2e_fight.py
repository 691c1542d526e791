"""PF2e fights (issue 21): Strikes with the MAP, four degrees, initiative ties."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Combatant, Degree, Distribution, SeededRng, build_check
from rollwerk.analysis import fight
from rollwerk.errors import ParameterError
from rollwerk.notation import parse
from rollwerk.plugins import Registry
from rollwerk.testing import assert_fight_frequencies, simulate_fight
from rollwerk_pf2e import (
    MAP,
    MAP_AGILE,
    Pf2eFightRules,
    damage_roll,
    initiative_order,
    plugin,
)

REGISTRY = Registry(load_entrypoints=False, plugins=[plugin])
RULESET = REGISTRY.ruleset("pf2e")
RULES = REGISTRY.fight_rules()["pf2e"]


def _side(**values):
    base = {"attack": 7, "ac": 18, "damage": "1d8+4", "hp": 20}
    return RULES.fighter({**base, **values})


def test_the_plugin_registers_its_fight_rules():
    assert isinstance(RULES, Pf2eFightRules)
    assert (MAP, MAP_AGILE) == ((0, -5, -10), (0, -4, -8))


def test_a_critical_hit_doubles_and_a_natural_one_steps_down():
    # +30 against AC 10: every face is a critical success except the natural 1,
    # stepped down to a success; the damage is a flat 2.
    a = _side(attack=30, damage="2")
    b = _side(ac=10)
    assert RULES.damage(a, b, attack=0, faced=0) == Distribution(
        {4: Fraction(19, 20), 2: Fraction(1, 20)}
    )


def test_the_multiple_attack_penalty_and_agile():
    a, b = _side(strikes=3), _side(ac=18)
    agile = _side(strikes=3, agile=True)
    for j, (penalty, agile_penalty) in enumerate(zip(MAP, MAP_AGILE, strict=True)):
        hit = build_check(RULESET, "attack", modifier=7 + penalty, dc=18).outcomes()
        dist = RULES.damage(a, b, attack=j, faced=0)
        assert dist[0] == hit.probability(
            lambda o: o.degree in (Degree.FAILURE, Degree.CRITICAL_FAILURE)
        )
        hit_agile = build_check(
            RULESET, "attack", modifier=7 + agile_penalty, dc=18
        ).outcomes()
        assert RULES.damage(agile, b, attack=j, faced=0)[0] == hit_agile.probability(
            lambda o: not o.success
        )
    # 2nd Strike: d20 + 2 against AC 18 hits on 16+ (crit on a natural 20 only... 26+)
    assert RULES.damage(a, b, attack=1, faced=0)[0] == Fraction(15, 20)
    assert (
        RULES.damage(a, b, attack=1, faced=0).mean()
        == Fraction(4, 20) * Fraction(17, 2) + Fraction(1, 20) * 17
    )


def test_a_hit_deals_at_least_one():
    dist = RULES.damage(
        _side(damage="1d4-3", attack=8), _side(ac=18), attack=0, faced=0
    )
    assert min(d for d in dist if d) == 1


def test_initiative_ties_go_to_the_adversary_else_the_first_side():
    plain, gm = _side(initiative=5), _side(initiative=5, adversary=True)
    assert RULES.initiative(plain, plain) == Fraction(210, 400)
    assert RULES.initiative(plain, gm) == Fraction(190, 400)
    assert RULES.initiative(gm, plain) == Fraction(210, 400)
    assert RULES.initiative(_side(initiative=25), plain) == 1


def test_the_bench_duel_is_complete():
    a = {
        "attack": 7,
        "ac": 18,
        "damage": "1d8+4",
        "hp": 20,
        "strikes": 2,
        "initiative": 5,
    }
    b = {
        "attack": 7,
        "ac": 17,
        "damage": "1d12+2",
        "hp": 22,
        "strikes": 2,
        "initiative": 4,
    }
    result = fight(RULES, a, b)
    assert result.first + result.second + result.undecided == 1
    assert sum(result.rounds.values()) + result.undecided == 1
    assert 0 < result.undecided < Fraction(1, 10**40)


def _strike(first, second):
    def strike(side, attack, faced, rng):
        actor, target = (first, second) if side == 0 else (second, first)
        penalty = (MAP_AGILE if actor.parameters["agile"] else MAP)[attack]
        check = build_check(
            RULESET,
            "attack",
            modifier=actor.parameters["attack"] + penalty,
            dc=target.parameters["ac"],
        )
        degree = check.resolve(rng).degree
        if degree not in (Degree.SUCCESS, Degree.CRITICAL_SUCCESS):
            return 0
        total = parse(actor.parameters["damage"]).roll(rng).total
        return max(1, 2 * total if degree is Degree.CRITICAL_SUCCESS else total)

    return strike


def _acts_first(first, second):
    def acts_first(rng):
        people = [
            Combatant(
                name,
                initiative=rng.roll(20) + f.parameters["initiative"],
                owner=None if f.parameters["adversary"] else "player",
            )
            for name, f in (("first", first), ("second", second))
        ]
        return initiative_order(people, rng)[0] == "first"

    return acts_first


side = st.fixed_dictionaries(
    {
        "attack": st.integers(3, 12),
        "ac": st.integers(14, 20),
        "damage": st.sampled_from(["1d6+2", "1d8+4", "2d4"]),
        "hp": st.integers(4, 16),
        "strikes": st.integers(1, 3),
        "agile": st.booleans(),
        "initiative": st.integers(0, 2),
        "adversary": st.booleans(),
    }
)


@settings(max_examples=5, deadline=None)
@given(first=side, second=side, counts=st.sampled_from([(1, 1), (1, 2)]))
def test_fights_agree_with_a_simulation_by_the_rules(first, second, counts):
    # 1500 fights played die by die; false-alarm rate at most 1e-6 per example.
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
            attacks=(first["strikes"], second["strikes"]),
            first_acts_first=_acts_first(a, b),
            strike=_strike(a, b),
            max_rounds=10,
        )
        for _ in range(1500)
    ]
    assert_fight_frequencies(result, fights)


def test_a_bad_damage_notation_is_refused():
    with pytest.raises(ValueError, match=re.escape("damage must be dice notation")):
        _side(damage="1d")


def test_a_damage_notation_over_a_limit_names_damage():
    with pytest.raises(ParameterError) as info:
        damage_roll("1000000d6")
    assert str(info.value) == (
        "damage must be dice notation within the limits (dice count limit "
        "exceeded: 1000000 is more than the maximum of 1000 (by 999000)), "
        "got '1000000d6'"
    )


def test_a_damage_notation_without_exact_odds_names_damage():
    """helper-172: the refusal named ``keep``, not ``damage`` or the side."""
    with pytest.raises(ParameterError) as info:
        damage_roll("4d6e6kh3")
    assert str(info.value) == (
        "damage must be dice notation with exact odds (keep must be none for "
        "exact odds when explosions add dice (rollwerk has no exact odds of "
        "keeping or dropping among the dice that explosions add, at any size; "
        "rolling works), got 'kh3'), got '4d6e6kh3'"
    )
    assert info.value.parameter == "damage"


def test_a_damage_notation_is_read_once_and_the_memo_is_bounded(monkeypatch):
    import rollwerk_pf2e._fight as module

    reads: list[str] = []

    def counting(notation: str) -> Distribution[int]:
        reads.append(notation)
        return damage_roll(notation)

    monkeypatch.setattr(module, "damage_roll", counting)
    rules = Pf2eFightRules(RULESET)
    a = rules.fighter({"attack": 7, "ac": 18, "damage": "2d6+1", "hp": 20})
    b = rules.fighter({"attack": 7, "ac": 18, "damage": "1d8", "hp": 20})
    for j in range(3):
        rules.damage(a, b, attack=j, faced=0)
        rules.damage(b, a, attack=j, faced=0)
    assert reads == ["2d6+1", "1d8"]  # validating the sides read them
    for n in range(1, module._CACHE_SIZE + 2):
        rules.fighter({"attack": 7, "ac": 18, "damage": f"{n}", "hp": 20})
    assert len(rules._rolls) <= module._CACHE_SIZE
    assert len(reads) == 2 + module._CACHE_SIZE + 1


def test_fight_budget_figures_of_fights_md():
    """fights.md "Budgets": the 20 HP duel, with one Strike and with two."""
    from rollwerk.analysis import FIGHT_BUDGET, fight_work

    one = {"attack": 7, "ac": 18, "damage": "1d8+4", "hp": 20}
    two = {**one, "strikes": 2}
    works = [
        fight_work(RULES, side, side, max_rounds=rounds)
        for side in (one, two)
        for rounds in (100, 300, 1000)
    ]
    assert works == [2542000, 22506000, 527023594, 9882000, 132109781, 3318843247]
    assert [work <= FIGHT_BUDGET for work in works] == [
        True,
        True,
        False,
        True,
        False,
        False,
    ]
