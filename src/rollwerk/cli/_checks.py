"""The ``rulesets``, ``check``, ``odds`` and ``contest`` subcommands.

Every ruleset comes from [`get_registry()`][rollwerk.plugins.get_registry]
(or from the registry passed to [`rollwerk.cli.main`][rollwerk.cli.main]), and
every check is built from the parameters the ruleset declares, so the
commands work for any installed ruleset. User errors raise a
[`RollwerkError`][rollwerk.errors.RollwerkError]; ``rollwerk.cli.main`` prints it as
one line on stderr and exits with code 2.

Longer than 500 lines because the four subcommands share their parameter
parsing, lookups and output tables; each command is a short function.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeGuard

from rollwerk.checks._levels import Level
from rollwerk.checks._model import (
    SCHEMA,
    CheckResult,
    ContestOutcome,
    Degree,
    Outcome,
)
from rollwerk.checks._parameters import CheckSpec, Parameter
from rollwerk.checks._requests import find_spec, parse_words
from rollwerk.cli._format import (
    add_max_outcomes,
    bar,
    emit,
    emit_json,
    faces,
    fraction_text,
    most_likely,
    percent,
    second_side,
    seed_json,
    table,
    too_few_faces,
    too_many_faces,
)
from rollwerk.cli._lang import Languages, catalogs, omitted, registry_of, word
from rollwerk.distribution import Distribution, fraction_to_str
from rollwerk.errors import (
    CheckFault,
    ExplainFailed,
    LimitExceeded,
    ParameterError,
    RollwerkError,
    RulesError,
    ScriptExhausted,
    UnknownCheck,
    UnknownRuleset,
)
from rollwerk.i18n import CORE, Catalog
from rollwerk.i18n._catalog import lookup_languages
from rollwerk.rng import Rng, ScriptedRng, SeededRng, SystemRng
from rollwerk.rulesets import Ruleset, contest_odds, contest_result, levels_of

if TYPE_CHECKING:
    from rollwerk.checks._model import Check, Scalar
    from rollwerk.plugins._registry import Registry

__all__ = ["add_parsers"]

# The old word keys of the CLI, by their message ids in the core catalog.
_WORD_IDS = {
    "yes": "cli.success",
    "no": "cli.failure",
    "no roll": "cli.no_roll",
    **{c.value: f"cli.contest.{c.value}" for c in ContestOutcome},
}


# What `odds --by` groups the outcomes by (and ``extra:NAME``).
_BY = ("outcome", "degree", "level", "value")
_EXTRA = "extra:"


# -- parsers -----------------------------------------------------------------


_NAMES = ("rulesets", "check", "odds", "contest")


def add_parsers(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    languages: Languages | None = None,
    commands: Sequence[str] = _NAMES,
) -> None:
    """Add ``rulesets``, ``check``, ``odds`` and ``contest`` to the CLI.

    ``languages`` are the choices of ``--lang`` (default: the core's and the
    installed plugins' catalogs' languages); ``commands`` the subcommands
    to add (default: all four; the CLI adds only the one it runs).
    """
    if languages is None:
        languages = Languages(None)
    for name in _NAMES:
        if name in commands:
            _ADDERS[name](subparsers, languages)


def _add_rulesets(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    languages: Languages,
) -> None:
    p = subparsers.add_parser(
        "rulesets",
        help="list the installed rulesets and plugin load failures",
        description="List the installed rulesets (id, name, version, "
        "distribution, checks, optional rules) and plugins that failed to load. "
        "With a ruleset id, show its checks and their parameters.",
    )
    p.add_argument("ruleset", nargs="?", help="show the details of this ruleset")
    p.add_argument("--json", action="store_true", help="print JSON")
    _lang(p, languages)
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID",
        help="with a ruleset id: its checks with an optional rule on, showing "
        "the parameters the rule adds (repeatable)",
    )
    p.set_defaults(handler=cmd_rulesets)


def _add_check(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    languages: Languages,
) -> None:
    p = subparsers.add_parser(
        "check",
        help="resolve a check of a ruleset",
        description="Resolve one check, e.g. `rollwerk check ds4 pw=14 --seed 7`.",
    )
    _common(p, languages)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--seed", type=int, metavar="N", help="roll with a seeded Rng")
    group.add_argument(
        "--rolls",
        metavar="A,B,…",
        help="use exactly these die faces, in order (e.g. 2,1,17)",
    )
    p.add_argument("--explain", action="store_true", help="say what happened")
    p.set_defaults(handler=cmd_check)


def _add_odds(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    languages: Languages,
) -> None:
    p = subparsers.add_parser(
        "odds",
        help="print the exact outcome distribution of a check",
        description="Print the exact distribution of a check's outcomes as a "
        "table with a bar chart, best outcome first.",
    )
    _common(p, languages)
    add_max_outcomes(p)
    p.add_argument(
        "--by",
        metavar="outcome|degree|level|value|extra:NAME",
        default="outcome",
        help="one row per outcome (default), per degree, per success level "
        "(rulesets that declare levels), per value or per value of the extra "
        "NAME, the rest summed",
    )
    p.set_defaults(handler=cmd_odds)


def _add_contest(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    languages: Languages,
) -> None:
    p = subparsers.add_parser(
        "contest",
        help="print the exact odds of an opposed check",
        description="Print who wins a contest: the first check (key=value…) "
        "against the second (--vs key=value…).",
    )
    _common(p, languages)
    p.add_argument(
        "--vs",
        nargs="*",
        required=True,
        default=[],
        metavar="KEY=VALUE",
        help="the parameters of the second side; always given, alone for its defaults",
    )
    p.add_argument(
        "--vs-check",
        metavar="CHECK",
        help="the second side's check (default: the same check)",
    )
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="also resolve both sides with a seeded Rng (first, then second) "
        "and explain who won",
    )
    group.add_argument(
        "--rolls",
        metavar="A,B,…",
        help="also resolve both sides with exactly these die faces, the first "
        "side's then the second's, and explain who won",
    )
    p.set_defaults(handler=cmd_contest)


_ADDERS = {
    "rulesets": _add_rulesets,
    "check": _add_check,
    "odds": _add_odds,
    "contest": _add_contest,
}


def _lang(p: argparse.ArgumentParser, languages: Languages) -> None:
    p.add_argument(
        "--lang",
        choices=languages,
        default="en",
        metavar="LANG",
        help="language (en, de, or one a plugin's catalog adds)",
    )
    p.set_defaults(languages=languages)


def _common(p: argparse.ArgumentParser, languages: Languages) -> None:
    p.add_argument("target", metavar="RULESET[:CHECK]", help="e.g. ds4 or ds4:check")
    p.add_argument(
        "params",
        nargs="*",
        default=[],  # without a default argparse calls it required
        metavar="KEY=VALUE",
        help="the check's parameters",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    _lang(p, languages)
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID",
        help="switch on an optional rule (repeatable)",
    )


# -- building checks ---------------------------------------------------------


def parse_params(
    spec: CheckSpec, items: Sequence[str], where: str
) -> dict[str, Scalar]:
    """Parse ``key=value`` words against the declared parameters of ``spec``.

    The public [`parse_words`][rollwerk.checks.parse_words] (the bot path
    parses requests with it too, so both give the same messages).

    Raises:
        ParameterError: A malformed word, an unknown or repeated key, or a
            value the parameter does not allow.
    """
    return parse_words(spec, items, where)


def _build(
    ruleset: Ruleset,
    spec: CheckSpec,
    items: Sequence[str],
    args: argparse.Namespace | None = None,
) -> tuple[Check, dict[str, Scalar]]:
    where = f"{ruleset.id}:{spec.name}"
    try:
        return _build_words(ruleset, spec, items, where)
    except ParameterError as exc:
        key = exc.value
        if (
            args is None
            or exc.parameter != f"parameter of {where}"
            or any(p.name == key for p in spec.parameters)  # not an unknown key
        ):
            raise
        option = _option_adding(args, ruleset, spec, key)
        if option is None:
            raise
        raise ParameterError(
            exc.parameter,
            key,
            f"{exc.allowed} ({key} comes with --option {option})",
        ) from None


def _option_adding(
    args: argparse.Namespace, ruleset: Ruleset, spec: CheckSpec, key: object
) -> str | None:
    """The optional rule not switched on whose check has the parameter ``key``.

    ``rollwerk check ds4:attack attack_points=2`` is refused with a pointer
    to ``--option slayer-points``, which adds it.
    """
    registry = registry_of(args)
    on = list(args.option)
    for rule in registry.optional_rules(ruleset.id):
        if rule.id in on:
            continue
        try:
            other = find_spec(
                registry.ruleset(ruleset.id, options=[*on, rule.id]), spec.name
            )
        except RollwerkError:
            continue
        if any(p.name == key for p in other.parameters):
            return rule.id
    return None


def _build_words(
    ruleset: Ruleset, spec: CheckSpec, items: Sequence[str], where: str
) -> tuple[Check, dict[str, Scalar]]:
    for item in items[:1]:
        # "rollwerk odds ds4 attack …": a check's name where a word belongs
        if "=" not in item and item in {s.name for s in ruleset.checks()}:
            raise ParameterError(
                f"parameter of {where}",
                item,
                f"written key=value (to choose the check {item!r}, write "
                f"{ruleset.id}:{item})",
            )
    given = parse_params(spec, items, where)
    check = spec.build(**given)
    params = {
        p.name: check.parameters.get(p.name, given.get(p.name)) for p in spec.parameters
    }
    return check, params


def _target(args: argparse.Namespace) -> tuple[Ruleset, CheckSpec]:
    rid, sep, check_name = str(args.target).partition(":")
    # Always the full registry: only it knows whether another plugin claims
    # the same id, so the CLI and the API agree on what an id means.
    registry = registry_of(args)
    ruleset = registry.ruleset(rid, options=args.option)
    try:
        return ruleset, find_spec(ruleset, check_name if sep else None)
    except UnknownCheck as exc:
        adding = _options_adding(registry, rid, list(args.option or ()), check_name)
        if not adding:
            raise
        options = " or ".join(f"--option {o}" for o in adding)
        raise _reworded(exc, f"{exc} ({options} adds it)") from None


def _reworded(exc: UnknownCheck, message: str) -> UnknownCheck:
    """``exc`` with the message the command line gives it, its fields kept."""
    return UnknownCheck(
        message, parameter=exc.parameter, value=exc.value, choices=exc.choices
    )


def _options_adding(
    registry: Registry, rid: str, options: list[str], check_name: str
) -> list[str]:
    """The optional rules of ``rid`` not yet on that would add ``check_name``.

    Asked only after a check is not found (``yze:push`` without ``--option
    push``): each rule is applied to see; one that fails is passed over.
    """
    found = []
    for rule in registry.optional_rules(rid):
        if rule.id in options:
            continue
        try:
            names = [
                s.name
                for s in registry.ruleset(rid, options=[*options, rule.id]).checks()
            ]
        except RollwerkError:
            continue
        if check_name in names:
            found.append(rule.id)
    return found


# -- formatting --------------------------------------------------------------


def _cats(args: argparse.Namespace) -> Catalog:
    return catalogs(args.languages, args.lang)


def _word(cats: Catalog, lang: str, key: str) -> str:
    return word(cats, lang, _WORD_IDS.get(key, f"cli.{key}"))


def _degree_label(ruleset: Ruleset, lang: str, degree: Degree, cats: Catalog) -> str:
    """The ruleset's word for ``degree`` (see `_label`)."""
    return _label(ruleset, lang, degree.value, cats)


