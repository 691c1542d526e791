"""Targets, willing creatures and allies (PF2E-R11 to PF2E-R13).

Targeting (PF2E-R11, revised): an undetected creature is *hindered*, not
forbidden (how it is targeted is in the full rules, outside the excerpt, so
it is a hook); a creature that fails the effect's target requirements, or
has an ability that forbids being targeted, cannot be targeted at all.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from rollwerk import ParameterError, RulesError
from rollwerk_pf2e._grid import Space, checked_space

__all__ = [
    "Controller",
    "Creature",
    "TargetStatus",
    "allies",
    "choose_target",
    "is_ally",
    "is_willing",
    "targeting_status",
    "willingness_decided_by",
]


class Controller(enum.Enum):
    """Who controls a creature."""

    PLAYER = "player"
    """A player character (SC): its player decides for it."""
    GM = "gm"
    """A non-player character or monster (NSC): the GM decides."""


def _id(value: object) -> None:
    if not isinstance(value, str) or not value:
        raise ParameterError("id", value, "a non-empty string")


def _controller(_self: object, _attribute: Any, value: object) -> None:
    if not isinstance(value, Controller):
        raise ParameterError("controller", value, "Controller.PLAYER or Controller.GM")


def _side(_self: object, _attribute: Any, value: object) -> None:
    if not isinstance(value, str):
        raise ParameterError("side", value, "a string ('' for no side)")


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ParameterError(name, value, "True or False")
    return value


@attrs.frozen
class Creature:
    """A creature on the grid.

    ``id`` is a non-empty string, ``space`` a `Space`, ``controller`` a
    `Controller`, ``side`` a string and ``darkvision`` True or False;
    anything else is a [`ParameterError`][rollwerk.errors.ParameterError].
    """

    id: str = attrs.field(validator=lambda _i, _a, v: _id(v))
    """A unique identifier (a non-empty string)."""
    space: Space = attrs.field(
        factory=lambda: Space(0, 0),
        validator=lambda _i, _a, v: checked_space(v, "space"),
    )
    """Where it stands (and how big it is)."""
    controller: Controller = attrs.field(default=Controller.GM, validator=_controller)
    """Who decides for it (PF2E-R12)."""
    side: str = attrs.field(default="", validator=_side)
    """Its side in the fight (creatures on one side are allies, PF2E-R13);
    ``""``: no side, an ally of no one unless the GM rules so."""
    darkvision: bool = attrs.field(
        default=False, validator=lambda _i, _a, v: _flag(v, "darkvision")
    )
    """Whether it sees in darkness (PF2E-R22)."""


def _creature(value: object, name: str) -> Creature:
    """``value`` if it is a `Creature`, else a `ParameterError` naming ``name``."""
    if not isinstance(value, Creature):
        raise ParameterError(name, value, "a Creature")
    return value


def _answer(value: object, call: str) -> bool:
    """A hook's answer if it is True or False, else a `ParameterError` naming the call."""
    if not isinstance(value, bool):
        raise ParameterError(call, value, "True or False")
    return value


class TargetStatus(enum.Enum):
    """Whether a creature can be chosen as a target (PF2E-R11, revised)."""

    TARGETABLE = "targetable"
    """Nothing stands in the way."""
    HINDERED = "hindered"
    """Undetected: targeting is difficult; the full rules resolve it (a hook)."""
    NOT_TARGETABLE = "not_targetable"
    """Fails the target requirements, or an ability forbids it: impossible."""


def targeting_status(
    *,
    undetected: bool = False,
    meets_requirements: bool = True,
    untargetable: bool = False,
) -> TargetStatus:
    """Classify a would-be target (PF2E-R11, revised).

    >>> targeting_status(undetected=True).name
    'HINDERED'
    >>> targeting_status(undetected=True, meets_requirements=False).name
    'NOT_TARGETABLE'

    Raises:
        ParameterError: A flag is not True or False.
    """
    _flag(undetected, "undetected")
    _flag(meets_requirements, "meets_requirements")
    _flag(untargetable, "untargetable")
    if untargetable or not meets_requirements:
        return TargetStatus.NOT_TARGETABLE
    if undetected:
        return TargetStatus.HINDERED
    return TargetStatus.TARGETABLE


