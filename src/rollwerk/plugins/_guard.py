"""Guards around plugin code that runs after loading: checks, contests, options.

[`Registry.ruleset`][rollwerk.plugins.Registry.ruleset] hands out the
plugin's ruleset inside a transparent guard. Whatever a plugin's
``resolve``, ``outcomes``, check factory, contest rule, initiative rule or optional rule
raises (anything but a [`RollwerkError`][rollwerk.errors.RollwerkError] or
``KeyboardInterrupt``; a [`CheckFault`][rollwerk.errors.CheckFault] too),
and any return value of the wrong type, becomes one
[`PluginFault`][rollwerk.errors.PluginFault] naming the plugin, its
distribution and the call, chained to the original exception.

The guard is invisible otherwise: it compares equal to the ruleset it
wraps, shows its ``repr`` and forwards every other attribute; guarded
checks do the same. A resolve through the guard costs one extra call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import attrs

from rollwerk._repr import value_repr
from rollwerk.checks._levels import Level
from rollwerk.checks._model import (
    Check,
    CheckResult,
    ContestOutcome,
    Degree,
    Outcome,
    Scalar,
)
from rollwerk.checks._parameters import CheckSpec, Parameter
from rollwerk.distribution import Distribution
from rollwerk.errors import (
    CheckFault,
    ParameterError,
    PluginFault,
    RollwerkError,
    shown,
)
from rollwerk.rng import Rng, is_rng, not_an_rng
from rollwerk.rulesets import OptionalRule, Ruleset, contest_sides, levels_of

if TYPE_CHECKING:
    from rollwerk.analysis._fight import Fighter, FightRules

__all__ = ["Origin", "apply_optional_rule", "guard_fight_rules", "guard_ruleset"]

T = TypeVar("T")


@attrs.frozen
class Origin:
    """Which plugin a piece of code came from, for fault messages."""

    __repr__ = value_repr

    plugin: str
    """The plugin's name."""
    distribution: str | None
    """The distribution that ships it, if known."""
    context: str = ""
    """Said after each call's name (the optional rules switched on)."""

    def fault(self, call: str, exc: BaseException) -> NoReturn:
        """Raise the [`PluginFault`][rollwerk.errors.PluginFault] for ``exc``.

        A [`CheckFault`][rollwerk.errors.CheckFault] says itself what the
        check's code did; anything else is quoted as what it raised.
        """
        if isinstance(exc, CheckFault):
            said = f"broke its contract: {exc}"
        else:
            said = f"raised {_exception(exc)}"
        raise PluginFault(
            self.plugin, self.distribution, call + self.context, said
        ) from exc

    def wrong(self, call: str, value: object, expected: str) -> NoReturn:
        """Raise the fault for a return value that is not ``expected``."""
        raise PluginFault(
            self.plugin,
            self.distribution,
            call + self.context,
            f"returned {shown(value)}, not {expected}",
        )


def _exception(exc: BaseException) -> str:
    text = shown(exc, 300)
    return " ".join(text.split())


def _call(
    origin: Origin, call: str, fn: Callable[..., T], *args: Any, **kwargs: Any
) -> T:
    """``fn(*args, **kwargs)``; the plugin's failures become a `PluginFault`.

    A `RollwerkError` passes unchanged, and so does a `TypeError` of the
    call itself (arguments ``fn`` does not take: the caller's mistake).
    """
    try:
        return fn(*args, **kwargs)
    except CheckFault as exc:  # the check's own code broke the toolkit's contract
        origin.fault(call, exc)
    except (RollwerkError, KeyboardInterrupt):
        raise
    except TypeError as exc:
        tb = exc.__traceback__
        if tb is not None and tb.tb_next is None:
            raise  # raised by the call itself, not inside ``fn``
        origin.fault(call, exc)
    except BaseException as exc:  # noqa: BLE001 - plugin code: isolated and reported
        origin.fault(call, exc)


def _raised_by_roll(exc: BaseException, rng: object) -> bool:
    """Whether ``exc`` came out of ``rng.roll``: a frame of its code on the way."""
    roll = getattr(rng, "roll", None)
    code = getattr(getattr(roll, "__func__", roll), "__code__", None)
    if code is None:
        return False
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is code:
            return True
        tb = tb.tb_next
    return False


