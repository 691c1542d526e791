"""Aether formulas: MY-R14..R20, MY-A01..A06; vectors V21..V25."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Encounter, ParameterError, RulesError
from rollwerk.encounter import (
    Actions,
    ActionSpent,
    EffectAdded,
    EffectExpired,
    Signalled,
)
from rollwerk_mythandria import (
    RULESET,
    AetherFormula,
    CastingStatus,
    SlotUse,
    cast,
    cast_from_slots,
    declaim,
    is_locked_out,
)

levels = st.integers(1, 5)


# -- pure timelines ---------------------------------------------------------------


def test_my_r16_r18_v21_level_3_timeline() -> None:
    """MY-R16 / MY-R18 / V21: recite 1–3, effect after 3, lockout 4–9."""
    c = cast(AetherFormula(3), start=1)
    assert c.status is CastingStatus.EFFECT
    assert c.effect
    assert c.recitation_slots == range(1, 4)
    assert c.effect_after == 3
    assert c.lockout_slots == range(4, 10)
    assert c.formula.lockout_rounds == 3
    assert c.free_from == 10
    assert c.phiols_spent == 3
    assert c.timeline() == [
        (1, "recite"),
        (2, "recite"),
        (3, "recite, effect"),
        (4, "lockout"),
        (5, "lockout"),
        (6, "lockout"),
        (7, "lockout"),
        (8, "lockout"),
        (9, "lockout"),
        (10, "free"),
    ]
    assert c.explain() == (
        "level-3 formula: recited in actions 1–3: effect after action 3; "
        "3 phiols spent (3 personal); aether lockout in actions 4–9"
    )
    assert c.explain("de") == (
        "Formel der Stufe 3: rezitiert in den Aktionen 1–3: Effekt nach Aktion 3; "
        "3 Phiole verbraucht (3 persönlich); Aetherkarenz in den Aktionen 4–9"
    )


def test_my_r19_v22_one_phiol_replaced() -> None:
    """MY-R19 / V22: level 3 with 1 phiol replaced: 3 phiols, lockout 4 actions."""
    c = cast(AetherFormula(3, replaced=1))
    assert (c.phiols_spent, c.personal_spent, c.aether_space_spent) == (3, 2, 1)
    assert c.lockout_slots == range(4, 8)
    assert c.formula.lockout_rounds == 2


def test_my_r18_r19_v23_all_replaced_no_lockout() -> None:
    """MY-R18 / MY-R19 / V23: level 5, all replaced: no lockout."""
    c = cast(AetherFormula(5, replaced=5))
    assert c.lockout_slots == range(6, 6)
    assert not c.locked(6)
    assert c.free_from == 6
    assert c.explain().endswith("5 phiols spent (0 personal); no aether lockout")


def test_my_r15_v24_slip_while_declaiming() -> None:
    """MY-R15 / MY-A06 / V24: a slip: 2 phiols, no effect, no recitation, lockout 1–4."""
    c = cast(AetherFormula(2), start=1, slip=True)
    assert c.status is CastingStatus.SLIP
    assert not c.effect
    assert c.effect_after is None
    assert c.recitation_slots == range(1, 1)
    assert c.phiols_spent == 2
    assert c.lockout_slots == range(1, 5)
    assert c.explain() == (
        "level-2 formula: slip while declaiming: no effect; 2 phiols spent "
        "(2 personal); aether lockout in actions 1–4"
    )


def test_my_r16_v25_interrupted_recitation() -> None:
    """MY-R16 / MY-A04 / V25: level 4 interrupted after 2 actions: lockout 3–10."""
    c = cast(AetherFormula(4), start=1, interrupted_after=2)
    assert c.status is CastingStatus.INTERRUPTED
    assert c.recitation_slots == range(1, 3)
    assert c.phiols_spent == 4
    assert c.lockout_slots == range(3, 11)
    assert len(c.lockout_slots) == 8
    assert c.explain("de").startswith(
        "Formel der Stufe 4: Rezitieren nach 2 von 4 Aktionen unterbrochen: kein Effekt"
    )


def test_my_a05_interruption_from_slot_uses() -> None:
    """MY-A05: L consecutive recitation slots; anything else interrupts."""
    f = AetherFormula(4)
    interrupted = cast_from_slots(
        f, [SlotUse.RECITE, SlotUse.RECITE, SlotUse.OTHER, SlotUse.RECITE]
    )
    assert interrupted == cast(f, interrupted_after=2)  # V25
    prevented = cast_from_slots(f, [SlotUse.PREVENTED])
    assert prevented == cast(f, interrupted_after=0)
    assert cast_from_slots(f, [SlotUse.RECITE] * 4 + [SlotUse.OTHER]).effect
    assert cast_from_slots(f, [], slip=True).status is CastingStatus.SLIP
    with pytest.raises(ParameterError) as info:
        cast_from_slots(f, [SlotUse.RECITE])
    assert str(info.value) == (
        "uses must be at least 4 slots, or a slot that interrupts, got ['recite']"
    )


def test_my_a02_evolution_limits() -> None:
    """MY-A02 / MY-R19: 0 ≤ replaced ≤ L, and ≤ the talent's cap."""
    with pytest.raises(ParameterError) as info:
        AetherFormula(3, replaced=4)
    assert str(info.value) == "replaced must be an integer from 0 to 3, got 4"
    with pytest.raises(ParameterError) as info:
        AetherFormula(3, replaced=2, evolution_cap=1)
    assert str(info.value) == "replaced must be an integer from 0 to 1, got 2"
    with pytest.raises(ParameterError) as info:
        AetherFormula(6)
    assert str(info.value) == "level must be an integer from 1 to 5, got 6"
    with pytest.raises(ParameterError) as info:
        AetherFormula(2).with_evolution(-1)
    assert str(info.value) == "replaced must be an integer from 0 to 2, got -1"
    with pytest.raises(ParameterError) as info:
        cast(AetherFormula(2), interrupted_after=2)
    assert str(info.value) == "interrupted_after must be an integer from 0 to 1, got 2"
    with pytest.raises(ParameterError) as info:
        cast(AetherFormula(2), slip=True, interrupted_after=0)
    assert str(info.value) == (
        "interrupted_after must be None when the declamation slipped "
        "(no recitation happens), got 0"
    )


