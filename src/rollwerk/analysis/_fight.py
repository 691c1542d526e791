"""Exact fight odds: an absorbing Markov chain over the sides' remaining health.

A ruleset takes part by providing [`FightRules`][rollwerk.analysis.FightRules]
(registered with the hook ``rollwerk_register_fight_rules``): the parameters
of one creature, its health, the chance that one side acts before the other
for the whole fight, and the exact damage distribution of each attack of a
turn. [`fight`][rollwerk.analysis.fight] composes them into the exact
outcome of a fight between two sides of identical creatures.

The model:

- A side is ``count`` identical creatures; its state is its remaining
  health ``r`` in ``0 … count × health``: ``ceil(r / health)`` creatures
  stand, the first of them (the *front*) has ``r − (alive − 1) × health``
  left, the others are unhurt. Attacks go to the front creature; damage
  beyond what it has left is lost (no overflow to the next creature). A
  side at 0 is defeated, an absorbing state.
- The order of the two sides is rolled once for the whole fight (as DS4,
  PF2e and AdZ roll initiative once per combat); a side's creatures act
  together in one slot. The result is exact over that roll: a mixture of
  the two orders, weighted by [`FightRules.initiative`][rollwerk.analysis.FightRules.initiative].
- In a turn each standing creature of the acting side makes
  [`FightRules.attacks`][rollwerk.analysis.FightRules.attacks] attacks in
  order; attack ``j`` of a creature against a front that has already faced
  ``f`` attacks this turn deals
  [`FightRules.damage`][rollwerk.analysis.FightRules.damage]
  ``(actor, target, attack=j, faced=f)``. The moment the other side is
  defeated the fight ends: the acting side wins.
- Turns alternate until one side is defeated or ``max_rounds`` rounds are
  over; the mass still undecided then is reported as
  [`undecided`][rollwerk.analysis.FightResult.undecided], never dropped.
  Sides act one after the other, so a fight has no draw.

Work is counted before it starts (states × damage outcomes per turn ×
rounds) and refused over [`FIGHT_BUDGET`][rollwerk.analysis.FIGHT_BUDGET]
with a [`LimitExceeded`][rollwerk.errors.LimitExceeded] naming the state
space.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

# Binds the name ``rollwerk`` (``_lazy`` is loaded with the package and
# imports nothing of ours): ``rollwerk.rulesets.Ruleset`` below resolves
# through the top-level package on first use, without importing the rulesets.
import rollwerk._lazy
from rollwerk._repr import value_repr
from rollwerk.checks._model import Scalar
from rollwerk.checks._parameters import Parameter, missing_parameter
from rollwerk.distribution import Distribution, fraction_to_str
from rollwerk.errors import LimitExceeded, ParameterError

if TYPE_CHECKING:
    import rollwerk.rulesets

__all__ = [
    "COUNT",
    "DEFAULT_ROUNDS",
    "FIGHT_BUDGET",
    "MAX_COUNT",
    "MAX_ROUNDS",
    "FightResult",
    "FightRules",
    "Fighter",
    "fight",
    "fight_work",
    "read_side",
]

SCHEMA = 1
"""The version of the JSON a [`FightResult`][rollwerk.analysis.FightResult] writes."""
DEFAULT_ROUNDS = 100
"""The round cap of [`fight`][rollwerk.analysis.fight] when none is given."""
MAX_ROUNDS = 10_000
"""The largest round cap accepted."""
MAX_COUNT = 100
"""The most identical creatures one side may have."""
FIGHT_BUDGET = 30_000_000
"""The most work units one fight may cost: states × damage outcomes per
round × rounds, estimated before any work (a PF2e duel of 20 HP each for
100 rounds costs about 1.4 million)."""

COUNT = Parameter(
    "count",
    int,
    help="how many identical creatures the side has",
    default=1,
    min_value=1,
    max_value=MAX_COUNT,
)
"""The side parameter every ruleset's fights have: the number of creatures."""


def _parameters(values: Mapping[str, Scalar]) -> dict[str, Scalar]:
    return dict(values)


@attrs.frozen
class Fighter:
    """One creature as a fight sees it: its parameters and its health."""

    __repr__ = value_repr

    parameters: Mapping[str, Scalar] = attrs.field(converter=_parameters)
    """The ruleset's side parameters, validated, defaults filled in."""
    health: int
    """The health it starts with (LK, HP, track levels); defeated at 0 or below."""

    def __attrs_post_init__(self) -> None:
        h = self.health
        if isinstance(h, bool) or not isinstance(h, int) or h < 1:
            raise ParameterError("health", h, "an integer >= 1")


def is_damage(dist: object) -> bool:
    """Whether ``dist`` is what ``FightRules.damage`` returns: integers >= 0."""
    return isinstance(dist, Distribution) and not any(
        isinstance(d, bool) or not isinstance(d, int) or d < 0 for d in dist
    )


