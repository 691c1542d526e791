"""A check's own code that breaks the toolkit's contract is the plugin's fault.

Found by an outside author writing Call of Cthulhu from the docs: a judge
returning ``Outcome(..., skill / 5)`` made the contract kit crash with a raw
``SchemaError`` and the CLI print a result JSON that did not load back; a
dice function returning ``"9d6"`` was reported as the user's mistake (exit
2) and passed the contract kit as a refused parameter set.
"""

from __future__ import annotations

import enum

import pytest

import rollwerk
from rollwerk import Degree, Outcome, ScriptedRng, build_check
from rollwerk.checks import CheckResult, Explanation, Parameter, define_check, pool_dice
from rollwerk.cli import main
from rollwerk.errors import (
    CheckFault,
    ExplainFailed,
    ParameterError,
    PluginFault,
    RulesError,
)
from rollwerk.plugins import Registry
from rollwerk.rulesets import Ruleset, define_ruleset
from rollwerk.testing import ContractViolation, assert_ruleset_contract

N = Parameter("n", int, "dice", min_value=1, max_value=10)
VALUE = "value must be an integer from -2**63 to 2**63 - 1, or None, got 1.5"


def _halved(faces: tuple[int, ...], n: int) -> Outcome:
    return Outcome(True, Degree.SUCCESS, faces[0] / 2)  # type: ignore[arg-type]


def _sum(faces: tuple[int, ...], n: int) -> Outcome:
    ok = sum(faces) > 3 * n
    return Outcome(ok, Degree.SUCCESS if ok else Degree.FAILURE, sum(faces))


HALVED = define_ruleset(
    "halved",
    "Halved",
    checks=[define_check("check", [N], dice=lambda n: pool_dice(n, 6), judge=_halved)],
)
NOTATED = define_ruleset(
    "notated",
    "Notated",
    checks=[
        define_check(
            "check",
            [N],
            dice=lambda n: pool_dice(n, 6) if n < 8 else f"{n}d6",
            judge=_sum,
            unordered=True,
        )
    ],
)


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [HALVED, NOTATED, POOL]


def _registry() -> Registry:
    return Registry(load_entrypoints=False, plugins=[_Plugin()])


class _Size(enum.IntEnum):
    BIG = 3


def test_an_outcome_value_is_an_integer_or_none() -> None:
    with pytest.raises(ParameterError) as info:
        Outcome(True, Degree.SUCCESS, 1.5)  # type: ignore[arg-type]
    assert str(info.value) == VALUE
    with pytest.raises(ParameterError, match=r"got 'high'"):
        Outcome(True, Degree.SUCCESS, "high")  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match=r"got True"):
        Outcome(True, Degree.SUCCESS, True)
    with pytest.raises(ParameterError, match=r"got 9223372036854775808"):
        Outcome(True, Degree.SUCCESS, 2**63)
    big = Outcome(True, Degree.SUCCESS, _Size.BIG)
    assert big.value == 3
    assert big.value.__class__ is int
    assert Outcome(False, Degree.FAILURE, None).value is None
    with pytest.raises(ParameterError) as info:
        CheckResult(True, Degree.SUCCESS, 1.5, (), Explanation.fixed(en="x"))  # type: ignore[arg-type]
    assert str(info.value) == VALUE


def test_a_judge_making_a_float_value_is_a_check_fault() -> None:
    check = build_check(HALVED, n=2)
    with pytest.raises(CheckFault) as info:
        check.resolve(ScriptedRng([3, 4]))
    assert str(info.value) == (
        f"the judge of halved:check raised ParameterError: {VALUE}"
    )
    assert isinstance(info.value.__cause__, ParameterError)
    assert isinstance(info.value, RulesError)
    with pytest.raises(CheckFault, match="the judge of halved:check raised"):
        check.outcomes()


