"""The pf2e ruleset's messages, in English and German.

Message ids start with ``pf2e.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language.

Families of ids:

- ``pf2e.label.<key>``: the ruleset's ``labels`` (degree and contest names);
  the degree labels also name degrees in explanations;
- ``pf2e.stepped_to.<degree>``: a degree after "stepped to" (German dative);
- ``pf2e.difficulty.<id>``: the difficulty presets;
- ``pf2e.check.*``: a check's explanation; ``pf2e.metres*``: distances.

Messages named ``… {before} …`` continue the text ``before``.
"""

from __future__ import annotations

from rollwerk.i18n import Catalog

__all__ = ["CATALOG", "DURATION_WORDS"]

_EN = {
    # labels (Ruleset.labels): degrees, parameters, contest outcomes
    "pf2e.label.critical_success": "critical success",
    "pf2e.label.success": "success",
    "pf2e.label.failure": "failure",
    "pf2e.label.critical_failure": "critical failure",
    "pf2e.label.check": "check",
    "pf2e.label.attack": "attack roll",
    "pf2e.label.modifier": "modifier",
    "pf2e.label.dc": "DC",
    "pf2e.label.range_increments": "range increment",
    "pf2e.label.first": "first side wins",
    "pf2e.label.second": "second side wins",
    "pf2e.label.tie": "tie",
    # a degree after "stepped to"
    "pf2e.stepped_to.critical_success": "critical success",
    "pf2e.stepped_to.success": "success",
    "pf2e.stepped_to.failure": "failure",
    "pf2e.stepped_to.critical_failure": "critical failure",
    # a check's explanation (degrees of success, PF2E-R08 range penalty)
    "pf2e.check.roll": "d20 {natural} {modifier} = {total} against DC {dc}: {degree}",
    "pf2e.check.roll_range": (
        "d20 {natural} {modifier} {penalty} (range) = {total} against DC {dc}: {degree}"
    ),
    "pf2e.check.natural_stepped": (
        "{before} (natural {natural}: {plain} stepped to {degree})"
    ),
    "pf2e.check.natural_capped": "{before} (natural {natural}: already {degree})",
    # distances (PF2E-R23), the decimal point from the core's number.decimal_point
    "pf2e.metres": "{whole} m",
    "pf2e.metres_fraction": "{whole}{point}{tenths} m",
    # difficulty presets
    "pf2e.difficulty.incredibly-easy": "incredibly easy",
    "pf2e.difficulty.very-easy": "very easy",
    "pf2e.difficulty.easy": "easy",
    "pf2e.difficulty.normal": "normal",
    "pf2e.difficulty.hard": "hard",
    "pf2e.difficulty.very-hard": "very hard",
    "pf2e.difficulty.incredibly-hard": "incredibly hard",
    # the event end_encounter signals, as durations and the log word it
    "pf2e.signal.encounter-end": "the encounter ends",
}

