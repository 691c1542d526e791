"""DS4 checks: test vectors and invariants of DS4-R01 to DS4-R08."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    CheckResult,
    Degree,
    ParameterError,
    ScriptedRng,
    SeededRng,
    build_check,
)
from rollwerk.plugins import Registry
from rollwerk_ds4 import (
    DIFFICULTIES,
    TYPICAL_CHECKS,
    Stats,
    assign_dice,
    maximising_assignment,
    rest_die_assignment,
    slot_value,
    sub_checks,
    typical_check,
)
from rollwerk_ds4 import (
    check as ds4_check,
)


def resolve(pw: int, *faces: int, **kw: object) -> CheckResult:
    return ds4_check(pw, **kw).resolve(ScriptedRng(faces))  # type: ignore[arg-type]


# -- DS4-R01 / R03 / R04: check values, presets, typical checks ------------


def test_ds4_r01_e1_gruffneck_kicks_door() -> None:
    """DS4-R01, E1: KÖR 8 + ST 2 = PW 10; success iff d ≤ 10 (d ≠ 20)."""
    gruffneck = Stats(body=8, strength=2)
    pw = typical_check("feat-of-strength").pw(gruffneck)
    assert pw == 10
    assert [resolve(pw, d).success for d in (10, 11, 20)] == [True, False, False]


def test_ds4_r01_e2_kalthor_hits_on_1_to_15() -> None:
    """DS4-R01, E2: Schlagen 15 hits on 1..15."""
    hits = [d for d in range(1, 21) if resolve(15, d).success]
    assert hits == list(range(1, 16))


def test_ds4_r01_e3_talent_ranks_add() -> None:
    """DS4-R01, E3: Wahrnehmung II (+2 per rank) adds +4 to notice."""
    andur = Stats(mind=4, intellect=5)
    assert typical_check("notice").pw(andur, 2 * 2) == 13


def test_ds4_r03_presets_and_e4_e5() -> None:
    """DS4-R03, E4, E5: presets, rope −8 vs hopping +8; Jherrant 8 → 12."""
    mods = {d.id: d.modifier for d in DIFFICULTIES}
    assert mods == {
        "routine": 8,
        "very-easy": 4,
        "easy": 2,
        "normal": 0,
        "hard": -2,
        "very-hard": -4,
        "extremely-hard": -8,
    }
    assert DIFFICULTIES[0].label("de") == "Routine"
    assert DIFFICULTIES[-1].label("de") == "äußerst schwer"
    rope = Stats(agility=5, movement=3)
    sneak = typical_check("jump")
    assert sneak.pw(rope, mods["extremely-hard"]) == 0
    assert sneak.pw(rope, mods["routine"]) == 16
    jherrant = Stats(mind=4, intellect=2)  # DS4-A22 (a): VE, not BE
    track = typical_check("track")
    assert track.pw(jherrant, 2) == 8
    assert track.pw(jherrant, 2, mods["very-easy"]) == 12


def test_ds4_r04_typical_checks_table() -> None:
    """DS4-R04, DS4-A23: the 24 typical checks; "higher value" and "bzw. 8"."""
    assert len(TYPICAL_CHECKS) == 24
    assert TYPICAL_CHECKS[0].label("de") == "Bemerken"
    assert TYPICAL_CHECKS[0].label() == "notice"
    dull = Stats(mind=2, intellect=1, aura=5, dexterity=0)
    assert typical_check("notice").pw(dull) == 8
    assert typical_check("search").pw(dull) == 8
    assert typical_check("haggle").pw(dull) == 7
    assert typical_check("open-mechanism").pw(dull) == 3
    assert typical_check("ride").pw(Stats(agility=3, movement=1, aura=4)) == 7
    with pytest.raises(ParameterError) as err:
        typical_check("dance")
    assert str(err.value).startswith("typical check must be one of: notice, wake-up")


# -- DS4-R02: single-die checks ---------------------------------------------


def test_ds4_r02_d1_d2_d3_single_die() -> None:
    """DS4-R02, D1–D3: failure above PW, fumble on 20, coup on 1."""
    assert not resolve(10, 11).success
    d2 = resolve(20, 20)
    assert (d2.success, d2.degree, d2.value) == (False, Degree.CRITICAL_FAILURE, 0)
    coup = resolve(20, 1)
    assert (coup.success, coup.degree, coup.value) == (
        True,
        Degree.CRITICAL_SUCCESS,
        20,
    )
    plain = resolve(20, 19)
    assert (plain.degree, plain.value) == (Degree.SUCCESS, 19)


def test_ds4_r02_e8_gruffneck_coup_is_12() -> None:
    """DS4-R02, E8: Schlagen 12, d = 1 → coup with result 12."""
    r = resolve(12, 1)
    assert (r.degree, r.value) == (Degree.CRITICAL_SUCCESS, 12)
    assert r.explain() == "PW 12: d20 = 1: coup, result 12"
    assert r.explain("de") == "PW 12: W20 = 1: Immersieg, Ergebnis 12"


def test_ds4_a03_d4_d5_pw_at_most_zero() -> None:
    """DS4-A03, D4, D5: PW 0 or −3: a 1 is a coup with result 1; a 2 fails."""
    for pw in (0, -3):
        r = resolve(pw, 1)
        assert (r.success, r.degree, r.value) == (True, Degree.CRITICAL_SUCCESS, 1)
    assert resolve(-3, 1).explain() == (
        "PW -3: d20 = 1: coup, result 1 (PW -3 is below 1: result raised to 1 by rule)"
    )
    assert resolve(0, 1).explain("de") == (
        "PW 0: W20 = 1: Immersieg, Ergebnis 1 "
        "(PW 0 unter 1: Ergebnis nach Regel auf 1 angehoben)"
    )
    assert not resolve(0, 2).success
    assert resolve(0, 2).explain() == "PW 0: d20 = 2 > 0: failure"


def test_ds4_r02_fumble_explanations() -> None:
    """DS4-R02: a 20 is a Patzer regardless of modifiers."""
    assert resolve(30, 20, 4).explain() == (
        "PW 30 split into sub-checks 20 + 10; dice 20, 4; first die 20: fumble, "
        "result 0"
    )
    assert resolve(5, 20).explain("de") == "PW 5: W20 = 20: Patzer"


# -- DS4-R05 to R08: check values above 20 ----------------------------------


def test_ds4_r05_e9_splitting() -> None:
    """DS4-R05, E9: 25 → [20, 5]; 40 → [20, 20]; 44 → [20, 20, 4]."""
    assert sub_checks(25) == (20, 5)
    assert sub_checks(40) == (20, 20)
    assert sub_checks(44) == (20, 20, 4)
    assert sub_checks(100) == (20,) * 5
    assert sub_checks(20) == (20,)


def test_ds4_r07_e10_laros_pw_44_gives_39() -> None:
    """DS4-R06/R07, E10: dice 2, 1, 17 at PW 44 → 1→20, 17→20, 2→4 = 39."""
    r = resolve(44, 2, 1, 17)
    assert (r.success, r.degree, r.value) == (True, Degree.SUCCESS, 39)
    assert [x.face for x in r.rolls] == [2, 1, 17]
    assert r.explain() == (
        "PW 44 split into sub-checks 20 + 20 + 4; dice 2, 1, 17 "
        "(first die 2: no fumble); 1 → 20 (coup: 20), 17 → 20 (17), 2 → 4 (2); "
        "result 39: success"
    )
    assert r.explain("de") == (
        "PW 44 aufgeteilt in Teilproben 20 + 20 + 4; Würfe 2, 1, 17 "
        "(erster Würfel 2: kein Patzer); 1 → 20 (Immersieg: 20), 17 → 20 (17), "
        "2 → 4 (2); Ergebnis 39: Erfolg"
    )
    replay = ds4_check(44).resolve(ScriptedRng([x.face for x in r.rolls]))
    assert replay == r


@pytest.mark.parametrize(
    ("pw", "dice", "value", "degree"),
    [
        (25, (7, 3), 10, Degree.SUCCESS),  # D6
        (25, (5, 20), 25, Degree.SUCCESS),  # D7: a later 20 is no fumble
        (25, (20, 1), 0, Degree.CRITICAL_FAILURE),  # D8
        (25, (1, 1), 25, Degree.CRITICAL_SUCCESS),  # D9
        (25, (9, 12), 12, Degree.SUCCESS),  # D10
        (40, (3, 20), 23, Degree.SUCCESS),  # D11
        (41, (1, 2, 3), 23, Degree.CRITICAL_SUCCESS),  # D12
    ],
)
def test_ds4_r05_r07_r08_derived_vectors(
    pw: int, dice: tuple[int, ...], value: int, degree: Degree
) -> None:
    """DS4-R05–R08, D6–D12: multi-die results, first-die fumble and coup.

    All d20 are rolled at once (D8), so a fumble records every die too.
    """
    r = resolve(pw, *dice)
    assert (r.value, r.degree, r.success) == (value, degree, value > 0)
    assert [x.face for x in r.rolls] == list(dice)


def test_ds4_r06_explicit_assignment() -> None:
    """DS4-R06, DS4-A01: an explicit assignment; D10 worse choice gives 9."""
    worse = resolve(25, 9, 12, rest_die=2)
    assert worse.value == 9
    assert worse.explain() == (
        "PW 25 split into sub-checks 20 + 5; dice 9, 12 (first die 9: no fumble); "
        "9 → 20 (9), 12 → 5 (fails: 0); result 9: success"
    )
    assert assign_dice(41, [1, 2, 3]).values == (20, 0, 3)
    assert assign_dice(41, [1, 2, 3], [0, 1, 2]).result == 22
    e10 = resolve(44, 2, 1, 17, rest_die=1)
    assert e10.value == 39
    assert resolve(44, 2, 1, 17, rest_die=2).value == 23
    assert resolve(44, 2, 1, 17, rest_die=3).value == 22
    assert resolve(12, 7, rest_die=1).value == 7
    assert ds4_check(44, rest_die=1).parameters == {
        "pw": 44,
        "need_result": True,
        "rest_die": 1,
    }


def test_ds4_r06_assignment_errors() -> None:
    """DS4-R06: an assignment must be a bijection; dice must fit the PW."""
    with pytest.raises(ParameterError) as err:
        ds4_check(44, rest_die=4)
    assert str(err.value) == (
        "rest_die must be an integer from 0 to 3 for PW 44 (3 d20; 0 maximises), got 4"
    )
    with pytest.raises(ParameterError) as err0:
        ds4_check(40, rest_die=1)
    assert str(err0.value) == (
        "rest_die must be 0 for PW 40: it is a multiple of 20 and has no "
        "remainder sub-check, got 1"
    )
    with pytest.raises(ParameterError) as err2:
        assign_dice(44, [1, 2])
    assert str(err2.value) == (
        "dice must be 3 d20 faces for PW 44 (20 + 20 + 4), got [1, 2]"
    )
    with pytest.raises(ParameterError) as err3:
        assign_dice(25, [0, 2])
    assert str(err3.value) == "die 1 must be an integer from 1 to 20, got 0"
    with pytest.raises(ParameterError) as err4:
        assign_dice(25, [1, 2], [1, 1])
    assert str(err4.value) == (
        "assignment must be a permutation of 0..1 (0-based sub-check per die), "
        "got [1, 1]"
    )
    with pytest.raises(ParameterError) as err5:
        ds4_check(5000)
    assert str(err5.value) == "pw must be an integer from -1000 to 1000, got 5000"
    assert rest_die_assignment(25, 0) is None


def test_ds4_r05_need_result_false_single_die() -> None:
    """DS4-R05: a pass/fail check above 20 may roll one d20."""
    r = resolve(44, 7, need_result=False)
    assert (r.success, r.degree, r.value, len(r.rolls)) == (
        True,
        Degree.SUCCESS,
        None,
        1,
    )
    assert r.explain() == "PW 44: d20 = 7: success (PW above 20, only success asked)"
    assert resolve(44, 1, need_result=False).degree is Degree.CRITICAL_SUCCESS
    assert resolve(44, 20, need_result=False).degree is Degree.CRITICAL_FAILURE
    assert resolve(12, 7, need_result=False).value == 7


def test_ds4_r07_maximising_equals_brute_force() -> None:
    """DS4-R07: maximising = brute-force maximum for the spec's PWs, all dice."""
    for pw in (21, 25, 39, 40, 41, 44, 59):
        slots = sub_checks(pw)
        k = len(slots)
        for dice in itertools.product(range(1, 21), repeat=k):
            if k == 3 and dice[0] % 3:  # keep the run short: a third of k = 3
                continue
            best = max(
                sum(slot_value(d, slots[s]) for d, s in zip(dice, perm, strict=True))
                for perm in itertools.permutations(range(k))
            )
            # the assignment alone: a first-die 20 counted as a value, not
            # as the fumble it is in the check (DS4-R05, DS4-A10)
            got = assign_dice(pw, dice, fumbles_excluded=True).result
            assert got == best, (pw, dice)


