"""Findings of an outside rules-conformance tester in the slayer rules (helper-214)."""

from __future__ import annotations

import json

import pytest

from rollwerk import ParameterError, ScriptedRng, build_check
from rollwerk.plugins import get_registry
from rollwerk_ds4_slayers import SlayerPoints

# -- 4. attack_points is declared as what it allows (DS4-R37) ----------------


def _attack_points() -> object:
    rs = get_registry().ruleset("ds4", options=["slayer-points"])
    (spec,) = [s for s in rs.checks() if s.name == "attack"]
    (param,) = [p for p in spec.parameters if p.name == "attack_points"]
    return param


def test_ds4_r37_attack_points_declared_as_0_or_2() -> None:
    """DS4-R37: attack +2 costs exactly 2 SP, so ``attack_points`` is declared
    as the choices 0 and 2, not a range 0 to 2 that refused 1 (helper-214)."""
    param = _attack_points()
    assert param.choices == (0, 2)  # type: ignore[attr-defined]
    assert (param.min_value, param.max_value) == (None, None)  # type: ignore[attr-defined]
    assert param.allowed() == "one of 0, 2"  # type: ignore[attr-defined]


@pytest.mark.parametrize("points", [1, 3, -1])
def test_ds4_r37_attack_points_refused_by_the_declaration(points: int) -> None:
    """DS4-R37: a value outside 0 and 2 is refused by name."""
    rs = get_registry().ruleset("ds4", options=["slayer-points"])
    with pytest.raises(ParameterError) as err:
        build_check(rs, "attack", attack=12, defense=10, attack_points=points)
    assert str(err.value) == f"attack_points must be one of 0, 2, got {points}"


def test_ds4_r37_attack_points_two_still_buys_attack_plus_2() -> None:
    """DS4-R37: 2 SP buy attack +2, with slaying dice too."""
    rs = get_registry().ruleset("ds4", options=["slayer-points", "slaying-dice"])
    check = build_check(rs, "attack", attack=12, defense=10, attack_points=2)
    assert check.resolve(ScriptedRng([14, 4])).value == 10


def test_ds4_r37_cli_lists_attack_points_as_choices(capsys) -> None:  # type: ignore[no-untyped-def]
    """DS4-R37: ``rollwerk rulesets ds4 --option slayer-points`` (and
    ``--json``) say what is allowed."""
    from rollwerk.cli import main

    assert main(["rulesets", "ds4", "--option", "slayer-points"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        "  attack_points: one of 0, 2; default 0 (slayer points spent by the "
        "attacker: 2 buys attack +2)"
    ) in lines
    assert main(["rulesets", "ds4", "--option", "slayer-points", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (attack,) = [c for c in data["checks"] if c["name"] == "attack"]
    (param,) = [p for p in attack["parameters"] if p["name"] == "attack_points"]
    assert (param["choices"], param["min_value"], param["max_value"]) == (
        [0, 2],
        None,
        None,
    )


# -- 6. slayer-point rounds are >= 1 and only go forward (DS4-R37, DS4-A19) ---


@pytest.mark.parametrize("rnd", [0, -5, True, 1.0, "2"])
def test_ds4_r37_round_numbers_are_integers_from_1(rnd: object) -> None:
    """DS4-R37: a round is an integer >= 1, as for ``initiative_order``."""
    for call in (
        lambda: SlayerPoints().damaged_enemy(rnd),  # type: ignore[arg-type]
        lambda: SlayerPoints().healed_ally(rnd, hurt_this_combat=True),  # type: ignore[arg-type]
        lambda: SlayerPoints().healed_ally(rnd, hurt_this_combat=False),  # type: ignore[arg-type]
    ):
        with pytest.raises(ParameterError) as err:
            call()
        assert str(err.value) == f"round_number must be an integer >= 1, got {rnd!r}"


def test_ds4_r37_rounds_only_go_forward() -> None:
    """DS4-R37, DS4-A19: a round before the last one recorded is refused; it
    used to give a second point (``damaged_enemy(3).damaged_enemy(2)``)."""
    sp = SlayerPoints().damaged_enemy(3)
    with pytest.raises(ParameterError) as err:
        sp.damaged_enemy(2)
    assert str(err.value) == (
        "round_number must be an integer >= 3: round 3 is already recorded and "
        "rounds only go forward, got 2"
    )
    with pytest.raises(ParameterError) as err2:
        sp.healed_ally(1, hurt_this_combat=True)
    assert str(err2.value) == (
        "round_number must be an integer >= 3: round 3 is already recorded and "
        "rounds only go forward, got 1"
    )
    healer = SlayerPoints().healed_ally(4, hurt_this_combat=True)
    with pytest.raises(ParameterError) as err3:
        healer.damaged_enemy(3)
    assert str(err3.value) == (
        "round_number must be an integer >= 4: round 4 is already recorded and "
        "rounds only go forward, got 3"
    )
    # the same round again, and later rounds, are fine
    assert sp.damaged_enemy(3).points == 1
    assert sp.healed_ally(3, hurt_this_combat=True).points == 2
    assert sp.damaged_enemy(5).points == 2
    assert SlayerPoints(damage_round=2, healing_round=6).damaged_enemy(6).points == 1
    # a new combat starts afresh
    assert sp.lose_all().damaged_enemy(1) == SlayerPoints(1, damage_round=1)


@pytest.mark.parametrize("field", ["damage_round", "healing_round"])
@pytest.mark.parametrize("rnd", [0, -1, True, "1"])
def test_ds4_r37_recorded_rounds_validated(field: str, rnd: object) -> None:
    """DS4-R37: a recorded round given directly is an integer >= 1 or None."""
    with pytest.raises(ParameterError) as err:
        SlayerPoints(**{field: rnd})  # type: ignore[arg-type]
    assert str(err.value) == f"{field} must be an integer >= 1, or None, got {rnd!r}"
