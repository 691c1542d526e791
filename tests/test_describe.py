"""Words for durations, effects, events and contests, en and de (issue 20, part 2).

The remaining-time sentences follow the worked examples D1–D7 of the
Pathfinder durations spec (PF2E-R02 to PF2E-R04, PF2E-A02, PF2E-A04): the
round the sentence names is the round the example says the effect ends in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest

from rollwerk import ParameterError, RulesError
from rollwerk.encounter import (
    Actions,
    Combatant,
    Concentration,
    EffectTicked,
    Encounter,
    GameTime,
    Instant,
    NextChecks,
    Permanent,
    Remaining,
    RemovalReason,
    Rounds,
    Timeline,
    UntilCondition,
    UntilEndOfNextTurns,
    UntilEvent,
    describe_duration,
    describe_events,
    describe_remaining,
    round_of_turn,
)
from rollwerk.encounter import _events as ev
from rollwerk.i18n import Catalog, genitive, quantity, time_span

# ----------------------------------------------------------------- grammar


@pytest.mark.parametrize(
    ("name", "en", "de"),
    [
        ("Kyra", "Kyra's", "Kyras"),
        ("Valeros", "Valeros'", "Valeros'"),
        ("Max", "Max's", "Max'"),
        ("Fritz", "Fritz's", "Fritz'"),
        ("Strauß", "Strauß'", "Strauß'"),
        ("Merisiel", "Merisiel's", "Merisiels"),
    ],
)
def test_genitive_of_names(name: str, en: str, de: str) -> None:
    assert (genitive(name)(), genitive(name)("de")) == (en, de)


@pytest.mark.parametrize(
    ("seconds", "en", "de"),
    [
        (1, "1 second", "1 Sekunde"),
        (6, "6 seconds", "6 Sekunden"),
        (60, "1 minute", "1 Minute"),
        (600, "10 minutes", "10 Minuten"),
        (5400, "1 hour and 30 minutes", "1 Stunde und 30 Minuten"),
        (28800, "8 hours", "8 Stunden"),
        (
            86400 * 2 + 61,
            "2 days, 1 minute and 1 second",
            "2 Tage, 1 Minute und 1 Sekunde",
        ),
        (Fraction(15, 2), "7.5 seconds", "7,5 Sekunden"),
        (Fraction(1, 3), "1/3 seconds", "1/3 Sekunden"),
        (0, "0 seconds", "0 Sekunden"),
    ],
)
def test_time_spans(seconds: int | Fraction, en: str, de: str) -> None:
    assert (time_span(seconds)(), time_span(seconds)("de")) == (en, de)


def test_time_span_refuses_negative_time() -> None:
    with pytest.raises(ParameterError) as info:
        time_span(-6)
    assert str(info.value) == "seconds must be a span of at least 0 seconds, got -6"


def test_quantities() -> None:
    assert quantity("rounds", 1)() == "1 round"
    assert quantity("round", 2)("de") == "2 Runden"
    assert quantity("turns", 1)("de") == "1 Zug"
    assert quantity("actions", 3)("de") == "3 Aktionen"
    assert quantity("checks", 1)("de") == "1 Probe"
    assert quantity("spell slots", 2)() == "2 spell slots"


# --------------------------------------------------------- durations as written


@pytest.mark.parametrize(
    ("duration", "en", "de"),
    [
        (Instant(), "instantaneous", "sofort"),
        (Permanent(), "permanent", "dauerhaft"),
        (Rounds(1), "1 round", "1 Runde"),
        (Rounds(3), "3 rounds", "3 Runden"),
        (
            Rounds(2, "Valeros"),
            "2 rounds, counted at the start of Valeros' turns",
            "2 Runden, gezählt zu Beginn von Valeros' Zügen",
        ),
        (
            UntilEndOfNextTurns(),
            "until the end of the target's next turn",
            "bis zum Ende des nächsten Zugs des Ziels",
        ),
        (
            UntilEndOfNextTurns(1, "Kyra"),
            "until the end of Kyra's next turn",
            "bis zum Ende von Kyras nächstem Zug",
        ),
        (
            UntilEndOfNextTurns(3),
            "through the target's next 3 turns",
            "während der nächsten 3 Züge des Ziels",
        ),
        (
            UntilEndOfNextTurns(3, "Kyra"),
            "through Kyra's next 3 turns",
            "während Kyras nächster 3 Züge",
        ),
        (Actions(4), "4 actions", "4 Aktionen"),
        (Actions(1, "Kyra"), "1 action of Kyra", "1 Aktion von Kyra"),
        (
            NextChecks(),
            "until the target's next check",
            "bis zur nächsten Probe des Ziels",
        ),
        (
            NextChecks(1, "Kyra"),
            "until Kyra's next check",
            "bis zu Kyras nächster Probe",
        ),
        (
            NextChecks(2, "Kyra"),
            "for Kyra's next 2 checks",
            "für Kyras nächste 2 Proben",
        ),
        (
            NextChecks(2),
            "for the target's next 2 checks",
            "für die nächsten 2 Proben des Ziels",
        ),
        (GameTime.minutes(10), "10 minutes", "10 Minuten"),
        (GameTime.hours(24), "1 day", "1 Tag"),
        (UntilEvent("scene-end"), "until “scene-end”", "bis „scene-end“"),
        (
            UntilCondition(lambda s: False, "the door is shut"),
            "until the door is shut",
            "bis the door is shut",
        ),
        (
            UntilCondition(lambda s: False),
            "until a condition holds",
            "bis eine Bedingung eintritt",
        ),
        (
            Concentration(),
            "while its creator concentrates",
            "solange sein Urheber sich konzentriert",
        ),
        (
            Concentration("Ezren"),
            "while Ezren concentrates",
            "solange Ezren sich konzentriert",
        ),
    ],
)
def test_every_core_duration_kind_describes_itself(
    duration: Any, en: str, de: str
) -> None:
    assert duration.describe() == en
    assert duration.describe("de") == de
    assert describe_duration(duration, "de") == de


def test_names_replace_ids() -> None:
    names = {"k": "Kyra", "v": "Valeros"}
    assert UntilEndOfNextTurns(1, "k").describe("de", names=names) == (
        "bis zum Ende von Kyras nächstem Zug"
    )
    assert Rounds(1, "v").describe(names=names) == (
        "1 round, counted at the start of Valeros' turns"
    )
    assert Rounds(1, "zed").describe(names=names) == (
        "1 round, counted at the start of zed's turns"
    )


def test_unknown_language_is_refused_and_a_third_language_is_added() -> None:
    with pytest.raises(ParameterError) as info:
        Rounds(1).describe("fr")
    assert str(info.value) == "lang must be 'en' or 'de', got 'fr'"
    eo = Catalog({"eo": {"unit.round.one": "{n} rondo"}})
    assert Rounds(1).describe("eo", eo) == "1 rondo"


# ------------------------------------------------------------ what remains


def _start(*ids: str) -> Encounter:
    return Encounter.create([Combatant(i, n) for i, n in _NAMES.items() if i in ids])


_NAMES = {"A": "Amiri", "B": "Valeros", "C": "Kyra"}


def _added(enc: Encounter, duration: Any, *, source: str, target: str) -> Encounter:
    return enc.add_effect("fx", source=source, target=target, duration=duration).state


def test_pf2e_d1_d2_rounds_left_and_the_round_they_end_in() -> None:
    """PF2E-R02 D1/D2: A's effect made on R1A ends at the start of R2A / R4A."""
    enc = _start("A", "B", "C").advance().state
    one = _added(enc, Rounds(1), source="A", target="B")
    three = _added(enc, Rounds(3), source="A", target="B")
    assert describe_remaining(one.effects[0].duration, one) == (
        "1 round left, ends at the start of Amiri's turn in round 2"
    )
    assert describe_remaining(three.effects[0].duration, three, "de") == (
        "noch 3 Runden, endet zu Beginn von Amiris Zug in Runde 4"
    )
    later = three.advance(3).state  # R2A: one tick
    assert describe_remaining(later.effects[0].duration, later) == (
        "2 rounds left, ends at the start of Amiri's turn in round 4"
    )


