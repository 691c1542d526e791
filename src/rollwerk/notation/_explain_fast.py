"""Compiled explanations: the words of a roll straight from its faces.

A [`RollResult`][rollwerk.notation.RollResult] keeps only its faces. The
reference explanation replays them through the traced roller into a
[`RollNode`][rollwerk.notation.RollNode] tree (one record per die) and
words it (``_rolled._explain``). That costs tens of times the roll, so
``explain()`` first asks this module for a renderer compiled for the
expression's shape and the language: closures that read each node's faces
(at offsets fixed when compiling, up to the first pool whose number of
draws varies) and write the very same text, with the catalog's fixed words
rendered once.

Every node kind of the notation is compiled: numbers, dice terms (keep/drop,
success and failure counting, tallies, ``min``/``max`` (a die a clamp
changed written as the face rolled and its value, ``6→3``, as the traced
path writes it from ``RollNode.die_faces``), Fudge and custom dice;
rerolls and explosions draw as ``Pool._roll_traced`` and are worded as
``RolledDie.describe`` words them), sums, products and divisions,
negation, functions, comparisons, groups and labels. A node kind it does not
know gets ``None`` and is explained by the traced path, which stays the
reference; ``tests/test_explain_fast.py`` checks the two agree byte for
byte over random expressions.

Longer than 500 lines because each node kind's renderer mirrors, side by
side, the traced roll and the wording it replaces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rollwerk.dice._die import Comparison
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.dice._pool import _COUNTING, ExplodeMode, Pool, _settle
from rollwerk.i18n import Catalog, render
from rollwerk.notation._rolled import (
    _HEAD,
    _ROUNDED,
    _SHOWN_OP,
    _TAIL,
    EXPLAIN_DICE,
    _divide,
    dice_summary,
    one_line_text,
)
from rollwerk.notation._tree import (
    _Compare,
    _Dice,
    _Function,
    _Group,
    _Labelled,
    _Negate,
    _Node,
    _Number,
    _Product,
    _Sum,
)

Faces = tuple[int, ...] | bytes
"""The faces of a roll as ``RollResult`` keeps them."""
Renderer = Callable[[Faces, int, bool], str]
"""``renderer(faces, total, full)``: the explanation of a roll."""
# A compiled node: reads its faces (from ``pos[0]`` on, advancing it, once
# the offset is no longer fixed), appends its lines (postorder, each
# starting with a newline), returns its value.
_Part = Callable[[Faces, list[int], list[str], bool], int]
# A dice term: its value from its faces; its line from its faces and value.
_Value = Callable[[Faces], int]
_Line = Callable[[Faces, int, bool], str]

_SMALL_CACHE = 256  # successes counts remembered per renderer


class _Unsupported(Exception):
    """A node the compiled renderer does not handle (the traced path does)."""


class _Words:
    """The catalog words of one language, rendered once per renderer."""

    __slots__ = (
        "_failures",
        "_pools",
        "_successes",
        "_words",
        "cats",
        "dropped",
        "failure",
        "lang",
        "success",
    )

    def __init__(self, lang: str, cats: Sequence[Catalog]) -> None:
        self.lang = lang
        self.cats = cats
        self.dropped = render(cats, lang, "die.dropped")
        self.success = render(cats, lang, "die.success")
        self.failure = render(cats, lang, "die.failure")
        self._successes: dict[int, str] = {}
        self._failures: _Words | None = None
        self._words: dict[str, str] = {}
        # the tables of a dice term, shared by its like (a group's 1000 dice)
        self._pools: dict[tuple[Pool, str], tuple[_Value, _Line]] = {}

    def word(self, message: str, **fields: int) -> str:
        """Another fixed word (``die.rerolled``, ``die.exploded_cap``…)."""
        key = f"{message}{fields}"
        text = self._words.get(key)
        if text is None:
            text = self._words[key] = render(self.cats, self.lang, message, **fields)
        return text

    def successes(self, n: int) -> str:
        """``→ 3 successes``: a count of successes, as the traced path words it."""
        text = self._successes.get(n)
        if text is None:
            plural = "one" if abs(n) == 1 else "other"
            what = self._counted
            text = " → " + render(self.cats, self.lang, f"roll.{what}.{plural}", n=n)
            if len(self._successes) < _SMALL_CACHE:
                self._successes[n] = text
        return text

    _counted = "successes"

    def failures(self) -> _Words:
        """These words for dice counted as failures (Foundry's ``cf``)."""
        other = self._failures
        if other is None:
            other = self._failures = _FailureWords(self.lang, self.cats)
        return other

    def summary(self, n: int, counts: dict[int, int]) -> str:
        """The note after a summarised pool: how many dice, and each value's count."""
        return dice_summary(self.cats, self.lang, n, counts)


class _FailureWords(_Words):
    """Words of a pool whose counted dice are failures: ``(failure)``, ``→ 1 failure``."""

    __slots__ = ()

    _counted = "failures"

    def __init__(self, lang: str, cats: Sequence[Catalog]) -> None:
        super().__init__(lang, cats)
        self.success = self.failure


def compile_explainer(
    node: _Node, notation: str, lang: str, cats: Sequence[Catalog]
) -> Renderer | None:
    """A renderer of the explanation of ``node`` in ``lang``, or ``None``.

    ``cats`` are the catalogs searched in order (the caller's, then the
    core's); ``None`` means the shape is not compiled (see the module).
    """
    try:
        return _compile(node, notation, _Words(lang, cats))
    except _Unsupported:
        return None


def _compile(node: _Node, notation: str, w: _Words) -> Renderer:
    head = f"{one_line_text(notation)} = "
    inner, label = _unlabel(node, "")
    if isinstance(inner, _Dice) and not (inner.pool.reroll or inner.pool.explode):
        # One dice term: its faces are all faces, its value is the total.
        _, line = _pool(
            inner.pool, _text(inner, label), w.failures() if inner.failures else w
        )
        pool = inner.pool
        if pool.count == 1 and pool.is_plain and pool.die.is_standard:
            prefix = f"\n  {_text(inner, label)}: "

            def one_die(faces: Faces, total: int, full: bool) -> str:
                return f"{head}{total}{prefix}{total} → {total}"

            return one_die

        def one_pool(faces: Faces, total: int, full: bool) -> str:
            return f"{head}{total}{line(faces, total, full)}"

        return one_pool
    if isinstance(node, _Sum):
        die_plus = _die_plus_constants(node, head)
        if die_plus is not None:
            return die_plus
    part = _part(node, "", [0], w)

    def general(faces: Faces, total: int, full: bool) -> str:
        lines = [head, str(total)]
        part(faces, [0], lines, full)
        return "".join(lines)

    return general


def _die_plus_constants(node: _Sum, head: str) -> Renderer | None:
    """``1d20+5``: one plain standard die and constants (the commonest roll)."""
    die = [t for t in node.terms if not isinstance(t, _Number)]
    if len(die) != 1 or not isinstance(die[0], _Dice):
        return None
    pool = die[0].pool
    if not (pool.count == 1 and pool.is_plain and pool.die.is_standard):
        return None
    prefix = f"\n  {one_line_text(die[0].text)}: "

    def die_plus(faces: Faces, total: int, full: bool) -> str:
        x = faces[0]
        return f"{head}{total}{prefix}{x} → {x}"

    return die_plus


def _unlabel(node: _Node, label: str) -> tuple[_Node, str]:
    """The node under its labels, and the label its rolled node carries."""
    while isinstance(node, _Labelled):
        # inner labels come first: ``(1d6 [a]) [b]`` is labelled ``a, b``
        label = f"{node.label}, {label}" if label else node.label
        node = node.inner
    return node, label


def _text(node: _Node, label: str) -> str:
    return one_line_text(f"{node.text} [{label}]" if label else node.text)


def _part(node: _Node, label: str, at: list[int | None], w: _Words) -> _Part:
    """Compile ``node`` whose first face is at ``at[0]`` (advanced past it).

    ``at[0]`` is ``None`` after a pool that draws a varying number of faces:
    the nodes after it read the offset from the renderer's ``pos``.
    """
    node, label = _unlabel(node, label)
    kind = type(node)
    if kind is _Number:
        assert isinstance(node, _Number)
        v = node.value
        return lambda faces, pos, lines, full: v
    if kind is _Dice:
        assert isinstance(node, _Dice)
        return _dice_part(node, label, at, w)
    if kind is _Sum:
        assert isinstance(node, _Sum)
        return _sum_part(node, at, w)
    if kind is _Negate:
        assert isinstance(node, _Negate)
        f = _part(node.operand, "", at, w)
        return lambda faces, pos, lines, full: -f(faces, pos, lines, full)
    if isinstance(node, _Product):  # and the parser's _Exact
        return _product_part(node, at, w)
    if kind is _Function:
        assert isinstance(node, _Function)
        return _function_part(node, label, at, w)
    if kind is _Compare:
        assert isinstance(node, _Compare)
        return _compare_part(node, at, w)
    if kind is _Group:
        assert isinstance(node, _Group)
        return _group_part(node, label, at, w)
    raise _Unsupported(kind.__name__)


def _dice_part(node: _Dice, label: str, at: list[int | None], w: _Words) -> _Part:
    if node.failures:
        w = w.failures()
    pool = node.pool
    text = _text(node, label)
    start = at[0]
    if pool.reroll or pool.explode is not None:
        at[0] = None
        take = _varying_pool(pool, text, w)

        def varying(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
            line, v, pos[0] = take(faces, pos[0] if start is None else start, full)
            lines.append(line)
            return v

        return varying
    tables = w._pools.get((pool, text))
    if tables is None:
        tables = w._pools[pool, text] = _pool(pool, text, w)
    value, line = tables
    n = pool.count
    if start is None:

        def dice_after(
            faces: Faces, pos: list[int], lines: list[str], full: bool
        ) -> int:
            p = pos[0]
            idx = faces[p : p + n]
            pos[0] = p + n
            v = value(idx)
            lines.append(line(idx, v, full))
            return v

        return dice_after
    at[0] = end = start + n

    def dice(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
        idx = faces[start:end]
        v = value(idx)
        lines.append(line(idx, v, full))
        return v

    return dice


def _sum_part(node: _Sum, at: list[int | None], w: _Words) -> _Part:
    parts = [
        (op == "-", _part(t, "", at, w))
        for op, t in zip(node.ops, node.terms, strict=True)
    ]

    def add(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
        total = 0
        for neg, f in parts:
            if neg:
                total -= f(faces, pos, lines, full)
            else:
                total += f(faces, pos, lines, full)
        return total

    return add


def _product_part(node: _Product, at: list[int | None], w: _Words) -> _Part:
    parts = [_part(f, "", at, w) for f in node.factors]
    ops = node.ops[1:]
    if not set(node.ops) - {"*"}:

        def multiply(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
            vals = [f(faces, pos, lines, full) for f in parts]
            total = vals[0]
            for v in vals[1:]:
                total *= v
            return total

        return multiply
    shown = [_SHOWN_OP.get(op, op) for op in ops]
    notes = {
        op: render(w.cats, w.lang, _ROUNDED[op]) for op in set(ops) & set(_ROUNDED)
    }
    prefix = f"\n  {one_line_text(node.text)}: "

    def divide(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
        vals = [f(faces, pos, lines, full) for f in parts]
        total = vals[0]
        text = str(total)
        said: list[str] = []
        for op, sym, v in zip(ops, shown, vals[1:], strict=True):
            text += f" {sym} {v}"
            if op in notes and total % v != 0 and notes[op] not in said:
                said.append(notes[op])
            total = _divide(op, total, v)
        line = f"{prefix}{text} = {total}"
        if said:
            line += f" ({', '.join(said)})"
        lines.append(line)
        return total

    return divide


def _function_part(
    node: _Function, label: str, at: list[int | None], w: _Words
) -> _Part:
    f = _part(node.operand, "", at, w)
    apply = node._apply
    prefix = f"\n  {_text(node, label)}: "

    def function(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
        v = f(faces, pos, lines, full)
        value = apply(v)
        lines.append(f"{prefix}{v} → {value}")
        return value

    return function


def _compare_part(node: _Compare, at: list[int | None], w: _Words) -> _Part:
    left = _part(node.left, "", at, w)
    right = _part(node.right, "", at, w)
    test = node._test
    op = "!=" if node.negated else node.comparison.value
    sym = "≠" if op == "!=" else Comparison(op).symbol
    # the sides' own texts, without their labels (as the traced path)
    a_text = one_line_text(_unlabel(node.left, "")[0].text)
    b_text = one_line_text(_unlabel(node.right, "")[0].text)
    prefix = f"\n  {a_text} {sym} {b_text}: "
    truth = (
        f" ({render(w.cats, w.lang, 'roll.false')})",
        f" ({render(w.cats, w.lang, 'roll.true')})",
    )

    def compare(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
        a = left(faces, pos, lines, full)
        b = right(faces, pos, lines, full)
        value = int(test(a, b))
        lines.append(f"{prefix}{a} {sym} {b} → {value}{truth[value]}")
        return value

    return compare


def _group_part(node: _Group, label: str, at: list[int | None], w: _Words) -> _Part:
    parts = [_part(e, "", at, w) for e in node.elements]
    kept_of = node._kept
    value_of = node._value
    prefix = f"\n  {_text(node, label)}: "
    dropped = f" ({w.dropped})"
    successes = w.successes if node.success is not None else None

    def group(faces: Faces, pos: list[int], lines: list[str], full: bool) -> int:
        vals = [f(faces, pos, lines, full) for f in parts]
        kept = kept_of(vals)
        value = value_of(vals, kept)
        body = ", ".join(
            str(v) if k else f"{v}{dropped}" for v, k in zip(vals, kept, strict=True)
        )
        end = f" → {value}" if successes is None else successes(value)
        lines.append(f"{prefix}{body}{end}")
        return value

    return group


_TABLED = 256
"""Dice of up to this many faces have their words tabled when compiled."""


class _ByFace:
    """A face's words and score, computed when first drawn and kept."""

    __slots__ = ("_done", "_make")

    def __init__(self, make: Callable[[int], tuple[str, str, int]]) -> None:
        self._make = make
        self._done: dict[int, tuple[str, str, int]] = {}

    def get(self, index: int) -> tuple[str, str, int]:
        got = self._done.get(index)
        if got is None:
            got = self._done[index] = self._make(index)
        return got

    def part(self, k: int) -> Any:
        """A sequence-like view of one element (words, drops or scores)."""
        return _OneOfFace(self, k)


class _OneOfFace:
    """Words kept, words dropped or scores of `_ByFace`, by draw index."""

    __slots__ = ("_k", "_of")

    def __init__(self, of: _ByFace, k: int) -> None:
        self._of, self._k = of, k

    def __getitem__(self, index: int) -> Any:
        return self._of.get(index)[self._k]


def _pool(pool: Pool, text: str, w: _Words) -> tuple[_Value, _Line]:
    """A dice term's value and line from its ``pool.count`` faces.

    Each die of such a pool is one draw, so its words depend only on its
    face and on whether keep/drop kept it: they are tabled by draw index.
    """
    if pool.reroll or pool.explode is not None:
        raise _Unsupported("a varying number of draws")
    n = pool.count
    faces = pool._faces()
    values: Sequence[int]  # by draw index (1-based)
    if faces.__class__ is range:  # a standard die: its value is its index
        values, plain = range(len(faces) + 1), True
    else:
        values = (0, *faces)
        plain = values == tuple(range(len(values)))
    rolled: Sequence[int] = values  # the faces before a clamp, by draw index
    if pool.minimum is not None or pool.maximum is not None:
        rolled = (0, *pool.die.faces)
    g = pool._scorer()
    tally = pool.tally

    def describe(i: int) -> tuple[str, str, int]:
        """The words kept and dropped of draw index ``i``, and what it adds."""
        v, face = values[i], rolled[i]
        s = str(v) if face == v else f"{face}→{v}"  # a clamp changed it
        drop = f"{s} ({w.dropped})"
        if tally is not None:
            if tally.drops(v):
                return drop, drop, tally(v)
            if tally.kind in _COUNTING and tally.condition(v):
                return f"{s} ({w.failure})", drop, tally(v)
            return s, drop, tally(v)
        if g is not None:
            c = g(v)
            note = f" ({w.success})" if c > 0 else f" ({w.failure})" if c < 0 else ""
            return s + note, drop, c
        return s, drop, v

    words: Sequence[str]
    drops: Sequence[str]
    scores: Sequence[int]
    if len(values) <= _TABLED or len(values) <= 4 * n:
        table = [("", "", 0), *map(describe, range(1, len(values)))]
        words = tuple(t[0] for t in table)
        drops = tuple(t[1] for t in table)
        scores = tuple(t[2] for t in table)
    else:  # a large die and few of them: word only the faces drawn
        lazy = _ByFace(describe)
        words, drops, scores = lazy.part(0), lazy.part(1), lazy.part(2)
    summed = plain and g is None  # the value is the sum of the indices
    prefix = f"\n  {text}: "
    successes = w.successes if pool.success is not None else None

    def ending(value: int) -> str:
        return f" → {value}" if successes is None else successes(value)

    def summarise(idx: Faces, descs: Sequence[str]) -> str:
        by_index = Counter(idx)
        counts: dict[int, int] = {}
        for i, m in by_index.items():
            counts[values[i]] = counts.get(values[i], 0) + m
        head = ", ".join(descs[:_HEAD])
        tail = ", ".join(descs[-_TAIL:])
        return f"{head}, …, {tail} ({w.summary(n, counts)})"

    long = n > EXPLAIN_DICE
    if pool.keep is None:

        def value(idx: Faces) -> int:
            if summed:
                return sum(idx)
            return sum(map(scores.__getitem__, idx))

        if n == 1:
            if successes is None:

                def single(idx: Faces, value: int, full: bool) -> str:
                    return f"{prefix}{words[idx[0]]} → {value}"

                return value, single

            def single_count(idx: Faces, value: int, full: bool) -> str:
                return f"{prefix}{words[idx[0]]}{successes(value)}"

            return value, single_count

        def line(idx: Faces, value: int, full: bool) -> str:
            if long and not full:
                descs = [words[i] for i in (*idx[:_HEAD], *idx[-_TAIL:])]
                body = summarise(idx, descs)
            else:
                body = ", ".join(map(words.__getitem__, idx))
            return f"{prefix}{body}{ending(value)}"

        return value, line

    highest, k = pool.keep.kept(n)
    positions = range(n)

    def dropped(idx: Faces) -> list[int]:
        """The positions keep/drop drops, as the traced roller picks them."""
        vals = idx if plain else [values[i] for i in idx]
        order = sorted(positions, key=vals.__getitem__, reverse=highest)
        return order[k:]

    def kept_value(idx: Faces) -> int:
        out = set(dropped(idx))
        return sum(scores[i] for p, i in enumerate(idx) if p not in out)

    def kept_line(idx: Faces, value: int, full: bool) -> str:
        descs = [words[i] for i in idx]
        for p in dropped(idx):
            descs[p] = drops[idx[p]]
        body = summarise(idx, descs) if long and not full else ", ".join(descs)
        return f"{prefix}{body}{ending(value)}"

    return kept_value, kept_line


def _varying_pool(
    pool: Pool, text: str, w: _Words
) -> Callable[[Faces, int, bool], tuple[str, int, int]]:
    """A dice term with rerolls or explosions: ``take(faces, start, full)``.

    It draws as ``Pool._roll_traced`` draws and words each die as
    ``RolledDie.describe`` does, and returns the line, the value and the
    offset after the term's last face.
    """
    raw = pool.die.faces
    shown = pool._faces()
    rr = pool.reroll
    cap = 1 if pool.reroll_once else DICE_LIMITS.reroll_cap
    ex = pool.explode
    xcap = pool._xcap
    separate = pool._separate
    pen = 1 if pool.explode_mode is ExplodeMode.PENETRATE else 0
    times = range(pool.count)
    keep = pool.keep
    score = pool._scorer()
    tally = pool.tally
    # The notes RolledDie.describe adds, by how many rerolls and explosions.
    reroll_cap = DICE_LIMITS.reroll_cap
    explosion_cap = DICE_LIMITS.explosion_cap

    def rerolled_note(r: int) -> str:
        if reroll_cap > 1 and r >= reroll_cap:
            return w.word("die.rerolled_cap", cap=reroll_cap)
        return w.word("die.rerolled")

    def exploded_note(x: int) -> str:
        if x >= explosion_cap:
            one = ".one" if explosion_cap == 1 else ""
            return w.word(f"die.exploded_cap{one}", cap=explosion_cap)
        return w.word("die.exploded")

    extra_note = w.word("die.penetrated" if pen else "die.added")
    one = ".one" if explosion_cap == 1 else ""
    capped_note = w.word(f"die.capped{one}", cap=explosion_cap)
    prefix = f"\n  {text}: "
    successes = w.successes if pool.success is not None else None

    clamps = pool.minimum is not None or pool.maximum is not None

    def mark(i: int, v: int) -> str:
        """Draw index ``i`` counting ``v``: with the face rolled if a clamp changed it."""
        face = raw[i - 1]
        return f"{face}→{v}" if clamps and shown[i - 1] != face else str(v)

    def describe(vals: list[int], rerolled: int, value: int, used: list[str]) -> str:
        """As ``RolledDie.describe``; ``used`` the draws summed, marked."""
        out = "+".join(used) + "=" + str(value) if len(used) > 1 else used[0]
        if rerolled:
            out = "→".join(map(str, vals[:rerolled])) + "→" + out
        return out

    def take(faces: Faces, p: int, full: bool) -> tuple[str, int, int]:
        texts: list[str] = []  # each die without its last note
        notes: list[list[str]] = []
        values: list[int] = []
        for _ in times:
            i = faces[p]
            p += 1
            vals = [raw[i - 1]]
            rerolled = 0
            if rr:
                while rerolled < cap and any(c(vals[-1]) for c in rr):
                    i = faces[p]
                    p += 1
                    vals.append(raw[i - 1])
                    rerolled += 1
            v = vals[-1] = shown[i - 1]
            used = [mark(i, v)]
            said = [rerolled_note(rerolled)] if rerolled else []
            if ex is not None and not separate:
                x = 0
                while x < xcap and ex(vals[-1]):
                    i = faces[p]
                    p += 1
                    vals.append(shown[i - 1])
                    used.append(mark(i, vals[-1]))
                    x += 1
                v = sum(vals[rerolled:])
                if x:
                    said.append(exploded_note(x))
            texts.append(describe(vals, rerolled, v, used))
            notes.append(said)
            values.append(v)
            if ex is not None and separate:
                x = 0
                while x < xcap and ex(v):
                    i = faces[p]
                    p += 1
                    v = shown[i - 1]
                    face = raw[i - 1]  # a penetrating die: the face and its value
                    texts.append(
                        f"{face}→{v - pen}" if face != v - pen else str(v - pen)
                    )
                    notes.append(
                        [extra_note, capped_note]
                        if x + 1 >= explosion_cap
                        else [extra_note]
                    )
                    values.append(v - pen)
                    x += 1
        count = len(values)
        total, kept, counted = _settle(values, keep, tally, score)
        descs = []
        for at, said in enumerate(notes):
            if not kept[at]:
                said.append(w.dropped)
            elif counted[at] > 0:
                said.append(w.success)
            elif counted[at] < 0:
                said.append(w.failure)
            desc = texts[at]
            descs.append(f"{desc} ({', '.join(said)})" if said else desc)
        if count > EXPLAIN_DICE and not full:
            head = ", ".join(descs[:_HEAD])
            tail = ", ".join(descs[-_TAIL:])
            body = f"{head}, …, {tail} ({w.summary(count, Counter(values))})"
        else:
            body = ", ".join(descs)
        end = f" → {total}" if successes is None else successes(total)
        return f"{prefix}{body}{end}", total, p

    return take
