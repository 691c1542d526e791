from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load():
    spec = importlib.util.spec_from_file_location(
        "release_script", ROOT / "scripts" / "release.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["release_script"] = module
    spec.loader.exec_module(module)
    return module


RELEASE = _load()

CHANGELOG = """# Changelog

## [Unreleased]

### Added

- A thing.

## [0.1.0] - 2026-01-01

- Old.
"""


def test_release_moves_unreleased_into_a_dated_section() -> None:
    out = RELEASE.release(CHANGELOG, "0.2.0", "2026-11-29")
    assert out == (
        "# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2026-11-29\n\n"
        "### Added\n\n- A thing.\n\n## [0.1.0] - 2026-01-01\n\n- Old.\n"
    )


def test_release_refuses_bad_versions_and_empty_sections() -> None:
    with pytest.raises(SystemExit, match=r"version must look like 1\.2\.3"):
        RELEASE.release(CHANGELOG, "two", "2026-11-29")
    with pytest.raises(SystemExit, match="already in the changelog"):
        RELEASE.release(CHANGELOG, "0.1.0", "2026-11-29")
    empty = RELEASE.release(CHANGELOG, "0.2.0", "2026-11-29")
    with pytest.raises(SystemExit, match="Unreleased section is empty"):
        RELEASE.release(empty, "0.3.0", "2026-11-29")


def test_the_real_changelog_has_an_unreleased_section() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