def test_pf2e_d7_reaction_outside_the_creators_turn() -> None:
    """PF2E-A04 D7: made by A during R1C, a 1-round effect ends at the start of R2A."""
    enc = _start("A", "B", "C").advance(3).state
    assert enc.current == "C"
    enc = _added(enc, Rounds(1), source="A", target="C")
    assert describe_remaining(enc.effects[0].duration, enc) == (
        "1 round left, ends at the start of Amiri's turn in round 2"
    )


def test_pf2e_d3_d4_d5_d6_until_the_end_of_next_turns() -> None:
    """PF2E-R03/R04, A02: D3 ends at the end of R1B, D4 and D5 of R2B, D6 of R3B."""
    r1a = _start("A", "B", "C").advance().state
    d3 = _added(r1a, UntilEndOfNextTurns(), source="A", target="B")
    assert describe_remaining(d3.effects[0].duration, d3) == (
        "1 turn left, ends at the end of Valeros' turn in round 1"
    )
    r1c = r1a.advance(2).state
    d4 = _added(r1c, UntilEndOfNextTurns(), source="C", target="B")
    assert describe_remaining(d4.effects[0].duration, d4, "de") == (
        "noch 1 Zug, endet am Ende von Valeros' Zug in Runde 2"
    )
    r1b = r1a.advance().state
    d5 = _added(r1b, UntilEndOfNextTurns(), source="B", target="B")
    assert describe_remaining(d5.effects[0].duration, d5) == (
        "1 turn left, ends at the end of Valeros' turn in round 2"
    )
    d6 = _added(r1a, UntilEndOfNextTurns(3), source="A", target="B")
    assert describe_remaining(d6.effects[0].duration, d6) == (
        "3 turns left, ends at the end of Valeros' turn in round 3"
    )


