"""Development sessions: ``nox`` runs lint, typecheck, tests and docs."""

from __future__ import annotations

import os
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "typecheck", "tests", "docs"]

ROOT = Path(__file__).parent
PLUGINS = sorted(str(p.parent) for p in ROOT.glob("plugins/*/pyproject.toml"))
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
DEV = ["pytest>=8", "hypothesis>=6.100"]


def install_project(session: nox.Session, *extra: str) -> None:
    editable = ["-e", "."]
    for plugin in PLUGINS:
        editable += ["-e", plugin]
    session.install(*editable, *extra)


@nox.session(python="3.12")
def lint(session: nox.Session) -> None:
    session.install("ruff>=0.5")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python="3.12")
def typecheck(session: nox.Session) -> None:
    install_project(session, "mypy>=1.10", *DEV)
    session.run("mypy")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    install_project(session, *DEV)
    env = {"HYPOTHESIS_PROFILE": "ci" if os.environ.get("CI") else "default"}
    args = session.posargs or ["--doctest-modules"]
    session.run("pytest", *args, env=env)


@nox.session(python="3.12")
def docs(session: nox.Session) -> None:
    install_project(session, "mkdocs-material>=9.5", "mkdocstrings[python]>=0.25")
    session.run("mkdocs", "build", "--strict", "--site-dir", "site")
