"""The pytest plugin of the contract kit (loaded through the ``pytest11`` entry point).

It adds the option ``--rollwerk-contract=<ruleset id>`` (repeatable; also
``<id>:<check>``, and ``<id>+<option>…`` to switch on optional rules), which
runs one test item per check spec of that installed ruleset, one for its
declaration and one per extra ruleset property, and the fixture
``rollwerk_contract``. With the option, pytest runs *only* these items:
nothing in the current folder is collected (its test files, doctests,
conftest-less packages), so ``pytest --rollwerk-contract=ID`` works from any
folder. Nothing of rollwerk or hypothesis is imported
until such an item runs or the fixture is used, so the plugin costs nothing in
test runs that do not use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from rollwerk.encounter import DurationDecoder
    from rollwerk.plugins import Registry
    from rollwerk.rulesets import Ruleset

__all__ = ["ContractItem", "pytest_addoption", "rollwerk_contract"]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--rollwerk-contract`` and ``--rollwerk-contract-examples``."""
    group = parser.getgroup("rollwerk", "rollwerk contract kit")
    group.addoption(
        "--rollwerk-contract",
        action="append",
        default=[],
        metavar="RULESET[+OPTION…][:CHECK]",
        dest="rollwerk_contract",
        help="check an installed rollwerk ruleset against the contract "
        "(repeatable; looked up by id through rollwerk.plugins.get_registry(); "
        "+OPTION switches on an optional rule, :CHECK tests one check)",
    )
    group.addoption(
        "--rollwerk-contract-examples",
        type=_examples,
        default=None,
        metavar="N",
        dest="rollwerk_contract_examples",
        help="parameter sets drawn per check (default: the kit's default, 8)",
    )


def _examples(text: str) -> int:
    """``--rollwerk-contract-examples``: a whole number of at least 0.

    A negative one was accepted here and refused by each check's item.
    """
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"must be a whole number >= 0 (parameter sets drawn per check), "
            f"got {text!r}"
        )
    return value