def _roll_not_callable(exc: BaseException, rng: object) -> bool:
    """Whether ``exc`` says ``rng.roll`` cannot be called with the sides.

    Python refuses the call before any frame of ``roll`` runs
    (``NoArg.roll() takes 1 positional argument but 2 were given``): the
    caller's Rng does not follow the protocol, which is not the plugin's
    fault.
    """
    roll = getattr(rng, "roll", None)
    name = getattr(roll, "__qualname__", None)
    return (
        isinstance(exc, TypeError)
        and isinstance(name, str)
        and str(exc).startswith(f"{name}() ")
    )


class _GuardedCheck:
    """A plugin's check whose ``resolve`` and ``outcomes`` are guarded."""

    __slots__ = (
        "_call",
        "_checked",
        "_inner",
        "_levels",
        "_names",
        "_origin",
        "_resolve",
    )

    def __init__(
        self,
        inner: Check,
        origin: Origin,
        call: str,
        levels: dict[str, tuple[Degree, bool]] | None = None,
    ) -> None:
        self._inner = inner
        self._origin = origin
        self._call = call
        self._resolve = inner.resolve  # bound once: a resolve costs one call more
        # the ruleset's level ids, each to its degree and success, if it has levels
        self._levels = levels
        self._checked: object = None  # the outcomes whose levels were read
        self._names: tuple[str, str] | None = None  # its ruleset and name

    def _unknown_level(self, call: str, level: str | None) -> NoReturn:
        """The fault of a result or outcome with a level its ruleset lacks.

        A contest would refuse it as the caller's mistake: it is the
        plugin's, whose own check gave it.
        """
        assert self._levels is not None
        self._origin.fault(
            call,
            CheckFault(
                f"it gave the level {level!r}, which its ruleset does not have "
                f"(its levels: {', '.join(self._levels)})"
            ),
        )

    def _check_level(
        self, call: str, level: str | None, degree: Degree, success: bool
    ) -> None:
        """Refuse an outcome whose level is not one of its ruleset's, or not as declared.

        A level stands for one degree and success flag (checks.md): a
        ``critical`` failure would be counted once as each.
        """
        assert self._levels is not None
        if not self._levels:
            if level is None:
                return
            # a level the ruleset never declared (define_ruleset without
            # levels=): printed raw, untranslated, as the plugin's own word
            self._origin.fault(
                call,
                CheckFault(
                    f"it gave the level {level!r}, but its ruleset declares no "
                    "levels (a ruleset lists its levels, as define_ruleset(levels=…) "
                    "does)"
                ),
            )
        want = self._levels.get(level) if level is not None else None
        if want is None:
            self._unknown_level(call, level)
        if want[0] is not degree or want[1] is not success:
            self._origin.fault(
                call,
                CheckFault(
                    f"it gave the level {level!r} with the degree {degree.name} "
                    f"and success {success}; the ruleset declares it with "
                    f"{want[0].name} and {want[1]}"
                ),
            )

    @property
    def ruleset(self) -> str:
        """The id of the ruleset that built it."""
        return self._inner.ruleset

    @property
    def name(self) -> str:
        """The check's name within its ruleset."""
        return self._inner.name

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The validated parameters it was built from."""
        return self._inner.parameters

    def resolve(self, rng: Rng) -> CheckResult:
        """The plugin's ``resolve``; its failures become a `PluginFault`."""
        try:
            result = self._resolve(rng)
        except CheckFault as exc:
            self._origin.fault(self._call + ".resolve", exc)
        except (RollwerkError, KeyboardInterrupt):
            raise
        except BaseException as exc:  # plugin code, or the caller's Rng (re-raised)
            if not is_rng(rng):  # the caller's fault
                raise not_an_rng(rng) from None
            if _raised_by_roll(exc, rng):
                raise  # the caller's Rng failed (a dice server down), not the plugin
            if _roll_not_callable(exc, rng):
                raise ParameterError(
                    "rng",
                    rng,
                    "an Rng whose roll(sides) takes the number of sides "
                    "(the Rng protocol)",
                ) from exc
            self._origin.fault(self._call + ".resolve", exc)
        if result.__class__ is not CheckResult and not isinstance(result, CheckResult):
            self._origin.wrong(self._call + ".resolve", result, "a CheckResult")
        names = self._names
        if names is None:  # read once: a check's names do not change
            names = self._names = (self._inner.ruleset, self._inner.name)
        if result.ruleset != names[0] or result.check != names[1]:
            # a result that claims to be another check's (its JSON says so)
            inner = self._inner
            self._origin.fault(
                self._call + ".resolve",
                CheckFault(
                    f"its result names the ruleset {result.ruleset!r} and the "
                    f"check {result.check!r}, not {inner.ruleset!r} and "
                    f"{inner.name!r}"
                ),
            )
        levels = self._levels
        if levels is not None and (levels or result.level is not None):
            want = levels.get(result.level)  # type: ignore[arg-type]
            if (
                want is None
                or want[0] is not result.degree
                or want[1] is not result.success
            ):
                self._check_level(
                    self._call + ".resolve", result.level, result.degree, result.success
                )
        return result

    def outcomes(self) -> Distribution[Outcome]:
        """The plugin's ``outcomes``; its failures become a `PluginFault`."""
        result = _call(self._origin, self._call + ".outcomes", self._inner.outcomes)
        if not isinstance(result, Distribution):
            self._origin.wrong(self._call + ".outcomes", result, "a Distribution")
        levels = self._levels
        if result is not self._checked:
            # a check's outcomes are one object, asked for again and again
            # (odds tables, contests): their outcomes are read once
            for outcome in result.support:
                if not isinstance(outcome, Outcome):
                    self._origin.fault(
                        self._call + ".outcomes",
                        CheckFault(
                            f"its distribution holds {shown(outcome)}, not an Outcome"
                        ),
                    )
                if levels is not None:
                    self._check_level(
                        self._call + ".outcomes",
                        outcome.level,
                        outcome.degree,
                        outcome.success,
                    )
            self._checked = result
        return result

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance(guarded, PluginCheck) holds
        return self._inner.__class__

    def __getattr__(self, name: str) -> Any:
        """The wrapped check's attribute; its methods guarded as ``resolve`` is.

        A toolkit check's ``result_for``, ``outcome_for``, ``enumerate``,
        ``draws_for`` and ``with_parameters`` run the plugin's code too: its
        failures become a `PluginFault`, and a check they return (a check of
        other parameters) is guarded in turn.
        """
        value = getattr(self._inner, name)
        if name.startswith("_") or not callable(value) or isinstance(value, type):
            return value
        return _guarded_method(self, name, value)

    def __eq__(self, other: object) -> bool:
        return bool(_unwrap(other) == self._inner)

    def __hash__(self) -> int:
        return hash(self._inner)

    def __repr__(self) -> str:
        return repr(self._inner)

    def __reduce__(
        self,
    ) -> tuple[
        type[_GuardedCheck],
        tuple[Check, Origin, str, dict[str, tuple[Degree, bool]] | None],
    ]:
        # ``__class__`` names the wrapped check's class: pickle the guard itself
        return (_GuardedCheck, (self._inner, self._origin, self._call, self._levels))


