"""The pf2e catalog: complete in en and de, every message used, a third language.

Every explanation a pf2e check can produce is rendered over a sweep of
modifiers, DCs, range increments and faces in English and German; the
message ids met must be exactly the catalog's (none missing, none unused).
"""

from __future__ import annotations

import itertools
import string

import pytest

import rollwerk
from rollwerk import ScriptedRng
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.plugins import Registry
from rollwerk.testing import (
    assert_catalog_complete,
    assert_text_complete,
    text_messages,
)
from rollwerk_pf2e import CATALOG, PF2E, encounter_long, metres
from rollwerk_pf2e import plugin as pf2e_plugin

TOOLKIT_LABELS = {"reroll", "both_failed"}
"""Labels the toolkit gives every ruleset value; pf2e never ends a contest so."""


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_pf2e_catalog_has_every_message_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    assert_catalog_complete(CATALOG, "pf2e")
    # German-only: the help of every check and parameter, whose English
    # is the plugin's own (`rollwerk rulesets pf2e --lang de`)
    assert CATALOG.ids("de") - CATALOG.ids("en") == {
        key
        for spec in PF2E.checks()
        for key in (
            f"pf2e.help.{spec.name}",
            *(f"pf2e.help.{spec.name}.{p.name}" for p in spec.parameters),
        )
    }
    for message in CATALOG.ids():
        en, de = CATALOG.template("en", message), CATALOG.template("de", message)
        assert en, message
        assert de, message
        assert _placeholders(en) == _placeholders(de), message


def test_pf2e_code_uses_exactly_the_catalog_messages() -> None:
    used: set[str] = set()
    texts: list[Text] = [d.label for d in PF2E.difficulties]
    for modifier, dc, increments in itertools.product(
        (-5, 0, 7, 15), (10, 15, 20, 30), range(1, 7)
    ):
        check = rollwerk.build_check(
            PF2E, "attack", modifier=modifier, dc=dc, range_increments=increments
        )
        texts += [check.resolve(ScriptedRng([f])).explanation for f in range(1, 21)]
    for text in texts:
        assert_text_complete(text, [CATALOG])
        used.update(message for message, _ in text_messages(text))
    labels = set(PF2E.labels["en"]) - TOOLKIT_LABELS
    used.update(f"pf2e.label.{key}" for key in labels)
    used.update({"pf2e.metres", "pf2e.metres_fraction"})  # metres(), tested below
    # the words of end_encounter's signal, which durations and the log show
    # when the plugin's catalog is passed (tested in test_pf2e_describe)
    assert encounter_long().describe("de", CATALOG) == "bis der Kampf endet"
    used.add("pf2e.signal.encounter-end")
    used.discard("number.decimal_point")  # the core's
    assert sorted(used - CATALOG.ids()) == []
    assert sorted(CATALOG.ids() - used) == []


def test_pf2e_labels_come_from_the_catalog() -> None:
    labels = PF2E.labels
    assert list(labels) == ["en", "de"]
    toolkit = {
        "en": {"reroll": "roll again", "both_failed": "both failed"},
        "de": {"reroll": "neu würfeln", "both_failed": "beide gescheitert"},
    }
    for lang in labels:  # the catalog's labels, and the toolkit's contest words
        assert dict(labels[lang]) == {**toolkit[lang], **CATALOG.labels("pf2e")[lang]}
    assert labels["de"]["dc"] == "SG"
    assert labels["en"]["attack"] == "attack roll"
    eo = Catalog({"eo": {"pf2e.label.critical_success": "kritika sukceso"}})
    assert (CATALOG | eo).labels("pf2e")["eo"]["critical_success"] == "kritika sukceso"


def test_pf2e_r23_metres_in_any_language() -> None:
    """PF2E-R23: a square is 1.5 m; the decimal point is the language's."""
    assert (metres(73), metres(73, "de"), metres(4, "de")) == (
        "109.5 m",
        "109,5 m",
        "6 m",
    )
    eo = Catalog({"eo": {"number.decimal_point": ","}})
    assert metres(1, "eo", eo) == "1,5 m"
    assert metres(2, "eo", eo) == "3 m"
    with pytest.raises(
        rollwerk.ParameterError, match=r"^lang must be 'en' or 'de', got 'eo'$"
    ):
        metres(1, "eo")
    assert CORE.render("de", "number.decimal_point") == ","


class Esperanto:
    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [
            Catalog(
                {
                    "eo": {
                        "pf2e.check.roll": (
                            "d20 {natural} {modifier} = {total} kontraŭ MG {dc}: {degree}"
                        ),
                        "pf2e.label.critical_success": "kritika sukceso",
                        "pf2e.label.success": "sukceso",
                        "pf2e.stepped_to.critical_success": "kritika sukceso",
                        "pf2e.check.natural_stepped": (
                            "{before} (natura {natural}: {plain} iĝas {degree})"
                        ),
                    }
                }
            )
        ]


def test_pf2e_third_language_in_explain() -> None:
    """A natural 20 steps a success to a critical success, in Esperanto."""
    cats = Registry(
        load_entrypoints=False, plugins=[pf2e_plugin, Esperanto()]
    ).catalogs()
    result = rollwerk.build_check(PF2E, modifier=7, dc=20).resolve(ScriptedRng([20]))
    assert result.explain("eo", cats) == (
        "d20 20 + 7 = 27 kontraŭ MG 20: kritika sukceso "
        "(natura 20: sukceso iĝas kritika sukceso)"
    )
    assert result.explain("de") == (
        "W20 20 + 7 = 27 gegen SG 20: kritischer Erfolg "
        "(natürliche 20: Erfolg wird zu kritischem Erfolg)"
    )
