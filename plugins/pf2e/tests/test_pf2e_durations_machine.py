"""A hypothesis state machine over Pathfinder round-counted effects (PF2E-R02,
PF2E-A03, PF2E-A04): advance, add ``rounds(n)``, leave, join and delay.

After every step: the core's duration contract holds (no revival, what
remains never grows), a ``pf2e_rounds`` effect ticks or expires only right
after its anchor's ``TurnStarted`` or at a departed creator's end-of-round
slot, and the state round-trips through JSON.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rollwerk import Combatant
from rollwerk.encounter import (
    CombatantDelayed,
    CombatantJoined,
    CombatantLeft,
    EffectChanged,
    EffectExpired,
    EffectTicked,
    Event,
    Step,
    TurnEnded,
    TurnStarted,
)
from rollwerk.testing import assert_json_round_trip, assert_step_contract
from rollwerk_pf2e import DURATION_KINDS, new_encounter, rounds

NAMES = "ABCDEF"


def _check_trigger(event: Event, duration: Any, trigger: Event | None) -> None:
    """A ``pf2e_rounds`` count is made only where PF2E-R02 / PF2E-A03 put it.

    At the start of the anchor's turn; at a departed creator's slot at the
    end of the round (``tick_on`` is ``None``) after the round's last turn,
    or when a change of the order reaches that slot; when the creator joins
    again behind the turn under way (once the core calls
    ``combatant_joined``).
    """
    if isinstance(trigger, TurnStarted):
        assert trigger.combatant == duration.anchor, (event, trigger)
        return
    if isinstance(trigger, CombatantJoined) and trigger.combatant == duration.anchor:
        # a creator joining again behind the turn under way: the round's
        # count is made at the join (Pf2eRounds.combatant_joined)
        return
    assert duration.slot, (event, trigger)
    assert duration.anchor is None, (event, trigger)
    assert isinstance(
        trigger, (TurnEnded, CombatantLeft, CombatantJoined, CombatantDelayed)
    ), (event, trigger)


class Pf2eRoundsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state = new_encounter(["A", "B", "C"])

    def _do(self, step: Step) -> None:
        assert_step_contract(self.state, step)
        trigger: Event | None = None
        for event in step.events:
            if isinstance(event, (EffectTicked, EffectExpired)):
                duration = event.effect.duration
                if duration.kind == "pf2e_rounds":
                    _check_trigger(event, duration, trigger)
            elif not isinstance(event, EffectChanged):
                trigger = event
        self.state = step.state

    @precondition(lambda self: bool(self.state.order))
    @rule()
    def advance(self) -> None:
        self._do(self.state.advance())

    @precondition(lambda self: bool(self.state.ids))
    @rule(data=st.data(), n=st.integers(1, 3))
    def add(self, data: st.DataObject, n: int) -> None:
        ids = list(self.state.ids)
        source = data.draw(st.sampled_from(ids))
        target = data.draw(st.sampled_from(ids))
        self._do(
            self.state.add_effect(
                "fx", source=source, target=target, duration=rounds(n)
            )
        )

    @precondition(lambda self: len(self.state.ids) > 1)
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        self._do(self.state.leave(data.draw(st.sampled_from(list(self.state.ids)))))

    @precondition(lambda self: len(self.state.ids) < len(NAMES))
    @rule(data=st.data())
    def join(self, data: st.DataObject) -> None:
        new = next(n for n in NAMES if n not in self.state.ids)
        after = data.draw(st.sampled_from([*self.state.order, None]))
        self._do(self.state.join(Combatant(new), after=after))

    @rule(data=st.data())
    def delay(self, data: st.DataObject) -> None:
        s = self.state
        round_over = s.up_next is None
        movable = [
            c for c in s.order if c != s.current and (round_over or c not in s.done)
        ]
        if not movable or len(s.order) < 2:
            return
        who = data.draw(st.sampled_from(movable))
        after = data.draw(st.sampled_from([c for c in s.order if c != who]))
        self._do(s.delay(who, after=after))

    @invariant()
    def round_trips_through_json(self) -> None:
        assert_json_round_trip(self.state, DURATION_KINDS)


test_pf2e_a03_rounds_state_machine = Pf2eRoundsMachine.TestCase
