"""contest_odds by key: the default rule and contest_key compare one key per side.

Judging every pair of outcomes costs n × m calls (a pool with extras has
thousands of outcomes: seconds per contest); mapping each side's outcomes to
keys first costs n + m. Both must give the same odds, through the plugin
guard too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rollwerk
from rollwerk import build_check
from rollwerk.checks import (
    ContestOutcome,
    Degree,
    Level,
    Outcome,
    Parameter,
    define_check,
    pool_dice,
    successes,
)
from rollwerk.errors import CheckFault, ParameterError, PluginFault
from rollwerk.plugins import Registry
from rollwerk.rulesets import RulesetSpec, contest_odds, define_ruleset

DICE = Parameter("dice", int, "pool", min_value=1, max_value=30)


def _pool(faces: tuple[int, ...]) -> Outcome:
    hits = successes(faces, 6)
    ones = sum(1 for f in faces if f == 1)
    return Outcome(
        hits > 0,
        Degree.SUCCESS if hits else Degree.FAILURE,
        hits,
        extras={"ones": ones},
    )


POOL = define_check(
    "pool", [DICE], dice=lambda dice: pool_dice(dice, 6), judge=_pool, unordered=True
)
LEVELS = [
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
]


def _pairwise(ruleset: Any, first: Any, second: Any) -> Any:
    rule = ruleset.contest_with_checks
    return first.outcomes().combine(
        second.outcomes(), lambda a, b: rule(first, a, second, b)
    )


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.booleans())
def test_the_default_rule_by_key_equals_every_pair(a: int, b: int, keyed: bool) -> None:
    rs = define_ruleset(
        "pools",
        "Pools",
        checks=[POOL],
        contest_key=(lambda check, o: (o.value, -o.extra("ones"))) if keyed else None,
    )
    first, second = build_check(rs, dice=a), build_check(rs, dice=b)
    assert rs._contest_key() is not None
    assert contest_odds(rs, first, second) == _pairwise(rs, first, second)


def test_a_rule_on_pairs_is_judged_pair_by_pair() -> None:
    def higher(first: Outcome, second: Outcome) -> ContestOutcome:
        return (
            ContestOutcome.TIE if first.value == second.value else ContestOutcome.FIRST
        )

    rs = define_ruleset("pairs", "Pairs", checks=[POOL], contest=higher)
    assert rs._contest_key() is None
    first = build_check(rs, dice=2)
    odds = contest_odds(rs, first, first)
    values = first.outcomes().map(lambda o: o.value)
    assert odds[ContestOutcome.TIE] == sum(p * p for _, p in values.items())
    # a rule put in by evolve wins over the default key
    evolved = attrs.evolve(
        define_ruleset("pairs", "P", checks=[POOL]), contest_rule=higher
    )
    assert evolved._contest_key() is None


def test_levels_rank_in_the_default_key() -> None:
    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(
            faces[0] > 3,
            Degree.SUCCESS if faces[0] > 3 else Degree.FAILURE,
            faces[0],
            level="hit" if faces[0] > 3 else "miss",
        )

    rs = define_ruleset(
        "lv", "Levels", checks=[define_check("c", dice=[6], judge=judge)], levels=LEVELS
    )
    check = build_check(rs)
    odds = contest_odds(rs, check, check)
    assert odds == _pairwise(rs, check, check)
    assert odds[ContestOutcome.TIE] == Fraction(1, 6)


def _plugin(ruleset: RulesetSpec) -> Any:
    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_rulesets() -> list[object]:
            return [ruleset]

    return Plugin


def test_through_the_guard_the_key_is_guarded() -> None:
    rs = define_ruleset("big", "Big", checks=[POOL])
    guarded = Registry(load_entrypoints=False, plugins=[_plugin(rs)]).ruleset("big")
    first, second = build_check(guarded, dice=16), build_check(guarded, dice=14)
    assert len(first.outcomes()) == 153  # hits and ones: 153 outcomes
    odds = contest_odds(guarded, first, second)
    assert sum(p for _, p in odds.items()) == 1
    assert odds == contest_odds(rs, build_check(rs, dice=16), build_check(rs, dice=14))

    def broken(check: Any, outcome: Outcome) -> int:
        raise ZeroDivisionError("key")

    bad = define_ruleset("bad", "Bad", checks=[POOL], contest_key=broken)
    shaky = Registry(load_entrypoints=False, plugins=[_plugin(bad)]).ruleset("bad")
    with pytest.raises(PluginFault):
        contest_odds(shaky, build_check(shaky, dice=1), build_check(shaky, dice=1))


_KEYS = st.one_of(
    st.integers(-5, 5),
    st.tuples(st.booleans(), st.integers(-3, 3)),
    st.fractions(min_value=-2, max_value=2, max_denominator=3),
)


@given(
    first=st.dictionaries(_KEYS, st.integers(1, 9), min_size=1, max_size=12),
    second=st.dictionaries(_KEYS, st.integers(1, 9), min_size=1, max_size=12),
)
def test_keys_swept_in_order_decide_as_every_pair(
    first: dict[Any, int], second: dict[Any, int]
) -> None:
    """The sweep over sorted keys gives exactly what comparing every pair of
    keys gives; keys that do not sort (an int against a tuple) are compared
    pair by pair, and fail as that does."""
    from rollwerk import Distribution
    from rollwerk.rulesets import _compare_contest_keys, _compare_keys

    a, b = Distribution.from_weights(first), Distribution.from_weights(second)

    def outcome(decide: Any) -> object:
        try:
            return decide()
        except CheckFault as exc:  # keys that do not compare: the rules' fault
            return f"CheckFault: {exc}"

    assert outcome(lambda: _compare_keys(a, b)) == outcome(
        lambda: a.combine(b, _compare_contest_keys)
    )


def test_keys_that_do_not_form_a_chain_are_compared_pair_by_pair() -> None:
    """A NaN or sets (ordered by inclusion only) fall back to every pair."""
    from rollwerk import Distribution
    from rollwerk.checks import compare
    from rollwerk.rulesets import _compare_keys

    nan = Distribution.uniform([float("nan"), 1.0, 2.0])
    one = Distribution.uniform([1.5])
    assert _compare_keys(nan, one) == nan.combine(one, compare)
    assert _compare_keys(nan, one)[ContestOutcome.TIE] == Fraction(1, 3)
    sets = Distribution.uniform([frozenset({1}), frozenset({2}), frozenset({1, 2})])
    assert _compare_keys(sets, sets) == sets.combine(sets, compare)
    assert _compare_keys(sets, sets).probability(ContestOutcome.TIE) == Fraction(5, 9)


def test_a_contest_of_two_pools_of_thousands_of_outcomes_is_exact() -> None:
    """Two checks with 1 000 distinct values each: the same odds as the
    pair-by-pair rule (a million comparisons), by the sweep."""
    from rollwerk.checks import compare

    def judge(faces: tuple[int, ...]) -> Outcome:
        value = (faces[0] - 1) * 100 + faces[1]
        hit = value > 500
        return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, value)

    wide = define_check("wide", [], dice=[10, 100], judge=judge)
    rs = define_ruleset("wide", "Wide", version="1", checks=[wide])
    check = build_check(rs)
    odds = contest_odds(rs, check, check)
    pairwise = check.outcomes().combine(
        check.outcomes(), lambda x, y: compare(x.value, y.value)
    )
    assert odds == pairwise
    assert odds[ContestOutcome.TIE] == Fraction(1, 1000)


# -- contest_ties: equal keys go to one side -----------------------------------


def _sum_check(symmetric: bool = False) -> Any:
    def judge(faces: tuple[int, ...], skill: int) -> Outcome:
        total = faces[0] + faces[1] + skill
        hit = total >= 14
        return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, total)

    return define_check(
        "check",
        [Parameter("skill", int, min_value=0, max_value=6, default=0)],
        dice=[12, 12],
        judge=judge,
        contest_symmetric=symmetric,
    )


@pytest.mark.parametrize(
    ("ties", "first", "second"),
    [
        (ContestOutcome.SECOND, Fraction(4895, 10368), Fraction(5473, 10368)),
        (ContestOutcome.FIRST, Fraction(5473, 10368), Fraction(4895, 10368)),
    ],
)
def test_ties_go_to_one_side_by_key_and_by_the_default_rule(
    ties: ContestOutcome, first: Fraction, second: Fraction
) -> None:
    """2d12 + skill, the higher total wins: 289/5184 of equal totals move."""
    for rules in ({"contest_key": lambda check, o: o.value}, {}):
        rs = define_ruleset(
            "ties", "Ties", checks=[_sum_check()], contest_ties=ties, **rules
        )
        a, b = build_check(rs, skill=3), build_check(rs, skill=3)
        odds = contest_odds(rs, a, b)
        assert dict(odds.items()) == {
            ContestOutcome.FIRST: first,
            ContestOutcome.SECOND: second,
        }
        # the same rule on two results: equal totals 10 + 3
        played = rollwerk.contest_result(
            rs,
            a.resolve(rollwerk.ScriptedRng([5, 5])),
            b.resolve(rollwerk.ScriptedRng([4, 6])),
            checks=(a, b),
        )
        assert played.outcome is ties
    # the default rule still decides two outcomes without their checks
    default = define_ruleset(
        "ties", "Ties", checks=[_sum_check()], contest_ties=ContestOutcome.SECOND
    )
    even = Outcome(False, Degree.FAILURE, 9)
    assert rollwerk.resolve_contest(default, even, even) is ContestOutcome.SECOND
    plain = define_ruleset("ties", "Ties", checks=[_sum_check()])
    a = build_check(plain, skill=3)
    assert contest_odds(plain, a, a)[ContestOutcome.TIE] == Fraction(289, 5184)


@pytest.mark.parametrize("keyed", [True, False])
def test_ties_to_one_side_hold_through_the_registry(keyed: bool) -> None:
    """The guard of a registered ruleset keeps who wins equal keys."""
    rules: dict[str, Any] = {"contest_key": lambda check, o: o.value} if keyed else {}
    rs = define_ruleset(
        "ties",
        "Ties",
        checks=[_sum_check(symmetric=False)],
        contest_ties=ContestOutcome.SECOND,
        **rules,
    )
    guarded = Registry(load_entrypoints=False, plugins=[_plugin(rs)]).ruleset("ties")
    a = build_check(guarded, skill=3)
    odds = contest_odds(guarded, a, a)
    assert dict(odds.items()) == {
        ContestOutcome.FIRST: Fraction(4895, 10368),
        ContestOutcome.SECOND: Fraction(5473, 10368),
    }
    assert odds == contest_odds(rs, build_check(rs, skill=3), build_check(rs, skill=3))
    assert rs.contest_ties is guarded.contest_ties is ContestOutcome.SECOND


@pytest.mark.parametrize("keyed", [True, False])
def test_ties_to_one_side_make_the_checks_one_sided(keyed: bool) -> None:
    """define_ruleset declares the checks not symmetric: the kit does not swap."""
    from rollwerk.testing import assert_ruleset_contract

    rules: dict[str, Any] = {"contest_key": lambda check, o: o.value} if keyed else {}
    rs = define_ruleset(
        "ties",
        "Ties",
        checks=[_sum_check(symmetric=True)],
        contest_ties=ContestOutcome.SECOND,
        **rules,
    )
    assert [spec.contest_symmetric for spec in rs.checks()] == [False]
    assert_ruleset_contract(rs, max_examples=2)
    plain = define_ruleset("ties", "Ties", checks=[_sum_check(symmetric=True)])
    assert [spec.contest_symmetric for spec in plain.checks()] == [True]
    assert plain.contest_ties is ContestOutcome.TIE


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            {"contest_ties": ContestOutcome.REROLL},
            (
                "contest_ties must be ContestOutcome.TIE, ContestOutcome.FIRST or "
                "ContestOutcome.SECOND, got <ContestOutcome.REROLL: 'reroll'>"
            ),
        ),
        (
            {"contest_ties": "second"},
            (
                "contest_ties must be ContestOutcome.TIE, ContestOutcome.FIRST or "
                "ContestOutcome.SECOND, got 'second'"
            ),
        ),
        (
            {
                "contest_ties": ContestOutcome.SECOND,
                "contest": lambda a, b: ContestOutcome.TIE,
            },
            (
                "contest_ties must be ContestOutcome.TIE with contest (a rule that "
                "decides ties itself), got <ContestOutcome.SECOND: 'second'>"
            ),
        ),
    ],
)
def test_contest_ties_is_checked(rules: dict[str, Any], message: str) -> None:
    with pytest.raises(rollwerk.ParameterError) as info:
        define_ruleset("ties", "Ties", checks=[_sum_check()], **rules)
    assert str(info.value) == message


def test_the_kit_compares_contest_odds_with_the_played_rule() -> None:
    """Odds computed by key must say what resolve_contest says pair by pair.

    The guard once dropped ``contest_ties`` from the key: ``contest_odds``
    counted ties while ``contest_result`` gave them to the defender.
    """
    import attrs

    from rollwerk.checks import compare
    from rollwerk.testing import ContractViolation, assert_contest_contract

    def rule(first: Outcome, second: Outcome) -> ContestOutcome:
        won = compare(first.value, second.value)
        return ContestOutcome.SECOND if won is ContestOutcome.TIE else won

    rule.contest_key = lambda check, o: o.value  # type: ignore[attr-defined]  # ties lost
    honest = define_ruleset(
        "ties", "Ties", checks=[_sum_check()], contest_ties=ContestOutcome.SECOND
    )
    broken = attrs.evolve(honest, contest_rule=rule)
    a = build_check(broken, skill=3)
    with pytest.raises(ContractViolation) as info:
        assert_contest_contract(broken, a, a)
    assert str(info.value) == (
        "contest ties:check(skill=3) vs ties:check(skill=3): contest_odds gives first "
        "4895/10368, second 4895/10368, tie 289/5184, but the contest rule played "
        "on every pair of outcomes (resolve_contest, contest_result) gives first "
        "4895/10368, second 5473/10368"
    )
    assert_contest_contract(honest, build_check(honest, skill=3), a)


def test_keys_that_do_not_compare_are_the_rules_fault() -> None:
    """A contest key giving an int for some outcomes and a tuple for others.

    Found by a type-confusion fuzz: ``compare(5, None)`` raised Python's
    ``TypeError``; ``compare`` now refuses the keys by name, and a ruleset's
    keys that do not compare are a `CheckFault` (the rules' error, not the
    caller's), through the registry's guard too.
    """
    from rollwerk.checks import compare
    from rollwerk.rng import ScriptedRng
    from rollwerk.rulesets import contest_result

    with pytest.raises(ParameterError) as info:
        compare(5, None)
    assert str(info.value) == (
        "keys must be two keys that compare with each other (numbers, or tuples "
        "of them), got (5, None)"
    )

    def key(check: Any, outcome: Outcome) -> Any:
        return outcome.value if outcome.value else (0,)

    bad = define_ruleset("bad", "Bad", checks=[POOL], contest_key=key)
    guarded = Registry(load_entrypoints=False, plugins=[_plugin(bad)]).ruleset("bad")
    # the guard reports the rule's fault as the plugin's when the rule
    # compares; contest_odds compares the keys itself
    for ruleset, fault_type in ((bad, CheckFault), (guarded, PluginFault)):
        check = build_check(ruleset, dice=1)
        with pytest.raises(CheckFault) as fault:
            contest_odds(ruleset, check, check)
        assert "the contest keys (0,) and 1 do not compare with each other" in str(
            fault.value
        )
        with pytest.raises(fault_type):
            contest_result(
                ruleset,
                check.resolve(ScriptedRng([6])),
                check.resolve(ScriptedRng([1])),
                checks=(check, check),
            )
