"""Tests of the checks model (`_checks.py`, `_rulesets.py`) on the toy ruleset."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk
from rollwerk import (
    CheckResult,
    ContestOutcome,
    Degree,
    Distribution,
    Modifier,
    Outcome,
    ScriptedRng,
    SeededRng,
    build_check,
    contest_odds,
    resolve_contest,
)
from rollwerk.checks import CheckSpec, Explanation, Monotonic, Parameter
from rollwerk.dice import DieRoll
from rollwerk.testing import examples
from rollwerk.testing import strategies as rst
from rollwerk.testing.examples import PoolCheck, RollUnderCheck, ToyRuleset

TOY = ToyRuleset()


# -- Degree, Outcome, DieRoll, Explanation, Modifier --------------------------


def test_degree_values_and_ranks():
    assert [d.value for d in sorted(Degree, key=lambda d: d.rank)] == [
        "critical_failure",
        "failure",
        "success",
        "critical_success",
    ]
    assert [d.rank for d in Degree] == [0, 1, 2, 3]


def test_outcome_orders_degree_before_value():
    worse = Outcome(True, Degree.SUCCESS, 20)
    better = Outcome(True, Degree.CRITICAL_SUCCESS, 1)
    assert worse < better
    assert sorted([better, worse]) == [worse, better]
    assert Outcome(False, Degree.FAILURE, None, rolled=False) < Outcome(
        False, Degree.FAILURE, 1
    )


def test_outcome_extras_are_sorted_pairs_and_json_inline():
    o = Outcome(False, Degree.CRITICAL_FAILURE, 6, extras={"z": 1, "a": True})
    assert o.extras == (("a", True), ("z", 1))
    assert o.extra("z") == 1
    assert o.extra("missing", "x") == "x"
    data = o.to_json()
    assert data == {
        "success": False,
        "degree": "critical_failure",
        "value": 6,
        "rolled": True,
        "a": True,
        "z": 1,
    }
    assert Outcome.from_json(json.loads(json.dumps(data))) == o
    assert Outcome.from_json({**data, "probability": "1/2"}) == o


def test_outcome_from_json_rejects_garbage():
    with pytest.raises(rollwerk.SchemaError, match="malformed outcome JSON"):
        Outcome.from_json({"success": True, "degree": "great", "value": 1})


def test_check_result_json_round_trip_with_extras():
    r = CheckResult(
        success=False,
        degree=Degree.CRITICAL_FAILURE,
        value=6,
        rolls=(DieRoll(6, 6, "check"), DieRoll(6, 2, "fate")),
        explanation=Explanation.fixed(en="fumble", de="Patzer"),
        extras={"fumble": True},
        ruleset="toy",
        check="check",
    )
    data = r.to_json()
    assert data["schema"] == 2
    assert data["level"] is None
    assert data["rolls"] == [
        {"sides": 6, "face": 6, "role": "check"},
        {"sides": 6, "face": 2, "role": "fate"},
    ]
    assert data["extras"] == {"fumble": True}
    assert CheckResult.from_json(json.loads(json.dumps(data))) == r
    assert r.outcome() == Outcome(
        False, Degree.CRITICAL_FAILURE, 6, extras={"fumble": True}
    )


def test_check_result_from_json_wrong_schema():
    with pytest.raises(rollwerk.SchemaError, match="schema must be 1 or 2, got 3"):
        CheckResult.from_json({"schema": 3})
    with pytest.raises(rollwerk.SchemaError, match="malformed check result JSON"):
        CheckResult.from_json({"schema": 1, "success": True})


def test_die_roll_from_json_malformed():
    with pytest.raises(rollwerk.SchemaError, match="malformed die roll JSON"):
        DieRoll.from_json({"sides": 6})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"success": "false"}, "success must be true or false, got 'false'"),
        ({"rolled": 1}, "rolled must be true or false, got 1"),
        ({"value": True}, "value must be an integer or null, got True"),
        ({"value": 2.5}, "value must be an integer or null, got 2.5"),
        ({"value": "2"}, "value must be an integer or null, got '2'"),
    ],
)
def test_i3_1_json_loading_never_coerces(change, message):
    """I3-1/I2-6: loading JSON checks types instead of coercing them.

    ``bool("false")`` is true and ``int(6.9)`` is 6: a malformed result used
    to load as a different, valid-looking one.
    """
    r = build_check(ToyRuleset(), "check", skill=3).resolve(rollwerk.ScriptedRng([2]))
    data = {**r.to_json(), **change}
    with pytest.raises(rollwerk.SchemaError) as info:
        CheckResult.from_json(data)
    assert message in str(info.value)
    outcome = {**r.outcome().to_json(), **change}
    with pytest.raises(rollwerk.SchemaError, match="malformed outcome JSON"):
        Outcome.from_json(outcome)
    assert CheckResult.from_json(r.to_json()) == r


@pytest.mark.parametrize(
    "data",
    [
        {"sides": 6, "face": 7},
        {"sides": 6, "face": 0},
        {"sides": 6.9, "face": 1},
        {"sides": "6", "face": 1},
        {"sides": 6, "face": True},
    ],
)
def test_i3_1_die_roll_json_must_be_a_valid_draw(data):
    """I3-1: a recorded die is ints with 1 <= face <= sides, never coerced."""
    with pytest.raises(rollwerk.SchemaError, match="malformed die roll JSON"):
        DieRoll.from_json(data)


def test_explanation_languages():
    e = Explanation.fixed(en="hit", de="Treffer")
    assert (e(), e("en"), e("de")) == ("hit", "hit", "Treffer")
    with pytest.raises(rollwerk.ParameterError) as info:
        e("fr")
    assert str(info.value) == "lang must be 'en' or 'de', got 'fr'"


def test_modifier_defaults_to_check_kind():
    m = Modifier(-2, "darkness")
    assert (m.amount, m.source, m.kind) == (-2, "darkness", "check")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        m.amount = 3  # type: ignore[misc]


# -- Parameter and CheckSpec --------------------------------------------------


def test_parameter_int_range_and_parse():
    p = Parameter("skill", int, min_value=0, max_value=6)
    assert p.required
    assert p.parse(" 4 ") == 4
    with pytest.raises(rollwerk.ParameterError) as info:
        p.parse("four")
    assert str(info.value) == "skill must be an integer from 0 to 6, got 'four'"
    with pytest.raises(rollwerk.ParameterError) as info:
        p.validate(True)
    assert str(info.value) == "skill must be an integer from 0 to 6, got True"
    assert Parameter("x", int, min_value=1).allowed() == "an integer >= 1"
    assert Parameter("x", int, max_value=1).allowed() == "an integer <= 1"
    assert Parameter("x", int).allowed() == "an integer"


def test_parameter_bool_and_str():
    edge = Parameter("edge", bool, default=False)
    assert not edge.required
    assert edge.parse("ja") is True
    assert edge.parse("off") is False
    with pytest.raises(rollwerk.ParameterError) as info:
        edge.parse("maybe")
    assert str(info.value) == (
        "edge must be true or false (or yes/no, on/off, 1/0, ja/nein, wahr/falsch, an/aus), got 'maybe'"
    )
    for word, value in [
        ("TRUE", True),
        ("Yes", True),
        ("1", True),
        ("NEIN", False),
        ("Wahr", True),
        ("falsch", False),
        ("an", True),
        ("AUS", False),
    ]:
        assert edge.parse(word) is value
    with pytest.raises(rollwerk.ParameterError):
        edge.parse("2")
    diff = Parameter("difficulty", str, choices=("easy", "hard"))
    assert diff.parse("hard") == "hard"
    with pytest.raises(rollwerk.ParameterError) as info:
        diff.parse("medium")
    assert str(info.value) == "difficulty must be one of 'easy', 'hard', got 'medium'"
    assert Parameter("name", str).allowed() == "a string"


@pytest.mark.parametrize(
    ("param", "en", "de"),
    [
        (Parameter("x", bool), "true or false", "true oder false"),
        (Parameter("x", str), "a string", "ein Text"),
        (
            Parameter("x", str, choices=("a", "b")),
            "one of 'a', 'b'",
            "einer der Werte 'a', 'b'",
        ),
        (Parameter("x", int), "an integer", "eine ganze Zahl"),
        (Parameter("x", int, min_value=1), "an integer >= 1", "eine ganze Zahl >= 1"),
        (
            Parameter("x", int, max_value=-1),
            "an integer <= -1",
            "eine ganze Zahl <= -1",
        ),
        (
            Parameter("x", int, min_value=-20, max_value=100),
            "an integer from -20 to 100",
            "eine ganze Zahl von -20 bis 100",
        ),
        (
            Parameter("x", int, choices=tuple(range(1, 14))),
            "one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …, 13 (13 choices)",
            "einer der Werte 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …, 13 (13 Werte)",
        ),
    ],
)
def test_parameter_allowed_text_in_english_and_german(
    param: Parameter, en: str, de: str
) -> None:
    assert param.allowed() == en
    assert param.allowed_text().render("en") == en
    assert param.allowed_text().render("de") == de


def test_parameter_int_choices_are_a_set_of_values_not_a_range():
    """A die size is one of 4, 6, 8, 10, 12: an int parameter with choices."""
    die = Parameter("die", int, default=6, choices=[4, 6, 8, 10, 12])
    assert die.choices == (4, 6, 8, 10, 12)
    assert die.allowed() == "one of 4, 6, 8, 10, 12"
    assert die.parse("8") == 8
    assert die.validate(12) == 12
    assert die.parse(" 08") == 8
    for bad in ("7", "x", "-6"):
        with pytest.raises(rollwerk.ParameterError) as info:
            die.parse(bad)
    with pytest.raises(rollwerk.ParameterError) as info:
        die.validate(7)
    assert str(info.value) == "die must be one of 4, 6, 8, 10, 12, got 7"
    with pytest.raises(rollwerk.ParameterError) as info:
        die.validate("8")
    # the text of a choice: the message says the type is wrong
    assert str(info.value) == "die must be an integer, one of 4, 6, 8, 10, 12, got '8'"
    with pytest.raises(rollwerk.ParameterError) as info:
        die.validate(8.0)
    assert str(info.value) == "die must be an integer, one of 4, 6, 8, 10, 12, got 8.0"
    with pytest.raises(rollwerk.ParameterError) as info:
        Parameter("die", int, min_value=6, choices=(4, 6, 8))  # 4 is below
    assert str(info.value) == (
        "choices must be within min_value=6 and max_value=None, got (4, 6, 8)"
    )
    bounded = Parameter("die", int, min_value=4, max_value=8, choices=(4, 8))
    assert bounded.allowed() == "one of 4, 8"


def test_many_choices_are_cut_in_messages() -> None:
    """A held-out Cortex-like pool declared 1,286 pools as str choices: a
    wrong one was refused with a 33,068-character message listing them all."""
    twelve = Parameter("n", int, choices=tuple(range(1, 13)))
    assert twelve.allowed() == "one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"
    thirteen = Parameter("n", int, choices=tuple(range(1, 14)))
    assert thirteen.allowed() == (
        "one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …, 13 (13 choices)"
    )
    pools = Parameter("dice", str, choices=tuple(f"d{n}" for n in range(1, 1287)))
    with pytest.raises(rollwerk.ParameterError) as info:
        pools.parse("d8,d6")
    assert str(info.value) == (
        "dice must be one of 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', "
        "'d10', …, 'd1286' (1286 choices), got 'd8,d6'"
    )
    assert len(pools.choices or ()) == 1286  # the declaration keeps them all


@pytest.mark.parametrize(
    ("kind", "choices", "message"),
    [
        (bool, ("a",), "choices must be None for a bool parameter, got ('a',)"),
        (
            int,
            ("4",),
            "choices must be distinct integers (at least one), or None, got ('4',)",
        ),
        (
            int,
            (True,),
            "choices must be distinct integers (at least one), or None, got (True,)",
        ),
        (
            str,
            ("a", "a"),
            "choices must be distinct strings (at least one), or None, got ('a', 'a')",
        ),
        (int, (), "choices must be distinct integers (at least one), or None, got ()"),
    ],
)
def test_parameter_choices_are_checked_when_declared(
    kind: type, choices: tuple[object, ...], message: str
) -> None:
    with pytest.raises(rollwerk.ParameterError) as info:
        Parameter("x", kind, choices=choices)
    assert str(info.value) == message


def test_parameter_aliases_are_words_parse_reads():
    dice = Parameter(
        "dice", str, choices=("d100", "2d10"), aliases={"W100": "d100", "2W10": "2d10"}
    )
    assert dice.aliases == (("W100", "d100"), ("2W10", "2d10"))
    assert [dice.parse(t) for t in ("2W10", " 2w10 ", "w100", "d100", "2D10")] == [
        "2d10",
        "2d10",
        "d100",
        "d100",
        "2d10",  # with aliases, the choices too are read in any case
    ]
    with pytest.raises(rollwerk.ParameterError) as info:
        dice.parse(" 3W6 ")  # a refusal names the other words read
    assert str(info.value) == (
        "dice must be one of 'd100', '2d10' (or 'W100', '2W10'), got '3W6'"
    )
    # two choices alike but for case are read as written
    case = Parameter("x", str, choices=("a", "A", "b"), aliases={"bee": "b"})
    assert (case.parse("a"), case.parse("A"), case.parse("B")) == ("a", "A", "b")
    with pytest.raises(rollwerk.ParameterError) as info:
        dice.validate("2W10")  # aliases are for text, not for Python values
    assert str(info.value) == "dice must be one of 'd100', '2d10', got '2W10'"
    die = Parameter("die", int, choices=(4, 6), aliases={"W6": 6})
    assert (die.parse("w6"), die.parse("4")) == (6, 4)
    assert Parameter("n", int, choices=(1,)).aliases == ()


@pytest.mark.parametrize(
    ("kind", "choices", "aliases", "message"),
    [
        (
            str,
            None,
            {"a": "b"},
            "aliases must be empty for a parameter without choices, got {'a': 'b'}",
        ),
        (
            str,
            ("a", "b"),
            {"x": "c"},
            "aliases['x'] must be one of 'a', 'b', got 'c'",
        ),
        (int, (4, 6), {"W6": "6"}, "aliases['W6'] must be one of 4, 6, got '6'"),
        (
            str,
            ("a",),
            {"A": "a"},
            (
                "aliases must be a word that is no choice and no other alias, in any "
                "case, got 'A'"
            ),
        ),
        (
            str,
            ("a", "b"),
            {"x": "a", "X": "b"},
            (
                "aliases must be a word that is no choice and no other alias, in any "
                "case, got 'X'"
            ),
        ),
        (
            int,
            (4, 6),
            {"06": 6},
            (
                "aliases must be a word that is not an integer (parse reads those), "
                "got '06'"
            ),
        ),
        (
            str,
            ("a",),
            {" x": "a"},
            (
                "aliases must be a non-empty word without surrounding white space, "
                "got ' x'"
            ),
        ),
        (
            str,
            ("a",),
            {1: "a"},
            "aliases must be a non-empty word without surrounding white space, got 1",
        ),
        (
            str,
            ("a",),
            ["x"],
            (
                "aliases must be a mapping of words to choices ({'W100': 'd100'}), "
                "got ['x']"
            ),
        ),
    ],
)
def test_parameter_aliases_are_checked_when_declared(
    kind: type, choices: tuple[object, ...] | None, aliases: object, message: str
) -> None:
    with pytest.raises(rollwerk.ParameterError) as info:
        Parameter("x", kind, choices=choices, aliases=aliases)
    assert str(info.value) == message


def test_check_spec_build_validates_and_fills_defaults():
    spec = TOY.checks()[0]
    check = spec.build(skill=3)
    assert check == RollUnderCheck(skill=3)
    assert dict(check.parameters) == {
        "skill": 3,
        "modifier": 0,
        "edge": False,
        "difficulty": "normal",
    }
    with pytest.raises(rollwerk.ParameterError) as info:
        spec.build(skill=3, luck=1)
    assert str(info.value) == (
        "parameter of check must be one of: skill, modifier, edge, difficulty, "
        "got 'luck'"
    )
    # through the ruleset: named as the command line names it
    with pytest.raises(rollwerk.ParameterError) as info:
        rollwerk.build_check(TOY, "check", skill=3, luck=1)
    assert str(info.value) == (
        "parameter of toy:check must be one of: skill, modifier, edge, "
        "difficulty, got 'luck'"
    )
    with pytest.raises(rollwerk.ParameterError) as info:
        spec.build()
    assert str(info.value) == "skill is required (an integer from 0 to 6)"
    with pytest.raises(rollwerk.ParameterError) as info:
        spec.build(skill=7)
    assert str(info.value) == "skill must be an integer from 0 to 6, got 7"


def test_build_check_by_name_and_unknown_check():
    assert build_check(TOY, "pool", dice=3) == PoolCheck(dice=3)
    assert build_check(TOY, skill=2) == RollUnderCheck(skill=2)
    with pytest.raises(rollwerk.errors.UnknownCheck) as info:
        build_check(TOY, "attack", skill=2)
    assert str(info.value) == (
        "check of ruleset 'toy' must be one of: check, pool, got 'attack'"
    )


def test_monotonic_vocabulary():
    assert {m.value for m in Monotonic} == {"increasing", "decreasing"}
    assert TOY.checks()[0].parameters[3].monotonic is Monotonic.DECREASING


# -- the toy ruleset: worked examples with scripted dice -----------------------


def test_toy_check_plain_success_and_failure():
    """TOY-check: success iff the die is at most the chance."""
    check = build_check(TOY, skill=3, modifier=1)
    r = check.resolve(ScriptedRng([4]))
    assert (r.success, r.degree, r.value) == (True, Degree.SUCCESS, 4)
    assert r.rolls == (DieRoll(6, 4, "check"),)
    assert r.explain() == "rolled 4 against a chance of 4: success"
    assert r.explain("de") == "4 gewürfelt gegen eine Chance von 4: Erfolg"
    r = check.resolve(ScriptedRng([5]))
    assert (r.success, r.degree, r.value) == (False, Degree.FAILURE, 5)


def test_toy_check_natural_one_is_critical():
    r = build_check(TOY, skill=1, difficulty="hard", modifier=1).resolve(
        ScriptedRng([1])
    )
    assert (r.success, r.degree, r.value) == (True, Degree.CRITICAL_SUCCESS, 1)


def test_toy_check_six_fate_roll_fumbles_even_a_sure_success():
    """A 6 calls for a fate die; 1-3 is a fumble even at chance 9."""
    check = build_check(TOY, skill=6, modifier=3)
    fumble = check.resolve(ScriptedRng([6, 3]))
    assert (fumble.success, fumble.degree, fumble.value) == (
        False,
        Degree.CRITICAL_FAILURE,
        6,
    )
    assert fumble.extra("fumble") is True
    assert fumble.rolls == (DieRoll(6, 6, "check"), DieRoll(6, 3, "fate"))
    saved = check.resolve(ScriptedRng([6, 4]))
    assert (saved.success, saved.degree) == (True, Degree.SUCCESS)


def test_toy_check_edge_keeps_lower_die():
    r = build_check(TOY, skill=2, edge=True).resolve(ScriptedRng([5, 2]))
    assert (r.success, r.value) == (True, 2)
    assert [x.role for x in r.rolls] == ["check", "edge"]


def test_toy_check_chance_zero_is_not_rolled():
    check = build_check(TOY, skill=0)
    r = check.resolve(ScriptedRng([]))
    assert (r.success, r.degree, r.value, r.rolled, r.rolls) == (
        False,
        Degree.FAILURE,
        None,
        False,
        (),
    )
    assert r.explain() == "a chance of 0 cannot be rolled: failure"
    assert check.outcomes() == Distribution.constant(
        Outcome(False, Degree.FAILURE, None, rolled=False)
    )


def test_toy_check_exact_distribution():
    dist = build_check(TOY, skill=4).outcomes()
    assert dict(dist.items()) == {
        Outcome(True, Degree.CRITICAL_SUCCESS, 1): Fraction(1, 6),
        Outcome(True, Degree.SUCCESS, 2): Fraction(1, 6),
        Outcome(True, Degree.SUCCESS, 3): Fraction(1, 6),
        Outcome(True, Degree.SUCCESS, 4): Fraction(1, 6),
        Outcome(False, Degree.FAILURE, 5): Fraction(1, 6),
        Outcome(False, Degree.FAILURE, 6): Fraction(1, 12),
        Outcome(False, Degree.CRITICAL_FAILURE, 6, extras={"fumble": True}): Fraction(
            1, 12
        ),
    }
    edge = build_check(TOY, skill=4, edge=True).outcomes()
    assert edge.probability(lambda o: o.success) == Fraction(8, 9)


def test_toy_pool_counts_fives_and_sixes():
    check = build_check(TOY, "pool", dice=3, threshold=2)
    with ScriptedRng([5, 1, 6]) as rng:
        r = check.resolve(rng)
    assert (r.success, r.degree, r.value) == (True, Degree.SUCCESS, 2)
    r = check.resolve(ScriptedRng([5, 6, 6]))
    assert r.degree is Degree.CRITICAL_SUCCESS
    r = check.resolve(ScriptedRng([1, 1, 1]))
    assert (r.success, r.degree, r.value) == (False, Degree.CRITICAL_FAILURE, 0)
    dist = check.outcomes()
    # P(at least 2 of 3 dice show 5-6) = 3·(1/3)²·(2/3) + (1/3)³ = 7/27
    assert dist.probability(lambda o: o.success) == Fraction(7, 27)
    assert dist[Outcome(False, Degree.CRITICAL_FAILURE, 0)] == Fraction(1, 216)


def test_toy_pool_threshold_above_dice_is_not_rolled():
    r = build_check(TOY, "pool", dice=2, threshold=3).resolve(ScriptedRng([]))
    assert (r.rolled, r.value, r.success) == (False, None, False)


@given(check=rst.checks(TOY), rng=rst.rngs())
def test_resolved_outcome_is_in_support(check, rng):
    result = check.resolve(rng)
    assert result.outcome() in check.outcomes()
    assert check.resolve(ScriptedRng([r.face for r in result.rolls])) == result


# -- contests ---------------------------------------------------------------


def test_toy_contest_rule():
    win = Outcome(True, Degree.SUCCESS, 3)
    lose = Outcome(False, Degree.FAILURE, 5)
    crit = Outcome(True, Degree.CRITICAL_SUCCESS, 1)
    assert resolve_contest(TOY, win, lose) is ContestOutcome.FIRST
    assert resolve_contest(TOY, lose, win) is ContestOutcome.SECOND
    assert resolve_contest(TOY, crit, win) is ContestOutcome.FIRST
    assert resolve_contest(TOY, win, win) is ContestOutcome.TIE
    assert resolve_contest(TOY, lose, lose) is ContestOutcome.BOTH_FAILED


def test_contest_odds_exact_and_symmetric():
    a = build_check(TOY, skill=4)
    b = build_check(TOY, skill=3)
    odds = contest_odds(TOY, a, b)
    assert dict(odds.items()) == {
        ContestOutcome.FIRST: Fraction(17, 36),
        ContestOutcome.SECOND: Fraction(5, 18),
        ContestOutcome.TIE: Fraction(1, 12),
        ContestOutcome.BOTH_FAILED: Fraction(1, 6),
    }
    swapped = contest_odds(TOY, b, a)
    assert swapped[ContestOutcome.FIRST] == odds[ContestOutcome.SECOND]


def test_contest_odds_rejects_checks_of_another_ruleset():
    @attrs.frozen
    class Other(RollUnderCheck):
        @property
        def ruleset(self) -> str:
            return "other"

    with pytest.raises(rollwerk.errors.ContestError) as info:
        contest_odds(TOY, build_check(TOY, skill=1), Other(skill=1))
    assert str(info.value) == "second check must belong to ruleset 'toy', got 'other'"


# -- the optional rule -------------------------------------------------------


def test_generous_optional_rule_adds_one():
    generous = examples.GENEROUS.apply(TOY)
    assert generous.id == "toy"
    assert build_check(generous, skill=3).outcomes().probability(
        lambda o: o.success
    ) == Fraction(2, 3)
    r = build_check(generous, "pool", dice=1).resolve(ScriptedRng([5, 1]))
    assert (r.value, len(r.rolls)) == (1, 2)
    with pytest.raises(rollwerk.RulesError):
        examples.GENEROUS.apply(object())  # type: ignore[arg-type]


def test_check_spec_contest_symmetric_default():
    spec = CheckSpec("c", (), factory=lambda: RollUnderCheck(skill=1))
    assert spec.contest_symmetric
    assert spec.build() == RollUnderCheck(skill=1)


def test_toy_ruleset_metadata():
    assert (TOY.id, TOY.name, TOY.version) == ("toy", "Toy d6 ruleset", "1.0")
    assert TOY.round_seconds == Fraction(5)
    assert [d.id for d in TOY.difficulties] == ["easy", "normal", "hard"]
    assert TOY.labels["de"]["critical_failure"] == "Patzer"
    assert isinstance(TOY, rollwerk.Ruleset)
    assert isinstance(build_check(TOY, skill=1), rollwerk.Check)


def test_seeded_resolution_is_reproducible():
    check = build_check(TOY, "pool", dice=5)
    assert check.resolve(SeededRng(7)) == check.resolve(SeededRng(7))


def test_i3_1_toy_pool_explanation_grammar():
    """I3-1: the example pool's explanations agree in number (en and de)."""
    one = build_check(ToyRuleset(), "pool", dice=3, threshold=1).resolve(
        rollwerk.ScriptedRng([5, 1, 2])
    )
    assert one.explanation == Explanation.fixed(
        en="1 of 3 dice shows 5 or 6, 1 needed: success",
        de="1 von 3 Würfeln zeigt 5 oder 6, 1 nötig: Erfolg",
    )
    single = build_check(ToyRuleset(), "pool", dice=1, threshold=1).resolve(
        rollwerk.ScriptedRng([6])
    )
    assert single.explanation == Explanation.fixed(
        en="1 of 1 die shows 5 or 6, 1 needed: success",
        de="1 von 1 Würfel zeigt 5 oder 6, 1 nötig: Erfolg",
    )


