"""Issue 19: ``rollwerk check`` loads only what a check needs.

The CLI target (``rollwerk check ds4 pw=14`` within 1.6 times
``python -c "import attrs"``, see ``bench/compare.py``) is met by not
importing what other paths need: the encounter's durations, effects, state
and events, contest results, the fight analysis, notation, JSON and the
other subcommands. Timing is the benchmark's job; these tests pin what it
depends on, in a fresh interpreter, by the modules in ``sys.modules``.

The plugin is a real distribution written to a temporary directory (a
``*.dist-info`` folder and a module on ``PYTHONPATH``) so that the core
tests stay free of the bundled rulesets; the DS4 plugin pins its own path
in ``plugins/ds4/tests``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

_PLUGIN = '''
"""A small ruleset declared the way a plugin author would."""

import rollwerk
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.rulesets import define_ruleset


def _judge(faces, skill):
    hit = faces[0] <= skill
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


CHECK = define_check(
    "check",
    [Parameter("skill", int, min_value=1, max_value=6)],
    dice=[6],
    judge=_judge,
)
RULESET = define_ruleset("startup", "Start-up", version="1.0", checks=[CHECK])


@rollwerk.hookimpl
def rollwerk_register_rulesets():
    return [RULESET]
'''

# What the check path must not import: each belongs to another command or
# to code that only runs when asked for (the names are the lazy imports
# that keep ``rollwerk check`` fast).
NOT_ON_THE_CHECK_PATH = (
    "json",
    "importlib.metadata",
    "rollwerk.analysis._fight",
    "rollwerk.checks._contest_result",
    "rollwerk.cli._fight",
    "rollwerk.cli._roll",
    "rollwerk.dice._die",
    "rollwerk.dice._exact",
    "rollwerk.dice._limits",
    "rollwerk.dice._pool",
    "rollwerk.encounter._codec",
    "rollwerk.encounter._durations",
    "rollwerk.encounter._effects",
    "rollwerk.encounter._encounter",
    "rollwerk.encounter._events",
    "rollwerk.encounter._state",
    "rollwerk.encounter._wording",
    "rollwerk.notation",
)

_RUN = """
import sys
from rollwerk.cli import main

code = main(sys.argv[1:])
modules = sorted(sys.modules)  # before the import of json below
import json
print(json.dumps({"code": code, "modules": modules}))
"""


def run_cli(site: Path, *args: str) -> tuple[int, set[str], str]:
    """Run the CLI in a fresh interpreter with ``site`` on ``sys.path``.

    Returns the exit code, the modules loaded when the command returned and
    what it printed.
    """
    env = {k: v for k, v in os.environ.items() if k != "ROLLWERK_NO_ENTRYPOINTS"}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(site), *filter(None, [env.get("PYTHONPATH")])]
    )
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    *printed, last = done.stdout.strip().splitlines()
    data = json.loads(last)
    return int(data["code"]), set(data["modules"]), "\n".join(printed)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("startup_site")
    (root / "startup_plugin.py").write_text(_PLUGIN, encoding="utf-8")
    info = root / "rollwerk_startup_demo-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: rollwerk-startup-demo\nVersion: 1.0\n\n",
        encoding="utf-8",
    )
    (info / "entry_points.txt").write_text(
        "[rollwerk]\nstartup = startup_plugin\n"
        "[rollwerk.rulesets]\nstartup = startup_plugin\n",
        encoding="utf-8",
    )
    return root


def test_perf_check_loads_no_module_of_other_paths(site: Path) -> None:
    code, modules, out = run_cli(site, "check", "startup", "skill=4", "--rolls", "3")
    assert code == 0
    assert "result: success, value 3" in out
    assert "startup_plugin" in modules  # the plugin that declares the id
    loaded = sorted(
        m
        for m in modules
        if any(m == n or m.startswith(n + ".") for n in NOT_ON_THE_CHECK_PATH)
    )
    assert loaded == []


def test_perf_check_builds_only_its_own_subcommand_parser(site: Path) -> None:
    code, modules, _ = run_cli(site, "check", "startup", "skill=4", "--rolls", "3")
    assert code == 0
    assert "rollwerk.cli._checks" in modules
    assert "rollwerk.cli._roll" not in modules
    assert "rollwerk.cli._fight" not in modules


def test_the_lazy_imports_still_serve_every_other_path(site: Path) -> None:
    """What the check path leaves out is loaded where it is used."""
    code, modules, out = run_cli(
        site, "contest", "startup", "skill=4", "--vs", "skill=2", "--seed", "1"
    )
    assert code == 0
    assert "rollwerk.checks._contest_result" in modules
    assert "result:" in out
    code, modules, out = run_cli(site, "check", "startup", "skill=4", "--json")
    assert code == 0
    assert "json" in modules
    assert json.loads(out)["ruleset"] == "startup"


def test_the_ruleset_traits_run_their_defaults_lazily() -> None:
    """A ruleset declared without the encounter loads it for initiative only."""
    script = (
        "import sys\n"
        "from rollwerk.checks import Degree, Outcome, define_check\n"
        "from rollwerk.rulesets import define_ruleset\n"
        "c = define_check('c', dice=[2], judge=lambda f: "
        "Outcome(True, Degree.SUCCESS, f[0]))\n"
        "rs = define_ruleset('t', 'T', version='1', checks=[c])\n"
        "before = 'rollwerk.encounter._state' in sys.modules\n"
        "from rollwerk import Combatant, SeededRng\n"
        "order = rs.initiative_order([Combatant('a', initiative=3), "
        "Combatant('b', initiative=9)], SeededRng(1))\n"
        "print(before, list(order), rs.stacking_policy.to_json()['modifiers'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["False", "['b',", "'a']", "sum"]