@given(level=levels, data=st.data(), start=st.integers(-5, 50))
def test_my_r17_r19_aether_invariants(
    level: int, data: st.DataObject, start: int
) -> None:
    """MY-R17..R19 invariants: cost L, lockout 2 × (L − replaced), failure ≥ success."""
    replaced = data.draw(st.integers(0, level))
    f = AetherFormula(level, replaced=replaced)
    ok = cast(f, start)
    assert ok.phiols_spent == level
    assert len(ok.lockout_slots) == f.lockout_actions == 2 * (level - replaced)
    assert f.lockout_actions % 2 == 0
    if replaced < level:
        assert f.with_evolution(replaced + 1).lockout_actions < f.lockout_actions
    # recitation slots never count toward the lockout
    assert not set(ok.recitation_slots) & set(ok.lockout_slots)
    assert ok.lockout_slots.start == ok.recitation_slots.stop
    for failed in (
        cast(f, start, slip=True),
        cast(f, start, interrupted_after=data.draw(st.integers(0, level - 1))),
    ):
        assert failed.phiols_spent >= ok.phiols_spent
        assert not failed.effect
        assert len(failed.lockout_slots) == len(ok.lockout_slots)


@given(
    level=levels, uses=st.lists(st.sampled_from(list(SlotUse)), min_size=5, max_size=5)
)
def test_my_r15_r16_effect_iff_flawless_and_uninterrupted(
    level: int, uses: list[SlotUse]
) -> None:
    """MY-R15 / MY-R16 invariant: effect iff no slip and L recitations in a row."""
    f = AetherFormula(level)
    assert not cast_from_slots(f, uses, slip=True).effect
    c = cast_from_slots(f, uses)
    assert c.effect == all(u is SlotUse.RECITE for u in uses[:level])


