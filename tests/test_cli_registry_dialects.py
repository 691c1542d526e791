"""``main(argv, registry=reg)`` reads notation in the dialects of ``reg``.

An outside plugin author (helper-h191, finding 4) registered a plugin
directly, whose dialect hook adds ``mine`` and whose ruleset names it: the
command line refused ``--dialect mine`` and blamed the ruleset as a plugin
fault (exit 3), since ``roll`` looked dialects up in the shared registry.
docs/plugins.md: the command line goes through the registry, so a directly
registered plugin works with it too.
"""

from __future__ import annotations

import json

import attrs
import pytest

import rollwerk
import rollwerk.plugins._registry
from rollwerk.checks import Degree, Outcome, define_check
from rollwerk.cli import main
from rollwerk.notation import DIALECTS, Dialect
from rollwerk.plugins import Registry
from rollwerk.rulesets import Ruleset, define_ruleset

# German tables read W66 as one draw of 36 (tens and ones d6): the 17th is 35
MINE = attrs.evolve(DIALECTS["german"], name="mine")
COIN = define_check(
    "flip",
    dice=[2],
    judge=lambda faces: Outcome(
        faces[0] == 2, Degree.SUCCESS if faces[0] == 2 else Degree.FAILURE, None
    ),
)
HMINE = define_ruleset("hmine", "Mine", version="1", checks=[COIN], dialect="mine")
HLOST = define_ruleset("hlost", "Lost", version="1", checks=[COIN], dialect="lost")


class _Mine:
    def __init__(self) -> None:
        self.asked = 0

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [HMINE]

    @rollwerk.hookimpl
    def rollwerk_register_dialects(self) -> list[Dialect]:
        self.asked += 1
        return [MINE]


class _Lost:
    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [HLOST]


class _Broken:
    @rollwerk.hookimpl
    def rollwerk_register_dialects(self) -> list[Dialect]:
        raise RuntimeError("no dialects today")


@pytest.fixture
def shared_without_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared registry knows no plugin: only the given one has ``mine``."""
    clean = Registry(load_entrypoints=False, plugins=[])
    monkeypatch.setattr(rollwerk.plugins._registry, "_DEFAULT", clean)


@pytest.mark.usefixtures("shared_without_plugins")
def test_dialect_option_finds_the_given_registrys_dialect(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Mine()])
    argv = ["roll", "W66", "--dialect", "mine", "--rolls", "17"]
    assert main(argv, registry=registry) == 0
    assert capsys.readouterr().out == "35\n"
    assert (
        main(
            ["roll", "W66", "--dialect", "mine", "--odds", "--json"], registry=registry
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert len(data["outcomes"]) == 36
    assert data["outcomes"][0] == {"value": 11, "probability": "1/36"}


@pytest.mark.usefixtures("shared_without_plugins")
def test_a_rulesets_dialect_comes_from_the_given_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Mine()])
    argv = ["roll", "W66", "--ruleset", "hmine", "--rolls", "17"]
    assert main(argv, registry=registry) == 0
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("35\n", "")
    # --dialect still wins over the ruleset's
    argv += ["--dialect", "rollwerk"]
    assert main(argv, registry=registry) == 0
    assert capsys.readouterr().out == "17\n"


@pytest.mark.usefixtures("shared_without_plugins")
def test_a_bundled_dialect_asks_no_plugin(capsys: pytest.CaptureFixture[str]) -> None:
    mine = _Mine()
    registry = Registry(load_entrypoints=False, plugins=[mine])
    argv = ["roll", "3d6>3", "--dialect", "roll20", "--rolls", "4,4,1"]
    assert main(argv, registry=registry) == 0
    assert capsys.readouterr().out == "2\n"
    assert mine.asked == 0


@pytest.mark.usefixtures("shared_without_plugins")
def test_an_unknown_dialect_says_the_given_registrys_plugins_failed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The documented ``(N plugins failed to load …)``, from the given registry."""
    registry = Registry(load_entrypoints=False, plugins=[_Mine(), _Broken()])
    assert main(["roll", "1d6", "--dialect", "zzz"], registry=registry) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: dialect must be one of: avrae, foundry, german, mine, "
        "roll20, rollwerk, got 'zzz' (1 plugin failed to load: see `rollwerk "
        "rulesets`)\n"
    )
    clean = Registry(load_entrypoints=False, plugins=[_Mine()])
    assert main(["roll", "1d6", "--dialect", "zzz"], registry=clean) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: dialect must be one of: avrae, foundry, german, mine, "
        "roll20, rollwerk, got 'zzz'\n"
    )


@pytest.mark.usefixtures("shared_without_plugins")
def test_a_ruleset_naming_a_dialect_no_plugin_gives_is_its_plugins_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Lost(), _Mine()])
    argv = ["roll", "1d6", "--ruleset", "hlost", "--rolls", "3"]
    assert main(argv, registry=registry) == 3
    assert capsys.readouterr().err == (
        "rollwerk: error: plugin '_Lost' failed: ruleset 'hlost' names the "
        "dialect 'lost', which is not installed (dialect must be one of: avrae, "
        "foundry, german, mine, roll20, rollwerk)\n"
    )


class _AlsoMine:
    @rollwerk.hookimpl
    def rollwerk_register_dialects(self) -> list[Dialect]:
        return [MINE]


@pytest.mark.usefixtures("shared_without_plugins")
def test_a_rulesets_dialect_two_plugins_claim_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """helper-h208: the dialect is installed twice, not "not installed"."""
    registry = Registry(load_entrypoints=False, plugins=[_Mine(), _AlsoMine()])
    argv = ["roll", "W66", "--ruleset", "hmine", "--rolls", "17"]
    assert main(argv, registry=registry) == 3
    assert capsys.readouterr().err == (
        "rollwerk: error: plugin '_Mine' failed: ruleset 'hmine' names the "
        "dialect 'mine', which is not used: dialect 'mine' is claimed by plugin "
        "'_AlsoMine' and plugin '_Mine'; neither is used until one is "
        "uninstalled\n"
    )
