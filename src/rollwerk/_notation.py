"""Dice notation: a hand-written recursive-descent parser, rolls and exact odds.

``parse("4d6kh3+2")`` gives an [`Expression`][rollwerk.Expression] (cached);
it rolls to a [`RollResult`][rollwerk.RollResult] and gives its exact
[`Distribution`][rollwerk.Distribution]. The grammar, the features and the
limits are documented on the notation page of the docs.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rollwerk._checks import DieRoll
from rollwerk._dice import (
    DICE_LIMITS,
    Comparison,
    Condition,
    Die,
    Keep,
    KeepKind,
    Pool,
    RolledDie,
    Weights,
    _convolve,
    _drawer,
    product_cost,
)
from rollwerk._distribution import Distribution
from rollwerk._errors import (
    LimitExceeded,
    NotationError,
    ParameterError,
    RollwerkError,
    SchemaError,
)
from rollwerk._rng import Rng, ScriptedRng

__all__ = ["Expression", "NodeKind", "RollNode", "RollResult", "parse", "roll"]

SCHEMA = 1

Fast = Callable[[Rng, list[int]], int]


def check_work(work: int) -> None:
    """Refuse an exact computation whose estimated size exceeds the limit."""
    if work > DICE_LIMITS.max_work:
        raise LimitExceeded("exact computation size", work, DICE_LIMITS.max_work)


# -- result tree -------------------------------------------------------------------


class NodeKind(enum.Enum):
    """The kind of a node in a rolled expression's tree."""

    NUMBER = "number"
    """A constant."""
    DICE = "dice"
    """A dice term (a pool with its modifiers)."""
    SUM = "sum"
    """Terms added and subtracted."""
    PRODUCT = "product"
    """Factors multiplied and divided (``/`` rounds down)."""
    NEGATE = "negate"
    """Unary minus."""
    COMPARE = "compare"
    """A total compared with another: 1 if true, else 0."""


@attrs.frozen
class RollNode:
    """One node of a rolled expression: its notation, value and parts."""

    kind: NodeKind
    """What kind of node this is."""
    text: str
    """The part of the notation this node stands for."""
    value: int
    """The node's value in this roll."""
    children: tuple[RollNode, ...] = ()
    """The operands, left to right."""
    operators: tuple[str, ...] = ()
    """The operator before each child (``+``/``-``, ``*``/``/``, or the
    comparison for ``COMPARE``)."""
    dice: tuple[RolledDie, ...] = ()
    """For ``DICE``: every die of the pool, in the order rolled."""
    counts_successes: bool = False
    """For ``DICE``: whether the value counts successes instead of summing."""

    def walk(self) -> list[RollNode]:
        """This node and all nodes below it, depth first, left to right."""
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out

    def to_json(self) -> dict[str, Any]:
        """Plain JSON of this node and its subtree."""
        data: dict[str, Any] = {
            "kind": self.kind.value,
            "text": self.text,
            "value": self.value,
        }
        if self.children:
            data["children"] = [c.to_json() for c in self.children]
            data["operators"] = list(self.operators)
        if self.dice:
            data["dice"] = [d.to_json() for d in self.dice]
        if self.counts_successes:
            data["counts_successes"] = True
        return data


# -- syntax tree -------------------------------------------------------------------


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

_DIGITS = frozenset("0123456789")
_SPACES = frozenset(" \t")


