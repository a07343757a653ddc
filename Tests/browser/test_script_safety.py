"""The hostile fixture site (Tests/browser/fixture-site) comes out as harmless text: no script element, no
event-handler attribute, no javascript: link, no remote image, and none of its payloads runs."""

from __future__ import annotations


INSPECT = r"""
const found = {scripts: [], handlers: [], jsLinks: [], remote: [], embeds: [], styled: []};
const describe = e => e.outerHTML.slice(0, 160);
// The only scripts a page may have are our own (the scripts' words, theme toggle, copy-link buttons, header search
// box, search engine, search page, find bar), loaded from the site's assets folder (with the assets' version); the
// strings table (JSON, never run); and the index files search-core.js adds for a query, from search/.
const ownScript = e => e.parentElement === document.head && ((/(^|\/)assets\/(strings|theme|permalinks|site-search|search-core|search-page|find-bar)\.js(\?v=[0-9a-f]{8})?$/.test(e.getAttribute('src') || '') && !e.textContent.trim())
  // The page's strings table: JSON the browser never runs, written by the templates.
  || (e.id === 'transcripts-strings' && e.type === 'application/json' && !e.hasAttribute('src') && document.querySelectorAll('script#transcripts-strings').length === 1));
for (const e of document.querySelectorAll('script')) if (!ownScript(e)) found.scripts.push(describe(e));
for (const e of document.querySelectorAll('*')) {
  for (const a of e.attributes) {
    if (a.name.toLowerCase().startsWith('on')) found.handlers.push(a.name + ' on ' + describe(e));
  }
}
const unsafe = /^(javascript|vbscript|data):/i;
const harmlessData = /^data:image\/(png|gif|jpeg|webp);/i;  // what cmark's safe mode lets through
for (const e of document.querySelectorAll('*')) {
  for (const name of ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'srcset']) {
    const value = e.getAttribute(name);
    if (value === null) continue;
    // Browsers skip control characters and spaces in a scheme: strip them as they do.
    const clean = value.replace(/[\u0000-\u0020]/g, '');
    if (unsafe.test(clean) && !harmlessData.test(clean))
      found.jsLinks.push(name + '=' + value.slice(0, 80) + ' on ' + describe(e));
  }
}
for (const e of document.querySelectorAll('img, picture source, video, audio, input[type=image], image, use')) {
  const src = e.currentSrc || e.src || e.getAttribute('src') || e.getAttribute('href') || e.getAttribute('srcset') || '';
  if (src && !/^(file:|data:)/i.test(src)) found.remote.push(describe(e));
  if (src && /^file:/i.test(src) && !src.startsWith(arguments[0])) found.remote.push(describe(e));
}
// Our forms: the header's search box, the search page's form and the find bar, never inside the messages.
const ownForm = e => (e.matches('header.site-header > form.site-search') || e.matches('main > form.search-form, main > form.find-bar'))
  && !e.closest('ol.transcript');
// Our meta tag: the page's Content-Security-Policy, in the head.
const ownMeta = e => e.parentElement === document.head && e.matches('meta[http-equiv="Content-Security-Policy"]');
for (const e of document.querySelectorAll('iframe, frame, object, embed, applet, base, form, svg, math, meta[http-equiv]'))
  if (!(e.matches('form') && ownForm(e)) && !ownMeta(e))
  // Bubble tails are inline SVG of our templates: a fixed shape with two paths and nothing else.
  if (!(e.matches('svg.tail-shape') && [...e.children].every(c => c.matches('path.tail-fill, path.tail-line'))))
  // Our icons (assets/icons/*.svg, inlined): paths and nothing else.
  if (!(e.matches('svg.icon[aria-hidden="true"]') && [...e.querySelectorAll('*')].every(c => c.matches('path'))))
  // The overview's charts are inline SVG of our templates too: bars, cells and labels, links to the site's pages.
  if (!(e.matches('svg.chart-months, svg.chart-years, svg.chart-week, svg.share-bar') && !e.closest('ol.transcript')
        && [...e.querySelectorAll('*')].every(c => c.matches('a[href^="#"], a[href$=".html"], rect, text, title'))))
    found.embeds.push(describe(e));
for (const e of document.querySelectorAll('main style, main [style], body > style'))
  found.styled.push(describe(e));
found.pwned = typeof window.__pwned !== 'undefined';
found.text = document.body.innerText;
return found;
"""

