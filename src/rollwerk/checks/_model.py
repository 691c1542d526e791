"""Checks, their results and outcomes, modifiers and contest outcomes."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeAlias, runtime_checkable

import attrs

from rollwerk._jsonutil import (
    INT_LIMIT,
    argument,
    check,
    die_rolls,
    document,
    known,
    member,
    nested,
    obj,
    pick,
    read,
    schema_version,
)
from rollwerk._repr import value_repr
from rollwerk.dice._roll import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import ExplainFailed, ParameterError, SchemaError
from rollwerk.i18n import Catalog, MissingMessage, TemplateError, Text
from rollwerk.rng import Rng

__all__ = [
    "Check",
    "CheckResult",
    "ContestOutcome",
    "Degree",
    "DieRoll",
    "Explanation",
    "Modifier",
    "Outcome",
    "Scalar",
]

Scalar: TypeAlias = int | str | bool | None
"""A JSON scalar: the type of parameters and outcome extras."""

SCHEMA = 2
"""The version of check-result JSON; 2 added ``level`` (version 1 still loads)."""


class Degree(enum.Enum):
    """How well a check went, independent of whether it succeeded.

    Rulesets name degrees in their own words (DS4: Immersieg / Patzer;
    Mythandria: außerordentlicher Erfolg); the core only knows these four.
    A Fluid fumble on a chance above 10 is a ``CRITICAL_FAILURE`` that is not
    a success; a DS4 coup is a ``CRITICAL_SUCCESS``.
    """

    CRITICAL_FAILURE = "critical_failure"
    """The worst class of result (fumble, Patzer)."""
    FAILURE = "failure"
    """An ordinary failure."""
    SUCCESS = "success"
    """An ordinary success."""
    CRITICAL_SUCCESS = "critical_success"
    """The best class of result (coup, Immersieg, critical)."""

    @property
    def rank(self) -> int:
        """0 for critical failure up to 3 for critical success."""
        return _DEGREE_RANK[self._value_]


_DEGREE_RANK = {  # by value: a string's hash is cheaper than an enum member's
    "critical_failure": 0,
    "failure": 1,
    "success": 2,
    "critical_success": 3,
}


class ContestOutcome(enum.Enum):
    """Who wins an opposed check.

    A ruleset's contest rule decides it from both sides' outcomes
    ([`resolve_contest`][rollwerk.rulesets.resolve_contest]; with the
    results kept, [`contest_result`][rollwerk.rulesets.contest_result]);
    [`contest_odds`][rollwerk.rulesets.contest_odds] gives its exact
    distribution. Not every rule gives every member: most never say
    ``REROLL`` or ``BOTH_FAILED``. Its value is what JSON writes.

    >>> ContestOutcome("first") is ContestOutcome.FIRST
    True
    """

    FIRST = "first"
    """The first side (the initiator or attacker) wins."""
    SECOND = "second"
    """The second side wins."""
    TIE = "tie"
    """Neither side wins; the tie stands (a draw)."""
    REROLL = "reroll"
    """The rules ask for both checks to be rolled again."""
    BOTH_FAILED = "both_failed"
    """Both checks failed, a state of its own (AdZ, DS4)."""


_LOADABLE = (1, 2)
_RESULT_KEYS = (
    "schema",
    "ruleset",
    "check",
    "success",
    "degree",
    "level",
    "value",
    "rolled",
    "rolls",
    "explanation",
    "extras",
)
"""The fields of a check result's JSON (``CheckResult.to_json``)."""
_RESULT_KEYS_1 = tuple(k for k in _RESULT_KEYS if k != "level")
"""The fields of schema 1, which had no ``level``."""
_EXPLANATION_JSON = 'an object with the English and German texts, {"en": …, "de": …}'
"""What a check result's ``"explanation"`` holds."""
_OUTCOME_KEYS = frozenset(
    {"success", "degree", "level", "value", "rolled", "probability"}
)


def _success(value: bool) -> bool:
    """An outcome's success: ``True`` or ``False`` only (not 1, not "yes")."""
    if value.__class__ is bool:
        return value
    raise ParameterError("success", value, "True or False")


