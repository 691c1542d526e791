"""Decision checks (roll-under) and comparative checks (roll-plus), MY-R06..R09.

Both are toolkit checks ([`define_check`][rollwerk.checks.define_check]): a
judge from the d100 faces to an outcome, a closed form of the exact odds
(each d100 value is one outcome of probability 1/100, whichever dice read
it), and the explanation from the catalog.
"""

from __future__ import annotations

import enum
import functools

from rollwerk import Degree, Distribution, Outcome, ParameterError
from rollwerk.checks import (
    CheckDefinition,
    FaceCheck,
    Monotonic,
    Parameter,
    define_check,
)
from rollwerk.errors import ContestError
from rollwerk.i18n import Text
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._dice import D100Dice, d100_to_digits, dice_for, read_d100

__all__ = [
    "COMPARISON",
    "DECISION",
    "PW_MAX",
    "PW_MIN",
    "RULESET_ID",
    "ComparativeClass",
    "DecisionOutcome",
    "comparative_class",
    "comparative_rank",
    "comparison_check",
    "decide",
    "decision_check",
    "outcome_rank",
]

RULESET_ID = "mythandria"
"""The id of the Mythandria ruleset."""

PW_MIN = -1000
"""The smallest check value the declared ``pw`` parameter accepts."""
PW_MAX = 1000
"""The largest check value the declared ``pw`` parameter accepts."""


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
        ParameterError: If ``outcome`` is not an Outcome.
        ContestError: If ``outcome`` is not the outcome of a comparison check
            (decision checks are not opposed in Mythandria).
    """
    if not isinstance(outcome, Outcome):
        raise ParameterError("outcome", outcome, "an Outcome of a comparison check")
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


def _pw(help_text: str) -> Parameter:
    return Parameter(
        "pw",
        int,
        help=help_text,
        min_value=PW_MIN,
        max_value=PW_MAX,
        monotonic=Monotonic.INCREASING,
    )


_DICE = Parameter(
    "dice",
    str,
    help="one d100, or 2d10 read as tens and units (00 = 100)",
    default=D100Dice.D100.value,
    choices=tuple(d.value for d in D100Dice),
    aliases={"W100": D100Dice.D100.value, "2W10": D100Dice.TWO_D10.value},
)


def _decision(faces: tuple[int, ...], pw: int) -> Outcome:
    roll = read_d100(faces)
    if pw.__class__ is int and roll.__class__ is int and 1 <= roll <= 100:
        # the outcome decide gives, from the shared table (see below)
        high, low = _decision_outcomes()
        return (high if roll <= pw else low)[roll - 1]
    result = decide(pw, roll)
    return Outcome(result.success, result.degree, roll)


@functools.cache
def _decision_outcomes() -> tuple[tuple[Outcome, ...], tuple[Outcome, ...]]:
    """Every decision outcome, shared by all pw: ``(at pw 99, at pw 1)``.

    Indexed by ``roll - 1``. At pw 99 every roll but the 100 succeeds and at
    pw 1 every roll but the 1 fails (MY-R06, MY-R07), so at any pw each roll
    ``d`` has the outcome from the first tuple if ``d ≤ pw`` and from the
    second otherwise.
    """

    def row(pw: int) -> tuple[Outcome, ...]:
        results = (decide(pw, roll) for roll in range(1, 101))
        return tuple(
            Outcome(r.success, r.degree, roll) for roll, r in enumerate(results, 1)
        )

    return row(99), row(1)


@functools.lru_cache(maxsize=128)
def _decision_distribution(limit: int) -> Distribution[Outcome]:
    """The odds at the clamped check value ``limit`` (1 … 99): 99 tables in all."""
    high, low = _decision_outcomes()
    # listed in the order the distribution keeps (degree, then value), so
    # that sorting them is one pass: the 100, the failures, the successes, the 1
    ordered = (low[99], *low[limit:99], *high[1:limit], high[0])
    return Distribution.from_weights(dict.fromkeys(ordered, 1))


def _decision_odds(pw: int) -> Distribution[Outcome]:
    """The exact odds of a decision check, without judging the faces.

    Each d100 value 1..100 has probability 1/100 (MY-R04: 2d10 read as tens
    and units is a bijection onto 1..100), and its outcome depends on the
    check value only through ``clamp(pw, 1, 99)`` (MY-R06, MY-R07): the 1
    always succeeds, the 100 always fails, and any other roll succeeds iff
    it is at most pw. Checks with the same clamped value share one
    distribution.
    """
    return _decision_distribution(min(max(pw, 1), 99))


def _explain_decision(
    faces: tuple[int, ...], outcome: Outcome, pw: int, dice: str
) -> Text:
    roll = read_d100(faces)
    result = decide(pw, roll)
    note = None
    if result is DecisionOutcome.EXTRAORDINARY_SUCCESS:
        note = "one_succeeds"
    elif result is DecisionOutcome.EXTRAORDINARY_FAILURE:
        note = "hundred_fails"
    elif pw >= 100:
        note = "high_pw"
    elif pw < 1:
        note = "low_pw"
    return CATALOG.text(
        "mythandria.decision" if note is None else "mythandria.decision.noted",
        dice=_dice_text(roll, D100Dice(dice)),
        pw=pw,
        word=CATALOG.text(f"mythandria.decision.{result.value}"),
        note=None if note is None else CATALOG.text(f"mythandria.note.{note}"),
    )


def _comparison_outcome(roll: int, pw: int) -> Outcome:
    """The outcome of a comparative d100 ``roll`` with check value ``pw`` (MY-R08)."""
    cls = comparative_class(roll)
    return Outcome(
        cls is not ComparativeClass.EXTRAORDINARY_FAILURE,
        cls.degree,
        roll + pw,
        extras={"roll": roll},
    )


def _comparison(faces: tuple[int, ...], pw: int) -> Outcome:
    return _comparison_outcome(read_d100(faces), pw)


@functools.lru_cache(maxsize=256)
def _comparison_odds(pw: int) -> Distribution[Outcome]:
    """The exact odds of one side of a comparative check, without the faces.

    Each d100 value 1..100 has probability 1/100 (MY-R04) and gives its own
    outcome, the total ``d100 + pw`` in the roll's class (MY-R08).
    """
    # rolls 1, 2 … 100 are already in the distribution's order (class, total)
    outcomes = [_comparison_outcome(roll, pw) for roll in range(1, 101)]
    return Distribution.from_weights(dict.fromkeys(outcomes, 1))


def _explain_comparison(
    faces: tuple[int, ...], outcome: Outcome, pw: int, dice: str
) -> Text:
    roll = read_d100(faces)
    return CATALOG.text(
        "mythandria.comparison",
        dice=_dice_text(roll, D100Dice(dice)),
        pw=pw,
        total=roll + pw,
        word=CATALOG.text(f"mythandria.class.{comparative_class(roll).value}"),
    )


def _decision_dice(dice: str) -> tuple[tuple[int, str], ...]:
    return dice_for(dice, "check")


def _comparison_dice(dice: str) -> tuple[tuple[int, str], ...]:
    return dice_for(dice, "comparison")


DECISION = define_check(
    "decision",
    (_pw("check value: roll d100 at or under it"), _DICE),
    dice=_decision_dice,
    judge=_decision,
    odds=_decision_odds,
    explain=_explain_decision,
    help="Entscheidungsprobe: d100 ≤ PW; 1 always succeeds, 100 always fails",
)
"""The decision check (*Entscheidungsprobe*, MY-R06, MY-R07): roll d100 under ``pw``.

