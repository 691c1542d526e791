"""An extra ``True`` is another outcome than an extra ``1``; budgets with stop rules.

Found by an outside author (a Year Zero closed form that wrote
``face == 1`` where the judge wrote ``int(face == 1)``): Python's
``True == 1`` let the contract kit pass a closed form whose JSON differs.
"""

from __future__ import annotations

import itertools

import pytest

from rollwerk import Degree, Distribution, Outcome
from rollwerk.checks import define_check
from rollwerk.errors import LimitExceeded
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import ContractViolation, assert_ruleset_contract


def _out(hurt: object) -> Outcome:
    return Outcome(False, Degree.FAILURE, 0, extras={"hurt": hurt})


def test_bool_and_int_extras_are_different_outcomes() -> None:
    assert _out(True) != _out(1)
    assert _out(False) != _out(0)
    assert _out(True) == _out(True)
    assert hash(_out(True)) == hash(_out(True))
    assert len({_out(True), _out(1), _out(False), _out(0)}) == 4
    assert _out(1) == _out(1)
    dist = Distribution.from_weights({_out(True): 1, _out(1): 1})
    assert len(dist.support) == 2
    assert _out(True).to_json()["hurt"] is True
    assert Outcome.from_json(_out(True).to_json()) == _out(True)
    assert Outcome.from_json(_out(1).to_json()) == _out(1)


def test_the_kit_catches_a_closed_form_that_writes_true_for_the_judges_1() -> None:
    def judge(faces: tuple[int, ...]) -> Outcome:
        return _out(int(faces[0] == 1))

    def odds() -> Distribution[Outcome]:
        return Distribution.uniform(range(1, 7)).map(lambda f: _out(f == 1))

    check = define_check("c", dice=[6], judge=judge, odds=odds)
    ruleset = define_ruleset("b", "B", version="1", checks=[check])
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(ruleset)
    assert str(info.value) == (
        "b:c(): outcomes() says P(Outcome(success=False, degree=<Degree.FAILURE: "
        "'failure'>, value=0, rolled=True, extras=(('hurt', 0),), level=None)) = 0 "
        "but enumerating all 6 face combinations gives 5/6 (there is "
        "Outcome(success=False, degree=<Degree.FAILURE: 'failure'>, value=0, "
        "rolled=True, extras=(('hurt', False),), level=None): an extra True or "
        "False is another outcome than the integer 1 or 0, as its JSON is)"
    )


def _stop_after_rerolls(faces: tuple[int, ...]) -> bool:
    # four dice, then one more for every one of them that is not a 6
    return len(faces) >= 4 and len(faces) == 4 + sum(f != 6 for f in faces[:4])


def _sum(faces: tuple[int, ...]) -> Outcome:
    return Outcome(True, Degree.SUCCESS, sum(faces))


def test_a_stop_rule_count_cut_short_is_named_as_a_lower_bound() -> None:
    """31**4 = 923 521 ways, counted to twice the budget, not 6**8 combinations."""
    check = define_check("c", dice=[6] * 8, judge=_sum, stop=_stop_after_rerolls)
    with pytest.raises(LimitExceeded) as info:
        check.build("demo").outcomes()
    assert str(info.value) == (
        "face enumeration budget limit exceeded: at least 400001 is more than the "
        "maximum of 200000 (by at least 200001)"
    )
    assert (info.value.value, info.value.at_least) == (400_001, True)
    # counted to the end within twice the budget: the exact number of ways
    check = define_check(
        "c", dice=[6] * 8, judge=_sum, stop=_stop_after_rerolls, budget=500_000
    )
    with pytest.raises(LimitExceeded) as info:
        check.build("demo").outcomes()
    assert str(info.value) == (
        "face enumeration budget limit exceeded: 923521 is more than the "
        "maximum of 500000 (by 423521)"
    )
    assert info.value.at_least is False


def test_a_stop_rule_within_the_budget_is_not_refused_for_its_combinations() -> None:
    """6**4 = 1296 combinations, but a fourth die only after a 6: 396 ways."""

    def stop(faces: tuple[int, ...]) -> bool:
        return len(faces) == 3 and faces[0] != 6

    check = define_check("c", dice=[6] * 4, judge=_sum, stop=stop, budget=1000)
    dist = check.build("demo").outcomes()
    brute: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=4):
        total = sum(faces) if faces[0] == 6 else sum(faces[:3])
        brute[total] = brute.get(total, 0) + 1
    assert dist.map(lambda o: o.value) == Distribution.from_weights(brute)
    assert len(list(check.build("demo").face_weights())) == 396


def test_assert_faces_match_refuses_a_check_that_is_not_a_toolkit_check() -> None:
    from rollwerk import build_check
    from rollwerk.errors import ParameterError
    from rollwerk.testing import assert_faces_match
    from rollwerk.testing.examples import ToyRuleset

    check = build_check(ToyRuleset(), "check", skill=3)
    with pytest.raises(ParameterError) as info:
        assert_faces_match(check)
    assert str(info.value).startswith(
        "check must be a toolkit check (a FaceCheck, declared with define_check), "
        "got RollUnderCheck("
    )
