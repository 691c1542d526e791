"""The ``rollwerk`` command-line interface (stdlib ``argparse``).

Subcommands live in their own modules and are imported only when used, so
that ``rollwerk roll`` never loads plugins. Exit codes:

- 0: done;
- 1: an unexpected error inside rollwerk itself (a bug; one line, and the
  stack with ``--traceback``);
- 2: the user's input was wrong (a bad value, an unknown ruleset, a limit);
- 3: a plugin failed while it was used
  ([`PluginFault`][rollwerk.errors.PluginFault]: a check, contest rule or
  optional rule raised or returned the wrong type).

Errors are one line on stderr; every subcommand takes ``--traceback`` to
print the full stack as well (for plugin authors).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn, TextIO, cast

# Binds the name ``rollwerk`` (``_lazy`` is loaded with the package and
# imports nothing of ours): ``rollwerk.plugins.Registry`` in the annotations
# resolves on first use, so ``typing.get_type_hints(main)`` works and start-up
# does not import the plugin host before it is needed.
import rollwerk._lazy

__all__ = ["main"]


# Which module defines each subcommand; a call imports only the one it needs.
_COMMANDS = {
    "roll": "_roll",
    "rulesets": "_checks",
    "check": "_checks",
    "odds": "_checks",
    "contest": "_checks",
    "fight": "_fight",
}


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit 2.

    argparse would print the whole usage block first; subcommand parsers
    inherit this class through ``add_subparsers``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # options are written out: a prefix (--ro) would mean --rolls to
        # `check` and --rounds to `fight`, and a new option would change it
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        # an option that stores one value is refused when given twice
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)

    def error(self, message: str) -> NoReturn:
        """Print ``rollwerk: error: <message>`` and a pointer to ``--help``.

        argparse's ``invalid choice`` quotes the value in full; it is
        abbreviated as rollwerk's own messages abbreviate values (`shown`).
        """
        message = _INVALID_CHOICE.sub(_abbreviated_choice, message)
        if message.startswith("argument --lang: invalid choice"):
            message += _languages_failed(self)
        # written as rollwerk's own errors are: a letter typed that stderr
        # cannot show is quoted as its escape, not spelt in ASCII (--rulesét
        # had been named --ruleset, a real option)
        _error(f"{message} (see '{self.prog} --help')")
        raise SystemExit(2)

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse builds a formatter on every add_argument, and its default
        # width comes from shutil, whose import costs a CLI call more than
        # everything else argparse needs. The same width, from os directly.
        formatter = cast("type[argparse.HelpFormatter]", self.formatter_class)
        return formatter(prog=self.prog, width=_terminal_width() - 2)


def _languages_failed(parser: argparse.ArgumentParser) -> str:
    """`` (1 plugin failed to load: …)`` after a refused ``--lang``, or ``""``.

    A language pack that failed to load is not among the choices; the
    refusal says so, as an unknown ruleset's does.
    """
    from rollwerk.cli._lang import Languages

    for action in parser._actions:
        if isinstance(action.choices, Languages):
            failed = action.choices.failed()
            return f" ({_cli_pointer(failed)})" if failed else ""
    return ""  # pragma: no cover - every --lang offers Languages


_INVALID_CHOICE = re.compile(
    r"(invalid choice: )('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
)
"""argparse's ``invalid choice: 'value'``, the value as Python's ``repr``."""


def _abbreviated_choice(match: re.Match[str]) -> str:
    """The ``invalid choice`` of `_INVALID_CHOICE` with its value `shown`."""
    import ast

    from rollwerk.errors import shown

    try:
        value = ast.literal_eval(match.group(2))
    except (ValueError, SyntaxError):  # pragma: no cover - argparse wrote it
        return match.group(0)
    return match.group(1) + shown(value)


_GIVEN = "_rollwerk_given"
"""The namespace attribute listing the single-valued options already given."""


class _StoreOnce(argparse._StoreAction):
    """``store``, except that an option taking one value may be given once.

    argparse keeps the last of ``--seed 1 --seed 2`` and drops the first
    without a word; this refuses the second as a usage error that names the
    option and both values. Options that repeat by design (``--option``,
    an ``append`` action) and ``--vs`` (several words, checked in `_parse`)
    are not affected.
    """

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        """Store ``values``; refuse the option when it was given before."""
        if self.nargs is None and self.option_strings:
            given: dict[str, object] = namespace.__dict__.setdefault(_GIVEN, {})
            if self.dest in given:
                from rollwerk.errors import shown

                name = self.option_strings[-1]
                parser.error(
                    f"{name} must be given once, got {shown(given[self.dest])} "
                    f"and then {shown(values)}"
                )
            given[self.dest] = values
        super().__call__(parser, namespace, values, option_string)


def _terminal_width() -> int:
    """The terminal width as `shutil.get_terminal_size` gives it (default 80)."""
    import os

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    stdout = sys.__stdout__
    if columns <= 0 and stdout is not None:
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Version(argparse.Action):
    """``--version``: the installed version, read only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **_: Any) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="print rollwerk's version and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from rollwerk.rulesets import distribution_version

        print(f"rollwerk {distribution_version('rollwerk')}")
        parser.exit()


