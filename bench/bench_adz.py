"""Time exact AdZ odds for pools of 10, 30 and 100 dice (closed form, no enumeration).

Run: ``python bench/bench_adz.py``. Brute force would enumerate ``6**n`` face
combinations (for n = 100 that is about 6.5e77); the binomial closed form needs
n + 1 terms, and a luck policy multiplies that by L + 1.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rollwerk.checks import FaceCheck
from rollwerk_adz import Initiator, adz_check, chance, opposed_odds


def best_of(func: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    print(f"{'case':<44} {'seconds':>10}")
    for n in (10, 30, 100):
        # checks cache their odds: build a fresh one for every timing
        def plain(n: int = n) -> FaceCheck:
            return adz_check(n, max(1, n // 3))

        def lucky(n: int = n) -> FaceCheck:
            return adz_check(n, max(1, n // 3), luck=5, luck_policy="on_failure")

        rows = [
            (f"outcomes(), {n} dice", lambda p=plain: p().outcomes()),
            (f"chance(), {n} dice", lambda p=plain: chance(p())),
            (
                f"outcomes(), {n} dice + luck 5 on failure",
                lambda p=lucky: p().outcomes(),
            ),
            (
                f"opposed_odds(), {n} vs {n} dice",
                lambda p=plain: opposed_odds(p(), p(), Initiator.NONE),
            ),
        ]
        for label, func in rows:
            print(f"{label:<44} {best_of(func):>10.6f}")
        print(f"{'':<44} (brute force: {6**n:.3g} face combinations)")


if __name__ == "__main__":
    main()
