"""The mythandria catalog: every message in en and de, every id the code uses."""

from __future__ import annotations

import itertools

import pytest

from rollwerk import ScriptedRng, SeededRng
from rollwerk.checks import TOOLKIT_CATALOG
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.plugins import Registry
from rollwerk.testing import assert_catalog_complete, assert_text_complete
from rollwerk_mythandria import (
    RULESET,
    Ability,
    AetherFormula,
    DifficultyPreset,
    cast,
    compare,
    comparison_check,
    decision_check,
    preparation_window,
)
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._dice import D100Dice, d100_to_digits


def assert_strict(text: Text) -> None:
    """``text`` renders in en and de with no fallback and no fixed words."""
    assert_text_complete(text, (CATALOG, CORE))


def test_catalog_is_complete_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    assert_catalog_complete(CATALOG, "mythandria")


def test_plugin_registers_the_catalog() -> None:
    from rollwerk_mythandria import plugin

    cats = Registry(load_entrypoints=False, plugins=[plugin]).catalogs()
    assert cats.render("de", "mythandria.label.tie") == "Gleichstand"


def test_labels_come_from_the_catalog_with_contest_sides() -> None:
    """The catalog's labels; the toolkit's words only for ``both_failed``."""
    labels = RULESET.labels
    ours = CATALOG.labels("mythandria")
    for lang in ("en", "de"):
        assert {k: v for k, v in labels[lang].items() if k != "both_failed"} == ours[
            lang
        ]
        assert labels[lang]["both_failed"] == TOOLKIT_CATALOG.render(
            lang, "toolkit.label.both_failed"
        )
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
        result = decision_check(pw, dice).resolve(ScriptedRng(faces))
        assert result.value == roll
        assert_strict(result.explanation)
        compared = comparison_check(pw, dice).resolve(ScriptedRng(faces))
        assert compared.extra("roll") == roll
        assert_strict(compared.explanation)


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


def test_effects_are_named_in_the_seeds_words() -> None:
    """MY-R03, MY-R18: with the registry's catalogs German logs say
    *Aetherkarenz* and *Luft anhalten* (the seed's words); they said
    ``aether lockout`` and ``holding breath`` (a held-out rules lawyer)."""
    from rollwerk import Encounter
    from rollwerk_mythandria import HoldingBreath, declaim
    from rollwerk_mythandria._catalog import EFFECT_WORDS

    registry = Registry()
    cats = registry.catalogs()
    assert cats.template("de", "effect.name.aether lockout") == "Aetherkarenz"
    assert set(EFFECT_WORDS.ids()) == {
        "effect.name.aether lockout",
        "effect.name.holding breath",
        "condition.aether_lockout",
        "condition.holding_breath",
    }
    assert set(EFFECT_WORDS.missing("de")) == set()
    enc = Encounter.for_ruleset(registry.ruleset("mythandria"), ["Mira", "Orc"])
    step, _ = declaim(enc.advance().state, "Mira", AetherFormula(2), slip=True)
    (added,) = step.events
    assert added.describe("de", cats) == (
        "Mira wirkt Aetherkarenz auf Mira: 4 Aktionen von Mira."
    )
    assert added.describe("en", cats) == (
        "Mira puts aether lockout on Mira: 4 actions of Mira."
    )
    (lockout,) = step.state.effects
    assert lockout.describe("de", cats, state=step.state) == (
        "Aetherkarenz auf Mira von Mira (Aetherkarenz): noch 4 Aktionen"
    )
    breath = step.state.apply_effect(HoldingBreath("Orc", 105))
    assert [e.describe("de", cats) for e in breath.events] == [
        "Orc wirkt Luft anhalten auf Orc: 1 Minute und 45 Sekunden."
    ]
