"""Effects: the protocol, stacking policies and the modifiers in force."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from rollwerk import (
    ActiveEffect,
    Duration,
    Effect,
    Encounter,
    Modifier,
    ParameterError,
    Rounds,
    SchemaError,
)
from rollwerk.checks import Scalar
from rollwerk.encounter import (
    EffectAdded,
    EffectRemoved,
    Permanent,
    RemovalReason,
    SameName,
    Stacking,
    StackingPolicy,
    modifiers_in_force,
)

PF2E = StackingPolicy(
    same_name=SameName.REPLACE,
    modifiers=Stacking.HIGHEST,
    per_kind={"untyped": Stacking.SUM},
)


def test_sum_is_the_default() -> None:
    enc = Encounter.create(["A", "B"])
    enc, _ = enc.add_effect(
        "a", source="A", target="B", duration=Permanent(), modifiers=[Modifier(2, "a")]
    )
    enc, _ = enc.add_effect(
        "b", source="A", target="B", duration=Permanent(), modifiers=[Modifier(-8, "b")]
    )
    enc, _ = enc.add_effect(
        "c",
        source="A",
        target="B",
        duration=Permanent(),
        modifiers=[Modifier(4, "c", "damage")],
    )
    assert enc.modifier_total("B", "check") == -6
    assert enc.modifier_total("B") == -2
    assert [m.source for m in enc.modifiers("B")] == ["a", "b", "c"]
    assert enc.modifiers("A") == ()


def test_highest_of_a_kind_keeps_best_bonus_and_worst_penalty() -> None:
    """PF2e-style typed bonuses: only the highest bonus and the worst penalty count."""
    mods = [
        Modifier(1, "Bless", "status"),
        Modifier(2, "Heroism", "status"),
        Modifier(2, "Inspire", "status"),
        Modifier(-1, "Frightened 1", "status"),
        Modifier(-2, "Sickened 2", "status"),
        Modifier(-1, "range", "untyped"),
        Modifier(-2, "multiple attack", "untyped"),
        Modifier(1, "cover", "circumstance"),
    ]
    kept = PF2E.combine(mods)
    assert [m.source for m in kept] == [
        "Heroism",
        "Sickened 2",
        "range",
        "multiple attack",
        "cover",
    ]
    assert PF2E.total(mods) == 2 - 2 - 3 + 1
    assert PF2E.rule("untyped") is Stacking.SUM
    assert PF2E.rule("status") is Stacking.HIGHEST


def test_replace_by_name() -> None:
    """A newer effect of the same name on the same target replaces the older one."""
    enc = Encounter.create(["A", "B"], stacking=PF2E)
    enc, _ = enc.add_effect(
        "Bless",
        source="A",
        target="B",
        duration=Rounds(10),
        modifiers=[Modifier(1, "Bless", "status")],
    )
    enc, _ = enc.add_effect("Bless", source="A", target="A", duration=Rounds(10))
    enc, events = enc.add_effect(
        "Bless",
        source="B",
        target="B",
        duration=Rounds(1),
        modifiers=[Modifier(1, "Bless", "status")],
    )
    assert [type(e) for e in events] == [EffectRemoved, EffectAdded]
    removed = events[0]
    assert isinstance(removed, EffectRemoved)
    assert removed.reason is RemovalReason.REPLACED
    assert removed.effect.id == "e1"
    assert [e.id for e in enc.effects] == ["e2", "e3"]


def test_stack_keeps_both() -> None:
    enc = Encounter.create(["A"])
    for _ in range(2):
        enc, _ = enc.add_effect(
            "Bless",
            source="A",
            target="A",
            duration=Permanent(),
            modifiers=[Modifier(1, "Bless")],
        )
    assert enc.modifier_total("A") == 2


@attrs.frozen
class _Frightened:
    """A plugin's own effect type: any object with the Effect properties."""

    value: int
    target: str
    source: str = "GM"
    name: str = "Frightened"
    duration: Duration = attrs.field(factory=Permanent)
    condition: str | None = "frightened"

    @property
    def modifiers(self) -> Sequence[Modifier]:
        return (Modifier(-self.value, f"Frightened {self.value}", "status"),)


