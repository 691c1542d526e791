"""The DS4 attack (``attack``): attack, automatic Abwehr, damage (DS4-R14).

Declared with the toolkit: the attack's d20, then (on a hit that can be
defended) the Abwehr's d20, a pure judge of both, the explanation from the
ds4 catalog and the closed form of the exact odds.
"""

from __future__ import annotations

from functools import lru_cache

from rollwerk import Distribution, Outcome, ParameterError
from rollwerk.checks import (
    CheckDefinition,
    Explanation,
    FaceCheck,
    Monotonic,
    Parameter,
    define_check,
)
from rollwerk_ds4._catalog import CATALOG
from rollwerk_ds4._check import (
    PW_MAX,
    PW_MIN,
    RULESET_ID,
    Roll,
    dice_count,
    read_check,
)
from rollwerk_ds4._dice import check_pw
from rollwerk_ds4._odds import check_weights

__all__ = ["ATTACK", "attack", "damage"]


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
    """The closed form of an attack's exact odds from both checks' weights."""
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


def _validate(
    attack: object,
    defense: object,
    defense_reduction: object,
    undefendable: object,
    helpless: object,
) -> None:
    """Refuse what the Python API does not take (and the declared ranges miss)."""
    check_pw(attack, "attack")
    check_pw(defense, "defense")
    ga = defense_reduction
    if isinstance(ga, bool) or not isinstance(ga, int) or not 0 <= ga <= 1000:
        raise ParameterError("defense_reduction", ga, "an integer from 0 to 1000")
    for name, value in (("undefendable", undefendable), ("helpless", helpless)):
        if not isinstance(value, bool):
            raise ParameterError(name, value, "true or false")
    assert isinstance(defense, int)
    check_pw(defense - ga, "defense - defense_reduction")


def _dice(
    attack: int,
    defense: int,
    defense_reduction: int,
    undefendable: bool,
    helpless: bool,
) -> list[tuple[int, str]]:
    """The attack's d20, then the Abwehr's (drawn only on a defendable hit)."""
    _validate(attack, defense, defense_reduction, undefendable, helpless)
    dice = [(20, "attack")] * dice_count(attack)
    if not undefendable:
        dice += [(20, "defense")] * dice_count(defense - defense_reduction)
    return dice


def _stop(faces: tuple[int, ...], attack: int) -> bool:
    """After the attack's dice: a miss rolls no Abwehr."""
    k = dice_count(attack)
    return len(faces) == k and not read_check(attack, faces).success


def _read(
    faces: tuple[int, ...], attack: int, defense: int, defense_reduction: int
) -> tuple[Roll, Roll | None]:
    k = dice_count(attack)
    hit = read_check(attack, faces[:k])
    defended = read_check(defense - defense_reduction, faces[k:]) if faces[k:] else None
    return hit, defended


def _judge(
    faces: tuple[int, ...],
    attack: int,
    defense: int,
    defense_reduction: int,
    helpless: bool,
) -> Outcome:
    hit, defended = _read(faces, attack, defense, defense_reduction)
    value = 0
    if hit.success:
        assert hit.result is not None
        value = damage(
            hit.result,
            0 if defended is None or defended.result is None else defended.result,
            defense_success=defended is not None and defended.success,
            helpless=helpless,
        )
    return Outcome(hit.success, hit.degree, value)


def _explain(
    faces: tuple[int, ...],
    outcome: Outcome,
    *,
    attack: int,
    defense: int,
    defense_reduction: int,
    helpless: bool,
) -> Explanation:
    hit, defended = _read(faces, attack, defense, defense_reduction)
    value = outcome.value or 0
    text = CATALOG.text("ds4.attack.roll", check=hit.explanation())
    if not hit.success:
        return CATALOG.text("ds4.attack.no_damage", before=text)
    raw = hit.result or 0
    if helpless:
        raw *= 2
        text = CATALOG.text("ds4.attack.helpless", before=text, damage=raw)
    if defended is None:
        return CATALOG.text("ds4.attack.undefendable", before=text, damage=value)
    text = _defense_text(text, defended.explanation(), defense, defense_reduction)
    if not defended.success:
        return CATALOG.text("ds4.attack.defense_failed", before=text, damage=value)
    return _damage_text(text, raw, defended.result or 0, value)


def _odds(
    attack: int,
    defense: int,
    defense_reduction: int,
    undefendable: bool,
    helpless: bool,
) -> Distribution[Outcome]:
    return _attack_outcomes(attack, defense - defense_reduction, undefendable, helpless)


ATTACK: CheckDefinition = define_check(
    "attack",
    [
        Parameter(
            "attack",
            int,
            help="attack value (Schlagen, Schießen or Zielzauber)",
            min_value=PW_MIN,
            max_value=PW_MAX,
            monotonic=Monotonic.INCREASING,
        ),
        Parameter(
            "defense",
            int,
            help="the target's Abwehr",
            min_value=PW_MIN,
            max_value=PW_MAX,
            monotonic=Monotonic.DECREASING,
        ),
        Parameter(
            "defense_reduction",
            int,
            help="the weapon's GA: lowers the target's Abwehr",
            default=0,
            min_value=0,
            max_value=20,
        ),
        Parameter(
            "undefendable", bool, help="no Abwehr check (abwehrlos)", default=False
        ),
        Parameter(
            "helpless",
            bool,
            help="bound or sleeping target: double melee damage (Abwehr without PA)",
            default=False,
        ),
    ],
    dice=_dice,
    judge=_judge,
    stop=_stop,
    odds=_odds,
    explain=_explain,
    help="an attack; the outcome value is the damage after the target's Abwehr",
)
"""The DS4 attack as declared to the toolkit (DS4-R14, DS4-R15).

The attacker rolls ``attack`` (Schlagen, Schießen or Zielzauber). A hit
deals its result as damage; the target automatically rolls Abwehr at
``defense − defense_reduction`` (GA) and a successful Abwehr subtracts its
result, never below 0. Undefendable damage skips the Abwehr. Coups and
fumbles of both sides count as usual: an Abwehr coup reduces by its highest
result, a fumbled Abwehr reduces nothing. ``helpless``: a bound or sleeping
target hit in melee takes double damage (DS4-R33; pass its Abwehr without
armour). The outcome's success and degree are the attack's; its value is
the damage (0 on a miss). Exact odds come from the closed form.
"""


def attack(
    attack: int,
    defense: int,
    defense_reduction: int = 0,
    undefendable: bool = False,
    helpless: bool = False,
) -> FaceCheck:
    """A DS4 attack whose outcome value is the damage dealt (see [`ATTACK`][rollwerk_ds4.ATTACK]).

    The Python API takes check values from -1000 to 1000 and a GA up to 1000;
    the CLI and the contract kit use the declared ranges.

    >>> from rollwerk import ScriptedRng
    >>> attack(12, defense=15).resolve(ScriptedRng([9, 4])).value
    5
    >>> attack(12, defense=15).outcomes().map(lambda o: o.value).mean()
    Fraction(9, 5)

    Raises:
        ParameterError: A value out of range, or a non-bool flag.
    """
    _validate(attack, defense, defense_reduction, undefendable, helpless)
    params = {
        "attack": attack,
        "defense": defense,
        "defense_reduction": defense_reduction,
        "undefendable": undefendable,
        "helpless": helpless,
    }
    return FaceCheck(ATTACK, RULESET_ID, params, CATALOG)