def _rolled(value: bool) -> bool:
    """Whether dice were rolled: ``True`` or ``False`` only."""
    if value.__class__ is bool:
        return value
    raise ParameterError("rolled", value, "True or False")


def _degree(value: Degree) -> Degree:
    """An outcome's degree: a `Degree` member (its JSON would fail otherwise)."""
    if value.__class__ is Degree:
        return value
    raise ParameterError(
        "degree",
        value,
        "a Degree (CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS)",
    )


def _rolls(value: tuple[DieRoll, ...] | list[DieRoll]) -> tuple[DieRoll, ...]:
    """A result's rolls as a tuple of `DieRoll`s (a list is copied)."""
    rolls = value if value.__class__ is tuple else None
    if rolls is None and isinstance(value, (list, tuple)):
        rolls = tuple(value)
    if rolls is not None:
        for roll in rolls:
            if roll.__class__ is not DieRoll and not isinstance(roll, DieRoll):
                break
        else:
            return rolls
    raise ParameterError("rolls", value, "a tuple of DieRolls")


_LEVEL_WORDS: set[str] = set()
"""Level ids already found to be words (bounded: see `_level`)."""


def _is_level(value: object) -> bool:
    """Whether ``value`` is a level id: a non-empty word, as `Level` has it."""
    if value.__class__ is str and value in _LEVEL_WORDS:
        return True
    if (
        isinstance(value, str)
        and value.isprintable()  # no control character, no other space
        and value
        and not any(c in value for c in " .:")
    ):  # what `rollwerk.checks._levels.is_word` says, without importing it
        if len(_LEVEL_WORDS) < 1024:
            _LEVEL_WORDS.add(value)
        return True
    return False


_LEVEL_ID = "a level id (a word without spaces, dots or colons)"


def _level(value: str | None) -> str | None:
    """An outcome's level: ``None`` or a level id, a word as `Level` has it.

    A level its JSON would not load back (``5``, ``"a b"``) is refused
    here, not when the result is read back.
    """
    if value is None or _is_level(value):
        return value
    raise ParameterError("level", value, f"{_LEVEL_ID} or None")


def _json_level(data: Mapping[str, Any]) -> str | None:
    """The ``"level"`` of an outcome's or result's JSON (left out: ``null``).

    Raises:
        SchemaError: Not a string or ``null`` (``5``), or a string that is
            not a level id (``""``, ``"a b"``).
    """
    value = read(data, "level", "str|null", None)
    if value is None or _is_level(value):
        return value  # type: ignore[no-any-return]
    raise SchemaError.field("level", f"{_LEVEL_ID} or null", value)


def _ruleset_name(value: str) -> str:
    """A result's ruleset id: a string, as its JSON holds it."""
    if value.__class__ is str or isinstance(value, str):
        return value
    raise ParameterError("ruleset", value, "a ruleset id (a string)")


def _check_name(value: str) -> str:
    """A result's check name: a string, as its JSON holds it."""
    if value.__class__ is str or isinstance(value, str):
        return value
    raise ParameterError("check", value, "a check name (a string)")


def _value(value: int | None) -> int | None:
    """An outcome's value: an integer JSON holds (-2**63 to 2**63 - 1) or None.

    A float (``skill / 5``) is refused here, not when the result's JSON is
    read back.
    """
    if value is None or (value.__class__ is int and -INT_LIMIT <= value < INT_LIMIT):
        return value
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -INT_LIMIT <= value < INT_LIMIT
    ):
        return int(value)  # an int subclass (IntEnum): its plain value
    raise ParameterError("value", value, "an integer from -2**63 to 2**63 - 1, or None")


def _extra_name(name: object) -> str:
    """An extra's name: a string, a str subclass (a str enum) by its characters.

    Raises:
        ParameterError: Not a string (1 and "1" would be one name: names are
            never converted).
    """
    if not isinstance(name, str):
        raise ParameterError("extras name", name, "a string")
    return str.__str__(name)


