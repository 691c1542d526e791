"""The ``rollwerk`` command line: ``roll``, ``rulesets``, ``check``, ``odds``, ``contest``.

[`main`][rollwerk.cli.main] is the console script's entry point; each
subcommand lives in its own module and is imported only when it runs.
"""

from __future__ import annotations

from rollwerk.cli._main import main

__all__ = ["main"]
