"""The pages work from file:// and from a web server under a path prefix: every relative link points to a
file of the site (and every `#m-...` anchor to an element of the target page), and the stylesheet applies."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import browser_support as support

PREFIX = "some/prefix/"


def test_relative_links_resolve_to_files_of_the_site(site):
    """Checked on disk: what a browser opening the pages from file:// would load or follow."""
    root = site.root.resolve()
    parsed = {page: support.parse_page(page) for page in site.html_files}
    problems = []
    checked = 0
    for page, contents in parsed.items():
        where = site.relative(page)
        for ref in contents.references:
            if ref.in_user_content and ref.tag == "a":
                # Links written in messages are the sender's (kept as they were); not the templates' business.
                continue
            value = ref.value.strip()
            split = urllib.parse.urlsplit(value)
            if split.scheme or split.netloc:
                if ref.tag != "a" and split.scheme.lower() != "data":
                    problems.append(f"  {where}:{ref.line}: <{ref.tag} {ref.attribute}> points outside the site: {value}")
                continue
            if value.startswith("/"):
                problems.append(f"  {where}:{ref.line}: <{ref.tag} {ref.attribute}=\"{value}\"> is root-relative: it breaks from file:// and under a path prefix")
                continue
            checked += 1
            if split.path:
                target = support.resolve_local(page, value)
                if target is None or not target.is_file():
                    problems.append(f"  {where}:{ref.line}: <{ref.tag} {ref.attribute}=\"{value}\"> -> {target}: no such file")
                    continue
                if target != root and root not in target.parents:
                    problems.append(f"  {where}:{ref.line}: <{ref.tag} {ref.attribute}=\"{value}\"> leaves the site folder")
                    continue
            else:
                target = page
            fragment = urllib.parse.unquote(split.fragment)
            if fragment:
                ids = parsed[target].ids if target in parsed else set()
                if fragment not in ids:
                    problems.append(
                        f"  {where}:{ref.line}: <{ref.tag} {ref.attribute}=\"{value}\">: "
                        f"no element with id \"{fragment}\" in {site.relative(target)}"
                    )
    assert checked, f"no relative link found in the {site.name} site"
    assert not problems, f"broken links in the {site.name} site:\n" + "\n".join(problems)


def test_every_page_is_reachable_from_the_index(site):
    """The index links each conversation's overview; each overview links every page of its conversation."""
    linked_overviews = {resolve for href in support.parse_page(site.index).conversation_links
                        if (resolve := support.resolve_local(site.index, href)) is not None}
    missing = [site.relative(p) for p in site.overview_pages if p not in linked_overviews]
    assert not missing, f"conversations not linked from the index: {missing}"
    for overview in site.overview_pages:
        hrefs = {support.resolve_local(overview, ref.value) for ref in support.parse_page(overview).references
                 if ref.tag == "a" and ref.attribute == "href"}
        pages = [p for p in sorted(overview.parent.glob("*.html")) if p.name != "index.html"]
        unlinked = [site.relative(p) for p in pages if p not in hrefs]
        assert not unlinked, f"{site.relative(overview)} does not link {unlinked}"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):
    """The site copied into www/some/prefix/ and served from 127.0.0.1 on a free port."""
    www = tmp_path_factory.mktemp(f"www-{site.name}")
    support.copy_site(site, www / PREFIX)
    handler = functools.partial(_QuietHandler, directory=str(www))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/{PREFIX}"
    yield base
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


STYLE_PROBE = """
const pick = document.querySelector(arguments[0]);
if (!pick) return null;
const style = getComputedStyle(pick);
return {background: style.backgroundColor, sheets: document.styleSheets.length,
        // Links written in messages are the sender's, kept as they were: only the templates' links count.
        links: Array.from(document.querySelectorAll('a[href], link[href]'))
          .filter(e => !e.closest('.text, .event-text')).map(e => new URL(e.getAttribute('href'), document.baseURI).href)};
"""


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url.split("#")[0], method="HEAD"), timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_pages_work_under_a_path_prefix(site, browser, served):
    problems = []
    statuses: dict[str, int] = {}
    for page in site.pages:
        relative = site.relative(page)
        url = served + relative
        browser.get(url)
        # A bubble with a fill (the style `none` draws none).
        selector = ".bubble:not(.style-none)" if page != site.index else ".conversation-card"
        # A page without bubbles or cards (only events, or no conversations) has only its main to probe.
        probe = browser.execute_script(STYLE_PROBE, selector) or browser.execute_script(STYLE_PROBE, "main")
        if probe is None:
            problems.append(f"  {relative}: nothing matches {selector} or main")
            continue
        if probe["sheets"] < 1:
            problems.append(f"  {relative}: no stylesheet loaded")
        if page != site.index and browser.execute_script("return !!document.querySelector('.bubble:not(.style-none)')"):
            if probe["background"] in ("rgba(0, 0, 0, 0)", "transparent"):
                problems.append(f"  {relative}: .bubble has no background: the stylesheet did not apply")
        elif page == site.index and browser.execute_script("return !!document.querySelector('.conversation-card')"):
            if probe["background"] in ("rgba(0, 0, 0, 0)", "transparent"):
                problems.append(f"  {relative}: .conversation-card has no background: the stylesheet did not apply")
        for link in probe["links"]:
            split = urllib.parse.urlsplit(link)
            if split.scheme not in ("http", "https") or split.netloc != urllib.parse.urlsplit(served).netloc:
                continue  # links to other sites (from messages) or to javascript:/mailto: are not followed
            if not split.path.startswith("/" + PREFIX):
                problems.append(f"  {relative}: a link escapes the path prefix: {link}")
                continue
            if link.split("#")[0] not in statuses:
                statuses[link.split("#")[0]] = _status(link)
            if statuses[link.split("#")[0]] != 200:
                problems.append(f"  {relative}: {link} answers {statuses[link.split('#')[0]]}")
    # Following the index's first link in the browser lands on a conversation page with its styles.
    browser.get(served + "index.html")
    cards = browser.find_elements("css selector", ".conversation-card a")
    if cards:
        cards[0].click()
        if not browser.current_url.startswith(served + "c/"):
            problems.append(f"  index.html: the first conversation link led to {browser.current_url}")
    assert not problems, f"the {site.name} site under {served}:\n" + "\n".join(sorted(set(problems)))
