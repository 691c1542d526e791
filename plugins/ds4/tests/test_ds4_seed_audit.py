"""Findings of an outside tester who read the German seed (helper-243).

1. Surprise lasts the first round only („in der ersten Kampfrunde“,
   DS4-R11): ``end_surprise`` moves an encounter into its order without the
   bonus from round 2 on, keeping the roll-offs (DS4-A24).
2. ``assign_dice``'s result is the check's: a coup at PW ≤ 0 is 1 (DS4-A03),
   a 20 on the first die is a fumble with result 0 (DS4-R05, DS4-A10).
3. A fumbled shot past one obstacle hits it without a die (DS4-R32), and the
   new attack is always marked ``fumbles_excluded`` (DS4-A10).
4. ``range_modifier`` refuses an adjacent target 10 m or more away (DS4-R23).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Combatant,
    Encounter,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
)
from rollwerk.encounter import (
    CombatantDelayed,
    EffectExpired,
    Rounds,
    TurnStarted,
)
from rollwerk_ds4 import (
    assign_dice,
    end_surprise,
    initiative_order,
    initiative_rule,
    obstacle_fumble,
    range_modifier,
    read_check,
    slot_value,
    sub_checks,
)

# -- 1. surprise ends after round 1 (DS4-R11, DS4-A24) ------------------------

WHEN = (
    "call it while the last turn of round 1 is under way or after its "
    "end_turn() (the +10 INI of surprise lasts the first round only, DS4-R11)"
)


def _encounter(
    ini: dict[str, int], surprising: list[str], faces: list[int]
) -> Encounter:
    people = [Combatant(name, initiative=value) for name, value in ini.items()]
    return Encounter.create(
        people,
        rng=ScriptedRng(faces),
        initiative=initiative_rule(surprising=surprising),
    )


def _turns(enc: Encounter, n: int) -> list[str]:
    _, events = enc.advance(n)
    return [f"{e.round}{e.combatant}" for e in events if isinstance(e, TurnStarted)]


def test_ds4_r11_surprise_ends_after_round_1_repro() -> None:
    """DS4-R11: Laros (INI 8) surprises an orc (INI 12): +10 in round 1 only."""
    enc = _encounter({"Laros": 8, "Orc": 12}, ["Laros"], [])
    assert enc.order == ("Laros", "Orc")
    enc, _ = enc.advance(2)  # round 1, the orc's turn: the round's last
    assert (enc.round, enc.current) == (1, "Orc")
    enc, events = end_surprise(enc, ["Laros"])
    assert events == (CombatantDelayed("Laros", "Orc", False),)
    assert enc.order == ("Orc", "Laros")
    assert _turns(enc, 4) == ["2Orc", "2Laros", "3Orc", "3Laros"]


def test_ds4_r11_surprise_ends_after_end_turn_of_round_1() -> None:
    """DS4-R11: after ``end_turn()`` of round 1's last turn it works alike."""
    enc = _encounter({"Laros": 8, "Orc": 12}, ["Laros"], [])
    enc, _ = enc.advance(2)
    enc, _ = enc.end_turn()
    assert (enc.round, enc.current) == (1, None)
    enc, events = end_surprise(enc, ["Laros"])
    assert events == (CombatantDelayed("Laros", "Orc", False),)
    assert _turns(enc, 2) == ["2Orc", "2Laros"]


def test_ds4_r11_a24_ties_of_round_1_are_kept() -> None:
    """DS4-R11, DS4-A24: the roll-off of round 1 (Lios 12 over Laros 7) holds."""
    enc = _encounter({"Laros": 8, "Lios": 8, "Orc": 12}, ["Laros", "Lios"], [7, 12])
    assert enc.order == ("Lios", "Laros", "Orc")
    enc, _ = enc.advance(3)
    enc, events = end_surprise(enc, ["Laros", "Lios"], ScriptedRng([]))
    assert events == (
        CombatantDelayed("Lios", "Orc", False),
        CombatantDelayed("Laros", "Lios", False),
    )
    assert enc.order == ("Orc", "Lios", "Laros")
    assert [r.face for r in enc.initiative_rolls] == [7, 12]  # no new roll-off
    assert _turns(enc, 3) == ["2Orc", "2Lios", "2Laros"]
    # the order initiative_order gives for round 2 with the kept roll-offs
    first = initiative_order(
        {"Laros": 8, "Lios": 8, "Orc": 12},
        ScriptedRng([7, 12]),
        surprising=["Laros", "Lios"],
    )
    second = initiative_order(
        {"Laros": 8, "Lios": 8, "Orc": 12},
        ScriptedRng([]),
        round_number=2,
        tie_breaks=first.tie_breaks,
    )
    assert enc.order == second.order


