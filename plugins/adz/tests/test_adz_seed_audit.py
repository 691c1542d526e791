"""Findings of an outside tester who read the German seed: healing a dying
character by rest, lost healing progress, property ranges of the pool
helpers, threshold modifiers that lower the threshold, and concentration
spells counted twice.

Rule ids refer to the AdZ specification (``aera-der-zauberey.md``); the
German words are those of its seed (``000_*.txt``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Encounter, Modifier, ParameterError, RulesError
from rollwerk.encounter import EffectRemoved, RemovalReason, SameName
from rollwerk_adz import (
    ADZ,
    ConcentrationEffect,
    Health,
    SpellSpec,
    Status,
    Technique,
    Track,
    TrackConfig,
    adz_check,
    adz_ruleset,
    attack_pool,
    concentration_modifiers,
    defence_pool,
    pool_of,
    ranged_attack_pool,
    resistance_pool,
    threshold_of,
    two_weapon_pools,
)

BEYOND = (
    "rest cannot heal a character with damage beyond the last physical level: "
    "only the immediate use of healing magic can save them (heal_physical, ADZ-R12)"
)
DYING = (
    "rest cannot heal a dying character unless their wounds were tended promptly "
    "(tended=True, ADZ-R12)"
)

# -- 1. rest and the last physical level (ADZ-R12) ---------------------------


def test_adz_r12_rest_refuses_beyond_the_last_level() -> None:
    """ADZ-R12: „Hat der Charakter aber über die letzte Stufe hinaus Schaden
    erhalten, kann ihn allenfalls der sofortige Einsatz von Heilungsmagie
    retten.“ Repro: ``Health(TrackConfig(5), TrackConfig(3)).take(7)`` then
    ``rest(nights=3)`` gave ``ACTIVE``."""
    h = Health(TrackConfig(5), TrackConfig(3)).take(7, Track.PHYSICAL)
    assert (h.physical, h.beyond, h.status) == (5, 2, Status.BEYOND_LAST)
    for tended in (False, True):
        with pytest.raises(RulesError) as err:
            h.rest(nights=3, tended=tended)
        assert str(err.value) == BEYOND
    with pytest.raises(RulesError) as err:
        h.rest(nights=0)
    assert str(err.value) == BEYOND
    # healing magic still helps: it removes the levels beyond the last first
    saved = h.heal_physical(3)
    assert (saved.physical, saved.beyond, saved.status) == (4, 0, Status.ACTIVE)


def test_adz_r12_rest_needs_tended_wounds_when_dying() -> None:
    """ADZ-R12: „Werden seine Wunden umgehend versorgt, kann er gerettet
    werden.“ Resting is not tending: ``rest`` on a dying character needs
    ``tended=True``."""
    h = Health(TrackConfig(5), TrackConfig(3)).take(5)
    assert h.status is Status.DYING
    with pytest.raises(RulesError) as err:
        h.rest(nights=3)
    assert str(err.value) == DYING
    tended = h.rest(nights=3, tended=True)
    assert (tended.physical, tended.status) == (2, Status.ACTIVE)
    with pytest.raises(ParameterError) as perr:
        h.rest(1, tended=1)  # type: ignore[arg-type]
    assert str(perr.value) == "tended must be true or false, got 1"


def test_adz_r12_rest_of_an_active_or_unconscious_character() -> None:
    """ADZ-R12, R13: below the last physical level rest needs no ``tended``;
    an unconscious (mental track full) character heals physically too."""
    h = Health(TrackConfig(5), TrackConfig(3), mental=3, physical=2)
    assert h.status is Status.UNCONSCIOUS
    assert h.rest(1).physical == 1
    assert h.rest(1, tended=True).physical == 1


# -- 2. progress kept between calls (ADZ-R14) ---------------------------------


def test_adz_r14_split_nights_heal_as_one_call() -> None:
    """ADZ-R14: two nights are two nights. Repro:
    ``Health(physical=3).rest(1, 2).rest(1, 2).physical`` was 3, ``rest(2, 2)`` 2."""
    split = Health(physical=3).rest(1, 2).rest(1, 2)
    assert split == Health(physical=3).rest(2, 2)
    assert (split.physical, split.physical_progress) == (2, 0)
    half = Health(physical=3).rest(1, 2)
    assert (half.physical, half.physical_progress) == (3, 1)


def test_adz_r14_split_seconds_recover_as_one_call() -> None:
    """ADZ-R14: repro ``Health(mental=3).recover_mental(900).recover_mental(900)``
    kept 3 levels, ``recover_mental(1800)`` gave 2."""
    split = Health(mental=3).recover_mental(900).recover_mental(900)
    assert split == Health(mental=3).recover_mental(1800)
    assert (split.mental, split.mental_progress) == (2, Fraction(0))
    half = Health(mental=3).recover_mental(Fraction(2701, 3))
    assert (half.mental, half.mental_progress) == (3, Fraction(2701, 3))
    assert half.recover_mental(Fraction(2699, 3)).mental == 2


def test_adz_r14_progress_with_another_nights_per_level() -> None:
    """ADZ-R14: nights spent count towards the top level at any rate, never
    towards the level below."""
    h = Health(physical=3).rest(2, 3)
    assert (h.physical, h.physical_progress) == (3, 2)
    # 2 nights reach 1 per level: the top level heals at once, the night one more
    assert h.rest(1, 1) == Health(physical=1)
    # 2 nights of 4 needed: 2 more heal the top level
    assert h.rest(1, 4) == Health(physical=3, physical_progress=3)
    assert h.rest(2, 4) == Health(physical=2)


def test_adz_r14_a23_progress_restarts_when_the_top_level_changes() -> None:
    """ADZ-R14, A23: the nights (seconds) belong to the top level: healing it
    otherwise, or marking a new level above it, starts afresh."""
    h = Health(physical=3, mental=2).rest(1, 2).recover_mental(1000)
    assert (h.physical_progress, h.mental_progress) == (1, Fraction(1000))
    assert h.heal_physical(1) == Health(physical=2, mental=2, mental_progress=1000)
    assert h.heal_mental(1) == Health(physical=3, mental=1, physical_progress=1)
    assert h.heal_physical(0) == h
    assert h.heal_mental(0) == h
    assert h.take(1) == Health(physical=4, mental=2, mental_progress=1000)
    assert h.take(1, Track.MENTAL) == Health(physical=3, mental=3, physical_progress=1)
    assert h.take(0) == h
    # leftover rest on a clear track is lost
    assert Health(physical=1).rest(5, 2) == Health()
    assert Health(mental=1).recover_mental(5000) == Health()


def test_adz_r14_progress_fields_are_checked() -> None:
    """ADZ-R14: progress is never negative and needs a marked level."""
    cases: list[tuple[Callable[[], object], str]] = [
        (
            lambda: Health(physical_progress=-1),
            "physical_progress must be an integer >= 0, got -1",
        ),
        (
            lambda: Health(physical_progress=1),
            "physical_progress must be 0 while no physical level is marked, got 1",
        ),
        (
            lambda: Health(mental=1, mental_progress=-1),
            (
                "mental_progress must be game seconds, an integer or a Fraction "
                ">= 0, got -1"
            ),
        ),
        (
            lambda: Health(mental_progress=Fraction(1, 2)),
            (
                "mental_progress must be 0 while no mental level is marked, "
                "got Fraction(1, 2)"
            ),
        ),
        (
            lambda: Health(mental=1, mental_progress="x"),
            (
                "mental_progress must be game seconds, an integer or a Fraction "
                ">= 0, got 'x'"
            ),
        ),
    ]
    for make, message in cases:
        with pytest.raises(ParameterError) as err:
            make()
        assert str(err.value) == message
    # existing constructors keep working: the progress defaults to 0
    assert Health(physical=2).physical_progress == 0
    assert Health(mental=2).mental_progress == Fraction(0)


@given(
    physical=st.integers(0, 6),
    per=st.integers(1, 3),
    parts=st.lists(st.integers(0, 8), max_size=6),
)
def test_adz_r14_any_split_of_nights_is_one_call(
    physical: int, per: int, parts: list[int]
) -> None:
    """ADZ-R14: any split of the nights into calls gives the same Health
    (``tended=True`` lets a dying character, 6 of 6 levels, rest too)."""
    start = Health(physical=physical)
    split = start
    for nights in parts:
        split = split.rest(nights, per, tended=True)
    assert split == start.rest(sum(parts), per, tended=True)


@given(
    mental=st.integers(0, 6),
    parts=st.lists(
        st.fractions(min_value=0, max_value=4000, max_denominator=7), max_size=6
    ),
)
def test_adz_r14_any_split_of_seconds_is_one_call(
    mental: int, parts: list[Fraction]
) -> None:
    """ADZ-R14: any split of the resting seconds into calls gives the same Health."""
    start = Health(mental=mental)
    split = start
    for seconds in parts:
        split = split.recover_mental(seconds)
    assert split == start.recover_mental(sum(parts, Fraction(0)))


# -- 3. property ranges of the pool helpers (ADZ-R01) -------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: attack_pool(skill=11, attribute=4),
            "skill must be an integer from 0 to 10, got 11",
        ),
        (
            lambda: attack_pool(skill=5, attribute=0),
            "attribute must be an integer from 1 to 10, got 0",
        ),
        (
            lambda: attack_pool(skill=5, attribute=11),
            "attribute must be an integer from 1 to 10, got 11",
        ),
        (
            lambda: ranged_attack_pool(dexterity=0, skill=5),
            "dexterity must be an integer from 1 to 10, got 0",
        ),
        (
            lambda: ranged_attack_pool(dexterity=4, skill=-1),
            "skill must be an integer from 0 to 10, got -1",
        ),
        (
            lambda: defence_pool(skill=5, attribute=4, specialization=6),
            "specialization must be an integer from 0 to 5, got 6",
        ),
        (
            lambda: defence_pool(skill=11, attribute=4),
            "skill must be an integer from 0 to 10, got 11",
        ),
        (
            lambda: defence_pool(skill=5, attribute=0),
            "attribute must be an integer from 1 to 10, got 0",
        ),
        (
            lambda: resistance_pool(constitution=0),
            "constitution must be an integer from 1 to 10, got 0",
        ),
        (
            lambda: resistance_pool(constitution=11),
            "constitution must be an integer from 1 to 10, got 11",
        ),
        (
            lambda: two_weapon_pools(
                skill=6, dual_wield=2, attribute=4, specialization=6
            ),
            "specialization must be an integer from 0 to 5, got 6",
        ),
        (
            lambda: two_weapon_pools(skill=6, dual_wield=11, attribute=4),
            "dual_wield must be an integer from 0 to 10, got 11",
        ),
        (
            lambda: two_weapon_pools(skill=11, dual_wield=2, attribute=4),
            "skill must be an integer from 0 to 10, got 11",
        ),
        (
            lambda: two_weapon_pools(skill=6, dual_wield=2, attribute=0),
            "attribute must be an integer from 1 to 10, got 0",
        ),
        (
            lambda: SpellSpec("Metall", Technique.DESTROY).check(
                domain=11, technique=3
            ),
            "domain must be an integer from 0 to 10, got 11",
        ),
    ],
)
def test_adz_r01_pool_helpers_refuse_values_out_of_range(
    call: Callable[[], object], message: str
) -> None:
    """ADZ-R01: attributes 1..10, skills 0..10, specializations 0..5 in every
    pool helper, as ``SpellSpec.check`` already refused ``domain=11``. Repro:
    ``attack_pool(skill=11, attribute=4)`` gave 15."""
    with pytest.raises(ParameterError) as err:
        call()
    assert str(err.value) == message


def test_adz_r01_pool_helpers_accept_the_ends_of_the_ranges() -> None:
    """ADZ-R01: the largest and smallest values are allowed."""
    assert attack_pool(skill=10, attribute=10) == 20
    assert attack_pool(skill=0, attribute=1) == 1
    assert ranged_attack_pool(dexterity=10, skill=10) == 20
    assert defence_pool(skill=10, attribute=10, specialization=5) == 25
    assert resistance_pool(constitution=1) == 1
    assert two_weapon_pools(10, 10, 10, specialization=5) == (25, 25)
    assert two_weapon_pools(10, 0, 1) == (11, 1)


# -- 4. threshold modifiers raise the threshold (ADZ-R06) ---------------------


def test_adz_r06_threshold_modifier_below_one_is_refused() -> None:
    """ADZ-R06: „erhöht sich der Mindestwurf … um mindestens 1 Erfolg“. Repro:
    ``Modifier(-1, 'related skill', 'minimum')`` lowered the threshold to 1."""
    for amount in (-1, 0):
        with pytest.raises(ParameterError) as err:
            adz_check(
                dice=5,
                minimum=2,
                modifiers=(Modifier(amount, "related skill", "minimum"),),
            )
        assert str(err.value) == (
            "amount of modifier 'related skill' must be an integer >= 1 for kind "
            f"'minimum' (it raises the threshold, ADZ-R06), got {amount}"
        )
    check = adz_check(
        dice=5, minimum=2, modifiers=(Modifier(1, "related skill", "minimum"),)
    )
    assert threshold_of(check) == 3


# -- 5. one die per concentration spell maintained (ADZ-R33) -----------------


def test_adz_r33_the_same_spell_is_refused_twice() -> None:
    """ADZ-R33: „Für jeden Zauber, den ein Charakter auf diese Weise aufrecht
    erhält“ — one die per spell. Repro: ``concentration_modifiers(['L', 'L'])``
    gave two −1 modifiers."""
    with pytest.raises(ParameterError) as err:
        concentration_modifiers(["L", "L"])
    assert str(err.value) == (
        "spells must be distinct spell names (one die per spell maintained, "
        "ADZ-R33), got ['L', 'L']"
    )
    two = concentration_modifiers(["Light (hall)", "Light (gate)"])
    assert pool_of(adz_check(6, modifiers=two)) == 4


def test_adz_r33_reapplied_concentration_effect_replaces() -> None:
    """ADZ-R33: applying ``ConcentrationEffect('Light', 'Ada')`` twice gave
    ``modifier_total('Ada', 'concentration') == -2``; it refreshes instead."""
    assert ADZ.stacking_policy.same_name is SameName.REPLACE
    assert adz_ruleset(equivalent_actions=True).stacking_policy.same_name is (
        SameName.REPLACE
    )
    enc = Encounter.for_ruleset(ADZ, ["Ada", "Bo"])
    enc, _ = enc.apply_effect(ConcentrationEffect("Light", "Ada"))
    enc, events = enc.apply_effect(ConcentrationEffect("Light", "Ada"))
    assert [type(e).__name__ for e in events] == ["EffectRemoved", "EffectAdded"]
    removed = events[0]
    assert isinstance(removed, EffectRemoved)
    assert removed.reason is RemovalReason.REPLACED
    assert enc.modifier_total("Ada", "concentration") == -1
    assert enc.concentrating == ("Ada",)
    # another spell, or the same spell of another caster, still counts
    enc, _ = enc.apply_effect(ConcentrationEffect("Shield", "Ada"))
    enc, _ = enc.apply_effect(ConcentrationEffect("Light", "Bo"))
    assert enc.modifier_total("Ada", "concentration") == -2
    assert enc.modifier_total("Bo", "concentration") == -1
