"""A passphrase-protected site (`transcripts build --protect`): no file holds anything of the conversations;
in Chromium a wrong passphrase is refused, the right one shows the pages as the open site shows them, search
finds a word and opens its message, and a permalink opened in a new tab asks once and lands on the message,
from file:// and over HTTP. The locked pages pass the Nu HTML Checker and axe-core."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
import zlib
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support
from test_axe import BLOCKING_IMPACTS, RUN_AXE, axe_source, describe as describe_axe  # noqa: F401
from test_vnu import describe as describe_vnu, run_vnu, vnu  # noqa: F401

PASSPHRASE = "correct horse battery staple ünïcode"
BASE64_RUN = re.compile(rb"[A-Za-z0-9+/=]{40,}")


@pytest.fixture(scope="module")
def protected_site(transcripts_bin, demo_site, tmp_path_factory) -> support.BuiltSite:
    """The demo site built with --protect."""
    output = tmp_path_factory.mktemp("site-protected") / "public"
    environment = dict(os.environ, TRANSCRIPTS_PASSPHRASE=PASSPHRASE)
    result = subprocess.run(
        [str(transcripts_bin), "build", str(demo_site.source), "--output", str(output), "--protect"],
        capture_output=True, text=True, timeout=300, env=environment)
    assert result.returncode == 0, result.stdout + result.stderr
    return support.BuiltSite(name="protected", source=demo_site.source, root=output, build_output=result.stdout + result.stderr)


@pytest.fixture(scope="module")
def served(protected_site):
    """The protected site served over HTTP under a path prefix."""
    www = protected_site.root.parent / "www"
    shutil.copytree(protected_site.root, www / "prefix")
    handler = functools.partial(_QuietHandler, directory=str(www))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/prefix/"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


def base_url(site: support.BuiltSite, served_url: str, where: str) -> str:
    return site.root.resolve().as_uri() + "/" if where == "file" else served_url


def index_data(site: support.BuiltSite, name: str):
    """The data of an open site's search/NAME.js."""
    text = (site.root / "search" / f"{name}.js").read_text(encoding="utf-8")
    prefix = f'transcriptsIndex("{name}",'
    assert text.startswith(prefix) and text.endswith(");\n"), name
    data = json.loads(text[len(prefix):-3])
    if name.startswith("d/"):
        # A document file holds its JSON deflated (a raw stream) and in Z85: columns, made rows here as the page
        # makes them (the texts at 6), their times and anchors left as written.
        columns = json.loads(zlib.decompress(from_z85(data), wbits=-15))
        data = [[part, person, time, page, anchor, kinds, text, cut]
                for part, person, time, page, anchor, kinds, cut, text in zip(*columns)]
    return data


Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"


def from_z85(text: str) -> bytes:
    """The bytes of Z85 text whose last group of n + 1 characters holds n bytes (search-core.js fromZ85)."""
    out = bytearray()
    for start in range(0, len(text), 5):
        group = text[start:start + 5]
        value = 0
        for character in group.ljust(5, Z85[84]):
            value = value * 85 + Z85.index(character)
        out += value.to_bytes(4, "big")[:len(group) - 1]
    return bytes(out)


def open_locked(browser, url: str):
    """Opens `url` in a tab that has no key kept (an earlier test may have left one in this tab)."""
    browser.get(url)
    browser.execute_script("sessionStorage.clear()")
    browser.get(url)


def unlock(browser, passphrase: str = PASSPHRASE):
    field = WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "unlock-passphrase"))
    field.clear()
    field.send_keys(passphrase)
    field.send_keys(Keys.ENTER)


def wait_unlocked(browser):
    WebDriverWait(browser, 30).until(lambda b: not b.find_elements(By.ID, "sealed-page"))


def message_pages(site: support.BuiltSite) -> list[Path]:
    return sorted(p for p in site.root.glob("c/*/*.html") if support.MONTH_PAGE.fullmatch(p.name))


# --- The files ---------------------------------------------------------------------------------------


