"""Rulesets: what a game system declares, and building checks generically.

A [`Ruleset`][rollwerk.rulesets.Ruleset] also carries the encounter traits
(round length, actions per round, stacking policy, initiative rule), each
with a default; optional rules wrap a ruleset in a
[`DelegatingRuleset`][rollwerk.rulesets.DelegatingRuleset] and override only
what they change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Protocol, runtime_checkable

import attrs

from rollwerk.checks._model import Check, ContestOutcome, Outcome
from rollwerk.checks._parameters import CheckSpec, Difficulty
from rollwerk.distribution import Distribution
from rollwerk.encounter import Combatant, EncounterTraits, StackingPolicy
from rollwerk.errors import ContestError, UnknownCheck
from rollwerk.rng import Rng


@runtime_checkable
class Ruleset(EncounterTraits, Protocol):
    """What a game system declares; implemented by plugins.

    Generic code (the CLI, the docs, the contract kit) builds checks from
    [`checks`][rollwerk.rulesets.Ruleset.checks] alone.

    The encounter traits come from
    [`EncounterTraits`][rollwerk.encounter.EncounterTraits] and have
    defaults an author does not have to write: ``round_seconds`` (6),
    ``actions_per_round`` (1), ``stacking_policy`` (everything stacks and
    sums) and ``initiative_order``
    ([`by_initiative`][rollwerk.encounter.by_initiative]). A class inherits
    them by subclassing ``Ruleset`` explicitly (``class MyRuleset(Ruleset):``,
    which also makes mypy report a member left out); a class that matches
    the protocol only structurally must write all of them.
    """

    @property
    def id(self) -> str:
        """A short stable identifier (``"ds4"``), used on the command line."""
        ...

    @property
    def name(self) -> str:
        """The system's name."""
        ...

    @property
    def version(self) -> str:
        """The ruleset implementation's version."""
        ...

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Localized labels: ``labels[lang][key]`` for ``en`` and ``de``.

        Keys include the degree values (``"critical_success"``…) in the
        system's own words.
        """
        ...

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """The difficulty presets, easiest first."""
        ...

    def checks(self) -> Sequence[CheckSpec]:
        """The checks this ruleset offers; the first is the default."""
        ...

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """Who wins when ``first`` (the initiator) is opposed by ``second``."""
        ...


@attrs.frozen
class DelegatingRuleset(Ruleset):
    """A ruleset that forwards every member to ``base``: the core wrapper.

    Optional and house rules subclass it and override only what they
    change; every other member, the encounter traits included, stays the
    base ruleset's, so a wrapper never drops a trait the base declares.

    >>> from rollwerk.testing.examples import ToyRuleset
    >>> class Quick(DelegatingRuleset):
    ...     @property
    ...     def round_seconds(self) -> Fraction:
    ...         return Fraction(3)
    >>> quick = Quick(ToyRuleset())
    >>> quick.id, quick.round_seconds, quick.actions_per_round
    ('toy', Fraction(3, 1), 1)
    """

    base: Ruleset
    """The wrapped ruleset (possibly itself a wrapper)."""

    @property
    def id(self) -> str:
        """The base ruleset's id."""
        return self.base.id

    @property
    def name(self) -> str:
        """The base ruleset's name."""
        return self.base.name

    @property
    def version(self) -> str:
        """The base ruleset's version."""
        return self.base.version

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """The base ruleset's labels."""
        return self.base.labels

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """The base ruleset's difficulty presets."""
        return self.base.difficulties

    def checks(self) -> Sequence[CheckSpec]:
        """The base ruleset's checks."""
        return self.base.checks()

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """The base ruleset's contest rule."""
        return self.base.contest(first, second)

    @property
    def round_seconds(self) -> Fraction:
        """The base ruleset's round length."""
        return self.base.round_seconds

    @property
    def actions_per_round(self) -> int:
        """The base ruleset's action slots per round."""
        return self.base.actions_per_round

    @property
    def stacking_policy(self) -> StackingPolicy:
        """The base ruleset's stacking policy."""
        return self.base.stacking_policy

    def initiative_order(
        self, combatants: Sequence[Combatant], rng: Rng
    ) -> Sequence[str]:
        """The base ruleset's initiative rule."""
        return self.base.initiative_order(combatants, rng)


def _find_spec(ruleset: Ruleset, check: str | None) -> CheckSpec:
    specs = list(ruleset.checks())
    if check is None:
        return specs[0]
    for spec in specs:
        if spec.name == check:
            return spec
    allowed = ", ".join(s.name for s in specs)
    raise UnknownCheck(
        f"check must be one of {allowed} for ruleset {ruleset.id!r}, got {check!r}"
    )


def build_check(ruleset: Ruleset, check: str | None = None, **params: object) -> Check:
    """Build a check of ``ruleset`` from keyword parameters, validating them.

    ``check`` is the check's name; ``None`` takes the ruleset's first check.
    """
    return _find_spec(ruleset, check).build(**params)


def resolve_contest(
    ruleset: Ruleset, first: Outcome, second: Outcome
) -> ContestOutcome:
    """Apply ``ruleset``'s contest rule to two outcomes."""
    return ruleset.contest(first, second)


def contest_odds(
    ruleset: Ruleset, first: Check, second: Check
) -> Distribution[ContestOutcome]:
    """The exact distribution of who wins ``first`` against ``second``.

    The two checks are independent; their outcome distributions are combined
    with the ruleset's contest rule.
    """
    for side, chk in (("first", first), ("second", second)):
        if chk.ruleset != ruleset.id:
            raise ContestError(
                f"{side} check must belong to ruleset {ruleset.id!r}, got {chk.ruleset!r}"
            )
    return first.outcomes().combine(second.outcomes(), ruleset.contest)


@attrs.frozen
class OptionalRule:
    """An optional or house rule that a plugin offers for an existing ruleset.

    Enabling it wraps the base ruleset: ``apply`` receives the ruleset (with
    any optional rules enabled before it) and returns the adjusted one, which
    keeps the same ``id``. Write the adjusted ruleset as a
    [`DelegatingRuleset`][rollwerk.rulesets.DelegatingRuleset] subclass, so that
    it keeps every member (and encounter trait) it does not change.
    """

    id: str
    """A short identifier (``"slaying-dice"``)."""
    ruleset: str
    """The id of the ruleset it adjusts."""
    name: str
    """A human name."""
    apply: Callable[[Ruleset], Ruleset] = attrs.field(repr=False)
    """Returns the ruleset with this rule switched on."""
    help: str = ""
    """One line saying what it changes."""


def distribution_version(distribution: str) -> str:
    """The installed version of ``distribution``, or ``"0+unknown"``.

    Rulesets report this as their [`version`][rollwerk.rulesets.Ruleset.version], so
    that it always matches what is installed:

    >>> distribution_version("no-such-distribution-installed")
    '0+unknown'
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "0+unknown"
