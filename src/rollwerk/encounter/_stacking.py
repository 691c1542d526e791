"""How same-name effects and modifiers of one kind stack: a ruleset's policy.

Apart from the rest of the effects so that a ruleset can declare its
[`StackingPolicy`][rollwerk.encounter.StackingPolicy] (an encounter trait)
without loading the effects, durations and encounter modules.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from rollwerk._jsonutil import choice, document, known, nested, obj, strict
from rollwerk._repr import value_repr
from rollwerk.checks._model import Modifier
from rollwerk.errors import ParameterError

__all__ = ["SameName", "Stacking", "StackingPolicy"]


MODIFIER_KIND = "a modifier kind (a string such as 'check' or 'status')"
"""What a modifier kind is: any string, in the ruleset's vocabulary."""


def modifier_kind(kind: object) -> None:
    """Refuse a ``kind`` to select modifiers by that is neither a string nor ``None``.

    Kinds are open (a ruleset names its own), so any string selects: one no
    modifier has selects none.

    Raises:
        ParameterError: ``kind`` is neither.
    """
    if kind is not None and not isinstance(kind, str):
        raise ParameterError("kind", kind, f"{MODIFIER_KIND} or None")


class Stacking(enum.Enum):
    """How modifiers of one kind on the same combatant combine."""

    SUM = "sum"
    """Every modifier counts (DS4, AdZ, Fluid rewards "add up")."""
    HIGHEST = "highest"
    """Only the highest bonus and the lowest (worst) penalty count (PF2e typed
    bonuses and penalties)."""


class SameName(enum.Enum):
    """What adding an effect does to an older one of the same name on the target."""

    STACK = "stack"
    """Both stay (the default)."""
    REPLACE = "replace"
    """The older one is removed (``EffectRemoved`` with reason
    ``"replaced"``) and the new one takes its place."""


def _per_kind(
    value: Mapping[str, Stacking] | Iterable[tuple[str, Stacking]],
) -> tuple[tuple[str, Stacking], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    try:
        pairs = [(k, Stacking(v)) for k, v in items]
        bad = any(not isinstance(k, str) for k, _ in pairs)
    except (TypeError, ValueError):
        pairs, bad = [], True
    if bad:
        raise ParameterError(
            "per_kind", value, "a mapping of modifier kinds (str) to Stacking"
        )
    return tuple(sorted(pairs))


def _member(kind: type[enum.Enum]) -> Callable[[object, Any, object], None]:
    """An attrs validator: the value is a member of ``kind``."""

    def check(_self: object, attribute: Any, value: object) -> None:
        if not isinstance(value, kind):
            names = ", ".join(f"{kind.__name__}.{m.name}" for m in kind)
            raise ParameterError(attribute.name, value, f"one of {names}")

    return check


@attrs.frozen
class StackingPolicy:
    """A ruleset's stacking rules: by name when added, by kind when summed.

    ```python
    >>> from rollwerk import Modifier
    >>> policy = StackingPolicy(modifiers=Stacking.HIGHEST, per_kind={"untyped": Stacking.SUM})
    >>> mods = [Modifier(1, "Bless", "status"), Modifier(2, "Heroism", "status"),
    ...         Modifier(-1, "a", "untyped"), Modifier(-2, "b", "untyped")]
    >>> [m.source for m in policy.combine(mods)]
    ['Heroism', 'a', 'b']
    >>> policy.total(mods, "status")
    2

    ```
    """

    __repr__ = value_repr

    same_name: SameName = attrs.field(
        default=SameName.STACK, validator=_member(SameName)
    )
    """What adding an effect whose name the target already has does."""
    modifiers: Stacking = attrs.field(default=Stacking.SUM, validator=_member(Stacking))
    """How modifiers of one kind combine, unless ``per_kind`` says otherwise."""
    per_kind: tuple[tuple[str, Stacking], ...] = attrs.field(
        default=(), converter=_per_kind
    )
    """Overrides for single kinds, as sorted ``(kind, Stacking)`` pairs."""

    def rule(self, kind: str) -> Stacking:
        """The stacking rule for modifiers of ``kind``.

        Raises:
            ParameterError: ``kind`` is not a string.
        """
        if not isinstance(kind, str):
            raise ParameterError("kind", kind, MODIFIER_KIND)
        return dict(self.per_kind).get(kind, self.modifiers)

    def combine(self, modifiers: Iterable[Modifier]) -> tuple[Modifier, ...]:
        """The modifiers that count, in the order given.

        Raises:
            ParameterError: ``modifiers`` is not an iterable of Modifiers.
        """
        if isinstance(modifiers, (str, bytes)) or not isinstance(modifiers, Iterable):
            raise ParameterError("modifiers", modifiers, "an iterable of Modifiers")
        mods = list(modifiers)
        for i, m in enumerate(mods):
            if not isinstance(m, Modifier):
                raise ParameterError(f"modifiers[{i}]", m, "a Modifier")
        keep: set[int] = set()
        by_kind: dict[str, list[int]] = {}
        for i, m in enumerate(mods):
            by_kind.setdefault(m.kind, []).append(i)
        for kind, idxs in by_kind.items():
            if self.rule(kind) is Stacking.SUM:
                keep.update(idxs)
                continue
            bonuses = [i for i in idxs if mods[i].amount > 0]
            penalties = [i for i in idxs if mods[i].amount < 0]
            if bonuses:
                keep.add(max(bonuses, key=lambda i: (mods[i].amount, -i)))
            if penalties:
                keep.add(min(penalties, key=lambda i: (mods[i].amount, i)))
        return tuple(m for i, m in enumerate(mods) if i in keep)

    def total(self, modifiers: Iterable[Modifier], kind: str | None = None) -> int:
        """The sum of the modifiers that count, of ``kind`` (``None``: all).

        Raises:
            ParameterError: ``kind`` is neither a string nor ``None``, or
                ``modifiers`` is not an iterable of Modifiers.
        """
        modifier_kind(kind)
        return sum(
            m.amount for m in self.combine(modifiers) if kind is None or m.kind == kind
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON."""
        return {
            "same_name": self.same_name.value,
            "modifiers": self.modifiers.value,
            "per_kind": {k: v.value for k, v in self.per_kind},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StackingPolicy:
        """Load what [`to_json`][rollwerk.encounter.StackingPolicy.to_json] wrote."""
        with document("stacking policy"):
            data = obj(data)
            known(data, ("same_name", "modifiers", "per_kind"))
            kinds = strict(data, "per_kind", "object", {})
            with nested("per_kind"):
                per_kind = {k: choice(kinds, k, Stacking) for k in kinds}
            return cls(
                choice(data, "same_name", SameName),
                choice(data, "modifiers", Stacking),
                per_kind,
            )
