"""Findings of an outside tester (h215) on pf2e round counts and new_encounter.

1. A last-in-order creator that leaves after the round's last turn ended
   reaches its slot at once (PF2E-A03): the leave's events say the count
   (``EffectTicked`` after ``CombatantLeft``), so state and events agree.
2. Loading refuses ``pf2e_rounds`` documents no operation leaves (more than
   ``n`` rounds to go, fields no form holds together, a ``ticked_in`` that
   is no round of the count), and every document operations leave loads.
3. A half-bound ``Pf2eRounds`` is refused by name; a bound one is bound
   afresh by ``add_effect``.
4. ``new_encounter`` refuses a non-bool ``by_initiative`` and ``order``
   with ``by_initiative=True``.

Initiative order A, B, C (D, E joining); "R2B" is round 2, B's turn.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from rollwerk import Combatant, Encounter, ParameterError, SchemaError
from rollwerk.encounter import (
    EffectAdded,
    EffectChanged,
    EffectRefreshed,
    EffectTicked,
    FirstOf,
    Step,
    UntilEvent,
    describe_events,
)
from rollwerk_pf2e import (
    CreatorLeaves,
    Pf2eRounds,
    end_encounter,
    new_encounter,
    rounds,
)


def _kinds(step: Step) -> list[tuple[str, object]]:
    return [(type(e).__name__, getattr(e, "remaining", None)) for e in step.events]


def _last_creator_between_turns(n: int) -> Encounter:
    """C's ``rounds(n)`` on A, added in R1B; R2: B's turn over, C's not begun."""
    enc = new_encounter(["A", "B", "C"]).advance(2).state
    enc = enc.add_effect("aid", source="C", target="A", duration=rounds(n)).state
    return enc.advance(3).state.end_turn().state


# -- 1. the count a leave brings about ---------------------------------------


def test_pf2e_a03_last_creator_leaving_after_the_last_turn_counts_with_an_event() -> (
    None
):
    """PF2E-A03, PF2E-R02: the slot at the end of R2 is reached by the leave."""
    enc = _last_creator_between_turns(3)
    assert enc.remaining("e1") == 2
    step = enc.leave("C")
    assert _kinds(step) == [
        ("EffectChanged", 2),
        ("CombatantLeft", None),
        ("EffectTicked", 1),
    ]
    assert step.state.remaining("e1") == 1
    assert describe_events(step.events, state=enc) == [
        (
            "aid on A changes: 3 rounds, counted at C's place in initiative, "
            "2 rounds left."
        ),
        "C leaves.",
        "aid on A: 1 round left.",
    ]
    # the count is made: the next advance ends R2 and counts nothing more
    nxt = step.state.advance()
    assert [type(e).__name__ for e in nxt.events] == [
        "RoundEnded",
        "RoundStarted",
        "TurnStarted",
    ]
    assert nxt.state.remaining("e1") == 1


def test_pf2e_a03_the_leave_ends_the_count_with_one_round_left() -> None:
    """PF2E-A03: with 1 round left the leave's count ends it (after CombatantLeft)."""
    enc = _last_creator_between_turns(2)
    step = enc.leave("C")
    assert _kinds(step) == [
        ("EffectChanged", 1),
        ("CombatantLeft", None),
        ("EffectExpired", None),
    ]
    assert step.state.effects == ()


def test_pf2e_a03_a_delay_that_reaches_the_slot_counts_with_an_event() -> None:
    """PF2E-A03: the one after the slot delays to a place already passed.

    E (before D) reacts in C's R1 turn and leaves before its own: the count
    is at E's place, before D's turn start. With A, B and C done, D delays
    behind A: its turn counts as passed, the slot is at the end of the
    round, which every turn has reached, so R1's count is made.
    """
    enc = new_encounter(["A", "B", "C", "E", "D"]).advance(3).state  # R1C
    enc = enc.add_effect("fx", source="E", target="A", duration=rounds(2)).state
    enc = enc.end_turn().state.leave("E").state  # R1: A, B, C done; D next
    assert enc.effects[0].duration.anchor == "D"
    assert enc.remaining("e1") == 2
    step = enc.delay("D", after="A")
    assert _kinds(step) == [
        ("CombatantDelayed", None),
        ("EffectChanged", 2),
        ("EffectTicked", 1),
    ]
    assert step.state.remaining("e1") == 1


# -- 2. what loads ------------------------------------------------------------


def _saved(enc: Encounter) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(enc.to_json()))
    return data


def _refused(data: dict[str, Any]) -> str:
    with pytest.raises(SchemaError) as info:
        Encounter.from_json(data)
    return str(info.value)


