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
