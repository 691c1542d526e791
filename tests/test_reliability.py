"""Issue 17: no plugin can hijack or crash the host.

A plugin's failure while it is used (``resolve``, ``outcomes``, a check
factory, a contest rule, an optional rule's ``apply``; an exception or a
wrong return type) is one [`PluginFault`][rollwerk.errors.PluginFault]
naming the plugin, its distribution and the call; the CLI prints one line
and exits 3 (``--traceback`` shows the stack). Load-time isolation and the
identity rule are in ``test_plugins_host.py``; here they are checked
end to end through the CLI.
"""

from __future__ import annotations

import timeit
import types
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk import ScriptedRng, SeededRng
from rollwerk.checks import CheckResult, CheckSpec, ContestOutcome, Outcome
from rollwerk.cli import main
from rollwerk.distribution import Distribution
from rollwerk.encounter import Combatant, Encounter
from rollwerk.errors import PluginError, PluginFault, RollwerkError, RulesError
from rollwerk.plugins import Registry
from rollwerk.rng import Rng
from rollwerk.rulesets import (
    DelegatingRuleset,
    OptionalRule,
    Ruleset,
    build_check,
    contest_odds,
)
from rollwerk.testing.examples import ToyRuleset


class FakeDist:
    def __init__(self, name: str) -> None:
        self.name = name


class FakeEntryPoint:
    def __init__(self, name: str, dist: str | None, plugin: Any) -> None:
        self.name = name
        self.value = f"{dist}.plugin"
        self.dist = FakeDist(dist) if dist else None
        self._plugin = plugin

    def load(self) -> Any:
        return self._plugin


def module_plugin(name: str, **hooks: Any) -> types.ModuleType:
    mod = types.ModuleType(name)
    for hook, func in hooks.items():
        setattr(mod, hook, rollwerk.hookimpl(func))
    return mod


@attrs.frozen
class BrokenCheck:
    """A toy check whose plugin code misbehaves as ``mode`` says."""

    inner: Any
    mode: str

    @property
    def ruleset(self) -> str:
        return str(self.inner.ruleset)

    @property
    def name(self) -> str:
        return str(self.inner.name)

    @property
    def parameters(self) -> Mapping[str, Any]:
        return dict(self.inner.parameters)

    def resolve(self, rng: Any) -> Any:
        if self.mode == "raise":
            raise RuntimeError("boom")
        if self.mode == "exit":
            raise SystemExit(7)
        if self.mode == "wrong":
            return 42
        if self.mode == "rules":
            raise rollwerk.ParameterError("skill", 99, "an integer from 1 to 6")
        return self.inner.resolve(rng)

    def outcomes(self) -> Any:
        if self.mode == "raise":
            raise AttributeError("'NoneType' object has no attribute 'items'")
        if self.mode == "wrong":
            return {"success": 1}
        return self.inner.outcomes()


