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
