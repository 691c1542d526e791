"""The caller's Rng is the caller's: its failures and a class given for one.

From a held-out replay tester: an exception out of the caller's own Rng
was blamed on the ruleset plugin by every guarded initiative rule, against
reliability.md ("passes unchanged"), and the class ``SeededRng`` given for
``SeededRng(7)`` raised a raw ``TypeError`` or blamed the plugin.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import rollwerk
from rollwerk import Combatant, Encounter, ParameterError, SeededRng
from rollwerk.plugins import Registry
from rollwerk.rulesets import build_check
from rollwerk.testing import examples

NOT_THE_CLASS = (
    "rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]): "
    "an instance, not the class SeededRng, got <class 'rollwerk.rng.SeededRng'>"
)


class Down:
    """A bot's Rng whose dice server is down."""

    def roll(self, sides: int) -> int:
        raise ConnectionError("dice server down")


def _toy() -> object:
    return Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")


def _tied() -> list[Combatant]:
    return [Combatant("a", initiative=1), Combatant("b", initiative=1)]


def test_the_callers_rng_failing_in_a_guarded_initiative_rule_passes_unchanged() -> (
    None
):
    with pytest.raises(ConnectionError, match="dice server down"):
        Encounter.for_ruleset(_toy(), _tied(), rng=Down())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: rollwerk.roll("3d6", SeededRng),  # type: ignore[arg-type]
        lambda: Encounter.create(_tied(), rng=SeededRng),  # type: ignore[arg-type]
        lambda: Encounter.for_ruleset(_toy(), _tied(), rng=SeededRng),  # type: ignore[arg-type]
        lambda: build_check(_toy(), skill=3).resolve(SeededRng),  # type: ignore[arg-type]
    ],
    ids=["roll", "create", "for_ruleset", "resolve"],
)
def test_a_class_given_for_an_rng_is_the_callers_mistake(
    call: Callable[[], object],
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == NOT_THE_CLASS
