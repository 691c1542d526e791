"""Values refuse on construction what their JSON loaders would refuse.

`CheckResult`, `Outcome` and `DieRoll` accepted a face off its die, a
degree given as a string or a success given as 1, then wrote JSON their
own `from_json` refused (or failed with AttributeError writing it).
"""

from __future__ import annotations

import pytest

from rollwerk import ParameterError
from rollwerk.checks import CheckResult, Degree, Explanation, Outcome
from rollwerk.dice import DieRoll

TEXT = Explanation.fixed(en="12 ≤ 14: success", de="12 ≤ 14: Erfolg")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((20, 25, "check"), "face must be an integer from 1 to 20, got 25"),
        ((20, 0), "face must be an integer from 1 to 20, got 0"),
        ((0, 1), "sides must be an integer >= 1, got 0"),
        ((6.0, 1), "sides must be an integer >= 1, got 6.0"),
        ((6, True), "face must be an integer from 1 to 6, got True"),
        ((6, 2, None), "role must be a string, got None"),
    ],
)
def test_a_die_roll_refuses_what_its_loader_refuses(
    args: tuple[object, ...], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        DieRoll(*args)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_an_outcome_refuses_a_degree_or_success_its_json_cannot_hold() -> None:
    with pytest.raises(ParameterError) as info:
        Outcome(True, "success", 1)  # type: ignore[arg-type]
    assert str(info.value) == (
        "degree must be a Degree (CRITICAL_FAILURE, FAILURE, SUCCESS, "
        "CRITICAL_SUCCESS), got 'success'"
    )
    with pytest.raises(ParameterError) as info:
        Outcome(1, Degree.SUCCESS, 1)  # type: ignore[arg-type]
    assert str(info.value) == "success must be True or False, got 1"
    with pytest.raises(ParameterError) as info:
        Outcome(True, Degree.SUCCESS, 1, rolled="yes")  # type: ignore[arg-type]
    assert str(info.value) == "rolled must be True or False, got 'yes'"


def test_a_check_result_refuses_bad_fields_and_keeps_rolls_as_a_tuple() -> None:
    with pytest.raises(ParameterError) as info:
        CheckResult(True, "success", 1, (), TEXT)  # type: ignore[arg-type]
    assert str(info.value).startswith("degree must be a Degree")
    with pytest.raises(ParameterError) as info:
        CheckResult(True, Degree.SUCCESS, 1, ((20, 12),), TEXT)  # type: ignore[arg-type]
    assert str(info.value) == "rolls must be a tuple of DieRolls, got ((20, 12),)"
    listed = CheckResult(
        True,
        Degree.SUCCESS,
        12,
        [DieRoll(20, 12, "check")],
        TEXT,  # type: ignore[arg-type]
    )
    assert listed.rolls == (DieRoll(20, 12, "check"),)
    assert CheckResult.from_json(listed.to_json()) == listed
