"""The words of ``rollwerk fight`` (exact fight odds), in English and German."""

from __future__ import annotations

__all__ = ["FIGHT_DE", "FIGHT_EN"]

FIGHT_EN = {
    "cli.fight.title": "{ruleset} fight: {first} vs {second} (at most {rounds} rounds)",
    "cli.fight.title.one": "{ruleset} fight: {first} vs {second} (at most {rounds} round)",
    "cli.fight.side": "{count} × {parameters}",
    "cli.fight.outcome": "outcome",
    "cli.fight.first": "first side wins",
    "cli.fight.second": "second side wins",
    "cli.fight.undecided": "undecided after {rounds} rounds",
    "cli.fight.undecided.one": "undecided after {rounds} round",
    "cli.fight.acts_first": "the first side acts first: {percent}",
    "cli.fight.round": "round",
    "cli.fight.rounds_title": "rounds until the fight ends",
    "cli.fight.rounds_more": "… {count} later rounds not shown ({percent} in all)",
    "cli.fight.rounds_more.one": "… {count} later round not shown ({percent})",
    "cli.fight.expected_rounds": "expected rounds (decided fights): {mean}",
    "cli.fight.health": "expected remaining health: first side {first}, second side {second}",
    "cli.fight.tiny": "less than 0.01%",
}

FIGHT_DE = {
    "cli.fight.title": "Kampf ({ruleset}): {first} gegen {second} (höchstens {rounds} Runden)",
    "cli.fight.title.one": "Kampf ({ruleset}): {first} gegen {second} (höchstens {rounds} Runde)",
    "cli.fight.side": "{count} × {parameters}",
    "cli.fight.outcome": "Ausgang",
    "cli.fight.first": "erste Seite gewinnt",
    "cli.fight.second": "zweite Seite gewinnt",
    "cli.fight.undecided": "nach {rounds} Runden offen",
    "cli.fight.undecided.one": "nach {rounds} Runde offen",
    "cli.fight.acts_first": "die erste Seite handelt zuerst: {percent}",
    "cli.fight.round": "Runde",
    "cli.fight.rounds_title": "Runden bis zum Ende des Kampfes",
    "cli.fight.rounds_more": "… {count} spätere Runden nicht gezeigt (zusammen {percent})",
    "cli.fight.rounds_more.one": "… {count} spätere Runde nicht gezeigt ({percent})",
    "cli.fight.expected_rounds": "erwartete Runden (entschiedene Kämpfe): {mean}",
    "cli.fight.health": "erwartete verbleibende Gesundheit: erste Seite {first}, "
    "zweite Seite {second}",
    "cli.fight.tiny": "weniger als 0,01%",
}
