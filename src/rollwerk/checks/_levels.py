"""Success levels: a ruleset's own ordered, named grades above the four degrees."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import overload

import attrs

from rollwerk._repr import value_repr
from rollwerk.checks._model import (
    CheckResult,
    ContestOutcome,
    Degree,
    Outcome,
    Scalar,
)
from rollwerk.errors import ParameterError
from rollwerk.i18n import Catalog

__all__ = ["Level", "SuccessLevels"]

_SUCCESSFUL = frozenset({Degree.SUCCESS, Degree.CRITICAL_SUCCESS})
# a ruleset's labels word the degrees, the level ids and the contest outcomes
_CONTEST_WORDS = frozenset(w.value for w in ContestOutcome)


def is_word(value: object) -> bool:
    r"""Whether ``value`` is an id: a non-empty string without spaces, dots or colons.

    Printable text only: a no-break or em space, a zero-width space or a
    control character is not part of a word (``"a\u2003b"`` reads as two).

    >>> is_word("critical"), is_word("a b"), is_word("a\u00a0b"), is_word("a\x00")
    (True, False, False, False)
    """
    return (
        isinstance(value, str)
        and value.isprintable()
        and bool(value)
        and not any(c in value for c in " .:")
    )


def word(name: str, value: object) -> str:
    """``value`` if it is an id (`is_word`), else a `ParameterError` naming ``name``."""
    if not is_word(value):
        raise ParameterError(name, value, "a word without spaces, dots or colons")
    assert isinstance(value, str)
    return value


RULESET_ID = "a word without spaces, dots, colons or '+' that does not start with '-'"
"""What a ruleset id may be: it is written after ``rollwerk check``, before
``:check`` in a bot request and before ``+option`` in ``--rollwerk-contract``."""


def is_ruleset_id(value: object) -> bool:
    """Whether ``value`` can be a ruleset id (`RULESET_ID`)."""
    return (
        isinstance(value, str)
        and is_word(value)
        and "+" not in value
        and not value.startswith("-")
    )


def _not_a_level(value: object) -> ParameterError:
    """The error for ``rank`` of neither a level id nor an outcome.

    A result says where its outcome is (``resolve_contest`` refuses results
    itself, pointing to ``contest_result``).
    """
    if isinstance(value, CheckResult):
        return ParameterError(
            "level",
            value,
            "a level id or an Outcome, not a CheckResult (its outcome is "
            "result.outcome())",
        )
    return ParameterError("level", value, "a level id or an Outcome")


def result_not_outcome(value: CheckResult, name: str = "outcome") -> ParameterError:
    """The error for a result given to a contest rule that takes outcomes.

    ``name`` is the side (``first``, ``second``) where the caller knows it.
    """
    return ParameterError(
        name,
        value,
        "an Outcome, not a CheckResult (its outcome is result.outcome()); "
        "resolve_contest takes two outcomes, contest_result(ruleset, first, "
        "second) two results",
    )


@attrs.frozen(init=False)
class Level:
    """One named success level of a ruleset, mapped to a core degree.

    Generic code keeps working with ``degree`` and ``success``; the ruleset
    (and its labels) know the finer grade. ``success`` defaults to whether
    ``degree`` is a success; labels per language are given as keywords and
    become catalog messages ``<ruleset id>.label.<level id>``.

    >>> hard = Level("hard", Degree.SUCCESS, en="hard success", de="schwerer Erfolg")
    >>> hard.id, hard.success, hard.labels["de"]
    ('hard', True, 'schwerer Erfolg')
    """

    __repr__ = value_repr

    id: str
    """A stable identifier (``"hard"``): JSON, labels and the CLI use it."""
    degree: Degree
    """The core degree that stands for this level."""
    success: bool
    """Whether a result at this level is a success."""
    labels: Mapping[str, str] = attrs.field(eq=False, hash=False, repr=False)
    """The level's name by language (``{"en": "hard success", …}``)."""

    def __init__(
        self, id: str, degree: Degree, success: bool | None = None, **labels: str
    ) -> None:
        if not isinstance(degree, Degree):
            raise ParameterError("degree", degree, "a Degree")
        if success is None:
            success = degree in _SUCCESSFUL
        if not isinstance(success, bool):
            raise ParameterError("success", success, "true, false or None")
        for lang, text in labels.items():
            if not isinstance(text, str) or not text:
                raise ParameterError(f"label {lang!r}", text, "a non-empty string")
        if isinstance(id, str) and id in _CONTEST_WORDS:
            raise ParameterError(
                "level id",
                id,
                "a word other than a contest outcome ("
                + ", ".join(sorted(_CONTEST_WORDS))
                + "), whose words share a ruleset's labels",
            )
        self.__attrs_init__(word("level id", id), degree, success, dict(labels))


