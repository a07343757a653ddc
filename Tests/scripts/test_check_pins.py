"""scripts/check-pins.py: a dependency required with `from:`, a 0.x package not pinned `exact:`, and a
Package.resolved that holds another version than Package.swift pins all fail; the repository's own manifests
pass (their Package.resolved is checked by scripts/test.sh after the build)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = REPO_ROOT / "scripts" / "check-pins.py"


def package(folder: Path, requirements: str, resolved: dict[str, str] | None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Package.swift").write_text(f"let package = Package(name: \"x\", dependencies: [\n{requirements}\n])\n")
    if resolved is not None:
        pins = [{"identity": name, "location": f"https://github.com/o/{name}", "state": {"version": version}}
                for name, version in resolved.items()]
        (folder / "Package.resolved").write_text(json.dumps({"pins": pins, "version": 3}))
    return folder


def run(*folders: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, folders)], capture_output=True, text=True)


def test_pinned_and_resolved_passes(tmp_path: Path) -> None:
    folder = package(tmp_path, '.package(url: "https://github.com/o/Yams", .upToNextMinor(from: "6.2.2")),\n'
                     '.package(url: "https://github.com/o/FlyingFox", exact: "0.27.1"),',
                     {"yams": "6.2.2", "flyingfox": "0.27.1", "swift-asn1": "1.7.4"})
    assert run(folder).returncode == 0


def test_a_resolved_version_that_differs_fails(tmp_path: Path) -> None:
    folder = package(tmp_path, '.package(url: "https://github.com/o/Yams", .upToNextMinor(from: "6.2.2")),',
                     {"yams": "6.2.3"})
    result = run(folder)
    assert result.returncode == 1 and "yams is resolved at 6.2.3" in result.stderr


def test_from_and_a_loose_zero_x_pin_fail(tmp_path: Path) -> None:
    folder = package(tmp_path, '.package(url: "https://github.com/o/Yams", from: "6.2.2"),\n'
                     '.package(url: "https://github.com/o/FlyingFox", .upToNextMinor(from: "0.27.1")),',
                     {"yams": "6.2.2", "flyingfox": "0.27.1"})
    result = run(folder)
    assert result.returncode == 1
    assert "is required with `from:" in result.stderr and "pin it with `exact: \"0.27.1\"`" in result.stderr


def test_a_requirement_with_traits_is_checked_too(tmp_path: Path) -> None:
    requirement = '.package(url: "https://github.com/o/hummingbird", .upToNextMinor(from: "2.28.1"), traits: []),'
    assert run(package(tmp_path / "same", requirement, {"hummingbird": "2.28.1"})).returncode == 0
    result = run(package(tmp_path / "other", requirement, {"hummingbird": "2.29.0"}))
    assert result.returncode == 1 and "hummingbird is resolved at 2.29.0" in result.stderr


def test_a_second_package_is_held_to_the_first_ones_pins(tmp_path: Path) -> None:
    main = package(tmp_path / "main", '.package(url: "https://github.com/o/Yams", .upToNextMinor(from: "6.2.2")),',
                   {"yams": "6.2.2"})
    fuzz = package(tmp_path / "main" / "Fuzz", '.package(path: ".."),', {"yams": "6.3.0"})
    assert run(main, fuzz).returncode == 1


def test_the_repository_pins_every_dependency() -> None:
    text = (REPO_ROOT / "Package.swift").read_text()
    assert "from: \"" not in text.replace(".upToNextMinor(from: \"", "")
