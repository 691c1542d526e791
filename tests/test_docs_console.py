"""The console examples of the docs and the README print what they show.

Every ```` ```console ```` block of ``docs/**/*.md`` and ``README.md`` is read;
each ``$ rollwerk …`` line followed by output lines is run in-process with
`rollwerk.cli.main` and its output compared line by line (``{...}`` in a shown
line stands for any text). Lines without output (installation commands,
examples whose output is long or random) are not run here; the doctests and
the CLI tests cover them.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rollwerk.cli._main import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def _examples() -> list[tuple[str, str, list[str]]]:
    """(page, command line, shown output lines) of every example with output."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```console\n(.*?)\n```", text, re.DOTALL):
            command: str | None = None
            shown: list[str] = []
            for line in [*block.splitlines(), "$ end"]:
                if line.startswith("$ "):
                    if command is not None and shown:
                        found.append(
                            (page.relative_to(ROOT).as_posix(), command, shown)
                        )
                    command = line[2:] if line.startswith("$ rollwerk ") else None
                    shown = []
                elif command is not None:
                    shown.append(line)
    return found


EXAMPLES = _examples()


def _pattern(line: str) -> str:
    return ".*".join(re.escape(part) for part in line.split("{...}"))


def test_console_examples_found() -> None:
    """The scan finds the examples it is meant to check."""
    commands = [command for _, command, _ in EXAMPLES]
    assert "rollwerk roll 4d6kh3 --seed 7 --explain --lang de" in commands
    assert "rollwerk check ds4 pw=44 --rolls 2,1,17 --explain" in commands
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(
    ("page", "command", "shown"),
    EXAMPLES,
    ids=[f"{page}: {command}" for page, command, _ in EXAMPLES],
)
def test_console_example_prints_what_the_docs_show(
    page: str, command: str, shown: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Docs: a documented command prints exactly the documented lines."""
    argv = shlex.split(command)[1:]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    printed = (out + err).rstrip("\n").splitlines()
    failed = any(line.startswith("rollwerk: error:") for line in shown)
    assert code == (2 if failed else 0), f"{page}: {command} exited {code}"
    assert len(printed) == len(shown), f"{page}: {command} printed {printed}"
    for got, want in zip(printed, shown, strict=True):
        assert re.fullmatch(_pattern(want), got), f"{page}: {command}: {got!r}"