def leaks(site: support.BuiltSite, demo_site: support.BuiltSite) -> list[str]:
    """The demo's titles, people, message texts, search terms and the passphrase that `site`'s files hold."""
    manifest = index_data(demo_site, "index")
    titles = [c["title"] for c in manifest["conversations"]]
    people = manifest["people"]
    texts = []
    for path in sorted((demo_site.root / "search" / "d").glob("*.js")):
        texts += [entry[6][:40] for entry in index_data(demo_site, "d/" + path.stem) if len(entry[6]) >= 12]
    terms = set()
    for path in sorted((demo_site.root / "search" / "t").glob("*.js")):
        terms |= {entry[0] for entry in index_data(demo_site, "t/" + path.stem) if len(entry[0]) >= 4 and not entry[0].isdigit()}
    assert titles and people and len(texts) > 50 and len(terms) > 200

    files = {support.BuiltSite.relative(site, p): p.read_bytes() for p in site.root.rglob("*") if p.is_file()}
    # The site's own code (assets, appearances, protection.json) and the locked page's template: their words
    # are no sign of a leak (a message may say "search" too).
    def is_content(path: str, data: bytes) -> bool:
        return path.endswith((".html", ".xml")) or path.startswith(("search/", "media/")) or data.startswith(b"transcriptsSealed(")
    code_text = "\n".join(data.decode("utf-8") for path, data in files.items() if not is_content(path, data))
    code_text += (support.REPO_ROOT / "Templates/locked.mustache").read_text(encoding="utf-8")
    # The words of the pages (the locked page's and its scripts' come from the strings table).
    code_text += (support.REPO_ROOT / "Templates/strings/en.yml").read_text(encoding="utf-8")
    vocabulary = set(re.findall(r"[\w']+", code_text.lower())) | {"demo", "archive"}
    # The rest: its ciphertext (base64) taken out, so that a word it spells by chance is not taken for a leak.
    content = "\n".join(BASE64_RUN.sub(b" ", data).decode("utf-8", "replace") for path, data in files.items() if is_content(path, data))
    content += "\n" + "\n".join(files)  # the files' names
    words = set(re.findall(r"[\w']+", content.lower()))
    found = [s for s in titles + people + texts + [PASSPHRASE, "correct horse"] if s in content]
    found += [s for s in titles + people + [PASSPHRASE] if s in code_text]
    found += sorted(t for t in terms - vocabulary if t in words)
    return found


def test_no_file_holds_text_names_titles_terms_or_the_passphrase(demo_site, protected_site):
    assert len(leaks(demo_site, demo_site)) > 100, "the check should find the open site's text"
    found = leaks(protected_site, demo_site)
    assert not found, f"the protected site holds: {found[:20]}"


def test_the_locked_pages_are_valid_html(protected_site, vnu):  # noqa: F811
    errors = run_vnu(vnu, protected_site.html_files, css=False)
    assert not errors, f"vnu found {len(errors)} error(s) in the locked pages:\n" + describe_vnu(protected_site, errors)


# --- In the browser ------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["file", "http"])
def test_a_wrong_passphrase_is_refused_and_shows_nothing(protected_site, served, browser, where):
    page = message_pages(protected_site)[0]
    open_locked(browser, base_url(protected_site, served, where) + support.BuiltSite.relative(protected_site, page))
    unlock(browser, "not the passphrase")
    status = browser.find_element(By.ID, "unlock-status")
    WebDriverWait(browser, 30).until(lambda _: "does not open" in status.text)
    assert status.text == "That passphrase does not open this archive. Check it and try again."
    assert browser.find_elements(By.ID, "sealed-page"), "the page should stay locked"
    assert not browser.find_elements(By.CSS_SELECTOR, "li.message")
    assert browser.execute_script("return Object.keys(sessionStorage).length") == 0


