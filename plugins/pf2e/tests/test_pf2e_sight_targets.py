"""Line of effect, line of sight and targets (PF2E-R11 to R13, R20 to R22, A12, A13)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError, RulesError
from rollwerk_pf2e import (
    Battlefield,
    Controller,
    Creature,
    Direction,
    Size,
    Space,
    TargetStatus,
    Wall,
    affected,
    allies,
    burst,
    choose_target,
    cone,
    emanation,
    has_line_of_effect,
    has_line_of_sight,
    is_ally,
    is_willing,
    targeting_status,
    willingness_decided_by,
)

WALL = Wall((3, -10), (3, 10))  # a solid wall along the grid line x = 3


# -- line of effect ----------------------------------------------------------------


def test_pf2e_r20_solid_wall_blocks_line_of_effect() -> None:
    """PF2E-R20: no line of effect to a creature completely behind a solid barrier."""
    field = Battlefield(walls=(WALL,))
    assert not has_line_of_effect(field, Space(0, 0), Space(5, 0))
    assert has_line_of_effect(field, Space(0, 0), Space(2, 0))
    assert has_line_of_effect(Battlefield(), Space(0, 0), Space(5, 0))


def test_pf2e_r20_partly_behind_is_not_completely_behind() -> None:
    """PF2E-A12: one clear segment to some point of the target's space suffices."""
    short = Battlefield(walls=(Wall((3, -10), (3, 1)),))  # ends at the middle of y = 1
    assert has_line_of_effect(short, Space(0, 0), Space(5, 1))
    assert has_line_of_effect(short, Space(0, 0, Size.LARGE), Space(5, 0, Size.LARGE))


def test_pf2e_r20_e17_opening_of_30_cm_suffices() -> None:
    """PF2E-R20, PF2E-R22, vector E17: a barrier with a 0.3 m gap blocks neither."""
    portcullis = Battlefield(walls=(Wall((3, -10), (3, 10), opening_cm=30),))
    assert has_line_of_effect(portcullis, Space(0, 0), Space(5, 0))
    assert has_line_of_sight(portcullis, Space(0, 0), Space(5, 0))
    grate = Battlefield(walls=(Wall((3, -10), (3, 10), opening_cm=20),))
    assert not has_line_of_effect(grate, Space(0, 0), Space(5, 0))
    # two wall pieces with a 0.3 m (1/5 square) gap between them
    from fractions import Fraction

    gap = Battlefield(
        walls=(Wall((3, -10), (3, Fraction(1, 2))), Wall((3, Fraction(7, 10)), (3, 10)))
    )
    assert has_line_of_effect(gap, Space(0, 0), Space(5, 0))
    narrow = Battlefield(
        walls=(Wall((3, -10), (3, Fraction(1, 2))), Wall((3, Fraction(6, 10)), (3, 10)))
    )
    assert not has_line_of_effect(narrow, Space(0, 0), Space(5, 0))


def test_pf2e_r20_threshold_and_gm_overrides() -> None:
    """PF2E-R20: the 0.3 m default can be changed, and the GM decides finally."""
    grate = Wall((3, -10), (3, 10), opening_cm=20)
    strict = Battlefield(walls=(grate,), min_opening_cm=15)
    assert has_line_of_effect(strict, Space(0, 0), Space(5, 0))
    ruled = Battlefield(walls=(Wall((3, -10), (3, 10), opening_cm=50, blocks=True),))
    assert not has_line_of_effect(ruled, Space(0, 0), Space(5, 0))
    solid = Battlefield(walls=(WALL,))
    assert has_line_of_effect(solid, Space(0, 0), Space(5, 0), gm_override=True)
    assert not has_line_of_effect(
        Battlefield(), Space(0, 0), Space(5, 0), gm_override=False
    )
    with pytest.raises(
        ParameterError, match=r"^min_opening_cm must be an integer >= 1, got 0$"
    ):
        Battlefield(min_opening_cm=0)


def test_pf2e_r20_solid_cells() -> None:
    """PF2E-R20: solid cells (a pillar) block; diagonal pillars touching close the gap."""
    pillar = Battlefield(solid={(2, 0)})
    assert has_line_of_effect(pillar, Space(0, 0), Space(4, 0))  # around the edges
    wall_of_cells = Battlefield(solid={(2, y) for y in range(-6, 7)})
    assert not has_line_of_effect(wall_of_cells, Space(0, 0), Space(4, 0))
    diagonal = Battlefield(solid={(1, 0), (0, 1)})
    assert not has_line_of_effect(diagonal, Space(0, 0), Space(1, 1))  # pinch point
    assert has_line_of_effect(pillar, Space(0, 0), Space(2, 2))
    sealed = Battlefield(
        solid={(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)}
    )
    assert not has_line_of_effect(sealed, Space(0, 0), Space(3, 0))


