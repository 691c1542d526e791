"""Refusals a held-out API reviewer (helper-182, session 37) found missing.

Each was a Python exception or a quiet wrong answer where the docs promise
a `RollwerkError` naming the parameter, the value and what is allowed.
"""

from __future__ import annotations

import math

import pytest

from rollwerk import build_check
from rollwerk.checks import Degree, Outcome, Parameter, define_check
from rollwerk.distribution import Distribution
from rollwerk.encounter import (
    Encounter,
    Rounds,
    describe_duration,
    describe_remaining,
)
from rollwerk.errors import ParameterError, SchemaError
from rollwerk.rulesets import define_ruleset

_NOT_A_DURATION = (
    "duration must be a rollwerk Duration (Rounds(1), Permanent(), …), got "
)


@pytest.mark.parametrize("value", [5, None, "rounds"])
def test_describe_duration_refuses_what_is_no_duration(value: object) -> None:
    with pytest.raises(ParameterError) as caught:
        describe_duration(value)
    assert str(caught.value) == _NOT_A_DURATION + repr(value)
    assert describe_duration(Rounds(2)) == "2 rounds"


def test_describe_remaining_refuses_what_is_no_duration() -> None:
    encounter = Encounter.create(["A", "B"])
    with pytest.raises(ParameterError) as caught:
        describe_remaining(None, encounter)
    assert str(caught.value) == _NOT_A_DURATION + "None"


def test_a_decode_that_fails_is_a_schema_error_naming_the_value() -> None:
    document = {"schema": 1, "outcomes": [{"value": "a", "probability": "1/1"}]}
    with pytest.raises(SchemaError) as caught:
        Distribution.from_json(document, decode=int)
    assert str(caught.value) == (
        "malformed distribution JSON: outcomes[0].value must be a value decode "
        "accepts (it raised ValueError: invalid literal for int() with base 10: "
        "'a'), got 'a'"
    )
    assert caught.value.path == "outcomes[0].value"
    good = {"schema": 1, "outcomes": [{"value": "3", "probability": "1/1"}]}
    assert Distribution.from_json(good, decode=int) == Distribution({3: 1})


_FITS = (
    "outcomes must be numbers whose results fit a float (use int or Fraction "
    "outcomes), got "
)


def test_float_arithmetic_that_overflows_is_refused() -> None:
    with pytest.raises(ParameterError) as caught:
        Distribution.uniform([1, 2]) * 1e308 * 10
    assert str(caught.value) == _FITS + "'a float result beyond ±1.8e308 (inf)'"
    with pytest.raises(ParameterError) as caught:
        Distribution.uniform([0, 10**400]) + 0.5
    assert str(caught.value) == _FITS + "'int too large to convert to float'"
    big = Distribution.uniform([1.5e308])
    with pytest.raises(ParameterError):
        big + big
    # an infinity the operand already had is not an overflow of this operation
    assert Distribution({math.inf: 1}) + 1 == Distribution({math.inf: 1})
    assert (Distribution.uniform([1, 2]) * 2.5).support == (2.5, 5.0)


def test_check_as_a_keyword_says_the_name_is_positional() -> None:
    def judge(faces: tuple[int, ...], skill: int) -> Outcome:
        return Outcome(faces[0] <= skill, Degree.SUCCESS, faces[0])

    skill = [Parameter("skill", int, min_value=1, max_value=20)]
    ruleset = define_ruleset(
        "duel",
        "Duel",
        checks=[
            define_check("check", skill, dice=[20], judge=judge),
            define_check("attack", skill, dice=[20], judge=judge),
        ],
    )
    with pytest.raises(ParameterError) as caught:
        build_check(ruleset, check="attack", skill=3)
    assert str(caught.value) == (
        "parameter of duel:check must be one of: skill, got 'check'; the "
        "check's name is build_check's second argument, positional: "
        "build_check(ruleset, 'attack', …)"
    )
    assert build_check(ruleset, "attack", skill=3).name == "attack"


