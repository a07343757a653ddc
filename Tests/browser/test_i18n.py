"""The demo site in Arabic and in Japanese (`locale: ar`, `locale: ja`, the rest of Site/transcripts.yml as it
is): every page says its language (and Arabic its direction), the Arabic layout is mirrored, nothing is pushed
off the screen or clipped, the scripts speak the page's language, axe finds nothing serious and vnu no error."""

from __future__ import annotations

import json
import re
import shutil

import pytest

import browser_support as support
from test_axe import BLOCKING_IMPACTS, RUN_AXE, axe_source, describe  # noqa: F401  (axe_source is a fixture)
from test_layout import BUBBLES
from test_vnu import describe as describe_vnu, run_vnu, vnu  # noqa: F401  (vnu is a fixture)

LANGUAGES = {"ar": "rtl", "ja": "ltr"}

OUT_OF_VIEW = """
const width = document.documentElement.clientWidth;
const outside = [], clipped = [];
// Inside a box that scrolls sideways (a code block), content may reach past the screen: it scrolls into view.
const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true; return false; };
for (const e of document.body.querySelectorAll('*')) {
  if (e.closest('.sr-only, .visually-hidden, .skip-link, .copy-buffer, svg, [hidden]') || scrolls(e)) continue;
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (r.left < -1 || r.right > width + 1) {
    if (!Array.from(e.children).some(c => { const q = c.getBoundingClientRect(); return q.left < -1 || q.right > width + 1; }))
      outside.push(`${e.tagName.toLowerCase()}.${e.className} (${Math.round(r.left)}..${Math.round(r.right)}): ${e.outerHTML.slice(0, 90)}`);
  }
  const style = getComputedStyle(e);
  if (['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
    clipped.push(`${e.tagName.toLowerCase()}.${e.className}: ${e.outerHTML.slice(0, 90)}`);
}
return {scrollWidth: document.documentElement.scrollWidth, width: width, outside: outside.slice(0, 6), clipped: clipped.slice(0, 6)};
"""


@pytest.fixture(scope="session")
def localized_sites(transcripts_bin, tmp_path_factory):
    """The demo site built with each locale of LANGUAGES: language -> BuiltSite."""
    demo, _ = support.demo_site_dir()
    config = demo / "transcripts.yml"
    if not config.is_file():
        pytest.skip(f"no demo site: {demo} has no transcripts.yml")
    sites = {}
    for language in LANGUAGES:
        source = tmp_path_factory.mktemp(f"site-{language}")
        for item in demo.iterdir():
            if item.name in ("transcripts.yml", "public") or item.name.startswith("."):
                continue
            (shutil.copytree if item.is_dir() else shutil.copy)(item, source / item.name)
        text = config.read_text(encoding="utf-8")
        text, count = re.subn(r"(?m)^locale:.*$", f"locale: {language}", text)
        (source / "transcripts.yml").write_text(text if count else text + f"\nlocale: {language}\n", encoding="utf-8")
        output = source / "public"
        printed = support.build_site(transcripts_bin, source, output)
        assert "warning:" not in printed, f"the {language} build warned:\n{printed}"
        sites[language] = support.BuiltSite(name=f"demo-{language}", source=source, root=output, build_output=printed)
    return sites


@pytest.fixture(params=sorted(LANGUAGES))
def localized(request, localized_sites) -> support.BuiltSite:
    return localized_sites[request.param]


def language_of(site: support.BuiltSite) -> str:
    return site.name.split("-")[-1]


def test_every_page_says_its_language_and_direction(localized):
    language = language_of(localized)
    for page in localized.pages:
        html = page.read_text(encoding="utf-8")
        # Conversation pages also name the locale their scripts format dates in.
        assert re.search(f'<html lang="{language}" dir="{LANGUAGES[language]}"( data-locale="[a-zA-Z-]+")?>', html), localized.relative(page)
        table = re.search(r'<script type="application/json" id="transcripts-strings">(.*?)</script>', html, re.S)
        assert table and json.loads(table.group(1))["lang"] == language, localized.relative(page)


def test_the_arabic_layout_is_mirrored(localized_sites, browser):
    site = localized_sites["ar"]
    checked = 0
    for page in site.conversation_pages:
        browser.get(site.url(page))
        assert browser.execute_script("return getComputedStyle(document.body).direction") == "rtl"
        bubbles = browser.execute_script(BUBBLES)
        if not bubbles["outgoing"] or not bubbles["incoming"]:
            continue
        checked += 1
        # The owner's bubbles sit on the left, the others' on the right: the opposite of a left-to-right page.
        out_right = max(r["right"] for r in bubbles["outgoing"])
        in_right = max(r["right"] for r in bubbles["incoming"])
        out_left = min(r["left"] for r in bubbles["outgoing"])
        in_left = min(r["left"] for r in bubbles["incoming"])
        assert out_right < in_right and out_left < in_left, (
            f"{site.relative(page)}: outgoing bubbles span x={out_left:.0f}..{out_right:.0f}, incoming "
            f"x={in_left:.0f}..{in_right:.0f}; in Arabic the outgoing ones belong on the left")
        # The header's title starts on the right.
        title = browser.execute_script("const r = document.querySelector('.site-title').getBoundingClientRect(); return [r.left, r.right, document.documentElement.clientWidth];")
        assert title[1] > title[2] / 2, f"{site.relative(page)}: the site title is not on the right ({title})"
    assert checked, "no Arabic conversation page has both outgoing and incoming messages"


