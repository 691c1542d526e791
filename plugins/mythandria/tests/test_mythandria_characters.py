"""Characters and abilities: MY-R01..R03, MY-R12, MY-R13; vectors V1..V4, V26."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Degree,
    Encounter,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
)
from rollwerk.dice import DieRoll
from rollwerk.encounter import GameTime
from rollwerk_mythandria import (
    RULESET,
    Ability,
    Attribute,
    Character,
    DifficultyPreset,
    HoldingBreath,
    attribute_points,
    fixed_modifier,
    preparation_hours,
    preparation_window,
)


def test_my_r01_v1_new_character() -> None:
    """MY-R01 / V1: a new character has Body 35 and Mind 35."""
    hero = Character()
    assert (hero.body, hero.mind) == (35, 35)
    assert hero.value(Attribute.BODY) == 35


def test_my_r02_v2_new_character_points() -> None:
    """MY-R02 / V2: 400 total XP give 20 attribute points."""
    assert Character().attribute_points == 20
    assert attribute_points(400) == 20


@pytest.mark.parametrize(
    ("xp", "points"), [(0, 0), (19, 0), (20, 1), (399, 19), (419, 20), (420, 21)]
)
def test_my_r02_v3_attribute_points(xp: int, points: int) -> None:
    """MY-R02 / V3: floor(total XP / 20)."""
    assert attribute_points(xp) == points


@given(xp=st.integers(0, 10_000))
def test_my_r02_points_step_every_20_xp(xp: int) -> None:
    """MY-R02 invariant: non-decreasing, stepping up exactly every 20 XP."""
    step = attribute_points(xp + 1) - attribute_points(xp)
    assert step == (1 if (xp + 1) % 20 == 0 else 0)


def test_my_r01_r02_spending_points() -> None:
    """MY-R01 / MY-R02 / MY-A12: points are spent up to 100, never beyond."""
    hero = Character(total_xp=2000)  # 100 points
    hero = hero.raise_attribute(Attribute.BODY, 65)
    assert (hero.body, hero.spent_points, hero.unspent_points) == (100, 65, 35)
    with pytest.raises(RulesError) as info:
        hero.raise_attribute(Attribute.BODY)
    assert str(info.value) == (
        "body can be raised to at most 100 by spending points, got 100 + 1 = 101"
    )
    poor = Character()
    with pytest.raises(RulesError) as info:
        poor.raise_attribute(Attribute.MIND, 21)
    assert str(info.value) == (
        "raising mind by 21 needs 21 attribute points, but only 20 are unspent"
    )
    with pytest.raises(ParameterError) as exc:
        poor.raise_attribute(Attribute.MIND, 0)
    assert str(exc.value) == "points must be an integer >= 1, got 0"


def test_my_r02_xp_spent_elsewhere_still_counts() -> None:
    """MY-R02: total XP only grows, and every 20 of them add a point."""
    hero = Character().gain_xp(25)
    assert (hero.total_xp, hero.attribute_points) == (425, 21)
    with pytest.raises(ParameterError) as info:
        hero.gain_xp(-5)
    assert str(info.value) == "xp must be an integer >= 0, got -5"


def test_my_r01_a12_invalid_characters() -> None:
    """MY-R01 / MY-A12: attributes 35..100 and points within the XP."""
    with pytest.raises(ParameterError) as info:
        Character(body=101, total_xp=5000)
    assert str(info.value) == "body must be an integer from 35 to 100, got 101"
    with pytest.raises(ParameterError) as info:
        Character(mind=30)
    assert str(info.value) == "mind must be an integer from 35 to 100, got 30"
    with pytest.raises(RulesError) as exc:
        Character(body=50, mind=50)
    assert str(exc.value) == (
        "body 50 and mind 50 need 30 attribute points, but 400 total XP give only 20"
    )
    with pytest.raises(ParameterError) as info:
        Character(total_xp=-1)
    assert str(info.value) == "total_xp must be an integer >= 0, got -1"


def test_my_r05_v14_character_check_value() -> None:
    """MY-R05 / V14: mind 60, "hard", a fixed item bonus +10: pw 45."""
    hero = Character(mind=60, total_xp=500)
    item = fixed_modifier(10, "focus crystal", "item")
    assert hero.check_value(Attribute.MIND, DifficultyPreset.HARD, [item]) == 45


def test_my_r03_v4_holding_breath() -> None:
    """MY-R03 / V4 / MY-A07: Body 35 holds its breath 105 s, then dies."""
    hero = Character()
    assert hero.breath_seconds == 105
    assert hero.survives_without_air(105)
    assert not hero.survives_without_air(Fraction(211, 2))
    assert hero.breath_duration() == GameTime(105)
    with pytest.raises(ParameterError) as info:
        hero.survives_without_air(-1)
    assert str(info.value) == "seconds must be an int or Fraction >= 0, got -1"


def test_my_r03_v4_holding_breath_in_an_encounter() -> None:
    """MY-R03 / V4: as an encounter effect, holding breath runs 105 game seconds."""
    rs = RULESET
    enc = Encounter.for_ruleset(rs, ["Mira"])
    enc, _ = enc.advance()
    effect = HoldingBreath.of("Mira", Character())
    enc, events = enc.apply_effect(effect)
    assert enc.conditions("Mira") == ("holding_breath",)
    # 6 s rounds: the clock reaches 102 s after 17 more rounds, 108 s after 18
    enc, _ = enc.advance(17)
    assert enc.remaining("e1") == Fraction(3)
    enc, events = enc.advance()
    assert "EffectExpired" in [type(e).__name__ for e in events]
    assert enc.conditions("Mira") == ()


# -- abilities -------------------------------------------------------------------


def test_my_r12_abilities_work_automatically() -> None:
    """MY-R12: an ability without a check works; nothing is rolled."""
    result = Ability("Night vision").use()
    assert (result.success, result.degree, result.rolled, result.rolls) == (
        True,
        Degree.SUCCESS,
        False,
        (),
    )
    assert (
        result.explain("de") == "Night vision wirkt automatisch (keine Probe verlangt)"
    )


def test_my_r12_ability_with_a_check() -> None:
    """MY-R12: if a check is asked for, it is a decision check."""
    climb = Ability("Climbing", needs_check=True)
    result = climb.use(ScriptedRng([40]), pw=45)
    assert result.success
    assert result.rolls == (DieRoll(100, 40, "check"),)
    assert result.explain() == "Climbing: d100 rolled 40 against PW 45: success"
    with pytest.raises(ParameterError) as info:
        climb.use(ScriptedRng([40]))
    assert (
        str(info.value)
        == "pw must be an integer, because Climbing asks for a check, got None"
    )
    with pytest.raises(ParameterError) as info:
        climb.use(pw=40)
    assert (
        str(info.value)
        == "rng must be an Rng, because Climbing asks for a check, got None"
    )


@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_my_r13_v26_preparation_window(face: int) -> None:
    """MY-R13 / V26: the GM may grant 1d4 hours per day."""
    meditation = Ability("Rhu meditation", needs_preparation=True)
    window = meditation.prepare(ScriptedRng([face]))
    assert (window.granted, window.hours) == (True, face)
    assert window.rolls == (DieRoll(4, face, "preparation"),)


def test_my_r13_a13_preparation_details() -> None:
    """MY-R13 / MY-A13: withheld windows roll nothing; exact odds 1/4 each."""
    withheld = preparation_window(ScriptedRng([]), granted=False)
    assert (withheld.hours, withheld.rolls) == (0, ())
    assert withheld.explain() == "no preparation time granted today"
    assert preparation_window(ScriptedRng([1])).explain() == (
        "1d4 rolled 1: 1 hour of preparation time"
    )
    assert preparation_hours().support == (1, 2, 3, 4)
    assert all(p == Fraction(1, 4) for _, p in preparation_hours().items())
    with pytest.raises(RulesError) as info:
        Ability("Night vision").prepare(SeededRng(1))
    assert str(info.value) == "Night vision needs no preparation time"
    with pytest.raises(ParameterError) as exc:
        Ability("")
    assert str(exc.value) == "name must be a non-empty string, got ''"
