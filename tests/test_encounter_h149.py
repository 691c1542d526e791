"""A VTT tester's reports on the core encounter (docs only, held out).

Each test is one report: the message for a counter's ``reset`` given as a
string, the argument a ``Concentration`` duration's refusal names, effects
of one name from two sources in the log, a zero game time, and joining many
combatants (checked against the former join for equal states).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

from rollwerk.encounter import (
    Combatant,
    Concentration,
    Counter,
    CounterReset,
    EffectExpired,
    Encounter,
    FirstOf,
    GameTime,
    InitiativeRule,
    Rounds,
    SameName,
    StackingPolicy,
    Timeline,
    _operations,
    describe_events,
)
from rollwerk.encounter._durations import _read_as
from rollwerk.encounter._events import CombatantJoined, Event
from rollwerk.errors import ParameterError

# ------------------------------------------------------------- 1. reset=


def _fight() -> Encounter:
    return Encounter.create(["A", "B"]).advance().state


def test_adz_r18_a_reset_given_as_its_value_string_lists_the_members() -> None:
    """ADZ-R18 counts reactions per round: ``reset`` takes a member only.

    As ``SameName``, ``Stacking``, ``Degree`` and ``ContestOutcome``
    arguments, a value string is refused, and the message lists what is
    taken.
    """
    with pytest.raises(ParameterError) as info:
        _fight().count("B", "reactions", reset="round")  # type: ignore[arg-type]
    assert str(info.value) == (
        "reset must be one of CounterReset.ROUND, CounterReset.TURN, got 'round'"
    )
    with pytest.raises(ParameterError) as info:
        Counter("reactions", 1, "turn")  # type: ignore[arg-type]
    assert str(info.value) == (
        "reset must be one of CounterReset.ROUND, CounterReset.TURN, got 'turn'"
    )


def test_adz_r18_a_refused_reset_changes_nothing_and_members_count() -> None:
    enc = _fight()
    with pytest.raises(ParameterError):
        enc.count("B", "reactions", reset=None)  # type: ignore[arg-type]
    assert enc.counter("B", "reactions") == 0
    enc = enc.count("B", "reactions", reset=CounterReset.ROUND).state
    enc = enc.count("B", "reactions", reset=CounterReset.ROUND).state
    assert enc.counter("B", "reactions") == 2
    assert enc.advance(2).state.counter("B", "reactions") == 0  # round 2


# ---------------------------------------------- 2. Concentration's source


def test_adz_r33_concentration_of_a_source_that_is_no_combatant_names_source() -> None:
    """ADZ-R33: concentration is the caster's, so ``source`` must be a combatant."""
    with pytest.raises(ParameterError) as info:
        _fight().add_effect("t", source="GM", target="B", duration=Concentration())
    assert str(info.value) == (
        "source must be the id of a combatant in the encounter (A, B), as its "
        "Concentration duration lasts while the source concentrates, got 'GM'"
    )
    with pytest.raises(ParameterError) as info:
        _fight().add_effect(
            "t",
            source="GM",
            target="B",
            duration=FirstOf(GameTime(60), Concentration()),
        )
    assert str(info.value) == (
        "source must be the id of a combatant in the encounter (A, B), as its "
        "FirstOf duration lasts while the source concentrates, got 'GM'"
    )


def test_pf2e_r02_the_other_kinds_keep_their_words_and_of_is_named() -> None:
    with pytest.raises(ParameterError) as info:
        _fight().add_effect("t", source="GM", target="B", duration=Rounds(1))
    assert str(info.value) == (
        "source must be the id of a combatant in the encounter (A, B), as its "
        "Rounds duration follows the source's turns, got 'GM'"
    )
    with pytest.raises(ParameterError) as info:
        _fight().add_effect(
            "t", source="A", target="B", duration=Concentration(of="GM")
        )
    assert str(info.value) == (
        "of must be the id of a combatant in the encounter (A, B), got 'GM'"
    )
    # a source that is no combatant is fine where nothing follows it
    step = _fight().add_effect(
        "t", source="GM", target="B", duration=Concentration(of="A")
    )
    assert step.state.is_concentrating("A")


