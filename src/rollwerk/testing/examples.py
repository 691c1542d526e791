"""A tiny, complete example ruleset: read it to see what a plugin implements.

The *toy* ruleset is not a game anyone plays. It is small enough to read in
one sitting and still uses every part of the model, so the core's own tests,
the docs and the contract kit run on it:

- ``check``: roll a d6 under a chance (``skill + modifier`` plus the
  difficulty). A natural 1 is a critical success; a natural 6 calls for a
  second "fate" d6, and a fate of 1–3 makes it a fumble (a critical failure,
  even where a 6 would have succeeded). With ``edge`` two d6 are rolled and
  the lower one counts. A chance of 0 or less is not rolled at all.
- ``pool``: roll ``dice`` d6 and count the faces of 5 or 6; the check
  succeeds when the count reaches ``threshold``. All dice a success is a
  critical success, all dice showing 1 a critical failure. A threshold above
  the number of dice cannot be reached and is not rolled.
- Contest: both failed is its own outcome; otherwise a success beats a
  failure, then the higher degree, then the higher value; else a tie.
- An optional rule, ``generous``, adds 1 to every chance and to every pool,
  offered through the ``rollwerk_register_optional_rules`` hook.
- Every word it shows (explanations, labels, difficulty names) comes from
  its message catalog ``CATALOG`` (ids ``toy.*``; the labels are
  ``toy.label.<key>``), offered through the ``rollwerk_register_catalogs`` hook.

The module is itself a plugin: register it directly (it is deliberately *not*
an entry point, so it never shows up in a user's ``rollwerk rulesets``):

>>> import rollwerk
>>> from rollwerk.plugins import Registry
>>> from rollwerk.testing import examples
>>> registry = Registry(load_entrypoints=False, plugins=[examples])
>>> registry.ids()
['toy']
>>> toy = registry.ruleset("toy")
>>> check = rollwerk.build_check(toy, skill=3)
>>> check.outcomes().probability(lambda o: o.success)
Fraction(1, 2)
>>> result = check.resolve(rollwerk.ScriptedRng([2]))
>>> result.success, result.degree, result.value
(True, <Degree.SUCCESS: 'success'>, 2)
>>> result.explain()
'rolled 2 against a chance of 3: success'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

# public names only: plugin authors read this module as a template
from rollwerk.analysis import Fighter, read_side
from rollwerk.checks import (
    CheckResult,
    CheckSpec,
    ContestOutcome,
    Degree,
    Difficulty,
    Monotonic,
    Outcome,
    Parameter,
    Scalar,
)
from rollwerk.dice import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import RulesError
from rollwerk.i18n import Catalog
from rollwerk.plugins import hookimpl
from rollwerk.rng import Rng
from rollwerk.rulesets import OptionalRule, Ruleset

__all__ = [
    "CATALOG",
    "GENEROUS",
    "PoolCheck",
    "RollUnderCheck",
    "ToyFightRules",
    "ToyRuleset",
    "rollwerk_register_catalogs",
    "rollwerk_register_fight_rules",
    "rollwerk_register_optional_rules",
    "rollwerk_register_rulesets",
]

RULESET_ID = "toy"

CATALOG = Catalog(
    {
        "en": {
            "toy.label.critical_success": "critical success",
            "toy.label.success": "success",
            "toy.label.failure": "failure",
            "toy.label.critical_failure": "fumble",
            "toy.label.first": "first side wins",
            "toy.label.second": "second side wins",
            "toy.label.tie": "tie",
            "toy.label.both_failed": "both failed",
            "toy.difficulty.easy": "easy",
            "toy.difficulty.normal": "normal",
            "toy.difficulty.hard": "hard",
            "toy.check": "rolled {face} against a chance of {chance}: {word}",
            "toy.check.no_roll": "a chance of {chance} cannot be rolled: failure",
            "toy.role.fate": "fate",
            "toy.dice.one": "{n} die",
            "toy.dice.other": "{n} dice",
            "toy.pool.one": "{hits} of {dice} shows 5 or 6, {threshold} needed: {word}",
            "toy.pool.other": "{hits} of {dice} show 5 or 6, {threshold} needed: {word}",
            "toy.pool.impossible.one": "{threshold} successes cannot come from "
            "{dice}: failure",
            "toy.pool.impossible.other": "{threshold} successes cannot come from "
            "{dice}: failure",
        },
        "de": {
            "toy.label.critical_success": "kritischer Erfolg",
            "toy.label.success": "Erfolg",
            "toy.label.failure": "Misserfolg",
            "toy.label.critical_failure": "Patzer",
            "toy.label.first": "erste Seite gewinnt",
            "toy.label.second": "zweite Seite gewinnt",
            "toy.label.tie": "unentschieden",
            "toy.label.both_failed": "beide gescheitert",
            "toy.difficulty.easy": "leicht",
            "toy.difficulty.normal": "normal",
            "toy.difficulty.hard": "schwer",
            "toy.check": "{face} gewürfelt gegen eine Chance von {chance}: {word}",
            "toy.check.no_roll": "eine Chance von {chance} kann nicht gewürfelt "
            "werden: Misserfolg",
            "toy.role.fate": "Schicksal",
            "toy.dice.one": "{n} Würfel",
            "toy.dice.other": "{n} Würfeln",
            "toy.pool.one": "{hits} von {dice} zeigt 5 oder 6, {threshold} nötig: {word}",
            "toy.pool.other": "{hits} von {dice} zeigen 5 oder 6, {threshold} nötig: "
            "{word}",
            "toy.pool.impossible.one": "{threshold} Erfolg ist mit {dice} unmöglich: "
            "Misserfolg",
            "toy.pool.impossible.other": "{threshold} Erfolge sind mit {dice} "
            "unmöglich: Misserfolg",
        },
    }
)
"""The toy ruleset's messages (ids ``toy.*``); ``toy.label.<key>`` are its labels,
``toy.role.<role>`` the words for its dice's roles."""


