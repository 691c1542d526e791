"""What every part of the contract kit shares: its failure and its property type."""

from __future__ import annotations

from collections.abc import Callable, Iterable

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


def settable(value: object, names: Iterable[str]) -> str | None:
    """The first of ``names`` that ``value`` lets be set, or None.

    Each is set to the value it has, so nothing changes even where
    ``value`` lets it: a check and a duration are frozen values (caches and
    undo histories hand one object to every holder). A name ``value`` does
    not have is skipped.
    """
    for name in names:
        try:
            current = getattr(value, name)
        except AttributeError:
            continue
        try:
            setattr(value, name, current)
        except Exception:  # noqa: BLE001 - frozen: what the value must be
            continue
        return name
    return None
