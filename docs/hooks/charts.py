"""mkdocs hook: draw odds charts as inline SVG from exact distributions.

A page asks for a chart with an HTML comment on a line of its own::

    <!-- rollwerk:chart ruleset=ds4 check=check x=pw from=1 to=40 -->
    <!-- rollwerk:chart ruleset=adz check=check x=dice from=1 to=12 series=minimum:1,2,3,4 -->
    <!-- rollwerk:odds ruleset=ds4 check=check pw=14 -->
    <!-- rollwerk:dice notation=2d6 -->
    <!-- rollwerk:fight ruleset=ds4 first="attack=12 life=20" vs="attack=10 life=18" -->

``chart`` draws the chance of success as ``x`` runs from ``from`` to ``to``
(one line per value of the optional ``series`` parameter; any other
``key=value`` is passed to the check). ``odds`` draws the whole outcome
distribution of one check as bars, ``dice`` the distribution of a dice
notation's total, ``fight`` the rounds a fight lasts (``first`` and ``vs``
are the sides' ``key=value`` words as on the command line, ``rounds`` the
cap). Charts are computed at build time from
the rulesets' exact distributions; nothing is hand-drawn.

The drawing is the library's own (``rollwerk._svg``): the same code draws
a [`Distribution`][rollwerk.distribution.Distribution] in a notebook
(``_repr_svg_``), so the docs and a designer's notebook show the same
charts.
"""

from __future__ import annotations

import re
import shlex
from fractions import Fraction
from typing import Any

from rollwerk._svg import distribution_svg, line_chart

MARKER = re.compile(
    r"^<!--\s*rollwerk:(chart|odds|dice|fight)\s+(.*?)\s*-->\s*$", re.MULTILINE
)


def _args(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for token in shlex.split(text):
        key, sep, value = token.partition("=")
        if not sep:
            raise ValueError(
                f"rollwerk chart marker: expected key=value, got {token!r}"
            )
        out[key] = value
    return out


def _typed(spec: Any, name: str, text: str) -> object:
    return spec.parameter(name).parse(text)


def _spec(ruleset: Any, check: str) -> Any:
    for spec in ruleset.checks():
        if spec.name == check:
            return spec
    raise ValueError(
        f"rollwerk chart marker: ruleset {ruleset.id!r} has no check {check!r}"
    )


def _success(spec: Any, params: dict[str, object]) -> Fraction:
    dist = spec.build(**params).outcomes()
    return Fraction(dist.probability(lambda o: o.success))


def chart_svg(args: dict[str, str]) -> str:
    """The SVG for a ``rollwerk:chart`` marker."""
    from rollwerk.plugins import get_registry

    ruleset = get_registry().ruleset(args.pop("ruleset"))
    spec = _spec(ruleset, args.pop("check", spec_name(ruleset)))
    x_name = args.pop("x")
    lo, hi = int(args.pop("from")), int(args.pop("to"))
    title = args.pop("title", f"{ruleset.name}: chance of success by {x_name}")
    series_name, series_values = None, [""]
    if "series" in args:
        series_name, _, values = args.pop("series").partition(":")
        series_values = values.split(",")
    fixed = {k: _typed(spec, k, v) for k, v in args.items()}
    xs = list(range(lo, hi + 1))
    lines: list[tuple[str, list[Fraction]]] = []
    for sv in series_values:
        params = dict(fixed)
        label = ""
        if series_name is not None:
            params[series_name] = _typed(spec, series_name, sv)
            label = f"{series_name}={sv}"
        ys = [
            _success(spec, {**params, x_name: _typed(spec, x_name, str(x))}) for x in xs
        ]
        lines.append((label, ys))
    return line_chart(title, x_name, xs, lines)


def spec_name(ruleset: Any) -> str:
    """The name of a ruleset's default check."""
    return str(next(iter(ruleset.checks())).name)


def odds_svg(args: dict[str, str]) -> str:
    """The SVG for a ``rollwerk:odds`` marker."""
    from rollwerk.plugins import get_registry

    ruleset = get_registry().ruleset(args.pop("ruleset"))
    spec = _spec(ruleset, args.pop("check", spec_name(ruleset)))
    title = args.pop("title", None)
    params = {k: _typed(spec, k, v) for k, v in args.items()}
    dist = spec.build(**params).outcomes()
    shown = ", ".join(f"{k}={v}" for k, v in args.items())
    title = title or f"{ruleset.name}: {spec.name} {shown}"
    return distribution_svg(dist.items(), title)


def dice_svg(args: dict[str, str]) -> str:
    """The SVG for a ``rollwerk:dice`` marker: the total of a notation."""
    from rollwerk import parse

    notation = args.pop("notation")
    dist = parse(notation).distribution()
    return distribution_svg(dist.items(), args.pop("title", f"{notation}: exact odds"))


def fight_svg(args: dict[str, str]) -> str:
    """The SVG for a ``rollwerk:fight`` marker: the rounds until a fight ends."""
    from rollwerk._svg import bar_chart
    from rollwerk.analysis import fight
    from rollwerk.cli._fight import parse_side
    from rollwerk.plugins import get_registry

    rules = get_registry().fight_rules()[args.pop("ruleset")]
    params = rules.parameters()
    first, n1 = parse_side(params, args.pop("first", "").split(), "chart first side")
    second, n2 = parse_side(params, args.pop("vs", "").split(), "chart second side")
    result = fight(
        rules,
        first,
        second,
        first_count=n1,
        second_count=n2,
        max_rounds=int(args.pop("rounds", "100")),
    )
    shown = [
        (str(n), p, None) for n, p in result.rounds.items() if p >= Fraction(1, 2000)
    ]
    title = args.pop(
        "title",
        f"{rules.ruleset}: first side wins {float(result.first):.1%}, "
        f"second {float(result.second):.1%}; the round the fight ends",
    )
    return bar_chart(shown, title)


_DRAW = {"chart": chart_svg, "odds": odds_svg, "dice": dice_svg, "fight": fight_svg}


def render(markdown: str) -> str:
    """Replace every chart marker in ``markdown`` by its SVG."""

    def replace(match: re.Match[str]) -> str:
        kind, args = match.group(1), _args(match.group(2))
        svg = _DRAW[kind](args)
        return f'<div class="rollwerk-chart-box" markdown="0">{svg}</div>'

    return MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """mkdocs hook entry point."""
    return render(markdown)