def test_a_dice_function_returning_no_dice_is_a_check_fault() -> None:
    assert build_check(NOTATED, n=7).dice == ((6, "pool"),) * 7
    with pytest.raises(CheckFault) as info:
        build_check(NOTATED, n=9)
    assert str(info.value) == (
        "the dice function of notated:check returned no valid dice: dice must be a "
        "sequence of sides or (sides, role), got '9d6'"
    )


def test_the_guard_names_the_plugin() -> None:
    registry = _registry()
    with pytest.raises(PluginFault) as info:
        build_check(registry.ruleset("notated"), n=9)
    assert str(info.value) == (
        "plugin '_Plugin' failed: notated:check factory broke its contract: the "
        "dice function of notated:check returned no valid dice: dice must be a sequence "
        "of sides or (sides, role), got '9d6'"
    )
    assert isinstance(info.value.__cause__, CheckFault)
    with pytest.raises(PluginFault, match=r"halved:check\.resolve broke its"):
        build_check(registry.ruleset("halved"), n=1).resolve(ScriptedRng([3]))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["check", "halved", "n=2", "--rolls", "3,4"],
            (
                "plugin '_Plugin' failed: halved:check.resolve broke its contract: "
                f"the judge of halved:check raised ParameterError: {VALUE}"
            ),
        ),
        (
            ["check", "notated", "n=9"],
            (
                "plugin '_Plugin' failed: notated:check factory broke its contract: "
                "the dice function of notated:check returned no valid dice: dice must be a "
                "sequence of sides or (sides, role), got '9d6'"
            ),
        ),
        (
            ["odds", "halved", "n=1"],
            (
                "plugin '_Plugin' failed: halved:check.outcomes broke its contract: "
                "the judge of halved:check raised ParameterError: value must be an "
                "integer from -2**63 to 2**63 - 1, or None, got 0.5"
            ),
        ),
    ],
)
def test_the_cli_reports_the_plugins_fault_with_exit_3(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv, registry=_registry()) == 3
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"rollwerk: error: {message}\n")


def test_the_contract_kit_reports_both_as_violations() -> None:
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(HALVED)
    assert str(info.value) == (
        "halved:check(n=5): judging the faces (1, 1, 5, 5, 5) raised CheckFault: "
        "the judge of halved:check raised ParameterError: value must be an "
        "integer from -2**63 to 2**63 - 1, or None, got 0.5"
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(NOTATED)
    assert str(info.value).startswith("notated:check(n=")
    assert "): building the check raised CheckFault: the dice function of " in str(
        info.value
    )


def test_explain_failed_is_a_check_fault_importable_from_errors() -> None:
    assert issubclass(ExplainFailed, CheckFault)
    assert {"CheckFault", "ExplainFailed"} <= set(rollwerk.errors.__all__)


def _hits(faces: tuple[int, ...], dice: int) -> Outcome:
    hits = sum(f >= 5 for f in faces)
    return Outcome(hits > 0, Degree.SUCCESS if hits else Degree.FAILURE, hits)


POOL = define_ruleset(
    "brk",
    "Broken",
    checks=[
        define_check(
            "pool",
            [Parameter("dice", int, "dice", min_value=1, max_value=30)],
            dice=lambda dice: pool_dice(dice, 6),
            judge=_hits,
            unordered=True,
        )
    ],
)


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["odds", "brk:pool", "dice=30"], "brk:pool"),
        (["contest", "brk:pool", "dice=30", "--vs", "dice=2"], "brk:pool against pool"),
    ],
)
def test_odds_beyond_the_face_budget_say_so_in_words(
    argv: list[str], what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pool without a closed form: 30 dice are 324 632 multisets of faces."""
    registry = _registry()
    assert main(argv, registry=registry) == 2
    assert capsys.readouterr().err == (
        f"rollwerk: error: no exact odds for {what} with these parameters: face "
        "enumeration budget limit exceeded: 324632 is more than the maximum of "
        "200000 (by 124632) (its plugin gives no closed form for them; fewer dice "
        "have exact odds)\n"
    )
    assert main(["odds", "brk:pool", "dice=8"], registry=registry) == 0
