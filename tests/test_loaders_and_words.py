"""Held-out testers' findings on loaders and words (helper-153, helper-154).

A deep or huge value in a refusal is described, not written out; a schema-1
check result has no ``level``; an outcome's level is a level id; a toolkit
chain that exploded once says so.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwerk import Degree, Outcome, ParameterError, ScriptedRng
from rollwerk.checks import CheckResult, define_check
from rollwerk.errors import SchemaError, shown

DOC = (
    '{"schema":2,"ruleset":"toy","check":"check","success":true,'
    '"degree":"success","level":null,"value":3,"rolled":true,"rolls":[],'
    '"explanation":{"en":"x","de":"y"},"extras":{"x":'
)


def _deep(depth: int) -> Any:
    return json.loads("[" * depth + "]" * depth)


def test_a_deeply_nested_value_from_a_deep_stack_is_described() -> None:
    """helper-153: ``RecursionError`` while the refusal wrote the value's repr."""
    data = json.loads(DOC + "[" * 900 + "]" * 900 + "}}")

    def deep_caller(k: int) -> None:
        if k:
            deep_caller(k - 1)
        else:
            CheckResult.from_json(data)

    with pytest.raises(SchemaError) as info:
        deep_caller(150)
    assert str(info.value) == (
        "malformed check result JSON: extras.x must be a string, an integer, "
        "true, false or null, got a list nested more than 40 levels deep"
    )


def test_shown_describes_large_containers() -> None:
    assert shown(list(range(6000))) == "a list of 6000 items"
    assert shown({"a": list(range(3000)), "b": list(range(3000))}) == (
        "a dict of 2 items with more inside"
    )
    assert shown(_deep(41)) == "a list nested more than 40 levels deep"
    # what fits is written as before
    assert shown([1, [2, [3]]]) == "[1, [2, [3]]]"
    assert shown(_deep(40)).startswith("[[[[")


def test_a_schema_1_result_has_no_level() -> None:
    """helper-153: a schema-1 document's ``level`` was dropped, not refused."""
    data = json.loads(DOC + "1}}")
    data["schema"] = 1
    with pytest.raises(SchemaError) as info:
        CheckResult.from_json(data)
    assert str(info.value) == (
        "malformed check result JSON: level is not a field (the fields are "
        "schema, ruleset, check, success, degree, value, rolled, rolls, "
        "explanation, extras)"
    )
    del data["level"]
    assert CheckResult.from_json(data).level is None


@pytest.mark.parametrize("level", [5, "a b", "", "x.y", True])
def test_an_outcomes_level_is_a_level_id(level: Any) -> None:
    """helper-154: ``level=5`` was accepted and its JSON did not load back."""
    with pytest.raises(ParameterError) as info:
        Outcome(True, Degree.SUCCESS, 1, level=level)
    assert str(info.value) == (
        "level must be a level id (a word without spaces, dots or colons) or "
        f"None, got {level!r}"
    )


def test_a_chain_that_exploded_once_says_once() -> None:
    """helper-154 (Cyberpunk RED's one extra die): not "exploded 1 times"."""

    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0])

    once = define_check(
        "c", dice=[6], explode=True, explosion_cap=1, judge=judge
    ).build("demo")
    result = once.resolve(ScriptedRng([6, 6]))
    assert result.explain() == "d6 6+6=12 (exploded once, the cap) → 12: success"
    assert result.explain("de") == (
        "W6 6+6=12 (einmal explodiert, die Obergrenze) → 12: Erfolg"
    )
    twice = define_check(
        "c", dice=[6], explode=True, explosion_cap=2, judge=judge
    ).build("demo")
    assert twice.resolve(ScriptedRng([6, 6, 6])).explain() == (
        "d6 6+6+6=18 (exploded 2 times, the cap) → 18: success"
    )


