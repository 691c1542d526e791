"""The syntax tree of dice notation, which compiles down to dice.

Each node knows its range, its size estimate, how to roll and how to weigh
itself exactly. Dice terms compile down to a
[`Pool`][rollwerk.dice.Pool].
"""

from __future__ import annotations

from collections.abc import Callable

from rollwerk.dice._die import (
    Comparison,
)
from rollwerk.dice._exact import Weights, _convolve, product_cost
from rollwerk.dice._pool import Pool
from rollwerk.notation._rolled import NodeKind, RollNode
from rollwerk.rng import Rng

Fast = Callable[[Rng, list[int]], int]


class _Node:
    """A parsed node: static range, size estimates, rolling and weights."""

    __slots__ = ("bits", "count", "hi", "lo", "text", "work")

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
    __slots__ = ("pool",)

    def __init__(self, pool: Pool, text: str) -> None:
        self.pool = pool
        self.text = text
        self.lo, self.hi = pool.value_range()
        self.count = self.hi - self.lo + 1
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
        )

    def weights(self) -> tuple[Weights, int]:
        return self.pool.weights()


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
            bits += t.bits
            span = hi - lo + 1
            # pairwise products cost more with wide weights (about 2000 bits per unit)
            pairs = count * t.count * (bits // 2000 + 1)
            work += t.work + min(pairs, product_cost(span, bits))
            count = min(count * t.count, span)
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
        acc: Weights = {0: 1}
        total = 1
        for op, t in zip(self.ops, self.terms, strict=True):
            w, tt = t.weights()
            if op == "-":
                w = {-k: v for k, v in w.items()}
            acc = _convolve(acc, w)
            total *= tt
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
            else:
                corners = [lo // f.lo, lo // f.hi, hi // f.lo, hi // f.hi]
            lo, hi = min(corners), max(corners)
            bits += f.bits
            work += f.work + count * f.count * (bits // 2000 + 1)
            count = min(count * f.count, hi - lo + 1)
        self.lo, self.hi, self.bits, self.work = lo, hi, bits, work
        self.count = count

    def fast(self) -> Fast:
        parts = [
            (op == "/", f.fast()) for op, f in zip(self.ops, self.factors, strict=True)
        ]
        first = parts[0][1]
        rest = parts[1:]

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
            total = total // c.value if op == "/" else total * c.value
        return RollNode(NodeKind.PRODUCT, self.text, total, children, self.ops)

    def weights(self) -> tuple[Weights, int]:
        acc, total = self.factors[0].weights()
        for op, f in zip(self.ops[1:], self.factors[1:], strict=True):
            w, t = f.weights()
            total *= t
            out: Weights = {}
            for a, wa in acc.items():
                for b, wb in w.items():
                    k = a // b if op == "/" else a * b
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
    __slots__ = ("comparison", "left", "right")

    def __init__(
        self, left: _Node, comparison: Comparison, right: _Node, text: str
    ) -> None:
        self.left, self.comparison, self.right = left, comparison, right
        self.text = text
        self.lo, self.hi = 0, 1
        self.count = 2
        self.bits = left.bits + right.bits
        pairs = left.count * right.count * (self.bits // 2000 + 1)
        self.work = left.work + right.work + pairs

    def fast(self) -> Fast:
        lf, rf = self.left.fast(), self.right.fast()
        test = self.comparison.test
        return lambda rng, out: int(test(lf(rng, out), rf(rng, out)))

    def trace(self, rng: Rng) -> RollNode:
        a = self.left.trace(rng)
        b = self.right.trace(rng)
        value = int(self.comparison.test(a.value, b.value))
        return RollNode(
            NodeKind.COMPARE, self.text, value, (a, b), ("", self.comparison.value)
        )

    def weights(self) -> tuple[Weights, int]:
        wa, ta = self.left.weights()
        wb, tb = self.right.weights()
        test = self.comparison.test
        out: Weights = {}
        for a, x in wa.items():
            for b, y in wb.items():
                k = int(test(a, b))
                out[k] = out.get(k, 0) + x * y
        return {k: v for k, v in out.items() if v}, ta * tb


# -- the parser ----------------------------------------------------------------------
