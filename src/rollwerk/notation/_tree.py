"""The syntax tree of dice notation, which compiles down to dice.

Each node knows its range, its size estimate, how to roll and how to weigh
itself exactly. Dice terms compile down to a
[`Pool`][rollwerk.dice.Pool].
"""

from __future__ import annotations

import bisect
import collections
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import TypeAlias

import attrs

from rollwerk._poly import (
    Weights,
    _convolve,
    _power,
    pair_units,
    product_cost,
)
from rollwerk._slots import slots_state
from rollwerk.dice._die import (
    Comparison,
    Condition,
    Keep,
    KeepKind,
    RolledDie,
)
from rollwerk.dice._exact import (
    _extreme_mixed,
    _keep_mixed,
    group_types,
)
from rollwerk.dice._pool import Pool
from rollwerk.dice._roll import DieRoll
from rollwerk.errors import ParameterError
from rollwerk.notation._rolled import NodeKind, RollNode, _divide
from rollwerk.rng import Rng

Fast = Callable[[Rng, list[int]], int]

Selector: TypeAlias = "tuple[bool, int] | Condition"
"""One of d20's selectors: ``(highest, n)`` for ``h``/``l`` with a number, or
a [`Condition`][rollwerk.dice.Condition] on the value (``3``, ``<3``, ``>3``)."""
SetOp: TypeAlias = "tuple[bool, tuple[Selector, ...]]"
"""One of d20's ``k``/``p`` operations: ``(drop, selectors)``. The selectors
of one operation written again are joined (``k1k2`` keeps 1s and 2s)."""


def apply_ops(values: Sequence[int], ops: Sequence[SetOp]) -> list[bool]:
    """Which of ``values`` d20's chain of ``k``/``p`` operations leaves kept.

    Each operation selects, among the values still kept, those any of its
    selectors picks (``h2``: the two highest, ``<3``: those below 3); ``k``
    drops the others, ``p`` drops those. Ties are broken by position, as
    d20's stable sort does, so ``h1`` and ``l1`` of two equal values pick
    the same one (``2d6kh1kl1`` is one die when both show the same face).

    >>> from rollwerk.dice import Comparison, Condition
    >>> apply_ops([1, 2, 3, 4, 5], [(False, ((True, 1), (False, 1)))])
    [True, False, False, False, True]
    >>> apply_ops([3, 3], [(False, ((True, 1), (False, 1)))])
    [True, False]
    >>> apply_ops([1, 1, 4], [(False, (Condition(Comparison.EQ, 1),)), (True, ((True, 1),))])
    [False, True, False]
    """
    n = len(values)
    kept = [True] * n
    for drop, selectors in ops:
        live = [i for i in range(n) if kept[i]]
        chosen: set[int] = set()
        for sel in selectors:
            if isinstance(sel, Condition):
                chosen.update(i for i in live if sel(values[i]))
            else:
                highest, amount = sel
                order = sorted(live, key=values.__getitem__, reverse=highest)
                chosen.update(order[:amount])
        for i in live:
            if (i in chosen) == drop:
                kept[i] = False
    return kept


def _staged(
    ops: Sequence[SetOp],
) -> tuple[list[SetOp], list[SetOp], list[SetOp]] | None:
    """A chain as three parts for `ops_weights`' dynamic programme, or ``None``.

    The parts are operations by value (which values take part), then by
    ``h``/``l`` (which places among them are kept), then by value again
    (which kept values count), each possibly empty. An operation must
    select by value only or by places only, and never by both ``h`` and
    ``l``: then the places kept do not depend on how ties are broken.
    """
    parts: tuple[list[SetOp], list[SetOp], list[SetOp]] = ([], [], [])
    stage = 0  # 0: by value, first; 1: by places; 2: by value, last
    for op in ops:
        sides = {s[0] for s in op[1] if not isinstance(s, Condition)}
        if not sides:
            stage = 0 if stage == 0 else 2
        elif (
            len(sides) == 2
            or stage == 2
            or any(isinstance(s, Condition) for s in op[1])
        ):
            return None
        else:
            stage = 1
        parts[stage].append(op)
    return parts


def _passes(v: int, ops: Sequence[SetOp]) -> bool:
    """Whether a value is still kept after operations by value alone."""
    return apply_ops((v,), ops)[0]


def _places(m: int, ops: Sequence[SetOp]) -> frozenset[int]:
    """The places (0: the highest) of ``m`` values that ``h``/``l`` operations keep."""
    kept = apply_ops(range(m - 1, -1, -1), ops)  # distinct values, highest first
    return frozenset(i for i, k in enumerate(kept) if k)


