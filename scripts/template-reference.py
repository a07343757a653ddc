#!/usr/bin/env python3
"""Writes the tables of template values in docs/template-reference.md from the page models' properties.

    scripts/template-reference.py           # rewrite the part between the markers
    scripts/template-reference.py --check   # exit 1 when the page is not what the models say

Each page model (`Sources/TranscriptRender/**`, a type declaring `TemplateModel`) has the keys the TemplateKeys
plugin generates from its properties (docs/templates.md); a key's note is the doc comment of the property of
that name, when it has one.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PAGE = REPO_ROOT / "docs" / "template-reference.md"
BEGIN, END = "<!-- template-values:begin -->", "<!-- template-values:end -->"

DECLARATION = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(struct|class|enum|actor|extension|protocol)\s+([\w.]+)([^{]*)")
PROPERTY = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|static|class|lazy|nonisolated)"
    r"(?:\(set\))?\s+)*(let|var)\s+(`?\w+`?)\s*:([^={]*)(=|\{)?(.*)$")
MARKER = re.compile(r"^\s*//\s*template:\s*(\w+)\s*$")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def depth_change(line: str) -> int:
    code = STRING.sub('""', line).split("//", 1)[0]
    return code.count("{") - code.count("}")


def keys_of(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The models declared in `lines` and their keys, as `TemplateKeysTool` generates them: a type that declares
    `TemplateModel` has its stored instance properties as keys, in order, and its computed ones marked
    `// template: key`; a property marked `// template: skip` is none. Models are in the order their bodies
    end (a nested model before the one around it)."""
    found: list[tuple[str, list[str]]] = []
    ends: list[int] = []
    stack: list[tuple[str, int, int | None]] = []  # (name, depth of its body, index in found when a model)
    depth = 0
    markers: list[str] = []
    for number, line in enumerate(lines):
        declaration = DECLARATION.match(line)
        marker = MARKER.match(line)
        model = stack[-1] if stack and stack[-1][1] == depth else None
        if marker:
            markers.append(marker.group(1))
        elif declaration and "{" in line:
            name = ".".join([entry[0] for entry in stack] + [declaration.group(2)])
            is_model = declaration.group(1) not in ("extension", "protocol") and re.search(r"\bTemplateModel\b", declaration.group(3))
            if is_model:
                found.append((name, []))
                ends.append(len(lines))
            stack.append((name if declaration.group(1) != "extension" else declaration.group(2), depth + 1,
                          len(found) - 1 if is_model else None))
            markers = []
        elif model and model[2] is not None and (property := PROPERTY.match(line)):
            body = property.group(4) == "{" and not re.match(r"\s*(didSet|willSet)\b", property.group(5))
            if re.search(r"\b(static|class)\s", line.split(property.group(1))[0]):
                pass
            elif ("key" in markers) if body else ("skip" not in markers):
                found[model[2]][1].append(property.group(2).strip("`"))
            markers = []
        elif not line.strip().startswith("///") and line.strip():
            markers = []
        depth += depth_change(line)
        while stack and depth < stack[-1][1]:
            if stack[-1][2] is not None:
                ends[stack[-1][2]] = number
            stack.pop()
    return [model for _, model in sorted(zip(ends, found), key=lambda entry: entry[0])]


def models() -> list[tuple[str, str, list[tuple[str, str]]]]:
    found = []
    for path in sorted((REPO_ROOT / "Sources" / "TranscriptRender").rglob("*.swift")):
        text = path.read_text(encoding="utf-8")
        for model, keys in keys_of(text.splitlines()):
            rows = []
            for key in keys:
                doc = re.search(r"((?:[ \t]*///[^\n]*\n)+)(?:[ \t]*//[^\n]*\n)*[ \t]*(?:public |package )?(?:let|var) "
                                + key + r"\b", text)
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
