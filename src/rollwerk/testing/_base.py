"""What every part of the contract kit shares: its failure and its property type."""

from __future__ import annotations

from collections.abc import Callable

from rollwerk.rulesets import Ruleset

__all__ = ["ContractViolation", "RulesetProperty"]

RulesetProperty = Callable[[Ruleset], None]
"""A ruleset-wide contract property: raises `ContractViolation` when broken."""


class ContractViolation(AssertionError):
    """A ruleset, check or result breaks the rollwerk contract.

    It is an `AssertionError`, so pytest reports it as a test failure. The
    message names the ruleset, the check with its parameters, and what broke.
    """
