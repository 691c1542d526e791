"""Reprs a notebook or a REPL shows: short, and saying what matters.

A held-out bot and notebook author found ``Registry`` and ``CheckRequests``
shown as ``<… object at 0x…>`` and a ruleset's repr 2.4 to 5 KB long (every
parameter of every check).
"""

from __future__ import annotations

from rollwerk import build_check
from rollwerk.checks import CheckRequests
from rollwerk.plugins import Registry
from rollwerk.testing import examples


def test_a_registry_says_what_it_has_loaded_without_loading() -> None:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    assert repr(registry) == "<Registry: no rulesets loaded yet, 0 plugins waiting>"
    registry.ruleset("toy")
    assert repr(registry) == "<Registry: rulesets loaded: toy, 0 plugins waiting>"


def test_a_check_cache_says_its_bound_and_size() -> None:
    requests = CheckRequests(maxsize=100)
    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    requests.build(toy, "skill=3")
    assert repr(requests) == f"CheckRequests(maxsize=100, entries={len(requests)})"
    assert len(requests) >= 1


def test_a_ruleset_shows_its_checks_and_presets_by_name() -> None:
    from rollwerk.checks import Difficulty, define_check
    from rollwerk.i18n import Text
    from rollwerk.rulesets import define_ruleset

    coin = define_check("flip", dice=[2], judge=lambda faces: None)  # type: ignore[arg-type,return-value]
    spec = define_ruleset(
        "c",
        "C",
        checks=[coin],
        difficulties=[
            Difficulty("easy", 2, Text.fixed(en="easy")),
            Difficulty("hard", -2, Text.fixed(en="hard")),
        ],
    )
    text = repr(spec)
    assert text.startswith(
        "RulesetSpec(id='c', name='C', check_specs=<flip>, levels=SuccessLevels(levels=()), "
        "difficulties=<easy +2, hard -2>, "
    )
    assert len(text) < 500
    assert build_check(spec).name == "flip"
