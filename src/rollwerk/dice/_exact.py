"""Exact integer kernels: polynomial powers, binomials and the keep/drop DP.

Exact distributions never enumerate face combinations: sums are polynomial
powers (multiplied by Kronecker substitution on Python's big integers),
keep/drop is a dynamic programme over the sorted order statistics with
multinomial counting, success counting is a binomial.
"""

from __future__ import annotations

import decimal
import itertools
import math
from collections.abc import Callable, Sequence

from rollwerk.distribution import _miller

Weights = dict[int, int]
"""Integer weights of integer outcomes; paired with a total to be exact."""


# -- polynomial helpers (exact integer weights) ----------------------------------

_NAIVE = 2500
_WIDE_BITS = 13_000
"""Coefficients wider than this (about 4000 digits) leave the fast decimal path."""


def product_cost(span: int, bits: int) -> int:
    """Estimated work units of polynomial products with ``span`` coefficients.

    ``bits`` bounds the size of one coefficient. Up to about 4000 digits the
    product packs into a `decimal` number (a fast transform, nearly linear);
    wider coefficients fall back to `int` multiplication (Karatsuba, about
    the power 1.585 of the packed size), which the estimate charges for (as
    the power 1.5 in exact integers, calibrated at tens of millions of bits
    so that squaring ``94d6r1``, 28 576-bit weights, would be refused rather
    than taking two seconds; its power now takes Miller's recurrence, see
    `power_cost`).
    """
    cost = span * (bits // 64 + 1) * 4
    if bits > _WIDE_BITS:
        packed = span * bits
        cost += packed * math.isqrt(packed) // 8_000
    return cost


def _convolve(a: Weights, b: Weights) -> Weights:
    """The convolution of two weight maps (sum of independent values)."""
    if not a or not b:
        return {}
    if len(b) == 1:
        a, b = b, a
    if len(a) == 1:  # a shift and a scale (explosion chains): no product needed
        ((x, wx),) = a.items()
        return {x + y: wx * wy for y, wy in b.items()}
    pairs = len(a) * len(b)
    if pairs <= _NAIVE or pairs <= (max(a) - min(a) + max(b) - min(b)) // 4:
        out: Weights = {}
        for x, wx in a.items():
            for y, wy in b.items():
                k = x + y
                out[k] = out.get(k, 0) + wx * wy
        return out
    ao, al = _dense(a)
    bo, bl = _dense(b)
    return _sparse(ao + bo, _kron(al, bl))


def _dense(w: Weights) -> tuple[int, list[int]]:
    lo, hi = min(w), max(w)
    arr = [0] * (hi - lo + 1)
    for k, v in w.items():
        arr[k - lo] = v
    return lo, arr


def _sparse(offset: int, arr: Sequence[int]) -> Weights:
    return {i + offset: v for i, v in enumerate(arr) if v}


def _kron(a: list[int], b: list[int] | None) -> list[int]:
    """Multiply polynomials with non-negative coefficients via big numbers.

    Coefficients are packed into one big number each (Kronecker
    substitution), multiplied, and unpacked; ``b=None`` squares ``a``. Large
    products go through `decimal` (libmpdec multiplies huge numbers by a
    number-theoretic transform, far faster than `int`'s Karatsuba).
    """
    bb = a if b is None else b
    bound = max(a) * max(bb) * min(len(a), len(bb))
    n = len(a) + len(bb) - 1
    width = bound.bit_length() * 30103 // 100000 + 2
    if width * n >= _DECIMAL_DIGITS and width <= _MAX_STR_DIGITS:
        return _kron_decimal(a, b, width, n)
    nbytes = (bound.bit_length() + 8) // 8
    pa = int.from_bytes(b"".join(c.to_bytes(nbytes, "little") for c in a), "little")
    if b is None:
        prod = pa * pa
    else:
        pb = int.from_bytes(b"".join(c.to_bytes(nbytes, "little") for c in b), "little")
        prod = pa * pb
    raw = prod.to_bytes(n * nbytes, "little")
    fb = int.from_bytes
    return [fb(raw[i : i + nbytes], "little") for i in range(0, n * nbytes, nbytes)]


_DECIMAL_DIGITS = 200_000
_MAX_STR_DIGITS = 4000
_CONTEXT = decimal.Context(
    prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN
)


def _kron_decimal(a: list[int], b: list[int] | None, width: int, n: int) -> list[int]:
    def pack(coeffs: list[int]) -> decimal.Decimal:
        return decimal.Decimal("".join(str(c).zfill(width) for c in reversed(coeffs)))

    da = pack(a)
    prod = _CONTEXT.multiply(da, da if b is None else pack(b))
    text = str(prod)
    end = len(text)
    out = []
    for _ in range(n):
        start = max(0, end - width)
        out.append(int(text[start:end]) if start < end else 0)
        end = start
    return out


def power_cost(
    span: int, terms: int, n: int, bits: int, *, symmetric: bool = True
) -> int:
    """Estimated work units of the ``n``-th power of a polynomial.

    ``span`` is the number of coefficients of the result, ``terms`` the
    number of non-zero coefficients of the polynomial, ``bits`` bounds the
    size of one coefficient of the result. The power takes the cheaper of
    two algorithms: J. C. P. Miller's recurrence (one pass over the result,
    ``terms`` products of a big and a small number per coefficient, over
    half of the result for a ``symmetric`` polynomial — a fair die — and
    over all of it otherwise: rerolls, explosions) or repeated squaring
    (`product_cost`).
    """
    return min(_miller_cost(span, terms, bits, symmetric), product_cost(span, bits))


def _miller_cost(span: int, terms: int, bits: int, symmetric: bool) -> int:
    computed = span // 2 + 1 if symmetric else span
    return computed * max(terms - 1, 1) * (4 + bits // 512)


def _power(w: Weights, n: int) -> Weights:
    """The ``n``-fold convolution of ``w`` with itself.

    Uses Miller's recurrence when it is cheaper (few distinct values, many
    dice: ``1000d6``, ``94d6r1``), repeated squaring otherwise.
    """
    if n == 1:
        return dict(w)
    if len(w) == 1:
        ((k, v),) = w.items()
        return {k * n: v**n}
    offset, base = _dense(w)
    g = 0
    for i, c in enumerate(base):
        if c:
            g = math.gcd(g, i)
    if g > 1:
        base = base[::g]
    span = (len(base) - 1) * n + 1
    terms = sum(1 for c in base if c)
    bits = n * sum(base).bit_length()
    symmetric = base == base[::-1]
    if _miller_cost(span, terms, bits, symmetric) <= product_cost(span, bits):
        result = _miller(base, n)
        if g > 1:
            return {offset * n + i * g: v for i, v in enumerate(result) if v}
        return _sparse(offset * n, result)
    return _squaring(base, n, offset, g)


def _squaring(base: list[int], n: int, offset: int, g: int) -> Weights:
    """``base ** n`` by repeated squaring (Kronecker products)."""
    result: list[int] | None = None
    e = n
    while True:
        if e & 1:
            result = base[:] if result is None else _mul(result, base)
        e >>= 1
        if not e:
            break
        base = _mul(base, None)
    assert result is not None
    if g > 1:
        return {offset * n + i * g: v for i, v in enumerate(result) if v}
    return _sparse(offset * n, result)


def _mul(a: list[int], b: list[int] | None) -> list[int]:
    bb = a if b is None else b
    if len(a) * len(bb) <= _NAIVE:
        out = [0] * (len(a) + len(bb) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(bb):
                    out[i + j] += x * y
        return out
    return _kron(a, b)


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
