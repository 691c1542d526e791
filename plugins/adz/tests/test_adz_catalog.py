"""The adz catalog: every message in English and German, every id the code uses."""

from __future__ import annotations

import itertools

import pytest

from rollwerk import ScriptedRng, SeededRng
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.plugins import Registry
from rollwerk.testing import assert_catalog_complete, assert_text_complete
from rollwerk_adz import (
    ADZ,
    CheckKind,
    LuckPolicy,
    Status,
    Technique,
    adz_check,
    resolve_melee,
    trivial_result,
)
from rollwerk_adz._catalog import CATALOG


def assert_strict(text: Text) -> None:
    """``text`` renders in en and de from the adz or core catalog, no fallback."""
    assert_text_complete(text, [CATALOG, CORE])


def test_catalog_is_complete_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    # the German sentence names the pool by its number ("Würfelanzahl 3"),
    # the English one in words ("the pool of 3 dice"); the text gives both
    assert_catalog_complete(
        CATALOG, "adz", extra_fields={"adz.check.impossible": ["n"]}
    )


def test_plugin_registers_the_catalog() -> None:
    from rollwerk_adz import plugin

    cats = Registry(load_entrypoints=False, plugins=[plugin]).catalogs()
    assert cats.render("de", "adz.melee.miss") == "verfehlt"


def test_labels_come_from_the_catalog() -> None:
    labels = ADZ.labels
    # the catalog's labels; the toolkit's word only for a contest re-roll,
    # which AdZ never asks for
    ours = CATALOG.labels("adz")
    for lang in ("en", "de"):
        assert {k: v for k, v in labels[lang].items() if k != "reroll"} == ours[lang]
    assert labels["de"]["reroll"] == "neu würfeln"
    assert labels["de"]["first"] == "der Auslösende gewinnt"
    assert labels["en"]["second"] == "the opponent wins"
    eo = Catalog({"eo": {"adz.label.success": "sukceso"}})
    assert (CATALOG | eo).labels("adz")["eo"]["success"] == "sukceso"


@pytest.mark.parametrize("dice", [0, 1, 2, 4])
@pytest.mark.parametrize("minimum", [1, 2, 3, 5])
def test_every_check_explanation_is_in_the_catalog(dice: int, minimum: int) -> None:
    for allow, luck, modifier, seed in itertools.product(
        (False, True), (0, 1, 3), (0, -3), range(4)
    ):
        check = adz_check(
            dice=dice,
            modifier=modifier,
            minimum=minimum,
            allow_impossible=allow,
            luck=luck,
            luck_policy=LuckPolicy.ALWAYS,
        )
        assert_strict(check.resolve(SeededRng(seed)).explanation)


def test_every_melee_explanation_is_in_the_catalog() -> None:
    for attack, defence, armour, seed in itertools.product(
        (1, 3), (None, 2), (0, 2, 9), range(6)
    ):
        result = resolve_melee(
            SeededRng(seed),
            attack_dice=attack,
            base_damage=2,
            defence_dice=defence,
            armour=armour,
            resistance_dice=2,
        )
        assert_strict(result.explanation)


def test_enum_labels_and_trivial_spell_are_in_the_catalog() -> None:
    for item in (*CheckKind, *Status):
        assert_strict(item.label)
    assert CheckKind.SPELL.label("de") == "Zauberprobe"
    assert Status.BEYOND_LAST.label() == "injured beyond the last level"
    named = [t for t in Technique if t.label is not None]
    assert [t.value for t in named] == ["control", "create", "modify", "destroy"]
    for t in named:
        assert t.label is not None
        assert_strict(t.label)
    spell = adz_check(dice=3, minimum=1, kind=CheckKind.SPELL)
    result = trivial_result(spell)
    assert_strict(result.explanation)
    assert result.explain("de") == (
        "trivialer Zauber: keine Probe, 1 Erfolg, kein geistiger Schaden"
    )


def test_explanations_keep_their_words() -> None:
    check = adz_check(dice=2, minimum=3, allow_impossible=True)
    result = check.resolve(ScriptedRng([5, 6]))
    assert result.explain() == (
        "2 dice [5, 6]: needs every die to succeed (threshold 3 above the pool): "
        "2 successes at threshold 3: success"
    )
    assert result.explain("de") == (
        "2 Würfel [5, 6]: jeder Würfel muss ein Erfolg sein (Mindestwurf 3 höher "
        "als die Würfelanzahl): 2 Erfolge bei Mindestwurf 3: gelungen"
    )
    impossible = adz_check(dice=1, minimum=2).resolve(ScriptedRng([]))
    assert impossible.explain() == (
        "threshold 2 is above the pool of 1 die: impossible, no roll"
    )
    assert impossible.explain("de") == (
        "Mindestwurf 2 höher als die Würfelanzahl 1: unmöglich, kein Wurf"
    )
