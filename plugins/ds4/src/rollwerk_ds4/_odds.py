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

from rollwerk import Degree
from rollwerk_ds4._dice import slot_value, sub_checks

__all__ = ["check_weights", "fixed_assignment_weights"]

_BITS = 64
"""Bits per coefficient up to 14 dice; coefficients never exceed ``20**k``."""


def _bits(k: int) -> int:
    """Bits per coefficient for ``k`` dice: room for ``20**k`` (no carries)."""
    combinations: int = 20**k
    return max(_BITS, combinations.bit_length() + 1)


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


@lru_cache(maxsize=4096)
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

    def loss(d: int) -> int:
        if d == 1:
            return 20 - r
        return 0 if d <= r else d

    thresholds = sorted({loss(d) for d in range(1, 21)})
    for degree, first_faces in (
        (Degree.CRITICAL_SUCCESS, (1,)),
        (Degree.SUCCESS, tuple(range(2, last))),
    ):
        total = 0
        previous = 0
        # from the highest threshold down: G(≥t) − G(≥next t) has min loss t
        for t in reversed(thresholds):
            later_faces: dict[int, int] = {}
            for d in range(1, 21):
                if loss(d) >= t:
                    later_faces[_v20(d)] = later_faces.get(_v20(d), 0) + 1
            later = _encode(later_faces, bits) ** (k - 1)
            first_poly: dict[int, int] = {}
            for d in first_faces:
                if loss(d) >= t:
                    first_poly[_v20(d)] = first_poly.get(_v20(d), 0) + 1
            first = _encode(first_poly, bits)
            g = first * later
            exact = g - previous
            previous = g
            total += exact >> (bits * t)
        _add(weights, degree, total, bits)
    return tuple(sorted(weights.items(), key=_order))


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
