"""Polynomial kernels on exact integer weights (sums of independent values).

A distribution of integer outcomes with integer weights is a polynomial;
the sum of independent values is the product of their polynomials, ``n``
copies its ``n``-th power. Products pack the coefficients into one big
number each (Kronecker substitution; `decimal` for huge ones), powers take
Miller's recurrence or repeated squaring, whichever the cost model says is
cheaper. Shared by [`Distribution`][rollwerk.distribution.Distribution]
(its ``+`` and ``repeat_sum``) and by the dice's exact odds; standard
library only, so any layer may import it.
"""

from __future__ import annotations

import decimal
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Weights = dict[int, int]
"""Integer weights of integer outcomes; paired with a total to be exact."""


_NAIVE = 2500
_FEW_PAIRS = 64
"""Below this many pairs a convolution multiplies pair by pair without costing."""
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
    if pairs <= _FEW_PAIRS or _naive_is_cheaper(a, b, pairs):
        out: Weights = {}
        for x, wx in a.items():
            for y, wy in b.items():
                k = x + y
                out[k] = out.get(k, 0) + wx * wy
        return out
    ao, al = _dense(a)
    bo, bl = _dense(b)
    return _sparse(ao + bo, _kron(al, bl))


def _limbs_product(x: int, y: int) -> int:
    """Word steps (about 1.2 ns each) of multiplying ``x``- and ``y``-word ints.

    ``int`` words are 30 bits. Schoolbook below 70 words on the shorter
    side; Karatsuba above it (six steps times the power 1.585, measured on
    CPython 3.11), in slices of the shorter size when lopsided.
    """
    small, big = min(x, y), max(x, y)
    if small <= 70:
        return small * big
    if small.bit_length() > 256:  # beyond any limit: schoolbook bounds it, no float
        return small * big
    return big // small * 6 * int(small**1.585)


