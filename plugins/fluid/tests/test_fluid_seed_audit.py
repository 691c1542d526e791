"""Findings of an audit against the German seed (helper-h244).

FL-R02 / FL-R09: rewards in force are the check's own ``rewards``, not folded
into the GM's ``modifier`` (−60 to 60); a self-imposed difficulty may be any
amount that leaves a chance („Jeder Spieler kann sich selbst eine anstehende
Probe beliebig erschweren“). FL-R03 / FL-R12: a check that was not rolled
cannot be repeated. Every public helper refuses a wrong type by name.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import Encounter, ParameterError, RulesError, ScriptedRng
from rollwerk_fluid import (
    Reward,
    RewardEffect,
    chance,
    check_for,
    contest_rank,
    earned_reward,
    effective_chance,
    end_scene,
    fluid_check,
    record_check,
    repeat,
    reroll,
)


def _encounter() -> Encounter:
    enc, _ = Encounter.create(["A", "B"]).advance()
    return enc


def test_fl_r02_r09_a_gm_modifier_of_60_with_a_reward_is_legal() -> None:
    """FL-R02, FL-R09 (b): a modifier of 60 and a reward of +3 in force had
    been refused ("modifier must be an integer from -60 to 60 once the
    rewards in force on 'A' (+3) are added (in all 63), got 60")."""
    enc, _ = _encounter().apply_effect(
        RewardEffect(Reward.OWN_CHECK, 3, source="A", target="A")
    )
    check = check_for(enc, "A", attribute=20, trait=20, modifier=60)
    assert (check.parameters["modifier"], check.parameters["rewards"]) == (60, 3)
    assert chance(check) == 103
    assert check.resolve(ScriptedRng([5])).explain() == (
        "chance 103 (attribute 20 + trait 20 + modifier 60 + rewards 3): "
        "rolled 5 ≤ 103: success, quality 5 + 93 overflow = 98"
    )


def test_fl_r09_rewards_beyond_100_are_refused_by_name() -> None:
    """FL-R09: the rewards in force are bounded (−100 to 100) and the message
    names their sum; ``rewards`` is check_for's to fill in."""
    enc = _encounter()
    for amount in (60, 50):
        enc, _ = enc.apply_effect(
            RewardEffect(Reward.OPPONENT_CHECK, amount, source="A", target="B")
        )
    with pytest.raises(ParameterError) as info:
        check_for(enc, "B", attribute=5)
    assert str(info.value) == (
        "rewards must be an integer from -100 to 100: the rewards in force on "
        "'B' add up to -110, got -110"
    )
    with pytest.raises(ParameterError) as info:
        check_for(enc, "A", attribute=5, rewards=3)
    assert str(info.value) == (
        "rewards must be not given: check_for adds the rewards in force on 'A' "
        "(+0), got 3"
    )


def test_fl_r09_a07_a_handicap_may_be_any_amount_below_the_chance() -> None:
    """FL-R09, FL-A07: a handicap above 60 had been refused although the chance
    can be far higher; up to chance − 1 (at most 199) is allowed now."""
    check = fluid_check(attribute=20, trait=20, modifier=60, rewards=100, handicap=199)
    assert effective_chance(check) == 1
    high = fluid_check(attribute=20, trait=20, modifier=60, handicap=95)
    assert effective_chance(high) == 5
    assert high.outcomes().probability(lambda o: o.success) == (
        fluid_check(attribute=5).outcomes().probability(lambda o: o.success)
    )
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=20, trait=20, modifier=60, handicap=100)
    assert str(info.value) == (
        "handicap must be an integer from 0 to 99 (the chance is 100; the chance "
        "after a self-imposed difficulty must stay above 0), got 100"
    )
    with pytest.raises(ParameterError) as info:
        fluid_check(attribute=20, handicap=200)
    assert str(info.value).startswith("handicap must be an integer from 0 to 199")
    assert str(info.value).endswith(", got 200")


def test_fl_r03_r12_a_check_not_rolled_cannot_be_repeated() -> None:
    """FL-R03, FL-R12: a chance of 0 is "too hard, no roll"; repeating it had
    given a repetition at −3."""
    hopeless = fluid_check(attribute=0)
    result = hopeless.resolve(ScriptedRng([]))
    assert result.rolled is False
    with pytest.raises(RulesError) as info:
        repeat(hopeless, result)
    assert str(info.value) == (
        "a check that was not rolled cannot be repeated (FL-R12): at a chance "
        "of 0 no die is rolled (FL-R03)"
    )


def _calls(bad: object) -> list[tuple[str, Callable[[], object]]]:
    check = fluid_check(attribute=5)
    failed = check.resolve(ScriptedRng([9]))
    enc = _encounter()
    return [
        ("check", lambda: chance(bad)),  # type: ignore[arg-type]
        ("check", lambda: effective_chance(bad)),  # type: ignore[arg-type]
        ("outcome", lambda: contest_rank(bad)),  # type: ignore[arg-type]
        ("encounter", lambda: end_scene(bad)),  # type: ignore[arg-type]
        ("encounter", lambda: check_for(bad, "A", attribute=5)),  # type: ignore[arg-type]
        ("encounter", lambda: record_check(bad, "A")),  # type: ignore[arg-type]
        ("check", lambda: earned_reward(bad, failed, player="A")),  # type: ignore[arg-type]
        ("result", lambda: earned_reward(check, bad, player="A")),  # type: ignore[arg-type]
        ("rng", lambda: reroll(check, failed, bad, mana=1)),  # type: ignore[arg-type]
        ("defence", lambda: record_check(enc, "A", defence=bad)),  # type: ignore[arg-type]
    ]


BAD = ["3", None, 3.5, [3], {}, b"3", -1]


@pytest.mark.parametrize("bad", BAD, ids=repr)
@pytest.mark.parametrize("index", range(10))
def test_public_helpers_refuse_wrong_types_by_name(index: int, bad: object) -> None:
    """FL-R01, FL-R09, FL-R10, FL-R11, FL-A08: ``chance("3")``,
    ``effective_chance``, ``contest_rank``, ``end_scene`` (and the helpers
    below) had raised AttributeError on a value of the wrong type."""
    name, call = _calls(bad)[index]
    with pytest.raises(ParameterError) as info:
        call()
    assert info.value.parameter == name
    assert info.value.value == bad


def test_wrong_type_messages() -> None:
    """The messages name the parameter, the value and what is allowed."""
    with pytest.raises(ParameterError) as info:
        chance("3")  # type: ignore[arg-type]
    assert (
        str(info.value) == "check must be a Fluid check (fluid_check, FLUID), got '3'"
    )
    with pytest.raises(ParameterError) as info:
        contest_rank("3")  # type: ignore[arg-type]
    assert str(info.value) == "outcome must be an Outcome of a Fluid check, got '3'"
    with pytest.raises(ParameterError) as info:
        end_scene(None)  # type: ignore[arg-type]
    assert str(info.value) == "encounter must be an Encounter, got None"
