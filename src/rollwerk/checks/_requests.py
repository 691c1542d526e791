"""The bot path: checks built from request text, with a bounded cache.

A chat bot or a web service receives ``pw=14`` and wants a resolved check.
[`check_from_request`][rollwerk.checks.check_from_request] reads the
parameters as the command line does (the same parsing, the same messages:
``rollwerk check`` calls [`parse_words`][rollwerk.checks.parse_words] too)
and keeps the checks it built: checks are frozen values, so the same
request gives the same check object, and that check's per-face memo
answers its later resolutions.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from rollwerk.checks._model import Check, Scalar
from rollwerk.checks._parameters import CheckSpec, Parameter, unknown_parameter
from rollwerk.errors import ParameterError, UnknownCheck, shown

__all__ = [
    "CheckRequests",
    "OffersChecks",
    "check_from_request",
    "parse_mapping",
    "parse_words",
    "read_words",
]


class OffersChecks(Protocol):
    """What a request needs of a ruleset: its id and its checks.

    Every [`Ruleset`][rollwerk.rulesets.Ruleset] has both; the checks layer
    names only what it reads, below the rulesets layer.
    """

    @property
    def id(self) -> str:
        """The ruleset's id (``"ds4"``)."""
        ...

    def checks(self) -> Sequence[CheckSpec]:
        """The ruleset's checks, the default one first."""
        ...


def parse_words(
    spec: CheckSpec, words: Sequence[str], where: str | None = None
) -> dict[str, Scalar]:
    """Parse ``key=value`` words against the declared parameters of ``spec``.

    The parsing of ``rollwerk check ds4 pw=14``: each value is read by its
    [`Parameter.parse`][rollwerk.checks.Parameter.parse]; parameters not
    given are left out (the check's defaults apply when it is built).

    >>> from rollwerk.checks import CheckSpec, Parameter
    >>> spec = CheckSpec("check", (Parameter("pw", int, min_value=1),), dict)
    >>> parse_words(spec, ["pw=14"])
    {'pw': 14}
    >>> parse_words(spec, ["pw=0"])
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: pw must be an integer >= 1, got 0

    Args:
        spec: The check whose parameters the words give.
        words: ``key=value`` words.
        where: How messages name the check (default: the check's name),
            e.g. ``"ds4:check"``.

    Raises:
        ParameterError: A malformed word, an unknown or repeated key, or a
            value the parameter does not allow; ``spec`` is not a CheckSpec.
    """
    _check_spec(spec)
    return _read(
        spec.parameters, spec._by_name, words, spec.name if where is None else where
    )


def _check_spec(spec: object) -> None:
    if not isinstance(spec, CheckSpec):
        raise ParameterError("spec", spec, "a CheckSpec (one of a ruleset's checks())")


def read_words(
    parameters: Sequence[Parameter], words: Sequence[str], where: str
) -> dict[str, Scalar]:
    """Parse ``key=value`` words against ``parameters`` (see `parse_words`).

    Shared by every command that reads ``key=value`` words (checks, fights),
    so they refuse malformed, unknown and repeated keys with one message.
    """
    return _read(parameters, {p.name: p for p in parameters}, words, where)


