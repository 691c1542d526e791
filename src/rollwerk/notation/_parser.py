"""A hand-written recursive-descent parser from notation text to the syntax tree.

One parser reads every dialect: where tools differ, it asks the
[`Dialect`][rollwerk.notation.Dialect] table (is ``>`` inclusive, what does
``!`` add, does ``r`` reroll once …) and builds the same tree nodes.

Longer than 500 lines because each modifier's reading in each dialect sits
next to the others it could be confused with (``d`` drop, ``df``, ``dh``;
``r``, ``ro``, ``rr``, ``ra``; ``!``, ``!!``, ``!p``), which is what keeps
them unambiguous.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import attrs

from rollwerk.dice._die import (
    Comparison,
    Condition,
    Die,
    Keep,
    KeepKind,
)
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.dice._pool import _COUNTING, ExplodeMode, Pool, Tally, TallyKind
from rollwerk.errors import (
    LimitExceeded,
    NotationError,
    ParameterError,
    RollwerkError,
    _short,
    shown,
)
from rollwerk.notation._dialect import ROLLWERK, Dialect, Division, Feature, Percent
from rollwerk.notation._tree import (
    Selector,
    SetOp,
    _Compare,
    _Dice,
    _DiceOps,
    _Function,
    _Group,
    _Labelled,
    _Negate,
    _Node,
    _Number,
    _Product,
    _Rerolled,
    _Sum,
    children,
)

_DIGITS = frozenset("0123456789")
_SPACES = frozenset(" \t\n\r\f\v")
_DIE_STARTS = frozenset("0123456789%fF{(cC")
"""What may follow a die letter in a die (``d6``, ``d%``, ``dF``, ``d{…}``, ``d(…)``, ``dc``)."""
_MAX_VALUE = 10**18
"""The largest magnitude a power may reach (``**``)."""
_SETLIKE = (_Dice, _DiceOps, _Group, _Labelled, _Rerolled)
"""What d20's ``(x)k…`` reads by its dice or elements, unless signed."""
_STAGES = ("reroll", "min/max", "explode", "keep", "count")
_MODIFIER_CHARS = frozenset("khldrosacfp!<>=[]0123456789")
"""What Roll20's modifiers are written with: a word of these after a space
is modifiers, refused if they cannot apply; any other word is a comment."""
_LETTERS = re.compile(r"[A-Za-z]+")
_FOUNDRY_MODIFIERS = frozenset(
    [
        "r",
        "rr",
        "x",
        "xo",
        "k",
        "kh",
        "kl",
        "d",
        "dh",
        "dl",
        "min",
        "max",
        "even",
        "odd",
        "cs",
        "cf",
        "df",
        "sf",
        "ms",
    ]
)
"""The names of Foundry's dice modifiers (``Die.MODIFIERS``)."""
_FOUNDRY_BY_LENGTH = sorted(_FOUNDRY_MODIFIERS, key=len, reverse=True)
_WORD = re.compile(r"[^ \t\n\r\f\v]*")
"""A word of modifiers after a space: up to the next of notation's spaces."""
_WORD_ENDS = frozenset(" \t\n\r\f\v+-*/%)}],#[<>=")
"""What may follow modifiers written after a space: a word's end."""

# the modifiers of a dice term, in the order an error message lists them
_DICE_MODIFIERS = (
    Feature.KEEP,
    Feature.KEEP_SHORT,
    Feature.ADVANTAGE,
    Feature.REROLL,
    Feature.REROLL_RECURSIVE,
    Feature.REROLL_ADD,
    Feature.BANG,
    Feature.COMPOUND,
    Feature.PENETRATE,
    Feature.EXPLODE_X,
    Feature.EXPLODE_E,
    Feature.CLAMP_D20,
    Feature.CLAMP_FOUNDRY,
    Feature.COUNT,
    Feature.COUNT_WORDS,
    Feature.SUBTRACT_FAILURES,
    Feature.MARGIN,
    Feature.SORT,
    Feature.CRIT_MARKS,
)
_MODIFIER_WORDS = {
    Feature.COUNT: ">=5 (counting dice)",
    Feature.SORT: "s/sa/sd",
    Feature.CRIT_MARKS: "cs/cf",
}
_OPERATORS = (
    (Feature.MODULO, "%"),
    (Feature.FLOOR_DIVISION, "//"),
    (Feature.POWER, "**"),
)
_FUNCTIONS = ("floor", "ceil", "round", "abs")
_ROUNDING = {"floor": "/", "ceil": "/c", "round": "/r"}
_INCLUSIVE = {Comparison.GT: Comparison.GE, Comparison.LT: Comparison.LE}
_D20_KEEP = {
    ("k", "h"): KeepKind.KEEP_HIGHEST,
    ("k", "l"): KeepKind.KEEP_LOWEST,
    ("p", "h"): KeepKind.DROP_HIGHEST,
    ("p", "l"): KeepKind.DROP_LOWEST,
}
"""d20's ``kh``/``kl``/``ph``/``pl`` (keep or drop, highest or lowest)."""
_HIGHEST = frozenset({KeepKind.KEEP_HIGHEST, KeepKind.DROP_HIGHEST})
_DROPS = frozenset({KeepKind.DROP_HIGHEST, KeepKind.DROP_LOWEST})


def _selector(chosen: Keep | Condition) -> Selector:
    """d20's selector as a chain holds it: ``(highest, n)`` or a condition."""
    if isinstance(chosen, Keep):
        return (chosen.kind in _HIGHEST, chosen.amount)
    return chosen


def _keep_op(keep: Keep) -> SetOp:
    """A keep or drop of the highest or lowest as d20's operation."""
    return (keep.kind in _DROPS, ((keep.kind in _HIGHEST, keep.amount),))


def _keep_or_tally(op: SetOp) -> Keep | Tally:
    """One operation of one selector as a pool's keep (``h``/``l``) or tally."""
    drop, (sel,) = op
    if isinstance(sel, Condition):
        return Tally(TallyKind.DROP if drop else TallyKind.KEEP, sel)
    highest, amount = sel
    return Keep(_D20_KEEP["p" if drop else "k", "h" if highest else "l"], amount)


def _join(sels: tuple[Selector, ...], sel: Selector) -> tuple[Selector, ...]:
    """The selectors of one operation with ``sel`` joined, as d20 joins them.

    d20 keeps (or drops) what any selector picks, and its ``h``/``l`` pick a
    prefix of one stable order, so ``h3`` joined to ``h5`` picks what ``h5``
    picks: the larger amount stands for both (``kh64kh19`` is ``kh64``).
    """
    if not isinstance(sel, Condition):
        for i, old in enumerate(sels):
            if not isinstance(old, Condition) and old[0] == sel[0]:
                joined = (sel[0], max(old[1], sel[1]))
                return (*sels[:i], joined, *sels[i + 1 :])
    return (*sels, sel)


def _single_op(pool: Pool, op: SetOp) -> Pool:
    """``pool`` with one operation of one selector as its keep or tally."""
    one = _keep_or_tally(op)
    if isinstance(one, Keep):
        return attrs.evolve(pool, keep=one)
    return attrs.evolve(pool, tally=one)


def _check_values(root: _Node) -> None:
    """Refuse an expression whose value can be beyond ±`_MAX_VALUE`.

    A roll's JSON must load back, and its total is a JSON integer, which
    rollwerk keeps within 64 bits; the static bounds of the expression are
    checked (``1000000000000000000000``, ``10**10 * 10**10``).

    Raises:
        LimitExceeded: A bound is beyond ±10**18 (``value``).
    """
    reach = max(abs(root.lo), abs(root.hi))
    if reach > _MAX_VALUE:
        # the limit is on the size: a negative total says that it is one
        low = -root.lo > _MAX_VALUE and -root.lo >= root.hi
        raise LimitExceeded(
            "value",
            reach,
            _MAX_VALUE,
            operation=f"a total as low as {_short(root.lo)}" if low else None,
        )


def _check_parts(root: _Node) -> None:
    """Refuse a part of the expression whose value can be beyond ±`_MAX_VALUE`.

    Each part's value is in the roll's JSON too: ``10**18*10**18 -
    10**18*10**18`` is 0, but not its parts. A fraction's numerator and
    denominator (d20's ``0.1234567890123456789``) are not values, and are
    left alone; the whole is checked by `_check_values`.

    Raises:
        LimitExceeded: A part's bound is beyond ±10**18 (``value``).
    """
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, _Scaled):
            continue
        reach = max(abs(node.lo), abs(node.hi))
        if reach > _MAX_VALUE and node is not root:  # the whole: _check_values
            raise LimitExceeded(
                "value", reach, _MAX_VALUE, operation=f"the part {shown(node.text)}"
            )
        stack.extend(children(node))


_LOOK_ALIKES = {
    "\u2212": "-",  # minus sign
    "\u2013": "-",  # en dash
    "\u2014": "-",  # em dash
    "\u00d7": "*",  # multiplication sign
    "\u00f7": "/",  # division sign
    "\u2215": "/",  # division slash
    "\u2264": "<=",
    "\u2265": ">=",
    **{chr(0xFF01 + i): chr(0x21 + i) for i in range(94)},  # full-width forms
}
"""Characters a chat client or word processor puts for ASCII notation."""


