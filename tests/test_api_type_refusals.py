"""Arguments of the wrong type are refused by name, and copies of an Rng are their own.

Found by an audit of the public API: each of these raised ``TypeError`` or
``AttributeError``, read a string letter by letter, or quietly answered
(an empty set of levels for ``None``, no modifiers for a list as the kind);
a copied ``SeededRng`` drew from the original's twister.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

from rollwerk import (
    ParameterError,
    RollwerkError,
    ScriptedRng,
    SeededRng,
    build_check,
    parse,
)
from rollwerk.checks import CheckRequests, check_from_request
from rollwerk.encounter import (
    Encounter,
    Rounds,
    StackingPolicy,
    Timeline,
    describe_duration,
    describe_events,
    modifiers_in_force,
)
from rollwerk.errors import UnknownCheck, UnknownRuleset
from rollwerk.i18n import CORE, Catalog, render
from rollwerk.plugins import Registry
from rollwerk.rng import checked
from rollwerk.rulesets import contest_odds, contest_result, levels_of, resolve_contest
from rollwerk.testing import examples

REGISTRY = Registry(load_entrypoints=False, plugins=[examples])
TOY = REGISTRY.ruleset("toy")
CHECK = build_check(TOY, skill=3)
RULESET = (
    "ruleset must be a ruleset (from Registry.ruleset or define_ruleset), got None"
)
CATALOGS = "a Catalog, an iterable of Catalogs or None"
ESPERANTO = Catalog(
    {
        "eo": {
            "die.dropped": "forĵetita",
            "contest.first": "la unua flanko venkas",
            "contest.side.first": "unua: {explanation}",
            "contest.side.second": "dua: {explanation}",
            "unit.round.one": "{n} rondo",
            "unit.round.other": "{n} rondoj",
            "event.round_started": "Rondo {round} komenciĝas.",
            "toy.check": "ĵetis {face} kontraŭ ŝanco de {chance}: {word}",
        }
    }
)
"""A language no catalog of the core or the toy knows: only ``catalogs`` add it."""


def _refused(call: Callable[[], object], error: type[RollwerkError]) -> str:
    with pytest.raises(error) as info:
        call()
    return str(info.value)


# ------------------------------------------------------------- copies of an Rng


@pytest.mark.parametrize("make_copy", [copy.copy, copy.deepcopy])
def test_a_copied_seeded_rng_continues_the_same_faces_on_its_own(
    make_copy: Callable[[SeededRng], SeededRng],
) -> None:
    rng = SeededRng(1)
    rng.roll(6)  # a state other than the seed's
    twin = make_copy(rng)
    assert twin.seed == 1
    expected = [rng.roll(20) for _ in range(10)]  # the original first: the copy
    assert [twin.roll(20) for _ in range(10)] == expected  # is not moved by it
    assert twin.to_json() == rng.to_json()
    twin.roll(6)  # and drawing from the copy leaves the original where it was
    assert twin.to_json() != rng.to_json()


def test_a_deep_copy_inside_a_container_is_one_new_rng() -> None:
    rng = SeededRng(5)
    first, second = copy.deepcopy((rng, [rng]))
    assert first is second[0]
    assert first is not rng
    assert first.roll(100) == rng.roll(100)


def test_a_pickled_seeded_rng_still_continues_on_its_own() -> None:
    rng = SeededRng.from_text("#tavern")
    rng.roll(6)
    again = pickle.loads(pickle.dumps(rng))
    assert [again.roll(6) for _ in range(8)] == [rng.roll(6) for _ in range(8)]
    assert again.seed == rng.seed


@pytest.mark.parametrize("make_copy", [copy.copy, copy.deepcopy])
def test_a_copied_scripted_rng_plays_on_from_where_it_stood(
    make_copy: Callable[[ScriptedRng], ScriptedRng],
) -> None:
    rng = ScriptedRng([1, 2, 3, 4])
    rng.roll(6)
    twin = make_copy(rng)
    assert [rng.roll(6), rng.roll(6)] == [2, 3]
    assert (twin.used, twin.remaining) == (1, 3)
    assert [twin.roll(6) for _ in range(3)] == [2, 3, 4]
    assert rng.remaining == 1


class _OwnRng:
    """A caller's Rng: its faces are checked as they are drawn."""

    def __init__(self, seed: int) -> None:
        self.rng = SeededRng(seed)

    def roll(self, sides: int) -> int:
        return self.rng.roll(sides)


