#!/usr/bin/env python3
"""Checks that the user guide matches the code.

    scripts/check-docs.py [--bin TRANSCRIPTS]

- Every relative link in README.md and docs/ resolves: the file or folder exists, and a `#fragment` into a
  Markdown page names one of its headings.
- Every key the config loader accepts is in docs/config.md's tables, and every key there is accepted. The
  keys are read from the sources: `SiteConfiguration`'s stored properties (`// generate: Decodable`), then,
  for each key, the keys of the type it is decoded as (and so on down), and the option keys of the importers
  that take settings (`*+Options.swift`).
- Every flag of every command is in docs/cli.md, in the command's section. The flags come from
  `transcripts COMMAND --help` of a built binary (--bin, or $TRANSCRIPTS_BIN), else from the sources.
- docs/template-reference.md's value tables are what the page models say (scripts/template-reference.py).

Exits 1 and names each problem.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SOURCES = REPO_ROOT / "Sources"
CONFIG_PAGE = REPO_ROOT / "docs" / "config.md"
CLI_PAGE = REPO_ROOT / "docs" / "cli.md"

# Pages linked before they are written (another change adds them); a link to one is not a problem yet.
PENDING: set[str] = set()

problems: list[str] = []


def problem(text: str) -> None:
    problems.append(text)


# ---------------------------------------------------------------------------------------------------- links

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+(?:\([^()]*\))?)(?:\s+\"[^\"]*\")?\)")


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where brackets are not links."""
    text = re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", text, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip()).lower()
    text = "".join(c for c in text if c in "- " or unicodedata.category(c)[0] in "LNM")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    counts: dict[str, int] = {}
    for line in prose_lines(page):
        match = re.match(r"#{1,6}\s+(.*)", line)
        if match:
            base = slug(match.group(1))
            number = counts.get(base, 0)
            counts[base] = number + 1
            found.add(base if number == 0 else f"{base}-{number}")
    return found


