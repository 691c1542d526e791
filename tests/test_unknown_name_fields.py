"""`UnknownRuleset` and `UnknownCheck` carry what was asked for and the choices (helper-169).

Every other error a caller catches has typed fields; these two had only
their message, so a bot that wanted to offer the ids there are had to
parse ``ruleset must be one of: …``.
"""

from __future__ import annotations

import pytest

from rollwerk.checks import check_from_request
from rollwerk.errors import UnknownCheck, UnknownRuleset
from rollwerk.plugins import Registry
from rollwerk.testing import examples


def _registry() -> Registry:
    return Registry(load_entrypoints=False, plugins=[examples])


@pytest.mark.parametrize("asked", ["nope", 5])
def test_an_unknown_ruleset_names_the_id_and_the_ids_there_are(asked: object) -> None:
    with pytest.raises(UnknownRuleset) as info:
        _registry().ruleset(asked)  # type: ignore[arg-type]
    error = info.value
    assert (error.parameter, error.value, error.choices) == (
        "ruleset",
        asked,
        ("toy",),
    )
    assert str(error) == f"ruleset must be one of: toy, got {asked!r}"


def test_an_unknown_option_names_the_option() -> None:
    with pytest.raises(UnknownRuleset) as info:
        _registry().ruleset("toy", options=["harder"])
    error = info.value
    assert (error.parameter, error.value, error.choices) == (
        "option",
        "harder",
        ("generous",),
    )
    assert str(error) == (
        "option must be one of: generous for ruleset 'toy', got 'harder'"
    )


def test_an_unknown_check_names_the_check_and_the_checks_there_are() -> None:
    toy = _registry().ruleset("toy")
    with pytest.raises(UnknownCheck) as info:
        check_from_request(toy, "chance=3", check="nope")
    error = info.value
    assert (error.parameter, error.value, error.choices) == (
        "check",
        "nope",
        ("check", "pool"),
    )
    assert str(error) == (
        "check of ruleset 'toy' must be one of: check, pool, got 'nope'"
    )
