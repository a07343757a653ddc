"""Books (`transcripts book`, the config's `book:` block): W3C's EPUBCheck finds no error and no warning in the
books of the demo site's and the hostile fixture's conversations, nor in a right-to-left one; the same input
gives the same bytes, whatever the order of the exports; every message keeps its site anchor; the privacy
flags reach the book; a protected site's book is refused unless asked for; `transcripts build` writes the
config's books beside the pages and the overview links them.

EPUBCheck comes from Debian's `epubcheck` package (scripts/browser-setup.sh installs it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
import zipfile
from pathlib import Path

import pytest

import browser_support as support

EPUBCHECK_JAR = Path("/usr/share/java/epubcheck.jar")


def epubcheck_command() -> list[str]:
    """How to run EPUBCheck: Debian's jar with java (its /usr/bin/epubcheck runs only where binfmt is set up)."""
    java = shutil.which("java")
    if EPUBCHECK_JAR.is_file() and java:
        return [java, "-jar", str(EPUBCHECK_JAR)]
    pytest.fail(f"EPUBCheck is not installed ({EPUBCHECK_JAR}, java): {support.SETUP_HINT}")


def epubcheck(book: Path) -> str:
    result = subprocess.run(epubcheck_command() + [str(book)], capture_output=True, text=True, timeout=300)
    report = result.stdout + result.stderr
    counts = re.search(r"Messages: (\d+) fatals? / (\d+) errors? / (\d+) warnings?", report)
    assert counts, f"EPUBCheck said nothing about {book.name}:\n{report}"
    assert counts.groups() == ("0", "0", "0") and result.returncode == 0, f"EPUBCheck on {book.name}:\n{report}"
    return report


def make_book(binary: Path, site: Path, conversation: str, output: Path, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(binary), "book", str(site), "--conversation", conversation, "--output", str(output), *flags],
        capture_output=True, text=True, timeout=300)


def made_book(binary: Path, site: Path, conversation: str, output: Path, *flags: str) -> Path:
    result = make_book(binary, site, conversation, output, *flags)
    assert result.returncode == 0, result.stdout + result.stderr
    return output


def documents(book: Path) -> dict[str, str]:
    with zipfile.ZipFile(book) as archive:
        return {name: archive.read(name).decode("utf-8") for name in archive.namelist() if name.endswith((".xhtml", ".opf", ".xml"))}


DEMO_BOOKS = ["lisbon-trip", "alice-jonas", "garden-news", "style-gallery"]
FIXTURE_BOOKS = ["hostile", "direct-chat"]


@pytest.mark.parametrize(
    "site,conversation", [("demo", c) for c in DEMO_BOOKS] + [("fixture", c) for c in FIXTURE_BOOKS])
def test_epubcheck_finds_nothing(transcripts_bin, tmp_path, site, conversation):
    folder = support.demo_site_dir()[0] if site == "demo" else support.FIXTURE_SITE
    if not (folder / "transcripts.yml").is_file():
        pytest.skip(f"no demo site at {folder}")
    book = made_book(transcripts_bin, folder, conversation, tmp_path / f"{conversation}.epub")
    epubcheck(book)
    with zipfile.ZipFile(book) as archive:
        first = archive.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED and not first.extra
        assert archive.read("mimetype") == b"application/epub+zip"
        for info in archive.infolist():
            assert info.date_time == (1980, 1, 1, 0, 0, 0)
            assert not info.filename.startswith("/") and ".." not in info.filename.split("/")
        text = "".join(archive.read(name).decode("utf-8") for name in archive.namelist() if name.endswith(".xhtml"))
    # No script and nothing from outside the book.
    assert "<script" not in text.lower()
    assert not re.search(r"""(src|href)=["'](?!https?://|mailto:|#|[\w.-]+\.xhtml|media/|book\.css")""", text)
    assert not re.search(r"""src=["']https?:""", text)


def test_every_message_keeps_its_site_anchor(demo_site, transcripts_bin, tmp_path):
    site = demo_site
    book = made_book(transcripts_bin, site.source, "lisbon-trip", tmp_path / "lisbon.epub")
    folder = site.root / "c" / "lisbon-trip"
    site_anchors = set()
    for page in folder.glob("*.html"):
        if support.MONTH_PAGE.fullmatch(page.name):
            site_anchors |= set(re.findall(r'<li class="(?:message|event)[^"]*" id="(m-[^"]+)"', page.read_text("utf-8")))
    book_anchors = set()
    for name, text in documents(book).items():
        if name.endswith(".xhtml"):
            ElementTree.fromstring(text.encode("utf-8"))  # well-formed XML
            book_anchors |= set(re.findall(r'<li class="(?:message|event)[^"]*" id="(m-[^"]+)"', text))
    assert site_anchors and book_anchors == site_anchors


def test_right_to_left_book(transcripts_bin, tmp_path):
    demo = support.demo_site_dir()[0]
    if not (demo / "transcripts.yml").is_file():
        pytest.skip(f"no demo site at {demo}")
    copy = tmp_path / "site"
    shutil.copytree(demo, copy, ignore=shutil.ignore_patterns("public", ".transcripts-cache"))
    config = copy / "transcripts.yml"
    config.write_text(config.read_text("utf-8") + "\nlanguage: ar\n", encoding="utf-8")
    book = made_book(transcripts_bin, copy, "lisbon-trip", tmp_path / "rtl.epub")
    epubcheck(book)
    files = documents(book)
    assert '<spine page-progression-direction="rtl">' in files["EPUB/content.opf"]
    assert 'dir="rtl"' in files["EPUB/nav.xhtml"] and "المحتويات" in files["EPUB/nav.xhtml"]


