"""The Mythandria ruleset object: checks, contest rule, labels and presets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import ContestOutcome, Outcome, ParameterError
from rollwerk.checks import CheckSpec, Difficulty, Monotonic, Parameter
from rollwerk.errors import ContestError
from rollwerk.rulesets import Ruleset, distribution_version
from rollwerk_mythandria._aether import ACTIONS_PER_ROUND
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._checks import (
    RULESET_ID,
    ComparisonCheck,
    DecisionCheck,
    outcome_rank,
)
from rollwerk_mythandria._dice import D100Dice
from rollwerk_mythandria._modifiers import DifficultyPreset

__all__ = ["PW_MAX", "PW_MIN", "MythandriaRuleset"]

PW_MIN = -1000
"""The smallest check value the declared ``pw`` parameter accepts."""
PW_MAX = 1000
"""The largest check value the declared ``pw`` parameter accepts."""

_LABELS: Mapping[str, Mapping[str, str]] = CATALOG.labels(RULESET_ID)
"""Labels by language, from the catalog (``mythandria.label.<key>``)."""


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


@attrs.frozen
class MythandriaRuleset(Ruleset):
    """The tabletop rules (WRS) of Mythandria.

    Checks: ``decision`` (the default; roll d100 under ``pw``) and
    ``comparison`` (d100 + ``pw``, highest wins). Both take ``pw`` (an integer
    from ``PW_MIN`` to ``PW_MAX``) and ``dice`` (``"d100"`` or ``"2d10"``).

    >>> from rollwerk import build_check, contest_odds
    >>> rs = MythandriaRuleset()
    >>> build_check(rs, "decision", pw=35).outcomes().probability(lambda o: o.success)
    Fraction(7, 20)
    >>> odds = contest_odds(rs, build_check(rs, "comparison", pw=50),
    ...                     build_check(rs, "comparison", pw=50))
    >>> odds[ContestOutcome.FIRST], odds[ContestOutcome.TIE]
    (Fraction(99, 200), Fraction(1, 100))
    """

    tie: ContestOutcome = attrs.field(default=ContestOutcome.TIE, converter=_tie_policy)
    """What a tied comparison gives: ``TIE`` (the GM decides, the default) or
    ``REROLL`` (the tied participants roll again); MY-R09."""
    round_seconds: Fraction = attrs.field(default=Fraction(6), converter=_round_seconds)
    """Game seconds per combat round. The rules excerpt gives no round length;
    6 s is an assumption of this library (a round is 2 actions, MY-R20)."""

    @property
    def actions_per_round(self) -> int:
        """2: a combat round is 2 actions of a character (MY-R20).

        [`Encounter.for_ruleset`][rollwerk.encounter.Encounter.for_ruleset] reads it.
        """
        return ACTIONS_PER_ROUND

    @property
    def id(self) -> str:
        """``"mythandria"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"Mythandria (WRS)"``."""
        return "Mythandria (WRS)"

    @property
    def version(self) -> str:
        """The installed version of ``rollwerk-mythandria``."""
        return distribution_version("rollwerk-mythandria")

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Labels by language from the catalog, in the rules' own words."""
        return _LABELS

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """The nine presets from trivial (+100) to nearly impossible (−100)."""
        return tuple(p.difficulty() for p in DifficultyPreset)

    def checks(self) -> Sequence[CheckSpec]:
        """``decision`` (default) and ``comparison``."""
        return (
            CheckSpec(
                "decision",
                (_pw("check value: roll d100 at or under it"), _dice()),
                DecisionCheck,
                help="Entscheidungsprobe: d100 ≤ PW; 1 always succeeds, 100 always fails",
                contest_symmetric=True,
            ),
            CheckSpec(
                "comparison",
                (_pw("check value added to the d100"), _dice()),
                ComparisonCheck,
                help="Vergleichsprobe: d100 + PW, highest wins; 100 beats and 1 "
                "loses to every ordinary result",
                contest_symmetric=True,
            ),
        )

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """Who wins when two outcomes are opposed (MY-R08, MY-R09).

        Comparison outcomes are ranked by ``(class, total)``: a rolled 100
        beats every ordinary result, every ordinary result beats a rolled 1,
        and within a class the higher total wins. Equal ranks give
        [`tie`][rollwerk_mythandria.MythandriaRuleset.tie].

        The rules oppose actions only with comparative checks. So that generic
        code can contest any two checks of one kind, two *decision* outcomes
        are compared by their degree alone (extraordinary success > success >
        failure > extraordinary failure), equal degrees giving ``tie``; this
        is a library convention, not a rule of the game.

        Raises:
            ContestError: If a decision outcome is opposed to a comparison
                outcome.
        """
        kinds = (_is_comparison(first), _is_comparison(second))
        if kinds == (False, False):
            a: tuple[int, int] = (first.degree.rank, 0)
            b: tuple[int, int] = (second.degree.rank, 0)
        elif kinds == (True, True):
            a, b = outcome_rank(first), outcome_rank(second)
        else:
            raise ContestError(
                "a decision outcome cannot be opposed to a comparison outcome, got "
                f"{first!r} and {second!r}"
            )
        if a > b:
            return ContestOutcome.FIRST
        if b > a:
            return ContestOutcome.SECOND
        return self.tie


def _is_comparison(outcome: Outcome) -> bool:
    return outcome.extra("roll") is not None


def _pw(help_text: str) -> Parameter:
    return Parameter(
        "pw",
        int,
        help=help_text,
        min_value=PW_MIN,
        max_value=PW_MAX,
        monotonic=Monotonic.INCREASING,
    )


def _dice() -> Parameter:
    return Parameter(
        "dice",
        str,
        help="one d100, or 2d10 read as tens and units (00 = 100)",
        default=D100Dice.D100.value,
        choices=tuple(d.value for d in D100Dice),
    )
