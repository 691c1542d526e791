"""Pickling and copying of classes with ``__slots__``, under every protocol."""

from __future__ import annotations

from typing import Any


def slots_state(self: object) -> tuple[None, dict[str, Any]]:
    """What pickle and `copy` keep of an object with ``__slots__``: every set slot.

    The form Python's own ``object.__getstate__`` gives such an object,
    ``(None, {slot: value})``, which pickle restores slot by slot (or the
    class's ``__setstate__`` reads). Defined on the class, it lets pickle's
    protocols 0 and 1 take the object too: they refuse a class with
    ``__slots__`` that does not define ``__getstate__``.

    >>> class Point:
    ...     __slots__ = ("x", "y")
    ...     __getstate__ = slots_state
    >>> p = Point()
    >>> p.x = 1
    >>> slots_state(p)
    (None, {'x': 1})
    """
    slots: dict[str, Any] = {}
    for cls in type(self).__mro__:
        names = cls.__dict__.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            if name in ("__dict__", "__weakref__") or name in slots:
                continue
            try:
                slots[name] = getattr(self, name)
            except AttributeError:  # a slot never set is left unset
                continue
    return (None, slots)
