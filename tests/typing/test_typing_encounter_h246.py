"""Typed use of what helper-h246 changed (mypy checks it; nothing runs).

An ``ActiveEffect`` is an ``Effect``: its ``modifiers`` are a plain tuple
field (pyright refused the attrs converter's descriptor), and its
constructor still takes any iterable of modifiers and a mapping of data.
"""

from __future__ import annotations

from typing_extensions import assert_type

from rollwerk import ActiveEffect, Effect, Encounter, Modifier, Rounds
from rollwerk.checks import Scalar
from rollwerk.encounter import Duration, FirstOf, UntilEvent


def active_effects(enc: Encounter) -> None:
    effect: Effect = enc.effects[0]
    assert_type(enc.effects[0].modifiers, tuple[Modifier, ...])
    assert_type(enc.effects[0].data, tuple[tuple[str, Scalar], ...])
    enc.apply_effect(enc.effects[0], effect_id="copy")
    enc.apply_effect(effect, effect_id="again")
    ActiveEffect("e1", "Bless", "A", "B", Rounds(1), [Modifier(1, "Bless")])
    ActiveEffect(
        id="e1",
        name="Bless",
        source="A",
        target="B",
        duration=Rounds(1),
        modifiers=(m for m in [Modifier(1, "Bless")]),
        condition=None,
        data={"hp": 3},
    )


def first_of_parts() -> None:
    assert_type(FirstOf.MAX_PARTS, int)
    parts = [UntilEvent(f"e{i}") for i in range(FirstOf.MAX_PARTS)]
    assert_type(FirstOf(*parts).parts, tuple[Duration, ...])


def narrowed(enc: Encounter) -> int:
    duration = enc.effect("e1").duration
    assert isinstance(duration, Rounds)
    return duration.n
