"""Helpers for ``noxfile.py``: which Pythons run the tests, and what a run skipped.

``noxfile.py`` imports this module (it does not import nox itself, so the tests
load it without nox). It

- finds every installed CPython 3.10-3.13: the interpreter that runs nox, the
  ``python3.X`` and ``python3`` commands on the ``PATH``, and pyenv's versions
  (``$PYENV_ROOT/versions``, default ``~/.pyenv``), so that the ``tests``
  matrix runs on all of them even when the ``PATH`` holds only one Python;
- links them as ``python3.X`` into one directory that the noxfile puts first on
  the ``PATH``, where nox's own interpreter lookup finds them;
- turns a session that cannot run here into a one-line skip, or into a failure
  when ``CI`` is set;
- prints a closing banner that lists every session that did not pass.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

#: The Python versions the project supports and tests on.
SUPPORTED = ("3.10", "3.11", "3.12", "3.13")

_PROBE = (
    "import os, sys; "
    "print(sys.implementation.name, '%d.%d' % sys.version_info[:2], "
    "os.path.realpath(getattr(sys, '_base_executable', '') or sys.executable))"
)
_PYENV_VERSION_DIR = re.compile(r"^(3\.\d+)\.(\d+)$")
_FALSE = {"", "0", "false", "no", "off"}


def is_ci(env: Mapping[str, str] | None = None) -> bool:
    """Whether ``CI`` is set to a true value (``CI=true``, ``CI=1``…)."""
    env = os.environ if env is None else env
    return env.get("CI", "").strip().lower() not in _FALSE


def version_of(info: tuple[int, ...] | None = None) -> str:
    """``"3.11"`` for the running interpreter (or for a ``version_info``)."""
    major, minor = (info or sys.version_info)[:2]
    return f"{major}.{minor}"


def running_interpreter() -> str:
    """The base interpreter behind the running one (a venv's Python is a link)."""
    base = getattr(sys, "_base_executable", "") or sys.executable
    return os.path.realpath(base)


def matrix_pythons(current: str | None = None) -> list[str]:
    """The ``tests`` matrix: every supported version, and always the running one."""
    current = current or version_of()
    versions = list(SUPPORTED)
    if current not in versions and _key(current) >= _key(SUPPORTED[0]):
        versions.append(current)
    return sorted(versions, key=_key)


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def _candidates(env: Mapping[str, str]) -> Iterator[tuple[str | None, Path]]:
    """Interpreters worth asking, best first, with the version their name says."""
    for entry in env.get("PATH", "").split(os.pathsep):
        if not entry or not os.path.isabs(entry):
            continue
        for version in SUPPORTED:
            yield version, Path(entry) / f"python{version}"
        yield None, Path(entry) / "python3"
    root = env.get("PYENV_ROOT") or os.path.join(env.get("HOME", "~"), ".pyenv")
    versions = Path(os.path.expanduser(root)) / "versions"
    found = []
    try:
        for directory in versions.iterdir():
            match = _PYENV_VERSION_DIR.match(directory.name)
            if match and match.group(1) in SUPPORTED:
                found.append((int(match.group(2)), match.group(1), directory))
    except OSError:
        return
    # The newest patch release of each version first.
    for _, version, directory in sorted(found, reverse=True):
        yield version, directory / "bin" / f"python{version}"


def probe(executable: Path | str) -> tuple[str, str] | None:
    """``(version, real executable)`` of a working CPython, else ``None``.

    The interpreter is run once: a pyenv shim for a version that is not active,
    a broken install or something else named ``python3`` is left out.
    """
    try:
        out = subprocess.run(
            [str(executable), "-I", "-c", _PROBE],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    if len(out) != 3 or out[0] != "cpython":
        return None
    return out[1], out[2]


def find_pythons(
    env: Mapping[str, str] | None = None,
    current: tuple[str, str] | None = None,
) -> dict[str, str]:
    """Map each installed supported version to one interpreter, e.g. ``{"3.12": …}``.

    ``current`` is ``(version, executable)`` of the interpreter that runs nox
    (default: this one); it always wins for its own version, also when that
    version is outside 3.10-3.13. Then come the ``python3.X`` and ``python3``
    commands on the ``PATH`` in ``PATH`` order, then pyenv's versions (newest
    patch release first). Nothing is downloaded.
    """
    env = os.environ if env is None else env
    version, executable = current or (version_of(), running_interpreter())
    found = {version: executable}
    for expected, path in _candidates(env):
        if expected in found or not (path.is_file() and os.access(path, os.X_OK)):
            continue
        if expected is None and all(v in found for v in SUPPORTED):
            continue
        info = probe(path)
        if info is None or info[0] not in SUPPORTED or info[0] in found:
            continue
        if expected is not None and info[0] != expected:
            continue
        found[info[0]] = info[1]
    return dict(sorted(found.items(), key=lambda item: _key(item[0])))


def link_pythons(pythons: Mapping[str, str], directory: Path) -> Path:
    """Make ``directory`` hold exactly one ``python3.X`` link per found version."""
    directory.mkdir(parents=True, exist_ok=True)
    wanted = {f"python{version}": target for version, target in pythons.items()}
    for stale in directory.iterdir():
        # Dot files are another nox process's links in the making.
        if stale.name not in wanted and not stale.name.startswith("."):
            stale.unlink(missing_ok=True)
    for name, target in wanted.items():
        link = directory / name
        if link.is_symlink() and os.readlink(link) == target:
            continue
        tmp = directory / f".{name}.{os.getpid()}"
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(target)
        tmp.replace(link)  # atomic: a parallel nox never sees a missing link
    return directory


class _Session(Protocol):
    def skip(self, *args: Any) -> NoReturn: ...

    def error(self, *args: Any) -> NoReturn: ...


def skip_or_fail(
    session: _Session, reason: str, env: Mapping[str, str] | None = None
) -> NoReturn:
    """Stop a session that cannot run here for a reason outside the project.

    Outside CI the session is skipped with ``reason`` (one line, repeated in
    the closing banner); with ``CI`` set it fails, because CI must run every
    default session.
    """
    if is_ci(env):
        session.error(f"{reason} (CI is set: a session that cannot run fails)")
    session.skip(reason)


def summary_lines(report: Mapping[str, Any]) -> list[str]:
    """The closing banner for a nox JSON report (``nox --report``)."""
    sessions = report.get("sessions", [])
    by_status: dict[str, list[Mapping[str, Any]]] = {}
    for entry in sessions:
        by_status.setdefault(entry.get("result", "?"), []).append(entry)
    passed = len(by_status.pop("success", []))
    total = len(sessions)
    rule = "=" * 72
    if passed == total:
        everything = f"all {total} sessions" if total != 1 else "the session"
        return [rule, f"nox: {everything} passed", rule]
    counts = ", ".join(
        f"{len(entries)} {status.upper()}" for status, entries in by_status.items()
    )
    sessions_word = "sessions" if total != 1 else "session"
    lines = [rule, f"nox: {passed} of {total} {sessions_word} passed; {counts}"]
    for status, entries in by_status.items():
        for entry in entries:
            name = _session_name(entry)
            reason = f": {entry['reason']}" if entry.get("reason") else ""
            lines.append(f"  {status.upper()} {name}{reason}")
    if "skipped" in by_status:
        lines.append("A SKIPPED session did not run, so it did not pass.")
    lines.append(rule)
    return lines


def _session_name(entry: Mapping[str, Any]) -> str:
    signatures = entry.get("signatures") or []
    return str(signatures[0] if signatures else entry.get("name", "?"))


def print_summary(report_path: Path, *, ci: bool) -> None:
    """Print the closing banner for the report nox wrote at ``report_path``.

    Meant for :func:`atexit.register` in the noxfile, after nox printed its
    own summary and wrote the report. With ``ci`` a skipped session makes the
    process exit with status 1 (a backstop: :func:`skip_or_fail` and
    ``error_on_missing_interpreters`` already fail them in CI).
    """
    try:
        report = json.loads(report_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    sys.stdout.flush()
    print("\n".join(summary_lines(report)), file=sys.stderr, flush=True)
    skipped = [s for s in report.get("sessions", []) if s.get("result") == "skipped"]
    if ci and skipped:
        print("CI is set: skipped sessions fail the run.", file=sys.stderr, flush=True)
        os._exit(1)
