"""The authoring toolkit: success levels, define_check, define_ruleset, face helpers."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import rollwerk
from rollwerk import ScriptedRng, build_check
from rollwerk.checks import (
    CheckResult,
    ContestOutcome,
    Degree,
    FaceCheck,
    Level,
    Outcome,
    Parameter,
    SuccessLevels,
    compare,
    d100,
    d100_dice,
    d100_value,
    define_check,
    enumerate_faces,
    pool_dice,
    roll_under,
    successes,
)
from rollwerk.errors import (
    CheckFault,
    ContestError,
    LimitExceeded,
    ParameterError,
    SchemaError,
)
from rollwerk.i18n import Catalog
from rollwerk.rulesets import (
    ContestWithChecks,
    DelegatingRuleset,
    RulesetSpec,
    contest_odds,
    contest_result,
    define_ruleset,
    levels_of,
    resolve_contest,
)

LEVELS = SuccessLevels(
    Level("fumble", Degree.CRITICAL_FAILURE, en="fumble", de="Patzer"),
    Level("failure", Degree.FAILURE, en="failure", de="Fehlschlag"),
    Level("regular", Degree.SUCCESS, en="regular success", de="normaler Erfolg"),
    Level("hard", Degree.SUCCESS, en="hard success", de="schwieriger Erfolg"),
    Level("extreme", Degree.CRITICAL_SUCCESS, en="extreme", de="extrem"),
    Level("critical", Degree.CRITICAL_SUCCESS, en="critical", de="kritisch"),
)
SKILL = Parameter("skill", int, "skill", min_value=1, max_value=99)
BONUS = Parameter("bonus", int, "bonus dice", default=0, min_value=-2, max_value=2)


def judge(faces: tuple[int, ...], skill: int, bonus: int) -> Outcome:
    roll = d100(faces, bonus)
    rank = 1 + (roll <= skill) + (roll <= skill // 2) + (roll <= skill // 5)
    return LEVELS.outcome({1: 5, 100: 0}.get(roll, rank), roll)


PERCENT = define_ruleset(
    "percent",
    "Percent",
    version="1.0",
    levels=LEVELS,
    checks=[define_check("check", [SKILL, BONUS], dice=d100_dice, judge=judge)],
    contest_key=lambda chk, out: (LEVELS.rank(out), chk.parameters["skill"]),
)


# -- face helpers ------------------------------------------------------------


def test_d100_value_reads_tens_and_units_with_00_0_as_100():
    values = sorted(d100_value(t, u) for t in range(1, 11) for u in range(1, 11))
    assert values == list(range(1, 101))
    assert d100_value(10, 10) == 100
    assert d100_value(10, 1) == 1
    assert d100_value(1, 10) == 10


def test_d100_bonus_keeps_best_and_penalty_keeps_worst_tens():
    assert d100_dice(-2) == (
        (10, "tens"),
        (10, "penalty tens"),
        (10, "penalty tens"),
        (10, "units"),
    )
    assert d100((2, 7, 5), 1) == 25
    assert d100((2, 7, 5), -1) == 75
    # 00 + 0 is 100: the worst value a bonus die can replace
    assert d100((10, 4, 10), 1) == 40
    assert d100((10, 4, 10), -1) == 100


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: d100((1, 2, 3), 0),
            "faces must be 2 d10 faces for bonus 0, got (1, 2, 3)",
        ),
        # d100 refuses the bonus d100_dice refuses (it read 101 tens dice, and
        # a bonus of 4301 digits raised ValueError in the message)
        (
            lambda: d100((1,) * 101 + (2,), 100),
            "bonus must be an integer from -9 to 9, got 100",
        ),
        (
            lambda: d100((1, 2), 10**4300),
            "bonus must be an integer from -9 to 9, got an integer of 4301 digits",
        ),
        (lambda: d100_value(11, 1), "tens must be a face of a d10, 1 to 10, got 11"),
        (lambda: d100_dice(10), "bonus must be an integer from -9 to 9, got 10"),
        (lambda: pool_dice(-1, 6), "count must be an integer from 0 to 1000, got -1"),
    ],
)
def test_face_helpers_refuse_bad_input(call, message):
    with pytest.raises(ParameterError) as exc:
        call()
    assert str(exc.value) == message


def test_roll_under_and_successes():
    assert roll_under(35, 35)
    assert not roll_under(36, 35)
    assert roll_under(1, -5, always=1)
    assert successes((6, 5, 4, 1), 5) == 2
    assert pool_dice(2, 6, "hit") == ((6, "hit"), (6, "hit"))


# -- levels --------------------------------------------------------------------


def test_level_success_follows_its_degree_unless_given():
    assert Level("hit", Degree.SUCCESS).success is True
    assert Level("graze", Degree.FAILURE, True).success is True
    assert Level("miss", Degree.CRITICAL_FAILURE).success is False


def test_levels_rank_and_outcomes():
    assert LEVELS.ids == ("fumble", "failure", "regular", "hard", "extreme", "critical")
    o = LEVELS.outcome("hard", 17, extras={"note": "x"})
    assert o == Outcome(True, Degree.SUCCESS, 17, extras={"note": "x"}, level="hard")
    assert LEVELS.rank(o) == 3
    assert LEVELS.outcome(0, 100).level == "fumble"
    with pytest.raises(ParameterError, match="level must be a rank from 0 to 5, got 6"):
        LEVELS.outcome(6, 1)
    with pytest.raises(ParameterError, match="level must be one of fumble, failure"):
        LEVELS.rank(Outcome(True, Degree.SUCCESS, 1))


def test_no_levels_says_there_are_none() -> None:
    """A held-out plugin author: ``levels_of(ruleset).rank(o)`` of a ruleset
    without levels said ``level must be one of , got None``."""
    none = SuccessLevels()
    expected = (
        "level must be a success level, but there are none (a ruleset without "
        "levels: its outcomes have level None; rank them by degree and value), got "
    )
    with pytest.raises(ParameterError) as info:
        none.rank(Outcome(True, Degree.SUCCESS, 1))
    assert str(info.value) == expected + "None"
    with pytest.raises(ParameterError) as info:
        none.get("hard")
    assert str(info.value) == expected + "'hard'"


def test_levels_must_go_worst_first_and_be_unique():
    with pytest.raises(ParameterError) as exc:
        SuccessLevels(Level("hit", Degree.SUCCESS), Level("miss", Degree.FAILURE))
    assert str(exc.value) == (
        "level 'miss' must be at least as successful as the level below it, 'hit' "
        "(success, success=True); levels go worst first, got 'failure, success=False'"
    )
    with pytest.raises(ParameterError, match="level id must be unique"):
        SuccessLevels(Level("a", Degree.FAILURE), Level("a", Degree.SUCCESS))
    with pytest.raises(ParameterError, match="level id must be a word"):
        Level("two words", Degree.SUCCESS)


@pytest.mark.parametrize("name", ["first", "second", "tie", "reroll", "both_failed"])
def test_a_level_cannot_take_a_contest_outcomes_name(name: str) -> None:
    """A held-out plugin author: levels ``tie`` and ``first`` worded the
    CLI's contest rows as "miss" and "hit" (one ``labels`` for both)."""
    with pytest.raises(ParameterError) as info:
        Level(name, Degree.SUCCESS, en="hit")
    assert str(info.value) == (
        "level id must be a word other than a contest outcome (both_failed, "
        "first, reroll, second, tie), whose words share a ruleset's labels, "
        f"got {name!r}"
    )


