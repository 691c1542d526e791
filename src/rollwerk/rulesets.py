"""Rulesets: what a game system declares, and building checks generically.

A [`Ruleset`][rollwerk.rulesets.Ruleset] also carries the encounter traits
(round length, actions per round, stacking policy, initiative rule), each
with a default; optional rules wrap a ruleset in a
[`DelegatingRuleset`][rollwerk.rulesets.DelegatingRuleset] and override only
what they change. [`define_ruleset`][rollwerk.rulesets.define_ruleset] makes
a ruleset as a value (a [`RulesetSpec`][rollwerk.rulesets.RulesetSpec]) from
its id, name, catalog, levels, checks and contest rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import (
    TYPE_CHECKING,
    Any,
    Protocol,
    TypeAlias,
    TypeVar,
    runtime_checkable,
)

import attrs

# ``rollwerk.encounter.Combatant`` and ``rollwerk.checks.ContestResult`` are
# written through their (already loaded, lazy) packages: ``rollwerk check``
# declares and resolves checks without loading the encounter's state or
# contest results, and ``typing.get_type_hints`` still resolves them.
import rollwerk.checks
import rollwerk.encounter
from rollwerk._lazy import lazy_exports
from rollwerk._repr import value_repr
from rollwerk.checks._levels import (
    RULESET_ID,
    Level,
    SuccessLevels,
    is_ruleset_id,
    result_not_outcome,
    word,
)
from rollwerk.checks._model import Check, CheckResult, ContestOutcome, Outcome
from rollwerk.checks._parameters import CheckSpec, Difficulty
from rollwerk.checks._requests import find_spec, not_a_ruleset
from rollwerk.checks._toolkit import (
    TOOLKIT_CATALOG,
    BoundFactory,
    CheckDefinition,
    compare,
)
from rollwerk.distribution import Distribution
from rollwerk.encounter._stacking import StackingPolicy
from rollwerk.encounter._traits import (
    EncounterTraits,
    checked_actions_per_round,
    checked_round_seconds,
)
from rollwerk.errors import (
    CheckFault,
    ContestError,
    LimitExceeded,
    ParameterError,
    RollwerkError,
    shown,
)
from rollwerk.i18n import Catalog
from rollwerk.rng import Rng

__all__ = [
    "CheckContestRule",
    "ContestKey",
    "ContestRule",
    "ContestWithChecks",
    "DelegatingRuleset",
    "InitiativeRule",
    "OptionalRule",
    "Ruleset",
    "RulesetSpec",
    "build_check",
    "contest_odds",
    "contest_result",
    "define_ruleset",
    "distribution_version",
    "levels_of",
    "resolve_contest",
]

if TYPE_CHECKING:
    from rollwerk.encounter import InitiativeRule
else:
    # ``InitiativeRule`` is the encounter's, served on first use: it names
    # ``Combatant``, which the check path does not load.
    __getattr__, __dir__ = lazy_exports(
        __name__, {"InitiativeRule": "rollwerk.encounter._state"}
    )

ContestRule: TypeAlias = Callable[[Outcome, Outcome], ContestOutcome]
"""A contest rule that sees the two outcomes: ``rule(first, second)``."""

CheckContestRule: TypeAlias = Callable[[Check, Outcome, Check, Outcome], ContestOutcome]
"""A contest rule that also sees both checks (and so their parameters):
``rule(first_check, first_outcome, second_check, second_outcome)``."""

ContestKey: TypeAlias = Callable[[Check, Outcome], Any]
"""A contest rule written as a key per side: the higher key wins, equal keys tie."""


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

    @property
    def dialect(self) -> str:
        """The notation dialect its players write dice in (default ``"rollwerk"``).

        ``rollwerk roll TEXT --ruleset ID`` reads TEXT in it; a German system
        names ``"german"`` (``W20``, ``W66``). A class that subclasses
        ``Ruleset`` inherits the default.
        """
        return "rollwerk"

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """Who wins when ``first`` (the initiator) is opposed by ``second``.

        A ruleset whose rule needs the checks themselves (their parameters)
        also implements [`ContestWithChecks`][rollwerk.rulesets.ContestWithChecks];
        [`contest_odds`][rollwerk.rulesets.contest_odds] and
        [`resolve_contest`][rollwerk.rulesets.resolve_contest] then use that.
        """
        ...


@runtime_checkable
class ContestWithChecks(Protocol):
    """Optional for a ruleset: a contest rule that sees both checks.

    "Same level: the higher skill wins" needs the skill, a parameter of the
    check, not a fact of the outcome. A ruleset that has this method is
    asked instead of [`Ruleset.contest`][rollwerk.rulesets.Ruleset.contest]
    whenever the checks are known; rulesets without it keep working
    unchanged.
    """

    def contest_with_checks(
        self, first_check: Check, first: Outcome, second_check: Check, second: Outcome
    ) -> ContestOutcome:
        """Who wins when ``first_check`` (with ``first``) meets ``second_check``."""
        ...


def levels_of(ruleset: object) -> SuccessLevels:
    """The success levels a ruleset declares (its ``levels``), or none.

    ``levels`` is optional: a ruleset without it has no levels and its
    outcomes carry ``level=None``.

    >>> from rollwerk.testing.examples import ToyRuleset
    >>> len(levels_of(ToyRuleset()))
    0

    Raises:
        ParameterError: ``ruleset`` is not a ruleset (it has no string
            ``id`` or no ``checks``).
    """
    _ruleset_id(ruleset)
    levels = getattr(ruleset, "levels", None)
    if levels is None:
        return SuccessLevels()
    if isinstance(levels, SuccessLevels):
        return levels
    return SuccessLevels(*levels)


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

    __repr__ = value_repr

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
    def levels(self) -> SuccessLevels:
        """The base ruleset's success levels."""
        return levels_of(self.base)

    def contest_with_checks(
        self, first_check: Check, first: Outcome, second_check: Check, second: Outcome
    ) -> ContestOutcome:
        """The base ruleset's contest rule with checks, unless ``contest`` is overridden.

        A wrapper that overrides [`contest`][rollwerk.rulesets.Ruleset.contest]
        gets its own rule applied; otherwise the base's rule sees the checks.
        """
        # what isinstance(self.base, ContestWithChecks) tells, without a
        # protocol check (about 10 µs) for every pair of a contest's outcomes
        rule = getattr(self.base, "contest_with_checks", None)
        if type(self).contest is DelegatingRuleset.contest and callable(rule):
            return rule(first_check, first, second_check, second)  # type: ignore[no-any-return]
        return self.contest(first, second)

    @property
    def dialect(self) -> str:
        """The base ruleset's notation dialect."""
        return self.base.dialect

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
        self, combatants: Sequence[rollwerk.encounter.Combatant], rng: Rng
    ) -> Sequence[str]:
        """The base ruleset's initiative rule."""
        return self.base.initiative_order(combatants, rng)