@given(
    pw=st.integers(21, 100),
    data=st.data(),
)
def test_ds4_r07_maximising_beats_every_assignment(
    pw: int, data: st.DataObject
) -> None:
    """DS4-R07, DS4-A01: the default assignment is ≥ every explicit one."""
    k = len(sub_checks(pw))
    dice = data.draw(st.lists(st.integers(1, 20), min_size=k, max_size=k))
    perm = data.draw(st.permutations(list(range(k))))
    best = assign_dice(pw, dice)
    assert best.result >= assign_dice(pw, dice, perm).result
    assert sorted(maximising_assignment(pw, dice)) == list(range(k))


@given(pw=st.integers(-20, 100), seed=st.integers(0, 2**32))
def test_ds4_invariants_result_bounds_and_replay(pw: int, seed: int) -> None:
    """DS4-R02/R05 invariants: success ⇒ 1 ≤ result ≤ max(pw, 1); replayable."""
    check = ds4_check(pw)
    r = check.resolve(SeededRng(seed))
    if r.success:
        assert r.value is not None
        assert 1 <= r.value <= max(pw, 1)
        assert r.value <= max(min(pw, 20), 1) or pw > 20
    else:
        assert r.value == 0
    if pw >= 20:
        assert r.success == (r.rolls[0].face != 20)
    assert check.resolve(ScriptedRng([x.face for x in r.rolls])) == r
    assert r.outcome() in check.outcomes().support
    assert CheckResult.from_json(r.to_json()) == r


