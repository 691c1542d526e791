"""Every required parameter left out is named on both sides (helper-188).

``rollwerk contest dsa5 a1=1 a2=1 a3=1 fw=3 --vs`` named ``a1`` alone on
the second side, though the first side's message named them all; a
fight's side named none but the first.
"""

from __future__ import annotations

import pytest

import rollwerk
from rollwerk import Degree, Outcome
from rollwerk.analysis import read_side
from rollwerk.checks import Parameter, define_check
from rollwerk.cli import main
from rollwerk.errors import ParameterError
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset

PARAMS = [Parameter(n, int, min_value=1, max_value=20) for n in ("a1", "a2", "a3")]


def _judge(faces: tuple[int, ...], a1: int, a2: int, a3: int) -> Outcome:
    return Outcome(
        faces[0] <= a1, Degree.SUCCESS if faces[0] <= a1 else Degree.FAILURE, faces[0]
    )


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[object]:
        return [
            define_ruleset(
                "three",
                "Three",
                checks=[define_check("c", PARAMS, dice=[20], judge=_judge)],
            )
        ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["contest", "three", "a1=1", "a2=1", "a3=1", "--vs"],
            "--vs a1 is required (an integer from 1 to 20); also required: a2, a3",
        ),
        (
            ["contest", "three", "a1=1", "a2=1", "a3=1", "--vs", "a2=4"],
            "--vs a1 is required (an integer from 1 to 20); also required: a3",
        ),
        (
            ["contest", "three", "a2=4", "--vs", "a1=1", "a2=1", "a3=1"],
            "a1 is required (an integer from 1 to 20); also required: a3",
        ),
    ],
)
def test_contest_names_every_missing_parameter_on_either_side(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin()])
    assert main(argv, registry=registry) == 2
    assert capsys.readouterr().err == f"rollwerk: error: {message}\n"


def test_a_fight_side_names_every_missing_parameter() -> None:
    with pytest.raises(ParameterError) as info:
        read_side(PARAMS, {"a2": 3}, "toy fight")
    assert str(info.value) == (
        "a1 is required (an integer from 1 to 20); also required: a3"
    )
    assert (info.value.parameter, info.value.missing) == ("a1", True)
