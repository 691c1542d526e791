"""Dialects: how the notation of one tool reads the same text.

A [`Dialect`][rollwerk.notation.Dialect] is a small frozen table of
readings (is ``>`` inclusive, what does ``!`` add, does ``r`` reroll once,
what is ``d%``, which modifiers exist). Every dialect shares one parser, one
syntax tree and one exact engine; the parser only consults the table.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Mapping
from typing import Any, SupportsIndex

import attrs

from rollwerk.dice._pool import ExplodeMode
from rollwerk.errors import ParameterError, shown

__all__ = [
    "AVRAE",
    "DIALECTS",
    "FOUNDRY",
    "GERMAN",
    "ROLL20",
    "ROLLWERK",
    "Dialect",
    "Feature",
    "get_dialect",
]


class Feature(enum.Enum):
    """A family of notation that a dialect may have."""

    FUDGE = "dF"
    """Fudge/FATE dice ``4dF``."""
    CUSTOM_DIE = "d{…}"
    """Dice with listed faces ``d{1,1,2}``."""
    GERMAN_W = "W"
    """``W`` as the die letter (``3W6``)."""
    ZERO_DICE = "0d6"
    """No dice at all: ``0d6`` is 0."""
    COMPUTED_DICE = "(…)d(…)"
    """Dice counts and sides computed from parentheses: ``(1+1)d6``."""
    KEEP = "kh/kl/dh/dl"
    """Keep or drop the highest or lowest dice."""
    KEEP_SHORT = "h/l"
    """``4d6h3`` (keep the 3 highest) and ``4d6l1``."""
    ADVANTAGE = "adv/dis"
    """``d20adv``: one more die, keep the highest (``dis``: the lowest)."""
    REROLL = "r/ro"
    """Rerolls."""
    REROLL_RECURSIVE = "rr"
    """``rr``: reroll until the condition no longer holds."""
    REROLL_ADD = "ra"
    """d20's ``ra``: reroll up to one matching die once and keep both."""
    REROLL_LIST = "r1,2"
    """``r1,2``: reroll on any of the listed faces."""
    BANG = "!"
    """``!`` explosions."""
    COMPOUND = "!!"
    """``!!`` compounding explosions."""
    PENETRATE = "!p"
    """``!p`` penetrating explosions (each added die counts one less)."""
    EXPLODE_X = "x/xo"
    """Foundry's ``x`` (explode, adding dice) and ``xo`` (explode once)."""
    EXPLODE_E = "e"
    """d20's ``e`` (explode, adding dice)."""
    COUNT = "count"
    """A comparison right after dice counts the dice meeting it."""
    COMPARE = "a > b"
    """Comparing totals (``1d20 > 1d20``, ``3d6 == 10``): 1 if it holds, else 0."""
    COUNT_WORDS = "cs/cf/df/even/odd"
    """Foundry's counting modifiers."""
    SUBTRACT_FAILURES = "sf"
    """Foundry's ``sf``: a die meeting the condition counts minus its value."""
    MARGIN = "ms"
    """Foundry's ``ms``: ``6d6ms>12`` is the total less 12, ``ms<12`` 12 less it."""
    CLAMP_D20 = "mi/ma"
    """d20's ``mi``/``ma``: a die's least and greatest value."""
    CLAMP_FOUNDRY = "min/max"
    """Foundry's ``min``/``max``."""
    GROUPS = "{…}"
    """Groups ``{4d6+3d8}kh1``, ``{a, b}kh1``, ``{…}>8``."""
    SETS = "(a, b)"
    """d20's sets ``(1d6, 2)kh1``."""
    FUNCTIONS = "floor()"
    """``floor()``, ``ceil()``, ``round()``, ``abs()``."""
    MODULO = "%"
    """``a % b``."""
    FLOOR_DIVISION = "//"
    """``a // b``."""
    POWER = "**"
    """``a ** b``."""
    LABELS = "[label]"
    """``1d20+5 [fire]``: a label on a term, carried into the result."""
    COMMENTS = "# comment"
    """``2d6 # damage``: the rest of the text is a comment."""
    SORT = "s/sa/sd"
    """Roll20's sorting (display only: no effect on the value)."""
    CRIT_MARKS = "cs/cf marks"
    """Roll20's ``cs``/``cf``: display only, no effect on the value."""
    INLINE_ROLLS = "[[…]]"
    """Roll20's inline rolls: ``[[1d6]]`` is rolled and its total used,
    as ``(1d6)`` would be."""


