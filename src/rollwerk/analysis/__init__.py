"""Exact analysis over rulesets' exact distributions: who wins a fight.

[`fight`][rollwerk.analysis.fight] computes, as `Fraction`s, the chance that
each side of a fight wins, the distribution of the rounds it lasts and each
side's remaining health, from the per-turn damage distributions a ruleset
provides through [`FightRules`][rollwerk.analysis.FightRules] (an absorbing
Markov chain, not a simulation). See the docs page "Who wins? Exact fight
odds".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.analysis._fight import (
        COUNT,
        DEFAULT_ROUNDS,
        FIGHT_BUDGET,
        MAX_COUNT,
        MAX_ROUNDS,
        Fighter,
        FightResult,
        FightRules,
        FightRulesWithRuleset,
        fight,
        fight_work,
        read_side,
    )

__all__ = [
    "COUNT",
    "DEFAULT_ROUNDS",
    "FIGHT_BUDGET",
    "MAX_COUNT",
    "MAX_ROUNDS",
    "FightResult",
    "FightRules",
    "FightRulesWithRuleset",
    "Fighter",
    "fight",
    "fight_work",
    "read_side",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "COUNT": "rollwerk.analysis._fight",
            "DEFAULT_ROUNDS": "rollwerk.analysis._fight",
            "FIGHT_BUDGET": "rollwerk.analysis._fight",
            "MAX_COUNT": "rollwerk.analysis._fight",
            "MAX_ROUNDS": "rollwerk.analysis._fight",
            "FightResult": "rollwerk.analysis._fight",
            "FightRules": "rollwerk.analysis._fight",
            "FightRulesWithRuleset": "rollwerk.analysis._fight",
            "Fighter": "rollwerk.analysis._fight",
            "fight": "rollwerk.analysis._fight",
            "fight_work": "rollwerk.analysis._fight",
            "read_side": "rollwerk.analysis._fight",
        },
    )
