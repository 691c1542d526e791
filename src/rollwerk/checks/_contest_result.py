"""The result of an opposed check: both results and who won."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from rollwerk._jsonutil import document, known, schema_version
from rollwerk._repr import value_repr
from rollwerk.checks._model import CheckResult, ContestOutcome
from rollwerk.errors import ParameterError, SchemaError, shown
from rollwerk.i18n import CORE, Catalog
from rollwerk.i18n._catalog import catalog_tuple

__all__ = ["ContestResult"]

SCHEMA = 1
_FIELDS = ("schema", "ruleset", "outcome", "first", "second")
"""The fields of a contest result's JSON."""


@attrs.frozen
class ContestResult:
    """Two resolved checks and the outcome of the ruleset's contest rule.

    Made by [`contest_result`][rollwerk.rulesets.contest_result] from two
    [`CheckResult`][rollwerk.checks.CheckResult]s; it says in words who won
    ([`describe`][rollwerk.checks.ContestResult.describe]) and why
    ([`explain`][rollwerk.checks.ContestResult.explain]).

    >>> from rollwerk.checks import CheckResult, Degree, Explanation
    >>> def result(value, success, en, de):
    ...     return CheckResult(success, Degree.SUCCESS if success else Degree.FAILURE,
    ...                        value, (), Explanation.fixed(en=en, de=de))
    >>> r = ContestResult(result(12, True, "12: success", "12: Erfolg"),
    ...                   result(3, False, "3: failure", "3: Fehlschlag"),
    ...                   ContestOutcome.FIRST)
    >>> print(r.explain("de"))
    die erste Seite gewinnt
      erste Seite: 12: Erfolg
      zweite Seite: 3: Fehlschlag
    >>> ContestResult.from_json(r.to_json()) == r
    True
    """

    __repr__ = value_repr

    first: CheckResult
    """The first side's (the initiator's or attacker's) result."""
    second: CheckResult
    """The second side's result."""
    outcome: ContestOutcome
    """Who won, by the ruleset's contest rule."""
    ruleset: str = ""
    """The id of the ruleset whose contest rule decided."""

    def __attrs_post_init__(self) -> None:
        # what its JSON holds, so that to_json and from_json work on it
        for side in ("first", "second"):
            value = getattr(self, side)
            if not isinstance(value, CheckResult):
                raise ParameterError(side, value, "a CheckResult")
        if not isinstance(self.outcome, ContestOutcome):
            raise ParameterError(
                "outcome", self.outcome, "a ContestOutcome (FIRST, SECOND or TIE)"
            )
        if not isinstance(self.ruleset, str):
            raise ParameterError("ruleset", self.ruleset, "a ruleset's id (a str)")

    def describe(
        self, lang: str = "en", catalogs: Catalog | Iterable[Catalog] | None = None
    ) -> str:
        """Who won, in a few words: ``"the first side wins"``, ``"unentschieden"``.

        Args:
            lang: A language the catalogs know (``"en"``, ``"de"``…).
            catalogs: A further catalog or an iterable of them, searched
                first, in order.

        Raises:
            ParameterError: No catalog knows ``lang``, or ``catalogs`` is
                not a catalog, an iterable of catalogs or ``None``.
        """
        return CORE.text(f"contest.{self.outcome.value}")(lang, catalogs)

    def explain(
        self, lang: str = "en", catalogs: Catalog | Iterable[Catalog] | None = None
    ) -> str:
        """Who won and each side's explanation, one per line.

        The first line is [`describe`][rollwerk.checks.ContestResult.describe];
        the next two are the sides'
        [`CheckResult.explain`][rollwerk.checks.CheckResult.explain],
        indented. ``catalogs`` is one catalog or an iterable of them, as
        there.

        Raises:
            ParameterError: No catalog knows ``lang``, or ``catalogs`` is
                not a catalog, an iterable of catalogs or ``None``.
        """
        catalogs = catalog_tuple(catalogs)  # read once, used for each line
        lines = [self.describe(lang, catalogs)]
        for side, result in (("first", self.first), ("second", self.second)):
            said = CORE.text(
                f"contest.side.{side}", explanation=result.explain(lang, catalogs)
            )
            lines.append(f"  {said(lang, catalogs)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: ``{"schema": 1, "ruleset", "outcome", "first", "second"}``.

        The sides as [`CheckResult.to_json`][rollwerk.checks.CheckResult.to_json]
        writes them.
        """
        return {
            "schema": SCHEMA,
            "ruleset": self.ruleset,
            "outcome": self.outcome.value,
            "first": self.first.to_json(),
            "second": self.second.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ContestResult:
        """Load what [`to_json`][rollwerk.checks.ContestResult.to_json] wrote.

        Raises:
            SchemaError: A wrong schema, an unknown outcome, a ruleset that
                is not a string, a malformed side, or a side of another
                ruleset. The outcome is not decided again: loading needs no
                ruleset.
        """
        doc = "contest result"
        if not isinstance(data, Mapping):
            raise SchemaError.field("", "an object", data, document=doc)
        with document(doc):
            schema_version(data, SCHEMA)
            known(data, _FIELDS)
        outcomes = {c.value: c for c in ContestOutcome}
        outcome = data.get("outcome")
        if not isinstance(outcome, str) or outcome not in outcomes:
            allowed = "one of " + ", ".join(repr(v) for v in outcomes)
            if "outcome" not in data:
                raise SchemaError.missing("outcome", allowed, document=doc)
            raise SchemaError.field("outcome", allowed, outcome, document=doc)
        ruleset = data.get("ruleset", "")
        if not isinstance(ruleset, str):
            raise SchemaError.field("ruleset", "a string", ruleset, document=doc)
        sides = []
        for side in ("first", "second"):
            if side not in data:
                raise SchemaError.missing(side, "a check result", document=doc)
            try:
                sides.append(CheckResult.from_json(data[side]))
            except SchemaError as exc:
                raise exc.within(side, document=doc) from exc
        first, second = sides
        for name, result in (("first", first), ("second", second)):
            # what contest_result holds to: both sides the contest's ruleset
            if ruleset and result.ruleset and result.ruleset != ruleset:
                raise SchemaError.field(
                    f"{name}.ruleset",
                    f"the contest's ruleset {shown(ruleset)}",
                    result.ruleset,
                    document=doc,
                )
        return cls(first, second, outcomes[outcome], ruleset)

    def _repr_html_(self) -> str:
        """A short HTML rendering for notebooks: the verdict and both sides."""
        from html import escape

        items = "".join(
            f"<li>{escape(line.strip())}</li>"
            for line in self.explain().split("\n")[1:]
        )
        return (
            f'<div class="rollwerk-contest"><strong>{escape(self.describe())}</strong>'
            f"<ul>{items}</ul></div>"
        )
