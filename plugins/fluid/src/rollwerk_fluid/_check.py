"""The Fluid check: one d10 rolled under attribute + trait + modifier.

Rule ids (FL-R…) refer to the Fluid rules specification.

Longer than 500 lines because the check, its fate roll, its exact odds and
its explanations must agree rule by rule; they are kept side by side.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from fractions import Fraction

import attrs

from rollwerk import (
    CheckResult,
    Degree,
    Distribution,
    Outcome,
    ParameterError,
    Rng,
    RulesError,
)
from rollwerk.checks import Explanation, Monotonic, Parameter, Scalar, enum_parameter
from rollwerk.dice import DieRoll
from rollwerk.i18n import Text
from rollwerk_fluid._catalog import CATALOG, join

__all__ = [
    "CHECK_PARAMETERS",
    "Die",
    "FluidCheck",
    "FluidOutcome",
    "Reward",
    "overflow",
]

RULESET_ID = "fluid"
SIDES = 10
"""Fluid rolls ten-sided dice only."""
REPEAT_STEP = 3
"""FL-R12: each free repetition makes the check 3 harder, cumulatively."""


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


def _to_reward(value: Reward | str) -> Reward:
    return enum_parameter(Reward, "reward", value)


def overflow(chance: int) -> int:
    """The quality bonus for a chance above 10: one per point (FL-R05).

    >>> overflow(13), overflow(10), overflow(4)
    (3, 0, 0)
    """
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
            -60,
            60,
            default=0,
            monotonic=inc,
        ),
        _int_param(
            "handicap",
            "self-imposed difficulty h (Selbsterschwernis)",
            0,
            60,
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
            20,
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

    def base(self, die: int) -> int:
        """Die + overflow + reward (a): the quality before doubling."""
        return die + overflow(self.chance) + self.bonus

    def kind(self, die: int, fate: int | None) -> FluidOutcome:
        """Classify a check die (and the fate die after a 1)."""
        if die == 1:
            if fate is None:
                msg = "a natural 1 needs a fate roll"
                raise RulesError(msg)
            return FluidOutcome.CRITICAL if fate <= 5 else FluidOutcome.FUMBLE
        return FluidOutcome.SUCCESS if die <= self.chance else FluidOutcome.FAILURE

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

    def distribution(self) -> dict[tuple[FluidOutcome, int], Fraction]:
        """Exact odds of (kind, quality-determining die) for one roll.

        The check die is enumerated (ten faces) and the fate die is
        summarised by its two halves, so this is a closed form, not an
        enumeration of dice combinations.
        """
        out: dict[tuple[FluidOutcome, int], Fraction] = {}
        tenth = Fraction(1, SIDES)
        for die in range(2, SIDES + 1):
            kind = self.kind(die, None)
            key = (kind, die if kind is FluidOutcome.SUCCESS else 0)
            out[key] = out.get(key, Fraction(0)) + tenth
        out[(FluidOutcome.CRITICAL, 1)] = tenth / 2
        out[(FluidOutcome.FUMBLE, 0)] = tenth / 2
        return out


@attrs.frozen
class FluidCheck:
    """A Fluid check: d10 ≤ attribute + trait + modifier (FL-R01–FL-R09).

    Build it with `rollwerk.build_check(ruleset, "check", …)` or directly;
    both validate the parameters. ``resolve`` rolls it and ``outcomes``
    gives the exact distribution; the outcome's value is the quality of
    success (``None`` on a failure).

    >>> from rollwerk import ScriptedRng
    >>> check = FluidCheck(attribute=3, trait=4)
    >>> result = check.resolve(ScriptedRng([5]))
    >>> result.success, result.value
    (True, 5)
    >>> print(result.explain())
    chance 7 (attribute 3 + trait 4): rolled 5 ≤ 7: success, quality 5
    >>> print(result.explain("de"))
    Erfolgschance 7 (Attribut 3 + Merkmal 4): 5 gewürfelt ≤ 7: Erfolg, Erfolgsqualität 5
    """

    attribute: int
    """The attribute value (FL-R01)."""
    trait: int = 0
    """The level of the fitting trait; 0 when none fits (FL-A10)."""
    modifier: int = 0
    """The GM's modifier (FL-R02); presets are steps of 3."""
    handicap: int = 0
    """The self-imposed difficulty h (FL-R09); 0 for none."""
    reward: Reward = attrs.field(default=Reward.QUALITY, converter=_to_reward)
    """The reward taken if a self-imposed difficulty succeeds (FL-R09)."""
    equipment: int = 0
    """A bonus to the quality of a success, added after doubling (FL-R08)."""
    repetition: int = 0
    """Which free repetition this is (FL-R12): the chance drops by 3 per step."""
    double_critical: bool = True
    """Whether a critical doubles the quality (FL-R06, FL-A04)."""
    trait_max: int = attrs.field(default=20, repr=False)
    """The largest trait allowed (5 under the optional trait cap, FL-R13)."""
    _memo: dict[int, CheckResult | None] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """Results already built: a check is a frozen value, so each result is
    built once and then reused. Key 0 holds the result without a roll (or
    ``None`` if the check is rolled), 1 to 10 the check die, 11 to 20 a
    natural 1 with the fate die."""

    def __attrs_post_init__(self) -> None:
        for p in check_parameters(self.trait_max):
            value = getattr(self, p.name)
            p.validate(value.value if isinstance(value, Reward) else value)
        if self.handicap > 0 and self.effective_chance <= 0:
            base = self.chance
            allowed = (
                f"an integer from 0 to {base - 1} (the chance is {base}; "
                "the chance after a self-imposed difficulty must stay above 0)"
                if base > 1
                else f"0 (the chance is {base}, too low for a self-imposed difficulty)"
            )
            raise ParameterError("handicap", self.handicap, allowed)

    # -- the Check protocol ------------------------------------------------

    @property
    def ruleset(self) -> str:
        """The ruleset id, ``"fluid"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """The check's name, ``"check"``."""
        return "check"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The validated parameters, by name."""
        return {
            "attribute": self.attribute,
            "trait": self.trait,
            "modifier": self.modifier,
            "handicap": self.handicap,
            "reward": self.reward.value,
            "equipment": self.equipment,
            "repetition": self.repetition,
            "double_critical": self.double_critical,
        }

    # -- derived numbers ---------------------------------------------------

    @property
    def chance(self) -> int:
        """C = attribute + trait + modifier − 3 × repetition (FL-R01, FL-R12)."""
        return (
            self.attribute + self.trait + self.modifier - REPEAT_STEP * self.repetition
        )

    @property
    def effective_chance(self) -> int:
        """C_eff = C − h, the chance the die is rolled against (FL-R09)."""
        return self.chance - self.handicap

    @property
    def can_roll(self) -> bool:
        """Whether a die may be rolled at all (FL-R03: not at C_eff ≤ 0)."""
        return self.effective_chance > 0

    @property
    def quality_bonus(self) -> int:
        """h_q: the self-imposed difficulty counted into the quality (reward (a))."""
        return self.handicap if self.reward is Reward.QUALITY else 0

    def _roll(self) -> _Roll:
        return _Roll(
            self.effective_chance,
            self.quality_bonus,
            self.equipment,
            self.double_critical,
        )

    # -- resolving ---------------------------------------------------------

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the check: a d10, and a fate d10 after a natural 1."""
        memo = self._memo
        if not memo:
            memo[0] = None if self.can_roll else self._result(None, None, ())
        no_roll = memo[0]
        if no_roll is not None:
            return no_roll
        die = rng.roll(SIDES)
        key = die
        fate = None
        if die == 1:
            fate = rng.roll(SIDES)
            key = SIDES + fate
        result = memo.get(key)
        if result is None:
            rolls = [DieRoll(SIDES, die, Die.CHECK.value)]
            if fate is not None:
                rolls.append(DieRoll(SIDES, fate, Die.FATE.value))
            result = memo[key] = self._result(die, fate, tuple(rolls))
        return result

    def judge(self, die: int | None, fate: int | None = None) -> CheckResult:
        """The result for given faces, without rolling (worked examples).

        ``die`` is ``None`` exactly when the check cannot be rolled.

        >>> FluidCheck(attribute=7, modifier=6).judge(1, 2).value
        8
        """
        if (die is None) == self.can_roll:
            allowed = "a face from 1 to 10" if self.can_roll else "None (no roll)"
            raise ParameterError("die", die, allowed)
        for label, face in (("die", die), ("fate", fate)):
            if face is not None and not 1 <= face <= SIDES:
                raise ParameterError(label, face, "a face from 1 to 10")
        if (fate is not None) != (die == 1):
            allowed = "a face from 1 to 10" if die == 1 else "None (no natural 1)"
            raise ParameterError("fate", fate, allowed)
        rolls: list[DieRoll] = []
        if die is not None:
            rolls.append(DieRoll(SIDES, die, Die.CHECK.value))
        if fate is not None:
            rolls.append(DieRoll(SIDES, fate, Die.FATE.value))
        return self._result(die, fate, tuple(rolls))

    def _result(
        self,
        die: int | None,
        fate: int | None,
        rolls: tuple[DieRoll, ...],
        *,
        note: Text | None = None,
        extras: Mapping[str, Scalar] | None = None,
        check: str = "check",
    ) -> CheckResult:
        core = self._roll()
        more = dict(extras or {})
        if die is None:
            kind = FluidOutcome.NO_ROLL
            outcome = core.outcome(kind, 0, **more)
        else:
            kind = core.kind(die, fate)
            outcome = core.outcome(kind, die, **more)
        explanation = self._explain(kind, die, fate, outcome.value)
        if note is not None:
            explanation = join([note, explanation])
        return CheckResult(
            success=outcome.success,
            degree=outcome.degree,
            value=outcome.value,
            rolls=rolls,
            explanation=explanation,
            rolled=outcome.rolled,
            extras=outcome.extras,
            ruleset=RULESET_ID,
            check=check,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution of outcomes (FL-R03–FL-R08).

        >>> from fractions import Fraction
        >>> FluidCheck(attribute=3, trait=2).outcomes().probability(
        ...     lambda o: o.success)
        Fraction(9, 20)
        """
        core = self._roll()
        if not self.can_roll:
            return Distribution.constant(core.outcome(FluidOutcome.NO_ROLL, 0))
        probs: dict[Outcome, Fraction] = {}
        for (kind, die), p in core.distribution().items():
            o = core.outcome(kind, die)
            probs[o] = probs.get(o, Fraction(0)) + p
        return Distribution(probs)

    def success_probability(self) -> Fraction:
        """P(success), critical included.

        0 for C_eff ≤ 0, (2·C_eff − 1)/20 up to 10, and 19/20 above.

        >>> FluidCheck(attribute=7).success_probability()
        Fraction(13, 20)
        """
        return self.outcomes().probability(lambda o: o.success)

    # -- after the roll ----------------------------------------------------

    def reroll(
        self, result: CheckResult, rng: Rng, *, mana: int, die: Die | str = Die.CHECK
    ) -> tuple[CheckResult, int]:
        """Spend one mana to roll one die of ``result`` again (FL-R11).

        The new face replaces the old one; rerolling the check die discards
        the fate roll the old die caused (and rolls a new one after a new 1).
        Successful results may be rerolled too (FL-A09). The returned result
        records every die drawn so far, in draw order: replaying the same
        calls with a `ScriptedRng` of those faces gives the same result.

        Args:
            result: A result of this check (possibly rerolled before).
            rng: Where the new face comes from.
            mana: The mana available; at least 1.
            die: Which die to roll again: ``"check"`` or ``"fate"``.

        Returns:
            The new result and the mana left (``mana - 1``).

        Raises:
            ParameterError: No mana left, or no such die to reroll.
            RulesError: ``result`` was not rolled (chance ≤ 0).
        """
        if isinstance(mana, bool) or not isinstance(mana, int) or mana < 1:
            raise ParameterError("mana", mana, "an integer >= 1 to pay for a reroll")
        which = _die(die)
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
            fate: int | None = new_fate
            new_die = current_die
            note = CATALOG.text("fluid.note.fate_rerolled")
        else:
            new_die = rng.roll(SIDES)
            rolls.append(DieRoll(SIDES, new_die, "check reroll"))
            fate = None
            if new_die == 1:
                fate = rng.roll(SIDES)
                rolls.append(DieRoll(SIDES, fate, "fate"))
            note = CATALOG.text("fluid.note.check_rerolled")
        return self._result(new_die, fate, tuple(rolls), note=note), mana - 1

    def repeat(self, result: CheckResult, *, time_pressure: bool = False) -> FluidCheck:
        """The free repetition of a failed check, 3 harder each time (FL-R12).

        Args:
            result: The failed result of this check.
            time_pressure: Whether there is time pressure; then no free
                repetition is allowed.

        Returns:
            This check with ``repetition`` one higher. Once the reduced
            chance reaches 0 it cannot be rolled (FL-R03).

        Raises:
            RulesError: Under time pressure, or the check succeeded.
        """
        if time_pressure:
            msg = "a check may be repeated without mana only without time pressure"
            raise RulesError(msg)
        if result.success:
            msg = "only a failed check may be repeated without mana"
            raise RulesError(msg)
        return attrs.evolve(self, repetition=self.repetition + 1)

    # -- explanation -------------------------------------------------------

    def _chance_terms(self) -> Text:
        terms: list[tuple[str, int]] = [("attribute", self.attribute)]
        if self.trait:
            terms.append(("trait", self.trait))
        if self.modifier:
            terms.append(("modifier", self.modifier))
        if self.repetition:
            terms.append(("repetition", -REPEAT_STEP * self.repetition))
        if self.handicap:
            terms.append(("handicap", -self.handicap))
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
        return CATALOG.text("fluid.chance", c=self.effective_chance, terms=text)

    def _quality_terms(self, kind: FluidOutcome, die: int) -> Text:
        core = self._roll()
        value = core.quality(kind, die)
        ov = overflow(core.chance)
        first = die if kind is FluidOutcome.SUCCESS else 1
        base = CATALOG.text("fluid.quality.die", n=first)
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

    def _explain(
        self,
        kind: FluidOutcome,
        die: int | None,
        fate: int | None,
        value: int | None,
    ) -> Explanation:
        chance = self._chance_terms()
        c = self.effective_chance
        if kind is FluidOutcome.NO_ROLL or die is None:
            return CATALOG.text("fluid.check.no_roll", chance=chance)
        if kind is FluidOutcome.FAILURE:
            return CATALOG.text("fluid.check.failure", chance=chance, die=die, c=c)
        if kind is FluidOutcome.SUCCESS:
            quality = self._quality_terms(kind, die)
            return CATALOG.text(
                "fluid.check.success", chance=chance, die=die, c=c, quality=quality
            )
        if kind is FluidOutcome.CRITICAL:
            quality = self._quality_terms(kind, 1)
            return CATALOG.text(
                "fluid.check.critical", chance=chance, fate=fate, quality=quality
            )
        return CATALOG.text("fluid.check.fumble", chance=chance, fate=fate)


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
