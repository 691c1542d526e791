"""The DS4 ruleset object: checks, contest rule, labels and presets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import ContestOutcome, Degree, Outcome
from rollwerk.checks import CheckSpec, Difficulty, Monotonic, Parameter
from rollwerk.rulesets import Ruleset, distribution_version
from rollwerk_ds4._attack import Ds4Attack
from rollwerk_ds4._check import RULESET_ID, Ds4Check
from rollwerk_ds4._data import DIFFICULTIES, LABELS

__all__ = ["PW_MAX", "PW_MIN", "Ds4Ruleset", "contest", "ruleset"]

PW_MIN = -20
"""The smallest check value declared to generic code (CLI, contract kit)."""
PW_MAX = 100
"""The largest check value declared to generic code (five d20)."""


def contest(first: Outcome, second: Outcome) -> ContestOutcome:
    """The DS4 rule for opposed checks (DS4-R09, DS4-A04, DS4-A05).

    Only one side succeeds: it wins. Both succeed: a coup beats a non-coup
    success whatever the numbers, otherwise (and between two coups) the higher
    result wins; equal results are a ``TIE``. Both fail: ``REROLL``. A
    pass/fail check above 20 (``need_result=False``) has no result, so two
    plain successes of that kind tie.

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
    a = first.value or 0
    b = second.value or 0
    if a == b:
        return ContestOutcome.TIE
    return ContestOutcome.FIRST if a > b else ContestOutcome.SECOND


def _pw_parameter(name: str, help_text: str) -> Parameter:
    return Parameter(
        name,
        int,
        help=help_text,
        min_value=PW_MIN,
        max_value=PW_MAX,
        monotonic=Monotonic.INCREASING,
    )


_CHECK_SPEC = CheckSpec(
    "check",
    (
        _pw_parameter("pw", "check value (Probenwert); above 20 rolls several d20"),
        Parameter(
            "need_result",
            bool,
            help="false: for PW above 20 roll one d20, only success matters",
            default=True,
        ),
        Parameter(
            "rest_die",
            int,
            help="which die (1-based) goes to the remainder sub-check; 0 maximises",
            default=0,
            min_value=0,
            max_value=5,
        ),
    ),
    Ds4Check,
    help="a DS4 check: d20 ≤ PW, 1 is a coup (Immersieg), 20 a fumble (Patzer)",
)

_ATTACK_SPEC = CheckSpec(
    "attack",
    (
        _pw_parameter("attack", "attack value (Schlagen, Schießen or Zielzauber)"),
        Parameter(
            "defense",
            int,
            help="the target's Abwehr",
            min_value=PW_MIN,
            max_value=PW_MAX,
            monotonic=Monotonic.DECREASING,
        ),
        Parameter(
            "defense_reduction",
            int,
            help="the weapon's GA: lowers the target's Abwehr",
            default=0,
            min_value=0,
            max_value=20,
        ),
        Parameter(
            "undefendable", bool, help="no Abwehr check (abwehrlos)", default=False
        ),
        Parameter(
            "helpless",
            bool,
            help="bound or sleeping target: double melee damage (Abwehr without PA)",
            default=False,
        ),
    ),
    Ds4Attack,
    help="an attack; the outcome value is the damage after the target's Abwehr",
)


@attrs.frozen
class Ds4Ruleset(Ruleset):
    """Dungeonslayers 4 (DS4): the ruleset registered as ``ds4``.

    >>> rs = Ds4Ruleset()
    >>> tuple(spec.name for spec in rs.checks())
    ('check', 'attack')
    >>> german = rs.labels["de"]
    >>> german["critical_success"]
    'Immersieg'
    """

    @property
    def id(self) -> str:
        """``"ds4"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"Dungeonslayers 4"``."""
        return "Dungeonslayers 4"

    @property
    def version(self) -> str:
        """The installed version of ``rollwerk-ds4``."""
        return distribution_version("rollwerk-ds4")

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Labels by language (Immersieg / coup, Patzer / fumble…).

        Derived from the ds4 catalog's ``ds4.label.<key>`` messages: every
        language the catalog has, a missing label in English.
        """
        return LABELS

    @property
    def round_seconds(self) -> Fraction:
        """A combat round lasts 5 seconds (DS4-R10)."""
        return Fraction(5)

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """The difficulty presets of DS4-R03, easiest first."""
        return DIFFICULTIES

    def checks(self) -> Sequence[CheckSpec]:
        """``check`` (the default) and ``attack``."""
        return (_CHECK_SPEC, _ATTACK_SPEC)

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """The opposed-check rule of DS4-R09 (see `contest`)."""
        return contest(first, second)


def ruleset() -> Ds4Ruleset:
    """The DS4 ruleset."""
    return Ds4Ruleset()
