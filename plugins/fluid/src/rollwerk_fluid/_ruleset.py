"""The Fluid ruleset: its checks, contest rule, presets and labels."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from rollwerk import Check, ContestOutcome, Degree, Outcome, ParameterError, Ruleset
from rollwerk.checks import CheckSpec, Difficulty
from rollwerk.rulesets import OptionalRule, distribution_version
from rollwerk_fluid._catalog import CATALOG
from rollwerk_fluid._check import RULESET_ID, FluidCheck, check_parameters
from rollwerk_fluid._rerolls import RerollCheck, reroll_parameters

__all__ = [
    "DIFFICULTIES",
    "TRAIT_CAP",
    "FluidRuleset",
    "contest_rank",
    "trait_cap_rule",
]

TRAIT_CAP = 5
"""The trait limit of the optional trait cap (FL-R13)."""

DIFFICULTIES = (
    Difficulty("very-easy", 6, CATALOG.text("fluid.difficulty.very-easy")),
    Difficulty("easy", 3, CATALOG.text("fluid.difficulty.easy")),
    Difficulty("normal", 0, CATALOG.text("fluid.difficulty.normal")),
    Difficulty("hard", -3, CATALOG.text("fluid.difficulty.hard")),
    Difficulty("very-hard", -6, CATALOG.text("fluid.difficulty.very-hard")),
    Difficulty("extremely-hard", -9, CATALOG.text("fluid.difficulty.extremely-hard")),
    Difficulty(
        "nearly-impossible", -12, CATALOG.text("fluid.difficulty.nearly-impossible")
    ),
)
"""The GM's modifier presets in steps of 3, easiest first (FL-R02, FL-A12)."""

_LABELS: Mapping[str, Mapping[str, str]] = CATALOG.labels(RULESET_ID)
"""Labels by language, from the catalog (``fluid.label.<key>``)."""


def contest_rank(outcome: Outcome) -> tuple[int, int]:
    """The rank of an outcome in an opposed check (FL-R10).

    A critical ranks (2, quality), a success (1, quality), anything else
    (failure, fumble, no roll) (0, 0).

    >>> from rollwerk import Degree, Outcome
    >>> contest_rank(Outcome(True, Degree.CRITICAL_SUCCESS, 2))
    (2, 2)
    >>> contest_rank(Outcome(False, Degree.CRITICAL_FAILURE, None))
    (0, 0)
    """
    if not outcome.success:
        return (0, 0)
    tier = 2 if outcome.degree is Degree.CRITICAL_SUCCESS else 1
    return (tier, outcome.value or 0)


@attrs.frozen
class FluidRuleset(Ruleset):
    """Fluid: a d10 rolled under attribute + trait + modifier.

    Checks: ``check`` (one roll, the default) and ``rerolls`` (a check
    played with mana rerolls and free repetitions). The contest rule ranks
    critical > higher quality > no success, and a tie stands (FL-R10).

    >>> import rollwerk
    >>> fluid = FluidRuleset()
    >>> check = rollwerk.build_check(fluid, "check", attribute=3, trait=4)
    >>> check.outcomes().probability(lambda o: o.success)
    Fraction(13, 20)
    """

    trait_cap: int | None = None
    """The largest trait level, if the optional trait cap is on (FL-R13)."""

    @property
    def id(self) -> str:
        """``"fluid"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"Fluid"``."""
        return "Fluid"

    @property
    def version(self) -> str:
        """The installed version of ``rollwerk-fluid``."""
        return _version()

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Labels in English and German (Fluid's own German terms)."""
        return _LABELS

    @property
    def round_seconds(self) -> Fraction:
        """Fluid does not define a round length; rollwerk assumes 5 seconds."""
        return Fraction(5)

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """The modifier presets +6, +3, 0, −3, … −12 (FL-R02)."""
        return DIFFICULTIES

    def checks(self) -> Sequence[CheckSpec]:
        """``check`` (the default) and ``rerolls``."""
        trait_max = self.trait_cap if self.trait_cap is not None else 20
        return (
            CheckSpec(
                "check",
                check_parameters(trait_max),
                functools.partial(_build_check, trait_max),
                help="d10 ≤ attribute + trait + modifier; quality of success",
            ),
            CheckSpec(
                "rerolls",
                reroll_parameters(trait_max),
                functools.partial(_build_rerolls, trait_max),
                help="a check played with mana rerolls and free repetitions",
            ),
        )

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """Who wins an opposed check (FL-R10): ties stand.

        >>> from rollwerk import Degree, Outcome
        >>> FluidRuleset().contest(Outcome(True, Degree.CRITICAL_SUCCESS, 2),
        ...                        Outcome(True, Degree.SUCCESS, 9))
        <ContestOutcome.FIRST: 'first'>
        """
        a, b = contest_rank(first), contest_rank(second)
        if a > b:
            return ContestOutcome.FIRST
        if b > a:
            return ContestOutcome.SECOND
        return ContestOutcome.TIE


def _build_check(trait_max: int, **params: Any) -> Check:
    return FluidCheck(trait_max=trait_max, **params)


def _build_rerolls(trait_max: int, **params: Any) -> Check:
    extra = {k: params.pop(k) for k in ("mana", "policy", "repeats")}
    return RerollCheck(FluidCheck(trait_max=trait_max, **params), **extra)


@functools.cache
def _version() -> str:
    return distribution_version("rollwerk-fluid")


def _apply_trait_cap(ruleset: Ruleset) -> Ruleset:
    if not isinstance(ruleset, FluidRuleset):
        raise ParameterError("ruleset", ruleset, "the Fluid ruleset")
    return attrs.evolve(ruleset, trait_cap=TRAIT_CAP)


trait_cap_rule = OptionalRule(
    id="trait-cap",
    ruleset=RULESET_ID,
    name="Trait cap at 5",
    apply=_apply_trait_cap,
    help="trait levels may not exceed 5 (for groups without self-imposed "
    "difficulty, FL-R13)",
)
"""The optional rule ``trait-cap``: traits ≤ 5 (FL-R13)."""
