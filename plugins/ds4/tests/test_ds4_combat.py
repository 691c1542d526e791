"""DS4 combat: attack check, damage, initiative, life points, combat details."""

from __future__ import annotations

import functools
import operator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Degree,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
    build_check,
)
from rollwerk.dice import DieRoll
from rollwerk_ds4 import (
    ROUND_SECONDS,
    RULESET,
    Action,
    ArmourKind,
    ArmourPiece,
    BaseClass,
    LifeState,
    Position,
    Size,
    Stats,
    Terrain,
    aim_bonus,
    armour_allowed,
    armour_penalties,
    breather,
    can_aim,
    can_charge,
    combat_fumble,
    crowd_bonus,
    crowd_result,
    damage,
    delay_bonus,
    don_armour_actions,
    initiative_order,
    initiative_rule,
    life_state,
    natural_healing,
    obstacle_fumble,
    obstacle_modifier,
    position_modifier,
    push_back,
    range_modifier,
    resurrect,
    run_distance,
    size_modifier,
    sleeping_in_armour,
    split_attack,
    stand_up_costs_action,
    terrain_move,
    tracks_ammunition,
    triggered_order,
    two_weapon_attack,
    validate_loadout,
    wake_attempt,
    wake_up_hours,
)
from rollwerk_ds4 import (
    attack as ds4_attack,
)

# -- DS4-R14 attack check ---------------------------------------------------


def test_ds4_r14_e11_gruffneck_hits_orc_for_5() -> None:
    """DS4-R14, E11: Schlagen 12 hits with 9, the orc's Abwehr succeeds with 4."""
    r = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([9, 4]))
    assert (r.success, r.degree, r.value) == (True, Degree.SUCCESS, 5)
    assert [x.role for x in r.rolls] == ["attack", "defense"]
    assert r.explain() == (
        "Attack PW 12: d20 = 9 ≤ 12: success, result 9; Abwehr PW 15: d20 = 4 ≤ 15: "
        "success, result 4; damage max(0, 9 − 4) = 5"
    )
    assert r.explain("de") == (
        "Angriff PW 12: W20 = 9 ≤ 12: Erfolg, Ergebnis 9; Abwehr PW 15: W20 = 4 ≤ 15: "
        "Erfolg, Ergebnis 4; Schaden max(0, 9 − 4) = 5"
    )


def test_ds4_r14_a06_miss_fumbles_and_clamp() -> None:
    """DS4-R14, DS4-A06: miss → 0 without Abwehr; damage never negative."""
    miss = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([14]))
    assert (miss.success, miss.value, len(miss.rolls)) == (False, 0, 1)
    assert miss.explain() == "Attack PW 12: d20 = 14 > 12: failure; no damage"
    fumble = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([20]))
    assert fumble.degree is Degree.CRITICAL_FAILURE
    parried = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([3, 9]))
    assert parried.value == 0
    assert parried.explain().endswith("damage max(0, 3 − 9) = 0 (not below 0, by rule)")
    failed_abwehr = ds4_attack(attack=12, defense=5).resolve(ScriptedRng([9, 8]))
    assert failed_abwehr.value == 9
    fumbled_abwehr = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([9, 20]))
    assert fumbled_abwehr.value == 9
    coup_abwehr = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([9, 1]))
    assert coup_abwehr.value == 0
    coup_attack = ds4_attack(attack=12, defense=15).resolve(ScriptedRng([1, 4]))
    assert (coup_attack.degree, coup_attack.value) == (Degree.CRITICAL_SUCCESS, 8)


