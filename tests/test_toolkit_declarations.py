"""Mistakes a plugin author makes, caught when declared or by the contract kit.

Found by writing held-out systems from the docs: a misspelt parameter in a
judge, German words missing from a ruleset's catalog or a level's labels.
"""

from __future__ import annotations

import pytest

from rollwerk.checks import Degree, Level, Outcome, Parameter, define_check
from rollwerk.errors import ParameterError
from rollwerk.i18n import Catalog, Text
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_check_contract,
    assert_ruleset_declaration,
)

SKILL = Parameter("skill", int, "skill", min_value=0, max_value=5)


def _judge(faces: tuple[int, ...], skill: int) -> Outcome:
    hit = faces[0] <= skill
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


def test_a_misspelt_parameter_is_refused_when_declared():
    def judge(faces: tuple[int, ...], skil: int) -> Outcome:
        return _judge(faces, skil)

    with pytest.raises(ParameterError) as info:
        define_check("check", [SKILL], dice=[6], judge=judge)
    assert str(info.value) == (
        "judge parameter must be a parameter the check declares ('skill') or "
        "one with a default, got 'skil'"
    )
    with pytest.raises(ParameterError) as info:
        define_check("check", [], dice=lambda dice: [6] * dice, judge=_judge)
    assert str(info.value) == (
        "dice parameter must be a parameter the check declares (none) or one "
        "with a default, got 'dice'"
    )


def test_functions_may_take_defaults_keywords_and_fewer_parameters():
    def judge(
        faces: tuple[int, ...], *, skill: int, house_rule: bool = False
    ) -> Outcome:
        return _judge(faces, skill)

    def explain(faces: tuple[int, ...], outcome: Outcome, **params: object) -> Text:
        return Text.fixed(en=f"{faces[0]}", de=f"{faces[0]}")

    check = define_check(
        "check", [SKILL], dice=lambda: [6], judge=judge, explain=explain
    ).build("demo", skill=3)
    assert check.outcome_for([2]).success
    assert check.result_for([2]).explain("de") == "2"


def test_a_function_that_cannot_take_the_faces_is_refused():
    def judge() -> Outcome:
        return Outcome(True, Degree.SUCCESS, 1)

    with pytest.raises(ParameterError) as info:
        define_check("check", [], dice=[6], judge=judge)
    assert str(info.value).startswith(
        "judge must be a function taking the faces first, then parameters by "
        "name, got <function "
    )
    with pytest.raises(
        ParameterError,
        match=r"^explain must be a function taking the faces and the outcome first",
    ):
        define_check("check", [], dice=[6], judge=_judge_free, explain=_judge_free)
    # faces by keyword only: said the same way (a held-out author was told
    # 'faces' is not a parameter the check declares)

    def keyword_faces(*, faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, 1)

    with pytest.raises(ParameterError) as info:
        define_check("check", [], dice=[6], judge=keyword_faces)
    assert str(info.value).startswith(
        "judge must be a function taking the faces first, then parameters by "
        "name, got <function "
    )


def _judge_free(faces: tuple[int, ...]) -> Outcome:
    return Outcome(True, Degree.SUCCESS, faces[0])


LEVELS = [
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("good", Degree.SUCCESS, en="good", deu="gut"),  # a typo for de
]


def test_a_level_without_german_words_fails_the_declaration():
    rs = define_ruleset(
        "typo",
        "Typo",
        checks=[define_check("check", dice=[6], judge=_judge_free)],
        levels=LEVELS,
    )
    assert rs.labels["de"]["good"] == "good"  # falls back to English
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(rs)
    assert str(info.value) == (
        "ruleset 'typo': its catalog lacks in 'de' (these words would fall back "
        "to English): typo.label.good"
    )


