"""Typed use of the fight analysis (mypy checks this file; no tests run).

helper-h212: fights.md called ``rules.with_ruleset(...)`` on a value typed
``FightRules``, which has no such method; ``FightRulesWithRuleset`` is the
protocol to narrow to.
"""

from __future__ import annotations

from typing_extensions import assert_type

from rollwerk.analysis import FightResult, FightRules, FightRulesWithRuleset
from rollwerk.rulesets import Ruleset


def _with_options(rules: FightRules, ruleset: Ruleset) -> FightRules:
    if isinstance(rules, FightRulesWithRuleset):
        assert_type(rules, FightRulesWithRuleset)
        return rules.with_ruleset(ruleset)
    return rules


def _second_health(result: FightResult) -> object:
    """helper-h212: fights.md indexes the JSON; ``dict[str, object]`` refused it."""
    data = result.to_json()
    return data["health"]["second"]
