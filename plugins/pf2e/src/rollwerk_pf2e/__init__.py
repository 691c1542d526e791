"""Pathfinder Second Edition for rollwerk: checks and the effects layer.

The ruleset ``pf2e`` offers the d20 check with four degrees of success; the
rest of this package implements the "Effects" chapter: durations, range
increments, reach, areas on the grid, line of effect and line of sight,
targets. Distances are whole squares (1 square = 1.5 m = 5 ft).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk.plugins import lazy_exports

if TYPE_CHECKING:
    from rollwerk_pf2e._areas import (
        Area,
        AreaKind,
        Direction,
        Point,
        burst,
        cone,
        emanation,
        line,
        picture,
    )
    from rollwerk_pf2e._catalog import CATALOG
    from rollwerk_pf2e._checks import degree_of_success
    from rollwerk_pf2e._durations import (
        DURATION_KINDS,
        ENCOUNTER_END,
        CreatorLeaves,
        Pf2eRounds,
        encounter_long,
        end_encounter,
        game_time,
        initiative_order,
        instantaneous,
        new_encounter,
        rounds,
        through_next_turns,
        until,
        until_end_of_next_turn,
        until_event,
    )
    from rollwerk_pf2e._fight import MAP, MAP_AGILE, Pf2eFightRules, damage_roll
    from rollwerk_pf2e._grid import (
        Size,
        Space,
        Square,
        corner_distance,
        in_reach,
        move_cost,
        reach_of,
        reach_squares,
        space_distance,
    )
    from rollwerk_pf2e._range import (
        MAX_RANGE_INCREMENTS,
        check_in_range,
        range_increments,
        range_penalty,
    )
    from rollwerk_pf2e._ruleset import PF2E, attack_check
    from rollwerk_pf2e._sight import (
        Battlefield,
        Wall,
        affected,
        has_line_of_effect,
        has_line_of_sight,
    )
    from rollwerk_pf2e._targets import (
        Controller,
        Creature,
        TargetStatus,
        allies,
        choose_target,
        is_ally,
        is_willing,
        targeting_status,
        willingness_decided_by,
    )
    from rollwerk_pf2e._units import (
        feet,
        metres,
        squares_from_feet,
        squares_from_metres,
    )

# Public name -> private module, imported on first access so that loading
# the plugin (e.g. for one CLI check) imports only what it uses.
_LAZY: dict[str, str] = {
    "MAP": "rollwerk_pf2e._fight",
    "MAP_AGILE": "rollwerk_pf2e._fight",
    "Pf2eFightRules": "rollwerk_pf2e._fight",
    "damage_roll": "rollwerk_pf2e._fight",
    "Area": "rollwerk_pf2e._areas",
    "AreaKind": "rollwerk_pf2e._areas",
    "Direction": "rollwerk_pf2e._areas",
    "Point": "rollwerk_pf2e._areas",
    "burst": "rollwerk_pf2e._areas",
    "cone": "rollwerk_pf2e._areas",
    "emanation": "rollwerk_pf2e._areas",
    "line": "rollwerk_pf2e._areas",
    "picture": "rollwerk_pf2e._areas",
    "CATALOG": "rollwerk_pf2e._catalog",
    "degree_of_success": "rollwerk_pf2e._checks",
    "CreatorLeaves": "rollwerk_pf2e._durations",
    "DURATION_KINDS": "rollwerk_pf2e._durations",
    "ENCOUNTER_END": "rollwerk_pf2e._durations",
    "Pf2eRounds": "rollwerk_pf2e._durations",
    "encounter_long": "rollwerk_pf2e._durations",
    "end_encounter": "rollwerk_pf2e._durations",
    "game_time": "rollwerk_pf2e._durations",
    "initiative_order": "rollwerk_pf2e._durations",
    "instantaneous": "rollwerk_pf2e._durations",
    "new_encounter": "rollwerk_pf2e._durations",
    "rounds": "rollwerk_pf2e._durations",
    "through_next_turns": "rollwerk_pf2e._durations",
    "until": "rollwerk_pf2e._durations",
    "until_end_of_next_turn": "rollwerk_pf2e._durations",
    "until_event": "rollwerk_pf2e._durations",
    "Size": "rollwerk_pf2e._grid",
    "Space": "rollwerk_pf2e._grid",
    "Square": "rollwerk_pf2e._grid",
    "corner_distance": "rollwerk_pf2e._grid",
    "in_reach": "rollwerk_pf2e._grid",
    "move_cost": "rollwerk_pf2e._grid",
    "reach_of": "rollwerk_pf2e._grid",
    "reach_squares": "rollwerk_pf2e._grid",
    "space_distance": "rollwerk_pf2e._grid",
    "MAX_RANGE_INCREMENTS": "rollwerk_pf2e._range",
    "check_in_range": "rollwerk_pf2e._range",
    "range_increments": "rollwerk_pf2e._range",
    "range_penalty": "rollwerk_pf2e._range",
    "PF2E": "rollwerk_pf2e._ruleset",
    "attack_check": "rollwerk_pf2e._ruleset",
    "Battlefield": "rollwerk_pf2e._sight",
    "Wall": "rollwerk_pf2e._sight",
    "affected": "rollwerk_pf2e._sight",
    "has_line_of_effect": "rollwerk_pf2e._sight",
    "has_line_of_sight": "rollwerk_pf2e._sight",
    "Controller": "rollwerk_pf2e._targets",
    "Creature": "rollwerk_pf2e._targets",
    "TargetStatus": "rollwerk_pf2e._targets",
    "allies": "rollwerk_pf2e._targets",
    "choose_target": "rollwerk_pf2e._targets",
    "is_ally": "rollwerk_pf2e._targets",
    "is_willing": "rollwerk_pf2e._targets",
    "targeting_status": "rollwerk_pf2e._targets",
    "willingness_decided_by": "rollwerk_pf2e._targets",
    "feet": "rollwerk_pf2e._units",
    "metres": "rollwerk_pf2e._units",
    "squares_from_feet": "rollwerk_pf2e._units",
    "squares_from_metres": "rollwerk_pf2e._units",
}

__all__ = [
    "CATALOG",
    "DURATION_KINDS",
    "ENCOUNTER_END",
    "MAP",
    "MAP_AGILE",
    "MAX_RANGE_INCREMENTS",
    "PF2E",
    "Area",
    "AreaKind",
    "Battlefield",
    "Controller",
    "CreatorLeaves",
    "Creature",
    "Direction",
    "Pf2eFightRules",
    "Pf2eRounds",
    "Point",
    "Size",
    "Space",
    "Square",
    "TargetStatus",
    "Wall",
    "affected",
    "allies",
    "attack_check",
    "burst",
    "check_in_range",
    "choose_target",
    "cone",
    "corner_distance",
    "damage_roll",
    "degree_of_success",
    "emanation",
    "encounter_long",
    "end_encounter",
    "feet",
    "game_time",
    "has_line_of_effect",
    "has_line_of_sight",
    "in_reach",
    "initiative_order",
    "instantaneous",
    "is_ally",
    "is_willing",
    "line",
    "metres",
    "move_cost",
    "new_encounter",
    "picture",
    "range_increments",
    "range_penalty",
    "reach_of",
    "reach_squares",
    "rounds",
    "space_distance",
    "squares_from_feet",
    "squares_from_metres",
    "targeting_status",
    "through_next_turns",
    "until",
    "until_end_of_next_turn",
    "until_event",
    "willingness_decided_by",
]


if not TYPE_CHECKING:
    # Imported on first use; type checkers read the imports above.
    __getattr__, __dir__ = lazy_exports(__name__, _LAZY)