@attrs.frozen(init=False)
class SuccessLevels(Sequence[Level]):
    """A ruleset's success levels, worst first.

    Each level is at least as successful as the one before it: its
    ``success`` never goes from true back to false and its degree never
    ranks lower. An empty scale means "no levels" (outcomes carry
    ``level=None``).

    >>> levels = SuccessLevels(
    ...     Level("fumble", Degree.CRITICAL_FAILURE, en="fumble", de="Patzer"),
    ...     Level("failure", Degree.FAILURE, en="failure", de="Fehlschlag"),
    ...     Level("regular", Degree.SUCCESS, en="success", de="Erfolg"),
    ...     Level("hard", Degree.SUCCESS, en="hard success", de="schwerer Erfolg"),
    ... )
    >>> o = levels.outcome("hard", 17)
    >>> o.success, o.degree.name, o.value, o.level
    (True, 'SUCCESS', 17, 'hard')
    >>> levels.rank(o), levels.rank("fumble"), levels.outcome(1, 80).level
    (3, 0, 'failure')

    Raises:
        ParameterError: Two levels share an id, or a level is less
            successful than one below it.
    """

    __repr__ = value_repr

    levels: tuple[Level, ...]
    """The levels, worst first."""

    def __init__(self, *levels: Level) -> None:
        seen: set[str] = set()
        for i, level in enumerate(levels):
            if not isinstance(level, Level):
                raise ParameterError(f"levels[{i}]", level, "a Level")
            if level.id in seen:
                raise ParameterError("level id", level.id, "unique within the scale")
            seen.add(level.id)
        for lower, higher in itertools.pairwise(levels):
            if (higher.success, higher.degree.rank) < (
                lower.success,
                lower.degree.rank,
            ):
                raise ParameterError(
                    f"level {higher.id!r}",
                    f"{higher.degree.value}, success={higher.success}",
                    f"at least as successful as the level below it, {lower.id!r} "
                    f"({lower.degree.value}, success={lower.success}); levels go "
                    "worst first",
                )
        self.__attrs_init__(tuple(levels))

    @overload
    def __getitem__(self, index: int) -> Level: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Level]: ...
    def __getitem__(self, index: int | slice) -> Level | Sequence[Level]:
        return self.levels[index]

    def __len__(self) -> int:
        return len(self.levels)

    def __iter__(self) -> Iterator[Level]:
        return iter(self.levels)

    @property
    def ids(self) -> tuple[str, ...]:
        """The level ids, worst first."""
        return tuple(level.id for level in self.levels)

    def get(self, level: str) -> Level:
        """The level called ``level``.

        Raises:
            ParameterError: No level has that id (the message lists them).
        """
        for candidate in self.levels:
            if candidate.id == level:
                return candidate
        raise ParameterError("level", level, self._allowed())

    def _allowed(self) -> str:
        if not self.levels:
            return (
                "a success level, but there are none (a ruleset without levels: "
                "its outcomes have level None; rank them by degree and value)"
            )
        return "one of " + ", ".join(self.ids)

    def rank(self, level: str | Outcome | None) -> int:
        """The position of a level (or of an outcome's level), 0 for the worst.

        Raises:
            ParameterError: The level is unknown, or the outcome has none;
                or ``level`` is neither (a
                [`CheckResult`][rollwerk.checks.CheckResult] given to a
                contest rule that takes outcomes).
        """
        key = level.level if isinstance(level, Outcome) else level
        if key is None:
            raise ParameterError("level", None, self._allowed())
        if not isinstance(key, str):
            raise _not_a_level(key)
        return self.levels.index(self.get(key))

    def outcome(
        self,
        level: int | str,
        value: int | None,
        *,
        rolled: bool = True,
        extras: Mapping[str, Scalar] | None = None,
    ) -> Outcome:
        """An outcome at ``level`` (its rank or id) with the level's degree and success.

        Args:
            level: The level's rank (0 the worst) or id.
            value: The outcome's value (the total, the roll), or None.
            rolled: Whether dice were rolled (False for an automatic result).
            extras: System-specific details kept on the outcome (and its
                JSON), e.g. ``{"raises": 2}``.

        Raises:
            ParameterError: The rank or id names no level.
        """
        if isinstance(level, bool) or not isinstance(level, (int, str)):
            raise ParameterError("level", level, "a rank or a level id")
        if isinstance(level, int):
            if not 0 <= level < len(self.levels):
                raise ParameterError(
                    "level", level, f"a rank from 0 to {len(self.levels) - 1}"
                )
            chosen = self.levels[level]
        else:
            chosen = self.get(level)
        return Outcome(
            chosen.success,
            chosen.degree,
            value,
            rolled,
            extras or {},
            level=chosen.id,
        )

    def catalog(self, ruleset_id: str) -> Catalog:
        """The levels' labels as catalog messages ``<ruleset_id>.label.<level id>``.

        The words are taken as they are written: a brace is doubled in the
        message, so that ``"50% {"`` shows as written.
        """
        messages: dict[str, dict[str, str]] = {}
        for level in self.levels:
            for lang, text in level.labels.items():
                # a level's words are words: braces stand for themselves
                plain = text.replace("{", "{{").replace("}", "}}")
                messages.setdefault(lang, {})[f"{ruleset_id}.label.{level.id}"] = plain
        return Catalog(messages)
