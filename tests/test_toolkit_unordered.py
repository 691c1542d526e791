"""The toolkit's unordered pools: exact odds by multisets of faces.

A pool's judge (count successes, take the highest) ignores the order of
dice that share sides and role; ``define_check(..., unordered=True)``
then judges each multiset once, weighted by the orders it stands for.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ScriptedRng
from rollwerk.checks import (
    Degree,
    Outcome,
    Parameter,
    define_check,
    enumerate_faces,
    pool_dice,
    successes,
)
from rollwerk.checks._toolkit import _multisets, _unordered_weights
from rollwerk.distribution import Distribution
from rollwerk.errors import LimitExceeded, ParameterError
from rollwerk.testing import (
    ContractViolation,
    assert_check_contract,
    assert_faces_match,
)

DICE = Parameter("dice", int, "pool size", min_value=1, max_value=40)
AT = Parameter("at", int, "a success from", default=5, min_value=1, max_value=6)


def hits(faces: tuple[int, ...], at: int) -> Outcome:
    n = successes(faces, at)
    return Outcome(n > 0, Degree.SUCCESS if n else Degree.FAILURE, n)


POOL = define_check(
    "pool", [DICE, AT], dice=lambda dice: pool_dice(dice, 6), judge=hits, unordered=True
)
ORDERED = define_check(
    "pool", [DICE, AT], dice=lambda dice: pool_dice(dice, 6), judge=hits
)


def test_multisets_weigh_each_by_its_orders():
    assert _multisets(3, 2) == [
        ((1, 1), 1),
        ((1, 2), 2),
        ((1, 3), 2),
        ((2, 2), 1),
        ((2, 3), 2),
        ((3, 3), 1),
    ]
    assert _multisets(6, 0) == [((), 1)]
    assert _multisets(1, 3) == [((1, 1, 1), 1)]


@given(st.integers(1, 8), st.integers(0, 6))
def test_multisets_count_and_weights_add_up(sides: int, n: int):
    found = _multisets(sides, n)
    assert len(found) == math.comb(n + sides - 1, n)
    assert sum(w for _, w in found) == sides**n
    assert all(list(faces) == sorted(faces) for faces, _ in found)


def test_twenty_d6_are_53130_multisets_with_exact_odds():
    check = POOL.build("demo", dice=20)
    assert sum(1 for _ in check.face_weights()) == 53130
    dist = check.outcomes()
    assert dist.probability(lambda o: not o.success) == Fraction(2, 3) ** 20
    assert dist.map(lambda o: o.value).mean() == Fraction(20, 3)


@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_unordered_odds_equal_every_face_combination(n: int):
    assert (
        POOL.build("demo", dice=n).outcomes()
        == ORDERED.build("demo", dice=n).outcomes()
    )


DIE = st.tuples(st.sampled_from([2, 3, 4]), st.sampled_from(["a", "b"]))


@given(st.lists(DIE, min_size=0, max_size=5))
def test_mixed_groups_agree_with_enumerating_every_combination(
    dice: list[tuple[int, str]],
):
    """Dice of other sides or roles keep their places; only equals are pooled."""

    def judge(faces: tuple[int, ...]) -> Outcome:
        # order-free within each (sides, role) group, not across groups
        key = sum(
            (i + 1) * sum(f * f for f, d in zip(faces, dice, strict=True) if d == die)
            for i, die in enumerate(sorted(set(dice)))
        )
        return Outcome(key % 2 == 0, Degree.SUCCESS, key)

    unordered = enumerate_faces(dice, judge, unordered=True)
    assert unordered == enumerate_faces(dice, judge)
    weights = list(_unordered_weights(dice))
    assert sum(w for _, w in weights) == math.prod(s for s, _ in dice)


def test_the_budget_counts_multisets():
    with pytest.raises(LimitExceeded) as exc:
        POOL.build("demo", dice=30).outcomes()
    assert str(exc.value) == (
        "face enumeration budget limit exceeded: 324632 is more than the "
        "maximum of 200000 (by 124632)"
    )
    roomy = define_check(
        "pool",
        [DICE, AT],
        dice=lambda dice: pool_dice(dice, 6),
        judge=hits,
        unordered=True,
        budget=math.comb(35, 5),
    )
    dist = roomy.build("demo", dice=30, at=6).outcomes()
    assert dist.probability(lambda o: not o.success) == Fraction(5, 6) ** 30


def test_resolving_records_the_faces_in_the_order_drawn():
    result = POOL.build("demo", dice=3).resolve(ScriptedRng([6, 1, 5]))
    assert [r.face for r in result.rolls] == [6, 1, 5]
    assert result.value == 2


def test_the_contract_kit_accepts_an_order_free_judge():
    check = POOL.build("demo", dice=4)
    assert assert_faces_match(check)
    assert_check_contract(check, resolutions=300, replays=3)


def _first_die(faces: tuple[int, ...]) -> Outcome:
    return Outcome(faces[0] > 3, Degree.SUCCESS, faces[0])


def test_the_contract_kit_refuses_a_judge_that_reads_the_order():
    liar = define_check("liar", dice=[6, 6, 6], judge=_first_die, unordered=True)
    with pytest.raises(ContractViolation) as exc:
        assert_faces_match(liar.build("demo"))
    assert str(exc.value) == (
        "demo:liar(): is declared unordered, but the faces [1, 1, 2] give "
        "Outcome(success=False, degree=<Degree.SUCCESS: 'success'>, value=1, "
        "rolled=True, extras=(), level=None) and the same faces as [2, 1, 1] "
        "give Outcome(success=False, degree=<Degree.SUCCESS: 'success'>, value=2, "
        "rolled=True, extras=(), level=None)"
    )


def test_unordered_is_a_flag_and_not_with_a_stop_rule():
    with pytest.raises(ParameterError) as exc:
        define_check("x", dice=[6], judge=_first_die, unordered=1)  # type: ignore[arg-type]
    assert str(exc.value) == "unordered must be True or False, got 1"
    with pytest.raises(ParameterError) as exc:
        define_check(
            "x", dice=[6, 6], judge=_first_die, unordered=True, stop=lambda f: True
        )
    assert str(exc.value) == (
        "unordered must be False with a stop rule (it reads the order), got True"
    )
    with pytest.raises(ParameterError):
        enumerate_faces([6, 6], _first_die, unordered=True, stop=lambda f: True)


def test_the_kit_counts_a_large_pools_multisets_without_listing_them(monkeypatch):
    """60d6 with a closed form: beyond both budgets, decided by formula.

    Listing the multisets first (to count them) built all of them: the
    contract never finished for a pool of 60 dice.
    """

    def odds(dice: int, at: int) -> Distribution[Outcome]:
        miss = Fraction(at - 1, 6) ** dice
        return Distribution(
            {
                hits((6,), 6): 1 - miss,
                hits((1,), 6): miss,
            }
        )

    big = define_check(
        "pool",
        [Parameter("dice", int, min_value=1, max_value=60), AT],
        dice=lambda dice: pool_dice(dice, 6),
        judge=lambda faces, at: Outcome(
            successes(faces, at) > 0,
            Degree.SUCCESS if successes(faces, at) else Degree.FAILURE,
            int(successes(faces, at) > 0),
        ),
        odds=odds,
        unordered=True,
    )
    check = big.build("demo", dice=60)

    def never(self: object) -> object:
        raise AssertionError("the ways were listed")

    monkeypatch.setattr(type(check), "face_weights", never)
    assert assert_faces_match(check) is False
