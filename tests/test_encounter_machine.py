"""A hypothesis state machine over encounters: advance, add effect, join, leave,
delay, actions, checks, signals, time, concentration, refresh and undo.

After every step: no expired effect returns, ticks happen at the declared
boundary, what remains never grows except by refresh, the state round-trips
through JSON, and an undo restores the recorded state exactly.
"""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from rollwerk import Combatant, Duration, Encounter
from rollwerk.encounter import Step, Timeline
from rollwerk.testing import (
    assert_json_round_trip,
    assert_step_contract,
    durations,
)

NAMES = ["A", "B", "C", "D", "E", "F"]


class EncounterMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.timeline = Timeline.start(Encounter.create(["A", "B", "C"]))
        self.snapshots: list[str] = []
        self.gone: list[frozenset[str]] = [frozenset()]

    @initialize(apr=st.integers(1, 2), seconds=st.sampled_from([3, 5, 6]))
    def setup(self, apr: int, seconds: int) -> None:
        enc = Encounter.create(
            ["A", "B", "C"], actions_per_round=apr, round_seconds=seconds
        )
        self.timeline = Timeline.start(enc)
        self.snapshots = [json.dumps(enc.to_json(), sort_keys=True)]
        self.gone = [frozenset()]

    @property
    def state(self) -> Encounter:
        return self.timeline.current

    def _do(self, step: Step) -> None:
        before = self.state
        assert_step_contract(before, step)
        after = step.state
        gone = self.gone[-1] | (
            {e.id for e in before.effects} - {e.id for e in after.effects}
        )
        assert not gone & {e.id for e in after.effects}, "an expired effect came back"
        self.timeline = self.timeline.record(step)
        self.snapshots.append(json.dumps(after.to_json(), sort_keys=True))
        self.gone.append(frozenset(gone))

    @precondition(lambda self: bool(self.state.order) and not self.state.ended)
    @rule()
    def advance(self) -> None:
        self._do(self.state.advance())

    @precondition(lambda self: bool(self.state.ids))
    @rule(data=st.data(), duration=durations(combatants=NAMES[:3]))
    def add_effect(self, data: st.DataObject, duration: Duration) -> None:
        ids = list(self.state.ids)
        source = data.draw(st.sampled_from(ids))
        target = data.draw(st.sampled_from(ids))
        if duration.anchor is not None and duration.anchor not in ids:
            return
        self._do(
            self.state.add_effect("fx", source=source, target=target, duration=duration)
        )

    @precondition(lambda self: len(self.state.ids) > 1)
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        self._do(self.state.leave(data.draw(st.sampled_from(list(self.state.ids)))))

    @precondition(lambda self: len(self.state.ids) < len(NAMES))
    @rule(initiative=st.integers(0, 3))
    def join(self, initiative: int) -> None:
        new = next(n for n in NAMES if n not in self.state.ids)
        self._do(self.state.join(Combatant(new, initiative=initiative)))

    @precondition(lambda self: not self.state.ended)
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

    @precondition(lambda self: bool(self.state.ids))
    @rule(data=st.data(), n=st.integers(1, 2))
    def spend_action(self, data: st.DataObject, n: int) -> None:
        self._do(
            self.state.spend_action(data.draw(st.sampled_from(list(self.state.ids))), n)
        )

    @precondition(lambda self: bool(self.state.ids))
    @rule(data=st.data())
    def record_check(self, data: st.DataObject) -> None:
        self._do(
            self.state.record_check(data.draw(st.sampled_from(list(self.state.ids))))
        )

    @rule(event=st.sampled_from(["scene-end", "ping"]))
    def signal(self, event: str) -> None:
        self._do(self.state.signal(event))

    @rule(seconds=st.integers(1, 30))
    def pass_time(self, seconds: int) -> None:
        self._do(self.state.pass_time(seconds))

    @precondition(lambda self: bool(self.state.concentrating))
    @rule(data=st.data())
    def end_concentration(self, data: st.DataObject) -> None:
        self._do(
            self.state.end_concentration(
                data.draw(st.sampled_from(self.state.concentrating))
            )
        )

    @precondition(lambda self: bool(self.state.effects))
    @rule(data=st.data())
    def refresh(self, data: st.DataObject) -> None:
        effect = data.draw(st.sampled_from(self.state.effects))
        self._do(self.state.refresh_effect(effect.id))

    @precondition(lambda self: not self.state.ended and self.state.round > 0)
    @rule()
    def end(self) -> None:
        self._do(self.state.end())

    @precondition(lambda self: len(self.timeline) > 1)
    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        steps = data.draw(st.integers(1, len(self.timeline) - 1))
        self.timeline = self.timeline.rewind(steps)
        del self.snapshots[len(self.timeline) :]
        del self.gone[len(self.timeline) :]
        assert json.dumps(self.state.to_json(), sort_keys=True) == self.snapshots[-1]

    @invariant()
    def round_trips_through_json(self) -> None:
        assert_json_round_trip(self.state)

    @invariant()
    def structure_is_consistent(self) -> None:
        s = self.state
        assert sorted(s.order) == sorted(s.ids)
        assert set(s.done) <= set(s.order)
        assert s.current is None or s.current in s.order
        assert {e.target for e in s.effects} <= set(s.ids)
        assert {e.duration.anchor for e in s.effects} - {None} <= set(s.ids)
        assert set(s.concentrating) <= set(s.ids)
        for e in s.effects:
            assert not e.duration.is_over(s)
            left = e.duration.remaining(s)
            assert left is None or left > 0


EncounterMachine.TestCase.settings = settings(
    EncounterMachine.TestCase.settings, stateful_step_count=30
)
test_encounter_state_machine = EncounterMachine.TestCase
