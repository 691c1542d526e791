"""The Mythandria ruleset value: checks, contest rule, labels and presets."""

from __future__ import annotations

from fractions import Fraction

import attrs

from rollwerk import ContestOutcome, Outcome, ParameterError
from rollwerk.errors import ContestError
from rollwerk.rulesets import RulesetSpec, define_ruleset
from rollwerk_mythandria._aether import ACTIONS_PER_ROUND
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._checks import (
    COMPARISON,
    DECISION,
    RULESET_ID,
    outcome_rank,
)
from rollwerk_mythandria._modifiers import DifficultyPreset

__all__ = ["RULESET", "ruleset"]


def _tie_policy(value: ContestOutcome) -> ContestOutcome:
    if value not in (ContestOutcome.TIE, ContestOutcome.REROLL):
        raise ParameterError(
            "tie", value, "ContestOutcome.TIE or ContestOutcome.REROLL"
        )
    return value


def _round_seconds(value: Fraction | int) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or value <= 0:
        raise ParameterError("round_seconds", value, "a positive Fraction or integer")
    return Fraction(value)


def _is_comparison(outcome: Outcome) -> bool:
    return outcome.extra("roll") is not None


@attrs.frozen
class _Contest:
    """The contest rule (MY-R08, MY-R09), with its tie policy.

    Comparison outcomes are ranked by ``(class, total)``; two decision
    outcomes by their degree alone (a library convention); equal ranks give
    ``tie``. A decision outcome opposed to a comparison outcome raises
    [`ContestError`][rollwerk.errors.ContestError].
    """

    tie: ContestOutcome = attrs.field(converter=_tie_policy)

    def __call__(self, first: Outcome, second: Outcome) -> ContestOutcome:
        kinds = (_is_comparison(first), _is_comparison(second))
        if kinds == (False, False):
            a: tuple[int, int] = (first.degree.rank, 0)
            b: tuple[int, int] = (second.degree.rank, 0)
        elif kinds == (True, True):
            a, b = outcome_rank(first), outcome_rank(second)
        else:
            names = ["comparison" if k else "decision" for k in kinds]
            raise ContestError(
                f"a {names[0]} check cannot be opposed to a {names[1]} check: both "
                "sides of a contest are decision checks or both comparison checks"
            )
        if a > b:
            return ContestOutcome.FIRST
        if b > a:
            return ContestOutcome.SECOND
        return self.tie


RULESET: RulesetSpec = define_ruleset(
    RULESET_ID,
    "Mythandria (WRS)",
    dialect="german",  # German tables write W20, W66
    checks=[DECISION, COMPARISON],
    distribution="rollwerk-mythandria",
    catalog=CATALOG,
    difficulties=[p.difficulty() for p in DifficultyPreset],
    contest=_Contest(ContestOutcome.TIE),
    round_seconds=6,
    actions_per_round=ACTIONS_PER_ROUND,
)
"""The tabletop rules (WRS) of Mythandria, as the plugin registers them.

Checks: [`DECISION`][rollwerk_mythandria.DECISION] (the default; roll d100
under ``pw``) and [`COMPARISON`][rollwerk_mythandria.COMPARISON] (d100 +
``pw``, highest wins). Both take ``pw`` (an integer from ``PW_MIN`` to
``PW_MAX``) and ``dice`` (``"d100"`` or ``"2d10"``). Labels come from the
catalog (``mythandria.label.<key>``); the difficulties are the nine
[`DifficultyPreset`][rollwerk_mythandria.DifficultyPreset]s; a combat round
is 2 actions (MY-R20) and, as an assumption of this library, 6 seconds (the
rules excerpt gives no round length).

The contest rule (MY-R08, MY-R09): comparison outcomes are ranked by
``(class, total)``: a rolled 100 beats every ordinary result, every
ordinary result beats a rolled 1, and within a class the higher total
wins; equal ranks tie (the GM decides). The rules oppose actions only with
comparative checks; so that generic code can contest any two checks of one
kind, two *decision* outcomes are compared by their degree alone
(extraordinary success > success > failure > extraordinary failure), a
library convention. A decision outcome opposed to a comparison outcome
raises [`ContestError`][rollwerk.errors.ContestError].

>>> from rollwerk import build_check, contest_odds
>>> build_check(RULESET, "decision", pw=35).outcomes().probability(lambda o: o.success)
Fraction(7, 20)
>>> odds = contest_odds(RULESET, build_check(RULESET, "comparison", pw=50),
...                     build_check(RULESET, "comparison", pw=50))
>>> odds[ContestOutcome.FIRST], odds[ContestOutcome.TIE]
(Fraction(99, 200), Fraction(1, 100))
"""


def ruleset(
    *,
    tie: ContestOutcome = ContestOutcome.TIE,
    round_seconds: Fraction | int = 6,
) -> RulesetSpec:
    """[`RULESET`][rollwerk_mythandria.RULESET] with another tie policy or round length.

    Args:
        tie: What a tied comparison gives: ``TIE`` (the GM decides, the
            default) or ``REROLL`` (the tied participants roll again); MY-R09.
        round_seconds: Game seconds per combat round (default 6, an
            assumption of this library; a round is 2 actions, MY-R20).

    With the defaults it is equal to ``RULESET``.

    >>> rerolls = ruleset(tie=ContestOutcome.REROLL)
    >>> rerolls.id, rerolls == RULESET, ruleset() == RULESET
    ('mythandria', False, True)

    Raises:
        ParameterError: ``tie`` is not ``TIE`` or ``REROLL``, or
            ``round_seconds`` is not a positive Fraction or integer.
    """
    return attrs.evolve(
        RULESET,
        contest_rule=_Contest(tie),
        round_seconds=_round_seconds(round_seconds),
    )
