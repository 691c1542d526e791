"""The use-time guard reads what a plugin's check returns (helper-191).

A check's ``outcomes()`` holding plain numbers crashed ``rollwerk odds``
as an internal error (exit 1) and was blamed on the contest rule in
``contest``; a ``CheckResult`` naming another ruleset's check was printed
as that check's. Both are the plugin's fault now, as the contract kit
already said.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk import Degree, Distribution, Outcome, ScriptedRng
from rollwerk.checks import CheckResult, CheckSpec
from rollwerk.cli import main
from rollwerk.dice import DieRoll
from rollwerk.errors import PluginFault
from rollwerk.i18n import Text
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset


@attrs.frozen
class _Check:
    mode: str
    ruleset: str = "hq"

    @property
    def name(self) -> str:
        return self.mode

    @property
    def parameters(self) -> Mapping[str, Any]:
        return {}

    def resolve(self, rng: rollwerk.Rng) -> CheckResult:
        face = rng.roll(6)
        named = ("ds4", "attack") if self.mode == "otherid" else ("hq", self.mode)
        return CheckResult(
            True,
            Degree.SUCCESS,
            face,
            [DieRoll(6, face, "check")],
            Text.fixed(en="x", de="x"),
            ruleset=named[0],
            check=named[1],
        )

    def outcomes(self) -> Distribution[Any]:
        if self.mode == "ints":
            return Distribution.uniform(range(1, 7))
        return Distribution.uniform(
            Outcome(True, Degree.SUCCESS, f) for f in range(1, 7)
        )


class _Plugin:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Any]:
        return [
            define_ruleset(
                "hq",
                "HQ",
                version="1",
                checks=[
                    CheckSpec(m, (), lambda m=m: _Check(m))
                    for m in ("otherid", "ints", "fine")
                ],
            )
        ]


FAULT = "plugin '_Plugin' failed: "


@pytest.fixture
def registry() -> Registry:
    return Registry(load_entrypoints=False, plugins=[_Plugin()])


def test_outcomes_that_are_not_outcomes_are_the_plugins_fault(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    check = rollwerk.build_check(registry.ruleset("hq"), "ints")
    with pytest.raises(PluginFault) as info:
        check.outcomes()
    assert str(info.value) == (
        f"{FAULT}hq:ints.outcomes broke its contract: its distribution holds 1, "
        "not an Outcome"
    )
    assert main(["odds", "hq:ints"], registry=registry) == 3
    assert main(["contest", "hq:ints", "--vs"], registry=registry) == 3
    err = capsys.readouterr().err.splitlines()
    assert err == [f"rollwerk: error: {info.value!s}"] * 2


def test_a_result_naming_another_check_is_the_plugins_fault(
    registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    check = rollwerk.build_check(registry.ruleset("hq"), "otherid")
    with pytest.raises(PluginFault) as info:
        check.resolve(ScriptedRng([3]))
    assert str(info.value) == (
        f"{FAULT}hq:otherid.resolve broke its contract: its result names the "
        "ruleset 'ds4' and the check 'attack', not 'hq' and 'otherid'"
    )
    assert (
        main(["check", "hq:otherid", "--rolls", "3", "--json"], registry=registry) == 3
    )
    assert capsys.readouterr().out == ""


def test_a_well_formed_check_passes_the_guard(registry: Registry) -> None:
    check = rollwerk.build_check(registry.ruleset("hq"), "fine")
    assert check.resolve(ScriptedRng([3])).value == 3
    assert check.outcomes().probability(lambda o: o.value >= 5) == Fraction(1, 3)