def test_levels_catalog_gives_labels_per_language():
    labels = PERCENT.labels
    assert labels["en"]["hard"] == "hard success"
    assert labels["de"]["hard"] == "schwieriger Erfolg"
    # degrees and contest outcomes have the toolkit's words
    assert labels["de"]["critical_failure"] == "kritischer Misserfolg"
    assert labels["en"]["first"] == "first side wins"


# -- JSON schema 2 -------------------------------------------------------------


def test_result_json_carries_the_level_and_schema_2():
    check = build_check(PERCENT, skill=60)
    result = check.resolve(ScriptedRng([1, 4]))
    data = json.loads(json.dumps(result.to_json()))
    assert data["schema"] == 2
    assert data["level"] == "hard"
    assert CheckResult.from_json(data) == result
    assert CheckResult.from_json(data).level == "hard"
    assert result.outcome().to_json() == {
        "success": True,
        "degree": "success",
        "level": "hard",
        "value": 14,
        "rolled": True,
    }
    assert Outcome.from_json(result.outcome().to_json()) == result.outcome()


def test_schema_1_result_json_still_loads_without_a_level():
    old = {
        "schema": 1,
        "ruleset": "toy",
        "check": "check",
        "success": True,
        "degree": "success",
        "value": 2,
        "rolled": True,
        "rolls": [{"sides": 6, "face": 2, "role": "check"}],
        "explanation": {"en": "rolled 2", "de": "2 gewürfelt"},
        "extras": {},
    }
    result = CheckResult.from_json(old)
    assert result.level is None
    assert result.value == 2
    assert result.to_json()["schema"] == 2
    with pytest.raises(SchemaError, match="level must be a string or null, got 3"):
        CheckResult.from_json({**old, "schema": 2, "level": 3})


# -- define_check --------------------------------------------------------------


def test_worked_example_bonus_die_with_scripted_faces():
    check = build_check(PERCENT, skill=60, bonus=1)
    assert isinstance(check, FaceCheck)
    with ScriptedRng([1, 4, 2]) as rng:  # every face drawn, none left over
        result = check.resolve(rng)
    assert (result.success, result.degree, result.value, result.level) == (
        True,
        Degree.CRITICAL_SUCCESS,
        12,
        "extreme",
    )
    assert [(r.sides, r.face, r.role) for r in result.rolls] == [
        (10, 1, "tens"),
        (10, 4, "bonus tens"),
        (10, 2, "units"),
    ]
    assert result.explain() == "d10 1, d10 4, d10 2 → 12: extreme"
    assert result.explain("de") == "W10 1, W10 4, W10 2 → 12: extrem"


def test_exact_odds_by_enumeration():
    dist = build_check(PERCENT, skill=60).outcomes()
    by_level = dist.map(lambda o: o.level)
    assert by_level["critical"] == Fraction(1, 100)
    assert by_level["extreme"] == Fraction(11, 100)
    assert by_level["hard"] == Fraction(18, 100)
    assert by_level["regular"] == Fraction(30, 100)
    assert by_level["failure"] == Fraction(39, 100)
    assert by_level["fumble"] == Fraction(1, 100)
    # one bonus die: P(d100 <= 60) = 1 - P(both tens readings > 60)
    bonus = build_check(PERCENT, skill=60, bonus=1).outcomes()
    assert bonus.probability(lambda o: o.success) == 1 - Fraction(
        sum(
            1
            for a in range(1, 11)
            for b in range(1, 11)
            for u in range(1, 11)
            if min(d100_value(a, u), d100_value(b, u)) > 60
        ),
        1000,
    )


