"""The core's own messages, in English and German."""

from __future__ import annotations

from rollwerk.i18n._catalog import SHARED, Catalog
from rollwerk.i18n._fight import FIGHT_DE, FIGHT_EN
from rollwerk.i18n._words import WORDS_DE, WORDS_EN

__all__ = ["CORE"]

_EN = {
    # what a check parameter allows (Parameter.allowed, `rollwerk rulesets ID`)
    "param.bool": "true or false",
    "param.str": "a string",
    "param.int": "an integer",
    "param.int.range": "an integer from {min} to {max}",
    "param.int.min": "an integer >= {min}",
    "param.int.max": "an integer <= {max}",
    "param.one_of": "one of {choices}",
    "param.one_of.many": "one of {first}, …, {last} ({count} choices)",
    # numbers
    "number.decimal_point": ".",
    "number.die_letter": "d",
    # a rolled die (RolledDie.describe)
    "die.rerolled": "rerolled",
    "die.rerolled_cap": "rerolled {cap} times, the cap: the last face stands",
    "die.exploded": "exploded",
    "die.exploded_cap": "exploded {cap} times, the cap",
    "die.exploded_cap.one": "exploded once, the cap",
    "die.dropped": "dropped",
    "die.success": "success",
    "die.failure": "failure",
    "die.added": "added by an explosion",
    "die.penetrated": "added by penetration, counts 1 less",
    "die.capped": "the cap of {cap} added dice: explodes no further",
    "die.capped.one": "the cap of 1 added die: explodes no further",
    # a rolled expression (RollResult.explain)
    "roll.successes.one": "{n} success",
    "roll.successes.other": "{n} successes",
    "roll.failures.one": "{n} failure",
    "roll.failures.other": "{n} failures",
    "roll.rounded_down": "rounded down",
    "roll.rounded_up": "rounded up",
    "roll.rounded_half_up": "rounded, halves up",
    "roll.truncated": "rounded toward zero",
    "roll.true": "true",
    "roll.false": "false",
    "roll.dice_summary": "{n} dice, {shown} shown; values {counts}",
    "roll.dice_summary_wide": "{n} dice, {shown} shown; values {low} to {high}, "
    "{distinct} different",
    # the command line
    "cli.rulesets.id": "id",
    "cli.rulesets.name": "name",
    "cli.rulesets.version": "version",
    "cli.rulesets.distribution": "distribution",
    "cli.rulesets.checks": "checks",
    "cli.rulesets.options": "optional rules for {id}: {ids}",
    "cli.options": "options: {ids}",
    "cli.rulesets.wrapped": "{id} is changed by the wrappers {wrappers}",
    "cli.rulesets.none": "no rulesets installed",
    "cli.rulesets.failures": "plugins that failed to load:",
    "cli.rulesets.check": "check {name}",
    "cli.rulesets.required": "required",
    "cli.rulesets.default": "default {value}",
    "cli.rulesets.aliases": "also {words}",
    "cli.rulesets.difficulties": "difficulties: {presets}",
    "cli.rulesets.levels": "levels, worst first: {levels}",
    "cli.rulesets.option": "optional rule {id}: {name}",
    "cli.outcome": "outcome",
    "cli.result": "result",
    "cli.degree": "degree",
    "cli.level": "level",
    "cli.value": "value",
    "cli.extras": "extras",
    "cli.probability": "probability",
    "cli.percent": "percent",
    "cli.rolls": "rolls",
    "cli.none": "none",
    "cli.no_roll": "no roll",
    "cli.explanation": "explanation",
    "cli.success": "success",
    "cli.failure": "failure",
    "cli.vs": "vs",
    "cli.side.first": "first side",
    "cli.side.second": "second side",
    "cli.contest.first": "first side wins",
    "cli.contest.second": "second side wins",
    "cli.contest.tie": "tie",
    "cli.contest.reroll": "roll again",
    "cli.contest.both_failed": "both failed",
    "cli.odds_title": "exact odds of {notation} (mean {mean})",
    "cli.odds_omitted": "… {count} outcomes not shown, none likelier than those shown ({percent} in all); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.one": "… 1 outcome not shown, no likelier than those shown ({percent}); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.degree": "… {count} degrees not shown, none likelier than those shown ({percent} in all); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.degree.one": "… 1 degree not shown, no likelier than those shown ({percent}); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.level": "… {count} levels not shown, none likelier than those shown ({percent} in all); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.level.one": "… 1 level not shown, no likelier than those shown ({percent}); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.value": "… {count} values not shown, none likelier than those shown ({percent} in all); "
    "--max-outcomes N shows more",
    "cli.odds_omitted.value.one": "… 1 value not shown, no likelier than those shown ({percent}); "
    "--max-outcomes N shows more",
}

