"""Damage tracks, injury penalties and natural healing (ADZ-R12 to R14, A11, A23)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction

import attrs

from rollwerk import Modifier, ParameterError
from rollwerk.encounter import GameTime
from rollwerk.i18n import Text
from rollwerk_adz._catalog import CATALOG

__all__ = [
    "MENTAL_LEVEL_SECONDS",
    "NIGHT_SECONDS",
    "Health",
    "Status",
    "Track",
    "TrackConfig",
    "mental_healing_duration",
    "mental_healing_seconds",
    "physical_healing_duration",
    "physical_healing_nights",
]

MENTAL_LEVEL_SECONDS = Fraction(1800)
"""One mental level heals in about 30 minutes of rest (ADZ-R14)."""

NIGHT_SECONDS = Fraction(86400)
"""A recovery period is one night's sleep: one day of game time per night."""


class Track(enum.Enum):
    """Which damage track a harm is marked on (ADZ-R12, R13)."""

    PHYSICAL = "physical"
    """Cuts, stabs, fractures, burns: *körperliche Schadensleiste*."""
    MENTAL = "mental"
    """Unarmed brawls, the strain of casting: *geistige Schadensleiste*."""


class Status(enum.Enum):
    """What the marked levels mean for the character, worst last."""

    ACTIVE = "active"
    """Able to act (possibly with injury penalties)."""
    UNCONSCIOUS = "unconscious"
    """The last mental level is marked (ADZ-R13)."""
    DYING = "dying"
    """The last physical level is marked: unconscious and dying (ADZ-R12)."""
    BEYOND_LAST = "beyond_last"
    """Damage beyond the last physical level: only immediate healing magic helps."""

    @property
    def label(self) -> Text:
        """The name of the status (``label("de")``: *bewusstlos*…)."""
        return CATALOG.text(f"adz.status.{self.value}")


