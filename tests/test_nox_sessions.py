"""``nox`` runs on a machine with one Python (issue 20).

Every default session but ``tests`` runs on the interpreter that runs nox, the
``tests`` matrix covers each installed CPython 3.10-3.13 (pyenv's too, with
one Python on the ``PATH``), no interpreter is downloaded, and a session that
cannot run is skipped with a reason, named in the closing banner, and fails
the run in CI. The slow check, the README's command in a fresh clone, is the
opt-in session ``nox -s readme`` (``scripts/check_readme_command.py``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load():
    spec = importlib.util.spec_from_file_location(
        "nox_support", ROOT / "scripts" / "nox_support.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["nox_support"] = module
    spec.loader.exec_module(module)
    return module


SUPPORT = _load()
CURRENT = SUPPORT.version_of()
DEFAULT_SESSIONS = {"lint", "typecheck", "docs", "docs_browser", "build", "guide"}


def fake_python(path: Path, output: str, status: int = 0) -> Path:
    """An executable that answers the probe like an interpreter would."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho '{output}'\nexit {status}\n", encoding="utf-8")
    path.chmod(0o755)
    return path


# --- which Pythons ---------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, False),
        ("", False),
        ("false", False),
        ("0", False),
        ("no", False),
        ("true", True),
        ("1", True),
        ("yes", True),
    ],
)
def test_ci_means_a_true_ci_variable(value: str | None, expected: bool) -> None:
    env = {} if value is None else {"CI": value}
    assert SUPPORT.is_ci(env) is expected


@pytest.mark.parametrize(
    ("current", "expected"),
    [
        ("3.11", ["3.10", "3.11", "3.12", "3.13"]),
        ("3.14", ["3.10", "3.11", "3.12", "3.13", "3.14"]),
        ("3.9", ["3.10", "3.11", "3.12", "3.13"]),
    ],
)
def test_the_matrix_is_every_supported_python_and_the_running_one(
    current: str, expected: list[str]
) -> None:
    assert SUPPORT.matrix_pythons(current) == expected


def test_find_pythons_prefers_the_running_one_then_the_path_then_pyenv(
    tmp_path: Path,
) -> None:
    bin_dir = tmp_path / "bin"
    fake_python(bin_dir / "python3.12", "cpython 3.12 /path/3.12")
    fake_python(bin_dir / "python3.13", "pyenv: python3.13: command not found", 127)
    fake_python(bin_dir / "python3", "cpython 3.10 /path/3.10")
    versions = tmp_path / "pyenv" / "versions"
    fake_python(versions / "3.13.0/bin/python3.13", "cpython 3.13 /pyenv/3.13.0")
    fake_python(versions / "3.13.2/bin/python3.13", "cpython 3.13 /pyenv/3.13.2")
    fake_python(versions / "3.12.9/bin/python3.12", "cpython 3.12 /pyenv/3.12.9")
    fake_python(versions / "3.11.5/bin/python3.11", "pypy 3.11 /pyenv/pypy")
    fake_python(versions / "3.13.1t/bin/python3.13t", "cpython 3.13 /pyenv/3.13t")
    fake_python(versions / "3.9.1/bin/python3.9", "cpython 3.9 /pyenv/3.9.1")
    env = {"PATH": str(bin_dir), "PYENV_ROOT": str(tmp_path / "pyenv")}

    found = SUPPORT.find_pythons(env, current=("3.11", "/running/python3.11"))

    assert found == {
        "3.10": "/path/3.10",  # `python3` on the PATH
        "3.11": "/running/python3.11",  # the running one, not pyenv's PyPy
        "3.12": "/path/3.12",  # the PATH before pyenv
        "3.13": "/pyenv/3.13.2",  # the PATH's shim fails; pyenv's newest patch
    }


def test_find_pythons_looks_in_home_pyenv_without_pyenv_root(tmp_path: Path) -> None:
    fake_python(
        tmp_path / ".pyenv/versions/3.12.1/bin/python3.12", "cpython 3.12 /home/3.12"
    )
    env = {"PATH": "", "HOME": str(tmp_path)}
    found = SUPPORT.find_pythons(env, current=("3.10", "/running/python3.10"))
    assert found == {"3.10": "/running/python3.10", "3.12": "/home/3.12"}


