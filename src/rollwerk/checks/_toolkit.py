"""The authoring toolkit: a check declared by its dice and a pure face function.

[`define_check`][rollwerk.checks.define_check] takes the dice a check rolls
and a *judge*, a pure function from the faces (and the parameters) to an
[`Outcome`][rollwerk.checks.Outcome]. Everything else comes from the
toolkit: the [`FaceCheck`][rollwerk.checks.FaceCheck] that resolves it (with
a per-face memo), the exact distribution (enumerating the faces within
[`ENUMERATION_BUDGET`][rollwerk.checks.ENUMERATION_BUDGET], or the author's
closed form), the roll record, the explanation and the JSON.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import math
import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeAlias, overload

import attrs

from rollwerk._repr import value_repr
from rollwerk.checks._faces import ROLE_WORDS, _is_role
from rollwerk.checks._levels import RULESET_ID, is_ruleset_id, is_word
from rollwerk.checks._model import (
    CheckResult,
    ContestOutcome,
    Outcome,
    Scalar,
)
from rollwerk.checks._parameters import CheckSpec, Parameter, checked_parameters
from rollwerk.dice._roll import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import (
    CheckFault,
    ExplainFailed,
    LimitExceeded,
    ParameterError,
)
from rollwerk.i18n import Catalog, Text
from rollwerk.i18n._catalog import FALLBACK, left_out_of, without_templates
from rollwerk.rng import _OWN, Rng, _ordinal, checked, is_rng, not_an_rng

__all__ = [
    "ENUMERATION_BUDGET",
    "MEMO_LIMIT",
    "TOOLKIT_CATALOG",
    "CheckDefinition",
    "DiceSpec",
    "FaceCheck",
    "StopRule",
    "compare",
    "define_check",
    "enumerate_faces",
    "face_weights",
]

ENUMERATION_BUDGET = 200_000
"""The most face combinations a check's exact odds enumerate by default.

A check whose dice have more combinations (the product of their sides)
needs a closed form (``odds=``) or a larger ``budget=``; asking for its
odds otherwise raises [`LimitExceeded`][rollwerk.errors.LimitExceeded]
naming the budget. 200 000 combinations take about a second.
"""

MEMO_LIMIT = 4096
"""Checks with at most this many face combinations keep every result built.

A frozen check resolves each combination once and then looks the result up
(a single d20 check costs one draw and one dictionary lookup); larger
checks build each result afresh.
"""

DiceSpec: TypeAlias = Sequence[int | tuple[int, str]]
"""The dice of a check: sides, or ``(sides, role)`` pairs (role ``"check"`` if
only sides are given), in the order they are drawn."""

_EN = {
    "toolkit.die": "d{sides} {face}",
    "toolkit.dice": "{first}, {rest}",
    "toolkit.explain": "{faces} → {value}: {label}",
    "toolkit.explain.no_value": "{faces}: {label}",
    "toolkit.explain.no_roll": "no roll: {label}",
    "toolkit.label.critical_success": "critical success",
    "toolkit.label.success": "success",
    "toolkit.label.failure": "failure",
    "toolkit.label.critical_failure": "critical failure",
    "toolkit.label.first": "first side wins",
    "toolkit.label.second": "second side wins",
    "toolkit.label.tie": "tie",
    "toolkit.label.reroll": "roll again",
    "toolkit.label.both_failed": "both failed",
    "toolkit.role.check": "check",
    "toolkit.role.pool": "pool",
    "toolkit.role.tens": "tens",
    "toolkit.role.bonus tens": "bonus tens",
    "toolkit.role.penalty tens": "penalty tens",
    "toolkit.role.units": "units",
    "toolkit.role.explosion": "explosion",
    "toolkit.exploded_cap": "{faces} (exploded {cap} times, the cap)",
    "toolkit.exploded_cap.one": "{faces} (exploded once, the cap)",
}
_DE = {
    "toolkit.die": "W{sides} {face}",
    "toolkit.dice": "{first}, {rest}",
    "toolkit.explain": "{faces} → {value}: {label}",
    "toolkit.explain.no_value": "{faces}: {label}",
    "toolkit.explain.no_roll": "kein Wurf: {label}",
    "toolkit.label.critical_success": "kritischer Erfolg",
    "toolkit.label.success": "Erfolg",
    "toolkit.label.failure": "Misserfolg",
    "toolkit.label.critical_failure": "kritischer Misserfolg",
    "toolkit.label.first": "erste Seite gewinnt",
    "toolkit.label.second": "zweite Seite gewinnt",
    "toolkit.label.tie": "unentschieden",
    "toolkit.label.reroll": "neu würfeln",
    "toolkit.label.both_failed": "beide gescheitert",
    "toolkit.role.check": "Probe",
    "toolkit.role.pool": "Pool",
    "toolkit.role.tens": "Zehner",
    "toolkit.role.bonus tens": "Bonus-Zehner",
    "toolkit.role.penalty tens": "Malus-Zehner",
    "toolkit.role.units": "Einer",
    "toolkit.role.explosion": "Explosion",
    "toolkit.exploded_cap": "{faces} ({cap}-mal explodiert, die Obergrenze)",
    "toolkit.exploded_cap.one": "{faces} (einmal explodiert, die Obergrenze)",
}

TOOLKIT_CATALOG = Catalog({"en": _EN, "de": _DE})
"""The toolkit's messages: default explanations and default labels.

``toolkit.label.<key>`` are the labels a toolkit ruleset has for the four
degrees and the contest outcomes unless its own catalog names them;
``toolkit.role.<role>`` name the roles of the toolkit's dice (``check``,
``pool``, ``tens``, ``bonus tens``, ``penalty tens``, ``units``, and
``explosion`` for the extra dice of a die that explodes) where a
ruleset's catalog has no ``<ruleset id>.role.<role>``.
"""


def _own_fault(where: str, exc: ParameterError) -> CheckFault:
    """A `ParameterError` from a check's own function: the plugin's mistake.

    The judge and a closed form are given validated parameters (and faces
    that fit), so a `ParameterError` they raise (an `Outcome` made with a
    float ``value``) is not the caller's.
    """
    return CheckFault(f"{where} raised ParameterError: {exc}")


_WITHIN_LIMITS = 100
"""Dice counts and sides up to this are within notation's limits, unread."""


def _limit(limit: str, value: int) -> None:
    """Refuse ``value`` above notation's limit of ``"dice count"`` or ``"sides"``.

    Imported here, not with the module, as in `_cap`: only a large pool or
    die reads the limits.

    Raises:
        LimitExceeded: ``value`` is above ``DICE_LIMITS.max_dice`` or
            ``DICE_LIMITS.max_sides``.
    """
    from rollwerk.dice._limits import DICE_LIMITS

    most = DICE_LIMITS.max_dice if limit == "dice count" else DICE_LIMITS.max_sides
    if value > most:
        raise LimitExceeded(limit, value, most)


def _dice(value: object) -> tuple[tuple[int, str], ...]:
    """``dice=`` as ``(sides, role)`` pairs, within notation's limits.

    Raises:
        ParameterError: Not a sequence of sides or ``(sides, role)`` pairs,
            or a role that is blank or has spaces at its ends or characters
            that do not print (``""``, ``" "``, ``" wild"``).
        LimitExceeded: More dice than ``DICE_LIMITS.max_dice``, or a die
            with more sides than ``DICE_LIMITS.max_sides`` (checked before
            anything lists its faces).
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ParameterError("dice", value, "a sequence of sides or (sides, role)")
    if len(value) > _WITHIN_LIMITS:
        _limit("dice count", len(value))
    out: list[tuple[int, str]] = []
    for item in value:
        if isinstance(item, tuple) and len(item) != 2:
            raise ParameterError("dice", item, "sides >= 1, or (sides, role)")
        sides, role = (item, "check") if not isinstance(item, tuple) else item
        if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
            raise ParameterError("dice", item, "sides >= 1, or (sides, role)")
        if sides > _WITHIN_LIMITS:
            _limit("sides", sides)
        if not _is_role(role):
            raise ParameterError("die role", role, ROLE_WORDS)
        out.append((sides, role))
    return tuple(out)


def _plain(dice: tuple[Any, ...]) -> bool:
    """Whether every item is an exact ``int`` or ``(int, str)`` (no bools, floats)."""
    for item in dice:
        if item.__class__ is int:
            continue
        if (
            item.__class__ is tuple
            and len(item) == 2
            and item[0].__class__ is int
            and item[1].__class__ is str
        ):
            continue
        return False
    return True


def _accepted(fn: Callable[..., Any], skip: int) -> frozenset[str] | None:
    """The keyword names ``fn`` takes after ``skip`` positional ones (None: all)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    names = []
    for i, p in enumerate(sig.parameters.values()):
        if p.kind is p.VAR_KEYWORD:
            return None
        if i >= skip and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            names.append(p.name)
    return frozenset(names)


