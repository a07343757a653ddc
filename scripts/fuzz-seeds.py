#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora and dictionaries (docs/fuzzing.md).

usage: fuzz-seeds.py OUT TARGET...

For each target, OUT/seeds/TARGET/ gets: the real exports in ../shared/samples of its format (when that folder
is there), the multi-line string literals of its format's tests (the inline fixtures), the templates or config
of the repository where they apply, and the hand-made seeds in Fuzz/Seeds/TARGET/. OUT/TARGET.dict is a
libFuzzer dictionary of the string literals in the code under test (JSON keys, keywords, markers).
"""
import hashlib
import pathlib
import re
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLES = ROOT.parent / "shared" / "samples"
TESTS = ROOT / "Tests"
SOURCES = ROOT / "Sources"
MAX_SEED = 64 * 1024

# target: (sample globs under ../shared/samples, test files under Tests/, source folders for the dictionary)
TARGETS = {
    "Telegram": (["telegram/*.json"], ["TranscriptSiteTests/Importers/Telegram/*.swift", "TranscriptImportTests/Telegram/*.swift"], ["TranscriptImport/Telegram"]),
    "TelegramHTML": (["telegram/*.html"], ["TranscriptSiteTests/Importers/TelegramHTML/*.swift"], ["TranscriptImport/TelegramHTML"]),
    "Slack": (["slack/**/20*.json", "slack/zulip-exported_messages_fixtures/*.json"], ["TranscriptSiteTests/Importers/Slack/*.swift"], ["TranscriptImport/Slack"]),
    "Discord": ([], ["TranscriptSiteTests/Importers/Discord/*.swift", "TranscriptImportTests/Discord/*.swift"], ["TranscriptImport/Discord"]),
    "Messenger": (["messenger/*.json"], ["TranscriptSiteTests/Importers/Messenger/*.swift", "TranscriptImportTests/Messenger/*.swift"], ["TranscriptImport/Messenger"]),
    "Mattermost": (["mattermost/*.json"], ["TranscriptSiteTests/Importers/Mattermost/*.swift"], ["TranscriptImport/Mattermost"]),
    "Signal": (["signal/*.txt"], ["TranscriptSiteTests/Importers/Signal/*.swift"], ["TranscriptImport/Signal"]),
    "IRC": ([], ["TranscriptSiteTests/Importers/IRC/*.swift", "TranscriptImportTests/IRC/*.swift"], ["TranscriptImport/IRC"]),
    "Matrix": ([], ["TranscriptSiteTests/Importers/Matrix/*.swift", "TranscriptImportTests/Matrix/*.swift"], ["TranscriptImport/Matrix"]),
    "WhatsApp": (["whatsapp/*.txt"], ["TranscriptSiteTests/Importers/WhatsApp/*.swift", "TranscriptImportTests/WhatsApp/*.swift"], ["TranscriptImport/WhatsApp"]),
    "GoogleChat": ([], ["TranscriptSiteTests/Importers/GoogleChat/*.swift", "TranscriptImportTests/GoogleChat/*.swift"], ["TranscriptImport/GoogleChat"]),
    "IMessage": ([], [], ["TranscriptImport/IMessage"]),
    "Canonical": ([], ["TranscriptImportTests/CanonicalReaderTests.swift", "TranscriptModelTests/*.swift"], ["TranscriptImport", "TranscriptModel/Model"]),
    "CanonicalLines": ([], ["TranscriptImportTests/CanonicalReaderTests.swift"], ["TranscriptImport", "TranscriptModel/Model"]),
    "Detect": (["*/*.json"], ["TranscriptImportTests/DetectionByStructureTests.swift"], ["TranscriptImport/Detection", "TranscriptImport"]),
    "Config": ([], ["TranscriptSiteTests/Config/*.swift"], ["TranscriptSite/Config", "TranscriptDisplay"]),
    "Templates": ([], ["TranscriptSiteTests/Render/Templates/*.swift", "TranscriptTemplatesTests/Templates/*.swift"], []),
    "Merge": (["whatsapp/*.txt"], ["TranscriptSiteTests/Importers/Merge/*.swift", "TranscriptImportTests/Merge/*.swift"], ["TranscriptImport/Merge", "TranscriptImport/WhatsApp"]),
    "Render": ([], ["TranscriptImportTests/CanonicalReaderTests.swift", "TranscriptSiteTests/Build/KindTests.swift"], ["TranscriptImport", "TranscriptModel/Model"]),
}


def literals(path):
    """The multi-line string literals of a Swift file, dedented as Swift does."""
    text = path.read_text(errors="replace")
    for match in re.finditer(r'#?"""\n(.*?)\n([ \t]*)"""#?', text, re.S):
        body, indent = match.group(1), match.group(2)
        yield "\n".join(line[len(indent):] if line.startswith(indent) else line for line in body.split("\n")) + "\n"


def dictionary(folders, extra):
    """libFuzzer dictionary entries: the source's short string literals, plus `extra`."""
    words = set(extra)
    for folder in folders:
        for source in (SOURCES / folder).glob("*.swift"):
            text = source.read_text(errors="replace")
            keys = [k.strip() for case in re.findall(r"\bcase ([a-z][A-Za-z, ]+)$", text, re.M) for k in case.split(",")]
            for word in re.findall(r'"([A-Za-z_][A-Za-z0-9_.:/ -]{1,30})"', text) + keys:
                words.add('"' + word + '"')
                words.add(word)
    return "".join('"' + escape(w) + '"\n' for w in sorted(words))


