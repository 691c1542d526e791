"""Checks: the outcome model, success levels, declared parameters, the toolkit.

A [`Check`][rollwerk.checks.Check] is a frozen value built by a ruleset; it
resolves to a [`CheckResult`][rollwerk.checks.CheckResult] and gives the exact
distribution of its [`Outcome`][rollwerk.checks.Outcome]s. The authoring
toolkit ([`define_check`][rollwerk.checks.define_check] and the face helpers)
builds such checks from their dice and a pure function of the faces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollwerk._lazy import lazy_exports

if TYPE_CHECKING:
    from rollwerk.checks._contest_result import (
        ContestResult,
    )
    from rollwerk.checks._faces import (
        MAX_TENS_DICE,
        d100,
        d100_dice,
        d100_value,
        pool_dice,
        roll_under,
        successes,
    )
    from rollwerk.checks._levels import Level, SuccessLevels
    from rollwerk.checks._model import (
        Check,
        CheckResult,
        ContestOutcome,
        Degree,
        Explanation,
        Modifier,
        Outcome,
        Scalar,
    )
    from rollwerk.checks._parameters import (
        CheckSpec,
        Difficulty,
        Monotonic,
        Parameter,
        enum_parameter,
    )
    from rollwerk.checks._requests import (
        CheckRequests,
        OffersChecks,
        check_from_request,
        parse_mapping,
        parse_words,
    )
    from rollwerk.checks._toolkit import (
        ENUMERATION_BUDGET,
        MEMO_LIMIT,
        TOOLKIT_CATALOG,
        CheckDefinition,
        DiceSpec,
        FaceCheck,
        StopRule,
        compare,
        define_check,
        enumerate_faces,
        face_weights,
    )

__all__ = [
    "ENUMERATION_BUDGET",
    "MAX_TENS_DICE",
    "MEMO_LIMIT",
    "TOOLKIT_CATALOG",
    "Check",
    "CheckDefinition",
    "CheckRequests",
    "CheckResult",
    "CheckSpec",
    "ContestOutcome",
    "ContestResult",
    "Degree",
    "DiceSpec",
    "Difficulty",
    "Explanation",
    "FaceCheck",
    "Level",
    "Modifier",
    "Monotonic",
    "OffersChecks",
    "Outcome",
    "Parameter",
    "Scalar",
    "StopRule",
    "SuccessLevels",
    "check_from_request",
    "compare",
    "d100",
    "d100_dice",
    "d100_value",
    "define_check",
    "enum_parameter",
    "enumerate_faces",
    "face_weights",
    "parse_mapping",
    "parse_words",
    "pool_dice",
    "roll_under",
    "successes",
]

if not TYPE_CHECKING:
    # Names are imported on first use (see ``rollwerk._lazy``); type checkers
    # and documentation tools read the imports above instead.
    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "CheckRequests": "rollwerk.checks._requests",
            "OffersChecks": "rollwerk.checks._requests",
            "check_from_request": "rollwerk.checks._requests",
            "parse_mapping": "rollwerk.checks._requests",
            "parse_words": "rollwerk.checks._requests",
            "ENUMERATION_BUDGET": "rollwerk.checks._toolkit",
            "MAX_TENS_DICE": "rollwerk.checks._faces",
            "MEMO_LIMIT": "rollwerk.checks._toolkit",
            "TOOLKIT_CATALOG": "rollwerk.checks._toolkit",
            "CheckDefinition": "rollwerk.checks._toolkit",
            "DiceSpec": "rollwerk.checks._toolkit",
            "FaceCheck": "rollwerk.checks._toolkit",
            "Level": "rollwerk.checks._levels",
            "SuccessLevels": "rollwerk.checks._levels",
            "compare": "rollwerk.checks._toolkit",
            "d100": "rollwerk.checks._faces",
            "d100_dice": "rollwerk.checks._faces",
            "d100_value": "rollwerk.checks._faces",
            "define_check": "rollwerk.checks._toolkit",
            "enumerate_faces": "rollwerk.checks._toolkit",
            "face_weights": "rollwerk.checks._toolkit",
            "StopRule": "rollwerk.checks._toolkit",
            "pool_dice": "rollwerk.checks._faces",
            "roll_under": "rollwerk.checks._faces",
            "successes": "rollwerk.checks._faces",
            "Check": "rollwerk.checks._model",
            "CheckResult": "rollwerk.checks._model",
            "CheckSpec": "rollwerk.checks._parameters",
            "ContestOutcome": "rollwerk.checks._model",
            "ContestResult": "rollwerk.checks._contest_result",
            "Degree": "rollwerk.checks._model",
            "Difficulty": "rollwerk.checks._parameters",
            "Explanation": "rollwerk.checks._model",
            "Modifier": "rollwerk.checks._model",
            "Monotonic": "rollwerk.checks._parameters",
            "Outcome": "rollwerk.checks._model",
            "Parameter": "rollwerk.checks._parameters",
            "Scalar": "rollwerk.checks._model",
            "enum_parameter": "rollwerk.checks._parameters",
        },
    )
