"""Mythandria's checks and results pickle: their dice functions are named functions."""

from __future__ import annotations

import pickle

import pytest

from rollwerk import SeededRng
from rollwerk.checks import check_from_request
from rollwerk.plugins import get_registry


@pytest.mark.parametrize(
    ("name", "request_text"),
    [("decision", "pw=55 dice=2d10"), ("comparison", "pw=40 dice=d100")],
)
def test_a_check_and_its_result_round_trip(name: str, request_text: str) -> None:
    check = check_from_request(
        get_registry().ruleset("mythandria"), request_text, check=name
    )
    copy = pickle.loads(pickle.dumps(check))
    assert copy == check
    assert [copy.resolve(SeededRng(seed)) for seed in range(10)] == [
        check.resolve(SeededRng(seed)) for seed in range(10)
    ]
    result = check.resolve(SeededRng(3))
    assert pickle.loads(pickle.dumps(result)).explain("de") == result.explain("de")
