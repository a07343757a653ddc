"""One friend on three apps is one person (docs/people.md): their page links their conversations on every app,
each conversation links back, and the search page's "From" filter finds their messages on every app at once."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support

TELEGRAM = {
    "name": "Q. O.", "type": "personal_chat", "id": 5550101, "messages": [
        {"id": 1, "type": "message", "date": "2023-05-01T10:00:00", "date_unixtime": "1682935200",
         "from": "Q. O.", "from_id": "user5550101", "text": "Lisbon photos tonight"},
        {"id": 2, "type": "message", "date": "2023-05-01T10:05:00", "date_unixtime": "1682935500",
         "from": "Me", "from_id": "user1", "text": "Yes please"},
    ],
}
WHATSAPP = (
    "01/03/2024, 10:00 - +1 (555) 555-0101: See https://example.org/lisbon\n"
    "01/03/2024, 10:01 - Me: Nice\n"
    "02/03/2024, 09:00 - +1 (555) 555-0101: Back home\n"
)
CANONICAL = {
    "format": "transcripts/1", "id": "imessage-quinn", "title": "quentin.okonkwo@example.com", "kind": "direct",
    "participants": [{"id": "quentin.okonkwo@example.com", "name": "quentin.okonkwo@example.com"}, {"id": "me", "name": "Me"}],
    "messages": [{"id": "a", "sender": "quentin.okonkwo@example.com", "date": "2025-01-02T08:00:00Z", "text": "Happy new year"}],
}
CONFIG = """title: People
timeZone: UTC
locale: en_US
inputs: [telegram, whatsapp, imessage.json]
me: [user1, Me, me]
people:
  - name: Quinn Okonkwo
    ids: ["+1 555 555 0101", "user5550101", "quentin.okonkwo@example.com"]
"""


def make_site(transcripts_bin, root, config):
    source = root / "source"
    (source / "telegram").mkdir(parents=True)
    (source / "whatsapp").mkdir()
    (source / "telegram" / "result.json").write_text(json.dumps(TELEGRAM), encoding="utf-8")
    (source / "whatsapp" / "WhatsApp Chat with +1 (555) 555-0101.txt").write_text(WHATSAPP, encoding="utf-8")
    (source / "imessage.json").write_text(json.dumps(CANONICAL), encoding="utf-8")
    (source / "transcripts.yml").write_text(config, encoding="utf-8")
    output = root / "public"
    support.build_site(transcripts_bin, source, output)
    return output


@pytest.fixture(scope="module")
def people_site(transcripts_bin, tmp_path_factory):
    return make_site(transcripts_bin, tmp_path_factory.mktemp("people-site"), CONFIG)


def from_options(browser):
    """The search page's "From" choices, by their text."""
    return browser.execute_script("return [...document.querySelectorAll('.search-form [name=p] option')].map(o => o.textContent)")


def search_from(browser, site, name):
    browser.get(site.resolve().as_uri() + "/search.html")
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.CSS_SELECTOR, "form.search-form").get_attribute("data-ready") == "true")
    browser.execute_script(
        "const s = document.querySelector('.search-form [name=p]');"
        "s.value = [...s.options].find(o => o.textContent === arguments[0]).value;"
        "s.dispatchEvent(new Event('change')); document.querySelector('.search-form').requestSubmit();", name)
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.ID, "search-status").text not in ("", "Searching…")
        and not b.find_element(By.ID, "search-results").get_attribute("aria-busy"))
    return browser.execute_script(
        "return [...document.querySelectorAll('#search-results li')].map(li => li.querySelector('.search-result-snippet').textContent)")


def test_the_persons_page_links_their_conversations_on_every_app_and_back(people_site, browser):
    browser.get((people_site / "people" / "index.html").resolve().as_uri())
    browser.find_element(By.LINK_TEXT, "Quinn Okonkwo").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Quinn Okonkwo"
    rows = browser.find_elements(By.CSS_SELECTOR, ".person-conversations tbody tr")
    assert [row.find_element(By.TAG_NAME, "td").text for row in rows] == ["Transcripts", "WhatsApp", "Telegram"]
    links = [row.find_element(By.TAG_NAME, "a").get_attribute("href") for row in rows]
    for link in links:
        browser.get(link)
        back = browser.find_element(By.CSS_SELECTOR, ".person-links a")
        assert back.text == "Quinn Okonkwo"
        back.click()
        assert browser.find_element(By.TAG_NAME, "h1").text == "Quinn Okonkwo"


def test_from_one_person_finds_their_messages_on_every_app(people_site, browser):
    browser.get(people_site.resolve().as_uri() + "/search.html")
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.CSS_SELECTOR, "form.search-form").get_attribute("data-ready") == "true")
    assert from_options(browser).count("Quinn Okonkwo") == 1
    snippets = search_from(browser, people_site, "Quinn Okonkwo")
    assert sorted(snippets) == sorted(["Lisbon photos tonight", "See https://example.org/lisbon", "Back home", "Happy new year"])


def test_a_pseudonymized_site_shows_the_person_under_one_pseudonym(transcripts_bin, tmp_path, browser):
    site = make_site(transcripts_bin, tmp_path, CONFIG + "privacy: {pseudonymize: true}\n")
    browser.get((site / "people" / "index.html").resolve().as_uri())
    assert browser.find_element(By.CSS_SELECTOR, ".people-list h2").text == "Person 1"
    browser.get(site.resolve().as_uri() + "/search.html")
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.CSS_SELECTOR, "form.search-form").get_attribute("data-ready") == "true")
    options = from_options(browser)
    assert "Person 1" in options and not any("Quinn" in option or "555" in option for option in options)
    assert len(search_from(browser, site, "Person 1")) == 4


def test_together_their_chats_on_three_apps_read_as_one_conversation(transcripts_bin, tmp_path, browser):
    config = CONFIG + "    together: true\n"
    site = make_site(transcripts_bin, tmp_path, config)
    assert sorted(p.name for p in (site / "c").iterdir()) == ["quinn-okonkwo"]
    # The overview links each month; every message shows its app beside its time.
    seen = []
    for month in ["2023-05", "2024-03", "2025-01"]:
        browser.get((site / "c" / "quinn-okonkwo" / f"{month}.html").resolve().as_uri())
        for row in browser.find_elements(By.CSS_SELECTOR, "li.message"):
            app = row.find_element(By.CSS_SELECTOR, ".message-meta .app")
            assert app.is_displayed()
            seen.append((app.text, row.find_element(By.CSS_SELECTOR, ".bubble").text.split("\n")[0]))
    assert [app for app, _ in seen] == ["Telegram", "Telegram", "WhatsApp", "WhatsApp", "WhatsApp", "Transcripts"]
    # No serious accessibility problem with the marks.
    from test_axe import RUN_AXE, BLOCKING_IMPACTS
    browser.execute_script(support.axe_script())
    report = json.loads(browser.execute_async_script(RUN_AXE))
    assert [v["id"] for v in report if v.get("impact") in BLOCKING_IMPACTS] == []
    # The person's page lists the one conversation with its three apps.
    browser.get((site / "people" / "quinn-okonkwo" / "index.html").resolve().as_uri())
    rows = browser.find_elements(By.CSS_SELECTOR, ".person-conversations tbody tr")
    assert [row.find_element(By.TAG_NAME, "td").text for row in rows] == ["Telegram, Transcripts, WhatsApp"]
