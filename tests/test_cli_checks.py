"""Tests of ``rollwerk rulesets``, ``check``, ``odds`` and ``contest``."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from fractions import Fraction
from typing import Any

import pytest

import rollwerk
import rollwerk.plugins._registry
from rollwerk import CheckResult, Degree, Outcome, build_check
from rollwerk.checks import Parameter
from rollwerk.cli._main import main
from rollwerk.i18n import Catalog
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry
from rollwerk.testing import examples
from rollwerk.testing.examples import ToyRuleset


@pytest.fixture
def registry(monkeypatch):
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")
    return Registry(load_entrypoints=False, plugins=[examples])


@pytest.fixture
def cli(registry, capsys):
    def run(*argv: str, reg: Registry | None = None) -> tuple[int, str, str]:
        code = main(list(argv), registry=reg or registry)
        out, err = capsys.readouterr()
        return code, out, err

    return run


def fails(cli: Any, *argv: str) -> str:
    code, out, err = cli(*argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("rollwerk: error: ")
    return err.removeprefix("rollwerk: error: ").rstrip("\n")


# -- rulesets --------------------------------------------------------------------


def test_rulesets_lists_id_name_version_distribution_checks(cli):
    code, out, err = cli("rulesets")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "id   name            version  distribution  checks",
        "toy  Toy d6 ruleset  1.0      -             check, pool",
        "optional rules for toy: generous",
    ]


def test_rulesets_names_the_wrapper_that_changed_a_ruleset(cli):
    import attrs

    class Harder:
        @rollwerk.hookimpl(wrapper=True)
        def rollwerk_register_rulesets(self) -> Any:
            results = yield
            return [[attrs.evolve(rs, bonus=-1) for rs in r] for r in results]

    reg = Registry(load_entrypoints=False, plugins=[examples, Harder()])
    code, out, _ = cli("rulesets", reg=reg)
    assert code == 0
    assert out.splitlines()[-2:] == [
        "toy is changed by the wrappers Harder",
        "optional rules for toy: generous",
    ]
    code, out, _ = cli("rulesets", "--lang", "de", reg=reg)
    assert "toy wird von den Wrappern Harder verändert" in out.splitlines()
    code, out, _ = cli("rulesets", "--json", reg=reg)
    assert json.loads(out)["rulesets"][0]["wrapped_by"] == ["Harder"]
    code, out, _ = cli("rulesets", "--json")
    assert json.loads(out)["rulesets"][0]["wrapped_by"] == []


def test_rulesets_lists_a_catalog_that_failed(cli):
    """A held-out CLI user: a plugin whose ``rollwerk_register_catalogs``
    raised was never listed by ``rollwerk rulesets``."""

    def boom() -> list[Any]:
        raise RuntimeError("no words")

    broken = types.ModuleType("rollwerk_words.plugin")
    broken.rollwerk_register_catalogs = rollwerk.hookimpl(boom)  # type: ignore[attr-defined]
    reg = Registry(load_entrypoints=False, plugins=[examples, broken])
    code, out, _ = cli("rulesets", reg=reg)
    assert code == 0
    assert out.splitlines()[-1] == (
        "  plugin 'rollwerk_words.plugin' failed: rollwerk_register_catalogs "
        "raised RuntimeError('no words')"
    )
    code, out, _ = cli("rulesets", "--json", reg=reg)
    assert [f["plugin"] for f in json.loads(out)["failures"]] == [
        "rollwerk_words.plugin"
    ]


def test_rulesets_shows_load_failures(cli):
    def boom() -> list[Any]:
        raise RuntimeError("boom")

    broken = types.ModuleType("rollwerk_broken.plugin")
    broken.rollwerk_register_rulesets = rollwerk.hookimpl(boom)  # type: ignore[attr-defined]
    reg = Registry(load_entrypoints=False, plugins=[examples, broken])
    code, out, _ = cli("rulesets", reg=reg)
    assert code == 0
    assert out.splitlines()[-2:] == [
        "plugins that failed to load:",
        (
            "  plugin 'rollwerk_broken.plugin' failed: "
            "rollwerk_register_rulesets raised RuntimeError('boom')"
        ),
    ]
    code, out, _ = cli("rulesets", "--json", reg=reg)
    data = json.loads(out)
    assert data["failures"] == [
        {
            "plugin": "rollwerk_broken.plugin",
            "distribution": None,
            "reason": "rollwerk_register_rulesets raised RuntimeError('boom')",
        }
    ]
    assert [r["id"] for r in data["rulesets"]] == ["toy"]


def test_rulesets_shows_import_failure_with_distribution(cli):
    class EP:
        name = "ds9"
        value = "rollwerk_ds9.plugin"

        class dist:  # noqa: N801 - mimics EntryPoint.dist
            name = "rollwerk-ds9"

        def load(self) -> Any:
            raise ImportError("cannot import name 'Ruleset'")

    reg = Registry(load_entrypoints=True, plugins=[examples], entry_points=[EP()])
    code, out, _ = cli("rulesets", reg=reg)
    assert code == 0
    assert out.splitlines()[-1] == (
        "  plugin 'ds9' (distribution rollwerk-ds9) failed: import failed: "
        "ImportError(\"cannot import name 'Ruleset'\")"
    )


def test_rulesets_empty(cli):
    code, out, _ = cli("rulesets", reg=Registry(load_entrypoints=False))
    assert (code, out) == (0, "no rulesets installed\n")


def test_rulesets_given_id_colon_check_says_it_takes_the_id(cli):
    # `check`'s ID:CHECK typed to `rulesets` (a held-out Call of Cthulhu author)
    assert fails(cli, "rulesets", "toy:pool") == (
        "ruleset must be a ruleset id; `rollwerk rulesets toy` lists the checks "
        "of toy and their parameters, got 'toy:pool'"
    )
    assert fails(cli, "rulesets", "nope:pool", "--json") == (
        "ruleset must be one of: toy, got 'nope:pool'"
    )


def test_rulesets_details(cli):
    code, out, _ = cli("rulesets", "toy")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "toy: Toy d6 ruleset 1.0"
    assert lines[1] == "check check: roll a d6 under skill + modifier"
    assert (
        lines[2] == "  skill: an integer from 0 to 6; required (the character's skill)"
    )
    assert "difficulties: easy +1, normal +0, hard -1" in lines
    code, out, _ = cli("rulesets", "toy", "--json")
    data = json.loads(out)
    assert data["checks"][1]["parameters"][0] == {
        "name": "dice",
        "type": "int",
        "required": True,
        "default": None,
        "min_value": 1,
        "max_value": 8,
        "choices": None,
        "monotonic": "increasing",
        "aliases": {},
        "help": "the number of d6",
    }
    assert data["round_seconds"] == "5"  # as encounter JSON writes it


class _GermanToyHelp:
    """A plugin that words the toy ruleset's help in German."""

    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [
            Catalog(
                {
                    "en": {},
                    "de": {
                        "toy.help.check": "einen W6 unter Fertigkeit + Modifikator würfeln",
                        "toy.help.check.skill": "die Fertigkeit der Figur",
                        "toy.option.generous": "Großzügig",
                        "toy.option.generous.help": "jede Chance +1, jeder Pool +1 Würfel",
                    },
                }
            )
        ]


