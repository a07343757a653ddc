"""Fixtures for the browser tests: each site is built once per session into a temporary folder, and one
headless Chromium serves the whole run.

Sites:
- `demo`: $TRANSCRIPTS_SITE, or the repository's Site/ folder. Skipped when Site/ has no transcripts.yml
  and TRANSCRIPTS_SITE is not set; an error when TRANSCRIPTS_SITE names a folder that is not a site.
- `fixture`: Tests/browser/fixture-site, hostile input that must come out as harmless text.
- `display`: Tests/browser/display-site, whose display settings test_display.py checks in computed styles.

The binary is $TRANSCRIPTS_BIN, or .build/debug/transcripts in the repository root.
"""

from __future__ import annotations

import os

import pytest

import browser_support as support

SITE_NAMES = ["demo", "fixture", "display"]


def pytest_report_header(config):
    binary = os.environ.get("TRANSCRIPTS_BIN") or str(support.REPO_ROOT / ".build/debug/transcripts")
    demo, asked = support.demo_site_dir()
    return [f"transcripts binary: {binary}", f"demo site: {demo}" + (" (TRANSCRIPTS_SITE)" if asked else "")]


@pytest.fixture(scope="session")
def transcripts_bin():
    try:
        return support.transcripts_bin()
    except support.SetupError as error:
        pytest.exit(f"browser tests: {error}", returncode=1)


@pytest.fixture(scope="session")
def _built_sites(transcripts_bin, tmp_path_factory):
    """Builds lazily: name -> BuiltSite, or a skip reason."""
    cache: dict[str, object] = {}

    def get(name: str):
        if name in cache:
            return cache[name]
        if name == "fixture":
            source = support.FIXTURE_SITE
        elif name == "display":
            source = support.DISPLAY_SITE
        else:
            source, asked = support.demo_site_dir()
            if not (source / "transcripts.yml").is_file():
                if asked:
                    pytest.fail(f"TRANSCRIPTS_SITE={source} is not a site folder (it has no transcripts.yml)")
                cache[name] = f"no demo site: {source} has no transcripts.yml (set TRANSCRIPTS_SITE to test one)"
                return cache[name]
        output = tmp_path_factory.mktemp(f"site-{name}") / "public"
        printed = support.build_site(transcripts_bin, source, output)
        cache[name] = support.BuiltSite(name=name, source=source, root=output, build_output=printed)
        return cache[name]

    return get


@pytest.fixture(scope="session", params=SITE_NAMES)
def site(request, _built_sites) -> support.BuiltSite:
    """Each site in turn (tests using it run once per site)."""
    built = _built_sites(request.param)
    if isinstance(built, str):
        pytest.skip(built)
    return built


@pytest.fixture(scope="session")
def demo_site(_built_sites) -> support.BuiltSite:
    built = _built_sites("demo")
    if isinstance(built, str):
        pytest.skip(built)
    return built


@pytest.fixture(scope="session")
def fixture_site(_built_sites) -> support.BuiltSite:
    return _built_sites("fixture")


@pytest.fixture(scope="session")
def _driver_session():
    try:
        driver = support.make_driver()
    except support.SetupError as error:
        pytest.exit(f"browser tests: {error}", returncode=1)
    yield driver
    driver.quit()


@pytest.fixture
def browser(_driver_session):
    """The session's one Chromium, reset to a 1024x768 light-mode viewport with an empty log."""
    support.reset_browser(_driver_session)
    yield _driver_session


@pytest.fixture(scope="session")
def display_site(_built_sites) -> support.BuiltSite:
    return _built_sites("display")
