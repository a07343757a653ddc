"""Every kind renders in the demo site, images reserve their size before they load, and media play from
the site's own folder."""

from __future__ import annotations

import pytest

import browser_support as support

KINDS = r"""
const found = {};
for (const li of document.querySelectorAll('li.message')) {
  const kind = [...li.classList].find(c => c.startsWith('kind-'));
  if (!kind) continue;
  const bubble = li.querySelector('.bubble');
  found[kind] = found[kind] || [];
  found[kind].push({id: li.id, text: bubble.innerText.trim(), html: bubble.innerHTML.length,
    img: [...bubble.querySelectorAll('img')].map(i => ({w: i.getAttribute('width'), h: i.getAttribute('height'), box: i.getBoundingClientRect().height})),
    audio: bubble.querySelectorAll('audio').length, video: bubble.querySelectorAll('video').length,
    meter: bubble.querySelectorAll('meter').length, links: [...bubble.querySelectorAll('a')].map(a => a.getAttribute('href'))});
}
return found;
"""


def all_kinds(browser, site):
    found = {}
    for page in site.conversation_pages:
        browser.get(site.url(page))
        for kind, items in browser.execute_script(KINDS).items():
            found.setdefault(kind, []).extend(items)
    return found


def test_every_kind_in_the_demo_renders(demo_site, browser):
    support.reset_browser(browser)
    found = all_kinds(browser, demo_site)
    for kind in ["kind-text", "kind-markdown", "kind-photo", "kind-voice", "kind-file", "kind-location", "kind-poll",
                 "kind-custom", "kind-linkPreview"]:
        assert kind in found, f"no {kind} message in the demo"
        assert all(item["text"] for item in found[kind]), f"an empty {kind} bubble"
    assert all(item["img"] and item["img"][0]["w"] for item in found["kind-photo"]), "a photo without its size"
    assert all(item["audio"] == 1 for item in found["kind-voice"])
    assert all(item["meter"] >= 2 for item in found["kind-poll"])
    assert any("View details" in item["text"] for item in found["kind-custom"]), "TUIKit's link card is missing"
    assert all(any(href and href.startswith("https://www.openstreetmap.org/") for href in item["links"]) for item in found["kind-location"])


def test_images_reserve_their_size_before_they_load(demo_site, browser):
    support.reset_browser(browser)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*.png", "*.jpg", "*.gif", "*.webp"]})
    try:
        checked = 0
        for page in demo_site.conversation_pages:
            browser.get(demo_site.url(page))
            for item in browser.execute_script(KINDS).get("kind-photo", []):
                for image in item["img"]:
                    assert image["w"] and image["h"], f"{item['id']}: no width and height"
                    assert image["box"] > 20, f"{item['id']}: the image takes no room before it loads ({image['box']}px)"
                    checked += 1
        assert checked >= 3
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