def test_rulesets_details_in_german_with_a_catalogs_help(cli):
    reg = Registry(load_entrypoints=False, plugins=[examples, _GermanToyHelp()])
    code, out, err = cli("rulesets", "toy", "--lang", "de", reg=reg)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "toy: Toy d6 ruleset 1.0",
        "Probe check: einen W6 unter Fertigkeit + Modifikator würfeln",
        "  skill: eine ganze Zahl von 0 bis 6; erforderlich (die Fertigkeit der Figur)",
        # without a German message, the help as the plugin wrote it
        "  modifier: eine ganze Zahl von -3 bis 3; Vorgabe 0 (a situational modifier)",
        "  edge: true oder false; Vorgabe false (roll two d6 and keep the lower)",
        (
            "  difficulty: einer der Werte 'easy', 'normal', 'hard'; Vorgabe normal "
            "(easy (+1), normal or hard (-1))"
        ),
        "Probe pool: count 5s and 6s on a pool of d6",
        "  dice: eine ganze Zahl von 1 bis 8; erforderlich (the number of d6)",
        "  threshold: eine ganze Zahl von 1 bis 5; Vorgabe 1 (the successes needed)",
        # the id that is typed, and its German words where they differ
        "Schwierigkeiten: easy (leicht) +1, normal +0, hard (schwer) -1",
        "optionale Regel generous: Großzügig (jede Chance +1, jeder Pool +1 Würfel)",
    ]
    # English is unchanged by the German messages
    code, out, _ = cli("rulesets", "toy", reg=reg)
    assert out.splitlines()[1] == "check check: roll a d6 under skill + modifier"
    assert out.splitlines()[-1] == (
        "optional rule generous: Generous (adds 1 to every chance and one die to every pool)"
    )


def test_rulesets_list_in_german(cli):
    code, out, err = cli("rulesets", "--lang", "de")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "ID   Name            Version  Distribution  Proben",
        "toy  Toy d6 ruleset  1.0      -             check, pool",
        "optionale Regeln von toy: generous",
    ]
    code, out, _ = cli("rulesets", "--lang", "de", reg=Registry(load_entrypoints=False))
    assert (code, out) == (0, "keine Regelwerke installiert\n")


def test_rulesets_refuses_an_unknown_language(cli):
    assert fails(cli, "rulesets", "--lang", "xx") == (
        "argument --lang: invalid choice: 'xx' (choose from 'en', 'de') "
        "(see 'rollwerk rulesets --help')"
    )


# -- check -------------------------------------------------------------------------


def test_check_with_rolls_and_explain(cli):
    code, out, err = cli("check", "toy", "skill=4", "--rolls", "3", "--explain")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "toy:check skill=4 modifier=0 edge=false difficulty=normal",
        "result: success, value 3",
        "rolls: 3 (d6 check)",
        "explanation: rolled 3 against a chance of 4: success",
    ]


