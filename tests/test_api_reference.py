"""The API reference shows the constructors of attrs value types (issue 20, part 5).

mkdocstrings reads the source statically, so the docs' griffe extension
``docs/hooks/griffe_attrs.py`` writes the ``__init__`` attrs generates; this
test runs it on the package as the docs build does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

griffe = pytest.importorskip("griffe")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def package() -> Any:
    extensions = griffe.load_extensions(
        f"{ROOT / 'docs' / 'hooks' / 'griffe_attrs.py'}:AttrsInit"
    )
    loader = griffe.GriffeLoader(
        extensions=extensions, search_paths=[str(ROOT / "src")]
    )
    return loader.load("rollwerk")


def _signature(package: Any, path: str) -> list[tuple[str, str | None]]:
    init = package[path].members["__init__"]
    return [
        (p.name, None if p.default is None else str(p.default)) for p in init.parameters
    ][1:]


def test_check_result_constructor_lists_every_field(package: Any) -> None:
    assert _signature(package, "checks._model.CheckResult") == [
        ("success", None),
        ("degree", None),
        ("value", None),
        ("rolls", None),
        ("explanation", None),
        ("rolled", "True"),
        ("extras", "()"),
        ("ruleset", "''"),
        ("check", "''"),
        ("level", "None"),
    ]


def test_outcome_and_modifier_constructors(package: Any) -> None:
    assert [n for n, _ in _signature(package, "checks._model.Outcome")] == [
        "success", "degree", "value", "rolled", "extras", "level"
    ]  # fmt: skip
    assert _signature(package, "checks._model.Modifier") == [
        ("amount", None),
        ("source", None),
        ("kind", "'check'"),
    ]


def test_inherited_fields_and_properties(package: Any) -> None:
    # an attrs subclass lists its attrs base's fields first
    names = [n for n, _ in _signature(package, "encounter._encounter.Encounter")]
    assert names[:3] == ["combatants", "order", "round"]
    # properties are not fields; a field with a converter keeps its default
    assert _signature(package, "encounter._durations.GameTime") == [
        ("seconds", None),
        ("ends_at", "None"),
    ]
    assert _signature(package, "encounter._timeline.Timeline") == [
        ("states", None),
        ("log", "()"),
    ]
