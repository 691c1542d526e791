"""The toolkit's exploding dice: ``define_check(..., explode=...)``.

A die that explodes ("aces") draws another of the same sides on its highest
face, at most ``explosion_cap`` (20) extra dice as notation's ``1d6!``, and
the judge sees the sum in the die's place. Each die explodes on its own, so
a Savage-Worlds-style trait die and wild die are one declaration.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk
from rollwerk import ScriptedRng, parse
from rollwerk.checks import (
    Degree,
    Outcome,
    Parameter,
    define_check,
    enumerate_faces,
    pool_dice,
)
from rollwerk.checks._toolkit import _chain, _values
from rollwerk.cli._main import main
from rollwerk.distribution import Distribution
from rollwerk.errors import (
    CheckFault,
    LimitExceeded,
    ParameterError,
    ScriptNotExhausted,
)
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_check_contract,
    assert_faces_match,
)

TRAIT = Parameter("trait", int, "trait die", choices=(4, 6, 8, 10, 12))
MODIFIER = Parameter("modifier", int, default=0, min_value=-10, max_value=10)


def trait_test(faces: tuple[int, ...], modifier: int) -> Outcome:
    """The better of trait and wild die, plus the modifier, against 4; a raise at 8."""
    best = max(faces) + modifier
    if best >= 8:
        return Outcome(True, Degree.CRITICAL_SUCCESS, best)
    if best >= 4:
        return Outcome(True, Degree.SUCCESS, best)
    return Outcome(False, Degree.FAILURE, best)


def trait_dice(trait: int) -> list[tuple[int, str]]:
    return [(trait, "trait"), (6, "wild")]


SAVAGE = define_check(
    "trait", [TRAIT, MODIFIER], dice=trait_dice, judge=trait_test, explode=True
)


def total(faces: tuple[int, ...]) -> Outcome:
    t = sum(faces)
    return Outcome(t >= 10, Degree.SUCCESS if t >= 10 else Degree.FAILURE, t)


def _values_of(dist: Distribution[Outcome]) -> dict[int, Fraction]:
    return {o.value: dist[o] for o in dist.support}  # type: ignore[misc]


def test_a_die_shows_each_sum_of_its_chain_weighted_by_the_draws_it_stands_for():
    assert _values(3, 1) == ((1, 3), (2, 3), (4, 1), (5, 1), (6, 1))
    assert _values(6) == tuple((f, 1) for f in range(1, 7))
    assert _chain(15, 6, 20) == [6, 6, 3]
    assert _chain(126, 6, 20) == [6] * 21  # the cap: the 20th extra die stands
    assert _chain(125, 6, 20) == [6] * 20 + [5]
    assert _chain(12, 6, 1) == [6, 6]  # a cap of 1: the extra die stands


@given(st.integers(2, 12), st.integers(0, 6))
def test_the_sums_weights_add_up_to_every_draw(sides: int, cap: int):
    values = _values(sides, cap)
    assert sum(w for _, w in values) == sides ** (cap + 1)
    assert len(values) == (sides - 1) * (cap + 1) + 1
    assert [v for v, _ in values] == sorted(v for v, _ in values)
    for value, _ in values:
        chain = _chain(value, sides) if cap == 20 else None
        assert chain is None or sum(chain) == value


@pytest.mark.parametrize("sides", [2, 3, 4, 6, 8, 10, 12, 20])
def test_one_exploding_die_has_the_odds_of_notation(sides: int):
    check = define_check("x", dice=[sides], judge=total, explode=True).build("t")
    assert _values_of(check.outcomes()) == dict(
        parse(f"1d{sides}!").distribution().items()
    )


@pytest.mark.parametrize("unordered", [False, True])
def test_an_exploding_pool_sums_as_notation(unordered: bool):
    check = define_check(
        "x",
        dice=[4, 4, 4],
        judge=total,
        explode=True,
        unordered=unordered,
        budget=300_000,
    ).build("t")
    assert _values_of(check.outcomes()) == dict(parse("3d4!").distribution().items())


def test_an_unordered_exploding_pool_counts_multisets_of_sums():
    pool = define_check(
        "pool",
        [Parameter("dice", int, min_value=1, max_value=10)],
        dice=lambda dice: pool_dice(dice, 6),
        judge=total,
        explode=True,
        unordered=True,
    )
    # a d6 that explodes shows 106 sums: 3 of them are C(108, 3) multisets
    assert sum(1 for _ in pool.build("t", dice=3).face_weights()) == 204_156
    with pytest.raises(LimitExceeded) as info:
        pool.build("t", dice=4).outcomes()
    assert str(info.value) == (
        "face enumeration budget limit exceeded: 5563251 is more than the "
        "maximum of 200000 (by 5363251)"
    )


@pytest.mark.parametrize("trait", [4, 6, 8, 10, 12])
def test_trait_and_wild_die_each_explode_on_their_own(trait: int):
    """The exact odds agree with notation's distributions of 1dT! and 1d6!."""
    check = SAVAGE.build("sw", trait=trait, modifier=-1)
    t = parse(f"1d{trait}!").distribution()
    w = parse("1d6!").distribution()
    expected = sum(
        (t[a] * w[b] for a in t.support for b in w.support if max(a, b) - 1 >= 4),
        Fraction(0),
    )
    assert check.outcomes().probability(lambda o: o.success) == expected