# -- on a core encounter -------------------------------------------------------------


def _encounter() -> Encounter:
    enc = Encounter.for_ruleset(RULESET, ["Mira", "Orc"])
    assert enc.actions_per_round == 2
    enc, _ = enc.advance()  # round 1, Mira's turn
    return enc


def test_my_r16_r18_v21_on_an_encounter() -> None:
    """MY-R16 / MY-R18 / MY-R20 / V21: the level-3 timeline as encounter events."""
    enc = _encounter()
    step, recital = declaim(enc, "Mira", AetherFormula(3, name="Aetherlanze"))
    assert step.events == ()
    assert recital is not None
    assert recital.first_slot == 1
    (enc, events), recital = recital.recite(step.state)  # action 1
    assert events == (ActionSpent("Mira", 1),)
    assert recital is not None
    (enc, events), recital = recital.recite(enc)  # action 2
    assert recital is not None
    enc, _ = enc.advance(2)  # Mira ends, Orc's turn, round 2: Mira again
    (enc, events), recital = recital.recite(enc)  # action 3: effect, lockout
    assert recital is None
    assert [type(e) for e in events] == [ActionSpent, Signalled, EffectAdded]
    assert events[1] == Signalled("aether-formula-effect:Mira", 1)
    lockout = events[2]
    assert isinstance(lockout, EffectAdded)
    assert lockout.effect.duration == Actions(6, of="Mira", ends_at=9)
    assert lockout.effect.condition == "aether_lockout"
    assert lockout.effect.datum("personal_phiols") == 3
    assert is_locked_out(enc, "Mira")
    assert enc.remaining(lockout.effect.id) == 6
    # MY-A01: no new formula during the lockout, other actions are allowed
    with pytest.raises(RulesError) as info:
        declaim(enc, "Mira", AetherFormula(1))
    assert str(info.value) == (
        "Mira is under an aether lockout and cannot begin an aether formula"
    )
    enc, _ = enc.spend_action("Mira")  # action 4: a sword blow
    assert enc.remaining(lockout.effect.id) == 5
    # slots 5..9 pass over the next rounds, used or not (MY-A04)
    enc, _ = enc.advance(2)  # Mira's turn ends (slot 4 used), Orc; round 3: Mira
    assert enc.actions_used("Mira") == 4
    enc, _ = enc.advance(2)  # Mira lets slots 5–6 pass unused; round 4: Mira
    assert enc.actions_used("Mira") == 6
    assert is_locked_out(enc, "Mira")
    enc, _ = enc.advance(2)  # slots 7–8 pass; round 5: Mira's turn
    assert enc.remaining(lockout.effect.id) == 1
    assert is_locked_out(enc, "Mira")
    enc, events = enc.spend_action("Mira")  # slot 9 used: lockout over
    assert [type(e) for e in events] == [ActionSpent, EffectExpired]
    assert not is_locked_out(enc, "Mira")
    _, recital = declaim(enc, "Mira", AetherFormula(1))  # slot 10 is free
    assert recital is not None
    assert recital.first_slot == 10


def test_my_r15_v24_slip_on_an_encounter() -> None:
    """MY-R15 / V24: a slip adds the lockout for the next 4 slots at once."""
    enc = _encounter()
    (enc, events), recital = declaim(enc, "Mira", AetherFormula(2), slip=True)
    assert recital is None
    assert [type(e) for e in events] == [EffectAdded]
    added = events[0]
    assert isinstance(added, EffectAdded)
    assert added.effect.duration == Actions(4, of="Mira", ends_at=4)  # slots 1–4
    assert is_locked_out(enc, "Mira")
    enc, _ = enc.advance(2)  # Mira's slots 1–2 pass unused; round 2: Mira
    assert enc.actions_used("Mira") == 2
    assert is_locked_out(enc, "Mira")
    enc, _ = enc.spend_action("Mira")  # slot 3
    assert is_locked_out(enc, "Mira")
    enc, _ = enc.spend_action("Mira")  # slot 4: the lockout is over
    assert not is_locked_out(enc, "Mira")
    enc, _ = enc.advance(2)
    assert not is_locked_out(enc, "Mira")


