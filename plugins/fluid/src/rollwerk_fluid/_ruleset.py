"""The Fluid ruleset as a value: its checks, contest rule, presets and labels."""

from __future__ import annotations

import attrs

from rollwerk import (
    ContestOutcome,
    Degree,
    Outcome,
    ParameterError,
    RulesError,
    Ruleset,
)
from rollwerk.checks import CheckSpec, Difficulty, FaceCheck, Scalar, compare
from rollwerk.i18n import Catalog
from rollwerk.rulesets import OptionalRule, RulesetSpec, define_ruleset
from rollwerk_fluid._catalog import CATALOG
from rollwerk_fluid._check import RULESET_ID, Reward, check_definition
from rollwerk_fluid._rerolls import RerollCheck, reroll_parameters

__all__ = [
    "DIFFICULTIES",
    "FLUID",
    "TRAIT_CAP",
    "contest_rank",
    "fluid_check",
    "trait_cap_rule",
]

TRAIT_CAP = 5
"""The trait limit of the optional trait cap (FL-R13)."""

DIFFICULTIES = tuple(
    Difficulty(key, modifier, CATALOG.text(f"fluid.difficulty.{key}"))
    for key, modifier in (
        ("very-easy", 6),
        ("easy", 3),
        ("normal", 0),
        ("hard", -3),
        ("very-hard", -6),
        ("extremely-hard", -9),
        ("nearly-impossible", -12),
    )
)
"""The GM's modifier presets in steps of 3, easiest first (FL-R02, FL-A12)."""


def contest_rank(outcome: Outcome) -> tuple[int, int]:
    """The rank of an outcome in an opposed check (FL-R10).

    A critical ranks (2, quality), a success (1, quality), anything else
    (failure, fumble, no roll) (0, 0).

    >>> from rollwerk import Degree, Outcome
    >>> contest_rank(Outcome(True, Degree.CRITICAL_SUCCESS, 2))
    (2, 2)
    >>> contest_rank(Outcome(False, Degree.CRITICAL_FAILURE, None))
    (0, 0)

    Raises:
        ParameterError: ``outcome`` is not an Outcome.
    """
    if not isinstance(outcome, Outcome):
        raise ParameterError("outcome", outcome, "an Outcome of a Fluid check")
    if not outcome.success:
        return (0, 0)
    tier = 2 if outcome.degree is Degree.CRITICAL_SUCCESS else 1
    return (tier, outcome.value or 0)


def _contest(first: Outcome, second: Outcome) -> ContestOutcome:
    """Critical > higher quality > no success; ties stand (FL-R10)."""
    return compare(contest_rank(first), contest_rank(second))


def _specs(trait_max: int, catalog: Catalog) -> tuple[CheckSpec, CheckSpec]:
    """``check`` (the default) and ``rerolls``, traits up to ``trait_max``."""
    definition = check_definition(trait_max)

    def rerolls(**params: Scalar) -> RerollCheck:
        extra = {k: params.pop(k) for k in ("mana", "policy", "repeats")}
        base = definition.build(RULESET_ID, catalog, **params)
        return RerollCheck(base, **extra)  # type: ignore[arg-type]

    return (
        definition.spec(RULESET_ID, catalog),
        CheckSpec(
            "rerolls",
            reroll_parameters(trait_max),
            rerolls,
            help="a check played with mana rerolls and free repetitions",
        ),
    )


FLUID: RulesetSpec = define_ruleset(
    RULESET_ID,
    "Fluid",
    dialect="german",  # German tables write W20, W66
    checks=_specs(20, CATALOG),
    distribution="rollwerk-fluid",
    catalog=CATALOG,
    difficulties=DIFFICULTIES,
    contest=_contest,
    round_seconds=5,  # Fluid does not define a round length; rollwerk assumes 5 s
)
"""Fluid: a d10 rolled under attribute + trait + modifier.

Checks: ``check`` (one roll, the default) and ``rerolls`` (a check played
with mana rerolls and free repetitions). The contest rule ranks critical >
higher quality > no success, and a tie stands (FL-R10). Labels come from
the catalog's ``fluid.label.<key>`` messages; its version is that of the
installed ``rollwerk-fluid``.

>>> import rollwerk
>>> check = rollwerk.build_check(FLUID, "check", attribute=3, trait=4)
>>> check.outcomes().probability(lambda o: o.success)
Fraction(13, 20)
>>> FLUID.contest(Outcome(True, Degree.CRITICAL_SUCCESS, 2),
...               Outcome(True, Degree.SUCCESS, 9))
<ContestOutcome.FIRST: 'first'>
"""


def fluid_check(**params: object) -> FaceCheck:
    """The ``check`` check of [`FLUID`][rollwerk_fluid.FLUID], parameters validated.

    The same as ``rollwerk.build_check(FLUID, "check", **params)``, but
    ``reward`` may also be a [`Reward`][rollwerk_fluid.Reward].

    >>> from rollwerk import ScriptedRng
    >>> result = fluid_check(attribute=3, trait=4).resolve(ScriptedRng([5]))
    >>> result.success, result.value
    (True, 5)
    >>> print(result.explain())
    chance 7 (attribute 3 + trait 4): rolled 5 ≤ 7: success, quality 5
    >>> print(result.explain("de"))
    Erfolgschance 7 (Attribut 3 + Merkmal 4): 5 gewürfelt ≤ 7: Erfolg, Erfolgsqualität 5

    Raises:
        ParameterError: A parameter is missing or not allowed.
    """
    if isinstance(params.get("reward"), Reward):
        params["reward"] = Reward(params["reward"]).value
    return check_definition().build(RULESET_ID, FLUID.catalog, **params)


def _apply_trait_cap(ruleset: Ruleset) -> Ruleset:
    if getattr(ruleset, "id", None) != RULESET_ID:
        raise ParameterError("ruleset", ruleset, "the Fluid ruleset")
    if not isinstance(ruleset, RulesetSpec) or ruleset.check_specs != FLUID.check_specs:
        # the capped checks are built afresh: whatever changed them would be lost
        raise RulesError(
            "the optional rule 'trait-cap' caps the traits of Fluid's own "
            "checks, which an optional rule before it or a wrapper changed; "
            "enable trait-cap first (a wrapper's change cannot be combined "
            "with it)"
        )
    return attrs.evolve(ruleset, check_specs=_specs(TRAIT_CAP, ruleset.catalog))


trait_cap_rule = OptionalRule(
    id="trait-cap",
    ruleset=RULESET_ID,
    name="Trait cap at 5",
    apply=_apply_trait_cap,
    help="trait levels may not exceed 5 (for groups without self-imposed "
    "difficulty, FL-R13)",
)
"""The optional rule ``trait-cap``: traits ≤ 5 (FL-R13)."""