def test_the_chance_of_a_d8_trait_test():
    check = SAVAGE.build("sw", trait=8)
    dist = check.outcomes()
    assert dist.probability(lambda o: o.success) == Fraction(13, 16)
    # a raise: not both below 8; a d8 is below 8 on 1-7, an exploding d6 on
    # 1-5 or 6+1
    below = Fraction(7, 8) * (Fraction(5, 6) + Fraction(1, 36))
    assert dist.probability(lambda o: o.degree is Degree.CRITICAL_SUCCESS) == (
        1 - below
    )
    assert 1 - below == Fraction(71, 288)


def test_a_scripted_roll_draws_each_chain_in_place():
    check = SAVAGE.build("sw", trait=8)
    with ScriptedRng([8, 3, 6, 6, 2]) as rng:  # each chain drawn in full
        result = check.resolve(rng)
    assert result.value == 14
    assert result.degree is Degree.CRITICAL_SUCCESS
    assert [(r.sides, r.face, r.role) for r in result.rolls] == [
        (8, 8, "trait"),
        (8, 3, "explosion"),
        (6, 6, "wild"),
        (6, 6, "explosion"),
        (6, 2, "explosion"),
    ]
    assert result.explain() == "d8 8+3=11, d6 6+6+2=14 → 14: critical success"
    assert check.draws_for((11, 14)) == (8, 3, 6, 6, 2)
    assert check.result_for((11, 14)) == result
    assert check.outcome_for((11, 14)) == result.outcome()


def test_a_die_stops_exploding_at_the_cap():
    check = define_check("x", dice=[6], judge=total, explode=True).build("t")
    script = ScriptedRng([6] * 22)
    result = check.resolve(script)
    assert result.value == 126
    assert len(result.rolls) == 21
    assert script.remaining == 1
    with pytest.raises(ScriptNotExhausted, match=r"21 of the 22 given faces"):
        script.assert_exhausted()  # the 22nd six is never drawn
    assert check.draws_for((126,)) == (6,) * 21


def test_a_chain_that_reaches_the_cap_says_so_as_notation_does():
    check = define_check("x", dice=[6, 8], judge=total, explode=True).build("t")
    sixes = "+".join(["6"] * 20)
    capped = check.resolve(ScriptedRng([6] * 20 + [3, 8, 2]))
    assert capped.explain() == (
        f"d6 {sixes}+3=123 (exploded 20 times, the cap), d8 8+2=10 → 133: success"
    )
    assert capped.explain("de") == (
        f"W6 {sixes}+3=123 (20-mal explodiert, die Obergrenze), W8 8+2=10 → 133: Erfolg"
    )
    assert (
        parse("1d6!")
        .replay([6] * 20 + [3])
        .explain()
        .endswith("=123 (exploded 20 times, the cap) → 123")
    )
    short = check.resolve(ScriptedRng([6] * 19 + [3, 4]))
    assert short.explain() == f"d6 {sixes[:-2]}+3=117, d8 4 → 121: success"


