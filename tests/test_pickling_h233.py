"""Findings of h233 (a bot and VTT backend that pickles and copies values).

Parsed and rolled expressions and the Rngs pickle under every protocol
(0 and 1 had refused their ``__slots__``); a ruleset made with
``define_ruleset`` equals its deep copy and its unpickled copy; the
registry's ruleset copies as itself and refuses pickling with a sentence
saying what to send; a loaded encounter's current combatant has started a
turn; a list of one item is not "1 items".
"""

from __future__ import annotations

import copy
import pickle

import pytest

from rollwerk import Encounter, SchemaError, ScriptedRng, SeededRng, SystemRng
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.notation import parse, roll
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import examples

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
TEXTS = ["2d6+3", "4d6kh3!>5r1", "{2d6,1d8}kh1 [fire]", "(3d6>=5)*2-1d4"]


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("text", TEXTS)
def test_expressions_pickle_under_every_protocol(protocol: int, text: str) -> None:
    expr = parse(text)
    again = pickle.loads(pickle.dumps(expr, protocol))
    assert again == expr
    assert again.distribution() == expr.distribution()
    assert again.roll(SeededRng(5)) == expr.roll(SeededRng(5))
    rolled = roll(text, SeededRng(9))
    back = pickle.loads(pickle.dumps(rolled, protocol))
    assert back == rolled
    assert back.to_json() == rolled.to_json()


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_decimal_expression_of_avrae_pickles_under_every_protocol(
    protocol: int,
) -> None:
    expr = parse("1d20+2.5", dialect="avrae")
    again = pickle.loads(pickle.dumps(expr, protocol))
    assert again == expr
    assert again.distribution() == expr.distribution()


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_rngs_pickle_mid_stream_under_every_protocol(protocol: int) -> None:
    seeded = SeededRng(7)
    first = [seeded.roll(20) for _ in range(3)]
    again = pickle.loads(pickle.dumps(seeded, protocol))
    assert again.seed == 7
    assert [again.roll(20) for _ in range(5)] == [seeded.roll(20) for _ in range(5)]
    fresh = SeededRng(7)
    assert first == [fresh.roll(20) for _ in range(3)]
    scripted = ScriptedRng([1, 2, 3])
    assert scripted.roll(6) == 1
    later = pickle.loads(pickle.dumps(scripted, protocol))
    assert (later.roll(6), later.roll(6)) == (2, 3)
    assert type(pickle.loads(pickle.dumps(SystemRng(), protocol))) is SystemRng


def _judge(faces: tuple[int, ...], skill: int) -> Outcome:
    hit = faces[0] <= skill
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


SKILL = Parameter("skill", int, default=10, min_value=1, max_value=20)
TEST = define_check("test", [SKILL], dice=[20], judge=_judge)
RULES = define_ruleset("h233", "H233", checks=[TEST])


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_define_ruleset_ruleset_equals_its_copies(protocol: int) -> None:
    assert copy.deepcopy(RULES) == RULES
    assert hash(copy.deepcopy(RULES)) == hash(RULES)
    assert pickle.loads(pickle.dumps(RULES, protocol)) == RULES
    other = define_ruleset("h233b", "H233", checks=[TEST])
    assert other != RULES


def test_the_registrys_ruleset_copies_as_itself_and_refuses_pickling() -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    toy = registry.ruleset("toy")
    assert copy.copy(toy) is toy
    assert copy.deepcopy(toy) is toy
    assert copy.deepcopy({"rules": toy})["rules"] is toy
    for protocol in PROTOCOLS:
        with pytest.raises(TypeError) as info:
            pickle.dumps(toy, protocol)
        assert str(info.value) == (
            "cannot pickle the registry's ruleset 'toy': a ruleset is not a value "
            "to send; pass its id and get it from the registry in the other "
            "process (get_registry().ruleset('toy'))"
        )


def test_a_current_combatant_without_a_started_turn_does_not_load() -> None:
    state = Encounter.create(["A", "B"]).advance().state
    data = state.to_json()
    assert data["current"] == "A"
    assert data["combatants"][0]["turns"] == 1
    data["combatants"][0]["turns"] = 0
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    assert str(info.value) == (
        "malformed encounter JSON: combatants[0].turns must be at least 1, as the "
        "turn of 'A' is under way (current), got 0"
    )
    # B has started none and is not current: that loads
    assert Encounter.from_json(state.to_json()) == state


def test_a_list_of_one_item_is_one_item() -> None:
    data = {**SeededRng(5).to_json(), "state": [[]]}
    with pytest.raises(SchemaError) as info:
        SeededRng.from_json(data)
    assert str(info.value).endswith("got a list of 1 item")
