"""Threads sharing a request cache (found by an integrator's bot under load)."""

from __future__ import annotations

import sys
import threading

from rollwerk import SeededRng
from rollwerk.checks import CheckRequests
from rollwerk.plugins import Registry
from rollwerk.testing import examples


def test_threads_can_share_a_small_cache_that_forgets_all_the_time() -> None:
    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    requests = CheckRequests(maxsize=4)
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def work(n: int) -> None:
        start.wait()
        try:
            for i in range(3000):
                skill = (i * 7 + n) % 7
                check = requests.build(toy, f"skill={skill} modifier={i % 5 - 2}")
                assert check.parameters["skill"] == skill
                check.resolve(SeededRng(i))
        except Exception as exc:  # noqa: BLE001 - any error is what the test looks for
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often: races show at once
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(requests) <= 4


def test_threads_can_look_rulesets_up_in_a_fresh_registry_at_once() -> None:
    """One thread collects the rulesets; the others wait for it.

    Before, a second thread saw the registry collecting and raised "look
    them up after rollwerk_register_rulesets", or found an id missing.
    """
    errors: list[Exception] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(20):
            registry = Registry(load_entrypoints=False, plugins=[examples])
            start = threading.Barrier(6)

            def work(
                registry: Registry = registry, start: threading.Barrier = start
            ) -> None:
                start.wait()
                try:
                    assert registry.ruleset("toy").id == "toy"
                    assert registry.ids() == ["toy"]
                except Exception as exc:  # noqa: BLE001 - what the test looks for
                    errors.append(exc)

            threads = [threading.Thread(target=work) for _ in range(6)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