@given(pw=st.integers(1, 79), data=st.data())
def test_ds4_raising_pw_never_lowers_result(pw: int, data: st.DataObject) -> None:
    """Invariant: same dice, same sub-check count, higher PW ⇒ result ≥."""
    k = len(sub_checks(pw))
    higher = data.draw(st.integers(pw, 20 * k if pw > 20 else 20))
    if len(sub_checks(higher)) != k:
        return
    dice = data.draw(st.lists(st.integers(1, 20), min_size=k, max_size=k))
    if dice[0] == 20:
        return
    if k == 1:
        low, high = resolve(pw, *dice), resolve(higher, *dice)
        assert (high.value or 0) >= (low.value or 0)
    else:
        assert assign_dice(higher, dice).result >= assign_dice(pw, dice).result


def test_ds4_ruleset_registered_by_entry_point() -> None:
    """The ruleset loads by entry point as a third party would."""
    registry = Registry()
    assert "ds4" in registry.ids()
    rs = registry.ruleset("ds4")
    assert [spec.name for spec in rs.checks()] == ["check", "attack"]
    assert rs.name == "Dungeonslayers 4"
    assert rs.round_seconds == 5
    assert rs.labels["en"]["critical_failure"] == "fumble"
    assert rs.labels["de"]["critical_failure"] == "Patzer"
    check = build_check(rs, pw=44)
    assert check.resolve(ScriptedRng([2, 1, 17])).value == 39
    with pytest.raises(ParameterError) as err:
        build_check(rs, pw=101)
    assert str(err.value) == "pw must be an integer from -20 to 100, got 101"


