"""Pathfinder durations on the encounter clock (PF2E-R01 to R05, A02 to A05).

Initiative order is A, B, C; "R1A" is round 1, A's turn (spec section 3).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Combatant, Encounter, ParameterError, RulesError, SchemaError
from rollwerk.encounter import (
    EffectChanged,
    EffectExpired,
    EffectTicked,
    RoundStarted,
    Timeline,
    TurnEnded,
    TurnStarted,
)
from rollwerk.testing import assert_timeline_contract
from rollwerk_pf2e import (
    DURATION_KINDS,
    PF2E,
    CreatorLeaves,
    Pf2eRounds,
    encounter_long,
    end_encounter,
    game_time,
    initiative_order,
    instantaneous,
    new_encounter,
    rounds,
    through_next_turns,
    until,
    until_end_of_next_turn,
    until_event,
)


def at(enc: Encounter, round_: int, who: str) -> Encounter:
    """Advance to the start of ``who``'s turn in ``round_``."""
    while not (enc.round == round_ and enc.current == who):
        enc = enc.advance().state
    return enc


def expiry(enc: Encounter, effect_id: str = "e1", limit: int = 60) -> str:
    """Advance until the effect expires; say when: 'start R2A' / 'end R1B'."""
    last = ""
    for _ in range(limit):
        step = enc.advance()
        for ev in step.events:
            if isinstance(ev, TurnStarted):
                last = f"start R{ev.round}{ev.combatant}"
            elif isinstance(ev, TurnEnded):
                last = f"end R{ev.round}{ev.combatant}"
            elif isinstance(ev, RoundStarted):
                last = f"round R{ev.round}"
            elif isinstance(ev, EffectExpired) and ev.effect.id == effect_id:
                return last
        enc = step.state
    return "never"


def add(enc: Encounter, source: str, target: str, duration: object) -> Encounter:
    return enc.add_effect("fx", source=source, target=target, duration=duration).state  # type: ignore[arg-type]


ABC = ["A", "B", "C"]


def test_pf2e_r02_d1_one_round_effect() -> None:
    """PF2E-R02, vector D1: A on R1A creates a 1-round effect: ends at the start of R2A."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", rounds(1))
    assert enc.remaining("e1") == 1
    assert expiry(enc) == "start R2A"


def test_pf2e_r02_d2_three_round_effect() -> None:
    """PF2E-R02, vector D2: a 3-round effect from R1A ends at the start of R4A."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "C", rounds(3))
    assert expiry(enc) == "start R4A"


def test_pf2e_r03_d3_until_end_of_targets_next_turn() -> None:
    """PF2E-R03, vector D3: A on R1A, "until the end of B's next turn": end of R1B."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", until_end_of_next_turn())
    assert expiry(enc) == "end R1B"


def test_pf2e_r03_d4_applied_after_targets_turn() -> None:
    """PF2E-R03, vector D4: C on R1C puts it on B: ends at the end of R2B."""
    enc = add(at(new_encounter(ABC), 1, "C"), "C", "B", until_end_of_next_turn())
    assert expiry(enc) == "end R2B"


def test_pf2e_a02_d5_own_turn_never_counts() -> None:
    """PF2E-A02, vector D5: B on R1B, "until the end of your next turn": end of R2B."""
    enc = add(at(new_encounter(ABC), 1, "B"), "B", "B", until_end_of_next_turn())
    assert expiry(enc) == "end R2B"


def test_pf2e_r04_d6_through_next_three_turns() -> None:
    """PF2E-R04, vector D6: A on R1A, "through B's next 3 turns": end of R3B."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", through_next_turns(3))
    assert enc.remaining("e1") == 3
    assert expiry(enc) == "end R3B"


def test_pf2e_a04_d7_created_outside_creators_turn() -> None:
    """PF2E-A04, vector D7: A's reaction during R1C, 1 round: ends at the start of R2A."""
    enc = add(at(new_encounter(ABC), 1, "C"), "A", "C", rounds(1))
    assert expiry(enc) == "start R2A"


def test_pf2e_a04_created_before_the_first_round() -> None:
    """PF2E-A04: an effect created before combat ticks at the creator's first turn start."""
    enc = add(new_encounter(ABC), "B", "A", rounds(1))
    assert expiry(enc) == "start R1B"


