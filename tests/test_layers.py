"""The package's folders show the walk, and its imports point one way.

The import-linter layers contract in ``pyproject.toml`` (run by ``nox -s
lint``) says which layer may import which; this test asserts the stronger
property that the module import graph of the core and every bundled plugin
has no cycle at all, counting every import: module level, inside functions
and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "src", *sorted(ROOT.glob("plugins/*/src"))]


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for source in SOURCES:
        for path in source.rglob("*.py"):
            parts = list(path.relative_to(source).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of ours with the modules of ours it imports."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [
                    f"{base}.{alias.name}"
                    if f"{base}.{alias.name}" in modules
                    else base
                    for alias in node.names
                ]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_graph_covers_the_core_and_every_plugin() -> None:
    graph = import_graph()
    assert "rollwerk.dice._pool" in graph
    assert "rollwerk_ds4" in graph
    assert "rollwerk.notation._tree" in graph["rollwerk.notation._parser"]


def test_import_graph_of_core_and_plugins_is_acyclic() -> None:
    assert find_cycle(import_graph()) is None


def test_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]


def test_dice_never_import_notation_or_checks() -> None:
    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith("rollwerk.dice"):
            assert not {
                t
                for t in targets
                if t.startswith(("rollwerk.notation", "rollwerk.checks"))
            }, module
