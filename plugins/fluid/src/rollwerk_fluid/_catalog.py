"""The fluid ruleset's messages, in English and German.

Message ids start with ``fluid.``; the plugin registers this catalog with
``rollwerk_register_catalogs``, and a plugin of its own may add a language.
Labels (``fluid.label.<key>``) become the ruleset's ``labels``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rollwerk.i18n import Catalog, Text

__all__ = ["CATALOG", "join"]

_EN = {
    "fluid.difficulty.very-easy": "very easy",
    "fluid.difficulty.easy": "easy",
    "fluid.difficulty.normal": "normal",
    "fluid.difficulty.hard": "hard",
    "fluid.difficulty.very-hard": "very hard",
    "fluid.difficulty.extremely-hard": "extremely hard",
    "fluid.difficulty.nearly-impossible": "nearly impossible",
    # labels (Ruleset.labels, the CLI's degree and contest words)
    "fluid.label.critical_success": "critical success",
    "fluid.label.success": "success",
    "fluid.label.failure": "failure",
    "fluid.label.critical_failure": "fumble",
    "fluid.label.no_roll": "no roll",
    "fluid.label.check": "check",
    "fluid.label.rerolls": "check with rerolls",
    "fluid.label.chance": "chance",
    "fluid.label.quality": "quality of success",
    "fluid.label.fate_roll": "fate roll",
    "fluid.label.self_handicap": "self-imposed difficulty",
    "fluid.label.mana": "mana",
    "fluid.label.equipment": "equipment",
    "fluid.label.first": "first side wins",
    "fluid.label.second": "second side wins",
    "fluid.label.tie": "tie",
    # the chance (FL-R01..R03, R05)
    "fluid.term.attribute": "attribute",
    "fluid.term.trait": "trait",
    "fluid.term.modifier": "modifier",
    "fluid.term.rewards": "rewards",
    "fluid.term.repetition": "repetition penalty",
    "fluid.term.handicap": "self-imposed difficulty",
    "fluid.terms.first": "{name} {n}",
    "fluid.terms.plus": "{terms} + {name} {n}",
    "fluid.terms.minus": "{terms} − {name} {n}",
    "fluid.chance": "chance {c} ({terms})",
    # the quality of success (FL-R04..R07)
    "fluid.quality.die": "{n}",
    "fluid.quality.overflow": "{n} overflow",
    "fluid.quality.self_imposed": "{n} self-imposed",
    "fluid.quality.sum": "{a} + {b}",
    "fluid.quality.double": "2 × {base}",
    "fluid.quality.double_sum": "2 × ({base})",
    "fluid.quality.equipment": "{base} + {n} equipment",
    "fluid.quality.total": "{base} = {value}",
    "fluid.quality": "quality {base}",
    # a check's explanation
    "fluid.check.no_roll": "{chance} is 0 or less: no roll, the task is too hard: "
    "failure",
    "fluid.check.failure": "{chance}: rolled {die} > {c}: failure",
    "fluid.check.success": "{chance}: rolled {die} ≤ {c}: success, {quality}",
    "fluid.check.critical": "{chance}: rolled 1, fate roll {fate} (1–5): "
    "critical success, {quality}",
    "fluid.check.fumble": "{chance}: rolled 1, fate roll {fate} (6–10): fumble, "
    "the check fails with a harmful side effect",
    # notes before an explanation (mana, repetitions: FL-R08, R09)
    "fluid.join": "{a}; {b}",
    "fluid.note.fate_rerolled": "1 mana: fate die rerolled",
    "fluid.note.check_rerolled": "1 mana: check die rerolled",
    "fluid.note.mana_spent": "{n} mana spent",
    "fluid.note.free_repetition": "free repetition {k}",
    "fluid.note.side_effects": "fumbles with side effects: {n}",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    "fluid.role.fate": "fate",
    "fluid.extra.side_effect": "side_effect",
    "fluid.extra.side_effect.true": "true",
    "fluid.extra.side_effect.false": "false",
    "fluid.extra.side_effects": "side_effects",
    "fluid.extra.mana_spent": "mana_spent",
    "fluid.extra.repeats": "repeats",
}

_DE = {
    "fluid.difficulty.very-easy": "sehr leicht",
    "fluid.difficulty.easy": "leicht",
    "fluid.difficulty.normal": "normal",
    "fluid.difficulty.hard": "schwer",
    "fluid.difficulty.very-hard": "sehr schwer",
    "fluid.difficulty.extremely-hard": "äußerst schwer",
    "fluid.difficulty.nearly-impossible": "fast unmöglich",
    "fluid.label.critical_success": "Kritischer Erfolg",
    "fluid.label.success": "Erfolg",
    "fluid.label.failure": "Misserfolg",
    "fluid.label.critical_failure": "Patzer",
    "fluid.label.no_roll": "kein Wurf",
    "fluid.label.check": "Probe",
    "fluid.label.rerolls": "Probe mit Wurfwiederholung",
    "fluid.label.chance": "Erfolgschance",
    "fluid.label.quality": "Erfolgsqualität",
    "fluid.label.fate_roll": "Schicksalswurf",
    "fluid.label.self_handicap": "Selbsterschwernis",
    "fluid.label.mana": "Mana",
    "fluid.label.equipment": "Ausrüstung",
    "fluid.label.first": "erste Seite gewinnt",
    "fluid.label.second": "zweite Seite gewinnt",
    "fluid.label.tie": "Unentschieden",
    "fluid.term.attribute": "Attribut",
    "fluid.term.trait": "Merkmal",
    "fluid.term.modifier": "Modifikator",
    "fluid.term.rewards": "Belohnungen",
    "fluid.term.repetition": "Wiederholungsmalus",
    "fluid.term.handicap": "Selbsterschwernis",
    "fluid.terms.first": "{name} {n}",
    "fluid.terms.plus": "{terms} + {name} {n}",
    "fluid.terms.minus": "{terms} − {name} {n}",
    "fluid.chance": "Erfolgschance {c} ({terms})",
    "fluid.quality.die": "{n}",
    "fluid.quality.overflow": "{n} Überschuss",
    "fluid.quality.self_imposed": "{n} Selbsterschwernis",
    "fluid.quality.sum": "{a} + {b}",
    "fluid.quality.double": "2 × {base}",
    "fluid.quality.double_sum": "2 × ({base})",
    "fluid.quality.equipment": "{base} + {n} Ausrüstung",
    "fluid.quality.total": "{base} = {value}",
    "fluid.quality": "Erfolgsqualität {base}",
    "fluid.check.no_roll": "{chance} ist 0 oder kleiner: kein Wurf, die Aufgabe ist "
    "zu schwer: misslungen",
    "fluid.check.failure": "{chance}: {die} gewürfelt > {c}: misslungen",
    "fluid.check.success": "{chance}: {die} gewürfelt ≤ {c}: Erfolg, {quality}",
    "fluid.check.critical": "{chance}: 1 gewürfelt, Schicksalswurf {fate} (1–5): "
    "Kritischer Erfolg, {quality}",
    "fluid.check.fumble": "{chance}: 1 gewürfelt, Schicksalswurf {fate} (6–10): "
    "Patzer, die Probe misslingt mit einem widrigen Nebeneffekt",
    "fluid.join": "{a}; {b}",
    "fluid.note.fate_rerolled": "1 Mana: Schicksalswurf wiederholt",
    "fluid.note.check_rerolled": "1 Mana: Probenwurf wiederholt",
    "fluid.note.mana_spent": "{n} Mana ausgegeben",
    "fluid.note.free_repetition": "freie Wiederholung {k}",
    "fluid.note.side_effects": "Patzer mit widrigem Nebeneffekt: {n}",
    # a die's role and an outcome's extra, as `rollwerk check` shows them
    # (the roles of `check:rerolls`, see `_roles_de`)
    "fluid.role.fate": "Schicksal",
    "fluid.extra.side_effect": "widriger Nebeneffekt",
    "fluid.extra.side_effect.true": "ja",
    "fluid.extra.side_effect.false": "nein",
    "fluid.extra.side_effects": "widrige Nebeneffekte",
    "fluid.extra.mana_spent": "Mana verbraucht",
    "fluid.extra.repeats": "Wiederholungen",
}


def _roles(lang: str, repeats: int) -> dict[str, str]:
    """The words of every die role a reroll or a free repetition writes.

    A role is the die (``check``, ``fate``), then the free repetition it
    belongs to and whether mana rerolled it: ``check reroll``, ``fate
    repetition 2``, ``check repetition 1, reroll`` (FL-R11, R12). English
    keeps the role as written; German calls the mana reroll the seed's
    *Wurfwiederholung* and the free repetition its *freie Wiederholung*
    (the words of ``fluid.note.free_repetition``). The plain ``check`` and
    ``fate`` are the toolkit's ``check`` and ``fluid.role.fate``.
    """
    de = lang == "de"
    dice = {"check": "Probe", "fate": "Schicksal"}
    reroll = "Wurfwiederholung" if de else "reroll"
    roles: dict[str, str] = {}
    for role, word in dice.items():
        die = word if de else role
        roles[f"fluid.role.{role} reroll"] = f"{die}{',' if de else ''} {reroll}"
        for k in range(1, repeats + 1):
            free = f"freie Wiederholung {k}" if de else f"repetition {k}"
            key = f"fluid.role.{role} repetition {k}"
            roles[key] = f"{die}{',' if de else ''} {free}"
            roles[f"{key}, reroll"] = f"{die}{',' if de else ''} {free}, {reroll}"
    return roles


ROLE_REPEATS = 10
"""Free repetitions whose die roles have words (``MAX_REPEATS`` of ``rerolls``)."""

_EN.update(_roles("en", ROLE_REPEATS))
_DE.update(_roles("de", ROLE_REPEATS))

_HELP_PARAMS_DE = {
    "attribute": "Attributswert, meist 1-5",
    "trait": "passende Merkmalsstufe; 0, wenn keines passt",
    "modifier": "Modifikator der SL, Vorgaben in Schritten von 3",
    "rewards": "Belohnungen (b)-(e) aus Selbsterschwernissen, die gelten (check_for)",
    "handicap": "Selbsterschwernis h, unter der Erfolgschance",
    "reward": "Belohnung für eine gelungene Selbsterschwernis",
    "equipment": "Ausrüstungsbonus auf die Erfolgsqualität",
    "repetition": "Nummer der freien Wiederholung (je -3)",
    "double_critical": "die Erfolgsqualität eines Kritischen Erfolgs verdoppeln (false: "
    "die SL gewährt stattdessen einen anderen Bonus)",
    "mana": "Mana, das für Wiederholungen misslungener Würfel ausgegeben wird",
    "policy": "welcher Würfel nach einem Patzer wiederholt wird: check (Probenwürfel), "
    "fate (Schicksalswürfel) oder best (der bessere)",
    "repeats": "freie Wiederholungen (ohne Zeitdruck) mit kumulativ -3",
}
_SHARED = (
    "attribute",
    "trait",
    "modifier",
    "rewards",
    "handicap",
    "reward",
    "equipment",
)
_PARAMS = {
    "check": (*_SHARED, "repetition", "double_critical"),
    "rerolls": (*_SHARED, "double_critical", "mana", "policy", "repeats"),
}
_HELP_DE = {
    # German help for `rollwerk rulesets fluid --lang de`; the English is the
    # checks' and parameters' own help
    "fluid.help.check": "W10 ≤ Attribut + Merkmal + Modifikator; Erfolgsqualität",
    "fluid.help.rerolls": "eine Probe mit Mana-Wiederholungen und freien Wiederholungen",
    **{
        f"fluid.help.{check}.{name}": _HELP_PARAMS_DE[name]
        for check, names in _PARAMS.items()
        for name in names
    },
    "fluid.option.trait-cap": "Merkmalsstufen höchstens 5",
    "fluid.option.trait-cap.help": "Merkmalsstufen dürfen 5 nicht übersteigen (für "
    "Gruppen ohne Selbsterschwernis, FL-R13)",
}

CATALOG = Catalog({"en": _EN, "de": {**_DE, **_HELP_DE}})
"""The fluid ruleset's messages."""


def join(parts: Sequence[Text]) -> Text:
    """The texts joined by ``"; "`` (message ``fluid.join``), in every language."""
    out = parts[0]
    for part in parts[1:]:
        out = CATALOG.text("fluid.join", a=out, b=part)
    return out
