"""The pf2e plugin's duration kinds reach the host through its entry point.

Moved here from the core's ``tests/test_plugins_host.py``: core tests import
no plugin.
"""

from __future__ import annotations

from rollwerk.encounter import DURATION_KINDS, duration_from_json
from rollwerk.plugins import Registry, installed_duration_kinds
from rollwerk_pf2e import DURATION_KINDS as PF2E_KINDS
from rollwerk_pf2e import rounds


def test_pf2e_duration_kinds_are_installed_and_round_trip():
    registry = Registry(load_entrypoints=True)
    kinds = installed_duration_kinds(registry)
    assert set(PF2E_KINDS) <= set(kinds)
    assert set(DURATION_KINDS) <= set(kinds)
    entry = registry.duration_kind_entries()["pf2e_rounds"]
    assert (entry.plugin, entry.distribution) == ("pf2e", "rollwerk-pf2e")
    duration = rounds(3)
    assert duration_from_json(duration.to_json(), kinds=kinds) == duration


def test_pf2e_plugin_is_found_by_importlib_metadata_with_its_distribution():
    from rollwerk.plugins import installed_entry_points

    got = {
        (ep.name, ep.value, ep.dist.name if ep.dist else None)
        for ep in installed_entry_points()
    }
    assert ("pf2e", "rollwerk_pf2e.plugin", "rollwerk-pf2e") in got
    registry = Registry(load_entrypoints=True)
    assert {e.ruleset.id: e.distribution for e in registry.entries()}[
        "pf2e"
    ] == "rollwerk-pf2e"


def test_pf2e_kind_loads_without_kinds_when_installed() -> None:
    """Core 2.0 (4): no extra argument when the plugin is installed."""
    assert duration_from_json(rounds(2).to_json()) == rounds(2)


def test_missing_plugin_is_named_when_its_kind_is_unknown(monkeypatch) -> None:
    import pytest

    import rollwerk.plugins._registry
    from rollwerk.errors import SchemaError

    monkeypatch.setattr(
        rollwerk.plugins._registry, "_DEFAULT", Registry(load_entrypoints=False)
    )
    with pytest.raises(SchemaError) as info:
        duration_from_json(rounds(2).to_json())
    assert str(info.value) == (
        "malformed duration JSON: kind must be one of actions, concentration, "
        "first_of, game_time, instant, next_checks, permanent, rounds, "
        "until_end_of_encounter, until_end_of_next_turns, until_end_of_turn, until_event, "
        "got 'pf2e_rounds'; "
        "no installed plugin registers it (is the plugin 'pf2e' installed?)"
    )
