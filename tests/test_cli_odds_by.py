"""``rollwerk odds --by degree|level|value|extra:NAME``: one row per group."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rollwerk
from rollwerk import Degree, Outcome
from rollwerk.checks import Level, Parameter, SuccessLevels, define_check
from rollwerk.cli._main import main
from rollwerk.i18n import Catalog
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import examples

LEVELS = SuccessLevels(
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
    Level("great", Degree.SUCCESS, en="great hit", de="Volltreffer"),
)


def _judge(faces: tuple[int, ...], skill: int) -> Outcome:
    level = "great" if faces[0] == 1 else "hit" if faces[0] <= skill else "miss"
    return LEVELS.outcome(level, faces[0])


def _stunts(faces: tuple[int, ...]) -> Outcome:
    """A d6: 4+ succeeds; ``stunt`` (an integer) on doubles, ``tag`` on a 6."""
    first, second = faces
    extras: dict[str, int | str] = {}
    if first == second:
        extras["stunt"] = first // 2
    if 6 in faces:
        extras["tag"] = "six"
    return Outcome(
        first >= 4,
        Degree.SUCCESS if first >= 4 else Degree.FAILURE,
        first,
        extras=extras,
    )


def _duality(faces: tuple[int, ...]) -> Outcome:
    """Hope and fear dice: doubles are critical, else a total of 7 succeeds."""
    hope, fear = faces
    if hope == fear:
        return Outcome(
            True, Degree.CRITICAL_SUCCESS, hope + fear, extras={"with": "critical"}
        )
    made = hope + fear >= 7
    side = "hope" if hope > fear else "fear"
    return Outcome(
        made,
        Degree.SUCCESS if made else Degree.FAILURE,
        hope + fear,
        extras={"with": side},
    )


# German words for the extra "tag" and its value "six"; none in English
STUNT_WORDS = Catalog({"de": {"st.extra.tag": "Marke", "st.extra.tag.six": "Sechs"}})


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        check = define_check(
            "check",
            [Parameter("skill", int, min_value=1, max_value=6)],
            dice=[6],
            judge=_judge,
        )
        stunts = define_check("check", [], dice=[6, 6], judge=_stunts)
        return [
            define_ruleset("lv", "Levels", checks=[check], levels=LEVELS),
            define_ruleset("st", "Stunts", checks=[stunts], catalog=STUNT_WORDS),
            define_ruleset(
                "wz",
                "Duality",
                checks=[define_check("check", [], dice=[6, 6], judge=_duality)],
            ),
        ]


@pytest.fixture
def run(monkeypatch, capsys):
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    registry = Registry(load_entrypoints=False, plugins=[examples, _Plugin()])

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv), registry=registry)
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_by_degree_sums_the_values_of_each_degree(run):
    code, out, err = run("odds", "toy:pool", "dice=4", "threshold=2", "--by", "degree")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "toy:pool dice=4 threshold=2",
        "result   degree            probability       %",
        "success  critical success         1/81   1.23%  █",
        "success  success                 32/81  39.51%  ███████████████████████████",
        "failure  failure              767/1296  59.18%  ████████████████████████████████████████",
        "failure  fumble                 1/1296   0.08%  ▏",
        "P(success) = 11/27 (40.74%)",
    ]


def test_by_level_gives_a_row_per_level_best_first(run):
    code, out, err = run("odds", "lv", "skill=3", "--by", "level")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "result   level      probability       %",
        "success  great hit          1/6  16.67%  █████████████",
        "success  hit                1/3  33.33%  ███████████████████████████",
        "failure  miss               1/2  50.00%  ████████████████████████████████████████",
        "P(success) = 1/2 (50.00%)",
    ]
    # two levels of one degree are one row by degree, named by the degree
    code, out, err = run("odds", "lv", "skill=3", "--by", "degree", "--lang", "de")
    assert out.splitlines()[1:] == [
        "Ergebnis    Grad        Wahrscheinlichkeit       %",
        "Erfolg      Erfolg                     1/2  50,00%  ████████████████████████████████████████",
        "Misserfolg  Misserfolg                 1/2  50,00%  ████████████████████████████████████████",
        "P(Erfolg) = 1/2 (50,00%)",
    ]


def test_by_json_lists_degrees_or_levels_with_exact_probabilities(run):
    code, out, err = run("odds", "toy:pool", "dice=1", "--by", "degree", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "schema": 2,
        "ruleset": "toy",
        "check": "pool",
        "parameters": {"dice": 1, "threshold": 1},
        "degrees": [
            {"success": True, "degree": "critical_success", "probability": "1/3"},
            {"success": False, "degree": "failure", "probability": "1/2"},
            {"success": False, "degree": "critical_failure", "probability": "1/6"},
        ],
    }
    code, out, err = run("odds", "lv", "skill=2", "--by", "level", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["levels"] == [
        {"success": True, "degree": "success", "level": "great", "probability": "1/6"},
        {"success": True, "degree": "success", "level": "hit", "probability": "1/6"},
        {"success": False, "degree": "failure", "level": "miss", "probability": "2/3"},
    ]


def test_by_counts_rows_for_max_outcomes(run):
    code, out, err = run(
        "odds", "lv", "skill=3", "--by", "level", "--max-outcomes", "1", "--json"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert [row["level"] for row in data["levels"]] == ["miss"]
    assert data["omitted"] == {"levels": 2, "probability": "1/2"}
    code, out, err = run(
        "odds", "lv", "skill=3", "--by", "level", "--max-outcomes", "2"
    )
    assert out.splitlines()[-2] == (
        "… 1 level not shown, no likelier than those shown (16.67%); "
        "--max-outcomes N shows more"
    )
    code, out, err = run(
        "odds", "toy:pool", "dice=4", "--by", "degree", "--max-outcomes", "1"
    )
    assert out.splitlines()[-2] == (
        "… 3 degrees not shown, none likelier than those shown (20.99% in all); "
        "--max-outcomes N shows more"
    )
    code, out, err = run(
        "odds",
        "toy:pool",
        "dice=4",
        "--by",
        "degree",
        "--max-outcomes",
        "1",
        "--lang",
        "de",
    )
    assert out.splitlines()[-2] == (
        "… 3 Grade nicht gezeigt, keiner wahrscheinlicher als die gezeigten "
        "(zusammen 20,99%); --max-outcomes N zeigt mehr"
    )


def test_one_row_left_out_is_named_in_the_singular(run):
    code, out, err = run("odds", "toy:pool", "dice=1", "--max-outcomes", "2")
    assert (code, err) == (0, "")
    assert out.splitlines()[-2] == (
        "… 1 outcome not shown, no likelier than those shown (16.67%); "
        "--max-outcomes N shows more"
    )
    code, out, err = run("roll", "1d3", "--odds", "--max-outcomes", "2", "--lang", "de")
    assert out.splitlines()[-1] == (
        "… 1 Ergebnis nicht gezeigt, nicht wahrscheinlicher als die gezeigten "
        "(33,33%); --max-outcomes N zeigt mehr"
    )


def test_by_level_needs_levels_and_is_refused_before_any_work(run):
    code, out, err = run("odds", "toy", "skill=3", "--by", "level")
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: --by must be outcome, degree, value or extra:NAME "
        "(ruleset 'toy' declares no success levels), got 'level'\n"
    )


def test_a_check_name_where_a_parameter_belongs_names_the_target(run):
    code, out, err = run("odds", "toy", "pool", "dice=2")
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: parameter of toy:check must be written key=value (to "
        "choose the check 'pool', write toy:pool), got 'pool'\n"
    )
    code, out, err = run("check", "toy", "pool", "--seed", "1")
    assert code == 2
    assert err.endswith("write toy:pool), got 'pool'\n")


def test_by_value_sums_the_outcomes_of_each_value_highest_first(run):
    code, out, err = run("odds", "toy:pool", "dice=4", "threshold=2", "--by", "value")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "result   value  probability       %",
        "success      4         1/81   1.23%  █",
        "success      3         8/81   9.88%  ██████████",
        "success      2         8/27  29.63%  ██████████████████████████████",
        "failure      1        32/81  39.51%  ████████████████████████████████████████",
        "failure      0        16/81  19.75%  ████████████████████",
        "P(success) = 11/27 (40.74%)",
    ]
    code, out, err = run(
        "odds",
        "toy:pool",
        "dice=4",
        "threshold=2",
        "--by",
        "value",
        "--json",
        "--max-outcomes",
        "4",
    )
    data = json.loads(out)
    assert data["values"][0] == {"success": True, "value": 3, "probability": "8/81"}
    assert data["values"][-1] == {"success": False, "value": 0, "probability": "16/81"}
    assert data["omitted"] == {"values": 1, "probability": "1/81"}


def test_by_extra_sums_the_outcomes_of_each_value_of_one_extra(run):
    # the toy check's fumble (a d6 of 6, then a second 6) is its only extra
    code, out, err = run("odds", "toy", "skill=3", "--by", "extra:fumble")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "result   fumble  probability       %",
        "failure  true           1/12   8.33%  ███████",
        "success  -               1/2  50.00%  ████████████████████████████████████████",
        "failure  -              5/12  41.67%  █████████████████████████████████",
        "P(success) = 1/2 (50.00%)",
    ]


def test_by_extra_orders_values_highest_first_and_outcomes_without_it_last(run):
    code, out, err = run("odds", "st", "--by", "extra:stunt")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "result   stunt  probability       %",
        "success      3         1/36   2.78%  ███",
        "success      2         1/18   5.56%  █████",
        "failure      1         1/18   5.56%  █████",
        "failure      0         1/36   2.78%  ███",
        "success      -         5/12  41.67%  ████████████████████████████████████████",
        "failure      -         5/12  41.67%  ████████████████████████████████████████",
        "P(success) = 1/2 (50.00%)",
    ]
    code, out, err = run("odds", "st", "--by", "extra:tag")
    assert out.splitlines()[1:-1] == [
        "result   tag  probability       %",
        "success  six          2/9  22.22%  █████████████████████",
        "failure  six         1/12   8.33%  ████████",
        "success  -           5/18  27.78%  ███████████████████████████",
        "failure  -           5/12  41.67%  ████████████████████████████████████████",
    ]


def test_an_extras_name_and_value_are_shown_in_the_rulesets_words(run):
    code, out, err = run("odds", "st", "--by", "extra:tag", "--lang", "de")
    assert out.splitlines()[1:-1] == [
        "Ergebnis    Marke  Wahrscheinlichkeit       %",
        "Erfolg      Sechs                 2/9  22,22%  █████████████████████",
        "Misserfolg  Sechs                1/12   8,33%  ████████",
        "Erfolg      -                    5/18  27,78%  ███████████████████████████",
        "Misserfolg  -                    5/12  41,67%  ████████████████████████████████████████",
    ]
    code, out, err = run("check", "st", "--rolls", "6,6", "--lang", "de")
    assert out.splitlines()[1] == "Ergebnis: Erfolg, Wert 6; stunt=3, Marke=Sechs"
    code, out, err = run("check", "st", "--rolls", "6,6")
    assert out.splitlines()[1] == "result: success, value 6; stunt=3, tag=six"
    # JSON keeps the values as the plugin wrote them
    code, out, err = run("odds", "st", "--by", "extra:tag", "--json", "--lang", "de")
    assert (code, err) == (0, "")
    assert json.loads(out)["extras"][0] == {
        "success": True,
        "value": "six",
        "probability": "2/9",
    }


def test_by_extra_in_json_names_the_extra_and_lists_its_values(run):
    code, out, err = run(
        "odds", "st", "--by", "extra:stunt", "--json", "--max-outcomes", "3"
    )
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "schema": 2,
        "ruleset": "st",
        "check": "check",
        "parameters": {},
        "extra": "stunt",
        "extras": [
            {"success": True, "value": 2, "probability": "1/18"},
            {"success": True, "value": None, "probability": "5/12"},
            {"success": False, "value": None, "probability": "5/12"},
        ],
        "omitted": {"extras": 3, "probability": "1/9"},
    }
    code, out, err = run("odds", "st", "--by", "extra:stunt", "--max-outcomes", "5")
    assert out.splitlines()[-2] == (
        "… 1 value not shown, no likelier than those shown (2.78%); "
        "--max-outcomes N shows more"
    )


def test_by_extra_names_the_extras_there_are(run):
    code, out, err = run("odds", "st", "--by", "extra:stunts")
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: --by must be extra:NAME with NAME one of 'stunt', 'tag' "
        "(the extras of st:check's outcomes with these parameters), "
        "got 'extra:stunts'\n"
    )
    code, out, err = run("odds", "toy", "skill=3", "--by", "extra:Fumble")
    assert err == (
        "rollwerk: error: --by must be extra:NAME with NAME 'fumble' (the extras "
        "of toy:check's outcomes with these parameters), got 'extra:Fumble'\n"
    )
    code, out, err = run("odds", "toy:pool", "dice=2", "--by", "extra:fumble")
    assert (code, out) == (2, "")
    # toy has no success levels, so --by level is not offered (a held-out
    # designer was offered it, and --by level then refused)
    assert err == (
        "rollwerk: error: --by must be outcome, degree or value (the "
        "outcomes of toy:pool with these parameters have no extras), got "
        "'extra:fumble'\n"
    )
    code, out, err = run("odds", "lv", "skill=3", "--by", "extra:fumble")
    assert err == (
        "rollwerk: error: --by must be outcome, degree, level or value (the "
        "outcomes of lv:check with these parameters have no extras), got "
        "'extra:fumble'\n"
    )


@pytest.mark.parametrize("by", ["extra:", "extras:stunt", "Degree", ""])
def test_an_unknown_by_is_refused_before_the_ruleset_is_looked_up(run, by):
    code, out, err = run("odds", "nosuch", "--by", by)
    assert (code, out) == (2, "")
    assert err == (
        "rollwerk: error: --by must be outcome, degree, level, value or "
        f"extra:NAME (an extra's name), got {by!r}\n"
    )


def test_by_extra_lists_text_values_where_the_full_table_first_has_them(run):
    # text has no order of its own: "critical" comes first, as its best
    # outcome does in the full table, not last as in reversed ABC order
    code, out, err = run("odds", "wz", "--by", "extra:with")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "result   with      probability       %",
        "success  critical          1/6  16.67%  ███████████████████████████",
        "success  hope              1/4  25.00%  ████████████████████████████████████████",
        "failure  hope              1/6  16.67%  ███████████████████████████",
        "success  fear              1/4  25.00%  ████████████████████████████████████████",
        "failure  fear              1/6  16.67%  ███████████████████████████",
        "P(success) = 2/3 (66.67%)",
    ]
