"""Refusals a held-out API reviewer (helper-182, session 37) found missing.

Each was a Python exception or a quiet wrong answer where the docs promise
a `RollwerkError` naming the parameter, the value and what is allowed.
"""

from __future__ import annotations

import math

import pytest

from rollwerk import build_check
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.distribution import Distribution
from rollwerk.encounter import (
    Encounter,
    Rounds,
    describe_duration,
    describe_remaining,
)
from rollwerk.errors import ParameterError, SchemaError
from rollwerk.rulesets import define_ruleset

_NOT_A_DURATION = (
    "duration must be a rollwerk Duration (Rounds(1), Permanent(), …), got "
)


@pytest.mark.parametrize("value", [5, None, "rounds"])
def test_describe_duration_refuses_what_is_no_duration(value: object) -> None:
    with pytest.raises(ParameterError) as caught:
        describe_duration(value)
    assert str(caught.value) == _NOT_A_DURATION + repr(value)
    assert describe_duration(Rounds(2)) == "2 rounds"


def test_describe_remaining_refuses_what_is_no_duration() -> None:
    encounter = Encounter.create(["A", "B"])
    with pytest.raises(ParameterError) as caught:
        describe_remaining(None, encounter)
    assert str(caught.value) == _NOT_A_DURATION + "None"


def test_a_decode_that_fails_is_a_schema_error_naming_the_value() -> None:
    document = {"schema": 1, "outcomes": [{"value": "a", "probability": "1/1"}]}
    with pytest.raises(SchemaError) as caught:
        Distribution.from_json(document, decode=int)
    assert str(caught.value) == (
        "malformed distribution JSON: outcomes[0].value must be a value decode "
        "accepts (it raised ValueError: invalid literal for int() with base 10: "
        "'a'), got 'a'"
    )
    assert caught.value.path == "outcomes[0].value"
    good = {"schema": 1, "outcomes": [{"value": "3", "probability": "1/1"}]}
    assert Distribution.from_json(good, decode=int) == Distribution({3: 1})


_FITS = (
    "outcomes must be numbers whose results fit a float (use int or Fraction "
    "outcomes), got "
)


def test_float_arithmetic_that_overflows_is_refused() -> None:
    with pytest.raises(ParameterError) as caught:
        Distribution.uniform([1, 2]) * 1e308 * 10
    assert str(caught.value) == _FITS + "'a float result beyond ±1.8e308 (inf)'"
    with pytest.raises(ParameterError) as caught:
        Distribution.uniform([0, 10**400]) + 0.5
    assert str(caught.value) == _FITS + "'int too large to convert to float'"
    big = Distribution.uniform([1.5e308])
    with pytest.raises(ParameterError):
        big + big
    # an infinity the operand already had is not an overflow of this operation
    assert Distribution({math.inf: 1}) + 1 == Distribution({math.inf: 1})
    assert (Distribution.uniform([1, 2]) * 2.5).support == (2.5, 5.0)


def test_check_as_a_keyword_says_the_name_is_positional() -> None:
    def judge(faces: tuple[int, ...], skill: int) -> Outcome:
        return Outcome(faces[0] <= skill, Degree.SUCCESS, faces[0])

    skill = [Parameter("skill", int, min_value=1, max_value=20)]
    ruleset = define_ruleset(
        "duel",
        "Duel",
        checks=[
            define_check("check", skill, dice=[20], judge=judge),
            define_check("attack", skill, dice=[20], judge=judge),
        ],
    )
    with pytest.raises(ParameterError) as caught:
        build_check(ruleset, check="attack", skill=3)
    assert str(caught.value) == (
        "parameter of duel:check must be one of: skill, got 'check'; the "
        "check's name is build_check's second argument, positional: "
        "build_check(ruleset, 'attack', …)"
    )
    assert build_check(ruleset, "attack", skill=3).name == "attack"


def test_rulesets_exports_its_public_names_only() -> None:
    namespace: dict[str, object] = {}
    exec("from rollwerk.rulesets import *", namespace)
    assert sorted(k for k in namespace if not k.startswith("__")) == [
        "CheckContestRule",
        "ContestKey",
        "ContestRule",
        "ContestWithChecks",
        "DelegatingRuleset",
        "InitiativeRule",
        "OptionalRule",
        "Ruleset",
        "RulesetSpec",
        "build_check",
        "contest_odds",
        "contest_result",
        "define_ruleset",
        "distribution_version",
        "levels_of",
        "resolve_contest",
    ]
