"""Slaying dice (Slayende Würfel, DS4-R36) with exact odds to a bounded depth.

A coup on an attack (the first die for PW above 20) rolls a follow-up
attack at the same PW in which fumbles are excluded (DS4-A10); a successful
follow-up adds its result, and a coup on it repeats the procedure. The same
holds for Abwehr checks: each coup adds a further Abwehr result to the
reduction.

The chain is unbounded in principle. Here it is **bounded by a depth**: at
most ``slaying_depth`` follow-up rolls (default
[`DEFAULT_DEPTH`][rollwerk_ds4_slayers.DEFAULT_DEPTH]); a coup on the last
allowed follow-up still adds its result but rolls no further die. Rolling
and exact odds use the same bound, so every result lies in the support of
the distribution. The chance that the bound cuts a chain short is
``(1/20) ** (slaying_depth + 1)`` (about 1.6e-8 for the default 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import attrs

from rollwerk import CheckResult, Degree, Distribution, Outcome, ParameterError, Rng
from rollwerk.checks import (
    CheckDefinition,
    Explanation,
    FaceCheck,
    Parameter,
    Scalar,
    define_check,
)
from rollwerk.dice import DieRoll
from rollwerk_ds4 import CATALOG as DS4
from rollwerk_ds4 import (
    CHECK,
    Roll,
    attack,
    check,
    check_weights,
    damage,
    fixed_assignment_weights,
    read_check,
    rest_die_assignment,
    roll_check,
    sub_checks,
)
from rollwerk_ds4_slayers._catalog import CATALOG

__all__ = [
    "DEFAULT_DEPTH",
    "DEPTH",
    "MAX_DEPTH",
    "SLAYING_CHECK",
    "SlayingAttack",
    "SlayingRoll",
    "roll_slaying",
    "slaying_check",
    "slaying_weights",
]

DEFAULT_DEPTH = 5
"""Follow-up rolls allowed by default (a longer chain has chance 20**-6)."""
MAX_DEPTH = 8
"""The largest depth accepted."""


def _check_depth(depth: object) -> int:
    if (
        isinstance(depth, bool)
        or not isinstance(depth, int)
        or not 0 <= depth <= MAX_DEPTH
    ):
        raise ParameterError(
            "slaying_depth", depth, f"an integer from 0 to {MAX_DEPTH}"
        )
    return depth


def _encode(coeffs: Mapping[int, int], bits: int) -> int:
    x = 0
    for exp, c in coeffs.items():
        x |= c << (bits * exp)
    return x


def _decode(x: int, bits: int) -> dict[int, int]:
    mask = (1 << bits) - 1
    out: dict[int, int] = {}
    exp = 0
    while x:
        c = x & mask
        if c:
            out[exp] = c
        x >>= bits
        exp += 1
    return out


@attrs.frozen
class SlayingRoll:
    """A check with slaying dice: the first roll and its follow-ups."""

    first: Roll
    """The check as first rolled."""
    follow_ups: tuple[Roll, ...]
    """The follow-up rolls (fumbles excluded), in order."""
    depth: int
    """The largest number of follow-ups allowed."""

    @property
    def total(self) -> int:
        """The first result plus every successful follow-up's result."""
        return (self.first.result or 0) + sum(
            r.result or 0 for r in self.follow_ups if r.success
        )

    def explanation(self) -> Explanation:
        """The first roll, each follow-up and the total, in English and German."""
        base = self.first.explanation()
        if not self.follow_ups:
            return base
        text = base
        for i, r in enumerate(self.follow_ups, start=1):
            text = CATALOG.text(
                "ds4-slayers.slaying.die", before=text, n=i, check=r.explanation()
            )
        last = self.follow_ups[-1]
        if last.is_coup and len(self.follow_ups) == self.depth:
            text = CATALOG.text(
                "ds4-slayers.slaying.depth_limit", before=text, depth=self.depth
            )
        return CATALOG.text("ds4-slayers.slaying.total", before=text, total=self.total)


def roll_slaying(
    pw: int,
    rng: Rng,
    *,
    depth: int = DEFAULT_DEPTH,
    assignment: tuple[int, ...] | None = None,
    role: str = "check",
) -> tuple[SlayingRoll, tuple[DieRoll, ...]]:
    """Roll a check with slaying dice (DS4-R36).

    >>> from rollwerk import ScriptedRng
    >>> roll, _ = roll_slaying(14, ScriptedRng([1, 1, 8]))
    >>> roll.total
    36
    """
    _check_depth(depth)
    first, rolls = roll_check(pw, rng, assignment=assignment, role=role)
    follow: list[Roll] = []
    current = first
    while current.is_coup and len(follow) < depth:
        current, more = roll_check(
            pw, rng, fumbles_excluded=True, role=f"{role} slaying die"
        )
        follow.append(current)
        rolls = rolls + more
    return SlayingRoll(first, tuple(follow), depth), rolls