def test_same_input_same_bytes_in_any_order(transcripts_bin, tmp_path):
    demo = support.demo_site_dir()[0]
    if not (demo / "transcripts.yml").is_file():
        pytest.skip(f"no demo site at {demo}")
    books = []
    exports = ["conversations/lisbon-trip.json", "conversations/jonas.json", "conversations/garden-news.jsonl"]
    for number, inputs in enumerate([exports, list(reversed(exports))]):
        copy = tmp_path / f"site-{number}"
        shutil.copytree(demo, copy, ignore=shutil.ignore_patterns("public", ".transcripts-cache"))
        config = copy / "transcripts.yml"
        config.write_text(
            re.sub(r"(?m)^inputs:.*$", "inputs: [" + ", ".join(inputs) + "]", config.read_text("utf-8")), encoding="utf-8")
        for run in range(2):
            books.append(made_book(transcripts_bin, copy, "lisbon-trip", tmp_path / f"book-{number}-{run}.epub").read_bytes())
    assert all(book == books[0] for book in books)


def test_privacy_reaches_the_book(transcripts_bin, tmp_path):
    book = made_book(
        transcripts_bin, support.FIXTURE_SITE, "direct-chat", tmp_path / "private.epub", "--pseudonymize", "--redact", "email")
    names = [p["name"] for p in __import__("json").loads((support.FIXTURE_SITE / "conversations/direct.json").read_text("utf-8"))["participants"] if p["id"] != "me"]
    text = "".join(documents(book).values())
    for name in names:
        assert name not in text
    assert "Person 1" in text
    epubcheck(book)


def test_protected_site_book_is_refused_unless_asked(transcripts_bin, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(support.FIXTURE_SITE, copy)
    config = copy / "transcripts.yml"
    config.write_text(config.read_text("utf-8") + "\nprotect: {passphraseFile: passphrase.txt}\n", encoding="utf-8")
    refused = make_book(transcripts_bin, copy, "direct-chat", tmp_path / "no.epub")
    assert refused.returncode != 0 and "--allow-unprotected-book" in refused.stderr
    assert not (tmp_path / "no.epub").exists()
    made_book(transcripts_bin, copy, "direct-chat", tmp_path / "yes.epub", "--allow-unprotected-book")


def test_build_writes_the_configs_books_and_links_them(transcripts_bin, tmp_path):
    demo = support.demo_site_dir()[0]
    if not (demo / "transcripts.yml").is_file():
        pytest.skip(f"no demo site at {demo}")
    copy = tmp_path / "site"
    shutil.copytree(demo, copy, ignore=shutil.ignore_patterns("public", ".transcripts-cache"))
    config = copy / "transcripts.yml"
    config.write_text(
        config.read_text("utf-8")
        + "\nbook:\n  conversations: [lisbon-trip]\n  title: Lisbon, 2024\n  text: For the four of us.\n"
        + "  cover: conversations/media/tram-28.jpg\n",
        encoding="utf-8")
    output = tmp_path / "public"
    support.build_site(transcripts_bin, copy, output)
    book = output / "c" / "lisbon-trip" / "book.epub"
    epubcheck(book)
    files = documents(book)
    assert "<h1>Lisbon, 2024</h1>" in files["EPUB/title.xhtml"]
    assert '<p class="cover"><img src="media/' in files["EPUB/title.xhtml"]
    assert 'properties="cover-image"' in files["EPUB/content.opf"]
    overview = (output / "c" / "lisbon-trip" / "index.html").read_text("utf-8")
    assert '<a href="book.epub" download>' in overview
    assert not (output / "c" / "alice-jonas" / "book.epub").exists()


def test_a_long_month_is_split_and_the_book_stays_valid(transcripts_bin, tmp_path):
    """20,000 messages in one month, with `pageSize: 100000`: the month is split into documents under 2 MB, links
    between them hold (EPUBCheck checks every fragment), and every message is there."""
    import json
    import random

    random.seed(3)
    words = "the quick brown fox jumps over a lazy dog while we all go home for pasta tonight".split()
    messages = []
    for index in range(20_000):
        message = {"id": f"m{index}", "sender": ["me", "ann"][index % 2], "date": 1_714_521_600 + index * 60,
                   "text": " ".join(random.choices(words, k=random.randint(3, 60)))}
        if index > 10 and index % 7 == 0:
            message["replyTo"] = f"m{index - random.randint(1, 9000) if index > 9000 else index - 5}"
        messages.append(message)
    site = tmp_path / "site"
    (site / "conversations").mkdir(parents=True)
    (site / "transcripts.yml").write_text("title: Long\nme: me\ntimeZone: UTC\npageSize: 100000\n", encoding="utf-8")
    (site / "conversations" / "long.json").write_text(json.dumps({
        "format": "transcripts/1", "id": "long", "title": "Long", "kind": "direct",
        "participants": [{"id": "me", "name": "Me"}, {"id": "ann", "name": "Ann"}], "messages": messages}), encoding="utf-8")
    book = made_book(transcripts_bin, site, "long", tmp_path / "long.epub")
    with zipfile.ZipFile(book) as archive:
        parts = [info for info in archive.infolist() if re.fullmatch(r"EPUB/2024-05(-part\d+)?\.xhtml", info.filename)]
        assert len(parts) > 1
        assert all(info.file_size < 2_000_000 for info in archive.infolist())
        anchors = set()
        for info in parts:
            anchors |= set(re.findall(r'id="(m-m\d+)"', archive.read(info).decode("utf-8")))
    assert len(anchors) == len(messages)
    epubcheck(book)
