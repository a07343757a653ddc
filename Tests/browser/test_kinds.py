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


EVERY_KIND = {
    "kind-text": lambda i: "Every kind" in i["text"],
    "kind-markdown": lambda i: "markdown" in i["text"],
    "kind-photo": lambda i: i["img"] and i["img"][0]["w"] == "300",
    "kind-video": lambda i: i["video"] == 1 and "0:12" in i["text"],
    "kind-audio": lambda i: i["audio"] == 1 and "0:03" in i["text"],
    "kind-voice": lambda i: i["audio"] == 1 and "Voice message" in i["text"],
    "kind-file": lambda i: "Doc.pdf" in i["text"] and any(h and h.endswith(".pdf") for h in i["links"]),
    "kind-sticker": lambda i: i["img"] or "🙂" in i["text"],
    "kind-location": lambda i: "Miradouro" in i["text"] and "38.7139, -9.1334" in i["text"],
    "kind-contact": lambda i: "tel:+351210000000" in i["links"] and "mailto:ana@example.com" in i["links"],
    "kind-poll": lambda i: i["meter"] == 2 and "3 votes" in i["text"],
    "kind-linkPreview": lambda i: "https://example.org/page" in i["links"] and i["img"],
    "kind-custom": lambda i: "Custom message" in i["text"] and "Card" in i["text"],
    "kind-unsupported": lambda i: "Unsupported message" in i["text"] and "hologram" in i["text"],
}


def test_every_kind_renders(display_site, browser):
    support.reset_browser(browser)
    page = next(p for p in display_site.conversation_pages if p.parent.name == "kinds")
    browser.get(display_site.url(page))
    found = browser.execute_script(KINDS)
    for kind, check in EVERY_KIND.items():
        assert kind in found, f"no {kind} message"
        assert all(check(item) for item in found[kind]), f"{kind} does not render as it should: {found[kind]}"
    events = browser.execute_script("return [...document.querySelectorAll('li.event')].map(e => e.innerText)")
    assert any("Ann pinned a message" in e for e in events)
    assert browser.execute_script("return document.querySelectorAll('li.event .bubble').length") == 0