def pair_units(bits_a: int, bits_b: int) -> int:
    """Work units of one pair of a pair-by-pair sum or product.

    A pair of narrow weights is one unit (the interpreter's step for the
    pair, about 300 word steps); the product of a ``bits_a``-bit and a
    ``bits_b``-bit weight adds a unit per 300 word steps, which grows faster
    than linearly once both are wide (measured: a pair of 2000-bit weights
    costs 11 narrow pairs, of 4000-bit weights 27).
    """
    return (_limbs_product(bits_a // 30 + 1, bits_b // 30 + 1) + 300) // 300


def _naive_is_cheaper(a: Weights, b: Weights, pairs: int) -> bool:
    """Whether pair-by-pair products beat packing both into big numbers.

    Pairs cost an interpreter step each (about 300 word steps) plus one
    product of two weights. Packing costs one product of two numbers as
    long as the *spans* times the widest weight of the result: a sparse
    operand (``2d80*80``, 159 values over 12,641) against wide weights
    (a rerolled pool of 120,000-bit weights) would pack mostly zeros.
    """
    wa = max(a.values()).bit_length() // 30 + 1
    wb = max(b.values()).bit_length() // 30 + 1
    naive = pairs * (300 + _limbs_product(wa, wb))
    width = wa + wb + 1
    span_a = max(a) - min(a) + 1
    span_b = max(b) - min(b) + 1
    packed = _limbs_product(span_a * width, span_b * width) // 4 + (
        (span_a + span_b) * width
    )
    if (span_a + span_b) * width * 9 >= _DECIMAL_DIGITS:
        # libmpdec's transform costs at least the longer number's length, a
        # short factor or not (measured on 3.11: 6.4 million digits times 4 800
        # take 0.46 s, with packing about 400 word steps per 30-bit word; 250
        # is a floor below that). The Karatsuba slices above price a
        # lopsided product far below it: (4d10)*(8d667)+3d6rr1 took 4.6 s
        # packed and 0.8 s pair by pair, while +3d6 stays packed (0.36 s).
        packed = max(packed, (span_a + span_b) * width * 250)
    return naive <= packed


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
    at most ``terms`` products of a big and a small number per coefficient
    — a run of equal weights costs one, so this bounds it from above — over
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


def _miller(base: list[int], n: int) -> list[int]:
    """The coefficients of ``P(x) ** n`` by J. C. P. Miller's recurrence.

    With ``P = p_0 + p_1 x + … + p_d x^d`` and ``p_0 != 0``, the power
    ``Q = P^n`` satisfies ``P Q' = n P' Q``, which gives each coefficient
    from the ``d`` before it:
    ``k p_0 q_k = sum_j ((n + 1) j - k) p_j q_(k-j)``, an exact division.
    A palindromic ``P`` (a fair die) has a palindromic power: only the first
    half is computed.

    Equal weights in a row (``p_a = … = p_b``: a die whose faces a reroll or
    an explosion left alike) are one term: with ``i = k - j`` the run adds
    ``p_a (n k B - (n + 1) C)``, where ``B`` and ``C`` are the sums of
    ``q_i`` and ``i q_i`` over its window ``k - b <= i <= k - a``, kept up
    to date as the window slides. A coefficient then costs one product of
    two big numbers per run, not one per face.
    """
    d = len(base) - 1
    size = n * d + 1
    p0 = base[0]
    # runs of equal non-zero weights: [weight, first j, last j, B, C]
    runs: list[list[int]] = []
    j = 1
    while j <= d:
        v = base[j]
        last = j
        while last < d and base[last + 1] == v:
            last += 1
        if v:
            runs.append([v, j, last, 0, 0])
        j = last + 1
    symmetric = base == base[::-1]
    upto = size // 2 + 1 if symmetric else size
    q = [0] * size
    q[0] = p0**n
    n1 = n + 1
    for k in range(1, upto):
        acc = 0
        for run in runs:
            v, a, b = run[0], run[1], run[2]
            if a > k:
                break
            if a == b:
                term = (n1 * a - k) * q[k - a]
            else:
                new = q[k - a]
                sums = run[3] + new
                firsts = run[4] + (k - a) * new
                gone = k - b - 1
                if gone >= 0:
                    old = q[gone]
                    sums -= old
                    firsts -= gone * old
                run[3] = sums
                run[4] = firsts
                term = n * k * sums - n1 * firsts
            acc += term if v == 1 else v * term
        q[k] = acc // (k * p0)
    if symmetric:
        for k in range(upto, size):
            q[k] = q[size - 1 - k]
    return q


def extreme_weights(
    parts: Sequence[Mapping[Any, int]],
    highest: bool,
    score: Callable[[Any], Any] | None = None,
) -> dict[Any, int]:
    """Weights of the highest (or lowest) of independent values, by running sums.

    ``P(max <= v)`` is the product of each value's ``P(x <= v)`` (and
    ``P(min >= v)`` alike): one pass over the distinct values in order,
    each part's running weight updated where it has ``v``; the extreme's
    weight at ``v`` is the growth of the product there. The values must be
    in one total order (integers, or `Fraction`s). ``score`` maps the value
    kept to what it adds. Shared by `Distribution.maximum`/``minimum`` and
    notation's ``max(a, b)`` and ``{a, b}kh1``.

    >>> extreme_weights([{1: 1, 2: 1}, {1: 1, 2: 1, 3: 1}], True)
    {1: 1, 2: 3, 3: 2}
    >>> extreme_weights([{1: 1, 2: 1}, {1: 1, 2: 1, 3: 1}], False)
    {2: 2, 1: 4}
    """
    values = sorted({v for w in parts for v in w}, reverse=not highest)
    running = [0] * len(parts)
    out: dict[Any, int] = {}
    before = 0
    for v in values:
        for i, w in enumerate(parts):
            running[i] += w.get(v, 0)
        now = math.prod(running)
        if now != before:
            key = v if score is None else score(v)
            out[key] = out.get(key, 0) + now - before
            before = now
    return out