def prose_lines(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", text, flags=re.M | re.S).splitlines()


def check_links() -> int:
    pages = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md"))]
    checked = 0
    for page in pages:
        for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:, ...
                continue
            checked += 1
            path, _, fragment = target.partition("#")
            where = f"{page.relative_to(REPO_ROOT)}: link {target}"
            file = (page.parent / path).resolve() if path else page
            if path and not file.exists():
                if file.is_relative_to(REPO_ROOT) and str(file.relative_to(REPO_ROOT)) in PENDING:
                    continue
                problem(f"{where}: {path} does not exist")
                continue
            if fragment and file.suffix == ".md" and fragment not in anchors(file):
                problem(f"{where}: {file.relative_to(REPO_ROOT)} has no heading #{fragment}")
    return checked


# ---------------------------------------------------------------------------------------------- config keys

SWIFT_FILES = sorted(SOURCES.rglob("*.swift"))
TEXTS = {path: path.read_text(encoding="utf-8") for path in SWIFT_FILES}
DECLARATION = re.compile(r"^([ \t]*)(?:public |package |private |fileprivate |internal )*(?:final )?(?:struct|class|extension|enum)\s+([\w.]+)[^{\n]*\{", re.M)


def block(text: str, start: int) -> str:
    """The text from the `{` at or after `start` to its matching `}`."""
    open_at = text.index("{", start)
    depth = 0
    for index in range(open_at, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return text[open_at : index + 1]
    return text[open_at:]


def declarations(type_name: str) -> list[str]:
    """The bodies of every declaration and extension of the type (by its full or its last name)."""
    last = type_name.split(".")[-1]
    bodies = []
    for text in TEXTS.values():
        for match in DECLARATION.finditer(text):
            name = match.group(2)
            if name == type_name or name.split(".")[-1] == last:
                bodies.append(block(text, match.start()))
    return bodies


GENERATED_CODING_KEYS = re.compile(
    r"^[ \t]*// generate: CodingKeys\n(?:[ \t]*@[^\n]*\n)*([ \t]*)(?:public |package |internal )*(?:final )?(?:struct|class)\s+(\w+)",
    re.M)


def generated_coding_keys(type_name: str) -> list[str] | None:
    """The `CodingKeys` that the TemplateKeys plugin writes for a type marked `// generate: CodingKeys`: its stored
    instance properties, in order (a computed one has its `{` on its line)."""
    last = type_name.split(".")[-1]
    for text in TEXTS.values():
        for match in GENERATED_CODING_KEYS.finditer(text):
            if match.group(2) == last:
                body = block(text, match.start(2))
                member = r"^" + match.group(1) + r"[ \t]{4}(?:(?:public|package|internal)(?:\(set\))? )*(?:var|let) (\w+)\s*:[^{\n]*$"
                return re.findall(member, body, re.M)
    return None


GENERATED_DECODABLE = re.compile(
    r"^[ \t]*// generate: Decodable\n(?:[ \t]*@[^\n]*\n)*([ \t]*)(?:public |package |internal )*struct\s+(\w+)", re.M)


def generated_decodable_keys(type_name: str) -> list[tuple[str, str]] | None:
    """The keys of a struct marked `// generate: Decodable` with the type each is decoded as: its stored instance
    properties, in order, as their declared type, or for one marked `// decode: name` as what the container's
    method `name` decodes."""
    last = type_name.split(".")[-1]
    for text in TEXTS.values():
        for match in GENERATED_DECODABLE.finditer(text):
            if match.group(2) != last:
                continue
            body = block(text, match.start(2))
            indent = match.group(1) + r"[ \t]{4}"
            member = (r"^" + indent + r"(?:// decode: (\w+)\n" + indent + r")?(?:// default: [^\n]*\n" + indent + r")?"
                      r"(?:(?:public|package|internal)(?:\(set\))? )*(?:var|let) (\w+)\s*:\s*([^={\n]+?)\??\s*(?:=[^{\n]*)?$")
            keys = []
            for method, name, kind in re.findall(member, body, re.M):
                if method:
                    kind = decoded_by_method(method)
                keys.append((name, kind.strip()))
            return keys
    return None


def decoded_by_method(method: str) -> str:
    """What the keyed container's method `method` (`// decode: method`) decodes first (`decodeIfPresent(T.self, …)`),
    or nothing when it reads the key otherwise."""
    for text in TEXTS.values():
        for match in re.finditer(r"func " + method + r"\(", text):
            found = re.search(r"decode(?:IfPresent)?\(([^\n]+?)\.self, forKey: key\)", block(text, match.start()))
            return found.group(1) if found else ""
    problem(f"cannot find `func {method}`, which `// decode: {method}` names")
    return ""


def enum_cases(body: str, enum: str) -> list[str] | None:
    match = re.search(r"enum " + enum + r"\b[^{]*\{((?:\s*case [^\n]+\n)+)", body)
    if not match:
        return None
    return re.findall(r"\w+", " ".join(line.strip()[len("case "):] for line in match.group(1).strip().splitlines()))


def decoded_types(body: str) -> dict[str, str]:
    """The type each key is decoded as: `decode(T.self, forKey: .key)` and `decodeIfPresent`."""
    return {key: kind for kind, key in re.findall(r"decode(?:IfPresent)?\(([^\n]+?)\.self, forKey: \.(\w+)\)", body)}


def keys_of(type_name: str, prefix: str, seen: set[str], keys: set[str]) -> None:
    """Adds `prefix.key` for every key `type_name` accepts, and its nested keys, to `keys`."""
    if type_name in seen:
        return
    generated_keys = generated_decodable_keys(type_name)
    if generated_keys is not None:
        seen.add(type_name)
        for key, kind in generated_keys:
            path = f"{prefix}.{key}" if prefix else key
            keys.add(path)
            nested_keys(kind, path, seen, keys)
        return
    bodies = [body for body in declarations(type_name) if "CodingKeys" in body or "superDecoder" in body]
    if not bodies:
        return
    seen.add(type_name)
    generated = generated_coding_keys(type_name)
    for body in bodies:
        cases = enum_cases(body, "CodingKeys")
        if cases is None and "CodingKeys" in body:
            cases = generated
        if cases is None:
            continue
        types = decoded_types(body)
        # A key read as a sub-decoder whose own keys are checked: `let match = try container.superDecoder(forKey: .match)`.
        nested = {
            key: enum
            for name, key in re.findall(r"let (\w+) = try \w+\.superDecoder\(forKey: \.(\w+)\)", body)
            for enum in re.findall(re.escape(name) + r"\.rejectUnknownKeys\((\w+)\.self\)", body)
        }
        for key in cases:
            path = f"{prefix}.{key}" if prefix else key
            keys.add(path)
            if key in nested:
                for inner in enum_cases(body, nested[key]) or []:
                    keys.add(f"{path}.{inner}")
                continue
            nested_keys(types.get(key, ""), path, seen, keys)


def nested_keys(kind: str, path: str, seen: set[str], keys: set[str]) -> None:
    """Adds the keys under `path` of a key decoded as `kind`: a type's, a list's entries' or a dictionary's values'."""
    if match := re.fullmatch(r"\[String: ([\w.]+)\]", kind):
        keys_of(match.group(1), f"{path}.<id>", seen, keys)
    elif match := re.fullmatch(r"\[([\w.]+)\]", kind):
        keys_of(match.group(1), f"{path}[]", seen, keys)
    elif re.fullmatch(r"[\w.]+", kind):
        keys_of(kind, path, seen, keys)


def format_option_keys() -> set[str]:
    """`formats.<format>.<key>` for every importer that takes settings."""
    keys = set()
    for path, text in TEXTS.items():
        for importer, body in re.findall(r"extension (\w+): ConfigurableImporter\s*(\{.*)", text, re.S):
            options = re.search(r"optionKeys: \[String\] \{ \[([^\]]*)\] \}", body)
            if not options:
                problem(f"{path.relative_to(REPO_ROOT)}: cannot read {importer}'s optionKeys")
                continue
            formats = [f for d in declarations(importer) for f in re.findall(r'let format = "([^"]+)"', d)]
            if not formats:
                problem(f"cannot find the format name of {importer}")
                continue
            for key in re.findall(r'"([^"]+)"', options.group(1)):
                keys.add(f"formats.{formats[0]}.{key}")
    return keys


def config_keys() -> set[str]:
    keys: set[str] = set()
    keys_of("SiteConfiguration", "", set(), keys)
    if not keys:
        problem("cannot read SiteConfiguration's keys")
    return keys | format_option_keys()


def documented_config_keys() -> set[str]:
    keys = set()
    for line in CONFIG_PAGE.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"\| `([^`]+)` \|", line):
            keys.add(match.group(1))
    return keys


def check_config() -> int:
    accepted = config_keys()
    documented = documented_config_keys()
    # Keys documented once stand for every place that takes the same type: the display keys under
    # `display.` also hold for `conversations.<id>.` and `rules[].display.`.
    display = {key.removeprefix("display.") for key in accepted if key.startswith("display.")}
    accepted = {
        key for key in accepted
        if not any(key.startswith(p) and key.removeprefix(p) in display for p in ("conversations.<id>.", "rules[].display."))
    }
    # A key with keys under it (`privacy`) is documented by its keys; it may have a row of its own too.
    parents = set()
    for key in accepted:
        parts = re.split(r"\.|(?=\[\])", key)
        for end in range(1, len(parts)):
            parent = ".".join(parts[:end]).replace(".[]", "[]")
            parents |= {parent, parent.removesuffix(".<id>")}
    for key in sorted(accepted - documented - parents):
        problem(f"docs/config.md: the config key `{key}` is accepted by the loader but not documented")
    for key in sorted(documented - accepted):
        problem(f"docs/config.md: `{key}` is documented but the loader does not accept it")
    return len(accepted)


# ---------------------------------------------------------------------------------------------------- flags

def flags_from_help(binary: str) -> dict[str, set[str]]:
    top = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    section = re.search(r"SUBCOMMANDS:\n(.*?)(?:\n\n|\Z)", top, re.S)
    commands = re.findall(r"^ {2}([a-z][\w-]*)", section.group(1), re.M) if section else []
    result = {"": set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", top.split("OPTIONS:", 1)[-1].split("SUBCOMMANDS:")[0]))}
    for command in commands:
        if command == "help":
            continue
        text = subprocess.run([binary, command, "--help"], capture_output=True, text=True, check=True).stdout
        options = text.split("USAGE:", 1)[-1]  # every group of options: OPTIONS, PRIVACY, ...
        result[command] = set(re.findall(r"^\s+(?:(-\w), )?(--[\w-]+)", options, re.M) and
                              [f for pair in re.findall(r"^\s+(?:(-\w), )?(--[\w-]+)", options, re.M) for f in pair if f])
    return result


def kebab(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", name).lower()


def flags_from_source() -> dict[str, set[str]]:
    folder = SOURCES / "transcripts"
    groups: dict[str, set[str]] = {}
    groups_used: dict[str, list[str]] = {}
    commands: dict[str, str] = {}
    for path in sorted(folder.glob("*.swift")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"struct (\w+): (?:Async)?Parsable(Command|Arguments)", text):
            body = block(text, match.start())
            flags = set()
            for declaration in re.finditer(r"@(Option|Flag)\((.*?)\)\s+var (\w+)", body, re.S):
                arguments, name = declaration.group(2), declaration.group(3)
                long = re.search(r'customLong\("([\w-]+)"\)', arguments)
                flags.add("--" + (long.group(1) if long else kebab(name)))
                if re.search(r"name: \[[^\]]*\.short", arguments):
                    flags.add("-" + (long.group(1) if long else name)[0])
            groups[match.group(1)] = flags
            groups_used[match.group(1)] = re.findall(r"@OptionGroup(?:\([^)]*\))? var \w+: (\w+)", body)
            if name := re.search(r'commandName: "([\w-]+)"', body):
                commands[match.group(1)] = name.group(1)

    def all_flags(type_name: str) -> set[str]:
        return groups.get(type_name, set()).union(*(all_flags(used) for used in groups_used.get(type_name, [])))

    return {("" if command == "transcripts" else command): all_flags(type_name) for type_name, command in commands.items()}


def check_flags(binary: str | None) -> int:
    flags = flags_from_help(binary) if binary else flags_from_source()
    text = CLI_PAGE.read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## `transcripts (\w[\w-]*)`\n(.*?)(?=^## |\Z)", text, re.M | re.S))
    everywhere = re.search(r"^## Everywhere\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    count = 0
    for command, names in sorted(flags.items()):
        if command == "":
            body = everywhere.group(1) if everywhere else ""
            where = "## Everywhere"
        else:
            body = sections.get(command)
            where = f"## `transcripts {command}`"
            if body is None:
                problem(f"docs/cli.md: the command `{command}` has no section {where}")
                continue
        for flag in sorted(names - {"-h", "--help", "--version"}):
            count += 1
            if not re.search(r"`" + re.escape(flag) + r"(?![\w-])", body):
                problem(f"docs/cli.md: `transcripts {command}`'s flag {flag} is not in its section ({where})".replace("transcripts `", "`"))
    if not everywhere or "`--version`" not in everywhere.group(1) or "`--help`" not in everywhere.group(1):
        problem("docs/cli.md: ## Everywhere must name --version and --help")
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("TRANSCRIPTS_BIN"), help="a built transcripts binary")
    arguments = parser.parse_args()
    binary = arguments.bin if arguments.bin and Path(arguments.bin).exists() else None
    links = check_links()
    keys = check_config()
    flags = check_flags(binary)
    reference = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "template-reference.py"), "--check"])
    if reference.returncode != 0:
        problem("docs/template-reference.md is not what the page models say: run scripts/template-reference.py")
    for text in problems:
        print(f"check-docs: {text}", file=sys.stderr)
    source = "the binary's --help" if binary else "the sources"
    print(f"check-docs: {links} links, {keys} config keys, {flags} flags (from {source}); {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
