"""The contract kit against a plugin author's mutants (helper-h204).

Each mutant passed the kit though contract-kit.md says the kit (or the
registry it is given a ruleset by) checks that property: a check that can
be changed, handed out by the registry's guard; a contest rule refusing a
check against itself; a check name that is not a word; a check whose
parameters hold a name its spec does not declare; a check that refuses its
own defaults; a catalog template the registry left out before the kit saw
the ruleset.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk import Distribution
from rollwerk.checks import Check, Degree, Outcome, Parameter, define_check
from rollwerk.errors import ContestError, ParameterError
from rollwerk.i18n import Catalog
from rollwerk.plugins import Registry
from rollwerk.rulesets import Ruleset, RulesetSpec, define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_ruleset_contract,
    assert_ruleset_declaration,
)

TARGET = Parameter("target", int, default=4, min_value=2, max_value=6)


def _judge(faces: tuple[int, ...], target: int) -> Outcome:
    hit = faces[0] >= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


def _d6(**changes: Any) -> RulesetSpec:
    return define_ruleset(
        "m",
        "M",
        version="1",
        checks=[define_check("c", [TARGET], dice=[6], judge=_judge)],
        **changes,
    )


def _violation(call: Any) -> ContractViolation:
    with pytest.raises(ContractViolation) as info:
        call()
    return info.value


def _plugin(rs: Ruleset) -> types.ModuleType:
    module = types.ModuleType("mutant")

    def rollwerk_register_rulesets() -> list[Ruleset]:
        return [rs]

    module.rollwerk_register_rulesets = rollwerk.hookimpl(  # type: ignore[attr-defined]
        rollwerk_register_rulesets
    )
    return module


class MutableCheck:
    """A check whose attributes can be set (a plain class)."""

    def __init__(self, inner: Check) -> None:
        self.inner = inner
        self.ruleset = inner.ruleset
        self.name = inner.name
        self.parameters = inner.parameters

    def outcomes(self) -> Distribution[Outcome]:
        return self.inner.outcomes()

    def resolve(self, rng: Any) -> Any:
        return self.inner.resolve(rng)


def _with_factory(rs: RulesetSpec, factory: Any) -> RulesetSpec:
    spec = rs.checks()[0]
    return attrs.evolve(rs, check_specs=(attrs.evolve(spec, factory=factory),))


def test_a_mutable_check_is_caught_through_the_registry_guard() -> None:
    plain = _d6()
    spec = plain.checks()[0]
    rs = _with_factory(plain, lambda **p: MutableCheck(spec.build(**p)))
    guarded = Registry(load_entrypoints=False, plugins=[_plugin(rs)]).ruleset("m")
    exc = _violation(lambda: assert_ruleset_contract(guarded, max_examples=1))
    assert str(exc) == (
        "m:c(target=4): the check can be changed: setting its ruleset succeeded "
        "(a check is a frozen value: make it an attrs.frozen class, a frozen "
        "dataclass or give it read-only properties)"
    )


def test_a_contest_rule_refusing_a_check_against_itself_is_a_violation() -> None:
    def never(first: Check, a: Outcome, second: Check, b: Outcome) -> Any:
        raise ContestError("never")

    rs = _d6(contest_with_checks=never)
    exc = _violation(lambda: assert_ruleset_contract(rs, max_examples=1))
    assert str(exc) == (
        "m:c(target=4): the contest rule refuses the check against itself with "
        "ContestError('never'); only a pair of different checks may be refused"
    )


@pytest.mark.parametrize("name", ["fl.ip", "fl\xa0ip", "fl\u200bip", "fl\x00ip", "a b"])
def test_a_check_name_that_is_not_a_word_is_a_violation(name: str) -> None:
    plain = _d6()
    rs = attrs.evolve(plain, check_specs=(attrs.evolve(plain.checks()[0], name=name),))
    exc = _violation(lambda: assert_ruleset_declaration(rs))
    assert str(exc) == (
        f"ruleset 'm', check {name!r}: the check name must be a word without "
        "spaces, dots or colons (printable text only)"
    )


@attrs.frozen
class Extra:
    """A check whose parameters hold one its spec does not declare."""

    inner: Check

    @property
    def ruleset(self) -> str:
        return self.inner.ruleset

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def parameters(self) -> Mapping[str, Any]:
        return {**self.inner.parameters, "extra": 1}

    def outcomes(self) -> Distribution[Outcome]:
        return self.inner.outcomes()

    def resolve(self, rng: Any) -> Any:
        return self.inner.resolve(rng)


def test_a_parameter_the_spec_does_not_declare_is_a_violation() -> None:
    plain = _d6()
    spec = plain.checks()[0]
    rs = _with_factory(plain, lambda **p: Extra(spec.build(**p)))
    exc = _violation(lambda: assert_ruleset_contract(rs, max_examples=1))
    assert str(exc) == (
        "m:c(target=4, extra=1): its parameters hold 'extra', which its spec does "
        "not declare (declared: target); a check's parameters are what builds it "
        "again"
    )


def test_a_check_that_refuses_its_own_defaults_is_a_violation() -> None:
    plain = _d6()
    spec = plain.checks()[0]

    def factory(**p: Any) -> Check:
        if p["target"] == 4:
            raise ParameterError("target", 4, "not 4 (a house rule)")
        return spec.build(**p)

    rs = _with_factory(plain, factory)
    exc = _violation(lambda: assert_ruleset_contract(rs, max_examples=1))
    assert str(exc) == (
        "ruleset 'm', check 'c': the ruleset refuses the check's own defaults "
        "(target=4): target must be not 4 (a house rule), got 4; the defaults must "
        "be a combination the rules allow"
    )


def test_a_required_parameter_exempts_the_defaults() -> None:
    required = Parameter("target", int, min_value=2, max_value=6)
    rs = define_ruleset(
        "m",
        "M",
        version="1",
        checks=[define_check("c", [required], dice=[6], judge=_judge)],
    )
    assert_ruleset_contract(rs, max_examples=1)


def test_the_plugin_failures_fail_the_declaration_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A template the registry left out had passed: the kit saw the cleaned
    ruleset, and then blamed the level's words."""
    from rollwerk.plugins import _registry
    from rollwerk.testing._pytest_plugin import _plugin_failures

    bad = _d6(catalog=Catalog({"en": {"m.note": "x\x07"}, "de": {"m.note": "y"}}))
    registry = Registry(load_entrypoints=False, plugins=[_plugin(bad)])
    monkeypatch.setattr(_registry, "get_registry", lambda: registry)
    exc = _violation(lambda: _plugin_failures("m"))
    assert str(exc).startswith(
        "the registry reports 1 failure of the plugin 'mutant' that registers "
        "'m': plugin 'mutant' failed: ruleset 'm': catalog message 'm.note' in "
        "'en' ('x\\x07') is left out: "
    )
    good = Registry(load_entrypoints=False, plugins=[_plugin(_d6())])
    monkeypatch.setattr(_registry, "get_registry", lambda: good)
    _plugin_failures("m")
    _plugin_failures("nope")  # no plugin: the lookup reports it
