"""The encounter: initiative, turns, joins, leaves, delays, counters, JSON, undo."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

import pytest

from rollwerk import (
    Combatant,
    Encounter,
    Modifier,
    ParameterError,
    Rng,
    Rounds,
    RulesError,
    SchemaError,
    ScriptedRng,
    SeededRng,
)
from rollwerk.dice import DieRoll
from rollwerk.encounter import (
    Actions,
    CombatantDelayed,
    CombatantJoined,
    Counter,
    CounterChanged,
    CounterReset,
    EffectChanged,
    EffectExpired,
    EffectRefreshed,
    GameTime,
    NextChecks,
    RoundStarted,
    SameName,
    StackingPolicy,
    Timeline,
    TurnEnded,
    TurnStarted,
    UntilEndOfNextTurns,
    UntilEvent,
    by_initiative,
)


def _turns(events: Sequence[object]) -> list[str]:
    return [f"R{e.round}{e.combatant}" for e in events if isinstance(e, TurnStarted)]


# ----------------------------------------------------------------- initiative


def test_ds4_r11_initiative_ties_rolled_off_and_recorded() -> None:
    """DS4-R11: tied initiative values roll a d20 each; repeat ties roll again."""
    people = [
        Combatant("A", initiative=8),
        Combatant("B", initiative=12),
        Combatant("C", initiative=8),
        Combatant("D", initiative=8),
    ]
    enc = Encounter.create(people, rng=ScriptedRng([5, 5, 2, 7, 3]))
    # A, C, D roll 5, 5, 2; A and C roll again: 7, 3
    assert enc.order == ("B", "A", "C", "D")
    assert enc.initiative_rolls == tuple(
        DieRoll(20, f, "initiative") for f in (5, 5, 2, 7, 3)
    )
    replay = Encounter.create(
        people, rng=ScriptedRng([r.face for r in enc.initiative_rolls])
    )
    assert replay == enc


def test_initiative_is_deterministic_given_the_rng() -> None:
    people = [Combatant(c, initiative=10) for c in "ABCDE"]
    first = Encounter.create(people, rng=SeededRng(7))
    assert Encounter.create(people, rng=SeededRng(7)) == first
    assert sorted(first.order) == list("ABCDE")


def test_ruleset_initiative_rule() -> None:
    """A ruleset's own rule (AdZ-like: base + 2d6) receives the Rng; rolls are recorded."""

    def adz(combatants: Sequence[Combatant], rng: Rng) -> list[str]:
        totals = {c.id: c.initiative + rng.roll(6) + rng.roll(6) for c in combatants}
        return sorted(totals, key=lambda cid: -totals[cid])

    enc = Encounter.create(
        [Combatant("A", initiative=5), Combatant("B", initiative=4)],
        rng=ScriptedRng([1, 1, 6, 6]),
        initiative=adz,
    )
    assert enc.order == ("B", "A")
    assert [r.face for r in enc.initiative_rolls] == [1, 1, 6, 6]


def test_by_initiative_without_ties_rolls_nothing() -> None:
    people = [Combatant("A", initiative=1), Combatant("B", initiative=2)]
    assert by_initiative(people, ScriptedRng([])) == ("B", "A")


class _MiniRuleset:
    """A minimal in-test object that writes all four encounter traits (structurally)."""

    round_seconds = Fraction(3)
    actions_per_round = 2
    stacking_policy = StackingPolicy(same_name=SameName.REPLACE)

    @staticmethod
    def initiative_order(combatants: Sequence[Combatant], rng: Rng) -> list[str]:
        return sorted(c.id for c in combatants)


def test_for_ruleset_reads_timing_stacking_and_initiative() -> None:
    enc = Encounter.for_ruleset(_MiniRuleset(), ["C", "A", "B"], rng=SeededRng(1))
    assert enc.order == ("A", "B", "C")
    assert enc.round_seconds == 3
    assert enc.actions_per_round == 2
    assert enc.stacking.same_name is SameName.REPLACE


