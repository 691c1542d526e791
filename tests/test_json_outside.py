"""JSON documents as an integrator sends them: found by fuzzing every loader.

Every loader refuses a malformed document with a SchemaError whose message
shows a value abbreviated (json.md), and an encounter that loads is one the
operations could have made (encounter.md).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rollwerk import (
    Distribution,
    Encounter,
    Rounds,
    ScriptedRng,
    SeededRng,
    build_check,
)
from rollwerk.checks import ContestResult
from rollwerk.encounter import Timeline, event_from_json
from rollwerk.errors import SchemaError
from rollwerk.rulesets import contest_result
from rollwerk.testing.examples import ToyRuleset

HUGE = 10**5000


def _contest() -> dict[str, Any]:
    toy = ToyRuleset()
    check = build_check(toy, skill=4)
    result = contest_result(
        toy, check.resolve(ScriptedRng([2])), check.resolve(ScriptedRng([5]))
    )
    return result.to_json()


def _encounter() -> dict[str, Any]:
    enc, _ = Encounter.create(["A", "B"]).advance()
    enc, _ = enc.add_effect("Bless", source="A", target="B", duration=Rounds(2))
    return enc.to_json()


@pytest.mark.parametrize(
    ("load", "document"),
    [
        (SeededRng.from_json, HUGE),
        (ContestResult.from_json, HUGE),
        (Timeline.from_json, HUGE),
        (event_from_json, HUGE),
        (event_from_json, {"type": [{"x": HUGE}], "round": 1}),
        (SeededRng.from_json, {"schema": 1, "rng": "seeded", "seed": 1, "state": HUGE}),
    ],
    ids=["rng", "contest", "timeline", "event", "event-type", "rng-state"],
)
def test_a_huge_integer_is_shown_by_its_size(load: Any, document: Any) -> None:
    with pytest.raises(SchemaError) as info:
        load(document)
    assert "an integer of 5001 digits" in str(info.value) or "more than 4300" in str(
        info.value
    )


@pytest.mark.parametrize(
    ("load", "document"),
    [
        (SeededRng.from_json, list(range(10000))),
        (event_from_json, {"type": "x" * 100_000}),
        (ContestResult.from_json, {"schema": 1, "outcome": "y" * 100_000}),
    ],
    ids=["rng-list", "event-type", "contest-outcome"],
)
def test_refusals_are_short(load: Any, document: Any) -> None:
    with pytest.raises(SchemaError) as info:
        load(document)
    assert len(str(info.value)) < 700


def test_a_float_schema_is_not_the_version() -> None:
    rng = SeededRng(7).to_json()
    rng["schema"] = 1.0
    with pytest.raises(SchemaError) as info:
        SeededRng.from_json(rng)
    assert str(info.value) == "malformed seeded rng JSON: schema must be 1, got 1.0"
    contest = _contest()
    contest["schema"] = 1.0
    with pytest.raises(SchemaError) as info:
        ContestResult.from_json(contest)
    assert str(info.value) == "malformed contest result JSON: schema must be 1, got 1.0"
    with pytest.raises(SchemaError) as info:
        Timeline.from_json({"schema": 1.0, "states": [], "log": []})
    assert str(info.value) == "malformed timeline JSON: schema must be 1, got 1.0"


def test_integers_beyond_64_bits_are_refused() -> None:
    doc = {"schema": 1, "outcomes": [{"value": 2**64, "probability": "1/1"}]}
    with pytest.raises(SchemaError) as info:
        Distribution.from_json(doc)
    assert str(info.value) == (
        "malformed distribution JSON: outcomes[0].value must be an integer from "
        "-2**63 to 2**63 - 1, got 18446744073709551616"
    )
    for bad in (2**64, -5):
        with pytest.raises(SchemaError) as info:
            event_from_json({"type": "round_started", "round": bad})
        assert str(info.value) == (
            "malformed round_started event JSON: round must be an integer from 1 "
            f"to 2**63 - 1, got {bad}"
        )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(note="hi"),
            (
                "malformed encounter JSON: note is not a field (the fields are schema, "
                "combatants, order, round, current, done, effects, concentrating, "
                "signals, clock, round_seconds, actions_per_round, stacking, "
                "next_effect, initiative_rolls, ended, departed)"
            ),
        ),
        (
            lambda d: d["combatants"][0].update(hp=3),
            (
                "malformed encounter JSON: combatants[0].hp is not a field (the fields "
                "are id, name, initiative, owner, turns, actions, turn_start_actions, "
                "checks, counters)"
            ),
        ),
        (
            lambda d: d["effects"][0].update(colour="red"),
            (
                "malformed encounter JSON: effects[0].colour is not a field (the fields "
                "are id, name, source, target, duration, modifiers, condition, data)"
            ),
        ),
        (
            lambda d: d["effects"].append(copy.deepcopy(d["effects"][0])),
            (
                "malformed encounter JSON: at effects[1]: effect ids must be unique, got "
                "'e1' twice"
            ),
        ),
        (
            lambda d: d["effects"][0].update(target="Z"),
            (
                "malformed encounter JSON: effects[0].target must be a combatant's id, "
                "got 'Z'"
            ),
        ),
        (
            lambda d: d.update(clock="-6"),
            (
                "malformed encounter JSON: clock must be an exact number >= 0 as a "
                "string ('3' or '5/2', at most 40 digits each), got '-6'"
            ),
        ),
        (
            lambda d: d.update(done=["A", "A"]),
            "malformed encounter JSON: at done[1]: ids must be unique, got 'A' twice",
        ),
    ],
)
def test_an_encounter_loads_only_as_the_operations_could_leave_it(
    change: Any, message: str
) -> None:
    doc = _encounter()
    Encounter.from_json(copy.deepcopy(doc))  # loads as written
    change(doc)
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(doc)
    assert str(info.value) == message


def test_a_new_effect_skips_ids_already_taken() -> None:
    """An effect named "e2" before the counter got there does not block e2."""
    enc, _ = Encounter.create(["A", "B"]).advance()
    enc, _ = enc.add_effect(
        "Named", source="A", target="B", duration=Rounds(3), effect_id="e2"
    )
    enc, _ = enc.add_effect("First", source="A", target="B", duration=Rounds(3))
    enc, _ = enc.add_effect("Second", source="A", target="B", duration=Rounds(3))
    assert [e.id for e in enc.effects] == ["e2", "e1", "e3"]
    back = Encounter.from_json(enc.to_json())
    again, _ = back.add_effect("Third", source="A", target="B", duration=Rounds(3))
    assert [e.id for e in again.effects][-1] == "e4"


def test_a_contest_side_of_another_ruleset_is_refused() -> None:
    doc = _contest()
    doc["first"]["ruleset"] = "pf2e"
    with pytest.raises(SchemaError) as info:
        ContestResult.from_json(doc)
    assert str(info.value) == (
        "malformed contest result JSON: first.ruleset must be the contest's "
        "ruleset 'toy', got 'pf2e'"
    )


def _unknown_field_cases() -> list[tuple[str, Any, Any, str]]:
    """(name, loader, a valid document, the fields) of every strict loader."""
    from fractions import Fraction

    from rollwerk import parse
    from rollwerk.dice import DieRoll
    from rollwerk.encounter import (
        Actions,
        Concentration,
        GameTime,
        NextChecks,
        StackingPolicy,
        UntilEndOfNextTurns,
        UntilEvent,
        duration_from_json,
    )
    from rollwerk.notation import RollResult

    toy = ToyRuleset()
    result = build_check(toy, skill=4).resolve(ScriptedRng([2]))
    return [
        (
            "check result",
            type(result).from_json,
            result.to_json(),
            (
                "schema, ruleset, check, success, degree, level, value, rolled, rolls, "
                "explanation, extras"
            ),
        ),
        (
            "die roll",
            DieRoll.from_json,
            DieRoll(6, 3, "x").to_json(),
            "sides, face, role",
        ),
        (
            "roll result",
            RollResult.from_json,
            parse("2d6").roll(ScriptedRng([1, 2])).to_json(),
            "schema, notation, total, rolls, tree, dialect, comment, explanation, seed",
        ),
        (
            "seeded rng",
            SeededRng.from_json,
            SeededRng(1).to_json(),
            "schema, rng, seed, state",
        ),
        (
            "distribution",
            Distribution.from_json,
            Distribution.uniform([1, 2]).to_json(),
            "schema, outcomes",
        ),
        (
            "contest result",
            ContestResult.from_json,
            _contest(),
            "schema, ruleset, outcome, first, second",
        ),
        (
            "rounds duration",
            Rounds.from_json,
            Rounds(2).to_json(),
            "kind, n, tick_on, ends_at",
        ),
        (
            "until_end_of_next_turns duration",
            UntilEndOfNextTurns.from_json,
            UntilEndOfNextTurns(1).to_json(),
            "kind, n, of, after, ends_at",
        ),
        (
            "actions duration",
            Actions.from_json,
            Actions(1).to_json(),
            "kind, n, of, ends_at",
        ),
        (
            "next_checks duration",
            NextChecks.from_json,
            NextChecks(1).to_json(),
            "kind, n, of, ends_at",
        ),
        (
            "game_time duration",
            GameTime.from_json,
            GameTime(Fraction(6)).to_json(),
            "kind, seconds, ends_at",
        ),
        (
            "until_event duration",
            UntilEvent.from_json,
            UntilEvent("x").to_json(),
            "kind, event, seen",
        ),
        (
            "concentration duration",
            Concentration.from_json,
            Concentration().to_json(),
            "kind, of",
        ),
        ("instant duration", duration_from_json, {"kind": "instant"}, "kind"),
        ("permanent duration", duration_from_json, {"kind": "permanent"}, "kind"),
        (
            "stacking policy",
            StackingPolicy.from_json,
            StackingPolicy().to_json(),
            "same_name, modifiers, per_kind",
        ),
    ]


@pytest.mark.parametrize(
    ("name", "load", "document", "fields"),
    _unknown_field_cases(),
    ids=lambda v: v if isinstance(v, str) and "," not in v and " " in v else "",
)
def test_a_field_the_format_does_not_have_is_refused(
    name: str, load: Any, document: Any, fields: str
):
    """A misspelt key is an error, not silently dropped (json.md)."""
    load(copy.deepcopy(document))  # the document as written loads
    for key, path in (("bogus", "bogus"), ("a b", "['a b']")):
        bad = {**copy.deepcopy(document), key: 1}
        with pytest.raises(SchemaError) as info:
            load(bad)
        assert str(info.value) == (
            f"malformed {name} JSON: {path} is not a field (the fields are {fields})"
        )


def test_a_check_results_explanation_has_two_languages_and_nothing_else():
    toy = ToyRuleset()
    data = build_check(toy, skill=4).resolve(ScriptedRng([2])).to_json()
    data["explanation"]["fr"] = "x"
    with pytest.raises(SchemaError) as info:
        type(build_check(toy, skill=4).resolve(ScriptedRng([2]))).from_json(data)
    assert str(info.value) == (
        "malformed check result JSON: explanation.fr is not a field (the fields "
        "are en, de)"
    )


def test_an_unknown_event_type_is_named_briefly_with_the_closest_name():
    """The 21 names made a timeline's refusal longer than 400 characters."""
    with pytest.raises(SchemaError) as info:
        event_from_json({"type": "efect_added"})
    assert str(info.value) == (
        "malformed event JSON: type must be the name of an event (round_started, "
        "effect_added…), got 'efect_added' (did you mean 'effect_added'?)"
    )
    state = Encounter.create(["A", "B"])
    timeline = Timeline.start(state)
    data = timeline.to_json()
    data["states"].append(data["states"][0])
    data["log"].append([{"type": ""}])
    with pytest.raises(SchemaError) as info:
        Timeline.from_json(data)
    assert str(info.value) == (
        "malformed timeline JSON: log[0][0].type must be the name of an event "
        "(round_started, effect_added…), got ''"
    )


