"""SVG bar charts of distributions, check odds and contest odds (issue 20, part 4).

The SVG is parsed with ``xml.etree``: one bar per outcome, in order, each
bar's height proportional to its exact probability (the largest bar is
``BAR_PLOT_HEIGHT`` high) and its exact probability in ``data-probability``.
"""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rollwerk import Distribution, ScriptedRng, build_check, contest_odds, parse, roll
from rollwerk._svg import BAR_PLOT_HEIGHT, bar_chart, line_chart
from rollwerk.checks import ContestOutcome
from rollwerk.testing.examples import ToyRuleset

SVG = "{http://www.w3.org/2000/svg}"


def _bars(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [r for r in root.iter(f"{SVG}rect") if r.get("class") == "bar"]


def _check_bars(
    dist: Distribution[Any], labels: list[str] | None = None
) -> list[ET.Element]:
    bars = _bars(dist._repr_svg_())
    items = list(dist.items())
    assert len(bars) == len(items)
    largest = max(p for _, p in items)
    base = {float(b.get("y", "0")) + float(b.get("height", "0")) for b in bars}
    assert len({round(v, 3) for v in base}) == 1  # all bars stand on one line
    for bar, (_, p) in zip(bars, items, strict=True):
        assert Fraction(bar.get("data-probability", "")) == p
        height = float(bar.get("height", "nan"))
        assert height == pytest.approx(float(p / largest) * BAR_PLOT_HEIGHT, abs=1e-6)
    if labels is not None:
        assert [b.get("data-label") for b in bars] == labels
    return bars


def test_two_d6_one_bar_per_total_heights_proportional() -> None:
    dist = parse("2d6").distribution()
    bars = _check_bars(dist, [str(t) for t in range(2, 13)])
    heights = [float(b.get("height", "0")) for b in bars]
    assert heights[5] == BAR_PLOT_HEIGHT  # 7 is the likeliest total, 6/36
    assert heights[0] == pytest.approx(BAR_PLOT_HEIGHT / 6)  # 2: 1/36
    assert heights[0] * 6 == pytest.approx(heights[5])


def test_a_constant_and_a_lopsided_distribution() -> None:
    _check_bars(Distribution.constant(5), ["5"])
    _check_bars(
        Distribution({"hit": Fraction(999, 1000), "miss": Fraction(1, 1000)}),
        ["hit", "miss"],
    )


def test_check_odds_are_drawn_with_degrees_values_and_colours() -> None:
    odds = build_check(ToyRuleset(), skill=3).outcomes()
    bars = _check_bars(odds)
    for bar, (outcome, _) in zip(bars, odds.items(), strict=True):
        label = outcome.degree.value.replace("_", " ")
        if outcome.level is not None:
            label = outcome.level.replace("_", " ")
        if outcome.value is not None:
            label += f" {outcome.value}"
        assert bar.get("data-label") == label
        assert bar.get("fill") == ("#3f51b5" if outcome.success else "#e91e63")


def test_contest_odds_are_drawn() -> None:
    toy = ToyRuleset()
    odds = contest_odds(toy, build_check(toy, skill=4), build_check(toy, skill=2))
    labels = [c.value.replace("_", " ") for c, _ in odds.items()]
    _check_bars(odds, labels)
    assert odds[ContestOutcome.FIRST] == Fraction(19, 36)


def test_bars_carry_a_tooltip_and_labels_are_escaped() -> None:
    svg = bar_chart(
        [("<a & b>", Fraction(1, 3), None), ("c", Fraction(2, 3), True)], "t"
    )
    bars = _bars(svg)
    assert bars[0].get("data-label") == "<a & b>"
    title = bars[0].find(f"{SVG}title")
    assert title is not None
    assert title.text == "<a & b>: 1/3 ≈ 33.33%"
    assert ET.fromstring(svg).find(f"{SVG}title").text == "t"  # type: ignore[union-attr]


def test_many_outcomes_still_one_bar_each() -> None:
    dist = parse("3d20").distribution()
    _check_bars(dist)


def test_line_chart_is_valid_svg_with_one_point_per_x() -> None:
    svg = line_chart(
        "t", "pw", [1, 2, 3], [("a", [Fraction(0), Fraction(1, 2), Fraction(1)])]
    )
    root = ET.fromstring(svg)
    circles = list(root.iter(f"{SVG}circle"))
    assert len(circles) == 3
    assert [c.get("cy") for c in circles] == ["256.0", "142.0", "28.0"]


def test_results_render_short_html() -> None:
    r = roll("2d6+1", ScriptedRng([3, 4]))
    assert r._repr_html_() == (
        '<div class="rollwerk-roll"><strong>8</strong> <code>2d6+1</code>'
        "<pre>2d6+1 = 8\n  2d6: 3, 4 → 7</pre></div>"
    )
    check = build_check(ToyRuleset(), skill=3).resolve(ScriptedRng([2]))
    assert check._repr_html_() == (
        '<div class="rollwerk-result rollwerk-success"><strong>success, value 2</strong>'
        " · rolled 2 against a chance of 3: success<br><small>rolls: 2 (d6 check)"
        "</small></div>"
    )


def test_the_docs_hook_draws_with_the_library_code() -> None:
    path = Path(__file__).resolve().parents[1] / "docs" / "hooks" / "charts.py"
    spec = importlib.util.spec_from_file_location("rollwerk_docs_charts", path)
    assert spec is not None
    assert spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    sys.modules["rollwerk_docs_charts"] = hook
    try:
        spec.loader.exec_module(hook)
        import rollwerk._svg as svg

        assert hook.line_chart is svg.line_chart
        assert hook.distribution_svg is svg.distribution_svg
    finally:
        del sys.modules["rollwerk_docs_charts"]


def test_a_chart_of_many_outcomes_draws_the_heaviest_200() -> None:
    """A held-out notebook user: ``1000d6``'s chart had 5 001 bars of
    exact fractions hundreds of digits long (15 MB, 0.6 s)."""
    import rollwerk

    dist = rollwerk.parse("1000d6").distribution()
    svg = dist._repr_svg_()
    root = ET.fromstring(svg)
    bars = [e for e in root.iter() if e.get("class") == "bar"]
    assert len(bars) == 200
    assert bars[0].get("data-label") == "3400"
    assert bars[-1].get("data-label") == "3599"
    assert "outcomes 3400 to 3599 (200 of 5001, holding 93.59%)" in svg
    assert all(len(b.get("data-probability", "")) <= 64 for b in bars)
    assert len(svg) < 100_000
    few = rollwerk.parse("2d6").distribution()._repr_svg_()
    assert 'data-probability="1/6"' in few
    assert "outcomes" not in few


def test_a_chart_of_wide_or_huge_values_still_draws() -> None:
    """A held-out icepool user: ``60d6r1``'s chart raised ValueError (an exact
    probability over 4 300 digits), as did an outcome of 5 001 digits; string
    outcomes with control characters made invalid XML."""
    import rollwerk

    wide = rollwerk.parse("100d6r1").distribution()._repr_svg_()
    ET.fromstring(wide)
    huge = Distribution.uniform([10**5000, 1])._repr_svg_()
    labels = [
        e.get("data-label")
        for e in ET.fromstring(huge).iter()
        if e.get("class") == "bar"
    ]
    assert labels == ["1", "an integer of 5001 digits"]
    odd = Distribution.uniform(["\x00", "a"])._repr_svg_()
    labels = [
        e.get("data-label")
        for e in ET.fromstring(odd).iter()
        if e.get("class") == "bar"
    ]
    assert labels == ["\\x00", "a"]


def test_a_chart_of_huge_fractions_draws_heights_from_floats() -> None:
    """h226: ``500d6r1``'s chart took 23 s (Fraction gcds of 40 000-bit
    numbers for each height, the held share and the axis); past 200 bits a
    height is a ratio of floats, still proportional to the exact odds."""
    import rollwerk

    dist = rollwerk.parse("120d6r1").distribution()
    items = list(dist.items())
    assert max(p.denominator.bit_length() for _, p in items) > 200
    bars = _bars(dist._repr_svg_())
    assert len(bars) == 200
    shown = {b.get("data-label"): float(b.get("height", "nan")) for b in bars}
    largest = max(p for _, p in items)
    assert max(shown.values()) == BAR_PLOT_HEIGHT
    for value, p in items:
        if str(value) in shown:
            assert shown[str(value)] == pytest.approx(
                float(p / largest) * BAR_PLOT_HEIGHT, abs=1e-6
            )
    window = [p for v, p in items if str(v) in shown]
    held = f"{float(sum(window, Fraction(0))):.2%}"
    assert f"(200 of {len(items)}, holding {held})" in dist._repr_svg_()


class _Printer:
    """IPython's pretty printer, as far as ``_repr_pretty_`` uses it."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def text(self, text: str) -> None:
        self.texts.append(text)


def test_jupyter_text_of_a_huge_distribution_is_one_line() -> None:
    """h226: IPython shows ``repr`` as text, and ``500d6r1``'s is 186 MB
    (130 s); past 100 000 characters ``_repr_pretty_`` summarises."""
    import rollwerk

    small = rollwerk.parse("2d6").distribution()
    printer = _Printer()
    small._repr_pretty_(printer, False)
    assert printer.texts == [repr(small)]
    huge = rollwerk.parse("1000d6").distribution()
    printer = _Printer()
    huge._repr_pretty_(printer, False)
    assert printer.texts == [
        (
            "<Distribution of 5001 outcomes, 1000 … 6000, exact probabilities over a "
            "common denominator of about 779 digits: repr() writes them all>"
        )
    ]
    assert len(str(huge.denominator)) == 779
    assert len(repr(huge)) > 100_000
