"""The hypothesis profiles of rollwerk's suites, for this plugin's tests.

Run from the repository, the root ``conftest.py`` has loaded them already;
run from this plugin's sdist (a packager's build), this loads them.
"""

from rollwerk.testing import _profiles

_profiles.load()
