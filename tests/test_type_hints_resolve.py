"""Every public annotation resolves at run time.

A strictly typed user calls ``typing.get_type_hints`` on rollwerk's public
classes and functions (or ``attrs.resolve_types`` on its value types, as
cattrs and similar tools do). Those evaluate the string annotations of
``from __future__ import annotations`` in the defining module, so a name
imported only under ``TYPE_CHECKING`` fails with a ``NameError`` there.

Walked: the ``__all__`` of every public module of the core (each name taken
through the public module), with ``get_type_hints`` on each function, each
class, each public method and property getter of the class and of its
rollwerk base classes, and ``attrs.resolve_types`` on each attrs class.
Type aliases (objects that are neither classes nor functions but have a
``typing.get_origin``) are checked by annotating a function elsewhere with
them, which is how a user meets them.

Not walked: the ``__init__`` that attrs generates. attrs compiles it with a
copy of the module's globals taken when the class is created, so a class
that names itself or a class defined further down in a field annotation
(``RollNode.children: tuple[RollNode, ...]``) can never resolve there;
``get_type_hints(cls)`` and ``attrs.resolve_types(cls)`` cover the same
fields.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ForwardRef

import attrs
import pytest

PUBLIC_MODULES = (
    "rollwerk",
    "rollwerk.checks",
    "rollwerk.dice",
    "rollwerk.distribution",
    "rollwerk.rng",
    "rollwerk.notation",
    "rollwerk.encounter",
    "rollwerk.rulesets",
    "rollwerk.analysis",
    "rollwerk.plugins",
    "rollwerk.plugins.hookspecs",
    "rollwerk.i18n",
    "rollwerk.errors",
    "rollwerk.testing",
    "rollwerk.cli",
)

# Objects left out on purpose, each with the reason: a fix would need an
# import at import time that the check path must not make
# (tests/test_startup_imports.py), and their signatures are documented
# verbatim in docs/plugins.md (tests/test_hooks.py), so they keep bare names.
_CHECK_PATH = "imported only for type checkers: the registry imports hookspecs "
EXCEPTIONS: dict[str, str] = {
    "rollwerk.plugins.hookspecs.rollwerk_register_dialects": (
        _CHECK_PATH + "and `rollwerk check` must not load rollwerk.notation (Dialect)"
    ),
    "rollwerk.plugins.hookspecs.rollwerk_register_duration_kinds": (
        _CHECK_PATH
        + "and `rollwerk check` must not load rollwerk.encounter._durations "
        "(DurationDecoder)"
    ),
    "rollwerk.plugins.hookspecs.rollwerk_register_fight_rules": (
        _CHECK_PATH + "and `rollwerk check` must not load rollwerk.analysis._fight "
        "(FightRules)"
    ),
}

SRC = Path(__file__).resolve().parents[1] / "src" / "rollwerk"


def _unresolved(hint: object) -> list[str]:
    """The parts of a resolved hint that are still strings or forward references."""
    if isinstance(hint, (str, ForwardRef)):
        return [repr(hint)]
    if isinstance(hint, (list, tuple)):
        return [part for arg in hint for part in _unresolved(arg)]
    return [part for arg in typing.get_args(hint) for part in _unresolved(arg)]


def _check_hints(label: str, obj: Any, failures: list[str]) -> None:
    try:
        hints = typing.get_type_hints(obj)
    except Exception as exc:  # noqa: BLE001  # every failure is reported by name
        failures.append(f"{label}: {type(exc).__name__}: {exc}")
        return
    for name, hint in hints.items():
        left = _unresolved(hint)
        if left:
            failures.append(f"{label}: {name} leaves {', '.join(left)} unresolved")


def _attrs_generated(func: Any) -> bool:
    code = getattr(func, "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def _members(cls: type) -> Iterator[tuple[str, Callable[..., Any]]]:
    """The public methods and property getters of ``cls`` and its rollwerk bases."""
    for base in cls.__mro__:
        if not base.__module__.startswith("rollwerk"):
            continue
        for name, value in vars(base).items():
            if name.startswith("_") and name not in ("__init__", "__call__"):
                continue
            owner = base.__name__
            if isinstance(value, property):
                if value.fget is not None:
                    yield f"{owner}.{name}.fget", value.fget
            elif isinstance(value, (staticmethod, classmethod)):
                yield f"{owner}.{name}", value.__func__
            elif inspect.isfunction(value) and not _attrs_generated(value):
                yield f"{owner}.{name}", value


def _public(module_name: str) -> Iterator[tuple[str, Any]]:
    module = importlib.import_module(module_name)
    for name in module.__all__:
        yield f"{module_name}.{name}", getattr(module, name)


def _failures(module_name: str) -> list[str]:
    failures: list[str] = []
    for label, obj in _public(module_name):
        if label in EXCEPTIONS:
            continue
        if inspect.isclass(obj):
            _check_hints(label, obj, failures)
            if attrs.has(obj):
                try:
                    attrs.resolve_types(obj)
                except Exception as exc:  # noqa: BLE001
                    failures.append(
                        f"{label} (attrs.resolve_types): {type(exc).__name__}: {exc}"
                    )
            for member, func in _members(obj):
                if f"{module_name}.{member}" not in EXCEPTIONS:
                    _check_hints(f"{label} -> {member}", func, failures)
        elif inspect.isfunction(inspect.unwrap(obj)):
            _check_hints(label, obj, failures)
    return failures


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_get_type_hints_resolves_every_public_object(module_name: str) -> None:
    failures = _failures(module_name)
    assert not failures, "\n".join(failures)


def _aliases(module_name: str) -> Iterator[tuple[str, Any]]:
    for label, obj in _public(module_name):
        # an alias first: on Python 3.10 inspect.isclass(list[int]) is True
        if typing.get_origin(obj) is not None:
            yield label, obj


def test_there_are_aliases_to_check() -> None:
    labels = {label for m in PUBLIC_MODULES for label, _ in _aliases(m)}
    assert {
        "rollwerk.checks.Scalar",
        "rollwerk.encounter.Event",
        "rollwerk.encounter.InitiativeRule",
        "rollwerk.i18n.Field",
        "rollwerk.rulesets.InitiativeRule",
    } <= labels


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_a_user_annotation_with_a_public_alias_resolves(module_name: str) -> None:
    """A user's ``get_type_hints`` evaluates an alias's inner names in the user's module."""
    failures: list[str] = []
    for label, alias in _aliases(module_name):
        namespace: dict[str, Any] = {"Alias": alias}
        # No future import here: the annotation is the alias object itself.
        exec("def user(value: Alias) -> Alias: return value", namespace)
        _check_hints(label, namespace["user"], failures)
    assert not failures, "\n".join(failures)


