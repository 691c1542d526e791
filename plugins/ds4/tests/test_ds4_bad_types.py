"""Public helpers given values of another type (a bad-input audit, h241):
a ``ParameterError`` naming the parameter, not a bare ``KeyError`` or
``TypeError``."""

from __future__ import annotations

import pytest

import rollwerk_ds4 as ds4
from rollwerk import Degree, ParameterError


@pytest.mark.parametrize("bad", ["nope", "prone", 3, None, 2.5])
def test_position_modifier_names_the_positions(bad: object) -> None:
    with pytest.raises(ParameterError) as info:
        ds4.position_modifier(bad)  # type: ignore[arg-type]
    assert str(info.value) == (
        "position must be a Position (NORMAL, PRONE, FROM_SIDE_OR_ABOVE, "
        f"FROM_BEHIND), got {bad!r}"
    )
    assert ds4.position_modifier(ds4.Position.FROM_BEHIND) == 2  # DS4-R29


@pytest.mark.parametrize("bad", [[3], {}, "12", 2.0, True, 1001])
def test_check_weights_checks_pw_before_its_cache(bad: object) -> None:
    with pytest.raises(ParameterError) as info:
        ds4.check_weights(bad)  # type: ignore[arg-type]
    assert str(info.value) == f"pw must be an integer from -1000 to 1000, got {bad!r}"


def test_check_weights_fumbles_excluded_is_a_bool() -> None:
    with pytest.raises(ParameterError) as info:
        ds4.check_weights(12, 1)  # type: ignore[arg-type]
    assert str(info.value) == "fumbles_excluded must be True or False, got 1"
    # DS4-R05: a 20 is the one face of a fumble
    assert dict(ds4.check_weights(12))[(Degree.CRITICAL_FAILURE, 0)] == 1


class Over:
    """An Rng that gives one more than the die has."""

    def roll(self, sides: int) -> int:
        return sides + 1


def test_an_initiative_roll_off_names_an_rng_that_breaks_the_protocol() -> None:
    # DS4-R10 ties roll a d20; concepts.md: the error names rng.roll(N) (h240)
    with pytest.raises(ParameterError) as info:
        ds4.initiative_order({"Laros": 8, "Lios": 8}, Over())
    assert str(info.value) == (
        "rng.roll(20) must be an integer from 1 to 20 (the Rng protocol), got 21"
    )