class _Parser:
    """Recursive descent over the notation; positions are 0-based internally."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0
        self.dice = 0
        self.draws = 0

    def error(self, reason: str, pos: int | None = None) -> NotationError:
        p = self.pos if pos is None else pos
        return NotationError(self.text, min(p, len(self.text)) + 1, reason)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip(self) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in _SPACES:
            self.pos += 1

    def unexpected(self) -> NotationError:
        c = self.peek()
        if not c:
            return self.error("unexpected end of notation")
        return self.error(f"unexpected {c!r}")

    def parse(self) -> _Node:
        self.skip()
        if self.pos >= len(self.text):
            raise self.error("empty notation")
        node = self.comparison()
        self.skip()
        if self.pos < len(self.text):
            if self.peek() == ")":
                raise self.error("unmatched ')'")
            raise self.unexpected()
        return node

    def slice(self, start: int) -> str:
        return self.text[start : self.pos].strip()

    def comparison(self) -> _Node:
        self.skip()
        start = self.pos
        left = self.sum()
        self.skip()
        if self.peek() in ("<", ">", "="):
            cmp = self.comparison_op()
            right = self.sum()
            return _Compare(left, cmp, right, self.slice(start))
        return left

    def comparison_op(self) -> Comparison:
        text = self.text
        two = text[self.pos : self.pos + 2]
        if two in (">=", "<="):
            self.pos += 2
            return Comparison(two)
        c = self.peek()
        self.pos += 1
        if c == "=" and self.peek() == "=":
            self.pos += 1
        return Comparison(c)

    def sum(self) -> _Node:
        self.skip()
        start = self.pos
        terms = [self.product()]
        ops = ["+"]
        while True:
            self.skip()
            c = self.peek()
            if c not in ("+", "-"):
                break
            self.pos += 1
            ops.append(c)
            terms.append(self.product())
        if len(terms) == 1:
            return terms[0]
        return _Sum(terms, ops, self.slice(start))

    def product(self) -> _Node:
        self.skip()
        start = self.pos
        factors = [self.unary()]
        ops = ["*"]
        while True:
            self.skip()
            c = self.peek()
            if c not in ("*", "/"):
                break
            op_pos = self.pos
            self.pos += 1
            factor = self.unary()
            if c == "/" and factor.lo == 0 == factor.hi:
                raise self.error("division by zero", op_pos)
            if c == "/" and factor.lo <= 0 <= factor.hi:
                raise self.error(
                    f"the divisor {factor.text!r} can be 0 (its values range "
                    f"from {factor.lo} to {factor.hi})",
                    op_pos,
                )
            ops.append(c)
            factors.append(factor)
        if len(factors) == 1:
            return factors[0]
        return _Product(factors, ops, self.slice(start))

    def unary(self) -> _Node:
        self.skip()
        start = self.pos
        negative = False
        while self.peek() in ("-", "+"):
            if self.peek() == "-":
                negative = not negative
            self.pos += 1
            self.skip()
        node = self.primary()
        if negative:
            return _Negate(node, self.slice(start))
        return node

    def integer(self, what: str) -> int:
        start = self.pos
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos == start:
            raise self.error(f"expected {what}")
        return int(text[start : self.pos])

    def signed(self, what: str, limit: str) -> int:
        negative = self.peek() == "-"
        if negative:
            self.pos += 1
        value = self.integer(what)
        if value > DICE_LIMITS.max_face:
            raise LimitExceeded(limit, value, DICE_LIMITS.max_face)
        return -value if negative else value

    def primary(self) -> _Node:
        self.skip()
        c = self.peek()
        start = self.pos
        if c == "(":
            self.depth += 1
            if self.depth > DICE_LIMITS.max_depth:
                raise LimitExceeded("nesting depth", self.depth, DICE_LIMITS.max_depth)
            self.pos += 1
            node = self.comparison()
            self.skip()
            if self.peek() != ")":
                if not self.peek():
                    raise self.error(f"'(' at column {start + 1} is never closed")
                raise self.error(f"expected ')' to close '(' at column {start + 1}")
            self.pos += 1
            self.depth -= 1
            return node
        if c in _DIGITS:
            value = self.integer("a number")
            if self.peek() in ("d", "D", "w", "W"):
                return self.dice_term(start, value)
            return _Number(value, self.slice(start))
        if c in ("d", "D", "w", "W"):
            return self.dice_term(start, None)
        if not c:
            raise self.error(
                "unexpected end of notation: expected a number, a die or '('"
            )
        raise self.error(f"unexpected {c!r}: expected a number, a die or '('")

    def die(self) -> Die:
        c = self.peek()
        if c in _DIGITS:
            pos = self.pos
            sides = self.integer("the number of sides")
            if sides < 1:
                raise self.error("a die needs at least 1 side", pos)
            if sides > DICE_LIMITS.max_sides:
                raise LimitExceeded("sides", sides, DICE_LIMITS.max_sides)
            return Die(sides)
        if c == "%":
            self.pos += 1
            return Die(100)
        if c in ("F", "f"):
            self.pos += 1
            return Die.fudge()
        if c == "{":
            return self.custom_faces()
        raise self.error(
            "expected the number of sides, '%', 'F' or '{faces}' after the die letter"
        )

    def custom_faces(self) -> Die:
        self.pos += 1
        faces: list[int] = []
        while True:
            self.skip()
            faces.append(self.signed("a face value", "face value"))
            if len(faces) > DICE_LIMITS.max_sides:
                raise LimitExceeded("sides", len(faces), DICE_LIMITS.max_sides)
            self.skip()
            c = self.peek()
            if c == ",":
                self.pos += 1
                continue
            if c == "}":
                self.pos += 1
                return Die.custom(faces)
            raise self.error("expected ',' or '}' in the faces of a custom die")

    def condition(self, what: str, *, bare: bool) -> Condition:
        """A compare point: ``>=5``, ``<2``, ``=3`` or (when ``bare``) ``3``."""
        c = self.peek()
        if c in ("<", ">", "="):
            cmp = self.comparison_op()
            self.skip()
        elif bare:
            cmp = Comparison.EQ
        else:
            raise self.error(f"expected a comparison for {what}")
        return Condition(cmp, self.signed(f"a number for {what}", "comparison target"))

    def target_ahead(self) -> bool:
        """Whether a comparison here has a plain number target (success counting).

        ``3d6>=5`` counts dice; ``1d20 > 1d20`` and ``3d6>=(10)`` compare totals.
        """
        text, n = self.text, len(self.text)
        p = self.pos
        while p < n and text[p] in "<>=":
            p += 1
        while p < n and text[p] in _SPACES:
            p += 1
        if p < n and text[p] == "-":
            p += 1
        digits = p
        while p < n and text[p] in _DIGITS:
            p += 1
        if p == digits:
            return False
        return not (p < n and text[p] in "dDwW")

    def dice_term(self, start: int, count: int | None) -> _Node:
        text = self.text
        if count is None:
            count = 1
        elif count < 1:
            raise self.error("the number of dice must be at least 1", start)
        if count > DICE_LIMITS.max_dice:
            raise LimitExceeded("dice count", count, DICE_LIMITS.max_dice)
        self.dice += count
        if self.dice > DICE_LIMITS.max_dice:
            raise LimitExceeded("dice count", self.dice, DICE_LIMITS.max_dice)
        self.pos += 1  # the die letter
        die = self.die()
        reroll: list[Condition] = []
        once: bool | None = None
        explode: Condition | None = None
        keep: Keep | None = None
        success: Condition | None = None
        failure: Condition | None = None
        while True:
            save = self.pos
            self.skip()
            mpos = self.pos
            c = self.peek().lower()
            if c in ("k", "d"):
                self.pos += 1
                side = self.peek().lower()
                if side in ("h", "l"):
                    self.pos += 1
                    kind = KeepKind(c + side)
                    amount = self.integer("a number") if self.peek() in _DIGITS else 1
                else:
                    kind = KeepKind.KEEP_HIGHEST if c == "k" else KeepKind.DROP_LOWEST
                    amount = self.integer(f"'h', 'l' or a number after '{text[mpos]}'")
                if keep is not None:
                    raise self.error("keep or drop is given twice", mpos)
                if amount > count:
                    verb = "keep" if c == "k" else "drop"
                    raise self.error(f"cannot {verb} {amount} of {count} dice", mpos)
                keep = Keep(kind, amount)
            elif c == "r":
                self.pos += 1
                this_once = self.peek().lower() == "o"
                if this_once:
                    self.pos += 1
                if once is not None and once != this_once:
                    raise self.error("'r' and 'ro' cannot be mixed", mpos)
                once = this_once
                reroll.append(self.condition("a reroll", bare=True))
            elif c == "!":
                self.pos += 1
                if self.peek() == "!":
                    self.pos += 1
                if explode is not None:
                    raise self.error("explode is given twice", mpos)
                if self.peek() in ("<", ">", "=") or self.peek() in _DIGITS:
                    explode = self.condition("an explosion", bare=True)
                else:
                    explode = Condition(Comparison.EQ, max(die.faces))
            elif c in ("<", ">", "=") and success is None and self.target_ahead():
                success = self.condition("success counting", bare=False)
                if self.peek().lower() == "f":
                    self.pos += 1
                    failure = self.condition("failure counting", bare=True)
            else:
                self.pos = save
                break
        letter = text[start:].lstrip("0123456789")[:1]
        if (
            reroll
            and not once
            and all(any(cond(v) for cond in reroll) for v in die.faces)
        ):
            raise self.error(
                f"every face of the die is rerolled, so the roll never ends "
                f"(die {die.notation(letter in 'wW')})",
                start,
            )
        if explode is not None and all(map(explode, die.faces)):
            raise self.error(
                f"every face of the die explodes, so the roll never ends "
                f"(die {die.notation(letter in 'wW')})",
                start,
            )
        pool = Pool(
            count,
            die,
            reroll=tuple(reroll),
            reroll_once=bool(once),
            explode=explode,
            keep=keep,
            success=success,
            failure=failure,
        )
        self.draws += pool.worst_case_draws
        if self.draws > DICE_LIMITS.max_draws:
            raise LimitExceeded("dice drawn", self.draws, DICE_LIMITS.max_draws)
        return _Dice(pool, self.slice(start))


# -- expressions and results ---------------------------------------------------------

_new_object = object.__new__


class Expression:
    """A parsed dice expression: roll it, or ask for its exact distribution.

    Get one from [`parse`][rollwerk.parse] (cached) rather than building it.

    >>> expr = parse("2W6+3")
    >>> expr.roll(ScriptedRng([4, 5])).total
    12
    >>> expr.distribution()[10]
    Fraction(1, 6)
    >>> expr.value_range
    (5, 15)
    """

    __slots__ = ("_dist", "_node", "_notation", "_roll")

    def __init__(self, notation: str, node: _Node) -> None:
        self._notation = notation
        self._node = node
        self._dist: Distribution[int] | None = None
        # Compiled on the first roll: expressions parsed only for their
        # distribution never pay for it.
        self._roll: Callable[[Rng], RollResult] = self._compile_and_roll

    def _compile_and_roll(self, rng: Rng) -> RollResult:
        self._roll = self._compile()
        return self._roll(rng)

    def _compile(self) -> Callable[[Rng], RollResult]:
        node = self._node
        new = _new_result
        expr = self
        if (
            isinstance(node, _Dice)
            and node.pool.is_plain
            and node.pool.count == 1
            and node.pool.die.is_standard
        ):
            sides = node.pool.die.sides

            def one_die(rng: Rng) -> RollResult:
                x = rng.roll(sides)
                return new(expr, (x,), x)

            return one_die
        if (
            isinstance(node, _Sum)
            and len(node.terms) == 2
            and node.ops[0] == "+"
            and isinstance(node.terms[0], _Dice)
            and isinstance(node.terms[1], _Number)
        ):
            pool = node.terms[0].pool
            if pool.is_plain and pool.count == 1 and pool.die.is_standard:
                sides = pool.die.sides
                c = node.terms[1].value * (-1 if node.ops[1] == "-" else 1)

                def die_plus(rng: Rng) -> RollResult:
                    x = rng.roll(sides)
                    return new(expr, (x,), x + c)

                return die_plus
        if isinstance(node, _Dice):
            single = _single_pool(expr, node.pool)
            if single is not None:
                return single
        fast = node.fast()

        def general(rng: Rng) -> RollResult:
            out: list[int] = []
            total = fast(rng, out)
            return new(expr, tuple(out), total)

        return general

    @property
    def notation(self) -> str:
        """The notation this expression was parsed from."""
        return self._notation

    @property
    def value_range(self) -> tuple[int, int]:
        """A lower and upper bound of the value (exact for sums of dice)."""
        return self._node.lo, self._node.hi

    def roll(self, rng: Rng) -> RollResult:
        """Roll the expression, drawing every die from ``rng``."""
        return self._roll(rng)

    def replay(self, faces: tuple[int, ...] | list[int]) -> RollResult:
        """Roll with exactly these faces (a [`ScriptedRng`][rollwerk.ScriptedRng]).

        Raises [`ParameterError`][rollwerk.ParameterError] if faces are left over.
        """
        rng = ScriptedRng(faces)
        result = self.roll(rng)
        if rng.remaining:
            raise ParameterError(
                "faces", list(faces), f"exactly the {rng.used} faces the roll draws"
            )
        return result

    def trace(self, rng: Rng) -> RollNode:
        """Roll with a full record of every die (slower than `roll`)."""
        return self._node.trace(rng)

    def distribution(self) -> Distribution[int]:
        """The exact distribution of the total (cached).

        Raises [`LimitExceeded`][rollwerk.LimitExceeded] before any work when
        the estimated size of the computation exceeds the documented limit.
        """
        if self._dist is None:
            check_work(self._node.work)
            weights, total = self._node.weights()
            self._dist = Distribution._from_weights(weights, total)
        return self._dist

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expression):
            return NotImplemented
        return self._notation == other._notation

    def __hash__(self) -> int:
        return hash(("Expression", self._notation))

    def __repr__(self) -> str:
        return f"parse({self._notation!r})"


class RollResult:
    """A rolled expression: the total, every die drawn, and an explanation.

    Only the faces and the total are recorded while rolling (that keeps
    rolling fast); the tree of what was kept, dropped, rerolled and exploded
    is rebuilt on demand by replaying the faces.

    >>> r = roll("4d6kh3+2", ScriptedRng([3, 6, 1, 5]))
    >>> r.total
    16
    >>> print(r.explain())
    4d6kh3+2 = 16
      4d6kh3: 3, 6, 1 (dropped), 5 → 14
    >>> print(r.explain("de"))
    4d6kh3+2 = 16
      4d6kh3: 3, 6, 1 (verworfen), 5 → 14
    >>> tuple(d.face for d in r.rolls)
    (3, 6, 1, 5)
    >>> RollResult.from_json(r.to_json()) == r
    True
    """

    __slots__ = ("_expr", "_faces", "_total", "_tree")

    _expr: Expression
    # A tuple, or bytes as a batched draw returns them (turned into a tuple
    # on first access: most rolls are only ever asked for their total).
    _faces: tuple[int, ...] | bytes
    _total: int
    _tree: RollNode | None

    @property
    def expression(self) -> Expression:
        """The expression that was rolled."""
        return self._expr

    @property
    def notation(self) -> str:
        """The notation that was rolled."""
        return self._expr._notation

    @property
    def total(self) -> int:
        """The value of the expression in this roll."""
        return self._total

    @property
    def faces(self) -> tuple[int, ...]:
        """The index each draw gave, in draw order (feed to a ScriptedRng)."""
        faces = self._faces
        if isinstance(faces, bytes):
            faces = self._faces = tuple(faces)
        return faces

    @property
    def tree(self) -> RollNode:
        """The tree of what was rolled, kept, dropped, rerolled and exploded."""
        tree = self._tree
        if tree is None:
            rng = ScriptedRng(self._faces)
            tree = self._expr._node.trace(rng)
            self._tree = tree
        return tree

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        """Every die drawn, in draw order, as [`DieRoll`][rollwerk.DieRoll]s."""
        return tuple(r for d in self.pool_dice for r in d.rolls)

    @property
    def dice(self) -> tuple[DieRoll, ...]:
        """The same as [`rolls`][rollwerk.RollResult.rolls]."""
        return self.rolls

    @property
    def pool_dice(self) -> tuple[RolledDie, ...]:
        """Every die of every pool with its history, in draw order."""
        return tuple(d for n in self.tree.walk() for d in n.dice)

    def explain(self, lang: str = "en") -> str:
        """What was rolled, in English (``"en"``) or German (``"de"``)."""
        if lang not in ("en", "de"):
            raise ParameterError("lang", lang, "'en' or 'de'")
        return _explain(self.notation, self.tree, self._total, lang)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with ``"schema": 1``: notation, total, rolls and tree."""
        return {
            "schema": SCHEMA,
            "notation": self.notation,
            "total": self._total,
            "rolls": [r.to_json() for r in self.rolls],
            "tree": self.tree.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RollResult:
        """Load what [`to_json`][rollwerk.RollResult.to_json] wrote.

        The notation is parsed again and the recorded faces replayed; a
        total or tree that does not match its rolls is a
        [`SchemaError`][rollwerk.SchemaError].
        """
        if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
            got = data.get("schema") if isinstance(data, Mapping) else data
            raise SchemaError(f"schema must be {SCHEMA}, got {got!r}")
        try:
            notation = data["notation"]
            faces = [int(r["face"]) for r in data["rolls"]]
            total = data["total"]
        except (KeyError, TypeError, ValueError) as exc:
            raise SchemaError(f"malformed roll result JSON: {exc!r}") from exc
        if not isinstance(notation, str):
            raise SchemaError(f"notation must be a string, got {notation!r}")
        try:
            result = parse(notation).replay(faces)
        except RollwerkError as exc:
            raise SchemaError(f"roll result does not replay: {exc}") from exc
        if result.total != total:
            raise SchemaError(
                f"total {total!r} does not match the rolls (they give {result.total})"
            )
        if "tree" in data and data["tree"] != result.tree.to_json():
            raise SchemaError("tree does not match the rolls")
        return result

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollResult):
            return NotImplemented
        return (
            self._expr._notation == other._expr._notation
            and self.faces == other.faces
            and self._total == other._total
        )

    def __hash__(self) -> int:
        return hash((self._expr._notation, self.faces, self._total))

    def __repr__(self) -> str:
        return (
            f"RollResult({self.notation!r}, total={self._total}, faces={self.faces!r})"
        )


