"""Magic: techniques, spell parameters, power costs, durations (ADZ-R25 to R35).

Resolutions A15 to A21 and A24.

Longer than 500 lines because the magic rules form one chain (technique,
parameters, cost, casting, duration) whose steps read each other's values;
split, each part would import all the others.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import (
    CheckResult,
    Degree,
    Duration,
    LimitExceeded,
    Modifier,
    ParameterError,
    RulesError,
)
from rollwerk.checks import FaceCheck, enum_parameter
from rollwerk.encounter import Concentration, GameTime, Instant, Permanent
from rollwerk.i18n import Text
from rollwerk_adz._catalog import CATALOG
from rollwerk_adz._check import RULESET_ID, adz_check, pool_of, threshold_of
from rollwerk_adz._luck import LuckPolicy
from rollwerk_adz._pool import CheckKind

__all__ = [
    "STANDARD_SCALE",
    "ActiveSpell",
    "ConcentrationEffect",
    "LinearCost",
    "LinearRule",
    "ListedCosts",
    "SpellSpec",
    "Technique",
    "concentration_modifiers",
    "duration_for_kp",
    "kp_for_magnitude",
    "may_skip_roll",
    "spell_pool",
    "standard_scale",
    "surplus",
    "trivial_result",
]

STANDARD_SCALE: tuple[int, ...] = (
    1, 2, 4, 8, 15, 30, 75, 150, 300, 600, 1200, 2500, 5000,
)  # fmt: skip
"""The printed standard scale: the k-th KP reaches magnitude ``S(k)`` (ADZ-R29).

The step 30 → 75 is kept as printed (ADZ-A16).
"""

MAX_KP = 1000
"""The largest KP the scale functions accept (a documented limit)."""


class Technique(enum.Enum):
    """The seven techniques, by role (ADZ-R02; German names missing, A24)."""

    CONTROL = "control"
    """Move and control targets (*beherrschen*)."""
    PERCEIVE = "perceive"
    """Get information, communicate."""
    CREATE = "create"
    """Create objects, restore living beings (*erschaffen*)."""
    MODIFY = "modify"
    """Change objects and living beings (*modifizieren*)."""
    STORE = "store"
    """Store spells, make artefacts."""
    TRANSPORT = "transport"
    """Move targets elsewhere, open portals."""
    DESTROY = "destroy"
    """Destroy objects, harm living beings (*zerstören*)."""

    @property
    def label(self) -> Text | None:
        """The name where the excerpt shows a German one, else ``None`` (ADZ-A24).

        ``Technique.DESTROY.label("de")`` is *zerstören*; ``store``,
        ``perceive`` and ``transport`` have no German name in the rules.
        """
        message = f"adz.technique.{self.value}"
        return CATALOG.text(message) if message in CATALOG.ids("de") else None


def _int(
    name: str, value: object, low: int | None = None, high: int | None = None
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, "an integer")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            allowed = f"an integer >= {low}"
        elif low is None:
            allowed = f"an integer <= {high}"
        else:
            allowed = f"an integer from {low} to {high}"
        raise ParameterError(name, value, allowed)
    return value


def _fraction(name: str, value: object, low: int = 0) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError(name, value, f"an int or Fraction >= {low}")
    if value < low:
        raise ParameterError(name, value, f"an int or Fraction >= {low}")
    return Fraction(value)


def _positive(name: str, value: object) -> Fraction:
    """An int or Fraction above 0, in one message saying so."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or value <= 0:
        raise ParameterError(name, value, "an integer or a Fraction > 0")
    return Fraction(value)


# -- power costs -----------------------------------------------------------------


def standard_scale(kp: int) -> int:
    """The magnitude ``S(kp)`` reached with ``kp`` power points (ADZ-R29, A16).

    Beyond the printed 5,000 the scale continues by doubling.

    >>> tuple(standard_scale(k) for k in (1, 6, 7, 13, 14, 15))
    (1, 30, 75, 5000, 10000, 20000)
    """
    kp = _int("kp", kp, 1, MAX_KP)
    if kp <= len(STANDARD_SCALE):
        return STANDARD_SCALE[kp - 1]
    return STANDARD_SCALE[-1] << (kp - len(STANDARD_SCALE))


