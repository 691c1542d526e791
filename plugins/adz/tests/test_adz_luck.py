"""Tests of the luck pool (ADZ-R11, A08, A26)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError, RulesError, ScriptedRng, SeededRng, build_check
from rollwerk_adz import (
    ADZ,
    LuckPolicy,
    LuckPool,
    adz_check,
    chance,
    count_successes,
    spend_luck,
    success_chance,
)


def test_adz_r11_v17_pool_shrinks_by_one_per_use() -> None:
    """ADZ-R11, V17: luck 3 on three checks gives +3, +2, +1; the pool ends at 0."""
    pool = LuckPool(3)
    extra = []
    while pool.can_spend:
        dice, pool = pool.spend()
        extra.append(dice)
    assert extra == [3, 2, 1]
    assert pool == LuckPool(0)


@given(st.integers(0, 10))
def test_adz_r11_invariant_full_pool_gives_triangular_dice(g: int) -> None:
    """ADZ §4: spending G down to 0 gives G(G+1)/2 dice; never below 0."""
    pool, total = LuckPool(g), 0
    while pool.can_spend:
        dice, pool = pool.spend()
        total += dice
    assert total == g * (g + 1) // 2
    assert pool.value == 0


def test_adz_a08_empty_pool_cannot_be_spent() -> None:
    """ADZ-A08: a pool of 0 cannot be used; refills restore GL."""
    with pytest.raises(RulesError) as err:
        LuckPool(0).spend()
    assert str(err.value) == "luck pool must hold at least 1 to be spent, got 0"
    assert LuckPool(0).refill(5) == LuckPool(5)
    with pytest.raises(ParameterError) as perr:
        LuckPool(-1)
    assert str(perr.value) == "luck pool must be an integer >= 0, got -1"


def test_adz_r11_spend_after_seeing_the_roll() -> None:
    """ADZ-R11: luck is spent after the roll and adds its successes."""
    check = adz_check(dice=3, minimum=2)
    first = check.resolve(ScriptedRng([5, 1, 2]))
    assert first.success is False
    better, pool = spend_luck(check, first, LuckPool(2), ScriptedRng([6, 3]))
    assert (better.success, better.value, pool.value) == (True, 2, 1)
    assert [r.role for r in better.rolls] == ["check"] * 3 + ["luck"] * 2
    assert better.extra("luck_dice") == 2
    assert better.explain() == (
        "3 dice [5, 1, 2] + 2 luck [6, 3]: 2 successes at threshold 2: success"
    )
    assert better.explain("de") == (
        "3 Würfel [5, 1, 2] + 2 Glückswürfel [6, 3]: 2 Erfolge bei Mindestwurf 2: "
        "gelungen"
    )
    with pytest.raises(RulesError) as err:
        spend_luck(check, better, pool, ScriptedRng([6]))
    assert str(err.value) == "luck must be spent at most once per check (ADZ-A08)"


def test_adz_a26_no_luck_without_a_roll() -> None:
    """ADZ-A26: without the GM's permission there is no roll and no luck."""
    check = adz_check(dice=2, minimum=3)
    result = check.resolve(ScriptedRng([]))
    with pytest.raises(RulesError):
        spend_luck(check, result, LuckPool(2), ScriptedRng([6, 6]))


def test_adz_a26_v31_luck_closes_gap_counts_normally() -> None:
    """ADZ-A26, V31: pool 2 + luck 2 >= threshold 3: count normally; 2 < 3 fails."""
    check = adz_check(dice=2, minimum=3, allow_impossible=True)
    first = check.resolve(ScriptedRng([5, 2]))
    assert first.success is False
    result, _ = spend_luck(check, first, LuckPool(2), ScriptedRng([6, 1]))
    assert (result.success, result.value) == (False, 2)
    policy = adz_check(
        dice=2, minimum=3, allow_impossible=True, luck=2, luck_policy="on_failure"
    )
    replay = policy.resolve(ScriptedRng([5, 2, 6, 1]))
    assert (replay.success, replay.value, replay.extra("luck_dice")) == (False, 2, 2)


