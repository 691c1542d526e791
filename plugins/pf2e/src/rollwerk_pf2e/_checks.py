"""The d20 check: d20 + modifier against a DC with four degrees of success.

This is beyond the "Effects" excerpt (its check system is elsewhere in the
rulebook); users of a Pathfinder plugin expect it. The degrees of success:

- a total of DC + 10 or more is a critical success, DC or more a success,
  DC − 10 or less a critical failure, anything else a failure;
- a natural 20 then improves the degree by one step and a natural 1 worsens
  it by one step (never beyond critical success or critical failure).

The outcome's ``value`` is the total (die + modifier + range penalty).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from rollwerk import CheckResult, Degree, Distribution, Outcome, ParameterError, Rng
from rollwerk.checks import Scalar
from rollwerk.dice import DieRoll
from rollwerk.i18n import Field, Text
from rollwerk_pf2e._catalog import CATALOG
from rollwerk_pf2e._range import MAX_RANGE_INCREMENTS, range_increments

__all__ = ["Pf2eCheck", "attack_check", "degree_of_success"]

RULESET_ID = "pf2e"

_ORDER = (
    Degree.CRITICAL_FAILURE,
    Degree.FAILURE,
    Degree.SUCCESS,
    Degree.CRITICAL_SUCCESS,
)


def degree_of_success(natural: int, total: int, dc: int) -> Degree:
    """The degree of success of a d20 check.

    Args:
        natural: The face of the d20 (1 to 20).
        total: The die plus all modifiers.
        dc: The difficulty class.

    Returns:
        The degree after the natural 20 / natural 1 step.

    >>> degree_of_success(20, 15, 20).name   # failure, stepped up
    'SUCCESS'
    >>> degree_of_success(1, 30, 20).name    # critical success, stepped down
    'SUCCESS'
    >>> degree_of_success(10, 10, 20).name
    'CRITICAL_FAILURE'
    """
    if (
        isinstance(natural, bool)
        or not isinstance(natural, int)
        or not 1 <= natural <= 20
    ):
        raise ParameterError("natural", natural, "an integer from 1 to 20")
    for name, value in (("total", total), ("dc", dc)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParameterError(name, value, "an integer")
    if total >= dc + 10:
        step = 3
    elif total >= dc:
        step = 2
    elif total <= dc - 10:
        step = 0
    else:
        step = 1
    if natural == 20:
        step = min(3, step + 1)
    elif natural == 1:
        step = max(0, step - 1)
    return _ORDER[step]


def _success(degree: Degree) -> bool:
    return degree in (Degree.SUCCESS, Degree.CRITICAL_SUCCESS)


@attrs.frozen
class Pf2eCheck:
    """A Pathfinder check: d20 + modifier against a DC.

    Build it with ``rollwerk.build_check(ruleset, "check", modifier=…,
    dc=…)`` or directly. For an attack roll, ``range_increments`` says which
    range increment the target is in (1 = the first, no penalty); each
    further increment costs −2 (PF2E-R08).

    >>> from rollwerk import ScriptedRng
    >>> chk = Pf2eCheck(modifier=7, dc=20)
    >>> result = chk.resolve(ScriptedRng([20]))
    >>> result.degree.name, result.value
    ('CRITICAL_SUCCESS', 27)
    >>> print(result.explain())
    d20 20 + 7 = 27 against DC 20: critical success (natural 20: success stepped to critical success)
    >>> print(result.explain("de"))
    W20 20 + 7 = 27 gegen SG 20: kritischer Erfolg (natürliche 20: Erfolg wird zu kritischem Erfolg)
    >>> chk.outcomes().probability(lambda o: o.success)
    Fraction(2, 5)
    """

    modifier: int
    """The check modifier (all bonuses and penalties except range)."""
    dc: int
    """The difficulty class."""
    range_increments: int = 1
    """Which range increment the target is in (1 to 6; 1 means no penalty)."""
    name: str = "check"
    """The name of the check in the ruleset (``"check"`` or ``"attack"``)."""
    _memo: dict[int, CheckResult] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """Results already built, by natural roll: a check is a frozen value, so
    the result of each face is built once and then reused (fast resolving)."""

    def __attrs_post_init__(self) -> None:
        for name in ("modifier", "dc", "range_increments"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParameterError(name, value, "an integer")
        if not 1 <= self.range_increments <= MAX_RANGE_INCREMENTS:
            raise ParameterError(
                "range_increments",
                self.range_increments,
                f"an integer from 1 to {MAX_RANGE_INCREMENTS}",
            )

    @property
    def ruleset(self) -> str:
        """Always ``"pf2e"``."""
        return RULESET_ID

    @property
    def range_penalty(self) -> int:
        """The range penalty on the roll: 0, −2, … −10 (PF2E-R08)."""
        return -2 * (self.range_increments - 1)

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The parameters the check was built from."""
        params: dict[str, Scalar] = {"modifier": self.modifier, "dc": self.dc}
        if self.name == "attack":
            params["range_increments"] = self.range_increments
        return params

    def _outcome(self, natural: int) -> Outcome:
        total = natural + self.modifier + self.range_penalty
        degree = degree_of_success(natural, total, self.dc)
        return Outcome(_success(degree), degree, total)

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll one d20 with ``rng`` and grade the total against the DC."""
        natural = rng.roll(20)
        try:
            return self._memo[natural]
        except KeyError:
            result = self._memo[natural] = self._result(natural)
            return result

    def _result(self, natural: int) -> CheckResult:
        outcome = self._outcome(natural)
        degree = outcome.degree
        fields: dict[str, Field] = {
            "natural": natural,
            "modifier": _signed(self.modifier),
            "total": outcome.value,
            "dc": self.dc,
            "degree": _degree(degree),
        }
        if self.range_penalty:
            text = CATALOG.text(
                "pf2e.check.roll_range", penalty=_signed(self.range_penalty), **fields
            )
        else:
            text = CATALOG.text("pf2e.check.roll", **fields)
        if natural in (1, 20):
            plain = degree_of_success(10, outcome.value or 0, self.dc)
            if plain is not degree:
                text = CATALOG.text(
                    "pf2e.check.natural_stepped",
                    before=text,
                    natural=natural,
                    plain=_degree(plain),
                    degree=CATALOG.text(f"pf2e.stepped_to.{degree.value}"),
                )
            else:  # the step is capped at the best or worst degree
                text = CATALOG.text(
                    "pf2e.check.natural_capped",
                    before=text,
                    natural=natural,
                    degree=_degree(degree),
                )
        return CheckResult(
            success=outcome.success,
            degree=degree,
            value=outcome.value,
            rolls=(DieRoll(20, natural, "check"),),
            explanation=text,
            ruleset=RULESET_ID,
            check=self.name,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution: each face of the one d20 has weight 1."""
        weights: dict[Outcome, int] = {}
        for natural in range(1, 21):
            out = self._outcome(natural)
            weights[out] = weights.get(out, 0) + 1
        return Distribution.from_weights(weights)


def _degree(degree: Degree) -> Text:
    return CATALOG.text(f"pf2e.label.{degree.value}")


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {-n}"


def attack_check(
    modifier: int, dc: int, *, distance: int = 0, increment: int | None = None
) -> Pf2eCheck:
    """An attack roll against a target at ``distance`` squares (PF2E-R08).

    Args:
        modifier: The attack modifier.
        dc: The target's AC (or other DC).
        distance: The grid distance to the target in squares.
        increment: The weapon's range increment in squares; ``None`` for a
            melee attack (no range penalty).

    Raises:
        RulesError: If the target is beyond six range increments.

    >>> attack_check(10, 18, distance=30, increment=12).range_penalty
    -4
    """
    band = 1 if increment is None else range_increments(distance, increment)
    return Pf2eCheck(modifier=modifier, dc=dc, range_increments=band, name="attack")
