"""Issue 17: the plugin's JSON loader refuses malformed documents with SchemaError only."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import SchemaError
from rollwerk.encounter import duration_from_json
from rollwerk_pf2e import CreatorLeaves, Pf2eRounds

DOCUMENTS = [
    Pf2eRounds(2).to_json(),
    Pf2eRounds(3, "A", 7, CreatorLeaves.END, 4).to_json(),
]
HUGE = 10**5000

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([1, -1]).map(lambda sign: sign * HUGE)  # not in a repr
    | st.floats()
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=5,
)


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    document = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*document, "extra"]))
        if draw(st.booleans()) and key in document:
            del document[key]
        else:
            document[key] = draw(values)
    return document


def _refusal(load: Any, document: Any) -> str | None:
    """The SchemaError's message, or None if the document loads."""
    try:
        load(document)
    except SchemaError as exc:
        return str(exc)
    return None


def _loads_or_refuses(document: Any) -> None:
    messages = [
        _refusal(load, document) for load in (Pf2eRounds.from_json, duration_from_json)
    ]
    for message in messages:
        assert message is None or (len(message) <= 400 and "\n" not in message)


@given(document=mutated())
def test_mutated_pf2e_rounds_load_or_raise_schema_error(document: Any) -> None:
    _loads_or_refuses(document)


@given(document=values)
def test_random_json_is_refused_with_schema_error(document: Any) -> None:
    _loads_or_refuses(document)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"n": "2"},
            (
                "malformed pf2e_rounds duration JSON: n must be an integer from 1 "
                "to 2**62, got '2'"
            ),
        ),
        (
            {"tick_on": 7},
            "malformed pf2e_rounds duration JSON: tick_on must be a string or null, got 7",
        ),
        (
            {"ends_at": True},
            (
                "malformed pf2e_rounds duration JSON: ends_at must be an integer from 0 "
                "to 2**63 - 1 or null, got True"
            ),
        ),
        (
            {"creator_leaves": "never"},
            (
                "malformed pf2e_rounds duration JSON: creator_leaves must be one of "
                "'continue', 'end', got 'never'"
            ),
        ),
        (
            {"counts_from": HUGE},
            (
                "malformed pf2e_rounds duration JSON: counts_from must be an integer "
                "from 0 to 2**63 - 1 or null, got an integer of 5001 digits"
            ),
        ),
        (
            {"n": 0},
            "malformed pf2e_rounds duration JSON: n must be an integer from 1 to 2**62, got 0",
        ),
    ],
)
def test_no_coercion_and_the_field_is_named(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(SchemaError) as info:
        Pf2eRounds.from_json({**DOCUMENTS[1], **change})
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # an integer too large for JSON's 64 bits: the range is said, not "an integer"
        ({"n": 10**30}, f"n must be an integer from 1 to 2**62, got {10**30}"),
        ({"n": 2**62 + 1}, f"n must be an integer from 1 to 2**62, got {2**62 + 1}"),
        ({"n": -1}, "n must be an integer from 1 to 2**62, got -1"),
        ({"n": 2.0}, "n must be an integer from 1 to 2**62, got 2.0"),
        # bound counts are never below 0, as the core's kinds say
        (
            {"ends_at": -1},
            "ends_at must be an integer from 0 to 2**63 - 1 or null, got -1",
        ),
        (
            {"ends_at": 2**63},
            f"ends_at must be an integer from 0 to 2**63 - 1 or null, got {2**63}",
        ),
        (
            {"counts_from": -1},
            "counts_from must be an integer from 0 to 2**63 - 1 or null, got -1",
        ),
        (
            {"counts_from": 10**30},
            f"counts_from must be an integer from 0 to 2**63 - 1 or null, got {10**30}",
        ),
    ],
)
def test_counts_out_of_range_are_refused_with_the_range(
    change: dict[str, Any], message: str
) -> None:
    """PF2E-R02: a saved pf2e_rounds count follows the core kinds' range rules."""
    with pytest.raises(SchemaError) as info:
        Pf2eRounds.from_json({**DOCUMENTS[1], **change})
    assert str(info.value) == f"malformed pf2e_rounds duration JSON: {message}"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"n": 10**30}, f"n must be an integer from 1 to 2**62, got {10**30}"),
        (
            {"ends_at": -1},
            "ends_at must be an integer from 0 to 2**63 - 1 or null, got -1",
        ),
        (
            {"counts_from": -1},
            "counts_from must be an integer from 0 to 2**63 - 1 or null, got -1",
        ),
    ],
)
def test_a_saved_encounter_with_a_count_out_of_range_is_refused(
    change: dict[str, Any], message: str
) -> None:
    """An ``ends_at`` of -1 loaded and showed the effect as over; the core refuses it."""
    from rollwerk import Encounter
    from rollwerk_pf2e import new_encounter, rounds

    enc = new_encounter(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(2)).state
    document = enc.to_json()
    document["effects"][0]["duration"].update(change)
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(document)
    assert str(info.value) == (
        f"malformed encounter JSON: effects[0].duration.{message}"
    )


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Pf2eRounds(2, "A", -1),
            "ends_at must be an integer from 0 to 2**63 - 1, or None, got -1",
        ),
        (
            lambda: Pf2eRounds(2, "A", 3, counts_from=2**63),
            f"counts_from must be an integer from 0 to 2**63 - 1, or None, got {2**63}",
        ),
        (
            lambda: Pf2eRounds(2, "A", True),
            "ends_at must be an integer from 0 to 2**63 - 1, or None, got True",
        ),
    ],
)
def test_bound_counts_are_checked_when_built(make: Any, message: str) -> None:
    """The constructor refuses what ``to_json`` could not write back."""
    from rollwerk import ParameterError

    with pytest.raises(ParameterError) as info:
        make()
    assert str(info.value) == message


def test_the_edges_of_the_ranges_load() -> None:
    document = {**DOCUMENTS[1], "n": 2**62, "ends_at": 2**63 - 1, "counts_from": 0}
    assert Pf2eRounds.from_json(document).to_json() == document


def test_the_documents_round_trip() -> None:
    for document in DOCUMENTS:
        assert Pf2eRounds.from_json(document).to_json() == document
