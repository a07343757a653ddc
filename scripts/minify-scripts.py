#!/usr/bin/env python3
"""Writes the served copies of the built-in scripts: Templates/minified/assets/NAME.js from Templates/assets/NAME.js.

    scripts/minify-scripts.py           # minify every script whose copy is missing or older than its source
    scripts/minify-scripts.py --all     # minify every script again
    scripts/minify-scripts.py --check   # exit 1 when a copy is missing or was made from another source

A site serves the minified copy (names shortened, whitespace gone: a third fewer bytes on every page and every
search), and the readable script stays the one to read and edit. Each copy's first line names its source and
the source's FNV-1a 64 digest; EmbedTool (the EmbedTemplates plugin) refuses to build with a copy whose digest
is not the source's, so an edited script is minified again before it ships.

Minifying needs Node.js and terser (Debian: `apt-get install nodejs node-terser`); --check needs neither.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_PATHS = ["/usr/share/nodejs", "/usr/lib/nodejs"]

# Reads a script on standard input and writes it minified: terser's defaults, output for ES5 like the sources.
DRIVER = """
const { minify } = require("terser");
let text = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => { text += chunk; });
process.stdin.on("end", async () => {
  const result = await minify(text, { compress: true, mangle: true, format: { ascii_only: false } });
  process.stdout.write(result.code + "\\n");
});
"""


def fnv1a64(data: bytes) -> str:
    """The digest EmbedTool checks (FNV-1a, 64 bits), as 16 hex digits."""
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def header(name: str, source: bytes) -> str:
    return f"// minified by scripts/minify-scripts.py from assets/{name} (FNV-1a 64: {fnv1a64(source)})\n"


def is_current(name: str, sources: Path, copies: Path) -> bool:
    copy = copies / name
    if not copy.exists():
        return False
    first = copy.read_text(encoding="utf-8").split("\n", 1)[0] + "\n"
    return first == header(name, (sources / name).read_bytes())


def minify(name: str, sources: Path, copies: Path) -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        sys.exit("minify-scripts: Node.js is missing (Debian: apt-get install nodejs node-terser)")
    environment = dict(os.environ, NODE_PATH=os.pathsep.join(NODE_PATHS + [os.environ.get("NODE_PATH", "")]))
    source = (sources / name).read_bytes()
    run = subprocess.run([node, "-e", DRIVER], input=source, capture_output=True, env=environment)
    if run.returncode != 0:
        message = run.stderr.decode("utf-8", "replace").strip().splitlines()
        if any("Cannot find module" in line for line in message):
            sys.exit("minify-scripts: terser is missing (Debian: apt-get install node-terser)")
        sys.exit(f"minify-scripts: assets/{name}: " + "\n".join(message[-5:]))
    (copies / name).parent.mkdir(parents=True, exist_ok=True)
    (copies / name).write_bytes(header(name, source).encode() + run.stdout)
    print(f"assets/{name}: {len(source)} → {len(run.stdout)} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--all", action="store_true", help="minify every script again")
    parser.add_argument("--check", action="store_true", help="only check that every copy is current")
    parser.add_argument("--templates", type=Path, default=ROOT / "Templates", help="the templates folder")
    arguments = parser.parse_args()
    sources, copies = arguments.templates / "assets", arguments.templates / "minified" / "assets"
    names = sorted(path.relative_to(sources).as_posix() for path in sources.rglob("*.js"))
    stale = [name for name in names if not is_current(name, sources, copies)]
    orphans = sorted(path.relative_to(copies).as_posix() for path in copies.rglob("*.js")
                     if not (sources / path.relative_to(copies)).exists())
    if arguments.check:
        for name in stale:
            print(f"Templates/minified/assets/{name}: missing or not made from assets/{name}")
        for name in orphans:
            print(f"Templates/minified/assets/{name}: no assets/{name}")
        return 1 if stale or orphans else 0
    for name in orphans:
        (copies / name).unlink()
    for name in names if arguments.all else stale:
        minify(name, sources, copies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
