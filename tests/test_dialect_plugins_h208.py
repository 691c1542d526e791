"""A plugin's dialect: its name is checked, and the features it lacks are refused.

helper-h208: a dialect named ``42`` made every dialect lookup raise
``TypeError`` (the names are sorted), ``"Dice Bot"`` registered though no
ruleset can name it, and a dialect without ``Feature.KEEP`` or
``Feature.REROLL`` still read ``kh3`` and ``r1``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import rollwerk
from rollwerk.errors import NotationError
from rollwerk.notation import Dialect, get_dialect, parse
from rollwerk.notation._dialect import Feature
from rollwerk.plugins import Registry

BASE = get_dialect("rollwerk")


def _registry(*dialects: Any) -> Registry:
    class Plugin:
        @staticmethod
        @rollwerk.hookimpl
        def rollwerk_register_dialects() -> list[Any]:
            return list(dialects)

    return Registry(load_entrypoints=False, plugins=[Plugin])


@pytest.mark.parametrize("name", [42, "Dice Bot", "", "dice.bot", "DiceBot"])
def test_a_dialect_name_that_is_not_a_lower_case_word_is_a_failure(name: Any) -> None:
    registry = _registry(attrs.evolve(BASE, name="mine"), attrs.evolve(BASE, name=name))
    assert sorted(registry.dialects()) == [
        "avrae",
        "foundry",
        "german",
        "mine",
        "roll20",
        "rollwerk",
    ]
    (failure,) = registry.failures
    assert failure.reason == (
        "rollwerk_register_dialects: a dialect's name must be a lower-case word "
        f"without spaces, dots or colons, got {name!r}"
    )


def _without(feature: Feature, name: str) -> Dialect:
    return attrs.evolve(BASE, name=name, features=frozenset(BASE.features - {feature}))


@pytest.mark.parametrize(
    ("feature", "text", "word"),
    [
        (Feature.KEEP, "4d6kh3", "k"),
        (Feature.KEEP, "4d6k3", "k"),
        (Feature.KEEP, "4d6dl1", "d"),
        (Feature.REROLL, "4d6r1", "r"),
        (Feature.REROLL, "4d6ro1", "r"),
    ],
)
def test_a_dialect_without_a_feature_refuses_its_modifier(
    feature: Feature, text: str, word: str
) -> None:
    dialect = _without(feature, "lean")
    with pytest.raises(NotationError) as info:
        parse(text, dialect=dialect)
    assert str(info.value).splitlines()[0] == (
        f"{word!r} is not part of the lean dialect at column 4"
    )
    other = Feature.REROLL if feature is Feature.KEEP else Feature.KEEP
    assert parse(text, dialect=_without(other, "lean")).distribution() == (
        parse(text).distribution()
    )


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"bang": "add"}, "bang must be a member of ExplodeMode, got 'add'"),
        ({"inclusive": 1}, "inclusive must be True or False, got 1"),
        (
            {"features": frozenset({"!"})},
            (
                "features must be a frozenset of rollwerk.notation Feature members, "
                "got frozenset({'!'})"
            ),
        ),
        ({"title": ""}, "title must be a non-empty string, got ''"),
        ({"percent": "d100"}, "percent must be a member of Percent, got 'd100'"),
    ],
)
def test_a_dialect_field_of_the_wrong_kind_is_a_failure(
    changes: dict[str, Any], reason: str
) -> None:
    """``bang="add"`` registered and then failed when a text used ``!``, as
    the user's error (exit code 2)."""
    registry = _registry(attrs.evolve(BASE, name="bent", **changes))
    assert "bent" not in registry.dialects()
    (failure,) = registry.failures
    assert failure.reason == f"rollwerk_register_dialects: dialect 'bent': {reason}"


def test_the_bundled_dialects_pass_the_field_check() -> None:
    from rollwerk.notation._dialect import dialect_problem

    for name in ("rollwerk", "roll20", "foundry", "avrae", "german"):
        assert dialect_problem(get_dialect(name)) is None


def test_per_die_modifiers_without_counting_compare_the_total() -> None:
    """helper-h208: Roll20's per-die reading counts dice; without ``Feature.COUNT``
    ``3d6+1>3`` compares the total, as ``3d6>3`` does in that dialect."""
    roll20 = get_dialect("roll20")
    lean = attrs.evolve(
        roll20, name="lean", features=frozenset(roll20.features - {Feature.COUNT})
    )
    assert parse("3d6+1>3", dialect=roll20).replay([1, 2, 3]).total == 2
    assert parse("3d6+1>3", dialect=lean).replay([1, 2, 3]).total == 1
    assert parse("3d6+1>7", dialect=lean).replay([1, 2, 3]).total == 1
    assert parse("3d6+1>8", dialect=lean).replay([1, 2, 3]).total == 0


def test_a_dialects_percent_and_division_kinds_are_public() -> None:
    """helper-h208: a plugin author had to import ``Percent`` and ``Division``
    from a private module to set ``percent`` and ``division``."""
    from rollwerk.notation import Division, Percent

    tens = attrs.evolve(
        BASE, name="tens", percent=Percent.TENS, division=Division.EXACT
    )
    registry = _registry(tens)
    assert registry.failures == ()
    assert registry.dialects()["tens"] is tens
    assert sorted(parse("d%", dialect=tens).distribution()) == list(range(0, 100, 10))
    assert [m.value for m in Division] == ["floor", "exact", "truncate total"]
    assert [m.value for m in Percent] == ["d100", "tens"]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        (
            {"features": ["count"]},
            (
                "features must be a frozenset of rollwerk.notation Feature members, "
                "got ['count']"
            ),
        ),
        ({"division": "floor"}, "division must be a member of Division, got 'floor'"),
        ({"percent": "d100"}, "percent must be a member of Percent, got 'd100'"),
        ({"inclusive": 1}, "inclusive must be True or False, got 1"),
    ],
)
def test_a_dialect_passed_to_parse_is_checked_too(
    changes: dict[str, Any], problem: str
) -> None:
    """helper-h212: a ``Dialect`` given to ``parse`` was not checked, so
    ``features=["count"]`` turned every feature off and ``division="floor"``
    gave a misleading message about floor()/ceil()/round()."""
    from rollwerk.errors import ParameterError

    bad = attrs.evolve(BASE, name="mine", **changes)
    with pytest.raises(ParameterError) as info:
        parse("7/2", dialect=bad)
    assert str(info.value) == (
        "dialect must be a Dialect whose fields are each of their kind "
        f"({problem}), got <Dialect mine>"
    )
    good = attrs.evolve(BASE, name="mine")
    assert parse("7/2", dialect=good).distribution() == parse("7/2").distribution()


@pytest.mark.parametrize("name", [True, -1, "", [3], "Mine", "my dialect", "a.b"])
def test_a_dialect_passed_to_parse_has_a_lower_case_word_for_a_name(
    name: object,
) -> None:
    """A bad-input audit: ``Dialect(True, …)`` parsed, and the roll's JSON then
    did not load ("dialect must be a string"); a list name raised a bare
    ``TypeError`` (notation.md: dialects are named by a lower-case word)."""
    from rollwerk.errors import ParameterError, shown

    bad = attrs.evolve(BASE, name=name)
    with pytest.raises(ParameterError) as info:
        parse("1d6", dialect=bad)
    assert str(info.value).startswith(
        "dialect must be a Dialect whose fields are each of their kind (name must "
        f"be a lower-case word without spaces, dots or colons, got {shown(name)}), "
    )
