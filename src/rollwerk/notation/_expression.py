"""Parsed expressions, their rolls and the cached ``parse``.

``parse("4d6kh3+2")`` gives an [`Expression`][rollwerk.notation.Expression]
(cached); it rolls to a [`RollResult`][rollwerk.notation.RollResult] and
gives its exact [`Distribution`][rollwerk.distribution.Distribution]. The
grammar, the features and the limits are documented on the notation page.

Longer than 500 lines because the rollers compiled for an expression's
shape sit next to the expression and result they must agree with.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rollwerk._jsonutil import (
    die_rolls,
    document,
    known,
    member,
    obj,
    read,
    schema_version,
)
from rollwerk.dice._die import (
    RolledDie,
)
from rollwerk.dice._limits import DICE_LIMITS, check_work
from rollwerk.dice._pool import Pool, _drawer
from rollwerk.dice._roll import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import (
    LimitExceeded,
    NotationError,
    ParameterError,
    RollwerkError,
    SchemaError,
    shown,
)
from rollwerk.i18n import CORE, Catalog, allowed_languages
from rollwerk.i18n._catalog import one_catalog
from rollwerk.notation._dialect import ROLLWERK, Dialect, get_dialect
from rollwerk.notation._explain_fast import Renderer, compile_explainer
from rollwerk.notation._parser import _Parser
from rollwerk.notation._rolled import RollNode, _explain, one_line_text
from rollwerk.notation._tree import _Dice, _Node, _Number, _Sum, no_exact_odds
from rollwerk.rng import (
    _OWN,
    Rng,
    ScriptedRng,
    _json_seed,
    checked,
    is_rng,
    not_an_rng,
)

SCHEMA = 1
_EXPLAINERS = 8  # compiled explanation renderers kept per expression


_new_object = object.__new__


class Expression:
    """A parsed dice expression: roll it, or ask for its exact distribution.

    Get one from [`parse`][rollwerk.notation.parse] (cached) rather than building it.

    >>> expr = parse("2W6+3")
    >>> expr.roll(ScriptedRng([4, 5])).total
    12
    >>> expr.distribution()[10]
    Fraction(1, 6)
    >>> expr.value_range
    (5, 15)
    """

    __slots__ = (
        "__weakref__",  # the kept distributions hold their expressions weakly
        "_comment",
        "_dialect",
        "_dist",
        "_explainers",
        "_node",
        "_notation",
        "_roll",
    )

    def __init__(
        self,
        notation: str,
        node: _Node,
        dialect: Dialect = ROLLWERK,
        comment: str | None = None,
    ) -> None:
        self._notation = notation
        self._node = node
        self._dialect = dialect
        self._comment = comment
        self._dist: Distribution[int] | None = None
        # Compiled on the first roll: expressions parsed only for their
        # distribution never pay for it.
        self._roll: Callable[[Rng], RollResult] = self._compile_and_roll
        # Explanation renderers by language (or language and catalog),
        # compiled on the first explain() in each; None: the shape has none.
        self._explainers: dict[object, Renderer] | None = {}

    def _compile_and_roll(self, rng: Rng) -> RollResult:
        self._roll = self._compile()
        return self._roll(rng)

    def _compile(self) -> Callable[[Rng], RollResult]:
        node = self._node
        new = _new_result
        expr = self
        if (
            isinstance(node, _Dice)
            and node.pool.is_plain
            and node.pool.count == 1
            and node.pool.die.is_standard
        ):
            sides = node.pool.die.sides

            def one_die(rng: Rng) -> RollResult:
                x = rng.roll(sides)
                return new(expr, (x,), x)

            return one_die
        if (
            isinstance(node, _Sum)
            and len(node.terms) == 2
            and node.ops[0] == "+"
            and isinstance(node.terms[0], _Dice)
            and isinstance(node.terms[1], _Number)
        ):
            pool = node.terms[0].pool
            if pool.is_plain and pool.count == 1 and pool.die.is_standard:
                sides = pool.die.sides
                c = node.terms[1].value * (-1 if node.ops[1] == "-" else 1)

                def die_plus(rng: Rng) -> RollResult:
                    x = rng.roll(sides)
                    return new(expr, (x,), x + c)

                return die_plus
        if isinstance(node, _Dice):
            single = _single_pool(expr, node.pool)
            if single is not None:
                return single
        fast = node.fast()

        def general(rng: Rng) -> RollResult:
            out: list[int] = []
            total = fast(rng, out)
            return new(expr, tuple(out), total)

        return general

    def _explainer(self, lang: str, catalogs: Catalog | None) -> Renderer | None:
        """The compiled renderer of explanations in a known ``lang`` (cached).

        ``None`` when the expression's shape has none (the traced path
        explains it) or when this expression already holds renderers for
        `_EXPLAINERS` languages and catalogs.
        """
        renderers = self._explainers
        if renderers is None or len(renderers) >= _EXPLAINERS:
            return None
        cats = (CORE,) if catalogs is None else (catalogs, CORE)
        renderer = compile_explainer(self._node, self._notation, lang, cats)
        if renderer is None:
            self._explainers = None
        else:
            renderers[lang if catalogs is None else (lang, catalogs)] = renderer
        return renderer

    @property
    def notation(self) -> str:
        """The notation this expression was parsed from."""
        return self._notation

    @property
    def dialect(self) -> Dialect:
        """The [`Dialect`][rollwerk.notation.Dialect] the notation was read in."""
        return self._dialect

    @property
    def comment(self) -> str | None:
        """The comment after the expression (``2d6 # damage``), if any."""
        return self._comment

    @property
    def value_range(self) -> tuple[int, int]:
        """A lower and upper bound of the value (exact for sums of dice)."""
        return self._node.lo, self._node.hi

    @property
    def work(self) -> int:
        """The estimated size of [`distribution`][rollwerk.notation.Expression.distribution]'s computation, in work units.

        The estimate `distribution` compares with
        [`DICE_LIMITS.max_work`][rollwerk.dice.DiceLimits] (4 000 000) before
        any work, counted as the [Reliability](../reliability.md#limits)
        page says; the worst accepted expressions take one to two seconds.
        A bot can compute a small one at once and send a large one to a
        worker process. Estimating it costs nothing: it was counted when the
        text was parsed.

        >>> from rollwerk import parse
        >>> from rollwerk.dice import DICE_LIMITS
        >>> parse("4d6kh3").work, parse("1000d6").work
        (121, 137561)
        >>> parse("1000d100").work > DICE_LIMITS.max_work
        True
        """
        return self._node.work

    def roll(self, rng: Rng) -> RollResult:
        """Roll the expression, drawing every die from ``rng``.

        Raises:
            ParameterError: ``rng`` is not an Rng (it has no ``roll``).
        """
        try:
            if rng.__class__ not in _OWN:
                rng = checked(rng)
            return self._roll(rng)
        except AttributeError:
            if not is_rng(rng):
                raise not_an_rng(rng) from None
            raise

    def replay(self, faces: tuple[int, ...] | list[int]) -> RollResult:
        """Roll with exactly these faces (a [`ScriptedRng`][rollwerk.rng.ScriptedRng]).

        Raises:
            ScriptExhausted: Too few faces: the roll draws more (the message
                names the die that found none).
            ParameterError: Faces are left over, or a face does not fit its
                die.
        """
        rng = ScriptedRng(faces)
        try:
            result = self.roll(rng)
        except ParameterError as exc:
            if not exc.parameter.endswith(" face"):
                raise
            bare, hint = listed_face_refusal(self, exc, faces)
            if not hint:
                raise
            allowed = bare.allowed + hint
            raise ParameterError(exc.parameter, exc.value, allowed) from None
        if rng.remaining:
            used = rng.used
            drawn = {
                0: "empty (the roll draws no die)",
                1: "exactly the 1 face the roll draws",
            }.get(used, f"exactly the {used} faces the roll draws")
            raise ParameterError("faces", list(faces), drawn)
        return result

    def trace(self, rng: Rng) -> RollNode:
        """Roll with a full record of every die (slower than `roll`)."""
        if not is_rng(rng):
            raise not_an_rng(rng)
        return self._node.trace(rng)

    def distribution(self) -> Distribution[int]:
        """The exact distribution of the total (kept, within a bound).

        Expressions keep the distributions they computed, at most about
        80 MB in all besides the latest, as estimated from their outcomes and
        their weights' digits (500 000 outcomes of small weights; fewer of
        wide ones: ``50d20r1`` holds 2.8 MB). The oldest are forgotten first,
        and computed again when asked for; an expression nothing holds any
        more (`parse`'s cache forgot it) takes its distribution with it.

        Raises [`LimitExceeded`][rollwerk.errors.LimitExceeded] before any work when
        the estimated size of the computation exceeds the documented limit, and
        [`ParameterError`][rollwerk.errors.ParameterError] before any work for
        dice kept or dropped among those explosions add (``8d6!kh3`` in
        Roll20), which have no exact odds at any size.
        """
        dist = self._dist
        if dist is None:
            refusal = no_exact_odds(self._node)
            if refusal is not None:
                raise refusal
            check_work(self._node.work)
            weights, total = self._node.weights()
            dist = Distribution._from_weights(weights, total)
            _keep(self, dist)
        return dist

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expression):
            return NotImplemented
        return (
            self._notation == other._notation
            and self._dialect.name == other._dialect.name
        )

    def __hash__(self) -> int:
        return hash(("Expression", self._notation, self._dialect.name))

    def __reduce__(self) -> tuple[Any, ...]:
        # what it was parsed into; rollers and renderers are compiled again
        return (Expression, (self._notation, self._node, self._dialect, self._comment))

    def __repr__(self) -> str:
        if self._dialect is ROLLWERK:
            return f"parse({self._notation!r})"
        return f"parse({self._notation!r}, dialect={self._dialect.name!r})"


