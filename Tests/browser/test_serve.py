"""`transcripts serve` in a real browser: an open conversation page reloads by itself with an edited message,
a broken config shows its error over the page (as text, never as markup) and the page recovers when the
config is fixed. The server runs on a copy of the fixture site in a temporary folder and is stopped at the end."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import threading
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_csp import COLLECTOR as CSP_COLLECTOR
import browser_support as support

ERROR_BOX = "transcripts-serve-error"


class Server:
    """A `transcripts serve` process and the lines it prints."""

    def __init__(self, binary: Path, site: Path, env: dict[str, str] | None = None, extra: list[str] | None = None):
        self.process = subprocess.Popen(
            [str(binary), "serve", str(site), "--port", "0", *(extra or [])],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.printed: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for_line(self, pattern: str, seconds: float = 60) -> re.Match:
        """The first printed line (from now on) that matches `pattern`."""
        while True:
            try:
                line = self.lines.get(timeout=seconds)
            except queue.Empty:
                raise AssertionError(f"serve printed no line matching {pattern!r}; it printed:\n" + "\n".join(self.printed))
            self.printed.append(line)
            match = re.search(pattern, line)
            if match:
                return match

    def url(self) -> str:
        return self.wait_for_line(r"^Serving .* at (http://127\.0\.0\.1:\d+/) ").group(1)

    def stop(self) -> int:
        """Stops the server as Ctrl-C would and returns its exit code (killing it if it does not stop)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def asked_for_events(browser) -> bool:
    return any(
        message.get("method") == "Network.requestWillBeSent"
        and "/__transcripts/events" in message["params"]["request"]["url"]
        for message in support.drain_performance_log(browser)
    )


@pytest.fixture
def served_site(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(support.FIXTURE_SITE, site)
    return site


def test_an_open_page_reloads_with_edits_and_shows_build_errors(transcripts_bin, served_site, browser):
    server = Server(transcripts_bin, served_site)
    # Content-Security-Policy violations (the server sends the pages' policy as a header) are collected.
    collector = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_COLLECTOR})
    try:
        url = server.url()
        export = served_site / "conversations" / "direct.json"
        original = export.read_text(encoding="utf-8")
        assert "Did you see the link?" in original
        pages = [p for p in (served_site / "public" / "c").glob("*/2024-05.html") if "Did you see the link?" in p.read_text(encoding="utf-8")]
        assert len(pages) == 1, f"expected one page with the message, found {pages}"
        page_path = pages[0].relative_to(served_site / "public").as_posix()

        browser.get(url + page_path)
        assert "Did you see the link?" in browser.find_element(By.ID, "main").text
        # Wait until the page asks for the event stream, then mark it: a reload forgets the mark.
        WebDriverWait(browser, 10).until(lambda d: asked_for_events(d))
        browser.execute_script("window.__sameDocument = true")

        export.write_text(original.replace("Did you see the link?", "Edited while serving!"), encoding="utf-8")
        WebDriverWait(browser, 10).until(lambda d: "Edited while serving!" in d.find_element(By.ID, "main").text)
        assert browser.execute_script("return window.__sameDocument") is None, "the text changed without a reload"
        assert "Did you see the link?" not in browser.find_element(By.ID, "main").text
        server.wait_for_line(r"^Changed: direct\.json; rebuilding")

        # A broken config: the error shows over the page, as text, and the last good page stays.
        config = served_site / "transcripts.yml"
        good_config = config.read_text(encoding="utf-8")
        browser.execute_script("window.__sameDocument = true")
        config.write_text(good_config + "broken: [<img src=x onerror=\"window.__pwned=1\">\n", encoding="utf-8")
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, ERROR_BOX))
        box = browser.find_element(By.ID, ERROR_BOX)
        assert box.is_displayed()
        # Its look comes from the server's stylesheet, which the policy allows (inline styles it would not).
        assert box.value_of_css_property("position") == "fixed"
        assert box.value_of_css_property("background-color") == "rgba(179, 38, 30, 1)"
        assert browser.execute_script("return window.__violations") == []
        assert "transcripts.yml" in box.text and "broken: [<img src=x" in box.text, box.text
        assert browser.execute_script(f"return document.getElementById('{ERROR_BOX}').querySelector('img')") is None
        assert browser.execute_script("return window.__pwned") is None
        assert browser.execute_script("return window.__sameDocument") is True, "the page reloaded instead of showing the error"
        assert "Edited while serving!" in browser.find_element(By.ID, "main").text
        server.wait_for_line(r"^error: .*transcripts\.yml")

        # A reload while it is broken still shows the last good page, with the error.
        browser.refresh()
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, ERROR_BOX))
        assert "Edited while serving!" in browser.find_element(By.ID, "main").text

        # Fixed: the page reloads to the site, without the error.
        config.write_text(good_config, encoding="utf-8")
        WebDriverWait(browser, 10).until(lambda d: not d.find_elements(By.ID, ERROR_BOX))
        assert "Edited while serving!" in browser.find_element(By.ID, "main").text
        assert browser.execute_script("return window.__violations") == []
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": collector["identifier"]})
        code = server.stop()
    assert code == 0, "serve did not stop cleanly on Ctrl-C:\n" + "\n".join(server.printed)
    # The spare the next build starts from stays (docs/incremental.md); no staging or previous folder does.
    leftovers = [p.name for p in served_site.iterdir() if p.name.startswith(".public.") and p.name != ".public.spare"]
    assert not leftovers, f"staging folders left behind: {leftovers}"
    # The site on disk is exactly what `transcripts build` writes: the reload script is never in it.
    for file in (served_site / "public").rglob("*"):
        if file.is_file():
            assert b"__transcripts" not in file.read_bytes(), file


def test_open_without_a_browser_opener_still_serves(transcripts_bin, served_site, tmp_path):
    empty_path = tmp_path / "no-tools"
    empty_path.mkdir()
    server = Server(transcripts_bin, served_site, env={**os.environ, "PATH": str(empty_path)}, extra=["--open"])
    try:
        url = server.url()
        server.wait_for_line(r"^\(--open: there is no (xdg-)?open here; open http://127\.0\.0\.1:\d+/ yourself\)")
        import urllib.request

        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
            assert "text/html" in response.headers["Content-Type"]
    finally:
        code = server.stop()
    assert code == 0
