"""Pathfinder durations on rollwerk's encounter clock (PF2E-R01 to PF2E-R06).

The core's [`Encounter`][rollwerk.encounter.Encounter] binds every duration to
combatant ids and stores absolute ends, so an effect created mid-round, a
tie in initiative or a delayed turn need no special cases. This module names
the Pathfinder durations and adds the one rule the core does not know:

- [`rounds`][rollwerk_pf2e.rounds]: N rounds, counted down at the **start**
  of the creator's turns (PF2E-R02), also when created outside the
  creator's turn (PF2E-A04). If the creator leaves the encounter, the count
  goes on at the point in initiative where its turn would have started
  (PF2E-A03), or the effect ends at once if you ask for that.
- [`until_end_of_next_turn`][rollwerk_pf2e.until_end_of_next_turn] and
  [`through_next_turns`][rollwerk_pf2e.through_next_turns]: counted at the
  **end** of the target's turns that begin after the effect was applied
  (PF2E-R03, PF2E-R04, PF2E-A02).
- [`until`][rollwerk_pf2e.until] and
  [`until_event`][rollwerk_pf2e.until_event]: conditional (PF2E-R05).
- [`encounter_long`][rollwerk_pf2e.encounter_long]: until
  [`end_encounter`][rollwerk_pf2e.end_encounter].
- [`game_time`][rollwerk_pf2e.game_time]: minutes, hours, days (1 round =
  6 s).

The counting mode is never inferred from "beneficial" or "harmful"
(PF2E-A05): every effect states its duration explicitly. Spell duration
keywords (sustained, unlimited…, PF2E-R06) are outside the excerpt.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from rollwerk import Combatant, Duration, ParameterError, RulesError, SchemaError
from rollwerk.encounter import (
    EncounterView,
    GameTime,
    Instant,
    Step,
    UntilCondition,
    UntilEndOfNextTurns,
    UntilEvent,
    round_of_turn,
)
from rollwerk.i18n import CORE, Catalog, Text, genitive, quantity
from rollwerk.rng import checked
from rollwerk_pf2e._catalog import DURATION_WORDS
from rollwerk_pf2e._stacking import STACKING_POLICY

if TYPE_CHECKING:
    from rollwerk import Encounter, Rng

__all__ = [
    "DURATION_KINDS",
    "ENCOUNTER_END",
    "CreatorLeaves",
    "Pf2eRounds",
    "encounter_long",
    "end_encounter",
    "game_time",
    "initiative_order",
    "instantaneous",
    "new_encounter",
    "rounds",
    "through_next_turns",
    "until",
    "until_end_of_next_turn",
    "until_event",
]

ENCOUNTER_END = "pf2e:encounter-end"
"""The event [`end_encounter`][rollwerk_pf2e.end_encounter] signals."""


class CreatorLeaves(enum.Enum):
    """What a round-counted effect does when its creator leaves (PF2E-A03)."""

    CONTINUE = "continue"
    """Count on where the creator's turn would have started (the default)."""
    END = "end"
    """End the effect at once."""


def _count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 2**62:
        # its bound end is written to JSON as a 64-bit integer
        raise ParameterError(name, value, "an integer from 1 to 2**62")
    return value


_BOUND = "an integer from 0 to 2**63 - 1"
"""What a bound count (``ends_at``, ``counts_from``) may be, as the core's kinds say.

It counts turn starts, so it is never below 0, and its JSON is a 64-bit
integer.
"""


def _is_bound(value: object) -> bool:
    return type(value) is int and 0 <= value < 2**63


def _opt_bound(_self: object, attribute: Any, value: object) -> None:
    if value is not None and not _is_bound(value):
        raise ParameterError(attribute.name, value, f"{_BOUND}, or None")


def _opt_id(_self: object, attribute: Any, value: object) -> None:
    if value is not None and not isinstance(value, str):
        raise ParameterError(attribute.name, value, "a combatant's id (a str) or None")


def _leaves(_self: object, attribute: Any, value: object) -> None:
    if not isinstance(value, CreatorLeaves):
        raise ParameterError(
            attribute.name, value, "CreatorLeaves.CONTINUE or CreatorLeaves.END"
        )


def _refused_fields(values: Mapping[str, Any], *, json: bool) -> list[tuple[str, str]]:
    """The fields of a ``pf2e_rounds`` that no form has together, and what each may be.

    Unbound, only ``n``, ``tick_on`` and ``creator_leaves`` are set. Bound
    on a combatant's turns: ``ends_at``, with ``counts_from`` or ``None``
    (and ``slot`` in an earlier version's slot count). At a departed
    creator's slot: ``slot``, ``creator`` and ``ends_in``, with
    ``ticked_in`` or ``None``, and no ``ends_at`` or ``counts_from``.
    ``values`` are the fields (a missing one is ``None``, ``slot`` false);
    the words are Python's, or JSON's with ``json``.
    """
    none, true, false = ("null", "true", "false") if json else ("None", "True", "False")
    ends_in = values.get("ends_in")
    out: list[tuple[str, str]] = []
    if ends_in is not None:
        if values.get("slot", False) is not True:
            out.append(("ends_in", f"{none} unless slot is {true} (a slot count)"))
        if values.get("ends_at") is not None:
            out.append(("ends_at", f"{none} when ends_in is set (a slot count)"))
        if values.get("counts_from") is not None:
            out.append(("counts_from", f"{none} when ends_in is set (a slot count)"))
        if values.get("creator") is None:
            out.append(
                (
                    "creator",
                    "the departed creator's id when ends_in is set, a slot count",
                )
            )
    else:
        out.extend(
            (name, f"{none} unless ends_in is set (a slot count)")
            for name in ("creator", "ticked_in")
            if values.get(name) is not None
        )
        if values.get("slot", False) is True and values.get("ends_at") is None:
            allowed = (
                f"{false} unless ends_at or ends_in is set (a bound slot count; "
                "make a duration with rounds(n))"
            )
            out.append(("slot", allowed))
        if values.get("counts_from") is not None and values.get("ends_at") is None:
            out.append(("counts_from", f"{none} unless ends_at is set (a bound count)"))
    return out


