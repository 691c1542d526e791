"""``Timeline.keep_last``: an undo history of bounded size (found by a VTT author).

Every state of a timeline is stored whole, so one that records each click
of a long fight grew without a bound (4.4 MB of JSON after 300 steps).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwerk import ParameterError
from rollwerk.encounter import Encounter, Rounds, Timeline


def _timeline(steps: int) -> Timeline:
    tl = Timeline.start(Encounter.create(["A", "B", "C"]))
    tl = tl.do(Encounter.advance)
    tl = tl.do(
        lambda s: s.add_effect("Bless", source="A", target="B", duration=Rounds(1))
    )
    for _ in range(steps - 2):
        tl = tl.do(Encounter.advance)
    return tl


def test_the_newest_states_and_the_log_between_them_are_kept() -> None:
    tl = _timeline(8)
    assert len(tl) == 9
    kept = tl.keep_last(4)
    assert kept.states == tl.states[-4:]
    assert kept.log == tl.log[-3:]
    assert kept.current == tl.current
    assert kept.events == tuple(e for group in tl.log[-3:] for e in group)
    assert kept.rewind(3).current == tl.states[-4]
    with pytest.raises(ParameterError) as info:
        kept.rewind(4)
    assert str(info.value) == "steps must be an integer from 0 to 3, got 4"


def test_one_state_keeps_no_log() -> None:
    tl = _timeline(3)
    kept = tl.keep_last(1)
    assert kept.states == (tl.current,)
    assert kept.log == ()
    assert kept.events == ()


@pytest.mark.parametrize("n", [9, 10, 1000])
def test_a_timeline_of_n_states_or_fewer_is_returned_as_it_is(n: int) -> None:
    tl = _timeline(8)
    assert tl.keep_last(n) is tl


def test_a_kept_timeline_saves_and_loads() -> None:
    tl = _timeline(6).keep_last(3)
    again = Timeline.from_json(json.loads(json.dumps(tl.to_json())))
    assert again == tl
    assert len(again.to_json()["states"]) == 3
    assert len(again.to_json()["log"]) == 2


def test_a_history_kept_after_every_step_stays_bounded() -> None:
    tl = Timeline.start(Encounter.create(["A", "B"]))
    for _ in range(50):
        tl = tl.do(Encounter.advance).keep_last(5)
    assert len(tl) == 5
    assert tl.current.round == 25
    assert [(s.round, s.current) for s in tl.states] == [
        (23, "B"),
        (24, "A"),
        (24, "B"),
        (25, "A"),
        (25, "B"),
    ]


@pytest.mark.parametrize(
    ("n", "shown"), [(0, "0"), (-1, "-1"), (True, "True"), (2.0, "2.0"), ("3", "'3'")]
)
def test_n_is_an_integer_of_at_least_one(n: Any, shown: str) -> None:
    with pytest.raises(ParameterError) as info:
        _timeline(3).keep_last(n)
    assert str(info.value) == f"n must be an integer >= 1, got {shown}"
