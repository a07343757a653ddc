#!/usr/bin/env python3
"""Where a built site's bytes and files go, and what each part of a message's HTML costs.

Usage: scripts/site-cost.py SITE_OUTPUT [--json]

Reads the folder `transcripts build` wrote and prints:

  files     the files and bytes of each part of the site: conversation pages, the search index's term,
            posting, document and conversation files, media, the rest
  messages  the bytes of the message rows of every conversation page (each `<li>` of a message or an event
            and what it holds), per message, split into what they are for: the text people wrote, each
            element by its class (its tags and `class` attribute), each other attribute by name (`href`,
            `datetime`, `title`, ...) and the line breaks between tags

The split says what a message's markup costs beside its words, which is what a smaller page would save.
"""
from __future__ import annotations

import argparse
import collections
import html.parser
import json
import os
import re
import sys


def site_files(root: str) -> dict[str, list[int]]:
    """Files and bytes by part of the site."""
    parts: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for folder, _, names in os.walk(root):
        relative = os.path.relpath(folder, root)
        for name in names:
            size = os.path.getsize(os.path.join(folder, name))
            top = relative.split(os.sep)
            if top[0] == "search" and len(top) > 1:
                part = f"search/{top[1]}"
            elif top[0] == "search":
                part = "search (index.js)"
            elif top[0] == "c" and name.endswith(".html"):
                part = "conversation pages"
            elif top[0] == "c":
                part = "media"
            else:
                part = "site pages and assets"
            parts[part][0] += 1
            parts[part][1] += size
    return dict(parts)


class MessageCost(html.parser.HTMLParser):
    """Bytes of the message rows of a page, by what they are for."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.parts: collections.Counter[str] = collections.Counter()
        self.messages = 0
        self.depth = 0  # open elements inside a message row; 0 outside one
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]], closed: bool = False) -> None:
        raw = self.get_starttag_text() or ""
        classes = dict(attrs).get("class") or ""
        if self.depth == 0:
            if tag != "li" or not re.search(r"\b(message|event)\b", classes) or dict(attrs).get("id") is None:
                return
            self.messages += 1
        label = f"<{tag}" + (f" .{classes.split()[0]}" if classes else "") + ">"
        # The tag's own bytes: the tag name, brackets and the class attribute; other attributes by name.
        rest = len(raw.encode())
        for name, value in attrs:
            match = re.search(r"\s" + re.escape(name) + r'(="[^"]*")?', raw)
            size = len(match.group(0).encode()) if match else 0
            rest -= size
            if name == "class":
                self.parts[f"{label} tags"] += size
            else:
                self.parts[f"{name}= attribute"] += size
        self.parts[f"{label} tags"] += rest
        if closed or tag in ("img", "br", "hr", "input", "source", "meta", "link", "wbr"):
            return
        self.stack.append(label)
        self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.handle_starttag(tag, attrs, closed=True)

    def handle_endtag(self, tag: str) -> None:
        if self.depth == 0:
            return
        label = self.stack.pop() if self.stack else f"<{tag}>"
        self.parts[f"{label} tags"] += len(f"</{tag}>")
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth == 0:
            return
        size = len(data.encode())
        if data.strip() == "":
            self.parts["line breaks between tags"] += size
        else:
            self.parts["text"] += size

    def handle_entityref(self, name: str) -> None:
        if self.depth:
            self.parts["text"] += len(name) + 2

    def handle_charref(self, name: str) -> None:
        if self.depth:
            self.parts["text"] += len(name) + 3


def message_cost(root: str) -> tuple[int, collections.Counter[str]]:
    total: collections.Counter[str] = collections.Counter()
    messages = 0
    for folder, _, names in os.walk(os.path.join(root, "c")):
        for name in sorted(names):
            if not name.endswith(".html"):
                continue
            parser = MessageCost()
            with open(os.path.join(folder, name), encoding="utf-8") as page:
                parser.feed(page.read())
            total.update(parser.parts)
            messages += parser.messages
    return messages, total


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("site")
    arguments.add_argument("--json", action="store_true")
    options = arguments.parse_args()
    if not os.path.isdir(options.site):
        print(f"{options.site}: no such folder", file=sys.stderr)
        return 2
    files = site_files(options.site)
    messages, parts = message_cost(options.site)
    if options.json:
        print(json.dumps({"files": files, "messages": messages, "messageBytes": dict(parts)}, indent=1, sort_keys=True))
        return 0
    print(f"{'part':28} {'files':>8} {'MB':>9}")
    for part, (count, size) in sorted(files.items(), key=lambda item: -item[1][1]):
        print(f"{part:28} {count:8d} {size / 1e6:9.1f}")
    print(f"{'total':28} {sum(c for c, _ in files.values()):8d} {sum(s for _, s in files.values()) / 1e6:9.1f}")
    total = sum(parts.values())
    print(f"\n{messages} message rows, {total / max(messages, 1):.0f} bytes each:")
    print(f"{'what':40} {'bytes/msg':>10} {'share':>7}")
    for part, size in parts.most_common():
        print(f"{part:40} {size / max(messages, 1):10.1f} {100 * size / max(total, 1):6.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
