"""Tests of the contract kit `rollwerk.testing`: it passes the toy ruleset and
catches each kind of broken ruleset it promises to catch."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk
import rollwerk.plugins
import rollwerk.plugins._registry
from rollwerk import (
    CheckResult,
    ContestOutcome,
    Degree,
    Distribution,
    Outcome,
    ParameterError,
    Rng,
    SchemaError,
    SeededRng,
    build_check,
)
from rollwerk.checks import CheckSpec, Explanation, Monotonic, Parameter
from rollwerk.dice import DieRoll
from rollwerk.plugins import Registry
from rollwerk.testing import (
    RULESET_PROPERTIES,
    ContractViolation,
    assert_check_contract,
    assert_contest_contract,
    assert_distribution_valid,
    assert_frequencies_match,
    assert_monotonic,
    assert_ruleset_contract,
    assert_ruleset_declaration,
    describe_check,
    examples,
    frequency_p_value,
)
from rollwerk.testing import strategies as rst
from rollwerk.testing.examples import PoolCheck, RollUnderCheck, ToyRuleset

TOY = ToyRuleset()


def with_check(
    factory: Callable[..., Any],
    *,
    parameters: Sequence[Parameter] | None = None,
    symmetric: bool = True,
    contest: Callable[[Outcome, Outcome], ContestOutcome] | None = None,
    name: str = "check",
) -> Any:
    """A toy ruleset whose only check is built by ``factory``."""
    params = tuple(parameters if parameters is not None else TOY.checks()[0].parameters)

    @attrs.frozen
    class Variant(ToyRuleset):
        def checks(self) -> Sequence[CheckSpec]:
            return (CheckSpec(name, params, factory, contest_symmetric=symmetric),)

        def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
            if contest is not None:
                return contest(first, second)
            return super().contest(first, second)

    return Variant()


# -- the toy ruleset passes --------------------------------------------------


def test_toy_ruleset_passes_the_contract():
    assert_ruleset_contract(TOY)


def test_toy_ruleset_with_optional_rule_passes_the_contract():
    assert_ruleset_contract(examples.GENEROUS.apply(TOY), max_examples=3)


def test_only_named_checks_and_unknown_check():
    assert_ruleset_contract(TOY, checks=["pool"], max_examples=0)
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(TOY, checks=["attack"])
    assert str(info.value) == "ruleset 'toy' has no check 'attack'; it has check, pool"


def test_check_contract_on_single_checks():
    assert_check_contract(build_check(TOY, skill=4, edge=True))
    assert_check_contract(build_check(TOY, "pool", dice=8, threshold=5), replays=2)


def test_describe_check():
    assert describe_check(build_check(TOY, "pool", dice=2)) == (
        "toy:pool(dice=2, threshold=1)"
    )


# -- distributions -------------------------------------------------------------


def test_distribution_valid_accepts_and_rejects():
    assert_distribution_valid(Distribution.uniform(["a", "b", "c"]))
    zero = Distribution._from_weights({1: 0, 2: 1}, 1)
    with pytest.raises(ContractViolation, match="probability of 1 is 0, not positive"):
        assert_distribution_valid(zero)
    short = Distribution._from_weights({1: 1, 2: 1}, 3)
    with pytest.raises(
        ContractViolation, match="probabilities sum to 2/3, not exactly 1"
    ):
        assert_distribution_valid(short)
    with pytest.raises(ContractViolation, match="expected a Distribution, got"):
        assert_distribution_valid({1: Fraction(1)})  # type: ignore[arg-type]


# -- the goodness-of-fit test ----------------------------------------------------


def binomial_upper_tail(p: Fraction, n: int, c: int) -> Fraction:
    return sum(
        (comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(c, n + 1)), Fraction(0)
    )


@given(
    n=st.integers(1, 40),
    p=st.fractions(
        min_value=Fraction(1, 50), max_value=Fraction(49, 50), max_denominator=50
    ),
    data=st.data(),
)
def test_frequency_bound_is_never_below_the_exact_tail(n, p, data):
    """The Chernoff bound is conservative: it never undercuts the true tail."""
    c = data.draw(st.integers(0, n))
    if Fraction(c, n) >= p:
        exact = binomial_upper_tail(p, n, c)
    else:
        exact = 1 - binomial_upper_tail(p, n, c + 1)
    assert frequency_p_value(p, c, n) >= float(exact) * (1 - 1e-9)


def test_frequency_bound_edges():
    assert frequency_p_value(Fraction(1, 3), 0, 0) == 1.0
    assert frequency_p_value(Fraction(1), 10, 10) == 1.0
    assert frequency_p_value(Fraction(1), 9, 10) == 0.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((None, 5, 10), "p must be a probability, a Fraction from 0 to 1, got None"),
        (
            (Fraction(3, 2), 5, 10),
            "p must be a probability, a Fraction from 0 to 1, got Fraction(3, 2)",
        ),
        (
            (Fraction(1, 2), None, 10),
            "count must be an integer from 0 to n (10), got None",
        ),
        ((Fraction(1, 2), -1, 10), "count must be an integer from 0 to n (10), got -1"),
        ((Fraction(1, 2), 5, 1.5), "n must be an integer, got 1.5"),
    ],
)
def test_frequency_bound_refuses_what_is_not_a_frequency(args, message):
    """Found by a type-confusion fuzz: these raised TypeError or a math domain error."""
    with pytest.raises(ParameterError) as info:
        frequency_p_value(*args)
    assert str(info.value) == message


def test_frequencies_match_and_mismatch():
    dist = build_check(TOY, skill=3).outcomes()
    rng = random.Random(5)
    support = list(dist.support)
    weights = [float(dist[o]) for o in support]
    sample = rng.choices(support, weights, k=3000)
    assert_frequencies_match(dist, sample)
    crit = Outcome(True, Degree.CRITICAL_SUCCESS, 1)
    biased = sample + [crit] * 600
    with pytest.raises(
        ContractViolation, match=r"observed \d+ of 3600 seeded resolutions"
    ):
        assert_frequencies_match(dist, biased)
    with pytest.raises(ContractViolation, match="outside the support"):
        assert_frequencies_match(dist, [Outcome(True, Degree.SUCCESS, 6)])


# -- broken checks are caught ----------------------------------------------------


@attrs.frozen
class WrongOdds(RollUnderCheck):
    """Claims a natural 1 is critical only half the time."""

    def outcomes(self) -> Distribution[Outcome]:
        dist = super().outcomes()
        crit = Outcome(True, Degree.CRITICAL_SUCCESS, 1)
        if crit not in dist:
            return dist
        half = dist[crit] / 2
        weights = dict(dist.items())
        weights[crit] = half
        weights[Outcome(True, Degree.SUCCESS, 1)] = half
        return Distribution(weights)


def test_wrong_distribution_is_caught_by_goodness_of_fit():
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(WrongOdds(skill=4))
    assert "resolve() and outcomes() disagree" in str(info.value)
    assert str(info.value).startswith("toy:check(skill=4, modifier=0")


@attrs.frozen
class SecretEdge(RollUnderCheck):
    """Biased: always rolls with edge (recorded), but claims the plain odds."""

    def resolve(self, rng: rollwerk.Rng) -> rollwerk.CheckResult:
        return RollUnderCheck(self.skill, edge=True).resolve(rng)


@attrs.frozen
class SecondChance(RollUnderCheck):
    """Biased: rerolls a failure once (both draws recorded), claims plain odds."""

    def resolve(self, rng: rollwerk.Rng) -> rollwerk.CheckResult:
        first = super().resolve(rng)
        if first.success or not first.rolled:
            return first
        second = super().resolve(rng)
        return attrs.evolve(second, rolls=first.rolls + second.rolls)


@pytest.mark.parametrize("cls", [SecretEdge, SecondChance])
@pytest.mark.parametrize("skill", [1, 3, 5])
def test_i3_4_biased_resolve_fails_goodness_of_fit_every_time(cls, skill):
    """I3-4: a check whose dice replay but whose odds are biased always fails.

    Every other property holds (the dice are recorded, replay, JSON), so only
    the goodness-of-fit test can catch it; with fixed seeds it does so on
    every run.
    """
    for _ in range(2):
        with pytest.raises(ContractViolation) as info:
            assert_check_contract(cls(skill=skill))
        assert "resolve() and outcomes() disagree" in str(info.value)


@attrs.frozen
class OutsideSupport(RollUnderCheck):
    def outcomes(self) -> Distribution[Outcome]:
        return super().outcomes().condition(lambda o: o.value != 5)


def test_result_outside_support_is_caught():
    with pytest.raises(ContractViolation, match="is not in the support of outcomes"):
        assert_check_contract(OutsideSupport(skill=4))


@attrs.frozen
class Unrecorded(RollUnderCheck):
    """Draws an extra die it never records."""

    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        rng.roll(6)
        return super().resolve(rng)


def test_unrecorded_die_is_caught_by_replay():
    with pytest.raises(ContractViolation, match="replaying the recorded faces"):
        assert_check_contract(Unrecorded(skill=4))


@attrs.frozen
class Recorded(RollUnderCheck):
    """Records a die it never drew."""

    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        r = super().resolve(rng)
        return attrs.evolve(r, rolls=(*r.rolls, DieRoll(6, 3, "ghost")))


def test_recorded_but_undrawn_die_is_caught():
    with pytest.raises(ContractViolation, match="left 1 unused"):
        assert_check_contract(Recorded(skill=4))


_OWN_SEEDS = itertools.count(1000)


@attrs.frozen
class Unseeded(RollUnderCheck):
    """Ignores the Rng it is given and uses its own."""

    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        return super().resolve(SeededRng(next(_OWN_SEEDS)))


def test_ignoring_the_rng_is_caught():
    with pytest.raises(
        ContractViolation, match=r"seed 0: resolve\(\) recorded 1 die but drew none"
    ):
        assert_check_contract(Unseeded(skill=4), resolutions=10)


@attrs.frozen
class DrawsButIgnores(RollUnderCheck):
    """Draws a face from the Rng it is given, then rolls with its own."""

    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        rng.roll(6)
        return super().resolve(SeededRng(next(_OWN_SEEDS)))


def test_drawing_but_ignoring_the_rng_is_caught():
    # Caught by whichever comes first: the same seed giving two results, or
    # the recorded faces not replaying to the same result.
    pattern = r"seed \d+ gave|replaying the recorded faces \[\d\] gave"
    with pytest.raises(ContractViolation, match=pattern):
        assert_check_contract(DrawsButIgnores(skill=4), resolutions=10)


@attrs.frozen
class OwnRandom(RollUnderCheck):
    """Rolls with its own ``random.Random(0)``: the same faces every time."""

    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        own = random.Random(0)
        return super().resolve(SeededRng(own.randrange(2**32)))


def test_rolling_with_its_own_random_source_is_caught():
    # Identical fresh seeds give identical results and the recorded faces
    # replay, so only the Rng-dependence property catches it, before the
    # goodness-of-fit test (which would need many resolutions).
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(OwnRandom(skill=4), resolutions=10, replays=3)
    assert str(info.value) == (
        "toy:check(skill=4, modifier=0, edge=False, difficulty='normal'): "
        "seed 0: resolve() recorded 1 die but drew none from the Rng it was "
        "given (does it roll with its own random source?)"
    )


@attrs.frozen
class NoDraws(RollUnderCheck):
    """Draws nothing from its Rng, records nothing, yet varies."""

    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        result = super().resolve(SeededRng(random.Random().randrange(2**32)))
        return attrs.evolve(result, rolls=(), rolled=False)


def test_a_random_result_without_draws_is_caught():
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(NoDraws(skill=4), resolutions=10, replays=1)
    assert str(info.value).endswith(
        "seed 0: resolve() drew no die from the Rng it was given, yet "
        "outcomes() has 7 outcomes (does it roll with its own random source?)"
    )


@attrs.frozen
class WrongName(RollUnderCheck):
    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        return attrs.evolve(super().resolve(rng), check="attack")


def test_result_naming_another_check_is_caught():
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(WrongName(skill=4))
    assert str(info.value).endswith(
        "the result names ruleset 'toy' and check 'attack'; "
        "it must name 'toy' and 'check'"
    )


@attrs.frozen
class NotRolled(RollUnderCheck):
    def resolve(self, rng: Rng) -> rollwerk.CheckResult:
        return attrs.evolve(super().resolve(rng), rolled=False)

    def outcomes(self) -> Distribution[Outcome]:
        return super().outcomes().map(lambda o: attrs.evolve(o, rolled=False))


def test_rolled_flag_must_match_recorded_dice():
    with pytest.raises(
        ContractViolation, match="rolled is False but 1 dice are recorded"
    ):
        assert_check_contract(NotRolled(skill=4))


@pytest.mark.parametrize(
    ("extras", "got"),
    [
        ({"value": 1}, "'value'"),
        ((("a", 1), ("probability", 2)), "'probability'"),  # the canonical form
        ({"level": "x", "success": True, "raises": 1}, "['level', 'success']"),
    ],
)
def test_extras_named_like_an_outcome_field_are_refused(extras: Any, got: str) -> None:
    """An outcome's JSON has its extras inline: ``value`` would overwrite it."""
    outcome = Outcome(True, Degree.SUCCESS, 3)
    with pytest.raises(ParameterError) as info:
        attrs.evolve(outcome, extras=extras)
    assert str(info.value) == (
        "extras must be named other than 'degree', 'level', 'probability', "
        "'rolled', 'success', 'value' (an outcome's own fields), got " + got
    )
    loaded = CheckResult(
        True, Degree.SUCCESS, 3, (), Explanation.fixed(en="x", de="x")
    ).to_json()
    loaded["extras"] = {"value": 1}
    with pytest.raises(SchemaError) as schema:
        CheckResult.from_json(loaded)
    assert str(schema.value).startswith(
        "malformed check result JSON: extras.value must be named other than "
    )


