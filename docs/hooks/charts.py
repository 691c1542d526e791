"""mkdocs hook: draw odds charts as inline SVG from exact distributions.

A page asks for a chart with an HTML comment on a line of its own::

    <!-- rollwerk:chart ruleset=ds4 check=check x=pw from=1 to=40 -->
    <!-- rollwerk:chart ruleset=adz check=check x=dice from=1 to=12 series=minimum:1,2,3,4 -->
    <!-- rollwerk:odds ruleset=ds4 check=check pw=14 -->

``chart`` draws the chance of success as ``x`` runs from ``from`` to ``to``
(one line per value of the optional ``series`` parameter; any other
``key=value`` is passed to the check). ``odds`` draws the whole outcome
distribution of one check as horizontal bars. Charts are computed at build
time from the rulesets' exact distributions; nothing is hand-drawn.
"""

from __future__ import annotations

import html
import re
import shlex
from fractions import Fraction
from typing import Any

MARKER = re.compile(r"^<!--\s*rollwerk:(chart|odds)\s+(.*?)\s*-->\s*$", re.MULTILINE)
PALETTE = ["#3f51b5", "#e91e63", "#009688", "#ff9800", "#795548", "#607d8b"]
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 44


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
    return dist.probability(lambda o: o.success)


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
    return _line_chart(title, x_name, xs, lines)


def spec_name(ruleset: Any) -> str:
    """The name of a ruleset's default check."""
    return str(next(iter(ruleset.checks())).name)


def _svg_open(height: int, title: str) -> str:
    return (
        f'<svg class="rollwerk-chart" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{html.escape(title)}">'
    )


def _line_chart(
    title: str, x_name: str, xs: list[int], lines: list[tuple[str, list[Fraction]]]
) -> str:
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = max(1, xs[-1] - xs[0])

    def px(x: int) -> float:
        return LEFT + (x - xs[0]) * pw / span

    def py(y: Fraction) -> float:
        return TOP + ph - float(y) * ph

    parts = [
        _svg_open(HEIGHT, title),
        f"<title>{html.escape(title)}</title>",
        f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13">{html.escape(title)}</text>',
    ]
    for pct in range(0, 101, 25):
        y = py(Fraction(pct, 100))
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{pct}%</text>'
        )
    step = max(1, len(xs) // 10)
    parts.extend(
        f'<text x="{px(x):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" font-size="11">{x}</text>'
        for x in xs[::step]
    )
    parts.append(
        f'<text x="{LEFT + pw / 2}" y="{HEIGHT - 8}" text-anchor="middle" font-size="12">{html.escape(x_name)}</text>'
    )
    for i, (label, ys) in enumerate(lines):
        colour = PALETTE[i % len(PALETTE)]
        points = " ".join(
            f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys, strict=True)
        )
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>'
        )
        for x, y in zip(xs, ys, strict=True):
            parts.append(
                f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.5" fill="{colour}">'
                f"<title>{html.escape(label)} {x_name}={x}: {y} ≈ {float(y):.2%}</title></circle>"
            )
        if label:
            ly = TOP + 14 + 16 * i
            parts.append(
                f'<rect x="{LEFT + 10}" y="{ly - 9}" width="10" height="10" fill="{colour}"/>'
            )
            parts.append(
                f'<text x="{LEFT + 26}" y="{ly}" font-size="11">{html.escape(label)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


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
    rows = list(dist.items())
    bar_h, gap = 16, 4
    height = TOP + len(rows) * (bar_h + gap) + 12
    label_w = 210
    top_p = max(p for _, p in rows)
    parts = [
        _svg_open(height, title),
        f"<title>{html.escape(title)}</title>",
        f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13">{html.escape(title)}</text>',
    ]
    for i, (outcome, p) in enumerate(rows):
        y = TOP + i * (bar_h + gap)
        label = f"{outcome.degree.value.replace('_', ' ')}"
        if outcome.value is not None:
            label += f" {outcome.value}"
        w = float(p / top_p) * (WIDTH - label_w - 90)
        colour = PALETTE[0] if outcome.success else PALETTE[1]
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 12}" text-anchor="end" font-size="11">{html.escape(label)}</text>'
        )
        parts.append(
            f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{colour}">'
            f"<title>{p} ≈ {float(p):.2%}</title></rect>"
        )
        parts.append(
            f'<text x="{label_w + w + 6:.1f}" y="{y + 12}" font-size="11">{float(p):.2%}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def render(markdown: str) -> str:
    """Replace every chart marker in ``markdown`` by its SVG."""

    def replace(match: re.Match[str]) -> str:
        kind, args = match.group(1), _args(match.group(2))
        svg = chart_svg(args) if kind == "chart" else odds_svg(args)
        return f'<div class="rollwerk-chart-box" markdown="0">{svg}</div>'

    return MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """mkdocs hook entry point."""
    return render(markdown)
