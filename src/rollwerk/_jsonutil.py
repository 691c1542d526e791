"""Strict JSON field readers shared by every loader (no coercion).

Every loader reads its document with these helpers, so that a malformed
document is refused with a [`SchemaError`][rollwerk.errors.SchemaError]
naming the path of the bad field and what was expected there, and nothing
is coerced (``bool("false")`` is true, ``int(6.9)`` is 6, ``str([1])`` is a
string). Paths are relative to the document being loaded; a loader that
loads a nested document wraps the call in [`nested`][] so the path grows
(``combatants[0].initiative``), and wraps its whole body in [`document`][] so
the message says what was being loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from rollwerk.errors import ParameterError, RollwerkError, SchemaError, shown

INT_LIMIT = 2**63
"""JSON integers are refused from this magnitude on (64-bit signed range)."""
_INT_RANGE = "an integer from -2**63 to 2**63 - 1"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _expected_int(value: object) -> str:
    return _INT_RANGE if _is_int(value) else "an integer"


def _in_range(value: object) -> bool:
    return _is_int(value) and -INT_LIMIT <= value < INT_LIMIT  # type: ignore[operator]


# kind -> (accepts, what was expected given the value)
_KINDS: dict[str, tuple[Callable[[object], bool], Callable[[object], str]]] = {
    "bool": (lambda v: isinstance(v, bool), lambda v: "true or false"),
    "int": (_in_range, _expected_int),
    "int|null": (
        lambda v: v is None or _in_range(v),
        lambda v: _expected_int(v) + " or null",
    ),
    "str": (lambda v: isinstance(v, str), lambda v: "a string"),
    "str|null": (
        lambda v: v is None or isinstance(v, str),
        lambda v: "a string or null",
    ),
    "scalar": (
        lambda v: v is None or isinstance(v, (bool, str)) or _in_range(v),
        lambda v: "a string, an integer, true, false or null",
    ),
    "any": (lambda v: True, lambda v: "a value"),
    "list": (lambda v: isinstance(v, list), lambda v: "an array"),
    "object": (
        lambda v: isinstance(v, Mapping) and all(isinstance(k, str) for k in v),
        lambda v: "an object",
    ),
}

_MISSING: Any = object()


# kind -> what a Python argument of that kind may be, in Python's words
_ARGUMENT_WORDS = {
    "int": _INT_RANGE,
    "str": "a string",
    "str|null": "a string or None",
    "scalar": f"a string, {_INT_RANGE}, True, False or None",
}


def argument(name: str, value: object, kind: str) -> Any:
    """``value`` if it has the JSON type ``kind``, else a `ParameterError` naming ``name``.

    What an operation stores is refused where the JSON loader would refuse
    it, so that every state the operations leave loads back.

    >>> argument("initiative", 12, "int")
    12
    >>> argument("initiative", "12", "int")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: initiative must be an integer from -2**63 to 2**63 - 1, got '12'
    """
    if not _KINDS[kind][0](value):
        raise ParameterError(name, value, _ARGUMENT_WORDS[kind])
    return value


def member(key: str) -> str:
    """``key`` as a step of a path: bare when plain, else quoted in brackets.

    >>> member("initiative"), member("a b"), member("")
    ('initiative', "['a b']", "['']")
    """
    if 0 < len(key) <= 40 and all(
        c.isascii() and (c.isalnum() or c in "_-") for c in key
    ):
        return key
    return f"[{shown(key, 40)}]"


def check(value: object, kind: str, path: str) -> Any:
    """``value`` if it has the JSON type ``kind``, else a `SchemaError` at ``path``.

    ``kind`` is ``"bool"``, ``"int"`` (not a bool, 64-bit), ``"int|null"``,
    ``"str"``, ``"str|null"``, ``"scalar"`` (string, integer, boolean or
    null), ``"list"`` or ``"object"`` (string keys).
    """
    accepts, expected = _KINDS[kind]
    if not accepts(value):
        raise SchemaError.field(path, expected(value), value)
    return value


def strict(
    data: Mapping[str, Any], key: str, kind: str, default: Any = _MISSING
) -> Any:
    """``data[key]`` checked to have the JSON type ``kind`` (see [`check`][]).

    A missing key is the ``default`` when one is given (not checked), else
    a `SchemaError` saying the field is required.
    """
    if key not in data:
        if default is _MISSING:
            raise SchemaError("is required", path=member(key), expected="a value")
        return default
    value = data[key]
    accepts, expected = _KINDS[kind]
    if not accepts(value):  # the path only for the refusal: most fields are fine
        raise SchemaError.field(member(key), expected(value), value)
    return value


JSON_WORDS: dict[str, str] = {
    "bool": "true or false",
    "int": _INT_RANGE,
    "int|null": _INT_RANGE + " or null",
    "str": "a string",
    "str|null": "a string or null",
    "scalar": "a string, an integer, true, false or null",
    "any": "a value",
    "list": "an array",
    "object": "an object",
}
"""What a field of each kind of [`check`][] must hold, in JSON's words."""