def escape(word):
    """A dictionary entry's text: printable ASCII as is (but `\\` and `"`), every other byte as `\\xNN`."""
    return "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\x{b:02X}" for b in word.encode())


JSON_WORDS = ['{', '}', '[', ']', ':', ',', '"', 'null', 'true', 'false', '-1', '1e309', '\\u0000', '\\ud800']
EXTRA = {
    "Config": ["title:", "inputs:", "formats:", "display:", "- ", ": ", "&a", "*a", "!!str", "|", ">", "---", "{", "["],
    "Templates": ["{{", "}}", "{{{", "}}}", "{{#", "{{/", "{{^", "{{>", "{{!", "{{=", "=}}", "{{&", "rows", "text", ".",
                  "{{<", "{{$", "{{>*", "{{=<% %>=}}", "<%", "%>", "message", "pinned", "sender", "uppercased("],
    "IRC": ["[00:00] ", "<nick> ", " * ", "--- Log opened ", "-!- ", "\n"],
    "WhatsApp": ["[01/02/23, 10:00:00] ", "01/02/2023, 10:00 - ", ": ", "<Media omitted>", "\u200e", "\n"],
    "Merge": ["[01/02/23, 10:00:00] ", "01/02/2023, 10:00 - ", ": ", "<Media omitted>", "<This message was edited>",
              "This message was deleted", "IMG-20230102-WA0001.jpg (file attached)", "\u200e", "\n", "\x00"],
    "Signal": ["[2023-01-02 10:00] ", ": ", "\n", "> "],
    "TelegramHTML": ['<div class="message default clearfix" id="message1">', '<div class="body">', '<div class="from_name">',
                     '<div class="text">', '<div class="pull_right date details" title="01.02.2023 10:00:00 UTC+01:00">', '</div>'],
}


def test_files(glob):
    """The test files `glob` names, under Tests/."""
    return TESTS.glob(glob)


def main():
    out, targets = pathlib.Path(sys.argv[1]), sys.argv[2:]
    for target in targets:
        samples, tests, folders = TARGETS[target]
        seeds = out / "seeds" / target
        seeds.mkdir(parents=True, exist_ok=True)
        found = []
        if SAMPLES.is_dir():
            found += [p.read_bytes() for glob in samples for p in sorted(SAMPLES.glob(glob)) if p.is_file()]
        found += [t.encode() for glob in tests for p in sorted(test_files(glob)) for t in literals(p)]
        if target == "Templates":
            found += [p.read_bytes() for p in sorted((ROOT / "Templates").rglob("*.mustache"))]
        if target == "Config":
            found += [p.read_bytes() for p in sorted(ROOT.glob("**/transcripts.yml")) if ".build" not in str(p)]
        own = ROOT / "Fuzz" / "Seeds" / target
        if own.is_dir():
            found += [p.read_bytes() for p in sorted(own.iterdir()) if p.is_file()]
        for data in found:
            data = data[:MAX_SEED]
            (seeds / hashlib.sha1(data).hexdigest()).write_bytes(data)
        extra = EXTRA.get(target, []) + ([] if target in ("Templates", "IRC", "WhatsApp", "Signal", "Merge") else JSON_WORDS)
        (out / f"{target}.dict").write_text(dictionary(folders, extra))
        print(f"{target}: {len(list(seeds.iterdir()))} seeds")


if __name__ == "__main__":
    main()
