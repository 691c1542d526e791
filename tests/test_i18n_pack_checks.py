"""What the load-time check of a language pack refuses (helper-174's French).

A held-out translator's templates got through ``Registry.catalogs()`` and
broke later, blamed on the ruleset or shown raw: a conversion or format
spec in a placeholder, an English override naming fields the code never
gives, a field in a word (help, role…), a decimal point or die letter that
reads as part of a number, a control character. Each is now left out where
the templates are checked and listed in ``failures`` under the pack. A
regional language falls back to its base language before English.
"""

from __future__ import annotations

import string
from typing import Any

import pytest

import rollwerk
from rollwerk import Degree, Outcome, ScriptedRng, roll
from rollwerk.checks import TOOLKIT_CATALOG, Parameter, define_check
from rollwerk.cli._main import main
from rollwerk.i18n import CORE, Catalog, MissingMessage, Text
from rollwerk.i18n._catalog import checked_catalogs, lookup_languages, word_kind
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import examples
from rollwerk.testing.examples import CATALOG


class Pack:
    """A plugin that only ships catalogs, named ``Pack`` in its failures."""

    def __init__(self, *catalogs: Catalog) -> None:
        self.catalogs = list(catalogs)

    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return self.catalogs


def fr(**messages: str) -> Catalog:
    return Catalog({"fr": dict(messages)})


@pytest.fixture(autouse=True)
def _no_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NO_ENTRYPOINTS_ENV, "1")


def run(registry: Registry, capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv), registry=registry)
    out, err = capsys.readouterr()
    return code, out, err


def left_out(registry: Registry) -> list[tuple[str, str]]:
    """``(plugin, reason)`` of every failure, once the catalogs are loaded."""
    registry.catalogs()
    return [(f.plugin, f.reason) for f in registry.failures]


def reason(message: str, lang: str, template: str, problem: str) -> str:
    return (
        f"catalog message {message!r} in {lang!r} ({template!r}) is left out: {problem}"
    )


TARGET = Parameter("target", int, min_value=1, max_value=20)


def _judge(faces: tuple[int, ...], target: int) -> Outcome:
    hit = faces[0] <= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


class _D20:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[object]:
        check = define_check("check", [TARGET], dice=[20], judge=_judge)
        return [define_ruleset("d20x", "d20 under", version="1", checks=[check])]


TOY_CHECK = ("check", "toy", "skill=3", "--rolls", "2", "--explain")


# -- 1. conversions and format specs ----------------------------------------------