def _plural(n: int) -> str:
    return "one" if n == 1 else "other"


_DIFFICULTY = {"easy": 1, "normal": 0, "hard": -1}
_D6: Distribution[int] = Distribution.uniform(range(1, 7))
_FATE_FUMBLE = Fraction(1, 2)  # a fate of 1–3 on a d6


@attrs.frozen
class RollUnderCheck:
    """The ``check`` check: a d6 rolled under a chance (see the module docs)."""

    skill: int
    """The character's skill, 0 to 6."""
    modifier: int = 0
    """A situational modifier, -3 to 3."""
    edge: bool = False
    """Roll two d6 and keep the lower."""
    difficulty: str = "normal"
    """``"easy"`` (+1), ``"normal"`` (0) or ``"hard"`` (-1)."""
    bonus: int = 0
    """Added by the optional rule ``generous``; not a parameter."""

    @property
    def ruleset(self) -> str:
        """Always ``"toy"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """Always ``"check"``."""
        return "check"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The parameters the check was built from."""
        return {
            "skill": self.skill,
            "modifier": self.modifier,
            "edge": self.edge,
            "difficulty": self.difficulty,
        }

    @property
    def chance(self) -> int:
        """The number to roll under: skill, modifier, difficulty and bonus."""
        return self.skill + self.modifier + _DIFFICULTY[self.difficulty] + self.bonus

    def _judge(self, face: int, fate: int | None) -> Outcome:
        if face == 1:
            return Outcome(True, Degree.CRITICAL_SUCCESS, 1)
        if face == 6 and fate is not None and fate <= 3:
            return Outcome(False, Degree.CRITICAL_FAILURE, 6, extras={"fumble": True})
        if face <= self.chance:
            return Outcome(True, Degree.SUCCESS, face)
        return Outcome(False, Degree.FAILURE, face)

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the check; every die is recorded in draw order."""
        chance = self.chance
        if chance <= 0:
            return CheckResult(
                success=False,
                degree=Degree.FAILURE,
                value=None,
                rolls=(),
                explanation=CATALOG.text("toy.check.no_roll", chance=chance),
                rolled=False,
                ruleset=self.ruleset,
                check=self.name,
            )
        rolls = [DieRoll(6, rng.roll(6), "check")]
        if self.edge:
            rolls.append(DieRoll(6, rng.roll(6), "edge"))
        face = min(r.face for r in rolls)
        fate = None
        if face == 6:
            fate = rng.roll(6)
            rolls.append(DieRoll(6, fate, "fate"))
        outcome = self._judge(face, fate)
        word = CATALOG.text(f"toy.label.{outcome.degree.value}")
        return CheckResult(
            success=outcome.success,
            degree=outcome.degree,
            value=outcome.value,
            rolls=tuple(rolls),
            explanation=CATALOG.text("toy.check", face=face, chance=chance, word=word),
            extras=outcome.extras,
            ruleset=self.ruleset,
            check=self.name,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution: the die, then the fate die on a 6."""
        if self.chance <= 0:
            return Distribution.constant(Outcome(False, Degree.FAILURE, None, False))
        die = _D6.minimum(_D6) if self.edge else _D6

        def after(face: int) -> Distribution[Outcome]:
            if face != 6:
                return Distribution.constant(self._judge(face, None))
            return Distribution.mixture(
                [
                    (_FATE_FUMBLE, Distribution.constant(self._judge(6, 1))),
                    (1 - _FATE_FUMBLE, Distribution.constant(self._judge(6, 6))),
                ]
            )

        return die.bind(after)


