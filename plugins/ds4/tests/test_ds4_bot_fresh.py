"""Issue 19: the DS4 check's judge and dice without their checks.

The judge reads the faces without building a ``Roll`` and the dice function
skips the checks of ``rest_die=0``; both must give exactly what the checked
path (``read_check``, ``rest_die_assignment``) gives, and refuse what it
refuses with its messages. Nothing is timed.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError
from rollwerk_ds4 import CHECK, read_check, sub_checks
from rollwerk_ds4._check import _dice, _judge, dice_count
from rollwerk_ds4._dice import rest_die_assignment


def _checked(fn: Any, *args: Any) -> object:
    try:
        return ("ok", fn(*args))
    except ParameterError as exc:
        return ("refused", str(exc))


def _reference_judge(
    faces: tuple[int, ...], pw: int, need_result: bool, rest_die: int
) -> object:
    assignment = rest_die_assignment(pw, rest_die)
    return read_check(
        pw, faces, need_result=need_result, assignment=assignment
    ).outcome()


def _reference_dice(pw: int, need_result: bool, rest_die: int) -> list[int]:
    rest_die_assignment(pw, rest_die)
    if rest_die and not need_result and len(sub_checks(pw)) > 1:
        # DS4-R05: one d20 without a result, so no die for a remainder
        raise ParameterError(
            "rest_die",
            rest_die,
            f"0 when need_result is false: PW {pw} is then rolled with one "
            "d20 and has no sub-checks",
        )
    return [20] * dice_count(pw, need_result)


_PW = st.integers(-25, 105) | st.integers(-1000, 1000) | st.sampled_from([1001, -1001])


@st.composite
def _cases(draw: st.DrawFn) -> tuple[tuple[Any, ...], Any, bool, Any]:
    pw = draw(_PW)
    need_result = draw(st.booleans())
    rest_die = draw(st.integers(-1, 6) | st.sampled_from([True, False]))
    k = len(sub_checks(pw)) if -1000 <= pw <= 1000 else 1
    count = (k if need_result else 1) + draw(st.sampled_from([0, 0, 0, 0, -1, 1]))
    face = st.sampled_from([1, 20]) | st.integers(1, 20) | st.sampled_from([0, 21])
    faces = tuple(draw(st.lists(face, min_size=count, max_size=count)))
    return faces, pw, need_result, rest_die


@given(_cases())
def test_ds4_judge_equals_reading_the_check(
    case: tuple[tuple[Any, ...], Any, bool, Any],
) -> None:
    faces, pw, need_result, rest_die = case
    assert _checked(_judge, faces, pw, need_result, rest_die) == _checked(
        _reference_judge, faces, pw, need_result, rest_die
    )


@given(pw=_PW, need_result=st.booleans(), rest_die=st.integers(-1, 6) | st.booleans())
def test_ds4_dice_equal_the_checked_dice(
    pw: int, need_result: bool, rest_die: int
) -> None:
    assert _checked(_dice, pw, need_result, rest_die) == _checked(
        _reference_dice, pw, need_result, rest_die
    )


@given(pw=st.integers(-20, 100), need_result=st.booleans(), rest_die=st.integers(0, 5))
def test_ds4_every_fresh_check_judges_every_face_as_before(
    pw: int, need_result: bool, rest_die: int
) -> None:
    try:
        built = CHECK.build("ds4", pw=pw, need_result=need_result, rest_die=rest_die)
    except ParameterError:
        return
    if len(built.dice) > 2:
        return  # 8000 faces and more: the cases above cover them
    for faces, _ in built.face_weights():
        assert built.outcome_for(faces) == _reference_judge(
            faces, pw, need_result, rest_die
        )