def build_check(
    ruleset: Ruleset, check: str | None = None, /, **params: object
) -> Check:
    """Build a check of ``ruleset`` from keyword parameters, validating them.

    ``check`` is the check's name; ``None`` takes the ruleset's first check.
    Both are positional-only, so a check may have parameters named
    ``ruleset`` or ``check``: ``build_check(ruleset, "roll", check=3)``.
    A ``check=`` that names no parameter is refused with that hint.
    """
    spec = find_spec(ruleset, check)
    try:
        return spec._build_of(params, ruleset.id)
    except ParameterError as exc:
        name = params.get("check")
        unknown = exc.parameter.startswith("parameter of ") and exc.value == "check"
        if unknown and isinstance(name, str):
            exc.args = (
                (
                    f"{exc}; the check's name is build_check's second argument, "
                    f"positional: build_check(ruleset, {name!r}, …)"
                ),
            )
        raise


def resolve_contest(
    ruleset: Ruleset,
    first: Outcome,
    second: Outcome,
    *,
    checks: tuple[Check, Check] | None = None,
) -> ContestOutcome:
    """Apply ``ruleset``'s contest rule to two outcomes.

    Args:
        ruleset: Whose rule decides.
        first: The initiator's outcome (or result's
            [`outcome()`][rollwerk.checks.CheckResult.outcome]).
        second: The opponent's outcome.
        checks: The two checks, for rulesets whose rule sees them
            ([`ContestWithChecks`][rollwerk.rulesets.ContestWithChecks]).

    Raises:
        ParameterError: ``ruleset`` is not a ruleset, a side is not an
            [`Outcome`][rollwerk.checks.Outcome] (for a
            [`CheckResult`][rollwerk.checks.CheckResult], the message
            points to [`contest_result`][rollwerk.rulesets.contest_result]),
            a side of a ruleset with levels has none of them (an outcome of
            another ruleset's check), or ``checks`` is not a pair of checks.
        ContestError: A check of ``checks`` belongs to another ruleset, or
            the ruleset's rule needs the checks and none were given.
    """
    contest_sides(first, second)
    _own_levels(ruleset, first, second)
    try:
        pair = None if checks is None else _contest_checks(ruleset, checks)
        return _decided(ruleset.id, _decide(ruleset, first, second, pair))
    except AttributeError:
        if not isinstance(getattr(ruleset, "id", None), str) or not callable(
            getattr(ruleset, "contest", None)
        ):
            raise not_a_ruleset(ruleset) from None
        raise


def contest_sides(first: object, second: object) -> None:
    """Refuse a side of a contest that is not an ``Outcome`` (``ParameterError``).

    A ``CheckResult``'s message points to ``contest_result``; a bare
    ``result.outcome`` says to call it. Checked before a ruleset's rule
    runs, which would otherwise fail on the caller's mistake as its own.
    """
    for name, side in (("first", first), ("second", second)):
        if side.__class__ is not Outcome and not isinstance(side, Outcome):
            if isinstance(side, CheckResult):  # every rule would get it, not some
                raise result_not_outcome(side, name)
            if isinstance(getattr(side, "__self__", None), CheckResult):
                # result.outcome without the call
                raise ParameterError(
                    name, side, "an Outcome: call the method, result.outcome()"
                )
            raise ParameterError(name, side, "an Outcome")


def _own_levels(ruleset: object, first: Outcome, second: Outcome) -> None:
    """Refuse an outcome without one of ``ruleset``'s levels, if it has levels.

    Such an outcome comes from another ruleset's check (or was made by
    hand without its level): the caller's mistake, which the ruleset's
    rule would otherwise report as its own fault.
    """
    try:
        levels = levels_of(ruleset)
    except ParameterError:
        return  # not a ruleset: resolve_contest says so
    if not levels:
        return
    ids = levels.ids
    for name, side in (("first", first), ("second", second)):
        if side.level not in ids:
            raise ParameterError(
                f"{name}.level",
                side.level,
                f"one of the levels of ruleset {_ruleset_id(ruleset)!r} "
                f"({', '.join(ids)}), as an Outcome of its checks has",
            )
        level = levels.get(side.level)
        if (side.degree, side.success) != (level.degree, level.success):
            # a loaded or hand-made outcome whose level says otherwise
            raise ParameterError(
                f"{name}.degree",
                side.degree.value,
                f"{level.degree.value} with success {level.success}, as "
                f"its level {level.id!r} has",
            )


