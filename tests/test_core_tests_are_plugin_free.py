"""Core tests import no plugin: they pass with no ruleset installed.

A test of a bundled ruleset lives in its plugin's ``tests`` folder
(``plugins/<name>/tests``), not here behind ``pytest.importorskip``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
_PLUGIN = re.compile(r"^rollwerk_\w+")
_IMPORTERS = {"importorskip", "import_module", "__import__"}


def _plugin_imports(path: Path) -> list[str]:
    """Each import of a ``rollwerk_*`` package in ``path``, as ``line: module``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules = [node.module or ""]
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else ""
            name = func.id if isinstance(func, ast.Name) else name
            first = node.args[0] if node.args else None
            if (
                name in _IMPORTERS
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                modules = [first.value]
        found += [f"{node.lineno}: {m}" for m in modules if _PLUGIN.match(m)]
    return found


def test_no_core_test_imports_a_plugin() -> None:
    offenders = {
        str(path.relative_to(TESTS.parent)): imports
        for path in sorted(TESTS.rglob("*.py"))
        if (imports := _plugin_imports(path))
    }
    assert offenders == {}


def test_the_check_finds_plugin_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import rollwerk\n"
        "import rollwerk_ds4\n"
        "from rollwerk_pf2e import rounds\n"
        "def f(pytest):\n"
        "    pytest.importorskip('rollwerk_adz')\n",
        encoding="utf-8",
    )
    assert _plugin_imports(sample) == [
        "2: rollwerk_ds4",
        "3: rollwerk_pf2e",
        "5: rollwerk_adz",
    ]