def _check_signature(
    key: str, fn: Callable[..., Any], skip: int, declared: Sequence[str]
) -> None:
    """Refuse a function the toolkit could not call.

    After its ``skip`` positional arguments (the faces...) it may only
    require declared parameters, by keyword.

    A misspelt parameter (``judge(faces, skil)``) fails here, when the check
    is declared, instead of as a ``TypeError`` on the first roll.
    """
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature: trusted
        return
    positional = 0
    for i, p in enumerate(sig.parameters.values()):
        if p.kind is p.VAR_POSITIONAL:
            positional = skip
            continue
        if p.kind in (p.VAR_KEYWORD,):
            continue
        if p.kind is not p.KEYWORD_ONLY and i < skip:
            positional += 1
            continue
        if p.default is not p.empty or (
            p.name in declared and p.kind is not p.POSITIONAL_ONLY
        ):
            continue
        if positional < skip and p.kind is p.KEYWORD_ONLY:
            # judge(*, faces): the faces come first, by position
            break
        known = ", ".join(repr(n) for n in declared) if declared else "none"
        raise ParameterError(
            f"{key} parameter",
            p.name,
            f"a parameter the check declares ({known}) or one with a default",
        )
    if positional < skip:
        what = {1: "the faces", 2: "the faces and the outcome"}.get(skip, "")
        raise ParameterError(
            key, fn, f"a function taking {what} first, then parameters by name"
        )


def _pick(
    accepted: frozenset[str] | None, params: Mapping[str, Scalar]
) -> dict[str, Scalar]:
    if accepted is None:
        return dict(params)
    if params.__class__ is dict:
        # the common cases without a comprehension: none named, or all given
        if not accepted:
            return {}
        if accepted.issuperset(params):
            return dict(params)
    return {k: v for k, v in params.items() if k in accepted}


_Plan: TypeAlias = tuple[
    Callable[..., DiceSpec] | None,
    frozenset[str] | None,
    frozenset[str] | None,
    frozenset[str] | None,
]
"""A definition's dice function (None: fixed dice) and what dice, judge and
stop accept (see `_accepted`)."""

StopRule: TypeAlias = Callable[[tuple[int, ...]], bool]
"""``stop(faces)``: whether the faces drawn so far settle the check, so that
the dice after them are not drawn."""


Values: TypeAlias = tuple[tuple[int, int], ...]
"""What one die can show the judge, ascending, each with its weight."""


def _explode_roles(value: object) -> bool | frozenset[str]:
    """``explode=`` as given to ``define_check``: True, False or roles."""
    if isinstance(value, bool):
        return value
    if (
        isinstance(value, (str, bytes, Mapping))
        or not isinstance(value, Collection)
        or not all(isinstance(role, str) for role in value)
    ):
        raise ParameterError(
            "explode", value, "True, False or a collection of die roles"
        )
    return frozenset(value)


def _explodes(
    dice: Sequence[tuple[int, str]],
    explode: bool | Collection[str],
    cap: int | None = None,
) -> tuple[int, ...] | None:
    """The explosion cap of each of ``dice``, 0 where it does not explode.

    None: no die explodes. ``cap`` is the check's (None: notation's,
    `_cap`).

    Raises:
        ParameterError: A die that explodes has one side (it would never stop).
    """
    if not explode:
        return None
    flags = tuple(explode is True or role in explode for _, role in dice)
    if not any(flags):
        return None
    for die, flag in zip(dice, flags, strict=True):
        if flag and die[0] < 2:
            raise ParameterError(
                "dice",
                die,
                "at least 2 sides for a die that explodes (every face of a d1 "
                "is its highest, so it would never stop)",
            )
    most = _cap() if cap is None else cap
    return tuple(most if flag else 0 for flag in flags)


def _explosion_cap(value: object, explode: bool | Collection[str]) -> int | None:
    """``explosion_cap=`` as given: None, or 1 to notation's cap with ``explode``.

    Raises:
        ParameterError: Anything else, or a cap where no die explodes.
    """
    if value is None:
        return None
    if not explode:
        raise ParameterError(
            "explosion_cap", value, "None without explode= (no die explodes)"
        )
    most = _cap()
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise ParameterError(
            "explosion_cap",
            value,
            f"None or an integer from 1 to {most} (DICE_LIMITS.explosion_cap)",
        )
    return value


def _cap() -> int:
    """Notation's explosion cap, read where a die explodes.

    Imported here, not with the module: a check that explodes nothing does
    not load the dice limits (``rollwerk check`` stays light).
    """
    from rollwerk.dice._limits import DICE_LIMITS

    return DICE_LIMITS.explosion_cap


@functools.lru_cache(maxsize=512)
def _values(sides: int, cap: int | None = None) -> Values:
    """What a die shows the judge, ascending, with how many draws each stands for.

    Without ``cap`` the faces 1 to ``sides``, each of weight 1. With it the
    die explodes: its highest face adds another die of the same sides, at
    most ``cap`` of them (the last does not explode further), and the judge
    sees the sum. Each sum stands for the draws of ``cap + 1`` dice that
    begin with its chain, so the weights add up to ``sides ** (cap + 1)``.

    >>> _values(3, 1)
    ((1, 3), (2, 3), (4, 1), (5, 1), (6, 1))
    """
    if cap is None:
        return tuple((face, 1) for face in range(1, sides + 1))
    out = [
        (k * sides + face, sides ** (cap - k))
        for k in range(cap + 1)
        for face in range(1, sides)
    ]
    out.append(((cap + 1) * sides, 1))
    return tuple(out)


def _die_values(
    dice: Sequence[tuple[int, str]], flags: Sequence[int] | None
) -> list[Values]:
    """The values of each die (see `_values`), exploding up to ``flags``' caps."""
    if flags is None:
        return [_values(sides) for sides, _ in dice]
    return [
        _values(sides, cap or None) for (sides, _), cap in zip(dice, flags, strict=True)
    ]


def _which(faces: tuple[int, ...], i: int) -> str:
    """`` (the 2nd die's 0 is not)``: which of several faces did not fit."""
    if len(faces) == 1:
        return ""
    return f" (the {_ordinal(i + 1)} die's {faces[i]} is not)"


