"""The CLI in shell scripts: locales, closed streams, top-level help (helper-h216).

A held-out shell user found that ``--json`` under ``LC_ALL=C`` wrote a typed
byte that is not UTF-8 back raw (a document strict readers refuse), that
``--traceback`` with stderr closed wrote the stack to stdout and with a
failing stderr turned exit 2 or 3 into 1, that argparse's own errors spelt
a typed letter in ASCII (``--rulesét`` named a real option, ``--ruleset``),
and that ``rollwerk --help check`` listed one command only.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from rollwerk.cli import main
from rollwerk.plugins import Registry
from rollwerk.testing import examples


def _cli(*argv: str, **options: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "rollwerk", *argv],
        capture_output=True,
        check=False,
        **options,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locales")
def test_json_under_a_c_locale_escapes_a_typed_byte_that_is_not_utf8() -> None:
    env = {**os.environ, "LC_ALL": "C"}
    env.pop("PYTHONIOENCODING", None)
    word = os.fsdecode(b"1d6 [\xe4]")  # how Python reads the byte: '\udce4'
    proc = _cli("roll", word, "--seed", "1", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    assert b'"notation": "1d6 [\\udce4]"' in proc.stdout
    data = json.loads(proc.stdout.decode("utf-8"))
    assert data["notation"] == "1d6 [\udce4]"


def test_json_escapes_a_lone_surrogate_on_a_utf8_stream(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["roll", "1d6 [\udce4ß]", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"label": "\\udce4ß"' in out  # the surrogate escaped, ß kept
    assert json.loads(out)["tree"]["label"] == "\udce4ß"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptors")
@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (("roll", "2d6+", "--traceback"), 2),
        (("roll", "1d6", "--seed", "x", "--traceback"), 2),
    ],
)
def test_traceback_with_stderr_closed_writes_nothing_to_stdout(
    argv: tuple[str, ...], code: int
) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rollwerk", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        check=False,
        preexec_fn=lambda: os.close(2),
    )
    assert (proc.returncode, proc.stdout) == (code, b"")


class _Full(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_traceback_on_a_failing_stderr_keeps_the_exit_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stderr", _Full())
    assert main(["roll", "2d6+", "--traceback"]) == 2
    assert capsys.readouterr().out == ""


def test_argparse_errors_quote_typed_letters_as_escapes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    raw = io.BytesIO()
    stderr = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["roll", "1d6", "--rulesét", "x"]) == 2
    assert main(["roll", "1d6", "--seed", "\uff13"]) == 2
    stderr.flush()
    assert raw.getvalue().decode("ascii").splitlines() == [
        (
            "rollwerk: error: unrecognized arguments: --rules\\xe9t (see 'rollwerk "
            "roll --help')"
        ),
        (
            "rollwerk: error: argument --seed: must be an integer (ASCII digits with "
            "an optional sign), got '\\uff13' (see 'rollwerk roll --help')"
        ),
    ]


def test_top_level_help_before_a_command_lists_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--help", "check"]) == 0
    out = capsys.readouterr().out
    for command in ("roll", "rulesets", "check", "odds", "contest", "fight"):
        assert f"\n    {command} " in out


def test_version_before_a_command_is_the_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version", "roll"]) == 0
    assert capsys.readouterr().out.startswith("rollwerk ")
    assert main(["--bogus", "roll", "1d6"]) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: unrecognized arguments: --bogus (see 'rollwerk roll "
        "--help')\n"
    )


def test_many_late_words_are_read_in_one_pass(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    words = [f"x{i}=1" for i in range(5000)]
    assert (
        main(["check", "toy", "skill=3", "--seed", "1", *words], registry=registry) == 2
    )
    assert capsys.readouterr().err == (
        "rollwerk: error: parameter of toy:check must be one of: skill, modifier, "
        "edge, difficulty, got 'x0'\n"
    )
    late = ["check", "toy", "--seed", "1", "skill=3", "--json", "modifier=-1"]
    assert main(late, registry=registry) == 0
    assert json.loads(capsys.readouterr().out)["parameters"]["modifier"] == -1
