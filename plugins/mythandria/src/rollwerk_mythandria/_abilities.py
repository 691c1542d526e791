"""Abilities: automatic unless a check is asked for; preparation windows (MY-R12, R13)."""

from __future__ import annotations

import attrs

from rollwerk import CheckResult, Degree, Distribution, ParameterError, Rng, RulesError
from rollwerk.checks import Explanation
from rollwerk.dice import DieRoll
from rollwerk.rng import checked
from rollwerk_mythandria._catalog import CATALOG
from rollwerk_mythandria._checks import RULESET_ID, decision_check

__all__ = [
    "PREPARATION_DIE",
    "Ability",
    "PreparationWindow",
    "preparation_hours",
    "preparation_window",
]

PREPARATION_DIE = 4
"""The die of a daily preparation window: 1d4 hours (MY-R13)."""


def _name(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise ParameterError("name", value, "a non-empty string")
    return value


@attrs.frozen
class Ability:
    """An ability bought with XP (*Fähigkeit*, e.g. from the Codex Chronomicon).

    It works automatically, without a check, unless the ability or another
    rule asks for one (MY-R12). Abilities that need preparation (Rhu
    abilities, meditations…) may get a daily preparation window (MY-R13).

    >>> Ability("Night vision").use().explain()
    'Night vision works automatically (no check asked for)'
    """

    name: str = attrs.field(converter=_name)
    """The ability's name."""
    needs_check: bool = False
    """Whether the ability (or another rule) asks for a decision check."""
    needs_preparation: bool = False
    """Whether it needs preparation time (Rhu abilities, meditations…)."""

    def use(self, rng: Rng | None = None, pw: int | None = None) -> CheckResult:
        """Use the ability: automatic success, or a decision check against ``pw``.

        Without a check nothing is rolled: the result has ``rolled=False``,
        no dice and no value.

        Raises:
            ParameterError: If a check is asked for and ``rng`` or ``pw`` is
                missing.
        """
        if not self.needs_check:
            return CheckResult(
                success=True,
                degree=Degree.SUCCESS,
                value=None,
                rolls=(),
                explanation=CATALOG.text(
                    "mythandria.ability.automatic", name=self.name
                ),
                rolled=False,
                extras={"ability": self.name},
                ruleset=RULESET_ID,
                check="ability",
            )
        if rng is None:
            raise ParameterError(
                "rng", rng, f"an Rng, because {self.name} asks for a check"
            )
        if pw is None:
            raise ParameterError(
                "pw", pw, f"an integer, because {self.name} asks for a check"
            )
        result = decision_check(pw).resolve(rng)
        return attrs.evolve(
            result,
            explanation=CATALOG.text(
                "mythandria.ability.check", name=self.name, result=result.explanation
            ),
            extras={"ability": self.name},
        )

    def prepare(self, rng: Rng, *, granted: bool = True) -> PreparationWindow:
        """Roll today's preparation window for this ability (MY-R13).

        Raises:
            RulesError: If the ability needs no preparation.
        """
        if not self.needs_preparation:
            raise RulesError(f"{self.name} needs no preparation time")
        return preparation_window(rng, granted=granted)


@attrs.frozen
class PreparationWindow:
    """A day's preparation window: 1d4 hours if the GM grants it (MY-R13, MY-A13)."""

    granted: bool
    """Whether the GM granted a window today ("may grant")."""
    hours: int
    """The hours of preparation time (1..4; 0 when not granted)."""
    rolls: tuple[DieRoll, ...]
    """The d4 rolled (none when not granted)."""

    def explanation(self) -> Explanation:
        """What was rolled, as a text from the catalog (any language)."""
        if not self.granted:
            return CATALOG.text("mythandria.preparation.none")
        plural = "one" if self.hours == 1 else "other"
        return CATALOG.text(f"mythandria.preparation.{plural}", n=self.hours)

    def explain(self, lang: str = "en") -> str:
        """A short sentence in ``"en"`` or ``"de"``."""
        return self.explanation()(lang)


def preparation_window(rng: Rng, *, granted: bool = True) -> PreparationWindow:
    """Roll one character's daily preparation window (MY-R13, V26).

    One roll per day per character; the GM may withhold it (MY-A13), and then
    nothing is rolled.

    >>> from rollwerk import ScriptedRng
    >>> preparation_window(ScriptedRng([3])).explain("de")
    '1W4 zeigt 3: 3 Stunden Vorbereitungszeit'
    """
    if not isinstance(granted, bool):
        raise ParameterError("granted", granted, "true or false")
    if not granted:
        return PreparationWindow(False, 0, ())
    rng = checked(rng)
    face = rng.roll(PREPARATION_DIE)
    return PreparationWindow(
        True, face, (DieRoll(PREPARATION_DIE, face, "preparation"),)
    )


def preparation_hours() -> Distribution[int]:
    """The exact distribution of a granted window: 1..4 hours, 1/4 each.

    >>> preparation_hours()[4]
    Fraction(1, 4)
    """
    return Distribution.uniform(range(1, PREPARATION_DIE + 1))
