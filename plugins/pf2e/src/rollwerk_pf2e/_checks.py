"""The d20 check: d20 + modifier against a DC with four degrees of success.

This is beyond the "Effects" excerpt (its check system is elsewhere in the
rulebook); users of a Pathfinder plugin expect it. The degrees of success:

- a total of DC + 10 or more is a critical success, DC or more a success,
  DC − 10 or less a critical failure, anything else a failure;
- a natural 20 then improves the degree by one step and a natural 1 worsens
  it by one step (never beyond critical success or critical failure).

The outcome's ``value`` is the total (die + modifier + range penalty). The
two checks are declared with the toolkit
([`define_check`][rollwerk.checks.define_check]): one d20, the judge below
and the explanation from the plugin's catalog.
"""

from __future__ import annotations

import functools

from rollwerk import Degree, Outcome, ParameterError
from rollwerk.checks import Monotonic, Parameter, define_check
from rollwerk.i18n import Field, Text
from rollwerk_pf2e._catalog import CATALOG
from rollwerk_pf2e._range import MAX_RANGE_INCREMENTS

__all__ = ["ATTACK", "CHECK", "degree_of_success"]

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


def _penalty(range_increments: int) -> int:
    """The range penalty on the roll: 0, −2, … −10 (PF2E-R08)."""
    return -2 * (range_increments - 1)


@functools.lru_cache(maxsize=1024)
def _outcome(step: int, total: int) -> Outcome:
    """The outcome of a degree (its index in ``_ORDER``) and a total, kept.

    Outcomes are frozen values; checks whose rolls give the same degree and
    total share one.
    """
    return Outcome(step >= 2, _ORDER[step], total)


def judge(
    faces: tuple[int, ...], modifier: int, dc: int, range_increments: int = 1
) -> Outcome:
    """The outcome of the d20 showing ``faces[0]``: its degree and the total."""
    natural = faces[0]
    if (
        natural.__class__ is int
        and modifier.__class__ is int
        and dc.__class__ is int
        and range_increments.__class__ is int
        and 1 <= natural <= 20
    ):
        # what degree_of_success decides, without its checks: they hold
        total = natural + modifier - 2 * (range_increments - 1)
        diff = total - dc
        if diff >= 10:
            step = 3
        elif diff >= 0:
            step = 2
        elif diff <= -10:
            step = 0
        else:
            step = 1
        if natural == 20:
            if step < 3:
                step += 1
        elif natural == 1 and step:
            step -= 1
        return _outcome(step, total)
    total = natural + modifier + _penalty(range_increments)
    degree = degree_of_success(natural, total, dc)
    return Outcome(degree.rank >= Degree.SUCCESS.rank, degree, total)


def _degree(degree: Degree) -> Text:
    return CATALOG.text(f"pf2e.label.{degree.value}")


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {-n}"


def explain(
    faces: tuple[int, ...],
    outcome: Outcome,
    modifier: int,
    dc: int,
    range_increments: int = 1,
) -> Text:
    """``d20 20 + 7 = 27 against DC 20: critical success (natural 20: …)``."""
    natural, degree, total = faces[0], outcome.degree, outcome.value or 0
    penalty = _penalty(range_increments)
    fields: dict[str, Field] = {
        "natural": natural,
        "modifier": _signed(modifier),
        "total": total,
        "dc": dc,
        "degree": _degree(degree),
    }
    if penalty:
        text = CATALOG.text("pf2e.check.roll_range", penalty=_signed(penalty), **fields)
    else:
        text = CATALOG.text("pf2e.check.roll", **fields)
    if natural not in (1, 20):
        return text
    plain = degree_of_success(10, total, dc)
    if plain is degree:  # the step is capped at the best or worst degree
        return CATALOG.text(
            "pf2e.check.natural_capped",
            before=text,
            natural=natural,
            degree=fields["degree"],
        )
    return CATALOG.text(
        "pf2e.check.natural_stepped",
        before=text,
        natural=natural,
        plain=_degree(plain),
        degree=CATALOG.text(f"pf2e.stepped_to.{degree.value}"),
    )


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
    max_value=MAX_RANGE_INCREMENTS,
    monotonic=Monotonic.DECREASING,
)

CHECK = define_check(
    "check",
    [_MODIFIER, _DC],
    dice=[20],
    judge=judge,
    explain=explain,
    help="d20 + modifier against a DC, four degrees of success",
)
"""The ``check``: d20 + ``modifier`` against ``dc``, four degrees of success."""

ATTACK = define_check(
    "attack",
    [_MODIFIER, _DC, _INCREMENTS],
    dice=[20],
    judge=judge,
    explain=explain,
    help="attack roll with the range-increment penalty (-2 each)",
)
"""The ``attack``: the check with ``range_increments`` (each beyond the
first costs −2 on the roll, PF2E-R08)."""
