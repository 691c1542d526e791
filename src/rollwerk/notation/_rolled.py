"""The tree of a rolled expression and its explanation."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rollwerk._repr import value_repr
from rollwerk.dice._die import (
    Comparison,
    RolledDie,
)
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.errors import _escaped
from rollwerk.i18n import CORE, Catalog, render


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
    FUNCTION = "function"
    """``floor()``, ``ceil()``, ``round()`` or ``abs()`` (the operator)."""
    GROUP = "group"
    """A group or set: some totals kept, or counted as successes."""


@attrs.frozen
class RollNode:
    """One node of a rolled expression: its notation, value and parts."""

    __repr__ = value_repr

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
    """For ``DICE`` and ``GROUP``: whether the value counts successes
    instead of summing."""
    counts_failures: bool = False
    """With ``counts_successes``: the dice counted are failures (Foundry's
    ``cf``, whose value is the number of failures)."""
    kept: bool = True
    """Whether a group kept this node (``False``: dropped)."""
    label: str = ""
    """The label written after this part (``fire`` in ``1d20 [fire]``)."""
    die_faces: Sequence[int] = attrs.field(default=(), eq=False, repr=False)
    """For ``DICE``: the face each index of the pool's die shows as rolled,
    before a clamp (``mi``/``ma``, ``min``/``max``) changes it; the
    explanation shows a die a clamp changed as ``6→3``. Empty where not
    recorded (then no die is shown clamped). Not part of the JSON, which
    replays the faces."""

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
        if self.counts_failures:
            data["counts_failures"] = True
        if not self.kept:
            data["kept"] = False
        if self.label:
            data["label"] = self.label
        return data


# -- syntax tree -------------------------------------------------------------------


def _divide(op: str, a: int, b: int) -> int:
    """``a`` divided by ``b`` as the operator says (``b`` is never 0)."""
    if op == "/":
        return a // b
    if op == "/c":  # ceil
        return -(-a // b)
    if op == "/r":  # round half up (JavaScript's Math.round)
        if b < 0:
            a, b = -a, -b
        return (2 * a + b) // (2 * b)
    if op == "/t":  # truncate toward zero
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b > 0) else -q
    if op == "%":  # Python: the sign of the divisor
        return a % b
    if op == "%j":  # JavaScript: the sign of the dividend
        r = abs(a) % abs(b)
        return r if a >= 0 else -r
    if op == "**":
        power: int = a**b
        return power
    return a * b


_SHOWN_OP = {"/c": "/", "/r": "/", "/t": "/", "%j": "%"}
_ROUNDED = {
    "/": "roll.rounded_down",
    "/c": "roll.rounded_up",
    "/r": "roll.rounded_half_up",
    "/t": "roll.truncated",
}


EXPLAIN_DICE = 20
"""Pools of more dice than this are summarised by ``explain()``: the first
ten and the last five dice, then how often each value came up (a die's
value is its face, or an exploded die's total); pass ``full=True`` (or
read the result's ``tree``) for every die."""
_HEAD, _TAIL = 10, 5
_SUMMARY_FACES = 30
"""A summarised pool lists each value's count up to this many different values."""
_PLAIN_ROLES = frozenset({"", "explosion"})  # roles describe() adds no note for


def _clamped_draws(d: RolledDie, die_faces: Sequence[int]) -> list[str] | None:
    """The draws a die's value sums, marked where a clamp changed them.

    ``None`` when no clamp changed any of them. The rerolled draws are the
    faces rolled (a reroll tests the face), so only the draws after them
    can be clamped; a penetrating die counts its clamped face less one and
    is shown as the face rolled and that value (``4→3``).
    """
    marks: list[str] = []
    changed = False
    at = d.rerolled
    for roll, value in zip(d.rolls[at:], d.values[at:], strict=True):
        face = die_faces[roll.face - 1]
        if face == value:
            marks.append(str(value))
        else:
            marks.append(f"{face}→{value}")
            changed = True
        if roll.role == "penetration":  # its text is the face rolled, not value + 1
            changed = True
    return marks if changed else None


def _die_text(d: RolledDie, used: Sequence[str]) -> str:
    """A die's text before its notes (``1→4``, ``6+3=9``), ``used`` its draws.

    As ``RolledDie.describe`` writes it, each draw the die's value sums
    written as ``used`` says (``6→3`` where a clamp changed it).
    """
    text = "+".join(used) + f"={d.value}" if len(used) > 1 else used[0]
    if d.rerolled:
        text = "→".join(map(str, d.values[: d.rerolled])) + "→" + text
    return text


def _describe_dice(
    dice: Sequence[RolledDie],
    lang: str,
    catalogs: Sequence[Catalog],
    cats: Sequence[Catalog],
    full: bool,
    *,
    die_faces: Sequence[int] = (),
) -> str:
    """The dice of a pool in an explanation, summarised when there are many.

    ``die_faces`` (the faces of the pool's die before its clamps) show a
    die a clamp changed as the face rolled and its value (``6→3``).
    """
    words: dict[str, str] = {}

    def describe(d: RolledDie) -> str:
        if die_faces:
            marks = _clamped_draws(d, die_faces)
            if marks is not None:
                # RolledDie.describe's notes, with the faces a clamp changed
                # (its text has no " (": digits, signs, "+", "=" and arrows)
                said = d.describe(lang, catalogs)
                return _die_text(d, marks) + "".join(said.partition(" (")[1:])
        # a plain die that counts its face: its value, with the one note it may have
        if len(d.rolls) == 1 and not d.counted and d.rolls[0].role in _PLAIN_ROLES:
            if d.kept:
                return str(d.value)
            dropped = words.get("d") or words.setdefault(
                "d", render(cats, lang, "die.dropped")
            )
            return f"{d.value} ({dropped})"
        return d.describe(lang, catalogs)

    capped = _capped(dice)

    def describe_at(i: int) -> str:
        text = describe(dice[i])
        if i not in capped:
            return text
        # the note after "added by an explosion", as the fast explainer writes it
        pen = dice[i].rolls[-1].role == "penetration"
        added = render(cats, lang, "die.penetrated" if pen else "die.added")
        cap = DICE_LIMITS.explosion_cap
        note = render(
            cats, lang, "die.capped.one" if cap == 1 else "die.capped", cap=cap
        )
        return text.replace(added, f"{added}, {note}", 1)

    n = len(dice)
    if full or n <= EXPLAIN_DICE:
        return ", ".join(map(describe_at, range(n)))
    counts: dict[int, int] = {}
    for d in dice:
        counts[d.value] = counts.get(d.value, 0) + 1
    head = ", ".join(map(describe_at, range(min(_HEAD, n))))
    tail = ", ".join(map(describe_at, range(max(0, n - _TAIL), n)))
    return f"{head}, …, {tail} ({dice_summary(cats, lang, len(dice), counts)})"


def _capped(dice: Sequence[RolledDie]) -> set[int]:
    """The indices of the dice an explosion added as the cap'th of their die.

    A die's added dice follow it; the one that makes ``explosion_cap`` of
    them explodes no further (a compounding die says its cap itself).
    """
    cap = DICE_LIMITS.explosion_cap
    out: set[int] = set()
    run = 0
    for i, d in enumerate(dice):
        if d.rolls and d.rolls[-1].role in ("added", "penetration"):
            run += 1
            if run == cap:
                out.add(i)
        else:
            run = 0
    return out


def dice_summary(
    cats: Sequence[Catalog], lang: str, n: int, counts: Mapping[int, int]
) -> str:
    """The note after a summarised pool: how many dice, and each value's count.

    With more than `_SUMMARY_FACES` different faces (a pool of d10000) the
    counts would be longer than the faces themselves: the note gives the
    lowest and highest face and how many different ones there are.
    """
    if len(counts) > _SUMMARY_FACES:
        return render(
            cats,
            lang,
            "roll.dice_summary_wide",
            n=n,
            shown=_HEAD + _TAIL,
            low=min(counts),
            high=max(counts),
            distinct=len(counts),
        )
    return render(
        cats,
        lang,
        "roll.dice_summary",
        n=n,
        shown=_HEAD + _TAIL,
        counts=", ".join(f"{v}×{counts[v]}" for v in sorted(counts)),
    )


def failure_words(cats: Sequence[Catalog], lang: str) -> Catalog:
    """A catalog that words a counted die as a failure (``die.success``).

    Foundry's ``cf`` counts the dice that fail: each is noted ``(failure)``,
    not ``(success)``, and the count says failures.
    """
    return Catalog({lang: {"die.success": render(cats, lang, "die.failure")}})


def one_line_text(text: str, keep: str = "") -> str:
    r"""``text`` with its line breaks and control characters written as escapes.

    A notation's text (a label, a comment, the whitespace between terms)
    is written into an explanation whose lines the explainer separates;
    a line break typed in a label would split a line, a terminal's escape
    code recolour it. ``keep`` are characters left as they are (the line
    breaks the command line writes between an explanation's lines).

    >>> print(one_line_text("1d6 [a\nb\x1b[31m]"))
    1d6 [a\nb\x1b[31m]
    >>> one_line_text("2d6 [fire]"), one_line_text("a\nb", keep="\n") == "a\nb"
    ('2d6 [fire]', True)
    """
    return _escaped(text, keep)


def _explain(
    notation: str,
    tree: RollNode,
    total: int,
    lang: str,
    catalogs: Sequence[Catalog] = (),
    *,
    full: bool = False,
) -> str:
    cats = (*catalogs, CORE)
    lines = [f"{one_line_text(notation)} = {total}"]
    for node in _postorder(tree):
        text = f"{node.text} [{node.label}]" if node.label else node.text
        text = one_line_text(text)
        if node.kind is NodeKind.DICE or node.kind is NodeKind.GROUP:
            if node.kind is NodeKind.DICE:
                own = catalogs
                if node.counts_failures:  # the dice counted are failures
                    own = (failure_words(cats, lang), *catalogs)
                body = _describe_dice(
                    node.dice, lang, own, (*own, CORE), full, die_faces=node.die_faces
                )
            else:
                dropped = render(cats, lang, "die.dropped")
                body = ", ".join(
                    str(c.value) + ("" if c.kept else f" ({dropped})")
                    for c in node.children
                )
            if node.counts_successes:
                n = node.value
                plural = "one" if abs(n) == 1 else "other"
                what = "failures" if node.counts_failures else "successes"
                counted = render(cats, lang, f"roll.{what}.{plural}", n=n)
                lines.append(f"  {text}: {body} → {counted}")
            else:
                lines.append(f"  {text}: {body} → {node.value}")
        elif node.kind is NodeKind.PRODUCT and set(node.operators) - {"*"}:
            lines.append(_explain_division(node, cats, lang))
        elif node.kind is NodeKind.FUNCTION:
            lines.append(f"  {text}: {node.children[0].value} → {node.value}")
        elif node.kind is NodeKind.COMPARE:
            a, b = node.children
            op = node.operators[1]
            sym = "≠" if op == "!=" else Comparison(op).symbol
            truth = render(cats, lang, "roll.true" if node.value else "roll.false")
            lines.append(
                f"  {one_line_text(a.text)} {sym} {one_line_text(b.text)}: "
                f"{a.value} {sym} {b.value} → "
                f"{node.value} ({truth})"
            )
    return "\n".join(lines)


def _explain_division(node: RollNode, cats: Sequence[Catalog], lang: str) -> str:
    """A product with ``/``: its values, and that ``/`` rounded down if it did."""
    total = node.children[0].value
    text = str(total)
    notes: list[str] = []
    for op, child in zip(node.operators[1:], node.children[1:], strict=True):
        text += f" {_SHOWN_OP.get(op, op)} {child.value}"
        if op in _ROUNDED and total % child.value != 0:
            note = render(cats, lang, _ROUNDED[op])
            if note not in notes:
                notes.append(note)
        total = _divide(op, total, child.value)
    line = f"  {one_line_text(node.text)}: {text} = {node.value}"
    if notes:
        line += f" ({', '.join(notes)})"
    return line


def _postorder(node: RollNode) -> list[RollNode]:
    out: list[RollNode] = []
    for child in node.children:
        out.extend(_postorder(child))
    out.append(node)
    return out
