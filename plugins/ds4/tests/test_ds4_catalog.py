"""The ds4 catalog: complete in en and de, every message used, a third language.

Every explanation the ds4 checks can produce is rendered over a sweep of
parameters and faces in English and German; the message ids met on the way
must be exactly the catalog's (none missing, none unused).
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterator

import pytest

import rollwerk
from rollwerk import ScriptedRng
from rollwerk.checks import TOOLKIT_CATALOG
from rollwerk.cli._main import main
from rollwerk.i18n import Catalog, Text
from rollwerk.plugins import Registry
from rollwerk.testing import (
    assert_catalog_complete,
    assert_text_complete,
    text_messages,
)
from rollwerk_ds4 import (
    CATALOG,
    DIFFICULTIES,
    LABELS,
    RULESET,
    TYPICAL_CHECKS,
    assign_dice,
    combat_fumble,
    roll_check,
)
from rollwerk_ds4 import attack as ds4_attack
from rollwerk_ds4 import check as ds4_check
from rollwerk_ds4 import plugin as ds4_plugin


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _explanations() -> Iterator[Text]:
    """Every kind of explanation a DS4 check or attack gives."""
    for pw, face, excluded in itertools.product(
        (-3, 0, 1, 7, 19, 20), range(1, 21), (False, True)
    ):
        yield roll_check(pw, ScriptedRng([face]), fumbles_excluded=excluded)[
            0
        ].explanation()
    for pw, face in itertools.product((25, 60), range(1, 21)):
        yield ds4_check(pw, need_result=False).resolve(ScriptedRng([face])).explanation
    for a, b in itertools.product(range(1, 21), repeat=2):
        for rest in (0, 1, 2):
            yield ds4_check(25, rest_die=rest).resolve(ScriptedRng([a, b])).explanation
        yield roll_check(25, ScriptedRng([a, b]), fumbles_excluded=True)[
            0
        ].explanation()
    for attack, defense, reduction, undefendable, helpless in itertools.product(
        (3, 12, 25), (0, 6, 15, 25), (0, 2), (False, True), (False, True)
    ):
        check = ds4_attack(attack, defense, reduction, undefendable, helpless)
        for faces in (
            [1, 1, 1, 1],
            [2, 1, 20, 1],
            [3, 2, 2, 2],
            [20, 5],
            [9, 12, 4, 3],
        ):
            yield check.resolve(ScriptedRng(faces)).explanation


def test_ds4_catalog_has_every_message_in_en_and_de() -> None:
    assert CATALOG.languages == ("en", "de")
    assert_catalog_complete(CATALOG, "ds4")
    # German-only: the help of every check and parameter, whose English
    # is the plugin's own (`rollwerk rulesets ds4 --lang de`)
    assert CATALOG.ids("de") - CATALOG.ids("en") == {
        key
        for spec in RULESET.checks()
        for key in (
            f"ds4.help.{spec.name}",
            *(f"ds4.help.{spec.name}.{p.name}" for p in spec.parameters),
        )
    }
    for message in CATALOG.ids():
        en = CATALOG.template("en", message)
        de = CATALOG.template("de", message)
        assert en, message
        assert de, message
        assert _placeholders(en) == _placeholders(de), message


def test_ds4_code_uses_exactly_the_catalog_messages() -> None:
    """Render everything in en and de; the ids met are the catalog's, all of them."""
    used: set[str] = set()
    texts = [
        *_explanations(),
        *(d.label for d in DIFFICULTIES),
        *(t.label for t in TYPICAL_CHECKS),
        *(combat_fumble(c).effect for c in ("defense", "strike", "shoot", "cast")),
        combat_fumble("targeted_cast").effect,
        assign_dice(44, [2, 1, 17]).text(),
        assign_dice(-3, [1]).text(),  # a coup at PW ≤ 0 is 1 (DS4-A03)
        assign_dice(25, [20, 5]).text(),  # a fumble assigns nothing (DS4-R05)
    ]
    for text in texts:
        assert_text_complete(text, [CATALOG])
        used.update(message for message, _ in text_messages(text))
    used.update(f"ds4.label.{key}" for key in LABELS["en"])
    # the roles of the attack's dice, in the words `rollwerk check` shows
    attack = rollwerk.build_check(RULESET, "attack", attack=12, defense=10)
    roles = {r.role for r in attack.resolve(rollwerk.ScriptedRng([5, 5])).rolls}
    assert roles == {"attack", "defense"}
    used.update(f"ds4.role.{role}" for role in roles)
    assert sorted(used - CATALOG.ids()) == []
    assert sorted(CATALOG.ids() - used) == []


def test_ds4_labels_come_from_the_catalog() -> None:
    """The ruleset's labels are the ``ds4.label.*`` messages, by language.

    The toolkit's word stands in for ``both_failed``, an outcome DS4's
    contest rule never gives (both failing is a reroll, DS4-R09).
    """
    labels = RULESET.labels
    assert list(labels) == ["en", "de"]
    for lang in ("en", "de"):
        assert dict(labels[lang]) == {
            **LABELS[lang],
            "both_failed": TOOLKIT_CATALOG.render(lang, "toolkit.label.both_failed"),
        }
    assert labels["de"]["critical_success"] == "Immersieg"
    assert labels["en"]["critical_failure"] == "fumble"
    assert labels["de"]["reroll"] == "beide misslungen: erneut würfeln"
    assert set(labels["en"]) == set(labels["de"])
    eo = (CATALOG | EO).labels("ds4")
    assert eo["eo"]["critical_success"] == "ekstrema sukceso"
    assert eo["eo"]["tie"] == "tie"  # not translated: English