_DE = {
    "pf2e.label.critical_success": "kritischer Erfolg",
    "pf2e.label.success": "Erfolg",
    "pf2e.label.failure": "Fehlschlag",
    "pf2e.label.critical_failure": "kritischer Fehlschlag",
    "pf2e.label.check": "Wurf",
    "pf2e.label.attack": "Angriffswurf",
    "pf2e.label.modifier": "Modifikator",
    "pf2e.label.dc": "SG",
    "pf2e.label.range_increments": "Entfernungseinheit",
    "pf2e.label.first": "erste Seite gewinnt",
    "pf2e.label.second": "zweite Seite gewinnt",
    "pf2e.label.tie": "Gleichstand",
    "pf2e.stepped_to.critical_success": "kritischem Erfolg",
    "pf2e.stepped_to.success": "Erfolg",
    "pf2e.stepped_to.failure": "Fehlschlag",
    "pf2e.stepped_to.critical_failure": "kritischem Fehlschlag",
    "pf2e.check.roll": "W20 {natural} {modifier} = {total} gegen SG {dc}: {degree}",
    "pf2e.check.roll_range": (
        "W20 {natural} {modifier} {penalty} (Entfernung) = {total} "
        "gegen SG {dc}: {degree}"
    ),
    "pf2e.check.natural_stepped": (
        "{before} (natürliche {natural}: {plain} wird zu {degree})"
    ),
    "pf2e.check.natural_capped": "{before} (natürliche {natural}: bereits {degree})",
    "pf2e.metres": "{whole} m",
    "pf2e.metres_fraction": "{whole}{point}{tenths} m",
    "pf2e.difficulty.incredibly-easy": "unglaublich leicht",
    "pf2e.difficulty.very-easy": "sehr leicht",
    "pf2e.difficulty.easy": "leicht",
    "pf2e.difficulty.normal": "normal",
    "pf2e.difficulty.hard": "schwer",
    "pf2e.difficulty.very-hard": "sehr schwer",
    "pf2e.difficulty.incredibly-hard": "unglaublich schwer",
    "pf2e.signal.encounter-end": "der Kampf endet",
}

_HELP_PARAMS_DE = {
    "modifier": "Modifikator der Probe (Angriffsbonus, Fertigkeit, Rettungswurf …)",
    "dc": "Schwierigkeitsgrad (SG oder RK)",
}
_HELP_DE = {
    # German help for `rollwerk rulesets pf2e --lang de`; the English is the
    # checks' and parameters' own help
    "pf2e.help.check": "W20 + Modifikator gegen einen SG, vier Erfolgsgrade",
    "pf2e.help.attack": "Angriffswurf mit dem Abzug je Entfernungseinheit (je -2)",
    **{
        f"pf2e.help.{check}.{name}": text
        for check in ("check", "attack")
        for name, text in _HELP_PARAMS_DE.items()
    },
    "pf2e.help.attack.range_increments": "die Entfernungseinheit, in der das Ziel steht: "
    "1 (kein Abzug) bis 6 (-10)",
}

CATALOG = Catalog({"en": _EN, "de": {**_DE, **_HELP_DE}})
"""The pf2e ruleset's messages."""

_DURATIONS_EN = {
    # Pf2eRounds (PF2E-R02, PF2E-A03); the amounts and names come from the core
    "pf2e.duration.rounds": "{rounds}, counted at the start of {whose} turns",
    "pf2e.duration.rounds.creator": "{rounds}, counted at the start of the creator's turns",
    "pf2e.duration.rounds.ends_if_left": "{duration}; it ends if {who} leaves",
    "pf2e.duration.rounds.creator_ends_if_left": "{duration}; it ends if the creator leaves",
    # a count at a departed creator's slot in initiative (PF2E-A03)
    "pf2e.duration.rounds.slot": "{rounds}, counted at {whose} place in initiative",
    "pf2e.duration.remaining.round_end": "{left}, ends at the end of round {round}",
}

_DURATIONS_DE = {
    "pf2e.duration.rounds": "{rounds}, gezählt zu Beginn von {whose} Zügen",
    "pf2e.duration.rounds.creator": "{rounds}, gezählt zu Beginn der Züge des Urhebers",
    "pf2e.duration.rounds.ends_if_left": "{duration}; endet, wenn {who} den Kampf verlässt",
    "pf2e.duration.rounds.creator_ends_if_left": (
        "{duration}; endet, wenn der Urheber den Kampf verlässt"
    ),
    "pf2e.duration.rounds.slot": "{rounds}, gezählt an {whose} Platz in der Initiative",
    "pf2e.duration.remaining.round_end": "{left}, endet am Ende von Runde {round}",
}

DURATION_WORDS = Catalog({"en": _DURATIONS_EN, "de": _DURATIONS_DE})
"""The words of the plugin's duration kinds (``pf2e.duration.*``), kept
apart from [`CATALOG`][rollwerk_pf2e.CATALOG]'s check and label messages."""
