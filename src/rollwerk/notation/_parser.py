"""A hand-written recursive-descent parser from notation text to the syntax tree."""

from __future__ import annotations

from rollwerk.dice._die import (
    Comparison,
    Condition,
    Die,
    Keep,
    KeepKind,
)
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.dice._pool import Pool
from rollwerk.errors import (
    LimitExceeded,
    NotationError,
)
from rollwerk.notation._tree import (
    _Compare,
    _Dice,
    _Negate,
    _Node,
    _Number,
    _Product,
    _Sum,
)

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
