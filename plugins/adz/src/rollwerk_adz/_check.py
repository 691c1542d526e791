"""The AdZ check: a d6 success pool against a threshold (ADZ-R03 to R09, R11).

The check is declared with the toolkit ([`define_check`][rollwerk.checks.define_check]):
the dice (the pool, then the luck dice when the policy spends them), a judge
from the faces to an outcome, the binomial closed form for the exact odds
(pools of many d6 are far beyond face enumeration) and the explanation from
the plugin's catalog. [`adz_check`][rollwerk_adz.adz_check] builds one from
Python with several supporters and [`Modifier`][rollwerk.Modifier]s.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import (
    Check,
    CheckResult,
    Degree,
    Distribution,
    LimitExceeded,
    Modifier,
    Outcome,
    ParameterError,
    Rng,
    RulesError,
)
from rollwerk.checks import (
    FaceCheck,
    Monotonic,
    Parameter,
    Scalar,
    define_check,
    enum_parameter,
    pool_dice,
)
from rollwerk.dice import DieRoll
from rollwerk.i18n import Text
from rollwerk.rng import checked
from rollwerk_adz._catalog import CATALOG, count
from rollwerk_adz._luck import LuckPolicy, LuckPool
from rollwerk_adz._pool import (
    MAX_DICE,
    SIDES,
    CheckKind,
    _count,
    success_weights,
    supporting_dice,
)

__all__ = [
    "CHECK",
    "CHECK_PARAMETERS",
    "POOL_MONOTONIC",
    "RULESET_ID",
    "adz_check",
    "chance",
    "pool_of",
    "spend_luck",
    "threshold_of",
]

RULESET_ID = "adz"
"""The id of the AdZ ruleset."""

POOL_KINDS = ("dice", "circumstance", "injury", "concentration", "reaction")
"""Modifier kinds that add dice to (or remove dice from) the pool."""
THRESHOLD_KINDS = ("minimum",)
"""Modifier kinds that raise the threshold, by at least 1 each (ADZ-R06)."""

CHECK_PARAMETERS = (
    Parameter(
        "dice",
        int,
        help="the base pool of d6: points of the properties used (Würfelanzahl)",
        min_value=0,
        max_value=100,
        # Not declared INCREASING: with allow_impossible the literal rule
        # rewards small pools (ADZ-A25); see POOL_MONOTONIC.
    ),
    Parameter(
        "minimum",
        int,
        help="the threshold: successes needed (Mindestwurf)",
        default=1,
        min_value=1,
        max_value=100,
        monotonic=Monotonic.DECREASING,
    ),
    Parameter(
        "kind",
        str,
        help="skill, spell or attribute check (Probenart)",
        default="skill",
        choices=tuple(k.value for k in CheckKind),
    ),
    Parameter(
        "support",
        int,
        help="points of a supporting skill or domain: ceil(points/3) extra dice",
        default=0,
        min_value=0,
        max_value=10,
    ),
    Parameter(
        "modifier",
        int,
        help="circumstance modifier in dice (Umstandsmodifikator)",
        default=0,
        min_value=-20,
        max_value=20,
    ),
    Parameter(
        "allow_impossible",
        bool,
        help="the GM allows a roll above the pool: every die must succeed",
        default=False,
    ),
    Parameter(
        "luck",
        int,
        help="luck pool spent by luck_policy (Glückspool)",
        default=0,
        min_value=0,
        max_value=10,
    ),
    Parameter(
        "luck_policy",
        str,
        help="when to spend the luck pool: never, on_failure or always",
        default="never",
        choices=tuple(p.value for p in LuckPolicy),
    ),
)
"""The declared parameters of the check ``check``.