def _extras_reference(value: object) -> tuple[tuple[str, object], ...]:
    """What the extras converter gives, by sorting every time."""
    if not value:
        return ()
    items = value.items() if isinstance(value, dict) else value
    return tuple(sorted((str(k), v) for k, v in items))


_EXTRA_KEYS = st.one_of(st.sampled_from(["a", "b", "fumble", "z"]), st.integers(0, 3))
_EXTRA_ITEMS = st.lists(st.tuples(_EXTRA_KEYS, st.integers(-3, 3)), max_size=5)


@given(items=_EXTRA_ITEMS, as_tuple=st.booleans())
def test_extras_converter_matches_sorting_reference(items, as_tuple):
    # an already canonical tuple is kept as it is; anything else is sorted
    value = tuple(items) if as_tuple else dict(items)
    if any(not isinstance(k, str) for k, _ in items):
        # names are strings, never converted (1 and "1" would be one name)
        with pytest.raises(rollwerk.ParameterError) as info:
            Outcome(True, Degree.SUCCESS, 1, extras=value)
        assert info.value.parameter == "extras name"
        return
    try:
        expected = _extras_reference(value)
    except TypeError:  # equal keys with values that do not compare
        return
    o = Outcome(True, Degree.SUCCESS, 1, extras=value)
    assert o.extras == expected
    assert all(type(k) is str for k, _ in o.extras)