def _decide(
    ruleset: Ruleset,
    first: Outcome,
    second: Outcome,
    pair: tuple[Check, Check] | None,
) -> ContestOutcome:
    """The rule on two outcomes and checks already checked."""
    if pair is not None and isinstance(ruleset, ContestWithChecks):
        return ruleset.contest_with_checks(pair[0], first, pair[1], second)
    return ruleset.contest(first, second)


def _contest_checks(ruleset: Ruleset, checks: object) -> tuple[Check, Check]:
    """``checks`` as a pair of checks of ``ruleset``.

    Raises:
        ParameterError: Not two checks.
        ContestError: A check of another ruleset.
    """
    if (
        not isinstance(checks, (tuple, list))
        or len(checks) != 2
        or not all(isinstance(getattr(c, "ruleset", None), str) for c in checks)
    ):
        raise ParameterError("checks", checks, "a pair of checks (first, second)")
    for side, chk in zip(("first", "second"), checks, strict=True):
        _own(ruleset, side, chk)
    return checks[0], checks[1]


def _ruleset_id(ruleset: object) -> str:
    """The id of ``ruleset``, refusing what is not a ruleset.

    Raises:
        ParameterError: ``ruleset`` has no string ``id`` or no ``checks``.
    """
    rid = getattr(ruleset, "id", None)
    if not isinstance(rid, str) or not callable(getattr(ruleset, "checks", None)):
        raise not_a_ruleset(ruleset)
    return rid


def _own(ruleset: Ruleset, side: str, chk: Check) -> None:
    """Refuse ``chk`` unless it is a check of ``ruleset``."""
    if chk.ruleset != ruleset.id:
        raise ContestError(
            f"{side} check must belong to ruleset {ruleset.id!r}, got {chk.ruleset!r}"
        )


def contest_odds(
    ruleset: Ruleset, first: Check, second: Check
) -> Distribution[ContestOutcome]:
    """The exact distribution of who wins ``first`` against ``second``.

    The two checks are independent; their outcome distributions are combined
    with the ruleset's contest rule (the one that sees both checks, where
    the ruleset has it).

    Raises:
        ParameterError: ``ruleset`` is not a ruleset, or a side is not a
            check.
        ContestError: A check belongs to another ruleset.
    """
    _ruleset_id(ruleset)
    for side, chk in (("first", first), ("second", second)):
        if not isinstance(getattr(chk, "ruleset", None), str):
            raise ParameterError(side, chk, f"a check of ruleset {ruleset.id!r}")
        _own(ruleset, side, chk)
    keyed = getattr(ruleset, "_contest_key", None)
    key = keyed() if callable(keyed) else None
    if key is not None:
        # one key per outcome of each side, then the keys compared: n + m
        # calls of the key and a comparison per pair of distinct keys,
        # instead of the rule on every pair of outcomes
        try:
            firsts = first.outcomes().map(lambda o: _hashable(key(first, o)))
            seconds = second.outcomes().map(lambda o: _hashable(key(second, o)))
        except _Unhashable:  # keys that compare but do not hash: pair by pair
            pass
        else:
            odds = _compare_keys(firsts, seconds)
            ties = getattr(key, "contest_ties", ContestOutcome.TIE)
            if ties is not ContestOutcome.TIE and ContestOutcome.TIE in odds:
                # equal keys go to one side (define_ruleset's contest_ties)
                odds = odds.map(lambda c: ties if c is ContestOutcome.TIE else c)
            return odds
    rid = ruleset.id
    if isinstance(ruleset, ContestWithChecks):
        rule = ruleset.contest_with_checks
        return _pairwise(
            first.outcomes(),
            second.outcomes(),
            lambda a, b: _decided(rid, rule(first, a, second, b)),
        )
    plain = ruleset.contest
    return _pairwise(
        first.outcomes(), second.outcomes(), lambda a, b: _decided(rid, plain(a, b))
    )


def _decided(ruleset_id: str, outcome: object) -> ContestOutcome:
    """``outcome`` if the contest rule gave a `ContestOutcome`, else its fault."""
    if outcome.__class__ is ContestOutcome:
        return outcome
    raise CheckFault(
        f"the contest rule of ruleset {ruleset_id!r} returned {shown(outcome)}, "
        "not a ContestOutcome"
    )


def _pairwise(
    firsts: Distribution[Outcome],
    seconds: Distribution[Outcome],
    rule: Callable[[Outcome, Outcome], ContestOutcome],
) -> Distribution[ContestOutcome]:
    """The rule on every pair of outcomes; a refusal says how many there are.

    The size limit refused it as ``combine``, a step the caller never
    named; it now names the contest and both sides' outcomes.
    """
    try:
        return firsts.combine(seconds, rule)
    except LimitExceeded as exc:
        raise LimitExceeded(
            exc.limit,
            exc.value,
            exc.maximum,
            at_least=exc.at_least,
            operation=(
                f"contest_odds of {len(firsts)} × {len(seconds)} outcomes judged "
                "pair by pair (fewer outcomes on either side would do)"
            ),
        ) from None


_K = TypeVar("_K")


class _Unhashable(Exception):
    """A contest key that cannot be a `Distribution` outcome (a list)."""


