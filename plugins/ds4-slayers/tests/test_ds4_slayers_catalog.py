"""The slayer rules' catalog: complete in en and de, every message used, eo.

Every explanation the slaying-dice and slayer-point checks can produce is
rendered over a sweep in English and German; the ``ds4-slayers.*`` ids met
must be exactly the catalog's, the others exist in the ds4 catalog.
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterator

import pytest

import rollwerk
from rollwerk import ScriptedRng, build_check
from rollwerk.i18n import Catalog, Text
from rollwerk.plugins import Registry
from rollwerk_ds4 import CATALOG as DS4
from rollwerk_ds4 import plugin as ds4_plugin
from rollwerk_ds4_slayers import (
    CATALOG,
    COSTS,
    SLAYER_POINTS,
    SLAYING_DICE,
    slaying_check,
)
from rollwerk_ds4_slayers import plugin as slayers_plugin


def _ids(text: Text) -> Iterator[str]:
    yield text.message
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from _ids(value)


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _registry(*more: object) -> Registry:
    return Registry(load_entrypoints=False, plugins=[ds4_plugin, slayers_plugin, *more])


def _explanations() -> Iterator[Text]:
    registry = _registry()
    both = registry.ruleset("ds4", options=["slaying-dice", "slayer-points"])
    points = registry.ruleset("ds4", options=["slayer-points"])
    faces = ([1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 8, 9, 2], [2, 20, 1, 4], [20, 5], [9, 12])
    for pw, depth, rolls in itertools.product((-2, 8, 14, 25), (0, 1, 3), faces):
        yield (
            slaying_check(pw, slaying_depth=depth)
            .resolve(ScriptedRng(rolls))
            .explanation
        )
    for rs, (
        attack,
        defense,
        reduction,
        undefendable,
        helpless,
        ap,
        dp,
    ) in itertools.product(
        (both, points),
        itertools.product(
            (5, 14), (0, 8, 15), (0, 3), (False, True), (False, True), (0, 2), (0, 1, 3)
        ),
    ):
        check = build_check(
            rs,
            "attack",
            attack=attack,
            defense=defense,
            defense_reduction=reduction,
            undefendable=undefendable,
            helpless=helpless,
            attack_points=ap,
            defense_points=dp,
        )
        for rolls in faces:
            yield check.resolve(ScriptedRng(rolls * 3)).explanation


def test_slayers_catalog_has_every_message_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    assert CATALOG.missing("de") == []
    # German-only: the optional rules' names and help, and the help of the
    # parameters they add, whose English is the rules' own (`rollwerk
    # rulesets ds4 --lang de --option …`)
    assert CATALOG.ids("de") - CATALOG.ids("en") == {
        key
        for rule in (SLAYING_DICE, SLAYER_POINTS)
        for key in (f"ds4.option.{rule.id}", f"ds4.option.{rule.id}.help")
    } | {
        "ds4.help.check.slaying_depth",
        "ds4.help.attack.slaying_depth",
        "ds4.help.attack.attack_points",
        "ds4.help.attack.defense_points",
    }
    assert all(i.startswith("ds4-slayers.") for i in CATALOG.ids())
    for message in CATALOG.ids():
        en, de = CATALOG.template("en", message), CATALOG.template("de", message)
        assert en, message
        assert de, message
        assert _placeholders(en) == _placeholders(de), message


def test_slayers_code_uses_exactly_the_catalog_messages() -> None:
    used: set[str] = set()
    for text in [*_explanations(), *(c.label for c in COSTS)]:
        for lang in ("en", "de"):
            assert text(lang)  # a message no catalog has raises MissingMessage
        used.update(_ids(text))
    mine = {i for i in used if i.startswith("ds4-slayers.")}
    assert sorted(mine ^ CATALOG.ids()) == []
    assert sorted(used - mine - DS4.ids()) == []


def test_plugin_registers_the_catalog() -> None:
    cats = _registry().catalogs()
    assert cats.render("de", "ds4-slayers.cost.attack+2") == "Angriff +2"
    assert COSTS[0].label("de") == "2 Schaden ignorieren"
    assert COSTS[0].label() == "ignore 2 damage"


EO = Catalog(
    {
        "eo": {
            "ds4-slayers.slaying.die": "{before}; mortiga ĵetkubo {n}: {check}",
            "ds4-slayers.slaying.total": "{before}; sumo {total}",
            "ds4-slayers.points.attack": "{points} MP: atako +{bonus}",
        }
    }
)


class Esperanto:
    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [EO]


def test_ds4_r36_r37_third_language() -> None:
    """DS4-R36 D21 (1, 1, 8 → 36) and DS4-R37 attack +2, in Esperanto."""
    cats = _registry(Esperanto()).catalogs()
    d21 = slaying_check(14).resolve(ScriptedRng([1, 1, 8]))
    assert d21.explain("eo", cats) == (
        "PW 14: d20 = 1: coup, result 14; mortiga ĵetkubo 1: PW 14: d20 = 1: coup, "
        "result 14; mortiga ĵetkubo 2: PW 14: d20 = 8 ≤ 14: success, result 8; sumo 36"
    )
    rs = _registry().ruleset("ds4", options=["slayer-points"])
    check = build_check(rs, "attack", attack=10, defense=8, attack_points=2)
    result = check.resolve(ScriptedRng([20]))
    assert result.explain("eo", cats) == (
        "2 MP: atako +2; Attack PW 12: d20 = 20: fumble; no damage"
    )
    assert result.explain("de") == (
        "2 SP: Angriff +2; Angriff PW 12: W20 = 20: Patzer; kein Schaden"
    )
    with pytest.raises(rollwerk.ParameterError, match="got 'eo'"):
        result.explain("eo")
