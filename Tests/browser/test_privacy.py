"""A site built with the privacy flags, in Chromium: the photo still decodes after its EXIF (with a GPS
position) was removed, the pseudonyms are shown and the names are not, and the pages ask robots to stay out."""

from __future__ import annotations

import base64
import json
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# A 1x1 JPEG (SOI, APP0, DQT, SOF2, DHT, SOS and its data).
PLAIN_JPEG = base64.b64decode(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////"
    "////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA="
)


def segment(marker: int, payload: bytes) -> bytes:
    return bytes([0xFF, marker]) + (len(payload) + 2).to_bytes(2, "big") + payload


# EXIF 2.3 in an APP1 segment: a little-endian TIFF whose IFD0 points to a GPS IFD with GPSLatitudeRef "N".
EXIF = b"Exif\0\0" + bytes(
    [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0,
     1, 0, 1, 0, 2, 0, 2, 0, 0, 0, 0x4E, 0, 0, 0, 0, 0, 0, 0]
)
JPEG_WITH_GPS = PLAIN_JPEG[:20] + segment(0xE1, EXIF) + segment(0xFE, b"taken at Alice Smith's home") + PLAIN_JPEG[20:]


def test_a_private_build_shows_pseudonyms_and_a_stripped_photo(transcripts_bin, tmp_path, browser):
    site = tmp_path / "site"
    (site / "conversations" / "media").mkdir(parents=True)
    (site / "conversations" / "media" / "home.jpg").write_bytes(JPEG_WITH_GPS)
    conversation = {
        "id": "trip", "title": "Trip with Alice Smith", "kind": "group",
        "participants": [{"id": "me", "name": "Me"}, {"id": "alice", "name": "Alice Smith"}],
        "messages": [
            {"id": "1", "sender": "alice", "date": "2024-05-01T10:00:00Z", "type": "photo",
             "photo": {"file": "media/home.jpg", "caption": "From Alice, call +49 170 1234567"}},
            {"id": "2", "sender": "me", "date": "2024-05-01T10:01:00Z", "text": "Thanks Alice!"},
        ],
    }
    (site / "conversations" / "trip.json").write_text(json.dumps(conversation), encoding="utf-8")
    (site / "transcripts.yml").write_text("title: Trip\nme: me\n", encoding="utf-8")
    result = subprocess.run(
        [str(transcripts_bin), "build", str(site), "--pseudonymize", "--redact", "phone", "--noindex", "--strict"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    output = site / "public"
    for path in output.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for original in [b"Alice", b"1234567", b"GPS", b"Exif"]:
                assert original not in data, f"{original!r} in {path.relative_to(output)}"

    # With pseudonyms a conversation's folder is a keyed digest of its id (an id may be a person's).
    (folder,) = (output / "c").iterdir()
    assert len(folder.name) == 16 and all(c in "0123456789abcdef" for c in folder.name)
    page = folder / "2024-05.html"
    browser.get(page.resolve().as_uri())
    image = browser.find_element(By.CSS_SELECTOR, "li.message img")
    browser.execute_script("arguments[0].scrollIntoView()", image)
    # Images load lazily and decode asynchronously: wait for it (a broken image would never get a width).
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return arguments[0].complete", image))
    assert browser.execute_script("return arguments[0].naturalWidth", image) == 1
    text = browser.find_element(By.TAG_NAME, "main").text
    assert "Person 1" in text and "Alice" not in text
    assert "From Person 1, call [redacted]" in text
    robots = browser.find_element(By.CSS_SELECTOR, 'meta[name="robots"]').get_attribute("content")
    assert robots == "noindex, nofollow"
    assert (output / "robots.txt").read_text() == "User-agent: *\nDisallow: /\n"