def test_enumeration_budget_is_named_when_exceeded():
    pool = define_check(
        "pool",
        [Parameter("dice", int, min_value=1, max_value=12)],
        dice=lambda dice: pool_dice(dice, 6),
        judge=lambda faces: Outcome(
            successes(faces, 5) > 0,
            Degree.SUCCESS if successes(faces, 5) else Degree.FAILURE,
            successes(faces, 5),
        ),
        budget=6**5,
    )
    assert pool.build("p", dice=5).outcomes().probability(
        lambda o: o.success
    ) == 1 - Fraction(4**5, 6**5)
    with pytest.raises(LimitExceeded) as exc:
        pool.build("p", dice=6).outcomes()
    assert str(exc.value) == (
        "face enumeration budget limit exceeded: 46656 is more than the maximum of "
        "7776 (by 38880)"
    )


def test_closed_form_is_used_and_not_enumerated():
    calls = []

    def odds(dice: int) -> rollwerk.Distribution[Outcome]:
        calls.append(dice)
        p = 1 - Fraction(4**dice, 6**dice)
        return rollwerk.Distribution(
            {
                Outcome(True, Degree.SUCCESS, None): p,
                Outcome(False, Degree.FAILURE, None): 1 - p,
            }
        )

    pool = define_check(
        "pool",
        [Parameter("dice", int, min_value=1, max_value=20)],
        dice=lambda dice: pool_dice(dice, 6),
        judge=lambda faces: Outcome(
            successes(faces, 5) > 0,
            Degree.SUCCESS if successes(faces, 5) else Degree.FAILURE,
            None,
        ),
        odds=odds,
        budget=10,
    )
    check = pool.build("p", dice=20)
    assert check.outcomes().probability(lambda o: o.success) == 1 - Fraction(
        4**20, 6**20
    )
    assert check.outcomes() is check.outcomes()
    assert calls == [20]
    result = check.resolve(rollwerk.SeededRng(3))
    assert len(result.rolls) == 20
    assert result.explain() in {
        "d6 " + ", d6 ".join(str(r.face) for r in result.rolls) + f": {w}"
        for w in ("success", "failure")
    }


def test_no_dice_means_not_rolled():
    never = define_check(
        "never",
        dice=[],
        judge=lambda faces: Outcome(False, Degree.FAILURE, None),
    )
    check = never.build("demo")
    result = check.resolve(ScriptedRng([]))
    assert result.rolled is False
    assert result.rolls == ()
    assert result.explain() == "no roll: failure"
    assert check.outcomes() == rollwerk.Distribution(
        {Outcome(False, Degree.FAILURE, None, False): 1}
    )


def test_a_closed_form_of_no_dice_is_not_rolled_either():
    """The toolkit sets ``rolled`` on the closed form's outcomes as on the judge's."""
    from rollwerk.testing import assert_check_contract

    pool = define_check(
        "pool",
        [Parameter("dice", int, min_value=0, max_value=3)],
        dice=lambda dice: [6] * dice,
        judge=lambda faces: Outcome(
            bool(faces), Degree.SUCCESS if faces else Degree.FAILURE, len(faces)
        ),
        odds=lambda dice: rollwerk.Distribution(
            {Outcome(bool(dice), Degree.SUCCESS if dice else Degree.FAILURE, dice): 1}
        ),
    )
    empty = pool.build("demo", dice=0)
    assert empty.outcomes() == rollwerk.Distribution(
        {Outcome(False, Degree.FAILURE, 0, False): 1}
    )
    assert_check_contract(empty, resolutions=20, replays=2)
    assert pool.build("demo", dice=2).outcomes() == rollwerk.Distribution(
        {Outcome(True, Degree.SUCCESS, 2): 1}
    )


def test_judge_gets_only_the_parameters_it_names():
    seen = []

    def j(faces: tuple[int, ...], target: int) -> Outcome:
        seen.append(target)
        return Outcome(
            faces[0] >= target,
            Degree.SUCCESS if faces[0] >= target else Degree.FAILURE,
            faces[0],
        )

    d = define_check(
        "d6",
        [
            Parameter("target", int, min_value=1, max_value=6),
            Parameter("note", str, default="a", choices=("a", "b")),
        ],
        dice=[6],
        judge=j,
    )
    check = d.build("demo", target=4, note="b")
    assert check.parameters == {"target": 4, "note": "b"}
    assert check.resolve(ScriptedRng([5])).success
    assert seen == [4]


def test_bad_declarations_are_refused():
    for name in ("a:b", "a.b", "", "a b"):
        # helper-154: a check named a.b had the help id of parameter b of a
        with pytest.raises(ParameterError) as info:
            define_check(
                name, dice=[6], judge=lambda faces: Outcome(True, Degree.SUCCESS, 1)
            )
        assert str(info.value) == (
            f"name must be a word without spaces, dots or colons, got {name!r}"
        )
    with pytest.raises(ParameterError, match="dice must be sides >= 1"):
        define_check(
            "x", dice=[0], judge=lambda faces: Outcome(True, Degree.SUCCESS, 1)
        )
    with pytest.raises(
        ParameterError,
        match=r"faces must be one face per die \(2 dice\), got \(1, 2, 3\)",
    ):
        build_check(PERCENT, skill=5).outcome_for((1, 2, 3))  # type: ignore[attr-defined]


def test_memo_returns_the_same_result_object_for_a_single_die():
    d20 = define_check(
        "d20",
        dice=[20],
        judge=lambda faces: Outcome(
            faces[0] >= 11,
            Degree.SUCCESS if faces[0] >= 11 else Degree.FAILURE,
            faces[0],
        ),
    ).build("demo")
    assert d20.resolve(ScriptedRng([7])) is d20.resolve(ScriptedRng([7]))