def _read(
    parameters: Sequence[Parameter],
    declared: Mapping[str, Parameter],
    words: Sequence[str],
    where: str,
) -> dict[str, Scalar]:
    values: dict[str, Scalar] = {}
    firsts: dict[str, str] = {}  # the word that gave each key first
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        # "pw=14" would be read letter by letter
        raise ParameterError(
            f"words of {where}", words, 'a list of key=value words (["pw=14"])'
        )
    for i, item in enumerate(words):
        if not isinstance(item, str):
            raise ParameterError(
                f"parameter of {where}", item, "a key=value word (a string)"
            )
        key, sep, text = item.partition("=")
        if not text:  # "skill", "skill=": "skill = 3" written with spaces?
            _spaced(words, i, where)
        param = declared.get(key)
        typed = key
        if param is None:
            key = _as_name(key)
            param = declared.get(key)
        if not sep and param is not None:  # "need_result": a key with no value
            raise ParameterError(
                f"parameter of {where}",
                item,
                f"written {key}=<value> ({key} is {param.allowed()})",
            )
        if (not sep or not key) and not parameters:
            raise unknown_parameter(parameters, item, where)
        if not sep or not key:
            names = ", ".join(p.name for p in parameters)
            raise ParameterError(
                f"parameter of {where}",
                item,
                f"written key=value with key one of: {names}",
            )
        if param is None:  # named as typed: 'ＰＷ', not the 'PW' it folds to
            raise unknown_parameter(parameters, typed.strip() or typed, where)
        if key in values:
            first = firsts[key]
            raise ParameterError(key, item, f"given once (first as {first!r})")
        values[key] = param.parse(text)
        firsts[key] = item
    return values


def _as_name(key: str) -> str:
    """``key`` as Python reads an identifier (NFKC), without white space around it.

    A key typed decomposed (an umlaut as ``a`` + U+0308) or full-width
    (``ｐｗ``) names the parameter it shows, in words and mappings alike.
    """
    return unicodedata.normalize("NFKC", key.strip())


def _spaced(words: Sequence[str], i: int, where: str) -> None:
    """Refuse ``key = value`` and ``key= value``, written with spaces around ``=``.

    Read word by word, ``attribute = 2`` would blame ``attribute``, a
    valid key; the message shows the words as written and how to join them.
    """
    item = words[i]
    after = words[i + 1] if i + 1 < len(words) else None
    after = after if isinstance(after, str) else None
    if "=" not in item and after is not None and after.startswith("="):
        spaced = [item, after]
        if after == "=" and i + 2 < len(words) and isinstance(words[i + 2], str):
            spaced.append(words[i + 2])
    elif item.endswith("=") and item.count("=") == 1 and after and "=" not in after:
        spaced = [item, after]
    else:
        return
    joined = "".join(spaced)
    raise ParameterError(
        f"parameter of {where}",
        " ".join(spaced),
        f"written key=value without spaces around '=' ({joined!r})",
    )


def parse_mapping(
    spec: CheckSpec, mapping: Mapping[str, str | int | bool], where: str | None = None
) -> dict[str, Scalar]:
    """Parse a mapping of parameter names to texts (a web form, a JSON object).

    The same reading and messages as [`parse_words`][rollwerk.checks.parse_words].
    A JSON integer or ``true``/``false`` is read as its text (``14`` as
    ``"14"``); any other value (a float, ``null``, a list) is refused:

    >>> from rollwerk.checks import CheckSpec, Parameter
    >>> spec = CheckSpec("check", (Parameter("pw", int, min_value=1),), dict)
    >>> parse_mapping(spec, {"pw": "14"}), parse_mapping(spec, {"pw": 14})
    ({'pw': 14}, {'pw': 14})

    Raises:
        ParameterError: An unknown key, a value that is not a string, an
            integer or a bool, or a value the parameter does not allow;
            ``spec`` is not a CheckSpec.
    """
    _check_spec(spec)
    where = spec.name if where is None else where
    if not isinstance(mapping, Mapping):
        raise ParameterError(
            "mapping", mapping, f"a mapping of parameter names of {where} to texts"
        )
    values: dict[str, Scalar] = {}
    firsts: dict[str, str] = {}  # the key that gave each parameter first
    for key, value in mapping.items():
        if not isinstance(key, str):
            raise ParameterError(
                f"parameter of {where}",
                f"{key!r}: {value!r}",
                "a string key and a string, integer or true/false value",
            )
        # the key is a name, never split again: {"pw=14": ""} is an unknown key
        p = spec._by_name.get(key) or spec._by_name.get(_as_name(key))
        if p is None:
            raise unknown_parameter(spec.parameters, key, where)
        text: object
        if isinstance(value, bool):  # JSON true/false, as the words write them
            text = "true" if value else "false"
        elif isinstance(value, int) and value.bit_length() <= 4000:
            text = str(value)  # limited below, as every parsed integer is
        else:
            # a float, null, or an integer beyond what str() may write (and far
            # beyond every parameter): the parameter's own words
            text = value
        if not isinstance(text, str):
            raise ParameterError(p.name, value, p.allowed())
        if p.name in values:
            first = firsts[p.name]
            raise ParameterError(p.name, key, f"given once (first as {first!r})")
        try:
            values[p.name] = p.parse(text)
        except ParameterError as exc:
            if text is value:
                raise
            # the value as it was sent (True, not the text 'true')
            raise ParameterError(p.name, value, p.allowed()) from exc
        firsts[p.name] = key
    return values