@attrs.frozen
class BrokenRuleset(DelegatingRuleset):
    """The toy ruleset with checks (and a contest rule) that misbehave."""

    mode: str = "raise"

    def checks(self) -> Sequence[CheckSpec]:
        return [
            attrs.evolve(
                spec,
                factory=lambda f=spec.factory, **kw: BrokenCheck(f(**kw), self.mode),
            )
            for spec in self.base.checks()
        ]

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        if self.mode == "contest":
            return 1 // 0  # type: ignore[return-value]
        if self.mode == "contest-wrong":
            return "first"  # type: ignore[return-value]
        return self.base.contest(first, second)

    def initiative_order(
        self, combatants: Sequence[Combatant], rng: Rng
    ) -> Sequence[str]:
        ids = [c.id for c in combatants]
        if self.mode == "initiative":
            return [ids[0], ids[1 // 0]]
        if self.mode == "initiative-wrong":
            return [*ids, ids[0]]
        if self.mode == "initiative-str":
            return "".join(ids)  # type: ignore[return-value]
        return self.base.initiative_order(combatants, rng)


def evil_registry(mode: str, *more: FakeEntryPoint) -> Registry:
    plugin = module_plugin(
        "evil", rollwerk_register_rulesets=lambda: [BrokenRuleset(ToyRuleset(), mode)]
    )
    return Registry(
        entry_points=[FakeEntryPoint("evil", "rollwerk-evil", plugin), *more]
    )


FAULT = "plugin 'evil' (distribution rollwerk-evil) failed: "


# -- through the API -----------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "call", "reason", "cause"),
    [
        ("raise", "resolve", "raised RuntimeError('boom')", RuntimeError),
        ("exit", "resolve", "raised SystemExit(7)", SystemExit),
        ("wrong", "resolve", "returned 42, not a CheckResult", None),
        (
            "raise",
            "outcomes",
            "raised AttributeError(\"'NoneType' object has no attribute 'items'\")",
            AttributeError,
        ),
        ("wrong", "outcomes", "returned {'success': 1}, not a Distribution", None),
    ],
)
def test_a_check_that_fails_is_one_plugin_fault(
    mode: str, call: str, reason: str, cause: type[BaseException] | None
) -> None:
    check = build_check(evil_registry(mode).ruleset("toy"), skill=3)
    run = (
        (lambda: check.resolve(ScriptedRng([2])))
        if call == "resolve"
        else check.outcomes
    )
    with pytest.raises(PluginFault) as info:
        run()
    fault = info.value
    assert str(fault) == f"{FAULT}toy:check.{call} {reason}"
    assert (fault.plugin, fault.distribution, fault.call) == (
        "evil",
        "rollwerk-evil",
        f"toy:check.{call}",
    )
    assert isinstance(fault, PluginError)
    assert isinstance(fault, RollwerkError)
    if cause is None:
        assert fault.__cause__ is None
    else:
        assert isinstance(fault.__cause__, cause)


def test_a_rollwerk_error_from_plugin_code_passes_unchanged() -> None:
    """A plugin refusing a value says so itself: that is not a fault."""
    check = build_check(evil_registry("rules").ruleset("toy"), skill=3)
    with pytest.raises(rollwerk.ParameterError) as info:
        check.resolve(ScriptedRng([2]))
    assert str(info.value) == "skill must be an integer from 1 to 6, got 99"


def test_an_rng_that_is_not_one_is_the_caller_s_fault_not_the_plugin_s() -> None:
    """The plugin's resolve fails on ``None.roll``: the guard names ``rng``."""
    check = build_check(evil_registry("pass").ruleset("toy"), skill=3)
    with pytest.raises(rollwerk.ParameterError) as info:
        check.resolve(None)  # type: ignore[arg-type]
    assert str(info.value) == (
        "rng must be an Rng such as SeededRng(7), SystemRng() or "
        "ScriptedRng([...]), got None"
    )


def test_keyboard_interrupt_from_plugin_code_is_not_swallowed() -> None:
    class Interrupting(BrokenCheck):
        def resolve(self, rng: Any) -> Any:
            raise KeyboardInterrupt

    @attrs.frozen
    class Ruleset2(BrokenRuleset):
        def checks(self) -> Sequence[CheckSpec]:
            return [
                attrs.evolve(
                    s, factory=lambda f=s.factory, **kw: Interrupting(f(**kw), "")
                )
                for s in self.base.checks()
            ]

    plugin = module_plugin(
        "evil", rollwerk_register_rulesets=lambda: [Ruleset2(ToyRuleset())]
    )
    registry = Registry(entry_points=[FakeEntryPoint("evil", "rollwerk-evil", plugin)])
    check = build_check(registry.ruleset("toy"), skill=3)
    with pytest.raises(KeyboardInterrupt):
        check.resolve(ScriptedRng([2]))


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("contest", "raised ZeroDivisionError('integer division or modulo by zero')"),
        ("contest-wrong", "returned 'first', not a ContestOutcome"),
    ],
)
def test_a_contest_rule_that_fails_is_one_plugin_fault(mode: str, reason: str) -> None:
    ruleset = evil_registry(mode).ruleset("toy")
    a, b = build_check(ruleset, skill=3), build_check(ruleset, skill=4)
    with pytest.raises(PluginFault) as info:
        contest_odds(ruleset, a, b)
    assert str(info.value) == f"{FAULT}toy contest {reason}"


@attrs.frozen
class _Renamed(DelegatingRuleset):
    @property
    def id(self) -> str:
        return "toy2"