Only ``minimum`` declares its monotonicity: it holds for every combination of
the other parameters. ``dice``, ``support``, ``modifier`` and ``luck`` raise
the chance of success only without ``allow_impossible`` (ADZ-A25, A26);
`POOL_MONOTONIC` names them for tests that hold ``allow_impossible=False``.
"""

POOL_MONOTONIC: Mapping[str, Monotonic] = {
    "dice": Monotonic.INCREASING,
    "support": Monotonic.INCREASING,
    "modifier": Monotonic.INCREASING,
    "luck": Monotonic.INCREASING,
}
"""Parameters that are monotonic when ``allow_impossible`` is false."""


@attrs.frozen
class _Pool:
    """What a check's parameters make of the pool (validated by `_pool`)."""

    pool: int
    """Base + supporting dice + every dice modifier; may be negative (ADZ-A02)."""
    threshold: int
    """``minimum`` + threshold modifiers, at least 1 (ADZ-R06)."""
    possible: bool
    """Whether the check is rolled at all (ADZ-R08)."""
    luck: int
    """The luck dice the policy may draw: 0 with ``never``, and 0 when the pool
    rolls no die, as luck is spent only on a roll (ADZ-R11, A02, A26)."""
    policy: LuckPolicy
    """When the luck dice are drawn."""
    spell: bool
    """Whether it is a spell check (its outcome names the surplus)."""

    @property
    def rolled(self) -> int:
        """The pool dice rolled: a pool of 0 or less rolls none (ADZ-A02)."""
        return max(self.pool, 0)

    def spends(self, initial_success: bool) -> bool:
        """Whether the luck dice are drawn after the pool gave ``initial_success``."""
        if not self.luck:
            return False
        return self.policy is LuckPolicy.ALWAYS or not initial_success

    def succeeds(self, succ: int, total_dice: int) -> bool:
        """ADZ-R07, R08, A04, A26: successes >= min(threshold, dice rolled)."""
        return total_dice >= 1 and succ >= min(self.threshold, total_dice)

    def outcome(
        self, succ: int, total_dice: int, luck_dice: int, kept: bool = False
    ) -> Outcome:
        """The outcome of ``succ`` successes on ``total_dice`` dice.

        ``kept``: the pool dice succeeded before the luck dice were added.
        Luck improves a result (ADZ-R11: "zur Verbesserung von
        Probenergebnissen"), so a success stays one even where every die
        must succeed and a luck die fails (ADZ-A26).
        """
        success = kept or self.succeeds(succ, total_dice)
        extras: dict[str, Scalar] = {}
        if luck_dice:
            extras["luck_dice"] = luck_dice
        if self.spell:
            extras["surplus"] = max(0, succ - self.threshold) if success else 0
        return Outcome(
            success,
            Degree.SUCCESS if success else Degree.FAILURE,
            succ,
            rolled=total_dice > 0,
            extras=extras,
        )


_IMPOSSIBLE = Outcome(
    False, Degree.FAILURE, 0, rolled=False, extras={"impossible": True}
)


def _get(params: Mapping[str, Scalar], key: str) -> int:
    value = params.get(key, 0)
    assert isinstance(value, int)
    return value


def _supporter_points(params: Mapping[str, Scalar]) -> list[int]:
    support = _get(params, "support")
    many = str(params.get("supporters", ""))
    points = [int(p) for p in many.split(",")] if many else []
    return ([support] if support else []) + points


def _pool(params: Mapping[str, Scalar]) -> _Pool:
    """The pool of a check's parameters; raises for what the rules forbid.

    Cached: the judge, the stop rule (after every die) and the explanation
    of one check all ask for it.
    """
    return _pool_cached(tuple(params.items()))


@functools.lru_cache(maxsize=512)
def _pool_cached(items: tuple[tuple[str, Scalar], ...]) -> _Pool:
    params = dict(items)
    kind = CheckKind(params["kind"])
    supporters = _supporter_points(params)
    if supporters and kind is CheckKind.ATTRIBUTE:
        # named as the check's parameters are (``rollwerk check adz
        # support=3``); adz_check(supporters=(4,)) passes one as support
        given = " ".join(
            f"{key}={params[key]}"
            for key in ("support", "supporters")
            if params.get(key)
        )
        raise RulesError(
            "supporting dice (support, supporters) must be none for an "
            "attribute check (ADZ-R09: only skill and spell checks receive "
            f"them), got {given}"
        )
    threshold = _get(params, "minimum") + _get(params, "extra_minimum")
    if threshold < 1:
        raise ParameterError("threshold after modifiers", threshold, "at least 1")
    pool = (
        _get(params, "dice")
        + sum(supporting_dice(p) for p in supporters)
        + _get(params, "modifier")
        + _get(params, "extra_dice")
    )
    if pool > MAX_DICE:
        raise LimitExceeded("dice count", pool, MAX_DICE)
    policy = LuckPolicy(params["luck_policy"])
    return _Pool(
        pool=pool,
        threshold=threshold,
        possible=threshold <= pool or bool(params["allow_impossible"]),
        # no luck on a pool that rolls no die: nothing was rolled (ADZ-R11, A02)
        luck=0 if policy is LuckPolicy.NEVER or pool <= 0 else _get(params, "luck"),
        policy=policy,
        spell=kind is CheckKind.SPELL,
    )


