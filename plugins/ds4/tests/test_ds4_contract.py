"""The rollwerk contract kit on every DS4 check (with declared monotonicity)."""

from __future__ import annotations

from rollwerk.testing import assert_ruleset_contract
from rollwerk_ds4 import RULESET


def test_ds4_contract_kit_passes() -> None:
    """DS4-R02/R05/R09/R14: the contract kit passes for `check` and `attack`."""
    assert_ruleset_contract(RULESET)
