"""Must fail ``mypy --strict``: lazy exports are invisible to type checkers.

Each line that ends in ``# E: <code>`` must be reported by mypy with that
error code (``tests/test_typing_must_fail.py`` asserts it); mypy's default
run excludes this folder (``[tool.mypy] exclude``) and pytest collects
nothing from it (``tests/typing/conftest.py``). Before lazy exports were
typed, every line passed: the misspelt names as ``object``, the calls as
``Any``.
"""

from __future__ import annotations

import rollwerk
import rollwerk.testing
from rollwerk import Encountr  # E: attr-defined
from rollwerk.encounter import Roundz  # E: attr-defined
from rollwerk.testing import assert_rulesetcontract  # E: attr-defined
from rollwerk.testing.examples import ToyRuleset


def wrong_calls() -> None:
    rollwerk.parse(3)  # E: arg-type
    rollwerk.Encountr.create(["A"])  # E: attr-defined
    rollwerk.testing.assert_ruleset_contract(1, 2, 3)  # E: call-arg, arg-type
    toy = ToyRuleset()
    rollwerk.testing.assert_ruleset_contract(toy, max_exampels=2)  # E: call-arg
    print(Encountr, Roundz, assert_rulesetcontract)