def _dice(**params: Scalar) -> tuple[tuple[int, str], ...]:
    """The pool dice (role ``check``), then the luck dice (role ``luck``)."""
    p = _pool(params)
    if not p.possible:
        return ()
    return pool_dice(p.rolled, SIDES, "check") + pool_dice(p.luck, SIDES, "luck")


def _stop(faces: tuple[int, ...], **params: Scalar) -> bool:
    """After the pool dice: the luck dice are drawn only if the policy spends them."""
    if not params["luck"] or params["luck_policy"] == LuckPolicy.NEVER.value:
        return False  # no luck dice: every pool die is drawn
    p = _pool(params)
    n = p.rolled
    return len(faces) == n and not p.spends(p.succeeds(_count(faces), n))


def _judge(faces: tuple[int, ...], **params: Scalar) -> Outcome:
    """The successes among the pool (and luck) dice against the threshold."""
    p = _pool(params)
    if not p.possible:
        return _IMPOSSIBLE
    n = p.rolled
    kept = len(faces) > n and p.succeeds(_count(faces[:n]), n)
    return p.outcome(_count(faces), len(faces), len(faces) - n, kept)


def _odds(**params: Scalar) -> Distribution[Outcome]:
    """The binomial closed form: work grows with ``pool * luck``, never ``6**pool``."""
    p = _pool(params)
    if not p.possible:
        return Distribution.constant(_IMPOSSIBLE)
    n = p.rolled
    luck_w = success_weights(p.luck) if p.luck else [1]
    scale = 3**p.luck
    weights: dict[Outcome, int] = {}
    for k, w in enumerate(success_weights(n)):
        kept = p.succeeds(k, n)
        if p.spends(kept):
            for j, v in enumerate(luck_w):
                o = p.outcome(k + j, n + p.luck, p.luck, kept)
                weights[o] = weights.get(o, 0) + w * v
        else:
            o = p.outcome(k, n, 0)
            weights[o] = weights.get(o, 0) + w * scale
    return Distribution.from_weights(weights)


def _text(p: _Pool, faces: Sequence[int], luck_faces: Sequence[int], succ: int) -> Text:
    n = len(faces)
    text = CATALOG.text("adz.check.dice", dice=count("dice", n), faces=str(list(faces)))
    if p.pool < 0:
        # ADZ-A02: a negative pool rolls nothing; say so, never hide it.
        text = CATALOG.text("adz.check.negative_pool", pool=p.pool)
    if luck_faces:
        text = CATALOG.text(
            "adz.check.luck", pool=text, n=len(luck_faces), faces=str(list(luck_faces))
        )
    if p.threshold > n + len(luck_faces):
        text = CATALOG.text("adz.check.every_die", pool=text, t=p.threshold)
    kept = bool(luck_faces) and p.succeeds(_count(faces), n)
    success = kept or p.succeeds(succ, n + len(luck_faces))
    return CATALOG.text(
        "adz.check.result",
        pool=text,
        successes=count("successes", succ),
        t=p.threshold,
        verdict=CATALOG.text(f"adz.verdict.{'success' if success else 'failure'}"),
    )


def _explain(faces: tuple[int, ...], outcome: Outcome, **params: Scalar) -> Text:
    """``4 dice [5, 6, 1, 3]: 2 successes at threshold 2: success``."""
    p = _pool(params)
    if not p.possible:
        return CATALOG.text(
            "adz.check.impossible", t=p.threshold, n=p.pool, dice=count("dice", p.pool)
        )
    n = p.rolled
    return _text(p, faces[:n], faces[n:], outcome.value or 0)