def _parser(
    argv: Sequence[str] | None = None, registry: rollwerk.plugins.Registry | None = None
) -> argparse.ArgumentParser:
    import importlib

    from rollwerk.cli._lang import Languages

    languages = Languages(registry)  # --lang: the core's and the plugins' catalogs

    parser = _OneLineParser(
        prog="rollwerk",
        description="Roll dice, resolve checks and print exact odds.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    words = list(argv or ())
    at = next((i for i, a in enumerate(words) if not a.startswith("-")), len(words))
    first = words[at] if at < len(words) else None
    if any(w in ("-h", "--help") for w in words[:at]):
        first = None  # `rollwerk --help check`: the top help lists every command
    wanted = (
        [_COMMANDS[first]] if first in _COMMANDS else ["_roll", "_checks", "_fight"]
    )
    for name in wanted:
        module = importlib.import_module(f"rollwerk.cli.{name}")
        if name == "_checks" and first in _COMMANDS:
            # the one subcommand asked for: argparse builds every parser it is given
            module.add_parsers(sub, languages, commands=(first,))
        else:
            module.add_parsers(sub, languages)
    for command in sub.choices.values():
        for action in command._actions:
            if action.type is int:  # ASCII digits only: int() reads "1_0" and "٣"
                action.type = _integer
        command.add_argument(
            "--traceback",
            action="store_true",
            help="on an error, print the full stack too (for plugin authors)",
        )
    return parser


def _subcommand(
    parser: argparse.ArgumentParser, words: Sequence[str]
) -> argparse.ArgumentParser | None:
    """The parser of the subcommand ``words`` name first, if it is one."""
    first = next((w for w in words if not w.startswith("-")), "")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return cast("argparse.ArgumentParser | None", action.choices.get(first))
    return None  # pragma: no cover - the parser always has subcommands


def _unknown_options(
    command: argparse.ArgumentParser, words: Sequence[str]
) -> list[str]:
    """The words before ``--`` that look like options ``command`` does not have.

    argparse reports a missing argument before an unknown option
    (``rollwerk roll --bogus`` would say "notation is required"); the
    unknown option is the mistake to name. A negative number is not an
    option; an abbreviation (``--se`` for ``--seed``) is unknown, as the
    parser reads none.
    """
    known = command._option_string_actions
    unknown: list[str] = []
    for word in words:
        if word == "--":
            break
        if not word.startswith("-") or word == "-" or _NEGATIVE.fullmatch(word):
            continue
        name = word.split("=", 1)[0]
        if name in known:
            continue
        unknown.append(word)
    return unknown


def _as_given(refused: Sequence[str], words: Sequence[str], argv: Sequence[str]) -> str:
    """The refused words as the user wrote them, each visible.

    `leading_minus` glues an option and a value that starts with ``-``
    (``--max-outcomes -1d8`` is read as ``--max-outcomes=-1d8``): such a
    word is shown as the two words given. A word that is empty, holds
    white space or is not printable is quoted (``''`` was invisible).
    """
    given = list(argv)
    shown: list[str] = []
    for word in refused:
        name, eq, value = word.partition("=")
        if word not in given and eq and word in words:
            for i in range(len(given) - 1):
                if given[i] == name and given[i + 1] == value:
                    shown.extend((_visible(name), _visible(value)))
                    break
            else:
                shown.append(_visible(word))
            continue
        shown.append(_visible(word))
    return " ".join(shown)


def _visible(word: str) -> str:
    """``word``, quoted when it would not be seen as it is."""
    if word and word.isprintable() and not any(c.isspace() for c in word):
        return word
    return repr(word)


def _integer(text: str) -> int:
    """An ``argparse`` type: an integer in ASCII digits with an optional sign.

    White space around it and leading zeros are allowed; at most 400 digits
    after them (the largest seed a `SeededRng` takes).
    """
    text = text.strip()
    found = re.fullmatch(r"[+-]?0*([0-9]+)", text)
    if found is None or len(found.group(1)) > 400:
        from rollwerk.errors import shown

        what = "ASCII digits with an optional sign"
        if found is not None:
            what += f"; at most 400 digits, not {len(found.group(1))}"
        raise argparse.ArgumentTypeError(
            f"must be an integer ({what}), got {shown(text)}"
        )
    # without its leading zeros: int() refuses a text of more than 4300 digits
    return int(text[0] + found.group(1) if text[0] in "+-" else found.group(1))


def _parse(
    argv: Sequence[str], registry: rollwerk.plugins.Registry | None
) -> argparse.Namespace:
    """``argv`` parsed; argparse's exits (help, errors) raise ``SystemExit``."""
    parser = _parser(argv, registry)
    words = leading_minus(argv)
    command = _subcommand(parser, words)
    for word in words:
        if word == "--":
            break
        name, eq, value = word.partition("=")
        if eq and value == "--" and name in _VALUE_OPTIONS:
            # argparse gives such an option [] (it drops every '--')
            (command or parser).error(
                f"{name} must be given a value, got '--' (which ends the options)"
            )
    # before argparse, whose missing-argument error comes first
    if command is None:
        unknown = _unknown_options(parser, words)
    else:
        # the words before the command are the top level's (--version roll)
        at = next(i for i, w in enumerate(words) if not w.startswith("-"))
        unknown = _unknown_options(parser, words[:at]) + _unknown_options(
            command, words[at + 1 :]
        )
    if unknown:
        (command or parser).error(
            "unrecognized arguments: " + _as_given(unknown, words, argv)
        )
    args, extras = parser.parse_known_args(words)
    extras = [w for w in extras if w != "--"]  # leading_minus may have added it
    params = getattr(args, "params", None)
    if isinstance(getattr(args, "vs", None), list):
        given = [w for w in words if w == "--vs" or w.startswith("--vs=")]
        if len(given) > 1:
            (command or parser).error(
                "--vs must be given once, with all of the second side's "
                "KEY=VALUE words after it"
            )
    if extras and isinstance(params, list):
        # KEY=VALUE words after an option: argparse takes one run of a
        # positional, and they are the check's parameters all the same;
        # after --vs, the second side's
        late = [w for w in extras if "=" in w and not w.startswith("-")]
        if len(late) == len(extras):
            _place_late(words, late, params, getattr(args, "vs", None))
            extras = []
    if extras:
        (command or parser).error(
            "unrecognized arguments: " + _as_given(extras, words, argv)
        )
    vars(args).pop(_GIVEN, None)
    args.registry = registry
    if isinstance(getattr(args, "option", None), list):
        args.option = list(dict.fromkeys(args.option))  # switched on once
    return args


def main(
    argv: Sequence[str] | None = None,
    *,
    registry: rollwerk.plugins.Registry | None = None,
) -> int:
    """Run the CLI with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    It returns for every outcome, ``--help``, ``--version`` and argparse's
    own errors (a missing argument, an invalid choice) included: 0 done,
    2 the input was wrong, 3 a plugin failed, 1 an internal error, 74 the
    output could not be written, 130 interrupted (Ctrl-C).

    Args:
        argv: The arguments, without the program name.
        registry: The plugin registry the ruleset commands use (default:
            [`get_registry()`][rollwerk.plugins.get_registry]); tests and
            notebooks pass one with directly registered plugins.
    """
    from rollwerk.errors import ParameterError

    if argv is None:
        argv = sys.argv[1:]
    _plain_where_needed(sys.stdout, sys.stderr)
    words = (
        None
        if isinstance(argv, (str, bytes)) or not isinstance(argv, Iterable)
        else list(argv)  # read once: an iterator is still parsed
    )
    if words is None or not all(isinstance(word, str) for word in words):
        _error(str(ParameterError("argv", argv, "a list of strings, one per word")))
        return USAGE
    argv = words
    if sys.stdout is None:  # started with its standard output closed (`>&-`)
        _error("standard output is closed: there is nowhere to write to")
        return OUTPUT_FAILED
    _TYPED.clear()
    _TYPED.update(c for word in argv for c in word if not c.isascii())
    out = _Output(sys.stdout)
    sys.stdout = out
    try:
        code = _run(argv, registry)
        out.flush()
    except KeyboardInterrupt:
        _error("interrupted", "rollwerk")
        return INTERRUPTED
    except _OutputFailed as exc:
        if isinstance(exc.__cause__, BrokenPipeError):
            # the reader left (`rollwerk odds … | head -1`): not an error, and
            # nothing more is written when the interpreter exits
            _discard_stdout()
            return 0
        _error(f"the output could not be written: {exc}")
        return OUTPUT_FAILED
    finally:
        if sys.stdout is out:
            sys.stdout = out.stream
    return code


def _run(argv: list[str], registry: rollwerk.plugins.Registry | None) -> int:
    """Parse ``argv`` and run its subcommand: `main` without the output's failures."""
    from rollwerk.errors import (
        NotationError,
        PluginFault,
        RollwerkError,
        UnknownRuleset,
    )

    try:
        args = _parse(argv, registry)
    except SystemExit as exc:  # argparse: --help, --version, its errors
        return exc.code if isinstance(exc.code, int) else USAGE if exc.code else 0
    try:
        return int(args.handler(args))
    except (KeyboardInterrupt, _OutputFailed):
        raise
    except BaseException as exc:  # noqa: BLE001 - every failure is one line
        if args.traceback and sys.stderr is not None:
            # with stderr closed, traceback would write to stdout; a stderr
            # that fails must not turn the exit code into an internal error
            import traceback

            with contextlib.suppress(OSError, ValueError):
                traceback.print_exception(exc, file=sys.stderr)
                sys.stderr.flush()
        if isinstance(exc, PluginFault):
            _error(str(exc))
            return PLUGIN_FAULT
        if isinstance(exc, NotationError):
            _error(exc.one_line())
            return USAGE
        if isinstance(exc, UnknownRuleset):
            _error(_cli_pointer(str(exc)))
            return USAGE
        if isinstance(exc, RollwerkError):
            _error(_failures_command(str(exc)))
            return USAGE
        hint = "" if args.traceback else "; run again with --traceback to see where"
        _error(f"internal error: {exc!r}{hint}", "rollwerk")
        return INTERNAL


def _place_late(
    words: Sequence[str],
    late: Sequence[str],
    first: list[str],
    second: list[str] | None,
) -> None:
    """Give each of ``late`` to the side whose words it follows.

    ``late`` are the KEY=VALUE words argparse left over, the last of their
    kind in ``words`` (argparse took the earlier runs): one after ``--vs``
    (and another option) is the second side's (``second``, when the command
    has one), any other the first side's.
    """
    vs_at = next(
        (i for i, w in enumerate(words) if w == "--vs" or w.startswith("--vs=")),
        len(words),
    )
    end = len(words)
    placed: list[tuple[str, bool]] = []
    for word in reversed(late):  # each at its last place before the next one
        # walk back from the previous place: one pass over words in all
        # (a scan of all words for each had made 20 000 words take 16 s)
        end -= 1
        while words[end] != word:
            end -= 1
        placed.append((word, end > vs_at))
    for word, after_vs in reversed(placed):
        (second if after_vs and second is not None else first).append(word)


def leading_minus(argv: Sequence[str]) -> list[str]:
    """``rollwerk roll -1d8+4``: a notation that starts with ``-`` is the notation.

    argparse takes any word that starts with ``-`` (and is not a plain
    negative number) for an option. For the ``roll`` command, a word that
    starts with one ``-``, is not ``-h`` and does not follow an option that
    takes a value is the notation: it is moved behind ``--``, where
    argparse reads it as the positional argument. ``rollwerk roll -- -1d8+4``
    works as well and is left alone.

    The value of an option that takes one is read as its value even when
    it starts with ``-`` (``--rolls -1,1``, ``--seed -inf``), so its own
    check names it, instead of argparse's "expected one argument".

    >>> leading_minus(["roll", "-1d8+4", "--seed", "3"])
    ['roll', '--seed', '3', '--', '-1d8+4']
    >>> leading_minus(["roll", "--seed", "-3", "2d6"])
    ['roll', '--seed', '-3', '2d6']
    >>> leading_minus(["check", "ds4", "pw=3", "--rolls", "-1,1"])
    ['check', 'ds4', 'pw=3', '--rolls=-1,1']
    >>> leading_minus(["roll", "-d6", "--"])
    ['roll', '--', '-d6']
    >>> leading_minus(["roll", "--seed", "-h", "2d6"])
    ['roll', '--seed=-h', '2d6']
    """
    args: list[str] = []
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            args.extend(words[i:])
            break
        nxt = words[i + 1] if i + 1 < len(words) else None
        if (
            word in _VALUE_OPTIONS
            and nxt is not None
            and nxt.startswith("-")
            and not _NEGATIVE.fullmatch(nxt)  # argparse reads those itself
            # "-h" too: the docs promise the word after is the value
            and (nxt == "-h" or nxt.split("=", 1)[0] not in _OPTIONS)
        ):
            args.append(f"{word}={nxt}")
            i += 2
            continue
        args.append(word)
        i += 1
    if not args or args[0] != "roll":
        return args
    end = args.index("--") if "--" in args else len(args)
    for i in range(1, end):
        word = args[i]
        if not word.startswith("-"):
            continue  # a value after an option that starts with "-" is glued
        if word.startswith("--") or word == "-h" or _NEGATIVE.fullmatch(word):
            continue
        return [*args[:i], *args[i + 1 : end], "--", word, *args[end + 1 :]]
    return args


_VALUE_OPTIONS = frozenset(
    {
        "--by",
        "--dialect",
        "--lang",
        "--max-outcomes",
        "--option",
        "--rolls",
        "--rounds",
        "--ruleset",
        "--seed",
        "--vs-check",
    }
)
"""The options that take one value (read even when it starts with ``-``)."""
_OPTIONS = _VALUE_OPTIONS | {
    "--explain",
    "--json",
    "--odds",
    "--traceback",
    "--vs",
    "--help",
    "-h",
}
_NEGATIVE = re.compile(r"-[0-9]+|-[0-9]*\.[0-9]+")
"""What argparse reads as a negative number rather than an option."""


USAGE = 2
"""The exit code when the user's input was wrong."""
PLUGIN_FAULT = 3
"""The exit code when a plugin failed while it was used."""
INTERNAL = 1
"""The exit code of an unexpected error inside rollwerk (a bug)."""
OUTPUT_FAILED = 74
"""The exit code when the output could not be written (a full disk, a
closed standard output): ``EX_IOERR`` of BSD's ``sysexits.h``."""
INTERRUPTED = 130
"""The exit code after Ctrl-C (128 + SIGINT, as shells report it)."""

_TYPED: set[str] = set()
"""The characters beyond ASCII in the words of the running command: an error
echoes them as escapes where the terminal cannot show them (`_error`)."""


class _OutputFailed(Exception):
    """Writing to standard output failed (chained to the `OSError`)."""


class _Output:
    """Standard output, whose write failures end the command as one line.

    A full disk or a broken pipe raises `OSError` wherever the CLI prints;
    this wrapper turns it into `_OutputFailed`, which `main` reports as
    such instead of as an internal error (the `OSError` a plugin raises
    stays the plugin's). Everything else is the wrapped stream's.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as exc:
            raise _OutputFailed(exc.strerror or str(exc)) from exc

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            raise _OutputFailed(exc.strerror or str(exc)) from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _discard_stdout() -> None:
    """Point standard output at the null device after a broken pipe.

    As Python's docs advise: the interpreter's last flush then finds no
    reader missing.
    """
    with contextlib.suppress(OSError, ValueError):  # no descriptor to point
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ else 1)


def _one_line(text: str) -> str:
    r"""``text`` on one line, ending in a newline.

    As [`one_line`][rollwerk.errors.RollwerkError.one_line] writes an
    error: its line breaks joined with spaces, another control character
    (a terminal's escape code in a plugin's message) written as its escape
    (``\x1b``), at most ``rollwerk.errors.MAX_LINE`` characters, prefix
    included; a longer line is cut in the middle (``…``).
    """
    from rollwerk.errors import _single_line  # as one_line writes it

    return _single_line(text) + "\n"


FAILURES_COMMAND = "see `rollwerk rulesets`"
"""What an unknown ruleset's message points to on the command line when
plugins failed to load: the command that lists them, in place of the
registry's ``see Registry.failures``."""


def _failures_command(message: str) -> str:
    """``message`` pointing at `FAILURES_COMMAND` rather than the Python attribute."""
    from rollwerk.plugins._registry import FAILURES_POINTER

    return message.replace(FAILURES_POINTER, FAILURES_COMMAND)


def _cli_pointer(message: str) -> str:
    """``message`` in the CLI's words: its pointer to the failures, ``--option``.

    The registry names the argument ``options`` takes as ``option``; on the
    command line it is ``--option``.
    """
    if message.startswith(("option must be", "option '", 'option "')):
        message = "--" + message
    return _failures_command(message)


# What the CLI writes beyond ASCII, spelt in ASCII for a terminal or file
# that cannot hold it (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``).
_PLAIN = {
    "█": "#",
    "▏": "|",
    "≈": "~",
    "→": "->",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "±": "+/-",
    "×": "x",
    "−": "-",
    "–": "-",
    "—": "-",
    "…": "...",
    "„": '"',
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "ä": "ae",
    "ö": "oe",
    "ü": "ue",
    "Ä": "Ae",
    "Ö": "Oe",
    "Ü": "Ue",
    "ß": "ss",
}
_FALLBACK = "rollwerk-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    r"""A codec error handler: what a stream cannot encode, spelt in ASCII.

    The table's spellings first, else the letter without its accents
    (``é`` as ``e``), else a backslash escape (``٣`` as ``\u0663``), so an
    error still shows what was typed.
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata

    out = []
    for char in error.object[error.start : error.end]:
        spelt = _PLAIN.get(char)
        if spelt is None:
            base = unicodedata.normalize("NFKD", char)
            base = "".join(c for c in base if c.isascii() and c.isprintable())
            spelt = base or char.encode("ascii", "backslashreplace").decode()
        out.append(spelt)
    return "".join(out), error.end


def _plain_where_needed(*streams: object) -> None:
    """Let ``streams`` that cannot write the CLI's symbols write them in ASCII.

    A stream whose encoding holds them (UTF-8, a capture in a test) keeps
    it, writing what it still cannot encode (an argument's bytes that are
    not UTF-8) as backslash escapes; a text stream that cannot
    (``LC_ALL=C``) is reconfigured to spell what it cannot encode as
    `_plain` does, so that a table or a German word is written instead of
    failing as an internal error.
    """
    import codecs
    import io

    for stream in streams:
        if not isinstance(stream, io.TextIOWrapper):
            continue
        try:
            "█≈→äß".encode(stream.encoding)
        except (UnicodeEncodeError, LookupError):
            pass
        else:
            if stream.errors == "strict":
                # what no encoding holds: bytes of an argument that are not
                # UTF-8 (read as lone surrogates), echoed in a notation
                stream.reconfigure(errors="backslashreplace")
            continue
        try:
            codecs.lookup_error(_FALLBACK)
        except LookupError:
            codecs.register_error(_FALLBACK, _plain)
        stream.reconfigure(errors=_FALLBACK)


def _error(message: str, prefix: str = "rollwerk: error") -> None:
    r"""Write ``message`` to stderr on one line (nothing if stderr is closed).

    Where stderr cannot show a letter or digit the user typed, it is
    written as its escape (``\xfc``), not spelt in ASCII (``ue``), so the
    error quotes what was typed, not other letters.
    """
    stream = sys.stderr
    if stream is None:  # started with `2>&-`: the exit code still tells
        return
    line = _one_line(f"{prefix}: {message}")
    encoding = getattr(stream, "encoding", None) or "utf-8"
    typed = {c for c in _TYPED if c.isalnum() and c in line}
    if typed:
        try:
            line.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            line = "".join(
                c.encode("ascii", "backslashreplace").decode() if c in typed else c
                for c in line
            )
    with contextlib.suppress(OSError, ValueError):  # stderr itself failed
        stream.write(line)
