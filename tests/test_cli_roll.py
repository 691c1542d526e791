"""``rollwerk roll``: rolling, explaining, JSON, odds and user errors.

Rule ids refer to issue 2 ("rollwerk core I"), item 7 (CLI).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rollwerk import Distribution, RollResult, SchemaError, parse
from rollwerk.cli._main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_core1_i7_roll_with_rolls_and_explain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """I2-7: --rolls plays back faces; --explain shows the dice."""
    code, out, err = run(capsys, "roll", "2W6+3", "--rolls", "2,5", "--explain")
    assert (code, err) == (0, "")
    assert out == "2W6+3 = 10\n  2W6: 2, 5 → 7\n"


def test_core1_i7_roll_total_only(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: without --explain only the total is printed."""
    assert run(capsys, "roll", "4d6kh3", "--rolls", "3,6,1,5") == (0, "14\n", "")


def test_core1_i7_roll_german(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: --lang de explains in German."""
    _code, out, _ = run(
        capsys, "roll", "4d6kh3", "--rolls", "3,6,1,5", "--explain", "--lang", "de"
    )
    assert out == "4d6kh3 = 14\n  4d6kh3: 3, 6, 1 (verworfen), 5 → 14\n"


def test_core1_i7_seed_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: --seed gives the same roll every time."""
    first = run(capsys, "roll", "10d6>=5", "--seed", "42")
    assert first == (0, "3\n", "")
    assert run(capsys, "roll", "10d6>=5", "--seed", "42") == first


def test_core1_i7_system_rng(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: without --seed/--rolls the system Rng rolls."""
    code, out, _ = run(capsys, "roll", "1d6")
    assert code == 0
    assert 1 <= int(out) <= 6


def test_core1_i7_roll_json(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: --json prints the result JSON (schema 1) that loads back."""
    _, out, _ = run(capsys, "roll", "2d6+1", "--rolls", "3,4", "--json")
    data = json.loads(out)
    assert data["schema"] == 1
    assert data["total"] == 8
    assert data["rolls"] == [
        {"sides": 6, "face": 3, "role": "roll"},
        {"sides": 6, "face": 4, "role": "roll"},
    ]
    assert RollResult.from_json(data).total == 8
    _code, out, _ = run(
        capsys, "roll", "2d6+1", "--rolls", "3,4", "--json", "--explain"
    )
    assert json.loads(out)["explanation"] == "2d6+1 = 8\n  2d6: 3, 4 → 7"


def test_core1_i7_odds_json_exact_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: --odds --json is exactly schema, notation and sorted outcomes."""
    code, out, _ = run(capsys, "roll", "2d4-1", "--odds", "--json")
    assert code == 0
    assert json.loads(out) == {
        "schema": 1,
        "notation": "2d4-1",
        "outcomes": [
            {"value": 1, "probability": "1/16"},
            {"value": 2, "probability": "1/8"},
            {"value": 3, "probability": "3/16"},
            {"value": 4, "probability": "1/4"},
            {"value": 5, "probability": "3/16"},
            {"value": 6, "probability": "1/8"},
            {"value": 7, "probability": "1/16"},
        ],
    }


def test_core1_i7_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    """I2-7: the text odds are a table with fraction, percent and a bar chart."""
    _, out, _ = run(capsys, "roll", "1d20>=15", "--odds")
    assert out == (
        "exact odds of 1d20>=15 (mean 3/10 ≈ 0.30)\n"
        "value  probability  percent\n"
        "    0         7/10   70.00%  ████████████████████████████████████████\n"
        "    1         3/10   30.00%  █████████████████\n"
    )
    _code, out, _ = run(capsys, "roll", "1d2", "--odds", "--lang", "de")
    assert out.splitlines()[:3] == [
        "exakte Wahrscheinlichkeiten für 1d2 (Mittelwert 3/2 ≈ 1,50)",
        "Wert  Wahrscheinlichkeit  Prozent",
        "   1                 1/2   50,00%  " + "█" * 40,
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["roll", "2d6", "--rolls", "3,x"],
            "--rolls must be comma-separated die faces such as 2,1,17, got '3,x'",
        ),
        (
            ["roll", "2d6", "--rolls", "3"],
            ("--rolls has too few faces: the 2nd die, a d6, has none (1 was given)"),
        ),
        (
            ["roll", "2d6", "--rolls", "3,4,5"],
            "--rolls has 1 face too many: the roll used 2 of 3",
        ),
        (
            ["roll", "2d6", "--rolls", "7,1"],
            "--rolls: the 1st face must be an integer from 1 to 6 for a d6, got 7",
        ),
        (
            ["roll", "4dF", "--rolls", "1,2,0,3"],
            (
                "--rolls: the 3rd face must be an integer from 1 to 3 for a d3, "
                "got 0; a die with listed faces is played back by index: "
                "1, 2, 3 show -1, 0, 1"
            ),
        ),
        (
            ["roll", "W66", "--dialect", "german", "--rolls", "66"],
            (
                "--rolls: the 1st face must be an integer from 1 to 36 for a d36, "
                "got 66; a die with listed faces is played back by index: "
                "1 to 36 show 11, 12, … 66"
            ),
        ),
        (
            ["roll", "d{2,4,8}+4dF", "--rolls", "3,1,1,1,4"],
            (
                "--rolls: the 5th face must be an integer from 1 to 3 for a d3, "
                "got 4; a die with listed faces is played back by index: "
                "1, 2, 3 show -1, 0, 1; 1, 2, 3 show 2, 4, 8"
            ),
        ),
        (  # a held-out d20 user: the d10's "a 0 is written 10" contradicted d%
            ["roll", "d%", "--dialect", "avrae", "--rolls", "0"],
            (
                "--rolls: the 1st face must be an integer from 1 to 10 for a d10, "
                "got 0; a die with listed faces is played back by index: "
                "1 to 10 show 0, 10, … 90"
            ),
        ),
        (
            ["roll", "1d10", "--rolls", "0"],
            (
                "--rolls: the 1st face must be an integer from 1 to 10 for a d10 "
                "(a 0 on it is written 10), got 0"
            ),
        ),
        (  # one die written; the 4th face is its second reroll's
            ["roll", "1d6r1", "--rolls", "1,1,1"],
            (
                "--rolls has too few faces: the 4th die (the expression writes 1 "
                "die, rerolls and explosions draw more), a d6, has none (3 were given)"
            ),
        ),
        (
            ["roll", "2d6!+1d4", "--rolls", "6,6,3"],
            (
                "--rolls has too few faces: the 4th die (the expression writes 3 "
                "dice, rerolls and explosions draw more), a d6, has none (3 were given)"
            ),
        ),
        (
            ["roll", "4dF+1d4", "--rolls", "1,1,1,1,5"],
            "--rolls: the 5th face must be an integer from 1 to 4 for a d4, got 5",
        ),
        (
            ["roll", "2d6+"],
            (
                "unexpected end of notation: expected a number, a die or '(' at "
                "column 5 of '2d6+'"
            ),
        ),
        (
            ["roll", "99999999d99999999"],
            (
                "dice count limit exceeded: 99999999 is more than the maximum of 1000 "
                "(by 99998999)"
            ),
        ),
        (
            ["roll", "1d1!", "--odds"],
            (
                "every face of the die explodes, so the roll never ends (die d1) at "
                "column 1 of '1d1!'"
            ),
        ),
        (
            ["roll", "2d6", "--odds", "--seed", "1"],
            (
                "--odds gives the exact odds and rolls nothing: it cannot be used "
                "with --seed"
            ),
        ),
        (
            ["roll", "2d6", "--odds", "--rolls", "1,2", "--explain"],
            (
                "--odds gives the exact odds and rolls nothing: it cannot be used "
                "with --rolls or --explain"
            ),
        ),
        (  # once silently ignored
            ["roll", "2d6", "--max-outcomes", "3"],
            "--max-outcomes limits the rows of --odds: use it with --odds",
        ),
    ],
)
def test_core1_i7_user_errors_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """I2-7: user errors: one line on stderr, exit code 2, no traceback."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == f"rollwerk: error: {message}\n"


def test_core1_i7_console_script() -> None:
    """I2-7: ``python -m rollwerk roll`` works end to end."""
    proc = subprocess.run(
        [sys.executable, "-m", "rollwerk", "roll", "W20+2", "--rolls", "18"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "20\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["roll", "2d6", "--seed", "1", "--rolls", "3,4"],
            (
                "argument --rolls: not allowed with argument --seed "
                "(see 'rollwerk roll --help')"
            ),
        ),
        (
            ["roll", "2d6", "--lang", "xx"],
            (
                "argument --lang: invalid choice: 'xx' (choose from 'en', 'de') "
                "(see 'rollwerk roll --help')"
            ),
        ),
        (
            ["roll", "2d6", "--bogus"],
            "unrecognized arguments: --bogus (see 'rollwerk roll --help')",
        ),
        (
            ["roll", "--bogus"],  # named before the missing notation
            "unrecognized arguments: --bogus (see 'rollwerk roll --help')",
        ),
        (
            ["roll", "2d6", "3d6"],
            "unrecognized arguments: 3d6 (see 'rollwerk roll --help')",
        ),
        (
            ["roll", "2d6", "--se", "3", "-x"],  # no abbreviation is read
            "unrecognized arguments: --se (see 'rollwerk roll --help')",
        ),
        (
            ["roll", "2d6", "--seed", "abc"],
            "argument --seed: must be an integer (ASCII digits with an optional sign), got 'abc' (see 'rollwerk roll --help')",
        ),
        (
            ["roll"],
            (
                "the following arguments are required: notation "
                "(see 'rollwerk roll --help')"
            ),
        ),
        (
            ["nope"],
            (
                "argument COMMAND: invalid choice: 'nope' (choose from 'roll', "
                "'rulesets', 'check', 'odds', 'contest', 'fight') (see 'rollwerk --help')"
            ),
        ),
    ],
)
def test_core1_i7_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """I2-7: argparse usage errors too are one line on stderr with exit code 2.

    argparse used to print its multi-line usage block before the message.
    """
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"rollwerk: error: {message}\n"


def test_core1_i6_odds_with_probabilities_beyond_4300_digits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """I2-6/I2-7: exact probabilities longer than Python's 4300-digit str limit.

    ``int`` refuses such conversions by default, so ``--odds`` crashed with a
    traceback and the JSON did not load back.
    """
    notation = "30d100r<=99>=100"
    dist = parse(notation).distribution()
    assert max(p.denominator for _, p in dist.items()).bit_length() > 20_000
    code, out, err = run(capsys, "roll", notation, "--odds", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert max(len(o["probability"]) for o in data["outcomes"]) > 12_000
    loaded = {o["value"]: o["probability"] for o in data["outcomes"]}
    assert (
        Distribution.from_json(
            {
                "schema": 1,
                "outcomes": [{"value": v, "probability": p} for v, p in loaded.items()],
            }
        )
        == dist
    )
    assert Distribution.from_json(json.loads(json.dumps(dist.to_json()))) == dist
    code, out, err = run(capsys, "roll", notation, "--odds")
    assert (code, err) == (0, "")
    assert repr(dist).startswith("Distribution({0: ")
    with pytest.raises(SchemaError, match="must be a 'p/q' string"):
        Distribution.from_json(
            {"schema": 1, "outcomes": [{"value": 1, "probability": "1" * 5000 + "x/1"}]}
        )


def test_core1_i7_rolls_replays_a_roll_without_dice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """I2-7: ``--rolls ""`` replays a roll that drew no dice."""
    assert run(capsys, "roll", "3+4", "--rolls", "") == (0, "7\n", "")


def test_cli_help_width_follows_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Help text wraps at ``COLUMNS`` as with argparse's own (shutil) width."""
    import shutil

    from rollwerk.cli._main import _terminal_width

    for columns in ("60", "0", "abc"):
        monkeypatch.setenv("COLUMNS", columns)
        assert _terminal_width() == shutil.get_terminal_size().columns
    monkeypatch.setenv("COLUMNS", "60")
    assert main(["check", "--help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("usage: rollwerk check")
    assert max(map(len, lines)) <= 58


def test_odds_table_writes_very_wide_probabilities_approximately(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``100d20r1``: 43 000-bit weights; the text table does not reduce them."""
    code, out, err = run(capsys, "roll", "100d20r1", "--odds", "--max-outcomes", "2")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "exact odds of 100d20r1 (mean ≈ 1100.00)",
        "value  probability  percent",
        " 1099     ≈ 0.0073    0.73%  ████████████████████████████████████████",
        " 1100     ≈ 0.0073    0.73%  ████████████████████████████████████████",
        (
            "… 1899 outcomes not shown, none likelier than those shown (98.55% in all); --max-outcomes N "
            "shows more"
        ),
    ]
    # narrow weights stay exact
    code, out, err = run(capsys, "roll", "2d6", "--odds", "--max-outcomes", "1")
    assert out.splitlines()[:3] == [
        "exact odds of 2d6 (mean 7)",
        "value  probability  percent",
        "    7          1/6   16.67%  ████████████████████████████████████████",
    ]


def test_odds_table_writes_wide_probabilities_with_a_german_decimal_comma(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lang de``: ``≈ 0,0073`` beside ``0,73%``, never ``7.3e-03``."""
    code, out, err = run(
        capsys, "roll", "100d20r1", "--odds", "--max-outcomes", "1", "--lang", "de"
    )
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == [
        "exakte Wahrscheinlichkeiten für 100d20r1 (Mittelwert ≈ 1100,00)",
        "Wert  Wahrscheinlichkeit  Prozent",
        "1100            ≈ 0,0073    0,73%  ████████████████████████████████████████",
    ]


def test_odds_table_stays_exact_up_to_a_terminal_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Exact ``p/q`` up to a 128-bit denominator (25d6), then two digits (50d6)."""
    code, out, _ = run(capsys, "roll", "25d6", "--odds", "--max-outcomes", "1")
    assert code == 0
    assert out.splitlines()[2] == (
        "   87  329399435510805475/7107572007482425344    4.63%  "
        "████████████████████████████████████████"
    )
    code, out, _ = run(capsys, "roll", "50d6", "--odds", "--max-outcomes", "1")
    assert code == 0
    assert out.splitlines()[1:3] == [
        "value  probability  percent",
        "  175      ≈ 0.033    3.29%  ████████████████████████████████████████",
    ]
    code, out, _ = run(capsys, "roll", "50d6", "--odds", "--json")
    assert '"probability": "' in out
    assert "≈" not in out