@attrs.frozen
class FractionExtras(RollUnderCheck):
    def outcomes(self) -> Distribution[Outcome]:
        return (
            super()
            .outcomes()
            .map(lambda o: attrs.evolve(o, extras={"x": Fraction(1, 2)}))  # type: ignore[dict-item]
        )


def test_non_json_extras_are_refused_when_the_outcome_is_built():
    """An outcome is hashed and written to JSON as it is: a Fraction, a float
    or a list in its extras would fail later, far from the judge."""
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(FractionExtras(skill=4))
    assert str(info.value) == (
        "toy:check(skill=4, modifier=0, edge=False, difficulty='normal'): "
        "outcomes() raised ParameterError: extras['x'] must be a string, an "
        "integer from -2**63 to 2**63 - 1, True, False or None, got Fraction(1, 2)"
    )
    assert isinstance(info.value.__cause__, ParameterError)
    for bad in ([1], 1.5, 2**63):
        with pytest.raises(ParameterError, match=r"^extras\['x'\] must be"):
            Outcome(True, Degree.SUCCESS, 1, extras={"x": bad})  # type: ignore[dict-item]
    assert Outcome(True, Degree.SUCCESS, 1, extras={"x": -(2**63)}).extra("x") == -(
        2**63
    )


# -- monotonicity, contests, declarations --------------------------------------