def test_dice_given_as_a_list_keep_checks_hashable() -> None:
    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(faces[0] > 10, Degree.SUCCESS, faces[0])

    listed = define_check("d20", dice=[20], judge=judge)
    assert listed.dice == (20,)
    assert hash(listed.build("demo")) == hash(listed.build("demo"))
    assert listed == define_check("d20", dice=(20,), judge=judge)


def _confirmed(faces: tuple[int, ...], target: int) -> Outcome:
    """A d20 at least ``target``; a natural 20 is critical only if a second
    d20 (drawn only then) also reaches the target."""
    if faces[0] == 20:
        crit = faces[1] >= target
        return Outcome(True, Degree.CRITICAL_SUCCESS if crit else Degree.SUCCESS, 20)
    hit = faces[0] >= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


CONFIRMED = define_check(
    "confirmed",
    [Parameter("target", int, min_value=2, max_value=20)],
    dice=[(20, "check"), (20, "confirmation")],
    judge=_confirmed,
    stop=lambda faces: faces[0] != 20,
)


def test_stop_rule_draws_a_confirmation_die_only_when_needed():
    check = CONFIRMED.build("demo", target=15)
    with ScriptedRng([16]) as rng:
        plain = check.resolve(rng)
    assert [(r.face, r.role) for r in plain.rolls] == [(16, "check")]
    assert plain.explain() == "d20 16 → 16: success"
    with ScriptedRng([20, 15]) as rng:
        crit = check.resolve(rng)
    assert [(r.face, r.role) for r in crit.rolls] == [
        (20, "check"),
        (15, "confirmation"),
    ]
    assert crit.degree is Degree.CRITICAL_SUCCESS
    assert check.resolve(ScriptedRng([20, 14])).degree is Degree.SUCCESS
    assert check.resolve(ScriptedRng([16])) is plain  # memo, one-face key
    assert check.resolve(ScriptedRng([20, 15])) is crit  # memo, two-face key


def test_stop_rule_odds_weigh_each_draw_by_the_faces_left_undrawn():
    check = CONFIRMED.build("demo", target=15)
    degrees = check.outcomes().map(lambda o: o.degree)
    assert degrees[Degree.CRITICAL_SUCCESS] == Fraction(1, 20) * Fraction(6, 20)
    assert degrees[Degree.SUCCESS] == Fraction(5, 20) + Fraction(1, 20) * Fraction(
        14, 20
    )
    assert degrees[Degree.FAILURE] == Fraction(14, 20)
    weights = list(check.face_weights())
    assert len(weights) == 19 + 20
    assert sum(w for _, w in weights) == 400
    assert weights[0] == ((1,), 20)
    assert ((20, 1), 1) in weights
    assert (
        enumerate_faces(check.dice, check.outcome_for, stop=lambda f: f[0] != 20)
        == check.outcomes()
    )


def test_stop_rule_refuses_faces_that_were_not_drawn_that_way():
    check = CONFIRMED.build("demo", target=15)
    with pytest.raises(
        ParameterError,
        match=r"faces must be the faces drawn until the check is settled "
        r"\(1 of 2 dice\), got \(16, 3\)",
    ):
        check.outcome_for((16, 3))
    with pytest.raises(
        ParameterError,
        match=r"faces must be the faces drawn until the check is settled "
        r"\(2 of 2 dice\), got \(20,\)",
    ):
        check.outcome_for((20,))
    with pytest.raises(
        ParameterError, match=r"faces must be one face per die \(2 dice\), got \(\)"
    ):
        check.outcome_for(())
    with pytest.raises(ParameterError, match="stop must be a function or None"):
        define_check("x", dice=[6, 6], judge=_confirmed, stop=3)  # type: ignore[arg-type]


def test_stop_rule_passes_the_contract_kit_face_by_face():
    from rollwerk.testing import assert_check_contract, assert_faces_match

    check = CONFIRMED.build("demo", target=11)
    assert assert_faces_match(check)
    assert_check_contract(check, resolutions=400, replays=3)


def _ace(faces: tuple[int, ...], tn: int) -> Outcome:
    """An exploding d6 ("ace"): the faces drawn add up."""
    total = sum(faces)
    return Outcome(
        total >= tn, Degree.SUCCESS if total >= tn else Degree.FAILURE, total
    )


ACE = define_check(
    "ace",
    [Parameter("tn", int, min_value=1, max_value=40, default=4)],
    dice=[6] * 21,  # the die and at most 20 explosions, as notation's 1d6!
    judge=_ace,
    stop=lambda faces: faces[-1] != 6,
    budget=106,
)


def test_a_stop_rule_budget_counts_the_draws_not_the_combinations():
    """An exploding die as a stop rule: 106 ways to draw 21 d6, not 6**21.

    The budget counts the draws the stop rule leaves (asking it alone, before
    any face is judged); the odds agree with notation's capped ``1d6!``.
    """
    check = ACE.build("demo", tn=8)
    assert len(list(check.face_weights())) == 106
    assert check.outcomes().probability(lambda o: o.success) == Fraction(5, 36)
    capped = rollwerk.parse("1d6!").distribution()
    assert check.outcomes().map(lambda o: o.value) == capped
    assert check.resolve(ScriptedRng([6, 6, 3])).value == 15
    from rollwerk.testing import assert_faces_match

    assert assert_faces_match(check)  # every draw compared, not skipped
    assert not assert_faces_match(check, budget=105)
    tight = define_check(
        "ace", dice=[6] * 21, judge=lambda f: _ace(f, 4), stop=ACE.stop, budget=105
    )
    with pytest.raises(LimitExceeded) as exc:
        tight.build("demo").outcomes()
    # the ways the stop rule leaves, counted (not the 6**21 combinations)
    assert str(exc.value) == (
        "face enumeration budget limit exceeded: 106 is more than the maximum of "
        "105 (by 1)"
    )