def _guarded_method(
    check: _GuardedCheck, name: str, method: Callable[..., Any]
) -> Callable[..., Any]:
    """``method`` of ``check``'s wrapped check, its failures the plugin's."""
    call = f"{check._call}.{name}"
    origin = check._origin

    def guarded(*args: Any, **kwargs: Any) -> Any:
        result = _call(origin, call, method, *args, **kwargs)
        if (
            not isinstance(result, _GuardedCheck)
            and callable(getattr(result, "resolve", None))
            and callable(getattr(result, "outcomes", None))
            and getattr(result, "ruleset", None) == check.ruleset
        ):
            return _GuardedCheck(result, origin, check._call, check._levels)
        return result

    guarded.__name__ = name
    guarded.__doc__ = method.__doc__
    return guarded


def _unwrap(value: Any) -> Any:
    if isinstance(value, _GuardedCheck):
        return value._inner
    if isinstance(value, _GuardedRuleset):
        return value._inner
    return value


_CHECK_TYPES: set[type] = set()
"""Classes whose instances passed ``isinstance(check, Check)`` (checked once)."""


class _GuardedRuleset:
    """A plugin's ruleset whose checks and contest rule are guarded.

    Not a [`DelegatingRuleset`][rollwerk.rulesets.DelegatingRuleset]: its
    ``base`` would hide the wrapped ruleset's own ``base``. Every member
    it does not guard is forwarded, so it satisfies the
    [`Ruleset`][rollwerk.rulesets.Ruleset] protocol as the plugin's object
    does.
    """

    __slots__ = ("_inner", "_origin", "_specs")

    def __init__(self, inner: Ruleset, origin: Origin) -> None:
        self._inner = inner
        self._origin = origin
        self._specs: list[CheckSpec] | None = None

    def checks(self) -> Sequence[CheckSpec]:
        """The wrapped ruleset's checks, each building guarded checks."""
        if self._specs is None:
            rid = self._inner.id
            specs = _call(self._origin, f"{rid} checks", self._inner.checks)
            self._specs = [self._guard_spec(s) for s in specs]
        return list(self._specs)

    def _guard_spec(self, spec: CheckSpec) -> CheckSpec:
        call = f"{self._inner.id}:{getattr(spec, 'name', '?')}"
        if not isinstance(spec, CheckSpec):
            self._origin.wrong(call, spec, "a CheckSpec")
        factory = spec.factory
        origin = self._origin
        levels: dict[str, tuple[Degree, bool]] | None
        try:
            found: Sequence[Level] = levels_of(self._inner)
        except RollwerkError:  # levels that are not SuccessLevels: its own contract
            levels = None
        else:
            # in the ruleset's order, worst first, for the message that lists
            # them; empty for a ruleset without levels, whose outcomes have none
            levels = {lv.id: (lv.degree, lv.success) for lv in found}

        where = call + " factory"

        def build(**values: Any) -> Check:
            try:
                check = factory(**values)
            except CheckFault as exc:
                origin.fault(where, exc)
            except (RollwerkError, KeyboardInterrupt):
                raise
            except BaseException as exc:  # noqa: BLE001 - plugin code: isolated
                origin.fault(where, exc)
            if type(check) not in _CHECK_TYPES:  # a protocol check costs ~10 µs
                if not isinstance(check, Check):
                    origin.wrong(where, check, "a Check")
                _CHECK_TYPES.add(type(check))
            guarded: Check = _GuardedCheck(check, origin, call, levels)
            return guarded

        # inspect.unwrap(spec.factory) is the plugin's own factory again (an
        # optional rule may ask whether a check is still the one it knows)
        build.__wrapped__ = factory  # type: ignore[attr-defined]
        return attrs.evolve(spec, factory=build)

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """The wrapped ruleset's labels; what reading them raises is its plugin's.

        No input of the caller's is involved: a template that cannot be
        filled (`TemplateError`) is the plugin's fault, not a usage error.
        """
        try:
            return self._inner.labels
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - plugin code: reported
            self._origin.fault(f"{self._inner.id} labels", exc)

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """The wrapped ruleset's contest rule, guarded.

        A side that is not an ``Outcome`` is the caller's mistake
        (``ParameterError``), refused before the plugin's rule runs.
        """
        if first.__class__ is not Outcome or second.__class__ is not Outcome:
            contest_sides(first, second)  # per pair of contest_odds: inline first
        call = f"{self._inner.id} contest"
        result = _call(self._origin, call, lambda: self._inner.contest(first, second))
        if not isinstance(result, ContestOutcome):
            self._origin.wrong(call, result, "a ContestOutcome")
        return result

    def contest_with_checks(
        self, first_check: Check, first: Outcome, second_check: Check, second: Outcome
    ) -> ContestOutcome:
        """The wrapped ruleset's contest rule that sees both checks, guarded."""
        rule = getattr(self._inner, "contest_with_checks", None)
        if rule is None:
            return self.contest(first, second)
        call = f"{self._inner.id} contest"
        result = _call(
            self._origin,
            call,
            lambda: rule(_unwrap(first_check), first, _unwrap(second_check), second),
        )
        if not isinstance(result, ContestOutcome):
            self._origin.wrong(call, result, "a ContestOutcome")
        return result

    def _contest_key(self) -> Callable[[Check, Outcome], Any] | None:
        """The wrapped ruleset's key per contest side, guarded (or None).

        See `RulesetSpec._contest_key`: ``contest_odds`` maps each side's
        outcomes to keys with it instead of judging every pair.
        """
        keyed = getattr(self._inner, "_contest_key", None)
        key = keyed() if callable(keyed) else None
        if key is None:
            return None
        origin = self._origin
        call = f"{self._inner.id} contest"

        def guarded(check: Check, outcome: Outcome) -> Any:
            return _call(origin, call, lambda: key(_unwrap(check), outcome))

        # who wins equal keys (define_ruleset's contest_ties) goes along
        ties = getattr(key, "contest_ties", None)
        if ties is not None:
            guarded.contest_ties = ties  # type: ignore[attr-defined]
        return guarded

    @property
    def initiative_order(self) -> Callable[[Sequence[Any], Rng], Sequence[str]]:
        """The wrapped ruleset's initiative rule, guarded.

        What the rule raises is the plugin's fault, and so is an order that
        does not name each combatant it was given once; what the caller's
        own Rng raises from its ``roll`` passes unchanged, and an ``rng``
        that is no Rng is the caller's `ParameterError`.

        Raises:
            AttributeError: The wrapped ruleset has no initiative rule.
        """
        rule = self._inner.initiative_order
        origin = self._origin
        call = f"{self._inner.id} initiative_order"

        def guarded(combatants: Sequence[Any], rng: Rng) -> Sequence[str]:
            if not is_rng(rng):  # the caller's mistake, not the rule's
                raise not_an_rng(rng)
            theirs: list[BaseException] = []  # what the caller's own Rng raised

            def ranked() -> tuple[object, tuple[Any, ...] | None]:
                try:
                    found = rule(combatants, rng)
                except (RollwerkError, KeyboardInterrupt):
                    raise
                except BaseException as exc:  # re-raised below
                    if not _raised_by_roll(exc, rng):
                        raise
                    theirs.append(exc)  # a dice server down: not the plugin's
                    return None, ()
                if isinstance(found, (str, bytes)) or not isinstance(found, Iterable):
                    return found, None
                return found, tuple(found)

            found, order = _call(origin, call, ranked)
            if theirs:
                raise theirs[0]
            ids = sorted(str(getattr(c, "id", c)) for c in combatants)
            if order is None or sorted(order, key=str) != ids:
                origin.wrong(
                    call,
                    found if order is None else list(order),
                    f"the ids of the combatants given ({', '.join(ids)}), each once",
                )
            return order

        return guarded

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance(guarded, PluginRuleset) holds
        return self._inner.__class__

    def __getattr__(self, name: str) -> Any:
        if name in _GuardedRuleset.__slots__:
            raise AttributeError(name)
        return getattr(self._inner, name)

    def __eq__(self, other: object) -> bool:
        return bool(_unwrap(other) == self._inner)

    def __hash__(self) -> int:
        return hash(self._inner)

    def __repr__(self) -> str:
        return repr(self._inner)

    def __copy__(self) -> _GuardedRuleset:
        return self  # the registry's one object, as a bundled dialect is

    def __deepcopy__(self, memo: dict[int, object]) -> _GuardedRuleset:
        return self

    def __reduce__(self) -> NoReturn:
        rid = self._inner.id
        raise TypeError(
            f"cannot pickle the registry's ruleset {rid!r}: a ruleset is not a "
            "value to send; pass its id and get it from the registry in the "
            f"other process (get_registry().ruleset({rid!r}))"
        )