def test_an_explanation_that_falls_back_to_english_fails_the_contract():
    catalog = Catalog(
        {
            "en": {"half.explain": "rolled {face}", "half.label.success": "hit"},
            "de": {"half.label.success": "Treffer"},
        }
    )

    def explain(faces: tuple[int, ...], outcome: Outcome) -> Text:
        return Text("half.explain", {"face": faces[0]}, catalog)

    rs = define_ruleset(
        "half",
        "Half",
        checks=[define_check("check", dice=[6], judge=_judge_free, explain=explain)],
        catalog=catalog,
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(rs)
    assert str(info.value) == (
        "ruleset 'half': its catalog lacks in 'de' (these words would fall back "
        "to English): half.explain"
    )
    check = rs.checks()[0].build()
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(check, resolutions=50, replays=1)
    assert str(info.value) == (
        "half:check(): the explanation of Outcome(success=True, "
        "degree=<Degree.SUCCESS: 'success'>, value=1, rolled=True, extras=(), "
        "level=None) uses the message 'half.explain', which its catalog lacks "
        "in 'de' (it would fall back to English)"
    )


def _highest(faces: tuple[int, ...]) -> Outcome:
    top = max(faces)
    return Outcome(top >= 5, Degree.SUCCESS if top >= 5 else Degree.FAILURE, top)


def _off_by_one_face(wrong: bool) -> object:
    from fractions import Fraction

    from rollwerk.distribution import Distribution

    def odds() -> Distribution[Outcome]:
        # P(highest of 6d6 = k) = (k^6 - (k-1)^6) / 6^6, off by 1/6^6 if wrong
        weights = {_highest((k,)): k**6 - (k - 1) ** 6 for k in range(1, 7)}
        if wrong:
            weights[_highest((6,))] -= 1
            weights[_highest((1,))] += 1
        total = sum(weights.values())
        return Distribution({o: Fraction(w, total) for o, w in weights.items()})

    return odds


def test_a_closed_form_beyond_the_replay_budget_is_still_judged():
    """Six d6 (46 656 combinations) are over FACE_BUDGET but within ODDS_BUDGET."""
    from rollwerk.testing import FACE_BUDGET, ODDS_BUDGET, assert_faces_match

    assert FACE_BUDGET < 6**6 <= ODDS_BUDGET
    good = define_check("c", dice=[6] * 6, judge=_highest, odds=_off_by_one_face(False))
    assert assert_faces_match(good.build("demo"))
    bad = define_check("c", dice=[6] * 6, judge=_highest, odds=_off_by_one_face(True))
    with pytest.raises(ContractViolation) as info:
        assert_faces_match(bad.build("demo"))
    assert str(info.value) == (
        "demo:c(): the closed form says P(Outcome(success=False, "
        "degree=<Degree.FAILURE: 'failure'>, value=1, rolled=True, extras=(), "
        "level=None)) = 1/23328 but judging the 46656 ways the dice can fall "
        "gives 1/46656"
    )
    assert not assert_faces_match(bad.build("demo"), odds_budget=46655)


def test_a_ruleset_that_refuses_every_check_fails_the_contract_plainly() -> None:
    """Not hypothesis' Unsatisfiable: the kit says what it could not do."""
    from rollwerk.testing import assert_ruleset_contract

    def never(skill: int) -> list[int]:
        raise ParameterError("skill", skill, "a skill this ruleset accepts (none)")

    rs = define_ruleset(
        "never",
        "Never",
        version="1",
        checks=[define_check("check", [SKILL], dice=never, judge=_judge)],
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(rs)
    assert str(info.value) == (
        "ruleset 'never', check 'check': the ruleset refused to build the check "
        "for every parameter set drawn from its declared ranges (and at their "
        "corners)"
    )


def test_a_failing_explanation_is_a_contract_violation() -> None:
    def explain(faces: tuple[int, ...], outcome: Outcome) -> Text:
        if faces[0] == 6:
            raise KeyError("ladder")
        return Text.fixed(en=str(faces[0]), de=str(faces[0]))

    check = define_check("c", dice=[6], judge=_judge_free, explain=explain).build("d")
    with pytest.raises(ContractViolation) as info:
        assert_check_contract(check, resolutions=60, replays=2)
    assert str(info.value).startswith(
        "d:c(): explaining the result of the faces [6] in 'en' failed: the explain "
        "function of d:c raised KeyError"
    )


@pytest.mark.parametrize("item", [(3,), (3, "a", "b"), ()])
def test_a_die_that_is_not_a_pair_is_refused(item: tuple[object, ...]) -> None:
    with pytest.raises(ParameterError) as info:
        define_check("c", dice=[item], judge=_judge_free)  # type: ignore[list-item]
    assert str(info.value) == f"dice must be sides >= 1, or (sides, role), got {item!r}"
