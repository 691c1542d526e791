"""Benchmark of the dice layer (a plain script, not a test).

Prints, measured in one run on this machine:

- the per-call cost of rolling pre-parsed ``1d20+5``, ``4d6kh3`` and
  ``10d6>=5`` with a `SeededRng`, relative to ``random.randint(1, 20)``;
- the time of the exact distributions of ``100d6>=5`` and ``4d6kh3`` (and a
  few larger ones), computed from scratch (the parse cache is cleared).

Run: ``python bench/bench_dice.py``. The target is a ratio of at most 3 for
``1d20+5``.
"""

from __future__ import annotations

import random
import timeit
from collections.abc import Callable

import rollwerk
from rollwerk.notation._expression import _parse_cached

ROLLS = ["1d20+5", "4d6kh3", "10d6>=5"]
EXACT = ["100d6>=5", "4d6kh3", "8d6!", "2d20kh1+5", "3d6+1d8", "1000d6", "10d20kh3"]


def per_call(
    func: Callable[[], object], number: int = 100_000, repeat: int = 7
) -> float:
    """The best per-call time in seconds over ``repeat`` runs of ``number`` calls."""
    return min(timeit.repeat(func, number=number, repeat=repeat)) / number


def exact_time(notation: str, repeat: int = 5) -> float:
    """The best time to parse and compute an exact distribution from scratch."""
    best = float("inf")
    for _ in range(repeat):
        _parse_cached.cache_clear()
        timer = timeit.default_timer
        start = timer()
        rollwerk.parse(notation).distribution()
        best = min(best, timer() - start)
    return best


def main() -> None:
    """Print the table."""
    rng = rollwerk.SeededRng(1)
    base = per_call(lambda: random.randint(1, 20))
    print(f"random.randint(1, 20): {base * 1e9:8.0f} ns per call (= 1.00x)")
    print()
    print("rolling pre-parsed notation with SeededRng:")
    for notation in ROLLS:
        expr = rollwerk.parse(notation)
        roll = expr.roll
        t = per_call(lambda roll=roll: roll(rng))
        print(f"  {notation:<10} {t * 1e9:8.0f} ns per call = {t / base:5.2f}x randint")
    cached = per_call(lambda: rollwerk.parse("1d20+5"))
    print(f"  parse('1d20+5') cached: {cached * 1e9:.0f} ns per call")
    print()
    print("exact distributions (parse + compute, cache cleared):")
    for notation in EXACT:
        t = exact_time(notation)
        print(f"  {notation:<12} {t * 1e3:9.3f} ms")


if __name__ == "__main__":
    main()
