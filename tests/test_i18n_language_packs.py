"""A third-party language pack (helper-152's French): what it may and may not do.

A pack's template that cannot be filled is left out and reported naming the
pack, not blamed on the ruleset whose text it breaks; the later registered
catalog wins; the toolkit's role words and the CLI's decimal point follow
the pack; language codes and a text's arguments are checked.
"""

from __future__ import annotations

from typing import Any

import pytest

import rollwerk
from rollwerk import Degree, Outcome, ParameterError
from rollwerk.checks import Parameter, define_check
from rollwerk.cli._main import main
from rollwerk.i18n import CORE, Catalog, MissingMessage, Text
from rollwerk.i18n._catalog import checked_catalogs, template_fields
from rollwerk.plugins import NO_ENTRYPOINTS_ENV, Registry
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import examples


class Pack:
    """A plugin that only ships catalogs, named for its failures."""

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


# -- templates that cannot be filled ---------------------------------------------


def test_template_fields_names_what_is_no_template() -> None:
    assert template_fields("{who} hits {n:>{width}}") == (
        frozenset({"who", "n", "width"}),
        None,
    )
    assert template_fields("100 {{%}}") == (frozenset(), None)
    assert template_fields("proba {")[1] == (
        "Single '{' encountered in format string; "
        "a brace as text is written twice ('{{', '}}')"
    )
    assert template_fields("{0} et {}")[1] == (
        "the placeholder '{0}' is not a name like '{who}'"
    )
    assert template_fields("{who[0]}")[1] == (
        "the placeholder '{who[0]}' is not a name like '{who}'"
    )
    assert template_fields("{who!x}")[1] == (
        "the conversion '!x' is not '!r', '!s' or '!a'"
    )


def test_a_broken_core_word_is_left_out_and_the_pack_is_named() -> None:
    pack = Pack(fr(**{"cli.result": "résultat {x}", "cli.success": "succès"}))
    registry = Registry(load_entrypoints=False, plugins=[pack])
    cats = registry.catalogs()
    # the broken one falls back to English; the good one stays
    assert cats.template("fr", "cli.result") is None
    assert cats.template("fr", "cli.success") == "succès"
    (failure,) = registry.failures
    assert failure.plugin.startswith("Pack")
    assert failure.reason == (
        "catalog message 'cli.result' in 'fr' ('résultat {x}') is left out: "
        "it names the field 'x', which the English 'cli.result' does not give "
        "(it gives: none)"
    )


def test_a_broken_translation_of_a_rulesets_text_is_not_the_rulesets_fault(
    capsys: Any,
) -> None:
    """helper-152: a pack's ``{dé}`` was reported as ``plugin 'toy' failed``."""
    pack = Pack(
        fr(
            **{
                "toy.check": "{dé} contre {chance}",
                "cli.result": "{",
                "cli.rolls": "dés",
            }
        )
    )
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    code, out, err = run(
        registry,
        capsys,
        "check",
        "toy",
        "skill=3",
        "--rolls",
        "2",
        "--lang",
        "fr",
        "--explain",
    )
    assert (code, err) == (0, "")
    # English where the pack's words could not be used
    assert out.splitlines()[1:] == [
        "result: success, value 2",
        "dés: 2 (d6 check)",
        "explanation: rolled 2 against a chance of 3: success",
    ]
    reasons = sorted(f.reason for f in registry.failures)
    assert reasons == [
        (
            "catalog message 'cli.result' in 'fr' ('{') is left out: Single '{' "
            "encountered in format string; a brace as text is written twice "
            "('{{', '}}')"
        ),
        (
            "catalog message 'toy.check' in 'fr' ('{dé} contre {chance}') is left "
            "out: it names the field 'dé', which the English 'toy.check' does not "
            "give (it gives: chance, face, word)"
        ),
    ]
    assert all(f.plugin.startswith("Pack") for f in registry.failures)


