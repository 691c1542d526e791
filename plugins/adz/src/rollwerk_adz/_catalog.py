"""The adz ruleset's messages, in English and German.

Message ids start with ``adz.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language.
Labels (``adz.label.<key>``) become [`AdzRuleset.labels`][rollwerk_adz.AdzRuleset.labels].
"""

from __future__ import annotations

from collections.abc import Sequence

from rollwerk.i18n import Catalog, Text

__all__ = ["CATALOG", "count", "join"]

_EN = {
    # labels (Ruleset.labels, the CLI's degree and contest words)
    "adz.label.critical_success": "success (AdZ has no critical results)",
    "adz.label.success": "success",
    "adz.label.failure": "failure",
    "adz.label.critical_failure": "failure (AdZ has no critical results)",
    "adz.label.impossible": "impossible (threshold above the pool)",
    "adz.label.successes": "successes",
    "adz.label.threshold": "threshold",
    "adz.label.pool": "dice",
    "adz.label.luck": "luck pool",
    "adz.label.surplus": "surplus successes",
    "adz.label.first": "the initiator wins",
    "adz.label.second": "the opponent wins",
    "adz.label.tie": "draw",
    "adz.label.both_failed": "both failed",
    # counts and joins
    "adz.dice.one": "1 die",
    "adz.dice.other": "{n} dice",
    "adz.successes.one": "1 success",
    "adz.successes.other": "{n} successes",
    "adz.join": "{a}; {b}",
    # a check (ADZ-R04..R11)
    "adz.check.impossible": "threshold {t} is above the pool of {dice}: "
    "impossible, no roll",
    "adz.check.dice": "{dice} {faces}",
    "adz.check.negative_pool": "pool {pool}, so 0 dice []",
    "adz.check.luck": "{pool} + {n} luck {faces}",
    "adz.check.every_die": "{pool}: needs every die to succeed "
    "(threshold {t} above the pool)",
    "adz.check.result": "{pool}: {successes} at threshold {t}: {verdict}",
    "adz.verdict.success": "success",
    "adz.verdict.failure": "failure",
    "adz.kind.skill": "skill check",
    "adz.kind.spell": "spell check",
    "adz.kind.attribute": "attribute check",
    # melee (ADZ-R17..R21)
    "adz.melee.attack": "attack {successes} (threshold {t})",
    "adz.melee.miss": "miss",
    "adz.melee.defence": "defence {successes}",
    "adz.melee.defended": "fully defended",
    "adz.melee.damage": "damage {base} + {net} = {raw}, armour {armour} → {after}, "
    "{resistance}",
    "adz.melee.resistance": "resistance {res} → {final}",
    "adz.melee.no_resistance": "no resistance roll",
    # damage tracks (ADZ-R12, R13)
    "adz.status.active": "able to act",
    "adz.status.unconscious": "unconscious",
    "adz.status.dying": "unconscious and dying",
    "adz.status.beyond_last": "injured beyond the last level",
    # magic (ADZ-R02, R35)
    "adz.technique.control": "control",
    "adz.technique.create": "create",
    "adz.technique.modify": "modify",
    "adz.technique.destroy": "destroy",
    "adz.magic.trivial": "trivial spell: no roll, 1 success, no mental damage",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "adz.role.luck": "luck",
    "adz.extra.impossible": "impossible",
    "adz.extra.luck_dice": "luck_dice",
    "adz.extra.surplus": "surplus",
    "adz.extra.trivial": "trivial",
    # the values of the boolean extras: as written in English, ja/nein in German
    "adz.extra.impossible.true": "true",
    "adz.extra.impossible.false": "false",
    "adz.extra.trivial.true": "true",
    "adz.extra.trivial.false": "false",
}

