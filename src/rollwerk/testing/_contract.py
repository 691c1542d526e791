"""The contract: plain assertion functions that check a ruleset's invariants."""

from __future__ import annotations

import contextlib
import difflib
import io
import json
import math
import random
import re
import traceback
import zlib
from collections import Counter
from collections.abc import (
    Callable,
    Iterable,
    Iterator,
    Mapping,
    MutableMapping,
    Sequence,
)
from contextvars import ContextVar
from fractions import Fraction
from typing import Any, cast

from hypothesis import HealthCheck, Phase, given, reject, settings
from hypothesis import errors as hypothesis_errors
from hypothesis.errors import HypothesisException, Unsatisfiable

from rollwerk.checks._levels import RULESET_ID, Level, is_ruleset_id, is_word
from rollwerk.checks._model import (
    Check,
    CheckResult,
    ContestOutcome,
    Degree,
    Outcome,
    Scalar,
)
from rollwerk.checks._parameters import CheckSpec, Difficulty, Monotonic, Parameter
from rollwerk.checks._toolkit import (
    FaceCheck,
    _die_values,
    _groups,
    _unordered_count,
    _ways,
)
from rollwerk.dice._roll import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import (
    CheckFault,
    ContestError,
    ParameterError,
    PluginFault,
    RollwerkError,
    shown,
)
from rollwerk.i18n import Catalog
from rollwerk.plugins._guard import _unwrap
from rollwerk.plugins._registry import checked_ruleset_catalog
from rollwerk.rng import Rng, ScriptedRng, SeededRng
from rollwerk.rulesets import Ruleset, contest_odds, resolve_contest
from rollwerk.testing._base import ContractViolation, RulesetProperty, settable
from rollwerk.testing._catalogs import text_messages
from rollwerk.testing._durations import assert_ruleset_durations

__all__ = [
    "DEFAULT_ALPHA",
    "DEFAULT_MAX_EXAMPLES",
    "DEFAULT_REPLAYS",
    "DEFAULT_RESOLUTIONS",
    "FACE_BUDGET",
    "REFUSAL_SAMPLE",
    "REFUSED_SHARE",
    "RULESET_PROPERTIES",
    "assert_check_contract",
    "assert_contest_contract",
    "assert_cross_contests",
    "assert_distribution_valid",
    "assert_faces_match",
    "assert_frequencies_match",
    "assert_monotonic",
    "assert_refusals_are_combinations",
    "assert_ruleset_contract",
    "assert_ruleset_declaration",
    "describe_check",
    "frequency_p_value",
]

DEFAULT_RESOLUTIONS = 2000
"""Seeded resolutions per check for the support and goodness-of-fit tests (2000).

The default of ``resolutions`` in
[`assert_check_contract`][rollwerk.testing.assert_check_contract] and
[`assert_ruleset_contract`][rollwerk.testing.assert_ruleset_contract].
"""
DEFAULT_REPLAYS = 10
"""Seeds per check for the same-seed, replay and JSON round-trip tests (10).

The default of ``replays`` in
[`assert_check_contract`][rollwerk.testing.assert_check_contract] and
[`assert_ruleset_contract`][rollwerk.testing.assert_ruleset_contract].
"""
DEFAULT_ALPHA = 1e-6
"""The false-alarm rate of the goodness-of-fit test, per check (10⁻⁶).

The default of ``alpha`` in
[`assert_frequencies_match`][rollwerk.testing.assert_frequencies_match],
[`assert_check_contract`][rollwerk.testing.assert_check_contract] and
[`assert_ruleset_contract`][rollwerk.testing.assert_ruleset_contract]:
a correct check fails the test with at most this probability.
"""
DEFAULT_MAX_EXAMPLES = 8
"""Parameter sets drawn per check spec, besides the three fixed corners (8).

Also the most values a parameter may have to be swept value by value; the
default of ``max_examples`` in
[`assert_ruleset_contract`][rollwerk.testing.assert_ruleset_contract], the
``rollwerk_contract`` fixture and ``--rollwerk-contract-examples``.
"""
FACE_BUDGET = 20_000
"""The most face combinations the kit enumerates and replays per check.

A [`FaceCheck`][rollwerk.checks.FaceCheck] with more combinations is only
compared with rolling by frequencies (its closed form cannot be checked
face by face within the budget).
"""
ODDS_BUDGET = 100_000
"""The most face combinations the kit judges to check a closed form.

A [`FaceCheck`][rollwerk.checks.FaceCheck] with a closed form (``odds=``)
and more than [`FACE_BUDGET`][rollwerk.testing.FACE_BUDGET] but at most
this many combinations (or multisets, for an ``unordered`` pool) has its
closed form compared with the judge over every combination, without
replaying each one: six d6 are 46 656.
"""
REFUSAL_SAMPLE = 64
"""Parameter sets drawn uniformly from a check's declared ranges to measure
how much of them the ruleset refuses (see `assert_refusals_are_combinations`)."""
REFUSED_SHARE = Fraction(1, 2)
"""The share of `REFUSAL_SAMPLE` a check may refuse without further question.

Refusing more, the ruleset must show that its refusals are combinations:
each refused value of a parameter builds with some values of the others.
"""
_MAX_BOX_CORNERS = 256
"""The most corners of the other parameters' box tried for one value."""
_REFUSED_EXAMPLES = 3
"""Refused parameter sets a refusal violation quotes."""
_MONOTONIC_EXAMPLES = 3
_MAX_MONOTONIC_POINTS = 101
_PURITY_PROBES = 3
"""Face combinations judged early and again late, to catch a judge with a memory."""
_PURE_RULE = "a judge must depend on the faces and parameters only"
"""What a purity violation of a judge ends with."""
_CHECK_RULE = (
    "a check, its judge, closed form and factory must depend on the faces "
    "and parameters only"
)
"""What a purity violation of a check (hypothesis's flaky failure) says."""


_FLAKY: tuple[type[BaseException], ...] = tuple(
    kind
    for kind in (
        getattr(hypothesis_errors, name, None)
        for name in (
            "Flaky",
            "FlakyFailure",
            "FlakyReplay",
            "FlakyStrategyDefinition",
            "FlakyBackendFailure",
        )
    )
    if isinstance(kind, type) and issubclass(kind, BaseException)
)
"""What hypothesis raises for a test that failed once and passed when run again.

Each the installed version has (``Flaky`` is the base of the others in
current versions; those an older version lacks are left out).
"""

_MOST = 10**6
"""The most examples, resolutions, replays or ways the kit's arguments ask."""


def _count_arg(name: str, value: object, least: int) -> int:
    """A count the kit is given (examples, resolutions, replays, a budget).

    Raises:
        ParameterError: Not an integer from ``least`` to 10**6.
    """
    if (
        not isinstance(value, int)
        or value.__class__ is bool
        or not least <= value <= _MOST
    ):
        raise ParameterError(name, value, f"an integer from {least} to 10**6")
    return value


