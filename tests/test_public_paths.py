"""Tracebacks show public paths; private modules keep their own ``__module__``.

An exception raised to a user names its class by ``__module__``: each one
exported by a public namespace reports a public module (``rollwerk.errors``,
``rollwerk.testing``) and pickles through it. Other classes and functions
keep the private module they are defined in, on purpose: a public
``__module__`` would make ``typing.get_type_hints`` (and so
``attrs.resolve_types``) read their annotations from the lazily filled
public package, where the names are missing, and ``--doctest-modules``
would no longer find their docstring examples (doctest skips objects whose
``__module__`` is another module). Both are pinned here. (Reprs of values
show no module: attrs and enum reprs use the class name only.)
"""

from __future__ import annotations

import doctest
import importlib
import pickle
import pkgutil
import typing

import pytest

import rollwerk


def _public_modules() -> list[str]:
    names = ["rollwerk"]
    for info in pkgutil.walk_packages(rollwerk.__path__, "rollwerk."):
        parts = info.name.split(".")
        if not any(p.startswith("_") for p in parts):
            names.append(info.name)
    return sorted(names)


def _exported() -> list[tuple[str, str, object]]:
    found = []
    for name in _public_modules():
        module = importlib.import_module(name)
        found += [(name, a, getattr(module, a)) for a in getattr(module, "__all__", ())]
    return found


def _private(module: str) -> bool:
    return any(part.startswith("_") for part in module.split("."))


# Being moved to a public path by the engineer writing rollwerk.i18n.
_PENDING: set[str] = set()


def _exceptions() -> list[object]:
    return [
        pytest.param(
            namespace,
            name,
            exc,
            id=f"{namespace}.{name}",
            marks=[pytest.mark.xfail(strict=False, reason="pending")]
            if f"{exc.__module__}.{exc.__qualname__}" in _PENDING
            else [],
        )
        for namespace, name, exc in _exported()
        if isinstance(exc, type) and issubclass(exc, Exception)
    ]


@pytest.mark.parametrize(("namespace", "name", "exc"), _exceptions())
def test_exceptions_report_and_pickle_through_a_public_module(
    namespace: str, name: str, exc: type[Exception]
) -> None:
    assert not _private(exc.__module__), f"{namespace}.{name}: {exc.__module__}"
    assert getattr(importlib.import_module(exc.__module__), exc.__name__) is exc
    assert pickle.loads(pickle.dumps(exc)) is exc  # pickled by its path


def test_the_contract_kit_traceback_names_the_public_class() -> None:
    import traceback

    from rollwerk.testing import ContractViolation

    line = traceback.format_exception_only(ContractViolation, ContractViolation("x"))
    assert line == ["rollwerk.testing.ContractViolation: x\n"]


def test_a_public_module_would_hide_doctests_and_annotations() -> None:
    """Why ``__module__`` stays private: what a public one would break."""
    from rollwerk.checks import _model

    finder = doctest.DocTestFinder()
    cls = _model.CheckResult
    assert cls.__module__ == "rollwerk.checks._model"
    before = {t.name for t in finder.find(_model)}
    try:
        cls.__module__ = "rollwerk.checks"
        after = {t.name for t in finder.find(_model)}
        with pytest.raises(NameError):
            typing.get_type_hints(cls)
    finally:
        cls.__module__ = "rollwerk.checks._model"
    assert "rollwerk.checks._model.CheckResult" in before - after