def not_a_ruleset(value: object) -> ParameterError:
    """The error for ``value`` given where a ruleset is expected."""
    return ParameterError(
        "ruleset", value, "a ruleset (from Registry.ruleset or define_ruleset)"
    )


def find_spec(ruleset: OffersChecks, name: str | None) -> CheckSpec:
    """The check ``name`` of ``ruleset`` (``None``: its first check).

    Shared by `build_check`, the bot path, the CLI and the contract kit's
    strategies, so that an unknown name gets one message everywhere.

    Raises:
        UnknownCheck: The ruleset has no such check.
        ParameterError: ``ruleset`` is not a ruleset (it has no ``checks``).
    """
    try:
        specs = list(ruleset.checks())
    except AttributeError:
        if not callable(getattr(ruleset, "checks", None)):
            raise not_a_ruleset(ruleset) from None
        raise
    if name is None:
        return specs[0]
    for spec in specs:
        if spec.name == name:
            return spec
    names = [s.name for s in specs]
    raise UnknownCheck(
        f"check of ruleset {ruleset.id!r} must be one of: {', '.join(names)}, "
        f"got {shown(name)}",
        parameter="check",
        value=name,
        choices=names,
    )


_CACHED_WORDS = 64
"""A request of more words or keys than this is parsed without a cache key."""
_CACHED_TEXT = 256
"""A request of more characters than this is parsed without a cache key
(kept by its values alone): padding does not make it another entry."""


def _long(parts: Iterable[object]) -> bool:
    """Whether the texts in ``parts`` (words, or key and value pairs) are long."""
    n = 0
    for part in parts:
        texts = part if isinstance(part, tuple) else (part,)
        n += sum(len(t) for t in texts if isinstance(t, str))
    return n > _CACHED_TEXT


def _memo_size(check: object) -> int:
    """The results a check's memo may come to hold (a toolkit check's), else 0."""
    size = getattr(check, "_memo_size", 0)
    return size if size.__class__ is int else 0


