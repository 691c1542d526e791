"""SVG charts of exact probabilities, for notebooks and the docs site.

One drawing code serves both: `Distribution._repr_svg_` (Jupyter shows a
distribution, a check's odds or a contest's odds as a bar chart) and the
docs build hook (``docs/hooks/charts.py``), which draws the rulesets' odds
and success curves with [`bar_chart`][] and [`line_chart`][]. Plain SVG
strings, standard library only: no runtime dependency.

Each bar is a ``<rect class="bar">`` whose height is its probability over
the largest one, times the plot height; it carries the exact probability in
``data-probability`` (``"5/36"``) and a ``<title>`` tooltip.
"""

from __future__ import annotations

import enum
import html
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

__all__ = ["BAR_PLOT_HEIGHT", "bar_chart", "label_of", "line_chart", "success_of"]

PALETTE = ("#3f51b5", "#e91e63", "#009688", "#ff9800", "#795548", "#607d8b")
"""Bar and line colours: the first for successes, the second for failures."""

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 44
BAR_PLOT_HEIGHT = 200
"""The height in SVG units of a bar with the largest probability."""


def _svg_open(width: float, height: float, title: str) -> str:
    return (
        f'<svg class="rollwerk-chart" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
        f'role="img" aria-label="{html.escape(title)}">'
        f"<title>{html.escape(title)}</title>"
    )


def _percent(p: Fraction | float) -> str:
    return f"{float(p):.2%}"


def label_of(outcome: object) -> str:
    """How a chart names an outcome.

    A check outcome by its success level or degree and its value
    (``"critical success 14"``), an enum member by its value with spaces
    (``"both failed"``), anything else by ``str``.
    """
    degree = getattr(outcome, "degree", None)
    if isinstance(degree, enum.Enum):
        level = getattr(outcome, "level", None)
        label = str(level or degree.value).replace("_", " ")
        value = getattr(outcome, "value", None)
        return label if value is None else f"{label} {value}"
    if isinstance(outcome, enum.Enum):
        return str(outcome.value).replace("_", " ")
    if outcome.__class__ is int and outcome.bit_length() > 200:
        from rollwerk.errors import shown

        return shown(outcome)  # "an integer of 5001 digits": str() refuses it
    return _xml_text(str(outcome))


def _xml_text(text: str) -> str:
    """``text`` without the control characters XML 1.0 cannot hold, written as escapes."""
    if all(c >= " " or c in "\t\n\r" for c in text):
        return text
    return "".join(c if c >= " " or c in "\t\n\r" else f"\\x{ord(c):02x}" for c in text)


def success_of(outcome: object) -> bool | None:
    """Whether an outcome is a success (its ``success``), else ``None``."""
    success = getattr(outcome, "success", None)
    return success if isinstance(success, bool) else None


