"""The ds4 ruleset's messages, in English and German.

Message ids start with ``ds4.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language
(for example ``"eo"`` messages ``ds4.check.success``, ``ds4.label.success``).

Families of ids:

- ``ds4.label.<key>``: the ruleset's ``labels`` (degree and contest names);
- ``ds4.difficulty.<id>``: the difficulty presets (DS4-R03);
- ``ds4.typical.<id>``: the typical checks (DS4-R04);
- ``ds4.fumble.<check>``: what a fumbled combat check does (DS4-R25);
- ``ds4.check.*``, ``ds4.assign.*``: a check's explanation (DS4-R02 to
  DS4-R08), ``ds4.attack.*``: an attack's (DS4-R14, DS4-R33);
- ``ds4.list``: one more item of a list (``{before}, {item}``).

Messages named ``… {before}; …`` continue the text ``before``: an
explanation is built step by step, each step a message of its own.
"""

from __future__ import annotations

from rollwerk.i18n import Catalog

__all__ = ["CATALOG"]

_EN = {
    # labels (Ruleset.labels): degrees, parameters, contest outcomes
    "ds4.label.critical_success": "coup",
    "ds4.label.success": "success",
    "ds4.label.failure": "failure",
    "ds4.label.critical_failure": "fumble",
    "ds4.label.pw": "check value",
    "ds4.label.result": "result",
    "ds4.label.check": "check",
    "ds4.label.attack": "attack",
    "ds4.label.damage": "damage",
    "ds4.label.defense": "defence",
    "ds4.label.first": "first side wins",
    "ds4.label.second": "second side wins",
    "ds4.label.tie": "tie",
    "ds4.label.reroll": "both failed: roll again",
    # difficulty presets (DS4-R03)
    "ds4.difficulty.routine": "routine",
    "ds4.difficulty.very-easy": "very easy",
    "ds4.difficulty.easy": "easy",
    "ds4.difficulty.normal": "normal",
    "ds4.difficulty.hard": "hard",
    "ds4.difficulty.very-hard": "very hard",
    "ds4.difficulty.extremely-hard": "extremely hard",
    # typical checks (DS4-R04)
    "ds4.typical.notice": "notice",
    "ds4.typical.wake-up": "wake up",
    "ds4.typical.disarm-traps": "disarm traps",
    "ds4.typical.haggle": "haggle",
    "ds4.typical.make-fire": "make fire",
    "ds4.typical.flirt": "flirt",
    "ds4.typical.resist-poison": "resist poison",
    "ds4.typical.decipher-script": "decipher script",
    "ds4.typical.climb": "climb",
    "ds4.typical.feat-of-strength": "feat of strength",
    "ds4.typical.resist-disease": "resist disease",
    "ds4.typical.open-mechanism": "open mechanism",
    "ds4.typical.ride": "ride",
    "ds4.typical.appraise": "appraise",
    "ds4.typical.sneak": "sneak",
    "ds4.typical.pick-locks": "pick locks",
    "ds4.typical.swim": "swim",
    "ds4.typical.jump": "jump",
    "ds4.typical.track": "track",
    "ds4.typical.search": "search",
    "ds4.typical.pickpocket": "pickpocket",
    "ds4.typical.hide": "hide",
    "ds4.typical.communicate": "communicate",
    "ds4.typical.knowledge": "knowledge",
    # combat fumbles (DS4-R25)
    "ds4.fumble.defense": "falls prone (a mundane wooden shield breaks)",
    "ds4.fumble.strike": "drops the weapons (a mundane wooden weapon breaks)",
    "ds4.fumble.shoot": "drops the weapons (a mundane wooden thrown weapon breaks)",
    "ds4.fumble.cast": "the active spell jumps out: no spell is active any more",
    "ds4.fumble.targeted_cast": (
        "the active spell jumps out: no spell is active any more"
    ),
    # a check with one d20 (DS4-R02, DS4-A03, DS4-R05 without result, DS4-A10)
    "ds4.check.fumble": "PW {pw}: d20 = 20: fumble",
    "ds4.check.coup": "PW {pw}: d20 = 1: coup",
    "ds4.check.coup_result": "PW {pw}: d20 = 1: coup, result {result}",
    "ds4.check.coup_raised": (
        "PW {pw}: d20 = 1: coup, result {result} "
        "(PW {pw} is below 1: result raised to 1 by rule)"
    ),
    "ds4.check.success_only": (
        "PW {pw}: d20 = {die}: success (PW above 20, only success asked)"
    ),
    "ds4.check.success": "PW {pw}: d20 = {die} ≤ {pw}: success, result {die}",
    "ds4.check.success_fumbles_excluded": (
        "PW {pw}: d20 = {die} ≤ {pw} (fumbles excluded): success, result {die}"
    ),
    "ds4.check.failure": "PW {pw}: d20 = {die} > {pw}: failure",
    "ds4.check.failure_fumbles_excluded": (
        "PW {pw}: d20 = {die} > {pw} (fumbles excluded): failure"
    ),
    # a check split into sub-checks (DS4-R05 to DS4-R08)
    "ds4.check.split_fumble": (
        "PW {pw} split into sub-checks {slots}; dice {dice}; "
        "first die 20: fumble, result 0"
    ),
    "ds4.check.split": (
        "PW {pw} split into sub-checks {slots}; dice {dice} ({note}); "
        "{assignment}; result {result}: {degree}"
    ),
    "ds4.check.note.fumbles_excluded": "fumbles excluded",
    "ds4.check.note.coup": "first die 1: a coup of the whole check",
    "ds4.check.note.no_fumble": "first die {die}: no fumble",
    "ds4.check.degree.coup": "coup",
    "ds4.check.degree.success": "success",
    # one die assigned to a sub-check (DiceAssignment.describe)
    "ds4.assign.coup": "{die} → {sub} (coup: {value})",
    "ds4.assign.coup_raised": "{die} → {sub} (coup: {value}, raised to 1 by rule)",
    "ds4.assign.fumble": "first die {die}: fumble, result 0",
    "ds4.assign.fails": "{die} → {sub} (fails: 0)",
    "ds4.assign.value": "{die} → {sub} ({value})",
    "ds4.list": "{before}, {item}",
    # an attack (DS4-R14, DS4-R15, DS4-R33)
    "ds4.attack.roll": "Attack {check}",
    "ds4.attack.no_damage": "{before}; no damage",
    "ds4.attack.helpless": "{before}; helpless target: damage doubled to {damage}",
    "ds4.attack.undefendable": "{before}; undefendable: damage {damage}",
    "ds4.attack.defense": "{before}; Abwehr {check}",
    "ds4.attack.defense_reduced": (
        "{before}; Abwehr (Abwehr {defense} − GA {reduction}) {check}"
    ),
    "ds4.attack.damage": "{before}; damage max(0, {raw} − {reduction}) = {damage}",
    "ds4.attack.damage_clamped": (
        "{before}; damage max(0, {raw} − {reduction}) = {damage} (not below 0, by rule)"
    ),
    "ds4.attack.defense_failed": "{before}; Abwehr failed: damage {damage}",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "ds4.role.attack": "attack",
    "ds4.role.defense": "defense",
}