@attrs.frozen
class PoolCheck:
    """The ``pool`` check: count 5s and 6s on a pool of d6 (see the module docs)."""

    dice: int
    """The number of d6 rolled, 1 to 8."""
    threshold: int = 1
    """The number of successes needed, 1 to 5."""
    bonus: int = 0
    """Extra dice from the optional rule ``generous``; not a parameter."""

    @property
    def ruleset(self) -> str:
        """Always ``"toy"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """Always ``"pool"``."""
        return "pool"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The parameters the check was built from."""
        return {"dice": self.dice, "threshold": self.threshold}

    def _judge(self, hits: int, all_ones: bool) -> Outcome:
        n = self.dice + self.bonus
        success = hits >= self.threshold
        if success and hits == n:
            degree = Degree.CRITICAL_SUCCESS
        elif all_ones:
            degree = Degree.CRITICAL_FAILURE
        else:
            degree = Degree.SUCCESS if success else Degree.FAILURE
        return Outcome(success, degree, hits)

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the pool; every die is recorded in draw order."""
        n = self.dice + self.bonus
        if self.threshold > n:
            return CheckResult(
                success=False,
                degree=Degree.FAILURE,
                value=None,
                rolls=(),
                explanation=CATALOG.text(
                    f"toy.pool.impossible.{_plural(self.threshold)}",
                    threshold=self.threshold,
                    dice=CATALOG.text(f"toy.dice.{_plural(n)}", n=n),
                ),
                rolled=False,
                ruleset=self.ruleset,
                check=self.name,
            )
        rolls = tuple(DieRoll(6, rng.roll(6), "pool") for _ in range(n))
        hits = sum(1 for r in rolls if r.face >= 5)
        outcome = self._judge(hits, all(r.face == 1 for r in rolls))
        verdict = "success" if outcome.success else "failure"
        return CheckResult(
            success=outcome.success,
            degree=outcome.degree,
            value=outcome.value,
            rolls=rolls,
            explanation=CATALOG.text(
                f"toy.pool.{_plural(hits)}",
                hits=hits,
                dice=CATALOG.text(f"toy.dice.{_plural(n)}", n=n),
                threshold=self.threshold,
                word=CATALOG.text(f"toy.label.{verdict}"),
            ),
            ruleset=self.ruleset,
            check=self.name,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution, by dynamic programming over the dice.

        The state is (number of hits, whether every die so far shows 1); each
        die is a hit (5–6), a one, or neither (2–4).
        """
        n = self.dice + self.bonus
        if self.threshold > n:
            return Distribution.constant(Outcome(False, Degree.FAILURE, None, False))
        states: dict[tuple[int, bool], int] = {(0, True): 1}
        for _ in range(n):
            nxt: dict[tuple[int, bool], int] = {}
            for (hits, ones), w in states.items():
                for key, weight in (
                    ((hits + 1, False), 2),
                    ((hits, ones), 1),
                    ((hits, False), 3),
                ):
                    nxt[key] = nxt.get(key, 0) + w * weight
            states = nxt
        weights: dict[Outcome, int] = {}
        for (hits, ones), w in states.items():
            o = self._judge(hits, ones)
            weights[o] = weights.get(o, 0) + w
        return Distribution.from_weights(weights)