def test_wrong_monotonic_declaration_is_caught():
    params = list(TOY.checks()[0].parameters)
    params[1] = attrs.evolve(params[1], monotonic=Monotonic.DECREASING)
    ruleset = with_check(RollUnderCheck, parameters=params)
    spec = ruleset.checks()[0]
    values = {"skill": 3, "modifier": 0, "edge": False, "difficulty": "normal"}
    with pytest.raises(ContractViolation) as info:
        assert_monotonic(ruleset, spec, values)
    assert str(info.value) == (
        "ruleset 'toy', check 'check': modifier is declared DECREASING but "
        "P(success) goes from 0 at modifier=-3 to 1/6 at modifier=-2 "
        "(other parameters: {'skill': 3, 'edge': False, 'difficulty': 'normal'})"
    )


def test_monotonic_choices_follow_declared_order():
    params = list(TOY.checks()[0].parameters)
    params[3] = attrs.evolve(params[3], monotonic=Monotonic.INCREASING)
    ruleset = with_check(RollUnderCheck, parameters=params)
    values = {"skill": 3, "modifier": 0, "edge": False, "difficulty": "normal"}
    with pytest.raises(ContractViolation, match="difficulty is declared INCREASING"):
        assert_monotonic(ruleset, ruleset.checks()[0], values)