class Division(enum.Enum):
    """What ``/`` means."""

    FLOOR = "floor"
    """Integer division rounding down (rollwerk, the German tables)."""
    EXACT = "exact"
    """Exact division (Roll20, Foundry): a result that can be a fraction
    must be rounded with ``floor()``, ``ceil()`` or ``round()``."""
    TRUNCATE_TOTAL = "truncate total"
    """d20: exact division and decimals (``1.5``) anywhere, and only the final
    total truncated toward zero; a divisor that varies divides the whole
    expression only."""


class Percent(enum.Enum):
    """What ``d%`` means."""

    D100 = "d100"
    """One die from 1 to 100."""
    TENS = "tens"
    """d20's tens die: 0, 10, …, 90."""


_ALL = frozenset(Feature)


@attrs.frozen
class Dialect:
    """How one tool reads dice notation: a table of readings, not a parser.

    >>> get_dialect("roll20").inclusive
    True
    >>> get_dialect("foundry").reroll_once
    True
    """

    name: str
    """The name used by ``parse(text, dialect=name)`` and ``--dialect``."""
    title: str
    """The tool's name for messages (``Roll20``)."""
    reference: str
    """The page of the tool's own reference the readings follow."""
    features: frozenset[Feature] = _ALL
    """Which families of notation exist; others are refused, naming the
    dialect."""
    inclusive: bool = False
    """Whether ``>`` and ``<`` at dice (counting, exploding, rerolling,
    groups) include the target: Roll20's ``3d6>3`` counts dice of 3 or more."""
    bang: ExplodeMode = ExplodeMode.COMPOUND
    """What a single ``!`` does: compound into the die (rollwerk) or add a
    die of its own (Roll20)."""
    reroll_once: bool = False
    """Whether a bare ``r`` rerolls once (Foundry); ``rr`` then rerolls until
    the condition no longer holds."""
    reroll_default_lowest: bool = False
    """Whether ``r`` without a target rerolls the lowest face (Foundry,
    Roll20: ``8d6r`` rerolls 1s)."""
    percent: Percent = Percent.D100
    """What ``d%`` is."""
    digit_dice: bool = False
    """Whether ``W66``/``W666`` read one d6 per digit (11–66, 111–666)."""
    selectors: bool = False
    """d20's selectors: ``k3`` keeps the dice showing 3, ``kh3`` the
    highest 3, ``k>3``/``p<2`` keep or drop the dice meeting a strict
    comparison."""
    default_amount: bool = True
    """Whether ``k``, ``kh``, ``d``, ``dl`` … without a number mean 1."""
    division: Division = Division.FLOOR
    """What ``/`` means."""
    python_modulo: bool = True
    """Whether ``%`` takes the sign of the divisor (Python, d20) rather than
    of the dividend (JavaScript: Roll20, Foundry)."""
    written_order: bool = False
    """Whether the tool applies modifiers in the order written (Foundry,
    d20); orders that rollwerk's fixed order would read differently are
    refused."""
    trailing_comment: bool = False
    """Whether text after the expression is a comment (Roll20, d20)."""
    chained_comparisons: bool = False
    """Whether a comparison may follow a comparison, read from the left as
    d20 reads it: ``3 > 2 > 1`` is ``(3 > 2) > 1``, which is 0. Without it
    the text after the first comparison is a comment or refused."""
    per_die_modifiers: bool = False
    """Whether a number added to dice before a target number is added to
    each die, which is then counted (Roll20: ``3d6+1<3`` counts the dice
    showing at most 2); otherwise the total is compared."""
    round_dice_count: bool = False
    """Whether a computed number of dice that can be a fraction is rounded
    to the nearest whole number, halves up (Roll20: ``(5/2)d6`` rolls 3
    dice); otherwise it must be rounded with ``floor()`` and the like."""
    count_overwrites: bool = False
    """Whether counting modifiers overwrite what each die counts, in the order
    written, testing the face the die rolled (Foundry): ``cs`` then ``df``
    counts a die meeting both −1, ``df`` without a target deducts the dice
    that fail ``cs`` (or ``even``/``odd``), and ``min``/``max`` change only
    what a die adds to a sum, never what a count tests."""
    per_die_groups: bool = True
    """Whether a group of one sub-roll applies its modifiers to each of its
    dice (Roll20: ``{4d6+3d8}kh1`` is the highest single die) rather than
    to the sub-roll's total (Foundry: ``{4d6+3d8}kh1`` is 4d6+3d8)."""

    def has(self, feature: Feature) -> bool:
        """Whether this dialect has ``feature``."""
        return feature in self.features

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # a bundled dialect is one object, compared by identity (the JSON of
        # a roll leaves out "dialect" for rollwerk's own): pickled and copied
        # by name, so an unpickled expression is read as the same dialect
        if _BUNDLED.get(self.name) is self:
            return (get_dialect, (self.name,))
        return super().__reduce_ex__(protocol)

    def __deepcopy__(self, memo: dict[int, Any]) -> Dialect:
        # frozen and immutable: a copy is the same dialect (a bundled one
        # must stay the one object)
        return self

    def __repr__(self) -> str:
        return f"<Dialect {self.name}>"


