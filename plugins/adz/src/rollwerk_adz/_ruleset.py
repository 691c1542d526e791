"""The AdZ ruleset as a value, and opposed checks (ADZ-R10)."""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from rollwerk import (
    Check,
    CheckResult,
    ContestOutcome,
    Distribution,
    Outcome,
    ParameterError,
)
from rollwerk.checks import FaceCheck
from rollwerk.encounter import SameName, StackingPolicy
from rollwerk.errors import ContestError
from rollwerk.rulesets import RulesetSpec, define_ruleset
from rollwerk_adz._catalog import CATALOG
from rollwerk_adz._check import CHECK, RULESET_ID
from rollwerk_adz._combat import initiative_order

__all__ = [
    "ADZ",
    "LABELS",
    "Initiator",
    "adz_ruleset",
    "opposed",
    "opposed_odds",
]

LABELS: Mapping[str, Mapping[str, str]] = CATALOG.labels(RULESET_ID)
"""Labels by language from the catalog (``adz.label.<key>``), keyed as the core expects."""


class Initiator(enum.Enum):
    """Which side performed the triggering action of an opposed check (ADZ-A07)."""

    FIRST = "first"
    """The first side triggered the contest; it wins ties."""
    SECOND = "second"
    """The second side triggered the contest; it wins ties."""
    NONE = "none"
    """Equivalent actions (e.g. arm-wrestling): a tie is a draw."""


def _side(x: Outcome | CheckResult, name: str) -> Outcome:
    if isinstance(x, CheckResult):
        if x.ruleset not in {RULESET_ID, ""}:
            raise ContestError(
                f"{name} must be an AdZ result, got ruleset {x.ruleset!r}"
            )
        return x.outcome()
    if isinstance(x, Outcome):
        return x
    raise ContestError(f"{name} must be an Outcome or a CheckResult, got {x!r}")


def opposed(
    first: Outcome | CheckResult,
    second: Outcome | CheckResult,
    initiator: Initiator,
) -> ContestOutcome:
    """Resolve an opposed check in the four steps of ADZ-R10.

    1. exactly one side succeeds: it wins;
    2. both succeed: more successes win (for spells, all successes count);
    3. equal successes: the initiator wins, or ``TIE`` (a draw) for
       equivalent actions (``Initiator.NONE``);
    4. both fail: ``BOTH_FAILED`` (ADZ-A06).

    An impossible (not rolled) check counts as failed. The caller names the
    initiator explicitly (ADZ-A07); there is no default.

    >>> from rollwerk import Degree
    >>> two = Outcome(True, Degree.SUCCESS, 2)
    >>> opposed(two, two, Initiator.FIRST), opposed(two, two, Initiator.NONE)
    (<ContestOutcome.FIRST: 'first'>, <ContestOutcome.TIE: 'tie'>)
    """
    a, b = _side(first, "first"), _side(second, "second")
    if not isinstance(initiator, Initiator):
        raise ParameterError("initiator", initiator, "an Initiator")
    if a.success != b.success:
        return ContestOutcome.FIRST if a.success else ContestOutcome.SECOND
    if not a.success:
        return ContestOutcome.BOTH_FAILED
    va, vb = a.value or 0, b.value or 0
    if va != vb:
        return ContestOutcome.FIRST if va > vb else ContestOutcome.SECOND
    return {
        Initiator.FIRST: ContestOutcome.FIRST,
        Initiator.SECOND: ContestOutcome.SECOND,
        Initiator.NONE: ContestOutcome.TIE,
    }[initiator]


def opposed_odds(
    first: Check, second: Check, initiator: Initiator
) -> Distribution[ContestOutcome]:
    """The exact distribution of an opposed check of two AdZ checks (ADZ-R10).

    >>> from rollwerk_adz import adz_check
    >>> opposed_odds(adz_check(1), adz_check(1), Initiator.FIRST)[ContestOutcome.FIRST]
    Fraction(1, 3)
    """
    for side, chk in (("first", first), ("second", second)):
        if not (isinstance(chk, FaceCheck) and chk.definition.judge is CHECK.judge):
            raise ContestError(f"{side} must be an AdZ check, got {chk!r}")
    return first.outcomes().combine(
        second.outcomes(), lambda a, b: opposed(a, b, initiator)
    )


def _initiator_wins(first: Outcome, second: Outcome) -> ContestOutcome:
    """ADZ-R10 with ``first`` as the initiator: ties go to ``first``."""
    return opposed(first, second, Initiator.FIRST)


def _draw_on_tie(first: Outcome, second: Outcome) -> ContestOutcome:
    """ADZ-R10 for equivalent actions: a tie is a draw."""
    return opposed(first, second, Initiator.NONE)


def _define(equivalent_actions: bool) -> RulesetSpec:
    return define_ruleset(
        RULESET_ID,
        "Aera der Zauberey",
        dialect="german",  # German tables write W20, W66
        distribution="rollwerk-adz",
        catalog=CATALOG,
        checks=[attrs.evolve(CHECK, contest_symmetric=equivalent_actions)],
        contest=_draw_on_tie if equivalent_actions else _initiator_wins,
        round_seconds=3,  # ADZ-R16: a round lasts about 3 seconds
        initiative_order=initiative_order,  # ADZ-R15, A22: base + 2d6, ties 2d6
        # ADZ-R33: one die per concentration spell maintained, so the same
        # spell's effect applied again replaces the older one; modifiers sum
        stacking_policy=StackingPolicy(same_name=SameName.REPLACE),
    )


ADZ = _define(equivalent_actions=False)
"""The Aera der Zauberey ruleset (id ``adz``), a [`RulesetSpec`][rollwerk.rulesets.RulesetSpec].

Its one check ``check`` is [`CHECK`][rollwerk_adz.CHECK]. Its contest rule
takes the first side as the initiator, which wins ties (ADZ-R10 step 3);
for equivalent actions, where a tie is a draw, use
``adz_ruleset(equivalent_actions=True)`` (same id) or
[`opposed`][rollwerk_adz.opposed] with ``Initiator.NONE``. A round lasts
about 3 seconds (ADZ-R16); initiative is the base value + 2d6, ties roll
off with 2d6 (ADZ-R15, A22). Its stacking policy sums every modifier and
lets an effect replace an older one of the same name on the same target
(``SameName.REPLACE``): the same concentration spell counts once (ADZ-R33).
Its difficulties are empty: the excerpt's general Mindestwurf table is
missing.

>>> from rollwerk import build_check, contest_odds
>>> a = build_check(ADZ, "check", dice=2)
>>> b = build_check(ADZ, "check", dice=2)
>>> contest_odds(ADZ, a, b)[ContestOutcome.FIRST]
Fraction(41, 81)
>>> contest_odds(adz_ruleset(equivalent_actions=True), a, b)[ContestOutcome.TIE]
Fraction(17, 81)
"""

_EQUIVALENT = _define(equivalent_actions=True)


def adz_ruleset(*, equivalent_actions: bool = False) -> RulesetSpec:
    """The AdZ ruleset; with ``equivalent_actions`` its contest ties are draws.

    Both have the id ``adz``; the second one's check declares itself
    contest-symmetric (ADZ-R10 step 3, A07).

    >>> adz_ruleset() is ADZ
    True
    """
    if not isinstance(equivalent_actions, bool):
        raise ParameterError("equivalent_actions", equivalent_actions, "true or false")
    return _EQUIVALENT if equivalent_actions else ADZ
