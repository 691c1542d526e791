"""What the operations store is what the JSON loader accepts (PF2E-R01 effects).

An outside tester found states that saved but would not load back: a
negative clock, a string initiative, a float in an effect's data. Each such
value is now refused where it goes in, with a ParameterError naming it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Combatant, Encounter, Modifier, ParameterError, Rounds
from rollwerk.encounter import Counter

INT_RANGE = "an integer from -2**63 to 2**63 - 1"


def started() -> Encounter:
    return Encounter.create(["A", "B"]).advance().state


def add(**changes: Any) -> Encounter:
    fields: dict[str, Any] = {"source": "A", "target": "B", "duration": Rounds(1)}
    fields.update(changes)
    return started().add_effect("x", **fields).state


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Encounter.create(["A"], clock=-1),
            "clock must be 0 or more, got -1",
        ),
        (
            lambda: Encounter.create(["A"], clock=1.5),
            "clock must be an int or Fraction, got 1.5",
        ),
        (
            lambda: Encounter.create(["A"], round_seconds="6"),
            "round_seconds must be an int or Fraction, got '6'",
        ),
        # the fields name themselves when the state is built directly
        (
            lambda: Encounter((), (), clock=1.5),  # type: ignore[arg-type]
            "clock must be an int or Fraction, got 1.5",
        ),
        (
            lambda: Encounter((), (), round_seconds=True),
            "round_seconds must be an int or Fraction, got True",
        ),
        (
            lambda: Combatant("A", initiative="x"),  # type: ignore[arg-type]
            f"initiative must be {INT_RANGE}, got 'x'",
        ),
        (
            lambda: Combatant("A", initiative=True),
            f"initiative must be {INT_RANGE}, got True",
        ),
        (
            lambda: Combatant("A", owner=3),  # type: ignore[arg-type]
            "owner must be a string or None, got 3",
        ),
        (
            lambda: Combatant("A", turns=-1),
            "turns must be an integer from 0 to 2**63 - 1, got -1",
        ),
        (
            lambda: Combatant("A", checks=2**63),
            f"checks must be an integer from 0 to 2**63 - 1, got {2**63}",
        ),
        (
            lambda: Combatant("A", actions=True),
            "actions must be an integer from 0 to 2**63 - 1, got True",
        ),
        (
            lambda: Modifier(1.5, "Bless", "status"),  # type: ignore[arg-type]
            f"amount must be {INT_RANGE}, got 1.5",
        ),
        (lambda: Modifier(2**70, "Bless"), f"amount must be {INT_RANGE}, got {2**70}"),
        (
            lambda: Modifier("1", "x", "status"),  # type: ignore[arg-type]
            f"amount must be {INT_RANGE}, got '1'",
        ),
        (
            lambda: Modifier(1, "Bless", None),  # type: ignore[arg-type]
            "kind must be a string, got None",
        ),
        (lambda: Counter(3, 1), "name must be a string, got 3"),  # type: ignore[arg-type]
        (
            lambda: add(data={"a": 1.5}),
            (f"data['a'] must be a string, {INT_RANGE}, True, False or None, got 1.5"),
        ),
        (
            lambda: add(data={"a": [1]}),
            f"data['a'] must be a string, {INT_RANGE}, True, False or None, got [1]",
        ),
        (lambda: add(data={1: "a"}), "data key must be a string, got 1"),
        (
            lambda: add(data="a=1"),
            "data must be a mapping of strings to JSON scalars, or None, got 'a=1'",
        ),
        (lambda: add(condition=5), "condition must be a string or None, got 5"),
        (lambda: add(effect_id=5), "effect_id must be a string, got 5"),
        (
            lambda: add(modifiers=None),
            (
                "modifiers must be an iterable of rollwerk.checks.Modifier values, "
                "got None"
            ),
        ),
        (
            lambda: add(modifiers=Modifier(1, "Bless")),
            (
                "modifiers must be an iterable of rollwerk.checks.Modifier values, "
                "got Modifier(amount=1, source='Bless', kind='check')"
            ),
        ),
        (
            lambda: started().count("A", "reactions", by="1"),
            f"by must be {INT_RANGE}, got '1'",
        ),
        (lambda: started().is_concentrating("Z"), None),
    ],
)
def test_refused_where_it_goes_in(make: Any, message: str | None) -> None:
    with pytest.raises(ParameterError) as info:
        make()
    if message is not None:
        assert str(info.value) == message
    else:
        assert str(info.value) == (
            "combatant must be the id of a combatant in the encounter (A, B), got 'Z'"
        )


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
)


@given(
    clock=st.integers(min_value=0, max_value=10**6),
    initiative=st.integers(min_value=-(2**63), max_value=2**63 - 1),
    data=st.dictionaries(st.text(max_size=5), SCALARS, max_size=4),
    condition=st.one_of(st.none(), st.text(min_size=1, max_size=5)),
    amount=st.integers(min_value=-(2**63), max_value=2**63 - 1),
)
def test_what_goes_in_loads_back(
    clock: int,
    initiative: int,
    data: dict[str, Any],
    condition: str | None,
    amount: int,
) -> None:
    enc = Encounter.create([Combatant("A", initiative=initiative), "B"], clock=clock)
    enc = enc.advance().state
    enc = enc.add_effect(
        "x",
        source="A",
        target="B",
        duration=Rounds(1),
        modifiers=[Modifier(amount, "src", "status")],
        condition=condition,
        data=data,
    ).state
    assert Encounter.from_json(enc.to_json()) == enc


def test_modifier_totals_stay_integers() -> None:
    enc = add(modifiers=[Modifier(2, "Bless", "status"), Modifier(-1, "x", "status")])
    assert enc.modifier_total("B") == 1
