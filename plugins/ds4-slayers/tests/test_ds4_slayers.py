"""DS4 optional slayer rules: slaying dice (DS4-R36), slayer points (DS4-R37)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwerk import (
    Degree,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
    UnknownRuleset,
    build_check,
)
from rollwerk.plugins import Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import assert_ruleset_contract
from rollwerk_ds4 import RULESET, assign_dice, sub_checks
from rollwerk_ds4 import attack as ds4_attack
from rollwerk_ds4 import check as ds4_check
from rollwerk_ds4_slayers import (
    COSTS,
    SLAYER_POINTS,
    SLAYING_DICE,
    SlayerPoints,
    SlayerPointsRuleset,
    SlayingAttack,
    SlayingDiceRuleset,
    slaying_check,
    slaying_weights,
)


def test_ds4_r36_d21_d22_slaying_dice_vectors() -> None:
    """DS4-R36, D21: 1, 1, 8 → 14 + 14 + 8 = 36; D22: 1, 17 → 14."""
    d21 = slaying_check(14).resolve(ScriptedRng([1, 1, 8]))
    assert (d21.value, d21.degree) == (36, Degree.CRITICAL_SUCCESS)
    assert d21.explain() == (
        "PW 14: d20 = 1: coup, result 14; slaying die 1: PW 14: d20 = 1: coup, "
        "result 14; slaying die 2: PW 14: d20 = 8 ≤ 14: success, result 8; total 36"
    )
    assert d21.explain("de").endswith(
        "Slayender Würfel 2: PW 14: W20 = 8 ≤ 14: Erfolg, Ergebnis 8; Summe 36"
    )
    d22 = slaying_check(14).resolve(ScriptedRng([1, 17]))
    assert d22.value == 14
    assert [r.role for r in d22.rolls] == ["check", "check slaying die"]


def test_ds4_r36_a10_follow_up_twenty_is_no_fumble() -> None:
    """DS4-R36, DS4-A10: on a follow-up a 20 is an ordinary value."""
    r = slaying_check(20).resolve(ScriptedRng([1, 20]))
    assert r.value == 40
    r25 = slaying_check(25).resolve(ScriptedRng([1, 3, 20, 4]))
    assert r25.value == (20 + 3) + (20 + 4)


def test_ds4_r36_depth_bound() -> None:
    """DS4-R36: the chain stops after `slaying_depth` follow-ups, documented."""
    r = slaying_check(10, slaying_depth=2).resolve(ScriptedRng([1, 1, 1]))
    assert r.value == 30
    assert "depth limit 2 reached: no further roll" in r.explain()
    assert slaying_check(10, slaying_depth=0).resolve(ScriptedRng([1])).value == 10
    with pytest.raises(ParameterError) as err:
        slaying_check(10, slaying_depth=9)
    assert str(err.value) == "slaying_depth must be an integer from 0 to 8, got 9"


@pytest.mark.parametrize(
    ("pw", "plain_mean"), [(14, Fraction(59, 10)), (12, Fraction(89, 20))]
)
def test_ds4_r36_expected_total_tends_to_20_over_19(
    pw: int, plain_mean: Fraction
) -> None:
    """DS4-R36, Section 5: E_total = E[R] × 20/19 in the limit (pw 14: 118/19)."""
    for depth in range(6):
        mean = (
            slaying_check(pw, slaying_depth=depth)
            .outcomes()
            .map(lambda o: o.value)
            .mean()
        )
        geometric = sum(Fraction(1, 20**i) for i in range(depth + 1))
        assert mean == plain_mean * geometric
    limit = plain_mean * Fraction(20, 19)
    assert limit in (Fraction(118, 19), Fraction(89, 19))
    deep = (
        slaying_check(pw, slaying_depth=8).outcomes().map(lambda o: o.value or 0).mean()
    )
    assert limit - deep == limit * Fraction(1, 20**9)


def _brute(pw: int, depth: int) -> dict[tuple[Degree, int], Fraction]:
    """Enumerate every die sequence of the slaying chain."""
    k = len(sub_checks(pw))

    def one(dice: tuple[int, ...], excluded: bool) -> tuple[Degree, int]:
        first = dice[0]
        if first == 20 and not excluded:
            return Degree.CRITICAL_FAILURE, 0
        if k == 1:
            if first == 1:
                return Degree.CRITICAL_SUCCESS, max(pw, 1)
            if first <= pw:
                return Degree.SUCCESS, first
            return Degree.FAILURE, 0
        deg = Degree.CRITICAL_SUCCESS if first == 1 else Degree.SUCCESS
        return deg, assign_dice(pw, dice, fumbles_excluded=excluded).result

    faces = list(itertools.product(range(1, 21), repeat=k))

    def chain(level: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        p = Fraction(1, len(faces))
        for dice in faces:
            deg, value = one(dice, True)
            rest = {0: Fraction(1)}
            if deg is Degree.CRITICAL_SUCCESS and level < depth:
                rest = chain(level + 1)
            for extra, q in rest.items():
                out[value + extra] = out.get(value + extra, Fraction(0)) + p * q
        return out

    result: dict[tuple[Degree, int], Fraction] = {}
    for dice in faces:
        deg, value = one(dice, False)
        rest = {0: Fraction(1)}
        if deg is Degree.CRITICAL_SUCCESS and depth > 0:
            rest = chain(1)
        for extra, q in rest.items():
            key = (deg, value + extra)
            result[key] = result.get(key, Fraction(0)) + Fraction(1, len(faces)) * q
    return result


@settings(max_examples=6)
@given(pw=st.integers(-3, 22), depth=st.integers(0, 2))
def test_ds4_r36_exact_odds_equal_enumeration(pw: int, depth: int) -> None:
    """DS4-R36: the closed form equals enumerating the chain's die sequences."""
    if len(sub_checks(pw)) > 1 and depth > 1:
        depth = 1
    weights = slaying_weights(pw, depth)
    total = sum(w for _, w in weights)
    assert {k: Fraction(w, total) for k, w in weights} == _brute(pw, depth)


