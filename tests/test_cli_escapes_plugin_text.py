r"""A plugin's text reaches the terminal with its control characters escaped.

An outside plugin author (helper-h191, finding 2) gave a ruleset a name,
version, check help, parameter help, optional rule, extra and explanation
holding a terminal's escape code and a line break: ``rollwerk rulesets``,
``check`` and ``odds`` printed them raw, so they split lines and recoloured
the terminal, and an optional rule's error kept its ``ESC`` in the one-line
error. docs/cli.md ("Terminals without Unicode") promises that control
characters are written as escapes (``\x1b``, ``\n``), as ``rollwerk roll``
already wrote them; ``--json`` escapes them as JSON does.
"""

from __future__ import annotations

import json

import pytest

import rollwerk
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.cli import main
from rollwerk.errors import ParameterError, RollwerkError, RulesError
from rollwerk.i18n import Text
from rollwerk.plugins import Registry
from rollwerk.rulesets import OptionalRule, Ruleset, define_ruleset

RED = "\x1b[31m"


def _judge(faces: tuple[int, ...], mode: str) -> Outcome:
    success = faces[0] > 3
    return Outcome(
        success,
        Degree.SUCCESS if success else Degree.FAILURE,
        faces[0],
        extras={"note": f"x{RED}y"},
    )


CHECK = define_check(
    "check",
    [
        Parameter(
            "mode",
            str,
            f"help with {RED}esc\nnewline",
            default="a",
            choices=("a", f"b{RED}"),
        )
    ],
    dice=[6],
    judge=_judge,
    help=f"check help {RED}red\nline2",
    explain=lambda faces, outcome: Text.fixed(en=f"fixed {RED}text\nnext", de="fest"),
)
ODD = define_ruleset("hodd", f"Odd {RED}red\nname", version="1\x07", checks=[CHECK])


def _refuse(ruleset: Ruleset) -> Ruleset:
    raise RulesError(f"refused\nsecond line {RED}red")


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [ODD]

    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        return [
            OptionalRule(
                "opt", "hodd", f"Opt {RED}name", apply=lambda r: r, help=f"h{RED}\nx"
            ),
            OptionalRule("refuse", "hodd", "Refuse", apply=_refuse),
        ]


@pytest.fixture
def registry() -> Registry:
    return Registry(load_entrypoints=False, plugins=[_Plugin()])


def _no_raw_controls(text: str) -> None:
    """Only the output's own line breaks: no ESC, BEL or other control."""
    assert all(c == "\n" or c.isprintable() for c in text), repr(text)


def test_rulesets_lists_a_name_and_version_on_one_line(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulesets"], registry=registry) == 0
    out = capsys.readouterr().out
    _no_raw_controls(out)
    assert out == (
        "id    name                   version  distribution  checks\n"
        "hodd  Odd \\x1b[31mred\\nname  1\\x07    -             check\n"
        "optional rules for hodd: opt, refuse\n"
    )


def test_ruleset_details_escape_help_and_optional_rules(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulesets", "hodd"], registry=registry) == 0
    out = capsys.readouterr().out
    _no_raw_controls(out)
    assert out == (
        "hodd: Odd \\x1b[31mred\\nname 1\\x07\n"
        "check check: check help \\x1b[31mred\\nline2\n"
        "  mode: one of 'a', 'b\\x1b[31m'; default a "
        "(help with \\x1b[31mesc\\nnewline)\n"
        "optional rule opt: Opt \\x1b[31mname (h\\x1b[31m\\nx)\n"
        "optional rule refuse: Refuse\n"
    )


def test_check_escapes_extras_explanation_and_typed_values(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["check", "hodd", f"mode=b{RED}", "--rolls", "5", "--explain"]
    assert main(argv, registry=registry) == 0
    out = capsys.readouterr().out
    _no_raw_controls(out)
    assert out == (
        "hodd:check mode=b\\x1b[31m\n"
        "result: success, value 5; note=x\\x1b[31my\n"
        "rolls: 5 (d6 check)\n"
        "explanation: fixed \\x1b[31mtext\\nnext\n"
    )


def test_odds_escapes_an_extra_and_keeps_the_columns(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "hodd"], registry=registry) == 0
    out = capsys.readouterr().out
    _no_raw_controls(out)
    lines = out.splitlines()
    assert lines[:3] == [
        "hodd:check mode=a",
        "result   degree   value  extras           probability       %",
        "success  success      6  note=x\\x1b[31my          1/6  16.67%  " + "█" * 40,
    ]
    assert lines[-1] == "P(success) = 1/2 (50.00%)"
    assert len(lines) == 9
    assert main(["odds", "hodd", "--by", "extra:note"], registry=registry) == 0
    out = capsys.readouterr().out
    _no_raw_controls(out)
    assert out.splitlines()[1:4] == [
        "result   note        probability       %",
        "success  x\\x1b[31my          1/2  50.00%  " + "█" * 40,
        "failure  x\\x1b[31my          1/2  50.00%  " + "█" * 40,
    ]


def test_json_keeps_the_text_as_it_is(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` is unchanged: JSON escapes the text itself, and reads it back."""
    assert main(["check", "hodd", "--rolls", "5", "--json"], registry=registry) == 0
    out = capsys.readouterr().out
    assert "\\u001b[31m" in out
    data = json.loads(out)
    assert data["result"]["extras"] == {"note": f"x{RED}y"}
    assert main(["rulesets", "hodd", "--json"], registry=registry) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == f"Odd {RED}red\nname"
    assert data["version"] == "1\x07"
    assert data["checks"][0]["help"] == f"check help {RED}red\nline2"
    assert data["optional_rules"][0] == {
        "id": "opt",
        "name": f"Opt {RED}name",
        "help": f"h{RED}\nx",
    }


def test_an_optional_rules_error_is_one_escaped_line(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["check", "hodd", "--rolls", "5", "--option", "refuse"]
    assert main(argv, registry=registry) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "rollwerk: error: optional rule 'refuse' (plugin '_Plugin'): refused "
        "second line \\x1b[31mred\n"
    )


def test_one_line_joins_line_breaks_and_escapes_other_controls() -> None:
    """`RollwerkError.one_line`: a line break is a space, ESC and BEL escapes."""
    error = RollwerkError(f"refused\nsecond\tline {RED}red\x07")
    assert error.one_line() == "refused second line \\x1b[31mred\\x07"
    value = ParameterError("pw", "a\u2028b", "an integer")
    assert value.one_line() == "pw must be an integer, got 'a\\u2028b'"
    assert RollwerkError("plain text, ü and ≈").one_line() == ("plain text, ü and ≈")
