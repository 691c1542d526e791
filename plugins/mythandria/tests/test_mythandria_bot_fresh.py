"""Issue 19: the decision judge reads its outcome from the shared table.

For an integer pw and a d100 from 1 to 100 the judge takes the outcome
from the table the closed form uses; it must equal deciding the roll, and
other values still take the checked path and its messages. Nothing is
timed.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Outcome, ParameterError
from rollwerk_mythandria._checks import _decision, decide, read_d100


def _reference(faces: tuple[Any, ...], pw: Any) -> Outcome:
    roll = read_d100(faces)
    result = decide(pw, roll)
    return Outcome(result.success, result.degree, roll)


def _checked(fn: Any, *args: Any) -> object:
    try:
        return ("ok", fn(*args))
    except ParameterError as exc:
        return ("refused", str(exc))


@given(
    faces=st.tuples(st.integers(0, 101) | st.booleans())
    | st.tuples(st.integers(1, 10), st.integers(1, 10)),
    pw=st.integers(-2000, 2000) | st.booleans() | st.sampled_from(["50", None]),
)
def test_mythandria_decision_equals_deciding_the_roll(
    faces: tuple[Any, ...], pw: Any
) -> None:
    assert _checked(_decision, faces, pw) == _checked(_reference, faces, pw)
