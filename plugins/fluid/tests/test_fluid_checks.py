"""Fluid single checks: rules FL-R01–FL-R09 and test vectors V1–V15, V22."""

from __future__ import annotations

import pytest

import rollwerk
from rollwerk import (
    CheckResult,
    Degree,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
)
from rollwerk.checks import FaceCheck
from rollwerk.dice import DieRoll
from rollwerk.errors import UnknownCheck
from rollwerk_fluid import (
    FLUID,
    FluidOutcome,
    Reward,
    chance,
    effective_chance,
    fluid_check,
    overflow,
    repeat,
)


def kind(result: CheckResult) -> FluidOutcome:
    return FluidOutcome.of(result)


# -- test vectors ------------------------------------------------------------


def test_v1_fl_r04_r05_success_quality_is_the_die() -> None:
    """V1 (FL-R01, FL-R04, FL-R05): attribute 3 + trait 4 (C 7), d 5."""
    check = fluid_check(attribute=3, trait=4, modifier=0)
    assert chance(check) == 7
    r = check.resolve(ScriptedRng([5]))
    assert kind(r) is FluidOutcome.SUCCESS
    assert (r.success, r.degree, r.value) == (True, Degree.SUCCESS, 5)
    assert r.rolls == (DieRoll(10, 5, "check"),)
    assert r.explain() == (
        "chance 7 (attribute 3 + trait 4): rolled 5 ≤ 7: success, quality 5"
    )
    assert r.explain("de") == (
        "Erfolgschance 7 (Attribut 3 + Merkmal 4): 5 gewürfelt ≤ 7: Erfolg, "
        "Erfolgsqualität 5"
    )


def test_v2_fl_r04_failure_above_chance() -> None:
    """V2 (FL-R04): C 7, d 8 fails; a failure has no quality (FL-R05)."""
    r = fluid_check(attribute=3, trait=4).resolve(ScriptedRng([8]))
    assert kind(r) is FluidOutcome.FAILURE
    assert (r.success, r.degree, r.value, r.rolled) == (
        False,
        Degree.FAILURE,
        None,
        True,
    )
    assert r.extra("side_effect") is False
    assert r.explain() == "chance 7 (attribute 3 + trait 4): rolled 8 > 7: failure"
    assert r.explain("de") == (
        "Erfolgschance 7 (Attribut 3 + Merkmal 4): 8 gewürfelt > 7: misslungen"
    )


def test_v3_fl_r04_die_equal_to_chance_succeeds() -> None:
    """V3 (FL-R04): C 7, d 7 is a success with quality 7."""
    r = fluid_check(attribute=3, trait=4).resolve(ScriptedRng([7]))
    assert (kind(r), r.value) == (FluidOutcome.SUCCESS, 7)


def test_v4_fl_r06_critical_doubles_quality() -> None:
    """V4 (FL-R06): C 7, d 1, fate 3 → critical, Q = 2 × 1 = 2."""
    r = fluid_check(attribute=3, trait=4).resolve(ScriptedRng([1, 3]))
    assert kind(r) is FluidOutcome.CRITICAL
    assert (r.success, r.degree, r.value) == (True, Degree.CRITICAL_SUCCESS, 2)
    assert r.rolls == (DieRoll(10, 1, "check"), DieRoll(10, 3, "fate"))
    assert r.explain() == (
        "chance 7 (attribute 3 + trait 4): rolled 1, fate roll 3 (1–5): critical "
        "success, quality 2 × 1 = 2"
    )
    assert r.explain("de") == (
        "Erfolgschance 7 (Attribut 3 + Merkmal 4): 1 gewürfelt, Schicksalswurf 3 "
        "(1–5): Kritischer Erfolg, Erfolgsqualität 2 × 1 = 2"
    )


def test_fl_r06_fate_roll_never_chains() -> None:
    """FL-R06: a fate roll of 1 is a critical; it starts no further roll."""
    rng = ScriptedRng([1, 1, 1])
    r = fluid_check(attribute=7).resolve(rng)
    assert (kind(r), r.value, rng.remaining) == (FluidOutcome.CRITICAL, 2, 1)


