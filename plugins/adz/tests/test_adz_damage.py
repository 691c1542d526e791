"""Tests of damage tracks and natural healing (ADZ-R12 to R14, A11, A23)."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Combatant, Encounter, Modifier, ParameterError
from rollwerk.encounter import GameTime
from rollwerk_adz import (
    Health,
    Status,
    Track,
    TrackConfig,
    adz_check,
    mental_healing_duration,
    mental_healing_seconds,
    physical_healing_duration,
    physical_healing_nights,
    pool_of,
)


def test_adz_r12_a11_one_point_one_level() -> None:
    """ADZ-R12, A11: each point of final damage marks one physical level."""
    h = Health(TrackConfig(5), TrackConfig(5)).take(3)
    assert (h.physical, h.mental, h.status) == (3, 0, Status.ACTIVE)


def test_adz_r12_last_level_dying_then_beyond() -> None:
    """ADZ-R12: last physical level → dying; more → beyond the last level."""
    h = Health(TrackConfig(4)).take(4)
    assert h.status is Status.DYING
    h = h.take(1)
    assert (h.physical, h.beyond, h.status) == (4, 1, Status.BEYOND_LAST)
    assert Status.DYING.label("de") == "bewusstlos und dem Tod nahe"


def test_adz_r13_mental_full_unconscious() -> None:
    """ADZ-R13: the last mental level marked → unconscious."""
    h = Health(TrackConfig(6), TrackConfig(3)).take(3, Track.MENTAL)
    assert (h.mental, h.physical, h.status) == (3, 0, Status.UNCONSCIOUS)


def test_adz_r13_v30_mental_overflow() -> None:
    """ADZ-R13, V30: mental track full, 2 more mental damage → 2 physical levels."""
    h = Health(TrackConfig(6), TrackConfig(3), mental=3).take(2, Track.MENTAL)
    assert (h.mental, h.physical) == (3, 2)


def test_adz_r12_injury_penalties_as_modifiers() -> None:
    """ADZ-R12: marked levels give injury penalties (configurable) as Modifiers."""
    config = TrackConfig(4, penalties=(0, 0, -1, -2, -3))
    h = Health(config, TrackConfig(3), physical=3, mental=1)
    assert h.modifiers() == (
        Modifier(-2, "physical damage (3 levels)", "injury"),
        Modifier(-1, "mental damage (1 levels)", "injury"),
    )
    assert h.penalty() == -3
    assert pool_of(adz_check(dice=6, modifiers=h.modifiers())) == 3
    assert Health().modifiers() == ()


def test_adz_r12_penalty_table_must_fit() -> None:
    """ADZ-R12: a penalty table needs one value per marked-level count."""
    with pytest.raises(ParameterError) as err:
        TrackConfig(3, penalties=(0, -1))
    assert (
        str(err.value)
        == "penalties must be 4 values (0 to 3 marked levels), got [0, -1]"
    )
    with pytest.raises(ParameterError):
        TrackConfig(3, penalties=(0, 1, -1, -2))


def test_adz_r14_a23_heal_most_recent_first() -> None:
    """ADZ-R14, A23: physical levels heal one at a time, beyond-last first."""
    h = Health(TrackConfig(4)).take(6)
    assert (h.physical, h.beyond) == (4, 2)
    h = h.heal_physical(1)
    assert (h.physical, h.beyond) == (4, 1)
    h = h.heal_physical(3)
    assert (h.physical, h.beyond, h.status) == (2, 0, Status.ACTIVE)
    assert h.heal_physical(10).physical == 0


def test_adz_r14_rest_nights_per_level() -> None:
    """ADZ-R14: each level needs 1-3 nights by wound kind."""
    h = Health(TrackConfig(6), physical=4)
    assert h.rest(3, nights_per_level=1).physical == 1
    assert h.rest(5, nights_per_level=2).physical == 2
    assert physical_healing_nights(4, 3) == 12
    assert physical_healing_nights(2, (1, 3)) == 4
    with pytest.raises(ParameterError) as err:
        h.rest(1, nights_per_level=0)
    assert str(err.value) == "nights_per_level must be an integer >= 1, got 0"


def test_adz_r14_mental_thirty_minutes_per_level() -> None:
    """ADZ-R14: mental levels recover about one per 30 minutes."""
    h = Health(TrackConfig(6), TrackConfig(5), mental=4)
    assert h.recover_mental(3599).mental == 3
    assert h.recover_mental(3600).mental == 2
    assert mental_healing_seconds(4) == Fraction(7200)


@given(
    length=st.integers(1, 10),
    hits=st.lists(
        st.tuples(st.integers(0, 6), st.sampled_from(list(Track))), max_size=6
    ),
)
def test_adz_r12_r13_invariant_damage_conserved(
    length: int, hits: list[tuple[int, Track]]
) -> None:
    """ADZ-R12/R13: every point lands on a track; none is lost or clamped away."""
    h = Health(TrackConfig(length), TrackConfig(length))
    for amount, track in hits:
        h = h.take(amount, track)
    assert h.physical + h.beyond + h.mental == sum(a for a, _ in hits)
    assert 0 <= h.physical <= length
    assert 0 <= h.mental <= length


def test_adz_r14_healing_as_core_durations() -> None:
    """ADZ-R14: healing times as core GameTime durations, run by an encounter clock."""
    assert mental_healing_duration(3) == GameTime.minutes(90)
    assert physical_healing_duration(2, (1, 3)) == GameTime.days(4)
    with pytest.raises(ParameterError) as err:
        mental_healing_duration(0)
    assert str(err.value) == "levels must be at least 1 for a duration, got 0"

    @attrs.frozen
    class Exhausted:
        name: str
        source: str
        target: str
        duration: GameTime
        modifiers: tuple[Modifier, ...]
        condition: str | None = None

    effect = Exhausted(
        "exhausted",
        "mage",
        "mage",
        mental_healing_duration(2),
        Health(mental=2).modifiers(),
    )
    enc = Encounter.create([Combatant("mage")], order=["mage"], round_seconds=3)
    enc = enc.apply_effect(effect).state
    assert enc.modifier_total("mage", "injury") == -2
    assert enc.pass_time(3599).state.modifier_total("mage", "injury") == -2
    assert enc.pass_time(3600).state.modifier_total("mage", "injury") == 0
