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


# Tracebacks and pytest's report name the class by its module: show the
# public path (``rollwerk.testing.ContractViolation``), which also pickles.
# Only exceptions get this: for other classes a public ``__module__`` would
# break ``typing.get_type_hints``/``attrs.resolve_types`` (they read the
# annotations' names from that module) and hide their doctests from
# ``--doctest-modules`` (see ``tests/test_public_paths.py``).
ContractViolation.__module__ = "rollwerk.testing"
