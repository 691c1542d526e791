"""The contract kit against deliberate mistakes: each is a `ContractViolation`.

A check or factory that crashes, a judge with a memory, a plugin duration
kind that loses a field in JSON, a translation naming a field English does
not: each is reported with the ruleset, the check, its parameters and the
cause, never as a bare exception.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk import Distribution, Encounter, ParameterError, Rounds
from rollwerk.checks import CheckSpec, Degree, Outcome, Parameter, define_check
from rollwerk.encounter import EncounterView, Remaining
from rollwerk.errors import CheckFault, SchemaError
from rollwerk.i18n import Catalog
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_catalog_complete,
    assert_check_contract,
    assert_encounter_contract,
    assert_ruleset_contract,
    assert_ruleset_durations,
)
from rollwerk.testing.examples import RollUnderCheck, ToyRuleset

pytest_plugins = ["pytester"]

TOY = ToyRuleset()
CORNER = "toy:check(skill=3, modifier=0, edge=False, difficulty='normal')"
TARGET = Parameter("target", int, min_value=1, max_value=6)


def _toy_with(factory: Callable[..., Any]) -> ToyRuleset:
    """The toy ruleset whose ``check`` is built by ``factory``."""
    params = tuple(TOY.checks()[0].parameters)

    @attrs.frozen
    class Variant(ToyRuleset):
        def checks(self) -> Sequence[CheckSpec]:
            return (CheckSpec("check", params, factory),)

    return Variant()


def _violation(run: Callable[[], object]) -> ContractViolation:
    with pytest.raises(ContractViolation) as info:
        run()
    return info.value


def _d6_ruleset(rid: str, judge: Callable[..., Outcome]) -> Any:
    """A ruleset ``rid`` of one check ``d6``: one d6, ``TARGET``, ``judge``."""
    return define_ruleset(
        rid,
        rid.title(),
        version="1",
        checks=[define_check("d6", [TARGET], dice=[6], judge=judge)],
    )


def _d6_violation(rid: str, judge: Callable[..., Outcome]) -> ContractViolation:
    """What the kit says of `_d6_ruleset`."""
    rs = _d6_ruleset(rid, judge)
    return _violation(lambda: assert_ruleset_contract(rs, max_examples=0))


def _judge(faces: tuple[int, ...], target: int) -> Outcome:
    hit = faces[0] >= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


CHECK = define_check("d6", [TARGET], dice=[6], judge=_judge)


# -- A: plugin code that crashes -------------------------------------------------


@attrs.frozen
class _DictOutcomes(RollUnderCheck):
    def outcomes(self) -> Any:
        return dict(super().outcomes().items())


class _DistributionLike:
    """Has what a Distribution has, by name only."""

    def support(self) -> list[Outcome]:
        return []

    def __repr__(self) -> str:
        return "<distribution-like>"


@attrs.frozen
class _DuckOutcomes(RollUnderCheck):
    def outcomes(self) -> Any:
        return _DistributionLike()


def test_outcomes_that_are_a_dict_are_a_violation() -> None:
    exc = _violation(
        lambda: assert_ruleset_contract(_toy_with(_DictOutcomes), max_examples=0)
    )
    assert str(exc).startswith(
        f"{CORNER}: outcomes(): expected a Distribution, got {{Outcome("
        "success=False, degree=<Degree.CRITICAL_FAILURE: 'critical_failure'>, "
        "value=6, rolled=True, extras=(('fumble', True),), level=None): "
        "Fraction(1, 12), Outcome("
    )


def test_outcomes_that_only_look_like_a_distribution_are_a_violation() -> None:
    exc = _violation(
        lambda: assert_ruleset_contract(_toy_with(_DuckOutcomes), max_examples=0)
    )
    assert str(exc) == (
        f"{CORNER}: outcomes(): expected a Distribution, got <distribution-like>"
    )
    exc = _violation(lambda: assert_check_contract(_DuckOutcomes(skill=4)))
    assert str(exc).endswith(
        ": outcomes(): expected a Distribution, got <distribution-like>"
    )


def _index_error_at_six(**params: Any) -> RollUnderCheck:
    built = [RollUnderCheck(**params)]
    return built[int(params["skill"]) // 6]  # a bug: out of range at skill 6


def test_a_factory_raising_is_a_violation_naming_the_parameters() -> None:
    exc = _violation(
        lambda: assert_ruleset_contract(
            _toy_with(_index_error_at_six), max_examples=0, resolutions=100
        )
    )
    assert str(exc) == (
        "toy:check(skill=6, modifier=0, edge=False, difficulty='normal'): "
        "building the check raised IndexError: list index out of range"
    )
    assert isinstance(exc.__cause__, IndexError)


def test_a_factory_refusing_with_value_error_is_told_how_to_refuse() -> None:
    """A held-out kit user: a ValueError for a forbidden combination was
    reported without saying what a refusal is."""

    def value_error_at_six(**params: Any) -> RollUnderCheck:
        if params["skill"] == 6:
            raise ValueError("skill 6 is not allowed here")
        return RollUnderCheck(**params)

    exc = _violation(
        lambda: assert_ruleset_contract(
            _toy_with(value_error_at_six), max_examples=0, resolutions=100
        )
    )
    assert str(exc) == (
        "toy:check(skill=6, modifier=0, edge=False, difficulty='normal'): "
        "building the check raised ValueError: skill 6 is not allowed here (a "
        "combination the rules forbid is refused with "
        "rollwerk.ParameterError(name, value, allowed))"
    )


def test_a_refusal_by_rollwerk_error_is_still_skipped() -> None:
    def refuse_six(**params: Any) -> RollUnderCheck:
        if params["skill"] == 6:
            raise ParameterError("skill", 6, "at most 5 here")
        return RollUnderCheck(**params)

    assert_ruleset_contract(
        _toy_with(refuse_six), max_examples=1, resolutions=100, properties=False
    )


def _judge_refusing_sixes(faces: tuple[int, ...], target: int) -> Outcome:
    if faces[0] == 6:
        raise ParameterError("faces", faces, "no six")
    return _judge(faces, target)


def test_a_judge_raising_for_valid_parameters_is_a_violation() -> None:
    exc = _d6_violation("judged", _judge_refusing_sixes)
    assert str(exc) == (
        "judged:d6(target=3): outcomes() raised CheckFault: the judge of "
        "judged:d6 raised ParameterError: faces must be no six, got (6,)"
    )
    assert isinstance(exc.__cause__, CheckFault)
    assert isinstance(exc.__cause__.__cause__, ParameterError)


def test_a_closed_form_returning_a_dict_is_a_violation() -> None:
    def odds(target: int) -> Any:
        return {_judge((f,), target): 1 for f in range(1, 7)}

    check = define_check("d6", [TARGET], dice=[6], judge=_judge, odds=odds)
    rs = define_ruleset("closed", "Closed", version="1", checks=[check])
    exc = _violation(lambda: assert_ruleset_contract(rs, max_examples=0))
    assert str(exc).startswith(
        "closed:d6(target=3): outcomes() raised CheckFault: the odds function of "
        "closed:d6 returned {Outcome("
    )
    assert str(exc).endswith("not a Distribution")
    assert isinstance(exc.__cause__, CheckFault)


def test_resolve_raising_names_the_seed() -> None:
    @attrs.frozen
    class Crashing(RollUnderCheck):
        def resolve(self, rng: rollwerk.Rng) -> rollwerk.CheckResult:
            raise ZeroDivisionError("division by zero")

    exc = _violation(lambda: assert_check_contract(Crashing(skill=4), seed=7))
    assert str(exc) == (
        "toy:check(skill=4, modifier=0, edge=False, difficulty='normal'): "
        "resolving with SeededRng(7) raised ZeroDivisionError: division by zero"
    )


def test_keyboard_interrupt_is_not_wrapped() -> None:
    @attrs.frozen
    class Interrupted(RollUnderCheck):
        def outcomes(self) -> Distribution[Outcome]:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        assert_check_contract(Interrupted(skill=4))


# -- D: a judge with a memory ------------------------------------------------------


def _forgetful_judge() -> Callable[..., Outcome]:
    """Pure for its first 50 calls; then every success is a failure."""
    calls = [0]

    def judge(faces: tuple[int, ...], target: int) -> Outcome:
        calls[0] += 1
        outcome = _judge(faces, target)
        if calls[0] > 50 and outcome.success:
            return Outcome(False, Degree.FAILURE, faces[0])
        return outcome

    return judge


def test_a_judge_that_changes_its_mind_is_not_pure() -> None:
    exc = _d6_violation("moody", _forgetful_judge())
    assert str(exc) == (
        "moody:d6(target=1): the judge of moody:d6 is not pure: faces (4,) gave "
        "Outcome(success=True, degree=<Degree.SUCCESS: 'success'>, value=4, "
        "rolled=True, extras=(), level=None), then Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=4, rolled=True, extras=(), "
        "level=None) (a judge must depend on the faces and parameters only)"
    )


def test_a_pure_judge_passes_the_purity_check() -> None:
    rs = _d6_ruleset("calm", _judge)
    assert_ruleset_contract(rs, max_examples=2, resolutions=200, properties=False)


# -- B and C: plugin duration kinds ----------------------------------------------


@attrs.frozen
class Scenes:
    """A plugin kind: over after n rounds; its JSON forgets the bound end."""

    n: int
    ends_at: int | None = None

    kind = "fault_scenes"

    @property
    def unit(self) -> str | None:
        return "rounds"

    @property
    def anchor(self) -> str | None:
        return None

    def bind(self, state: EncounterView, source: str, target: str) -> Scenes:
        return Scenes(self.n, state.round + self.n)

    def is_over(self, state: EncounterView) -> bool:
        return self.ends_at is not None and state.round >= self.ends_at

    def remaining(self, state: EncounterView) -> Remaining:
        return None if self.ends_at is None else max(0, self.ends_at - state.round)

    def rebind(self, state: EncounterView, combatant: str) -> Scenes:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "n": self.n}  # the fault: no "ends_at"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Scenes:
        _own_kind(cls.kind, data)
        return cls(data["n"], data.get("ends_at"))


def _own_kind(kind: str, data: Mapping[str, Any]) -> None:
    """Refuse another kind's document, as a decoder must (plugins.md)."""
    if data.get("kind") != kind:
        raise SchemaError.field("kind", repr(kind), data.get("kind"))


