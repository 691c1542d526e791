"""Decision checks (roll-under) and comparative checks (roll-plus), MY-R06..R09."""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from rollwerk import CheckResult, Degree, Distribution, Outcome, ParameterError, Rng
from rollwerk.checks import Scalar
from rollwerk.dice import DieRoll
from rollwerk.errors import ContestError
from rollwerk.i18n import Text
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._dice import D100Dice, d100_to_digits, roll_d100

__all__ = [
    "RULESET_ID",
    "ComparativeClass",
    "ComparisonCheck",
    "DecisionCheck",
    "DecisionOutcome",
    "comparative_class",
    "comparative_rank",
    "decide",
    "outcome_rank",
]

RULESET_ID = "mythandria"
"""The id of the Mythandria ruleset."""


class DecisionOutcome(enum.Enum):
    """The four results of a decision check (*Entscheidungsprobe*, MY-R06).

    Kept apart from [`ComparativeClass`][rollwerk_mythandria.ComparativeClass]
    on purpose (MY-A11): a rolled 1 is the best decision result and the worst
    comparative one, and a rolled 100 the other way round.
    """

    EXTRAORDINARY_SUCCESS = "extraordinary_success"
    """A rolled 1: success at every pw (*außerordentlicher Erfolg*)."""
    SUCCESS = "success"
    """d ≤ pw with 2 ≤ d ≤ 99 (*Erfolg*)."""
    FAILURE = "failure"
    """d > pw with 2 ≤ d ≤ 99 (*Fehlschlag*)."""
    EXTRAORDINARY_FAILURE = "extraordinary_failure"
    """A rolled 100: failure at every pw (*außerordentlicher Fehlschlag*)."""

    @property
    def success(self) -> bool:
        """Whether this result is a success."""
        return self in (DecisionOutcome.EXTRAORDINARY_SUCCESS, DecisionOutcome.SUCCESS)

    @property
    def degree(self) -> Degree:
        """The core [`Degree`][rollwerk.checks.Degree] of this result."""
        return _DECISION_DEGREE[self]


_DECISION_DEGREE = {
    DecisionOutcome.EXTRAORDINARY_SUCCESS: Degree.CRITICAL_SUCCESS,
    DecisionOutcome.SUCCESS: Degree.SUCCESS,
    DecisionOutcome.FAILURE: Degree.FAILURE,
    DecisionOutcome.EXTRAORDINARY_FAILURE: Degree.CRITICAL_FAILURE,
}


class ComparativeClass(enum.Enum):
    """The class of a comparative result (*Vergleichsprobe*, MY-R08).

    The class is ranked before the total: an extraordinary success beats every
    ordinary result, and every ordinary result beats an extraordinary failure.
    """

    EXTRAORDINARY_FAILURE = "extraordinary_failure"
    """A rolled 1 (rank 0)."""
    ORDINARY = "ordinary"
    """A rolled 2..99 (rank 1)."""
    EXTRAORDINARY_SUCCESS = "extraordinary_success"
    """A rolled 100 (rank 2)."""

    @property
    def rank(self) -> int:
        """0, 1 or 2: the class compared before the total."""
        return _CLASS_RANK[self]

    @property
    def degree(self) -> Degree:
        """The core [`Degree`][rollwerk.checks.Degree] that stands for this class."""
        return _CLASS_DEGREE[self]


_CLASS_RANK = {
    ComparativeClass.EXTRAORDINARY_FAILURE: 0,
    ComparativeClass.ORDINARY: 1,
    ComparativeClass.EXTRAORDINARY_SUCCESS: 2,
}
_CLASS_DEGREE = {
    ComparativeClass.EXTRAORDINARY_FAILURE: Degree.CRITICAL_FAILURE,
    ComparativeClass.ORDINARY: Degree.SUCCESS,
    ComparativeClass.EXTRAORDINARY_SUCCESS: Degree.CRITICAL_SUCCESS,
}
_DEGREE_CLASS = {v: k for k, v in _CLASS_DEGREE.items()}


def _check_roll(roll: object) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 100:
        raise ParameterError("roll", roll, "an integer from 1 to 100")
    return roll


def _check_pw(pw: object) -> int:
    if isinstance(pw, bool) or not isinstance(pw, int):
        raise ParameterError("pw", pw, "an integer")
    return pw


def _check_dice(dice: object) -> D100Dice:
    if isinstance(dice, D100Dice):
        return dice
    for member in D100Dice:
        if dice == member.value:
            return member
    raise ParameterError("dice", dice, "'d100' or '2d10'")