def _hashable(key: _K) -> _K:
    """``key``, or `_Unhashable` where it does not hash."""
    try:
        hash(key)
    except TypeError:
        raise _Unhashable from None
    return key


def _compare_keys(
    firsts: Distribution[Any], seconds: Distribution[Any]
) -> Distribution[ContestOutcome]:
    """``firsts.combine(seconds, compare)``, in one sweep over the sorted keys.

    Where the keys of both sides sort into a strict chain (each less than
    the next: numbers, strings, tuples of them), the weight of the second
    side's keys below, at and above each key of the first decides every
    pair at once: n + m steps, not n × m comparisons. Keys that do not (a
    NaN, sets, types that do not compare) are compared pair by pair.
    """
    wa, wb = firsts._weights, seconds._weights
    try:
        keys = sorted({*wa, *wb})
        chain = all(a < b for a, b in pairwise(keys))
    except TypeError:
        chain = False
    if not chain:
        return firsts.combine(seconds, _compare_contest_keys)
    total = seconds._total
    below = won = tied = lost = 0
    for k in keys:
        b = wb.get(k, 0)
        a = wa.get(k, 0)
        if a:
            won += a * below
            tied += a * b
            lost += a * (total - below - b)
        below += b
    weights = {
        outcome: w
        for outcome, w in (
            (ContestOutcome.FIRST, won),
            (ContestOutcome.SECOND, lost),
            (ContestOutcome.TIE, tied),
        )
        if w
    }
    return type(firsts)._from_weights(weights, firsts._total * total)


def contest_result(
    ruleset: Ruleset,
    first: CheckResult,
    second: CheckResult,
    *,
    checks: tuple[Check, Check] | None = None,
) -> rollwerk.checks.ContestResult:
    """Decide a contest of two resolved checks and keep both results.

    The same rule as [`resolve_contest`][rollwerk.rulesets.resolve_contest],
    applied to the results' outcomes; the
    [`ContestResult`][rollwerk.checks.ContestResult] says who won and
    explains both sides in any language.

    >>> from rollwerk import ScriptedRng, build_check
    >>> from rollwerk.testing.examples import ToyRuleset
    >>> toy = ToyRuleset()
    >>> check = build_check(toy, skill=4)
    >>> r = contest_result(toy, check.resolve(ScriptedRng([2])), check.resolve(ScriptedRng([5])))
    >>> print(r.explain())
    the first side wins
      first: rolled 2 against a chance of 4: success
      second: rolled 5 against a chance of 4: failure

    Args:
        ruleset: Whose rule decides.
        first: The initiator's result.
        second: The opponent's result.
        checks: The two checks that gave the results, for a rule that sees
            them. A result keeps its ruleset and check name but not its
            parameters: those two are compared, the parameters cannot be.

    Raises:
        ParameterError: ``ruleset`` is not a ruleset, a side is not a
            [`CheckResult`][rollwerk.checks.CheckResult], or ``checks`` is
            not a pair of checks.
        ContestError: A result or check belongs to another ruleset, a check
            is not the one its result names, or the ruleset's rule needs the
            checks and none were given.
    """
    _ruleset_id(ruleset)
    for side, result in (("first", first), ("second", second)):
        if not isinstance(result, CheckResult):
            raise ParameterError(side, result, "a CheckResult")
        if result.ruleset and result.ruleset != ruleset.id:
            raise ContestError(
                f"{side} result must belong to ruleset {ruleset.id!r}, "
                f"got {result.ruleset!r}"
            )
    pair = None if checks is None else _contest_checks(ruleset, checks)
    if pair is not None:
        for side, result, chk in zip(
            ("first", "second"), (first, second), pair, strict=True
        ):
            name = getattr(chk, "name", None)
            if result.check and name is not None and name != result.check:
                raise ContestError(
                    f"{side} check must be the check that gave the {side} "
                    f"result ({ruleset.id}:{result.check}), got "
                    f"{ruleset.id}:{name}"
                )
    from rollwerk.checks._contest_result import ContestResult

    ours = first.outcome(), second.outcome()
    _own_levels(ruleset, *ours)
    outcome = _decide(ruleset, *ours, pair)
    return ContestResult(first, second, outcome, ruleset.id)


@attrs.frozen
class OptionalRule:
    """An optional or house rule that a plugin offers for an existing ruleset.

    Enabling it adjusts the base ruleset: ``apply`` receives the ruleset
    (with any optional rules enabled before it) and returns the adjusted
    one, which keeps the same ``id``. A ruleset made with
    [`define_ruleset`][rollwerk.rulesets.define_ruleset] (a
    [`RulesetSpec`][rollwerk.rulesets.RulesetSpec]) is adjusted with
    ``attrs.evolve``, which keeps every field it does not change (checks
    added or changed: ``check_specs``, see the toolkit's "An optional rule
    that changes the odds"); a hand-written ruleset is wrapped in a
    [`DelegatingRuleset`][rollwerk.rulesets.DelegatingRuleset] subclass,
    which keeps every member (and encounter trait) it does not override.
    Asking for one rule twice applies it once.
    """

    __repr__ = value_repr

    id: str = attrs.field(validator=lambda _, __, v: _option_word("id", v))
    """A short identifier (``"slaying-dice"``): a word, as a ruleset id is."""
    ruleset: str = attrs.field(validator=lambda _, __, v: _option_word("ruleset", v))
    """The id of the ruleset it adjusts."""
    name: str = attrs.field(validator=lambda _, __, v: _option_text("name", v, True))
    """A human name."""
    apply: Callable[[Ruleset], Ruleset] = attrs.field(repr=False)
    """Returns the ruleset with this rule switched on."""
    help: str = attrs.field(
        default="", validator=lambda _, __, v: _option_text("help", v, False)
    )
    """One line saying what it changes."""

    def __attrs_post_init__(self) -> None:
        if not callable(self.apply):
            raise ParameterError(
                "apply", self.apply, "a function of the ruleset returning a ruleset"
            )


