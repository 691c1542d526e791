"""Dice notation: parse text into an expression that rolls and gives exact odds.

``parse`` compiles notation (``2d6+3``, ``2W6+3``, ``4d6kh3``, ``10d6>=5``)
into a syntax tree whose dice terms are [`Pool`][rollwerk.dice.Pool]s.
``parse(text, dialect="roll20")`` reads the text as Roll20 (or Foundry VTT,
Avrae's d20, German tables) means it: a [`Dialect`][rollwerk.notation.Dialect]
is a table of readings over the one parser and exact engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.notation._dialect import (
        DIALECTS,
        Dialect,
        Division,
        Feature,
        Percent,
        get_dialect,
    )
    from rollwerk.notation._expression import (
        Expression,
        RollResult,
        parse,
        roll,
    )
    from rollwerk.notation._rolled import (
        NodeKind,
        RollNode,
    )

__all__ = [
    "DIALECTS",
    "Dialect",
    "Division",
    "Expression",
    "Feature",
    "NodeKind",
    "Percent",
    "RollNode",
    "RollResult",
    "get_dialect",
    "parse",
    "roll",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "DIALECTS": "rollwerk.notation._dialect",
            "Dialect": "rollwerk.notation._dialect",
            "Division": "rollwerk.notation._dialect",
            "Percent": "rollwerk.notation._dialect",
            "Expression": "rollwerk.notation._expression",
            "Feature": "rollwerk.notation._dialect",
            "get_dialect": "rollwerk.notation._dialect",
            "NodeKind": "rollwerk.notation._rolled",
            "RollNode": "rollwerk.notation._rolled",
            "RollResult": "rollwerk.notation._expression",
            "parse": "rollwerk.notation._expression",
            "roll": "rollwerk.notation._expression",
        },
    )