def test_with_parameters_rebuilds_and_validates():
    check = CONFIRMED.build("demo", target=15)
    easier = check.with_parameters(target=10)
    assert easier == CONFIRMED.build("demo", target=10)
    assert easier.parameters == {"target": 10}
    with pytest.raises(
        ParameterError, match="target must be an integer from 2 to 20, got 21"
    ):
        check.with_parameters(target=21)
    with pytest.raises(ParameterError) as info:
        check.with_parameters(tagret=10)
    assert str(info.value) == (
        "parameter of demo:confirmed must be one of: target, got 'tagret'"
    )


def test_enumerate_faces_helper_and_compare():
    dist = enumerate_faces(
        [(6, "a"), 6], lambda f: Outcome(True, Degree.SUCCESS, sum(f))
    )
    assert dist.map(lambda o: o.value)[7] == Fraction(1, 6)
    assert compare((1, 2), (1, 3)) is ContestOutcome.SECOND
    assert compare(2, 2) is ContestOutcome.TIE


# -- rulesets as values and contests with context ------------------------------


def test_ruleset_value_satisfies_the_protocol_with_defaults():
    assert isinstance(PERCENT, rollwerk.Ruleset)
    assert isinstance(PERCENT, ContestWithChecks)
    assert isinstance(PERCENT, RulesetSpec)
    assert PERCENT.version == "1.0"
    assert PERCENT.round_seconds == Fraction(6)
    assert PERCENT.actions_per_round == 1
    assert levels_of(PERCENT) is LEVELS
    spec = define_ruleset(
        "x", "X", distribution="no-such-dist", checks=PERCENT.checks()
    )
    assert spec.version == "0+unknown"


def test_contest_rule_sees_both_checks_and_odds_stay_exact():
    high = build_check(PERCENT, skill=60)
    low = build_check(PERCENT, skill=50)
    a = LEVELS.outcome("regular", 40)
    b = LEVELS.outcome("regular", 30)
    # same level: the higher skill wins, whatever the rolls
    assert resolve_contest(PERCENT, a, b, checks=(high, low)) is ContestOutcome.FIRST
    assert resolve_contest(PERCENT, b, a, checks=(low, high)) is ContestOutcome.SECOND
    assert resolve_contest(PERCENT, a, b, checks=(high, high)) is ContestOutcome.TIE
    with pytest.raises(ContestError) as info:
        resolve_contest(PERCENT, a, b)
    assert str(info.value) == (
        "the contest rule of ruleset 'percent' needs both checks: call "
        "resolve_contest(..., checks=(first, second)), "
        "contest_result(..., checks=(first, second)) or contest_odds (a key "
        "that reads only the outcome is declared as "
        "define_ruleset(contest_outcome_key=...))"
    )
    odds = contest_odds(PERCENT, high, low)
    assert odds == rollwerk.Distribution(
        {
            ContestOutcome.FIRST: Fraction(701, 1000),
            ContestOutcome.SECOND: Fraction(299, 1000),
        }
    )


def test_results_given_to_resolve_contest_are_refused_by_every_rule():
    """checks.md: results are not outcomes, whatever rule the ruleset has.

    A rule keyed on both checks (``contest_key``) compared results as if
    they were outcomes; the default rule refused them.
    """
    check = build_check(PERCENT, skill=50)
    first = check.resolve(ScriptedRng([3, 4]))
    second = check.resolve(ScriptedRng([8, 1]))
    with pytest.raises(ParameterError) as info:
        resolve_contest(PERCENT, first, second, checks=(check, check))  # type: ignore[arg-type]
    assert str(info.value).startswith(
        "first must be an Outcome, not a CheckResult (its outcome is "
        "result.outcome()); resolve_contest takes two outcomes, "
        "contest_result(ruleset, first, second) two results, got CheckResult("
    )
    outcome = resolve_contest(
        PERCENT, first.outcome(), second.outcome(), checks=(check, check)
    )
    result = contest_result(PERCENT, first, second, checks=(check, check))
    assert result.outcome is outcome


def test_an_outcome_without_the_rulesets_levels_is_the_callers_mistake() -> None:
    """Held-out plugin authors: a Blades outcome (level ``partial``) or a
    hand-made outcome without a level, given to a ruleset with levels, was
    reported as the ruleset's own fault (``CheckFault: the contest key …``)."""
    check = build_check(PERCENT, skill=50)
    regular = LEVELS.outcome("regular", 40)
    foreign = Outcome(True, Degree.SUCCESS, 3, level="partial")
    allowed = (
        "one of the levels of ruleset 'percent' (fumble, failure, regular, "
        "hard, extreme, critical), as an Outcome of its checks has"
    )
    with pytest.raises(ParameterError) as info:
        resolve_contest(PERCENT, regular, foreign, checks=(check, check))
    assert str(info.value) == f"second.level must be {allowed}, got 'partial'"
    bare = Outcome(True, Degree.SUCCESS, 3)
    with pytest.raises(ParameterError) as info:
        resolve_contest(PERCENT, bare, regular, checks=(check, check))
    assert str(info.value) == f"first.level must be {allowed}, got None"


