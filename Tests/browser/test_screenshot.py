"""A 1000x1400 screenshot of the demo site's first conversation page; written to $TRANSCRIPTS_SCREENSHOT
when set (docs/screenshot.png comes from here or from screenshot.py)."""

from __future__ import annotations

import os
from pathlib import Path

from screenshot import HEIGHT, WIDTH, png_size, take_screenshot


def test_screenshot_of_the_first_conversation(demo_site, browser, tmp_path):
    target = os.environ.get("TRANSCRIPTS_SCREENSHOT")
    output = Path(target).resolve() if target else tmp_path / "screenshot.png"
    page = take_screenshot(browser, demo_site, output)
    assert page != demo_site.index, "the demo site has no conversation page to show"
    assert png_size(output.read_bytes()) == (WIDTH, HEIGHT), f"{output} is not {WIDTH}x{HEIGHT}"
    print(f"screenshot of {demo_site.relative(page)} written to {output}")
