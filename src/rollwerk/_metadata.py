"""Reading installed metadata (entry points, versions) without ``importlib.metadata``.

``importlib.metadata`` costs about 20 ms of a CLI call before any plugin
is imported (it imports ``email``, ``zipfile``, ``pathlib``…). This reader
does what ``importlib.metadata.entry_points(group=…)`` does for the plain
case — ``*.dist-info`` and ``*.egg-info`` folders in the directories on
``sys.path`` — with ``os`` alone, and gives the same entry points in the
same order (``tests/test_perf_entry_points.py`` compares both over every
installed distribution and over made-up folders). Whenever it meets
anything else (a zip file on ``sys.path``, a finder of distributions other
than the standard one, a folded ``Name`` header, a malformed line) it hands
the whole question to ``importlib.metadata``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["EntryPoint", "distribution_version", "read_entry_points"]


class _Fallback(Exception):
    """Raised inside the reader: ask ``importlib.metadata`` instead."""


class _Dist:
    """The distribution of an entry point: its name, as in its metadata."""

    __slots__ = ("_folder", "_name", "_read")

    def __init__(self, folder: str) -> None:
        self._folder = folder
        self._name: str | None = None
        self._read = False

    @property
    def name(self) -> str | None:
        """The ``Name`` field of the distribution's metadata."""
        if not self._read:
            self._name = _metadata_name(self._folder)
            self._read = True
        return self._name


class EntryPoint:
    """One entry point: ``name = value`` in ``group``, declared by ``dist``.

    The fields ``importlib.metadata.EntryPoint`` has that the registry uses;
    ``load`` imports the
    module (and attribute) the value names.
    """

    __slots__ = ("dist", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, dist: Any) -> None:
        self.name = name
        self.value = value
        self.group = group
        self.dist = dist

    def load(self) -> Any:
        """Import the module named by ``value`` and return it (or its attribute)."""
        import importlib

        module_name, _, attrs = self.value.partition(":")
        module_name = module_name.strip()
        attrs = attrs.split("[", 1)[0].strip()
        obj: Any = importlib.import_module(module_name)
        for attr in filter(None, attrs.split(".")):
            obj = getattr(obj, attr)
        return obj

    def __repr__(self) -> str:
        return (
            f"EntryPoint(name={self.name!r}, value={self.value!r}, "
            f"group={self.group!r})"
        )


def read_entry_points(groups: Sequence[str]) -> list[Any]:
    """The entry points of ``groups``, as ``importlib.metadata`` would give them.

    Returns:
        ``[ep for g in groups for ep in importlib.metadata.entry_points(group=g)]``:
        for each group, the entry points of each distribution in
        ``importlib.metadata``'s order (the first one of each name on
        ``sys.path``), in file order. Objects with ``name``, ``value``,
        ``group``, ``dist.name`` and ``load()``.
    """
    try:
        found = _read(frozenset(groups))
    except (_Fallback, OSError, UnicodeDecodeError):
        from importlib import metadata

        return [ep for g in groups for ep in metadata.entry_points(group=g)]
    return [ep for g in groups for ep in found if ep.group == g]


def _standard_finders_only() -> bool:
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        find = getattr(finder, "find_distributions", None)
        if find is None:
            continue
        if finder is not PathFinder:
            return False
    return True


def _normalize(name: str) -> str:
    """PEP 503 normalization with underscores (``importlib.metadata``'s)."""
    out: list[str] = []
    previous_dash = False
    for ch in name:
        if ch in "-_.":
            if not previous_dash:
                out.append("_")
            previous_dash = True
        else:
            out.append(ch.lower())
            previous_dash = False
    return "".join(out)


def _read(wanted: frozenset[str]) -> list[Any]:
    if not _standard_finders_only():
        raise _Fallback
    seen: set[str] = set()
    found: list[Any] = []
    for root in sys.path:
        if not isinstance(root, str):
            raise _Fallback
        try:
            children = os.listdir(root or ".")
        except OSError:
            if os.path.isfile(root or "."):
                raise _Fallback from None  # a zip file: importlib reads it
            continue
        if os.path.basename(root).lower().endswith(".egg"):
            raise _Fallback
        # importlib.metadata groups the folders of one directory by name,
        # in the order each name first appears
        by_name: dict[str, list[str]] = {}
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                key = _normalize(low.rpartition(".")[0].partition("-")[0])
                by_name.setdefault(key, []).append(child)
        for names in by_name.values():
            for child in names:
                folder = os.path.join(root, child)
                stem = child.rpartition(".")[0].partition("-")[0]
                if not child.endswith((".dist-info", ".egg-info")):
                    raise _Fallback  # mixed case: importlib's stem rule differs
                normalized = _normalize(stem)
                if normalized in seen:
                    continue
                seen.add(normalized)
                found.extend(_entry_points(folder, wanted))
    return found


def _entry_points(folder: str, wanted: frozenset[str]) -> list[Any]:
    text = _read_text(os.path.join(folder, "entry_points.txt"))
    if not text:
        return []
    out: list[Any] = []
    dist = _Dist(folder)
    group: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line.strip("[]")
            continue
        if group is None:
            continue
        name, sep, value = line.partition("=")
        if not sep:
            raise _Fallback  # importlib.metadata fails on it in its own way
        if group in wanted:
            out.append(EntryPoint(name.strip(), value.strip(), group, dist))
    if out:
        dist.name  # noqa: B018 - read now: a fallback must happen inside _read
    return out


def _read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return None


def distribution_version(name: str) -> str | None:
    """``importlib.metadata.version(name)``, read without importing it.

    Raises:
        importlib.metadata.PackageNotFoundError: No such distribution.
    """
    try:
        return _version(name)
    except (_Fallback, OSError, UnicodeDecodeError):
        from importlib import metadata

        return metadata.version(name)


def _version(name: str) -> str | None:
    if not name or not _standard_finders_only():
        raise _Fallback
    wanted = _normalize(name)
    for root in sys.path:
        if not isinstance(root, str) or os.path.basename(root).lower().endswith(".egg"):
            raise _Fallback
        try:
            children = os.listdir(root or ".")
        except OSError:
            if os.path.isfile(root or "."):
                raise _Fallback from None
            continue
        for child in children:
            low = child.lower()
            if not low.endswith((".dist-info", ".egg-info")):
                continue
            if _normalize(low.rpartition(".")[0].partition("-")[0]) == wanted:
                return _header(os.path.join(root, child), "version")
    from importlib import metadata

    raise metadata.PackageNotFoundError(name)


def _metadata_name(folder: str) -> str | None:
    return _header(folder, "name")


def _header(folder: str, field: str) -> str | None:
    text = _read_text(os.path.join(folder, "METADATA"))
    if not text:
        text = _read_text(os.path.join(folder, "PKG-INFO"))
    if not text:
        raise _Fallback  # importlib reads the folder itself (old egg-info files)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not line.strip():
            return None  # end of the headers
        if line[:1] in " \t":
            continue
        key, sep, value = line.partition(":")
        if sep and key.lower() == field:
            if i + 1 < len(lines) and lines[i + 1][:1] in (" ", "\t"):
                raise _Fallback  # a folded header: email's rules apply
            return value.lstrip(" \t")
    return None
