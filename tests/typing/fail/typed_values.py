"""Must fail ``mypy --strict``: values are typed as their fields, not ``object``.

Each line that ends in ``# E: <code>`` must be reported by mypy with that
error code (``tests/test_typing_must_fail.py`` asserts it). A held-out typed
plugin author found ``Outcome``'s fields typed ``object`` (the validating
converters took anything), so a float value passed ``mypy --strict`` and
failed only at run time.
"""

from __future__ import annotations

from fractions import Fraction

from rollwerk import CheckResult, Degree, Distribution, Outcome
from rollwerk.encounter import Encounter, GameTime
from rollwerk.i18n import Text


def wrong_values() -> None:
    Outcome(True, Degree.SUCCESS, 1.5)  # E: arg-type
    Outcome("yes", Degree.SUCCESS, 1)  # E: arg-type
    Outcome(True, "success", 1)  # E: arg-type
    Outcome(True, Degree.SUCCESS, 1, rolled=1)  # E: arg-type
    d6 = Distribution.uniform(range(1, 7))
    words: Distribution[str] = d6.repeat_sum(2)  # E: assignment
    print(words)


def wrong_spans() -> None:
    GameTime(1.5)  # E: arg-type
    GameTime(Fraction(3, 2), ends_at="8")  # E: arg-type
    Encounter((), (), clock=0.5)  # E: arg-type
    Encounter((), (), round_seconds="6")  # E: arg-type
    words = Text.fixed(en="x", de="x")
    CheckResult(True, Degree.SUCCESS, 1, "1d6", words)  # E: arg-type
