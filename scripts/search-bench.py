#!/usr/bin/env python3
"""What one search costs in a browser: bytes loaded and time to the first results, per query.

Usage: scripts/search-bench.py SITE_OUTPUT [--query WORDS ...] [--runs N] [--json]

Serves the built site (the folder `transcripts build` wrote) over HTTP on 127.0.0.1, opens search.html in
headless Chromium (the browser tests' driver) with the browser cache off, and for each query, in a fresh
page each time (a cold first query):

  start-up   the search scripts (assets/search-core.js, assets/search-page.js) and search/index.js
  query      the term files, posting blocks and document files the query loaded (search/t, p, d)
  first ms   time from starting the search to the first results on screen (median of the runs)

and the total as a server that compresses (gzip level 6) would send it.

Byte counts are the files' sizes on disk (what a server sends without compression, and what file:// reads).
Default queries: a single word, two words, a prefix as typed, and a very frequent word.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests/browser"))

import browser_support as support  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

DEFAULT_QUERIES = ["coffee", "coffee tomorrow", "benchm", "the"]
STARTUP = ["assets/search-core.js", "assets/search-page.js"]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


def measure(site: Path, queries: list[str], runs: int) -> list[dict]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver = support.make_driver()
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    rows = []
    try:
        for query in queries:
            times, walls, loaded = [], [], None
            for _ in range(runs):
                started = time.perf_counter()
                driver.get(base + "search.html?" + urllib.parse.urlencode({"q": query}))
                WebDriverWait(driver, 60).until(
                    lambda d: d.find_element(By.ID, "search-results").get_attribute("data-search-milliseconds") is not None)
                walls.append((time.perf_counter() - started) * 1000)
                times.append(float(driver.find_element(By.ID, "search-results").get_attribute("data-search-milliseconds")))
                loaded = driver.execute_script("return TranscriptsSearch.requested.slice()")
                status = driver.find_element(By.ID, "search-status").text
            startup_files = [site / path for path in STARTUP] + [site / "search/index.js"]
            startup = sum(path.stat().st_size for path in startup_files)
            files = [name for name in loaded if name != "index"]
            query_files = [site / "search" / (name + ".js") for name in files]
            query_bytes = sum(path.stat().st_size for path in query_files)
            compressed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in startup_files + query_files)
            rows.append({
                "query": query, "status": status, "startup_bytes": startup, "query_bytes": query_bytes,
                "total_bytes": startup + query_bytes, "total_gzip_bytes": compressed, "files": len(files),
                "term_files": sum(1 for n in files if n.startswith("t/")),
                "posting_blocks": sum(1 for n in files if n.startswith("p/")),
                "document_files": sum(1 for n in files if n.startswith("d/")),
                "first_results_ms": statistics.median(times), "page_load_to_results_ms": statistics.median(walls),
            })
    finally:
        driver.quit()
        server.shutdown()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path)
    parser.add_argument("--query", action="append", dest="queries")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    site = arguments.site.resolve()
    if not (site / "search/index.js").is_file():
        sys.exit(f"{site} has no search/index.js: build the site with search on")
    rows = measure(site, arguments.queries or DEFAULT_QUERIES, arguments.runs)
    index_files = [p for p in (site / "search").rglob("*.js")]
    summary = {"index_bytes": sum(p.stat().st_size for p in index_files), "index_files": len(index_files), "queries": rows}
    if arguments.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"index: {summary['index_bytes'] / 1e6:.1f} MB in {summary['index_files']} files")
    print("| query | results | start-up KB | query KB | total KB | total KB gzip | files (t/p/d) | first results ms | load to results ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(f"| `{row['query']}` | {row['status']} | {row['startup_bytes'] / 1000:.1f} | {row['query_bytes'] / 1000:.1f} | "
              f"{row['total_bytes'] / 1000:.1f} | {row['total_gzip_bytes'] / 1000:.1f} | {row['term_files']}/{row['posting_blocks']}/{row['document_files']} | "
              f"{row['first_results_ms']:.0f} | {row['page_load_to_results_ms']:.0f} |")


if __name__ == "__main__":
    main()
