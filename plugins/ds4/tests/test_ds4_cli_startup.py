"""Issue 11: `rollwerk check ds4 …` loads only what one check needs."""

from __future__ import annotations

import os
import subprocess
import sys


def test_cli_check_loads_neither_metadata_nor_other_modules() -> None:
    code = (
        "import sys\n"
        "from rollwerk.cli import main\n"
        "main(['check', 'ds4', 'pw=14', '--rolls', '5'])\n"
        "heavy = ('importlib.metadata', 'rollwerk.encounter._encounter', 'rollwerk.dice._pool',"
        " 'shutil', 'json',"
        " 'rollwerk_ds4._combat', 'rollwerk_ds4._magic')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "ROLLWERK_NO_ENTRYPOINTS"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert out.stdout.splitlines()[-1] == "[]"
    assert "value 5" in out.stdout
