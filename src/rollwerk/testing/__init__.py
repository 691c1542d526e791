"""The contract kit: hypothesis strategies, assertions and a pytest plugin.

Install it with the extra ``rollwerk[testing]`` (it needs hypothesis and
pytest; ``import rollwerk`` never imports them). Check a ruleset with one call:

>>> from rollwerk.testing import assert_ruleset_contract
>>> from rollwerk.testing.examples import ToyRuleset
>>> assert_ruleset_contract(ToyRuleset(), max_examples=2)

or from the command line of pytest: ``pytest --rollwerk-contract=<ruleset id>``.
The names below are imported lazily, so that loading the pytest plugin (which
lives in this package) costs nothing until a contract test runs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rollwerk.testing import strategies
    from rollwerk.testing._contract import (
        DEFAULT_ALPHA,
        DEFAULT_MAX_EXAMPLES,
        DEFAULT_REPLAYS,
        DEFAULT_RESOLUTIONS,
        RULESET_PROPERTIES,
        ContractViolation,
        RulesetProperty,
        assert_check_contract,
        assert_contest_contract,
        assert_distribution_valid,
        assert_frequencies_match,
        assert_monotonic,
        assert_ruleset_contract,
        assert_ruleset_declaration,
        describe_check,
        frequency_p_value,
    )
    from rollwerk.testing._durations import (
        DURATION_PROPERTIES,
        assert_encounter_contract,
        assert_json_round_trip,
        assert_ruleset_durations,
        assert_step_contract,
        assert_timeline_contract,
        durations,
    )
    from rollwerk.testing.strategies import (
        checks,
        parameter_values,
        parameters,
        rngs,
        seeds,
    )

__all__ = [
    "DEFAULT_ALPHA",
    "DEFAULT_MAX_EXAMPLES",
    "DEFAULT_REPLAYS",
    "DEFAULT_RESOLUTIONS",
    "DURATION_PROPERTIES",
    "RULESET_PROPERTIES",
    "ContractViolation",
    "RulesetProperty",
    "assert_check_contract",
    "assert_contest_contract",
    "assert_distribution_valid",
    "assert_encounter_contract",
    "assert_frequencies_match",
    "assert_json_round_trip",
    "assert_monotonic",
    "assert_ruleset_contract",
    "assert_ruleset_declaration",
    "assert_ruleset_durations",
    "assert_step_contract",
    "assert_timeline_contract",
    "checks",
    "describe_check",
    "durations",
    "frequency_p_value",
    "parameter_values",
    "parameters",
    "rngs",
    "seeds",
    "strategies",
]

_STRATEGIES = frozenset({"checks", "parameter_values", "parameters", "rngs", "seeds"})
_DURATIONS = frozenset(
    {
        "DURATION_PROPERTIES",
        "assert_encounter_contract",
        "assert_json_round_trip",
        "assert_ruleset_durations",
        "assert_step_contract",
        "assert_timeline_contract",
        "durations",
    }
)


def __getattr__(name: str) -> Any:
    if name == "strategies":
        return importlib.import_module("rollwerk.testing.strategies")
    if name in _STRATEGIES:
        module = importlib.import_module("rollwerk.testing.strategies")
        return getattr(module, name)
    if name in _DURATIONS:
        module = importlib.import_module("rollwerk.testing._durations")
        return getattr(module, name)
    if name in __all__:
        module = importlib.import_module("rollwerk.testing._contract")
        return getattr(module, name)
    raise AttributeError(f"module 'rollwerk.testing' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
