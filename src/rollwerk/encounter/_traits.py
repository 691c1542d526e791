"""Encounter traits: what a ruleset says about timing, stacking and initiative.

[`Encounter.for_ruleset`][rollwerk.encounter.Encounter.for_ruleset] reads them.
[`Ruleset`][rollwerk.rulesets.Ruleset] extends this protocol, so a ruleset
that subclasses ``Ruleset`` inherits the defaults below and writes only the
traits in which its system differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

# Binds the name ``rollwerk`` (``_lazy`` is loaded with the package and
# imports nothing of ours): ``rollwerk.encounter.Combatant`` below is served on
# first use, so the check path does not load the encounter's state and
# ``typing.get_type_hints`` still resolves it.
import rollwerk._lazy
from rollwerk._jsonutil import EXACT_JSON, exact_fits
from rollwerk.encounter._stacking import StackingPolicy
from rollwerk.errors import ParameterError
from rollwerk.rng import Rng

__all__ = ["EncounterTraits"]


class EncounterTraits(Protocol):
    """How a game system runs an encounter; every member has a default.

    | Trait | Default |
    |---|---|
    | [`round_seconds`][rollwerk.encounter.EncounterTraits.round_seconds] | 6 seconds |
    | [`actions_per_round`][rollwerk.encounter.EncounterTraits.actions_per_round] | 1 |
    | [`stacking_policy`][rollwerk.encounter.EncounterTraits.stacking_policy] | ``StackingPolicy()``: everything stacks and sums |
    | [`initiative_order`][rollwerk.encounter.EncounterTraits.initiative_order] | [`by_initiative`][rollwerk.encounter.by_initiative]: highest first, ties rolled off on a d20 |

    A class that subclasses this protocol (or
    [`Ruleset`][rollwerk.rulesets.Ruleset]) explicitly inherits the defaults;
    a class that only matches it structurally must write all four.

    >>> class Skirmish(EncounterTraits):
    ...     @property
    ...     def actions_per_round(self) -> int:
    ...         return 2
    >>> Skirmish().round_seconds, Skirmish().actions_per_round
    (Fraction(6, 1), 2)
    """

    @property
    def round_seconds(self) -> Fraction:
        """How long a combat round lasts in game seconds (default 6)."""
        return Fraction(6)

    @property
    def actions_per_round(self) -> int:
        """Action slots per combatant and round (default 1; Mythandria: 2)."""
        return 1

    @property
    def stacking_policy(self) -> StackingPolicy:
        """How same-name effects and modifiers of one kind stack.

        Default: [`StackingPolicy()`][rollwerk.encounter.StackingPolicy],
        everything stacks and sums.
        """
        return StackingPolicy()

    def initiative_order(
        self, combatants: Sequence[rollwerk.encounter.Combatant], rng: Rng
    ) -> Sequence[str]:
        """The initiative rule: combatants and an Rng → ids in acting order.

        Default: [`by_initiative`][rollwerk.encounter.by_initiative]. Every
        die drawn from ``rng`` is recorded in the encounter's
        [`initiative_rolls`][rollwerk.encounter.Encounter.initiative_rolls].
        """
        # imported here: a ruleset declares its traits without loading the
        # encounter's state (``rollwerk check`` never runs an encounter)
        from rollwerk.encounter._state import by_initiative

        return by_initiative(combatants, rng)


def checked_actions_per_round(value: object) -> int:
    """``value`` if it is a count of action slots encounter JSON can hold.

    ``define_ruleset`` and ``Encounter.create`` refuse the same values with
    the same message: JSON holds counts of 64 bits.

    Raises:
        ParameterError: Not an integer from 1 to 2**63 - 1 (``True``, ``2.0``
            and ``"2"`` included).
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**63:
        raise ParameterError(
            "actions_per_round", value, "an integer from 1 to 2**63 - 1"
        )
    return value


def checked_round_seconds(value: object) -> Fraction:
    """``value`` as the length of a round, if encounter JSON can hold it.

    ``Encounter.create``, ``define_ruleset`` and the registry refuse the
    same values with the same messages.

    Raises:
        ParameterError: Not an int or Fraction (``True``, ``6.0``, ``"6"``,
            NaN), too long for encounter JSON, or not more than 0.
    """
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError("round_seconds", value, "an int or Fraction")
    seconds = Fraction(value)
    if not exact_fits(seconds):
        raise ParameterError("round_seconds", value, EXACT_JSON)
    if seconds <= 0:
        raise ParameterError("round_seconds", value, "more than 0")
    return seconds
