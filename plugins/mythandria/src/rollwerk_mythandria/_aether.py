"""Aether formulas: declaiming, reciting, cost, lockout and evolution (MY-R14..R20).

Aether formulas never use a check (MY-R14). Time is counted in the
character's **action slots** (MY-A04): 2 per combat round (MY-R20), counted
whether the character acts or lets the slot pass. A formula of level L:

1. is declaimed by the player (player phase): a slip fails it (MY-R15);
2. is recited by the character in L consecutive action slots; the effect
   happens after the last one, and an interruption fails it (MY-R16, MY-A05);
3. costs L phiols, spent in full on failure too (MY-R17, MY-A03);
4. locks the character out of aether for 2 slots per *personal* phiol,
   starting with the slot after the last recitation action (or, after a
   slip, with the next slot); recitation slots never count (MY-R18, MY-A04);
5. may draw phiols from aether space instead (aether evolution): each
   replaced phiol removes 2 slots of lockout (MY-R19).

This module is pure: a [`Casting`][rollwerk_mythandria.Casting] is a
timeline of slot numbers. [`Recital`][rollwerk_mythandria.Recital] plays the
same rules on a core [`Encounter`][rollwerk.encounter.Encounter], with the lockout as
an effect whose duration is a core ``Actions`` duration.
"""

from __future__ import annotations

import enum

import attrs

from rollwerk import ParameterError
from rollwerk.checks import Explanation
from rollwerk_mythandria._catalog import CATALOG

__all__ = [
    "ACTIONS_PER_ROUND",
    "FORMULA_LEVELS",
    "LOCKOUT_ACTIONS_PER_PHIOL",
    "MAX_TIMELINE",
    "AetherFormula",
    "Casting",
    "CastingStatus",
    "SlotUse",
    "cast",
    "cast_from_slots",
]

ACTIONS_PER_ROUND = 2
"""A combat round is 2 actions of a character (MY-R18, MY-R20)."""
LOCKOUT_ACTIONS_PER_PHIOL = 2
"""Each personal phiol spent locks aether for 1 round = 2 actions (MY-R18)."""
FORMULA_LEVELS = range(1, 6)
"""Formula levels 1..5 (MY-R16)."""
MAX_TIMELINE = 10_000
"""The most slots [`Casting.timeline`][rollwerk_mythandria.Casting.timeline] lists."""


def _int_in(name: str, value: object, low: int, high: int | None) -> int:
    allowed = (
        f"an integer from {low} to {high}"
        if high is not None
        else f"an integer >= {low}"
    )
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, allowed)
    if value < low or (high is not None and value > high):
        raise ParameterError(name, value, allowed)
    return value


@attrs.frozen
class AetherFormula:
    """An aether formula (*Aetherformel*) of level 1..5, with optional evolution.

    ``replaced`` phiols come from aether space (*Aetherevolution*) instead of
    the character's personal essence; the total need stays ``level`` phiols
    (MY-R19). ``evolution_cap`` is the per-formula limit the evolution talent
    sets (MY-A02); without it, any ``0 ≤ replaced ≤ level`` is allowed.

    >>> f = AetherFormula(3, replaced=1)  # V22
    >>> f.cost, f.personal, f.lockout_actions, f.lockout_rounds
    (3, 2, 4, 2)
    """

    level: int = attrs.field()
    """The formula level L (1..5): L recitation actions and L phiols."""
    replaced: int = attrs.field(default=0)
    """Phiols drawn from aether space by aether evolution (0..L)."""
    evolution_cap: int | None = attrs.field(default=None)
    """The talent's limit on ``replaced`` for this formula, if any (MY-A02)."""
    name: str = ""
    """The formula's name, for explanations."""

    def __attrs_post_init__(self) -> None:
        _int_in("level", self.level, FORMULA_LEVELS.start, FORMULA_LEVELS.stop - 1)
        if self.evolution_cap is not None:
            _int_in("evolution_cap", self.evolution_cap, 0, None)
        limit = self.level
        if self.evolution_cap is not None:
            limit = min(limit, self.evolution_cap)
        _int_in("replaced", self.replaced, 0, limit)

    @property
    def cost(self) -> int:
        """The phiols the formula needs: its level (MY-R17)."""
        return self.level

    @property
    def recitation_actions(self) -> int:
        """The actions the character recites: its level (MY-R16)."""
        return self.level

    @property
    def personal(self) -> int:
        """Personal phiols spent: ``level − replaced`` (MY-R19)."""
        return self.level - self.replaced

    @property
    def lockout_actions(self) -> int:
        """Lockout slots: ``2 × personal`` (MY-R18, MY-R19)."""
        return LOCKOUT_ACTIONS_PER_PHIOL * self.personal

    @property
    def lockout_rounds(self) -> int:
        """The lockout in combat rounds (a display unit: 1 round = 2 actions)."""
        return self.personal

    def with_evolution(self, replaced: int) -> AetherFormula:
        """The same formula with ``replaced`` phiols drawn from aether space."""
        return attrs.evolve(self, replaced=replaced)

    def cast(
        self,
        start: int = 1,
        *,
        slip: bool = False,
        interrupted_after: int | None = None,
    ) -> Casting:
        """Declaim and recite this formula; see [`cast`][rollwerk_mythandria.cast]."""
        return cast(self, start, slip=slip, interrupted_after=interrupted_after)