@lru_cache(maxsize=1024)
def slaying_weights(
    pw: int, depth: int = DEFAULT_DEPTH, assignment: tuple[int, ...] | None = None
) -> tuple[tuple[tuple[Degree, int], int], ...]:
    """Exact weights of (degree of the first roll, total) over ``20**(k·(depth+1))``.

    Backwards over the follow-ups: ``X_depth = F``, ``X_d = F_plain +
    F_coup · X_(d+1)`` as generating functions, where ``F`` is a follow-up
    roll (fumbles excluded) split by whether it is a coup; then the coup
    part of the first roll is multiplied by ``X_1``. Polynomials are
    multiplied as big integers.

    >>> from fractions import Fraction
    >>> w = dict(slaying_weights(14, 1))
    >>> Fraction(w[(Degree.CRITICAL_SUCCESS, 28)], 20**2)  # 1 then 1, or 1 then 14
    Fraction(1, 200)
    """
    _check_depth(depth)
    k = len(sub_checks(pw))
    bits = (20 ** (k * (depth + 1))).bit_length() + 1
    if assignment is None:
        base = check_weights(pw)
    else:
        base = fixed_assignment_weights(pw, assignment)
    follow = check_weights(pw, fumbles_excluded=True)
    plain: dict[int, int] = {}
    coup: dict[int, int] = {}
    for (degree, value), w in follow:
        target = coup if degree is Degree.CRITICAL_SUCCESS else plain
        target[value] = target.get(value, 0) + w
    f_plain = _encode(plain, bits)
    f_coup = _encode(coup, bits)
    chain = f_plain + f_coup  # X_depth: a coup here rolls no further die
    for levels in range(1, depth):
        # X_d over 20**(k·(levels+1)): a plain follow-up ends the chain
        chain = f_plain * 20 ** (k * levels) + f_coup * chain
    scale = 20 ** (k * depth)
    out: dict[tuple[Degree, int], int] = {}
    first_coup: dict[int, int] = {}
    for (degree, value), w in base:
        if degree is Degree.CRITICAL_SUCCESS and depth > 0:
            first_coup[value] = first_coup.get(value, 0) + w
        else:
            out[(degree, value)] = out.get((degree, value), 0) + w * scale
    if first_coup:
        for total, w in _decode(_encode(first_coup, bits) * chain, bits).items():
            out[(Degree.CRITICAL_SUCCESS, total)] = w
    return tuple(sorted(out.items(), key=lambda kv: (kv[0][0].rank, kv[0][1])))


def _to_outcomes(
    weights: tuple[tuple[tuple[Degree, int], int], ...],
) -> Distribution[Outcome]:
    return Distribution.from_weights(
        {Outcome(deg.rank >= 2, deg, value): w for (deg, value), w in weights}
    )


def _plain(pw: int, need_result: bool) -> bool:
    """A pass/fail check above 20 has no result to add to: no slaying dice."""
    return not need_result and len(sub_checks(pw)) > 1


def _dice(
    pw: int, need_result: bool, rest_die: int, slaying_depth: int
) -> list[tuple[int, str]]:
    """The first roll's d20, then room for every follow-up's (drawn on coups)."""
    _check_depth(slaying_depth)
    check(pw, need_result, rest_die)  # validates what the declared ranges miss
    if _plain(pw, need_result):
        return [(20, "check")]
    k = len(sub_checks(pw))
    return [(20, "check")] * k + [(20, "check slaying die")] * (k * slaying_depth)


def _stop(faces: tuple[int, ...], pw: int, slaying_depth: int) -> bool:
    """After each roll: the chain ends on a roll that is no coup, or at the depth."""
    k = len(sub_checks(pw))
    n = len(faces)
    if n % k:
        return False
    return faces[n - k] != 1 or n // k > slaying_depth


def _read(
    faces: tuple[int, ...],
    pw: int,
    need_result: bool,
    rest_die: int,
    slaying_depth: int,
) -> SlayingRoll:
    k = 1 if _plain(pw, need_result) else len(sub_checks(pw))
    first = read_check(
        pw,
        faces[:k],
        need_result=need_result,
        assignment=rest_die_assignment(pw, rest_die),
    )
    follow = tuple(
        read_check(pw, faces[i : i + k], fumbles_excluded=True)
        for i in range(k, len(faces), k)
    )
    return SlayingRoll(first, follow, slaying_depth)


