"""The ``rollwerk roll`` subcommand: roll dice notation or print its exact odds."""

from __future__ import annotations

import argparse
from typing import Any

from rollwerk.cli._format import (
    MAX_OUTCOMES,
    add_max_outcomes,
    bar,
    emit,
    emit_json,
    faces,
    mean_text,
    most_likely,
    percent_of,
    ratio_text,
    seed_json,
    table,
    too_few_faces,
    too_many_faces,
    visible,
)
from rollwerk.cli._lang import Languages, catalogs, omitted, registry_of, word
from rollwerk.distribution import Distribution, weight_texts
from rollwerk.errors import ParameterError, RollwerkError, ScriptExhausted
from rollwerk.i18n import CORE, Catalog
from rollwerk.notation._dialect import DIALECTS, Dialect
from rollwerk.notation._expression import RollResult, listed_face_refusal, parse
from rollwerk.notation._tree import written_dice
from rollwerk.rng import Rng, ScriptedRng, SeededRng, SystemRng

__all__ = ["add_parsers", "cmd_roll", "odds_json", "odds_table"]


def add_parsers(subparsers: Any, languages: Languages | None = None) -> None:
    """Add the ``roll`` subcommand to the ``rollwerk`` argument parser.

    ``languages`` are the choices of ``--lang`` (default: the core's and the
    installed plugins' catalogs' languages).
    """
    if languages is None:
        languages = Languages(None)
    p: argparse.ArgumentParser = subparsers.add_parser(
        "roll",
        help="roll dice notation such as 2W6+3, or print its exact odds",
        description=(
            "Roll dice notation (2d6+3, 3W6, 4d6kh3, 10d6>=5, ...) and print the "
            "total, or with --odds print the exact distribution as a table "
            "with a bar chart."
        ),
    )
    p.add_argument("notation", help="dice notation, e.g. 2W6+3 or 4d6kh3")
    source = p.add_mutually_exclusive_group()
    source.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="roll reproducibly with this integer seed",
    )
    source.add_argument(
        "--rolls",
        metavar="A,B,…",
        help="play back these die faces (comma-separated) instead of rolling",
    )
    p.add_argument(
        "--explain", action="store_true", help="show every die and what became of it"
    )
    p.add_argument(
        "--odds", action="store_true", help="print the exact distribution instead"
    )
    add_max_outcomes(p, "with --odds, ")
    p.set_defaults(max_outcomes=None)  # given without --odds: refused
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--dialect",
        default=None,
        metavar="NAME",
        help=(
            "read the notation as this tool does: rollwerk (the default), "
            "roll20, foundry, avrae, german or an installed plugin's dialect"
        ),
    )
    p.add_argument(
        "--ruleset",
        default=None,
        metavar="ID",
        help="read the notation in the dialect this ruleset names (unless --dialect)",
    )
    p.add_argument(
        "--lang",
        choices=languages,
        default="en",
        metavar="LANG",
        help="language of the text (en, de, or one a plugin's catalog adds)",
    )
    p.set_defaults(handler=cmd_roll, languages=languages)


def _most_likely(
    dist: Distribution[int], limit: int | None
) -> tuple[list[tuple[int, int]], int, int]:
    """The ``limit`` likeliest outcomes, their weights, how many and how much is left.

    Weights are integers over ``dist.denominator``; the outcomes are in
    order of value.
    """
    weights = dist.weights()
    kept = most_likely(sorted(weights.items()), limit)
    left_weight = dist.denominator - sum(w for _, w in kept)
    return kept, len(weights) - len(kept), left_weight


def _roll(notation: str, args: argparse.Namespace) -> RollResult:
    expr = parse(notation, dialect_of(args))
    if args.rolls is None:
        rng: Rng = SeededRng(args.seed) if args.seed is not None else SystemRng()
        return expr.roll(rng)
    script = ScriptedRng(faces(args.rolls))
    try:
        result = expr.roll(script)
    except ScriptExhausted as exc:
        written = written_dice(expr._node)
        raise RollwerkError(too_few_faces(exc, written=written)) from None
    except ParameterError as exc:
        if not exc.parameter.endswith(" face"):
            raise
        bare, hint = listed_face_refusal(expr, exc, faces(args.rolls))
        raise RollwerkError(f"--rolls: {bare}{hint}") from None
    if script.remaining:
        raise RollwerkError(too_many_faces(script.remaining, script.used, "roll"))
    return result


