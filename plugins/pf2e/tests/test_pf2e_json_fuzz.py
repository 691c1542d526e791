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
            "malformed pf2e_rounds duration JSON: n must be an integer, got '2'",
        ),
        (
            {"tick_on": 7},
            "malformed pf2e_rounds duration JSON: tick_on must be a string or null, got 7",
        ),
        (
            {"ends_at": True},
            (
                "malformed pf2e_rounds duration JSON: ends_at must be an integer or null, "
                "got True"
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
                "malformed pf2e_rounds duration JSON: counts_from must be an integer or "
                "null, got an integer of 5001 digits"
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


def test_the_documents_round_trip() -> None:
    for document in DOCUMENTS:
        assert Pf2eRounds.from_json(document).to_json() == document
