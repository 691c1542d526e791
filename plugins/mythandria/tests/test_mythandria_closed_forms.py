"""The closed-form odds of both checks equal judging every face (issue 19).

``outcomes()`` of a decision or comparison check is the plugin's closed form
(``odds=``); ``enumerate()`` still judges the 100 d100 faces, or the 100
pairs of 2d10 faces, one by one through the toolkit. The two must be equal
exactly, for both dice and over the whole range of check values.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import Degree, build_check
from rollwerk_mythandria import (
    COMPARISON,
    DECISION,
    PW_MAX,
    PW_MIN,
    RULESET,
    comparison_check,
    decision_check,
)

DICE = ("d100", "2d10")
# the designer's table (issue 19): every clamped value 1..99 and both sides
TABLE = range(-50, 151)
EDGES = (PW_MIN, PW_MIN + 1, -1, 0, 1, 2, 98, 99, 100, 101, PW_MAX - 1, PW_MAX)


def test_my_r06_r08_checks_declare_closed_forms() -> None:
    """MY-R06 / MY-R08: both checks have a closed form, so nothing is enumerated."""
    assert DECISION.odds is not None
    assert COMPARISON.odds is not None


@pytest.mark.parametrize("dice", DICE)
def test_my_r04_r06_r07_decision_closed_form_equals_enumeration(dice: str) -> None:
    """MY-R04 / MY-R06 / MY-R07: closed form == enumeration at every pw of the table.

    The d100 and the 2d10 read as tens and units give the same distribution.
    """
    for pw in (*TABLE, *EDGES):
        check = decision_check(pw, dice)
        odds = check.outcomes()
        assert odds == check.enumerate(), (pw, dice)
        assert odds == decision_check(pw).enumerate(), (pw, dice)
        assert odds.probability(lambda o: o.success) == Fraction(
            min(max(pw, 1), 99), 100
        )


@pytest.mark.parametrize("dice", DICE)
def test_my_r04_r08_comparison_closed_form_equals_enumeration(dice: str) -> None:
    """MY-R04 / MY-R08: closed form == enumeration at every pw of the table."""
    for pw in (*TABLE, *EDGES):
        check = comparison_check(pw, dice)
        odds = check.outcomes()
        assert odds == check.enumerate(), (pw, dice)
        assert odds == comparison_check(pw).enumerate(), (pw, dice)


@settings(max_examples=25, deadline=None)
@given(
    pw=st.integers(PW_MIN, PW_MAX),
    dice=st.sampled_from(DICE),
    name=st.sampled_from(["decision", "comparison"]),
)
def test_my_r06_r07_r08_closed_forms_in_the_declared_range(
    pw: int, dice: str, name: str
) -> None:
    """MY-R06 / MY-R07 / MY-R08: through the registry's ``build_check`` as well."""
    check = build_check(RULESET, name, pw=pw, dice=dice)
    build = decision_check if name == "decision" else comparison_check
    assert check.outcomes() == build(pw, dice).enumerate()


def test_my_r07_decision_odds_are_shared_by_clamped_pw() -> None:
    """MY-R07: pw ≤ 1 all behave alike, and so do pw ≥ 99; outcomes are shared."""
    low = decision_check(1).outcomes()
    assert decision_check(-50).outcomes() is low
    assert decision_check(0, "2d10").outcomes() is low
    assert decision_check(150).outcomes() is decision_check(99).outcomes()
    assert decision_check(35).outcomes() is not decision_check(36).outcomes()
    # the roll 1 is one shared extraordinary success at every pw (MY-R06)
    ones = {
        id(o)
        for pw in (-5, 35, 120)
        for o in decision_check(pw).outcomes().support
        if o.value == 1
    }
    assert len(ones) == 1
    (one,) = (o for o in low.support if o.value == 1)
    assert one.degree is Degree.CRITICAL_SUCCESS
    assert one.success
