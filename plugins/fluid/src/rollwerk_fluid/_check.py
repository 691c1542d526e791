"""The Fluid check: one d10 rolled under attribute + trait + modifier.

Rule ids (FL-R…) refer to the Fluid rules specification. The check is
declared with the authoring toolkit: its dice (the check die, and the fate
die only after a natural 1), a pure judge from faces to an outcome and the
explanation; resolving, the per-face memo, the exact odds and the JSON come
from [`FaceCheck`][rollwerk.checks.FaceCheck].
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from typing import Any, cast

import attrs

from rollwerk import (
    Check,
    CheckResult,
    Degree,
    Outcome,
    ParameterError,
    Rng,
    RulesError,
)
from rollwerk.checks import (
    CheckDefinition,
    FaceCheck,
    Monotonic,
    Parameter,
    Scalar,
    define_check,
    enum_parameter,
)
from rollwerk.dice import DieRoll
from rollwerk.i18n import Text
from rollwerk.rng import checked
from rollwerk_fluid._catalog import CATALOG, join

__all__ = [
    "CHECK_PARAMETERS",
    "Die",
    "FluidOutcome",
    "Reward",
    "chance",
    "effective_chance",
    "overflow",
    "repeat",
    "reroll",
]

RULESET_ID = "fluid"
SIDES = 10
"""Fluid rolls ten-sided dice only."""
REPEAT_STEP = 3
"""FL-R12: each free repetition makes the check 3 harder, cumulatively."""
MAX_MODIFIER = 60
"""The GM's ``modifier`` is an integer from −60 to 60 (FL-R02)."""
MAX_REWARDS = 100
"""The rewards (b)–(e) in force add −100 to 100 to a chance (FL-R09)."""
MAX_CHANCE = 20 + 20 + MAX_MODIFIER + MAX_REWARDS
"""The largest chance: attribute 20 + trait 20 + modifier 60 + rewards 100."""
MAX_HANDICAP = MAX_CHANCE - 1
"""The largest self-imposed difficulty that can leave a chance (FL-R09): 199
(184 with the trait cap, whose largest chance is 185)."""
_MAX_REPETITION = -(-MAX_CHANCE // REPEAT_STEP)
"""The most free repetitions: the declared chance is at most 200, which the
67th repetition takes below 0 (FL-R03)."""


class FluidOutcome(enum.Enum):
    """The five kinds of Fluid result (FL-R07).

    A `CRITICAL` counts as a success; `FUMBLE` and `NO_ROLL` count as
    failures. Get it from any rollwerk outcome or result with
    [`of`][rollwerk_fluid.FluidOutcome.of].
    """

    NO_ROLL = "no_roll"
    """The chance was 0 or less: no die was rolled and the check failed."""
    FAILURE = "failure"
    """The die showed more than the chance."""
    SUCCESS = "success"
    """The die showed at most the chance (and was not a 1)."""
    CRITICAL = "critical"
    """A natural 1 followed by a fate roll of 1–5."""
    FUMBLE = "fumble"
    """A natural 1 followed by a fate roll of 6–10: failure with a side effect."""

    @property
    def success(self) -> bool:
        """Whether this kind counts as a success."""
        return self in (FluidOutcome.SUCCESS, FluidOutcome.CRITICAL)

    @classmethod
    def of(cls, outcome: Outcome | CheckResult) -> FluidOutcome:
        """The Fluid kind of a rollwerk outcome or result.

        >>> from rollwerk import Degree, Outcome
        >>> FluidOutcome.of(Outcome(False, Degree.FAILURE, None, rolled=False))
        <FluidOutcome.NO_ROLL: 'no_roll'>
        """
        if not outcome.rolled:
            return cls.NO_ROLL
        return _KIND_OF_DEGREE[outcome.degree]

    @property
    def degree(self) -> Degree:
        """The rollwerk degree this kind is reported as."""
        return _DEGREE_OF_KIND[self]


_DEGREE_OF_KIND = {
    FluidOutcome.NO_ROLL: Degree.FAILURE,
    FluidOutcome.FAILURE: Degree.FAILURE,
    FluidOutcome.SUCCESS: Degree.SUCCESS,
    FluidOutcome.CRITICAL: Degree.CRITICAL_SUCCESS,
    FluidOutcome.FUMBLE: Degree.CRITICAL_FAILURE,
}
_KIND_OF_DEGREE = {
    Degree.FAILURE: FluidOutcome.FAILURE,
    Degree.SUCCESS: FluidOutcome.SUCCESS,
    Degree.CRITICAL_SUCCESS: FluidOutcome.CRITICAL,
    Degree.CRITICAL_FAILURE: FluidOutcome.FUMBLE,
}


class Reward(enum.Enum):
    """The five rewards of a successful self-imposed difficulty (FL-R09).

    Only `QUALITY` changes the check itself; the others create a
    [`RewardEffect`][rollwerk_fluid.RewardEffect] that the next qualifying
    check uses up.
    """

    QUALITY = "quality"
    """(a) +h to the quality of this check, counted before doubling."""
    OWN_CHECK = "own_check"
    """(b) +h to the chance of the player's own next check."""
    OPPONENT_CHECK = "opponent_check"
    """(c) −h to the chance of an opponent's next check."""
    OWN_DEFENCE = "own_defence"
    """(d) in combat: +h to the player's own next defence."""
    OPPONENT_DEFENCE = "opponent_defence"
    """(e) in combat: −h to an opponent's defence against the next attack on it."""


class Die(enum.Enum):
    """Which die a mana reroll replaces (FL-R11)."""

    CHECK = "check"
    """The check die; a fate roll it caused is discarded."""
    FATE = "fate"
    """The fate die (only after a natural 1 on the check die)."""


_QUALITY = Reward.QUALITY.value


def _to_reward(value: Reward | str) -> Reward:
    return enum_parameter(Reward, "reward", value)


def overflow(chance: int) -> int:
    """The quality bonus for a chance above 10: one per point (FL-R05).

    >>> overflow(13), overflow(10), overflow(4)
    (3, 0, 0)
    """
    if isinstance(chance, bool) or not isinstance(chance, int):
        raise ParameterError("chance", chance, "an integer")
    return max(0, chance - SIDES)


def _int_param(
    name: str,
    help: str,
    low: int,
    high: int,
    *,
    default: int | None = None,
    monotonic: Monotonic | None = None,
) -> Parameter:
    if default is None:
        return Parameter(
            name, int, help=help, min_value=low, max_value=high, monotonic=monotonic
        )
    return Parameter(
        name,
        int,
        help=help,
        default=default,
        min_value=low,
        max_value=high,
        monotonic=monotonic,
    )


@functools.lru_cache(maxsize=8)
def check_parameters(trait_max: int = 20) -> tuple[Parameter, ...]:
    """The declared parameters of the ``check`` check.

    Args:
        trait_max: The largest trait level allowed (5 with the optional trait
            cap, FL-R13).

    Returns:
        The parameters in CLI order.
    """
    inc = Monotonic.INCREASING
    dec = Monotonic.DECREASING
    return (
        _int_param(
            "attribute",
            "attribute value (Attribut), usually 1-5",
            0,
            20,
            monotonic=inc,
        ),
        _int_param(
            "trait",
            "fitting trait level (Merkmal); 0 if none fits",
            0,
            trait_max,
            default=0,
            monotonic=inc,
        ),
        _int_param(
            "modifier",
            "GM modifier (Modifikator), presets in steps of 3",
            -MAX_MODIFIER,
            MAX_MODIFIER,
            default=0,
            monotonic=inc,
        ),
        _int_param(
            "rewards",
            "rewards (b)-(e) of self-imposed difficulties in force (check_for)",
            -MAX_REWARDS,
            MAX_REWARDS,
            default=0,
            monotonic=inc,
        ),
        _int_param(
            "handicap",
            "self-imposed difficulty h (Selbsterschwernis), below the chance",
            0,
            MAX_HANDICAP - (20 - trait_max),
            default=0,
            monotonic=dec,
        ),
        Parameter(
            "reward",
            str,
            help="reward for a successful self-imposed difficulty",
            default=Reward.QUALITY.value,
            choices=tuple(r.value for r in Reward),
        ),
        _int_param(
            "equipment",
            "equipment bonus to the quality of a success",
            0,
            20,
            default=0,
        ),
        _int_param(
            "repetition",
            "number of the free repetition (-3 each)",
            0,
            _MAX_REPETITION,
            default=0,
            monotonic=dec,
        ),
        Parameter(
            "double_critical",
            bool,
            help="double the quality of a critical (false: the GM grants "
            "another bonus instead)",
            default=True,
        ),
    )


CHECK_PARAMETERS = check_parameters()
"""The parameters of the ``check`` check, in CLI order."""


def _int(params: Mapping[str, Scalar], name: str) -> int:
    return cast("int", params.get(name, 0))


def chance(check: Check) -> int:
    """C = attribute + trait + modifier + rewards − 3 × repetition (FL-R01, FL-R09, FL-R12).

    >>> from rollwerk_fluid import fluid_check
    >>> chance(fluid_check(attribute=3, trait=2, modifier=-6, repetition=1))
    -4

    Raises:
        ParameterError: ``check`` is not a check.
    """
    p = _check_arg(check).parameters
    return (
        _int(p, "attribute")
        + _int(p, "trait")
        + _int(p, "modifier")
        + _int(p, "rewards")
        - REPEAT_STEP * _int(p, "repetition")
    )


def effective_chance(check: Check) -> int:
    """C_eff = C − h, the chance the die is rolled against (FL-R09).

    >>> from rollwerk_fluid import fluid_check
    >>> effective_chance(fluid_check(attribute=5, handicap=4))
    1

    Raises:
        ParameterError: ``check`` is not a check.
    """
    return chance(check) - _int(check.parameters, "handicap")


def _check_arg(value: object) -> Check:
    """``value`` if it is a check (``fluid_check``, ``FLUID``)."""
    if not isinstance(value, Check):
        raise ParameterError("check", value, "a Fluid check (fluid_check, FLUID)")
    return value


@attrs.frozen
class _Roll:
    """The core numbers a single Fluid roll is judged on."""

    chance: int
    """The effective chance C_eff the die is rolled against."""
    bonus: int
    """The self-imposed difficulty counted into the quality (reward (a))."""
    equipment: int
    """The equipment bonus, added after doubling."""
    double: bool
    """Whether a critical doubles the quality."""

    @classmethod
    def of(cls, params: Mapping[str, Scalar], attempt: int = 0) -> _Roll:
        """The numbers of a check's parameters, ``attempt`` repetitions later."""
        handicap = _int(params, "handicap")
        c = (
            _int(params, "attribute")
            + _int(params, "trait")
            + _int(params, "modifier")
            + _int(params, "rewards")
            - REPEAT_STEP * (_int(params, "repetition") + attempt)
            - handicap
        )
        quality = params.get("reward", Reward.QUALITY.value) == Reward.QUALITY.value
        return cls(
            c,
            handicap if quality else 0,
            _int(params, "equipment"),
            bool(params.get("double_critical", True)),
        )

    def base(self, die: int) -> int:
        """Die + overflow + reward (a): the quality before doubling."""
        return die + overflow(self.chance) + self.bonus

    def kind(self, faces: Sequence[int]) -> FluidOutcome:
        """Classify the faces drawn: none, a check die, or a 1 and the fate die."""
        if not faces:
            return FluidOutcome.NO_ROLL
        if faces[0] == 1:
            return FluidOutcome.CRITICAL if faces[1] <= 5 else FluidOutcome.FUMBLE
        return FluidOutcome.SUCCESS if faces[0] <= self.chance else FluidOutcome.FAILURE

    def quality(self, kind: FluidOutcome, die: int) -> int | None:
        """The quality of success of a kind, or ``None`` for failures."""
        if kind is FluidOutcome.SUCCESS:
            return self.base(die) + self.equipment
        if kind is FluidOutcome.CRITICAL:
            factor = 2 if self.double else 1
            return factor * self.base(1) + self.equipment
        return None

    def outcome(self, kind: FluidOutcome, die: int, **extras: Scalar) -> Outcome:
        """The rollwerk outcome of a kind."""
        return Outcome(
            success=kind.success,
            degree=kind.degree,
            value=self.quality(kind, die),
            rolled=kind is not FluidOutcome.NO_ROLL,
            extras={"side_effect": kind is FluidOutcome.FUMBLE, **extras},
        )


# -- the check, declared ---------------------------------------------------


def _dice(
    attribute: int,
    trait: int,
    modifier: int,
    handicap: int,
    repetition: int,
    *,
    rewards: int = 0,
) -> tuple[tuple[int, str], ...]:
    """The check die and the fate die; none at C_eff ≤ 0 (FL-R03).

    Also refuses a self-imposed difficulty that leaves no chance (FL-R09):
    the declared ranges cannot say that.
    """
    base = attribute + trait + modifier + rewards - REPEAT_STEP * repetition
    if handicap > 0 and base - handicap <= 0:
        allowed = (
            f"an integer from 0 to {base - 1} (the chance is {base}; "
            "the chance after a self-imposed difficulty must stay above 0)"
            if base > 1
            else f"0 (the chance is {base}, too low for a self-imposed difficulty)"
        )
        raise ParameterError("handicap", handicap, allowed)
    if base - handicap <= 0:
        return ()
    return _DICE


_DICE = ((SIDES, Die.CHECK.value), (SIDES, Die.FATE.value))
"""The check die and the fate die, as the toolkit draws them."""


def _settled(faces: tuple[int, ...]) -> bool:
    """Only a natural 1 calls for the fate die (FL-R06)."""
    return faces[0] != 1


def _judge(faces: tuple[int, ...], **params: Scalar) -> Outcome:
    """The outcome of the faces drawn (FL-R03–FL-R08)."""
    get: Any = params.get  # its values' classes are checked below
    attribute = get("attribute", 0)
    trait = get("trait", 0)
    modifier = get("modifier", 0)
    rewards = get("rewards", 0)
    repetition = get("repetition", 0)
    handicap = get("handicap", 0)
    equipment = get("equipment", 0)
    if (
        attribute.__class__ is int
        and trait.__class__ is int
        and modifier.__class__ is int
        and rewards.__class__ is int
        and repetition.__class__ is int
        and handicap.__class__ is int
        and equipment.__class__ is int
    ):
        # what _Roll.of(params), its kind and its outcome give, without the
        # _Roll; the outcome is shared by every check with the same result
        chance = (
            attribute + trait + modifier + rewards - REPEAT_STEP * repetition - handicap
        )
        if not faces:
            return _outcome(FluidOutcome.NO_ROLL, None)
        die = faces[0]
        if die == 1:
            if faces[1] > 5:
                return _outcome(FluidOutcome.FUMBLE, None)
        elif die > chance:
            return _outcome(FluidOutcome.FAILURE, None)
        quality = die + max(0, chance - SIDES)
        if get("reward", _QUALITY) == _QUALITY:
            quality += handicap
        if die == 1:
            factor = 2 if get("double_critical", True) else 1
            return _outcome(FluidOutcome.CRITICAL, factor * quality + equipment)
        return _outcome(FluidOutcome.SUCCESS, quality + equipment)
    core = _Roll.of(params)
    kind = core.kind(faces)
    return core.outcome(kind, faces[0] if faces else 0)


@functools.lru_cache(maxsize=1024)
def _outcome(kind: FluidOutcome, value: int | None) -> Outcome:
    """The outcome ``_Roll.outcome`` gives for a kind and a quality, kept."""
    return Outcome(
        success=kind.success,
        degree=kind.degree,
        value=value,
        rolled=kind is not FluidOutcome.NO_ROLL,
        extras={"side_effect": kind is FluidOutcome.FUMBLE},
    )


def _chance_terms(params: Mapping[str, Scalar]) -> Text:
    terms: list[tuple[str, int]] = [("attribute", _int(params, "attribute"))]
    for name, value in (
        ("trait", _int(params, "trait")),
        ("modifier", _int(params, "modifier")),
        ("rewards", _int(params, "rewards")),
        ("repetition", -REPEAT_STEP * _int(params, "repetition")),
        ("handicap", -_int(params, "handicap")),
    ):
        if value:
            terms.append((name, value))
    name, value = terms[0]
    text = CATALOG.text(
        "fluid.terms.first", name=CATALOG.text(f"fluid.term.{name}"), n=value
    )
    for name, value in terms[1:]:
        text = CATALOG.text(
            "fluid.terms.plus" if value >= 0 else "fluid.terms.minus",
            terms=text,
            name=CATALOG.text(f"fluid.term.{name}"),
            n=abs(value),
        )
    return CATALOG.text("fluid.chance", c=_Roll.of(params).chance, terms=text)


def _quality_terms(core: _Roll, kind: FluidOutcome, die: int) -> Text:
    value = core.quality(kind, die)
    ov = overflow(core.chance)
    base = CATALOG.text("fluid.quality.die", n=die)
    summed = False
    if ov:
        part = CATALOG.text("fluid.quality.overflow", n=ov)
        base, summed = CATALOG.text("fluid.quality.sum", a=base, b=part), True
    if core.bonus:
        part = CATALOG.text("fluid.quality.self_imposed", n=core.bonus)
        base, summed = CATALOG.text("fluid.quality.sum", a=base, b=part), True
    doubled = kind is FluidOutcome.CRITICAL and core.double
    if doubled:
        double = "fluid.quality.double_sum" if summed else "fluid.quality.double"
        base = CATALOG.text(double, base=base)
    if core.equipment:
        base = CATALOG.text("fluid.quality.equipment", base=base, n=core.equipment)
    if summed or doubled or core.equipment:
        base = CATALOG.text("fluid.quality.total", base=base, value=value)
    return CATALOG.text("fluid.quality", base=base)


def _explain(faces: tuple[int, ...], outcome: Outcome, **params: Scalar) -> Text:
    """The explanation of the faces drawn, from the catalog (``fluid.check.*``)."""
    chance = _chance_terms(params)
    core = _Roll.of(params)
    kind = core.kind(faces)
    if kind is FluidOutcome.NO_ROLL:
        return CATALOG.text("fluid.check.no_roll", chance=chance)
    die = faces[0]
    if kind is FluidOutcome.FAILURE:
        return CATALOG.text(
            "fluid.check.failure", chance=chance, die=die, c=core.chance
        )
    if kind is FluidOutcome.SUCCESS:
        quality = _quality_terms(core, kind, die)
        return CATALOG.text(
            "fluid.check.success",
            chance=chance,
            die=die,
            c=core.chance,
            quality=quality,
        )
    if kind is FluidOutcome.CRITICAL:
        quality = _quality_terms(core, kind, 1)
        return CATALOG.text(
            "fluid.check.critical", chance=chance, fate=faces[1], quality=quality
        )
    return CATALOG.text("fluid.check.fumble", chance=chance, fate=faces[1])


@functools.lru_cache(maxsize=8)
def check_definition(trait_max: int = 20) -> CheckDefinition:
    """The ``check`` check: d10 ≤ attribute + trait + modifier (FL-R01–FL-R09).

    Its outcome's value is the quality of success (``None`` on a failure);
    the extra ``side_effect`` marks a fumble.

    Args:
        trait_max: The largest trait level allowed (5 with the optional trait
            cap, FL-R13).
    """
    return define_check(
        "check",
        check_parameters(trait_max),
        dice=_dice,
        judge=_judge,
        explain=_explain,
        stop=_settled,
        help="d10 ≤ attribute + trait + modifier; quality of success",
    )


# -- after the roll ----------------------------------------------------------


def replay(
    check: FaceCheck,
    faces: tuple[int, ...],
    rolls: Sequence[DieRoll],
    *,
    note: Text | None = None,
    extras: Mapping[str, Scalar] | None = None,
    name: str | None = None,
) -> CheckResult:
    """The result of ``faces``, with the whole roll trace and a note before it."""
    result = check.result_for(faces)
    changes: dict[str, Any] = {"rolls": tuple(rolls)}
    if note is not None:
        changes["explanation"] = join([note, result.explanation])
    if extras:
        changes["extras"] = {**dict(result.extras), **extras}
    if name is not None:
        changes["check"] = name
    return attrs.evolve(result, **changes)


def reroll(
    check: FaceCheck,
    result: CheckResult,
    rng: Rng,
    *,
    mana: int,
    die: Die | str = Die.CHECK,
) -> tuple[CheckResult, int]:
    """Spend one mana to roll one die of ``result`` again (FL-R11).

    The new face replaces the old one; rerolling the check die discards
    the fate roll the old die caused (and rolls a new one after a new 1).
    Successful results may be rerolled too (FL-A09). The returned result
    records every die drawn so far, in draw order: replaying the same
    calls with a `ScriptedRng` of those faces gives the same result.

    Args:
        check: The ``check`` check that gave ``result``.
        result: A result of this check (possibly rerolled before).
        rng: Where the new face comes from.
        mana: The mana available; at least 1.
        die: Which die to roll again: ``"check"`` or ``"fate"``.

    Returns:
        The new result and the mana left (``mana - 1``).

    Raises:
        ParameterError: ``check`` is not a Fluid ``check``, ``result`` is not
            a result of it (see below), ``rng`` not an Rng, no mana left, or
            no such die to reroll.
        RulesError: ``result`` was not rolled (chance ≤ 0).

    A result of ``check`` names its ruleset and check, holds only d10 of
    its roles (``check``, ``fate`` and their rerolls), and says what
    ``check`` makes of the dice that stand: its outcome and the
    explanation, which names the chance. A result of another check, or of
    this check with other parameters that show (another chance), is
    refused; nothing is rerolled then.
    """
    _own(check, result)
    if isinstance(mana, bool) or not isinstance(mana, int) or mana < 1:
        raise ParameterError("mana", mana, "an integer >= 1 to pay for a reroll")
    which = _die(die)
    if not isinstance(rng, Rng):
        raise ParameterError("rng", rng, "an Rng (a random number generator)")
    rng = checked(rng)  # a face that breaks the Rng protocol is named so
    if not result.rolled:
        msg = "a check that was not rolled (chance 0 or less) has no die to reroll"
        raise RulesError(msg)
    current_die, current_fate = _current_faces(result.rolls)
    rolls = list(result.rolls)
    if which is Die.FATE:
        if current_fate is None:
            raise ParameterError(
                "die", which.value, "'check' (there is no fate roll to reroll)"
            )
        new_fate = rng.roll(SIDES)
        rolls.append(DieRoll(SIDES, new_fate, "fate reroll"))
        faces: tuple[int, ...] = (current_die, new_fate)
        note = CATALOG.text("fluid.note.fate_rerolled")
    else:
        new_die = rng.roll(SIDES)
        rolls.append(DieRoll(SIDES, new_die, "check reroll"))
        faces = (new_die,)
        if new_die == 1:
            fate = rng.roll(SIDES)
            rolls.append(DieRoll(SIDES, fate, "fate"))
            faces = (new_die, fate)
        note = CATALOG.text("fluid.note.check_rerolled")
    return replay(check, faces, rolls, note=note), mana - 1


def repeat(
    check: FaceCheck, result: CheckResult, *, time_pressure: bool = False
) -> FaceCheck:
    """The free repetition of a failed check, 3 harder each time (FL-R12).

    Args:
        check: The ``check`` check that gave ``result``.
        result: Its failed result.
        time_pressure: Whether there is time pressure; then no free
            repetition is allowed.

    Returns:
        The check with ``repetition`` one higher. Once the reduced chance
        reaches 0 it cannot be rolled (FL-R03).

    Raises:
        ParameterError: ``check`` is not a Fluid ``check`` or ``result``
            not a result of it (as for [`reroll`][rollwerk_fluid.reroll]).
        RulesError: Under time pressure, the check succeeded, it was not
            rolled (chance 0 or less, FL-R03), or the check's self-imposed difficulty would leave the repetition no
            chance (FL-R09: choose a smaller one with ``with_parameters``).
    """
    _own(check, result)
    if time_pressure:
        msg = "a check may be repeated without mana only without time pressure"
        raise RulesError(msg)
    if result.success:
        msg = "only a failed check may be repeated without mana"
        raise RulesError(msg)
    if not result.rolled:
        # FL-R03: no die was rolled; a repetition is a new roll of a check
        # that was rolled and failed, and 3 harder it could not be rolled
        raise RulesError(
            "a check that was not rolled cannot be repeated (FL-R12): at a "
            f"chance of {effective_chance(check)} no die is rolled (FL-R03)"
        )
    repetition = _int(check.parameters, "repetition") + 1
    reduced = chance(check) - REPEAT_STEP
    handicap = _int(check.parameters, "handicap")
    if handicap and reduced - handicap <= 0:
        # FL-R09: the difficulty is chosen before each roll; the one chosen
        # for the check that failed leaves the repetition no chance
        raise RulesError(
            f"repetition {repetition} has a chance of {reduced}, and the "
            f"self-imposed difficulty of {handicap} would leave it none (FL-R09); "
            "repeat with a smaller handicap: "
            f"check.with_parameters(repetition={repetition}, handicap=…)"
        )
    return check.with_parameters(repetition=repetition)


_ROLES = frozenset(f"{die.value}{tail}" for die in Die for tail in ("", " reroll"))
"""The roles of the dice of a ``check`` result and of its rerolls."""


def _own(check: object, result: object) -> None:
    """Refuse a ``result`` that does not come from ``check`` (`ParameterError`).

    It must name the check's ruleset and name, hold only d10 of the check's
    roles, and the dice that stand must give its outcome and explanation
    under ``check`` (the explanation names the chance, so a result of the
    same check with another chance is refused too).
    """
    if not isinstance(check, FaceCheck) or check.definition.judge is not _judge:
        raise ParameterError("check", check, "a Fluid check (fluid_check, FLUID)")
    where = f"{check.ruleset}:{check.name}"
    given = f"a result of the check given ({where})"
    if not isinstance(result, CheckResult):
        raise ParameterError("result", result, given)
    if (result.ruleset, result.check) != (check.ruleset, check.name):
        raise ParameterError("result", f"{result.ruleset}:{result.check}", given)
    for r in result.rolls:
        if r.sides != SIDES or r.role not in _ROLES:
            raise ParameterError(
                "result",
                f"a d{r.sides} ({r.role})",
                f"{given}, whose dice are d10 of the roles "
                + ", ".join(repr(role) for role in sorted(_ROLES)),
            )
    faces = tuple(r.face for r in result.rolls)
    try:
        if result.rolls:
            die, fate = _current_faces(result.rolls)
            faces = (die,) if fate is None else (die, fate)
        want = check.result_for(faces)
    except (ParameterError, RulesError):
        dice = (
            "a check die, then a fate die after a 1"
            if check.dice
            else "no die (its chance is 0 or less)"
        )
        raise ParameterError(
            "result", f"dice {list(faces)}", f"{given}, which rolls {dice}"
        ) from None
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
    for lang in ("en", "de"):
        if not result.explain(lang).endswith(want.explain(lang)):
            raise ParameterError(
                "result",
                result.explain(),
                f"{given}, which explains its dice as {want.explain()!r}",
            )


def _die(die: Die | str) -> Die:
    try:
        return Die(die)
    except ValueError:
        raise ParameterError("die", die, "'check' or 'fate'") from None


def _current_faces(rolls: tuple[DieRoll, ...]) -> tuple[int, int | None]:
    """The check die and fate die that currently stand in a roll trace."""
    die: int | None = None
    fate: int | None = None
    for r in rolls:
        if r.role.startswith(Die.CHECK.value):
            die, fate = r.face, None
        elif r.role.startswith(Die.FATE.value):
            fate = r.face
    if die is None:
        msg = "the result records no check die"
        raise RulesError(msg)
    return die, fate
