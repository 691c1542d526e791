"""Comparative checks among many participants: MY-R08, MY-R09, MY-A10."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    ContestOutcome,
    Distribution,
    LimitExceeded,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
    contest_odds,
)
from rollwerk.dice import DieRoll
from rollwerk_mythandria import (
    MAX_PARTICIPANTS,
    MAX_REROLL_PARTICIPANTS,
    RULESET,
    D100Dice,
    comparative_rank,
    compare,
    comparison_check,
    comparison_odds,
    settle,
)

State = tuple[tuple[int, int], frozenset[int]]


def _leaders_by_folding(pws: list[int]) -> Distribution[State]:
    """An independent reference: fold participants into (top rank, leader set)."""
    state: Distribution[State] | None = None
    for i, pw in enumerate(pws):
        ranks = Distribution.uniform(
            (comparative_rank(pw, d), frozenset({i})) for d in range(1, 101)
        )
        if state is None:
            state = ranks
            continue

        def merge(a: State, b: State) -> State:
            if a[0] > b[0]:
                return a
            if b[0] > a[0]:
                return b
            return (a[0], a[1] | b[1])

        state = state.combine(ranks, merge)
    assert state is not None
    return state.map(lambda s: (s[0], s[1]))


def _leader_sets(pws: list[int]) -> dict[frozenset[int], Fraction]:
    out: dict[frozenset[int], Fraction] = {}
    for (_, leaders), p in _leaders_by_folding(pws).items():
        out[leaders] = out.get(leaders, Fraction(0)) + p
    return out


@pytest.mark.parametrize(
    ("pws", "win", "tie"),
    [
        ([50, 50], (Fraction(99, 200),) * 2, Fraction(1, 100)),
        ([60, 50], (Fraction(5887, 10000), Fraction(161, 400)), Fraction(11, 1250)),
        ([100, 0], (Fraction(9803, 10000), Fraction(197, 10000)), Fraction(0)),
    ],
)
def test_my_r08_r09_two_participant_vectors(
    pws: list[int], win: tuple[Fraction, ...], tie: Fraction
) -> None:
    """MY-R08 / MY-R09, section 5: the sweep reproduces the enumerated odds."""
    odds = comparison_odds(pws)
    assert odds.win == win
    assert odds.any_tie == tie
    assert odds.tie == (tie, tie)
    assert odds.loss == (win[1], win[0])


@pytest.mark.parametrize(
    "pws",
    [[50, 60, 70], [10, 10, 95], [0, 97, 50], [35, 35, 35], [-20, 130, 60, 60]],
)
def test_my_r08_sweep_matches_independent_fold(pws: list[int]) -> None:
    """MY-R08 / MY-A10: sweep and tie sets agree with a fold over participants."""
    sets = _leader_sets(pws)
    odds = comparison_odds(pws)
    for i in range(len(pws)):
        assert odds.win[i] == sets.get(frozenset({i}), Fraction(0))
        assert odds.tie[i] == sum(
            (p for s, p in sets.items() if i in s and len(s) > 1), Fraction(0)
        )
    assert odds.tie_sets() == {s: p for s, p in sets.items() if len(s) > 1}
    assert sum(odds.win, Fraction(0)) + sum(odds.tie_sets().values()) == 1


def test_my_r08_two_participants_match_contest_odds() -> None:
    """MY-R08: for two participants the sweep equals the ruleset's contest."""
    rs = RULESET
    for pw_a, pw_b in [(40, 75), (-30, 10), (200, 150)]:
        contest = contest_odds(rs, comparison_check(pw_a), comparison_check(pw_b))
        odds = comparison_odds([pw_a, pw_b])
        assert odds.win == (
            contest.probability(ContestOutcome.FIRST),
            contest.probability(ContestOutcome.SECOND),
        )
        assert odds.any_tie == contest.probability(ContestOutcome.TIE)


@given(pw=st.integers(-200, 300), n=st.integers(2, 6))
def test_my_r08_equal_pw_equal_chances(pw: int, n: int) -> None:
    """MY-R08 invariant: with equal pw every participant wins with equal probability."""
    odds = comparison_odds([pw] * n)
    assert len(set(odds.win)) == 1
    assert odds.win_after_rerolls() == (Fraction(1, n),) * n