KINDS = {Scenes.kind: Scenes.from_json}

LOST_END = (
    "duration contract: encounters round-trip through JSON: round 0: loaded "
    "state differs at effects[{i}].duration.ends_at: 1 != None (both write "
    "the same JSON: to_json() or from_json() loses it)"
)


def test_a_plugin_kind_losing_a_field_is_caught_by_the_ruleset_durations() -> None:
    assert_ruleset_durations(TOY)  # without the kind: nothing to see
    exc = _violation(lambda: assert_ruleset_durations(TOY, kinds=KINDS))
    assert str(exc) == LOST_END.format(i=18)


def test_a_plugin_kind_that_cannot_be_built_is_reported() -> None:
    def decoder(data: Mapping[str, Any]) -> Any:
        raise SchemaError.field("n", "a number of scenes", data.get("n"))

    exc = _violation(lambda: assert_ruleset_durations(TOY, kinds={"opaque": decoder}))
    assert str(exc) == (
        "duration contract: plugin kinds: could not build a duration of kind "
        "'opaque' to exercise: its decoder refuses {'kind': 'opaque'}, and "
        "calling the class of a from_json decoder with 1, 3, 'scene-end' or 'A' "
        "for each required argument gave none that an encounter accepts"
    )


def test_loaded_state_differs_names_the_first_differing_path() -> None:
    enc, _ = Encounter.create(["A", "B"]).add_effect(
        "x", source="A", target="B", duration=Rounds(3)
    )
    enc, _ = enc.add_effect("y", source="A", target="B", duration=Scenes(2))
    exc = _violation(lambda: assert_encounter_contract(enc, turns=1, kinds=KINDS))
    assert str(exc) == LOST_END.format(i=1).replace("1 != None", "2 != None")