EO = Catalog(
    {
        "eo": {
            "ds4.check.split": (
                "PV {pw} dividita en subprovojn {slots}; ĵetoj {dice} ({note}); "
                "{assignment}; rezulto {result}: {degree}"
            ),
            "ds4.check.note.no_fumble": "unua ĵetkubo {die}: neniu fiasko",
            "ds4.assign.coup": "{die} → {sub} (ekstrema sukceso: {value})",
            "ds4.check.degree.success": "sukceso",
            "ds4.label.critical_success": "ekstrema sukceso",
            "ds4.label.success": "sukceso",
            "cli.result": "rezulto",
            "cli.success": "sukceso",
            "cli.value": "valoro",
            "cli.explanation": "klarigo",
        }
    }
)
"""Esperanto for a few ds4 messages and core words."""


class Esperanto:
    """A plugin that only adds a language, through the public hook."""

    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [EO]


def test_ds4_r08_third_language_in_explain() -> None:
    """DS4-R05 to DS4-R08 (PW 44, dice 2, 1, 17) explained in Esperanto."""
    registry = Registry(load_entrypoints=False, plugins=[ds4_plugin, Esperanto()])
    result = ds4_check(44).resolve(ScriptedRng([2, 1, 17]))
    assert result.explain("eo", registry.catalogs()) == (
        "PV 44 dividita en subprovojn 20 + 20 + 4; ĵetoj 2, 1, 17 "
        "(unua ĵetkubo 2: neniu fiasko); 1 → 20 (ekstrema sukceso: 20), "
        "17 → 20 (17), 2 → 4 (2); rezulto 39: sukceso"
    )
    assert result.explain("de") == (
        "PW 44 aufgeteilt in Teilproben 20 + 20 + 4; Würfe 2, 1, 17 "
        "(erster Würfel 2: kein Patzer); 1 → 20 (Immersieg: 20), "
        "17 → 20 (17), 2 → 4 (2); Ergebnis 39: Erfolg"
    )
    # A message Esperanto lacks falls back to English.
    single = ds4_check(10).resolve(ScriptedRng([4]))
    assert single.explain("eo", registry.catalogs()) == (
        "PW 10: d20 = 4 ≤ 10: success, result 4"
    )
    with pytest.raises(rollwerk.ParameterError, match="got 'eo'"):
        result.explain("eo")  # without the catalogs, nobody knows Esperanto


def test_ds4_r08_third_language_in_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``rollwerk check ds4 pw=44 --explain --lang eo`` (DS4-R08 worked example)."""
    registry = Registry(load_entrypoints=False, plugins=[ds4_plugin, Esperanto()])
    argv = ["check", "ds4", "pw=44", "--rolls", "2,1,17", "--explain", "--lang", "eo"]
    assert main(argv, registry=registry) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "rezulto: sukceso, valoro 39"
    assert out[3] == (
        "klarigo: PV 44 dividita en subprovojn 20 + 20 + 4; ĵetoj 2, 1, 17 "
        "(unua ĵetkubo 2: neniu fiasko); 1 → 20 (ekstrema sukceso: 20), "
        "17 → 20 (17), 2 → 4 (2); rezulto 39: sukceso"
    )
    # DS4-R02: a coup; its label comes from the Esperanto catalog.
    argv = ["check", "ds4", "pw=10", "--rolls", "1", "--lang", "eo"]
    assert main(argv, registry=registry) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "rezulto: sukceso (ekstrema sukceso), valoro 10"


def test_ds4_assignment_described_in_any_language() -> None:
    """DS4-R06: the assignment of Laros's dice, in English, German, Esperanto."""
    a = assign_dice(44, [2, 1, 17])
    assert a.describe() == "1 → 20 (coup: 20), 17 → 20 (17), 2 → 4 (2)"
    assert a.describe("de") == "1 → 20 (Immersieg: 20), 17 → 20 (17), 2 → 4 (2)"
    assert a.describe("eo", EO) == (
        "1 → 20 (ekstrema sukceso: 20), 17 → 20 (17), 2 → 4 (2)"
    )
    assert assign_dice(25, [9, 12], assignment=[0, 1]).describe("de") == (
        "9 → 20 (9), 12 → 5 (misslungen: 0)"
    )
    with pytest.raises(
        rollwerk.ParameterError, match=r"^lang must be 'en' or 'de', got 'fr'$"
    ):
        a.describe("fr")


def test_ds4_names_the_german_dialect() -> None:
    """German tables write W20 and W66: `rollwerk roll W66 --ruleset ds4`."""
    from rollwerk.notation import parse
    from rollwerk_ds4 import RULESET

    assert RULESET.dialect == "german"
    assert (
        parse("W66", RULESET.dialect).distribution()[11]
        == parse("W66", "german").distribution()[66]
    )