def guard_ruleset(ruleset: Ruleset, origin: Origin) -> Ruleset:
    """``ruleset`` with its plugin code guarded (see the module docstring)."""
    guarded: Ruleset = _GuardedRuleset(_unwrap(ruleset), origin)
    return guarded


def apply_optional_rule(
    rule: OptionalRule,
    ruleset: Ruleset,
    origin: Origin,
    check: Callable[[object], str | None],
) -> Ruleset:
    """``rule.apply(ruleset)``; a failure or a non-ruleset is the rule's fault.

    Args:
        rule: The optional rule.
        ruleset: The ruleset it is applied to (unguarded).
        origin: The plugin that registered the rule.
        check: Says what is wrong with a returned object, or ``None``.
    """
    call = f"optional rule {rule.id!r}.apply"
    try:
        result = _call(origin, call, lambda: rule.apply(ruleset))
    except PluginFault:
        raise
    except RollwerkError as exc:
        # its own refusal ("enable trait-cap first") or a rollwerk call it
        # made that refused (define_ruleset): say which rule, if it does not
        if repr(rule.id) not in str(exc):
            exc.args = (f"optional rule {rule.id!r} (plugin {origin.plugin!r}): {exc}",)
        raise
    problem = _call(origin, call, lambda: check(result))
    if problem is not None:
        raise PluginFault(origin.plugin, origin.distribution, call, problem)
    if result.id != ruleset.id:
        origin.wrong(call, result, f"a ruleset with the id {ruleset.id!r}")
    return result


