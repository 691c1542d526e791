"""The exceptions rollwerk raises.

Every error rollwerk raises on purpose derives from [`RollwerkError`][rollwerk.errors.RollwerkError].
Errors caused by a bad value the caller passed also derive from `ValueError`,
so code that already catches `ValueError` keeps working.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "MAX_LINE",
    "CheckFault",
    "ContestError",
    "ExplainFailed",
    "LimitExceeded",
    "NotationError",
    "ParameterError",
    "PluginError",
    "PluginFault",
    "RollwerkError",
    "RulesError",
    "SchemaError",
    "ScriptExhausted",
    "ScriptNotExhausted",
    "UnknownCheck",
    "UnknownRuleset",
]


class RollwerkError(Exception):
    """Base class of every error rollwerk raises on purpose."""

    def one_line(self) -> str:
        r"""The message as one line, for a chat reply or a log (what the CLI prints).

        Every message is one line except a
        [`NotationError`][rollwerk.errors.NotationError]'s, which draws a
        caret under the column; its ``one_line`` names the column instead.
        A plugin's message that spans lines is joined with spaces, another
        control character in it (a terminal's escape code) is written as
        its escape (``\x1b``), so it cannot recolour a terminal, and a line
        longer than `MAX_LINE` characters is cut in the middle (``…``), as
        the CLI prints it, keeping what is wrong and what is allowed (a
        ruleset id of 100 000 characters is not echoed whole).

        >>> ParameterError("pw", 500, "an integer from 1 to 100").one_line()
        'pw must be an integer from 1 to 100, got 500'
        >>> print(RollwerkError("refused\n\x1b[31mred").one_line())
        refused \x1b[31mred
        """
        return _single_line(str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the error as it is: its message and its fields.

        Python rebuilds an exception by calling its class with ``args``;
        most rollwerk errors take their fields instead of the message, so
        an error raised in a worker process (a ``ProcessPoolExecutor``)
        could not be sent back. The error is rebuilt without calling
        ``__init__``, with the same message, fields and class. A field or
        argument that cannot be pickled (a caller's object holding a lock)
        is sent as its ``repr``, abbreviated, so the error still arrives.
        """
        return (
            _unpickled,
            (
                type(self),
                tuple(_picklable(a) for a in self.args),
                {k: _picklable(v) for k, v in self.__dict__.items()},
            ),
        )


def _picklable(value: object) -> object:
    """``value``, or its abbreviated ``repr`` where it cannot be pickled."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    import pickle

    try:
        pickle.dumps(value)
    except Exception:  # noqa: BLE001 - anything a value's pickling may raise
        return shown(value)
    return value


def _unpickled(
    cls: type[RollwerkError], args: tuple[Any, ...], state: dict[str, Any]
) -> RollwerkError:
    """The error `RollwerkError.__reduce__` pickled, rebuilt."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


MAX_LINE = 500
"""The longest [`one_line`][rollwerk.errors.RollwerkError.one_line], in characters."""


_HIDDEN = frozenset(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2066\u2067\u2068\u2069\ufeff"
    # invisible as typed: the combining grapheme joiner, the Hangul and
    # Khmer fillers, the Mongolian vowel separator, the word joiner and the
    # invisible operators (a soft hyphen, which German text may carry, is
    # not among them)
    "\u034f\u115f\u1160\u17b4\u17b5\u180e"
    "\u2060\u2061\u2062\u2063\u2064\u3164\uffa0"
)
"""Characters that reorder or hide text (a bidi override, a zero-width
space, a Hangul filler): written as escapes with the control characters."""


def _escaped(line: str, keep: str = "") -> str:
    r"""``line`` with its control characters written as escapes (``\x1b``).

    As the command line writes what a plugin or a user wrote into its text
    output (``rollwerk.cli._format.visible``): the character's
    ``unicode_escape`` (``\x07``, ``\u2028``), every other character as it
    is, and ``keep`` as it is. Control characters, line and paragraph
    separators, a byte that was not UTF-8 (a lone surrogate, ``\udc9b``)
    and the format characters that reorder or hide text (``\u202e``,
    ``\u200b``) are escaped.

    >>> print(_escaped("a \x1b[31mb\x07 \u202e"))
    a \x1b[31mb\x07 \u202e
    """
    if line.isprintable() and not keep and _HIDDEN.isdisjoint(line):
        return line
    import unicodedata

    return "".join(
        c.encode("unicode_escape").decode("ascii")
        if c not in keep
        and (c in _HIDDEN or unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs"))
        else c
        for c in line
    )


def _single_line(text: str) -> str:
    r"""``text`` as `RollwerkError.one_line` writes a message: one line, escaped, capped.

    Line breaks join the lines with one space; spaces within a line are
    kept (a notation quoted with its spaces keeps its columns).

    >>> _single_line("a\n\x1b[31mb")
    'a \\x1b[31mb'
    >>> _single_line("  at column 10 of '1d6  +   q'\n  ")
    "at column 10 of '1d6  +   q'"
    """
    lines = (line.strip() for line in text.replace("\t", " ").splitlines())
    return _capped(_escaped(" ".join(line for line in lines if line)))


def _capped(line: str) -> str:
    """``line``, cut to `MAX_LINE` characters with ``…`` in the middle.

    The start says what is wrong and the end what is allowed or where to
    look (``(choose from 'en', 'de')``); a long value between them is what
    is cut.

    >>> cut = _capped("a" * 600 + " (choose from 'en', 'de')")
    >>> len(cut), cut[248:251], cut[-25:]
    (500, 'a…a', " (choose from 'en', 'de')")
    """
    if len(line) <= MAX_LINE:
        return line
    head = (MAX_LINE - 1) // 2
    return line[:head] + "…" + line[len(line) - (MAX_LINE - 1 - head) :]


class ParameterError(RollwerkError, ValueError):
    """A parameter has a value outside what is allowed.

    The message names the parameter, the value and what is allowed, for
    example ``pw must be an integer from -1000 to 1000, got 5000``; a
    required parameter that was not given says so:
    ``pw is required (an integer from -1000 to 1000)``. Plugin code raises
    it the same way: ``ParameterError("pw", 5000, "an integer from -1000 to
    1000")``, or ``ParameterError("pw", None, "an integer", missing=True)``.

    Attributes:
        parameter: The name of the offending parameter.
        value: The offending value (``None`` when ``missing``).
        allowed: A human description of the allowed values.
        missing: Whether no value was given for a required parameter.
    """

    def __init__(
        self, parameter: str, value: object, allowed: str, *, missing: bool = False
    ) -> None:
        self.parameter = parameter
        self.value = value
        self.allowed = allowed
        self.missing = missing
        if missing:
            super().__init__(f"{parameter} is required ({allowed})")
        else:
            super().__init__(f"{parameter} must be {allowed}, got {shown(value)}")


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, abbreviated when it is long.

    Integers longer than ``limit`` digits are given by their number of
    digits (Python refuses to turn one of more than 4300 digits into text).

    >>> shown(12)
    '12'
    >>> shown(10**5000), shown(-(10**70))
    ('an integer of 5001 digits', 'an integer of 71 digits')
    >>> shown([10**5000])
    'a list holding an integer of more than 4300 digits'
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (100 characters)"
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 4000:
            return f"an integer of {_digits(value)} digits"
        text = repr(value)
        if len(text) > limit:
            return f"an integer of {len(text.lstrip('-'))} digits"
        return text
    large = _large(value)
    if large is not None:
        return large
    try:
        text = repr(value)
    except ValueError:  # it holds an integer too long to print
        return f"a {type(value).__name__} holding an integer of more than 4300 digits"
    if len(text) > limit:
        # a string's own length, not its repr's (quotes and escapes)
        size = len(value) if isinstance(value, str) else len(text)
        return f"{text[: limit - 2]}… ({size} characters)"
    return text


_LARGE_ITEMS = 5000
"""`shown` describes a container holding more items than this, all levels
together, without writing it out (a 3-million-item list took 0.6 s)."""

_DEEP = 40
"""`shown` describes a container nested deeper than this, whose ``repr``
could exhaust the stack of a caller that is itself deep (a web framework)."""


def _large(value: object) -> str | None:
    """What `shown` says of a container too large or deep to write, else None.

    Walks the built-in containers (lists, tuples, dicts, sets) without
    recursion, and gives up on the first limit passed.

    >>> _large([1, 2]) is None
    True
    >>> _large(list(range(6000)))
    'a list of 6000 items'
    >>> deep = []
    >>> for _ in range(50):
    ...     deep = [deep]
    >>> _large({"x": deep})
    'a dict nested more than 40 levels deep'
    """
    kinds = (list, tuple, dict, set, frozenset)
    if not isinstance(value, kinds):
        return None
    stack: list[tuple[object, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, kinds):
            continue
        if depth >= _DEEP:
            return f"a {type(value).__name__} nested more than {_DEEP} levels deep"
        seen += len(item)
        if seen > _LARGE_ITEMS:
            size = len(value)
            return f"a {type(value).__name__} of {size} items" + (
                "" if size > _LARGE_ITEMS else " with more inside"
            )
        parts = [*item.keys(), *item.values()] if isinstance(item, dict) else item
        stack.extend((part, depth + 1) for part in parts)
    return None


def _short(value: int) -> str:
    """An integer for a refusal message: exact up to 15 digits, else rounded.

    >>> _short(123456), _short(10**400 + 1), _short(-(7 * 10**20))
    ('123456', 'about 1.0e400', 'about -7.0e20')
    """
    if -(10**15) < value < 10**15:
        return str(value)
    digits = _digits(value)
    lead = abs(value) // 10 ** (digits - 2)  # the two leading digits
    sign = "-" if value < 0 else ""
    return f"about {sign}{lead // 10}.{lead % 10}e{digits - 1}"


def _digits(value: int) -> int:
    """The number of decimal digits of ``value`` without printing it."""
    n = abs(value)
    digits = max(1, int(n.bit_length() * 0.30102999566398120) - 1)
    while 10**digits <= n:
        digits += 1
    return digits


class NotationError(RollwerkError, ValueError):
    r"""Dice notation that cannot be parsed.

    The message names the column (1-based) and shows the notation with a caret
    under the offending character; white space other than a space (a line
    break, a tab) is shown as a space there, so that the caret stays under
    its column:

    >>> print(NotationError("1d6\n+2x", 7, "unexpected 'x'"))
    unexpected 'x' at column 7
      1d6 +2x
            ^

    Attributes:
        notation: The text that was parsed.
        column: The 1-based column of the problem.
        reason: What is wrong, without the position.
    """

    def __init__(self, notation: str, column: int, reason: str) -> None:
        self.notation = notation
        self.column = column
        self.reason = reason
        caret = " " * (column - 1) + "^"
        shown = "".join(" " if c.isspace() else c for c in notation)
        super().__init__(f"{reason} at column {column}\n  {shown}\n  {caret}")

    def one_line(self) -> str:
        """The message without the caret picture, for one-line error output.

        A notation longer than 80 characters is shown around the column
        (40 characters either side, fewer where escaped characters would
        push the line past its 500) with its length, so the place stays
        in a line of any length:

        >>> NotationError("1+" * 100 + "x", 201, "unexpected 'x'").one_line()
        "unexpected 'x' at column 201 of '…1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+x' (201 characters)"
        """
        text = self.notation
        head = f"{self.reason} at column {self.column}"
        # repr escapes controls and bidi marks; _escaped the printable ones
        # that show as nothing (a Hangul filler)
        whole = _escaped(f"{head} of {text!r}")
        if len(text) <= 80 and len(whole) <= MAX_LINE:
            return _capped(whole)
        # around the column, narrower where escapes (\u200b) make it long,
        # so that the column and the place stay in the line
        radius = 40
        while True:
            start = max(0, self.column - 1 - radius)
            end = min(len(text), self.column + radius)
            excerpt = (
                ("…" if start else "")
                + text[start:end]
                + ("…" if end < len(text) else "")
            )
            line = _escaped(f"{head} of {excerpt!r} ({len(text)} characters)")
            if len(line) <= MAX_LINE or radius <= 2:
                return _capped(line)
            radius //= 2


class LimitExceeded(RollwerkError, ValueError):
    """A documented limit would be exceeded; checked before any work is done.

    Attributes:
        limit: The name of the limit, e.g. ``"dice count"``.
        value: The requested amount (with ``at_least``, a lower bound of it).
        maximum: The largest allowed amount.
        at_least: Whether counting stopped at ``value``, past the maximum:
            the message says "at least".
        operation: What was refused, when the limit alone does not say
            (``"repeat_sum(20)"``, ``"a + b"``): the message starts with it.
    """

    def __init__(
        self,
        limit: str,
        value: int,
        maximum: int,
        *,
        at_least: bool = False,
        operation: str | None = None,
    ) -> None:
        self.limit = limit
        self.value = value
        self.maximum = maximum
        self.at_least = at_least
        self.operation = operation
        bound = "at least " if at_least else ""
        which = f"{operation}: " if operation else ""
        shown_value, shown_maximum = _short(value), _short(maximum)
        if shown_value == shown_maximum and len(str(maximum)) <= 40:
            # rounded alike they would read as no excess at all
            shown_value, shown_maximum = str(value), str(maximum)
        super().__init__(
            f"{which}{limit} limit exceeded: {bound}{shown_value} is more than the "
            f"maximum of {shown_maximum} (by {bound}{_short(value - maximum)})"
        )


class ScriptExhausted(RollwerkError):
    """A scripted Rng was asked for more faces than it was given.

    Attributes:
        given: How many faces the script had (all of them used).
        sides: The sides of the die that found none left.
    """

    def __init__(self, message: str, *, given: int = 0, sides: int = 0) -> None:
        super().__init__(message)
        self.given = given
        self.sides = sides


class ScriptNotExhausted(RollwerkError):
    """A scripted Rng still had faces when all of them should have been used.

    Raised by [`ScriptedRng.assert_exhausted`][rollwerk.rng.ScriptedRng.assert_exhausted]
    (and by leaving a ``with ScriptedRng(...)`` block): the faces of a worked
    example were more than the dice drawn, so the example does not show
    what it claims. The counterpart of
    [`ScriptExhausted`][rollwerk.errors.ScriptExhausted] (too few faces).

    Attributes:
        given: How many faces the script had.
        used: How many of them were played back.
        left: The faces that were not, in order.
    """

    def __init__(self, given: int, used: int, left: tuple[int, ...]) -> None:
        self.given = given
        self.used = used
        self.left = left
        was = "was" if used == 1 else "were"
        were = "was" if len(left) == 1 else "were"
        said = (
            "the 1 given face was not used"
            if given == 1
            else f"{used} of the {given} given faces {was} used, {len(left)} {were} not"
        )
        super().__init__(
            f"scripted Rng has faces left over: {said} ({shown(list(left))})"
        )


class _UnknownName(RollwerkError, LookupError):
    """A name that is not one of the names offered, with what was offered.

    Attributes:
        parameter: What was looked up: ``"ruleset"``, ``"option"`` (an
            optional rule) or ``"check"``; ``""`` when not known.
        value: The name asked for, as given (not always a string).
        choices: The names that would have been found, in the order the
            message lists them (empty when none is installed).
    """

    def __init__(
        self,
        message: str,
        *,
        parameter: str = "",
        value: object = None,
        choices: Iterable[str] = (),
    ) -> None:
        super().__init__(message)
        self.parameter = parameter
        self.value = value
        self.choices: tuple[str, ...] = tuple(choices)


class UnknownRuleset(_UnknownName):
    """No ruleset with the requested id is registered, or no such optional rule.

    A bot can offer the ids there are without reading the message:

    >>> error = UnknownRuleset(
    ...     "ruleset must be one of: ds4, fluid, got 'dsa'",
    ...     parameter="ruleset", value="dsa", choices=["ds4", "fluid"],
    ... )
    >>> error.parameter, error.value, error.choices
    ('ruleset', 'dsa', ('ds4', 'fluid'))

    Attributes:
        parameter: ``"ruleset"``, or ``"option"`` for an optional rule
            the ruleset is not offered.
        value: The id asked for, as given.
        choices: The ruleset ids (or option ids) there are.
    """


class UnknownCheck(_UnknownName):
    """The ruleset offers no check with the requested name.

    Attributes:
        parameter: ``"check"``.
        value: The name asked for, as given.
        choices: The ruleset's check names, in its order.
    """


class ContestError(RollwerkError, ValueError):
    """Two checks or results cannot be contested (e.g. different rulesets)."""


class RulesError(RollwerkError, ValueError):
    """An action the rules forbid (e.g. armour a class may not wear)."""


class CheckFault(RulesError):
    """A check's own code broke the toolkit's contract: the plugin's mistake.

    Raised by a check that [`define_check`][rollwerk.checks.define_check]
    declared, when its judge returns something that is not an
    [`Outcome`][rollwerk.checks.Outcome] or raises a
    [`ParameterError`][rollwerk.errors.ParameterError] (an `Outcome` made
    with a ``value`` that is not an integer), or its dice function returns
    something that is not dice. Chained to the cause. The registry's guard
    turns it into a [`PluginFault`][rollwerk.errors.PluginFault] naming the
    plugin; the contract kit reports it as a violation, never as a refused
    parameter set; the command line exits with code 3.
    """


class ExplainFailed(CheckFault):
    """A check's explanation could not be built or rendered.

    Chained to the cause: what a definition's ``explain`` function raised,
    the [`MissingMessage`][rollwerk.i18n.MissingMessage] of a message
    the explanation names and no catalog has, or the
    [`TemplateError`][rollwerk.i18n.TemplateError] of a template naming a
    field the explanation does not give. Each is a mistake of the
    check's author, not of the caller: the command line reports it as the
    plugin's fault. It is raised when the explanation is first read, which
    may be after the check resolved, outside the registry's guard.
    """


class SchemaError(RollwerkError, ValueError):
    """JSON data that does not match the expected schema or version.

    Loaders say where the bad field is and what was expected there:

    >>> str(SchemaError.field("initiative", "an integer", "x", document="combatant"))
    "malformed combatant JSON: initiative must be an integer, got 'x'"
    >>> inner = SchemaError.field("initiative", "an integer", "x", document="combatant")
    >>> str(inner.within("combatants[0]", document="encounter"))
    "malformed encounter JSON: combatants[0].initiative must be an integer, got 'x'"

    Attributes:
        reason: What is wrong, without the document and the path.
        path: Where in the document (``"combatants[0].initiative"``; ``""``
            for the document itself), or ``None`` when not known.
        expected: What was expected at ``path``, or ``None`` when the
            message is free-form.
        document: What was being loaded (``"encounter"``), if known.
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str | None = None,
        expected: str | None = None,
        document: str | None = None,
    ) -> None:
        self.reason = reason
        self.path = path
        self.expected = expected
        self.document = document
        if path is None:
            body = reason
        elif expected is not None:
            body = f"{path or 'the document'} {reason}"
        else:
            body = f"at {path or 'the document'}: {reason}" if path else reason
        if document is not None:
            body = f"malformed {document} JSON: {body}"
        super().__init__(body)

    @classmethod
    def field(
        cls, path: str, expected: str, got: object, *, document: str | None = None
    ) -> SchemaError:
        """``<path> must be <expected>, got <value>`` (the value abbreviated).

        Args:
            path: Where the bad value is (``""`` for the document itself).
            expected: What is allowed there (``"an integer"``).
            got: The value found.
            document: What was being loaded, if known.
        """
        return cls(
            f"must be {expected}, got {shown(got)}",
            path=path,
            expected=expected,
            document=document,
        )

    @classmethod
    def missing(
        cls, path: str, expected: str, *, document: str | None = None
    ) -> SchemaError:
        """``<path> is required (<expected>)``: a field the document leaves out.

        Args:
            path: Where the field belongs (``"kind"``).
            expected: What it must hold (``"an integer from 1 to 6"``).
            document: What was being loaded, if known.
        """
        return cls(
            f"is required ({expected})",
            path=path,
            expected=expected,
            document=document,
        )

    def within(self, prefix: str, *, document: str | None = None) -> SchemaError:
        """The same error seen from an enclosing document.

        Args:
            prefix: The path of the nested document in the enclosing one
                (``"combatants[0]"``).
            document: What the enclosing document is (``"encounter"``).
        """
        path = prefix if self.path is None else _join_path(prefix, self.path)
        error = SchemaError(
            self.reason, path=path, expected=self.expected, document=document
        )
        error.__cause__ = self.__cause__
        return error


def _join_path(prefix: str, path: str) -> str:
    """``prefix`` and ``path`` joined as in ``combatants[0].initiative``.

    >>> _join_path("combatants[0]", "initiative"), _join_path("rolls", "[2]")
    ('combatants[0].initiative', 'rolls[2]')
    """
    if not prefix or not path:
        return prefix or path
    return prefix + path if path.startswith("[") else f"{prefix}.{path}"


class PluginError(RollwerkError):
    """A plugin failed to load or returned something invalid.

    Attributes:
        plugin: The plugin's name (the entry point name, or the object's name).
        distribution: The distribution that ships it, if known.
    """

    def __init__(self, plugin: str, distribution: str | None, reason: str) -> None:
        self.plugin = plugin
        self.distribution = distribution
        self.reason = reason
        dist = f" (distribution {distribution})" if distribution else ""
        super().__init__(f"plugin {plugin!r}{dist} failed: {reason}")


class PluginFault(PluginError):
    """Plugin code failed while it was used, not while it was loaded.

    A check's ``resolve`` or ``outcomes``, a contest rule or an optional
    rule's ``apply`` raised something other than a
    [`RollwerkError`][rollwerk.errors.RollwerkError] (or
    ``KeyboardInterrupt``), or returned the wrong type. The original
    exception, if any, is the ``__cause__``; the CLI prints this error's
    one-line message and exits with code 3 (``--traceback`` shows the stack).

    Attributes:
        call: The call that failed (``"ds4 check.resolve"``).
    """

    def __init__(
        self, plugin: str, distribution: str | None, call: str, reason: str
    ) -> None:
        self.call = call
        super().__init__(plugin, distribution, f"{call} {reason}")