def test_check_in_german_with_fumble(cli):
    code, out, _ = cli(
        "check", "toy", "skill=4", "--rolls", "6,2", "--explain", "--lang", "de"
    )
    assert code == 0
    assert out.splitlines()[1:] == [
        "Ergebnis: Misserfolg (Patzer), Wert 6; fumble=true",
        # I3-5: German dice are W6; roles in the catalogs' words
        # (toolkit.role.check, toy.role.fate)
        "Würfe: 6 (W6 Probe), 2 (W6 Schicksal)",
        "Erklärung: 6 gewürfelt gegen eine Chance von 4: Patzer",
    ]


def test_check_with_seed_is_reproducible_and_json(cli):
    _, out1, _ = cli("check", "toy:pool", "dice=5", "--seed", "11", "--json")
    _, out2, _ = cli("check", "toy:pool", "dice=5", "--seed", "11", "--json")
    assert out1 == out2
    data = json.loads(out1)
    assert list(data) == ["schema", "ruleset", "check", "parameters", "seed", "result"]
    assert data["parameters"] == {"dice": 5, "threshold": 1}
    result = CheckResult.from_json(data["result"])
    expected = build_check(ToyRuleset(), "pool", dice=5).resolve(rollwerk.SeededRng(11))
    assert result == expected
    assert set(data["result"]) >= {"success", "degree", "value", "rolls", "explanation"}


def test_check_not_rolled(cli):
    code, out, _ = cli("check", "toy", "skill=1", "modifier=-3")
    assert code == 0
    assert out.splitlines()[1:] == ["result: failure; no roll", "rolls: none"]


def test_check_with_option(cli):
    code, out, _ = cli(
        "check", "toy", "skill=3", "--option", "generous", "--rolls", "4"
    )
    assert code == 0
    assert out.splitlines()[:2] == [
        "toy:check skill=3 modifier=0 edge=false difficulty=normal (options: generous)",
        "result: success, value 4",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("check", "ds5", "pw=4"), "ruleset must be one of: toy, got 'ds5'"),
        (
            ("check", "toy:attack"),
            "check of ruleset 'toy' must be one of: check, pool, got 'attack'",
        ),
        (
            ("check", "toy", "luck=3"),
            (
                "parameter of toy:check must be one of: skill, modifier, edge, "
                "difficulty, got 'luck'"
            ),
        ),
        (
            ("check", "toy", "skill"),
            (
                "parameter of toy:check must be written skill=<value> (skill is an "
                "integer from 0 to 6), got 'skill'"
            ),
        ),
        (
            ("check", "toy", "skill=3", "edge"),
            (
                "parameter of toy:check must be written edge=<value> (edge is true "
                "or false), got 'edge'"
            ),
        ),
        (
            ("check", "toy", "luck"),
            (
                "parameter of toy:check must be written key=value with key one of: "
                "skill, modifier, edge, difficulty, got 'luck'"
            ),
        ),
        (
            ("check", "toy", "=3"),
            (
                "parameter of toy:check must be written key=value with key one of: "
                "skill, modifier, edge, difficulty, got '=3'"
            ),
        ),
        (("check", "toy", "skill=9"), "skill must be an integer from 0 to 6, got 9"),
        (("check", "toy", "skill=x"), "skill must be an integer from 0 to 6, got 'x'"),
        (
            ("check", "toy", "skill=1", "skill=2"),
            "skill must be given once (first as 'skill=1'), got 'skill=2'",
        ),
        (
            ("check", "toy", "skill=1", "edge=maybe"),
            "edge must be true or false (or yes/no, on/off, 1/0, ja/nein, wahr/falsch, an/aus), got 'maybe'",
        ),
        (("check", "toy"), "skill is required (an integer from 0 to 6)"),
        (
            ("check", "toy", "skill=3", "--option", "stingy"),
            "--option must be one of: generous for ruleset 'toy', got 'stingy'",
        ),
        (
            ("check", "toy:pool", "dice=3", "--rolls", "6,2"),
            ("--rolls has too few faces: the 3rd die, a d6, has none (2 were given)"),
        ),
        (
            ("check", "toy:pool", "dice=2", "--rolls", "6,2,1"),
            "--rolls has 1 face too many: the check used 2 of 3",
        ),
        (
            ("check", "toy", "skill=3", "--rolls", "7"),
            "--rolls: the 1st face must be an integer from 1 to 6 for a d6, got 7",
        ),
        (
            ("check", "toy", "skill=3", "--rolls", "1,,2"),
            "--rolls must be comma-separated die faces such as 2,1,17, got '1,,2'",
        ),
        # ASCII digits only, as `roll --rolls` (int() reads both)
        (
            ("check", "toy", "skill=3", "--rolls", "\u0661"),
            "--rolls must be comma-separated die faces such as 2,1,17, got '\u0661'",
        ),
        (
            ("check", "toy", "skill=3", "--rolls", "1_0"),
            "--rolls must be comma-separated die faces such as 2,1,17, got '1_0'",
        ),
    ],
)
def test_check_user_errors(cli, argv, message):
    assert fails(cli, *argv) == message