def _unbound() -> RulesError:
    return RulesError("the pf2e_rounds duration is not bound; add its effect first")


def _passed(state: EncounterView, cid: str) -> bool:
    return state.round >= 1 and (cid in state.done or cid == state.current)


def _round_over(state: EncounterView) -> bool:
    """Whether every combatant's slot in this round has passed (its end slot)."""
    return (
        state.round >= 1
        and state.current is None
        and all(c in state.done for c in state.order)
    )


def _after(order: Sequence[str], cid: str) -> str | None:
    """The combatant after ``cid`` in ``order``; ``None`` when it is last."""
    i = order.index(cid)
    return order[i + 1] if i + 1 < len(order) else None


_FIELDS = (
    "kind",
    "n",
    "tick_on",
    "ends_at",
    "creator_leaves",
    "counts_from",
    "slot",
    "creator",
    "ends_in",
    "ticked_in",
)
"""The fields of a ``pf2e_rounds`` duration's JSON."""


def _checked_names(names: object) -> Mapping[str, str] | None:
    """``names`` if it is ``None`` or a mapping of ids to display names.

    The core's durations check ``names=`` the same way, with the same
    message (``rollwerk.encounter``'s ``describe`` of every kind).

    Raises:
        ParameterError: ``names`` is anything else (a number, a list of
            names, a mapping whose keys or values are not strings).
    """
    if names is None:
        return None
    if isinstance(names, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in names.items()
    ):
        return names
    raise ParameterError(
        "names",
        names,
        "a mapping of combatant ids to display names (str to str), or None",
    )


def _checked_state(state: object) -> None:
    """Refuse what is not an encounter state, in the core's words."""
    if not callable(getattr(state, "turns_started", None)):
        raise ParameterError("state", state, "an encounter state (an Encounter)")