def test_a_python_named_for_another_version_is_not_taken(tmp_path: Path) -> None:
    fake_python(tmp_path / "python3.12", "cpython 3.11 /really/3.11")
    found = SUPPORT.find_pythons(
        {"PATH": str(tmp_path), "HOME": str(tmp_path)},
        current=("3.13", "/running/python3.13"),
    )
    assert found == {"3.13": "/running/python3.13"}


def test_the_running_python_is_found_as_itself() -> None:
    found = SUPPORT.find_pythons({"PATH": "", "HOME": "/nonexistent"})
    assert found == {CURRENT: SUPPORT.running_interpreter()}
    assert SUPPORT.probe(found[CURRENT]) == (CURRENT, found[CURRENT])


def test_link_pythons_keeps_one_link_per_version(tmp_path: Path) -> None:
    links = tmp_path / "links"
    SUPPORT.link_pythons({"3.10": "/a/python3.10", "3.12": "/a/python3.12"}, links)
    SUPPORT.link_pythons({"3.12": "/b/python3.12", "3.13": "/b/python3.13"}, links)
    assert sorted(p.name for p in links.iterdir()) == ["python3.12", "python3.13"]
    assert os.readlink(links / "python3.12") == "/b/python3.12"


# --- skips and the banner --------------------------------------------------


class Skipped(Exception):
    pass


class Failed(Exception):
    pass


class FakeSession:
    def skip(self, *args: Any) -> NoReturn:
        raise Skipped(*args)

    def error(self, *args: Any) -> NoReturn:
        raise Failed(*args)


def test_a_session_that_cannot_run_is_skipped_with_its_reason() -> None:
    with pytest.raises(Skipped) as info:
        SUPPORT.skip_or_fail(FakeSession(), "Chromium is not installed", env={})
    assert info.value.args == ("Chromium is not installed",)


def test_in_ci_a_session_that_cannot_run_fails() -> None:
    with pytest.raises(Failed, match=r"^Chromium is not installed.*CI is set"):
        SUPPORT.skip_or_fail(
            FakeSession(), "Chromium is not installed", env={"CI": "true"}
        )


def report(*results: tuple[str, str, str | None]) -> dict[str, Any]:
    """A nox JSON report of sessions given as (signature, result, reason)."""
    sessions = [
        {"name": name.split("-")[0], "signatures": [name], "result": r, "reason": why}
        for name, r, why in results
    ]
    return {"result": 1, "sessions": sessions}


def test_the_banner_says_when_everything_passed() -> None:
    lines = SUPPORT.summary_lines(
        report(("lint", "success", None), ("docs", "success", None))
    )
    assert "nox: all 2 sessions passed" in lines
    one = SUPPORT.summary_lines(report(("lint", "success", None)))
    assert "nox: the session passed" in one


def test_the_banner_names_every_session_that_did_not_pass() -> None:
    lines = SUPPORT.summary_lines(
        report(
            ("lint", "success", None),
            ("docs_browser", "skipped", "Chromium is not installed"),
            ("tests-3.12", "failed", None),
        )
    )
    text = "\n".join(lines)
    assert "nox: 1 of 3 sessions passed; 1 SKIPPED, 1 FAILED" in text
    assert "  SKIPPED docs_browser: Chromium is not installed" in lines
    assert "  FAILED tests-3.12" in lines
    assert "did not run, so it did not pass" in text


def _print_summary(tmp_path: Path, results: dict[str, Any], ci: bool):
    path = tmp_path / "report.json"
    path.write_text(json.dumps(results), encoding="utf-8")
    code = (
        "import importlib.util, sys, pathlib;"
        f"spec = importlib.util.spec_from_file_location('s', {str(ROOT / 'scripts' / 'nox_support.py')!r});"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m);"
        f"m.print_summary(pathlib.Path({str(path)!r}), ci={ci})"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )


