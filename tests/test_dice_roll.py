"""Rolling dice expressions: traces, explanations, JSON, replay, determinism.

Rule ids refer to issue 2 ("rollwerk core I"): item 2 (randomness), item 5
(explained results) and item 6 (JSON).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Die,
    ParameterError,
    RollResult,
    SchemaError,
    ScriptedRng,
    SeededRng,
    parse,
    roll,
)
from rollwerk.dice import DieRoll
from rollwerk.notation import NodeKind

NOTATIONS = [
    "1d20+5",
    "4d6kh3",
    "10d6>=5",
    "3d6!r1",
    "2d20kh1+1d4",
    "4dF+d{1,1,2}*2",
    "2d6!r1kh1+1d20-3 >= 10",
    "(2d6+1)/2-1d4",
    "6d10>=8f1",
    "3d6ro<3dl1",
    "-1d6*2",
    "d%",
    "W20",
    "1d20 > 1d20",
    "3d6",
    "8d10>1",
    "8d10>5f2",
    "5d6kh2>=4",
    "5d6kl2",
    "3d{1,2,2}",
    "2d6+2d6",
]


def test_core1_i2_seeded_determinism_fixed_faces() -> None:
    """I2-2: a fixed seed gives fixed faces (the same on every platform)."""
    assert roll("4d6kh3", SeededRng(42)).faces == (2, 5, 1, 4)
    assert roll("4d6kh3", SeededRng(42)).total == 11
    assert roll("10d6>=5", SeededRng(42)).faces == (2, 5, 1, 4, 5, 3, 4, 6, 3, 3)
    assert roll("10d6>=5", SeededRng(42)).total == 3
    assert roll("1d20+5", SeededRng(42)).total == 9


@given(st.sampled_from(NOTATIONS), st.integers(0, 2**40))
def test_core1_i5_fast_roll_agrees_with_trace(notation: str, seed: int) -> None:
    """I2-5: the fast roll path and the traced tree give the same total and faces."""
    expr = parse(notation)
    result = expr.roll(SeededRng(seed))
    traced = expr.trace(SeededRng(seed))
    assert traced.value == result.total == result.tree.value
    assert tuple(r.face for r in result.rolls) == result.faces
    assert result.total in expr.distribution()
    assert roll(notation, SeededRng(seed)) == result


@given(st.sampled_from(NOTATIONS), st.integers(0, 2**40))
def test_core1_i5_scripted_replay_of_rolls(notation: str, seed: int) -> None:
    """I2-2: ScriptedRng of the recorded faces replays the result exactly."""
    result = roll(notation, SeededRng(seed))
    replay = roll(notation, ScriptedRng([r.face for r in result.rolls]))
    assert replay == result
    assert replay.tree == result.tree
    assert result.dice == result.rolls


@given(st.sampled_from(NOTATIONS), st.integers(0, 2**40))
def test_core1_i6_json_round_trip(notation: str, seed: int) -> None:
    """I2-6: results serialize to plain JSON with schema 1 and load back equal."""
    result = roll(notation, SeededRng(seed))
    data = json.loads(json.dumps(result.to_json()))
    assert data["schema"] == 1
    assert data["total"] == result.total
    loaded = RollResult.from_json(data)
    assert loaded == result
    assert loaded.tree == result.tree


def test_core1_i6_json_mismatch_is_schema_error() -> None:
    """I2-6: a JSON total or tree that its rolls do not give is refused."""
    data = roll("2d6", ScriptedRng([2, 3])).to_json()
    with pytest.raises(SchemaError) as info:
        RollResult.from_json({**data, "total": 6})
    assert str(info.value) == (
        "malformed roll result JSON: total must be 5, what the rolls give, got 6"
    )
    assert info.value.path == "total"
    with pytest.raises(SchemaError) as info:
        RollResult.from_json({**data, "tree": {"kind": "number"}})
    # a held-out integrator: the first place that differs, not just "tree"
    assert str(info.value) == (
        "malformed roll result JSON: tree.kind must be 'dice', what the rolls "
        "give, got 'number'"
    )
    assert info.value.path == "tree.kind"
    tree = data["tree"]
    first = {**tree["dice"][0], "value": 6}
    with pytest.raises(SchemaError) as info:
        RollResult.from_json(
            {**data, "tree": {**tree, "dice": [first, tree["dice"][1]]}}
        )
    assert str(info.value) == (
        "malformed roll result JSON: tree.dice[0].value must be 2, what the "
        "rolls give, got 6"
    )
    with pytest.raises(SchemaError, match="schema must be 1, got 2"):
        RollResult.from_json({**data, "schema": 2})
    with pytest.raises(SchemaError, match="roll result does not replay"):
        RollResult.from_json({**data, "rolls": data["rolls"][:1]})
    with pytest.raises(SchemaError, match="malformed roll result JSON"):
        RollResult.from_json({"schema": 1})


def test_core1_i5_explain_english_and_german() -> None:
    """I2-5: the tree of rolled, kept, dropped, rerolled, exploded dice as text."""
    result = roll("2d6!r1kh1+1d20-3 >= 10", ScriptedRng([1, 6, 6, 2, 5, 14]))
    assert result.total == 1
    assert result.explain() == (
        "2d6!r1kh1+1d20-3 >= 10 = 1\n"
        "  2d6!r1kh1: 1→6+6+2=14 (rerolled, exploded), 5 (dropped) → 14\n"
        "  1d20: 14 → 14\n"
        "  2d6!r1kh1+1d20-3 ≥ 10: 25 ≥ 10 → 1 (true)"
    )
    assert result.explain("de") == (
        "2d6!r1kh1+1d20-3 >= 10 = 1\n"
        "  2d6!r1kh1: 1→6+6+2=14 (neu gewürfelt, explodiert), 5 (verworfen) → 14\n"
        "  1d20: 14 → 14\n"
        "  2d6!r1kh1+1d20-3 ≥ 10: 25 ≥ 10 → 1 (wahr)"
    )


def test_core1_i5_explain_successes() -> None:
    """I2-5: success counting names successes and failures."""
    result = roll("4d10>=8f1", ScriptedRng([8, 1, 10, 5]))
    assert result.explain() == (
        "4d10>=8f1 = 1\n"
        "  4d10>=8f1: 8 (success), 1 (failure), 10 (success), 5 → 1 success"
    )
    assert result.explain("de") == (
        "4d10>=8f1 = 1\n"
        "  4d10>=8f1: 8 (Erfolg), 1 (Fehlschlag), 10 (Erfolg), 5 → 1 Erfolg"
    )
    assert roll("2W6>=5", ScriptedRng([5, 6])).explain("de").endswith("→ 2 Erfolge")


def test_core1_i5_explain_says_when_a_cap_was_reached() -> None:
    """I2-5/I2-3: a reroll or explosion cap that was reached is not hidden.

    The 21st six of ``1d6!`` does not explode and the 100th reroll of
    ``1d6r<=5`` stands although it matches: the explanation says so.
    """
    sixes = roll("1d6!", ScriptedRng([6] * 21))
    assert sixes.total == 126
    assert sixes.explain().endswith("=126 (exploded 20 times, the cap) → 126")
    assert sixes.explain("de").endswith(
        "=126 (20-mal explodiert, die Obergrenze) → 126"
    )
    ones = roll("1d6r<=5", ScriptedRng([1] * 101))
    assert ones.total == 1
    assert ones.explain().endswith(
        "→1 (rerolled 100 times, the cap: the last face stands) → 1"
    )
    assert ones.explain("de").endswith(
        "→1 (100-mal neu gewürfelt, die Obergrenze: der letzte Wurf zählt) → 1"
    )
    # below the caps (and for reroll-once) nothing is added
    assert (
        roll("1d6!", ScriptedRng([6] * 19 + [2]))
        .explain()
        .endswith("=116 (exploded) → 116")
    )
    assert (
        roll("1d6ro1", ScriptedRng([1, 1]))
        .explain("de")
        .endswith("1→1 (neu gewürfelt) → 1")
    )


def test_core1_i5_explain_shows_division_rounding() -> None:
    """I2-5/I2-3: ``/`` rounds down; the explanation shows the division and says so."""
    result = roll("W20/2", ScriptedRng([17]))
    assert result.explain("de") == (
        "W20/2 = 8\n  W20: 17 → 17\n  W20/2: 17 / 2 = 8 (abgerundet)"
    )
    assert result.explain().endswith("  W20/2: 17 / 2 = 8 (rounded down)")
    assert (
        roll("-d6/2", ScriptedRng([5]))
        .explain()
        .endswith("  -d6/2: -5 / 2 = -3 (rounded down)")
    )
    # an exact division says nothing about rounding
    assert (
        roll("d6*3/2", ScriptedRng([4])).explain().endswith("  d6*3/2: 4 * 3 / 2 = 6")
    )


def test_core1_i5_explain_unknown_language() -> None:
    """I2-8: an unknown language is a ParameterError naming the choices."""
    with pytest.raises(ParameterError, match="lang must be 'en' or 'de', got 'fr'"):
        roll("1d6", ScriptedRng([1])).explain("fr")


def test_core1_i5_tree_records_roles_in_draw_order() -> None:
    """I2-5: each die records roll, reroll and explosion draws in order."""
    result = roll("2d6!r1kh1", ScriptedRng([1, 6, 6, 2, 5]))
    assert result.rolls == (
        DieRoll(6, 1, "roll"),
        DieRoll(6, 6, "reroll"),
        DieRoll(6, 6, "explosion"),
        DieRoll(6, 2, "explosion"),
        DieRoll(6, 5, "roll"),
    )
    first, second = result.pool_dice
    assert (first.rerolled, first.value, first.kept, first.exploded) == (1, 14, True, 2)
    assert (second.value, second.kept) == (5, False)
    assert result.tree.kind is NodeKind.DICE


def test_core1_i3_fudge_faces_are_indices() -> None:
    """I2-3: dF records the Rng index 1..3; the value is -1..+1."""
    result = roll("3dF", ScriptedRng([1, 2, 3]))
    assert result.total == 0
    assert [d.values for d in result.pool_dice] == [(-1,), (0,), (1,)]
    assert [r.face for r in result.rolls] == [1, 2, 3]
    assert {r.sides for r in result.rolls} == {3}


def test_core1_i3_die_api() -> None:
    """I2-3: Die(sides), Die.fudge(), Die.custom(faces) roll and give odds."""
    assert Die(20).roll(ScriptedRng([17])) == 17
    assert Die.fudge().roll(ScriptedRng([1])) == -1
    assert Die.custom([2, 4, 8]).roll(ScriptedRng([3])) == 8
    assert Die(6).sides == 6
    assert Die.custom([1, 2, 3]) == Die(3)
    assert repr(Die(6)) == "Die(6)"
    assert repr(Die.fudge()) == "Die.fudge()"
    assert repr(Die.custom([1, 1, 2])) == "Die.custom([1, 1, 2])"
    with pytest.raises(ParameterError, match="sides must be an integer from 1 to"):
        Die(0)
    with pytest.raises(ParameterError, match="faces must be 1 to 10000 faces"):
        Die.custom([])


def test_core1_i5_replay_requires_exact_faces() -> None:
    """I2-2: Expression.replay refuses leftover faces."""
    with pytest.raises(ParameterError, match="exactly the 1 face the roll draws"):
        parse("1d6").replay([1, 2])


def test_core1_i5_result_is_immutable_and_hashable() -> None:
    """I2-5: RollResult is an immutable value."""
    result = roll("1d20+5", ScriptedRng([3]))
    with pytest.raises(AttributeError):
        result.total = 5  # type: ignore[misc]
    assert hash(result) == hash(roll("1d20+5", ScriptedRng([3])))
    assert repr(result) == "RollResult('1d20+5', total=8, faces=(3,))"
    assert result.expression is parse("1d20+5")
    assert result.notation == "1d20+5"


def test_a_pool_that_never_stops_names_its_condition_and_faces() -> None:
    from rollwerk.dice import Comparison, Condition, Die, Pool

    with pytest.raises(ParameterError) as info:
        Pool(2, Die(6), minimum=6, explode=Condition(Comparison.EQ, 6))
    assert str(info.value) == (
        "explode must be a condition some face does not meet (faces 6), got '=6'"
    )
    with pytest.raises(ParameterError) as info:
        Pool(
            1,
            Die(6),
            reroll=(Condition(Comparison.LE, 3), Condition(Comparison.GE, 4)),
        )
    assert str(info.value) == (
        "reroll must be conditions some face does not meet (faces 1 to 6), "
        "got '<=3 >=4'"
    )


def test_json_die_or_comment_that_the_notation_does_not_roll_is_refused() -> None:
    """A die's sides or role, or a comment, that the replay does not give."""
    result = roll("2d6 # hi", ScriptedRng([2, 3]), dialect="foundry")
    data = json.loads(json.dumps(result.to_json()))
    assert RollResult.from_json(data) == result
    wrong_sides = json.loads(json.dumps(data))
    wrong_sides["rolls"][0]["sides"] = 8
    with pytest.raises(SchemaError) as info:
        RollResult.from_json(wrong_sides)
    assert str(info.value) == (
        "malformed roll result JSON: rolls[0] must be the die '2d6 # hi' rolls there "
        "(d6, role 'roll'), got \"d8, role 'roll'\""
    )
    wrong_role = json.loads(json.dumps(data))
    wrong_role["rolls"][1]["role"] = "banana"
    with pytest.raises(SchemaError, match=r"rolls\[1\] must be the die"):
        RollResult.from_json(wrong_role)
    no_role = json.loads(json.dumps(data))
    del no_role["rolls"][0]["role"]
    with pytest.raises(SchemaError) as info:
        RollResult.from_json(no_role)
    assert str(info.value) == (  # json.md: a left-out role reads "", no die's
        "malformed roll result JSON: rolls[0] must be the die '2d6 # hi' rolls there "
        "(d6, role 'roll'), got \"d6, role ''\""
    )
    with pytest.raises(SchemaError) as info:
        RollResult.from_json({**data, "comment": "other"})
    assert str(info.value) == (
        "malformed roll result JSON: comment must be the comment of '2d6 # hi' "
        "('hi'), got 'other'"
    )