@pytest.mark.parametrize(
    ("apply", "reason"),
    [
        (
            lambda rs: 1 // 0,
            "raised ZeroDivisionError('integer division or modulo by zero')",
        ),
        (
            lambda rs: 42,
            (
                "returned 42, which is not a Ruleset (needs id, name, version, labels, "
                "checks, contest…)"
            ),
        ),
        (
            _Renamed,
            "returned _Renamed(base=ToyRuleset(bonus=0)), not a ruleset with the id 'toy'",
        ),
    ],
)
def test_an_optional_rule_that_fails_is_one_plugin_fault(
    apply: Any, reason: str
) -> None:
    rule = OptionalRule("explode", "toy", "Explode", apply=apply)
    house = module_plugin("house", rollwerk_register_optional_rules=lambda: [rule])
    registry = Registry(
        entry_points=[
            FakeEntryPoint("toy", "rollwerk-toy", rollwerk.testing.examples),
            FakeEntryPoint("house", "rollwerk-house", house),
        ]
    )
    with pytest.raises(PluginFault) as info:
        registry.ruleset("toy", options=["explode"])
    assert str(info.value) == (
        f"plugin 'house' (distribution rollwerk-house) failed: "
        f"optional rule 'explode'.apply {reason}"
    )


def test_a_fault_behind_an_optional_rule_names_the_rules_switched_on() -> None:
    rule = OptionalRule("same", "toy", "Same", apply=lambda rs: rs)
    house = module_plugin("house", rollwerk_register_optional_rules=lambda: [rule])
    registry = evil_registry("raise", FakeEntryPoint("house", "rollwerk-house", house))
    check = build_check(registry.ruleset("toy", options=["same"]), skill=3)
    with pytest.raises(PluginFault) as info:
        check.resolve(ScriptedRng([2]))
    assert str(info.value) == (
        f"{FAULT}toy:check.resolve with the optional rules same (plugin 'house') "
        "raised RuntimeError('boom')"
    )


def test_the_guard_is_transparent() -> None:
    """Equal to the plugin's objects, same repr, isinstance and attributes hold."""
    toy = Registry(
        entry_points=[FakeEntryPoint("toy", "rollwerk-toy", rollwerk.testing.examples)]
    ).ruleset("toy")
    assert toy == ToyRuleset()
    assert ToyRuleset() == toy
    assert hash(toy) == hash(ToyRuleset())
    assert repr(toy) == "ToyRuleset(bonus=0)"
    assert isinstance(toy, ToyRuleset)
    assert isinstance(toy, Ruleset)
    assert toy.bonus == 0
    check = build_check(toy, skill=3)
    plain = build_check(ToyRuleset(), skill=3)
    assert check == plain
    assert repr(check) == repr(plain)
    assert isinstance(check, type(plain))
    assert check.resolve(ScriptedRng([2])) == plain.resolve(ScriptedRng([2]))
    assert isinstance(check.resolve(SeededRng(1)), CheckResult)
    assert check.outcomes() == plain.outcomes()
    assert isinstance(check.outcomes(), Distribution)


def test_the_guard_adds_little_to_a_resolve() -> None:
    """Not a timing assertion: the guarded resolve does the same work plus one call."""
    toy = Registry(
        entry_points=[FakeEntryPoint("toy", "rollwerk-toy", rollwerk.testing.examples)]
    ).ruleset("toy")
    guarded, plain = build_check(toy, skill=3), build_check(ToyRuleset(), skill=3)
    rng = SeededRng(5)
    # both run; the ratio is printed by bench/ (see docs/reliability.md)
    timeit.timeit(lambda: guarded.resolve(rng), number=10)
    timeit.timeit(lambda: plain.resolve(rng), number=10)


# -- through the CLI -------------------------------------------------------------