def test_a_deep_copy_of_a_checked_rng_draws_from_its_own_copy() -> None:
    rng = checked(_OwnRng(3))
    twin = copy.deepcopy(rng)
    assert [rng.roll(6) for _ in range(6)] == [twin.roll(6) for _ in range(6)]


# ------------------------------------------------------------- rulesets by id


IDS = "ruleset must be one of: toy, got"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: REGISTRY.ruleset(["toy"]), f"{IDS} ['toy']"),  # type: ignore[arg-type]
        (lambda: REGISTRY.ruleset(None), f"{IDS} None"),  # type: ignore[arg-type]
        (lambda: REGISTRY.optional_rules(["toy"]), f"{IDS} ['toy']"),  # type: ignore[arg-type]
        (
            lambda: REGISTRY.ruleset("toy", options=[["generous"]]),  # type: ignore[list-item]
            "option must be one of: generous for ruleset 'toy', got ['generous']",
        ),
    ],
)
def test_an_id_that_is_not_a_string_is_an_unknown_ruleset(
    call: Callable[[], object], message: str
) -> None:
    assert _refused(call, UnknownRuleset) == message


@pytest.mark.parametrize(
    ("options", "shown"), [(None, "None"), ("generous", "'generous'"), (5, "5")]
)
def test_options_must_be_a_list_of_option_ids(options: object, shown: str) -> None:
    """A bare string was read letter by letter (``got 'g'``), ``None`` not at all."""
    message = _refused(
        lambda: REGISTRY.ruleset("toy", options=options),  # type: ignore[arg-type]
        ParameterError,
    )
    assert message == (
        f'options must be a list of option ids (["slaying-dice"]), got {shown}'
    )


def test_options_may_be_any_iterable_of_ids() -> None:
    listed = REGISTRY.ruleset("toy", options=["generous"])
    assert REGISTRY.ruleset("toy", options=iter(["generous"])) == listed  # type: ignore[arg-type]
    assert REGISTRY.ruleset("toy", options=("generous",)) == listed


# ------------------------------------------------------------- checks by name


@pytest.mark.parametrize(
    "call",
    [
        lambda: check_from_request(TOY, "skill=3", check=["check"]),  # type: ignore[arg-type]
        lambda: CheckRequests(4).build(TOY, "skill=3", check=["check"]),  # type: ignore[arg-type]
        lambda: CheckRequests(4).build(TOY, ["skill=3"], check=["check"]),  # type: ignore[arg-type]
        lambda: CheckRequests(4).build(TOY, {"skill": "3"}, check=["check"]),  # type: ignore[arg-type]
        lambda: build_check(TOY, ["check"], skill=3),  # type: ignore[arg-type]
    ],
)
def test_a_check_name_that_is_not_a_string_is_an_unknown_check(
    call: Callable[[], object],
) -> None:
    assert _refused(call, UnknownCheck) == (
        "check of ruleset 'toy' must be one of: check, pool, got ['check']"
    )


def test_a_check_named_by_its_string_is_still_found_and_kept() -> None:
    requests = CheckRequests(4)
    built = requests.build(TOY, "skill=3", check="check")
    assert requests.build(TOY, "skill=3", check="check") is built


# ------------------------------------------------------------- not a ruleset