def _chain(total: int, sides: int, cap: int) -> list[int]:
    """The faces a die exploding up to ``cap`` times draws to show ``total``.

    >>> _chain(15, 6, 20)
    [6, 6, 3]
    >>> _chain(12, 6, 1)
    [6, 6]
    """
    k = min((total - 1) // sides, cap)
    return [sides] * k + [total - k * sides]


def face_weights(
    sides: Sequence[int], stop: StopRule | None = None
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way the dice can fall, with how many full combinations it stands for.

    Without ``stop`` these are all combinations of faces, each of weight 1.
    With it, dice are drawn in order until ``stop(faces so far)`` holds; a
    draw that stops early stands for every face of the dice it leaves
    undrawn (its weight is the product of their sides), so the weights
    always add up to the product of all sides.

    >>> list(face_weights([2, 6], stop=lambda faces: faces[0] != 1))
    [((1, 1), 1), ((1, 2), 1), ((1, 3), 1), ((1, 4), 1), ((1, 5), 1), ((1, 6), 1), ((2,), 6)]

    Raises:
        ParameterError: ``sides`` is not a sequence of integers >= 1, or
            ``stop`` is neither a function nor ``None`` (when the iteration
            starts).
    """
    if isinstance(sides, (str, bytes)) or not isinstance(sides, Sequence):
        raise ParameterError("sides", sides, "a sequence of integers >= 1")
    sides = tuple(sides)
    for s in sides:
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise ParameterError("sides", list(sides), "a sequence of integers >= 1")
    _check_stop(stop)
    if stop is None:
        for faces in itertools.product(*(range(1, s + 1) for s in sides)):
            yield faces, 1
        return
    yield from _weighted([_values(s) for s in sides], stop)


def _check_stop(stop: object) -> None:
    if stop is not None and not callable(stop):
        raise ParameterError("stop", stop, "a function or None")


def _weighted(
    values: Sequence[Values], stop: StopRule | None
) -> Iterator[tuple[tuple[int, ...], int]]:
    """`face_weights` over dice that show ``values`` (exploding dice: sums).

    The weight of a way is the product of its values' weights, times the
    total weight of each die a stop rule leaves undrawn.
    """
    if stop is None:
        for combo in itertools.product(*values):
            weight = 1
            for _, w in combo:
                weight *= w
            yield tuple(v for v, _ in combo), weight
        return
    n = len(values)
    totals = [sum(w for _, w in vs) for vs in values]
    rest = [math.prod(totals[i:]) for i in range(n + 1)]
    stack: list[tuple[tuple[int, ...], int]] = [((), 1)]
    while stack:
        prefix, weight = stack.pop()
        i = len(prefix)
        if i == n or (i and stop(prefix)):
            yield prefix, weight * rest[i]
            continue
        stack.extend(((*prefix, v), weight * w) for v, w in reversed(values[i]))


def _groups(dice: Sequence[tuple[int, str]]) -> list[tuple[int, list[int]]]:
    """The positions of the dice that share sides and role, first seen first."""
    groups: dict[tuple[int, str], list[int]] = {}
    for i, die in enumerate(dice):
        groups.setdefault(die, []).append(i)
    return [(die[0], where) for die, where in groups.items()]


def _unordered_count(
    dice: Sequence[tuple[int, str]], flags: Sequence[int] | None = None
) -> int:
    """How many face multisets ``dice`` have (dice sharing sides and role)."""
    values = _die_values(dice, flags)
    return math.prod(
        math.comb(len(where) + len(values[where[0]]) - 1, len(where))
        for _, where in _groups(dice)
    )


def _multisets(sides: int, n: int) -> list[tuple[tuple[int, ...], int]]:
    """The multisets of ``n`` faces of a ``sides``-sided die, with their orders.

    Each multiset is ascending; its weight is the number of orders it comes
    in (``n!`` over the factorials of the counts of its faces).

    >>> _multisets(3, 2)
    [((1, 1), 1), ((1, 2), 2), ((1, 3), 2), ((2, 2), 1), ((2, 3), 2), ((3, 3), 1)]
    """
    fact = [math.factorial(i) for i in range(n + 1)]
    # (faces so far, product of their counts' factorials, dice left), one
    # face value at a time: how many dice show 1, then 2, ...
    partial: list[tuple[tuple[int, ...], int, int]] = [((), 1, n)]
    for face in range(1, sides):
        partial = [
            (faces + (face,) * c, denom * fact[c], left - c)
            for faces, denom, left in partial
            for c in range(left, -1, -1)
        ]
    top = fact[n]
    return [
        (faces + (sides,) * left, top // (denom * fact[left]))
        for faces, denom, left in partial
    ]


def _value_multisets(values: Values, n: int) -> list[tuple[tuple[int, ...], int]]:
    """`_multisets` of ``n`` dice showing ``values``, weighted by them too."""
    if all(w == 1 for _, w in values) and [v for v, _ in values] == list(
        range(1, len(values) + 1)
    ):
        return _multisets(len(values), n)
    out = []
    for picks, orders in _multisets(len(values), n):
        weight = orders
        for i in picks:
            weight *= values[i - 1][1]
        out.append((tuple(values[i - 1][0] for i in picks), weight))
    return out


def _unordered_weights(
    dice: Sequence[tuple[int, str]], flags: Sequence[int] | None = None
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of faces, with how many face combinations it stands for.

    Dice that share sides and role are interchangeable: each way they can
    fall is given once, its faces ascending over their positions, weighted
    by the number of orders it can come in (a multinomial coefficient) and,
    for exploding dice, by the draws each sum stands for.

    >>> list(_unordered_weights([(2, "a"), (2, "a")]))
    [((1, 1), 1), ((1, 2), 2), ((2, 2), 1)]
    """
    groups = _groups(dice)
    values = _die_values(dice, flags)
    choices = [_value_multisets(values[where[0]], len(where)) for _, where in groups]
    if len(groups) == 1 and groups[0][1] == list(range(len(dice))):
        yield from choices[0]  # one pool: its faces are the multisets as they are
        return
    size = len(dice)
    for picked in itertools.product(*choices):
        faces = [0] * size
        weight = 1
        for (_, where), (group_faces, w) in zip(groups, picked, strict=True):
            for i, face in zip(where, group_faces, strict=True):
                faces[i] = face
            weight *= w
        yield tuple(faces), weight


def _refuse_beyond(
    values: Sequence[Values], stop: StopRule | None, budget: int
) -> None:
    """Refuse dice that can be drawn in more than ``budget`` ways.

    ``values`` are what each die can show (`_values`). Without ``stop`` the
    ways are the face combinations (their product). With it a draw that
    settles the check leaves the later dice undrawn, so a die that may be
    drawn again and again (an explosion: ``stop`` holds unless the last face
    is the highest) has far fewer ways than combinations: they are counted,
    ``stop`` alone asked, and the count ends at twice the budget.

    >>> _refuse_beyond([_values(6)] * 21, lambda faces: faces[-1] != 6, 200)
    >>> _refuse_beyond([_values(6)] * 21, None, 200)
    Traceback (most recent call last):
    ...
    rollwerk.errors.LimitExceeded: face enumeration budget limit exceeded: about 2.1e16 is more than the maximum of 200 (by about 2.1e16)

    Raises:
        LimitExceeded: Naming the ways: the face combinations without
            ``stop``; with it, the ways counted when at most twice the
            budget, else "at least" that many and one.
    """
    counted = math.prod(len(v) for v in values)
    if stop is not None and counted > budget:
        counted = sum(
            1 for _ in itertools.islice(_weighted(values, stop), 2 * budget + 1)
        )
    if counted <= budget:
        return
    # with a stop rule, counting ended past twice the budget: a lower bound
    bound = stop is not None and counted > 2 * budget
    raise LimitExceeded("face enumeration budget", counted, budget, at_least=bound)


def _ways(values: Sequence[Values], stop: StopRule | None, limit: int) -> int:
    """How many ways the dice can be drawn; past ``limit``, any larger number.

    The face combinations (the product of what each die can show), unless a
    stop rule leaves fewer: then they are counted, ``stop`` alone asked,
    until the count passes ``limit``.
    """
    combinations = math.prod(len(v) for v in values)
    if combinations <= limit or stop is None:
        return combinations
    return sum(1 for _ in itertools.islice(_weighted(values, stop), limit + 1))


def enumerate_faces(
    dice: DiceSpec,
    judge: Callable[[tuple[int, ...]], Outcome],
    *,
    budget: int = ENUMERATION_BUDGET,
    stop: StopRule | None = None,
    unordered: bool = False,
    explode: bool | Collection[str] = False,
    explosion_cap: int | None = None,
) -> Distribution[Outcome]:
    """The exact outcome distribution of ``judge`` over every face combination.

    Each combination of faces of ``dice`` is equally likely; ``judge`` maps
    it to an outcome. With ``stop``, the dice after a draw that settles the
    check are not drawn, and ``judge`` sees only the faces drawn (see
    [`face_weights`][rollwerk.checks.face_weights]). With ``unordered``,
    ``judge`` must not depend on the order of dice that share sides and
    role: it sees each multiset of their faces once (ascending over their
    positions), weighted by the orders it stands for, so ``20d6`` is 53 130
    calls rather than 6²⁰. With ``explode`` (``True``, or the roles of the
    dice that explode), a die of those roles showing its highest face adds
    another, up to [`explosion_cap`][rollwerk.dice.DiceLimits.explosion_cap]
    extra dice (or ``explosion_cap``, from 1 to that), and ``judge`` sees
    the sum in the die's place.

    >>> from rollwerk.checks import Degree, Outcome
    >>> dist = enumerate_faces([6, 6], lambda f: Outcome(sum(f) >= 10, Degree.SUCCESS
    ...     if sum(f) >= 10 else Degree.FAILURE, None))
    >>> dist.probability(lambda o: o.success)
    Fraction(1, 6)

    Raises:
        LimitExceeded: The dice can be drawn in more than ``budget`` ways
            (``face enumeration budget``; the ways are the face
            combinations — an exploding die counts each sum it can show —,
            with ``unordered`` their multisets, or with ``stop`` the draws
            it leaves, counted with ``stop`` alone before any face is
            judged). The message gives the number of face combinations
            (with ``unordered``, of multisets; with ``stop``, the draws it
            leaves where they are at most twice the budget, else "at
            least" twice the budget and one).
        ParameterError: ``unordered`` with ``stop`` (a stop rule reads the
            order of the draw), or a die of one side that explodes; an
            argument of the wrong type (``judge`` or ``stop`` that cannot be
            called, a ``budget`` that is not an integer >= 1, an
            ``explosion_cap`` outside 1 to 20 or without ``explode``).
    """
    if not callable(judge):
        raise ParameterError("judge", judge, "a function of the faces")
    checked = _dice(dice)
    _check_stop(stop)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ParameterError("budget", budget, "an integer >= 1")
    if not isinstance(unordered, bool):
        raise ParameterError("unordered", unordered, "True or False")
    exploding = _explode_roles(explode)
    flags = _explodes(checked, exploding, _explosion_cap(explosion_cap, exploding))
    ways: Iterator[tuple[tuple[int, ...], int]]
    if unordered:
        if stop is not None:
            raise ParameterError(
                "unordered", unordered, "False with a stop rule (it reads the order)"
            )
        count = _unordered_count(checked, flags)
        if count > budget:
            raise LimitExceeded("face enumeration budget", count, budget)
        ways = _unordered_weights(checked, flags)
    else:
        values = _die_values(checked, flags)
        _refuse_beyond(values, stop, budget)
        # dice that do not explode: the plain product, no weights to multiply
        ways = (
            face_weights([s for s, _ in checked], stop)
            if flags is None
            else _weighted(values, stop)
        )
    weights: dict[Outcome, int] = {}
    for faces, weight in ways:
        outcome = judge(faces)
        weights[outcome] = weights.get(outcome, 0) + weight
    return Distribution.from_weights(weights)


def compare(first: Any, second: Any) -> ContestOutcome:
    """``FIRST`` if ``first > second``, ``SECOND`` if less, else ``TIE``.

    For contest rules written as a key per side (``(level rank, skill)``).

    >>> compare((3, 40), (3, 55))
    <ContestOutcome.SECOND: 'second'>

    Raises:
        ParameterError: The two keys cannot be compared (``5`` and ``None``).
    """
    try:
        if first > second:
            return ContestOutcome.FIRST
        if second > first:
            return ContestOutcome.SECOND
    except TypeError:
        raise ParameterError(
            "keys",
            (first, second),
            "two keys that compare with each other (numbers, or tuples of them)",
        ) from None
    return ContestOutcome.TIE


def _declaration(
    d: CheckDefinition,
) -> tuple[Any, bool | frozenset[str], int | None]:
    """Refuse a malformed declaration; the dice (a tuple), roles and cap to keep.

    What ``define_check`` promises to refuse when a check is declared,
    checked by `CheckDefinition` itself, so that a definition derived with
    ``attrs.evolve`` (an optional rule's judge) is checked as well.
    """
    name, parameters, judge, odds = d.name, d.parameters, d.judge, d.odds
    explain, stop, budget, unordered = d.explain, d.stop, d.budget, d.unordered
    contest_symmetric, help = d.contest_symmetric, d.help
    explode, explosion_cap = d.explode, d.explosion_cap
    dice: Any = d.dice
    if not is_word(name):
        # a dot would make its help id <ruleset>.help.<name> another's
        raise ParameterError("name", name, "a word without spaces, dots or colons")
    if not callable(judge):
        raise ParameterError("judge", judge, "a function of the faces")
    checked_parameters(parameters)
    fixed = None
    if not callable(dice):
        fixed = _dice(dice)
        dice = tuple(dice)  # hashable, so that checks are (a list is not)
    for key, fn in (("odds", odds), ("explain", explain), ("stop", stop)):
        if fn is not None and not callable(fn):
            raise ParameterError(key, fn, "a function or None")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ParameterError("budget", budget, "an integer >= 1")
    declared = [p.name for p in parameters if isinstance(p, Parameter)]
    functions: tuple[tuple[str, object, int], ...] = (
        ("dice", dice, 0),
        ("judge", judge, 1),
        ("odds", odds, 0),
        ("explain", explain, 2),
        ("stop", stop, 1),
    )
    for key, function, skip in functions:
        if callable(function):
            _check_signature(key, function, skip, declared)
    if not isinstance(unordered, bool):
        raise ParameterError("unordered", unordered, "True or False")
    if not isinstance(contest_symmetric, bool):
        raise ParameterError("contest_symmetric", contest_symmetric, "True or False")
    if not isinstance(help, str):
        raise ParameterError("help", help, "a string")
    exploding = _explode_roles(explode)
    cap = _explosion_cap(explosion_cap, exploding)
    if fixed is not None:
        _explodes(fixed, exploding, cap)
        if isinstance(exploding, frozenset) and not exploding <= {r for _, r in fixed}:
            roles = ", ".join(sorted({repr(r) for _, r in fixed})) or "none"
            raise ParameterError(
                "explode",
                sorted(exploding - {r for _, r in fixed}),
                f"roles of the declared dice ({roles})",
            )
    elif isinstance(exploding, frozenset) and exploding:
        # a dice function may leave a role out for some parameters (no wild
        # die), but a role it gives for none of them is a mistake ("wyld")
        declared_parameters = [p for p in parameters if isinstance(p, Parameter)]
        seen, tried = _probe_roles(dice, declared_parameters, exploding)
        if tried and not exploding <= seen:
            roles = ", ".join(sorted(repr(r) for r in seen)) or "no roles"
            sets = "1 parameter set" if tried == 1 else f"{tried} parameter sets"
            raise ParameterError(
                "explode",
                sorted(exploding - seen),
                f"roles of the dice the dice function gives ({roles}; {sets} tried)",
            )
    if unordered and stop is not None:
        raise ParameterError(
            "unordered", unordered, "False with a stop rule (it reads the order)"
        )
    return dice, exploding, cap


@attrs.frozen
class CheckDefinition:
    """A check declared by its dice and a judge; build it with ``define_check``.

    A ruleset value ([`define_ruleset`][rollwerk.rulesets.define_ruleset])
    turns each definition into a [`CheckSpec`][rollwerk.checks.CheckSpec]
    whose checks are [`FaceCheck`][rollwerk.checks.FaceCheck]s.
    """

    __repr__ = value_repr

    name: str
    """The check's name within its ruleset (``"check"``)."""
    parameters: tuple[Parameter, ...]
    """The declared parameters, in the order the CLI lists them."""
    dice: Callable[..., DiceSpec] | DiceSpec = attrs.field(repr=False)
    """The dice, or a function of the parameters that gives them."""
    judge: Callable[..., Outcome] = attrs.field(repr=False)
    """``judge(faces, **parameters)``: the outcome of one face combination."""
    odds: Callable[..., Distribution[Outcome]] | None = attrs.field(
        default=None, repr=False
    )
    """``odds(**parameters)``: a closed form of the exact distribution, or None."""
    explain: Callable[..., Text] | None = attrs.field(default=None, repr=False)
    """``explain(faces, outcome, **parameters)``: the explanation, or None."""
    help: str = ""
    """One line saying what the check is for."""
    budget: int = ENUMERATION_BUDGET
    """The most face combinations enumerated for the exact odds."""
    contest_symmetric: bool = True
    """Whether swapping two sides of a contest swaps FIRST and SECOND."""
    stop: Callable[..., bool] | None = attrs.field(default=None, repr=False)
    """``stop(faces, **parameters)``: whether the faces drawn so far settle
    the check (the later dice are not drawn), or None: every die is drawn."""
    unordered: bool = False
    """Whether the judge ignores the order of dice that share sides and role
    (a pool): the exact odds then judge each multiset of faces once."""
    explode: bool | frozenset[str] = False
    """Which dice explode: ``True`` (all), ``False`` (none) or their roles."""
    explosion_cap: int | None = None
    """The most extra dice one die draws, or None: notation's
    [`explosion_cap`][rollwerk.dice.DiceLimits.explosion_cap] (20)."""
    _accepts: dict[str, frozenset[str] | None] = attrs.field(
        init=False, repr=False, eq=False, hash=False, factory=dict
    )
    _rolls: dict[tuple[int, int, str], DieRoll] = attrs.field(
        init=False, repr=False, eq=False, hash=False, factory=dict
    )
    """The die records built so far, shared by every check of this definition."""
    _shapes: dict[
        tuple[Any, ...],
        tuple[tuple[tuple[int, str], ...], int, tuple[int, ...] | None],
    ] = attrs.field(init=False, repr=False, eq=False, hash=False, factory=dict)
    """The dice declarations read so far: as given → (validated, the results
    a memo may keep (0: no memo), which dice explode)."""
    _plan: _Plan = attrs.field(init=False, repr=False, eq=False, hash=False)
    """What building a check needs of the definition, read once: the dice
    function (None: fixed dice) and the parameters the dice, judge and stop
    functions take."""

    def __attrs_post_init__(self) -> None:
        """Refuse a malformed declaration, as `define_check` documents.

        Raises:
            ParameterError: As [`define_check`][rollwerk.checks.define_check]
                (also for a definition made with ``attrs.evolve``).
        """
        dice, exploding, cap = _declaration(self)
        object.__setattr__(self, "parameters", tuple(self.parameters))
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "explode", exploding)
        object.__setattr__(self, "explosion_cap", cap)
        for key, fn, skip in (
            ("dice", self.dice, 0),
            ("judge", self.judge, 1),
            ("odds", self.odds, 0),
            ("explain", self.explain, 2),
            ("stop", self.stop, 1),
        ):
            if callable(fn):
                self._accepts[key] = _accepted(fn, skip)
        accepts = self._accepts
        object.__setattr__(
            self,
            "_plan",
            (
                self.dice if callable(self.dice) else None,
                accepts.get("dice"),
                accepts.get("judge"),
                accepts.get("stop"),
            ),
        )

    @staticmethod
    def of(spec: CheckSpec) -> CheckDefinition | None:
        """The definition a `define_check` check's spec was made from, or None.

        ``spec`` is one of a ruleset's [`checks()`][rollwerk.rulesets.Ruleset.checks]
        (also as the plugin registry hands it out, guarded); None for a
        spec whose factory is hand-written. An optional rule that changes
        how a check judges derives its variant from the definition
        ([An optional rule that changes the odds](../toolkit.md#an-optional-rule-that-changes-the-odds)).

        >>> from rollwerk.checks import Outcome, Degree
        >>> flip = define_check("flip", [], dice=[2],
        ...     judge=lambda faces: Outcome(faces[0] == 2, Degree.SUCCESS, faces[0]))
        >>> CheckDefinition.of(flip.spec("coin")) == flip
        True

        Raises:
            ParameterError: ``spec`` is not a [`CheckSpec`][rollwerk.checks.CheckSpec].
        """
        if not isinstance(spec, CheckSpec):
            raise ParameterError(
                "spec", spec, "a CheckSpec (one of a ruleset's checks())"
            )
        factory = inspect.unwrap(spec.factory)  # the registry's guard keeps it
        return factory.definition if isinstance(factory, BoundFactory) else None

    @overload
    def call(
        self, what: Literal["judge"], *args: Any, params: Mapping[str, Scalar]
    ) -> Outcome: ...
    @overload
    def call(
        self, what: Literal["odds"], *args: Any, params: Mapping[str, Scalar]
    ) -> Distribution[Outcome]: ...
    @overload
    def call(
        self, what: Literal["explain"], *args: Any, params: Mapping[str, Scalar]
    ) -> Text: ...
    @overload
    def call(
        self, what: Literal["stop"], *args: Any, params: Mapping[str, Scalar]
    ) -> bool: ...
    @overload
    def call(
        self, what: Literal["dice"], *args: Any, params: Mapping[str, Scalar]
    ) -> DiceSpec: ...
    def call(self, what: str, *args: Any, params: Mapping[str, Scalar]) -> object:
        """Call the ``dice``, ``judge``, ``odds``, ``explain`` or ``stop`` function.

        Each gets the parameters its signature names (all of them if it takes
        ``**kwargs``), after the positional ``args``. What it returns is
        typed as the function's declaration says (``"judge"`` an
        [`Outcome`][rollwerk.checks.Outcome], ``"odds"`` a
        ``Distribution[Outcome]``, ``"explain"`` a `Text`, ``"stop"`` a
        bool, ``"dice"`` a [`DiceSpec`][rollwerk.checks.DiceSpec]); it is
        not checked here.

        Raises:
            ParameterError: ``what`` is not the name of a function this
                definition has (``"odds"`` without a closed form, ``"dice"``
                of fixed dice).
        """
        fn = getattr(self, what) if what in _FUNCTIONS else None
        if not callable(fn):
            has = [repr(f) for f in _FUNCTIONS if callable(getattr(self, f))]
            named = has[0] if len(has) == 1 else f"{', '.join(has[:-1])} or {has[-1]}"
            raise ParameterError("what", what, f"a function of {self.name!r}: {named}")
        return fn(*args, **_pick(self._accepts.get(what), params))

    def spec(self, ruleset: str, catalog: Catalog | None = None) -> CheckSpec:
        """The [`CheckSpec`][rollwerk.checks.CheckSpec] of this check in ``ruleset``.

        ``catalog`` holds the ruleset's labels (``<ruleset>.label.<key>``)
        used in the default explanation.

        Raises:
            ParameterError: ``ruleset`` is not a ruleset id (a word without
                spaces, dots, colons or ``+``, not starting with ``-``) or
                ``""``, or ``catalog`` is not a
                `Catalog` or None.
        """
        if ruleset != "" and not is_ruleset_id(ruleset):
            raise ParameterError(
                "ruleset", ruleset, f"a ruleset id ({RULESET_ID}), or '' for none"
            )
        if catalog is not None and not isinstance(catalog, Catalog):
            raise ParameterError("catalog", catalog, "a Catalog or None")
        return CheckSpec(
            self.name,
            self.parameters,
            BoundFactory(self, ruleset, catalog),
            help=self.help,
            contest_symmetric=self.contest_symmetric,
        )

    def build(
        self, ruleset: str = "", catalog: Catalog | None = None, **params: object
    ) -> FaceCheck:
        """Validate ``params`` against the declaration and build the check.

        An unknown name is refused as a parameter of ``<ruleset>:<check>``
        (of ``<check>`` without a ruleset), as `build_check` refuses it.
        """
        check = self.spec(ruleset, catalog)._build_of(params, ruleset or None)
        assert isinstance(check, FaceCheck)
        return check


class BoundFactory:
    """A `define_check` check's factory in one ruleset, with its catalog.

    `define_ruleset` binds a ready `CheckSpec` of another ruleset's toolkit
    check to its own id and catalog by replacing this factory.
    """

    __slots__ = ("catalog", "definition", "ruleset")

    def __init__(
        self, definition: CheckDefinition, ruleset: str, catalog: Catalog | None
    ) -> None:
        self.definition = definition
        self.ruleset = ruleset
        self.catalog = catalog

    def __call__(self, **params: Scalar) -> FaceCheck:
        return FaceCheck(self.definition, self.ruleset, params, self.catalog)

    def __eq__(self, other: object) -> bool:
        # a value, as its check spec and ruleset are: a deep copy or an
        # unpickled ruleset is equal to the one it was made from
        if not isinstance(other, BoundFactory):
            return NotImplemented
        return (
            self.ruleset == other.ruleset
            and self.definition == other.definition
            and self.catalog == other.catalog
        )

    def __hash__(self) -> int:
        return hash((self.ruleset, self.definition.name))

    def __reduce__(
        self,
    ) -> tuple[type[BoundFactory], tuple[CheckDefinition, str, Catalog | None]]:
        return (BoundFactory, (self.definition, self.ruleset, self.catalog))


_PROBE_SETS = 4096
"""The most parameter sets a dice function is called with when a check that
explodes by role is declared (see `_probe_roles`)."""
_PROBE_POINTS = 64
"""An integer range of more values is sampled at this many points."""


def _probe_values(p: Parameter) -> tuple[Scalar, ...]:
    """The values of ``p`` a dice function is tried with: all, or a sample.

    Every value of a ``bool``, of choices or of an integer range of at most
    `_PROBE_POINTS` values; otherwise the bounds, the default and points
    spread evenly between the bounds (0 and 1 where a bound is missing).
    """
    if p.type is bool:
        return (False, True)
    if p.choices is not None:
        return p.choices
    candidates: list[object] = [] if p.required else [p.default]
    lo, hi = p.min_value, p.max_value
    if p.type is int:
        if lo is not None and hi is not None and hi - lo < _PROBE_POINTS:
            return tuple(range(lo, hi + 1))
        if lo is not None and hi is not None:
            steps = _PROBE_POINTS - 1
            candidates += [lo + (hi - lo) * i // steps for i in range(steps + 1)]
        else:
            candidates += [v for v in (lo, hi, 0, 1) if v is not None]
    else:
        candidates.append("")
    out: list[Scalar] = []
    for candidate in candidates:
        try:
            value = p.validate(candidate)
        except ParameterError:
            continue
        if value not in out:
            out.append(value)
    return tuple(out)


def _probe_sets(
    choices: Sequence[tuple[Scalar, ...]],
) -> Iterator[tuple[Scalar, ...]]:
    """At most `_PROBE_SETS` distinct combinations of ``choices``, one each.

    All of them, in order, when there are that few. Otherwise every value of
    each parameter first, the others at their first value (a role a single
    parameter turns on is found whatever its place), then combinations
    drawn by a private generator with a fixed seed: the same on every run.
    """
    if not all(choices):
        return
    if math.prod(len(c) for c in choices) <= _PROBE_SETS:
        yield from itertools.product(*choices)
        return
    base = tuple(c[0] for c in choices)
    given = {base}
    yield base
    for i, values in enumerate(choices):
        for value in values[1:]:
            values_set = (*base[:i], value, *base[i + 1 :])
            if values_set not in given and len(given) < _PROBE_SETS:
                given.add(values_set)
                yield values_set
    draw = random.Random(_PROBE_SETS).choice
    misses = 0
    while len(given) < _PROBE_SETS and misses < _PROBE_SETS:
        values_set = tuple(draw(c) for c in choices)
        if values_set in given:
            misses += 1
            continue
        given.add(values_set)
        yield values_set


def _probe_roles(
    dice: Callable[..., DiceSpec],
    parameters: Sequence[Parameter],
    wanted: frozenset[str],
) -> tuple[frozenset[str], int]:
    """The roles ``dice`` gives, tried over its parameters' values.

    The dice function is called with the combinations of the values
    `_probe_values` gives for the parameters it takes, until every role in
    ``wanted`` has been seen: every combination when there are at most
    `_PROBE_SETS`, else `_probe_sets`' spread of that many. Combinations the
    function refuses (or cannot build dice for) are skipped: they fail
    again, with their own message, when such a check is built.

    Returns:
        The roles seen and how many parameter sets gave dice.
    """
    accepted = _accepted(dice, 0)
    taken = [p for p in parameters if accepted is None or p.name in accepted]
    seen: set[str] = set()
    tried = 0
    names = [p.name for p in taken]
    for values in _probe_sets([_probe_values(p) for p in taken]):
        try:
            given = _dice(dice(**dict(zip(names, values, strict=True))))
        except Exception:  # noqa: BLE001 - refused here, reported when built
            continue
        tried += 1
        seen.update(role for _, role in given)
        if wanted <= seen:
            break
    return frozenset(seen), tried


def define_check(
    name: str,
    parameters: Sequence[Parameter] = (),
    *,
    dice: Callable[..., DiceSpec] | DiceSpec,
    judge: Callable[..., Outcome],
    odds: Callable[..., Distribution[Outcome]] | None = None,
    explain: Callable[..., Text] | None = None,
    help: str = "",
    budget: int = ENUMERATION_BUDGET,
    contest_symmetric: bool = True,
    stop: Callable[..., bool] | None = None,
    unordered: bool = False,
    explode: bool | Collection[str] = False,
    explosion_cap: int | None = None,
) -> CheckDefinition:
    """Declare a check by its dice and a pure function from faces to an outcome.

    Args:
        name: The check's name in its ruleset (a word: no spaces, dots or
            colons, as a level id).
        parameters: The declared [`Parameter`][rollwerk.checks.Parameter]s.
        dice: The dice drawn, in order: sides or ``(sides, role)`` pairs, or
            a function of the parameters giving them (``d100_dice``); no
            dice means the check is decided without a roll.
        judge: ``judge(faces, **parameters) -> Outcome``, pure: the same
            faces and parameters always give the same outcome.
        odds: ``odds(**parameters) -> Distribution[Outcome]``, a closed form
            for dice too many to enumerate; the contract kit compares it
            with enumeration where the budget allows.
        explain: ``explain(faces, outcome, **parameters) -> Text``, pure;
            default: the faces, the value and the ruleset's label of the
            level (or degree), ``"d10 4, d10 2 → 42: hard success"``. It is
            called when a result's explanation is first read, not when the
            check resolves; an exception it raises then is a
            [`RulesError`][rollwerk.errors.RulesError] naming the check.
        help: One line for the CLI and the docs.
        budget: The most face combinations enumerated for exact odds.
        contest_symmetric: Whether swapping contest sides swaps the winner.
        stop: ``stop(faces, **parameters) -> bool`` for dice drawn only on
            some faces (a confirmation roll, a fate roll after a natural 1):
            after each die, whether the faces drawn so far settle the check;
            the dice after them are then not drawn, not recorded, and the
            judge and ``explain`` see only the faces drawn. Default: every
            die is drawn.
        unordered: ``True`` for a pool, whose judge gives the same outcome
            however the faces of dice that share sides and role are
            ordered (it counts successes, takes the highest...). The exact
            odds then judge each multiset of faces once, weighted by the
            orders it stands for, and ``budget`` counts multisets: 20d6 are
            53 130, not 6²⁰. The contract kit
            ([`assert_faces_match`][rollwerk.testing.assert_faces_match])
            checks that the judge ignores the order. Not with ``stop``.
        explode: Dice that explode (ace): ``True`` for every die, or the
            roles of those that do (``{"trait", "wild"}``). Such a die
            showing its highest face draws another of the same sides
            (recorded with the role ``explosion``), up to
            [`explosion_cap`][rollwerk.dice.DiceLimits.explosion_cap] (20)
            extra dice as in notation's ``1d6!``, and the judge, ``stop``
            and ``explain`` see the sum in the die's place: ``(6 + 6 + 3,
            4)`` is ``(15, 4)``. Each die explodes on its own, so a trait
            die and a wild die that both ace are one declaration. The
            budget counts the sums each die can show (a d6 that explodes
            shows 106). Each role must be one the dice have: with fixed
            dice, a role of a declared die; with a dice function, a role of
            the dice it gives for some parameters (it may leave a role out
            for others: no wild die). To find out, the dice function is
            called when the check is declared with the values of the
            parameters it takes (every value of a bool, of choices and of
            a range of at most 64 values, else a sample; at most 4096
            sets, stopping once every role was seen). Default: ``False``.
        explosion_cap: The most extra dice one exploding die draws, from 1
            to [`explosion_cap`][rollwerk.dice.DiceLimits.explosion_cap]
            (20), for rules with a cap of their own ("at most 3 extra
            throws"): the last counts at face value and does not explode
            again. Only with ``explode``. Default: ``None``, notation's cap.

    Each function receives only the parameters its signature names (or all
    of them through ``**kwargs``).

    >>> from rollwerk.checks import Degree, Outcome, Parameter
    >>> def judge(faces: tuple[int, ...], target: int) -> Outcome:
    ...     hit = faces[0] >= target
    ...     return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])
    >>> d20 = define_check("check", [Parameter("target", int, min_value=1,
    ...     max_value=20)], dice=[20], judge=judge)
    >>> check = d20.build("demo", target=15)
    >>> check.outcomes().probability(lambda o: o.success)
    Fraction(3, 10)

    Raises:
        ParameterError: A malformed declaration (name, budget, functions).
    """
    # before tuple(): a string would become its letters; CheckDefinition
    # checks the rest of the declaration
    checked_parameters(parameters)
    return CheckDefinition(
        name,
        tuple(parameters),
        dice,
        judge,
        odds,
        explain,
        help,
        budget,
        contest_symmetric,
        stop,
        unordered,
        explode,  # type: ignore[arg-type]
        explosion_cap,
    )


_FUNCTIONS = ("dice", "judge", "odds", "explain", "stop")
"""The functions of a definition that `CheckDefinition.call` calls."""


def _param_items(params: Mapping[str, Scalar]) -> tuple[tuple[str, Scalar], ...]:
    return tuple(dict(params).items())


_RESULT_FIELDS = (
    "success",
    "degree",
    "value",
    "rolls",
    "explanation",
    "rolled",
    "extras",
    "ruleset",
    "check",
    "level",
)
_RESULT_POSITIONAL = (
    tuple(a.alias for a in attrs.fields(CheckResult) if a.init) == _RESULT_FIELDS
)
"""Whether a `CheckResult` takes its fields positionally in this order (else
results are built by keyword, whatever the order of the fields)."""

_SETATTR = object.__setattr__
"""Sets a field of a frozen check, as the attrs-generated ``__init__`` does."""


def _faces_text(
    rolls: Sequence[DieRoll], chains: Sequence[tuple[int, bool]] | None = None
) -> Text:
    """``d6 2, d8 5`` from the toolkit's messages (a language can add its own).

    ``chains`` (a check whose dice explode) gives how many of the rolls each
    declared die drew, and whether it reached its cap: a die and its extra
    dice are one, ``d6 6+6+2=14``.
    """
    die = TOOLKIT_CATALOG.text
    shown: list[tuple[int, str | int | Text]] = []
    lengths = iter(chains if chains is not None else ())
    i = 0
    while i < len(rolls):
        r = rolls[i]
        drawn, capped = next(lengths, (1, False))
        j = i + drawn
        if j - i == 1:
            shown.append((r.sides, r.face))
        else:
            faces = [x.face for x in rolls[i:j]]
            chain: str | Text = f"{'+'.join(map(str, faces))}={sum(faces)}"
            if capped:  # as notation says it: the cap was reached
                cap = j - i - 1
                message = "toolkit.exploded_cap" + (".one" if cap == 1 else "")
                chain = die(message, faces=chain, cap=cap)
            shown.append((r.sides, chain))
        i = j
    text = die("toolkit.die", sides=shown[-1][0], face=shown[-1][1])
    for sides, face in reversed(shown[:-1]):
        first = die("toolkit.die", sides=sides, face=face)
        text = die("toolkit.dice", first=first, rest=text)
    return text


_CheckParts: TypeAlias = tuple[
    "CheckDefinition", str, "Catalog | None", tuple[tuple[str, Scalar], ...]
]
"""What an explanation needs of its check: definition, ruleset, catalog, parameters."""


def _label(ruleset: str, catalog: Catalog | None, outcome: Outcome) -> Text:
    """The ruleset's label of the outcome's level (or degree), else the toolkit's."""
    key = outcome.level or outcome.degree.value
    message = f"{ruleset}.label.{key}"
    if catalog is not None and catalog.template("en", message) is not None:
        return catalog.text(message)
    return TOOLKIT_CATALOG.text(f"toolkit.label.{outcome.degree.value}")


def _english_left_out(text: Text, left_out: frozenset[tuple[str, str, str]]) -> bool:
    """Whether ``text`` or a text in its fields has an English ``left_out`` holds."""
    template = text.catalog.template(FALLBACK, text.message)
    if template is not None and (FALLBACK, text.message, template) in left_out:
        return True
    return any(
        _english_left_out(v, left_out)
        for v in text.fields.values()
        if isinstance(v, Text)
    )


def _explanation(
    parts: _CheckParts,
    faces: tuple[int, ...],
    outcome: Outcome,
    rolls: tuple[DieRoll, ...],
    chains: Sequence[tuple[int, bool]] | None = None,
) -> Text:
    """The explanation of one result: the definition's, or the default."""
    d, ruleset, catalog, params = parts
    if d.explain is not None:
        try:
            explanation = d.call("explain", faces, outcome, params=dict(params))
        except Exception as exc:
            # the faces, outcome and parameters were validated: whatever the
            # explain function raises is the plugin's fault, not the caller's
            raise ExplainFailed(
                f"the explain function of {ruleset}:{d.name} raised "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        if not isinstance(explanation, Text):
            raise ExplainFailed(
                f"the explain function of {ruleset}:{d.name} returned "
                f"{explanation!r}, not a Text"
            )
        left_out = left_out_of(catalog) if catalog is not None else None
        if not left_out:
            return explanation
        # the function may hold the plugin's catalog as written: what the
        # registry left out of the ruleset's catalog is not shown from it;
        # where that was the English, the default explanation stands in
        if not _english_left_out(explanation, left_out):
            return without_templates(explanation, left_out)
    label = _label(ruleset, catalog, outcome)
    if not rolls:
        return TOOLKIT_CATALOG.text("toolkit.explain.no_roll", label=label)
    if outcome.value is None:
        return TOOLKIT_CATALOG.text(
            "toolkit.explain.no_value",
            faces=_faces_text(rolls, chains),
            label=label,
        )
    return TOOLKIT_CATALOG.text(
        "toolkit.explain",
        faces=_faces_text(rolls, chains),
        value=outcome.value,
        label=label,
    )


@attrs.frozen(init=False)
class FaceCheck:
    """A check built from a [`CheckDefinition`][rollwerk.checks.CheckDefinition].

    It implements the [`Check`][rollwerk.checks.Check] protocol: resolving
    draws the declared dice, looks the faces up in a memo (each combination
    is judged once per check) and records every die with its role; the exact
    distribution is the author's closed form or the enumeration of all
    faces (cached).
    """

    def __repr__(self) -> str:
        """``FaceCheck(ruleset='ds4', name='check', parameters={'pw': 14, …})``.

        What tells two checks apart; the definition (its dice, judge and
        every declared parameter) is ``check.definition``.
        """
        return (
            f"FaceCheck(ruleset={self.ruleset!r}, name={self.definition.name!r}, "
            f"parameters={dict(self._params)!r})"
        )

    definition: CheckDefinition
    """What the check is: its dice, judge and parameters."""
    ruleset: str
    """The id of the ruleset that built it."""
    _params: tuple[tuple[str, Scalar], ...] = attrs.field(
        converter=_param_items, alias="params"
    )
    catalog: Catalog | None = attrs.field(
        default=None, eq=False, hash=False, repr=False
    )
    """The ruleset's catalog, for the labels in the default explanation."""
    dice: tuple[tuple[int, str], ...] = attrs.field(init=False, repr=False)
    """The dice drawn, as ``(sides, role)`` pairs in draw order (a die that
    explodes draws its extra dice in its place)."""
    _explodes: tuple[int, ...] | None = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )
    """Each die's explosion cap, 0 where it does not explode, or None: none does."""
    _first: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _stop: StopRule | None = attrs.field(init=False, repr=False, eq=False, hash=False)
    _unsettled: set[int] = attrs.field(
        init=False, repr=False, eq=False, hash=False, factory=set
    )
    _memo: dict[Any, CheckResult] | None = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )
    _memo_size: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    """How many results ``_memo`` may come to hold (0: it is None)."""
    _cache: dict[str, Distribution[Outcome]] = attrs.field(
        init=False, repr=False, eq=False, hash=False, factory=dict
    )
    _judge_params: dict[str, Scalar] = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )

    def __init__(
        self,
        definition: CheckDefinition,
        ruleset: str,
        params: Mapping[str, Scalar],
        catalog: Catalog | None = None,
    ) -> None:
        """The check of ``definition`` with validated ``params``, for ``ruleset``.

        Raises:
            ParameterError: The dice do not fit the parameters (as the dice
                function or the declared dice say).
        """
        # What an attrs-generated __init__ with a converter for ``params``
        # and an __attrs_post_init__ would do, in one call: a check built
        # for a request seen for the first time is on the bot path.
        put = _SETATTR.__get__(self)
        put("definition", definition)
        put("ruleset", ruleset)
        if params.__class__ is dict:
            items = tuple(params.items())  # what _param_items gives for a dict
            values = params  # only read: every pick below is a new dict
        else:
            items = _param_items(params)
            values = dict(items)
        put("_params", items)
        put("catalog", catalog)
        put("_unsettled", set())
        put("_cache", {})
        d = definition
        dice_fn, dice_accepts, judge_accepts, stop_accepts = d._plan
        put("_judge_params", _pick(judge_accepts, values))
        raw = d.dice if dice_fn is None else dice_fn(**_pick(dice_accepts, values))
        key: tuple[Any, ...] | None = None
        shape = None
        if raw.__class__ is tuple or raw.__class__ is list:  # what _dice accepts
            try:
                key = tuple(raw)
                shape = d._shapes.get(key)
            except TypeError:  # unhashable items: _dice refuses them
                key = None
            if key is not None and dice_fn is not None and not _plain(key):
                # 6.0 == 6 and True == 1 hash alike: only exact ints and
                # strings share a shape, the rest is validated (and refused);
                # fixed dice were validated when the check was declared
                key = shape = None
        if shape is None:
            try:
                checked = _dice(raw)
                flags = _explodes(checked, d.explode, d.explosion_cap)
            except ParameterError as exc:
                if dice_fn is None:
                    raise
                raise CheckFault(
                    f"the dice function of {ruleset}:{d.name} returned no valid "
                    f"dice: {exc}"
                ) from exc
            ways = math.prod(len(v) for v in _die_values(checked, flags))
            shape = (checked, ways if ways <= MEMO_LIMIT else 0, flags)
            if key is not None and len(d._shapes) < MEMO_LIMIT:
                d._shapes[key] = shape
        dice, memo_size, flags = shape
        put("dice", dice)
        put("_explodes", flags)
        stop: StopRule | None = None
        if d.stop is not None and len(dice) > 1:
            picked = _pick(stop_accepts, values)
            rule = d.stop

            def stop(faces: tuple[int, ...]) -> bool:
                settled = rule(faces, **picked)
                if settled.__class__ is bool:
                    return settled
                raise CheckFault(
                    f"the stop rule of {ruleset}:{d.name} returned {settled!r} "
                    f"for the faces {faces}, not True or False"
                )

        put("_stop", stop)
        # resolving looks the first face up alone when it may settle the check
        alone = (len(dice) == 1 or stop is not None) and not (flags and flags[0])
        put("_first", dice[0][0] if alone else 0)
        put("_memo", {} if memo_size else None)
        put("_memo_size", memo_size)

    @property
    def name(self) -> str:
        """The check's name within its ruleset."""
        return self.definition.name

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The validated parameters it was built from."""
        return dict(self._params)

    def __reduce__(
        self,
    ) -> tuple[type[FaceCheck], tuple[CheckDefinition, str, dict[str, Scalar], Any]]:
        # built again from what it is: its stop rule is a closure over the
        # parameters, and its memo and caches are remade as they are used
        return (
            FaceCheck,
            (self.definition, self.ruleset, dict(self._params), self.catalog),
        )

    def outcome_for(self, faces: Sequence[int]) -> Outcome:
        """The outcome when the dice show ``faces`` (in draw order).

        One value per declared die: a die that explodes shows the sum of its
        chain (``(11, 4)`` of an exploding d6 and a d8), as the judge sees
        it; [`draws_for`][rollwerk.checks.FaceCheck.draws_for] gives the
        faces an Rng draws for them.

        Raises:
            ParameterError: ``faces`` do not fit the dice.
        """
        return self._judged(self._fitting(faces))

    def _fitting(self, faces: Sequence[int]) -> tuple[int, ...]:
        """``faces`` as a tuple, if they fit the dice.

        Raises:
            ParameterError: They do not.
        """
        if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence):
            raise ParameterError("faces", faces, "a sequence of faces, one per die")
        faces = tuple(faces)
        if len(faces) != len(self.dice) and (
            self._stop is None or not faces or len(faces) > len(self.dice)
        ):
            count = len(self.dice)
            raise ParameterError(
                "faces",
                faces,
                f"one face per die ({count} {'die' if count == 1 else 'dice'})",
            )
        flags = self._explodes
        for i, (face, (sides, _)) in enumerate(
            zip(faces, self.dice[: len(faces)], strict=True)
        ):
            if isinstance(face, bool) or not isinstance(face, int):
                raise ParameterError("faces", faces, "integers")
            if flags is not None and flags[i]:
                top = (flags[i] + 1) * sides
                if not 1 <= face <= top or (face % sides == 0 and face != top):
                    raise ParameterError(
                        "faces",
                        faces,
                        f"sums an exploding d{sides} can show: 1 to {top}, "
                        f"no multiple of {sides} but {top}{_which(faces, i)}",
                    )
            elif not 1 <= face <= sides:
                raise ParameterError(
                    "faces", faces, f"faces from 1 to {sides}{_which(faces, i)}"
                )
        if self._stop is not None:
            drawn = self._drawn(faces)
            if drawn != len(faces):
                # too few faces, and dice left: the rule has not settled the
                # check with them, so more are drawn, how many it cannot say
                many = (
                    f"at least {drawn}"
                    if len(faces) < drawn < len(self.dice)
                    else str(drawn)
                )
                raise ParameterError(
                    "faces",
                    faces,
                    "the faces drawn until the check is settled "
                    f"({many} of {len(self.dice)} dice)",
                )
        return faces

    def draws_for(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The faces an Rng gives, in draw order, for the dice to show ``faces``.

        ``faces`` themselves, unless a die explodes: then the faces of its
        chain stand in its place, so ``(15, 4)`` of an exploding d6 and a
        d8 are drawn as ``(6, 6, 3, 4)``. A
        [`ScriptedRng`][rollwerk.rng.ScriptedRng] of them resolves to
        [`result_for(faces)`][rollwerk.checks.FaceCheck.result_for].

        Raises:
            ParameterError: ``faces`` do not fit the dice.
        """
        faces = self._fitting(faces)
        flags = self._explodes
        if flags is None:
            return faces
        out: list[int] = []
        for i, face in enumerate(faces):
            if flags[i]:
                out.extend(_chain(face, self.dice[i][0], flags[i]))
            else:
                out.append(face)
        return tuple(out)

    def _drawn(self, faces: tuple[int, ...]) -> int:
        """How many of ``faces`` are drawn before the stop rule settles the check."""
        stop = self._stop
        n = 1
        while (
            n < len(self.dice)
            and n <= len(faces)
            and not (stop is not None and stop(faces[:n]))
        ):
            n += 1
        return n

    def face_weights(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every way this check's dice can fall, with its weight.

        The faces as they are drawn (fewer than the dice where the
        definition's ``stop`` settles the check early) and how many of the
        equally likely full face combinations each stands for; see
        [`face_weights`][rollwerk.checks.face_weights]. For an ``unordered``
        definition, each multiset of the faces of dice that share sides and
        role once, ascending over their positions. A die that explodes
        shows the sum of its chain, weighted by the draws it stands for.
        """
        flags = self._explodes
        if self.definition.unordered:
            return _unordered_weights(self.dice, flags)
        if flags is None:
            return face_weights([s for s, _ in self.dice], self._stop)
        return _weighted(_die_values(self.dice, flags), self._stop)

    def with_parameters(self, **changes: object) -> FaceCheck:
        """The same check with some parameters changed, validated again.

        Raises:
            ParameterError: A changed value is not allowed.
        """
        params = {**self.parameters, **changes}
        return self.definition.build(self.ruleset, self.catalog, **params)

    def result_for(self, faces: Sequence[int]) -> CheckResult:
        """The full result (rolls, explanation) when the dice show ``faces``.

        ``faces`` are one value per declared die, an exploding die's the sum
        of its chain, as for [`outcome_for`][rollwerk.checks.FaceCheck.outcome_for].
        The explanation is deferred ([`Text.deferred`][rollwerk.i18n.Text.deferred]):
        it is built when first read, so resolving costs the judge alone.

        Raises:
            ParameterError: ``faces`` do not fit the dice.
        """
        faces = self._fitting(faces)
        return self._result(faces, self._judged(faces))

    def _judged(self, faces: tuple[int, ...]) -> Outcome:
        """The judge's outcome for faces that fit the dice (drawn or checked)."""
        try:
            outcome = self.definition.judge(faces, **self._judge_params)
        except ParameterError as exc:
            raise _own_fault(f"the judge of {self.ruleset}:{self.name}", exc) from exc
        if outcome.__class__ is not Outcome and not isinstance(outcome, Outcome):
            raise CheckFault(
                f"the judge of {self.ruleset}:{self.name} returned {outcome!r}, "
                "not an Outcome"
            )
        rolled = bool(self.dice)
        if outcome.rolled is not rolled:
            outcome = attrs.evolve(outcome, rolled=rolled)
        return outcome

    def _result(self, faces: tuple[int, ...], outcome: Outcome) -> CheckResult:
        d = self.definition
        parts: _CheckParts = (d, self.ruleset, self.catalog, self._params)
        known = d._rolls
        rolled: tuple[DieRoll, ...]
        flags = self._explodes
        chains: list[tuple[int, bool]] | None = None
        if flags is not None:
            rolls = []
            chains = []
            for i, (face, (sides, role)) in enumerate(
                zip(faces, self.dice, strict=False)
            ):
                cap = flags[i]
                if not cap:
                    rolls.append(DieRoll(sides, face, role))
                    chains.append((1, False))
                    continue
                chain = _chain(face, sides, cap)
                rolls.append(DieRoll(sides, chain[0], role))
                rolls.extend(DieRoll(sides, f, "explosion") for f in chain[1:])
                chains.append((len(chain), len(chain) > cap))
            rolled = tuple(rolls)
        elif len(faces) == 1:  # one die: no list to build
            face = faces[0]
            sides, role = self.dice[0]
            roll = known.get((sides, face, role))
            if roll is None:
                roll = known[sides, face, role] = DieRoll(sides, face, role)
            rolled = (roll,)
        else:
            rolls = []
            for face, (sides, role) in zip(faces, self.dice, strict=False):
                roll = known.get((sides, face, role))
                if roll is None:
                    roll = known[sides, face, role] = DieRoll(sides, face, role)
                rolls.append(roll)
            rolled = tuple(rolls)
        # the closure holds the check's parts, not the check: a memo's
        # results then make no reference cycle through their explanations
        explanation = Text.deferred(
            lambda: _explanation(parts, faces, outcome, rolled, chains)
        )
        if _RESULT_POSITIONAL:  # keywords cost a third of the constructor
            return CheckResult(
                outcome.success,
                outcome.degree,
                outcome.value,
                rolled,
                explanation,
                outcome.rolled,
                outcome.extras,
                self.ruleset,
                d.name,
                outcome.level,
            )
        return CheckResult(
            success=outcome.success,
            degree=outcome.degree,
            value=outcome.value,
            rolls=rolled,
            explanation=explanation,
            rolled=outcome.rolled,
            extras=outcome.extras,
            ruleset=self.ruleset,
            check=d.name,
            level=outcome.level,
        )

    def resolve(self, rng: Rng) -> CheckResult:
        """Draw the declared dice from ``rng`` and judge them.

        Raises:
            ParameterError: ``rng`` is not an Rng (it has no ``roll``).
        """
        try:
            if rng.__class__ not in _OWN:
                rng = checked(rng)
            memo = self._memo
            first = self._first
            if first and memo is not None:
                face = rng.roll(first)
                result = memo.get(face)
                if result is not None:
                    return result
                unsettled = self._unsettled
                if face not in unsettled:
                    if self._stop is None or self._stop((face,)):
                        result = memo[face] = self._result(
                            (face,), self._judged((face,))
                        )
                        return result
                    unsettled.add(face)
                faces = self._draw(rng, (face,))
            else:
                faces = self._draw(rng, ())
            if memo is None:
                return self._result(faces, self._judged(faces))
            result = memo.get(faces)
            if result is None:
                result = memo[faces] = self._result(faces, self._judged(faces))
            return result
        except AttributeError:  # costs nothing unless raised
            if not is_rng(rng):
                raise not_an_rng(rng) from None
            raise

    def _draw(self, rng: Rng, faces: tuple[int, ...]) -> tuple[int, ...]:
        """Draw the dice after ``faces`` until the check is settled.

        ``faces`` do not settle it; drawing stops where the stop rule says
        so, or when every die is drawn.
        """
        stop = self._stop
        dice = self.dice
        flags = self._explodes
        n = len(dice)
        i = len(faces)
        while i < n:
            sides = dice[i][0]
            face = rng.roll(sides)
            if flags is not None and flags[i] and face == sides:
                total, extra, cap = face, 0, flags[i]
                while face == sides and extra < cap:
                    face = rng.roll(sides)
                    total += face
                    extra += 1
                face = total
            faces += (face,)
            i += 1
            if stop is not None and i < n and stop(faces):
                break
        return faces

    def enumerate(self) -> Distribution[Outcome]:
        """The exact distribution by judging every face combination.

        Raises:
            LimitExceeded: More combinations than the definition's budget.
        """
        d = self.definition
        judge_fn = d.judge
        picked = _pick(d._accepts.get("judge"), dict(self._params))
        rolled = bool(self.dice)

        def judge(faces: tuple[int, ...]) -> Outcome:
            # what outcome_for does, less its checks of the faces: enumerated
            # faces always fit, and the parameters are picked once, not per face
            try:
                outcome = judge_fn(faces, **picked)
            except ParameterError as exc:
                where = f"the judge of {self.ruleset}:{self.name}"
                raise _own_fault(where, exc) from exc
            if outcome.__class__ is not Outcome and not isinstance(outcome, Outcome):
                raise CheckFault(
                    f"the judge of {self.ruleset}:{self.name} returned {outcome!r}, "
                    "not an Outcome"
                )
            if outcome.rolled is not rolled:
                outcome = attrs.evolve(outcome, rolled=rolled)
            return outcome

        return enumerate_faces(
            self.dice,
            judge,
            budget=d.budget,
            stop=self._stop,
            unordered=d.unordered,
            explode=d.explode,
            explosion_cap=d.explosion_cap,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution: the closed form if declared, else enumeration.

        Raises:
            LimitExceeded: No closed form and more face combinations than
                the budget.
        """
        cached = self._cache.get("odds")
        if cached is None:
            d = self.definition
            if d.odds is not None:
                try:
                    cached = d.call("odds", params=self.parameters)
                except ParameterError as exc:
                    where = f"the odds function of {self.ruleset}:{self.name}"
                    raise _own_fault(where, exc) from exc
                if not isinstance(cached, Distribution):
                    raise CheckFault(
                        f"the odds function of {self.ruleset}:{self.name} returned "
                        f"{cached!r}, not a Distribution"
                    )
                stray = next(
                    (o for o in cached.support if not isinstance(o, Outcome)), None
                )
                if stray is not None:
                    raise CheckFault(
                        f"the odds function of {self.ruleset}:{self.name} returned "
                        f"a distribution with the outcome {stray!r}, not an Outcome"
                    )
                rolled = bool(self.dice)
                if any(
                    getattr(o, "rolled", rolled) is not rolled for o in cached.support
                ):
                    # as the judge's outcomes: rolled is whether there are dice
                    cached = cached.map(
                        lambda o: (
                            attrs.evolve(o, rolled=rolled)
                            if isinstance(o, Outcome) and o.rolled is not rolled
                            else o
                        )
                    )
            else:
                cached = self.enumerate()
            self._cache["odds"] = cached
        return cached