_ROLL_FIELDS = (
    "schema",
    "notation",
    "total",
    "rolls",
    "tree",
    "dialect",
    "comment",
    "explanation",
    "seed",
)
"""The fields of a roll result's JSON (``"seed"`` and ``"explanation"``
as the command line adds them)."""


def _replayed(notation: str, dialect: str, faces: list[int]) -> RollResult:
    """``notation`` in ``dialect`` replayed with ``faces``, for a loader.

    Raises:
        SchemaError: An unknown dialect, a notation the dialect does not
            read, or faces that are not the ones the notation draws, each
            naming its field.
    """
    try:
        found = get_dialect(dialect)
    except ParameterError as exc:
        raise SchemaError(
            str(exc).removeprefix("dialect "), path="dialect", expected=exc.allowed
        ) from exc
    try:
        expr = parse(notation, dialect=found)
    except RollwerkError as exc:
        reason = (
            f"{exc.reason} at column {exc.column}"
            if isinstance(exc, NotationError)
            else str(exc)
        )
        why = " ".join(reason.split())
        raise SchemaError.field(
            "notation", f"a notation the {found.name} dialect reads ({why})", notation
        ) from exc
    try:
        return expr.replay(faces)
    except RollwerkError as exc:
        reason = " ".join(str(exc).split())
        raise SchemaError(
            f"roll result does not replay: {reason}", path="rolls"
        ) from exc


