"""Strict JSON field readers shared by every loader (no coercion)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def strict(data: Mapping[str, Any], key: str, kind: str, default: Any = ...) -> Any:
    """``data[key]`` if it has the JSON type ``kind``, else a `ValueError`.

    ``kind`` is ``"bool"``, ``"int"`` (not a bool) or ``"int|null"``; loading
    never coerces (``bool("false")`` is true, ``int(6.9)`` is 6).
    """
    value = data[key] if default is ... else data.get(key, default)
    if kind == "int|null" and value is None:
        return value
    if kind == "bool":
        ok = isinstance(value, bool)
    else:
        ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok:
        raise ValueError(
            f"{key} must be {kind.replace('|null', ' or null')}, got {value!r}"
        )
    return value
