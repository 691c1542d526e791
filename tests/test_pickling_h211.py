"""Values a bot sends between processes (helper-h211).

A pickled roll in rollwerk's own notation wrote ``"dialect": "rollwerk"``
into its JSON (the dialect came back as a copy, compared by identity), an
error holding an object that cannot be pickled could not be sent back from
a worker process (the caller got a ``TypeError``), and a check result's
JSON with a million rolls was read for 10–15 s where a roll result's is
refused before any die is read.
"""

from __future__ import annotations

import copy
import pickle
import threading
from typing import Any

import pytest

from rollwerk import CheckResult, Degree, ScriptedRng, SeededRng
from rollwerk.errors import ParameterError, SchemaError
from rollwerk.i18n import Text
from rollwerk.notation import get_dialect, parse, roll


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_an_unpickled_roll_writes_the_same_json(protocol: int) -> None:
    rolled = roll("2d6", SeededRng(1))
    again = pickle.loads(pickle.dumps(rolled, protocol))
    assert again.to_json() == rolled.to_json()
    assert "dialect" not in again.to_json()
    assert repr(pickle.loads(pickle.dumps(parse("2d6"), protocol))) == "parse('2d6')"
    assert copy.deepcopy(rolled).to_json() == rolled.to_json()


@pytest.mark.parametrize("name", ["rollwerk", "roll20", "foundry", "avrae", "german"])
def test_a_bundled_dialect_pickles_and_copies_as_itself(name: str) -> None:
    dialect = get_dialect(name)
    assert pickle.loads(pickle.dumps(dialect)) is dialect
    assert copy.copy(dialect) is dialect
    assert copy.deepcopy(dialect) is dialect
    text = "3d6cs>3" if name == "foundry" else "3d6>3"
    rolled = roll(text, ScriptedRng([4, 1, 6]), dialect=name)
    assert pickle.loads(pickle.dumps(rolled)).to_json() == rolled.to_json()


def test_another_dialect_pickles_by_value() -> None:
    import attrs

    mine = attrs.evolve(get_dialect("roll20"), name="mine")
    again = pickle.loads(pickle.dumps(mine))
    assert again == mine
    assert again is not mine


class _Locked:
    def __init__(self) -> None:
        self.lock = threading.Lock()

    def __repr__(self) -> str:
        return "<Locked>"


def test_an_error_holding_what_cannot_be_pickled_still_pickles() -> None:
    error = ParameterError("rng", _Locked(), "an Rng")
    with pytest.raises(TypeError):
        pickle.dumps(error.value)
    again: Any = pickle.loads(pickle.dumps(error))
    assert type(again) is ParameterError
    assert str(again) == str(error) == "rng must be an Rng, got <Locked>"
    assert again.value == "<Locked>"
    assert again.allowed == "an Rng"
    # a field that pickles is kept as it is
    plain: Any = pickle.loads(pickle.dumps(ParameterError("pw", [1, 2], "an integer")))
    assert plain.value == [1, 2]


def test_a_check_result_with_more_rolls_than_a_roll_may_draw_is_refused() -> None:
    result = CheckResult(
        success=True,
        degree=Degree.SUCCESS,
        value=1,
        rolls=(),
        explanation=Text.fixed(en="one", de="eins"),
        ruleset="r",
        check="c",
    )
    data = result.to_json()
    data["rolls"] = [{"sides": 6, "face": 1}] * 100_001
    with pytest.raises(SchemaError) as info:
        CheckResult.from_json(data)
    assert str(info.value) == (
        "malformed check result JSON: rolls must be at most 100000 rolls (the "
        "dice one roll may draw), got 100001"
    )
    data["rolls"] = [{"sides": 6, "face": 1}] * 3
    assert len(CheckResult.from_json(data).rolls) == 3
