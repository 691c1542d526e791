"""Development sessions: ``nox`` runs lint, typecheck, tests and docs.

Every default session runs on the Python that runs nox, except ``tests``,
which runs on each installed CPython 3.10-3.13 (on the ``PATH`` or in pyenv)
and always on the running one. No interpreter is ever downloaded. A session
that cannot run here for a reason outside the project (no Chromium, a missing
Python) is skipped with a one-line reason, fails instead when ``CI`` is set,
and is listed in the banner printed at the very end.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import sys
import types
from pathlib import Path

import nox
import nox.command

ROOT = Path(__file__).resolve().parent


def _load_support() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(
        "nox_support", ROOT / "scripts" / "nox_support.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


support = _load_support()
CI = support.is_ci()

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = CI
if hasattr(nox.options, "download_python"):
    nox.options.download_python = "never"
# uv (venvs, installs, `build --installer uv`) never fetches an interpreter either.
os.environ["UV_PYTHON_DOWNLOADS"] = "never"
# A reused session environment made by another Python is made again.
os.environ.setdefault("NOX_ENABLE_STALENESS_CHECK", "1")
nox.options.sessions = [
    "lint",
    "typecheck",
    "tests",
    "docs",
    "docs_browser",
    "build",
    "guide",
]

# The tests matrix: 3.10-3.13 and the running Python. Each installed one gets a
# `python3.X` link in .nox/_pythons, first on the PATH, where nox looks for it:
# pyenv's versions count even when the PATH holds only one Python.
PYTHONS = support.matrix_pythons()
INSTALLED = support.find_pythons()
REPORT = ROOT / ".nox" / "last-run.json"
try:
    links = support.link_pythons(INSTALLED, ROOT / ".nox" / "_pythons")
    os.environ["PATH"] = os.pathsep.join([str(links), os.environ.get("PATH", "")])
    WRITABLE = True
except OSError as exc:  # a read-only checkout: nox looks on the PATH alone
    print(f"noxfile: cannot link the installed Pythons: {exc}", file=sys.stderr)
    WRITABLE = False

# Nox writes a JSON report of the run; after nox's own summary, a banner lists
# every session that did not pass (skipped ones included) in capitals.
if WRITABLE and "--parallel-worker" not in sys.argv:
    REPORT.unlink(missing_ok=True)
    nox.options.report = str(REPORT)
    atexit.register(support.print_summary, REPORT, ci=CI)

PLUGINS = sorted(str(p.parent) for p in ROOT.glob("plugins/*/pyproject.toml"))
DEV = ["pytest>=8", "hypothesis>=6.165"]
# The bundled rulesets and one check each, run against the installed wheels.
RULESET_IDS = ["adz", "ds4", "fluid", "mythandria", "pf2e"]
WHEEL_CHECKS = [
    ["check", "adz", "dice=6", "minimum=2", "--seed", "1", "--explain"],
    ["check", "ds4", "pw=44", "--rolls", "2,1,17", "--explain"],
    [
        "check",
        "fluid",
        "attribute=5",
        "trait=3",
        "modifier=0",
        "--seed",
        "1",
        "--explain",
    ],
    ["check", "mythandria:decision", "pw=50", "--seed", "1", "--explain"],
    ["check", "pf2e", "modifier=7", "dc=18", "--seed", "1", "--explain"],
]


def install_project(session: nox.Session, *extra: str) -> None:
    editable = ["-e", "."]
    for plugin in PLUGINS:
        editable += ["-e", plugin]
    session.install(*editable, *extra)


@nox.session
def lint(session: nox.Session) -> None:
    install_project(session, "ruff>=0.5", "import-linter>=2.1")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # The layers of the walk ([tool.importlinter] in pyproject.toml).
    session.run("lint-imports")


@nox.session
def typecheck(session: nox.Session) -> None:
    install_project(session, "mypy>=1.10", *DEV)
    session.run("mypy")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    # nox too: tests/test_nox_sessions.py lists the sessions of a fresh copy;
    # mypy: tests/test_typing_must_fail.py runs it on tests/typing/fail;
    # griffe: tests/test_api_reference.py and the docs' griffe extension.
    install_project(session, *DEV, "nox", "mypy>=1.10", "griffe>=1.0")
    env = {"HYPOTHESIS_PROFILE": "ci" if CI else "default"}
    args = session.posargs or ["--doctest-modules"]
    session.run("pytest", *args, env=env)


@nox.session
def docs(session: nox.Session) -> None:
    install_project(session, "mkdocs-material>=9.5", "mkdocstrings[python]>=0.25")
    session.run("mkdocs", "build", "--strict", "--site-dir", "site")


@nox.session
def build(session: nox.Session) -> None:
    """Build every distribution, check it, and test the wheels as users get them."""
    import shutil
    import tarfile
    import zipfile

    session.install("build[uv]>=1.2", "twine>=5")
    dist = ROOT / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    for project in [".", *PLUGINS]:
        session.run(
            "python", "-m", "build", "--installer", "uv", "--outdir", str(dist), project
        )
    session.run("twine", "check", "--strict", *sorted(str(p) for p in dist.iterdir()))

    # The sdists carry the tests (and the core's docs) that wheels leave out.
    for sdist in dist.glob("*.tar.gz"):
        with tarfile.open(sdist) as tar:
            names = tar.getnames()
        if not any("/tests/" in n for n in names):
            session.error(f"{sdist.name} has no tests")
        core = sdist.name.startswith("rollwerk-0")
        if core and not any("/docs/" in n for n in names):
            session.error(f"{sdist.name} has no docs")
        if not any(n.endswith("/LICENSE") for n in names):
            session.error(f"{sdist.name} has no LICENSE")
        # the core's sdist holds no plugin's files (half a plugin folder is a
        # uv workspace member without its pyproject.toml: uv cannot build it)
        if core and any(n.split("/")[1:2] == ["plugins"] for n in names):
            session.error(f"{sdist.name} carries files of the plugins")
        # a plugin's tests run from its sdist with the suite's profiles
        if not core and not any(
            n.count("/") == 1 and n.endswith("/conftest.py") for n in names
        ):
            session.error(f"{sdist.name} has no conftest.py")
        # ... and with the repository's strictness (warnings fail a test)
        if not core:
            with tarfile.open(sdist) as tar:
                member = tar.extractfile(f"{sdist.name[:-7]}/pyproject.toml")
                assert member is not None
                text = member.read().decode()
            wanted = ['filterwarnings = ["error"]', "xfail_strict = true"]
            if not all(line in text.splitlines() for line in wanted):
                session.error(f"{sdist.name} runs its tests without strictness")
    for wheel in dist.glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            if not any(
                n.endswith(".dist-info/licenses/LICENSE") for n in archive.namelist()
            ):
                session.error(f"{wheel.name} has no LICENSE")

    # A fresh environment with only the built wheels (dependencies from PyPI).
    venv = Path(session.create_tmp()).resolve() / "wheels-venv"
    shutil.rmtree(venv, ignore_errors=True)
    session.run(
        "uv", "venv", "--quiet", "--python", sys.executable, str(venv), external=True
    )
    py = str(venv / "bin" / "python")
    wheels = sorted(str(p) for p in dist.glob("*.whl"))
    session.run(
        "uv",
        "pip",
        "install",
        "--quiet",
        "--python",
        py,
        *wheels,
        "pytest>=8",
        "hypothesis>=6.165",
        external=True,
    )
    rollwerk = str(venv / "bin" / "rollwerk")
    out = session.run(rollwerk, "rulesets", silent=True, external=True) or ""
    print(out)
    if "failed" in out.lower():
        session.error("a bundled plugin failed to load from its wheel")
    for example in WHEEL_CHECKS:
        session.run(rollwerk, *example, external=True)
    rulesets = sorted(r for r in RULESET_IDS if r in out)
    if len(rulesets) != len(RULESET_IDS):
        session.error(
            f"expected rulesets {RULESET_IDS}, `rollwerk rulesets` listed {rulesets}"
        )
    tmp = Path(session.create_tmp()).resolve()
    with session.chdir(tmp):
        session.run(
            py,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            *[f"--rollwerk-contract={r}" for r in RULESET_IDS],
            external=True,
        )


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Benchmark against d20, icepool and brute force; write docs/performance.md."""
    groups = nox.project.load_toml(ROOT / "pyproject.toml")["dependency-groups"]
    install_project(session, *groups["bench"])
    session.run("python", "bench/compare.py", *session.posargs)


