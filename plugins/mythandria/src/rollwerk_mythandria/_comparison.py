"""Comparative checks among any number of participants (MY-R08, MY-R09, MY-A10).

Exact odds come from a sweep over the ranks ``(class, total)`` in ascending
order. Each participant's 100 faces give 100 distinct ranks, so at any rank a
participant either can be there (probability 1/100) or not, and the number of
its faces strictly below is a running count. The chance that participant *i*
leads alone at rank *r* is the product of the others' counts below *r*; the
whole sweep costs O(100 · n) steps for n participants instead of the 100ⁿ
face combinations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations

import attrs

from rollwerk import CheckResult, LimitExceeded, ParameterError, Rng, RulesError
from rollwerk.checks import Explanation
from rollwerk.dice import DieRoll
from rollwerk_mythandria._catalog import CATALOG, join
from rollwerk_mythandria._checks import (
    _check_dice,
    comparative_rank,
    comparison_check,
)
from rollwerk_mythandria._dice import D100Dice

__all__ = [
    "MAX_PARTICIPANTS",
    "MAX_REROLL_PARTICIPANTS",
    "Comparison",
    "ComparisonOdds",
    "Settlement",
    "compare",
    "comparison_odds",
    "settle",
]

MAX_PARTICIPANTS = 1000
"""The most participants [`comparison_odds`][rollwerk_mythandria.comparison_odds] accepts."""

MAX_REROLL_PARTICIPANTS = 10
"""The most participants for the exact tie-set and reroll odds (they grow as 3ⁿ)."""

_FACES = 100


def _validate_pws(pws: Sequence[int], maximum: int) -> tuple[int, ...]:
    if isinstance(pws, (str, bytes)) or not isinstance(pws, Sequence):
        raise ParameterError("pws", pws, "a sequence of check values")
    values = tuple(pws)
    if len(values) < 2:
        raise ParameterError("pws", list(values), "at least 2 check values")
    if len(values) > maximum:
        raise LimitExceeded("participant count", len(values), maximum)
    for i, pw in enumerate(values):
        if isinstance(pw, bool) or not isinstance(pw, int):
            raise ParameterError(f"pws[{i}]", pw, "an integer")
    return values


class _Product:
    """A running product of non-negative integers that allows replacing one.

    Zeros are counted apart, so the product of all values but one is O(1).
    """

    __slots__ = ("nonzero", "zeros")

    def __init__(self, values: Sequence[int]) -> None:
        self.nonzero = 1
        self.zeros = 0
        for v in values:
            if v:
                self.nonzero *= v
            else:
                self.zeros += 1

    def copy(self) -> _Product:
        new = _Product(())
        new.nonzero, new.zeros = self.nonzero, self.zeros
        return new

    def replace(self, old: int, new: int) -> None:
        if old:
            self.nonzero //= old
        else:
            self.zeros -= 1
        if new:
            self.nonzero *= new
        else:
            self.zeros += 1

    def without(self, value: int) -> int:
        """The product of all values but one that equals ``value``."""
        if value:
            return self.nonzero // value if self.zeros == 0 else 0
        return self.nonzero if self.zeros == 1 else 0

    def without_all(self, values: Sequence[int]) -> int:
        """The product of all values but the listed ones."""
        zeros = sum(1 for v in values if v == 0)
        if zeros != self.zeros:
            return 0
        divisor = 1
        for v in values:
            if v:
                divisor *= v
        return self.nonzero // divisor


def _sweep(pws: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """Yield, per rank in ascending order, who can be there and the counts below.

    The counts are the number of each participant's faces ranked strictly
    below that rank; the list is updated in place after each yield.
    """
    by_rank: dict[tuple[int, int], list[int]] = {}
    for j, pw in enumerate(pws):
        for d in range(1, _FACES + 1):
            by_rank.setdefault(comparative_rank(pw, d), []).append(j)
    below = [0] * len(pws)
    for rank in sorted(by_rank):
        group = tuple(by_rank[rank])
        yield group, below
        for j in group:
            below[j] += 1


@attrs.frozen
class ComparisonOdds:
    """Exact odds of a comparative check among n participants.

    ``win[i]`` is the chance that participant *i* leads alone; ``tie[i]`` the
    chance that *i* is one of two or more tied leaders (then the GM decides
    or the tied participants roll again, MY-R09); ``loss[i]`` the rest.
    """

    pws: tuple[int, ...]
    """The participants' check values, in order."""
    win: tuple[Fraction, ...]
    """Per participant: the probability of being the only leader."""
    tie: tuple[Fraction, ...]
    """Per participant: the probability of being one of several tied leaders."""

    @property
    def loss(self) -> tuple[Fraction, ...]:
        """Per participant: the probability that someone else ranks higher."""
        return tuple(1 - w - t for w, t in zip(self.win, self.tie, strict=True))

    @property
    def any_tie(self) -> Fraction:
        """The probability that the lead is tied (nobody wins outright)."""
        return 1 - sum(self.win, Fraction(0))

    def tie_sets(self) -> dict[frozenset[int], Fraction]:
        """The probability of each exact set of tied leaders (MY-A10).

        Only sets with a positive probability are listed.

        Raises:
            LimitExceeded: With more than
                [`MAX_REROLL_PARTICIPANTS`][rollwerk_mythandria.MAX_REROLL_PARTICIPANTS]
                participants (the number of sets grows as 2ⁿ).
        """
        if len(self.pws) > MAX_REROLL_PARTICIPANTS:
            raise LimitExceeded(
                "participant count for tie sets", len(self.pws), MAX_REROLL_PARTICIPANTS
            )
        return {
            frozenset(k): v
            for k, v in _tie_sets(self.pws, tuple(range(len(self.pws)))).items()
        }

    def win_after_rerolls(self) -> tuple[Fraction, ...]:
        """Per participant: the chance to win when ties are rerolled (MY-R09).

        Only the tied leaders roll again, with the same check values, until
        one leads alone (MY-A10). The result sums to exactly 1.

        Raises:
            LimitExceeded: With more than
                [`MAX_REROLL_PARTICIPANTS`][rollwerk_mythandria.MAX_REROLL_PARTICIPANTS]
                participants.
        """
        n = len(self.pws)
        if n > MAX_REROLL_PARTICIPANTS:
            raise LimitExceeded(
                "participant count for reroll odds", n, MAX_REROLL_PARTICIPANTS
            )
        memo: dict[tuple[int, ...], tuple[Fraction, ...]] = {}
        return _eventual(self.pws, memo)


