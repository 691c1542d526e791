"""`rollwerk rulesets ID` lists a ruleset's success levels (h199).

A designer could only learn that a ruleset grades miss / weak hit / strong
hit from `odds --by level`.
"""

from __future__ import annotations

import json

import pytest

import rollwerk
from rollwerk.checks import Degree, Level, Outcome, SuccessLevels, define_check
from rollwerk.cli import main
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset

LEVELS = SuccessLevels(
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("weak-hit", Degree.SUCCESS, en="weak hit", de="schwacher Treffer"),
    Level("strong-hit", Degree.CRITICAL_SUCCESS, en="strong hit", de="starker Treffer"),
)


def _judge(faces: tuple[int, ...]) -> Outcome:
    level = "miss" if faces[0] < 4 else ("weak-hit" if faces[0] < 6 else "strong-hit")
    return LEVELS.outcome(level, faces[0])


IRON = define_ruleset(
    "iron",
    "Iron",
    version="1",
    levels=LEVELS,
    checks=[define_check("action", dice=[6], judge=_judge)],
)


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[object]:
        return [IRON]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "levels, worst first: miss, weak-hit, strong-hit"),
        (
            "de",
            (
                "Erfolgsstufen, die schlechteste zuerst: miss (daneben), weak-hit "
                "(schwacher Treffer), strong-hit (starker Treffer)"
            ),
        ),
    ],
)
def test_the_levels_are_listed(
    capsys: pytest.CaptureFixture[str], lang: str, line: str
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin()])
    assert main(["rulesets", "iron", "--lang", lang], registry=registry) == 0
    assert capsys.readouterr().out.splitlines()[-1] == line


def test_the_levels_are_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin()])
    assert main(["rulesets", "iron", "--json"], registry=registry) == 0
    assert json.loads(capsys.readouterr().out)["levels"] == [
        {
            "id": "miss",
            "degree": "failure",
            "success": False,
            "en": "miss",
            "de": "daneben",
        },
        {
            "id": "weak-hit",
            "degree": "success",
            "success": True,
            "en": "weak hit",
            "de": "schwacher Treffer",
        },
        {
            "id": "strong-hit",
            "degree": "critical_success",
            "success": True,
            "en": "strong hit",
            "de": "starker Treffer",
        },
    ]