class CastingStatus(enum.Enum):
    """How a formula ended (MY-R15, MY-R16)."""

    EFFECT = "effect"
    """Declaimed without a slip and recited to the end: the effect happens."""
    SLIP = "slip"
    """The player slipped while declaiming: no recitation, no effect."""
    INTERRUPTED = "interrupted"
    """The recitation was interrupted before its last action: no effect."""


@attrs.frozen
class Casting:
    """The timeline of one formula in the character's action slots.

    Slots are numbered as the caller likes (``start`` is the slot in which the
    recitation would begin, i.e. the character's next slot after the player
    phase). The lockout runs over the slots
    ``lockout_start .. lockout_end`` inclusive.

    >>> c = AetherFormula(3).cast(start=1)  # V21
    >>> c.recitation_slots, c.effect_after, c.lockout_slots
    (range(1, 4), 3, range(4, 10))
    """

    formula: AetherFormula
    """The formula cast."""
    status: CastingStatus
    """How it ended."""
    start: int
    """The slot in which the recitation begins (the character's next slot)."""
    recited: int
    """Recitation actions performed (L on success, 0 after a slip)."""

    @property
    def effect(self) -> bool:
        """Whether the formula's effect happens (MY-R15, MY-R16)."""
        return self.status is CastingStatus.EFFECT

    @property
    def recitation_slots(self) -> range:
        """The slots spent reciting (empty after a slip)."""
        return range(self.start, self.start + self.recited)

    @property
    def effect_after(self) -> int | None:
        """The slot after which the effect happens, or ``None`` on failure."""
        return self.start + self.recited - 1 if self.effect else None

    @property
    def phiols_spent(self) -> int:
        """Always the full budget ``L``, on success and failure (MY-R17, MY-A03)."""
        return self.formula.cost

    @property
    def personal_spent(self) -> int:
        """Personal phiols spent (the lockout follows only these)."""
        return self.formula.personal

    @property
    def aether_space_spent(self) -> int:
        """Phiols drawn from aether space by evolution."""
        return self.formula.replaced

    @property
    def lockout_slots(self) -> range:
        """The locked slots: ``2 × personal`` from the slot after the recitation."""
        first = self.start + self.recited
        return range(first, first + self.formula.lockout_actions)

    @property
    def free_from(self) -> int:
        """The first slot in which the character may begin another formula."""
        return self.start + self.recited + self.formula.lockout_actions

    def locked(self, slot: int) -> bool:
        """Whether ``slot`` lies in the lockout (MY-A01: no aether then)."""
        return slot in self.lockout_slots

    def explanation(self) -> Explanation:
        """What happened, in English and German."""
        f = self.formula
        label = f.name or CATALOG.text("mythandria.formula.level", level=f.level)
        if self.status is CastingStatus.SLIP:
            what = CATALOG.text("mythandria.casting.slip")
        elif self.status is CastingStatus.INTERRUPTED:
            what = CATALOG.text(
                f"mythandria.casting.interrupted.{_plural(f.level)}",
                recited=self.recited,
                level=f.level,
            )
        else:
            slots = self.recitation_slots
            what = CATALOG.text(
                "mythandria.casting.recited",
                slots=CATALOG.text(
                    f"mythandria.slots.{_plural(len(slots))}", span=_span(slots)
                ),
                after=self.effect_after,
            )
        n = self.phiols_spent
        spent = CATALOG.text(
            f"mythandria.spent.{_plural(n)}", n=n, personal=self.personal_spent
        )
        if self.lockout_slots:
            lockout = CATALOG.text("mythandria.lockout", span=_span(self.lockout_slots))
        else:
            lockout = CATALOG.text("mythandria.lockout.none")
        return CATALOG.text(
            "mythandria.casting", label=label, what=what, spent=spent, lockout=lockout
        )

    def explain(self, lang: str = "en") -> str:
        """The explanation in ``"en"`` or ``"de"``."""
        return self.explanation()(lang)

    def timeline(self, until: int | None = None) -> list[tuple[int, str]]:
        """Slot by slot: ``"recite"``, ``"recite, effect"``, ``"lockout"`` or ``"free"``.

        Runs from ``start`` to ``until`` (default: the first free slot), at
        most `MAX_TIMELINE` slots.

        Raises:
            ParameterError: ``until`` is not an integer from ``start - 1``
                (no rows) to ``start + MAX_TIMELINE - 1``.
        """
        if until is None:
            last = self.free_from
        else:
            last = _int_in(
                "until", until, self.start - 1, self.start + MAX_TIMELINE - 1
            )
        rows: list[tuple[int, str]] = []
        for slot in range(self.start, last + 1):
            if slot in self.recitation_slots:
                what = "recite, effect" if slot == self.effect_after else "recite"
            elif self.locked(slot):
                what = "lockout"
            else:
                what = "free"
            rows.append((slot, what))
        return rows


