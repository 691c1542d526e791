"""The README's quick start and CI stay in step."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split(
        "\nMore on the command line", 1
    )[0]
    return re.findall(r"```console\n(.+?)\n```", section)


def test_quick_start_is_two_commands() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert "rollwerk check ds4 pw=44 --rolls 2,1,17 --explain" in commands[0]
    assert commands[1].endswith("-m nox")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert quick_start_commands()[1] in ci