def test_only_the_named_roles_explode_and_a_stop_rule_sees_the_sums():
    def judge(faces: tuple[int, ...]) -> Outcome:
        return Outcome(True, Degree.SUCCESS, sum(faces))

    check = define_check(
        "y",
        dice=[(6, "a"), (6, "wild")],
        judge=judge,
        explode={"wild"},
        stop=lambda faces: faces[0] != 1,
    ).build("t")
    assert check.resolve(ScriptedRng([6])).value == 6  # "a" does not explode
    result = check.resolve(ScriptedRng([1, 6, 4]))
    assert [r.role for r in result.rolls] == ["a", "wild", "explosion"]
    assert result.value == 11
    assert check.outcomes().probability(lambda o: o.value == 11) == Fraction(1, 216)
    assert_check_contract(check, resolutions=200, replays=5)


def test_enumerate_faces_takes_the_exploding_roles():
    dist = enumerate_faces([(6, "wild"), (6, "a")], total, explode=["wild"])
    plain = enumerate_faces([6, 6], total)
    # the wild die explodes, the other does not: notation's 1d6!+1d6
    assert _values_of(dist) == dict(parse("1d6!+1d6").distribution().items())
    assert plain.probability(lambda o: o.success) == Fraction(1, 6)
    assert dist.probability(lambda o: o.success) == Fraction(17, 72)


def test_the_contract_kit_replays_every_way_the_chains_fall():
    check = SAVAGE.build("sw", trait=8)
    assert assert_faces_match(check)
    assert_check_contract(check, resolutions=500, replays=5)


def test_the_contract_kit_catches_a_closed_form_that_forgets_the_explosion():
    def plain_odds(trait: int) -> Distribution[Outcome]:
        return enumerate_faces(trait_dice(trait), lambda f: trait_test(f, 0))

    wrong = define_check(
        "trait",
        [TRAIT],
        dice=trait_dice,
        judge=lambda faces: trait_test(faces, 0),
        odds=plain_odds,
        explode=True,
    )
    with pytest.raises(
        ContractViolation,
        match=r"enumerating all 15688 face combinations gives 91/2304",
    ):
        assert_faces_match(wrong.build("sw", trait=8))


def test_bad_explode_declarations_are_refused():
    with pytest.raises(ParameterError) as info:
        define_check("x", dice=[6], judge=total, explode="wild")
    assert str(info.value) == (
        "explode must be True, False or a collection of die roles, got 'wild'"
    )
    with pytest.raises(ParameterError, match=r"collection of die roles, got \[1\]"):
        define_check("x", dice=[6], judge=total, explode=[1])
    message = (
        "dice must be at least 2 sides for a die that explodes (every face of a "
        "d1 is its highest, so it would never stop), got (1, 'check')"
    )
    with pytest.raises(ParameterError) as info:
        define_check("x", dice=[1], judge=total, explode=True)
    assert str(info.value) == message
    # from a dice function: the function's mistake, found when the check is built
    sized = define_check(
        "x",
        [Parameter("sides", int, min_value=1, max_value=6)],
        dice=lambda sides: [sides],
        judge=total,
        explode=True,
    )
    with pytest.raises(CheckFault) as fault:
        sized.build("t", sides=1)
    assert str(fault.value) == (
        f"the dice function of t:x returned no valid dice: {message}"
    )