def test_ds4_a24_a_tie_without_the_bonus_rolls_off_now() -> None:
    """DS4-A24: Laros 8 (surprising) and the orc 8 first tie in round 2."""
    enc = _encounter({"Laros": 8, "Orc": 8}, ["Laros"], [])
    enc, _ = enc.advance(2)
    with pytest.raises(RulesError) as info:
        end_surprise(enc, ["Laros"])
    assert str(info.value) == (
        "a new initiative roll-off is needed for combatants tied without the "
        "surprise bonus (DS4-R11, DS4-A24): pass rng"
    )
    ended, events = end_surprise(enc, ["Laros"], ScriptedRng([5, 14]))
    assert events == (CombatantDelayed("Laros", "Orc", False),)
    assert ended.order == ("Orc", "Laros")
    assert [(r.face, r.role) for r in ended.initiative_rolls] == [
        (5, "initiative roll-off: Laros"),
        (14, "initiative roll-off: Orc"),
    ]
    # the roll-off is kept: a second call draws nothing and moves nobody
    again, events = end_surprise(ended, ["Laros"], ScriptedRng([]))
    assert (again.order, events) == (("Orc", "Laros"), ())
    assert again.initiative_rolls == ended.initiative_rolls


def test_ds4_a24_new_and_kept_roll_offs_together() -> None:
    """DS4-A24: Ann (surprising) rolls against Bo's kept 9, then both again."""
    enc = _encounter({"Ann": 8, "Bo": 8, "Cy": 8}, ["Ann"], [9, 4])
    assert enc.order == ("Ann", "Bo", "Cy")
    enc, _ = enc.advance(3)
    # Ann rolls 9 (Bo's kept 9: tied again), then Ann 3, Bo 11; Cy keeps 4
    enc, events = end_surprise(enc, ["Ann"], ScriptedRng([9, 3, 11]))
    assert events == (CombatantDelayed("Ann", "Bo", False),)
    assert enc.order == ("Bo", "Ann", "Cy")
    assert [r.face for r in enc.initiative_rolls] == [9, 4, 9, 3, 11]


def test_ds4_r11_durations_keep_counting_turns() -> None:
    """DS4-R11: a delay keeps durations on their combatant's turns."""
    enc = _encounter({"Laros": 8, "Orc": 12}, ["Laros"], [])
    enc, _ = enc.advance()  # round 1, Laros's turn
    enc, _ = enc.add_effect("Aim", source="Laros", target="Laros", duration=Rounds(1))
    enc, _ = enc.advance()  # the orc's turn: round 1's last
    enc, _ = end_surprise(enc, ["Laros"])
    enc, events = enc.advance()  # round 2: the orc first, the effect holds
    assert enc.current == "Orc"
    assert not any(isinstance(e, EffectExpired) for e in events)
    assert [e.name for e in enc.effects] == ["Aim"]
    enc, events = enc.advance()  # Laros's turn starts: one of its turns passed
    assert enc.current == "Laros"
    assert [type(e).__name__ for e in events][-2:] == ["TurnStarted", "EffectExpired"]
    assert enc.effects == ()


@given(
    ini=st.lists(st.integers(1, 6), min_size=2, max_size=5),
    picks=st.lists(st.booleans(), min_size=5, max_size=5),
    seed=st.integers(0, 2**32),
    after_end_turn=st.booleans(),
)
def test_ds4_r11_a24_round_2_is_initiative_order_without_the_bonus(
    ini: list[int], picks: list[bool], seed: int, after_end_turn: bool
) -> None:
    """DS4-R11, DS4-A24: round 2 runs in initiative_order's round-2 order.

    By INI without the bonus, ties by the roll-offs kept from round 1 and
    new ones (recorded in ``initiative_rolls``) only where needed.
    """
    values = dict(zip("ABCDE", ini, strict=False))
    surprising = [name for name, p in zip(values, picks, strict=False) if p]
    people = [Combatant(name, initiative=v) for name, v in values.items()]
    enc = Encounter.create(
        people,
        rng=SeededRng(seed),
        initiative=initiative_rule(surprising=surprising),
    )
    before = len(enc.initiative_rolls)
    first = initiative_order(
        values,
        ScriptedRng([r.face for r in enc.initiative_rolls]),
        surprising=surprising,
    )
    assert enc.order == first.order
    enc, _ = enc.advance(len(values))
    if after_end_turn:
        enc, _ = enc.end_turn()
    ended, events = end_surprise(enc, surprising, SeededRng(seed + 1))
    new = [r.face for r in ended.initiative_rolls[before:]]
    second = initiative_order(
        values, ScriptedRng(new), round_number=2, tie_breaks=first.tie_breaks
    )
    assert ended.order == second.order
    assert all(isinstance(e, CombatantDelayed) for e in events)
    assert len(events) <= len(values) - 1
    expected = [f"2{name}" for name in second.order]
    assert _turns(ended, len(values)) == expected