CHECK = define_check(
    "check",
    CHECK_PARAMETERS,
    dice=_dice,
    judge=_judge,
    odds=_odds,
    explain=_explain,
    stop=_stop,
    help="roll dice d6, count 5s and 6s, succeed at minimum successes",
    contest_symmetric=False,
)
"""The AdZ check (*Probe*): roll a pool of d6, count 5s and 6s (ADZ-R03 to R11).

The final pool is ``dice`` + supporting dice (``ceil(points / 3)`` per
supporter, skill and spell checks only) + ``modifier``; the check succeeds
when the successes reach the threshold ``minimum``. A threshold above the
pool is impossible and not rolled, unless ``allow_impossible``: then every
die must succeed. A luck pool ``luck`` spent by ``luck_policy`` adds that
many dice after the roll (ADZ-R11, A26); a pool of 0 or less rolls no die,
so it takes no luck either (ADZ-A02). The exact odds are the binomial
closed form. Build it with [`adz_check`][rollwerk_adz.adz_check] or
[`build_check`][rollwerk.rulesets.build_check] on
[`ADZ`][rollwerk_adz.ADZ].
"""


def _int(name: str, value: object, low: int, high: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not low <= value <= high
    ):
        raise ParameterError(name, value, f"an integer from {low} to {high}")
    return value


def adz_check(
    dice: int,
    minimum: int = 1,
    *,
    kind: CheckKind | str = CheckKind.SKILL,
    supporters: Iterable[int] = (),
    modifier: int = 0,
    modifiers: Iterable[Modifier] = (),
    allow_impossible: bool = False,
    luck: int = 0,
    luck_policy: LuckPolicy | str = LuckPolicy.NEVER,
) -> FaceCheck:
    """An AdZ check (*Probe*) from Python: [`CHECK`][rollwerk_adz.CHECK] with more.

    Beyond the declared parameters it takes several ``supporters`` (points
    of each supporting skill or domain the GM accepts, ADZ-R09, A05) and
    ``modifiers``: kinds ``dice``, ``circumstance``, ``injury``,
    ``concentration`` and ``reaction`` change the pool, ``minimum`` raises
    the threshold (an amount of at least 1: a related instead of the proper
    skill, ADZ-R06). Its parameters then also hold ``supporters`` (``"4,7"``) and
    ``extra_dice`` / ``extra_minimum`` (the sums of the modifiers).

    Its ranges are wider than the declared parameters' (what
    ``build_check`` and the command line take): ``dice`` and ``luck`` go
    from 0 to [`MAX_DICE`][rollwerk_adz.MAX_DICE], ``modifier`` from
    ``-MAX_DICE`` to ``MAX_DICE``, and ``minimum`` is any integer of at
    least 1 (a spell's threshold, ADZ-R26, has no upper bound). A check
    beyond the declared ranges cannot be rebuilt with
    ``build_check(ADZ, "check", **check.parameters)``.

    >>> from rollwerk import ScriptedRng
    >>> check = adz_check(4, minimum=2)
    >>> result = check.resolve(ScriptedRng([5, 6, 1, 3]))
    >>> result.success, result.value
    (True, 2)
    >>> result.explain("de")
    '4 Würfel [5, 6, 1, 3]: 2 Erfolge bei Mindestwurf 2: gelungen'
    >>> chance(check)
    Fraction(11, 27)

    Raises:
        ParameterError: A value outside its range (the message names it).
        RulesError: Supporters on an attribute check (ADZ-R09).
        LimitExceeded: A final pool of more than ``MAX_DICE`` dice.
    """
    points = []
    if isinstance(supporters, int) and not isinstance(supporters, bool):
        supporters = (supporters,) if supporters else ()
    if isinstance(supporters, (str, bytes)) or not isinstance(supporters, Iterable):
        raise ParameterError(
            "supporters", supporters, "a sequence of points from 0 to 10"
        )
    for p in supporters:
        supporting_dice(p)  # validates 0..10
        points.append(p)
    if not isinstance(allow_impossible, bool):
        raise ParameterError("allow_impossible", allow_impossible, "true or false")
    mods = tuple(modifiers)
    for mod in mods:
        if not isinstance(mod, Modifier):
            raise ParameterError("modifiers", mod, "Modifier objects")
        if mod.kind not in POOL_KINDS + THRESHOLD_KINDS:
            allowed = "one of " + ", ".join(
                repr(k) for k in POOL_KINDS + THRESHOLD_KINDS
            )
            raise ParameterError(f"kind of modifier {mod.source!r}", mod.kind, allowed)
        if mod.kind in THRESHOLD_KINDS and mod.amount < 1:
            # ADZ-R06: a related skill raises the threshold by at least 1;
            # a lower threshold is the GM's ``minimum``, not a modifier
            raise ParameterError(
                f"amount of modifier {mod.source!r}",
                mod.amount,
                f"an integer >= 1 for kind {mod.kind!r} (it raises the threshold, "
                "ADZ-R06)",
            )
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 1:
        raise ParameterError("minimum", minimum, "an integer >= 1")
    params: dict[str, Scalar] = {
        "dice": _int("dice", dice, 0, MAX_DICE),
        "minimum": minimum,
        "kind": enum_parameter(CheckKind, "kind", kind).value,
        "support": points[0] if len(points) == 1 else 0,
        "modifier": _int("modifier", modifier, -MAX_DICE, MAX_DICE),
        "allow_impossible": allow_impossible,
        "luck": _int("luck", luck, 0, MAX_DICE),
        "luck_policy": enum_parameter(LuckPolicy, "luck_policy", luck_policy).value,
    }
    if len(points) > 1:
        params["supporters"] = ",".join(str(p) for p in points)
    if mods:
        params["extra_dice"] = sum(m.amount for m in mods if m.kind in POOL_KINDS)
        params["extra_minimum"] = sum(
            m.amount for m in mods if m.kind in THRESHOLD_KINDS
        )
    return FaceCheck(CHECK, RULESET_ID, params)