The outcome's value is the rolled d100; the dice are recorded with the role
``"check"`` (``"check tens"``, ``"check units"`` for 2d10). The exact odds
are a closed form, the same for d100 and 2d10: each d100 value has
probability 1/100 and its outcome depends on ``pw`` only through
``clamp(pw, 1, 99)``, so ``P(success) = clamp(pw, 1, 99) / 100``; checks
with the same clamped value share one distribution and its outcomes.
[`enumerate`][rollwerk.checks.FaceCheck.enumerate] still judges the faces
one by one.
"""

COMPARISON = define_check(
    "comparison",
    (_pw("check value added to the d100"), _DICE),
    dice=_comparison_dice,
    judge=_comparison,
    odds=_comparison_odds,
    explain=_explain_comparison,
    help="Vergleichsprobe: d100 + PW, highest wins; 100 beats and 1 "
    "loses to every ordinary result",
)
"""One participant's side of a comparative check (*Vergleichsprobe*, MY-R08).

The outcome's value is the total ``d100 + pw``; the extra ``"roll"`` holds
the d100. The degree stands for the class (MY-R08, MY-A11): a rolled 100 is
``CRITICAL_SUCCESS`` (extraordinary success), a rolled 1 is
``CRITICAL_FAILURE`` (extraordinary failure), every other roll is an
ordinary result with degree ``SUCCESS``. A comparative check has no success
of its own, so ``success`` is ``False`` only for the extraordinary failure;
who wins is the contest's business
([`ruleset`][rollwerk_mythandria.ruleset],
[`comparison_odds`][rollwerk_mythandria.comparison_odds]). The dice are
recorded with the role ``"comparison"``. The exact odds are a closed form,
the same for d100 and 2d10: the 100 d100 values, 1/100 each.
"""


def decision_check(pw: int, dice: D100Dice | str = D100Dice.D100) -> FaceCheck:
    """A [`DECISION`][rollwerk_mythandria.DECISION] check with check value ``pw``.

    Unlike [`build_check`][rollwerk.rulesets.build_check], which keeps to
    the declared range ``PW_MIN`` … ``PW_MAX``, any integer ``pw`` is
    allowed: the check value is never clamped (MY-A08), and MY-R07 makes
    every pw ≥ 99 behave alike and every pw ≤ 1 behave alike.

    >>> from rollwerk import ScriptedRng
    >>> check = decision_check(35)
    >>> check.resolve(ScriptedRng([1])).explain()
    'd100 rolled 1 against PW 35: extraordinary success (a 1 always succeeds)'
    >>> check.outcomes().probability(lambda o: o.success)
    Fraction(7, 20)

    Raises:
        ParameterError: ``pw`` is not an integer, or ``dice`` is not
            ``"d100"`` or ``"2d10"``.
    """
    return _build(DECISION, pw, dice)


def comparison_check(pw: int, dice: D100Dice | str = D100Dice.D100) -> FaceCheck:
    """A [`COMPARISON`][rollwerk_mythandria.COMPARISON] check: d100 + ``pw``.

    Any integer ``pw`` is allowed and bad values are refused as by
    [`decision_check`][rollwerk_mythandria.decision_check].

    >>> from rollwerk import ScriptedRng
    >>> comparison_check(10).resolve(ScriptedRng([100])).explain()
    'd100 rolled 100 + PW 10 = 110: extraordinary success (beats every ordinary result)'
    """
    return _build(COMPARISON, pw, dice)


def _build(definition: CheckDefinition, pw: int, dice: D100Dice | str) -> FaceCheck:
    params = {"pw": _check_pw(pw), "dice": _check_dice(dice).value}
    return FaceCheck(definition, RULESET_ID, params, CATALOG)