def test_create_errors() -> None:
    with pytest.raises(
        ParameterError,
        match=r"combatants must be combatants with unique ids, got \['A', 'A'\]",
    ):
        Encounter.create(["A", "A"])
    with pytest.raises(
        ParameterError, match=r"order must be each of A, B exactly once, got \['A'\]"
    ):
        Encounter.create(["A", "B"], order=["A"])
    with pytest.raises(
        ParameterError,
        match=r"actions_per_round must be an integer from 1 to 2\*\*63 - 1, got 0",
    ):
        Encounter.create(["A"], actions_per_round=0)
    with pytest.raises(
        ParameterError, match="round_seconds must be more than 0, got 0"
    ):
        Encounter.create(["A"], round_seconds=0)
    with pytest.raises(
        ParameterError, match="combatant id must be a non-empty string, got ''"
    ):
        Combatant("")
    with pytest.raises(
        RulesError, match="an encounter without combatants cannot advance"
    ):
        Encounter.create([]).advance()
    with pytest.raises(ParameterError, match="turns must be an integer >= 1, got 0"):
        Encounter.create(["A"]).advance(0)


# ---------------------------------------------------------------- the clock


def test_advance_walks_turns_and_rounds_and_the_clock() -> None:
    enc = Encounter.create(["A", "B"], round_seconds=6, clock=100)
    assert enc.up_next == "A"
    enc, events = enc.advance(5)
    assert _turns(events) == ["R1A", "R1B", "R2A", "R2B", "R3A"]
    assert [type(e).__name__ for e in events[:4]] == [
        "RoundStarted",
        "TurnStarted",
        "TurnEnded",
        "TurnStarted",
    ]
    assert enc.clock == 112
    assert enc.turns_started("A") == 3
    assert enc.turns_ended("A") == 2
    assert enc.up_next == "B"


def test_given_order_is_used_as_is() -> None:
    enc = Encounter.create(["A", "B", "C"], order=["C", "A", "B"])
    enc, events = enc.advance(3)
    assert _turns(events) == ["R1C", "R1A", "R1B"]


# ------------------------------------------------------------ join and leave


def test_join_mid_round_after_current_acts_this_round() -> None:
    enc, _ = Encounter.create(["A", "B", "C"]).advance()  # R1A
    enc, events = enc.join(Combatant("D"), after="A")
    assert events == (CombatantJoined("D", next_round=False),)
    enc, events = enc.advance(4)
    assert _turns(events) == ["R1D", "R1B", "R1C", "R2A"]


def test_join_into_a_passed_slot_acts_next_round() -> None:
    """An effect created mid-round and a combatant joining behind the cursor both
    count from the right boundary."""
    enc = Encounter.create(
        [
            Combatant("A", initiative=20),
            Combatant("B", initiative=10),
            Combatant("C", initiative=5),
        ]
    )
    enc, _ = enc.advance(2)  # R1B
    enc, events = enc.join(Combatant("D", initiative=15))  # slot between A and B
    assert events == (CombatantJoined("D", next_round=True),)
    assert enc.order == ("A", "D", "B", "C")
    enc, events = enc.advance(3)
    assert _turns(events) == ["R1C", "R2A", "R2D"]
    with pytest.raises(
        ParameterError,
        match="combatant id must be an id not yet in the encounter, got 'A'",
    ):
        enc.join("A")


def _gm_first_on_ties(people: Sequence[Combatant], rng: Rng) -> list[str]:
    """Highest first; on a tie the GM's (no owner) first, else as given."""
    ranked = sorted(
        enumerate(people),
        key=lambda ic: (-ic[1].initiative, ic[1].owner is not None, ic[0]),
    )
    return [c.id for _, c in ranked]


def _three() -> Encounter:
    return Encounter.create(
        [
            Combatant("pc1", initiative=15, owner="kyra"),
            Combatant("gob", initiative=12),
            Combatant("pc2", initiative=12, owner="amiri"),
        ],
        order=["pc1", "gob", "pc2"],
    ).advance()[0]


def test_join_by_the_rulesets_initiative_rule() -> None:
    """The rule places the newcomer: before the first it ranks after it."""
    enc = _three()
    ogre = Combatant("ogre", initiative=15)
    # by value: behind those with the same value
    assert enc.join(ogre).state.order == ("pc1", "ogre", "gob", "pc2")
    # by the rule: a GM's creature tied with a player's character goes first
    step = enc.join(ogre, initiative=_gm_first_on_ties)
    assert step.state.order == ("ogre", "pc1", "gob", "pc2")
    assert step.events == (CombatantJoined("ogre", next_round=True),)
    tied = Combatant("orc", initiative=12)
    assert enc.join(tied, initiative=_gm_first_on_ties).state.order == (
        "pc1",
        "gob",
        "orc",
        "pc2",
    )
    hero = Combatant("hero", initiative=12, owner="x")
    assert enc.join(hero, initiative=_gm_first_on_ties).state.order == (
        "pc1",
        "gob",
        "pc2",
        "hero",
    )
    # the default rule needs no roll where the newcomer ties no one, even
    # though gob and pc2 tie (their order is settled)
    low = Combatant("rat", initiative=3)
    assert enc.join(low, initiative=by_initiative).state.order == (
        "pc1",
        "gob",
        "pc2",
        "rat",
    )


