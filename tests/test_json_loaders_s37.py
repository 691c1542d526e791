"""Loaders that never coerce, and CLI documents that say what json.md says.

Findings of a held-out VTT tester working from the docs alone: a roll's
tree compared with ``==`` (``true`` loaded as 1), a roll's ``"seed": "12"``
read although a seeded Rng refuses it, check-result messages without a
path or in Python's words, a whole ``round_seconds`` written ``"5/1"``,
and an ``"omitted"`` whose key the docs did not say.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import rollwerk
from rollwerk import (
    CheckResult,
    Degree,
    RollResult,
    SchemaError,
    ScriptedRng,
    SeededRng,
    roll,
)
from rollwerk.checks import (
    ContestOutcome,
    ContestResult,
    Explanation,
    Outcome,
    define_check,
)
from rollwerk.cli._main import main
from rollwerk.dice import DieRoll
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import examples

Change = Callable[[dict[str, Any]], None]


def _roll_json() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        json.dumps(roll("4d6kh3+2", SeededRng(3)).to_json())
    )
    return data


def _refused(load: Callable[[Any], object], data: object) -> SchemaError:
    with pytest.raises(SchemaError) as info:
        load(data)
    return info.value


# -- 1. a roll's tree, rolls and seed: JSON types exactly --------------------------


def test_the_roll_document_this_file_changes() -> None:
    data = _roll_json()
    assert data["total"] == 10
    assert [r["face"] for r in data["rolls"]] == [1, 2, 2, 4]
    die = data["tree"]["children"][0]["dice"][0]
    assert die == {
        "rolls": [{"sides": 6, "face": 1, "role": "roll"}],
        "values": [1],
        "rerolled": 0,
        "value": 1,
        "kept": False,
        "counted": 0,
    }
    assert RollResult.from_json(data) == roll("4d6kh3+2", SeededRng(3))


def _tree_die(data: dict[str, Any]) -> dict[str, Any]:
    die: dict[str, Any] = data["tree"]["children"][0]["dice"][0]
    return die


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            lambda d: _tree_die(d).__setitem__("value", True),
            "tree.children[0].dice[0].value",
            "tree.children[0].dice[0].value must be 1, what the rolls give, got True",
        ),
        (
            lambda d: _tree_die(d)["rolls"][0].__setitem__("face", 1.0),
            "tree.children[0].dice[0].rolls[0].face",
            (
                "tree.children[0].dice[0].rolls[0].face must be 1, what the rolls "
                "give, got 1.0"
            ),
        ),
        (
            lambda d: _tree_die(d).__setitem__("counted", False),
            "tree.children[0].dice[0].counted",
            "tree.children[0].dice[0].counted must be 0, what the rolls give, got False",
        ),
        (
            lambda d: _tree_die(d).__setitem__("kept", 0),
            "tree.children[0].dice[0].kept",
            "tree.children[0].dice[0].kept must be False, what the rolls give, got 0",
        ),
        (
            lambda d: _tree_die(d).__setitem__("values", [1.0]),
            "tree.children[0].dice[0].values[0]",
            "tree.children[0].dice[0].values[0] must be 1, what the rolls give, got 1.0",
        ),
        (
            lambda d: d["tree"].__setitem__("value", 10.0),
            "tree.value",
            "tree.value must be 10, what the rolls give, got 10.0",
        ),
        (
            lambda d: d.__setitem__("tree", "4d6kh3+2"),
            "tree",
            "tree must be an object, got '4d6kh3+2'",
        ),
    ],
)
def test_a_tree_value_of_another_json_type_is_refused_at_its_path(
    change: Change, path: str, message: str
) -> None:
    data = _roll_json()
    change(data)
    error = _refused(RollResult.from_json, data)
    assert str(error) == f"malformed roll result JSON: {message}"
    assert (error.path, error.document) == (path, "roll result")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "rolls[0].face must be an integer from 1 to 6, got True"),
        (1.0, "rolls[0].face must be an integer from 1 to 6, got 1.0"),
        ("1", "rolls[0].face must be an integer from 1 to 6, got '1'"),
        (
            2**63,
            "rolls[0].face must be an integer from 1 to 6, got 9223372036854775808",
        ),
        (7, "rolls[0].face must be an integer from 1 to 6, got 7"),
    ],
)
def test_a_recorded_face_is_an_integer_on_its_die(value: object, message: str) -> None:
    data = _roll_json()
    data["rolls"][0]["face"] = value
    error = _refused(RollResult.from_json, data)
    assert str(error) == f"malformed roll result JSON: {message}"
    assert (error.path, error.expected) == ("rolls[0].face", "an integer from 1 to 6")


@pytest.mark.parametrize(
    ("seed", "got"),
    [("12", "'12'"), (True, "True"), (12.0, "12.0"), ("-5", "'-5'"), (2**63, None)],
)
def test_a_roll_s_seed_is_what_a_seeded_rng_reads(
    seed: object, got: str | None
) -> None:
    """``"12"`` is refused as SeededRng.from_json refuses it, in its words."""
    data = {**_roll_json(), "seed": seed}
    error = _refused(RollResult.from_json, data)
    allowed = (
        "an integer from -2**63 to 2**63 - 1, or the decimal digits of one "
        "outside that range"
    )
    shown = "9223372036854775808" if got is None else got
    assert str(error) == (
        f"malformed roll result JSON: seed must be {allowed}, got {shown}"
    )
    assert (error.path, error.expected) == ("seed", allowed)
    rng = SeededRng(7).to_json()
    rng["seed"] = seed
    assert str(_refused(SeededRng.from_json, rng)) == (
        f"malformed seeded rng JSON: seed must be {allowed}, got {shown}"
    )


@pytest.mark.parametrize("seed", [12, -(2**63), str(2**63), str(-(2**63) - 1)])
def test_a_roll_s_seed_as_a_seeded_rng_writes_it_loads(seed: object) -> None:
    data = {**_roll_json(), "seed": seed}
    assert RollResult.from_json(data) == roll("4d6kh3+2", SeededRng(3))


# -- 5. which roll fields are required, and what loading checks ------------------


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("notation", "notation is required (a string)"),
        ("total", "total is required (an integer from -2**63 to 2**63 - 1)"),
        (
            "rolls",
            'rolls is required (an array of die rolls, {"sides", "face", "role"} each)',
        ),
        ("schema", "schema is required (1)"),
    ],
)
def test_a_required_roll_field_left_out_says_what_it_holds(
    field: str, message: str
) -> None:
    data = _roll_json()
    del data[field]
    error = _refused(RollResult.from_json, data)
    assert str(error) == f"malformed roll result JSON: {message}"
    assert error.path == field


def test_the_optional_roll_fields_may_be_left_out() -> None:
    """json.md "A roll": the tree is rebuilt; dialect, comment, seed optional."""
    data = _roll_json()
    del data["tree"]
    assert RollResult.from_json(data) == roll("4d6kh3+2", SeededRng(3))
    said = roll("2d6 # hi", ScriptedRng([2, 3]), dialect="foundry").to_json()
    assert said["comment"] == "hi"
    del said["comment"]
    assert RollResult.from_json(said).comment == "hi"


@pytest.mark.parametrize(
    ("notation", "dialect", "comment", "message"),
    [
        (
            "2d6 # hi",
            "foundry",
            None,
            "comment must be a string (the notation's comment), got None",
        ),
        (
            "2d6",
            None,
            None,
            "comment must be a string (the notation's comment), got None",
        ),
        (
            "2d6",
            None,
            "hi",
            "comment must be left out ('2d6' has no comment), got 'hi'",
        ),
        (
            "2d6 # hi",
            "foundry",
            "ho",
            "comment must be the comment of '2d6 # hi' ('hi'), got 'ho'",
        ),
    ],
)
def test_a_comment_is_the_notation_s_or_left_out(
    notation: str, dialect: str | None, comment: str | None, message: str
) -> None:
    rolled = roll(notation, ScriptedRng([2, 3]), dialect=dialect or "rollwerk")
    data = {**rolled.to_json(), "comment": comment}
    error = _refused(RollResult.from_json, data)
    assert str(error) == f"malformed roll result JSON: {message}"
    assert error.path == "comment"


def test_an_explanation_must_explain_this_roll() -> None:
    """``roll --json --explain`` writes one; its first line is notation = total."""
    rolled = roll("4d6kh3+2", SeededRng(3))
    for lang in ("en", "de"):
        data = {**rolled.to_json(), "explanation": rolled.explain(lang)}
        assert RollResult.from_json(data) == rolled
    for text in ("", "a fine roll", "4d6kh3+2 = 11\n  4d6kh3: 1, 2, 2, 4 → 8"):
        error = _refused(
            RollResult.from_json, {**rolled.to_json(), "explanation": text}
        )
        assert str(error) == (
            "malformed roll result JSON: explanation must be an explanation of "
            "this roll: a text whose first line is '4d6kh3+2 = 10', got "
            f"{text!r}"
        )
        assert error.path == "explanation"
    error = _refused(RollResult.from_json, {**rolled.to_json(), "explanation": None})
    assert str(error) == (
        "malformed roll result JSON: explanation must be a string, got None"
    )


def test_the_cli_roll_document_loads_with_its_explanation_and_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["roll", "2d6+1", "--seed", "5", "--json", "--explain", "--lang", "de"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 5
    assert RollResult.from_json(data) == roll("2d6+1", SeededRng(5))


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            lambda d: d.__setitem__("dialect", "bogus"),
            "dialect",
            (
                "dialect must be one of: avrae, foundry, german, roll20, rollwerk, "
                "got 'bogus'"
            ),
        ),
        (
            lambda d: d.__setitem__("notation", "4d6kh3+"),
            "notation",
            (
                "notation must be a notation the rollwerk dialect reads (unexpected "
                "end of notation: expected a number, a die or '(' at column 8), got "
                "'4d6kh3+'"
            ),
        ),
        (
            lambda d: d.__setitem__("rolls", d["rolls"][:2]),
            "rolls",
            (
                "at rolls: roll result does not replay: scripted Rng ran out of "
                "faces: all 2 given faces were used, a 3rd d6 was asked for"
            ),
        ),
    ],
)
def test_a_roll_that_does_not_replay_names_the_field(
    change: Change, path: str, message: str
) -> None:
    data = _roll_json()
    change(data)
    error = _refused(RollResult.from_json, data)
    assert str(error) == f"malformed roll result JSON: {message}"
    assert error.path == path


# -- 2. check results: a path, the real range, JSON's words -----------------------


def _check_json() -> dict[str, Any]:
    result = CheckResult(
        True,
        Degree.SUCCESS,
        12,
        (DieRoll(20, 12, "check"),),
        Explanation.fixed(en="12 ≤ 14: success", de="12 ≤ 14: Erfolg"),
        level="hit",
    )
    data: dict[str, Any] = json.loads(json.dumps(result.to_json()))
    return data


@pytest.mark.parametrize(
    ("change", "path", "expected", "message"),
    [
        (
            lambda d: d.__setitem__("level", ""),
            "level",
            "a level id (a word without spaces, dots or colons) or null",
            (
                "level must be a level id (a word without spaces, dots or colons) "
                "or null, got ''"
            ),
        ),
        (
            lambda d: d.__setitem__("level", 5),
            "level",
            "a string or null",
            "level must be a string or null, got 5",
        ),
        (
            lambda d: d.__setitem__("level", "a b"),
            "level",
            "a level id (a word without spaces, dots or colons) or null",
            (
                "level must be a level id (a word without spaces, dots or colons) "
                "or null, got 'a b'"
            ),
        ),
        (
            lambda d: d["rolls"][0].__setitem__("face", 2**63),
            "rolls[0].face",
            "an integer from 1 to 20",
            "rolls[0].face must be an integer from 1 to 20, got 9223372036854775808",
        ),
        (
            lambda d: d["rolls"][0].__setitem__("sides", 0),
            "rolls[0].sides",
            "an integer from 1 to 2**63 - 1",
            "rolls[0].sides must be an integer from 1 to 2**63 - 1, got 0",
        ),
        (
            lambda d: d["rolls"][0].pop("face"),
            "rolls[0].face",
            "an integer from 1 to 20",
            "rolls[0].face is required (an integer from 1 to 20)",
        ),
        (
            lambda d: d.pop("rolls"),
            "rolls",
            'an array of die rolls, {"sides", "face", "role"} each',
            (
                'rolls is required (an array of die rolls, {"sides", "face", '
                '"role"} each)'
            ),
        ),
        (
            lambda d: d.pop("success"),
            "success",
            "true or false",
            "success is required (true or false)",
        ),
        (
            lambda d: d.pop("degree"),
            "degree",
            "one of 'critical_failure', 'failure', 'success', 'critical_success'",
            (
                "degree is required (one of 'critical_failure', 'failure', "
                "'success', 'critical_success')"
            ),
        ),
        (
            lambda d: d.pop("value"),
            "value",
            "an integer from -2**63 to 2**63 - 1 or null",
            "value is required (an integer from -2**63 to 2**63 - 1 or null)",
        ),
        (
            lambda d: d.pop("explanation"),
            "explanation",
            'an object with the English and German texts, {"en": …, "de": …}',
            (
                "explanation is required (an object with the English and German "
                'texts, {"en": …, "de": …})'
            ),
        ),
        (
            lambda d: d["explanation"].pop("de"),
            "explanation.de",
            "a string",
            "explanation.de is required (a string)",
        ),
    ],
)
def test_a_check_result_refusal_names_path_and_what_the_json_holds(
    change: Change, path: str, expected: str, message: str
) -> None:
    data = _check_json()
    change(data)
    error = _refused(CheckResult.from_json, data)
    assert str(error) == f"malformed check result JSON: {message}"
    assert (error.path, error.expected, error.document) == (
        path,
        expected,
        "check result",
    )
    assert "None" not in (error.expected or "")


def test_an_outcome_s_level_is_refused_in_json_s_words() -> None:
    outcome = Outcome(True, Degree.SUCCESS, 3, level="hit").to_json()
    error = _refused(Outcome.from_json, {**outcome, "level": ""})
    assert str(error) == (
        "malformed outcome JSON: level must be a level id (a word without spaces, "
        "dots or colons) or null, got ''"
    )
    assert error.path == "level"
    error = _refused(Outcome.from_json, {"degree": "success", "value": 1})
    assert str(error) == "malformed outcome JSON: success is required (true or false)"


def test_a_contest_side_s_refusal_is_named_from_the_contest() -> None:
    side = CheckResult.from_json(_check_json())
    data = ContestResult(side, side, ContestOutcome.TIE).to_json()
    data["first"]["level"] = ""
    error = _refused(ContestResult.from_json, data)
    assert str(error) == (
        "malformed contest result JSON: first.level must be a level id (a word "
        "without spaces, dots or colons) or null, got ''"
    )
    assert error.path == "first.level"


# -- 3. rulesets --json: round_seconds as encounter JSON writes it ----------------


class _HalfRounds:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        check = define_check("check", [], dice=[6], judge=_six)
        return [
            define_ruleset(
                "half", "Half", checks=[check], round_seconds=Fraction(5, 2)
            ),
        ]


def _six(faces: tuple[int, ...]) -> Outcome:
    return Outcome(
        faces[0] == 6, Degree.SUCCESS if faces[0] == 6 else Degree.FAILURE, 1
    )


@pytest.fixture
def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., tuple[int, str, str]]:
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    registry = Registry(load_entrypoints=False, plugins=[examples, _HalfRounds()])

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv), registry=registry)
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_rulesets_json_writes_round_seconds_as_encounter_json_does(
    run: Callable[..., tuple[int, str, str]],
) -> None:
    """A whole number of seconds is ``"5"``, not ``"5/1"`` (cf. DS4-R10, ADZ-R16)."""
    code, out, err = run("rulesets", "toy", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["schema"], data["round_seconds"]) == (2, "5")
    enc = rollwerk.Encounter.create(["a"], round_seconds=Fraction(5))
    assert enc.to_json()["round_seconds"] == data["round_seconds"]
    code, out, err = run("rulesets", "half", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["round_seconds"] == "5/2"
    enc = rollwerk.Encounter.create(["a"], round_seconds=Fraction(5, 2))
    assert enc.to_json()["round_seconds"] == data["round_seconds"]


def test_rulesets_json_has_the_fields_json_md_lists(
    run: Callable[..., tuple[int, str, str]],
) -> None:
    code, out, err = run("rulesets", "toy", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert list(data) == [
        "schema",
        "id",
        "name",
        "version",
        "options",
        "round_seconds",
        "checks",
        "difficulties",
        "levels",
        "optional_rules",
    ]
    assert data["levels"] == []  # the toy ruleset has none
    assert list(data["checks"][0]) == [
        "name",
        "help",
        "contest_symmetric",
        "parameters",
    ]
    assert data["difficulties"][0] == {
        "id": "easy",
        "modifier": 1,
        "en": "easy",
        "de": "leicht",
    }
    assert list(data["optional_rules"][0]) == ["id", "name", "help"]
    code, out, err = run("rulesets", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["schema", "rulesets", "failures"]
    assert data["schema"] == 2
    assert list(data["rulesets"][0]) == [
        "id",
        "name",
        "version",
        "plugin",
        "distribution",
        "wrapped_by",
        "checks",
        "optional_rules",
    ]


# -- 4. "omitted" counts under the rows' own key ----------------------------------


@pytest.mark.parametrize(
    ("by", "key", "count", "probability"),
    [
        ((), "outcomes", 2, "1/2"),
        (("--by", "degree"), "degrees", 2, "1/2"),
        (("--by", "value"), "values", 1, "1/3"),
    ],
)
def test_omitted_counts_under_the_key_of_the_rows_it_follows(
    run: Callable[..., tuple[int, str, str]],
    by: tuple[str, ...],
    key: str,
    count: int,
    probability: str,
) -> None:
    """json.md and cli-checks.md: ``{"outcomes"|"degrees"|…: n, "probability"}``."""
    code, out, err = run(
        "odds", "toy:pool", "dice=1", *by, "--max-outcomes", "1", "--json"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert key in data
    assert data["omitted"] == {key: count, "probability": probability}
