"""The search page and the find bar, in headless Chromium, from file:// and over HTTP: queries with prefixes,
phrases and filters, highlighted results that open the message's permalink, keyboard use, and the find bar
moving between matches across pages. Also: search-core.js makes the same terms as the build's tokenizer."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support

CASES = support.REPO_ROOT / "Tests/Fixtures/search/tokenizer-cases.json"


def _message(number: int, day: str, sender: str, text: str, kind: str = "text") -> dict:
    message = {"id": str(number), "sender": sender, "date": f"{day}T09:{number % 60:02d}:00Z"}
    if kind == "photo":
        message.update(type="photo", photo={"file": "missing.png", "caption": text})
    else:
        message["text"] = text
    return message


@pytest.fixture(scope="module")
def search_site(transcripts_bin, tmp_path_factory):
    """A small site made for searching: two conversations, several month pages of 10 messages."""
    root = tmp_path_factory.mktemp("search-site")
    source = root / "source"
    (source / "conversations").mkdir(parents=True)
    (source / "transcripts.yml").write_text("title: Search test\ntimeZone: UTC\npageSize: 10\nme: me\n", encoding="utf-8")
    people = [{"id": "me", "name": "Me"}, {"id": "ann", "name": "Ann"}, {"id": "bob", "name": "Bob"}]
    garden = []
    for number in range(1, 41):
        month = "2024-05" if number <= 25 else "2024-06"
        day = f"{month}-{(number % 27) + 1:02d}"
        sender = ["me", "ann", "bob"][number % 3]
        text = f"Filler message number {number} about the weather"
        if number in (3, 14, 27, 38):
            text = f"The needle is here ({number}), see you at the café"
        if number == 20:
            text = "you see, the needle moved"
        garden.append(_message(number, day, sender, text))
    garden.append(_message(41, "2024-06-28", "ann", "Photo of the needle", kind="photo"))
    other = [_message(100 + n, f"2024-05-{n + 1:02d}", "bob", f"Other chat {n}: needle elsewhere, Lisbon trip") for n in range(3)]
    conversations = {
        "garden.json": {"format": "transcripts/1", "id": "garden", "title": "Garden", "kind": "group",
                        "participants": people, "messages": garden},
        "other.json": {"format": "transcripts/1", "id": "other", "title": "Other", "kind": "group",
                       "participants": people, "messages": other},
    }
    for name, conversation in conversations.items():
        (source / "conversations" / name).write_text(json.dumps(conversation, ensure_ascii=False), encoding="utf-8")
    output = root / "public"
    support.build_site(transcripts_bin, source, output)
    return output


@pytest.fixture(scope="module")
def served(search_site):
    """The search site served over HTTP under a path prefix."""
    www = search_site.parent / "www"
    shutil.copytree(search_site, www / "prefix")
    handler = functools.partial(_QuietHandler, directory=str(www))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/prefix/"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


def _wait_ready(browser, selector: str):
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, selector).get_attribute("data-ready") == "true")


def _results(browser):
    """Waits for the search to settle and returns (status, [(meta, snippet, href, marks)])."""
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.ID, "search-status").text not in ("", "Searching…")
        and not b.find_element(By.ID, "search-results").get_attribute("aria-busy"))
    status = browser.find_element(By.ID, "search-status").text
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#search-results li')].map(li => ["
        " li.querySelector('.search-result-meta').textContent, li.querySelector('.search-result-snippet').textContent,"
        " li.querySelector('a').href, [...li.querySelectorAll('mark.search-hit')].map(m => m.textContent)])")
    return status, rows


def _search(browser, page_url: str, query: str, **filters):
    browser.get(page_url)
    _wait_ready(browser, "form.search-form")
    for name, value in filters.items():
        browser.execute_script(
            "const e = document.querySelector(`.search-form [name=${arguments[0]}]`); e.value = arguments[1];"
            "e.dispatchEvent(new Event('change'));", name, value)
    box = browser.find_element(By.ID, "search-q")
    box.clear()
    box.send_keys(query)
    box.send_keys(Keys.ENTER)
    return _results(browser)


@pytest.mark.parametrize("where", ["file", "http"])
def test_a_query_shows_highlighted_results_that_open_the_message(search_site, served, browser, where):
    base = search_site.resolve().as_uri() + "/" if where == "file" else served
    status, rows = _search(browser, base + "search.html", "needle")
    # 4 + 1 + the photo in Garden, 3 in Other: newest first.
    assert status == "9 results for “needle”.", status
    assert [row[3] for row in rows] == [["needle"]] * 9 or all(marks and all(m.lower() == "needle" for m in marks) for *_, marks in rows)
    assert rows[0][0].startswith("Ann · Garden · "), rows[0][0]
    assert rows[0][1] == "Photo of the needle\nmissing.png"
    assert rows[-1][1] == "Other chat 0: needle elsewhere, Lisbon trip"
    # Opening a result lands on its message, highlighted by :target.
    target = rows[1][2]
    browser.find_elements(By.CSS_SELECTOR, "#search-results a")[1].click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url == target)
    anchor = target.split("#", 1)[1]
    assert "?find=needle&match=" in target
    message = browser.find_element(By.ID, anchor)
    assert "needle" in message.text
    # The page's find bar takes the query over: the words are marked and the match is the current one.
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".find-count").text.endswith(" of 6"))
    assert "find-current" in message.get_attribute("class")
    assert [m.text for m in message.find_elements(By.CSS_SELECTOR, "mark.find-word")] == ["needle"]
    outline = browser.execute_script(
        "return getComputedStyle(document.querySelector(':target .bubble')).outlineStyle")
    assert outline == "solid"


def test_search_as_you_type_phrases_and_no_matches(search_site, browser):
    base = search_site.resolve().as_uri() + "/"
    status, rows = _search(browser, base + "search.html", "lisb")
    assert status == "3 results for “lisb”." and all("Lisbon" in row[1] for row in rows), (status, rows)
    assert all(row[3] == ["Lisbon"] for row in rows)
    # A phrase: "see you" in that order (4 messages), not "you see".
    status, rows = _search(browser, base + "search.html", '"see you"')
    assert len(rows) == 4 and all("see you" in row[1] for row in rows), rows
    # Words in any order match both.
    status, rows = _search(browser, base + "search.html", "you see ")
    assert len(rows) == 5, rows
    # Diacritics and case do not matter.
    status, rows = _search(browser, base + "search.html", "CAFE ")
    assert len(rows) == 4 and all("café" in row[1] for row in rows), rows
    status, rows = _search(browser, base + "search.html", "zebra")
    assert status == "No messages match “zebra”." and rows == []


def test_filters_by_conversation_sender_kind_and_date(search_site, browser):
    base = search_site.resolve().as_uri() + "/"
    conversations = None
    status, rows = _search(browser, base + "search.html", "needle", c="1")
    assert len(rows) == 3 and all("· Other ·" in row[0] for row in rows), rows
    status, rows = _search(browser, base + "search.html", "needle", p="0")  # people are sorted: Ann, Bob, Me
    assert rows and all(row[0].startswith("Ann ·") for row in rows), rows
    status, rows = _search(browser, base + "search.html", "needle", k="photo")
    assert [row[1] for row in rows] == ["Photo of the needle\nmissing.png"]
    status, rows = _search(browser, base + "search.html", "needle", since="2024-06-01", until="2024-06-30")
    assert len(rows) == 3 and all("Jun " in row[0] and "2024" in row[0] for row in rows), rows
    # Filters alone list everything they match, newest first.
    status, rows = _search(browser, base + "search.html", "", k="photo")
    assert [row[1] for row in rows] == ["Photo of the needle\nmissing.png"]
    status, rows = _search(browser, base + "search.html", "", since="2024-06-28", until="2024-06-28")
    assert [row[1] for row in rows] == ["Photo of the needle\nmissing.png"], rows
    status, rows = _search(browser, base + "search.html", "", since="2024-06-01")
    assert status == "16 results." and len(rows) == 10, status
    # The filters and the query are kept in the address, so a result list can be shared and reloaded.
    status, rows = _search(browser, base + "search.html", "needle", c="1", sort="relevance")
    assert "q=needle" in browser.current_url and "c=1" in browser.current_url and "sort=relevance" in browser.current_url
    assert conversations is None and len(rows) == 3


def test_the_header_form_and_keyboard_reach_the_results(search_site, browser):
    page = next((search_site / "c/garden").glob("2024-05.html"))
    browser.get(page.as_uri())
    box = browser.find_element(By.CSS_SELECTOR, "form.site-search input[name=q]")
    box.send_keys("weather")
    box.send_keys(Keys.ENTER)
    status, rows = _results(browser)
    assert status.startswith("35 results"), status
    assert len(rows) == 10
    # Arrow keys go from the query to the results and between them.
    query = browser.find_element(By.ID, "search-q")
    query.send_keys(Keys.ARROW_DOWN)
    first = browser.switch_to.active_element
    assert first.get_attribute("href") == rows[0][2]
    first.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element.get_attribute("href") == rows[1][2]
    # More results, ten at a time, on request; the first new one gets the focus.
    for shown in (20, 30, 35):
        browser.find_element(By.CSS_SELECTOR, ".search-more").click()
        WebDriverWait(browser, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#search-results li")) == shown)
    assert browser.switch_to.active_element.get_attribute("href") == browser.find_elements(By.CSS_SELECTOR, "#search-results a")[30].get_attribute("href")
    assert not browser.find_element(By.CSS_SELECTOR, ".search-more").is_displayed()


def test_the_find_bar_moves_between_matches_across_pages(search_site, browser):
    first_page = search_site / "c/garden/2024-05.html"
    browser.get(first_page.as_uri())
    _wait_ready(browser, "form.find-bar")
    bar = browser.find_element(By.CSS_SELECTOR, "form.find-bar")
    assert bar.is_displayed()
    # Docked at the bottom of the window.
    bottom = browser.execute_script("return [arguments[0].getBoundingClientRect().bottom, innerHeight]", bar)
    assert abs(bottom[0] - bottom[1]) < 2, bottom
    box = bar.find_element(By.CSS_SELECTOR, "input[name=find]")
    box.send_keys("needle")
    count = bar.find_element(By.CSS_SELECTOR, ".find-count")
    WebDriverWait(browser, 10).until(lambda b: count.text == "1 of 6")
    current = browser.find_element(By.CSS_SELECTOR, "li.find-current")
    assert current.get_attribute("id") == "m-3"
    assert [m.text for m in current.find_elements(By.CSS_SELECTOR, "mark.find-word")] == ["needle"]
    marked = [e.get_attribute("id") for e in browser.find_elements(By.CSS_SELECTOR, "li.find-match")]
    assert marked == ["m-3"], marked  # the first page holds messages 1 to 10
    # Next goes to the next page that holds a match, with the find bar filled in there.
    bar.find_element(By.CSS_SELECTOR, ".find-next").click()
    WebDriverWait(browser, 10).until(lambda b: "2024-05-2.html" in b.current_url)
    _wait_ready(browser, "form.find-bar")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".find-count").text == "2 of 6")
    assert browser.find_element(By.CSS_SELECTOR, "li.find-current").get_attribute("id") == "m-14"
    assert browser.find_element(By.CSS_SELECTOR, "input[name=find]").get_attribute("value") == "needle"
    # Enter is next; on the same page when the next match is there (m-20 is on page 2 as well).
    box = browser.find_element(By.CSS_SELECTOR, "input[name=find]")
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".find-count").text == "3 of 6")
    assert browser.find_element(By.CSS_SELECTOR, "li.find-current").get_attribute("id") == "m-20"
    # Previous goes back, and wraps around from the first match to the last.
    browser.find_element(By.CSS_SELECTOR, ".find-previous").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".find-count").text == "2 of 6")
    # The sender filter narrows the matches to Bob's: messages 14, 20 and 38.
    browser.execute_script(
        "const s = document.querySelector('.find-bar select[name=sender]'); s.value = 'Bob'; s.dispatchEvent(new Event('change'))")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".find-count").text == "1 of 3")
    assert browser.find_element(By.CSS_SELECTOR, "li.find-current").get_attribute("id") == "m-14"


def test_the_find_bar_loads_the_index_only_when_it_is_used(search_site, browser):
    def index_requests():
        return [m["params"]["request"]["url"] for m in support.drain_performance_log(browser)
                if m.get("method") == "Network.requestWillBeSent" and "/search/" in m["params"]["request"]["url"]]

    support.drain_performance_log(browser)
    browser.get((search_site / "c/garden/2024-05.html").as_uri())
    _wait_ready(browser, "form.find-bar")
    browser.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert index_requests() == []
    browser.find_element(By.CSS_SELECTOR, "form.find-bar input[name=find]").click()
    WebDriverWait(browser, 10).until(lambda b: any(url.endswith("/search/index.js") for url in index_requests()))


def test_the_find_bar_folds_its_stacks_on_narrow_screens(search_site, browser):
    support.set_viewport(browser, 320, 640)
    try:
        browser.get((search_site / "c/garden/2024-05.html").as_uri())
        _wait_ready(browser, "form.find-bar")
        assert not browser.find_element(By.CSS_SELECTOR, ".find-left").is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, ".find-next").is_displayed()
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= 320, width
    finally:
        support.reset_browser(browser)


def test_the_script_makes_the_same_terms_as_the_build(demo_site, browser):
    cases = json.loads(CASES.read_text(encoding="utf-8"))
    browser.get((demo_site.root / "search.html").as_uri())
    _wait_ready(browser, "form.search-form")
    found = browser.execute_script("return arguments[0].map(c => TranscriptsSearch.terms(c.text))", cases)
    wrong = [(case["text"], case["terms"], terms) for case, terms in zip(cases, found) if case["terms"] != terms]
    assert not wrong, "search-core.js and SearchTokenizer.swift disagree:\n" + "\n".join(map(repr, wrong))


def test_hostile_text_in_results_and_filters_stays_text(fixture_site, browser):
    """The hostile fixture's titles, names and messages come back from the index as text, never as markup."""
    status, rows = _search(browser, fixture_site.url(fixture_site.root / "search.html"), "pwned")
    assert rows, status
    assert any("<script>window.__pwned=1</script>" in row[1] for row in rows), rows
    found = browser.execute_script(
        "return {pwned: typeof window.__pwned !== 'undefined',"
        " elements: document.querySelectorAll('#search-results script, #search-results img, #search-results svg, #search-results b').length,"
        " options: [...document.querySelectorAll('.search-form option')].map(o => o.textContent).join('\\n')}")
    assert not found["pwned"] and found["elements"] == 0, found
    assert "Alice <script>window.__pwned=1</script>" in found["options"]
    assert "Hostile <script>window.__pwned=1</script>" in found["options"]
    # The find bar on the hostile conversation: names in its sender filter are text as well.
    page = next(p for p in fixture_site.conversation_pages if "hostile" in p.parent.name)
    browser.get(fixture_site.url(page))
    _wait_ready(browser, "form.find-bar")
    box = browser.find_element(By.CSS_SELECTOR, "form.find-bar input[name=find]")
    box.send_keys("pwned")
    WebDriverWait(browser, 10).until(lambda b: " of " in b.find_element(By.CSS_SELECTOR, ".find-count").text)
    assert browser.execute_script("return typeof window.__pwned === 'undefined'")
