"""A check that refuses most of its declared ranges: combinations, or a violation.

The contract skips parameter sets the ruleset refuses. Refusing more than
half of a uniform sample of the declared ranges, every refused value must
build with some values of the other parameters (a combination the rules
forbid); a value refused with all of them means the declared range is wider
than what the check accepts.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from rollwerk import ParameterError
from rollwerk.checks import CheckSpec, Parameter
from rollwerk.errors import RulesError
from rollwerk.testing import (
    REFUSAL_SAMPLE,
    REFUSED_SHARE,
    ContractViolation,
    assert_refusals_are_combinations,
    assert_ruleset_contract,
)
from rollwerk.testing._contract import _refusal, _uniform
from rollwerk.testing.examples import RollUnderCheck, ToyRuleset

TOY = ToyRuleset()
SKILL, MODIFIER, EDGE, DIFFICULTY = TOY.checks()[0].parameters


def _toy_with(
    factory: Callable[..., Any], parameters: Sequence[Parameter] | None = None
) -> ToyRuleset:
    """The toy ruleset whose ``check`` is built by ``factory``."""
    params = tuple(parameters or TOY.checks()[0].parameters)

    @attrs.frozen
    class Variant(ToyRuleset):
        def checks(self) -> Sequence[CheckSpec]:
            return (CheckSpec("check", params, factory),)

    return Variant()


def _spec(ruleset: ToyRuleset) -> CheckSpec:
    return ruleset.checks()[0]


def _violation(ruleset: ToyRuleset) -> str:
    with pytest.raises(ContractViolation) as info:
        assert_refusals_are_combinations(ruleset, _spec(ruleset))
    return str(info.value)


def test_the_documented_rule() -> None:
    assert REFUSAL_SAMPLE == 64
    assert Fraction(1, 2) == REFUSED_SHARE


def test_a_range_declared_wider_than_accepted_is_a_violation() -> None:
    """skill declared 0 to 100, refused above 6 (93% of the declared range)."""
    wide = attrs.evolve(SKILL, max_value=100)

    def narrow(**params: Any) -> RollUnderCheck:
        if params["skill"] > 6:
            raise ParameterError("skill", params["skill"], "an integer from 0 to 6")
        return RollUnderCheck(**params)

    ruleset = _toy_with(narrow, [wide, MODIFIER, EDGE, DIFFICULTY])
    message = _violation(ruleset)
    assert message == (
        "ruleset 'toy', check 'check': refused 61 of 64 parameter sets drawn "
        "uniformly from its declared ranges (more than 1/2), and skill=65 builds "
        "with no values of the other parameters tried (those of the sets that "
        "built, the corners and the ends of their ranges): declare the range the "
        "check accepts. Refused, e.g.: "
        "toy:check(skill=65, modifier=-2, edge=False, difficulty='easy'): "
        "ParameterError: skill must be an integer from 0 to 6, got 65; "
        "toy:check(skill=50, modifier=-2, edge=True, difficulty='hard'): "
        "ParameterError: skill must be an integer from 0 to 6, got 50; "
        "toy:check(skill=58, modifier=1, edge=False, difficulty='hard'): "
        "ParameterError: skill must be an integer from 0 to 6, got 58"
    )
    # the whole contract reports it, once the sets that build have passed
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(ruleset, max_examples=2, resolutions=50)
    assert str(info.value) == message


def test_a_refusal_without_a_named_parameter_is_checked_for_every_parameter() -> None:
    """A `RulesError` names no parameter: each value of the set needs a witness."""

    def no_hard(**params: Any) -> RollUnderCheck:
        if params["difficulty"] != "easy" or params["skill"] > 1:
            raise RulesError("only easy checks with skill 0 or 1")
        return RollUnderCheck(**params)

    message = _violation(_toy_with(no_hard))
    assert "builds with no values of the other parameters tried" in message
    assert message.endswith("RulesError: only easy checks with skill 0 or 1")


def test_combinations_refused_most_of_the_time_pass() -> None:
    """A parameter whose allowed values depend on the others, as a Fluid
    handicap below the chance: most sets are refused, each value builds
    with some others."""

    def below_chance(**params: Any) -> RollUnderCheck:
        if params["skill"] and params["modifier"] < 2:
            raise ParameterError(
                "skill", params["skill"], "0, unless the modifier is 2 or 3"
            )
        return RollUnderCheck(**params)

    ruleset = _toy_with(below_chance)
    spec = _spec(ruleset)
    # the kit's sample: most sets are refused, so every refusal is looked into
    rnd = random.Random(zlib.crc32(b"toy:check:refusals"))
    sample = [
        {p.name: _uniform(p, rnd) for p in spec.parameters}
        for _ in range(REFUSAL_SAMPLE)
    ]
    refused = [p for p in sample if _refusal("toy", spec, p) is not None]
    assert len(refused) > REFUSAL_SAMPLE * REFUSED_SHARE
    assert_refusals_are_combinations(ruleset, spec)
    assert_ruleset_contract(ruleset, max_examples=2, resolutions=100, properties=False)


def test_a_few_refused_values_are_still_skipped() -> None:
    """One value refused whatever the others (skill 6): under half, skipped."""

    def refuse_six(**params: Any) -> RollUnderCheck:
        if params["skill"] == 6:
            raise ParameterError("skill", 6, "at most 5 here")
        return RollUnderCheck(**params)

    assert_refusals_are_combinations(_toy_with(refuse_six), _spec(TOY))


def test_a_crashing_factory_in_the_sample_is_a_violation() -> None:
    def crash(**params: Any) -> RollUnderCheck:
        raise IndexError("list index out of range")

    message = _violation(_toy_with(crash))
    assert message.endswith(
        "building the check raised IndexError: list index out of range"
    )


def test_no_sample_checks_nothing() -> None:
    def refuse_all(**params: Any) -> RollUnderCheck:
        raise RulesError("never")

    ruleset = _toy_with(refuse_all)
    assert_refusals_are_combinations(ruleset, _spec(ruleset), sample=0)
    assert "builds with no values" in _violation(ruleset)
