"""The encounter clock: durations, effects, events, states and their undo.

An [`Encounter`][rollwerk.encounter.Encounter] is an immutable state; every
operation returns a [`Step`][rollwerk.encounter.Step] with the next state and
the events it produced. Durations see the encounter only through the narrow
[`EncounterView`][rollwerk.encounter.EncounterView]; a ruleset's
[`EncounterTraits`][rollwerk.encounter.EncounterTraits] (round length,
actions per round, stacking, initiative) set up a new encounter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.encounter._durations import (
        DURATION_KINDS,
        Actions,
        Concentration,
        Duration,
        DurationDecoder,
        GameTime,
        Instant,
        NextChecks,
        Permanent,
        Remaining,
        Rounds,
        UntilCondition,
        UntilEndOfNextTurns,
        UntilEvent,
        duration_from_json,
    )
    from rollwerk.encounter._effects import (
        ActiveEffect,
        Effect,
        modifiers_in_force,
    )
    from rollwerk.encounter._encounter import (
        Encounter,
        Step,
    )
    from rollwerk.encounter._events import (
        ActionSpent,
        CheckRecorded,
        CombatantDelayed,
        CombatantJoined,
        CombatantLeft,
        ConcentrationEnded,
        ConcentrationStarted,
        CounterChanged,
        EffectAdded,
        EffectChanged,
        EffectExpired,
        EffectRefreshed,
        EffectRemoved,
        EffectTicked,
        EncounterEnded,
        Event,
        RemovalReason,
        RoundEnded,
        RoundStarted,
        Signalled,
        TimePassed,
        TurnEnded,
        TurnStarted,
        describe_events,
        event_from_json,
        event_to_json,
    )
    from rollwerk.encounter._stacking import (
        SameName,
        Stacking,
        StackingPolicy,
    )
    from rollwerk.encounter._state import (
        Combatant,
        Counter,
        CounterReset,
        InitiativeRule,
        by_initiative,
    )
    from rollwerk.encounter._timeline import (
        Timeline,
    )
    from rollwerk.encounter._traits import (
        EncounterTraits,
    )
    from rollwerk.encounter._view import (
        EncounterView,
    )
    from rollwerk.encounter._wording import (
        DescribedDuration,
        describe_duration,
        describe_remaining,
        round_of_turn,
    )

__all__ = [
    "DURATION_KINDS",
    "ActionSpent",
    "Actions",
    "ActiveEffect",
    "CheckRecorded",
    "Combatant",
    "CombatantDelayed",
    "CombatantJoined",
    "CombatantLeft",
    "Concentration",
    "ConcentrationEnded",
    "ConcentrationStarted",
    "Counter",
    "CounterChanged",
    "CounterReset",
    "DescribedDuration",
    "Duration",
    "DurationDecoder",
    "Effect",
    "EffectAdded",
    "EffectChanged",
    "EffectExpired",
    "EffectRefreshed",
    "EffectRemoved",
    "EffectTicked",
    "Encounter",
    "EncounterEnded",
    "EncounterTraits",
    "EncounterView",
    "Event",
    "GameTime",
    "InitiativeRule",
    "Instant",
    "NextChecks",
    "Permanent",
    "Remaining",
    "RemovalReason",
    "RoundEnded",
    "RoundStarted",
    "Rounds",
    "SameName",
    "Signalled",
    "Stacking",
    "StackingPolicy",
    "Step",
    "TimePassed",
    "Timeline",
    "TurnEnded",
    "TurnStarted",
    "UntilCondition",
    "UntilEndOfNextTurns",
    "UntilEvent",
    "by_initiative",
    "describe_duration",
    "describe_events",
    "describe_remaining",
    "duration_from_json",
    "event_from_json",
    "event_to_json",
    "modifiers_in_force",
    "round_of_turn",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "ActionSpent": "rollwerk.encounter._events",
            "Actions": "rollwerk.encounter._durations",
            "ActiveEffect": "rollwerk.encounter._effects",
            "CheckRecorded": "rollwerk.encounter._events",
            "Combatant": "rollwerk.encounter._state",
            "CombatantDelayed": "rollwerk.encounter._events",
            "CombatantJoined": "rollwerk.encounter._events",
            "CombatantLeft": "rollwerk.encounter._events",
            "Concentration": "rollwerk.encounter._durations",
            "ConcentrationEnded": "rollwerk.encounter._events",
            "ConcentrationStarted": "rollwerk.encounter._events",
            "Counter": "rollwerk.encounter._state",
            "CounterChanged": "rollwerk.encounter._events",
            "CounterReset": "rollwerk.encounter._state",
            "DURATION_KINDS": "rollwerk.encounter._durations",
            "DescribedDuration": "rollwerk.encounter._wording",
            "Duration": "rollwerk.encounter._durations",
            "DurationDecoder": "rollwerk.encounter._durations",
            "Effect": "rollwerk.encounter._effects",
            "EffectAdded": "rollwerk.encounter._events",
            "EffectChanged": "rollwerk.encounter._events",
            "EffectExpired": "rollwerk.encounter._events",
            "EffectRefreshed": "rollwerk.encounter._events",
            "EffectRemoved": "rollwerk.encounter._events",
            "EffectTicked": "rollwerk.encounter._events",
            "Encounter": "rollwerk.encounter._encounter",
            "EncounterEnded": "rollwerk.encounter._events",
            "EncounterTraits": "rollwerk.encounter._traits",
            "EncounterView": "rollwerk.encounter._view",
            "Event": "rollwerk.encounter._events",
            "GameTime": "rollwerk.encounter._durations",
            "InitiativeRule": "rollwerk.encounter._state",
            "Instant": "rollwerk.encounter._durations",
            "NextChecks": "rollwerk.encounter._durations",
            "Permanent": "rollwerk.encounter._durations",
            "Remaining": "rollwerk.encounter._durations",
            "RemovalReason": "rollwerk.encounter._events",
            "RoundEnded": "rollwerk.encounter._events",
            "RoundStarted": "rollwerk.encounter._events",
            "Rounds": "rollwerk.encounter._durations",
            "SameName": "rollwerk.encounter._stacking",
            "Signalled": "rollwerk.encounter._events",
            "Stacking": "rollwerk.encounter._stacking",
            "StackingPolicy": "rollwerk.encounter._stacking",
            "Step": "rollwerk.encounter._encounter",
            "TimePassed": "rollwerk.encounter._events",
            "Timeline": "rollwerk.encounter._timeline",
            "TurnEnded": "rollwerk.encounter._events",
            "TurnStarted": "rollwerk.encounter._events",
            "UntilCondition": "rollwerk.encounter._durations",
            "UntilEndOfNextTurns": "rollwerk.encounter._durations",
            "UntilEvent": "rollwerk.encounter._durations",
            "by_initiative": "rollwerk.encounter._state",
            "describe_duration": "rollwerk.encounter._wording",
            "describe_events": "rollwerk.encounter._events",
            "describe_remaining": "rollwerk.encounter._wording",
            "duration_from_json": "rollwerk.encounter._durations",
            "event_from_json": "rollwerk.encounter._events",
            "event_to_json": "rollwerk.encounter._events",
            "modifiers_in_force": "rollwerk.encounter._effects",
            "round_of_turn": "rollwerk.encounter._wording",
        },
    )
