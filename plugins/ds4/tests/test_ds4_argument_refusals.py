"""DS4's helpers refuse arguments of the wrong type by name.

Found by a type-confusion fuzz of the plugin's public functions (session 25):
each raised Python's ``TypeError`` or ``AttributeError`` (``rng=None``, a
distance of ``None``, faces that are not a sequence), or accepted ``True``
as a d20 face of 1.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk import ParameterError, ScriptedRng
from rollwerk_ds4 import (
    Size,
    assign_dice,
    can_aim,
    can_charge,
    crowd_result,
    obstacle_fumble,
    range_modifier,
    read_check,
    restrained_value,
    roll_check,
    size_modifier,
    slot_value,
    triggered_order,
    wake_up_hours,
)

RNG = (
    "rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]), "
    "got None"
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: roll_check(14, None), RNG),  # type: ignore[arg-type]
        (lambda: wake_up_hours(None), RNG),  # type: ignore[arg-type]
        (lambda: obstacle_fumble(2, 10, None), RNG),  # type: ignore[arg-type]
        (
            lambda: read_check(5, None),  # type: ignore[arg-type]
            "faces must be a sequence of d20 faces, got None",
        ),
        (
            lambda: read_check(5, [True]),
            "faces must be one d20 face (1 to 20), got [True]",
        ),
        (
            lambda: assign_dice(44, None),  # type: ignore[arg-type]
            "dice must be a sequence of d20 faces, got None",
        ),
        (lambda: slot_value(None, 4), "die must be an integer, got None"),  # type: ignore[arg-type]
        (
            lambda: can_aim(None, 4),  # type: ignore[arg-type]
            "moved_m must be metres, an integer or a Fraction, got None",
        ),
        (
            lambda: can_charge(5, "8"),  # type: ignore[arg-type]
            "distance must be metres, an integer or a Fraction, got '8'",
        ),
        (lambda: range_modifier(-1), "distance_m must be at least 0, got -1"),
        (
            lambda: crowd_result(16, None),  # type: ignore[arg-type]
            "ranged_attack must be an integer, got None",
        ),
        (
            lambda: size_modifier(Size.NORMAL, "x"),  # type: ignore[arg-type]
            "target must be a Size (TINY to GIGANTIC), got 'x'",
        ),
        (
            lambda: size_modifier(9, Size.NORMAL),  # type: ignore[arg-type]
            "attacker must be a Size (TINY to GIGANTIC), got 9",
        ),
        (
            lambda: triggered_order("A", None),  # type: ignore[arg-type]
            "order must be a sequence of combatant names, got None",
        ),
        (lambda: restrained_value(None), "value must be an integer, got None"),  # type: ignore[arg-type]
    ],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_documented_forms_still_work() -> None:
    assert roll_check(14, ScriptedRng([7]))[0].result == 7
    assert can_aim(Fraction(5, 2), 5)
    assert can_charge(5, Fraction(17, 2))
    assert range_modifier(Fraction(35)) == -3
    assert size_modifier(Size.NORMAL, Size.HUGE) == 4
    assert size_modifier(2, 4) == 4  # type: ignore[arg-type]  # the sizes' integers
    assert wake_up_hours(ScriptedRng([5]))[0] == 5


class _Loaded:
    """A caller's Rng that breaks the protocol: 21 from a d20."""

    def roll(self, sides: int) -> int:
        return sides + 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: roll_check(14, _Loaded()),
            "rng.roll(20) must be an integer from 1 to 20 (the Rng protocol), got 21",
        ),
        (
            lambda: wake_up_hours(_Loaded()),
            "rng.roll(20) must be an integer from 1 to 20 (the Rng protocol), got 21",
        ),
        (
            lambda: obstacle_fumble(3, 10, _Loaded()),
            "rng.roll(3) must be an integer from 1 to 3 (the Rng protocol), got 4",
        ),
    ],
)
def test_faces_outside_the_protocol_are_refused(
    call: Callable[[], object], message: str
) -> None:
    # rollwerk.rng.checked: the helpers check a caller's faces as the core does
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message
