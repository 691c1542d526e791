"""The hypothesis profiles of rollwerk's own test suites.

The repository's ``conftest.py`` and each bundled plugin's (which its sdist
carries, so that a packager running a plugin's tests from its sdist gets the
same settings) load them: ``default`` is fast for development, ``ci`` is
thorough; the environment variable ``HYPOTHESIS_PROFILE`` selects one (the
nox ``tests`` session sets ``ci`` when ``CI`` is set). Neither has a
deadline: a loaded build machine is not a failing test.
"""

from __future__ import annotations

import os


def load() -> None:
    """Register ``default`` and ``ci`` and load the one ``HYPOTHESIS_PROFILE`` names."""
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
