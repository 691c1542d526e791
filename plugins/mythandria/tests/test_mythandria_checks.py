"""Decision and comparison checks: MY-R04..R11 and vectors V5..V20."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    CheckResult,
    ContestOutcome,
    Degree,
    Distribution,
    Outcome,
    ParameterError,
    ScriptedRng,
    SeededRng,
    build_check,
    contest_odds,
)
from rollwerk.dice import DieRoll
from rollwerk.errors import ContestError
from rollwerk_mythandria import (
    PW_MAX,
    PW_MIN,
    RULESET,
    ComparativeClass,
    D100Dice,
    DecisionOutcome,
    DifficultyPreset,
    FixedKind,
    check_value,
    comparative_class,
    comparative_rank,
    comparison_check,
    d100_to_digits,
    decide,
    decision_check,
    digits_to_d100,
    fixed_modifier,
    outcome_rank,
    roll_d100,
    ruleset,
)

RS = RULESET
pws = st.integers(min_value=-300, max_value=300)


# -- MY-R04: d100 and 2d10 --------------------------------------------------


@pytest.mark.parametrize(
    ("tens", "units", "value"), [(0, 0, 100), (0, 1, 1), (9, 9, 99), (1, 0, 10)]
)
def test_my_r04_v5_2d10_reading(tens: int, units: int, value: int) -> None:
    """MY-R04 / V5: 2d10 reads 10 × tens + units, with 00 = 100."""
    assert digits_to_d100(tens, units) == value
    assert d100_to_digits(value) == (tens, units)


def test_my_r04_2d10_mapping_is_a_bijection() -> None:
    """MY-R04: the 100 digit pairs map one-to-one onto 1..100."""
    values = {digits_to_d100(t, u) for t in range(10) for u in range(10)}
    assert values == set(range(1, 101))
    for v in range(1, 101):
        assert digits_to_d100(*d100_to_digits(v)) == v


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: digits_to_d100(10, 0), "tens must be a digit from 0 to 9, got 10"),
        (lambda: digits_to_d100(0, -1), "units must be a digit from 0 to 9, got -1"),
        (lambda: d100_to_digits(0), "value must be an integer from 1 to 100, got 0"),
        (
            lambda: d100_to_digits(101),
            "value must be an integer from 1 to 100, got 101",
        ),
    ],
)
def test_my_r04_digits_reject_bad_values(call: object, message: str) -> None:
    """MY-R04: digits and d100 values outside their range are refused."""
    with pytest.raises(ParameterError) as info:
        call()  # type: ignore[operator]
    assert str(info.value) == message


def test_my_r04_2d10_rolls_record_two_d10_and_replay() -> None:
    """MY-R04: the 2d10 form records the tens and the units die; face 10 reads 0."""
    value, rolls = roll_d100(ScriptedRng([3, 10]), D100Dice.TWO_D10)
    assert value == 30
    assert rolls == (DieRoll(10, 3, "check tens"), DieRoll(10, 10, "check units"))
    # every pair of d10 faces gives a distinct value: the rolled form is uniform
    seen = {
        roll_d100(ScriptedRng([t, u]), D100Dice.TWO_D10)[0]
        for t in range(1, 11)
        for u in range(1, 11)
    }
    assert seen == set(range(1, 101))


@given(seed=st.integers(0, 2**32), dice=st.sampled_from(list(D100Dice)))
def test_my_r04_d100_values_lie_in_range_and_replay(seed: int, dice: D100Dice) -> None:
    """MY-R04 invariant: d100 values lie in 1..100 and replay from the faces."""
    value, rolls = roll_d100(SeededRng(seed), dice)
    assert 1 <= value <= 100
    again, _ = roll_d100(ScriptedRng([r.face for r in rolls]), dice)
    assert again == value


# -- MY-R06 / MY-R07: decision check ------------------------------------------


@pytest.mark.parametrize(
    ("vector", "pw", "roll", "expected"),
    [
        ("V6", 35, 35, DecisionOutcome.SUCCESS),
        ("V7", 35, 36, DecisionOutcome.FAILURE),
        ("V8", 35, 1, DecisionOutcome.EXTRAORDINARY_SUCCESS),
        ("V9", 35, 100, DecisionOutcome.EXTRAORDINARY_FAILURE),
        ("V10", 120, 99, DecisionOutcome.SUCCESS),
        ("V11", 120, 100, DecisionOutcome.EXTRAORDINARY_FAILURE),
        ("V12", -10, 1, DecisionOutcome.EXTRAORDINARY_SUCCESS),
        ("V13", -10, 2, DecisionOutcome.FAILURE),
    ],
)
def test_my_r06_r07_decision_vectors(
    vector: str, pw: int, roll: int, expected: DecisionOutcome
) -> None:
    """MY-R06 / MY-R07, vectors V6..V13 with a ScriptedRng."""
    assert decide(pw, roll) is expected
    result = decision_check(pw).resolve(ScriptedRng([roll]))
    assert result.success is expected.success
    assert result.degree is expected.degree
    assert result.value == roll
    assert result.rolls == (DieRoll(100, roll, "check"),)
    assert result.ruleset == "mythandria"
    assert result.check == "decision"


def test_my_r06_v6_explanations_en_de() -> None:
    """MY-R06 / V6, V9: explanations in English and German."""
    ok = decision_check(35).resolve(ScriptedRng([35]))
    assert ok.explain("en") == "d100 rolled 35 against PW 35: success"
    assert ok.explain("de") == "W100 zeigt 35 gegen PW 35: Erfolg"
    bad = decision_check(35).resolve(ScriptedRng([100]))
    assert bad.explain("en") == (
        "d100 rolled 100 against PW 35: extraordinary failure (a 100 always fails)"
    )
    assert bad.explain("de") == (
        "W100 zeigt 100 gegen PW 35: außerordentlicher Fehlschlag "
        "(eine 100 misslingt immer)"
    )


def test_my_r07_v10_v13_extreme_pw_explanations() -> None:
    """MY-R07 / V10, V13: extreme check values are explained, not clamped."""
    high = decision_check(120).resolve(ScriptedRng([99]))
    assert high.explain() == (
        "d100 rolled 99 against PW 120: success (at PW 100 or more only a 100 fails)"
    )
    assert high.explain("de") == (
        "W100 zeigt 99 gegen PW 120: Erfolg (ab PW 100 misslingt nur eine 100)"
    )
    low = decision_check(-10).resolve(ScriptedRng([2]))
    assert low.explain() == (
        "d100 rolled 2 against PW -10: failure (at PW below 1 only a 1 succeeds)"
    )
    assert low.explain("de") == (
        "W100 zeigt 2 gegen PW -10: Fehlschlag (bei PW unter 1 gelingt nur eine 1)"
    )


def test_my_r04_r06_decision_with_2d10() -> None:
    """MY-R04 / MY-R06: a decision check rolled with 2d10 (tens 0, units 0 = 100)."""
    check = build_check(RS, "decision", pw=35, dice="2d10")
    result = check.resolve(ScriptedRng([10, 10]))
    assert result.value == 100
    assert result.degree is Degree.CRITICAL_FAILURE
    assert result.rolls == (
        DieRoll(10, 10, "check tens"),
        DieRoll(10, 10, "check units"),
    )
    assert result.explain() == (
        "2d10 rolled tens 0, units 0 = 100 against PW 35: extraordinary failure "
        "(a 100 always fails)"
    )
    assert check.outcomes() == decision_check(35).outcomes()


@pytest.mark.parametrize(
    ("pw", "p"),
    [
        (-50, Fraction(1, 100)),
        (1, Fraction(1, 100)),
        (35, Fraction(7, 20)),
        (50, Fraction(1, 2)),
        (99, Fraction(99, 100)),
        (100, Fraction(99, 100)),
        (500, Fraction(99, 100)),
    ],
)
def test_my_r07_exact_success_probabilities(pw: int, p: Fraction) -> None:
    """MY-R07, section 5: P(success) = clamp(pw, 1, 99) / 100."""
    outcomes = decision_check(pw).outcomes()
    assert outcomes.probability(lambda o: o.success) == p
    assert outcomes.probability(
        lambda o: o.degree is Degree.CRITICAL_SUCCESS
    ) == Fraction(1, 100)
    assert outcomes.probability(
        lambda o: o.degree is Degree.CRITICAL_FAILURE
    ) == Fraction(1, 100)


@given(pw=pws)
def test_my_r06_r07_invariants(pw: int) -> None:
    """MY-R06 / MY-R07 invariants: 1 always succeeds, 100 always fails, closed form."""
    assert decide(pw, 1) is DecisionOutcome.EXTRAORDINARY_SUCCESS
    assert decide(pw, 100) is DecisionOutcome.EXTRAORDINARY_FAILURE
    p = decision_check(pw).outcomes().probability(lambda o: o.success)
    assert p == Fraction(min(max(pw, 1), 99), 100)
    assert 0 < p < 1
    assert p <= decision_check(pw + 1).outcomes().probability(lambda o: o.success)


@given(seed=st.integers(0, 2**32), pw=pws, dice=st.sampled_from(["d100", "2d10"]))
def test_my_r06_resolve_lies_in_support_and_replays(
    seed: int, pw: int, dice: str
) -> None:
    """MY-R06 / MY-R08: results lie in the support, replay and round-trip JSON."""
    for name in ("decision", "comparison"):
        check = build_check(RS, name, pw=pw, dice=dice)
        result = check.resolve(SeededRng(seed))
        assert result.outcome() in check.outcomes().support
        assert check.resolve(ScriptedRng([r.face for r in result.rolls])) == result
        assert CheckResult.from_json(result.to_json()) == result


def test_my_r06_bad_parameters() -> None:
    """MY-R06: bad pw and dice values are refused with exact messages."""
    with pytest.raises(ParameterError) as info:
        build_check(RS, "decision", pw=PW_MAX + 1)
    assert str(info.value) == "pw must be an integer from -1000 to 1000, got 1001"
    with pytest.raises(ParameterError) as info:
        build_check(RS, "decision", pw=PW_MIN - 1)
    assert str(info.value) == "pw must be an integer from -1000 to 1000, got -1001"
    with pytest.raises(ParameterError) as info:
        build_check(RS, "comparison", pw=3, dice="3d6")
    assert str(info.value) == "dice must be one of 'd100', '2d10', got '3d6'"
    with pytest.raises(ParameterError) as info:
        decision_check("35")  # type: ignore[arg-type]
    assert str(info.value) == "pw must be an integer, got '35'"
    with pytest.raises(ParameterError) as info:
        decision_check(35, dice="d20")
    assert str(info.value) == "dice must be 'd100' or '2d10', got 'd20'"
    with pytest.raises(ParameterError) as info:
        decide(35, 0)
    assert str(info.value) == "roll must be an integer from 1 to 100, got 0"


# -- MY-R08 / MY-R09: comparison check and contest -----------------------------


def _contest(pw_a: int, d_a: int, pw_b: int, d_b: int) -> ContestOutcome:
    a = comparison_check(pw_a).resolve(ScriptedRng([d_a])).outcome()
    b = comparison_check(pw_b).resolve(ScriptedRng([d_b])).outcome()
    return RS.contest(a, b)


@pytest.mark.parametrize(
    ("vector", "sides", "expected"),
    [
        ("V15", (50, 30, 60, 25), ContestOutcome.SECOND),
        ("V16", (10, 100, 90, 99), ContestOutcome.FIRST),
        ("V17", (90, 1, 10, 2), ContestOutcome.SECOND),
        ("V18", (20, 100, 40, 100), ContestOutcome.SECOND),
        ("V19", (70, 1, 60, 1), ContestOutcome.FIRST),
        ("V20", (50, 40, 40, 50), ContestOutcome.TIE),
    ],
)
def test_my_r08_r09_comparison_vectors(
    vector: str, sides: tuple[int, int, int, int], expected: ContestOutcome
) -> None:
    """MY-R08 / MY-R09, vectors V15..V20 with a ScriptedRng."""
    pw_a, d_a, pw_b, d_b = sides
    assert _contest(pw_a, d_a, pw_b, d_b) is expected
    swapped = {
        ContestOutcome.FIRST: ContestOutcome.SECOND,
        ContestOutcome.SECOND: ContestOutcome.FIRST,
        ContestOutcome.TIE: ContestOutcome.TIE,
    }[expected]
    assert _contest(pw_b, d_b, pw_a, d_a) is swapped


def test_my_r09_v20_tie_policy_reroll() -> None:
    """MY-R09 / V20: a ruleset configured to reroll answers REROLL on a tie."""
    rs = ruleset(tie=ContestOutcome.REROLL)
    a = comparison_check(50).outcome_for((40,))
    b = comparison_check(40).outcome_for((50,))
    assert rs.contest(a, b) is ContestOutcome.REROLL
    with pytest.raises(ParameterError) as info:
        ruleset(tie=ContestOutcome.FIRST)
    assert str(info.value) == (
        "tie must be ContestOutcome.TIE or ContestOutcome.REROLL, "
        "got <ContestOutcome.FIRST: 'first'>"
    )


def test_my_r08_comparison_results_and_explanations() -> None:
    """MY-R08 / V16, V17: totals, classes and explanations of comparison results."""
    top = comparison_check(10).resolve(ScriptedRng([100]))
    assert (top.success, top.degree, top.value, top.extra("roll")) == (
        True,
        Degree.CRITICAL_SUCCESS,
        110,
        100,
    )
    assert top.explain("de") == (
        "W100 zeigt 100 + PW 10 = 110: außerordentlicher Erfolg "
        "(übersteuert alle normalen Ergebnisse)"
    )
    low = comparison_check(90).resolve(ScriptedRng([1]))
    assert (low.success, low.degree, low.value) == (False, Degree.CRITICAL_FAILURE, 91)
    assert low.explain() == (
        "d100 rolled 1 + PW 90 = 91: extraordinary failure "
        "(beaten by every ordinary result)"
    )
    mid = comparison_check(50).resolve(ScriptedRng([30]))
    assert mid.explain() == "d100 rolled 30 + PW 50 = 80: ordinary result"
    assert mid.explain("de") == "W100 zeigt 30 + PW 50 = 80: normales Ergebnis"
    assert mid.rolls == (DieRoll(100, 30, "comparison"),)


def test_my_r08_classes_are_inverted_against_decision() -> None:
    """MY-R08 / MY-A11: 100 is best in a comparison and worst in a decision."""
    assert comparative_class(100) is ComparativeClass.EXTRAORDINARY_SUCCESS
    assert comparative_class(1) is ComparativeClass.EXTRAORDINARY_FAILURE
    assert comparative_class(50) is ComparativeClass.ORDINARY
    assert decide(50, 100) is DecisionOutcome.EXTRAORDINARY_FAILURE
    assert decide(50, 1) is DecisionOutcome.EXTRAORDINARY_SUCCESS


@given(pw_a=pws, pw_b=pws, d_a=st.integers(1, 100), d_b=st.integers(2, 99))
def test_my_r08_extraordinary_results_override(
    pw_a: int, pw_b: int, d_a: int, d_b: int
) -> None:
    """MY-R08 invariants: a 100 is never beaten by a non-100; a 1 never beats a non-1."""
    ordinary = comparative_rank(pw_b, d_b)
    assert comparative_rank(pw_a, 100) > ordinary
    assert comparative_rank(pw_a, 1) < ordinary


def test_my_r08_contest_of_decision_outcomes_is_by_degree() -> None:
    """MY-R08: decision outcomes (library convention) compare by degree only."""
    check = decision_check(50)
    for first, second, expected in [
        (1, 2, ContestOutcome.FIRST),
        (20, 40, ContestOutcome.TIE),
        (60, 40, ContestOutcome.SECOND),
        (99, 100, ContestOutcome.FIRST),
    ]:
        a, b = check.outcome_for((first,)), check.outcome_for((second,))
        assert RS.contest(a, b) is expected


def test_my_r08_contest_rejects_mixed_outcomes() -> None:
    """MY-R08: a decision outcome cannot be opposed to a comparison outcome."""
    decision = decision_check(50).outcome_for((20,))
    comparison = comparison_check(50).outcome_for((20,))
    with pytest.raises(ContestError) as info:
        RS.contest(decision, comparison)
    # no outcome reprs: it says what the sides must be (a held-out bot author)
    assert str(info.value) == (
        "a decision check cannot be opposed to a comparison check: both sides "
        "of a contest are decision checks or both comparison checks"
    )
    with pytest.raises(ContestError) as info:
        RS.contest(comparison, decision)
    assert str(info.value).startswith(
        "a comparison check cannot be opposed to a decision check: "
    )
    with pytest.raises(ContestError) as info:
        outcome_rank(decision)
    assert str(info.value).startswith(
        "Mythandria contests compare outcomes of comparison checks (Vergleichsproben)"
    )
    with pytest.raises(ContestError):
        outcome_rank(Outcome(True, Degree.SUCCESS, None, extras={"roll": 3}))


@pytest.mark.parametrize(
    ("pw_a", "pw_b", "first", "second", "tie"),
    [
        (50, 50, Fraction(99, 200), Fraction(99, 200), Fraction(1, 100)),
        (60, 50, Fraction(5887, 10000), Fraction(161, 400), Fraction(11, 1250)),
        (100, 0, Fraction(9803, 10000), Fraction(197, 10000), Fraction(0)),
        (98, 0, Fraction(9803, 10000), Fraction(197, 10000), Fraction(0)),
        (135, 35, Fraction(9803, 10000), Fraction(197, 10000), Fraction(0)),
    ],
)
def test_my_r08_exact_two_participant_odds(
    pw_a: int, pw_b: int, first: Fraction, second: Fraction, tie: Fraction
) -> None:
    """MY-R08 / MY-R09, section 5: exact two-participant odds via contest_odds."""
    odds = contest_odds(
        RS,
        build_check(RS, "comparison", pw=pw_a),
        build_check(RS, "comparison", pw=pw_b),
    )
    assert odds.probability(ContestOutcome.FIRST) == first
    assert odds.probability(ContestOutcome.SECOND) == second
    assert odds.probability(ContestOutcome.TIE) == tie


def test_my_r08_difference_97_has_an_ordinary_tie() -> None:
    """MY-R08, section 5: at a difference of 97 the ordinary pair (2, 99) ties."""
    odds = contest_odds(RS, comparison_check(97), comparison_check(0))
    assert odds.probability(ContestOutcome.TIE) == Fraction(1, 10000)
    assert _contest(97, 2, 0, 99) is ContestOutcome.TIE


# -- MY-R05 / MY-R10 / MY-R11: check value and modifiers ----------------------


def test_my_r10_nine_presets() -> None:
    """MY-R10: the nine presets, easiest first, with German labels."""
    table = [(d.id, d.modifier, d.label("de")) for d in RS.difficulties]
    assert table == [
        ("trivial", 100, "trivial"),
        ("childs-play", 75, "kinderleicht"),
        ("very-easy", 50, "sehr einfach"),
        ("easy", 25, "einfach"),
        ("normal", 0, "normal"),
        ("hard", -25, "schwer"),
        ("very-hard", -50, "sehr schwer"),
        ("improbable", -75, "unwahrscheinlich"),
        ("nearly-impossible", -100, "fast unmöglich"),
    ]
    assert [p.label() for p in DifficultyPreset][1] == "child's play"


def test_my_r05_r11_v14_check_value() -> None:
    """MY-R05 / MY-R11 / V14: mind 60, hard, item +10 gives pw 45."""
    item = fixed_modifier(10, "lucky charm", FixedKind.ITEM)
    assert check_value(60, DifficultyPreset.HARD, [item]) == 45


def test_my_r11_a08_fixed_modifiers_add_and_are_not_clamped() -> None:
    """MY-R11 / MY-A08 / V10 / V12: fixed modifiers add; pw may leave 1..100."""
    sword = fixed_modifier(5, "sword", "weapon")
    armour = fixed_modifier(-10, "plate", FixedKind.ARMOUR)
    feint = fixed_modifier(15, "feint", FixedKind.COMBAT_ACTION)
    talent = fixed_modifier(20, "acrobatics", FixedKind.ABILITY)
    assert check_value(95, DifficultyPreset.EASY) == 120  # V10
    assert check_value(40, DifficultyPreset.VERY_HARD) == -10  # V12
    assert (
        check_value(100, DifficultyPreset.TRIVIAL, [sword, armour, feint, talent])
        == 230
    )
    assert check_value(35, -7) == 28  # any integer as the situational value (MY-A09)


def test_my_r11_bad_modifiers() -> None:
    """MY-R11: modifiers of other kinds and non-integers are refused."""
    with pytest.raises(ParameterError) as info:
        fixed_modifier(5, "bruise", "injury")
    assert str(info.value) == (
        "kind must be one of 'weapon', 'armour', 'item', 'ability', 'combat_action', "
        "got 'injury'"
    )
    with pytest.raises(ParameterError) as info:
        fixed_modifier(1.5, "x", "item")  # type: ignore[arg-type]
    assert str(info.value) == "amount must be an integer, got 1.5"
    with pytest.raises(ParameterError) as info:
        check_value(35, "hard")  # type: ignore[arg-type]
    assert (
        str(info.value)
        == "situational must be a DifficultyPreset or an integer, got 'hard'"
    )
    with pytest.raises(ParameterError) as info:
        check_value(True)
    assert str(info.value) == "attribute must be an integer, got True"


# -- the ruleset object -----------------------------------------------------------


def test_ruleset_declarations() -> None:
    """MY-R06 / MY-R08: the ruleset declares both checks, labels and round length."""
    assert RS.id == "mythandria"
    assert [s.name for s in RS.checks()] == ["decision", "comparison"]
    for spec in RS.checks():
        pw = spec.parameter("pw")
        assert (pw.min_value, pw.max_value) == (PW_MIN, PW_MAX)
        assert pw.monotonic is not None
        assert spec.parameter("dice").default == "d100"
    assert RS.labels["de"]["critical_success"] == "außerordentlicher Erfolg"
    assert RS.labels["en"]["critical_failure"] == "extraordinary failure"
    assert set(RS.labels["en"]) == set(RS.labels["de"])
    assert RS.round_seconds == Fraction(6)
    assert isinstance(RS.version, str)
    with pytest.raises(ParameterError) as info:
        ruleset(round_seconds=0)
    assert (
        str(info.value) == "round_seconds must be a positive Fraction or integer, got 0"
    )


def test_ruleset_registered_through_hook_and_entry_point() -> None:
    """The plugin registers the ruleset through its hook and its entry point."""
    from rollwerk.plugins import Registry
    from rollwerk_mythandria import plugin

    (ruleset,) = plugin.rollwerk_register_rulesets()
    assert ruleset == RULESET
    direct = Registry(load_entrypoints=False, plugins=[plugin])
    assert direct.ruleset("mythandria") == RULESET
    assert Registry().ruleset("mythandria") == RULESET


def test_outcome_distributions_are_uniform_over_faces() -> None:
    """MY-R04: each of the 100 faces carries probability 1/100."""
    outcomes: Distribution[Outcome] = comparison_check(7).outcomes()
    assert len(outcomes) == 100
    assert all(p == Fraction(1, 100) for _, p in outcomes.items())
    assert {o.value for o in outcomes.support} == set(range(8, 108))
