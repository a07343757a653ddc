"""scripts/minify-scripts.py: the repository's served copies are current; --check names a copy made from another
version of its script, a missing copy and a copy without a script; minifying writes the header EmbedTool checks."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = REPO_ROOT / "scripts" / "minify-scripts.py"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True)


def templates_with(folder: Path, *names: str) -> Path:
    for name in names:
        for part in ("assets", "minified/assets"):
            (folder / part).mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO_ROOT / "Templates" / part / name, folder / part / name)
    return folder


def test_the_repository_copies_are_current() -> None:
    result = run("--check")
    assert result.returncode == 0, result.stdout


def test_copies_of_the_same_scripts_pass(tmp_path: Path) -> None:
    assert run("--check", "--templates", str(templates_with(tmp_path, "theme.js", "strings.js"))).returncode == 0


def test_an_edited_script_a_missing_copy_and_an_orphan_fail(tmp_path: Path) -> None:
    folder = templates_with(tmp_path, "theme.js", "strings.js", "site-search.js")
    with (folder / "assets/theme.js").open("a") as script:
        script.write("// one more line\n")
    (folder / "minified/assets/strings.js").unlink()
    (folder / "assets/site-search.js").unlink()
    result = run("--check", "--templates", str(folder))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "Templates/minified/assets/strings.js: missing or not made from assets/strings.js",
        "Templates/minified/assets/theme.js: missing or not made from assets/theme.js",
        "Templates/minified/assets/site-search.js: no assets/site-search.js",
    ]


def terser_available() -> bool:
    node = shutil.which("node") or shutil.which("nodejs")
    return node is not None and Path("/usr/share/nodejs/terser").exists()


@pytest.mark.skipif(not terser_available(), reason="needs Node.js and terser (apt-get install node-terser)")
def test_minifying_writes_the_header_and_shorter_code(tmp_path: Path) -> None:
    folder = tmp_path / "Templates"
    (folder / "assets").mkdir(parents=True)
    source = "// a comment\n(function () {\n  var longName = 1;\n  window.answer = longName + 41;\n})();\n"
    (folder / "assets/answer.js").write_text(source)
    (folder / "minified/assets").mkdir(parents=True)
    (folder / "minified/assets/gone.js").write_text("// old\n")
    result = run("--templates", str(folder))
    assert result.returncode == 0, result.stderr
    copy = (folder / "minified/assets/answer.js").read_text()
    header, code = copy.split("\n", 1)
    assert re.fullmatch(r"// minified by scripts/minify-scripts\.py from assets/answer\.js \(FNV-1a 64: [0-9a-f]{16}\)", header)
    assert "longName" not in code and "comment" not in code and "window.answer" in code
    assert not (folder / "minified/assets/gone.js").exists()
    assert run("--check", "--templates", str(folder)).returncode == 0
