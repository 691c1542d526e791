"""The ``pf2e`` ruleset value: checks, labels, contest rule, round length."""

from __future__ import annotations

from collections.abc import Sequence

from rollwerk import Combatant, ContestOutcome, Outcome, Rng
from rollwerk.checks import Difficulty, FaceCheck, compare
from rollwerk.rulesets import RulesetSpec, define_ruleset
from rollwerk_pf2e._catalog import CATALOG
from rollwerk_pf2e._checks import ATTACK, CHECK
from rollwerk_pf2e._range import range_increments
from rollwerk_pf2e._stacking import STACKING_POLICY

__all__ = ["PF2E", "attack_check"]


def _contest(first: Outcome, second: Outcome) -> ContestOutcome:
    """The better degree wins, then the higher total; equal totals tie."""
    return compare(
        (first.degree.rank, first.value or 0), (second.degree.rank, second.value or 0)
    )


def _initiative(combatants: Sequence[Combatant], rng: Rng) -> tuple[str, ...]:
    from rollwerk_pf2e._durations import initiative_order

    return initiative_order(combatants, rng)


def _difficulty(id: str, modifier: int) -> Difficulty:
    return Difficulty(id, modifier, CATALOG.text(f"pf2e.difficulty.{id}"))


PF2E: RulesetSpec = define_ruleset(
    "pf2e",
    "Pathfinder Second Edition",
    checks=[CHECK, ATTACK],
    distribution="rollwerk-pf2e",
    catalog=CATALOG,
    difficulties=[
        _difficulty("incredibly-easy", 10),
        _difficulty("very-easy", 5),
        _difficulty("easy", 2),
        _difficulty("normal", 0),
        _difficulty("hard", -2),
        _difficulty("very-hard", -5),
        _difficulty("incredibly-hard", -10),
    ],
    contest=_contest,
    round_seconds=6,
    stacking_policy=STACKING_POLICY,
    initiative_order=_initiative,
)
"""Pathfinder Second Edition: the ruleset value (a
[`RulesetSpec`][rollwerk.rulesets.RulesetSpec]).

- checks: ``check`` (d20 + ``modifier`` against ``dc``, the default) and
  ``attack`` (with ``range_increments``, PF2E-R08);
- labels from the catalog's ``pf2e.label.<key>`` messages (German terms of
  the Grundregelwerk);
- difficulties: the DC adjustments as modifiers to the roll, easiest first
  (a DC 2 higher is a −2 modifier);
- contest (Pathfinder has no opposed rolls; one side rolls against the
  other's DC): the better degree wins, then the higher total; equal totals
  are a tie that stands;
- a round lasts 6 seconds; typed bonuses (``circumstance``, ``item``,
  ``status``): only the highest of each type counts, and the worst penalty;
  initiative: highest first, on a tie the GM's creatures act first
  ([`initiative_order`][rollwerk_pf2e.initiative_order]).

The effects layer (durations, range, reach, areas, line of effect and
sight, targets) lives in functions and classes of `rollwerk_pf2e`.

>>> from rollwerk import build_check, ScriptedRng
>>> build_check(PF2E, "check", modifier=5, dc=15).resolve(ScriptedRng([10])).degree.name
'SUCCESS'
"""


def attack_check(
    modifier: int, dc: int, *, distance: int = 0, increment: int | None = None
) -> FaceCheck:
    """An attack roll against a target at ``distance`` squares (PF2E-R08).

    The same check as ``build_check(PF2E, "attack", …)`` with the range
    increment the distance falls in.

    Args:
        modifier: The attack modifier.
        dc: The target's AC (or other DC).
        distance: The grid distance to the target in squares.
        increment: The weapon's range increment in squares; ``None`` for a
            melee attack (no range penalty).

    Raises:
        RulesError: If the target is beyond six range increments.
        ParameterError: ``modifier`` or ``dc`` outside the declared ranges.

    >>> attack_check(10, 18, distance=30, increment=12).parameters
    {'modifier': 10, 'dc': 18, 'range_increments': 3}
    """
    band = 1 if increment is None else range_increments(distance, increment)
    return ATTACK.build(
        PF2E.id, PF2E.catalog, modifier=modifier, dc=dc, range_increments=band
    )