def test_seed_and_rolls_exclude_each_other(cli, capsys):
    assert main(["check", "toy", "skill=3", "--seed", "1", "--rolls", "3"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


# -- odds ----------------------------------------------------------------------------


def test_odds_table_and_bar_chart(cli):
    code, out, err = cli("odds", "toy", "skill=4")
    assert (code, err) == (0, "")
    bar = "█" * 40
    half = "█" * 20
    assert out.splitlines() == [
        "toy:check skill=4 modifier=0 edge=false difficulty=normal",
        "result   degree            value  extras       probability       %",
        f"success  critical success      1                       1/6  16.67%  {bar}",
        f"success  success               4                       1/6  16.67%  {bar}",
        f"success  success               3                       1/6  16.67%  {bar}",
        f"success  success               2                       1/6  16.67%  {bar}",
        f"failure  failure               6                      1/12   8.33%  {half}",
        f"failure  failure               5                       1/6  16.67%  {bar}",
        f"failure  fumble                6  fumble=true         1/12   8.33%  {half}",
        "P(success) = 2/3 (66.67%)",
    ]


def test_odds_json(cli):
    code, out, _ = cli("odds", "toy:pool", "dice=2", "threshold=2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == {
        "schema": 2,
        "ruleset": "toy",
        "check": "pool",
        "parameters": {"dice": 2, "threshold": 2},
        "outcomes": [
            {
                "success": True,
                "degree": "critical_success",
                "value": 2,
                "rolled": True,
                "probability": "1/9",
            },
            {
                "success": False,
                "degree": "failure",
                "value": 1,
                "rolled": True,
                "probability": "4/9",
            },
            {
                "success": False,
                "degree": "failure",
                "value": 0,
                "rolled": True,
                "probability": "5/12",
            },
            {
                "success": False,
                "degree": "critical_failure",
                "value": 0,
                "rolled": True,
                "probability": "1/36",
            },
        ],
    }
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1


def test_odds_json_extras_inline(cli):
    _, out, _ = cli("odds", "toy", "skill=6", "modifier=3", "--json")
    fumble = [
        o for o in json.loads(out)["outcomes"] if o["degree"] == "critical_failure"
    ]
    assert fumble == [
        {
            "success": False,
            "degree": "critical_failure",
            "value": 6,
            "rolled": True,
            "fumble": True,
            "probability": "1/12",
        }
    ]


def test_odds_german(cli):
    """I3-5: German odds; percentages with a decimal comma."""
    _, out, _ = cli("odds", "toy:pool", "dice=1", "--lang", "de")
    assert out.splitlines() == [
        "toy:pool dice=1 threshold=1",
        "Ergebnis    Grad               Wert  Wahrscheinlichkeit       %",
        "Erfolg      kritischer Erfolg     1                 1/3  33,33%  " + "█" * 27,
        "Misserfolg  Misserfolg            0                 1/2  50,00%  " + "█" * 40,
        "Misserfolg  Patzer                0                 1/6  16,67%  " + "█" * 13,
        "P(Erfolg) = 1/3 (33,33%)",
    ]


def test_odds_errors(cli):
    assert fails(cli, "odds", "toy", "skill=-1") == (
        "skill must be an integer from 0 to 6, got -1"
    )


# -- contest -------------------------------------------------------------------------


def test_contest_text(cli):
    code, out, _ = cli("contest", "toy", "skill=4", "--vs", "skill=3")
    assert code == 0
    assert out.splitlines() == [
        (
            "toy:check skill=4 modifier=0 edge=false difficulty=normal vs "
            "toy:check skill=3 modifier=0 edge=false difficulty=normal"
        ),
        "outcome           probability       %",
        "first side wins         17/36  47.22%  " + "█" * 40,
        "second side wins         5/18  27.78%  " + "█" * 24,
        "tie                      1/12   8.33%  " + "█" * 7,
        "both failed               1/6  16.67%  " + "█" * 14,
    ]


def test_rulesets_with_an_option_show_its_checks_as_it_makes_them(cli):
    """A held-out rules lawyer found no way to see the parameters an
    optional rule adds (DS4's slayer points add attack_points)."""
    code, out, _ = cli("rulesets", "toy", "--option", "generous")
    assert code == 0
    assert (
        out.splitlines()[0] == "toy: Toy d6 ruleset (generous) 1.0 (options: generous)"
    )
    code, out, _ = cli("rulesets", "toy", "--option", "generous", "--json")
    assert json.loads(out)["options"] == ["generous"]
    assert fails(cli, "rulesets", "toy", "--option", "stingy") == (
        "--option must be one of: generous for ruleset 'toy', got 'stingy'"
    )
    assert fails(cli, "rulesets", "--option", "generous") == (
        "--option must be given with a ruleset id (rulesets ID --option …), "
        "got 'generous'"
    )


def test_contest_table_says_the_outcomes_in_the_rulesets_words(cli):
    """A held-out rules lawyer: the table ignored the rulesets' contest
    labels (AdZ's *der Auslösende gewinnt*); a catalog's
    ``<id>.label.<outcome>`` or the ruleset's labels win over the CLI's."""
    words = Catalog({"en": {}, "eo": {"toy.label.first": "la unua venkas"}})

    class Words:
        @rollwerk.hookimpl
        def rollwerk_register_catalogs(self):
            return [words]

    reg = Registry(load_entrypoints=False, plugins=[examples, Words()])
    code, out, _ = cli(
        "contest", "toy", "skill=4", "--vs", "skill=3", "--lang", "eo", reg=reg
    )
    assert code == 0
    # the plugin's Esperanto word, then the CLI's English for the others
    assert [line.split("  ")[0] for line in out.splitlines()[2:]] == [
        "la unua venkas",
        "second side wins",
        "tie",
        "both failed",
    ]


def test_contest_json_and_other_check(cli):
    code, out, _ = cli(
        "contest", "toy", "skill=4", "--vs", "dice=3", "--vs-check", "pool", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data == {
        "schema": 2,
        "ruleset": "toy",
        "check": "check",
        "parameters": {
            "skill": 4,
            "modifier": 0,
            "edge": False,
            "difficulty": "normal",
        },
        "vs": {"check": "pool", "parameters": {"dice": 3, "threshold": 1}},
        "probabilities": {
            "first": "49/81",
            "second": "7/27",
            "tie": "1/27",
            "reroll": "0/1",
            "both_failed": "8/81",
        },
    }


def test_contest_errors(cli):
    assert fails(cli, "contest", "toy", "skill=4", "--vs", "skill=8") == (
        "--vs skill must be an integer from 0 to 6, got 8"
    )
    assert fails(cli, "contest", "toy", "skill=4", "--vs") == (
        "--vs skill is required (an integer from 0 to 6)"
    )
    assert fails(
        cli, "contest", "toy", "skill=4", "--vs", "x=1", "--vs-check", "duel"
    ) == ("--vs-check: check of ruleset 'toy' must be one of: check, pool, got 'duel'")


def test_contest_rolls_resolve_the_first_side_then_the_second(cli):
    code, out, _ = cli("contest", "toy", "skill=4", "--vs", "skill=3", "--rolls", "2,5")
    assert code == 0
    assert out.splitlines()[-3:] == [
        "result: first side wins",  # the table's words
        "  first: rolled 2 against a chance of 4: success",
        "  second: rolled 5 against a chance of 3: failure",
    ]
    code, out, _ = cli(
        "contest",
        "toy",
        "skill=4",
        "--vs",
        "dice=2",
        "--vs-check",
        "pool",
        "--rolls",
        "2,5,6",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert "seed" not in data
    assert data["result"]["outcome"] == "second"
    assert [r["face"] for r in data["result"]["first"]["rolls"]] == [2]
    assert [r["face"] for r in data["result"]["second"]["rolls"]] == [5, 6]


def test_contest_rolls_must_be_exactly_the_contests_faces(cli):
    argv = ["contest", "toy", "skill=4", "--vs", "dice=2", "--vs-check", "pool"]
    assert fails(cli, *argv, "--rolls", "2,5") == (
        "--rolls has too few faces: the 3rd die (the second side's 2nd), a d6, "
        "has none (2 were given)"
    )
    assert fails(cli, *argv, "--rolls", "") == (
        "--rolls has too few faces: the 1st die (the first side's 1st), a d6, "
        "has none (none was given)"
    )
    assert fails(cli, *argv, "--rolls", "2,5,6,1") == (
        "--rolls has 1 face too many: the contest used 3 of 4"
    )
    assert fails(cli, *argv, "--rolls", "2,7,6") == (
        "--rolls: the 2nd face must be an integer from 1 to 6 for a d6, got 7"
    )
    assert fails(cli, *argv, "--rolls", "2,x") == (
        "--rolls must be comma-separated die faces such as 2,1,17, got '2,x'"
    )
    assert cli(*argv, "--rolls", "2,5,6", "--seed", "3")[0] == 2


def test_argparse_errors_exit_2(capsys):
    assert main(["odds"]) == 2
    assert main(["check", "toy", "--lang", "fr"]) == 2
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["check", "toy", "--seed", "1", "--rolls", "3"],
            (
                "argument --rolls: not allowed with argument --seed "
                "(see 'rollwerk check --help')"
            ),
        ),
        (
            ["check", "toy", "--lang", "xx"],
            (
                "argument --lang: invalid choice: 'xx' (choose from 'en', 'de') "
                "(see 'rollwerk check --help')"
            ),
        ),
        (
            ["odds", "toy", "skill=3", "--seed", "1"],
            "unrecognized arguments: --seed (see 'rollwerk odds --help')",
        ),
        (
            # a word after an option that is no KEY=VALUE
            ["check", "toy", "skill=3", "--rolls", "2", "loose"],
            "unrecognized arguments: loose (see 'rollwerk check --help')",
        ),
        (
            ["check", "--bogus"],  # named before the missing arguments
            "unrecognized arguments: --bogus (see 'rollwerk check --help')",
        ),
        (
            ["contest", "toy", "skill=3"],
            (
                "the following arguments are required: --vs "
                "(see 'rollwerk contest --help')"
            ),
        ),
    ],
)
def test_i3_5_usage_errors_are_one_line(capsys, argv, message):
    """I3-5: usage errors are one line on stderr (no usage block), exit code 2."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"rollwerk: error: {message}\n"


def test_contest_help_says_vs_is_always_given(capsys, monkeypatch):
    """``--vs`` is required; the help said "(its defaults if none)"."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["contest", "--help"]) == 0
    out = capsys.readouterr().out
    assert (
        "--vs [KEY=VALUE ...]  the parameters of the second side; always given, "
        "alone for its defaults\n"
    ) in out


def test_console_script_uses_installed_plugins():
    """With entry points off, no ruleset is installed: one line, exit 2."""
    out = subprocess.run(
        [sys.executable, "-m", "rollwerk", "odds", "toy", "skill=1"],
        capture_output=True,
        text=True,
        env={"ROLLWERK_NO_ENTRYPOINTS": "1", "PATH": ""},
        check=False,
    )
    assert out.returncode == 2
    assert out.stderr == (
        "rollwerk: error: ruleset must be the id of an installed ruleset (none is installed), got 'toy'\n"
    )


def test_i3_5_rolls_replays_a_result_without_dice(cli):
    """I3-5: ``--rolls ""`` replays a check decided without a roll (no faces)."""
    code, out, _ = cli("check", "toy", "skill=0", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["result"]["rolls"] == []
    code, again, _ = cli("check", "toy", "skill=0", "--rolls", "", "--json")
    assert code == 0
    assert json.loads(again)["result"] == data["result"]
    assert fails(cli, "check", "toy", "skill=3", "--rolls", "") == (
        "--rolls has too few faces: the 1st die, a d6, has none (none was given)"
    )


def test_odds_max_outcomes_keeps_the_likeliest_best_first(cli):
    """``odds --max-outcomes N`` as ``roll --odds``: the rest is summed up."""
    code, out, err = cli(
        "odds", "toy:pool", "dice=4", "threshold=2", "--max-outcomes", "3"
    )
    assert (code, err) == (0, "")
    assert out.splitlines()[2:] == [
        "success  success      2         8/27  29.63%  ██████████████████████████████",
        "failure  failure      1        32/81  39.51%  ████████████████████████████████████████",
        "failure  failure      0       85/432  19.68%  ████████████████████",
        "… 3 outcomes not shown, none likelier than those shown (11.19% in all); --max-outcomes N shows more",
        "P(success) = 11/27 (40.74%)",
    ]
    code, out, err = cli("odds", "toy:pool", "dice=4", "--max-outcomes", "1", "--json")
    data = json.loads(out)
    assert [o["value"] for o in data["outcomes"]] == [1]
    assert data["omitted"] == {"outcomes": 5, "probability": "49/81"}
    code, out, err = cli("odds", "toy:pool", "dice=4", "--json")
    assert "omitted" not in json.loads(out)
    assert cli("odds", "toy:pool", "dice=4", "--max-outcomes", "0")[0] == 2


def test_contest_level_table_names_the_sides(registry, capsys):
    """Each side's chance of every level, the columns named in the language."""
    from rollwerk.checks import Level, SuccessLevels, define_check
    from rollwerk.rulesets import define_ruleset

    levels = SuccessLevels(
        Level("miss", Degree.FAILURE, en="miss", de="daneben"),
        Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
        Level("legend", Degree.CRITICAL_SUCCESS, en="legendary", de="legendär"),
    )

    def judge(faces: tuple[int, ...], skill: int) -> Outcome:
        if skill > 6:  # never on these dice: a level no side reaches
            return levels.outcome("legend", faces[0])
        return levels.outcome("hit" if faces[0] <= skill else "miss", faces[0])

    check = define_check(
        "check",
        [Parameter("skill", int, min_value=1, max_value=7)],
        dice=[6],
        judge=judge,
    )
    rs = define_ruleset(
        "lv",
        "Levels",
        version="1",
        checks=[check],
        levels=levels,
        contest_key=lambda chk, out: levels.rank(out),
    )

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [rs]

    reg = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert main(["contest", "lv", "skill=3", "--vs", "skill=2"], registry=reg) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3:] == [
        "level  first side  second side",
        "hit        50.00%       33.33%",
        "miss       50.00%       66.67%",
    ]
    main(["contest", "lv", "skill=3", "--vs", "skill=2", "--lang", "de"], registry=reg)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3:] == [
        "Stufe    erste Seite  zweite Seite",
        "Treffer       50,00%        33,33%",
        "daneben       50,00%        66,67%",
    ]
    # a level one side reaches is shown with the other side's 0%; the JSON
    # lists every declared level
    main(["contest", "lv", "skill=7", "--vs", "skill=2"], registry=reg)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-4:] == [
        "level      first side  second side",
        "legendary     100.00%        0.00%",
        "hit             0.00%       33.33%",
        "miss            0.00%       66.67%",
    ]
    main(["contest", "lv", "skill=3", "--vs", "skill=2", "--json"], registry=reg)
    assert json.loads(capsys.readouterr().out)["levels"] == {
        "first": {"miss": "1/2", "hit": "1/2", "legend": "0/1"},
        "second": {"miss": "2/3", "hit": "1/3", "legend": "0/1"},
    }


