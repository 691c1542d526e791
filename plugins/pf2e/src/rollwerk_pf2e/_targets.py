"""Targets, willing creatures and allies (PF2E-R11 to PF2E-R13).

Targeting (PF2E-R11, revised): an undetected creature is *hindered*, not
forbidden (how it is targeted is in the full rules, outside the excerpt, so
it is a hook); a creature that fails the effect's target requirements, or
has an ability that forbids being targeted, cannot be targeted at all.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping

import attrs

from rollwerk import RulesError
from rollwerk_pf2e._grid import Space

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


@attrs.frozen
class Creature:
    """A creature on the grid."""

    id: str
    """A unique identifier."""
    space: Space = attrs.field(factory=lambda: Space(0, 0))
    """Where it stands (and how big it is)."""
    controller: Controller = Controller.GM
    """Who decides for it (PF2E-R12)."""
    side: str = ""
    """Its side in the fight (creatures on one side are allies, PF2E-R13);
    ``""``: no side, an ally of no one unless the GM rules so."""
    darkvision: bool = False
    """Whether it sees in darkness (PF2E-R22)."""


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
    """
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
        if not resolve_hindered(chooser, target):
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
    """
    return creature.controller


def is_willing(creature: Creature, ask: Callable[[Controller, Creature], bool]) -> bool:
    """Ask the creature's controller whether it is willing (PF2E-R12).

    ``ask(controller, creature)`` is the decision of the player or the GM.

    >>> pc = Creature("merisiel", controller=Controller.PLAYER)
    >>> is_willing(pc, lambda who, c: who is Controller.PLAYER)
    True
    """
    return bool(ask(willingness_decided_by(creature), creature))


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
    """
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
    (``include_self=True``).
    """
    rulings = gm_rulings or {}
    out = []
    for c in creatures:
        if c.id == chooser.id:
            if include_self:
                out.append(c)
        elif is_ally(chooser, c, gm_ruling=rulings.get(c.id)):
            out.append(c)
    return tuple(out)
