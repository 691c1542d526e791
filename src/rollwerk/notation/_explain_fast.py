"""Compiled explanations: the words of a roll straight from its faces.

A [`RollResult`][rollwerk.notation.RollResult] keeps only its faces. The
reference explanation replays them through the traced roller into a
[`RollNode`][rollwerk.notation.RollNode] tree (one record per die) and
words it (``_rolled._explain``). That costs tens of times the roll, so
``explain()`` first asks this module for a renderer compiled for the
expression's shape and the language: closures that read each node's faces
at offsets fixed when compiling and write the very same text, with the
catalog's fixed words rendered once.

Shapes with a fixed number of draws are compiled: numbers, dice terms
without rerolls or explosions (keep/drop, success and failure counting,
tallies, ``min``/``max``, Fudge and custom dice), sums, products and
divisions, negation, functions, comparisons, groups and labels. Anything
else (a reroll or an explosion draws a varying number of faces) gets
``None`` and is explained by the traced path, which stays the reference;
``tests/test_explain_fast.py`` checks the two agree byte for byte.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rollwerk.dice._die import Comparison
from rollwerk.dice._pool import Pool, TallyKind
from rollwerk.i18n import Catalog, render
from rollwerk.notation._rolled import (
    _HEAD,
    _ROUNDED,
    _SHOWN_OP,
    _TAIL,
    EXPLAIN_DICE,
    _divide,
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
# A compiled node: reads its faces, appends its lines (postorder, each
# starting with a newline), returns its value.
_Part = Callable[[Faces, list[str], bool], int]
# A dice term: its value from the faces; its line from the faces and value.
_Value = Callable[[Faces], int]
_Line = Callable[[Faces, int, bool], str]

_SMALL_CACHE = 256  # successes counts remembered per renderer


class _Unsupported(Exception):
    """A node the compiled renderer does not handle (the traced path does)."""


class _Words:
    """The catalog words of one language, rendered once per renderer."""

    __slots__ = ("_successes", "cats", "dropped", "failure", "lang", "success")

    def __init__(self, lang: str, cats: Sequence[Catalog]) -> None:
        self.lang = lang
        self.cats = cats
        self.dropped = render(cats, lang, "die.dropped")
        self.success = render(cats, lang, "die.success")
        self.failure = render(cats, lang, "die.failure")
        self._successes: dict[int, str] = {}

    def successes(self, n: int) -> str:
        """``→ 3 successes``: a count of successes, as the traced path words it."""
        text = self._successes.get(n)
        if text is None:
            plural = "one" if abs(n) == 1 else "other"
            text = " → " + render(self.cats, self.lang, f"roll.successes.{plural}", n=n)
            if len(self._successes) < _SMALL_CACHE:
                self._successes[n] = text
        return text

    def summary(self, n: int, counts: dict[int, int]) -> str:
        """The note after a summarised pool: how many dice, and each face's count."""
        return render(
            self.cats,
            self.lang,
            "roll.dice_summary",
            n=n,
            shown=_HEAD + _TAIL,
            counts=", ".join(f"{v}×{counts[v]}" for v in sorted(counts)),
        )


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
    head = f"{notation} = "
    inner, label = _unlabel(node, "")
    if isinstance(inner, _Dice):
        # One dice term: its value is the total.
        _, line = _pool(inner.pool, _text(inner, label), 0, w)
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
        part(faces, lines, full)
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
    prefix = f"\n  {die[0].text}: "

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
    return f"{node.text} [{label}]" if label else node.text


def _part(node: _Node, label: str, at: list[int], w: _Words) -> _Part:
    """Compile ``node``; ``at[0]`` is the offset of its first face (advanced)."""
    node, label = _unlabel(node, label)
    kind = type(node)
    if kind is _Number:
        assert isinstance(node, _Number)
        v = node.value
        return lambda faces, lines, full: v
    if kind is _Dice:
        assert isinstance(node, _Dice)
        return _dice_part(node, label, at, w)
    if kind is _Sum:
        assert isinstance(node, _Sum)
        return _sum_part(node, at, w)
    if kind is _Negate:
        assert isinstance(node, _Negate)
        f = _part(node.operand, "", at, w)
        return lambda faces, lines, full: -f(faces, lines, full)
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


def _dice_part(node: _Dice, label: str, at: list[int], w: _Words) -> _Part:
    value, line = _pool(node.pool, _text(node, label), at[0], w)
    at[0] += node.pool.count

    def dice(faces: Faces, lines: list[str], full: bool) -> int:
        v = value(faces)
        lines.append(line(faces, v, full))
        return v

    return dice


def _sum_part(node: _Sum, at: list[int], w: _Words) -> _Part:
    parts = [
        (op == "-", _part(t, "", at, w))
        for op, t in zip(node.ops, node.terms, strict=True)
    ]

    def add(faces: Faces, lines: list[str], full: bool) -> int:
        total = 0
        for neg, f in parts:
            if neg:
                total -= f(faces, lines, full)
            else:
                total += f(faces, lines, full)
        return total

    return add


