"""Every page carries a strict Content-Security-Policy, and nothing on it breaks the policy: no inline script,
style or event handler, no resource from elsewhere. Chromium reports each violation as a
`securitypolicyviolation` event, which a script installed before the page's own collects. Checked from
file:// and over HTTP under a path prefix, on load and while the header search, the search page, the find
bar, the theme toggle and the copy-link button run."""

from __future__ import annotations

import functools
import http.server
import threading
from html.parser import HTMLParser

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support

POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; "
    "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"
)

COLLECTOR = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " at " +
    (event.sourceFile || "") + ":" + event.lineNumber);
});
"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):
    www = tmp_path_factory.mktemp(f"csp-{site.name}")
    support.copy_site(site, www / "prefix")
    handler = functools.partial(_QuietHandler, directory=str(www))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/prefix/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def watched(browser):
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COLLECTOR})
    yield browser
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def violations(browser) -> list[str]:
    return browser.execute_script("return window.__violations || []")


class _InlineFinder(HTMLParser):
    """Finds what a strict policy forbids in markup: style elements and attributes, event handler
    attributes, scripts without a src (but for the strings table, which is JSON), and the policy's meta tags."""

    def __init__(self):
        super().__init__()
        self.inline: list[str] = []
        self.policies: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "style":
            self.inline.append("<style>")
        # The page's strings table is data the browser never runs (type application/json), not a script.
        strings = names.get("type") == "application/json" and names.get("id") == "transcripts-strings"
        if tag == "script" and not names.get("src") and not strings:
            self.inline.append("<script> without src")
        for name, _ in attrs:
            if name == "style" or name.startswith("on"):
                self.inline.append(f"<{tag} {name}=...>")
        if tag == "meta" and (names.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(names.get("content") or "")


def test_every_page_has_the_policy_and_nothing_inline(site):
    for page in site.pages:
        finder = _InlineFinder()
        finder.feed(page.read_text(encoding="utf-8"))
        assert finder.policies == [POLICY], site.relative(page)
        assert finder.inline == [], site.relative(page)


@pytest.mark.parametrize("over", ["file", "http"])
def test_no_page_breaks_the_policy(site, served, watched, over):
    for page in site.pages:
        url = site.url(page) if over == "file" else served + site.relative(page)
        watched.get(url)
        WebDriverWait(watched, 10).until(lambda b: b.execute_script("return document.readyState") == "complete")
        assert violations(watched) == [], f"{site.relative(page)} over {over}"


@pytest.mark.parametrize("over", ["file", "http"])
def test_search_find_bar_theme_and_links_work_under_the_policy(site, served, watched, over):
    pages = [p for p in site.conversation_pages]
    if not pages or not (site.root / "search.html").is_file():
        pytest.skip("a site without search")
    page = pages[0]
    watched.get(site.url(page) if over == "file" else served + site.relative(page))
    # The header's search box opens the search page with the query, which runs it.
    box = watched.find_element(By.CSS_SELECTOR, "form.site-search input[name=q]")
    word = watched.execute_script(
        "const t = document.querySelector('li.message .bubble p'); return t ? t.textContent.split(/\\\\s+/).find(w => /^[A-Za-z]{4,}$/.test(w)) : null")
    box.send_keys((word or "the") + Keys.ENTER)
    WebDriverWait(watched, 10).until(lambda b: "search.html?q=" in b.current_url)
    WebDriverWait(watched, 15).until(
        lambda b: b.find_element(By.ID, "search-status").text not in ("", "Searching…"))
    assert violations(watched) == []
    # The find bar on a conversation page, the theme toggle and the copy-link button.
    watched.get(site.url(page) if over == "file" else served + site.relative(page))
    bar = watched.find_elements(By.CSS_SELECTOR, "form.find-bar input[type=search]")
    if bar:
        WebDriverWait(watched, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, "form.find-bar").get_attribute("hidden") is None)
        bar[0].send_keys(word or "the")
    for button in watched.find_elements(By.CSS_SELECTOR, "button.theme-toggle")[:1]:
        button.click()
    for button in watched.find_elements(By.CSS_SELECTOR, "button.copy-link")[:1]:
        watched.execute_script("arguments[0].click()", button)
    assert violations(watched) == []