class _Parser:
    """Recursive descent over the notation; positions are 0-based internally."""

    def __init__(self, text: str, dialect: Dialect = ROLLWERK) -> None:
        self.text = text
        self.d = dialect
        self.pos = 0
        self.depth = 0
        self.dice = 0
        self.draws = 0
        self.in_group = 0
        self.comment: str | None = None
        self.dice_end = -1  # where the last dice term's modifiers ended
        self.compared = False  # whether the whole is a comparison of totals
        self.inline: list[_Node] = []  # Roll20's [[…]]: totals, never dice terms

    def error(self, reason: str, pos: int | None = None) -> NotationError:
        p = self.pos if pos is None else pos
        at = self.text[p : p + 1]
        ascii_ = _LOOK_ALIKES.get(at)
        if ascii_ is not None and reason.startswith(f"unexpected {at!r}"):
            reason = f"unexpected {at!r}: write {ascii_!r} (ASCII) for it"
        return NotationError(self.text, min(p, len(self.text)) + 1, reason)

    def missing(self, what: str, pos: int, how: str = "") -> NotationError:
        """A construct another dialect has, refused with the dialect's name.

        ``how`` says how this dialect writes it instead, where it can.
        """
        instead = f": {how}" if how else ""
        return self.error(
            f"{what} is not part of the {self.d.name} dialect{instead}", pos
        )

    def need(self, feature: Feature, pos: int, what: str | None = None) -> None:
        """Refuse ``feature`` where the dialect lacks it.

        The refusal names ``what`` (the word written, such as ``'df'``) or
        else the feature.
        """
        if not self.d.has(feature):
            raise self.missing(repr(what or feature.value), pos, self.rewrite(feature))

    def rewrite(self, feature: Feature) -> str:
        """How this dialect writes what ``feature`` does, where it can, or ``""``.

        An explosion (``!``, ``x``, ``e``) and advantage are written
        differently from dialect to dialect; the refusal says how here.
        """
        has = self.d.has
        explode = (Feature.BANG, Feature.EXPLODE_X, Feature.EXPLODE_E)
        if feature in explode:
            for other, written in (
                (Feature.BANG, "'!' (1d6!)"),
                (Feature.EXPLODE_X, "'x' and the face (1d6x6)"),
                (Feature.EXPLODE_E, "'e' and the face (1d6e6)"),
            ):
                if other is not feature and has(other):
                    return f"explode with {written}"
        if feature is Feature.ADVANTAGE and has(Feature.KEEP):
            return "write 2d20kh1 for advantage, 2d20kl1 for disadvantage"
        return ""

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def ahead(self, word: str) -> bool:
        """Whether the text continues with ``word`` (letters in any case)."""
        return self.text[self.pos : self.pos + len(word)].lower() == word

    def skip(self) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in _SPACES:
            self.pos += 1

    def unexpected(self, expected: str = "") -> NotationError:
        c = self.peek()
        where = "" if self.d is ROLLWERK else f" in the {self.d.name} dialect"
        hint = f": {expected}" if expected else ""
        if not c:
            return self.error(f"unexpected end of notation{where}{hint}")
        return self.error(f"unexpected {c!r}{where}{hint}")

    def what_follows(self, dice: bool) -> str:
        """What the dialect reads after a complete term (after dice: more)."""
        d = self.d
        parts = []
        if dice:
            mods = [
                "r"
                if f is Feature.REROLL and d.reroll_once  # Foundry: no 'ro'
                else _MODIFIER_WORDS.get(f, f.value)
                for f in _DICE_MODIFIERS
                if d.has(f)
            ]
            if d.selectors:  # d20: k and p take selectors, and no d
                mods[0] = "k/p with h, l, < or > (kh3, pl1, k>3)"
            parts.append(f"a modifier of the dice ({', '.join(mods)})")
        ops = ["+", "-", "*", "/"] + [x for f, x in _OPERATORS if d.has(f)]
        parts.append(f"an operator ({' '.join(ops)})")
        if d.has(Feature.COMPARE) and not self.compared:
            parts.append("a comparison of totals")
        if d.has(Feature.LABELS):
            parts.append("a label '[…]'")
        if d.has(Feature.COMMENTS):
            parts.append("a comment '# …'")
        return f"expected {', '.join(parts)} or the end of the notation"

    def parse(self) -> _Node:
        self.skip()
        if self.pos >= len(self.text) or self.peek() == "#":
            raise self.error("empty notation")
        node = self.comparison()
        _check_parts(node)
        node = self.root_division(node)
        _check_values(node)
        after_dice = self.pos == self.dice_end
        self.skip()
        if self.pos < len(self.text):
            if self.peek() == "#" and self.d.has(Feature.COMMENTS):
                self.comment = self.text[self.pos + 1 :].strip()
                return node
            if (
                self.d.trailing_comment
                and (self.text[self.pos - 1] in _SPACES or self._lone_equals())
                # d20's comment starts with no ')' or ',' (its tokens)
                and not (self.d.selectors and self.peek() in "),")
            ):
                self.comment = self.text[self.pos :].strip()
                return node
            if self.peek() == ")":
                raise self.error("unmatched ')'")
            expected = self.what_follows(after_dice)
            hint = self.leftover_hint()
            raise self.unexpected(f"{expected}; {hint}" if hint else expected)
        return node

    def leftover_hint(self) -> str:
        """How to write the text left over after a term, where it is clear.

        A modifier after a label (``1d8 [fire]kh1``) or after parentheses
        the dialect does not modify (``(1d6)e6`` in avrae), and dice after a
        decimal count (``2.5d6``).
        """
        c = self.peek()
        before = self.text[: self.pos].rstrip()
        if (
            c == "."
            and before[-1:].isdigit()
            and re.match(r"\.[0-9]+[dDwW]", self.text[self.pos :])
        ):
            # a dialect without decimals stops at the point of 2.5d6
            return "the number of dice is a whole number (2d6)"
        if not c.isalpha() or not before:
            return ""
        if before.endswith("]"):
            comment = (
                ", and a comment after a space (1d20 [fire] to hit)"
                if self.d.trailing_comment
                else ""
            )
            return (
                "a label ends its term: write the dice's modifiers before it "
                f"(1d8kh1 [fire]){comment}"
            )
        if before.endswith(")"):
            return (
                "a modifier of the dice is written right after the dice it "
                "modifies, not after parentheses"
            )
        if c.lower() in "dw" and re.search(r"[0-9]*\.[0-9]+$", before):
            return "the number of dice is a whole number (2d6)"
        return ""

    def _lone_equals(self) -> bool:
        """Whether a single ``=`` stands here in d20's notation.

        d20 compares with ``==`` only; with comments allowed, as Avrae
        rolls, ``1d20=20`` is 1d20 with the comment ``=20``.
        """
        return (
            self.d.selectors
            and self.d.trailing_comment
            and self.peek() == "="
            and not self.ahead("==")
        )

    def slice(self, start: int) -> str:
        return self.text[start : self.pos].strip()

    # -- expressions -------------------------------------------------------------

    def comparison(self) -> _Node:
        self.skip()
        start = self.pos
        node = self.sum()
        self.compared = False  # the outermost call sets it last
        depth, links = self.depth, 0
        while True:
            self.skip()
            negated = self.d.selectors and self.ahead("!=")
            if self.peek() not in ("<", ">", "=") and not negated:
                break
            if self._lone_equals():
                break  # d20 has '==' only: the comment starts here
            # a chain of comparisons (avrae's 1>1>1…) nests to the left: each
            # link after the first counts towards the nesting depth (165
            # links exhausted the stack of the JSON loader and the explainer)
            links += 1
            if links > 1:
                self.deeper()
            node = self.compare(node, negated, start)
            if not self.d.chained_comparisons:
                self.compared = True
                break
        self.depth = depth
        return node

    def compare(self, left: _Node, negated: bool, start: int) -> _Node:
        """``left`` compared with the sum after the comparison written here."""
        if not self.d.has(Feature.COMPARE):
            written = self.text[self.pos : self.pos + 2]
            op = written if written[1:] in ("=", ">") else written[:1]
            # Foundry counts dice with cs: 3d4>=3 meant 3d4cs>=3
            counting = self.d.has(Feature.COUNT_WORDS) and self.pos == self.dice_end
            reroll = re.search(r"rr?\d+$", self.text[: self.pos]) if counting else None
            if reroll is not None:  # Foundry's 20d20r1=1
                end = re.match(r"[<>=]+\d*", self.text[self.pos :])
                assert end is not None
                written = self.text[reroll.start() : self.pos + end.end()]
                raise self.error(
                    f"a reroll's face followed by a comparison ({written!r}) is "
                    f"not read in the {self.d.name} dialect: write its "
                    "condition once (r1, r=1, r<2)",
                    reroll.start(),
                )
            how = ""
            if counting and op in ("<", "<=", ">", ">=", "="):
                how = f"count the dice meeting it with cs (3d4cs{op}3)"
            raise self.missing(f"comparing totals ({op!r})", self.pos, how)
        if negated:
            self.pos += 2
            cmp = Comparison.EQ
        else:
            cmp = self.comparison_op()
        right = self.sum()
        if self.d.per_die_modifiers and not negated and self.d.has(Feature.COUNT):
            # counting each die is counting: without Feature.COUNT the totals
            # are compared, as 3d6>3 compares them
            counted = self.per_die(left, cmp, right, start)
            if counted is not None:
                return counted
        if isinstance(left, _Scaled) or isinstance(right, _Scaled):
            # both sides times both denominators: whole numbers, in the
            # same order; the explanation names the factor
            k = _den(left) * _den(right)
            left, right = (
                _Product(
                    [_num(left), _Number(_den(right), str(_den(right)))],
                    ["*", "*"],
                    f"{k}×({left.text})",
                ),
                _Product(
                    [_num(right), _Number(_den(left), str(_den(left)))],
                    ["*", "*"],
                    f"{k}×({right.text})",
                ),
            )
        return _Compare(left, cmp, right, self.slice(start), negated)

    def per_die(
        self, left: _Node, cmp: Comparison, right: _Node, start: int
    ) -> _Node | None:
        """Roll20's ``3d6+1<3``: the modifier goes to each die, which is counted.

        Roll20 adds a modifier written before a target number to each die
        and counts the dice meeting the target, so ``3d6+1<3`` counts the
        dice showing at most 2: the count of ``3d6<2``. Read for one dice
        term of several dice plus or minus fixed numbers; ``None`` where
        both readings agree (no modifier, or a single die); refused where
        the dice are several terms.
        """
        if not isinstance(left, _Sum) or right.lo != right.hi or self._inline(left):
            return None
        terms = [  # labels (3d6[fire]+1) do not change the reading
            (op, t.inner if isinstance(t, _Labelled) else t, t)
            for op, t in zip(left.ops, left.terms, strict=True)
        ]
        dice = [(op, t, w) for op, t, w in terms if not isinstance(t, _Number)]
        if any(self._inline(t) or self._inline(w) for _, t, w in dice):
            # an inline roll is its total, a number: [[3d6]]+1>3 compares
            # the total; beside a dice term it would vary that term's target
            if all(self._inline(t) or self._inline(w) for _, t, w in dice):
                return None
            raise self.error(
                "Roll20 adds a number written before a target to each die and "
                "counts the dice; rollwerk does not read that with an inline "
                f"roll's total as the number to add ({left.text!r})",
                start,
            )
        shift = sum(
            t.value if op == "+" else -t.value
            for op, t, _ in terms
            if isinstance(t, _Number)
        )
        if not dice or len(dice) == len(terms):
            return None
        op, term, written = dice[0]
        if (
            len(dice) > 1
            or op != "+"
            or not isinstance(term, _Dice)
            or term.pool.success is not None
            or term.pool.tally is not None
        ):
            many = sum(t.hi != t.lo for _, t, _ in dice) > 1 or any(
                isinstance(t, _Dice) and t.pool.count > 1 for _, t, _ in dice
            )
            if not many:
                return None
            raise self.error(
                "Roll20 adds a number written before a target to each die and "
                "counts the dice (3d6+1<3 counts the dice showing at most 2); "
                f"rollwerk reads that for one dice term, not for {left.text!r}",
                start,
            )
        if term.pool.count == 1:
            return None  # one die: counting it is comparing the total
        target = right.lo - shift
        pool = attrs.evolve(term.pool, success=Condition(cmp, target))
        counted = _Dice(pool, self.slice(start))
        if isinstance(written, _Labelled):
            return _Labelled(counted, written.label)
        return counted

    def _inline(self, node: _Node) -> bool:
        """Whether ``node`` is an inline roll's (Roll20's ``[[…]]``) node."""
        return any(node is n for n in self.inline)

    def _holds_inline(self, node: _Node) -> bool:
        """Whether ``node`` is, or adds, an inline roll (labels read through)."""
        if isinstance(node, _Labelled) and self._holds_inline(node.inner):
            return True
        if isinstance(node, _Sum):
            return any(self._holds_inline(t) for t in node.terms)
        return self._inline(node)

    def comparison_op(self) -> Comparison:
        """The comparison written here.

        In an inclusive dialect (Roll20) ``>`` and ``<`` include the target,
        wherever they stand (at dice, in groups, between totals).
        """
        text = self.text
        two = text[self.pos : self.pos + 2]
        if two in (">=", "<="):
            self.pos += 2
            return Comparison(two)
        c = self.peek()
        self.pos += 1
        if c == "=" and self.peek() == "=":
            self.pos += 1
        cmp = Comparison(c)
        return _INCLUSIVE.get(cmp, cmp) if self.d.inclusive else cmp

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
        text = self.slice(start)
        if any(isinstance(t, _Scaled) for t in terms):
            den = math.lcm(*(_den(t) for t in terms))
            scaled = [_times(_num(t), den // _den(t)) for t in terms]
            return _Scaled(_Sum(scaled, ops, text), den, text)
        return _Sum(terms, ops, text)

    def product_op(self) -> str | None:
        """The next multiplicative operator (``*``, ``/``, ``//``, ``%``), if any."""
        c = self.peek()
        if c == "*" and not self.ahead("**"):
            return "*"
        if c == "/":
            return "//" if self.ahead("//") else "/"
        if c == "%":
            return "%"
        return None

    def product(self) -> _Node:
        self.skip()
        start = self.pos
        factors = [self.unary()]
        ops = ["*"]
        while True:
            self.skip()
            written = self.product_op()
            if written is None:
                break
            op_pos = self.pos
            self.pos += len(written)
            if written == "//":
                self.need(Feature.FLOOR_DIVISION, op_pos)
                op = "/"
            elif written == "%":
                self.need(Feature.MODULO, op_pos)
                op = "%" if self.d.python_modulo else "%j"
            elif written == "/":
                # exact division: rounded by a function, or refused (or, where
                # '/' rounds down, read rounding down)
                op = "/?"
            else:
                op = written
            factor = self.unary()
            if (
                op != "*"
                and self.d.division is not Division.FLOOR
                and _holds(factor, (_Exact,))
            ):
                # a divisor that is itself a fraction over a varying value
                if self.d.division is Division.TRUNCATE_TOTAL:
                    raise self.error(
                        f"the divisor {factor.text!r} divides by a value that "
                        "varies; rollwerk reads such a division only as the "
                        f"last operation of the whole expression ({self.d.name} "
                        "dialect)",
                        op_pos,
                    )
                raise self.error(
                    f"the divisor {factor.text!r} gives a fraction in the "
                    f"{self.d.name} dialect: floor(…), ceil(…) or round(…) "
                    "must round it first",
                    op_pos,
                )
            if op != "*" and factor.lo == 0 == factor.hi:
                raise self.error("division by zero", op_pos)
            zero = _can_be_zero(factor) if op != "*" else None
            if zero is not None:
                raise self.error(f"the divisor {factor.text!r} {zero}", op_pos)
            if (
                op == "/?"
                and self.d.division is Division.EXACT
                and _whole(factors, ops, factor)
            ):
                op = "/"  # it never gives a fraction: 8/2, 1d6/1
            ops.append(op)
            factors.append(factor)
        if len(factors) == 1:
            return factors[0]
        text = self.slice(start)
        if self.d.division is Division.FLOOR:
            # '/' rounds down, but the last division of a product stays exact
            # until it is known whether floor(), ceil() or round() takes it
            ops = [*("/" if op == "/?" else op for op in ops[:-1]), ops[-1]]
        if self.d.division is Division.TRUNCATE_TOTAL and (
            "/?" in ops[:-1]
            or ops.count("/?") > 1
            or any(isinstance(f, _Scaled) for f in factors)
            or ("/?" in ops and factors[-1].lo == factors[-1].hi)
        ):
            return self.scaled(factors, ops, text, start)
        if "/?" in ops[:-1] or ops.count("/?") > 1:
            raise self.exact_division(start)
        if ops[-1] == "/?":
            return _Exact(factors, ops, text)
        return _Product(factors, ops, text)

    def scaled(
        self, factors: list[_Node], ops: list[str], text: str, start: int
    ) -> _Node:
        """A product with fractions (d20's ``/`` and decimals), kept exact.

        Its value is an integer node over a fixed denominator (`_Scaled`):
        ``a * b`` multiplies both, ``a / c`` by a fixed ``c`` moves ``c``
        into the denominator, ``//`` and comparisons bring both sides over
        one denominator and give an integer, ``%`` keeps the common one.
        Dividing by a value that varies is read only as the last operation
        of the whole expression (as an integer division of the two scaled
        sides, truncated like the total).
        """
        num, den = _num(factors[0]), _den(factors[0])
        last = len(factors) - 1
        for i in range(1, len(factors)):
            op, f = ops[i], factors[i]
            fnum, fden = _num(f), _den(f)
            if op == "*":
                num = _Product([num, fnum], ["*", "*"], text)
                den *= fden
            elif op == "/?" and fnum.lo == fnum.hi:
                c = fnum.lo  # not 0: product() refused that
                num = _times(num, fden if c > 0 else -fden)
                den *= abs(c)
            elif op == "/?":
                if i != last:
                    raise self.exact_division(start)
                return _Exact([_times(num, fden), _times(fnum, den)], ["*", "/?"], text)
            elif op in ("/", "%", "%j"):
                left, right = _times(num, fden), _times(fnum, den)
                num = _Product([left, right], ["*", op], text)
                den = 1 if op == "/" else den * fden
            else:
                raise self.error(
                    f"{op!r} with a fraction is not read by rollwerk", start
                )
        if isinstance(num, _Number):  # a fixed value: in lowest terms
            common = math.gcd(den, num.value)
            num, den = _Number(num.value // common, num.text), den // common
        return num if den == 1 else _Scaled(num, den, text)

    def exact_division(self, pos: int) -> NotationError:
        if self.d.division is Division.TRUNCATE_TOTAL:
            return self.error(
                f"'/' divides exactly in the {self.d.name} dialect and only the "
                "final total is rounded toward zero: divide the whole "
                "expression, or write '//' to round down",
                pos,
            )
        return self.error(
            f"'/' can give a fraction in the {self.d.name} dialect: floor(…), "
            "ceil(…) or round(…) read it when it is their whole argument or one "
            "term added to or subtracted from whole values",
            pos,
        )

    def rounded(self, node: _Node, op: str, start: int) -> _Node:
        """``node`` with its exact division rounded by ``op``, or unchanged.

        The division is the product itself or one term of a sum: the other
        terms are whole, so rounding the sum rounds that term
        (``ceil(1d6/2+1)``); a subtracted one is added negated
        (``floor(1-7/2)`` is ``1 + floor(7/-2)``). Where ``/`` rounds down
        (rollwerk, German tables) a division that no function takes this
        way stays rounding down (``ceil(7/2+7/2)`` is 6); elsewhere it is
        refused.
        """
        if isinstance(node, _Exact):
            return _Product(list(node.factors), [*node.ops[:-1], op], node.text)
        negated = _negated_exact(node)
        if negated is not None:  # -(b/c) is b/(-c)
            return self.rounded(negated, op, start)
        if isinstance(node, _Sum):
            written = node
            terms = [_negated_exact(t) or t for t in node.terms]
            if any(new is not old for new, old in zip(terms, node.terms, strict=True)):
                node = _Sum(terms, list(node.ops), node.text)
            exact = [i for i, t in enumerate(node.terms) if isinstance(t, _Exact)]
            if not exact:
                return written
            if len(exact) > 1:
                if self.d.division is Division.FLOOR:
                    # no division is the function's: each rounds down as
                    # written, -(7/2) to -3 (not 7/(-2), which is -4)
                    return written
                raise self.exact_division(start)
            i = exact[0]
            term = node.terms[i]
            assert isinstance(term, _Exact)
            ops = list(node.ops)
            if ops[i] == "-":  # a - b/c is a + b/(-c)
                last = term.factors[-1]
                factors = [*term.factors[:-1], _Negate(last, f"-{last.text}")]
                # shown as what it is, -(b/c): its line reads b / -c
                text = term.text if term.text.startswith("(") else f"({term.text})"
                term = _Exact(factors, list(term.ops), f"-{text}")
                ops[i] = "+"
            terms = list(node.terms)
            terms[i] = self.rounded(term, op, start)
            return _Sum(terms, ops, node.text)
        return node

    def root_division(self, node: _Node) -> _Node:
        if self.d.division is Division.TRUNCATE_TOTAL and isinstance(node, _Scaled):
            # d20 truncates the final total toward zero
            node = _Product(
                [node.inner, _Number(node.den, str(node.den))], ["*", "/t"], node.text
            )
        if self.d.division is Division.TRUNCATE_TOTAL and isinstance(node, _Exact):
            return self.rounded(node, "/t", 0)
        if self.unrounded(node):
            raise self.exact_division(0)
        return node

    def unrounded(self, node: _Node) -> bool:
        """Whether ``node`` holds a division that gives a fraction nothing rounds.

        Where ``/`` rounds down (rollwerk, German tables) a division that
        no ``floor``/``ceil``/``round`` takes rounds down: never.
        """
        return self.d.division is not Division.FLOOR and _has_exact(node)

    def unary(self) -> _Node:
        self.skip()
        start = self.pos
        negative = signed = False
        while self.peek() in ("-", "+"):
            if self.peek() == "-":
                negative = not negative
            signed = True
            self.pos += 1
            self.skip()
        node = self.power()
        if negative:
            if isinstance(node, _Scaled):
                text = self.slice(start)
                return _Scaled(_Negate(node.inner, text), node.den, text)
            return _Negate(node, self.slice(start))
        if signed and self.d.has(Feature.SETS) and isinstance(node, _SETLIKE):
            # d20 reads "+2d6" and "--2d6" as a value: "(+2d6)kh1" keeps
            # the total, not a die
            return _Sum([node], ["+"], self.slice(start))
        return node

    def power(self) -> _Node:
        start = self.pos
        base = self.labelled()
        self.skip()
        if not self.ahead("**"):
            return base
        op_pos = self.pos
        self.need(Feature.POWER, op_pos)
        self.pos += 2
        # a chain of powers nests to the right, as parentheses do: it counts
        # towards the nesting depth (332 links exhausted the stack)
        self.deeper()
        exponent = self.unary()
        self.depth -= 1
        if exponent.lo < 0:
            raise self.error(
                f"the exponent {exponent.text!r} can be negative (a fraction)", op_pos
            )
        reach = max(abs(base.lo), abs(base.hi))
        if reach > 1:
            # exact up to about 4096 bits; beyond, a lower bound, said so
            exact = reach.bit_length() * exponent.hi <= 4096
            biggest = reach ** (exponent.hi if exact else 64)
            if biggest > _MAX_VALUE:
                raise LimitExceeded(
                    "power value", biggest, _MAX_VALUE, at_least=not exact
                )
        return _Product([base, exponent], ["*", "**"], self.slice(start))

    def labelled(self) -> _Node:
        node = self.primary()
        while True:
            save = self.pos
            self.skip()
            if self.peek() != "[":
                self.pos = save
                return node
            if self.ahead("[["):
                # Roll20's chat holds several inline rolls; a notation is one
                raise self.error(
                    "an inline roll '[[…]]' after a roll is not read by rollwerk "
                    "(a notation is one roll: parse each inline roll on its own)"
                )
            self.need(Feature.LABELS, self.pos)
            close = self.text.find("]", self.pos)
            if close < 0:
                raise self.error("'[' of a label is never closed")
            label = self.text[self.pos + 1 : close].strip()
            self.pos = close + 1
            if isinstance(node, _Scaled):
                node = _Scaled(_Labelled(node.inner, label), node.den, node.text)
            else:
                node = _Labelled(node, label)

    def integer(self, what: str) -> int:
        start = self.pos
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos == start:
            raise self.error(f"expected {what}")
        return int(text[start : self.pos])

    def decimal_ahead(self) -> bool:
        """Whether the digits here are followed by a decimal point."""
        text, n, p = self.text, len(self.text), self.pos
        while p < n and text[p] in _DIGITS:
            p += 1
        return p < n and text[p] == "."

    def decimal(self) -> _Node:
        """d20's decimal literal (``1.5``, ``.5``, ``2.``), read exactly."""
        start = self.pos
        whole = self.integer("a number") if self.peek() in _DIGITS else 0
        if self.peek() != ".":
            raise self.unexpected()
        self.pos += 1
        digits = self.pos
        part = self.integer("a digit after '.'") if self.peek() in _DIGITS else 0
        if digits == self.pos and start == digits - 1:
            raise self.error("expected a digit after '.'", self.pos)
        scale = 10 ** (self.pos - digits)
        num, den = whole * scale + part, scale
        common = math.gcd(num, den)
        num, den = num // common, den // common
        text = self.slice(start)
        if den == 1:
            return _Number(num, text)
        return _Scaled(_Number(num, text), den, text)

    def signed(self, what: str, limit: str) -> int:
        if self.ahead("[[") and self.d.has(Feature.INLINE_ROLLS):
            # Roll20 rolls inline rolls first: a fixed one is a number here
            start = self.pos
            value = self.constant(self.inline_roll(), "inline roll", start)
            if abs(value) > DICE_LIMITS.max_face:
                raise LimitExceeded(limit, abs(value), DICE_LIMITS.max_face)
            return value
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
            node = self.parenthesised()
            if self.peek() in ("d", "D", "w", "W"):
                self.need(Feature.COMPUTED_DICE, start)
                if _has_exact(node) and self.d.round_dice_count:
                    node = self.rounded(node, "/r", start)  # Roll20: round(N+Y)
                return self.dice_term(
                    start, self.constant(node, "number of dice", start)
                )
            return node
        if c == "{":
            return self.group()
        if c == "[" and self.ahead("[["):
            node = self.inline_roll()
            if self.peek() in ("d", "D", "w", "W"):
                self.need(Feature.COMPUTED_DICE, start)
                count = self.constant(node, "number of dice", start)
                return self.dice_term(start, count)
            return node
        if c.isalpha() and c.lower() not in ("d", "w"):
            for name in (*_FUNCTIONS, "min", "max"):
                if self.ahead(name + "("):
                    return self.function(name)
            self.unknown_function(start)
        if self.d.division is Division.TRUNCATE_TOTAL and (
            c == "." or (c in _DIGITS and self.decimal_ahead())
        ):
            return self.decimal()
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
        if c == "@" or self.ahead("?{"):
            # a VTT's attributes and roll queries are filled in before rolling
            what = "an attribute ('@…')" if c == "@" else "a roll query ('?{…}')"
            raise self.error(
                f"{what} is not read by rollwerk in the {self.d.name} dialect: "
                "put its value in the notation before parsing it"
            )
        if c == "/" and not self.text[:start].strip():
            raise self.error(
                "a chat command ('/r', '/roll') is not part of the notation: "
                "parse the text after it"
            )
        raise self.error(f"unexpected {c!r}: expected a number, a die or '('")

    def open_paren(self, start: int) -> None:
        self.deeper()
        self.pos += 1

    def deeper(self) -> None:
        """One level deeper (a parenthesis, a group, a power), within the limit."""
        self.depth += 1
        if self.depth > DICE_LIMITS.max_depth:
            raise LimitExceeded(
                "nesting depth", self.depth, DICE_LIMITS.max_depth, at_least=True
            )

    def close(self, start: int, closer: str = ")") -> None:
        self.skip()
        if self.peek() != closer:
            opener = "(" if closer == ")" else "{"
            if not self.peek():
                raise self.error(f"'{opener}' (column {start + 1}) is never closed")
            raise self.error(
                f"expected '{closer}' to close '{opener}' (column {start + 1})"
            )
        self.pos += 1
        self.depth -= 1

    def inline_roll(self) -> _Node:
        """Roll20's ``[[…]]``: its total, as parentheses give it."""
        start = self.pos
        self.need(Feature.INLINE_ROLLS, start)
        self.open_paren(start)
        self.pos += 1  # the second '['
        self.in_group += 1
        node = self.comparison()
        self.in_group -= 1
        self.skip()
        if not self.ahead("]]"):
            if not self.peek():
                raise self.error(f"'[[' (column {start + 1}) is never closed")
            raise self.error(f"expected ']]' to close '[[' (column {start + 1})")
        self.pos += 2
        self.depth -= 1
        self.inline.append(node)
        return node

    def parenthesised(self) -> _Node:
        start = self.pos
        self.open_paren(start)
        self.skip()
        if self.peek() == ")" and self.d.has(Feature.SETS):
            self.close(start)
            return self.set_modifiers([], start)
        self.in_group += 1
        node = self.comparison()
        self.skip()
        if self.peek() == "," and self.d.has(Feature.SETS):
            elements = [node]
            while self.peek() == ",":
                self.pos += 1
                self.skip()
                if self.peek() == ")":
                    break
                elements.append(self.comparison())
                self.skip()
            self.in_group -= 1
            self.close(start)
            return self.set_modifiers(elements, start)
        if self.peek() == ",":  # d20's set, pasted into another dialect
            groups = self.d.has(Feature.GROUPS)
            raise self.error(
                f"'(a, b)' sets are not part of the {self.d.name} dialect (they "
                "are avrae's)"
                + ("; write a group '{a, b}' (such as {1d6, 2}kh1)" if groups else ""),
                self.pos,
            )
        self.in_group -= 1
        self.close(start)
        if self.d.has(Feature.SETS) and self.peek().lower() in ("k", "p"):
            return self.parenthetical_set(node, start)
        return node

    def parenthetical_set(self, node: _Node, start: int) -> _Node:
        """d20's ``(x)k…``: set operations on what the parentheses hold.

        d20 applies them to the dice of a dice term (``(4d6)kh3`` is
        ``4d6kh3``), to the elements of a set, and to any other value as a
        set of one (``(1)k2`` is 0). After operations the term or set
        already has, they apply to what those kept, one after the other
        (``((10d6kh5)kl2)kh1`` keeps the fourth highest die).
        """
        mpos = self.pos
        if isinstance(node, _Labelled) and isinstance(
            node.inner, (_Dice, _DiceOps, _Group, _Labelled)
        ):
            # d20 reads through the label: (2d6 [fire])kh1 keeps a die
            return _Labelled(self.parenthetical_set(node.inner, start), node.label)
        inner = node.inner if isinstance(node, _Labelled) else node
        if isinstance(inner, _Rerolled):  # d20 keeps or drops its dice
            raise self.error(
                "d20's 'roh'/'rol' together with other operations on the "
                "dice is not read by rollwerk",
                start,
            )
        if isinstance(node, _Group):
            if node.success is not None or node.per_die:
                raise self.error(
                    "set operations after a group that counts successes are "
                    "not read by rollwerk",
                    mpos,
                )
            earlier = list(node.ops)
            if node.keep is not None:
                earlier.append(_keep_op(node.keep))
            elif node.select:
                earlier.append((node.drop, tuple(node.select)))
            ops = earlier + self.set_ops(len(node.elements))
            return self.group_with(list(node.elements), ops, start, mpos)
        if isinstance(node, (_Dice, _DiceOps)):
            if isinstance(node, _DiceOps):
                pool, earlier = node.pool, list(node.ops)
            else:
                pool, earlier = node.pool, []
                if pool.keep is not None:
                    earlier.append(_keep_op(pool.keep))
                if pool.tally is not None:
                    if pool.tally.kind in _COUNTING:
                        raise self.error(
                            f"set operations after {pool.tally.kind.value!r} are "
                            "not read by rollwerk",
                            mpos,
                        )
                    drop = pool.tally.kind is TallyKind.DROP
                    earlier.append((drop, (pool.tally.condition,)))
                pool = attrs.evolve(pool, keep=None, tally=None)
            # keeping more than were rolled, among dice explosions add, is
            # refused here as after the term itself (d20 keeps added dice)
            ops = earlier + self.set_ops(pool.count, pool.explode is not None)
            if len(ops) == 1 and len(ops[0][1]) == 1:
                return _Dice(_single_op(pool, ops[0]), self.slice(start))
            return self.dice_ops(pool, ops, start, mpos)
        return self.group_with([node], self.set_ops(1), start, mpos)

    def set_ops(self, n: int, added: bool = False) -> list[SetOp]:
        """d20's ``k``/``p`` operations written here, over ``n`` values.

        One operation written again right after itself joins its
        selectors (``k1k2`` keeps the 1s and the 2s; ``kh1kl1`` the highest
        and the lowest), as d20 does; ``k…p…`` are two operations.
        ``added``: the values are dice that explosions may add to (see
        `d20_selector`).
        """
        ops: list[SetOp] = []
        last = ""
        while True:
            c = self.peek().lower()
            if c not in ("k", "p"):
                return ops
            self.pos += 1
            sel = _selector(self.d20_selector(c, n, added))
            if c == last:
                drop, sels = ops[-1]
                ops[-1] = (drop, _join(sels, sel))
            else:
                ops.append((c == "p", (sel,)))
            last = c

    def group_with(
        self, elements: list[_Node], ops: list[SetOp], start: int, mpos: int
    ) -> _Group:
        """A set of ``elements`` with d20's operations ``ops``.

        One operation with one ``h``/``l`` selector is a keep, one with value
        selectors only is a selection; anything else is a chain.
        """
        text = self.slice(start)
        for e in elements:
            if _has_scaled(e):
                raise self.error(
                    "a fraction (a decimal or '/') in a set is not read by rollwerk",
                    node_pos(self.text, e),
                )
        if not ops:
            return _Group(elements, text)
        if len(ops) == 1:
            drop, sels = ops[0]
            if all(isinstance(s, Condition) for s in sels):
                conds = tuple(s for s in sels if isinstance(s, Condition))
                return _Group(elements, text, select=conds, drop=drop)
            if len(sels) == 1:
                keep = _keep_or_tally(ops[0])
                assert isinstance(keep, Keep)  # value selectors only: above
                return _Group(elements, text, keep=keep)
        return _Group(elements, text, ops=tuple(ops))

    def dice_ops(self, pool: Pool, ops: list[SetOp], start: int, mpos: int) -> _Node:
        """A dice term with a chain of d20's ``k``/``p`` operations."""
        if pool._separate or pool.success is not None:
            raise self.error(
                "a chain of keep or drop operations together with dice added "
                "by explosions or with success counting is not read by rollwerk",
                mpos,
            )
        return _DiceOps(pool, tuple(ops), self.slice(start))

    def constant(self, node: _Node, what: str, pos: int) -> int:
        if self.unrounded(node):  # (5/2)d6: no fraction of a die
            raise self.exact_division(pos)
        if node.lo != node.hi:
            raise self.error(
                f"the {what} {node.text!r} varies (from {node.lo} to {node.hi}); "
                "only a fixed value is read here"
            )
        return node.lo

    def unknown_function(self, start: int) -> None:
        """Refuse a word followed by ``(`` as a function rollwerk does not read.

        ``sqrt(16)`` said "unexpected 's'"; it names the function and the
        ones the dialect has.
        """
        end = start
        while end < len(self.text) and (
            self.text[end].isalnum() or self.text[end] == "_"
        ):
            end += 1
        if end == start or self.text[end : end + 1] != "(":
            return
        word = self.text[start:end]
        if self.d.has(Feature.FUNCTIONS):
            known = ", ".join(f"{n}()" for n in (*_FUNCTIONS, "max", "min"))
            said = f"the {self.d.name} dialect reads {known}"
        else:
            said = f"the {self.d.name} dialect has no functions"
        raise self.error(f"unknown function {word + '()'!r}: {said}", start)

    def function(self, name: str) -> _Node:
        start = self.pos
        if not self.d.has(Feature.FUNCTIONS):  # named as written: 'max()'
            raise self.missing(repr(f"{name}()"), start)
        self.pos += len(name)
        self.open_paren(self.pos)
        self.in_group += 1
        args = [self.comparison()]
        self.skip()
        while name in ("min", "max") and self.peek() == ",":
            self.pos += 1
            args.append(self.comparison())
            self.skip()
        if self.peek() == ",":  # ceil(1, 2): one argument only
            raise self.error(f"{name}() takes one argument: close it with ')'")
        self.in_group -= 1
        self.close(start + len(name))
        text = self.slice(start)
        if name in ("min", "max"):
            kind = KeepKind.KEEP_HIGHEST if name == "max" else KeepKind.KEEP_LOWEST
            return _Group([self.root_exact(a) for a in args], text, keep=Keep(kind, 1))
        (arg,) = args
        if name in _ROUNDING:
            arg = self.rounded(arg, _ROUNDING[name], start)
        return _Function(name, self.root_exact(arg), text)

    def root_exact(self, node: _Node) -> _Node:
        if self.unrounded(node):
            raise self.exact_division(node_pos(self.text, node))
        return node

    # -- groups and sets -------------------------------------------------------

    def group(self) -> _Node:
        start = self.pos
        self.need(Feature.GROUPS, start)
        self.open_paren(start)
        self.in_group += 1
        elements = [self.root_exact(self.comparison())]
        self.skip()
        while self.peek() == ",":
            self.pos += 1
            elements.append(self.root_exact(self.comparison()))
            self.skip()
        self.in_group -= 1
        self.close(start, "}")
        per_die = False
        single = elements[0]
        # an inline roll is its total, a number: {[[3d6]]}>=10 compares it
        inline = len(elements) == 1 and self._holds_inline(single)
        if len(elements) == 1 and self.d.per_die_groups and not inline:
            dice = _single_dice(single)
            if dice is not None:
                elements, per_die = dice, True
        keep, success, failure = self.group_modifiers(len(elements), start)
        if (
            len(elements) == 1
            and not per_die
            and not inline
            and self.d.per_die_groups
            and (keep is not None or success is not None)
        ):
            if (
                isinstance(single, _Dice)
                and single.pool.explode_mode is not ExplodeMode.COMPOUND
                and _plain(single.pool)
            ):
                # its dice are the term's dice and the dice its explosions
                # add: the group's modifiers are the term's ({3d6!}kh1 is 3d6!kh1)
                pool = attrs.evolve(
                    single.pool, keep=keep, success=success, failure=failure
                )
                return _Dice(pool, self.slice(start))
            if (
                keep is None
                and failure is None
                and success is not None
                and _dice_and_numbers(single)
            ):
                # a number is no die: the target counts the total, one
                # success when it meets it ({3d20+5}>21)
                return _Group(elements, self.slice(start), success=success)
            raise self.error(
                f"in the {self.d.name} dialect, as in Roll20, the modifiers of a "
                "group with one sub-roll apply to each of its dice; rollwerk "
                "reads that only for dice "
                "added together, none of them kept, dropped or counted (such as "
                "{4d6+3d8}kh1), and a target after dice and numbers added "
                "together ({3d20+5}>21 counts the total)",
                start,
            )
        return _Group(
            elements,
            self.slice(start),
            keep=keep,
            success=success,
            failure=failure,
            per_die=per_die,
        )

    def group_modifiers(
        self, n: int, start: int
    ) -> tuple[Keep | None, Condition | None, Condition | None]:
        keep: Keep | None = None
        success: Condition | None = None
        failure: Condition | None = None
        while True:
            save = self.pos
            self.skip()
            mpos = self.pos
            c = self.peek().lower()
            if c in ("k", "d") and mpos > save and not self._modifier_word(mpos):
                # after a space, a word such as "dmg" is a comment: only
                # k/d with h, l or a number is a modifier there
                self.pos = save
                return keep, success, failure
            if c in ("k", "d") and not self.ahead("df"):
                self.pos += 1
                side = self.peek().lower()
                if side in ("h", "l"):
                    self.pos += 1
                    kind = KeepKind(c + side)
                else:
                    kind = KeepKind.KEEP_HIGHEST if c == "k" else KeepKind.DROP_LOWEST
                amount = self.amount(mpos)
                if keep is not None:
                    raise self.error("keep or drop is given twice", mpos)
                if amount > n:
                    verb = "keep" if c == "k" else "drop"
                    things = "element" if n == 1 else "elements"
                    raise self.error(
                        f"cannot {verb} {amount} of {n} group {things}", mpos
                    )
                keep = Keep(kind, amount)
            elif self.ahead("cs") and self.d.has(Feature.COUNT_WORDS):
                self.pos += 2
                success = self.point("success counting", None)
            elif c in ("<", ">", "=") and success is None:
                success = self.point("success counting", None)
            elif c == "f" and success is not None and failure is None:
                self.pos += 1
                failure = self.point("failure counting", None)
            else:
                self.pos = save
                return keep, success, failure

    def _modifier_word(self, pos: int) -> bool:
        """Whether ``k``/``d`` at ``pos`` reads as keep/drop: ``kh1``, ``d2``, ``df``."""
        text = self.text
        j = pos + 1
        if text[pos : pos + 2].lower() == "df":
            return True
        if j < len(text) and text[j].lower() in ("h", "l"):
            j += 1
        return j < len(text) and text[j] in _DIGITS

    def d20_selector(self, c: str, n: int, added: bool = False) -> Keep | Condition:
        """d20's selector after ``k``/``p`` (``c``) over ``n`` dice or elements.

        ``h``/``l`` and a number give a [`Keep`][rollwerk.dice.Keep] of at
        most ``n``; anything else is a compare point (``3``, ``<3``, ``>3``).
        Where explosions add dice (``added``) a number above ``n`` is
        refused: d20 keeps that many of the dice rolled, added ones too.
        """
        side = self.peek().lower()
        if side in ("h", "l"):
            self.pos += 1
            pos = self.pos
            amount = self.integer("a number")
            if added and amount > n:
                dice = "die" if n == 1 else "dice"
                raise self.error(
                    f"cannot keep or drop {amount} of {n} {dice}: more than the "
                    "term rolls, among dice that explosions add, is not read by "
                    "rollwerk",
                    pos,
                )
            return Keep(_D20_KEEP[c, side], min(amount, n))
        return self.d20_point(self.condition("a selector", bare=True))

    def d20_point(self, cond: Condition) -> Condition:
        """``cond``, unless d20's selectors read it and its number is negative.

        d20's grammar has no sign there: ``4d6k-1`` (meant ``kh1``) would
        keep nothing; ``e-1`` is refused alike, as explosions read no sign.
        Other dialects read a negative point (``r-1``).
        """
        if self.d.selectors and cond.target < 0:
            raise self.error(
                f"a selector's number is not negative in the {self.d.name} dialect "
                f"(d20 reads none): got {cond.target}",
                self.pos,
            )
        return cond

    def set_modifiers(self, elements: list[_Node], start: int) -> _Node:
        """d20's set operations: ``k``/``p`` with selectors.

        ``kh2``/``kl2``/``ph2``/``pl2`` keep or drop the highest or lowest
        totals; ``k3``, ``k<3``, ``k>3`` (and ``p…``) keep or drop the totals
        a selector matches. d20 joins the selectors of one operation written
        again (``k1k2`` keeps the totals 1 and 2, ``kh1kl1`` the highest and
        the lowest) and applies further operations to what the earlier ones
        kept (see `set_ops`).
        """
        mpos = self.pos
        return self.group_with(elements, self.set_ops(len(elements)), start, mpos)

    # -- dice ------------------------------------------------------------------

    def die(self, german: bool) -> Die:
        c = self.peek()
        if c in _DIGITS:
            pos = self.pos
            sides = self.integer("the number of sides")
            digits = self.text[pos : self.pos]
            if german and self.d.digit_dice and digits in ("66", "666"):
                return _digit_die(len(digits))
            if sides < 1:
                raise self.error("a die needs at least 1 side", pos)
            if sides > DICE_LIMITS.max_sides:
                raise LimitExceeded("sides", sides, DICE_LIMITS.max_sides)
            return Die(sides)
        if c == "%":
            self.pos += 1
            if self.d.percent is Percent.TENS and not german:
                return Die.custom(range(0, 100, 10))
            return Die(100)
        if c in ("F", "f"):
            self.need(Feature.FUDGE, self.pos)
            self.pos += 1
            return Die.fudge()
        if c == "{":
            self.need(Feature.CUSTOM_DIE, self.pos)
            return self.custom_faces()
        if c == "(":
            pos = self.pos
            self.need(Feature.COMPUTED_DICE, pos)
            sides = self.constant(self.parenthesised(), "number of sides", pos)
            if sides < 1:
                raise self.error("a die needs at least 1 side", pos)
            if sides > DICE_LIMITS.max_sides:
                raise LimitExceeded("sides", sides, DICE_LIMITS.max_sides)
            return Die(sides)
        if c.lower() == "c":  # Foundry's coin, dc
            dc = re.match(r"[0-9]+", self.text[self.pos + 1 :])
            if dc:  # "1d20+5 >= DC15": a difficulty class, not a coin
                written = self.text[self.pos - 1 : self.pos + 1 + dc.end()]
                raise self.error(
                    f"{written!r} is not a number: a difficulty class is "
                    f"written as its number alone ({dc.group()})"
                )
            raise self.error(
                "a coin ('dc', as Foundry writes it) is not read by rollwerk in "
                f"the {self.d.name} dialect: write d2 for a die of 1 and 2"
            )
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
        """A compare point: ``>=5``, ``<2``, ``=3`` or (when ``bare``) ``3``.

        In an inclusive dialect (Roll20) ``>5`` means 5 or more.
        """
        c = self.peek()
        if c in ("<", ">", "="):
            cmp = self.comparison_op()
            self.skip()
        elif bare:
            cmp = Comparison.EQ
        else:
            raise self.error(f"expected a comparison for {what}")
        return Condition(cmp, self.signed(f"a number for {what}", "comparison target"))

    def point(self, what: str, default: int | None) -> Condition:
        """A compare point that may be left out (then ``=default``)."""
        c = self.peek()
        if (
            c in ("<", ">", "=")
            or c in _DIGITS
            or (c == "-" and default is None)
            or (self.ahead("[[") and self.d.has(Feature.INLINE_ROLLS))
        ):
            return self.condition(what, bare=True)
        if default is None:
            # a bare number is enough here (r1): ask for either
            raise self.error(f"expected a face or a comparison for {what} (1, <3)")
        return Condition(Comparison.EQ, default)

    def amount(self, mpos: int) -> int:
        if self.peek() in _DIGITS:
            return self.integer("a number")
        if not self.d.default_amount:
            raise self.error(
                f"expected a number after {self.text[mpos : self.pos]!r}", self.pos
            )
        return 1

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
        if text.startswith("[[", p) and self.d.has(Feature.INLINE_ROLLS):
            return True  # Roll20's inline roll as the target: read as a number
        if p < n and text[p] == "-":
            p += 1
        digits = p
        while p < n and text[p] in _DIGITS:
            p += 1
        if p == digits:
            return False
        # a die after the number (``4dF``, ``5d1``) is a term to compare
        # with; a ``d`` that starts no die is a modifier (``>=5dl1``)
        return not (p + 1 < n and text[p] in "dDwW" and text[p + 1] in _DIE_STARTS)

    def count_dice(self, term: int, added: int) -> None:
        """Count ``added`` dice of a term of ``term`` dice, within the limit.

        Raises:
            LimitExceeded: The term or the whole expression has more than
                ``DICE_LIMITS.max_dice`` dice.
        """
        most = DICE_LIMITS.max_dice
        if term > most:
            raise LimitExceeded("dice count", term, most)
        self.dice += added
        if self.dice > most:
            raise LimitExceeded("dice count", self.dice, most)

    def dice_term(self, start: int, count: int | None) -> _Node:
        text = self.text
        if count is None:
            count = 1
        elif count < 1 and not (count == 0 and self.d.has(Feature.ZERO_DICE)):
            raise self.error("the number of dice must be at least 1", start)
        self.count_dice(count, count)
        german = text[self.pos] in "wW"
        if german:
            self.need(Feature.GERMAN_W, self.pos)
        self.pos += 1  # the die letter
        die = self.die(german)
        m = _Modifiers(self, die, count, start)
        m.read()
        self.dice_end = self.pos
        if m.margin is not None:
            return self.with_margin(self.dice_node(m, start, count, german), m)
        return self.dice_node(m, start, count, german)

    def with_margin(self, node: _Node, m: _Modifiers) -> _Node:
        """A dice term with Foundry's ``ms``: ``(6d6 - 12)`` or ``(12 - 6d6)``.

        Its total less the target, or (``ms<12``) the target less its total.
        The dice are explained without the ``ms…`` (``3d6: 5, 5, 5 → 15``
        under ``3d6ms<=4 = -11``): their line is their own total.
        """
        assert m.margin is not None
        below, target = m.margin
        whole = node.text
        if isinstance(node, _Dice):
            a, b = (i - m.start for i in m.margin_span)
            node = _Dice(node.pool, whole[:a] + whole[b:], failures=node.failures)
        number = _Number(target, str(target))
        terms = [number, node] if below else [node, number]
        return _Sum(terms, ["+", "-"], whole)

    def dice_node(self, m: _Modifiers, start: int, count: int, german: bool) -> _Node:
        """The node of a dice term whose modifiers ``m`` has read."""
        chain = m.chain()
        if count == 0:
            return _Number(0, self.slice(start))
        pool = m.pool(start, german)
        self.draws += pool.worst_case_draws
        if self.draws > DICE_LIMITS.max_draws:
            raise LimitExceeded("dice drawn", self.draws, DICE_LIMITS.max_draws)
        if m.places is not None:
            # a chain of operations is other operations too (it kept the
            # pool plain, so the check of the pool alone would pass it)
            try:
                other = attrs.evolve(pool, reroll_once=False) != Pool(
                    pool.count, pool.die
                )
            except ParameterError:  # "ro<7" rerolls every face: not plain
                other = True
            if chain or other:
                raise self.error(
                    "d20's 'roh'/'rol' together with other operations on the "
                    "dice is not read by rollwerk",
                    start,
                )
            highest, amount = m.places
            return _Rerolled(pool, highest, amount, self.slice(start))
        if chain:
            return self.dice_ops(pool, chain, start, start)
        return _Dice(pool, self.slice(start), failures=m.counts_failures)


class _Modifiers:
    """The modifiers of one dice term, read as the dialect says."""

    def __init__(self, parser: _Parser, die: Die, count: int, start: int) -> None:
        self.p = parser
        self.die = die
        self.count = count
        self.start = start  # where the term's text begins (its count)
        self.reroll: list[Condition] = []
        self.once: bool | None = None
        self.reroll_text = ""
        self.explode: Condition | None = None
        self.mode = ExplodeMode.COMPOUND
        self.limit: int | None = None
        self.keep: Keep | None = None
        self.tally: Tally | None = None
        self.success: Condition | None = None
        self.failure: Condition | None = None
        self.deduct: Condition | None = None
        self.deduct_bare = False  # 'df' without a target
        self.in_word = False  # reading a word after a space (roll20, d20)
        self.counts_failures = False  # Foundry's 'cf' (its count is the value)
        self.minimum: int | None = None
        self.maximum: int | None = None
        self.stage = 0
        self.stage_text = ""
        self.places: tuple[bool, int] | None = None  # d20's roh/rol: (highest, n)
        self.margin: tuple[bool, int] | None = None  # Foundry's ms: (below, target)
        self.margin_span = (0, 0)  # where 'ms…' is written
        self.subtract: Condition | None = None  # Foundry's sf
        self.subtract_at = 0  # where 'sf' is written, for its errors
        self.ops: list[SetOp] = []  # d20's k/p after dice, in the order written
        self.ops_char = ""
        self.ops_end = -1

    def at(self, stage: str, mpos: int) -> None:
        """Refuse, in a written-order dialect, an order rollwerk reads otherwise."""
        p = self.p
        index = _STAGES.index(stage)
        written = p.text[mpos : p.pos]
        if p.d.written_order and index < self.stage:
            raise p.error(
                f"{p.d.title} applies {written!r} after {self.stage_text!r} (in "
                "the order written); rollwerk applies reroll, min/max, explode, "
                "keep and count in that order: write them in that order",
                mpos,
            )
        if index >= self.stage:
            self.stage, self.stage_text = index, written

    def read(self) -> None:
        p = self.p
        while True:
            save = p.pos
            p.skip()
            spaced = p.pos > save
            if spaced and p.d.selectors:
                # d20 writes a dice term's operations without spaces: text
                # after a space is a comment ("4d6 kh3" rolls 4d6)
                p.pos = save
                return
            if not (spaced and p.d.trailing_comment):
                if not self.one():
                    p.pos = save
                    return
                continue
            # Roll20 and d20 read text after a space as a comment when it is
            # not modifiers: "1d20 Roll for initiative", "2d6 slashing". The
            # whole word must be modifiers ("1d8 r" rerolls 1s; "1d20 Roll"
            # is not a reroll once followed by "ll"); a word of modifiers
            # that cannot be applied is refused ("4d6 kh3 kh2").
            kept = {
                k: (list(v) if isinstance(v, list) else v)
                for k, v in vars(self).items()
            }
            dice = p.dice
            # the word up to notation's own spaces: str.split() would also
            # split at a no-break space, and leave nothing of one alone
            word = _WORD.match(p.text, p.pos).group()  # type: ignore[union-attr]
            if word and not word[0].isprintable():
                # a no-break space after a space: what follows it is not
                # separated from the dice, as without the space
                raise p.unexpected("expected a modifier, or a comment after the space")
            self.in_word = True  # another dialect's letter may begin a comment
            try:
                more = self.one()
                while more and self.one():
                    pass
            except NotationError:
                if word and all(c in _MODIFIER_CHARS for c in word.lower()):
                    raise
                more = False
            finally:
                self.in_word = False
            if not more or (p.peek() and p.peek() not in _WORD_ENDS):
                vars(self).update(kept)
                p.pos, p.dice = save, dice
                return

    def foundry_compound(self, mpos: int) -> None:
        """Refuse modifiers run together before a number (``khcs>4``).

        Foundry reads a run of letters that is no modifier's name as its
        modifiers one after another, each without a number or comparison
        (``kh`` keeping one die, ``cs`` with no target), and drops what
        follows the run: rollwerk would give it to the last, so it is
        refused rather than read another way.
        """
        p = self.p
        run = _LETTERS.match(p.text, mpos)
        if run is None or run.group().lower() in _FOUNDRY_MODIFIERS:
            return
        rest = run.group().lower()
        while rest:  # Foundry's split: the longest modifier name first
            name = next((m for m in _FOUNDRY_BY_LENGTH if rest.startswith(m)), "")
            if not name:
                return  # not modifiers ('ro'): refused as what it is
            rest = rest[len(name) :]
        after = p.text[run.end() : run.end() + 1]
        if after and (after in _DIGITS or after in "<>="):
            word = run.group()
            raise p.error(
                f"modifiers run together before a number ('{word}{after}…') are "
                "not read by rollwerk: Foundry reads each of them without its "
                "number; write a number between them (kh1cs>4)",
                mpos,
            )

    def attached(self, mpos: int) -> bool:
        """Whether a modifier at ``mpos`` is written on to the dice.

        Not after a space, nor in a word after one: there another
        dialect's letter may begin a comment (``2d6 hp``, ``1d20 !1h5``),
        so it is not refused by name.
        """
        p = self.p
        return not self.in_word and mpos > 0 and p.text[mpos - 1] not in _SPACES

    def one(self) -> bool:
        """Read one modifier; ``False`` when none starts here."""
        p = self.p
        d = p.d
        faces = self.die.faces
        if True:
            mpos = p.pos
            c = p.peek().lower()
            if d.name == "foundry":
                self.foundry_compound(mpos)
            if p.ahead("even") or p.ahead("odd"):
                odd = p.ahead("odd")
                p.need(Feature.COUNT_WORDS, mpos, "odd" if odd else "even")
                self.count_after_deduct("odd" if odd else "even", mpos)
                p.pos += 3 if odd else 4
                self.set_success(Condition(Comparison.EQ, int(odd), 2), mpos)
            elif p.ahead("adv") or p.ahead("dis"):
                p.need(Feature.ADVANTAGE, mpos)
                high = p.ahead("adv")
                p.pos += 3
                if self.keep is not None:
                    raise p.error("keep or drop is given twice", mpos)
                kind = KeepKind.KEEP_HIGHEST if high else KeepKind.KEEP_LOWEST
                p.count_dice(self.count + 1, 1)  # the die adv/dis adds
                self.keep = Keep(kind, self.count)
                self.count += 1
                self.at("keep", mpos)
            elif p.ahead("min") or p.ahead("max"):
                p.need(Feature.CLAMP_FOUNDRY, mpos)
                self.clamp(p.ahead("min"), 3, mpos)
            elif p.ahead("mi") or p.ahead("ma"):
                p.need(Feature.CLAMP_D20, mpos)
                self.clamp(p.ahead("mi"), 2, mpos)
            elif p.ahead("cs") or p.ahead("cf"):
                self.criticals(mpos)
            elif p.ahead("sf") and not d.has(Feature.SORT):
                p.need(Feature.SUBTRACT_FAILURES, mpos)
                if self.subtract is not None:
                    raise p.error("'sf' is given twice", mpos)
                p.pos += 2
                nxt = p.peek()
                foundry = d.name == "foundry"  # rollwerk's own reading: the 1s
                if nxt not in ("<", ">", "=") and nxt not in _DIGITS and foundry:
                    raise p.error(
                        "'sf' without a target is not read by rollwerk (Foundry's "
                        "reference subtracts the 1s, its code nothing): write sf=1",
                        mpos,
                    )
                self.subtract_at = mpos
                self.subtract = p.point("subtracted failures", min(faces))
                self.at("count", mpos)
            elif p.ahead("ms"):
                p.need(Feature.MARGIN, mpos)
                self.margin_of_success(mpos)
            elif p.ahead("df"):
                p.need(Feature.COUNT_WORDS, mpos, "df")
                if self.deduct is not None:
                    raise p.error("'df' is given twice", mpos)
                if self.counts_failures:
                    raise p.error(
                        "'cf' and 'df' together are not read by rollwerk "
                        "(Foundry's reference and its code disagree on the value)",
                        mpos,
                    )
                p.pos += 2
                nxt = p.peek()
                self.deduct_bare = nxt not in ("<", ">", "=") and nxt not in _DIGITS
                if self.deduct_bare and self.success is None and d.name == "foundry":
                    raise p.error(
                        "'df' without a target and without a count before it is "
                        "not read by rollwerk (Foundry's reference deducts the 1s, "
                        "its code nothing): write df=1",
                        mpos,
                    )
                self.deduct = p.point("deducted failures", min(faces))
                self.at("count", mpos)
            elif c in ("k", "d", "p", "h", "l"):
                if c == "d" and not d.has(Feature.KEEP):
                    raise p.missing("'d'", mpos)
                # right after the dice, another dialect's letter is refused by
                # name; after a space it may begin a comment ("2d6 hp")
                joined = self.attached(mpos)
                if c == "p" and not d.selectors:
                    if joined and d.has(Feature.KEEP):
                        raise p.missing("'p'", mpos, "drop with 'dl' (4d6dl1)")
                    return False
                if c in ("h", "l") and not d.has(Feature.KEEP_SHORT):
                    if joined and c == "h" and d.has(Feature.KEEP):
                        raise p.missing("'h'", mpos, "keep with 'kh' (4d6kh3)")
                    return False
                if c in ("k", "p"):
                    p.need(Feature.KEEP, mpos, c)
                self.keep_or_drop(c, mpos)
            elif c == "r":
                p.need(Feature.REROLL, mpos, "r")
                self.rerolls(mpos)
            elif c == "!" and not (d.selectors and p.ahead("!=")):
                self.bang(mpos)
            elif c == "x":
                p.need(Feature.EXPLODE_X, mpos)
                p.pos += 1
                once = p.peek().lower() == "o"
                p.pos += int(once)
                bare = p.peek() in _DIGITS  # x2>=8, not x=2 or x>=5
                self.set_explode(ExplodeMode.ADD, 1 if once else None, mpos)
                if not once and bare and p.peek() in ("<", ">", "=") and self.explode:
                    # Foundry's x<max><compare><target>: the bare number read
                    # as the target was the most explosions, counted over the
                    # whole term (exact here for a single die only). After a
                    # written compare point (x=1>=6, x>=5>=6) a comparison
                    # counts successes instead.
                    limit = self.explode.target
                    if self.count != 1:
                        raise p.error(
                            "an explosion limit over several dice is not read by "
                            "rollwerk (Foundry counts it across the dice); to "
                            f"explode on {limit} and count dice, write x={limit}",
                            mpos,
                        )
                    most = DICE_LIMITS.explosion_cap
                    if not 1 <= limit <= most:
                        raise p.error(
                            f"the most explosions must be from 1 to {most} (the "
                            f"explosion cap), got {limit}",
                            mpos,
                        )
                    self.explode = None
                    self.set_explode(ExplodeMode.ADD, limit, mpos)
            elif c == "e" and d.has(Feature.EXPLODE_E):
                p.pos += 1
                self.set_explode(ExplodeMode.ADD, None, mpos, bare_default=False)
            elif (
                c == "e"
                and self.attached(mpos)
                and p.text[mpos + 1 : mpos + 2] in _DIGITS
            ):
                p.need(Feature.EXPLODE_E, mpos, "e")
            elif c == "s" and d.has(Feature.SORT):
                if p.text[mpos + 1 : mpos + 2].lower() == "f" and self.attached(mpos):
                    p.need(Feature.SUBTRACT_FAILURES, mpos, "sf")
                p.pos += 1
                if p.peek().lower() in ("a", "d"):
                    p.pos += 1
            elif (
                c in ("<", ">", "=")
                and self.success is None
                and d.has(Feature.COUNT)
                and p.target_ahead()
            ):
                self.set_success(p.condition("success counting", bare=False), mpos)
                if p.peek().lower() == "f":
                    p.pos += 1
                    self.failure = p.condition("failure counting", bare=True)
            elif c == "m" and d.name == "roll20":
                raise p.error(
                    "Roll20's matching ('m', 'mt') is not read by rollwerk", mpos
                )
            else:
                return False
        return True

    def set_success(self, cond: Condition, mpos: int) -> None:
        if self.success is not None:
            raise self.p.error("success counting is given twice", mpos)
        self.success = cond
        self.at("count", mpos)

    def clamp(self, low: bool, width: int, mpos: int) -> None:
        p = self.p
        word = p.text[mpos : mpos + width]
        p.pos += width
        if p.peek().isspace():
            # a modifier's number follows it directly, as k3 and r1 do (d20
            # refuses 1d6mi 3; it had been read as mi3 in every dialect)
            raise p.error(
                f"expected the number of {word!r} right after it ({word}2), "
                "got a space",
                p.pos,
            )
        if p.peek().isalpha():  # "1d20 minus 5": a word, not the modifier
            raise p.error(
                f"expected the number of {word!r}, the {'least' if low else 'greatest'} "
                f"face a die counts as ({word}2), got {p.peek()!r}"
            )
        value = p.signed("a number", "face value")
        # clamps apply in the order written (d20, Foundry); composed, they
        # are one clamp to [minimum, maximum], the pool's: ``ma2mi4`` is
        # always 4, ``mi4ma2`` always 2, ``mi4mi2`` is ``mi4``
        lo, hi = self.minimum, self.maximum
        if low:
            self.minimum = value if lo is None else max(lo, value)
            self.maximum = None if hi is None else max(hi, value)
        else:
            self.minimum = None if lo is None else min(lo, value)
            self.maximum = value if hi is None else min(hi, value)
        self.at("min/max", mpos)

    def criticals(self, mpos: int) -> None:
        p = self.p
        d = p.d
        success = p.ahead("cs")
        p.pos += 2
        faces = self.die.faces
        default = max(faces) if success else min(faces)
        cond = p.point(
            "criticals" if d.has(Feature.CRIT_MARKS) else "counting", default
        )
        if d.has(Feature.CRIT_MARKS):
            return  # Roll20: marks the dice only; the value is unchanged
        p.need(Feature.COUNT_WORDS, mpos, "cs" if success else "cf")
        if success:
            self.count_after_deduct("cs", mpos)
        if not success and self.counts_failures:
            raise p.error("'cf' is given twice", mpos)
        if not success and self.success is not None:
            raise p.error(
                "'cs' and 'cf' together are not read by rollwerk (Foundry "
                "recounts the dice)",
                mpos,
            )
        if not success and self.deduct is not None:
            raise p.error(
                "'cf' and 'df' together are not read by rollwerk "
                "(Foundry's reference and its code disagree on the value)",
                mpos,
            )
        self.counts_failures = not success
        self.set_success(cond, mpos)

    def margin_of_success(self, mpos: int) -> None:
        """Foundry's ``ms``: the term's total less a target, or the target less it.

        ``6d6ms>12`` (also ``ms>=12``, ``ms=12``, ``ms12``) is the total
        less 12; ``ms<12`` (``ms<=12``) is 12 less the total. It applies to
        the term's total wherever it is written.
        """
        p = self.p
        if self.margin is not None:
            raise p.error("'ms' is given twice", mpos)
        p.pos += 2
        if p.peek() not in ("<", ">", "=") and p.peek() not in _DIGITS:
            raise p.error("expected a target after 'ms' (6d6ms>12)", p.pos)
        start = p.pos
        point = p.condition("the margin of success", bare=True)
        below = point.comparison in (Comparison.LT, Comparison.LE)
        if point.target < 0:
            raise p.error(
                f"the target of 'ms' must be a whole number 0 or more, got "
                f"{point.target}",
                start,
            )
        if below and point.target == 0:
            # Foundry's code reads a margin of 0 as none: the total itself
            dice = p.text[self.start : mpos]
            raise p.error(
                f"{p.text[mpos : p.pos]!r} is not read by rollwerk (Foundry's code "
                f"reads a target of 0 as no margin): write 0 minus the dice (0-{dice})",
                mpos,
            )
        self.margin = (below, point.target)
        self.margin_span = (mpos, p.pos)

    def count_after_deduct(self, written: str, mpos: int) -> None:
        """Refuse, where counts overwrite (Foundry), a count written after ``df``.

        Foundry's ``cs``, ``even`` and ``odd`` set what every die counts, so
        written after ``df`` they overwrite the −1 of each failure: the
        failures would not be deducted, which is never what such a text
        means. Written before ``df`` they are read (``6d6evendf``).
        """
        p = self.p
        if p.d.count_overwrites and self.deduct is not None:
            raise p.error(
                f"{p.d.title} counts every die again with {written!r} written "
                f"after 'df', which loses the failures 'df' deducted; write "
                f"{written!r} before 'df' (6d6{written}df)",
                mpos,
            )

    def keep_or_drop(self, c: str, mpos: int) -> None:
        p = self.p
        d = p.d
        p.pos += 1
        if d.selectors and c in ("k", "p"):
            self.d20_op(c, mpos)
            return
        if self.keep is not None or self.tally is not None:
            raise p.error("keep or drop is given twice", mpos)
        if c in ("h", "l"):
            kind = KeepKind.KEEP_HIGHEST if c == "h" else KeepKind.KEEP_LOWEST
            self.set_keep(kind, p.amount(mpos), c, mpos)
            return
        side = p.peek().lower()
        if d.selectors:  # d20 has no "d" after dice: it would read as "k"
            raise p.error(
                f"the {d.name} dialect has no 'd' after dice: drop with "
                "'p' ('pl1', 'ph1', 'p<3') or keep with 'k'",
                mpos,
            )
        if side in ("h", "l"):
            p.pos += 1
            kind = KeepKind(c + side)
            self.set_keep(kind, p.amount(mpos), c, mpos)
            return
        if side in ("<", ">", "=") and d.name in ("roll20", "foundry"):
            raise p.missing(
                f"keeping or dropping the dice meeting a comparison ('{c}{side}…')",
                mpos,
            )
        if side in ("<", ">", "=") and d is p.d and d.name in ("rollwerk", "german"):
            cond = p.condition("keep or drop", bare=False)
            kind_t = TallyKind.KEEP if c == "k" else TallyKind.DROP
            self.tally = Tally(kind_t, cond)
            self.at("keep", mpos)
            return
        kind = KeepKind.KEEP_HIGHEST if c == "k" else KeepKind.DROP_LOWEST
        if p.peek() in _DIGITS:
            amount = p.integer("a number")
        elif d.default_amount:
            amount = 1
        else:
            raise p.error(
                f"expected 'h', 'l' or a number after '{p.text[mpos]}'", p.pos
            )
        self.set_keep(kind, amount, c, mpos)

    def d20_op(self, c: str, mpos: int) -> None:
        """d20's ``k``/``p`` after dice: one more operation of the chain.

        Written again right after itself it joins the selectors of the
        last one (``k1k2k3``), as d20 does.
        """
        p = self.p
        sel = _selector(p.d20_selector(c, self.count, self.explode is not None))
        if self.ops and self.ops_end == mpos and self.ops_char == c:
            drop, sels = self.ops[-1]
            self.ops[-1] = (drop, _join(sels, sel))
        else:
            self.ops.append((c == "p", (sel,)))
        self.ops_char, self.ops_end = c, p.pos
        self.at("keep", mpos)

    def chain(self) -> list[SetOp]:
        """d20's operations after dice; one of one selector becomes the keep or tally.

        Returns the operations that a pool's keep or tally cannot hold
        (none when there are none or only one).
        """
        ops = self.ops
        if len(ops) == 1 and len(ops[0][1]) == 1:
            one = _keep_or_tally(ops[0])
            if isinstance(one, Keep):
                self.keep = one
            else:
                self.tally = one
            return []
        return ops

    def set_keep(self, kind: KeepKind, amount: int, c: str, mpos: int) -> None:
        p = self.p
        if amount > self.count:
            verb = "drop" if c in ("d", "p") else "keep"
            raise p.error(f"cannot {verb} {amount} of {self.count} dice", mpos)
        self.keep = Keep(kind, amount)
        self.at("keep", mpos)

    def rerolls(self, mpos: int) -> None:
        p = self.p
        d = p.d
        p.pos += 1
        nxt = p.peek().lower()
        if nxt == "a":
            self.reroll_and_add(mpos)
            return
        if nxt == "r":
            p.need(Feature.REROLL_RECURSIVE, mpos)
            p.pos += 1
            this_once = False
        elif nxt == "o":
            if d.reroll_once:  # Foundry has no 'ro': its 'r' rerolls once
                raise p.error(
                    f"'ro' is not part of the {d.name} dialect: its 'r' rerolls "
                    "once (4d6r1)",
                    mpos,
                )
            p.pos += 1
            this_once = True
        elif d.selectors:  # d20 has 'rr', 'ro' and 'ra', no bare 'r'
            raise p.error(
                f"the {d.name} dialect has no bare 'r': write 'rr' (reroll until "
                "none) or 'ro' (reroll once)",
                mpos,
            )
        else:
            this_once = d.reroll_once
        written = p.text[mpos : p.pos]
        if self.once is not None and self.once != this_once:
            raise p.error(f"{self.reroll_text!r} and {written!r} cannot be mixed", mpos)
        self.once, self.reroll_text = this_once, written
        if d.selectors and p.peek().lower() in ("h", "l"):
            self.reroll_places(this_once, mpos)
            return
        default = min(self.die.faces) if d.reroll_default_lowest else None
        self.reroll.append(p.d20_point(p.point("a reroll", default)))
        while (
            p.peek() == ","
            and d.has(Feature.REROLL_LIST)
            and not p.in_group
            and p.text[p.pos + 1 : p.pos + 2] in _DIGITS
        ):
            p.pos += 1
            self.reroll.append(p.d20_point(p.condition("a reroll", bare=True)))
        self.at("reroll", mpos)

    def reroll_places(self, once: bool, mpos: int) -> None:
        """d20's ``rol2``/``roh1``: reroll the lowest (highest) dice once.

        Read as the only operation of its dice term (`_Rerolled`); ``rrl1``
        would reroll the lowest die for ever.
        """
        p = self.p
        if not once:
            raise p.error(
                "'rr' with 'h'/'l' rerolls for ever (there is always a lowest "
                "die); write 'ro'",
                mpos,
            )
        chosen = p.d20_selector("k", self.count)
        assert isinstance(chosen, Keep)
        if self.places is not None:
            raise p.error(
                "'roh'/'rol' written twice is not read by rollwerk (d20 joins "
                "them into one reroll of both): write one",
                mpos,
            )
        self.places = (chosen.kind is KeepKind.KEEP_HIGHEST, chosen.amount)
        self.at("reroll", mpos)

    def clamped_faces(self) -> Sequence[int]:
        """What each face of the die counts as after ``mi``/``ma``/``min``/``max``."""
        faces = self.die.faces
        if self.minimum is not None:
            faces = tuple(max(f, self.minimum) for f in faces)
        if self.maximum is not None:
            faces = tuple(min(f, self.maximum) for f in faces)
        return faces

    def reroll_and_add(self, mpos: int) -> None:
        """d20's ``ra``: one selected die rolls one more die, once per term.

        On a single die that is an explosion adding at most one die
        (``1d6ra6`` is ``1d6xo6``; ``ral1``/``rah1`` always select it).
        Over several dice d20 adds one die for the whole term, which a
        pool's per-die explosions cannot say: refused.
        """
        p = self.p
        p.need(Feature.REROLL_ADD, mpos)
        if self.count != 1:
            raise p.error(
                "d20's 'ra' over several dice is not read by rollwerk (it adds "
                "one die for the whole term); on a single die it is read",
                mpos,
            )
        p.pos += 1  # the "a" of "ra"
        side = p.peek().lower()
        if side in ("h", "l"):
            p.pos += 1
            if p.integer("a number") == 0:  # selects no die: nothing happens
                self.at("explode", mpos)
                return
            faces = self.clamped_faces()
            every = Condition(Comparison.GE, min(faces))
            if self.explode is not None:
                if (self.mode, self.limit) != (ExplodeMode.ADD, 1):
                    raise self.explode_twice(ExplodeMode.ADD, 1, mpos)
                # d20 joins a repeated 'ra' (ra1rah1): the single die is selected
                every = self.joined(self.explode, every, mpos)
            self.explode = every
            self.mode, self.limit = ExplodeMode.ADD, 1
            self.at("explode", mpos)
            return
        if p.peek() not in ("<", ">", "=") and p.peek() not in _DIGITS:
            raise p.error("expected a selector after 'ra'")
        self.set_explode(ExplodeMode.ADD, 1, mpos)

    def bang(self, mpos: int) -> None:
        p = self.p
        d = p.d
        p.pos += 1
        if p.peek() == "!":
            p.need(Feature.COMPOUND, mpos)
            p.pos += 1
            mode = ExplodeMode.COMPOUND
        elif p.peek().lower() == "p":
            p.need(Feature.PENETRATE, mpos)
            p.pos += 1
            mode = ExplodeMode.PENETRATE
        else:
            p.need(Feature.BANG, mpos)
            mode = d.bang
        self.set_explode(mode, None, mpos)

    def explode_twice(
        self, mode: ExplodeMode, limit: int | None, mpos: int
    ) -> NotationError:
        """The error for a second explosion on a term that has one.

        In d20's dialect the two are ``e`` and ``ra``, which d20 applies one
        after the other; rollwerk reads one explosion rule per term.
        """
        p = self.p
        if p.d.selectors and (mode, limit) != (self.mode, self.limit):
            return p.error(
                "d20's 'e' and 'ra' on one term are not read together by "
                "rollwerk (d20 applies each in turn to the dice so far); each "
                "is read alone",
                mpos,
            )
        return p.error(
            "an explosion is given twice (one explosion rule per term)", mpos
        )

    def set_explode(
        self,
        mode: ExplodeMode,
        limit: int | None,
        mpos: int,
        *,
        bare_default: bool = True,
    ) -> None:
        p = self.p
        earlier = self.explode
        if earlier is not None and not (
            p.d.selectors and (mode, limit) == (self.mode, self.limit)
        ):
            raise self.explode_twice(mode, limit, mpos)
        c = p.peek()
        if c in ("<", ">", "=") or c in _DIGITS:
            self.explode = p.condition("an explosion", bare=True)
            if earlier is not None:  # d20 joins them: "e5e6" explodes on 5 or 6
                self.explode = self.joined(earlier, self.explode, mpos)
        elif earlier is not None:
            raise p.error(
                "an explosion is given twice (one explosion rule per term)", mpos
            )
        elif bare_default:
            self.explode = Condition(Comparison.EQ, max(self.die.faces))
        elif p.d.selectors and c.lower() in ("h", "l"):
            raise p.error(
                "d20's 'e' with an 'h'/'l' selector (a die by its rank) is not "
                "read by rollwerk",
                mpos,
            )
        else:
            raise p.error("expected a number or a comparison for an explosion")
        self.mode, self.limit = mode, limit
        self.at("explode", mpos)

    def joined(self, first: Condition, second: Condition, mpos: int) -> Condition:
        """One condition for the faces either names (d20's repeated ``e``).

        Raises:
            NotationError: No single comparison names those faces
                (``1d6e1e6``).
        """
        faces = sorted(set(self.die.faces))
        hit = [f for f in faces if first(f) or second(f)]
        if not hit:  # neither names a face: nothing explodes (1d2e<1e3)
            return first
        if len(hit) == 1:
            return Condition(Comparison.EQ, hit[0])
        if hit and hit == [f for f in faces if f >= hit[0]]:
            return Condition(Comparison.GE, hit[0])
        if hit and hit == [f for f in faces if f <= hit[-1]]:
            return Condition(Comparison.LE, hit[-1])
        written = "ra" if (self.mode, self.limit) == (ExplodeMode.ADD, 1) else "e"
        raise self.p.error(
            f"explosions on the faces {_faces_shown(hit)} "
            f"(d20 joins repeated '{written}') are read only where one "
            f"comparison names them ({written}5{written}6 is {written}>4)",
            mpos,
        )

    def pool(self, start: int, german: bool) -> Pool:
        p = self.p
        die = self.die
        if (
            p.d.written_order
            and self.explode is not None
            and (self.minimum is not None or self.maximum is not None)
        ):
            raise p.error(
                f"min/max together with explosions is not read by rollwerk in "
                f"the {p.d.name} dialect ({p.d.title} applies them in the "
                "order written)",
                start,
            )
        success, failure, tally = self.success, self.failure, self.tally
        minimum, maximum = self.minimum, self.maximum
        if self.deduct is not None and failure is not None:
            raise p.error(
                "failures are given twice ('f' after the target and 'df'): "
                "write one of them",
                start,
            )
        if p.d.count_overwrites and self.deduct is not None and success is not None:
            success, failure = self.overwritten(success, self.deduct, start)
        elif self.deduct is not None:
            if success is not None:
                failure = self.deduct
            elif tally is None:
                tally = Tally(TallyKind.DEDUCT, self.deduct)
            else:
                raise p.error("'df' together with 'k'/'p' is not read", start)
        if self.subtract is not None:
            if success is not None or self.deduct is not None:
                raise p.error(
                    "'sf' together with a count ('cs', 'cf', 'df', 'even', "
                    "'odd', '>=5') is not read by rollwerk",
                    self.subtract_at,
                )
            if tally is not None:
                raise p.error(
                    "'sf' together with 'k'/'p' is not read", self.subtract_at
                )
            if minimum is not None or maximum is not None:
                raise p.error(
                    "'sf' together with 'min'/'max' is not read by rollwerk "
                    "('sf' subtracts the face rolled, 'min'/'max' change what a "
                    "die adds)",
                    self.subtract_at,
                )
            tally = Tally(TallyKind.SUBTRACT, self.subtract)
        if tally is not None and success is not None:
            raise p.error("counting together with a keep or drop filter", start)
        if p.d.count_overwrites and (minimum is not None or maximum is not None):
            if success is not None:
                # a count tests the face rolled and sets what the die counts:
                # min/max change nothing (Foundry sets a clamped die's count,
                # which the count then overwrites)
                minimum = maximum = None
            elif tally is not None:
                tally = Tally(
                    tally.kind, self.clamped_condition(tally.condition, start)
                )
        shown = p.text[start:].lstrip("0123456789(")[:1]
        faces = self.clamped_faces()
        if (
            self.reroll
            and not self.once
            and all(any(cond(v) for cond in self.reroll) for v in die.faces)
        ):
            raise p.error(
                f"every face of the die is rerolled, so the roll never ends "
                f"(die {die.notation('de' if shown in 'wW' else 'en')})",
                start,
            )
        if (
            self.explode is not None
            and self.limit is None
            and all(map(self.explode, faces))
        ):
            raise p.error(
                f"every face of the die explodes, so the roll never ends "
                f"(die {die.notation('de' if shown in 'wW' else 'en')})",
                start,
            )
        return Pool(
            self.count,
            die,
            reroll=tuple(self.reroll),
            reroll_once=bool(self.once),
            explode=self.explode,
            keep=self.keep,
            success=success,
            failure=failure,
            explode_mode=self.mode,
            explode_limit=self.limit,
            minimum=minimum,
            maximum=maximum,
            tally=tally,
        )

    def overwritten(
        self, success: Condition, deduct: Condition, start: int
    ) -> tuple[Condition, Condition]:
        """Foundry's ``cs`` then ``df``: the success and failure conditions.

        ``df`` without a target deducts every die that failed the count
        (``6d6cs>4df``: +1 above 4, −1 else); with a target it overwrites
        what the dice meeting it count with −1, so a die meeting both
        conditions counts −1 (the successes are those meeting ``cs`` but not
        ``df``). Read where each is one comparison on the die's faces.
        """
        p = self.p
        faces = sorted(set(self.die.faces))
        if self.deduct_bare:
            failing = {f for f in faces if not success(f)}
            failure = _condition_for(failing, faces)
            if failure is None:
                raise p.error(
                    f"'df' without a target deducts the dice that fail "
                    f"{success.notation()!r}, the faces "
                    f"{_faces_shown(sorted(failing))}; rollwerk reads that "
                    "where one comparison names them: give 'df' a target",
                    start,
                )
            return success, failure
        kept = {f for f in faces if success(f) and not deduct(f)}
        if kept == {f for f in faces if success(f)}:
            return success, deduct
        narrowed = _condition_for(kept, faces)
        if narrowed is None:
            raise p.error(
                f"{p.d.title} counts a die meeting both 'cs' and 'df' as −1, so "
                f"the successes are the faces {_faces_shown(sorted(kept))}; "
                "rollwerk reads that where one comparison names them",
                start,
            )
        return narrowed, deduct

    def clamped_condition(self, cond: Condition, start: int) -> Condition:
        """``df``'s condition on the faces rolled, as a test of clamped values.

        Foundry's ``min``/``max`` change what a die adds, not its face, and
        ``df`` tests the face; read where the clamped value tells whether
        the face met the condition (``4d6max5df=1``).
        """
        p = self.p
        faces = self.die.faces
        clamped = self.clamped_faces()
        hit: dict[int, bool] = {}
        first: dict[int, int] = {}
        for face, value in zip(faces, clamped, strict=True):
            other = first.setdefault(value, face)
            if hit.setdefault(value, cond(face)) != cond(face):
                meets, misses = (other, face) if cond(other) else (face, other)
                raise p.error(
                    f"{p.d.title}'s 'df' tests the face rolled and 'min'/'max' "
                    f"change only what a die adds: faces {meets} and {misses} both "
                    f"add {value}, but only {meets} meets {cond.notation()!r}; "
                    "rollwerk reads 'df' with 'min'/'max' only where the value "
                    "added tells the failures apart",
                    start,
                )
        values = sorted(hit)
        found = _condition_for({v for v in values if hit[v]}, values)
        if found is None:  # a parity or a cut of the faces, clamped: not here
            raise p.error(
                f"'df' together with 'min'/'max' is not read by rollwerk for "
                f"{cond.notation()!r}",
                start,
            )
        return found


class _Exact(_Product):
    """A product ending in an exact division, until a function rounds it.

    Only the parser sees these: a ``/`` of a fraction-dividing dialect is
    kept as floor division for the node's bounds, then rewritten by
    ``floor``/``ceil``/``round`` (or the total's truncation); one that is
    never rounded is refused.
    """

    __slots__ = ()

    def __init__(self, factors: list[_Node], ops: list[str], text: str) -> None:
        super().__init__(factors, [*ops[:-1], "/"], text)


class _Scaled(_Node):
    """A value with a fraction, as ``inner / den`` (d20's ``/`` and decimals).

    Only the parser sees these: ``inner`` is an integer node and ``den`` a
    fixed positive denominator; the whole expression's is divided out at
    the end, truncating toward zero like d20's total. Its bounds are the
    numerator's (they say whether it can be 0).
    """

    __slots__ = ("den", "inner")

    def __init__(self, inner: _Node, den: int, text: str) -> None:
        self.inner, self.den = inner, den
        self.text = text
        self.lo, self.hi, self.count = inner.lo, inner.hi, inner.count
        self.bits, self.work = inner.bits, inner.work


def _whole(factors: list[_Node], ops: list[str], divisor: _Node) -> bool:
    """Whether ``factors`` (joined by ``ops``) divided by ``divisor`` is whole.

    Known for a fixed divisor ``c``: of 1 or −1, or when every value of the
    product is a multiple of ``c`` (`_multiple`): ``8/2``, ``4/2/2``,
    ``(1d6*2)/2``, ``2d4*3/3``, ``1d6*0/7``. Those divisions never give a
    fraction.
    """
    if divisor.lo != divisor.hi:
        return False
    c = abs(divisor.lo)
    if c == 1:
        return True
    m = _multiple(factors, ops)
    return m % c == 0  # 0: the product is always 0


def _multiple(factors: Sequence[_Node], ops: Sequence[str]) -> int:
    """A number every value of the product is a multiple of (0: always 0).

    A fixed factor is its own value, a product of ``*`` multiplies its
    factors' (``(1d6*2)`` is a multiple of 2), a division that stays whole
    (``/`` by a fixed divisor of that multiple) divides it; anything else
    is known only as a multiple of 1.
    """
    m = _node_multiple(factors[0])
    for op, f in zip(ops[1:], factors[1:], strict=True):
        if op == "*":
            m *= _node_multiple(f)
        elif op == "/" and f.lo == f.hi and f.lo and m % f.lo == 0:
            m = abs(m // f.lo)
        else:
            m = 1
    return m


def _node_multiple(node: _Node) -> int:
    if node.lo == node.hi:
        return abs(node.lo)
    if isinstance(node, _Product):
        return _multiple(node.factors, node.ops)
    return 1


def _num(node: _Node) -> _Node:
    """The integer numerator of a node (the node itself when it has no fraction)."""
    return node.inner if isinstance(node, _Scaled) else node


def _den(node: _Node) -> int:
    """The denominator of a node (1 when it has no fraction)."""
    return node.den if isinstance(node, _Scaled) else 1


def _times(node: _Node, k: int) -> _Node:
    """``node * k``, or ``node`` when ``k`` is 1."""
    if k == 1:
        return node
    if isinstance(node, _Number):
        return _Number(node.value * k, node.text)
    return _Product([node, _Number(k, str(k))], ["*", "*"], node.text)


def _holds(node: _Node, kinds: tuple[type[_Node], ...]) -> bool:
    """Whether ``node`` or a node below it is one of ``kinds``."""
    if isinstance(node, kinds):
        return True
    for attr in ("terms", "factors", "elements"):
        for child in getattr(node, attr, ()):
            if _holds(child, kinds):
                return True
    for attr in ("operand", "left", "right", "inner"):
        child = getattr(node, attr, None)
        if isinstance(child, _Node) and _holds(child, kinds):
            return True
    return False


def _has_scaled(node: _Node) -> bool:
    """Whether a fraction (`_Scaled`) is left in ``node``."""
    return _holds(node, (_Scaled,))


def _negated_exact(node: _Node) -> _Exact | None:
    """``-(b/c)`` as ``b/(-c)`` when ``node`` negates an exact division, else None."""
    if not isinstance(node, _Negate):
        return None
    inner = node.operand
    if isinstance(inner, _Negate):  # -(-(b/c)): the inner one first
        once = _negated_exact(inner)
        return None if once is None else _negated_exact(_Negate(once, node.text))
    if not isinstance(inner, _Exact):
        return None
    last = inner.factors[-1]
    factors = [*inner.factors[:-1], _Negate(last, f"-{last.text}")]
    return _Exact(factors, list(inner.ops), node.text)


_ZERO_CHECK_WORK = 20_000
"""The most exact work spent at parse time on whether a divisor can be 0."""


def _can_be_zero(node: _Node) -> str | None:
    """Why a divisor can be 0 (the end of the refusal), or None: it cannot.

    Its bounds decide when they exclude 0; otherwise a small divisor's
    exact outcomes do (``1d6k>0`` keeps every die and is never 0, though
    a kept set can be empty in general). A larger one whose bounds hold 0
    is taken to be able to be 0, and the message says so.
    """
    inner = _num(node)  # a fraction is 0 when its numerator is
    lo, hi = inner.lo, inner.hi
    if not lo <= 0 <= hi:
        return None
    can = f"can be 0 (its values range from {lo} to {hi})"
    if lo == hi:
        return can
    unknown = (
        f"may be 0: its bounds, {lo} to {hi}, hold 0, and its exact odds are "
        "not computed to rule 0 out"
    )
    if inner.work > _ZERO_CHECK_WORK:
        return unknown
    try:
        weights, _ = inner.weights()
    except RollwerkError:  # no exact odds (keeping among added dice)
        return unknown
    return can if weights.get(0, 0) > 0 else None


def _has_exact(node: _Node) -> bool:
    """Whether an exact division or a fraction is left in ``node``."""
    return _holds(node, (_Exact, _Scaled))


def node_pos(text: str, node: _Node) -> int:
    """Where a node's text starts (for an error's column), or 0."""
    return max(text.find(node.text), 0)


def _single_dice(node: _Node) -> list[_Node] | None:
    """The single dice of a sum of dice terms (``4d6+3d8``), or ``None``."""
    terms: list[_Node]
    if isinstance(node, _Dice):
        terms = [node]
    elif isinstance(node, _Sum) and all(op == "+" for op in node.ops):
        terms = list(node.terms)
    else:
        return None
    out: list[_Node] = []
    for t in terms:
        if not isinstance(t, _Dice) or t.pool.explode_mode is not ExplodeMode.COMPOUND:
            return None  # explosions adding dice of their own: not one per die
        pool = t.pool
        if not _plain(pool):
            return None
        # one node for every die of the term: they are alike, and building
        # a node reads the die's faces (1000d10000 would read them 1000 times)
        out.extend([_Dice(attrs.evolve(pool, count=1), t.text)] * pool.count)
    return out


def _dice_and_numbers(node: _Node) -> bool:
    """Whether ``node`` adds or subtracts dice terms and at least one number."""
    if isinstance(node, _Labelled):
        node = node.inner
    if not isinstance(node, _Sum):
        return False
    terms = [t.inner if isinstance(t, _Labelled) else t for t in node.terms]
    return any(isinstance(t, _Number) for t in terms) and all(
        isinstance(t, (_Number, _Dice)) for t in terms
    )


def _plain(pool: Pool) -> bool:
    """Whether no die of ``pool`` is kept, dropped or counted (a plain sum)."""
    return (
        pool.keep is None
        and pool.success is None
        and pool.failure is None
        and pool.tally is None
    )


def _condition_for(hit: set[int], faces: list[int]) -> Condition | None:
    """One condition met by exactly the faces ``hit`` of the sorted ``faces``.

    >>> _condition_for({5, 6}, [1, 2, 3, 4, 5, 6])
    Condition(comparison=<Comparison.GE: '>='>, target=5, modulus=0)
    >>> _condition_for({1, 3, 5}, [1, 2, 3, 4, 5, 6]).notation()
    'odd'
    >>> _condition_for({2, 5}, [1, 2, 3, 4, 5, 6]) is None
    True
    """
    if not hit:
        return Condition(Comparison.GT, faces[-1])
    low, high = min(hit), max(hit)  # once: a die may have 10 000 faces
    if len(hit) == 1:
        return Condition(Comparison.EQ, low)
    if hit == {f for f in faces if f >= low}:
        return Condition(Comparison.GE, low)
    if hit == {f for f in faces if f <= high}:
        return Condition(Comparison.LE, high)
    for rest in (0, 1):
        if hit == {f for f in faces if f % 2 == rest}:
            return Condition(Comparison.EQ, rest, 2)
    return None


def _digit_die(digits: int) -> Die:
    """``W66``/``W666``: one d6 per digit, read as tens (and hundreds) and ones."""
    faces = [0]
    for _ in range(digits):
        faces = [f * 10 + d for f in faces for d in range(1, 7)]
    return Die.custom(faces)


# -- expressions and results ---------------------------------------------------------


def _faces_shown(faces: list[int]) -> str:
    """Ascending faces for a message, runs joined: ``1, 3 to 9, 12``.

    At most 8 pieces are listed (the first 6 and the last 2 around a count
    of those left out), so a d10000's faces stay one short line.
    """
    if not faces:
        return "none"
    runs: list[str] = []
    start = prev = faces[0]
    for face in [*faces[1:], None]:
        if face is not None and face == prev + 1:
            prev = face
            continue
        runs.append(
            str(start)
            if start == prev
            else f"{start}, {prev}"
            if prev == start + 1
            else f"{start} to {prev}"
        )
        if face is not None:
            start = prev = face
    if len(runs) > 8:
        runs = [*runs[:6], f"… ({len(runs) - 8} more)", *runs[-2:]]
    return ", ".join(runs)
