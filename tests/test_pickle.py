"""Results, checks, texts and catalogs survive ``pickle`` as equal values.

A bot hands results to worker processes or a cache; every value there is
frozen, so a round trip must give an equal value that behaves the same.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

import rollwerk
from rollwerk import ScriptedRng, SeededRng
from rollwerk.checks import Degree, Outcome, Parameter, check_from_request, define_check
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.notation import parse
from rollwerk.plugins import Registry
from rollwerk.rulesets import Ruleset, define_ruleset

WORDS = Catalog(
    {
        "en": {"pick.hit": "hit on {face}", "pick.miss": "miss on {face}"},
        "de": {"pick.hit": "Treffer mit {face}", "pick.miss": "daneben mit {face}"},
    }
)
TARGET = Parameter("target", int, min_value=1, max_value=6)


def _judge(faces: tuple[int, ...], target: int) -> Outcome:
    hits = sum(face >= target for face in faces)
    return Outcome(hits > 0, Degree.SUCCESS if hits else Degree.FAILURE, hits)


def _stop(faces: tuple[int, ...], target: int) -> bool:
    return faces[-1] >= target  # the first hit settles it


def _explain(faces: tuple[int, ...], outcome: Outcome, target: int) -> Text:
    return WORDS.text("pick.hit" if outcome.success else "pick.miss", face=faces[-1])


PICK = define_ruleset(
    "pick",
    "Pick",
    version="1",
    catalog=WORDS,
    checks=[
        define_check(
            "try", [TARGET], dice=[6, 6, 6], judge=_judge, stop=_stop, explain=_explain
        )
    ],
)


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [PICK]


def _round_trip(value: object) -> object:
    return pickle.loads(pickle.dumps(value))


def test_the_core_catalog_stays_one_object_and_others_copy() -> None:
    assert _round_trip(CORE) is CORE
    copy = _round_trip(WORDS)
    assert copy == WORDS
    assert copy is not WORDS
    assert copy.render("de", "pick.hit", face=5) == "Treffer mit 5"


def test_a_text_pickles_with_its_fields_and_catalog() -> None:
    text = WORDS.text("pick.miss", face=Text.fixed(en="two", de="zwei"))
    copy = _round_trip(text)
    assert copy == text
    assert (copy("en"), copy("de")) == ("miss on two", "daneben mit zwei")


@pytest.mark.parametrize("explained_first", [False, True])
def test_a_guarded_toolkit_check_and_its_result_round_trip(
    explained_first: bool,
) -> None:
    ruleset = Registry(load_entrypoints=False, plugins=[_Plugin()]).ruleset("pick")
    check = check_from_request(ruleset, "target=5")
    result = check.resolve(ScriptedRng([2, 5]))
    if explained_first:  # a deferred explanation, built or not, pickles
        assert result.explain() == "hit on 5"
    copy = _round_trip(result)
    assert copy == result
    assert copy.explain("de") == "Treffer mit 5"
    again = _round_trip(check)
    assert again == check
    assert again.parameters == {"target": 5}
    # the stop rule is built again: the copy draws and judges as the original
    assert [again.resolve(SeededRng(seed)) for seed in range(20)] == [
        check.resolve(SeededRng(seed)) for seed in range(20)
    ]
    assert again.outcomes() == check.outcomes()


@pytest.mark.parametrize(
    ("notation", "dialect"),
    [
        ("4d6kh3+2", "rollwerk"),
        ("1d20+5", "rollwerk"),
        ("10d6>=5", "rollwerk"),
        ("8d6!", "rollwerk"),
        ("2d6 # damage", "rollwerk"),
        ("3d6>3", "roll20"),
    ],
)
def test_a_rolled_expression_round_trips_after_it_was_compiled(
    notation: str, dialect: str
) -> None:
    expr = parse(notation, dialect=dialect)
    result = expr.roll(SeededRng(11))  # compiles the roller (a closure)
    explained = result.explain()  # and the renderer
    copy = _round_trip(result)
    assert copy == result
    assert copy.explain() == explained
    assert copy.comment == result.comment
    again = _round_trip(expr)
    assert again == expr
    assert again.roll(SeededRng(11)) == result
    assert again.distribution() == expr.distribution()


def test_a_distribution_round_trips_with_its_exact_weights() -> None:
    dist = parse("3d6").distribution()
    copy = _round_trip(dist)
    assert copy == dist
    assert hash(copy) == hash(dist)
    assert copy[10] == Fraction(1, 8)
    assert list(copy) == list(dist)
