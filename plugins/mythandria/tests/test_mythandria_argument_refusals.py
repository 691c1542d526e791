"""Mythandria's helpers refuse arguments of the wrong type by name.

Found by a type-confusion fuzz of the plugin's public functions (session 25):
each raised Python's ``TypeError`` or ``AttributeError`` (``rng=None``,
``pws=None``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ParameterError, ScriptedRng
from rollwerk_mythandria import comparison_odds, preparation_window, roll_d100

RNG = (
    "rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]), "
    "got None"
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: roll_d100(None), RNG),  # type: ignore[arg-type]
        (lambda: preparation_window(None), RNG),  # type: ignore[arg-type]
        (
            lambda: comparison_odds(None),  # type: ignore[arg-type]
            "pws must be a sequence of check values, got None",
        ),
    ],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_documented_forms_still_work() -> None:
    assert roll_d100(ScriptedRng([37]))[0] == 37
    assert preparation_window(ScriptedRng([3])).explain("de") == (
        "1W4 zeigt 3: 3 Stunden Vorbereitungszeit"
    )
    assert preparation_window(None, granted=False).hours == 0  # type: ignore[arg-type]


class _Loaded:
    """A caller's Rng that breaks the protocol: 0 from any die."""

    def roll(self, sides: int) -> int:
        return 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: roll_d100(_Loaded()),
            "rng.roll(100) must be an integer from 1 to 100 (the Rng protocol), got 0",
        ),
        (
            lambda: preparation_window(_Loaded()),
            "rng.roll(4) must be an integer from 1 to 4 (the Rng protocol), got 0",
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