HinderedResolver = Callable[[Creature, Creature], bool]
"""Decides whether targeting an undetected creature works: ``(chooser, target)``."""


def choose_target(
    chooser: Creature,
    target: Creature,
    *,
    undetected: bool = False,
    meets_requirements: bool = True,
    untargetable: bool = False,
    requirement: str = "the effect's target requirements",
    resolve_hindered: HinderedResolver | None = None,
) -> Creature:
    """Choose ``target`` for an effect, or refuse with a clear error (PF2E-R11).

    Args:
        chooser: The creature choosing the target.
        target: The creature to target.
        undetected: Whether ``target`` is undetected by ``chooser``.
        meets_requirements: Whether ``target`` meets the target requirements.
        untargetable: Whether an ability of ``target`` forbids targeting it.
        requirement: The requirement, in words, for the error message.
        resolve_hindered: The hook that resolves targeting an undetected
            creature (for example the full rules' flat check); without one,
            targeting an undetected creature is refused.

    Returns:
        ``target``.

    Raises:
        RulesError: If the target cannot be chosen.
        ParameterError: ``chooser`` or ``target`` is not a Creature, a flag
            not True or False, ``requirement`` not a string,
            ``resolve_hindered`` not a function or None, or what it returns
            not True or False.

    >>> a, b = Creature("alia"), Creature("goblin")
    >>> choose_target(a, b, meets_requirements=False, requirement="a willing creature")
    Traceback (most recent call last):
    ...
    rollwerk.errors.RulesError: alia cannot target goblin: it does not meet the target requirement (a willing creature) (PF2E-R11)
    >>> choose_target(a, b, undetected=True)
    Traceback (most recent call last):
    ...
    rollwerk.errors.RulesError: alia cannot simply target goblin: it is undetected, which hinders targeting; pass resolve_hindered to decide (PF2E-R11)
    >>> choose_target(a, b, undetected=True, resolve_hindered=lambda c, t: True).id
    'goblin'
    """
    _creature(chooser, "chooser")
    _creature(target, "target")
    if not isinstance(requirement, str):
        raise ParameterError("requirement", requirement, "a string")
    if resolve_hindered is not None and not callable(resolve_hindered):
        raise ParameterError(
            "resolve_hindered", resolve_hindered, "a function (chooser, target) or None"
        )
    status = targeting_status(
        undetected=undetected,
        meets_requirements=meets_requirements,
        untargetable=untargetable,
    )
    if status is TargetStatus.NOT_TARGETABLE:
        if untargetable:
            why = "an ability of it forbids being targeted"
        else:
            why = f"it does not meet the target requirement ({requirement})"
        raise RulesError(f"{chooser.id} cannot target {target.id}: {why} (PF2E-R11)")
    if status is TargetStatus.HINDERED:
        if resolve_hindered is None:
            raise RulesError(
                f"{chooser.id} cannot simply target {target.id}: it is undetected, "
                "which hinders targeting; pass resolve_hindered to decide (PF2E-R11)"
            )
        call = f"resolve_hindered(Creature({chooser.id!r}), Creature({target.id!r}))"
        if not _answer(resolve_hindered(chooser, target), call):
            raise RulesError(
                f"{chooser.id} failed to target the undetected {target.id} (PF2E-R11)"
            )
    return target


def willingness_decided_by(creature: Creature) -> Controller:
    """Who decides whether ``creature`` is willing (PF2E-R12).

    Its controller: the player for a PC, the GM for an NPC, even when the
    creature is unconscious or does not know what the effect is.

    >>> willingness_decided_by(Creature("valeros", controller=Controller.PLAYER)).name
    'PLAYER'

    Raises:
        ParameterError: ``creature`` is not a Creature.
    """
    return _creature(creature, "creature").controller