def test_ds4_r14_r15_undefendable_and_ga() -> None:
    """DS4-R14/R15: undefendable skips Abwehr; GA lowers the Abwehr PW."""
    r = ds4_attack(attack=12, defense=15, undefendable=True).resolve(ScriptedRng([9]))
    assert (r.value, len(r.rolls)) == (9, 1)
    assert (
        r.explain()
        == "Attack PW 12: d20 = 9 ≤ 12: success, result 9; undefendable: damage 9"
    )
    ga = ds4_attack(attack=12, defense=15, defense_reduction=5)
    g = ga.resolve(ScriptedRng([9, 12]))
    assert g.value == 9  # 12 > 10: the Abwehr fails because of GA
    assert "Abwehr (Abwehr 15 − GA 5) PW 10: d20 = 12 > 10: failure" in g.explain()
    undefendable = ds4_attack(attack=12, defense=15, undefendable=True)
    assert undefendable.outcomes().map(lambda o: o.value or 0).mean() == Fraction(
        89, 20
    )


def test_ds4_r33_a16_d18_helpless_sleeper() -> None:
    """DS4-R33, DS4-A16, D18: result 9 doubled, Abwehr without PA 4 → 14."""
    assert damage(9, 4, helpless=True) == 14
    r = ds4_attack(attack=12, defense=8, helpless=True).resolve(ScriptedRng([9, 4]))
    assert r.value == 14
    assert "helpless target: damage doubled to 18" in r.explain()


def test_ds4_a07_abwehr_above_20_uses_dice_split() -> None:
    """DS4-A07: Abwehr above 20 rolls several dice; the maximised result reduces."""
    r = ds4_attack(attack=44, defense=25).resolve(ScriptedRng([2, 1, 17, 9, 12]))
    assert r.value == 39 - 12
    assert [x.role for x in r.rolls] == ["attack"] * 3 + ["defense"] * 2


def test_ds4_r14_damage_errors() -> None:
    """DS4-R14: damage of negative results is refused."""
    with pytest.raises(ParameterError) as err:
        damage(-1, 3)
    assert str(err.value) == "attack_result must be an integer >= 0, got -1"
    with pytest.raises(ParameterError) as err2:
        ds4_attack(attack=12, defense=15, defense_reduction=-1)
    assert str(err2.value) == (
        "defense_reduction must be an integer from 0 to 1000, got -1"
    )


@given(
    attack=st.integers(-20, 60),
    defense=st.integers(-20, 60),
    seed=st.integers(0, 2**32),
)
def test_ds4_r14_invariants_damage(attack: int, defense: int, seed: int) -> None:
    """Invariants: damage ≥ 0, ≤ attack result; replay; support membership."""
    check = ds4_attack(attack=attack, defense=defense)
    r = check.resolve(SeededRng(seed))
    assert r.value is not None
    assert 0 <= r.value <= max(attack, 1)
    assert r.outcome() in check.outcomes().support
    assert check.resolve(ScriptedRng([x.face for x in r.rolls])) == r


@given(attack=st.integers(1, 40), defense=st.integers(-5, 40))
def test_ds4_r14_more_abwehr_never_more_damage(attack: int, defense: int) -> None:
    """Invariant: damage is non-increasing in Abwehr (first-order dominance)."""
    low = (
        ds4_attack(attack=attack, defense=defense)
        .outcomes()
        .map(lambda o: o.value or 0)
    )
    high = (
        ds4_attack(attack=attack, defense=defense + 1)
        .outcomes()
        .map(lambda o: o.value or 0)
    )
    for x in range(attack + 2):
        at_least = functools.partial(operator.le, x)  # d >= x
        assert high.probability(at_least) <= low.probability(at_least)


def test_ds4_r14_attack_check_via_ruleset() -> None:
    """DS4-R14: the `attack` check is declared and built generically."""
    check = build_check(RULESET, "attack", attack=12, defense=15)
    assert check.resolve(ScriptedRng([9, 4])).value == 5
    assert dict(check.parameters) == {
        "attack": 12,
        "defense": 15,
        "defense_reduction": 0,
        "undefendable": False,
        "helpless": False,
    }


# -- DS4-R10 to R13, R22, R24: rounds, initiative, movement, actions --------


def test_ds4_r10_round_is_five_seconds() -> None:
    """DS4-R10: a combat round lasts 5 seconds."""
    assert ROUND_SECONDS == 5
    assert RULESET.round_seconds == 5