def _alpha_arg(value: object) -> float:
    """A false-alarm rate: a number above 0 and below 1.

    Raises:
        ParameterError: Anything else (a bool, a string, 0, 1, NaN).
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float, Fraction))
        or not 0 < value < 1
    ):
        raise ParameterError("alpha", value, "a number above 0 and below 1")
    return float(value)


def describe_check(check: Check) -> str:
    """A one-line name for a check: ``toy:check(skill=3, modifier=0)``."""
    try:
        params = ", ".join(f"{k}={v!r}" for k, v in check.parameters.items())
        return f"{check.ruleset}:{check.name}({params})"
    except Exception:  # noqa: BLE001 - describing must never fail
        return repr(check)


def _fail(where: str, what: str) -> ContractViolation:
    return ContractViolation(f"{where}: {what}")


class _Doing:
    """What the kit is asking of plugin code, for a violation if it raises.

    Inside ``with _Doing(where, what):`` an exception other than a
    `ContractViolation` (a bug of the check, its judge, closed form or
    factory: a check built from validated parameters must work) becomes a
    `ContractViolation` naming ``where`` (the check with its parameters),
    ``what`` was being done and the exception, chained from it. Only
    `Exception`s: ``KeyboardInterrupt`` and the like pass, and so do
    hypothesis's own exceptions (``reject()``).
    """

    __slots__ = ("what", "where")

    def __init__(self, where: str, what: str) -> None:
        self.where = where
        self.what = what

    def __call__(self, what: str) -> _Doing:
        """This context, now doing ``what``."""
        self.what = what
        return self

    def __enter__(self) -> _Doing:
        return self

    def __exit__(
        self, kind: object, exc: BaseException | None, traceback: object
    ) -> None:
        if (
            exc is None
            or not isinstance(exc, Exception)
            or isinstance(exc, (ContractViolation, HypothesisException))
        ):
            return
        raise _fail(self.where, f"{self.what} raised {_cause(exc)}") from exc


def _cause(exc: BaseException) -> str:
    """``TypeError: message``: an exception's type and message, for a violation.

    An exception without a message (a bare ``assert``) says where it was
    raised instead: ``AssertionError (no message) at coc.py:41 in judge``.
    """
    text = str(exc)
    if text:
        return f"{type(exc).__name__}: {text}"
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return f"{type(exc).__name__} (no message)"
    last = frames[-1]
    file = last.filename.replace("\\", "/").rsplit("/", 1)[-1]
    return f"{type(exc).__name__} (no message) at {file}:{last.lineno} in {last.name}"


def _describe(rid: str, name: str, params: Mapping[str, Scalar]) -> str:
    """The name `describe_check` gives, for a check that could not be built."""
    return f"{rid}:{name}({', '.join(f'{k}={v!r}' for k, v in params.items())})"


# -- distributions ---------------------------------------------------------


def assert_distribution_valid(dist: Distribution[Any]) -> None:
    """Assert that ``dist`` is a probability distribution.

    It must be a [`Distribution`][rollwerk.distribution.Distribution] whose probabilities
    are `Fraction`s, all positive, summing to exactly 1.

    >>> from rollwerk import Distribution
    >>> assert_distribution_valid(Distribution.uniform([1, 2, 3]))

    Raises:
        ContractViolation: The distribution is invalid.
    """
    if not isinstance(dist, Distribution):
        raise ContractViolation(f"expected a Distribution, got {dist!r}")
    total = Fraction(0)
    count = 0
    for outcome, p in dist.items():
        count += 1
        if not isinstance(p, Fraction):
            raise ContractViolation(
                f"probability of {outcome!r} is {p!r}, not a Fraction"
            )
        if p <= 0:
            raise ContractViolation(f"probability of {outcome!r} is {p}, not positive")
        total += p
    if count == 0:
        raise ContractViolation("the distribution is empty")
    if total != 1:
        raise ContractViolation(f"probabilities sum to {total}, not exactly 1")


def _kl(a: float, p: float) -> float:
    """The Kullback-Leibler divergence of Bernoulli(a) from Bernoulli(p)."""
    out = 0.0
    if a > 0:
        out += a * math.log(a / p)
    if a < 1:
        out += (1 - a) * math.log((1 - a) / (1 - p))
    return out


def _degree_is(degree: Degree) -> Callable[[Outcome], bool]:
    return lambda o: o.degree is degree


def _events() -> list[tuple[str, Callable[[Outcome], bool]]]:
    """The events beside each single outcome: success, and each degree."""
    events: list[tuple[str, Callable[[Outcome], bool]]] = [
        ("success", lambda o: o.success)
    ]
    events += [(f"degree {d.value}", _degree_is(d)) for d in Degree]
    return events


def _tallies(
    dist: Distribution[Outcome], counts: Counter[Outcome]
) -> Iterator[tuple[str, Fraction, int]]:
    """`_events` and each outcome, with its exact probability and count.

    An event of one outcome is a lookup, not a scan of the support and the
    counts (15 000 outcomes, each scanning all: half a minute).
    """
    for label, pred in _events():
        yield (
            label,
            dist.probability(pred),
            sum(c for o, c in counts.items() if pred(o)),
        )
    for o in dist.support:
        yield f"outcome {o!r}", dist[o], counts.get(o, 0)


def frequency_p_value(p: Fraction, count: int, n: int) -> float:
    """A bound on the chance of a frequency at least this far from ``p``.

    With ``count`` hits in ``n`` independent trials of probability ``p``, the
    Chernoff–Hoeffding bound in its relative-entropy form gives
    ``P(X/n >= a) <= exp(-n·D(a‖p))`` for ``a >= p`` (and the mirror image
    below ``p``), where ``D`` is the Kullback–Leibler divergence of two coin
    flips. The returned value is that bound for the observed side; it is
    never smaller than the true one-sided tail probability, so tests built on
    it are conservative.

    >>> frequency_p_value(Fraction(1, 2), 50, 100)
    1.0
    >>> frequency_p_value(Fraction(1, 2), 80, 100) < 1e-7
    True

    Raises:
        ParameterError: ``p`` is not a probability (an int or a Fraction
            from 0 to 1), or ``count`` is not an integer from 0 to ``n``.
    """
    if isinstance(p, bool) or not isinstance(p, (int, Fraction)) or not 0 <= p <= 1:
        raise ParameterError("p", p, "a probability, a Fraction from 0 to 1")
    if isinstance(n, bool) or not isinstance(n, int):
        raise ParameterError("n", n, "an integer")
    if n <= 0:
        return 1.0
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= n:
        raise ParameterError("count", count, f"an integer from 0 to n ({n})")
    a = count / n
    q = float(p)
    if p in (0, 1):
        return 1.0 if a == q else 0.0
    return math.exp(-n * _kl(a, q))


def assert_frequencies_match(
    dist: Distribution[Outcome],
    observed: Iterable[Outcome],
    *,
    alpha: float = DEFAULT_ALPHA,
    where: str = "check",
) -> None:
    """Assert that observed outcomes agree with an exact distribution.

    The test looks at a family of events: the success of the check, each
    degree, and each outcome in the support. For every event it compares the
    observed count with its exact probability through
    [`frequency_p_value`][rollwerk.testing.frequency_p_value] and fails if
    the bound falls to ``alpha / (2m)`` or below, where ``m`` is the number
    of events. By the union bound over both tails of every event, a correct
    check fails with probability at most ``alpha`` (default one in a million)
    for independent random resolutions. The contract kit uses fixed seeds,
    so a given ruleset either always passes or always fails: the test cannot
    flake. Its power is modest on purpose: with 2000 resolutions it finds
    gross errors (a probability off by about 0.05 to 0.1, a swapped or
    missing branch), not subtle ones; exact distributions are checked
    against worked examples elsewhere.

    Raises:
        ContractViolation: Some event's frequency is too far from its
            probability (or an observed outcome is outside the support).
        ParameterError: ``alpha`` is not a number above 0 and below 1.
    """
    alpha = _alpha_arg(alpha)
    counts: Counter[Outcome] = Counter(observed)
    n = sum(counts.values())
    outside = [o for o in counts if o not in dist]
    if outside:
        raise _fail(where, f"observed outcomes outside the support: {outside!r}")
    threshold = alpha / (2 * (len(_events()) + len(dist.support)))
    for label, p, hits in _tallies(dist, counts):
        bound = frequency_p_value(p, hits, n)
        if bound <= threshold:
            raise _fail(
                where,
                f"{label}: observed {hits} of {n} seeded resolutions "
                f"({hits / n:.4f}) but the exact probability is {p} "
                f"({float(p):.4f}); the chance of a deviation this large is "
                f"at most {bound:.3g}, below the threshold {threshold:.3g} "
                "(resolve() and outcomes() disagree)",
            )


# -- checks ----------------------------------------------------------------


def _json_roundtrip(result: CheckResult, where: str) -> None:
    data = result.to_json()
    try:
        back = CheckResult.from_json(data)
    except RollwerkError as exc:
        raise _fail(where, f"CheckResult.from_json(to_json()) raised {exc}") from exc
    if back != result:
        raise _fail(where, f"JSON round trip changed {result!r} into {back!r}")
    try:
        text = json.dumps(data)
    except (TypeError, ValueError) as exc:
        raise _fail(where, f"result JSON is not plain JSON ({exc}): {data!r}") from exc
    back = CheckResult.from_json(json.loads(text))
    if back != result:
        raise _fail(
            where, f"json.dumps/loads round trip changed {result!r} into {back!r}"
        )


@contextlib.contextmanager
def _silent(where: str, doing: str) -> Iterator[None]:
    """Refuse a check that writes to standard output while ``doing``.

    What a plugin prints comes before the command line's own output and
    breaks ``--json`` for a reader (exit 0): a plugin reports through its
    return values and exceptions only.
    """
    written = io.StringIO()
    with contextlib.redirect_stdout(written):
        yield
    text = written.getvalue()
    if text:
        raise _fail(
            where,
            f"printed {shown(text)} to standard output while {doing} (it would "
            "come before the command line's output and break --json); report "
            "through return values and exceptions",
        )


def _check_result_shape(check: Check, result: object, where: str) -> CheckResult:
    if not isinstance(result, CheckResult):
        raise _fail(where, f"resolve() returned {result!r}, not a CheckResult")
    if result.ruleset != check.ruleset or result.check != check.name:
        raise _fail(
            where,
            f"the result names ruleset {result.ruleset!r} and check "
            f"{result.check!r}; it must name {check.ruleset!r} and {check.name!r}",
        )
    value = result.value
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise _fail(where, f"result value must be an int or None, got {value!r}")
    for roll in result.rolls:
        if not isinstance(roll, DieRoll) or not 1 <= roll.face <= roll.sides:
            raise _fail(where, f"recorded roll {roll!r} is not a face of its die")
    if result.rolled != bool(result.rolls):
        raise _fail(
            where,
            f"rolled is {result.rolled} but {len(result.rolls)} dice are recorded "
            "(rolled must be True exactly when dice were rolled)",
        )
    for lang in ("en", "de"):
        try:
            text = result.explain(lang)
        except ContractViolation:
            raise
        except RollwerkError as exc:
            raise _fail(
                where,
                f"explaining the result of the faces {[r.face for r in result.rolls]} "
                f"in {lang!r} failed: {exc}",
            ) from exc
        except Exception as exc:
            raise _fail(
                where,
                f"explaining the result of the faces {[r.face for r in result.rolls]} "
                f"in {lang!r} raised {_cause(exc)}",
            ) from exc
        if not isinstance(text, str) or not text:
            raise _fail(where, f"the {lang!r} explanation is empty")
    _saw_result(result)
    return result


def _check_words(result: CheckResult, where: str) -> None:
    """Every message of the explanation exists in English and German.

    A message a language lacks falls back to English, which renders but is
    not German.
    """
    for message, catalog in text_messages(result.explanation):
        for lang in ("en", "de"):
            if catalog.template(lang, message) is None:
                raise _fail(
                    where,
                    f"the explanation of {result.outcome()!r} uses the message "
                    f"{message!r}, which its catalog lacks in {lang!r} (it "
                    "would fall back to English)",
                )


def _outcomes(check: Check, where: str) -> Distribution[Outcome]:
    """``check.outcomes()``, which must not raise and must be a `Distribution`."""
    with _Doing(where, "outcomes()"):
        dist = check.outcomes()
    if not isinstance(dist, Distribution):
        raise _fail(where, f"outcomes(): expected a Distribution, got {dist!r}")
    _saw_outcomes(check, dist)
    return dist


_SEEN: ContextVar[tuple[set[str], set[str]] | None] = ContextVar(
    "_rollwerk_seen_words", default=None
)
"""The die roles and extra names the ruleset contract has seen so far."""


def _saw_outcomes(check: Check, dist: Distribution[Outcome]) -> None:
    """Note the extras of ``dist`` and the roles of a toolkit check's dice."""
    seen = _SEEN.get()
    if seen is None:
        return
    roles, extras = seen
    if isinstance(check, FaceCheck):
        roles.update(role for _, role in check.dice)
        if any(check._explodes or ()):
            roles.add("explosion")  # an exploding die's extra dice
    for outcome in dist.support:
        if isinstance(outcome, Outcome):
            extras.update(name for name, _ in outcome.extras)


def _saw_result(result: object) -> None:
    """Note the roles of a result's dice and the names of its extras."""
    seen = _SEEN.get()
    if seen is None or not isinstance(result, CheckResult):
        return
    seen[0].update(r.role for r in result.rolls if isinstance(r.role, str))
    seen[1].update(name for name, _ in result.extras)


def _check_outcomes(check: Check, where: str) -> Distribution[Outcome]:
    dist = _outcomes(check, where)
    try:
        assert_distribution_valid(dist)
    except ContractViolation as exc:
        raise _fail(where, f"outcomes(): {exc}") from None
    for outcome in dist.support:
        if not isinstance(outcome, Outcome):
            raise _fail(where, f"outcomes() contains {outcome!r}, not an Outcome")
        try:
            text = json.dumps(outcome.to_json())
        except (TypeError, ValueError) as exc:
            raise _fail(
                where, f"outcome {outcome!r} is not plain JSON: {exc}"
            ) from None
        if Outcome.from_json(json.loads(text)) != outcome:
            raise _fail(where, f"outcome {outcome!r} does not round-trip through JSON")
    if _outcomes(check, where) != dist:
        raise _fail(
            where, "outcomes() gives a different distribution when called again"
        )
    return dist


class _CountingRng:
    """An Rng that counts the faces drawn from the Rng it wraps."""

    __slots__ = ("drawn", "rng")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.drawn = 0

    def roll(self, sides: int) -> int:
        self.drawn += 1
        return self.rng.roll(sides)


def _check_rng_used(
    result: CheckResult, drawn: int, outcomes: int, seed: int, where: str
) -> None:
    """A result comes from the faces drawn from the given Rng, and only from them."""
    if drawn:
        return
    recorded = len(result.rolls)
    if recorded:
        raise _fail(
            where,
            f"seed {seed}: resolve() recorded {recorded} "
            f"{'die' if recorded == 1 else 'dice'} but drew none from the Rng "
            "it was given (does it roll with its own random source?)",
        )
    if outcomes > 1:
        raise _fail(
            where,
            f"seed {seed}: resolve() drew no die from the Rng it was given, "
            f"yet outcomes() has {outcomes} outcomes (does it roll with its "
            "own random source?)",
        )


def _orders(check: FaceCheck) -> list[list[int]]:
    """Two reorderings of the positions of dice that share sides and role.

    Position ``i`` of a reordered face tuple takes the face at ``order[i]``:
    each group of interchangeable dice reversed, and rotated by one.
    """
    reverse = list(range(len(check.dice)))
    rotate = list(reverse)
    for _, where in _groups(check.dice):
        for i, j in zip(where, reversed(where), strict=True):
            reverse[i] = j
        for i, j in zip(where, where[1:] + where[:1], strict=True):
            rotate[i] = j
    return [reverse, rotate]


def _first_difference(a: Distribution[Outcome], b: Distribution[Outcome]) -> Outcome:
    """The outcome (first by repr) whose probability differs between a and b."""
    return min(
        (o for o in set(a.support) | set(b.support) if a[o] != b[o]),
        key=repr,
    )


def _types_note(o: Outcome, *dists: Distribution[Outcome]) -> str:
    """Why ``o`` differs when another outcome equals it but for bool extras."""

    def loose(x: Outcome) -> tuple[object, ...]:
        # the outcome as Python's == would see it: True is 1
        return (x.success, x.degree, x.value, x.rolled, x.level, *map(tuple, x.extras))

    for dist in dists:
        for other in dist.support:
            if other != o and loose(other) == loose(o):
                return (
                    f" (there is {other!r}: an extra True or False is another "
                    "outcome than the integer 1 or 0, as its JSON is)"
                )
    return ""


def _judge_agrees(check: FaceCheck, result: CheckResult, where: str) -> None:
    """The judge gives a resolved result's outcome for the faces it recorded.

    What `assert_faces_match` replays way by way, for one drawn result: a
    check too large to replay is still compared face by face on each of
    the contract's seeded resolutions.
    """
    drawn = [r.face for r in result.rolls]
    script = ScriptedRng(drawn)
    try:
        # the toolkit's own draw reads the chains (and a stop rule) back
        faces = check._draw(script, ())
        judged = check.outcome_for(faces)
    except RollwerkError as exc:
        raise _fail(
            where,
            f"resolve() recorded the faces {[r.face for r in result.rolls]}, "
            f"which the check's dice cannot show: {exc}",
        ) from exc
    if script.remaining:
        raise _fail(
            where,
            f"resolve() recorded the faces {drawn}: more dice than the "
            f"declared {len(check.dice)} draw",
        )
    if judged != result.outcome():
        raise _resolved_differs(check, faces, result.outcome(), judged, where)