def _own_count() -> dict[str, Any]:
    """A's ``rounds(2)`` on B, added on A's R1 turn: ``ends_at`` 3."""
    enc = new_encounter(["A", "B", "C"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(2)).state
    return _saved(enc)


def _slot_count() -> dict[str, Any]:
    """A's ``rounds(2)`` counted at A's slot once A left on its R1 turn."""
    enc = new_encounter(["A", "B", "C"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(2)).state
    return _saved(enc.leave("A").state)


def _patched(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    data["effects"][0]["duration"].update(fields)
    return data


def test_pf2e_r02_more_rounds_to_go_than_n_is_refused_as_the_core_refuses_it() -> None:
    """PF2E-R02: ``rounds(2)`` never has more than 2 rounds to go."""
    assert _refused(_patched(_own_count(), ends_at=999)) == (
        "malformed encounter JSON: effects[0].duration.ends_at must be an end "
        "at most 2 rounds away, its length (998 would remain), got 999"
    )
    # counting another combatant's turns: C has started none, 3 would remain
    assert _refused(_patched(_own_count(), tick_on="C")) == (
        "malformed encounter JSON: effects[0].duration.ends_at must be an end "
        "at most 2 rounds away, its length (3 would remain), got 3"
    )


def test_pf2e_a03_a_slot_count_further_than_n_rounds_is_refused() -> None:
    """PF2E-A03: a slot count keeps what remained; ``ends_in`` 9 leaves 8 rounds away."""
    data = _slot_count()
    assert data["effects"][0]["duration"]["ends_in"] == 3
    assert _refused(_patched(data, ends_in=9)) == (
        "malformed encounter JSON: effects[0].duration.ends_in must be an end "
        "at most 2 rounds away, its length (8 would remain), got 9"
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"ticked_in": 3},
            "ticked_in must be null unless ends_in is set (a slot count), got 3",
        ),
        (
            {"creator": "A"},
            "creator must be null unless ends_in is set (a slot count), got 'A'",
        ),
        (
            {"slot": True, "ends_at": None},
            (
                "slot must be false unless ends_at or ends_in is set (a bound "
                "slot count; make a duration with rounds(n)), got True"
            ),
        ),
        (
            {"counts_from": 1, "ends_at": None},
            "counts_from must be null unless ends_at is set (a bound count), got 1",
        ),
    ],
)
def test_pf2e_rounds_fields_no_form_holds_together_are_refused(
    fields: dict[str, Any], message: str
) -> None:
    """PF2E-A03: slot fields belong to a slot count, bound fields to a bound one."""
    assert _refused(_patched(_own_count(), **fields)) == (
        f"malformed encounter JSON: effects[0].duration.{message}"
    )


def test_pf2e_a03_a_slot_count_names_its_creator() -> None:
    """PF2E-A03: ``ends_in`` is the end of a departed creator's slot count."""
    data = _slot_count()
    assert _refused(_patched(data, creator=None)) == (
        "malformed encounter JSON: effects[0].duration.creator must be the "
        "departed creator's id when ends_in is set, a slot count, got None"
    )
    del data["effects"][0]["duration"]["creator"]
    assert _refused(data) == (
        "malformed encounter JSON: effects[0].duration.creator is required (the "
        "departed creator's id when ends_in is set, a slot count)"
    )


@pytest.mark.parametrize("ticked_in", [0, 2, 99])
def test_pf2e_a03_ticked_in_is_a_round_of_the_count(ticked_in: int) -> None:
    """PF2E-A03: ``ticked_in`` is a round whose slot count was made: here round 1."""
    data = _slot_count()
    assert data["effects"][0]["duration"]["ticked_in"] == 1
    assert _refused(_patched(data, ticked_in=ticked_in)) == (
        "malformed encounter JSON: effects[0].duration.ticked_in must be a "
        f"round from 1 to 1 (the current round), or null, got {ticked_in}"
    )


def test_pf2e_a03_ticked_in_before_round_one_is_refused() -> None:
    """PF2E-A03: no count is made before round 1."""
    enc = new_encounter(["A", "B", "C"])
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(2)).state
    data = _saved(enc.leave("A").state)
    assert data["effects"][0]["duration"]["ends_in"] == 2
    assert _refused(_patched(data, ticked_in=1)) == (
        "malformed encounter JSON: effects[0].duration.ticked_in must be null "
        "before round 1, got 1"
    )


def test_pf2e_rounds_the_same_refusals_in_python_words() -> None:
    """PF2E-A03: the constructor refuses what the loader refuses."""
    with pytest.raises(ParameterError) as info:
        Pf2eRounds(2, slot=True)
    assert str(info.value) == (
        "slot must be False unless ends_at or ends_in is set (a bound slot "
        "count; make a duration with rounds(n)), got True"
    )
    with pytest.raises(ParameterError) as info:
        Pf2eRounds(2, "B", creator="A")
    assert str(info.value) == (
        "creator must be None unless ends_in is set (a slot count), got 'A'"
    )
    with pytest.raises(ParameterError) as info:
        Pf2eRounds(2, None, slot=True, ends_in=3)
    assert str(info.value) == (
        "creator must be the departed creator's id when ends_in is set, a slot "
        "count, got None"
    )
    with pytest.raises(ParameterError) as info:
        Pf2eRounds(2, "B", counts_from=1)
    assert str(info.value) == (
        "counts_from must be None unless ends_at is set (a bound count), got 1"
    )


