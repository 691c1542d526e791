"""Check the built documentation site in headless Chromium.

Usage: ``python scripts/check_site.py SITE_DIR SCREENSHOT_DIR`` (the nox
session ``docs_browser`` runs it after ``mkdocs build``). It serves SITE_DIR
on a free localhost port, then with Debian's Chromium (driven by Playwright,
no browser download):

- opens the home page, a ruleset page and the API reference, asserts that
  each renders (a heading, no error page) and saves a screenshot of each;
- asserts that the ruleset page shows its odds charts (inline SVG);
- follows every internal link on those pages and asserts that it resolves
  (HTTP 200, and the ``#fragment`` exists on the target page);
- types ``CheckResult`` into the site search and asserts that a result
  links to the API reference.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import sys
import threading
import urllib.parse
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

PAGES = {
    "home": "",
    "ruleset": "rulesets/ds4/",
    "reference": "reference/api/",
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``site`` on a free localhost port in a background thread."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def internal_links(page: Page, base: str) -> set[str]:
    """Absolute URLs of the page's links that stay on the site."""
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    return {h for h in hrefs if h.startswith(base)}


def check_link(page: Page, url: str, cache: dict[str, set[str]]) -> str | None:
    """Return a problem with ``url``, or None if it resolves."""
    target, _, fragment = url.partition("#")
    if target not in cache:
        try:
            with urllib.request.urlopen(target, timeout=10) as resp:
                if resp.status != 200:
                    return f"{url}: HTTP {resp.status}"
                body = resp.read().decode("utf-8", "replace")
        except OSError as exc:
            return f"{url}: {exc}"

        cache[target] = set(re.findall(r'id="([^"]+)"', body))
    if fragment and urllib.parse.unquote(fragment) not in cache[target]:
        return f"{url}: no element with id {fragment!r}"
    return None


def main(argv: list[str]) -> int:
    """Run every check; return the number of problems (0 is success)."""
    site, shots = Path(argv[0]), Path(argv[1])
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    server, base = serve(site)
    problems: list[str] = []
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium not found", file=sys.stderr)
        return 1
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        links: set[str] = set()
        for name, path in PAGES.items():
            resp = page.goto(base + path, wait_until="networkidle")
            if resp is None or resp.status != 200:
                problems.append(
                    f"{name}: HTTP {resp.status if resp else 'no response'}"
                )
                continue
            if page.locator("article h1").count() == 0:
                problems.append(f"{name}: no heading rendered")
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            links |= internal_links(page, base)
            if name == "ruleset":
                charts = page.locator("article svg.rollwerk-chart")
                if charts.count() == 0:
                    problems.append("ruleset page: no odds chart rendered")
                elif charts.first.bounding_box() is None:
                    problems.append("ruleset page: the odds chart is not visible")
        cache: dict[str, set[str]] = {}
        for url in sorted(links):
            problem = check_link(page, url, cache)
            if problem:
                problems.append(f"broken link {problem}")
        page.goto(base, wait_until="networkidle")
        page.locator("label.md-search__icon, input.md-search__input").first.click()
        page.locator("input.md-search__input").type("CheckResult", delay=50)
        try:
            page.wait_for_selector(
                ".md-search-result__item a[href*='reference']", timeout=15000
            )
        except Exception:  # noqa: BLE001 - reported below with a screenshot
            problems.append(
                "search: no result for 'CheckResult' linking to the reference"
            )
        page.screenshot(path=str(shots / "search.png"))
        browser.close()
    server.shutdown()
    print(
        f"checked {len(PAGES)} pages and {len(links)} internal links; screenshots in {shots}"
    )
    for p in problems:
        print(f"PROBLEM: {p}", file=sys.stderr)
    return len(problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
