"""Declarations and catalogs refuse arguments of the wrong type by name.

Found by a type-confusion fuzz of the public API (session 25): each call
replaced one argument of a valid call with ``None``, a number, a string, a
list, a mapping or an object. These raised Python's ``TypeError`` or
``AttributeError`` — ``define_check`` accepted parameters that were not
`Parameter`s (or two of the same name), and the ruleset built from it then
failed with ``'int' object has no attribute 'name'``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk import (
    Combatant,
    Distribution,
    Encounter,
    Outcome,
    ParameterError,
    SeededRng,
)
from rollwerk.checks import (
    CheckSpec,
    Degree,
    Level,
    Parameter,
    d100,
    define_check,
    enum_parameter,
    enumerate_faces,
    face_weights,
    pool_dice,
    successes,
)
from rollwerk.encounter import (
    by_initiative,
    modifiers_in_force,
    round_of_turn,
    signal_message,
)
from rollwerk.i18n import (
    Catalog,
    allowed_languages,
    genitive,
    number,
    quantity,
    time_span,
)
from rollwerk.plugins import Registry, missing_duration_kind
from rollwerk.rulesets import define_ruleset

SKILL = Parameter("skill", int, min_value=0, max_value=5)
CAT = Catalog({"en": {"q.a": "a {n}"}})


def judge(faces: tuple[int, ...], **params: object) -> Outcome:
    return Outcome(faces[0] > 3, Degree.SUCCESS if faces[0] > 3 else Degree.FAILURE, 1)


CHECK = define_check("c", [SKILL], dice=[6], judge=judge)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: define_check("c", [3], dice=[6], judge=judge),  # type: ignore[list-item]
            "parameters[0] must be a Parameter, got 3",
        ),
        (
            lambda: define_check("c", None, dice=[6], judge=judge),  # type: ignore[arg-type]
            "parameters must be a list of Parameters, got None",
        ),
        (
            lambda: define_check("c", "skill", dice=[6], judge=judge),  # type: ignore[arg-type]
            "parameters must be a list of Parameters, got 'skill'",
        ),
        (
            lambda: define_check("c", [SKILL, SKILL], dice=[6], judge=judge),
            "parameters[1] must be a name no other parameter has, got 'skill'",
        ),
        (
            lambda: CheckSpec("c", (SKILL, 3), lambda **k: None),  # type: ignore[arg-type]
            "parameters[1] must be a Parameter, got 3",
        ),
        (
            lambda: define_ruleset("q", "Q", levels=None, checks=[CHECK]),  # type: ignore[arg-type]
            "levels must be SuccessLevels or a list of Levels, got None",
        ),
        (
            lambda: define_ruleset("q", "Q", checks=True),  # type: ignore[arg-type]
            "checks must be a list of checks (define_check), got True",
        ),
        (
            lambda: CAT.render(["en"], "q.a", n=1),  # type: ignore[arg-type]
            "lang must be a language code ('en', 'de'), got ['en']",
        ),
        (
            lambda: CAT.render("en", 3),  # type: ignore[arg-type]
            "message must be a message id (a string), got 3",
        ),
        (
            lambda: CAT.text("q.a", n=1).render(None),  # type: ignore[arg-type]
            "lang must be a language code ('en', 'de'), got None",
        ),
        (
            lambda: CAT.merge(CAT, None),  # type: ignore[arg-type]
            "others[1] must be a Catalog, got None",
        ),
        (
            lambda: CAT | {"en": {}},  # type: ignore[operator]
            "other must be a Catalog, got {'en': {}}",
        ),
        (
            lambda: pool_dice(10**14, 6),
            "count must be an integer from 0 to 1000, got 100000000000000",
        ),
        (
            lambda: pool_dice(3, 10**6),
            "sides must be an integer from 1 to 10000, got 1000000",
        ),
        (
            lambda: pool_dice(3, 6, None),  # type: ignore[arg-type]
            (
                "role must be a printable string, not blank, without spaces at its ends, "
                "got None"
            ),
        ),
        (
            lambda: successes(None, 5),  # type: ignore[arg-type]
            "faces must be a sequence of integer faces, got None",
        ),
        (
            lambda: successes([6, None], 5),  # type: ignore[list-item]
            "faces must be a sequence of integer faces, got [6, None]",
        ),
        (
            lambda: d100(None, 0),  # type: ignore[arg-type]
            "faces must be a sequence of integer faces, got None",
        ),
        (
            lambda: signal_message(None),  # type: ignore[arg-type]
            "event must be an event name (a string), got None",
        ),
        (lambda: genitive(None), "name must be a string, got None"),  # type: ignore[arg-type]
        (lambda: number("x"), "value must be an integer or a Fraction, got 'x'"),  # type: ignore[arg-type]
        (lambda: number(1.5), "value must be an integer or a Fraction, got 1.5"),  # type: ignore[arg-type]
        (
            lambda: quantity(["round"], 2),  # type: ignore[arg-type]
            "unit must be a unit's name (a string), got ['round']",
        ),
        (
            lambda: time_span(None),  # type: ignore[arg-type]
            "seconds must be an integer or a Fraction, got None",
        ),
        (
            lambda: allowed_languages(None),  # type: ignore[arg-type]
            "languages must be an iterable of language codes, got None",
        ),
    ],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


FACES = CHECK.build("demo", skill=3)
RESULT = FACES.resolve(SeededRng(1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: FACES.result_for(None),  # type: ignore[arg-type]
            "faces must be a sequence of faces, one per die, got None",
        ),
        (
            lambda: FACES.outcome_for(4),  # type: ignore[arg-type]
            "faces must be a sequence of faces, one per die, got 4",
        ),
        (
            lambda: RESULT.extra(["hits"]),  # type: ignore[arg-type]
            "name must be an extra's name (a string), got ['hits']",
        ),
        (
            lambda: RESULT.outcome().extra(None),  # type: ignore[arg-type]
            "name must be an extra's name (a string), got None",
        ),
        (
            lambda: Encounter.create(["A"]).signals(["x"]),  # type: ignore[arg-type]
            "event must be an event name (a string), got ['x']",
        ),
        (
            lambda: Registry(load_entrypoints=False).distribution([]),  # type: ignore[arg-type]
            "plugin must be a plugin's name (a string), got []",
        ),
        (
            lambda: Distribution.constant([1]),
            "outcome must be a hashable value, got [1]",
        ),
        (
            lambda: round_of_turn(None, "A", 1),  # type: ignore[arg-type]
            "state must be an encounter state (an Encounter), got None",
        ),
        (
            lambda: round_of_turn(Encounter.create(["A"]), "A", "1"),  # type: ignore[arg-type]
            "turn must be an integer, got '1'",
        ),
        (
            lambda: modifiers_in_force([3], "A"),  # type: ignore[list-item]
            "effects must be effects (Effect or ActiveEffect), one by one, got 3",
        ),
        (
            lambda: modifiers_in_force([], None),  # type: ignore[arg-type]
            "target must be a combatant id (a string), got None",
        ),
        (
            lambda: by_initiative(None, SeededRng(1)),  # type: ignore[arg-type]
            "combatants must be a sequence of Combatants, got None",
        ),
        (
            lambda: by_initiative(
                [Combatant("A", initiative=1), Combatant("B", initiative=1)],
                None,  # type: ignore[arg-type]
            ),
            (
                "rng must be an Rng such as SeededRng(7), SystemRng() or "
                "ScriptedRng([...]), got None"
            ),
        ),
        (
            lambda: enumerate_faces([6], None),  # type: ignore[arg-type]
            "judge must be a function of the faces, got None",
        ),
        (
            lambda: list(face_weights([6, None])),  # type: ignore[list-item]
            "sides must be a sequence of integers >= 1, got [6, None]",
        ),
        (
            lambda: enum_parameter(None, "policy", "x"),  # type: ignore[arg-type]
            "enum_type must be an enum class, got None",
        ),
        (
            lambda: missing_duration_kind(None, Registry(load_entrypoints=False)),  # type: ignore[arg-type]
            "kind must be a duration kind (a string), got None",
        ),
    ],
)
def test_methods_refuse_wrong_arguments_by_name(
    call: Callable[[], object], message: str
) -> None:
    """Found by the same fuzz over the methods of values (session 25)."""
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_documented_forms_still_work() -> None:
    levels = [Level("miss", Degree.FAILURE), Level("hit", Degree.SUCCESS)]
    ruleset = define_ruleset("q", "Q", levels=levels, checks=(CHECK,))
    assert [p.name for p in ruleset.checks()[0].parameters] == ["skill"]
    assert CAT.render("de", "q.a", n=2) == "a 2"  # falls back to English
    assert (CAT | Catalog({"de": {"q.a": "b {n}"}})).render("de", "q.a", n=2) == "b 2"
    assert successes((6, 2, 5), 5) == 2
    assert pool_dice(1000, 6)[-1] == (6, "pool")
    assert time_span(Fraction(15, 2))() == "7.5 seconds"
    assert number(Fraction(5, 2))("de") == "2,5"