_CHECK_PARAMETERS = (
    Parameter(
        "skill",
        int,
        help="the character's skill",
        min_value=0,
        max_value=6,
        monotonic=Monotonic.INCREASING,
    ),
    Parameter(
        "modifier",
        int,
        help="a situational modifier",
        default=0,
        min_value=-3,
        max_value=3,
        monotonic=Monotonic.INCREASING,
    ),
    Parameter(
        "edge",
        bool,
        help="roll two d6 and keep the lower",
        default=False,
        monotonic=Monotonic.INCREASING,
    ),
    Parameter(
        "difficulty",
        str,
        help="easy (+1), normal or hard (-1)",
        default="normal",
        choices=("easy", "normal", "hard"),
        monotonic=Monotonic.DECREASING,
    ),
)

_POOL_PARAMETERS = (
    Parameter(
        "dice",
        int,
        help="the number of d6",
        min_value=1,
        max_value=8,
        monotonic=Monotonic.INCREASING,
    ),
    Parameter(
        "threshold",
        int,
        help="the successes needed",
        default=1,
        min_value=1,
        max_value=5,
        monotonic=Monotonic.DECREASING,
    ),
)


@attrs.frozen
class ToyRuleset(Ruleset):
    """The toy ruleset (id ``"toy"``); ``bonus`` is set by ``generous``."""

    bonus: int = 0
    """Added to every chance and every pool (the optional rule ``generous``)."""

    @property
    def id(self) -> str:
        """``"toy"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """The ruleset's human name."""
        return "Toy d6 ruleset" + (" (generous)" if self.bonus else "")

    @property
    def version(self) -> str:
        """The implementation's version."""
        return "1.0"

    @property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Degree names by language, from the messages ``toy.label.<key>``."""
        return CATALOG.labels(RULESET_ID)

    @property
    def round_seconds(self) -> Fraction:
        """A round lasts 5 seconds."""
        return Fraction(5)

    @property
    def difficulties(self) -> Sequence[Difficulty]:
        """Easy, normal and hard."""
        return (
            Difficulty("easy", 1, CATALOG.text("toy.difficulty.easy")),
            Difficulty("normal", 0, CATALOG.text("toy.difficulty.normal")),
            Difficulty("hard", -1, CATALOG.text("toy.difficulty.hard")),
        )

    def checks(self) -> Sequence[CheckSpec]:
        """``check`` (the default) and ``pool``."""
        return (
            CheckSpec(
                "check",
                _CHECK_PARAMETERS,
                factory=lambda **kw: RollUnderCheck(bonus=self.bonus, **kw),
                help="roll a d6 under skill + modifier",
            ),
            CheckSpec(
                "pool",
                _POOL_PARAMETERS,
                factory=lambda **kw: PoolCheck(bonus=self.bonus, **kw),
                help="count 5s and 6s on a pool of d6",
            ),
        )

    def contest(self, first: Outcome, second: Outcome) -> ContestOutcome:
        """Both failed; else success, then degree, then value decide; else a tie."""
        if not first.success and not second.success:
            return ContestOutcome.BOTH_FAILED
        a = (first.success, first.degree.rank, first.value or 0)
        b = (second.success, second.degree.rank, second.value or 0)
        if a > b:
            return ContestOutcome.FIRST
        if b > a:
            return ContestOutcome.SECOND
        return ContestOutcome.TIE


def _generous(ruleset: Ruleset) -> Ruleset:
    if not isinstance(ruleset, ToyRuleset):
        raise RulesError(
            f"the optional rule 'generous' applies to the toy ruleset, got {ruleset!r}"
        )
    return attrs.evolve(ruleset, bonus=ruleset.bonus + 1)


GENEROUS = OptionalRule(
    "generous",
    RULESET_ID,
    "Generous",
    apply=_generous,
    help="adds 1 to every chance and one die to every pool",
)
"""The example optional rule: +1 to every chance, one more die in every pool."""


@hookimpl
def rollwerk_register_rulesets() -> list[Ruleset]:
    """Provide the toy ruleset."""
    return [ToyRuleset()]


@hookimpl
def rollwerk_register_optional_rules() -> list[OptionalRule]:
    """Provide the optional rule ``generous``."""
    return [GENEROUS]


@hookimpl
def rollwerk_register_catalogs() -> list[Catalog]:
    """Provide the toy ruleset's messages in English and German."""
    return [CATALOG]


