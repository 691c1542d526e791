"""Integer options as cli.md promises: white space and leading zeros allowed.

Found by an integrator: ``--seed ' 5'`` was refused, a seed of 101 digits
was called "not ASCII digits", and a face of 26 digits "not die faces".
"""

from __future__ import annotations

import pytest

from rollwerk.cli._main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("seed", [" 5", "5 ", "\t+5\n", "00005", "0" * 250 + "5"])
def test_a_seed_with_white_space_or_leading_zeros_is_the_seed(
    capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    assert run(capsys, "roll", "1d20", "--seed", seed) == run(
        capsys, "roll", "1d20", "--seed", "5"
    )


def test_a_seed_of_400_digits_is_taken_and_401_are_refused_by_their_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "roll", "1d6", "--seed", "9" * 400)
    assert (code, err) == (0, "")
    assert main(["roll", "1d6", "--seed", "9" * 401]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "rollwerk: error: argument --seed: must be an integer (ASCII digits with an "
        "optional sign; at most 400 digits, not 401), got '999"
    )


def test_max_outcomes_takes_white_space(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "roll", "3d6", "--odds", "--max-outcomes", " 3 ")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].startswith("… 13 outcomes not shown")


def test_a_face_of_too_many_digits_says_how_many_are_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "roll", "1d6", "--rolls", "9" * 26)
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: --rolls must be comma-separated die faces such as 2,1,17 "
        f"(at most 18 digits each), got '{'9' * 26}'\n"
    )
    code, out, err = run(capsys, "roll", "1d6", "--rolls", "0000000000000000000006")
    assert (code, err) == (0, "")


def test_roll_json_with_explain_loads_back(capsys: pytest.CaptureFixture[str]) -> None:
    """The explanation ``--explain`` adds is read past (made again from the dice)."""
    import json

    from rollwerk.errors import SchemaError
    from rollwerk.notation import RollResult, parse

    code, out, err = run(capsys, "roll", "1d6+2", "--json", "--explain", "--rolls", "4")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["explanation"] == "1d6+2 = 6\n  1d6: 4 → 4"
    assert RollResult.from_json(data) == parse("1d6+2").replay([4])
    with pytest.raises(SchemaError) as info:
        RollResult.from_json({**data, "explanation": 3})
    assert str(info.value) == (
        "malformed roll result JSON: explanation must be a string, got 3"
    )


def test_version_prints_the_installed_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import rollwerk

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"rollwerk {rollwerk.__version__}\n"


ZEROS = "0" * 4300  # more than int() reads from a text (4300 digits)


@pytest.mark.parametrize(
    ("option", "value", "plain"),
    [
        (["roll", "1d20", "--seed"], f"{ZEROS}7", "7"),
        (["roll", "1d20", "--seed"], f"-{ZEROS}7", "-7"),
        (["roll", "2d6", "--rolls"], f"{ZEROS}3,{ZEROS}4", "3,4"),
        (["roll", "3d6", "--odds", "--max-outcomes"], f"{ZEROS}2", "2"),
    ],
)
def test_leading_zeros_past_pythons_digit_limit_are_still_leading_zeros(
    capsys: pytest.CaptureFixture[str], option: list[str], value: str, plain: str
) -> None:
    # found by a bad-input audit: "internal error: ValueError('Exceeds the
    # limit (4300 digits)…')" with exit 1, or argparse's "invalid _integer value"
    expected = run(capsys, *option, plain)
    assert expected[0] == 0
    assert run(capsys, *option, value) == expected
