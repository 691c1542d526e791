"""The ``__repr__`` the core's attrs classes share.

attrs writes a ``__repr__`` for each class and compiles it when the class
is created; on Python 3.11 that compilation is half of what creating a
frozen class costs, and the CLI creates a few dozen classes before it
resolves one check. A class that assigns ``__repr__ = value_repr`` in its
body keeps attrs from writing one (attrs detects a class's own
``__repr__``) and reads the same: ``Name(field=value, ...)`` over the
fields attrs would show, with each field's own ``repr=`` callable.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import attrs

__all__ = ["value_repr"]

_Shown = tuple[tuple[str, Callable[[object], str]], ...]
_FIELDS: dict[type, _Shown] = {}
_ACTIVE = threading.local()


def _shown(cls: type) -> _Shown:
    """The fields of attrs class ``cls`` its repr shows, with their formatters."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(
            (a.name, repr if a.repr is True else a.repr)
            for a in cls.__attrs_attrs__  # type: ignore[attr-defined]
            if a.repr is not False
        )
    return found


def value_repr(self: object) -> str:
    """``Name(field=value, ...)``, as the ``__repr__`` attrs writes reads.

    An instance met again while its own repr is being written shows as
    ``...``, as in attrs.
    """
    try:
        active: set[int] = _ACTIVE.ids
    except AttributeError:
        active = _ACTIVE.ids = set()
    key = id(self)
    if key in active:
        return "..."
    active.add(key)
    try:
        cls = self.__class__
        parts = [
            f"{name}={show(getattr(self, name, attrs.NOTHING))}"
            for name, show in _shown(cls)
        ]
        return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"
    finally:
        active.discard(key)