def test_rulesets_exports_its_public_names_only() -> None:
    namespace: dict[str, object] = {}
    exec("from rollwerk.rulesets import *", namespace)
    assert sorted(k for k in namespace if not k.startswith("__")) == [
        "CheckContestRule",
        "ContestKey",
        "ContestRule",
        "ContestWithChecks",
        "DelegatingRuleset",
        "InitiativeRule",
        "OptionalRule",
        "Ruleset",
        "RulesetSpec",
        "build_check",
        "contest_odds",
        "contest_result",
        "define_ruleset",
        "distribution_version",
        "levels_of",
        "resolve_contest",
    ]


def test_a_subclassed_core_kind_with_a_kind_of_its_own_reads_as_any_kind() -> None:
    """A subclass of a core kind once raised KeyError from its describe()."""
    import attrs

    from rollwerk.encounter import Permanent

    @attrs.frozen
    class Scene(Permanent):
        @property
        def kind(self) -> str:  # type: ignore[override]
            return "toy_scene"

    assert Scene().describe() == "a toy_scene duration"
    assert describe_duration(Scene(), "de") == "eine Dauer der Art toy_scene"
    encounter = Encounter.create(["A", "B"])
    assert describe_remaining(Scene(), encounter) == "a toy_scene duration"


def test_by_initiative_refuses_a_die_of_one_side() -> None:
    from rollwerk import Combatant, SeededRng
    from rollwerk.encounter import by_initiative

    with pytest.raises(ParameterError) as caught:
        by_initiative([Combatant("A"), Combatant("B")], SeededRng(1), tie_sides=1)
    assert str(caught.value) == "tie_sides must be an integer from 2 to 10000, got 1"


def test_endless_ties_are_a_limit_not_a_recursion_error() -> None:
    """DS4-R11: ties roll off again; an Rng that always ties is refused."""
    from rollwerk import ScriptedRng
    from rollwerk.errors import LimitExceeded

    with pytest.raises(LimitExceeded) as caught:
        Encounter.create(["A", "B"], rng=ScriptedRng([5] * 3000))
    assert str(caught.value) == (
        "initiative of 'A', 'B': tied roll-offs limit exceeded: 101 is more than "
        "the maximum of 100 (by 1)"
    )


def test_roll_offs_keep_their_order_and_draws() -> None:
    """DS4-R11: the higher roll goes first; a tied group settles before the next."""
    from rollwerk import Combatant, ScriptedRng
    from rollwerk.encounter import by_initiative

    a, b, c, d = (Combatant(x, initiative=8) for x in "ABCD")
    # A 5, B 9, C 5, D 9: B and D roll again (D 3, B 4), then A and C (C 6, A 2)
    rng = ScriptedRng([5, 9, 5, 9, 4, 3, 2, 6])
    assert by_initiative([a, b, c, d], rng) == ("B", "D", "C", "A")
    assert rng.remaining == 0


def test_by_initiative_checks_each_face() -> None:
    from rollwerk import Combatant
    from rollwerk.encounter import by_initiative

    class Loaded:
        def roll(self, sides: int) -> int:
            return 999

    with pytest.raises(ParameterError) as caught:
        by_initiative([Combatant("A"), Combatant("B")], Loaded())
    assert str(caught.value) == (
        "rng.roll(20) must be an integer from 1 to 20 (the Rng protocol), got 999"
    )


def test_an_rng_whose_roll_takes_no_sides_is_the_callers_not_the_plugins() -> None:
    """A guarded check blamed the plugin (PluginFault, exit 3) for it."""
    from rollwerk.plugins import Registry
    from rollwerk.testing import examples

    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")

    class NoSides:
        def roll(self) -> int:
            return 3

    with pytest.raises(ParameterError) as caught:
        build_check(toy, skill=3).resolve(NoSides())  # type: ignore[arg-type]
    assert str(caught.value).startswith(
        "rng must be an Rng whose roll(sides) takes the number of sides (the Rng "
        "protocol), got <"
    )
    assert isinstance(caught.value.__cause__, TypeError)
