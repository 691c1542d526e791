"""Text formatting shared by the CLI's subcommands: percentages, bars, tables.

``rollwerk roll --odds`` and ``rollwerk odds``/``contest`` print the same
kinds of tables; their numbers and bars come from here, so both read alike.
The text of ``--rolls`` and integer options is read here too, one way for
``roll`` and ``check``/``odds``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Collection, Hashable, Sequence
from fractions import Fraction
from typing import TypeVar

from rollwerk.distribution import fraction_to_str
from rollwerk.errors import ParameterError, ScriptExhausted, _escaped, shown
from rollwerk.i18n import CORE, Catalog

__all__ = [
    "BAR_WIDTH",
    "EXACT_TEXT_BITS",
    "INTEGER",
    "MAX_OUTCOMES",
    "SCIENTIFIC_BELOW",
    "add_max_outcomes",
    "approx_text",
    "bar",
    "emit",
    "emit_json",
    "faces",
    "fraction_text",
    "json_text",
    "mean_text",
    "most_likely",
    "percent",
    "positive",
    "table",
    "too_few_faces",
    "visible",
]

_T = TypeVar("_T", bound=Hashable)
_W = TypeVar("_W", int, Fraction)

INTEGER = re.compile(r"[+-]?0*[0-9]{1,18}")
"""An integer option's text: ASCII digits only (``int()`` also reads "1_0", "٣"),
at most 18 after leading zeros."""
MAX_POSITIVE = 10**18 - 1


def integer_value(text: str) -> int:
    """The value of a text ``INTEGER`` (or ``_integer``) matched.

    Its leading zeros go before ``int()``: Python refuses a text of more than
    4300 digits, and leading zeros are allowed in any number.
    """
    sign, digits = re.fullmatch(r"([+-]?)0*([0-9]+)", text.strip()).groups()  # type: ignore[union-attr]
    return int(sign + digits)


"""The largest count an option such as ``--max-outcomes`` reads (``INTEGER``'s 18 digits)."""

BAR_WIDTH = 40
"""The width of the longest bar in the text charts, in characters."""

MAX_OUTCOMES = 1000
"""Outcomes ``roll --odds`` and ``odds`` show by default: the most likely ones."""


def visible(text: str, keep: str = "") -> str:
    r"""``text`` with its control characters written as escapes, but ``keep``.

    What a user typed reaches the text output (a notation in a title, a
    label in an explanation): a line break or a terminal's escape code in
    it would split a line or recolour the terminal, so it is written as
    ``\n`` or ``\x1b``. ``keep`` are the characters the output itself
    uses (the line breaks between an explanation's lines).

    >>> print(visible("1d6 [a\nb\x1b[31m]"))
    1d6 [a\nb\x1b[31m]
    >>> visible("a\nb", keep="\n") == "a\nb"
    True
    """
    return _escaped(text, keep)


def emit(text: str, keep: str = "") -> None:
    r"""Print ``text`` to the text output, its control characters as escapes.

    The one writer of the text output of ``rulesets``, ``check``, ``odds``,
    ``contest``, ``fight`` and ``roll``: what a plugin wrote (a ruleset's
    name, a check's help, an extra, an explanation) and what a user typed
    reach the terminal through `visible`, so a line break or a terminal's
    escape code in them cannot split a line or recolour the terminal.
    ``keep`` are the line breaks the output itself puts between lines
    (``roll --explain``); every other caller prints one line at a time.
    ``--json`` goes through `emit_json` instead: JSON escapes its text
    itself.
    """
    print(visible(text, keep))


def emit_json(data: object, **options: object) -> None:
    """Print ``data`` as JSON (`json_text`) to standard output."""
    print(json_text(data, **options))


def json_text(data: object, **options: object) -> str:
    r"""``data`` as JSON for standard output, every character kept.

    Where the output cannot hold every character (``PYTHONIOENCODING=ascii``,
    ``LC_ALL=C``), what is beyond ASCII is written as JSON's ``\u``
    escapes, which read back as the same text; where it can, as itself. The
    ASCII spelling of the text output (``größe`` as ``groesse``) would
    change the data.
    """
    import json
    import sys

    # a stream without an encoding (a StringIO) holds any text
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        "\U0010ffff\u2192".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        whole = False
    else:
        whole = True
    text = json.dumps(data, ensure_ascii=not whole, **options)  # type: ignore[arg-type]
    if whole and not text.isascii():
        # a byte typed that is not UTF-8 reads as a lone surrogate (\udce4);
        # written as itself, a C locale's stdout writes the raw byte back,
        # and the document is not UTF-8: JSON's escape reads back the same
        text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone surrogate: how Python reads a byte of an argument that is not UTF-8."""


def add_max_outcomes(parser: argparse.ArgumentParser, when: str = "") -> None:
    """Add ``--max-outcomes N`` (``roll --odds``, ``odds``): the likeliest N shown."""
    parser.add_argument(
        "--max-outcomes",
        type=positive,
        default=MAX_OUTCOMES,
        metavar="N",
        help=(
            f"{when}show at most the N most likely outcomes (default "
            f"{MAX_OUTCOMES}); a last line, or 'omitted' in JSON, says what was "
            "left out"
        ),
    )


def second_side(exc: ParameterError) -> ParameterError:
    """``exc`` about the ``--vs`` side: its parameter and message say so.

    The message is kept whole, with what it adds (``--vs a1 is required
    (…); also required: a2, a3``).
    """
    error = ParameterError(
        f"--vs {exc.parameter}", exc.value, exc.allowed, missing=exc.missing
    )
    error.args = (f"--vs {exc}",)
    return error


def positive(text: str) -> int:
    """An ``argparse`` type: a positive integer in ASCII digits."""
    text = text.strip()
    if not INTEGER.fullmatch(text) or integer_value(text) < 1:
        raise argparse.ArgumentTypeError(
            f"must be an integer from 1 to {MAX_POSITIVE} (ASCII digits), "
            f"got {shown(text)}"
        )
    return integer_value(text)


def most_likely(
    items: Sequence[tuple[_T, _W]], limit: int | None
) -> list[tuple[_T, _W]]:
    """The ``limit`` most likely of ``items`` (by their weight), in their order.

    Of equally likely items the earlier ones are kept; weights are integers
    or fractions.

    >>> most_likely([("a", 1), ("b", 2), ("c", 1)], 2)
    [('a', 1), ('b', 2)]
    """
    if limit is None or len(items) <= limit:
        return list(items)
    import heapq  # only when outcomes are left out: not on a check's path

    top = heapq.nlargest(limit, range(len(items)), key=lambda i: items[i][1])
    return [items[i] for i in sorted(top)]


_POINTS: dict[str, str] = {}
"""Decimal points of languages the core has no catalog for, by language:
the CLI records a plugin catalog's ``number.decimal_point`` here when it
loads the catalogs for such a ``--lang`` (see `use_decimal_point`)."""


def use_decimal_point(lang: str, catalogs: Catalog) -> None:
    """Write numbers in ``lang`` with the decimal point ``catalogs`` give it.

    The message ``number.decimal_point`` in ``lang`` (a language pack's
    ``","``), or in its base language (``fr`` for ``fr-CA``); without
    one, a point.
    """
    from rollwerk.i18n._catalog import lookup_languages

    for want in lookup_languages(lang)[:-1]:
        point = catalogs.template(want, "number.decimal_point")
        if point:
            _POINTS[lang] = point
            return
    _POINTS[lang] = "."


def decimal_point(lang: str) -> str:
    """The decimal point of ``lang``: the core's word, a pack's, else ``.``.

    >>> decimal_point("en"), decimal_point("de")
    ('.', ',')
    """
    return _POINTS.get(lang) or CORE.template(lang, "number.decimal_point") or "."


def percent(p: Fraction, lang: str = "en") -> str:
    """A probability as a percentage with two decimals, rounded half up.

    The decimal point is the language's (`decimal_point`): German's is a
    comma.

    >>> percent(Fraction(2, 3)), percent(Fraction(2, 3), "de")
    ('66.67%', '66,67%')
    """
    return percent_of(p.numerator, p.denominator, lang)


def bar(p: Fraction | int, largest: Fraction | int, width: int = BAR_WIDTH) -> str:
    """A bar of ``█`` proportional to ``p``; the largest probability fills ``width``.

    A probability too small for half a cell still shows as ``▏``.

    >>> bar(Fraction(1, 4), Fraction(1, 2), width=8)
    '████'
    >>> bar(Fraction(1, 1000), Fraction(1, 2), width=8)
    '▏'
    """
    if largest <= 0 or p <= 0:
        return ""
    # p/largest of the width, rounded half up; integer weights stay integers
    cells = int((2 * width * p + largest) // (2 * largest))
    return "█" * cells if cells else "▏"


EXACT_TEXT_BITS = 128
"""Text tables write a probability as an exact ``p/q`` while its common
denominator has at most this many bits (about 39 digits, a terminal line);
wider ones (``100d6``, a contest of exploding dice, many dice with ``r``)
would fill a screen and are written ``≈`` to two significant digits beside
the percentage (see `approx_text`); ``--json`` is always exact."""

SCIENTIFIC_BELOW = -4
"""`approx_text` writes a number as a decimal (``0.57``, ``0.0073``) while its
two significant digits start at most four places after the point, that is
from 0.0001 (0.01%, the smallest percentage the tables show as more than
0.00%) up; a smaller one in scientific notation (``5.5e-621``): hundreds of
zeros would say no more."""


def ratio_text(weight: int, total: int, lang: str = "en") -> str:
    """``weight/total`` for a text table: exact ``p/q``, or ``≈`` when very wide.

    >>> ratio_text(2, 8), ratio_text(1, 3 * 2**3000)
    ('1/4', '≈ 2.7e-904')
    >>> ratio_text(2**200 // 3, 2**200, "de")
    '≈ 0,33'
    """
    if total.bit_length() <= EXACT_TEXT_BITS:
        return fraction_to_str(Fraction(weight, total))
    return "≈ " + approx_text(weight, total, lang)


def fraction_text(p: Fraction, lang: str = "en") -> str:
    """`ratio_text` of a fraction: exact ``p/q``, or ``≈`` when very wide.

    >>> fraction_text(Fraction(1, 3))
    '1/3'
    >>> fraction_text(Fraction(2**199, 3**126), "de")
    '≈ 0,61'
    """
    if p.denominator.bit_length() <= EXACT_TEXT_BITS:
        return fraction_to_str(p)  # already in lowest terms
    return "≈ " + approx_text(p.numerator, p.denominator, lang)


def approx_text(weight: int, total: int, lang: str = "en") -> str:
    """``weight/total`` (not negative) to two significant digits, rounded half up.

    A decimal from 0.0001 up (see `SCIENTIFIC_BELOW`), below it scientific
    notation; German with a decimal comma, as `percent` writes. Works on
    integers of any width (a float would overflow or lose the digits).

    >>> approx_text(2, 3), approx_text(2, 3, "de"), approx_text(1, 1)
    ('0.67', '0,67', '1.0')
    >>> approx_text(73, 10000), approx_text(1, 3 * 10**4), approx_text(1, 3**1300)
    ('0.0073', '3.3e-05', '5.5e-621')
    >>> approx_text(0, 7), approx_text(1, 3 * 10**4, "de")
    ('0', '3,3e-05')
    """
    if weight == 0:
        return "0"
    digits, exponent = _two_digits(weight, total)
    point = decimal_point(lang)
    if SCIENTIFIC_BELOW <= exponent <= 0:
        if exponent == 0:
            return f"{digits // 10}{point}{digits % 10}"
        return f"0{point}{'0' * (-exponent - 1)}{digits:02d}"
    return f"{digits // 10}{point}{digits % 10}e{exponent:+03d}"


def _two_digits(weight: int, total: int) -> tuple[int, int]:
    """``weight/total`` (positive) as ``(d, e)``: two digits ``d`` and ``d.d × 10^e``.

    Rounded half up, by integer division at any width.

    >>> _two_digits(2, 3), _two_digits(1, 1), _two_digits(999, 1000)
    ((67, -1), (10, 0), (10, 0))
    """
    # the exponent from the bit lengths, then three digits by integer division
    exponent = int((weight.bit_length() - total.bit_length()) * 0.30103) - 3
    while True:
        scaled = (
            weight * 10 ** (-exponent) // total
            if exponent < 0
            else weight // (total * 10**exponent)
        )
        if scaled >= 1000:
            exponent += 1
        elif scaled < 100:
            exponent -= 1
        else:
            break
    digits = (scaled + 5) // 10  # two digits, rounded
    exponent += 1
    if digits == 100:
        digits, exponent = 10, exponent + 1
    return digits, exponent + 1


def percent_of(weight: int, total: int, lang: str = "en") -> str:
    """`percent` of ``weight/total`` by integer division (no fraction reduced).

    A chance that is neither 0 nor 1 is never written as either: below
    0.005% it is ``<0.01%``, above 99.995% ``>99.99%``.

    >>> percent_of(2, 3), percent_of(1, 3 * 2**3000, "de"), percent_of(0, 3)
    ('66.67%', '<0,01%', '0.00%')
    >>> percent_of(10**6 - 1, 10**6), percent_of(3, 3)
    ('>99.99%', '100.00%')
    """
    hundredths = (weight * 20000 + total) // (2 * total)
    point = decimal_point(lang)
    if hundredths == 0 and weight > 0:
        return f"<0{point}01%"
    if hundredths == 10000 and weight < total:
        return f">99{point}99%"
    return f"{hundredths // 100}{point}{hundredths % 100:02d}%"


def mean_text(mean: Fraction, lang: str = "en") -> str:
    """A mean as an exact fraction with two decimals, or a whole number alone.

    >>> mean_text(Fraction(7, 2)), mean_text(Fraction(7, 2), "de")
    ('7/2 ≈ 3.50', '7/2 ≈ 3,50')
    >>> mean_text(Fraction(7))
    '7'

    Rounded half away from zero, exactly, as the percentages are rounded
    half up (a float's ``:.2f`` rounded 1/8 to 0.12 next to 12.50%):

    >>> mean_text(Fraction(1, 8)), mean_text(Fraction(-1, 8)), mean_text(Fraction(19, 40))
    ('1/8 ≈ 0.13', '-1/8 ≈ -0.13', '19/40 ≈ 0.48')
    """
    if mean.denominator == 1:
        return fraction_to_str(mean).partition("/")[0]
    hundredths = int(abs(mean) * 100 + Fraction(1, 2))
    sign = "-" if mean < 0 and hundredths else ""
    point = decimal_point(lang)
    approx = f"{sign}{hundredths // 100}{point}{hundredths % 100:02d}"
    if mean.denominator.bit_length() > _MEAN_BITS:
        return f"≈ {approx}"  # dozens of digits say no more
    return f"{fraction_to_str(mean)} ≈ {approx}"


_MEAN_BITS = 128
"""A mean whose exact denominator is wider (about 39 digits) is written ``≈``."""


def table(rows: Sequence[Sequence[str]], right: Collection[int]) -> list[str]:
    r"""Lines of ``rows`` in columns two spaces apart, without trailing spaces.

    A control character in a cell is written as its escape (`visible`), so
    a cell stays on its line: ``a\nb`` is four characters wide.

    Args:
        rows: The cells of each row (the header first); every row has as many
            cells as the first.
        right: The indices of the columns aligned right; the others are
            aligned left.

    >>> table([["a", "bb"], ["ccc", "d"]], right={1})
    ['a    bb', 'ccc   d']
    """
    # a cell holds one line: a control character in it (a plugin's ruleset
    # name, an extra's value) is written as its escape, and counted so
    rows = [[visible(cell) for cell in row] for row in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def faces(text: str) -> list[int]:
    """The die faces of ``--rolls``: comma-separated integers in ASCII digits.

    An empty text is no faces (a result without dice replays from none).

    Raises:
        ParameterError: A part is not such an integer.
    """
    if not text.strip():
        return []
    parts = [part.strip() for part in text.split(",")]
    if not all(INTEGER.fullmatch(part) for part in parts):
        digits = all(re.fullmatch(r"[+-]?[0-9]+", part) for part in parts)
        raise ParameterError(
            "--rolls",
            text,
            "comma-separated die faces such as 2,1,17"
            + (" (at most 18 digits each)" if digits else ""),
        )
    return [integer_value(part) for part in parts]


def _ordinal(n: int) -> str:
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"


def too_few_faces(
    exc: ScriptExhausted,
    side: tuple[str, int] | None = None,
    dice: int | None = None,
    *,
    written: int | None = None,
    explodes: bool = False,
) -> str:
    """The CLI's message when ``--rolls`` ran out: which die found no face.

    ``side`` names the side of a contest that rolled it and how many faces
    the sides before it used: ``the 3rd die (the second side's 1st)``.
    ``dice`` is how many dice the check declares: a die past them is an
    extra die (an explosion's), and the message says that dice are added;
    when the check ``explodes`` it says so for any die, since an explosion
    draws its extra dice in the place of the die that exploded.
    ``written`` is how many dice an expression writes: a draw past them is
    a reroll's or an explosion's, and the message says so.
    """
    n = exc.given + 1
    given = {0: "none was", 1: "1 was"}.get(exc.given, f"{exc.given} were")
    notes = [] if side is None else [f"the {side[0]}'s {_ordinal(n - side[1])}"]
    own = n if side is None else n - side[1]
    if dice is not None and (own > dice or explodes):
        its = "the" if side is None else "its"
        notes.append(f"{its} check declares {dice}, explosions add more")
    if written is not None and n > written:
        count = "1 die" if written == 1 else f"{written} dice"
        notes.append(f"the expression writes {count}, rerolls and explosions draw more")
    whose = f" ({'; '.join(notes)})" if notes else ""
    return (
        f"--rolls has too few faces: the {_ordinal(n)} die{whose}, a d{exc.sides}, "
        f"has none ({given} given)"
    )


def too_many_faces(remaining: int, used: int, what: str) -> str:
    """The message for ``--rolls`` faces left over: ``1 face too many: …``."""
    faces = "face" if remaining == 1 else "faces"
    if not used:  # a check that rolls no die (its chance is out of reach)
        return f"--rolls has {remaining} {faces} too many: the {what} rolled no die"
    return (
        f"--rolls has {remaining} {faces} too many: the {what} used "
        f"{used} of {used + remaining}"
    )


def seed_json(seed: int) -> int | str:
    """A ``--seed`` as JSON writes it: a string of digits outside 64 bits.

    As [`SeededRng.to_json`][rollwerk.rng.SeededRng.to_json] writes a seed,
    since the project's JSON integers stay within −2⁶³…2⁶³ − 1.
    """
    return seed if -(2**63) <= seed < 2**63 else str(seed)
