"""Checks: the outcome model, declared parameters and check specs.

A [`Check`][rollwerk.checks.Check] is a frozen value built by a ruleset; it
resolves to a [`CheckResult`][rollwerk.checks.CheckResult] and gives the exact
distribution of its [`Outcome`][rollwerk.checks.Outcome]s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.checks._model import (
        Check,
        CheckResult,
        ContestOutcome,
        Degree,
        Explanation,
        Modifier,
        Outcome,
        Scalar,
    )
    from rollwerk.checks._parameters import (
        CheckSpec,
        Difficulty,
        Monotonic,
        Parameter,
        enum_parameter,
    )

__all__ = [
    "Check",
    "CheckResult",
    "CheckSpec",
    "ContestOutcome",
    "Degree",
    "Difficulty",
    "Explanation",
    "Modifier",
    "Monotonic",
    "Outcome",
    "Parameter",
    "Scalar",
    "enum_parameter",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "Check": "rollwerk.checks._model",
            "CheckResult": "rollwerk.checks._model",
            "CheckSpec": "rollwerk.checks._parameters",
            "ContestOutcome": "rollwerk.checks._model",
            "Degree": "rollwerk.checks._model",
            "Difficulty": "rollwerk.checks._parameters",
            "Explanation": "rollwerk.checks._model",
            "Modifier": "rollwerk.checks._model",
            "Monotonic": "rollwerk.checks._parameters",
            "Outcome": "rollwerk.checks._model",
            "Parameter": "rollwerk.checks._parameters",
            "Scalar": "rollwerk.checks._model",
            "enum_parameter": "rollwerk.checks._parameters",
        },
    )