def kp_for_magnitude(magnitude: int | Fraction) -> int:
    """The KP needed on the standard scale: ``min{k : S(k) >= magnitude}``.

    A magnitude between two steps costs the higher step (ADZ-A16).

    >>> kp_for_magnitude(20), kp_for_magnitude(15), kp_for_magnitude(5001)
    (6, 5, 14)

    Raises:
        ParameterError: ``magnitude`` is not an integer or a Fraction > 0.
        LimitExceeded: It needs more than ``MAX_KP`` power points.
    """
    m = _positive("magnitude", magnitude)
    for k, s in enumerate(STANDARD_SCALE, start=1):
        if s >= m:
            return k
    k, s = len(STANDARD_SCALE), STANDARD_SCALE[-1]
    while s < m:
        k, s = k + 1, s * 2
        if k > MAX_KP:
            raise LimitExceeded("power points", k, MAX_KP)
    return k


def _amounts(per: Mapping[str, int | Fraction]) -> dict[str, int | Fraction]:
    """``LinearCost.per`` as a dict of its own (typed: ints or Fractions)."""
    return dict(per)


@attrs.frozen
class LinearCost:
    """A cost-table entry listed once: it scales linearly (ADZ-R27, A17).

    ``per`` gives the listed amount of every linear magnitude for ``kp``
    power points; the cost of other amounts is ``kp × Π(amount / listed)``,
    rounded up to whole KP.

    >>> senses = LinearCost(1, {"senses": 1, "seconds": 60})
    >>> senses.kp_for({"senses": 2, "seconds": 60}), senses.kp_for({"senses": 2, "seconds": 30})
    (2, 1)
    >>> senses.kp_for({"senses": 1, "seconds": 90})
    2
    """

    kp: int = attrs.field()
    """The listed cost in KP."""
    per: Mapping[str, int | Fraction] = attrs.field(converter=_amounts)
    """The listed amount of each linear magnitude (all > 0)."""

    @kp.validator
    def _check_kp(self, _a: object, value: object) -> None:
        _int("kp", value, 1)

    @per.validator
    def _check_per(self, _a: object, value: Mapping[str, object]) -> None:
        if not value:
            raise ParameterError("per", value, "at least one magnitude")
        for name, amount in value.items():
            _positive(f"listed {name}", amount)

    def exact(self, amounts: Mapping[str, int | Fraction]) -> Fraction:
        """The exact (fractional) cost of ``amounts``."""
        if set(amounts) != set(self.per):
            raise ParameterError(
                "amounts", sorted(amounts), f"exactly the magnitudes {sorted(self.per)}"
            )
        cost = Fraction(self.kp)
        for name, listed in self.per.items():
            cost *= _fraction(name, amounts[name]) / listed
        return cost

    def kp_for(self, amounts: Mapping[str, int | Fraction]) -> int:
        """The cost of ``amounts`` in whole KP, rounded up (ADZ-A17)."""
        return math.ceil(self.exact(amounts))


def _listed(value: Mapping[int | Fraction, int]) -> dict[Fraction, int]:
    if not isinstance(value, Mapping):
        raise ParameterError("points", value, "a mapping of magnitudes to KP")
    out: dict[Fraction, int] = {}
    for magnitude, kp in dict(value).items():
        m = _positive("listed magnitude", magnitude)
        out[m] = _int(f"KP of magnitude {magnitude}", kp, 0)
    if not out:
        raise ParameterError("points", {}, "at least one listed entry")
    return dict(sorted(out.items()))


