"""Operations refuse what encounter JSON cannot hold; durations check their fields.

An outside fuzzing pass found states that ``to_json`` wrote and
``from_json`` refused (a clock beyond 40 digits, an end beyond a 64-bit
integer, 2**63 actions a round), a ``ValueError`` writing a clock of 4400
digits, and duration and stacking fields taken unchecked (a ``TypeError``
or ``AttributeError`` later, or silently wrong behaviour).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk import Degree, Outcome, Rounds
from rollwerk.checks import define_check
from rollwerk.encounter import (
    Actions,
    Concentration,
    Encounter,
    GameTime,
    StackingPolicy,
)
from rollwerk.encounter._durations import MAX_COUNT
from rollwerk.errors import ParameterError, RollwerkError, RulesError
from rollwerk.rulesets import RulesetSpec, define_ruleset

EXACT = (
    "an int or Fraction of at most 40 digits above and below the line "
    "(what encounter JSON holds)"
)


def _message(call: Callable[[], object], kind: type[RollwerkError]) -> str:
    with pytest.raises(kind) as info:
        call()
    return str(info.value)


def test_the_clock_stops_where_json_does() -> None:
    enc = Encounter.create(["A"]).pass_time(10**40 - 1).state
    assert Encounter.from_json(enc.to_json()) == enc  # 40 digits: loads
    assert _message(lambda: enc.pass_time(1), RulesError) == (
        "the clock would reach Fraction(10000000000000000000000000000000000000000, "
        "1) s, a number encounter JSON cannot hold (more than 40 digits above or "
        "below the line)"
    )
    assert _message(
        lambda: Encounter.create(["A"]).pass_time(10**4400), ParameterError
    ) == (f"seconds must be {EXACT}, got an integer of 4401 digits")
    assert _message(
        lambda: Encounter.create(["A"], round_seconds=Fraction(1, 10**41)),
        ParameterError,
    ) == (
        f"round_seconds must be {EXACT}, got Fraction(1, "
        "100000000000000000000000000000000000000000)"
    )


def test_a_game_time_whose_end_json_cannot_hold_is_refused_when_added() -> None:
    enc = Encounter.create(["A"]).pass_time(Fraction(1, 7**40)).state
    with pytest.raises(RulesError) as info:
        enc.add_effect(
            "g", source="A", target="A", duration=GameTime(Fraction(1, 11**36))
        )
    assert str(info.value).endswith(
        "would end at a number JSON cannot hold (more than 40 digits above or "
        "below the line)"
    )


def test_counts_and_actions_stay_within_64_bits() -> None:
    assert MAX_COUNT == 2**62
    enc = Encounter.create(["A", "B"]).advance().state
    longest = enc.add_effect("x", source="A", target="B", duration=Rounds(2**62))
    assert Encounter.from_json(longest.state.to_json()) == longest.state
    assert _message(lambda: Rounds(2**62 + 1), ParameterError) == (
        "n must be an integer from 1 to 2**62, got 4611686018427387905"
    )
    assert _message(
        lambda: Encounter.create(["A"], actions_per_round=2**63), ParameterError
    ) == (
        "actions_per_round must be an integer from 1 to 2**63 - 1, "
        "got 9223372036854775808"
    )


def _ruleset(actions_per_round: object) -> RulesetSpec:
    flip = define_check(
        "flip", dice=[2], judge=lambda faces: Outcome(True, Degree.SUCCESS, None)
    )
    return define_ruleset(
        "flip",
        "Flip",
        checks=[flip],
        actions_per_round=actions_per_round,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (10**30, "1000000000000000000000000000000"),
        (2**63, "9223372036854775808"),
        (0, "0"),
        (True, "True"),
        ("2", "'2'"),
        (2.0, "2.0"),
    ],
)
def test_define_ruleset_refuses_actions_per_round_json_cannot_hold(
    value: object, shown: str
) -> None:
    """10**30 was taken and refused only when an encounter was created."""
    assert _message(lambda: _ruleset(value), ParameterError) == (
        f"actions_per_round must be an integer from 1 to 2**63 - 1, got {shown}"
    )


def test_define_ruleset_takes_actions_per_round_up_to_64_bits() -> None:
    ruleset = _ruleset(2**63 - 1)
    enc = Encounter.for_ruleset(ruleset, ["A"])
    assert enc.actions_per_round == 2**63 - 1
    assert Encounter.from_json(enc.to_json()) == enc


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: GameTime.minutes(0.1),
            "minutes must be an int or Fraction > 0, got 0.1",
        ),  # type: ignore[arg-type]
        (
            lambda: GameTime.hours("1.5"),
            "hours must be an int or Fraction > 0, got '1.5'",
        ),  # type: ignore[arg-type]
        (lambda: GameTime.days(True), "days must be an int or Fraction > 0, got True"),
        (
            lambda: GameTime(1, ends_at="x"),  # type: ignore[arg-type]
            "ends_at must be an int, a Fraction or None, got 'x'",
        ),
        (
            lambda: Concentration(of=5),  # type: ignore[arg-type]
            "of must be a combatant's id (a str) or None, got 5",
        ),
        (
            lambda: Rounds(2, tick_on=3),  # type: ignore[arg-type]
            "tick_on must be a combatant's id (a str) or None, got 3",
        ),
        (
            lambda: StackingPolicy(same_name="x"),  # type: ignore[arg-type]
            "same_name must be one of SameName.STACK, SameName.REPLACE, got 'x'",
        ),
        (
            lambda: StackingPolicy(modifiers=5),  # type: ignore[arg-type]
            "modifiers must be one of Stacking.SUM, Stacking.HIGHEST, got 5",
        ),
        (
            lambda: StackingPolicy(per_kind={"status": "most"}),  # type: ignore[dict-item]
            (
                "per_kind must be a mapping of modifier kinds (str) to Stacking, "
                "got {'status': 'most'}"
            ),
        ),
        (
            lambda: Encounter.create(["A"], stacking="sum"),  # type: ignore[arg-type]
            "stacking must be a StackingPolicy or None, got 'sum'",
        ),
    ],
)
def test_duration_and_stacking_fields_are_checked(
    call: Callable[[], object], message: str
) -> None:
    assert _message(call, ParameterError) == message


def test_game_time_in_units_is_exact() -> None:
    assert GameTime.minutes(Fraction(1, 10)).seconds == 6
    assert GameTime.hours(2).seconds == 7200


@pytest.mark.parametrize("combatants", [None, 5, "AB"])
def test_create_needs_an_iterable_of_combatants(combatants: object) -> None:
    assert _message(
        lambda: Encounter.create(combatants),  # type: ignore[arg-type]
        ParameterError,
    ) == (
        f"combatants must be an iterable of Combatants or their ids, got {combatants!r}"
    )


def test_timelines_and_effects_name_what_is_not_theirs() -> None:
    from rollwerk.encounter import Timeline, UntilCondition

    enc = Encounter.create(["A", "B"]).advance().state
    step = "a Step, what an Encounter operation returns (enc.advance())"
    assert _message(lambda: Timeline.start(5), ParameterError) == (  # type: ignore[arg-type]
        "encounter must be an Encounter, got 5"
    )
    assert _message(lambda: Timeline.start(enc).record(5), ParameterError) == (  # type: ignore[arg-type]
        f"step must be {step}, got 5"
    )
    assert _message(
        lambda: Timeline.start(enc).do(lambda s: 5),  # type: ignore[arg-type, return-value]
        ParameterError,
    ) == (f"step must be {step}, got 5")
    assert _message(
        lambda: enc.add_effect("x", source="A", target="B", duration=Rounds),  # type: ignore[arg-type]
        ParameterError,
    ) == (
        "duration must be a rollwerk Duration (Rounds(1), Permanent(), …), "
        "got <class 'rollwerk.encounter._durations.Rounds'>"
    )
    assert _message(lambda: UntilCondition(5), ParameterError) == (  # type: ignore[arg-type]
        "predicate must be a function of the encounter returning a bool, got 5"
    )


def test_an_until_condition_takes_the_encounter_and_answers_true_or_false() -> None:
    """A held-out VTT author: ``lambda: True`` failed in add_effect, ``"yes"`` ended it."""
    from rollwerk.encounter import UntilCondition

    no_argument = _message(lambda: UntilCondition(lambda: True), ParameterError)  # type: ignore[arg-type,misc]
    assert no_argument.startswith(
        "predicate must be a function of the encounter returning a bool, called "
        "with the encounter alone (too many positional arguments), got <function "
    )
    enc = Encounter.create(["A", "B"]).advance().state
    maybe = UntilCondition(lambda state: "yes", "the gate opens")  # type: ignore[arg-type,return-value]
    assert (
        _message(
            lambda: enc.add_effect("x", source="A", target="B", duration=maybe),
            ParameterError,
        )
        == "the predicate of the gate opens must be True or False, got 'yes'"
    )
    held = UntilCondition(lambda state: state.round > 1, "round 2")
    enc = enc.add_effect("x", source="A", target="B", duration=held).state
    assert [e.name for e in enc.effects] == ["x"]
    assert enc.advance(2).state.effects == ()


def test_advance_goes_at_most_max_advance_turns_at_once() -> None:
    """advance(10**7) took minutes (a VTT's "skip N turns"); refused at once."""
    from rollwerk.errors import LimitExceeded

    enc = Encounter.create(["A", "B"])
    assert Encounter.MAX_ADVANCE == 10_000
    assert enc.advance(10_000).state.round == 5_000
    assert _message(lambda: enc.advance(10**7), LimitExceeded) == (
        "turns advanced at once limit exceeded: 10000000 is more than the maximum "
        "of 10000 (by 9990000)"
    )


def test_a_counter_needs_a_name() -> None:
    """As effects and signals do: ``count("A", "")`` was accepted."""
    enc = Encounter.create(["A"]).advance().state
    assert _message(lambda: enc.count("A", ""), ParameterError) == (
        "name must be a non-empty string (the counter's name), got ''"
    )
    assert enc.count("A", "reactions").state.combatant("A").counter("reactions") == 1


def test_an_encounter_holds_at_most_max_combatants() -> None:
    """A held-out fuzzer: create() of an endless generator never returned."""
    import itertools

    from rollwerk.errors import LimitExceeded

    assert Encounter.MAX_COMBATANTS == 10_000
    assert _message(
        lambda: Encounter.create(f"c{i}" for i in itertools.count()), LimitExceeded
    ) == ("combatants limit exceeded: 10001 is more than the maximum of 10000 (by 1)")
    full = Encounter.create(f"c{i}" for i in range(10_000))
    assert len(full.combatants) == 10_000
    assert _message(lambda: full.join("late"), LimitExceeded) == (
        "combatants limit exceeded: 10001 is more than the maximum of 10000 (by 1)"
    )


def test_values_holding_others_refuse_them_when_made() -> None:
    """A held-out fuzzer: their to_json raised AttributeError."""
    from rollwerk.checks import ContestOutcome, ContestResult
    from rollwerk.encounter import ActiveEffect

    assert _message(
        lambda: ContestResult(1, 2, ContestOutcome.FIRST),  # type: ignore[arg-type]
        ParameterError,
    ) == ("first must be a CheckResult, got 1")
    assert _message(
        lambda: ActiveEffect("e1", "n", "A", "B", duration=3),  # type: ignore[arg-type]
        ParameterError,
    ) == ("duration must be a rollwerk Duration (Rounds(1), Permanent(), …), got 3")


def test_rounds_left_as_game_time_beyond_json_are_refused_at_the_end() -> None:
    enc = Encounter.create(["A"], round_seconds=10**39).advance().state
    enc = enc.add_effect("x", source="A", target="A", duration=Rounds(90)).state
    assert _message(enc.end, RulesError) == (
        "the 90 rounds left of a duration on 'A' would be a game time of "
        "Fraction(90000000000000000000000000000000000000000, 1) s, a number "
        "encounter JSON cannot hold (more than 40 digits above or below the line)"
    )
    ended = Encounter.create(["A"], round_seconds=10**39).end().state
    assert _message(
        lambda: ended.add_effect("y", source="A", target="A", duration=Rounds(10)),
        RulesError,
    ).startswith("the 10 rounds left of a duration on 'A' would be a game time of ")
    tiny = Encounter.create(
        ["A"], round_seconds=Fraction(1, 10**39), actions_per_round=10
    )
    tiny = tiny.advance().state
    assert _message(
        tiny.add_effect("z", source="A", target="A", duration=Actions(11)).state.end,
        RulesError,
    ).startswith("the 1 action left of a duration on 'A' would be a game time of ")
