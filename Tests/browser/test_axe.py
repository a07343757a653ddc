"""axe-core finds no serious or critical accessibility violation on any page, in light and dark mode."""

from __future__ import annotations

import json

import pytest

import browser_support as support

BLOCKING_IMPACTS = {"serious", "critical"}
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']})
  .then(results => done(JSON.stringify(results.violations)))
  .catch(error => done(JSON.stringify({error: String(error)})));
"""


@pytest.fixture(scope="session")
def axe_source():
    try:
        return support.axe_script()
    except support.SetupError as error:
        pytest.fail(str(error))


def describe(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"    [{violation['impact']}] {violation['id']}: {violation['help']} ({violation.get('helpUrl', '')})")
        for node in violation.get("nodes", [])[:8]:
            target = " ".join(str(t) for t in node.get("target", []))
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"      - {target}: {node.get('html', '')[:140]}")
            if summary:
                lines.append(f"        {summary[:300]}")
        if len(violation.get("nodes", [])) > 8:
            lines.append(f"      ... and {len(violation['nodes']) - 8} more elements")
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations(site, browser, axe_source, scheme):
    support.set_color_scheme(browser, scheme)
    problems = []
    for page in site.pages:
        browser.get(site.url(page))
        assert browser.execute_script(
            "return matchMedia('(prefers-color-scheme: dark)').matches"
        ) == (scheme == "dark"), "the colour scheme emulation did not take"
        browser.execute_script(axe_source)
        report = json.loads(browser.execute_async_script(RUN_AXE))
        if isinstance(report, dict):
            raise AssertionError(f"axe failed on {site.relative(page)}: {report['error']}")
        blocking = [v for v in report if v.get("impact") in BLOCKING_IMPACTS]
        if blocking:
            problems.append(f"  {site.relative(page)}:\n{describe(blocking)}")
    assert not problems, (
        f"axe-core found serious or critical violations in the {site.name} site ({scheme} mode):\n"
        + "\n".join(problems)
    )