def _product_part(node: _Product, at: list[int], w: _Words) -> _Part:
    parts = [_part(f, "", at, w) for f in node.factors]
    ops = node.ops[1:]
    if not set(node.ops) - {"*"}:

        def multiply(faces: Faces, lines: list[str], full: bool) -> int:
            vals = [f(faces, lines, full) for f in parts]
            total = vals[0]
            for v in vals[1:]:
                total *= v
            return total

        return multiply
    shown = [_SHOWN_OP.get(op, op) for op in ops]
    notes = {
        op: render(w.cats, w.lang, _ROUNDED[op]) for op in set(ops) & set(_ROUNDED)
    }
    prefix = f"\n  {node.text}: "

    def divide(faces: Faces, lines: list[str], full: bool) -> int:
        vals = [f(faces, lines, full) for f in parts]
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


def _function_part(node: _Function, label: str, at: list[int], w: _Words) -> _Part:
    f = _part(node.operand, "", at, w)
    apply = node._apply
    prefix = f"\n  {_text(node, label)}: "

    def function(faces: Faces, lines: list[str], full: bool) -> int:
        v = f(faces, lines, full)
        value = apply(v)
        lines.append(f"{prefix}{v} → {value}")
        return value

    return function


def _compare_part(node: _Compare, at: list[int], w: _Words) -> _Part:
    left = _part(node.left, "", at, w)
    right = _part(node.right, "", at, w)
    test = node._test
    op = "!=" if node.negated else node.comparison.value
    sym = "≠" if op == "!=" else Comparison(op).symbol
    # the sides' own texts, without their labels (as the traced path)
    a_text = _unlabel(node.left, "")[0].text
    b_text = _unlabel(node.right, "")[0].text
    prefix = f"\n  {a_text} {sym} {b_text}: "
    truth = (
        f" ({render(w.cats, w.lang, 'roll.false')})",
        f" ({render(w.cats, w.lang, 'roll.true')})",
    )

    def compare(faces: Faces, lines: list[str], full: bool) -> int:
        a = left(faces, lines, full)
        b = right(faces, lines, full)
        value = int(test(a, b))
        lines.append(f"{prefix}{a} {sym} {b} → {value}{truth[value]}")
        return value

    return compare


def _group_part(node: _Group, label: str, at: list[int], w: _Words) -> _Part:
    parts = [_part(e, "", at, w) for e in node.elements]
    kept_of = node._kept
    value_of = node._value
    prefix = f"\n  {_text(node, label)}: "
    dropped = f" ({w.dropped})"
    successes = w.successes if node.success is not None else None

    def group(faces: Faces, lines: list[str], full: bool) -> int:
        vals = [f(faces, lines, full) for f in parts]
        kept = kept_of(vals)
        value = value_of(vals, kept)
        body = ", ".join(
            str(v) if k else f"{v}{dropped}" for v, k in zip(vals, kept, strict=True)
        )
        end = f" → {value}" if successes is None else successes(value)
        lines.append(f"{prefix}{body}{end}")
        return value

    return group


def _pool(pool: Pool, text: str, off: int, w: _Words) -> tuple[_Value, _Line]:
    """A dice term's value and line, reading ``pool.count`` faces from ``off``.

    Each die of such a pool is one draw, so its words depend only on its
    face and on whether keep/drop kept it: they are tabled by draw index.
    """
    if pool.reroll or pool.explode is not None:
        raise _Unsupported("a varying number of draws")
    n = pool.count
    end = off + n
    values = (0, *pool._faces())  # by draw index (1-based)
    plain = values == tuple(range(len(values)))  # a die's value is its index
    kept_word: list[str] = [""]
    drop_word: list[str] = [""]
    score: list[int] = [0]
    g = pool._scorer()
    tally = pool.tally
    for v in values[1:]:
        s = str(v)
        drop_word.append(f"{s} ({w.dropped})")
        if tally is not None:
            if tally.drops(v):
                kept_word.append(drop_word[-1])
            elif tally.kind is TallyKind.DEDUCT and tally.condition(v):
                kept_word.append(f"{s} ({w.failure})")
            else:
                kept_word.append(s)
            score.append(tally(v))
        elif g is not None:
            c = g(v)
            note = f" ({w.success})" if c > 0 else f" ({w.failure})" if c < 0 else ""
            kept_word.append(s + note)
            score.append(c)
        else:
            kept_word.append(s)
            score.append(v)
    words = tuple(kept_word)
    drops = tuple(drop_word)
    scores = tuple(score)
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

        def value(faces: Faces) -> int:
            if summed:
                return sum(faces[off:end])
            return sum(map(scores.__getitem__, faces[off:end]))

        if n == 1:
            if successes is None:

                def single(faces: Faces, value: int, full: bool) -> str:
                    return f"{prefix}{words[faces[off]]} → {value}"

                return value, single

            def single_count(faces: Faces, value: int, full: bool) -> str:
                return f"{prefix}{words[faces[off]]}{successes(value)}"

            return value, single_count

        def line(faces: Faces, value: int, full: bool) -> str:
            idx = faces[off:end]
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

    def kept_value(faces: Faces) -> int:
        idx = faces[off:end]
        out = set(dropped(idx))
        return sum(scores[i] for p, i in enumerate(idx) if p not in out)

    def kept_line(faces: Faces, value: int, full: bool) -> str:
        idx = faces[off:end]
        descs = [words[i] for i in idx]
        for p in dropped(idx):
            descs[p] = drops[idx[p]]
        body = summarise(idx, descs) if long and not full else ", ".join(descs)
        return f"{prefix}{body}{ending(value)}"

    return kept_value, kept_line