def comparison_odds(pws: Sequence[int]) -> ComparisonOdds:
    """The exact odds of a comparative check among the given check values.

    Any number of participants from 2 to
    [`MAX_PARTICIPANTS`][rollwerk_mythandria.MAX_PARTICIPANTS]; the sweep
    costs O(100 · n) steps.

    >>> odds = comparison_odds([60, 50])
    >>> odds.win, odds.any_tie
    ((Fraction(5887, 10000), Fraction(161, 400)), Fraction(11, 1250))
    >>> comparison_odds([40, 40, 40]).win_after_rerolls()
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))

    Raises:
        ParameterError: With fewer than 2 check values or a non-integer one.
        LimitExceeded: With more than ``MAX_PARTICIPANTS`` participants.
    """
    values = _validate_pws(pws, MAX_PARTICIPANTS)
    n = len(values)
    win = [0] * n
    tie = [0] * n
    below_prod: _Product | None = None
    for group, below in _sweep(values):
        if below_prod is None:
            below_prod = _Product(below)
        upto = below_prod.copy()
        for j in group:
            upto.replace(below[j], below[j] + 1)
        for i in group:
            alone = below_prod.without(below[i])
            win[i] += alone
            tie[i] += upto.without(below[i] + 1) - alone
        below_prod = upto
    total = _FACES**n
    return ComparisonOdds(
        values,
        tuple(Fraction(w, total) for w in win),
        tuple(Fraction(t, total) for t in tie),
    )


