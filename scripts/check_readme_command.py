"""Run the README's test command as a new user would, and check what ran.

Usage: ``python scripts/check_readme_command.py [--python EXE] [--no-pyenv]
[--rev COMMIT] [--keep] [-- NOX ARGS]`` (or ``nox -s readme -- …``).

It clones the repository's ``HEAD`` (or ``--rev``) into a temporary directory and runs the
README's second command there, verbatim, with a ``PATH`` that holds one Python
(``--python``, default the system's ``python3``, else the running one): the
directories of the ``PATH`` that hold another Python, pyenv's and those under
``$HOME`` are left out. pyenv's versions stay installed, as on a developer's
machine, unless ``--no-pyenv``. Then it reads the report nox wrote
(``.nox/last-run.json``) and checks that every default session ran on that
Python and passed, that ``tests`` ran on each installed CPython 3.10-3.13, and
that a missing one was skipped (failed with ``CI`` set). A full run takes
about ten minutes. Arguments after ``--`` are added to the command (then it
is no longer verbatim), e.g. ``-- -s lint tests``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nox_support as support

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SESSIONS = ["lint", "typecheck", "docs", "docs_browser", "build", "guide"]
PYTHON_NAME = re.compile(r"^python(3(\.\d+)?)?$")
DROPPED_VARIABLES = ("VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONPATH", "PYTHONHOME")


def readme_test_command() -> str:
    """The README's second quick-start command (as ``tests/test_repository.py``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    return re.findall(r"```console\n(.+?)\n```", section)[1]


def system_python() -> str:
    """The first ``python3`` in the usual system directories, else this Python."""
    for directory in ("/usr/local/bin", "/usr/bin", "/bin"):
        candidate = Path(directory) / "python3"
        if candidate.is_file() and support.probe(candidate):
            return str(candidate)
    return support.running_interpreter()


def pythons_in(directory: Path) -> set[str]:
    """The versions of the Pythons a ``PATH`` directory holds (``"?"``: broken)."""
    versions = set()
    try:
        entries = [p for p in directory.iterdir() if PYTHON_NAME.match(p.name)]
    except OSError:
        return versions
    for entry in entries:
        if entry.is_file() and os.access(entry, os.X_OK):
            info = support.probe(entry)
            versions.add(info[0] if info else "?")
    return versions


def one_python_path(bin_dir: Path, version: str, env: dict[str, str]) -> str:
    """A ``PATH``: ``bin_dir`` first, then the directories with no other Python."""
    home = os.path.realpath(env.get("HOME", "/nonexistent"))
    kept = [str(bin_dir)]
    for entry in env.get("PATH", "").split(os.pathsep):
        if not entry or entry in kept or not os.path.isabs(entry):
            continue
        real = os.path.realpath(entry)
        if real == home or real.startswith(home + os.sep) or "pyenv" in real:
            continue
        if pythons_in(Path(entry)) <= {version}:
            kept.append(entry)
    return os.pathsep.join(kept)


def main(argv: list[str] | None = None) -> int:
    """Run the check; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", help="the one Python on the PATH")
    parser.add_argument("--no-pyenv", action="store_true", help="hide pyenv too")
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    parser.add_argument("--rev", help="check out this commit (default: HEAD)")
    parser.add_argument("nox_args", nargs="*", help="added after the command")
    args = parser.parse_args(argv)

    python = args.python or system_python()
    info = support.probe(python)
    if info is None:
        parser.error(f"{python} is not a working CPython")
    version, executable = info
    work = Path(tempfile.mkdtemp(prefix="rollwerk-readme-"))
    bin_dir = work / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(executable)

    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("NOX", "PYENV_VERSION", "UV_"))
        and k not in DROPPED_VARIABLES
    }
    env["PATH"] = one_python_path(bin_dir, version, env)
    if args.no_pyenv:
        env["PYENV_ROOT"] = str(work / "no-pyenv")
    on_path = set()
    for entry in env["PATH"].split(os.pathsep):
        on_path |= pythons_in(Path(entry))
    if on_path != {version}:
        print(f"PATH holds Pythons {sorted(on_path)}, not just {version}")
        return 2
    expected_tests = support.find_pythons(env, current=(version, executable))

    clone = work / "rollwerk"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    if args.rev:
        subprocess.run(
            ["git", "-C", str(clone), "checkout", "--quiet", args.rev], check=True
        )
    head = subprocess.run(
        ["git", "-C", str(clone), "log", "-1", "--format=%h %s"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    command = readme_test_command()
    if args.nox_args:
        command += " " + shlex.join(args.nox_args)
    print(f"clone of {head} in {clone}")
    print(f"PATH={env['PATH']}")
    print(f"python3 = {executable} ({version}); pyenv hidden: {args.no_pyenv}")
    print(f"tests should run on: {', '.join(expected_tests)}")
    print(f"$ {command}", flush=True)
    status = subprocess.run(["bash", "-c", command], cwd=clone, env=env, check=False)
    print(f"exit status {status.returncode}")

    report_path = clone / ".nox" / "last-run.json"
    if not report_path.is_file():
        print(f"no report at {report_path}: nox did not get to run sessions")
        return 1
    report = json.loads(report_path.read_text(encoding="utf-8"))
    results = {(s.get("signatures") or [s["name"]])[0]: s for s in report["sessions"]}
    ci = support.is_ci(env)
    expected = dict.fromkeys(DEFAULT_SESSIONS, "success")
    for test_version in support.matrix_pythons(version):
        ok = test_version in expected_tests
        expected[f"tests-{test_version}"] = (
            "success" if ok else ("failed" if ci else "skipped")
        )
    if args.nox_args:  # only the sessions asked for
        expected = {k: v for k, v in expected.items() if k in results}

    problems = []
    print(f"\n{'session':<16} {'expected':<9} result")
    for name, want in expected.items():
        got = results.get(name, {}).get("result", "did not run")
        reason = results.get(name, {}).get("reason") or ""
        print(f"{name:<16} {want:<9} {got} {reason}".rstrip())
        if got != want:
            problems.append(name)
    unexpected = sorted(set(results) - set(expected))
    if unexpected:
        problems += unexpected
        print(f"unexpected sessions: {', '.join(unexpected)}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    if problems:
        print(f"README command check FAILED: {', '.join(problems)}")
        return 1
    should_fail = "failed" in expected.values()
    if (status.returncode != 0) != should_fail:
        print(f"README command check FAILED: nox exited {status.returncode}")
        return 1
    print("README command check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
