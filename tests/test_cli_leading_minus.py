"""``rollwerk roll -1d8+4``: a notation that starts with a minus (issue 20, part 5)."""

from __future__ import annotations

import pytest

from rollwerk.cli._main import leading_minus, main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_leading_minus_is_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "roll", "-1d8+4", "--rolls", "3", "--explain")
    assert (code, err) == (0, "")
    assert out == "-1d8+4 = 1\n  1d8: 3 → 3\n"
    code, out, _ = _run(capsys, "roll", "--rolls", "3", "-1d8+4")
    assert (code, out) == (0, "1\n")
    code, out, _ = _run(
        capsys, "roll", "-W6", "--rolls", "5", "--lang", "de", "--explain"
    )
    assert (code, out) == (0, "-W6 = -5\n  W6: 5 → 5\n")


def test_odds_of_a_negative_expression(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "roll", "-1d8+4", "--odds")
    assert code == 0
    assert out.splitlines()[0] == "exact odds of -1d8+4 (mean -1/2 ≈ -0.50)"


def test_double_dash_and_plain_numbers_are_left_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert leading_minus(["roll", "--rolls", "3", "--", "-1d8"]) == [
        "roll", "--rolls", "3", "--", "-1d8"
    ]  # fmt: skip
    assert leading_minus(["roll", "-5"]) == ["roll", "-5"]
    assert leading_minus(["roll", "2d6", "--seed", "-7"]) == [
        "roll",
        "2d6",
        "--seed",
        "-7",
    ]
    assert leading_minus(["check", "-x"]) == ["check", "-x"]
    assert leading_minus(["roll", "-h"]) == ["roll", "-h"]
    code, out, _ = _run(capsys, "roll", "--rolls", "3", "--", "-1d8+4")
    assert (code, out) == (0, "1\n")
    code, out, _ = _run(capsys, "roll", "-5")
    assert (code, out) == (0, "-5\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["roll", "2d6", "--rolls", "-1,1"],
            "--rolls: the 1st face must be an integer from 1 to 6 for a d6, got -1",
        ),
        (
            ["roll", "2d6", "--seed", "-inf"],
            (
                "argument --seed: must be an integer (ASCII digits with an optional "
                "sign), got '-inf' (see 'rollwerk roll --help')"
            ),
        ),
        (
            ["roll", "-inf"],
            "unexpected 'i': expected a number, a die or '(' at column 2 of '-inf'",
        ),
        (
            ["roll", "-1e5"],
            (
                "unexpected 'e': expected an operator (+ - * / % // **), a "
                "comparison of totals, a label '[…]', a comment '# …' or the end of "
                "the notation at column 3 of '-1e5'"
            ),
        ),
    ],
)
def test_values_starting_with_minus_are_named(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A value after an option, or a notation, that starts with '-' is read as one."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals exit
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    assert capsys.readouterr().err == f"rollwerk: error: {message}\n"


@pytest.mark.parametrize(
    ("argv", "option", "command"),
    [
        (["check", "ds4", "pw=5", "--option", "--"], "--option", "check"),
        (["odds", "ds4", "pw=5", "--by", "--"], "--by", "odds"),
        (["roll", "2d6", "--rolls", "--"], "--rolls", "roll"),
        (["roll", "--odds", "2d6", "--max-outcomes", "--"], "--max-outcomes", "roll"),
        (["roll", "2d6", "--lang", "--"], "--lang", "roll"),
        (["roll", "2d6", "--seed=--"], "--seed", "roll"),
        (["roll", "2d6", "--dialect", "--"], "--dialect", "roll"),
    ],
)
def test_an_option_given_the_end_of_options_is_refused(
    argv: list[str], option: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # a held-out fuzzer: argparse gave [] ('--option --' raised TypeError out
    # of main, '--by --' was an internal error, '--lang --' was ignored)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"rollwerk: error: {option} must be given a value, got '--' (which ends "
        f"the options) (see 'rollwerk {command} --help')\n"
    )