@attrs.frozen
class Pf2eRounds:
    """N rounds, ticking at the start of the creator's turns (PF2E-R02, A03, A04).

    It behaves as the core's [`Rounds`][rollwerk.encounter.Rounds] until the
    creator leaves the encounter. Then, with ``CreatorLeaves.CONTINUE``, it
    counts at the creator's **slot** in initiative (PF2E-A03): once a
    round, where the creator's turn would have started, that is at the
    start of the turn of the combatant after the slot (``tick_on``), or at
    the end of the round when the creator was last in the order. It ends in
    round ``ends_in`` at that slot. When the creator joins the encounter
    again, [`combatant_joined`][rollwerk_pf2e.Pf2eRounds.combatant_joined]
    puts the count back on its own turns (PF2E-R02). With
    ``CreatorLeaves.END`` the effect ends at once.

    Bound form: over once ``tick_on`` has started ``ends_at`` turns; after
    the creator left, over at the slot (or the creator's turn) of round
    ``ends_in``.

    Make one with [`rounds`][rollwerk_pf2e.rounds] (``n`` and
    ``creator_leaves``); ``tick_on`` may name another combatant whose turns
    count, as the core's ``Rounds``' does. The other fields are the bound
    form the encounter fills in: a half-bound value no form has (``slot``
    without ``ends_at`` or ``ends_in``, ``creator`` or ``ticked_in``
    without ``ends_in``, ``ends_in`` without ``creator``, ``counts_from``
    without ``ends_at``) is a ``ParameterError`` naming the field. A bound
    one passed to ``add_effect`` (one taken from another effect) is bound
    afresh from now, as ``refresh_effect`` binds it and as the core binds
    its own kinds: what its ``ends_at``, ``counts_from``, ``ends_in`` and
    ``ticked_in`` said is not kept, and its ``tick_on`` (the creator it
    counted for) keeps counting, or its departed creator's slot.
    """

    kind = "pf2e_rounds"

    n: int = attrs.field(validator=lambda _i, _a, v: _count("n", v))
    """The number of rounds (at least 1)."""
    tick_on: str | None = attrs.field(default=None, validator=_opt_id)
    """The combatant whose turn starts count; ``None``: the creator.

    After the creator left: the combatant whose turn start is the creator's
    slot, or ``None`` when the slot is at the end of the round."""
    ends_at: int | None = attrs.field(default=None, validator=_opt_bound)
    """Bound: over once ``tick_on`` has started this many turns."""
    creator_leaves: CreatorLeaves = attrs.field(
        default=CreatorLeaves.CONTINUE, validator=_leaves
    )
    """What happens when ``tick_on`` leaves the encounter (PF2E-A03)."""
    counts_from: int | None = attrs.field(default=None, validator=_opt_bound)
    """Kept to load documents of earlier versions (a slot count with
    ``ends_at``): turn starts of ``tick_on`` up to this number are not ticks."""
    slot: bool = attrs.field(
        default=False, validator=attrs.validators.instance_of(bool)
    )
    """Bound, after the creator left: the count is at the creator's slot in
    initiative, not at ``tick_on``'s own turns. When ``tick_on`` delays or
    leaves, the count stays at the slot (PF2E-A03)."""
    creator: str | None = attrs.field(default=None, validator=_opt_id)
    """Bound, after the creator left: the creator's id (it names the slot)."""
    ends_in: int | None = attrs.field(default=None, validator=_opt_bound)
    """Bound, after the creator left: the round in which the count ends."""
    ticked_in: int | None = attrs.field(default=None, validator=_opt_bound)
    """Bound, after the creator left: a round whose count has already been
    made, though ``tick_on``'s turn in it has not started yet."""

    def __attrs_post_init__(self) -> None:
        # the bound forms operations leave, and nothing half-bound: make an
        # unbound one with rounds(n) (or Pf2eRounds(n, tick_on=…))
        values = {name: getattr(self, name) for name in _FIELDS[1:]}
        for name, allowed in _refused_fields(values, json=False):
            raise ParameterError(name, values[name], allowed)

    @property
    def unit(self) -> str | None:
        """``"rounds"``."""
        return "rounds"

    @property
    def anchor(self) -> str | None:
        """The combatant whose turn starts tick it (or that follow the slot)."""
        return self.tick_on

    @property
    def _at_slot(self) -> bool:
        """Whether it counts at a departed creator's slot (this version's form)."""
        return self.ends_in is not None

    def _end(self) -> tuple[str, int]:
        if self.tick_on is None or self.ends_at is None:
            raise _unbound()
        return self.tick_on, self.ends_at

    def _slot_passed(self, state: EncounterView) -> bool:
        """Whether this round's count at the slot has been made."""
        if state.round >= 1 and self.ticked_in == state.round:
            return True
        if self.tick_on is None or self.tick_on not in state.order:
            return _round_over(state)
        return _passed(state, self.tick_on)

    def _slot_left(self, state: EncounterView) -> int:
        assert self.ends_in is not None
        here = max(state.round, 1)
        return max(0, self.ends_in - here + (0 if self._slot_passed(state) else 1))

    def _at(
        self,
        state: EncounterView,
        after: str | None,
        left: int,
        passed: bool,
        creator: str | None = None,
    ) -> Pf2eRounds:
        """The slot count before ``after`` with ``left`` rounds still to count.

        ``creator`` names the slot (``None``: the creator it names already).
        """
        here = max(state.round, 1)
        return attrs.evolve(
            self,
            creator=self.creator if creator is None else creator,
            tick_on=after,
            ends_at=None,
            counts_from=None,
            slot=True,
            ends_in=here + left - (0 if passed else 1),
            ticked_in=state.round if passed and state.round >= 1 else None,
        )

    def bind(self, state: EncounterView, source: str, target: str) -> Pf2eRounds:
        """End at the start of the anchor's n-th turn from now.

        Bound afresh (``refresh_effect``) after the creator left, it counts
        ``n`` rounds from now at the creator's slot (PF2E-A03), not on the
        combatant after it; at the creator's turns again if it is back in
        the encounter (PF2E-R02).
        """
        if self.slot and self.ends_in is None and source not in state.order:
            # an earlier version's slot count: its slot is before tick_on
            who = self.tick_on
            passed = who is not None and _passed(state, who)
            return self._at(state, who, self.n, passed, creator=source)
        if self._at_slot:
            if self.creator is None or self.creator not in state.order:
                return self._at(state, self.tick_on, self.n, self._slot_passed(state))
            who = self.creator
        elif self.slot:  # an earlier version's slot count, its creator back
            who = source
        else:
            who = source if self.tick_on is None else self.tick_on
        try:
            started = state.turns_started(who)
        except ParameterError as exc:
            if self.tick_on is None or exc.parameter != "combatant":
                raise
            # the id came from tick_on: name it, as the core's Rounds does
            raise ParameterError("tick_on", who, exc.allowed) from None
        return attrs.evolve(
            self,
            tick_on=who,
            ends_at=started + self.n,
            counts_from=None,
            slot=False,
            creator=None,
            ends_in=None,
            ticked_in=None,
        )

    def _slot_of_departed(self, state: EncounterView) -> None:
        """Refuse a slot count whose creator has not left the encounter.

        The count stands at the slot of a creator who left (``leave``
        makes it); the creator's joining again puts it back on the
        creator's turns (``combatant_joined``), and so does a refresh. So a
        creator still in the encounter, or one the encounter never had,
        is a document no operation wrote: the encounter's loader asks
        every duration whether it is over, and this refusal becomes its
        ``SchemaError`` naming the effect (``leave`` asks what remains
        while the creator is still there, so only ``is_over`` checks). The creator is looked for among
        the encounter's ``departed`` when the state lists any (a document
        written before the encounter recorded who left lists none).

        Raises:
            RulesError: ``creator`` is in the order, or is no departed
                combatant.
        """
        creator = self.creator
        if creator is None:
            return
        if creator in state.order:
            raise RulesError(
                f"a pf2e_rounds count at the slot of {creator!r} needs {creator!r} "
                "to have left the encounter; it is in the order (its joining "
                "again counts its own turns)"
            )
        departed = getattr(state, "departed", ())
        gone = [getattr(c, "id", None) for c in departed]
        if gone and creator not in gone:
            shown = ", ".join(repr(g) for g in gone[:5])
            more = ", …" if len(gone) > 5 else ""
            raise RulesError(
                f"a pf2e_rounds count at the slot of {creator!r} needs {creator!r} "
                f"to be a combatant who left the encounter ({shown}{more})"
            )

    def is_over(self, state: EncounterView) -> bool:
        """Over once the anchor has started ``ends_at`` turns (or at the slot)."""
        if self._at_slot:
            self._slot_of_departed(state)
            return self._slot_left(state) == 0
        who, end = self._end()
        return state.turns_started(who) >= end

    def check_loaded(self, state: EncounterView) -> None:
        """Refuse a bound form that no sequence of operations leaves in ``state``.

        ``Encounter.from_json`` calls it with the loaded encounter (the
        core asks every kind that has this method). Binding leaves ``n``
        rounds, and what remains never grows after (a leave keeps it, a
        join puts it back on the creator's turns, a refresh binds ``n``
        afresh): more than ``n`` rounds left is refused, naming ``ends_at``
        or, at a departed creator's slot, ``ends_in``. ``ticked_in`` is the
        round in which the count at the slot was made while the turn after
        the slot was still to come: a round from 1, and from ``ends_in`` −
        ``n`` (it is set with ``ends_in`` at most ``n`` rounds away), to the
        current round (checked first: what remains depends on it).

        Raises:
            SchemaError: Naming the field (its path in the duration), what
                it may be and the value.
        """
        if self.ticked_in is not None:
            assert self.ends_in is not None  # the constructor holds to it
            first, last = max(1, self.ends_in - self.n), state.round
            if last < 1:
                raise SchemaError.field(
                    "ticked_in", "null before round 1", self.ticked_in
                )
            # (with ends_in more than n rounds away no round is: ends_in is named)
            if first <= last and not first <= self.ticked_in <= last:
                raise SchemaError.field(
                    "ticked_in",
                    f"a round from {first} to {last} (the current round), or null",
                    self.ticked_in,
                )
        left = self.remaining(state)
        if left > self.n:
            unit = "round" if self.n == 1 else "rounds"
            field = "ends_in" if self._at_slot else "ends_at"
            raise SchemaError.field(
                field,
                f"an end at most {self.n} {unit} away, its length "
                f"({left} would remain)",
                getattr(self, field),
            )

    def remaining(self, state: EncounterView) -> int:
        """The anchor's turn starts (or the rounds at the slot) still to come."""
        if self._at_slot:
            return self._slot_left(state)
        who, end = self._end()
        started = state.turns_started(who)
        if self.counts_from is not None:
            started = max(started, self.counts_from)
        return max(0, end - started)

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """The anchor leaves: count on at the creator's slot (PF2E-A03).

        ``state`` still holds the leaving anchor. When the creator leaves,
        the count stays at its slot in initiative: once a round, at the
        start of the turn of the combatant after it, or at the end of the
        round when the creator was last. What remains never grows, and the
        new duration keeps it in ``state`` (``EffectChanged`` says so). One
        leave also reaches a slot: when the slot is at the end of the round
        (the creator, or the one after the slot, was last) and every other
        turn of this round has been taken, the leave leaves nothing before
        the slot, so the round's count is made at once, after
        ``CombatantLeft`` (``EffectTicked``, or ``EffectExpired`` with 1
        round left), as it is after the last turn of a round. When the
        combatant after a slot leaves, the slot stays and the count goes on
        with the one after that.
        """
        if self.creator_leaves is CreatorLeaves.END:
            return None
        if self.slot and not self._at_slot:
            return self._legacy_move(state, combatant)
        leaver = self.tick_on
        if leaver is None:
            raise _unbound()
        after = _after(state.order, leaver) if leaver in state.order else None
        if self._at_slot:
            return self._at(
                state, after, self._slot_left(state), self._slot_passed(state)
            )
        # a creator that joined again after this round's count at its slot
        # (``counts_from``: its coming turn is no tick) leaves that count made
        counted = self.counts_from is not None and (
            state.turns_started(leaver) < self.counts_from
        )
        passed = counted or _passed(state, leaver)
        return self._at(state, after, self.remaining(state), passed, creator=leaver)

    def _legacy_move(self, state: EncounterView, combatant: str) -> Pf2eRounds:
        """An earlier version's slot count (``ends_at``) moves on from its anchor."""
        leaver, _ = self._end()
        order = state.order
        left = self.remaining(state)
        others = [c for c in order if c != leaver]
        if leaver not in order or not others:
            return attrs.evolve(
                self,
                tick_on=combatant,
                ends_at=state.turns_started(combatant) + left,
                counts_from=None,
            )
        i = order.index(leaver)
        wrap = 1 if i == len(order) - 1 else 0
        successor = order[(i + 1) % len(order)]
        r = state.round
        first_slot = max(1, r + 1 if _passed(state, leaver) else r)
        next_start = max(1, r + 1 if _passed(state, successor) else r)
        skip = max(0, first_slot + wrap - next_start)
        start = state.turns_started(successor) + skip
        return attrs.evolve(
            self,
            tick_on=successor,
            ends_at=start + left,
            counts_from=start if skip else None,
        )

    def combatant_joined(self, state: EncounterView, combatant: str) -> Pf2eRounds:
        """The creator joins again: its own turn starts count once more (PF2E-R02).

        ``state`` is the encounter after the join. A count at a departed
        creator's slot goes back to the creator's turns with what remains:
        if this round's count was made at the slot and the creator's turn
        in this round is still to come, that turn is not a tick; if the
        creator joins behind the turn under way before the slot's count in
        this round, the count is made now. When the count at the end of
        the round has been made (every turn of the round taken) and anyone
        joins into the round, ``ticked_in`` keeps that count made, so that
        the turn still to come does not undo it. Any other duration changes
        nothing.

        ``Encounter.join`` calls it for every effect after a join.
        """
        if not self._at_slot or combatant not in state.order:
            return self
        # the slot at the end of the round was counted before the join (every
        # other turn of the round taken): one joining into the round, whose
        # turn in it is still to come, does not undo that count
        end_counted = (
            not self._slot_passed(state)
            and (self.tick_on is None or self.tick_on not in state.order)
            and state.round >= 1
            and state.current is None
            and all(c in state.done for c in state.order if c != combatant)
        )
        if combatant != self.creator:
            if end_counted:
                return attrs.evolve(self, ticked_in=state.round)
            return self
        counted = end_counted or self._slot_passed(state)
        assert self.ends_in is not None
        left = max(0, self.ends_in - max(state.round, 1) + (0 if counted else 1))
        started = state.turns_started(combatant)
        if counted and not _passed(state, combatant):
            # the round's count is made: the creator's turn in it is no tick
            start = started + 1
            return self._own(combatant, start + left, start)
        if not counted and _passed(state, combatant):
            left -= 1  # joined behind the turn under way: counted now
        return self._own(combatant, started + left, None)

    def _own(self, creator: str, ends_at: int, counts_from: int | None) -> Pf2eRounds:
        return attrs.evolve(
            self,
            tick_on=creator,
            ends_at=ends_at,
            counts_from=counts_from,
            slot=False,
            creator=None,
            ends_in=None,
            ticked_in=None,
        )

    def anchor_delayed(self, state: EncounterView, combatant: str) -> Pf2eRounds:
        """``tick_on`` delays: a count at the creator's slot stays there (PF2E-A03).

        While the creator is in the encounter the count follows its turns,
        delayed or not. Once it stands for the creator's slot, the slot does
        not move with the combatant that delays: the count goes on with the
        one that follows it in ``state`` (the order before the delay), as
        when it leaves.
        """
        if not self.slot:
            return self
        if not self._at_slot:
            return self._legacy_move(state, combatant)
        after = _after(state.order, combatant) if combatant in state.order else None
        return self._at(state, after, self._slot_left(state), self._slot_passed(state))

    def text(self, names: Mapping[str, str] | None = None) -> Text:
        """The duration as written or bound, as a text of the plugin's catalog."""
        rounds = quantity("round", self.n)
        ends = self.creator_leaves is CreatorLeaves.END
        if self.tick_on is None and not self._at_slot:
            text = DURATION_WORDS.text("pf2e.duration.rounds.creator", rounds=rounds)
            if ends:
                text = DURATION_WORDS.text(
                    "pf2e.duration.rounds.creator_ends_if_left", duration=text
                )
            return text
        if self.creator is not None:
            # a slot count (PF2E-A03): named after the creator, not tick_on
            who = (
                self.creator if names is None else names.get(self.creator, self.creator)
            )
            return DURATION_WORDS.text(
                "pf2e.duration.rounds.slot", rounds=rounds, whose=genitive(who)
            )
        if self.tick_on is None:  # bound at an end-of-round slot, creator unknown
            return DURATION_WORDS.text("pf2e.duration.rounds.creator", rounds=rounds)
        who = self.tick_on if names is None else names.get(self.tick_on, self.tick_on)
        text = DURATION_WORDS.text(
            "pf2e.duration.rounds", rounds=rounds, whose=genitive(who)
        )
        if ends:
            text = DURATION_WORDS.text(
                "pf2e.duration.rounds.ends_if_left", duration=text, who=who
            )
        return text

    def remaining_text(
        self, state: EncounterView, names: Mapping[str, str] | None = None
    ) -> Text:
        """What remains in ``state``: the rounds left and the round it ends in.

        Raises:
            ParameterError: ``state`` is not an encounter state.
            RulesError: The duration is not bound.
        """
        _checked_state(state)
        if self._at_slot:
            return self._slot_text(state, names)
        who, end = self._end()
        left = self.remaining(state)
        if left == 0:
            return CORE.text("remaining.over")
        amount = CORE.text("remaining.left", amount=quantity("round", left))
        when = round_of_turn(state, who, end)
        if when is None:
            return amount
        names = _state_names(state, names)
        return CORE.text(
            "remaining.ends_at_start",
            left=amount,
            whose=genitive(names.get(who, who)),
            round=when,
        )

    def _slot_text(self, state: EncounterView, names: Mapping[str, str] | None) -> Text:
        """What remains of a slot count: it ends in round ``ends_in``."""
        assert self.ends_in is not None
        left = self._slot_left(state)
        if left == 0:
            return CORE.text("remaining.over")
        amount = CORE.text("remaining.left", amount=quantity("round", left))
        names = _state_names(state, names)
        who = self.tick_on
        if who is None or who not in state.order:
            return DURATION_WORDS.text(
                "pf2e.duration.remaining.round_end", left=amount, round=self.ends_in
            )
        return CORE.text(
            "remaining.ends_at_start",
            left=amount,
            whose=genitive(names.get(who, who)),
            round=self.ends_in,
        )

    def describe(
        self,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        names: Mapping[str, str] | None = None,
    ) -> str:
        """The duration in words (``"1 round, counted at the start of Kyra's turns"``).

        From the plugin's catalog (``pf2e.duration.*``) and the core's;
        ``catalogs`` (a catalog or an iterable of them) are searched first.

        Raises:
            ParameterError: ``names`` is not a mapping of ids to display
                names, no catalog knows ``lang``, or ``catalogs`` is not a
                catalog, an iterable of catalogs or ``None``.
        """
        return self.text(_checked_names(names))(lang, catalogs)

    def describe_remaining(
        self,
        state: EncounterView,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        names: Mapping[str, str] | None = None,
    ) -> str:
        """What remains in ``state``: ``"noch 2 Runden, endet zu Beginn von Kyras Zug in Runde 3"``.

        After the creator left (PF2E-A03) the round is that of the turn of
        the combatant it now ticks on.

        Raises:
            ParameterError: ``state`` is not an encounter state, ``names``
                is not a mapping of ids to display names, no catalog knows
                ``lang``, or ``catalogs`` is not a catalog, an iterable of
                catalogs or ``None``.
        """
        return self.remaining_text(state, _checked_names(names))(lang, catalogs)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "pf2e_rounds", "n", "tick_on", "ends_at", "creator_leaves", "counts_from", "slot"}``.

        Once the creator has left, also ``"creator"``, ``"ends_in"`` and
        ``"ticked_in"`` (each only when set).
        """
        return {
            "kind": self.kind,
            "n": self.n,
            "tick_on": self.tick_on,
            "ends_at": self.ends_at,
            "creator_leaves": self.creator_leaves.value,
            "counts_from": self.counts_from,
            "slot": self.slot,
            # written once the creator has left (PF2E-A03)
            **{
                key: value
                for key, value in (
                    ("creator", self.creator),
                    ("ends_in", self.ends_in),
                    ("ticked_in", self.ticked_in),
                )
                if value is not None
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pf2eRounds:
        """Load what [`to_json`][rollwerk_pf2e.Pf2eRounds.to_json] wrote.

        Its ``kind`` must be ``"pf2e_rounds"`` (another kind's JSON would be
        written back as this one), and nothing is coerced: ``"n": "2"`` or
        ``"tick_on": 7`` is refused.
        The counts follow the core's kinds: ``n`` is an integer from 1 to
        2**62, ``ends_at`` and ``counts_from`` are integers from 0 to
        2**63 − 1 or ``null``. Fields no form holds together are refused
        (``creator`` or ``ticked_in`` without ``ends_in``, ``ends_in``
        without ``creator`` or ``"slot": true``, ``"slot": true`` without
        ``ends_at`` or ``ends_in``, ``counts_from`` without ``ends_at``); in
        an encounter, [`check_loaded`][rollwerk_pf2e.Pf2eRounds.check_loaded]
        refuses what the encounter's state rules out.

        Raises:
            SchemaError: The document is malformed (the message names the
                field and what was expected).
        """
        doc = "pf2e_rounds duration"
        if not isinstance(data, Mapping):
            raise SchemaError.field("", "an object", data, document=doc)
        if "kind" not in data:
            raise SchemaError.missing("kind", repr(cls.kind), document=doc)
        if data["kind"].__class__ is not str or data["kind"] != cls.kind:
            # a decoder reads its own kind only: it would write another as its own
            raise SchemaError.field("kind", repr(cls.kind), data["kind"], document=doc)
        for key in data:
            if key not in _FIELDS:
                name = str(key)
                raise SchemaError(
                    f"is not a field (the fields are {', '.join(_FIELDS)})",
                    path=name
                    if name.isidentifier() and len(name) <= 40
                    else f"[{name[:40]!r}]",
                    expected="no such field",
                    document=doc,
                )
        leaves = data.get("creator_leaves", "continue")
        if leaves not in [m.value for m in CreatorLeaves] or not isinstance(
            leaves, str
        ):
            raise SchemaError.field(
                "creator_leaves", "one of 'continue', 'end'", leaves, document=doc
            )
        try:
            fields = (
                _json_n(data),
                _json_field(data, "tick_on", str),
                _json_bound(data, "ends_at"),
                CreatorLeaves(leaves),
                _json_bound(data, "counts_from"),
                _json_bool(data, "slot"),
                _json_field(data, "creator", str),
                _json_bound(data, "ends_in"),
                _json_bound(data, "ticked_in"),
            )
            _json_slot(data)
            return cls(*fields)
        except SchemaError as exc:
            raise SchemaError(
                exc.reason, path=exc.path, expected=exc.expected, document=doc
            ) from None
        except ParameterError as exc:
            raise SchemaError(str(exc), document=doc) from exc


def _state_names(
    state: EncounterView, names: Mapping[str, str] | None
) -> Mapping[str, str]:
    """``names``, or the display names of ``state``'s combatants (and leavers)."""
    if names is not None:
        return names
    people = (*getattr(state, "departed", ()), *getattr(state, "combatants", ()))
    return {c.id: c.name for c in people}


