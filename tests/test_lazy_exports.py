"""`import rollwerk` is cheap: public names load their modules on first use."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import rollwerk


def _package_inits() -> list[Path]:
    root = Path(__file__).resolve().parents[1]
    inits = sorted((root / "src" / "rollwerk").rglob("__init__.py"))
    inits += sorted(root.glob("plugins/*/src/*/__init__.py"))
    return [p for p in inits if "lazy_exports" in p.read_text(encoding="utf-8")]


def _listings(path: Path) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """The typing view, the lazy table and ``__all__`` of a package ``__init__``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_view: dict[str, str] = {}
    lazy: dict[str, str] = {}
    listed: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            # Served eagerly (``lazy_exports`` itself in rollwerk.plugins).
            for alias in node.names:
                lazy[alias.asname or alias.name] = "<eager>"
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom), ast.unparse(imp)
                for alias in imp.names:
                    typing_view[alias.asname or alias.name] = f"{imp.module}"
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            listed = list(ast.literal_eval(node.value))
        for call in ast.walk(node):
            if (
                isinstance(call, ast.Call)
                and getattr(call.func, "id", "") == "lazy_exports"
            ):
                table = call.args[1]
                if isinstance(table, ast.Name):  # a module-level dict literal
                    table = next(
                        n.value
                        for n in tree.body
                        if isinstance(n, (ast.Assign, ast.AnnAssign))
                        and ast.unparse(
                            n.targets[0] if isinstance(n, ast.Assign) else n.target
                        )
                        == table.id
                    )
                lazy.update(ast.literal_eval(table))
                for kw in call.keywords:
                    if kw.arg == "submodules":
                        subs = kw.value
                        if isinstance(subs, ast.Name):
                            subs = next(
                                n.value
                                for n in tree.body
                                if isinstance(n, ast.Assign)
                                and ast.unparse(n.targets[0]) == subs.id
                            )
                        for sub in ast.literal_eval(subs):
                            lazy[sub] = "<submodule>"
    return typing_view, lazy, listed


@pytest.mark.parametrize("path", _package_inits(), ids=lambda p: p.parent.name)
def test_lazy_table_equals_the_typing_view_and_all(path: Path) -> None:
    """Each public name is listed once per view, and every view agrees."""
    typing_view, lazy, listed = _listings(path)
    assert len(listed) == len(set(listed)), "duplicate names in __all__"
    submodules = {n for n, m in lazy.items() if m == "<submodule>"}
    eager = {n for n, m in lazy.items() if m == "<eager>"} & set(listed)
    exported = {n: m for n, m in lazy.items() if not m.startswith("<")}
    # Lazy names come from the same module the type checker reads them from.
    for name, module in exported.items():
        assert typing_view.get(name) == module, name
    assert set(typing_view) == set(exported) | submodules
    assert set(listed) - {"__version__"} == set(exported) | eager | (
        submodules & set(listed)
    )


@pytest.mark.parametrize("path", _package_inits(), ids=lambda p: p.parent.name)
def test_lazy_names_resolve_to_their_defining_objects(path: Path) -> None:
    _, lazy, _ = _listings(path)
    package = path.parent.name
    module_name = (
        "rollwerk"
        if package == "rollwerk"
        else (f"rollwerk.{package}" if "src/rollwerk/" in path.as_posix() else package)
    )
    package_module = importlib.import_module(module_name)
    for name, source in lazy.items():
        if source == "<eager>":
            continue
        value = getattr(package_module, name)
        if source == "<submodule>":
            assert value is importlib.import_module(f"{module_name}.{name}")
        else:
            assert value is getattr(importlib.import_module(source), name), name
    assert set(lazy) <= set(dir(package_module))


def test_top_level_is_curated() -> None:
    """The top level keeps what a first program needs: at most 40 names."""
    assert len(rollwerk.__all__) <= 40
    assert rollwerk.__version__


def test_the_api_page_lists_every_top_level_name() -> None:
    """docs/reference/api.md has a row for each name of ``rollwerk.__all__``."""
    page = (Path(__file__).parents[1] / "docs" / "reference" / "api.md").read_text(
        encoding="utf-8"
    )
    rows = {line.split("`")[1] for line in page.splitlines() if line.startswith("| [`")}
    assert rows == set(rollwerk.__all__) - {"__version__"}


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(
        AttributeError, match=r"^module 'rollwerk' has no attribute 'NoSuchThing'$"
    ):
        rollwerk.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018


def test_import_loads_no_heavy_module() -> None:
    code = (
        "import sys, rollwerk; "
        "print(sorted(m for m in ('attr', 'pluggy', 'hypothesis', 'pytest', "
        "'rollwerk.encounter._encounter', 'rollwerk.dice._pool') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_lazy_exports_serves_names_on_first_use() -> None:
    import types

    from rollwerk.plugins import lazy_exports

    module = types.ModuleType("fake_pkg")
    module.__all__ = ["Fraction"]  # type: ignore[attr-defined]
    sys.modules["fake_pkg"] = module
    try:
        getattr_, dir_ = lazy_exports("fake_pkg", {"Fraction": "fractions"})
        from fractions import Fraction

        assert getattr_("Fraction") is Fraction
        assert module.Fraction is Fraction  # type: ignore[attr-defined]
        assert "Fraction" in dir_()
        with pytest.raises(
            AttributeError, match=r"^module 'fake_pkg' has no attribute 'Nope'$"
        ):
            getattr_("Nope")
    finally:
        del sys.modules["fake_pkg"]


def test_the_contract_kit_without_hypothesis_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import rollwerk.testing.examples\n"
        "try:\n"
        "    from rollwerk.testing import assert_encounter_contract\n"
        "except ModuleNotFoundError as exc:\n"
        "    print(exc.name); print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == [
        "hypothesis",
        (
            "rollwerk.testing.assert_encounter_contract needs hypothesis, which is "
            "not installed: install the extra rollwerk[testing] (pip install "
            '"rollwerk[testing]")'
        ),
    ]
