"""DS4 fights (issue 21): exact odds against the rules, brute force and simulation."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import ScriptedRng, SeededRng, build_check
from rollwerk.analysis import fight
from rollwerk.plugins import Registry
from rollwerk.testing import assert_fight_frequencies, simulate_fight
from rollwerk_ds4 import Ds4FightRules, initiative_order, plugin

REGISTRY = Registry(load_entrypoints=False, plugins=[plugin])
RULESET = REGISTRY.ruleset("ds4")
RULES = REGISTRY.fight_rules()["ds4"]


def test_the_plugin_registers_its_fight_rules():
    assert isinstance(RULES, Ds4FightRules)
    assert RULES.ruleset == "ds4"
    assert [p.name for p in RULES.parameters()] == [
        "attack",
        "defense",
        "life",
        "initiative",
        "defense_reduction",
    ]


def test_ds4_r14_a_turn_deals_the_attack_checks_damage():
    # Worked example (DS4-R14): attack 12 rolls 9, Abwehr 15 rolls 4: 5 damage.
    check = build_check(RULESET, "attack", attack=12, defense=15)
    assert check.resolve(ScriptedRng([9, 4])).value == 5
    a = RULES.fighter({"attack": 12, "defense": 10, "life": 10})
    b = RULES.fighter({"attack": 8, "defense": 15, "life": 10})
    dist = RULES.damage(a, b, attack=0, faced=0)
    assert dist[5] > 0
    assert dist.mean() == Fraction(9, 5)
    assert dist == check.outcomes().map(lambda o: o.value)


def test_ds4_r11_higher_ini_acts_first_ties_roll_off_evenly():
    fast = RULES.fighter({"attack": 5, "defense": 5, "life": 5, "initiative": 9})
    slow = RULES.fighter({"attack": 5, "defense": 5, "life": 5, "initiative": 4})
    assert RULES.initiative(fast, slow) == 1
    assert RULES.initiative(slow, fast) == 0
    assert RULES.initiative(slow, slow) == Fraction(1, 2)


def test_ds4_r17_one_round_by_hand():
    # LK 1 each: any damage fells (LK 0 is unconscious, DS4-R17). The faster
    # side wins round 1 with P(damage >= 1); else the other with its chance.
    a = {"attack": 12, "defense": 10, "life": 1, "initiative": 8}
    b = {"attack": 10, "defense": 8, "life": 1, "initiative": 6}
    fa, fb = RULES.fighter(a), RULES.fighter(b)
    p = RULES.damage(fa, fb, attack=0, faced=0).probability(lambda d: d >= 1)
    q = RULES.damage(fb, fa, attack=0, faced=0).probability(lambda d: d >= 1)
    result = fight(RULES, a, b, max_rounds=1)
    assert (result.first, result.second) == (p, (1 - p) * q)
    assert result.undecided == (1 - p) * (1 - q)
    endless = fight(RULES, a, b, max_rounds=200)
    assert endless.first == p * (1 - ((1 - p) * (1 - q)) ** 200) / (
        1 - (1 - p) * (1 - q)
    )


def test_a_hero_against_three_orcs_is_exact_and_complete():
    hero = {"attack": 14, "defense": 12, "life": 24, "initiative": 8}
    orc = {"attack": 9, "defense": 7, "life": 9, "initiative": 5}
    result = fight(RULES, hero, orc, second_count=3, max_rounds=40)
    assert result.first + result.second + result.undecided == 1
    assert sum(result.second_health.values()) == 1
    assert max(result.second_health) == 27
    assert 0 < result.first < 1


def _strike(first, second):
    def strike(side, attack, faced, rng):
        actor, target = (first, second) if side == 0 else (second, first)
        check = build_check(
            RULESET,
            "attack",
            attack=actor.parameters["attack"],
            defense=target.parameters["defense"],
        )
        return int(check.resolve(rng).value or 0)

    return strike


def _acts_first(first, second):
    values = {
        "first": first.parameters["initiative"],
        "second": second.parameters["initiative"],
    }

    def acts_first(rng):
        return initiative_order(values, rng).order[0] == "first"

    return acts_first


side = st.fixed_dictionaries(
    {
        "attack": st.integers(4, 16),
        "defense": st.integers(2, 12),
        "life": st.integers(1, 8),
        "initiative": st.integers(5, 6),
    }
)


@settings(max_examples=5, deadline=None)
@given(first=side, second=side, counts=st.sampled_from([(1, 1), (1, 2), (2, 1)]))
def test_fights_agree_with_a_simulation_by_the_rules(first, second, counts):
    # 1500 fights played with the ruleset's own attack check and the plugin's
    # initiative roll-off; false-alarm rate at most 1e-6 per example.
    a, b = RULES.fighter(first), RULES.fighter(second)
    result = fight(
        RULES, a, b, first_count=counts[0], second_count=counts[1], max_rounds=12
    )
    rng = SeededRng(21)
    fights = [
        simulate_fight(
            rng,
            health=(a.health, b.health),
            count=counts,
            first_acts_first=_acts_first(a, b),
            strike=_strike(a, b),
            max_rounds=12,
        )
        for _ in range(1500)
    ]
    assert_fight_frequencies(result, fights)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (
            {"attack": 5, "defense": 5},
            "life is required (an integer from 1 to 1000)",
        ),
        (
            {"attack": 5, "defense": 5, "life": 0},
            "life must be an integer from 1 to 1000, got 0",
        ),
        (
            {"attack": 500, "defense": 5, "life": 3},
            "attack must be an integer from -20 to 100, got 500",
        ),
    ],
)
def test_bad_sides_are_refused(values, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        RULES.fighter(values)


def test_the_first_sides_missing_parameter_is_named_before_the_seconds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Both sides lack ``defense``: the message is about the first, not ``--vs``."""
    from rollwerk.cli import main

    assert main(["fight", "ds4", "attack=12", "--vs", "attack=10"]) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: defense is required (an integer from -20 to 100); "
        "also required: life\n"
    )


def test_one_round_and_one_later_round_are_singular(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Found by a CLI audit: "at most 1 rounds", "1 later rounds not shown"."""
    from rollwerk.cli import main

    side = ["attack=8", "defense=5", "life=10"]
    assert main(["fight", "ds4", *side, "--vs", *side, "--rounds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(at most 1 round)")
    assert lines[4].startswith("undecided after 1 round  ")
    argv = ["fight", "ds4", *side, "--vs", *side, "--rounds", "1", "--lang", "de"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(höchstens 1 Runde)")
    assert lines[4].startswith("nach 1 Runde offen  ")
    side = ["attack=12", "defense=4", "life=20"]
    assert main(["fight", "ds4", *side, "--vs", *side, "--rounds", "15"]) == 0
    out = capsys.readouterr().out
    assert "… 1 later round not shown (less than 0.01%)\n" in out