@attrs.frozen
class ToyFightRules:
    """The toy ruleset's fights: the smallest [`FightRules`][rollwerk.analysis.FightRules].

    A creature has ``hits`` (its health) and ``speed``. Each turn it makes
    ``attacks`` attacks; each hits with chance 1/2 and deals 1 damage
    (``sharp``: 2). The faster side acts first; equal speeds toss a coin.

    >>> from rollwerk.analysis import fight
    >>> fight(ToyFightRules(), {"hits": 1}, {"hits": 1}, max_rounds=1).first
    Fraction(3, 8)
    """

    @property
    def ruleset(self) -> str:
        """``"toy"``."""
        return RULESET_ID

    def parameters(self) -> Sequence[Parameter]:
        """``hits``, ``speed``, ``attacks`` and ``sharp``."""
        return (
            Parameter(
                "hits", int, help="health", default=1, min_value=1, max_value=1000
            ),
            Parameter("speed", int, help="who acts first", default=0),
            Parameter(
                "attacks",
                int,
                help="attacks a turn",
                default=1,
                min_value=1,
                max_value=3,
            ),
            Parameter("sharp", bool, help="a hit deals 2", default=False),
        )

    def fighter(self, values: Mapping[str, Scalar]) -> Fighter:
        """Validate ``values`` and build the creature (health = ``hits``)."""
        params = read_side(self.parameters(), values, "toy fight side")
        hits = params["hits"]
        assert isinstance(hits, int)
        return Fighter(params, health=hits)

    def initiative(self, first: Fighter, second: Fighter) -> Fraction:
        """1 if ``first`` is faster, 0 if slower, 1/2 on a tie."""
        a, b = first.parameters["speed"], second.parameters["speed"]
        assert isinstance(a, int)
        assert isinstance(b, int)
        return Fraction(1) if a > b else Fraction(0) if a < b else Fraction(1, 2)

    def attacks(self, actor: Fighter) -> int:
        """The creature's ``attacks``."""
        n = actor.parameters["attacks"]
        assert isinstance(n, int)
        return n

    def damage(
        self, actor: Fighter, target: Fighter, *, attack: int, faced: int
    ) -> Distribution[int]:
        """0 or 1 (2 when ``sharp``), each with chance 1/2."""
        return Distribution.uniform([0, 2 if actor.parameters["sharp"] else 1])


@hookimpl
def rollwerk_register_fight_rules() -> dict[str, ToyFightRules]:
    """Provide the toy ruleset's fight rules."""
    return {RULESET_ID: ToyFightRules()}