def _adz(check: Check) -> _Pool:
    if not isinstance(check, FaceCheck) or check.definition.judge is not _judge:
        raise ParameterError("check", check, "an AdZ check (adz_check, ADZ)")
    return _pool(check.parameters)


def pool_of(check: Check) -> int:
    """The final pool of an AdZ check: base + supporting dice + dice modifiers (ADZ-R05).

    It may be zero or negative; such a pool rolls nothing (ADZ-A02).

    >>> pool_of(adz_check(3, supporters=(4, 7), modifier=-1))
    7
    """
    return _adz(check).pool


def threshold_of(check: Check) -> int:
    """The final threshold of an AdZ check: ``minimum`` + threshold modifiers (ADZ-R06).

    >>> threshold_of(adz_check(4, 2, modifiers=[Modifier(1, "dark", "minimum")]))
    3
    """
    return _adz(check).threshold


def chance(check: Check) -> Fraction:
    """The exact chance of success of an AdZ check (the binomial closed form).

    >>> chance(adz_check(2, 3, allow_impossible=True))
    Fraction(1, 9)
    """
    _adz(check)
    return check.outcomes().probability(lambda o: o.success)


def _given(check: FaceCheck, p: _Pool, result: object) -> CheckResult:
    """``result`` if it is a result of ``check``; else a `ParameterError`.

    A result of ``check`` names its ruleset and check, holds d6 of the
    roles ``check`` (as many as the check rolls) and ``luck``, and its
    outcome and explanation are what ``check`` makes of those dice: a
    result of another ruleset, check or parameters (another pool,
    threshold, kind) is refused.
    """
    where = f"{check.ruleset}:{check.name}"
    given = f"a result of the check given ({where})"
    if not isinstance(result, CheckResult):
        raise ParameterError("result", result, given)
    if (result.ruleset, result.check) != (check.ruleset, check.name):
        raise ParameterError("result", f"{result.ruleset}:{result.check}", given)
    if result.extra("trivial") and p.spell and not result.rolls:
        return result  # a waived trivial spell (ADZ-R35): the caller refuses it
    for r in result.rolls:
        if r.sides != SIDES or r.role not in ("check", "luck"):
            raise ParameterError(
                "result",
                f"a d{r.sides} ({r.role})",
                f"{given}, whose dice are d6 of the role 'check' or 'luck'",
            )
    faces = [r.face for r in result.rolls if r.role == "check"]
    luck_faces = [r.face for r in result.rolls if r.role == "luck"]
    if [r.role for r in result.rolls[: len(faces)]] != ["check"] * len(faces):
        raise ParameterError(
            "result", "a luck die before a check die", f"{given}: its luck dice last"
        )
    pool = p.rolled if p.possible else 0
    if len(faces) != pool:
        raise ParameterError(
            "result",
            f"{len(faces)} check dice",
            f"{given}, which rolls {pool} check {'die' if pool == 1 else 'dice'}",
        )
    if not p.possible:
        want, text = _IMPOSSIBLE, _explain((), _IMPOSSIBLE, **check.parameters)
    else:
        succ = _count(faces) + _count(luck_faces)
        total = len(faces) + len(luck_faces)
        kept = bool(luck_faces) and p.succeeds(_count(faces), len(faces))
        want = attrs.evolve(
            p.outcome(succ, total, len(luck_faces), kept), rolled=bool(result.rolls)
        )
        text = _text(p, faces, luck_faces, succ)
    for field in ("success", "degree", "value", "rolled", "extras"):
        got, wanted = getattr(result, field), getattr(want, field)
        if got != wanted:
            if field == "extras":
                got, wanted = dict(got), dict(wanted)
            raise ParameterError(
                "result",
                f"{field} {got!r}",
                f"{given}: its dice give {field} {wanted!r}",
            )
    if result.explanation != text:
        raise ParameterError(
            "result",
            result.explain(),
            f"{given}, which explains its dice as {text()!r}",
        )
    return result


