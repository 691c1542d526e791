"""rollwerk: typed tabletop role-playing rules with exact odds.

The top level holds what a first program needs; everything else lives in
the public subpackages, bottom to top: [`rollwerk.errors`][rollwerk.errors],
[`rollwerk.i18n`][rollwerk.i18n], [`rollwerk.rng`][rollwerk.rng],
[`rollwerk.distribution`][rollwerk.distribution],
[`rollwerk.dice`][rollwerk.dice], [`rollwerk.notation`][rollwerk.notation],
[`rollwerk.checks`][rollwerk.checks], [`rollwerk.rulesets`][rollwerk.rulesets],
[`rollwerk.encounter`][rollwerk.encounter], [`rollwerk.analysis`][rollwerk.analysis],
[`rollwerk.plugins`][rollwerk.plugins], [`rollwerk.cli`][rollwerk.cli] and
[`rollwerk.testing`][rollwerk.testing]; each is served as an attribute of
``rollwerk`` on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk import analysis as analysis
    from rollwerk import checks as checks
    from rollwerk import cli as cli
    from rollwerk import dice as dice
    from rollwerk import distribution as distribution
    from rollwerk import encounter as encounter
    from rollwerk import errors as errors
    from rollwerk import i18n as i18n
    from rollwerk import notation as notation
    from rollwerk import plugins as plugins
    from rollwerk import rng as rng
    from rollwerk import rulesets as rulesets
    from rollwerk import testing as testing
    from rollwerk.checks._model import (
        Check,
        CheckResult,
        ContestOutcome,
        Degree,
        Modifier,
        Outcome,
    )
    from rollwerk.dice._die import (
        Die,
    )
    from rollwerk.dice._pool import (
        Pool,
    )
    from rollwerk.distribution import (
        Distribution,
    )
    from rollwerk.encounter._durations import (
        Duration,
        Rounds,
    )
    from rollwerk.encounter._effects import (
        ActiveEffect,
        Effect,
    )
    from rollwerk.encounter._encounter import (
        Encounter,
    )
    from rollwerk.encounter._state import (
        Combatant,
    )
    from rollwerk.errors import (
        LimitExceeded,
        NotationError,
        ParameterError,
        RollwerkError,
        RulesError,
        SchemaError,
        UnknownRuleset,
    )
    from rollwerk.notation._expression import (
        Expression,
        RollResult,
        parse,
        roll,
    )
    from rollwerk.plugins._registry import (
        get_registry,
    )
    from rollwerk.plugins.hookspecs import (
        hookimpl,
    )
    from rollwerk.rng import (
        Rng,
        ScriptedRng,
        SeededRng,
        SystemRng,
    )
    from rollwerk.rulesets import (
        Ruleset,
        build_check,
        contest_odds,
        contest_result,
        resolve_contest,
    )

SUBPACKAGES = (
    "analysis",
    "checks",
    "cli",
    "dice",
    "distribution",
    "encounter",
    "errors",
    "i18n",
    "notation",
    "plugins",
    "rng",
    "rulesets",
    "testing",
)
"""The public modules below the top level (served on first attribute access)."""

__version__: str
"""The installed version of rollwerk (from the distribution's metadata)."""

__all__ = [
    "ActiveEffect",
    "Check",
    "CheckResult",
    "Combatant",
    "ContestOutcome",
    "Degree",
    "Die",
    "Distribution",
    "Duration",
    "Effect",
    "Encounter",
    "Expression",
    "LimitExceeded",
    "Modifier",
    "NotationError",
    "Outcome",
    "ParameterError",
    "Pool",
    "Rng",
    "RollResult",
    "RollwerkError",
    "Rounds",
    "RulesError",
    "Ruleset",
    "SchemaError",
    "ScriptedRng",
    "SeededRng",
    "SystemRng",
    "UnknownRuleset",
    "__version__",
    "build_check",
    "contest_odds",
    "contest_result",
    "get_registry",
    "hookimpl",
    "parse",
    "resolve_contest",
    "roll",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    _lazy_getattr, __dir__ = lazy_exports(
        __name__,
        {
            "ActiveEffect": "rollwerk.encounter._effects",
            "Check": "rollwerk.checks._model",
            "CheckResult": "rollwerk.checks._model",
            "Combatant": "rollwerk.encounter._state",
            "ContestOutcome": "rollwerk.checks._model",
            "Degree": "rollwerk.checks._model",
            "Die": "rollwerk.dice._die",
            "Distribution": "rollwerk.distribution",
            "Duration": "rollwerk.encounter._durations",
            "Effect": "rollwerk.encounter._effects",
            "Encounter": "rollwerk.encounter._encounter",
            "Expression": "rollwerk.notation._expression",
            "LimitExceeded": "rollwerk.errors",
            "Modifier": "rollwerk.checks._model",
            "NotationError": "rollwerk.errors",
            "Outcome": "rollwerk.checks._model",
            "ParameterError": "rollwerk.errors",
            "Pool": "rollwerk.dice._pool",
            "Rng": "rollwerk.rng",
            "RollResult": "rollwerk.notation._expression",
            "RollwerkError": "rollwerk.errors",
            "Rounds": "rollwerk.encounter._durations",
            "RulesError": "rollwerk.errors",
            "Ruleset": "rollwerk.rulesets",
            "SchemaError": "rollwerk.errors",
            "ScriptedRng": "rollwerk.rng",
            "SeededRng": "rollwerk.rng",
            "SystemRng": "rollwerk.rng",
            "UnknownRuleset": "rollwerk.errors",
            "build_check": "rollwerk.rulesets",
            "contest_odds": "rollwerk.rulesets",
            "contest_result": "rollwerk.rulesets",
            "get_registry": "rollwerk.plugins._registry",
            "hookimpl": "rollwerk.plugins.hookspecs",
            "parse": "rollwerk.notation._expression",
            "resolve_contest": "rollwerk.rulesets",
            "roll": "rollwerk.notation._expression",
        },
        submodules=SUBPACKAGES,
    )

    def __getattr__(name: str) -> object:
        if name == "__version__":
            from rollwerk.rulesets import distribution_version

            return distribution_version("rollwerk")
        return _lazy_getattr(name)
