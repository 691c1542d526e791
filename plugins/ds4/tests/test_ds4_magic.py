"""DS4 magic: spell bonus, multi-target, switching, cooldown, restraint, wands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Degree, ParameterError, Rounds, RulesError, ScriptedRng
from rollwerk.encounter import GameTime
from rollwerk_ds4 import (
    CasterClass,
    MagicAnalysis,
    Rounding,
    SpellAccess,
    SpellKind,
    can_cast_with_wand,
    can_learn,
    castable,
    cooldown_duration,
    multi_target,
    next_castable_round,
    restrained_value,
    roll_check,
    spell_bonus_from_target,
    spell_pw,
    switch_spell,
)
from rollwerk_ds4 import (
    attack as ds4_attack,
)
from rollwerk_ds4 import (
    check as ds4_check,
)


def test_ds4_r38_e15_e17_spell_kinds() -> None:
    """DS4-R38, E15, E17: a targeted spell's result is damage; a normal spell
    needs only success."""
    firebolt = ds4_attack(attack=16, defense=10).resolve(ScriptedRng([14, 15]))
    assert firebolt.value == 14  # Lios's Abwehr 15 > 10 fails: 14 damage
    sleep = ds4_check(9).resolve(ScriptedRng([4]))
    assert sleep.success
    assert (
        spell_pw(
            SpellKind.TARGETED, spellcasting=16, targeted_spellcasting=14, spell_bonus=2
        )
        == 16
    )


def test_ds4_r39_a09_a22_e16_spell_bonus_from_target() -> None:
    """DS4-R39, DS4-A09, DS4-A22, E16: ZB −(8 + 6)/2 = −7 → PW 9."""
    zb = spell_bonus_from_target(8, 6)
    assert zb == -7
    assert (
        spell_pw(
            SpellKind.NORMAL, spellcasting=16, targeted_spellcasting=0, spell_bonus=zb
        )
        == 9
    )
    assert spell_bonus_from_target(7, 6) == -6
    assert spell_bonus_from_target(7, 6, rounding=Rounding.UP) == -7
    with pytest.raises(ParameterError) as err:
        spell_bonus_from_target(7, divisor=0)
    assert str(err.value) == "divisor must be an integer >= 1, got 0"


def test_ds4_r40_d20_multi_target() -> None:
    """DS4-R40, D20: Zaubern 16, d = 6; A (ZB −7 → 9) affected, B (−11 → 5) not."""
    results, rolls = multi_target(16, {"A": -7, "B": -11}, ScriptedRng([6]))
    assert {n: r.success for n, r in results.items()} == {"A": True, "B": False}
    assert len(rolls) == 1
    coup, _ = multi_target(16, {"A": -7, "B": -30}, ScriptedRng([1]))
    assert {n: (r.success, r.result) for n, r in coup.items()} == {
        "A": (True, 9),
        "B": (True, 1),
    }
    fumble, _ = multi_target(16, {"A": 4}, ScriptedRng([20]))
    assert not fumble["A"].success  # (PW 26 needs 2 d20: refused, DS4-A21)


def test_ds4_r40_multi_target_positive_spell_bonus() -> None:
    """DS4-R40/R39: a positive ZB lets a target succeed on a die above base_pw."""
    results, _ = multi_target(10, {"A": 3, "B": -2}, ScriptedRng([12]))
    a, b = results["A"], results["B"]
    assert (a.success, a.degree, a.result) == (True, Degree.SUCCESS, 12)
    assert a.explanation().render("en") == "PW 13: d20 = 12 ≤ 13: success, result 12"
    assert a.explanation().render("de") == "PW 13: W20 = 12 ≤ 13: Erfolg, Ergebnis 12"
    assert (b.success, b.degree, b.result) == (False, Degree.FAILURE, 0)


def test_ds4_a21_multi_target_above_20() -> None:
    """DS4-A21: above 20 the same dice are re-assigned per target's PW."""
    results, _ = multi_target(44, {"A": 0, "B": -3}, ScriptedRng([2, 1, 17]))
    assert results["A"].result == 39
    assert results["B"].result == 20 + 17  # sub-checks 20, 20, 1: 2 → 1 fails
    with pytest.raises(RulesError) as err:
        multi_target(44, {"A": -30}, ScriptedRng([2, 1, 17]))
    assert str(err.value) == (
        "target A: PW 14 needs 1 d20, the roll at PW 44 has 3; roll separately"
    )


def test_ds4_r41_a20_e18_switching_spells() -> None:
    """DS4-R41, DS4-A20, E18: success costs the action; a coup is free."""
    ok, _ = roll_check(10, ScriptedRng([7]))
    switched = switch_spell("Einschläfern", "Heilende Hand", ok)
    assert (switched.active, switched.action_spent, switched.switched) == (
        "Heilende Hand",
        True,
        True,
    )
    coup, _ = roll_check(10, ScriptedRng([1]))
    assert not switch_spell("Einschläfern", "Heilende Hand", coup).action_spent
    fail, _ = roll_check(10, ScriptedRng([15]))
    kept = switch_spell("Einschläfern", "Heilende Hand", fail)
    assert (kept.active, kept.action_spent, kept.switched) == (
        "Einschläfern",
        True,
        False,
    )
    fumble, _ = roll_check(10, ScriptedRng([20]))
    assert (
        switch_spell("Einschläfern", "Heilende Hand", fumble).active == "Einschläfern"
    )