def read_side(
    parameters: Sequence[Parameter], values: Mapping[str, Scalar], where: str
) -> dict[str, Scalar]:
    """Validate one side's ``values`` against declared ``parameters``.

    A helper for [`FightRules.fighter`][rollwerk.analysis.FightRules.fighter]:
    every value is checked by its [`Parameter`][rollwerk.checks.Parameter],
    defaults are filled in, and an unknown or missing name is refused.

    Args:
        parameters: The declared side parameters.
        values: The given values.
        where: What the values are for, for messages (``"ds4 fight side"``).

    Raises:
        ParameterError: An unknown name, a missing required value or a
            value out of range, naming the parameter and what is allowed.

    >>> from rollwerk.checks import Parameter
    >>> read_side([Parameter("hp", int, min_value=1)], {"hp": 0}, "side")
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: hp must be an integer >= 1, got 0
    """
    declared = {p.name: p for p in parameters}
    names = ", ".join(declared) or "none"
    for key in values:
        if key not in declared:
            raise ParameterError(f"parameter of {where}", key, f"one of: {names}")
    out: dict[str, Scalar] = {}
    for name, param in declared.items():
        if name in values:
            out[name] = param.validate(values[name])
        elif param.required:
            # name the others left out too, as a check's parameters do
            raise missing_parameter(
                param,
                also=[
                    p.name
                    for p in parameters
                    if p.required and p.name not in values and p is not param
                ],
            )
        else:
            out[name] = param.default  # type: ignore[assignment]
    return out


@runtime_checkable
class FightRules(Protocol):
    """What a ruleset provides so that its fights can be computed exactly.

    Register an implementation with the hook
    ``rollwerk_register_fight_rules`` (see the plugins page); the bundled
    DS4, PF2e and AdZ plugins do. Every method is pure: the same arguments
    give equal results, so the core may cache them.

    Rules whose damage comes from a ruleset's checks may also offer
    ``with_ruleset(ruleset)``, the same rules over another version of that
    ruleset (one with optional rules on); ``rollwerk fight --option`` uses
    it, and rules without it refuse ``--option``. DS4's do; they are
    [`FightRulesWithRuleset`][rollwerk.analysis.FightRulesWithRuleset].
    """

    @property
    def ruleset(self) -> str:
        """The id of the ruleset these are the fight rules of (``"ds4"``)."""
        ...

    def parameters(self) -> Sequence[Parameter]:
        """The parameters of one creature (the CLI's ``key=value`` words)."""
        ...

    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        """Validate ``values`` (defaults filled in) and build the creature.

        Raises:
            RollwerkError: A value the rules do not allow (a
                [`ParameterError`][rollwerk.errors.ParameterError] naming it).
        """
        ...

    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        """The exact chance that ``first``'s side acts before ``second``'s.

        Rolled once for the whole fight, exact over every die of the
        ruleset's initiative rule and its tie-break.
        """
        ...

    def attacks(self, actor: Fighter) -> int:
        """How many attacks ``actor`` makes in one turn (at least 1)."""
        ...

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        """The exact damage of one attack (0 for a miss; never negative).

        Args:
            actor: The attacking creature.
            target: The creature attacked.
            attack: The attack's index within the actor's turn (0 for the
                first: a multiple attack penalty grows with it).
            faced: How many attacks ``target`` has already faced in this
                turn (reactions that weaken with use).
        """
        ...


@runtime_checkable
class FightRulesWithRuleset(FightRules, Protocol):
    """Fight rules that can be built over another version of their ruleset.

    ``rollwerk fight --option`` needs it: the same rules over the ruleset
    with optional rules on. Narrow to it before calling ``with_ruleset``
    (``isinstance(rules, FightRulesWithRuleset)``); DS4's rules have it.
    """

    def with_ruleset(self, ruleset: rollwerk.rulesets.Ruleset) -> FightRules:
        """The same rules over ``ruleset`` (this ruleset with options on)."""
        ...