class CheckRequests:
    """A bounded cache of the checks built from requests.

    Two requests that say the same thing (the same words, or other words
    for the same parameter values, a default written out or left out) give
    the same check object. The cache
    holds at most ``maxsize`` entries, and checks whose memos of results
    (a [`define_check`][rollwerk.checks.define_check] check keeps every
    result it builds, up to 4096) may come to hold at most ``max_results``
    results in all; it forgets the oldest first. A check is a frozen value,
    so forgetting it changes no answer, only the time.
    Threads may share one cache (and the one of `check_from_request`): two
    threads asking for the same new check at once may each build it, and
    either object is the same value.

    >>> from rollwerk.plugins import Registry
    >>> from rollwerk.testing import examples
    >>> toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    >>> requests = CheckRequests(maxsize=100)
    >>> check = requests.build(toy, "skill=3")
    >>> requests.build(toy, {"skill": "3"}) is check
    True
    >>> check.parameters["skill"]
    3
    """

    def __init__(self, maxsize: int = 4096, max_results: int = 65536) -> None:
        """Create an empty cache of at most ``maxsize`` entries (at least 1).

        ``max_results`` bounds the results the kept checks' memos may come
        to hold (each entry counts its check's; the latest entry is always
        kept): about 1 kB each, 70 MB for the default.

        Raises:
            ParameterError: ``maxsize`` or ``max_results`` is not a
                positive integer.
        """
        if isinstance(maxsize, bool) or not isinstance(maxsize, int) or maxsize < 1:
            raise ParameterError("maxsize", maxsize, "an integer >= 1")
        if max_results.__class__ is not int or max_results < 1:
            raise ParameterError("max_results", max_results, "an integer >= 1")
        self.maxsize = maxsize
        self.max_results = max_results
        self._results = 0
        """The memo sizes of the entries' checks, summed (under ``_lock``)."""
        self._lock = threading.Lock()
        self._entries: dict[object, tuple[object, Check]] = {}
        self._specs: dict[tuple[int, str | None], tuple[object, CheckSpec, str]] = {}

    def __repr__(self) -> str:
        """``CheckRequests(maxsize=100, entries=2)``: its bound and how full it is.

        A request is kept by its words and by its values (two entries when
        they differ), each counted against ``maxsize``.
        """
        return f"CheckRequests(maxsize={self.maxsize}, entries={len(self)})"

    def __len__(self) -> int:
        """How many entries the cache holds."""
        return len(self._entries)

    def clear(self) -> None:
        """Forget every check."""
        with self._lock:
            self._entries.clear()
            self._results = 0
        self._specs.clear()

    def build(
        self,
        ruleset: OffersChecks,
        request: str | Sequence[str] | Mapping[str, str | int | bool],
        *,
        check: str | None = None,
    ) -> Check:
        """The check ``request`` asks ``ruleset`` for, built once.

        Args:
            ruleset: The ruleset (as [`Registry.ruleset`][rollwerk.plugins.Registry.ruleset]
                gives it).
            request: ``"pw=14 bonus=2"`` (words split at white space),
                ``["pw=14", "bonus=2"]`` or ``{"pw": "14", "bonus": "2"}``.
            check: The check's name; ``None`` takes the ruleset's first.

        Raises:
            UnknownCheck: No such check (or a ``check`` that is not a string).
            ParameterError: As [`parse_words`][rollwerk.checks.parse_words],
                or a value the check's factory refuses.
            RulesError: Values each allowed that the ruleset's rules do not
                allow together (AdZ: supporting dice on an attribute check).
        """
        entries = self._entries
        if isinstance(request, str):
            key: object = (
                (id(ruleset), check, request) if len(request) <= _CACHED_TEXT else None
            )
        elif isinstance(request, Mapping):
            # with the values' types: 1 == True, but "pw": true is refused
            key = (
                None  # no check has that many parameters: not worth a key
                if len(request) > _CACHED_WORDS
                else (
                    id(ruleset),
                    check,
                    2,
                    tuple((k, v.__class__, v) for k, v in request.items()),
                )
            )
            if key is not None and _long(request.items()):
                key = None
        elif isinstance(request, Sequence) and all(
            isinstance(word, str) for word in request
        ):
            key = (
                None  # as a mapping of that many keys
                if len(request) > _CACHED_WORDS or _long(request)
                else (id(ruleset), check, 1, tuple(request))
            )
        else:
            raise ParameterError(
                "request",
                request,
                'request text ("pw=14"), a list of key=value words or a '
                "mapping of names to texts",
            )
        try:
            # no key for a request of very many words (no check has that many
            # parameters): refused at the first one, none of them keyed
            found = None if key is None else entries.get(key)
        except TypeError:  # an unhashable value: parse_mapping refuses it
            found, key = None, None
        if found is not None and found[0] is ruleset:
            return found[1]
        try:
            known = self._specs.get((id(ruleset), check))
        except TypeError:  # an unhashable check name: find_spec refuses it
            known = None
        if known is not None and known[0] is ruleset:
            spec, where = known[1], known[2]
        else:
            spec = find_spec(ruleset, check)
            where = f"{ruleset.id}:{spec.name}"
            if len(self._specs) >= self.maxsize:
                self._specs.clear()
            self._specs[id(ruleset), check] = (ruleset, spec, where)
        if isinstance(request, str):
            # split as a shell splits the CLI's words: at ASCII white space
            # only (str.split() also splits at a no-break space)
            words = request.split() if request.isascii() else _ascii_words(request)
            values = _read(spec.parameters, spec._by_name, words, where)
        elif isinstance(request, Mapping):
            values = parse_mapping(spec, request, where)
        else:
            values = parse_words(spec, list(request), where)
        # every declared value, a default written out or left out alike
        canonical = (
            id(ruleset),
            spec.name,
            0,
            tuple([values.get(name, default) for name, default, _ in spec._fill]),
        )
        same = entries.get(canonical)
        if same is not None and same[0] is ruleset:
            built = same[1]
            if key is not None:
                self._put((key,), same)
            return built
        built = spec._build(values, validate=False)  # parse validated them
        if any(v.__class__ is str and len(v) > _CACHED_TEXT for v in canonical[3]):
            return built  # a long free text: not kept, as a long request is not
        # both entries, then the oldest forgotten
        self._put((canonical,) if key is None else (canonical, key), (ruleset, built))
        return built

    def _put(self, keys: tuple[object, ...], entry: tuple[object, Check]) -> None:
        """Keep ``entry`` under ``keys`` as the latest, then forget the oldest.

        The oldest go while there are more than ``maxsize`` entries, or
        their checks' memos may hold more than ``max_results`` results in
        all (the ones just kept stay). Under a lock: lookups read without
        one, and see an entry or not.
        """
        size = _memo_size(entry[1])
        with self._lock:
            entries = self._entries
            for key in keys:
                old = entries.pop(key, None)  # kept again as the latest
                if old is not None:
                    self._results -= _memo_size(old[1])
                entries[key] = entry
                self._results += size
            while len(entries) > self.maxsize or (
                self._results > self.max_results and len(entries) > len(keys)
            ):
                gone = entries.pop(next(iter(entries)))
                self._results -= _memo_size(gone[1])