def test_an_outcome_whose_degree_contradicts_its_level_is_refused() -> None:
    """A held-out VTT integrator: a loaded result with level ``critical``
    (a success) but degree ``critical_failure`` was decided on."""
    check = build_check(PERCENT, skill=50)
    regular = LEVELS.outcome("regular", 40)
    forged = Outcome(False, Degree.CRITICAL_FAILURE, 1, level="critical")
    with pytest.raises(ParameterError) as info:
        resolve_contest(PERCENT, forged, regular, checks=(check, check))
    assert str(info.value) == (
        "first.degree must be critical_success with success True, as its "
        "level 'critical' has, got 'critical_failure'"
    )


def _flip(faces: tuple[int, ...]) -> Outcome:
    heads = faces[0] == 2
    return Outcome(heads, Degree.SUCCESS if heads else Degree.FAILURE, None)


FLIP = define_ruleset(
    "a",
    "A",
    checks=[define_check("flip", dice=[2], judge=_flip)],
    catalog=Catalog({"en": {"a.label.success": "heads"}}),
)


def test_ready_toolkit_checks_are_bound_to_the_ruleset_given_them():
    b = define_ruleset(
        "b",
        "B",
        checks=FLIP.check_specs,
        catalog=Catalog({"en": {"b.label.success": "tails"}}),
    )
    first = build_check(FLIP).resolve(ScriptedRng([2]))
    second = build_check(b).resolve(ScriptedRng([2]))
    assert (first.ruleset, first.check, first.explain()) == ("a", "flip", "d2 2: heads")
    assert (second.ruleset, second.check, second.explain()) == (
        "b",
        "flip",
        "d2 2: tails",
    )
    assert build_check(b).ruleset == "b"
    assert [s.name for s in b.check_specs] == ["flip"]


def test_evolve_changes_fields_but_refuses_another_id_for_bound_checks():
    import attrs

    assert attrs.evolve(FLIP, round_seconds=Fraction(10)).round_seconds == 10
    with pytest.raises(ParameterError) as info:
        attrs.evolve(FLIP, id="c")
    assert str(info.value) == (
        "id must be 'a', the id its check 'flip' is bound to (for a variant "
        "with another id, give its checks to define_ruleset, which binds them), "
        "got 'c'"
    )


def test_a_hand_written_check_spec_is_given_as_it_is():
    spec = FLIP.check_specs[0]

    def factory() -> rollwerk.checks.Check:
        return spec.factory()

    own = rollwerk.checks.CheckSpec("own", (), factory)
    rs = define_ruleset("own", "Own", checks=[own])
    assert rs.check_specs == (own,)


def test_delegating_ruleset_keeps_levels_and_the_context_rule():
    wrapped = DelegatingRuleset(PERCENT)
    assert levels_of(wrapped) == LEVELS
    high, low = build_check(PERCENT, skill=60), build_check(PERCENT, skill=50)
    assert contest_odds(wrapped, high, low) == contest_odds(PERCENT, high, low)

    class Ties(DelegatingRuleset):
        def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
            return ContestOutcome.TIE

    assert contest_odds(Ties(PERCENT), high, low) == rollwerk.Distribution(
        {ContestOutcome.TIE: 1}
    )


def test_existing_rulesets_keep_their_two_outcome_rule():
    from rollwerk.testing.examples import ToyRuleset

    toy = ToyRuleset()
    first, second = build_check(toy, skill=3), build_check(toy, skill=1)
    both = first.outcomes().combine(second.outcomes(), toy.contest)
    assert contest_odds(toy, first, second) == both
    assert levels_of(toy) == SuccessLevels()


def test_define_ruleset_refuses_two_contest_rules_and_bad_ids():
    with pytest.raises(ParameterError) as exc:
        define_ruleset(
            "x",
            "X",
            checks=PERCENT.checks(),
            contest=lambda a, b: ContestOutcome.TIE,
            contest_key=lambda c, o: 0,
        )
    assert str(exc.value) == (
        "contest rules must be at most one of contest, contest_with_checks, "
        "contest_key and contest_outcome_key, got 'contest, contest_key'"
    )
    with pytest.raises(ParameterError, match="id must be a word"):
        define_ruleset("a b", "X", checks=PERCENT.checks())
    with pytest.raises(ParameterError, match="checks must be at least one check"):
        define_ruleset("x", "X", checks=[])


D6 = define_check(
    "roll",
    dice=[6],
    judge=lambda faces: Outcome(
        faces[0] >= 4, Degree.SUCCESS if faces[0] >= 4 else Degree.FAILURE, faces[0]
    ),
)


def test_contest_outcome_key_needs_no_checks_and_keeps_exact_odds():
    keyed = define_ruleset(
        "ko", "Keyed", checks=[D6], contest_outcome_key=lambda outcome: outcome.value
    )
    check = build_check(keyed)
    three, five = check.resolve(ScriptedRng([3])), check.resolve(ScriptedRng([5]))
    # no checks= needed: the key reads only the outcome
    assert contest_result(keyed, five, three).outcome is ContestOutcome.FIRST
    assert contest_result(keyed, three, five).outcome is ContestOutcome.SECOND
    assert (
        resolve_contest(keyed, three.outcome(), three.outcome()) is ContestOutcome.TIE
    )
    assert keyed.contest(five.outcome(), three.outcome()) is ContestOutcome.FIRST
    assert contest_odds(keyed, check, check) == rollwerk.Distribution(
        {
            ContestOutcome.FIRST: Fraction(5, 12),
            ContestOutcome.TIE: Fraction(1, 6),
            ContestOutcome.SECOND: Fraction(5, 12),
        }
    )
    assert keyed.contest_ties is ContestOutcome.TIE


