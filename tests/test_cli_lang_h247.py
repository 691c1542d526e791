"""``--lang`` offers the languages of the rulesets' own catalogs (helper-247).

A ruleset value whose levels have ``fr=`` words and whose ``catalog=`` has
the French degree and contest labels passes the contract kit and explains
itself in French from Python, but ``rollwerk check <id> --lang fr`` was
refused (``invalid choice: 'fr' (choose from 'en', 'de')``): the choices
were the core's languages and those of the catalogs
``rollwerk_register_catalogs`` returns, not a ruleset's own.
"""

from __future__ import annotations

import contextlib
import io

import pytest

import rollwerk
from rollwerk import Degree
from rollwerk.checks import Level, SuccessLevels, define_check
from rollwerk.cli._main import main
from rollwerk.i18n import Catalog
from rollwerk.plugins import Registry
from rollwerk.rulesets import RulesetSpec, define_ruleset

_LEVELS = SuccessLevels(
    Level("miss", Degree.FAILURE, en="miss", de="daneben", fr="raté"),
    Level("hit", Degree.SUCCESS, en="hit", de="Treffer", fr="touché"),
)
_KEYS = (
    "critical_failure",
    "failure",
    "success",
    "critical_success",
    "first",
    "second",
    "tie",
    "reroll",
    "both_failed",
)
_FRENCH = define_ruleset(
    "fr6",
    "FR6",
    levels=_LEVELS,
    catalog=Catalog({"en": {}, "fr": {f"fr6.label.{k}": f"fr-{k}" for k in _KEYS}}),
    checks=[
        define_check(
            "c",
            dice=[6],
            judge=lambda faces: _LEVELS.outcome(int(faces[0] > 3), faces[0]),
        )
    ],
)


class _Plugin:
    """Registers the French ruleset, and no catalog through the hook."""

    def __init__(self, ruleset: RulesetSpec) -> None:
        self.ruleset = ruleset

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[RulesetSpec]:
        return [self.ruleset]


def _run(*argv: str) -> tuple[int, list[str]]:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin(_FRENCH)])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv), registry=registry)
    return code, out.getvalue().splitlines()


def test_the_hook_catalogs_lack_french() -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin(_FRENCH)])
    assert registry.catalogs().languages == ("en", "de")
    assert _FRENCH.catalog.languages == ("en", "de", "fr")


def test_check_takes_a_language_of_the_rulesets_catalog() -> None:
    assert _run("check", "fr6", "--rolls", "5", "--explain", "--lang", "fr") == (
        0,
        [
            "fr6:c",
            "result: success (touché), value 5",
            "rolls: 5 (d6 check)",
            "explanation: d6 5 → 5: touché",
        ],
    )


def test_odds_takes_it_too() -> None:
    code, lines = _run("odds", "fr6", "--lang", "fr")
    assert code == 0
    assert lines[-1] == "P(success) = 1/2 (50.00%)"


def test_a_command_without_a_ruleset_offers_it_too() -> None:
    assert _run("roll", "1d6", "--rolls", "4", "--lang", "fr") == (0, ["4"])


def test_a_refusal_lists_the_rulesets_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin(_FRENCH)])
    assert main(["check", "fr6", "--lang", "it"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: argument --lang: invalid choice: 'it' (choose from "
        "'en', 'de', 'fr') (see 'rollwerk check --help')\n"
    )


class _Unreadable:
    """A plugin whose ruleset's ``catalog`` raises: it offers no language."""

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[object]:
        from rollwerk.testing.examples import ToyRuleset

        class Broken(ToyRuleset):
            @property
            def catalog(self) -> Catalog:
                raise RuntimeError("no catalog today")

        return [Broken()]


def test_a_ruleset_whose_catalog_raises_offers_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(
        load_entrypoints=False, plugins=[_Unreadable(), _Plugin(_FRENCH)]
    )
    assert main(["roll", "1d6", "--lang", "it"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: argument --lang: invalid choice: 'it' (choose from "
        "'en', 'de', 'fr') (see 'rollwerk roll --help')\n"
    )