def test_faces_an_exploding_die_cannot_show_are_refused():
    check = SAVAGE.build("sw", trait=6)
    with pytest.raises(ParameterError) as info:
        check.outcome_for((12, 3))
    assert str(info.value) == (
        "faces must be sums an exploding d6 can show: 1 to 126, no multiple of "
        "6 but 126 (the 1st die's 12 is not), got (12, 3)"
    )
    # of two d6 the message says which (a held-out Savage Worlds author)
    with pytest.raises(ParameterError) as info:
        check.outcome_for((5, 6))
    assert str(info.value) == (
        "faces must be sums an exploding d6 can show: 1 to 126, no multiple of "
        "6 but 126 (the 2nd die's 6 is not), got (5, 6)"
    )
    with pytest.raises(ParameterError, match=r"1 to 126"):
        check.draws_for((127, 3))
    assert check.outcome_for((13, 3)).value == 13


def test_a_check_of_one_exploding_die_keeps_its_results():
    check = define_check("x", dice=[6], judge=total, explode=True).build("t")
    first = check.resolve(ScriptedRng([6, 2]))
    assert first.value == 8
    assert check.resolve(ScriptedRng([6, 2])) is first
    assert check.resolve(ScriptedRng([2])).value == 2


def _savage_registry() -> Registry:
    ruleset = define_ruleset("sw", "Savage", checks=[SAVAGE])

    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_rulesets() -> list[object]:
            return [ruleset]

    return Registry(load_entrypoints=False, plugins=[Plugin])


def test_the_cli_takes_the_faces_of_each_chain(capsys):
    reg = _savage_registry()
    argv = ["check", "sw", "trait=8", "--rolls", "8,3,6,6,2", "--explain"]
    assert main([*argv, "--lang", "de"], registry=reg) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1:] == [
        "Ergebnis: Erfolg (kritischer Erfolg), Wert 14",
        (
            "Würfe: 8 (W8 trait), 3 (W8 Explosion), 6 (W6 wild), 6 (W6 Explosion), "
            "2 (W6 Explosion)"
        ),
        "Erklärung: W8 8+3=11, W6 6+6+2=14 → 14: kritischer Erfolg",
    ]
    assert main([*argv[:4], "8,3,6"], registry=reg) == 2
    # the 4th die is the wild die's explosion: the check declares two dice
    assert capsys.readouterr().err == (
        "rollwerk: error: --rolls has too few faces: the 4th die (the check "
        "declares 2, explosions add more), a d6, has none (3 were given)\n"
    )
    # the 2nd die is the trait die's explosion, not the declared 2nd die (a d6):
    # a held-out designer read "the 2nd die, a d8" as a mistake
    assert main([*argv[:4], "8"], registry=reg) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: --rolls has too few faces: the 2nd die (the check "
        "declares 2, explosions add more), a d8, has none (1 was given)\n"
    )


def test_a_die_named_explosion_is_its_own_die():
    """Chains are told apart by which dice explode, not by the role's name."""
    named = define_check(
        "x", dice=[(6, "b"), (4, "explosion")], judge=total, explode={"b"}
    ).build("t")
    assert named.resolve(ScriptedRng([3, 2])).explain() == "d6 3, d4 2 → 5: failure"
    assert named.resolve(ScriptedRng([6, 3, 2])).explain() == (
        "d6 6+3=9, d4 2 → 11: success"
    )
    both = define_check(
        "x", dice=[(6, "explosion")] * 2, judge=total, explode=True
    ).build("t")
    assert both.resolve(ScriptedRng([6, 2, 3])).explain() == (
        "d6 6+2=8, d6 3 → 11: success"
    )
    # beyond the face budget the kit reads the chains the same way
    big = define_check(
        "x", dice=[(8, "a"), (8, "a"), (8, "explosion")], judge=total, explode={"a"}
    ).build("t")
    assert not assert_faces_match(big)
    assert_check_contract(big, resolutions=200, replays=3)


