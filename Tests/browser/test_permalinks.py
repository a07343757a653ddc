"""Every message has a visible way to copy its permanent link: the copy-link button by its time copies the
page's address with the message's anchor, from file:// and over HTTP, and opening that address lands on the
highlighted message."""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support

CLIPBOARD = r"""
const done = arguments[0];
navigator.clipboard.readText().then(text => done(text), error => done('error: ' + error));
"""


def first_page_with_events(site):
    for page in site.conversation_pages:
        text = page.read_text(encoding="utf-8")
        if 'class="event"' in text and 'class="message ' in text:
            return page
    raise AssertionError("no conversation page in the demo has both messages and events")


def test_every_message_and_event_gets_a_copy_link_button(demo_site, browser):
    page = first_page_with_events(demo_site)
    browser.get(demo_site.url(page))
    counts = browser.execute_script(
        "return [document.querySelectorAll('li.message[id], li.event[id]').length,"
        " document.querySelectorAll('li.message button.copy-link, li.event button.copy-link').length]")
    assert counts[0] > 0 and counts[0] == counts[1], f"{counts[1]} buttons for {counts[0]} messages and events"
    labels = set(browser.execute_script(
        "return [...document.querySelectorAll('button.copy-link')].map(b => b.getAttribute('aria-label'))"))
    assert labels == {"Copy link to this message"}


def test_the_button_shows_on_hover_and_copies_the_permalink(demo_site, browser):
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    page = first_page_with_events(demo_site)
    url = demo_site.url(page)
    browser.get(url)
    message = browser.find_elements(By.CSS_SELECTOR, "li.message[id]")[1]
    anchor = message.get_attribute("id")
    button = message.find_element(By.CSS_SELECTOR, "button.copy-link")
    if browser.execute_script("return matchMedia('(hover: hover)').matches"):
        assert float(button.value_of_css_property("opacity")) == 0, "the button should wait for a hover"
        ActionChains(browser).move_to_element(message.find_element(By.CSS_SELECTOR, ".bubble")).perform()
        assert float(button.value_of_css_property("opacity")) == 1, "hovering the message should show the button"
    else:  # a touch screen (as headless Chromium says it is): no hover, so the button is always shown
        assert float(button.value_of_css_property("opacity")) == 1
    button.click()
    status = browser.find_element(By.CSS_SELECTOR, "[role=status].copy-status")
    # The clipboard answers asynchronously: on a busy machine the status comes a moment after the click.
    WebDriverWait(browser, 5).until(lambda _: status.get_attribute("textContent") != "")
    assert status.get_attribute("textContent") == "Link copied"
    copied = browser.execute_async_script(CLIPBOARD)
    assert copied == url.split("#")[0] + "#" + anchor

    # The copied address opens the page at that message, which is highlighted (:target).
    browser.get("about:blank")
    browser.get(copied)
    target = browser.execute_script("const t = document.querySelector(':target'); return t && t.id")
    assert target == anchor
    outline = browser.execute_script(
        "return getComputedStyle(document.querySelector(':target .bubble')).outlineStyle")
    assert outline == "solid"


def test_a_times_tooltip_gives_its_day_and_time_in_the_sites_locale(demo_site, browser):
    page = first_page_with_events(demo_site)
    browser.get(demo_site.url(page))
    time = browser.find_elements(By.CSS_SELECTOR, "li.message a.time time")[1]
    # Not written into each message: made when the pointer rests on the time.
    assert time.get_attribute("title") in (None, "")
    ActionChains(browser).move_to_element(time).perform()
    WebDriverWait(browser, 5).until(lambda _: time.get_attribute("title"))
    stamp = time.get_attribute("datetime")  # the wall-clock digits of the site's time zone, then its offset
    year, month, day = int(stamp[0:4]), int(stamp[5:7]), int(stamp[8:10])
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"]
    # The demo's locale is en_GB: "3 May 2024, 09:31", the time as the page shows it.
    assert time.get_attribute("title") == f"{day} {months[month - 1]} {year}, {time.text}"