@pytest.mark.parametrize(
    "call",
    [
        lambda: contest_odds(None, CHECK, CHECK),  # type: ignore[arg-type]
        lambda: contest_result(
            None,  # type: ignore[arg-type]
            CHECK.resolve(ScriptedRng([2])),
            CHECK.resolve(ScriptedRng([5])),
        ),
        lambda: resolve_contest(
            None,  # type: ignore[arg-type]
            CHECK.resolve(ScriptedRng([2])).outcome(),
            CHECK.resolve(ScriptedRng([5])).outcome(),
        ),
        lambda: levels_of(None),
        lambda: levels_of("toy"),
    ],
)
def test_a_contest_or_levels_of_no_ruleset_is_refused(
    call: Callable[[], object],
) -> None:
    message = _refused(call, ParameterError)
    assert message.startswith("ruleset must be a ruleset (from Registry.ruleset")
    assert message in (RULESET, RULESET.replace("None", "'toy'"))


def test_the_rulesets_themselves_still_answer() -> None:
    assert levels_of(TOY) == levels_of(examples.ToyRuleset())
    assert contest_odds(TOY, CHECK, CHECK).support
    first, second = CHECK.resolve(ScriptedRng([2])), CHECK.resolve(ScriptedRng([5]))
    assert contest_result(TOY, first, second).outcome == resolve_contest(
        TOY, first.outcome(), second.outcome()
    )


# ------------------------------------------------------------- catalogs


def test_notation_explains_with_a_list_of_catalogs() -> None:
    result = parse("4d6kh3").replay([5, 2, 1, 2])
    said = "4d6kh3 = 9\n  4d6kh3: 5, 2, 1 (forĵetita), 2 → 9"
    assert result.explain("eo", [ESPERANTO]) == said
    assert result.explain("eo", ESPERANTO) == said
    assert result.explain("eo", iter([ESPERANTO, CORE])) == said
    assert result.explain("en", []) == result.explain("en")
    assert result.explain("en", [ESPERANTO]) == result.explain("en")


def test_the_first_catalog_of_several_wins() -> None:
    other = Catalog({"eo": {"die.dropped": "ignorita"}})
    result = parse("2d6kh1").replay([6, 1])
    assert result.explain("eo", [other, ESPERANTO]).endswith("6, 1 (ignorita) → 6")
    assert result.explain("eo", [ESPERANTO, other]).endswith("6, 1 (forĵetita) → 6")


def test_a_check_and_a_contest_explain_with_a_list_of_catalogs() -> None:
    first, second = CHECK.resolve(ScriptedRng([2])), CHECK.resolve(ScriptedRng([5]))
    assert first.explain("eo", [ESPERANTO]) == "ĵetis 2 kontraŭ ŝanco de 3: success"
    assert first.explain("de", [ESPERANTO]) == first.explain("de")
    contest = contest_result(TOY, first, second)
    assert contest.describe("eo", [ESPERANTO]) == "la unua flanko venkas"
    assert contest.explain("eo", iter([ESPERANTO])) == (
        "la unua flanko venkas\n"
        "  unua: ĵetis 2 kontraŭ ŝanco de 3: success\n"
        "  dua: ĵetis 5 kontraŭ ŝanco de 3: failure"
    )


def test_the_encounter_describes_with_a_list_of_catalogs() -> None:
    assert Rounds(2).describe("eo", [ESPERANTO]) == "2 rondoj"
    assert describe_duration(Rounds(1), "eo", [ESPERANTO]) == "1 rondo"
    enc = Encounter.create(["Kyra"])
    events = enc.advance().events
    said = describe_events(events, "eo", catalogs=[ESPERANTO])
    assert said[0] == "Rondo 1 komenciĝas."
    assert said == describe_events(events, "eo", catalogs=ESPERANTO)
    timeline = Timeline.start(enc).do(Encounter.advance)
    assert timeline.describe("eo", [ESPERANTO]).startswith("Rondo 1 komenciĝas.")
    assert events[0].describe("eo", (c for c in [ESPERANTO])) == said[0]


