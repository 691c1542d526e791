"""rollwerk: typed tabletop role-playing rules with exact odds.

The public API is re-exported here; implementation lives in private modules.
"""

from __future__ import annotations

from rollwerk._checks import (
    Check,
    CheckResult,
    ContestOutcome,
    Degree,
    DieRoll,
    Explanation,
    Modifier,
    Outcome,
    Scalar,
)
from rollwerk._distribution import Distribution
from rollwerk._errors import (
    ContestError,
    LimitExceeded,
    NotationError,
    ParameterError,
    PluginError,
    RollwerkError,
    RulesError,
    SchemaError,
    ScriptExhausted,
    UnknownCheck,
    UnknownRuleset,
)
from rollwerk._rng import Rng, ScriptedRng, SeededRng, SystemRng
from rollwerk._rulesets import (
    CheckSpec,
    Difficulty,
    Monotonic,
    OptionalRule,
    Parameter,
    Ruleset,
    build_check,
    contest_odds,
    resolve_contest,
)
from rollwerk.hookspecs import hookimpl

__all__ = [
    "Check",
    "CheckResult",
    "CheckSpec",
    "ContestError",
    "ContestOutcome",
    "Degree",
    "DieRoll",
    "Difficulty",
    "Distribution",
    "Explanation",
    "LimitExceeded",
    "Modifier",
    "Monotonic",
    "NotationError",
    "OptionalRule",
    "Outcome",
    "Parameter",
    "ParameterError",
    "PluginError",
    "Rng",
    "RollwerkError",
    "Ruleset",
    "RulesError",
    "Scalar",
    "SchemaError",
    "ScriptExhausted",
    "ScriptedRng",
    "SeededRng",
    "SystemRng",
    "UnknownCheck",
    "UnknownRuleset",
    "__version__",
    "build_check",
    "contest_odds",
    "hookimpl",
    "resolve_contest",
]


def __getattr__(name: str) -> str:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("rollwerk")
        except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
            return "0+unknown"
    raise AttributeError(f"module 'rollwerk' has no attribute {name!r}")
