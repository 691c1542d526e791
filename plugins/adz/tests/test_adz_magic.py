"""Tests of magic: spell parameters, power costs, durations, concentration, trivial spells."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Combatant,
    Effect,
    Encounter,
    LimitExceeded,
    Modifier,
    ParameterError,
    RulesError,
    ScriptedRng,
)
from rollwerk.encounter import Concentration, GameTime, Instant, Permanent
from rollwerk_adz import (
    ADZ,
    STANDARD_SCALE,
    ActiveSpell,
    CheckKind,
    ConcentrationEffect,
    LinearCost,
    LinearRule,
    ListedCosts,
    SpellSpec,
    Technique,
    adz_check,
    concentration_modifiers,
    duration_for_kp,
    kp_for_magnitude,
    may_skip_roll,
    pool_of,
    spell_pool,
    standard_scale,
    surplus,
    threshold_of,
    trivial_result,
)


def test_adz_r02_a24_techniques() -> None:
    """ADZ-R02, A24: seven techniques by role; German names only where shown."""
    assert [t.value for t in Technique] == [
        "control",
        "perceive",
        "create",
        "modify",
        "store",
        "transport",
        "destroy",
    ]
    assert Technique.DESTROY.label is not None
    assert Technique.DESTROY.label("de") == "zerstören"
    assert Technique.STORE.label is None


def test_adz_r29_v3_standard_scale() -> None:
    """ADZ-R29, V3: the standard scale for k = 1..13."""
    assert [standard_scale(k) for k in range(1, 14)] == [
        1, 2, 4, 8, 15, 30, 75, 150, 300, 600, 1200, 2500, 5000,
    ]  # fmt: skip
    assert tuple(standard_scale(k) for k in range(1, 14)) == STANDARD_SCALE


def test_adz_a16_scale_continues_by_doubling() -> None:
    """ADZ-A16: beyond 5,000 the scale doubles: 10,000, 20,000, …"""
    assert [standard_scale(k) for k in (14, 15, 16)] == [10000, 20000, 40000]
    assert kp_for_magnitude(5001) == 14
    assert kp_for_magnitude(20000) == 15
    with pytest.raises(LimitExceeded):
        kp_for_magnitude(10**400)


def test_adz_r29_v4_magnitude_between_steps() -> None:
    """ADZ-R29, V4: magnitude 20 costs 6 KP (S(5) = 15 < 20 <= S(6) = 30)."""
    assert kp_for_magnitude(20) == 6
    assert kp_for_magnitude(30) == 6
    assert kp_for_magnitude(Fraction(1, 2)) == 1
    with pytest.raises(ParameterError) as err:
        kp_for_magnitude(0)
    assert str(err.value) == "magnitude must be an integer or a Fraction > 0, got 0"


@given(m=st.integers(1, 10**7))
def test_adz_r29_invariant_kp_monotone(m: int) -> None:
    """ADZ §4: kp_for_magnitude is non-decreasing; S(k) >= m > S(k-1)."""
    k = kp_for_magnitude(m)
    assert kp_for_magnitude(m + 1) >= k
    assert standard_scale(k) >= m
    if k > 1:
        assert standard_scale(k - 1) < m


def test_adz_r27_v1_v2_linear_cost() -> None:
    """ADZ-R27, V1/V2: 1 KP = 1 sense for 1 minute; 2 senses 1 min → 2; 30 s → 1."""
    senses = LinearCost(1, {"senses": 1, "seconds": 60})
    assert senses.kp_for({"senses": 2, "seconds": 60}) == 2
    assert senses.kp_for({"senses": 2, "seconds": 30}) == 1


def test_adz_a17_fractional_cost_rounds_up() -> None:
    """ADZ-A17: 1 sense for 90 s costs 2 KP (rounded up)."""
    senses = LinearCost(1, {"senses": 1, "seconds": 60})
    assert senses.exact({"senses": 1, "seconds": 90}) == Fraction(3, 2)
    assert senses.kp_for({"senses": 1, "seconds": 90}) == 2
    with pytest.raises(ParameterError) as err:
        senses.kp_for({"senses": 1})
    assert str(err.value) == (
        "amounts must be exactly the magnitudes ['seconds', 'senses'], got ['senses']"
    )


def test_adz_r29_explicit_linear_rule() -> None:
    """ADZ-R29: "for each further KP the radius grows by 5 m"."""
    rule = LinearRule(first=5, step=5)
    assert [rule.magnitude(k) for k in (1, 2, 3)] == [5, 10, 15]
    assert rule.kp_for(5) == 1
    assert rule.kp_for(11) == 3


def test_adz_r25_a15_spell_pool() -> None:
    """ADZ-R25, A15: pool = primary domain + primary technique; 'lowest' variant."""
    assert spell_pool([6, 3], [2, 5]) == 8
    assert spell_pool([6, 3], [2, 5], lowest=True) == 5
    spec = SpellSpec(
        "Metall",
        "destroy",
        threshold=2,
        kp=4,
        other_domains=("Erde",),
        other_techniques=("modify",),
    )
    check = spec.check(5, 3, supporters=(4,))
    assert (check.parameters["kind"], pool_of(check), threshold_of(check)) == (
        CheckKind.SPELL.value,
        10,
        2,
    )
    assert spec.other_techniques == (Technique.MODIFY,)


def test_adz_r26_threshold_validated() -> None:
    """ADZ-R26, A03: a spell threshold is at least 1."""
    with pytest.raises(ParameterError) as err:
        SpellSpec("Feuer", Technique.CREATE, threshold=0)
    assert str(err.value) == "threshold must be an integer >= 1, got 0"


def test_adz_r30_r32_casting_time_then_duration() -> None:
    """ADZ-R30, R32: the effect starts when the casting time ends."""
    spell = ActiveSpell(
        cast_at=10, casting_seconds=30, duration_seconds=duration_for_kp(2, 60)
    )
    assert (spell.starts_at, spell.ends_at) == (40, 160)
    assert not spell.is_active(39)
    assert spell.is_active(40)
    assert not spell.is_active(160)


def test_adz_r32_a18_repowering() -> None:
    """ADZ-R32, A18: an expired spell may be fed new power (a new drain roll only)."""
    spell = ActiveSpell(cast_at=0, casting_seconds=3, duration_seconds=60)
    again = spell.repower(120)
    assert (again.starts_at, again.ends_at, again.powered) == (63, 183, 2)


def test_adz_r32_effect_duration_as_core_duration() -> None:
    """ADZ-R32, R33: spell durations map onto the core's durations."""
    assert SpellSpec(
        "Licht", "create", duration_seconds=600
    ).effect_duration() == GameTime(600)
    assert SpellSpec("Licht", "create").effect_duration() == Instant()
    assert SpellSpec("Stein", "create", permanent=True).effect_duration() == Permanent()
    assert (
        SpellSpec("Luft", "modify", concentration=True).effect_duration()
        == Concentration()
    )