@attrs.frozen
class Halved(Scenes):
    """Writes half of n: the JSON documents differ."""

    kind = "fault_halved"

    def bind(self, state: EncounterView, source: str, target: str) -> Halved:
        return Halved(self.n, state.round + self.n)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "n": self.n, "ends_at": self.ends_at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Halved:
        _own_kind(cls.kind, data)
        return cls(data["n"] // 2, data["ends_at"])


def test_a_difference_in_the_json_documents_is_named_by_its_json_path() -> None:
    enc, _ = Encounter.create(["A"]).add_effect(
        "x", source="A", target="A", duration=Halved(3)
    )
    exc = _violation(
        lambda: assert_encounter_contract(
            enc, turns=1, kinds={Halved.kind: Halved.from_json}
        )
    )
    assert str(exc) == (
        "duration contract: encounters round-trip through JSON: round 0: loaded "
        "state differs at effects[0].duration.n: 3 != 1 (in to_json() of the "
        "state and of the loaded state)"
    )


PLUGIN_CONFTEST = """
import rollwerk
import rollwerk.plugins
from test_contract_kit_faults import KINDS
from rollwerk.testing.examples import ToyRuleset


class Faulty:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self):
        return [ToyRuleset()]

    @rollwerk.hookimpl
    def rollwerk_register_duration_kinds(self):
        return KINDS


def pytest_configure(config):
    rollwerk.plugins.get_registry(fresh=True).register(Faulty(), name="faulty")
"""


def test_the_pytest_option_exercises_the_plugins_duration_kinds(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLLWERK_NO_ENTRYPOINTS", "1")
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).parent), prepend=os.pathsep)
    pytester.makeconftest(PLUGIN_CONFTEST)
    result = pytester.runpytest_subprocess(
        "--rollwerk-contract=toy", "-k", "durations", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(failed=1, deselected=4)
    result.stdout.fnmatch_lines([f"ContractViolation: {LOST_END.format(i=18)}"])


def test_the_plugin_kinds_of_a_ruleset_are_its_plugins_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rollwerk.testing import _pytest_plugin, examples

    class Faulty:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [define_ruleset("faulty", "Faulty", version="1", checks=[CHECK])]

        @rollwerk.hookimpl
        def rollwerk_register_duration_kinds(self) -> Mapping[str, Any]:
            return KINDS

    class Other:
        @rollwerk.hookimpl
        def rollwerk_register_duration_kinds(self) -> Mapping[str, Any]:
            return {"other_kind": Scenes.from_json}

    registry = Registry(load_entrypoints=False, plugins=[examples])
    registry.register(Faulty(), name="faulty")
    registry.register(Other(), name="other")
    monkeypatch.setattr("rollwerk.plugins._registry.get_registry", lambda: registry)
    assert _pytest_plugin._plugin_kinds("faulty") == KINDS
    assert _pytest_plugin._plugin_kinds("toy") == {}
    assert _pytest_plugin._plugin_kinds("nope") == {}


# -- E: catalog templates ----------------------------------------------------------


TYPO = Catalog(
    {
        "en": {"typo.rolled": "rolled {face}", "typo.label.x": "x"},
        "de": {"typo.rolled": "gewürfelt {fase}", "typo.label.x": "x"},
    }
)


def test_a_translation_naming_another_field_is_a_violation() -> None:
    exc = _violation(lambda: assert_catalog_complete(TYPO, "typo"))
    assert str(exc) == (
        "catalog: the template of 'typo.rolled' in 'de' ('gewürfelt {fase}') names "
        "the field 'fase', which its English template ('rolled {face}') does not "
        "name (it names: 'face')"
    )


@pytest.mark.parametrize(
    ("de", "problem"),
    [
        ("gewürfelt", None),  # naming fewer fields is fine
        (
            "gewürfelt {face} {}",
            (
                "names the field '', which its English template ('rolled {face}') "
                "does not name (it names: 'face')"
            ),
        ),
        (
            "gewürfelt {face",
            "is not a str.format template: expected '}' before end of string",
        ),
    ],
)
def test_template_fields_are_read_up_to_a_dot_or_bracket(
    de: str, problem: str | None
) -> None:
    cat = Catalog({"en": {"t.m": "rolled {face}"}, "de": {"t.m": de}})
    if problem is None:
        assert_catalog_complete(cat, "t")
        return
    exc = _violation(lambda: assert_catalog_complete(cat, "t"))
    assert str(exc) == f"catalog: the template of 't.m' in 'de' ({de!r}) {problem}"


@pytest.mark.parametrize(
    ("de", "reason"),
    [
        # the field is read up to the dot or bracket ('face', which English
        # names), and the registry then leaves the template out
        (
            "gewürfelt {face.value} {face[0]}",
            "the placeholder '{face.value}' is not a name like '{who}'",
        ),
        (
            "gewürfelt {face!r:>4}",
            (
                "the placeholder '{face!r:>4}' has a conversion ('!r') and a format "
                "spec (':>4'): a plugin's template names a field only, as '{face}'"
            ),
        ),
    ],
)
def test_templates_the_registry_leaves_out_fail_the_kit(de: str, reason: str) -> None:
    """They passed the kit, then ``Registry.catalogs()`` dropped them (helper-191)."""
    cat = Catalog({"en": {"t.m": "rolled {face}"}, "de": {"t.m": de}})
    exc = _violation(lambda: assert_catalog_complete(cat, "t"))
    assert str(exc) == (
        f"catalog: catalog message 't.m' in 'de' ({de!r}) is left out: {reason}"
    )


def test_fields_a_text_gives_beyond_english_can_be_declared() -> None:
    """The texts of a message may give more fields than English names."""
    cat = Catalog(
        {
            "en": {"t.m": "above the pool of {dice}"},
            "de": {"t.m": "höher als die Würfelanzahl {n}"},
        }
    )
    exc = _violation(lambda: assert_catalog_complete(cat, "t"))
    assert str(exc).endswith(
        "names the field 'n', which its English template "
        "('above the pool of {dice}') does not name (it "
        "names: 'dice')"
    )
    assert_catalog_complete(cat, "t", extra_fields={"t.m": ["n"]})
    other = _violation(
        lambda: assert_catalog_complete(cat, "t", extra_fields={"t.other": ["n"]})
    )
    assert str(other) == str(exc)


def test_a_judge_that_draws_its_own_randomness_is_not_pure() -> None:
    own = random.Random(5)  # a judge's own randomness, not the Rng's

    def judge(faces: tuple[int, ...], target: int) -> Outcome:
        if own.random() < 0.5:
            return Outcome(True, Degree.SUCCESS, faces[0])
        return Outcome(False, Degree.FAILURE, faces[0])

    exc = _d6_violation("dicey", judge)
    # named as impure, not as faces that resolve to another outcome
    assert str(exc) == (
        "dicey:d6(target=3): the judge of dicey:d6 is not pure: faces (4,) gave "
        "Outcome(success=True, degree=<Degree.SUCCESS: 'success'>, value=4, "
        "rolled=True, extras=(), level=None), then Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=4, rolled=True, extras=(), "
        "level=None) (a judge must depend on the faces and parameters only)"
    )


def test_an_exception_without_a_message_says_where_it_was_raised() -> None:
    def judge(faces: tuple[int, ...], target: int) -> Outcome:
        if faces[0] == 6:  # a plugin's bare assert (pytest rewrites ours)
            raise AssertionError
        return Outcome(faces[0] <= target, Degree.SUCCESS, faces[0])

    exc = _d6_violation("bare", judge)
    line = judge.__code__.co_firstlineno + 2
    assert str(exc) == (
        "bare:d6(target=3): outcomes() raised AssertionError (no message) at "
        f"test_contract_kit_faults.py:{line} in judge"
    )


def test_a_stop_rule_that_raises_is_named_not_the_judge() -> None:
    n = Parameter("n", int, min_value=1, max_value=3)
    check = define_check(
        "s",
        [n],
        dice=[6, 6],
        judge=lambda faces, n: Outcome(True, Degree.SUCCESS, max(faces)),
        stop=lambda faces, n: faces[5] == 1,
    )
    ruleset = define_ruleset("zz", "ZZ", version="1", checks=[check])
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(ruleset)
    message = str(info.value)
    assert message.startswith("zz:s(n=")
    assert "): asking the stop rule while drawing with SeededRng(" in message
    assert message.endswith(") raised IndexError: tuple index out of range")