def test_a_label_with_a_field_is_left_out() -> None:
    pack = Pack(fr(**{"toy.label.success": "réussite {x}"}))
    registry = Registry(load_entrypoints=False, plugins=[examples, pack])
    assert registry.catalogs().template("fr", "toy.label.success") is None
    (failure,) = registry.failures
    assert "it names the field 'x', which the English" in failure.reason


def test_a_message_only_the_pack_has_is_its_own_to_word() -> None:
    kept, problems = checked_catalogs(
        (CORE,), [("pack", fr(**{"pack.hello": "bonjour {qui}"}))]
    )
    assert problems == []
    assert kept[0][1].template("fr", "pack.hello") == "bonjour {qui}"


def test_a_translation_may_name_a_field_another_language_names() -> None:
    """AdZ's English names ``{dice}`` where its German names ``{n}``."""
    owner = Catalog({"en": {"x.m": "{dice} dice"}, "de": {"x.m": "{n} Würfel"}})
    kept, problems = checked_catalogs(
        (CORE,), [("x", owner), ("pack", fr(**{"x.m": "{n} dés"}))]
    )
    assert problems == []
    assert [c for _, c in kept] == [owner, fr(**{"x.m": "{n} dés"})]


# -- precedence --------------------------------------------------------------------


def test_the_later_registered_catalog_wins() -> None:
    first = Pack(fr(**{"cli.success": "succès"}))
    second = Pack(fr(**{"cli.success": "réussite"}))
    assert (
        Registry(load_entrypoints=False, plugins=[first, second])
        .catalogs()
        .template("fr", "cli.success")
        == "réussite"
    )
    assert (
        Registry(load_entrypoints=False, plugins=[second, first])
        .catalogs()
        .template("fr", "cli.success")
        == "succès"
    )


# -- the CLI ----------------------------------------------------------------------

TARGET = Parameter("target", int, min_value=1, max_value=20)


def _judge(faces: tuple[int, ...], target: int) -> Outcome:
    hit = faces[0] <= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


class _D20:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[object]:
        check = define_check("check", [TARGET], dice=[20], judge=_judge)
        return [define_ruleset("d20x", "d20 under", version="1", checks=[check])]


