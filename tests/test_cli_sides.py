"""Words on the command line go where they are written (found by a CLI audit).

A KEY=VALUE word after ``--vs`` and another option belongs to the second
side, as ``cli-checks.md`` says, not silently to the first; ``--vs`` given
twice is refused instead of dropping the first list; ``--by``'s value is
its value even when it starts with ``-``; a repeated ``--option`` counts
once; a seed JSON integers cannot hold is written as a string.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwerk.cli import main
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry
from rollwerk.testing import examples


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Any:
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    registry = Registry(load_entrypoints=False, plugins=[examples])

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv), registry=registry)
        out, err = capsys.readouterr()
        return code, out, err

    return run


HEADER = (
    "toy:check skill=4 modifier=0 edge=false difficulty=normal vs "
    "toy:check skill=3 modifier=1 edge=false difficulty=normal"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["skill=4", "--vs", "skill=3", "modifier=1"],
        ["skill=4", "--vs", "skill=3", "--lang", "en", "modifier=1"],
        ["--lang", "en", "skill=4", "--vs", "skill=3", "--seed", "1", "modifier=1"],
        ["--vs", "skill=3", "--lang", "en", "modifier=1", "--vs-check", "check"],
    ],
)
def test_words_after_vs_and_an_option_are_the_second_sides(
    cli: Any, argv: list[str]
) -> None:
    if argv[0] == "--vs":  # the first side's words before --vs
        argv = ["skill=4", *argv]
    code, out, err = cli("contest", "toy", *argv)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == HEADER


def test_a_late_word_repeating_a_second_side_key_is_refused_for_that_side(
    cli: Any,
) -> None:
    code, out, err = cli(
        "contest", "toy", "skill=4", "--vs", "skill=3", "--json", "skill=2"
    )
    assert (code, out) == (2, "")
    assert (
        err
        == "rollwerk: error: --vs skill must be given once (first as 'skill=3'), got 'skill=2'\n"
    )


def test_a_late_word_that_repeats_an_early_one_is_placed_by_where_it_stands(
    cli: Any,
) -> None:
    """argparse took the first ``skill=4``; the one after --vs is the second's."""
    code, out, err = cli(
        "contest", "toy", "skill=4", "--vs", "skill=3", "--lang", "en", "skill=4"
    )
    assert (code, out) == (2, "")
    assert (
        err
        == "rollwerk: error: --vs skill must be given once (first as 'skill=3'), got 'skill=4'\n"
    )


def test_vs_given_twice_is_refused(cli: Any) -> None:
    code, out, err = cli(
        "contest", "toy", "skill=4", "--vs", "skill=3", "--vs", "skill=2"
    )
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: --vs must be given once, with all of the second side's "
        "KEY=VALUE words after it (see 'rollwerk contest --help')\n"
    )


def test_the_value_of_by_is_its_value_even_with_a_leading_minus(cli: Any) -> None:
    code, out, err = cli("odds", "toy", "skill=3", "--by", "-x")
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: --by must be outcome, degree, level, value or "
        "extra:NAME (an extra's name), got '-x'\n"
    )


def test_a_repeated_option_counts_once(cli: Any) -> None:
    code, out, _ = cli(
        "check",
        "toy",
        "skill=3",
        "--option",
        "generous",
        "--option",
        "generous",
        "--rolls",
        "4",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["options"] == ["generous"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("roll", "1d6", "--seed", "1", "--seed", "2"),
            "--seed must be given once, got 1 and then 2",
        ),
        (  # the =VALUE form is the same option
            ("roll", "1d6", "--seed", "1", "--seed=2"),
            "--seed must be given once, got 1 and then 2",
        ),
        (  # no abbreviation is read (--ro is --rolls to check, --rounds to fight)
            ("roll", "1d6", "--seed", "1", "--se=2"),
            "unrecognized arguments: --se=2",
        ),
        (
            ("roll", "1d6", "--lang", "en", "--lang", "en"),
            "--lang must be given once, got 'en' and then 'en'",
        ),
        (
            ("check", "toy", "skill=3", "--rolls", "4", "--rolls", "5"),
            "--rolls must be given once, got '4' and then '5'",
        ),
        (
            ("odds", "toy", "skill=3", "--by", "outcome", "--by", "degree"),
            "--by must be given once, got 'outcome' and then 'degree'",
        ),
        (
            ("contest", "toy", "skill=3", "--vs-check", "check", "--vs-check", "x"),
            "--vs-check must be given once, got 'check' and then 'x'",
        ),
    ],
)
def test_a_repeated_single_valued_option_is_a_usage_error(
    cli: Any, argv: tuple[str, ...], message: str
) -> None:
    """argparse kept the last value and dropped the first without a word."""
    see = f"(see 'rollwerk {argv[0]} --help')"
    assert cli(*argv) == (2, "", f"rollwerk: error: {message} {see}\n")


def test_a_seed_beyond_64_bits_is_a_string_in_json(cli: Any) -> None:
    big = 2**63
    code, out, _ = cli("check", "toy", "skill=3", "--seed", str(big), "--json")
    assert code == 0
    assert json.loads(out)["seed"] == str(big)
    code, out, _ = cli("check", "toy", "skill=3", "--seed", str(big - 1), "--json")
    assert json.loads(out)["seed"] == big - 1
    code, out, _ = cli(
        "contest",
        "toy",
        "skill=3",
        "--vs",
        "skill=2",
        "--seed",
        str(-big - 1),
        "--json",
    )
    assert json.loads(out)["seed"] == str(-big - 1)


def test_an_unknown_option_without_a_command_is_named(cli: Any) -> None:
    assert cli("--bogus") == (
        2,
        "",
        "rollwerk: error: unrecognized arguments: --bogus (see 'rollwerk --help')\n",
    )
    code, out, err = cli()
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: the following arguments are required: COMMAND "
        "(see 'rollwerk --help')\n"
    )
