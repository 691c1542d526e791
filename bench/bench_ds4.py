"""Benchmark: exact DS4 check odds by closed form vs brute-force enumeration.

Run ``python bench/bench_ds4.py`` (add ``--full`` to also enumerate PW 84,
3.2 million face combinations, which takes a while). Prints the time of the
closed form (``check_weights``, and the full ``rollwerk_ds4.check(pw).outcomes()``
distribution of `Outcome` objects) for PW 44, 64, 84 and 100, the time of
enumerating every face combination where that finishes in reasonable time,
and the time for all PW 1..100. Caches are cleared before each timing.
"""

from __future__ import annotations

import itertools
import sys
import time

from rollwerk import Degree
from rollwerk_ds4 import assign_dice, check_weights, sub_checks
from rollwerk_ds4._check import _outcomes


def brute_force(pw: int) -> dict[tuple[Degree, int], int]:
    """Enumerate all 20**k face combinations with the maximising assignment."""
    k = len(sub_checks(pw))
    out: dict[tuple[Degree, int], int] = {}
    for dice in itertools.product(range(1, 21), repeat=k):
        if dice[0] == 20:
            key = (Degree.CRITICAL_FAILURE, 0)
        else:
            degree = Degree.CRITICAL_SUCCESS if dice[0] == 1 else Degree.SUCCESS
            key = (degree, assign_dice(pw, dice).result)
        out[key] = out.get(key, 0) + 1
    return out


def timed(func, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    value = func(*args)
    return value, time.perf_counter() - start


def closed_form(pw: int) -> object:
    check_weights.cache_clear()
    return check_weights(pw)


def full_distribution(pw: int) -> object:
    check_weights.cache_clear()
    _outcomes.cache_clear()
    return _outcomes(pw, True, None)


def main() -> None:
    full = "--full" in sys.argv
    brute_limit = 84 if full else 64
    print(
        f"{'PW':>4} {'dice':>4} {'closed form':>12} {'distribution':>13} "
        f"{'brute force':>12} {'ratio':>8}"
    )
    for pw in (44, 64, 84, 100):
        k = len(sub_checks(pw))
        weights, t_closed = timed(closed_form, pw)
        _, t_dist = timed(full_distribution, pw)
        if pw <= brute_limit:
            brute, t_brute = timed(brute_force, pw)
            assert brute == dict(weights), pw  # type: ignore[call-overload]
            brute_text = f"{t_brute * 1000:9.1f} ms"
            ratio = f"{t_brute / t_closed:7.0f}x"
        else:
            brute_text = f"{'(skipped)':>12}"
            ratio = f"{'-':>8}"
        print(
            f"{pw:>4} {k:>4} {t_closed * 1000:9.3f} ms {t_dist * 1000:10.3f} ms "
            f"{brute_text} {ratio}"
        )
    check_weights.cache_clear()
    _, t_all = timed(lambda: [check_weights(pw) for pw in range(1, 101)])
    check_weights.cache_clear()
    _outcomes.cache_clear()
    _, t_all_dist = timed(lambda: [_outcomes(pw, True, None) for pw in range(1, 101)])
    print(
        f"all PW 1..100: closed form {t_all * 1000:.1f} ms, "
        f"distributions {t_all_dist * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
