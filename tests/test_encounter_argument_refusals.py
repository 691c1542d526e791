"""The encounter API refuses wrong-typed arguments by name.

Found by an audit of the encounter and durations API: each of these raised
``TypeError`` or ``AttributeError`` (or named an argument the caller never
gave), where the error contract asks for a ``ParameterError`` naming the
parameter, the value and what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import Combatant, Modifier, ParameterError, SeededRng
from rollwerk.encounter import (
    Actions,
    Concentration,
    Duration,
    Encounter,
    FirstOf,
    GameTime,
    NextChecks,
    Rounds,
    Step,
    Timeline,
    UntilEndOfNextTurns,
    describe_duration,
    describe_events,
    describe_remaining,
    duration_from_json,
)
from rollwerk.errors import SchemaError, shown

NAMES = (
    "names must be a mapping of combatant ids to display names (str to str), "
    "or None, got "
)


def _refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def _blessed() -> tuple[Encounter, tuple[object, ...]]:
    enc = Encounter.create(["A", "B"]).advance().state
    step = enc.add_effect("Bless", source="A", target="B", duration=Rounds(2))
    return step.state, step.events


@pytest.mark.parametrize(
    ("names", "shown"),
    [(3, "3"), (["A"], "['A']"), ({"A": 3}, "{'A': 3}"), ({1: "A"}, "{1: 'A'}")],
)
def test_every_describe_refuses_names_that_are_not_a_mapping_of_strings(
    names: object, shown: str
) -> None:
    enc, events = _blessed()
    effect = enc.effects[0]
    message = NAMES + shown
    _refused(lambda: describe_events(events, names=names), message)  # type: ignore[arg-type]
    _refused(lambda: events[0].describe(names=names), message)  # type: ignore[attr-defined]
    _refused(lambda: effect.describe(names=names), message)  # type: ignore[arg-type]
    _refused(lambda: effect.describe(state=enc, names=names), message)  # type: ignore[arg-type]
    _refused(lambda: effect.duration.describe(names=names), message)  # type: ignore[attr-defined]
    _refused(
        lambda: effect.duration.describe_remaining(enc, names=names),  # type: ignore[attr-defined]
        message,
    )
    _refused(lambda: describe_duration(effect.duration, names=names), message)  # type: ignore[arg-type]
    _refused(
        lambda: describe_remaining(effect.duration, enc, names=names),  # type: ignore[arg-type]
        message,
    )


@pytest.mark.parametrize(("state", "shown"), [(5, "5"), ("A", "'A'"), ([], "[]")])
def test_every_describe_of_what_remains_refuses_what_is_not_a_state(
    state: object, shown: str
) -> None:
    # effect.describe(state=5) raised AttributeError: 'int' object has no
    # attribute 'turns_started' (from an outside virtual-tabletop author)
    enc, _events = _blessed()
    effect = enc.effects[0]
    message = f"state must be an encounter state (an Encounter), got {shown}"
    _refused(lambda: effect.describe(state=state), message)  # type: ignore[arg-type]
    _refused(
        lambda: effect.duration.describe_remaining(state),  # type: ignore[attr-defined]
        message,
    )
    _refused(
        lambda: effect.duration.remaining_text(state),  # type: ignore[attr-defined]
        message,
    )
    _refused(lambda: describe_remaining(effect.duration, state), message)  # type: ignore[arg-type]
    assert effect.describe(state=enc) == (
        "Bless on B from A: 2 rounds left, ends at the start of A's turn in round 3"
    )
    assert effect.describe(state=None) == (
        "Bless on B from A: 2 rounds, counted at the start of A's turns"
    )


def test_names_as_documented_still_work() -> None:
    _enc, events = _blessed()
    assert describe_events(events, names={"A": "Ada", "B": "Bo"}) == [
        "Ada puts Bless on Bo: 2 rounds, counted at the start of Ada's turns."
    ]
    assert Rounds(2, "A").describe(names={"A": "Ada"}) == (
        "2 rounds, counted at the start of Ada's turns"
    )


def test_describe_events_refuses_what_is_not_events() -> None:
    _refused(
        lambda: describe_events(3),  # type: ignore[arg-type]
        "events must be an iterable of encounter events (a step's events), got 3",
    )
    _refused(
        lambda: describe_events([3]),  # type: ignore[list-item]
        "events must be encounter events (RoundStarted, …), got 3",
    )


def test_create_refuses_an_rng_or_initiative_rule_of_the_wrong_type() -> None:
    _refused(
        lambda: Encounter.create(["A", "B"], rng=3),  # type: ignore[arg-type]
        "rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]), "
        "got 3",
    )
    _refused(
        lambda: Encounter.create(["A", "B"], rng=SeededRng(1), initiative=3),  # type: ignore[arg-type]
        "initiative must be an initiative rule: a function (combatants, rng) -> "
        "their ids in acting order, got 3",
    )
    # what the rule returns is the rule's fault, not an order the caller gave
    _refused(
        lambda: Encounter.create(
            ["A", "B"],
            rng=SeededRng(1),
            initiative=lambda people, rng: None,  # type: ignore[arg-type,return-value]
        ),
        "initiative must be a rule that orders each of A, B once, got None",
    )
    _refused(
        lambda: Encounter.create(
            ["A", "B"], rng=SeededRng(1), initiative=lambda people, rng: ["A"]
        ),
        "initiative must be a rule that orders each of A, B once, got ['A']",
    )
    _refused(
        lambda: Encounter.create(["A", "B"], order=3),  # type: ignore[arg-type]
        "order must be each of A, B exactly once, got 3",
    )


def test_join_refuses_an_initiative_rule_of_the_wrong_type() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    _refused(
        lambda: enc.join(Combatant("D"), initiative=3),  # type: ignore[arg-type]
        "initiative must be an initiative rule: a function (combatants, rng) -> "
        "their ids in acting order, or None, got 3",
    )
    _refused(
        lambda: enc.join(
            Combatant("D"),
            initiative=lambda people, rng: None,  # type: ignore[arg-type,return-value]
        ),
        "initiative must be a rule that orders each of A, D once, got None",
    )


def test_for_ruleset_refuses_what_has_no_encounter_traits() -> None:
    _refused(
        lambda: Encounter.for_ruleset(3, ["A"]),  # type: ignore[arg-type]
        "ruleset must be a ruleset with encounter traits (round_seconds, "
        "actions_per_round, stacking_policy, initiative_order); it lacks "
        "round_seconds, actions_per_round, stacking_policy, initiative_order, got 3",
    )


KINDS = (
    "kinds must be a mapping of duration kind names (str) to decoders "
    "(functions of the duration's JSON), or None, got "
)


@pytest.mark.parametrize(
    ("kinds", "shown"), [(3, "3"), ([1], "[1]"), ({"x": 3}, "{'x': 3}")]
)
def test_loaders_refuse_kinds_that_are_not_decoders(kinds: object, shown: str) -> None:
    enc = Encounter.create(["A"])
    # refused even when the document holds no plugin kind
    _refused(lambda: Encounter.from_json(enc.to_json(), kinds=kinds), KINDS + shown)  # type: ignore[arg-type]
    _refused(
        lambda: Timeline.from_json(Timeline.start(enc).to_json(), kinds=kinds),  # type: ignore[arg-type]
        KINDS + shown,
    )
    _refused(
        lambda: duration_from_json(GameTime(6).to_json(), kinds=kinds),  # type: ignore[arg-type]
        KINDS + shown,
    )


def test_a_step_past_what_json_holds_names_the_argument_given() -> None:
    enc = Encounter.create(["A"]).advance().state
    _refused(
        lambda: enc.spend_action("A", 2**63),
        "n must be an integer from 1 to 9223372036854775807 ('A' has used 0 action "
        "slots, and at most 2**63 - 1 are counted), got 9223372036854775808",
    )
    full = enc.count("A", "reactions", 2**63 - 1).state
    _refused(
        lambda: full.count("A", "reactions"),
        "by must be an integer from -18446744073709551615 to 0 (the counter "
        "'reactions' is 9223372036854775807 and stays within -2**63 to 2**63 - 1), "
        "got 1",
    )
    assert full.count("A", "reactions", -1).state.counter("A", "reactions") == 2**63 - 2


STATES = "states must be a tuple of Encounter states, oldest first, got "
LOG = "log must be a tuple of event groups, each a tuple of encounter events, got "


def test_timeline_refuses_states_and_log_of_the_wrong_type() -> None:
    """``Timeline(("x",))`` was taken, and failed only when it was used."""
    enc = Encounter.create(["A"])
    _refused(lambda: Timeline(("x",)), STATES + "('x',)")  # type: ignore[arg-type]
    _refused(lambda: Timeline((enc, 3)), STATES + shown((enc, 3)))  # type: ignore[arg-type]
    _refused(lambda: Timeline([enc]), STATES + shown([enc]))  # type: ignore[arg-type]
    _refused(lambda: Timeline((enc, enc), [()]), LOG + "[()]")  # type: ignore[arg-type]
    _refused(lambda: Timeline((enc, enc), ((3,),)), LOG + "((3,),)")  # type: ignore[arg-type]
    _refused(lambda: Timeline((enc, enc), ("ab",)), LOG + "('ab',)")  # type: ignore[arg-type]
    step = enc.advance()
    _refused(
        lambda: Timeline.start(enc).record(Step(step.state, (3,))),  # type: ignore[arg-type]
        "step must be a Step, what an Encounter operation returns (enc.advance()), "
        f"got {shown(Step(step.state, (3,)))}",  # type: ignore[arg-type]
    )
    assert Timeline((enc, step.state), (step.events,)) == Timeline.start(enc).record(
        step
    )


@pytest.mark.parametrize("steps", [False, True])
def test_timeline_describe_refuses_an_unknown_lang_even_with_no_events(
    steps: bool,
) -> None:
    """With an empty log ``describe("xx")`` returned ``''``."""
    empty = Timeline.start(Encounter.create(["A"]))
    advanced = empty.do(Encounter.advance)
    for timeline in (empty, advanced):
        _refused(
            lambda: timeline.describe("xx", steps=steps),  # noqa: B023
            "lang must be 'en' or 'de', got 'xx'",
        )
        _refused(
            lambda: timeline.describe(3, steps=steps),  # type: ignore[arg-type]  # noqa: B023
            "lang must be 'en' or 'de', got 3",
        )
    assert empty.describe("de", steps=steps) == ""


@pytest.mark.parametrize(
    ("duration", "field"),
    [
        (Rounds(2, tick_on="Z"), "tick_on"),
        (UntilEndOfNextTurns(1, of="Z"), "of"),
        (Actions(1, of="Z"), "of"),
        (NextChecks(1, of="Z"), "of"),
        (Concentration(of="Z"), "of"),
        (FirstOf(GameTime(6), Rounds(2, tick_on="Z")), "tick_on"),
    ],
)
def test_an_unknown_anchor_is_refused_by_the_field_that_names_it(
    duration: Duration, field: str
) -> None:
    """``Rounds(2, tick_on="Z")`` was refused as ``combatant``, a name never given."""
    enc = Encounter.create(["A", "B"]).advance().state
    _refused(
        lambda: enc.add_effect("x", source="A", target="B", duration=duration),
        f"{field} must be the id of a combatant in the encounter (A, B), got 'Z'",
    )


@pytest.mark.parametrize("operation", [None, "advance", 3])
def test_timeline_do_refuses_what_cannot_be_called(operation: object) -> None:
    """Found by a type-confusion fuzz: ``tl.do(None)`` raised a TypeError."""
    tl = Timeline.start(Encounter.create(["A", "B"]))
    with pytest.raises(ParameterError) as info:
        tl.do(operation)  # type: ignore[arg-type]
    assert str(info.value) == (
        "operation must be a callable taking the Encounter (Encounter.advance), "
        f"got {operation!r}"
    )
    assert tl.do(Encounter.advance).current.round == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda enc: enc.join("D", after="Q"),
        lambda enc: enc.delay("B", after="Q"),
    ],
)
def test_an_unknown_after_is_named_after(call: Callable[[Encounter], object]) -> None:
    # found by a held-out VTT author: it was named "combatant"
    enc = Encounter.create(["A", "B", "C"]).advance().state
    with pytest.raises(ParameterError) as info:
        call(enc)
    assert info.value.parameter == "after"
    assert str(info.value) == (
        "after must be the id of a combatant in the encounter (A, B, C), got 'Q'"
    )


def test_an_untyped_modifier_is_worded_in_german() -> None:
    enc = Encounter.create(["A", "B"]).advance().state
    enc = enc.add_effect(
        "Aid",
        source="A",
        target="B",
        duration=Rounds(1),
        modifiers=[Modifier(2, "Aid", "untyped")],
    ).state
    assert enc.effects[0].describe("de") == (
        "Aid auf B von A (+2 untypisiert): 1 Runde, gezählt zu Beginn von As Zügen"
    )
    assert enc.effects[0].describe() == (
        "Aid on B from A (+2 untyped): 1 round, counted at the start of A's turns"
    )


def test_json_without_combatants_says_so_for_an_id_in_the_order() -> None:
    data = Encounter.create(["A"]).to_json()
    data["combatants"] = []
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    assert str(info.value) == (
        "malformed encounter JSON: order[0] must be absent: the encounter has no "
        "combatants, got 'A'"
    )


def test_an_unknown_kind_with_kinds_given_says_only_those_are_read() -> None:
    # found by a held-out VTT author: an installed plugin's kind, left out
    # of kinds=, was refused without a hint
    with pytest.raises(SchemaError) as info:
        duration_from_json({"kind": "saga"}, kinds={})
    assert str(info.value) == (
        "malformed duration JSON: kind must be one of actions, concentration, "
        "first_of, game_time, instant, next_checks, permanent, rounds, "
        "until_end_of_encounter, "
        "until_end_of_next_turns, until_end_of_turn, until_event, got 'saga'; "
        "kinds= was given, so only the core's kinds and those are read"
    )