def test_odds_and_contest_tables_write_very_wide_fractions_approximately(capsys):
    """Probabilities over more than 2000 bits are written ``≈``; JSON is exact."""
    from rollwerk.checks import define_check
    from rollwerk.rulesets import define_ruleset

    tiny = Fraction(1, 3**1300)
    hit = Outcome(True, Degree.SUCCESS, 1)
    miss = Outcome(False, Degree.FAILURE, 0)

    def odds() -> rollwerk.Distribution[Outcome]:
        return rollwerk.Distribution({hit: tiny, miss: 1 - tiny})

    check = define_check(
        "check",
        dice=[6],
        judge=lambda faces: hit if faces[0] == 6 else miss,
        odds=odds,
    )
    rs = define_ruleset("wide", "Wide", version="1", checks=[check])

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [rs]

    reg = Registry(load_entrypoints=False, plugins=[Plugin()])
    assert main(["odds", "wide"], registry=reg) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "success  success      1   ≈ 5.5e-621   <0.01%  ▏"
    assert lines[-1] == "P(success) ≈ 5.5e-621 (<0.01%)"
    assert main(["odds", "wide", "--json"], registry=reg) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["outcomes"][0]["probability"] == f"1/{3**1300}"
    assert main(["contest", "wide", "--vs"], registry=reg) == 0
    assert capsys.readouterr().out.splitlines()[2:] == [
        "first side wins    ≈ 5.5e-621   <0.01%  ▏",
        "second side wins   ≈ 5.5e-621   <0.01%  ▏",
        "tie                     ≈ 1.0  >99.99%  ████████████████████████████████████████",
    ]


