"""Shapes that keep the encounter types usable under pyright as well as mypy.

helper-h212 checked every example of the docs with ``pyright --strict``:
it refused every core duration kind as a ``Duration`` ("kind" is not defined
as a ClassVar in protocol), because the kinds declared ``kind:
ClassVar[str]`` where the protocol has a property, and it refused an
``Encounter`` as an ``EncounterView`` ("__converterDescriptor_clock" is not
assignable to "Fraction"), because ``clock`` was an attrs field with a
converter. mypy accepts both; pyright is not a dependency here, so these
tests pin the shapes instead.
"""

from __future__ import annotations

import inspect
import typing
from fractions import Fraction

import attrs
import pytest

from rollwerk import encounter
from rollwerk.encounter import Encounter
from rollwerk.errors import ParameterError

KINDS = [
    encounter.Actions,
    encounter.Concentration,
    encounter.FirstOf,
    encounter.GameTime,
    encounter.Instant,
    encounter.NextChecks,
    encounter.Permanent,
    encounter.Rounds,
    encounter.UntilCondition,
    encounter.UntilEndOfEncounter,
    encounter.UntilEndOfNextTurns,
    encounter.UntilEndOfTurn,
    encounter.UntilEvent,
]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_no_core_kind_declares_its_kind_a_class_variable(kind: type) -> None:
    for cls in kind.__mro__:
        declared = inspect.get_annotations(cls).get("kind")
        assert declared in (None, "str"), (cls, declared)
    assert isinstance(kind.kind, str)
    assert "kind" not in attrs.fields_dict(kind)


def test_the_encounter_clock_fields_have_no_converter() -> None:
    fields = attrs.fields_dict(Encounter)
    assert fields["clock"].converter is None
    assert fields["round_seconds"].converter is None
    hints = typing.get_type_hints(Encounter)
    assert hints["clock"] is Fraction
    assert hints["round_seconds"] is Fraction


def test_the_state_still_turns_whole_seconds_into_fractions() -> None:
    enc = Encounter((), (), clock=5, round_seconds=3)  # type: ignore[arg-type]
    assert type(enc.clock) is Fraction
    assert enc.clock == 5
    assert type(enc.round_seconds) is Fraction
    assert enc.round_seconds == 3
    moved = attrs.evolve(enc, clock=7)  # type: ignore[arg-type]
    assert type(moved.clock) is Fraction
    with pytest.raises(ParameterError) as info:
        Encounter((), (), clock=1.5)  # type: ignore[arg-type]
    assert str(info.value) == "clock must be an int or Fraction, got 1.5"


@pytest.mark.parametrize("kind", [encounter.Rounds(2), encounter.Instant()])
def test_described_duration_is_checked_at_run_time(kind: object) -> None:
    """helper-h212: ``isinstance(x, DescribedDuration)`` raised ``TypeError``,
    so typed code could not narrow a ``Duration`` to call ``describe``."""
    assert isinstance(kind, encounter.DescribedDuration)
    assert not isinstance(object(), encounter.DescribedDuration)
