"""`import rollwerk` is cheap: public names load their modules on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rollwerk


def test_every_public_name_resolves_and_is_listed() -> None:
    from rollwerk import _LAZY  # type: ignore[attr-defined]

    assert set(_LAZY) | {"__version__"} == set(rollwerk.__all__)
    for name in rollwerk.__all__:
        assert getattr(rollwerk, name) is not None, name
    assert set(rollwerk.__all__) <= set(dir(rollwerk))


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(
        AttributeError, match=r"^module 'rollwerk' has no attribute 'NoSuchThing'$"
    ):
        rollwerk.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018


def test_import_loads_no_heavy_module() -> None:
    code = (
        "import sys, rollwerk; "
        "print(sorted(m for m in ('attr', 'pluggy', 'hypothesis', 'pytest', "
        "'rollwerk._encounter', 'rollwerk._dice') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
