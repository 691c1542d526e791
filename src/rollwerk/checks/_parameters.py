"""Declared check parameters, check specs and difficulty presets."""

from __future__ import annotations

import builtins
import enum
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar, cast

import attrs

from rollwerk._repr import value_repr
from rollwerk.checks._model import Check, Scalar
from rollwerk.errors import ParameterError
from rollwerk.i18n import CORE, Text

_INTEGER = re.compile(r"[+-]?[0-9]+", re.ASCII)
_MAX_DIGITS = 30
"""Longer integer texts (leading zeros aside) are refused before they are read."""
_BOOL_WORDS = "true or false (or yes/no, on/off, 1/0, ja/nein, wahr/falsch, an/aus)"
"""What `Parameter.parse` reads for a ``bool`` parameter, for its message."""


class Monotonic(enum.Enum):
    """How a parameter moves the chance of success, where a ruleset declares it."""

    INCREASING = "increasing"
    """A higher value never lowers the chance of success."""
    DECREASING = "decreasing"
    """A higher value never raises the chance of success."""


class _Required:
    """The default of a parameter that has none: a value must be given.

    One object, shown as ``REQUIRED`` in a parameter's ``repr``, kept as
    itself by copies and pickles (parameters compare defaults with ``is``).
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "REQUIRED"

    def __reduce__(self) -> str:
        return "_NO_DEFAULT"


_NO_DEFAULT = _Required()

E = TypeVar("E", bound=enum.Enum)


def enum_parameter(enum_type: type[E], parameter: str, value: object) -> E:
    """Read ``value`` as a member of ``enum_type``: a member or a member's value.

    For rulesets whose parameters are closed vocabularies (a luck policy, a
    reward, a technique) given as strings on the command line or as members
    in Python.

    >>> import enum
    >>> class Policy(enum.Enum):
    ...     NEVER = "never"
    ...     ALWAYS = "always"
    >>> enum_parameter(Policy, "policy", "always")
    <Policy.ALWAYS: 'always'>
    >>> enum_parameter(Policy, "policy", "sometimes")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: policy must be one of 'never', 'always', got 'sometimes'

    Raises:
        ParameterError: ``value`` is neither, naming the allowed values (or
            ``enum_type`` is not an enum class).
    """
    if not (isinstance(enum_type, type) and issubclass(enum_type, enum.Enum)):
        raise ParameterError("enum_type", enum_type, "an enum class")
    try:
        return enum_type(value)
    except ValueError:
        allowed = "one of " + ", ".join(repr(m.value) for m in enum_type)
        raise ParameterError(parameter, value, allowed) from None


def _aliases(value: object) -> tuple[tuple[str, Scalar], ...]:
    """A parameter's aliases as ``(word, choice)`` pairs (a mapping is accepted).

    Raises:
        ParameterError: Neither a mapping nor such pairs, or a word that is
            not a non-empty string without surrounding white space.
    """
    pairs: object = value
    if isinstance(value, Mapping):
        pairs = tuple(value.items())
    if not (
        isinstance(pairs, tuple)
        and all(isinstance(pair, tuple) and len(pair) == 2 for pair in pairs)
    ):
        raise ParameterError(
            "aliases", value, "a mapping of words to choices ({'W100': 'd100'})"
        )
    for word, _ in pairs:
        if not isinstance(word, str) or not word or word != word.strip():
            raise ParameterError(
                "aliases", word, "a non-empty word without surrounding white space"
            )
    return cast("tuple[tuple[str, Scalar], ...]", pairs)


def _choices(
    value: Iterable[str] | Iterable[int] | None,
) -> tuple[str, ...] | tuple[int, ...] | None:
    """A parameter's choices as a tuple (a list or generator is accepted).

    Raises:
        ParameterError: A string (its letters would be the choices) or
            something that is not iterable.
    """
    if value is None or value.__class__ is tuple:
        return cast("tuple[str, ...] | tuple[int, ...] | None", value)
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ParameterError(
            "choices", value, "a list of the allowed values (not a string), or None"
        )
    return cast("tuple[str, ...] | tuple[int, ...]", tuple(value))


def _folded(word: str) -> str:
    """``word`` as choices and aliases compare: composed (NFC), in any case."""
    return unicodedata.normalize("NFC", word).casefold()


@attrs.frozen
class Parameter:
    """A declared parameter of a check: enough for generic code to build it.

    ``Parameter(name, type, help="", default=..., min_value=None,
    max_value=None, choices=None, monotonic=None, aliases=())``, each
    described below.

    >>> pw = Parameter("pw", int, help="check value", min_value=-20, max_value=100)
    >>> pw.parse("44")
    44
    >>> pw.validate(500)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: pw must be an integer from -20 to 100, got 500
    >>> die = Parameter("die", int, default=6, choices=(4, 6, 8, 10, 12))
    >>> die.parse("8")
    8
    >>> die.validate(7)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: die must be one of 4, 6, 8, 10, 12, got 7
    """

    __repr__ = value_repr

    name: str
    """The keyword name (``pw``, ``dice``, ``minimum``…)."""
    # ``builtins.type``: in the class body ``type`` is this field's slot, which
    # ``typing.get_type_hints`` and ``attrs.resolve_types`` would find first.
    type: builtins.type[int] | builtins.type[bool] | builtins.type[str]
    """``int``, ``bool`` or ``str``."""
    help: str = ""
    """One line of help for the CLI and the docs."""
    default: Scalar | object = _NO_DEFAULT
    """The default value; parameters without one are required."""
    min_value: int | None = None
    """The smallest allowed integer (inclusive), if bounded."""
    max_value: int | None = None
    """The largest allowed integer (inclusive), if bounded."""
    choices: tuple[str, ...] | tuple[int, ...] | None = attrs.field(
        default=None, converter=_choices
    )
    """The allowed values: strings for a ``str`` parameter, or integers for an
    ``int`` one whose values are not a range (a die size: ``(4, 6, 8, 10, 12)``)."""
    monotonic: Monotonic | None = None
    """How this parameter moves the chance of success, if declared."""
    aliases: tuple[tuple[str, Scalar], ...] = attrs.field(
        default=(), converter=_aliases
    )
    """Other words `parse` reads as a choice, as ``(word, choice)`` pairs
    (given as a mapping: ``{"W100": "d100"}``), matched in any case, as a
    ``str`` parameter's choices are; values in Python (`validate`) are
    the choices themselves."""
    _alias_of: Mapping[str, Scalar] = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )

    @_alias_of.default
    def _alias_index(self) -> Mapping[str, Scalar]:
        index: dict[str, Scalar] = {_folded(w): c for w, c in self.aliases}
        if self.type is str and self.choices:
            # a str parameter's choices are read in any case (``D100``,
            # ``Risiko``), but for two alike but for case
            choices: tuple[Scalar, ...] = self.choices
            folded = [_folded(str(c)) for c in choices]
            for choice, fold in zip(choices, folded, strict=True):
                if folded.count(fold) == 1:
                    index.setdefault(fold, choice)
        return index

    def __attrs_post_init__(self) -> None:
        """Refuse a declaration of the wrong types (found when checks are built).

        Raises:
            ParameterError: ``name`` is not an identifier string,
                ``help`` not a string, ``type``
                not ``int``, ``bool`` or ``str``, ``min_value`` or
                ``max_value`` not an integer or ``None``, or ``monotonic``
                not a `Monotonic` or ``None``.
        """
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise ParameterError(
                "name",
                self.name,
                "a parameter's name: a Python identifier (pw, rest_die), as "
                "key=value words and keyword arguments need",
            )
        python = unicodedata.normalize("NFKC", self.name)
        if python != self.name:  # a judge's argument could never have it
            raise ParameterError(
                "name",
                self.name,
                "a parameter's name as Python reads an identifier (NFKC: "
                f"{python!r}), as key=value words and keyword arguments need",
            )
        if self.type not in (int, bool, str):
            raise ParameterError("type", self.type, "int, bool or str")
        if not isinstance(self.help, str):
            raise ParameterError("help", self.help, "a string")
        for key in ("min_value", "max_value"):
            bound = getattr(self, key)
            if bound is not None and bound.__class__ is not int:
                raise ParameterError(key, bound, "an integer or None")
        if self.monotonic is not None and not isinstance(self.monotonic, Monotonic):
            raise ParameterError(
                "monotonic", self.monotonic, "a Monotonic (Monotonic.INCREASING, …)"
            )
        lo, hi = self.min_value, self.max_value
        if self.type is not int and (lo is not None or hi is not None):
            bound = "min_value" if lo is not None else "max_value"
            raise ParameterError(
                bound,
                getattr(self, bound),
                f"None for a {self.type.__name__} parameter",
            )
        if lo is not None and hi is not None and lo > hi:
            raise ParameterError("max_value", hi, f"at least min_value={lo}")
        if not self.required:
            try:
                self.validate(self.default)
            except ParameterError as exc:
                raise ParameterError(
                    f"default of {self.name}", self.default, exc.allowed
                ) from None

    @aliases.validator
    def _check_aliases(
        self, _: object, aliases: tuple[tuple[str, Scalar], ...]
    ) -> None:
        if not aliases:
            return
        if self.choices is None:
            raise ParameterError(
                "aliases", dict(aliases), "empty for a parameter without choices"
            )
        seen: set[str] = {str(c).casefold() for c in self.choices}
        for word, choice in aliases:
            if choice not in self.choices or choice.__class__ is not self.type:
                raise ParameterError(f"aliases[{word!r}]", choice, self.allowed())
            if self.type is int and _INTEGER.fullmatch(word):
                raise ParameterError(
                    "aliases", word, "a word that is not an integer (parse reads those)"
                )
            if word.casefold() in seen:
                raise ParameterError(
                    "aliases",
                    word,
                    "a word that is no choice and no other alias, in any case",
                )
            seen.add(word.casefold())

    @choices.validator
    def _check_choices(self, _: object, choices: tuple[Scalar, ...] | None) -> None:
        if choices is None:
            return
        if self.type is bool:
            raise ParameterError("choices", choices, "None for a bool parameter")
        if self.type is int:
            kind = "integers"
            fits = all(c.__class__ is int for c in choices)
        else:
            kind = "strings"
            fits = all(isinstance(c, str) for c in choices)
        if not choices or not fits or len(set(choices)) != len(choices):
            raise ParameterError(
                "choices", choices, f"distinct {kind} (at least one), or None"
            )
        lo, hi = self.min_value, self.max_value
        ints = cast("tuple[int, ...]", choices) if self.type is int else ()
        if any(
            (lo is not None and c < lo) or (hi is not None and c > hi) for c in ints
        ):
            raise ParameterError(
                "choices", choices, f"within min_value={lo} and max_value={hi}"
            )

    @property
    def required(self) -> bool:
        """Whether the parameter has no default."""
        return self.default is _NO_DEFAULT

    def allowed(self) -> str:
        """A human description of the allowed values.

        More than 12 choices are shown as the first ten, the last and how
        many there are ([`choices`][rollwerk.checks.Parameter.choices] holds
        them all), so that an error message stays one readable line:

        >>> Parameter("n", int, choices=tuple(range(2, 200, 2))).allowed()
        'one of 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, …, 198 (99 choices)'
        """
        return self.allowed_text().render("en")

    def allowed_text(self) -> Text:
        """[`allowed`][rollwerk.checks.Parameter.allowed] as a text to render in any language.

        Its words are the core catalog's ``param.*`` messages (a plugin's
        catalog may add a language); ``rollwerk rulesets ID --lang de``
        shows them.

        >>> Parameter("pw", int, min_value=-20, max_value=100).allowed_text().render("de")
        'eine ganze Zahl von -20 bis 100'
        """
        if self.type is bool:
            return CORE.text("param.bool")
        if self.type is str:
            if self.choices:
                return _one_of(self.choices, repr)
            return CORE.text("param.str")
        if self.choices is not None:
            return _one_of(self.choices, str)
        lo, hi = self.min_value, self.max_value
        if lo is not None and hi is not None:
            return CORE.text("param.int.range", min=str(lo), max=str(hi))
        if lo is not None:
            return CORE.text("param.int.min", min=str(lo))
        if hi is not None:
            return CORE.text("param.int.max", max=str(hi))
        return CORE.text("param.int")

    def validate(self, value: object) -> Scalar:
        """Return ``value`` if allowed, else raise `ParameterError`."""
        if self.type is bool:
            if not isinstance(value, bool):
                raise ParameterError(self.name, value, self.allowed())
            return value
        if self.type is str:
            if not isinstance(value, str) or (
                self.choices is not None and value not in self.choices
            ):
                raise ParameterError(self.name, value, self.allowed())
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            allowed = self.allowed()
            if self.choices is not None:  # '8' for 8: say it is the type
                allowed = f"an integer, {allowed}"
            raise ParameterError(self.name, value, allowed)
        if (
            (self.min_value is not None and value < self.min_value)
            or (self.max_value is not None and value > self.max_value)
            or (self.choices is not None and value not in self.choices)
        ):
            raise ParameterError(self.name, value, self.allowed())
        return value

    def parse(self, text: str) -> Scalar:
        """Parse a command-line value (``"44"``, ``"true"``) and validate it.

        A ``bool`` parameter reads ``true``/``false``, ``yes``/``no``,
        ``on``/``off``, ``1``/``0``, ``ja``/``nein``, ``wahr``/``falsch`` and
        ``an``/``aus``, in any case; an
        ``int`` parameter reads ASCII digits with an optional sign (full-width
        ``１４`` is refused saying to write ``'14'`` in ASCII); a ``str``
        parameter with choices reads one of them, in any case (but for two
        choices alike but for case); a parameter with `aliases` also reads
        those words, in any case. Words compare composed (NFC), so an umlaut
        typed as a letter and a combining mark is the umlaut. White space
        around the text is ignored.

        >>> dice = Parameter(
        ...     "dice", str, choices=("d100", "2d10"), aliases={"2W10": "2d10"}
        ... )
        >>> dice.parse("2w10")
        '2d10'

        Raises:
            ParameterError: ``text`` is not a string (`validate` takes
                values), or not a value the parameter allows.
        """
        if not isinstance(text, str):
            raise ParameterError(self.name, text, f"text to parse as {self.allowed()}")
        value: object = text
        if self.type is str and self.choices is not None:
            value = text.strip()
            if self._alias_of and value not in self.choices:
                value = self._alias_of.get(_folded(value), value)
        elif self.type is bool:
            low = text.strip().lower()
            if low in {"true", "yes", "1", "on", "ja", "wahr", "an"}:
                value = True
            elif low in {"false", "no", "0", "off", "nein", "falsch", "aus"}:
                value = False
            else:  # name every word parse reads, not validate's "true or false"
                raise ParameterError(
                    self.name, text, _BOOL_WORDS + _ascii_hint(low, self)
                )
        elif self.type is int:
            # ASCII digits with an optional sign only: Python's int() would
            # also read "1_0" as 10 and Arabic-Indic digits as numbers.
            digits = text.strip()
            if len(digits) > _MAX_DIGITS:  # leading zeros do not count
                sign = digits[:1] if digits[:1] in ("+", "-") else ""
                digits = sign + (digits[len(sign) :].lstrip("0") or "0")
            if not (
                len(digits) <= _MAX_DIGITS
                and digits.isascii()
                and (digits.isdigit() or _INTEGER.fullmatch(digits))
            ):
                alias = self._alias_of.get(_folded(digits))
                if alias is not None:
                    return alias
                raise ParameterError(
                    self.name, text, self._words_read() + _ascii_hint(digits, self)
                )
            value = int(digits)
            lo, hi = self.min_value, self.max_value
            if (
                (lo is None or value >= lo)
                and (hi is None or value <= hi)
                and self.choices is None
            ):
                return value  # what validate would return, without its checks
        if self.aliases:
            try:
                return self.validate(value)
            except ParameterError:  # say the other words it reads too
                raise ParameterError(self.name, value, self._words_read()) from None
        return self.validate(value)

    def _words_read(self) -> str:
        """`allowed`, and the aliases `parse` also reads."""
        allowed = self.allowed()
        if not self.aliases:
            return allowed
        return f"{allowed} (or {', '.join(repr(w) for w, _ in self.aliases)})"


def _ascii_hint(text: str, parameter: Parameter) -> str:
    """`` (write '14' in ASCII)`` where the ASCII form of ``text`` is read.

    A phone keyboard's full-width digits (``１４``) or letters (``ｙｅｓ``),
    another script's digits (``١٤``) or a minus sign (``−``) are refused, as
    Python's ``int()`` would read other scripts' digits; the message says
    what to type instead, as notation's does, when ``parameter`` reads
    that (not for ``６`` where 0 to 5 is allowed, nor ``ﬁ`` for a bool).

    >>> p = Parameter("pw", int, min_value=0, max_value=20)
    >>> _ascii_hint("１４", p), _ascii_hint("١٤", p), _ascii_hint("２１", p)
    (" (write '14' in ASCII)", " (write '14' in ASCII)", '')
    """
    if text.isascii():
        return ""
    import unicodedata

    folded = "".join(
        "-"
        if c == "\u2212"
        else str(d)
        if (d := unicodedata.decimal(c, None)) is not None
        else c
        for c in unicodedata.normalize("NFKC", text)
    )
    if not folded.isascii() or not folded.strip():
        return ""
    shown = folded.lower() if folded.isalpha() else folded
    try:
        parameter.parse(shown)
    except ParameterError:
        return ""
    return f" (write {shown!r} in ASCII)"


_SHOWN_CHOICES = 12
"""Choices listed in full by `Parameter.allowed`; more are cut to ten and the last."""


def _one_of(choices: tuple[Scalar, ...], show: Callable[[Scalar], str]) -> Text:
    """``one of a, b, c``, or the first ten, the last and the count of many."""
    if len(choices) <= _SHOWN_CHOICES:
        return CORE.text("param.one_of", choices=", ".join(map(show, choices)))
    return CORE.text(
        "param.one_of.many",
        first=", ".join(map(show, choices[:10])),
        last=show(choices[-1]),
        count=str(len(choices)),
    )


def checked_parameters(parameters: object) -> dict[str, Parameter]:
    """``parameters`` by name, refused unless a sequence of distinctly named Parameters.

    Raises:
        ParameterError: Not a sequence, an item that is not a Parameter, or
            two with the same name.
    """
    if isinstance(parameters, (str, bytes)) or not isinstance(parameters, Sequence):
        raise ParameterError("parameters", parameters, "a list of Parameters")
    index: dict[str, Parameter] = {}
    for i, param in enumerate(parameters):
        if not isinstance(param, Parameter):
            raise ParameterError(f"parameters[{i}]", param, "a Parameter")
        if param.name in index:
            raise ParameterError(
                f"parameters[{i}]", param.name, "a name no other parameter has"
            )
        index[param.name] = param
    return index


@attrs.frozen
class CheckSpec:
    """A check a ruleset offers, with its parameters declared."""

    __repr__ = value_repr

    name: str
    """The check's name within the ruleset (``"check"``, ``"attack"``…)."""
    parameters: tuple[Parameter, ...]
    """The declared parameters, in the order the CLI lists them."""
    factory: Callable[..., Check] = attrs.field(repr=False)
    """Builds the check from validated keyword arguments."""
    help: str = ""
    """One line saying what the check is for."""
    contest_symmetric: bool = True
    """Whether swapping two sides of a contest swaps FIRST and SECOND."""
    _by_name: Mapping[str, Parameter] = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )

    _fill: tuple[tuple[str, object, Parameter], ...] = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )
    """``(name, default, parameter)`` in declaration order, for `_build`."""

    @_by_name.default
    def _index(self) -> Mapping[str, Parameter]:
        return checked_parameters(self.parameters)

    @_fill.default
    def _defaults(self) -> tuple[tuple[str, object, Parameter], ...]:
        return tuple((p.name, p.default, p) for p in self.parameters)

    def parameter(self, name: str) -> Parameter:
        """The declared parameter called ``name``."""
        p = self._by_name.get(name)
        if p is not None:
            return p
        raise unknown_parameter(self.parameters, name, self.name)

    def build(self, **params: object) -> Check:
        """Validate ``params`` against the declaration and build the check."""
        return self._build_of(params, None)

    def _build_of(self, params: Mapping[str, object], ruleset: str | None) -> Check:
        """`build`, refusing an unknown name as a parameter of ``ds4:check``.

        ``ruleset`` is the id that names the check (``None``: its name alone).
        """
        for key in params:
            if key not in self._by_name:
                where = self.name if ruleset is None else f"{ruleset}:{self.name}"
                raise unknown_parameter(self.parameters, key, where)
        return self._build(params, validate=True)

    def _build(self, params: Mapping[str, object], validate: bool) -> Check:
        """Fill in defaults and build; ``validate=False`` for parsed values.

        Every key of ``params`` is a declared name; without ``validate``
        each value is one its parameter's ``parse`` gave.
        """
        values: dict[str, object] = {}
        for name, default, p in self._fill:
            if name in params:
                value = params[name]
                values[name] = p.validate(value) if validate else value
            elif default is _NO_DEFAULT:
                raise self._missing(p, params)
            else:
                values[name] = default
        return self.factory(**values)

    def _missing(self, p: Parameter, params: Mapping[str, object]) -> ParameterError:
        """``p`` is required, naming the other required parameters left out too.

        So that a caller fixes them in one go, not one run at a time:
        ``a1 is required (an integer from 1 to 20); also required: a2, a3, fw``.
        """
        return missing_parameter(
            p,
            also=[
                q.name
                for name, default, q in self._fill
                if default is _NO_DEFAULT and name not in params and q is not p
            ],
        )


