"""Tests of the contract kit's pytest plugin (``--rollwerk-contract``, fixture)."""

from __future__ import annotations

import pytest

from rollwerk.testing import RULESET_PROPERTIES

pytest_plugins = ["pytester"]

CONFTEST = """
import rollwerk.plugins
from rollwerk.testing import examples

def pytest_configure(config):
    rollwerk.plugins.get_registry(fresh=True).register(examples)
"""


@pytest.fixture
def project(pytester, monkeypatch):
    monkeypatch.setenv("ROLLWERK_NO_ENTRYPOINTS", "1")
    pytester.makeconftest(CONFTEST)
    return pytester


def test_option_adds_contract_items(project):
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy", "--rollwerk-contract-examples=2", "-v"
    )
    extra = [p.__name__ for p in RULESET_PROPERTIES]
    result.assert_outcomes(passed=3 + len(extra))
    result.stdout.fnmatch_lines(
        [
            "*rollwerk-contract?toy?::declaration PASSED*",
            "*rollwerk-contract?toy?::check:check PASSED*",
            "*rollwerk-contract?toy?::check:pool PASSED*",
            *(f"*rollwerk-contract?toy?::{name} PASSED*" for name in extra),
        ]
    )


def test_option_with_one_check(project):
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy:pool", "--rollwerk-contract-examples=1", "-v"
    )
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*rollwerk-contract?toy:pool?::check:pool PASSED*"])


def test_collect_only_counts_the_contract_items(project):
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy:pool", "--collect-only"
    )
    result.stdout.fnmatch_lines(["collected 2 items", "*2 tests collected*"])


def test_option_with_optional_rule(project):
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy+generous:pool",
        "--rollwerk-contract=toy+stingy",
        "--rollwerk-contract-examples=1",
        "-v",
    )
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*rollwerk-contract?toy+generous:pool?::check:pool PASSED*",
            (
                "UnknownRuleset: option must be one of: generous for ruleset 'toy', "
                "got 'stingy'"
            ),
        ]
    )


def test_unknown_ruleset_and_check_fail_with_one_line(project):
    result = project.runpytest_subprocess(
        "--rollwerk-contract=nope", "--rollwerk-contract=toy:attack"
    )
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "UnknownRuleset: ruleset must be one of: toy, got 'nope'",
            "ContractViolation: ruleset 'toy' has no check 'attack'; it has check, pool",
        ]
    )


def test_an_empty_check_name_is_refused_as_the_cli_refuses_it(project):
    # found by a held-out author: "toy:" ran the whole ruleset
    result = project.runpytest_subprocess("--rollwerk-contract=toy:")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["ContractViolation: ruleset 'toy' has no check ''; it has check, pool"]
    )


def test_without_the_option_nothing_is_added(project):
    project.makepyfile("def test_nothing():\n    pass\n")
    result = project.runpytest_subprocess()
    result.assert_outcomes(passed=1)


def test_fixture_runs_the_contract(project):
    project.makepyfile(
        """
        from rollwerk.testing.examples import ToyRuleset

        def test_by_id(rollwerk_contract):
            rollwerk_contract("toy", max_examples=1, resolutions=100)

        def test_with_option(rollwerk_contract):
            rollwerk_contract(
                "toy", options=["generous"], max_examples=0, resolutions=100
            )

        def test_by_object(rollwerk_contract):
            rollwerk_contract(ToyRuleset(), max_examples=0, resolutions=100)
        """
    )
    result = project.runpytest_subprocess()
    result.assert_outcomes(passed=3)


def test_option_runs_only_the_contract_items_whatever_the_folder_holds(project):
    project.makepyfile(
        test_broken="def test_fails():\n    raise AssertionError('must not run')\n",
        broken_module="import no_such_module_anywhere\n",
    )
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy:pool",
        "--rollwerk-contract-examples=1",
        "--doctest-modules",
        "-v",
    )
    result.assert_outcomes(passed=2)
    assert "must not run" not in result.stdout.str()
    result.stdout.fnmatch_lines(["*rollwerk-contract?toy:pool?::check:pool PASSED*"])


def test_explicit_test_paths_are_deselected_with_the_option(project):
    project.makepyfile(test_other="def test_other():\n    pass\n")
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy:pool",
        "--rollwerk-contract-examples=1",
        "test_other.py",
    )
    result.assert_outcomes(passed=2)