def test_v5_fl_r06_fumble_fails_with_side_effect() -> None:
    """V5 (FL-R06, FL-R07): C 7, d 1, fate 7 → fumble with a side effect."""
    r = fluid_check(attribute=3, trait=4).resolve(ScriptedRng([1, 7]))
    assert kind(r) is FluidOutcome.FUMBLE
    assert (r.success, r.degree, r.value) == (False, Degree.CRITICAL_FAILURE, None)
    assert r.extra("side_effect") is True
    assert r.explain() == (
        "chance 7 (attribute 3 + trait 4): rolled 1, fate roll 7 (6–10): fumble, "
        "the check fails with a harmful side effect"
    )
    assert r.explain("de") == (
        "Erfolgschance 7 (Attribut 3 + Merkmal 4): 1 gewürfelt, Schicksalswurf 7 "
        "(6–10): Patzer, die Probe misslingt mit einem widrigen Nebeneffekt"
    )


def test_v6_fl_r05_overflow_adds_to_quality() -> None:
    """V6 (FL-R05): C 13, d 6 → Q = 6 + 3 = 9."""
    r = fluid_check(attribute=4, trait=6, modifier=3).resolve(ScriptedRng([6]))
    assert (kind(r), r.value) == (FluidOutcome.SUCCESS, 9)
    assert r.explain() == (
        "chance 13 (attribute 4 + trait 6 + modifier 3): rolled 6 ≤ 13: success, "
        "quality 6 + 3 overflow = 9"
    )
    assert r.explain("de").endswith("Erfolgsqualität 6 + 3 Überschuss = 9")


def test_v7_fl_r05_die_ten_with_overflow() -> None:
    """V7 (FL-R05): C 13, d 10 → Q = 13."""
    r = fluid_check(attribute=13).resolve(ScriptedRng([10]))
    assert (kind(r), r.value) == (FluidOutcome.SUCCESS, 13)


def test_v8_fl_r06_fl_a01_critical_doubles_overflow() -> None:
    """V8 (FL-R06, FL-A01): C 13, d 1, fate 2 → Q = 2 × (1 + 3) = 8."""
    r = fluid_check(attribute=13).resolve(ScriptedRng([1, 2]))
    assert (kind(r), r.value) == (FluidOutcome.CRITICAL, 8)
    assert r.explain().endswith("quality 2 × (1 + 3 overflow) = 8")


def test_v9_fl_r06_fumble_even_above_ten() -> None:
    """V9 (FL-R06, FL-A01): C 13, d 1, fate 9 → fumble although C > 10."""
    r = fluid_check(attribute=13).resolve(ScriptedRng([1, 9]))
    assert kind(r) is FluidOutcome.FUMBLE
    assert not r.success


def test_v10_fl_r03_no_roll_at_zero_chance() -> None:
    """V10 (FL-R03): attribute 2, trait 1, modifier −3 → C 0: no roll."""
    rng = ScriptedRng([5])
    r = fluid_check(attribute=2, trait=1, modifier=-3).resolve(rng)
    assert rng.used == 0
    assert kind(r) is FluidOutcome.NO_ROLL
    assert (r.success, r.degree, r.value, r.rolled, r.rolls) == (
        False,
        Degree.FAILURE,
        None,
        False,
        (),
    )
    assert r.extra("side_effect") is False
    assert r.explain() == (
        "chance 0 (attribute 2 + trait 1 − modifier 3) is 0 or less: no roll, the "
        "task is too hard: failure"
    )
    assert r.explain("de") == (
        "Erfolgschance 0 (Attribut 2 + Merkmal 1 − Modifikator 3) ist 0 oder "
        "kleiner: kein Wurf, die Aufgabe ist zu schwer: misslungen"
    )


def test_fl_r03_negative_chance_is_no_roll_too() -> None:
    """FL-R03: C < 0 is a no-roll failure as well, with one outcome."""
    check = fluid_check(attribute=1, modifier=-9)
    assert kind(check.resolve(ScriptedRng([]))) is FluidOutcome.NO_ROLL
    assert len(check.outcomes()) == 1