def ops_weights(types: Sequence[tuple[Weights, int]], ops: Sequence[SetOp]) -> Weights:
    """Exact weights of the sum that d20's chain ``ops`` keeps.

    ``types`` are the distinct distributions of the values, each with how
    many values have it; the weights total the product of the values'
    totals. A chain that `_staged` splits is a dynamic programme: filters
    by value first; conditioned on how many values of each type pass them
    (binomial weights) the places kept are fixed, and `_keep_mixed` sums
    the values at those places. Any other chain (``kh1kl1``, whose result
    depends on ties) is counted over the multisets of values, which is all
    its result depends on (`_multiset_weights`).
    """
    if not any(n for _, n in types):  # an empty set: nothing to keep
        return {0: 1}
    if _one_op_by_places(ops):
        return _one_op_weights(types, ops[0])
    parts = _staged(ops)
    if parts is None:
        return _multiset_weights(types, ops)
    first, places, last = parts

    def score(v: int) -> int:
        return v if _passes(v, last) else 0

    scored = score if last else None
    if not places:
        acc: Weights = {0: 1}
        for w, n in types:
            mapped: Weights = {}
            for v, x in w.items():
                key = score(v) if _passes(v, first) else 0
                mapped[key] = mapped.get(key, 0) + x
            acc = _convolve(acc, _power(mapped, n))
        return acc
    taking = [{v: x for v, x in w.items() if _passes(v, first)} for w, _ in types]
    left = [
        sum(w.values()) - sum(t.values())
        for (w, _), t in zip(types, taking, strict=True)
    ]
    counts = [range(n + 1) if first else (n,) for _, n in types]
    out: Weights = {}
    for chosen in itertools.product(*counts):
        coef = 1
        values: list[Weights] = []
        for (_, n), m, t, o in zip(types, chosen, taking, left, strict=True):
            coef *= math.comb(n, m) * o ** (n - m)
            if m and not t:
                coef = 0
            values.extend([t] * m)
        if not coef:
            continue
        kept = _places(len(values), places)
        if kept:
            inner = _keep_mixed(values, max(kept) + 1, True, scored, ranks=kept)
        else:
            total = 1
            for t in values:
                total *= sum(t.values())
            inner = {0: total}
        for s, x in inner.items():
            out[s] = out.get(s, 0) + x * coef
    return {s: x for s, x in out.items() if x}


def _one_op_by_places(ops: Sequence[SetOp]) -> bool:
    """Whether ``ops`` is one operation of ``h``/``l`` selectors (``kh1kl1``)."""
    return len(ops) == 1 and not any(isinstance(s, Condition) for s in ops[0][1])


def _one_op_weights(types: Sequence[tuple[Weights, int]], op: SetOp) -> Weights:
    """`ops_weights` of one operation of ``h``/``l`` selectors, by a DP.

    Walking the values from the highest down, a run of ``j`` equal values
    after ``done`` others holds the places ``done`` to ``done + j - 1``.
    ``h a`` picks those of them before place ``a``, ``l b`` those from
    place ``n - b`` on; d20 picks the first of equal values for each, so
    the operation picks the largest of those counts (``2d6kh1kl1`` keeps
    one die of a double).
    """
    drop, selectors = op
    n = sum(c for _, c in types)
    sides = [s for s in selectors if not isinstance(s, Condition)]

    def run(done: int, j: int) -> int:
        picked = 0
        for highest, amount in sides:
            if highest:
                picked = max(picked, min(done + j, amount) - done)
            else:
                picked = max(picked, done + j - max(done, n - amount))
        return j - picked if drop else picked

    values = [w for w, c in types for _ in range(c)]
    return _keep_mixed(values, n, True, run=run)


def _multiset_weights(
    types: Sequence[tuple[Weights, int]], ops: Sequence[SetOp]
) -> Weights:
    """`ops_weights` over the multisets of values of each type.

    Every selector picks, from a run of equal values, the first ones still
    kept, so how many of each value an operation keeps depends on the
    multiset of values alone: `apply_ops` on the sorted values gives it.
    A multiset of ``n`` values weighs its multinomial coefficient times
    the product of its values' weights.
    """
    per_type: list[list[tuple[tuple[int, ...], int]]] = []
    for w, n in types:
        options = []
        for combo in itertools.combinations_with_replacement(sorted(w), n):
            weight = math.factorial(n)
            runs: dict[int, int] = {}
            for v in combo:
                runs[v] = runs.get(v, 0) + 1
            for c in runs.values():
                weight //= math.factorial(c)
            for v, c in runs.items():
                weight *= w[v] ** c
            options.append((combo, weight))
        per_type.append(options)
    out: Weights = {}
    for choice in itertools.product(*per_type):
        values = sorted(v for combo, _ in choice for v in combo)
        weight = 1
        for _, x in choice:
            weight *= x
        kept = apply_ops(values, ops)
        total = sum(v for v, k in zip(values, kept, strict=True) if k)
        out[total] = out.get(total, 0) + weight
    return out


_PLENTY = 10**12
"""Far beyond any budget: counting moves stops there."""


def keep_moves(sizes: Sequence[int], k: int, *, filtered: bool = False) -> int:
    """The moves of `_keep_mixed` per value: over every state, its moves.

    A state counts how many values of each type (``sizes`` values of each
    distinct distribution) were placed, fewer than ``k`` in all; from it,
    each type may place any number of its values left. Values of one type
    make about ``k·n`` moves; ``n`` values of different types about
    ``3**n`` (every subset placed, then every subset of the rest).
    ``filtered``: summed over every number of each type's values that pass
    a filter first (d20's ``p>3kh5``: a keep for each). Counting stops past
    ``_PLENTY``.
    """
    if len(sizes) == 1 and not filtered:
        (n,) = sizes
        k = min(k, n + 1)
        return k * (n + 1) - k * (k - 1) // 2
    poly = [1]  # poly[j]: the moves from the states with j values placed
    for n in sizes:
        nxt = [0] * min(len(poly) + n, k)
        for j, x in enumerate(poly):
            for placed in range(min(n, k - 1 - j) + 1):
                left = n - placed + 1  # moves: place 0 to n - placed more
                # filtered: for each m from placed to n values passing
                moves = left * (left + 1) // 2 if filtered else left
                nxt[j + placed] += x * moves
        poly = nxt
        if sum(poly) > _PLENTY:
            return _PLENTY
    return sum(poly)