def test_adz_a26_v32_luck_success() -> None:
    """ADZ-A26, V32: as V31 with luck dice [6, 5]: 3 successes, success."""
    check = adz_check(dice=2, minimum=3, allow_impossible=True)
    first = check.resolve(ScriptedRng([5, 2]))
    result, pool = spend_luck(check, first, LuckPool(2), ScriptedRng([6, 5]))
    assert (result.success, result.value, pool.value) == (True, 3, 1)


def test_adz_a26_gap_not_closed_needs_every_die() -> None:
    """ADZ-A26: pool + L < threshold: every die, luck included, must succeed."""
    check = adz_check(dice=1, minimum=4, allow_impossible=True)
    first = check.resolve(ScriptedRng([5]))
    assert first.success is True  # R08: the single die succeeded
    check2 = adz_check(
        dice=1, minimum=4, allow_impossible=True, luck=2, luck_policy="always"
    )
    assert check2.resolve(ScriptedRng([4, 6, 5])).success is False
    assert check2.resolve(ScriptedRng([4, 6, 4])).success is False
    assert check2.resolve(ScriptedRng([5, 6, 5])).success is True


def test_adz_r11_luck_never_turns_a_success_into_a_failure() -> None:
    """ADZ-R11 (seed: "zur Verbesserung von Probenergebnissen", bonus dice).

    helper-h213: under ADZ-A26's every-die rule, luck spent on a roll that
    had succeeded (``luck_policy="always"``, or ``spend_luck`` by hand)
    made it fail when a luck die failed; with one luck die the chance of
    ``always`` fell from 1/9 to 1/27. The seed's luck improves a result
    and A26's own reason says luck never lowers the chance, so the roll
    that succeeded stays a success; the luck dice still count towards the
    successes.
    """
    check = adz_check(dice=2, minimum=3, allow_impossible=True)
    first = check.resolve(ScriptedRng([5, 6]))
    assert first.success is True
    result, pool = spend_luck(check, first, LuckPool(1), ScriptedRng([1]))
    assert (result.success, result.value, pool.value) == (True, 2, 0)
    assert result.explain() == (
        "2 dice [5, 6] + 1 luck [1]: 2 successes at threshold 3: success"
    )
    always = adz_check(
        dice=2, minimum=3, allow_impossible=True, luck=1, luck_policy="always"
    )
    replay = always.resolve(ScriptedRng([5, 6, 1]))
    assert (replay.success, replay.value) == (True, 2)
    assert chance(always) == Fraction(1, 9) == chance(check)
    one = adz_check(
        dice=1, minimum=2, allow_impossible=True, luck=1, luck_policy="always"
    )
    assert one.resolve(ScriptedRng([6, 2])).success is True
    assert chance(one) == Fraction(1, 3)


@given(
    n=st.integers(1, 6),
    luck=st.integers(1, 10),
    t=st.integers(1, 12),
    policy=st.sampled_from(["on_failure", "always"]),
)
def test_adz_r11_luck_never_lowers_the_chance(
    n: int, luck: int, t: int, policy: str
) -> None:
    """ADZ-R11, A26: spending luck never lowers the chance of success."""
    without = adz_check(dice=n, minimum=t, allow_impossible=True)
    spent = adz_check(
        dice=n, minimum=t, allow_impossible=True, luck=luck, luck_policy=policy
    )
    assert chance(spent) >= chance(without)


def test_adz_spec_luck_probability() -> None:
    """ADZ §5: n = 2, L = 2, t = 2 spent on failure gives 11/27, like n = 4."""
    check = adz_check(dice=2, minimum=2, luck=2, luck_policy=LuckPolicy.ON_FAILURE)
    assert chance(check) == Fraction(11, 27) == success_chance(4, 2)


@given(n=st.integers(1, 15), luck=st.integers(0, 10), t=st.integers(1, 15))
def test_adz_r11_invariant_luck_on_failure_equals_bigger_pool(
    n: int, luck: int, t: int
) -> None:
    """ADZ §4: for t <= n, luck spent on failure gives P(X_{n+L} >= t)."""
    check = adz_check(dice=n, minimum=t, luck=luck, luck_policy="on_failure")
    if t <= n:
        assert chance(check) == success_chance(n + luck, t)
    assert chance(check) >= chance(adz_check(dice=n, minimum=t))


