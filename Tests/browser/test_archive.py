"""What a conversation merged from several exports shows of a message's history (docs/archive.md): its earlier
text folded under "Edited between exports" until opened, and the line saying a later export no longer has it."""

from __future__ import annotations

from selenium.webdriver.common.by import By


def direct_chat_page(site):
    for page in site.conversation_pages:
        if "Edited between exports" in page.read_text(encoding="utf-8"):
            return page
    raise AssertionError("no page of the fixture site shows an earlier version")


def test_an_earlier_text_opens_under_its_message(fixture_site, browser):
    browser.get(fixture_site.url(direct_chat_page(fixture_site)))
    details = browser.find_element(By.CSS_SELECTOR, "li.message details.earlier-versions")
    earlier = details.find_element(By.CSS_SELECTOR, ".earlier-text")
    assert not earlier.is_displayed()
    details.find_element(By.TAG_NAME, "summary").click()
    assert earlier.is_displayed()
    assert earlier.text.startswith("Yes, thanks.")
    assert earlier.find_element(By.TAG_NAME, "time").get_attribute("datetime") == "2024-05-03T10:00:00+02:00"
    # The later text is the message's own.
    message = browser.execute_script("return arguments[0].closest('li.message').id", details)
    assert message == "m-2"


def test_a_message_gone_from_a_later_export_says_so(fixture_site, browser):
    browser.get(fixture_site.url(direct_chat_page(fixture_site)))
    line = browser.find_element(By.CSS_SELECTOR, "li#m-3 .missing-from")
    assert line.is_displayed()
    assert line.text.startswith("Not in the export of ")
    assert line.text.endswith("deleted after an earlier export")
