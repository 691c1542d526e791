"""The tree of a rolled expression and its explanation."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from rollwerk.dice._die import (
    Comparison,
    RolledDie,
)
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


def _explain(
    notation: str,
    tree: RollNode,
    total: int,
    lang: str,
    catalogs: Sequence[Catalog] = (),
) -> str:
    cats = (*catalogs, CORE)
    lines = [f"{notation} = {total}"]
    for node in _postorder(tree):
        if node.kind is NodeKind.DICE:
            body = ", ".join(d.describe(lang, catalogs) for d in node.dice)
            if node.counts_successes:
                n = node.value
                plural = "one" if abs(n) == 1 else "other"
                counted = render(cats, lang, f"roll.successes.{plural}", n=n)
                lines.append(f"  {node.text}: {body} → {counted}")
            else:
                lines.append(f"  {node.text}: {body} → {node.value}")
        elif node.kind is NodeKind.PRODUCT and "/" in node.operators:
            lines.append(_explain_division(node, cats, lang))
        elif node.kind is NodeKind.COMPARE:
            a, b = node.children
            sym = Comparison(node.operators[1]).symbol
            truth = render(cats, lang, "roll.true" if node.value else "roll.false")
            lines.append(
                f"  {a.text} {sym} {b.text}: {a.value} {sym} {b.value} → "
                f"{node.value} ({truth})"
            )
    return "\n".join(lines)


def _explain_division(node: RollNode, cats: Sequence[Catalog], lang: str) -> str:
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
        line += f" ({render(cats, lang, 'roll.rounded_down')})"
    return line


def _postorder(node: RollNode) -> list[RollNode]:
    out: list[RollNode] = []
    for child in node.children:
        out.extend(_postorder(child))
    out.append(node)
    return out