def test_contest_outcome_key_with_ties_to_the_defender():
    keyed = define_ruleset(
        "kd",
        "Keyed",
        checks=[D6],
        contest_outcome_key=lambda outcome: outcome.value,
        contest_ties=ContestOutcome.SECOND,
    )
    check = build_check(keyed)
    three = check.resolve(ScriptedRng([3]))
    assert contest_result(keyed, three, three).outcome is ContestOutcome.SECOND
    assert contest_odds(keyed, check, check) == rollwerk.Distribution(
        {ContestOutcome.FIRST: Fraction(5, 12), ContestOutcome.SECOND: Fraction(7, 12)}
    )
    assert keyed.contest_ties is ContestOutcome.SECOND
    assert keyed.checks()[0].contest_symmetric is False


def test_contest_outcome_key_whose_keys_do_not_compare_is_a_check_fault():
    keyed = define_ruleset(
        "kf",
        "Keyed",
        checks=[D6],
        contest_outcome_key=lambda o: o.value if o.value > 3 else (o.value,),
    )
    check = build_check(keyed)
    three, five = check.resolve(ScriptedRng([3])), check.resolve(ScriptedRng([5]))
    with pytest.raises(CheckFault) as info:
        keyed.contest(five.outcome(), three.outcome())
    assert str(info.value) == (
        "the contest keys 5 and (3,) do not compare with each other (a contest "
        "key is a number, a string or a tuple of them, of the same kind for every "
        "outcome)"
    )


@pytest.mark.parametrize(
    "name",
    [
        "contest",
        "contest_with_checks",
        "contest_key",
        "contest_outcome_key",
        "initiative_order",
    ],
)
def test_define_ruleset_refuses_rules_that_are_not_functions(name: str) -> None:
    with pytest.raises(ParameterError) as info:
        define_ruleset("x", "X", checks=[D6], **{name: 5})  # type: ignore[arg-type]
    assert str(info.value) == f"{name} must be a function or None, got 5"


def test_default_contest_ranks_degree_then_level_then_value():
    rs = define_ruleset("lv", "Levels", levels=LEVELS, checks=PERCENT.checks())
    hard, regular = LEVELS.outcome("hard", 20), LEVELS.outcome("regular", 50)
    assert rs.contest(hard, regular) is ContestOutcome.FIRST
    assert rs.contest(regular, LEVELS.outcome("regular", 40)) is ContestOutcome.FIRST


def test_catalog_of_the_author_wins_over_level_and_toolkit_words():
    cat = Catalog({"en": {"pc.label.hard": "tough", "pc.label.tie": "draw"}})
    rs = define_ruleset("pc", "P", levels=LEVELS, checks=PERCENT.checks(), catalog=cat)
    assert rs.labels["en"]["hard"] == "tough"
    assert rs.labels["en"]["tie"] == "draw"
    assert rs.labels["de"]["hard"] == "schwieriger Erfolg"


def test_ruleset_value_passes_the_contract_kit():
    from rollwerk.testing import assert_ruleset_contract

    assert_ruleset_contract(PERCENT, max_examples=2, resolutions=500)


def test_parameters_named_check_and_ruleset_reach_the_check() -> None:
    """``build_check``'s own arguments are positional-only: no name is taken."""

    def judge(faces: tuple[int, ...], check: int, ruleset: int) -> Outcome:
        ok = faces[0] <= check + ruleset
        return Outcome(ok, Degree.SUCCESS if ok else Degree.FAILURE, faces[0])

    roll = define_check(
        "roll",
        [
            Parameter("check", int, min_value=1, max_value=6),
            Parameter("ruleset", int, default=0, min_value=0, max_value=6),
        ],
        dice=[6],
        judge=judge,
    )
    rs = define_ruleset("named", "Named", version="1", checks=[roll])
    built = build_check(rs, check=3)
    assert built.parameters == {"check": 3, "ruleset": 0}
    assert build_check(rs, "roll", check=2, ruleset=1).outcomes().probability(
        lambda o: o.success
    ) == Fraction(1, 2)
    assert build_check(rs, None, check=3).resolve(ScriptedRng([4])).success is False


def test_a_stop_rule_checks_wrong_odds_name_the_ways_drawn() -> None:
    from rollwerk.testing import ContractViolation, assert_faces_match

    def no_explosions(tn: int) -> rollwerk.Distribution[Outcome]:
        return rollwerk.Distribution.uniform([_ace((f,), tn) for f in range(1, 7)])

    wrong = define_check(
        "ace",
        [Parameter("tn", int, min_value=1, max_value=40, default=4)],
        dice=[6] * 3,
        judge=_ace,
        stop=lambda faces: faces[-1] != 6,
        odds=no_explosions,
    )
    with pytest.raises(ContractViolation) as info:
        assert_faces_match(wrong.build("demo", tn=4))
    assert "but enumerating the 16 ways the dice can be drawn gives" in str(info.value)


def test_a_toolkit_checks_repr_names_its_ruleset_check_and_parameters() -> None:
    """Not the whole definition (every parameter's declaration, the judge)."""
    from rollwerk.checks import define_check

    check = define_check(
        "roll",
        [
            Parameter("skill", int, min_value=1, max_value=6),
            Parameter("edge", bool, default=False),
        ],
        dice=[6],
        judge=lambda faces, skill, edge: Outcome(
            faces[0] <= skill,
            Degree.SUCCESS if faces[0] <= skill else Degree.FAILURE,
            faces[0],
        ),
    ).build("x", skill=3)
    assert repr(check) == (
        "FaceCheck(ruleset='x', name='roll', parameters={'skill': 3, 'edge': False})"
    )


