"""DS4 fights for [`fight`][rollwerk.analysis.fight]: one attack a turn (DS4-R10 to R17).

A side is ``attack`` (the Schlagen or Schießen value), ``defense`` (Abwehr),
``life`` (LK) and ``initiative`` (INI), optionally with the weapon's GA
(``defense_reduction``). Each turn the actor makes one attack against the
other side's front creature: its damage is the value of the ruleset's
``attack`` check (the attack's result after the target's automatic Abwehr
check, never below 0: DS4-R14, DS4-A06). A creature at 0 LK or below is
unconscious and out of the fight (DS4-R17). Sides act in descending INI;
equal INI is decided by the d20 roll-off once per combat, ties of the
roll-off rolled again (DS4-R11, DS4-A24).

Left out: actions other than attacking (aiming, charging, spells and their
cooldowns), coups' and fumbles' side effects beyond the damage (the combat
fumble table), surprise, and LK healing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import Distribution, ParameterError, Ruleset, ScriptedRng
from rollwerk.analysis import Fighter, read_side
from rollwerk.checks import Parameter, Scalar
from rollwerk.rulesets import build_check

__all__ = ["Ds4FightRules"]


def _spec_parameter(ruleset: Ruleset, name: str) -> Parameter:
    for spec in ruleset.checks():
        if spec.name == "attack":
            return spec.parameter(name)
    raise LookupError(
        f"ruleset {ruleset.id!r} has no 'attack' check"
    )  # pragma: no cover


def _int(fighter: Fighter, name: str) -> int:
    value = fighter.parameters[name]
    assert isinstance(value, int)
    return value


@attrs.frozen
class Ds4FightRules:
    """DS4's [`FightRules`][rollwerk.analysis.FightRules]; registered for ``ds4``.

    >>> from rollwerk.analysis import fight
    >>> from rollwerk.plugins import get_registry
    >>> rules = get_registry().fight_rules()["ds4"]
    >>> hero = {"attack": 12, "defense": 10, "life": 10, "initiative": 8}
    >>> orc = {"attack": 10, "defense": 8, "life": 8, "initiative": 6}
    >>> result = fight(rules, hero, orc)
    >>> round(float(result.first), 4), round(float(result.second), 4)
    (0.7912, 0.2088)
    """

    base: Ruleset
    """The DS4 ruleset (or a wrapper of it): its ``attack`` check gives the damage."""
    _damage: dict[tuple[int, int, int], Distribution[int]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """Damage distributions already computed, by (attack, defense, GA)."""

    @property
    def ruleset(self) -> str:
        """``"ds4"``."""
        return self.base.id

    def parameters(self) -> Sequence[Parameter]:
        """``attack``, ``defense`` (ranges of the ``attack`` check), ``life``, ``initiative``, GA."""
        attack = _spec_parameter(self.base, "attack")
        defense = _spec_parameter(self.base, "defense")
        return (
            attrs.evolve(attack, help="Schlagen or Schießen value of the attack"),
            attrs.evolve(defense, help="Abwehr against attacks"),
            Parameter(
                "life", int, help="Lebenskraft (LK)", min_value=1, max_value=1000
            ),
            Parameter(
                "initiative",
                int,
                help="INI: higher acts first (ties: d20 roll-off)",
                default=0,
                min_value=-100,
                max_value=1000,
            ),
            attrs.evolve(
                _spec_parameter(self.base, "defense_reduction"),
                help="the weapon's GA: lowers the target's Abwehr",
            ),
        )

    def with_ruleset(self, ruleset: Ruleset) -> Ds4FightRules:
        """The same fight rules over ``ruleset``: DS4 with optional rules on.

        ``rollwerk fight ds4 … --option slaying-dice`` fights with
        ``rules.with_ruleset(registry.ruleset("ds4", options=["slaying-dice"]))``.

        Raises:
            ParameterError: ``ruleset`` is not a version of this one (its id
                differs).
        """
        if getattr(ruleset, "id", None) != self.base.id:
            raise ParameterError(
                "ruleset",
                ruleset,
                f"the {self.base.id!r} ruleset, with or without optional rules",
            )
        return Ds4FightRules(ruleset)

    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        """Validate a side's values; its health is ``life``."""
        params = read_side(self.parameters(), values, "ds4 fight side")
        life = params["life"]
        assert isinstance(life, int)
        return Fighter(params, health=life)

    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        """Descending INI; a tie by the d20 roll-off (DS4-R11), exact over both d20.

        The roll-off is run through the plugin's own
        [`initiative_order`][rollwerk_ds4.initiative_order] for every pair of
        faces; equal faces are rolled again, so only unequal pairs count.
        """
        from rollwerk_ds4._combat import initiative_order

        values = {
            "first": _int(first, "initiative"),
            "second": _int(second, "initiative"),
        }
        if values["first"] != values["second"]:
            return Fraction(int(values["first"] > values["second"]))
        wins = pairs = 0
        for a in range(1, 21):
            for b in range(1, 21):
                if a == b:
                    continue  # the roll-off is rolled again (DS4-A24)
                order = initiative_order(values, ScriptedRng([a, b])).order
                pairs += 1
                wins += order[0] == "first"
        return Fraction(wins, pairs)

    def attacks(self, actor: Fighter) -> int:
        """One attack a turn (one action, DS4-R13)."""
        return 1

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        """The value of the ``attack`` check: damage after the target's Abwehr (DS4-R14)."""
        key = (
            _int(actor, "attack"),
            _int(target, "defense"),
            _int(actor, "defense_reduction"),
        )
        found = self._damage.get(key)
        if found is None:
            check = build_check(
                self.base,
                "attack",
                attack=key[0],
                defense=key[1],
                defense_reduction=key[2],
            )
            found = self._damage[key] = check.outcomes().map(
                lambda o: int(o.value or 0)
            )
        return found