_OWN = _ALL - {
    Feature.SETS,
    Feature.CRIT_MARKS,
    Feature.SORT,
    Feature.ZERO_DICE,
    Feature.INLINE_ROLLS,
}
"""The families rollwerk's own notation (and the German tables') has."""

ROLLWERK = Dialect(
    "rollwerk",
    "rollwerk",
    "https://rollwerk.readthedocs.io/notation/",
    features=_OWN,
)
"""rollwerk's own notation: strict ``>``, compounding ``!``, repeating ``r``."""

ROLL20 = Dialect(
    "roll20",
    "Roll20",
    "https://help.roll20.net/hc/en-us/articles/360037773133-Dice-Reference",
    features=frozenset(
        {
            Feature.FUDGE,
            Feature.ZERO_DICE,
            Feature.COMPUTED_DICE,
            Feature.KEEP,
            Feature.REROLL,
            Feature.BANG,
            Feature.COMPOUND,
            Feature.PENETRATE,
            Feature.COUNT,
            Feature.COMPARE,
            Feature.GROUPS,
            Feature.FUNCTIONS,
            Feature.MODULO,
            Feature.POWER,
            Feature.LABELS,
            Feature.SORT,
            Feature.CRIT_MARKS,
            Feature.INLINE_ROLLS,
        }
    ),
    inclusive=True,
    bang=ExplodeMode.ADD,
    reroll_default_lowest=True,
    round_dice_count=True,
    per_die_modifiers=True,
    default_amount=False,
    division=Division.EXACT,
    python_modulo=False,
    trailing_comment=True,
)
"""Roll20's dice reference: inclusive ``>``/``<``, ``!`` adds dice."""

FOUNDRY = Dialect(
    "foundry",
    "Foundry VTT",
    "https://foundryvtt.com/article/dice-modifiers/",
    features=frozenset(
        {
            Feature.FUDGE,
            Feature.ZERO_DICE,
            Feature.COMPUTED_DICE,
            Feature.KEEP,
            Feature.REROLL,
            Feature.REROLL_RECURSIVE,
            Feature.EXPLODE_X,
            Feature.COUNT_WORDS,
            Feature.SUBTRACT_FAILURES,
            Feature.MARGIN,
            Feature.CLAMP_FOUNDRY,
            Feature.GROUPS,
            Feature.FUNCTIONS,
            Feature.MODULO,
            Feature.POWER,
            Feature.LABELS,
            Feature.COMMENTS,
        }
    ),
    reroll_once=True,
    reroll_default_lowest=True,
    division=Division.EXACT,
    python_modulo=False,
    written_order=True,
    count_overwrites=True,
    per_die_groups=False,
)
"""Foundry VTT's dice modifiers: ``r`` rerolls once, ``x`` adds dice."""

AVRAE = Dialect(
    "avrae",
    "Avrae (d20)",
    "https://github.com/avrae/d20#dice-syntax",
    features=frozenset(
        {
            Feature.ZERO_DICE,
            Feature.KEEP,
            Feature.REROLL,
            Feature.REROLL_RECURSIVE,
            Feature.REROLL_ADD,
            Feature.EXPLODE_E,
            Feature.CLAMP_D20,
            Feature.COMPARE,
            Feature.SETS,
            Feature.MODULO,
            Feature.FLOOR_DIVISION,
            Feature.LABELS,
        }
    ),
    percent=Percent.TENS,
    selectors=True,
    default_amount=False,
    division=Division.TRUNCATE_TOTAL,
    written_order=True,
    trailing_comment=True,
    chained_comparisons=True,
)
"""d20 (Avrae): selectors ``k3``/``kh3``/``k>3``, comparisons on totals."""

GERMAN = Dialect(
    "german",
    "German tables",
    "https://rollwerk.readthedocs.io/notation/#dialects",
    features=_OWN,
    digit_dice=True,
)
"""rollwerk's notation as German tables write it: ``W66`` is a tens and a
ones d6 (11–66), ``W666`` three digit dice (111–666)."""

_BUNDLED: dict[str, Dialect] = {
    d.name: d for d in (ROLLWERK, ROLL20, FOUNDRY, AVRAE, GERMAN)
}
DIALECTS: Mapping[str, Dialect] = _BUNDLED
"""The bundled dialects by name (``rollwerk``, ``roll20``, ``foundry``,
``avrae``, ``german``); [`get_dialect`][rollwerk.notation.get_dialect] also
finds the dialects of installed plugins (hook ``rollwerk_register_dialects``)."""


