#!/usr/bin/env python3
"""How long `transcripts serve` takes from saving an export to the open page showing the change.

    scripts/serve-latency.py SITE FILE OLD NEW [--runs N]

SITE is a site folder, FILE an export in it and OLD a message's text in FILE. The script serves the site
(.build/release/transcripts, any free port), opens the page that shows OLD in headless Chromium, then
replaces OLD with NEW in FILE (and back, in turns) and measures until the page shows the new text: the
polling, the settling, the incremental rebuild, the reload event and the page load. It prints each run and
the median. FILE is left as it was.
"""

from __future__ import annotations

import argparse
import queue
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "browser"))

import browser_support as support  # noqa: E402
from test_serve import Server  # noqa: E402


def page_showing(output: Path, text: str) -> Path:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for page in sorted(output.glob("c/*/*.html")):
        if escaped in page.read_text(encoding="utf-8"):
            return page
    raise SystemExit(f"no page of {output} shows {text!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path)
    parser.add_argument("file", type=Path)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=6)
    arguments = parser.parse_args()
    binary = Path(__file__).resolve().parent.parent / ".build/release/transcripts"
    if not binary.is_file():
        raise SystemExit("build it first: swift build -c release --product transcripts")
    original = arguments.file.read_text(encoding="utf-8")
    if arguments.old not in original:
        raise SystemExit(f"{arguments.old!r} is not in {arguments.file}")

    server = Server(binary, arguments.site)
    driver = support.make_driver()
    try:
        base = server.url()
        page = page_showing(arguments.site / "public", arguments.old)
        url = base + page.relative_to(arguments.site / "public").as_posix()
        driver.get(url)
        time.sleep(2.5)  # files changed within two seconds of a build are read again by the next one
        seconds = []
        build_seconds = []
        texts = [arguments.old, arguments.new]
        for run in range(arguments.runs):
            before, after = texts[run % 2], texts[(run + 1) % 2]
            content = arguments.file.read_text(encoding="utf-8").replace(before, after, 1)
            started = time.monotonic()
            arguments.file.write_text(content, encoding="utf-8")
            while not driver.execute_script("return document.body && document.body.textContent.includes(arguments[0])", after):
                if time.monotonic() - started > 30:
                    raise SystemExit("the page did not show the change within 30 s:\n" + "\n".join(server.printed))
                time.sleep(0.01)
            seconds.append(time.monotonic() - started)
            time.sleep(2.5)
            builds = []
            while True:
                try:
                    line = server.lines.get_nowait()
                except queue.Empty:
                    break
                found = re.search(r", ([0-9.]+) s → ", line)
                if found:
                    builds.append(float(found.group(1)))
            build_seconds.append(builds[0] if builds else float("nan"))
            print(f"run {run + 1}: {seconds[-1]:.2f} s, of which the rebuild {build_seconds[-1]:.2f} s")
        print(f"median {statistics.median(seconds):.2f} s, best {min(seconds):.2f} s, worst {max(seconds):.2f} s; "
              f"rebuilds: median {statistics.median(build_seconds):.2f} s")
    finally:
        arguments.file.write_text(original, encoding="utf-8")
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