def test_remaining_before_the_first_round_and_for_a_leaver() -> None:
    enc = _added(_start("A", "B"), Rounds(2), source="B", target="A")
    assert enc.round == 0
    assert describe_remaining(enc.effects[0].duration, enc) == (
        "2 rounds left, ends at the start of Valeros' turn in round 2"
    )
    assert round_of_turn(enc, "B", 0) is None
    assert round_of_turn(enc, "nobody", 1) is None


def test_remaining_of_counted_and_timed_kinds() -> None:
    enc = _start("A", "B").advance().state
    enc = _added(enc, Actions(3), source="A", target="B")
    enc = _added(enc, NextChecks(2), source="A", target="B")
    enc = _added(enc, GameTime.minutes(1), source="A", target="B")
    enc = _added(enc, Permanent(), source="A", target="B")
    enc = _added(enc, Concentration(), source="A", target="B")
    enc = _added(enc, UntilEvent("dawn"), source="A", target="B")
    said = [describe_remaining(e.duration, enc) for e in enc.effects]
    assert said == [
        "3 actions left",
        "2 checks left",
        "1 minute left",
        "permanent",
        "while Amiri concentrates",
        "until “dawn”",
    ]
    enc = enc.advance(2).state  # round 2: the clock ran 6 s
    assert describe_remaining(enc.effects[2].duration, enc, "de") == "noch 54 Sekunden"
    enc = enc.spend_action("B", 1).state
    assert describe_remaining(enc.effects[0].duration, enc, "de") == "noch 1 Aktion"


def test_remaining_of_an_unbound_duration_is_an_error() -> None:
    with pytest.raises(RulesError):
        Rounds(1).describe_remaining(_start("A"))


@attrs.frozen
class _Bare:
    """A plugin kind without words: the fallbacks name its kind and unit."""

    kind = "bare"
    left: int = 2

    @property
    def unit(self) -> str | None:
        return "spell slots"

    @property
    def anchor(self) -> str | None:
        return None

    def bind(self, state: Encounter, source: str, target: str) -> _Bare:
        return self

    def is_over(self, state: Encounter) -> bool:
        return False

    def remaining(self, state: Encounter) -> Remaining:
        return self.left

    def rebind(self, state: Encounter, combatant: str) -> _Bare:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"kind": "bare"}


