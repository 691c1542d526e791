"""Exact integer kernels: polynomial powers, binomials and the keep/drop DP.

Exact distributions never enumerate face combinations: sums are polynomial
powers (multiplied by Kronecker substitution on Python's big integers),
keep/drop is a dynamic programme over the sorted order statistics with
multinomial counting, success counting is a binomial.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from rollwerk._poly import (
    Weights,
    extreme_weights,
)


def _binomial(success: int, other: int, n: int) -> Weights:
    """Weights of the number of successes among ``n`` dice (binomial law)."""
    out: Weights = {}
    # the powers by repeated multiplication, not n + 1 separate ** calls
    other_powers = [1] * (n + 1)
    for i in range(1, n + 1):
        other_powers[i] = other_powers[i - 1] * other
    c = 1
    success_power = 1
    for k in range(n + 1):
        w = c * success_power * other_powers[n - k]
        if w:
            out[k] = w
        success_power *= success
        c = c * (n - k) // (k + 1)
    return out


def _keep_dp(
    single: Weights,
    n: int,
    k: int,
    highest: bool,
    g: Callable[[int], int] | None,
) -> Weights:
    """Weights of the sum of the ``k`` highest (or lowest) of ``n`` dice.

    Walks the distinct values from the best down. A state is ``(c, sum)``:
    ``c`` dice have been given values so far and ``sum`` is the total of those
    of them that are kept. Giving ``j`` of the remaining ``n - c`` dice the
    current value has ``C(n - c, j) * w**j`` ways. As soon as ``k`` dice are
    placed, the rest only need values below the current one, counted in one
    step as ``(weight below) ** (dice left)``. Values pass through ``g`` (the
    success mapping) when counting successes.

    Keeping one die (advantage, disadvantage) takes a shortcut: the best of
    ``n`` dice is at most ``v`` with weight ``(weight of values up to v) ** n``.

    With ``g``, neighbouring values (in the order dice are kept) that score
    the same are one value with their weights summed: which of them a die
    shows changes neither which other dice are kept nor the kept score, so
    counting successes among the kept dice of a d10000 walks two values,
    not ten thousand.
    """
    ranked: list[tuple[int, int]] = []  # (score, weight), best first
    for v in sorted(single, reverse=highest):
        score = v if g is None else g(v)
        if ranked and g is not None and ranked[-1][0] == score:
            ranked[-1] = (score, ranked[-1][1] + single[v])
        else:
            ranked.append((score, single[v]))
    if k == 1:
        out: Weights = {}
        upto = prev = 0
        for score, w in reversed(ranked):
            upto += w
            now = upto**n
            out[score] = out.get(score, 0) + now - prev
            prev = now
        return {key: w for key, w in out.items() if w}
    return _keep_packed(ranked, n, k)


def _keep_packed(ranked: Sequence[tuple[int, int]], n: int, k: int) -> Weights:
    """The keep/drop DP of `_keep_dp` with each state's polynomial in one int.

    ``ranked`` holds each value's score and weight, best first. A state's
    weights by kept sum are packed into one big number (Kronecker
    substitution, slots wide enough for ``(total + 1) ** n``), so giving
    ``j`` dice the current value is one multiplication and one shift instead
    of a loop over the sums. Sums are counted from ``vmin`` per kept die,
    so every shift is non-negative. Every ``j`` that completes the kept
    dice adds the same amount: those are summed into one coefficient first.
    """
    vmin = min(score for score, _ in ranked)
    below = sum(w for _, w in ranked)
    width = ((below + 1) ** n).bit_length() // 8 + 1  # bytes per slot
    bits = width * 8
    states: dict[int, int] = {0: 1}
    final = 0
    for gv, w in ranked:
        below -= w
        step = (gv - vmin) * bits
        new: dict[int, int] = {}
        for c, poly in states.items():
            left = n - c
            wj = 1
            comb = 1
            done = 0
            for j in range(left + 1):
                coef = comb * wj
                wj *= w
                comb = comb * (left - j) // (j + 1)
                c2 = c + j
                if c2 >= k:
                    done += coef * below ** (n - c2)
                    continue
                if c2 == c and not below:
                    continue
                new[c2] = new.get(c2, 0) + ((poly * coef) << (step * j))
            if done:
                final += (poly * done) << (step * (k - c))
        states = new
        if not states:
            break
    raw = final.to_bytes((final.bit_length() + 7) // 8 + width, "little")
    out: Weights = {}
    base = k * vmin
    fb = int.from_bytes
    for i in range(0, len(raw) - width + 1, width):
        x = fb(raw[i : i + width], "little")
        if x:
            out[base + i // width] = x
    return out


def group_types(parts: Sequence[Weights]) -> list[tuple[Weights, int]]:
    """The distinct distributions among ``parts``, each with how often it occurs."""
    types: list[tuple[Weights, int]] = []
    for w in parts:
        for i, (tw, n) in enumerate(types):
            if tw == w:
                types[i] = (tw, n + 1)
                break
        else:
            types.append((w, 1))
    return types


def _extreme_mixed(
    parts: Sequence[Weights], highest: bool, score: Callable[[int], int] | None = None
) -> Weights:
    """Weights of the highest (or lowest) of independent values (`extreme_weights`).

    It equals `_keep_mixed` with ``k = 1``, in one pass.
    """
    return extreme_weights(parts, highest, score)


def _keep_mixed(
    parts: Sequence[Weights],
    k: int,
    highest: bool,
    score: Callable[[int], int] | None = None,
    *,
    ranks: frozenset[int] | None = None,
    run: Callable[[int, int], int] | None = None,
) -> Weights:
    """Weights of the sum of the ``k`` highest (or lowest) of independent values.

    Like `_keep_dp`, but the values may have different distributions (a
    group ``{1d20+5, 2d8}kh1``, Roll20's ``{4d6+3d8}kh1``). Equal
    distributions are grouped into one type of ``n`` values; a state counts
    how many values of each type have been placed, walking the distinct
    values from the best down. ``score`` maps a kept value to what it adds.

    ``ranks`` keeps the values at those places instead, counted from the
    highest (0 is the highest; d20's chains such as ``kh1kl1``): ``k`` is
    then one more than the largest rank and ``highest`` is true.

    ``run(done, j)`` says instead how many of ``j`` equal values placed
    after ``done`` others are kept (d20's ``kh1kl1``, where ``h`` and ``l``
    pick the same one of equal values); ``k`` is then the number of values.
    """
    # how many kept places lie before each place: places i < k are kept
    # unless ``ranks`` says otherwise
    before = list(range(k + 1))
    if ranks is not None:
        for i in range(k):
            before[i + 1] = before[i] + (i in ranks)
    types = group_types(parts)
    values = sorted({v for w, _ in types for v in w}, reverse=highest)
    below = [sum(w.values()) for w, _ in types]
    counts = [n for _, n in types]
    start = tuple(0 for _ in types)
    states: dict[tuple[int, ...], Weights] = {start: {0: 1}}
    final: Weights = {}
    for v in values:
        here = [w.get(v, 0) for w, _ in types]
        below = [b - h for b, h in zip(below, here, strict=True)]
        gv = v if score is None else score(v)
        new: dict[tuple[int, ...], Weights] = {}
        for placed, poly in states.items():
            done = sum(placed)
            options = []
            for t, c in enumerate(placed):
                left = counts[t] - c
                opts = []
                comb, wj = 1, 1
                for j in range(left + 1):
                    if comb * wj:
                        opts.append((j, comb * wj))
                    wj *= here[t]
                    comb = comb * (left - j) // (j + 1)
                options.append(opts)
            for choice in itertools.product(*options):
                j = sum(c[0] for c in choice)
                coef = 1
                for _, x in choice:
                    coef *= x
                after = tuple(p + c[0] for p, c in zip(placed, choice, strict=True))
                if run is not None:
                    add = gv * run(done, j)
                elif done < k:
                    add = gv * (before[min(done + j, k)] - before[done])
                else:
                    add = 0
                if done + j >= k:
                    rest = 1
                    for t, a in enumerate(after):
                        rest *= below[t] ** (counts[t] - a)
                    if not rest:
                        continue
                    coef *= rest
                    target = final
                else:
                    if not any(below[t] for t, a in enumerate(after) if a < counts[t]):
                        continue
                    target = new.setdefault(after, {})
                for s, pw in poly.items():
                    key = s + add
                    target[key] = target.get(key, 0) + pw * coef
        states = new
        if not states:
            break
    return {s: w for s, w in final.items() if w}