def test_pf2e_r21_e13_fireball_behind_wall() -> None:
    """PF2E-R21, vector E13: a creature inside the radius behind a solid wall is unaffected."""
    fireball = burst((0, 0), 4)
    field = Battlefield(walls=(Wall((2, -6), (2, 6)),))
    creatures = {"near": Space(1, 0), "behind": Space(2, 0), "far": Space(9, 9)}
    assert fireball.contains(creatures["behind"])
    hit = affected(fireball, creatures, field)
    assert hit == frozenset({"near"})  # "behind" makes no saving throw
    assert affected(fireball, creatures) == frozenset({"near", "behind"})


def test_pf2e_r21_leaving_a_lasting_area() -> None:
    """PF2E-R21: a creature that leaves a lasting area stops being affected."""
    aura = emanation(Space(0, 0), 2)
    assert affected(aura, {"x": Space(2, 0)}) == frozenset({"x"})
    assert affected(aura, {"x": Space(3, 0)}) == frozenset()


def test_pf2e_r21_cone_origin_and_line_of_effect() -> None:
    breath = cone(Space(0, 0), 4, Direction.E)
    field = Battlefield(walls=(Wall((1, -1), (1, 2)),))  # right at the dragon's face
    assert affected(breath, {"a": Space(2, 0)}, field) == frozenset()
    assert affected(breath, {"a": Space(2, 0)}) == frozenset({"a"})


def test_pf2e_a12_origin_on_a_wall_reaches_both_sides() -> None:
    """PF2E-A12 (documented choice): an origin on a wall is not blocked by it."""
    field = Battlefield(walls=(Wall((0, -6), (0, 6)),))
    b = burst((0, 0), 2)
    assert affected(b, {"w": Space(-1, 0), "e": Space(0, 0)}, field) == frozenset(
        {"w", "e"}
    )
    # but a point beyond a second wall is still blocked
    two = Battlefield(walls=(Wall((0, -6), (0, 6)), Wall((1, -6), (1, 6))))
    assert affected(b, {"w": Space(-1, 0), "e": Space(1, 0)}, two) == frozenset({"w"})


# -- line of sight -------------------------------------------------------------------


def test_pf2e_r22_darkness_and_darkvision() -> None:
    """PF2E-R22: darkness blocks line of sight unless the creature has darkvision."""
    dark = Battlefield(darkness={(5, 0)})
    assert not has_line_of_sight(dark, Space(0, 0), Space(5, 0))
    assert has_line_of_sight(dark, Space(0, 0), Space(5, 0), darkvision=True)
    # darkness does not matter for line of effect
    assert has_line_of_effect(dark, Space(0, 0), Space(5, 0))
    # a Large target partly in light can be seen
    assert has_line_of_sight(dark, Space(0, 0), Space(5, 0, Size.LARGE))


def test_pf2e_r22_barriers_and_precise_sense() -> None:
    """PF2E-R22: a solid barrier blocks sight; a precise sense is needed."""
    field = Battlefield(walls=(WALL,))
    assert not has_line_of_sight(field, Space(0, 0), Space(5, 0))
    assert has_line_of_sight(Battlefield(), Space(0, 0), Space(5, 0))
    assert not has_line_of_sight(
        Battlefield(), Space(0, 0), Space(5, 0), precise_sense=False
    )
    assert has_line_of_sight(field, Space(0, 0), Space(5, 0), gm_override=True)


def test_wall_point_validation() -> None:
    with pytest.raises(
        ParameterError, match=r"^point must be a pair of ints or Fractions"
    ):
        Wall((0.5, 0), (1, 1))  # type: ignore[arg-type]


# -- targets ---------------------------------------------------------------------------

ALIA = Creature("alia", controller=Controller.PLAYER, side="party")
GOBLIN = Creature("goblin", side="goblins")


def test_pf2e_r11_status() -> None:
    """PF2E-R11 (revised): undetected is hindered; failed requirements are impossible."""
    assert targeting_status() is TargetStatus.TARGETABLE
    assert targeting_status(undetected=True) is TargetStatus.HINDERED
    assert targeting_status(meets_requirements=False) is TargetStatus.NOT_TARGETABLE
    assert targeting_status(untargetable=True) is TargetStatus.NOT_TARGETABLE