@nox.session(python=False, default=False)
def release(session: nox.Session) -> None:
    """Turn CHANGELOG's Unreleased section into a release: nox -s release -- 1.2.3."""
    if not session.posargs:
        session.error("usage: nox -s release -- <version>")
    session.run(sys.executable, "scripts/release.py", *session.posargs)


@nox.session
def docs_browser(session: nox.Session) -> None:
    """Build the docs, serve them on localhost and check them in headless Chromium."""
    import shutil

    if shutil.which("chromium") is None:
        if not (shutil.which("apt-get") and os.geteuid() == 0):
            support.skip_or_fail(
                session,
                "Chromium is not installed (Debian package 'chromium'),"
                " and installing it needs root and apt-get",
            )
        try:
            session.run("apt-get", "update", "-qq", external=True)
            session.run("apt-get", "install", "-y", "-qq", "chromium", external=True)
        except nox.command.CommandFailed:
            support.skip_or_fail(
                session, "Chromium is not installed and `apt-get install` failed"
            )
    install_project(
        session,
        "mkdocs-material>=9.5",
        "mkdocstrings[python]>=0.25",
        "playwright>=1.40",
    )
    site = Path(session.create_tmp()).resolve() / "site"
    session.run("mkdocs", "build", "--strict", "--site-dir", str(site))
    session.run("python", "scripts/check_site.py", str(site), "build/screenshots")


@nox.session
def guide(session: nox.Session) -> None:
    """Build the plugin-author guide's package from the guide itself and certify it."""
    import shutil

    work = Path(session.create_tmp()).resolve() / "guide"
    shutil.rmtree(work, ignore_errors=True)
    session.run("python", "scripts/extract_guide.py", str(work))
    session.install(".[testing]", str(work / "rollwerk-percent"))
    listing = session.run("rollwerk", "rulesets", silent=True) or ""
    print(listing)
    if "percent" not in listing or "rollwerk-percent" not in listing:
        session.error("`rollwerk rulesets` does not list the guide's ruleset")
    shown = session.run(
        "rollwerk",
        "check",
        "percent",
        "skill=60",
        "bonus=1",
        "--rolls",
        "1,4,2",
        "--explain",
        silent=True,
    )
    print(shown)
    if "result: success (extreme), value 12" not in (shown or ""):
        session.error("`rollwerk check percent` does not print what the guide shows")
    session.run("rollwerk", "odds", "percent", "skill=60", "bonus=1")
    session.run("rollwerk", "contest", "percent", "skill=60", "--vs", "skill=50")
    with session.chdir(work):
        session.run("pytest", "-q", "-p", "no:cacheprovider", "rollwerk-percent/tests")
        session.run(
            "pytest", "-q", "-p", "no:cacheprovider", "--rollwerk-contract=percent"
        )


@nox.session(python=False, default=False)
def readme(session: nox.Session) -> None:
    """Run the README's test command in a fresh clone with one Python on the PATH."""
    session.run(sys.executable, "scripts/check_readme_command.py", *session.posargs)
