"""Every kind renders in the demo site, images reserve their size before they load, and media play from
the site's own folder."""

from __future__ import annotations

import pytest

import browser_support as support

KINDS = r"""
const found = {};
for (const li of document.querySelectorAll('li.message')) {
  // A plain text message has no kind class.
  const kind = [...li.classList].find(c => c.startsWith('kind-')) || 'kind-text';
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
    for kind in ["kind-text", "kind-markdown", "kind-photo", "kind-video", "kind-voice", "kind-audio", "kind-file",
                 "kind-sticker", "kind-location", "kind-contact", "kind-poll", "kind-custom", "kind-linkPreview"]:
        assert kind in found, f"no {kind} message in the demo"
        if kind != "kind-sticker":  # a sticker is its picture
            assert all(item["text"] for item in found[kind]), f"an empty {kind} bubble"
    assert all(item["video"] == 1 for item in found["kind-video"])
    assert all(item["audio"] == 1 for item in found["kind-audio"])
    assert all(item["img"] and item["img"][0]["w"] == "256" for item in found["kind-sticker"])
    assert all(any(href and href.startswith("tel:") for href in item["links"]) for item in found["kind-contact"])
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


MEDIA = r"""
const done = arguments[arguments.length - 1];
const elements = [...document.querySelectorAll('li.message video, li.message audio, li.message img.sticker')];
const settle = e => new Promise(resolve => {
  if (e.tagName === 'IMG') {
    if (e.complete) return resolve();
    e.loading = 'eager';
    e.addEventListener('load', resolve); e.addEventListener('error', resolve);
    return;
  }
  if (e.readyState >= 1) return resolve();
  e.addEventListener('loadedmetadata', resolve); e.addEventListener('error', resolve);
  e.preload = 'metadata'; e.load();
});
Promise.all(elements.map(e => Promise.race([settle(e), new Promise(r => setTimeout(r, 5000))]))).then(() => done(
  elements.map(e => ({tag: e.tagName, src: e.getAttribute('src'), readyState: e.readyState, error: e.error ? e.error.code : null,
    duration: e.duration, width: e.videoWidth || e.naturalWidth || 0, posterOK: e.tagName !== 'VIDEO' || !!e.poster}))));
"""


def test_the_demo_media_load(demo_site, browser):
    """The demo's video, voice message, sound and sticker load from the site's folder over file://."""
    support.reset_browser(browser)
    page = next(p for p in demo_site.conversation_pages if p.parent.name == "lisbon-trip")
    browser.get(demo_site.url(page))
    found = browser.execute_async_script(MEDIA)
    by_tag = {}
    for item in found:
        by_tag.setdefault(item["tag"], []).append(item)
        if item["tag"] == "IMG":
            assert item["width"] == 256, item
        else:
            assert item["error"] is None and item["readyState"] >= 1, f"{item['src']} does not load: {item}"
    assert [(round(v["duration"]), v["width"], v["posterOK"]) for v in by_tag.get("VIDEO", [])] == [(3, 320, True)]
    assert sorted(round(a["duration"]) for a in by_tag.get("AUDIO", [])) == [2, 7]
    assert len(by_tag.get("IMG", [])) == 1


ICONS = r"""
return [...document.querySelectorAll('svg.icon')].map(svg => {
  const box = svg.getBoundingClientRect();
  const holder = svg.closest('button');
  return {name: svg.getAttribute('class'), w: box.width, h: box.height, hidden: svg.getAttribute('aria-hidden'),
    label: holder ? holder.getAttribute('aria-label') : null, inButton: !!holder,
    stroke: getComputedStyle(svg).stroke, text: holder ? holder.textContent : ''};
});
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_our_icons_are_svg_and_show(demo_site, browser, scheme):
    """Our icons are inline SVG with a size, hidden from screen readers (a button has the words), drawn in the
    text's colour; the copy-link buttons carry no emoji."""
    support.reset_browser(browser)
    support.set_color_scheme(browser, scheme)
    seen = set()
    for page in demo_site.conversation_pages:
        browser.get(demo_site.url(page))
        for icon in browser.execute_script(ICONS):
            seen.add(icon["name"].split()[-1])
            assert icon["w"] >= 8 and icon["h"] >= 8, icon
            assert icon["hidden"] == "true", icon
            assert icon["stroke"] not in ("", "none"), icon
            if icon["inButton"]:
                assert icon["label"] == "Copy link to this message" and icon["text"] == "", icon
    assert {"icon-link", "icon-file", "icon-location", "icon-voice", "icon-audio", "icon-contact", "icon-poll"} <= seen, seen
