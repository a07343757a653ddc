"""Layout: outgoing bubbles sit right of incoming ones, and a 320px-wide screen never scrolls sideways."""

from __future__ import annotations

import pytest

import browser_support as support

BUBBLES = """
const rects = sel => Array.from(document.querySelectorAll(sel)).map(e => {
  const r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, width: r.width, id: e.closest('li').id};
}).filter(r => r.width > 0);
return {outgoing: rects('li.message.outgoing .bubble'), incoming: rects('li.message:not(.outgoing) .bubble')};
"""

OVERFLOW = """
const width = document.documentElement.clientWidth;
const wide = [];
for (const e of document.body.querySelectorAll('*')) {
  const r = e.getBoundingClientRect();
  if (r.width > 0 && r.right > width + 1) {  // (the skip link waits off-screen on the left: no scrolling)
    // Report the innermost culprits only.
    if (!Array.from(e.children).some(c => c.getBoundingClientRect().right > width + 1))
      wide.push(`${e.tagName.toLowerCase()}.${e.className} (${Math.round(r.left)}..${Math.round(r.right)}): ` +
                e.outerHTML.slice(0, 100));
  }
}
return {scrollWidth: document.documentElement.scrollWidth, bodyScrollWidth: document.body.scrollWidth,
        clientWidth: width, wide: wide.slice(0, 6)};
"""


def _pages_with_both_sides(site, browser):
    pages = []
    for page in site.conversation_pages:
        browser.get(site.url(page))
        bubbles = browser.execute_script(BUBBLES)
        if bubbles["outgoing"] and bubbles["incoming"]:
            pages.append(page)
    return pages


@pytest.mark.parametrize("width", [1024, 320])
def test_outgoing_bubbles_are_right_of_incoming_ones(site, browser, width):
    support.set_viewport(browser, width, 800)
    pages = _pages_with_both_sides(site, browser)
    if not pages:
        pytest.skip(f"no conversation of the {site.name} site has both outgoing and incoming messages (is `me` set?)")
    problems = []
    for page in pages:
        browser.get(site.url(page))
        bubbles = browser.execute_script(BUBBLES)
        out_left = min(bubbles["outgoing"], key=lambda r: r["left"])
        in_left = max(bubbles["incoming"], key=lambda r: r["left"])
        out_right = min(bubbles["outgoing"], key=lambda r: r["right"])
        in_right = max(bubbles["incoming"], key=lambda r: r["right"])
        if not out_left["left"] > in_left["left"]:
            problems.append(
                f"  {site.relative(page)}: outgoing #{out_left['id']} starts at x={out_left['left']:.0f}, "
                f"not right of incoming #{in_left['id']} at x={in_left['left']:.0f}"
            )
        if not out_right["right"] > in_right["right"]:
            problems.append(
                f"  {site.relative(page)}: outgoing #{out_right['id']} ends at x={out_right['right']:.0f}, "
                f"not right of incoming #{in_right['id']} ending at x={in_right['right']:.0f}"
            )
    assert not problems, f"bubbles on the wrong side at {width}px in the {site.name} site:\n" + "\n".join(problems)


def test_no_horizontal_scrolling_at_320px(site, browser):
    support.set_viewport(browser, 320, 640)
    problems = []
    for page in site.pages:
        browser.get(site.url(page))
        assert browser.execute_script("return window.innerWidth") == 320, "the viewport override did not take"
        found = browser.execute_script(OVERFLOW)
        if found["scrollWidth"] > 320 + 1 or found["bodyScrollWidth"] > 320 + 1:
            problems.append(
                f"  {site.relative(page)}: scrollWidth {found['scrollWidth']} (body {found['bodyScrollWidth']}) > 320; "
                "too wide:\n" + "\n".join("      " + w for w in found["wide"])
            )
    assert not problems, f"pages of the {site.name} site scroll sideways at 320px:\n" + "\n".join(problems)