def test_extras_converter_keeps_a_canonical_tuple_and_sorts_others():
    canonical = (("a", 1), ("b", 2))
    assert Outcome(True, Degree.SUCCESS, 1, extras=canonical).extras is canonical
    assert Outcome(True, Degree.SUCCESS, 1, extras=(("b", 2), ("a", 1))).extras == (
        ("a", 1),
        ("b", 2),
    )
    # equal keys are not the canonical form: sorted by value too, as before
    assert Outcome(True, Degree.SUCCESS, 1, extras=(("a", 2), ("a", 1))).extras == (
        ("a", 1),
        ("a", 2),
    )


def test_outcomes_equal_but_for_extras_order_integers_by_number() -> None:
    """A held-out Genesys-like author: net advantage -1, -2, 0 sorted as
    text (the repr of the extras) gave -1, -2, 0 and the CLI's table 0, -2, -1."""
    by_advantage = [
        Outcome(True, Degree.SUCCESS, 2, extras={"advantage": a})
        for a in (-1, -2, 0, 10)
    ]
    assert [o.extra("advantage") for o in sorted(by_advantage)] == [-2, -1, 0, 10]
    assert by_advantage[1] < by_advantage[0]
    # None, booleans, integers and strings stay apart, in that order
    mixed = [
        Outcome(True, Degree.SUCCESS, 2, extras={"x": v}) for v in ("a", 1, True, None)
    ]
    assert [o.extra("x") for o in sorted(mixed)] == [None, True, 1, "a"]
    assert sorted([*mixed, Outcome(True, Degree.SUCCESS, 2)])[0].extras == ()


