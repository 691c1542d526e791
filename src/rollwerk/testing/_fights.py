"""Checking exact fight odds against an independent simulation.

A ruleset's [`FightRules`][rollwerk.analysis.FightRules] are exact by
construction only if its damage distributions and the chain agree with
the rules as played. [`simulate_fight`][rollwerk.testing.simulate_fight]
plays one fight die by die from the author's own sampling functions (the
ruleset's checks resolved with an Rng, not their distributions);
[`assert_fight_frequencies`][rollwerk.testing.assert_fight_frequencies]
compares many such fights with a [`FightResult`][rollwerk.analysis.FightResult].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from rollwerk.analysis import FightResult
from rollwerk.rng import Rng
from rollwerk.testing._base import ContractViolation
from rollwerk.testing._contract import DEFAULT_ALPHA, frequency_p_value

__all__ = ["Strike", "assert_fight_frequencies", "simulate_fight"]

Strike = Callable[[int, int, int, Rng], int]
"""``strike(side, attack, faced, rng)``: the damage of one attack by a
creature of ``side`` (0 first, 1 second), rolled with ``rng``."""


def simulate_fight(
    rng: Rng,
    *,
    health: tuple[int, int],
    count: tuple[int, int] = (1, 1),
    attacks: tuple[int, int] = (1, 1),
    first_acts_first: Callable[[Rng], bool],
    strike: Strike,
    max_rounds: int,
) -> tuple[str, int]:
    """Play one fight die by die: ``("first" | "second" | "undecided", round)``.

    Each side is ``count`` creatures of ``health``; attacks go to the first
    standing creature of the other side and damage beyond its health is
    lost; the fight ends when a side has no creature standing. The round of
    an undecided fight is ``max_rounds``.
    """
    sides = [[health[0]] * count[0], [health[1]] * count[1]]
    order = (0, 1) if first_acts_first(rng) else (1, 0)
    for n in range(1, max_rounds + 1):
        for actor in order:
            target = 1 - actor
            standing = sum(1 for h in sides[actor] if h > 0)
            faced = 0
            front = -1
            for _ in range(standing):
                for j in range(attacks[actor]):
                    alive = [i for i, h in enumerate(sides[target]) if h > 0]
                    if not alive:
                        break
                    if alive[0] != front:
                        front, faced = alive[0], 0
                    sides[target][front] -= strike(actor, j, faced, rng)
                    faced += 1
            if all(h <= 0 for h in sides[target]):
                return ("first", "second")[actor], n
    return "undecided", max_rounds


def assert_fight_frequencies(
    result: FightResult,
    observed: Iterable[tuple[str, int]],
    *,
    alpha: float = DEFAULT_ALPHA,
) -> None:
    """Assert that simulated fights agree with the exact ``result``.

    The events are: each side wins, the fight is undecided, and the fight
    ends in round ``n`` for every round with a positive chance. Each event's
    count is compared with its exact probability through
    [`frequency_p_value`][rollwerk.testing.frequency_p_value] at
    ``alpha / (2m)`` for ``m`` events, so correct rules fail with a chance of
    at most ``alpha`` (by the union bound); with a fixed seed the test never
    flakes.

    Raises:
        ContractViolation: An event's frequency is too far from its
            probability, or a simulated fight ended where the exact result
            says it cannot.
    """
    fights = list(observed)
    n = len(fights)
    winners = Counter(w for w, _ in fights)
    rounds = Counter(r for w, r in fights if w != "undecided")
    events = [
        ("the first side wins", result.first, winners["first"]),
        ("the second side wins", result.second, winners["second"]),
        ("the fight is undecided", result.undecided, winners["undecided"]),
    ]
    impossible = sorted(set(rounds) - set(result.rounds))
    if impossible:
        raise ContractViolation(
            f"fight: simulated fights ended in rounds {impossible}, "
            "which the exact result gives no chance"
        )
    events += [
        (f"the fight ends in round {r}", p, rounds[r]) for r, p in result.rounds.items()
    ]
    threshold = alpha / (2 * len(events))
    for label, p, hits in events:
        bound = frequency_p_value(p, hits, n)
        if bound <= threshold:
            raise ContractViolation(
                f"fight: {label} {hits} times in {n} fights, but its exact "
                f"probability is {p} (≈ {float(p):.4f}); the bound {bound:.3g} "
                f"is below {threshold:.3g} (alpha {alpha})"
            )