def test_explode_names_roles_of_the_declared_dice():
    with pytest.raises(ParameterError) as info:
        define_check("x", dice=[6], judge=total, explode={"check": False})
    assert str(info.value) == (
        "explode must be True, False or a collection of die roles, got {'check': False}"
    )
    with pytest.raises(ParameterError) as info:
        define_check(
            "x", dice=[(8, "trait"), (6, "wild")], judge=total, explode={"wlid"}
        )
    assert str(info.value) == (
        "explode must be roles of the declared dice ('trait', 'wild'), got ['wlid']"
    )
    # a dice function may leave a role out for some parameters (no wild die)
    define_check(
        "x",
        [Parameter("wild", bool, default=True)],
        dice=lambda wild: [(8, "trait"), (6, "wild")] if wild else [(8, "trait")],
        judge=total,
        explode={"trait", "wild"},
    ).build("t", wild=False)


def test_dice_that_only_equal_ints_are_refused_whatever_was_built_before():
    """6.0 == 6 and True == 1: a shape built before must not admit them."""
    sized = define_check(
        "x",
        [Parameter("kind", int, min_value=1, max_value=4)],
        dice=lambda kind: [[6], [6.0], [(1, "a")], [(True, "a")]][kind - 1],
        judge=total,
    )
    sized.build("t", kind=1)
    sized.build("t", kind=3)
    with pytest.raises(CheckFault, match=r"returned no valid dice: .* got 6\.0"):
        sized.build("t", kind=2)
    with pytest.raises(CheckFault, match=r"got \(True, 'a'\)"):
        sized.build("t", kind=4)


def test_a_dice_function_names_only_roles_it_gives():
    """explode={"wyld"} with a dice function is refused as with fixed dice."""
    with pytest.raises(ParameterError) as info:
        define_check(
            "trait", [TRAIT], dice=trait_dice, judge=total, explode={"trait", "wyld"}
        )
    assert str(info.value) == (
        "explode must be roles of the dice the dice function gives ('trait', "
        "'wild'; 5 parameter sets tried), got ['wyld']"
    )
    assert info.value.parameter == "explode"
    assert info.value.value == ["wyld"]
    with pytest.raises(ParameterError) as info:
        define_check("x", dice=lambda: [(6, "a")], judge=total, explode={"b"})
    assert str(info.value) == (
        "explode must be roles of the dice the dice function gives ('a'; 1 "
        "parameter set tried), got ['b']"
    )
    # the roles it names explode, whatever else the check's dice are
    wild_only = define_check(
        "trait", [TRAIT], dice=trait_dice, judge=total, explode={"wild"}
    ).build("t", trait=6)
    result = wild_only.resolve(ScriptedRng([6, 6, 2]))
    assert [(r.face, r.role) for r in result.rolls] == [
        (6, "trait"),
        (6, "wild"),
        (2, "explosion"),
    ]
    assert result.value == 14


def test_the_roles_of_a_dice_function_are_found_over_its_parameters():
    """A role given for some parameters only is found; the others are skipped."""
    calls: list[dict[str, object]] = []

    def dice(pool: int, wild: bool) -> list[tuple[int, str]]:
        calls.append({"pool": pool, "wild": wild})
        if pool == 3:
            raise ParameterError("pool", pool, "not 3")
        return [(6, "pool")] * pool + ([(6, "wild")] if wild and pool > 4 else [])

    pool = Parameter("pool", int, min_value=1, max_value=5)
    wild = Parameter("wild", bool, default=False)
    mood = Parameter("mood", str, default="calm")
    check = define_check(
        "x", [pool, wild, mood], dice=dice, judge=total, explode={"wild"}
    )
    # the dice function takes pool and wild: tried in order until "wild" shows
    assert calls[-1] == {"pool": 5, "wild": True}
    assert len(calls) == 10
    assert check.explode == frozenset({"wild"})
    rolls = check.build("t", pool=5, wild=True).resolve(ScriptedRng([1] * 5 + [6, 3]))
    assert [r.role for r in rolls.rolls][-3:] == ["pool", "wild", "explosion"]
    calls.clear()
    with pytest.raises(ParameterError) as info:
        define_check("x", [pool, wild], dice=dice, judge=total, explode={"wlid"})
    assert len(calls) == 10  # every set; the dice function refuses pool=3
    assert str(info.value) == (
        "explode must be roles of the dice the dice function gives ('pool', "
        "'wild'; 8 parameter sets tried), got ['wlid']"
    )