# ------------------------------------------------- 3. one name, two sources


def _two_blesses() -> Encounter:
    enc = (
        Encounter.create(
            [Combatant("k", "Kyra"), Combatant("v", "Valeros"), Combatant("m", "Max")]
        )
        .advance()
        .state
    )
    enc = enc.add_effect("Bless", source="k", target="m", duration=Rounds(1)).state
    return enc.add_effect("Bless", source="v", target="m", duration=Rounds(2)).state


def test_pf2e_r02_ends_and_ticks_name_the_source_when_two_share_a_name() -> None:
    tl = Timeline.start(_two_blesses()).do(lambda s: s.advance(3))
    assert tl.describe().splitlines() == [
        "Kyra's turn ends.",
        "Valeros' turn begins.",
        "Bless on Max from Valeros: 1 round left.",
        "Valeros' turn ends.",
        "Max's turn begins.",
        "Max's turn ends.",
        "Round 1 ends.",
        "Round 2 begins.",
        "Kyra's turn begins.",
        "Bless on Max from Kyra ends.",
    ]
    assert (
        tl.describe("de").splitlines()[2] == "Bless auf Max von Valeros: noch 1 Runde."
    )
    assert tl.describe("de").splitlines()[-1] == "Bless auf Max von Kyra endet."


def test_pf2e_r02_a_removal_names_the_source_and_a_lone_effect_does_not() -> None:
    enc = _two_blesses()
    step = enc.remove_effect("e2")
    assert describe_events(step.events, state=enc) == [
        "Bless on Max from Valeros is removed."
    ]
    # the state after holds Kyra's Bless still: told apart too
    assert describe_events(step.events, state=step.state) == [
        "Bless on Max from Valeros is removed."
    ]
    # without a state, the step's own events are all there is to go by
    assert describe_events(step.events) == ["Bless on m is removed."]
    assert step.events[0].describe(state=enc) == "Bless on Max from Valeros is removed."
    assert step.events[0].describe("de", state=enc) == (
        "Bless auf Max von Valeros wird entfernt."
    )
    # once Kyra's Bless is the only one, its end reads as before
    step = step.state.remove_effect("e1")
    assert describe_events(step.events, state=step.state) == [
        "Bless on Max is removed."
    ]


def test_pf2e_r02_two_ending_in_one_step_name_their_sources() -> None:
    enc = Encounter.create(["k", "v", "m"]).advance().state
    enc = enc.add_effect("Bless", source="k", target="m", duration=Rounds(1)).state
    enc = enc.add_effect("Bless", source="v", target="m", duration=Rounds(1, "k")).state
    step = enc.advance(3)
    ended = [e for e in step.events if isinstance(e, EffectExpired)]
    assert describe_events(ended) == [
        "Bless on m from k ends.",
        "Bless on m from v ends.",
    ]


def test_the_same_source_twice_and_other_targets_keep_the_short_words() -> None:
    enc = Encounter.create(["k", "v", "m"]).advance().state
    enc = enc.add_effect("Bless", source="k", target="m", duration=Rounds(1)).state
    enc = enc.add_effect("Bless", source="k", target="m", duration=Rounds(2)).state
    enc = enc.add_effect("Bless", source="v", target="k", duration=Rounds(1)).state
    step = enc.advance(3)
    ended = [e for e in step.events if isinstance(e, EffectExpired)]
    assert [e.describe(state=enc) for e in ended] == [
        "Bless on k ends.",
        "Bless on m ends.",
    ]


def test_a_replaced_effect_from_another_source_names_it() -> None:
    enc = Encounter.create(
        ["k", "v", "m"], stacking=StackingPolicy(same_name=SameName.REPLACE)
    )
    enc = enc.advance().state
    enc = enc.add_effect("Bless", source="k", target="m", duration=Rounds(1)).state
    step = enc.add_effect("Bless", source="v", target="m", duration=Rounds(1))
    assert describe_events(step.events) == [
        "Bless on m from k is replaced by a newer one.",
        "v puts Bless on m: 1 round, counted at the start of v's turns.",
    ]


