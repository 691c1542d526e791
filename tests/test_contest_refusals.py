"""The contest functions refuse what is not two sides and a pair of checks.

An outside author (Call of Cthulhu from the docs alone) found that
``checks=(a,)`` raised ``IndexError``, ``checks=("x", "y")`` and a ``None``
side ``AttributeError``, that ``resolve_contest`` passed a check of another
ruleset to the rule, and that ``contest_result`` decided with checks that
did not give its results. Each is now a ``ParameterError`` or a
``ContestError`` naming it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ScriptedRng, build_check
from rollwerk.checks import (
    Check,
    ContestOutcome,
    Degree,
    Outcome,
    Parameter,
    check_from_request,
    define_check,
)
from rollwerk.errors import ContestError, ParameterError, RollwerkError
from rollwerk.rulesets import (
    contest_odds,
    contest_result,
    define_ruleset,
    resolve_contest,
)

SKILL = Parameter("skill", int, min_value=1, max_value=6)


def _judge(faces: tuple[int, ...], skill: int) -> Outcome:
    if faces[0] <= skill:
        return Outcome(True, Degree.SUCCESS, faces[0])
    return Outcome(False, Degree.FAILURE, faces[0])


def _higher_skill_wins_ties(
    a: Check, x: Outcome, b: Check, y: Outcome
) -> ContestOutcome:
    if x.success != y.success:
        return ContestOutcome.FIRST if x.success else ContestOutcome.SECOND
    skill_a, skill_b = a.parameters["skill"], b.parameters["skill"]
    assert isinstance(skill_a, int)
    assert isinstance(skill_b, int)
    if skill_a == skill_b:
        return ContestOutcome.TIE
    return ContestOutcome.FIRST if skill_a > skill_b else ContestOutcome.SECOND


RULESET = define_ruleset(
    "duel",
    "Duel",
    checks=[
        define_check("d6", [SKILL], dice=[6], judge=_judge),
        define_check("other", [SKILL], dice=[6], judge=_judge),
    ],
    contest_with_checks=_higher_skill_wins_ties,
)
OTHER = define_ruleset(
    "else", "Else", checks=[define_check("d6", [SKILL], dice=[6], judge=_judge)]
)
LOW, HIGH = build_check(RULESET, "d6", skill=2), build_check(RULESET, "d6", skill=5)
FOREIGN = build_check(OTHER, "d6", skill=2)
HIT = LOW.resolve(ScriptedRng([1])).outcome()
PAIR = "checks must be a pair of checks (first, second), got "


def _message(call: Callable[[], object], kind: type[RollwerkError]) -> str:
    with pytest.raises(kind) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize(
    ("checks", "shown"),
    [
        ((), "()"),
        ([], "[]"),
        (("x", "y"), "('x', 'y')"),
        ((None, None), "(None, None)"),
        ("ab", "'ab'"),
    ],
)
def test_checks_that_are_not_a_pair_are_refused(checks: object, shown: str) -> None:
    assert _message(
        lambda: resolve_contest(RULESET, HIT, HIT, checks=checks),  # type: ignore[arg-type]
        ParameterError,
    ) == (PAIR + shown)


@pytest.mark.parametrize("count", [1, 3])
def test_one_or_three_checks_are_refused(count: int) -> None:
    checks = (LOW, HIGH, LOW)[:count]
    message = _message(
        lambda: resolve_contest(RULESET, HIT, HIT, checks=checks),  # type: ignore[arg-type]
        ParameterError,
    )
    assert message.startswith(PAIR + "(FaceCheck(")


def test_a_check_of_another_ruleset_is_refused_before_the_rule_sees_it() -> None:
    assert _message(
        lambda: resolve_contest(RULESET, HIT, HIT, checks=(LOW, FOREIGN)),
        ContestError,
    ) == ("second check must belong to ruleset 'duel', got 'else'")


def test_sides_that_are_not_outcomes_or_checks_are_refused() -> None:
    assert _message(
        lambda: resolve_contest(RULESET, None, HIT, checks=(LOW, HIGH)),  # type: ignore[arg-type]
        ParameterError,
    ) == ("first must be an Outcome, got None")
    assert _message(
        lambda: contest_odds(RULESET, LOW, None),  # type: ignore[arg-type]
        ParameterError,
    ) == ("second must be a check of ruleset 'duel', got None")
    assert _message(
        lambda: contest_result(RULESET, None, None),  # type: ignore[arg-type]
        ParameterError,
    ) == ("first must be a CheckResult, got None")


def test_contest_result_refuses_a_check_that_did_not_give_its_result() -> None:
    first = build_check(RULESET, "other", skill=2).resolve(ScriptedRng([1]))
    second = HIGH.resolve(ScriptedRng([1]))
    assert _message(
        lambda: contest_result(RULESET, first, second, checks=(LOW, HIGH)),
        ContestError,
    ) == (
        "first check must be the check that gave the first result "
        "(duel:other), got duel:d6"
    )


def test_the_right_pair_decides() -> None:
    low, high = LOW.resolve(ScriptedRng([1])), HIGH.resolve(ScriptedRng([1]))
    assert resolve_contest(
        RULESET, low.outcome(), high.outcome(), checks=[LOW, HIGH]
    ) is (ContestOutcome.SECOND)
    assert contest_result(RULESET, low, high, checks=(HIGH, LOW)).outcome is (
        ContestOutcome.FIRST  # the checks decide: their parameters cannot be checked
    )


def test_resolving_with_something_that_is_not_an_rng_names_rng() -> None:
    assert _message(lambda: LOW.resolve(None), ParameterError) == (  # type: ignore[arg-type]
        "rng must be an Rng such as SeededRng(7), SystemRng() or "
        "ScriptedRng([...]), got None"
    )


@pytest.mark.parametrize("request_", [None, 14, [1], ("skill=2", None)])
def test_a_request_of_no_known_form_is_refused(request_: object) -> None:
    assert _message(
        lambda: check_from_request(RULESET, request_),  # type: ignore[arg-type]
        ParameterError,
    ) == (
        'request must be request text ("pw=14"), a list of key=value words or a '
        f"mapping of names to texts, got {request_!r}"
    )