def _json_bool(data: Mapping[str, Any], key: str) -> bool:
    """``data[key]``, ``true`` or ``false`` (``false`` when absent)."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise SchemaError.field(key, "true or false", value)
    return value


_N = "an integer from 1 to 2**62"
"""What ``n`` is, in JSON's words (as the core's kinds say it)."""


def _json_n(data: Mapping[str, Any]) -> int:
    """``data["n"]``: an integer from 1 to 2**62, one message for any refusal."""
    if "n" not in data:
        raise SchemaError(f"is required ({_N})", path="n", expected=_N)
    value = data["n"]
    if type(value) is not int or not 1 <= value <= 2**62:
        raise SchemaError.field("n", _N, value)
    return value


def _json_slot(data: Mapping[str, Any]) -> None:
    """Refuse fields no form of ``pf2e_rounds`` holds together, in JSON's words.

    ``ends_in`` is the round a count at a departed creator's slot ends in:
    ``null`` unless ``slot`` is ``true``, and then ``ends_at`` and
    ``counts_from`` are ``null`` and ``creator`` names the creator;
    ``creator`` and ``ticked_in`` are ``null`` without it, and ``slot`` is
    ``true`` only with ``ends_at`` or ``ends_in`` (the constructor says the
    same of its arguments in Python's words).
    """
    for name, allowed in _refused_fields(data, json=True):
        if name not in data:  # only creator, required with ends_in
            raise SchemaError.missing(name, allowed)
        raise SchemaError.field(name, allowed, data[name])


def _json_bound(data: Mapping[str, Any], key: str) -> int | None:
    """``data[key]``, a bound count or ``null``: refused in the core's words."""
    value = data.get(key)
    if value is not None and not _is_bound(value):
        raise SchemaError.field(key, f"{_BOUND} or null", value)
    return value


def _json_field(
    data: Mapping[str, Any], key: str, kind: type, *, required: bool = False
) -> Any:
    """``data[key]`` of the JSON type ``kind`` (``null`` unless required)."""
    what = {int: "an integer", str: "a string"}[kind]
    if key not in data and required:
        raise SchemaError(f"is required ({what})", path=key, expected=what)
    value = data.get(key)
    if value is None and not required:
        return None
    if kind is int and (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not -(2**63) <= value < 2**63
    ):
        raise SchemaError.field(key, what if required else f"{what} or null", value)
    if kind is str and not isinstance(value, str):
        raise SchemaError.field(key, what if required else f"{what} or null", value)
    return value


DURATION_KINDS: Mapping[str, Callable[[Mapping[str, Any]], Duration]] = {
    Pf2eRounds.kind: Pf2eRounds.from_json,
}
"""This plugin's duration kinds by JSON name, registered through its hook."""


def rounds(
    n: int, *, creator_leaves: CreatorLeaves = CreatorLeaves.CONTINUE
) -> Pf2eRounds:
    """An effect lasting ``n`` rounds (PF2E-R02).

    The remaining duration drops by 1 at the start of each of the creator's
    turns; at 0 the effect ends. Created on the creator's turn, a 1-round
    effect lasts until the start of its next turn (D1); created outside it,
    e.g. with a reaction, the first tick is still the creator's next turn
    start (D7, PF2E-A04).

    >>> enc = new_encounter(["A", "B", "C"]).advance().state        # R1, A's turn
    >>> enc = enc.add_effect("inspire", source="A", target="B", duration=rounds(1)).state
    >>> enc = enc.advance(2).state                                   # R1, C's turn
    >>> enc.remaining("e1")
    1
    >>> step = enc.advance()                                          # R2, A's turn
    >>> tuple(type(e).__name__ for e in step.events)
    ('TurnEnded', 'RoundEnded', 'RoundStarted', 'TurnStarted', 'EffectExpired')
    """
    return Pf2eRounds(_count("n", n), creator_leaves=creator_leaves)


def until_end_of_next_turn(of: str | None = None) -> UntilEndOfNextTurns:
    """Until the end of the target's next turn (PF2E-R03, PF2E-A02).

    Ends at the end of the first turn of ``of`` (default: the target) that
    begins after the effect was applied; a turn under way never counts.
    """
    return UntilEndOfNextTurns(1, of)


def through_next_turns(n: int, of: str | None = None) -> UntilEndOfNextTurns:
    """Through the target's next N turns (PF2E-R04).

    Counted at the **end** of each turn of ``of`` (default: the target) that
    began after application; ends at the end of the n-th.
    """
    return UntilEndOfNextTurns(_count("n", n), of)


def until(
    predicate: Callable[[EncounterView], bool], description: str = ""
) -> UntilCondition:
    """Until a condition over the encounter holds (PF2E-R05).

    The predicate is checked after every change of the encounter; for "until
    it is no longer true" pass the negation. Not JSON-serializable: use
    [`until_event`][rollwerk_pf2e.until_event] for stored encounters.
    """
    return UntilCondition(predicate, description)


def until_event(event: str) -> UntilEvent:
    """Until a named event is signalled with ``Encounter.signal`` (PF2E-R05)."""
    return UntilEvent(event)


def encounter_long() -> UntilEvent:
    """Until the encounter ends with [`end_encounter`][rollwerk_pf2e.end_encounter]."""
    return UntilEvent(ENCOUNTER_END)


def instantaneous() -> Instant:
    """An instantaneous effect: resolved at once, never lasting (PF2E-R01)."""
    return Instant()


def game_time(
    *,
    rounds: int = 0,
    seconds: int | Fraction = 0,
    minutes: int | Fraction = 0,
    hours: int | Fraction = 0,
    days: int | Fraction = 0,
) -> GameTime:
    """A duration in game time; 1 round = 6 seconds.

    In an encounter the clock runs 6 s at the start of every round after the
    first, so a 1-minute effect added in round 1 ends at the start of
    round 11; outside turns ``Encounter.pass_time`` runs the clock.

    >>> game_time(minutes=1).seconds, game_time(rounds=10).seconds
    (Fraction(60, 1), Fraction(60, 1))
    """
    parts = {
        "rounds": rounds,
        "seconds": seconds,
        "minutes": minutes,
        "hours": hours,
        "days": days,
    }
    for name, value in parts.items():
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, Fraction))
            or value < 0
        ):
            raise ParameterError(name, value, "an int or Fraction >= 0")
    total = Fraction(rounds) * 6 + Fraction(seconds) + Fraction(minutes) * 60
    total += Fraction(hours) * 3600 + Fraction(days) * 86400
    if total <= 0:
        raise ParameterError(
            "rounds, seconds, minutes, hours or days",
            0,  # every part given is 0: the total, as a plain number
            "more than 0 in all",
        )
    try:
        return GameTime(total)
    except ParameterError as exc:  # too long for JSON: name the part given
        name, value = max(parts.items(), key=lambda kv: Fraction(kv[1]))
        raise ParameterError(name, value, exc.allowed) from None