def test_long_combatant_ids_are_abbreviated_in_a_refusal():
    """Found by the fuzz test: an id of 500 characters was listed in full."""
    doc = Encounter.create(["x" * 500, "B"]).to_json()
    doc["order"][1] = "A"
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(doc)
    assert str(info.value) == (
        "malformed encounter JSON: order[1] must be one of the ids "
        "'xxxxxxxxxxxxxxxxxxxxx… (500 characters), 'B', got 'A'"
    )


@pytest.mark.parametrize(
    ("load", "message"),
    [
        ("encounter", "malformed encounter JSON: schema is required (1)"),
        ("rng", "malformed seeded rng JSON: schema is required (1)"),
        ("distribution", "malformed distribution JSON: schema is required (1)"),
        ("check", "malformed check result JSON: schema is required (1 or 2)"),
        ("roll", "malformed roll result JSON: schema is required (1)"),
        ("timeline", "malformed timeline JSON: schema is required (1)"),
    ],
)
def test_a_missing_schema_is_named_missing_not_null(load: str, message: str) -> None:
    """Found by an integrator: ``{}`` read "schema must be 1, got None"."""
    from rollwerk import CheckResult, Distribution, Encounter, SeededRng
    from rollwerk.encounter import Timeline
    from rollwerk.notation import RollResult

    loader = {
        "encounter": Encounter.from_json,
        "rng": SeededRng.from_json,
        "distribution": Distribution.from_json,
        "check": CheckResult.from_json,
        "roll": RollResult.from_json,
        "timeline": Timeline.from_json,
    }[load]
    with pytest.raises(SchemaError) as info:
        loader({})
    assert str(info.value) == message