def test_join_refuses_a_rule_that_rolls_or_misorders() -> None:
    enc = _three()
    with pytest.raises(RulesError) as info:
        enc.join(Combatant("orc", initiative=12), initiative=by_initiative)
    assert str(info.value) == (
        "the initiative rule draws dice to order 'gob' and 'orc', so it cannot "
        "place 'orc' among rolls already made; give its place with after="
    )
    with pytest.raises(ParameterError) as info:
        enc.join("x", initiative=lambda people, rng: ["x"])
    assert str(info.value) == (
        "initiative must be a rule that orders each of pc1, x once, got ['x']"
    )
    with pytest.raises(ParameterError) as info:
        enc.join("x", after="gob", initiative=by_initiative)
    assert str(info.value) == (
        "after must be None when an initiative rule places the combatant, got 'gob'"
    )


def test_leave_during_own_turn_ends_it_first() -> None:
    enc, _ = Encounter.create(["A", "B", "C"]).advance(2)  # R1B
    enc, _ = enc.add_effect("on B", source="A", target="B", duration=Rounds(3))
    enc, _ = enc.add_effect(
        "by B", source="B", target="C", duration=UntilEndOfNextTurns(1, of="B")
    )
    enc, events = enc.leave("B")
    names = [type(e).__name__ for e in events]
    # "by B" ends at the end of B's *next* turn, so it survives and moves to C
    assert names == ["TurnEnded", "EffectRemoved", "EffectChanged", "CombatantLeft"]
    assert enc.effects[0].duration.anchor == "C"
    assert enc.current is None
    assert enc.ids == ("A", "C")
    enc, events = enc.advance()
    assert _turns(events) == ["R1C"]


def test_leave_rebinds_every_counted_kind_keeping_what_remains() -> None:
    """Issue 4: a duration whose ticking combatant leaves falls back to the target."""
    enc, _ = Encounter.create(["A", "B", "C"]).advance()  # R1A
    enc, _ = enc.add_effect("r", source="A", target="B", duration=Rounds(2))
    enc, _ = enc.add_effect(
        "t", source="A", target="B", duration=UntilEndOfNextTurns(2, of="A")
    )
    enc, _ = enc.add_effect("a", source="A", target="B", duration=Actions(3, of="A"))
    enc, _ = enc.add_effect("c", source="A", target="B", duration=NextChecks(2, of="A"))
    enc, _ = enc.advance()  # R1B; A's turn ended, using its action slot
    before = [enc.remaining(e.id) for e in enc.effects]
    enc, events = enc.leave("A")
    assert [type(e) for e in events[-5:-1]] == [EffectChanged] * 4
    assert [enc.remaining(e.id) for e in enc.effects] == before == [2, 2, 2, 2]
    assert {e.duration.anchor for e in enc.effects} == {"B"}


# -------------------------------------------------------------------- delay


def test_delay_moves_the_slot_and_ticks_follow_the_combatant() -> None:
    """Issue 4: ticks are bound to ids, never positions: A's 2-round effect still
    ticks on A's turn starts after A delays behind C."""
    enc, _ = Encounter.create(["A", "B", "C"]).advance()  # R1A
    enc, _ = enc.add_effect("e", source="A", target="B", duration=Rounds(2))
    enc, _ = enc.advance(2)  # R1C
    enc, events = enc.delay("A", after="C")  # A's slot in round 2 passes
    assert events == (CombatantDelayed("A", "C", next_round=False),)
    assert enc.order == ("B", "C", "A")
    enc, events = enc.advance(3)
    assert _turns(events) == ["R2B", "R2C", "R2A"]
    assert enc.remaining("e1") == 1
    enc, events = enc.advance(3)
    assert _turns(events) == ["R3B", "R3C", "R3A"]
    assert isinstance(events[-1], EffectExpired)


