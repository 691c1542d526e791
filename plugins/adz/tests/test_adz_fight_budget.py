"""The fight budget bounds AdZ fights of several creatures a side (helper-178).

AdZ's damage (ADZ-R19 to ADZ-R21: attack, defence and resistance pools of
d6, the defence weakening with each reaction, ADZ-R18) weighs 100 to 200
bits an attack, where DS4's and most PF2e damages fit in one 30-bit limb.
The chain over both sides' states multiplies its growing integers by those
weights, so `fight_work` counts a step once more for every 100 000 bits and
every further limb. A designer's 1 against 2 that was counted at 29.8
million units (under the budget) took 7 s; it is now counted at 40.9
million and refused before any work. Timings are in the helper's report,
not asserted here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk.analysis import FIGHT_BUDGET, fight, fight_work
from rollwerk.errors import LimitExceeded
from rollwerk.plugins import Registry
from rollwerk_adz import plugin

RULES = Registry(load_entrypoints=False, plugins=[plugin]).fight_rules()["adz"]

HERO = {
    "attack": 30,
    "defence": 31,
    "damage": 34,
    "armour": 7,
    "resistance": 40,
    "levels": 7,
}
GUARD = {
    "attack": 39,
    "defence": 39,
    "damage": 33,
    "armour": 22,
    "resistance": 34,
    "levels": 11,
}


def test_heavy_pools_count_their_limbs_and_the_designers_fight_is_refused() -> None:
    """The designer's 1 against 2 (ADZ-R18 to ADZ-R21), counted term by term.

    7 × 22 states; the first side's turn has 12 damage outcomes (its one
    attack, at most 11 + 1 distinct damages), the second's 24 (two attacks,
    the second against a defence one reaction weaker). A round adds 164 +
    2 × 175 = 514 bits, so 51 400 by round 100; both sides' damages weigh 6
    limbs: each step counts 1 + 51400 // 20000 + 5 × 51400 // 100000 = 5.
    """
    work = fight_work(RULES, HERO, GUARD, second_count=2)
    chain = 10 * (7 * 22) * 100 * (12 * 5 + 24 * 5)
    fractions = 100 * 51_400 * 51_400 // 20_000
    assert chain == 27_720_000
    assert work == chain + fractions == 40_929_800
    with pytest.raises(LimitExceeded) as info:
        fight(RULES, HERO, GUARD, second_count=2)
    assert info.value.value == work
    assert info.value.maximum == FIGHT_BUDGET
    assert str(info.value).startswith(
        "fight work (7 × 22 = 154 states of remaining health, × damage "
        "outcomes a round, × 100 rounds; a lower round cap, less health or "
        "fewer creatures make it smaller) limit exceeded: "
    )


SMALL = {"attack": 5, "defence": 3, "damage": 3, "armour": 1, "resistance": 2}
OTHER = {"attack": 4, "defence": 2, "damage": 2, "resistance": 1, "levels": 2}


def test_light_pools_fit_one_limb_and_count_as_before() -> None:
    """Small pools weigh less than 30 bits an attack: nothing is added."""
    side = dict(SMALL, levels=3)
    other = dict(OTHER, initiative=1)
    assert fight_work(RULES, side, other, first_count=2, second_count=2) == 660_800
    assert (
        fight_work(RULES, side, other, first_count=2, second_count=2, max_rounds=2)
        == 10_081
    )


def test_two_against_two_results_are_the_exact_ones_of_before() -> None:
    """Summing over the common denominator first changes no result.

    Two against two (ADZ-R18: each creature's second defence in a round is
    weaker), initiative 2d6 + base with a tie rolled off (ADZ-R15); the
    values are the ones the chain gave before its results were summed as
    integers.
    """
    side = dict(SMALL, levels=3)
    other = dict(OTHER, initiative=1)
    result = fight(RULES, side, other, first_count=2, second_count=2, max_rounds=2)
    assert result.first == Fraction(
        295199441003093394833239507705, 381520424476945831628649898809
    )
    assert result.second == Fraction(
        52750007233739491010441970368, 1144561273430837494885949696427
    )
    assert result.undecided == Fraction(
        206212943187817819375789202944, 1144561273430837494885949696427
    )
    assert dict(result.rounds) == {
        1: Fraction(5779305487419824, 16677181699666569),
        2: Fraction(541712413734458072950304852891, 1144561273430837494885949696427),
    }
    assert dict(result.first_health) == {
        0: Fraction(52750007233739491010441970368, 1144561273430837494885949696427),
        1: Fraction(17337175564534351640327333864, 381520424476945831628649898809),
        2: Fraction(35931716310318687773025372866, 1144561273430837494885949696427),
        3: Fraction(197621214221734929300021988577, 1144561273430837494885949696427),
        4: Fraction(549586262019809653052321407357, 3052163395815566653029199190472),
        5: Fraction(713700105665045473706740000693, 6104326791631133306058398380944),
        6: Fraction(2487110351476355656889835120721, 6104326791631133306058398380944),
    }
    assert dict(result.second_health) == {
        0: Fraction(295199441003093394833239507705, 381520424476945831628649898809),
        2: Fraction(2392366978296662082954381248, 14130386091738734504764811067),
        4: Fraction(21727075059842560555642097408, 381520424476945831628649898809),
    }
    assert sum(result.first_health.values()) == 1
    assert result.first + result.second + result.undecided == 1