def decide(pw: int, roll: int) -> DecisionOutcome:
    """The result of a decision check with check value ``pw`` and d100 ``roll``.

    A 1 is an extraordinary success and a 100 an extraordinary failure at
    every pw (MY-R06); otherwise the check succeeds iff ``roll ≤ pw``. So at
    pw ≥ 100 only a 100 fails and at pw < 1 only a 1 succeeds (MY-R07).

    >>> decide(35, 35), decide(35, 36)
    (<DecisionOutcome.SUCCESS: 'success'>, <DecisionOutcome.FAILURE: 'failure'>)
    >>> decide(120, 100)
    <DecisionOutcome.EXTRAORDINARY_FAILURE: 'extraordinary_failure'>
    """
    pw = _check_pw(pw)
    roll = _check_roll(roll)
    if roll == 1:
        return DecisionOutcome.EXTRAORDINARY_SUCCESS
    if roll == 100:
        return DecisionOutcome.EXTRAORDINARY_FAILURE
    return DecisionOutcome.SUCCESS if roll <= pw else DecisionOutcome.FAILURE


def comparative_class(roll: int) -> ComparativeClass:
    """The class of a comparative roll: 100 is best, 1 is worst (MY-R08).

    >>> comparative_class(100).rank, comparative_class(50).rank, comparative_class(1).rank
    (2, 1, 0)
    """
    roll = _check_roll(roll)
    if roll == 100:
        return ComparativeClass.EXTRAORDINARY_SUCCESS
    if roll == 1:
        return ComparativeClass.EXTRAORDINARY_FAILURE
    return ComparativeClass.ORDINARY


def comparative_rank(pw: int, roll: int) -> tuple[int, int]:
    """The rank ``(class rank, total)`` of a comparative result; higher wins.

    >>> comparative_rank(10, 100) > comparative_rank(90, 99)  # V16
    True
    >>> comparative_rank(90, 1) < comparative_rank(10, 2)  # V17
    True
    """
    return (comparative_class(roll).rank, _check_pw(pw) + roll)


def outcome_rank(outcome: Outcome) -> tuple[int, int]:
    """The rank ``(class rank, total)`` of a comparison check's outcome.

    Raises:
        ContestError: If ``outcome`` is not the outcome of a comparison check
            (decision checks are not opposed in Mythandria).
    """
    roll = outcome.extra("roll")
    cls = _DEGREE_CLASS.get(outcome.degree)
    if not isinstance(roll, int) or cls is None or outcome.value is None:
        raise ContestError(
            "Mythandria contests compare outcomes of comparison checks "
            f"(Vergleichsproben), got {outcome!r}"
        )
    return (cls.rank, outcome.value)


def _dice_text(roll: int, dice: D100Dice) -> Text:
    if dice is D100Dice.D100:
        return CATALOG.text("mythandria.dice.d100", roll=roll)
    tens, units = d100_to_digits(roll)
    return CATALOG.text("mythandria.dice.2d10", tens=tens, units=units, roll=roll)


@attrs.frozen
class DecisionCheck:
    """A decision check (*Entscheidungsprobe*): roll d100 under ``pw``.

    The outcome's value is the rolled d100. The check value is never clamped
    (MY-A08): any integer is allowed, and MY-R07 makes every pw ≥ 99 behave
    alike and every pw ≤ 1 behave alike.

    >>> from rollwerk import ScriptedRng
    >>> check = DecisionCheck(35)
    >>> check.resolve(ScriptedRng([1])).explain()
    'd100 rolled 1 against PW 35: extraordinary success (a 1 always succeeds)'
    >>> check.outcomes().probability(lambda o: o.success)
    Fraction(7, 20)
    """

    pw: int = attrs.field(converter=_check_pw)
    """The check value (*Probenwert*): attribute plus modifiers."""
    dice: D100Dice = attrs.field(default=D100Dice.D100, converter=_check_dice)
    """One d100 or 2d10 read as tens and units (``"d100"`` or ``"2d10"``)."""
    _memo: dict[int, CheckResult] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """Results already built, by d100 value (which also fixes the dice): a
    check is a frozen value, so each result is built once and then reused."""

    @property
    def ruleset(self) -> str:
        """``"mythandria"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"decision"``."""
        return "decision"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """``{"pw": …, "dice": …}``."""
        return {"pw": self.pw, "dice": self.dice.value}

    def outcome_for(self, roll: int) -> Outcome:
        """The outcome of this check when the d100 shows ``roll``."""
        result = decide(self.pw, roll)
        return Outcome(result.success, result.degree, roll)

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the d100 (or 2d10) with ``rng`` and decide the check."""
        if self.dice is D100Dice.D100:
            # The same draw as roll_d100, without building the DieRoll again.
            roll = rng.roll(100)
            try:
                return self._memo[roll]
            except KeyError:
                rolls: tuple[DieRoll, ...] = (DieRoll(100, roll, "check"),)
        else:
            roll, rolls = roll_d100(rng, self.dice, "check")
            if roll in self._memo:
                return self._memo[roll]
        result = self._memo[roll] = self._result(roll, rolls)
        return result

    def _result(self, roll: int, rolls: tuple[DieRoll, ...]) -> CheckResult:
        result = decide(self.pw, roll)
        note = None
        if result is DecisionOutcome.EXTRAORDINARY_SUCCESS:
            note = "one_succeeds"
        elif result is DecisionOutcome.EXTRAORDINARY_FAILURE:
            note = "hundred_fails"
        elif self.pw >= 100:
            note = "high_pw"
        elif self.pw < 1:
            note = "low_pw"
        explanation = CATALOG.text(
            "mythandria.decision" if note is None else "mythandria.decision.noted",
            dice=_dice_text(roll, self.dice),
            pw=self.pw,
            word=CATALOG.text(f"mythandria.decision.{result.value}"),
            note=None if note is None else CATALOG.text(f"mythandria.note.{note}"),
        )
        return CheckResult(
            success=result.success,
            degree=result.degree,
            value=roll,
            rolls=rolls,
            explanation=explanation,
            ruleset=RULESET_ID,
            check=self.name,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution: each d100 face with probability 1/100."""
        return Distribution.uniform(self.outcome_for(d) for d in range(1, 101))

    def success_probability(self) -> Distribution[bool]:
        """The distribution of success: ``clamp(pw, 1, 99) / 100`` (MY-R07).

        >>> DecisionCheck(120).success_probability()[True]
        Fraction(99, 100)
        """
        return self.outcomes().map(lambda o: o.success)


