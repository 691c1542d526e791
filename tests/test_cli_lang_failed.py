"""A refused ``--lang`` says when a language pack failed to load (helper-171).

A pack whose catalog cannot be built is not among the ``--lang`` choices;
the refusal said only ``invalid choice``, where an unknown ruleset says
that plugins failed and where they are listed.
"""

from __future__ import annotations

from typing import Any

import pytest

import rollwerk
from rollwerk.cli._main import main
from rollwerk.i18n import Catalog
from rollwerk.plugins import Registry


class _BrokenPack:
    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [Catalog({"fr-CA": {"die.dropped": 5}})]  # type: ignore[dict-item]


@pytest.mark.parametrize("command", [["roll", "2d6"], ["check", "toy", "chance=3"]])
def test_a_refused_language_names_the_failed_pack(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from rollwerk.testing import examples

    registry = Registry(load_entrypoints=False, plugins=[_BrokenPack(), examples])
    assert main([*command, "--lang", "fr-CA"], registry=registry) == 2
    err = capsys.readouterr().err
    assert err == (
        "rollwerk: error: argument --lang: invalid choice: 'fr-CA' (choose from "
        "'en', 'de') (1 plugin failed to load: see `rollwerk rulesets`) "
        f"(see 'rollwerk {command[0]} --help')\n"
    )


def test_without_failures_the_refusal_is_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry: Any = Registry(load_entrypoints=False, plugins=[])
    assert main(["roll", "2d6", "--lang", "fr-CA"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: argument --lang: invalid choice: 'fr-CA' (choose from "
        "'en', 'de') (see 'rollwerk roll --help')\n"
    )
