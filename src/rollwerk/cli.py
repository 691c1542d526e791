"""The ``rollwerk`` command-line interface (stdlib ``argparse``).

Subcommands live in their own modules and are imported only when used, so
that ``rollwerk roll`` never loads plugins. User errors print one line on
stderr and exit with code 2; there is never a traceback for them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rollwerk.plugins import Registry

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    from rollwerk import _cli_checks, _cli_roll

    parser = argparse.ArgumentParser(
        prog="rollwerk",
        description="Roll dice, resolve checks and print exact odds.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _cli_roll.add_parsers(sub)
    _cli_checks.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None, *, registry: Registry | None = None) -> int:
    """Run the CLI with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Args:
        argv: The arguments, without the program name.
        registry: The plugin registry the ruleset commands use (default:
            [`get_registry()`][rollwerk.plugins.get_registry]); tests and
            notebooks pass one with directly registered plugins.
    """
    from rollwerk._errors import NotationError, RollwerkError

    parser = _parser()
    args = parser.parse_args(argv)
    args.registry = registry
    try:
        return int(args.handler(args))
    except NotationError as exc:
        print(f"rollwerk: error: {exc.one_line()}", file=sys.stderr)
        return 2
    except RollwerkError as exc:
        message = str(exc).replace("\n", " ")
        print(f"rollwerk: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. `rollwerk odds … | head`
        return 0