def test_cli_a_plugin_fault_is_one_line_and_exit_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["check", "toy", "skill=3", "--seed", "1"], registry=evil_registry("raise")
    )
    out, err = capsys.readouterr()
    assert (code, out) == (3, "")
    assert (
        err
        == f"rollwerk: error: {FAULT}toy:check.resolve raised RuntimeError('boom')\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "toy", "skill=3"],
        ["check", "toy", "skill=3", "--seed", "1", "--json"],
        ["contest", "toy", "skill=3", "--vs", "skill=4", "--seed", "1"],
    ],
)
def test_cli_every_command_reports_a_plugin_fault_with_exit_3(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(argv, registry=evil_registry("raise"))
    _, err = capsys.readouterr()
    assert code == 3
    assert err.startswith(f"rollwerk: error: {FAULT}toy:check.")
    assert err.count("\n") == 1


def test_cli_traceback_shows_the_stack(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["check", "toy", "skill=3", "--seed", "1", "--traceback"],
        registry=evil_registry("raise"),
    )
    _, err = capsys.readouterr()
    assert code == 3
    assert err.startswith("Traceback (most recent call last):")
    assert "RuntimeError: boom" in err
    assert "in resolve" in err
    assert err.endswith(
        f"rollwerk: error: {FAULT}toy:check.resolve raised RuntimeError('boom')\n"
    )


@pytest.mark.parametrize("command", ["roll", "rulesets", "check", "odds", "contest"])
def test_cli_every_subcommand_takes_traceback(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    assert "--traceback" in capsys.readouterr().out


def test_cli_user_error_is_still_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "toy", "skill=99"], registry=evil_registry("raise"))
    _, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("rollwerk: error: skill must be")


def test_cli_rulesets_survives_a_hook_raising_system_exit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def quit_now() -> Any:
        raise SystemExit(7)

    quitter = module_plugin("quitter", rollwerk_register_rulesets=quit_now)
    registry = Registry(
        entry_points=[
            FakeEntryPoint("toy", "rollwerk-toy", rollwerk.testing.examples),
            FakeEntryPoint("quitter", "rollwerk-quitter", quitter),
        ]
    )
    code = main(["rulesets"], registry=registry)
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert any(line.startswith("toy ") for line in out.splitlines())
    assert (
        "  plugin 'quitter' (distribution rollwerk-quitter) failed: "
        "rollwerk_register_rulesets raised SystemExit(7)"
    ) in out.splitlines()


def test_cli_check_of_an_id_claimed_twice_names_both_distributions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(
        entry_points=[
            FakeEntryPoint("toy", "rollwerk-toy", rollwerk.testing.examples),
            FakeEntryPoint(
                "toy-fork",
                "rollwerk-toy-fork",
                module_plugin(
                    "fork", rollwerk_register_rulesets=lambda: [ToyRuleset(bonus=3)]
                ),
            ),
        ]
    )
    code = main(["check", "toy", "skill=3", "--seed", "1"], registry=registry)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err == (
        "rollwerk: error: ruleset must be the id of an installed ruleset (none is installed), got 'toy' "
        "(ruleset id 'toy' is claimed by plugin 'toy' (distribution rollwerk-toy) "
        "and plugin 'toy-fork' (distribution rollwerk-toy-fork); neither is loaded "
        "until one is uninstalled)\n"
    )


# -- the initiative rule -------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        (
            "initiative",
            "raised ZeroDivisionError('integer division or modulo by zero')",
        ),
        (
            "initiative-wrong",
            (
                "returned ['A', 'B', 'A'], not the ids of the combatants given "
                "(A, B), each once"
            ),
        ),
        (
            "initiative-str",
            "returned 'AB', not the ids of the combatants given (A, B), each once",
        ),
    ],
)
def test_an_initiative_rule_that_fails_is_one_plugin_fault(
    mode: str, reason: str
) -> None:
    ruleset = evil_registry(mode).ruleset("toy")
    with pytest.raises(PluginFault) as info:
        Encounter.for_ruleset(ruleset, ["A", "B"], rng=SeededRng(1))
    assert str(info.value) == f"{FAULT}toy initiative_order {reason}"
    # joining by the rule asks it about two combatants at a time
    started = Encounter.for_ruleset(ruleset, ["A", "B"])
    with pytest.raises(PluginFault) as info:
        started.join(Combatant("C"), initiative=ruleset.initiative_order)
    assert str(info.value) == (
        f"{FAULT}toy initiative_order {reason}".replace("(A, B)", "(A, C)")
        .replace("'AB'", "'AC'")
        .replace("['A', 'B', 'A']", "['A', 'C', 'A']")
    )