_SHARED = CheckRequests()
"""The cache [`check_from_request`][rollwerk.checks.check_from_request] uses."""


def check_from_request(
    ruleset: OffersChecks,
    request: str | Sequence[str] | Mapping[str, str | int | bool],
    *,
    check: str | None = None,
) -> Check:
    """The check ``request`` asks ``ruleset`` for, from a shared bounded cache.

    The bot path: text in, a check out, parsed as ``rollwerk check`` parses
    its ``key=value`` words and with its messages. A repeated request is a
    dictionary lookup, and its check's memo answers the resolution; the
    shared cache holds at most 4096 entries (make a
    [`CheckRequests`][rollwerk.checks.CheckRequests] of your own for
    another bound).

    >>> from rollwerk import SeededRng
    >>> from rollwerk.plugins import Registry
    >>> from rollwerk.testing import examples
    >>> toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    >>> check_from_request(toy, "skill=3").resolve(SeededRng(7)).explain()
    'rolled 5 against a chance of 3: failure'
    >>> check_from_request(toy, "skill=zero")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: skill must be an integer from 0 to 6, got 'zero'

    Raises:
        UnknownCheck: No such check (or a ``check`` that is not a string).
        ParameterError: A request that is none of the three forms, a
            malformed word, an unknown or repeated key, or a value the
            parameter does not allow.
        RulesError: Values each allowed that the ruleset's rules do not
            allow together (AdZ: supporting dice on an attribute check).
    """
    return _SHARED.build(ruleset, request, check=check)


def _ascii_words(text: str) -> list[str]:
    """``text`` split at ASCII white space only, as ``str.split()`` splits ASCII."""
    return [word for word in re.split(r"[ \t\n\r\f\v]+", text) if word]