def _random_operations(seed: int, steps: int) -> list[Step]:
    """Random operations on pf2e round counts; every step they take."""
    r = random.Random(seed)
    enc = new_encounter(["A", "B", "C", "D"][: r.randint(1, 4)])
    taken: list[Step] = []
    for _ in range(steps):
        ops = ["advance"] * 4 if enc.order else []
        ops += ["end_turn"] * 2 if enc.current is not None else []
        ops += ["add"] * 3 if enc.ids else []
        ops += ["leave"] * 2 if len(enc.ids) > 1 else []
        ops += ["join"] * 2 if len(enc.ids) < 5 else []
        ops += ["refresh"] if enc.effects else []
        ops += ["delay"] if len(enc.order) > 1 else []
        op = r.choice(ops)
        if op == "advance":
            step = enc.advance()
        elif op == "end_turn":
            step = enc.end_turn()
        elif op == "add":
            ids = list(enc.ids)
            leaves = CreatorLeaves.END if r.random() < 0.15 else CreatorLeaves.CONTINUE
            d: Any = rounds(r.randint(1, 3), creator_leaves=leaves)
            if r.random() < 0.2:
                d = FirstOf(d, UntilEvent("x"))
            step = enc.add_effect(
                "fx", source=r.choice(ids), target=r.choice(ids), duration=d
            )
        elif op == "leave":
            step = enc.leave(r.choice(list(enc.ids)))
        elif op == "join":
            new = r.choice([c for c in "ABCDE" if c not in enc.ids])
            step = enc.join(Combatant(new), after=r.choice([*enc.order, None]))
        elif op == "refresh":
            step = enc.refresh_effect(r.choice(enc.effects).id)
        else:
            round_over = enc.up_next is None
            movable = [
                c
                for c in enc.order
                if c != enc.current and (round_over or c not in enc.done)
            ]
            if not movable:
                continue
            who = r.choice(movable)
            step = enc.delay(who, after=r.choice([c for c in enc.order if c != who]))
        taken.append(step)
        enc = step.state
    return taken


@pytest.mark.parametrize("seed", range(60))
def test_pf2e_a03_every_state_operations_leave_loads_and_its_events_agree(
    seed: int,
) -> None:
    """PF2E-R02, PF2E-A03, PF2E-A04: what operations leave loads back equal.

    And the last ``remaining`` the step's events say of each effect
    (``EffectChanged``, ``EffectTicked``) is what the state says after it.
    """
    for step in _random_operations(seed, 40):
        said: dict[str, object] = {}
        for event in step.events:
            if isinstance(event, (EffectChanged, EffectTicked)):
                said[event.effect.id] = event.remaining
            elif isinstance(event, (EffectAdded, EffectRefreshed)):
                said.pop(event.effect.id, None)
        for effect in step.state.effects:
            if effect.id in said:
                assert said[effect.id] == step.state.remaining(effect.id), step
        assert Encounter.from_json(_saved(step.state)) == step.state


def test_end_encounter_effect_changed_json_has_null_remaining() -> None:
    """PF2E-R02: after the end the count is game time, ``remaining`` not measured."""
    from rollwerk.encounter import event_to_json

    enc = new_encounter(["A", "B"]).advance().state
    enc = enc.add_effect("x", source="A", target="B", duration=rounds(2)).state
    changed = [e for e in end_encounter(enc).events if isinstance(e, EffectChanged)]
    data = event_to_json(changed[0])
    assert (data["remaining"], data["unit"]) == (None, None)


# -- 3. a hand-built Pf2eRounds ------------------------------------------------


def test_pf2e_r02_a_bound_pf2e_rounds_is_bound_afresh_by_add_effect() -> None:
    """PF2E-R02: ``ends_at`` of a bound value is not kept; ``tick_on`` counts."""
    enc = new_encounter(["A", "B"]).advance().state
    step = enc.add_effect(
        "x", source="A", target="B", duration=Pf2eRounds(2, tick_on="B", ends_at=1)
    )
    assert step.state.effects[0].duration == Pf2eRounds(2, "B", 2)
    assert step.state.remaining("e1") == 2


# -- 4. new_encounter's arguments ---------------------------------------------


def test_new_encounter_refuses_order_with_by_initiative() -> None:
    """PF2E initiative: order and by_initiative=True would both order it."""
    with pytest.raises(ParameterError) as info:
        new_encounter(["A", "B"], order=["B", "A"], by_initiative=True)
    assert str(info.value) == (
        "by_initiative must be False when order is given (order fixes the "
        "initiative order), got True"
    )
    assert new_encounter(["A", "B"], order=["B", "A"]).order == ("B", "A")


@pytest.mark.parametrize("flag", ["no", 1, None])
def test_new_encounter_by_initiative_is_true_or_false(flag: object) -> None:
    """PF2E initiative: the flag is never read as truthy."""
    with pytest.raises(ParameterError) as info:
        new_encounter(["A", "B"], by_initiative=flag)  # type: ignore[arg-type]
    assert str(info.value) == f"by_initiative must be True or False, got {flag!r}"