def end_encounter(enc: Encounter) -> Step:
    """End the encounter and the effects that last for it.

    Calls ``enc.end()`` (round-counted durations become game time) and then
    signals [`ENCOUNTER_END`][rollwerk_pf2e.ENCOUNTER_END], which ends
    every [`encounter_long`][rollwerk_pf2e.encounter_long] effect.

    Raises:
        ParameterError: ``enc`` is not an Encounter.
        RulesError: The encounter has already ended.
    """
    from rollwerk import Encounter

    if not isinstance(enc, Encounter):
        raise ParameterError("enc", enc, "an Encounter")
    first = enc.end()
    second = first.state.signal(ENCOUNTER_END)
    return Step(second.state, first.events + second.events)


def _gm_first(c: Combatant) -> int:
    owner = (c.owner or "GM").strip().lower()
    return 0 if owner in {"gm", "sl"} else 1


def initiative_order(combatants: Sequence[Combatant], rng: Rng) -> tuple[str, ...]:
    """Pathfinder initiative: highest first; on a tie adversaries go first.

    From the full rules (outside the excerpt): when a player character ties
    with an adversary, the adversary acts first; other ties keep the order
    given. No die is rolled (the initiative values are the rolled results).
    Combatants whose ``owner`` is ``None``, empty, or ``"GM"`` or ``"SL"``
    in any case with white space around it ignored (``"gm"``, ``" SL"``)
    are the GM's.

    Raises:
        ParameterError: ``rng`` is not an Rng, or ``combatants`` not a
            sequence of Combatants (as the core's
            [`by_initiative`][rollwerk.encounter.by_initiative] says).
    """
    checked(rng)  # refused as the core refuses it, though no die is rolled
    if isinstance(combatants, (str, bytes)) or not isinstance(combatants, Iterable):
        raise ParameterError("combatants", combatants, "a sequence of Combatants")
    people = tuple(combatants)
    for i, c in enumerate(people):
        if not isinstance(c, Combatant):
            raise ParameterError(f"combatants[{i}]", c, "a Combatant")
    ranked = sorted(
        enumerate(people),
        key=lambda ic: (-ic[1].initiative, _gm_first(ic[1]), ic[0]),
    )
    return tuple(c.id for _, c in ranked)


