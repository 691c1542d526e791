"""Hypothesis profiles for the whole repository (core and plugin tests).

``default`` is fast for development; ``ci`` is thorough. Select one with the
environment variable ``HYPOTHESIS_PROFILE`` (the nox ``tests`` session sets
``ci`` when the ``CI`` variable is set). They live in
``rollwerk.testing._profiles``, which each bundled plugin's ``conftest.py``
loads too, so its sdist's tests run with them.
"""

from __future__ import annotations

from rollwerk.testing import _profiles

_profiles.load()

# The docs' griffe extension runs inside mkdocs; collecting it for doctests
# needs griffe, which only the docs (and the nox tests session) install.
collect_ignore: list[str] = []
try:
    import griffe  # noqa: F401
except ImportError:  # pragma: no cover - a bare pytest without the docs tools
    collect_ignore.append("docs/hooks/griffe_attrs.py")
