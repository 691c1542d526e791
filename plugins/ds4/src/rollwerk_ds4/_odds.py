"""Exact odds of DS4 checks by a closed form over generating functions.

A check with ``k`` dice has ``20**k`` face combinations; for PW 100 (five
d20) that is 3.2 million. Instead, the maximised result (DS4-R07) is
``Σ v20(d) − min loss(d)``; the minimum of independent losses is handled by
the usual "all losses ≥ t" difference, and each "all losses ≥ t" term is a
product of per-die generating functions. Polynomials are multiplied as big
integers (Kronecker substitution), so the whole computation costs a few
dozen big-integer operations.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rollwerk import Degree, ParameterError
from rollwerk_ds4._dice import check_pw, slot_value, sub_checks

__all__ = ["check_weights", "fixed_assignment_weights"]

_BITS = 64
"""Bits per coefficient up to 14 dice; coefficients never exceed ``20**k``."""


def _bits(k: int) -> int:
    """Bits per coefficient for ``k`` dice: room for ``20**k`` (no carries).

    No more than that: the products are a third of the size with 23 bits
    than with 64 for five dice, and cost less than a fifth.
    """
    combinations: int = 20**k
    return combinations.bit_length() + 1


Weights = dict[tuple[Degree, int], int]
"""Integer weights over ``20**k`` keyed by (degree, result)."""


def _encode(coeffs: dict[int, int], bits: int = _BITS) -> int:
    x = 0
    for exp, c in coeffs.items():
        x |= c << (bits * exp)
    return x


def _decode(x: int, bits: int = _BITS) -> dict[int, int]:
    out: dict[int, int] = {}
    mask = (1 << bits) - 1
    exp = 0
    while x:
        c = x & mask
        if c:
            out[exp] = c
        x >>= bits
        exp += 1
    return out


def _v20(d: int) -> int:
    return 20 if d == 1 else d


def _add(weights: Weights, degree: Degree, poly: int, bits: int = _BITS) -> None:
    for value, w in _decode(poly, bits).items():
        key = (degree, value)
        weights[key] = weights.get(key, 0) + w


def check_weights(
    pw: int, fumbles_excluded: bool = False
) -> tuple[tuple[tuple[Degree, int], int], ...]:
    """Exact weights of a check's (degree, result) over ``20**k``.

    Degrees: ``CRITICAL_FAILURE`` (result 0) for a fumble of the first die,
    ``FAILURE`` (result 0), ``SUCCESS``, and ``CRITICAL_SUCCESS`` for a coup of
    the first die. Uses the maximising assignment for PW above 20. With
    ``fumbles_excluded`` a natural 20 is an ordinary value (DS4-A10).

    >>> dict(check_weights(25))[(Degree.SUCCESS, 25)]  # dice (5, 1), (5, 20)
    2
    """
    check_pw(pw)  # before the cache, which an unhashable value would fail
    if fumbles_excluded is not True and fumbles_excluded is not False:
        raise ParameterError("fumbles_excluded", fumbles_excluded, "True or False")
    return _check_weights(pw, fumbles_excluded)


@lru_cache(maxsize=4096)
def _check_weights(
    pw: int, fumbles_excluded: bool
) -> tuple[tuple[tuple[Degree, int], int], ...]:
    """``check_weights`` of checked arguments, kept."""
    slots = sub_checks(pw)
    weights: Weights = {}
    last = 21 if fumbles_excluded else 20
    if len(slots) == 1:
        if not fumbles_excluded:
            weights[(Degree.CRITICAL_FAILURE, 0)] = 1
        weights[(Degree.CRITICAL_SUCCESS, max(pw, 1))] = 1
        for d in range(2, last):
            key = (Degree.SUCCESS, d) if d <= pw else (Degree.FAILURE, 0)
            weights[key] = weights.get(key, 0) + 1
        return tuple(sorted(weights.items(), key=_order))
    k = len(slots)
    bits = _bits(k)
    if not fumbles_excluded:
        weights[(Degree.CRITICAL_FAILURE, 0)] = 20 ** (k - 1)
    r = slots[-1] % 20
    if r == 0:
        later = _encode(dict.fromkeys(range(2, 20), 1) | {20: 2}, bits) ** (k - 1)
        _add(weights, Degree.CRITICAL_SUCCESS, (1 << (bits * 20)) * later, bits)
        first = _encode(dict.fromkeys(range(2, 20), 1) | {20: last - 20}, bits)
        _add(weights, Degree.SUCCESS, first * later, bits)
        return tuple(sorted(weights.items(), key=_order))

    losses = [20 - r if d == 1 else (0 if d <= r else d) for d in range(1, 21)]
    # the faces of the first die: a coup (index 0) or an ordinary face
    # (indices 1 .. last-2, faces 2 .. last-1)
    firsts = ((Degree.CRITICAL_SUCCESS, 0), (Degree.SUCCESS, 1))
    totals = [0, 0]
    previous = [0, 0]
    later_poly = 0  # Σ x^v20(d) over the faces with loss ≥ t, grown as t falls
    first_poly = [0, 0]
    by_loss = sorted(range(20), key=losses.__getitem__, reverse=True)
    n = 0
    # from the highest threshold down: G(≥t) − G(≥next t) has min loss t; the
    # later dice's power is shared by both kinds of first die
    for t in sorted(set(losses), reverse=True):
        while n < 20 and losses[by_loss[n]] >= t:
            j = by_loss[n]
            term = 1 << (bits * _v20(j + 1))
            later_poly += term
            if j == 0:
                first_poly[0] += term
            elif j < last - 1:
                first_poly[1] += term
            n += 1
        later = later_poly ** (k - 1)
        shift = bits * t
        for i in (0, 1):
            g = first_poly[i] * later
            totals[i] += (g - previous[i]) >> shift
            previous[i] = g
    # already in order (rank, then result): the fumble, successes, coups;
    # no dictionary keyed by degrees (an enum hashes in Python)
    ordered = list(weights.items())
    for degree, i in firsts[::-1]:
        ordered.extend(((degree, v), w) for v, w in _decode(totals[i], bits).items())
    return tuple(ordered)


def _order(item: tuple[tuple[Degree, int], int]) -> tuple[int, int]:
    (degree, value), _ = item
    return (degree.rank, value)


@lru_cache(maxsize=4096)
def fixed_assignment_weights(
    pw: int, assignment: tuple[int, ...]
) -> tuple[tuple[tuple[Degree, int], int], ...]:
    """Exact weights of a check whose dice go to fixed sub-checks (DS4-R06).

    ``assignment`` gives the 0-based sub-check of each die in roll order.
    The total weight is ``20**k``.

    >>> dict(fixed_assignment_weights(25, (1, 0)))[(Degree.SUCCESS, 25)]
    2
    """
    slots = sub_checks(pw)
    k = len(slots)
    bits = _bits(k)
    weights: Weights = {(Degree.CRITICAL_FAILURE, 0): 20 ** (k - 1)}

    def die_poly(slot: int, faces: Sequence[int]) -> int:
        coeffs: dict[int, int] = {}
        for d in faces:
            v = slot_value(d, slots[slot])
            coeffs[v] = coeffs.get(v, 0) + 1
        return _encode(coeffs, bits)

    later = 1
    for slot in assignment[1:]:
        later *= die_poly(slot, range(1, 21))
    first_coup = die_poly(assignment[0], (1,)) * later
    _add(weights, Degree.CRITICAL_SUCCESS, first_coup, bits)
    _add(weights, Degree.SUCCESS, die_poly(assignment[0], range(2, 20)) * later, bits)
    return tuple(sorted(weights.items(), key=_order))