def test_adz_r33_v26_concentration_penalty() -> None:
    """ADZ-R33, V26: action pool 6, two concentration spells → 4 dice."""
    mods = concentration_modifiers(["Barrier", "Light"])
    assert mods == (
        Modifier(-1, "concentration: Barrier", "concentration"),
        Modifier(-1, "concentration: Light", "concentration"),
    )
    assert pool_of(adz_check(dice=6, modifiers=mods)) == 4


def test_adz_a19_concentration_not_on_resistance_or_drain() -> None:
    """ADZ-A19: the penalty applies to actions and reactions only."""
    assert len(concentration_modifiers(["x"], roll="reaction")) == 1
    assert concentration_modifiers(["x"], roll="resistance") == ()
    assert concentration_modifiers(["x"], roll="drain") == ()
    with pytest.raises(ParameterError):
        concentration_modifiers(["x"], roll="sneeze")


def test_adz_r33_concentration_effect_in_encounter() -> None:
    """ADZ-R33: the effect gives −1 die while concentrating and ends with it."""
    effect = ConcentrationEffect("Barrier", "mage")
    assert isinstance(effect, Effect)
    enc = Encounter.for_ruleset(ADZ, [Combatant("mage")], order=["mage"])
    enc = enc.advance().state
    enc = enc.apply_effect(effect).state
    assert enc.modifier_total("mage", "concentration") == -1
    enc = enc.end_concentration("mage").state
    assert enc.modifier_total("mage", "concentration") == 0