def test_a_dice_function_that_gives_no_dice_for_any_tried_set_is_not_judged():
    """Nothing to compare with: the check is built (and refused) as before."""

    def never(trait: int) -> list[tuple[int, str]]:
        raise ParameterError("trait", trait, "a trait this example has not")

    check = define_check("x", [TRAIT], dice=never, judge=total, explode={"wyld"})
    with pytest.raises(ParameterError, match="a trait this example has not"):
        check.build("t", trait=4)


def test_the_values_a_dice_function_is_tried_with():
    from rollwerk.checks._toolkit import _probe_values

    assert _probe_values(TRAIT) == (4, 6, 8, 10, 12)
    assert _probe_values(Parameter("b", bool)) == (False, True)
    assert _probe_values(Parameter("n", int, min_value=-2, max_value=2)) == (
        -2,
        -1,
        0,
        1,
        2,
    )
    wide = _probe_values(Parameter("n", int, default=7, min_value=0, max_value=630))
    assert wide[:3] == (7, 0, 10)
    assert len(wide) == 65  # the default and 64 points from 0 to 630
    assert wide[-1] == 630
    assert _probe_values(Parameter("n", int, min_value=1)) == (1,)
    assert _probe_values(Parameter("n", int, default=5)) == (5, 0, 1)
    assert _probe_values(Parameter("s", str, default="x")) == ("x", "")
    assert _probe_values(Parameter("s", str, choices=("a", "b"))) == ("a", "b")


def test_a_role_one_parameter_turns_on_is_found_in_a_large_parameter_space():
    """More than 4096 sets: each value of each parameter is tried early.

    ``wild`` comes first, so the first 4096 sets in order would all have
    ``wild=False``; the check must not be refused for a role it gives.
    """
    calls: list[tuple[object, ...]] = []

    def dice(
        wild: bool, skill: int, modifier: int, target: int
    ) -> list[tuple[int, str]]:
        calls.append((wild, skill, modifier, target))
        return [(20, "skill")] + ([(6, "wild")] if wild else [])

    parameters = [
        Parameter("wild", bool, default=False),
        Parameter("skill", int, min_value=1, max_value=100),
        Parameter("modifier", int, min_value=-20, max_value=20, default=0),
        Parameter("target", int, min_value=1, max_value=30, default=10),
    ]
    check = define_check("x", parameters, dice=dice, judge=total, explode={"wild"})
    assert check.explode == frozenset({"wild"})
    assert calls[:2] == [(False, 1, -20, 1), (True, 1, -20, 1)]
    calls.clear()
    with pytest.raises(ParameterError) as info:
        define_check("x", parameters, dice=dice, judge=total, explode={"wlid"})
    assert str(info.value) == (
        "explode must be roles of the dice the dice function gives ('skill', "
        "'wild'; 4096 parameter sets tried), got ['wlid']"
    )
    assert len(calls) == len(set(calls)) == 4096
    assert {c[0] for c in calls} == {False, True}
    assert {c[3] for c in calls} == set(range(1, 31))


def test_a_combination_of_two_parameters_is_found_by_the_spread_sample():
    """A role two parameters turn on together, in a space of 64**3 sets."""

    def dice(a: int, b: int, c: int) -> list[tuple[int, str]]:
        return [(6, "base")] + ([(6, "rare")] if a > 90 and b > 90 else [])

    parameters = [
        Parameter(name, int, min_value=1, max_value=100) for name in ("a", "b", "c")
    ]
    check = define_check("x", parameters, dice=dice, judge=total, explode={"rare"})
    assert check.explode == frozenset({"rare"})


# -- a cap of the check's own: explosion_cap= --------------------------------


