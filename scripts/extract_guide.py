"""Extract the files of the plugin-author guide into a folder.

Usage: ``python scripts/extract_guide.py OUT_DIR [GUIDE.md]``. Every fenced
code block whose info string has ``title="path"`` is written to
``OUT_DIR/path``. The nox session ``guide`` installs what this writes and runs
the guide's commands, so the guide cannot go stale.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

BLOCK = re.compile(r'^```\w*\s+title="([^"]+)"\n(.*?)^```$', re.MULTILINE | re.DOTALL)
DEFAULT = Path(__file__).resolve().parents[1] / "docs" / "guide" / "write-a-ruleset.md"


def extract(markdown: str, out: Path) -> list[Path]:
    """Write every titled block of ``markdown`` below ``out``; return the paths."""
    written = []
    for name, body in BLOCK.findall(markdown):
        path = out / name
        if out.resolve() not in path.resolve().parents:
            raise SystemExit(f"refusing to write outside {out}: {name}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
        written.append(path)
    if not written:
        raise SystemExit("no titled code blocks found")
    return written


def main(argv: list[str]) -> int:
    """Extract the guide given on the command line."""
    out = Path(argv[0])
    guide = Path(argv[1]) if len(argv) > 1 else DEFAULT
    for path in extract(guide.read_text(encoding="utf-8"), out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