def test_ds4_r11_a24_initiative_roll_off_once_per_combat() -> None:
    """DS4-R11, DS4-A24: ties roll off once; roll-off ties reroll; kept."""
    ini = {"Laros": 8, "Lios": 8, "Orc": 5, "Troll": 8}
    first = initiative_order(ini, ScriptedRng([7, 12, 12, 3, 15]))
    # Laros 7, Lios 12, Troll 12 → Lios and Troll tied again: 3 and 15
    assert first.order == ("Troll", "Lios", "Laros", "Orc")
    assert dict(first.tie_breaks) == {"Laros": (7,), "Lios": (12, 3), "Troll": (12, 15)}
    assert first.rolls[0] == DieRoll(20, 7, "initiative roll-off: Laros")
    second = initiative_order(
        ini, ScriptedRng([]), round_number=2, tie_breaks=first.tie_breaks
    )
    assert second.order == first.order
    assert second.rolls == ()


def test_ds4_r11_a24_new_tie_with_kept_roll_offs() -> None:
    """DS4-R11, DS4-A24: a character newly tied with kept roll-offs rolls too.

    Before, a character without a roll-off always went first against those
    with kept roll-offs (an empty roll-off sorted ahead of any roll).
    """
    ini = {"Laros": 8, "Lios": 8, "Orc": 6}
    first = initiative_order(ini, ScriptedRng([7, 12]))
    assert dict(first.tie_breaks) == {"Laros": (7,), "Lios": (12,)}
    # the orc delayed: +2 makes 8, a new tie with both; it rolls 10
    second = initiative_order(
        ini,
        ScriptedRng([10]),
        round_number=2,
        bonuses={"Orc": 2},
        tie_breaks=first.tie_breaks,
    )
    assert second.order == ("Lios", "Orc", "Laros")
    assert second.rolls == (DieRoll(20, 10, "initiative roll-off: Orc"),)
    # a 12 ties Lios's kept roll-off: both of them roll again
    third = initiative_order(
        ini,
        ScriptedRng([12, 5, 9]),
        round_number=2,
        bonuses={"Orc": 2},
        tie_breaks=first.tie_breaks,
    )
    assert third.order == ("Orc", "Lios", "Laros")
    assert dict(third.tie_breaks) == {
        "Laros": (7,),
        "Lios": (12, 5),
        "Orc": (12, 9),
    }


def test_ds4_r11_surprise_plus_10_in_round_1_only() -> None:
    """DS4-R11: the surprising party gets +10 INI in round 1 only."""
    ini = {"Andur": 5, "Orc": 12}
    r1 = initiative_order(ini, ScriptedRng([]), surprising=["Andur"])
    assert r1.order == ("Andur", "Orc")
    assert r1.values["Andur"] == 15
    r2 = initiative_order(ini, ScriptedRng([]), round_number=2, surprising=["Andur"])
    assert r2.order == ("Orc", "Andur")
    with pytest.raises(ParameterError) as err:
        initiative_order(ini, ScriptedRng([]), surprising=["Nobody"])
    assert str(err.value) == (
        "surprising must be names of combatants in `initiative`, got ['Nobody']"
    )


def test_ds4_r22_d14_delay_bonus() -> None:
    """DS4-R22, D14: delay 3 rounds → +6, 6 rounds → +10 (cap)."""
    assert (delay_bonus(3), delay_bonus(6)) == (6, 10)
    ini = initiative_order(
        {"Lios": 4, "Orc": 9}, ScriptedRng([]), round_number=4, bonuses={"Lios": 6}
    )
    assert ini.order == ("Lios", "Orc")
    with pytest.raises(ParameterError) as err:
        initiative_order({"Lios": 4}, ScriptedRng([]), bonuses={"Lois": 6})
    assert str(err.value) == (
        "bonuses must be names of combatants in `initiative`, got ['Lois']"
    )


