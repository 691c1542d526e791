"""The exceptions rollwerk raises.

Every error rollwerk raises on purpose derives from [`RollwerkError`][rollwerk.errors.RollwerkError].
Errors caused by a bad value the caller passed also derive from `ValueError`,
so code that already catches `ValueError` keeps working.
"""

from __future__ import annotations

__all__ = [
    "ContestError",
    "LimitExceeded",
    "NotationError",
    "ParameterError",
    "PluginError",
    "RollwerkError",
    "RulesError",
    "SchemaError",
    "ScriptExhausted",
    "UnknownCheck",
    "UnknownRuleset",
]


class RollwerkError(Exception):
    """Base class of every error rollwerk raises on purpose."""


class ParameterError(RollwerkError, ValueError):
    """A parameter has a value outside what is allowed.

    The message names the parameter, the value and what is allowed, for
    example ``pw must be an integer from -1000 to 1000, got 5000``.

    Attributes:
        parameter: The name of the offending parameter.
        value: The offending value.
        allowed: A human description of the allowed values.
    """

    def __init__(self, parameter: str, value: object, allowed: str) -> None:
        self.parameter = parameter
        self.value = value
        self.allowed = allowed
        super().__init__(f"{parameter} must be {allowed}, got {shown(value)}")


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, abbreviated when it is long.

    Integers too long to print are given by their number of digits (Python
    refuses to turn an integer of more than 4300 digits into text).

    >>> shown(12)
    '12'
    >>> shown(10**5000)
    'an integer of 5001 digits'
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (102 characters)"
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 4000:
            return f"an integer of {_digits(value)} digits"
        return repr(value)
    text = repr(value)
    if len(text) > limit:
        return f"{text[: limit - 2]}… ({len(text)} characters)"
    return text


def _digits(value: int) -> int:
    """The number of decimal digits of ``value`` without printing it."""
    n = abs(value)
    digits = max(1, int(n.bit_length() * 0.30102999566398120) - 1)
    while 10**digits <= n:
        digits += 1
    return digits


class NotationError(RollwerkError, ValueError):
    """Dice notation that cannot be parsed.

    The message names the column (1-based) and shows the notation with a caret
    under the offending character.

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
        super().__init__(f"{reason} at column {column}\n  {notation}\n  {caret}")

    def one_line(self) -> str:
        """The message without the caret picture, for one-line error output."""
        return f"{self.reason} at column {self.column} of {self.notation!r}"


class LimitExceeded(RollwerkError, ValueError):
    """A documented limit would be exceeded; checked before any work is done.

    Attributes:
        limit: The name of the limit, e.g. ``"dice count"``.
        value: The requested amount.
        maximum: The largest allowed amount.
    """

    def __init__(self, limit: str, value: int, maximum: int) -> None:
        self.limit = limit
        self.value = value
        self.maximum = maximum
        super().__init__(
            f"{limit} limit exceeded: {value} is more than the maximum of "
            f"{maximum} (by {value - maximum})"
        )


class ScriptExhausted(RollwerkError):
    """A scripted Rng was asked for more faces than it was given."""


class UnknownRuleset(RollwerkError, LookupError):
    """No ruleset with the requested id is registered."""


class UnknownCheck(RollwerkError, LookupError):
    """The ruleset offers no check with the requested name."""


class ContestError(RollwerkError, ValueError):
    """Two checks or results cannot be contested (e.g. different rulesets)."""


class RulesError(RollwerkError, ValueError):
    """An action the rules forbid (e.g. armour a class may not wear)."""


class SchemaError(RollwerkError, ValueError):
    """JSON data that does not match the expected schema or version."""


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