def _json_kind(value: object) -> object:
    """The JSON type of ``value``: ``True`` is not ``1``, ``1.0`` not ``1``."""
    if isinstance(value, Mapping):
        return Mapping
    return value.__class__


def _same_json(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are the same JSON, types and all (not ``==``).

    >>> _same_json({"a": [1, True]}, {"a": [1, True]})
    True
    >>> _same_json(True, 1), _same_json(1.0, 1), _same_json(0, False)
    (False, False, False)
    """
    if _json_kind(a) is not _json_kind(b):
        return False
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(
            _same_json(x, y) for x, y in zip(a, b, strict=True)
        )
    return bool(a == b)


def _first_difference(got: Any, want: Any, path: str) -> SchemaError:
    """The refusal of ``got`` where it first differs from ``want`` (JSON trees).

    A key ``want`` lacks is not a field there, one ``got`` lacks is
    required, and a value that differs must be ``want``'s.

    >>> str(_first_difference({"a": [1, 2]}, {"a": [1, 3]}, "tree"))
    'tree.a[1] must be 3, what the rolls give, got 2'
    >>> str(_first_difference({"a": 1}, {"a": 1, "b": 2}, "tree"))
    'tree.b is required (2, what the rolls give)'
    >>> str(_first_difference({"a": 1, "x y": 0}, {"a": 1}, "tree"))
    "tree['x y'] is not a field there (the fields are a)"
    >>> str(_first_difference({"a": [True]}, {"a": [1]}, "tree"))
    'tree.a[0] must be 1, what the rolls give, got True'
    """
    while True:
        if isinstance(got, dict) and isinstance(want, dict):
            # in the order the writer wrote them, then the unknown ones
            for key in [*want, *(k for k in got if k not in want)]:
                mine, theirs = got.get(key, _ABSENT), want.get(key, _ABSENT)
                if _same_json(mine, theirs):
                    continue
                step = member(str(key))  # a key with a newline is quoted
                where = path + step if step.startswith("[") else f"{path}.{step}"
                if theirs is _ABSENT:
                    return SchemaError(
                        f"is not a field there (the fields are {', '.join(want)})",
                        path=where,
                        expected="no such field",
                    )
                if mine is _ABSENT:
                    expected = f"{shown(theirs)}, what the rolls give"
                    return SchemaError.missing(where, expected)
                path, got, want = where, mine, theirs
                break
            else:  # pragma: no cover - equal: not called
                return SchemaError("differs", path=path)
        elif isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
            for i, (a, b) in enumerate(zip(got, want, strict=True)):
                if not _same_json(a, b):
                    path, got, want = f"{path}[{i}]", a, b
                    break
            else:  # pragma: no cover - equal: not called
                return SchemaError("differs", path=path)
        else:
            return SchemaError.field(path, f"{shown(want)}, what the rolls give", got)


_ABSENT = object()
"""A key one side of `_first_difference` lacks."""


class RollResult:
    """A rolled expression: the total, every die drawn, and an explanation.

    Only the faces and the total are recorded while rolling (that keeps
    rolling fast); the tree of what was kept, dropped, rerolled and exploded
    is rebuilt on demand by replaying the faces. ``explain()`` words the
    faces directly, with a renderer compiled once per expression and
    language, and replays them only for rerolls and explosions.

    >>> r = roll("4d6kh3+2", ScriptedRng([3, 6, 1, 5]))
    >>> r.total
    16
    >>> print(r.explain())
    4d6kh3+2 = 16
      4d6kh3: 3, 6, 1 (dropped), 5 → 14
    >>> print(r.explain("de"))
    4d6kh3+2 = 16
      4d6kh3: 3, 6, 1 (verworfen), 5 → 14
    >>> tuple(d.face for d in r.rolls)
    (3, 6, 1, 5)
    >>> RollResult.from_json(r.to_json()) == r
    True
    """

    __slots__ = ("_expr", "_faces", "_total", "_tree")

    _expr: Expression
    # A tuple, or bytes as a batched draw returns them (turned into a tuple
    # on first access: most rolls are only ever asked for their total).
    _faces: tuple[int, ...] | bytes
    _total: int
    _tree: RollNode | None

    @property
    def expression(self) -> Expression:
        """The expression that was rolled."""
        return self._expr

    @property
    def notation(self) -> str:
        """The notation that was rolled."""
        return self._expr._notation

    @property
    def total(self) -> int:
        """The value of the expression in this roll."""
        return self._total

    @property
    def faces(self) -> tuple[int, ...]:
        """The index each draw gave, in draw order (feed to a ScriptedRng)."""
        faces = self._faces
        if isinstance(faces, bytes):
            faces = self._faces = tuple(faces)
        return faces

    @property
    def tree(self) -> RollNode:
        """The tree of what was rolled, kept, dropped, rerolled and exploded."""
        tree = self._tree
        if tree is None:
            faces = self._faces  # bytes on the fast paths, which ScriptedRng refuses
            rng = ScriptedRng(tuple(faces) if faces.__class__ is bytes else faces)
            tree = self._expr._node.trace(rng)
            self._tree = tree
        return tree

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        """Every die drawn, in draw order, as [`DieRoll`][rollwerk.dice.DieRoll]s."""
        return tuple(r for d in self.pool_dice for r in d.rolls)

    @property
    def dice(self) -> tuple[DieRoll, ...]:
        """The same as [`rolls`][rollwerk.notation.RollResult.rolls]."""
        return self.rolls

    @property
    def pool_dice(self) -> tuple[RolledDie, ...]:
        """Every die of every pool with its history, in draw order."""
        return tuple(d for n in self.tree.walk() for d in n.dice)

    def explain(
        self,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        full: bool = False,
    ) -> str:
        """What was rolled, in ``"en"``, ``"de"`` or a language ``catalogs`` add.

        A pool of more than 20 dice is summarised: its first ten and last
        five dice, then how often each value came up (a die's value is its
        face, or an exploded die's total). ``full=True`` lists every die
        (so does [`tree`][rollwerk.notation.RollResult.tree],
        node by node).

        Args:
            lang: The language; a word it lacks falls back to English.
            catalogs: A further catalog, searched before the core's
                [`CORE`][rollwerk.i18n.CORE] (for example
                [`Registry.catalogs()`][rollwerk.plugins.Registry.catalogs]),
                or an iterable of them, searched in order.
            full: List every die of long pools instead of a summary.

        Raises:
            ParameterError: No catalog knows ``lang``, ``catalogs`` is
                not a catalog, an iterable of catalogs or ``None``, or
                ``full`` is not a bool.
        """
        if full is not False and full is not True:
            raise ParameterError("full", full, "True or False")
        if catalogs is not None and catalogs.__class__ is not Catalog:
            catalogs = one_catalog(catalogs)  # several: merged, the first winning
        renderers = self._expr._explainers
        if renderers is not None:
            key = lang if catalogs is None else (lang, catalogs)
            try:
                renderer = renderers.get(key)
            except TypeError:  # an unhashable lang, refused below
                renderer = None
            if renderer is not None:
                return renderer(self._faces, self._total, full)
        cats = () if catalogs is None else (catalogs,)
        known = CORE.languages if catalogs is None else (CORE | catalogs).languages
        if lang not in known:
            raise ParameterError("lang", lang, allowed_languages(known))
        renderer = self._expr._explainer(lang, catalogs)
        if renderer is not None:
            return renderer(self._faces, self._total, full)
        return _explain(self.notation, self.tree, self._total, lang, cats, full=full)

    def _repr_html_(self) -> str:
        """A short HTML rendering for notebooks: the total, then the explanation."""
        from html import escape

        return (
            f'<div class="rollwerk-roll"><strong>{self._total}</strong> '
            f"<code>{escape(self.notation)}</code>"
            f"<pre>{escape(self.explain())}</pre></div>"
        )

    @property
    def comment(self) -> str | None:
        """The comment after the expression (``2d6 # damage``), if any."""
        return self._expr._comment

    @property
    def labels(self) -> tuple[str, ...]:
        """The labels of the parts (``fire`` in ``1d20 [fire]``), in order."""
        return tuple(n.label for n in self.tree.walk() if n.label)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON with ``"schema": 1``: notation, total, rolls and tree.

        A dialect other than ``rollwerk`` is recorded as ``"dialect"``, a
        comment as ``"comment"``; labels sit on the tree's nodes.
        """
        data: dict[str, Any] = {
            "schema": SCHEMA,
            "notation": self.notation,
            "total": self._total,
            "rolls": [r.to_json() for r in self.rolls],
            "tree": self.tree.to_json(),
        }
        if self._expr._dialect is not ROLLWERK:
            data["dialect"] = self._expr._dialect.name
        if self._expr._comment is not None:
            data["comment"] = self._expr._comment
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RollResult:
        """Load what [`to_json`][rollwerk.notation.RollResult.to_json] wrote.

        ``schema``, ``notation``, ``total`` and ``rolls`` are required;
        ``dialect`` (left out: ``"rollwerk"``), ``comment``, ``tree``,
        ``explanation`` and ``seed`` may be left out. The notation is
        parsed again in the dialect and the recorded faces replayed; a
        total, tree, die (its sides or role) or comment that is not exactly
        what the notation rolls with those faces (a ``true`` is not ``1``,
        ``1.0`` not ``1``) is a [`SchemaError`][rollwerk.errors.SchemaError]
        naming its path. An ``"explanation"`` (as ``rollwerk roll --json
        --explain`` adds in the language asked for) must be a text whose
        first line is the notation and the total (``2d6 = 7``); the result
        explains itself again from its dice. A ``"seed"`` (as ``rollwerk
        roll --seed N --json`` adds) must be what
        [`SeededRng.to_json`][rollwerk.rng.SeededRng.to_json] writes: an
        integer from -2**63 to 2**63 - 1, or the decimal digits of one
        outside that range; it is read past.
        """
        with document("roll result"):
            data = obj(data)
            schema_version(data, SCHEMA)
            known(data, _ROLL_FIELDS)
            notation = read(data, "notation", "str")
            total = read(data, "total", "int")
            dialect = read(data, "dialect", "str", "rollwerk")
            recorded = [DieRoll(*f) for f in die_rolls(data, DICE_LIMITS.max_draws)]
            comment = read(
                data,
                "comment",
                "str",
                None,
                expected="a string (the notation's comment)",
            )
            tree = read(data, "tree", "object", None)
            explanation = read(data, "explanation", "str", None)
            if "seed" in data:
                _json_seed(data["seed"])
            result = _replayed(notation, dialect, [r.face for r in recorded])
            if result.total != total:
                raise SchemaError.field(
                    "total", f"{result.total}, what the rolls give", total
                )
            for i, (was, now) in enumerate(zip(recorded, result.rolls, strict=True)):
                if (was.sides, was.role) != (now.sides, now.role):
                    raise SchemaError.field(
                        f"rolls[{i}]",
                        f"the die {notation!r} rolls there (d{now.sides}, role "
                        f"{now.role!r})",
                        f"d{was.sides}, role {was.role!r}",
                    )
            if comment is not None and comment != result.comment:
                raise SchemaError.field(
                    "comment",
                    f"left out ({notation!r} has no comment)"
                    if result.comment is None
                    else f"the comment of {notation!r} ({result.comment!r})",
                    comment,
                )
            if tree is not None:
                replayed = result.tree.to_json()
                if not _same_json(tree, replayed):
                    raise _first_difference(tree, replayed, "tree")
            if explanation is not None:
                head = f"{one_line_text(result.notation)} = {result.total}"
                if explanation.partition("\n")[0] != head:
                    raise SchemaError.field(
                        "explanation",
                        f"an explanation of this roll: a text whose first line is {head!r}",
                        explanation,
                    )
            return result

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollResult):
            return NotImplemented
        return (
            self._expr == other._expr
            and self.faces == other.faces
            and self._total == other._total
        )

    def __hash__(self) -> int:
        return hash((self._expr, self.faces, self._total))

    def __reduce__(self) -> tuple[Any, ...]:
        # the faces and the total; the tree is replayed again when asked for
        return (_new_result, (self._expr, self.faces, self._total))

    def __repr__(self) -> str:
        return (
            f"RollResult({self.notation!r}, total={self._total}, faces={self.faces!r})"
        )


def _new_result(
    expr: Expression, faces: tuple[int, ...] | bytes, total: int
) -> RollResult:
    r: RollResult = _new_object(RollResult)
    r._expr = expr
    r._faces = faces
    r._total = total
    r._tree = None
    return r


def _single_pool(expr: Expression, pool: Pool) -> Callable[[Rng], RollResult] | None:
    """A specialised roller for an expression that is one standard-die pool.

    Only pools without rerolls and explosions qualify: their draws are the
    indices themselves, so the value is computed straight from them.
    """
    if (
        pool.reroll
        or pool.explode is not None
        or not pool.die.is_standard
        or pool.tally is not None
        or pool.minimum is not None
        or pool.maximum is not None
    ):
        return None
    new = _new_result
    sides = pool.die.sides
    draw = _drawer(sides, pool.count)
    g = pool._scorer()
    if pool.keep is None:
        if g is None:

            def plain(rng: Rng) -> RollResult:
                idx = draw(rng)
                return new(expr, idx if type(idx) is bytes else tuple(idx), sum(idx))

            return plain
        hits = tuple(f for f in pool.die.faces if g(f) == 1)
        misses = tuple(f for f in pool.die.faces if g(f) == -1)
        if sides <= 255 and pool.count > 1:
            # Batched draws from a SeededRng come as bytes: count the faces
            # by deleting all others (one C call each for hits and misses).
            not_hit = bytes(f for f in range(1, sides + 1) if f not in hits)
            not_miss = bytes(f for f in range(1, sides + 1) if f not in misses)
            few = len(hits) + len(misses) <= 4
            score = (0, *(g(f) for f in pool.die.faces)).__getitem__

            def count_bytes(rng: Rng) -> RollResult:
                idx = draw(rng)
                if type(idx) is bytes:
                    c = len(idx.translate(None, not_hit))
                    if misses:
                        c -= len(idx.translate(None, not_miss))
                elif few:
                    c = 0
                    for v in hits:
                        c += idx.count(v)
                    for v in misses:
                        c -= idx.count(v)
                else:
                    c = sum(map(score, idx))
                return new(expr, idx if type(idx) is bytes else tuple(idx), c)

            return count_bytes
        if len(hits) + len(misses) <= 4:

            def count_few(rng: Rng) -> RollResult:
                idx = draw(rng)
                c = 0
                for v in hits:
                    c += idx.count(v)
                for v in misses:
                    c -= idx.count(v)
                return new(expr, tuple(idx), c)

            return count_few
        score = (0, *(g(f) for f in pool.die.faces)).__getitem__

        def count(rng: Rng) -> RollResult:
            idx = draw(rng)
            return new(expr, tuple(idx), sum(map(score, idx)))

        return count
    highest, k = pool.keep.kept(pool.count)
    lo, hi = (pool.count - k, pool.count) if highest else (0, k)
    if g is None:

        def kept(rng: Rng) -> RollResult:
            idx = draw(rng)
            return new(expr, tuple(idx), sum(sorted(idx)[lo:hi]))

        return kept
    score = (0, *(g(f) for f in pool.die.faces)).__getitem__

    def kept_count(rng: Rng) -> RollResult:
        idx = draw(rng)
        return new(expr, tuple(idx), sum(map(score, sorted(idx)[lo:hi])))

    return kept_count


_OUTCOME_BYTES = 160
"""What a kept distribution is charged per outcome, besides its weights'
digits: `tracemalloc` counts 35 to 105 bytes an outcome for small weights
(a dictionary slot, the key, the weight's header), the rest is margin."""

_DIST_BYTES = 512
"""What a kept distribution is charged once: the object, its dictionary's
header, its reference and entry in `_kept` (`tracemalloc` counts about
630 bytes in all for a distribution of one outcome; 672 are charged)."""

_KEPT_OUTCOMES = 500_000
"""The budget of the kept distributions (besides the one computed last),
in outcomes of small weights: ``_KEPT_OUTCOMES * _OUTCOME_BYTES`` bytes,
80 MB, as `_kept_cost` estimates them (see `Expression.distribution`)."""


def _kept_budget() -> int:
    """The bytes the kept distributions may cost in all, besides the latest."""
    return _KEPT_OUTCOMES * _OUTCOME_BYTES


def _kept_cost(dist: Distribution[int]) -> int:
    """The bytes ``dist`` is estimated to hold, in one pass over its weights.

    An int holds 30 bits in 4 bytes: the weights' digits cost their bit
    lengths times 4/30, and each outcome `_OUTCOME_BYTES` besides.

    >>> _kept_cost(Distribution._from_weights({1: 1, 2: 1}, 2))
    832
    """
    weights = dist._weights
    bits = sum(map(int.bit_length, weights.values())) + dist._total.bit_length()
    return _DIST_BYTES + _OUTCOME_BYTES * len(weights) + bits * 2 // 15


class _KeptRef(weakref.ref[Expression]):
    """A weak reference to an expression that keeps a distribution.

    Knows its key in `_kept` and the bytes it was charged, so that an
    expression collected (parse's cache forgot it, its caller dropped it)
    gives its share of the budget back (`_kept_dead`).
    """

    __slots__ = ("cost", "key")
    key: int
    cost: int


_kept: OrderedDict[int, _KeptRef] = OrderedDict()
"""The expressions keeping a distribution, oldest first, by ``id``: weakly,
so an expression and what hangs off it go when nothing else holds it."""
_kept_size = [0]
"""The bytes `_kept`'s distributions are estimated to hold (`_kept_cost`)."""
_kept_lock = threading.Lock()
_kept_dead: list[_KeptRef] = []
"""References whose expression was collected: returned at the next `_keep`
(the callback takes no lock: a collection can run while it is held)."""


def _keep(expr: Expression, dist: Distribution[int]) -> None:
    """Keep ``dist`` on ``expr``; forget the oldest beyond `_kept_budget`."""
    cost = _kept_cost(dist)
    key = id(expr)
    ref = _KeptRef(expr, _kept_dead.append)
    ref.key, ref.cost = key, cost
    with _kept_lock:
        while _kept_dead:
            dead = _kept_dead.pop()
            if _kept.get(dead.key) is dead:
                del _kept[dead.key]
                _kept_size[0] -= dead.cost
        old = _kept.pop(key, None)
        if old is not None:  # computed again, by another thread or collected
            _kept_size[0] -= old.cost
        expr._dist = dist
        _kept[key] = ref
        _kept_size[0] += cost
        budget = _kept_budget()
        while _kept_size[0] - cost > budget and len(_kept) > 1:
            _, gone_ref = _kept.popitem(last=False)
            _kept_size[0] -= gone_ref.cost
            gone = gone_ref()
            if gone is not None:
                gone._dist = None


_PARSED_ENTRIES = 1024
"""How many expressions `parse`'s cache holds at most."""
_PARSED_CHARS = 32_768
"""How many characters of notation `parse`'s cache holds at most: an
expression holds 70 to 160 bytes a character once parsed, up to about
1.3 kB once rolled and explained in two languages (`tracemalloc`), so
about 3 to 40 MB in all."""

_parsed: OrderedDict[tuple[str, str], Expression] = OrderedDict()
"""`parse`'s cache: by notation and dialect name, least recently used first."""
_parsed_chars = [0]
"""The characters of notation `_parsed` holds."""
_parsed_lock = threading.Lock()


def _parse_cached(notation: str, dialect: Dialect) -> Expression:
    """``notation`` parsed in ``dialect``, from `parse`'s cache (an LRU).

    Bounded by `_PARSED_ENTRIES` expressions and `_PARSED_CHARS`
    characters of notation (the latest is always kept); a refusal is not
    cached. Two threads that parse the same new text at once get the same
    object (the one cached first).
    """
    key = (notation, dialect.name)
    with _parsed_lock:
        expr = _parsed.get(key)
        if expr is not None and (expr._dialect is dialect or expr._dialect == dialect):
            _parsed.move_to_end(key)
            return expr
    new = _parse_new(notation, dialect)
    size = len(notation)
    with _parsed_lock:
        expr = _parsed.pop(key, None)
        if expr is not None:
            _parsed_chars[0] -= size
            if expr._dialect is dialect or expr._dialect == dialect:
                new = expr  # another thread parsed it first
        # else: another dialect of the same name: the newer one replaces it
        _parsed[key] = new
        _parsed_chars[0] += size
        while (
            len(_parsed) > _PARSED_ENTRIES or _parsed_chars[0] > _PARSED_CHARS
        ) and len(_parsed) > 1:
            (gone, _), _ = _parsed.popitem(last=False)
            _parsed_chars[0] -= len(gone)
    return new


def _parse_cache_clear() -> None:
    """Empty `parse`'s cache (benchmarks time parsing from scratch)."""
    with _parsed_lock:
        _parsed.clear()
        _parsed_chars[0] = 0


_parse_cached.cache_clear = _parse_cache_clear  # type: ignore[attr-defined]


def _parse_new(notation: str, dialect: Dialect) -> Expression:
    """``notation`` parsed in ``dialect``, not cached (see `_parse_cached`)."""
    if len(notation) > DICE_LIMITS.max_length:
        raise LimitExceeded("expression length", len(notation), DICE_LIMITS.max_length)
    parser = _Parser(notation, dialect)
    try:
        node = parser.parse()
    except NotationError as exc:
        cut = _star_comment(notation, exc.column - 1, dialect)
        if cut is None:
            raise
        try:
            node = _Parser(notation[:cut], dialect).parse()
        except NotationError:
            raise exc from None
        return Expression(notation, node, dialect, notation[cut:].strip())
    return Expression(notation, node, dialect, parser.comment)


def _star_comment(notation: str, pos: int, dialect: Dialect) -> int | None:
    """Where d20 starts a comment at a ``*`` that cannot multiply, if it does.

    d20 reads ``1d20 **bold**`` and ``1d20 *bold`` as ``1d20`` with the
    comment ``**bold**``/``*bold``: when the text cannot be read at ``pos``
    and a ``*`` stands there or just before, the expression ends before
    that ``*``. Only in a dialect with d20's selectors and trailing comments.
    """
    if not (dialect.selectors and dialect.trailing_comment):
        return None
    if notation[pos : pos + 1] == "*":
        cut = pos
    elif pos > 0 and notation[pos - 1] == "*":
        cut = pos - 1
    else:
        return None
    if notation[cut + 1 : cut + 2] != "*" and _operand_starts(notation[cut + 1 :]):
        # d20 multiplies by it: what cannot be read there is refused, not
        # a comment (1d6*2d4mi1e4 is 1d6 times a term rollwerk does not read;
        # 2**3 is 2 and the comment **3, as d20 has no power)
        return None
    return cut if notation[:cut].strip() else None


def _operand_starts(text: str) -> bool:
    """Whether ``text`` begins as a number, a die or a parenthesis would."""
    text = text.lstrip(" \t")
    while text[:1] in ("+", "-"):
        text = text[1:].lstrip(" \t")
    c = text[:1]
    if c in ("(", ".", *"0123456789"):
        return True
    return c in ("d", "D") and text[1:2] in ("%", *"0123456789")


def parse(notation: str, dialect: str | Dialect = "rollwerk") -> Expression:
    """Parse dice notation into an [`Expression`][rollwerk.notation.Expression] (cached).

    ``dialect`` names how the text is read (``"rollwerk"``, ``"roll20"``,
    ``"foundry"``, ``"avrae"``, ``"german"`` or a registered one): the same
    text can mean other dice in another tool.

    >>> parse("3d6>3").distribution()[3] == parse("3d6>=4").distribution()[3]
    True
    >>> parse("3d6>3", dialect="roll20").distribution()[3]
    Fraction(8, 27)

    >>> parse("3W6").distribution()[18]
    Fraction(1, 216)
    >>> parse("2d6+")
    Traceback (most recent call last):
    ...
    rollwerk.errors.NotationError: unexpected end of notation: expected a number, a die or '(' at column 5
      2d6+
          ^

    Raises:
        NotationError: The notation cannot be parsed (with column and caret).
        LimitExceeded: A documented limit would be exceeded.
    """
    if not isinstance(notation, str):
        raise ParameterError("notation", notation, "a string")
    return _parse_cached(notation, get_dialect(dialect))


def roll(notation: str, rng: Rng, dialect: str | Dialect = "rollwerk") -> RollResult:
    """Parse (cached) and roll ``notation`` with ``rng``, read in ``dialect``.

    >>> roll("1d20+5", ScriptedRng([12])).total
    17
    >>> roll("d%", ScriptedRng([4]), dialect="avrae").total
    30
    """
    return parse(notation, dialect).roll(rng)


def listed_face_refusal(
    expr: Expression, exc: ParameterError, faces: Iterable[int]
) -> tuple[ParameterError, str]:
    """A scripted face that did not fit, told how a die with listed faces replays.

    Returns ``exc`` without its note and the hint (`_by_index_hint`) when
    ``expr`` has a die with listed faces of the refused draw's sides: a
    listed face is an index, so a d10's "0 is written 10" does not hold.
    Otherwise ``exc`` as it is and ``""``.
    """
    hint = _by_index_hint(expr, _refused_sides(expr, faces))
    if not hint:
        return exc, ""
    return ParameterError(exc.parameter, exc.value, exc.allowed.split(" (")[0]), hint


def _refused_sides(expr: Expression, faces: Iterable[int]) -> int:
    """The sides of the draw whose scripted face did not fit (rolled again)."""
    script = ScriptedRng(faces)
    asked = [0]

    class Asking:
        def roll(self, sides: int) -> int:
            asked[0] = sides
            return script.roll(sides)

    with contextlib.suppress(ParameterError):
        expr.roll(Asking())
    return asked[0]


def _by_index_hint(expr: Expression, sides: int) -> str:
    """How a die with listed faces of ``sides`` indices is played back, or ``""``.

    ``4dF`` given a face of 0 is told that 1, 2, 3 show −1, 0, 1: a draw is
    the index of a face, which ``for a d3`` alone does not say.
    """
    from rollwerk.notation._tree import listed_faces

    hints = []
    for listed in listed_faces(expr._node):
        if len(listed) != sides:
            continue
        if sides <= 6:
            index = ", ".join(map(str, range(1, sides + 1)))
            values = ", ".join(map(str, listed))
        else:
            index = f"1 to {sides}"
            values = f"{listed[0]}, {listed[1]}, … {listed[-1]}"
        hints.append(f"{index} show {values}")
    if not hints:
        return ""
    return f"; a die with listed faces is played back by index: {'; '.join(hints)}"