@pytest.mark.parametrize(
    ("declare", "message"),
    [
        (
            lambda: Parameter("x", int, default=9, min_value=1, max_value=5),
            "default of x must be an integer from 1 to 5, got 9",
        ),
        (
            lambda: Parameter("x", int, default="a"),
            "default of x must be an integer, got 'a'",
        ),
        (
            lambda: Parameter("die", int, default=7, choices=(4, 6, 8)),
            "default of die must be one of 4, 6, 8, got 7",
        ),
        (
            lambda: Parameter("level", str, default="x", choices=("a", "b")),
            "default of level must be one of 'a', 'b', got 'x'",
        ),
        (
            lambda: Parameter("edge", bool, default=1),
            "default of edge must be true or false, got 1",
        ),
        (
            lambda: Parameter("x", int, min_value=5, max_value=1),
            "max_value must be at least min_value=5, got 1",
        ),
        (
            lambda: Parameter("x", bool, min_value=0, max_value=5),
            "min_value must be None for a bool parameter, got 0",
        ),
        (
            lambda: Parameter("x", str, max_value=3),
            "max_value must be None for a str parameter, got 3",
        ),
    ],
)
def test_a_parameter_refuses_its_own_inconsistent_declaration(
    declare: Callable[[], Parameter], message: str
) -> None:
    """A held-out AGE-like author: a default outside the declared range built
    a check the same value given explicitly was refused for (the CLI rolled
    with x=9 under "an integer from 1 to 5; default 9"), a reversed range
    refused every value, and a range on a bool was ignored; only the
    contract kit noticed the first two."""
    with pytest.raises(rollwerk.ParameterError) as info:
        declare()
    assert str(info.value) == message
    # the edges stay allowed
    assert Parameter("x", int, default=5, min_value=1, max_value=5).default == 5
    assert Parameter("x", int, min_value=3, max_value=3).allowed() == (
        "an integer from 3 to 3"
    )


def test_a_free_string_left_out_says_what_it_is_for() -> None:
    """A held-out CLI user: ``damage is required (a string)`` did not say
    that dice notation was meant."""
    from rollwerk.analysis import read_side
    from rollwerk.checks import CheckSpec

    damage = Parameter("damage", str, help="damage roll, e.g. 1d8+4")
    label = Parameter("label", str)
    spec = CheckSpec("c", (damage, label), factory=lambda **kw: kw)
    with pytest.raises(rollwerk.ParameterError) as info:
        spec.build(label="x")
    assert str(info.value) == "damage is required (a string: damage roll, e.g. 1d8+4)"
    with pytest.raises(rollwerk.ParameterError) as info:
        spec.build(damage="1d6")
    assert str(info.value) == "label is required (a string)"
    with pytest.raises(rollwerk.ParameterError) as info:
        read_side([damage], {}, "toy fight")
    assert str(info.value) == "damage is required (a string: damage roll, e.g. 1d8+4)"