def test_v11_fl_a03_fate_roll_at_chance_one() -> None:
    """V11 (FL-A03): C 1, d 1, fate 5 → critical, Q = 2."""
    r = fluid_check(attribute=1).resolve(ScriptedRng([1, 5]))
    assert (kind(r), r.value) == (FluidOutcome.CRITICAL, 2)


def test_v12_fl_r09_handicap_up_to_overflow_is_neutral() -> None:
    """V12 (FL-R09, FL-R05): C 14, h 4 (roll at 10), d 6, reward (a) → Q 10."""
    check = fluid_check(attribute=14, handicap=4, reward=Reward.QUALITY)
    assert (chance(check), effective_chance(check)) == (14, 10)
    r = check.resolve(ScriptedRng([6]))
    assert (kind(r), r.value) == (FluidOutcome.SUCCESS, 10)
    assert r.value == fluid_check(attribute=14).resolve(ScriptedRng([6])).value
    assert r.explain() == (
        "chance 10 (attribute 14 − self-imposed difficulty 4): rolled 6 ≤ 10: "
        "success, quality 6 + 4 self-imposed = 10"
    )
    assert r.explain("de") == (
        "Erfolgschance 10 (Attribut 14 − Selbsterschwernis 4): 6 gewürfelt ≤ 10: "
        "Erfolg, Erfolgsqualität 6 + 4 Selbsterschwernis = 10"
    )


def test_v13_fl_r09_failed_handicap_gives_nothing() -> None:
    """V13 (FL-R09): C 14, h 6 (roll at 8), d 9 → failure, no reward."""
    r = fluid_check(attribute=14, handicap=6).resolve(ScriptedRng([9]))
    assert (kind(r), r.value) == (FluidOutcome.FAILURE, None)


def test_v14_fl_r09_reward_a_restores_quality() -> None:
    """V14 (FL-R09): C 14, h 6, d 8, reward (a) → Q = 8 + 6 = 14."""
    r = fluid_check(attribute=14, handicap=6).resolve(ScriptedRng([8]))
    assert (kind(r), r.value) == (FluidOutcome.SUCCESS, 14)


def test_fl_r09_other_rewards_leave_quality_alone() -> None:
    """FL-R09: rewards (b)–(e) do not add h to this check's quality."""
    for reward in list(Reward)[1:]:
        r = fluid_check(attribute=14, handicap=6, reward=reward).resolve(
            ScriptedRng([8])
        )
        assert r.value == 8


def test_fl_r09_a02_reward_a_counts_before_doubling() -> None:
    """FL-R09, FL-A02: reward (a) is doubled on a critical: 2 × (1 + 0 + 6)."""
    r = fluid_check(attribute=14, handicap=6).resolve(ScriptedRng([1, 1]))
    assert (kind(r), r.value) == (FluidOutcome.CRITICAL, 14)


def test_v15_fl_r09_handicap_may_not_reach_zero() -> None:
    """V15 (FL-R09): C 5, h 5 is not allowed (C − h = 0)."""
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=5, handicap=5)
    assert str(info.value) == (
        "handicap must be an integer from 0 to 4 (the chance is 5; the chance "
        "after a self-imposed difficulty must stay above 0), got 5"
    )
    with pytest.raises(ParameterError) as info:
        rollwerk.build_check(FLUID, "check", attribute=0, handicap=1)
    assert str(info.value) == (
        "handicap must be 0 (the chance is 0, too low for a self-imposed "
        "difficulty), got 1"
    )
    assert effective_chance(fluid_check(attribute=5, handicap=4)) == 1


def test_v22_fl_r08_equipment_after_doubling() -> None:
    """V22 (FL-R08, FL-A02): Q 5 + 2 = 7; a critical 2 × 1 + 2 = 4."""
    check = fluid_check(attribute=7, equipment=2)
    r = check.resolve(ScriptedRng([5]))
    assert r.value == 7
    assert r.explain().endswith("quality 5 + 2 equipment = 7")
    r = check.resolve(ScriptedRng([1, 4]))
    assert (kind(r), r.value) == (FluidOutcome.CRITICAL, 4)
    assert r.explain().endswith("quality 2 × 1 + 2 equipment = 4")
    assert r.explain("de").endswith("Erfolgsqualität 2 × 1 + 2 Ausrüstung = 4")


