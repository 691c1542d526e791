"""The plugin's lazy exports are invisible to type checkers, as the core's are.

``mypy --strict`` must reject a misspelt import from ``rollwerk_ds4`` and a
wrong call of a lazily exported function (the core's own must-fail file is
``tests/typing/fail``; core tests import no plugin, so this one lives here).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SOURCE = textwrap.dedent(
    """\
    from rollwerk_ds4 import Ds4Chek
    import rollwerk_ds4

    rollwerk_ds4.check("44")
    print(Ds4Chek)
    """
)


def test_mypy_strict_rejects_misspelt_imports_and_wrong_calls(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (nox -s tests has it)")
    path = tmp_path / "uses_ds4.py"
    path.write_text(SOURCE, encoding="utf-8")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--python-version",
            "3.10",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--show-error-codes",
            "--no-pretty",
            "--no-error-summary",
            path.name,
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = sorted(
        line.split(": error: ", 1)[0].rsplit(":", 1)[1]
        + " "
        + line.rsplit("[", 1)[1].rstrip("]")
        for line in out.stdout.splitlines()
        if ": error: " in line
    )
    assert errors == ["1 attr-defined", "4 arg-type"], out.stdout + out.stderr