def test_ds4_r08_d12_explanation_names_the_whole_check_coup() -> None:
    """DS4-R08, DS4-A02, D12: PW 41 with 1, 2, 3 is a coup with result 23."""
    r = resolve(41, 1, 2, 3)
    assert r.explain() == (
        "PW 41 split into sub-checks 20 + 20 + 1; dice 1, 2, 3 (first die 1: a coup "
        "of the whole check); 1 → 20 (coup: 20), 3 → 20 (3), 2 → 1 (fails: 0); "
        "result 23: coup"
    )
    assert r.explain("de") == (
        "PW 41 aufgeteilt in Teilproben 20 + 20 + 1; Würfe 1, 2, 3 (erster Würfel 1: "
        "Immersieg der ganzen Probe); 1 → 20 (Immersieg: 20), 3 → 20 (3), "
        "2 → 1 (misslungen: 0); Ergebnis 23: Immersieg"
    )


def test_d8_cli_accepts_both_dice_of_a_fumble(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """D8: ``rollwerk check ds4 pw=25 --rolls 20,1`` is a fumble with both dice."""
    from rollwerk.cli import main

    assert main(["check", "ds4", "pw=25", "--rolls", "20,1"]) == 0
    out = capsys.readouterr().out
    assert "value 0" in out
    assert "rolls: 20 (d20 check), 1 (d20 check)" in out


@pytest.mark.parametrize("rest_die", [1, 2, 3])
def test_rest_die_without_a_result_is_refused(rest_die: int) -> None:
    """DS4-R05, DS4-R06: without a result a PW above 20 rolls one d20, so no
    die goes to a remainder sub-check; ``rest_die`` was accepted and ignored
    (helper-172)."""
    from rollwerk.errors import ParameterError

    with pytest.raises(ParameterError) as info:
        ds4_check(44, need_result=False, rest_die=rest_die)
    assert str(info.value) == (
        "rest_die must be 0 when need_result is false: PW 44 is then rolled "
        f"with one d20 and has no sub-checks, got {rest_die}"
    )
    # a PW of 20 or less rolls one d20 either way: rest_die 1 is that die
    assert (
        ds4_check(14, need_result=False, rest_die=1).outcomes()
        == ds4_check(14, need_result=False).outcomes()
    )