@pytest.mark.parametrize(
    ("turns", "end", "where"),
    [
        (0, False, "the encounter has not begun (round 0)"),
        (1, False, "round 1 has turns to come ('Orc' is up next)"),
        (3, False, "the encounter is in round 2"),
        (2, True, "the encounter has ended"),
    ],
)
def test_ds4_r11_end_surprise_refused_at_another_time(
    turns: int, end: bool, where: str
) -> None:
    """DS4-R11: only during round 1's last turn or after its end_turn()."""
    enc = _encounter({"Laros": 8, "Orc": 12}, ["Laros"], [])
    if turns:
        enc, _ = enc.advance(turns)
    if end:
        enc, _ = enc.end()
    with pytest.raises(RulesError) as info:
        end_surprise(enc, ["Laros"])
    assert str(info.value) == f"{where}: {WHEN}"


def test_ds4_r11_end_surprise_refuses_bad_arguments() -> None:
    """DS4-R11: the encounter, the surprising ids and their rolls are checked."""
    enc = _encounter({"Laros": 8, "Lios": 8}, ["Laros"], [])
    enc, _ = enc.advance(2)
    with pytest.raises(ParameterError) as info:
        end_surprise(enc, "Laros")
    assert str(info.value) == (
        "surprising must be a list of combatant ids (not a single string), got 'Laros'"
    )
    with pytest.raises(ParameterError) as info:
        end_surprise(enc, ["Orc"])
    assert str(info.value) == (
        "surprising must be ids of the encounter's combatants (Laros, Lios), "
        "got ['Orc']"
    )
    with pytest.raises(ParameterError) as info:
        end_surprise(None, ["Laros"])  # type: ignore[arg-type]
    assert str(info.value) == "encounter must be a rollwerk Encounter, got None"
    # made with surprising=["Laros"]: without it Laros and Lios would have
    # tied in round 1, and the encounter recorded no roll-off
    with pytest.raises(RulesError) as mismatch:
        end_surprise(enc, [])
    assert str(mismatch.value) == (
        "the encounter's initiative rolls are not the roll-offs of "
        "initiative_rule(surprising=[]) over its combatants"
    )


# -- 2. assign_dice gives the check's result (DS4-R05, DS4-R06, DS4-A03) ------


def test_ds4_a03_assign_dice_coup_at_pw_0_or_less_is_1() -> None:
    """DS4-A03: a coup at PW ≤ 0 is 1, in assign_dice as in read_check."""
    assert assign_dice(-3, [1]).result == 1 == read_check(-3, [1]).result
    assert assign_dice(0, [1]).result == 1 == read_check(0, [1]).result
    assert assign_dice(-3, [1]).values == (1,)
    assert assign_dice(-3, [1]).describe() == "1 → -3 (coup: 1, raised to 1 by rule)"
    assert assign_dice(-3, [1]).describe("de") == (
        "1 → -3 (Immersieg: 1, nach Regel auf 1 angehoben)"
    )
    assert (slot_value(1, -3), slot_value(1, 0), slot_value(1, 4)) == (1, 1, 4)


def test_ds4_r05_assign_dice_first_die_20_is_a_fumble() -> None:
    """DS4-R05: a 20 on the first die is a fumble, result 0, unless excluded."""
    for pw, dice in ((20, [20]), (25, [20, 5]), (44, [20, 1, 17])):
        fumble = assign_dice(pw, dice)
        assert (fumble.is_fumble, fumble.result) == (True, 0)
        assert fumble.values == (0,) * len(dice)
        assert read_check(pw, dice).result == 0
        assert fumble.describe() == "first die 20: fumble, result 0"
        assert fumble.describe("de") == "erster Würfel 20: Patzer, Ergebnis 0"
    # DS4-A10: with fumbles excluded a first 20 is an ordinary value
    assert assign_dice(20, [20], fumbles_excluded=True).result == 20
    excluded = assign_dice(25, [20, 5], fumbles_excluded=True)
    assert (excluded.is_fumble, excluded.result) == (False, 25)
    assert read_check(25, [20, 5], fumbles_excluded=True).assignment == excluded
    # a later 20 is never a fumble
    assert assign_dice(25, [5, 20]).result == 25
    with pytest.raises(ParameterError) as info:
        assign_dice(25, [5, 20], fumbles_excluded="yes")  # type: ignore[arg-type]
    assert str(info.value) == "fumbles_excluded must be true or false, got 'yes'"


