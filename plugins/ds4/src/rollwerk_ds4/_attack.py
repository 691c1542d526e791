"""The DS4 attack (``attack``): attack, automatic Abwehr, damage (DS4-R14)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

import attrs

from rollwerk import CheckResult, Distribution, Outcome, ParameterError, Rng
from rollwerk.checks import Explanation, Scalar
from rollwerk_ds4._catalog import CATALOG
from rollwerk_ds4._check import RULESET_ID, Roll, roll_check
from rollwerk_ds4._dice import check_pw
from rollwerk_ds4._odds import check_weights

__all__ = ["Ds4Attack", "damage"]


def _defense_text(
    before: Explanation, check: Explanation, defense: int, reduction: int
) -> Explanation:
    """``before`` continued by the target's Abwehr ``check`` (``ds4.attack.defense*``).

    The GA is named when ``reduction`` is not 0.
    """
    if reduction:
        return CATALOG.text(
            "ds4.attack.defense_reduced",
            before=before,
            defense=defense,
            reduction=reduction,
            check=check,
        )
    return CATALOG.text("ds4.attack.defense", before=before, check=check)


def _damage_text(
    before: Explanation, raw: int, reduction: int, value: int
) -> Explanation:
    """``before`` continued by the damage after a successful Abwehr (DS4-R14).

    Says so when the rule keeps the damage from going below 0 (DS4-A06).
    """
    clamped = raw - reduction < 0
    message = "ds4.attack.damage_clamped" if clamped else "ds4.attack.damage"
    return CATALOG.text(
        message, before=before, raw=raw, reduction=reduction, damage=value
    )


def damage(
    attack_result: int,
    defense_result: int,
    *,
    defense_success: bool = True,
    helpless: bool = False,
) -> int:
    """Damage after Abwehr: ``max(0, attack − abwehr)`` (DS4-R14, DS4-A06).

    A failed (or fumbled) Abwehr reduces nothing. Helpless targets take double
    damage from melee hits before their Abwehr (DS4-R33, DS4-A16); pass their
    Abwehr result without armour.

    >>> damage(9, 4)
    5
    >>> damage(9, 4, helpless=True)
    14
    >>> damage(3, 7), damage(9, 4, defense_success=False)
    (0, 9)
    """
    for name, value in (
        ("attack_result", attack_result),
        ("defense_result", defense_result),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ParameterError(name, value, "an integer >= 0")
    raw = 2 * attack_result if helpless else attack_result
    reduction = defense_result if defense_success else 0
    return max(0, raw - reduction)


@lru_cache(maxsize=1024)
def _attack_outcomes(
    attack: int, defense_pw: int, undefendable: bool, helpless: bool
) -> Distribution[Outcome]:
    factor = 2 if helpless else 1
    attack_w = check_weights(attack)
    if undefendable:
        return Distribution.from_weights(
            {
                Outcome(degree.rank >= 2, degree, factor * value): w
                for (degree, value), w in attack_w
            }
        )
    reduction: dict[int, int] = {}
    for (degree, value), w in check_weights(defense_pw):
        red = value if degree.rank >= 2 else 0
        reduction[red] = reduction.get(red, 0) + w
    red_total = sum(reduction.values())
    weights: dict[Outcome, int] = {}
    for (degree, value), w in attack_w:
        success = degree.rank >= 2
        if not success:
            miss = Outcome(False, degree, 0)
            weights[miss] = weights.get(miss, 0) + w * red_total
            continue
        for red, rw in reduction.items():
            hit = Outcome(True, degree, max(0, factor * value - red))
            weights[hit] = weights.get(hit, 0) + w * rw
    return Distribution.from_weights(weights)


@attrs.frozen
class Ds4Attack:
    """An attack whose outcome value is the damage dealt (DS4-R14, DS4-R15).

    The attacker rolls ``attack`` (Schlagen, Schießen or Zielzauber). A hit
    deals its result as damage; the target automatically rolls Abwehr at
    ``defense − defense_reduction`` (GA) and a successful Abwehr subtracts its
    result, never below 0. Undefendable damage skips the Abwehr. Coups and
    fumbles of both sides count as usual: an Abwehr coup reduces by its
    highest result, a fumbled Abwehr reduces nothing.

    The outcome's success and degree are the attack's; its value is the
    damage (0 on a miss).

    >>> from rollwerk import ScriptedRng
    >>> hit = Ds4Attack(attack=12, defense=15).resolve(ScriptedRng([9, 4]))
    >>> hit.value
    5
    >>> Ds4Attack(attack=12, defense=15).expected_damage()
    Fraction(9, 5)
    """

    attack: int = attrs.field(validator=lambda _i, _a, v: check_pw(v, "attack"))
    """The attack's check value (Schlagen, Schießen or Zielzauber)."""
    defense: int = attrs.field(validator=lambda _i, _a, v: check_pw(v, "defense"))
    """The target's Abwehr value."""
    defense_reduction: int = 0
    """The weapon's GA: lowers the target's Abwehr against this attack."""
    undefendable: bool = False
    """Undefendable damage (abwehrlos): no Abwehr check at all."""
    helpless: bool = False
    """Bound or sleeping target hit in melee: double damage (DS4-R33).

    Pass the target's Abwehr without armour (PA) as ``defense``.
    """

    def __attrs_post_init__(self) -> None:
        ga = self.defense_reduction
        if isinstance(ga, bool) or not isinstance(ga, int) or not 0 <= ga <= 1000:
            raise ParameterError("defense_reduction", ga, "an integer from 0 to 1000")
        for name in ("undefendable", "helpless"):
            if not isinstance(getattr(self, name), bool):
                raise ParameterError(name, getattr(self, name), "true or false")
        check_pw(self.defense - ga, "defense - defense_reduction")

    @property
    def ruleset(self) -> str:
        """``"ds4"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"attack"``."""
        return "attack"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The attack's parameters."""
        return {
            "attack": self.attack,
            "defense": self.defense,
            "defense_reduction": self.defense_reduction,
            "undefendable": self.undefendable,
            "helpless": self.helpless,
        }

    @property
    def defense_pw(self) -> int:
        """The Abwehr check value after GA."""
        return self.defense - self.defense_reduction

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the attack and, on a hit, the target's Abwehr."""
        attack, rolls = roll_check(self.attack, rng, role="attack")
        defense: Roll | None = None
        if attack.success and not self.undefendable:
            defense, more = roll_check(self.defense_pw, rng, role="defense")
            rolls = rolls + more
        value = 0
        if attack.success:
            assert attack.result is not None
            dres = 0 if defense is None or defense.result is None else defense.result
            dok = defense is not None and defense.success
            value = damage(
                attack.result, dres, defense_success=dok, helpless=self.helpless
            )
        return CheckResult(
            success=attack.success,
            degree=attack.degree,
            value=value,
            rolls=rolls,
            explanation=self._explain(attack, defense, value),
            ruleset=RULESET_ID,
            check=self.name,
        )

    def _explain(self, attack: Roll, defense: Roll | None, value: int) -> Explanation:
        text = CATALOG.text("ds4.attack.roll", check=attack.explanation())
        if not attack.success:
            return CATALOG.text("ds4.attack.no_damage", before=text)
        raw = attack.result or 0
        if self.helpless:
            raw *= 2
            text = CATALOG.text("ds4.attack.helpless", before=text, damage=raw)
        if defense is None:
            return CATALOG.text("ds4.attack.undefendable", before=text, damage=value)
        text = _defense_text(
            text, defense.explanation(), self.defense, self.defense_reduction
        )
        if not defense.success:
            return CATALOG.text("ds4.attack.defense_failed", before=text, damage=value)
        return _damage_text(text, raw, defense.result or 0, value)

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution of (hit, degree, damage)."""
        return _attack_outcomes(
            self.attack, self.defense_pw, self.undefendable, self.helpless
        )

    def damage_distribution(self) -> Distribution[int]:
        """The exact distribution of the damage dealt (0 on a miss)."""
        return self.outcomes().map(lambda o: o.value or 0)

    def expected_damage(self) -> Fraction:
        """The exact expected damage (a `Fraction`)."""
        return self.damage_distribution().mean()
