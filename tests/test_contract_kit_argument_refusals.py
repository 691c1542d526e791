"""The contract kit's encounter helpers refuse arguments of the wrong type.

Found by a held-out VTT author: ``turns=1.5`` was a ``TypeError``,
``turns=-1`` named an internal ``steps``, and the other helpers failed with
an ``AttributeError`` on what was not an encounter, a step or a timeline.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ParameterError
from rollwerk.encounter import Encounter
from rollwerk.testing import (
    assert_encounter_contract,
    assert_json_round_trip,
    assert_step_contract,
    assert_timeline_contract,
)

ENC = Encounter.create(["A", "B"])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: assert_encounter_contract(ENC, turns=1.5),  # type: ignore[arg-type]
            "turns must be an integer from 0 to 10000, got 1.5",
        ),
        (
            lambda: assert_encounter_contract(ENC, turns=-1),
            "turns must be an integer from 0 to 10000, got -1",
        ),
        (
            lambda: assert_encounter_contract(ENC, turns=True),
            "turns must be an integer from 0 to 10000, got True",
        ),
        (
            lambda: assert_encounter_contract(3),  # type: ignore[arg-type]
            "encounter must be an Encounter, got 3",
        ),
        (
            lambda: assert_step_contract(ENC, 3),  # type: ignore[arg-type]
            (
                "step must be a Step (the next Encounter and its events), as "
                "returned, got 3"
            ),
        ),
        (
            lambda: assert_step_contract(3, ENC.advance()),  # type: ignore[arg-type]
            "before must be an Encounter, got 3",
        ),
        (
            lambda: assert_timeline_contract(3),  # type: ignore[arg-type]
            "timeline must be a Timeline, got 3",
        ),
        (
            lambda: assert_json_round_trip(3),  # type: ignore[arg-type]
            "encounter must be an Encounter, got 3",
        ),
    ],
)
def test_the_encounter_helpers_name_a_wrong_argument(
    call: Callable[[], None], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_helpers_accept_what_the_encounter_returns() -> None:
    assert_step_contract(ENC, ENC.advance())
    assert_encounter_contract(ENC, turns=0)
    assert_encounter_contract(ENC, turns=3)
