"""The Fluid plugin: registration, declaration, FL-R02 presets, FL-R13 trait
cap, and the rollwerk contract kit."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

import rollwerk
from rollwerk import Degree, ParameterError, Ruleset
from rollwerk.plugins import Registry
from rollwerk.rulesets import RulesetSpec
from rollwerk_fluid import DIFFICULTIES, FLUID, plugin, trait_cap_rule


def test_plugin_registers_fluid_through_its_hooks() -> None:
    registry = Registry(load_entrypoints=False, plugins=[plugin])
    assert registry.ids() == ["fluid"]
    ruleset = registry.ruleset("fluid")
    assert isinstance(ruleset, RulesetSpec)
    assert ruleset == FLUID
    assert [r.id for r in registry.optional_rules("fluid")] == ["trait-cap"]
    assert registry.failures == ()


def test_entry_point_is_installed() -> None:
    registry = Registry()
    assert "fluid" in registry.ids()


def test_ruleset_declaration() -> None:
    assert isinstance(FLUID, Ruleset)
    assert (FLUID.id, FLUID.name) == ("fluid", "Fluid")
    assert FLUID.version
    assert FLUID.round_seconds == Fraction(5)
    assert [s.name for s in FLUID.checks()] == ["check", "rerolls"]
    for lang in ("en", "de"):
        for degree in Degree:
            assert FLUID.labels[lang][degree.value]
    assert FLUID.labels["de"]["critical_failure"] == "Patzer"
    assert FLUID.labels["de"]["critical_success"] == "Kritischer Erfolg"
    assert FLUID.labels["de"]["quality"] == "Erfolgsqualität"


def test_fl_r02_difficulty_presets_in_steps_of_three() -> None:
    """FL-R02, FL-A12: presets +6, +3, 0, −3, −6, −9, −12, easiest first."""
    assert [d.modifier for d in FLUID.difficulties] == [6, 3, 0, -3, -6, -9, -12]
    assert FLUID.difficulties == DIFFICULTIES
    assert [d.label("de") for d in DIFFICULTIES][:4] == [
        "sehr leicht",
        "leicht",
        "normal",
        "schwer",
    ]
    hard = next(d for d in FLUID.difficulties if d.id == "hard")
    check = rollwerk.build_check(FLUID, attribute=3, trait=4, modifier=hard.modifier)
    assert check.outcomes().probability(lambda o: o.success) == Fraction(7, 20)


def test_fl_r13_optional_trait_cap() -> None:
    """FL-R13: the optional rule ``trait-cap`` validates trait ≤ 5."""
    registry = Registry(load_entrypoints=False, plugins=[plugin])
    capped = registry.ruleset("fluid", options=["trait-cap"])
    assert capped.id == "fluid"
    assert rollwerk.build_check(capped, attribute=3, trait=5).parameters["trait"] == 5
    for name in ("check", "rerolls"):
        with pytest.raises(ParameterError) as info:
            rollwerk.build_check(capped, name, attribute=3, trait=6)
        assert str(info.value) == "trait must be an integer from 0 to 5, got 6"
    direct = trait_cap_rule.apply(FLUID)
    assert [p.max_value for p in direct.checks()[0].parameters[:2]] == [20, 5]
    assert rollwerk.build_check(direct, attribute=3, trait=5) == rollwerk.build_check(
        capped, attribute=3, trait=5
    )
    assert rollwerk.build_check(FLUID, attribute=3, trait=6).parameters["trait"] == 6


def test_trait_cap_rule_refuses_other_rulesets() -> None:
    with pytest.raises(ParameterError) as info:
        trait_cap_rule.apply(object())  # type: ignore[arg-type]
    assert str(info.value).startswith("ruleset must be the Fluid ruleset, got ")


def test_trait_cap_refuses_checks_another_rule_changed() -> None:
    """FL-R13 caps Fluid's own checks; built afresh, they dropped what an
    earlier optional rule had changed, or refused its DelegatingRuleset as
    "not the Fluid ruleset" (helper-175)."""
    from rollwerk import RulesError
    from rollwerk.rulesets import DelegatingRuleset

    changed = attrs.evolve(FLUID, check_specs=FLUID.check_specs[:1])
    for base in (changed, DelegatingRuleset(FLUID)):
        with pytest.raises(RulesError) as info:
            trait_cap_rule.apply(base)
        assert str(info.value) == (
            "the optional rule 'trait-cap' caps the traits of Fluid's own "
            "checks, which an optional rule before it or a wrapper changed; "
            "enable trait-cap first (a wrapper's change cannot be combined "
            "with it)"
        )
    # a change that leaves the checks alone is kept
    slower = attrs.evolve(FLUID, round_seconds=3)
    assert trait_cap_rule.apply(slower).round_seconds == 3


def test_contract_kit_passes() -> None:
    """The rollwerk contract kit, for every check Fluid declares: valid exact
    distributions, results in the support, replay, JSON, frequencies,
    declared monotonicity, contest symmetry."""
    from rollwerk.testing import assert_ruleset_contract

    assert_ruleset_contract(FLUID, max_examples=6, resolutions=1000)


def test_contract_kit_passes_with_trait_cap() -> None:
    from rollwerk.testing import assert_ruleset_contract

    assert_ruleset_contract(
        trait_cap_rule.apply(FLUID), max_examples=2, resolutions=500, properties=False
    )
