"""PF2e's public functions refuse wrong types by name, never with Python's errors.

Found by an outside virtual-tabletop author: each raised ``AttributeError``
or ``TypeError`` (``'int' object has no attribute 'blocks_at'``, ``_pt()
missing 1 required positional argument``), or was accepted silently
(``metres(-1)`` was ``'-1.5 m'``, a willingness hook answering ``"maybe"``
counted as yes). Each is now a ``ParameterError`` naming the parameter, the
value and what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import Combatant, ParameterError, RollwerkError, ScriptedRng
from rollwerk_pf2e import (
    Battlefield,
    Controller,
    Creature,
    Direction,
    Size,
    Space,
    Wall,
    affected,
    allies,
    burst,
    choose_target,
    end_encounter,
    has_line_of_effect,
    has_line_of_sight,
    initiative_order,
    is_ally,
    is_willing,
    line,
    metres,
    new_encounter,
    picture,
    rounds,
    willingness_decided_by,
)

SPACE = "a Space (Space(x, y, size))"
RNG = "an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...])"
K, G = Creature("k"), Creature("g")


def _effect_described_with(state: object) -> str:
    enc = new_encounter(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(1)).state
    return enc.effects[0].describe(state=state)  # type: ignore[arg-type]


CASES: list[tuple[str, Callable[[], object], str]] = [
    # 1. walls: a collection of Wall, as solid and darkness are checked
    (
        "walls-item",
        lambda: Battlefield(walls=[3]),  # type: ignore[list-item]
        "walls[0] must be a Wall (Wall(start, end)), got 3",
    ),
    (
        "walls-not-iterable",
        lambda: Battlefield(walls=3),  # type: ignore[arg-type]
        "walls must be an iterable of Walls, got 3",
    ),
    (
        "walls-a-wall",
        lambda: Battlefield(walls=Wall((0, 0), (1, 0))),  # type: ignore[arg-type]
        (
            "walls must be an iterable of Walls, got Wall(start=(Fraction(0, 1), "
            "Fraction(0, 1)), end=(Fraction… (109 characters)"
        ),
    ),
    # 2. the map and the spaces of line of effect and sight, an area's contains
    (
        "loe-field",
        lambda: has_line_of_effect(None, Space(0, 0), Space(1, 0)),  # type: ignore[arg-type]
        "field must be a Battlefield, got None",
    ),
    (
        "loe-target",
        lambda: has_line_of_effect(Battlefield(), Space(0, 0), (4, 0)),  # type: ignore[arg-type]
        f"target must be {SPACE}, got (4, 0)",
    ),
    (
        "loe-origin",
        lambda: has_line_of_effect(Battlefield(), "x", Space(1, 0)),  # type: ignore[arg-type]
        (
            "origin must be a Space, an Area or a point (x, y) of ints or "
            "Fractions (squares), got 'x'"
        ),
    ),
    (
        "loe-override",
        lambda: has_line_of_effect(
            Battlefield(),
            Space(0, 0),
            Space(1, 0),
            gm_override="yes",  # type: ignore[arg-type]
        ),
        "gm_override must be True, False or None, got 'yes'",
    ),
    (
        "los-target",
        lambda: has_line_of_sight(Battlefield(), Space(0, 0), (4, 0)),  # type: ignore[arg-type]
        f"target must be {SPACE}, got (4, 0)",
    ),
    (
        "los-viewer",
        lambda: has_line_of_sight(Battlefield(), None, Space(4, 0)),  # type: ignore[arg-type]
        f"viewer must be {SPACE}, got None",
    ),
    (
        "los-darkvision",
        lambda: has_line_of_sight(
            Battlefield(),
            Space(0, 0),
            Space(4, 0),
            darkvision=1,  # type: ignore[arg-type]
        ),
        "darkvision must be True or False, got 1",
    ),
    (
        "affected-field",
        lambda: affected(burst((0, 0), 2), {}, 5),  # type: ignore[arg-type]
        "field must be a Battlefield or None, got 5",
    ),
    (
        "contains",
        lambda: burst((0, 0), 2).contains((0, 0)),  # type: ignore[arg-type]
        f"space must be {SPACE}, got (0, 0)",
    ),
    # 3. targets, willing creatures, allies
    (
        "is_ally",
        lambda: is_ally(3, 4),  # type: ignore[arg-type]
        "chooser must be a Creature, got 3",
    ),
    (
        "is_ally-other",
        lambda: is_ally(K, "g"),  # type: ignore[arg-type]
        "other must be a Creature, got 'g'",
    ),
    (
        "is_ally-ruling",
        lambda: is_ally(K, G, gm_ruling="no"),  # type: ignore[arg-type]
        "gm_ruling must be True, False or None, got 'no'",
    ),
    (
        "allies",
        lambda: allies(K, 5),  # type: ignore[arg-type]
        "creatures must be an iterable of Creatures, got 5",
    ),
    (
        "allies-item",
        lambda: allies(K, [G, "x"]),  # type: ignore[list-item]
        "creatures[1] must be a Creature, got 'x'",
    ),
    (
        "allies-rulings",
        lambda: allies(K, [G], gm_rulings=["g"]),  # type: ignore[arg-type]
        (
            "gm_rulings must be a mapping of creature ids to True or False "
            "(str to bool), or None, got ['g']"
        ),
    ),
    (
        "is_willing",
        lambda: is_willing(K, 5),  # type: ignore[arg-type]
        "ask must be a function (controller, creature), got 5",
    ),
    (
        "is_willing-maybe",
        lambda: is_willing(K, lambda who, c: "maybe"),  # type: ignore[arg-type,return-value]
        "ask(Controller.GM, Creature('k')) must be True or False, got 'maybe'",
    ),
    (
        "willingness_decided_by",
        lambda: willingness_decided_by(5),  # type: ignore[arg-type]
        "creature must be a Creature, got 5",
    ),
    (
        "choose_target-hook",
        lambda: choose_target(K, G, undetected=True, resolve_hindered=5),  # type: ignore[arg-type]
        "resolve_hindered must be a function (chooser, target) or None, got 5",
    ),
    (
        "choose_target-hook-answer",
        lambda: choose_target(
            K,
            G,
            undetected=True,
            resolve_hindered=lambda c, t: 1,  # type: ignore[arg-type,return-value]
        ),
        ("resolve_hindered(Creature('k'), Creature('g')) must be True or False, got 1"),
    ),
    (
        "choose_target-chooser",
        lambda: choose_target(3, G),  # type: ignore[arg-type]
        "chooser must be a Creature, got 3",
    ),
    (
        "choose_target-flag",
        lambda: choose_target(K, G, undetected="no"),  # type: ignore[arg-type]
        "undetected must be True or False, got 'no'",
    ),
    (
        "creature-id",
        lambda: Creature(5),  # type: ignore[arg-type]
        "id must be a non-empty string, got 5",
    ),
    (
        "creature-empty-id",
        lambda: Creature(""),
        "id must be a non-empty string, got ''",
    ),
    (
        "creature-space",
        lambda: Creature("k", (0, 0)),  # type: ignore[arg-type]
        f"space must be {SPACE}, got (0, 0)",
    ),
    (
        "creature-controller",
        lambda: Creature("k", controller="gm"),  # type: ignore[arg-type]
        "controller must be Controller.PLAYER or Controller.GM, got 'gm'",
    ),
    (
        "creature-side",
        lambda: Creature("k", side=None),  # type: ignore[arg-type]
        "side must be a string ('' for no side), got None",
    ),
    # 4. initiative: refused as the core's by_initiative refuses it
    (
        "initiative-rng",
        lambda: initiative_order([1, 2], None),  # type: ignore[arg-type, list-item]
        f"rng must be {RNG}, got None",
    ),
    (
        "initiative-item",
        lambda: initiative_order([1, 2], ScriptedRng([])),  # type: ignore[list-item]
        "combatants[0] must be a Combatant, got 1",
    ),
    (
        "initiative-not-iterable",
        lambda: initiative_order(5, ScriptedRng([])),  # type: ignore[arg-type]
        "combatants must be a sequence of Combatants, got 5",
    ),
    # 5. a line's start
    (
        "line-start",
        lambda: line(Space(0, 0), 2, Direction.E, start="x"),  # type: ignore[arg-type]
        "start must be a pair of ints or Fractions (squares), or None, got 'x'",
    ),
    # 6. an effect described in what is not an encounter, ending one
    (
        "describe-state",
        lambda: _effect_described_with(5),
        "state must be an encounter state (an Encounter), got 5",
    ),
    (
        "describe_remaining-state",
        lambda: rounds(1).describe_remaining(5),  # type: ignore[arg-type]
        "state must be an encounter state (an Encounter), got 5",
    ),
    (
        "end_encounter",
        lambda: end_encounter(5),  # type: ignore[arg-type]
        "enc must be an Encounter, got 5",
    ),
    # 7. a picture's creatures
    (
        "picture-creatures",
        lambda: picture(burst((0, 0), 1), creatures=Size.HUGE),  # type: ignore[arg-type]
        "creatures must be an iterable of (letter, Space) pairs, got <Size.HUGE: 'huge'>",
    ),
    (
        "picture-pair",
        lambda: picture(burst((0, 0), 1), creatures=[("g", (0, 0))]),  # type: ignore[list-item]
        (
            "creatures[0] must be a pair (letter, Space), the letter one "
            "character, got ('g', (0, 0))"
        ),
    ),
    (
        "picture-letter",
        lambda: picture(burst((0, 0), 1), creatures=[("ab", Space(0, 0))]),
        (
            "creatures[0] must be a pair (letter, Space), the letter one "
            "character, got ('ab', Space(x=0, y=0, size=<Size.MEDIUM: 'medium'>))"
        ),
    ),
    # 8. what was accepted silently
    (
        "metres-negative",
        lambda: metres(-1),
        "squares must be an integer >= 0 (squares), got -1",
    ),
    (
        "wall-opening",
        lambda: Wall((0, 0), (1, 0), opening_cm=-3),
        "opening_cm must be an integer >= 0 (cm), got -3",
    ),
    (
        "wall-zero-length",
        lambda: Wall((0, 0), (0, 0)),
        "end must be a point other than start (a wall has a length), got (0, 0)",
    ),
    (
        "wall-blocks",
        lambda: Wall((0, 0), (1, 0), blocks="yes"),  # type: ignore[arg-type]
        "blocks must be True, False or None, got 'yes'",
    ),
]


@pytest.mark.parametrize(
    ("call", "message"),
    [pytest.param(call, message, id=name) for name, call, message in CASES],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert isinstance(info.value, RollwerkError)
    assert str(info.value) == message


def test_the_valid_forms_still_work() -> None:
    wall = Wall((2, -6), (2, 6))
    field = Battlefield(walls=[wall], solid={(9, 9)}, darkness=[(4, 0)])
    assert field.walls == (wall,)
    assert not has_line_of_effect(field, Space(0, 0), Space(4, 0))
    assert has_line_of_effect(Battlefield(), (0, 0), Space(4, 0))
    assert has_line_of_effect(field, Space(0, 0), Space(4, 0), gm_override=True)
    assert not has_line_of_sight(
        Battlefield(darkness=[(4, 0)]), Space(0, 0), Space(4, 0)
    )
    fireball = burst((0, 0), 4)
    assert fireball.contains(Space(1, 0))
    assert affected(fireball, {"A": Space(1, 0), "B": Space(3, 0)}, field) == {"A"}
    assert affected(fireball, {"A": Space(1, 0)}) == {"A"}
    assert Wall((0, 0), (1, 0), opening_cm=0).blocks_at(30)


def test_targets_still_work() -> None:
    kyra = Creature("kyra", controller=Controller.PLAYER, side="party")
    ezren = Creature("ezren", side="party")
    assert is_ally(kyra, ezren)
    assert allies(kyra, (kyra, ezren, G), include_self=True) == (kyra, ezren)
    assert allies(kyra, [G], gm_rulings={"g": True}) == (G,)
    assert is_willing(kyra, lambda who, c: who is Controller.PLAYER)
    assert not is_willing(kyra, lambda who, c: False)
    assert willingness_decided_by(kyra) is Controller.PLAYER
    assert (
        choose_target(kyra, G, undetected=True, resolve_hindered=lambda c, t: True) is G
    )


def test_initiative_lines_pictures_and_units_still_work() -> None:
    people = [
        Combatant("p", initiative=10, owner="player"),
        Combatant("g", initiative=10),
    ]
    assert initiative_order(people, ScriptedRng([])) == ("g", "p")
    assert initiative_order(iter(people), ScriptedRng([])) == ("g", "p")  # type: ignore[arg-type]
    assert len(line(Space(0, 0), 2, Direction.E, start=(1, 0))) >= 2
    assert "g" in picture(burst((0, 0), 1), creatures=[("g", Space(0, 0))])
    assert metres(0) == "0 m"
    enc = new_encounter(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(1)).state
    assert enc.effects[0].describe(state=enc).startswith("x on B from A: 1 round left")
    assert end_encounter(enc).state.ended