def dialect_problem(dialect: Dialect) -> str | None:
    """The first field of ``dialect`` whose value is of the wrong kind, or ``None``.

    ``Dialect`` takes its fields unchecked (``attrs.evolve`` of a bundled
    one): a ``bang="add"`` would fail only when a text uses it, as the
    user's error. Each field must be what its default is: a bool, one of
    the field's enum members, a frozenset of ``Feature``; ``title`` and
    ``reference`` strings, the title not empty. The registry refuses a
    plugin's dialect with a problem, and ``parse`` a dialect passed to it.
    """
    name = dialect.name
    if not (
        isinstance(name, str)
        and name.isprintable()
        and name == name.lower()
        and name
        and not any(c in name for c in " .:")
    ):
        # a result's JSON names it, and --dialect and define_ruleset(dialect=) too
        return (
            "name must be a lower-case word without spaces, dots or colons, "
            f"got {shown(name)}"
        )
    for field in attrs.fields(type(dialect)):
        value = getattr(dialect, field.name)
        if field.name in ("title", "reference"):
            ok = isinstance(value, str) and (bool(value) or field.name != "title")
            kind = "a non-empty string" if field.name == "title" else "a string"
        elif field.name == "features":
            ok = isinstance(value, frozenset) and all(
                isinstance(f, Feature) for f in value
            )
            kind = "a frozenset of rollwerk.notation Feature members"
        elif field.default is attrs.NOTHING or field.name == "name":
            continue
        elif isinstance(field.default, bool):
            ok, kind = value.__class__ is bool, "True or False"
        elif isinstance(field.default, enum.Enum):
            enum_type = type(field.default)
            ok = isinstance(value, enum_type)
            kind = f"a member of {enum_type.__name__}"
        else:
            continue
        if not ok:
            return f"{field.name} must be {kind}, got {shown(value)}"
    return None


_CHECKED: dict[int, Dialect] = {}
"""Dialect objects passed to ``get_dialect`` whose fields were checked, by id
(each kept alive by this table, so its id is not reused); cleared when full."""
_MAX_CHECKED = 256


def _checked(dialect: Dialect) -> Dialect:
    """``dialect``, its fields checked once per object."""
    if _CHECKED.get(id(dialect)) is dialect:
        return dialect
    problem = dialect_problem(dialect)
    if problem is not None:
        raise ParameterError(
            "dialect",
            dialect,
            f"a Dialect whose fields are each of their kind ({problem})",
        )
    if len(_CHECKED) >= _MAX_CHECKED:
        _CHECKED.clear()
    _CHECKED[id(dialect)] = dialect
    return dialect


def get_dialect(dialect: str | Dialect) -> Dialect:
    """The dialect with this name (or the dialect itself).

    A name that no bundled dialect has is looked up among the installed
    plugins' dialects (the hook ``rollwerk_register_dialects``, collected by
    the plugin registry).

    Raises:
        ParameterError: No dialect has this name (the message lists them),
            or a ``Dialect`` given has a field of the wrong kind
            (``bang="add"``, ``features=["count"]``).
    """
    if isinstance(dialect, Dialect):
        return _checked(dialect)
    if isinstance(dialect, str):
        found = _BUNDLED.get(dialect)
        if found is not None:
            return found
        installed = _plugin_dialects()
        if dialect in installed:
            return installed[dialect]
        names = ", ".join(sorted({*_BUNDLED, *installed}))
        error = ParameterError("dialect", dialect, f"one of: {names}")
        said = _plugins_failed()
        if said:  # a plugin's dialect may be missing because its plugin failed
            error.args = (f"{error} ({said})",)
        raise error
    names = ", ".join(sorted(_BUNDLED))
    raise ParameterError("dialect", dialect, f"one of: {names}")


def _plugin_dialects() -> Mapping[str, Dialect]:
    """The installed plugins' dialects by name.

    Bound late, by name, like the encounter's lookup of plugin duration kinds:
    the notation layer never imports the plugin host.
    """
    host = importlib.import_module("rollwerk.plugins")
    found: Mapping[str, Dialect] = host.installed_dialects()
    return found


def _plugins_failed() -> str:
    """``1 plugin failed to load: see Registry.failures``, or ``""``.

    Said after a dialect name that is not found, as after an unknown
    ruleset id: a plugin that failed (or claimed a taken name) may be why.
    """
    registry = importlib.import_module("rollwerk.plugins._registry")
    said: str = registry.failed_plugins(registry.get_registry().failures)
    return said
