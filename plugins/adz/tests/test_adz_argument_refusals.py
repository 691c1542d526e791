"""ADZ's helpers refuse arguments of the wrong type by name.

Found by a type-confusion fuzz of the plugin's public functions (session 25):
each raised Python's ``TypeError``, ``ValueError`` or ``AttributeError``
(``rng=None``, a distance of ``"x"``, a bool for a list of values).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk import Combatant, ParameterError
from rollwerk_adz import (
    ActiveSpell,
    LinearRule,
    concentration_modifiers,
    distance_band,
    initiative_order,
    spell_pool,
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: initiative_order([Combatant("ada", initiative=5)], None),  # type: ignore[arg-type]
            (
                "rng must be an Rng such as SeededRng(7), SystemRng() or "
                "ScriptedRng([...]), got None"
            ),
        ),
        (
            lambda: distance_band("x", [5, 20]),  # type: ignore[arg-type]
            "distance must be metres, an integer or a Fraction, got 'x'",
        ),
        (
            lambda: distance_band(3, None),  # type: ignore[arg-type]
            "limits must be ascending distances, got None",
        ),
        (
            lambda: distance_band(3, [5, "20"]),  # type: ignore[list-item]
            "limits must be ascending distances, got [5, '20']",
        ),
        (
            lambda: spell_pool(True, [4]),  # type: ignore[arg-type]
            "domains must be a sequence of property values, got True",
        ),
        (
            lambda: concentration_modifiers(None),  # type: ignore[arg-type]
            "spells must be a list of spell names, got None",
        ),
        (
            lambda: concentration_modifiers([3]),  # type: ignore[list-item]
            "spells must be a list of spell names, got [3]",
        ),
        (
            lambda: ActiveSpell("x", 6, 60),  # type: ignore[arg-type]
            "cast_at must be an integer or a Fraction, got 'x'",
        ),
        (
            lambda: LinearRule(5, "1/2"),  # type: ignore[arg-type]
            "step must be an integer or a Fraction > 0, got '1/2'",
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
    assert distance_band(Fraction(25, 2), [5, 20, 50]) == 1
    assert spell_pool([5, 2], [4, 6]) == 9
    assert len(concentration_modifiers(("Light", "Shield"))) == 2


class _Loaded:
    """A caller's Rng that breaks the protocol: a face as text."""

    def roll(self, sides: int) -> str:
        return "3"


def test_faces_outside_the_protocol_are_refused() -> None:
    # rollwerk.rng.checked: initiative checks a caller's faces as the core does
    with pytest.raises(ParameterError) as info:
        initiative_order([Combatant("ada", initiative=5)], _Loaded())  # type: ignore[arg-type]
    assert str(info.value) == (
        "rng.roll(6) must be an integer from 1 to 6 (the Rng protocol), got '3'"
    )