def test_no_bundled_template_has_a_conversion_or_a_format_spec() -> None:
    """Why every one is refused: the core's, the toolkit's, the toy's use none."""
    found = [
        (lang, message, template)
        for cat in (CORE, TOOLKIT_CATALOG, CATALOG)
        for lang, table in cat.messages.items()
        for message, template in table.items()
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None and (spec or conversion)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("template", "problem"),
    [
        (
            "{face:zz} contre {chance} : {word}",
            (
                "the placeholder '{face:zz}' has a format spec (':zz'): a plugin's "
                "template names a field only, as '{face}'"
            ),
        ),
        (
            "{face} contre {chance} : {word!r}",
            (
                "the placeholder '{word!r}' has a conversion ('!r'): a plugin's "
                "template names a field only, as '{word}'"
            ),
        ),
        (
            "{face!a} contre {chance} : {word}",
            (
                "the placeholder '{face!a}' has a conversion ('!a'): a plugin's "
                "template names a field only, as '{face}'"
            ),
        ),
        (
            "{face} contre {chance!s} : {word}",
            (
                "the placeholder '{chance!s}' has a conversion ('!s'): a plugin's "
                "template names a field only, as '{chance}'"
            ),
        ),
        (
            "{face!r:>{chance}} : {word}",
            (
                "the placeholder '{face!r:>{chance}}' has a conversion ('!r') and a "
                "format spec (':>{chance}'): a plugin's template names a field only, "
                "as '{face}'"
            ),
        ),
    ],
)
def test_a_conversion_or_format_spec_is_left_out(
    template: str, problem: str, capsys: Any
) -> None:
    pack = Pack(fr(**{"toy.check": template, "cli.result": "résultat"}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert left_out(registry) == [
        ("Pack", reason("toy.check", "fr", template, problem))
    ]
    assert registry.catalogs().template("fr", "toy.check") is None
    # the toy is not blamed: its explanation shows in English, exit 0
    code, out, err = run(registry, capsys, *TOY_CHECK, "--lang", "fr")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "résultat: success, value 2",
        "rolls: 2 (d6 check)",
        "explanation: rolled 2 against a chance of 3: success",
    ]


def test_a_conversion_in_a_core_word_is_left_out() -> None:
    """``{x!r}`` showed a text field as a repr: ``Le tour de "Kyra's" commence.``."""
    pack = Pack(fr(**{"event.turn_started": "Le tour de {whose!r} commence."}))
    registry = Registry(load_entrypoints=False, plugins=[pack])
    assert left_out(registry) == [
        (
            "Pack",
            reason(
                "event.turn_started",
                "fr",
                "Le tour de {whose!r} commence.",
                "the placeholder '{whose!r}' has a conversion ('!r'): a plugin's "
                "template names a field only, as '{whose}'",
            ),
        )
    ]


# -- 2. an English override -------------------------------------------------------


def test_an_english_override_naming_other_fields_is_left_out(capsys: Any) -> None:
    """Every check in ``eo`` failed with exit 3, blamed on the ruleset."""
    pack = Pack(
        Catalog(
            {
                "en": {"cli.result": "outcome {x}"},
                "eo": {"cli.result": "rezulto {x}", "cli.rolls": "ĵetoj"},
            }
        )
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert left_out(registry) == [
        (
            "Pack",
            reason(
                "cli.result",
                "en",
                "outcome {x}",
                "it rewords the English 'cli.result' of the core with the field "
                "'x', which that English does not give (it gives: none)",
            ),
        ),
        (
            "Pack",
            reason(
                "cli.result",
                "eo",
                "rezulto {x}",
                "it names the field 'x', which the English 'cli.result' does not "
                "give (it gives: none)",
            ),
        ),
    ]
    cats = registry.catalogs()
    assert cats.template("en", "cli.result") == "result"
    code, out, err = run(registry, capsys, *TOY_CHECK, "--lang", "eo")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:3] == ["result: success, value 2", "ĵetoj: 2 (d6 check)"]


def test_an_english_override_of_a_rulesets_message_is_checked_against_it() -> None:
    pack = Pack(
        Catalog(
            {
                "en": {"toy.check": "{dé} against {chance}"},
                "eo": {"toy.check": "{dé} kontraŭ {chance}"},
            }
        )
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert left_out(registry) == [
        (
            "Pack",
            reason(
                "toy.check",
                "en",
                "{dé} against {chance}",
                "it rewords the English 'toy.check' of the plugin "
                "'rollwerk.testing.examples' with the field 'dé', which that "
                "English does not give (it gives: chance, face, word)",
            ),
        ),
        (
            "Pack",
            reason(
                "toy.check",
                "eo",
                "{dé} kontraŭ {chance}",
                "it names the field 'dé', which the English 'toy.check' does not "
                "give (it gives: chance, face, word)",
            ),
        ),
    ]


def test_an_english_override_may_reword_with_the_same_fields() -> None:
    reworded = Catalog({"en": {"toy.check": "{face} vs {chance}: {word}"}})
    kept, problems = checked_catalogs((CORE,), [("toy", CATALOG), ("pack", reworded)])
    assert problems == []
    assert [c for _, c in kept] == [CATALOG, reworded]


def test_the_first_catalog_with_the_english_is_the_reference() -> None:
    """The owner's own languages are not checked; a later plugin's are."""
    owner = Catalog({"en": {"x.m": "{dice} dice"}, "de": {"x.m": "{n} Würfel"}})
    later = Catalog({"en": {"x.m": "{n} dice {x}"}})
    kept, problems = checked_catalogs((CORE,), [("x", owner), ("pack", later)])
    assert problems == [
        (
            "pack",
            reason(
                "x.m",
                "en",
                "{n} dice {x}",
                "it rewords the English 'x.m' of the plugin 'x' with the field "
                "'x', which that English does not give (it gives: dice, n)",
            ),
        )
    ]
    assert kept == [("x", owner), ("pack", Catalog({"en": {}}))]


# -- 3. words have no fields ------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("toy.help.check", "a help text"),
        ("toy.help.check.skill", "a help text"),
        ("toy.role.check", "a die's role"),
        ("toy.option.generous", "an optional rule's name or help"),
        ("toy.option.generous.help", "an optional rule's name or help"),
        ("toy.extra.damage", "an extra's name or value"),
        ("toy.extra.difficulty.routine", "an extra's name or value"),
        ("toy.label.heroic", "a label"),
        ("effect.name.bless", "an effect's name"),
        ("condition.prone", "a condition"),
        ("modifier.morale", "a modifier's kind"),
    ],
)
def test_a_word_with_a_field_is_left_out(message: str, kind: str) -> None:
    assert word_kind(message) == kind
    pack = Pack(fr(**{message: "aide {x}", "cli.success": "succès"}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert left_out(registry) == [
        (
            "Pack",
            reason(
                message,
                "fr",
                "aide {x}",
                f"it names the field 'x', but {kind} is a word without fields "
                "(a brace as text is written twice: '{{', '}}')",
            ),
        )
    ]
    assert registry.catalogs().template("fr", message) is None


@pytest.mark.parametrize("message", ["toy.check", "cli.rulesets.option", "toy.label"])
def test_messages_with_fields_are_no_words(message: str) -> None:
    assert word_kind(message) is None


def test_a_help_with_a_field_is_not_shown_raw(capsys: Any) -> None:
    """``rollwerk rulesets toy --lang fr`` showed ``aide {x}``."""
    pack = Pack(
        fr(
            **{
                "toy.help.check": "aide {x}",
                "toy.help.pool": "compter les 5 et 6",
                "cli.rulesets.check": "test {name}",
            }
        )
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    code, out, err = run(registry, capsys, "rulesets", "toy", "--lang", "fr")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "test check: roll a d6 under skill + modifier" in lines
    assert "test pool: compter les 5 et 6" in lines


def test_a_word_may_write_a_brace_twice() -> None:
    pack = Pack(fr(**{"toy.help.check": "aide {{x}}"}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert left_out(registry) == []


# -- 4. the decimal point and the die letter -------------------------------------

POINT = (
    "a decimal point is one character that cannot be read as part of a "
    "number: not a letter, a digit, a sign ('+', '-', '\u2212'), '%' or '/', "
    "nor a space, control, format or combining character (Unicode categories "
    "Z, C, M), such as ','"
)


@pytest.mark.parametrize(
    "point",
    [
        "%",
        "-",
        "+",
        "\u2212",
        "/",
        "e",
        "E",
        "x",
        "5",
        "\u0663",  # ARABIC-INDIC DIGIT THREE
        "\u00bd",  # ½
        "\x1b",
        "\u200b",  # ZERO WIDTH SPACE
        "\u0301",  # COMBINING ACUTE ACCENT
        "\u00a0",  # NO-BREAK SPACE
        "\u2028",  # LINE SEPARATOR
        "",
        ",,",
    ],
)
def test_a_decimal_point_that_reads_as_a_number_is_left_out(
    point: str, capsys: Any
) -> None:
    pack = Pack(fr(**{"number.decimal_point": point, "cli.success": "succès"}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    assert left_out(registry) == [
        ("Pack", reason("number.decimal_point", "fr", point, POINT))
    ]
    assert registry.catalogs().template("fr", "number.decimal_point") is None
    code, out, _ = run(registry, capsys, "odds", "d20x", "target=10", "--lang", "fr")
    assert code == 0
    assert "P(succès) = 1/2 (50.00%)" in out.splitlines()


@pytest.mark.parametrize("point", [",", ".", "\u00b7", "'", "\u066b", "\u2396"])
def test_a_decimal_point_that_is_punctuation_is_kept(point: str, capsys: Any) -> None:
    pack = Pack(fr(**{"number.decimal_point": point}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    assert left_out(registry) == []
    code, out, _ = run(registry, capsys, "odds", "d20x", "target=10", "--lang", "fr")
    assert code == 0
    assert f"P(success) = 1/2 (50{point}00%)" in out.splitlines()


@pytest.mark.parametrize("letter", ["6", "", "W2", "d ", "{{", "-", "\u0301"])
def test_a_die_letter_that_is_not_letters_is_left_out(letter: str, capsys: Any) -> None:
    """``"6"`` showed ``620`` for a d20, ``""`` showed ``20``."""
    pack = Pack(fr(**{"number.die_letter": letter, "cli.rolls": "dés"}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    assert left_out(registry) == [
        (
            "Pack",
            reason(
                "number.die_letter",
                "fr",
                letter,
                "a die letter is one or more letters, such as 'd' or 'W'",
            ),
        )
    ]
    code, out, _ = run(
        registry, capsys, "check", "d20x", "target=10", "--rolls", "5", "--lang", "fr"
    )
    assert code == 0
    assert "dés: 5 (d20 check)" in out.splitlines()


@pytest.mark.parametrize("letter", ["k", "Д", "Wü"])
def test_a_die_letter_of_letters_is_kept(letter: str, capsys: Any) -> None:
    pack = Pack(fr(**{"number.die_letter": letter}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    assert left_out(registry) == []
    code, out, _ = run(
        registry, capsys, "check", "d20x", "target=10", "--rolls", "5", "--lang", "fr"
    )
    assert code == 0
    assert f"rolls: 5 ({letter}20 check)" in out.splitlines()


# -- 5. control characters --------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "kind", "code"),
    [
        ("dés\x1b[31m", "control character", "U+001B"),
        ("dés\n", "control character", "U+000A"),
        ("dés\r", "control character", "U+000D"),
        ("d\tés", "control character", "U+0009"),
        ("dés\x7f", "control character", "U+007F"),
        ("dés\x85", "control character", "U+0085"),
        ("d\u200bés", "format character", "U+200B"),
        ("\u202edés", "format character", "U+202E"),
        ("dés\ue000", "private-use character", "U+E000"),
    ],
)
def test_a_control_character_is_left_out(template: str, kind: str, code: str) -> None:
    pack = Pack(fr(**{"cli.rolls": template}))
    registry = Registry(load_entrypoints=False, plugins=[pack])
    assert left_out(registry) == [
        (
            "Pack",
            reason(
                "cli.rolls",
                "fr",
                template,
                f"it holds the {kind} {code}; a template is printable text without "
                "control or format characters (Unicode category C), the joiners "
                "U+200C and U+200D aside",
            ),
        )
    ]


def test_the_joiners_and_other_spaces_are_kept() -> None:
    """Persian spells words with U+200C; French sets U+202F before a colon."""
    pack = Pack(
        Catalog(
            {
                "fa": {"cli.rolls": "پرتاب\u200cها"},
                "fr": {"cli.result": "résultat\u202f", "cli.rolls": "dés\u00a0"},
            }
        )
    )
    registry = Registry(load_entrypoints=False, plugins=[pack])
    assert left_out(registry) == []


# -- 6. regional languages --------------------------------------------------------


def test_a_regional_language_falls_back_to_its_base_then_english() -> None:
    cat = Catalog(
        {
            "en": {"a": "hit", "b": "miss", "c": "crit"},
            "fr": {"a": "touché", "b": "raté"},
            "fr-CA": {"b": "manqué"},
        }
    )
    assert [cat.render("fr-CA", m) for m in "abc"] == ["touché", "manqué", "crit"]
    assert cat.text("a")("fr-CA") == "touché"
    assert lookup_languages("fr-CA") == ("fr-CA", "fr", "en")
    assert lookup_languages("zh-Hant-TW") == ("zh-Hant-TW", "zh-Hant", "zh", "en")
    assert lookup_languages("en-GB") == ("en-GB", "en")


def test_a_missing_message_names_the_languages_looked_in() -> None:
    with pytest.raises(MissingMessage) as info:
        Catalog({"fr-CA": {"a": "b"}}).render("fr-CA", "z")
    assert str(info.value) == "no catalog has the message 'z' in 'fr-CA', 'fr' or 'en'"


def test_a_language_no_catalog_has_is_still_refused() -> None:
    """Falling back is for lookup: ``fr-CA`` is offered where a catalog has it."""
    with pytest.raises(rollwerk.ParameterError) as info:
        Text("a", {}, Catalog({"en": {"a": "x"}, "fr": {"a": "y"}}))("fr-CA")
    assert str(info.value) == "lang must be 'en' or 'fr', got 'fr-CA'"


def test_the_cli_words_a_regional_language_from_its_base(capsys: Any) -> None:
    pack = Pack(
        Catalog(
            {
                "fr": {"cli.result": "résultat", "cli.rolls": "dés"},
                "fr-CA": {"cli.result": "résultat (CA)"},
            }
        )
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    code, out, err = run(registry, capsys, *TOY_CHECK[:-1], "--lang", "fr-CA")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "résultat (CA): success, value 2",
        "dés: 2 (d6 check)",
    ]


# -- 7. what the docs say ---------------------------------------------------------


def test_failures_list_a_pack_once_its_catalogs_are_loaded() -> None:
    pack = Pack(fr(**{"cli.result": "résultat {x}"}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert registry.failures == ()
    registry.catalogs()
    assert [f.plugin for f in registry.failures] == ["Pack"]
    registry.catalogs()  # checked again, listed once
    assert [f.plugin for f in registry.failures] == ["Pack"]


def test_rulesets_lists_a_packs_failures(capsys: Any) -> None:
    pack = Pack(fr(**{"cli.result": "résultat {x!r}"}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    code, out, _ = run(registry, capsys, "rulesets")
    assert code == 0
    assert out.splitlines()[-2:] == [
        "plugins that failed to load:",
        "  plugin 'Pack' failed: "
        + reason(
            "cli.result",
            "fr",
            "résultat {x!r}",
            "the placeholder '{x!r}' has a conversion ('!r'): a plugin's template "
            "names a field only, as '{x}'",
        ),
    ]


def test_plurals_have_one_and_other_only() -> None:
    """``.one`` is for exactly one: French 0 reads ``0 réussites``."""
    pack = fr(
        **{
            "roll.successes.one": "{n} réussite",
            "roll.successes.other": "{n} réussites",
        }
    )
    assert roll("2d6>=7", ScriptedRng([1, 2])).explain("fr", pack).splitlines() == [
        "2d6>=7 = 0",
        "  2d6>=7: 1, 2 → 0 réussites",
    ]
    assert roll("1d6>=5", ScriptedRng([5])).explain("fr", pack).splitlines()[-1] == (
        "  1d6>=5: 5 (success) → 1 réussite"
    )


def test_missing_lists_what_a_pack_leaves_in_english() -> None:
    pack = Pack(fr(**{f"toy.label.{k}": k for k in ("success", "failure")}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    missing = registry.catalogs().missing("fr")
    assert [m for m in missing if m.startswith("toy.label.")] == [
        "toy.label.both_failed",
        "toy.label.critical_failure",
        "toy.label.critical_success",
        "toy.label.first",
        "toy.label.second",
        "toy.label.tie",
    ]