def _resolved_differs(
    check: FaceCheck,
    faces: tuple[int, ...],
    resolved: Outcome,
    judged: Outcome,
    where: str,
) -> ContractViolation:
    """The violation of faces that resolve to another outcome than the judge's.

    A judge that draws randomness of its own disagrees with itself too:
    that is the fault named then, not the mismatch it caused. So does a
    judge that gave ``resolved`` on one call only: resolving the faces
    again, the memo forgotten, judges them again.
    """
    for _ in range(_PURITY_PROBES):
        again = check.outcome_for(faces)
        if again != judged:
            return _not_pure(check, faces, judged, again, where)
    again = _resolved_again(check, faces)
    if again != resolved:
        return _not_pure(check, faces, resolved, again, where)
    return _fail(
        where,
        f"the faces {list(faces)} resolve to {resolved!r} but the judge "
        f"says {judged!r}",
    )


def _resolved_again(check: FaceCheck, faces: tuple[int, ...]) -> Outcome:
    """The outcome of resolving ``faces`` once more, judged afresh.

    The check's memo of results is forgotten first (it is a cache, made
    again as it is used), so the judge is asked again.
    """
    memo = check._memo
    if memo is not None:
        memo.clear()
    return check.resolve(ScriptedRng(list(check.draws_for(faces)))).outcome()


def _faces_of(check: FaceCheck, result: CheckResult) -> tuple[int, ...]:
    """The faces the judge is given for a result's recorded dice."""
    return check._draw(ScriptedRng([r.face for r in result.rolls]), ())


def _resolves_differ(
    check: Check, first: CheckResult, second: CheckResult, where: str
) -> ContractViolation | None:
    """The purity violation of two results of the same faces with two outcomes.

    None unless ``check`` is a toolkit check and both results recorded the
    same dice: then the judge gave two outcomes for the same faces.
    """
    if (
        not isinstance(check, FaceCheck)
        or first.rolls != second.rolls
        or first.outcome() == second.outcome()
    ):
        return None
    try:
        faces = _faces_of(check, first)
    except RollwerkError:  # dice the check cannot show: another violation
        return None
    return _not_pure(check, faces, first.outcome(), second.outcome(), where)


def _judged_twice(
    check: FaceCheck,
    judged: Sequence[tuple[tuple[int, ...], Outcome]],
    stated: Distribution[Outcome],
    ways: str,
    where: str,
) -> ContractViolation | None:
    """The purity violation behind ``outcomes()`` disagreeing with judging ``ways``.

    ``judged``: each way the dice fall, with what the judge said of it.
    Each is judged once more; a way judged otherwise now is the judge's
    impurity, not a closed form's mistake. Without a closed form,
    ``outcomes()`` judged every way itself: enumerating again and getting
    another distribution than it gave is the judge's impurity too. None
    where the judge agrees with itself.
    """
    for faces, early in judged:
        late = check.outcome_for(faces)
        if late != early:
            return _not_pure(check, faces, early, late, where)
    if check.definition.odds is not None:
        return None
    again = check.enumerate()
    if again == stated:
        return None
    o = _first_difference(stated, again)
    return _purity(
        _fail(
            where,
            f"the judge of {check.ruleset}:{check.name} is not pure: judging "
            f"{ways} twice gave P({o!r}) = {stated[o]}, then {again[o]} "
            f"({_PURE_RULE})",
        )
    )


def _same_unordered(
    check: FaceCheck,
    faces: tuple[int, ...],
    outcome: Outcome,
    other: tuple[int, ...],
    where: str,
) -> None:
    """An unordered check's judge gives ``outcome`` for ``faces`` reordered as ``other``.

    Where it does not, each is judged again first: a judge that changes
    its mind for the same faces is not pure, whatever their order.

    Raises:
        ContractViolation: The judge reads the order, or is not pure.
    """
    theirs = check.outcome_for(other)
    if theirs == outcome:
        return
    for same, early in ((faces, outcome), (other, theirs)):
        late = check.outcome_for(same)
        if late != early:
            raise _not_pure(check, same, early, late, where)
    raise _fail(
        where,
        f"is declared unordered, but the faces {list(faces)} give "
        f"{outcome!r} and the same faces as {list(other)} give {theirs!r}",
    )


def _ways_within(check: FaceCheck, limit: int) -> bool:
    """Whether the check's dice fall in at most ``limit`` ways, counted cheaply.

    A pool's multisets are counted by formula (enumerating them first would
    build them all: 60d6 never ends), fixed dice by the product of what each
    can show, and only a stop rule's draws one by one, up to ``limit``.
    """
    flags = check._explodes
    if check.definition.unordered:
        return _unordered_count(check.dice, flags) <= limit
    return _ways(_die_values(check.dice, flags), check._stop, limit) <= limit


def _odds_match(check: FaceCheck, where: str, limit: int) -> bool:
    """Compare a closed form with the judge over every way the dice fall.

    Without replaying each way: for dice beyond the replay budget but
    within ``limit`` ways. Returns whether anything was compared.
    """
    if check.definition.odds is None or limit <= 0 or not _ways_within(check, limit):
        return False
    weights: dict[Outcome, int] = {}
    judged: list[tuple[tuple[int, ...], Outcome]] = []
    for faces, weight in check.face_weights():
        outcome = check.outcome_for(faces)
        judged.append((faces, outcome))
        weights[outcome] = weights.get(outcome, 0) + weight
    draws = len(judged)
    exact = Distribution.from_weights(weights)
    stated = check.outcomes()
    if stated != exact:
        impure = _judged_twice(check, judged, stated, f"the {draws} ways", where)
        if impure is not None:
            raise impure
        o = _first_difference(stated, exact)
        raise _fail(
            where,
            f"the closed form says P({o!r}) = {stated[o]} but judging the "
            f"{draws} ways the dice can fall gives {exact[o]}"
            + _types_note(o, stated, exact),
        )
    return True


def assert_faces_match(
    check: Check, *, budget: int = FACE_BUDGET, odds_budget: int = ODDS_BUDGET
) -> bool:
    """Assert that a face-declared check agrees with its faces, face by face.

    ``check`` is typed as any [`Check`][rollwerk.checks.Check], as
    [`build_check`][rollwerk.build_check] returns it; it must be a toolkit
    check (a [`FaceCheck`][rollwerk.checks.FaceCheck], declared with
    [`define_check`][rollwerk.checks.define_check]).

    For a [`FaceCheck`][rollwerk.checks.FaceCheck] whose dice can be drawn
    in at most ``budget`` ways (face combinations, or the draws its ``stop``
    rule leaves, counted up to ``budget``):

    1. ``outcomes()`` equals the brute-force distribution over every
       combination of faces (so a closed form cannot drift from the judge;
       with a ``stop`` rule, over every way the dice can be drawn,
       [`FaceCheck.face_weights`][rollwerk.checks.FaceCheck.face_weights]);
    2. resolving with a [`ScriptedRng`][rollwerk.rng.ScriptedRng] of each
       combination records exactly those faces and gives the outcome the
       judge gives (so the memo and the roll record cannot drift either);
       for dice that explode, the faces of each chain
       ([`FaceCheck.draws_for`][rollwerk.checks.FaceCheck.draws_for]);
    3. for an ``unordered`` definition (a pool, enumerated by multisets),
       the judge gives the same outcome for each multiset with the faces of
       dice that share sides and role reversed and rotated (so a judge that
       reads the order cannot claim to ignore it);
    4. the first combination of each outcome is explained in English and
       German, with every message in both (so a template that only rare
       faces use, such as all ones of five dice, cannot fail first for a
       user).

    A check whose rolling and odds are wrong the same way still disagrees
    with the judge on some faces. Beyond ``budget`` ways, a closed form
    (``odds=``) is still compared with the judge over every way the dice
    fall, without the replays, up to ``odds_budget`` ways
    ([`ODDS_BUDGET`][rollwerk.testing.ODDS_BUDGET]). Returns whether
    anything was compared (``False``: the check was beyond both budgets).

    Raises:
        ContractViolation: Some distribution or face disagrees, or the
            judge, ``outcomes()`` or ``resolve`` raised.
        ParameterError: ``check`` is not a toolkit check.
    """
    if not isinstance(check, FaceCheck):
        raise ParameterError(
            "check", check, "a toolkit check (a FaceCheck, declared with define_check)"
        )
    _count_arg("budget", budget, 0)
    _count_arg("odds_budget", odds_budget, 0)
    where = describe_check(check)
    with _Doing(where, "comparing outcomes() with the judge face by face"):
        return _faces_match(check, where, budget, odds_budget)


def _faces_match(check: FaceCheck, where: str, budget: int, odds_budget: int) -> bool:
    """`assert_faces_match`, with plugin code's exceptions left to the caller."""
    combinations = math.prod(len(v) for v in _die_values(check.dice, check._explodes))
    if not _ways_within(check, budget):
        return _odds_match(check, where, odds_budget)
    brute: dict[Outcome, int] = {}
    judged: list[tuple[tuple[int, ...], Outcome]] = []
    orders = _orders(check) if check.definition.unordered else []
    for faces, weight in check.face_weights():
        outcome = check.outcome_for(faces)
        judged.append((faces, outcome))
        for order in orders:
            other = tuple(faces[i] for i in order)
            if other != faces:
                _same_unordered(check, faces, outcome, other, where)
        drawn = check.draws_for(faces)
        result = check.resolve(ScriptedRng(list(drawn)))
        _saw_result(result)
        if tuple(r.face for r in result.rolls) != drawn:
            raise _fail(
                where,
                f"resolving the faces {list(drawn)} recorded "
                f"{[r.face for r in result.rolls]}",
            )
        if result.outcome() != outcome:
            raise _resolved_differs(check, faces, result.outcome(), outcome, where)
        if outcome not in brute:
            # one face combination of each outcome is explained: a message
            # only rare faces use (all ones of five dice) is rendered too
            _check_result_shape(check, result, where)
            _check_words(result, where)
        brute[outcome] = brute.get(outcome, 0) + weight
    draws = len(judged)
    exact = Distribution.from_weights(brute)
    stated = check.outcomes()
    if stated != exact:
        ways = (
            f"all {combinations} face combinations"
            if draws == combinations
            else f"the {draws} multisets of faces"
            if check.definition.unordered
            else f"the {draws} ways the dice can be drawn"
        )
        impure = _judged_twice(check, judged, stated, ways, where)
        if impure is not None:
            raise impure
        o = _first_difference(stated, exact)
        raise _fail(
            where,
            f"outcomes() says P({o!r}) = {stated[o]} but enumerating {ways} "
            f"gives {exact[o]}{_types_note(o, stated, exact)}",
        )
    return True