def _tie_sets(
    pws: tuple[int, ...], members: tuple[int, ...]
) -> dict[tuple[int, ...], Fraction]:
    """Probabilities of each exact tied set among ``members`` (indices into pws)."""
    sub = tuple(pws[m] for m in members)
    weights: dict[tuple[int, ...], int] = {}
    prod: _Product | None = None
    for group, below in _sweep(sub):
        if prod is None:
            prod = _Product(below)
        if len(group) >= 2:
            for size in range(2, len(group) + 1):
                for tied in combinations(group, size):
                    w = prod.without_all([below[j] for j in tied])
                    if w:
                        key = tuple(members[j] for j in tied)
                        weights[key] = weights.get(key, 0) + w
        for j in group:
            prod.replace(below[j], below[j] + 1)
    total = _FACES ** len(members)
    return {k: Fraction(w, total) for k, w in weights.items()}


def _eventual(
    pws: tuple[int, ...], memo: dict[tuple[int, ...], tuple[Fraction, ...]]
) -> tuple[Fraction, ...]:
    """Win probabilities when tied leaders reroll among themselves until one leads.

    ``W_S(i) = win_S(i) + Σ_T P_S(tie T) · W_T(i)``; the term for ``T = S``
    is moved to the left-hand side. Memoized on the sorted check values
    (the answer depends only on them).
    """
    order = sorted(range(len(pws)), key=lambda i: pws[i])
    key = tuple(pws[i] for i in order)
    if key not in memo:
        odds = comparison_odds(key)
        everyone = tuple(range(len(key)))
        sets = _tie_sets(key, everyone)
        stay = sets.pop(everyone, Fraction(0))
        result = list(odds.win)
        for tied, p in sets.items():
            inner = _eventual(tuple(key[t] for t in tied), memo)
            for pos, t in enumerate(tied):
                result[t] += p * inner[pos]
        memo[key] = tuple(r / (1 - stay) for r in result)
    sorted_result = memo[key]
    out = [Fraction(0)] * len(pws)
    for pos, i in enumerate(order):
        out[i] = sorted_result[pos]
    return tuple(out)


@attrs.frozen
class Comparison:
    """One round of a comparative check among several participants.

    Participants are numbered by their position in the original list; after
    [`reroll_tied`][rollwerk_mythandria.Comparison.reroll_tied] only the tied
    ones take part, under their original numbers.
    """

    participants: tuple[int, ...]
    """The numbers of the participants who rolled this round."""
    pws: tuple[int, ...]
    """Their check values, aligned with ``participants``."""
    results: tuple[CheckResult, ...]
    """Their comparison results, aligned with ``participants``."""
    dice: D100Dice = D100Dice.D100
    """The dice used for this round (and for rerolls)."""

    @property
    def ranks(self) -> tuple[tuple[int, int], ...]:
        """Each participant's rank ``(class rank, total)``; higher wins."""
        return tuple(
            comparative_rank(pw, int(r.extra("roll")))  # type: ignore[arg-type]
            for pw, r in zip(self.pws, self.results, strict=True)
        )

    @property
    def leaders(self) -> tuple[int, ...]:
        """The numbers of the participants with the highest rank."""
        ranks = self.ranks
        top = max(ranks)
        return tuple(
            p for p, r in zip(self.participants, ranks, strict=True) if r == top
        )

    @property
    def winner(self) -> int | None:
        """The number of the only leader, or ``None`` on a tie."""
        leaders = self.leaders
        return leaders[0] if len(leaders) == 1 else None

    @property
    def tied(self) -> bool:
        """Whether two or more participants share the lead (MY-R09)."""
        return len(self.leaders) > 1

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        """Every die of this round, in draw order."""
        return tuple(d for r in self.results for d in r.rolls)

    def explanation(self) -> Explanation:
        """Who rolled what and who leads, in English and German."""
        parts = [
            CATALOG.text("mythandria.round.part", p=p, result=r.explanation)
            for p, r in zip(self.participants, self.results, strict=True)
        ]
        if self.winner is not None:
            parts.append(CATALOG.text("mythandria.round.winner", p=self.winner))
        else:
            names = ", ".join(f"#{p}" for p in self.leaders)
            parts.append(CATALOG.text("mythandria.round.tie", names=names))
        return join(parts)

    def explain(self, lang: str = "en") -> str:
        """The explanation in ``"en"`` or ``"de"``."""
        return self.explanation()(lang)

    def reroll_tied(self, rng: Rng) -> Comparison:
        """Roll again among the tied leaders only, with the same check values.

        Raises:
            RulesError: If there is no tie to reroll.
        """
        leaders = self.leaders
        if len(leaders) < 2:
            raise RulesError(
                f"reroll_tied needs a tie, but participant #{leaders[0]} leads alone"
            )
        pw_of = dict(zip(self.participants, self.pws, strict=True))
        return _round(leaders, tuple(pw_of[p] for p in leaders), rng, self.dice)


