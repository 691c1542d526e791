"""`assert_catalog_complete` applies the registry's load-time template rules.

A held-out plugin author (helper-h191, findings 6 and 7): a pack with a
control character, a format spec, a conversion or an attribute field
passed the kit and was then left out by ``Registry.catalogs()``; and a
regional pack (``de-AT``) could not pass without copying all of ``de``,
although a regional catalog needs only the messages that differ.
"""

from __future__ import annotations

import pytest

import rollwerk
from rollwerk.checks import TOOLKIT_CATALOG
from rollwerk.i18n import CORE, Catalog
from rollwerk.plugins import Registry
from rollwerk.testing import ContractViolation, assert_catalog_complete

ENGLISH = Catalog(
    {
        "en": {"toy.roll": "{a} and {b}", "toy.label.hit": "hit"},
        "de": {"toy.roll": "{a} und {b}", "toy.label.hit": "Treffer"},
    }
)


class Pack:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    @rollwerk.hookimpl
    def rollwerk_register_catalogs(self) -> list[Catalog]:
        return [self.catalog]


def registry_words(pack: Catalog) -> list[str]:
    """What the registry says of the pack's templates when it loads them."""
    registry = Registry(load_entrypoints=False, plugins=[Pack(ENGLISH), Pack(pack)])
    registry.catalogs()
    return [f.reason for f in registry.failures]


@pytest.mark.parametrize(
    ("template", "reason"),
    [
        (
            "{a} und \x1b[31m{b}",
            (
                "it holds the control character U+001B; a template is printable text "
                "without control or format characters (Unicode category C), the "
                "joiners U+200C and U+200D aside"
            ),
        ),
        (
            "{a:>9} und {b}",
            (
                "the placeholder '{a:>9}' has a format spec (':>9'): a plugin's "
                "template names a field only, as '{a}'"
            ),
        ),
        (
            "{a!r} und {b}",
            (
                "the placeholder '{a!r}' has a conversion ('!r'): a plugin's template "
                "names a field only, as '{a}'"
            ),
        ),
        (
            "{a.real} und {b}",
            "the placeholder '{a.real}' is not a name like '{who}'",
        ),
    ],
    ids=["control", "format spec", "conversion", "attribute"],
)
def test_the_kit_refuses_what_the_registry_leaves_out(
    template: str, reason: str
) -> None:
    pack = Catalog({"de-CH": {"toy.roll": template, "toy.label.hit": "Treffer"}})
    said = f"catalog message 'toy.roll' in 'de-CH' ({template!r}) is left out: {reason}"
    assert registry_words(pack) == [said]
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(pack, "toy", ("de-CH",), english=ENGLISH)
    assert str(info.value) == f"catalog: {said}"


def test_a_plugins_own_catalog_is_checked_too() -> None:
    own = Catalog(
        {
            "en": {"toy.roll": "{a} and {b}", "toy.label.hit": "hit"},
            "de": {"toy.roll": "{a} und {b}", "toy.label.hit": "Treffer\x07"},
        }
    )
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(own, "toy")
    assert str(info.value) == (
        "catalog: catalog message 'toy.label.hit' in 'de' ('Treffer\\x07') is left "
        "out: it holds the control character U+0007; a template is printable "
        "text without control or format characters (Unicode category C), the "
        "joiners U+200C and U+200D aside"
    )


def test_a_good_pack_passes_and_loads_without_failures() -> None:
    pack = Catalog({"de-CH": {"toy.roll": "{b} und {a}", "toy.label.hit": "Treffer"}})
    assert_catalog_complete(pack, "toy", ("de-CH",), english=ENGLISH)
    assert registry_words(pack) == []


def test_a_regional_pack_needs_only_the_messages_that_differ() -> None:
    pack = Catalog({"de-AT": {"toy.label.hit": "Volltreffer"}})
    assert_catalog_complete(pack, "toy", ("de-AT",), english=ENGLISH)
    # the core's and the toolkit's German stand in for theirs
    core_pack = Catalog({"de-AT": {"die.dropped": "weggelegt"}})
    english = ENGLISH | CORE | TOOLKIT_CATALOG
    assert_catalog_complete(core_pack, ("toy", "die"), ("de-AT",), english=english)


def test_a_regional_pack_finds_its_base_language_in_itself() -> None:
    own = Catalog(
        {
            "en": {"toy.roll": "{a} and {b}", "toy.label.hit": "hit"},
            "de": {"toy.roll": "{a} und {b}", "toy.label.hit": "Treffer"},
            "de-AT": {"toy.label.hit": "Volltreffer"},
        }
    )
    assert_catalog_complete(own, "toy", ("en", "de", "de-AT"))


def test_a_regional_pack_without_its_base_language_lacks_the_rest() -> None:
    english = Catalog({"en": {"toy.roll": "{a} and {b}", "toy.label.hit": "hit"}})
    pack = Catalog({"de-AT": {"toy.label.hit": "Volltreffer"}})
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(pack, "toy", ("de-AT",), english=english)
    assert str(info.value) == (
        "catalog lacks in 'de-AT' and in its base language 'de': toy.roll"
    )
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(
            Catalog({"zh-Hant-TW": {"toy.label.hit": "命中"}}),
            "toy",
            ("zh-Hant-TW",),
            english=english,
        )
    assert str(info.value) == (
        "catalog lacks in 'zh-Hant-TW' and in its base language 'zh-Hant' or "
        "'zh': toy.roll"
    )


def test_a_language_without_a_region_still_needs_every_message() -> None:
    pack = Catalog({"fr": {"toy.label.hit": "touché"}})
    with pytest.raises(ContractViolation) as info:
        assert_catalog_complete(pack, "toy", ("fr",), english=ENGLISH)
    assert str(info.value) == "catalog lacks in 'fr': toy.roll"