def test_lookup_adds_only_the_plugin_failures_its_message_lacks(monkeypatch):
    """A failure the registry already names (its ruleset's) is not repeated."""
    from rollwerk.errors import UnknownRuleset
    from rollwerk.plugins import _registry
    from rollwerk.testing._pytest_plugin import _lookup

    class Failure:
        def __init__(self, reason: str) -> None:
            self.reason = reason

        def error(self) -> Exception:
            return RuntimeError(self.reason)

    class Registry:
        def __init__(self) -> None:
            self.failures = [
                Failure("plugin 'a' failed: X"),
                Failure("plugin 'b' failed: Y"),
            ]

        def ruleset(self, ruleset_id: str, options: object = ()) -> object:
            raise UnknownRuleset(
                f"ruleset must be the id of an installed ruleset (none is installed), got {ruleset_id!r} "
                "(plugin 'a' failed: X)"
            )

    monkeypatch.setattr(_registry, "get_registry", Registry)
    with pytest.raises(UnknownRuleset) as info:
        _lookup("a")
    assert str(info.value) == (
        "ruleset must be the id of an installed ruleset (none is installed), got 'a' (plugin 'a' failed: X) "
        "(plugin failures: plugin 'b' failed: Y)"
    )


def test_lookup_quotes_a_claim_once_however_many_claimants_failed(monkeypatch):
    """Two plugins claiming one id fail with one reason, which the message has.

    A held-out author saw the claim three times: in the registry's message
    and once for each claimant.
    """
    from rollwerk.errors import UnknownRuleset
    from rollwerk.plugins import _registry
    from rollwerk.plugins._registry import PluginFailure
    from rollwerk.testing._pytest_plugin import _lookup

    claim = (
        "ruleset id 'sr5' is claimed by rollwerk-sr5 and rollwerk-fork; "
        "neither is loaded until one is uninstalled"
    )

    class Registry:
        def __init__(self) -> None:
            self.failures = [
                PluginFailure("sr5", "rollwerk-sr5", claim),
                PluginFailure("fork", "rollwerk-fork", claim),
                PluginFailure("other", None, "Z"),
            ]

        def ruleset(self, ruleset_id: str, options: object = ()) -> object:
            raise UnknownRuleset(
                f"ruleset must be the id of an installed ruleset (none is installed), got {ruleset_id!r} ({claim})"
            )

    monkeypatch.setattr(_registry, "get_registry", Registry)
    with pytest.raises(UnknownRuleset) as info:
        _lookup("sr5")
    assert str(info.value) == (
        f"ruleset must be the id of an installed ruleset (none is installed), got 'sr5' ({claim}) "
        "(plugin failures: plugin 'other' failed: Z)"
    )


@pytest.mark.parametrize("given", ["-1", "abc"])
def test_a_negative_number_of_examples_is_a_usage_error(project, given):
    """A held-out designer: ``--rollwerk-contract-examples=-1`` was accepted
    and then failed inside every check's item."""
    result = project.runpytest_subprocess(
        "--rollwerk-contract=toy", f"--rollwerk-contract-examples={given}"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            (
                "*argument --rollwerk-contract-examples: must be a whole number >= 0 "
                f"(parameter sets drawn per check), got '{given}'*"
            )
        ]
    )


def test_the_option_without_hypothesis_is_one_usage_error(monkeypatch):
    """h224: without hypothesis the run ended in an INTERNALERROR of 88 lines."""
    import importlib.util

    from rollwerk.testing import _pytest_plugin

    real = importlib.util.find_spec

    def find_spec(name, *args):
        return None if name == "hypothesis" else real(name, *args)

    class Config:
        def __init__(self, targets):
            self.targets = targets

        def getoption(self, name, default=None):
            assert name == "rollwerk_contract"
            return self.targets

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    _pytest_plugin.pytest_configure(Config([]))  # no option: nothing to refuse
    with pytest.raises(pytest.UsageError) as info:
        _pytest_plugin.pytest_configure(Config(["ds4"]))
    assert str(info.value) == (
        "--rollwerk-contract needs hypothesis, which is not installed: install "
        'the extra rollwerk[testing] (pip install "rollwerk[testing]")'
    )
