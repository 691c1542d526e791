"""Every rollwerk error pickles, so a worker process can send it back (helper-170).

Python rebuilds an exception by calling its class with ``args``; most
rollwerk errors take their fields, not the message, so unpickling raised
``TypeError: … missing 2 required positional arguments`` and one refused
input broke a bot's ``ProcessPoolExecutor`` for every user.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest

import rollwerk
from rollwerk.errors import (
    CheckFault,
    ContestError,
    ExplainFailed,
    LimitExceeded,
    NotationError,
    ParameterError,
    PluginError,
    PluginFault,
    RollwerkError,
    RulesError,
    SchemaError,
    ScriptExhausted,
    ScriptNotExhausted,
    UnknownCheck,
    UnknownRuleset,
)
from rollwerk.i18n import MissingMessage, TemplateError

ERRORS: list[RollwerkError] = [
    ParameterError("pw", 500, "an integer from 1 to 100"),
    ParameterError("pw", None, "an integer", missing=True),
    NotationError("2d", 3, "expected the number of sides"),
    LimitExceeded("dice count", 99999999, 1000),
    ScriptExhausted("the script has no face left", given=2, sides=6),
    ScriptNotExhausted(3, 1, (4, 5)),
    UnknownRuleset(
        "ruleset must be one of: toy, got 'x'",
        parameter="ruleset",
        value="x",
        choices=["toy"],
    ),
    UnknownCheck(
        "check must be one of: check, got 'y'",
        parameter="check",
        value="y",
        choices=["check"],
    ),
    ContestError("different rulesets"),
    RulesError("no turn is under way"),
    CheckFault("the judge returned None"),
    ExplainFailed("the explanation of toy:check failed"),
    SchemaError.field("initiative", "an integer", "x", document="combatant"),
    PluginError("toy", "rollwerk-toy", "it raised"),
    PluginFault("toy", None, "toy:check.resolve", "raised ZeroDivisionError()"),
    MissingMessage("toy.x", ("en",), asked="de"),
    TemplateError("toy.x", "de", "{a", "a lone brace"),
]


def _subclasses(cls: type[RollwerkError]) -> Iterator[type[RollwerkError]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_public_error_class_is_listed() -> None:
    import rollwerk.i18n  # noqa: F401  (defines two of them)

    public = {
        c for c in _subclasses(RollwerkError) if c.__module__.startswith("rollwerk")
    }
    public = {c for c in public if not c.__name__.startswith("_")}
    assert public <= {type(e) for e in ERRORS}


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_an_error_pickles_with_its_message_and_fields(error: RollwerkError) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error)
    assert again.args == error.args
    assert again.__dict__ == error.__dict__
    assert again.one_line() == error.one_line()


def test_a_raised_error_pickles() -> None:
    with pytest.raises(LimitExceeded) as info:
        rollwerk.parse("99999999d6")
    again = pickle.loads(pickle.dumps(info.value))
    assert (again.limit, again.value, again.maximum) == ("dice count", 99999999, 1000)
    assert str(again) == str(info.value)