def test_a_kind_without_words_falls_back_to_its_kind_and_unit() -> None:
    enc = _added(_start("A"), _Bare(), source="A", target="A")
    assert describe_duration(_Bare()) == "a bare duration"
    assert describe_duration(_Bare(), "de") == "eine Dauer der Art bare"
    assert describe_remaining(_Bare(), enc) == "2 spell slots left"
    assert describe_remaining(_Bare(0), enc, "de") == "abgelaufen"
    assert (
        enc.effects[0].describe(state=enc)
        == "fx on Amiri from Amiri: 2 spell slots left"
    )


# ------------------------------------------------------------------ effects


def test_an_active_effect_describes_itself() -> None:
    from rollwerk import Modifier

    enc = _start("A", "B").advance().state
    enc = enc.add_effect(
        "Bless",
        source="B",
        target="A",
        duration=Rounds(1),
        modifiers=[Modifier(1, "Bless", "status")],
        condition="blessed",
    ).state
    effect = enc.effects[0]
    assert effect.describe() == (
        "Bless on A from B (+1 status, blessed): 1 round, counted at the start of B's turns"
    )
    assert effect.describe("de", state=enc) == (
        "Bless auf Amiri von Valeros (+1 Status, blessed): "
        "noch 1 Runde, endet zu Beginn von Valeros' Zug in Runde 1"
    )
    assert effect.describe(names={"A": "Amiri"}) == (
        "Bless on Amiri from B (+1 status, blessed): "
        "1 round, counted at the start of B's turns"
    )


def test_modifier_kinds_in_words() -> None:
    """Found by integrators: ``+2 circumstance`` stayed English in German.

    The core words the common kinds (``modifier.<kind>``); a catalog passed
    words others; a kind nobody words shows as written.
    """
    from rollwerk import Modifier
    from rollwerk.i18n import Catalog

    enc = _start("A", "B").advance().state
    enc = enc.add_effect(
        "Aid",
        source="B",
        target="A",
        duration=Rounds(1),
        modifiers=[Modifier(2, "Aid", "circumstance"), Modifier(-1, "x", "mana")],
    ).state
    effect = enc.effects[0]
    assert effect.describe("de").startswith("Aid auf A von B (+2 Situation, -1 mana): ")
    mana = Catalog({"en": {"modifier.mana": "mana"}, "de": {"modifier.mana": "Mana"}})
    assert effect.describe("de", mana).startswith(
        "Aid auf A von B (+2 Situation, -1 Mana): "
    )
    assert effect.describe().startswith("Aid on A from B (+2 circumstance, -1 mana): ")


def test_effect_names_and_conditions_in_words() -> None:
    """Found by a held-out rules lawyer: German logs said ``Mira wirkt aether
    lockout auf Mira`` although the rules say *Aetherkarenz*.

    A catalog passed words an effect's name (``effect.name.<name>``) and its
    condition (``condition.<condition>``) in ``describe`` and in the events;
    a name or a condition no catalog words shows as written.
    """
    words = Catalog(
        {
            "en": {"effect.name.Bless": "Bless", "condition.blessed": "blessed"},
            "de": {"effect.name.Bless": "Segen", "condition.blessed": "gesegnet"},
        }
    )
    enc = _start("A", "B").advance().state
    step = enc.add_effect(
        "Bless", source="B", target="A", duration=Rounds(1), condition="blessed"
    )
    effect = step.state.effects[0]
    assert effect.describe("de", words) == (
        "Segen auf A von B (gesegnet): 1 Runde, gezählt zu Beginn von Bs Zügen"
    )
    assert effect.describe("de") == (
        "Bless auf A von B (blessed): 1 Runde, gezählt zu Beginn von Bs Zügen"
    )
    assert effect.describe("en", words).startswith("Bless on A from B (blessed): ")
    (added,) = step.events
    assert added.describe("de", words).startswith("B wirkt Segen auf A: ")
    assert ev.EffectExpired(effect).describe("de", words) == "Segen auf A endet."
    assert ev.EffectExpired(effect).describe("de") == "Bless auf A endet."


# ------------------------------------------------------------------- events


def _effect(duration: Any = None) -> Any:
    from rollwerk.encounter import ActiveEffect

    return ActiveEffect("e1", "Bless", "B", "A", duration or Rounds(1, "B", 2))


