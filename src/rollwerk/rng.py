"""Sources of randomness: the `Rng` protocol and its three implementations."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Mapping, Sized
from types import TracebackType
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

from rollwerk._slots import slots_state
from rollwerk.errors import (
    LimitExceeded,
    ParameterError,
    SchemaError,
    ScriptExhausted,
    ScriptNotExhausted,
    shown,
)

__all__ = ["Rng", "ScriptedRng", "SeededRng", "SystemRng", "checked"]


@runtime_checkable
class Rng(Protocol):
    """The one source of randomness; everything that rolls takes one.

    An Rng produces die faces: `roll(sides)` returns an integer from 1 to
    `sides`, each equally likely. Dice with other faces (Fudge dice, custom
    faces) map that index to their face.
    """

    def roll(self, sides: int) -> int:
        """Return a uniformly random integer from 1 to ``sides`` inclusive."""
        ...


_WORD = 1 << 32
_STATE_WORDS = 624  # the Mersenne Twister's state: 624 words and a position
_TOP_BIT = 2**31  # the one bit of the first state word the twister reads
_SCHEMA = 1
_FIELDS = ("schema", "rng", "seed", "state")
"""The fields of a saved seeded Rng."""
_INT64 = 1 << 63
_SEED_DIGITS = re.compile(r"-?[0-9]{19,400}")
_SEED_LIMIT = 10**400
"""A seed written as digits: outside the JSON integers (a text's SHA-256 seed)."""


_SEED_ALLOWED = (
    "an integer from -2**63 to 2**63 - 1, or the decimal digits of one "
    "outside that range"
)


def _json_seed(value: object, *, document: str | None = None) -> int:
    """A seed as JSON holds it: an int64, or the decimal digits of a larger one.

    What [`SeededRng.to_json`][rollwerk.rng.SeededRng.to_json] writes (and
    ``rollwerk roll --seed N --json`` and ``check --json``): a seed within
    −2⁶³…2⁶³ − 1 is an integer, never a string (``"12"`` is refused), a
    boolean or a float.

    >>> _json_seed(12), _json_seed(str(2**64))
    (12, 18446744073709551616)
    >>> _json_seed("12")
    Traceback (most recent call last):
    ...
    rollwerk.errors.SchemaError: seed must be an integer from -2**63 to 2**63 - 1, or the decimal digits of one outside that range, got '12'

    Raises:
        SchemaError: Anything else, at the path ``seed`` (in ``document``).
    """
    if type(value) is int and -_INT64 <= value < _INT64:
        return value
    if isinstance(value, str) and _SEED_DIGITS.fullmatch(value):
        seed = int(value)
        # as to_json writes it: no leading zero ("09223372036854775808")
        if not -_INT64 <= seed < _INT64 and str(seed) == value:
            return seed
    raise SchemaError.field("seed", _SEED_ALLOWED, value, document=document)


def _seed(value: object) -> int:
    """The seed of a saved seeded Rng: an int64, or the digits of a larger one."""
    return _json_seed(value, document=_DOCUMENT)


def _required(field: str, expected: str) -> SchemaError:
    return SchemaError.missing(field, expected, document=_DOCUMENT)


_DOCUMENT = "seeded rng"


class SeededRng:
    """A reproducible Rng: the same seed gives the same faces everywhere.

    It uses its own Mersenne Twister instance (never the global ``random``
    state) and an algorithm fixed here, so that results depend on neither
    the platform nor the Python version. A face of a die with ``sides``
    faces is read from one 32-bit output ``x`` of the twister
    (``getrandbits``), drawing again while ``x`` falls into the incomplete
    last block:

    - up to 256 sides: the top byte ``b = x >> 24``, rejected when
      ``b >= 256 - 256 % sides``, gives ``b % sides + 1`` (a d6 rejects 4
      bytes of 256, a d20 16);
    - up to ``2**32`` sides: ``x`` itself, rejected when
      ``x >= 2**32 - 2**32 % sides``, gives ``x % sides + 1``;
    - more sides: ``r = getrandbits(sides.bit_length())``, rejected when
      ``r >= sides``, gives ``r + 1``.

    The seed is an integer of at most 400 digits (what
    [`to_json`][rollwerk.rng.SeededRng.to_json] writes must load back). The
    twister starts as ``random.Random(abs(seed))`` starts it: the reference
    MT19937 ``init_by_array`` over the seed's 32-bit words, least
    significant first (a seed of 0 is the one word 0), so that another
    implementation of MT19937 replays it; the saved state is the 624 words
    and position of ``getstate()``. As in `random.Random`, a negative seed
    gives the same faces as its absolute value (``SeededRng(-5)`` rolls like
    ``SeededRng(5)``).

    >>> rng = SeededRng(42)
    >>> tuple(rng.roll(6) for _ in range(5))
    (2, 5, 1, 4, 5)

    A text (a user name, a channel id) seeds it through
    [`from_text`][rollwerk.rng.SeededRng.from_text], and the state between
    two rolls is saved with [`to_json`][rollwerk.rng.SeededRng.to_json] and
    restored with [`from_json`][rollwerk.rng.SeededRng.from_json]: the
    restored Rng rolls on exactly where the saved one stood.

    >>> saved = rng.to_json()
    >>> tuple(rng.roll(20) for _ in range(3))
    (3, 18, 16)
    >>> again = SeededRng.from_json(saved)
    >>> tuple(again.roll(20) for _ in range(3))
    (3, 18, 16)
    """

    __slots__ = ("_bits", "_twister", "seed")
    __getstate__ = slots_state  # pickle's protocols 0 and 1 too

    def __init__(self, seed: int) -> None:
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int)
            or not -_SEED_LIMIT < seed < _SEED_LIMIT
        ):
            # what to_json writes must load back: at most 400 digits
            raise ParameterError("seed", seed, "an integer of at most 400 digits")
        self.seed = seed
        """The seed this Rng was created with."""
        self._twister = random.Random(seed)
        self._bits = self._twister.getrandbits

    @staticmethod
    def text_seed(text: str) -> int:
        """The integer seed of ``text``: its SHA-256 digest, read big-endian.

        The mapping is fixed here and uses no platform or Python-version
        dependent hashing (not `hash`, not `random.seed` of a string):
        the text is encoded as UTF-8, hashed with SHA-256, and the 32 bytes
        of the digest are read as one unsigned big-endian integer.

        >>> SeededRng.text_seed("")
        102987336249554097029535212322581322789799900648198034993379397001115665086549

        Raises:
            ParameterError: ``text`` is not a string, or holds a lone
                surrogate (U+D800 to U+DFFF alone), which UTF-8 cannot encode.
        """
        if not isinstance(text, str):
            raise ParameterError("text", text, "a string")
        import hashlib  # only for text seeds: keeps start-up cheap

        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ParameterError(
                "text",
                text,
                f"a string UTF-8 can encode (no lone surrogate, as at index {exc.start})",
            ) from None
        return int.from_bytes(hashlib.sha256(data).digest(), "big")

    @classmethod
    def from_text(cls, text: str) -> SeededRng:
        """A seeded Rng for a text: the same text rolls the same faces everywhere.

        The seed is [`text_seed(text)`][rollwerk.rng.SeededRng.text_seed]
        (SHA-256 of the UTF-8 text, as an integer), so a bot can give every
        user or channel its own reproducible dice:

        >>> rng = SeededRng.from_text("#tavern")
        >>> tuple(rng.roll(20) for _ in range(4))
        (7, 2, 2, 14)
        >>> rng.seed == SeededRng.text_seed("#tavern")
        True

        Raises:
            ParameterError: ``text`` is not a string.
        """
        return cls(cls.text_seed(text))

    def to_json(self) -> dict[str, Any]:
        """The seed and the exact state between two rolls, as plain JSON.

        ``{"schema": 1, "rng": "seeded", "seed": <int>, "state": [...]}``:
        ``state`` is the Mersenne Twister's 624 32-bit words followed by its
        position (0 to 624). A seed outside −2⁶³…2⁶³ − 1 (a text's SHA-256
        seed is 256 bits) is written as a string of its decimal digits, as
        JSON integers stay within 64 bits.
        [`from_json`][rollwerk.rng.SeededRng.from_json] restores an Rng that
        rolls on exactly as this one would (its ``to_json()`` is equal).
        """
        _, internal, _ = self._twister.getstate()
        seed = self.seed
        return {
            "schema": _SCHEMA,
            "rng": "seeded",
            "seed": seed if -_INT64 <= seed < _INT64 else str(seed),
            "state": list(internal),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeededRng:
        """Restore what [`to_json`][rollwerk.rng.SeededRng.to_json] wrote.

        The Rng rolls on from ``state``; ``seed`` is kept as the record of
        what it began with and is not checked against the state (a state
        mid-stream cannot tell its seed), so a document whose seed was
        edited restores an Rng that reports that seed.

        Raises:
            SchemaError: The document is not a saved seeded Rng: a wrong
                schema or ``rng``, a seed that is neither an integer from
                −2⁶³ to 2⁶³ − 1 nor the decimal digits of one outside it, or a
                state that is not 624 words from 0 to 2**32 - 1 (not all
                zero, the low 31 bits of the first word aside, which the
                twister ignores) and a position from 0 to 624.
        """
        if not isinstance(data, Mapping):
            raise SchemaError.field("", "an object", data, document=_DOCUMENT)
        from rollwerk._jsonutil import document, known, schema_version

        with document(_DOCUMENT):
            schema_version(data, _SCHEMA)
        if "rng" not in data:
            raise _required("rng", "'seeded'")
        if data.get("rng") != "seeded":
            raise SchemaError.field("rng", "'seeded'", data["rng"], document=_DOCUMENT)
        with document(_DOCUMENT):
            known(data, _FIELDS)
        if "seed" not in data:
            raise _required("seed", _SEED_ALLOWED)
        seed = _seed(data["seed"])
        words = (
            f"a list of {_STATE_WORDS} integers from 0 to 2**32 - 1 and a "
            f"position from 0 to {_STATE_WORDS}"
        )
        if "state" not in data:
            raise _required("state", words)
        state = data["state"]
        if not isinstance(state, list) or len(state) != _STATE_WORDS + 1:
            got = (
                f"a list of {len(state)} item{'' if len(state) == 1 else 's'}"
                if isinstance(state, list)
                else shown(state)
            )
            raise SchemaError(
                f"must be {words}, got {got}",
                path="state",
                expected=words,
                document=_DOCUMENT,
            )
        for i, word in enumerate(state):
            top = _STATE_WORDS if i == _STATE_WORDS else _WORD - 1
            if (
                isinstance(word, bool)
                or not isinstance(word, int)
                or not 0 <= word <= top
            ):
                raise SchemaError.field(
                    f"state[{i}]",
                    f"an integer from 0 to {top}",
                    word,
                    document=_DOCUMENT,
                )
        # the twister reads only the top bit of the first word: with that bit
        # and every other word 0 it would give nothing but zeros (all 1s)
        if not (state[0] & _TOP_BIT or any(state[1:_STATE_WORDS])):
            expected = (
                "a state the twister can run from: a word after the first "
                "that is not 0, or the first word's top bit (2**31) set (it "
                "reads no other bit of the first word)"
            )
            raise SchemaError(
                f"must be {expected}, got 624 words that are 0 but for the low "
                f"31 bits of the first ({state[0]})",
                path="state",
                expected=expected,
                document=_DOCUMENT,
            )
        rng = cls(seed)
        rng._twister.setstate((3, tuple(state), None))
        return rng

    def roll(self, sides: int) -> int:
        """Return a uniformly random integer from 1 to ``sides`` inclusive."""
        if sides.__class__ is not int or sides < 1:
            raise ParameterError("sides", sides, "an integer >= 1")
        bits = self._bits
        if sides <= 256:
            limit = 256 - 256 % sides
            r = bits(8)
            while r >= limit:
                r = bits(8)
            return r % sides + 1
        if sides <= _WORD:
            limit = _WORD - _WORD % sides
            r = bits(32)
            while r >= limit:
                r = bits(32)
            return r % sides + 1
        k = sides.bit_length()
        r = bits(k)
        while r >= sides:
            r = bits(k)
        return r + 1

    def __setstate__(self, state: Any) -> None:
        # A copied or unpickled Rng draws from its own twister: ``_bits`` is
        # bound again (a bound built-in method is copied as it is, still
        # drawing from the twister of the Rng it was copied from).
        attrs, slots = state if isinstance(state, tuple) else (state, None)
        for name, value in {**(attrs or {}), **(slots or {})}.items():
            setattr(self, name, value)
        self._bits = self._twister.getrandbits

    def __copy__(self) -> SeededRng:
        # as with ``random.Random``: a copy is a new Rng in the same state,
        # not a second name for this one's twister
        import copy

        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return f"SeededRng({self.seed!r})"


_SYSTEM = random.SystemRandom()


class SystemRng:
    """An unpredictable Rng backed by the operating system (`os.urandom`).

    Use it for bots and games where players must not predict rolls; it cannot
    be replayed except from the recorded faces of its results.
    """

    __slots__ = ()

    def roll(self, sides: int) -> int:
        """Return a uniformly random integer from 1 to ``sides`` inclusive."""
        if sides.__class__ is not int or sides < 1:
            raise ParameterError("sides", sides, "an integer >= 1")
        return _SYSTEM.randrange(sides) + 1

    def __repr__(self) -> str:
        return "SystemRng()"


class ScriptedRng:
    """An Rng that plays back given faces in order: tests, replays, examples.

    >>> rng = ScriptedRng([2, 1, 17])
    >>> rng.roll(20), rng.roll(20), rng.roll(20)
    (2, 1, 17)
    >>> rng.roll(20)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ScriptExhausted: scripted Rng ran out of faces: all 3 given faces were used, a 4th d20 was asked for

    A face that cannot appear on the requested die is an error, not clamped:

    >>> ScriptedRng([7]).roll(6)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: the 1st face must be an integer from 1 to 6 for a d6, got 7

    Faces left over pass silently: ``remaining`` says how many. A worked
    example that must use every face says so with
    [`assert_exhausted`][rollwerk.rng.ScriptedRng.assert_exhausted], or
    rolls in a ``with`` block, which checks it on leaving (unless the block
    raised):

    >>> with ScriptedRng([3, 4]) as rng:
    ...     rng.roll(6) + rng.roll(6)
    7
    >>> with ScriptedRng([3, 4, 6]) as rng:
    ...     total = rng.roll(6) + rng.roll(6)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ScriptNotExhausted: scripted Rng has faces left over: 2 of the 3 given faces were used, 1 was not ([6])
    """

    __slots__ = ("_faces", "_pos")
    __getstate__ = slots_state  # pickle's protocols 0 and 1 too

    MAX_FACES: ClassVar[int] = 1_000_000
    """The most faces one script holds; more raise
    [`LimitExceeded`][rollwerk.errors.LimitExceeded] before the script is
    kept (an iterator that does not end, after this many and one more)."""

    def __init__(self, faces: Iterable[int]) -> None:
        if isinstance(faces, (str, bytes, bytearray)) or not isinstance(
            faces, Iterable
        ):
            raise ParameterError("faces", faces, "an iterable of integers")
        most = self.MAX_FACES
        if isinstance(faces, Sized) and len(faces) > most:
            raise LimitExceeded("scripted faces", len(faces), most)
        self._faces = tuple(itertools.islice(faces, most + 1))
        if len(self._faces) > most:  # an iterator: it gave more (or never ends)
            raise LimitExceeded("scripted faces", most + 1, most, at_least=True)
        for i, face in enumerate(self._faces, start=1):
            if isinstance(face, bool) or not isinstance(face, int):
                raise ParameterError(f"the {_ordinal(i)} face", face, "an integer")
        self._pos = 0

    @property
    def remaining(self) -> int:
        """How many faces have not been played back yet."""
        return len(self._faces) - self._pos

    @property
    def used(self) -> int:
        """How many faces have been played back."""
        return self._pos

    def assert_exhausted(self) -> None:
        """Refuse faces left over: every given face must have been played back.

        Raises:
            ScriptNotExhausted: Some were not; it says how many of how many
                were used and which are left.
        """
        if self._pos < len(self._faces):
            raise ScriptNotExhausted(
                len(self._faces), self._pos, self._faces[self._pos :]
            )

    def __enter__(self) -> ScriptedRng:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        # an error inside the block is the one to see, not the faces it left
        if exc_type is None:
            self.assert_exhausted()

    def roll(self, sides: int) -> int:
        """Return the next scripted face, checking that it fits the die."""
        if sides.__class__ is not int or sides < 1:
            raise ParameterError("sides", sides, "an integer >= 1")
        if self._pos >= len(self._faces):
            n = len(self._faces)
            used = {
                0: "no faces were given",
                1: "the 1 given face was used",
            }.get(n, f"all {n} given faces were used")
            raise ScriptExhausted(
                f"scripted Rng ran out of faces: {used}, "
                f"a {_ordinal(n + 1)} d{sides} was asked for",
                given=n,
                sides=sides,
            )
        face = self._faces[self._pos]
        if not 1 <= face <= sides:
            zero = " (a 0 on it is written 10)" if face == 0 and sides == 10 else ""
            if face == 0 and sides == 100:
                zero = " (00 on it is written 100)"
            raise ParameterError(
                f"the {_ordinal(self._pos + 1)} face",
                face,
                f"an integer from 1 to {sides} for a d{sides}{zero}",
            )
        self._pos += 1
        return face

    def __repr__(self) -> str:
        return f"ScriptedRng({list(self._faces)!r})"


class _CheckedRng:
    """Another Rng, each face it gives checked against the protocol.

    rollwerk's own Rngs keep their promise; a caller's Rng is taken at its
    word only after its face is seen to be an integer from 1 to ``sides``:
    a face of 7 from ``roll(6)`` would lie outside every exact distribution.
    """

    __slots__ = ("_roll", "rng")
    __getstate__ = slots_state  # pickle's protocols 0 and 1 too

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._roll = rng.roll

    def __setstate__(self, state: Any) -> None:
        # a copy calls its own Rng's roll, not the one it was copied from
        _, slots = state
        self.rng = slots["rng"]
        self._roll = self.rng.roll

    def roll(self, sides: int) -> int:
        """The wrapped Rng's face for ``sides``, if it is one.

        Raises:
            ParameterError: It is not an integer from 1 to ``sides``.
        """
        face = self._roll(sides)
        if face.__class__ is not int or not 1 <= face <= sides:
            allowed = f"an integer from 1 to {sides} (the Rng protocol)"
            if isinstance(face, int) and face.__class__ not in (int, bool):
                # an IntEnum or numpy-like int subclass: say why 1 is not 1
                allowed = (
                    f"a plain int from 1 to {sides} (the Rng protocol), not a "
                    f"{type(face).__name__}: return int(face)"
                )
            raise ParameterError(f"rng.roll({sides})", face, allowed)
        return face


def checked(rng: object) -> Rng:
    """``rng`` itself if its faces are known to fit, else its faces checked.

    rollwerk's own Rngs and an Rng checked already are returned as they are;
    any other object with a ``roll`` method is wrapped so that each face it
    gives is checked against the protocol (an integer from 1 to ``sides``).

    What rolls calls this once per roll, not per die: a bot's own Rng that
    gives 7 for a d6, ``"3"`` or ``None`` is refused with a
    `ParameterError` naming ``rng.roll(6)``, where it would have made a
    total no distribution has (or been blamed on a plugin). A hand-written
    check calls it too, first, and rolls with what it returns:

    >>> rng = checked(SeededRng(7))       # rollwerk's own: returned as it is
    >>> class Loaded:
    ...     def roll(self, sides: int) -> int:
    ...         return 7
    >>> checked(Loaded()).roll(6)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: rng.roll(6) must be an integer from 1 to 6 (the Rng protocol), got 7
    >>> checked(None)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]), got None

    Raises:
        ParameterError: ``rng`` has no ``roll``.
    """
    if rng.__class__ in _OWN:
        return cast("Rng", rng)
    if not is_rng(rng):
        raise not_an_rng(rng)
    return _CheckedRng(cast("Rng", rng))


_OWN = frozenset({SeededRng, SystemRng, ScriptedRng, _CheckedRng})
"""Rngs whose faces are known to fit: rollwerk's own, and checked ones."""


def is_rng(rng: object) -> bool:
    """Whether ``rng`` can be rolled with: it has a ``roll`` and is no class.

    A class such as ``SeededRng`` (not ``SeededRng(7)``) has a ``roll``
    too, which fails for want of the instance.

    >>> is_rng(SeededRng(7)), is_rng(SeededRng), is_rng(None)
    (True, False, False)
    """
    return callable(getattr(rng, "roll", None)) and not isinstance(rng, type)


def not_an_rng(rng: object) -> ParameterError:
    """The error for ``rng`` given where an Rng is expected (`is_rng` is false).

    >>> print(not_an_rng(SeededRng))
    rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]): an instance, not the class SeededRng, got <class 'rollwerk.rng.SeededRng'>
    """
    allowed = "an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...])"
    if isinstance(rng, type):
        allowed += f": an instance, not the class {rng.__name__}"
    return ParameterError("rng", rng, allowed)


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