def spend_luck(
    check: Check, result: CheckResult, luck: LuckPool, rng: Rng
) -> tuple[CheckResult, LuckPool]:
    """Spend ``luck`` on a result of ``check`` after seeing its dice (ADZ-R11).

    Rolls as many extra dice as the pool holds, adds their successes and
    returns the new result with the pool lowered by one. Luck cannot be
    spent on a check that was not rolled: an impossible check (ADZ-A26), a
    waived trivial spell (ADZ-R35) or a pool of 0 or less, which rolls no
    die (ADZ-A02; "after rolling a check and seeing the dice", ADZ-R11);
    nor twice on one check (ADZ-A08).

    >>> from rollwerk import ScriptedRng
    >>> check = adz_check(2, 3, allow_impossible=True)
    >>> first = check.resolve(ScriptedRng([5, 2]))
    >>> better, pool = spend_luck(check, first, LuckPool(2), ScriptedRng([6, 5]))
    >>> better.success, better.value, pool.value
    (True, 3, 1)

    Raises:
        ParameterError: ``check`` is not an AdZ check, ``result`` is not a
            result of ``check`` (another ruleset or check, other dice, or
            dice that ``check`` judges otherwise), or ``luck`` is not a
            [`LuckPool`][rollwerk_adz.LuckPool].
        RulesError: ``result`` was not rolled or already holds luck dice,
            or the pool is empty (ADZ-A08).
    """
    p = _adz(check)
    assert isinstance(check, FaceCheck)  # _adz refuses anything else
    result = _given(check, p, result)
    if not isinstance(luck, LuckPool):
        raise ParameterError("luck", luck, "a LuckPool")
    if result.extra("impossible"):
        raise RulesError("luck must be spent on a rolled check, got an impossible one")
    if result.extra("trivial"):
        raise RulesError(
            "luck must be spent on a rolled check, got a trivial spell that was "
            "not rolled (ADZ-R11, R35: ask to roll instead)"
        )
    if not result.rolled:
        raise RulesError(
            "luck must be spent on a rolled check, got one whose pool of "
            f"{p.pool} rolled no die (ADZ-R11, A02)"
        )
    if result.extra("luck_dice"):
        raise RulesError("luck must be spent at most once per check (ADZ-A08)")
    dice, new_pool = luck.spend()
    faces = [r.face for r in result.rolls if r.role == "check"]
    rng = checked(rng)  # a face that breaks the Rng protocol is named so
    luck_faces = [rng.roll(SIDES) for _ in range(dice)]
    succ = _count(faces) + _count(luck_faces)
    kept = p.succeeds(_count(faces), len(faces))
    outcome = p.outcome(succ, len(faces) + dice, dice, kept)
    new = CheckResult(
        success=outcome.success,
        degree=outcome.degree,
        value=succ,
        rolls=result.rolls + tuple(DieRoll(SIDES, f, "luck") for f in luck_faces),
        explanation=_text(p, faces, luck_faces, succ),
        rolled=True,
        extras=outcome.extras,
        ruleset=RULESET_ID,
        check=check.name,
    )
    return new, new_pool