# -- helper-150 (a typed plugin author) ------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("ruleset", 5, "ruleset must be a ruleset id (a string), got 5"),
        ("check", None, "check must be a check name (a string), got None"),
        (
            "level",
            ["a"],
            (
                "level must be a level id (a word without spaces, dots or colons) "
                "or None, got ['a']"
            ),
        ),
    ],
)
def test_a_check_result_refuses_what_its_json_would(
    field: str, value: Any, message: str
) -> None:
    from rollwerk.checks import Explanation

    with pytest.raises(ParameterError) as info:
        CheckResult(
            True,
            Degree.SUCCESS,
            1,
            (),
            Explanation.fixed(en="x", de="y"),
            **{field: value},
        )
    assert str(info.value) == message


def test_a_contest_rule_that_returns_no_contest_outcome_is_the_rulesets_fault() -> None:
    from rollwerk import build_check
    from rollwerk.errors import CheckFault
    from rollwerk.rulesets import contest_odds, define_ruleset, resolve_contest

    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0])

    rs = define_ruleset(
        "bad",
        "Bad",
        version="1",
        checks=[define_check("c", dice=[6], judge=judge)],
        contest=lambda a, b: "first",
    )
    check = build_check(rs, "c")
    message = "the contest rule of ruleset 'bad' returned 'first', not a ContestOutcome"
    with pytest.raises(CheckFault) as info:
        contest_odds(rs, check, check)
    assert str(info.value) == message
    one = Outcome(True, Degree.SUCCESS, 1)
    with pytest.raises(CheckFault) as info:
        resolve_contest(rs, one, one)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda st: st.checks(None),
            (
                "ruleset must be a ruleset or the id of an installed one (a string), "
                "got None"
            ),
        ),
        (
            lambda st: st.checks(5),
            "ruleset must be a ruleset or the id of an installed one (a string), got 5",
        ),
        (
            lambda st: st.parameter_values(None),
            "parameter must be a Parameter, got None",
        ),
        (
            lambda st: st.parameters(None),
            "spec must be a check spec (ruleset.checks() gives them), got None",
        ),
        (
            lambda st: st.rngs(seeds=5),
            "seeds must be a hypothesis strategy of integers or None, got 5",
        ),
    ],
)
def test_the_strategies_refuse_bad_arguments(call: Any, message: str) -> None:
    from rollwerk.testing import strategies

    with pytest.raises(ParameterError) as info:
        call(strategies)
    assert str(info.value) == message


def test_assert_catalog_complete_refuses_no_catalog() -> None:
    from rollwerk.testing import assert_catalog_complete

    with pytest.raises(ParameterError) as info:
        assert_catalog_complete(None, "toy")  # type: ignore[arg-type]
    assert str(info.value) == "catalog must be a Catalog, got None"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {},
            (
                "params must be parameters 'check' builds a check with (the ruleset "
                "refuses them: skill is required (an integer from 0 to 6)), got {}"
            ),
        ),
        (
            {"skil": 3},
            (
                "params must be a parameter of 'check' (skill, modifier, edge, "
                "difficulty), got 'skil'"
            ),
        ),
        (
            {"skill": 500},
            (
                "params must be parameters 'check' builds a check with (the ruleset "
                "refuses them: skill must be an integer from 0 to 6, got 500), got "
                "{'skill': 500}"
            ),
        ),
    ],
)
def test_assert_monotonic_refuses_parameters_that_check_nothing(
    params: dict[str, Any], message: str
) -> None:
    """helper-150: with parameters that never build it passed, checking nothing."""
    from rollwerk.testing import assert_monotonic
    from rollwerk.testing.examples import ToyRuleset

    toy = ToyRuleset()
    with pytest.raises(ParameterError) as info:
        assert_monotonic(toy, toy.checks()[0], params)
    assert str(info.value) == message
    assert_monotonic(toy, toy.checks()[0], {"skill": 3})


def test_the_callers_rng_failing_is_not_the_plugins_fault() -> None:
    """helper-150: a dice server that was down was reported as a PluginFault."""
    from rollwerk import build_check
    from rollwerk.errors import PluginFault
    from rollwerk.plugins import Registry
    from rollwerk.testing import examples

    class DiceServer:
        def roll(self, sides: int) -> int:
            raise TimeoutError("dice server down")

    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    check = build_check(toy, "check", skill=3)
    with pytest.raises(TimeoutError, match="dice server down"):
        check.resolve(DiceServer())

    class Evil:
        def roll(self, sides: int) -> int:
            return 3

    broken = build_check(toy, "check", skill=3)
    object.__setattr__(broken, "_resolve", lambda rng: 1 / 0)
    with pytest.raises(PluginFault):
        broken.resolve(Evil())


