"""The contract kit's encounter helpers refuse arguments of the wrong type.

Found by a held-out VTT author: ``turns=1.5`` was a ``TypeError``,
``turns=-1`` named an internal ``steps``, and the other helpers failed with
an ``AttributeError`` on what was not an encounter, a step or a timeline.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ParameterError, build_check
from rollwerk.encounter import Encounter
from rollwerk.testing import (
    assert_check_contract,
    assert_encounter_contract,
    assert_faces_match,
    assert_json_round_trip,
    assert_ruleset_contract,
    assert_step_contract,
    assert_timeline_contract,
)
from rollwerk.testing.examples import ToyRuleset

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


TOY = ToyRuleset()
CHECK = build_check(TOY, skill=3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: assert_ruleset_contract(TOY, max_examples="3"),  # type: ignore[arg-type]
            "max_examples must be an integer from 0 to 10**6, got '3'",
        ),
        (
            lambda: assert_ruleset_contract(TOY, max_examples=10**23),
            (
                "max_examples must be an integer from 0 to 10**6, got "
                "100000000000000000000000"
            ),
        ),
        (
            lambda: assert_ruleset_contract(TOY, checks="check"),
            "checks must be None or a non-empty list of check names, got 'check'",
        ),
        (
            lambda: assert_ruleset_contract(TOY, checks=[]),
            "checks must be None or a non-empty list of check names, got []",
        ),
        (
            lambda: assert_check_contract(CHECK, alpha="x"),  # type: ignore[arg-type]
            "alpha must be a number above 0 and below 1, got 'x'",
        ),
        (
            lambda: assert_check_contract(CHECK, alpha=1),
            "alpha must be a number above 0 and below 1, got 1",
        ),
        (
            lambda: assert_check_contract(CHECK, resolutions=0),
            "resolutions must be an integer from 1 to 10**6, got 0",
        ),
        (
            lambda: assert_check_contract(CHECK, replays=-1),
            "replays must be an integer from 0 to 10**6, got -1",
        ),
        (
            lambda: assert_check_contract(CHECK, seed=1.5),  # type: ignore[arg-type]
            "seed must be an integer, got 1.5",
        ),
    ],
)
def test_the_check_helpers_name_a_wrong_argument(
    call: Callable[[], None], message: str
) -> None:
    # found by a held-out DSA5 author: a TypeError, or the ruleset blamed
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_assert_faces_match_names_a_wrong_budget() -> None:
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.rulesets import define_ruleset

    coin = define_ruleset(
        "coin",
        "Coin",
        checks=[
            define_check(
                "flip",
                dice=[2],
                judge=lambda f: (
                    Outcome(f[0] == 2, Degree.SUCCESS, None)
                    if f[0] == 2
                    else Outcome(False, Degree.FAILURE, None)
                ),
            )
        ],
    )
    with pytest.raises(ParameterError) as info:
        assert_faces_match(build_check(coin), odds_budget="x")  # type: ignore[arg-type]
    assert str(info.value) == "odds_budget must be an integer from 0 to 10**6, got 'x'"