def test_a_text_and_render_take_one_catalog_or_several() -> None:
    text = CORE.text("die.dropped")
    assert text("eo", [ESPERANTO]) == text("eo", ESPERANTO) == "forĵetita"
    assert text.render("eo", ESPERANTO) == "forĵetita"
    assert "eo" in text.languages(ESPERANTO)
    assert render(ESPERANTO, "eo", "die.dropped") == "forĵetita"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: parse("1d6").replay([3]).explain("en", 5),  # type: ignore[arg-type]
            f"catalogs must be {CATALOGS}, got 5",
        ),
        (
            lambda: parse("1d6").replay([3]).explain("en", "eo"),  # type: ignore[arg-type]
            f"catalogs must be {CATALOGS}, got 'eo'",
        ),
        (
            lambda: parse("1d6").replay([3]).explain("en", [ESPERANTO, {}]),  # type: ignore[list-item]
            "catalogs[1] must be a Catalog, got {}",
        ),
        (
            lambda: CHECK.resolve(ScriptedRng([2])).explain("en", [None]),  # type: ignore[list-item]
            "catalogs[0] must be a Catalog, got None",
        ),
        (
            lambda: Rounds(2).describe("en", 5),  # type: ignore[arg-type]
            f"catalogs must be {CATALOGS}, got 5",
        ),
        (
            lambda: describe_events([], "en", catalogs=5),  # type: ignore[arg-type]
            f"catalogs must be {CATALOGS}, got 5",
        ),
        (
            lambda: CORE.text("die.dropped").render("en", [5]),  # type: ignore[list-item]
            "catalogs[0] must be a Catalog, got 5",
        ),
        (
            lambda: render(5, "en", "die.dropped"),  # type: ignore[arg-type]
            f"catalogs must be {CATALOGS}, got 5",
        ),
    ],
)
def test_catalogs_that_are_not_catalogs_are_refused(
    call: Callable[[], object], message: str
) -> None:
    assert _refused(call, ParameterError) == message


# ------------------------------------------------------------- modifier kinds


KIND = (
    "kind must be a modifier kind (a string such as 'check' or 'status') or None, "
    "got ['check']"
)


def _blessed() -> Encounter:
    from rollwerk import Modifier

    enc, _ = Encounter.create(["A"]).advance()
    enc, _ = enc.add_effect(
        "Bless",
        source="A",
        target="A",
        duration=Rounds(10),
        modifiers=[Modifier(1, "Bless", "status"), Modifier(2, "Guidance")],
    )
    return enc


@pytest.mark.parametrize(
    "call",
    [
        lambda: _blessed().modifier_total("A", ["check"]),  # type: ignore[arg-type]
        lambda: _blessed().modifiers("A", ["check"]),  # type: ignore[arg-type]
        lambda: StackingPolicy().total(_blessed().effects[0].modifiers, ["check"]),  # type: ignore[arg-type]
        lambda: modifiers_in_force(_blessed().effects, "A", kind=["check"]),  # type: ignore[arg-type]
    ],
)
def test_a_modifier_kind_that_is_not_a_string_is_refused(
    call: Callable[[], object],
) -> None:
    """A list as the kind selected nothing: a total of 0, said to be right."""
    assert _refused(call, ParameterError) == KIND


def test_modifier_kinds_are_open_so_an_unused_kind_selects_none() -> None:
    enc = _blessed()
    assert enc.modifier_total("A", "chk") == 0  # a ruleset may name any kind
    assert enc.modifier_total("A", "check") == 2
    assert enc.modifier_total("A") == 3
    assert (
        _refused(lambda: StackingPolicy().rule(5), ParameterError)  # type: ignore[arg-type]
        == "kind must be a modifier kind (a string such as 'check' or 'status'), got 5"
    )


# ------------------------------------------------------------- replay


@pytest.mark.parametrize(
    ("notation", "faces", "message"),
    [
        ("1d6", [1, 2], "faces must be exactly the 1 face the roll draws, got [1, 2]"),
        (
            "2d6",
            [1, 2, 3],
            "faces must be exactly the 2 faces the roll draws, got [1, 2, 3]",
        ),
        ("3", [4], "faces must be empty (the roll draws no die), got [4]"),
    ],
)
def test_replay_says_how_many_faces_the_roll_draws(
    notation: str, faces: list[int], message: str
) -> None:
    assert _refused(lambda: parse(notation).replay(faces), ParameterError) == message