def test_ds4_r42_a18_d24_cooldown() -> None:
    """DS4-R42, DS4-A18, D24: cast in round 3, cooldown 10 → from round 14."""
    assert next_castable_round(3, 10) == 14
    assert next_castable_round(3, 0) == 4  # Heilende Hand: every round
    assert not castable(13, cast_round=3, cooldown=10)
    assert castable(14, cast_round=3, cooldown=10)
    assert castable(1, cast_round=None, cooldown=10)  # a failed cast starts none
    assert cooldown_duration(rounds=10) == Rounds(11)
    assert cooldown_duration(hours=2) == GameTime.hours(2)
    with pytest.raises(ParameterError) as err:
        cooldown_duration()
    assert (
        str(err.value) == "rounds/hours must be exactly one of them, got (None, None)"
    )


@given(t=st.integers(0, 50), c=st.integers(0, 50), later=st.integers(0, 120))
def test_ds4_r42_invariant_castable(t: int, c: int, later: int) -> None:
    """Invariant: castable(t') ⇔ t' ≥ t + c + 1 after a success in round t."""
    assert castable(later, cast_round=t, cooldown=c) == (later >= t + c + 1)


def test_ds4_r43_access_levels() -> None:
    """DS4-R43: minimum levels per caster class; "–" cannot learn."""
    access = SpellAccess(healer=1, sorcerer=None, wizard=5)
    assert can_learn(access, CasterClass.HEALER, 1)
    assert not can_learn(access, CasterClass.SORCERER, 20)
    assert not can_learn(access, CasterClass.WIZARD, 4)
    assert can_learn(access, CasterClass.WIZARD, 5)


def test_ds4_r44_d19_bound_and_gagged() -> None:
    """DS4-R44, DS4-A09, D19: 16 bound → 8; bound and gagged → 4; 15 bound → 7."""
    assert restrained_value(16, bound=True) == 8
    assert restrained_value(16, gagged=True) == 8
    assert restrained_value(16, bound=True, gagged=True) == 4
    assert restrained_value(15, bound=True) == 7
    assert restrained_value(16, bound=True, gagged=True, knowledge_ranks=1) == 8
    assert restrained_value(16, bound=True, gagged=True, knowledge_ranks=2) == 16
    assert restrained_value(16, bound=True, knowledge_ranks=2) == 16
    with pytest.raises(ParameterError) as err:
        restrained_value(16, knowledge_ranks=3)
    assert str(err.value) == "knowledge_ranks must be 0, 1 or 2, got 3"


def test_ds4_r45_analysing_magic() -> None:
    """DS4-R45: sense within level metres, identify after sensing, once per level."""
    record = MagicAnalysis()
    with pytest.raises(RulesError) as err:
        record.identify(level=3, touching=True, success=True)
    assert str(err.value) == "a magic must be sensed before it can be identified"
    with pytest.raises(RulesError) as err2:
        record.sense(level=3, distance_m=4, success=True)
    assert str(err2.value) == "magic can be sensed within 3 m (the level), got 4 m"
    failed = record.sense(level=3, distance_m=2, success=False)
    with pytest.raises(RulesError) as err3:
        failed.sense(level=3, distance_m=2, success=True)
    assert str(err3.value) == (
        "sensing this magic was tried at level 3; try again after gaining a level"
    )
    sensed = failed.sense(level=4, distance_m=2, success=True)
    assert sensed.sensed
    with pytest.raises(RulesError):
        sensed.identify(level=4, touching=False, success=True)
    known = sensed.identify(level=4, touching=True, success=True)
    assert known.identified


def test_ds4_r46_wands() -> None:
    """DS4-R46: a known spell's wand casts it without switching."""
    assert can_cast_with_wand(
        "Feuerball", known_spells=["Feuerball"], wand_spell="Feuerball"
    )
    assert not can_cast_with_wand("Feuerball", known_spells=[], wand_spell="Feuerball")
    assert not can_cast_with_wand(
        "Feuerball", known_spells=["Feuerball"], wand_spell="Blitz"
    )


def test_ds4_r42_cooldown_on_core_encounter() -> None:
    """DS4-R42, DS4-A18, D24: on a core encounter the cooldown of a cast in
    round 3 with cooldown 10 is over at the start of the caster's turn in
    round 14, not before."""
    from rollwerk import Encounter

    enc = Encounter.create(["Lios", "Orc"], round_seconds=5)
    while (enc.round, enc.current) != (3, "Lios"):
        enc = enc.advance().state
    enc = enc.add_effect(
        "cooldown: Feuerstrahl",
        source="Lios",
        target="Lios",
        duration=cooldown_duration(rounds=10),
    ).state
    seen: dict[int, bool] = {}
    while enc.round < 15:
        enc = enc.advance().state
        if enc.current == "Lios":
            seen[enc.round] = bool(enc.effects_on("Lios"))
            assert seen[enc.round] == (
                not castable(enc.round, cast_round=3, cooldown=10)
            )
    assert seen[13]
    assert not seen[14]