def test_fl_r08_equipment_does_nothing_on_failure() -> None:
    """FL-R08: equipment gives no quality to failures or fumbles."""
    check = fluid_check(attribute=7, equipment=2)
    assert check.resolve(ScriptedRng([9])).value is None
    assert check.resolve(ScriptedRng([1, 9])).value is None


def test_fl_a04_critical_without_doubling() -> None:
    """FL-A04: the GM may grant another bonus instead of doubling."""
    check = fluid_check(attribute=13, double_critical=False)
    r = check.resolve(ScriptedRng([1, 2]))
    assert (r.degree, r.value) == (Degree.CRITICAL_SUCCESS, 4)
    assert r.explain().endswith("quality 1 + 3 overflow = 4")


def test_fl_r01_chance_is_the_sum() -> None:
    """FL-R01, FL-A10: C = attribute + trait + modifier; trait defaults to 0."""
    assert chance(fluid_check(attribute=3)) == 3
    assert chance(fluid_check(attribute=3, trait=2, modifier=-6)) == -1


def test_fl_r02_free_modifiers_are_accepted() -> None:
    """FL-R02: modifiers outside the ±3 steps are allowed."""
    r = fluid_check(attribute=3, trait=2, modifier=2).resolve(ScriptedRng([7]))
    assert r.success
    assert r.explain().startswith("chance 7 (attribute 3 + trait 2 + modifier 2)")


# -- judge, replay, JSON -----------------------------------------------------


def test_result_for_gives_the_result_for_faces() -> None:
    """FL-R04–FL-R06: result_for() classifies faces without an Rng."""
    check = fluid_check(attribute=7)
    assert check.result_for((5,)) == check.resolve(ScriptedRng([5]))
    assert check.result_for((1, 8)) == check.resolve(ScriptedRng([1, 8]))
    assert fluid_check(attribute=0).result_for(()).rolled is False


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        (
            (1,),
            (
                "faces must be the faces drawn until the check is settled "
                "(2 of 2 dice), got (1,)"
            ),
        ),
        (
            (4, 2),
            (
                "faces must be the faces drawn until the check is settled "
                "(1 of 2 dice), got (4, 2)"
            ),
        ),
        ((), "faces must be one face per die (2 dice), got ()"),
        ((11,), "faces must be faces from 1 to 10, got (11,)"),
        (
            (1, 0),
            "faces must be faces from 1 to 10 (the 2nd die's 0 is not), got (1, 0)",
        ),
    ],
)
def test_result_for_rejects_impossible_faces(
    faces: tuple[int, ...], message: str
) -> None:
    """The fate die is drawn after a natural 1 and only then (FL-R06)."""
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=7).result_for(faces)
    assert str(info.value) == message


def test_result_for_no_roll_check_takes_no_die() -> None:
    """FL-R03: at C ≤ 0 no die is rolled."""
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=0).result_for((3,))
    assert str(info.value) == "faces must be one face per die (0 dice), got (3,)"


@pytest.mark.parametrize("seed", range(30))
def test_results_replay_and_round_trip(seed: int) -> None:
    """Every die is recorded; a ScriptedRng replays; JSON round-trips."""
    check = fluid_check(attribute=6, trait=3, handicap=2, equipment=1)
    r = check.resolve(SeededRng(seed))
    assert check.resolve(ScriptedRng([d.face for d in r.rolls])) == r
    assert CheckResult.from_json(r.to_json()) == r
    assert r.outcome() in check.outcomes().support
    assert (r.ruleset, r.check) == ("fluid", "check")


# -- parameters ----------------------------------------------------------------


