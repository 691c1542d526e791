"""Lazy exports are invisible to type checkers: mistakes fail ``mypy --strict``.

``tests/typing/fail/lazy_exports.py`` marks each line that mypy must reject
with ``# E: <error code>, ...``; mypy must report exactly those errors.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FAIL = ROOT / "tests" / "typing" / "fail"
_EXPECTED = re.compile(r"#\s*E:\s*([\w-]+(?:\s*,\s*[\w-]+)*)\s*$")
_REPORTED = re.compile(
    r"^(?P<path>[^:]+):(?P<line>\d+): error: .*\[(?P<code>[\w-]+)\]$"
)


def _expected(path: Path) -> set[tuple[int, str]]:
    found = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = _EXPECTED.search(line)
        if match:
            found |= {(number, c.strip()) for c in match.group(1).split(",")}
    return found


def _mypy(path: Path, cache: Path) -> tuple[set[tuple[int, str]], str]:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            "--show-error-codes",
            "--no-pretty",
            "--no-error-summary",
            str(path.relative_to(ROOT)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    reported = set()
    for line in out.stdout.splitlines():
        match = _REPORTED.match(line)
        if match:
            reported.add((int(match["line"]), match["code"]))
    return reported, out.stdout + out.stderr


@pytest.mark.parametrize("path", sorted(FAIL.glob("*.py")), ids=lambda p: p.name)
def test_mypy_strict_reports_each_marked_line(path: Path, tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (nox -s tests has it)")
    expected = _expected(path)
    assert expected, f"{path.name} marks no line with '# E: <code>'"
    reported, output = _mypy(path, tmp_path / "mypy-cache")
    assert reported == expected, output


def test_the_default_mypy_run_leaves_out_the_must_fail_files() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.mypy]", 1)[1].split("\n[", 1)[0]
    assert 'exclude = ["^tests/typing/fail/"]' in section