def _wide_registry(p: Fraction) -> Registry:
    """A ruleset whose one check hits with probability ``p`` (a wide fraction)."""
    from rollwerk.checks import define_check
    from rollwerk.rulesets import define_ruleset

    hit = Outcome(True, Degree.SUCCESS, 1)
    miss = Outcome(False, Degree.FAILURE, 0)
    check = define_check(
        "check",
        dice=[6],
        judge=lambda faces: hit if faces[0] == 6 else miss,
        odds=lambda: rollwerk.Distribution({hit: p, miss: 1 - p}),
    )
    rs = define_ruleset("wide", "Wide", version="1", checks=[check])

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [rs]

    return Registry(load_entrypoints=False, plugins=[Plugin()])


def test_wide_probabilities_are_decimals_in_the_language_of_the_table(capsys):
    """Near 0.5 a wide probability is ``≈ 0.57``/``≈ 0,57``, never ``5.7e-01``.

    Every number of a line is written the same way: a decimal comma in
    German for the approximation as for the percentage; scientific notation
    only below 0.0001 (``SCIENTIFIC_BELOW``), with the comma too.
    """
    bar = "█" * 40
    reg = _wide_registry(Fraction(2**400 // 7 * 4, 2**400))  # just under 4/7
    assert main(["odds", "wide", "--lang", "de"], registry=reg) == 0
    assert capsys.readouterr().out.splitlines() == [
        "wide:check",
        "Ergebnis    Grad        Wert  Wahrscheinlichkeit       %",
        f"Erfolg      Erfolg         1              ≈ 0,57  57,14%  {bar}",
        f"Misserfolg  Misserfolg     0              ≈ 0,43  42,86%  {bar[:30]}",
        "P(Erfolg) ≈ 0,57 (57,14%)",
    ]
    assert main(["odds", "wide"], registry=reg) == 0
    assert capsys.readouterr().out.splitlines()[2:] == [
        f"success  success      1       ≈ 0.57  57.14%  {bar}",
        f"failure  failure      0       ≈ 0.43  42.86%  {bar[:30]}",
        "P(success) ≈ 0.57 (57.14%)",
    ]
    # first wins p(1-p) = 12/49, a tie p² + (1-p)² = 25/49
    assert main(["contest", "wide", "--vs", "--lang", "de"], registry=reg) == 0
    assert capsys.readouterr().out.splitlines() == [
        "wide:check gegen wide:check",
        "Ausgang               Wahrscheinlichkeit       %",
        f"erste Seite gewinnt               ≈ 0,24  24,49%  {bar[:19]}",
        f"zweite Seite gewinnt              ≈ 0,24  24,49%  {bar[:19]}",
        f"unentschieden                     ≈ 0,51  51,02%  {bar}",
    ]
    assert main(["contest", "wide", "--vs"], registry=reg) == 0
    assert capsys.readouterr().out.splitlines()[2:] == [
        f"first side wins        ≈ 0.24  24.49%  {bar[:19]}",
        f"second side wins       ≈ 0.24  24.49%  {bar[:19]}",
        f"tie                    ≈ 0.51  51.02%  {bar}",
    ]
    # below 0.0001: scientific notation, in German with a decimal comma
    reg = _wide_registry(Fraction(1, 3**1300))
    assert main(["odds", "wide", "--lang", "de"], registry=reg) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "P(Erfolg) ≈ 5,5e-621 (<0,01%)"


def test_an_option_for_a_ruleset_without_optional_rules_says_so(cli):
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.rulesets import define_ruleset

    bare = define_ruleset(
        "bare",
        "Bare",
        checks=[
            define_check(
                "c", dice=[6], judge=lambda f: Outcome(True, Degree.SUCCESS, f[0])
            )
        ],
    )

    reg = _only(bare)
    code, _out, err = cli("check", "bare", "--option", "foo", reg=reg)
    assert code == 2
    assert err == (
        "rollwerk: error: --option 'foo' is not offered: no installed plugin offers "
        "optional rules for ruleset 'bare'\n"
    )


def test_extras_and_roles_are_shown_in_the_rulesets_words(cli):
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.i18n import Catalog
    from rollwerk.rulesets import define_ruleset

    catalog = Catalog(
        {
            "en": {"yz.extra.damage": "damage", "yz.role.base": "base"},
            "de": {"yz.extra.damage": "Schaden", "yz.role.base": "Grundwürfel"},
        }
    )

    def judge(faces: tuple[int, ...]) -> Outcome:
        hit = faces[0] == 6
        return Outcome(
            hit,
            Degree.SUCCESS if hit else Degree.FAILURE,
            int(hit),
            extras={"damage": int(faces[0] == 1), "other": "x"},
        )

    yz = define_ruleset(
        "yz",
        "YZ",
        checks=[define_check("roll", dice=[(6, "base")], judge=judge)],
        catalog=catalog,
    )

    reg = _only(yz)
    code, out, _ = cli("check", "yz", "--rolls", "1", "--lang", "de", reg=reg)
    assert code == 0
    assert out.splitlines()[1:] == [
        "Ergebnis: Misserfolg, Wert 0; Schaden=1, other=x",
        "Würfe: 1 (W6 Grundwürfel)",
    ]
    code, out, _ = cli("odds", "yz", "--lang", "de", reg=reg)
    assert code == 0
    assert "Schaden=1, other=x" in out


def test_a_failing_explanation_is_the_plugins_fault(cli):
    """The explanation is built when printed, outside the guard: still exit 3."""
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.i18n import Text
    from rollwerk.rulesets import define_ruleset

    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0])

    def explain(faces: tuple[int, ...], outcome: Outcome) -> Text:
        raise KeyError("ladder")

    shaky = define_ruleset(
        "shaky",
        "Shaky",
        checks=[define_check("c", dice=[6], judge=judge, explain=explain)],
    )

    reg = _only(shaky)
    code, _out, err = cli("check", "shaky", "--rolls", "3", "--explain", reg=reg)
    assert code == 3
    assert err.startswith("rollwerk: error: plugin ")
    assert "shaky explanation raised KeyError('ladder')" in err
    code, _, err = cli("check", "shaky", "--rolls", "3", "--json", reg=reg)
    assert code == 3


