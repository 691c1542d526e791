"""Issues 11 and 19: `rollwerk check ds4 …` loads only what one check needs.

The CLI reads the plugins through the registry (only it knows whether two
plugins claim one id) and imports only the plugin that declares ``ds4``;
the plugin imports the ruleset value (checks, catalog, difficulty presets)
and neither its fight rules nor its data tables, combat or magic rules;
the core leaves out the encounter, the fight analysis, contest results and
JSON. ``tests/test_startup_imports.py`` pins the core's side for any plugin.
"""

from __future__ import annotations

import os
import subprocess
import sys

HEAVY = (
    "json",
    "rollwerk.analysis._fight",
    "rollwerk.checks._contest_result",
    "rollwerk.dice._pool",
    "rollwerk.encounter._durations",
    "rollwerk.encounter._effects",
    "rollwerk.encounter._state",
    "rollwerk_ds4._combat",
    "rollwerk_ds4._data",
    "rollwerk_ds4._fight",
    "rollwerk_ds4._magic",
)


def test_cli_check_loads_only_what_the_check_needs() -> None:
    code = (
        "import sys\n"
        "from rollwerk.cli import main\n"
        "main(['check', 'ds4', 'pw=14', '--rolls', '5'])\n"
        f"heavy = {HEAVY!r}\n"
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


def test_the_fight_hook_still_loads_the_fight_rules() -> None:
    from rollwerk.plugins import Registry
    from rollwerk_ds4 import plugin

    rules = Registry(load_entrypoints=False, plugins=[plugin]).fight_rules()
    assert list(rules) == ["ds4"]
    assert rules["ds4"].ruleset == "ds4"
