"""The toy ruleset's catalog: complete in en and de, every id its code uses."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from rollwerk import Degree, SeededRng, build_check
from rollwerk.i18n import Catalog, Text
from rollwerk.plugins import Registry
from rollwerk.testing import examples
from rollwerk.testing.examples import CATALOG, ToyRuleset


def messages(text: Text) -> Iterator[tuple[str, Catalog]]:
    yield text.message, text.catalog
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from messages(value)


def assert_strict(text: Text) -> None:
    """``text`` renders in en and de from the toy catalog, with no fallback."""
    for message, catalog in messages(text):
        assert catalog is CATALOG, message
        for lang in ("en", "de"):
            assert catalog.template(lang, message) is not None, (lang, message)


def test_toy_catalog_is_complete_and_registered() -> None:
    assert CATALOG.languages == ("en", "de")
    assert CATALOG.ids("de") == CATALOG.ids("en")
    assert all(i.startswith("toy.") for i in CATALOG.ids())
    cats = Registry(load_entrypoints=False, plugins=[examples]).catalogs()
    assert cats.render("de", "toy.label.critical_failure") == "Patzer"


def test_toy_labels_and_difficulties_come_from_the_catalog() -> None:
    toy = ToyRuleset()
    assert toy.labels == CATALOG.labels("toy")
    degrees = {
        lang: {d.value: toy.labels[lang][d.value] for d in Degree}
        for lang in toy.labels
    }
    assert degrees == {
        "en": {
            "critical_success": "critical success",
            "success": "success",
            "failure": "failure",
            "critical_failure": "fumble",
        },
        "de": {
            "critical_success": "kritischer Erfolg",
            "success": "Erfolg",
            "failure": "Misserfolg",
            "critical_failure": "Patzer",
        },
    }
    for difficulty in toy.difficulties:
        assert_strict(difficulty.label)
    assert [d.label("de") for d in toy.difficulties] == ["leicht", "normal", "schwer"]


def test_every_toy_explanation_is_in_the_catalog() -> None:
    for bonus in (0, 1):
        toy = ToyRuleset(bonus=bonus)
        for skill, modifier, edge, seed in itertools.product(
            range(7), (-3, 0, 3), (False, True), range(6)
        ):
            check = build_check(toy, skill=skill, modifier=modifier, edge=edge)
            assert_strict(check.resolve(SeededRng(seed)).explanation)
        for dice, threshold, seed in itertools.product(
            range(1, 9), (1, 2, 5), range(6)
        ):
            check = build_check(toy, "pool", dice=dice, threshold=threshold)
            assert_strict(check.resolve(SeededRng(seed)).explanation)


def test_toy_plurals_keep_their_words() -> None:
    one = build_check(ToyRuleset(), "pool", dice=1, threshold=2).resolve(SeededRng(0))
    assert one.explain() == "2 successes cannot come from 1 die: failure"
    assert one.explain("de") == "2 Erfolge sind mit 1 Würfel unmöglich: Misserfolg"
