"""The optional rules as ruleset wrappers (``slaying-dice``, ``slayer-points``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from rollwerk import (
    Check,
    CheckResult,
    Distribution,
    Outcome,
    ParameterError,
    Rng,
    RulesError,
    Ruleset,
)
from rollwerk.checks import CheckSpec, Explanation, Parameter, Scalar
from rollwerk.i18n import Catalog
from rollwerk.rulesets import DelegatingRuleset, OptionalRule
from rollwerk_ds4_slayers._catalog import CATALOG, ROLES
from rollwerk_ds4_slayers._points import DEFENSE_BONUS
from rollwerk_ds4_slayers._slaying import DEPTH, SLAYING_CHECK, SlayingAttack

__all__ = [
    "SLAYER_POINTS",
    "SLAYING_DICE",
    "SlayerPointsRuleset",
    "SlayingDiceRuleset",
    "enable_slayer_points",
    "enable_slaying_dice",
]


@attrs.frozen
class _Wrapper(DelegatingRuleset):
    """A DS4 ruleset with an optional rule: only ``checks`` changes.

    Every other member (id, labels, contest rule, round length and the other
    encounter traits) is the base ruleset's, forwarded by
    [`DelegatingRuleset`][rollwerk.rulesets.DelegatingRuleset].
    """

    @property
    def catalog(self) -> Catalog:
        """The DS4 catalog with the words of the slaying dice's roles."""
        base = getattr(self.base, "catalog", None)
        return ROLES if not isinstance(base, Catalog) else base.merge(ROLES)

    def __attrs_post_init__(self) -> None:
        if self.base.id != "ds4":
            raise RulesError(
                f"the DS4 slayer rules apply to ruleset 'ds4', got {self.base.id!r}"
            )


@attrs.frozen
class SlayingDiceRuleset(_Wrapper):
    """DS4 with slaying dice: ``check`` and ``attack`` explode on coups (DS4-R36).

    Both gain the parameter ``slaying_depth``; other checks are unchanged.
    The slaying ``check`` and ``attack`` are DS4's own, built afresh: a base
    whose ``check`` or ``attack`` another optional rule or a wrapper changed
    is refused (a `RulesError`), since that change would be lost.
    """

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        from rollwerk_ds4 import RULESET

        own = {spec.name: spec for spec in RULESET.checks()}
        changed = [
            spec.name
            for spec in self.base.checks()
            if spec.name in ("check", "attack") and not _is_own(spec, own[spec.name])
        ]
        if changed:
            raise RulesError(
                "the optional rule 'slaying-dice' builds DS4's own check and "
                f"attack afresh, and the ruleset it was given has another "
                f"{' and '.join(changed)} (an optional rule before it or a "
                "wrapper changed it); enable slaying-dice first (a wrapper's "
                "change cannot be combined with it)"
            )

    def checks(self) -> Sequence[CheckSpec]:
        """The base checks, with ``check`` and ``attack`` using slaying dice."""
        out = []
        for spec in self.base.checks():
            if spec.name == "check":
                out.append(SLAYING_CHECK.spec(self.base.id))
            elif spec.name == "attack":
                out.append(_with_depth(spec, SlayingAttack, "slaying dice on coups"))
            else:
                out.append(spec)
        return out


def _is_own(spec: CheckSpec, own: CheckSpec) -> bool:
    """Whether ``spec`` is DS4's own ``own``, perhaps as the registry guards it.

    The registry's guard wraps the factory; ``inspect.unwrap`` gives it back.
    """
    if spec == own:
        return True
    import inspect

    return attrs.evolve(spec, factory=inspect.unwrap(spec.factory)) == own


def _with_depth(spec: CheckSpec, factory: type, note: str) -> CheckSpec:
    return attrs.evolve(
        spec,
        parameters=(*spec.parameters, DEPTH),
        factory=factory,
        help=f"{spec.help} ({note})",
    )


@attrs.frozen
class _BonusCheck:
    """A check built with slayer-point bonuses folded into its parameters."""

    inner: Check
    """The check built with the bonuses applied."""
    extra: tuple[tuple[str, Scalar], ...]
    """The slayer-point parameters, as given."""
    given: tuple[tuple[str, Scalar], ...]
    """The other parameters, as given (before the bonuses)."""
    note: Explanation | None
    """What the points bought (``None``: no points spent)."""

    @property
    def ruleset(self) -> str:
        """The inner check's ruleset."""
        return self.inner.ruleset

    @property
    def name(self) -> str:
        """The inner check's name."""
        return self.inner.name

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The parameters as given, with the slayer-point ones."""
        return {**dict(self.given), **dict(self.extra)}

    def resolve(self, rng: Rng) -> CheckResult:
        """Resolve the inner check; the explanation names the bonuses."""
        result = self.inner.resolve(rng)
        if self.note is None:
            return result
        return attrs.evolve(
            result,
            explanation=CATALOG.text(
                "ds4-slayers.points.check", points=self.note, check=result.explanation
            ),
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The inner check's outcomes."""
        return self.inner.outcomes()