def odds_json(
    notation: str, dist: Distribution[int], max_outcomes: int | None = None
) -> dict[str, Any]:
    """The JSON of ``--odds --json``: schema, notation and sorted outcomes.

    With more than ``max_outcomes`` outcomes only the most likely are
    listed, and ``"omitted"`` says how many were left out and their
    probability in all.

    >>> odds_json("1d2", parse("1d2").distribution())
    {'schema': 1, 'notation': '1d2', 'outcomes': [{'value': 1, 'probability': '1/2'}, {'value': 2, 'probability': '1/2'}]}
    >>> odds_json("1d3", parse("1d3").distribution(), max_outcomes=1)["omitted"]
    {'outcomes': 2, 'probability': '2/3'}
    """
    kept, left, rest = _most_likely(dist, max_outcomes)
    exact = weight_texts(dist.denominator)

    data: dict[str, Any] = {
        "schema": 1,
        "notation": notation,
        "outcomes": [{"value": v, "probability": exact(w)} for v, w in kept],
    }
    if left:
        data["omitted"] = {"outcomes": left, "probability": exact(rest)}
    return data


def odds_table(
    notation: str,
    dist: Distribution[int],
    lang: str = "en",
    cats: Catalog = CORE,
    max_outcomes: int | None = None,
) -> str:
    """The text of ``--odds``: a title, then value, probability, percent and bar.

    The words come from ``cats`` (by default the core's catalog). With more
    than ``max_outcomes`` outcomes only the most likely are shown, and a
    last line says how many were left out.

    >>> print(odds_table("1d4", parse("1d4").distribution()))
    exact odds of 1d4 (mean 5/2 ≈ 2.50)
    value  probability  percent
        1          1/4   25.00%  ████████████████████████████████████████
        2          1/4   25.00%  ████████████████████████████████████████
        3          1/4   25.00%  ████████████████████████████████████████
        4          1/4   25.00%  ████████████████████████████████████████
    """
    # from the integer weights: no fraction is reduced unless it is shown
    # exactly (wide weights would take seconds; see ratio_text)
    kept, left, rest = _most_likely(dist, max_outcomes)
    total = dist.denominator
    largest = max(w for _, w in kept)
    head = ("cli.value", "cli.probability", "cli.percent")
    rows = [[*(word(cats, lang, w) for w in head), ""]]
    for v, w in kept:
        cells = [ratio_text(w, total, lang), percent_of(w, total, lang)]
        rows.append([str(v), *cells, bar(w, largest)])
    mean = mean_text(dist.mean(), lang)
    shown = visible(notation)  # a line break typed in a label stays on the line
    lines = [word(cats, lang, "cli.odds_title", notation=shown, mean=mean)]
    lines += table(rows, right={0, 1, 2})
    if left:
        lines.append(omitted(cats, lang, left, percent_of(rest, total, lang)))
    return "\n".join(lines)


def _catalogs(args: argparse.Namespace) -> Catalog:
    return catalogs(args.languages, args.lang)


def dialect_of(args: argparse.Namespace) -> Dialect:
    """The dialect to read in: ``--dialect``, else the ruleset's, else rollwerk.

    A ``--ruleset`` is looked up even when ``--dialect`` overrides its
    dialect: an unknown id is refused (`UnknownRuleset`), not ignored. A
    dialect no bundled one has is looked up in the command's registry
    (`registry_of`: the one ``main(registry=...)`` was given).
    """
    if args.ruleset is not None:
        if args.dialect is None:
            return _ruleset_dialect(args, str(args.ruleset))
        registry_of(args).ruleset(str(args.ruleset))
    if args.dialect is not None:
        return _dialect(args, str(args.dialect))
    return DIALECTS["rollwerk"]