@given(
    st.integers(1, 6), st.sampled_from(ABC), st.sampled_from(ABC), st.sampled_from(ABC)
)
def test_pf2e_r02_invariant_survives_exactly_n_decrements(
    n: int, creator: str, target: str, when: str
) -> None:
    """PF2E-R02 invariant: ends at the creator's n-th turn start from now, nowhere else."""
    enc = at(new_encounter(ABC), 1, when)
    enc = add(enc, creator, target, rounds(n))
    # creator's next turn start is this round if its turn is still to come
    first = 1 if ABC.index(creator) > ABC.index(when) else 2
    assert expiry(enc) == f"start R{first + n - 1}{creator}"


@given(
    st.integers(1, 5), st.sampled_from(ABC), st.sampled_from(ABC), st.sampled_from(ABC)
)
def test_pf2e_r04_invariant_through_n_turns(
    n: int, creator: str, target: str, when: str
) -> None:
    """PF2E-R04 invariant: ends at the end of the n-th target turn that began after."""
    enc = at(new_encounter(ABC), 1, when)
    enc = add(enc, creator, target, through_next_turns(n))
    first = 1 if ABC.index(target) > ABC.index(when) else 2
    assert expiry(enc) == f"end R{first + n - 1}{target}"


def test_pf2e_r02_ties_in_initiative_do_not_matter() -> None:
    """Edge case: two combatants tied in initiative; the effect follows its creator's id."""
    people = [
        Combatant("pc", initiative=15, owner="Alex"),
        Combatant("orc", initiative=15),
        Combatant("wolf", initiative=9),
    ]
    enc = new_encounter(people, by_initiative=True)
    assert enc.order == ("orc", "pc", "wolf")  # adversary first on a tie
    enc = add(at(enc, 1, "orc"), "pc", "wolf", rounds(1))
    assert expiry(enc) == "start R1pc"
    enc2 = add(
        at(new_encounter(people, by_initiative=True), 1, "pc"), "pc", "orc", rounds(1)
    )
    assert expiry(enc2) == "start R2pc"


def test_initiative_order_rule_and_ruleset_hook() -> None:
    people = [
        Combatant("p1", initiative=20, owner="Kim"),
        Combatant("g1", initiative=20, owner="GM"),
        Combatant("p2", initiative=12, owner="Lee"),
        Combatant("g2", initiative=25),
    ]
    from rollwerk import ScriptedRng

    assert initiative_order(people, ScriptedRng([])) == ("g2", "g1", "p1", "p2")
    enc = Encounter.for_ruleset(PF2E, people, rng=ScriptedRng([]))
    assert enc.order == ("g2", "g1", "p1", "p2")
    assert enc.round_seconds == 6