def test_a_pack_words_the_toolkits_roles(capsys: Any) -> None:
    """i18n.md: the toolkit's own roles are ``toolkit.role.<role>``."""
    pack = Pack(fr(**{"toolkit.role.check": "test", "cli.rolls": "dés"}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    code, out, err = run(
        registry, capsys, "check", "d20x", "target=10", "--rolls", "5", "--lang", "fr"
    )
    assert (code, err) == (0, "")
    assert "dés: 5 (d20 test)" in out.splitlines()


def test_a_words_doubled_braces_stand_for_one(capsys: Any) -> None:
    pack = Pack(fr(**{"toolkit.role.check": "test {{x}}"}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    code, out, _ = run(
        registry, capsys, "check", "d20x", "target=10", "--rolls", "5", "--lang", "fr"
    )
    assert code == 0
    assert "rolls: 5 (d20 test {x})" in out.splitlines()


def test_the_cli_writes_a_packs_decimal_point(capsys: Any) -> None:
    pack = Pack(fr(**{"number.decimal_point": ","}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    code, out, _ = run(registry, capsys, "odds", "d20x", "target=10", "--lang", "fr")
    assert code == 0
    assert "P(success) = 1/2 (50,00%)" in out.splitlines()
    # a language without one keeps the point
    other = Registry(load_entrypoints=False, plugins=[_D20(), Pack(fr(x="y"))])
    code, out, _ = run(other, capsys, "odds", "d20x", "target=10", "--lang", "fr")
    assert "P(success) = 1/2 (50.00%)" in out.splitlines()


@pytest.mark.parametrize("point", ["", "1", " ", ".,", "{{"])
def test_a_decimal_point_that_is_none_is_left_out(point: str, capsys: Any) -> None:
    """An empty ``number.decimal_point`` fell back to ``.`` without a word."""
    pack = Pack(fr(**{"number.decimal_point": point, "cli.success": "succès"}))
    registry = Registry(load_entrypoints=False, plugins=[_D20(), pack])
    assert registry.catalogs().template("fr", "number.decimal_point") is None
    (failure,) = registry.failures
    assert failure.reason == (
        f"catalog message 'number.decimal_point' in 'fr' ({point!r}) is left "
        "out: a decimal point is one character that cannot be read as part of a "
        "number: not a letter, a digit, a sign ('+', '-', '−'), '%' or '/', nor a "
        "space, control, format or combining character (Unicode categories Z, C, "
        "M), such as ','"
    )
    code, out, _ = run(registry, capsys, "odds", "d20x", "target=10", "--lang", "fr")
    assert code == 0
    assert "P(succès) = 1/2 (50.00%)" in out.splitlines()


# -- arguments ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["", "FR", "-h", "fr FR\n", "f", "français"])
def test_a_language_code_is_checked(lang: str) -> None:
    with pytest.raises(ParameterError) as info:
        Catalog({lang: {"x": "y"}})
    assert str(info.value) == (
        "messages must be keyed by language codes: 2 or 3 lower-case letters "
        f"('en', 'fr'), optionally with subtags ('pt-BR'), got {lang!r}"
    )


def test_language_codes_with_subtags_are_allowed() -> None:
    assert Catalog({"pt-BR": {"x": "y"}, "gsw": {"x": "z"}}).languages == (
        "gsw",
        "pt-BR",
    )


def test_a_texts_arguments_are_checked() -> None:
    with pytest.raises(ParameterError) as info:
        Text("die.dropped", None, CORE)  # type: ignore[arg-type]
    assert str(info.value) == (
        "fields must be a mapping of placeholder names to values, got None"
    )
    with pytest.raises(ParameterError) as info:
        Text("die.dropped", {}, None)  # type: ignore[arg-type]
    assert str(info.value) == "catalog must be a Catalog, got None"


def test_a_fixed_text_without_the_language_says_which_it_has() -> None:
    with pytest.raises(MissingMessage) as info:
        Text.fixed(de="x")("en")
    assert str(info.value) == (
        "the fixed text has no words in 'en' or the language asked for (it has: 'de')"
    )


# -- the contract kit for a language pack ----------------------------------------------


def test_assert_catalog_complete_checks_a_pack_against_its_english() -> None:
    from rollwerk.testing import ContractViolation, assert_catalog_complete
    from rollwerk.testing.examples import CATALOG

    labels = {i: "x" for i in CATALOG.ids() if i.startswith("toy.label.")}
    assert_catalog_complete(fr(**labels), "toy.label", ("fr",), english=CATALOG)
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(
            fr(**{**labels, "toy.label.sucess": "x"}),
            "toy.label",
            ("fr",),
            english=CATALOG,
        )
    assert str(info.value) == (
        "catalog has ids its English catalog does not: toy.label.sucess"
    )
    english = Catalog({"en": {"toy.check": CATALOG.template("en", "toy.check") or ""}})
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(
            fr(**{"toy.check": "{dé}"}), "toy", ("fr",), english=english
        )
    assert str(info.value) == (
        "catalog: the template of 'toy.check' in 'fr' ('{dé}') names the field "
        "'dé', which no language of the catalog it translates names (English: "
        "'rolled {face} against a chance of {chance}: {word}'; they name: 'face', "
        "'chance', 'word')"
    )


def test_a_pack_may_name_a_field_another_language_of_its_source_names() -> None:
    """helper-h207: i18n.md lets French name ``{n}`` where a plugin's German
    does and its English does not, and the registry accepts it; the kit had
    refused it."""
    from rollwerk.testing import ContractViolation, assert_catalog_complete

    source = Catalog(
        {
            "en": {"x.pool": "above the pool of {dice}"},
            "de": {"x.pool": "höher als die Würfelanzahl {n}"},
        }
    )
    pack = Catalog({"fr": {"x.pool": "au-dessus des {n} dés"}})
    assert_catalog_complete(pack, "x", ("fr",), english=source)
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(
            Catalog({"fr": {"x.pool": "{m} dés"}}), "x", ("fr",), english=source
        )
    assert str(info.value).endswith("they name: 'dice', 'n')")


def test_assert_catalog_complete_takes_several_prefixes() -> None:
    from rollwerk.testing import ContractViolation, assert_catalog_complete

    core_fr = fr(**{"die.dropped": "écarté", "cli.result": "résultat"})
    english = Catalog({"en": {"die.dropped": "dropped", "cli.result": "result"}})
    assert_catalog_complete(core_fr, ("die", "cli"), ("fr",), english=english)
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(core_fr, ("die",), ("fr",), english=english)
    assert str(info.value) == "catalog ids must start with 'die.': cli.result"
    with pytest.raises(ParameterError) as info2:
        assert_catalog_complete(core_fr, (), ("fr",), english=english)
    assert str(info2.value) == ("prefix must be a message id prefix or several, got ()")


def test_assert_text_complete_accepts_a_packs_language() -> None:
    """helper-152: ``[CATALOG, FR]`` reported ``lacks 'fr'`` though it rendered."""
    from rollwerk import ScriptedRng, build_check
    from rollwerk.testing import ContractViolation, assert_text_complete
    from rollwerk.testing.examples import CATALOG, ToyRuleset

    result = build_check(ToyRuleset(), "check", skill=4).resolve(ScriptedRng([3]))
    pack = fr(
        **{
            "toy.check": "{face} contre {chance} : {word}",
            "toy.label.success": "réussite",
        }
    )
    assert_text_complete(result.explanation, [CATALOG, pack], ("fr",))
    assert result.explanation.render("fr", [pack]) == "3 contre 4 : réussite"
    with pytest.raises(ContractViolation) as info:
        assert_text_complete(result.explanation, [CATALOG, fr(x="y")], ("fr",))
    assert str(info.value) == "message 'toy.check' lacks 'fr'"


def test_a_packs_help_ids_are_known_to_the_kit() -> None:
    """helper-158: help ids, whose English is the plugin's help, were refused
    as misspellings (``catalog has ids its English catalog does not``)."""
    from rollwerk.testing import ContractViolation, assert_catalog_complete

    source = Catalog(
        {
            "en": {"x.label.hit": "hit"},
            "de": {"x.label.hit": "Treffer", "x.help.check": "würfeln"},
        }
    )
    pack = Catalog({"es": {"x.label.hit": "acierto", "x.help.check": "tirar"}})
    assert_catalog_complete(pack, "x", ("es",), english=source)
    typo = Catalog({"es": {"x.label.hit": "acierto", "x.help.chek": "tirar"}})
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(typo, "x", ("es",), english=source)
    assert str(info.value) == (
        "catalog has ids its English catalog does not: x.help.chek"
    )


def test_a_missing_message_names_the_language_asked_for() -> None:
    with pytest.raises(MissingMessage) as info:
        Catalog({"es": {"a": "b"}}).render("zz", "a")
    assert str(info.value) == "no catalog has the message 'a' in 'zz' or 'en'"


def test_missing_counts_what_the_base_language_has() -> None:
    """helper-h207: ``missing("fr-CA")`` listed every id a ``fr-CA`` pack left
    to ``fr``, though they render in French."""
    cat = Catalog(
        {"en": {"a": "A", "b": "B", "c": "C"}, "fr": {"a": "A"}, "fr-CA": {"b": "B"}}
    )
    assert cat.missing("fr-CA") == ["c"]
    assert cat.missing("fr") == ["b", "c"]
    assert cat.missing("en") == []
    with pytest.raises(ParameterError):
        cat.missing(3)  # type: ignore[arg-type]