def _open_ended(faces: tuple[int, ...]) -> Outcome:
    """An open-ended d6 pool: each 4-6 a success, each 6 rolls again and counts."""
    hits = 0
    for total in faces:
        sixes, last = (total - 1) // 6, (total - 1) % 6 + 1
        hits += sixes + (last >= 4)
    return Outcome(hits >= 2, Degree.SUCCESS if hits >= 2 else Degree.FAILURE, hits)


OPEN = define_check(
    "open",
    [Parameter("dice", int, min_value=1, max_value=3)],
    dice=lambda dice: [6] * dice,
    judge=_open_ended,
    explode=True,
    explosion_cap=3,
    unordered=True,
)


def test_a_check_with_its_own_cap_stops_exploding_there():
    check = OPEN.build("t", dice=1)
    script = ScriptedRng([6, 6, 6, 6, 6])
    result = check.resolve(script)
    assert result.value == 4  # four sixes, the fourth does not explode
    assert [(r.face, r.role) for r in result.rolls] == [
        (6, "check"),
        (6, "explosion"),
        (6, "explosion"),
        (6, "explosion"),
    ]
    assert script.remaining == 1
    assert result.explain() == (
        "d6 6+6+6+6=24 (exploded 3 times, the cap) → 4: success"
    )
    assert check.draws_for((24,)) == (6, 6, 6, 6)
    assert check.draws_for((21,)) == (6, 6, 6, 3)
    short = check.resolve(ScriptedRng([6, 6, 5]))
    assert (short.value, short.explain()) == (3, "d6 6+6+5=17 → 3: success")


def test_a_check_with_its_own_cap_has_the_exact_odds_of_that_cap():
    # one die: 1-5 at 1/6, 7-11 at 1/36, 13-17 at 1/216, 19-23 and 24 at 1/1296
    dist = OPEN.build("t", dice=1).outcomes()
    successes = {o.value: p for o, p in dist.items()}
    assert successes == {
        0: Fraction(1, 2),
        1: Fraction(2, 6) + Fraction(3, 36),
        2: Fraction(2, 36) + Fraction(3, 216),
        3: Fraction(2, 216) + Fraction(3, 1296),
        4: Fraction(3, 1296),
    }
    assert sum(successes.values()) == 1
    two = OPEN.build("t", dice=2).outcomes()
    one = Distribution(successes)
    assert two.map(lambda o: o.value) == one + one


@given(st.integers(2, 8), st.integers(1, 5))
def test_one_die_with_a_cap_has_the_odds_of_its_chains(sides: int, cap: int):
    check = define_check(
        "x", dice=[sides], judge=total, explode=True, explosion_cap=cap
    ).build("t")
    expected: dict[int, Fraction] = {}
    for k in range(cap + 1):  # k highest faces, then one face that stops
        for face in range(1, sides):
            expected[k * sides + face] = Fraction(1, sides ** (k + 1))
    expected[(cap + 1) * sides] = Fraction(1, sides ** (cap + 1))
    assert _values_of(check.outcomes()) == expected
    assert _values_of(check.enumerate()) == expected


def test_enumerate_faces_takes_a_cap_of_its_own():
    got = enumerate_faces([6], total, explode=True, explosion_cap=1)
    assert _values_of(got) == {
        **{f: Fraction(1, 6) for f in range(1, 6)},
        **{6 + f: Fraction(1, 36) for f in range(1, 7)},
    }


def test_sums_beyond_the_checks_cap_are_refused():
    check = OPEN.build("t", dice=1)
    with pytest.raises(ParameterError) as info:
        check.outcome_for((25,))
    assert str(info.value) == (
        "faces must be sums an exploding d6 can show: 1 to 24, no multiple of 6 "
        "but 24, got (25,)"
    )


