"""A scripted Rng that must be used up: ``assert_exhausted`` and ``with``.

Leftover faces pass silently by default (``remaining`` says how many); a
worked example that must draw exactly its faces asks for it, as the CLI's
``--rolls`` does.
"""

from __future__ import annotations

import pytest

from rollwerk import ParameterError, RollwerkError, ScriptedRng
from rollwerk.checks import Degree, Outcome, define_check
from rollwerk.errors import ScriptExhausted, ScriptNotExhausted


def test_faces_left_over_are_refused_naming_how_many() -> None:
    rng = ScriptedRng([2, 1, 17])
    rng.roll(20)
    with pytest.raises(ScriptNotExhausted) as info:
        rng.assert_exhausted()
    assert str(info.value) == (
        "scripted Rng has faces left over: 1 of the 3 given faces was used, "
        "2 were not ([1, 17])"
    )
    assert (info.value.given, info.value.used, info.value.left) == (3, 1, (1, 17))
    assert isinstance(info.value, RollwerkError)
    assert not isinstance(info.value, ScriptExhausted)
    rng.roll(20)
    with pytest.raises(ScriptNotExhausted) as info:
        rng.assert_exhausted()
    assert str(info.value) == (
        "scripted Rng has faces left over: 2 of the 3 given faces were used, "
        "1 was not ([17])"
    )
    rng.roll(20)
    rng.assert_exhausted()  # all used: nothing to say
    ScriptedRng([]).assert_exhausted()
    with pytest.raises(ScriptNotExhausted) as info:
        ScriptedRng([5, 6]).assert_exhausted()
    assert str(info.value) == (
        "scripted Rng has faces left over: 0 of the 2 given faces were used, "
        "2 were not ([5, 6])"
    )


def test_a_long_leftover_is_abbreviated() -> None:
    with pytest.raises(ScriptNotExhausted) as info:
        ScriptedRng([6] * 100).assert_exhausted()
    assert str(info.value) == (
        "scripted Rng has faces left over: 0 of the 100 given faces were used, "
        "100 were not ([6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, "
        "… (300 characters))"
    )
    assert info.value.left == (6,) * 100


def test_a_with_block_checks_the_faces_are_used_up() -> None:
    with ScriptedRng([3, 4]) as rng:
        assert rng.roll(6) + rng.roll(6) == 7
    with (  # noqa: PT012
        pytest.raises(ScriptNotExhausted, match=r"1 was not \(\[5\]\)"),
        ScriptedRng([3, 4, 5]) as rng,
    ):
        rng.roll(6)
        rng.roll(6)


def test_an_error_inside_the_block_is_not_replaced() -> None:
    with pytest.raises(ParameterError) as info, ScriptedRng([7, 2]) as rng:
        rng.roll(6)
    assert str(info.value) == (
        "the 1st face must be an integer from 1 to 6 for a d6, got 7"
    )
    with pytest.raises(ScriptExhausted), ScriptedRng([1]) as rng:  # noqa: PT012
        rng.roll(6)
        rng.roll(6)


def test_a_worked_example_that_draws_fewer_dice_than_scripted_is_caught() -> None:
    """A stop rule leaves the confirmation die undrawn: the 12 is never read."""

    def judge(faces: tuple[int, ...]) -> Outcome:
        hit = faces[0] >= 11
        return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])

    check = define_check(
        "attack",
        dice=[(20, "attack"), (20, "confirmation")],
        judge=judge,
        stop=lambda faces: faces[0] != 20,
    ).build("demo")
    with ScriptedRng([20, 12]) as rng:
        assert check.resolve(rng).value == 20
    with pytest.raises(ScriptNotExhausted) as info, ScriptedRng([14, 12]) as rng:
        assert check.resolve(rng).value == 14
    assert str(info.value) == (
        "scripted Rng has faces left over: 1 of the 2 given faces was used, "
        "1 was not ([12])"
    )
