"""Slayer points (Slayerpunkte, DS4-R37, DS4-A19) as a frozen value."""

from __future__ import annotations

import attrs

from rollwerk import ParameterError, RulesError
from rollwerk.i18n import Text
from rollwerk_ds4_slayers._catalog import CATALOG

__all__ = ["COSTS", "DEFENSE_BONUS", "MAX_POINTS", "SlayerCost", "SlayerPoints"]

MAX_POINTS = 3
"""A character never holds more than 3 slayer points."""

DEFENSE_BONUS = {0: 0, 1: 3, 2: 8, 3: 12}
"""Abwehr bonus bought with 1, 2 or 3 SP (full rules)."""


@attrs.frozen
class SlayerCost:
    """One entry of the cost table (from the full rules, as far as the spec lists it)."""

    id: str
    """A stable identifier."""
    cost: int
    """The cost in SP (1 to 3)."""

    @property
    def label(self) -> Text:
        """What it buys (``label("de")``), from ``ds4-slayers.cost.<id>``.

        >>> COSTS[0].label("de")
        '2 Schaden ignorieren'
        """
        return CATALOG.text(f"ds4-slayers.cost.{self.id}")


COSTS: tuple[SlayerCost, ...] = (
    SlayerCost("ignore-2-damage", 1),
    SlayerCost("defense+3", 1),
    SlayerCost("cooldown-1", 1),
    SlayerCost("move+1", 1),
    SlayerCost("ignore-6-damage", 2),
    SlayerCost("defense+8", 2),
    SlayerCost("attack+2", 2),
    SlayerCost("repeat-attack", 2),
    SlayerCost("switch-spell", 2),
    SlayerCost("ignore-9-damage", 3),
    SlayerCost("defense+12", 3),
    SlayerCost("second-attack", 3),
    SlayerCost("cooldown-10", 3),
)
"""The part of the SP cost table the spec lists (the full table has 23 entries)."""


@attrs.frozen
class SlayerPoints:
    """A character's slayer points during one combat (DS4-R37, DS4-A19).

    Gain 1 SP in each round in which you damage an enemy, and (healers) 1 SP
    in each round in which you heal an ally hurt in this combat; at most 3;
    all are lost when the combat ends or you fall unconscious. Frozen: every
    change returns a new value.

    >>> sp = SlayerPoints().damaged_enemy(1).damaged_enemy(2).damaged_enemy(3)
    >>> sp.points
    3
    >>> sp.damaged_enemy(4).points  # D30: stays at 3
    3
    >>> sp.spend(2).points
    1
    """

    points: int = 0
    """The points held (0 to 3)."""
    damage_round: int | None = None
    """The last round in which damaging an enemy gave a point."""
    healing_round: int | None = None
    """The last round in which healing an ally gave a point."""

    def __attrs_post_init__(self) -> None:
        p = self.points
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= MAX_POINTS:
            raise ParameterError("points", p, f"an integer from 0 to {MAX_POINTS}")
        for name in ("damage_round", "healing_round"):
            r = getattr(self, name)
            if r is not None and (
                isinstance(r, bool) or not isinstance(r, int) or r < 1
            ):
                raise ParameterError(name, r, "an integer >= 1, or None")

    @property
    def _last_round(self) -> int | None:
        """The latest round recorded (of damage or healing), or ``None``."""
        rounds = [r for r in (self.damage_round, self.healing_round) if r is not None]
        return max(rounds) if rounds else None

    def _round(self, round_number: int) -> int:
        """Validate a round: an integer >= 1, not before the last recorded one."""
        r = round_number
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise ParameterError("round_number", r, "an integer >= 1")
        last = self._last_round
        if last is not None and r < last:
            raise ParameterError(
                "round_number",
                r,
                f"an integer >= {last}: round {last} is already recorded "
                "and rounds only go forward",
            )
        return r

    def damaged_enemy(self, round_number: int) -> SlayerPoints:
        """Damaging an enemy in ``round_number``: +1 SP, once per round.

        Raises:
            ParameterError: ``round_number`` is not an integer >= 1, or is
                before the last round recorded (of damage or healing).
        """
        self._round(round_number)
        if self.damage_round == round_number:
            return self
        return attrs.evolve(
            self,
            points=min(self.points + 1, MAX_POINTS),
            damage_round=round_number,
        )

    def healed_ally(self, round_number: int, *, hurt_this_combat: bool) -> SlayerPoints:
        """A healer healing an ally hurt in this combat: +1 SP, once per round.

        Raises:
            ParameterError: ``round_number`` is not an integer >= 1, or is
                before the last round recorded (of damage or healing).
        """
        self._round(round_number)
        if not hurt_this_combat or self.healing_round == round_number:
            return self
        return attrs.evolve(
            self,
            points=min(self.points + 1, MAX_POINTS),
            healing_round=round_number,
        )

    def spend(self, cost: int) -> SlayerPoints:
        """Spend ``cost`` SP (any time, on a free action or a bonus).

        Raises:
            RulesError: Fewer points than the cost.
        """
        if isinstance(cost, bool) or not isinstance(cost, int) or not 1 <= cost <= 3:
            raise ParameterError("cost", cost, "an integer from 1 to 3")
        if cost > self.points:
            raise RulesError(
                f"spending {cost} SP needs {cost} slayer points, got {self.points}"
            )
        return attrs.evolve(self, points=self.points - cost)

    def lose_all(self) -> SlayerPoints:
        """The combat ended or the character fell unconscious: all SP are lost."""
        return SlayerPoints()
