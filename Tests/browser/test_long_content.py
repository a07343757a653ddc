"""A page stays usable whatever a message holds: 100,000-character words (a pasted log, a base64 blob, a long
URL, code) in texts, captions and events load in well under two seconds in Chromium and never make the page
wider than the window."""

from __future__ import annotations

import base64
import json
import random
import subprocess
import time

from selenium.webdriver.common.by import By

import browser_support as support

WORD = 100_000


def long_messages() -> list[dict]:
    rng = random.Random(7)
    blob = base64.b64encode(bytes(rng.randrange(256) for _ in range(WORD * 3 // 4))).decode()
    log = "ERROR:" + "abcdefghij" * (WORD // 10)
    texts = [
        ("text", "a" * WORD), ("text", blob), ("text", "https://example.com/" + "x" * WORD), ("text", "é" * WORD),
        ("markdown", "`" + log + "`"), ("markdown", "```\n" + log + "\n```"), ("text", "漢" * WORD),
    ]
    messages = [
        {"id": str(i), "sender": "ann" if i % 2 else "me", "date": f"2024-05-01T10:{i:02d}:00Z", "type": kind, kind: text}
        for i, (kind, text) in enumerate(texts)
    ]
    messages.append({"id": "20", "sender": "ann", "date": "2024-05-01T10:20:00Z", "type": "photo", "photo": {"caption": log}})
    messages.append({"id": "21", "sender": None, "date": "2024-05-01T10:21:00Z", "type": "system", "system": {"text": log}})
    messages.append({"id": "22", "sender": "ann", "date": "2024-05-01T10:22:00Z", "text": "a reply", "replyTo": "1"})
    return messages


def test_pages_with_huge_words_load_fast_and_fit(transcripts_bin, tmp_path, browser):
    site = tmp_path / "site"
    (site / "conversations").mkdir(parents=True)
    conversation = {
        "id": "long", "title": "Long " + "t" * 5000, "kind": "group",
        "participants": [{"id": "ann", "name": "Ann " + "n" * 5000}, {"id": "me", "name": "Me"}],
        "messages": long_messages(),
    }
    (site / "conversations" / "long.json").write_text(json.dumps(conversation), encoding="utf-8")
    (site / "transcripts.yml").write_text("title: Long\nme: me\n", encoding="utf-8")
    result = subprocess.run([str(transcripts_bin), "build", str(site)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr

    for page in [site / "public" / "c" / "long" / "2024-05.html", site / "public" / "index.html"]:
        for width in [1024, 360]:
            support.set_viewport(browser, width, 800)
            started = time.monotonic()
            browser.get(page.resolve().as_uri())
            browser.execute_script("return document.body.getBoundingClientRect().height")  # forces layout
            seconds = time.monotonic() - started
            assert seconds < 2, f"{page.name} at {width}px took {seconds:.1f} s"
            inner = browser.execute_script("return document.documentElement.clientWidth")
            assert browser.execute_script("return document.documentElement.scrollWidth") <= inner, f"{page.name} at {width}px is wider than the window"
            if page.name != "index.html":
                assert len(browser.find_elements(By.CSS_SELECTOR, "li.message, li.event")) == len(long_messages())
