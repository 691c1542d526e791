"""Values, catalogs, JSON helpers and registries refuse wrong arguments by name.

Found by a second type-confusion fuzz of the public API: every callable of
the ``__all__`` of ``rollwerk`` and its public modules (and the methods of
their classes) was called once as documented, then with one argument at a
time replaced by ``None``, ``True``, ``1.5``, NaN, ``-1``, ``0``,
``10**100``, ``"x"``, ``""``, ``b"x"``, ``[]``, ``{}``, ``()``, an
``object()``, a set and ``Fraction(1, 2)``. Each case here raised Python's
``TypeError``, ``KeyError`` or ``IndexError``, or quietly answered: a face
index ``0`` of ``Die.value_of`` read the last face, a falsy ``encode`` was
ignored, ``Pool(reroll_once=1.5)`` was kept, ``Registry(plugins="x")``
registered the string, ``DieRoll`` took sides its JSON loader refuses.
The same fuzz over declarations (``Parameter``, ``Difficulty``,
``define_check``), face helpers and encounter helpers found the second half.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import (
    Degree,
    Distribution,
    Modifier,
    Outcome,
    ParameterError,
    Pool,
    SeededRng,
)
from rollwerk.checks import (
    Difficulty,
    Parameter,
    define_check,
    enum_parameter,
    enumerate_faces,
    face_weights,
    parse_mapping,
    parse_words,
    roll_under,
)
from rollwerk.dice import Die, DieRoll
from rollwerk.encounter import (
    Actions,
    Combatant,
    Counter,
    Encounter,
    NextChecks,
    Rounds,
    StackingPolicy,
    UntilEndOfNextTurns,
    UntilEvent,
    by_initiative,
    event_from_json,
    event_to_json,
    modifiers_in_force,
)
from rollwerk.i18n import Catalog, Text, allowed_languages
from rollwerk.plugins import Registry
from rollwerk.testing import examples

D6: Distribution[int] = Distribution.uniform(range(1, 7))
CAT = Catalog({"en": {"q.a": "a {n}"}, "de": {}})
LANG = "lang must be a language code ('en', 'de'), got"
EXTRAS = (
    "extras must be a mapping of extras' names to values, or a tuple of "
    "(name, value) pairs, got"
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: Pool(2, Die(6), reroll_once=1),  # type: ignore[arg-type]
            "reroll_once must be True or False, got 1",
        ),
        (lambda: Die(6).value_of(0), "face must be an integer from 1 to 6, got 0"),
        (lambda: Die(6).value_of(-1), "face must be an integer from 1 to 6, got -1"),
        (
            lambda: Die.fudge().value_of(10**100),
            "face must be an integer from 1 to 3, got an integer of 101 digits",
        ),
        (
            lambda: Die(6).value_of(1.5),  # type: ignore[arg-type]
            "face must be an integer from 1 to 6, got 1.5",
        ),
        (
            lambda: Die(6).value_of(None),  # type: ignore[arg-type]
            "face must be an integer from 1 to 6, got None",
        ),
        (
            lambda: DieRoll(2**63, 3),
            ("sides must be an integer from 1 to 2**63 - 1, got 9223372036854775808"),
        ),
    ],
)
def test_dice_refuse_wrong_arguments_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


@pytest.mark.parametrize("encode", [0, "", [], 5, "x"])
def test_distribution_to_json_refuses_an_encode_that_cannot_be_called(
    encode: object,
) -> None:
    """A falsy one was ignored, any other raised ``TypeError``."""
    with pytest.raises(ParameterError) as info:
        D6.to_json(encode)  # type: ignore[arg-type]
    assert str(info.value) == f"encode must be a callable or None, got {encode!r}"


@pytest.mark.parametrize("decode", [0, "x", {}])
def test_distribution_from_json_refuses_a_decode_that_cannot_be_called(
    decode: object,
) -> None:
    with pytest.raises(ParameterError) as info:
        Distribution.from_json(D6.to_json(), decode)  # type: ignore[arg-type]
    assert str(info.value) == f"decode must be a callable or None, got {decode!r}"


def test_distribution_json_with_functions_still_round_trips() -> None:
    data = D6.map(str).to_json(int)
    assert Distribution.from_json(data, str) == D6.map(str)
    assert Distribution.from_json(D6.to_json(None), None) == D6


@pytest.mark.parametrize(
    ("extras", "shown"),
    [
        (1.5, "1.5"),
        ("x", "'x'"),
        (b"x", "b'x'"),
        ([("a", 1, 2)], "[('a', 1, 2)]"),
        (object, "<class 'object'>"),
    ],
)
def test_outcome_extras_that_are_not_pairs_are_refused(
    extras: object, shown: str
) -> None:
    with pytest.raises(ParameterError) as info:
        Outcome(True, Degree.SUCCESS, 1, extras=extras)  # type: ignore[arg-type]
    assert str(info.value) == f"{EXTRAS} {shown}"


def test_outcome_extras_in_their_documented_forms_still_work() -> None:
    a = Outcome(True, Degree.SUCCESS, 1, extras={"hits": 2, "crit": True})
    b = Outcome(True, Degree.SUCCESS, 1, extras=[("crit", True), ("hits", 2)])  # type: ignore[arg-type]
    assert a == b
    assert a.extra("hits") == 2


@pytest.mark.parametrize(
    "event",
    [None, 3, "round_started", {"type": "round_started", "round": 1}],
)
def test_event_to_json_refuses_what_is_not_an_event(event: object) -> None:
    """It raised ``KeyError: <class 'NoneType'>``."""
    with pytest.raises(ParameterError) as info:
        event_to_json(event)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"event must be an encounter event (RoundStarted, …), got {event!r}"
    )


def test_event_to_json_of_an_event_still_loads_back() -> None:
    event = Encounter.create(["A"]).advance().events[0]
    assert event_from_json(event_to_json(event)) == event


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: CAT.ids(None), f"{LANG} None"),  # type: ignore[arg-type]
        (lambda: CAT.ids(["en"]), f"{LANG} ['en']"),  # type: ignore[arg-type]
        (lambda: CAT.missing({}), f"{LANG} {{}}"),  # type: ignore[arg-type]
        (lambda: CAT.template(None, "q.a"), f"{LANG} None"),  # type: ignore[arg-type]
        (
            lambda: CAT.template("en", ["q.a"]),  # type: ignore[arg-type]
            "message must be a message id (a string), got ['q.a']",
        ),
        (
            lambda: CAT.labels(None),  # type: ignore[arg-type]
            "ruleset_id must be a ruleset id (a string), got None",
        ),
        (
            lambda: Text.deferred(None),  # type: ignore[arg-type]
            "make must be a callable that returns a Text, got None",
        ),
        (
            lambda: allowed_languages(b"en"),  # type: ignore[arg-type]
            "languages must be an iterable of language codes, got b'en'",
        ),
        (
            lambda: allowed_languages([1, 2]),  # type: ignore[list-item]
            "languages must be an iterable of language codes, got [1, 2]",
        ),
    ],
)
def test_catalogs_refuse_wrong_arguments_by_name(
    call: Callable[[], object], message: str
) -> None:
    """A list as ``lang`` raised ``TypeError``; ``None`` quietly found nothing."""
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_catalog_questions_still_answer() -> None:
    assert CAT.ids() == frozenset({"q.a"})
    assert CAT.missing("de") == ["q.a"]
    assert CAT.template("en", "q.a") == "a {n}"
    assert CAT.template("xx", "q.a") is None
    assert Text.deferred(lambda: CAT.text("q.a", n=2))() == "a 2"
    assert allowed_languages(iter(["en", "de"])) == "'en' or 'de'"


class _EntryPoint:
    name = 5
    value = "x:y"

    def load(self) -> object:
        return examples


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Registry(load_entrypoints=False, plugins=None),  # type: ignore[arg-type]
            "plugins must be an iterable of plugin objects (modules, …), got None",
        ),
        (
            lambda: Registry(load_entrypoints=False, plugins="examples"),
            (
                "plugins must be an iterable of plugin objects (modules, …), "
                "got 'examples'"
            ),
        ),
        (
            lambda: Registry(load_entrypoints=1),  # type: ignore[arg-type]
            "load_entrypoints must be True, False or None, got 1",
        ),
        (
            lambda: Registry(entry_points=5),  # type: ignore[arg-type]
            "entry_points must be an iterable of entry points, got 5",
        ),
        (
            lambda: Registry(entry_points=[None]),  # type: ignore[list-item]
            (
                "entry_points[0] must be an entry point (with name, value and "
                "load), got None"
            ),
        ),
    ],
)
def test_a_registry_refuses_wrong_arguments_by_name(
    make: Callable[[], object], message: str
) -> None:
    """``plugins=None`` raised ``TypeError``; a string registered itself."""
    with pytest.raises(ParameterError) as info:
        make()
    assert str(info.value) == message


def test_an_entry_point_without_a_string_name_is_refused() -> None:
    with pytest.raises(ParameterError) as info:
        Registry(entry_points=[_EntryPoint()])  # type: ignore[list-item]
    assert str(info.value).startswith(
        "entry_points[0] must be an entry point (with name, value and load), got <"
    )


def test_a_registry_of_plugins_given_as_any_iterable_still_works() -> None:
    registry = Registry(load_entrypoints=False, plugins=iter([examples]))
    assert registry.ids() == ["toy"]
    assert Registry(load_entrypoints=False, plugins=()).ids() == []


# ------------------------------------------------- declarations and helpers


def _judge(faces: tuple[int, ...], **params: object) -> Outcome:
    return Outcome(True, Degree.SUCCESS, 1)


SPEC = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy").checks()[0]
BOUND = "must be an integer from 0 to 2**63 - 1, or None, got"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: Parameter(None, int),  # type: ignore[arg-type]
            (
                "name must be a parameter's name: a Python identifier (pw, rest_die), "
                "as key=value words and keyword arguments need, got None"
            ),
        ),
        (
            lambda: Parameter("a=b", int),
            (
                "name must be a parameter's name: a Python identifier (pw, rest_die), "
                "as key=value words and keyword arguments need, got 'a=b'"
            ),
        ),
        (
            lambda: Parameter("", int),
            (
                "name must be a parameter's name: a Python identifier (pw, rest_die), "
                "as key=value words and keyword arguments need, got ''"
            ),
        ),
        (
            lambda: Parameter("s", float),  # type: ignore[arg-type]
            "type must be int, bool or str, got <class 'float'>",
        ),
        (
            lambda: Parameter("s", int, min_value="0"),  # type: ignore[arg-type]
            "min_value must be an integer or None, got '0'",
        ),
        (
            lambda: Parameter("s", int, max_value=1.5),  # type: ignore[arg-type]
            "max_value must be an integer or None, got 1.5",
        ),
        (
            lambda: Parameter("s", int, help=None),  # type: ignore[arg-type]
            "help must be a string, got None",
        ),
        (
            lambda: Parameter("s", int, monotonic="increasing"),  # type: ignore[arg-type]
            (
                "monotonic must be a Monotonic (Monotonic.INCREASING, …), "
                "got 'increasing'"
            ),
        ),
        (
            lambda: Difficulty("easy", "2", CAT.text("q.a")),  # type: ignore[arg-type]
            "modifier must be an integer, got '2'",
        ),
        (
            lambda: Difficulty("easy", 2, "Easy"),  # type: ignore[arg-type]
            "label must be a Text (catalog.text(...)), got 'Easy'",
        ),
        (
            lambda: Difficulty(None, 2, CAT.text("q.a")),  # type: ignore[arg-type]
            "id must be a difficulty's id (a string), got None",
        ),
        (
            lambda: define_check("c", dice=[6], judge=_judge, help=None),  # type: ignore[arg-type]
            "help must be a string, got None",
        ),
        (
            lambda: define_check("c", dice=[6], judge=_judge, contest_symmetric=None),  # type: ignore[arg-type]
            "contest_symmetric must be True or False, got None",
        ),
        (
            lambda: enum_parameter(None, "degree", "success"),  # type: ignore[arg-type]
            "enum_type must be an enum class, got None",
        ),
        (
            lambda: roll_under(5, 10, always="1"),  # type: ignore[arg-type]
            "always must be an integer, got '1'",
        ),
        (
            lambda: parse_words(None, ["skill=3"]),  # type: ignore[arg-type]
            "spec must be a CheckSpec (one of a ruleset's checks()), got None",
        ),
        (
            lambda: parse_mapping("toy:check", {"skill": 3}),  # type: ignore[arg-type]
            "spec must be a CheckSpec (one of a ruleset's checks()), got 'toy:check'",
        ),
        (
            lambda: parse_words(SPEC, None),  # type: ignore[arg-type]
            'words of check must be a list of key=value words (["pw=14"]), got None',
        ),
        (
            lambda: list(face_weights(None)),  # type: ignore[arg-type]
            "sides must be a sequence of integers >= 1, got None",
        ),
        (
            lambda: list(face_weights([6, 1.5])),  # type: ignore[list-item]
            "sides must be a sequence of integers >= 1, got [6, 1.5]",
        ),
        (
            lambda: list(face_weights([6], stop=True)),  # type: ignore[arg-type]
            "stop must be a function or None, got True",
        ),
        (
            lambda: enumerate_faces([6], None),  # type: ignore[arg-type]
            "judge must be a function of the faces, got None",
        ),
        (
            lambda: enumerate_faces([6], _judge, budget=None),  # type: ignore[arg-type]
            "budget must be an integer >= 1, got None",
        ),
        (
            lambda: enumerate_faces([6], _judge, stop=5),  # type: ignore[arg-type]
            "stop must be a function or None, got 5",
        ),
        (
            lambda: enumerate_faces([6], _judge, unordered=1),  # type: ignore[arg-type]
            "unordered must be True or False, got 1",
        ),
    ],
)
def test_declarations_and_face_helpers_refuse_wrong_arguments_by_name(
    call: Callable[[], object], message: str
) -> None:
    """Each was accepted (and failed later, or never) or raised ``TypeError``."""
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_declarations_and_helpers_still_work() -> None:
    pw = Parameter("pw", int, help="check value", min_value=-20, max_value=100)
    assert pw.parse("44") == 44
    assert Difficulty("easy", 2, CAT.text("q.a", n=1)).label() == "a 1"
    assert roll_under(20, 10, always=20)
    assert enum_parameter(Degree, "degree", "success") is Degree.SUCCESS
    assert parse_words(SPEC, ["skill=3"]) == {"skill": 3}
    assert parse_mapping(SPEC, {"skill": 3}) == {"skill": 3}
    assert list(face_weights([2, 6], stop=lambda f: f[0] != 1))[-1] == ((2,), 6)
    odds = enumerate_faces([6], _judge, budget=6, unordered=True)
    assert odds.support == (Outcome(True, Degree.SUCCESS, 1),)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: StackingPolicy().total(None),  # type: ignore[arg-type]
            "modifiers must be an iterable of Modifiers, got None",
        ),
        (
            lambda: StackingPolicy().combine([Modifier(1, "x"), 2]),  # type: ignore[list-item]
            "modifiers[1] must be a Modifier, got 2",
        ),
        (
            lambda: modifiers_in_force(None, "A"),  # type: ignore[arg-type]
            "effects must be an iterable of effects, got None",
        ),
        (
            lambda: modifiers_in_force([1], "A"),  # type: ignore[list-item]
            "effects must be effects (Effect or ActiveEffect), one by one, got 1",
        ),
        (
            lambda: modifiers_in_force([], "A", "sum"),  # type: ignore[arg-type]
            "policy must be a StackingPolicy or None, got 'sum'",
        ),
        (
            lambda: by_initiative(None, SeededRng(1)),  # type: ignore[arg-type]
            "combatants must be a sequence of Combatants, got None",
        ),
        (
            lambda: by_initiative(["A"], SeededRng(1)),  # type: ignore[list-item]
            "combatants[0] must be a Combatant, got 'A'",
        ),
        (
            lambda: by_initiative([Combatant("A")], None),  # type: ignore[arg-type]
            (
                "rng must be an Rng such as SeededRng(7), SystemRng() or "
                "ScriptedRng([...]), got None"
            ),
        ),
        (lambda: Actions(2, "A", ends_at="x"), f"ends_at {BOUND} 'x'"),  # type: ignore[arg-type]
        (lambda: Rounds(2, ends_at=1.5), f"ends_at {BOUND} 1.5"),  # type: ignore[arg-type]
        (lambda: NextChecks(1, ends_at=2**63), f"ends_at {BOUND} 9223372036854775808"),
        (lambda: UntilEndOfNextTurns(1, after=[]), f"after {BOUND} []"),  # type: ignore[arg-type]
        (lambda: UntilEvent("boom", seen=True), f"seen {BOUND} True"),
        (lambda: UntilEvent("boom", seen=-1), f"seen {BOUND} -1"),
        (lambda: Rounds(2, "A", ends_at=-1), f"ends_at {BOUND} -1"),
        (
            lambda: Encounter.create(["A"]).advance().state.apply_effect(None),  # type: ignore[arg-type]
            (
                "effect must be an Effect (with name, source, target, duration, "
                "modifiers and condition), got None"
            ),
        ),
        (
            lambda: Combatant("A", counters=None),  # type: ignore[arg-type]
            "counters must be an iterable of Counters, got None",
        ),
        (
            lambda: Combatant("A", counters="hits"),  # type: ignore[arg-type]
            "counters must be an iterable of Counters, got 'hits'",
        ),
        (
            lambda: Combatant("A", counters=[("hits", 1)]),  # type: ignore[list-item]
            "counters[0] must be a Counter, got ('hits', 1)",
        ),
    ],
)
def test_encounter_helpers_refuse_wrong_arguments_by_name(
    call: Callable[[], object], message: str
) -> None:
    """A bound duration field of any type was kept and written to JSON.

    ``Actions(2, "A", ends_at="x").to_json()`` wrote a document its own
    ``from_json`` refused; ``by_initiative(None, rng)``,
    ``modifiers_in_force(None, "A")`` and ``Combatant("A", counters=None)``
    raised ``TypeError``, ``apply_effect(None)`` ``AttributeError``.
    """
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_encounter_helpers_still_work() -> None:
    a, b = Combatant("A", initiative=8), Combatant("B", initiative=12)
    assert by_initiative((a, b), SeededRng(1)) == ("B", "A")
    assert StackingPolicy().total([Modifier(1, "x"), Modifier(2, "y")]) == 3
    bound = Rounds(2, "A", ends_at=3)
    assert Rounds.from_json(bound.to_json()) == bound
    assert UntilEvent("boom", seen=0).seen == 0
    counters = [Counter("b", 1), Counter("a", 2)]
    assert [c.name for c in Combatant("A", counters=counters).counters] == ["a", "b"]