@given(pw=st.integers(-20, 100), depth=st.integers(0, 4), seed=st.integers(0, 2**32))
def test_ds4_r36_invariants_support_and_replay(pw: int, depth: int, seed: int) -> None:
    """Invariant: every slaying result is in the exact support and replays."""
    check = slaying_check(pw, slaying_depth=depth)
    r = check.resolve(SeededRng(seed))
    assert r.outcome() in check.outcomes().support
    assert check.resolve(ScriptedRng([x.face for x in r.rolls])) == r
    dist = check.outcomes()
    assert dist.probability(lambda o: o.success) == ds4_check(
        pw
    ).outcomes().probability(lambda o: o.success)


def test_ds4_r36_slaying_attack_and_abwehr() -> None:
    """DS4-R36: attack coups add damage; Abwehr coups add reduction."""
    hit = SlayingAttack(attack=14, defense=10).resolve(ScriptedRng([1, 1, 8, 4]))
    assert hit.value == 36 - 4
    parried = SlayingAttack(attack=14, defense=10).resolve(ScriptedRng([9, 1, 7]))
    assert parried.value == 0  # Abwehr 10 + 7 = 17 ≥ 9
    no_depth = SlayingAttack(attack=12, defense=15, slaying_depth=0)
    assert no_depth.outcomes() == ds4_attack(attack=12, defense=15).outcomes()
    undefendable = SlayingAttack(attack=14, defense=10, undefendable=True)
    assert undefendable.resolve(ScriptedRng([1, 8])).value == 22


def test_ds4_r14_r33_a06_slaying_attack_explains_clamp_doubling_and_ga() -> None:
    """DS4-R14/R33, DS4-A06: the slaying attack names the 0 clamp, GA, doubling."""
    parried = SlayingAttack(attack=12, defense=15).resolve(ScriptedRng([1, 5, 1, 3, 2]))
    assert parried.value == 0
    assert parried.explain().endswith(
        "total 18; damage max(0, 17 − 18) = 0 (not below 0, by rule)"
    )
    assert parried.explain("de").endswith(
        "Summe 18; Schaden max(0, 17 − 18) = 0 (nach Regel nicht unter 0)"
    )
    helpless = SlayingAttack(
        attack=12, defense=15, defense_reduction=3, helpless=True
    ).resolve(ScriptedRng([5, 14]))
    assert helpless.value == 10
    assert helpless.explain() == (
        "Attack PW 12: d20 = 5 ≤ 12: success, result 5; helpless target: damage "
        "doubled to 10; Abwehr (Abwehr 15 − GA 3) PW 12: d20 = 14 > 12: failure; "
        "Abwehr failed: damage 10"
    )
    assert helpless.explain("de") == (
        "Angriff PW 12: W20 = 5 ≤ 12: Erfolg, Ergebnis 5; wehrloses Ziel: Schaden "
        "verdoppelt auf 10; Abwehr (Abwehr 15 − GA 3) PW 12: W20 = 14 > 12: "
        "Misserfolg; Abwehr misslungen: Schaden 10"
    )


class _OutOfFaces(Exception):
    """The scripted prefix ran out: branch on the next die."""