def _extras(
    value: Mapping[str, Scalar] | tuple[tuple[str, Scalar], ...],
) -> tuple[tuple[str, Scalar], ...]:
    if not value and isinstance(value, (Mapping, tuple, list)):
        return ()
    if value.__class__ is tuple:
        # already the canonical form (str keys in strictly increasing order,
        # as every Outcome's extras are): kept as it is, not sorted again
        last = None
        for item in value:
            if (
                item.__class__ is not tuple
                or len(item) != 2
                or item[0].__class__ is not str
                or (last is not None and item[0] <= last)
                or item[0] in _OUTCOME_KEYS
                or item[1].__class__ not in _SCALARS
                or (item[1].__class__ is int and not -INT_LIMIT <= item[1] < INT_LIMIT)
            ):
                break
            last = item[0]
        else:
            return value
    items = value.items() if isinstance(value, Mapping) else value
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ParameterError("extras", value, _PAIRS)
    try:
        pairs = [(_extra_name(k), v) for k, v in items]
    except ParameterError:
        raise
    except (TypeError, ValueError):  # not pairs
        raise ParameterError("extras", value, _PAIRS) from None
    try:
        extras = tuple(sorted(pairs))
    except TypeError:  # one name twice, with values that do not sort
        raise ParameterError("extras", value, _PAIRS) from None
    clash = [name for name, _ in extras if name in _OUTCOME_KEYS]
    if clash:
        # an outcome's JSON has its extras inline: "value" would overwrite
        # the value, "probability" a distribution's probability
        raise ParameterError("extras", clash[0] if len(clash) == 1 else clash, _NAMES)
    for name, scalar in extras:
        # hashed with the outcome and written to JSON as it is: a list is
        # not hashable, a float not exact, a long int not a JSON int
        if not (
            scalar is None
            or isinstance(scalar, (bool, str))
            or (isinstance(scalar, int) and -INT_LIMIT <= scalar < INT_LIMIT)
        ):
            raise ParameterError(
                f"extras[{name!r}]",
                scalar,
                "a string, an integer from -2**63 to 2**63 - 1, True, False or None",
            )
    return extras


def _extras_order(extras: tuple[tuple[str, Scalar], ...]) -> tuple[Any, ...]:
    """What outcomes are ordered by among their extras: by name, then value.

    Integers by number (``-1`` before ``0``), strings by text; ``None``,
    booleans, integers and strings apart, in that order, as they do not
    compare with each other.
    """
    return tuple(
        (name, 0, 0)
        if value is None
        else (name, 1, int(value))
        if isinstance(value, bool)
        else (name, 2, int(value))
        if isinstance(value, int)
        else (name, 3, str(value))
        for name, value in extras
    )


_SCALARS = frozenset({str, int, bool, type(None)})
_PAIRS = "a mapping of extras' names to values, or a tuple of (name, value) pairs"


def _extras_key(extras: tuple[tuple[str, Scalar], ...]) -> object:
    """What outcomes compare and hash their extras by: ``True`` is not ``1``.

    Python holds ``True == 1``, but JSON writes ``true`` and ``1``: an
    outcome with the extra ``hurt=True`` is another outcome than one with
    ``hurt=1``, so a closed form and a judge that disagree on the type
    disagree on the outcome.
    """
    for _, v in extras:
        if v.__class__ is bool:
            return tuple((k, v, v.__class__ is bool) for k, v in extras)
    return extras


_NAMES = (
    "named other than "
    + ", ".join(repr(k) for k in sorted(_OUTCOME_KEYS))
    + " (an outcome's own fields)"
)


Explanation = Text
"""A short human sentence about a result: a [`Text`][rollwerk.i18n.Text].

It keeps a message id and its fields and renders in any language its
catalogs know; ``Explanation.fixed(en=..., de=...)`` gives a text whose words
are given in full (what a result loaded from JSON holds).
"""


