"""Pathfinder 2e fights for [`fight`][rollwerk.analysis.fight]: Strikes with the MAP.

Beyond the "Effects" excerpt, from the full rules as a user of a
Pathfinder plugin expects them. A side is ``attack`` (the attack
modifier), ``ac``, ``damage`` (dice notation such as ``1d8+4``), ``hp``,
``strikes`` (1 to 3 Strikes a turn), ``agile`` and ``initiative`` (its
modifier), and ``adversary`` (the GM's side, which wins initiative ties).

- Each Strike is the ruleset's ``attack`` check (d20 + modifier against the
  AC, four degrees of success) with the multiple attack penalty: 0, −5, −10
  for the first, second and third Strike of a turn (agile: 0, −4, −8).
- A success deals the damage roll, a critical success doubles it, a failure
  or critical failure deals nothing. A hit deals at least 1 damage (the
  full rules' minimum, for a notation like ``1d4-2``).
- A creature at 0 HP or below is defeated (dying and its recovery checks
  are left out, as are resistances, weaknesses and persistent damage).
- Initiative is d20 + modifier per side, rolled once, exact over both d20;
  ties follow the plugin's rule
  ([`initiative_order`][rollwerk_pf2e.initiative_order]): the adversary
  acts first, otherwise the first side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import (
    Combatant,
    Degree,
    Distribution,
    ParameterError,
    Ruleset,
    ScriptedRng,
)
from rollwerk.analysis import Fighter, read_side
from rollwerk.checks import Parameter, Scalar
from rollwerk.errors import LimitExceeded, NotationError
from rollwerk.rulesets import build_check

__all__ = ["MAP", "MAP_AGILE", "Pf2eFightRules", "damage_roll"]

MAP = (0, -5, -10)
"""The multiple attack penalty of the first, second and third Strike."""
MAP_AGILE = (0, -4, -8)
"""The multiple attack penalty with an agile weapon."""
_CACHE_SIZE = 256
"""How many damage rolls and Strikes one set of fight rules keeps."""


def _spec_parameter(ruleset: Ruleset, name: str) -> Parameter:
    for spec in ruleset.checks():
        if spec.name == "attack":
            return spec.parameter(name)
    raise LookupError(
        f"ruleset {ruleset.id!r} has no 'attack' check"
    )  # pragma: no cover


def _value(fighter: Fighter, name: str) -> Scalar:
    return fighter.parameters[name]


def _int(fighter: Fighter, name: str) -> int:
    value = fighter.parameters[name]
    assert isinstance(value, int)
    return value


def damage_roll(notation: str) -> Distribution[int]:
    """The exact distribution of a damage notation (``1d8+4``).

    Raises:
        ParameterError: The notation does not parse, exceeds a limit of the
            notation, has no exact odds or is not a whole number.
    """
    from rollwerk.notation import parse

    try:
        dist = parse(notation).distribution()
    except NotationError as exc:
        raise ParameterError(
            "damage", notation, f"dice notation ({exc.one_line()})"
        ) from None
    except LimitExceeded as exc:
        raise ParameterError(
            "damage", notation, f"dice notation within the limits ({exc})"
        ) from None
    except ParameterError as exc:  # rolls, but has no exact odds (4d6e6kh3)
        raise ParameterError(
            "damage", notation, f"dice notation with exact odds ({exc})"
        ) from None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in dist):
        raise ParameterError(
            "damage", notation, "dice notation with a whole-number total"
        )
    return dist


@attrs.frozen
class Pf2eFightRules:
    """Pathfinder 2e's [`FightRules`][rollwerk.analysis.FightRules]; registered for ``pf2e``.

    >>> from rollwerk.analysis import fight
    >>> from rollwerk.plugins import get_registry
    >>> rules = get_registry().fight_rules()["pf2e"]
    >>> fighter = {"attack": 7, "ac": 18, "damage": "1d8+4", "hp": 20, "strikes": 2}
    >>> result = fight(rules, fighter, fighter)
    >>> result.first_acts_first  # a tie of two non-adversaries: the first side
    Fraction(21, 40)
    >>> round(float(result.first), 4)
    0.5042
    """

    base: Ruleset
    """The PF2e ruleset (or a wrapper): its ``attack`` check grades each Strike."""
    _cache: dict[tuple[int, int, str, int], Distribution[int]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """Damage distributions already computed."""
    _rolls: dict[str, Distribution[int]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """Damage notations already read: validating a side computes its roll,
    and its Strikes use it again."""

    @property
    def ruleset(self) -> str:
        """``"pf2e"``."""
        return self.base.id

    def parameters(self) -> Sequence[Parameter]:
        """The side's parameters (see the module's description)."""
        modifier = _spec_parameter(self.base, "modifier")
        dc = _spec_parameter(self.base, "dc")
        return (
            Parameter(
                "attack",
                int,
                help="attack modifier of the Strike",
                min_value=modifier.min_value,
                max_value=modifier.max_value,
            ),
            Parameter(
                "ac",
                int,
                help="Armor Class",
                min_value=dc.min_value,
                max_value=dc.max_value,
            ),
            Parameter("damage", str, help="damage roll, e.g. 1d8+4"),
            Parameter("hp", int, help="Hit Points", min_value=1, max_value=1000),
            Parameter(
                "strikes",
                int,
                help="Strikes a turn (MAP -5/-10)",
                default=1,
                min_value=1,
                max_value=3,
            ),
            Parameter("agile", bool, help="agile weapon: MAP -4/-8", default=False),
            Parameter(
                "initiative",
                int,
                help="initiative modifier (d20 + modifier)",
                default=0,
                min_value=-20,
                max_value=60,
            ),
            Parameter(
                "adversary",
                bool,
                help="the GM's side: wins initiative ties",
                default=False,
            ),
        )

    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        """Validate a side's values (the damage notation too); its health is ``hp``."""
        params = read_side(self.parameters(), values, "pf2e fight side")
        damage = params["damage"]
        assert isinstance(damage, str)
        self._roll(damage)
        self._reachable(params)
        return Fighter(params, health=_int_of(params, "hp"))

    def _reachable(self, params: Mapping[str, Scalar]) -> None:
        """Refuse an ``attack`` whose last Strike's penalised modifier is out of range.

        Raises:
            ParameterError: ``attack`` plus the multiple attack penalty of
                the last Strike is below the attack check's lowest modifier
                (``attack=-16 strikes=2``: its 2nd Strike is at −21).
        """
        strikes = _int_of(params, "strikes")
        agile = params["agile"] is True
        penalty = (MAP_AGILE if agile else MAP)[strikes - 1]
        attack = _int_of(params, "attack")
        modifier = _spec_parameter(self.base, "modifier")
        low, high = modifier.min_value, modifier.max_value
        if low is None or attack + penalty >= low:
            return
        given = f"strikes={strikes}" + (" agile=true" if agile else "")
        raise ParameterError(
            "attack",
            attack,
            f"an integer from {low - penalty} to {high} with {given} (the last "
            f"Strike's modifier, attack {penalty}, must be at least {low})",
        )

    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        """d20 + modifier for each side, exact over both d20; ties by the plugin's rule."""
        from rollwerk_pf2e._durations import initiative_order

        def owner(f: Fighter) -> str | None:
            return None if _value(f, "adversary") else "player"

        wins = 0
        for a in range(1, 21):
            for b in range(1, 21):
                order = initiative_order(
                    [
                        Combatant(
                            "first",
                            initiative=a + _int(first, "initiative"),
                            owner=owner(first),
                        ),
                        Combatant(
                            "second",
                            initiative=b + _int(second, "initiative"),
                            owner=owner(second),
                        ),
                    ],
                    ScriptedRng([]),  # the rule rolls no die of its own
                )
                wins += order[0] == "first"
        return Fraction(wins, 400)

    def attacks(self, actor: Fighter) -> int:
        """``strikes``."""
        return _int(actor, "strikes")

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        """Strike number ``attack`` (0-based): its MAP, four degrees, crits doubled."""
        penalty = (MAP_AGILE if _value(actor, "agile") else MAP)[attack]
        notation = _value(actor, "damage")
        assert isinstance(notation, str)
        key = (_int(actor, "attack") + penalty, _int(target, "ac"), notation, 0)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            found = self._cache[key] = self._strike(key[0], key[1], notation)
        return found

    def _roll(self, notation: str) -> Distribution[int]:
        """``damage_roll(notation)``, computed once per notation."""
        found = self._rolls.get(notation)
        if found is None:
            if len(self._rolls) >= _CACHE_SIZE:
                self._rolls.clear()
            found = self._rolls[notation] = damage_roll(notation)
        return found

    def _strike(self, modifier: int, ac: int, notation: str) -> Distribution[int]:
        check = build_check(self.base, "attack", modifier=modifier, dc=ac)
        degrees = check.outcomes().map(lambda o: o.degree)
        roll = self._roll(notation)
        # the minimum of 1 changes nothing when every total is at least 1
        hit = roll if roll.min_outcome() >= 1 else roll.map(lambda d: max(1, d))
        crit = roll.map(lambda d: max(1, 2 * d))
        none = Distribution.constant(0)
        table = {
            Degree.CRITICAL_SUCCESS: crit,
            Degree.SUCCESS: hit,
            Degree.FAILURE: none,
            Degree.CRITICAL_FAILURE: none,
        }
        return degrees.bind(lambda d: table[d])


def _int_of(params: Mapping[str, Scalar], name: str) -> int:
    value = params[name]
    assert isinstance(value, int)
    return value
