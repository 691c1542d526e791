"""A creature joining mid-encounter by Pathfinder's initiative rule.

The full rules (outside the excerpt): on a tie, the adversary acts before
the player character. ``Encounter.join(..., initiative=...)`` applies the
ruleset's rule to the newcomer; without it, a newcomer goes behind everyone
with its initiative value.
"""

from __future__ import annotations

from rollwerk import Combatant, Encounter
from rollwerk_pf2e import PF2E, new_encounter


def _party() -> Encounter:
    enc = new_encounter(
        [
            Combatant("kyra", initiative=15, owner="Kyra's player"),
            Combatant("goblin", initiative=12),
            Combatant("amiri", initiative=12, owner="Amiri's player"),
        ],
        by_initiative=True,
    )
    return enc.advance().state


def test_an_adversary_joining_on_a_tie_goes_before_the_player_character() -> None:
    enc = _party()
    assert enc.order == ("kyra", "goblin", "amiri")
    ogre = Combatant("ogre", initiative=15)
    assert enc.join(ogre, initiative=PF2E.initiative_order).state.order == (
        "ogre",
        "kyra",
        "goblin",
        "amiri",
    )
    # by value alone it would go behind Kyra
    assert enc.join(ogre).state.order == ("kyra", "ogre", "goblin", "amiri")


def test_a_character_joining_on_a_tie_goes_after_the_adversaries() -> None:
    enc = _party()
    seelah = Combatant("seelah", initiative=12, owner="Seelah's player")
    wolf = Combatant("wolf", initiative=12, owner="GM")
    assert enc.join(seelah, initiative=PF2E.initiative_order).state.order == (
        "kyra",
        "goblin",
        "amiri",
        "seelah",
    )
    assert enc.join(wolf, initiative=PF2E.initiative_order).state.order == (
        "kyra",
        "goblin",
        "wolf",
        "amiri",
    )