@attrs.frozen
class ListedCosts:
    """A non-linear effect listed several times with different values (ADZ-R28).

    The GM places other values between the listed points; ``bracket`` gives
    the neighbouring listed costs, and ``kp_for`` takes the higher one, as
    between the steps of the standard scale (ADZ-A16).

    >>> light = ListedCosts({10: 1, 50: 3, 200: 6})
    >>> light.bracket(60), light.kp_for(60), light.kp_for(50)
    ((3, 6), 6, 3)
    """

    points: Mapping[Fraction, int] = attrs.field(converter=_listed)
    """Listed magnitude → KP."""

    def __attrs_post_init__(self) -> None:
        costs = list(self.points.values())
        if costs != sorted(costs):
            raise ParameterError(
                "points", dict(self.points), "costs that grow with the magnitude"
            )

    def bracket(self, magnitude: int | Fraction) -> tuple[int, int]:
        """The listed costs just below and at-or-above ``magnitude``.

        Raises:
            RulesError: ``magnitude`` is above every listed entry.
        """
        m = _fraction("magnitude", magnitude)
        below = None
        for listed, kp in self.points.items():
            if listed >= m:
                return (kp if below is None or listed == m else below, kp)
            below = kp
        top = max(self.points)
        raise RulesError(
            f"magnitude must be at most {top} for this listed effect, got {m} "
            "(the GM extrapolates)"
        )

    def kp_for(self, magnitude: int | Fraction) -> int:
        """The cost of ``magnitude``: the higher neighbouring listed cost."""
        return self.bracket(magnitude)[1]