def test_a_registered_checks_undeclared_level_is_the_plugins_fault() -> None:
    """helper-150: a contest of the plugin's own results with level ``zzz``
    was refused as the user's mistake (exit 2), not the plugin's (exit 3)."""
    import rollwerk
    from rollwerk import build_check
    from rollwerk.checks import Level, SuccessLevels
    from rollwerk.errors import PluginFault
    from rollwerk.plugins import Registry
    from rollwerk.rulesets import define_ruleset

    levels = SuccessLevels(
        Level("miss", Degree.FAILURE, en="miss", de="daneben"),
        Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
    )

    def judge(faces: tuple[int, ...]) -> Outcome:
        hit = faces[0] > 3
        level = "zzz" if faces[0] == 6 else ("hit" if hit else "miss")
        return Outcome(
            hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0], level=level
        )

    ruleset = define_ruleset(
        "lv",
        "Lv",
        version="1",
        levels=levels,
        checks=[define_check("c", dice=[6], judge=judge)],
    )

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[object]:
            return [ruleset]

    check = build_check(
        Registry(load_entrypoints=False, plugins=[Plugin()]).ruleset("lv"), "c"
    )
    assert check.resolve(ScriptedRng([4])).level == "hit"
    # listed as the ruleset orders them, worst first (a held-out designer)
    said = "it gave the level 'zzz', which its ruleset does not have (its levels: miss, hit)"
    with pytest.raises(PluginFault) as info:
        check.resolve(ScriptedRng([6]))
    assert (
        str(info.value)
        == f"plugin 'Plugin' failed: lv:c.resolve broke its contract: {said}"
    )
    with pytest.raises(PluginFault) as info:
        check.outcomes()
    assert (
        str(info.value)
        == f"plugin 'Plugin' failed: lv:c.outcomes broke its contract: {said}"
    )


def test_a_level_from_a_ruleset_without_levels_is_the_plugins_fault() -> None:
    """helper-h210: a ruleset that forgot ``levels=`` printed its judge's raw
    level ids (``Ergebnis: Erfolg (hard)``) with exit 0; the guard read
    levels only for rulesets that declare some."""
    import rollwerk
    from rollwerk import build_check
    from rollwerk.cli import main
    from rollwerk.errors import PluginFault
    from rollwerk.plugins import Registry
    from rollwerk.rulesets import define_ruleset

    def judge(faces: tuple[int, ...]) -> Outcome:
        hit = faces[0] > 3
        return Outcome(
            hit,
            Degree.SUCCESS if hit else Degree.FAILURE,
            faces[0],
            level="hard" if faces[0] == 6 else None,
        )

    ruleset = define_ruleset(
        "nolv", "NoLv", version="1", checks=[define_check("c", dice=[6], judge=judge)]
    )

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[object]:
            return [ruleset]

    registry = Registry(load_entrypoints=False, plugins=[Plugin()])
    check = build_check(registry.ruleset("nolv"), "c")
    assert check.resolve(ScriptedRng([4])).level is None
    said = (
        "it gave the level 'hard', but its ruleset declares no levels (a ruleset "
        "lists its levels, as define_ruleset(levels=…) does)"
    )
    with pytest.raises(PluginFault) as info:
        check.resolve(ScriptedRng([6]))
    assert str(info.value) == (
        f"plugin 'Plugin' failed: nolv:c.resolve broke its contract: {said}"
    )
    with pytest.raises(PluginFault) as info:
        check.outcomes()
    assert str(info.value) == (
        f"plugin 'Plugin' failed: nolv:c.outcomes broke its contract: {said}"
    )
    assert main(["check", "nolv", "--rolls", "6"], registry=registry) == 3