def test_the_contract_kit_replays_a_checks_own_cap():
    for dice in (1, 2):
        check = OPEN.build("t", dice=dice)
        assert assert_faces_match(check)
        assert_check_contract(check, resolutions=300, replays=5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"explosion_cap": 0},
            (
                "explosion_cap must be None or an integer from 1 to 20 "
                "(DICE_LIMITS.explosion_cap), got 0"
            ),
        ),
        (
            {"explosion_cap": 21},
            (
                "explosion_cap must be None or an integer from 1 to 20 "
                "(DICE_LIMITS.explosion_cap), got 21"
            ),
        ),
        (
            {"explosion_cap": True},
            (
                "explosion_cap must be None or an integer from 1 to 20 "
                "(DICE_LIMITS.explosion_cap), got True"
            ),
        ),
        (
            {"explosion_cap": "3"},
            (
                "explosion_cap must be None or an integer from 1 to 20 "
                "(DICE_LIMITS.explosion_cap), got '3'"
            ),
        ),
        (
            {"explode": False, "explosion_cap": 3},
            "explosion_cap must be None without explode= (no die explodes), got 3",
        ),
    ],
)
def test_a_bad_cap_is_refused_when_declared(
    kwargs: dict[str, object], message: str
) -> None:
    options: dict[str, object] = {"explode": True, **kwargs}
    with pytest.raises(ParameterError) as info:
        define_check("x", dice=[6], judge=total, **options)  # type: ignore[arg-type]
    assert str(info.value) == message
    with pytest.raises(ParameterError) as info:
        enumerate_faces([6], total, **options)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_a_contest_side_and_an_explosion_are_said_in_one_parenthesis() -> None:
    """A held-out Shadowrun author: ``the 3rd die (the first side's 3rd)
    (the check declares 1; explosions add more)`` read awkwardly."""
    from rollwerk.cli._format import too_few_faces
    from rollwerk.errors import ScriptExhausted

    exc = ScriptExhausted("out of faces", given=2, sides=6)
    assert too_few_faces(exc, ("first side", 0), dice=1) == (
        "--rolls has too few faces: the 3rd die (the first side's 3rd; its check "
        "declares 1, explosions add more), a d6, has none (2 were given)"
    )
    assert too_few_faces(exc, dice=1) == (
        "--rolls has too few faces: the 3rd die (the check declares 1, explosions "
        "add more), a d6, has none (2 were given)"
    )


def test_faces_given_to_a_check_that_rolls_no_die() -> None:
    """A held-out rules lawyer: ``adz dice=2 minimum=3 --rolls 5,5`` said
    "the check used 0 of 2" without saying why."""
    from rollwerk.cli._format import too_many_faces

    assert too_many_faces(2, 0, "check") == (
        "--rolls has 2 faces too many: the check rolled no die"
    )
    assert too_many_faces(1, 2, "check") == (
        "--rolls has 1 face too many: the check used 2 of 3"
    )


def test_too_few_faces_names_explosions_only_where_a_die_as_built_explodes(capsys):
    """helper-201: Shadowrun's pool explodes only with Edge (``explode=
    {"edge"}``); without it the message still said "explosions add more"."""
    edge = Parameter("edge", bool, default=False)
    size = Parameter("dice", int, default=3, min_value=1, max_value=20)

    def hits(faces: tuple[int, ...], dice: int, edge: bool) -> Outcome:
        n = sum(f >= 5 for f in faces)
        return Outcome(n > 0, Degree.SUCCESS if n else Degree.FAILURE, n)

    pool = define_check(
        "check",
        [size, edge],
        dice=lambda dice, edge: [(6, "edge" if edge else "pool")] * dice,
        judge=hits,
        explode={"edge"},
    )
    ruleset = define_ruleset("sr", "SR", checks=[pool])

    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_rulesets() -> list[object]:
            return [ruleset]

    reg = Registry(load_entrypoints=False, plugins=[Plugin])
    assert main(["check", "sr", "dice=3", "--rolls", "5"], registry=reg) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: --rolls has too few faces: the 2nd die, a d6, has none "
        "(1 was given)\n"
    )
    assert (
        main(["check", "sr", "dice=3", "edge=true", "--rolls", "5"], registry=reg) == 2
    )
    assert capsys.readouterr().err == (
        "rollwerk: error: --rolls has too few faces: the 2nd die (the check "
        "declares 3, explosions add more), a d6, has none (1 was given)\n"
    )
