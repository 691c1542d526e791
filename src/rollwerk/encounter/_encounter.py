"""The encounter: an immutable combat state, its clock, and exact undo.

An [`Encounter`][rollwerk.encounter.Encounter] is a frozen value. Every operation
([`advance`][rollwerk.encounter.Encounter.advance],
[`add_effect`][rollwerk.encounter.Encounter.add_effect], [`join`][rollwerk.encounter.Encounter.join],
…) returns a [`Step`][rollwerk.encounter.Step]: the next state and the ordered events
that led to it. The old state is untouched, so undo is keeping it; a
[`Timeline`][rollwerk.encounter.Timeline] keeps every state and can restore any of them
exactly, including effects that have expired since.

The class is the public face of three smaller rooms: its fields and queries
(``_state``), its operations (``_operations``) and its JSON (``_codec``);
the methods here are thin delegates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import attrs

from rollwerk._repr import value_repr
from rollwerk.checks._model import Modifier, Scalar
from rollwerk.encounter import _codec, _operations
from rollwerk.encounter._durations import Duration, DurationDecoder
from rollwerk.encounter._effects import Effect
from rollwerk.encounter._events import Event
from rollwerk.encounter._stacking import StackingPolicy
from rollwerk.encounter._state import (
    Combatant,
    CounterReset,
    EncounterState,
    InitiativeRule,
    by_initiative,
)
from rollwerk.encounter._traits import EncounterTraits
from rollwerk.errors import ParameterError
from rollwerk.rng import Rng

__all__ = ["Encounter", "Step"]


class Step(NamedTuple):
    """What an operation returns: the next state and the events, in order.

    Unpack it (``state, events = enc.advance()``) or use the fields.
    """

    state: Encounter
    """The state after the operation."""
    events: tuple[Event, ...]
    """What happened, in order."""


@attrs.frozen
class Encounter(EncounterState):
    """An immutable encounter state: combatants, order, round, turn, effects, clock.

    Build one with [`create`][rollwerk.encounter.Encounter.create] (or
    [`for_ruleset`][rollwerk.encounter.Encounter.for_ruleset]); every operation returns
    a [`Step`][rollwerk.encounter.Step] with the next state and its events.

    ```python
    >>> from rollwerk import Rounds
    >>> enc = Encounter.create(["A", "B", "C"])
    >>> enc, events = enc.advance()
    >>> events
    (RoundStarted(round=1), TurnStarted(round=1, combatant='A'))
    >>> enc, events = enc.add_effect("Bless", source="A", target="B", duration=Rounds(1))
    >>> enc.remaining("e1")
    1
    >>> for _ in range(3):
    ...     enc, events = enc.advance()
    >>> [type(e).__name__ for e in events]
    ['TurnEnded', 'RoundEnded', 'RoundStarted', 'TurnStarted', 'EffectExpired']

    ```
    """

    MAX_COMBATANTS: ClassVar[int] = _operations.MAX_COMBATANTS
    """The most combatants an encounter holds (10 000): ``create`` refuses
    more (an iterator that does not end is refused after that many) and
    ``join`` refuses one more, with `LimitExceeded`; ``from_json`` refuses a
    document with more, with `SchemaError`, before reading them."""

    MAX_ADVANCE: ClassVar[int] = _operations.MAX_ADVANCE
    """The most turns one [`advance`][rollwerk.encounter.Encounter.advance] goes (10 000).

    Each turn is a new state and its events; a "skip a day" of a tabletop
    tool belongs to [`pass_time`][rollwerk.encounter.Encounter.pass_time]
    outside turns.
    """

    __repr__ = value_repr

    # ------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        combatants: Iterable[Combatant | str],
        *,
        order: Sequence[str] | None = None,
        rng: Rng | None = None,
        initiative: InitiativeRule = by_initiative,
        round_seconds: int | Fraction = 6,
        actions_per_round: int = 1,
        stacking: StackingPolicy | None = None,
        clock: int | Fraction = 0,
    ) -> Encounter:
        """A new encounter before its first round (call ``advance`` to begin).

        Args:
            combatants: [`Combatant`][rollwerk.encounter.Combatant]s, or plain ids.
            order: The initiative order as ids. If not given: with an ``rng``
                the ``initiative`` rule builds it; without one the combatants
                act in the order given.
            rng: The Rng for the initiative rule (its rolls are recorded).
            initiative: The ruleset's initiative rule (default
                [`by_initiative`][rollwerk.encounter.by_initiative]).
            round_seconds: The length of a round in game seconds.
            actions_per_round: Action slots per combatant and round.
            stacking: The stacking policy (default: everything stacks and sums).
            clock: The game clock at the start, in seconds.

        Raises:
            ParameterError: Duplicate or unknown ids, or bad numbers.
        """
        return _operations.create(
            cls,
            combatants,
            order=order,
            rng=rng,
            initiative=initiative,
            round_seconds=round_seconds,
            actions_per_round=actions_per_round,
            stacking=stacking,
            clock=clock,
        )

    @classmethod
    def for_ruleset(
        cls,
        ruleset: EncounterTraits,
        combatants: Iterable[Combatant | str],
        *,
        order: Sequence[str] | None = None,
        rng: Rng | None = None,
        clock: int | Fraction = 0,
    ) -> Encounter:
        """A new encounter with a ruleset's timing, stacking and initiative.

        Reads the ruleset's [`EncounterTraits`][rollwerk.encounter.EncounterTraits]:
        ``round_seconds``, ``actions_per_round``, ``stacking_policy`` and
        ``initiative_order``. Every [`Ruleset`][rollwerk.rulesets.Ruleset] has
        them (with defaults for a ruleset that subclasses ``Ruleset``), and so
        does a ruleset wrapped by optional rules. As in
        [`create`][rollwerk.encounter.Encounter.create], the initiative rule
        orders the combatants only when ``rng`` is given (even a rule that
        rolls no dice, as PF2e's); without ``order`` or ``rng`` they keep
        the order given.

        Raises:
            ParameterError: ``ruleset`` lacks one of the four traits.
        """
        traits = ("round_seconds", "actions_per_round", "stacking_policy")
        missing = [t for t in (*traits, "initiative_order") if not hasattr(ruleset, t)]
        if missing:
            raise ParameterError(
                "ruleset",
                ruleset,
                "a ruleset with encounter traits (round_seconds, actions_per_round, "
                f"stacking_policy, initiative_order); it lacks {', '.join(missing)}",
            )
        return cls.create(
            combatants,
            order=order,
            rng=rng,
            initiative=ruleset.initiative_order,
            round_seconds=ruleset.round_seconds,
            actions_per_round=ruleset.actions_per_round,
            stacking=ruleset.stacking_policy,
            clock=clock,
        )

    # ---------------------------------------------------------- operations

    def advance(self, turns: int = 1) -> Step:
        """End the current turn and start the next one (``turns`` times).

        Ending a turn: ``TurnEnded`` and the expirations at its end; after
        the last slot of a round, ``RoundEnded``, ``RoundStarted`` (the clock
        runs one round length) and expirations on the clock. Starting a turn:
        ``TurnStarted`` and the ticks and expirations at its start. The first
        call starts round 1.

        At most [`MAX_ADVANCE`][rollwerk.encounter.Encounter.MAX_ADVANCE]
        (10 000) turns at once.

        Raises:
            RulesError: The encounter has no combatants or has ended, or the
                round, a combatant's turns or its action slots would pass
                2**63 - 1 (what encounter JSON holds).
            LimitExceeded: ``turns`` is more than ``MAX_ADVANCE``.
        """
        return Step(*_operations.advance(self, turns))

    def end_turn(self) -> Step:
        """End the turn under way without starting the next one.

        ``TurnEnded`` and what ends at the end of that turn, as the first
        half of [`advance`][rollwerk.encounter.Encounter.advance]: what
        happens "at the end of your turn" (a saving throw that ends an
        effect, a signal) can then be done before the next turn starts,
        which the next ``advance()`` does (with ``RoundEnded`` after the
        round's last turn).

        >>> enc = Encounter.create(["A", "B"]).advance().state
        >>> enc, events = enc.end_turn()
        >>> [type(e).__name__ for e in events], enc.current
        (['TurnEnded'], None)
        >>> enc.advance().state.current
        'B'

        Raises:
            RulesError: No turn is under way, or the encounter has ended.
        """
        return Step(*_operations.end_current_turn(self))

    def add_effect(
        self,
        name: str,
        *,
        source: str,
        target: str,
        duration: Duration,
        modifiers: Iterable[Modifier] = (),
        condition: str | None = None,
        data: Mapping[str, Scalar] | None = None,
        effect_id: str | None = None,
    ) -> Step:
        """Add an effect; its duration is bound to the current state.

        Args:
            name: The effect's name (stacking by name uses it).
            source: The id of its creator, the default anchor of ``Rounds``
                and ``Concentration``. It need not be a combatant (a trap, the
                GM) unless the duration follows it (a ``Rounds`` counts its
                turns, a ``Concentration`` lasts while it concentrates); then
                the refusal names ``source``.
            target: The id of the combatant it holds on.
            duration: When it ends, e.g. ``Rounds(1)``. One taken from
                another effect is bound afresh from now but keeps its
                anchor (``Rounds(1, tick_on="A")``): a new cast by another
                creator takes a new ``Rounds(n)``.
            modifiers: What it contributes to the target's checks.
            condition: A condition label it imposes (not ``""``).
            data: Ruleset-specific JSON scalars.
            effect_id: Its id (not ``""``); default ``"e<n>"``.

        After [`end`][rollwerk.encounter.Encounter.end], durations counted in rounds,
        turns or actions are turned into game time at once.

        Events: ``ConcentrationStarted`` (for a concentration duration whose
        combatant did not concentrate yet), ``EffectRemoved`` (a same-name
        effect replaced), ``EffectAdded``, and ``EffectExpired`` at once for
        an ``Instant`` or an already fulfilled condition.

        Raises:
            ParameterError: A bad argument (the message names it).
            RulesError: The automatic effect ids have run out (their
                number would pass 2**63 - 1; give ``effect_id``), or a
                counted duration would end beyond 2**63 - 1.
        """
        return Step(
            *_operations.add_effect(
                self,
                name,
                source=source,
                target=target,
                duration=duration,
                modifiers=modifiers,
                condition=condition,
                data=data,
                effect_id=effect_id,
            )
        )

    def apply_effect(self, effect: Effect, *, effect_id: str | None = None) -> Step:
        """Add any object with the [`Effect`][rollwerk.encounter.Effect] properties.

        Same as [`add_effect`][rollwerk.encounter.Encounter.add_effect] with its name,
        source, target, duration, modifiers and condition.

        Raises:
            ParameterError: ``effect`` lacks one of those properties, or
                [`add_effect`][rollwerk.encounter.Encounter.add_effect]
                refuses their values.
        """
        return Step(*_operations.apply_effect(self, effect, effect_id=effect_id))

    def remove_effect(self, effect_id: str) -> Step:
        """Remove an active effect before it runs out (``EffectRemoved``)."""
        return Step(*_operations.remove_effect(self, effect_id))

    def refresh_effect(self, effect_id: str) -> Step:
        """Bind an effect's duration afresh from now (``EffectRefreshed``).

        The only way what remains of an effect can grow.
        """
        return Step(*_operations.refresh_effect(self, effect_id))

    def join(
        self,
        combatant: Combatant | str,
        *,
        after: str | None = None,
        initiative: InitiativeRule | None = None,
    ) -> Step:
        """A combatant joins mid-encounter.

        Its slot is directly after ``after``; or, with an ``initiative``
        rule (a ruleset's ``initiative_order``), before the first combatant
        in the order that the rule ranks after it (PF2e: a GM's creature
        tied with a player's character goes first); or else before the
        first combatant in the order with a lower initiative value. If that
        slot has already passed in the current round, it acts from the next
        round on.

        The rule orders the newcomer and one other combatant at a time, in
        the order's sequence, and must draw no die: a rule that rolls (AdZ's
        2d6; the default rule's roll-off when the newcomer ties) cannot
        place one combatant among rolls already made, and is refused with a
        `RulesError`; give such a combatant's place with ``after``.

        Raises:
            ParameterError: The id is taken; ``after`` names no combatant or
                is given with ``initiative``; the rule does not order the
                two combatants it is given.
            RulesError: The rule draws dice.
        """
        return Step(
            *_operations.join(self, combatant, after=after, initiative=initiative)
        )

    def leave(self, combatant: str) -> Step:
        """A combatant leaves (flees, dies, is removed from initiative).

        In order: its turn ends if it is under way (``TurnEnded`` …); its
        concentration ends (``ConcentrationEnded``, dependent effects
        expire); effects on it are removed (``EffectRemoved`` with
        ``TARGET_LEFT``); durations ticking on it now tick on their effect's
        target, keeping what remains (``EffectChanged``); ``CombatantLeft``.
        """
        return Step(*_operations.leave(self, combatant))

    def delay(self, combatant: str, *, after: str) -> Step:
        """Move a combatant whose turn has not started this round to act after another.

        The durations that tick on it follow it (they count its turns, not
        slots). To delay the combatant who is up next, call this before the
        ``advance`` that would start its turn; when the round's last turn is
        under way, the move applies to the next round (so the first combatant
        of a round can delay too). If the new slot has already
        passed in this round, it acts there from the next round on and has
        no turn this round (``next_round=True``).

        Raises:
            RulesError: Its turn is under way, or it has already acted this
                round.
        """
        return Step(*_operations.delay(self, combatant, after=after))

    def spend_action(self, combatant: str, n: int = 1) -> Step:
        """The combatant uses ``n`` action slots (for ``Actions`` durations)."""
        return Step(*_operations.spend_action(self, combatant, n))

    def record_check(self, combatant: str) -> Step:
        """The combatant made a check (for ``NextChecks`` durations).

        Read the modifiers in force *before* recording: effects that last
        for the next check apply to it and expire when it is recorded.

        Raises:
            RulesError: Its checks would pass 2**63 - 1.
        """
        return Step(*_operations.record_check(self, combatant))

    def count(
        self,
        combatant: str,
        name: str,
        by: int = 1,
        *,
        reset: CounterReset = CounterReset.ROUND,
    ) -> Step:
        """Add ``by`` to a named counter of a combatant (reactions taken…).

        The counter goes back to 0 at the start of every round
        (``CounterReset.ROUND``) or of the combatant's own turn
        (``CounterReset.TURN``). Every call emits ``CounterChanged`` with
        the new value, ``by=0`` too: it sets up the counter (at 0 if it is
        new) or changes its ``reset``.

        Raises:
            ParameterError: ``reset`` is not a ``CounterReset`` member (its
                value string ``"round"`` neither, as for every enum argument
                of rollwerk), ``name`` is not a non-empty string, or the
                counter would leave the 64-bit range.
        """
        return Step(*_operations.count(self, combatant, name, by, reset=reset))

    def begin_concentration(self, combatant: str) -> Step:
        """The combatant begins to concentrate (``ConcentrationStarted``).

        Raises:
            RulesError: It already concentrates.
        """
        return Step(*_operations.begin_concentration(self, combatant))

    def end_concentration(self, combatant: str) -> Step:
        """The combatant's concentration ends; effects depending on it expire.

        Raises:
            RulesError: It does not concentrate.
        """
        return Step(*_operations.end_concentration(self, combatant))

    def signal(self, event: str) -> Step:
        """Signal a named event; ``UntilEvent(event)`` durations expire.

        Raises:
            ParameterError: ``event`` is not a non-empty string.
            RulesError: The event's count would pass 2**63 - 1.
        """
        return Step(*_operations.signal(self, event))

    def pass_time(self, seconds: int | Fraction) -> Step:
        """Run the game clock outside the turn order (hours, nights, days).

        ``GameTime`` durations run out by the clock. Turn-, round- and
        action-counted durations do not tick: call
        [`end`][rollwerk.encounter.Encounter.end] first to turn them into game time.
        """
        return Step(*_operations.pass_time(self, seconds))

    def end(self) -> Step:
        """End the combat: the turn under way ends, then the round.

        Durations counted in rounds, turns or actions become
        [`GameTime`][rollwerk.encounter.GameTime] with what remains
        (``EffectChanged``): n rounds or turns last ``n × round_seconds``,
        n actions ``n × round_seconds / actions_per_round``. Afterwards
        ``advance`` and ``delay`` raise
        [`RulesError`][rollwerk.errors.RulesError]; effects, time, checks, signals,
        joins and leaves still work.

        Raises:
            RulesError: The encounter has ended already, or what a duration
                has left would be game time (or end on the clock) beyond
                what encounter JSON holds (40 digits above and below the
                line).
        """
        return Step(*_operations.end(self))

    # --------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with ``"schema": 1``; loads back to an equal encounter.

        Raises:
            SchemaError: An effect has an ``UntilCondition`` (a Python predicate).
        """
        return _codec.encounter_to_json(self)

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        *,
        kinds: Mapping[str, DurationDecoder] | None = None,
    ) -> Encounter:
        """Load what [`to_json`][rollwerk.encounter.Encounter.to_json] wrote.

        Args:
            data: The JSON object.
            kinds: Decoders of plugin duration kinds, by name.

        Raises:
            SchemaError: Wrong schema version or malformed data.
        """
        return _codec.encounter_from_json(cls, data, kinds=kinds)