def _option_word(field: str, value: object) -> None:
    """Refuse an optional rule's id or ruleset id that is not a word.

    Both are written on the command line (``--option slaying-dice``) and
    in ``--rollwerk-contract=ds4+slaying-dice``.
    """
    if not is_ruleset_id(value):
        raise ParameterError(field, value, RULESET_ID)


def _option_text(field: str, value: object, required: bool) -> None:
    """Refuse an optional rule's name or help that is not a string (or empty)."""
    if not isinstance(value, str) or (required and not value):
        raise ParameterError(
            field, value, "a non-empty string" if required else "a string"
        )


def distribution_version(distribution: str) -> str:
    """The installed version of ``distribution``, or ``"0+unknown"``.

    Rulesets report this as their [`version`][rollwerk.rulesets.Ruleset.version], so
    that it always matches what is installed:

    >>> distribution_version("no-such-distribution-installed")
    '0+unknown'
    """
    from rollwerk._metadata import distribution_version as installed

    try:
        return installed(distribution) or "0+unknown"
    except ImportError:  # importlib.metadata.PackageNotFoundError
        return "0+unknown"


def _default_key(levels: SuccessLevels) -> Callable[[Check, Outcome], Any]:
    """The default contest's key per side: degree, then level, then value."""

    def key(check: Check, o: Outcome) -> tuple[int, int, int]:
        rank = levels.rank(o) if o.level is not None and levels else -1
        return (o.degree.rank, rank, -(10**18) if o.value is None else o.value)

    return key


def _compare_contest_keys(first: Any, second: Any) -> ContestOutcome:
    """`compare` of two contest keys; keys that do not compare are the rules' fault.

    Raises:
        CheckFault: The keys do not compare (``5`` and ``(5,)``).
    """
    try:
        return compare(first, second)
    except ParameterError:
        raise CheckFault(
            f"the contest keys {first!r} and {second!r} do not compare with each "
            "other (a contest key is a number, a string or a tuple of them, of "
            "the same kind for every outcome)"
        ) from None


def _checked_key(
    key: Callable[[Check, Outcome], Any], rid: str, name: str
) -> Callable[[Check, Outcome], Any]:
    """``key`` (the ruleset's ``name=``), its mistakes reported as the plugin's.

    The key is given outcomes the ruleset's own checks made, so an error it
    raises is not the caller's, and a key of ``None`` (a missing extra)
    compares with nothing.

    Raises:
        CheckFault: The key raised a `RollwerkError` (a `ParameterError`
            from building a level's outcome, say) or gave ``None``.
    """

    def checked(check: Check, outcome: Outcome) -> Any:
        try:
            value = key(check, outcome)
        except CheckFault:
            raise
        except RollwerkError as exc:
            raise CheckFault(
                f"the {name} of ruleset {rid!r} raised {type(exc).__name__}: {exc}"
            ) from exc
        if value is None:
            raise CheckFault(
                f"the {name} of ruleset {rid!r} gave None for {outcome!r} (a "
                "contest key is a number, a string or a tuple of them)"
            )
        return value

    return checked


def _tied_key(
    key: Callable[[Check, Outcome], Any], ties: ContestOutcome
) -> Callable[[Check, Outcome], Any]:
    """``key``, telling ``contest_odds`` who wins equal keys (``contest_ties``)."""
    if ties is ContestOutcome.TIE:
        return key

    def tied(check: Check, outcome: Outcome) -> Any:
        return key(check, outcome)

    tied.contest_ties = ties  # type: ignore[attr-defined]
    return tied


def _keyed_contest(
    key: Callable[[Check, Outcome], Any], ties: ContestOutcome = ContestOutcome.TIE
) -> ContestRule:
    """A rule on two outcomes from a key that ignores the check; equal keys give ``ties``.

    It carries its key (``contest_key``), so ``contest_odds`` compares keys.
    """
    key = _tied_key(key, ties)

    def rule(first: Outcome, second: Outcome) -> ContestOutcome:
        won = _compare_contest_keys(key(None, first), key(None, second))  # type: ignore[arg-type]
        return ties if won is ContestOutcome.TIE else won

    rule.contest_key = key  # type: ignore[attr-defined]  # contest_odds: by key
    return rule


def _label_defaults(ruleset_id: str) -> Catalog:
    prefix = "toolkit.label."
    return Catalog(
        {
            lang: {
                f"{ruleset_id}.label.{m[len(prefix) :]}": t
                for m, t in table.items()
                if m.startswith(prefix)
            }
            for lang, table in TOOLKIT_CATALOG.messages.items()
        }
    )


def _presets(difficulties: tuple[Difficulty, ...]) -> str:
    """A ruleset's difficulties in its repr: ``<easy +2, hard -2>``."""
    return "<" + ", ".join(f"{d.id} {d.modifier:+d}" for d in difficulties) + ">"


def _spec_names(specs: tuple[CheckSpec, ...]) -> str:
    """A ruleset's checks in its repr: their names, not every parameter."""
    return "<" + ", ".join(spec.name for spec in specs) + ">"