def bar_chart(
    rows: Sequence[tuple[str, Fraction, bool | None]], title: str = ""
) -> str:
    """A vertical bar chart: one bar per ``(label, probability, success)`` row.

    Bars are drawn in the order given, heights proportional to the
    probabilities (the largest is [`BAR_PLOT_HEIGHT`][] high); successes
    are coloured with the first colour, failures with the second, other
    outcomes with the first. Labels are turned when there are many or long
    ones.

    >>> svg = bar_chart([("1", Fraction(1, 4), None), ("2", Fraction(3, 4), None)])
    >>> svg.count('class="bar"')
    2
    """
    n = len(rows)
    slot = max(14.0, min(48.0, 560 / max(n, 1)))
    longest = max((len(label) for label, _, _ in rows), default=1)
    turned = n > 12 or longest * 6.5 > slot
    label_room = min(160.0, longest * 6.5 + 12) if turned else 20.0
    top = TOP if title else 10
    width = LEFT + n * slot + RIGHT
    height = top + BAR_PLOT_HEIGHT + label_room + 10
    base = top + BAR_PLOT_HEIGHT
    floats = [float(p) for _, p, _ in rows]
    # the largest exactly, comparing Fractions only where their floats tie
    # (a float never orders two probabilities the wrong way round)
    highest = max(floats, default=0.0)
    largest = max(
        (p for (_, p, _), f in zip(rows, floats, strict=True) if f == highest),
        default=None,
    )
    largest = largest or Fraction(1)
    largest_float = float(largest)  # one division of two big integers
    exact_heights = _bits(largest) <= _EXACT_BITS
    parts = [_svg_open(width, height, title or "bar chart of exact probabilities")]
    if title:
        parts.append(
            f'<text x="{width / 2:g}" y="16" text-anchor="middle" font-size="13">'
            f"{html.escape(title)}</text>"
        )
    for pct in (0, 50, 100):
        y = base - BAR_PLOT_HEIGHT * pct / 100
        shown = _percent(largest_float * pct / 100)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:g}" x2="{width - RIGHT:g}" y2="{y:g}" stroke="#ddd"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:g}" text-anchor="end" font-size="10">'
            f"{shown}</text>"
        )
    for i, (label, p, success) in enumerate(rows):
        if exact_heights and _bits(p) <= _EXACT_BITS:
            h = float(p / largest) * BAR_PLOT_HEIGHT
        else:  # a ratio of two floats: exact Fraction division is a slow gcd
            h = floats[i] / largest_float * BAR_PLOT_HEIGHT
        x = LEFT + i * slot
        colour = PALETTE[1] if success is False else PALETTE[0]
        if _bits(p) > _EXACT_BITS:
            exact = f"{float(p):.6g}"  # hundreds of digits: a float says it
        else:
            exact = str(p)
            if len(exact) > _EXACT_DIGITS:
                exact = f"{float(p):.6g}"
        tip = f"{label}: {exact} ≈ {_percent(p)}"
        parts.append(
            f'<rect class="bar" x="{x + slot * 0.1:.3f}" y="{base - h:.6f}" '
            f'width="{slot * 0.8:.3f}" height="{h:.6f}" fill="{colour}" '
            f'data-label="{html.escape(label)}" data-probability="{exact}">'
            f"<title>{html.escape(tip)}</title></rect>"
        )
        cx = x + slot / 2
        if turned:
            parts.append(
                f'<text x="{cx:.3f}" y="{base + 12:g}" text-anchor="end" font-size="10" '
                f'transform="rotate(-45 {cx:.3f} {base + 12:g})">{html.escape(label)}</text>'
            )
        else:
            parts.append(
                f'<text x="{cx:.3f}" y="{base + 14:g}" text-anchor="middle" '
                f'font-size="10">{html.escape(label)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


MAX_BARS = 200
"""The most bars a distribution's chart draws (``_repr_svg_``)."""

_EXACT_BITS = 200
"""Probabilities of larger numerators or denominators are drawn from floats."""


def _bits(p: Fraction) -> int:
    return max(p.numerator.bit_length(), p.denominator.bit_length())


_EXACT_DIGITS = 64
"""The longest exact ``data-probability`` a bar carries; longer is a float."""


def distribution_svg(items: Iterable[tuple[object, Fraction]], title: str = "") -> str:
    """A bar chart of a distribution's ``(outcome, probability)`` pairs.

    At most `MAX_BARS` bars: of more outcomes, the `MAX_BARS` consecutive
    ones (in the distribution's order) that hold the most probability are
    drawn, and the title says which and how much they hold (``1000d6``
    drew 5 001 bars, 15 MB of SVG).

    >>> many = [(n, Fraction(1, 1000)) for n in range(1000)]
    >>> svg = distribution_svg(many)
    >>> svg.count('class="bar"'), "outcomes 0 to 199 (200 of 1000, holding 20.00%)" in svg
    (200, True)
    """
    pairs = list(items)
    note = ""
    if len(pairs) > MAX_BARS:
        floats = [float(p) for _, p in pairs]
        start = _heaviest_window(floats, MAX_BARS)
        # a percentage of two decimals: the floats' exactly rounded sum says
        # it (adding the Fractions of 500d6r1, 43 000-bit each, took seconds)
        held = math.fsum(floats[start : start + MAX_BARS])
        shown = pairs[start : start + MAX_BARS]
        note = (
            f"outcomes {label_of(shown[0][0])} to {label_of(shown[-1][0])} "
            f"({MAX_BARS} of {len(pairs)}, holding {_percent(held)})"
        )
        pairs = shown
    rows = [(label_of(o), p, success_of(o)) for o, p in pairs]
    heading = " — ".join(t for t in (title, note) if t)
    return bar_chart(rows, heading)


def _heaviest_window(weights: Sequence[float], size: int) -> int:
    """Where the ``size`` consecutive weights with the largest sum start.

    >>> _heaviest_window([0.1, 0.5, 0.3, 0.1], 2)
    1
    """
    total = best = sum(weights[:size])
    at = 0
    for i in range(size, len(weights)):
        total += weights[i] - weights[i - size]
        if total > best:
            best, at = total, i - size + 1
    return at


def line_chart(
    title: str,
    x_name: str,
    xs: Sequence[int],
    lines: Sequence[tuple[str, Sequence[Fraction]]],
) -> str:
    """Probabilities (0 to 100 %) over integer ``xs``, one line per series.

    Used by the docs for a ruleset's chance of success by check value; each
    series is ``(label, ys)`` and a non-empty label is shown in a legend.
    """
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = max(1, xs[-1] - xs[0])

    def px(x: int) -> float:
        return LEFT + (x - xs[0]) * pw / span

    def py(y: Fraction) -> float:
        return TOP + ph - float(y) * ph

    parts = [
        _svg_open(WIDTH, HEIGHT, title),
        (
            f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13">'
            f"{html.escape(title)}</text>"
        ),
    ]
    for pct in range(0, 101, 25):
        gy = py(Fraction(pct, 100))
        parts.append(
            f'<line x1="{LEFT}" y1="{gy:.1f}" x2="{WIDTH - RIGHT}" y2="{gy:.1f}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{LEFT - 6}" y="{gy + 4:.1f}" text-anchor="end" font-size="11">{pct}%</text>'
        )
    step = max(1, len(xs) // 10)
    parts.extend(
        f'<text x="{px(x):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" '
        f'font-size="11">{x}</text>'
        for x in xs[::step]
    )
    parts.append(
        f'<text x="{LEFT + pw / 2}" y="{HEIGHT - 8}" text-anchor="middle" font-size="12">'
        f"{html.escape(x_name)}</text>"
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
            tip = f"{label} {x_name}={x}: {y} ≈ {_percent(y)}"
            parts.append(
                f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.5" fill="{colour}">'
                f"<title>{html.escape(tip.strip())}</title></circle>"
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
