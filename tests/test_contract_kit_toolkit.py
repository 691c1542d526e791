"""The contract kit against face-declared checks, levels and contest labels."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from rollwerk import Distribution, build_check
from rollwerk.checks import (
    Degree,
    Level,
    Outcome,
    Parameter,
    compare,
    define_check,
    enumerate_faces,
)
from rollwerk.errors import ContestError
from rollwerk.rulesets import DelegatingRuleset, define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_contest_contract,
    assert_cross_contests,
    assert_faces_match,
    assert_ruleset_contract,
    assert_ruleset_declaration,
)

TARGET = Parameter("target", int, min_value=1, max_value=6)


def judge(faces: tuple[int, ...], target: int) -> Outcome:
    hit = faces[0] >= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


def wrong_odds(target: int) -> Distribution[Outcome]:
    # off by one: claims faces above the target only
    return Distribution.uniform([judge((f,), target + 1) for f in range(1, 7)])


def test_a_closed_form_that_disagrees_with_the_faces_is_caught():
    check = define_check("d6", [TARGET], dice=[6], judge=judge, odds=wrong_odds).build(
        "demo", target=4
    )
    with pytest.raises(ContractViolation) as exc:
        assert_faces_match(check)
    assert str(exc.value) == (
        "demo:d6(target=4): outcomes() says P(Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=4, rolled=True, extras=(), "
        "level=None)) = 1/6 but enumerating all 6 face combinations gives 0"
    )


def test_a_correct_check_matches_face_by_face_and_the_budget_is_honoured():
    good = define_check("d6", [TARGET], dice=[6], judge=judge).build("demo", target=4)
    assert assert_faces_match(good) is True
    assert assert_faces_match(good, budget=5) is False


def test_ruleset_contract_runs_the_face_comparison():
    rs = define_ruleset(
        "wrong",
        "Wrong",
        version="1",
        checks=[define_check("d6", [TARGET], dice=[6], judge=judge, odds=wrong_odds)],
    )
    with pytest.raises(ContractViolation, match="enumerating all 6 face combinations"):
        assert_ruleset_contract(rs, max_examples=0, resolutions=50, replays=1)


@attrs.frozen
class _Levels(DelegatingRuleset):
    extra: tuple[Level, ...] = ()

    @property
    def levels(self) -> tuple[Level, ...]:  # type: ignore[override]
        return self.extra


BASE = define_ruleset(
    "base",
    "Base",
    version="1",
    checks=[define_check("d6", [TARGET], dice=[6], judge=judge)],
)


def test_levels_out_of_order_are_a_contract_violation():
    bad = _Levels(BASE, (Level("hit", Degree.SUCCESS), Level("miss", Degree.FAILURE)))
    with pytest.raises(ContractViolation) as exc:
        assert_ruleset_declaration(bad)
    assert str(exc.value) == (
        "ruleset 'base': level 'miss' (failure, success=False) is less successful "
        "than the level below it, 'hit' (success, success=True); levels go worst first"
    )


def test_every_level_needs_a_label_in_every_language():
    unlabeled = _Levels(BASE, (Level("miss", Degree.FAILURE),))
    with pytest.raises(ContractViolation, match="labels\\['en'\\] has no 'miss'"):
        assert_ruleset_declaration(unlabeled)


def test_an_undeclared_level_in_an_outcome_is_caught():
    def leveled(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0], level="great")

    rs = define_ruleset(
        "lv",
        "Lv",
        version="1",
        levels=[Level("great", Degree.CRITICAL_SUCCESS, en="great", de="toll")],
        checks=[define_check("d6", dice=[6], judge=leveled)],
    )
    with pytest.raises(ContractViolation) as exc:
        assert_ruleset_contract(rs, max_examples=0, resolutions=50, replays=1)
    assert (
        "is at level 'great', which maps to critical_success with success=True"
        in str(exc.value)
    )


def test_an_outcome_without_a_level_in_a_ruleset_with_levels_is_caught():
    """It would fall out of the odds table's order and the contest's levels."""
    scale = [
        Level("failure", Degree.FAILURE, en="failure", de="Fehlschlag"),
        Level("success", Degree.SUCCESS, en="success", de="Erfolg"),
    ]

    def forgetful(faces: tuple[int, ...]) -> Outcome:
        if faces[0] == 6:
            return Outcome(True, Degree.CRITICAL_SUCCESS, 6)  # no level
        hit = faces[0] >= 4
        return Outcome(
            hit,
            Degree.SUCCESS if hit else Degree.FAILURE,
            faces[0],
            level="success" if hit else "failure",
        )

    rs = define_ruleset(
        "lv",
        "Lv",
        version="1",
        levels=scale,
        checks=[define_check("d6", dice=[6], judge=forgetful)],
    )
    with pytest.raises(ContractViolation) as exc:
        assert_ruleset_contract(rs, max_examples=0, resolutions=50, replays=1)
    assert str(exc.value) == (
        "lv:d6(): outcome Outcome(success=True, degree=<Degree.CRITICAL_SUCCESS: "
        "'critical_success'>, value=6, rolled=True, extras=(), level=None) has no "
        "level, but the ruleset declares levels (one of: failure, success); build "
        "it with SuccessLevels.outcome"
    )


def test_every_contest_outcome_the_rule_produces_needs_a_label():
    class NoTieWord(DelegatingRuleset):
        @property
        def labels(self):  # type: ignore[no-untyped-def]
            labels = {lang: dict(t) for lang, t in self.base.labels.items()}
            del labels["de"]["tie"]
            return labels

    d6 = define_check("d6", [TARGET], dice=[6], judge=judge)
    rs = NoTieWord(define_ruleset("nt", "Nt", version="1", checks=[d6]))
    with pytest.raises(ContractViolation) as exc:
        assert_ruleset_contract(rs, max_examples=0, resolutions=50, replays=1)
    assert str(exc.value).endswith(
        "the contest can end 'tie', but labels['de'] has no 'tie'"
    )


def test_face_enumeration_is_exact_for_two_dice():
    two = define_check(
        "2d6",
        dice=[6, (6, "second")],
        judge=lambda faces: Outcome(
            sum(faces) >= 8,
            Degree.SUCCESS if sum(faces) >= 8 else Degree.FAILURE,
            sum(faces),
        ),
    ).build("demo")
    assert assert_faces_match(two)
    assert two.outcomes().probability(lambda o: o.success) == Fraction(15, 36)


LUCK = Parameter("luck", int, min_value=1, max_value=6)


def luck_judge(faces: tuple[int, ...], luck: int) -> Outcome:
    return judge(faces, luck)


def _two_checks(contest_with_checks: object) -> object:
    return define_ruleset(
        "two",
        "Two",
        version="1",
        checks=[
            define_check("d6", [TARGET], dice=[6], judge=judge),
            define_check("luck", [LUCK], dice=[6], judge=luck_judge),
        ],
        contest_with_checks=contest_with_checks,  # type: ignore[arg-type]
    )


def _by_target(first_check, first, second_check, second):  # type: ignore[no-untyped-def]
    # reads "target" from both sides: a luck check has none
    mine = first_check.parameters["target"] + first.value
    theirs = second_check.parameters["target"] + second.value
    return compare(mine, theirs)


def _refusing(first_check, first, second_check, second):  # type: ignore[no-untyped-def]
    if first_check.name != second_check.name:
        raise ContestError("d6 and luck checks are not contested")
    return compare(first.value, second.value)


def test_a_contest_rule_that_fails_across_checks_is_a_violation():
    rs = _two_checks(_by_target)
    with pytest.raises(ContractViolation) as exc:
        assert_cross_contests(rs)  # type: ignore[arg-type]
    assert str(exc.value) == (
        "contest two:d6(target=3) vs two:luck(luck=3): contest_odds raised "
        "KeyError: 'target'"
    )
    assert isinstance(exc.value.__cause__, KeyError)
    # the same rule passes among checks of one name
    assert_contest_contract(
        rs,  # type: ignore[arg-type]
        build_check(rs, "d6", target=2),  # type: ignore[arg-type]
        build_check(rs, "d6", target=3),  # type: ignore[arg-type]
    )
    # and assert_ruleset_contract runs it as a ruleset property
    with pytest.raises(ContractViolation, match="contest_odds raised KeyError"):
        assert_ruleset_contract(rs, max_examples=0, resolutions=50, replays=1)  # type: ignore[arg-type]


def test_a_pair_refused_with_a_contest_error_passes():
    assert_cross_contests(_two_checks(_refusing))  # type: ignore[arg-type]


def _trait(faces: tuple[int, ...], die: int, tn: int) -> Outcome:
    """One die of the size ``die`` against ``tn`` (a Savage-Worlds-like trait)."""
    hit = faces[0] >= tn
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


def test_an_int_parameter_with_choices_passes_the_contract_kit() -> None:
    """The kit draws an int parameter from its choices, not from a range."""
    from rollwerk.checks import Monotonic
    from rollwerk.testing import assert_monotonic
    from rollwerk.testing.strategies import parameter_values

    die = Parameter(
        "die",
        int,
        default=6,
        choices=(12, 4, 6, 8, 10),  # declared out of order on purpose
        monotonic=Monotonic.INCREASING,
    )
    tn = Parameter("tn", int, min_value=1, max_value=12, default=4)
    trait = define_check(
        "trait", [die, tn], dice=lambda die: [(die, "trait")], judge=_trait
    )
    rs = define_ruleset("sizes", "Sizes", version="1", checks=[trait])
    assert_ruleset_contract(rs, max_examples=10)
    assert repr(parameter_values(die)) == "sampled_from([12, 4, 6, 8, 10])"
    assert build_check(rs, die=10, tn=4).outcomes().probability(
        lambda o: o.success
    ) == Fraction(7, 10)
    # the sweep runs over the choices, smallest first: a wrong claim is caught
    falling = attrs.evolve(die, monotonic=Monotonic.DECREASING)
    wrong = define_ruleset(
        "sizes",
        "Sizes",
        version="1",
        checks=[
            define_check("trait", [falling, tn], dice=lambda die: [die], judge=_trait)
        ],
    )
    with pytest.raises(ContractViolation, match="die"):
        assert_monotonic(wrong, wrong.checks()[0], {"die": 6, "tn": 4})


def _parity(faces: tuple[int, ...], bonus: int, mode: str) -> Outcome:
    """d6 + bonus >= 4; in mode "odd" only an odd bonus can succeed."""
    hit = faces[0] + bonus >= 4 and (mode != "odd" or bonus % 2 == 1)
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0] + bonus)


def test_a_false_monotonic_claim_away_from_the_corners_is_caught() -> None:
    """The kit sweeps only at the corners of the ranges (defaults, minimums,
    maximums), all in mode "plain" or "sum" here; every drawn parameter set
    compares each monotonic parameter with its next value and with a second
    drawn value, so a claim that fails only in mode "odd" is still caught."""
    from rollwerk.checks import Monotonic
    from rollwerk.testing import assert_monotonic

    bonus = Parameter(
        "bonus", int, min_value=0, max_value=5, monotonic=Monotonic.INCREASING
    )
    mode = Parameter("mode", str, default="plain", choices=("plain", "odd", "sum"))
    check = define_check("check", [bonus, mode], dice=[6], judge=_parity)
    rs = define_ruleset("parity", "Parity", version="1", checks=[check])
    for corner in ({"bonus": 0, "mode": "plain"}, {"bonus": 5, "mode": "sum"}):
        assert_monotonic(rs, rs.checks()[0], corner)  # the corners hold
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(rs, properties=False)
    assert str(info.value) == (  # hypothesis shrinks to the first bad step
        "ruleset 'parity', check 'check': bonus is declared INCREASING but "
        "P(success) goes from 2/3 at bonus=1 to 0 at bonus=2 "
        "(other parameters: {'mode': 'odd'})"
    )


def _inside(faces: tuple[int, ...], skill: int, bonus: int) -> Outcome:
    """d100 under skill + bonus, but under skill - bonus for skills 30-70."""
    target = skill - bonus if 30 <= skill <= 70 else skill + bonus
    hit = faces[0] <= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


def test_a_required_parameter_is_swept_at_the_middle_of_its_range() -> None:
    """With every parameter required but the monotonic one, the corner of
    defaults would be the corner of minimums again: the middle of a required
    parameter's range stands in for its default, so a claim that fails only
    inside the range (skills 30-70 here) is swept and caught."""
    from rollwerk.checks import Monotonic

    skill = Parameter("skill", int, min_value=1, max_value=99)
    bonus = Parameter(
        "bonus",
        int,
        default=0,
        min_value=0,
        max_value=5,
        monotonic=Monotonic.INCREASING,
    )
    check = define_check("c", [skill, bonus], dice=[100], judge=_inside)
    rs = define_ruleset("mono", "Mono", version="1", checks=[check])
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(rs, max_examples=0, properties=False)
    assert str(info.value) == (
        "ruleset 'mono', check 'c': bonus is declared INCREASING but "
        "P(success) goes from 1/2 at bonus=0 to 49/100 at bonus=1 "
        "(other parameters: {'skill': 50})"
    )


def test_text_complete_certifies_a_toolkit_rulesets_default_explanation() -> None:
    """The explanation of a ``define_ruleset`` check uses the toolkit's words,
    the core's and the ruleset's labels (held merged): the plugin passes its
    own catalog; fixed words and a missing language are still refused."""
    from rollwerk import ScriptedRng
    from rollwerk.checks import SuccessLevels
    from rollwerk.i18n import Catalog, Text
    from rollwerk.testing import assert_text_complete

    words = Catalog(
        {
            "en": {"lv.label.hit": "hit", "lv.label.miss": "miss"},
            "de": {"lv.label.hit": "Treffer", "lv.label.miss": "daneben"},
        }
    )
    levels = SuccessLevels(
        Level("miss", Degree.FAILURE, en="miss", de="daneben"),
        Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
    )

    def two(faces: tuple[int, ...], target: int) -> Outcome:
        return levels.outcome("hit" if faces[0] >= target else "miss", faces[0])

    rs = define_ruleset(
        "lv",
        "Levels",
        version="1",
        checks=[define_check("d6", [TARGET], dice=[6, (8, "bonus")], judge=two)],
        catalog=words,
        levels=levels,
    )
    result = build_check(rs, target=4).resolve(ScriptedRng([5, 2]))
    assert result.explain() == "d6 5, d8 2 → 5: hit"
    assert result.explain("de") == "W6 5, W8 2 → 5: Treffer"
    assert_text_complete(result.explanation, [words])
    assert_text_complete(result.explanation, [rs.catalog])
    with pytest.raises(ContractViolation, match=r"'lv\.label\.hit' is from another"):
        assert_text_complete(result.explanation, [])
    with pytest.raises(ContractViolation, match="'' is from another catalog"):
        assert_text_complete(Text.fixed(en="x", de="y"), [words])
    english = Catalog({"en": {"lv.only": "only English"}})
    with pytest.raises(ContractViolation, match=r"'lv\.only' lacks 'de'"):
        assert_text_complete(english.text("lv.only"), [english])


def test_beyond_the_face_budget_each_resolution_is_judged_again(monkeypatch):
    """A check too large to replay way by way is still compared face by face.

    Five d10 are 100 000 ways, beyond FACE_BUDGET: a resolve that drifts
    from the judge (here: one more than it says) is caught on the seeded
    resolutions, not only by frequencies that the value does not change.
    """
    from rollwerk.checks import FaceCheck
    from rollwerk.testing import FACE_BUDGET, ContractViolation, assert_check_contract

    def total(faces: tuple[int, ...]) -> Outcome:
        t = sum(faces)
        return Outcome(t >= 30, Degree.SUCCESS if t >= 30 else Degree.FAILURE, t)

    check = define_check("five", dice=[10] * 5, judge=total).build("demo")
    assert FACE_BUDGET < 10**5
    assert_check_contract(check, resolutions=200, replays=3)  # a sound check passes

    resolve = FaceCheck.resolve

    def drifting(self: FaceCheck, rng: object) -> object:
        result = resolve(self, rng)  # type: ignore[arg-type]
        return attrs.evolve(result, value=(result.value or 0) + 1)

    # with a closed form compared with the judge (100 000 ways: within
    # ODDS_BUDGET), the replays are still skipped and the judging still done
    from rollwerk.checks import enumerate_faces

    closed = define_check(
        "five",
        dice=[10] * 5,
        judge=total,
        odds=lambda: enumerate_faces([10] * 5, total),
    ).build("demo")
    monkeypatch.setattr(FaceCheck, "resolve", drifting)
    for each in (check, closed):
        with pytest.raises(
            ContractViolation, match=r"resolve to .* but the judge says"
        ):
            assert_check_contract(each, resolutions=200, replays=3)


def _two_faults(faces: tuple[int, ...], b: int) -> Outcome:
    """d6 <= 3; at b=4 the outcome names a level the ruleset does not declare."""
    ok = faces[0] <= 3
    degree = Degree.SUCCESS if ok else Degree.FAILURE
    return Outcome(ok, degree, faces[0], level="bogus" if b == 4 else None)


def test_two_distinct_faults_raise_one_contract_violation() -> None:
    """A closed form wrong at b=3 and an undeclared level at b=4 are two
    failures hypothesis tells apart; the kit still raises one
    ContractViolation (an AssertionError), not an ExceptionGroup."""

    def odds(b: int) -> Distribution[Outcome]:
        if b == 3:
            return enumerate_faces([6], lambda f: Outcome(True, Degree.SUCCESS, f[0]))
        return enumerate_faces([6], lambda f: _two_faults(f, b))

    b = Parameter("b", int, min_value=1, max_value=6)
    check = define_check("c", [b], dice=[6], judge=_two_faults, odds=odds)
    rs = define_ruleset("two", "Two", version="1", checks=[check])
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(rs, properties=False)
    assert str(info.value) == (
        "two:c(b=3): outcomes() says P(Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=4, rolled=True, extras=(), "
        "level=None)) = 0 but enumerating all 6 face combinations gives 1/6"
    )


def _sum_judge(faces: tuple[int, ...], dice: int) -> Outcome:
    total = sum(faces)
    made = total >= 4 * dice
    return Outcome(made, Degree.SUCCESS if made else Degree.FAILURE, total)


def _forgets_the_bonus_die_is_a_d4(dice: int, bonus: bool) -> Distribution[Outcome]:
    d6 = Distribution.uniform(range(1, 7))
    total = d6.repeat_sum(dice + bonus)  # the bonus die is a d4, not a d6
    return total.map(
        lambda t: Outcome(
            t >= 4 * dice, Degree.SUCCESS if t >= 4 * dice else Degree.FAILURE, t
        )
    )


def test_a_flag_is_checked_face_by_face_at_the_smallest_corner() -> None:
    # the largest corner (30 dice and the bonus) is far beyond the face
    # budget, the default and smallest corners have no bonus: only the
    # smallest corner with every flag set compares the bonus die face by face
    check = define_check(
        "pool",
        [
            Parameter("dice", int, min_value=1, max_value=30),
            Parameter("bonus", bool, default=False),
        ],
        dice=lambda dice, bonus: [6] * dice + [4] * bonus,
        judge=_sum_judge,
        odds=_forgets_the_bonus_die_is_a_d4,
    )
    rs = define_ruleset("flags", "Flags", checks=[check])
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(rs, max_examples=0)
    assert str(info.value) == (
        "flags:pool(dice=1, bonus=True): outcomes() says P(Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=2, rolled=True, extras=(), "
        "level=None)) = 1/36 but enumerating all 24 face combinations gives 1/24"
    )


def _hits(dice: int, bonus: bool) -> Distribution[Outcome]:
    """Hits of 4+ on d6, and one more for 11+ on a bonus d20."""
    per_die = Distribution.from_weights({0: 1, 1: 1})  # a d6 hits on 4+
    hits = per_die.repeat_sum(dice + bonus)  # the d20 hits on 11+: also 1/2
    return hits.map(
        lambda h: Outcome(h >= 1, Degree.SUCCESS if h >= 1 else Degree.FAILURE, h)
    )


def _hits_judge(faces: tuple[int, ...], dice: int, bonus: bool) -> Outcome:
    h = sum(f >= 4 for f in faces[:dice]) + sum(f >= 11 for f in faces[dice:])
    return Outcome(h >= 1, Degree.SUCCESS if h >= 1 else Degree.FAILURE, h)


def test_the_largest_values_are_checked_with_every_flag_off() -> None:
    """A held-out Burning Wheel author broke a closed form only for pools of
    9 dice or more without the flag: the maximums corner had the flag on
    (12 d6 and a d20: 123 760 multisets, beyond the budget), so 12 plain
    dice (6 188 multisets) were compared only if a drawn set landed there."""

    def wrong_for_large_pools(dice: int, bonus: bool) -> Distribution[Outcome]:
        right = _hits(dice, bonus)
        if dice < 9 or bonus:
            return right
        return right.map(  # a miss of 9+ dice counted as one hit
            lambda o: o if o.value else Outcome(True, Degree.SUCCESS, 1)
        )

    check = define_check(
        "pool",
        [
            Parameter("dice", int, min_value=1, max_value=12),
            Parameter("bonus", bool, default=True),
        ],
        dice=lambda dice, bonus: [6] * dice + [20] * bonus,
        judge=_hits_judge,
        odds=wrong_for_large_pools,
    )
    rs = define_ruleset("bw", "BW", checks=[check])
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(rs, max_examples=0)
    # a miss the closed form says cannot happen: caught at the new corner
    assert str(info.value).startswith(
        "bw:pool(dice=12, bonus=False): resolved outcome Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=0, "
    )


def _chatty_judge(faces: tuple[int, ...], target: int) -> Outcome:
    print("rolled", faces)  # a debugging print left in a plugin
    return judge(faces, target)


def _chatty_odds(target: int) -> Distribution[Outcome]:
    print("odds for", target)
    return Distribution.uniform([judge((f,), target) for f in range(1, 7)])


@pytest.mark.parametrize(
    ("fns", "said"),
    [
        (
            {"judge": _chatty_judge},
            (
                "printed 'rolled (1,)\\nrolled (5,)\\n' to standard output while "
                "judging faces"
            ),
        ),
        (
            {"judge": judge, "odds": _chatty_odds},
            "printed 'odds for 4\\n' to standard output while computing outcomes()",
        ),
    ],
)
def test_a_check_that_prints_is_a_violation(fns, said, capsys):
    """helper-h216: a plugin's ``print`` came before ``rollwerk check --json``'s
    document and broke it for a reader, with exit 0."""
    from rollwerk.testing import assert_check_contract

    check = define_check("d6", [TARGET], dice=[6], **fns).build("demo", target=4)
    with pytest.raises(ContractViolation) as exc:
        assert_check_contract(check, resolutions=10, replays=1)
    assert str(exc.value) == (
        f"demo:d6(target=4): {said} (it would come before the command line's "
        "output and break --json); report through return values and exceptions"
    )
    assert capsys.readouterr().out == ""
