"""An Rng of the caller's: each face it gives is checked (the Rng protocol)."""

from __future__ import annotations

import pytest

from rollwerk import ParameterError, ScriptedRng, SeededRng, build_check, parse
from rollwerk.dice import Die, Pool
from rollwerk.plugins import get_registry
from rollwerk.rng import checked


class Fixed:
    """An Rng whose every face is ``value`` (a broken one unless it fits)."""

    def __init__(self, value: object) -> None:
        self.value = value

    def roll(self, sides: int) -> object:
        return self.value


@pytest.mark.parametrize("value", [7, 0, -1, "3", None, 1.5, True])
def test_a_face_outside_the_die_is_refused_naming_the_call(value: object) -> None:
    """Notation, dice and checks (through the plugin guard, not blamed on
    the plugin) refuse a face that is not an integer from 1 to the sides."""
    ds4 = get_registry().ruleset("ds4")
    rolls = [
        (lambda rng: parse("1d6").roll(rng), 6),
        (lambda rng: parse("4dF").roll(rng), 3),
        (lambda rng: Die(6).roll(rng), 6),
        (lambda rng: Pool(2, Die(6)).roll(rng), 6),
        (lambda rng: build_check(ds4, "check", pw=10).resolve(rng), 20),
    ]
    for roll, sides in rolls:
        if value.__class__ is int and 1 <= value <= sides:  # type: ignore[operator]
            continue  # a d20's 7 fits
        with pytest.raises(ParameterError) as info:
            roll(Fixed(value))
        assert str(info.value) == (
            f"rng.roll({sides}) must be an integer from 1 to {sides} "
            f"(the Rng protocol), got {value!r}"
        )


def test_faces_that_fit_are_used_as_given() -> None:
    assert parse("2d6+1").roll(Fixed(4)).total == 9
    assert Pool(3, Die(6)).roll(Fixed(2)).total == 6
    ds4 = get_registry().ruleset("ds4")
    assert build_check(ds4, "check", pw=10).resolve(Fixed(7)).value == 7


def test_rollwerks_own_rngs_are_not_wrapped_and_wrapping_is_once() -> None:
    for rng in (SeededRng(1), ScriptedRng([1])):
        assert checked(rng) is rng
    wrapped = checked(Fixed(3))
    assert checked(wrapped) is wrapped
    with pytest.raises(ParameterError) as info:
        checked(None)  # type: ignore[arg-type]
    assert str(info.value).startswith("rng must be an Rng such as SeededRng(7)")