def is_willing(creature: Creature, ask: Callable[[Controller, Creature], bool]) -> bool:
    """Ask the creature's controller whether it is willing (PF2E-R12).

    ``ask(controller, creature)`` is the decision of the player or the GM:
    True or False.

    >>> pc = Creature("merisiel", controller=Controller.PLAYER)
    >>> is_willing(pc, lambda who, c: who is Controller.PLAYER)
    True
    >>> is_willing(pc, lambda who, c: "maybe")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: ask(Controller.PLAYER, Creature('merisiel')) must be True or False, got 'maybe'

    Raises:
        ParameterError: ``creature`` is not a Creature, ``ask`` not a
            function, or its answer not True or False.
    """
    controller = willingness_decided_by(creature)
    if not callable(ask):
        raise ParameterError("ask", ask, "a function (controller, creature)")
    call = f"ask(Controller.{controller.name}, Creature({creature.id!r}))"
    return _answer(ask(controller, creature), call)


def is_ally(
    chooser: Creature, other: Creature, *, gm_ruling: bool | None = None
) -> bool:
    """Whether ``other`` is an ally of ``chooser`` (PF2E-R13).

    A creature is never its own ally. Otherwise the GM's ruling counts if
    given (unclear cases, e.g. a bystander being protected), else being on
    the same (non-empty) side: creatures without a side are nobody's allies
    unless the GM rules so.

    >>> hero = Creature("kyra", side="party")
    >>> is_ally(hero, hero), is_ally(hero, Creature("ezren", side="party"))
    (False, True)

    Raises:
        ParameterError: ``chooser`` or ``other`` is not a Creature, or
            ``gm_ruling`` not True, False or None.
    """
    _creature(chooser, "chooser")
    _creature(other, "other")
    if gm_ruling is not None and not isinstance(gm_ruling, bool):
        raise ParameterError("gm_ruling", gm_ruling, "True, False or None")
    return _ally(chooser, other, gm_ruling)


def _ally(chooser: Creature, other: Creature, gm_ruling: bool | None) -> bool:
    """`is_ally` of checked arguments."""
    if chooser.id == other.id:
        return False
    if gm_ruling is not None:
        return gm_ruling
    return bool(chooser.side) and chooser.side == other.side


def allies(
    chooser: Creature,
    creatures: Iterable[Creature],
    *,
    include_self: bool = False,
    gm_rulings: Mapping[str, bool] | None = None,
) -> tuple[Creature, ...]:
    """The creatures an "allies" effect applies to (PF2E-R13, PF2E-A13).

    The chooser is excluded unless the effect says "you and your allies"
    (``include_self=True``). ``gm_rulings`` maps creature ids to the GM's
    ruling for that creature (see [`is_ally`][rollwerk_pf2e.is_ally]).

    Raises:
        ParameterError: ``chooser`` is not a Creature, ``creatures`` not an
            iterable of Creatures, ``include_self`` not True or False, or
            ``gm_rulings`` not a mapping of ids to True or False, or None.
    """
    _creature(chooser, "chooser")
    if isinstance(creatures, (str, bytes)) or not isinstance(creatures, Iterable):
        raise ParameterError("creatures", creatures, "an iterable of Creatures")
    pool = tuple(creatures)
    for i, c in enumerate(pool):
        _creature(c, f"creatures[{i}]")
    _flag(include_self, "include_self")
    if gm_rulings is not None and not (
        isinstance(gm_rulings, Mapping)
        and all(
            isinstance(k, str) and isinstance(v, bool) for k, v in gm_rulings.items()
        )
    ):
        raise ParameterError(
            "gm_rulings",
            gm_rulings,
            "a mapping of creature ids to True or False (str to bool), or None",
        )
    rulings = gm_rulings or {}
    out = []
    for c in pool:
        if c.id == chooser.id:
            if include_self:
                out.append(c)
        elif _ally(chooser, c, rulings.get(c.id)):
            out.append(c)
    return tuple(out)