@given(
    pws=st.lists(st.integers(-150, 250), min_size=2, max_size=5),
    who=st.integers(0, 4),
    raise_by=st.integers(1, 120),
)
def test_my_r08_raising_pw_never_lowers_winning(
    pws: list[int], who: int, raise_by: int
) -> None:
    """MY-R08 invariant: raising one participant's pw never lowers their chances."""
    who %= len(pws)
    before = comparison_odds(pws)
    higher = list(pws)
    higher[who] += raise_by
    after = comparison_odds(higher)
    assert after.win[who] >= before.win[who]
    assert after.win_after_rerolls()[who] >= before.win_after_rerolls()[who]


@given(pws=st.lists(st.integers(-150, 250), min_size=2, max_size=5))
def test_my_r09_reroll_odds_are_a_distribution(pws: list[int]) -> None:
    """MY-R09 / MY-A10: eventual winning chances with rerolls sum to exactly 1."""
    odds = comparison_odds(pws)
    eventual = odds.win_after_rerolls()
    assert sum(eventual, Fraction(0)) == 1
    for i in range(len(pws)):
        assert odds.win[i] <= eventual[i] <= odds.win[i] + odds.tie[i]


def test_my_r09_two_participant_reroll_closed_form() -> None:
    """MY-R09: with two participants, a reroll splits the tie in proportion."""
    odds = comparison_odds([60, 50])
    a, b = odds.win_after_rerolls()
    assert a == odds.win[0] / (1 - odds.any_tie)
    assert b == odds.win[1] / (1 - odds.any_tie)
    assert a == Fraction(5887, 9912)


def test_my_r09_three_participant_reroll_vector() -> None:
    """MY-R09 / MY-A10: a three-way example, rerolling only the tied subset."""
    eventual = comparison_odds([50, 50, 0]).win_after_rerolls()
    assert eventual[0] == eventual[1]
    assert sum(eventual, Fraction(0)) == 1
    # reference: the weak participant's chance from the fold's leader sets and
    # the two-participant reroll odds of the subsets it can tie with
    sets = _leader_sets([50, 50, 0])
    two = comparison_odds([50, 0]).win_after_rerolls()
    alone = sets[frozenset({2})]
    pairs = sets[frozenset({0, 2})] + sets[frozenset({1, 2})]
    everyone = sets[frozenset({0, 1, 2})]
    assert everyone > 0
    assert eventual[2] == (alone + pairs * two[1]) / (1 - everyone)


def test_my_r08_many_participants_are_fast_and_exact() -> None:
    """MY-R08: 200 participants are handled by the sweep, never by 100ⁿ cases."""
    pws = [i % 120 for i in range(200)]
    odds = comparison_odds(pws)
    assert sum(odds.win, Fraction(0)) + odds.any_tie == 1
    assert odds.win[119] == max(odds.win)


def test_my_r08_limits_and_bad_values() -> None:
    """MY-R08: limits are checked before any work; bad values are refused."""
    with pytest.raises(ParameterError) as info:
        comparison_odds([50])
    assert str(info.value) == "pws must be at least 2 check values, got [50]"
    with pytest.raises(ParameterError) as info:
        comparison_odds([50, "x"])  # type: ignore[list-item]
    assert str(info.value) == "pws[1] must be an integer, got 'x'"
    with pytest.raises(LimitExceeded) as exc:
        comparison_odds([0] * (MAX_PARTICIPANTS + 1))
    assert str(exc.value) == (
        "participant count limit exceeded: 1001 is more than the maximum of 1000 (by 1)"
    )
    big = comparison_odds([0] * (MAX_REROLL_PARTICIPANTS + 1))
    with pytest.raises(LimitExceeded) as exc:
        big.win_after_rerolls()
    assert str(exc.value) == (
        "participant count for reroll odds limit exceeded: 11 is more than the "
        "maximum of 10 (by 1)"
    )
    with pytest.raises(LimitExceeded):
        big.tie_sets()


# -- resolving rounds -----------------------------------------------------------


