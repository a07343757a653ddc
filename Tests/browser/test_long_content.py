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
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as support

WORD = 100_000


def long_messages() -> list[dict]:
    rng = random.Random(7)
    blob = base64.b64encode(bytes(rng.randrange(256) for _ in range(WORD * 3 // 4))).decode()
    log = "ERROR:" + "abcdefghij" * (WORD // 10)
    texts = [
        ("text", "a" * WORD), ("text", blob), ("text", "https://example.com/" + "x" * WORD), ("text", "é" * WORD),
        ("markdown", "`" + log + "`"), ("markdown", "```\n" + log + "\n```"), ("text", "漢" * WORD),
        ("text", "e\u0301" * (WORD // 2)), ("markdown", "**" + "AV" * (WORD // 2) + "**"),
    ]
    messages = [
        {"id": str(i), "sender": "ann" if i % 2 else "me", "date": f"2024-05-01T10:{i:02d}:00Z", "type": kind, kind: text}
        for i, (kind, text) in enumerate(texts)
    ]
    messages.append({"id": "20", "sender": "ann", "date": "2024-05-01T10:20:00Z", "type": "photo", "photo": {"caption": log}})
    messages.append({"id": "21", "sender": None, "date": "2024-05-01T10:21:00Z", "type": "system", "system": {"text": log}})
    messages.append({"id": "22", "sender": "ann", "date": "2024-05-01T10:22:00Z", "text": "a reply", "replyTo": "1"})
    return messages


def load(browser, page, width: int) -> tuple[float, bool]:
    """Opens `page` at `width` px, laid out: the seconds it took, and whether it fits the window's width."""
    support.set_viewport(browser, width, 800)
    started = time.monotonic()
    browser.get(page.resolve().as_uri())
    browser.execute_script("return document.body.getBoundingClientRect().height")  # forces layout
    seconds = time.monotonic() - started
    inner = browser.execute_script("return document.documentElement.clientWidth")
    return seconds, browser.execute_script("return document.documentElement.scrollWidth") <= inner


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
            seconds, fits = load(browser, page, width)
            assert seconds < 2, f"{page.name} at {width}px took {seconds:.1f} s"
            assert fits, f"{page.name} at {width}px is wider than the window"
            if page.name != "index.html":
                assert len(browser.find_elements(By.CSS_SELECTOR, "li.message, li.event")) == len(long_messages())


# Words whose every letter Chromium would shape again at each place it tries to break them, when kerning or
# ligatures join the letters: repeated letters, kerned pairs, a short pattern, one grapheme cluster repeated (a
# letter and its accent), an emoji with its skin tone.
SHAPES = {
    "letters": "A" * WORD,
    "kerned": "AV" * (WORD // 2),
    "pattern": "Tyo" * (WORD // 3),
    "cluster": "e\u0301" * (WORD // 2),
    "emoji": "\U0001F44D\U0001F3FD" * (WORD // 4),
}
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")


def worst_conversation(shape: str) -> dict:
    """Every place a conversation shows a word: its title, a name, texts, bold and linked text, an event, a poll,
    a quote, a photo's caption and a file's name."""
    word = SHAPES[shape]
    messages = [
        {"type": "text", "text": word + " needle"},
        {"type": "markdown", "markdown": f"<b>{word}</b> **{word}** [{word}](https://example.com/{word})"},
        {"sender": None, "type": "system", "system": {"text": word}},
        {"type": "poll", "poll": {"question": word, "options": [{"text": word, "votes": 1}]}},
        {"type": "text", "text": "a reply", "replyTo": "1"},
        {"type": "photo", "photo": {"file": "pixel.png", "caption": word}},
        {"type": "file", "file": {"name": word[:200] + ".txt"}},
        {"type": "text", "text": "https://example.com/" + word},
    ]
    for number, message in enumerate(messages, start=1):
        message.setdefault("sender", "ann" if number % 2 else "me")
        message.update(id=str(number), date=f"2024-05-01T10:{number:02d}:00Z")
    return {
        "id": shape, "title": shape + " " + word, "kind": "group",
        "participants": [{"id": "ann", "name": "Ann " + word}, {"id": "me", "name": "Me"}], "messages": messages,
    }


def test_the_worst_words_load_fast_on_every_page(transcripts_bin, tmp_path, browser):
    site = tmp_path / "site"
    (site / "conversations").mkdir(parents=True)
    (site / "conversations" / "pixel.png").write_bytes(PNG)
    for shape in SHAPES:
        (site / "conversations" / f"{shape}.json").write_text(json.dumps(worst_conversation(shape)), encoding="utf-8")
    # Ann is a person of `people:` with the worst name: the people pages show it.
    people = json.dumps([{"name": "Ann " + SHAPES["letters"], "ids": ["ann"]}])
    (site / "transcripts.yml").write_text(f"title: Worst\nme: me\npeople: {people}\n", encoding="utf-8")
    result = subprocess.run([str(transcripts_bin), "build", str(site)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]

    public = site / "public"
    people_pages = sorted((public / "people").glob("*/index.html"))
    assert len(people_pages) == 1 and (public / "people" / "index.html").is_file()
    pages = [public / "index.html", public / "people" / "index.html"] + people_pages
    for shape in SHAPES:
        folder = public / "c" / shape
        pages += sorted(path for path in folder.glob("*.html"))
    names = {path.relative_to(public).as_posix() for path in pages}
    assert {"c/letters/2024-05.html", "c/letters/index.html", "c/letters/links.html", "c/letters/media.html", "c/letters/files.html"} <= names, names
    slow = []
    for page in pages:
        for width in [1024, 360]:
            seconds, fits = load(browser, page, width)
            if seconds >= 2:
                slow.append(f"{page.relative_to(public)} at {width}px: {seconds:.1f} s")
            assert fits, f"{page.relative_to(public)} at {width}px is wider than the window"
    assert not slow, slow

    # The search page's results show every conversation's title and sender.
    support.set_viewport(browser, 1024, 800)
    started = time.monotonic()
    browser.get((public / "search.html").resolve().as_uri() + "?q=needle")
    WebDriverWait(browser, 20).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#search-results li")) == len(SHAPES))
    browser.execute_script("return document.body.getBoundingClientRect().height")
    assert time.monotonic() - started < 2 + 1, "the search page's results took too long"  # one second of waiting for the index