# Text the fixture's payloads must show as, proof that they were escaped rather than dropped.
MUST_SHOW = [
    "Hello <script>window.__pwned=1</script> there",
    'Plain text with <img src=x onerror="window.__pwned=1">',
    '<div onclick="window.__pwned=1" style="position:fixed;inset:0">overlay</div>',
    "Alice <script>window.__pwned=1</script>",
    "Carol <script>window.__pwned=1</script> joined",
]


def test_hostile_input_cannot_run_script(fixture_site, browser):
    site = fixture_site
    root_url = site.root.resolve().as_uri() + "/"
    problems = []
    texts = {}
    for page in site.pages:
        browser.get(site.url(page))
        # Give delayed payloads (onerror of a failing image, onload of an SVG) time to fire.
        browser.execute_async_script("const done = arguments[0]; setTimeout(done, 200);")
        found = browser.execute_script(INSPECT, root_url)
        where = site.relative(page)
        texts[where] = found["text"]
        for key, label in [
            ("scripts", "a <script> element"),
            ("handlers", "an event-handler attribute"),
            ("jsLinks", "a javascript:/data: URL"),
            ("remote", "an image or media element that loads from outside the site"),
            ("embeds", "an embedding, form, base or refresh element"),
            ("styled", "a style element or attribute inside the content"),
        ]:
            for item in found[key]:
                problems.append(f"  {where}: {label}: {item}")
        if found["pwned"]:
            problems.append(f"  {where}: a payload ran (window.__pwned is set)")
        # Hovering and clicking everything must not run anything either.
        browser.execute_script(
            "for (const e of document.querySelectorAll('main *')) {"
            "  for (const type of ['mouseover', 'mouseenter', 'focus', 'animationstart']) e.dispatchEvent(new Event(type));"
            "}"
        )
        if browser.execute_script("return typeof window.__pwned !== 'undefined'"):
            problems.append(f"  {where}: a payload ran on hover or focus (window.__pwned is set)")
    assert not problems, "the hostile fixture site is not safe:\n" + "\n".join(problems)

    conversation = next(t for w, t in texts.items() if w.startswith("c/hostile"))
    hidden = [s for s in MUST_SHOW if s not in conversation]
    assert not hidden, f"these payloads were dropped instead of shown as text: {hidden}"


def test_hostile_page_titles_are_text(fixture_site, browser):
    hostile = next(p for p in fixture_site.conversation_pages if "hostile" in p.parent.name)
    browser.get(fixture_site.url(hostile))
    title = browser.title
    assert "<script>" in title or "<img" in title, f"the page title lost its text: {title!r}"
    # The head holds only what the templates put there: our scripts and the strings table (JSON, never run), no
    # style element, no base.
    head = browser.execute_script(
        "return [...document.head.querySelectorAll('script:not([type=\"application/json\"]#transcripts-strings), style, base')]"
        ".map(e => [e.tagName, e.getAttribute('src') || '', e.textContent])")
    for tag, src, text in head:
        assert tag == "SCRIPT", f"unexpected {tag} in the head"
        assert src.split("?v=")[0].endswith(("assets/strings.js", "assets/theme.js", "assets/permalinks.js", "assets/site-search.js", "assets/search-core.js", "assets/search-page.js", "assets/find-bar.js")) and not text.strip(), f"unexpected script in the head: {src!r} {text[:80]!r}"