def assert_check_contract(
    check: Check,
    *,
    resolutions: int = DEFAULT_RESOLUTIONS,
    replays: int = DEFAULT_REPLAYS,
    seed: int = 0,
    alpha: float = DEFAULT_ALPHA,
) -> None:
    """Assert every per-check property of the contract for one check.

    1. ``outcomes()`` is a valid distribution over
       [`Outcome`][rollwerk.checks.Outcome]s (and the same when asked again); every
       outcome round-trips through JSON (an `Outcome` refuses extras named
       like its own fields, so they cannot clash).
    2. For ``replays`` seeds, the result depends on the Rng it is given: a
       check that records dice, or has more than one outcome, draws at least
       one face from it (a check rolling with its own random source is
       caught even when it rolls the same faces every time).
    3. ``resolutions`` resolutions with one ``SeededRng(seed)`` each give a
       well-formed [`CheckResult`][rollwerk.checks.CheckResult] (it names the check
       and its ruleset, records valid dice, ``rolled`` exactly when dice were
       recorded, explanations in English and German) whose outcome lies in
       the support.
    4. Their frequencies agree with the exact distribution
       ([`assert_frequencies_match`][rollwerk.testing.assert_frequencies_match],
       false-alarm rate ``alpha``).
    5. For ``replays`` seeds: the same seed gives an equal result; a
       [`ScriptedRng`][rollwerk.rng.ScriptedRng] of the recorded faces replays it
       exactly and uses every face; the result round-trips through
       ``to_json``/``from_json`` and through ``json.dumps``/``json.loads``.

    Args:
        check: The check under test.
        resolutions: How many seeded resolutions to compare with the exact
            distribution.
        replays: How many seeds to test for Rng dependence, determinism,
            replay and JSON.
        seed: The first seed; the replay seeds follow it.
        alpha: The false-alarm rate of the goodness-of-fit test.

    Raises:
        ContractViolation: Some property does not hold.
        ParameterError: ``resolutions`` is not an integer from 1 to 10**6,
            ``replays`` not one from 0, ``seed`` not an integer, or
            ``alpha`` not a number above 0 and below 1.
    """
    _count_arg("resolutions", resolutions, 1)
    _count_arg("replays", replays, 0)
    if seed.__class__ is not int:
        raise ParameterError("seed", seed, "an integer")
    alpha = _alpha_arg(alpha)
    where = describe_check(check)
    if not isinstance(check, Check):
        raise _fail(where, "is not a Check (needs ruleset, name, parameters, ...)")
    with _silent(where, "judging faces"):
        probes = _judge_probes(check, seed, where)
    with _silent(where, "computing outcomes()"):
        dist = _check_outcomes(check, where)
    # beyond the face budget (no replay of each way, whether or not a closed
    # form was compared), each seeded resolution is judged again instead
    unjudged = isinstance(check, FaceCheck) and not _ways_within(check, FACE_BUDGET)
    if isinstance(check, FaceCheck):
        assert_faces_match(check)
    doing = _Doing(where, "")
    for s in range(seed, seed + replays):
        counting = _CountingRng(SeededRng(s))
        with doing(f"resolving with SeededRng({s})"), _silent(where, "resolving"):
            result = _check_result_shape(check, check.resolve(counting), where)
        _check_rng_used(result, counting.drawn, len(dist), s, where)
    rng = SeededRng(seed)
    observed: list[Outcome] = []
    seen: dict[Outcome, CheckResult] = {}
    with doing(f"resolving {resolutions} times with SeededRng({seed})"):
        for _ in range(resolutions):
            result = _check_result_shape(check, check.resolve(rng), where)
            outcome = result.outcome()
            if unjudged:
                assert isinstance(check, FaceCheck)
                _judge_agrees(check, result, where)
            if outcome not in dist:
                _outside_support(check, result, where)
            observed.append(outcome)
            seen.setdefault(outcome, result)
    assert_frequencies_match(dist, observed, alpha=alpha, where=where)
    for result in seen.values():
        with doing(f"round-tripping {result!r} through JSON"):
            _json_roundtrip(result, where)
        _check_words(result, where)
    for s in range(seed, seed + replays):
        with doing(f"resolving with SeededRng({s})"):
            first = _check_result_shape(check, check.resolve(SeededRng(s)), where)
            again = check.resolve(SeededRng(s))
        if again != first:
            raise _resolves_differ(check, first, again, where) or _fail(
                where, f"seed {s} gave {first!r}, then {again!r}"
            )
        if first.outcome() not in dist:
            raise _fail(where, f"outcome {first.outcome()!r} is not in the support")
        faces = [r.face for r in first.rolls]
        script = ScriptedRng(faces)
        try:
            replay = check.resolve(script)
        except RollwerkError as exc:
            raise _fail(
                where,
                f"replaying the recorded faces {faces} of seed {s} failed: {exc} "
                "(is every die drawn recorded, in draw order?)",
            ) from exc
        except Exception as exc:
            raise _fail(
                where,
                f"replaying the recorded faces {faces} of seed {s} raised "
                f"{_cause(exc)}",
            ) from exc
        if replay != first:
            raise _resolves_differ(check, first, replay, where) or _fail(
                where,
                f"replaying the recorded faces {faces} gave {replay!r}, not {first!r}",
            )
        if script.remaining:
            raise _fail(
                where,
                f"replaying the recorded faces {faces} left {script.remaining} "
                "unused (a recorded die was never drawn)",
            )
        with doing(f"round-tripping {first!r} through JSON"):
            _json_roundtrip(first, where)
    _check_pure(check, probes, where)


def _outside_support(check: Check, result: CheckResult, where: str) -> None:
    """Refuse a resolved result whose outcome ``outcomes()`` does not have.

    A toolkit check resolves its faces once more first, judged afresh: a
    judge that gives another outcome then is not pure.

    Raises:
        ContractViolation: Always.
    """
    outcome = result.outcome()
    if isinstance(check, FaceCheck):
        try:
            faces = _faces_of(check, result)
        except RollwerkError:  # dice the check cannot show: not the judge's
            faces = None
        if faces is not None:
            again = _resolved_again(check, faces)
            if again != outcome:
                raise _not_pure(check, faces, outcome, again, where)
    raise _fail(
        where,
        f"resolved outcome {outcome!r} (rolls {list(result.rolls)!r}) "
        "is not in the support of outcomes()",
    )


def _judge_probes(
    check: Check, seed: int, where: str
) -> list[tuple[tuple[int, ...], Outcome]]:
    """A few face combinations of a `FaceCheck` and what its judge says of them.

    Judged again by `_check_pure` after the other checks: a judge is pure,
    so a judge whose answer depends on how often (or in what order) it was
    called gives a different outcome then. The faces are drawn as
    resolving draws them (a stop rule's, an exploding die's sum).
    """
    if not isinstance(check, FaceCheck):
        return []
    probes: list[tuple[tuple[int, ...], Outcome]] = []
    with _Doing(where, "judging the faces drawn with the first seeds") as doing:
        for s in range(seed, seed + _PURITY_PROBES):
            if check._stop is not None:
                doing.what = f"asking the stop rule while drawing with SeededRng({s})"
            faces = check._draw(SeededRng(s), ())
            if all(faces != f for f, _ in probes):
                doing.what = f"judging the faces {faces}"
                probes.append((faces, check.outcome_for(faces)))
    return probes


def _check_pure(
    check: Check, probes: Sequence[tuple[tuple[int, ...], Outcome]], where: str
) -> None:
    """The judge gives what it gave for ``probes`` when it was asked first."""
    if not probes:
        return
    assert isinstance(check, FaceCheck)
    with _Doing(where, "") as doing:
        for faces, early in probes:
            doing.what = f"judging the faces {faces} again"
            late = check.outcome_for(faces)
            if late != early:
                raise _not_pure(check, faces, early, late, where)


def _not_pure(
    check: FaceCheck,
    faces: tuple[int, ...],
    early: Outcome,
    late: Outcome,
    where: str,
) -> ContractViolation:
    """The violation of a judge that gave two outcomes for the same faces."""
    return _purity(
        _fail(
            where,
            f"the judge of {check.ruleset}:{check.name} is not pure: faces "
            f"{faces} gave {early!r}, then {late!r} ({_PURE_RULE})",
        )
    )


_NOT_PURE = "_rollwerk_not_pure"
"""The attribute that marks a violation `_purity` made."""


def _purity(violation: ContractViolation) -> ContractViolation:
    """``violation``, marked as one of a judge that is not pure."""
    setattr(violation, _NOT_PURE, True)
    return violation


def _is_purity(violation: BaseException) -> bool:
    """Whether ``violation`` is one `_purity` marked."""
    return getattr(violation, _NOT_PURE, False) is True


# -- rulesets ----------------------------------------------------------------


def _lower(p: Parameter) -> Scalar:
    if p.type is bool:
        return False
    if p.type is str:
        return p.choices[0] if p.choices else ""
    if p.choices:
        return min(_int_choices(p))
    return p.min_value


def _upper(p: Parameter) -> Scalar:
    if p.type is bool:
        return True
    if p.type is str:
        return p.choices[-1] if p.choices else ""
    if p.choices:
        return max(_int_choices(p))
    return p.max_value