def new_encounter(
    combatants: Iterable[Combatant | str],
    *,
    order: Sequence[str] | None = None,
    by_initiative: bool = False,
) -> Encounter:
    """A Pathfinder encounter: 6-second rounds, optionally ordered by initiative.

    Modifiers stack as ``PF2E.stacking_policy`` says (typed
    bonuses: only the highest of each type).

    Args:
        combatants: ``Combatant``s (with their rolled initiative) or ids.
        order: An explicit initiative order of ids.
        by_initiative: Order by [`initiative_order`][rollwerk_pf2e.initiative_order]
            instead of the order given (``True`` or ``False``; not with
            ``order``, which fixes the order itself).

    Raises:
        ParameterError: ``combatants`` is not an iterable of Combatants or
            ids, ``by_initiative`` is not ``True`` or ``False``, or it is
            ``True`` and ``order`` is given; ``order`` and the combatants as
            ``Encounter.create`` refuses them.
    """
    from rollwerk import Encounter, ScriptedRng

    if isinstance(combatants, (str, bytes)) or not isinstance(combatants, Iterable):
        raise ParameterError(
            "combatants", combatants, "an iterable of Combatants or their ids"
        )
    if not isinstance(by_initiative, bool):
        raise ParameterError("by_initiative", by_initiative, "True or False")
    if by_initiative and order is not None:
        raise ParameterError(
            "by_initiative",
            by_initiative,
            "False when order is given (order fixes the initiative order)",
        )
    people = [c if isinstance(c, Combatant) else Combatant(c) for c in combatants]
    if by_initiative:
        order = initiative_order(people, ScriptedRng([]))
    return Encounter.create(
        people, order=order, round_seconds=6, stacking=STACKING_POLICY
    )
