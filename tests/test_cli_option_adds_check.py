"""A check an optional rule adds is named with its option when it is missing.

A held-out designer (helper-185, session 37) typed ``rollwerk check
yze:push`` without ``--option push`` and was told only that ``yze`` has
no check ``push``.
"""

from __future__ import annotations

import attrs
import pytest

import rollwerk
from rollwerk.checks import Degree, Outcome, define_check
from rollwerk.cli import main
from rollwerk.plugins import Registry
from rollwerk.rulesets import OptionalRule, Ruleset, RulesetSpec, define_ruleset


def _judge(faces: tuple[int, ...]) -> Outcome:
    return Outcome(
        faces[0] == 6, Degree.SUCCESS if faces[0] == 6 else Degree.FAILURE, faces[0]
    )


ROLL = define_check("roll", [], dice=[6], judge=_judge)
PUSH = define_check("push", [], dice=[6, 6], judge=lambda f: _judge((max(f),)))
YZE = define_ruleset("yze", "YZE", checks=[ROLL])


def _push(ruleset: Ruleset) -> Ruleset:
    assert isinstance(ruleset, RulesetSpec)
    extra = PUSH.spec(ruleset.id, ruleset.catalog)
    return attrs.evolve(ruleset, check_specs=(*ruleset.check_specs, extra))


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [YZE]

    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        return [OptionalRule("push", "yze", "Push", apply=_push)]


def test_a_missing_check_names_the_option_that_adds_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin()])
    assert main(["check", "yze:push", "--rolls", "3"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: check of ruleset 'yze' must be one of: roll, got 'push' "
        "(--option push adds it)\n"
    )
    assert (
        main(
            ["check", "yze:push", "--option", "push", "--rolls", "3,6"],
            registry=registry,
        )
        == 0
    )
    assert main(["check", "yze:nope", "--rolls", "3"], registry=registry) == 2
    assert capsys.readouterr().err.endswith("got 'nope'\n")