def read(
    data: Mapping[str, Any],
    key: str,
    kind: str,
    default: Any = _MISSING,
    *,
    expected: str | None = None,
) -> Any:
    """``data[key]`` of the JSON type ``kind``; every refusal says what is allowed.

    As [`strict`][] reads it, but a missing key (with no ``default``) is
    ``KEY is required (EXPECTED)``, ``EXPECTED`` being the kind's words in
    [`JSON_WORDS`][] unless ``expected`` is given; a value of another type
    is ``KEY must be EXPECTED, got VALUE``, in `strict`'s words unless
    ``expected`` is given.

    >>> read({}, "total", "int")
    Traceback (most recent call last):
    ...
    rollwerk.errors.SchemaError: total is required (an integer from -2**63 to 2**63 - 1)
    >>> read({"comment": 1}, "comment", "str|null")
    Traceback (most recent call last):
    ...
    rollwerk.errors.SchemaError: comment must be a string or null, got 1
    """
    if key not in data:
        if default is _MISSING:
            required(data, key, JSON_WORDS[kind] if expected is None else expected)
        return default
    value = data[key]
    accepts, words_for = _KINDS[kind]
    if not accepts(value):
        words = words_for(value) if expected is None else expected
        raise SchemaError.field(member(key), words, value)
    return value


def required(data: Mapping[str, Any], key: str, allowed: str) -> None:
    """Refuse ``data`` without ``key``: ``KEY is required (ALLOWED)``.

    Raises:
        SchemaError: ``key`` is missing (``path`` is ``key``, ``expected``
            is ``allowed``).
    """
    if key not in data:
        raise SchemaError.missing(member(key), allowed)


def between(
    data: Mapping[str, Any],
    key: str,
    low: int,
    high: int,
    *,
    high_words: str = "",
    default: Any = _MISSING,
) -> Any:
    """``data[key]``: an integer from ``low`` to ``high`` (not a bool).

    The refusal names the range (``high_words`` writes ``high``, as
    ``"2**63 - 1"``), whatever is wrong: missing (unless there is a
    ``default``), another type, too large.

    >>> between({"face": 7}, "face", 1, 6)
    Traceback (most recent call last):
    ...
    rollwerk.errors.SchemaError: face must be an integer from 1 to 6, got 7
    """
    words = f"an integer from {low} to {high_words or high}"
    if key not in data:
        if default is not _MISSING:
            return default
        required(data, key, words)
    value = data[key]
    if not (_is_int(value) and low <= value <= high):
        raise SchemaError.field(member(key), words, value)
    result: int = value
    return result


DIE_ROLLS = 'an array of die rolls, {"sides", "face", "role"} each'
"""What a result's ``"rolls"`` holds, in a loader's message."""


def die_fields(value: object) -> tuple[int, int, str]:
    """The ``sides``, ``face`` and ``role`` of a die roll's JSON, checked.

    ``{"sides", "face", "role"}`` as ``DieRoll.to_json`` writes it:
    ``sides`` an integer from 1 to 2**63 - 1, ``face`` one from 1 to
    ``sides``, ``role`` a string (left out: ``""``); no other field.

    >>> die_fields({"sides": 6, "face": 3})
    (6, 3, '')
    >>> die_fields({"sides": 6, "face": 2**63})
    Traceback (most recent call last):
    ...
    rollwerk.errors.SchemaError: face must be an integer from 1 to 6, got 9223372036854775808
    """
    data = obj(value)
    known(data, ("sides", "face", "role"))
    sides = between(data, "sides", 1, INT_LIMIT - 1, high_words="2**63 - 1")
    face = between(data, "face", 1, sides)
    role: str = read(data, "role", "str", "")
    return sides, face, role


def die_rolls(data: Mapping[str, Any], most: int) -> list[tuple[int, int, str]]:
    """The ``"rolls"`` of a result's JSON, each checked as `die_fields` checks it.

    More than ``most`` (the dice one roll may draw) are refused before any
    is read, so a document of a million rolls costs no time.
    """
    rolls = read(data, "rolls", "list", expected=DIE_ROLLS)
    if len(rolls) > most:
        raise SchemaError.field(
            "rolls", f"at most {most} rolls (the dice one roll may draw)", len(rolls)
        )
    fields = []
    for i, r in enumerate(rolls):
        with nested(f"rolls[{i}]"):
            fields.append(die_fields(r))
    return fields