def missing_parameter(p: Parameter, also: Sequence[str] = ()) -> ParameterError:
    """The error for a required parameter left out: ``pw is required (…)``.

    A free string says what it is for (its ``help``), since "a string"
    alone does not: ``damage is required (a string: damage roll, e.g.
    1d8+4)``. ``also`` names the other required parameters left out, so
    that a caller fixes them in one go: ``…; also required: a2, a3``.
    """
    allowed = p.allowed()
    if p.type is str and not p.choices and p.help:
        allowed = f"{allowed}: {p.help}"
    error = ParameterError(p.name, None, allowed, missing=True)
    if also:
        error.args = (f"{error}; also required: {', '.join(also)}",)
    return error


def unknown_parameter(
    parameters: Sequence[Parameter], key: str, where: str
) -> ParameterError:
    """The error for ``key``, which names none of ``parameters`` of ``where``.

    One message for the API and the command line:
    ``parameter of ds4:check must be one of: pw, …, got 'foo'``.
    """
    if not parameters:  # "one of: none" read like a value
        return ParameterError(
            f"parameter of {where}", key, f"left out ({where} takes no parameters)"
        )
    names = ", ".join(p.name for p in parameters)
    return ParameterError(f"parameter of {where}", key, f"one of: {names}")


@attrs.frozen
class Difficulty:
    """A named difficulty preset: a modifier with its labels."""

    __repr__ = value_repr

    id: str
    """A stable identifier (``"easy"``, ``"hard"``…)."""
    modifier: int
    """The modifier it stands for."""
    label: Text
    """Its name, rendered from catalogs: ``label("de")``."""

    def __attrs_post_init__(self) -> None:
        """Refuse a preset of the wrong types.

        Raises:
            ParameterError: ``id`` is not a non-empty string, ``modifier``
                not an integer, or ``label`` not a Text.
        """
        if not isinstance(self.id, str) or not self.id:
            raise ParameterError("id", self.id, "a difficulty's id (a string)")
        if isinstance(self.modifier, bool) or not isinstance(self.modifier, int):
            raise ParameterError("modifier", self.modifier, "an integer")
        if not isinstance(self.label, Text):
            raise ParameterError("label", self.label, "a Text (catalog.text(...))")
