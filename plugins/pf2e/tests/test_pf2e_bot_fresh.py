"""Issue 19: the d20 judge without the checks of ``degree_of_success``.

For integer parameters and a face from 1 to 20 the judge grades the roll
itself and shares its outcomes; it must equal the checked path, and other
values still take that path and its messages. Nothing is timed.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Degree, Outcome, ParameterError
from rollwerk_pf2e._checks import _penalty, degree_of_success, judge


def _reference(natural: Any, modifier: Any, dc: Any, increments: Any) -> Outcome:
    total = natural + modifier + _penalty(increments)
    degree = degree_of_success(natural, total, dc)
    return Outcome(degree.rank >= Degree.SUCCESS.rank, degree, total)


def _checked(fn: Any, *args: Any) -> object:
    try:
        return ("ok", fn(*args))
    except ParameterError as exc:
        return ("refused", str(exc))


_INT = st.integers(-200, 200)


@given(
    natural=st.integers(-1, 22) | st.booleans(),
    modifier=_INT | st.booleans(),
    dc=_INT | st.booleans(),
    increments=st.integers(-3, 9) | st.booleans(),
)
def test_pf2e_judge_equals_the_checked_grading(
    natural: Any, modifier: Any, dc: Any, increments: Any
) -> None:
    fast = _checked(lambda: judge((natural,), modifier, dc, increments))
    slow = _checked(lambda: _reference(natural, modifier, dc, increments))
    assert fast == slow
    if fast[0] == "ok":
        outcome = fast[1]
        assert isinstance(outcome, Outcome)
        assert type(outcome.value) is int
        assert outcome.extras == ()
        assert outcome.level is None


def test_pf2e_judge_shares_equal_outcomes() -> None:
    assert judge((12,), 5, 15) is judge((12,), 5, 14)  # both a success, total 17
    assert judge((20,), 0, 80) == Outcome(False, Degree.FAILURE, 20)
    assert judge((1,), 60, 0) == Outcome(True, Degree.SUCCESS, 61)
