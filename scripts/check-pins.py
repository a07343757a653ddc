#!/usr/bin/env python3
"""Checks that every package dependency is pinned and resolved at the version its manifest names.

Each `.package(url:...)` in Package.swift and Fuzz/Package.swift must say `exact: "X"` (0.x packages) or
`.upToNextMinor(from: "X")` (the rest), and the Package.resolved beside the manifest (written by
`swift build` or `swift package resolve`) must hold version X for it. Packages that come in only through
another package (swift-asn1 through swift-crypto, for instance) are not named, so not checked.

    scripts/check-pins.py [PACKAGE_DIR ...]     # default: the repository and its Fuzz/ package

Every Package.resolved is held to the versions of all the manifests given (the Fuzz package resolves the main
package's dependencies). Exits 1 and names each difference; a package without a Package.resolved is skipped
with a note, except the first one given, which must have been resolved.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

# A requirement may be followed by the package's traits (`traits: []`), which do not change its version.
PACKAGE = re.compile(
    r"\.package\(\s*url:\s*\"(?P<url>[^\"]+)\"\s*,\s*(?P<rule>[^)]*\)?)(?:\s*,\s*traits:\s*\[[^\]]*\])?\s*\)", re.S)
EXACT = re.compile(r'^exact:\s*"(?P<version>[^"]+)"$')
MINOR = re.compile(r'^\.upToNextMinor\(from:\s*"(?P<version>[^"]+)"\)$')


def identity(url: str) -> str:
    """SwiftPM's identity of a package URL: its last path component, lowercased, without `.git`."""
    name = url.rstrip("/").rsplit("/", 1)[-1]
    return (name[:-4] if name.endswith(".git") else name).lower()


def requirements(manifest: Path) -> tuple[dict[str, str], list[str]]:
    """The version each URL dependency of `manifest` is pinned to, by identity, and the problems found."""
    text = manifest.read_text(encoding="utf-8")
    text = re.sub(r"(^|\s)//[^\n]*", r"\1", text)  # comments may quote other requirements
    pinned: dict[str, str] = {}
    problems: list[str] = []
    for match in PACKAGE.finditer(text):
        url, rule = match["url"], " ".join(match["rule"].split())
        exact, minor = EXACT.match(rule), MINOR.match(rule)
        version = (exact or minor)["version"] if exact or minor else None
        if version is None:
            problems.append(f"{manifest}: {url} is required with `{rule}`; write `exact:` (0.x) or `.upToNextMinor(from:)`")
            continue
        if version.startswith("0.") and not exact:
            problems.append(f"{manifest}: {url} is a 0.x package: pin it with `exact: \"{version}\"`")
        if not version.startswith("0.") and not minor:
            problems.append(f"{manifest}: {url} is required `exact:`; write `.upToNextMinor(from: \"{version}\")`")
        pinned[identity(url)] = version
    return pinned, problems


def resolved(path: Path) -> dict[str, str | None]:
    """The versions Package.resolved holds, by identity (None for a pin to a branch or revision)."""
    pins = json.loads(path.read_text(encoding="utf-8"))
    entries = pins.get("pins") or pins.get("object", {}).get("pins", [])
    versions: dict[str, str | None] = {}
    for pin in entries:
        name = pin.get("identity") or identity(pin.get("location") or pin.get("repositoryURL", ""))
        versions[name] = (pin.get("state") or {}).get("version")
    return versions


def check(package: Path, required: bool, names: dict[str, str]) -> list[str]:
    """Checks the Package.resolved beside `package`'s manifest against the versions of every manifest (`names`):
    the Fuzz package resolves the main package's dependencies too."""
    manifest = package / "Package.swift"
    lock = package / "Package.resolved"
    if not lock.exists():
        if required:
            return [f"{lock} is missing: run `swift package resolve` (or `swift build`) first"]
        print(f"check-pins: {lock} is not there (the package was not resolved); skipped")
        return []
    problems = []
    versions = resolved(lock)
    own, _ = requirements(manifest)
    for name, version in sorted(names.items()):
        if name not in versions:
            if name in own:
                problems.append(f"{lock}: {name} is not resolved (Package.swift requires {version})")
            continue
        if versions[name] != version:
            problems.append(
                f"{lock}: {name} is resolved at {versions[name]}, but Package.swift pins {version}: "
                "run the tests with the pinned version, or pin the version they ran with")
    return problems


def main(arguments: list[str]) -> int:
    packages = [Path(a) for a in arguments] or [REPO_ROOT, REPO_ROOT / "Fuzz"]
    names: dict[str, str] = {}
    problems: list[str] = []
    for package in packages:
        pinned, found = requirements(package / "Package.swift")
        names.update(pinned)
        problems += found
    for index, package in enumerate(packages):
        problems += check(package, required=index == 0, names=names)
    for problem in problems:
        print(f"check-pins: {problem}", file=sys.stderr)
    if not problems:
        print(f"check-pins: {len(names)} dependencies pinned and resolved at the versions named")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
