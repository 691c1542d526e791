"""The duration protocol, below the kinds and the words that describe them.

[`Duration`][rollwerk.encounter.Duration] and the check that a value is one
live here, apart from the kinds in ``_durations``: the wording module
refuses what is not a duration (``describe_duration(5)``) and the kinds
inherit their words from it, so both import this module and neither the
other.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol, TypeAlias, runtime_checkable

from rollwerk.encounter._view import EncounterView
from rollwerk.errors import ParameterError

Remaining: TypeAlias = int | Fraction | None
"""What a duration has left: a count (``int``), seconds (``Fraction``) or
``None`` when it is not measured (permanent, concentration, conditions)."""


@runtime_checkable
class Duration(Protocol):
    """Decides when an effect ends; implemented by every duration kind.

    A duration first exists *unbound* (as the caller wrote it) and is
    [`bind`][rollwerk.encounter.Duration.bind]-ed by the encounter when its effect is
    added. Only bound durations are asked
    [`is_over`][rollwerk.encounter.Duration.is_over] and
    [`remaining`][rollwerk.encounter.Duration.remaining]. All of them are frozen values.

    Every method that looks at the encounter receives an
    [`EncounterView`][rollwerk.encounter.EncounterView] (in practice the
    [`Encounter`][rollwerk.encounter.Encounter] itself, which satisfies it).

    Every core kind also says in words what it is and what remains of it
    (``describe``, ``describe_remaining``; see
    [`DescribedDuration`][rollwerk.encounter.DescribedDuration]); a
    plugin's kind should too.

    A kind that lasts while a combatant concentrates may also have a
    ``concentration_of`` attribute: the id of that combatant once bound
    (``None`` otherwise). Adding an effect whose bound duration names one
    starts that combatant's concentration, as
    [`Concentration`][rollwerk.encounter.Concentration] and a
    [`FirstOf`][rollwerk.encounter.FirstOf] holding one do.
    """

    @property
    def kind(self) -> str:
        """The registry name used in JSON (``"rounds"``, ``"game_time"``…)."""
        ...

    @property
    def unit(self) -> str | None:
        """The unit of [`remaining`][rollwerk.encounter.Duration.remaining], if measured.

        ``"rounds"``, ``"turns"``, ``"actions"``, ``"seconds"``, ``"checks"``,
        or ``None``.
        """
        ...

    @property
    def anchor(self) -> str | None:
        """The id of the combatant whose clock it follows, once bound."""
        ...

    def bind(self, state: EncounterView, source: str, target: str) -> Duration:
        """Resolve defaults and store the absolute end, counted from ``state``.

        Binding an already bound duration binds it afresh from ``state``
        (this is how an explicit refresh works).
        """
        ...

    def is_over(self, state: EncounterView) -> bool:
        """Whether the (bound) duration has run out in ``state``."""
        ...

    def remaining(self, state: EncounterView) -> Remaining:
        """What is left in ``state``, in [`unit`][rollwerk.encounter.Duration.unit]."""
        ...

    def rebind(self, state: EncounterView, combatant: str) -> Duration | None:
        """Follow ``combatant`` instead of the anchor, keeping what remains.

        Called when the anchor leaves the encounter; ``None`` means the
        duration ends (concentration does that).
        """
        ...

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with a ``"kind"`` field."""
        ...


_DURATION_TYPES: set[type] = set()
"""Classes whose instances passed ``isinstance(x, Duration)`` (checked once:
a protocol check reads every member and costs about 10 µs)."""


def is_duration(value: object) -> bool:
    """Whether ``value`` is a duration value (an instance; not a class)."""
    kind = type(value)
    if kind in _DURATION_TYPES:
        return True
    if isinstance(value, type) or not isinstance(value, Duration):
        return False
    if len(_DURATION_TYPES) < 256:
        _DURATION_TYPES.add(kind)
    return True


def checked_duration(value: object, name: str = "duration") -> None:
    """Refuse what is not a duration value (the class ``Rounds`` included).

    The class passes the protocol check; ``Rounds(2)`` is meant.

    Raises:
        ParameterError: ``value`` is not a rollwerk Duration.
    """
    if not is_duration(value):
        raise ParameterError(
            name, value, "a rollwerk Duration (Rounds(1), Permanent(), …)"
        )
