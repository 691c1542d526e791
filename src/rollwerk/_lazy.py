"""Lazy re-exports for package ``__init__`` modules (standard library only)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(
    module: str,
    names: Mapping[str, str],
    *,
    submodules: Iterable[str] = (),
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """Module-level ``__getattr__`` and ``__dir__`` that import names on first use.

    A package re-exports its public names from private modules without
    importing those modules until a name is used, which keeps start-up cheap
    (the CLI loads one plugin for one check). Put the real imports under
    ``if TYPE_CHECKING:`` so that type checkers and documentation tools see
    them, and let this function serve them at run time::

        if TYPE_CHECKING:
            from rollwerk_mysystem._check import MyCheck

        __getattr__, __dir__ = lazy_exports(
            __name__, {"MyCheck": "rollwerk_mysystem._check"}
        )

    Args:
        module: The package's ``__name__``.
        names: Each public name with the module that defines it.
        submodules: Subpackages served as attributes on first use
            (``rollwerk.encounter`` after ``import rollwerk``).

    Returns:
        The ``__getattr__`` and ``__dir__`` functions for the package.
    """
    subs = frozenset(submodules)

    def getattr_(name: str) -> object:
        source = names.get(name)
        if source is None:
            if name in subs:
                return importlib.import_module(f"{module}.{name}")
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(source), name)
        setattr(sys.modules[module], name, value)
        return value

    def dir_() -> list[str]:
        package = sys.modules[module]
        return sorted(
            set(vars(package))
            | set(names)
            | subs
            | set(vars(package).get("__all__", ()))
        )

    return getattr_, dir_