def test_delay_behind_a_passed_slot_waits_for_the_next_round() -> None:
    enc, _ = Encounter.create(["A", "B", "C", "D"]).advance(2)  # R1B
    enc, events = enc.delay("D", after="A")
    assert events == (CombatantDelayed("D", "A", next_round=True),)
    enc, events = enc.advance(3)
    assert _turns(events) == ["R1C", "R2A", "R2D"]


def test_delay_errors() -> None:
    enc, _ = Encounter.create(["A", "B"]).advance()
    with pytest.raises(RulesError, match="'A' can only delay before its turn starts"):
        enc.delay("A", after="B")
    with pytest.raises(
        ParameterError, match="after must be a combatant other than 'B', got 'B'"
    ):
        enc.delay("B", after="B")


# ----------------------------------------------------------------- counters


def test_per_round_and_per_turn_counters() -> None:
    """AdZ reactions reset each round; a PF2e reaction at the start of one's own turn."""
    enc, _ = Encounter.create(["A", "B"]).advance()  # R1A
    enc, _ = enc.count("B", "reactions")
    enc, _ = enc.count("B", "reactions")
    enc, _ = enc.count("A", "reaction", reset=CounterReset.TURN)
    assert enc.counter("B", "reactions") == 2
    enc, _ = enc.advance()  # R1B: a turn start does not reset a per-round counter
    assert enc.counter("B", "reactions") == 2
    assert enc.counter("A", "reaction") == 1
    enc, _ = enc.advance()  # R2A
    assert enc.counter("B", "reactions") == 0
    assert enc.counter("A", "reaction") == 0


def test_counting_by_zero_sets_up_a_counter_or_changes_its_reset() -> None:
    enc, events = Encounter.create(["A"]).advance()[0].count("A", "r", 0)
    assert events == (CounterChanged("A", "r", 0),)
    assert enc.combatant("A").counters == (Counter("r", 0, CounterReset.ROUND),)
    enc, events = enc.count("A", "r", 0, reset=CounterReset.TURN)
    assert events == (CounterChanged("A", "r", 0),)
    assert enc.combatant("A").counters == (Counter("r", 0, CounterReset.TURN),)


def test_refresh_is_the_only_way_remaining_grows() -> None:
    enc, _ = Encounter.create(["A", "B"]).advance()
    enc, _ = enc.add_effect("e", source="A", target="B", duration=Rounds(3))
    enc, _ = enc.advance(2)
    assert enc.remaining("e1") == 2
    enc, events = enc.refresh_effect("e1")
    assert isinstance(events[0], EffectRefreshed)
    assert enc.remaining("e1") == 3


# ------------------------------------------------------------------- JSON


def _busy() -> Encounter:
    enc = Encounter.create(
        [Combatant("A", "Alrik", 12, "Ann"), Combatant("B", initiative=8)],
        rng=ScriptedRng([]),
        round_seconds=Fraction(5),
        actions_per_round=2,
    )
    enc, _ = enc.advance()
    enc, _ = enc.add_effect(
        "Bless",
        source="A",
        target="B",
        duration=Rounds(2),
        modifiers=[Modifier(1, "Bless", "status")],
        condition="blessed",
        data={"rank": 1},
    )
    enc, _ = enc.add_effect(
        "t", source="A", target="A", duration=GameTime(Fraction(31, 2))
    )
    enc, _ = enc.add_effect(
        "u", source="B", target="A", duration=UntilEvent("scene-end")
    )
    enc, _ = enc.begin_concentration("B")
    enc, _ = enc.signal("ping")
    enc, _ = enc.count("A", "reactions")
    enc, _ = enc.spend_action("A")
    return enc


def test_encounter_json_round_trip_schema_1() -> None:
    enc = _busy()
    data = json.loads(json.dumps(enc.to_json()))
    assert data["schema"] == 1
    assert Encounter.from_json(data) == enc


def test_encounter_json_errors() -> None:
    with pytest.raises(SchemaError, match="schema must be 1, got 2"):
        Encounter.from_json({"schema": 2})
    with pytest.raises(SchemaError, match="malformed encounter JSON"):
        Encounter.from_json({"schema": 1})


# --------------------------------------------------------------------- undo