def schema_version(data: Mapping[str, Any], *allowed: int) -> int:
    """The document's ``"schema"``: one of ``allowed``, else a `SchemaError`.

    A missing version says it is required, not that ``None`` was given.
    """
    expected = " or ".join(str(v) for v in allowed)
    required(data, "schema", expected)
    value = data["schema"]
    if type(value) is not int or value not in allowed:
        raise SchemaError.field("schema", expected, value)
    return value


def obj(value: object, path: str = "") -> Mapping[str, Any]:
    """``value`` if it is a JSON object (string keys), else a `SchemaError`."""
    result: Mapping[str, Any] = check(value, "object", path)
    return result


def known(data: Mapping[str, Any], fields: Sequence[str]) -> None:
    """Refuse a field of ``data`` that is not one of ``fields`` (a `SchemaError`)."""
    for key in data:
        if key not in fields:
            raise SchemaError(
                f"is not a field (the fields are {', '.join(fields)})",
                path=member(str(key)),
                expected="no such field",
            )


def array(data: Mapping[str, Any], key: str, default: Any = _MISSING) -> list[Any]:
    """``data[key]`` if it is a JSON array (a missing key is ``default``)."""
    result: list[Any] = strict(data, key, "list", default)
    return result


def choice(
    data: Mapping[str, Any], key: str, allowed: Any, default: Any = _MISSING
) -> Any:
    """``data[key]`` as a member of the enum ``allowed`` (by its string value)."""
    if key not in data and default is not _MISSING:
        return default
    value = data.get(key)
    for option in allowed:
        if isinstance(value, str) and option.value == value:
            return option
    if key not in data:
        strict(data, key, "str")
    names = ", ".join(repr(m.value) for m in allowed)
    raise SchemaError.field(member(key), f"one of {names}", value)


def pick(
    data: Mapping[str, Any], key: str, allowed: Any, default: Any = _MISSING
) -> Any:
    """``data[key]`` as a member of the enum ``allowed``, as [`choice`][] reads it.

    A missing key (with no ``default``) says which strings are allowed.

    >>> import enum
    >>> class Side(enum.Enum):
    ...     FIRST = "first"
    ...     SECOND = "second"
    >>> pick({}, "side", Side)
    Traceback (most recent call last):
    ...
    rollwerk.errors.SchemaError: side is required (one of 'first', 'second')
    """
    if default is _MISSING:
        required(data, key, "one of " + ", ".join(repr(m.value) for m in allowed))
    return choice(data, key, allowed, default)


def fraction(data: Mapping[str, Any], key: str, default: Any = _MISSING) -> Any:
    """``data[key]``: an exact number written as a string (``"3"``, ``"-5/2"``)."""
    if key not in data and default is not _MISSING:
        return default
    value = strict(data, key, "str")
    num, slash, den = value.partition("/")
    parts = (num, den) if slash else (num,)
    if all(_decimal(p.removeprefix("-") if p is num else p) for p in parts):
        try:
            return Fraction(value)
        except ZeroDivisionError:
            pass
    raise SchemaError.field(
        key,
        "an exact number as a string ('3' or '-5/2', at most 40 digits each)",
        value,
    )


def _decimal(text: str) -> bool:
    return 0 < len(text) <= 40 and text.isascii() and text.isdigit()


_EXACT_BOUND = 10**40


EXACT_JSON = (
    "an int or Fraction of at most 40 digits above and below the line "
    "(what encounter JSON holds)"
)
"""What an exact number of the encounter must be to be saved."""


def exact_fits(value: Fraction) -> bool:
    """Whether `fraction` reads ``str(value)`` back: at most 40 digits each."""
    return -_EXACT_BOUND < value.numerator < _EXACT_BOUND and (
        value.denominator < _EXACT_BOUND
    )


@contextmanager
def nested(prefix: str) -> Iterator[None]:
    """Errors inside are seen from the enclosing document, at ``prefix``."""
    try:
        yield
    except SchemaError as exc:
        raise exc.within(prefix) from exc.__cause__


@contextmanager
def document(name: str) -> Iterator[None]:
    """Errors inside say that a ``name`` document was malformed.

    A [`RollwerkError`][rollwerk.errors.RollwerkError] raised by a
    constructor that validates the loaded values (an empty combatant id, an
    order naming no combatant) becomes a `SchemaError` with its message.
    """
    try:
        yield
    except SchemaError as exc:
        if exc.document is not None:
            raise
        error = SchemaError(
            exc.reason, path=exc.path, expected=exc.expected, document=name
        )
        raise error from exc.__cause__
    except RollwerkError as exc:
        raise SchemaError(str(exc), document=name) from exc