@given(st.integers(0, 50))
def test_ds4_invariant_delay_and_aim_at_most_10(rounds: int) -> None:
    """Invariant: INI bonuses from delaying and aiming stay ≤ +10."""
    assert 0 <= delay_bonus(rounds) <= 10
    assert 0 <= aim_bonus(rounds) <= 10


def test_ds4_r24_triggered_initiative() -> None:
    """DS4-R24: the trigger acts alone first, then again in its slot."""
    assert triggered_order("Chief", ["Laros", "Chief"]) == ("Chief", "Laros", "Chief")
    with pytest.raises(ParameterError):
        triggered_order("Nobody", ["Laros"])


def test_ds4_r12_r13_a25_movement_and_actions() -> None:
    """DS4-R12, DS4-R13, DS4-A25: run doubles move; charge range; standing up."""
    assert run_distance(5) == 10
    assert [can_charge(5, d) for d in (5, 6, 10, 11)] == [False, True, True, False]
    assert not can_charge(5, 8, clear_path=False)
    assert stand_up_costs_action(in_melee=True)
    assert not stand_up_costs_action(in_melee=False)
    assert Stats(agility=7).move == 4


# -- DS4-R17 to R21: life points and healing --------------------------------


def test_ds4_r17_r18_e12_e13_d29_unconscious_and_death() -> None:
    """DS4-R17/R18, DS4-A08, E12, E13, D29."""
    assert life_state(28 - 30, 8) is LifeState.UNCONSCIOUS  # E12: −2
    assert life_state(20 - 30, 8) is LifeState.DEAD  # E13: −10 < −8
    assert [life_state(lp, 8) for lp in (0, -8, -9, 1)] == [
        LifeState.UNCONSCIOUS,
        LifeState.UNCONSCIOUS,
        LifeState.DEAD,
        LifeState.CONSCIOUS,
    ]
    hours, die = wake_up_hours(ScriptedRng([13]))
    assert (hours, die) == (13, DieRoll(20, 13, "hours unconscious"))


@given(lp=st.integers(-40, 40), body=st.integers(0, 20))
def test_ds4_r18_invariant_death_threshold(lp: int, body: int) -> None:
    """Invariant: dead iff LK < −KÖR; unconscious iff −KÖR ≤ LK ≤ 0."""
    state = life_state(lp, body)
    assert (state is LifeState.DEAD) == (lp < -body)
    assert (state is LifeState.UNCONSCIOUS) == (-body <= lp <= 0)


def test_ds4_r19_e14_d25_breather() -> None:
    """DS4-R19, DS4-A09, DS4-A12, E14, D25: half the lost LK, rounded down."""
    assert breather(10, 30, 12) == 6
    assert breather(10, 30, 7) == 3
    assert breather(29, 30, 12) == 1  # never above the maximum
    with pytest.raises(RulesError) as err:
        breather(0, 30, 12)
    assert str(err.value) == "catching one's breath needs at least 1 LK, got LK 0"
    with pytest.raises(RulesError) as err2:
        breather(1, 30, 12, woken_early=True)
    assert str(err2.value) == (
        "a character woken early cannot catch their breath in this combat"
    )
    # LK above the maximum is no state a character is in (a held-out rules
    # lawyer: breather(40, 30, lost=12) answered 0)
    with pytest.raises(ParameterError) as err3:
        breather(40, 30, 12)
    assert str(err3.value) == "lp must be at most lp_max (30), got 40"
    with pytest.raises(ParameterError) as err4:
        natural_healing(13, 8, lp=40, lp_max=30)
    assert str(err4.value) == "lp must be at most lp_max (30), got 40"


@given(lp=st.integers(1, 40), extra=st.integers(0, 40), lost=st.integers(0, 60))
def test_ds4_r19_r20_invariant_healing_capped(lp: int, extra: int, lost: int) -> None:
    """Invariant: healing never exceeds the maximum; breather ≤ LK lost."""
    lp_max = lp + extra
    gain = breather(lp, lp_max, lost)
    assert 0 <= gain <= lost
    assert lp + gain <= lp_max
    assert lp + natural_healing(20, 24, lp=lp, lp_max=lp_max) <= lp_max


