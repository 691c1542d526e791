"""Issue 11: `rollwerk check ds4 …` loads only what one check needs.

Core 2.0: the CLI reads every plugin through the registry (only it knows
whether two plugins claim one id), so ``importlib.metadata`` and the other
plugins' modules are loaded; DS4's own lazy modules still are not.
"""

from __future__ import annotations

import os
import subprocess
import sys


def test_cli_check_loads_only_what_the_check_needs() -> None:
    code = (
        "import sys\n"
        "from rollwerk.cli import main\n"
        "main(['check', 'ds4', 'pw=14', '--rolls', '5'])\n"
        "heavy = ('rollwerk.dice._pool', 'json',"
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