def _judge(
    faces: tuple[int, ...],
    pw: int,
    need_result: bool,
    rest_die: int,
    slaying_depth: int,
) -> Outcome:
    roll = _read(faces, pw, need_result, rest_die, slaying_depth)
    value = roll.first.result if _plain(pw, need_result) else roll.total
    return Outcome(roll.first.success, roll.first.degree, value)


def _explain(
    faces: tuple[int, ...],
    outcome: Outcome,
    *,
    pw: int,
    need_result: bool,
    rest_die: int,
    slaying_depth: int,
) -> Explanation:
    return _read(faces, pw, need_result, rest_die, slaying_depth).explanation()


def _odds(
    pw: int, need_result: bool, rest_die: int, slaying_depth: int
) -> Distribution[Outcome]:
    if _plain(pw, need_result):
        return check(pw, need_result, rest_die).outcomes()
    assignment = rest_die_assignment(pw, rest_die)
    return _to_outcomes(slaying_weights(pw, slaying_depth, assignment))


DEPTH = Parameter(
    "slaying_depth",
    int,
    help="slaying dice: the largest number of follow-up rolls (0 for a check that is neither an attack nor Abwehr)",
    default=DEFAULT_DEPTH,
    min_value=0,
    max_value=MAX_DEPTH,
)
"""The parameter ``slaying_depth`` the slaying-dice rule adds to ``check`` and ``attack``."""

SLAYING_CHECK: CheckDefinition = define_check(
    "check",
    [*CHECK.parameters, DEPTH],
    dice=_dice,
    judge=_judge,
    stop=_stop,
    odds=_odds,
    explain=_explain,
    help=f"{CHECK.help} (slaying dice on coups)",
)
"""The DS4 ``check`` with slaying dice (DS4-R36), declared to the toolkit.

A coup adds follow-up results (fumbles excluded, DS4-A10) up to
``slaying_depth`` follow-ups; the outcome's value is the total, its degree
that of the first roll. A pass/fail check above 20 (``need_result=False``)
has no result to add to and rolls no slaying dice. The follow-up dice are
drawn only after a coup (the toolkit's stop rule); exact odds come from the
closed form [`slaying_weights`][rollwerk_ds4_slayers.slaying_weights].
"""


def slaying_check(
    pw: int,
    need_result: bool = True,
    rest_die: int = 0,
    slaying_depth: int = DEFAULT_DEPTH,
) -> FaceCheck:
    """A DS4 check with slaying dice (see [`SLAYING_CHECK`][rollwerk_ds4_slayers.SLAYING_CHECK]).

    ``pw``, ``need_result`` and ``rest_die`` are those of
    [`check`][rollwerk_ds4.check] (the first roll only).

    >>> from rollwerk import ScriptedRng
    >>> slaying_check(14).resolve(ScriptedRng([1, 1, 8])).value
    36
    >>> from fractions import Fraction
    >>> mean = slaying_check(14, slaying_depth=2).outcomes().map(lambda o: o.value).mean()
    >>> mean == Fraction(59, 10) * (1 + Fraction(1, 20) + Fraction(1, 400))
    True

    Raises:
        ParameterError: A value [`check`][rollwerk_ds4.check] refuses, or a
            depth outside 0 to ``MAX_DEPTH``.
    """
    _check_depth(slaying_depth)
    check(pw, need_result, rest_die)
    params = {
        "pw": pw,
        "need_result": need_result,
        "rest_die": rest_die,
        "slaying_depth": slaying_depth,
    }
    return FaceCheck(SLAYING_CHECK, "ds4", params, DS4)


@lru_cache(maxsize=512)
def _attack_weights(
    attack: int, defense_pw: int, undefendable: bool, helpless: bool, depth: int
) -> tuple[tuple[tuple[Degree, int], int], ...]:
    factor = 2 if helpless else 1
    att = slaying_weights(attack, depth)
    if undefendable:
        return tuple(((deg, factor * v), w) for (deg, v), w in att)
    red: dict[int, int] = {}
    for (deg, v), w in slaying_weights(defense_pw, depth):
        r = v if deg.rank >= 2 else 0
        red[r] = red.get(r, 0) + w
    red_total = sum(red.values())
    top = max(red)
    out: dict[tuple[Degree, int], int] = {}
    by_degree: dict[Degree, dict[int, int]] = {}
    for (deg, v), w in att:
        if deg.rank < 2:
            out[(deg, 0)] = out.get((deg, 0), 0) + w * red_total
        else:
            poly = by_degree.setdefault(deg, {})
            poly[factor * v] = poly.get(factor * v, 0) + w
    att_total = sum(w for _, w in att)
    bits = (att_total * red_total).bit_length() + 1
    reversed_red = _encode({top - r: w for r, w in red.items()}, bits)
    for deg, poly in by_degree.items():
        product = _decode(_encode(poly, bits) * reversed_red, bits)
        for exp, w in product.items():
            key = (deg, max(0, exp - top))
            out[key] = out.get(key, 0) + w
    return tuple(sorted(out.items(), key=lambda kv: (kv[0][0].rank, kv[0][1])))


