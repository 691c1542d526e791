"""Tests of the AdZ check: pools, thresholds, supporters and exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    CheckResult,
    Degree,
    Distribution,
    LimitExceeded,
    Modifier,
    Outcome,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
    build_check,
)
from rollwerk.checks import FaceCheck
from rollwerk.plugins import get_registry
from rollwerk_adz import (
    ADZ,
    CheckKind,
    adz_check,
    chance,
    count_successes,
    pool_of,
    success_chance,
    success_weights,
    successes,
    supporting_dice,
    threshold_of,
)


def brute_force(n: int, t: int, allow: bool = False) -> Fraction:
    if t > n and not allow:
        return Fraction(0)
    need = min(t, n)
    wins = sum(
        1
        for faces in itertools.product(range(1, 7), repeat=n)
        if n >= 1 and count_successes(faces) >= need
    )
    return Fraction(wins, 6**n)


# -- ADZ-R01..R03: counting ------------------------------------------------


def test_adz_r03_counts_fives_and_sixes() -> None:
    """ADZ-R03: a die showing 5 or 6 is one success."""
    assert count_successes([1, 2, 3, 4, 5, 6]) == 2
    assert count_successes([]) == 0


def test_adz_r03_pool_zero_rolls_nothing() -> None:
    """ADZ-R03, ADZ-A02: a pool <= 0 rolls nothing and gives 0 successes."""
    assert successes(0) == Distribution.constant(0)
    # a number of dice is never negative: a pool below 0 is passed as 0
    with pytest.raises(ParameterError) as err:
        successes(-1)
    assert str(err.value) == "n must be a number of dice from 0 to 1000, got -1"
    check = adz_check(dice=2, modifier=-3, allow_impossible=True)
    result = check.resolve(ScriptedRng([]))
    assert (result.success, result.value, result.rolled, result.rolls) == (
        False,
        0,
        False,
        (),
    )


def test_adz_spec_binomial_table() -> None:
    """ADZ §5: the exact P(X = k) table for pools 1 to 5."""
    assert successes(1) == successes(1).from_weights({0: 2, 1: 1})
    assert successes(3)[1] == Fraction(4, 9)
    assert successes(4)[2] == Fraction(8, 27)
    assert [successes(5)[k] for k in range(6)] == [
        Fraction(32, 243),
        Fraction(80, 243),
        Fraction(80, 243),
        Fraction(40, 243),
        Fraction(10, 243),
        Fraction(1, 243),
    ]


@pytest.mark.parametrize(
    ("n", "t", "allow", "p"),
    [
        (1, 1, False, Fraction(1, 3)),
        (2, 1, False, Fraction(5, 9)),
        (3, 1, False, Fraction(19, 27)),
        (2, 2, False, Fraction(1, 9)),
        (3, 2, False, Fraction(7, 27)),
        (4, 2, False, Fraction(11, 27)),
        (5, 2, False, Fraction(131, 243)),
        (3, 3, False, Fraction(1, 27)),
        (5, 3, False, Fraction(17, 81)),
        (2, 3, True, Fraction(1, 9)),
        (2, 3, False, Fraction(0)),
    ],
)
def test_adz_r07_r08_spec_success_probabilities(
    n: int, t: int, allow: bool, p: Fraction
) -> None:
    """ADZ-R07, ADZ-R08: the exact success probabilities of spec §5."""
    assert success_chance(n, t, allow_impossible=allow) == p
    assert chance(adz_check(dice=n, minimum=t, allow_impossible=allow)) == p


@pytest.mark.parametrize(("n", "t"), [(n, t) for n in range(6) for t in range(1, 7)])
@pytest.mark.parametrize("allow", [False, True])
def test_adz_r07_closed_form_matches_enumeration(n: int, t: int, allow: bool) -> None:
    """ADZ-R07/R08: the closed form equals enumeration of every face combination."""
    assert chance(adz_check(dice=n, minimum=t, allow_impossible=allow)) == brute_force(
        n, t, allow
    )


def test_adz_success_weights_closed_form() -> None:
    """ADZ-R03: weights C(n,k) 2^(n-k) over 3^n."""
    assert success_weights(3) == [8, 12, 6, 1]
    assert sum(success_weights(100)) == 3**100


def test_adz_v5_v6_resolution() -> None:
    """ADZ-R07, V5/V6: dice [5, 6, 1, 3] against threshold 2 and 3."""
    r5 = adz_check(dice=4, minimum=2).resolve(ScriptedRng([5, 6, 1, 3]))
    assert (r5.success, r5.value, r5.degree) == (True, 2, Degree.SUCCESS)
    assert r5.explain() == "4 dice [5, 6, 1, 3]: 2 successes at threshold 2: success"
    r6 = adz_check(dice=4, minimum=3).resolve(ScriptedRng([5, 6, 1, 3]))
    assert (r6.success, r6.value, r6.degree) == (False, 2, Degree.FAILURE)
    assert r6.explain("de") == (
        "4 Würfel [5, 6, 1, 3]: 2 Erfolge bei Mindestwurf 3: gescheitert"
    )


def test_adz_v7_impossible_not_rolled() -> None:
    """ADZ-R08, V7: pool 2, threshold 3, GM does not allow: no roll."""
    check = adz_check(dice=2, minimum=3)
    rng = ScriptedRng([])
    result = check.resolve(rng)
    assert rng.used == 0
    assert result.rolls == ()
    assert result.outcome() == Outcome(
        False, Degree.FAILURE, 0, rolled=False, extras={"impossible": True}
    )
    assert (
        result.explain()
        == "threshold 3 is above the pool of 2 dice: impossible, no roll"
    )
    assert result.explain("de") == (
        "Mindestwurf 3 höher als die Würfelanzahl 2: unmöglich, kein Wurf"
    )
    assert check.outcomes().support == (result.outcome(),)


def test_adz_v8_v9_gm_allows_all_dice() -> None:
    """ADZ-R08, V8/V9: the GM-allowed roll needs every die to succeed."""
    check = adz_check(dice=2, minimum=3, allow_impossible=True)
    assert check.resolve(ScriptedRng([5, 6])).success is True
    result = check.resolve(ScriptedRng([6, 4]))
    assert result.success is False
    assert result.explain() == (
        "2 dice [6, 4]: needs every die to succeed (threshold 3 above the pool): "
        "1 success at threshold 3: failure"
    )


def test_adz_a04_allowed_with_pool_zero_fails() -> None:
    """ADZ-A04: a GM-allowed impossible check with pool 0 fails."""
    check = adz_check(dice=0, minimum=1, allow_impossible=True)
    assert chance(check) == 0
    assert check.resolve(ScriptedRng([])).success is False


def test_adz_a25_non_monotone_across_boundary() -> None:
    """ADZ-A25: at threshold 3 pools 1..4 give 1/3, 1/9, 1/27, 1/9."""
    got = [
        chance(adz_check(dice=n, minimum=3, allow_impossible=True))
        for n in (1, 2, 3, 4)
    ]
    assert got == [Fraction(1, 3), Fraction(1, 9), Fraction(1, 27), Fraction(1, 9)]


# -- ADZ-R05, R06, R09: modifiers and supporters ---------------------------


@pytest.mark.parametrize(("points", "dice"), [(1, 1), (3, 1), (4, 2), (7, 3), (10, 4)])
def test_adz_r09_v10_supporting_dice(points: int, dice: int) -> None:
    """ADZ-R09, V10: ceil(points / 3) bonus dice."""
    assert supporting_dice(points) == dice
    assert pool_of(adz_check(dice=3, supporters=(points,))) == 3 + dice


def test_adz_a05_several_supporters() -> None:
    """ADZ-A05: each supporter adds its own ceil(p/3)."""
    check = adz_check(dice=3, kind=CheckKind.SPELL, supporters=(4, 7))
    assert pool_of(check) == 8
    assert check.parameters["supporters"] == "4,7"


def test_adz_r09_v33_attribute_check_takes_no_supporters() -> None:
    """ADZ-R09, V33: attribute checks receive no supporting dice."""
    with pytest.raises(RulesError) as err:
        adz_check(dice=4, kind="attribute", supporters=(4,))
    assert str(err.value) == (
        "supporting dice (support, supporters) must be none for an attribute "
        "check (ADZ-R09: only skill and spell checks receive them), got support=4"
    )
    with pytest.raises(RulesError) as err:
        adz_check(dice=4, kind="attribute", supporters=(4, 7))
    assert str(err.value).endswith("got supporters=4,7")
    assert pool_of(adz_check(dice=4, kind="attribute")) == 4


def test_adz_r09_supporting_points_range() -> None:
    """ADZ-R01/R09: supporting points are 0..10."""
    with pytest.raises(ParameterError) as err:
        supporting_dice(11)
    assert str(err.value) == "supporting points must be an integer from 0 to 10, got 11"


def test_adz_r05_circumstance_modifiers_add_up() -> None:
    """ADZ-R05: final pool = base + supporting dice + all modifiers."""
    check = adz_check(
        dice=5,
        supporters=(4,),
        modifier=-1,
        modifiers=(Modifier(-2, "wounded", "injury"), Modifier(1, "aimed", "dice")),
    )
    assert pool_of(check) == 5 + 2 - 1 - 2 + 1
    assert check.parameters["extra_dice"] == -1


def test_adz_r06_related_skill_raises_threshold() -> None:
    """ADZ-R06: a related skill raises the threshold by at least 1."""
    check = adz_check(
        dice=4, minimum=2, modifiers=(Modifier(1, "related skill", "minimum"),)
    )
    assert threshold_of(check) == 3
    assert chance(check) == success_chance(4, 3)


def test_adz_a03_threshold_at_least_one() -> None:
    """ADZ-A03: the threshold must be at least 1."""
    with pytest.raises(ParameterError) as err:
        adz_check(dice=4, minimum=0)
    assert str(err.value) == "minimum must be an integer >= 1, got 0"
    with pytest.raises(ParameterError) as err:
        adz_check(dice=4, minimum=1, modifiers=(Modifier(-1, "easy", "minimum"),))
    assert str(err.value) == (
        "amount of modifier 'easy' must be an integer >= 1 for kind 'minimum' "
        "(it raises the threshold, ADZ-R06), got -1"
    )


def test_adz_bad_modifier_kind() -> None:
    """ADZ-R05: unknown modifier kinds are refused, not ignored."""
    with pytest.raises(ParameterError) as err:
        adz_check(dice=4, modifiers=(Modifier(1, "sword", "damage"),))
    assert str(err.value).startswith("kind of modifier 'sword' must be one of 'dice'")


def test_adz_limits() -> None:
    """ADZ-R03: pools beyond the documented limit are refused at once."""
    with pytest.raises(ParameterError):
        adz_check(dice=1001)
    with pytest.raises(LimitExceeded) as err:
        adz_check(dice=1000, modifier=5)
    assert str(err.value) == (
        "dice count limit exceeded: 1005 is more than the maximum of 1000 (by 5)"
    )


# -- declared parameters ---------------------------------------------------


def test_adz_ruleset_registered_by_entry_point() -> None:
    """The plugin registers the ruleset `adz` through the entry point."""
    ruleset = get_registry().ruleset("adz")
    assert ruleset.id == "adz"
    assert ruleset.name == "Aera der Zauberey"
    assert ruleset.round_seconds == 3
    assert ruleset.labels["de"]["success"] == "gelungen"


def test_adz_build_check_from_parameters() -> None:
    """ADZ-R03..R09: building the check from declared parameters."""
    check = build_check(ADZ, "check", dice=6, minimum=2, support=4, modifier=-1)
    assert isinstance(check, FaceCheck)
    assert pool_of(check) == 7
    assert check.parameters == {
        "dice": 6,
        "minimum": 2,
        "kind": "skill",
        "support": 4,
        "modifier": -1,
        "allow_impossible": False,
        "luck": 0,
        "luck_policy": "never",
    }
    assert build_check(ADZ, "check", **check.parameters) == check
    with pytest.raises(ParameterError) as err:
        build_check(ADZ, "check", dice=101)
    assert str(err.value) == "dice must be an integer from 0 to 100, got 101"


def test_adz_r34_spell_surplus_extra() -> None:
    """ADZ-R34, A21: spell checks record their surplus successes."""
    check = adz_check(dice=4, minimum=2, kind="spell")
    assert check.resolve(ScriptedRng([5, 6, 6, 1])).extra("surplus") == 1
    assert check.resolve(ScriptedRng([5, 1, 1, 1])).extra("surplus") == 0


# -- invariants ------------------------------------------------------------


@given(
    n=st.integers(0, 12),
    t=st.integers(1, 14),
    allow=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_adz_invariant_result_in_support(
    n: int, t: int, allow: bool, seed: int
) -> None:
    """ADZ §4: 0 <= successes <= pool; results lie in the exact support; replay."""
    check = adz_check(dice=n, minimum=t, allow_impossible=allow)
    result = check.resolve(SeededRng(seed))
    assert 0 <= (result.value or 0) <= n
    assert result.outcome() in check.outcomes().support
    replay = check.resolve(ScriptedRng([r.face for r in result.rolls]))
    assert replay == result
    assert CheckResult.from_json(result.to_json()) == result


@given(n=st.integers(0, 30), t=st.integers(1, 30), allow=st.booleans())
def test_adz_invariant_monotone_in_threshold(n: int, t: int, allow: bool) -> None:
    """ADZ §4: P(success) is non-increasing in the threshold."""
    assert success_chance(n, t, allow_impossible=allow) >= success_chance(
        n, t + 1, allow_impossible=allow
    )


@given(n=st.integers(1, 30), t=st.integers(1, 30))
def test_adz_invariant_monotone_in_pool(n: int, t: int) -> None:
    """ADZ §4: P(success) is non-decreasing in the pool when pool >= threshold."""
    if n >= t:
        assert success_chance(n + 1, t) >= success_chance(n, t)
    assert success_chance(n + 1, t) >= success_chance(n, t)  # without the GM rule
    assert success_chance(t + 5, t, allow_impossible=True) == success_chance(t + 5, t)


# -- review fixes ----------------------------------------------------------


def test_adz_r08_v9_german_explanation_every_die() -> None:
    """ADZ-R08, V9: the German text says every die must be a success."""
    check = adz_check(dice=2, minimum=3, allow_impossible=True)
    assert check.resolve(ScriptedRng([6, 4])).explain("de") == (
        "2 Würfel [6, 4]: jeder Würfel muss ein Erfolg sein (Mindestwurf 3 höher "
        "als die Würfelanzahl): 1 Erfolg bei Mindestwurf 3: gescheitert"
    )


def test_adz_a02_negative_pool_named_in_explanation() -> None:
    """ADZ-A02: a pool below 0 rolls nothing, and the explanation says so."""
    check = adz_check(dice=2, modifier=-5, allow_impossible=True)
    result = check.resolve(ScriptedRng([]))
    assert result.explain() == (
        "pool -3, so 0 dice []: needs every die to succeed (threshold 1 above the "
        "pool): 0 successes at threshold 1: failure"
    )
    assert result.explain("de") == (
        "Würfelanzahl -3, also 0 Würfel []: jeder Würfel muss ein Erfolg sein "
        "(Mindestwurf 1 höher als die Würfelanzahl): 0 Erfolge bei Mindestwurf 1: "
        "gescheitert"
    )