def test_too_few_faces_for_a_stop_rule_are_named_as_a_lower_bound():
    """Re-rolls known only from the faces: three faces need at least four."""
    pushed = define_check(
        "push",
        dice=[6] * 6,
        judge=lambda faces: Outcome(True, Degree.SUCCESS, len(faces)),
        # two dice, then one more for every die of them that is not a 6
        stop=lambda f: len(f) >= 2 and len(f) == 2 + sum(x != 6 for x in f[:2]),
    ).build("demo")
    with pytest.raises(ParameterError) as info:
        pushed.outcome_for((2, 5, 3))
    assert str(info.value) == (
        "faces must be the faces drawn until the check is settled "
        "(at least 4 of 6 dice), got (2, 5, 3)"
    )
    assert pushed.outcome_for((2, 5, 3, 4)).value == 4
    with pytest.raises(ParameterError) as info:
        pushed.outcome_for((2, 6, 3, 4))
    assert str(info.value) == (
        "faces must be the faces drawn until the check is settled "
        "(3 of 6 dice), got (2, 6, 3, 4)"
    )


def test_a_stop_rule_that_returns_no_bool_is_the_checks_fault():
    """As a judge that returns no Outcome: None is not read as False."""
    from rollwerk import ScriptedRng
    from rollwerk.errors import CheckFault

    check = define_check(
        "s",
        dice=[6, 6],
        judge=lambda faces: Outcome(True, Degree.SUCCESS, max(faces)),
        stop=lambda faces: None if faces[0] == 1 else faces[0] > 3,
    ).build("demo")
    assert check.resolve(ScriptedRng([5])).outcome().value == 5
    with pytest.raises(CheckFault) as info:
        check.resolve(ScriptedRng([1, 2]))
    assert str(info.value) == (
        "the stop rule of demo:s returned None for the faces (1,), not True or False"
    )
    with pytest.raises(CheckFault):
        check.outcomes()


@pytest.mark.parametrize("ruleset", [5, None, "a b", "x:y", "a.b", "x+y", "-x"])
def test_build_refuses_what_is_no_ruleset_id(ruleset: object) -> None:
    """A held-out author: ``build(5)`` built a check whose result JSON did
    not load again (``ruleset must be a string``)."""
    d6 = define_check(
        "c", [], dice=[6], judge=lambda faces: Outcome(True, Degree.SUCCESS, 1)
    )
    with pytest.raises(ParameterError) as info:
        d6.build(ruleset)  # type: ignore[arg-type]
    assert str(info.value) == (
        "ruleset must be a ruleset id (a word without spaces, dots, colons or "
        "'+' that does not start with '-'), or '' for none, "
        f"got {ruleset!r}"
    )
    with pytest.raises(ParameterError) as info:
        d6.spec("mine", catalog={"en": {}})  # type: ignore[arg-type]
    assert str(info.value) == "catalog must be a Catalog or None, got {'en': {}}"
    assert d6.build("mine").resolve(ScriptedRng([3])).outcome().value == 1


@pytest.mark.parametrize("rid", ["x+y", "-x", "a b", "x:y", ""])
def test_define_ruleset_refuses_an_id_the_cli_and_the_kit_cannot_name(
    rid: str,
) -> None:
    """A held-out plugin author: ``x+y`` was accepted and then read by
    ``--rollwerk-contract=x+y`` as ruleset ``x`` with option ``y``; ``-x``
    was reachable only as ``rollwerk check -- -x``."""
    d6 = define_check(
        "c", [], dice=[6], judge=lambda faces: Outcome(True, Degree.SUCCESS, 1)
    )
    with pytest.raises(ParameterError) as info:
        define_ruleset(rid, "X", version="1", checks=[d6])
    assert str(info.value) == (
        "id must be a word without spaces, dots, colons or '+' that does not "
        f"start with '-', got {rid!r}"
    )
    assert define_ruleset("x-y_2", "X", version="1", checks=[d6]).id == "x-y_2"


def test_a_levels_words_are_words_braces_included() -> None:
    """A held-out designer: a level worded ``50% {`` broke ``rollwerk odds``
    (a catalog template that cannot be filled) and the contract kit."""
    braces = SuccessLevels(
        Level("miss", Degree.FAILURE, en="miss", de="daneben"),
        Level("hit", Degree.SUCCESS, en="50% {", de="{x} 50% }"),
    )
    rs = define_ruleset(
        "braces",
        "B",
        version="1",
        levels=braces,
        checks=[
            define_check(
                "c",
                dice=[6],
                judge=lambda f: braces.outcome("hit" if f[0] > 3 else "miss", f[0]),
            )
        ],
    )
    assert rs.labels["en"]["hit"] == "50% {"
    assert rs.labels["de"]["hit"] == "{x} 50% }"
    assert build_check(rs).resolve(ScriptedRng([5])).explain("de").endswith("{x} 50% }")


@pytest.mark.parametrize("bad", [[3], {"a": 1}, None, 3])
def test_a_level_id_of_another_type_is_a_parameter_error(bad: object) -> None:
    # a bad-input audit: Level([3], …) raised "unhashable type: 'list'"
    with pytest.raises(ParameterError) as info:
        Level(bad, Degree.SUCCESS)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"level id must be a word without spaces, dots or colons, got {bad!r}"
    )
