"""The contract kit on the Mythandria ruleset (both checks, MY-R06..R09)."""

from __future__ import annotations

from rollwerk.testing import assert_ruleset_contract
from rollwerk_mythandria import RULESET, ruleset


def test_my_r06_r08_ruleset_contract() -> None:
    """MY-R06 / MY-R07 / MY-R08 / MY-R09: the contract kit passes for both checks."""
    assert_ruleset_contract(RULESET)


def test_my_r09_ruleset_contract_with_reroll_ties() -> None:
    """MY-R09: the contract also holds when ties are rerolled."""
    from rollwerk import ContestOutcome

    assert_ruleset_contract(ruleset(tie=ContestOutcome.REROLL), max_examples=2)