def _exact(name: str, value: object) -> Fraction:
    """``value`` as a `Fraction`: an integer or a Fraction, refusing the rest."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError(name, value, "an integer or a Fraction")
    return Fraction(value)


def _first(value: object) -> Fraction:
    return _exact("first", value)


def _step(value: object) -> Fraction:
    return _positive("step", value)


def _cast_at(value: object) -> Fraction:
    return _exact("cast_at", value)


def _casting_seconds(value: object) -> Fraction:
    return _exact("casting_seconds", value)


def _duration_seconds(value: object) -> Fraction:
    return _exact("duration_seconds", value)


@attrs.frozen
class LinearRule:
    """A domain's explicit linear rule, e.g. "+5 m radius per further KP" (ADZ-R29).

    >>> radius = LinearRule(first=5, step=5)
    >>> radius.magnitude(3), radius.kp_for(12)
    (Fraction(15, 1), 3)
    """

    first: Fraction = attrs.field(converter=_first)
    """The magnitude the first KP buys."""
    step: Fraction = attrs.field(converter=_step)
    """What every further KP adds (> 0)."""

    def magnitude(self, kp: int) -> Fraction:
        """The magnitude reached with ``kp`` KP."""
        return self.first + (_int("kp", kp, 1) - 1) * self.step

    def kp_for(self, magnitude: int | Fraction) -> int:
        """The fewest KP reaching ``magnitude``."""
        m = _fraction("magnitude", magnitude)
        return 1 + max(0, math.ceil((m - self.first) / self.step))


# -- spells --------------------------------------------------------------------------


def spell_pool(
    domains: Sequence[int], techniques: Sequence[int], *, lowest: bool = False
) -> int:
    """The spell check's base pool: primary domain + primary technique (ADZ-A15).

    The first entry of each sequence is the primary property the GM chose.
    Further domains may support instead (see ``supporters``); further
    techniques add nothing. ``lowest=True`` is the variant that takes the
    lowest domain and the lowest technique.

    >>> spell_pool([5, 2], [4, 6]), spell_pool([5, 2], [4, 6], lowest=True)
    (9, 6)
    """
    for name, values in (("domains", domains), ("techniques", techniques)):
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
            raise ParameterError(name, values, "a sequence of property values")
    if not domains or not techniques:
        raise ParameterError(
            "domains and techniques", (domains, techniques), "non-empty"
        )
    ds = [_int("domain", d, 0, 10) for d in domains]
    ts = [_int("technique", t, 0, 10) for t in techniques]
    if lowest:
        return min(ds) + min(ts)
    return ds[0] + ts[0]


def _technique(value: Technique | str) -> Technique:
    return enum_parameter(Technique, "technique", value)


def _techniques(values: Iterable[Technique | str]) -> tuple[Technique, ...]:
    return tuple(_technique(t) for t in values)


def _strs(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


def _opt_seconds(value: object) -> Fraction | None:
    if value is None:
        return None
    return _fraction("duration_seconds", value)


@attrs.frozen
class SpellSpec:
    """The parameters the GM fixes for an improvised spell (ADZ-R25).

    >>> spec = SpellSpec("Humanoid", Technique.CONTROL, threshold=2, kp=3,
    ...                  casting_seconds=3, duration_seconds=180, concentration=True)
    >>> check = spec.check(domain=4, technique=3, supporters=(4,))
    >>> pool_of(check), threshold_of(check), check.parameters["kind"]
    (9, 2, 'spell')
    """

    domain: str
    """The primary magic domain (*Magiebereich*): the category of the target."""
    technique: Technique = attrs.field(converter=_technique)
    """The primary technique: how the target is affected."""
    threshold: int = attrs.field(default=1)
    """The spell check's threshold from the domain's complexity (ADZ-R26)."""
    kp: int = attrs.field(default=1)
    """The power expenditure in KP (*Krafteinsatz*, ADZ-R27 to R29)."""
    casting_seconds: Fraction = attrs.field(
        default=Fraction(0), converter=_casting_seconds
    )
    """The casting time (*Zauberdauer*) in game seconds (ADZ-R30)."""
    duration_seconds: Fraction | None = attrs.field(
        default=None, converter=_opt_seconds
    )
    """The effect duration in game seconds; ``None`` for an instant effect."""
    permanent: bool = False
    """Whether the effect lasts without limit (fixed-cost effects)."""
    concentration: bool = False
    """Whether the caster must concentrate to keep it (ADZ-R33)."""
    saving_roll: bool = False
    """Whether the target may make a saving roll (rules missing, ADZ-R31)."""
    other_domains: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    """Further domains the effect touches (ADZ-R25)."""
    other_techniques: tuple[Technique, ...] = attrs.field(
        default=(), converter=_techniques
    )
    """Further techniques the effect uses (they add no dice, ADZ-A15)."""

    def __attrs_post_init__(self) -> None:
        _int("threshold", self.threshold, 1)
        _int("kp", self.kp, 0)
        if self.casting_seconds < 0:
            raise ParameterError("casting_seconds", self.casting_seconds, "at least 0")
        if self.permanent and self.duration_seconds is not None:
            raise ParameterError(
                "duration_seconds", self.duration_seconds, "None for a permanent effect"
            )

    def check(
        self,
        domain: int,
        technique: int,
        *,
        supporters: Iterable[int] = (),
        modifier: int = 0,
        modifiers: Iterable[Modifier] = (),
        allow_impossible: bool = False,
        luck: int = 0,
        luck_policy: LuckPolicy = LuckPolicy.NEVER,
    ) -> FaceCheck:
        """The spell check (*Zauberprobe*) with the caster's points (ADZ-R04)."""
        return adz_check(
            spell_pool([domain], [technique]),
            minimum=self.threshold,
            kind=CheckKind.SPELL,
            supporters=tuple(supporters),
            modifier=modifier,
            modifiers=tuple(modifiers),
            allow_impossible=allow_impossible,
            luck=luck,
            luck_policy=luck_policy,
        )

    def effect_duration(self) -> Duration:
        """The effect's duration as a core duration.

        [`Concentration`][rollwerk.encounter.Concentration] for concentration spells,
        [`GameTime`][rollwerk.encounter.GameTime] for timed ones,
        [`Permanent`][rollwerk.encounter.Permanent] or [`Instant`][rollwerk.encounter.Instant]
        otherwise. The effect starts when the casting time ends (ADZ-R32).
        """
        if self.concentration:
            return Concentration()
        if self.permanent:
            return Permanent()
        if self.duration_seconds is None or self.duration_seconds == 0:
            return Instant()
        return GameTime(self.duration_seconds)


def duration_for_kp(kp: int, period_seconds: int | Fraction) -> Fraction:
    """The duration bought by ``kp`` KP at "1 KP per <period>" (ADZ-R27, R32).

    >>> duration_for_kp(3, 60)
    Fraction(180, 1)
    """
    return _int("kp", kp, 0) * _fraction("period_seconds", period_seconds)


