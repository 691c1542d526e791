"""Mythandria (WRS) for rollwerk: d100 checks, modifiers, characters and aether.

The public API is re-exported here; implementation lives in private modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rollwerk_mythandria._abilities import (
        PREPARATION_DIE,
        Ability,
        PreparationWindow,
        preparation_hours,
        preparation_window,
    )
    from rollwerk_mythandria._aether import (
        ACTIONS_PER_ROUND,
        FORMULA_LEVELS,
        LOCKOUT_ACTIONS_PER_PHIOL,
        AetherFormula,
        Casting,
        CastingStatus,
        SlotUse,
        cast,
        cast_from_slots,
    )
    from rollwerk_mythandria._character import (
        ATTRIBUTE_MAX,
        ATTRIBUTE_START,
        BREATH_SECONDS_PER_BODY,
        NEW_CHARACTER_XP,
        XP_PER_ATTRIBUTE_POINT,
        Attribute,
        Character,
        attribute_points,
    )
    from rollwerk_mythandria._checks import (
        RULESET_ID,
        ComparativeClass,
        ComparisonCheck,
        DecisionCheck,
        DecisionOutcome,
        comparative_class,
        comparative_rank,
        decide,
        outcome_rank,
    )
    from rollwerk_mythandria._combat import (
        FORMULA_EFFECT_EVENT,
        HOLDING_BREATH,
        LOCKOUT_CONDITION,
        AetherLockout,
        HoldingBreath,
        Recital,
        declaim,
        is_locked_out,
    )
    from rollwerk_mythandria._comparison import (
        MAX_PARTICIPANTS,
        MAX_REROLL_PARTICIPANTS,
        Comparison,
        ComparisonOdds,
        Settlement,
        compare,
        comparison_odds,
        settle,
    )
    from rollwerk_mythandria._dice import (
        D100Dice,
        d100_to_digits,
        digits_to_d100,
        roll_d100,
    )
    from rollwerk_mythandria._modifiers import (
        FIXED_KINDS,
        DifficultyPreset,
        FixedKind,
        check_value,
        fixed_modifier,
    )
    from rollwerk_mythandria._ruleset import PW_MAX, PW_MIN, MythandriaRuleset

# Public name -> private module, imported on first access so that loading
# the plugin (e.g. for one CLI check) imports only what it uses.
_LAZY: dict[str, str] = {
    "Ability": "rollwerk_mythandria._abilities",
    "PREPARATION_DIE": "rollwerk_mythandria._abilities",
    "PreparationWindow": "rollwerk_mythandria._abilities",
    "preparation_hours": "rollwerk_mythandria._abilities",
    "preparation_window": "rollwerk_mythandria._abilities",
    "ACTIONS_PER_ROUND": "rollwerk_mythandria._aether",
    "AetherFormula": "rollwerk_mythandria._aether",
    "Casting": "rollwerk_mythandria._aether",
    "CastingStatus": "rollwerk_mythandria._aether",
    "FORMULA_LEVELS": "rollwerk_mythandria._aether",
    "LOCKOUT_ACTIONS_PER_PHIOL": "rollwerk_mythandria._aether",
    "SlotUse": "rollwerk_mythandria._aether",
    "cast": "rollwerk_mythandria._aether",
    "cast_from_slots": "rollwerk_mythandria._aether",
    "ATTRIBUTE_MAX": "rollwerk_mythandria._character",
    "ATTRIBUTE_START": "rollwerk_mythandria._character",
    "Attribute": "rollwerk_mythandria._character",
    "BREATH_SECONDS_PER_BODY": "rollwerk_mythandria._character",
    "Character": "rollwerk_mythandria._character",
    "NEW_CHARACTER_XP": "rollwerk_mythandria._character",
    "XP_PER_ATTRIBUTE_POINT": "rollwerk_mythandria._character",
    "attribute_points": "rollwerk_mythandria._character",
    "ComparativeClass": "rollwerk_mythandria._checks",
    "ComparisonCheck": "rollwerk_mythandria._checks",
    "DecisionCheck": "rollwerk_mythandria._checks",
    "DecisionOutcome": "rollwerk_mythandria._checks",
    "RULESET_ID": "rollwerk_mythandria._checks",
    "comparative_class": "rollwerk_mythandria._checks",
    "comparative_rank": "rollwerk_mythandria._checks",
    "decide": "rollwerk_mythandria._checks",
    "outcome_rank": "rollwerk_mythandria._checks",
    "AetherLockout": "rollwerk_mythandria._combat",
    "FORMULA_EFFECT_EVENT": "rollwerk_mythandria._combat",
    "HOLDING_BREATH": "rollwerk_mythandria._combat",
    "HoldingBreath": "rollwerk_mythandria._combat",
    "LOCKOUT_CONDITION": "rollwerk_mythandria._combat",
    "Recital": "rollwerk_mythandria._combat",
    "declaim": "rollwerk_mythandria._combat",
    "is_locked_out": "rollwerk_mythandria._combat",
    "Comparison": "rollwerk_mythandria._comparison",
    "ComparisonOdds": "rollwerk_mythandria._comparison",
    "MAX_PARTICIPANTS": "rollwerk_mythandria._comparison",
    "MAX_REROLL_PARTICIPANTS": "rollwerk_mythandria._comparison",
    "Settlement": "rollwerk_mythandria._comparison",
    "compare": "rollwerk_mythandria._comparison",
    "comparison_odds": "rollwerk_mythandria._comparison",
    "settle": "rollwerk_mythandria._comparison",
    "D100Dice": "rollwerk_mythandria._dice",
    "d100_to_digits": "rollwerk_mythandria._dice",
    "digits_to_d100": "rollwerk_mythandria._dice",
    "roll_d100": "rollwerk_mythandria._dice",
    "DifficultyPreset": "rollwerk_mythandria._modifiers",
    "FIXED_KINDS": "rollwerk_mythandria._modifiers",
    "FixedKind": "rollwerk_mythandria._modifiers",
    "check_value": "rollwerk_mythandria._modifiers",
    "fixed_modifier": "rollwerk_mythandria._modifiers",
    "MythandriaRuleset": "rollwerk_mythandria._ruleset",
    "PW_MAX": "rollwerk_mythandria._ruleset",
    "PW_MIN": "rollwerk_mythandria._ruleset",
}

__all__ = [
    "ACTIONS_PER_ROUND",
    "ATTRIBUTE_MAX",
    "ATTRIBUTE_START",
    "BREATH_SECONDS_PER_BODY",
    "FIXED_KINDS",
    "FORMULA_EFFECT_EVENT",
    "FORMULA_LEVELS",
    "HOLDING_BREATH",
    "LOCKOUT_ACTIONS_PER_PHIOL",
    "LOCKOUT_CONDITION",
    "MAX_PARTICIPANTS",
    "MAX_REROLL_PARTICIPANTS",
    "NEW_CHARACTER_XP",
    "PREPARATION_DIE",
    "PW_MAX",
    "PW_MIN",
    "RULESET_ID",
    "XP_PER_ATTRIBUTE_POINT",
    "Ability",
    "AetherFormula",
    "AetherLockout",
    "Attribute",
    "Casting",
    "CastingStatus",
    "Character",
    "ComparativeClass",
    "Comparison",
    "ComparisonCheck",
    "ComparisonOdds",
    "D100Dice",
    "DecisionCheck",
    "DecisionOutcome",
    "DifficultyPreset",
    "FixedKind",
    "HoldingBreath",
    "MythandriaRuleset",
    "PreparationWindow",
    "Recital",
    "Settlement",
    "SlotUse",
    "attribute_points",
    "cast",
    "cast_from_slots",
    "check_value",
    "comparative_class",
    "comparative_rank",
    "compare",
    "comparison_odds",
    "d100_to_digits",
    "decide",
    "declaim",
    "digits_to_d100",
    "fixed_modifier",
    "is_locked_out",
    "outcome_rank",
    "preparation_hours",
    "preparation_window",
    "roll_d100",
    "settle",
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