_DE = {
    "param.bool": "true oder false",
    "param.str": "ein Text",
    "param.int": "eine ganze Zahl",
    "param.int.range": "eine ganze Zahl von {min} bis {max}",
    "param.int.min": "eine ganze Zahl >= {min}",
    "param.int.max": "eine ganze Zahl <= {max}",
    "param.one_of": "einer der Werte {choices}",
    "param.one_of.many": "einer der Werte {first}, …, {last} ({count} Werte)",
    "number.decimal_point": ",",
    "number.die_letter": "W",
    "die.rerolled": "neu gewürfelt",
    "die.rerolled_cap": "{cap}-mal neu gewürfelt, die Obergrenze: der letzte Wurf zählt",
    "die.exploded": "explodiert",
    "die.exploded_cap": "{cap}-mal explodiert, die Obergrenze",
    "die.exploded_cap.one": "einmal explodiert, die Obergrenze",
    "die.dropped": "verworfen",
    "die.success": "Erfolg",
    "die.failure": "Fehlschlag",
    "die.added": "durch Explosion hinzugekommen",
    "die.penetrated": "durch Durchschlag hinzugekommen, zählt 1 weniger",
    "die.capped": "die Obergrenze von {cap} hinzugekommenen Würfeln: explodiert nicht weiter",
    "die.capped.one": "die Obergrenze von 1 hinzugekommenen Würfel: explodiert nicht weiter",
    "roll.successes.one": "{n} Erfolg",
    "roll.successes.other": "{n} Erfolge",
    "roll.failures.one": "{n} Fehlschlag",
    "roll.failures.other": "{n} Fehlschläge",
    "roll.rounded_down": "abgerundet",
    "roll.rounded_up": "aufgerundet",
    "roll.rounded_half_up": "gerundet, Hälften aufwärts",
    "roll.truncated": "zur Null hin gerundet",
    "roll.true": "wahr",
    "roll.false": "falsch",
    "roll.dice_summary": "{n} Würfel, {shown} gezeigt; Werte {counts}",
    "roll.dice_summary_wide": "{n} Würfel, {shown} gezeigt; Werte {low} bis {high}, "
    "{distinct} verschiedene",
    "cli.rulesets.id": "ID",
    "cli.rulesets.name": "Name",
    "cli.rulesets.version": "Version",
    "cli.rulesets.distribution": "Distribution",
    "cli.rulesets.checks": "Proben",
    "cli.rulesets.options": "optionale Regeln von {id}: {ids}",
    "cli.options": "Optionen: {ids}",
    "cli.rulesets.wrapped": "{id} wird von den Wrappern {wrappers} verändert",
    "cli.rulesets.none": "keine Regelwerke installiert",
    "cli.rulesets.failures": "Plugins, die nicht geladen werden konnten:",
    "cli.rulesets.check": "Probe {name}",
    "cli.rulesets.required": "erforderlich",
    "cli.rulesets.default": "Vorgabe {value}",
    "cli.rulesets.aliases": "auch {words}",
    "cli.rulesets.difficulties": "Schwierigkeiten: {presets}",
    "cli.rulesets.levels": "Erfolgsstufen, die schlechteste zuerst: {levels}",
    "cli.rulesets.option": "optionale Regel {id}: {name}",
    "cli.outcome": "Ausgang",
    "cli.result": "Ergebnis",
    "cli.degree": "Grad",
    "cli.level": "Stufe",
    "cli.value": "Wert",
    "cli.extras": "Extras",
    "cli.probability": "Wahrscheinlichkeit",
    "cli.percent": "Prozent",
    "cli.rolls": "Würfe",
    "cli.none": "keine",
    "cli.no_roll": "kein Wurf",
    "cli.explanation": "Erklärung",
    "cli.success": "Erfolg",
    "cli.failure": "Misserfolg",
    "cli.vs": "gegen",
    "cli.side.first": "erste Seite",
    "cli.side.second": "zweite Seite",
    "cli.contest.first": "erste Seite gewinnt",
    "cli.contest.second": "zweite Seite gewinnt",
    "cli.contest.tie": "unentschieden",
    "cli.contest.reroll": "neu würfeln",
    "cli.contest.both_failed": "beide gescheitert",
    "cli.odds_title": "exakte Wahrscheinlichkeiten für {notation} (Mittelwert {mean})",
    "cli.odds_omitted": "… {count} Ergebnisse nicht gezeigt, keines wahrscheinlicher als die gezeigten "
    "(zusammen {percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.one": "… 1 Ergebnis nicht gezeigt, nicht wahrscheinlicher als die gezeigten "
    "({percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.degree": "… {count} Grade nicht gezeigt, keiner wahrscheinlicher als die gezeigten "
    "(zusammen {percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.degree.one": "… 1 Grad nicht gezeigt, nicht wahrscheinlicher als die gezeigten "
    "({percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.level": "… {count} Stufen nicht gezeigt, keine wahrscheinlicher als die gezeigten "
    "(zusammen {percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.level.one": "… 1 Stufe nicht gezeigt, nicht wahrscheinlicher als die gezeigten "
    "({percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.value": "… {count} Werte nicht gezeigt, keiner wahrscheinlicher als die gezeigten "
    "(zusammen {percent}); --max-outcomes N zeigt mehr",
    "cli.odds_omitted.value.one": "… 1 Wert nicht gezeigt, nicht wahrscheinlicher als die gezeigten "
    "({percent}); --max-outcomes N zeigt mehr",
}

CORE = Catalog(
    {"en": {**_EN, **WORDS_EN, **FIGHT_EN}, "de": {**_DE, **WORDS_DE, **FIGHT_DE}}
)
"""The core's messages: die descriptions, roll explanations, CLI words, and
the words for time, durations, effects, events, contests and fights."""


def core_catalog() -> Catalog:
    """[`CORE`][rollwerk.i18n.CORE]: a pickled core catalog loads as this one object."""
    return CORE


SHARED[id(CORE)] = core_catalog