class _GuardedFightRules:
    """A plugin's fight rules whose every call is guarded.

    The exact fight analysis ([`fight`][rollwerk.analysis.fight]) calls these
    while it builds its chain; a plugin's exception or wrong return type
    becomes a [`PluginFault`][rollwerk.errors.PluginFault] like a check's.
    """

    __slots__ = ("_inner", "_origin")

    def __init__(self, inner: FightRules, origin: Origin) -> None:
        self._inner = inner
        self._origin = origin

    @property
    def ruleset(self) -> str:
        """The wrapped rules' ruleset id."""
        return self._inner.ruleset

    def parameters(self) -> Sequence[Parameter]:
        """The wrapped rules' parameters, guarded."""
        found = _call(self._origin, "fight rules parameters()", self._inner.parameters)
        if not isinstance(found, (list, tuple)) or not all(
            isinstance(p, Parameter) for p in found
        ):
            self._origin.wrong("fight rules parameters()", found, "a list of Parameter")
        return found

    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        """The wrapped rules' fighter, guarded."""
        found = _call(
            self._origin, "fight rules fighter()", lambda: self._inner.fighter(values)
        )
        from rollwerk.analysis._fight import Fighter

        if not isinstance(found, Fighter):
            self._origin.wrong("fight rules fighter()", found, "a Fighter")
        names = [p.name for p in self.parameters()]
        if sorted(found.parameters) != sorted(names):
            # the fight reads every side parameter from it: a missing one
            # would fail in damage() as the plugin's KeyError, or be blamed
            # on the caller's Fighter
            self._origin.wrong(
                "fight rules fighter()",
                found,
                f"a Fighter with every side parameter ({', '.join(names)}) and "
                "no other, defaults filled in",
            )
        return found

    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        """The wrapped rules' initiative chance, guarded."""
        found = _call(
            self._origin,
            "fight rules initiative()",
            lambda: self._inner.initiative(first, second),
        )
        if not isinstance(found, Fraction) or not 0 <= found <= 1:
            self._origin.wrong(
                "fight rules initiative()", found, "a Fraction from 0 to 1"
            )
        return found

    def attacks(self, actor: Fighter) -> int:
        """The wrapped rules' attacks per turn, guarded."""
        found = _call(
            self._origin, "fight rules attacks()", lambda: self._inner.attacks(actor)
        )
        if isinstance(found, bool) or not isinstance(found, int) or found < 1:
            self._origin.wrong("fight rules attacks()", found, "an integer >= 1")
        return found

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        """The wrapped rules' damage distribution, guarded."""
        found = _call(
            self._origin,
            "fight rules damage()",
            lambda: self._inner.damage(actor, target, attack=attack, faced=faced),
        )
        from rollwerk.analysis._fight import is_damage

        if not is_damage(found):
            self._origin.wrong(
                "fight rules damage()", found, "a Distribution of integers >= 0"
            )
        return found

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance(guarded, PluginFightRules) holds
        return type(self._inner)

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._inner, name)
        if name == "with_ruleset" and callable(found):
            # the rules over a ruleset with options are the plugin's code too
            origin = self._origin
            call = "fight rules with_ruleset()"

            def with_ruleset(ruleset: Any) -> FightRules:
                from rollwerk.analysis._fight import FightRules

                rules = _call(origin, call, lambda: found(ruleset))
                if not isinstance(rules, FightRules):
                    origin.wrong(call, rules, "fight rules (a FightRules)")
                return guard_fight_rules(rules, origin)

            return with_ruleset
        return found

    def __eq__(self, other: object) -> bool:
        return self._inner == _unwrap_fight(other)

    def __hash__(self) -> int:
        return hash(self._inner)

    def __repr__(self) -> str:
        return repr(self._inner)


def _unwrap_fight(value: object) -> object:
    return value._inner if isinstance(value, _GuardedFightRules) else value


def guard_fight_rules(rules: FightRules, origin: Origin) -> FightRules:
    """``rules`` with every call guarded (see the module docstring)."""
    if isinstance(rules, _GuardedFightRules):
        return rules
    return _GuardedFightRules(rules, origin)