def _label(
    ruleset: Ruleset, lang: str, key: str, cats: Catalog, fallback: str | None = None
) -> str:
    """The ruleset's word for a degree, level or contest outcome ``key``.

    A catalog message ``<ruleset id>.label.<key>`` in ``lang`` wins (how
    a plugin adds a language for another ruleset's labels); then the
    ruleset's own ``labels[lang]``, then ``fallback`` if given (the
    command line's word in ``lang``), else its English label. In English
    (``en``, ``en-GB``) the ruleset's English label comes before
    ``fallback``: AdZ's "the opponent wins", not "second side wins".
    """
    chain = lookup_languages(lang)
    english = len(chain) <= 2 and chain[-1] == "en" and chain[0].startswith("en")
    for want in chain if english else chain[:-1]:  # fr-CA, then fr; English below
        label = cats.template(want, f"{ruleset.id}.label.{key}")
        if label:
            # a label has no fields: its doubled braces stand for one
            return label.replace("{{", "{").replace("}}", "}")
        labels: Mapping[str, str] = ruleset.labels.get(want, {})
        label = labels.get(key)
        if label:
            return label
    return fallback or ruleset.labels.get("en", {}).get(key) or key


def _ruleset_word(
    ruleset: Ruleset,
    lang: str,
    message: str,
    cats: list[Catalog],
    toolkit: str | None = None,
) -> str | None:
    """``<ruleset id>.<message>`` in ``lang`` (else English), or None.

    From ``cats`` (the CLI's catalogs, an explanation's) or the ruleset's
    own (a ruleset value's ``catalog``); then, if given, the toolkit's
    message ``toolkit`` (its words for its own dice's roles) from ``cats``
    or the toolkit's catalog.
    """
    from rollwerk.checks._toolkit import TOOLKIT_CATALOG

    own = getattr(ruleset, "catalog", None)
    found = [*cats, own] if isinstance(own, Catalog) else cats
    wanted = [(f"{ruleset.id}.{message}", found)]
    if toolkit is not None:
        # a language pack may word the toolkit's roles too
        wanted.append((toolkit, [*cats, TOOLKIT_CATALOG]))
    for key, where in wanted:
        for want in lookup_languages(lang):
            for cat in where:
                text = cat.template(want, key)
                if text:
                    # a word has no fields: its doubled braces stand for one
                    return text.replace("{{", "{").replace("}}", "}")
    return None


