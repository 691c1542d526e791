"""Threads sharing a request cache and a registry (found by an integrator's bot)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from rollwerk import SeededRng
from rollwerk.checks import CheckRequests
from rollwerk.plugins import Registry
from rollwerk.testing import examples


def _at_once(work: Callable[[], None], threads: int = 6) -> list[Exception]:
    """Run ``work`` in ``threads`` threads started together; the errors raised.

    Threads switch every microsecond, so that races show at once.
    """
    errors: list[Exception] = []
    start = threading.Barrier(threads)

    def run() -> None:
        start.wait()
        try:
            work()
        except Exception as exc:  # noqa: BLE001 - any error is what the test looks for
            errors.append(exc)

    started = [threading.Thread(target=run) for _ in range(threads)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for t in started:
            t.start()
        for t in started:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    return errors


def test_threads_can_share_a_small_cache_that_forgets_all_the_time() -> None:
    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    requests = CheckRequests(maxsize=4)
    counter = iter(range(10**9))

    def work() -> None:
        n = next(counter)
        for i in range(3000):
            skill = (i * 7 + n) % 7
            check = requests.build(toy, f"skill={skill} modifier={i % 5 - 2}")
            assert check.parameters["skill"] == skill
            check.resolve(SeededRng(i))

    assert _at_once(work) == []
    assert len(requests) <= 4


def test_threads_can_look_rulesets_up_in_a_fresh_registry_at_once() -> None:
    """One thread collects the rulesets; the others wait for it.

    Before, a second thread saw the registry collecting and raised "look
    them up after rollwerk_register_rulesets", or found an id missing.
    """
    for _ in range(20):
        registry = Registry(load_entrypoints=False, plugins=[examples])

        def work(registry: Registry = registry) -> None:
            assert registry.ruleset("toy").id == "toy"
            assert registry.ids() == ["toy"]

        assert _at_once(work) == []
