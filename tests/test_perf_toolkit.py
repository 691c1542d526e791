"""Issue 19: the toolkit's enumeration shortcut against the checked path.

``FaceCheck.enumerate`` judges every face combination without re-checking
the faces it generates; the reference judges each through
``outcome_for`` (which checks them) and sums the weights. Nothing is timed.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.distribution import Distribution


def _judge(faces: tuple[int, ...], *, target: int) -> Outcome:
    total = sum(faces)
    success = total >= target
    degree = Degree.SUCCESS if success else Degree.FAILURE
    if faces[0] == 1:
        degree = Degree.CRITICAL_FAILURE
    return Outcome(success, degree, total)


CHECK = define_check(
    "sum",
    dice=lambda sides, count: [sides] * count,
    judge=_judge,
    parameters=[
        Parameter("sides", int, min_value=2, max_value=12),
        Parameter("count", int, min_value=1, max_value=3),
        Parameter("target", int, min_value=1, max_value=40),
    ],
)


@given(
    sides=st.integers(2, 12),
    count=st.integers(1, 3),
    target=st.integers(1, 40),
)
def test_perf_enumeration_equals_judging_each_face_through_outcome_for(
    sides: int, count: int, target: int
) -> None:
    check = CHECK.build("perf", None, sides=sides, count=count, target=target)
    weights: dict[Outcome, int] = {}
    for faces, weight in check.face_weights():
        outcome = check.outcome_for(faces)
        weights[outcome] = weights.get(outcome, 0) + weight
    assert check.enumerate() == Distribution.from_weights(weights)
    assert check.outcomes() == check.enumerate()