def test_ds4_r20_d26_natural_healing() -> None:
    """DS4-R20, D26: d20 = 13 and 8 h bed rest → +8."""
    assert natural_healing(13, 8) == 8
    assert natural_healing(1) == 0
    with pytest.raises(ParameterError) as err:
        natural_healing(21)
    assert str(err.value) == "d20 must be an integer from 1 to 20, got 21"


def test_ds4_r21_resurrection() -> None:
    """DS4-R21: each resurrection costs 1 KÖR; KÖR 1 cannot be resurrected."""
    assert resurrect(8) == 7
    with pytest.raises(RulesError) as err:
        resurrect(1)
    assert str(err.value) == "a character with KÖR 1 cannot be resurrected"


# -- DS4-R23, R25 to R35: combat details ------------------------------------


def test_ds4_r23_a13_d13_range() -> None:
    """DS4-R23, DS4-A13, D13: 35 m → −3; adjacent −2; 0–9 m → 0."""
    assert range_modifier(35) == -3
    assert range_modifier(1, adjacent=True) == -2
    assert range_modifier(9) == 0
    assert range_modifier(Fraction(199, 10)) == -1


def test_ds4_r25_combat_fumbles() -> None:
    """DS4-R25: the combat fumble table (full rules)."""
    assert combat_fumble("strike").effect("de") == (
        "lässt die Waffen fallen (eine nichtmagische Holzwaffe zerbricht)"
    )
    assert combat_fumble("cast").effect() == (
        "the active spell jumps out: no spell is active any more"
    )
    with pytest.raises(ParameterError):
        combat_fumble("dance")


def test_ds4_r26_a14_d16_multiple_opponents() -> None:
    """DS4-R26, DS4-A14, D16: 8 + 7 over 2 opponents, own Abwehr −4."""
    split = split_attack(15, [8, 7])
    assert (split.parts, split.defense_malus) == ((8, 7), -4)
    assert split_attack(15, [5, 5, 5], sweeping_blow=True).defense_malus == 0
    assert (
        split_attack(15, [5, 5, 5], malus_per_extra_opponent=True).defense_malus == -4
    )
    with pytest.raises(RulesError) as err:
        split_attack(15, [8, 8])
    assert str(err.value) == (
        "the parts must be positive and sum to Schlagen 15, got [8, 8]"
    )
    with pytest.raises(RulesError) as err2:
        split_attack(15, [3, 3, 3, 3, 3])
    assert str(err2.value) == "Schlagen can be split over 2 to 4 opponents, got 5"


def test_ds4_r27_ammunition() -> None:
    """DS4-R27: ammunition is tracked only if magical or in long sieges."""
    assert not tracks_ammunition()
    assert tracks_ammunition(magical=True)
    assert tracks_ammunition(long_siege=True)


def test_ds4_r28_d17_two_weapons() -> None:
    """DS4-R28, D17: Schlagen 15, Abwehr 12 → two attacks at 5; Abwehr 2."""
    two = two_weapon_attack(15, 12)
    assert (two.attacks, two.defense) == ((5, 5), 2)
    assert two_weapon_attack(15, 12, talent=True).attacks == (15, 15)
    assert two_weapon_attack(15, 12, weapon_bonuses=(1, 2)).attacks == (6, 7)


def test_ds4_r29_position_and_size() -> None:
    """DS4-R29: prone −2, side/above +1, behind +2; ±2 per size category."""
    assert [position_modifier(p) for p in Position] == [0, -2, 1, 2]
    assert size_modifier(Size.NORMAL, Size.LARGE) == 2
    assert size_modifier(Size.LARGE, Size.TINY) == -6


