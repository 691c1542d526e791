"""The record of one die drawn from an Rng, as results keep it.

Its own module so that checks, which record dice, do not load the dice
model (`Die`, conditions, keep rules) they never use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rollwerk._jsonutil import die_fields, document
from rollwerk._repr import value_repr
from rollwerk.errors import ParameterError

__all__ = ["DieRoll"]


@attrs.frozen
class DieRoll:
    """One die drawn from an [`Rng`][rollwerk.rng.Rng], as recorded in a result.

    ``face`` is exactly what the Rng returned, so a
    [`ScriptedRng`][rollwerk.rng.ScriptedRng] fed the faces of a result's rolls,
    in order, replays that result.
    """

    __repr__ = value_repr

    sides: int
    """The number of sides of the die."""
    face: int
    """The face rolled, from 1 to ``sides``."""
    role: str = ""
    """What the die was for, in the ruleset's words (``"check"``, ``"fate"``…)."""

    def __attrs_post_init__(self) -> None:
        """Refuse what `from_json` would refuse (a face off the die, say).

        Raises:
            ParameterError: ``sides`` is not an integer from 1 to 2**63 - 1,
                ``face`` not an integer from 1 to ``sides``, or ``role`` not a
                string.
        """
        sides, face = self.sides, self.face
        if (
            sides.__class__ is int
            and face.__class__ is int
            and 1 <= face <= sides < 2**63
            and self.role.__class__ is str
        ):
            return
        if sides.__class__ is not int or sides < 1:
            raise ParameterError("sides", sides, "an integer >= 1")
        if sides >= 2**63:  # a JSON integer, as from_json reads it back
            raise ParameterError("sides", sides, "an integer from 1 to 2**63 - 1")
        if face.__class__ is not int or not 1 <= face <= sides:
            raise ParameterError("face", face, f"an integer from 1 to {sides}")
        if not isinstance(self.role, str):
            raise ParameterError("role", self.role, "a string")

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: ``{"sides", "face", "role"}``."""
        return {"sides": self.sides, "face": self.face, "role": self.role}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DieRoll:
        """Load what [`to_json`][rollwerk.dice.DieRoll.to_json] wrote."""
        with document("die roll"):
            return cls(*die_fields(data))
