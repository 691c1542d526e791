"""The mythandria catalog: every message in en and de, every id the code uses."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from rollwerk import ScriptedRng, SeededRng
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.plugins import Registry
from rollwerk_mythandria import (
    Ability,
    AetherFormula,
    ComparisonCheck,
    DecisionCheck,
    DifficultyPreset,
    MythandriaRuleset,
    cast,
    compare,
    preparation_window,
)
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._dice import D100Dice, d100_to_digits


def messages(text: Text) -> Iterator[tuple[str, Catalog]]:
    """Every message id of ``text`` and its nested texts, with its catalog."""
    yield text.message, text.catalog
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from messages(value)


def assert_strict(text: Text) -> None:
    """``text`` renders in en and de with no fallback and no fixed words."""
    for message, catalog in messages(text):
        assert catalog in (CATALOG, CORE), message
        for lang in ("en", "de"):
            assert catalog.template(lang, message) is not None, (lang, message)
    for lang in ("en", "de"):
        assert text(lang)


def test_catalog_is_complete_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    assert CATALOG.missing("de") == []
    assert CATALOG.ids("de") == CATALOG.ids("en")
    assert all(i.startswith("mythandria.") for i in CATALOG.ids())


def test_plugin_registers_the_catalog() -> None:
    from rollwerk_mythandria import plugin

    cats = Registry(load_entrypoints=False, plugins=[plugin]).catalogs()
    assert cats.render("de", "mythandria.label.tie") == "Gleichstand"


def test_labels_come_from_the_catalog_with_contest_sides() -> None:
    labels = MythandriaRuleset().labels
    assert labels == CATALOG.labels("mythandria")
    assert (labels["en"]["first"], labels["de"]["second"]) == (
        "first side wins",
        "zweite Seite gewinnt",
    )
    eo = Catalog({"eo": {"mythandria.label.tie": "egalo"}})
    assert (CATALOG | eo).labels("mythandria")["eo"]["tie"] == "egalo"


def test_difficulty_labels_are_in_the_catalog() -> None:
    for preset in DifficultyPreset:
        assert_strict(preset.label)
        assert preset.difficulty().label == preset.label
    assert DifficultyPreset.IMPROBABLE.label("de") == "unwahrscheinlich"


@pytest.mark.parametrize("pw", [-5, 0, 1, 35, 99, 100, 150])
@pytest.mark.parametrize("dice", list(D100Dice))
def test_every_check_explanation_is_in_the_catalog(pw: int, dice: D100Dice) -> None:
    for roll in (1, 2, 35, 36, 99, 100):
        tens, units = d100_to_digits(roll)
        faces = [roll] if dice is D100Dice.D100 else [tens or 10, units or 10]
        result = DecisionCheck(pw, dice).resolve(ScriptedRng(faces))
        assert result.value == roll
        assert_strict(result.explanation)
        assert_strict(ComparisonCheck(pw, dice).result_for(roll).explanation)


def test_rounds_abilities_and_windows_are_in_the_catalog() -> None:
    for seed in range(10):
        assert_strict(compare([50, 60, 50], SeededRng(seed)).explanation())
    tie = compare([50, 40], ScriptedRng([40, 50]))
    assert tie.explain() == (
        "#0: d100 rolled 40 + PW 50 = 90: ordinary result; "
        "#1: d100 rolled 50 + PW 40 = 90: ordinary result; "
        "tie between #0, #1: the GM decides or they roll again"
    )
    assert_strict(tie.explanation())
    assert_strict(Ability("Night vision").use().explanation)
    assert_strict(
        Ability("Sense", needs_check=True).use(SeededRng(1), pw=40).explanation
    )
    for hours, granted in itertools.product((1, 3), (True, False)):
        window = preparation_window(ScriptedRng([hours]), granted=granted)
        assert_strict(window.explanation())
    assert preparation_window(ScriptedRng([1])).explain("de") == (
        "1W4 zeigt 1: 1 Stunde Vorbereitungszeit"
    )


def test_every_casting_explanation_is_in_the_catalog() -> None:
    for level, name, start in itertools.product((1, 2, 3), ("", "Fire"), (1, 4)):
        formula = AetherFormula(level, name=name)
        castings = [cast(formula, start), cast(formula, start, slip=True)]
        castings += [cast(formula, start, interrupted_after=k) for k in range(level)]
        for casting in castings:
            assert_strict(casting.explanation())
    interrupted = cast(AetherFormula(1), interrupted_after=0)
    assert interrupted.explain() == (
        "level-1 formula: recitation interrupted after 0 of 1 action: no effect; "
        "1 phiol spent (1 personal); aether lockout in actions 1–2"
    )