def test_my_r16_v25_interruption_on_an_encounter() -> None:
    """MY-R16 / MY-A04 / MY-A05 / V25: level 4 interrupted before action 3."""
    enc = _encounter()
    _, recital = declaim(enc, "Mira", AetherFormula(4))
    assert recital is not None
    (enc, _), recital = recital.recite(enc)
    assert recital is not None
    (enc, _), recital = recital.recite(enc)
    assert recital is not None
    enc, _ = enc.advance(2)  # round 2, Mira's turn: she is knocked down
    enc, events = recital.interrupt(enc)
    added = events[0]
    assert isinstance(added, EffectAdded)
    assert added.effect.duration == Actions(8, of="Mira", ends_at=10)  # slots 3–10


def test_my_a05_slots_passing_interrupt_the_recitation() -> None:
    """MY-A05: a recitation slot left unused interrupts; the lockout still counts it."""
    enc = _encounter()
    _, recital = declaim(enc, "Mira", AetherFormula(3))
    assert recital is not None
    (enc, _), recital = recital.recite(enc)  # slot 1
    assert recital is not None
    enc, _ = enc.advance(2)  # slot 2 elapsed unused at the end of the turn
    with pytest.raises(RulesError) as info:
        recital.recite(enc)
    assert str(info.value) == (
        "Mira's recitation was interrupted: slot 2 passed without reciting "
        "(the next recitation slot was 2); call interrupt()"
    )
    enc, events = recital.interrupt(enc)
    added = events[0]
    assert isinstance(added, EffectAdded)
    # the lockout began with slot 2: slots 2–7, of which slot 2 has passed
    assert added.effect.duration == Actions(5, of="Mira", ends_at=7)


def test_my_r18_v23_no_personal_phiols_no_lockout_effect() -> None:
    """MY-R18 / V23: with every phiol replaced nothing is locked."""
    enc = _encounter()
    _, recital = declaim(enc, "Mira", AetherFormula(1, replaced=1))
    assert recital is not None
    (enc, events), recital = recital.recite(enc)
    assert recital is None
    assert [type(e) for e in events] == [ActionSpent, Signalled]
    assert not is_locked_out(enc, "Mira")


def test_my_r18_lockout_survives_json_and_undo() -> None:
    """MY-R18: an encounter with a lockout round-trips JSON; the old state is intact."""
    enc = _encounter()
    (locked, _), _ = declaim(enc, "Mira", AetherFormula(2), slip=True)
    data = locked.to_json()
    assert Encounter.from_json(data) == locked
    assert not is_locked_out(enc, "Mira")  # the state before is untouched (undo)
    assert is_locked_out(Encounter.from_json(data), "Mira")


def test_my_r16_r17_level_1_explanation_uses_singular_forms() -> None:
    """MY-R16 / MY-R17: a level-1 formula recites in one action and costs one
    phiol; the explanation says so in the singular (English and German)."""
    c = cast(AetherFormula(1))
    assert c.explain() == (
        "level-1 formula: recited in action 1: effect after action 1; "
        "1 phiol spent (1 personal); aether lockout in actions 2–3"
    )
    assert c.explain("de") == (
        "Formel der Stufe 1: rezitiert in Aktion 1: Effekt nach Aktion 1; "
        "1 Phiol verbraucht (1 persönlich); Aetherkarenz in den Aktionen 2–3"
    )
    stopped = cast(AetherFormula(1), interrupted_after=0)
    assert stopped.explain().startswith(
        "level-1 formula: recitation interrupted after 0 of 1 action: no effect"
    )
    assert stopped.explain("de").startswith(
        "Formel der Stufe 1: Rezitieren nach 0 von 1 Aktion unterbrochen: kein Effekt"
    )
