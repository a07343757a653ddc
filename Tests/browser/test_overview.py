"""A conversation's overview in Chromium: its chart's bars open their months, the gallery's entries open their
messages (highlighted, scrolled into view), and the charts follow dark mode."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support


def target_id(browser):
    return browser.execute_script("const t = document.querySelector(':target'); return t && t.id")


def test_every_gallery_entry_opens_its_message(demo_site, browser):
    pages = demo_site.gallery_pages
    assert any(p.name == "media.html" for p in pages) and any(p.name == "links.html" for p in pages), pages
    checked = 0
    for page in pages:
        browser.get(demo_site.url(page))
        count = len(browser.find_elements(By.CSS_SELECTOR, ".gallery-grid a.gallery-picture, .gallery-list a[href*='#m-']"))
        assert count > 0, page
        for index in range(count):
            browser.get(demo_site.url(page))
            link = browser.find_elements(By.CSS_SELECTOR, ".gallery-grid a.gallery-picture, .gallery-list a[href*='#m-']")[index]
            href = link.get_attribute("href")
            anchor = href.split("#")[1]
            browser.execute_script("arguments[0].scrollIntoView()", link)
            link.click()
            WebDriverWait(browser, 10).until(lambda b: target_id(b) == anchor)
            message = browser.find_element(By.ID, anchor)
            assert browser.execute_script(
                "const r = arguments[0].getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight", message)
            if page.name.startswith("media"):
                assert message.find_elements(By.CSS_SELECTOR, "img, video"), f"{href} holds no picture"
            if page.name.startswith("links"):
                assert message.find_elements(By.CSS_SELECTOR, "a[href^='http']"), f"{href} holds no link"
            checked += 1
    assert checked >= 3


def test_a_month_bar_opens_its_month(demo_site, browser):
    overview = demo_site.overview_pages[0]
    browser.get(demo_site.url(overview))
    bars = browser.find_elements(By.CSS_SELECTOR, "svg.chart-months a")
    assert bars
    label = bars[0].get_attribute("aria-label")
    bars[0].click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith(".html") and "index.html" not in b.current_url)
    month = label.split(":")[0]
    assert month in browser.title, (month, browser.title)


def test_the_charts_follow_dark_mode(demo_site, browser):
    overview = demo_site.overview_pages[0]
    colours = {}
    for scheme in ("light", "dark"):
        support.set_color_scheme(browser, scheme)
        browser.get(demo_site.url(overview))
        colours[scheme] = browser.execute_script(
            "return [getComputedStyle(document.querySelector('.chart-bar')).fill,"
            " getComputedStyle(document.querySelector('.heat-0')).fill, getComputedStyle(document.body).backgroundColor]")
        assert colours[scheme][0] != colours[scheme][2] and colours[scheme][1] != colours[scheme][0]
    assert colours["light"][0] != colours["dark"][0]
