"""Text from catalogs: a third language, the English fallback, complete bundles."""

from __future__ import annotations

from typing import Any

import pytest

import rollwerk
from rollwerk import ScriptedRng, build_check
from rollwerk.cli._main import main
from rollwerk.i18n import CORE, Catalog, MissingMessage, Text, render
from rollwerk.notation import roll
from rollwerk.plugins import Registry
from rollwerk.testing import examples

# Esperanto for a few of the core's words and one of the toy ruleset's.
EO = Catalog(
    {
        "eo": {
            "die.dropped": "forĵetita",
            "cli.result": "rezulto",
            "cli.success": "sukceso",
            "cli.rolls": "ĵetoj",
            "cli.explanation": "klarigo",
            "toy.label.success": "sukceso",
        }
    }
)


class Esperanto:
    """A plugin that only adds a language, through the public hook."""

    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [EO]


def test_hook_rollwerk_register_catalogs() -> None:
    seen: list[object] = []

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_catalogs(self, registry: Registry) -> Any:
            seen.append(registry)
            return [EO]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    cats = registry.catalogs()
    assert seen == [registry]
    assert cats.languages == ("en", "de", "eo")
    assert cats.render("eo", "die.dropped") == "forĵetita"
    assert cats.render("de", "die.dropped") == "verworfen"
    assert registry.failures == ()


def test_a_bad_catalog_hook_is_a_plugin_failure() -> None:
    class Bad:
        @rollwerk.hookimpl
        def rollwerk_register_catalogs(self) -> Any:
            return ["not a catalog"]

    registry = Registry(load_entrypoints=False, plugins=[Bad(), Esperanto()])
    assert "eo" in registry.catalogs().languages
    assert [f.plugin for f in registry.failures] == ["Bad"]


def test_third_language_in_roll_explain() -> None:
    cats = Registry(load_entrypoints=False, plugins=[Esperanto()]).catalogs()
    result = roll("2d6kh1", ScriptedRng([2, 5]))
    assert result.explain("eo", cats) == ("2d6kh1 = 5\n  2d6kh1: 2 (forĵetita), 5 → 5")
    assert result.explain("de") == "2d6kh1 = 5\n  2d6kh1: 2 (verworfen), 5 → 5"
    with pytest.raises(rollwerk.ParameterError, match="got 'eo'"):
        result.explain("eo")  # without the catalogs, nobody knows Esperanto


def test_third_language_in_check_explain() -> None:
    mine = Catalog({"eo": {"": "ĵetis"}})  # fixed texts have the id ""
    result = build_check(examples.ToyRuleset(), "check", skill=4).resolve(
        ScriptedRng([2, 1])
    )
    # The toy's sentence has no Esperanto: English, with the label that the
    # Esperanto catalog translates (toy.label.success).
    eo = Registry(load_entrypoints=False, plugins=[Esperanto()]).catalogs()
    assert result.explain("en") == "rolled 2 against a chance of 4: success"
    assert result.explain("eo", eo) == "rolled 2 against a chance of 4: sukceso"
    text = Text("", {}, mine)
    assert text("eo") == "ĵetis"


def test_third_language_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples, Esperanto()])
    argv = ["roll", "2d6kh1", "--rolls", "2,5", "--explain", "--lang", "eo"]
    assert main(argv, registry=registry) == 0
    assert capsys.readouterr().out == "2d6kh1 = 5\n  2d6kh1: 2 (forĵetita), 5 → 5\n"
    argv = ["check", "toy", "skill=4", "--rolls", "2", "--explain", "--lang", "eo"]
    assert main(argv, registry=registry) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("rezulto: sukceso")
    assert out[2].startswith("ĵetoj: ")
    assert out[3].startswith("klarigo: ")


def test_cli_lang_choices_come_from_the_catalogs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    assert main(["roll", "1d6", "--lang", "eo"], registry=registry) == 2
    assert "(choose from 'en', 'de')" in capsys.readouterr().err


def test_missing_translation_falls_back_to_english() -> None:
    cat = Catalog({"en": {"a": "hit {n}", "b": "miss"}, "de": {"a": "Treffer {n}"}})
    assert cat.render("de", "a", n=2) == "Treffer 2"
    assert cat.render("de", "b") == "miss"
    assert cat.missing("de") == ["b"]
    assert cat.text("b")("de") == "miss"
    # A plugin's catalog wins for its language; the core's English stays below.
    assert render([EO, CORE], "eo", "die.exploded") == "exploded"
    with pytest.raises(MissingMessage):
        cat.render("en", "nope")


def test_texts_compare_by_their_english_and_german() -> None:
    cat = Catalog({"en": {"a": "hit {n}"}, "de": {"a": "Treffer {n}"}})
    assert cat.text("a", n=1) == Text.fixed(en="hit 1", de="Treffer 1")
    assert hash(cat.text("a", n=1)) == hash(Text.fixed(en="hit 1", de="Treffer 1"))
    nested = Catalog({"en": {"x": "[{inner}]"}, "de": {"x": "<{inner}>"}})
    assert nested.text("x", inner=cat.text("a", n=3))("de") == "<Treffer 3>"


def test_bundled_catalogs_are_complete() -> None:
    """Every message of the core and the installed plugins has en and de."""
    registry = Registry()
    cats = registry.catalogs()
    assert set(CORE.languages) == {"en", "de"}
    assert CORE.missing("de") == []
    assert cats.missing("de") == []
    # German-only: the help of every check, parameter and optional rule
    # (`rollwerk rulesets ID --lang de`), whose English is the plugin's own
    helps = set()
    for entry in registry.entries():
        rid = entry.ruleset.id
        rules = [rule.id for rule in registry.optional_rules(rid)]
        # the parameters an optional rule adds have German help too
        # (helper-195: slaying_depth, attack_points and defense_points)
        for ruleset in (entry.ruleset, registry.ruleset(rid, options=rules)):
            for spec in ruleset.checks():
                helps.add(f"{rid}.help.{spec.name}")
                helps.update(
                    f"{rid}.help.{spec.name}.{p.name}" for p in spec.parameters
                )
        for rule in registry.optional_rules(rid):
            helps.update((f"{rid}.option.{rule.id}", f"{rid}.option.{rule.id}.help"))
    assert cats.ids("de") - cats.ids("en") == helps
    ids = cats.ids()
    for plugin in ("adz", "ds4", "fluid", "mythandria", "pf2e"):
        assert any(i.startswith(f"{plugin}.") for i in ids), plugin


def test_catalog_labels_by_language_with_english_fallback() -> None:
    cat = Catalog(
        {
            "en": {"toy.label.success": "hit", "toy.label.first": "first wins"},
            "de": {"toy.label.success": "Treffer"},
            "eo": {"toy.label.first": "unua venkas"},
        }
    )
    labels = cat.labels("toy")
    assert list(labels) == ["en", "de", "eo"]
    assert dict(labels["en"]) == {"success": "hit", "first": "first wins"}
    assert dict(labels["de"]) == {"success": "Treffer", "first": "first wins"}
    assert dict(labels["eo"]) == {"success": "hit", "first": "unua venkas"}
    assert cat.labels("other") == {"en": {}, "de": {}, "eo": {}}