def _length(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        raise ParameterError("track length", value, "an integer from 1 to 100")
    return value


def _penalties(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, (tuple, list)):
        raise ParameterError("penalties", value, "a sequence of integers <= 0")
    out = []
    for p in value:
        if isinstance(p, bool) or not isinstance(p, int) or p > 0:
            raise ParameterError("penalties", value, "a sequence of integers <= 0")
        out.append(p)
    return tuple(out)


@attrs.frozen
class TrackConfig:
    """The shape of one damage track; the excerpt lacks its numbers.

    ``penalties[k]`` is the dice modifier with ``k`` levels marked
    (``penalties[0]`` is normally 0). Without a table, the placeholder is one
    die less per marked level, a house default to be replaced by the
    rulebook's values.

    >>> TrackConfig(5).penalty(2)
    -2
    >>> TrackConfig(4, penalties=(0, 0, -1, -2, -3)).penalty(3)
    -2
    """

    length: int = attrs.field(default=6, converter=_length)
    """The number of levels (*Schadensstufen*); 6 is a placeholder default."""
    penalties: tuple[int, ...] | None = attrs.field(default=None, converter=_penalties)
    """The injury penalty by number of marked levels, or ``None`` for ``-k``."""

    def __attrs_post_init__(self) -> None:
        if self.penalties is not None and len(self.penalties) != self.length + 1:
            raise ParameterError(
                "penalties",
                list(self.penalties),
                f"{self.length + 1} values (0 to {self.length} marked levels)",
            )

    def penalty(self, marked: int) -> int:
        """The dice penalty with ``marked`` levels marked (ADZ-R12)."""
        marked = min(max(marked, 0), self.length)
        if self.penalties is None:
            return -marked
        return self.penalties[marked]


def _level(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ParameterError(name, value, "an integer >= 0")
    return value


@attrs.frozen
class Health:
    """A character's physical and mental damage tracks (immutable).

    Every operation returns a new ``Health``. One point of final damage marks
    one level (ADZ-A11); mental damage beyond the last mental level carries
    over to the physical track (ADZ-R13).

    >>> h = Health(TrackConfig(4), TrackConfig(3)).take(5, Track.MENTAL)
    >>> h.mental, h.physical, h.status
    (3, 2, <Status.UNCONSCIOUS: 'unconscious'>)
    """

    physical_config: TrackConfig = attrs.field(factory=TrackConfig)
    """The physical track's length and penalties."""
    mental_config: TrackConfig = attrs.field(factory=TrackConfig)
    """The mental track's length and penalties."""
    physical: int = attrs.field(default=0)
    """Marked physical levels (up to the track's length)."""
    mental: int = attrs.field(default=0)
    """Marked mental levels (up to the track's length)."""
    beyond: int = attrs.field(default=0)
    """Physical damage beyond the last level (ADZ-R12)."""

    def __attrs_post_init__(self) -> None:
        for name, value, top in (
            ("physical", self.physical, self.physical_config.length),
            ("mental", self.mental, self.mental_config.length),
        ):
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= top
            ):
                raise ParameterError(name, value, f"an integer from 0 to {top}")
        _level("beyond", self.beyond)
        if self.beyond and self.physical < self.physical_config.length:
            raise ParameterError(
                "beyond", self.beyond, "0 unless the physical track is full"
            )

    @property
    def status(self) -> Status:
        """The worst state the tracks put the character in."""
        if self.beyond:
            return Status.BEYOND_LAST
        if self.physical >= self.physical_config.length:
            return Status.DYING
        if self.mental >= self.mental_config.length:
            return Status.UNCONSCIOUS
        return Status.ACTIVE

    def take(self, damage: int, track: Track = Track.PHYSICAL) -> Health:
        """Mark ``damage`` levels on ``track`` (overflowing mental → physical)."""
        damage = _level("damage", damage)
        if not isinstance(track, Track):
            raise ParameterError("track", track, "Track.PHYSICAL or Track.MENTAL")
        physical_damage = damage
        mental = self.mental
        if track is Track.MENTAL:
            room = self.mental_config.length - mental
            mental += min(room, damage)
            physical_damage = max(0, damage - room)
        total = self.physical + self.beyond + physical_damage
        top = self.physical_config.length
        return attrs.evolve(
            self, physical=min(total, top), mental=mental, beyond=max(0, total - top)
        )

    def penalty(self) -> int:
        """The total injury penalty in dice from both tracks."""
        return self.physical_config.penalty(self.physical) + self.mental_config.penalty(
            self.mental
        )

    def modifiers(self) -> tuple[Modifier, ...]:
        """The injury penalties as dice modifiers (kind ``"injury"``).

        >>> Health(physical=2).modifiers()
        (Modifier(amount=-2, source='physical damage (2 levels)', kind='injury'),)
        """
        out = []
        for name, config, marked in (
            ("physical", self.physical_config, self.physical),
            ("mental", self.mental_config, self.mental),
        ):
            amount = config.penalty(marked)
            if amount:
                out.append(
                    Modifier(amount, f"{name} damage ({marked} levels)", "injury")
                )
        return tuple(out)

    def heal_physical(self, levels: int = 1) -> Health:
        """Remove physical levels, the most recent (highest) first (ADZ-A23)."""
        levels = _level("levels", levels)
        total = max(0, self.physical + self.beyond - levels)
        top = self.physical_config.length
        return attrs.evolve(self, physical=min(total, top), beyond=max(0, total - top))

    def heal_mental(self, levels: int = 1) -> Health:
        """Remove mental levels."""
        levels = _level("levels", levels)
        return attrs.evolve(self, mental=max(0, self.mental - levels))

    def rest(self, nights: int, nights_per_level: int = 1) -> Health:
        """Natural physical healing over ``nights`` recovery periods (ADZ-R14).

        Each level needs ``nights_per_level`` nights (normally 1 to 3, by the
        kind of wound; the GM may set more, e.g. for fractures).
        """
        nights = _level("nights", nights)
        per = _per_level(nights_per_level)
        return self.heal_physical(nights // per)

    def recover_mental(self, seconds: int | Fraction) -> Health:
        """Mental recovery: one level per 30 minutes without strain (ADZ-R14)."""
        secs = Fraction(seconds)
        if secs < 0:
            raise ParameterError("seconds", seconds, "at least 0")
        return self.heal_mental(int(secs // MENTAL_LEVEL_SECONDS))


def _per_level(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError("nights_per_level", value, "an integer >= 1")
    return value


def physical_healing_nights(
    levels: int, nights_per_level: int | Sequence[int] = 1
) -> int:
    """The recovery periods (nights) needed to heal ``levels`` physical levels.

    ``nights_per_level`` is one number for all levels or one per level, most
    recent first (ADZ-R14).

    >>> physical_healing_nights(3, 2), physical_healing_nights(2, (3, 1))
    (6, 4)
    """
    levels = _level("levels", levels)
    if isinstance(nights_per_level, int):
        return levels * _per_level(nights_per_level)
    per = [_per_level(n) for n in nights_per_level]
    if len(per) != levels:
        raise ParameterError("nights_per_level", list(per), f"{levels} values")
    return sum(per)


def mental_healing_seconds(levels: int) -> Fraction:
    """The game seconds to heal ``levels`` mental levels (30 minutes each).

    >>> mental_healing_seconds(3)
    Fraction(5400, 1)
    """
    return _level("levels", levels) * MENTAL_LEVEL_SECONDS


def physical_healing_duration(
    levels: int, nights_per_level: int | Sequence[int] = 1
) -> GameTime:
    """Natural healing of ``levels`` physical levels as a core duration.

    One recovery period (a night's sleep) is counted as one day of game time
    ([`GameTime`][rollwerk.encounter.GameTime]), e.g. for an effect that holds the
    injury penalty until the wound has healed.

    >>> physical_healing_duration(2, 3).seconds / NIGHT_SECONDS
    Fraction(6, 1)
    """
    nights = physical_healing_nights(levels, nights_per_level)
    if not nights:
        raise ParameterError("levels", levels, "at least 1 for a duration")
    return GameTime(nights * NIGHT_SECONDS)


def mental_healing_duration(levels: int) -> GameTime:
    """Recovery of ``levels`` mental levels (30 minutes each) as a core duration.

    >>> mental_healing_duration(2) == GameTime.minutes(60)
    True
    """
    seconds = mental_healing_seconds(levels)
    if not seconds:
        raise ParameterError("levels", levels, "at least 1 for a duration")
    return GameTime(seconds)