class ContractItem(pytest.Item):
    """One contract test of an installed ruleset."""

    def __init__(
        self,
        *,
        ruleset_id: str,
        part: str,
        run: Callable[[], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.ruleset_id = ruleset_id
        """The id of the ruleset under test."""
        self.part = part
        """What this item checks (``declaration``, ``check:<name>``…)."""
        self._run = run

    def runtest(self) -> None:
        """Run the contract property."""
        self._run()

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str | Any:
        """Show contract violations and rollwerk errors as their message only."""
        from rollwerk.errors import RollwerkError
        from rollwerk.testing import ContractViolation

        if isinstance(excinfo.value, (ContractViolation, RollwerkError)):
            return f"{type(excinfo.value).__name__}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Any, int | None, str]:
        """Where the item comes from, for pytest's reports."""
        return self.path, None, f"rollwerk contract of {self.ruleset_id!r}: {self.part}"


def _lookup(ruleset_id: str, options: Sequence[str] = ()) -> Ruleset:
    from rollwerk.plugins._registry import get_registry

    registry = get_registry()
    try:
        return registry.ruleset(ruleset_id, options=options)
    except Exception as exc:
        # the failures the registry's message does not already give
        said = str(exc)
        failures = "; ".join(
            dict.fromkeys(  # once each: two claimants fail with one reason
                str(f.error())
                for f in registry.failures
                if str(f.error()) not in said and f.reason not in said
            )
        )
        if failures:
            raise type(exc)(f"{exc} (plugin failures: {failures})") from None
        raise


def _plugin_of(registry: Registry, ruleset_id: str) -> str | None:
    """The name of the plugin that registers ``ruleset_id``, or None."""
    return next(
        (e.plugin for e in registry.entries() if e.ruleset.id == ruleset_id), None
    )


def _plugin_failures(ruleset_id: str) -> None:
    """Fail if the registry reports failures of the plugin that registers ``ruleset_id``.

    The registry hands out a ruleset without what it refused of it (a
    catalog template it cannot show is left out, and reported as the
    plugin's failure), so the kit, given that ruleset, would not see it.

    Raises:
        ContractViolation: The plugin has failures; each is quoted.
    """
    from rollwerk.plugins._registry import get_registry
    from rollwerk.testing._base import ContractViolation

    registry = get_registry()
    plugin = _plugin_of(registry, ruleset_id)
    if plugin is None:
        return
    # every hook asked, so that the failures of each are known
    registry.duration_kinds()
    registry.catalogs()
    registry.dialects()
    registry.fight_rules()
    failures = [str(f.error()) for f in registry.failures if f.plugin == plugin]
    if failures:
        raise ContractViolation(
            f"the registry reports {len(failures)} failure"
            f"{'s' if len(failures) > 1 else ''} of the plugin {plugin!r} that "
            f"registers {ruleset_id!r}: {'; '.join(failures)}"
        )


def _plugin_kinds(ruleset_id: str) -> dict[str, DurationDecoder]:
    """The duration kinds the plugin that registers ``ruleset_id`` registers.

    Those the durations contract exercises besides the core's: a plugin's
    kinds would otherwise never be added to an encounter by the contract.
    """
    from rollwerk.plugins._registry import get_registry

    registry = get_registry()
    plugin = _plugin_of(registry, ruleset_id)
    if plugin is None:
        return {}
    return {
        kind: entry.decoder
        for kind, entry in registry.duration_kind_entries().items()
        if entry.plugin == plugin
    }


def _run_property(
    prop: Callable[[Ruleset], None], ruleset: Ruleset, ruleset_id: str | None
) -> None:
    """Run a ruleset property; the durations with the plugin's kinds too.

    ``ruleset_id``: the installed ruleset's id, whose plugin's duration kinds
    [`assert_ruleset_durations`][rollwerk.testing.assert_ruleset_durations]
    gets; ``None`` for a ruleset object, which has no plugin to ask.
    """
    from rollwerk.testing._durations import assert_ruleset_durations

    if prop is assert_ruleset_durations and ruleset_id is not None:
        assert_ruleset_durations(ruleset, kinds=_plugin_kinds(ruleset_id))
    else:
        prop(ruleset)


def _items(session: pytest.Session, target: str) -> list[ContractItem]:
    head, colon, only = target.partition(":")
    ruleset_id, *options = head.split("+")
    examples = session.config.getoption("rollwerk_contract_examples")

    def make(part: str, run: Callable[[], None]) -> ContractItem:
        return ContractItem.from_parent(
            session,
            name=f"rollwerk-contract[{target}]::{part}",
            ruleset_id=ruleset_id,
            part=part,
            run=run,
        )

    try:
        ruleset = _lookup(ruleset_id, options)
    except Exception as exc:  # noqa: BLE001 - reported by the item that fails
        error = exc

        def fail() -> None:
            raise error

        return [make("lookup", fail)]

    from rollwerk.testing import _contract
    from rollwerk.testing._base import ContractViolation

    def declaration() -> None:
        _plugin_failures(ruleset_id)
        _contract.assert_ruleset_declaration(ruleset)

    items = [make("declaration", declaration)]
    for spec in ruleset.checks():
        if colon and spec.name != only:
            continue

        def run(name: str = spec.name) -> None:
            _contract.assert_ruleset_contract(
                ruleset, max_examples=examples, checks=[name], properties=False
            )

        items.append(make(f"check:{spec.name}", run))
    if colon and len(items) == 1:
        names = ", ".join(s.name for s in ruleset.checks())

        def unknown() -> None:
            raise ContractViolation(
                f"ruleset {ruleset_id!r} has no check {only!r}; it has {names}"
            )

        items.append(make(f"check:{only}", unknown))
    if not colon:
        for prop in _contract.RULESET_PROPERTIES:

            def run_prop(p: Callable[[Ruleset], None] = prop) -> None:
                _run_property(p, ruleset, ruleset_id)

            items.append(make(prop.__name__, run_prop))
    return items


def pytest_configure(config: pytest.Config) -> None:
    """Refuse ``--rollwerk-contract`` at once, in one line, without hypothesis.

    The plugin is active wherever rollwerk is installed; the contract needs
    the extra ``rollwerk[testing]``. Without it the run had ended in an
    internal error of 88 lines.
    """
    if not config.getoption("rollwerk_contract", None):
        return
    import importlib.util

    if importlib.util.find_spec("hypothesis") is None:
        raise pytest.UsageError(
            "--rollwerk-contract needs hypothesis, which is not installed: "
            'install the extra rollwerk[testing] (pip install "rollwerk[testing]")'
        )


def pytest_ignore_collect(collection_path: Any, config: pytest.Config) -> bool | None:
    """With ``--rollwerk-contract``, collect nothing from the folder's files."""
    if config.getoption("rollwerk_contract"):
        return True
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Run only the contract items when ``--rollwerk-contract`` is given.

    Anything collected anyway (test paths given explicitly on the command
    line) is deselected and reported as such.
    """
    targets = config.getoption("rollwerk_contract")
    if not targets:
        return
    if items:
        config.hook.pytest_deselected(items=list(items))
        items.clear()
    added: list[pytest.Item | pytest.Collector] = []
    for target in targets:
        added.extend(_items(session, target))
    # reported as collected, so that "collected N items" counts them
    report = pytest.CollectReport(session.nodeid, "passed", None, added)
    config.hook.pytest_collectreport(report=report)
    items.extend(item for item in added if isinstance(item, pytest.Item))


@pytest.fixture
def rollwerk_contract() -> Callable[..., None]:
    """A function that runs the whole contract on a ruleset or an installed id.

    ```python
    def test_contract(rollwerk_contract):
        rollwerk_contract("mysystem")  # or a Ruleset object
    ```

    ``options`` switches on optional rules of an installed ruleset; other
    keyword arguments go to
    [`assert_ruleset_contract`][rollwerk.testing.assert_ruleset_contract].
    For an installed id, the durations contract also exercises the duration
    kinds its plugin registers.
    """

    def run(
        ruleset: Ruleset | str, *, options: Sequence[str] = (), **kwargs: Any
    ) -> None:
        from rollwerk.testing import RULESET_PROPERTIES, assert_ruleset_contract

        if not isinstance(ruleset, str):
            assert_ruleset_contract(ruleset, **kwargs)
            return
        rs = _lookup(ruleset, options)
        _plugin_failures(ruleset)
        assert_ruleset_contract(rs, **{**kwargs, "properties": False})
        if kwargs.get("properties", True):
            for prop in RULESET_PROPERTIES:
                _run_property(prop, rs, ruleset)

    return run