def _dialect(args: argparse.Namespace, name: str) -> Dialect:
    """The dialect ``name``: a bundled one, else one of the command's registry.

    A bundled dialect loads no plugin (``rollwerk roll`` stays fast); any
    other name is looked up among the dialects of the registry
    ``main(registry=...)`` was given, or else the shared one's, as
    [`get_dialect`][rollwerk.notation.get_dialect] looks it up in the
    shared registry.

    Raises:
        ParameterError: No dialect has the name (the message lists them,
            and says how many plugins failed to load, if any did).
    """
    bundled = DIALECTS.get(name)
    if bundled is not None:
        return bundled
    from rollwerk.plugins._registry import failed_plugins

    registry = registry_of(args)
    dialects = registry.dialects()
    found = dialects.get(name)
    if found is not None:
        return found
    error = ParameterError("dialect", name, f"one of: {', '.join(sorted(dialects))}")
    said = failed_plugins(registry.failures)
    if said:  # a plugin's dialect may be missing because its plugin failed
        error.args = (f"{error} ({said})",)
    raise error


def _ruleset_dialect(args: argparse.Namespace, rid: str) -> Dialect:
    """The dialect ruleset ``rid`` names; one not installed is its plugin's fault.

    Raises:
        PluginFault: No bundled dialect or dialect of the command's registry
            has the name (exit 3: the user asked for nothing wrong).
    """
    from rollwerk.errors import PluginFault

    registry = registry_of(args)
    name: object = registry.ruleset(rid).dialect
    if isinstance(name, Dialect):  # a hand-written ruleset's, as parse takes it
        return name
    try:
        if not isinstance(name, str):
            raise ParameterError("dialect", name, "a dialect's name")
        return _dialect(args, name)
    except ParameterError as exc:
        entry = next(e for e in registry.entries() if e.ruleset.id == rid)
        # two plugins claiming the name is why it is missing, not "not installed"
        clash = next(
            (
                f.reason
                for f in registry.failures
                if f.reason.startswith(f"dialect {name!r} is claimed by ")
            ),
            None,
        )
        why = (
            f"which is not installed (dialect must be {exc.allowed})"
            if clash is None
            else f"which is not used: {clash}"
        )
        raise PluginFault(
            entry.plugin,
            entry.distribution,
            f"ruleset {rid!r}",
            f"names the dialect {name!r}, {why}",
        ) from None


def cmd_roll(args: argparse.Namespace) -> int:
    """Run ``rollwerk roll``: roll the notation, or print its exact odds.

    ``rollwerk roll <notation> [--seed N | --rolls a,b,…] [--explain] [--json]
    [--lang de]`` and ``rollwerk roll <notation> --odds [--json]``.
    """
    notation: str = args.notation
    if args.odds:
        given = [
            name
            for name, used in (
                ("--seed", args.seed is not None),
                ("--rolls", args.rolls is not None),
                ("--explain", args.explain),
            )
            if used
        ]
        if given:
            raise RollwerkError(
                f"--odds gives the exact odds and rolls nothing: it cannot be used "
                f"with {' or '.join(given)}"
            )
        dist = parse(notation, dialect_of(args)).distribution()
        limit = MAX_OUTCOMES if args.max_outcomes is None else args.max_outcomes
        if args.json:
            emit_json(odds_json(notation, dist, limit))
        else:
            lines = odds_table(notation, dist, args.lang, _catalogs(args), limit)
            emit(lines, keep="\n")
        return 0
    if args.max_outcomes is not None:
        raise RollwerkError(
            "--max-outcomes limits the rows of --odds: use it with --odds"
        )
    result = _roll(notation, args)
    if args.json:
        data = result.to_json()
        if args.seed is not None:  # a replay log keeps it, as check --json does
            data["seed"] = seed_json(args.seed)
        if args.explain:
            data["explanation"] = result.explain(args.lang, _catalogs(args))
        emit_json(data)
    elif args.explain:
        emit(result.explain(args.lang, _catalogs(args)), keep="\n")
    else:
        emit(str(result.total))
    return 0