_DE = {
    "adz.label.critical_success": "gelungen (AdZ kennt keine kritischen Ergebnisse)",
    "adz.label.success": "gelungen",
    "adz.label.failure": "gescheitert",
    "adz.label.critical_failure": "gescheitert (AdZ kennt keine kritischen Ergebnisse)",
    "adz.label.impossible": "unmöglich (Mindestwurf über der Würfelanzahl)",
    "adz.label.successes": "Erfolge",
    "adz.label.threshold": "Mindestwurf",
    "adz.label.pool": "Würfelanzahl",
    "adz.label.luck": "Glückspool",
    "adz.label.surplus": "überzählige Erfolge",
    "adz.label.first": "der Auslösende gewinnt",
    "adz.label.second": "der Gegner gewinnt",
    "adz.label.tie": "unentschieden",
    "adz.label.both_failed": "beide gescheitert",
    "adz.dice.one": "1 Würfel",
    "adz.dice.other": "{n} Würfel",
    "adz.successes.one": "1 Erfolg",
    "adz.successes.other": "{n} Erfolge",
    "adz.join": "{a}; {b}",
    "adz.check.impossible": "Mindestwurf {t} höher als die Würfelanzahl {n}: "
    "unmöglich, kein Wurf",
    "adz.check.dice": "{dice} {faces}",
    "adz.check.negative_pool": "Würfelanzahl {pool}, also 0 Würfel []",
    "adz.check.luck": "{pool} + {n} Glückswürfel {faces}",
    "adz.check.every_die": "{pool}: jeder Würfel muss ein Erfolg sein "
    "(Mindestwurf {t} höher als die Würfelanzahl)",
    "adz.check.result": "{pool}: {successes} bei Mindestwurf {t}: {verdict}",
    "adz.verdict.success": "gelungen",
    "adz.verdict.failure": "gescheitert",
    "adz.kind.skill": "Fertigkeitsprobe",
    "adz.kind.spell": "Zauberprobe",
    "adz.kind.attribute": "Attributsprobe",
    "adz.melee.attack": "Angriff {successes} (Mindestwurf {t})",
    "adz.melee.miss": "verfehlt",
    "adz.melee.defence": "Verteidigung {successes}",
    "adz.melee.defended": "vollständig abgewehrt",
    "adz.melee.damage": "Schaden {base} + {net} = {raw}, Rüstungsschutz {armour} → "
    "{after}, {resistance}",
    "adz.melee.resistance": "Widerstand {res} → {final}",
    "adz.melee.no_resistance": "kein Widerstandswurf",
    "adz.status.active": "handlungsfähig",
    "adz.status.unconscious": "bewusstlos",
    "adz.status.dying": "bewusstlos und dem Tod nahe",
    "adz.status.beyond_last": "über die letzte Stufe hinaus verletzt",
    "adz.technique.control": "beherrschen",
    "adz.technique.create": "erschaffen",
    "adz.technique.modify": "modifizieren",
    "adz.technique.destroy": "zerstören",
    "adz.magic.trivial": "trivialer Zauber: keine Probe, 1 Erfolg, kein geistiger "
    "Schaden",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "adz.role.luck": "Glück",
    "adz.extra.impossible": "unmöglich",
    "adz.extra.luck_dice": "Glückswürfel",
    "adz.extra.surplus": "Überschuss",
    "adz.extra.trivial": "trivial",
    # the values of the boolean extras (`rollwerk check`, `odds`)
    "adz.extra.impossible.true": "ja",
    "adz.extra.impossible.false": "nein",
    "adz.extra.trivial.true": "ja",
    "adz.extra.trivial.false": "nein",
}

_HELP_DE = {
    # German help for `rollwerk rulesets adz --lang de`; the English is the
    # parameters' own help
    "adz.help.check": "W6 würfeln, 5er und 6er zählen, Erfolg ab dem Mindestwurf an Erfolgen",
    "adz.help.check.dice": "der Grundpool an W6: Punkte der genutzten Eigenschaften (Würfelanzahl)",
    "adz.help.check.minimum": "die Schwelle: benötigte Erfolge (Mindestwurf)",
    "adz.help.check.kind": "Fertigkeits-, Zauber- oder Attributsprobe (Probenart)",
    "adz.help.check.support": "Punkte einer unterstützenden Fertigkeit oder eines "
    "Magiebereichs: "
    "aufgerundet Punkte/3 zusätzliche Würfel",
    "adz.help.check.modifier": "Umstandsmodifikator in Würfeln",
    "adz.help.check.allow_impossible": "die SL lässt eine Probe mit Mindestwurf über "
    "der Würfelanzahl zu: jeder Würfel muss ein Erfolg sein",
    "adz.help.check.luck": "Glückspool, eingesetzt nach luck_policy",
    "adz.help.check.luck_policy": "wann der Glückspool eingesetzt wird: never (nie), "
    "on_failure (bei Misserfolg) oder always (immer)",
}

CATALOG = Catalog({"en": _EN, "de": {**_DE, **_HELP_DE}})
"""The adz ruleset's messages."""


def count(noun: str, n: int) -> Text:
    """``1 die`` / ``3 dice``: the message ``adz.<noun>.one`` or ``.other``."""
    return CATALOG.text(f"adz.{noun}.{'one' if n == 1 else 'other'}", n=n)


def join(parts: Sequence[Text]) -> Text:
    """The texts joined by ``"; "`` (message ``adz.join``), in every language."""
    out = parts[0]
    for part in parts[1:]:
        out = CATALOG.text("adz.join", a=out, b=part)
    return out