@attrs.frozen
class ActiveSpell:
    """A successful spell's effect on the game clock (ADZ-R32, A18).

    >>> spell = ActiveSpell(cast_at=0, casting_seconds=6, duration_seconds=60)
    >>> spell.starts_at, spell.ends_at, spell.is_active(30), spell.is_active(66)
    (Fraction(6, 1), Fraction(66, 1), True, False)
    >>> again = spell.repower(60)
    >>> again.starts_at, again.ends_at, again.powered
    (Fraction(66, 1), Fraction(126, 1), 2)
    """

    cast_at: Fraction = attrs.field(converter=_cast_at)
    """The clock reading (game seconds) when casting began."""
    casting_seconds: Fraction = attrs.field(converter=_casting_seconds)
    """The casting time; the effect starts when it ends."""
    duration_seconds: Fraction = attrs.field(converter=_duration_seconds)
    """The length of the effect from the KP spent."""
    powered: int = 1
    """How many times the spell has been powered (1 = the original casting)."""

    @property
    def starts_at(self) -> Fraction:
        """When the effect begins: after the casting time."""
        return self.cast_at + self.casting_seconds

    @property
    def ends_at(self) -> Fraction:
        """When the effect expires."""
        return self.starts_at + self.duration_seconds

    def is_active(self, clock: int | Fraction) -> bool:
        """Whether the effect holds at ``clock`` (start inclusive, end exclusive)."""
        return self.starts_at <= Fraction(clock) < self.ends_at

    def repower(self, duration_seconds: int | Fraction) -> ActiveSpell:
        """Feed the expiring spell new power (ADZ-R32, A18).

        It needs a new drain roll only (no new spell check; the drain roll's
        rules are missing). The new duration follows from the new KP and
        starts when the old one ends.
        """
        return ActiveSpell(
            cast_at=self.ends_at,
            casting_seconds=0,
            duration_seconds=_fraction("duration_seconds", duration_seconds),
            powered=self.powered + 1,
        )


# -- concentration -----------------------------------------------------------------

ROLLS_PENALIZED = ("action", "reaction")
"""Rolls the concentration penalty applies to: acts, not resistance or drain (A19)."""
ROLLS = ("action", "reaction", "resistance", "drain")
"""Every kind of roll a character makes."""


def concentration_modifiers(
    spells: Iterable[str], roll: str = "action"
) -> tuple[Modifier, ...]:
    """One −1 die modifier per maintained concentration spell (ADZ-R33, A19).

    ``spells`` names each spell the caster maintains once: a spell is
    maintained or not, and the penalty is one die per spell (*für jeden
    Zauber, den ein Charakter auf diese Weise aufrecht erhält*). A name
    given twice is refused, not counted twice nor dropped; two castings of
    one spell kept at once need two names (``"Light (hall)"``,
    ``"Light (gate)"``).

    >>> pool_of(adz_check(6, modifiers=concentration_modifiers(["Light", "Shield"])))
    4
    >>> concentration_modifiers(["Light"], roll="resistance")
    ()
    >>> concentration_modifiers(["Light", "Light"])
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: spells must be distinct spell names (one die per spell maintained, ADZ-R33), got ['Light', 'Light']

    Raises:
        ParameterError: ``roll`` is not one of ``ROLLS``, or ``spells`` is
            not a list of distinct spell names.
    """
    if roll not in ROLLS:
        raise ParameterError(
            "roll", roll, "one of " + ", ".join(repr(r) for r in ROLLS)
        )
    if isinstance(spells, (str, bytes)) or not isinstance(spells, Iterable):
        raise ParameterError("spells", spells, "a list of spell names")
    names = list(spells)
    for name in names:
        if not isinstance(name, str):
            raise ParameterError("spells", names, "a list of spell names")
    if len(set(names)) != len(names):
        raise ParameterError(
            "spells",
            names,
            "distinct spell names (one die per spell maintained, ADZ-R33)",
        )
    if roll not in ROLLS_PENALIZED:
        return ()
    return tuple(Modifier(-1, f"concentration: {s}", "concentration") for s in names)