def test_effect_protocol_and_apply_effect() -> None:
    fear = _Frightened(2, target="B", source="A")
    assert isinstance(fear, Effect)
    enc, _ = Encounter.create(["A", "B"]).apply_effect(fear, effect_id="fear")
    stored = enc.effect("fear")
    assert isinstance(stored, Effect)
    assert stored.modifiers == (Modifier(-2, "Frightened 2", "status"),)
    assert enc.conditions("B") == ("frightened",)
    assert modifiers_in_force([fear], "B") == (Modifier(-2, "Frightened 2", "status"),)
    assert modifiers_in_force([fear], "A") == ()
    assert modifiers_in_force([fear, stored], "B", PF2E, kind="status") == (
        Modifier(-2, "Frightened 2", "status"),
    )


def test_modifiers_feed_into_a_check_value() -> None:
    """The modifiers in force on a combatant are plain numbers for a check's parameter."""
    enc = Encounter.create(["A", "B"])
    enc, _ = enc.add_effect(
        "Segen",
        source="A",
        target="B",
        duration=Rounds(2),
        modifiers=[Modifier(2, "Segen", "pw")],
    )
    pw = 12 + enc.modifier_total("B", "pw")
    assert pw == 14


_DATA: dict[str, Scalar] = {"rank": 1, "note": "ok"}


def test_active_effect_json_round_trip() -> None:
    effect = ActiveEffect(
        id="e1",
        name="Bless",
        source="A",
        target="B",
        duration=Rounds(1, "A", 2),
        modifiers=(Modifier(1, "Bless", "status"),),
        condition="blessed",
        data=_DATA,
    )
    assert ActiveEffect.from_json(effect.to_json()) == effect
    assert effect.datum("rank") == 1
    assert effect.datum("missing", 0) == 0
    with pytest.raises(SchemaError, match="malformed effect JSON"):
        ActiveEffect.from_json({"id": "e1"})


def test_stacking_policy_json_round_trip() -> None:
    assert StackingPolicy.from_json(PF2E.to_json()) == PF2E
    with pytest.raises(SchemaError, match="malformed stacking policy JSON"):
        StackingPolicy.from_json({"same_name": "merge"})


def test_bad_modifiers_and_effect_ids() -> None:
    enc = Encounter.create(["A"])
    with pytest.raises(
        ParameterError,
        match=r"modifiers must be rollwerk\.checks\.Modifier values, got 3",
    ):
        enc.add_effect("x", source="A", target="A", duration=Permanent(), modifiers=[3])  # type: ignore[list-item]
    enc, _ = enc.add_effect("x", source="A", target="A", duration=Permanent())
    with pytest.raises(
        ParameterError, match="effect_id must be an id no active effect has, got 'e1'"
    ):
        enc.add_effect(
            "y", source="A", target="A", duration=Permanent(), effect_id="e1"
        )
    with pytest.raises(
        ParameterError, match=r"duration must be a rollwerk Duration .*, got 3"
    ):
        enc.add_effect("y", source="A", target="A", duration=3)  # type: ignore[arg-type]
    with pytest.raises(
        ParameterError,
        match=r"effect id must be the id of an active effect \(e1\), got 'e9'",
    ):
        enc.remove_effect("e9")


def test_empty_effect_ids_and_conditions_are_refused() -> None:
    enc = Encounter.create(["A"])
    with pytest.raises(
        ParameterError,
        match=r"^effect_id must be a non-empty string or None, got ''$",
    ):
        enc.add_effect("x", source="A", target="A", duration=Permanent(), effect_id="")
    with pytest.raises(
        ParameterError,
        match=r"^condition must be a non-empty string or None, got ''$",
    ):
        enc.add_effect("x", source="A", target="A", duration=Permanent(), condition="")
    enc, _ = enc.add_effect(
        "x", source="A", target="A", duration=Permanent(), condition="dazed"
    )
    data = enc.effects[0].to_json()
    for key in ("id", "condition"):
        with pytest.raises(SchemaError) as caught:
            ActiveEffect.from_json({**data, key: ""})
        assert str(caught.value).endswith(
            f"{key} must be a non-empty string{' or null' * (key == 'condition')}, "
            "got ''"
        )
