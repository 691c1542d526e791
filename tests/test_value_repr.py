"""The shared ``__repr__`` of the core's attrs classes reads as attrs' own."""

from __future__ import annotations

import attrs

from rollwerk import CheckResult, Outcome
from rollwerk._repr import value_repr
from rollwerk.checks import Degree


@attrs.frozen
class _Generated:
    amount: int
    label: str = "x"
    _private: tuple[int, ...] = ()
    hidden: int = attrs.field(default=0, repr=False)
    shown: int = attrs.field(default=7, repr=lambda v: f"<{v}>")
    later: int = attrs.field(init=False, default=3)


@attrs.frozen
class _Shared(_Generated):
    """The same fields (inherited), with the shared repr."""

    __repr__ = value_repr


@attrs.define
class _Node:
    __repr__ = value_repr

    name: str
    child: object = None


def test_the_shared_repr_reads_as_the_one_attrs_writes() -> None:
    generated = repr(_Generated(1, "a'b", private=(2,), hidden=5, shown=9))
    shared = repr(_Shared(1, "a'b", private=(2,), hidden=5, shown=9))
    assert shared == generated.replace("_Generated", "_Shared")
    assert (
        shared == '_Shared(amount=1, label="a\'b", _private=(2,), shown=<9>, later=3)'
    )


def test_attrs_keeps_the_class_s_own_repr() -> None:
    assert _Shared.__repr__ is value_repr


def test_a_value_met_again_inside_its_own_repr_shows_as_dots() -> None:
    node = _Node("a")
    node.child = [node, _Node("b")]
    expected = "_Node(name='a', child=[..., _Node(name='b', child=None)])"
    assert repr(node) == expected
    assert repr(node) == expected  # the guard was released
    assert repr(_Node("c")) == "_Node(name='c', child=None)"


def test_a_plain_subclass_shows_its_own_name() -> None:
    class Special(_Shared):
        pass

    assert repr(Special(2)).startswith("Special(amount=2, ")


def test_core_values_use_it() -> None:
    outcome = Outcome(success=True, degree=Degree.SUCCESS, value=3)
    assert type(outcome).__repr__ is value_repr
    assert CheckResult.__repr__ is value_repr
    assert repr(outcome).startswith("Outcome(success=True, degree=<Degree.SUCCESS: ")