@pytest.mark.parametrize("width", [1024, 320])
def test_nothing_is_off_screen_or_clipped(localized, browser, width):
    support.set_viewport(browser, width, 800)
    problems = []
    for page in localized.pages:
        browser.get(localized.url(page))
        found = browser.execute_script(OUT_OF_VIEW)
        if found["scrollWidth"] > found["width"] + 1 or found["outside"] or found["clipped"]:
            problems.append(
                f"  {localized.relative(page)}: scrollWidth {found['scrollWidth']} (viewport {found['width']})\n"
                + "\n".join("      outside: " + line for line in found["outside"])
                + "\n".join("      clipped: " + line for line in found["clipped"]))
    assert not problems, f"the {localized.name} site at {width}px:\n" + "\n".join(problems)


def test_the_scripts_speak_the_pages_language(localized, browser):
    page = localized.conversation_pages[0]
    browser.get(localized.url(page))
    table = browser.execute_script("return JSON.parse(document.getElementById('transcripts-strings').textContent)")
    toggle = browser.execute_script("return document.querySelector('.theme-toggle').textContent")
    assert toggle in (table["darkMode"], table["lightMode"])
    copy = browser.execute_script("return document.querySelector('button.copy-link').getAttribute('aria-label')")
    assert copy == table["copyLinkToMessage"]


# The page's words as every script reads them (assets/strings.js): counted phrases in the table's language,
# placeholders filled once, and the script's English fallback when the block is missing or not JSON.
LOOKUP = """
const t = window.transcriptsStrings.t;
const said = {frozen: Object.isFrozen(window.transcriptsStrings)};
said.counts = [0, 1, 2, 3, 11, 100].map(count => t('resultCount', '{count} results', {count: count}));
said.position = t('matchPosition', '{index} of {count}', {index: 3, count: 17});
said.braces = t('unlockFailed', 'failed: {error}', {error: '{error} {count}'});
said.unknown = t('noSuchKey', 'English {name}', {name: 'words'});
const block = document.getElementById('transcripts-strings');
block.remove();
said.missing = t('darkMode', 'Dark mode');
const broken = document.createElement('script');
broken.type = 'application/json';
broken.id = 'transcripts-strings';
broken.textContent = '{"darkMode": ';
document.head.appendChild(broken);
said.malformed = t('darkMode', 'Dark mode');
broken.remove();
document.head.appendChild(block);
said.back = t('darkMode', 'Dark mode');
return said;
"""

PLURAL_CATEGORIES = {
    "ar": {0: "zero", 1: "one", 2: "two", 3: "few", 11: "many", 100: "other"},
    "ja": {0: "other", 1: "other", 2: "other", 3: "other", 11: "other", 100: "other"},
}


def test_the_scripts_share_one_lookup_of_the_pages_words(localized, browser):
    language = language_of(localized)
    # The search page's table has every script's words; other pages' those of the scripts every page loads.
    browser.get(localized.url(localized.root / "search.html"))
    table = browser.execute_script("return JSON.parse(document.getElementById('transcripts-strings').textContent)")
    said = browser.execute_script(LOOKUP)
    assert said["frozen"]
    forms = table["resultCount"]
    assert said["counts"] == [
        forms.get(category, forms["other"]).replace("{count}", str(count))
        for count, category in PLURAL_CATEGORIES[language].items()]
    assert said["position"] == table["matchPosition"].replace("{index}", "3").replace("{count}", "17")
    assert said["braces"] == table["unlockFailed"].replace("{error}", "{error} {count}")
    assert said["unknown"] == "English words"
    assert said["missing"] == "Dark mode" and said["malformed"] == "Dark mode"
    assert said["back"] == table["darkMode"] != "Dark mode"
    browser.get(localized.url(localized.conversation_pages[0]))
    page_table = browser.execute_script("return JSON.parse(document.getElementById('transcripts-strings').textContent)")
    assert "resultCount" not in page_table and {key: table[key] for key in page_table} == page_table
    assert page_table["matchPosition"] == table["matchPosition"] and page_table["copyLink"] == table["copyLink"]


def test_no_serious_accessibility_violations(localized, browser, axe_source):  # noqa: F811
    problems = []
    for page in localized.pages:
        browser.get(localized.url(page))
        browser.execute_script(axe_source)
        report = json.loads(browser.execute_async_script(RUN_AXE))
        if isinstance(report, dict):
            raise AssertionError(f"axe failed on {localized.relative(page)}: {report['error']}")
        blocking = [v for v in report if v.get("impact") in BLOCKING_IMPACTS]
        if blocking:
            problems.append(f"  {localized.relative(page)}:\n{describe(blocking)}")
    assert not problems, f"axe-core found serious or critical violations in the {localized.name} site:\n" + "\n".join(problems)


def test_every_page_is_valid_html(localized, vnu):  # noqa: F811
    errors = run_vnu(vnu, localized.html_files, css=False)
    assert not errors, f"vnu found {len(errors)} error(s) in the {localized.name} site:\n" + describe_vnu(localized, errors)