@given(n=st.integers(0, 6), luck=st.integers(0, 6), t=st.integers(1, 9))
def test_adz_a26_invariant_luck_never_lowers_chance(n: int, luck: int, t: int) -> None:
    """ADZ-A26: luck spent after seeing the roll never lowers the chance."""
    plain = adz_check(dice=n, minimum=t, allow_impossible=True)
    lucky = adz_check(
        dice=n, minimum=t, allow_impossible=True, luck=luck, luck_policy="on_failure"
    )
    assert chance(lucky) >= chance(plain)


@pytest.mark.parametrize(
    ("n", "luck", "t"), [(2, 2, 3), (1, 2, 4), (2, 1, 2), (0, 2, 1)]
)
@pytest.mark.parametrize("policy", ["on_failure", "always"])
def test_adz_r11_luck_odds_match_enumeration(
    n: int, luck: int, t: int, policy: str
) -> None:
    """ADZ-R11, A26: exact luck odds equal enumeration of all faces."""
    check = adz_check(
        dice=n, minimum=t, allow_impossible=True, luck=luck, luck_policy=policy
    )
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=n + luck):
        if check.resolve(ScriptedRng(faces)).success:
            wins += 1
    # Faces not used by a roll that does not spend luck are counted 6**unused times.
    assert chance(check) == Fraction(wins, 6 ** (n + luck))


@given(
    n=st.integers(0, 8),
    luck=st.integers(0, 4),
    t=st.integers(1, 10),
    policy=st.sampled_from(["never", "on_failure", "always"]),
    seed=st.integers(0, 2**32),
)
def test_adz_r11_luck_results_in_support(
    n: int, luck: int, t: int, policy: str, seed: int
) -> None:
    """ADZ-R11: every resolved result with luck lies in the exact support."""
    check = build_check(
        ADZ,
        "check",
        dice=n,
        minimum=t,
        luck=luck,
        luck_policy=policy,
        allow_impossible=True,
    )
    result = check.resolve(SeededRng(seed))
    assert result.outcome() in check.outcomes().support
    assert check.resolve(ScriptedRng([r.face for r in result.rolls])) == result
    assert count_successes(r.face for r in result.rolls) == result.value


def _brute_force_luck(n: int, t: int, allow: bool, luck: int, policy: str) -> Fraction:
    """An independent model of ADZ-R08, R11, A04, A26 over every face."""
    if t > max(n, 0) and not allow:
        return Fraction(0)
    n = max(n, 0)
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=n + luck):
        hits = [face >= 5 for face in faces]
        first = n >= 1 and sum(hits[:n]) >= min(t, n)
        # no luck on a pool that rolls no die (ADZ-R11, A02)
        spend = (
            n >= 1
            and luck > 0
            and (policy == "always" or (policy == "on_failure" and not first))
        )
        if spend:  # a roll that succeeded stays a success (ADZ-R11, A26)
            wins += first or sum(hits) >= min(t, n + luck)
        else:
            wins += first
    return Fraction(wins, 6 ** (n + luck))


@pytest.mark.parametrize("policy", ["never", "on_failure", "always"])
@pytest.mark.parametrize("allow", [False, True])
def test_adz_r11_a26_luck_odds_match_independent_brute_force(
    policy: str, allow: bool
) -> None:
    """ADZ-R11, A26: exact luck odds per policy equal an independent brute force."""
    for n in range(-1, 4):
        for luck in range(3):
            for t in range(1, 6):
                check = adz_check(
                    dice=max(n, 0),
                    modifier=min(n, 0),
                    minimum=t,
                    allow_impossible=allow,
                    luck=luck,
                    luck_policy=policy,
                )
                assert chance(check) == _brute_force_luck(n, t, allow, luck, policy), (
                    n,
                    luck,
                    t,
                )


def test_adz_r11_r35_no_luck_on_a_trivial_spell() -> None:
    """ADZ-R11, R35: luck is spent after a roll; a waived trivial spell has none."""
    from rollwerk_adz import trivial_result

    check = adz_check(dice=3, kind="spell")
    waived = trivial_result(check)
    with pytest.raises(RulesError) as err:
        spend_luck(check, waived, LuckPool(2), ScriptedRng([6, 6]))
    assert str(err.value) == (
        "luck must be spent on a rolled check, got a trivial spell that was not "
        "rolled (ADZ-R11, R35: ask to roll instead)"
    )