def test_build_check_declares_and_validates() -> None:
    check = rollwerk.build_check(FLUID, "check", attribute=3, trait=4)
    assert isinstance(check, FaceCheck)
    assert (check.ruleset, check.name) == ("fluid", "check")
    assert dict(check.parameters) == {
        "attribute": 3,
        "trait": 4,
        "modifier": 0,
        "rewards": 0,
        "handicap": 0,
        "reward": "quality",
        "equipment": 0,
        "repetition": 0,
        "double_critical": True,
    }
    assert rollwerk.build_check(FLUID, attribute=3) == fluid_check(attribute=3)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "attribute is required (an integer from 0 to 20)"),
        ({"attribute": 21}, "attribute must be an integer from 0 to 20, got 21"),
        (
            {"attribute": 3, "trait": -1},
            "trait must be an integer from 0 to 20, got -1",
        ),
        (
            {"attribute": 3, "modifier": 61},
            "modifier must be an integer from -60 to 60, got 61",
        ),
        (
            {"attribute": 3, "reward": "gold"},
            (
                "reward must be one of 'quality', 'own_check', 'opponent_check', "
                "'own_defence', 'opponent_defence', got 'gold'"
            ),
        ),
        (
            {"attribute": 3, "equipment": -1},
            "equipment must be an integer from 0 to 20, got -1",
        ),
        ({"attribute": "3"}, "attribute must be an integer from 0 to 20, got '3'"),
    ],
)
def test_bad_parameters_name_value_and_range(
    params: dict[str, object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        rollwerk.build_check(FLUID, "check", **params)
    assert str(info.value) == message


def test_direct_construction_validates_too() -> None:
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=3, trait=30)
    assert str(info.value) == "trait must be an integer from 0 to 20, got 30"
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=3, reward="gold")
    assert str(info.value) == (
        "reward must be one of 'quality', 'own_check', 'opponent_check', "
        "'own_defence', 'opponent_defence', got 'gold'"
    )


def test_unknown_check_name() -> None:
    with pytest.raises(UnknownCheck):
        rollwerk.build_check(FLUID, "attack", attribute=3)


def test_overflow_helper() -> None:
    """FL-R05, FL-A14: one quality point per point of chance above 10."""
    assert [overflow(c) for c in (-3, 0, 10, 11, 25)] == [0, 0, 0, 1, 15]


def test_fluid_outcome_success_flags() -> None:
    """FL-R07: critical counts as success; fumble and no-roll as failures."""
    assert [k.success for k in FluidOutcome] == [False, False, True, True, False]


# -- free repetition (FL-R12) -----------------------------------------------


def test_v19_fl_r12_repetitions_cumulative_minus_three() -> None:
    """V19 (FL-R12): C 6 fails (d 9); repeat 1 at C 3; repeat 2 at C 0: no roll."""
    check = fluid_check(attribute=4, trait=2)
    first = check.resolve(ScriptedRng([9]))
    assert kind(first) is FluidOutcome.FAILURE
    again = repeat(check, first)
    assert (again.parameters["repetition"], chance(again)) == (1, 3)
    second = again.resolve(ScriptedRng([5]))
    assert kind(second) is FluidOutcome.FAILURE
    assert second.explain() == (
        "chance 3 (attribute 4 + trait 2 − repetition penalty 3): rolled 5 > 3: failure"
    )
    third_check = repeat(again, second)
    assert chance(third_check) == 0
    third = third_check.resolve(ScriptedRng([]))
    assert kind(third) is FluidOutcome.NO_ROLL


def test_fl_r12_repetition_needs_no_time_pressure_and_a_failure() -> None:
    """FL-R12: no free repetition under time pressure or after a success."""
    check = fluid_check(attribute=6)
    failed = check.resolve(ScriptedRng([9]))
    with pytest.raises(RulesError) as info:
        repeat(check, failed, time_pressure=True)
    assert str(info.value) == (
        "a check may be repeated without mana only without time pressure"
    )
    with pytest.raises(RulesError) as info:
        repeat(check, check.resolve(ScriptedRng([3])))
    assert str(info.value) == "only a failed check may be repeated without mana"


def test_fl_r12_chance_strictly_decreases_with_repetitions() -> None:
    """FL-R12 invariant: a repetition's chance strictly decreases with k."""
    chances = [chance(fluid_check(attribute=9, repetition=k)) for k in range(5)]
    assert chances == [9, 6, 3, 0, -3]
