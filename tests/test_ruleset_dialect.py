"""A ruleset names the notation dialect its players write dice in (issue 18)."""

from __future__ import annotations

import pytest

import rollwerk.plugins._registry
from rollwerk.checks import Degree, Outcome, define_check
from rollwerk.cli import main
from rollwerk.errors import ParameterError
from rollwerk.plugins import Registry, hookimpl
from rollwerk.rulesets import DelegatingRuleset, Ruleset, define_ruleset
from rollwerk.testing.examples import ToyRuleset

COIN = define_check(
    "flip",
    dice=[2],
    judge=lambda faces: Outcome(
        faces[0] == 2, Degree.SUCCESS if faces[0] == 2 else Degree.FAILURE, None
    ),
)
GERMAN = define_ruleset("muenze", "Münze", version="1", checks=[COIN], dialect="german")


class Plugin:
    @hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [GERMAN]


def test_default_dialect_is_rollwerk() -> None:
    assert ToyRuleset().dialect == "rollwerk"
    assert define_ruleset("coin", "Coin", version="1", checks=[COIN]).dialect == (
        "rollwerk"
    )


def test_a_declared_dialect_is_kept_and_delegated() -> None:
    assert GERMAN.dialect == "german"
    assert DelegatingRuleset(GERMAN).dialect == "german"
    with pytest.raises(ParameterError) as info:
        define_ruleset("coin", "Coin", version="1", checks=[COIN], dialect="a b")
    assert str(info.value) == (
        "dialect must be a word without spaces, dots or colons, got 'a b'"
    )


def test_cli_roll_reads_in_the_rulesets_dialect(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    monkeypatch.setattr(rollwerk.plugins._registry, "_DEFAULT", registry)
    # German W66 is one draw of 36 (tens and ones d6): the 17th reads 35.
    assert main(["roll", "W66", "--ruleset", "muenze", "--rolls", "17"]) == 0
    assert capsys.readouterr().out == "35\n"
    # --dialect wins over the ruleset's: a d66 whose 35th face is 35.
    assert (
        main(
            [
                "roll",
                "W66",
                "--ruleset",
                "muenze",
                "--dialect",
                "rollwerk",
                "--rolls",
                "17",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out == "17\n"


def test_cli_roll_reads_the_dialect_of_the_registry_given_to_main(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`main(registry=...)` serves `roll --ruleset` too, not the shared one."""
    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert (
        main(["roll", "W66", "--ruleset", "muenze", "--rolls", "17"], registry=registry)
        == 0
    )
    assert capsys.readouterr().out == "35\n"
    empty = Registry(load_entrypoints=False, plugins=[])
    assert (
        main(["roll", "W66", "--ruleset", "ds4", "--rolls", "17"], registry=empty) == 2
    )
    assert capsys.readouterr().err == (
        "rollwerk: error: ruleset must be the id of an installed ruleset (none is installed), got 'ds4'\n"
    )
