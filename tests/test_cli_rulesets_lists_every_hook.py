"""``rollwerk rulesets`` lists a plugin that failed in any hook (helper-175).

cli-checks.md says the listing shows every plugin that failed to load; a
dialect two plugins claim (or a bundled name) was a failure only once
something asked for the dialects, so the listing left it out.
"""

from __future__ import annotations

import contextlib
import io
import json

import attrs

import rollwerk
from rollwerk.cli._main import main
from rollwerk.notation import DIALECTS, Dialect
from rollwerk.plugins import Registry
from rollwerk.testing import examples


class _Clash:
    @rollwerk.hookimpl
    def rollwerk_register_dialects(self) -> list[Dialect]:
        return [attrs.evolve(DIALECTS["foundry"], name="roll20")]


def _run(*argv: str) -> str:
    registry = Registry(load_entrypoints=False, plugins=[examples, _Clash()])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv), registry=registry) == 0
    return out.getvalue()


def test_a_dialect_failure_is_listed() -> None:
    lines = _run("rulesets").splitlines()
    assert any("dialect 'roll20' is one of the bundled dialects" in x for x in lines)


def test_a_dialect_failure_is_in_the_json() -> None:
    data = json.loads(_run("rulesets", "--json"))
    reasons = [f["reason"] for f in data["failures"]]
    assert reasons == ["dialect 'roll20' is one of the bundled dialects"]