@attrs.frozen
class RulesetSpec(Ruleset):
    """A ruleset as a value: what [`define_ruleset`][rollwerk.rulesets.define_ruleset] returns.

    It satisfies the [`Ruleset`][rollwerk.rulesets.Ruleset] protocol (and
    [`ContestWithChecks`][rollwerk.rulesets.ContestWithChecks]); change a
    copy with ``attrs.evolve`` (an optional rule may do so). The checks of
    `define_check` are bound to the id: a copy with another id is refused
    (call `define_ruleset` again with ``checks=spec.check_specs``).

    Raises:
        ParameterError: ``id`` is not the id its `define_check` checks are
            bound to.
    """

    __repr__ = value_repr

    id: str
    """A short stable identifier (``"percent"``)."""
    name: str
    """The system's name."""
    check_specs: tuple[CheckSpec, ...] = attrs.field(repr=_spec_names)
    """The checks, the first being the default (the repr shows their names)."""
    levels: SuccessLevels = attrs.field(factory=SuccessLevels)
    """The success levels, worst first (empty: none)."""
    catalog: Catalog = attrs.field(
        factory=lambda: Catalog({}), eq=False, hash=False, repr=False
    )
    """Every message of the ruleset, labels ``<id>.label.<key>`` included."""
    difficulties: tuple[Difficulty, ...] = attrs.field(default=(), repr=_presets)
    """The difficulty presets, easiest first."""
    contest_rule: ContestRule | None = attrs.field(default=None, repr=False)
    """The rule on two outcomes, if given."""
    contest_checks_rule: CheckContestRule | None = attrs.field(default=None, repr=False)
    """The rule that sees both checks, if given."""
    round_seconds: Fraction = Fraction(6)
    """How long a round lasts in game seconds."""
    actions_per_round: int = 1
    """Action slots per combatant and round."""
    stacking_policy: StackingPolicy = attrs.field(factory=StackingPolicy)
    """How same-name effects and modifiers of one kind stack."""
    initiative: rollwerk.encounter.InitiativeRule | None = attrs.field(
        default=None, repr=False
    )
    """The initiative rule, or None for highest initiative first."""
    distribution: str | None = None
    """The distribution whose installed version is the ruleset's version."""
    fixed_version: str | None = None
    """A version given directly (wins over ``distribution``)."""
    dialect: str = "rollwerk"
    """The notation dialect its players write dice in."""

    def __attrs_post_init__(self) -> None:
        # attrs.evolve(spec, id=...) keeps the checks bound to the old id
        for check in self.check_specs:
            bound = getattr(check, "factory", None)
            if isinstance(bound, BoundFactory) and bound.ruleset != self.id:
                raise ParameterError(
                    "id",
                    self.id,
                    f"{bound.ruleset!r}, the id its check {check.name!r} is bound "
                    "to (for a variant with another id, give its checks to "
                    "define_ruleset, which binds them)",
                )

    @property
    def version(self) -> str:
        """``fixed_version``, else the installed version of ``distribution``."""
        if self.fixed_version is not None:
            return self.fixed_version
        if self.distribution is None:
            return "0+unknown"
        return distribution_version(self.distribution)

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """``labels[lang][key]`` from the catalog's ``<id>.label.<key>`` messages.

        Keys are the degrees, the level ids and the contest outcomes; the
        toolkit's words stand in for any the ruleset's catalog leaves out.
        """
        return self.catalog.labels(self.id)

    def checks(self) -> Sequence[CheckSpec]:
        """The declared checks; the first is the default."""
        return self.check_specs

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """The contest rule on two outcomes.

        Without a rule of its own: the better degree, then the higher
        level, then the higher value wins; else a tie.

        Raises:
            ParameterError: A side is not an [`Outcome`][rollwerk.checks.Outcome].
            ContestError: The ruleset's rule needs the checks; use
                [`contest_odds`][rollwerk.rulesets.contest_odds] or
                [`resolve_contest`][rollwerk.rulesets.resolve_contest] with
                ``checks=``.
        """
        if first.__class__ is not Outcome or second.__class__ is not Outcome:
            contest_sides(first, second)  # per pair of contest_odds: inline first
        if self.contest_rule is not None:
            return self.contest_rule(first, second)
        if self.contest_checks_rule is not None:
            keyed = getattr(self.contest_checks_rule, "contest_key", None) is not None
            raise ContestError(
                f"the contest rule of ruleset {self.id!r} needs both checks: "
                "call resolve_contest(..., checks=(first, second)), "
                "contest_result(..., checks=(first, second)) or contest_odds"
                + (
                    " (a key that reads only the outcome is declared as "
                    "define_ruleset(contest_outcome_key=...))"
                    if keyed
                    else ""
                )
            )
        return _keyed_contest(_default_key(self.levels))(first, second)

    def contest_with_checks(
        self, first_check: Check, first: Outcome, second_check: Check, second: Outcome
    ) -> ContestOutcome:
        """The contest rule with both checks (falls back to ``contest``)."""
        if self.contest_checks_rule is not None:
            return self.contest_checks_rule(first_check, first, second_check, second)
        return self.contest(first, second)

    @property
    def contest_ties(self) -> ContestOutcome:
        """Who wins equal keys: ``define_ruleset``'s ``contest_ties``.

        ``ContestOutcome.TIE`` (equal keys tie), ``SECOND`` or ``FIRST``. A
        ruleset whose rule is given as ``contest`` or ``contest_with_checks``
        decides ties itself and says ``TIE`` here.

        >>> from rollwerk.checks import define_check
        >>> coin = define_check("flip", dice=[2], judge=lambda faces: None)
        >>> define_ruleset("c", "C", checks=[coin],
        ...                contest_ties=ContestOutcome.SECOND).contest_ties
        <ContestOutcome.SECOND: 'second'>
        """
        key = self._contest_key()
        ties = getattr(key, "contest_ties", ContestOutcome.TIE)
        return ties if isinstance(ties, ContestOutcome) else ContestOutcome.TIE

    def _contest_key(self) -> Callable[[Check, Outcome], Any] | None:
        """The key per side the contest compares, when it is one (else None).

        The default rule and a ``contest_key`` compare one key per side, so
        [`contest_odds`][rollwerk.rulesets.contest_odds] can map each
        side's outcomes to keys once instead of judging every pair. A rule
        given as ``contest`` or ``contest_with_checks`` (or put in by
        ``attrs.evolve``) is judged pair by pair.
        """
        if self.contest_rule is not None:  # a key where define_ruleset made it
            return getattr(self.contest_rule, "contest_key", None)
        if self.contest_checks_rule is None:
            return _default_key(self.levels)
        key: Callable[[Check, Outcome], Any] | None = getattr(
            self.contest_checks_rule, "contest_key", None
        )
        return key

    def initiative_order(
        self, combatants: Sequence[rollwerk.encounter.Combatant], rng: Rng
    ) -> Sequence[str]:
        """The declared initiative rule, or highest initiative first."""
        if self.initiative is not None:
            return self.initiative(combatants, rng)
        from rollwerk.encounter import by_initiative

        return by_initiative(combatants, rng)


