"""A face that breaks the Rng protocol is named as such (concepts.md), in the
checks and helpers that roll by hand too (an API consumer, h240)."""

from __future__ import annotations

import pytest

import rollwerk
from rollwerk import ParameterError, ScriptedRng
from rollwerk.plugins import Registry
from rollwerk_fluid import fluid_check, reroll


class Over:
    """An Rng that gives one more than the die has."""

    def roll(self, sides: int) -> int:
        return sides + 1


FLUID = Registry().ruleset("fluid")
MESSAGE = "rng.roll(10) must be an integer from 1 to 10 (the Rng protocol), got 11"


def test_the_rerolls_check_names_the_rng() -> None:
    check = rollwerk.build_check(FLUID, "rerolls", attribute=10, trait=0, mana=1)
    with pytest.raises(ParameterError) as info:
        check.resolve(Over())
    assert str(info.value) == MESSAGE


def test_reroll_names_the_rng() -> None:
    six = fluid_check(attribute=6)
    failed = six.resolve(ScriptedRng([9]))  # FL-R03: 9 against a chance of 6
    assert not failed.outcome().success
    with pytest.raises(ParameterError) as info:
        reroll(six, failed, Over(), mana=1)
    assert str(info.value) == MESSAGE