@attrs.frozen
class SlayerPointsRuleset(_Wrapper):
    """DS4 with slayer points (DS4-R37): the ``attack`` check can take SP bonuses.

    ``attack_points`` (0 or 2) buys attack +2; ``defense_points`` (0 to 3)
    buys the defender Abwehr +3, +8 or +12. Bonuses are bought before the
    roll (they cannot change a check already rolled). Track a character's
    points with [`SlayerPoints`][rollwerk_ds4_slayers.SlayerPoints].
    """

    def checks(self) -> Sequence[CheckSpec]:
        """The base checks, with slayer-point parameters on ``attack``."""
        out = []
        for spec in self.base.checks():
            if spec.name != "attack":
                out.append(spec)
                continue
            out.append(
                attrs.evolve(
                    spec,
                    parameters=(
                        *spec.parameters,
                        Parameter(
                            "attack_points",
                            int,
                            help="slayer points spent by the attacker: 2 buys attack +2",
                            default=0,
                            choices=(0, 2),
                        ),
                        Parameter(
                            "defense_points",
                            int,
                            help="slayer points spent by the defender: Abwehr +3/+8/+12",
                            default=0,
                            min_value=0,
                            max_value=3,
                        ),
                    ),
                    factory=_points_factory(spec),
                    help=f"{spec.help} (slayer-point bonuses)",
                )
            )
        return out


def _points_factory(spec: CheckSpec) -> Callable[..., Check]:
    def build(**params: Scalar) -> Check:
        attack_points = params.pop("attack_points", 0)
        defense_points = params.pop("defense_points", 0)
        if attack_points not in (0, 2):  # the declared choices; a direct call
            raise ParameterError(
                "attack_points",
                attack_points,
                "one of 0, 2 (attack +2 costs exactly 2 slayer points)",
            )
        assert isinstance(defense_points, int)
        adjusted = dict(params)
        bought: list[Explanation] = []
        if attack_points:
            assert isinstance(adjusted["attack"], int)
            adjusted["attack"] = adjusted["attack"] + 2
            bought.append(
                CATALOG.text("ds4-slayers.points.attack", points=attack_points, bonus=2)
            )
        if defense_points:
            bonus = DEFENSE_BONUS[defense_points]
            assert isinstance(adjusted["defense"], int)
            adjusted["defense"] = adjusted["defense"] + bonus
            bought.append(
                CATALOG.text(
                    "ds4-slayers.points.defense", points=defense_points, bonus=bonus
                )
            )
        note: Explanation | None = None
        for item in bought:
            note = (
                item
                if note is None
                else CATALOG.text("ds4-slayers.points.list", before=note, item=item)
            )
        inner = spec.factory(**adjusted)
        return _BonusCheck(
            inner,
            (("attack_points", attack_points), ("defense_points", defense_points)),
            tuple(params.items()),
            note,
        )

    return build


def enable_slaying_dice(ruleset: Ruleset) -> Ruleset:
    """Switch slaying dice on; they always sit below slayer points.

    Enabling twice changes nothing; enabled after ``slayer-points`` they are
    slipped underneath it, so the order of the options does not matter.
    """
    if isinstance(ruleset, SlayingDiceRuleset):
        return ruleset
    if isinstance(ruleset, SlayerPointsRuleset):
        return SlayerPointsRuleset(enable_slaying_dice(ruleset.base))
    return SlayingDiceRuleset(ruleset)


def enable_slayer_points(ruleset: Ruleset) -> Ruleset:
    """Switch slayer points on (enabling twice changes nothing)."""
    if isinstance(ruleset, SlayerPointsRuleset):
        return ruleset
    return SlayerPointsRuleset(ruleset)


SLAYING_DICE = OptionalRule(
    "slaying-dice",
    "ds4",
    "Slaying dice (Slayende Würfel)",
    apply=enable_slaying_dice,
    help="a coup on an attack or Abwehr rolls again and adds the result (DS4-R36)",
)
"""The optional rule ``slaying-dice``."""

SLAYER_POINTS = OptionalRule(
    "slayer-points",
    "ds4",
    "Slayer points (Slayerpunkte)",
    apply=enable_slayer_points,
    help="slayer points buy attack and Abwehr bonuses (DS4-R37)",
)
"""The optional rule ``slayer-points``."""