@st.composite
def _draws(draw: st.DrawFn) -> tuple[int, list[int]]:
    pw = draw(st.integers(-20, 100))
    k = len(sub_checks(pw))
    return pw, draw(st.lists(st.integers(1, 20), min_size=k, max_size=k))


@given(draw=_draws(), excluded=st.booleans(), data=st.data())
def test_ds4_r06_a03_assign_dice_result_is_read_checks(
    draw: tuple[int, list[int]], excluded: bool, data: st.DataObject
) -> None:
    """DS4-R05 to DS4-R07, DS4-A03, DS4-A10: assign_dice agrees with read_check.

    For the maximising assignment and for any other bijection.
    """
    pw, faces = draw
    best = assign_dice(pw, faces, fumbles_excluded=excluded)
    check = read_check(pw, faces, fumbles_excluded=excluded)
    assert best.result == check.result
    assert best.is_fumble == check.is_fumble
    chosen = tuple(data.draw(st.permutations(range(len(faces)))))
    some = assign_dice(pw, faces, chosen, fumbles_excluded=excluded)
    assert (
        some.result
        == read_check(pw, faces, assignment=chosen, fumbles_excluded=excluded).result
    )


# -- 3. a fumble past one obstacle (DS4-R32, DS4-A10) -------------------------


def test_ds4_r32_one_obstacle_is_hit_without_a_die() -> None:
    """DS4-R32: with one obstacle no die picks it; the attack's d20 is all."""
    which, roll, dice = obstacle_fumble(1, 20, ScriptedRng([20]))
    assert which == 1
    assert (roll.success, roll.result, roll.is_fumble) == (True, 20, False)
    assert [(d.sides, d.face, d.role) for d in dice] == [(20, 20, "attack on obstacle")]
    which, _, dice = obstacle_fumble(2, 12, ScriptedRng([2, 7]))
    assert which == 2
    assert [(d.sides, d.face) for d in dice] == [(2, 2), (20, 7)]


@pytest.mark.parametrize(("pw", "result"), [(-3, 1), (0, 1), (12, 12), (44, None)])
def test_ds4_a10_obstacle_attack_is_always_fumbles_excluded(
    pw: int, result: int | None
) -> None:
    """DS4-A10: the new attack has fumbles excluded, a coup too (PW ≤ 0 as well)."""
    faces = [1] * len(sub_checks(pw))
    _, roll, _ = obstacle_fumble(1, pw, ScriptedRng(faces))
    assert roll.is_coup
    assert roll.fumbles_excluded is True
    if result is not None:
        assert roll.result == result
    assert read_check(10, [1], fumbles_excluded=True).fumbles_excluded is True
    assert read_check(
        44, [1], need_result=False, fumbles_excluded=True
    ).fumbles_excluded


# -- 4. an adjacent target is near (DS4-R23, DS4-A13) -------------------------


@pytest.mark.parametrize("distance", [10, 25, Fraction(21, 2)])
def test_ds4_r23_adjacent_target_far_away_is_refused(distance: int | Fraction) -> None:
    """DS4-R23: „die direkt bei ihnen stehen“: not 10 m or more away."""
    with pytest.raises(ParameterError) as info:
        range_modifier(distance, adjacent=True)
    assert str(info.value) == (
        "distance_m must be under 10 metres with adjacent=True: a target standing "
        "directly by the shooter (DS4-R23) is within the first 10 m, where no "
        f"range penalty applies (the rules give adjacency no distance), got {distance!r}"
    )


def test_ds4_r23_a13_adjacent_target_within_the_first_band() -> None:
    """DS4-R23, DS4-A13: adjacent −2 within 10 m; the distance alone as before."""
    assert range_modifier(0, adjacent=True) == -2
    assert range_modifier(Fraction(19, 2), adjacent=True) == -2
    assert range_modifier(25) == -2
    with pytest.raises(ParameterError) as info:
        range_modifier(1, adjacent="yes")  # type: ignore[arg-type]
    assert str(info.value) == "adjacent must be true or false, got 'yes'"
