"""The messages of DS4's optional slayer rules, in English and German.

Message ids start with ``ds4-slayers.``; the plugin registers this catalog
with ``rollwerk_register_catalogs``, and a plugin of its own may add a
language. An attack's wording (``ds4.attack.*``) comes from the ds4 catalog.

Families of ids:

- ``ds4-slayers.slaying.*``: slaying dice in an explanation (DS4-R36);
- ``ds4-slayers.points.*``: what slayer points bought (DS4-R37);
- ``ds4-slayers.cost.<id>``: the entries of the cost table (``COSTS``);
- ``ds4.option.<rule>`` and ``ds4.option.<rule>.help``: German names and
  help of the optional rules, where ``rollwerk rulesets ds4 --lang de``
  looks for them (their English is the rules' own ``name`` and ``help``).

Messages named ``… {before}; …`` continue the text ``before``.
"""

from __future__ import annotations

from rollwerk.i18n import Catalog

__all__ = ["CATALOG", "ROLES"]

_EN = {
    # slaying dice (DS4-R36)
    "ds4-slayers.slaying.die": "{before}; slaying die {n}: {check}",
    "ds4-slayers.slaying.depth_limit": (
        "{before}; depth limit {depth} reached: no further roll"
    ),
    "ds4-slayers.slaying.total": "{before}; total {total}",
    # slayer points (DS4-R37)
    "ds4-slayers.points.attack": "{points} SP: attack +{bonus}",
    "ds4-slayers.points.defense": "{points} SP: Abwehr +{bonus}",
    "ds4-slayers.points.list": "{before}, {item}",
    "ds4-slayers.points.check": "{points}; {check}",
    # the cost table
    "ds4-slayers.cost.ignore-2-damage": "ignore 2 damage",
    "ds4-slayers.cost.defense+3": "Abwehr +3",
    "ds4-slayers.cost.cooldown-1": "cooldown −1 round",
    "ds4-slayers.cost.move+1": "Laufen +1 m",
    "ds4-slayers.cost.ignore-6-damage": "ignore 6 damage",
    "ds4-slayers.cost.defense+8": "Abwehr +8",
    "ds4-slayers.cost.attack+2": "attack +2",
    "ds4-slayers.cost.repeat-attack": "repeat a failed attack (not a fumble)",
    "ds4-slayers.cost.switch-spell": "switch spell (the GEI+VE check is still needed)",
    "ds4-slayers.cost.ignore-9-damage": "ignore 9 damage",
    "ds4-slayers.cost.defense+12": "Abwehr +12",
    "ds4-slayers.cost.second-attack": "a second attack this round",
    "ds4-slayers.cost.cooldown-10": "cooldown −10 rounds",
}

_DE = {
    "ds4-slayers.slaying.die": "{before}; Slayender Würfel {n}: {check}",
    "ds4-slayers.slaying.depth_limit": (
        "{before}; Tiefengrenze {depth} erreicht: kein weiterer Wurf"
    ),
    "ds4-slayers.slaying.total": "{before}; Summe {total}",
    "ds4-slayers.points.attack": "{points} SP: Angriff +{bonus}",
    "ds4-slayers.points.defense": "{points} SP: Abwehr +{bonus}",
    "ds4-slayers.points.list": "{before}, {item}",
    "ds4-slayers.points.check": "{points}; {check}",
    "ds4-slayers.cost.ignore-2-damage": "2 Schaden ignorieren",
    "ds4-slayers.cost.defense+3": "Abwehr +3",
    "ds4-slayers.cost.cooldown-1": "Abklingzeit −1 Runde",
    "ds4-slayers.cost.move+1": "Laufen +1 m",
    "ds4-slayers.cost.ignore-6-damage": "6 Schaden ignorieren",
    "ds4-slayers.cost.defense+8": "Abwehr +8",
    "ds4-slayers.cost.attack+2": "Angriff +2",
    "ds4-slayers.cost.repeat-attack": (
        "misslungenen Angriff wiederholen (nicht bei Patzern)"
    ),
    "ds4-slayers.cost.switch-spell": "Zauber wechseln (GEI+VE-Probe weiterhin nötig)",
    "ds4-slayers.cost.ignore-9-damage": "9 Schaden ignorieren",
    "ds4-slayers.cost.defense+12": "Abwehr +12",
    "ds4-slayers.cost.second-attack": "ein 2. Angriff in der Runde",
    "ds4-slayers.cost.cooldown-10": "Abklingzeit −10 Runden",
}

_HELP_DE = {
    "ds4.option.slaying-dice": "Slayende Würfel",
    "ds4.option.slaying-dice.help": "ein Immersieg bei Angriff oder Abwehr würfelt "
    "erneut und addiert das Ergebnis (DS4-R36)",
    "ds4.option.slayer-points": "Slayerpunkte",
    "ds4.option.slayer-points.help": "Slayerpunkte kaufen Angriffs- und "
    "Abwehrboni (DS4-R37)",
    # the parameters the rules add to the checks they change
    "ds4.help.check.slaying_depth": "Slayende Würfel: die größte Zahl an "
    "Folgewürfen (0 für eine Probe, die weder Angriff noch Abwehr ist)",
    "ds4.help.attack.slaying_depth": "Slayende Würfel: die größte Zahl an "
    "Folgewürfen (0 für eine Probe, die weder Angriff noch Abwehr ist)",
    "ds4.help.attack.attack_points": "vom Angreifer ausgegebene Slayerpunkte: "
    "2 kaufen Angriff +2",
    "ds4.help.attack.defense_points": "vom Verteidiger ausgegebene Slayerpunkte: "
    "Abwehr +3/+8/+12",
}

CATALOG = Catalog({"en": _EN, "de": {**_DE, **_HELP_DE}})
"""The messages of the slayer rules (English and German)."""

ROLES = Catalog(
    {
        "en": {
            "ds4.role.check slaying die": "check slaying die",
            "ds4.role.attack slaying die": "attack slaying die",
            "ds4.role.defense slaying die": "defense slaying die",
        },
        "de": {
            "ds4.role.check slaying die": "Probe, Slayender Würfel",
            "ds4.role.attack slaying die": "Angriff, Slayender Würfel",
            "ds4.role.defense slaying die": "Abwehr, Slayender Würfel",
        },
    }
)
"""The words of the slaying dice's roles, under the ruleset's id (``ds4.role.…``).

Not a plugin catalog (those are ``ds4-slayers.…``): the DS4 ruleset with an
optional rule adds them to its own catalog, where ``rollwerk check`` looks.
"""
