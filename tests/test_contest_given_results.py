"""``resolve_contest`` takes outcomes; given results it says so.

A ruleset with success levels ranked a ``CheckResult`` as if it were a level
id (``level must be one of miss, hit, got CheckResult(...)``). The message
now names what was passed, what is expected and ``contest_result``.
"""

from __future__ import annotations

import pytest

from rollwerk import ScriptedRng, build_check
from rollwerk.checks import (
    CheckResult,
    ContestOutcome,
    Degree,
    Level,
    Outcome,
    SuccessLevels,
    define_check,
)
from rollwerk.errors import ParameterError
from rollwerk.rulesets import contest_result, define_ruleset, resolve_contest

LEVELS = SuccessLevels(
    Level("miss", Degree.FAILURE, en="miss"),
    Level("hit", Degree.SUCCESS, en="hit"),
)
HIT_OR_MISS = define_check(
    "c",
    dice=[6],
    judge=lambda faces: LEVELS.outcome("hit" if faces[0] > 3 else "miss", faces[0]),
)
RULESET = define_ruleset("x", "X", levels=LEVELS, checks=[HIT_OR_MISS])
REASON = (
    " must be an Outcome, not a CheckResult (its outcome is "
    "result.outcome()); resolve_contest takes two outcomes, "
    "contest_result(ruleset, first, second) two results, got CheckResult("
)
MESSAGE = f"outcome{REASON}"


def _results() -> tuple[CheckResult, CheckResult]:
    check = build_check(RULESET)
    return check.resolve(ScriptedRng([5])), check.resolve(ScriptedRng([2]))


@pytest.mark.parametrize("with_checks", [False, True])
def test_results_given_to_resolve_contest_are_refused_clearly(
    with_checks: bool,
) -> None:
    first, second = _results()
    check = build_check(RULESET)
    checks = (check, check) if with_checks else None
    with pytest.raises(ParameterError) as info:
        resolve_contest(RULESET, first, second, checks=checks)  # type: ignore[arg-type]
    # the side is named (a held-out author could not tell which one it was)
    assert str(info.value).startswith(f"first{REASON}")
    assert info.value.parameter == "first"
    assert info.value.value is first
    with pytest.raises(ParameterError) as info:
        resolve_contest(RULESET, first.outcome(), second, checks=checks)  # type: ignore[arg-type]
    assert str(info.value).startswith(f"second{REASON}")
    assert info.value.value is second


def test_their_outcomes_or_contest_result_decide_the_contest() -> None:
    first, second = _results()
    outcome = resolve_contest(RULESET, first.outcome(), second.outcome())
    assert outcome is ContestOutcome.FIRST
    decided = contest_result(RULESET, first, second)
    assert decided.outcome is ContestOutcome.FIRST
    assert decided.explain() == (
        "the first side wins\n  first: d6 5 → 5: hit\n  second: d6 2 → 2: miss"
    )


def test_rank_names_what_it_takes() -> None:
    first, _ = _results()
    assert LEVELS.rank("hit") == 1
    assert LEVELS.rank(first.outcome()) == 1
    with pytest.raises(ParameterError) as info:
        LEVELS.rank(first)  # type: ignore[arg-type]
    # no word of contests: rank is called on its own (a held-out author)
    assert str(info.value).startswith(
        "level must be a level id or an Outcome, not a CheckResult (its outcome "
        "is result.outcome()), got CheckResult("
    )
    with pytest.raises(ParameterError) as info:
        LEVELS.rank(1)  # type: ignore[arg-type]
    assert str(info.value) == "level must be a level id or an Outcome, got 1"
    with pytest.raises(ParameterError) as info:
        LEVELS.rank("fumble")
    assert str(info.value) == "level must be one of miss, hit, got 'fumble'"


def test_a_contest_too_large_to_judge_pair_by_pair_names_itself() -> None:
    """A held-out rules lawyer: DS4's slaying dice contest was refused as
    ``combine: exact computation size limit exceeded…``, a step nobody
    called. The refusal names the contest and each side's outcomes."""
    from rollwerk import Distribution
    from rollwerk.errors import LimitExceeded
    from rollwerk.rulesets import _pairwise

    many = Distribution.uniform(
        [Outcome(True, Degree.SUCCESS, v) for v in range(1, 3001)]
    )
    with pytest.raises(LimitExceeded) as info:
        _pairwise(many, many, lambda a, b: ContestOutcome.TIE)
    assert str(info.value) == (
        "contest_odds of 3000 × 3000 outcomes judged pair by pair (fewer outcomes "
        "on either side would do): exact computation size limit exceeded: "
        "27000000 is more than the maximum of 4000000 (by 23000000)"
    )  # 3 units a pair: 1 for the pair, 2 for an Outcome (distributions.md)