def test_in_ci_a_skipped_session_fails_the_run_at_the_end(tmp_path: Path) -> None:
    results = report(
        ("lint", "success", None), ("docs_browser", "skipped", "no Chromium")
    )
    local = _print_summary(tmp_path, results, ci=False)
    assert local.returncode == 0
    assert "SKIPPED docs_browser: no Chromium" in local.stderr
    ci = _print_summary(tmp_path, results, ci=True)
    assert ci.returncode == 1
    assert "CI is set: skipped sessions fail the run." in ci.stderr


# --- the noxfile in a fresh copy, with one Python on the PATH --------------


@pytest.fixture
def fresh_copy(tmp_path: Path) -> Path:
    """What nox reads of a checkout, copied from the working tree."""
    copy = tmp_path / "checkout"
    for name in ["noxfile.py", "pyproject.toml", "scripts/nox_support.py"]:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    for project in ROOT.glob("plugins/*/pyproject.toml"):
        target = copy / project.relative_to(ROOT)
        target.parent.mkdir(parents=True)
        shutil.copy2(project, target)
    return copy


@pytest.fixture
def one_python(tmp_path: Path) -> Path:
    """A PATH directory that holds `python3` and nothing else."""
    bin_dir = tmp_path / "one-python"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(SUPPORT.running_interpreter())
    return bin_dir


def run_nox(
    checkout: Path, env: dict[str, str], *args: str
) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("nox")  # installed by the nox session `tests`
    env = {"NO_COLOR": "1", "LANG": "C.UTF-8", **env}
    return subprocess.run(
        [sys.executable, "-m", "nox", *args],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def installed_pyenv_versions(env: dict[str, str]) -> set[str]:
    root = Path(env.get("PYENV_ROOT") or Path(env["HOME"]) / ".pyenv")
    return {
        version
        for version in SUPPORT.SUPPORTED
        for python in root.glob(f"versions/{version}.*/bin/python{version}")
        if python.parent.parent.name.removeprefix(version + ".").isdigit()
    }


def test_default_sessions_run_on_the_python_that_runs_nox(
    fresh_copy: Path, one_python: Path
) -> None:
    env = {"PATH": str(one_python), "HOME": os.environ.get("HOME", "/nonexistent")}
    if "PYENV_ROOT" in os.environ:
        env["PYENV_ROOT"] = os.environ["PYENV_ROOT"]

    listing = run_nox(fresh_copy, env, "--list", "--json")

    assert listing.returncode == 0, listing.stderr
    sessions = {s["session"]: s["python"] for s in json.loads(listing.stdout)}
    matrix = SUPPORT.matrix_pythons()
    assert set(sessions) == DEFAULT_SESSIONS | {f"tests-{v}" for v in matrix}
    # No python= pin: nox makes these environments from its own interpreter.
    assert {name: sessions[name] for name in DEFAULT_SESSIONS} == dict.fromkeys(
        DEFAULT_SESSIONS
    )
    assert [sessions[f"tests-{v}"] for v in matrix] == matrix
    # The tests matrix finds the running Python and pyenv's, though the PATH
    # holds one Python: each gets a link where nox looks first.
    links = fresh_copy / ".nox" / "_pythons"
    linked = {p.name.removeprefix("python"): os.readlink(p) for p in links.iterdir()}
    assert linked[CURRENT] == SUPPORT.running_interpreter()
    assert set(linked) == {CURRENT} | installed_pyenv_versions(env)


def test_a_missing_python_is_skipped_at_once_and_fails_in_ci(
    fresh_copy: Path, one_python: Path, tmp_path: Path
) -> None:
    other = "3.10" if CURRENT != "3.10" else "3.13"
    env = {"PATH": str(one_python), "HOME": str(tmp_path / "home")}

    start = time.monotonic()
    local = run_nox(fresh_copy, env, "-s", f"tests-{other}")
    elapsed = time.monotonic() - start

    output = local.stdout + local.stderr
    assert local.returncode == 0, output
    assert f"SKIPPED tests-{other}: Python interpreter {other} not found" in output
    assert "did not run, so it did not pass" in output
    assert "download" not in output.lower()
    assert elapsed < 60

    ci = run_nox(fresh_copy, {**env, "CI": "true"}, "-s", f"tests-{other}")
    assert ci.returncode == 1
    assert f"FAILED tests-{other}: Python interpreter {other} not found" in (
        ci.stdout + ci.stderr
    )