_DE = {
    "ds4.label.critical_success": "Immersieg",
    "ds4.label.success": "Erfolg",
    "ds4.label.failure": "Misserfolg",
    "ds4.label.critical_failure": "Patzer",
    "ds4.label.pw": "Probenwert",
    "ds4.label.result": "Probenergebnis",
    "ds4.label.check": "Probe",
    "ds4.label.attack": "Angriff",
    "ds4.label.damage": "Schaden",
    "ds4.label.defense": "Abwehr",
    "ds4.label.first": "erste Seite siegt",
    "ds4.label.second": "zweite Seite siegt",
    "ds4.label.tie": "Gleichstand",
    "ds4.label.reroll": "beide misslungen: erneut würfeln",
    "ds4.difficulty.routine": "Routine",
    "ds4.difficulty.very-easy": "sehr leicht",
    "ds4.difficulty.easy": "leicht",
    "ds4.difficulty.normal": "normal",
    "ds4.difficulty.hard": "schwer",
    "ds4.difficulty.very-hard": "sehr schwer",
    "ds4.difficulty.extremely-hard": "äußerst schwer",
    "ds4.typical.notice": "Bemerken",
    "ds4.typical.wake-up": "Erwachen",
    "ds4.typical.disarm-traps": "Fallen entschärfen",
    "ds4.typical.haggle": "Feilschen",
    "ds4.typical.make-fire": "Feuer machen",
    "ds4.typical.flirt": "Flirten",
    "ds4.typical.resist-poison": "Gift trotzen",
    "ds4.typical.decipher-script": "Inschrift entziffern",
    "ds4.typical.climb": "Klettern",
    "ds4.typical.feat-of-strength": "Kraftakt",
    "ds4.typical.resist-disease": "Krankheit trotzen",
    "ds4.typical.open-mechanism": "Mechanismus öffnen",
    "ds4.typical.ride": "Reiten",
    "ds4.typical.appraise": "Schätzen",
    "ds4.typical.sneak": "Schleichen",
    "ds4.typical.pick-locks": "Schlösser öffnen",
    "ds4.typical.swim": "Schwimmen",
    "ds4.typical.jump": "Springen",
    "ds4.typical.track": "Spuren lesen",
    "ds4.typical.search": "Suchen",
    "ds4.typical.pickpocket": "Taschendiebstahl",
    "ds4.typical.hide": "Verbergen",
    "ds4.typical.communicate": "Verständigen",
    "ds4.typical.knowledge": "Wissen",
    "ds4.fumble.defense": "stürzt zu Boden (ein nichtmagischer Holzschild zerbricht)",
    "ds4.fumble.strike": (
        "lässt die Waffen fallen (eine nichtmagische Holzwaffe zerbricht)"
    ),
    "ds4.fumble.shoot": (
        "lässt die Waffen fallen (eine nichtmagische Holzwurfwaffe zerbricht)"
    ),
    "ds4.fumble.cast": "der aktive Zauber springt heraus: kein Zauber ist mehr aktiv",
    "ds4.fumble.targeted_cast": (
        "der aktive Zauber springt heraus: kein Zauber ist mehr aktiv"
    ),
    "ds4.check.fumble": "PW {pw}: W20 = 20: Patzer",
    "ds4.check.coup": "PW {pw}: W20 = 1: Immersieg",
    "ds4.check.coup_result": "PW {pw}: W20 = 1: Immersieg, Ergebnis {result}",
    "ds4.check.coup_raised": (
        "PW {pw}: W20 = 1: Immersieg, Ergebnis {result} "
        "(PW {pw} unter 1: Ergebnis nach Regel auf 1 angehoben)"
    ),
    "ds4.check.success_only": (
        "PW {pw}: W20 = {die}: Erfolg (PW über 20, nur Erfolg gefragt)"
    ),
    "ds4.check.success": "PW {pw}: W20 = {die} ≤ {pw}: Erfolg, Ergebnis {die}",
    "ds4.check.success_fumbles_excluded": (
        "PW {pw}: W20 = {die} ≤ {pw} (Patzer ausgeschlossen): Erfolg, Ergebnis {die}"
    ),
    "ds4.check.failure": "PW {pw}: W20 = {die} > {pw}: Misserfolg",
    "ds4.check.failure_fumbles_excluded": (
        "PW {pw}: W20 = {die} > {pw} (Patzer ausgeschlossen): Misserfolg"
    ),
    "ds4.check.split_fumble": (
        "PW {pw} aufgeteilt in Teilproben {slots}; Würfe {dice}; "
        "erster Würfel 20: Patzer, Ergebnis 0"
    ),
    "ds4.check.split": (
        "PW {pw} aufgeteilt in Teilproben {slots}; Würfe {dice} ({note}); "
        "{assignment}; Ergebnis {result}: {degree}"
    ),
    "ds4.check.note.fumbles_excluded": "Patzer ausgeschlossen",
    "ds4.check.note.coup": "erster Würfel 1: Immersieg der ganzen Probe",
    "ds4.check.note.no_fumble": "erster Würfel {die}: kein Patzer",
    "ds4.check.degree.coup": "Immersieg",
    "ds4.check.degree.success": "Erfolg",
    "ds4.assign.coup": "{die} → {sub} (Immersieg: {value})",
    "ds4.assign.coup_raised": (
        "{die} → {sub} (Immersieg: {value}, nach Regel auf 1 angehoben)"
    ),
    "ds4.assign.fumble": "erster Würfel {die}: Patzer, Ergebnis 0",
    "ds4.assign.fails": "{die} → {sub} (misslungen: 0)",
    "ds4.assign.value": "{die} → {sub} ({value})",
    "ds4.list": "{before}, {item}",
    "ds4.attack.roll": "Angriff {check}",
    "ds4.attack.no_damage": "{before}; kein Schaden",
    "ds4.attack.helpless": "{before}; wehrloses Ziel: Schaden verdoppelt auf {damage}",
    "ds4.attack.undefendable": "{before}; nicht abwehrbar: Schaden {damage}",
    "ds4.attack.defense": "{before}; Abwehr {check}",
    "ds4.attack.defense_reduced": (
        "{before}; Abwehr (Abwehr {defense} − GA {reduction}) {check}"
    ),
    "ds4.attack.damage": "{before}; Schaden max(0, {raw} − {reduction}) = {damage}",
    "ds4.attack.damage_clamped": (
        "{before}; Schaden max(0, {raw} − {reduction}) = {damage} "
        "(nach Regel nicht unter 0)"
    ),
    "ds4.attack.defense_failed": "{before}; Abwehr misslungen: Schaden {damage}",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "ds4.role.attack": "Angriff",
    "ds4.role.defense": "Abwehr",
}

