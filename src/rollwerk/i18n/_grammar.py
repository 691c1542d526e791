"""Small grammar for texts: genitives of names, counted units, spans of time.

Every function returns a [`Text`][rollwerk.i18n.Text] of the core catalog,
so the choice of words stays in the catalogs and a plugin can add a language
for them; only the choice of the message id (singular or plural, which
genitive) is made here, by rules that hold in English and German.
"""

from __future__ import annotations

from fractions import Fraction

from rollwerk.errors import ParameterError
from rollwerk.i18n._catalog import Text
from rollwerk.i18n._core import CORE

__all__ = ["UNITS", "genitive", "number", "quantity", "time_span"]

UNITS = ("round", "turn", "action", "check", "second", "minute", "hour", "day")
"""The units [`quantity`][rollwerk.i18n.quantity] has words for (``unit.<unit>.one/other``)."""

_PLURAL_UNITS = {f"{unit}s": unit for unit in UNITS}


def genitive(name: str) -> Text:
    """A name in the genitive, as a text: ``Kyra's``/``Kyras``, ``Valeros'``.

    The message is ``name.genitive.s`` for a name ending in *s* or *ß*
    (English ``Valeros'``, German ``Valeros'``), ``name.genitive.xz`` for
    one ending in *x* or *z* (English ``Max's``, German ``Max'``), and
    ``name.genitive`` otherwise (``Kyra's``, ``Kyras``).

    >>> genitive("Kyra")(), genitive("Kyra")("de")
    ("Kyra's", 'Kyras')
    >>> genitive("Valeros")(), genitive("Valeros")("de")
    ("Valeros'", "Valeros'")
    >>> genitive("Max")(), genitive("Max")("de")
    ("Max's", "Max'")
    """
    if not isinstance(name, str):
        raise ParameterError("name", name, "a string")
    last = name[-1:].lower()
    if last in ("s", "ß"):
        return CORE.text("name.genitive.s", name=name)
    if last in ("x", "z"):
        return CORE.text("name.genitive.xz", name=name)
    return CORE.text("name.genitive", name=name)


def number(value: int | Fraction) -> int | Text:
    """A number as a text field: an int as it is, a fraction in decimals.

    A fraction with a finite decimal expansion is written with the
    language's decimal point (``number.decimal_point``, joined by the
    template ``number.decimal``: ``2.5``, ``2,5``); any
    other fraction as ``1/3``.

    >>> number(Fraction(5, 2))("de"), number(Fraction(1, 3))(), number(4)
    ('2,5', '1/3', 4)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, Fraction):
        raise ParameterError("value", value, "an integer or a Fraction")
    frac = value
    if frac.denominator == 1:
        return frac.numerator
    den = frac.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return CORE.text("number.fraction", value=str(frac))
    places = max(twos, fives)
    sign = "-" if frac < 0 else ""
    scaled = abs(frac.numerator) * 10**places // frac.denominator
    whole, part = divmod(scaled, 10**places)
    return CORE.text(
        "number.decimal",
        whole=f"{sign}{whole}",
        point=CORE.text("number.decimal_point"),
        fraction=str(part).rjust(places, "0"),
    )


def quantity(unit: str, n: int | Fraction) -> Text:
    """``n`` of ``unit`` as a text: ``1 round``, ``2 Runden``, ``1,5 Sekunden``.

    ``unit`` is one of [`UNITS`][rollwerk.i18n.UNITS], singular or plural
    (``"round"``, ``"rounds"``); any other unit (a plugin's) is written as
    ``{n} {unit}`` (``unit.any``).

    >>> quantity("rounds", 1)(), quantity("rounds", 2)("de")
    ('1 round', '2 Runden')
    """
    if not isinstance(unit, str):
        raise ParameterError("unit", unit, "a unit's name (a string)")
    key = _PLURAL_UNITS.get(unit, unit)
    if key not in UNITS:
        return CORE.text("unit.any", n=number(n), unit=unit)
    form = "one" if n == 1 else "other"
    return CORE.text(f"unit.{key}.{form}", n=number(n))


def time_span(seconds: int | Fraction) -> Text:
    """A span of game time in days, hours, minutes and seconds.

    >>> time_span(600)(), time_span(600)("de")
    ('10 minutes', '10 Minuten')
    >>> time_span(93785)()
    '1 day, 2 hours, 3 minutes and 5 seconds'
    >>> time_span(Fraction(90))("de"), time_span(Fraction(15, 2))()
    ('1 Minute und 30 Sekunden', '7.5 seconds')

    Raises:
        ParameterError: ``seconds`` is not an integer or a Fraction, or is
            negative.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, Fraction)):
        raise ParameterError("seconds", seconds, "an integer or a Fraction")
    total = Fraction(seconds)
    if total < 0:
        raise ParameterError("seconds", seconds, "a span of at least 0 seconds")
    parts: list[Text] = []
    rest = total
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        count = int(rest // size)
        if count:
            parts.append(quantity(unit, count))
            rest -= count * size
    if rest or not parts:
        parts.append(quantity("second", rest))
    text = parts[-1]
    if len(parts) > 1:
        text = CORE.text("time.and", a=parts[-2], b=parts[-1])
        for part in reversed(parts[:-2]):
            text = CORE.text("time.comma", a=part, b=text)
    return text
