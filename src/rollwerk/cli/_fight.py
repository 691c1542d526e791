"""The ``fight`` subcommand: exact fight odds of two sides of one ruleset.

``rollwerk fight RULESET KEY=VALUE… --vs KEY=VALUE… [--rounds N]
[--option ID…] [--json] [--lang LANG]`` prints who wins, a histogram of the rounds the fight lasts
and each side's expected remaining health, from
[`fight`][rollwerk.analysis.fight] over the ruleset's
[`FightRules`][rollwerk.analysis.FightRules]. Every side takes ``count=N``
(identical creatures) besides the ruleset's own parameters.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rollwerk.cli._format import (
    bar,
    decimal_point,
    emit,
    emit_json,
    mean_text,
    percent,
    second_side,
    table,
)
from rollwerk.cli._lang import Languages, catalogs, registry_of, word
from rollwerk.errors import ParameterError, UnknownRuleset

if TYPE_CHECKING:
    from rollwerk.analysis import FightResult, FightRules
    from rollwerk.checks import Parameter, Scalar
    from rollwerk.i18n import Catalog
    from rollwerk.plugins._registry import Registry

__all__ = ["ROUNDS_SHOWN", "add_parsers", "cmd_fight", "with_options"]

ROUNDS_SHOWN = Fraction(9999, 10000)
"""The rounds histogram stops once it has shown this much of the decided mass."""


def add_parsers(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    languages: Languages | None = None,
) -> None:
    """Add ``fight`` to the CLI."""
    from rollwerk.analysis import DEFAULT_ROUNDS, MAX_ROUNDS

    if languages is None:
        languages = Languages(None)
    p = subparsers.add_parser(
        "fight",
        help="print the exact odds of a fight between two sides",
        description="Print who wins a fight, in how many rounds and with what "
        "left: the first side (key=value…) against the second (--vs "
        "key=value…), exactly, from the ruleset's fight rules. count=N makes "
        "a side N identical creatures.",
    )
    p.add_argument("ruleset", metavar="RULESET", help="e.g. ds4, pf2e or adz")
    p.add_argument(
        "params",
        nargs="*",
        default=[],  # without a default argparse calls it required
        metavar="KEY=VALUE",
        help="the first side's parameters",
    )
    p.add_argument(
        "--vs",
        nargs="*",
        required=True,
        default=[],
        metavar="KEY=VALUE",
        help="the second side's parameters",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=DEFAULT_ROUNDS,
        metavar="N",
        help=f"the round cap (default {DEFAULT_ROUNDS}, at most {MAX_ROUNDS}); "
        "the chance still undecided after it is printed",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID",
        help="switch on an optional rule of the ruleset (repeatable)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--lang",
        choices=languages,
        default="en",
        metavar="LANG",
        help="language (en, de, or one a plugin's catalog adds)",
    )
    p.set_defaults(languages=languages, handler=cmd_fight)


def _rules(registry: Registry, ruleset_id: str) -> FightRules:
    found = registry.fight_rules()
    rules = found.get(ruleset_id)
    if rules is None:  # an unknown id too: only these can fight
        allowed = ": " + ", ".join(sorted(found)) if found else " (none is installed)"
        # the plugin failures that say why this id has no fight rules
        why = dict.fromkeys(
            str(f.error())
            for f in registry.failures
            if "fight" in f.reason
            and (
                f"ruleset {ruleset_id!r}" in f.reason
                or f"for {ruleset_id!r}" in f.reason
            )
        )
        aside = f" ({'; '.join(why)})" if why else ""
        raise UnknownRuleset(
            f"ruleset for fights must be one with fight rules{allowed}, "
            f"got {ruleset_id!r}{aside}",
            parameter="ruleset",
            value=ruleset_id,
            choices=sorted(found),
        )
    return rules


def with_options(
    registry: Registry, rules: FightRules, options: Sequence[str]
) -> FightRules:
    """``rules`` over their ruleset with the optional rules ``options`` on.

    Fight rules built on a ruleset's checks offer ``with_ruleset(ruleset)``
    (DS4's do); the ruleset comes from
    [`Registry.ruleset`][rollwerk.plugins.Registry.ruleset], which refuses
    an option it does not offer.

    Raises:
        UnknownRuleset: An option the ruleset does not offer.
        ParameterError: The fight rules cannot take a changed ruleset.
    """
    if not options:
        return rules
    ruleset = registry.ruleset(rules.ruleset, options=list(options))
    make = getattr(rules, "with_ruleset", None)
    if not callable(make):
        raise ParameterError(
            "--option",
            options[0],
            f"left out: the {rules.ruleset} fight rules take no optional rules",
        )
    found = make(ruleset)
    if not all(
        callable(getattr(found, m, None))
        for m in ("parameters", "fighter", "initiative", "attacks", "damage")
    ):
        raise ParameterError(
            f"{rules.ruleset} fight rules' with_ruleset", found, "fight rules"
        )
    return found  # type: ignore[no-any-return]


def parse_side(
    parameters: Sequence[Parameter], items: Sequence[str], where: str
) -> tuple[dict[str, Scalar], int]:
    """Parse one side's ``key=value`` words; ``count`` is taken out.

    Raises:
        ParameterError: A malformed word, an unknown or repeated key, or a
            value the parameter does not allow (named with ``where``).
    """
    from rollwerk.analysis import COUNT
    from rollwerk.checks._requests import read_words

    values = read_words((*parameters, COUNT), items, where)
    count = values.pop("count", 1)
    assert isinstance(count, int)
    return values, count


def cmd_fight(args: argparse.Namespace) -> int:
    """``rollwerk fight RULESET KEY=VALUE… --vs KEY=VALUE… [--rounds N] [--option ID…] [--json]``."""
    from rollwerk.analysis import MAX_ROUNDS, fight

    registry = registry_of(args)
    rules = with_options(registry, _rules(registry, args.ruleset), args.option)
    parameters = rules.parameters()
    first, first_count = parse_side(parameters, args.params, f"{rules.ruleset} fight")
    first_fighter = rules.fighter(first)  # the first side's mistakes first
    try:
        second, second_count = parse_side(parameters, args.vs, f"{rules.ruleset} fight")
        second_fighter = rules.fighter(second)
    except ParameterError as exc:
        raise second_side(exc) from None
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise ParameterError(
            "--rounds", args.rounds, f"an integer from 1 to {MAX_ROUNDS}"
        )
    result = fight(
        rules,
        first_fighter,
        second_fighter,
        first_count=first_count,
        second_count=second_count,
        max_rounds=args.rounds,
    )
    if args.json:
        data = result.to_json()
        if args.option:  # after "ruleset", as the other commands write it
            data = {
                **{k: data[k] for k in ("schema", "ruleset")},
                "options": list(args.option),
                **data,
            }
        emit_json(data)
        return 0
    cats = catalogs(args.languages, args.lang)
    lines = fight_text(result, args.lang, cats)
    if args.option:
        from rollwerk.cli._checks import _options_aside

        lines[0] += _options_aside(args.option, cats, args.lang)
    for line in lines:
        emit(line)
    return 0


def _side_text(
    parameters: Mapping[str, Scalar], count: int, w: Callable[..., str]
) -> str:
    words = " ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}"
        for k, v in parameters.items()
    )
    return (
        w("cli.fight.side", count=str(count), parameters=words) if count > 1 else words
    )


def _share(p: Fraction, lang: str, w: Callable[..., str]) -> str:
    """A percentage; a positive chance below 0.005% (``<0.01%``) says so in words."""
    if 0 < p < Fraction(1, 20000):
        return w("cli.fight.tiny")
    return percent(p, lang)


def _mean(value: Fraction, lang: str) -> str:
    """A mean: exact when short (``7/2 ≈ 3.50``), else two decimals (``≈ 3.50``)."""
    if value.denominator < 10**6:  # six digits; str() of a huge one is refused
        return mean_text(value, lang)
    approx = f"{float(value):.2f}"
    return "≈ " + approx.replace(".", decimal_point(lang))


def fight_text(result: FightResult, lang: str, cats: Catalog) -> list[str]:
    """The lines ``rollwerk fight`` prints for ``result`` in ``lang``."""

    def w(message: str, **fields: str) -> str:
        return word(cats, lang, message, **fields)

    (f1, n1), (f2, n2) = result.first_side, result.second_side
    one = ".one" if result.max_rounds == 1 else ""  # "at most 1 round"
    lines = [
        w(
            "cli.fight.title" + one,
            ruleset=result.ruleset,
            first=_side_text(f1.parameters, n1, w),
            second=_side_text(f2.parameters, n2, w),
            rounds=str(result.max_rounds),
        )
    ]
    rows = [
        (w("cli.fight.first"), result.first),
        (w("cli.fight.second"), result.second),
        (
            w("cli.fight.undecided" + one, rounds=str(result.max_rounds)),
            result.undecided,
        ),
    ]
    largest = max(p for _, p in rows)
    lines += table(
        [
            [w("cli.fight.outcome"), "%", ""],
            *([label, _share(p, lang, w), bar(p, largest)] for label, p in rows),
        ],
        {1},
    )
    lines.append(
        w("cli.fight.acts_first", percent=percent(result.first_acts_first, lang))
    )
    lines.append("")
    lines.append(w("cli.fight.rounds_title"))
    decided = 1 - result.undecided
    shown: list[list[str]] = [[w("cli.fight.round"), "%", ""]]
    seen = Fraction(0)
    items = list(result.rounds.items())
    top = max((p for _, p in items), default=Fraction(0))
    cut = len(items)
    for i, (n, p) in enumerate(items):
        if decided and seen >= ROUNDS_SHOWN * decided:
            cut = i
            break
        shown.append([str(n), _share(p, lang, w), bar(p, top)])
        seen += p
    lines += table(shown, {0, 1})
    if cut < len(items):
        rest = sum((p for _, p in items[cut:]), Fraction(0))
        lines.append(
            w(
                "cli.fight.rounds_more" + (".one" if len(items) - cut == 1 else ""),
                count=str(len(items) - cut),
                percent=_share(rest, lang, w),
            )
        )
    lines.append(
        w("cli.fight.expected_rounds", mean=_mean(result.expected_rounds(), lang))
    )
    lines.append(
        w(
            "cli.fight.health",
            first=_mean(result.expected_health("first"), lang),
            second=_mean(result.expected_health("second"), lang),
        )
    )
    return lines
