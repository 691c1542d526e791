"""Tests of combat: initiative, reactions, melee, equipment, two weapons, ranged."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Combatant,
    Distribution,
    Encounter,
    ParameterError,
    RulesError,
    ScriptedRng,
    SeededRng,
)
from rollwerk.dice import DieRoll
from rollwerk_adz import (
    ADZ,
    Act,
    DefenceKind,
    Equipment,
    Health,
    RoundState,
    Track,
    TrackConfig,
    armour_value,
    attack_pool,
    best_of,
    count_successes,
    defence_pool,
    distance_band,
    initiative_distribution,
    melee_damage,
    melee_distribution,
    ranged_attack_pool,
    ranged_threshold,
    react_in,
    reaction_dice,
    resistance_pool,
    resolve_melee,
    roll_initiative,
    successes,
    two_weapon_pools,
)

# -- ADZ-R15 initiative ---------------------------------------------------------


def test_adz_r15_v25_initiative_total() -> None:
    """ADZ-R15, V25: base 5, surprised −2, 2d6 = (3, 4) → 10."""
    init = roll_initiative(
        [Combatant("ada", initiative=5)], ScriptedRng([3, 4]), modifiers={"ada": -2}
    )
    assert init.order[0].total == 10
    assert init.rolls == (DieRoll(6, 3, "initiative"), DieRoll(6, 4, "initiative"))


def test_adz_r15_a22_ties_roll_off_repeatedly() -> None:
    """ADZ-R15, A22: tied totals roll off with 2d6, repeating ties."""
    people = [Combatant(i, initiative=0) for i in ("a", "b", "c")]
    # totals: a 7, b 7, c 7; roll-off: a 8, b 8, c 3; again a 4, b 9.
    faces = [3, 4, 2, 5, 1, 6, 4, 4, 5, 3, 1, 2, 2, 2, 4, 5]
    init = roll_initiative(people, ScriptedRng(faces))
    assert init.ids == ("b", "a", "c")
    assert [e.roll_offs for e in init.order] == [(8, 9), (8, 4), (3,)]
    assert [r.role for r in init.rolls].count("roll-off") == 10


def test_adz_r15_custom_tie_breaker() -> None:
    """ADZ-A22: the caller can inject another tie-breaker."""
    people = [Combatant("a"), Combatant("b")]
    init = roll_initiative(
        people,
        ScriptedRng([3, 3, 3, 3]),
        tie_breaker=lambda ids, _rng: sorted(ids)[::-1],
    )
    assert init.ids == ("b", "a")


def test_adz_r15_rerolls_on_request_and_in_encounter() -> None:
    """ADZ-R15: initiative is re-rolled on request; it orders an Encounter."""
    people = [Combatant("a", initiative=3), Combatant("b", initiative=3)]
    first = roll_initiative(people, SeededRng(1))
    again = roll_initiative(people, SeededRng(2))
    assert sorted(first.ids) == sorted(again.ids) == ["a", "b"]
    enc = Encounter.for_ruleset(ADZ, people, rng=ScriptedRng([1, 1, 6, 6]))
    assert enc.order == ("b", "a")


def test_adz_spec_initiative_distribution() -> None:
    """ADZ §5: initiative 2d6: P(2) = 1/36, P(7) = 1/6, P(12) = 1/36."""
    d = initiative_distribution(5, -2)
    assert (d[5], d[10], d[15]) == (Fraction(1, 36), Fraction(1, 6), Fraction(1, 36))


def test_adz_r15_duplicate_ids_refused() -> None:
    """ADZ-R15: combatant ids must be unique."""
    with pytest.raises(ParameterError) as err:
        roll_initiative([Combatant("a"), Combatant("a")], ScriptedRng([]))
    assert str(err.value) == "combatant ids must be unique ids, got ['a', 'a']"


# -- ADZ-R16..R18 rounds and reactions -------------------------------------------


def test_adz_r16_round_is_three_seconds() -> None:
    """ADZ-R16: a round lasts about 3 s."""
    assert ADZ.round_seconds == 3


def test_adz_r16_one_action_at_most() -> None:
    """ADZ-R16: one action per round, never more; none is forced."""
    state = RoundState()
    assert state.action_taken is False
    state = state.act(Act.ATTACK)
    with pytest.raises(RulesError) as err:
        state.act()
    assert (
        str(err.value)
        == "a character may perform at most one action per round (ADZ-R16)"
    )
    assert state.new_round() == RoundState()


def test_adz_r17_attack_never_a_reaction() -> None:
    """ADZ-R17: an attack is never a reaction."""
    with pytest.raises(RulesError) as err:
        RoundState().react(5, Act.ATTACK)
    assert str(err.value) == "an attack is never a reaction (ADZ-R17)"


@pytest.mark.parametrize(
    ("pool", "expected"), [(7, [7, 4, 2, 1, 1]), (10, [10, 5, 3, 2, 1])]
)
def test_adz_r18_v11_v12_reaction_decay(pool: int, expected: list[int]) -> None:
    """ADZ-R18, V11/V12: reaction dice halve, rounding up; the action keeps all."""
    state = RoundState()
    got = []
    for _ in range(5):
        dice, state = state.react(pool)
        got.append(dice)
    assert got == expected
    assert state.action_dice(pool) == pool
    assert state.new_round().react(pool)[0] == pool


@given(n=st.integers(0, 200), k=st.integers(1, 12))
def test_adz_r18_invariants(n: int, k: int) -> None:
    """ADZ §4: r(n,1) = n; non-increasing in k; >= 1 for n >= 1; one division."""
    r = reaction_dice(n, k)
    assert reaction_dice(n, k + 1) <= r
    if n == 0:
        assert r == 0
    else:
        assert reaction_dice(n, 1) == n
        assert r >= 1
        halved = n
        for _ in range(k - 1):
            halved = -(-halved // 2)
        assert r == halved


# -- ADZ-R19..R22 melee and equipment ---------------------------------------------


def test_adz_r21_v18_melee_pipeline() -> None:
    """ADZ-R21, V18: base 4, attack 3, defence 1, armour 2, resistance 1 → 3."""
    assert melee_damage(4, 3, 1, armour=2, resistance_successes=1) == (2, 6, 4, 3)
    result = resolve_melee(
        ScriptedRng([5, 6, 6, 5, 1, 6, 1]),
        attack_dice=3,
        base_damage=4,
        defence_dice=2,
        armour=2,
        resistance_dice=2,
        health=Health(TrackConfig(6)),
    )
    assert (result.net, result.raw, result.after_armour, result.final) == (2, 6, 4, 3)
    assert result.health is not None
    assert result.health.physical == 3
    assert [r.role for r in result.rolls] == ["attack"] * 3 + ["defence"] * 2 + [
        "resistance"
    ] * 2
    assert result.explain() == (
        "attack 3 successes (threshold 1); defence 1 success; "
        "damage 4 + 2 = 6, armour 2 → 4, resistance 1 → 3"
    )
    assert result.explain("de") == (
        "Angriff 3 Erfolge (Mindestwurf 1); Verteidigung 1 Erfolg; "
        "Schaden 4 + 2 = 6, Rüstungsschutz 2 → 4, Widerstand 1 → 3"
    )


def test_adz_r20_v19_fully_defended_no_resistance_roll() -> None:
    """ADZ-R20, V19: attack 2, defence 3 → net 0, no resistance roll."""
    rng = ScriptedRng([5, 6, 5, 6, 6])
    result = resolve_melee(
        rng, attack_dice=2, base_damage=3, defence_dice=3, resistance_dice=4
    )
    assert (result.hit, result.net, result.final) == (False, 0, 0)
    assert rng.remaining == 0
    assert "fully defended" in result.explain()


def test_adz_r19_v20_manoeuvre_miss_no_defence() -> None:
    """ADZ-R19, V20: threshold 2, attack 1 success → miss; no defence rolled."""
    rng = ScriptedRng([5, 1, 1])
    result = resolve_melee(
        rng, attack_dice=3, base_damage=3, defence_dice=3, threshold=2
    )
    assert (result.hit, result.final, result.defence_successes) == (False, 0, 0)
    assert rng.remaining == 0
    assert result.explain("de") == "Angriff 1 Erfolg (Mindestwurf 2); verfehlt"


def test_adz_r20_v21_defence_must_cancel_all() -> None:
    """ADZ-R20, V21: threshold 2, attack 3, defence 2 → net 1, a hit."""
    assert melee_damage(2, 3, 2, threshold=2)[0] == 1
    result = resolve_melee(
        ScriptedRng([5, 5, 6, 6, 5, 1]),
        attack_dice=3,
        base_damage=2,
        defence_dice=2,
        threshold=2,
        resistance_dice=1,
    )
    assert (result.hit, result.net, result.final) == (True, 1, 3)


def test_adz_r21_v22_armour_stops_all() -> None:
    """ADZ-R21, V22: base 2, net 1, armour 5 → 0; no resistance roll needed."""
    assert melee_damage(2, 1, 0, armour=5) == (1, 3, 0, 0)
    rng = ScriptedRng([6])
    result = resolve_melee(
        rng, attack_dice=1, base_damage=2, armour=5, resistance_dice=3
    )
    assert (result.hit, result.final) == (True, 0)
    assert rng.remaining == 0
    assert result.explain() == (
        "attack 1 success (threshold 1); damage 2 + 1 = 3, armour 5 → 0, "
        "no resistance roll"
    )
    assert result.explain("de") == (
        "Angriff 1 Erfolg (Mindestwurf 1); Schaden 2 + 1 = 3, Rüstungsschutz 5 → 0, "
        "kein Widerstandswurf"
    )


def test_adz_r21_mental_track_for_brawls() -> None:
    """ADZ-R21: non-lethal harm goes to the mental track."""
    result = resolve_melee(
        ScriptedRng([6]),
        attack_dice=1,
        base_damage=1,
        track=Track.MENTAL,
        health=Health(),
    )
    assert result.health == Health(mental=2)


def test_adz_r22_equipment_values() -> None:
    """ADZ-R22: RS, VM (signed, summed), WB, AM (cumulative)."""
    axe = Equipment("great axe", defence_mod=-2)
    shield = Equipment("shield", defence_mod=2, attack_penalty=1)
    mail = Equipment("chain mail", armour=3, resistance_bonus=1, attack_penalty=1)
    gear = [axe, shield, mail]
    assert attack_pool(5, 4, gear) == 7
    assert ranged_attack_pool(4, 5, [mail]) == 8  # ADZ-A14: AM applies
    assert defence_pool(3, 4, 1, gear) == 8
    assert resistance_pool(4, gear) == 5
    assert armour_value(gear) == 3
    with pytest.raises(ParameterError) as err:
        Equipment("bad", armour=-1)
    assert str(err.value) == "armour must be an integer >= 0, got -1"


@given(
    base=st.integers(0, 6),
    a=st.integers(0, 6),
    d=st.integers(0, 6),
    rs=st.integers(0, 6),
    res=st.integers(0, 6),
)
def test_adz_r21_invariant_damage_bounds(
    base: int, a: int, d: int, rs: int, res: int
) -> None:
    """ADZ §4: 0 <= final <= base + attack; non-increasing in RS, defence, resistance."""
    final = melee_damage(base, a, d, armour=rs, resistance_successes=res)[3]
    assert 0 <= final <= base + a
    assert melee_damage(base, a, d + 1, armour=rs, resistance_successes=res)[3] <= final
    assert melee_damage(base, a, d, armour=rs + 1, resistance_successes=res)[3] <= final
    assert melee_damage(base, a, d, armour=rs, resistance_successes=res + 1)[3] <= final


def test_adz_r21_melee_distribution_matches_enumeration() -> None:
    """ADZ-R19..R21: the exact damage distribution equals enumeration."""
    dist = melee_distribution(
        attack_dice=2,
        base_damage=2,
        defence_dice=1,
        armour=1,
        resistance_dice=2,
        threshold=1,
    )
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=5):
        _, _, _, final = melee_damage(
            2,
            count_successes(faces[:2]),
            count_successes(faces[2:3]),
            armour=1,
            resistance_successes=count_successes(faces[3:]),
        )
        counts[final] = counts.get(final, 0) + 1
    assert dist == Distribution.from_weights(counts)


@given(seed=st.integers(0, 2**32))
def test_adz_r21_resolve_melee_in_distribution(seed: int) -> None:
    """ADZ-R19..R21: resolved damage lies in the exact distribution; replay works."""
    kwargs = {
        "attack_dice": 4,
        "base_damage": 2,
        "defence_dice": 3,
        "armour": 1,
        "resistance_dice": 3,
        "attack_extra_dice": 2,
        "defence_extra_dice": 2,
    }
    result = resolve_melee(SeededRng(seed), **kwargs)  # type: ignore[arg-type]
    assert result.final in melee_distribution(**kwargs)  # type: ignore[arg-type]
    replay = resolve_melee(ScriptedRng([r.face for r in result.rolls]), **kwargs)  # type: ignore[arg-type]
    assert replay == result


# -- ADZ-R23 two weapons ------------------------------------------------------------


def test_adz_r23_v29_two_weapon_pools() -> None:
    """ADZ-R23, V29: sword 6, Beidhändiger Kampf 2, attribute 4 → 10 and 6."""
    assert two_weapon_pools(6, 2, 4) == (10, 6)
    assert two_weapon_pools(6, 2, 4, specialization=1, other=-1) == (10, 6)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"same_type": False},
            "two-weapon fighting needs two weapons of the same type (ADZ-R23)",
        ),
        (
            {"defence": DefenceKind.DODGE},
            "a dodge is not made with both weapons (ADZ-R23)",
        ),
        (
            {"defence": DefenceKind.SHIELD_BLOCK},
            "a shield block is not made with both weapons (ADZ-R23)",
        ),
        (
            {"parrying_weapon": True},
            "fighting with a parrying weapon is not two-weapon fighting (ADZ-R23)",
        ),
    ],
)
def test_adz_r23_not_two_weapon(kwargs: dict[str, object], message: str) -> None:
    """ADZ-R23: dodge, shield block, parrying weapon or mixed types do not qualify."""
    with pytest.raises(RulesError) as err:
        two_weapon_pools(6, 2, 4, **kwargs)  # type: ignore[arg-type]
    assert str(err.value) == message
    assert two_weapon_pools(6, 2, 4, defence=DefenceKind.PARRY) == (10, 6)


def test_adz_spec_two_weapon_probabilities() -> None:
    """ADZ §5: best of 3 and 2 dice at t=1 → 211/243; 4 and 2 at t=2 → 115/243."""
    assert best_of(3, 2).probability(lambda s: s >= 1) == Fraction(211, 243)
    assert best_of(4, 2).probability(lambda s: s >= 2) == Fraction(115, 243)


@given(n1=st.integers(0, 8), n2=st.integers(0, 8), t=st.integers(1, 8))
def test_adz_r23_invariant_best_of_two(n1: int, n2: int, t: int) -> None:
    """ADZ §4: P(best of two succeeds) >= max(P(main), P(extra))."""
    best = best_of(n1, n2).probability(lambda s: s >= t)
    assert best >= successes(n1).probability(lambda s: s >= t)
    assert best >= successes(n2).probability(lambda s: s >= t)


# -- ADZ-R24 ranged ---------------------------------------------------------------------


def test_adz_r24_v23_v24_ranged_threshold() -> None:
    """ADZ-R24, V23/V24: distance +2 size −3 → 1; distance +2 size 0 → 3."""
    assert ranged_threshold(2, -3) == 1
    assert ranged_threshold(2, 0) == 3


@given(d=st.integers(-10, 10), s=st.integers(-10, 10))
def test_adz_r24_invariant_never_below_one(d: int, s: int) -> None:
    """ADZ §4, A03: a ranged threshold is always >= 1."""
    assert ranged_threshold(d, s) >= 1


def test_adz_r24_distance_band() -> None:
    """ADZ-R24: the band follows from the distance and the range-class table."""
    limits = [5, 20, 50]
    assert [distance_band(x, limits) for x in (0, 5, 6, 20, 50)] == [0, 0, 1, 1, 2]
    with pytest.raises(RulesError) as err:
        distance_band(51, limits)
    assert (
        str(err.value) == "distance must be at most 50 m for this range class, got 51"
    )


def test_adz_r18_reactions_counted_by_the_encounter() -> None:
    """ADZ-R18: the reaction count lives in the encounter and resets each round."""
    enc = Encounter.for_ruleset(ADZ, [Combatant("a"), Combatant("b")], order=["a", "b"])
    enc = enc.advance().state  # round 1, a's turn
    dice = []
    for _ in range(3):
        d, step = react_in(enc, "b", 7)
        dice.append(d)
        enc = step.state
    assert dice == [7, 4, 2]
    enc = enc.advance(2).state  # b's turn, then round 2
    assert react_in(enc, "b", 7)[0] == 7
    with pytest.raises(RulesError):
        react_in(enc, "b", 7, Act.ATTACK)
    with pytest.raises(RulesError) as err:
        react_in(enc, "a", 7)
    assert str(err.value) == (
        "a reaction must answer another character's action, not come in the "
        "reacting character's own phase ('a', ADZ-R17)"
    )


def test_adz_r04_pool_compositions() -> None:
    """ADZ-R04: attack, ranged, defence and resistance pools from their parts."""
    assert attack_pool(skill=5, attribute=3) == 8
    assert ranged_attack_pool(dexterity=4, skill=5) == 9
    assert defence_pool(skill=3, attribute=4, specialization=2) == 9
    assert resistance_pool(constitution=4) == 4


def test_adz_r21_resolve_melee_validates_before_rolling() -> None:
    """ADZ-R21: bad base damage or armour is refused before any die is drawn."""
    rng = ScriptedRng([6, 6, 6])
    with pytest.raises(ParameterError) as err:
        resolve_melee(rng, attack_dice=3, base_damage=None)  # type: ignore[arg-type]
    assert str(err.value) == "base_damage must be an integer, got None"
    with pytest.raises(ParameterError) as err:
        resolve_melee(rng, attack_dice=3, base_damage=2, armour=-1)
    assert str(err.value) == "armour must be an integer >= 0, got -1"
    assert rng.used == 0


def test_adz_r18_many_reactions_stay_one_die() -> None:
    """ADZ-R18: after very many reactions one die remains, computed at once."""
    assert reaction_dice(7, 10**12) == 1
    assert [reaction_dice(8, k) for k in (3, 4, 5)] == [2, 1, 1]
    assert [reaction_dice(9, k) for k in (4, 5)] == [2, 1]