def test_pf2e_r11_refuses_with_clear_errors() -> None:
    """PF2E-R11: targeting that is impossible (or unresolved) raises RulesError."""
    assert choose_target(ALIA, GOBLIN) is GOBLIN
    with pytest.raises(
        RulesError,
        match=r"^alia cannot target goblin: an ability of it forbids being targeted \(PF2E-R11\)$",
    ):
        choose_target(ALIA, GOBLIN, untargetable=True)
    with pytest.raises(
        RulesError,
        match=r"^alia cannot target goblin: it does not meet the target requirement "
        r"\(a living creature\) \(PF2E-R11\)$",
    ):
        choose_target(
            ALIA, GOBLIN, meets_requirements=False, requirement="a living creature"
        )
    with pytest.raises(
        RulesError, match=r"^alia cannot simply target goblin: it is undetected"
    ):
        choose_target(ALIA, GOBLIN, undetected=True)
    with pytest.raises(
        RulesError, match=r"^alia failed to target the undetected goblin"
    ):
        choose_target(
            ALIA, GOBLIN, undetected=True, resolve_hindered=lambda c, t: False
        )
    seen: list[tuple[str, str]] = []

    def hook(chooser: Creature, target: Creature) -> bool:
        seen.append((chooser.id, target.id))
        return True

    assert choose_target(ALIA, GOBLIN, undetected=True, resolve_hindered=hook) is GOBLIN
    assert seen == [("alia", "goblin")]


def test_pf2e_r12_e18_willing_decided_by_controller() -> None:
    """PF2E-R12, vector E18: the player decides for an unconscious PC; the GM for NPCs."""
    assert willingness_decided_by(ALIA) is Controller.PLAYER
    assert willingness_decided_by(GOBLIN) is Controller.GM
    asked: list[Controller] = []

    def ask(who: Controller, creature: Creature) -> bool:
        asked.append(who)
        return who is Controller.PLAYER

    assert is_willing(ALIA, ask) is True
    assert is_willing(GOBLIN, ask) is False
    assert asked == [Controller.PLAYER, Controller.GM]


def test_pf2e_r13_never_own_ally() -> None:
    """PF2E-R13, PF2E-A13: a creature is never its own ally; the GM decides unclear cases."""
    ezren = Creature("ezren", side="party")
    bystander = Creature("farmer", side="")
    assert not is_ally(ALIA, ALIA)
    assert not is_ally(ALIA, ALIA, gm_ruling=True)
    assert is_ally(ALIA, ezren)
    assert not is_ally(ALIA, GOBLIN)
    assert is_ally(ALIA, bystander, gm_ruling=True)
    everyone = [ALIA, ezren, GOBLIN, bystander]
    assert allies(ALIA, everyone) == (ezren,)
    assert allies(ALIA, everyone, include_self=True) == (ALIA, ezren)
    assert allies(ALIA, everyone, gm_rulings={"farmer": True}) == (ezren, bystander)


@given(
    st.integers(1, 5),
    st.integers(-6, 6),
    st.integers(-6, 6),
    st.sampled_from([Size.MEDIUM, Size.LARGE]),
)
def test_pf2e_r21_invariant_no_line_of_effect_no_effect(
    radius: int, x: int, y: int, size: Size
) -> None:
    """PF2E-R21 invariant: behind a sealing wall nothing is affected, whatever the distance."""
    fireball = burst((0, 0), radius)
    sealed = Battlefield(walls=(Wall((1, -20), (1, 20)),))
    space = Space(x, y, size)
    hit = affected(fireball, {"c": space}, sealed)
    if x >= 1:
        assert hit == frozenset()
    assert hit <= affected(fireball, {"c": space})
    assert (hit == frozenset({"c"})) <= fireball.contains(space)


@pytest.mark.parametrize("cell", [(Fraction(1, 2), 1), (0.5, 1), ("a", "b"), (1, 2, 3)])
def test_pf2e_r20_cells_must_be_integer_squares(cell: object) -> None:
    """PF2E-R20, PF2E-R22: solid and dark cells are whole squares; a fractional
    cell used to be truncated silently (a clamp) and text crashed."""
    for kind in ("solid", "darkness"):
        with pytest.raises(
            ParameterError, match=r"^cell must be a square \(x, y\) of integers"
        ):
            Battlefield(**{kind: {cell}})  # type: ignore[arg-type]


def test_pf2e_r13_creatures_without_a_side_are_not_allies() -> None:
    """PF2E-R13: an ally is someone on your side; two creatures without a side
    (the default) used to count as allies. Unclear cases are the GM's."""
    ghost, farmer = Creature("ghost"), Creature("farmer")
    assert not is_ally(ghost, farmer)
    assert is_ally(ghost, farmer, gm_ruling=True)
    assert allies(ghost, [ghost, farmer]) == ()
