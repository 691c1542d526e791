"""Turn the CHANGELOG's ``Unreleased`` section into a release section.

Usage: ``python scripts/release.py 0.2.0 [--date YYYY-MM-DD]`` (or
``nox -s release -- 0.2.0``). It moves everything under ``## [Unreleased]``
into a new ``## [0.2.0] - <date>`` section, leaves an empty ``Unreleased``
section on top, and prints the ``git tag`` command that sets the version of
every distribution (versions come from the tag through hatch-vcs).
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from pathlib import Path

VERSION = re.compile(r"^\d+\.\d+\.\d+((a|b|rc)\d+)?$")
HEADING = "## [Unreleased]"


def release(text: str, version: str, date: str) -> str:
    """Return ``text`` (a Keep a Changelog file) with ``version`` released."""
    if not VERSION.match(version):
        raise SystemExit(f"version must look like 1.2.3 or 1.2.3rc1, got {version!r}")
    if f"## [{version}]" in text:
        raise SystemExit(f"version {version} is already in the changelog")
    start = text.find(HEADING)
    if start < 0:
        raise SystemExit(f"no {HEADING!r} section in the changelog")
    body_start = start + len(HEADING)
    nxt = text.find("\n## [", body_start)
    body = text[body_start : nxt if nxt >= 0 else len(text)].strip("\n")
    if not body.strip():
        raise SystemExit("the Unreleased section is empty: nothing to release")
    rest = text[nxt:] if nxt >= 0 else "\n"
    return text[:start] + f"{HEADING}\n\n## [{version}] - {date}\n\n{body}\n" + rest


def main(argv: list[str] | None = None) -> int:
    """Run the release step from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version")
    parser.add_argument("--date", default=datetime.date.today().isoformat())
    parser.add_argument("--changelog", default="CHANGELOG.md", type=Path)
    args = parser.parse_args(argv)
    path: Path = args.changelog
    path.write_text(
        release(path.read_text(encoding="utf-8"), args.version, args.date),
        encoding="utf-8",
    )
    print(f"{path}: released {args.version}. Commit it, then: git tag v{args.version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