@pytest.mark.parametrize(
    ("event", "en", "de"),
    [
        (ev.RoundStarted(2), "Round 2 begins.", "Runde 2 beginnt."),
        (ev.RoundEnded(2), "Round 2 ends.", "Runde 2 endet."),
        (ev.TurnStarted(1, "A"), "Amiri's turn begins.", "Amiris Zug beginnt."),
        (ev.TurnEnded(1, "B"), "Valeros' turn ends.", "Valeros' Zug endet."),
        (
            ev.EffectAdded(_effect()),
            "Valeros puts Bless on Amiri: 1 round, counted at the start of Valeros' turns.",
            "Valeros wirkt Bless auf Amiri: 1 Runde, gezählt zu Beginn von Valeros' Zügen.",
        ),
        (ev.EffectExpired(_effect()), "Bless on Amiri ends.", "Bless auf Amiri endet."),
        (
            ev.EffectRemoved(_effect(), RemovalReason.REQUESTED),
            "Bless on Amiri is removed.",
            "Bless auf Amiri wird entfernt.",
        ),
        (
            ev.EffectRemoved(_effect(), RemovalReason.REPLACED),
            "Bless on Amiri is replaced by a newer one.",
            "Bless auf Amiri wird durch einen neueren ersetzt.",
        ),
        (
            ev.EffectRemoved(_effect(), RemovalReason.TARGET_LEFT),
            "Bless on Amiri is removed: its target left.",
            "Bless auf Amiri wird entfernt: das Ziel hat den Kampf verlassen.",
        ),
        (
            ev.EffectRefreshed(_effect()),
            "Bless on Amiri is refreshed: 1 round, counted at the start of Valeros' turns.",
            "Bless auf Amiri wird erneuert: 1 Runde, gezählt zu Beginn von Valeros' Zügen.",
        ),
        (
            ev.EffectChanged(_effect(GameTime(12, 30)), Rounds(2, "B", 3)),
            "Bless on Amiri changes: 12 seconds.",
            "Bless auf Amiri ändert sich: 12 Sekunden.",
        ),
        (
            ev.EffectChanged(
                _effect(Rounds(3, "B", 4)), Rounds(3, "A", 4), 2, "rounds"
            ),
            (
                "Bless on Amiri changes: 3 rounds, counted at the start of Valeros' "
                "turns, 2 rounds left."
            ),
            (
                "Bless auf Amiri ändert sich: 3 Runden, gezählt zu Beginn von Valeros' "
                "Zügen, noch 2 Runden."
            ),
        ),
        (
            EffectTicked(_effect(), 1, "rounds"),
            "Bless on Amiri: 1 round left.",
            "Bless auf Amiri: noch 1 Runde.",
        ),
        (
            EffectTicked(_effect(), Fraction(90), "seconds"),
            "Bless on Amiri: 1 minute and 30 seconds left.",
            "Bless auf Amiri: noch 1 Minute und 30 Sekunden.",
        ),
        (ev.CombatantJoined("C", False), "Kyra joins.", "Kyra tritt dem Kampf bei."),
        (
            ev.CombatantJoined("C", True),
            "Kyra joins and acts from the next round.",
            "Kyra tritt dem Kampf bei und handelt ab der nächsten Runde.",
        ),
        (ev.CombatantLeft("C"), "Kyra leaves.", "Kyra verlässt den Kampf."),
        (
            ev.CombatantDelayed("A", "C", False),
            "Amiri delays and now acts after Kyra.",
            "Amiri verzögert und handelt jetzt nach Kyra.",
        ),
        (
            ev.CombatantDelayed("A", "C", True),
            "Amiri delays and acts after Kyra from the next round.",
            "Amiri verzögert und handelt ab der nächsten Runde nach Kyra.",
        ),
        (
            ev.ActionSpent("A", 2),
            "Amiri uses actions (2 actions used or passed so far).",
            "Amiri nutzt Aktionen (bisher 2 Aktionen genutzt oder verstrichen).",
        ),
        (
            ev.CheckRecorded("A", 1),
            "Amiri makes a check (1 check so far).",
            "Amiri legt eine Probe ab (bisher 1 Probe).",
        ),
        (
            ev.CounterChanged("B", "reactions", 1),
            "Valeros' reactions: 1.",
            "Valeros' reactions: 1.",
        ),
        (
            ev.ConcentrationStarted("C"),
            "Kyra begins to concentrate.",
            "Kyra beginnt sich zu konzentrieren.",
        ),
        (
            ev.ConcentrationEnded("C"),
            "Kyra's concentration ends.",
            "Kyras Konzentration endet.",
        ),
        (
            ev.Signalled("scene-end", 2),
            "“scene-end” happens (2× so far).",
            "„scene-end“ tritt ein (bisher 2×).",
        ),
        (
            ev.TimePassed(Fraction(28800), Fraction(28806)),
            "Time passes: 8 hours.",
            "Zeit vergeht: 8 Stunden.",
        ),
        (
            ev.EncounterEnded(3),
            "The encounter ends after round 3.",
            "Der Kampf endet nach Runde 3.",
        ),
        (
            ev.EncounterEnded(0),
            "The encounter ends before its first round.",
            "Der Kampf endet vor seiner ersten Runde.",
        ),
    ],
)
def test_every_event_describes_itself(event: Any, en: str, de: str) -> None:
    assert event.describe(names=_NAMES) == en
    assert event.describe("de", names=_NAMES) == de


