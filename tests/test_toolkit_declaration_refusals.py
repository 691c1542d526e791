"""A plugin author's declarations refused early, and contest keys reported as theirs.

Found by a held-out author (a WFRP-like d100 system): a die of 10**8 sides
ran out of memory while the check listed its faces, a contest key that
returned a list or raised was blamed on the user, a key of ``None`` tied
every contest in the odds but failed in a played contest, and
``define_ruleset(version=1)`` was accepted until the registry dropped it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import rollwerk
from rollwerk import SeededRng, build_check
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.cli._main import main
from rollwerk.errors import CheckFault, LimitExceeded, ParameterError
from rollwerk.plugins import Registry
from rollwerk.rulesets import (
    ContestOutcome,
    RulesetSpec,
    contest_odds,
    contest_result,
    define_ruleset,
)


def _judge(faces: tuple[int, ...], **_: object) -> Outcome:
    won = faces[0] >= 4
    return Outcome(won, Degree.SUCCESS if won else Degree.FAILURE, faces[0])


D6 = define_check("roll", dice=[6], judge=_judge)


# -- dice within notation's limits ----------------------------------------------


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        (
            [10**8],
            (
                "sides limit exceeded: 100000000 is more than the maximum of "
                "10000 (by 99990000)"
            ),
        ),
        (
            [6] * 1001,
            "dice count limit exceeded: 1001 is more than the maximum of 1000 (by 1)",
        ),
        (
            [(6, "check"), (10_001, "wild")],
            "sides limit exceeded: 10001 is more than the maximum of 10000 (by 1)",
        ),
    ],
)
def test_define_check_refuses_dice_beyond_notations_limits(
    dice: list[Any], message: str
) -> None:
    with pytest.raises(LimitExceeded) as info:
        define_check("big", dice=dice, judge=_judge)
    assert str(info.value) == message


def test_dice_at_the_limits_are_accepted() -> None:
    big = define_ruleset(
        "big", "Big", checks=[define_check("t", dice=[10_000], judge=_judge)]
    )
    assert build_check(big).resolve(SeededRng(1)).rolls[0].sides == 10_000
    define_check("many", dice=[6] * 1000, judge=_judge)


def test_a_dice_function_asked_for_a_huge_die_is_refused_before_its_faces() -> None:
    sized = define_ruleset(
        "sized",
        "Sized",
        checks=[
            define_check(
                "t",
                parameters=[Parameter("sides", int, min_value=1)],
                dice=lambda sides: [sides],
                judge=_judge,
            )
        ],
    )
    with pytest.raises(LimitExceeded) as info:
        build_check(sized, sides=10**8)
    assert str(info.value) == (
        "sides limit exceeded: 100000000 is more than the maximum of 10000 "
        "(by 99990000)"
    )


@pytest.mark.parametrize("role", ["", " ", " wild", "wild\n", "\u200b", "\u3000", 3])
def test_a_die_role_must_print_and_not_be_blank(role: Any) -> None:
    # it shows on the rolls: line and names the message <ruleset>.role.<role>
    with pytest.raises(ParameterError) as info:
        define_check("t", dice=[(6, role)], judge=_judge)
    assert str(info.value) == (
        "die role must be a printable string, not blank, without spaces at its "
        f"ends, got {role!r}"
    )


def test_a_role_of_several_words_is_a_role() -> None:
    check = define_check("t", dice=[(6, "wild die"), (6, "x.y")], judge=_judge)
    assert check.dice == ((6, "wild die"), (6, "x.y"))


def test_a_dice_function_giving_a_blank_role_is_a_check_fault() -> None:
    blank = define_ruleset(
        "blank",
        "Blank",
        checks=[
            define_check(
                "t",
                parameters=[Parameter("n", int, min_value=1, max_value=9)],
                dice=lambda n: [(6, "check" if n < 5 else " ")],
                judge=_judge,
            )
        ],
    )
    assert build_check(blank, n=4).dice == ((6, "check"),)
    with pytest.raises(CheckFault) as info:
        build_check(blank, n=5)
    assert str(info.value) == (
        "the dice function of blank:t returned no valid dice: die role must be a "
        "printable string, not blank, without spaces at its ends, got ' '"
    )


# -- contest keys ---------------------------------------------------------------


def _keyed(key: Any, rid: str = "keyed") -> RulesetSpec:
    return define_ruleset(rid, rid.title(), checks=[D6], contest_outcome_key=key)


def test_keys_that_do_not_hash_are_compared_pair_by_pair() -> None:
    listed = _keyed(lambda o: [o.value])
    plain = _keyed(lambda o: o.value, "plain")
    odds = contest_odds(listed, build_check(listed), build_check(listed))
    assert odds == contest_odds(plain, build_check(plain), build_check(plain))
    assert odds.probability(ContestOutcome.TIE) == Fraction(1, 6)


@pytest.mark.parametrize(
    "key", [lambda o: None, lambda o: o.value if o.success else None]
)
def test_a_key_of_none_is_the_plugins_fault_in_odds_and_in_play(key: Any) -> None:
    ruleset = _keyed(key)
    check = build_check(ruleset)
    failed = check.resolve(rollwerk.ScriptedRng([1]))
    message = (
        "the contest_outcome_key of ruleset 'keyed' gave None for "
        "Outcome(success=False, degree=<Degree.FAILURE: 'failure'>, value=1, "
        "rolled=True, extras=(), level=None) (a contest key is a number, a "
        "string or a tuple of them)"
    )
    with pytest.raises(CheckFault) as info:
        contest_odds(ruleset, check, check)
    assert str(info.value) == message
    with pytest.raises(CheckFault) as info:
        contest_result(ruleset, failed, failed)
    assert str(info.value) == message


def test_a_key_raising_a_parameter_error_is_the_plugins_fault() -> None:
    def key(check: Any, outcome: Outcome) -> Any:
        return Parameter("x", int).validate("a")

    ruleset = define_ruleset("raising", "Raising", checks=[D6], contest_key=key)
    check = build_check(ruleset)
    with pytest.raises(CheckFault) as info:
        contest_odds(ruleset, check, check)
    assert str(info.value) == (
        "the contest_key of ruleset 'raising' raised ParameterError: "
        "x must be an integer, got 'a'"
    )
    assert isinstance(info.value.__cause__, ParameterError)


def test_the_cli_reports_a_faulty_key_as_the_plugins_failure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[RulesetSpec]:
            return [_keyed(lambda o: Parameter("x", int).validate("a"))]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert main(["contest", "keyed", "--vs"], registry=registry) == 3
    assert capsys.readouterr().err == (
        "rollwerk: error: plugin 'Plugin' failed: keyed contest broke its contract: "
        "the contest_outcome_key of ruleset 'keyed' raised ParameterError: "
        "x must be an integer, got 'a'\n"
    )


# -- the ruleset's own fields ------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("version", 1), ("version", ""), ("distribution", 5), ("distribution", "")],
)
def test_define_ruleset_refuses_a_version_or_distribution_not_a_string(
    field: str, value: object
) -> None:
    with pytest.raises(ParameterError) as info:
        define_ruleset("x", "X", checks=[D6], **{field: value})  # type: ignore[arg-type]
    assert str(info.value) == (
        f"{field} must be a non-empty string or None, got {value!r}"
    )


# -- the CLI's argv ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["check", "ds4", 45], "['check', 'ds4', 45]"),
        ("check ds4 pw=3", "'check ds4 pw=3'"),
        ([b"check"], "[b'check']"),
    ],
)
def test_main_refuses_argv_that_is_not_a_list_of_strings(
    argv: Any, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv, registry=Registry(load_entrypoints=False)) == 2
    assert capsys.readouterr().err == (
        f"rollwerk: error: argv must be a list of strings, one per word, got {shown}\n"
    )


def test_faces_for_one_die_are_counted_in_the_singular() -> None:
    check = build_check(define_ruleset("one", "One", checks=[D6]))
    with pytest.raises(ParameterError) as info:
        check.outcome_for((1, 2))
    assert str(info.value) == "faces must be one face per die (1 die), got (1, 2)"


def test_an_extras_name_that_is_not_a_string_is_refused() -> None:
    # found by a held-out author: {1: 1} became the name "1"
    with pytest.raises(ParameterError) as info:
        Outcome(True, Degree.SUCCESS, 1, extras={1: 1})  # type: ignore[dict-item]
    assert str(info.value) == "extras name must be a string, got 1"


# -- from a held-out DSA5 author ----------------------------------------------------


def test_a_closed_form_with_outcomes_that_are_not_outcomes_is_the_plugins_fault() -> (
    None
):
    from rollwerk.distribution import Distribution

    ruleset = define_ruleset(
        "o",
        "O",
        checks=[
            define_check(
                "t", dice=[6], judge=_judge, odds=lambda: Distribution.constant(3)
            )
        ],
    )
    with pytest.raises(CheckFault) as info:
        build_check(ruleset).outcomes()
    assert str(info.value) == (
        "the odds function of o:t returned a distribution with the outcome 3, "
        "not an Outcome"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: define_ruleset("x", "X", checks=[D6], catalog={"en": {}}),
            "catalog must be a Catalog or None, got {'en': {}}",
        ),
        (
            lambda: define_ruleset("x", "X", checks=[D6, D6]),
            "check name must be unique within the ruleset, got 'roll'",
        ),
        (
            lambda: Parameter("x", str, choices="abc"),
            (
                "choices must be a list of the allowed values (not a string), or None, "
                "got 'abc'"
            ),
        ),
    ],
)
def test_declarations_that_could_not_work_are_refused(call: Any, message: str) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_a_rulesets_dialect_not_installed_is_the_plugins_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[RulesetSpec]:
            return [define_ruleset("dk", "DK", checks=[D6], dialect="klingon")]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert main(["roll", "3d20", "--ruleset", "dk"], registry=registry) == 3
    assert capsys.readouterr().err == (
        "rollwerk: error: plugin 'Plugin' failed: ruleset 'dk' names the dialect "
        "'klingon', which is not installed (dialect must be one of: avrae, foundry, "
        "german, roll20, rollwerk)\n"
    )


def test_main_reads_an_iterator_of_words_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = iter(["roll", "1d1", "--seed", "1"])
    assert main(words, registry=Registry(load_entrypoints=False)) == 0
    assert capsys.readouterr().out == "1\n"


# -- encounter traits (from a held-out Call of Cthulhu author) -------------------

INT_OR_FRACTION = "round_seconds must be an int or Fraction, got "


@pytest.mark.parametrize(
    ("seconds", "message"),
    [
        ("6", f"{INT_OR_FRACTION}'6'"),
        (True, f"{INT_OR_FRACTION}True"),
        (6.0, f"{INT_OR_FRACTION}6.0"),
        (float("nan"), f"{INT_OR_FRACTION}nan"),
        (float("inf"), f"{INT_OR_FRACTION}inf"),
        (None, f"{INT_OR_FRACTION}None"),
        ([6], f"{INT_OR_FRACTION}[6]"),
        (0, "round_seconds must be more than 0, got 0"),
        (-6, "round_seconds must be more than 0, got -6"),
        (
            Fraction(1, 10**41),
            (
                "round_seconds must be an int or Fraction of at most 40 digits "
                "above and below the line (what encounter JSON holds), got "
                "Fraction(1, 100000000000000000000000000000000000000000)"
            ),
        ),
    ],
)
def test_round_seconds_is_refused_as_encounter_create_refuses_it(
    seconds: object, message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        define_ruleset("x", "X", checks=[D6], round_seconds=seconds)  # type: ignore[arg-type]
    assert str(info.value) == message
    with pytest.raises(ParameterError) as info:
        rollwerk.encounter.Encounter.create(["A"], round_seconds=seconds)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert define_ruleset(
        "x", "X", checks=[D6], round_seconds=Fraction(15, 2)
    ).round_seconds == Fraction(15, 2)


class _Evolved:
    """A plugin registering variants made with attrs.evolve, which skips checks."""

    def __init__(self, **changes: object) -> None:
        self.changes = changes

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        import attrs

        return [attrs.evolve(define_ruleset("x", "X", checks=[D6]), **self.changes)]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        (
            {"round_seconds": "x"},
            "round_seconds must be an int or Fraction more than 0, got 'x'",
        ),
        (
            {"round_seconds": Fraction(-6)},
            "round_seconds must be an int or Fraction more than 0, got Fraction(-6, 1)",
        ),
        (
            {"actions_per_round": True},
            "actions_per_round must be an integer from 1 to 2**63 - 1, got True",
        ),
    ],
)
def test_the_registry_refuses_traits_a_variant_skipped(
    changes: dict[str, object], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Evolved(**changes)])
    assert registry.ids() == []
    assert [(f.plugin, f.reason) for f in registry.failures] == [
        ("_Evolved", f"ruleset 'x': {problem}")
    ]
    # rulesets --json said "internal error" (exit 1) for round_seconds 'x'
    assert main(["rulesets", "x", "--json"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: ruleset must be the id of an installed ruleset (none is installed), got 'x' "
        "(1 plugin failed to load: see `rollwerk rulesets`)\n"
    )
