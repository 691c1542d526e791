"""An event's name in words: ``signal.<event>`` messages of the catalogs passed.

Found by integrators: a duration "until the scene ends" and the log line of
its signal showed the event's id. A catalog passed to ``describe`` or
``describe_events`` now words it; without one the id shows, quoted, as before.
"""

from __future__ import annotations

import pickle

from rollwerk.encounter import (
    Encounter,
    FirstOf,
    Rounds,
    UntilEvent,
    describe_events,
    signal_message,
)
from rollwerk.i18n import Catalog

SCENE = Catalog(
    {
        "en": {"signal.scene-end": "the scene ends", "mine.signal.dawn": "dawn breaks"},
        "de": {"signal.scene-end": "die Szene endet", "mine.signal.dawn": "es tagt"},
    }
)


def test_the_message_id_of_an_event() -> None:
    assert signal_message("scene-end") == "signal.scene-end"
    assert signal_message("mine:dawn") == "mine.signal.dawn"
    # no namespace on either side of the colon: the whole name
    assert signal_message(":dawn") == "signal.:dawn"
    assert signal_message("mine:") == "signal.mine:"
    assert signal_message("scene-end", log=True) == "signalled.scene-end"
    assert signal_message("mine:dawn", log=True) == "mine.signalled.dawn"


def test_a_duration_until_an_event_in_words() -> None:
    scene = UntilEvent("scene-end")
    assert scene.describe() == "until “scene-end”"
    assert scene.describe("de") == "bis „scene-end“"
    assert scene.describe(catalogs=SCENE) == "until the scene ends"
    assert scene.describe("de", SCENE) == "bis die Szene endet"
    assert UntilEvent("mine:dawn").describe("de", SCENE) == "bis es tagt"
    both = FirstOf(Rounds(3), UntilEvent("mine:dawn"))
    assert both.describe(catalogs=SCENE) == (
        "3 rounds or until dawn breaks, whichever ends first"
    )


def test_a_language_the_words_lack_falls_back_to_english_words() -> None:
    english_only = Catalog({"en": {"signal.scene-end": "the scene ends"}})
    assert UntilEvent("scene-end").describe("de", english_only) == (
        "bis the scene ends"
    )


def test_the_log_line_of_a_signal() -> None:
    enc = Encounter.create(["Kyra"]).advance().state
    events = enc.signal("scene-end").events
    assert describe_events(events) == ["“scene-end” happens (1× so far)."]
    assert describe_events(events, catalogs=SCENE) == [
        "Event: the scene ends (1× so far)."
    ]
    assert describe_events(events, "de", SCENE) == [
        "Ereignis: die Szene endet (bisher 1×)."
    ]


FIRE = Catalog(
    {
        "en": {
            "mine.signal.out": "the fire is out",
            "mine.signalled.out": "the fire is out",
        },
        "de": {
            "mine.signal.out": "das Feuer gelöscht ist",  # after "bis": verb last
            "mine.signalled.out": "das Feuer ist gelöscht",
        },
    }
)


def test_the_log_line_prefers_the_events_main_clause() -> None:
    """A German clause after "bis" puts its verb last; the log line must not."""
    enc = Encounter.create(["Kyra"]).advance().state
    events = enc.signal("mine:out").events
    assert UntilEvent("mine:out").describe("de", FIRE) == "bis das Feuer gelöscht ist"
    assert describe_events(events, "de", FIRE) == [
        "Ereignis: das Feuer ist gelöscht (bisher 1×)."
    ]
    assert describe_events(events, catalogs=FIRE) == [
        "Event: the fire is out (1× so far)."
    ]
    # without the main clause the log line takes the "until" clause, then the id
    until_only = Catalog({"de": {"mine.signal.out": "das Feuer gelöscht ist"}})
    assert describe_events(events, "de", until_only) == [
        "Ereignis: das Feuer gelöscht ist (bisher 1×)."
    ]
    assert describe_events(events, "de") == ["„mine:out“ tritt ein (bisher 1×)."]


def test_the_words_compare_and_pickle_as_the_text_without_catalogs() -> None:
    text = UntilEvent("scene-end").text()
    assert text == UntilEvent("scene-end").text()
    assert text != UntilEvent("other").text()
    copy = pickle.loads(pickle.dumps(text))
    assert copy == text
    assert copy("de", SCENE) == "bis die Szene endet"
    assert text.message == "duration.until_event"
    assert dict(text.fields) == {"event": "scene-end"}
