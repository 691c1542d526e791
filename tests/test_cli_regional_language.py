"""A regional ``--lang`` falls back to its base language on the command line too.

helper-174 made rendering fall back from ``fr-CA`` to ``fr`` before
English; the command line's own lookups (a ruleset's labels and words, the
decimal point) read the exact language, so ``--lang fr-CA`` showed French
CLI words beside English labels and a decimal point.
"""

from __future__ import annotations

import contextlib
import io

import rollwerk
from rollwerk.cli._main import main
from rollwerk.i18n import Catalog
from rollwerk.plugins import Registry
from rollwerk.testing import examples


class _Pack:
    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [
            Catalog(
                {
                    "fr": {
                        "cli.result": "résultat",
                        "toy.label.success": "réussite",
                        "number.decimal_point": ",",
                    },
                    "fr-CA": {"cli.rolls": "jets (CA)"},
                }
            )
        ]


def _run(*argv: str) -> list[str]:
    registry = Registry(load_entrypoints=False, plugins=[examples, _Pack()])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv), registry=registry) == 0
    return out.getvalue().splitlines()


def test_a_regional_language_takes_its_base_languages_labels() -> None:
    lines = _run("check", "toy", "skill=3", "--rolls", "2", "--lang", "fr-CA")
    assert lines[1:] == [
        "résultat: success (réussite), value 2",
        "jets (CA): 2 (d6 check)",
    ]


def test_a_regional_language_takes_its_base_languages_decimal_point() -> None:
    lines = _run("odds", "toy", "skill=3", "--lang", "fr-CA")
    assert lines[-1] == "P(success) = 1/2 (50,00%)"
    assert lines[3].startswith("success   réussite              3")