def _role(ruleset: Ruleset, lang: str, role: str, cats: list[Catalog]) -> str:
    """A die's role in ``lang``.

    The message ``<ruleset id>.role.<role>``, else the toolkit's
    ``toolkit.role.<role>``, else the role as written.
    """
    word = _ruleset_word(ruleset, lang, f"role.{role}", cats, f"toolkit.role.{role}")
    return role if word is None else word


def _contest_word(
    ruleset: Ruleset, lang: str, outcome: ContestOutcome, cats: Catalog
) -> str:
    """A contest outcome in the ruleset's words in ``lang``, else the CLI's.

    A catalog message ``<ruleset id>.label.<outcome>`` or the ruleset's
    ``labels[lang]`` (AdZ's *der Auslösende gewinnt*) wins over the CLI's
    *erste Seite gewinnt*.
    """
    return _label(ruleset, lang, outcome.value, cats, _word(cats, lang, outcome.value))


def _outcome_label(ruleset: Ruleset, lang: str, o: Outcome, cats: Catalog) -> str:
    """The label of an outcome's success level, or of its degree without one."""
    return _label(ruleset, lang, o.level or o.degree.value, cats)


def _scalar_text(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "-"
    return str(value)


def _header(
    ruleset: Ruleset,
    spec: CheckSpec,
    params: Mapping[str, Scalar],
    options: Sequence[str] = (),
    *,
    cats: Catalog = CORE,
    lang: str = "en",
) -> str:
    words = " ".join(f"{k}={_scalar_text(v)}" for k, v in params.items())
    head = f"{ruleset.id}:{spec.name}" + (f" {words}" if words else "")
    return head + _options_aside(options, cats, lang)


def _options_aside(options: Sequence[str], cats: Catalog, lang: str) -> str:
    """`` (options: slaying-dice)`` in ``lang`` after a header, or ``""``."""
    if not options:
        return ""
    return f" ({word(cats, lang, 'cli.options', ids=', '.join(options))})"


def _extras_text(
    outcome: Outcome,
    lang: str,
    cats: Catalog,
    ruleset: Ruleset | None = None,
    found: list[Catalog] | None = None,
) -> str:
    """The extras as ``name=value``, each name and value in the ruleset's words.

    The name of an extra is the message ``<ruleset id>.extra.<name>`` where
    the ruleset's catalogs have it (German ``Schaden=1`` for ``damage``),
    else the name as the plugin wrote it; its value the message
    ``<ruleset id>.extra.<name>.<value>`` (see `_extra_value_text`).
    """
    names = {}
    for k, _ in outcome.extras:
        word = None
        if ruleset is not None:
            word = _ruleset_word(ruleset, lang, f"extra.{k}", found or [cats])
        names[k] = k if word is None else word
    parts = [
        f"{names[k]}={_extra_value_text(ruleset, lang, k, v, found or [cats])}"
        for k, v in outcome.extras
    ]
    if not outcome.rolled:
        parts.insert(0, _word(cats, lang, "no roll"))
    return ", ".join(parts)


def _extra_value_text(
    ruleset: Ruleset | None, lang: str, name: str, value: Scalar, cats: list[Catalog]
) -> str:
    """An extra's value in the ruleset's words, else as written.

    The message ``<ruleset id>.extra.<name>.<value>``, the value as the CLI
    writes it (``true``, ``3``, ``routine``): German
    ``Schwierigkeit=Routine`` for ``difficulty=routine``.
    """
    text = _scalar_text(value)
    if ruleset is None or value is None:
        return text
    word = _ruleset_word(ruleset, lang, f"extra.{name}.{text}", cats)
    return text if word is None else word


def _sorted_outcomes(
    dist: Distribution[Outcome], ruleset: Ruleset | None = None
) -> list[tuple[Outcome, Fraction]]:
    """Best first: by success level where the ruleset has levels, then degree, value."""
    ranks = {key: i for i, key in enumerate(levels_of(ruleset).ids)}

    def key(item: tuple[Outcome, Fraction]) -> tuple[Any, ...]:
        o = item[0]
        return (ranks.get(o.level or "", -1), *o._key())

    return sorted(dist.items(), key=key, reverse=True)


# -- commands ----------------------------------------------------------------


def cmd_rulesets(args: argparse.Namespace) -> int:
    """``rollwerk rulesets [ID [--option ID…]] [--json] [--lang LANG]``."""
    registry = registry_of(args)
    if args.ruleset is not None:
        return _ruleset_details(registry, args, as_json=args.json)
    if args.option:
        raise ParameterError(
            "--option",
            args.option[0],
            "given with a ruleset id (rulesets ID --option …)",
        )
    entries = registry.entries()
    # every hook is asked, so that a plugin failing in any is listed: a
    # catalog, a dialect (two plugins claiming one name), a duration kind,
    # fight rules
    registry.catalogs()
    registry.dialects()
    registry.duration_kinds()
    registry.fight_rules()
    cats, lang = _cats(args), args.lang
    failures = registry.failures
    if args.json:
        data = {
            "schema": SCHEMA,
            "rulesets": [
                {
                    "id": e.ruleset.id,
                    "name": e.ruleset.name,
                    "version": e.ruleset.version,
                    "plugin": e.plugin,
                    "distribution": e.distribution,
                    "wrapped_by": list(e.wrapped_by),
                    "checks": [s.name for s in e.ruleset.checks()],
                    "optional_rules": [
                        o.id for o in registry.optional_rules(e.ruleset.id)
                    ],
                }
                for e in entries
            ],
            "failures": [
                {"plugin": f.plugin, "distribution": f.distribution, "reason": f.reason}
                for f in failures
            ],
        }
        emit_json(data, indent=2)
        return 0
    if entries:
        heads = ("id", "name", "version", "distribution", "checks")
        rows = [[word(cats, lang, f"cli.rulesets.{h}") for h in heads]]
        rows += [
            [
                e.ruleset.id,
                e.ruleset.name,
                e.ruleset.version,
                e.distribution or "-",
                ", ".join(s.name for s in e.ruleset.checks()),
            ]
            for e in entries
        ]
        for line in table(rows, set()):
            emit(line)
        for e in entries:
            if e.wrapped_by:
                wrappers = ", ".join(
                    w + (f" ({d})" if (d := registry.distribution(w)) else "")
                    for w in e.wrapped_by
                )
                emit(
                    word(
                        cats,
                        lang,
                        "cli.rulesets.wrapped",
                        id=e.ruleset.id,
                        wrappers=wrappers,
                    )
                )
            rules = registry.optional_rules(e.ruleset.id)
            if rules:
                names = ", ".join(o.id for o in rules)
                emit(
                    word(cats, lang, "cli.rulesets.options", id=e.ruleset.id, ids=names)
                )
    else:
        emit(word(cats, lang, "cli.rulesets.none"))
    if failures:
        emit(word(cats, lang, "cli.rulesets.failures"))
        for f in failures:
            emit(f"  {f.error()}")
    return 0


def _parameter_json(p: Parameter) -> dict[str, Any]:
    return {
        "name": p.name,
        "type": p.type.__name__,
        "required": p.required,
        "default": None if p.required else p.default,
        "min_value": p.min_value,
        "max_value": p.max_value,
        "choices": list(p.choices) if p.choices is not None else None,
        "monotonic": p.monotonic.value if p.monotonic is not None else None,
        "aliases": dict(p.aliases),
        "help": p.help,
    }


def _ruleset_details(
    registry: Registry, args: argparse.Namespace, *, as_json: bool
) -> int:
    rid: str = args.ruleset
    try:
        ruleset = registry.ruleset(rid, options=args.option)
    except UnknownRuleset:
        base, colon, _ = rid.partition(":")
        if colon and base in registry.ids():  # `check`'s ID:CHECK, typed here
            raise ParameterError(
                "ruleset",
                rid,
                f"a ruleset id; `rollwerk rulesets {base}` lists the checks of "
                f"{base} and their parameters",
            ) from None
        raise
    rules = registry.optional_rules(rid)
    try:
        levels: Sequence[Level] = levels_of(ruleset)
    except RollwerkError:  # not SuccessLevels: the ruleset's own contract
        levels = ()
    if as_json:
        cats = args.languages.catalogs()
        data = {
            "schema": SCHEMA,
            "id": ruleset.id,
            "name": ruleset.name,
            "version": ruleset.version,
            "options": list(args.option),
            # an exact number as encounter JSON writes it: "6", "5/2"
            "round_seconds": str(Fraction(ruleset.round_seconds)),
            "checks": [
                {
                    "name": s.name,
                    "help": s.help,
                    "contest_symmetric": s.contest_symmetric,
                    "parameters": [_parameter_json(p) for p in s.parameters],
                }
                for s in ruleset.checks()
            ],
            "difficulties": [
                {
                    "id": d.id,
                    "modifier": d.modifier,
                    "en": d.label.render("en"),
                    "de": d.label.render("de"),
                }
                for d in ruleset.difficulties
            ],
            "levels": [
                {
                    "id": lv.id,
                    "degree": lv.degree.value,
                    "success": lv.success,
                    "en": _label(ruleset, "en", lv.id, cats),
                    "de": _label(ruleset, "de", lv.id, cats),
                }
                for lv in levels
            ],
            "optional_rules": [
                {"id": o.id, "name": o.name, "help": o.help} for o in rules
            ],
        }
        emit_json(data, indent=2)
        return 0
    lang = args.lang
    # every plugin's catalog: another plugin may word this ruleset's help
    # (an optional rule's plugin does); optional_rules has loaded them all
    cats = args.languages.catalogs()
    found = [cats]

    def say(message: str, **fields: str) -> str:
        return word(cats, lang, f"cli.rulesets.{message}", **fields)

    def own(message: str, written: str) -> str:
        """The ruleset's words ``<id>.<message>`` in ``lang``, else as written."""
        text = _ruleset_word(ruleset, lang, message, found) if written else None
        return written if text is None else text

    def aside(text: str) -> str:
        return f" ({text})" if text else ""

    head = f"{ruleset.id}: {ruleset.name} {ruleset.version}"
    head += _options_aside(args.option, cats, lang)
    emit(head)
    for spec in ruleset.checks():
        about = own(f"help.{spec.name}", spec.help)
        emit(say("check", name=spec.name) + (f": {about}" if about else ""))
        for p in spec.parameters:
            if p.required:
                default = say("required")
            else:
                default = say("default", value=_scalar_text(p.default))  # type: ignore[arg-type]
            allowed = p.allowed_text().render(lang, cats)
            if p.aliases:  # the words key=value also reads, as choices are shown
                words = ", ".join(repr(w) for w, _ in p.aliases)
                allowed += ", " + say("aliases", words=words)
            about = own(f"help.{spec.name}.{p.name}", p.help)
            emit(f"  {p.name}: {allowed}; {default}" + aside(about))
    if ruleset.difficulties:
        # the id is what is typed (difficulty=childs-play); its words, where
        # they say more than the id, follow it in ``lang``
        presets = ", ".join(
            f"{d.id}{_unless_same(d.id, d.label.render(lang, cats))} {d.modifier:+d}"
            for d in ruleset.difficulties
        )
        emit(say("difficulties", presets=presets))
    if levels:  # worst first, as the ruleset orders them
        words = ", ".join(
            f"{lv.id}{_unless_same(lv.id, _label(ruleset, lang, lv.id, cats))}"
            for lv in levels
        )
        emit(say("levels", levels=words))
    for o in rules:
        name = own(f"option.{o.id}", o.name)
        about = own(f"option.{o.id}.help", o.help)
        emit(say("option", id=o.id, name=name) + aside(about))
    return 0


def _rng(args: argparse.Namespace) -> tuple[Rng, ScriptedRng | None]:
    if args.seed is not None:
        return SeededRng(args.seed), None
    if args.rolls is not None:
        # a result without dice (rolled=False) replays from no faces
        script = ScriptedRng(faces(str(args.rolls)))
        return script, script
    return SystemRng(), None


def _resolve(
    check: Check,
    rng: Rng,
    script: ScriptedRng | None,
    *,
    last: bool = True,
    what: str = "check",
    side: str | None = None,
) -> CheckResult:
    """``check`` resolved from ``rng``, with ``--rolls`` errors in one line.

    The script's faces must last; when ``last``, they must also be used up
    (``what`` names who used them). ``side`` names a contest's side in the
    message for faces that ran out.
    """
    before = 0 if script is None else script.used
    try:
        result = check.resolve(rng)
    except ScriptExhausted as exc:
        whose = None if side is None else (side, before)
        declared = getattr(check, "dice", None)
        dice = len(declared) if isinstance(declared, tuple) else None
        # a toolkit check knows which of its dice as built explode (a role
        # named in explode= may have no die at these parameters)
        caps = getattr(check, "_explodes", None)
        explodes = caps is not None and any(caps)
        raise RollwerkError(
            too_few_faces(exc, whose, dice, explodes=explodes)
        ) from None
    except ParameterError as exc:
        if script is None or not exc.parameter.endswith(" face"):
            raise
        raise RollwerkError(f"--rolls: {exc}") from None
    if last and script is not None and script.remaining:
        raise RollwerkError(too_many_faces(script.remaining, script.used, what))
    return result


def _plugin_words(handler: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """``handler``, with a plugin's failing explanation reported as its fault.

    A toolkit check builds its explanation when it is first read (here, when
    printed or written to JSON), outside the plugin guard; an ``explain``
    function that raises there is a `RulesError` caused by the plugin's
    exception. That is the plugin's failure, not the user's: a
    [`PluginFault`][rollwerk.errors.PluginFault] naming the plugin (exit 3).
    """

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except RulesError as exc:
            cause = exc.__cause__
            if not isinstance(exc, CheckFault) and (
                cause is None or isinstance(cause, RollwerkError)
            ):
                raise
            ruleset, _ = _target(args)
            origin = getattr(ruleset, "_origin", None)
            if origin is None:
                raise
            if isinstance(exc, ExplainFailed):
                origin.fault(f"{ruleset.id} explanation", cause or exc)
            origin.fault(f"{ruleset.id} check", exc)
            raise  # pragma: no cover - fault() always raises

    return run


def _unless_same(written: str, words: str) -> str:
    """`` (words)`` where ``words`` are more than ``written`` respelled.

    >>> _unless_same("very-easy", "very easy"), _unless_same("childs-play", "kinderleicht")
    ('', ' (kinderleicht)')
    >>> _unless_same("rule_of_one", "Rule of One"), _unless_same("qs1", "QS 1")
    ('', '')
    """

    def plain(text: str) -> str:
        return "".join(c for c in text.casefold() if c.isalnum())

    return "" if plain(written) == plain(words) else f" ({words})"


@_plugin_words
def cmd_check(args: argparse.Namespace) -> int:
    """``rollwerk check RULESET[:CHECK] KEY=VALUE… [--seed N | --rolls A,B,…]``."""
    ruleset, spec = _target(args)
    check, params = _build(ruleset, spec, args.params, args)
    rng, script = _rng(args)
    result = _resolve(check, rng, script)
    if args.json:
        data: dict[str, Any] = {
            "schema": SCHEMA,
            "ruleset": ruleset.id,
            "check": spec.name,
            "parameters": params,
        }
        if args.option:
            data["options"] = list(args.option)
        if args.seed is not None:
            data["seed"] = seed_json(args.seed)
        data["result"] = result.to_json()
        emit_json(data)
        return 0
    lang = args.lang
    cats = _cats(args)
    verdict = _word(cats, lang, "yes" if result.success else "no")
    label = _outcome_label(ruleset, lang, result.outcome(), cats)
    line = f"{_word(cats, lang, 'result')}: {verdict}"
    if label != verdict:
        line += f" ({label})"
    if result.value is not None:
        line += f", {_word(cats, lang, 'value')} {result.value}"
    told = result.explanation.catalog  # the plugin's messages, loaded or not
    extras = _extras_text(result.outcome(), lang, cats, ruleset, [cats, told])
    if extras:
        line += f"; {extras}"
    emit(_header(ruleset, spec, params, args.option, cats=cats, lang=lang))
    emit(line)
    if result.rolls:
        die = word(cats, lang, "number.die_letter")  # German dice are W6 (Würfel)
        roles = {
            r.role: _role(ruleset, lang, r.role, [cats, told]) for r in result.rolls
        }
        rolls = ", ".join(
            f"{r.face} ({die}{r.sides}{' ' + roles[r.role] if r.role else ''})"
            for r in result.rolls
        )
    else:
        rolls = _word(cats, lang, "none")
    emit(f"{_word(cats, lang, 'rolls')}: {rolls}")
    if args.explain:
        emit(f"{_word(cats, lang, 'explanation')}: {result.explain(lang, cats)}")
    return 0


@contextlib.contextmanager
def _exact_odds(what: str) -> Iterator[None]:
    """Say what a face enumeration budget refuses, for someone at a prompt.

    A check without a closed form judges every face combination; beyond
    its budget the odds are refused before any work. The message names
    the check and says that fewer dice, or a closed form from the plugin,
    would do.
    """
    try:
        yield
    except LimitExceeded as exc:
        if exc.limit != "face enumeration budget":
            raise
        raise RollwerkError(
            f"no exact odds for {what} with these parameters: {exc} (its plugin "
            "gives no closed form for them; fewer dice have exact odds)"
        ) from exc


def cmd_odds(args: argparse.Namespace) -> int:
    """``rollwerk odds RULESET[:CHECK] KEY=VALUE… [--by KEY] [--json]``."""
    by = args.by
    if by not in _BY and not (by.startswith(_EXTRA) and by != _EXTRA):
        raise ParameterError(
            "--by", by, "outcome, degree, level, value or extra:NAME (an extra's name)"
        )
    ruleset, spec = _target(args)
    if by == "level" and not levels_of(ruleset):
        raise ParameterError(
            "--by",
            by,
            "outcome, degree, value or extra:NAME (ruleset "
            f"{ruleset.id!r} declares no success levels)",
        )
    check, params = _build(ruleset, spec, args.params, args)
    with _exact_odds(f"{ruleset.id}:{spec.name}"):
        dist = check.outcomes()
    every = _sorted_outcomes(dist, ruleset)
    if by.startswith(_EXTRA):
        _known_extra(by, every, f"{ruleset.id}:{spec.name}")
    if by != "outcome":
        return _odds_by(
            args, ruleset=ruleset, spec=spec, params=params, every=every, dist=dist
        )
    items = most_likely(every, args.max_outcomes)
    left = len(every) - len(items)
    left_p = 1 - sum((p for _, p in items), Fraction(0))
    if args.json:
        data = _odds_document(ruleset, spec, params, args.option)
        data["outcomes"] = [
            {**o.to_json(), "probability": fraction_to_str(p)} for o, p in items
        ]
        if left:
            data["omitted"] = {"outcomes": left, "probability": fraction_to_str(left_p)}
        emit_json(data)
        return 0
    lang = args.lang
    cats = _cats(args)
    largest = max(p for _, p in items)
    show_extras = any(o.extras or not o.rolled for o, _ in items)
    show_levels = any(o.level is not None for o, _ in items)
    head = [
        _word(cats, lang, "result"),
        _word(cats, lang, "level" if show_levels else "degree"),
        _word(cats, lang, "value"),
    ]
    if show_extras:
        head.append(_word(cats, lang, "extras"))
    head += [_word(cats, lang, "probability"), "%", ""]
    rows = [head]
    for o, p in items:
        row = [
            _word(cats, lang, "yes" if o.success else "no"),
            _outcome_label(ruleset, lang, o, cats),
            _scalar_text(o.value),
        ]
        if show_extras:
            row.append(_extras_text(o, lang, cats, ruleset))
        row += [fraction_text(p, lang), percent(p, lang), bar(p, largest)]
        rows.append(row)
    n = len(head)
    emit(_header(ruleset, spec, params, args.option, cats=cats, lang=lang))
    for line in table(rows, {2, n - 3, n - 2}):
        emit(line)
    if left:
        emit(omitted(cats, lang, left, percent(left_p, lang)))
    _emit_success(dist, lang, cats)
    return 0


def _odds_document(
    ruleset: Ruleset,
    spec: CheckSpec,
    params: dict[str, Scalar],
    options: Sequence[str] | None,
) -> dict[str, Any]:
    """The head of an ``odds --json`` report: what was asked for."""
    data: dict[str, Any] = {
        "schema": SCHEMA,
        "ruleset": ruleset.id,
        "check": spec.name,
        "parameters": params,
    }
    if options:
        data["options"] = list(options)
    return data


def _emit_success(dist: Distribution[Outcome], lang: str, cats: Catalog) -> None:
    success = dist.probability(lambda o: o.success)
    exact = fraction_text(success, lang)
    # "P(success) = 11/27", or "P(success) ≈ 0.57" when written approximately
    equals = exact if exact.startswith("≈") else f"= {exact}"
    emit(f"P({_word(cats, lang, 'yes')}) {equals} ({percent(success, lang)})")


def _known_extra(by: str, every: list[tuple[Outcome, Fraction]], target: str) -> None:
    """Refuse ``--by extra:NAME`` where no outcome of the check has ``NAME``."""
    name = by[len(_EXTRA) :]
    names = sorted({k for o, _ in every for k, _ in o.extras})
    if name in names:
        return
    if names:
        allowed = "extra:NAME with NAME " + (
            f"{names[0]!r}"
            if len(names) == 1
            else "one of " + ", ".join(repr(n) for n in names)
        )
        where = f"the extras of {target}'s outcomes with these parameters"
    else:
        levels = any(o.level is not None for o, _ in every)
        allowed = (
            "outcome, degree, level or value" if levels else "outcome, degree or value"
        )
        where = f"the outcomes of {target} with these parameters have no extras"
    raise ParameterError("--by", by, f"{allowed} ({where})")


def _is_number(value: Scalar) -> TypeGuard[int]:
    """Whether ``value`` is an integer (not a bool): numbers order and align."""
    return isinstance(value, int) and not isinstance(value, bool)


def _value_rows_order(
    every: list[tuple[Outcome, Fraction]], extra: str | None
) -> Callable[[tuple[tuple[bool, Any, Any, Scalar], Fraction]], tuple[Any, ...]]:
    """The order of ``--by value`` and ``--by extra:NAME`` rows.

    Integers highest first; text and booleans, which have no order of
    their own, where they first appear in the full table (best first);
    then outcomes without a value or the extra. Successes before failures.
    """
    seen: dict[Scalar, int] = {}
    if extra is not None:
        for o, _ in every:
            value = o.extra(extra)
            if value is not None and not _is_number(value):
                seen.setdefault(value, len(seen))

    def key(item: tuple[tuple[bool, Any, Any, Scalar], Fraction]) -> tuple[Any, ...]:
        success, _, _, value = item[0]
        if value is None:
            return (2, 0, not success)
        if _is_number(value):
            return (0, -value, not success)
        return (1, seen[value], not success)

    return key


def _odds_by(
    args: argparse.Namespace,
    *,
    ruleset: Ruleset,
    spec: CheckSpec,
    params: dict[str, Scalar],
    every: list[tuple[Outcome, Fraction]],
    dist: Distribution[Outcome],
) -> int:
    """``odds --by degree|level|value|extra:NAME``: one row per group.

    A degree or level takes the place of its best outcome in the full
    table, so the rows keep that table's order; values (of the outcome or
    of one extra) come highest first, an outcome without the extra last
    (a value with outcomes of both results is a row for each).
    """
    by = args.by
    extra = by[len(_EXTRA) :] if by.startswith(_EXTRA) else None
    valued = by == "value" or extra is not None
    groups: dict[tuple[bool, Degree | None, str | None, Scalar], Fraction] = {}
    for o, p in every:
        if valued:
            key: tuple[bool, Degree | None, str | None, Scalar] = (
                o.success,
                None,
                None,
                o.value if extra is None else o.extra(extra),
            )
        else:
            key = (o.success, o.degree, o.level if by == "level" else None, None)
        groups[key] = groups.get(key, Fraction(0)) + p
    items = list(groups.items())
    if valued:
        items.sort(key=_value_rows_order(every, extra))
    rows_p = most_likely(items, args.max_outcomes)
    left = len(groups) - len(rows_p)
    left_p = 1 - sum((p for _, p in rows_p), Fraction(0))
    # the rows' name: "degrees", "levels", "values"; "extras" for an extra
    rows_name = "extras" if extra is not None else f"{by}s"
    if args.json:
        data = _odds_document(ruleset, spec, params, args.option)
        if extra is not None:
            data["extra"] = extra
        listed = []
        for (success, degree, level, value), p in rows_p:
            item: dict[str, Any] = {"success": success}
            if degree is not None:
                item["degree"] = degree.value
            if by == "level":
                item["level"] = level
            if valued:
                item["value"] = value
            item["probability"] = fraction_to_str(p)
            listed.append(item)
        data[rows_name] = listed
        if left:
            data["omitted"] = {rows_name: left, "probability": fraction_to_str(left_p)}
        emit_json(data)
        return 0
    lang = args.lang
    cats = _cats(args)
    largest = max(p for _, p in rows_p)
    if extra is not None:
        named = _ruleset_word(ruleset, lang, f"extra.{extra}", [cats])
        column = extra if named is None else named
    else:
        column = _word(cats, lang, by)
    rows = [
        [
            _word(cats, lang, "result"),
            column,
            _word(cats, lang, "probability"),
            "%",
            "",
        ]
    ]
    for (success, degree, level, value), p in rows_p:
        if degree is not None:
            shown = _label(ruleset, lang, level or degree.value, cats)
        elif extra is not None:
            shown = _extra_value_text(ruleset, lang, extra, value, [cats])
        else:
            shown = _scalar_text(value)
        rows.append(
            [
                _word(cats, lang, "yes" if success else "no"),
                shown,
                fraction_text(p, lang),
                percent(p, lang),
                bar(p, largest),
            ]
        )
    emit(_header(ruleset, spec, params, args.option, cats=cats, lang=lang))
    numbers = valued and all(
        value is None or _is_number(value) for (_, _, _, value), _ in rows_p
    )  # numbers are right-aligned, words (and true/false) are not
    for line in table(rows, {1, 2, 3} if numbers else {2, 3}):
        emit(line)
    if left:
        emit(
            omitted(cats, lang, left, percent(left_p, lang), "value" if valued else by)
        )
    _emit_success(dist, lang, cats)
    return 0


@_plugin_words
def cmd_contest(args: argparse.Namespace) -> int:
    """``rollwerk contest RULESET[:CHECK] KEY=VALUE… --vs KEY=VALUE… [--seed N | --rolls A,B,…]``."""
    ruleset, spec = _target(args)
    try:
        other_spec = (
            spec if args.vs_check is None else find_spec(ruleset, args.vs_check)
        )
    except UnknownCheck as exc:
        raise _reworded(exc, f"--vs-check: {exc}") from None
    first, params = _build(ruleset, spec, args.params, args)
    try:
        second, vs_params = _build(ruleset, other_spec, args.vs, args)
    except ParameterError as exc:
        raise second_side(exc) from None
    with _exact_odds(f"{ruleset.id}:{spec.name} against {other_spec.name}"):
        odds = contest_odds(ruleset, first, second)
    played = None
    if args.seed is not None or args.rolls is not None:
        rng, script = _rng(args)
        first_result = _resolve(first, rng, script, last=False, side="first side")
        played = contest_result(
            ruleset,
            first_result,
            _resolve(second, rng, script, what="contest", side="second side"),
            checks=(first, second),
        )
    if args.json:
        data: dict[str, Any] = {
            "schema": SCHEMA,
            "ruleset": ruleset.id,
            "check": spec.name,
            "parameters": params,
            "vs": {"check": other_spec.name, "parameters": vs_params},
        }
        if args.option:
            data["options"] = list(args.option)
        data["probabilities"] = {
            c.value: fraction_to_str(odds[c]) for c in ContestOutcome
        }
        if levels_of(ruleset):
            data["levels"] = _contest_levels(ruleset, first, second)
        if played is not None:
            if args.seed is not None:
                data["seed"] = seed_json(args.seed)
            data["result"] = played.to_json()
        emit_json(data)
        return 0
    lang = args.lang
    cats = _cats(args)
    shown = [
        c
        for c in ContestOutcome
        if c in odds
        or c in (ContestOutcome.FIRST, ContestOutcome.SECOND, ContestOutcome.TIE)
    ]
    largest = max(odds[c] for c in shown)
    rows = [[_word(cats, lang, "outcome"), _word(cats, lang, "probability"), "%", ""]]
    for c in shown:
        p = odds[c]
        rows.append(
            [
                _contest_word(ruleset, lang, c, cats),
                fraction_text(p, lang),
                percent(p, lang),
                bar(p, largest),
            ]
        )
    # both sides play with the options: they follow the pair, once
    emit(
        f"{_header(ruleset, spec, params)} {_word(cats, lang, 'vs')} "
        f"{_header(ruleset, other_spec, vs_params)}"
        + _options_aside(args.option, cats, lang)
    )
    for line in table(rows, {1, 2}):
        emit(line)
    if levels_of(ruleset):
        # Each side's chance of every success level either can reach, best
        # first (the JSON lists every declared level).
        levels = _contest_levels(ruleset, first, second)
        sides = (_word(cats, lang, "side.first"), _word(cats, lang, "side.second"))
        rows = [[_word(cats, lang, "level"), *sides]]
        for key in reversed(levels["first"]):
            p1, p2 = (Fraction(levels[side][key]) for side in ("first", "second"))
            if not (p1 or p2):
                continue
            rows.append(
                [_label(ruleset, lang, key, cats), percent(p1, lang), percent(p2, lang)]
            )
        for line in table(rows, {1, 2}):
            emit(line)
    if played is not None:
        # who won in the table's words (the ruleset's labels), then each side
        each_side = played.explain(lang, cats).split("\n")[1:]
        won = _contest_word(ruleset, lang, played.outcome, cats)
        emit(f"{_word(cats, lang, 'result')}: {won}")
        for line in each_side:
            emit(line)
    return 0


def _contest_levels(
    ruleset: Ruleset, first: Check, second: Check
) -> dict[str, dict[str, str]]:
    """``{"first": {level: probability}, "second": …}``, worst level first."""
    ids = levels_of(ruleset).ids
    out: dict[str, dict[str, str]] = {}
    for side, check in (("first", first), ("second", second)):
        by_level = check.outcomes().map(lambda o: o.level)
        out[side] = {key: fraction_to_str(by_level[key]) for key in ids}
    return out
