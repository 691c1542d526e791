"""Exact fight odds (issue 21): the chain against brute force, simulation and the CLI.

All on the toy ruleset's fight rules (core tests import no plugin): a
creature has ``hits``, ``speed``, ``attacks`` and ``sharp``; each attack
deals 0 or 1 (2 when sharp), each with chance 1/2.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk.analysis import (
    FIGHT_BUDGET,
    Fighter,
    FightResult,
    FightRules,
    fight,
    fight_work,
)
from rollwerk.analysis._fight import _Side, _Steps
from rollwerk.cli import main
from rollwerk.distribution import Distribution
from rollwerk.errors import LimitExceeded, ParameterError
from rollwerk.plugins import Registry
from rollwerk.rng import Rng, SeededRng
from rollwerk.testing import (
    ContractViolation,
    assert_fight_frequencies,
    examples,
    simulate_fight,
)
from rollwerk.testing.examples import ToyFightRules

RULES = ToyFightRules()


def test_toy_rules_are_fight_rules():
    assert isinstance(RULES, FightRules)


def test_one_round_by_hand():
    # The faster first side hits with 1/2 and wins; else the second hits with 1/2.
    result = fight(RULES, {"hits": 1, "speed": 1}, {"hits": 1}, max_rounds=1)
    assert result.first_acts_first == 1
    assert (result.first, result.second, result.undecided) == (
        Fraction(1, 2),
        Fraction(1, 4),
        Fraction(1, 4),
    )
    assert result.rounds == {1: Fraction(3, 4)}
    assert result.first_health == {0: Fraction(1, 4), 1: Fraction(3, 4)}
    assert result.second_health == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert result.draw == 0


def test_an_endless_duel_in_closed_form():
    # 1 hit each, the first always first: it wins with 1/2 + 1/4 · (its chance again)
    # = 2/3 in the limit; after n rounds (3/4)^n... is left undecided.
    result = fight(RULES, {"hits": 1, "speed": 1}, {"hits": 1}, max_rounds=30)
    assert result.undecided == Fraction(1, 4) ** 30
    assert result.first == Fraction(2, 3) * (1 - Fraction(1, 4) ** 30)
    assert result.rounds[7] == Fraction(3, 4) * Fraction(1, 4) ** 6
    assert result.expected_health("first") == result.first + result.undecided
    assert result.expected_rounds() == sum(n * p for n, p in result.rounds.items()) / (
        1 - result.undecided
    )


def _brute(
    first: dict[str, object],
    second: dict[str, object],
    counts: tuple[int, int],
    max_rounds: int,
    rules: ToyFightRules = RULES,
) -> Counter[tuple[str, int, int, int]]:
    """Every attack of every turn enumerated, creature by creature.

    Independent of the chain's state encoding: each side is a list of its
    creatures' health; returns P(winner, round, health left of each side).
    """
    fighters = (rules.fighter(first), rules.fighter(second))
    out: Counter[tuple[str, int, int, int]] = Counter()

    def _turn(sides, actor, weight):
        target = 1 - actor
        k = sum(1 for h in sides[actor] if h > 0)
        m = rules.attacks(fighters[actor])
        states = [(sides, weight, -1, 0)]
        for _ in range(k):
            for j in range(m):
                nxt = []
                for s, w, was_front, was_faced in states:
                    alive = [x for x, h in enumerate(s[target]) if h > 0]
                    if not alive:
                        nxt.append((s, w, was_front, was_faced))
                        continue
                    front, faced = alive[0], was_faced
                    if front != was_front:
                        faced = 0
                    dist = rules.damage(
                        fighters[actor], fighters[target], attack=j, faced=faced
                    )
                    for d, p in dist.items():
                        hit = list(s[target])
                        hit[front] -= d
                        s2 = [list(s[0]), list(s[1])]
                        s2[target] = hit
                        nxt.append((s2, w * p, front, faced + 1))
                states = nxt
        for s, w, _, _ in states:
            yield s, w

    def left(side):
        return sum(max(h, 0) for h in side)

    def play(order, weight):
        frontier = [
            (
                [[fighters[0].health] * counts[0], [fighters[1].health] * counts[1]],
                weight,
            )
        ]
        for n in range(1, max_rounds + 1):
            for actor in order:
                nxt = []
                for s, w in frontier:
                    for s2, w2 in _turn(s, actor, w):
                        if all(h <= 0 for h in s2[1 - actor]):
                            out[
                                ("first", "second")[actor], n, left(s2[0]), left(s2[1])
                            ] += w2
                        else:
                            nxt.append((s2, w2))
                frontier = nxt
        for s, w in frontier:
            out["undecided", max_rounds, left(s[0]), left(s[1])] += w

    p = rules.initiative(*fighters)
    if p:
        play((0, 1), p)
    if p != 1:
        play((1, 0), 1 - p)
    return out


def _summary(brute: Counter[tuple[str, int, int, int]]) -> dict[str, object]:
    def total(pred) -> Fraction:
        return sum((p for k, p in brute.items() if pred(k)), Fraction(0))

    rounds: dict[int, Fraction] = {}
    h1: dict[int, Fraction] = {}
    h2: dict[int, Fraction] = {}
    for (who, n, a, b), p in brute.items():
        if who != "undecided":
            rounds[n] = rounds.get(n, Fraction(0)) + p
        h1[a] = h1.get(a, Fraction(0)) + p
        h2[b] = h2.get(b, Fraction(0)) + p
    return {
        "first": total(lambda k: k[0] == "first"),
        "second": total(lambda k: k[0] == "second"),
        "undecided": total(lambda k: k[0] == "undecided"),
        "rounds": {n: p for n, p in sorted(rounds.items()) if p},
        "first_health": dict(sorted(h1.items())),
        "second_health": dict(sorted(h2.items())),
    }


def _of(result: FightResult) -> dict[str, object]:
    return {
        "first": result.first,
        "second": result.second,
        "undecided": result.undecided,
        "rounds": dict(result.rounds),
        "first_health": dict(result.first_health),
        "second_health": dict(result.second_health),
    }


sides = st.fixed_dictionaries(
    {
        "hits": st.integers(1, 3),
        "speed": st.integers(0, 1),
        "attacks": st.integers(1, 2),
        "sharp": st.booleans(),
    }
)


@settings(max_examples=40, deadline=None)
@given(
    first=sides,
    second=sides,
    counts=st.tuples(st.integers(1, 2), st.integers(1, 2)),
    max_rounds=st.integers(1, 3),
)
def test_the_chain_equals_exhaustive_enumeration(first, second, counts, max_rounds):
    result = fight(
        RULES,
        first,
        second,
        first_count=counts[0],
        second_count=counts[1],
        max_rounds=max_rounds,
    )
    assert _of(result) == _summary(_brute(first, second, counts, max_rounds))
    assert result.first + result.second + result.undecided == 1
    assert sum(result.rounds.values()) + result.undecided == 1


class _Guarded(ToyFightRules):
    """Toy rules whose damage depends on the attacks the target has faced.

    The first attack on a creature in a turn hits 1/2 of the time, the
    second 1/3, every later one always: the chain tells states apart by the
    attacks faced up to 2, and from there on no damage changes.
    """

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        hit = 2 if actor.parameters["sharp"] else 1
        if faced == 0:
            return Distribution.uniform([0, hit])
        if faced == 1:
            return Distribution.uniform([0, 0, hit])
        return Distribution.uniform([hit])


GUARDED = _Guarded()


@settings(max_examples=30, deadline=None)
@given(
    first=sides,
    second=sides,
    counts=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    max_rounds=st.integers(1, 2),
)
def test_damage_that_depends_on_attacks_faced_equals_exhaustive_enumeration(
    first, second, counts, max_rounds
):
    result = fight(
        GUARDED,
        first,
        second,
        first_count=counts[0],
        second_count=counts[1],
        max_rounds=max_rounds,
    )
    brute = _brute(first, second, counts, max_rounds, rules=GUARDED)
    assert _of(result) == _summary(brute)


def test_attacks_faced_are_told_apart_only_while_damage_changes():
    a = RULES.fighter({"hits": 3, "attacks": 2})
    toy = _Steps(RULES, _Side(a, 3), _Side(a, 3))
    assert toy.faced_cap() == 0  # the toy's damage ignores it: no split
    guarded = _Steps(GUARDED, _Side(a, 3), _Side(a, 3))
    assert guarded.faced_cap() == 2
    # one attack a creature: the cap is below what a side's creatures make
    one = GUARDED.fighter({"hits": 3})
    assert _Steps(GUARDED, _Side(one, 2), _Side(one, 1)).faced_cap() == 1
    assert _Steps(GUARDED, _Side(one, 1), _Side(one, 1)).faced_cap() == 0


@settings(max_examples=25, deadline=None)
@given(first=sides, second=sides, max_rounds=st.integers(1, 12))
def test_the_duel_shortcut_equals_the_full_chain(first, second, max_rounds):
    # One creature a side takes two independent chains; the general chain must agree.
    fast = fight(RULES, first, second, max_rounds=max_rounds)
    full = fight(RULES, first, second, max_rounds=max_rounds, _chain_only=True)
    assert fast == full


def _toy_strike(first: Fighter, second: Fighter):
    def strike(side: int, attack: int, faced: int, rng: Rng) -> int:
        actor = (first, second)[side]
        return (2 if actor.parameters["sharp"] else 1) if rng.roll(2) == 2 else 0

    return strike


def _toy_first(first: Fighter, second: Fighter):
    def first_acts_first(rng: Rng) -> bool:
        a, b = first.parameters["speed"], second.parameters["speed"]
        return a > b if a != b else rng.roll(2) == 1

    return first_acts_first


@settings(max_examples=8, deadline=None)
@given(
    first=sides,
    second=sides,
    counts=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_chain_agrees_with_a_simulation(first, second, counts, seed):
    # 2000 fights played die by die; false-alarm rate at most 1e-6 per example
    # (Chernoff-Hoeffding bound with a union bound over the events).
    a, b = RULES.fighter(first), RULES.fighter(second)
    result = fight(
        RULES, a, b, first_count=counts[0], second_count=counts[1], max_rounds=8
    )
    rng = SeededRng(seed)
    fights = [
        simulate_fight(
            rng,
            health=(a.health, b.health),
            count=counts,
            attacks=(RULES.attacks(a), RULES.attacks(b)),
            first_acts_first=_toy_first(a, b),
            strike=_toy_strike(a, b),
            max_rounds=8,
        )
        for _ in range(2000)
    ]
    assert_fight_frequencies(result, fights)


def test_the_frequency_check_catches_wrong_rules():
    a, b = RULES.fighter({"hits": 2}), RULES.fighter({"hits": 2, "sharp": True})
    result = fight(RULES, a, b, max_rounds=8)
    rng = SeededRng(7)
    # a simulation where the second side's sharp hits deal only 1
    fights = [
        simulate_fight(
            rng,
            health=(2, 2),
            first_acts_first=_toy_first(a, b),
            strike=lambda side, j, f, r: 1 if r.roll(2) == 2 else 0,
            max_rounds=8,
        )
        for _ in range(2000)
    ]
    with pytest.raises(ContractViolation, match="the first side wins"):
        assert_fight_frequencies(result, fights)


def test_several_creatures_focus_the_front_and_lose_overflow():
    # Two creatures of 1 hit against a sharp fighter that always acts first:
    # a sharp hit fells one creature, its second point is lost.
    result = fight(
        RULES,
        {"hits": 5, "speed": 1, "sharp": True},
        {"hits": 1},
        second_count=2,
        max_rounds=1,
    )
    # round 1: first hits (1/2) -> one left, which hits 1/2; or misses -> two hit.
    assert result.first == 0
    assert result.second_health == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert result.first_health == {
        3: Fraction(1, 8),
        4: Fraction(1, 2) * Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2),
        5: Fraction(1, 4) + Fraction(1, 8),
    }


def test_the_budget_is_checked_before_work():
    a = RULES.fighter({"hits": 1000})
    work = fight_work(RULES, a, a, first_count=100, second_count=100, max_rounds=100)
    assert work > FIGHT_BUDGET
    with pytest.raises(LimitExceeded) as info:
        fight(RULES, a, a, first_count=100, second_count=100)
    assert str(info.value).startswith(
        "fight work (100000 × 100000 = 10000000000 states of remaining health, "
        "× damage outcomes a round, × 100 rounds; a lower round cap, less "
        "health or fewer creatures make it smaller) limit exceeded: "
    )
    assert info.value.value == work


def test_long_round_caps_cost_more_per_round():
    """Exact probabilities grow with each round: the work grows faster than R.

    A toy duel of 20 hits a side: 20 health states × 2 damages (0 or 1) a
    side, plus 20 steps a round = 100 steps; each side's damage has the
    total weight 2 (2 bits), so the denominators grow by 4 bits a round and
    each step costs once more for every 40 bits by the last round.
    """
    a = RULES.fighter({"hits": 20})
    assert fight_work(RULES, a, a, max_rounds=1) == 100
    assert fight_work(RULES, a, a, max_rounds=9) == 100 * 9
    assert fight_work(RULES, a, a, max_rounds=10) == 100 * 10 * 2
    assert fight_work(RULES, a, a, max_rounds=100) == 100 * 100 * 11
    # 10 000 rounds × 4 bits = 40 000 bits: beyond 5300 the gcds cost more,
    # (40000 / 5300) ** 0.68 = 3.95 times
    assert fight_work(RULES, a, a, max_rounds=1325) == 100 * 1325 * 133
    assert fight_work(RULES, a, a, max_rounds=10_000) == int(
        100 * 10_000 * 1001 * (40_000 / 5300) ** 0.68
    )
    assert fight_work(RULES, a, a, max_rounds=10_000) == 3_956_646_769
    # more creatures a side: the chain over both sides' states, 40 × 20
    # states × (2 × 2 + 2) damages = 4800 steps a round at 10 units each,
    # each once more for every 20000 bits of R × (2 × 2 + 2 = 6 bits), plus
    # the gcd of each round's Fraction, R × (6R)² // 20000
    assert fight_work(RULES, a, a, first_count=2, max_rounds=1) == 48_000
    assert fight_work(RULES, a, a, first_count=2, max_rounds=100) == 4_800_000 + 1_800
    assert fight_work(RULES, a, a, first_count=2, max_rounds=3334) == (
        48_000 * 3334 * 2 + 3334 * (6 * 3334) ** 2 // 20_000
    )


def test_a_seldom_decided_duel_over_a_long_cap_is_refused():
    """A duel over a long cap is refused before the work (a fuzzer found minutes)."""
    a = RULES.fighter({"hits": 1000})
    with pytest.raises(LimitExceeded):
        fight(RULES, a, a, max_rounds=4000)


def test_damage_is_asked_once_per_attack_and_faced_count():
    calls: list[tuple[object, int, int]] = []

    class Counting(type(RULES)):  # type: ignore[misc]
        def damage(self, attacker, target, *, attack, faced):  # type: ignore[no-untyped-def]
            calls.append((repr(attacker), attack, faced))
            return super().damage(attacker, target, attack=attack, faced=faced)

    rules = Counting()
    a, b = rules.fighter({"hits": 3}), rules.fighter({"hits": 2})
    fight(rules, a, b, max_rounds=5)
    assert len(calls) == len(set(calls))
    assert {c[0] for c in calls} == {repr(a), repr(b)}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first_count": 0}, "first_count must be an integer from 1 to 100, got 0"),
        (
            {"second_count": 101},
            "second_count must be an integer from 1 to 100, got 101",
        ),
        ({"max_rounds": 0}, "max_rounds must be an integer from 1 to 10000, got 0"),
    ],
)
def test_bad_arguments_are_refused(kwargs, message):
    with pytest.raises(ParameterError, match=f"^{message}$"):
        fight(RULES, {}, {}, **kwargs)


def test_a_ruleset_id_instead_of_its_rules_is_refused():
    # a held-out designer wrote fight("ds4", …): an AttributeError before
    with pytest.raises(ParameterError) as info:
        fight("ds4", {}, {})  # type: ignore[arg-type]
    assert str(info.value) == (
        "rules must be a ruleset's fight rules "
        "(registry.fight_rules()[ruleset_id]), got 'ds4'"
    )


def test_bad_side_parameters_are_refused():
    with pytest.raises(
        ParameterError, match=r"^hits must be an integer from 1 to 1000, got 0$"
    ):
        fight(RULES, {"hits": 0}, {})
    with pytest.raises(
        ParameterError,
        match=r"^parameter of toy fight side must be one of: hits, speed, attacks, sharp, got 'life'$",
    ):
        fight(RULES, {"life": 3}, {})


def test_expected_health_names_the_side():
    result = fight(RULES, {}, {}, max_rounds=1)
    with pytest.raises(
        ParameterError, match=r"^side must be 'first' or 'second', got 'third'$"
    ):
        result.expected_health("third")


def _registry() -> Registry:
    return Registry(load_entrypoints=False, plugins=[examples])


def test_cli_json_has_exact_fractions(capsys):
    code = main(
        [
            "fight",
            "toy",
            "hits=1",
            "speed=1",
            "--vs",
            "hits=1",
            "--rounds",
            "1",
            "--json",
        ],
        registry=_registry(),
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["probabilities"] == {
        "first": "1/2",
        "second": "1/4",
        "undecided": "1/4",
    }
    assert data["rounds"] == [{"round": 1, "probability": "3/4"}]
    assert data["first_acts_first"] == "1/1"
    assert data["expected_health"] == {"first": "3/4", "second": "1/2"}
    assert data["first"] == {
        "parameters": {"hits": 1, "speed": 1, "attacks": 1, "sharp": False},
        "count": 1,
        "health": 1,
    }


def test_cli_text(capsys):
    code = main(
        [
            "fight",
            "toy",
            "hits=1",
            "speed=1",
            "--vs",
            "hits=1",
            "count=2",
            "--rounds",
            "2",
        ],
        registry=_registry(),
    )
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "toy fight: hits=1 speed=1 attacks=1 sharp=false vs "
        "2 × hits=1 speed=0 attacks=1 sharp=false (at most 2 rounds)"
    )
    assert out[1].split() == ["outcome", "%"]
    assert out[2].startswith("first side wins")
    assert out[5] == "the first side acts first: 100.00%"
    assert "rounds until the fight ends" in out
    assert out[-1].startswith("expected remaining health: first side ")


def test_cli_text_in_german(capsys):
    assert (
        main(
            ["fight", "toy", "--vs", "--rounds", "1", "--lang", "de"],
            registry=_registry(),
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "Kampf (toy): hits=1 speed=0 attacks=1 sharp=false gegen "
        "hits=1 speed=0 attacks=1 sharp=false (höchstens 1 Runde)"
    )
    assert out[2].startswith("erste Seite gewinnt")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["fight", "toy", "hits=0", "--vs"],
            "rollwerk: error: hits must be an integer from 1 to 1000, got 0",
        ),
        (
            ["fight", "toy", "--vs", "count=0"],
            "rollwerk: error: --vs count must be an integer from 1 to 100, got 0",
        ),
        (
            ["fight", "toy", "--vs", "--rounds", "0"],
            "rollwerk: error: --rounds must be an integer from 1 to 10000, got 0",
        ),
        (
            ["fight", "toy", "--vs", "--rounds", "10001"],
            "rollwerk: error: --rounds must be an integer from 1 to 10000, got 10001",
        ),
        (
            ["fight", "toy", "life=3", "--vs"],
            "rollwerk: error: parameter of toy fight must be one of: hits, speed, attacks, sharp, count, got 'life'",
        ),
        (
            ["fight", "nope", "--vs"],  # only the rulesets that can fight
            (
                "rollwerk: error: ruleset for fights must be one with fight rules: "
                "toy, got 'nope'"
            ),
        ),
    ],
)
def test_cli_bad_input_exits_2(capsys, argv, message):
    assert main(argv, registry=_registry()) == 2
    assert capsys.readouterr().err.strip() == message


def test_cli_ruleset_without_fight_rules(capsys):
    class OnlyRulesets:
        @staticmethod
        @examples.hookimpl
        def rollwerk_register_rulesets():
            return [examples.ToyRuleset()]

    registry = Registry(load_entrypoints=False, plugins=[OnlyRulesets()])
    assert main(["fight", "toy", "--vs"], registry=registry) == 2
    assert capsys.readouterr().err.strip() == (
        "rollwerk: error: ruleset for fights must be one with fight rules "
        "(none is installed), got 'toy'"
    )


def test_a_mean_with_a_denominator_of_thousands_of_digits_is_shown_rounded() -> None:
    """A fight's expected rounds can have a denominator str() refuses to write
    (over 4300 digits): the text shows it rounded instead of failing."""
    from rollwerk.cli._fight import _mean

    huge = Fraction(10**5000 + 1, 2 * 10**5000 + 1)
    assert _mean(huge, "en") == "≈ 0.50"
    assert _mean(huge, "de") == "≈ 0,50"
    assert _mean(Fraction(7, 2), "en") == "7/2 ≈ 3.50"
    assert _mean(Fraction(1, 999_999), "en").startswith("1/999999")
    assert _mean(Fraction(1, 10**6), "en") == "≈ 0.00"


def test_cli_side_words_may_follow_the_options(capsys) -> None:
    """The first side's KEY=VALUE words may come after --rounds or --json."""
    before = main(
        ["fight", "toy", "hits=2", "--rounds", "3", "--vs", "hits=1"],
        registry=_registry(),
    )
    first = capsys.readouterr()
    after = main(
        ["fight", "toy", "--rounds", "3", "hits=2", "--vs", "hits=1"],
        registry=_registry(),
    )
    assert (before, after) == (0, 0)
    assert capsys.readouterr() == first
    assert "hits=2" in first.out.splitlines()[0]
