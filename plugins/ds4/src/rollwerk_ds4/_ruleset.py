"""The DS4 ruleset value: checks, contest rule, labels, presets, round length."""

from __future__ import annotations

from rollwerk import ContestOutcome, Degree, Outcome
from rollwerk.checks import Difficulty
from rollwerk.errors import ContestError
from rollwerk.rulesets import RulesetSpec, define_ruleset
from rollwerk_ds4._attack import ATTACK
from rollwerk_ds4._catalog import CATALOG
from rollwerk_ds4._check import CHECK, RULESET_ID

__all__ = ["DIFFICULTIES", "RULESET", "contest", "ruleset"]


DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty("routine", 8, CATALOG.text("ds4.difficulty.routine")),
    Difficulty("very-easy", 4, CATALOG.text("ds4.difficulty.very-easy")),
    Difficulty("easy", 2, CATALOG.text("ds4.difficulty.easy")),
    Difficulty("normal", 0, CATALOG.text("ds4.difficulty.normal")),
    Difficulty("hard", -2, CATALOG.text("ds4.difficulty.hard")),
    Difficulty("very-hard", -4, CATALOG.text("ds4.difficulty.very-hard")),
    Difficulty("extremely-hard", -8, CATALOG.text("ds4.difficulty.extremely-hard")),
)
"""The difficulty presets of DS4-R03, easiest first (guidelines only)."""


def contest(first: Outcome, second: Outcome) -> ContestOutcome:
    """The DS4 rule for opposed checks (DS4-R09, DS4-A04, DS4-A05).

    Only one side succeeds: it wins. Both succeed: a coup beats a non-coup
    success whatever the numbers, otherwise (and between two coups) the higher
    result wins; equal results are a ``TIE``. Both fail: ``REROLL``.

    A pass/fail check above 20 (``need_result=False``) has no result, so
    its success cannot be weighed against another success: two such
    outcomes (neither a coup) are refused with a ``ContestError`` that says
    to ask for the result. Against a failure, or a coup against a plain
    success, no result is needed and the rule decides as usual.

    Raises:
        ContestError: Both succeeded, neither or both with a coup, and one
            has no result.

    >>> from rollwerk import Degree, Outcome
    >>> contest(Outcome(True, Degree.SUCCESS, 8), Outcome(True, Degree.SUCCESS, 12))
    <ContestOutcome.SECOND: 'second'>
    >>> contest(Outcome(True, Degree.CRITICAL_SUCCESS, 10),
    ...         Outcome(True, Degree.SUCCESS, 12))
    <ContestOutcome.FIRST: 'first'>
    """
    if first.success != second.success:
        return ContestOutcome.FIRST if first.success else ContestOutcome.SECOND
    if not first.success:
        return ContestOutcome.REROLL
    first_coup = first.degree is Degree.CRITICAL_SUCCESS
    second_coup = second.degree is Degree.CRITICAL_SUCCESS
    if first_coup != second_coup:
        return ContestOutcome.FIRST if first_coup else ContestOutcome.SECOND
    a, b = first.value, second.value
    if a is None or b is None:
        raise ContestError(
            "a DS4 contest of two successes compares their results (DS4-R09); "
            "a check above PW 20 with need_result=false has none: contest with "
            "need_result=true"
        )
    if a == b:
        return ContestOutcome.TIE
    return ContestOutcome.FIRST if a > b else ContestOutcome.SECOND


RULESET: RulesetSpec = define_ruleset(
    RULESET_ID,
    "Dungeonslayers 4",
    dialect="german",  # German tables write W20, W66
    checks=[CHECK, ATTACK],
    distribution="rollwerk-ds4",
    catalog=CATALOG,
    difficulties=DIFFICULTIES,
    contest=contest,
    round_seconds=5,
)
"""Dungeonslayers 4 (DS4): the ruleset registered as ``ds4``, a value.

Its checks are ``check`` (the default) and ``attack``; its labels are the
ds4 catalog's ``ds4.label.<key>`` messages (Immersieg / coup, Patzer /
fumble…); the difficulty presets are those of DS4-R03; the contest rule is
[`contest`][rollwerk_ds4.contest] (DS4-R09); a combat round lasts 5 seconds
(DS4-R10); its version is the installed version of ``rollwerk-ds4``.

>>> tuple(spec.name for spec in RULESET.checks())
('check', 'attack')
>>> german = RULESET.labels["de"]
>>> german["critical_success"], RULESET.round_seconds
('Immersieg', Fraction(5, 1))
"""


def ruleset() -> RulesetSpec:
    """The DS4 ruleset ([`RULESET`][rollwerk_ds4.RULESET])."""
    return RULESET