def test_adz_r34_a21_surplus() -> None:
    """ADZ-R34, A21: surplus = successes − threshold on success, else 0."""
    assert surplus(5, 2) == 3
    assert surplus(1, 2) == 0


def test_adz_r35_v27_trivial_spell() -> None:
    """ADZ-R35, V27: threshold 1, KP 1, pool 3, not in combat: may skip; 1 success."""
    check = SpellSpec("Licht", "create", threshold=1, kp=1).check(2, 1)
    assert may_skip_roll(threshold_of(check), 1, pool_of(check))
    result = trivial_result(check, kp=1)
    assert (result.success, result.value, result.rolled, result.rolls) == (
        True,
        1,
        False,
        (),
    )
    assert result.extra("trivial") is True
    assert result.explain("de") == (
        "trivialer Zauber: keine Probe, 1 Erfolg, kein geistiger Schaden"
    )


def test_adz_r35_v28_must_roll() -> None:
    """ADZ-R35, V28: threshold 1, KP 1, pool 2 must roll; also in combat/contest/asked."""
    assert not may_skip_roll(1, 1, 2)
    assert not may_skip_roll(1, 1, 5, in_combat=True)
    assert not may_skip_roll(1, 1, 5, contested=True)
    assert not may_skip_roll(1, 1, 5, player_asks=True)
    assert not may_skip_roll(2, 1, 5)
    assert not may_skip_roll(1, 2, 5)
    check = SpellSpec("Licht", "create").check(1, 1)
    with pytest.raises(RulesError) as err:
        trivial_result(check)
    assert str(err.value) == (
        "a spell check may be waived only with threshold <= 1, KP <= 1, at least 3 "
        "dice and outside combat, got threshold 1, KP 1, 2 dice"
    )


def test_adz_a20_trivial_uses_final_pool() -> None:
    """ADZ-A20: "3 or more dice" is the final pool after modifiers."""
    check = SpellSpec("Licht", "create").check(2, 1, modifier=-1)
    assert pool_of(check) == 2
    assert not may_skip_roll(1, 1, pool_of(check))


def test_adz_r34_spell_check_surplus_in_result() -> None:
    """ADZ-R34: a resolved spell check records its surplus for the drain roll."""
    check = SpellSpec("Feuer", "destroy", threshold=2).check(2, 2)
    result = check.resolve(ScriptedRng([5, 6, 6, 2]))
    assert result.extra("surplus") == 1


def test_adz_r28_listed_non_linear_costs() -> None:
    """ADZ-R28: non-linear entries; values between listed points take the higher."""
    costs = ListedCosts({10: 1, 50: 3, 200: 6})
    assert costs.bracket(5) == (1, 1)
    assert costs.bracket(50) == (3, 3)
    assert costs.bracket(51) == (3, 6)
    assert costs.kp_for(51) == 6
    with pytest.raises(RulesError) as err:
        costs.kp_for(201)
    assert str(err.value) == (
        "magnitude must be at most 200 for this listed effect, got 201 (the GM extrapolates)"
    )
    with pytest.raises(ParameterError):
        ListedCosts({10: 3, 50: 1})


def test_adz_r31_saving_roll_recorded_only() -> None:
    """ADZ-R31: a spell on a person allows a saving roll; its rules are missing.

    The flag is recorded on the spell; the spell check itself is unchanged.
    """
    spell = SpellSpec("Humanoid", Technique.CONTROL, threshold=2, saving_roll=True)
    assert spell.saving_roll is True
    plain = attrs.evolve(spell, saving_roll=False)
    assert spell.check(4, 3) == plain.check(4, 3)
