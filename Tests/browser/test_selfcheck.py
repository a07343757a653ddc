"""The checks themselves work: each one, pointed at a small page that breaks its rule, finds the break.
(A check that never fails proves nothing.) The bad pages only ever name 127.0.0.1, port 9, as remote."""

from __future__ import annotations

import json

import pytest

from test_axe import RUN_AXE, axe_source  # noqa: F401 (axe_source is a fixture)
from test_requests import collect_requests, outside_site
from test_script_safety import INSPECT

BAD_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>bad</title></head>
<body><main>
<p style="color:#bbbbbb;background:#ffffff">Low contrast text</p>
<img src="http://127.0.0.1:9/pixel.png" alt="">
<img src="x" onerror="window.__pwned=1" alt="">
<a href="javascript:void(0)">js</a>
<script>window.__ran = 1</script>
</main></body></html>
"""


@pytest.fixture(scope="module")
def bad_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad-site")
    page = folder / "index.html"
    page.write_text(BAD_PAGE, encoding="utf-8")
    return folder, page


def test_axe_finds_low_contrast(browser, axe_source, bad_page):  # noqa: F811
    _, page = bad_page
    browser.get(page.as_uri())
    browser.execute_script(axe_source)
    violations = json.loads(browser.execute_async_script(RUN_AXE))
    ids = {v["id"]: v["impact"] for v in violations}
    assert ids.get("color-contrast") == "serious", f"axe missed the low contrast: {ids}"


def test_script_checks_find_the_payloads(browser, bad_page):
    root, page = bad_page
    browser.get(page.as_uri())
    browser.execute_async_script("const done = arguments[0]; setTimeout(done, 200);")
    found = browser.execute_script(INSPECT, root.resolve().as_uri() + "/")
    assert found["scripts"] and found["handlers"] and found["jsLinks"] and found["remote"], found
    assert found["pwned"], "the onerror payload should have run on the bad page"


def test_request_check_finds_a_remote_image(browser, bad_page):
    root, page = bad_page
    urls, count = collect_requests(browser, page.as_uri())
    assert count >= 2
    assert any(outside_site(url, root.resolve()) for url in urls), urls
