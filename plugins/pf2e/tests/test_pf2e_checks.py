"""The pf2e d20 check, the attack variant, the ruleset and the plugin."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk
from rollwerk import (
    CheckResult,
    ContestOutcome,
    Degree,
    Outcome,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
    build_check,
    contest_odds,
)
from rollwerk.checks import FaceCheck
from rollwerk.plugins import Registry
from rollwerk.rulesets import RulesetSpec
from rollwerk_pf2e import PF2E, attack_check, degree_of_success
from rollwerk_pf2e import plugin as pf2e_plugin

RS = PF2E


def pf2e_check(modifier: int, dc: int) -> FaceCheck:
    check = build_check(PF2E, "check", modifier=modifier, dc=dc)
    assert isinstance(check, FaceCheck)
    return check


def test_ruleset_basics() -> None:
    assert RS.id == "pf2e"
    assert RS.round_seconds == Fraction(6)
    assert [c.name for c in RS.checks()] == ["check", "attack"]
    assert RS.labels["de"]["critical_failure"] == "kritischer Fehlschlag"
    assert RS.labels["en"]["critical_success"] == "critical success"
    for lang in ("en", "de"):
        for d in Degree:
            assert d.value in RS.labels[lang]
    assert isinstance(RS, rollwerk.Ruleset)
    assert isinstance(RS, RulesetSpec)
    assert RS.name == "Pathfinder Second Edition"
    assert RS.actions_per_round == 1


def test_plugin_registers_pf2e() -> None:
    reg = Registry(load_entrypoints=False, plugins=[pf2e_plugin])
    assert reg.ids() == ["pf2e"]
    assert reg.ruleset("pf2e").id == "pf2e"


def test_parameters_declared_with_ranges_and_monotonicity() -> None:
    spec = RS.checks()[0]
    mod, dc = spec.parameters
    assert (mod.name, mod.min_value, mod.max_value, mod.monotonic) == (
        "modifier",
        -20,
        60,
        rollwerk.checks.Monotonic.INCREASING,
    )
    assert (dc.name, dc.min_value, dc.max_value, dc.monotonic) == (
        "dc",
        0,
        80,
        rollwerk.checks.Monotonic.DECREASING,
    )
    inc = RS.checks()[1].parameter("range_increments")
    assert (inc.min_value, inc.max_value, inc.monotonic) == (
        1,
        6,
        rollwerk.checks.Monotonic.DECREASING,
    )


@pytest.mark.parametrize(
    ("natural", "total", "dc", "expected"),
    [
        (10, 30, 20, Degree.CRITICAL_SUCCESS),  # dc + 10
        (10, 29, 20, Degree.SUCCESS),
        (10, 20, 20, Degree.SUCCESS),  # meets the DC
        (10, 19, 20, Degree.FAILURE),
        (10, 11, 20, Degree.FAILURE),
        (10, 10, 20, Degree.CRITICAL_FAILURE),  # dc - 10
        (20, 15, 20, Degree.SUCCESS),  # natural 20 steps failure up
        (20, 30, 20, Degree.CRITICAL_SUCCESS),  # never beyond critical success
        (20, 5, 20, Degree.FAILURE),  # critical failure stepped up
        (1, 25, 20, Degree.FAILURE),  # natural 1 steps success down
        (1, 35, 20, Degree.SUCCESS),
        (1, 5, 20, Degree.CRITICAL_FAILURE),  # never below critical failure
    ],
)
def test_degree_of_success_table(
    natural: int, total: int, dc: int, expected: Degree
) -> None:
    assert degree_of_success(natural, total, dc) is expected


def test_degree_of_success_refuses_bad_die() -> None:
    with pytest.raises(
        ParameterError, match=r"^natural must be an integer from 1 to 20, got 21$"
    ):
        degree_of_success(21, 5, 10)


def test_resolve_scripted_and_explanation() -> None:
    chk = build_check(RS, "check", modifier=5, dc=15)
    result = chk.resolve(ScriptedRng([10]))
    assert result == CheckResult(
        success=True,
        degree=Degree.SUCCESS,
        value=15,
        rolls=(rollwerk.dice.DieRoll(20, 10, "check"),),
        explanation=rollwerk.checks.Explanation.fixed(
            en="d20 10 + 5 = 15 against DC 15: success",
            de="W20 10 + 5 = 15 gegen SG 15: Erfolg",
        ),
        ruleset="pf2e",
        check="check",
    )
    low = build_check(RS, "check", modifier=-3, dc=15).resolve(ScriptedRng([1]))
    assert low.explain() == (
        "d20 1 - 3 = -2 against DC 15: critical failure "
        "(natural 1: already critical failure)"
    )
    nat1 = build_check(RS, "check", modifier=24, dc=15).resolve(ScriptedRng([1]))
    assert nat1.degree is Degree.SUCCESS
    assert nat1.explain("de") == (
        "W20 1 + 24 = 25 gegen SG 15: Erfolg "
        "(natürliche 1: kritischer Erfolg wird zu Erfolg)"
    )


def test_exact_odds_closed_form() -> None:
    chk = pf2e_check(7, 20)
    dist = chk.outcomes()
    by_degree = dist.map(lambda o: o.degree)
    assert by_degree[Degree.CRITICAL_SUCCESS] == Fraction(1, 20)  # natural 20 only
    assert by_degree[Degree.SUCCESS] == Fraction(7, 20)  # 13..19
    assert by_degree[Degree.FAILURE] == Fraction(9, 20)  # 4..12
    assert by_degree[Degree.CRITICAL_FAILURE] == Fraction(3, 20)  # 1..3
    assert dist.probability(lambda o: o.success) == Fraction(2, 5)
    assert dist[Outcome(True, Degree.SUCCESS, 20)] == Fraction(1, 20)


def test_exact_odds_extremes() -> None:
    # a DC no total can reach still succeeds on a natural 20 only if it
    # would be a failure (stepped to success) -- far below it stays failure
    hopeless = pf2e_check(0, 40).outcomes().map(lambda o: o.degree)
    assert hopeless[Degree.FAILURE] == Fraction(1, 20)
    assert hopeless[Degree.CRITICAL_FAILURE] == Fraction(19, 20)
    sure = pf2e_check(40, 10).outcomes().map(lambda o: o.degree)
    assert sure[Degree.SUCCESS] == Fraction(1, 20)  # the natural 1
    assert sure[Degree.CRITICAL_SUCCESS] == Fraction(19, 20)


@given(st.integers(-20, 60), st.integers(0, 80), st.integers(1, 20))
def test_resolution_in_support_and_replays(modifier: int, dc: int, face: int) -> None:
    chk = pf2e_check(modifier, dc)
    result = chk.resolve(ScriptedRng([face]))
    assert result.outcome() in chk.outcomes().support
    assert result.value == face + modifier
    again = chk.resolve(ScriptedRng([r.face for r in result.rolls]))
    assert again == result
    assert CheckResult.from_json(result.to_json()) == result


@given(st.integers(-20, 59), st.integers(0, 80))
def test_monotonic_in_modifier_and_dc(modifier: int, dc: int) -> None:
    def p(m: int, d: int) -> Fraction:
        return pf2e_check(m, d).outcomes().probability(lambda o: o.success)

    assert p(modifier + 1, dc) >= p(modifier, dc)
    if dc < 80:
        assert p(modifier, dc + 1) <= p(modifier, dc)


def test_build_check_refuses_out_of_range() -> None:
    with pytest.raises(
        ParameterError, match=r"^dc must be an integer from 0 to 80, got 81$"
    ):
        build_check(RS, "check", modifier=0, dc=81)
    with pytest.raises(
        ParameterError,
        match=r"^range_increments must be an integer from 1 to 6, got 7$",
    ):
        build_check(RS, "attack", modifier=0, dc=10, range_increments=7)


def test_pf2e_r08_attack_check_takes_range_penalty() -> None:
    """PF2E-R08: the range penalty applies to the attack roll."""
    chk = build_check(RS, "attack", modifier=10, dc=20, range_increments=3)
    assert chk.parameters == {"modifier": 10, "dc": 20, "range_increments": 3}
    result = chk.resolve(ScriptedRng([12]))
    assert result.value == 18
    assert result.degree is Degree.FAILURE
    assert result.explain() == "d20 12 + 10 - 4 (range) = 18 against DC 20: failure"
    assert result.explain("de") == (
        "W20 12 + 10 - 4 (Entfernung) = 18 gegen SG 20: Fehlschlag"
    )
    assert result.check == "attack"


def test_pf2e_r08_attack_check_from_distance_e3_e8() -> None:
    """PF2E-R08, vectors E3 and E8: short bow (12 squares) at 20 and 73 squares."""
    near = attack_check(10, 20, distance=20, increment=12)
    assert near == build_check(RS, "attack", modifier=10, dc=20, range_increments=2)
    assert near.resolve(ScriptedRng([10])).explain() == (
        "d20 10 + 10 - 2 (range) = 18 against DC 20: failure"
    )
    far = attack_check(10, 20, distance=72, increment=12)
    assert far.parameters["range_increments"] == 6
    assert far.resolve(ScriptedRng([10])).value == 10  # -10
    melee = attack_check(10, 20)
    assert melee.parameters == {"modifier": 10, "dc": 20, "range_increments": 1}
    assert melee.resolve(ScriptedRng([10])).explain() == (
        "d20 10 + 10 = 20 against DC 20: success"
    )
    with pytest.raises(RulesError, match="beyond six range increments"):
        attack_check(10, 20, distance=73, increment=12)


def test_contest_rule_degree_then_total() -> None:
    crit = Outcome(True, Degree.CRITICAL_SUCCESS, 25)
    succ = Outcome(True, Degree.SUCCESS, 28)
    succ_low = Outcome(True, Degree.SUCCESS, 21)
    assert RS.contest(crit, succ) is ContestOutcome.FIRST
    assert RS.contest(succ_low, succ) is ContestOutcome.SECOND
    assert RS.contest(succ, succ) is ContestOutcome.TIE


def test_contest_odds_symmetric_checks() -> None:
    a = build_check(RS, "check", modifier=5, dc=15)
    odds = contest_odds(RS, a, a)
    assert odds[ContestOutcome.FIRST] == odds[ContestOutcome.SECOND]
    assert sum(odds[o] for o in odds.support) == 1


def test_difficulties_easiest_first() -> None:
    mods = [d.modifier for d in RS.difficulties]
    assert mods == sorted(mods, reverse=True)
    assert {d.id for d in RS.difficulties} >= {"easy", "hard"}


def test_seeded_resolution_reproducible() -> None:
    chk = pf2e_check(3, 18)
    assert chk.resolve(SeededRng(7)) == chk.resolve(SeededRng(7))


@pytest.mark.parametrize(
    ("modifier", "face", "en", "de"),
    [
        (
            0,
            20,
            "success stepped to critical success",
            "Erfolg wird zu kritischem Erfolg",
        ),
        (-10, 20, "failure stepped to success", "Fehlschlag wird zu Erfolg"),
        (
            -20,
            20,
            "critical failure stepped to failure",
            "kritischer Fehlschlag wird zu Fehlschlag",
        ),
        (
            24,
            1,
            "critical success stepped to success",
            "kritischer Erfolg wird zu Erfolg",
        ),
        (20, 1, "success stepped to failure", "Erfolg wird zu Fehlschlag"),
        (
            10,
            1,
            "failure stepped to critical failure",
            "Fehlschlag wird zu kritischem Fehlschlag",
        ),
        (40, 20, "already critical success", "bereits kritischer Erfolg"),
        (-3, 1, "already critical failure", "bereits kritischer Fehlschlag"),
    ],
)
def test_natural_step_explained_in_both_languages(
    modifier: int, face: int, en: str, de: str
) -> None:
    """Degrees of success: the natural 20 / natural 1 step is always named,
    also when it is capped at critical success or critical failure, and the
    German text uses the dative after "wird zu" ("zu kritischem Erfolg")."""
    result = build_check(RS, "check", modifier=modifier, dc=15).resolve(
        ScriptedRng([face])
    )
    assert result.explain().endswith(f"(natural {face}: {en})")
    assert result.explain("de").endswith(f"(natürliche {face}: {de})")


@pytest.mark.parametrize(
    ("check", "kwargs", "message"),
    [
        (
            "check",
            {"modifier": "3", "dc": 10},
            "modifier must be an integer from -20 to 60, got '3'",
        ),
        (
            "check",
            {"modifier": 3, "dc": 1.5},
            "dc must be an integer from 0 to 80, got 1.5",
        ),
        (
            "attack",
            {"modifier": 3, "dc": 10, "range_increments": True},
            "range_increments must be an integer from 1 to 6, got True",
        ),
    ],
)
def test_build_check_validates_types(
    check: str, kwargs: dict[str, object], message: str
) -> None:
    """A pf2e check refuses non-integers with a ParameterError (True is not
    one range increment)."""
    with pytest.raises(ParameterError, match=f"^{message}$"):
        build_check(RS, check, **kwargs)
    with pytest.raises(
        ParameterError, match=r"^natural must be an integer from 1 to 20, got '5'$"
    ):
        degree_of_success("5", 10, 10)  # type: ignore[arg-type]
    with pytest.raises(
        ParameterError, match=r"^modifier must be an integer from -20 to 60, got 61$"
    ):
        attack_check(61, 10)
