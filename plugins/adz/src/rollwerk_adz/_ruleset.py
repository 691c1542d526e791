"""The AdZ ruleset object and opposed checks (ADZ-R10)."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import (
    CheckResult,
    Combatant,
    ContestOutcome,
    Distribution,
    Outcome,
    ParameterError,
    Rng,
)
from rollwerk.checks import CheckSpec, Difficulty, Monotonic, Parameter
from rollwerk.errors import ContestError
from rollwerk.rulesets import Ruleset, distribution_version
from rollwerk_adz._catalog import CATALOG
from rollwerk_adz._check import RULESET_ID, AdzCheck
from rollwerk_adz._combat import initiative_order
from rollwerk_adz._luck import LuckPolicy
from rollwerk_adz._pool import CheckKind

__all__ = [
    "CHECK_PARAMETERS",
    "LABELS",
    "POOL_MONOTONIC",
    "AdzRuleset",
    "Initiator",
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
    first: AdzCheck, second: AdzCheck, initiator: Initiator
) -> Distribution[ContestOutcome]:
    """The exact distribution of an opposed check (ADZ-R10).

    >>> opposed_odds(AdzCheck(dice=1), AdzCheck(dice=1), Initiator.FIRST)[ContestOutcome.FIRST]
    Fraction(1, 3)
    """
    for side, chk in (("first", first), ("second", second)):
        if not isinstance(chk, AdzCheck):
            raise ContestError(f"{side} must be an AdzCheck, got {chk!r}")
    return first.outcomes().combine(
        second.outcomes(), lambda a, b: opposed(a, b, initiator)
    )


def _factory(
    *,
    dice: int,
    minimum: int,
    kind: str,
    support: int,
    modifier: int,
    allow_impossible: bool,
    luck: int,
    luck_policy: str,
) -> AdzCheck:
    return AdzCheck(
        dice=dice,
        minimum=minimum,
        kind=CheckKind(kind),
        supporters=(support,) if support else (),
        modifier=modifier,
        allow_impossible=allow_impossible,
        luck=luck,
        luck_policy=LuckPolicy(luck_policy),
    )


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
class AdzRuleset(Ruleset):
    """The Aera der Zauberey ruleset (id ``adz``).

    Its contest rule takes the first side as the initiator, which wins ties
    (ADZ-R10 step 3). For equivalent actions, where a tie is a draw, use
    ``AdzRuleset(equivalent_actions=True)`` (same id) or
    [`opposed`][rollwerk_adz.opposed] with ``Initiator.NONE``.

    >>> from rollwerk import build_check, contest_odds
    >>> adz = AdzRuleset()
    >>> a = build_check(adz, "check", dice=2)
    >>> b = build_check(adz, "check", dice=2)
    >>> contest_odds(adz, a, b)[ContestOutcome.FIRST]
    Fraction(41, 81)
    >>> contest_odds(AdzRuleset(equivalent_actions=True), a, b)[ContestOutcome.TIE]
    Fraction(17, 81)
    """

    equivalent_actions: bool = False
    """Whether ties are draws (equivalent actions) rather than wins of the first side."""

    @property
    def id(self) -> str:
        """``"adz"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"Aera der Zauberey"``."""
        return "Aera der Zauberey"

    @property
    def version(self) -> str:
        """The version of the installed ``rollwerk-adz`` distribution."""
        return distribution_version("rollwerk-adz")

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Labels by language, from the catalog (English and German)."""
        return LABELS

    @property
    def round_seconds(self) -> Fraction:
        """A round lasts about 3 seconds (ADZ-R16)."""
        return Fraction(3)

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """Empty: the excerpt's general Mindestwurf table is missing."""
        return ()

    def checks(self) -> Sequence[CheckSpec]:
        """The one check ``check``: a d6 success pool against a threshold."""
        return (
            CheckSpec(
                "check",
                CHECK_PARAMETERS,
                _factory,
                help="roll dice d6, count 5s and 6s, succeed at minimum successes",
                contest_symmetric=self.equivalent_actions,
            ),
        )

    def initiative_order(
        self, combatants: Sequence[Combatant], rng: Rng
    ) -> tuple[str, ...]:
        """Initiative for an [`Encounter`][rollwerk.encounter.Encounter] (ADZ-R15, A22).

        Each combatant's ``initiative`` is its base value; 2d6 are added and
        ties roll off with 2d6.
        """
        return initiative_order(combatants, rng)

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """ADZ-R10 with ``first`` as the initiator.

        Ties go to ``first``, or are a draw for equivalent actions.
        """
        return opposed(
            first,
            second,
            Initiator.NONE if self.equivalent_actions else Initiator.FIRST,
        )