@attrs.frozen
class ComparisonCheck:
    """One participant's side of a comparative check (*Vergleichsprobe*).

    The outcome's value is the total ``d100 + pw``; the extra ``"roll"`` holds
    the d100. The degree stands for the class (MY-R08, MY-A11): a rolled 100
    is ``CRITICAL_SUCCESS`` (extraordinary success), a rolled 1 is
    ``CRITICAL_FAILURE`` (extraordinary failure), every other roll is an
    ordinary result with degree ``SUCCESS``. A comparative check has no
    success of its own, so ``success`` is ``False`` only for the
    extraordinary failure; who wins is the contest's business
    ([`MythandriaRuleset.contest`][rollwerk_mythandria.MythandriaRuleset.contest],
    [`comparison_odds`][rollwerk_mythandria.comparison_odds]).

    >>> from rollwerk import ScriptedRng
    >>> ComparisonCheck(10).resolve(ScriptedRng([100])).explain()
    'd100 rolled 100 + PW 10 = 110: extraordinary success (beats every ordinary result)'
    """

    pw: int = attrs.field(converter=_check_pw)
    """The check value (*Probenwert*) added to the d100."""
    dice: D100Dice = attrs.field(default=D100Dice.D100, converter=_check_dice)
    """One d100 or 2d10 read as tens and units (``"d100"`` or ``"2d10"``)."""

    @property
    def ruleset(self) -> str:
        """``"mythandria"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"comparison"``."""
        return "comparison"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """``{"pw": …, "dice": …}``."""
        return {"pw": self.pw, "dice": self.dice.value}

    def outcome_for(self, roll: int) -> Outcome:
        """The outcome of this check when the d100 shows ``roll``."""
        cls = comparative_class(roll)
        return Outcome(
            cls is not ComparativeClass.EXTRAORDINARY_FAILURE,
            cls.degree,
            roll + self.pw,
            extras={"roll": roll},
        )

    def result_for(self, roll: int, rolls: tuple[DieRoll, ...] = ()) -> CheckResult:
        """The full result when the d100 shows ``roll`` (with recorded ``rolls``)."""
        cls = comparative_class(roll)
        total = roll + self.pw
        return CheckResult(
            success=cls is not ComparativeClass.EXTRAORDINARY_FAILURE,
            degree=cls.degree,
            value=total,
            rolls=rolls,
            explanation=CATALOG.text(
                "mythandria.comparison",
                dice=_dice_text(roll, self.dice),
                pw=self.pw,
                total=total,
                word=CATALOG.text(f"mythandria.class.{cls.value}"),
            ),
            extras={"roll": roll},
            ruleset=RULESET_ID,
            check=self.name,
        )

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the d100 (or 2d10) with ``rng`` and total it with ``pw``."""
        roll, rolls = roll_d100(rng, self.dice, "comparison")
        return self.result_for(roll, rolls)

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution: each d100 face with probability 1/100."""
        return Distribution.uniform(self.outcome_for(d) for d in range(1, 101))
