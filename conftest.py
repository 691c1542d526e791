"""Hypothesis profiles for the whole repository (core and plugin tests).

``default`` is fast for development; ``ci`` is thorough. Select one with the
environment variable ``HYPOTHESIS_PROFILE`` (the nox ``tests`` session sets
``ci`` when the ``CI`` variable is set).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=40, deadline=None)
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The docs' griffe extension runs inside mkdocs; collecting it for doctests
# needs griffe, which only the docs (and the nox tests session) install.
collect_ignore: list[str] = []
try:
    import griffe  # noqa: F401
except ImportError:  # pragma: no cover - a bare pytest without the docs tools
    collect_ignore.append("docs/hooks/griffe_attrs.py")
