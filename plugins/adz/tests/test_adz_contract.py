"""The rollwerk contract kit on the AdZ ruleset."""

from __future__ import annotations

import attrs
import pytest

from rollwerk.checks import Monotonic
from rollwerk.testing import (
    ContractViolation,
    assert_monotonic,
    assert_ruleset_contract,
)
from rollwerk_adz import ADZ, POOL_MONOTONIC, adz_ruleset


@pytest.mark.parametrize("equivalent", [False, True])
def test_adz_contract_kit_passes(equivalent: bool) -> None:
    """ADZ-R03..R11: every declared check passes the contract kit."""
    assert_ruleset_contract(adz_ruleset(equivalent_actions=equivalent))


def _pool_spec() -> object:
    spec = ADZ.checks()[0]
    params = tuple(
        attrs.evolve(p, monotonic=POOL_MONOTONIC.get(p.name, p.monotonic))
        for p in spec.parameters
    )
    return attrs.evolve(spec, parameters=params)


@pytest.mark.parametrize(
    "params",
    [
        {"dice": 3, "minimum": 2, "support": 4, "modifier": -1, "luck": 2},
        {"dice": 10, "minimum": 5, "support": 0, "modifier": 2, "luck": 0},
        {"dice": 0, "minimum": 1, "support": 10, "modifier": 0, "luck": 10},
    ],
)
@pytest.mark.parametrize("policy", ["never", "on_failure", "always"])
def test_adz_pool_monotonic_without_gm_rule(
    params: dict[str, int], policy: str
) -> None:
    """ADZ §4: more dice never lower the chance while allow_impossible is false."""
    spec = _pool_spec()
    full = {
        "kind": "skill",
        "allow_impossible": False,
        "luck_policy": policy,
        **params,
    }
    assert_monotonic(ADZ, spec, full)  # type: ignore[arg-type]


def test_adz_a25_pool_not_monotonic_with_gm_rule() -> None:
    """ADZ-A25: with the GM rule the pool is not monotonic, hence not declared."""
    spec = _pool_spec()
    params = {
        "dice": 1,
        "minimum": 3,
        "kind": "skill",
        "support": 0,
        "modifier": 0,
        "allow_impossible": True,
        "luck": 0,
        "luck_policy": "never",
    }
    with pytest.raises(ContractViolation, match="dice is declared INCREASING"):
        assert_monotonic(ADZ, spec, params)  # type: ignore[arg-type]
    assert ADZ.checks()[0].parameter("minimum").monotonic is Monotonic.DECREASING