def test_my_r08_v15_round_with_scripted_rng() -> None:
    """MY-R08 / V15: A pw 50 rolls 30 (80), B pw 60 rolls 25 (85): B wins."""
    round1 = compare([50, 60], ScriptedRng([30, 25]))
    assert round1.winner == 1
    assert round1.leaders == (1,)
    assert not round1.tied
    assert [r.value for r in round1.results] == [80, 85]
    assert round1.rolls == (
        DieRoll(100, 30, "comparison"),
        DieRoll(100, 25, "comparison"),
    )
    assert round1.explain() == (
        "#0: d100 rolled 30 + PW 50 = 80: ordinary result; "
        "#1: d100 rolled 25 + PW 60 = 85: ordinary result; #1 wins"
    )
    assert round1.explain("de").endswith("#1 gewinnt")


def test_my_r09_v20_tie_and_reroll_among_the_tied() -> None:
    """MY-R09 / MY-A10 / V20: A and B tie at 90; only they roll again."""
    round1 = compare([50, 40, 10], ScriptedRng([40, 50, 60]))
    assert round1.leaders == (0, 1)
    assert round1.winner is None
    assert round1.explain().endswith(
        "tie between #0, #1: the GM decides or they roll again"
    )
    assert round1.explain("de").endswith(
        "Gleichstand zwischen #0, #1: die Spielleitung entscheidet oder sie würfeln erneut"
    )
    rng = ScriptedRng([20, 45])
    round2 = round1.reroll_tied(rng)
    assert rng.remaining == 0
    assert round2.participants == (0, 1)
    assert round2.pws == (50, 40)
    assert round2.winner == 1
    with pytest.raises(RulesError) as info:
        round2.reroll_tied(rng)
    assert str(info.value) == "reroll_tied needs a tie, but participant #1 leads alone"


def test_my_r09_settle_with_gm_and_rerolls() -> None:
    """MY-R09 / MY-A10: the GM callback decides a tie, or the tied reroll."""
    by_gm = settle([50, 40], ScriptedRng([40, 50]), gm=lambda tied: tied[1])
    assert (by_gm.winner, by_gm.decided_by_gm, len(by_gm.rounds)) == (1, True, 1)
    rerolled = settle([50, 40], ScriptedRng([40, 50, 1, 1, 30, 30]))
    assert rerolled.winner == 0  # 2nd round: both 1 → 51 vs 41, A leads
    assert len(rerolled.rounds) == 2
    assert [r.face for r in rerolled.rolls] == [40, 50, 1, 1]
    with pytest.raises(RulesError) as info:
        settle([50, 40, 0], ScriptedRng([40, 50, 2]), gm=lambda tied: 2)
    assert str(info.value) == "the GM must choose one of the tied leaders [0, 1], got 2"


@given(
    seed=st.integers(0, 2**32),
    pws=st.lists(st.integers(-50, 150), min_size=2, max_size=6),
)
def test_my_r09_settle_replays_and_ends_with_one_winner(
    seed: int, pws: list[int]
) -> None:
    """MY-R09: a settled comparison has one winner and replays from its rolls."""
    settled = settle(pws, SeededRng(seed), dice=D100Dice.TWO_D10)
    assert settled.winner in settled.rounds[-1].leaders
    assert len(settled.rounds[-1].leaders) == 1
    replay = settle(pws, ScriptedRng([r.face for r in settled.rolls]), dice="2d10")
    assert replay == settled


@pytest.mark.parametrize(
    "pws", [[0, 0], [60, 50], [97, 0], [98, 0], [-5, 3], [99, 2], [-200, 300]]
)
def test_my_r08_r09_two_participants_match_brute_force(pws: list[int]) -> None:
    """MY-R08 / MY-R09: win and tie odds equal a walk over all 100 × 100 faces."""
    win = [0, 0]
    ties = 0
    for d_a in range(1, 101):
        rank_a = comparative_rank(pws[0], d_a)
        for d_b in range(1, 101):
            rank_b = comparative_rank(pws[1], d_b)
            if rank_a > rank_b:
                win[0] += 1
            elif rank_b > rank_a:
                win[1] += 1
            else:
                ties += 1
    odds = comparison_odds(pws)
    assert odds.win == (Fraction(win[0], 10000), Fraction(win[1], 10000))
    assert odds.tie == (Fraction(ties, 10000),) * 2
    assert odds.tie_sets() == (
        {frozenset({0, 1}): Fraction(ties, 10000)} if ties else {}
    )
