"""The fluid catalog: every message in English and German, every id the code uses."""

from __future__ import annotations

import itertools

import pytest

from rollwerk import ParameterError, ScriptedRng, SeededRng
from rollwerk.checks import TOOLKIT_CATALOG
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.testing import assert_catalog_complete, assert_text_complete
from rollwerk_fluid import FLUID, Policy, RerollCheck, fluid_check, reroll
from rollwerk_fluid._catalog import CATALOG


def assert_strict(text: Text) -> None:
    """``text`` renders in en and de with no fallback and no fixed words."""
    assert_text_complete(text, [CATALOG, CORE])


def test_catalog_is_complete_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    assert_catalog_complete(CATALOG, "fluid")
    # German-only: the help of every check, parameter and optional rule,
    # whose English is the plugin's own (`rollwerk rulesets fluid --lang de`)
    assert CATALOG.ids("de") - CATALOG.ids("en") == {
        "fluid.option.trait-cap",
        "fluid.option.trait-cap.help",
        *(
            key
            for spec in FLUID.checks()
            for key in (
                f"fluid.help.{spec.name}",
                *(f"fluid.help.{spec.name}.{p.name}" for p in spec.parameters),
            )
        ),
    }


def test_labels_come_from_the_catalog_with_contest_sides() -> None:
    labels = FLUID.labels
    own = CATALOG.labels("fluid")
    # the catalog's labels, and the toolkit's words for contest outcomes
    # Fluid never produces (ties stand: no reroll, no both-failed)
    for lang in ("en", "de"):
        assert dict(labels[lang]) == {
            **own[lang],
            "reroll": TOOLKIT_CATALOG.render(lang, "toolkit.label.reroll"),
            "both_failed": TOOLKIT_CATALOG.render(lang, "toolkit.label.both_failed"),
        }
    assert (labels["en"]["first"], labels["en"]["second"]) == (
        "first side wins",
        "second side wins",
    )
    assert (labels["de"]["first"], labels["de"]["second"]) == (
        "erste Seite gewinnt",
        "zweite Seite gewinnt",
    )
    assert labels["de"]["critical_failure"] == "Patzer"
    eo = Catalog({"eo": {"fluid.label.critical_failure": "fiasko"}})
    assert (CATALOG | eo).labels("fluid")["eo"]["critical_failure"] == "fiasko"


SCRIPTS = ([5], [10], [1, 3], [1, 8], [2, 1, 4])


@pytest.mark.parametrize("attribute", [1, 4, 9])
@pytest.mark.parametrize("modifier", [-12, 0, 3])
def test_every_check_explanation_is_in_the_catalog(
    attribute: int, modifier: int
) -> None:
    for trait, handicap, equipment, repetition, double in itertools.product(
        (0, 4), (0, 2), (0, 1), (0, 1), (True, False)
    ):
        try:
            check = fluid_check(
                attribute=attribute,
                trait=trait,
                modifier=modifier,
                handicap=handicap,
                equipment=equipment,
                repetition=repetition,
                double_critical=double,
            )
        except ParameterError:
            continue
        for faces in SCRIPTS:
            assert_strict(check.resolve(ScriptedRng(faces)).explanation)


def test_rerolls_and_repetitions_are_in_the_catalog() -> None:
    check = fluid_check(attribute=3, trait=2)
    first = check.resolve(ScriptedRng([1, 9]))
    again, _ = reroll(check, first, ScriptedRng([4]), mana=1, die="fate")
    assert_strict(again.explanation)
    assert again.explain().startswith("1 mana: fate die rerolled; ")
    again, _ = reroll(check, first, ScriptedRng([4]), mana=1)
    assert_strict(again.explanation)
    assert again.explain("de").startswith("1 Mana: Probenwurf wiederholt; ")
    for mana, repeats, policy, seed in itertools.product(
        (0, 2), (0, 2), Policy, range(8)
    ):
        result = RerollCheck(check, mana=mana, policy=policy, repeats=repeats).resolve(
            SeededRng(seed)
        )
        assert_strict(result.explanation)


def test_explanations_keep_their_words() -> None:
    check = fluid_check(attribute=9, trait=4, modifier=-1, handicap=2, equipment=1)
    result = check.resolve(ScriptedRng([1, 2]))
    assert result.explain() == (
        "chance 10 (attribute 9 + trait 4 − modifier 1 − self-imposed difficulty 2): "
        "rolled 1, fate roll 2 (1–5): critical success, "
        "quality 2 × (1 + 2 self-imposed) + 1 equipment = 7"
    )