def test_asymmetric_contest_declared_symmetric_is_caught():
    def initiator_wins_ties(first: Outcome, second: Outcome) -> ContestOutcome:
        result = TOY.contest(first, second)
        return ContestOutcome.FIRST if result is ContestOutcome.TIE else result

    ruleset = with_check(RollUnderCheck, contest=initiator_wins_ties)
    a, b = build_check(ruleset, skill=3), build_check(ruleset, skill=4)
    with pytest.raises(ContractViolation, match="declared symmetric, but swapping"):
        assert_contest_contract(ruleset, a, b)
    assert_contest_contract(ruleset, a, b, symmetric=False)
    honest = with_check(RollUnderCheck, contest=initiator_wins_ties, symmetric=False)
    assert_ruleset_contract(honest, max_examples=2, resolutions=200)


def test_contest_must_return_contest_outcomes():
    ruleset = with_check(RollUnderCheck, contest=lambda a, b: "first")  # type: ignore[arg-type,return-value]
    a = build_check(ruleset, skill=3)
    with pytest.raises(ContractViolation, match="not a ContestOutcome"):
        assert_contest_contract(ruleset, a, a)


def test_declaration_needs_finite_ranges():
    ruleset = with_check(
        lambda skill: RollUnderCheck(skill=skill),
        parameters=[Parameter("skill", int, min_value=0)],
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(ruleset)
    assert str(info.value) == (
        "ruleset 'toy', check 'check': parameter 'skill' must declare min_value "
        "and max_value, or choices (the contract kit and generic code draw from "
        "them)"
    )


def test_declaration_checks_defaults_labels_and_ids():
    # a default outside the range: refused when declared, before the kit
    with pytest.raises(rollwerk.ParameterError) as info:
        Parameter("skill", int, default=9, min_value=0, max_value=6)
    assert str(info.value) == "default of skill must be an integer from 0 to 6, got 9"

    @attrs.frozen
    class NoGerman(ToyRuleset):
        @property
        def labels(self) -> Any:
            return {"en": super().labels["en"]}

    with pytest.raises(ContractViolation, match="labels has no 'de' entry"):
        assert_ruleset_declaration(NoGerman())

    @attrs.frozen
    class Colon(ToyRuleset):
        @property
        def id(self) -> str:
            return "toy:2"

    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(Colon())
    assert str(info.value) == (
        "ruleset id must be a word without spaces, dots, colons or '+' that "
        "does not start with '-', got 'toy:2'"
    )


def test_ruleset_properties_extension_point():
    seen: list[str] = []

    def durations_never_revive(ruleset: rollwerk.Ruleset) -> None:
        seen.append(ruleset.id)

    RULESET_PROPERTIES.append(durations_never_revive)
    try:
        assert_ruleset_contract(TOY, max_examples=0, resolutions=50, replays=1)
        assert seen == ["toy"]
        assert_ruleset_contract(
            TOY, max_examples=0, resolutions=50, replays=1, properties=False
        )
        assert seen == ["toy"]
    finally:
        RULESET_PROPERTIES.remove(durations_never_revive)


def test_refused_combinations_are_skipped():
    def picky(dice: int, threshold: int) -> PoolCheck:
        if threshold > dice:
            raise rollwerk.RulesError("threshold above dice")
        return PoolCheck(dice=dice, threshold=threshold)

    ruleset = with_check(picky, parameters=TOY.checks()[1].parameters, name="pool")
    assert_ruleset_contract(ruleset, max_examples=4, resolutions=200)


# -- strategies ------------------------------------------------------------------


@given(params=rst.parameters(TOY.checks()[0]))
def test_parameters_are_within_declared_ranges(params):
    assert 0 <= params["skill"] <= 6
    assert -3 <= params["modifier"] <= 3
    assert isinstance(params["edge"], bool)
    assert params["difficulty"] in {"easy", "normal", "hard"}


@given(rng=rst.rngs(seeds=rst.seeds(max_value=10)))
def test_rngs_are_seeded(rng):
    assert isinstance(rng, SeededRng)
    assert 0 <= rng.seed <= 10


@given(check=rst.checks("toy", check="pool"))
def test_checks_by_installed_id(check):
    assert isinstance(check, PoolCheck)


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch):
    monkeypatch.setattr(
        rollwerk.plugins._registry,
        "_DEFAULT",
        Registry(load_entrypoints=False, plugins=[examples]),
    )