def test_ds4_r30_a17_d27_armour_handling() -> None:
    """DS4-R30, DS4-A17, D27: PA 3 (+1 magic) → 6 actions; sleeping malus."""
    assert don_armour_actions(3) == 6
    assert don_armour_actions(2, helmet=True) == 0
    malus = 0
    for _night in range(3):
        malus = sleeping_in_armour(
            malus, body=6, slept_in_metal=True, check_succeeded=False
        )
    assert malus == 3
    assert sleeping_in_armour(malus, body=6, slept_in_metal=True) == 3
    assert sleeping_in_armour(malus, body=4, slept_in_metal=False) == 1
    assert sleeping_in_armour(1, body=6, slept_in_metal=False) == 0


def test_ds4_r31_a15_d23_crowd() -> None:
    """DS4-R31, DS4-A15, D23: crowd of 5, Schießen 12 → PW 17; 16 and a coup → 12."""
    assert 12 + crowd_bonus(5) == 17
    assert crowd_bonus(30) == 20
    assert crowd_result(16, 12) == 12
    assert crowd_result(17, 12) == 12
    assert crowd_result(11, 12) == 11
    with pytest.raises(RulesError) as err:
        crowd_bonus(1)
    assert str(err.value) == "a crowd needs at least 2 individuals, got 1"


def test_ds4_r32_a10_obstacles() -> None:
    """DS4-R32, DS4-A10: −1 per obstacle/ally; a fumble hits a random obstacle."""
    assert obstacle_modifier(2, 1) == -3
    which, roll, rolls = obstacle_fumble(3, 20, ScriptedRng([2, 20]))
    assert which == 2
    assert (roll.success, roll.result, roll.is_fumble) == (True, 20, False)
    assert [r.sides for r in rolls] == [3, 20]
    assert roll.explanation().render("en") == (
        "PW 20: d20 = 20 ≤ 20 (fumbles excluded): success, result 20"
    )
    _, miss, _ = obstacle_fumble(3, 12, ScriptedRng([1, 20]))
    assert not miss.success


def test_ds4_r34_d15_aiming() -> None:
    """DS4-R34, D15: aim 4 rounds → +8, 7 rounds → +10; move ≤ half."""
    assert (aim_bonus(4), aim_bonus(7)) == (8, 10)
    assert can_aim(2, 5)
    assert can_aim(Fraction(5, 2), 5)
    assert not can_aim(3, 5)


def test_ds4_r35_push_back() -> None:
    """DS4-R35: same or smaller size; follow only without prior movement."""
    assert push_back(Size.NORMAL, Size.SMALL, hit=True, attacker_moved=True) == (
        True,
        False,
    )
    assert push_back(Size.NORMAL, Size.LARGE, hit=True, attacker_moved=False) == (
        False,
        False,
    )
    assert push_back(
        Size.NORMAL, Size.NORMAL, hit=True, attacker_moved=False, blocker_resisted=True
    ) == (False, False)
    assert push_back(Size.NORMAL, Size.NORMAL, hit=False, attacker_moved=False) == (
        False,
        False,
    )


def test_ds4_r15_r16_d28_armour_and_class_limits() -> None:
    """DS4-R15, DS4-R16, D28: class limits; plate on a wizard: −8 spells, −2 AGI."""
    assert armour_penalties(BaseClass.WIZARD, ArmourKind.PLATE, 2) == (-8, -2)
    assert armour_penalties(BaseClass.WARRIOR, ArmourKind.PLATE, 2) == (-2, 0)
    assert armour_penalties(BaseClass.WIZARD, ArmourKind.CLOTH, 1) == (0, 0)
    assert armour_allowed(BaseClass.SCOUT, ArmourKind.CHAIN)
    assert not armour_allowed(BaseClass.SCOUT, ArmourKind.PLATE)
    assert armour_allowed(BaseClass.HEALER, ArmourKind.LEATHER)
    assert not armour_allowed(BaseClass.HEALER, ArmourKind.CHAIN)
    assert armour_allowed(BaseClass.WIZARD, ArmourKind.LEATHER, [ArmourKind.LEATHER])
    assert armour_penalties(
        BaseClass.WIZARD, ArmourKind.LEATHER, 1, [ArmourKind.LEATHER]
    ) == (-1, 0)