class _PrefixRng:
    """Rolls a fixed prefix of d20 faces, then asks the caller to branch."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.used = 0

    def roll(self, sides: int) -> int:
        if self.used == len(self.faces):
            raise _OutOfFaces
        self.used += 1
        return self.faces[self.used - 1]


def _enumerate(check: SlayingAttack) -> dict[object, Fraction]:
    """Every die sequence the rolling code can draw, weighted 20**-length."""
    out: dict[object, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        try:
            result = check.resolve(_PrefixRng(prefix))
        except _OutOfFaces:
            stack.extend([*prefix, face] for face in range(1, 21))
            continue
        key = result.outcome()
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 20 ** len(prefix))
    return out


@pytest.mark.parametrize(
    ("attack", "defense", "ga", "undefendable", "helpless", "depth"),
    [
        (14, 10, 0, False, False, 2),
        (12, 16, 3, False, False, 2),  # GA lowers the Abwehr to 13
        (14, 12, 2, False, True, 2),  # helpless: double, then Abwehr
        (10, 5, 0, True, False, 2),  # undefendable
        (21, 0, 0, True, False, 1),  # two dice; a first-die coup slays
        (0, 0, 0, False, False, 1),
    ],
)
def test_ds4_r36_slaying_attack_equals_enumeration(
    attack: int,
    defense: int,
    ga: int,
    *,
    undefendable: bool,
    helpless: bool,
    depth: int,
) -> None:
    """DS4-R36: slaying attack odds equal the rolling code over every die sequence."""
    check = SlayingAttack(attack, defense, ga, undefendable, helpless, depth)
    assert dict(check.outcomes().items()) == _enumerate(check)


@settings(max_examples=8)
@given(
    attack=st.integers(-5, 45),
    defense=st.integers(-5, 45),
    helpless=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_ds4_r36_slaying_attack_support(
    attack: int, defense: int, helpless: bool, seed: int
) -> None:
    """Invariant: slaying attack results lie in the exact support; damage ≥ 0."""
    check = SlayingAttack(attack=attack, defense=defense, helpless=helpless)
    dist = check.outcomes()
    assert sum(p for _, p in dist.items()) == 1
    assert all((o.value or 0) >= 0 for o in dist.support)
    r = check.resolve(SeededRng(seed))
    assert r.outcome() in dist.support


def test_ds4_r36_a_depth_one_damage_mean_by_hand() -> None:
    """DS4-R36: depth 0 with undefendable equals the plain attack's mean."""
    plain = (
        ds4_attack(attack=12, defense=0, undefendable=True)
        .outcomes()
        .map(lambda o: o.value)
        .mean()
    )
    slay = SlayingAttack(attack=12, defense=0, undefendable=True, slaying_depth=1)
    mean = slay.outcomes().map(lambda o: o.value or 0).mean()
    assert mean == plain * (1 + Fraction(1, 20))


# -- optional-rule plumbing -------------------------------------------------


def test_ds4_slayers_off_until_enabled() -> None:
    """DS4-R36/R37: installed but off; enabled by id through the registry."""
    registry = Registry()
    offered = {rule.id for rule in registry.optional_rules("ds4")}
    assert offered == {"slaying-dice", "slayer-points"}
    plain = registry.ruleset("ds4")
    assert build_check(plain, pw=14).resolve(ScriptedRng([1])).value == 14
    slaying = registry.ruleset("ds4", options=["slaying-dice"])
    assert isinstance(slaying, SlayingDiceRuleset)
    assert slaying.id == "ds4"
    assert build_check(slaying, pw=14).resolve(ScriptedRng([1, 1, 8])).value == 36
    both = registry.ruleset("ds4", options=["slaying-dice", "slayer-points"])
    check = build_check(both, "attack", attack=14, defense=10, attack_points=2)
    assert check.resolve(ScriptedRng([1, 1, 8, 4])).value == 16 + 16 + 8 - 4
    with pytest.raises(UnknownRuleset):
        registry.ruleset("ds4", options=["exploding-everything"])


def test_ds4_r37_slayer_points_parameters() -> None:
    """DS4-R37: SP buy attack +2 and Abwehr +3/+8/+12 before the roll."""
    rs = SlayerPointsRuleset(RULESET)
    check = build_check(rs, "attack", attack=12, defense=10, defense_points=2)
    assert check.parameters["defense_points"] == 2
    assert check.parameters["defense"] == 10
    r = check.resolve(ScriptedRng([9, 4]))
    assert r.value == 5
    assert r.explain() == (
        "2 SP: Abwehr +8; Attack PW 12: d20 = 9 ≤ 12: success, result 9; "
        "Abwehr PW 18: d20 = 4 ≤ 18: success, result 4; damage max(0, 9 − 4) = 5"
    )
    with pytest.raises(ParameterError) as err:
        build_check(rs, "attack", attack=12, defense=10, attack_points=1)
    assert str(err.value) == "attack_points must be one of 0, 2, got 1"
    assert isinstance(SLAYER_POINTS.apply(RULESET), SlayerPointsRuleset)
    assert SLAYING_DICE.ruleset == "ds4"


