"""The slayer rules wrap DS4 through the core DelegatingRuleset: no trait is lost."""

from __future__ import annotations

from fractions import Fraction

from rollwerk import Encounter, SeededRng
from rollwerk.rulesets import DelegatingRuleset
from rollwerk_ds4 import RULESET
from rollwerk_ds4_slayers import enable_slayer_points, enable_slaying_dice


def test_both_rules_keep_the_ds4_encounter_traits() -> None:
    base = RULESET
    both = enable_slayer_points(enable_slaying_dice(base))
    assert isinstance(both, DelegatingRuleset)
    assert both.round_seconds == base.round_seconds == Fraction(5)
    assert both.actions_per_round == base.actions_per_round
    assert both.stacking_policy == base.stacking_policy
    people = ["A", "B", "C", "D"]
    assert Encounter.for_ruleset(both, people, rng=SeededRng(3)) == (
        Encounter.for_ruleset(base, people, rng=SeededRng(3))
    )


def test_no_member_is_delegated_by_hand() -> None:
    import rollwerk_ds4_slayers._rules as rules

    for name in ("id", "name", "labels", "round_seconds", "contest"):
        assert name not in vars(rules.SlayingDiceRuleset)
        assert name not in vars(rules.SlayerPointsRuleset)
