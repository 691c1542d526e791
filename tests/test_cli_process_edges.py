"""The CLI at the edges of its process: closed or full streams, Ctrl-C, odd words.

From a held-out shell-script user: a full disk was reported as a rollwerk
bug (exit 1), a closed standard output lost the result with exit 0, Ctrl-C
printed a traceback, and a few words were read otherwise than cli.md says.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

import rollwerk.cli._main as cli_main
from rollwerk.cli._main import INTERRUPTED, OUTPUT_FAILED, main


def _cli(*argv: str, **options: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "rollwerk", *argv],
        capture_output=True,
        check=False,
        **options,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_exit_74() -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "rollwerk", "roll", "3d6", "--odds"],
            stdout=full,
            stderr=subprocess.PIPE,
            check=False,
        )
    assert proc.returncode == OUTPUT_FAILED == 74
    assert proc.stderr.decode() == (
        "rollwerk: error: the output could not be written: No space left on device\n"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptors")
def test_a_closed_stdout_is_one_line_and_exit_74() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rollwerk", "roll", "3d6", "--odds"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert proc.returncode == 74
    assert proc.stderr.decode() == (
        "rollwerk: error: standard output is closed: there is nowhere to write to\n"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptors")
def test_a_closed_stderr_keeps_the_exit_code_of_a_user_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rollwerk", "roll", "2d6+"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        check=False,
        preexec_fn=lambda: os.close(2),
    )
    assert (proc.returncode, proc.stdout) == (2, b"")


def test_a_reader_that_leaves_is_not_an_error() -> None:
    """``rollwerk roll 1000d6 --odds | head -1``: exit 0, nothing on stderr."""
    with subprocess.Popen(
        [sys.executable, "-m", "rollwerk", "roll", "1000d6", "--odds"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        assert proc.stdout.readline() == b"exact odds of 1000d6 (mean 3500)\n"
        proc.stdout.close()
        err = proc.stderr.read()
        assert (proc.wait(), err) == (0, b"")


def test_ctrl_c_is_one_line_and_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "_run", interrupted)
    assert main(["roll", "1d6"]) == INTERRUPTED == 130
    assert capsys.readouterr().err == "rollwerk: interrupted\n"


def test_an_unknown_ruleset_is_refused_beside_a_dialect(capsys: Any) -> None:
    """``--dialect`` chose the dialect and ``--ruleset nope`` went unread."""
    code = main(["roll", "W66", "--ruleset", "nope", "--dialect", "rollwerk"])
    assert code == 2
    assert capsys.readouterr().err.startswith(
        "rollwerk: error: ruleset must be one of: "
    )


@pytest.mark.parametrize(
    "argv",
    [["roll", "--rolls", "4", "-d6", "--"], ["roll", "-d6", "--rolls", "4", "--"]],
)
def test_a_minus_notation_before_a_closing_double_dash(
    argv: list[str], capsys: Any
) -> None:
    """cli.md: a word starting with ``-`` is the notation wherever it stands."""
    assert main(argv) == 0
    assert capsys.readouterr().out == "-4\n"


def test_the_word_after_a_value_option_is_its_value_even_h(capsys: Any) -> None:
    assert main(["roll", "2d6", "--seed", "-h"]) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: argument --seed: must be an integer (ASCII digits with "
        "an optional sign), got '-h' (see 'rollwerk roll --help')\n"
    )


def test_a_long_invalid_choice_is_abbreviated(capsys: Any) -> None:
    assert main(["roll", "1d6", "--lang", "z" * 1000]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: '" + "z" * 57 + "… (1000 characters)" in err
    assert len(err) < 200


def test_control_characters_typed_in_a_label_are_escaped(capsys: Any) -> None:
    assert main(["roll", "1d6 [a\nb]", "--odds"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "exact odds of 1d6 [a\\nb] (mean 7/2 ≈ 3.50)"
    )
    assert main(["roll", "1d6 [\x1b[31mx]", "--rolls", "2", "--explain"]) == 0
    assert capsys.readouterr().out == (
        "1d6 [\\x1b[31mx] = 2\n  1d6 [\\x1b[31mx]: 2 → 2\n"
    )
