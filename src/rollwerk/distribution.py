"""Exact, immutable probability distributions with `Fraction` probabilities."""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Generic, TypeGuard, TypeVar, cast, overload

from rollwerk._jsonutil import (
    array,
    document,
    known,
    nested,
    obj,
    schema_version,
    strict,
)
from rollwerk.errors import (
    LimitExceeded,
    ParameterError,
    RollwerkError,
    SchemaError,
    shown,
)

__all__ = ["MAX_OUTCOMES", "REPEAT_BITS", "REPEAT_WORK", "Distribution"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)
R = TypeVar("R")
_Counts = TypeVar("_Counts", bound="tuple[int | Fraction | float, ...]")
"""Tuples of numbers (counts of symbols), which sum element by element."""

JSONSCHEMA = 1
_PRETTY_LIMIT = 100_000  # the longest repr IPython is given to show


def _sorted_keys(keys: Iterable[T]) -> list[T]:
    keys = list(keys)
    try:
        return sorted(keys)  # type: ignore[type-var]
    except TypeError:
        return keys


class Distribution(Generic[T]):
    """A finite, exact probability distribution: outcome → `Fraction`.

    Probabilities are positive and sum to exactly 1. Internally the
    distribution holds integer weights over a common denominator, which keeps
    convolution and other operations fast; every probability it hands out is
    an exact `fractions.Fraction`. Distributions are immutable and
    hashable; two are equal when they give every outcome the same probability.

    >>> d6 = Distribution.uniform(range(1, 7))
    >>> two = d6 + d6
    >>> two[7]
    Fraction(1, 6)
    >>> two.mean()
    Fraction(7, 1)
    >>> two.probability(lambda total: total >= 10)
    Fraction(1, 6)
    """

    __slots__ = ("_hash", "_kinded", "_total", "_weights")

    _weights: dict[T, int]
    _total: int
    _kinded: dict[Any, object] | None

    def __init__(self, probabilities: Mapping[T, Fraction | int]) -> None:
        """Build a distribution from exact probabilities that sum to 1.

        Outcomes with probability 0 are dropped; negative probabilities or a
        sum other than 1 raise [`ParameterError`][rollwerk.errors.ParameterError].
        """
        if not isinstance(probabilities, Mapping) or not probabilities:
            raise ParameterError("probabilities", probabilities, "a non-empty mapping")
        if probabilities.__class__ is not dict:  # a dict holds no equal keys
            _check_kinds(list(probabilities))
        fracs: dict[T, Fraction] = {}
        for key, p in probabilities.items():
            if isinstance(p, bool) or not isinstance(p, (int, Fraction)):
                raise ParameterError(
                    f"probability of {key!r}", p, "a Fraction or an int"
                )
            if p < 0:
                raise ParameterError(f"probability of {key!r}", _shown(p), "at least 0")
            if p:
                fracs[key] = Fraction(p)
        total = sum(fracs.values(), Fraction(0))
        if total != 1:
            raise ParameterError("sum of probabilities", _shown(total), "exactly 1")
        denom = math.lcm(*(f.denominator for f in fracs.values()))
        keys = _sorted_keys(fracs)
        self._set({k: int(fracs[k] * denom) for k in keys}, denom)

    def _set(self, weights: dict[T, int], total: int) -> None:
        g = math.gcd(total, *weights.values())
        if g > 1:
            weights = {k: w // g for k, w in weights.items()}
            total //= g
        object.__setattr__(self, "_weights", weights)
        object.__setattr__(self, "_total", total)
        object.__setattr__(self, "_hash", None)
        object.__setattr__(self, "_kinded", None)

    def _held(self, outcome: object, weight: int) -> int:
        """``weight`` if the outcome held equal to ``outcome`` is of its kind, else 0.

        ``d[True]`` of integer outcomes is 0, as ``d[1]`` of bools and
        ``d[3.0]`` of integers: Python holds them equal, a distribution
        does not (as ``==`` of two distributions). The bools and floats
        held are found once (`_kinds`) and kept.
        """
        kinded: dict[Any, object] | None = self._kinded
        if kinded is None:
            kinded = _kinds(self._weights)
            object.__setattr__(self, "_kinded", kinded)
        if not kinded and outcome.__class__ not in _KIND_CLASSES:
            return weight  # no bool or float held, nor asked for
        return weight if _same_kind(kinded, outcome) else 0

    @classmethod
    def _from_weights(cls, weights: dict[U, int], total: int) -> Distribution[U]:
        new: Distribution[U] = object.__new__(Distribution)
        keys = _sorted_keys(weights)
        if all(map(operator.is_, keys, weights)):
            # already in order: a copy keeps the keys' hashes (no __hash__ call)
            new._set(dict(weights), total)
        else:
            new._set({k: weights[k] for k in keys}, total)
        return new

    # -- constructors ------------------------------------------------------

    @classmethod
    def from_weights(cls, weights: Mapping[U, int]) -> Distribution[U]:
        """Build a distribution from non-negative integer weights.

        >>> Distribution.from_weights({"hit": 3, "miss": 1})["hit"]
        Fraction(3, 4)
        """
        if not isinstance(weights, Mapping):
            raise ParameterError(
                "weights", weights, "a mapping of outcomes to integer weights"
            )
        if weights.__class__ is dict:
            # plain positive ints (the common case): copied without hashing
            # the keys again; anything else takes the checked path below
            values = weights.values()
            if all(w.__class__ is int and w > 0 for w in values):  # no bool
                fast = cast("dict[U, int]", weights)
                if fast:
                    return cls._from_weights(fast, sum(values))  # it copies
        clean: dict[U, int] = {}
        for key, w in weights.items():
            if isinstance(w, bool) or not isinstance(w, int) or w < 0:
                raise ParameterError(f"weight of {key!r}", w, "an integer >= 0")
            if w:
                clean[key] = clean.get(key, 0) + w
        if not clean:
            raise ParameterError("weights", dict(weights), "at least one weight > 0")
        if weights.__class__ is not dict:  # a dict holds no equal keys
            _check_kinds(list(weights))
        return cls._from_weights(clean, sum(clean.values()))

    @classmethod
    def uniform(cls, outcomes: Iterable[U]) -> Distribution[U]:
        """Each listed outcome equally likely (repeats count several times).

        More than `MAX_OUTCOMES` outcomes are refused: those of a sized
        collection (``range(10**7)``) before any is read, those of an
        iterator once it gives one more.

        >>> Distribution.uniform([1, 2, 2]).probability(2)
        Fraction(2, 3)

        Raises:
            ParameterError: ``outcomes`` is not an iterable, gives no outcome
                or an unhashable one, or outcomes that Python holds equal but
                of other kinds (``True`` and ``1``, ``1.0`` and ``1``).
            LimitExceeded: More than `MAX_OUTCOMES` outcomes.
        """
        if isinstance(outcomes, (str, bytes)) or not hasattr(outcomes, "__iter__"):
            raise ParameterError("outcomes", outcomes, "an iterable of outcomes")
        size = _size(outcomes)
        if size is not None and size > MAX_OUTCOMES:
            raise LimitExceeded("outcomes", size, MAX_OUTCOMES)
        values = list(itertools.islice(outcomes, MAX_OUTCOMES + 1))
        if len(values) > MAX_OUTCOMES:  # an iterator that does not end
            raise LimitExceeded("outcomes", len(values), MAX_OUTCOMES)
        try:
            weights = Counter(values)
        except TypeError:
            for o in values:
                try:
                    hash(o)
                except TypeError:  # noqa: PERF203 - the error path: the first refused
                    raise ParameterError("outcome", o, "a hashable value") from None
            raise  # pragma: no cover - a TypeError of no outcome's hash
        if not weights:
            raise ParameterError("outcomes", [], "at least one outcome")
        _check_kinds(values)
        return cls._from_weights(weights, len(values))

    @classmethod
    def constant(cls, outcome: U) -> Distribution[U]:
        """The distribution that always gives ``outcome``.

        Raises:
            ParameterError: ``outcome`` is not hashable.
        """
        try:
            return cls._from_weights({outcome: 1}, 1)
        except TypeError:
            raise ParameterError("outcome", outcome, "a hashable value") from None

    @classmethod
    def mixture(
        cls, parts: Iterable[tuple[Fraction, Distribution[U]]]
    ) -> Distribution[U]:
        """Combine distributions chosen with the given probabilities.

        ``parts`` pairs a probability with a distribution; the probabilities
        must sum to 1. This is the law of total probability. The parts'
        outcomes together, each a product as wide as the common denominator,
        are limited by `REPEAT_WORK` before they are added up (6 000 parts of
        6 000 outcomes took 5 s).

        >>> coin = Distribution.mixture([(Fraction(1, 2), Distribution.constant(0)),
        ...                              (Fraction(1, 2), Distribution.constant(1))])
        >>> coin[1]
        Fraction(1, 2)
        """
        if isinstance(parts, (str, bytes)) or not hasattr(parts, "__iter__"):
            raise ParameterError(
                "parts", parts, "an iterable of (probability, Distribution) pairs"
            )
        chosen: list[tuple[Fraction, Distribution[U]]] = []
        total = Fraction(0)
        for part in parts:
            if part.__class__ not in (tuple, list) or len(part) != 2:
                raise ParameterError(
                    "mixture part", part, "a (probability, Distribution) pair"
                )
            p, dist = part
            if isinstance(p, bool) or not isinstance(p, (int, Fraction)):
                raise ParameterError("mixture probability", p, "a Fraction or an int")
            if p < 0:
                raise ParameterError("mixture probability", _shown(p), "at least 0")
            if not isinstance(dist, Distribution):
                raise ParameterError("mixture part", dist, "a Distribution")
            total += p
            if p:
                chosen.append((Fraction(p), dist))
        if total != 1:
            if total == 0 and not chosen:
                raise ParameterError(
                    "parts", [], "at least one (probability, Distribution) pair"
                )
            raise ParameterError(
                "sum of mixture probabilities", _shown(total), "exactly 1"
            )
        # integer weights over one common denominator: no Fraction per outcome
        common = math.lcm(*(p.denominator * d._total for p, d in chosen))
        # an entry a weight: a product as wide as the common denominator
        entries = sum(len(d._weights) for _, d in chosen)
        work = entries * (common.bit_length() // 3000 + 1)
        if work > REPEAT_WORK:
            raise LimitExceeded(
                "exact computation size", work, REPEAT_WORK, operation="mixture"
            )
        if len(chosen) > 1:
            _check_kinds(
                list(itertools.chain.from_iterable(d._weights for _, d in chosen))
            )
        acc: dict[U, int] = {}
        get = acc.get
        for p, dist in chosen:
            scale = p.numerator * (common // (p.denominator * dist._total))
            for k, w in dist._weights.items():
                acc[k] = get(k, 0) + w * scale
        return Distribution._from_weights(acc, common)

    # -- mapping protocol --------------------------------------------------

    def __getitem__(self, outcome: T) -> Fraction:
        """The probability of ``outcome`` (0 for outcomes outside the support).

        An outcome of another kind than the one Python holds equal to it is
        outside the support: ``d6[True]`` and ``d6[1.0]`` are 0, as a
        distribution of bools gives ``d[1]`` 0 (``==`` of distributions
        tells the kinds apart the same way).

        Raises:
            ParameterError: ``outcome`` is not hashable.
        """
        try:
            w = self._weights.get(outcome, 0)
        except TypeError:
            raise ParameterError("outcome", outcome, "a hashable value") from None
        if w:
            w = self._held(outcome, w)
        return Fraction(w, self._total)

    def __iter__(self) -> Iterator[T]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __contains__(self, outcome: object) -> bool:
        """Whether ``outcome`` is in the support (an unhashable value is not).

        An outcome of another kind than the one held equal to it is not
        (``True in d6`` and ``3.0 in d6`` are ``False``), as ``d[outcome]``
        is 0 for it.
        """
        try:
            if outcome not in self._weights:
                return False
        except TypeError:  # [1] in d: no outcome is a list
            return False
        return self._held(outcome, 1) == 1

    def items(self) -> Iterator[tuple[T, Fraction]]:
        """Outcomes with their probabilities, sorted by outcome where possible.

        Each probability is reduced from its weight over the
        [`denominator`][rollwerk.distribution.Distribution.denominator];
        a denominator of tens of thousands of digits made of small primes
        (``500d6r1``'s) is reduced by those primes, not by a ``gcd`` of
        two such numbers apiece.
        """
        fraction = _reducer(self._total)
        for k, w in self._weights.items():
            yield k, fraction(w)

    @property
    def support(self) -> tuple[T, ...]:
        """The outcomes with positive probability, sorted where possible."""
        return tuple(self._weights)

    @property
    def denominator(self) -> int:
        """The least common denominator of all probabilities."""
        return self._total

    def weights(self) -> dict[T, int]:
        """Integer weights over [`denominator`][rollwerk.distribution.Distribution.denominator]."""
        return dict(self._weights)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        if self is other:
            return True
        if self._total != other._total or self._weights != other._weights:
            return False
        # Python holds True == 1 == 1.0, but their JSON and their statistics
        # differ: outcomes of another kind make another distribution
        return _kinds(self._weights) == _kinds(other._weights)

    def __hash__(self) -> int:
        h: int | None = getattr(self, "_hash", None)
        if h is None:
            h = hash((self._total, frozenset(self._weights.items())))
            object.__setattr__(self, "_hash", h)
        return h

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Distribution is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        # the integer weights as they are: no Fractions to build again
        return (Distribution._from_weights, (self._weights, self._total))

    def __repr__(self) -> str:
        body = ", ".join(
            f"{_key_repr(k)}: "
            f"{_frac_str(p) if p.denominator != 1 else _int_str(p.numerator)}"
            for k, p in self.items()
        )
        return f"Distribution({{{body}}})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The text IPython and Jupyter show: `repr`, or a summary of a huge one.

        Where `repr` would write more than 100 000 characters (``1000d6``
        writes 4 MB, ``500d6r1`` 186 MB over minutes), one line says how
        many outcomes there are, the first and last, and how long the exact
        probabilities are; ``repr(dist)`` still writes them all. See the docs
        page "In a notebook".
        """
        digits = self._total.bit_length() * 30103 // 100000 + 1
        if len(self._weights) * (2 * digits + 8) <= _PRETTY_LIMIT:
            printer.text(repr(self))
            return
        first = next(iter(self._weights))
        last = next(reversed(self._weights))
        printer.text(
            f"<Distribution of {len(self._weights)} outcomes, "
            f"{_key_repr(first)} … {_key_repr(last)}, exact probabilities "
            f"over a common denominator of about {digits} digits: repr() writes them all>"
        )

    def _repr_svg_(self) -> str:
        """A bar chart of the exact probabilities, for Jupyter and IPython.

        One bar per outcome, in order, heights proportional to the
        probabilities; check outcomes are named by degree (or success level)
        and value and coloured by success, contest outcomes by their value.
        See the docs page "In a notebook".
        """
        from rollwerk._svg import distribution_svg

        return distribution_svg(self.items())

    # -- queries -----------------------------------------------------------

    def probability(self, what: T | Callable[[T], bool]) -> Fraction:
        """The probability of one outcome, or of the outcomes a predicate accepts.

        A callable is always treated as a predicate.
        """
        if callable(what):
            w = sum(v for k, v in self._weights.items() if what(k))
        else:
            try:
                w = self._weights.get(what, 0)
            except TypeError:
                raise ParameterError(
                    "what", what, "an outcome (a hashable value) or a predicate"
                ) from None
            if w:
                w = self._held(what, w)
        return Fraction(w, self._total)

    def _numeric(self) -> dict[Any, int]:
        for k in self._weights:
            if isinstance(k, bool) or not isinstance(k, (int, Fraction)):
                raise ParameterError(
                    "outcomes",
                    k,
                    "numbers (int or Fraction) for this operation"
                    + (_BOOLS if isinstance(k, bool) else ""),
                )
        return cast("dict[Any, int]", self._weights)

    @overload
    def mean(self: Distribution[int]) -> Fraction: ...
    @overload
    def mean(self: Distribution[Fraction]) -> Fraction: ...
    @overload
    def mean(self: Distribution[int | Fraction]) -> Fraction: ...
    def mean(self) -> Fraction:
        """The exact expected value of a numeric distribution.

        Outcomes must be ints or `Fraction`s (a type checker refuses
        ``mean()`` of a ``Distribution[str]``, of bools or of floats):
        a bool or a float outcome is a `ParameterError` at run time.
        """
        w = self._numeric()
        return Fraction(sum(k * v for k, v in w.items()), self._total)

    @overload
    def variance(self: Distribution[int]) -> Fraction: ...
    @overload
    def variance(self: Distribution[Fraction]) -> Fraction: ...
    @overload
    def variance(self: Distribution[int | Fraction]) -> Fraction: ...
    def variance(self) -> Fraction:
        """The exact variance of a numeric distribution."""
        w = self._numeric()
        mu = cast("Distribution[int]", self).mean()
        return sum(((k - mu) ** 2 * v for k, v in w.items()), Fraction(0)) / self._total

    @overload
    def stdev(self: Distribution[int]) -> float: ...
    @overload
    def stdev(self: Distribution[Fraction]) -> float: ...
    @overload
    def stdev(self: Distribution[int | Fraction]) -> float: ...
    def stdev(self) -> float:
        """The standard deviation (a float: square roots are rarely rational).

        Beyond a float's range (about 1.8e308) it is ``inf``; a variance
        too small for a float (below about 1e-308) still gives its root
        (``5e-201`` for a variance of ``2.5e-401``).
        """
        v = cast("Distribution[int]", self).variance()
        if not v or _FLOAT_TINY <= v <= _FLOAT_HUGE:
            return math.sqrt(v)
        # beyond a float's range: the integer root of v × 4**k, about 2**64
        n, d = v.numerator, v.denominator
        k = (128 - (n.bit_length() - d.bit_length())) // 2
        root = math.isqrt((n << 2 * k) // d if k >= 0 else n // (d << -2 * k))
        try:
            return math.ldexp(float(root), -k)
        except OverflowError:
            return math.inf

    def cdf(self, outcome: T) -> Fraction:
        """The probability of an outcome less than or equal to ``outcome``.

        Raises:
            ParameterError: ``outcome`` does not compare with the outcomes,
                or is a NaN (which no outcome is less than or equal to).
        """
        if isinstance(outcome, float) and math.isnan(outcome):
            raise ParameterError(
                "outcome", outcome, "a value that compares with the outcomes, not NaN"
            )
        w = 0
        try:
            for k, v in self._weights.items():
                if k <= outcome:  # type: ignore[operator]
                    w += v
        except TypeError:
            raise ParameterError(
                "outcome", outcome, "a value that compares with the outcomes"
            ) from None
        return Fraction(w, self._total)

    def quantile(self, q: Fraction | float) -> T:
        """The smallest outcome whose cumulative probability reaches ``q``.

        ``q`` is compared exactly: a float is its binary value, so
        ``quantile(0.1)`` of a d10 is 2 (0.1 is slightly above 1/10) where
        ``quantile(Fraction(1, 10))`` is 1. Pass a `Fraction` for exact
        cut-offs.

        >>> Distribution.uniform(range(1, 7)).quantile(Fraction(1, 2))
        3
        """
        if (
            isinstance(q, bool)
            or not isinstance(q, (int, float, Fraction))
            or (isinstance(q, float) and not math.isfinite(q))
        ):
            raise ParameterError("q", q, "a probability from 0 to 1")
        qf = Fraction(q)
        if not 0 <= qf <= 1:
            raise ParameterError("q", q, "a probability from 0 to 1")
        acc = 0
        target = qf * self._total
        keys = list(self._weights)
        _ordered(lambda: sorted(keys), keys)  # type: ignore[type-var]  # no median of "a", 1
        for k in keys:
            acc += self._weights[k]
            if acc >= target:
                return k
        return keys[-1]  # pragma: no cover - acc reaches total

    def median(self) -> T:
        """The lower median (the 1/2 quantile)."""
        return self.quantile(Fraction(1, 2))

    def mode(self) -> T:
        """The most likely outcome (the smallest among equally likely ones).

        Raises:
            ParameterError: Several outcomes are the most likely and do not
                compare with each other (``1`` and ``"a"``): no one of them
                is the smallest, and equal distributions must give one mode.
        """
        best = max(self._weights.values())
        tied = [k for k, w in self._weights.items() if w == best]
        if len(tied) == 1:
            return tied[0]
        return _ordered(lambda: min(tied), tied)  # type: ignore[type-var]

    def min_outcome(self) -> T:
        """The smallest outcome in the support.

        Raises:
            ParameterError: The outcomes do not compare with each other.
        """
        return _ordered(lambda: min(self._weights), self._weights)  # type: ignore[type-var]

    def max_outcome(self) -> T:
        """The largest outcome in the support.

        Raises:
            ParameterError: The outcomes do not compare with each other.
        """
        return _ordered(lambda: max(self._weights), self._weights)  # type: ignore[type-var]

    # -- transformations ---------------------------------------------------

    def map(self, func: Callable[[T], U]) -> Distribution[U]:
        """Apply ``func`` to every outcome, merging outcomes that coincide.

        >>> Distribution.uniform(range(1, 7)).map(lambda x: x % 2 == 0)[True]
        Fraction(1, 2)

        Raises:
            ParameterError: ``func`` is not callable or gives an unhashable
                outcome.
        """
        _callable("func", func)
        out: dict[U, int] = {}
        get = out.get
        # the classes given (and the tuples, for their elements'): outcomes
        # of other kinds that merged are looked for only where they can be
        classes: set[type] = set()
        tuples: list[Any] = []
        last: object = None
        for k, w in self._weights.items():
            nk = func(k)
            try:
                out[nk] = get(nk, 0) + w
            except TypeError:
                raise ParameterError(f"func({k!r})", nk, "a hashable outcome") from None
            if nk.__class__ is not last:
                if nk.__class__ is tuple:
                    tuples.append(nk)
                else:
                    last = nk.__class__
                    classes.add(nk.__class__)
        if len(out) < len(self._weights):  # outcomes merged: of one kind each?
            _check_merged(classes, tuples, lambda: map(func, self._weights))
        return Distribution._from_weights(out, self._total)

    def bind(self, func: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Replace each outcome by a distribution (a two-stage experiment).

        ``func`` is called once per outcome; the distributions it gives are
        mixed as [`mixture`][rollwerk.distribution.Distribution.mixture]
        mixes them, under its limit. Once the outcomes given so far pass
        `REPEAT_WORK`, ``func`` is not called again.

        Raises:
            ParameterError: ``func`` is not callable or gives something other
                than a Distribution.
            LimitExceeded: The distributions ``func`` gives hold too many
                outcomes together (named ``mixture``).
        """
        _callable("func", func)
        parts = []
        # each outcome is at least one unit of mixture's work: refuse as soon
        # as the parts so far pass the limit, not after calling func for all
        entries = 0
        for k, w in self._weights.items():
            part = func(k)
            if not isinstance(part, Distribution):
                raise ParameterError(
                    f"func({k!r})", part, "a Distribution (bind's func gives one)"
                )
            entries += len(part._weights)
            if entries > REPEAT_WORK:
                raise LimitExceeded(
                    "exact computation size",
                    entries,
                    REPEAT_WORK,
                    operation="mixture",
                )
            parts.append((Fraction(w, self._total), part))
        return Distribution.mixture(parts)

    def condition(self, predicate: Callable[[T], bool]) -> Distribution[T]:
        """The distribution given that ``predicate`` holds.

        >>> Distribution.uniform(range(1, 7)).condition(lambda x: x > 4)[6]
        Fraction(1, 2)

        Raises:
            ParameterError: ``predicate`` is not callable or holds for no
                outcome.
        """
        _callable("predicate", predicate)
        kept = {k: w for k, w in self._weights.items() if predicate(k)}
        if not kept:
            raise ParameterError("predicate", predicate, "true for some outcome")
        return Distribution._from_weights(kept, sum(kept.values()))

    def combine(
        self, other: Distribution[U], func: Callable[[T, U], V]
    ) -> Distribution[V]:
        """The distribution of ``func(a, b)`` for independent ``a`` and ``b``.

        Raises:
            ParameterError: ``other`` is not a Distribution, or ``func`` is not
                callable or gives an unhashable outcome.
        """
        _callable("func", func)
        return self._checked_combine(other, func, "combine")

    def _checked_combine(
        self, other: Distribution[U], func: Callable[[T, U], V], operation: str
    ) -> Distribution[V]:
        """`combine` after its limit, refused in the words of ``operation``."""
        if not isinstance(other, Distribution):
            raise ParameterError("other", other, "a Distribution")
        with _named(operation):
            _check_pairs(self, other)
        return self._combine(other, func)

    def _combine(
        self, other: Distribution[U], func: Callable[[T, U], V]
    ) -> Distribution[V]:
        out: dict[V, int] = {}
        get = out.get
        ow = other._weights
        # the classes given (and the tuples, for their elements'): outcomes
        # of other kinds that merged are looked for only where they can be
        classes: set[type] = set()
        tuples: list[Any] = []
        last: object = None
        for a, wa in self._weights.items():
            for b, wb in ow.items():
                k = func(a, b)
                try:
                    out[k] = get(k, 0) + wa * wb
                except TypeError:
                    raise ParameterError(
                        f"func({a!r}, {b!r})", k, "a hashable outcome"
                    ) from None
                if k.__class__ is not last:
                    if k.__class__ is tuple:
                        tuples.append(k)
                    else:
                        last = k.__class__
                        classes.add(k.__class__)
        if len(out) < len(self._weights) * len(ow):  # outcomes merged
            _check_merged(
                classes, tuples, lambda: (func(a, b) for a in self._weights for b in ow)
            )
        return Distribution._from_weights(out, self._total * other._total)

    @overload
    def __add__(
        self: Distribution[int], other: Distribution[int] | int
    ) -> Distribution[int]: ...
    @overload
    def __add__(
        self: Distribution[Fraction],
        other: Distribution[Fraction] | Distribution[int] | Fraction | int,
    ) -> Distribution[Fraction]: ...
    @overload
    def __add__(
        self: Distribution[int], other: Distribution[Fraction] | Fraction
    ) -> Distribution[Fraction]: ...
    @overload
    def __add__(
        self: Distribution[int], other: Distribution[bool]
    ) -> Distribution[int]: ...
    @overload
    def __add__(
        self: Distribution[bool], other: Distribution[bool] | Distribution[int] | int
    ) -> Distribution[int]: ...
    @overload
    def __add__(
        self: Distribution[_Counts], other: Distribution[_Counts]
    ) -> Distribution[_Counts]: ...
    @overload
    def __add__(
        self, other: Distribution[Any] | int | Fraction | float
    ) -> Distribution[Any]: ...
    def __add__(
        self, other: Distribution[Any] | int | Fraction | float
    ) -> Distribution[Any]:
        """The sum of two independent distributions (convolution), or a shift.

        A number (an ``int``, a `Fraction` or a finite ``float``) shifts
        every outcome: ``d6 + Fraction(1, 2)`` is ``{3/2, …, 13/2}``.
        Tuple outcomes — counts of symbols, as narrative dice show them —
        add element by element (``(1, 0) + (0, 2)`` is ``(1, 2)``); a tuple
        and a number, or tuples of other lengths, are a `ParameterError`.
        """
        if _is_number(other):
            return _arith(
                lambda: self.map(lambda k: _add(k, other)),
                _ADDS,
                self,
                probe=(_add, self._weights, (other,)),
            )
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._sum(other, "a + b")

    def _sum(self, other: Distribution[Any], operation: str) -> Distribution[Any]:
        """``self + other`` after its limit, refused in the words of ``operation``."""
        with _named(operation):
            if _integers(self._weights) and _integers(other._weights):
                _check_product(self._weights, self._total, other._weights, other._total)
                return self._plus(other)
            counted = _counts_sum(self, other)
            if counted is not None:
                return counted
            _check_pairs(self, other)
        return self._plus(other)

    def _plus(self, other: Distribution[Any]) -> Distribution[Any]:
        """``self + other`` after the limits (``repeat_sum`` checks its own)."""
        if _integers(self._weights) and _integers(other._weights):
            from rollwerk._poly import _convolve

            total = self._total * other._total
            return Distribution._from_weights(
                _convolve(self._weights, other._weights), total
            )
        return _arith(
            lambda: self._combine(other, _add),
            _ADDS,
            self,
            other,
            probe=(_add, self._weights, other._weights),
        )

    @overload
    def __radd__(self: Distribution[int], other: int) -> Distribution[int]: ...
    @overload
    def __radd__(
        self: Distribution[Fraction], other: Fraction | int
    ) -> Distribution[Fraction]: ...
    @overload
    def __radd__(
        self: Distribution[int], other: Fraction
    ) -> Distribution[Fraction]: ...
    @overload
    def __radd__(self: Distribution[bool], other: int) -> Distribution[int]: ...
    @overload
    def __radd__(self, other: int | Fraction | float) -> Distribution[Any]: ...
    def __radd__(self, other: int | Fraction | float) -> Distribution[Any]:
        return self.__add__(other)

    @overload
    def __sub__(
        self: Distribution[int], other: Distribution[int] | int
    ) -> Distribution[int]: ...
    @overload
    def __sub__(
        self: Distribution[Fraction],
        other: Distribution[Fraction] | Distribution[int] | Fraction | int,
    ) -> Distribution[Fraction]: ...
    @overload
    def __sub__(
        self: Distribution[int], other: Distribution[Fraction] | Fraction
    ) -> Distribution[Fraction]: ...
    @overload
    def __sub__(
        self: Distribution[int], other: Distribution[bool]
    ) -> Distribution[int]: ...
    @overload
    def __sub__(
        self: Distribution[bool], other: Distribution[bool] | Distribution[int] | int
    ) -> Distribution[int]: ...
    @overload
    def __sub__(
        self: Distribution[_Counts], other: Distribution[_Counts]
    ) -> Distribution[_Counts]: ...
    @overload
    def __sub__(
        self, other: Distribution[Any] | int | Fraction | float
    ) -> Distribution[Any]: ...
    def __sub__(
        self, other: Distribution[Any] | int | Fraction | float
    ) -> Distribution[Any]:
        """The difference of two independent distributions, or a shift by a number."""
        if _is_number(other):
            return _arith(
                lambda: self.map(lambda k: _sub(k, other)),
                _ADDS,
                self,
                probe=(_sub, self._weights, (other,)),
            )
        if not isinstance(other, Distribution):
            return NotImplemented
        spans = _tuple_spans(self._weights)
        if (_integers(self._weights) and _integers(other._weights)) or (
            spans and len(spans) == len(_tuple_spans(other._weights) or ())
        ):
            # the sum of the negation: one packed product, not pair by pair
            return self._sum(-other, "a - b")
        return _arith(
            lambda: self._checked_combine(other, _sub, "a - b"),
            _ADDS,
            self,
            other,
            probe=(_sub, self._weights, other._weights),
        )

    @overload
    def __rsub__(self: Distribution[int], other: int) -> Distribution[int]: ...
    @overload
    def __rsub__(
        self: Distribution[Fraction], other: Fraction | int
    ) -> Distribution[Fraction]: ...
    @overload
    def __rsub__(
        self: Distribution[int], other: Fraction
    ) -> Distribution[Fraction]: ...
    @overload
    def __rsub__(self: Distribution[bool], other: int) -> Distribution[int]: ...
    @overload
    def __rsub__(self, other: int | Fraction | float) -> Distribution[Any]: ...
    def __rsub__(self, other: int | Fraction | float) -> Distribution[Any]:
        """``other`` minus each outcome (``10 - d6``), as ``other + d6`` adds."""
        if _is_number(other):
            return _arith(
                lambda: self.map(lambda k: _sub(other, k)),
                _ADDS,
                self,
                probe=(_sub, (other,), self._weights),
            )
        return NotImplemented

    @overload
    def __neg__(self: Distribution[int]) -> Distribution[int]: ...
    @overload
    def __neg__(self: Distribution[Fraction]) -> Distribution[Fraction]: ...
    @overload
    def __neg__(self: Distribution[bool]) -> Distribution[int]: ...
    @overload
    def __neg__(self: Distribution[_Counts]) -> Distribution[_Counts]: ...
    @overload
    def __neg__(self) -> Distribution[Any]: ...
    def __neg__(self) -> Distribution[Any]:
        """Each outcome negated."""
        return _arith(lambda: self.map(_neg), probe=(_neg, self._weights))

    @overload
    def __mul__(
        self: Distribution[int], other: Distribution[int] | int
    ) -> Distribution[int]: ...
    @overload
    def __mul__(
        self: Distribution[Fraction],
        other: Distribution[Fraction] | Distribution[int] | Fraction | int,
    ) -> Distribution[Fraction]: ...
    @overload
    def __mul__(
        self: Distribution[int], other: Distribution[Fraction] | Fraction
    ) -> Distribution[Fraction]: ...
    @overload
    def __mul__(
        self, other: Distribution[Any] | int | Fraction | float
    ) -> Distribution[Any]: ...
    def __mul__(
        self, other: Distribution[Any] | int | Fraction | float
    ) -> Distribution[Any]:
        """The product of two independent outcomes, or each outcome scaled.

        A number (an ``int``, a `Fraction` or a finite ``float``) multiplies
        every outcome, as notation's ``1d6*2`` does (``d6 * 2`` is
        ``{2, 4, …, 12}``, not two dice: that is `repeat_sum`). Two
        distributions multiply pair by pair, under the pairs' limit. Only
        numbers multiply: a tuple or a string outcome is a `ParameterError`.

        >>> d6 = Distribution.uniform(range(1, 7))
        >>> (d6 * 2).support
        (2, 4, 6, 8, 10, 12)
        >>> (d6 * d6)[36]
        Fraction(1, 36)
        """
        if _is_number(other, "factor"):
            return _arith(
                lambda: self.map(lambda k: _number(k) * other),
                _MULTIPLIES,
                self,
                probe=(lambda k: _number(k) * other, self._weights),
            )
        if not isinstance(other, Distribution):
            return NotImplemented
        return _arith(
            lambda: self._checked_combine(
                other, lambda a, b: _number(a) * _number(b), "a * b"
            ),
            _MULTIPLIES,
            self,
            other,
            probe=(lambda a, b: _number(a) * _number(b), self._weights, other._weights),
        )

    @overload
    def __rmul__(self: Distribution[int], other: int) -> Distribution[int]: ...
    @overload
    def __rmul__(
        self: Distribution[Fraction], other: Fraction | int
    ) -> Distribution[Fraction]: ...
    @overload
    def __rmul__(
        self: Distribution[int], other: Fraction
    ) -> Distribution[Fraction]: ...
    @overload
    def __rmul__(self, other: int | Fraction | float) -> Distribution[Any]: ...
    def __rmul__(self, other: int | Fraction | float) -> Distribution[Any]:
        return self.__mul__(other)

    @overload
    def repeat_sum(self: Distribution[int], n: int) -> Distribution[int]: ...
    @overload
    def repeat_sum(self: Distribution[Fraction], n: int) -> Distribution[Fraction]: ...
    @overload
    def repeat_sum(self: Distribution[bool], n: int) -> Distribution[int]: ...
    @overload
    def repeat_sum(self: Distribution[_Counts], n: int) -> Distribution[_Counts]: ...
    @overload
    def repeat_sum(self, n: int) -> Distribution[Any]: ...
    def repeat_sum(self, n: int) -> Distribution[Any]:
        """The sum of ``n`` independent copies.

        Integer outcomes a few apart (dice) are a polynomial power, as
        notation's dice are: Miller's recurrence or repeated squaring of
        packed big integers, whichever is cheaper (``d6.repeat_sum(2000)``
        takes about 10 ms). A sum whose exact weights would take more than
        `REPEAT_BITS`, or whose estimate exceeds `REPEAT_WORK`, raises
        `LimitExceeded` before any work (``d6.repeat_sum(10**6)``). Integers
        and Fractions a step apart (``[0, 10]``, ``[1/3, 1/2]``) are a
        power too, of the steps. Other outcomes, and values far apart, are
        summed by repeated squaring, under the same limits (their sums
        counted as the multisets of ``n`` outcomes).

        >>> Distribution.uniform([0, 1]).repeat_sum(3)[2]
        Fraction(3, 8)
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ParameterError("n", n, "an integer >= 0")
        if n and len(self._weights) == 1 and _commutes(self._weights):
            (only,) = self._weights  # one outcome: n times it, whatever n
            return Distribution.constant(_times(only, n))
        with _named(f"repeat_sum({n})"):
            return self._repeat_sum(n)

    def _repeat_sum(self, n: int) -> Distribution[Any]:
        lattice = _lattice(self._weights) if n > 1 else None
        if lattice is not None:
            low, step, steps = lattice
            half = _pairwise_size(steps, n, lattice, None)[1]
            power = _dense_power(steps, n, pairs=half * half)
            if power is not None:
                start = low * n
                return Distribution._from_weights(
                    {start + step * j: w for j, w in power.items()}, self._total**n
                )
        if n > 1:
            spans = _tuple_spans(self._weights)
            if spans:  # counts of symbols: one packed polynomial, when cheaper
                counted = _counts_power(self._weights, spans, n)
                if counted is not None:
                    return Distribution._from_weights(counted, self._total**n)
            _check_pairwise_sum(self._weights, n, lattice, spans)
        if n == 0:  # no symbols counted: the zero of the counts, or 0
            return Distribution.constant(_zero_of(self._weights))
        if n == 1 and _kinds(self._weights) and _commutes(self._weights):
            # a sum of bools is an int (sum([True]) == 1), also of one
            return self.map(lambda k: _times(k, 1))
        result: Distribution[Any] | None = None  # not 0: a tuple does not add to 0
        base: Distribution[Any] = self
        while n:
            if n & 1:
                result = base if result is None else result._plus(base)
            n >>= 1
            if n:
                base = base._plus(base)
        assert result is not None
        return result

    def maximum(self, other: Distribution[T]) -> Distribution[T]:
        """The larger of two independent outcomes.

        Raises:
            ParameterError: An outcome of one does not compare with one of
                the other.
        """
        return self._extreme(other, larger=True)

    def minimum(self, other: Distribution[T]) -> Distribution[T]:
        """The smaller of two independent outcomes.

        Raises:
            ParameterError: An outcome of one does not compare with one of
                the other.
        """
        return self._extreme(other, larger=False)

    def _extreme(self, other: Distribution[T], *, larger: bool) -> Distribution[T]:
        """`maximum` (``larger``) or `minimum`: numbers by their running sums.

        For outcomes that are all integers (or all `Fraction`s)
        ``P(max <= v) = P(a <= v) × P(b <= v)`` (and
        ``P(min >= v)`` alike), one pass over the sorted outcomes of both,
        so no limit applies beyond the result's size; other outcomes go
        pair by pair.
        """
        operation = "maximum" if larger else "minimum"
        if isinstance(other, Distribution) and _one_kind_of_number(self, other):
            return _extreme_numbers(self, other, larger=larger)
        if larger:
            pick: Callable[[Any, Any], Any] = lambda a, b: a if a >= b else b  # noqa: E731
        else:
            pick = lambda a, b: a if a <= b else b  # noqa: E731
        theirs = other._weights if isinstance(other, Distribution) else [other]
        return _ordered(
            lambda: self._checked_combine(other, pick, operation), self._weights, theirs
        )

    # -- floats and JSON ---------------------------------------------------

    def to_floats(self) -> dict[T, float]:
        """Probabilities as floats, for plotting; never used for computation."""
        t = self._total
        return {k: w / t for k, w in self._weights.items()}

    def to_json(self, encode: Callable[[T], object] | None = None) -> dict[str, Any]:
        """A plain-JSON form: ``{"schema": 1, "outcomes": [{"value", "probability"}]}``.

        Probabilities are exact ``"p/q"`` strings. ``encode`` turns an outcome
        into JSON (default: the outcome itself, which must be JSON already).

        Raises:
            ParameterError: Without ``encode``, an outcome that ``from_json``
                would not read back: anything but an integer from -2**63 to
                2**63 - 1, a finite float, a string, a bool or None; an
                ``encode`` that is not callable, or that gives something
                JSON cannot hold (a set).

        >>> Distribution.uniform([1, 2]).to_json()
        {'schema': 1, 'outcomes': [{'value': 1, 'probability': '1/2'}, {'value': 2, 'probability': '1/2'}]}
        """
        if encode is None:
            _check_json_outcomes(self._weights)
        elif not callable(encode):
            raise ParameterError("encode", encode, "a callable or None")
        text = weight_texts(self._total)
        values: list[object]
        if encode is None:
            values = list(self._weights)
        else:
            import json  # only here: the check path does not load json

            values = [encode(k) for k in self._weights]
            seen: dict[str, object] = {}
            for k, v in zip(self._weights, values, strict=True):
                if not _is_json(v):
                    raise ParameterError(
                        f"encode({k!r})",
                        v,
                        "a JSON value: None, a bool, an int, a finite float, a "
                        "str, or a list or dict (with str keys) of them",
                    )
                key = json.dumps(v, sort_keys=True)
                if key in seen:
                    raise ParameterError(
                        f"encode({shown(k)})",
                        v,
                        f"a value of its own (encode({shown(seen[key])}) gives it "
                        "too), so that from_json reads each outcome back",
                    )
                seen[key] = k
        pairs = list(zip(values, self._weights.values(), strict=True))
        if not _in_order(self._weights):
            # outcomes that do not sort together (Fluid's quality: None or a
            # number) are held in the order they were made; the document
            # orders them all the same, so equal distributions write equal
            # bytes: null, then numbers, then strings (else by their JSON)
            pairs.sort(key=_json_order if encode is None else _encoded_order)
        return {
            "schema": JSONSCHEMA,
            "outcomes": [{"value": v, "probability": text(w)} for v, w in pairs],
        }

    @overload
    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], decode: None = None
    ) -> Distribution[int | float | str | bool | None]: ...
    @overload
    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], decode: Callable[[Any], U]
    ) -> Distribution[U]: ...
    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], decode: Callable[[Any], U] | None = None
    ) -> Distribution[Any]:
        """Load what [`to_json`][rollwerk.distribution.Distribution.to_json] wrote."""
        if decode is not None and not callable(decode):
            raise ParameterError("decode", decode, "a callable or None")
        fast = _from_json_fast(data, decode)
        if fast is not None:
            return fast
        with document("distribution"):
            data = obj(data)
            schema_version(data, JSONSCHEMA)
            known(data, ("schema", "outcomes"))
            # each probability as its p and q, added over their least common
            # denominator once: a sum of Fractions reduces at every step
            probs: dict[Any, tuple[int, int]] = {}
            common = 1
            for i, item in enumerate(array(data, "outcomes")):
                with nested(f"outcomes[{i}]"):
                    entry = obj(item)
                    known(entry, ("value", "probability"))
                    raw = strict(entry, "value", "any")
                    with nested("value"):
                        value = (
                            _json_value(raw)
                            if decode is None
                            else _decoded(decode, raw)
                        )
                    try:
                        listed = value in probs
                    except TypeError:
                        raise ParameterError(
                            f"decode({shown(raw)})", value, "a hashable outcome"
                        ) from None
                    if listed:
                        earlier = next(k for k in probs if k == value)
                        if _kind(earlier) != _kind(value):
                            raise SchemaError.field(
                                "value",
                                f"{_MIXED_KINDS[:-1]}; {shown(earlier)} is listed "
                                "before)",
                                raw,
                            )
                        allowed = "an outcome not listed before"
                        if decode is not None:
                            allowed += (
                                f" (decode gave {shown(value)}, as for one before)"
                            )
                        raise SchemaError.field("value", allowed, raw)
                    text = strict(entry, "probability", "any")
                    try:
                        probs[value] = ratio = _ratio(text)
                    except SchemaError:
                        raise SchemaError.field(
                            "probability",
                            "a 'p/q' string of ASCII digits, q above 0",
                            text,
                        ) from None
                    q = ratio[1]
                    if common % q:
                        common = common * q // math.gcd(common, q)
            if not probs:
                raise SchemaError.field("outcomes", "a non-empty list", [])
            weights = {k: p * (common // q) for k, (p, q) in probs.items()}
            whole = sum(weights.values())
            if whole != common:
                raise _sum_error(whole, common)
            result: Distribution[U] = Distribution._from_weights(
                {k: w for k, w in weights.items() if w}, common
            )
            return result


def _decoded(decode: Callable[[Any], U], raw: Any) -> U:
    """``decode(raw)``; what it raises is refused as the value it could not read.

    A rollwerk error of its own passes as it is (the caller's context adds
    where, ``outcomes[i].value``); any other (``int("a")``'s `ValueError`) becomes a
    `SchemaError` naming ``value``, the JSON value and decode's complaint.
    """
    try:
        return decode(raw)
    except RollwerkError:
        raise
    except Exception as exc:  # noqa: BLE001 - a caller's decode: any failure
        raise SchemaError.field(
            "", f"a value decode accepts (it raised {type(exc).__name__}: {exc})", raw
        ) from None


def _sum_error(whole: int, common: int) -> SchemaError:
    """The refusal of outcomes whose probabilities add up to ``whole / common``, not 1."""
    total = Fraction(whole, common)
    expected = "a list whose probabilities add up to exactly 1"
    shown_total = _shown(total)
    sum_text = fraction_to_str(total) if shown_total is total else repr(shown_total)
    return SchemaError(
        f"must be {expected}, got probabilities adding up to {sum_text}",
        path="outcomes",
        expected=expected,
        document="distribution",
    )


def _from_json_fast(
    data: Any, decode: Callable[[Any], U] | None
) -> Distribution[U] | None:
    """A well-formed document read in one pass over integer weights, or None.

    ``from_json`` checks each field in its own context (for the path in a
    message) and adds the probabilities as fractions; for 100 000 outcomes
    that took seconds. This reads what ``to_json`` writes — the two keys,
    plain ``p/q`` texts of ASCII digits — into weights over their least
    common denominator; anything else (or anything wrong) returns None and
    the checked path reads it, with its messages.
    """
    if type(data) is not dict or len(data) != 2:
        return None
    schema, outcomes = data.get("schema"), data.get("outcomes")
    if type(schema) is not int or schema != JSONSCHEMA or type(outcomes) is not list:
        return None
    parsed: list[tuple[Any, int, int]] = []
    common = 1
    try:
        for entry in outcomes:
            if type(entry) is not dict or len(entry) != 2 or "value" not in entry:
                return None
            text = entry.get("probability")
            if type(text) is not str:
                return None
            num, _, den = text.partition("/")
            if not (
                num.isascii() and num.isdigit() and den.isascii() and den.isdigit()
            ):
                return None
            q = _str_int(den)
            if not q:
                return None
            raw = entry["value"]
            value = _json_value(raw) if decode is None else decode(raw)
            parsed.append((value, _str_int(num), q))
            if common % q:
                common = common * q // math.gcd(common, q)
    except Exception:  # noqa: BLE001 - the checked path says what and where
        return None
    weights: dict[Any, int] = {}
    for value, p, q in parsed:
        try:
            if value in weights:
                return None  # listed twice: the checked path says where
        except TypeError:
            return None  # unhashable: the checked path refuses it by name
        weights[value] = p * (common // q)
    whole = sum(weights.values())
    if not weights:
        return None  # no outcome at all: the checked path says so
    if whole != common:
        # every field was read as the checked path reads it: only the sum is
        # wrong, and reading it all again would take as long once more
        raise _sum_error(whole, common)
    weights = {k: w for k, w in weights.items() if w}
    return Distribution._from_weights(weights, common)


def _in_order(keys: Iterable[Any]) -> bool:
    """Whether ``keys`` are sorted, as a distribution of sortable outcomes holds them."""
    it = iter(keys)
    try:
        last = next(it)
        for key in it:
            if key < last:
                return False
            last = key
    except StopIteration:
        return True
    except TypeError:  # outcomes that do not compare (None and 1)
        return False
    return True


def _json_order(pair: tuple[Any, int]) -> tuple[int, Any]:
    """The place of a JSON scalar outcome: null, numbers (and bools), strings."""
    value = pair[0]
    if value is None:
        return (0, 0)
    if isinstance(value, (int, float)):
        return (1, value)
    return (2, value)


def _encoded_order(pair: tuple[Any, int]) -> str:
    """The place of an encoded outcome: its JSON text, keys sorted."""
    import json

    return json.dumps(pair[0], sort_keys=True)


_FLOAT_TINY = Fraction(2) ** -1000
"""Below this a variance is taken to the root as integers (a float would be 0)."""
_FLOAT_HUGE = Fraction(2) ** 1000
"""Above this a variance is taken to the root as integers (a float overflows)."""


def _kinds(weights: dict[Any, int]) -> dict[Any, object]:
    """The outcomes that are bools or floats (also in tuples), and their kinds.

    Equal outcomes of other kinds (an ``int`` and a `Fraction`, outcomes
    of a class of one's own) are the same outcome to a distribution.
    """
    return {k: kind for k in weights if (kind := _kind(k)) is not None}


def _kind(value: object) -> object:
    """``bool`` or ``float`` for such a value, a tuple of kinds, or None."""
    cls = value.__class__
    if cls is bool or cls is float:
        return cls
    if cls is tuple:
        kinds = tuple(_kind(e) for e in cast("tuple[object, ...]", value))
        return kinds if any(k is not None for k in kinds) else None
    return None


_OWN_KINDS = (bool, float)
"""Classes whose values are outcomes of their own kind (`_kind`)."""

_KIND_CLASSES = (bool, float, tuple)
"""Classes of outcomes that may be (or hold) outcomes of a kind of their own."""

_MIXED_KINDS = (
    "of one kind where they are equal (True == 1 == 1.0 in Python, but a bool, "
    "a float and an int are different outcomes here; map them to one kind "
    "first: map(int), map(float), map(bool))"
)


def _leaf_classes(values: Iterable[Any]) -> set[type]:
    """The classes of ``values``, and of the elements of their tuples at any depth.

    Built by C loops (``map(type, …)``): cheap enough for every outcome.
    """
    level = values if isinstance(values, (list, tuple)) else list(values)
    classes: set[type] = set(map(type, level))
    while tuple in classes:
        classes.discard(tuple)
        level = list(
            itertools.chain.from_iterable(v for v in level if v.__class__ is tuple)
        )
        classes.update(map(type, level))
    return classes


def _may_clash(classes: set[type]) -> bool:
    """Whether outcomes of these (leaf) classes can be equal but of other kinds."""
    return len(classes) > 1 and not classes.isdisjoint(_OWN_KINDS)


def _check_kinds(values: Iterable[Any]) -> None:
    """Refuse outcomes that Python holds equal but that are of other kinds.

    ``True``, ``1``, ``Fraction(1)`` and ``1.0`` are one key to a dict; a
    distribution would keep whichever came first. They are refused
    instead, by the first such pair: a distribution never depends on the
    order its outcomes were given in. The classes are looked at first
    (`_leaf_classes`): outcomes that are all ints, or all bools, pass
    without a look at each outcome.

    Raises:
        ParameterError: Two outcomes are equal in Python and of other kinds
            (`_kind`): ``got (True, 1)``.
    """
    values = values if isinstance(values, (list, tuple)) else list(values)
    classes = set(map(type, values))
    if len(classes) == 1 and tuple not in classes:
        return  # all ints, all bools, all strings: of one kind where equal
    if _may_clash(_leaf_classes(values)):
        _clash(values)


def _check_merged(
    classes: set[type], tuples: list[Any], again: Callable[[], Iterable[Any]]
) -> None:
    """`_check_kinds` after ``map`` or ``combine`` merged outcomes.

    ``classes`` are the classes the function gave, ``tuples`` the tuples
    among its results; only if those can clash are the results made
    ``again`` and looked at one by one.
    """
    if len(classes) <= 1 and not tuples:
        return
    if tuples:
        classes = classes | _leaf_classes(tuples)
    if _may_clash(classes):
        _clash(again())


def _clash(values: Iterable[Any]) -> None:
    """`_check_kinds` outcome by outcome (the classes may clash)."""
    first: dict[Any, tuple[Any, object]] = {}
    for value in values:
        kind = _kind(value)
        earlier, earlier_kind = first.setdefault(value, (value, kind))
        if earlier_kind != kind:
            raise ParameterError("outcomes", (earlier, value), _MIXED_KINDS)


def _same_kind(stored_kinds: dict[Any, object], outcome: object) -> bool:
    """Whether ``outcome`` is of the kind of the outcome equal to it that is held.

    ``stored_kinds`` is `_kinds` of the weights: the kind of each outcome
    that has one, looked up by equality.
    """
    return stored_kinds.get(outcome) == _kind(outcome)


def _size(values: object) -> int | None:
    """``len(values)`` of a sized collection, or None (an iterator, a failing len)."""
    if not hasattr(values, "__len__"):
        return None
    try:
        size = len(cast("Any", values))
    except Exception:  # noqa: BLE001 - a len that fails: the values are read instead
        return None
    return size if isinstance(size, int) else None


def _check_json_outcomes(weights: dict[Any, int]) -> None:
    """Refuse an outcome that `_json_value` would not read back."""
    for k in weights:
        if k is None or isinstance(k, (bool, str)):
            continue
        if isinstance(k, int):
            if -(2**63) <= k < 2**63:
                continue
        elif isinstance(k, float) and math.isfinite(k):
            continue
        raise ParameterError(
            "outcome",
            k,
            "a JSON scalar that from_json reads back (an integer from -2**63 to "
            "2**63 - 1, a finite float, a string, true, false or null); give "
            "to_json an encode function for other outcomes",
        )


def _callable(name: str, func: object) -> None:
    """Refuse a ``func``/``predicate`` that cannot be called."""
    if not callable(func):
        raise ParameterError(name, func, "a callable")


def _add(a: Any, b: Any) -> Any:
    """``a + b``, tuples (counts of symbols) element by element."""
    if a.__class__ is tuple or b.__class__ is tuple:
        return tuple(map(_add, *_pair(a, b, "add")))
    return a + b


def _sub(a: Any, b: Any) -> Any:
    """``a - b``, tuples element by element."""
    if a.__class__ is tuple or b.__class__ is tuple:
        return tuple(map(_sub, *_pair(a, b, "subtract")))
    return a - b


def _neg(a: Any) -> Any:
    """``-a``, a tuple element by element."""
    if a.__class__ is tuple:
        return tuple(map(_neg, a))
    return -a


def _pair(a: Any, b: Any, verb: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """``a`` and ``b`` if both are tuples of one length.

    Raises:
        ParameterError: One is not a tuple, or not as long as the other.
    """
    if a.__class__ is tuple and b.__class__ is tuple and len(a) == len(b):
        return a, b
    like, other = (a, b) if a.__class__ is tuple else (b, a)
    raise ParameterError(
        "outcome",
        other,
        f"a tuple of {len(like)} like {shown(like)}, to {verb} element by element",
    )


def _number(value: Any) -> Any:
    """``value`` if it is a number to multiply (``"ab" * 2`` would repeat)."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, float)):
        raise TypeError(f"cannot multiply {value!r}")
    return value


def _is_number(other: object, name: str = "shift") -> TypeGuard[int | Fraction | float]:
    """Whether ``other`` is a number that shifts (or scales) outcomes.

    Raises:
        ParameterError: ``other`` is a float that is not finite (a NaN
            outcome would never equal itself), or a bool (not a number
            here, as outcomes are not), named ``name``.
    """
    if isinstance(other, (int, Fraction)):
        if other.__class__ is bool:
            raise ParameterError(
                name, other, "an int, a Fraction or a finite float, not a bool"
            )
        return True
    if isinstance(other, float):
        if not math.isfinite(other):
            raise ParameterError(name, other, "an int, a Fraction or a finite float")
        return True
    return False


_ADDS = (
    "numbers, tuples of numbers of one length (element by element), "
    "or other values that add, subtract and negate to hashable values"
)
_MULTIPLIES = "numbers (int, Fraction or float; not bools) to multiply"
_BOOLS = (
    " (not bools: map(int) makes True 1 and False 0; probability(lambda o: o) is the "
    "chance of True)"
)


_FITS = "numbers whose results fit a float (use int or Fraction outcomes)"


def _culprit(operation: Callable[..., Any], *sides: Iterable[Any]) -> object:
    """The first outcomes (one from each side) that ``operation`` refuses.

    A pair is a tuple, ``('a', 1)``; one side gives the outcome itself.
    ``None`` when every combination works (the refusal was elsewhere).
    """
    for combination in itertools.product(*sides):
        try:
            hash(operation(*combination))
        except TypeError:  # noqa: PERF203 - an error path: the first refused
            return combination[0] if len(combination) == 1 else combination
    return None


def _arith(
    compute: Callable[[], Distribution[Any]],
    allowed: str = _ADDS,
    *sources: Distribution[Any],
    probe: tuple[Any, ...] | None = None,
) -> Distribution[Any]:
    """``compute()``; outcomes that do not add up (or multiply) are refused by name.

    A `TypeError` there is an outcome that ``+``, ``-``, negation (or ``*``,
    with ``allowed`` saying so) does not take (``"a" + 1``), or a result that
    cannot be an outcome (a list). A float result that overflowed to an
    infinity none of the ``sources`` had (``d * 1e308 * 10``), or an int
    too large for a float to add to (``10**400 + 0.5``), is refused too.
    ``probe`` is the operation and its operands' outcomes: the refusal
    names the first outcomes it refuses (``got ('a', 1)``), not Python's
    words.
    """
    try:
        result = compute()
    except TypeError as exc:
        culprit = None if probe is None else _culprit(*probe)
        value = str(exc) if culprit is None else culprit
        raise ParameterError("outcomes", value, allowed) from None
    except OverflowError as exc:  # 10**400 + 0.5: an int too large for a float
        raise ParameterError("outcomes", str(exc), _FITS) from None
    weights = result._weights
    if (math.inf in weights or -math.inf in weights) and not any(
        math.inf in d._weights or -math.inf in d._weights for d in sources
    ):
        raise ParameterError("outcomes", "a float result beyond ±1.8e308 (inf)", _FITS)
    return result


def _is_json(value: object, depth: int = 0) -> bool:
    """Whether ``json.dumps`` writes ``value`` as standard JSON."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if depth > 100:
        return False
    if isinstance(value, (list, tuple)):
        return all(_is_json(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(
            isinstance(k, str) and _is_json(v, depth + 1) for k, v in value.items()
        )
    return False


def _ordered(compute: Callable[[], R], *outcomes: Iterable[Any]) -> R:
    """``compute()``; outcomes that do not compare are refused by name.

    The refusal shows the ``outcomes`` (those of each distribution taking
    part), not Python's ``'<' not supported …``.

    >>> _ordered(lambda: min([1, "a"]), [1, "a"])
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: outcomes must be outcomes that compare with each other (numbers, or strings), got [1, 'a']
    """
    try:
        return compute()
    except TypeError:
        raise ParameterError(
            "outcomes",
            [o for group in outcomes for o in group],
            "outcomes that compare with each other (numbers, or strings)",
        ) from None


def _json_value(value: Any) -> Any:
    """An outcome loaded without a decoder: a JSON scalar, taken as it is."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        if -(2**63) <= value < 2**63:
            return value
        raise SchemaError.field("", "an integer from -2**63 to 2**63 - 1", value)
    if isinstance(value, float) and math.isfinite(value):
        return value
    raise SchemaError.field(
        "", "a JSON scalar (string, number, true, false, null)", value
    )


# Python refuses int <-> str conversions beyond 4300 digits by default
# (sys.set_int_max_str_digits), and converts long ones in quadratic time;
# exact probabilities can be far longer, so long numbers are split in halves
# by powers of ten (`_int_str`, `_digits_int`): no limit, and fast.
_SHORT_BITS = 14_000  # below about 4200 digits


MAX_OUTCOMES = 4_000_000
"""The most outcomes [`Distribution.uniform`][rollwerk.distribution.Distribution.uniform]
reads (an iterator that does not end is refused after that many, as
[`ScriptedRng`][rollwerk.rng.ScriptedRng] refuses one; a longer sized
collection before any is read): about the memory of `REPEAT_WORK`."""

REPEAT_WORK = 4_000_000
"""The estimated size (as notation's ``max_work``: about a quarter of a
microsecond a unit) beyond which
[`Distribution.repeat_sum`][rollwerk.distribution.Distribution.repeat_sum]
of integer outcomes raises `LimitExceeded` before any work."""
REPEAT_BITS = 1 << 27
"""The most bits the exact weights of a `repeat_sum` of integer outcomes
may take in all (one per possible sum, each as wide as the total): beyond,
`LimitExceeded` before any work."""


def _memory_work(count: int, bits: int) -> int:
    """The memory of ``count`` outcomes of ``bits``-bit weights, in work units.

    As notation's estimate: about 100 bytes an outcome plus its weight, a
    unit per 125 bytes, so that `REPEAT_WORK` is also 500 MB.
    """
    return count * (bits // 8 + 100) // 125


@contextlib.contextmanager
def _named(operation: str) -> Iterator[None]:
    """Say which operation a `LimitExceeded` from inside refuses."""
    try:
        yield
    except LimitExceeded as exc:
        if exc.operation is not None:
            raise
        raise LimitExceeded(
            exc.limit,
            exc.value,
            exc.maximum,
            at_least=exc.at_least,
            operation=operation,
        ) from None


def _check_pairs(a: Distribution[Any], b: Distribution[Any]) -> None:
    """Refuse a pair-by-pair combination beyond `REPEAT_WORK`, before any work.

    Each pair is a call and a product of two weights (`pair_units`: wide
    weights cost more), and the result holds at most one outcome a pair.
    """
    from rollwerk._poly import pair_units

    bits_a, bits_b = a._total.bit_length(), b._total.bit_length()
    pairs = len(a._weights) * len(b._weights)
    units = pair_units(bits_a, bits_b) + _outcome_units(a._weights, b._weights)
    work = max(pairs * units, _memory_work(pairs, bits_a + bits_b))
    if work > REPEAT_WORK:
        raise LimitExceeded("exact computation size", work, REPEAT_WORK)


_SAMPLE = 16
"""How many outcomes of each side `_outcome_units` looks at."""


def _outcome_units(*sides: dict[Any, int]) -> int:
    """Work units an operation on a pair of these outcomes adds to one pair's.

    Integers and floats add nothing (a pair is one unit); a `Fraction`
    reduces by a gcd (16 units; measured 3 to 8 µs a pair); a string is
    copied (1, and a unit per 64 characters); a tuple adds element by
    element in Python (4, and half its elements' own; measured 1.1 µs a
    pair of short ones). The costliest of the first few outcomes of each
    side stands for all of them.
    """
    return max(
        _units_of(key) for side in sides for key in itertools.islice(side, _SAMPLE)
    )


def _units_of(value: object) -> int:
    cls = value.__class__
    if cls is int or cls is float or cls is bool:
        return 0
    if cls is Fraction:
        return 16
    if isinstance(value, str):
        return 1 + len(value) // 64
    if isinstance(value, tuple):
        inner = sum(_units_of(e) + 1 for e in value)
        return 4 + inner // 2
    return 2


def _check_product(
    weights_a: dict[int, int], total_a: int, weights_b: dict[int, int], total_b: int
) -> None:
    """Refuse a sum of integer outcomes beyond `REPEAT_WORK`, before any work.

    The cheaper of pairs and one product of packed polynomials, as notation
    estimates a sum of two terms, and at least the memory of the result.
    """
    from rollwerk._poly import pair_units, product_cost

    bits_a, bits_b = total_a.bit_length(), total_b.bit_length()
    pairs = len(weights_a) * len(weights_b)
    span = max(weights_a) + max(weights_b) - min(weights_a) - min(weights_b) + 1
    bits = bits_a + bits_b
    work = min(pairs * pair_units(bits_a, bits_b), product_cost(span, bits))
    work = max(work, _memory_work(min(pairs, span), bits))
    if work > REPEAT_WORK:
        raise LimitExceeded("exact computation size", work, REPEAT_WORK)


def _one_kind_of_number(a: Distribution[Any], b: Distribution[Any]) -> bool:
    """Whether every outcome of both is an ``int`` (not a bool), or all `Fraction`s.

    Such outcomes are in one total order, and no two are equal but
    written apart (``1`` and ``Fraction(1)``).
    """
    first = next(iter(a._weights)).__class__
    if first is not int and first is not Fraction:
        return False
    return all(k.__class__ is first for k in a._weights) and all(
        k.__class__ is first for k in b._weights
    )


def _extreme_numbers(
    a: Distribution[T], b: Distribution[T], *, larger: bool
) -> Distribution[T]:
    """The larger (or smaller) of two independent numeric outcomes.

    The running sums of `rollwerk._poly.extreme_weights` over both sides.

    >>> d4 = Distribution.uniform(range(1, 5))
    >>> _extreme_numbers(d4, d4, larger=True).weights()
    {1: 1, 2: 3, 3: 5, 4: 7}
    >>> _extreme_numbers(d4, d4, larger=False).weights()
    {1: 7, 2: 5, 3: 3, 4: 1}
    """
    from rollwerk._poly import extreme_weights

    out: dict[T, int] = extreme_weights([a._weights, b._weights], larger)
    return Distribution._from_weights(out, a._total * b._total)


def _integers(weights: dict[Any, int]) -> TypeGuard[dict[int, int]]:
    """Whether every outcome is an ``int`` (not a bool): a polynomial's terms."""
    return all(k.__class__ is int for k in weights)


def _lattice(
    weights: dict[Any, int],
) -> tuple[int | Fraction, int | Fraction, dict[int, int]] | None:
    """Integer or `Fraction` outcomes as ``low + step × j``: the weights by ``j``.

    ``[0, 10]`` is ``0 + 10 × {0, 1}`` and ``[1/3, 1/2]`` is
    ``1/3 + 1/6 × {0, 1}``, so their sums are a polynomial power of
    ``{0, 1}``. None for other outcomes (floats, bools, tuples).
    """
    if not all(k.__class__ is int or k.__class__ is Fraction for k in weights):
        return None
    low = min(weights)
    scale = math.lcm(*(Fraction(k).denominator for k in weights))
    offsets = {k: int((k - low) * scale) for k in weights}
    step_num = math.gcd(*offsets.values()) or 1
    step: int | Fraction = (
        step_num // scale if step_num % scale == 0 else Fraction(step_num, scale)
    )
    if scale != 1 and not isinstance(low, Fraction):
        low = Fraction(low)
    return low, step, {offsets[k] // step_num: w for k, w in weights.items()}


def _zero_of(weights: dict[Any, int]) -> Any:
    """What a sum of no outcomes is: tuples of one length give a tuple of zeros.

    Tuples (counts of symbols, of integers, `Fraction`s or floats) add
    element by element, so their empty sum is ``(0, …)``, shaped as they
    are (a nested tuple gives a nested zero); anything else gives 0.
    """
    first = next(iter(weights))
    if first.__class__ is not tuple or any(
        k.__class__ is not tuple or len(k) != len(first) for k in weights
    ):
        return 0
    return tuple(_zero_of({e: 1}) for e in first)


_MAX_PACKED = 64
"""Tuples longer than this are no counts of symbols to pack (`_tuple_spans`)."""


def _tuple_spans(weights: dict[Any, int]) -> list[int] | None:
    """Each element's span, for outcomes that are tuples of integers (else None).

    ``n`` of them sum to at most ``span * n + 1`` values in each element,
    far fewer than the multisets of ``n`` outcomes (counts of symbols:
    ``(hits, ones)``).
    """
    first = next(iter(weights))
    if first.__class__ is not tuple or len(first) > _MAX_PACKED:
        return None
    lows = list(first)
    highs = list(first)
    for key in weights:
        if key.__class__ is not tuple or len(key) != len(lows):
            return None
        for i, element in enumerate(key):
            if not isinstance(element, int):
                return None
            if element < lows[i]:
                lows[i] = element
            elif element > highs[i]:
                highs[i] = element
    return [high - low for low, high in zip(lows, highs, strict=True)]


def _pairwise_size(
    weights: dict[Any, int],
    n: int,
    lattice: tuple[int | Fraction, int | Fraction, dict[int, int]] | None,
    spans: list[int] | None,
) -> tuple[int, int]:
    """The sums of ``n`` copies summed pair by pair, and of the last squaring's half.

    At most the multisets of ``n`` outcomes (and, on a lattice, the span
    times ``n``; for tuples of integers, whose element spans the caller
    gives as ``spans`` (`_tuple_spans`), the product of each element's span
    times ``n``).
    """
    k = len(weights)
    if lattice is not None or spans is not None or _commutes(weights):
        sums = math.comb(n + k - 1, k - 1)
        half = math.comb((n + 1) // 2 + k - 1, k - 1)  # the sums squared last
    else:  # strings concatenate: each order of the outcomes is a sum of its own
        sums = _capped_power(k, n)
        half = _capped_power(k, (n + 1) // 2)
    if lattice is not None:
        span = max(lattice[2])
        sums = min(sums, span * n + 1)
        half = min(half, span * ((n + 1) // 2) + 1)
    if spans is not None:  # tuples of integers add element by element
        sums = min(sums, math.prod(s * n + 1 for s in spans))
        half = min(half, math.prod(s * ((n + 1) // 2) + 1 for s in spans))
    return sums, half


def _check_pairwise_sum(
    weights: dict[Any, int],
    n: int,
    lattice: tuple[int | Fraction, int | Fraction, dict[int, int]] | None,
    spans: list[int] | None,
) -> None:
    """Refuse a repeated sum summed pair by pair that would outgrow the limits.

    Its sums (`_pairwise_size`) each weigh as many bits as the total to the
    ``n``-th power. Beyond `REPEAT_BITS` in all, or more than `REPEAT_WORK`
    pairs in its last squaring (each pair a Python addition, about a
    quarter of a microsecond), `LimitExceeded`. Integers far apart
    (``[1, 10**9]``) lie on a lattice too wide for a polynomial and are
    counted as pairs as well.
    """
    sums, half = _pairwise_size(weights, n, lattice, spans)
    bits = sum(weights.values()).bit_length() * n
    if sums * bits > REPEAT_BITS:
        raise LimitExceeded("exact sum size in bits", sums * bits, REPEAT_BITS)
    work = half * half * (1 + _outcome_units(weights))
    if work > REPEAT_WORK:
        raise LimitExceeded("exact computation size", work, REPEAT_WORK)


def _commutes(weights: dict[Any, int]) -> bool:
    """Whether sums of these outcomes ignore order: numbers, tuples of numbers."""
    return all(_number_like(k) for k in weights)


def _number_like(value: object) -> bool:
    cls = value.__class__
    if cls is int or cls is float or cls is bool or cls is Fraction:
        return True
    return cls is tuple and all(
        _number_like(e) for e in cast("tuple[object, ...]", value)
    )


def _capped_power(k: int, n: int, cap: int = 1 << 64) -> int:
    """``k ** n``, or ``cap`` when larger (``n`` may be huge)."""
    if k <= 1:
        return k
    if n * (k.bit_length() - 1) >= cap.bit_length():
        return cap
    power: int = k**n
    return min(power, cap)


def _times(value: Any, n: int) -> Any:
    """The sum of ``n`` copies of one number or tuple of numbers."""
    if value.__class__ is tuple:
        return tuple(_times(e, n) for e in value)
    return value * n


def _counts_power(
    weights: dict[Any, int], spans: list[int], n: int
) -> dict[tuple[int, ...], int] | None:
    """The weights of the sum of ``n`` copies of tuples of integers, or None.

    ``weights`` are keyed by tuples of ``len(spans)`` integers
    (`_tuple_spans`). Each tuple is packed into one integer, its elements
    the digits of a mixed radix of ``span × n + 1`` each (Kronecker
    substitution): the sum of ``n`` of them never carries from one element
    into the next, so the polynomial power of the packed integers
    (`_dense_power`) unpacks into the sums of the tuples. ``None`` when
    that power's estimate is beyond the limits or above the pairs of
    repeated squaring, which then sums them.
    """
    radices = [s * n + 1 for s in spans]
    if not _within(radices, REPEAT_BITS):
        return None  # no polynomial that wide is summed
    packed, lows = _pack(weights, radices)
    half = _pairwise_size(weights, n, None, spans)[1]
    power = _dense_power(packed, n, pairs=half * half)
    if power is None:
        return None
    return _unpack(power, radices, [low * n for low in lows])


def _counts_sum(a: Distribution[Any], b: Distribution[Any]) -> Distribution[Any] | None:
    """``a + b`` of tuples of integers of one length as one packed product.

    Both are packed as `_counts_power` packs, each element a digit of radix
    the two spans plus one, so that the product of two polynomials (as
    ``+`` of integers, limited the same way before any work) unpacks into
    the sums. ``None`` for other outcomes.
    """
    spans_a = _tuple_spans(a._weights)
    spans_b = _tuple_spans(b._weights)
    if not spans_a or spans_b is None or len(spans_a) != len(spans_b):
        return None
    from rollwerk._poly import _convolve

    radices = [sa + sb + 1 for sa, sb in zip(spans_a, spans_b, strict=True)]
    if not _within(radices, REPEAT_BITS):
        return None  # too wide to pack: summed pair by pair
    packed_a, lows_a = _pack(a._weights, radices)
    packed_b, lows_b = _pack(b._weights, radices)
    _check_product(packed_a, a._total, packed_b, b._total)
    starts = list(map(operator.add, lows_a, lows_b))
    return Distribution._from_weights(
        _unpack(_convolve(packed_a, packed_b), radices, starts), a._total * b._total
    )


def _within(factors: list[int], limit: int) -> bool:
    """Whether the product of ``factors`` is at most ``limit`` (stops early)."""
    product = 1
    for f in factors:
        product *= f
        if product > limit:
            return False
    return True


def _pack(
    weights: dict[Any, int], radices: list[int]
) -> tuple[dict[int, int], list[int]]:
    """Tuples of integers as one integer each, and each element's lowest value.

    Each element less its lowest is a digit of its radix, the first element
    the most significant.
    """
    lows = [min(key[i] for key in weights) for i in range(len(radices))]
    packed: dict[int, int] = {}
    for key, weight in weights.items():
        value = 0
        for element, low, radix in zip(key, lows, radices, strict=True):
            value = value * radix + element - low
        packed[value] = weight
    return packed, lows


def _unpack(
    power: dict[int, int], radices: list[int], starts: list[int]
) -> dict[tuple[int, ...], int]:
    """`_pack`'s integers as tuples again, each element from ``starts``."""
    counted: dict[tuple[int, ...], int] = {}
    for value, weight in power.items():
        rest = value
        digits = []
        for radix in reversed(radices):
            rest, digit = divmod(rest, radix)
            digits.append(digit)
        digits.reverse()
        counted[tuple(map(operator.add, starts, digits))] = weight
    return counted


def _dense_power(
    weights: dict[int, int], n: int, *, pairs: int
) -> dict[int, int] | None:
    """The weights of the sum of ``n`` copies of integer ``weights``, or None.

    The polynomial power of `rollwerk._poly` (Miller's recurrence or
    repeated squaring, as notation's dice), after the limits: more than
    `REPEAT_BITS` of weights in all, or an estimate beyond `REPEAT_WORK`,
    raise `LimitExceeded`. Values spread out (more than four slots a
    value) are summed this way only within the limits and when the
    estimate is below ``pairs``, the pairs of repeated squaring
    (`_pairwise_size`); else ``None``: the caller sums pair by pair.
    """
    from rollwerk import _poly

    low, high = min(weights), max(weights)
    spread = high - low + 1 > 4 * len(weights)
    sums = (high - low) * n + 1
    bits = sum(weights.values()).bit_length() * n
    if sums * bits > REPEAT_BITS:
        if spread:
            return None
        raise LimitExceeded("exact sum size in bits", sums * bits, REPEAT_BITS)
    symmetric = all(weights.get(low + high - k) == w for k, w in weights.items())
    work = _poly.power_cost(sums, len(weights), n, bits, symmetric=symmetric)
    if spread and (work > REPEAT_WORK or work > pairs):
        if pairs >= work > REPEAT_WORK:
            # pair by pair costs at least as much: refused with the cheaper
            # estimate, not the pairs' (which read a hundred times too far)
            raise LimitExceeded("exact computation size", work, REPEAT_WORK)
        return None
    if work > REPEAT_WORK:
        raise LimitExceeded("exact computation size", work, REPEAT_WORK)
    return _poly._power(weights, n)


class _Huge:
    """Shows a fraction too long for ``repr`` in an error message by its size."""

    def __init__(self, p: Fraction) -> None:
        self.p = p

    def __repr__(self) -> str:
        n, d = len(_int_str(self.p.numerator)), len(_int_str(self.p.denominator))
        return f"<a fraction of {n} digits over {d} digits>"


def _shown(p: Any) -> Any:
    """``p`` for an error message; a huge `Fraction` as a `_Huge`."""
    if isinstance(p, Fraction) and (
        max(abs(p.numerator), p.denominator).bit_length() >= _SHORT_BITS
    ):
        return _Huge(p)
    return p


def _key_repr(key: object) -> str:
    """``repr(key)``, also of integers (and Fractions) over 4 300 digits.

    >>> _key_repr(10**5000)[:3], _key_repr(Fraction(1, 3)), _key_repr("a")
    ('100', 'Fraction(1, 3)', "'a'")
    """
    if key.__class__ is int:
        return _int_str(key)
    if key.__class__ is Fraction:
        return f"Fraction({_int_str(key.numerator)}, {_int_str(key.denominator)})"
    return repr(key)


def _int_str(n: int) -> str:
    """``str(n)`` for any size: long numbers split in halves by a power of ten."""
    if abs(n).bit_length() < _SHORT_BITS:
        return str(n)
    if n < 0:
        return "-" + _int_str(-n)
    half = int(n.bit_length() * 0.30103) // 2
    high, low = divmod(n, _ten_to(half))
    return _int_str(high) + _int_str(low).rjust(half, "0")


def _str_int(text: str) -> int:
    """An integer written in ASCII digits with an optional sign; no coercion."""
    unsigned = text[1:] if text[:1] in ("+", "-") else text
    if not (unsigned.isascii() and unsigned.isdigit()):
        raise ValueError(f"not an integer: {text[:20]!r}")
    if len(text) < 4000:
        return int(text)
    value = _digits_int(unsigned)
    return -value if text[0] == "-" else value


def _digits_int(digits: str) -> int:
    """``int(digits)`` for any length: halves joined by a power of ten.

    Each part below 3000 digits is read by ``int`` (Python refuses longer
    texts, and reads long ones in quadratic time).
    """
    n = len(digits)
    if n <= 3000:
        return int(digits)
    half = n // 2
    return _digits_int(digits[: n - half]) * _ten_to(half) + _digits_int(digits[-half:])


@functools.lru_cache(maxsize=64)
def _ten_to(k: int) -> int:
    power: int = 10**k
    return power


_REDUCE_BITS = 4096
"""Below this the denominator is small enough for ``Fraction(w, total)``."""
_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)
_MAX_VALUATION = 64
"""More factors of one prime than this in one weight: reduce it by ``gcd``."""


def _coprime(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` of two coprime integers, unreduced.

    ``Fraction`` would compute their ``gcd`` again, quadratic in their
    digits. Python 3.12 has a constructor for coprime integers; before, the
    constructor's ``_normalize=False`` (both tested against ``Fraction``).
    """
    make: Any = getattr(Fraction, "_from_coprime_ints", None)
    if make is not None:
        result: Fraction = make(numerator, denominator)
        return result
    unreduced: Fraction = cast("Any", Fraction)(
        numerator, denominator, _normalize=False
    )
    return unreduced


def _valuation(value: int, prime: int, limit: int) -> int | None:
    """How often ``prime`` divides ``value``, counted up to ``limit``.

    ``None`` when that is more than ``_MAX_VALUATION`` times: dividing one
    factor at a time would cost more than a ``gcd``.
    """
    if prime == 2:
        return min(limit, (value & -value).bit_length() - 1)
    count = 0
    while count < limit:
        quotient, rest = divmod(value, prime)
        if rest:
            break
        value = quotient
        count += 1
        if count > _MAX_VALUATION:
            return None
    return count


def _factored(total: int) -> list[tuple[int, int]] | None:
    """``total`` as (prime, exponent) pairs of ``_SMALL_PRIMES``, or None."""
    factors = []
    rest = total
    for prime in _SMALL_PRIMES:
        if rest % prime:
            continue
        # the exponent by squaring powers: rest is huge, the powers few
        powers = [prime]
        while powers[-1].bit_length() * 2 <= rest.bit_length() + 1:
            powers.append(powers[-1] ** 2)
        exponent = 0
        for i in range(len(powers) - 1, -1, -1):
            quotient, remainder = divmod(rest, powers[i])
            if not remainder:
                rest = quotient
                exponent += 1 << i
        while rest % prime == 0:  # what the descent left of the top power
            rest //= prime
            exponent += 1
        factors.append((prime, exponent))
        if rest == 1:
            return factors
    return None


def _reducer(total: int) -> Callable[[int], Fraction]:
    """``Fraction(w, total)`` for many weights ``w``, fast for huge totals.

    A total of small primes (the dice's sides, as exact distributions have)
    is divided by the primes each weight shares with it; anything else is
    left to ``Fraction``.
    """
    factors = _factored(total) if total.bit_length() >= _REDUCE_BITS else None
    if factors is None:
        return lambda w: Fraction(w, total)
    denominators: dict[int, int] = {}

    def fraction(w: int) -> Fraction:
        if w == 0:
            return Fraction(0)
        common = 1
        for prime, exponent in factors:
            shared = _valuation(w, prime, exponent)
            if shared is None:
                return Fraction(w, total)
            if shared:
                common *= prime**shared
        den = denominators.get(common)
        if den is None:
            den = denominators[common] = total // common
        return _coprime(w // common, den)

    return fraction


def weight_texts(total: int) -> Callable[[int], str]:
    """``fraction_to_str(Fraction(w, total))`` for many weights ``w``, fast.

    Reduced as [`Distribution.items`][rollwerk.distribution.Distribution.items]
    reduces them, and each denominator written once: the probabilities of
    one distribution share a few.
    """
    fraction = _reducer(total)
    written: dict[int, str] = {}

    def text(w: int) -> str:
        p = fraction(w)
        den = written.get(p.denominator)
        if den is None:
            den = written[p.denominator] = _int_str(p.denominator)
        return f"{_int_str(p.numerator)}/{den}"

    return text


def _frac_str(p: Fraction) -> str:
    return f"{_int_str(p.numerator)}/{_int_str(p.denominator)}"


def fraction_to_str(p: Fraction) -> str:
    """Format a probability as an exact ``"p/q"`` string (``"1/1"`` for one)."""
    return _frac_str(p)


def parse_fraction(text: object) -> Fraction:
    """Parse an exact ``"p/q"`` probability string: ASCII digits, ``q`` above 0.

    No sign is read (a probability is never negative: ``"-1/-2"`` is
    refused, not read as 1/2); ``"2/4"`` is 1/2, as the fraction it writes.

    Raises:
        SchemaError: ``text`` is not such a string.
    """
    return Fraction(*_ratio(text))


def _ratio(text: object) -> tuple[int, int]:
    """``text``'s ``p`` and ``q`` as `parse_fraction` reads them, not reduced.

    Raises:
        SchemaError: ``text`` is not such a string.
    """
    if not isinstance(text, str) or "/" not in text:
        raise SchemaError(f"probability must be a 'p/q' string, got {shown(text)}")
    num, _, den = text.partition("/")
    try:
        if not (num[:1].isdigit() and den[:1].isdigit()):
            raise ValueError("a sign")
        p, q = _str_int(num), _str_int(den)
    except ValueError as exc:
        raise SchemaError(
            f"probability must be a 'p/q' string, got {shown(text)}"
        ) from exc
    if not q:
        raise SchemaError(f"probability must be a 'p/q' string, got {shown(text)}")
    return p, q
