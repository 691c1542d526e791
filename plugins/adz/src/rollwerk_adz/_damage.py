"""Damage tracks, injury penalties and natural healing (ADZ-R12 to R14, A11, A23)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction

import attrs

from rollwerk import Modifier, ParameterError, RulesError
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


def _seconds(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or value < 0:
        raise ParameterError(
            "mental_progress", value, "game seconds, an integer or a Fraction >= 0"
        )
    return Fraction(value)


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
    physical_progress: int = attrs.field(default=0)
    """Nights of natural healing already spent on the top physical level.

    [`rest`][rollwerk_adz.Health.rest] keeps the nights that did not yet
    heal a level here, so two calls of one night each heal as much as one
    call of two nights (ADZ-R14). 0 when no physical level is marked.
    """
    mental_progress: Fraction = attrs.field(default=Fraction(0), converter=_seconds)
    """Game seconds of rest already spent on the top mental level.

    [`recover_mental`][rollwerk_adz.Health.recover_mental] keeps the seconds
    that did not yet heal a level here (ADZ-R14). 0 when no mental level is
    marked.
    """

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
        _level("physical_progress", self.physical_progress)
        if self.physical_progress and not self.physical:
            raise ParameterError(
                "physical_progress",
                self.physical_progress,
                "0 while no physical level is marked",
            )
        if self.mental_progress and not self.mental:
            raise ParameterError(
                "mental_progress",
                self.mental_progress,
                "0 while no mental level is marked",
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
        # a new level is the top one now: its healing starts afresh (ADZ-A23)
        return attrs.evolve(
            self,
            physical=min(total, top),
            mental=mental,
            beyond=max(0, total - top),
            physical_progress=self.physical_progress if not physical_damage else 0,
            mental_progress=self.mental_progress if mental == self.mental else 0,
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
        """Remove physical levels, the most recent (highest) first (ADZ-A23).

        This is healing by other means than rest, such as healing magic, the
        only help beyond the last level (ADZ-R12). Removing a level also
        drops the nights of rest spent on it (``physical_progress``).

        >>> Health(physical=3).rest(1, 2).heal_physical(1).physical_progress
        0
        """
        levels = _level("levels", levels)
        total = max(0, self.physical + self.beyond - levels)
        if total == self.physical + self.beyond:
            return self
        top = self.physical_config.length
        return attrs.evolve(
            self,
            physical=min(total, top),
            beyond=max(0, total - top),
            physical_progress=0,
        )

    def heal_mental(self, levels: int = 1) -> Health:
        """Remove mental levels (and the rest spent on the top one, ``mental_progress``)."""
        levels = _level("levels", levels)
        if not levels or not self.mental:
            return self
        return attrs.evolve(
            self, mental=max(0, self.mental - levels), mental_progress=Fraction(0)
        )

    def rest(
        self, nights: int, nights_per_level: int = 1, *, tended: bool = False
    ) -> Health:
        """Natural physical healing over ``nights`` recovery periods (ADZ-R14).

        Each level needs ``nights_per_level`` nights (normally 1 to 3, by the
        kind of wound; the GM may set more, e.g. for fractures). Nights that
        do not complete a level are kept in ``physical_progress`` and count
        towards the next call, so the nights may be split over any number of
        calls. The nights already spent count towards the top level whatever
        ``nights_per_level`` the next call gives, but never towards the level
        below it: after 2 nights at 3 per level, a call at 1 per level heals
        the top level at once and each of its nights one more level. Nights
        left over when the track is clear are lost.

        >>> h = Health(physical=3).rest(1, 2)
        >>> h.physical, h.physical_progress, h.rest(1, 2).physical
        (3, 1, 2)

        A dying character (the last level marked) is saved only if the
        wounds are tended promptly (*Werden seine Wunden umgehend versorgt,
        kann er gerettet werden*): resting is not tending, so ``rest``
        needs ``tended=True``, the GM's word that they were (ADZ-R12).
        Beyond the last level only immediate healing magic can help
        ([`heal_physical`][rollwerk_adz.Health.heal_physical]), never rest.

        >>> dying = Health(TrackConfig(5), TrackConfig(3)).take(5)
        >>> dying.rest(1, tended=True).status
        <Status.ACTIVE: 'active'>

        Raises:
            ParameterError: ``nights`` is not an integer >= 0,
                ``nights_per_level`` not one >= 1, ``tended`` not a bool.
            RulesError: The character is dying and ``tended`` is false, or
                has damage beyond the last physical level.
        """
        nights = _level("nights", nights)
        per = _per_level(nights_per_level)
        if not isinstance(tended, bool):
            raise ParameterError("tended", tended, "true or false")
        if self.status is Status.BEYOND_LAST:
            raise RulesError(
                "rest cannot heal a character with damage beyond the last physical "
                "level: only the immediate use of healing magic can save them "
                "(heal_physical, ADZ-R12)"
            )
        if self.status is Status.DYING and not tended:
            raise RulesError(
                "rest cannot heal a dying character unless their wounds were "
                "tended promptly (tended=True, ADZ-R12)"
            )
        if not self.physical:
            return self
        # the nights spent on the top level count towards it, at any rate,
        # but never towards the level below
        need = max(0, per - self.physical_progress)
        if nights < need:
            return attrs.evolve(self, physical_progress=self.physical_progress + nights)
        more, left = divmod(nights - need, per)
        healed = 1 + more
        if healed >= self.physical:
            return attrs.evolve(self, physical=0, physical_progress=0)
        return attrs.evolve(
            self, physical=self.physical - healed, physical_progress=left
        )

    def recover_mental(self, seconds: int | Fraction) -> Health:
        """Mental recovery: one level per 30 minutes without strain (ADZ-R14).

        Seconds that do not complete a level are kept in ``mental_progress``
        and count towards the next call, so ``recover_mental(900)`` twice
        heals one level, as ``recover_mental(1800)`` does. Seconds left over
        when the track is clear are lost.

        >>> Health(mental=3).recover_mental(900).recover_mental(900).mental
        2

        Raises:
            ParameterError: ``seconds`` is below 0.
        """
        secs = Fraction(seconds)
        if secs < 0:
            raise ParameterError("seconds", seconds, "at least 0")
        if not self.mental:
            return self
        total = self.mental_progress + secs
        healed = int(total // MENTAL_LEVEL_SECONDS)
        if healed >= self.mental:
            return attrs.evolve(self, mental=0, mental_progress=Fraction(0))
        return attrs.evolve(
            self,
            mental=self.mental - healed,
            mental_progress=total - healed * MENTAL_LEVEL_SECONDS,
        )


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