def _new_result(
    expr: Expression, faces: tuple[int, ...] | bytes, total: int
) -> RollResult:
    r: RollResult = _new_object(RollResult)
    r._expr = expr
    r._faces = faces
    r._total = total
    r._tree = None
    return r


def _single_pool(expr: Expression, pool: Pool) -> Callable[[Rng], RollResult] | None:
    """A specialised roller for an expression that is one standard-die pool.

    Only pools without rerolls and explosions qualify: their draws are the
    indices themselves, so the value is computed straight from them.
    """
    if pool.reroll or pool.explode is not None or not pool.die.is_standard:
        return None
    new = _new_result
    sides = pool.die.sides
    draw = _drawer(sides, pool.count)
    g = pool._scorer()
    if pool.keep is None:
        if g is None:

            def plain(rng: Rng) -> RollResult:
                idx = draw(rng)
                return new(expr, idx if type(idx) is bytes else tuple(idx), sum(idx))

            return plain
        hits = tuple(f for f in pool.die.faces if g(f) == 1)
        misses = tuple(f for f in pool.die.faces if g(f) == -1)
        if sides <= 255 and pool.count > 1:
            # Batched draws from a SeededRng come as bytes: count the faces
            # by deleting all others (one C call each for hits and misses).
            not_hit = bytes(f for f in range(1, sides + 1) if f not in hits)
            not_miss = bytes(f for f in range(1, sides + 1) if f not in misses)
            few = len(hits) + len(misses) <= 4
            score = (0, *(g(f) for f in pool.die.faces)).__getitem__

            def count_bytes(rng: Rng) -> RollResult:
                idx = draw(rng)
                if type(idx) is bytes:
                    c = len(idx.translate(None, not_hit))
                    if misses:
                        c -= len(idx.translate(None, not_miss))
                elif few:
                    c = 0
                    for v in hits:
                        c += idx.count(v)
                    for v in misses:
                        c -= idx.count(v)
                else:
                    c = sum(map(score, idx))
                return new(expr, idx if type(idx) is bytes else tuple(idx), c)

            return count_bytes
        if len(hits) + len(misses) <= 4:

            def count_few(rng: Rng) -> RollResult:
                idx = draw(rng)
                c = 0
                for v in hits:
                    c += idx.count(v)
                for v in misses:
                    c -= idx.count(v)
                return new(expr, tuple(idx), c)

            return count_few
        score = (0, *(g(f) for f in pool.die.faces)).__getitem__

        def count(rng: Rng) -> RollResult:
            idx = draw(rng)
            return new(expr, tuple(idx), sum(map(score, idx)))

        return count
    highest, k = pool.keep.kept(pool.count)
    lo, hi = (pool.count - k, pool.count) if highest else (0, k)
    if g is None:

        def kept(rng: Rng) -> RollResult:
            idx = draw(rng)
            return new(expr, tuple(idx), sum(sorted(idx)[lo:hi]))

        return kept
    score = (0, *(g(f) for f in pool.die.faces)).__getitem__

    def kept_count(rng: Rng) -> RollResult:
        idx = draw(rng)
        return new(expr, tuple(idx), sum(map(score, sorted(idx)[lo:hi])))

    return kept_count