# ---------------------------------------------------------- 4. game time


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: GameTime.minutes(0), "minutes must be an int or Fraction > 0, got 0"),
        (lambda: GameTime.hours(0), "hours must be an int or Fraction > 0, got 0"),
        (lambda: GameTime.days(-1), "days must be an int or Fraction > 0, got -1"),
        (
            lambda: GameTime.minutes(Fraction(-1, 2)),
            "minutes must be an int or Fraction > 0, got Fraction(-1, 2)",
        ),
        (lambda: GameTime(0), "seconds must be an int or Fraction > 0, got 0"),
    ],
)
def test_adz_r14_a_zero_game_time_shows_the_value_given(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        make()
    assert str(info.value) == message


def test_adz_r14_game_time_in_minutes_hours_days_is_unchanged() -> None:
    assert GameTime.minutes(30).seconds == Fraction(1800)
    assert GameTime.hours(Fraction(1, 2)).seconds == Fraction(1800)
    assert GameTime.days(1).seconds == Fraction(86400)
    with pytest.raises(ParameterError) as info:
        GameTime.days(10**40)
    assert str(info.value).startswith("days must be an int or Fraction of at most 40")


# ------------------------------------------------------------- 5. joining


def _old_slot_passed(enc: Encounter, order: tuple[str, ...], cid: str) -> bool:
    if enc.round == 0:
        return False
    pos = order.index(cid)
    return any(o in enc.done or o == enc.current for o in order[pos + 1 :])


def _old_join(
    enc: Encounter,
    combatant: Combatant,
    *,
    after: str | None = None,
    initiative: InitiativeRule | None = None,
) -> tuple[Encounter, tuple[Event, ...]]:
    """``join`` as it was before: a search of the order for each join."""
    new = combatant
    if new.id in enc.ids:
        raise ParameterError("combatant id", new.id, "an id not yet in the encounter")
    if after is not None:
        _read_as("after", after, lambda: enc.combatant(after))
        pos = enc.order.index(after) + 1
    elif initiative is not None:
        from rollwerk.rng import ScriptedRng

        def first(cid: str) -> bool:
            ranked = tuple(initiative([enc.combatant(cid), new], ScriptedRng([])))
            return ranked[0] == new.id

        pos = next((i for i, cid in enumerate(enc.order) if first(cid)), len(enc.order))
    else:
        pos = next(
            (
                i
                for i, cid in enumerate(enc.order)
                if enc.combatant(cid).initiative < new.initiative
            ),
            len(enc.order),
        )
    order = (*enc.order[:pos], new.id, *enc.order[pos:])
    passed = _old_slot_passed(enc, order, new.id)
    state = attrs.evolve(
        enc,
        combatants=(*enc.combatants, new),
        order=order,
        done=(*enc.done, new.id) if passed else enc.done,
        departed=tuple(c for c in enc.departed if c.id != new.id),
    )
    events: list[Event] = [CombatantJoined(new.id, passed)]
    return (_operations.settle(state, enc, events), tuple(events))


def _by_value_desc(combatants: object, rng: object) -> tuple[str, ...]:
    """A rule that rolls no die: higher value first, then the one already in."""
    assert isinstance(combatants, list)
    return tuple(c.id for c in sorted(combatants, key=lambda c: -c.initiative))


def test_joining_many_gives_the_states_the_former_join_gave() -> None:
    """Random joins, leaves, delays, advances and undos: equal states, equal events."""
    rnd = random.Random(149)
    start = Encounter.create(
        [Combatant(f"c{i}", initiative=rnd.randint(0, 9)) for i in range(5)]
    )
    start = start.add_effect(
        "Bless", source="c0", target="c1", duration=Rounds(3)
    ).state
    history = [start]
    enc = start
    fresh = 0
    for _ in range(600):
        roll = rnd.random()
        if roll < 0.06 and len(history) > 3:
            enc = history[rnd.randrange(len(history))]  # undo: join from the past
            continue
        if roll < 0.12 and len(enc.order) > 2:
            cid = rnd.choice(enc.order)
            enc = enc.leave(cid).state
        elif roll < 0.2 and enc.round > 0:
            enc = enc.advance(rnd.randint(1, 3)).state
        elif roll < 0.25 and len(enc.order) > 2 and enc.round > 0:
            waiting = [c for c in enc.order if c not in enc.done and c != enc.current]
            if waiting:
                cid = rnd.choice(waiting)
                target = rnd.choice([c for c in enc.order if c != cid])
                enc = enc.delay(cid, after=target).state
        else:
            if rnd.random() < 0.1 and enc.departed:
                new = attrs.evolve(rnd.choice(enc.departed), turns=0)
            else:
                fresh += 1
                new = Combatant(f"n{fresh}", initiative=rnd.randint(0, 9))
            how = rnd.random()
            kwargs: dict[str, object] = {}
            if how < 0.15:
                kwargs["after"] = rnd.choice(enc.order)
            elif how < 0.3:
                kwargs["initiative"] = _by_value_desc
            expected = _old_join(enc, new, **kwargs)  # type: ignore[arg-type]
            got = enc.join(new, **kwargs)  # type: ignore[arg-type]
            assert got.state == expected[0]
            assert got.events == expected[1]
            enc = got.state
            if enc.round == 0 and rnd.random() < 0.3:
                enc = enc.advance().state
        history.append(enc)
    assert fresh > 300


def test_joining_from_an_older_state_refuses_only_ids_in_it() -> None:
    """A line of joins undone: the ids of the other line are free again."""
    base = Encounter.create(["A"]).advance().state
    line = base
    for i in range(20):
        line = line.join(Combatant(f"x{i}", initiative=i)).state
    other = base.join(Combatant("x5", initiative=99)).state  # not in base
    assert other.order == ("x5", "A")
    assert other.done == ("x5",)
    with pytest.raises(ParameterError) as info:
        line.join("x5")
    assert str(info.value) == (
        "combatant id must be an id not yet in the encounter, got 'x5'"
    )
    with pytest.raises(ParameterError) as info:
        other.join("x5")
    assert str(info.value) == (
        "combatant id must be an id not yet in the encounter, got 'x5'"
    )
    assert other.join("x6").state.order == ("x5", "A", "x6")


def test_a_loaded_state_joins_as_the_one_it_was_saved_from() -> None:
    enc = Encounter.create([Combatant("A", initiative=5)]).advance().state
    for i in range(30):
        enc = enc.join(Combatant(f"x{i}", initiative=i % 9)).state
    loaded = Encounter.from_json(enc.to_json())
    newcomer = Combatant("late", initiative=4)
    assert loaded.join(newcomer) == enc.join(newcomer)
    assert enc.join(newcomer).state.order.index("late") == 16
    assert enc.join(newcomer, after="x3") == loaded.join(newcomer, after="x3")
    assert enc.join(newcomer, initiative=_by_value_desc) == loaded.join(
        newcomer, initiative=_by_value_desc
    )


def test_joining_many_keeps_the_order_by_initiative() -> None:
    enc = Encounter.create([Combatant("first", initiative=7)]).advance().state
    for i in range(1, 400):
        enc = enc.join(Combatant(f"x{i}", initiative=i % 7)).state
    values = [enc.combatant(c).initiative for c in enc.order[1:]]
    assert values == sorted(values, reverse=True)
    # each joined behind those with its value, so they keep their sequence
    sixes = [c for c in enc.order if c != "first" and enc.combatant(c).initiative == 6]
    assert sixes == [f"x{i}" for i in range(6, 400, 7)]
    # everyone joined behind the turn under way: all act this round
    assert enc.done == ()


def test_an_events_describe_refuses_what_is_no_state() -> None:
    step = _two_blesses().remove_effect("e1")
    with pytest.raises(ParameterError) as info:
        step.events[0].describe(state=42)
    assert str(info.value) == "state must be an encounter state (an Encounter), got 42"
    # the names come from the state given
    assert step.events[0].describe(state=step.state) == (
        "Bless on Max from Kyra is removed."
    )
