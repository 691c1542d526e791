"""DS4-R36 slaying dice refuse a check another rule changed, instead of dropping it.

A held-out plugin author (helper-175) offered an optional rule ``heroic``
(a 2 on a check die is a coup). ``--option heroic --option slaying-dice``
printed both options but rolled plain DS4 with slaying dice: the slaying
``check`` is built afresh from DS4's own, and heroic's change was dropped
silently (P(coup) 1/20 where 1/10 was meant). The other order is correct.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import rollwerk
from rollwerk import RulesError
from rollwerk.checks import CheckSpec
from rollwerk.plugins import Registry
from rollwerk.rulesets import DelegatingRuleset, OptionalRule
from rollwerk_ds4 import RULESET
from rollwerk_ds4_slayers import SlayingDiceRuleset, enable_slaying_dice

MESSAGE = (
    "the optional rule 'slaying-dice' builds DS4's own check and attack "
    "afresh, and the ruleset it was given has another check (an optional "
    "rule before it or a wrapper changed it); enable slaying-dice first (a "
    "wrapper's change cannot be combined with it)"
)


@attrs.frozen
class _Heroic(DelegatingRuleset):
    """DS4 whose check has another help text: a changed check, for the test."""

    def checks(self) -> Sequence[CheckSpec]:
        return [
            attrs.evolve(s, help=s.help + " (heroic)") if s.name == "check" else s
            for s in self.base.checks()
        ]


class _HeroicPlugin:
    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        return [OptionalRule("heroic", "ds4", "Heroic", apply=_Heroic)]


def test_a_changed_check_is_refused_not_dropped() -> None:
    with pytest.raises(RulesError) as info:
        SlayingDiceRuleset(_Heroic(RULESET))
    assert str(info.value) == MESSAGE


def test_the_order_of_options_decides() -> None:
    import rollwerk_ds4.plugin
    import rollwerk_ds4_slayers.plugin

    registry = Registry(
        load_entrypoints=False,
        plugins=[rollwerk_ds4.plugin, rollwerk_ds4_slayers.plugin, _HeroicPlugin()],
    )
    with pytest.raises(RulesError) as info:
        registry.ruleset("ds4", options=["heroic", "slaying-dice"])
    assert str(info.value) == MESSAGE
    both = registry.ruleset("ds4", options=["slaying-dice", "heroic"])
    check = next(s for s in both.checks() if s.name == "check")
    assert check.help.endswith(" (heroic)")
    assert "slaying_depth" in [p.name for p in check.parameters]


def test_ds4_as_the_registry_guards_it_is_ds4s_own() -> None:
    guarded = Registry().ruleset("ds4")
    slaying = enable_slaying_dice(guarded)
    assert [s.name for s in slaying.checks()] == ["check", "attack"]