def _explain(notation: str, tree: RollNode, total: int, lang: str) -> str:
    de = lang == "de"
    lines = [f"{notation} = {total}"]
    for node in _postorder(tree):
        if node.kind is NodeKind.DICE:
            body = ", ".join(d.describe(lang) for d in node.dice)
            if node.counts_successes:
                n = node.value
                if de:
                    word = "Erfolg" if abs(n) == 1 else "Erfolge"
                else:
                    word = "success" if abs(n) == 1 else "successes"
                lines.append(f"  {node.text}: {body} → {n} {word}")
            else:
                lines.append(f"  {node.text}: {body} → {node.value}")
        elif node.kind is NodeKind.PRODUCT and "/" in node.operators:
            lines.append(_explain_division(node, de))
        elif node.kind is NodeKind.COMPARE:
            a, b = node.children
            sym = Comparison(node.operators[1]).symbol
            if de:
                truth = "wahr" if node.value else "falsch"
            else:
                truth = "true" if node.value else "false"
            lines.append(
                f"  {a.text} {sym} {b.text}: {a.value} {sym} {b.value} → "
                f"{node.value} ({truth})"
            )
    return "\n".join(lines)


def _explain_division(node: RollNode, de: bool) -> str:
    """A product with ``/``: its values, and that ``/`` rounded down if it did."""
    total = node.children[0].value
    text = str(total)
    rounded = False
    for op, child in zip(node.operators[1:], node.children[1:], strict=True):
        text += f" {op} {child.value}"
        if op == "/":
            rounded = rounded or total % child.value != 0
            total //= child.value
        else:
            total *= child.value
    line = f"  {node.text}: {text} = {node.value}"
    if rounded:
        line += " (abgerundet)" if de else " (rounded down)"
    return line