_HELP_DE = {
    # German help for `rollwerk rulesets ds4 --lang de`; the English is the
    # checks' and parameters' own help
    "ds4.help.check": "eine DS4-Probe: W20 ≤ PW, 1 ist ein Immersieg, 20 ein Patzer",
    "ds4.help.check.pw": "Probenwert; über 20 werden mehrere W20 geworfen",
    "ds4.help.check.need_result": "false: bei PW über 20 nur einen W20 werfen, "
    "nur der Erfolg zählt",
    "ds4.help.check.rest_die": "welcher Würfel (ab 1 gezählt) die Restprobe ist; "
    "0 maximiert",
    "ds4.help.attack": "ein Angriff; der Wert des Ergebnisses ist der Schaden nach "
    "der Abwehr des Ziels",
    "ds4.help.attack.attack": "Angriffswert (Schlagen, Schießen oder Zielzauber)",
    "ds4.help.attack.defense": "die Abwehr des Ziels",
    "ds4.help.attack.defense_reduction": "die Waffe senkt die Abwehr des Ziels um "
    "diesen Wert (GA)",
    "ds4.help.attack.undefendable": "keine Abwehrprobe (abwehrlos)",
    "ds4.help.attack.helpless": "gefesseltes oder schlafendes Ziel: doppelter "
    "Nahkampfschaden (Abwehr ohne PA)",
}

CATALOG = Catalog({"en": _EN, "de": {**_DE, **_HELP_DE}})
"""The ds4 ruleset's messages (English and German).

Register a catalog of your own with ``rollwerk_register_catalogs`` to add a
language; its ``ds4.*`` messages then show in explanations and labels.
"""
