"""A tester's report (h215) on the core's side of a plugin's slot counts.

A pf2e ``rounds`` effect whose creator, last in the order, left after the
round's last turn ended dropped a round with no event: ``EffectChanged``
said 2 rounds, the state right after 1. The core's ``leave`` (and
``delay``) now measure what a moved duration has left against the state
as it changed, so a count that the leave or delay itself brings about is
an ``EffectTicked`` after it. Loading asks a kind's ``check_loaded`` (the
pf2e plugin refuses impossible counts with it), and an ``EffectChanged``
whose duration is not measured writes ``null``.

Core only: the kind below counts round ends the way the pf2e plugin's slot
counts do, without the plugin.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from rollwerk.encounter import (
    EffectChanged,
    Encounter,
    EncounterView,
    FirstOf,
    Rounds,
    UntilEvent,
    event_to_json,
)
from rollwerk.errors import SchemaError


def _round_over(state: EncounterView) -> bool:
    return (
        state.round >= 1
        and state.current is None
        and all(c in state.done for c in state.order)
    )


@attrs.frozen
class RoundEnds:
    """``n`` round ends, each counted once every turn of the round is taken.

    Bound to its creator (``on``) while it is there; when it leaves, the
    count goes on unanchored (``on`` ``None``). It ends in round
    ``ends_in``, when that round is over.
    """

    kind = "test_round_ends"
    n: int
    on: str | None = None
    ends_in: int | None = None

    @property
    def unit(self) -> str | None:
        return "rounds"

    @property
    def anchor(self) -> str | None:
        return self.on

    def bind(self, state: EncounterView, source: str, target: str) -> RoundEnds:
        here = max(state.round, 1)
        over = _round_over(state)
        return RoundEnds(self.n, source, here + self.n - (0 if over else 1))

    def remaining(self, state: EncounterView) -> int:
        assert self.ends_in is not None
        here = max(state.round, 1)
        return max(0, self.ends_in - here + (0 if _round_over(state) else 1))

    def is_over(self, state: EncounterView) -> bool:
        return self.remaining(state) == 0

    def rebind(self, state: EncounterView, combatant: str) -> RoundEnds:
        return attrs.evolve(self, on=None)

    def check_loaded(self, state: EncounterView) -> None:
        left = self.remaining(state)
        if left > self.n:
            raise SchemaError.field(
                "ends_in", f"an end at most {self.n} rounds away", self.ends_in
            )

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "n": self.n, "on": self.on, "ends_in": self.ends_in}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundEnds:
        return cls(data["n"], data["on"], data["ends_in"])


KINDS = {RoundEnds.kind: RoundEnds.from_json}


def _last_leaves_after_the_last_turn(n: int) -> Encounter:
    """C's count on A; R2: B's turn over, C (last) not begun."""
    enc = Encounter.create(["A", "B", "C"]).advance(2).state
    enc = enc.add_effect("aid", source="C", target="A", duration=RoundEnds(n)).state
    return enc.advance(3).state.end_turn().state


def _names(events: tuple[Any, ...]) -> list[tuple[str, object]]:
    return [(type(e).__name__, getattr(e, "remaining", None)) for e in events]


def test_a_count_the_leave_brings_about_is_an_effect_ticked_after_it() -> None:
    enc = _last_leaves_after_the_last_turn(3)
    assert enc.remaining("e1") == 2
    step = enc.leave("C")
    assert _names(step.events) == [
        ("EffectChanged", 2),
        ("CombatantLeft", None),
        ("EffectTicked", 1),
    ]
    assert step.state.remaining("e1") == 1


def test_a_count_the_leave_ends_is_an_effect_expired_after_it() -> None:
    step = _last_leaves_after_the_last_turn(2).leave("C")
    assert _names(step.events) == [
        ("EffectChanged", 1),
        ("CombatantLeft", None),
        ("EffectExpired", None),
    ]


def test_an_unmoved_count_the_leave_brings_about_ticks_too() -> None:
    # B's count, unanchored already (B left), counts when C's leave ends R2
    enc = Encounter.create(["A", "B", "C", "D"]).advance(2).state
    enc = enc.add_effect("aid", source="B", target="A", duration=RoundEnds(3)).state
    enc = enc.leave("B").state.advance(4).state.end_turn().state  # R2: C done
    assert enc.remaining("e1") == 2
    step = enc.leave("D")
    assert _names(step.events) == [("CombatantLeft", None), ("EffectTicked", 1)]


def test_core_rounds_keep_their_events_on_a_leave() -> None:
    enc = Encounter.create(["A", "B", "C"]).advance(2).state
    enc = enc.add_effect("r", source="C", target="A", duration=Rounds(3)).state
    step = enc.advance(3).state.end_turn().state.leave("C")
    assert _names(step.events) == [("EffectChanged", 2), ("CombatantLeft", None)]
    assert step.state.remaining("e1") == 2


def test_loading_asks_a_kinds_check_loaded() -> None:
    enc = _last_leaves_after_the_last_turn(3)
    data = json.loads(json.dumps(enc.to_json()))
    assert Encounter.from_json(data, kinds=KINDS) == enc
    data["effects"][0]["duration"]["ends_in"] = 40
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data, kinds=KINDS)
    assert str(info.value) == (
        "malformed encounter JSON: effects[0].duration.ends_in must be an end "
        "at most 3 rounds away, got 40"
    )


def test_loading_asks_the_parts_of_a_first_of_too() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    duration = FirstOf(RoundEnds(2), UntilEvent("x"))
    enc = enc.add_effect("aid", source="A", target="B", duration=duration).state
    data = json.loads(json.dumps(enc.to_json()))
    data["effects"][0]["duration"]["parts"][0]["ends_in"] = 9
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data, kinds=KINDS)
    assert str(info.value) == (
        "malformed encounter JSON: effects[0].duration.parts[0].ends_in must be "
        "an end at most 2 rounds away, got 9"
    )


def test_effect_changed_of_end_writes_null_remaining() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect("r", source="A", target="B", duration=Rounds(2)).state
    changed = [e for e in enc.end().events if isinstance(e, EffectChanged)]
    assert changed[0].remaining is None
    data = event_to_json(changed[0])
    assert (data["type"], data["remaining"], data["unit"]) == (
        "effect_changed",
        None,
        None,
    )
