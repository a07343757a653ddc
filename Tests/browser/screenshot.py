#!/usr/bin/env python3
"""Writes a 1000x1400 PNG screenshot of the first conversation page of the demo site (light mode).

    python3 Tests/browser/screenshot.py [OUTPUT.png]

OUTPUT defaults to $TRANSCRIPTS_SCREENSHOT, then docs/screenshot.png. The site is $TRANSCRIPTS_SITE or
Site/, built with $TRANSCRIPTS_BIN or .build/debug/transcripts into a temporary folder. The browser tests
call `take_screenshot` too (test_screenshot.py), and write the same picture when TRANSCRIPTS_SCREENSHOT
is set.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_support as support  # noqa: E402

WIDTH, HEIGHT = 1000, 1400


def take_screenshot(driver, site: support.BuiltSite, output: Path) -> Path:
    """Saves the screenshot of `site`'s first conversation page (the index if it has none) to `output`."""
    pages = site.conversation_pages
    page = pages[0] if pages else site.index
    support.set_viewport(driver, WIDTH, HEIGHT)
    support.set_color_scheme(driver, "light")
    driver.get(site.url(page))
    driver.execute_script("window.scrollTo(0, 0); return document.fonts ? document.fonts.ready.then(() => 1) : 1")
    png = driver.get_screenshot_as_png()
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(png)
    return page


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def main(argv: list[str]) -> int:
    target = argv[1] if len(argv) > 1 else os.environ.get("TRANSCRIPTS_SCREENSHOT") or str(support.REPO_ROOT / "docs" / "screenshot.png")
    output = Path(target).resolve()
    try:
        binary = support.transcripts_bin()
        source, _ = support.demo_site_dir()
        if not (source / "transcripts.yml").is_file():
            raise support.SetupError(f"{source} is not a site folder (no transcripts.yml); set TRANSCRIPTS_SITE")
        with tempfile.TemporaryDirectory(prefix="transcripts-screenshot-") as temporary:
            root = Path(temporary) / "public"
            printed = support.build_site(binary, source, root)
            site = support.BuiltSite(name="demo", source=source, root=root, build_output=printed)
            driver = support.make_driver()
            try:
                page = take_screenshot(driver, site, output)
            finally:
                driver.quit()
    except (support.SetupError, RuntimeError) as error:
        print(f"screenshot: {error}", file=sys.stderr)
        return 1
    width, height = png_size(output.read_bytes())
    print(f"screenshot: {site.relative(page)} -> {output} ({width}x{height})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