def define_ruleset(
    id: str,
    name: str,
    *,
    checks: Sequence[CheckDefinition | CheckSpec],
    version: str | None = None,
    distribution: str | None = None,
    catalog: Catalog | None = None,
    levels: SuccessLevels | Sequence[Level] = (),
    difficulties: Sequence[Difficulty] = (),
    contest: ContestRule | None = None,
    contest_with_checks: CheckContestRule | None = None,
    contest_key: ContestKey | None = None,
    contest_outcome_key: Callable[[Outcome], Any] | None = None,
    contest_ties: ContestOutcome = ContestOutcome.TIE,
    round_seconds: Fraction | int = 6,
    actions_per_round: int = 1,
    stacking_policy: StackingPolicy | None = None,
    initiative_order: rollwerk.encounter.InitiativeRule | None = None,
    dialect: str = "rollwerk",
) -> RulesetSpec:
    """Declare a ruleset as a value instead of a class of constant properties.

    Args:
        id: A short identifier, a word (``"percent"``).
        name: The system's name.
        checks: [`define_check`][rollwerk.checks.define_check] definitions
            (bound to this ruleset and its catalog) or ready
            [`CheckSpec`][rollwerk.checks.CheckSpec]s (those of
            `define_check` checks, another ruleset's too, bound to this
            ruleset and its catalog); the first is the default.
        version: The version, given directly; or
        distribution: the distribution whose installed version it is
            (read when asked, so importing the plugin stays cheap).
        catalog: The ruleset's messages; labels are
            ``<id>.label.<key>`` for the degrees, level ids and contest
            outcomes (other keys are kept in ``labels`` for the plugin's
            own use: check and parameter names are shown as written, since
            users type them). Degrees and contest
            outcomes have the toolkit's words unless named here; level
            labels given on each [`Level`][rollwerk.checks.Level] come next;
            this catalog wins over both.
        levels: The success levels, worst first.
        difficulties: The difficulty presets, easiest first.
        contest: A rule on two outcomes; or
        contest_with_checks: a rule that also sees both checks; or
        contest_key: a key per side ``key(check, outcome)``: the higher key
            wins, equal keys tie; or
        contest_outcome_key: a key per side that needs only the outcome,
            ``key(outcome)``: as ``contest_key``, but a contest of two
            outcomes or results needs no checks. At most one of the four;
            with none the better degree, then level, then value wins.
        contest_ties: Who wins when the keys (``contest_key``'s,
            ``contest_outcome_key``'s, or the default rule's) are equal: ``ContestOutcome.TIE`` (default), or
            ``SECOND`` ("ties go to the defender") or ``FIRST`` (the
            initiator). Not with ``contest`` or ``contest_with_checks``,
            which decide ties themselves. Ties that go to one side make a
            contest one-sided: the ruleset's checks are then declared not
            symmetric (``contest_symmetric=False`` on each
            [`CheckSpec`][rollwerk.checks.CheckSpec]), whatever their
            definitions said, so the contract kit does not swap the sides.
        round_seconds: How long a round lasts in seconds (default 6): an
            int or Fraction more than 0, as ``Encounter.create`` takes it.
        actions_per_round: Action slots per round (default 1; at most
            2**63 - 1, as encounter JSON holds it).
        stacking_policy: How modifiers stack (default: everything sums).
        initiative_order: The initiative rule (default highest first).
        dialect: The notation dialect its players write dice in (default
            ``"rollwerk"``; ``"german"`` for ``W20``, ``W66``).

    >>> from rollwerk.checks import Degree, Outcome, define_check
    >>> from rollwerk.rng import ScriptedRng
    >>> coin = define_check("flip", dice=[2], judge=lambda faces: Outcome(
    ...     faces[0] == 2, Degree.SUCCESS if faces[0] == 2 else Degree.FAILURE, None))
    >>> rs = define_ruleset("coin", "Coin", version="1.0", checks=[coin])
    >>> rs.id, rs.labels["de"].get("success"), rs.checks()[0].name
    ('coin', 'Erfolg', 'flip')
    >>> build_check(rs).resolve(ScriptedRng([2])).explain()
    'd2 2: success'

    Raises:
        ParameterError: A malformed declaration (the message names it).
    """
    if not is_ruleset_id(id):
        raise ParameterError("id", id, RULESET_ID)
    rid: str = id
    if not isinstance(name, str) or not name:
        raise ParameterError("name", name, "a non-empty string")
    for field, given in (("version", version), ("distribution", distribution)):
        if given is not None and (not isinstance(given, str) or not given):
            raise ParameterError(field, given, "a non-empty string or None")
    contest_rules = (
        ("contest", contest),
        ("contest_with_checks", contest_with_checks),
        ("contest_key", contest_key),
        ("contest_outcome_key", contest_outcome_key),
    )
    rules = [k for k, v in contest_rules if v is not None]
    if len(rules) > 1:
        raise ParameterError(
            "contest rules",
            ", ".join(rules),
            "at most one of contest, contest_with_checks, contest_key and "
            "contest_outcome_key",
        )
    for rule_name, rule in (*contest_rules, ("initiative_order", initiative_order)):
        if rule is not None and not callable(rule):
            raise ParameterError(rule_name, rule, "a function or None")
    if not isinstance(contest_ties, ContestOutcome) or contest_ties not in (
        ContestOutcome.TIE,
        ContestOutcome.FIRST,
        ContestOutcome.SECOND,
    ):
        raise ParameterError(
            "contest_ties",
            contest_ties,
            "ContestOutcome.TIE, ContestOutcome.FIRST or ContestOutcome.SECOND",
        )
    if (
        contest_ties is not ContestOutcome.TIE
        and rules
        and rules[0]
        in (
            "contest",
            "contest_with_checks",
        )
    ):
        raise ParameterError(
            "contest_ties",
            contest_ties,
            f"ContestOutcome.TIE with {rules[0]} (a rule that decides ties itself)",
        )
    if isinstance(levels, SuccessLevels):
        scale = levels
    elif isinstance(levels, Sequence) and not isinstance(levels, (str, bytes)):
        scale = SuccessLevels(*levels)
    else:
        raise ParameterError("levels", levels, "SuccessLevels or a list of Levels")
    if catalog is not None and not isinstance(catalog, Catalog):
        raise ParameterError("catalog", catalog, "a Catalog or None")
    cat = _label_defaults(rid) | scale.catalog(rid) | (catalog or Catalog({}))
    if isinstance(checks, (str, bytes)) or not isinstance(checks, Sequence):
        raise ParameterError("checks", checks, "a list of checks (define_check)")
    if not checks:
        raise ParameterError("checks", checks, "at least one check")
    specs: list[CheckSpec] = []
    for i, item in enumerate(checks):
        if isinstance(item, CheckDefinition):
            specs.append(item.spec(rid, cat))
        elif isinstance(item, CheckSpec):
            bound = item.factory
            specs.append(
                attrs.evolve(item, factory=BoundFactory(bound.definition, rid, cat))
                if isinstance(bound, BoundFactory)  # a toolkit check: bind it here
                else item
            )
        else:
            raise ParameterError(
                f"checks[{i}]", item, "a CheckDefinition or a CheckSpec"
            )
    names = [spec.name for spec in specs]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        # build_check and the CLI find a check by its name
        raise ParameterError("check name", twice, "unique within the ruleset")
    if contest_ties is not ContestOutcome.TIE:
        # ties to one side: swapping the sides never just swaps the winner
        specs = [attrs.evolve(s, contest_symmetric=False) for s in specs]
    seconds = checked_round_seconds(round_seconds)  # as Encounter.create does
    checked_actions_per_round(actions_per_round)  # as Encounter.create does
    checks_rule = contest_with_checks
    ties = contest_ties
    if contest_outcome_key is not None:
        outcome_key = contest_outcome_key

        def by_outcome(check: Check, outcome: Outcome) -> Any:
            return outcome_key(outcome)

        checked = _checked_key(by_outcome, rid, "contest_outcome_key")
        contest = _keyed_contest(checked, ties)
    if contest is None and contest_key is None and ties is not ContestOutcome.TIE:
        contest = _keyed_contest(_default_key(scale), ties)  # its ties decided
    if contest_key is not None:
        key = _tied_key(_checked_key(contest_key, rid, "contest_key"), ties)

        def keyed(
            a_check: Check, a: Outcome, b_check: Check, b: Outcome
        ) -> ContestOutcome:
            won = _compare_contest_keys(key(a_check, a), key(b_check, b))
            return ties if won is ContestOutcome.TIE else won

        keyed.contest_key = key  # type: ignore[attr-defined]  # contest_odds: by key
        checks_rule = keyed
    return RulesetSpec(
        id=rid,
        name=name,
        check_specs=tuple(specs),
        levels=scale,
        catalog=cat,
        difficulties=tuple(difficulties),
        contest_rule=contest,
        contest_checks_rule=checks_rule,
        round_seconds=seconds,
        actions_per_round=actions_per_round,
        stacking_policy=StackingPolicy()
        if stacking_policy is None
        else stacking_policy,
        initiative=initiative_order,
        distribution=distribution,
        fixed_version=version,
        dialect=word("dialect", dialect),
    )