@attrs.frozen(order=False, cache_hash=True)
class Outcome:
    """The summary of a result that exact distributions are taken over.

    Two results with the same outcome are the same for the rules: the same
    success, degree and value, and the same extras (ruleset-specific facts
    such as a Fluid fumble's side effect). ``rolled`` is ``False`` for checks
    that are decided without a roll (Fluid chance ≤ 0, an impossible AdZ
    threshold). ``level`` is the ruleset's success level (see
    [`SuccessLevels`][rollwerk.checks.SuccessLevels]), ``None`` for rulesets
    without levels.
    """

    __repr__ = value_repr

    success: bool = attrs.field(converter=_success)
    """Whether the check succeeded."""
    degree: Degree = attrs.field(converter=_degree)
    """The class of the result, ranked before the value in comparisons."""
    value: int | None = attrs.field(converter=_value)
    """The ruleset's magnitude (DS4 result, Fluid quality, AdZ successes…).

    An integer from -2**63 to 2**63 - 1 (what JSON holds) or ``None``; a
    float or string is refused with a
    [`ParameterError`][rollwerk.errors.ParameterError]."""
    rolled: bool = attrs.field(default=True, converter=_rolled)
    """Whether any die was rolled."""
    extras: tuple[tuple[str, Scalar], ...] = attrs.field(
        default=(), converter=_extras, eq=_extras_key
    )
    """Further ruleset-specific facts as sorted ``(name, value)`` pairs.

    Given as a mapping or as pairs, kept as a tuple of pairs: read one with
    [`extra(name)`][rollwerk.checks.Outcome.extra]. Compared with their
    types: an extra ``True`` is not an extra ``1``, as their JSON
    (``true``, ``1``) is not."""
    level: str | None = attrs.field(default=None, converter=_level)
    """The ruleset's success level id (``"hard"``), or ``None`` without levels."""

    _sort_key: tuple[Any, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    """The order key, made on the first comparison (sorting compares often)."""

    def _key(self) -> tuple[Any, ...]:
        key = self._sort_key
        if key is None:
            # no value ranks below every value (the least is -2**63)
            value = -(2**63) - 1 if self.value is None else self.value
            key = (
                _DEGREE_RANK[self.degree._value_],
                value,
                self.success,
                self.rolled,
                _extras_order(self.extras),
                self.level or "",
            )
            object.__setattr__(self, "_sort_key", key)
        return key

    def __lt__(self, other: Outcome) -> bool:
        if other.__class__ is not Outcome and not isinstance(other, Outcome):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: Outcome) -> bool:
        if other.__class__ is not Outcome and not isinstance(other, Outcome):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: Outcome) -> bool:
        if other.__class__ is not Outcome and not isinstance(other, Outcome):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: Outcome) -> bool:
        if other.__class__ is not Outcome and not isinstance(other, Outcome):
            return NotImplemented
        return self._key() >= other._key()

    def extra(self, name: str, default: Scalar = None) -> Scalar:
        """The value of one extra, or ``default``.

        Raises:
            ParameterError: ``name`` is not a string.
        """
        if not isinstance(name, str):
            raise ParameterError("name", name, "an extra's name (a string)")
        return dict(self.extras).get(name, default)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: success, degree, value, rolled and the extras inline.

        An outcome with a success level also has ``"level"`` (its id); one
        without has no such key, as before levels existed.
        """
        data: dict[str, Any] = {
            "success": self.success,
            "degree": self.degree.value,
            "value": self.value,
            "rolled": self.rolled,
        }
        if self.level is not None:
            data["level"] = self.level
        data.update(self.extras)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """Load what [`to_json`][rollwerk.checks.Outcome.to_json] wrote.

        Raises:
            SchemaError: The document is malformed (the message names the
                field and what was expected).
        """
        with document("outcome"):
            data = obj(data)
            rest = {
                k: check(v, "scalar", member(k))
                for k, v in data.items()
                if k not in _OUTCOME_KEYS
            }
            return cls(
                success=read(data, "success", "bool"),
                degree=pick(data, "degree", Degree),
                value=read(data, "value", "int|null"),
                rolled=read(data, "rolled", "bool", True),
                extras=rest,
                level=_json_level(data),
            )


@attrs.frozen
class CheckResult:
    """The outcome of resolving one check: what happened and why.

    >>> r = CheckResult(
    ...     success=True, degree=Degree.SUCCESS, value=12,
    ...     rolls=(DieRoll(20, 12, "check"),),
    ...     explanation=Explanation.fixed(en="12 ≤ 14: success", de="12 ≤ 14: Erfolg"),
    ... )
    >>> r.explain("de")
    '12 ≤ 14: Erfolg'
    >>> CheckResult.from_json(r.to_json()) == r
    True
    """

    __repr__ = value_repr

    success: bool = attrs.field(converter=_success)
    """Whether the check succeeded."""
    degree: Degree = attrs.field(converter=_degree)
    """Critical success, success, failure or critical failure."""
    value: int | None = attrs.field(converter=_value)
    """The ruleset's magnitude: DS4 result, Fluid quality, AdZ successes…
    (an integer from -2**63 to 2**63 - 1, or ``None``)."""
    rolls: tuple[DieRoll, ...] = attrs.field(converter=_rolls)
    """Every die drawn, in the order drawn (replayable with a ScriptedRng)."""
    explanation: Text
    """What happened, rendered from catalogs in any language they know."""
    rolled: bool = attrs.field(default=True, converter=_rolled)
    """Whether any die was rolled (False for checks decided without a roll)."""
    extras: tuple[tuple[str, Scalar], ...] = attrs.field(default=(), converter=_extras)
    """Ruleset-specific facts, as in [`Outcome`][rollwerk.checks.Outcome]."""
    ruleset: str = attrs.field(default="", converter=_ruleset_name)
    """The id of the ruleset that resolved the check."""
    check: str = attrs.field(default="", converter=_check_name)
    """The name of the check within its ruleset."""
    level: str | None = attrs.field(default=None, converter=_level)
    """The ruleset's success level id, as in [`Outcome`][rollwerk.checks.Outcome]."""

    def outcome(self) -> Outcome:
        """The summary of this result that distributions are taken over."""
        return Outcome(
            self.success,
            self.degree,
            self.value,
            self.rolled,
            self.extras,
            level=self.level,
        )

    def explain(
        self, lang: str = "en", catalogs: Catalog | Iterable[Catalog] | None = None
    ) -> str:
        """A short sentence saying what happened, in ``lang``.

        Args:
            lang: ``"en"``, ``"de"`` or a language ``catalogs`` (or the
                ruleset's own catalog) add; a missing translation falls back
                to English.
            catalogs: A further catalog searched first, for example
                [`Registry.catalogs()`][rollwerk.plugins.Registry.catalogs],
                or an iterable of them, searched in order.

        Raises:
            ParameterError: No catalog knows ``lang``, or ``catalogs`` is
                not a catalog, an iterable of catalogs or ``None``.
            RulesError: The explanation names a message that no catalog has,
                a template names a field the explanation does not give, or
                the check's ``explain`` function fails: a mistake of the
                check's author, naming the ruleset and check.
        """
        return self._words(lang, catalogs)

    def _words(
        self, lang: str, catalogs: Catalog | Iterable[Catalog] | None = None
    ) -> str:
        """The explanation in ``lang``; a message no catalog has is the check's fault.

        Raises:
            ExplainFailed: The explanation names a message that no catalog
                has, or a template it cannot fill (chained to the
                `MissingMessage` or `TemplateError`).
        """
        try:
            return self.explanation(lang, catalogs)
        except (MissingMessage, TemplateError) as exc:
            raise ExplainFailed(
                f"the explanation of {self.ruleset}:{self.check} failed: {exc}"
            ) from exc

    def _repr_html_(self) -> str:
        """A short HTML rendering for notebooks: degree, value, explanation, rolls."""
        from html import escape

        head = (self.level or self.degree.value).replace("_", " ")
        if self.value is not None:
            head += f", value {self.value}"
        rolls = ", ".join(
            f"{r.face} (d{r.sides}{' ' + r.role if r.role else ''})" for r in self.rolls
        )
        verdict = "success" if self.success else "failure"
        return (
            f'<div class="rollwerk-result rollwerk-{verdict}">'
            f"<strong>{escape(head)}</strong> · {escape(self.explain())}"
            f"<br><small>rolls: {escape(rolls or 'none')}</small></div>"
        )

    def extra(self, name: str, default: Scalar = None) -> Scalar:
        """The value of one extra, or ``default``.

        Raises:
            ParameterError: ``name`` is not a string.
        """
        if not isinstance(name, str):
            raise ParameterError("name", name, "an extra's name (a string)")
        return dict(self.extras).get(name, default)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with ``"schema": 2``; loads back with `from_json`.

        Schema 2 added ``"level"`` (the success level id or ``null``).
        """
        data: dict[str, Any] = {
            "schema": SCHEMA,
            "ruleset": self.ruleset,
            "check": self.check,
            "success": self.success,
            "degree": self.degree.value,
            "level": self.level,
            "value": self.value,
            "rolled": self.rolled,
            "rolls": [r.to_json() for r in self.rolls],
            "explanation": {
                "en": self._words("en"),
                "de": self._words("de"),
            },
            "extras": dict(self.extras),
        }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CheckResult:
        """Load what [`to_json`][rollwerk.checks.CheckResult.to_json] wrote.

        Raises:
            SchemaError: Wrong schema version, or a malformed document (the
                message names the field and what was expected).
        """
        with document("check result"):
            data = obj(data)
            schema = schema_version(data, *_LOADABLE)
            # schema 1 had no levels: a "level" there is not a field
            known(data, _RESULT_KEYS if schema > 1 else _RESULT_KEYS_1)
            # imported here: the check path loads no module of the dice engine
            from rollwerk.dice._limits import DICE_LIMITS

            rolls = [DieRoll(*f) for f in die_rolls(data, DICE_LIMITS.max_draws)]
            words = read(data, "explanation", "object", expected=_EXPLANATION_JSON)
            with nested("explanation"):
                known(words, ("en", "de"))
                en, de = read(words, "en", "str"), read(words, "de", "str")
            extras = read(data, "extras", "object", {})
            with nested("extras"):
                extras = {k: check(v, "scalar", member(k)) for k, v in extras.items()}
                for name in extras:
                    if name in _OUTCOME_KEYS:
                        raise SchemaError.field(member(name), _NAMES, name)
            return cls(
                success=read(data, "success", "bool"),
                degree=pick(data, "degree", Degree),
                value=read(data, "value", "int|null"),
                rolls=tuple(rolls),
                explanation=Text.fixed(en=en, de=de),
                rolled=read(data, "rolled", "bool", True),
                extras=extras,
                ruleset=read(data, "ruleset", "str", ""),
                check=read(data, "check", "str", ""),
                # schema 1 had no levels
                level=_json_level(data) if schema > 1 else None,
            )


@attrs.frozen
class Modifier:
    """A signed amount from a source, applying to something of a ruleset's choice.

    ``kind`` is the ruleset's vocabulary (``"check"``, ``"dice"``,
    ``"minimum"``, ``"damage"``, ``"initiative"``, ``"circumstance"``…); how
    modifiers of the same kind stack is a ruleset policy.
    """

    __repr__ = value_repr

    amount: int
    """The signed amount (a bonus is positive, a penalty negative)."""
    source: str
    """Where it comes from (a spell, an injury, a preset), for explanations."""
    kind: str = "check"
    """What it applies to, in the ruleset's vocabulary."""

    def __attrs_post_init__(self) -> None:
        # what modifier JSON holds, so that an encounter's state loads back
        argument("amount", self.amount, "int")
        argument("source", self.source, "str")
        argument("kind", self.kind, "str")


@runtime_checkable
class Check(Protocol):
    """A fully specified test of an ability, built by a ruleset.

    A check is a frozen value: it can be resolved any number of times with
    different Rngs and gives its exact outcome distribution.
    """

    @property
    def ruleset(self) -> str:
        """The id of the ruleset that built it."""
        ...

    @property
    def name(self) -> str:
        """The name of the check within its ruleset (e.g. ``"check"``)."""
        ...

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The validated parameters it was built from."""
        ...

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the check with ``rng`` and say what happened."""
        ...

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution of outcomes."""
        ...