@pytest.mark.parametrize("where", ["file", "http"])
def test_the_right_passphrase_shows_every_page_as_the_open_site_does(demo_site, protected_site, served, browser, where):
    base = base_url(protected_site, served, where)
    browser.get_log("browser")  # what earlier tests left
    open_locked(browser, base + "index.html")
    unlock(browser)
    wait_unlocked(browser)
    cards = browser.execute_script("return [...document.querySelectorAll('.conversation-card h2')].map(h => h.textContent)")
    assert cards == [c["title"] for c in index_data(demo_site, "index")["conversations"]] or sorted(cards) == sorted(
        c["title"] for c in index_data(demo_site, "index")["conversations"])
    open_counts = sorted(p.read_text(encoding="utf-8").count('<li class="message') for p in demo_site.conversation_pages)
    shown = []
    for page in message_pages(protected_site):
        # The key is kept for the tab: the next pages open without asking.
        browser.get(base + support.BuiltSite.relative(protected_site, page))
        wait_unlocked(browser)
        shown.append(len(browser.find_elements(By.CSS_SELECTOR, "li.message")))
        assert browser.find_elements(By.CSS_SELECTOR, "button.copy-link"), "the page's own scripts should run"
        assert len(browser.find_elements(By.CSS_SELECTOR, ".theme-toggle")) == 1
        images = browser.find_elements(By.CSS_SELECTOR, "img[data-sealed-src], img[src^='blob:']")
        for image in images:
            browser.execute_script("arguments[0].scrollIntoView()", image)
            WebDriverWait(browser, 10).until(lambda b: b.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", image))
    assert sorted(shown) == open_counts
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
    assert not errors, errors


@pytest.mark.parametrize("where", ["file", "http"])
def test_search_finds_a_word_and_opens_its_message(demo_site, protected_site, served, browser, where):
    base = base_url(protected_site, served, where)
    open_locked(browser, base + "search.html?q=lisbon")
    unlock(browser)
    wait_unlocked(browser)
    WebDriverWait(browser, 20).until(lambda b: b.find_element(By.ID, "search-status").text not in ("", "Searching…"))
    status = browser.find_element(By.ID, "search-status").text
    assert re.match(r"\d+ results? for “lisbon”\.", status), status
    links = browser.find_elements(By.CSS_SELECTOR, "#search-results a")
    assert links
    target = links[0].get_attribute("href")
    anchor = target.split("#")[1]
    links[0].click()
    WebDriverWait(browser, 20).until(lambda b: b.execute_script(
        "const t = document.querySelector(':target'); return t && t.id") == anchor)
    assert "lisbon" in browser.find_element(By.ID, anchor).text.lower() or browser.find_elements(By.CSS_SELECTOR, "mark")


@pytest.mark.parametrize("where", ["file", "http"])
def test_a_permalink_in_a_new_tab_asks_once_then_lands_on_the_message(protected_site, served, browser, where):
    base = base_url(protected_site, served, where)
    pages = message_pages(protected_site)
    first = base + support.BuiltSite.relative(protected_site, pages[0])
    open_locked(browser, first)
    unlock(browser)
    wait_unlocked(browser)
    anchor = browser.find_elements(By.CSS_SELECTOR, "li.message[id]")[-1].get_attribute("id")
    permalink = first + "#" + anchor
    original = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        browser.get(permalink)
        assert browser.find_element(By.ID, "unlock-passphrase").is_displayed(), "a new tab should ask once"
        unlock(browser)
        WebDriverWait(browser, 30).until(lambda b: b.execute_script(
            "const t = document.querySelector(':target'); return t && t.id") == anchor)
        assert browser.execute_script(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight",
            anchor)
        # Asked once: the other pages of this tab open without the form.
        browser.get(base + support.BuiltSite.relative(protected_site, pages[-1]))
        wait_unlocked(browser)
        assert browser.find_elements(By.CSS_SELECTOR, "li.message")
    finally:
        browser.close()
        browser.switch_to.window(original)


def test_the_locked_and_unlocked_pages_have_no_serious_accessibility_violation(protected_site, browser, axe_source):  # noqa: F811
    open_locked(browser, protected_site.root.resolve().as_uri() + "/index.html")
    problems = []
    for state in ("locked", "unlocked"):
        if state == "unlocked":
            unlock(browser)
            wait_unlocked(browser)
        browser.execute_script(axe_source)
        report = json.loads(browser.execute_async_script(RUN_AXE))
        assert not isinstance(report, dict), report
        blocking = [v for v in report if v.get("impact") in BLOCKING_IMPACTS]
        if blocking:
            problems.append(f"{state}:\n" + describe_axe(blocking))
    assert not problems, "\n".join(problems)


def find_count(browser, url: str, word: str) -> str:
    """What the find bar of the page at `url` counts for `word`."""
    browser.get(url)
    WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, "form.find-bar[data-ready=true]"))
    box = browser.find_element(By.CSS_SELECTOR, "form.find-bar input[name=find]")
    box.send_keys(word)
    count = browser.find_element(By.CSS_SELECTOR, "form.find-bar .find-count")
    WebDriverWait(browser, 20).until(lambda _: count.text not in ("", "Finding…"))
    return count.text


def test_the_find_bar_finds_what_it_finds_on_the_open_site(demo_site, protected_site, browser):
    open_page = next(p for p in demo_site.conversation_pages if " the " in STRINGS_TABLE.sub("", p.read_text(encoding="utf-8")))
    expected = find_count(browser, demo_site.url(open_page), "the")
    assert re.fullmatch(r"1 of \d+", expected), expected
    # The same conversation's page on the protected site: its folder is a keyed name, its page name the same.
    opened = []
    for page in message_pages(protected_site):
        if page.name != open_page.name:
            continue
        open_locked(browser, protected_site.url(page))
        unlock(browser)
        wait_unlocked(browser)
        if browser.title == parse_title(open_page):
            opened.append(page)
            break
    assert opened, f"no protected page shows {open_page.name}"
    assert find_count(browser, protected_site.url(opened[0]), "the") == expected


# The page's strings table (the words of its scripts), which is not what the find bar looks through.
STRINGS_TABLE = re.compile(r'<script type="application/json" id="transcripts-strings">.*?</script>', re.S)


def parse_title(page: Path) -> str:
    return re.search(r"<title>(.*?)</title>", page.read_text(encoding="utf-8")).group(1).replace("&amp;", "&")