def test_checks_unknown_check_fails_when_drawn():
    strategy = rst.checks(TOY, check="attack")

    @given(strategy)
    def draw(check: Any) -> None:
        pass

    with pytest.raises(
        rollwerk.RollwerkError,
        match=r"check of ruleset .toy. must be one of: check, pool",
    ):
        draw()


def test_parameter_values_of_free_strings():
    strategy = rst.parameter_values(Parameter("name", str))

    @given(strategy)
    def draw(value: Any) -> None:
        assert isinstance(value, str)

    draw()


# -- import hygiene --------------------------------------------------------------


def run_python(code: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_import_rollwerk_imports_neither_hypothesis_nor_pytest():
    out = run_python(
        """
        import sys
        import rollwerk, rollwerk.plugins, rollwerk.plugins.hookspecs
        rollwerk.plugins.Registry(load_entrypoints=False).ids()
        print(sorted(m for m in ("hypothesis", "pytest", "rollwerk.testing")
                     if m in sys.modules))
        """
    )
    assert out == "[]"


def test_pytest_plugin_and_kit_package_import_lazily():
    out = run_python(
        """
        import sys
        import rollwerk.testing, rollwerk.testing._pytest_plugin
        print("hypothesis" in sys.modules)
        rollwerk.testing.assert_distribution_valid
        print("hypothesis" in sys.modules)
        """
    )
    assert out.splitlines() == ["False", "True"]


def test_testing_namespace_lists_its_names():
    import rollwerk.testing as kit

    assert "assert_ruleset_contract" in dir(kit)
    assert kit.strategies is rst
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        kit.nope  # noqa: B018


def test_a_single_outcomes_frequency_is_checked_on_its_own():
    """Success and degree agree; only the events of single outcomes differ."""
    one, two = Outcome(True, Degree.SUCCESS, 1), Outcome(True, Degree.SUCCESS, 2)
    dist = Distribution({one: Fraction(1, 2), two: Fraction(1, 2)})
    assert_frequencies_match(dist, [one, two] * 500)
    with pytest.raises(ContractViolation) as info:
        assert_frequencies_match(dist, [one] * 900 + [two] * 100)
    assert str(info.value).startswith(
        f"check: outcome {one!r}: observed 900 of 1000 seeded resolutions (0.9000) "
        "but the exact probability is 1/2 (0.5000)"
    )


def test_a_declaration_that_raises_is_a_violation() -> None:
    """contract-kit.md: plugin code that crashes is a violation, never a
    bare exception; a catalog label that is no template raised
    ``TemplateError`` out of the kit (from a held-out designer)."""
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.i18n import Catalog
    from rollwerk.rulesets import define_ruleset

    rs = define_ruleset(
        "broken",
        "Broken",
        version="1",
        checks=[
            define_check(
                "c", dice=[6], judge=lambda f: Outcome(True, Degree.SUCCESS, f[0])
            )
        ],
        catalog=Catalog({"en": {"broken.label.success": "50% {"}}),
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(rs)
    assert str(info.value).startswith(
        "ruleset 'broken': reading its declaration (id, name, labels, catalog, "
        "levels, checks) raised TemplateError: "
    )