@attrs.frozen
class FightResult:
    """The exact outcome of a fight; every probability is a `Fraction`.

    ``first`` + ``second`` + ``undecided`` is exactly 1, and so is the sum
    of [`rounds`][rollwerk.analysis.FightResult.rounds] plus ``undecided``.
    """

    __repr__ = value_repr

    ruleset: str
    """The ruleset id."""
    first_side: tuple[Fighter, int]
    """The first side: its creature and how many of them."""
    second_side: tuple[Fighter, int]
    """The second side: its creature and how many of them."""
    max_rounds: int
    """The round cap."""
    first_acts_first: Fraction
    """The chance that the first side acts first (the initiative roll)."""
    first: Fraction
    """The chance that the first side wins within the round cap."""
    second: Fraction
    """The chance that the second side wins within the round cap."""
    undecided: Fraction
    """The chance that both sides still stand after ``max_rounds`` rounds."""
    rounds: Mapping[int, Fraction]
    """The chance that the fight ends in round ``n``, for each possible ``n``."""
    first_health: Mapping[int, Fraction]
    """The first side's remaining health (its creatures' sum) when the fight
    ends, or at the round cap for an undecided fight; 0 when defeated."""
    second_health: Mapping[int, Fraction]
    """The same for the second side."""

    @property
    def draw(self) -> Fraction:
        """Always 0: sides act one after the other, so one falls first."""
        return Fraction(0)

    def expected_health(self, side: str) -> Fraction:
        """The exact expected remaining health of ``side`` (``"first"``/``"second"``).

        Raises:
            ParameterError: ``side`` is neither.
        """
        if side not in ("first", "second"):
            raise ParameterError("side", side, "'first' or 'second'")
        dist = self.first_health if side == "first" else self.second_health
        return sum((h * p for h, p in dist.items()), Fraction(0))

    def expected_rounds(self) -> Fraction:
        """The expected length of a decided fight, in rounds (0 if none is decided)."""
        decided = 1 - self.undecided
        if not decided:
            return Fraction(0)
        return sum((n * p for n, p in self.rounds.items()), Fraction(0)) / decided

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: probabilities as exact ``"p/q"`` strings.

        >>> from rollwerk.testing.examples import ToyFightRules
        >>> data = fight(ToyFightRules(), {"hits": 1}, {"hits": 1}, max_rounds=1).to_json()
        >>> data["probabilities"], data["rounds"]
        ({'first': '3/8', 'second': '3/8', 'undecided': '1/4'}, [{'round': 1, 'probability': '3/4'}])
        """

        def side(entry: tuple[Fighter, int]) -> dict[str, object]:
            fighter, count = entry
            return {
                "parameters": dict(fighter.parameters),
                "count": count,
                "health": fighter.health,
            }

        def dist(d: Mapping[int, Fraction]) -> list[dict[str, object]]:
            return [
                {"health": h, "probability": fraction_to_str(p)} for h, p in d.items()
            ]

        return {
            "schema": SCHEMA,
            "ruleset": self.ruleset,
            "first": side(self.first_side),
            "second": side(self.second_side),
            "max_rounds": self.max_rounds,
            "first_acts_first": fraction_to_str(self.first_acts_first),
            "probabilities": {
                "first": fraction_to_str(self.first),
                "second": fraction_to_str(self.second),
                "undecided": fraction_to_str(self.undecided),
            },
            "rounds": [
                {"round": n, "probability": fraction_to_str(p)}
                for n, p in self.rounds.items()
            ],
            "expected_health": {
                "first": fraction_to_str(self.expected_health("first")),
                "second": fraction_to_str(self.expected_health("second")),
            },
            "health": {
                "first": dist(self.first_health),
                "second": dist(self.second_health),
            },
        }


# -- the chain ------------------------------------------------------------------


@attrs.frozen
class _Side:
    __repr__ = value_repr
    fighter: Fighter
    count: int

    @property
    def total(self) -> int:
        return self.fighter.health * self.count

    def alive(self, r: int) -> int:
        return -(-r // self.fighter.health)


class _Steps:
    """Integer transition tables of one side's attacks, built once per fight.

    ``table(j, faced)`` maps the target's state ``r`` to
    ``[(r', faced', weight)]`` over the denominator ``denominator(j, faced)``.
    """

    def __init__(self, rules: FightRules, actor: _Side, target: _Side) -> None:
        self.rules = rules
        self.actor = actor
        self.target = target
        self.per_turn = _attacks(rules, actor.fighter)
        self._tables: dict[
            tuple[int, int], tuple[int, list[list[tuple[int, int, int]]]]
        ] = {}
        self._damage: dict[tuple[int, int], Distribution[int]] = {}
        self._faced_cap: int | None = None

    def distribution(self, j: int, faced: int) -> Distribution[int]:
        """The damage of attack ``j`` on a target faced ``faced`` times (asked once)."""
        found = self._damage.get((j, faced))
        if found is not None:
            return found
        dist = self.rules.damage(
            self.actor.fighter, self.target.fighter, attack=j, faced=faced
        )
        if not is_damage(dist):
            raise ParameterError(
                f"{self.rules.ruleset} fight rules' damage",
                dist,
                "a Distribution of integers >= 0",
            )
        self._damage[j, faced] = dist
        return dist

    def faced_cap(self) -> int:
        """The fewest attacks faced from which no attack's damage changes.

        A target faces at most ``count × attacks`` attacks in a turn; the
        damage of every attack is asked for each of those counts once (the
        chain asks them anyway), and from the cap on they are all equal, so
        the chain counts the attacks faced only up to it. Rules whose damage
        ignores ``faced`` (most) have the cap 0: the states do not split.
        """
        if self._faced_cap is not None:
            return self._faced_cap
        m = self.per_turn
        n = self.actor.count * m
        cap = 0
        for j in range(m):
            last = self.distribution(j, n - 1)
            f = n - 1
            while f > cap and self.distribution(j, f - 1) == last:
                f -= 1
            cap = max(cap, f)
        self._faced_cap = cap
        return cap

    def table(self, j: int, faced: int) -> tuple[int, list[list[tuple[int, int, int]]]]:
        key = (j, faced)
        found = self._tables.get(key)
        if found is not None:
            return found
        dist = self.distribution(j, faced)
        weights = dist.weights()
        health = self.target.fighter.health
        # the front creature has at most `health`: any damage from there on
        # fells it, so only the smaller damages are told apart
        small = sorted((d, w) for d, w in weights.items() if d < health)
        everything = sum(weights.values())
        after = min(faced + 1, self.faced_cap())  # attacks faced, as counted
        rows: list[list[tuple[int, int, int]]] = [
            [] for _ in range(self.target.total + 1)
        ]
        for r in range(1, self.target.total + 1):
            alive = self.target.alive(r)
            front = r - (alive - 1) * health
            merged: dict[tuple[int, int], int] = {}
            survived = 0
            for d, w in small:
                if d >= front:
                    break
                nxt = (r - d, after)
                merged[nxt] = merged.get(nxt, 0) + w
                survived += w
            if everything > survived:
                fell = ((alive - 1) * health, 0)
                merged[fell] = merged.get(fell, 0) + everything - survived
            rows[r] = [(r2, f2, w) for (r2, f2), w in merged.items()]
        found = self._tables[key] = (dist.denominator, rows)
        return found


def _attacks(rules: FightRules, fighter: Fighter) -> int:
    n = rules.attacks(fighter)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ParameterError(
            f"{rules.ruleset} fight rules' attacks", n, "an integer >= 1"
        )
    return n


def _support(steps: _Steps, *, faced: bool = False) -> int:
    """Damage outcomes per state in one turn of a full side (for the budget).

    With ``faced``, for the chain over both sides' states: before the
    ``k``-th attack of a turn the states are told apart by up to
    ``min(k, cap + 1)`` counts of attacks faced (see `_Steps.faced_cap`).
    """
    m = steps.per_turn
    cap = steps.faced_cap() if faced else 0
    total = 0
    for j in range(m):
        size = min(len(steps.distribution(j, 0)), steps.target.fighter.health + 1)
        total += size * sum(
            min(c * m + j + 1, cap + 1) for c in range(steps.actor.count)
        )
    return total


def fight_work(
    rules: FightRules,
    first: Mapping[str, Scalar] | Fighter,
    second: Mapping[str, Scalar] | Fighter,
    *,
    first_count: int = 1,
    second_count: int = 1,
    max_rounds: int = DEFAULT_ROUNDS,
) -> int:
    """The work units [`fight`][rollwerk.analysis.fight] would spend (its budget measure).

    The sides are given as to `fight`: parameters (validated by
    ``rules.fighter``) or built [`Fighter`][rollwerk.analysis.Fighter]s.

    A fight of several creatures a side runs a chain over both sides'
    states: ``10 × (n₁h₁) × (n₂h₂) × R × Σ s × (1 + R × B // 20000 + (L −
    1) × R × B // 100000) + R × (R × B)² // 20000``, summed over both sides,
    where ``s`` counts a side's attacks in a round times the distinct
    damages of each (at most health + 1), ``L`` the 30-bit limbs of the
    largest total weight of its damages, ``R`` is ``max_rounds`` and ``B``
    the bits a round adds to the denominators (``bit_length`` of each
    attack's total weight, every creature of both sides). The first term is
    the chain, whose integers grow by ``B`` bits a round and are multiplied
    by weights of ``L`` limbs; the second turns the mass ended in each round
    into a reduced `Fraction`, a gcd of numbers of up to ``R × B`` bits each.

    A duel (one creature a side) follows each side's health alone and
    combines the two in exact fractions whose digits grow every round by
    the bits ``B`` of a round's denominators (``bit_length`` of each
    attack's total weight, both sides): ``(h₁s₂ + h₂s₁ + 20) × max_rounds ×
    (1 + max_rounds × B // 40)``, times ``(max_rounds × B / 5300) ** 0.68``
    where that is more than 1 (the gcds of sums that wide grow faster than
    their digits). A fight seldom decided over a long cap, or with large
    denominators every round, costs that much more.
    """
    ab, ba = _prepare(rules, (first, first_count), (second, second_count), max_rounds)
    return _work(ab, ba, max_rounds)


def _prepare(
    rules: FightRules,
    first_side: tuple[Mapping[str, Scalar] | Fighter, int],
    second_side: tuple[Mapping[str, Scalar] | Fighter, int],
    max_rounds: int,
) -> tuple[_Steps, _Steps]:
    """Both sides' transition tables, each side attacking the other, checked.

    A side is its creature (parameters or a `Fighter`) and how many.

    Raises:
        ParameterError: A bad side parameter, count or round cap.
    """
    (first, first_count), (second, second_count) = first_side, second_side
    if not all(
        callable(getattr(rules, m, None))
        for m in ("fighter", "initiative", "attacks", "damage")
    ):
        # fight("ds4", …): the rules, not the ruleset's id
        raise ParameterError(
            "rules",
            rules,
            "a ruleset's fight rules (registry.fight_rules()[ruleset_id])",
        )
    _check_int("first_count", first_count, 1, MAX_COUNT)
    _check_int("second_count", second_count, 1, MAX_COUNT)
    _check_int("max_rounds", max_rounds, 1, MAX_ROUNDS)
    a = _Side(_fighter(rules, first, "first"), first_count)
    b = _Side(_fighter(rules, second, "second"), second_count)
    return _Steps(rules, a, b), _Steps(rules, b, a)


DUEL_ROUND_STEPS = 20
"""Fraction operations a duel spends a round outside its chains (see `_duel`)."""
DUEL_BITS_PER_STEP = 40
"""Bits the exact probabilities of a duel grow by for each step to cost once more."""
DUEL_GCD_BITS = 5300
"""Bits of a duel's exact sums (rounds × bits a round) beyond which their
gcds cost more than their digits."""
DUEL_GCD_POWER = 0.68
"""How much more: ``(rounds × bits / DUEL_GCD_BITS) ** DUEL_GCD_POWER`` times.

Measured on DS4 duels of 300 and 1000 rounds (0.4 s and 10 s, where the
digits alone predicted a factor of 11 between them, not 25) and an AdZ duel
of 177 bits a round; it keeps a unit about as long as a short duel's.
"""
CHAIN_STEP_COST = 10
"""Units a step of the chain over both sides' states costs (several creatures a side).

Measured: such a step (a state, an attack, a damage, in `_turn`) takes about
ten times a duel's unit (60 ns); the factor keeps a unit about as long in
both, so the budget means the same time for either.
"""
CHAIN_BITS_PER_STEP = 20_000
"""Bits the chain's integers grow by for each of its steps to cost once more."""
CHAIN_LIMB_BITS = 100_000
"""Bits of the chain's integers for each further 30-bit limb of a damage's
total weight to cost a step once more.

Measured on AdZ fights of one to three creatures a side, whose damages
weigh 100 to 200 bits: without it such a fight near the budget took up to
3 s (100 ns a unit); with it, at most about 85 ns a unit (2.5 s at the
budget), as AdZ duels, which it leaves alone.
"""
FRACTION_BITS_SQUARED = 20_000
"""Squared bits of a round's reduced `Fraction` (its gcd) that cost one unit."""


def _work(ab: _Steps, ba: _Steps, max_rounds: int) -> int:
    a, b = ab.actor, ba.actor
    if a.count == b.count == 1:
        # a duel: each side's health is a chain of its own (see _duel), and
        # the chains are combined in fractions whose digits grow every round
        # by the bits of a round's denominators: by the last round, each
        # step costs once more for every DUEL_BITS_PER_STEP bits
        bits = _bits(ab) + _bits(ba)
        steps = a.total * _support(ba) + b.total * _support(ab) + DUEL_ROUND_STEPS
        growth = max_rounds * bits
        work = steps * max_rounds * (1 + growth // DUEL_BITS_PER_STEP)
        if growth > DUEL_GCD_BITS:
            work = int(work * (growth / DUEL_GCD_BITS) ** DUEL_GCD_POWER)
        return work
    # the chain's integers grow by `bits` every round, and each round's
    # ended mass is reduced to a Fraction at the end: a gcd of numbers of up
    # to R × bits bits, quadratic in their length
    digits = max_rounds * (_bits(ab) + _bits(ba))
    # a step multiplies a weight of up to `digits` bits by a damage's
    # weight: once more for every CHAIN_BITS_PER_STEP bits, and once more
    # for every CHAIN_LIMB_BITS bits and every further 30-bit limb of the
    # damage's weight (AdZ's pools: 100 to 200 bits; DS4's and most PF2e
    # damages fit in one limb, which adds nothing)
    steps = 0
    for side in (ab, ba):
        width = 1 + digits // CHAIN_BITS_PER_STEP
        width += (_limbs(side) - 1) * digits // CHAIN_LIMB_BITS
        steps += a.total * b.total * _support(side, faced=True) * width
    chain = CHAIN_STEP_COST * steps * max_rounds
    return chain + max_rounds * digits * digits // FRACTION_BITS_SQUARED


def _limbs(steps: _Steps) -> int:
    """30-bit limbs of the largest total weight of ``steps``' damages (for the budget)."""
    return max(
        -(-sum(steps.distribution(j, 0).weights().values()).bit_length() // 30)
        for j in range(steps.per_turn)
    )


def _bits(steps: _Steps) -> int:
    """Bits a turn of ``steps``' side adds to the exact denominators (for the budget)."""
    return steps.actor.count * sum(
        sum(steps.distribution(j, 0).weights().values()).bit_length()
        for j in range(steps.per_turn)
    )


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not low <= value <= high
    ):
        raise ParameterError(name, value, f"an integer from {low} to {high}")
    return value


def _fighter(
    rules: FightRules, side: Mapping[str, Scalar] | Fighter, which: str
) -> Fighter:
    """The creature of the side ``which`` (``"first"``/``"second"``), checked.

    A mapping goes to ``rules.fighter``; a built `Fighter` must carry
    exactly the rules' side parameters, each as ``rules.fighter`` makes it,
    so that no plugin code sees a caller's mistake.

    Raises:
        ParameterError: Neither a mapping nor a `Fighter`, or a `Fighter`
            with an unknown, missing or refused parameter, naming the side.
    """
    if isinstance(side, Fighter):
        return _checked_fighter(rules, side, which)
    if not isinstance(side, Mapping):
        names = ", ".join(p.name for p in rules.parameters())
        raise ParameterError(
            which,
            side,
            f"a dict of the {rules.ruleset} side parameters ({names}) or a Fighter",
        )
    fighter = rules.fighter(side)
    if not isinstance(fighter, Fighter):
        raise ParameterError(
            f"{rules.ruleset} fight rules' fighter", fighter, "a Fighter"
        )
    return fighter


def _checked_fighter(rules: FightRules, fighter: Fighter, which: str) -> Fighter:
    """``fighter`` if its parameters are exactly what ``rules.fighter`` makes."""
    where = f"the {which} side's Fighter"
    declared = {p.name: p for p in rules.parameters()}
    given = fighter.parameters
    for key in given:
        if key not in declared:
            names = ", ".join(declared) or "none"
            raise ParameterError(
                f"parameter of {where}",
                key,
                f"one of the {rules.ruleset} side parameters: {names}",
            )
    for name, param in declared.items():
        if name not in given:
            raise ParameterError(
                f"{name} of {where}",
                None,
                f"{param.allowed()}; a Fighter carries every side parameter, "
                "defaults filled in",
                missing=True,
            )
    try:
        built = rules.fighter(given)
    except ParameterError as exc:
        raise ParameterError(
            f"{exc.parameter} of {where}", exc.value, exc.allowed, missing=exc.missing
        ) from None
    for name, value in built.parameters.items():
        mine = given.get(name)
        if type(mine) is not type(value) or mine != value:
            raise ParameterError(
                f"{name} of {where}",
                mine,
                f"{value!r}, as the {rules.ruleset} rules' fighter() reads it",
            )
    return fighter


def fight(
    rules: FightRules,
    first: Mapping[str, Scalar] | Fighter,
    second: Mapping[str, Scalar] | Fighter,
    *,
    first_count: int = 1,
    second_count: int = 1,
    max_rounds: int = DEFAULT_ROUNDS,
    budget: int = FIGHT_BUDGET,
    _chain_only: bool = False,
) -> FightResult:
    """The exact outcome of a fight between two sides of one ruleset.

    Args:
        rules: The ruleset's fight rules (from
            [`Registry.fight_rules`][rollwerk.plugins.Registry.fight_rules]).
        first: The first side's creature: its parameters (validated by
            ``rules.fighter``) or a built [`Fighter`][rollwerk.analysis.Fighter].
        second: The second side's creature.
        first_count: How many identical creatures the first side has.
        second_count: How many the second side has.
        max_rounds: The round cap; the mass undecided after it is reported.
        budget: The most work units allowed (see
            [`fight_work`][rollwerk.analysis.fight_work]).

    Raises:
        ParameterError: A bad side parameter, count or round cap; a side
            that is neither a mapping nor a `Fighter`, or a `Fighter` whose
            parameters are not exactly the rules' side parameters as
            ``rules.fighter`` makes them (naming the side), checked before
            any other plugin code runs.
        LimitExceeded: The fight would cost more than ``budget``; the
            message names the state space. Checked before the chain is run.

    >>> from rollwerk.testing.examples import ToyFightRules
    >>> result = fight(ToyFightRules(), {"hits": 2}, {"hits": 1}, max_rounds=2)
    >>> result.first, result.second, result.undecided
    (Fraction(23, 32), Fraction(3, 32), Fraction(3, 16))
    >>> dict(result.rounds)
    {1: Fraction(1, 2), 2: Fraction(5, 16)}
    """
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise ParameterError("budget", budget, "an integer >= 0 (work units)")
    ab, ba = _prepare(rules, (first, first_count), (second, second_count), max_rounds)
    a, b = ab.actor, ba.actor
    f1, f2 = a.fighter, b.fighter
    states = a.total * b.total
    work = _work(ab, ba, max_rounds)
    if work > budget:
        raise LimitExceeded(
            f"fight work ({a.total} × {b.total} = {states} states of remaining "
            f"health, × damage outcomes a round, × {max_rounds} rounds; a lower "
            "round cap, less health or fewer creatures make it smaller)",
            work,
            budget,
        )
    p = rules.initiative(f1, f2)
    if not isinstance(p, Fraction | int) or isinstance(p, bool) or not 0 <= p <= 1:
        raise ParameterError(
            f"{rules.ruleset} fight rules' initiative", p, "a Fraction from 0 to 1"
        )
    p = Fraction(p)
    acc = _Accumulator()
    run = _duel if first_count == second_count == 1 and not _chain_only else _run
    if p:
        run(ab, ba, max_rounds, p, acc, swapped=False)
    if p != 1:
        run(ba, ab, max_rounds, 1 - p, acc, swapped=True)
    return FightResult(
        ruleset=rules.ruleset,
        first_side=(f1, first_count),
        second_side=(f2, second_count),
        max_rounds=max_rounds,
        first_acts_first=p,
        first=acc.wins[0],
        second=acc.wins[1],
        undecided=acc.undecided,
        rounds=dict(sorted(acc.rounds.items())),
        first_health=dict(sorted(acc.health[0].items())),
        second_health=dict(sorted(acc.health[1].items())),
    )


class _Accumulator:
    def __init__(self) -> None:
        self.wins = [Fraction(0), Fraction(0)]
        self.undecided = Fraction(0)
        self.rounds: dict[int, Fraction] = {}
        self.health: tuple[dict[int, Fraction], dict[int, Fraction]] = ({}, {})

    def add_health(self, side: int, h: int, p: Fraction) -> None:
        if p:
            self.health[side][h] = self.health[side].get(h, Fraction(0)) + p


def _turn(
    steps: _Steps,
    live: dict[tuple[int, int], int],
    denominator: int,
) -> tuple[dict[tuple[int, int], int], int, dict[int, int]]:
    """One turn of ``steps.actor``'s side; states are (actor r, target r).

    Returns the live states, the new common denominator and the weights of
    the states where the target side fell, by the actor's remaining health.
    """
    m = steps.per_turn
    cur: dict[tuple[int, int, int], int] = {
        (ra, rb, 0): w for (ra, rb), w in live.items()
    }
    won: dict[int, int] = {}
    for s in range(steps.actor.count * m):
        j = s % m
        active = [
            (key, w) for key, w in cur.items() if steps.actor.alive(key[0]) * m > s
        ]
        if not active:
            break
        tables = {f: steps.table(j, f) for f in {key[2] for key, _ in active}}
        lcm = math.lcm(*(t[0] for t in tables.values()))
        nxt: dict[tuple[int, int, int], int] = {}
        if len(active) != len(cur):
            for key, w in cur.items():
                if steps.actor.alive(key[0]) * m <= s:
                    nxt[key] = w * lcm
        won = {h: w * lcm for h, w in won.items()}
        for (ra, rb, faced), w in active:
            den, rows = tables[faced]
            scale = w * (lcm // den)
            for rb2, f2, t in rows[rb]:
                if rb2 <= 0:
                    won[ra] = won.get(ra, 0) + scale * t
                else:
                    k = (ra, rb2, f2)
                    nxt[k] = nxt.get(k, 0) + scale * t
        cur = nxt
        denominator *= lcm
    out: dict[tuple[int, int], int] = {}
    for (ra, rb, _), w in cur.items():
        out[(ra, rb)] = out.get((ra, rb), 0) + w
    return out, denominator, won


def _run(
    first: _Steps,
    second: _Steps,
    max_rounds: int,
    weight: Fraction,
    acc: _Accumulator,
    *,
    swapped: bool,
) -> None:
    """Run the chain with ``first.actor`` acting first; add ``weight`` × its result.

    Every live or settled weight is an integer over one common denominator,
    the product of the attacks' denominators so far: a step multiplies
    integers and never reduces them (a gcd of numbers that grow by some
    digits every round would cost more than the chain). The mass settled by
    each round is kept over the denominator of that round, so nothing of an
    earlier round is touched again; everything becomes `Fraction`s once, at
    the end.
    """
    # sides in the caller's terms: index 0 is the fight's first side
    i_first, i_second = (1, 0) if swapped else (0, 1)
    live: dict[tuple[int, int], int] = {(first.actor.total, second.actor.total): 1}
    denominator = 1
    # settled weights by (winner, winner's health), over `denominator`
    settled: dict[tuple[int, int], int] = {}
    # the mass that ended in each round, over that round's denominator
    rounds: list[tuple[int, int, int]] = []

    for n in range(1, max_rounds + 1):
        ended = 0
        for steps, sides in (
            (first, (i_first, i_second)),
            (second, (i_second, i_first)),
        ):
            if steps is second:  # its turn: states are (its r, the other's r)
                live = {(rb, ra): w for (ra, rb), w in live.items()}
            live, new_denominator, won = _turn(steps, live, denominator)
            if steps is second:
                live = {(ra, rb): w for (rb, ra), w in live.items()}
            factor = new_denominator // denominator
            if factor != 1:
                for key in settled:
                    settled[key] *= factor
                ended *= factor
            denominator = new_denominator
            for h, w in won.items():
                key = (sides[0], h)
                settled[key] = settled.get(key, 0) + w
                ended += w
        if ended:
            rounds.append((n, ended, denominator))
        if not live:
            break
    # the integers are summed over their common denominator first, and
    # each sum becomes one Fraction × ``weight``: one gcd of the chain's
    # widest numbers for each result, not several for each state
    wins = [0, 0]
    undecided = 0
    health: tuple[dict[int, int], dict[int, int]] = ({}, {})
    for (winner, h), w in settled.items():
        wins[winner] += w
        health[winner][h] = health[winner].get(h, 0) + w
        health[1 - winner][0] = health[1 - winner].get(0, 0) + w
    for (ra, rb), w in live.items():
        undecided += w
        health[i_first][ra] = health[i_first].get(ra, 0) + w
        health[i_second][rb] = health[i_second].get(rb, 0) + w
    wn, wd = weight.numerator, weight.denominator
    denominator *= wd
    for side in (0, 1):
        if wins[side]:
            acc.wins[side] += Fraction(wins[side] * wn, denominator)
        for h, w in health[side].items():
            acc.add_health(side, h, Fraction(w * wn, denominator))
    if undecided:
        acc.undecided += Fraction(undecided * wn, denominator)
    for n, w, d in rounds:
        acc.rounds[n] = acc.rounds.get(n, Fraction(0)) + Fraction(w * wn, d * wd)


def _falls(
    steps: _Steps, max_rounds: int
) -> tuple[list[Fraction], list[dict[int, Fraction]]]:
    """The target of ``steps`` alone, attacked by one creature every round.

    Returns ``falls[n]``, the chance the target falls in the attacker's
    ``n``-th turn (``falls[0] = 0``), and ``alive[n]``, the target's health
    after ``n`` turns while it stands (a sub-distribution).
    """
    target = steps.target.total
    live = {target: 1}
    denominator = 1
    falls = [Fraction(0)]
    alive = [{target: Fraction(1)}]
    for _ in range(max_rounds):
        fell = 0
        for j in range(steps.per_turn):
            den, rows = steps.table(j, j)
            fell *= den  # earlier falls, over the new common denominator
            nxt: dict[int, int] = {}
            for r, w in live.items():
                for r2, _f, t in rows[r]:
                    if r2 <= 0:
                        fell += w * t
                    else:
                        nxt[r2] = nxt.get(r2, 0) + w * t
            live = nxt
            denominator *= den
        falls.append(Fraction(fell, denominator))
        alive.append({r: Fraction(w, denominator) for r, w in sorted(live.items())})
        if live:
            g = math.gcd(denominator, *live.values())
            denominator //= g
            live = {r: w // g for r, w in live.items()}
    return falls, alive


def _duel(
    first: _Steps,
    second: _Steps,
    max_rounds: int,
    weight: Fraction,
    acc: _Accumulator,
    *,
    swapped: bool,
) -> None:
    """[`_run`][] for one creature a side: two independent chains, combined.

    Neither side's attacks depend on its own health, so the turn in which
    each side falls (``T``) is independent of the other's. With ``X`` acting
    first, ``X`` wins in round ``n`` when ``T_Y = n`` and ``T_X > n − 1``;
    ``Y`` wins in round ``n`` when ``T_X = n`` and ``T_Y > n``.
    """
    i_x, i_y = (1, 0) if swapped else (0, 1)
    # X is first.actor: it falls to second's turns; Y falls to first's turns
    fall_x, alive_x = _falls(second, max_rounds)
    fall_y, alive_y = _falls(first, max_rounds)
    stand_x = [sum(a.values(), Fraction(0)) for a in alive_x]
    stand_y = [sum(a.values(), Fraction(0)) for a in alive_y]
    for n in range(1, max_rounds + 1):
        x_wins = weight * fall_y[n]
        y_wins = weight * fall_x[n] * stand_y[n]
        for h, p in alive_x[n - 1].items():
            acc.add_health(i_x, h, x_wins * p)
        for h, p in alive_y[n].items():
            acc.add_health(i_y, h, weight * fall_x[n] * p)
        x_total = x_wins * stand_x[n - 1]
        acc.add_health(i_y, 0, x_total)
        acc.add_health(i_x, 0, y_wins)
        acc.wins[i_x] += x_total
        acc.wins[i_y] += y_wins
        if x_total or y_wins:
            acc.rounds[n] = acc.rounds.get(n, Fraction(0)) + x_total + y_wins
    both = weight * stand_x[max_rounds] * stand_y[max_rounds]
    acc.undecided += both
    for h, p in alive_x[max_rounds].items():
        acc.add_health(i_x, h, weight * p * stand_y[max_rounds])
    for h, p in alive_y[max_rounds].items():
        acc.add_health(i_y, h, weight * p * stand_x[max_rounds])