@attrs.frozen
class ConcentrationEffect:
    """A concentration spell as a core [`Effect`][rollwerk.encounter.Effect] on its caster.

    While it lasts the caster takes −1 die on every action and reaction
    (ADZ-R33); it ends the moment concentration ends
    ([`Concentration`][rollwerk.encounter.Concentration] duration).

    The penalty is one die per spell maintained, so applying the effect of
    the same spell and caster again refreshes it rather than stacking: the
    ruleset's stacking policy is ``SameName.REPLACE`` and the effect's name
    is ``"concentration: <spell>"`` on the caster.

    >>> from rollwerk import Encounter
    >>> from rollwerk_adz import ADZ
    >>> enc = Encounter.for_ruleset(ADZ, ["Ada", "Bo"])
    >>> for _ in range(2):
    ...     enc, _ = enc.apply_effect(ConcentrationEffect("Light", "Ada"))
    >>> enc.modifier_total("Ada", "concentration"), len(enc.effects)
    (-1, 1)
    """

    spell: str
    """The spell's name."""
    caster: str
    """The id of the concentrating caster."""

    @property
    def name(self) -> str:
        """``"concentration: <spell>"``."""
        return f"concentration: {self.spell}"

    @property
    def source(self) -> str:
        """The caster."""
        return self.caster

    @property
    def target(self) -> str:
        """The caster: the penalty is theirs."""
        return self.caster

    @property
    def duration(self) -> Duration:
        """While the caster concentrates."""
        return Concentration(self.caster)

    @property
    def modifiers(self) -> Sequence[Modifier]:
        """−1 die (kind ``"concentration"``) on actions and reactions."""
        return concentration_modifiers([self.spell])

    @property
    def condition(self) -> str | None:
        """``"concentrating"``."""
        return "concentrating"


# -- surplus and trivial spells --------------------------------------------------------


def surplus(successes: int, threshold: int) -> int:
    """Surplus successes that feed the drain roll (ADZ-R34, A21).

    >>> surplus(4, 2), surplus(1, 2)
    (2, 0)
    """
    s = _int("successes", successes, 0)
    return max(0, s - _int("threshold", threshold, 1))


def may_skip_roll(
    threshold: int,
    kp: int,
    pool: int,
    *,
    in_combat: bool = False,
    contested: bool = False,
    player_asks: bool = False,
) -> bool:
    """Whether the GM may waive the spell check of a trivial spell (ADZ-R35, A20).

    Threshold ≤ 1, KP ≤ 1 and a final pool of at least 3, unless the caster
    is in combat, an opposed roll is needed, or the player asks to roll.

    >>> may_skip_roll(1, 1, 3), may_skip_roll(1, 1, 2), may_skip_roll(1, 1, 5, in_combat=True)
    (True, False, False)
    """
    _int("threshold", threshold, 1)
    _int("kp", kp, 0)
    _int("pool", pool)
    if in_combat or contested or player_asks:
        return False
    return threshold <= 1 and kp <= 1 and pool >= 3


def trivial_result(
    check: FaceCheck, kp: int = 1, *, in_combat: bool = False
) -> CheckResult:
    """The result of a waived trivial spell: exactly 1 success, no drain (ADZ-R35).

    Raises:
        RulesError: The spell is not trivial or the caster is in combat.
    """
    pool, threshold = pool_of(check), threshold_of(check)
    kind = check.parameters["kind"]
    if kind != CheckKind.SPELL.value:
        raise RulesError(
            f"check kind must be 'spell' for a trivial spell, got {kind!r}"
        )
    if not may_skip_roll(threshold, kp, pool, in_combat=in_combat):
        raise RulesError(
            "a spell check may be waived only with threshold <= 1, KP <= 1, at least 3 "
            f"dice and outside combat, got threshold {threshold}, KP {kp}, "
            f"{pool} dice{', in combat' if in_combat else ''}"
        )
    return CheckResult(
        success=True,
        degree=Degree.SUCCESS,
        value=1,
        rolls=(),
        explanation=CATALOG.text("adz.magic.trivial"),
        rolled=False,
        extras={"trivial": True, "surplus": 0},
        ruleset=RULESET_ID,
        check=check.name,
    )