def _middle(p: Parameter) -> Scalar:
    """The middle of the declared range of ``p`` (the lower of two middles).

    ``False`` for a bool; the middle choice, in the order of `_range`.
    """
    if p.type is bool or p.type is str or p.choices:
        ordered = list(_range(p)) or [_lower(p)]
        return ordered[(len(ordered) - 1) // 2]
    assert p.min_value is not None
    assert p.max_value is not None
    return p.min_value + (p.max_value - p.min_value) // 2


def _int_choices(p: Parameter) -> list[int]:
    """An ``int`` parameter's choices, smallest first (all within its bounds)."""
    return sorted(cast("tuple[int, ...]", p.choices))


def _range(p: Parameter) -> Sequence[Scalar]:
    """The values of ``p`` in order, for monotonicity (sampled if many)."""
    if p.type is bool:
        return [False, True]
    if p.type is str:
        return list(p.choices or ())
    if p.choices:
        return _int_choices(p)
    assert p.min_value is not None
    assert p.max_value is not None
    lo, hi = p.min_value, p.max_value
    if hi - lo + 1 <= _MAX_MONOTONIC_POINTS:
        return range(lo, hi + 1)
    steps = _MAX_MONOTONIC_POINTS - 1
    return sorted({lo + (hi - lo) * i // steps for i in range(steps + 1)})


def assert_ruleset_declaration(ruleset: Ruleset) -> None:
    """Assert that a ruleset declares everything generic code relies on.

    An ``id`` without spaces, dots, colons or ``+``, not starting with ``-``
    (``rollwerk check <id>:<check>``, ``--rollwerk-contract=<id>+<option>``), a
    name and version, labels in ``en`` and ``de`` for the four degrees, a
    positive round length, difficulties with unique ids, and at least one
    check spec. Check names are unique; each parameter has a unique name,
    a finite range (``min_value`` and ``max_value`` for ``int``, ``choices``
    for ``str``; `Parameter` itself refuses a default outside it). A
    `define_ruleset` value's own catalog has no template the registry
    leaves out when it loads the ruleset (a control character, a lone
    brace, a field in a label…): the violation is the registry's failure,
    ``ruleset '<id>': catalog message … is left out: …``; and every id of
    that catalog starts with ``<id>.`` (the command line reads a ruleset's
    words by such ids only).

    Raises:
        ContractViolation: Something is missing or inconsistent, reading
            the declaration raised (a label that is no template, a
            property that fails), or the registry would leave a template
            of its catalog out.
    """
    with _Doing(
        f"ruleset {getattr(ruleset, 'id', None)!r}",
        "reading its declaration (id, name, labels, catalog, levels, checks)",
    ):
        _declaration(ruleset)


def _declaration(ruleset: Ruleset) -> None:
    """`assert_ruleset_declaration`, whose exceptions the caller names."""
    if not isinstance(ruleset, Ruleset):
        raise ContractViolation(f"{ruleset!r} is not a Ruleset")
    rid = ruleset.id
    if not is_ruleset_id(rid):
        raise ContractViolation(f"ruleset id must be {RULESET_ID}, got {rid!r}")
    where = f"ruleset {rid!r}"
    for attr in ("name", "version"):
        if not isinstance(getattr(ruleset, attr), str) or not getattr(ruleset, attr):
            raise _fail(where, f"{attr} must be a non-empty string")
    levels = _declared_levels(ruleset, where)
    for lang in ("en", "de"):
        if ruleset.labels.get(lang) is None:
            raise _fail(where, f"labels has no {lang!r} entry")
    catalog = getattr(ruleset, "catalog", None)
    if isinstance(catalog, Catalog):
        # labels and messages a language lacks fall back to English: a
        # ruleset value's catalog (levels' labels included) must have German,
        # and every other language it starts (a Level's fr=) in full
        others = sorted(set(catalog.languages) - {"en", "de"})
        for lang in ("de", *others):
            missing = catalog.missing(lang)
            if missing:
                raise _fail(
                    where,
                    f"its catalog lacks in {lang!r} (these words would fall "
                    f"back to English): {', '.join(missing)}",
                )
    # a template the registry leaves out of a ruleset value's catalog when
    # it loads (a control character, a conversion, a field in a word…), in
    # the registry's words
    left_out = checked_ruleset_catalog(ruleset)[1]
    if left_out:
        more = len(left_out) - 1
        raise ContractViolation(
            left_out[0]
            + (
                f" (and {more} more {'is' if more == 1 else 'are'} left out)"
                if more
                else ""
            )
        )
    degrees = [d.value for d in Degree]
    level_ids = [lv.id for lv in levels]
    for lang, labels in ruleset.labels.items():
        for key in degrees + level_ids:
            if not labels.get(key):
                if key not in degrees:
                    # a Level made without words, as Level("hit", …) may be
                    raise _fail(
                        where,
                        f"labels[{lang!r}] has no {key!r}: give the level its "
                        f"words, Level({key!r}, …, en=…, de=…), or the catalog "
                        f"message '{rid}.label.{key}' in {lang!r}",
                    )
                raise _fail(where, f"labels[{lang!r}] has no {key!r}")
    seconds = ruleset.round_seconds
    if isinstance(seconds, bool) or not isinstance(seconds, (int, Fraction)):
        raise _fail(where, f"round_seconds must be a Fraction, got {seconds!r}")
    if seconds <= 0:
        raise _fail(where, f"round_seconds must be positive, got {seconds}")
    ids = [d.id for d in ruleset.difficulties]
    if not all(isinstance(d, Difficulty) for d in ruleset.difficulties):
        raise _fail(where, "difficulties must be Difficulty objects")
    if len(set(ids)) != len(ids):
        raise _fail(where, f"difficulty ids repeat: {ids}")
    specs = list(ruleset.checks())
    if not specs or not all(isinstance(s, CheckSpec) for s in specs):
        raise _fail(where, "checks() must return a non-empty sequence of CheckSpec")
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise _fail(where, f"check names repeat: {names}")
    for spec in specs:
        _check_spec_declaration(rid, spec)
    if isinstance(catalog, Catalog):
        _help_ids_declared(rid, catalog, specs, where)
        _ids_under_prefix(rid, catalog, where)


def _ids_under_prefix(rid: str, catalog: Catalog, where: str) -> None:
    """Refuse an id of the ruleset's own catalog that does not start ``<id>.``.

    The ruleset's words are read from its catalog by ``<id>.…`` ids only
    (labels, roles, extras, help); another ruleset's, the toolkit's or the
    core's ids there are never shown (``other.role.wild`` does not word the
    role ``wild`` of ruleset ``rt``). Words for them belong in a catalog
    that ``rollwerk_register_catalogs`` returns.
    """
    start = f"{rid}."
    outside = sorted(
        {
            i
            for lang in catalog.languages
            for i in catalog.ids(lang)
            if not i.startswith(start)
        }
    )
    if outside:
        raise _fail(
            where,
            f"its catalog has ids that do not start with {start!r}: a "
            "ruleset's message ids start with its id, as the command line "
            f"looks its words up ('{start}role.<role>'…) and never reads "
            "these; words for another ruleset, the toolkit or the core belong "
            f"in a catalog rollwerk_register_catalogs returns: {', '.join(outside)}",
        )


_CLOSE = 0.8
"""How alike (difflib's ratio) a catalog's word must be to a role or extra
seen without a word of its own for the contract to call it misspelt."""


def _numbered(name: str) -> str:
    """``name`` with its numbers blanked: ``repetition 2`` → ``repetition #``."""
    return re.sub(r"[0-9]+", "#", name)


def _misspelt_words(ruleset: Ruleset, roles: set[str], extras: set[str]) -> None:
    """Refuse a role or extra word of the catalog that misspells one seen.

    ``roles`` and ``extras``: the die roles and extra names the contract
    saw while it explored every check. A word ``<id>.role.<r>`` (or
    ``<id>.extra.<e>``, ``<id>.extra.<e>.<value>``) whose name the kit never
    saw is reported only when it is close to the name of a role (extra) it
    saw that has no word of its own: a role only some parameters give is
    not reported, and neither is one of a family that differs in numbers
    only (``repetition 1`` beside ``repetition 2``).
    """
    catalog = getattr(ruleset, "catalog", None)
    if not isinstance(catalog, Catalog):
        return
    rid = ruleset.id
    ids = {i for lang in catalog.languages for i in catalog.ids(lang)}
    found: list[str] = []
    for kind, seen in (("role", roles), ("extra", extras)):
        start = f"{rid}.{kind}."
        named = {i[len(start) :] for i in ids if i.startswith(start)}
        wordless = sorted(seen - named)
        for name in sorted(named - seen):
            heads = [name]
            if kind == "extra":
                if any(name.startswith(f"{e}.") for e in seen):
                    continue  # the word of a value of an extra seen
                head = name.partition(".")[0]
                if head != name:
                    heads.append(head)
            for head in heads:
                close = [
                    w
                    for w in difflib.get_close_matches(head, wordless, 3, _CLOSE)
                    if _numbered(w) != _numbered(head)
                ]
                if close:
                    found.append(f"{start}{name} (the {kind} {close[0]!r}?)")
                    break
    if found:
        raise _fail(
            f"ruleset {rid!r}",
            "its catalog words roles or extras that no check the contract "
            "explored gives, each like one a check gives that has no word of "
            f"its own (a misspelt id is never shown): {'; '.join(found)}",
        )


def _help_ids_declared(
    rid: str, catalog: Catalog, specs: Sequence[CheckSpec], where: str
) -> None:
    """Refuse help in the catalog for a check or parameter not declared.

    ``<id>.help.<check>`` and ``<id>.help.<check>.<parameter>`` are written
    in the other languages only (their English is the help declared), so
    no English id gives a misspelt one away: ``x.help.tset`` would never be
    shown.
    """
    declared = {f"{rid}.help.{s.name}" for s in specs} | {
        f"{rid}.help.{s.name}.{p.name}" for s in specs for p in s.parameters
    }
    start = f"{rid}.help."
    stray = sorted(
        {
            i
            for lang in catalog.languages
            for i in catalog.ids(lang)
            if i.startswith(start) and i not in declared
        }
    )
    if stray:
        raise _fail(
            where,
            "its catalog has help for no declared check or parameter (it "
            f"would never be shown): {', '.join(stray)}",
        )


def _declared_levels(ruleset: Ruleset, where: str) -> list[Level]:
    """The ruleset's levels, checked: Level objects, unique, worst first."""
    levels = list(getattr(ruleset, "levels", None) or ())
    ids: set[str] = set()
    for i, level in enumerate(levels):
        if not isinstance(level, Level):
            raise _fail(where, f"levels[{i}] is {level!r}, not a Level")
        if level.id in ids:
            raise _fail(where, f"level id {level.id!r} repeats")
        ids.add(level.id)
        if i and (level.success, level.degree.rank) < (
            levels[i - 1].success,
            levels[i - 1].degree.rank,
        ):
            lower = levels[i - 1]
            raise _fail(
                where,
                f"level {level.id!r} ({level.degree.value}, success="
                f"{level.success}) is less successful than the level below it, "
                f"{lower.id!r} ({lower.degree.value}, success={lower.success}); "
                "levels go worst first",
            )
    return levels


def _check_levels(ruleset: Ruleset, check: Check, dist: Distribution[Outcome]) -> None:
    """Every outcome's level is a declared level with the same degree and success.

    In a ruleset with levels every outcome has one: the odds table ("best
    level first"), the contest's table of levels and a contest rule by
    level rank all read it, and an outcome without one falls out of them.
    """
    where = describe_check(check)
    by_id = {lv.id: lv for lv in getattr(ruleset, "levels", None) or ()}
    for outcome in dist.support:
        if outcome.level is None:
            if by_id:
                raise _fail(
                    where,
                    f"outcome {outcome!r} has no level, but the ruleset declares "
                    f"levels (one of: {', '.join(by_id)}); build it with "
                    "SuccessLevels.outcome",
                )
            continue
        level = by_id.get(outcome.level)
        if level is None:
            raise _fail(
                where,
                f"outcome {outcome!r} has level {outcome.level!r}, which the "
                f"ruleset does not declare (levels: {', '.join(by_id) or 'none'})",
            )
        if (level.degree, level.success) != (outcome.degree, outcome.success):
            raise _fail(
                where,
                f"outcome {outcome!r} is at level {level.id!r}, which maps to "
                f"{level.degree.value} with success={level.success}",
            )


def _check_spec_declaration(rid: str, spec: CheckSpec) -> None:
    where = f"ruleset {rid!r}, check {spec.name!r}"
    if not is_word(spec.name):
        # what define_check refuses: a name is typed after ``ruleset:``
        raise _fail(
            where,
            "the check name must be a word without spaces, dots or colons "
            "(printable text only)",
        )
    pnames = [p.name for p in spec.parameters]
    if len(set(pnames)) != len(pnames):
        raise _fail(where, f"parameter names repeat: {pnames}")
    for p in spec.parameters:
        bounded = p.min_value is not None and p.max_value is not None
        if p.type is int and not bounded and not p.choices:
            raise _fail(
                where,
                f"parameter {p.name!r} must declare min_value and max_value, or "
                "choices (the contract kit and generic code draw from them)",
            )
        if p.type is str and not p.choices:
            raise _fail(where, f"str parameter {p.name!r} must declare choices")
        # a reversed range, a default outside it and a monotonic that is not
        # a Monotonic are refused by Parameter itself, when declared


def _attempt(
    rid: str, spec: CheckSpec, params: Mapping[str, Scalar]
) -> Check | RollwerkError:
    """The check, or the `RollwerkError` the ruleset refuses ``params`` with.

    A refusal is a `RollwerkError` (a `ParameterError` for a combination
    the rules forbid); anything else the factory raises, a `CheckFault`
    (a dice function that returned no dice) and a `PluginFault` (the
    registry's guard around a factory that raised anything else), is a
    violation.
    """
    try:
        return spec.build(**params)
    except (PluginFault, CheckFault) as exc:  # the guard's, or unguarded
        fault: BaseException = exc
    except RollwerkError as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - every crash is a violation
        fault = exc
    hint = ""
    if isinstance(fault, ValueError) or isinstance(fault.__cause__, ValueError):
        # the usual way to refuse a value in Python, not rollwerk's
        hint = (
            " (a combination the rules forbid is refused with "
            "rollwerk.ParameterError(name, value, allowed))"
        )
    raise _fail(
        _describe(rid, spec.name, params),
        f"building the check raised {_cause(fault)}{hint}",
    ) from fault


def _build(rid: str, spec: CheckSpec, params: Mapping[str, Scalar]) -> Check | None:
    """The check, or None where the ruleset refuses the parameters (`_attempt`)."""
    built = _attempt(rid, spec, params)
    return None if isinstance(built, RollwerkError) else built


def _refusal(
    rid: str, spec: CheckSpec, params: Mapping[str, Scalar]
) -> RollwerkError | None:
    """The `RollwerkError` the ruleset refuses ``params`` with, or None if it builds.

    A crash of the factory (a `PluginFault` too) is a violation (`_attempt`).
    """
    built = _attempt(rid, spec, params)
    return built if isinstance(built, RollwerkError) else None


def _uniform(p: Parameter, rnd: random.Random) -> Scalar:
    """A value of ``p`` drawn uniformly from its declared range."""
    if p.type is bool:
        return bool(rnd.getrandbits(1))
    if p.choices:
        return cast("Scalar", rnd.choice(list(p.choices)))
    assert p.min_value is not None
    assert p.max_value is not None
    return rnd.randint(p.min_value, p.max_value)


def _ends(p: Parameter) -> list[Scalar]:
    """The two ends of ``p``'s declared range (one if they are equal)."""
    low, high = _lower(p), _upper(p)
    return [low] if low == high else [low, high]


def _blamed(spec: CheckSpec, exc: RollwerkError) -> list[str]:
    """The parameters a refusal is about: the one a `ParameterError` names, else all."""
    names = [p.name for p in spec.parameters]
    named = getattr(exc, "parameter", None)
    return [named] if isinstance(named, str) and named in names else names


def _witness(
    rid: str,
    spec: CheckSpec,
    name: str,
    value: Scalar,
    built: Sequence[Mapping[str, Scalar]],
) -> bool:
    """Whether ``name=value`` builds together with some values of the others.

    Tried, in order: the other values of each parameter set that built,
    the three corners (`_corners`), and every corner of the box of the
    other parameters' declared ranges (each at either end; at most
    `_MAX_BOX_CORNERS`, the parameters declared last held at their defaults
    beyond that).
    """
    others = [p for p in spec.parameters if p.name != name]
    candidates: list[Mapping[str, Scalar]] = [*built, *_corners(spec)]
    box: list[dict[str, Scalar]] = [{}]
    for p in others:
        if len(box) * 2 > _MAX_BOX_CORNERS:
            break
        box = [{**b, p.name: end} for b in box for end in _ends(p)]
    fallback = _corners(spec)[0]
    candidates += [{**fallback, **b} for b in box]
    tried: list[Mapping[str, Scalar]] = []
    for candidate in candidates:
        params = {**candidate, name: value}
        if params in tried:
            continue
        tried.append(params)
        if _refusal(rid, spec, params) is None:
            return True
    return False


def assert_refusals_are_combinations(
    ruleset: Ruleset, spec: CheckSpec, *, sample: int = REFUSAL_SAMPLE
) -> None:
    """Assert that a check refusing most of its declared ranges refuses combinations.

    The contract skips parameter sets the ruleset refuses to build (a
    `RollwerkError` from the factory): rules forbid some combinations (a
    self-imposed difficulty above the chance, a remainder die a value has
    not). But a check that refuses most of what it declares cannot be
    tested there, and the declaration misleads everyone who reads it (the
    CLI's help, a bot's form, the strategies).

    ``sample`` parameter sets are drawn uniformly from the declared ranges
    (seeded by the ruleset id and check name: the same on every run). If
    the ruleset refuses more than [`REFUSED_SHARE`][rollwerk.testing.REFUSED_SHARE]
    (half) of them, every refusal must be one of a *combination*: the value
    of the parameter a `ParameterError` names (of each parameter, for
    another `RollwerkError`) must build with some values of the other
    parameters — the values of a set that built, the corners, or the ends
    of the others' ranges. A value refused with all of them is declared
    but never accepted: the declared range is wider than the check's.

    A plugin declares an intentional combination by refusing it with a
    `ParameterError` naming the parameter whose allowed values depend on
    the others (``handicap`` must stay below the chance), or by declaring
    narrower ranges.

    Raises:
        ContractViolation: More than half refused and some refused value
            builds with none of the combinations tried; the message names
            the check, the share and examples of refused sets.
    """
    rid = ruleset.id
    seed = zlib.crc32(f"{rid}:{spec.name}:refusals".encode())
    rnd = random.Random(seed)
    built: list[dict[str, Scalar]] = []
    refused: list[tuple[dict[str, Scalar], RollwerkError]] = []
    for _ in range(sample):
        params = {p.name: _uniform(p, rnd) for p in spec.parameters}
        exc = _refusal(rid, spec, params)
        if exc is None:
            built.append(params)
        else:
            refused.append((params, exc))
    if not sample or Fraction(len(refused), sample) <= REFUSED_SHARE:
        return
    known: dict[tuple[str, Scalar], bool] = {}
    for params, exc in refused:
        for name in _blamed(spec, exc):
            key = (name, params[name])
            if key not in known:
                known[key] = _witness(rid, spec, name, params[name], built)
            if known[key]:
                continue
            examples = "; ".join(
                f"{_describe(rid, spec.name, p)}: {_cause(e)}"
                for p, e in refused[:_REFUSED_EXAMPLES]
            )
            raise _fail(
                f"ruleset {rid!r}, check {spec.name!r}",
                f"refused {len(refused)} of {sample} parameter sets drawn "
                f"uniformly from its declared ranges (more than "
                f"{REFUSED_SHARE}), and {name}={params[name]!r} builds with "
                "no values of the other parameters tried (those of the sets "
                "that built, the corners and the ends of their ranges): "
                f"declare the range the check accepts. Refused, e.g.: {examples}",
            )


def assert_monotonic(
    ruleset: Ruleset, spec: CheckSpec, params: Mapping[str, Scalar]
) -> None:
    """Assert the declared monotonicity of every parameter of ``spec``.

    For each parameter with ``monotonic`` set, the other parameters are held
    at ``params`` while it runs along its declared range (integers from
    ``min_value`` to ``max_value``, sampled evenly at 101 points if there are
    more; ``False`` then ``True``; the ``choices`` in their declared order).
    The exact probability of success must never fall (``INCREASING``) or
    never rise (``DECREASING``). Values whose check the ruleset refuses to
    build (a `RollwerkError`) are skipped.

    Raises:
        ContractViolation: The chance of success moves the wrong way.
        ParameterError: ``params`` names a parameter ``spec`` does not
            have, or the ruleset refuses to build the check with them (the
            sweep would then check nothing).
    """
    names = [p.name for p in spec.parameters]
    if not isinstance(params, Mapping):
        raise ParameterError("params", params, "a mapping of parameter names to values")
    for name in params:
        if name not in names:
            raise ParameterError(
                "params", name, f"a parameter of {spec.name!r} ({', '.join(names)})"
            )
    refused = _refusal(ruleset.id, spec, params)
    if refused is not None:
        raise ParameterError(
            "params",
            dict(params),
            f"parameters {spec.name!r} builds a check with (the ruleset "
            f"refuses them: {refused})",
        )
    for p in spec.parameters:
        if p.monotonic is None:
            continue
        previous: tuple[Scalar, Fraction] | None = None
        for value in _range(p):
            chance = _chance(ruleset, spec, params, p, value)
            if chance is None:
                continue
            if previous is not None:
                _monotonic_step(
                    ruleset, spec, params, p, before=previous, after=(value, chance)
                )
            previous = (value, chance)


def _chance(
    ruleset: Ruleset,
    spec: CheckSpec,
    params: Mapping[str, Scalar],
    p: Parameter,
    value: Scalar,
) -> Fraction | None:
    """P(success) with ``p`` at ``value``, or None where the ruleset refuses it.

    Within one ruleset's contract each parameter set's chance is computed
    once (`_CHANCES`): the sweeps of several parameters meet at the same
    sets, and the exact odds of a large pool may take a second.
    """
    at = {**params, p.name: value}
    memo = _CHANCES.get()
    key = _chance_key(ruleset.id, spec, at)
    if memo is not None and key in memo:
        return memo[key]
    check = _build(ruleset.id, spec, at)
    if check is None:
        chance = None
    else:
        where = describe_check(check)
        dist = _outcomes(check, where)
        with _Doing(where, f"P(success), to check that {p.name} is monotonic"):
            chance = dist.probability(lambda o: o.success)
        if isinstance(check, FaceCheck):
            # a closed form wrong at some values only (every even pool) is
            # caught where the sweep passes, not only at the drawn sets
            try:
                with _Doing(where, "comparing the closed form with the judge"):
                    _odds_match(check, where, _SWEEP_ODDS)
            except ContractViolation:
                # a closed form that reads a counter or the time is impure,
                # not wrong: built again, it gives another chance
                _same_chance_again(ruleset, spec, at, chance)
                raise
    if memo is not None:
        memo[key] = chance
    return chance


_SWEEP_ODDS = 2_000
"""The most ways the dice fall for which a monotonicity sweep also compares
a closed form (``odds=``) with the judge at each value it visits."""

_CHANCES: ContextVar[dict[tuple[Any, ...], Fraction | None] | None] = ContextVar(
    "_CHANCES", default=None
)
"""P(success) by ruleset, check and parameters, while a ruleset's contract runs."""


def _chance_key(
    rid: str, spec: CheckSpec, params: Mapping[str, Scalar]
) -> tuple[Any, ...]:
    """The key of `_CHANCES` for a check's parameters, in any order.

    Sorted by name alone: the names are distinct, so values never compare.
    """
    return (rid, spec.name, tuple(sorted(params.items())))


def _monotonic_step(
    ruleset: Ruleset,
    spec: CheckSpec,
    params: Mapping[str, Scalar],
    p: Parameter,
    *,
    before: tuple[Scalar, Fraction],
    after: tuple[Scalar, Fraction],
) -> None:
    """Refuse a move from ``before`` to a later value of ``p`` the wrong way."""
    (before_value, was), (value, chance) = before, after
    if chance < was if p.monotonic is Monotonic.INCREASING else chance > was:
        assert p.monotonic is not None
        for at, seen in ((before_value, was), (value, chance)):
            _same_chance_again(ruleset, spec, {**params, p.name: at}, seen)
        others = {k: v for k, v in params.items() if k != p.name}
        raise ContractViolation(
            f"ruleset {ruleset.id!r}, check {spec.name!r}: "
            f"{p.name} is declared {p.monotonic.name} but P(success) "
            f"goes from {was} at {p.name}={before_value!r} to "
            f"{chance} at {p.name}={value!r} (other parameters: "
            f"{others!r})"
        )


def _same_chance_again(
    ruleset: Ruleset, spec: CheckSpec, params: Mapping[str, Scalar], seen: Fraction
) -> None:
    """Before blaming a declaration: P(success) at ``params`` built anew.

    A judge, dice function or closed form that reads a global random, the
    time or a counter breaks monotonicity by chance; it is reported as not
    pure, not as a wrong declaration.
    """
    check = _build(ruleset.id, spec, params)
    if check is None:
        return
    where = describe_check(check)
    with _Doing(where, "P(success), computed again"):
        again = _outcomes(check, where).probability(lambda o: o.success)
    if again != seen:
        raise _purity(
            _fail(
                where,
                f"the check {ruleset.id}:{spec.name} is not pure: P(success) was "
                f"{seen}, then {again} when built and computed again "
                f"({_CHECK_RULE})",
            )
        )


def _monotonic_pairs(
    ruleset: Ruleset,
    spec: CheckSpec,
    params: Mapping[str, Scalar],
    other: Mapping[str, Scalar],
) -> None:
    """Declared monotonicity at a drawn parameter set, one parameter at a time.

    Each monotonic parameter moves from its value in ``params`` to the next
    value of its range and to its value in ``other`` (a second drawn set),
    the other parameters held: two comparisons where `assert_monotonic`
    sweeps the whole range, so that every drawn set can afford them.
    """
    for p in spec.parameters:
        if p.monotonic is None:
            continue
        here = params[p.name]
        rank = _position(p, here)
        chance = None
        for value in dict.fromkeys((_next_value(p, here), other[p.name])):
            if value is None or _position(p, value) == rank:
                continue
            if chance is None:
                chance = _chance(ruleset, spec, params, p, here)
                if chance is None:
                    return
            there = _chance(ruleset, spec, params, p, value)
            if there is None:
                continue
            pair = ((here, chance), (value, there))
            before, after = pair if _position(p, value) > rank else pair[::-1]
            _monotonic_step(ruleset, spec, params, p, before=before, after=after)


def _position(p: Parameter, value: Scalar) -> int:
    """Where ``value`` lies along the monotonic order of ``p`` (as `_range`)."""
    if p.type is int and not p.choices:
        assert isinstance(value, int)
        return value
    return list(_range(p)).index(value)


def _next_value(p: Parameter, value: Scalar) -> Scalar:
    """The value of ``p`` after ``value`` along its order (None at the end)."""
    if p.type is int and not p.choices:
        assert isinstance(value, int)
        assert p.max_value is not None
        return value + 1 if value < p.max_value else None
    ordered = list(_range(p))
    at = ordered.index(value) + 1
    return ordered[at] if at < len(ordered) else None


_SWAP = {
    ContestOutcome.FIRST: ContestOutcome.SECOND,
    ContestOutcome.SECOND: ContestOutcome.FIRST,
}


def assert_contest_contract(
    ruleset: Ruleset, first: Check, second: Check, *, symmetric: bool | None = None
) -> None:
    """Assert the contest properties for two checks of ``ruleset``.

    [`contest_odds`][rollwerk.rulesets.contest_odds] is a valid distribution over
    [`ContestOutcome`][rollwerk.checks.ContestOutcome]s, and the same as the
    rule played on every pair of outcomes
    ([`resolve_contest`][rollwerk.rulesets.resolve_contest] with both checks;
    up to 40 000 pairs). Where the contest is
    symmetric, swapping the two sides swaps ``FIRST`` and ``SECOND`` and
    leaves the other outcomes alone.

    Args:
        ruleset: The ruleset whose contest rule is tested.
        first: The initiator's check.
        second: The opponent's check.
        symmetric: Test the swap; ``None`` takes ``contest_symmetric`` from
            the spec of ``first``'s check.

    Raises:
        ContractViolation: A property does not hold.
    """
    where = f"contest {describe_check(first)} vs {describe_check(second)}"
    odds = _contest_odds(ruleset, first, second, where)
    try:
        assert_distribution_valid(odds)
    except ContractViolation as exc:
        raise _fail(where, str(exc)) from None
    for key in odds.support:
        if not isinstance(key, ContestOutcome):
            raise _fail(where, f"contest() returned {key!r}, not a ContestOutcome")
        for lang, labels in ruleset.labels.items():
            if not labels.get(key.value):
                raise _fail(
                    where,
                    f"the contest can end {key.value!r}, but labels[{lang!r}] has "
                    f"no {key.value!r}",
                )
    _assert_odds_as_played(ruleset, first, second, odds, where)
    declared = "declared symmetric"
    why = "a contest whose sides are not alike declares its checks contest_symmetric=False"
    if symmetric is None:
        spec = next((s for s in ruleset.checks() if s.name == first.name), None)
        symmetric = spec is not None and spec.contest_symmetric
    elif symmetric:  # the caller's word, whatever the check declares
        declared = "tested as symmetric (symmetric=True)"
        why = "leave symmetric out to test what the check declares"
    if symmetric:
        swapped = _contest_odds(ruleset, second, first, where)
        expected = odds.map(lambda k: _SWAP.get(k, k))
        if swapped != expected:
            raise _fail(
                where,
                f"the contest is {declared}, but swapping the sides gives "
                f"{swapped!r} instead of {expected!r} ({why})",
            )


_CONTEST_PAIRS = 40_000
"""The most pairs of outcomes a contest's odds are compared with its played rule on."""


def _assert_odds_as_played(
    ruleset: Ruleset,
    first: Check,
    second: Check,
    odds: Distribution[ContestOutcome],
    where: str,
) -> None:
    """``contest_odds`` equals the rule played on every pair of outcomes.

    [`resolve_contest`][rollwerk.rulesets.resolve_contest] (and so
    [`contest_result`][rollwerk.rulesets.contest_result] and ``rollwerk
    contest --seed``) decides two outcomes with the checks; the odds may be
    computed another way (a ``contest_key``, a closed form). Both must say
    the same, up to `_CONTEST_PAIRS` pairs of outcomes.
    """
    with _Doing(where, "computing the outcomes of each side"):
        firsts, seconds = first.outcomes(), second.outcomes()
    if len(firsts.support) * len(seconds.support) > _CONTEST_PAIRS:
        return
    pair = (first, second)
    try:
        played = firsts.combine(
            seconds, lambda a, b: resolve_contest(ruleset, a, b, checks=pair)
        )
    except ContractViolation:
        raise
    except Exception as exc:
        raise _fail(
            where, f"resolve_contest raised {type(exc).__name__}: {exc}"
        ) from exc
    if played != odds:

        def shown(d: Distribution[ContestOutcome]) -> str:
            return ", ".join(f"{k.value} {d[k]}" for k in ContestOutcome if d[k])

        raise _fail(
            where,
            f"contest_odds gives {shown(odds)}, but the contest rule played on "
            f"every pair of outcomes (resolve_contest, contest_result) gives "
            f"{shown(played)}",
        )


def _contest_odds(
    ruleset: Ruleset, first: Check, second: Check, where: str
) -> Distribution[ContestOutcome]:
    """``contest_odds``, with anything it raises a violation (chained)."""
    try:
        return contest_odds(ruleset, first, second)
    except ContractViolation:
        raise
    except Exception as exc:
        raise _fail(where, f"contest_odds raised {type(exc).__name__}: {exc}") from exc


def assert_cross_contests(ruleset: Ruleset) -> None:
    """Assert that two different checks of ``ruleset`` can be contested, or are refused.

    ``rollwerk contest RULESET:a … --vs-check b`` and
    [`contest_odds`][rollwerk.rulesets.contest_odds] contest checks of
    different names. For every ordered pair of different check specs, each
    built at the first of the three corners of its ranges that builds
    (defaults, a required parameter at the middle of its range; minimums;
    maximums), the contest passes
    [`assert_contest_contract`][rollwerk.testing.assert_contest_contract]
    (not as symmetric), or the ruleset refuses the pair with a
    [`ContestError`][rollwerk.errors.ContestError]. Anything else the
    contest rule raises (a `KeyError` for a parameter the other check does
    not have, say) is a violation.

    Raises:
        ContractViolation: A contest of two different checks fails.
    """
    built = []
    for spec in ruleset.checks():
        for corner in _corners(spec):  # the first that builds
            check = _build(ruleset.id, spec, corner)
            if check is not None:
                built.append(check)
                break
    for first in built:
        for second in built:
            if first.name == second.name:
                continue
            _contest_unless_refused(ruleset, first, second, symmetric=False)


def _contest_unless_refused(
    ruleset: Ruleset, first: Check, second: Check, *, symmetric: bool | None
) -> None:
    """`assert_contest_contract`, unless the ruleset refuses the contest by name.

    A rule may refuse a pair it cannot decide with a
    [`ContestError`][rollwerk.errors.ContestError] (two checks of different
    names; DS4's two successes without results): the CLI says so in one
    line. Anything else it raises is a violation.
    """
    try:
        assert_contest_contract(ruleset, first, second, symmetric=symmetric)
    except ContractViolation as exc:
        if not isinstance(exc.__cause__, ContestError):
            raise
        if first.name == second.name and first.parameters == second.parameters:
            # a check against its own kind must be contestable (an
            # initiative roll against another one is a contest)
            raise _fail(
                describe_check(first),
                "the contest rule refuses the check against itself with "
                f"ContestError({str(exc.__cause__)!r}); only a pair of "
                "different checks may be refused",
            ) from exc.__cause__


RULESET_PROPERTIES: list[RulesetProperty] = [
    assert_ruleset_durations,
    assert_cross_contests,
]
"""Extension point: further ruleset-wide properties run by the contract.

[`assert_ruleset_contract`][rollwerk.testing.assert_ruleset_contract] calls
every function in this list with the ruleset after the check properties, and
the pytest plugin makes one test item per function, named after it. It
starts with the kit's own ruleset-wide properties
([`assert_ruleset_durations`][rollwerk.testing.assert_ruleset_durations],
[`assert_cross_contests`][rollwerk.testing.assert_cross_contests]).
"""


def _corners(spec: CheckSpec) -> list[dict[str, Scalar]]:
    """All defaults, all minimums, all maximums (each once).

    A required parameter has no default: the middle of its range stands in,
    so that the first corner is not the second again when every parameter
    is required (a claim that fails only inside the ranges is then swept).
    """
    low = {p.name: _lower(p) for p in spec.parameters}
    high = {p.name: _upper(p) for p in spec.parameters}
    default: dict[str, Scalar] = {
        p.name: (_middle(p) if p.required else p.validate(p.default))
        for p in spec.parameters
    }
    out: list[dict[str, Scalar]] = []
    for corner in (default, low, high):
        if corner not in out:
            out.append(corner)
    return out


def _flag_corners(spec: CheckSpec) -> list[dict[str, Scalar]]:
    """All minimums with every bool True, all maximums with every bool False.

    Empty without a bool parameter. Flags usually add dice or rules
    (open-ended dice, an advantage die): at the smallest corner their faces
    are the fewest, so the closed form is compared with enumeration there,
    which the largest corner may be too big for; and the largest values
    without them (a pool of 12 plain dice, whose multisets are few) are
    compared where the all-maximums corner, flags on, is beyond the budget.
    """
    flags = [p.name for p in spec.parameters if p.type is bool]
    if not flags:
        return []
    low = {p.name: _lower(p) for p in spec.parameters}
    low.update(dict.fromkeys(flags, True))
    high = {p.name: _upper(p) for p in spec.parameters}
    high.update(dict.fromkeys(flags, False))
    return [low] if high == low else [low, high]


def _value_count(p: Parameter) -> int | None:
    """How many values ``p`` allows (its choices, both bools, its integers).

    None for a parameter without a finite range (a ``str`` without choices,
    which the declaration refuses).
    """
    if p.type is bool:
        return 2
    if p.choices:
        return len(p.choices)
    if p.type is not int or p.min_value is None or p.max_value is None:
        return None
    return p.max_value - p.min_value + 1


def _sweep(
    spec: CheckSpec,
    max_examples: int,
    fixed: Sequence[Mapping[str, Scalar]],
    visited: Sequence[Mapping[str, Scalar]],
) -> Iterator[list[dict[str, Scalar]]]:
    """Each value of each parameter with at most ``max_examples`` values.

    For each such parameter (in declaration order) and each of its values
    (in the order of `_range`) that no set in ``visited`` (the corners that
    built) gives it: that value with the other parameters at each of the
    ``fixed`` sets (defaults, minimums, maximums, the flags' corner), the
    caller keeping the first that builds. So at most ``max_examples`` sets
    are checked per parameter.
    """
    for p in spec.parameters:
        count = _value_count(p)
        if count is None or count > max_examples:
            continue
        seen = {repr(v[p.name]) for v in visited}
        values = (
            range(p.min_value, p.max_value + 1)
            if p.type is int
            and not p.choices
            and p.min_value is not None
            and p.max_value is not None
            else _range(p)  # all of them: bools, choices
        )
        for value in values:
            if repr(value) in seen:
                continue
            candidates: list[dict[str, Scalar]] = []
            for base in fixed:
                params = {**base, p.name: value}
                if params not in candidates:
                    candidates.append(params)
            yield candidates


def _visit(
    ruleset: Ruleset, spec: CheckSpec, check: Check, params: Mapping[str, Scalar]
) -> None:
    """The exact part of the contract for a check of the sweep (`_sweep`).

    What it was built with and by, its ``outcomes()`` (a valid
    distribution, the same when asked again, outcomes that round-trip
    through JSON, at declared levels) and, for a toolkit check,
    `assert_faces_match`: the closed form compared with the judge. The
    seeded resolutions of `assert_check_contract` are left to the corners
    and the drawn sets.

    Raises:
        ContractViolation: A property does not hold.
    """
    where = describe_check(check)
    if check.ruleset != ruleset.id:
        raise _fail(
            where, f"was built by ruleset {ruleset.id!r} but names {check.ruleset!r}"
        )
    _check_built(spec, check, params)
    dist = _check_outcomes(check, where)
    _check_levels(ruleset, check, dist)
    if isinstance(check, FaceCheck):
        assert_faces_match(check)


def _seed_for(check: Check) -> int:
    text = json.dumps(dict(check.parameters), sort_keys=True, default=repr)
    return zlib.crc32(f"{check.ruleset}:{check.name}:{text}".encode())


def _check_built(spec: CheckSpec, check: Check, params: Mapping[str, Scalar]) -> None:
    where = describe_check(check)
    if check.name != spec.name:
        raise _fail(where, f"built from spec {spec.name!r} but is named {check.name!r}")
    declared = {p.name for p in spec.parameters}
    extra = [name for name in check.parameters if name not in declared]
    if extra:
        # build_check(ruleset, name, **check.parameters) must build it again
        raise _fail(
            where,
            f"its parameters hold {', '.join(map(repr, extra))}, which its spec "
            f"does not declare (declared: {', '.join(sorted(declared)) or 'none'}); "
            "a check's parameters are what builds it again",
        )
    for name, value in params.items():
        if name not in check.parameters or check.parameters[name] != value:
            raise _fail(
                where,
                f"was built with {name}={value!r} but its parameters say "
                f"{check.parameters.get(name)!r}",
            )


def _check_frozen(check: Check, where: str) -> None:
    """Refuse a check whose ``ruleset``, ``name`` or ``parameters`` can be set.

    Each is set to the value it has, so nothing changes even where the
    check lets it: a check is a frozen value (caches hand out one object
    to every caller).
    """
    check = _unwrap(check)  # the registry's guard is read-only: the plugin's check
    attribute = settable(check, ("ruleset", "name", "parameters"))
    if attribute is not None:
        raise _fail(
            where,
            f"the check can be changed: setting its {attribute} succeeded (a "
            "check is a frozen value: make it an attrs.frozen class, a frozen "
            "dataclass or give it read-only properties)",
        )
    _check_parameters_copied(check, where)


_PROBE = "rollwerk-contract-probe"
"""The key the kit adds to a check's ``parameters`` to see whether it stays."""


def _check_parameters_copied(check: Check, where: str) -> None:
    """Refuse a check whose ``parameters`` mapping is its own, changeable one.

    A key is added to the mapping ``parameters`` gives and taken out again;
    if the check's next ``parameters`` has it, a caller could change the
    check (and every request that the same check object answers).
    """
    given = check.parameters
    if not isinstance(given, MutableMapping) or _PROBE in given:
        return
    try:
        given[_PROBE] = None
    except Exception:  # noqa: BLE001 - refusing to change: what it must do
        return
    try:
        kept = _PROBE in check.parameters
    finally:
        given.pop(_PROBE, None)
    if kept:
        raise _fail(
            where,
            "the check can be changed: a key added to the mapping its "
            "parameters gave stayed in the check (a check is a frozen value: "
            "give a copy, dict(...), or a read-only types.MappingProxyType)",
        )


def _check_rebuilt(
    rid: str,
    spec: CheckSpec,
    params: Mapping[str, Scalar],
    check: Check,
    dist: Distribution[Outcome],
) -> None:
    """Refuse a check that, built again from ``params``, has other outcomes.

    A factory or dice function that reads a global random, the time or a
    counter gives another check each time; each is consistent with itself,
    so only a second build shows it. Equal checks are not asked again.
    """
    where = describe_check(check)
    again = _build(rid, spec, params)
    if again is None:
        raise _purity(
            _fail(
                where,
                f"the check {rid}:{spec.name} is not pure: built again with the "
                f"same parameters it was refused ({_CHECK_RULE})",
            )
        )
    if again is check or again == check:
        return
    other = _outcomes(again, where)
    if other != dist:
        raise _purity(
            _fail(
                where,
                f"the check {rid}:{spec.name} is not pure: built again with the "
                f"same parameters it has other outcomes ({_CHECK_RULE})",
            )
        )


def _spec_contract(
    ruleset: Ruleset,
    spec: CheckSpec,
    *,
    max_examples: int,
    resolutions: int,
    replays: int,
    alpha: float,
) -> None:
    from rollwerk.testing.strategies import parameters

    monotonic_left = [_MONOTONIC_EXAMPLES]
    # the first check built, with what its judge said first: judged again
    # once everything else has run (_check_pure)
    probed: list[tuple[Check, list[tuple[tuple[int, ...], Outcome]]]] = []

    # the parameters last run: those of a violation hypothesis ran again
    # (the source of drawn() below is left as it is: hypothesis derives its
    # derandomized draws from it)
    last: list[dict[str, Scalar]] = []

    def run(params: dict[str, Scalar]) -> Check | None:
        last[:] = [params]
        check = _build(ruleset.id, spec, params)
        if check is None:
            return None
        where = describe_check(check)
        if check.ruleset != ruleset.id:
            raise _fail(
                where,
                f"was built by ruleset {ruleset.id!r} but names {check.ruleset!r}",
            )
        if not probed:
            probed.append((check, _judge_probes(check, _seed_for(check), where)))
        _check_built(spec, check, params)
        _check_frozen(check, where)
        dist = _outcomes(check, where)
        _check_rebuilt(ruleset.id, spec, params, check, dist)
        _check_levels(ruleset, check, dist)
        memo = _CHANCES.get()
        if memo is not None and any(p.monotonic for p in spec.parameters):
            with _Doing(where, "P(success)"):  # what the sweeps ask for first
                memo[_chance_key(ruleset.id, spec, params)] = dist.probability(
                    lambda o: o.success
                )
        assert_check_contract(
            check,
            resolutions=resolutions,
            replays=replays,
            seed=_seed_for(check),
            alpha=alpha,
        )
        if monotonic_left[0] > 0:
            monotonic_left[0] -= 1
            assert_monotonic(ruleset, spec, params)
        return check

    # the checks built at the corners, their exact odds kept for the contests
    corners = _corners(spec)
    at_corners = [run(corner) for corner in corners]
    if at_corners[0] is None and not any(p.required for p in spec.parameters):
        # what `rollwerk check ID:NAME` builds without a word
        defaults = " ".join(f"{k}={v!r}" for k, v in corners[0].items()) or "none"
        refusal = _refusal(ruleset.id, spec, corners[0])
        raise _fail(
            f"ruleset {ruleset.id!r}, check {spec.name!r}",
            f"the ruleset refuses the check's own defaults ({defaults}): "
            f"{refusal}; the defaults must be a combination the rules allow",
        )
    flagged = [c for c in _flag_corners(spec) if c not in corners]
    # not in the corner contests: each is one more check of its own
    at_fixed = [*at_corners, *(run(corner) for corner in flagged)]
    built = [c is not None for c in at_corners]
    corner_checks = [c for c in at_corners if c is not None]
    for first in corner_checks:
        for second in corner_checks:
            _contest_unless_refused(
                ruleset, first, second, symmetric=spec.contest_symmetric
            )
    fixed = [*corners, *flagged]
    visited = [c for c, check in zip(fixed, at_fixed, strict=True) if check]
    for candidates in _sweep(spec, max_examples, fixed, visited):
        for params in candidates:  # the first that builds
            check = _build(ruleset.id, spec, params)
            if check is not None:
                _visit(ruleset, spec, check, params)
                break
    if max_examples > 0:

        @settings(
            max_examples=max_examples,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            phases=(Phase.explicit, Phase.generate, Phase.shrink),
            report_multiple_bugs=False,  # one ContractViolation, not a group
        )
        @given(params=parameters(spec), other=parameters(spec))
        def drawn(params: dict[str, Scalar], other: dict[str, Scalar]) -> None:
            first = run(params)
            if first is None:
                reject()
            _monotonic_pairs(ruleset, spec, params, other)
            second = _build(ruleset.id, spec, other)
            if first is not None and second is not None:
                _contest_unless_refused(
                    ruleset, first, second, symmetric=spec.contest_symmetric
                )

        try:
            drawn()
        except _FLAKY as exc:
            raise _flaky(ruleset.id, spec, last[0] if last else None, exc) from exc
        except Unsatisfiable:
            raise _fail(
                f"ruleset {ruleset.id!r}, check {spec.name!r}",
                "the ruleset refused to build the check for every parameter set "
                "drawn from its declared ranges (and at their corners)"
                if not any(built)
                else "the ruleset refused to build the check for nearly every "
                "parameter set drawn from its declared ranges",
            ) from None
    elif not any(built):
        raise _fail(
            f"ruleset {ruleset.id!r}, check {spec.name!r}",
            "the ruleset refused to build the check at the corners of its ranges",
        )
    assert_refusals_are_combinations(ruleset, spec)
    for check, probes in probed:
        _check_pure(check, probes, describe_check(check))


def _flaky(
    rid: str,
    spec: CheckSpec,
    params: Mapping[str, Scalar] | None,
    flaky: BaseException,
) -> ContractViolation:
    """The violation of a check that failed the contract once, then passed it.

    Hypothesis runs a failing parameter set again before it reports it;
    passing then (one of its `_FLAKY` exceptions) means that the check, its
    judge, closed form or factory gave two answers to the same question.
    ``params``: the parameters run last, those hypothesis ran again. The
    violation it could not reproduce is the one its ``FlakyFailure``
    holds (or the one it was raised from); a purity violation of the judge
    is reported as it is, any other is quoted.
    """
    held = [*getattr(flaky, "exceptions", ()), flaky.__cause__, flaky.__context__]
    failure = next((e for e in held if isinstance(e, ContractViolation)), None)
    if failure is not None and _is_purity(failure):
        return ContractViolation(str(failure))
    if params is None:
        where, these = f"ruleset {rid!r}, check {spec.name!r}", ""
    else:
        where, these = _describe(rid, spec.name, params), " at these parameters"
    head = f"the check {rid}:{spec.name} is not pure: the contract"
    if failure is None:
        return _fail(
            where,
            f"{head} behaved otherwise{these} when hypothesis ran it again "
            f"({_CHECK_RULE}): {_cause(flaky)}",
        )
    quoted = str(failure).removeprefix(f"{where}: ")
    return _fail(
        where,
        f"{head} failed{these}, then passed when run again ({_CHECK_RULE}); "
        f"the failure: {quoted}",
    )


_EXPLORED: dict[int, tuple[Ruleset, set[str], set[str], set[str]]] = {}
"""Per ruleset object: the checks passed so far in calls with ``checks=``,
and the roles and extras they gave (one pytest item per check)."""


def _words_once_all_checked(
    ruleset: Ruleset, names: Sequence[str], roles: set[str], extras: set[str]
) -> None:
    """`_misspelt_words` once every check of ``ruleset`` has passed.

    In one call, or over calls that each passed some of its checks
    (``checks=``, as ``pytest --rollwerk-contract`` runs one item per
    check), for the same ruleset object.
    """
    every = {s.name for s in ruleset.checks()}
    if set(names) != every:
        kept = _EXPLORED.get(id(ruleset))
        if kept is None or kept[0] is not ruleset:
            kept = (ruleset, set(), set(), set())
            _EXPLORED[id(ruleset)] = kept
        kept[1].update(names)
        kept[2].update(roles)
        kept[3].update(extras)
        if kept[1] != every:
            return
        del _EXPLORED[id(ruleset)]
        roles, extras = kept[2], kept[3]
    _misspelt_words(ruleset, roles, extras)


def assert_ruleset_contract(
    ruleset: Ruleset,
    *,
    max_examples: int | None = None,
    resolutions: int = DEFAULT_RESOLUTIONS,
    replays: int = DEFAULT_REPLAYS,
    alpha: float = DEFAULT_ALPHA,
    checks: Sequence[str] | None = None,
    properties: bool = True,
) -> None:
    """Assert the whole contract for a ruleset.

    First [`assert_ruleset_declaration`][rollwerk.testing.assert_ruleset_declaration].
    Then, for every check spec (or only those named in ``checks``): the
    three corners of the declared ranges (all defaults, all minimums, all
    maximums; a required parameter at the middle of its range, where it has
    no default), with ``bool`` parameters all minimums with every ``bool``
    true, and ``max_examples``
    parameter sets drawn by hypothesis across the declared ranges each pass
    [`assert_check_contract`][rollwerk.testing.assert_check_contract]; the
    corners also pass [`assert_monotonic`][rollwerk.testing.assert_monotonic],
    and at each drawn set every monotonic parameter moved to its next value
    and to its value in a second drawn set must move the chance of success
    the declared way;
    pairs of drawn checks pass
    [`assert_contest_contract`][rollwerk.testing.assert_contest_contract].
    Every parameter with at most ``max_examples`` values (a bool, choices,
    a small integer range) is also swept: each of its values no corner
    gives it, the others at the first corner that builds with it, passes
    the exact part of the contract (``outcomes()`` valid, levels declared,
    [`assert_faces_match`][rollwerk.testing.assert_faces_match]), so a
    closed form wrong at one middle value of such a parameter cannot pass;
    a parameter with more values is only drawn (raise ``max_examples`` to
    sweep it, or compare every value in a test of your own).
    Parameter sets the ruleset refuses to build (a `RollwerkError` from the
    factory) are skipped, once
    [`assert_refusals_are_combinations`][rollwerk.testing.assert_refusals_are_combinations]
    has made sure that a check refusing most of its declared ranges refuses
    combinations only. Once every check of the ruleset has passed (in this
    call, or in calls with ``checks=`` for the same ruleset object), a word
    of its catalog for a die role or an extra (``<id>.role.<role>``,
    ``<id>.extra.<name>``) that no explored check gave, and that is like
    (``difflib`` ratio 0.8 or more) the name of a role or extra a check
    gave without a word of its own, is a violation: it is misspelt.
    Finally every function in
    [`RULESET_PROPERTIES`][rollwerk.testing.RULESET_PROPERTIES] runs.

    The draws are derandomized and every Rng is seeded, so the outcome is
    the same on every run. With the defaults a ruleset whose checks resolve
    in microseconds takes a few seconds. Call it from a plain test, not from
    inside a hypothesis test (it runs hypothesis itself).

    Args:
        ruleset: The ruleset under test.
        max_examples: Parameter sets drawn per check spec (default
            ``DEFAULT_MAX_EXAMPLES``, 8); parameters with at most this
            many values are swept.
        resolutions: Seeded resolutions per check (goodness of fit).
        replays: Seeds per check for Rng dependence, determinism, replay
            and JSON.
        alpha: The false-alarm rate of each goodness-of-fit test.
        checks: Only test the check specs with these names.
        properties: Also run the functions in ``RULESET_PROPERTIES``.

    Raises:
        ContractViolation: Some property does not hold; the message names the
            ruleset, the check and its parameters.
        ParameterError: ``max_examples`` is not None or an integer from 0
            to 10**6, ``resolutions``, ``replays`` or ``alpha`` as
            [`assert_check_contract`][rollwerk.testing.assert_check_contract]
            takes them, or ``checks`` not None or a non-empty sequence of
            names.
    """
    n = DEFAULT_MAX_EXAMPLES if max_examples is None else max_examples
    _count_arg("max_examples", n, 0)
    _count_arg("resolutions", resolutions, 1)
    _count_arg("replays", replays, 0)
    alpha = _alpha_arg(alpha)
    if checks is not None and (
        isinstance(checks, (str, bytes))
        or not isinstance(checks, Sequence)
        or not checks
        or not all(isinstance(c, str) for c in checks)
    ):
        raise ParameterError(
            "checks", checks, "None or a non-empty list of check names"
        )
    assert_ruleset_declaration(ruleset)
    specs = list(ruleset.checks())
    if checks is not None:
        names = [s.name for s in specs]
        unknown = [c for c in checks if c not in names]
        if unknown:
            raise ContractViolation(
                f"ruleset {ruleset.id!r} has no check {unknown[0]!r}; "
                f"it has {', '.join(names)}"
            )
        specs = [s for s in specs if s.name in checks]
    token = _CHANCES.set({})
    roles: set[str] = set()
    extras: set[str] = set()
    seen_token = _SEEN.set((roles, extras))
    try:
        for spec in specs:
            _spec_contract(
                ruleset,
                spec,
                max_examples=n,
                resolutions=resolutions,
                replays=replays,
                alpha=alpha,
            )
    finally:
        _SEEN.reset(seen_token)
        _CHANCES.reset(token)
    _words_once_all_checked(ruleset, [s.name for s in specs], roles, extras)
    if properties:
        for prop in RULESET_PROPERTIES:
            prop(ruleset)
