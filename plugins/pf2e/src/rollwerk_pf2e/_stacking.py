"""The Pathfinder stacking policy, shared by the ruleset value and the durations."""

from __future__ import annotations

from rollwerk.encounter import Stacking, StackingPolicy

__all__ = ["STACKING_POLICY"]

STACKING_POLICY = StackingPolicy(
    modifiers=Stacking.SUM,
    per_kind={
        "circumstance": Stacking.HIGHEST,
        "item": Stacking.HIGHEST,
        "status": Stacking.HIGHEST,
    },
)
"""Pathfinder stacking (from the full rules, outside the excerpt): of the
typed bonuses and penalties (``circumstance``, ``item``, ``status``) only
the highest bonus and the worst penalty of each type count; every other
kind (untyped) adds up. Same-name effects stay side by side."""
