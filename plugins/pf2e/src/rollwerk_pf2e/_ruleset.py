"""The ``pf2e`` ruleset object: checks, labels, contest rule, round length."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import Combatant, ContestOutcome, Outcome, Rng
from rollwerk.checks import CheckSpec, Difficulty, Monotonic, Parameter
from rollwerk.encounter import StackingPolicy
from rollwerk.rulesets import Ruleset, distribution_version
from rollwerk_pf2e._catalog import CATALOG
from rollwerk_pf2e._checks import RULESET_ID, Pf2eCheck

__all__ = ["Pf2eRuleset"]

_MODIFIER = Parameter(
    "modifier",
    int,
    help="check modifier (attack bonus, skill, save…)",
    default=0,
    min_value=-20,
    max_value=60,
    monotonic=Monotonic.INCREASING,
)
_DC = Parameter(
    "dc",
    int,
    help="difficulty class (DC or AC)",
    min_value=0,
    max_value=80,
    monotonic=Monotonic.DECREASING,
)
_INCREMENTS = Parameter(
    "range_increments",
    int,
    help="range increment the target is in: 1 (no penalty) to 6 (-10)",
    default=1,
    min_value=1,
    max_value=6,
    monotonic=Monotonic.DECREASING,
)


def _check(modifier: int, dc: int) -> Pf2eCheck:
    return Pf2eCheck(modifier=modifier, dc=dc)


def _attack(modifier: int, dc: int, range_increments: int) -> Pf2eCheck:
    return Pf2eCheck(
        modifier=modifier, dc=dc, range_increments=range_increments, name="attack"
    )


_LABELS: Mapping[str, Mapping[str, str]] = CATALOG.labels(RULESET_ID)


@attrs.frozen
class Pf2eRuleset(Ruleset):
    """Pathfinder Second Edition: checks and the effects layer.

    The effects layer (durations, range, reach, areas, line of effect and
    sight, targets) lives in functions and classes of `rollwerk_pf2e`; the
    ruleset object carries what generic code needs: the checks, labels, the
    contest rule and the 6-second round.

    >>> from rollwerk import build_check, ScriptedRng
    >>> rs = Pf2eRuleset()
    >>> build_check(rs, "check", modifier=5, dc=15).resolve(ScriptedRng([10])).degree.name
    'SUCCESS'
    """

    @property
    def id(self) -> str:
        """``"pf2e"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """The system's name."""
        return "Pathfinder Second Edition"

    @property
    def version(self) -> str:
        """The installed version of ``rollwerk-pf2e``."""
        return distribution_version("rollwerk-pf2e")

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Labels by language (German terms of the Grundregelwerk).

        Derived from the pf2e catalog's ``pf2e.label.<key>`` messages: every
        language the catalog has, a missing label in English.
        """
        return _LABELS

    @property
    def round_seconds(self) -> Fraction:
        """A round lasts 6 seconds."""
        return Fraction(6)

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """The DC adjustments, as modifiers to the roll (easiest first).

        Pathfinder raises or lowers the DC; ``modifier`` is the same
        adjustment seen from the roll (a DC 2 higher is a −2 modifier).
        """
        return (
            Difficulty(
                "incredibly-easy", 10, CATALOG.text("pf2e.difficulty.incredibly-easy")
            ),
            Difficulty("very-easy", 5, CATALOG.text("pf2e.difficulty.very-easy")),
            Difficulty("easy", 2, CATALOG.text("pf2e.difficulty.easy")),
            Difficulty("normal", 0, CATALOG.text("pf2e.difficulty.normal")),
            Difficulty("hard", -2, CATALOG.text("pf2e.difficulty.hard")),
            Difficulty("very-hard", -5, CATALOG.text("pf2e.difficulty.very-hard")),
            Difficulty(
                "incredibly-hard", -10, CATALOG.text("pf2e.difficulty.incredibly-hard")
            ),
        )

    def checks(self) -> Sequence[CheckSpec]:
        """``check`` (d20 + modifier vs DC) and ``attack`` (with range)."""
        return (
            CheckSpec(
                "check",
                (_MODIFIER, _DC),
                _check,
                help="d20 + modifier against a DC, four degrees of success",
            ),
            CheckSpec(
                "attack",
                (_MODIFIER, _DC, _INCREMENTS),
                _attack,
                help="attack roll with the range-increment penalty (-2 each)",
            ),
        )

    @property
    def stacking_policy(self) -> StackingPolicy:
        """Typed bonuses (circumstance, item, status): only the highest counts.

        Read by ``Encounter.for_ruleset``; the worst penalty of each type
        counts too, untyped modifiers add up.
        """
        from rollwerk_pf2e._durations import STACKING_POLICY

        return STACKING_POLICY

    def initiative_order(
        self, combatants: Sequence[Combatant], rng: Rng
    ) -> tuple[str, ...]:
        """Highest initiative first; on a tie the GM's creatures act first.

        Used by ``Encounter.for_ruleset``; see
        [`initiative_order`][rollwerk_pf2e.initiative_order].
        """
        from rollwerk_pf2e._durations import initiative_order

        return initiative_order(combatants, rng)

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """Compare two results: the better degree wins, then the higher total.

        Pathfinder has no opposed rolls in the excerpt (one side rolls
        against the other's DC). For generic contests this plugin decides:
        the better degree of success wins; equal degrees go to the higher
        total; equal totals are a tie that stands.
        """
        a = (first.degree.rank, first.value or 0)
        b = (second.degree.rank, second.value or 0)
        if a > b:
            return ContestOutcome.FIRST
        if b > a:
            return ContestOutcome.SECOND
        return ContestOutcome.TIE