@attrs.frozen
class SlayingAttack:
    """An attack with slaying dice on both the attack and the Abwehr (DS4-R36).

    As DS4's ``attack`` ([`ATTACK`][rollwerk_ds4.ATTACK]), but the attack's coups add
    follow-up attacks to the damage and the Abwehr's coups add further
    Abwehr results to the reduction.

    >>> from rollwerk import ScriptedRng
    >>> SlayingAttack(attack=14, defense=10).resolve(ScriptedRng([1, 17, 4])).value
    10
    """

    attack: int
    """The attack's check value."""
    defense: int
    """The target's Abwehr."""
    defense_reduction: int = 0
    """The weapon's GA."""
    undefendable: bool = False
    """No Abwehr check."""
    helpless: bool = False
    """Double damage against a bound or sleeping target (Abwehr without PA)."""
    slaying_depth: int = DEFAULT_DEPTH
    """The largest number of follow-up rolls, per check."""

    def __attrs_post_init__(self) -> None:
        _check_depth(self.slaying_depth)
        attack(  # validates the attack parameters
            self.attack,
            self.defense,
            self.defense_reduction,
            self.undefendable,
            self.helpless,
        )

    @property
    def defense_pw(self) -> int:
        """The Abwehr check value after GA."""
        return self.defense - self.defense_reduction

    @property
    def ruleset(self) -> str:
        """``"ds4"``."""
        return "ds4"

    @property
    def name(self) -> str:
        """``"attack"``."""
        return "attack"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The attack's parameters and ``slaying_depth``."""
        return {
            "attack": self.attack,
            "defense": self.defense,
            "defense_reduction": self.defense_reduction,
            "undefendable": self.undefendable,
            "helpless": self.helpless,
            "slaying_depth": self.slaying_depth,
        }

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the attack (with slaying dice) and, on a hit, the Abwehr."""
        att, rolls = roll_slaying(
            self.attack, rng, depth=self.slaying_depth, role="attack"
        )
        text = DS4.text("ds4.attack.roll", check=att.explanation())
        value = 0
        if att.first.success:
            raw = att.total
            doubled = 2 * raw if self.helpless else raw
            if self.helpless:
                text = DS4.text("ds4.attack.helpless", before=text, damage=doubled)
            if self.undefendable:
                value = damage(raw, 0, helpless=self.helpless)
                text = DS4.text("ds4.attack.undefendable", before=text, damage=value)
            else:
                dfn, more = roll_slaying(
                    self.defense_pw, rng, depth=self.slaying_depth, role="defense"
                )
                rolls = rolls + more
                ok = dfn.first.success
                value = damage(
                    raw, dfn.total, defense_success=ok, helpless=self.helpless
                )
                if self.defense_reduction:
                    text = DS4.text(
                        "ds4.attack.defense_reduced",
                        before=text,
                        defense=self.defense,
                        reduction=self.defense_reduction,
                        check=dfn.explanation(),
                    )
                else:
                    text = DS4.text(
                        "ds4.attack.defense", before=text, check=dfn.explanation()
                    )
                if ok:
                    red = dfn.total
                    clamped = doubled - red < 0
                    text = DS4.text(
                        "ds4.attack.damage_clamped" if clamped else "ds4.attack.damage",
                        before=text,
                        raw=doubled,
                        reduction=red,
                        damage=value,
                    )
                else:
                    text = DS4.text(
                        "ds4.attack.defense_failed", before=text, damage=value
                    )
        else:
            text = DS4.text("ds4.attack.no_damage", before=text)
        return CheckResult(
            success=att.first.success,
            degree=att.first.degree,
            value=value,
            rolls=rolls,
            explanation=text,
            ruleset="ds4",
            check=self.name,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution of (hit, degree, damage)."""
        return _to_outcomes(
            _attack_weights(
                self.attack,
                self.defense_pw,
                self.undefendable,
                self.helpless,
                self.slaying_depth,
            )
        )
