"""Pathfinder Second Edition for rollwerk: checks and the effects layer.

The ruleset ``pf2e`` offers the d20 check with four degrees of success; the
rest of this package implements the "Effects" chapter: durations, range
increments, reach, areas on the grid, line of effect and line of sight,
targets. Distances are whole squares (1 square = 1.5 m = 5 ft).
"""

from __future__ import annotations

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
from rollwerk_pf2e._checks import Pf2eCheck, attack_check, degree_of_success
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
from rollwerk_pf2e._ruleset import Pf2eRuleset
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

__all__ = [
    "DURATION_KINDS",
    "ENCOUNTER_END",
    "MAX_RANGE_INCREMENTS",
    "Area",
    "AreaKind",
    "Battlefield",
    "Controller",
    "CreatorLeaves",
    "Creature",
    "Direction",
    "Pf2eCheck",
    "Pf2eRounds",
    "Pf2eRuleset",
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