def test_pf2e_a03_creator_leaves_counts_on_at_its_slot() -> None:
    """PF2E-A03: the creator dies; the effect still ends where its turn would start."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "C", rounds(2))
    enc = at(enc, 1, "B")
    step = enc.leave("A")
    assert any(isinstance(e, EffectChanged) for e in step.events)
    # A's turn would have started at R3 before B: the effect ends at the start of R3B
    assert expiry(step.state) == "start R3B"


def test_pf2e_a03_creator_leaves_during_its_own_turn() -> None:
    enc = add(at(new_encounter(ABC), 2, "A"), "A", "B", rounds(1))
    assert expiry(enc.leave("A").state) == "start R3B"


def test_pf2e_a03_last_in_order_creator_leaves() -> None:
    """PF2E-A03: C (last in order) leaves in R2 before its turn; its R2 slot is
    at the end of round 2, after B's turn (it used to end at the start of
    R3A, a round late)."""
    enc = add(at(new_encounter(ABC), 1, "C"), "C", "A", rounds(1))
    enc = at(enc, 2, "A")
    assert expiry(enc.leave("C").state) == "end R2B"


def test_pf2e_a03_creator_leaves_before_its_turn() -> None:
    enc = add(at(new_encounter(ABC), 1, "A"), "B", "C", rounds(1))  # B's reaction
    assert expiry(enc.leave("B").state) == "start R1C"


def test_pf2e_a03_the_slot_stays_when_the_one_after_it_delays() -> None:
    """PF2E-A03: the count stays at the departed creator's slot.

    Found by integrators: after A left, the effect ticked on B (next after
    A's slot); when B then delayed behind D, the tick moved with B and the
    effect ended at R3B, almost a round late. It now goes on with C, which
    follows the slot: tick at the start of round 2, over at the start of
    round 3.
    """
    enc = add(at(new_encounter([*ABC, "D"]), 1, "A"), "A", "D", rounds(2))
    enc = at(enc.leave("A").state, 1, "D")
    step = enc.delay("B", after="D")
    changed = [e for e in step.events if isinstance(e, EffectChanged)]
    assert [(e.effect.duration.anchor, e.remaining) for e in changed] == [("C", 2)]
    assert step.state.order == ("C", "D", "B")
    assert expiry(step.state) == "start R3C"


def test_pf2e_a03_a_living_creator_who_delays_keeps_its_count() -> None:
    """PF2E-R02: the count follows the creator's own turns when it delays."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "C", rounds(1))
    enc = at(enc, 1, "C")
    step = enc.delay("A", after="B")  # from round 2 on: B, A, C
    assert not any(isinstance(e, EffectChanged) for e in step.events)
    assert expiry(step.state) == "start R2A"


def test_pf2e_a03_flag_ends_effect_immediately() -> None:
    """PF2E-A03: a configuration flag ends the effect when its creator leaves."""
    enc = add(
        at(new_encounter(ABC), 1, "A"),
        "A",
        "C",
        rounds(3, creator_leaves=CreatorLeaves.END),
    )
    step = enc.leave("A")
    assert step.state.effects == ()
    assert any(isinstance(e, EffectExpired) for e in step.events)


def test_delay_moves_the_creators_tick() -> None:
    """Edge case: when the creator delays, its rounds tick at its (later) turn start."""
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", rounds(1))
    enc = at(enc, 1, "C")
    # before R2 starts, A delays to act after C
    enc = enc.delay("A", after="C").state
    assert expiry(enc) == "start R2A"
    assert enc.order == ("B", "C", "A")


def test_delay_of_the_target_and_until_end_of_next_turn() -> None:
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", until_end_of_next_turn())
    enc = enc.delay("B", after="C").state
    assert expiry(enc) == "end R1B"


def test_pf2e_r05_conditional_duration() -> None:
    """PF2E-R05: an effect lasts until a condition becomes true."""
    enc = at(new_encounter(ABC), 1, "A")
    enc = add(enc, "A", "B", until(lambda s: s.round >= 3, "until round 3"))
    assert expiry(enc) == "round R3"  # checked as soon as round 3 starts
    with pytest.raises(SchemaError):
        add(at(new_encounter(ABC), 1, "A"), "A", "B", until(lambda s: False)).to_json()


def test_pf2e_r05_until_event() -> None:
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", until_event("B:stood-up"))
    assert len(enc.advance(10).state.effects) == 1
    assert enc.signal("B:stood-up").state.effects == ()


def test_encounter_long_and_end_encounter() -> None:
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", encounter_long())
    enc = add(enc, "A", "B", rounds(2))
    assert len(enc.advance(9).state.effects) == 1  # the 2-round effect is gone
    step = end_encounter(enc)
    assert [e.duration.kind for e in step.state.effects] == ["game_time"]
    assert step.state.ended


def test_game_time_one_round_is_six_seconds() -> None:
    """Time-based durations: 1 round = 6 s; a minute is ten rounds."""
    assert game_time(rounds=1).seconds == Fraction(6)
    assert game_time(hours=1, minutes=1).seconds == Fraction(3660)
    enc = add(at(new_encounter(ABC), 1, "A"), "A", "B", game_time(minutes=1))
    assert expiry(enc) == "round R11"  # the clock runs 6 s as each round starts
    enc2 = add(new_encounter(ABC), "A", "B", game_time(minutes=10))
    assert enc2.pass_time(600).state.effects == ()
    with pytest.raises(ParameterError) as info:
        game_time()
    assert str(info.value) == (
        "rounds, seconds, minutes, hours or days must be more than 0 in all, got 0"
    )
    with pytest.raises(ParameterError) as info:
        game_time(minutes=0)  # a VTT tester: it said got Fraction(0, 1)
    assert str(info.value).endswith("more than 0 in all, got 0")
    # too long for JSON: the part given is named, not the seconds it makes
    with pytest.raises(ParameterError) as info:
        game_time(minutes=10**400)
    assert str(info.value) == (
        "minutes must be an int or Fraction of at most 40 digits above and below "
        "the line (what JSON holds), got an integer of 401 digits"
    )


def test_pf2e_r01_instantaneous() -> None:
    """PF2E-R01: an instantaneous effect is resolved at once and never lasts."""
    enc = at(new_encounter(ABC), 1, "A")
    step = enc.add_effect("stride", source="A", target="A", duration=instantaneous())
    assert step.state.effects == ()


def test_pf2e_rounds_validation_json_and_rewind() -> None:
    with pytest.raises(
        ParameterError, match=r"^n must be an integer from 1 to 2\*\*62, got 0$"
    ):
        rounds(0)
    with pytest.raises(
        ParameterError, match=r"^n must be an integer from 1 to 2\*\*62, got 0$"
    ):
        through_next_turns(0)
    with pytest.raises(RulesError, match="not bound"):
        Pf2eRounds(2).remaining(new_encounter(ABC))
    enc = add(
        at(new_encounter(ABC), 1, "A"),
        "A",
        "B",
        rounds(3, creator_leaves=CreatorLeaves.END),
    )
    data = enc.to_json()
    assert Encounter.from_json(data, kinds=DURATION_KINDS) == enc
    # With the plugin installed, its kinds come from its hook: no kinds=.
    assert Encounter.from_json(data) == enc
    tl = Timeline.start(enc)
    for _ in range(12):
        tl = tl.do(Encounter.advance)
    assert tl.current.effects == ()
    assert tl.rewind(12).current == enc
    # R1A + 9 turns = the start of R4A, where the 3-round effect ends
    assert [e.name for e in tl.rewind(3).current.effects] == []
    assert [e.name for e in tl.rewind(4).current.effects] == ["fx"]


@given(st.integers(1, 4), st.integers(1, 12))
def test_durations_never_revive(n: int, steps: int) -> None:
    """Contract: an expired duration never comes back while the encounter advances."""
    enc = add(at(new_encounter(ABC), 1, "B"), "B", "A", rounds(n))
    gone = False
    for _ in range(steps * 2):
        enc = enc.advance().state
        present = bool(enc.effects)
        if gone:
            assert not present
        gone = gone or not present


def test_pf2e_a03_leaving_during_own_turn_never_grows_or_ticks_early() -> None:
    """PF2E-A03: A leaves during its own turn in R2 with 1 round left.

    The effect must keep 1 round (not grow to 2) and must not tick at the
    start of R2B, which comes before A's next slot; it ends at the start of
    R3B, where A's R3 turn would have started.
    """
    enc = add(at(new_encounter(ABC), 2, "A"), "A", "B", rounds(1))
    tl = Timeline.start(enc).do(lambda s: s.leave("A"))
    assert tl.current.remaining("e1") == 1
    tl = tl.do(Encounter.advance)  # start R2B: not a tick
    assert not any(isinstance(e, EffectTicked) for e in tl.log[-1])
    assert tl.current.remaining("e1") == 1
    assert expiry(tl.current) == "start R3B"
    assert_timeline_contract(tl, DURATION_KINDS)
    data = tl.current.to_json()
    assert Encounter.from_json(data, kinds=DURATION_KINDS) == tl.current


def _ends(
    enc: Encounter,
    effect_id: str = "e1",
    mark: type[TurnStarted] | type[TurnEnded] = TurnStarted,
) -> tuple[int, str] | None:
    """(round, combatant) of the turn start (or end) right before the effect expires."""
    last: tuple[int, str] | None = None
    for _ in range(60):
        step = enc.advance()
        for ev in step.events:
            if isinstance(ev, mark):
                last = (ev.round, ev.combatant)
            elif isinstance(ev, EffectExpired) and ev.effect.id == effect_id:
                return last
        enc = step.state
    return None


@given(
    st.integers(3, 4),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.integers(0, 5),
    st.integers(1, 4),
    st.integers(0, 8),
)
def test_pf2e_a03_invariant_ends_where_the_leavers_turn_would_start(
    people: int, who: tuple[int, int], created_after: int, n: int, left_after: int
) -> None:
    """PF2E-A03 invariant: after the creator leaves, the effect ends in the round
    in which the creator's n-th turn would have started, right at its slot (the
    start of the next combatant's turn, or the end of the round when the
    creator was last), what remains never grows, and it never ticks at a
    turn start before the creator's next slot."""
    creator, target = who
    ids = "ABCD"[:people]
    creator_id, target_id = ids[creator % people], ids[target % people]
    if target_id == creator_id:
        target_id = ids[(creator + 1) % people]
    enc = new_encounter(list(ids))
    if created_after:
        enc = enc.advance(created_after).state
    enc = add(enc, creator_id, target_id, rounds(n))
    # the reference: the creator stays; when would the effect end?
    ref = _ends(enc)
    assert ref is not None
    assert ref[1] == creator_id
    tl = Timeline.start(enc)
    for _ in range(left_after):
        if not tl.current.effects:
            return
        tl = tl.do(Encounter.advance)
    if not tl.current.effects:
        return
    tl = tl.do(lambda s: s.leave(creator_id))
    assert tl.current.remaining("e1") == tl.states[-2].remaining("e1")
    i = ids.index(creator_id)
    if i == people - 1:
        # the last one's slot is at the end of the round, after the last turn
        assert _ends(tl.current, mark=TurnEnded) == (ref[0], ids[people - 2])
    else:
        assert _ends(tl.current) == (ref[0], ids[i + 1])
    for _ in range(4 * (n + 2)):
        if not tl.current.effects:
            break
        tl = tl.do(Encounter.advance)
    assert_timeline_contract(tl, DURATION_KINDS)
    for before, events in zip(tl.states[:-1], tl.log, strict=True):
        for ev in events:
            if isinstance(ev, EffectTicked):
                # a tick drops exactly one and only at the leaver's slot
                assert ev.remaining == before.remaining("e1") - 1


@pytest.mark.parametrize(
    ("kwargs", "name", "value"),
    [
        ({"minutes": 2, "seconds": -30}, "seconds", -30),
        ({"minutes": 0.5}, "minutes", 0.5),
        ({"rounds": True}, "rounds", True),
        ({"hours": "1"}, "hours", "1"),
    ],
)
def test_game_time_components_validated(
    kwargs: dict[str, object], name: str, value: object
) -> None:
    """Time-based durations: each component is a non-negative int or Fraction;
    a negative part used to be netted silently against the others, a float
    turned into a binary fraction of a second."""
    with pytest.raises(ParameterError) as info:
        game_time(**kwargs)  # type: ignore[arg-type]
    assert (info.value.parameter, info.value.value) == (name, value)
    assert str(info.value).startswith(f"{name} must be an int or Fraction >= 0, got")


def test_typed_bonuses_do_not_stack_untyped_do() -> None:
    """Stacking policy of the ruleset (full rules, beyond the excerpt): two status
    bonuses give only the higher, penalties of one type only the worst, untyped
    penalties add up; ``new_encounter`` and ``Encounter.for_ruleset`` use it
    (both used to sum everything)."""
    from rollwerk import Modifier

    mods = [
        Modifier(1, "bless", "status"),
        Modifier(2, "heroism", "status"),
        Modifier(-1, "frightened 1", "status"),
        Modifier(-3, "sickened 3", "status"),
        Modifier(-1, "multiple attack a", "untyped"),
        Modifier(-2, "multiple attack b", "untyped"),
        Modifier(1, "aid", "circumstance"),
        Modifier(1, "cover", "circumstance"),
    ]
    encounters = (
        new_encounter(ABC),
        Encounter.for_ruleset(PF2E, ABC, order=ABC),
    )
    for start in encounters:
        enc = start
        for m in mods:
            enc = enc.add_effect(
                m.source, source="A", target="B", duration=rounds(1), modifiers=[m]
            ).state
        assert enc.modifier_total("B") == 2 - 3 - 3 + 1
        assert enc.modifier_total("B", "status") == 2 - 3
        assert enc.modifier_total("B", "untyped") == -3


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Pf2eRounds(2, creator_leaves="end"),
            (
                "creator_leaves must be CreatorLeaves.CONTINUE or CreatorLeaves.END, "
                "got 'end'"
            ),
        ),
        (
            lambda: Pf2eRounds(2, tick_on=3),
            "tick_on must be a combatant's id (a str) or None, got 3",
        ),
        (
            lambda: Pf2eRounds(2**62 + 1),
            "n must be an integer from 1 to 2**62, got 4611686018427387905",
        ),
    ],
)
def test_pf2e_rounds_check_their_fields(make, message) -> None:
    # a string for CreatorLeaves.END was taken and never ended the effect
    with pytest.raises(ParameterError) as info:
        make()
    assert str(info.value) == message


def test_pf2e_rounds_on_an_unknown_combatant_names_tick_on() -> None:
    """It named ``combatant``, a parameter the caller never gave."""
    enc = new_encounter(["A", "B"]).advance().state
    with pytest.raises(ParameterError) as info:
        enc.add_effect("x", source="A", target="B", duration=Pf2eRounds(2, "Z"))
    assert str(info.value) == (
        "tick_on must be the id of a combatant in the encounter (A, B), got 'Z'"
    )