def memory_work(count: int, bits: int) -> int:
    """The memory of ``count`` outcomes with ``bits``-bit weights, in work units.

    About 100 bytes of dictionary and integer per outcome plus its weight's
    bytes; a unit stands for 125 bytes, so that the budget of
    `DiceLimits.max_work` (4 000 000 units) is also 500 MB. A node's work
    is at least the memory of its result: `2d80*1000+300d12r12ma2` holds
    47 859 totals of 15 000-byte weights (700 MB) and is refused.
    """
    return count * (bits // 8 + 100) // 125


def _distinct_values(elements: Sequence[_Node]) -> int:
    """At most how many distinct values ``elements`` take in all."""
    if not elements:
        return 0
    spread = max(e.hi for e in elements) - min(e.lo for e in elements) + 1
    return min(sum(e.count for e in elements), spread)


def ops_work(
    types: Sequence[tuple[int, int]],
    span: int,
    ops: Sequence[SetOp],
    bits: int = 0,
    distinct: int | None = None,
) -> int:
    """An estimate of the steps of `ops_weights`.

    ``types`` are ``(distinct values, how many values)`` per kind of value,
    ``span`` bounds the sums, ``bits`` the size of the exact weights,
    ``distinct`` the distinct values of all types together (default: the
    sum of each type's).
    Keeping places walks each value over the ``n + 1`` states and the
    moves up to the last place kept, each a product of wide weights;
    counting multisets visits each of them.
    """
    n = sum(c for _, c in types)
    values = sum(v for v, _ in types) if distinct is None else distinct
    if _one_op_by_places(ops):
        # per value, a move from every state (how many of each type are
        # placed) to every later one; each costs about 20 units and carries
        # the sums held, which span the values that the selectors can keep
        drop, selectors = ops[0]
        amounts = sum(s[1] for s in selectors if not isinstance(s, Condition))
        keeps = n if drop else min(n, amounts)
        sums = span * keeps // max(n, 1) + 1
        moves = values * keep_moves([c for _, c in types], n + 1)
        return moves * (20 + sums // 2)
    parts = _staged(ops)
    if parts is None:
        steps = 18 * (n + len(ops))  # sorting and selecting, per multiset
        for v, c in types:
            steps *= math.comb(c + v - 1, c)
        return steps
    first, places, _ = parts
    steps = values * span * (4 + bits // 512) // 4  # wide weights cost more
    if places:
        # a move per state and placement (about (n + 1)(k + 1) / 2 for one
        # type), each value passing the filter or not if there is one
        k = max(_places(n, places), default=-1) + 1
        sizes = [c for _, c in types]
        steps = steps * keep_moves(sizes, k, filtered=bool(first)) // 2
    return steps


def no_exact_odds(node: _Node) -> ParameterError | None:
    """Why ``node`` has no exact distribution at any size, or ``None``.

    A dice term that keeps or drops among the dice its explosions add
    (``8d6!kh3`` in Roll20) has no exact algorithm (see
    ``Pool._no_exact_odds``); its size estimate is only there to keep
    budgets from trying it.
    """
    pool = getattr(node, "pool", None)
    if isinstance(pool, Pool):
        refusal = pool._no_exact_odds()
        if refusal is not None:
            return refusal
    for child in children(node):
        found = no_exact_odds(child)
        if found is not None:
            return found
    return None


def children(node: _Node) -> Iterator[_Node]:
    """The nodes ``node`` is made of (terms, factors, elements, operands)."""
    for attr in ("terms", "factors", "elements"):
        yield from getattr(node, attr, ())
    for attr in ("operand", "left", "right", "inner"):
        child = getattr(node, attr, None)
        if isinstance(child, _Node):
            yield child


class _Node:
    """A parsed node: static range, size estimates, rolling and weights."""

    __slots__ = ("bits", "count", "hi", "lo", "text", "work")
    __getstate__ = slots_state  # pickle's protocols 0 and 1 too

    text: str
    lo: int
    hi: int
    count: int  # an upper bound of the number of possible values
    bits: int  # an upper bound of the bits of the exact weights' total
    work: int  # the estimated cost of the exact distribution

    def fast(self) -> Fast:
        raise NotImplementedError

    def trace(self, rng: Rng) -> RollNode:
        raise NotImplementedError

    def weights(self) -> tuple[Weights, int]:
        raise NotImplementedError


class _Number(_Node):
    __slots__ = ("value",)

    def __init__(self, value: int, text: str) -> None:
        self.value = value
        self.text = text
        self.lo = self.hi = value
        self.count = 1
        self.bits = 0
        self.work = 1

    def fast(self) -> Fast:
        v = self.value
        return lambda rng, out: v

    def trace(self, rng: Rng) -> RollNode:
        return RollNode(NodeKind.NUMBER, self.text, self.value)

    def weights(self) -> tuple[Weights, int]:
        return {self.value: 1}, 1


class _Dice(_Node):
    __slots__ = ("failures", "pool")

    def __init__(self, pool: Pool, text: str, *, failures: bool = False) -> None:
        self.pool = pool
        self.text = text
        self.failures = failures  # Foundry's cf: the dice counted are failures
        self.lo, self.hi = pool.value_range()
        self.count = (self.hi - self.lo) // pool.total_step() + 1
        self.bits = pool.count * (pool._single_bits() + 1)
        self.work = pool.work()

    def fast(self) -> Fast:
        return self.pool._roller()

    def trace(self, rng: Rng) -> RollNode:
        total, dice = self.pool._roll_traced(rng)
        return RollNode(
            NodeKind.DICE,
            self.text,
            total,
            dice=dice,
            counts_successes=self.pool.success is not None,
            counts_failures=self.failures,
            die_faces=self.pool.die.faces,
        )

    def weights(self) -> tuple[Weights, int]:
        return self.pool.weights()


class _DiceOps(_Node):
    """A dice term with d20's chain of ``k``/``p`` operations (``10d6k1k2k3``).

    The pool has no keep or tally of its own and each die is one value;
    the chain (see `apply_ops`) then keeps some of the dice.
    """

    __slots__ = ("ops", "pool")

    def __init__(self, pool: Pool, ops: tuple[SetOp, ...], text: str) -> None:
        self.pool, self.ops = pool, ops
        self.text = text
        lo, hi = pool._single_range()
        n = pool.count
        self.lo, self.hi = n * min(lo, 0), n * max(hi, 0)
        self.count = self.hi - self.lo + 1
        self.bits = n * (pool._single_bits() + 1)
        # the distinct values one die takes: d20's d% has 10 (0, 10, … 90),
        # not the 91 of its span, which had refused 3d%pl1p<4 as too big
        distinct = hi - lo + 1
        if pool.explode is None:
            faces = pool._faces()
            distinct = min(
                distinct, len(faces) if faces.__class__ is range else len(set(faces))
            )
        self.work = ops_work([(distinct, n)], self.count, ops, self.bits)

    def fast(self) -> Fast:
        draw = self.pool._draw_fast()
        times = range(self.pool.count)
        ops = self.ops

        def run(rng: Rng, out: list[int]) -> int:
            values = [draw(rng, out) for _ in times]
            kept = apply_ops(values, ops)
            return sum(v for v, k in zip(values, kept, strict=True) if k)

        return run

    def trace(self, rng: Rng) -> RollNode:
        _, dice = self.pool._roll_traced(rng)
        kept = apply_ops([d.value for d in dice], self.ops)
        marked = tuple(
            d if k else attrs.evolve(d, kept=False)
            for d, k in zip(dice, kept, strict=True)
        )
        total = sum(d.value for d in marked if d.kept)
        return RollNode(
            NodeKind.DICE, self.text, total, dice=marked, die_faces=self.pool.die.faces
        )

    def weights(self) -> tuple[Weights, int]:
        single, total = self.pool.single_weights()
        n = self.pool.count
        return ops_weights([(single, n)], self.ops), total**n


class _Rerolled(_Node):
    """d20's ``rol2``/``roh1``: the lowest (highest) ``amount`` dice rerolled once.

    All dice are drawn, then the chosen ones are drawn again in the order
    of the dice and the new faces replace theirs: the sum is the other
    dice (the highest, or lowest, ``count - amount``) plus ``amount``
    fresh dice. The result lists the replaced dice as dropped and the new
    ones after all the dice (the order they were drawn in).
    """

    __slots__ = ("amount", "highest", "pool")

    def __init__(self, pool: Pool, highest: bool, amount: int, text: str) -> None:
        self.pool, self.highest, self.amount = pool, highest, amount
        self.text = text
        self.lo, self.hi = pool.value_range()
        self.count = (self.hi - self.lo) // pool.total_step() + 1
        self.bits = (pool.count + amount) * (pool._single_bits() + 1)
        self.work = 2 * pool.work()
        if 0 < amount < pool.count:  # the dice not rerolled: a keep
            self.work += self._others().work()

    def _others(self) -> Pool:
        """The dice that are not rerolled, as a pool keeping them."""
        kind = KeepKind.KEEP_LOWEST if self.highest else KeepKind.KEEP_HIGHEST
        return attrs.evolve(self.pool, keep=Keep(kind, self.pool.count - self.amount))

    def _chosen(self, values: list[int]) -> list[int]:
        """The positions rerolled, in the order of the dice (d20's ``p`` selection)."""
        dropped = apply_ops(values, ((True, ((self.highest, self.amount),)),))
        return [i for i, kept in enumerate(dropped) if not kept]

    def fast(self) -> Fast:
        draw = self.pool._draw_fast()
        times = range(self.pool.count)

        def run(rng: Rng, out: list[int]) -> int:
            values = [draw(rng, out) for _ in times]
            for i in self._chosen(values):
                values[i] = draw(rng, out)
            return sum(values)

        return run

    def trace(self, rng: Rng) -> RollNode:
        # the rerolled dice are dropped and their new draws follow all the
        # dice, so that the dice list their draws in the order drawn
        _, first = self.pool._roll_traced(rng)
        dice = list(first)
        faces = self.pool._faces()
        sides = len(faces)
        again: list[RolledDie] = []
        for i in self._chosen([d.value for d in dice]):
            face = rng.roll(sides)
            value = faces[face - 1]
            dice[i] = attrs.evolve(dice[i], kept=False)
            again.append(
                RolledDie((DieRoll(sides, face, "reroll"),), (value,), 0, value)
            )
        dice += again
        total = sum(d.value for d in dice if d.kept)
        return RollNode(
            NodeKind.DICE,
            self.text,
            total,
            dice=tuple(dice),
            die_faces=self.pool.die.faces,
        )

    def weights(self) -> tuple[Weights, int]:
        pool = self.pool
        n, k = pool.count, self.amount
        single, total = pool.single_weights()
        if k == n:
            return _power(single, n), total**n
        kept, kept_total = self._others().weights()
        if k == 0:
            return kept, kept_total
        return _convolve(kept, _power(single, k)), kept_total * total**k


class _Sum(_Node):
    __slots__ = ("ops", "terms")

    def __init__(self, terms: list[_Node], ops: list[str], text: str) -> None:
        self.terms = tuple(terms)
        self.ops = tuple(ops)
        self.text = text
        lo = hi = 0
        bits = work = 0
        count = 1
        for op, t in zip(ops, terms, strict=True):
            if op == "+":
                lo, hi = lo + t.lo, hi + t.hi
            else:
                lo, hi = lo - t.hi, hi - t.lo
            # a pair multiplies a weight of the sum so far by one of the term
            pairs = count * t.count * pair_units(bits, t.bits)
            bits += t.bits
            span = hi - lo + 1
            work += t.work + min(pairs, product_cost(span, bits))
            count = min(count * t.count, span)
            work = max(work, memory_work(count, bits))
        self.lo, self.hi, self.bits, self.work = lo, hi, bits, work
        self.count = count

    def fast(self) -> Fast:
        parts = [
            (op == "-", t.fast()) for op, t in zip(self.ops, self.terms, strict=True)
        ]
        if len(parts) == 2:
            (n1, f1), (n2, f2) = parts
            if not n1 and isinstance(self.terms[1], _Number):
                c = -self.terms[1].value if n2 else self.terms[1].value
                return lambda rng, out: f1(rng, out) + c
            s1 = -1 if n1 else 1
            s2 = -1 if n2 else 1
            return lambda rng, out: s1 * f1(rng, out) + s2 * f2(rng, out)

        def run(rng: Rng, out: list[int]) -> int:
            total = 0
            for neg, f in parts:
                if neg:
                    total -= f(rng, out)
                else:
                    total += f(rng, out)
            return total

        return run

    def trace(self, rng: Rng) -> RollNode:
        children = tuple(t.trace(rng) for t in self.terms)
        total = 0
        for op, c in zip(self.ops, children, strict=True):
            total = total + c.value if op == "+" else total - c.value
        return RollNode(NodeKind.SUM, self.text, total, children, self.ops)

    def weights(self) -> tuple[Weights, int]:
        # terms written alike are one distribution: n of them are its n-th
        # power, by squaring, not n products one after another (250 terms
        # 3d4 took 7 s, 750d4 1 ms)
        # alike by what they are, not by their text: a term the parser
        # rewrote keeps the text it was written as (avrae's `1d2/2 + 1d2/3`
        # is `3*1d2 + 2*1d2` over 6, both scaled terms with the text `1d2`)
        alike: dict[tuple[str, object], list[_Node]] = {}
        for i, (op, t) in enumerate(zip(self.ops, self.terms, strict=True)):
            key = (t.pool, t.failures) if isinstance(t, _Dice) else i
            alike.setdefault((op, key), []).append(t)
        acc: Weights = {0: 1}
        total = 1
        for (op, _), same in alike.items():
            w, tt = same[0].weights()
            if op == "-":
                w = {-k: v for k, v in w.items()}
            n = len(same)
            acc = _convolve(acc, w if n == 1 else _power(w, n))
            total *= tt**n
        return acc, total


def _floordiv(a: int, b: int) -> int:
    return a // b


class _Product(_Node):
    __slots__ = ("factors", "ops")

    def __init__(self, factors: list[_Node], ops: list[str], text: str) -> None:
        self.factors = tuple(factors)
        self.ops = tuple(ops)
        self.text = text
        first = factors[0]
        lo, hi = first.lo, first.hi
        bits, work = first.bits, first.work
        count = first.count
        for op, f in zip(ops[1:], factors[1:], strict=True):
            if op == "*":
                corners = [lo * f.lo, lo * f.hi, hi * f.lo, hi * f.hi]
            elif op in ("%", "%j"):
                m = max(abs(f.lo), abs(f.hi)) - 1
                if op == "%j":
                    corners = [-m if lo < 0 else 0, m if hi > 0 else 0]
                elif f.lo > 0:
                    corners = [0, m]
                elif f.hi < 0:
                    corners = [-m, 0]
                else:
                    corners = [-m, m]
            elif op == "**":  # exponents are never negative (the parser refuses)
                m = max(abs(lo), abs(hi)) ** f.hi
                if lo > 0:
                    low = lo**f.lo  # the smallest base to the smallest power
                elif lo == 0:
                    low = 0 if f.hi > 0 else 1
                else:
                    low = -m
                corners = [low, m]
                if f.lo == 0:
                    corners.append(1)  # anything to the power 0, 0**0 too
            else:
                # a divisor whose bounds hold 0 but never is 0 (1d6k>0):
                # the extremes are at the ends of each sign's side
                sides = {f.lo, f.hi, -1, 1} - {0}
                divisors = [b for b in sides if f.lo <= b <= f.hi]
                corners = [_divide(op, a, b) for a in (lo, hi) for b in divisors]
            lo, hi = min(corners), max(corners)
            # every pair is a dict update of a wide product, and the result
            # has up to that many outcomes to sort: three units a pair
            work += f.work + 3 * count * f.count * pair_units(bits, f.bits)
            bits += f.bits
            count = min(count * f.count, hi - lo + 1)
            work = max(work, memory_work(count, bits))
        self.lo, self.hi, self.bits, self.work = lo, hi, bits, work
        self.count = count

    def fast(self) -> Fast:
        parts = [
            (op == "/", f.fast()) for op, f in zip(self.ops, self.factors, strict=True)
        ]
        first = parts[0][1]
        rest = parts[1:]

        if any(op not in ("*", "/") for op in self.ops):
            ops = self.ops[1:]
            fs = [f for _, f in rest]

            def run_ops(rng: Rng, out: list[int]) -> int:
                total = first(rng, out)
                for op, f in zip(ops, fs, strict=True):
                    total = _divide(op, total, f(rng, out))
                return total

            return run_ops

        def run(rng: Rng, out: list[int]) -> int:
            total = first(rng, out)
            for div, f in rest:
                if div:
                    total //= f(rng, out)
                else:
                    total *= f(rng, out)
            return total

        return run

    def trace(self, rng: Rng) -> RollNode:
        children = tuple(f.trace(rng) for f in self.factors)
        total = children[0].value
        for op, c in zip(self.ops[1:], children[1:], strict=True):
            total = _divide(op, total, c.value)
        return RollNode(NodeKind.PRODUCT, self.text, total, children, self.ops)

    def weights(self) -> tuple[Weights, int]:
        acc, total = self.factors[0].weights()
        for op, f in zip(self.ops[1:], self.factors[1:], strict=True):
            w, t = f.weights()
            total *= t
            out: Weights = {}
            for a, wa in acc.items():
                for b, wb in w.items():
                    k = _divide(op, a, b)
                    out[k] = out.get(k, 0) + wa * wb
            acc = out
        return acc, total


class _Negate(_Node):
    __slots__ = ("operand",)

    def __init__(self, operand: _Node, text: str) -> None:
        self.operand = operand
        self.text = text
        self.lo, self.hi = -operand.hi, -operand.lo
        self.count = operand.count
        self.bits = operand.bits
        self.work = operand.work + operand.count

    def fast(self) -> Fast:
        f = self.operand.fast()
        return lambda rng, out: -f(rng, out)

    def trace(self, rng: Rng) -> RollNode:
        child = self.operand.trace(rng)
        return RollNode(NodeKind.NEGATE, self.text, -child.value, (child,), ("-",))

    def weights(self) -> tuple[Weights, int]:
        w, t = self.operand.weights()
        return {-k: v for k, v in w.items()}, t


class _Compare(_Node):
    __slots__ = ("comparison", "left", "negated", "right")

    def __init__(
        self,
        left: _Node,
        comparison: Comparison,
        right: _Node,
        text: str,
        negated: bool = False,
    ) -> None:
        self.left, self.comparison, self.right = left, comparison, right
        self.negated = negated  # "!=": not equal
        self.text = text
        self.lo, self.hi = 0, 1
        self.count = 2
        self.bits = left.bits + right.bits
        # one pass over each side with prefix sums (see `weights`), not
        # pairs; each left value multiplies its weight by a prefix sum
        steps = right.count * 4 * (right.bits // 2000 + 1)
        steps += left.count * (3 + pair_units(left.bits, right.bits))
        self.work = left.work + right.work + steps

    def fast(self) -> Fast:
        lf, rf = self.left.fast(), self.right.fast()
        test = self._test
        return lambda rng, out: int(test(lf(rng, out), rf(rng, out)))

    def _test(self, a: int, b: int) -> bool:
        return self.comparison.test(a, b) != self.negated

    def trace(self, rng: Rng) -> RollNode:
        a = self.left.trace(rng)
        b = self.right.trace(rng)
        value = int(self._test(a.value, b.value))
        op = "!=" if self.negated else self.comparison.value
        return RollNode(NodeKind.COMPARE, self.text, value, (a, b), ("", op))

    def weights(self) -> tuple[Weights, int]:
        """The weights of 0 and 1, with prefix sums over the right side.

        For each value ``a`` on the left, the weight of the right values
        ``b`` that make the comparison true is a prefix or suffix sum of the
        right side's sorted weights (or one weight for ``=``): one pass over
        each side instead of every pair.
        """
        wa, ta = self.left.weights()
        wb, tb = self.right.weights()
        keys = sorted(wb)
        below = [0]  # below[i]: the weight of keys[:i]
        for b in keys:
            below.append(below[-1] + wb[b])
        whole = below[-1]
        cmp = self.comparison
        true = 0
        for a, x in wa.items():
            if cmp is Comparison.EQ:
                hits = wb.get(a, 0)
            elif cmp is Comparison.GT:  # b < a
                hits = below[bisect.bisect_left(keys, a)]
            elif cmp is Comparison.GE:  # b <= a
                hits = below[bisect.bisect_right(keys, a)]
            elif cmp is Comparison.LT:  # b > a
                hits = whole - below[bisect.bisect_right(keys, a)]
            else:  # LE: b >= a
                hits = whole - below[bisect.bisect_left(keys, a)]
            true += x * hits
        false = sum(wa.values()) * whole - true
        if self.negated:
            true, false = false, true
        out = {k: v for k, v in ((0, false), (1, true)) if v}
        return out, ta * tb


# -- the parser ----------------------------------------------------------------------


class _Function(_Node):
    """``floor(x)``, ``ceil(x)``, ``round(x)`` and ``abs(x)``.

    The rounding functions round a division inside their argument (the
    parser rewrites it); the node itself only applies ``abs``.
    """

    __slots__ = ("name", "operand")

    def __init__(self, name: str, operand: _Node, text: str) -> None:
        self.name, self.operand = name, operand
        self.text = text
        lo, hi = operand.lo, operand.hi
        if name == "abs":
            lo, hi = (
                (0 if lo <= 0 <= hi else min(abs(lo), abs(hi))),
                max(abs(lo), abs(hi)),
            )
        self.lo, self.hi = lo, hi
        self.count = operand.count
        self.bits = operand.bits
        self.work = operand.work + operand.count

    def _apply(self, v: int) -> int:
        return abs(v) if self.name == "abs" else v

    def fast(self) -> Fast:
        f = self.operand.fast()
        if self.name != "abs":
            return f
        return lambda rng, out: abs(f(rng, out))

    def trace(self, rng: Rng) -> RollNode:
        child = self.operand.trace(rng)
        value = self._apply(child.value)
        return RollNode(NodeKind.FUNCTION, self.text, value, (child,), (self.name,))

    def weights(self) -> tuple[Weights, int]:
        w, t = self.operand.weights()
        out: Weights = {}
        for k, v in w.items():
            key = self._apply(k)
            out[key] = out.get(key, 0) + v
        return out, t


class _Group(_Node):
    """A group of expressions: keep some, count those meeting a condition, or sum.

    ``{a, b, c}kh1`` keeps the highest total, ``{a, b}>8`` counts the totals
    of 8 or more (the parser turns the dialect's reading into a
    [`Condition`][rollwerk.dice.Condition]). With ``per_die`` the elements
    are the single dice of one sub-roll (Roll20's ``{4d6+3d8}kh1``). With
    ``select`` (d20's ``(1, 2, 3)k3``, ``k<3``, ``p>4``) the elements whose
    totals meet any of the conditions are kept (or, with ``drop``, dropped).
    With ``ops`` d20's chain of ``k``/``p`` operations picks the totals kept
    (``kh1kl1``, ``((…)kh5)kl2``; see `apply_ops`).
    """

    __slots__ = (
        "drop",
        "elements",
        "failure",
        "keep",
        "ops",
        "per_die",
        "select",
        "success",
    )

    def __init__(
        self,
        elements: list[_Node],
        text: str,
        *,
        keep: Keep | None = None,
        success: Condition | None = None,
        failure: Condition | None = None,
        per_die: bool = False,
        select: tuple[Condition, ...] = (),
        drop: bool = False,
        ops: tuple[SetOp, ...] = (),
    ) -> None:
        self.elements = tuple(elements)
        if keep is not None and keep.kept(len(elements))[1] >= len(elements):
            keep = None  # every element kept ({a, b}kh2, dl0): their sum
        self.keep, self.success, self.failure = keep, success, failure
        self.per_die = per_die
        self.select, self.drop = select, drop
        self.ops = ops
        self.text = text
        n = len(elements)
        if success is not None:
            self.lo, self.hi = (-n if failure is not None else 0), n
        elif select or ops:  # each element counts its total or nothing
            self.lo = sum(min(e.lo, 0) for e in elements)
            self.hi = sum(max(e.hi, 0) for e in elements)
        else:
            k = n if keep is None else keep.kept(n)[1]
            los = sorted(e.lo for e in elements)
            his = sorted(e.hi for e in elements)
            self.lo = sum(los[:k]) if k else 0
            self.hi = sum(his[-k:]) if k else 0
            self.lo = min(self.lo, sum(los[-k:]) if k else 0)
        self.count = self.hi - self.lo + 1
        self.bits = sum(e.bits for e in elements)
        work = sum(e.work for e in elements)
        if ops:
            work += ops_work(
                [(e.count, 1) for e in elements],
                self.count,
                ops,
                self.bits,
                _distinct_values(elements),
            )
        elif keep is not None and keep.kept(n)[1] == 1 and n > 1:
            # the highest (lowest) by running sums: per distinct value the
            # product of one running weight per element (`_extreme_mixed`)
            per_value, bits = 0, 0
            for e in elements:
                per_value += pair_units(bits, e.bits)
                bits += e.bits
            work += _distinct_values(elements) * per_value
        elif keep is not None:
            # a move per value, state and placement (`keep_moves`), each
            # carrying the sums held and multiplying wide weights
            wide = self.bits // 2000 + 1
            alike = collections.Counter(e.text for e in elements)
            moves = keep_moves(list(alike.values()), keep.kept(n)[1])
            work += _distinct_values(elements) * moves * (self.count + 1) * wide
        else:  # a sum of the elements: each against the totals so far
            bits = 0
            for e in elements:
                work += e.count * self.count * pair_units(bits, e.bits)
                bits += e.bits
        self.work = max(work, memory_work(self.count, self.bits))

    def _score(self, v: int) -> int:
        assert self.success is not None
        fail = self.failure is not None and self.failure(v)
        return int(self.success(v)) - int(fail)

    def _kept(self, values: list[int]) -> list[bool]:
        if self.ops:
            return apply_ops(values, self.ops)
        if self.select:
            return [self._selected(v) for v in values]
        n = len(values)
        kept = [True] * n
        if self.keep is not None:
            highest, k = self.keep.kept(n)
            order = sorted(range(n), key=values.__getitem__, reverse=highest)
            for pos in order[k:]:
                kept[pos] = False
        return kept

    def _selected(self, v: int) -> bool:
        """Whether a total is kept by ``select`` (and ``drop``)."""
        return any(c(v) for c in self.select) is not self.drop

    def _value(self, values: list[int], kept: list[bool]) -> int:
        if self.success is not None:
            return sum(self._score(v) for v, k in zip(values, kept, strict=True) if k)
        return sum(v for v, k in zip(values, kept, strict=True) if k)

    def fast(self) -> Fast:
        made: dict[int, Fast] = {}  # a group's like dice share one node
        parts = []
        for e in self.elements:
            roller = made.get(id(e))
            if roller is None:
                roller = made[id(e)] = e.fast()
            parts.append(roller)

        def run(rng: Rng, out: list[int]) -> int:
            values = [f(rng, out) for f in parts]
            return self._value(values, self._kept(values))

        return run

    def trace(self, rng: Rng) -> RollNode:
        children = [e.trace(rng) for e in self.elements]
        values = [c.value for c in children]
        kept = self._kept(values)
        marked = tuple(
            c if k else attrs.evolve(c, kept=False)
            for c, k in zip(children, kept, strict=True)
        )
        return RollNode(
            NodeKind.GROUP,
            self.text,
            self._value(values, kept),
            marked,
            tuple("," for _ in marked),
            counts_successes=self.success is not None,
        )

    def weights(self) -> tuple[Weights, int]:
        parts = [e.weights() for e in self.elements]
        total = 1
        for _, t in parts:
            total *= t
        n = len(parts)
        if self.ops:
            return ops_weights(group_types([w for w, _ in parts]), self.ops), total
        if self.keep is not None:
            highest, k = self.keep.kept(n)
            if 0 < k < n:
                score = None if self.success is None else self._score
                weights = [w for w, _ in parts]
                if k == 1:
                    return _extreme_mixed(weights, highest, score), total
                return _keep_mixed(weights, k, highest, score), total
            if k == 0:
                return {0: total}, total
        acc: Weights = {0: 1}
        for part, _ in parts:
            w = part
            if self.select:
                w = {}
                for v, x in part.items():
                    key = v if self._selected(v) else 0
                    w[key] = w.get(key, 0) + x
            elif self.success is not None:
                mapped: Weights = {}
                for v, x in part.items():
                    key = self._score(v)
                    mapped[key] = mapped.get(key, 0) + x
                w = mapped
            acc = _convolve(acc, w)
        return acc, total


class _Labelled(_Node):
    """A node with a label (``1d20 [fire]``), carried into its rolled node."""

    __slots__ = ("inner", "label")

    def __init__(self, inner: _Node, label: str) -> None:
        self.inner, self.label = inner, label
        self.text = inner.text
        self.lo, self.hi, self.count = inner.lo, inner.hi, inner.count
        self.bits, self.work = inner.bits, inner.work

    def fast(self) -> Fast:
        return self.inner.fast()

    def trace(self, rng: Rng) -> RollNode:
        node = self.inner.trace(rng)
        label = f"{node.label}, {self.label}" if node.label else self.label
        return attrs.evolve(node, label=label)

    def weights(self) -> tuple[Weights, int]:
        return self.inner.weights()


def written_dice(node: object) -> int:
    """How many dice ``node`` writes (``2d6+1d4``: 3), before any reroll or explosion."""
    return sum(pool.count for pool in _pools(node))


def _pools(node: object) -> list[Pool]:
    """Every dice term's pool in ``node``, in no particular order."""
    found: list[Pool] = []
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, Pool):
            found.append(item)
        elif isinstance(item, _Node):
            todo.extend(
                getattr(item, slot, None)
                for cls in type(item).__mro__
                for slot in getattr(cls, "__slots__", ())
            )
        elif isinstance(item, (list, tuple)):
            todo.extend(item)
    return found


def listed_faces(node: object) -> list[tuple[int, ...]]:
    """The faces of every die in ``node`` that an Rng draws by index.

    A Fudge die and a die with listed faces (``d{2,4,8}``, a German ``W66``)
    show another number than the index ``1..sides`` a draw gives; the CLI's
    ``--rolls`` names them when a face does not fit.
    """
    found: list[tuple[int, ...]] = []
    for pool in _pools(node):
        if not pool.die.is_standard and pool.die.faces not in found:
            found.append(tuple(pool.die.faces))
    return found
