"""``Pf2eRounds.from_json`` reads its own kind only, in JSON's words (PF2E-R02, A03).

A held-out VTT tester found ``{"kind": NaN, "n": 2}`` loaded as a
``pf2e_rounds`` duration, and a slot count's refusal worded in Python
(``ends_in must be None unless slot is True``).
"""

from __future__ import annotations

from typing import Any

import pytest

from rollwerk import SchemaError
from rollwerk.encounter import duration_from_json
from rollwerk_pf2e import Pf2eRounds, rounds


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (
            {"kind": float("nan"), "n": 2},
            "kind must be 'pf2e_rounds', got nan",
        ),
        ({"kind": "rounds", "n": 2}, "kind must be 'pf2e_rounds', got 'rounds'"),
        ({"n": 2}, "kind is required ('pf2e_rounds')"),
        (
            {"kind": "pf2e_rounds"},
            "n is required (an integer from 1 to 2**62)",
        ),
        (
            {"kind": "pf2e_rounds", "n": 2, "ends_in": 3},
            "ends_in must be null unless slot is true (a slot count), got 3",
        ),
        (
            {"kind": "pf2e_rounds", "n": 2, "slot": True, "ends_in": 3, "ends_at": 4},
            "ends_at must be null when ends_in is set (a slot count), got 4",
        ),
    ],
)
def test_pf2e_rounds_json_is_refused_in_jsons_words(
    document: dict[str, Any], message: str
) -> None:
    with pytest.raises(SchemaError) as info:
        Pf2eRounds.from_json(document)
    assert str(info.value) == f"malformed pf2e_rounds duration JSON: {message}"
    assert info.value.path == message.split()[0]


def test_its_own_json_loads_back() -> None:
    """PF2E-R02: what ``to_json`` writes is read, by the kind and by the table."""
    data = rounds(2).to_json()
    assert Pf2eRounds.from_json(data) == rounds(2)
    assert duration_from_json(data) == rounds(2)
