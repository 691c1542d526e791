"""Must fail ``mypy --strict``: ``CheckDefinition.call`` is typed by ``what``.

Each line that ends in ``# E: <code>`` must be reported by mypy with that
error code (``tests/test_typing_must_fail.py`` asserts it). ``call`` was
typed ``-> Any``: a misspelt function name and a judge returning what
``"odds"`` gives both passed ``mypy --strict``.
"""

from __future__ import annotations

from typing import Any

from rollwerk import Outcome
from rollwerk.checks import CheckDefinition


def judge(
    definition: CheckDefinition, faces: tuple[int, ...], **params: Any
) -> Outcome:
    definition.call("jduge", faces, params=params)  # E: call-overload
    return definition.call("odds", params=params)  # E: return-value
