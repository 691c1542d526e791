"""Optional rules: one id, one owner, and only well-formed rules (helper-175).

Two plugins offering ``lucky`` for the same ruleset: one was applied
silently, and ``rollwerk rulesets`` listed ``lucky, lucky``. As for ruleset
ids, neither is offered now, and both are failures naming both
distributions. An ``OptionalRule`` with the id ``2`` broke ``rollwerk
rulesets`` with an internal error; its fields are checked when it is made.
"""

from __future__ import annotations

from typing import Any

import pytest

import rollwerk
from rollwerk.errors import ParameterError, UnknownRuleset
from rollwerk.plugins import Registry
from rollwerk.rulesets import OptionalRule
from rollwerk.testing import examples


def _same(ruleset: Any) -> Any:
    return ruleset


class _Lucky:
    def __init__(self, label: str, times: int = 1) -> None:
        self.label = label
        self.times = times

    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        return [
            OptionalRule("lucky", "toy", f"Lucky {self.label}", apply=_same)
        ] * self.times


def test_two_plugins_offering_one_option_id_offer_neither() -> None:
    a, b = _Lucky("a"), _Lucky("b")
    registry = Registry(load_entrypoints=False, plugins=[examples, a, b])
    offered = [r.id for r in registry.optional_rules("toy")]
    assert "lucky" not in offered
    reasons = [f.reason for f in registry.failures if "lucky" in f.reason]
    assert len(reasons) == 2
    assert reasons[0] == reasons[1]
    assert reasons[0].startswith(
        "optional rule 'lucky' for ruleset 'toy' is offered by plugin "
    )
    assert reasons[0].endswith("; neither is offered until one is uninstalled")
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("toy", options=["lucky"])
    assert str(info.value) == (
        "option must be one of: generous for ruleset 'toy', got 'lucky' "
        "(2 plugins failed to load: see Registry.failures)"
    )


def test_one_plugin_offering_an_option_twice_offers_it_not() -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples, _Lucky("a", 2)])
    assert "lucky" not in [r.id for r in registry.optional_rules("toy")]
    (failure,) = [f for f in registry.failures if "lucky" in f.reason]
    assert failure.reason == (
        "optional rule 'lucky' for ruleset 'toy' is offered twice by the same plugin"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "id",
            2,
            (
                "id must be a word without spaces, dots, colons or '+' that does not "
                "start with '-', got 2"
            ),
        ),
        (
            "id",
            "a b",
            (
                "id must be a word without spaces, dots, colons or '+' that does not "
                "start with '-', got 'a b'"
            ),
        ),
        (
            "ruleset",
            "",
            (
                "ruleset must be a word without spaces, dots, colons or '+' that does "
                "not start with '-', got ''"
            ),
        ),
        ("name", None, "name must be a non-empty string, got None"),
        ("help", 3, "help must be a string, got 3"),
        (
            "apply",
            None,
            "apply must be a function of the ruleset returning a ruleset, got None",
        ),
    ],
)
def test_an_optional_rule_checks_its_fields(
    field: str, value: object, message: str
) -> None:
    fields: dict[str, Any] = {
        "id": "lucky",
        "ruleset": "toy",
        "name": "Lucky",
        "apply": _same,
        field: value,
    }
    with pytest.raises(ParameterError) as info:
        OptionalRule(**fields)
    assert str(info.value) == message