def test_every_event_class_has_a_test_above() -> None:
    tested = {
        "RoundStarted", "RoundEnded", "TurnStarted", "TurnEnded", "EffectAdded",
        "EffectExpired", "EffectRemoved", "EffectRefreshed", "EffectChanged",
        "EffectTicked", "CombatantJoined", "CombatantLeft", "CombatantDelayed",
        "ActionSpent", "CheckRecorded", "CounterChanged", "ConcentrationStarted",
        "ConcentrationEnded", "Signalled", "TimePassed", "EncounterEnded",
    }  # fmt: skip
    assert {t.__name__ for t in ev._EVENT_TYPES} == tested


def test_events_without_names_use_ids() -> None:
    assert ev.TurnStarted(1, "Kyra").describe("de") == "Kyras Zug beginnt."
    enc = _start("A", "B")
    assert describe_events(enc.advance().events, state=enc) == [
        "Round 1 begins.",
        "Amiri's turn begins.",
    ]


# ----------------------------------------------------------------- timeline


def test_timeline_describes_its_log_with_names() -> None:
    tl = Timeline.start(_start("A", "B"))
    tl = tl.do(Encounter.advance)
    tl = tl.do(
        lambda s: s.add_effect(
            "Bless", source="B", target="A", duration=UntilEndOfNextTurns()
        )
    )
    tl = tl.do(lambda s: s.advance(2))
    assert tl.describe() == "\n".join(
        [
            "Round 1 begins.",
            "Amiri's turn begins.",
            "Valeros puts Bless on Amiri: until the end of Amiri's next turn.",
            "Amiri's turn ends.",
            "Valeros' turn begins.",
            "Valeros' turn ends.",
            "Round 1 ends.",
            "Round 2 begins.",
            "Amiri's turn begins.",
        ]
    )
    assert tl.describe("de", steps=True).splitlines()[:4] == [
        "Schritt 1:",
        "  Runde 1 beginnt.",
        "  Amiris Zug beginnt.",
        "Schritt 2:",
    ]
    assert tl.rewind(3).describe() == ""


def test_names_need_not_be_unique_and_the_text_calls_each_by_its_name() -> None:
    # encounter.md: two goblins both named Goblin read alike; the events
    # carry the ids that tell them apart
    enc = Encounter.create([Combatant("g1", "Goblin"), Combatant("g2", "Goblin")])
    tl = Timeline.start(enc).do(lambda s: s.advance(2))
    assert tl.describe().splitlines()[1:4] == [
        "Goblin's turn begins.",
        "Goblin's turn ends.",
        "Goblin's turn begins.",
    ]
    started = [e for e in tl.events if isinstance(e, ev.TurnStarted)]
    assert [e.combatant for e in started] == ["g1", "g2"]
