"""Pages opened from file:// load nothing from outside the built site folder: no third-party requests."""

from __future__ import annotations

import urllib.parse
import urllib.request
from pathlib import Path

import browser_support as support

RESOURCE_URLS = "return performance.getEntriesByType('resource').map(e => e.name)"


def outside_site(url: str, root: Path) -> str | None:
    """Why `url` leaves the site, or None when it stays inside it (data: URLs are fine)."""
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme == "data":
        return None
    if scheme != "file":
        return f"{scheme or 'relative'} URL"
    path = Path(urllib.request.url2pathname(urllib.parse.urlsplit(url).path)).resolve()
    if path != root and root not in path.parents:
        return "file outside the site folder"
    return None


def collect_requests(browser, url: str) -> tuple[set[str], int]:
    """Loads `url` and returns every URL it requested, and how many requests Chrome's log recorded."""
    support.drain_performance_log(browser)
    browser.get(url)
    # Let anything scheduled at load (lazy images, fonts, prefetches) start before looking.
    browser.execute_async_script("const done = arguments[0]; setTimeout(done, 150);")
    urls = set(browser.execute_script(RESOURCE_URLS))
    count = 0
    for message in support.drain_performance_log(browser):
        if message.get("method") == "Network.requestWillBeSent":
            urls.add(message["params"]["request"]["url"])
            count += 1
        elif message.get("method") == "Network.webSocketCreated":
            urls.add(message["params"]["url"])
    return urls, count


def test_no_request_leaves_the_site(site, browser):
    root = site.root.resolve()
    problems = []
    seen_requests = 0
    for page in site.pages:
        urls, count = collect_requests(browser, site.url(page))
        seen_requests += count
        for url in sorted(urls):
            reason = outside_site(url, root)
            if reason:
                problems.append(f"  {site.relative(page)} requested {url[:200]} ({reason})")
    assert seen_requests >= len(site.pages), "Chrome's performance log recorded no requests: the check saw nothing"
    assert not problems, f"pages of the {site.name} site load things from outside the site:\n" + "\n".join(problems)