def test_ds4_r15_loadout_validation_errors() -> None:
    """DS4-R15: dwarves' weapons, one piece per slot, shield vs two-handed."""
    helmet = ArmourPiece("helmet", "helmet", ArmourKind.PLATE, 1)
    with pytest.raises(RulesError) as err:
        validate_loadout(base_class=BaseClass.WARRIOR, pieces=[helmet, helmet])
    assert (
        str(err.value) == "at most one helmet piece can be worn, got a second: helmet"
    )
    shield = ArmourPiece("wooden shield", "shield", ArmourKind.CLOTH, 1)
    with pytest.raises(RulesError) as err2:
        validate_loadout(base_class=BaseClass.WARRIOR, pieces=[shield], two_handed=True)
    assert str(err2.value) == (
        "a shield cannot be used while carrying a two-handed weapon"
    )
    with pytest.raises(RulesError) as err3:
        validate_loadout(base_class=BaseClass.WARRIOR, weapons=["longbow"], dwarf=True)
    assert str(err3.value) == "dwarves cannot use a longbow (too unwieldy)"
    plate = ArmourPiece("plate armour", "body", ArmourKind.PLATE, 3)
    validate_loadout(base_class=BaseClass.WIZARD, pieces=[plate])  # allowed, penalised
    with pytest.raises(RulesError) as err4:
        validate_loadout(
            base_class=BaseClass.WIZARD, pieces=[plate], enforce_class_limits=True
        )
    assert str(err4.value) == (
        "a wizard may not wear plate armour (plate armour) without the talent Gerüstet"
    )
    validate_loadout(base_class=BaseClass.WARRIOR, weapons=["longbow"], pieces=[plate])


def test_ds4_r12_terrain_halves_or_quarters_move() -> None:
    """DS4-R12: terrain may reduce, halve or quarter Laufen."""
    assert terrain_move(5) == 5
    assert terrain_move(5, Terrain.HALVED) == 2
    assert terrain_move(9, Terrain.QUARTERED) == 2
    assert terrain_move(5, reduction=7) == 0


def test_ds4_r13_actions() -> None:
    """DS4-R13: the listed actions; standing up is an action only in melee."""
    assert len(Action) == 18
    assert Action.STAND_UP.uses_action(in_melee=True)
    assert not Action.STAND_UP.uses_action(in_melee=False)
    assert Action.RUN.uses_action(in_melee=False)
    assert Action.SWITCH_SPELL.value == "Zauber wechseln"


def test_ds4_r17_a11_waking_an_unconscious_character() -> None:
    """DS4-R17, DS4-A11: the unconscious character rolls KÖR+HÄ to wake."""
    woke, roll, rolls = wake_attempt(11, ScriptedRng([9]))
    assert woke
    assert rolls == (DieRoll(20, 9, "wake up"),)
    stays, _, _ = wake_attempt(11, ScriptedRng([12]))
    assert not stays
    assert roll.result == 9


def test_ds4_r11_initiative_rule_on_core_encounter() -> None:
    """DS4-R11: the DS4 rule orders a core encounter; roll-offs are recorded."""
    from rollwerk import Combatant, Encounter

    people = [
        Combatant("Laros", initiative=8),
        Combatant("Lios", initiative=8),
        Combatant("Orc", initiative=5),
    ]
    enc = Encounter.create(
        people, rng=ScriptedRng([7, 12]), initiative=initiative_rule(), round_seconds=5
    )
    assert enc.order == ("Lios", "Laros", "Orc")
    assert [r.face for r in enc.initiative_rolls] == [7, 12]
    surprised = Encounter.create(
        people, rng=ScriptedRng([7, 12]), initiative=initiative_rule(surprising=["Orc"])
    )
    assert surprised.order == ("Orc", "Lios", "Laros")