def test_a_message_missing_from_an_explanation_is_the_plugins_fault(cli):
    """A plugin's explanation asking its catalog for a message it lacks: exit 3."""
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.i18n import Catalog, Text
    from rollwerk.rulesets import define_ruleset

    words = Catalog({"en": {"w.e": "{n}"}, "de": {"w.e": "{n}"}})

    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0])

    def explain(faces: tuple[int, ...], outcome: Outcome) -> Text:
        return words.text("w.e", n=words.text("w.label.hit"))

    wordless = define_ruleset(
        "wordless",
        "Wordless",
        catalog=words,
        checks=[define_check("c", dice=[6], judge=judge, explain=explain)],
    )
    reg = _only(wordless)
    code, _out, err = cli("check", "wordless", "--rolls", "3", "--explain", reg=reg)
    assert code == 3
    assert err.startswith("rollwerk: error: plugin ")
    assert err.rstrip("\n").endswith(
        'wordless explanation raised MissingMessage("no catalog has the message '
        "'w.label.hit' in 'en'\")"
    )
    assert err.count("\n") == 1


def test_an_explanation_that_is_not_a_text_is_the_plugins_fault(cli):
    from rollwerk.checks import Degree, Outcome, define_check
    from rollwerk.rulesets import define_ruleset

    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0])

    def explain(faces: tuple[int, ...], outcome: Outcome) -> str:
        return "plain words"

    plain = define_ruleset(
        "plain",
        "Plain",
        checks=[define_check("c", dice=[6], judge=judge, explain=explain)],
    )
    code, _out, err = cli("check", "plain", "--rolls", "3", reg=_only(plain))
    assert code == 3
    assert err.startswith("rollwerk: error: plugin ")
    assert err == (
        "rollwerk: error: plugin 'Plugin' failed: plain explanation broke its "
        "contract: the explain function of plain:c returned 'plain words', not a "
        "Text\n"
    )


def _only(ruleset: object) -> Registry:
    """A registry whose one plugin registers ``ruleset``."""

    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_rulesets() -> list[object]:
            return [ruleset]

    return Registry(load_entrypoints=False, plugins=[Plugin])


def test_key_value_words_may_follow_the_options(cli):
    """`rollwerk check toy --rolls 2 skill=3` reads skill=3 as a parameter."""
    before = cli("check", "toy", "skill=3", "--rolls", "2")
    after = cli("check", "toy", "--rolls", "2", "skill=3")
    assert before == after
    assert after[0] == 0
    assert after[1].splitlines()[0] == (
        "toy:check skill=3 modifier=0 edge=false difficulty=normal"
    )
    code, out, _ = cli("odds", "toy", "--lang", "de", "skill=3", "modifier=1")
    assert code == 0
    assert out.splitlines()[0] == (
        "toy:check skill=3 modifier=1 edge=false difficulty=normal"
    )
    # an unknown key after an option is named as a parameter, not as an argument
    assert fails(cli, "check", "toy", "skill=3", "--rolls", "2", "bonus=1") == (
        "parameter of toy:check must be one of: skill, modifier, edge, "
        "difficulty, got 'bonus'"
    )
