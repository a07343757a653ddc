#!/usr/bin/env python3
"""Writes the tables of template values in docs/template-reference.md from the page models' `TemplateKey` enums.

    scripts/template-reference.py           # rewrite the part between the markers
    scripts/template-reference.py --check   # exit 1 when the page is not what the models say

Each page model (`Sources/TranscriptRender/**`) lists the names its templates may use in `enum TemplateKey`;
a key's note is the doc comment of the property of that name, when it has one.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PAGE = REPO_ROOT / "docs" / "template-reference.md"
BEGIN, END = "<!-- template-values:begin -->", "<!-- template-values:end -->"

ENUM = re.compile(r"^([ \t]*)(?:public |package )?enum TemplateKey[^{]*\{((?:\s*case [^\n]+\n)+)", re.M)
DECLARATION = re.compile(r"^([ \t]*)(?:public |package )?(?:final )?(?:struct|class|extension|enum)\s+([\w.]+)", re.M)


def owner(text: str, position: int, indent: int) -> str:
    """The type a `TemplateKey` at `position` (indented by `indent`) is declared in, nested names joined by dots."""
    names: list[str] = []
    for match in reversed(list(DECLARATION.finditer(text, 0, position))):
        if len(match.group(1)) < indent:
            names.insert(0, match.group(2))
            indent = len(match.group(1))
            if indent == 0:
                break
    return ".".join(names)


def models() -> list[tuple[str, str, list[tuple[str, str]]]]:
    found = []
    for path in sorted((REPO_ROOT / "Sources" / "TranscriptRender").rglob("*.swift")):
        text = path.read_text(encoding="utf-8")
        for match in ENUM.finditer(text):
            cases = " ".join(line.strip()[len("case "):] for line in match.group(2).strip().splitlines())
            keys = re.findall(r"\w+", cases)
            model = owner(text, match.start(), len(match.group(1))) or path.stem
            rows = []
            for key in keys:
                doc = re.search(r"((?:[ \t]*///[^\n]*\n)+)[ \t]*(?:public |package )?(?:let|var) " + key + r"\b", text)
                note = " ".join(line.strip()[3:].strip() for line in doc.group(1).strip().splitlines()) if doc else ""
                rows.append((key, note.replace("|", "\\|")))
            found.append((model, str(path.relative_to(REPO_ROOT)), rows))
    return found


def tables() -> str:
    parts = []
    for model, path, rows in models():
        parts.append(f"### `{model}`\n\n[{Path(path).name}](../{path})\n\n| key | note |\n| --- | --- |")
        parts.extend(f"| `{key}` | {note} |" for key, note in rows)
        parts.append("")
    return "\n".join(parts)


def main() -> int:
    page = PAGE.read_text(encoding="utf-8")
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{tables()}\n{END}{tail}"
    if "--check" in sys.argv[1:]:
        if new != page:
            print(f"template-reference: {PAGE.relative_to(REPO_ROOT)} is not what the page models say: "
                  "run scripts/template-reference.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
