"""Typed use of the checks, rulesets, plugins and contract kit APIs.

mypy checks this file (``files`` in pyproject.toml includes ``tests/typing``);
pytest imports it but it defines no tests: the functions are never called.
``assert_type`` pins the types the public API promises.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st
from typing_extensions import assert_type

import rollwerk
from rollwerk import (
    Check,
    CheckResult,
    ContestOutcome,
    Degree,
    Distribution,
    Outcome,
    Ruleset,
)
from rollwerk.checks import CheckSpec, Scalar
from rollwerk.plugins import PluginFailure, RegisteredRuleset, Registry, get_registry
from rollwerk.testing import (
    ContractViolation,
    assert_check_contract,
    assert_distribution_valid,
    assert_faces_match,
    assert_ruleset_contract,
    checks,
    parameters,
    rngs,
    seeds,
)
from rollwerk.testing.examples import ToyRuleset


def typed_checks(ruleset: Ruleset) -> None:
    check = rollwerk.build_check(ruleset, "check", skill=3)
    assert_type(check, Check)
    assert_type(check.parameters["skill"], Scalar)
    result = check.resolve(rollwerk.SeededRng(1))
    assert_type(result, CheckResult)
    assert_type(result.success, bool)
    assert_type(result.degree, Degree)
    assert_type(result.value, "int | None")
    assert_type(result.explain("de"), str)
    assert_type(result.outcome(), Outcome)
    dist = check.outcomes()
    assert_type(dist, Distribution[Outcome])
    assert_type(dist.probability(lambda o: o.success), Fraction)
    odds = rollwerk.contest_odds(ruleset, check, check)
    assert_type(odds, Distribution[ContestOutcome])
    spec = ruleset.checks()[0]
    assert_type(spec, CheckSpec)
    assert_type(spec.build(skill=1), Check)


def typed_registry() -> None:
    registry = Registry(load_entrypoints=False, plugins=[ToyRuleset])
    assert_type(registry.ids(), list[str])
    assert_type(registry.entries(), list[RegisteredRuleset])
    assert_type(registry.failures, tuple[PluginFailure, ...])
    assert_type(registry.ruleset("toy", options=["generous"]), Ruleset)
    assert_type(get_registry(), Registry)


def typed_kit(check: Check) -> None:
    assert_type(seeds(), st.SearchStrategy[int])
    assert_type(rngs(), st.SearchStrategy[rollwerk.SeededRng])
    assert_type(checks(ToyRuleset(), check="pool"), st.SearchStrategy[Check])
    assert_type(checks("toy"), st.SearchStrategy[Check])
    assert_type(
        parameters(ToyRuleset().checks()[0]), st.SearchStrategy[dict[str, Scalar]]
    )
    assert_distribution_valid(check.outcomes())
    assert_check_contract(check, resolutions=100, replays=2, seed=7, alpha=1e-9)
    # what build_check returns, as contract-kit.md's recipe passes it
    assert_type(assert_faces_match(check, odds_budget=10), bool)
    assert_ruleset_contract(ToyRuleset(), max_examples=2)
    error: AssertionError = ContractViolation("x")
    del error
