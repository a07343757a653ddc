"""The display settings of Tests/browser/display-site, checked in computed styles (not pixels): bubble and
text colours in light mode, dark mode and with the toggle, the tail at its corner, outline colours, date
headers where the gap rule puts them, avatar size, offsets and bubble insets."""

from __future__ import annotations

import datetime

import pytest

import browser_support as support

# What Tests/browser/display-site/transcripts.yml sets, as computed styles report it.
OUTGOING = {"light": ("rgb(11, 92, 173)", "rgb(255, 255, 255)"), "dark": ("rgb(10, 79, 150)", "rgb(255, 255, 255)")}
INCOMING = {"light": ("rgb(241, 243, 244)", "rgb(32, 33, 36)"), "dark": ("rgb(48, 49, 52)", "rgb(232, 234, 237)")}
BOT_OUTLINE = {"light": "rgb(197, 34, 31)", "dark": "rgb(242, 139, 130)"}

MESSAGES = r"""
return [...document.querySelectorAll('li.message')].map(li => {
  const bubble = li.querySelector('.bubble');
  const style = getComputedStyle(bubble);
  const tail = bubble.querySelector('svg.tail-shape');
  const avatar = li.querySelector('.avatar');
  // The content column: where the bubble starts, before the room its tail keeps.
  const column = () => { const r = bubble.getBoundingClientRect(); return {left: r.left - parseFloat(style.marginLeft)}; };
  const rect = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  return {
    id: li.id.replace(/^m-/, ''), outgoing: li.classList.contains('outgoing'), classes: bubble.className,
    background: style.backgroundColor, color: style.color, border: style.borderTopColor,
    borderWidth: style.borderTopWidth,
    padding: [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft].join(' '),
    bubble: rect(bubble), tail: tail ? rect(tail) : null,
    tailFill: tail ? getComputedStyle(tail.querySelector('.tail-fill')).fill : null,
    tailStroke: tail ? getComputedStyle(tail.querySelector('.tail-line')).stroke : null,
    avatar: avatar ? rect(avatar) : null, content: column(),
    avatarMargin: avatar ? getComputedStyle(avatar).marginLeft : null,
    time: li.querySelector('.time time').getAttribute('datetime'),
    headerBefore: !!(li.previousElementSibling && li.previousElementSibling.classList.contains('date-header')),
  };
});
"""


@pytest.fixture
def page(display_site, browser):
    support.reset_browser(browser)
    conversation = next(p for p in display_site.conversation_pages if p.parent.name == "checks")
    browser.get(display_site.url(conversation))
    browser.execute_script("localStorage.clear(); document.documentElement.removeAttribute('data-theme')")
    return conversation


def messages(browser):
    return browser.execute_script(MESSAGES)


def expected_colors(message, mode):
    return (OUTGOING if message["outgoing"] else INCOMING)[mode]


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_bubble_and_text_colours_are_the_configured_ones(browser, page, mode):
    support.set_color_scheme(browser, mode)
    for message in messages(browser):
        background, text = expected_colors(message, mode)
        assert (message["background"], message["color"]) == (background, text), message["id"]
        if message["tail"]:
            assert message["tailFill"] == background, f"{message['id']}: the tail is not the bubble's colour"


def test_the_toggle_switches_and_remembers_the_theme(display_site, browser, page):
    support.set_color_scheme(browser, "light")
    toggle = browser.find_element("css selector", ".site-header .theme-toggle")
    assert toggle.text == "Dark mode"
    toggle.click()
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    first = messages(browser)[0]
    assert (first["background"], first["color"]) == expected_colors(first, "dark")
    browser.get(display_site.url(page))
    first = messages(browser)[0]
    assert (first["background"], first["color"]) == expected_colors(first, "dark"), "the choice was not remembered"
    browser.find_element("css selector", ".site-header .theme-toggle").click()
    first = messages(browser)[0]
    assert (first["background"], first["color"]) == expected_colors(first, "light")
    browser.execute_script("localStorage.clear()")


def test_tails_sit_at_their_corner_and_only_on_the_last_bubble_of_a_group(browser, page):
    found = messages(browser)
    corners = {}
    for message in found:
        if not message["tail"]:
            continue
        bubble, tail = message["bubble"], message["tail"]
        corner = next(c for c in ("topLeft", "topRight", "bottomLeft", "bottomRight") if f"tail-{c}" in message["classes"])
        corners[message["id"]] = corner
        vertical = abs(tail["top"] - bubble["top"]) if corner.startswith("top") else abs(tail["bottom"] - bubble["bottom"])
        horizontal = abs(tail["right"] - bubble["left"]) if corner.endswith("Left") else abs(tail["left"] - bubble["right"])
        assert vertical <= 1.5 and horizontal <= 1.5, f"{message['id']}: tail {tail} is not at the {corner} of {bubble}"
    # Groups: d1+d2 (ann), d4+d5 (me), d8+d9 (bot): only the last of each has a tail.
    assert set(corners) == {"d2", "d3", "d5", "d6", "d7", "d9", "d10", "d11"}
    assert corners["d2"] == "bottomLeft" and corners["d5"] == "bottomRight" and corners["d9"] == "topLeft"


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_outlines_have_the_configured_colour(browser, page, mode):
    support.set_color_scheme(browser, mode)
    bots = [m for m in messages(browser) if m["id"] in ("d8", "d9")]
    for message in bots:
        assert message["border"] == BOT_OUTLINE[mode] and message["borderWidth"] == "1px", message["id"]
    assert bots[1]["tailStroke"] == BOT_OUTLINE[mode]


def test_date_headers_follow_the_gap_rule(browser, page):
    previous = None
    for message in messages(browser):
        time = datetime.datetime.fromisoformat(message["time"].replace("Z", "+00:00"))
        expected = previous is None or (time - previous).total_seconds() > 3600
        assert message["headerBefore"] == expected, f"{message['id']}: header {message['headerBefore']}, expected {expected}"
        previous = time


def test_avatars_offsets_and_insets_match_the_layout(browser, page):
    for message in messages(browser):
        expected_padding = "10px 16px 8px 12px" if message["outgoing"] else "9px 12px 7px 16px"
        assert message["padding"] == expected_padding, message["id"]
        if message["outgoing"]:
            assert message["avatar"] is None
            continue
        if not message["avatar"]:
            # No avatar on this message, but its room is kept (below).
            continue
        assert message["avatarMargin"] == "4px", message["id"]
        gap = message["content"]["left"] - message["avatar"]["right"]
        assert abs(gap - 12) < 0.5, f"{message['id']}: {gap}px between avatar and bubble, not 12"
        assert (message["avatar"]["width"], message["avatar"]["height"]) == (40, 40), message["id"]
    # Every incoming message's bubble column starts where those beside an avatar do.
    lefts = {round(m["content"]["left"]) for m in messages(browser) if not m["outgoing"]}
    assert len(lefts) == 1, lefts
    with_avatar = [m["id"] for m in messages(browser) if m["avatar"]]
    # The avatar sits beside the last message of each incoming group.
    assert with_avatar == ["d2", "d3", "d6", "d7", "d9", "d10"]
