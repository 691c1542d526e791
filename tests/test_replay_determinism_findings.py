"""Findings of a held-out replay tester (helper-163), each pinned.

Equal distributions write equal JSON whatever order their outcomes were
made in; probabilities never carry a sign; a distribution whose
probabilities do not add up to 1 names the path; an Rng giving an int
subclass says why its 1 is not a face; a die with listed faces replays by
index and says so; ``roll --seed --json`` records the seed.
"""

from __future__ import annotations

import enum
import json
from fractions import Fraction
from typing import Any

import pytest

import rollwerk
from rollwerk import Distribution, ParameterError, SchemaError
from rollwerk.cli._main import main
from rollwerk.notation import RollResult, parse


@pytest.mark.parametrize(
    "outcomes",
    [
        {None: Fraction(1, 2), 3: Fraction(1, 4), 2: Fraction(1, 4)},  # Fluid quality
        {"a": Fraction(1, 3), 1: Fraction(1, 3), 0.5: Fraction(1, 3)},
    ],
)
def test_equal_distributions_of_mixed_outcomes_write_equal_json(
    outcomes: dict[Any, Fraction],
) -> None:
    forward = Distribution(outcomes)
    backward = Distribution(dict(reversed(list(outcomes.items()))))
    assert forward == backward
    assert json.dumps(forward.to_json()) == json.dumps(backward.to_json())
    values = [o["value"] for o in forward.to_json()["outcomes"]]
    # null first, then numbers in order, then strings
    assert values in ([None, 2, 3], [0.5, 1, "a"])
    assert Distribution.from_json(forward.to_json()) == forward


def test_encoded_outcomes_that_do_not_compare_are_ordered_by_their_json() -> None:
    dist = Distribution({(1, "x"): Fraction(1, 2), ("y",): Fraction(1, 2)})
    other = Distribution({("y",): Fraction(1, 2), (1, "x"): Fraction(1, 2)})
    assert json.dumps(dist.to_json(list)) == json.dumps(other.to_json(list))


@pytest.mark.parametrize("text", ["-1/-2", "+1/2", "1/-2", " 1/2"])
def test_a_probability_with_a_sign_is_refused(text: str) -> None:
    doc = {
        "schema": 1,
        "outcomes": [
            {"value": 1, "probability": text},
            {"value": 2, "probability": "1/2"},
        ],
    }
    with pytest.raises(SchemaError) as info:
        Distribution.from_json(doc)
    assert str(info.value) == (
        "malformed distribution JSON: outcomes[0].probability must be a 'p/q' "
        f"string of ASCII digits, q above 0, got {text!r}"
    )
    assert info.value.path == "outcomes[0].probability"


def test_probabilities_not_adding_up_to_1_name_the_path() -> None:
    doc = {
        "schema": 1,
        "outcomes": [
            {"value": 1, "probability": "1/2"},
            {"value": 2, "probability": "1/3"},
        ],
    }
    with pytest.raises(SchemaError) as info:
        Distribution.from_json(doc)
    assert str(info.value) == (
        "malformed distribution JSON: outcomes must be a list whose probabilities "
        "add up to exactly 1, got probabilities adding up to 5/6"
    )
    assert info.value.path == "outcomes"


def test_unreduced_probabilities_read_as_the_fraction_they_write() -> None:
    doc = {
        "schema": 1,
        "outcomes": [
            {"value": 1, "probability": "2/4"},
            {"value": 2, "probability": "01/2"},
            {"value": 3, "probability": "0/5"},
        ],
    }
    assert Distribution.from_json(doc) == Distribution.uniform([1, 2])


class Face(enum.IntEnum):
    ONE = 1


class EnumRng:
    def roll(self, sides: int) -> int:
        return Face.ONE


def test_an_int_subclass_face_says_why_it_is_refused() -> None:
    with pytest.raises(ParameterError) as info:
        rollwerk.roll("1d6", EnumRng())
    assert str(info.value) == (
        "rng.roll(6) must be a plain int from 1 to 6 (the Rng protocol), not a "
        "Face: return int(face), got <Face.ONE: 1>"
    )


def test_a_fudge_die_replays_by_index_and_says_so() -> None:
    with pytest.raises(ParameterError) as info:
        parse("4dF").replay([-1, 0, 1, 1])
    assert str(info.value) == (
        "the 1st face must be an integer from 1 to 3 for a d3; a die with listed "
        "faces is played back by index: 1, 2, 3 show -1, 0, 1, got -1"
    )
    assert [d.value for d in parse("4dF").replay([1, 2, 3, 3]).tree.dice] == [
        -1,
        0,
        1,
        1,
    ]


@pytest.mark.parametrize(("seed", "written"), [("3", 3), (str(10**30), str(10**30))])
def test_roll_json_records_the_seed(seed: str, written: object, capsys: Any) -> None:
    assert main(["roll", "2d6", "--seed", seed, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == written
    loaded = RollResult.from_json(data)
    assert loaded.total == data["total"]
    data["seed"] = 1.5
    with pytest.raises(SchemaError) as info:
        RollResult.from_json(data)
    # what SeededRng.from_json reads, in the same words
    assert str(info.value) == (
        "malformed roll result JSON: seed must be an integer from -2**63 to "
        "2**63 - 1, or the decimal digits of one outside that range, got 1.5"
    )