def test_a_working_initiative_rule_is_unchanged_by_the_guard() -> None:
    guarded = evil_registry("pass").ruleset("toy")
    people = [Combatant("A", initiative=3), Combatant("B", initiative=9)]
    assert guarded.initiative_order(people, ScriptedRng([])) == ("B", "A")
    assert ToyRuleset().initiative_order(people, ScriptedRng([])) == ("B", "A")
    # a rule that draws dice still cannot place a newcomer: the caller's error
    enc = Encounter.for_ruleset(guarded, [Combatant("A", initiative=3)])
    with pytest.raises(RulesError, match="draws dice to order 'A' and 'C'"):
        enc.join(Combatant("C", initiative=3), initiative=guarded.initiative_order)


def test_one_line_is_bounded_and_echoes_are_abbreviated() -> None:
    """A held-out bot author: ``UnknownRuleset``/``UnknownCheck`` echoed an
    id of 100 000 characters whole, and ``one_line()`` — "what the CLI
    prints" — was not cut at 500 characters as the CLI's line is."""
    from rollwerk import build_check
    from rollwerk.errors import MAX_LINE, NotationError, UnknownCheck, UnknownRuleset
    from rollwerk.testing import examples

    registry = Registry(load_entrypoints=False, plugins=[examples])
    with pytest.raises(UnknownRuleset) as info:
        registry.ruleset("x" * 100_000)
    assert info.value.one_line() == (
        "ruleset must be one of: toy, got '" + "x" * 57 + "… (100000 characters)"
    )
    with pytest.raises(UnknownCheck) as other:
        build_check(registry.ruleset("toy"), "c" * 100_000)
    assert other.value.one_line() == (
        "check of ruleset 'toy' must be one of: check, pool, got '"
        + "c" * 57
        + "… (100000 characters)"
    )
    long = RollwerkError("word " * 200)
    assert len(long.one_line()) == MAX_LINE == 500
    # cut in the middle: what is wrong and what is allowed both stay
    assert long.one_line()[245:255] == "word… word"
    assert long.one_line().endswith("word")
    choices = RollwerkError("x" * 600 + " (choose from 'en', 'de')").one_line()
    assert choices.endswith("x (choose from 'en', 'de')")
    assert len(NotationError("x" * 70, 3, "y" * 600).one_line()) == MAX_LINE


def test_every_method_of_a_guarded_check_is_guarded() -> None:
    """A held-out author of three systems: ``with_parameters`` returned an
    unguarded check, and ``outcome_for``, ``result_for`` and ``enumerate``
    of the guarded one let the plugin's KeyError out raw."""
    from rollwerk.checks import Parameter, define_check
    from rollwerk.errors import ParameterError
    from rollwerk.rulesets import define_ruleset

    def dice(n: int) -> list[int]:
        if n == 3:
            raise ValueError("bad n")
        return [6] * n

    def judge(faces: tuple[int, ...], n: int) -> Outcome:
        raise KeyError(faces[0])

    buggy = define_ruleset(
        "buggy",
        "Buggy",
        checks=[
            define_check(
                "c",
                [Parameter("n", int, default=1, min_value=1, max_value=4)],
                dice=dice,
                judge=judge,
            )
        ],
    )

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[Any]:
            return [buggy]

    guarded = Registry(load_entrypoints=False, plugins=[Plugin()]).ruleset("buggy")
    check = rollwerk.build_check(guarded, n=1)
    calls: list[tuple[Any, str]] = [
        (
            lambda: check.with_parameters(n=2).outcomes(),
            "c.outcomes raised KeyError(1)",
        ),
        (
            lambda: check.with_parameters(n=2).resolve(SeededRng(1)),
            "c.resolve raised KeyError(5)",
        ),
        (
            lambda: check.with_parameters(n=3),
            "c.with_parameters raised ValueError('bad n')",
        ),
        (lambda: check.outcome_for((1,)), "c.outcome_for raised KeyError(1)"),
        (lambda: check.result_for((1,)), "c.result_for raised KeyError(1)"),
        (check.enumerate, "c.enumerate raised KeyError(1)"),
    ]
    for call, said in calls:
        with pytest.raises(PluginFault) as info:
            call()
        assert str(info.value).endswith(f"buggy:{said}")
    # the caller's own mistakes stay the caller's
    with pytest.raises(TypeError):
        check.outcome_for()
    with pytest.raises(ParameterError):
        check.with_parameters(n=99)
    assert check.with_parameters(n=2) == rollwerk.build_check(buggy, n=2)
