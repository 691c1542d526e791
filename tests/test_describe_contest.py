"""Words for contests: ContestResult, contest_result (issue 20, part 2)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from rollwerk import SchemaError, ScriptedRng, build_check
from rollwerk.checks import (
    CheckResult,
    ContestOutcome,
    ContestResult,
    Degree,
    Explanation,
)
from rollwerk.rulesets import contest_result
from rollwerk.testing.examples import ToyRuleset

# ------------------------------------------------------------------ contests


def _result(
    value: int, success: bool, en: str, de: str, ruleset: str = ""
) -> CheckResult:
    return CheckResult(
        success,
        Degree.SUCCESS if success else Degree.FAILURE,
        value,
        (),
        Explanation.fixed(en=en, de=de),
        ruleset=ruleset,
    )


@pytest.mark.parametrize(
    ("outcome", "en", "de"),
    [
        (ContestOutcome.FIRST, "the first side wins", "die erste Seite gewinnt"),
        (ContestOutcome.SECOND, "the second side wins", "die zweite Seite gewinnt"),
        (ContestOutcome.TIE, "a tie", "unentschieden"),
        (ContestOutcome.REROLL, "roll both checks again", "beide Proben neu würfeln"),
        (ContestOutcome.BOTH_FAILED, "both failed", "beide gescheitert"),
    ],
)
def test_contest_result_describes_every_outcome(
    outcome: ContestOutcome, en: str, de: str
) -> None:
    r = ContestResult(_result(1, True, "a", "a"), _result(1, True, "b", "b"), outcome)
    assert (r.describe(), r.describe("de")) == (en, de)


def test_contest_result_of_two_toy_checks() -> None:
    toy = ToyRuleset()
    check = build_check(toy, skill=4)
    first = check.resolve(ScriptedRng([2]))
    second = check.resolve(ScriptedRng([5]))
    result = contest_result(toy, first, second)
    assert result == ContestResult(first, second, ContestOutcome.FIRST, "toy")
    assert result.explain() == (
        "the first side wins\n"
        "  first: rolled 2 against a chance of 4: success\n"
        "  second: rolled 5 against a chance of 4: failure"
    )
    assert ContestResult.from_json(result.to_json()) == result
    assert result._repr_html_() == (
        '<div class="rollwerk-contest"><strong>the first side wins</strong><ul>'
        "<li>first: rolled 2 against a chance of 4: success</li>"
        "<li>second: rolled 5 against a chance of 4: failure</li></ul></div>"
    )


def test_contest_result_refuses_a_foreign_result() -> None:
    from rollwerk.errors import ContestError

    foreign = _result(3, True, "x", "x", ruleset="ds4")
    mine = build_check(ToyRuleset(), skill=4).resolve(ScriptedRng([2]))
    with pytest.raises(ContestError) as info:
        contest_result(ToyRuleset(), mine, foreign)
    assert str(info.value) == "second result must belong to ruleset 'toy', got 'ds4'"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"schema": 3},
            "malformed contest result JSON: schema must be 1, got 3",
        ),
        (
            {"outcome": "win"},
            (
                "malformed contest result JSON: outcome must be one of 'first', "
                "'second', 'tie', 'reroll', 'both_failed', got 'win'"
            ),
        ),
        (
            {"ruleset": 4},
            "malformed contest result JSON: ruleset must be a string, got 4",
        ),
    ],
)
def test_malformed_contest_result_json(
    change: Mapping[str, object], message: str
) -> None:
    r = ContestResult(
        _result(1, True, "a", "a"), _result(1, True, "b", "b"), ContestOutcome.TIE
    )
    with pytest.raises(SchemaError) as info:
        ContestResult.from_json({**r.to_json(), **change})
    assert str(info.value) == message


def test_malformed_contest_side_names_the_side() -> None:
    r = ContestResult(
        _result(1, True, "a", "a"), _result(1, True, "b", "b"), ContestOutcome.TIE
    )
    data = r.to_json()
    data["second"] = {"schema": 1}
    with pytest.raises(SchemaError) as info:
        ContestResult.from_json(data)
    assert str(info.value) == (
        "malformed contest result JSON: second.rolls is required (an array of "
        'die rolls, {"sides", "face", "role"} each)'
    )
    # a held-out integrator: where, as every other loader says it
    assert (info.value.document, info.value.path) == ("contest result", "second.rolls")


def _cli(*argv: str) -> str:
    import contextlib
    import io

    from rollwerk.cli._main import main
    from rollwerk.plugins import Registry
    from rollwerk.testing import examples

    out = io.StringIO()
    registry = Registry(load_entrypoints=False, plugins=[examples])
    with contextlib.redirect_stdout(out):
        assert main(list(argv), registry=registry) == 0
    return out.getvalue()


def test_cli_contest_seed_explains_the_contest() -> None:
    """``rollwerk contest --seed`` resolves both sides (first, then second)."""
    text = _cli("contest", "toy", "skill=4", "--vs", "skill=2", "--seed", "3")
    assert text.splitlines()[-3:] == [
        "result: first side wins",
        "  first: rolled 1 against a chance of 4: critical success",
        "  second: rolled 2 against a chance of 2: success",
    ]
    german = _cli(
        "contest", "toy", "skill=4", "--vs", "skill=2", "--seed", "3", "--lang", "de"
    )
    assert german.splitlines()[-3:] == [
        "Ergebnis: erste Seite gewinnt",
        "  erste Seite: 1 gewürfelt gegen eine Chance von 4: kritischer Erfolg",
        "  zweite Seite: 2 gewürfelt gegen eine Chance von 2: Erfolg",
    ]


def test_cli_contest_seed_json_holds_the_result() -> None:
    import json

    from rollwerk import SeededRng

    data = json.loads(
        _cli("contest", "toy", "skill=4", "--vs", "skill=2", "--seed", "3", "--json")
    )
    assert data["seed"] == 3
    result = ContestResult.from_json(data["result"])
    rng = SeededRng(3)
    toy = ToyRuleset()
    first = build_check(toy, skill=4).resolve(rng)
    second = build_check(toy, skill=2).resolve(rng)
    assert result == contest_result(toy, first, second)
    assert data["result"]["outcome"] == "first"


def test_cli_contest_without_seed_prints_no_result() -> None:
    text = _cli("contest", "toy", "skill=4", "--vs", "skill=2")
    assert "result" not in text.splitlines()[-1]
