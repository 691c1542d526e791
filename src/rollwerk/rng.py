"""Sources of randomness: the `Rng` protocol and its three implementations."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from rollwerk.errors import ParameterError, ScriptExhausted

__all__ = ["Rng", "ScriptedRng", "SeededRng", "SystemRng"]


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

    As in `random.Random`, a negative seed gives the same faces as its
    absolute value (``SeededRng(-5)`` rolls like ``SeededRng(5)``).

    >>> rng = SeededRng(42)
    >>> tuple(rng.roll(6) for _ in range(5))
    (2, 5, 1, 4, 5)
    """

    __slots__ = ("_bits", "seed")

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ParameterError("seed", seed, "an integer")
        self.seed = seed
        """The seed this Rng was created with."""
        self._bits = random.Random(seed).getrandbits

    def roll(self, sides: int) -> int:
        """Return a uniformly random integer from 1 to ``sides`` inclusive."""
        if sides < 1:
            raise ParameterError("sides", sides, "at least 1")
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
        if sides < 1:
            raise ParameterError("sides", sides, "at least 1")
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
    rollwerk.errors.ParameterError: face 1 must be an integer from 1 to 6 for a d6, got 7
    """

    __slots__ = ("_faces", "_pos")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(faces)
        for i, face in enumerate(self._faces, start=1):
            if isinstance(face, bool) or not isinstance(face, int):
                raise ParameterError(f"face {i}", face, "an integer")
        self._pos = 0

    @property
    def remaining(self) -> int:
        """How many faces have not been played back yet."""
        return len(self._faces) - self._pos

    @property
    def used(self) -> int:
        """How many faces have been played back."""
        return self._pos

    def roll(self, sides: int) -> int:
        """Return the next scripted face, checking that it fits the die."""
        if self._pos >= len(self._faces):
            n = len(self._faces)
            raise ScriptExhausted(
                f"scripted Rng ran out of faces: all {n} given faces were used, "
                f"a {_ordinal(n + 1)} d{sides} was asked for"
            )
        face = self._faces[self._pos]
        if not 1 <= face <= sides:
            raise ParameterError(
                f"face {self._pos + 1}",
                face,
                f"an integer from 1 to {sides} for a d{sides}",
            )
        self._pos += 1
        return face

    def __repr__(self) -> str:
        return f"ScriptedRng({list(self._faces)!r})"


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