def _round(
    participants: tuple[int, ...], pws: tuple[int, ...], rng: Rng, dice: D100Dice
) -> Comparison:
    results = tuple(comparison_check(pw, dice).resolve(rng) for pw in pws)
    return Comparison(participants, pws, results, dice)


def compare(
    pws: Sequence[int], rng: Rng, dice: D100Dice | str = D100Dice.D100
) -> Comparison:
    """Roll one round of a comparative check; participants are numbered from 0.

    >>> from rollwerk import ScriptedRng
    >>> round1 = compare([50, 60], ScriptedRng([30, 25]))  # V15
    >>> round1.winner
    1
    >>> tie = compare([50, 40], ScriptedRng([40, 50]))  # V20
    >>> tie.leaders, tie.winner
    ((0, 1), None)
    >>> tie.reroll_tied(ScriptedRng([70, 20])).winner
    0

    Raises:
        ParameterError: With fewer than 2 check values or a non-integer one.
    """
    values = _validate_pws(pws, MAX_PARTICIPANTS)
    die = _check_dice(dice)
    return _round(tuple(range(len(values))), values, rng, die)


@attrs.frozen
class Settlement:
    """A comparative check played out to a single winner."""

    winner: int
    """The number of the winning participant."""
    rounds: tuple[Comparison, ...]
    """The rounds rolled: the first, then any rerolls among the tied."""
    decided_by_gm: bool
    """Whether the GM chose the winner among tied leaders."""

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        """Every die of every round, in draw order (replayable)."""
        return tuple(d for c in self.rounds for d in c.rolls)


def settle(
    pws: Sequence[int],
    rng: Rng,
    *,
    gm: Callable[[tuple[int, ...]], int] | None = None,
    dice: D100Dice | str = D100Dice.D100,
) -> Settlement:
    """Play a comparative check until one participant wins (MY-R09, MY-A10).

    On a tie the GM callback ``gm(leaders)`` picks the winner among the tied
    leaders; without one, only the tied leaders roll again until one leads.

    >>> from rollwerk import ScriptedRng
    >>> s = settle([50, 40, 10], ScriptedRng([40, 50, 50, 12, 11]))
    >>> s.winner, len(s.rounds)
    (0, 2)
    >>> settle([50, 40], ScriptedRng([40, 50]), gm=lambda tied: tied[-1]).winner
    1

    Raises:
        RulesError: If the GM picks someone who is not a tied leader.
    """
    rounds = [compare(pws, rng, dice)]
    while rounds[-1].tied:
        leaders = rounds[-1].leaders
        if gm is not None:
            choice = gm(leaders)
            if choice not in leaders:
                raise RulesError(
                    f"the GM must choose one of the tied leaders {list(leaders)}, "
                    f"got {choice!r}"
                )
            return Settlement(choice, tuple(rounds), decided_by_gm=True)
        rounds.append(rounds[-1].reroll_tied(rng))
    # The loop ends when the last round has a single leader.
    return Settlement(rounds[-1].leaders[0], tuple(rounds), decided_by_gm=False)
