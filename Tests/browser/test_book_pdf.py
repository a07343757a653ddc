"""PDF books (`transcripts book SITE --conversation ID --output FILE.pdf`), printed by headless Chromium and read
back with pypdf: A4 or US Letter as the config says, a title page, running headers with the conversation and
the month, page numbers, every message's text, no blank page, fonts embedded, the messages' date (not the
clock's), and the same text from the same input.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import browser_support as support

pypdf = pytest.importorskip("pypdf", reason=f"pypdf is not installed: {support.SETUP_HINT}")


def demo_copy(tmp_path: Path, extra: str = "") -> Path:
    demo = support.demo_site_dir()[0]
    if not (demo / "transcripts.yml").is_file():
        pytest.skip(f"no demo site at {demo}")
    copy = tmp_path / "site"
    shutil.copytree(demo, copy, ignore=shutil.ignore_patterns("public", ".transcripts-cache"))
    if extra:
        config = copy / "transcripts.yml"
        config.write_text(config.read_text("utf-8") + "\n" + extra, encoding="utf-8")
    return copy


def print_book(binary: Path, site: Path, output: Path, *flags: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(binary), "book", str(site), "--conversation", "lisbon-trip", "--output", str(output), *flags],
        capture_output=True, text=True, timeout=600, env=env)


def texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(str(pdf)).pages]


def test_a4_book_with_headers_page_numbers_and_every_message(transcripts_bin, tmp_path):
    site = demo_copy(tmp_path)
    pdf = tmp_path / "lisbon.pdf"
    result = print_book(transcripts_bin, site, pdf)
    assert result.returncode == 0, result.stdout + result.stderr
    reader = pypdf.PdfReader(str(pdf))
    pages = [page.extract_text() for page in reader.pages]
    assert len(pages) >= 4
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(width), round(height)) == (595, 842)  # A4 in points
    assert "Lisbon trip" in pages[0] and "56 messages" in pages[0]
    assert all(text.strip() for text in pages), "a blank page"
    # Running headers: the conversation and the month; page numbers.
    assert sum("· October 2024" in text for text in pages) >= 2
    for number, text in enumerate(pages[1:], start=2):
        assert f"{number} / {len(pages)}" in text
    joined = "\n".join(pages)
    for phrase in ["Finally!!", "Count me in", "Translation for the rest of us?", "People"]:
        assert phrase in joined
    # The contents give the page each month starts on.
    people = next(number for number, text in enumerate(pages, start=1) if re.search(r"(?m)^People$", text) and number > 2)
    numbers = [number for number in re.findall(r"(?m)^(\d+)$", pages[1]) if len(number) < 4]
    assert numbers == ["3", str(people)], pages[1]
    # The PDF's outline leads to the month's first page.
    outline = [item for item in reader.outline if not isinstance(item, list)]
    months = [item for item in outline if item.title == "October 2024"]
    assert months and reader.get_destination_page_number(months[0]) == 2
    # The demo conversation's photo is on its page.
    assert sum(len(page.images) for page in reader.pages) >= 1
    # Dated by its newest message (2024-10-29 17:32:02 UTC), not by the clock.
    assert reader.metadata["/CreationDate"].startswith("D:20241029173202")
    # Fonts are embedded.
    for page in reader.pages:
        for font in (page.get("/Resources", {}).get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            if descriptor is not None:
                descriptor = descriptor.get_object()
                assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")
    # The same input, the same text.
    again = tmp_path / "again.pdf"
    assert print_book(transcripts_bin, site, again).returncode == 0
    assert texts(again) == pages


def test_letter_paper_from_the_config(transcripts_bin, tmp_path):
    site = demo_copy(tmp_path, "book: {paper: letter}\n")
    pdf = tmp_path / "letter.pdf"
    result = print_book(transcripts_bin, site, pdf)
    assert result.returncode == 0, result.stdout + result.stderr
    box = pypdf.PdfReader(str(pdf)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_without_chromium_the_error_says_how_to_get_it(transcripts_bin, tmp_path):
    site = demo_copy(tmp_path)
    env = {"PATH": str(tmp_path / "empty"), "HOME": str(tmp_path)}
    result = print_book(transcripts_bin, site, tmp_path / "none.pdf", env=env)
    assert result.returncode != 0
    assert "Chromium" in result.stderr and "TRANSCRIPTS_CHROMIUM" in result.stderr
    assert not (tmp_path / "none.pdf").exists()