def test_ds4_r37_d30_slayer_points_track() -> None:
    """DS4-R37, DS4-A19, D30: +1 per round of damage, cap 3, lost at the end."""
    sp = SlayerPoints()
    for rnd in (1, 1, 2, 3, 4):
        sp = sp.damaged_enemy(rnd)
    assert sp.points == 3
    assert SlayerPoints(1, damage_round=5).damaged_enemy(5).points == 1
    healer = SlayerPoints().damaged_enemy(1).healed_ally(1, hurt_this_combat=True)
    assert healer.points == 2
    assert healer.healed_ally(2, hurt_this_combat=False).points == 2
    assert sp.spend(3).points == 0
    with pytest.raises(RulesError) as err:
        SlayerPoints(1).spend(2)
    assert str(err.value) == "spending 2 SP needs 2 slayer points, got 1"
    assert sp.lose_all() == SlayerPoints()
    assert {c.cost for c in COSTS} == {1, 2, 3}


@given(
    st.lists(
        st.tuples(st.sampled_from(["damage", "heal", "spend"]), st.integers(1, 6)),
        max_size=30,
    )
)
def test_ds4_r37_invariant_points_in_range(events: list[tuple[str, int]]) -> None:
    """Invariant: slayer points stay in [0, 3] (rounds only go forward)."""
    sp = SlayerPoints()
    rnd = 1
    for kind, n in events:
        if kind == "damage":
            rnd = max(rnd, n)
            sp = sp.damaged_enemy(rnd)
        elif kind == "heal":
            rnd = max(rnd, n)
            sp = sp.healed_ally(rnd, hurt_this_combat=True)
        elif sp.points >= min(n, 3):
            sp = sp.spend(min(n, 3))
        assert 0 <= sp.points <= 3


def test_ds4_slayers_wrap_only_ds4() -> None:
    """The optional rules refuse rulesets other than DS4."""

    other = define_ruleset("other", "Other", checks=RULESET.check_specs)
    with pytest.raises(RulesError) as err:
        SlayingDiceRuleset(other)
    assert str(err.value) == "the DS4 slayer rules apply to ruleset 'ds4', got 'other'"


def test_ds4_slayers_contract_kit() -> None:
    """DS4-R36/R37: the contract kit passes with both optional rules enabled."""
    rs = SlayerPointsRuleset(SlayingDiceRuleset(RULESET))
    assert_ruleset_contract(rs, max_examples=4)


def test_ds4_slayers_options_in_either_order() -> None:
    """DS4-R36/R37: both options compose in either order, and are idempotent."""
    registry = Registry()
    a = registry.ruleset("ds4", options=["slayer-points", "slaying-dice"])
    b = registry.ruleset("ds4", options=["slaying-dice", "slayer-points"])
    assert a == b
    assert isinstance(a, SlayerPointsRuleset)
    assert isinstance(a.base, SlayingDiceRuleset)
    params = {"attack": 14, "defense": 10, "attack_points": 2, "slaying_depth": 3}
    check = build_check(a, "attack", **params)
    assert check.resolve(ScriptedRng([1, 1, 8, 4])).value == 16 + 16 + 8 - 4
    twice = registry.ruleset("ds4", options=["slaying-dice", "slaying-dice"])
    assert twice == registry.ruleset("ds4", options=["slaying-dice"])


@pytest.mark.parametrize("pw", [-2, 3, 14, 20, 44, 64])
def test_ds4_r36_depth_zero_is_the_plain_check(pw: int) -> None:
    """DS4-R36: slaying dice are for attacks and Abwehr; depth 0 is any other check."""
    from rollwerk_ds4 import check as ds4_check
    from rollwerk_ds4_slayers import slaying_check

    assert slaying_check(pw, slaying_depth=0).outcomes() == ds4_check(pw).outcomes()


def test_ds4_r37_the_cli_points_to_the_option_that_adds_a_parameter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A held-out CLI user: ``attack_points=2`` without ``--option
    slayer-points`` was refused without a word about the option."""
    import rollwerk_ds4.plugin
    import rollwerk_ds4_slayers.plugin
    from rollwerk.cli import main

    registry = Registry(
        load_entrypoints=False,
        plugins=[rollwerk_ds4.plugin, rollwerk_ds4_slayers.plugin],
    )
    argv = ["check", "ds4:attack", "attack=10", "defense=5", "attack_points=2"]
    assert main(argv, registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: parameter of ds4:attack must be one of: attack, "
        "defense, defense_reduction, undefendable, helpless (attack_points comes "
        "with --option slayer-points), got 'attack_points'\n"
    )
    # with the option on, the same words are a check
    assert (
        main([*argv, "--seed", "1", "--option", "slayer-points"], registry=registry)
        == 0
    )