def _plural(n: int) -> str:
    """``"one"`` or ``"other"``: the message suffix for a count."""
    return "one" if n == 1 else "other"


def _span(slots: range) -> str:
    if len(slots) == 1:
        return str(slots.start)
    return f"{slots.start}–{slots.stop - 1}"


def cast(
    formula: AetherFormula,
    start: int = 1,
    *,
    slip: bool = False,
    interrupted_after: int | None = None,
) -> Casting:
    """Declaim and recite ``formula`` from slot ``start``; no check (MY-R14).

    Args:
        formula: The formula.
        start: The character's next action slot after the player phase: where
            the recitation begins, or where the lockout begins after a slip.
        slip: The player slipped while declaiming (MY-R15).
        interrupted_after: The recitation was interrupted after this many
            actions (0..L−1) (MY-R16, MY-A05).

    >>> cast(AetherFormula(2), slip=True).lockout_slots  # V24
    range(1, 5)
    >>> cast(AetherFormula(4), interrupted_after=2).lockout_slots  # V25
    range(3, 11)

    Raises:
        ParameterError: For a ``formula`` that is not an AetherFormula, a bad
            ``start`` or ``interrupted_after``, or both ``slip`` and
            ``interrupted_after``.
    """
    if not isinstance(formula, AetherFormula):
        raise ParameterError("formula", formula, "an AetherFormula")
    if isinstance(start, bool) or not isinstance(start, int):
        raise ParameterError("start", start, "an integer")
    if not isinstance(slip, bool):
        raise ParameterError("slip", slip, "true or false")
    if slip and interrupted_after is not None:
        raise ParameterError(
            "interrupted_after",
            interrupted_after,
            "None when the declamation slipped (no recitation happens)",
        )
    if slip:
        return Casting(formula, CastingStatus.SLIP, start, 0)
    if interrupted_after is not None:
        done = _int_in("interrupted_after", interrupted_after, 0, formula.level - 1)
        return Casting(formula, CastingStatus.INTERRUPTED, start, done)
    return Casting(formula, CastingStatus.EFFECT, start, formula.level)


class SlotUse(enum.Enum):
    """What the character does with one action slot (MY-A05)."""

    RECITE = "recite"
    """Recites the formula."""
    OTHER = "other"
    """Takes any other action (interrupts a recitation)."""
    PREVENTED = "prevented"
    """Is prevented from speaking or acting by another rule (interrupts)."""


_USES = "a list of slot uses ('recite', 'other', 'prevented')"


def _slot_use(value: object) -> SlotUse:
    """``value`` as a SlotUse, or a ParameterError naming ``uses``."""
    if isinstance(value, SlotUse):
        return value
    if isinstance(value, str):
        try:
            return SlotUse(value)
        except ValueError:
            pass
    raise ParameterError("uses", value, _USES)


def cast_from_slots(
    formula: AetherFormula,
    uses: list[SlotUse] | tuple[SlotUse, ...],
    start: int = 1,
    *,
    slip: bool = False,
) -> Casting:
    """Work out a casting from what the character does in its slots (MY-A05).

    The recitation needs L consecutive ``RECITE`` slots from ``start``; the
    first slot with anything else interrupts it. Slots after the last needed
    one are not looked at.

    >>> uses = [SlotUse.RECITE, SlotUse.RECITE, SlotUse.PREVENTED]
    >>> cast_from_slots(AetherFormula(4), uses).status
    <CastingStatus.INTERRUPTED: 'interrupted'>

    Raises:
        ParameterError: If ``formula``, ``start`` or ``slip`` is not allowed
            (as for [`cast`][rollwerk_mythandria.cast]), ``uses`` is not a
            list or tuple of slot uses, or fewer slots are given than the
            outcome needs.
    """
    cast(formula, start, slip=slip)  # refuses formula, start and slip
    if not isinstance(uses, (list, tuple)):
        raise ParameterError("uses", uses, _USES)
    slots = [_slot_use(u) for u in uses]
    if slip:
        return cast(formula, start, slip=True)
    done = 0
    for use in slots[: formula.level]:
        if use is not SlotUse.RECITE:
            return cast(formula, start, interrupted_after=done)
        done += 1
    if done < formula.level:
        raise ParameterError(
            "uses",
            [u.value for u in slots],
            f"at least {formula.level} slots, or a slot that interrupts",
        )
    return cast(formula, start)