def _string_aliases() -> list[str]:
    """Each ``Name: TypeAlias = "..."`` of the core whose name is public."""
    public = {
        label.rsplit(".", 1)[1]
        for module_name in PUBLIC_MODULES
        for label, _ in _public(module_name)
    }
    return [
        f"{path.relative_to(SRC)}: {node.target.id}"
        for path in sorted(SRC.rglob("*.py"))
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and ast.unparse(node.annotation).endswith("TypeAlias")
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        and node.target.id in public
    ]


def test_no_public_alias_is_a_string() -> None:
    """A string alias is evaluated in the module of whoever uses it."""
    assert _string_aliases() == []


def test_rulesets_initiative_rule_is_the_encounters() -> None:
    from rollwerk import encounter, rulesets

    assert rulesets.InitiativeRule is encounter.InitiativeRule


def test_parameter_type_field_resolves_to_the_three_scalar_types() -> None:
    from rollwerk.checks import Parameter

    attrs.resolve_types(Parameter)
    assert attrs.fields(Parameter).type.type == type[int] | type[bool] | type[str]


def test_the_exceptions_still_fail() -> None:
    """A documented exception that resolves again is taken off the list."""
    for label in EXCEPTIONS:
        module_name, _, name = label.rpartition(".")
        obj = getattr(importlib.import_module(module_name), name)
        with pytest.raises(NameError):
            typing.get_type_hints(obj)


def test_events_load_the_same_after_resolve_types() -> None:
    """Event JSON reads each field's type as written, not ``attrs.fields``' type."""
    from rollwerk.encounter import CounterChanged, event_from_json, event_to_json
    from rollwerk.errors import SchemaError

    attrs.resolve_types(CounterChanged)
    assert attrs.fields(CounterChanged).value.type is int
    event = CounterChanged("a", "hp", 3)
    data = event_to_json(event)
    assert event_from_json(data) == event
    with pytest.raises(SchemaError) as missing:
        event_from_json({"type": "counter_changed", "combatant": "a", "name": "hp"})
    assert str(missing.value) == (
        "malformed counter_changed event JSON: value is required "
        "(an integer from -2**63 to 2**63 - 1)"
    )
    with pytest.raises(SchemaError) as wrong:
        event_from_json({**data, "value": "x"})
    assert str(wrong.value) == (
        "malformed counter_changed event JSON: value must be an integer "
        "from -2**63 to 2**63 - 1, got 'x'"
    )