def test_rewind_restores_expired_effects_exactly() -> None:
    """Issue 4: any earlier state comes back exactly, including expired effects."""
    tl = Timeline.start(Encounter.create(["A", "B", "C"]))
    tl = tl.do(Encounter.advance)
    tl = tl.do(
        lambda s: s.add_effect("Bless", source="A", target="B", duration=Rounds(1))
    )
    snapshot = json.dumps(tl.current.to_json())
    tl = tl.do(lambda s: s.advance(3))
    assert tl.current.effects == ()
    assert any(isinstance(e, EffectExpired) for e in tl.events)
    back = tl.rewind()
    assert back.current == tl.states[2]
    assert json.dumps(back.current.to_json()) == snapshot
    assert back.current.remaining("e1") == 1
    assert len(back) == 3
    assert back.restore(0).current == Encounter.create(["A", "B", "C"])
    assert tl.rewind(0) == tl


def test_timeline_errors() -> None:
    tl = Timeline.start(Encounter.create(["A"]))
    with pytest.raises(
        ParameterError, match="steps must be an integer from 0 to 0, got 1"
    ):
        tl.rewind(1)
    with pytest.raises(
        ParameterError, match="index must be an integer from 0 to 0, got -1"
    ):
        tl.restore(-1)
    with pytest.raises(
        ParameterError, match=r"states must be at least one encounter state, got \(\)"
    ):
        Timeline(())


def test_round_started_event_carries_round_number() -> None:
    _, events = Encounter.create(["A"]).advance(2)
    assert [e for e in events if isinstance(e, (RoundStarted, TurnEnded))] == [
        RoundStarted(1),
        TurnEnded(1, "A"),
        RoundStarted(2),
    ]


def test_source_outside_the_encounter() -> None:
    """A trap or the GM can create effects; a duration cannot tick on them."""
    enc = Encounter.create(["A"])
    enc, _ = enc.add_effect("poison", source="trap", target="A", duration=GameTime(60))
    assert enc.effects[0].source == "trap"
    # found by integrators: the messages named "combatant", not the argument
    with pytest.raises(ParameterError) as info:
        enc.add_effect("x", source="trap", target="A", duration=Rounds(1))
    assert str(info.value) == (
        "source must be the id of a combatant in the encounter (A), as its Rounds "
        "duration follows the source's turns, got 'trap'"
    )
    with pytest.raises(ParameterError) as info:
        enc.add_effect("x", source="A", target="trap", duration=GameTime(60))
    assert str(info.value) == (
        "target must be the id of a combatant in the encounter (A), got 'trap'"
    )


def test_end_turn_ends_the_turn_and_the_next_advance_starts_the_next() -> None:
    """An end-of-turn save between a turn's end and the next turn's start."""
    from rollwerk.encounter import Timeline, UntilEndOfNextTurns, UntilEvent

    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect(
        "held", source="A", target="B", duration=UntilEvent("B saves")
    ).state
    enc = enc.add_effect(
        "dazed", source="A", target="B", duration=UntilEndOfNextTurns()
    ).state
    enc = enc.advance().state  # B's turn in round 1
    step = enc.end_turn()
    assert [type(e).__name__ for e in step.events] == ["TurnEnded", "EffectExpired"]
    assert step.events[1].effect.name == "dazed"  # type: ignore[attr-defined]
    assert (step.state.current, step.state.round, step.state.done) == (
        None,
        1,
        ("A", "B"),
    )
    saved = step.state.signal("B saves")
    assert [type(e).__name__ for e in saved.events] == ["Signalled", "EffectExpired"]
    after = saved.state.advance()
    assert [type(e).__name__ for e in after.events] == [
        "RoundEnded",
        "RoundStarted",
        "TurnStarted",
    ]
    assert (after.state.current, after.state.round) == ("A", 2)
    # the same as one advance, when nothing happens in between
    assert enc.end_turn().state.advance().state == enc.advance().state
    tl = Timeline.start(enc).do(Encounter.end_turn).do(Encounter.advance)
    assert Timeline.from_json(tl.to_json()) == tl


def test_end_turn_without_a_turn_under_way_is_refused() -> None:
    with pytest.raises(RulesError) as info:
        Encounter.create(["A"]).end_turn()
    assert str(info.value) == "no turn is under way; advance() starts the next one"
    ended = Encounter.create(["A"]).advance().state.end().state
    with pytest.raises(RulesError) as info:
        ended.end_turn()
    assert str(info.value) == (
        "the encounter has ended; create a new one to fight again"
    )