def _postorder(node: RollNode) -> list[RollNode]:
    out: list[RollNode] = []
    for child in node.children:
        out.extend(_postorder(child))
    out.append(node)
    return out


@functools.lru_cache(maxsize=1024)
def _parse_cached(notation: str) -> Expression:
    if len(notation) > DICE_LIMITS.max_length:
        raise LimitExceeded("expression length", len(notation), DICE_LIMITS.max_length)
    node = _Parser(notation).parse()
    return Expression(notation, node)


def parse(notation: str) -> Expression:
    """Parse dice notation into an [`Expression`][rollwerk.Expression] (cached).

    >>> parse("3W6").distribution()[18]
    Fraction(1, 216)
    >>> parse("2d6+")
    Traceback (most recent call last):
    ...
    rollwerk._errors.NotationError: unexpected end of notation: expected a number, a die or '(' at column 5
      2d6+
          ^

    Raises:
        NotationError: The notation cannot be parsed (with column and caret).
        LimitExceeded: A documented limit would be exceeded.
    """
    if not isinstance(notation, str):
        raise ParameterError("notation", notation, "a string")
    return _parse_cached(notation)


def roll(notation: str, rng: Rng) -> RollResult:
    """Parse (cached) and roll ``notation`` with ``rng``.

    >>> roll("1d20+5", ScriptedRng([12])).total
    17
    """
    return parse(notation).roll(rng)