def test_a_level_given_with_another_degree_is_the_plugins_fault() -> None:
    """helper-199: ``Outcome(False, FAILURE, level="hit")`` printed "failure
    (hit)" and split one level over two rows of ``odds --by level``."""
    import rollwerk
    from rollwerk import build_check
    from rollwerk.checks import Level, SuccessLevels
    from rollwerk.errors import PluginFault
    from rollwerk.plugins import Registry
    from rollwerk.rulesets import define_ruleset

    levels = SuccessLevels(
        Level("miss", Degree.FAILURE, en="miss"),
        Level("hit", Degree.SUCCESS, en="hit"),
    )

    def judge(faces: tuple[int, ...]) -> Outcome:
        if faces[0] == 6:  # the level says a success, the outcome a failure
            return Outcome(False, Degree.FAILURE, 6, level="hit")
        hit = faces[0] > 3
        degree = Degree.SUCCESS if hit else Degree.FAILURE
        return Outcome(hit, degree, faces[0], level="hit" if hit else "miss")

    ruleset = define_ruleset(
        "lv",
        "Lv",
        version="1",
        levels=levels,
        checks=[define_check("c", dice=[6], judge=judge)],
    )

    class Plugin:
        @rollwerk.hookimpl
        def rollwerk_register_rulesets(self) -> list[object]:
            return [ruleset]

    check = build_check(
        Registry(load_entrypoints=False, plugins=[Plugin()]).ruleset("lv"), "c"
    )
    assert check.resolve(ScriptedRng([4])).level == "hit"
    said = (
        "it gave the level 'hit' with the degree FAILURE and success False; the "
        "ruleset declares it with SUCCESS and True"
    )
    for call, run in (
        ("resolve", lambda: check.resolve(ScriptedRng([6]))),
        ("outcomes", check.outcomes),
    ):
        with pytest.raises(PluginFault) as info:
            run()
        assert str(info.value) == (
            f"plugin 'Plugin' failed: lv:c.{call} broke its contract: {said}"
        )


def test_a_level_without_words_is_named_by_the_kit() -> None:
    """helper-157 (DSA5): ``labels['en'] has no 'b'`` did not say what to give."""
    from rollwerk.checks import Level, SuccessLevels
    from rollwerk.rulesets import define_ruleset
    from rollwerk.testing import ContractViolation, assert_ruleset_declaration

    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0], level="a")

    ruleset = define_ruleset(
        "r",
        "R",
        levels=SuccessLevels(Level("b", Degree.FAILURE), Level("a", Degree.SUCCESS)),
        checks=[define_check("c", dice=[6], judge=judge)],
    )
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(ruleset)
    assert str(info.value).endswith(
        "labels['en'] has no 'b': give the level its words, Level('b', …, "
        "en=…, de=…), or the catalog message 'r.label.b' in 'en'"
    )


def test_every_required_parameter_left_out_is_named() -> None:
    """helper-157: ``rollwerk odds dsa5`` named a1 alone; a2, a3, fw were missing too."""
    from rollwerk import build_check
    from rollwerk.checks import Parameter
    from rollwerk.rulesets import define_ruleset

    params = [Parameter(n, int, min_value=1, max_value=20) for n in ("a1", "a2", "a3")]

    def judge(faces: tuple[int, ...], a1: int, a2: int, a3: int) -> Outcome:
        return Outcome(True, Degree.SUCCESS, faces[0])

    ruleset = define_ruleset(
        "three", "Three", checks=[define_check("c", params, dice=[20], judge=judge)]
    )
    with pytest.raises(ParameterError) as info:
        build_check(ruleset, "c", a2=3)
    assert str(info.value) == (
        "a1 is required (an integer from 1 to 20); also required: a3"
    )
    assert (info.value.parameter, info.value.missing) == ("a1", True)


def test_a_results_outcome_method_given_uncalled_says_to_call_it() -> None:
    from rollwerk import build_check
    from rollwerk.rulesets import resolve_contest
    from rollwerk.testing.examples import ToyRuleset

    toy = ToyRuleset()
    result = build_check(toy, "check", skill=3).resolve(ScriptedRng([2]))
    with pytest.raises(ParameterError) as info:
        resolve_contest(toy, result.outcome, result.outcome())  # type: ignore[arg-type]
    assert str(info.value).startswith(
        "first must be an Outcome: call the method, result.outcome(), got <bound method"
    )
