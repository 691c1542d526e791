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

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.testing import strategies as strategies
    from rollwerk.testing._base import ContractViolation, RulesetProperty
    from rollwerk.testing._catalogs import (
        assert_catalog_complete,
        assert_text_complete,
        text_messages,
    )
    from rollwerk.testing._contract import (
        DEFAULT_ALPHA,
        DEFAULT_MAX_EXAMPLES,
        DEFAULT_REPLAYS,
        DEFAULT_RESOLUTIONS,
        FACE_BUDGET,
        ODDS_BUDGET,
        REFUSAL_SAMPLE,
        REFUSED_SHARE,
        RULESET_PROPERTIES,
        assert_check_contract,
        assert_contest_contract,
        assert_cross_contests,
        assert_distribution_valid,
        assert_faces_match,
        assert_frequencies_match,
        assert_monotonic,
        assert_refusals_are_combinations,
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
    from rollwerk.testing._fights import (
        Strike,
        assert_fight_frequencies,
        simulate_fight,
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
    "FACE_BUDGET",
    "ODDS_BUDGET",
    "REFUSAL_SAMPLE",
    "REFUSED_SHARE",
    "RULESET_PROPERTIES",
    "ContractViolation",
    "RulesetProperty",
    "Strike",
    "assert_catalog_complete",
    "assert_check_contract",
    "assert_contest_contract",
    "assert_cross_contests",
    "assert_distribution_valid",
    "assert_encounter_contract",
    "assert_faces_match",
    "assert_fight_frequencies",
    "assert_frequencies_match",
    "assert_json_round_trip",
    "assert_monotonic",
    "assert_refusals_are_combinations",
    "assert_ruleset_contract",
    "assert_ruleset_declaration",
    "assert_ruleset_durations",
    "assert_step_contract",
    "assert_text_complete",
    "assert_timeline_contract",
    "checks",
    "describe_check",
    "durations",
    "frequency_p_value",
    "parameter_values",
    "parameters",
    "rngs",
    "seeds",
    "simulate_fight",
    "strategies",
    "text_messages",
]

if not TYPE_CHECKING:
    # Imported on first use (see ``rollwerk._lazy``); type checkers read the
    # imports above.
    _lazy_getattr, __dir__ = lazy_exports(
        __name__,
        {
            "assert_catalog_complete": "rollwerk.testing._catalogs",
            "assert_text_complete": "rollwerk.testing._catalogs",
            "text_messages": "rollwerk.testing._catalogs",
            "ContractViolation": "rollwerk.testing._base",
            "DEFAULT_ALPHA": "rollwerk.testing._contract",
            "DEFAULT_MAX_EXAMPLES": "rollwerk.testing._contract",
            "DEFAULT_REPLAYS": "rollwerk.testing._contract",
            "DEFAULT_RESOLUTIONS": "rollwerk.testing._contract",
            "DURATION_PROPERTIES": "rollwerk.testing._durations",
            "FACE_BUDGET": "rollwerk.testing._contract",
            "ODDS_BUDGET": "rollwerk.testing._contract",
            "REFUSAL_SAMPLE": "rollwerk.testing._contract",
            "REFUSED_SHARE": "rollwerk.testing._contract",
            "RULESET_PROPERTIES": "rollwerk.testing._contract",
            "RulesetProperty": "rollwerk.testing._base",
            "assert_check_contract": "rollwerk.testing._contract",
            "assert_contest_contract": "rollwerk.testing._contract",
            "assert_distribution_valid": "rollwerk.testing._contract",
            "assert_encounter_contract": "rollwerk.testing._durations",
            "assert_cross_contests": "rollwerk.testing._contract",
            "assert_faces_match": "rollwerk.testing._contract",
            "assert_frequencies_match": "rollwerk.testing._contract",
            "assert_fight_frequencies": "rollwerk.testing._fights",
            "simulate_fight": "rollwerk.testing._fights",
            "Strike": "rollwerk.testing._fights",
            "assert_json_round_trip": "rollwerk.testing._durations",
            "assert_monotonic": "rollwerk.testing._contract",
            "assert_refusals_are_combinations": "rollwerk.testing._contract",
            "assert_ruleset_contract": "rollwerk.testing._contract",
            "assert_ruleset_declaration": "rollwerk.testing._contract",
            "assert_ruleset_durations": "rollwerk.testing._durations",
            "assert_step_contract": "rollwerk.testing._durations",
            "assert_timeline_contract": "rollwerk.testing._durations",
            "checks": "rollwerk.testing.strategies",
            "describe_check": "rollwerk.testing._contract",
            "durations": "rollwerk.testing._durations",
            "frequency_p_value": "rollwerk.testing._contract",
            "parameter_values": "rollwerk.testing.strategies",
            "parameters": "rollwerk.testing.strategies",
            "rngs": "rollwerk.testing.strategies",
            "seeds": "rollwerk.testing.strategies",
        },
        submodules=("strategies",),
    )

    def __getattr__(name: str) -> object:
        try:
            return _lazy_getattr(name)
        except ModuleNotFoundError as exc:
            if exc.name not in {"hypothesis", "pytest"}:
                raise
            raise ModuleNotFoundError(
                f"rollwerk.testing.{name} needs {exc.name}, which is not installed: "
                'install the extra rollwerk[testing] (pip install "rollwerk[testing]")',
                name=exc.name,
            ) from exc
