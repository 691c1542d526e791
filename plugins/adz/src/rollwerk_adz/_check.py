"""The AdZ check: a d6 success pool against a threshold (ADZ-R03 to R09, R11)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

import attrs

from rollwerk import (
    CheckResult,
    Degree,
    Distribution,
    LimitExceeded,
    Modifier,
    Outcome,
    ParameterError,
    Rng,
    RulesError,
    ScriptedRng,
)
from rollwerk.checks import Explanation, Scalar, enum_parameter
from rollwerk.dice import DieRoll
from rollwerk_adz._catalog import CATALOG, count
from rollwerk_adz._luck import LuckPolicy, LuckPool
from rollwerk_adz._pool import (
    MAX_DICE,
    SIDES,
    CheckKind,
    count_successes,
    success_weights,
    supporting_dice,
)

__all__ = ["RULESET_ID", "AdzCheck"]

RULESET_ID = "adz"
"""The id of the AdZ ruleset."""

POOL_KINDS = ("dice", "circumstance", "injury", "concentration", "reaction")
"""Modifier kinds that add dice to (or remove dice from) the pool."""
THRESHOLD_KINDS = ("minimum",)
"""Modifier kinds that raise (or lower) the threshold."""


def _int(
    name: str, value: object, low: int | None = None, high: int | None = None
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, "an integer")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            allowed = f"an integer from {low} to {high}"
        elif low is not None:
            allowed = f"an integer >= {low}"
        else:
            allowed = f"an integer <= {high}"
        raise ParameterError(name, value, allowed)
    return value


def _kind(value: CheckKind | str) -> CheckKind:
    return enum_parameter(CheckKind, "kind", value)


def _policy(value: LuckPolicy | str) -> LuckPolicy:
    return enum_parameter(LuckPolicy, "luck_policy", value)


def _supporters(value: object) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) if value else ()
    if not isinstance(value, (tuple, list)):
        raise ParameterError("supporters", value, "a sequence of points from 0 to 10")
    out = []
    for points in value:
        supporting_dice(points)  # validates 0..10
        out.append(points)
    return tuple(out)


def _dice(value: object) -> int:
    return _int("dice", value, 0, MAX_DICE)


def _minimum(value: object) -> int:
    return _int("minimum", value, 1)


def _modifier(value: object) -> int:
    return _int("modifier", value, -MAX_DICE, MAX_DICE)


def _luck(value: object) -> int:
    return _int("luck", value, 0, MAX_DICE)


def _modifiers(value: Iterable[Modifier]) -> tuple[Modifier, ...]:
    return tuple(value)


@attrs.frozen
class AdzCheck:
    """An AdZ check (*Probe*): roll a pool of d6, count 5s and 6s.

    The final pool is ``dice`` + supporting dice (``ceil(points / 3)`` per
    supporter, skill and spell checks only) + ``modifier`` + the dice
    modifiers; the check succeeds when the successes reach the threshold
    (``minimum`` + threshold modifiers). A threshold above the pool is
    impossible and not rolled, unless ``allow_impossible``: then every die
    must succeed. A luck pool ``luck`` spent by ``luck_policy`` adds that many
    dice after the roll (ADZ-R11, A26).

    >>> from rollwerk import ScriptedRng
    >>> check = AdzCheck(dice=4, minimum=2)
    >>> result = check.resolve(ScriptedRng([5, 6, 1, 3]))
    >>> result.success, result.value
    (True, 2)
    >>> result.explain("de")
    '4 Würfel [5, 6, 1, 3]: 2 Erfolge bei Mindestwurf 2: gelungen'
    >>> check.chance()
    Fraction(11, 27)
    """

    dice: int = attrs.field(converter=_dice)
    """The base pool: the points of the properties used (ADZ-R04)."""
    minimum: int = attrs.field(default=1, converter=_minimum)
    """The threshold (*Mindestwurf*) before threshold modifiers, at least 1."""
    kind: CheckKind = attrs.field(default=CheckKind.SKILL, converter=_kind)
    """Skill, spell or attribute check; attribute checks take no supporters."""
    supporters: tuple[int, ...] = attrs.field(default=(), converter=_supporters)
    """Points of each supporting skill or domain the GM accepts (ADZ-R09, A05)."""
    modifier: int = attrs.field(default=0, converter=_modifier)
    """The circumstance modifier in dice (*Würfelbonus / Würfelmalus*, ADZ-R05)."""
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifiers)
    """Further modifiers: kinds ``dice``, ``circumstance``, ``injury``,
    ``concentration``, ``reaction`` change the pool, ``minimum`` the threshold."""
    allow_impossible: bool = attrs.field(default=False)
    """Whether the GM allows a roll when the threshold exceeds the pool (ADZ-R08)."""
    luck: int = attrs.field(default=0, converter=_luck)
    """The luck pool available to this check (ADZ-R11)."""
    luck_policy: LuckPolicy = attrs.field(default=LuckPolicy.NEVER, converter=_policy)
    """When the luck pool is spent, so that exact odds can include it."""
    _single: bool = attrs.field(default=False, init=False, repr=False, eq=False)
    """Whether the check rolls exactly one die and never spends luck."""
    _memo: dict[int, CheckResult] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """For a single-die check, the result of each face: a check is a frozen
    value, so each result is built once and then reused (fast resolving)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.allow_impossible, bool):
            raise ParameterError(
                "allow_impossible", self.allow_impossible, "true or false"
            )
        for mod in self.modifiers:
            if not isinstance(mod, Modifier):
                raise ParameterError("modifiers", mod, "Modifier objects")
            if mod.kind not in POOL_KINDS + THRESHOLD_KINDS:
                allowed = "one of " + ", ".join(
                    repr(k) for k in POOL_KINDS + THRESHOLD_KINDS
                )
                raise ParameterError(
                    f"kind of modifier {mod.source!r}", mod.kind, allowed
                )
        if self.supporters and self.kind is CheckKind.ATTRIBUTE:
            raise RulesError(
                "supporters must be empty for an attribute check (ADZ-R09: only "
                f"skill and spell checks receive supporting dice), got {list(self.supporters)}"
            )
        if self.threshold < 1:
            raise ParameterError(
                "threshold after modifiers", self.threshold, "at least 1"
            )
        if self.pool > MAX_DICE:
            raise LimitExceeded("dice count", self.pool, MAX_DICE)
        single = self.possible and self.pool == 1 and not self._spends(False)
        object.__setattr__(self, "_single", single)

    # -- the Check protocol ---------------------------------------------------

    @property
    def ruleset(self) -> str:
        """The id of the AdZ ruleset, ``"adz"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """The check's name, ``"check"``."""
        return "check"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The parameters as declared by the ruleset's ``check``."""
        params: dict[str, Scalar] = {
            "dice": self.dice,
            "minimum": self.minimum,
            "kind": self.kind.value,
            "support": self.supporters[0] if len(self.supporters) == 1 else 0,
            "modifier": self.modifier,
            "allow_impossible": self.allow_impossible,
            "luck": self.luck,
            "luck_policy": self.luck_policy.value,
        }
        if len(self.supporters) > 1:
            params["supporters"] = ",".join(str(p) for p in self.supporters)
        if self.modifiers:
            params["extra_dice"] = self.pool_modifier
            params["extra_minimum"] = self.threshold - self.minimum
        return params

    # -- derived values -------------------------------------------------------

    @property
    def supporting_dice(self) -> int:
        """The bonus dice from all supporters, ``Σ ceil(points / 3)``."""
        return sum(supporting_dice(p) for p in self.supporters)

    @property
    def pool_modifier(self) -> int:
        """The sum of the pool modifiers in ``modifiers``."""
        return sum(m.amount for m in self.modifiers if m.kind in POOL_KINDS)

    @property
    def pool(self) -> int:
        """The final pool: base + supporting dice + all dice modifiers (ADZ-R05).

        It may be zero or negative; such a pool rolls nothing (ADZ-A02).
        """
        return self.dice + self.supporting_dice + self.modifier + self.pool_modifier

    @property
    def threshold(self) -> int:
        """The final threshold: ``minimum`` + threshold modifiers (ADZ-R06)."""
        return self.minimum + sum(
            m.amount for m in self.modifiers if m.kind in THRESHOLD_KINDS
        )

    @property
    def possible(self) -> bool:
        """Whether the check is rolled at all (ADZ-R08)."""
        return self.threshold <= self.pool or self.allow_impossible

    def _spends(self, initial_success: bool) -> bool:
        if self.luck <= 0 or self.luck_policy is LuckPolicy.NEVER:
            return False
        return self.luck_policy is LuckPolicy.ALWAYS or not initial_success

    def _succeeds(self, succ: int, total_dice: int) -> bool:
        # ADZ-R07, R08, A04, A26: successes >= min(threshold, dice rolled).
        return total_dice >= 1 and succ >= min(self.threshold, total_dice)

    def _outcome(self, succ: int, total_dice: int, luck_dice: int) -> Outcome:
        success = self._succeeds(succ, total_dice)
        return Outcome(
            success,
            Degree.SUCCESS if success else Degree.FAILURE,
            succ,
            rolled=total_dice > 0,
            extras=self._extras(success, succ, luck_dice),
        )

    def _extras(self, success: bool, succ: int, luck_dice: int) -> dict[str, Scalar]:
        extras: dict[str, Scalar] = {}
        if luck_dice:
            extras["luck_dice"] = luck_dice
        if self.kind is CheckKind.SPELL:
            extras["surplus"] = max(0, succ - self.threshold) if success else 0
        return extras

    # -- resolution -----------------------------------------------------------

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the check with ``rng`` (and the luck pool, by ``luck_policy``)."""
        if self._single:
            face = rng.roll(SIDES)
            result = self._memo.get(face)
            if result is None:
                result = self._memo[face] = self._resolve(ScriptedRng([face]))
            return result
        return self._resolve(rng)

    def _resolve(self, rng: Rng) -> CheckResult:
        n, t = max(self.pool, 0), self.threshold
        if not self.possible:
            return self._impossible()
        faces = [rng.roll(SIDES) for _ in range(n)]
        rolls = [DieRoll(SIDES, f, "check") for f in faces]
        succ = count_successes(faces)
        luck_faces: list[int] = []
        if self._spends(self._succeeds(succ, n)):
            luck_faces = [rng.roll(SIDES) for _ in range(self.luck)]
            rolls += [DieRoll(SIDES, f, "luck") for f in luck_faces]
            succ += count_successes(luck_faces)
        total = n + len(luck_faces)
        outcome = self._outcome(succ, total, len(luck_faces))
        return CheckResult(
            success=outcome.success,
            degree=outcome.degree,
            value=succ,
            rolls=tuple(rolls),
            explanation=self._explain(faces, luck_faces, succ, t, outcome.success),
            rolled=outcome.rolled,
            extras=outcome.extras,
            ruleset=RULESET_ID,
            check=self.name,
        )

    def _impossible(self) -> CheckResult:
        n, t = self.pool, self.threshold
        return CheckResult(
            success=False,
            degree=Degree.FAILURE,
            value=0,
            rolls=(),
            explanation=CATALOG.text(
                "adz.check.impossible", t=t, n=n, dice=count("dice", n)
            ),
            rolled=False,
            extras={"impossible": True},
            ruleset=RULESET_ID,
            check=self.name,
        )

    def _explain(
        self, faces: list[int], luck_faces: list[int], succ: int, t: int, success: bool
    ) -> Explanation:
        n = len(faces)
        text = CATALOG.text("adz.check.dice", dice=count("dice", n), faces=str(faces))
        if self.pool < 0:
            # ADZ-A02: a negative pool rolls nothing; say so, never hide it.
            text = CATALOG.text("adz.check.negative_pool", pool=self.pool)
        if luck_faces:
            text = CATALOG.text(
                "adz.check.luck", pool=text, n=len(luck_faces), faces=str(luck_faces)
            )
        if t > n + len(luck_faces):
            text = CATALOG.text("adz.check.every_die", pool=text, t=t)
        verdict = "success" if success else "failure"
        return CATALOG.text(
            "adz.check.result",
            pool=text,
            successes=count("successes", succ),
            t=t,
            verdict=CATALOG.text(f"adz.verdict.{verdict}"),
        )

    def spend_luck(
        self, result: CheckResult, luck: LuckPool, rng: Rng
    ) -> tuple[CheckResult, LuckPool]:
        """Spend ``luck`` on a result of this check after seeing its dice (ADZ-R11).

        Rolls as many extra dice as the pool holds, adds their successes and
        returns the new result with the pool lowered by one. Luck cannot be
        spent on a check that was not rolled, nor twice on one check (ADZ-A08).

        >>> from rollwerk import ScriptedRng
        >>> check = AdzCheck(dice=2, minimum=3, allow_impossible=True)
        >>> first = check.resolve(ScriptedRng([5, 2]))
        >>> better, pool = check.spend_luck(first, LuckPool(2), ScriptedRng([6, 5]))
        >>> better.success, better.value, pool.value
        (True, 3, 1)
        """
        if result.extra("impossible"):
            raise RulesError(
                "luck must be spent on a rolled check, got an impossible one"
            )
        if result.extra("trivial"):
            raise RulesError(
                "luck must be spent on a rolled check, got a trivial spell that was "
                "not rolled (ADZ-R11, R35: ask to roll instead)"
            )
        if result.extra("luck_dice"):
            raise RulesError("luck must be spent at most once per check (ADZ-A08)")
        dice, new_pool = luck.spend()
        faces = [r.face for r in result.rolls if r.role == "check"]
        luck_faces = [rng.roll(SIDES) for _ in range(dice)]
        succ = count_successes(faces) + count_successes(luck_faces)
        outcome = self._outcome(succ, len(faces) + dice, dice)
        new = CheckResult(
            success=outcome.success,
            degree=outcome.degree,
            value=succ,
            rolls=result.rolls + tuple(DieRoll(SIDES, f, "luck") for f in luck_faces),
            explanation=self._explain(
                faces, luck_faces, succ, self.threshold, outcome.success
            ),
            rolled=True,
            extras=outcome.extras,
            ruleset=RULESET_ID,
            check=self.name,
        )
        return new, new_pool

    # -- exact odds -----------------------------------------------------------

    def outcomes(self) -> Distribution[Outcome]:
        """The exact outcome distribution, by the binomial closed form.

        Work grows with ``pool * luck``, never with ``6**pool``.
        """
        if not self.possible:
            return Distribution.constant(self._impossible().outcome())
        n = max(self.pool, 0)
        base = success_weights(n)
        weights: dict[Outcome, int] = {}
        spend_l = self.luck if self.luck_policy is not LuckPolicy.NEVER else 0
        luck_w = success_weights(spend_l) if spend_l else [1]
        scale = 3**spend_l
        for k, w in enumerate(base):
            if self._spends(self._succeeds(k, n)):
                for j, v in enumerate(luck_w):
                    o = self._outcome(k + j, n + spend_l, spend_l)
                    weights[o] = weights.get(o, 0) + w * v
            else:
                o = self._outcome(k, n, 0)
                weights[o] = weights.get(o, 0) + w * scale
        return Distribution.from_weights(weights)

    def chance(self) -> Fraction:
        """The exact chance of success."""
        return self.outcomes().probability(lambda o: o.success)

    def successes(self) -> Distribution[int]:
        """The exact distribution of the number of successes (0 if not rolled)."""
        return self.outcomes().map(lambda o: o.value or 0)
