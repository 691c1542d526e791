"""The mythandria ruleset's messages, in English and German.

Message ids start with ``mythandria.``; the plugin registers this catalog
with ``rollwerk_register_catalogs``, and a plugin of its own may add a
language. Labels (``mythandria.label.<key>``) become the ruleset's ``labels``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rollwerk.i18n import Catalog, Text

__all__ = ["CATALOG", "join"]

_EN = {
    # labels (Ruleset.labels, the CLI's degree and contest words)
    "mythandria.label.critical_success": "extraordinary success",
    "mythandria.label.success": "success",
    "mythandria.label.failure": "failure",
    "mythandria.label.critical_failure": "extraordinary failure",
    "mythandria.label.ordinary": "ordinary result",
    "mythandria.label.decision": "decision check",
    "mythandria.label.comparison": "comparative check",
    "mythandria.label.pw": "check value",
    "mythandria.label.body": "Body",
    "mythandria.label.mind": "Mind",
    "mythandria.label.first": "first side wins",
    "mythandria.label.second": "second side wins",
    "mythandria.label.tie": "tie",
    "mythandria.label.reroll": "tie: roll again",
    "mythandria.label.aether_lockout": "aether lockout",
    "mythandria.label.phiol": "phiol",
    # difficulty presets (MY-R10)
    "mythandria.difficulty.trivial": "trivial",
    "mythandria.difficulty.childs-play": "child's play",
    "mythandria.difficulty.very-easy": "very easy",
    "mythandria.difficulty.easy": "easy",
    "mythandria.difficulty.normal": "normal",
    "mythandria.difficulty.hard": "hard",
    "mythandria.difficulty.very-hard": "very hard",
    "mythandria.difficulty.improbable": "improbable",
    "mythandria.difficulty.nearly-impossible": "nearly impossible",
    # the dice (MY-R06)
    "mythandria.dice.d100": "d100 rolled {roll}",
    "mythandria.dice.2d10": "2d10 rolled tens {tens}, units {units} = {roll}",
    # decision checks (MY-R07)
    "mythandria.decision": "{dice} against PW {pw}: {word}",
    "mythandria.decision.noted": "{dice} against PW {pw}: {word} ({note})",
    "mythandria.decision.extraordinary_success": "extraordinary success",
    "mythandria.decision.success": "success",
    "mythandria.decision.failure": "failure",
    "mythandria.decision.extraordinary_failure": "extraordinary failure",
    "mythandria.note.one_succeeds": "a 1 always succeeds",
    "mythandria.note.hundred_fails": "a 100 always fails",
    "mythandria.note.high_pw": "at PW 100 or more only a 100 fails",
    "mythandria.note.low_pw": "at PW below 1 only a 1 succeeds",
    # comparative checks (MY-R08, R09)
    "mythandria.comparison": "{dice} + PW {pw} = {total}: {word}",
    "mythandria.class.extraordinary_success": "extraordinary success "
    "(beats every ordinary result)",
    "mythandria.class.ordinary": "ordinary result",
    "mythandria.class.extraordinary_failure": "extraordinary failure "
    "(beaten by every ordinary result)",
    "mythandria.round.part": "#{p}: {result}",
    "mythandria.round.winner": "#{p} wins",
    "mythandria.round.tie": "tie between {names}: the GM decides or they roll again",
    "mythandria.join": "{a}; {b}",
    # abilities and preparation (MY-R12, R13)
    "mythandria.ability.automatic": "{name} works automatically (no check asked for)",
    "mythandria.ability.check": "{name}: {result}",
    "mythandria.preparation.none": "no preparation time granted today",
    "mythandria.preparation.one": "1d4 rolled {n}: {n} hour of preparation time",
    "mythandria.preparation.other": "1d4 rolled {n}: {n} hours of preparation time",
    # aether formulas (MY-R14..R20)
    "mythandria.formula.level": "level-{level} formula",
    "mythandria.casting": "{label}: {what}; {spent}; {lockout}",
    "mythandria.casting.slip": "slip while declaiming: no effect",
    "mythandria.casting.interrupted.one": "recitation interrupted after {recited} "
    "of {level} action: no effect",
    "mythandria.casting.interrupted.other": "recitation interrupted after {recited} "
    "of {level} actions: no effect",
    "mythandria.casting.recited": "recited {slots}: effect after action {after}",
    "mythandria.slots.one": "in action {span}",
    "mythandria.slots.other": "in actions {span}",
    "mythandria.spent.one": "{n} phiol spent ({personal} personal)",
    "mythandria.spent.other": "{n} phiols spent ({personal} personal)",
    "mythandria.lockout": "aether lockout in actions {span}",
    "mythandria.lockout.none": "no aether lockout",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "mythandria.role.check tens": "check tens",
    "mythandria.role.check units": "check units",
    "mythandria.role.comparison": "comparison",
    "mythandria.role.comparison tens": "comparison tens",
    "mythandria.role.comparison units": "comparison units",
    "mythandria.extra.roll": "roll",
}

_DE = {
    "mythandria.label.critical_success": "außerordentlicher Erfolg",
    "mythandria.label.success": "Erfolg",
    "mythandria.label.failure": "Fehlschlag",
    "mythandria.label.critical_failure": "außerordentlicher Fehlschlag",
    "mythandria.label.ordinary": "normales Ergebnis",
    "mythandria.label.decision": "Entscheidungsprobe",
    "mythandria.label.comparison": "Vergleichsprobe",
    "mythandria.label.pw": "Probenwert",
    "mythandria.label.body": "Körper",
    "mythandria.label.mind": "Geist",
    "mythandria.label.first": "erste Seite gewinnt",
    "mythandria.label.second": "zweite Seite gewinnt",
    "mythandria.label.tie": "Gleichstand",
    "mythandria.label.reroll": "Gleichstand: erneut würfeln",
    "mythandria.label.aether_lockout": "Aetherkarenz",
    "mythandria.label.phiol": "Phiol",
    "mythandria.difficulty.trivial": "trivial",
    "mythandria.difficulty.childs-play": "kinderleicht",
    "mythandria.difficulty.very-easy": "sehr einfach",
    "mythandria.difficulty.easy": "einfach",
    "mythandria.difficulty.normal": "normal",
    "mythandria.difficulty.hard": "schwer",
    "mythandria.difficulty.very-hard": "sehr schwer",
    "mythandria.difficulty.improbable": "unwahrscheinlich",
    "mythandria.difficulty.nearly-impossible": "fast unmöglich",
    "mythandria.dice.d100": "W100 zeigt {roll}",
    "mythandria.dice.2d10": "2W10 zeigen Zehner {tens}, Einer {units} = {roll}",
    "mythandria.decision": "{dice} gegen PW {pw}: {word}",
    "mythandria.decision.noted": "{dice} gegen PW {pw}: {word} ({note})",
    "mythandria.decision.extraordinary_success": "außerordentlicher Erfolg",
    "mythandria.decision.success": "Erfolg",
    "mythandria.decision.failure": "Fehlschlag",
    "mythandria.decision.extraordinary_failure": "außerordentlicher Fehlschlag",
    "mythandria.note.one_succeeds": "eine 1 gelingt immer",
    "mythandria.note.hundred_fails": "eine 100 misslingt immer",
    "mythandria.note.high_pw": "ab PW 100 misslingt nur eine 100",
    "mythandria.note.low_pw": "bei PW unter 1 gelingt nur eine 1",
    "mythandria.comparison": "{dice} + PW {pw} = {total}: {word}",
    "mythandria.class.extraordinary_success": "außerordentlicher Erfolg "
    "(übersteuert alle normalen Ergebnisse)",
    "mythandria.class.ordinary": "normales Ergebnis",
    "mythandria.class.extraordinary_failure": "außerordentlicher Fehlschlag "
    "(von allen normalen Ergebnissen übersteuert)",
    "mythandria.round.part": "#{p}: {result}",
    "mythandria.round.winner": "#{p} gewinnt",
    "mythandria.round.tie": "Gleichstand zwischen {names}: die Spielleitung "
    "entscheidet oder sie würfeln erneut",
    "mythandria.join": "{a}; {b}",
    "mythandria.ability.automatic": "{name} wirkt automatisch (keine Probe verlangt)",
    "mythandria.ability.check": "{name}: {result}",
    "mythandria.preparation.none": "heute keine Vorbereitungszeit gewährt",
    "mythandria.preparation.one": "1W4 zeigt {n}: {n} Stunde Vorbereitungszeit",
    "mythandria.preparation.other": "1W4 zeigt {n}: {n} Stunden Vorbereitungszeit",
    "mythandria.formula.level": "Formel der Stufe {level}",
    "mythandria.casting": "{label}: {what}; {spent}; {lockout}",
    "mythandria.casting.slip": "beim Vortragen versprochen: kein Effekt",
    "mythandria.casting.interrupted.one": "Rezitieren nach {recited} von {level} "
    "Aktion unterbrochen: kein Effekt",
    "mythandria.casting.interrupted.other": "Rezitieren nach {recited} von {level} "
    "Aktionen unterbrochen: kein Effekt",
    "mythandria.casting.recited": "rezitiert {slots}: Effekt nach Aktion {after}",
    "mythandria.slots.one": "in Aktion {span}",
    "mythandria.slots.other": "in den Aktionen {span}",
    "mythandria.spent.one": "{n} Phiol verbraucht ({personal} persönlich)",
    "mythandria.spent.other": "{n} Phiole verbraucht ({personal} persönlich)",
    "mythandria.lockout": "Aetherkarenz in den Aktionen {span}",
    "mythandria.lockout.none": "keine Aetherkarenz",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "mythandria.role.check tens": "Probe Zehner",
    "mythandria.role.check units": "Probe Einer",
    "mythandria.role.comparison": "Vergleich",
    "mythandria.role.comparison tens": "Vergleich Zehner",
    "mythandria.role.comparison units": "Vergleich Einer",
    "mythandria.extra.roll": "Wurf",
}

_HELP_DE = {
    # German help for `rollwerk rulesets mythandria --lang de`; the English is
    # the checks' and parameters' own help
    "mythandria.help.decision": "Entscheidungsprobe: W100 ≤ PW; 1 gelingt immer, "
    "100 misslingt immer",
    "mythandria.help.decision.pw": "Probenwert: W100 gleich oder darunter würfeln",
    "mythandria.help.decision.dice": "ein W100, oder 2W10 als Zehner und Einer gelesen "
    "(00 = 100)",
    "mythandria.help.comparison": "Vergleichsprobe: W100 + PW, der höchste gewinnt; "
    "100 schlägt und 1 verliert gegen jedes gewöhnliche Ergebnis",
    "mythandria.help.comparison.pw": "Probenwert, der zum W100 addiert wird",
    "mythandria.help.comparison.dice": "ein W100, oder 2W10 als Zehner und Einer "
    "gelesen (00 = 100)",
}

CATALOG = Catalog({"en": _EN, "de": {**_DE, **_HELP_DE}})
"""The mythandria ruleset's messages."""

EFFECT_WORDS = Catalog(
    {
        "en": {
            "effect.name.aether lockout": "aether lockout",
            "effect.name.holding breath": "holding breath",
            "condition.aether_lockout": "aether lockout",
            "condition.holding_breath": "holding breath",
        },
        "de": {
            "effect.name.aether lockout": "Aetherkarenz",
            "effect.name.holding breath": "Luft anhalten",
            "condition.aether_lockout": "Aetherkarenz",
            "condition.holding_breath": "Luft anhalten",
        },
    }
)
"""The core's words for Mythandria's effects (``effect.name.*``, ``condition.*``).

Registered with the ruleset's catalog, so that ``describe`` with the
registry's catalogs says *Aetherkarenz* in German.
"""


def join(parts: Sequence[Text]) -> Text:
    """The texts joined by ``"; "`` (message ``mythandria.join``), in every language."""
    out = parts[0]
    for part in parts[1:]:
        out = CATALOG.text("mythandria.join", a=out, b=part)
    return out
