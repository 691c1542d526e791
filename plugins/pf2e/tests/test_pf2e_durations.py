"""Pathfinder durations on the encounter clock (PF2E-R01 to R05, A02 to A05).

Initiative order is A, B, C; "R1A" is round 1, A's turn (spec section 3).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import (
    Combatant,
    EffectChanged,
    EffectExpired,
    Encounter,
    ParameterError,
    RoundStarted,
    RulesError,
    SchemaError,
    Timeline,
    TurnEnded,
    TurnStarted,
)
from rollwerk_pf2e import (
    DURATION_KINDS,
    CreatorLeaves,
    Pf2eRounds,
    Pf2eRuleset,
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
    enc = Encounter.for_ruleset(Pf2eRuleset(), people, rng=ScriptedRng([]))
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
    """PF2E-A03: C (last in order) leaves; its R2 slot falls before R3A starts."""
    enc = add(at(new_encounter(ABC), 1, "C"), "C", "A", rounds(1))
    enc = at(enc, 2, "A")
    assert expiry(enc.leave("C").state) == "start R3A"


def test_pf2e_a03_creator_leaves_before_its_turn() -> None:
    enc = add(at(new_encounter(ABC), 1, "A"), "B", "C", rounds(1))  # B's reaction
    assert expiry(enc.leave("B").state) == "start R1C"


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
    with pytest.raises(
        ParameterError, match=r"^game_time must be a positive length of time"
    ):
        game_time()


def test_pf2e_r01_instantaneous() -> None:
    """PF2E-R01: an instantaneous effect is resolved at once and never lasts."""
    enc = at(new_encounter(ABC), 1, "A")
    step = enc.add_effect("stride", source="A", target="A", duration=instantaneous())
    assert step.state.effects == ()


def test_pf2e_rounds_validation_json_and_rewind() -> None:
    with pytest.raises(ParameterError, match=r"^n must be an integer >= 1, got 0$"):
        rounds(0)
    with pytest.raises(ParameterError, match=r"^n must be an integer >= 1, got 0$"):
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
