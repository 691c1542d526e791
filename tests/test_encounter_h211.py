"""A tester's report (h211): encounter JSON ignored the combatant limit.

``Encounter.create`` refuses 10 001 combatants and ``join`` one more than
10 000, but ``Encounter.from_json`` loaded 50 000 (and ``advance`` ran on
them). A document loads only as operations could have left it, so the
codec refuses more than ``Encounter.MAX_COMBATANTS`` with the
``SchemaError`` of every malformed document, before building any.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rollwerk.encounter import Combatant, Encounter
from rollwerk.errors import LimitExceeded, SchemaError


def _with_combatants(count: int) -> dict[str, Any]:
    """A small encounter's document, its combatants (and order) extended."""
    data: dict[str, Any] = json.loads(json.dumps(Encounter.create(["a"]).to_json()))
    template = data["combatants"][0]
    people = []
    for i in range(count):
        c = copy.copy(template)
        c["id"] = c["name"] = f"c{i}"
        people.append(c)
    data["combatants"] = people
    data["order"] = [c["id"] for c in people]
    return data


def test_more_than_max_combatants_is_refused_on_load() -> None:
    limit = Encounter.MAX_COMBATANTS
    assert limit == 10_000
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(_with_combatants(limit + 1))
    assert str(info.value) == (
        "malformed encounter JSON: combatants must hold at most 10000 "
        "combatants (Encounter.MAX_COMBATANTS), got 10001"
    )
    assert info.value.path == "combatants"
    assert info.value.expected == "an array of at most 10000 combatants"


def test_the_refusal_comes_before_any_combatant_is_read() -> None:
    # a malformed combatant past the limit is not what is named
    data = _with_combatants(Encounter.MAX_COMBATANTS + 1)
    data["combatants"][0] = "not a combatant"
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    assert info.value.path == "combatants"


def test_exactly_max_combatants_loads_as_create_makes_it() -> None:
    limit = Encounter.MAX_COMBATANTS
    loaded = Encounter.from_json(_with_combatants(limit))
    assert loaded == Encounter.create(
        [Combatant(f"c{i}", f"c{i}") for i in range(limit)]
    )
    with pytest.raises(LimitExceeded):  # as join refuses one more
        loaded.join("extra")
