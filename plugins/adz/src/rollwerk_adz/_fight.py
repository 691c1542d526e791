"""AdZ fights for [`fight`][rollwerk.analysis.fight]: melee with reactions (ADZ-R15 to R21).

A side is ``attack`` (the attack pool: weapon skill + attribute − AM),
``defence`` (the defence reaction's pool; 0 for none), ``damage`` (the
weapon's base damage), ``armour`` (RS), ``resistance`` (the resistance
pool: KO + the armour's bonus dice), ``levels`` (the physical track's
length) and ``initiative`` (base initiative).

- Each round a creature has one action: one melee attack at threshold 1
  against the other side's front creature (ADZ-R16, ADZ-R19). Its damage is
  [`melee_distribution`][rollwerk_adz.melee_distribution]: the defence
  cancels successes, then base + net − armour − resistance successes
  (ADZ-R20, ADZ-R21).
- The defender always defends; its ``k``-th defence in a round rolls
  [`reaction_dice`][rollwerk_adz.reaction_dice]``(defence, k)`` dice
  (ADZ-R18), which matters when several creatures attack one.
- One point of final damage marks one level (ADZ-A11); a creature whose
  last level is marked is unconscious and dying, out of the fight
  (ADZ-R12).
- Initiative: base + 2d6 per side, rolled once, exact; ties by a 2d6
  roll-off, repeated while tied (ADZ-R15, ADZ-A22), so a tie is an even
  chance.

The excerpt is silent on these, so they are the user's parameters or left
out: the track's length (``levels``; 6 is the plugin's placeholder), the
injury penalties of marked levels (their values are missing: not applied,
so damage never weakens a fighter), the attribute of the defence pool
(ADZ-A10: give the final pool), luck dice, two-weapon fighting and
mental damage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import Distribution
from rollwerk.analysis import Fighter, read_side
from rollwerk.checks import Parameter, Scalar
from rollwerk_adz._combat import (
    initiative_distribution,
    melee_distribution,
    reaction_dice,
)

__all__ = ["AdzFightRules"]

MAX_POOL = 40
"""The largest pool a fight side may declare."""


def _int(fighter: Fighter, name: str) -> int:
    value = fighter.parameters[name]
    assert isinstance(value, int)
    return value


def _pool(name: str, help_text: str, default: int | None = None) -> Parameter:
    if default is None:
        return Parameter(name, int, help=help_text, min_value=0, max_value=MAX_POOL)
    return Parameter(
        name, int, help=help_text, default=default, min_value=0, max_value=MAX_POOL
    )


@attrs.frozen
class AdzFightRules:
    """Aera der Zauberey's [`FightRules`][rollwerk.analysis.FightRules]; registered for ``adz``.

    >>> from rollwerk.analysis import fight
    >>> side = {"attack": 5, "defence": 3, "damage": 3, "armour": 1, "resistance": 2}
    >>> result = fight(AdzFightRules(), side, side, second_count=2)
    >>> round(float(result.first), 4)
    0.0298
    """

    @property
    def ruleset(self) -> str:
        """``"adz"``."""
        return "adz"

    def parameters(self) -> Sequence[Parameter]:
        """The side's parameters (see the module's description)."""
        return (
            _pool("attack", "attack pool (skill + attribute - AM)"),
            _pool("defence", "defence reaction pool (0: no defence)", 0),
            Parameter(
                "damage", int, help="weapon base damage", min_value=0, max_value=100
            ),
            Parameter(
                "armour", int, help="armour (RS)", default=0, min_value=0, max_value=100
            ),
            _pool("resistance", "resistance pool (KO + armour bonus dice)", 0),
            Parameter(
                "levels",
                int,
                help="physical track length (placeholder 6)",
                default=6,
                min_value=1,
                max_value=100,
            ),
            Parameter(
                "initiative",
                int,
                help="base initiative (+ 2d6)",
                default=0,
                min_value=-100,
                max_value=100,
            ),
        )

    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        """Validate a side's values; its health is ``levels``."""
        params = read_side(self.parameters(), values, "adz fight side")
        levels = params["levels"]
        assert isinstance(levels, int)
        return Fighter(params, health=levels)

    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        """P(first total > second total) + half the chance of a tie (ADZ-A22)."""
        a = initiative_distribution(_int(first, "initiative"))
        b = initiative_distribution(_int(second, "initiative"))
        ahead = a.combine(b, lambda x, y: (x > y) - (x < y))
        return ahead[1] + ahead[0] / 2

    def attacks(self, actor: Fighter) -> int:
        """One action, one attack, a round (ADZ-R16)."""
        return 1

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        """The final damage of one attack; the target's ``faced + 1``-th defence."""
        pool = _int(target, "defence")
        return melee_distribution(
            attack_dice=_int(actor, "attack"),
            base_damage=_int(actor, "damage"),
            defence_dice=reaction_dice(pool, faced + 1) if pool else None,
            armour=_int(target, "armour"),
            resistance_dice=_int(target, "resistance"),
        )
