"""Helpers of the fault tests: synthetic sites, and a digest of a folder tree to compare outputs byte for byte."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2]

WORDS = ("garden lisbon tram pastel nata river bridge window coffee market tomato basil watering rota "
         "summer party ticket train museum tile azulejo harbour ferry sunset").split()


def write_site(site: Path, conversations: int, messages_each: int, seed: int = 1, output: Path | None = None) -> Path:
    """A site of `conversations` canonical JSON Lines files of `messages_each` messages each, the same for a seed."""
    rng = random.Random(seed)
    folder = site / "conversations"
    folder.mkdir(parents=True, exist_ok=True)
    config = "title: Faults\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\ninputs: [conversations]\n"
    if output is not None:
        config += f"output: {output}\n"
    (site / "transcripts.yml").write_text(config)
    for number in range(conversations):
        header = {"format": "transcripts/1", "id": f"chat-{number}", "title": f"Chat {number}", "kind": "group",
                  "participants": [{"id": "me", "name": "Me"}, {"id": "ann", "name": "Ann"}, {"id": "ben", "name": "Ben"}]}
        lines = [json.dumps(header)]
        start = 1_700_000_000 + number * 1000
        for index in range(messages_each):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 30)))
            if index % 7 == 0:
                text = f"**{text}** with a [link](https://example.org/{index})"
            lines.append(json.dumps({"id": str(index), "sender": rng.choice(["me", "ann", "ben"]),
                                     "date": start + index * 600, "type": "markdown", "markdown": text}))
        (folder / f"chat-{number}.jsonl").write_text("\n".join(lines) + "\n")
    return site


def edit_messages(site: Path, every: int = 50) -> None:
    """Changes the text of every `every`-th message of every conversation, so that a build has pages to redo."""
    for file in sorted((site / "conversations").glob("*.jsonl")):
        lines = file.read_text().splitlines()
        for index in range(1, len(lines), every):
            message = json.loads(lines[index])
            message["markdown"] = message["markdown"] + " (edited)"
            lines[index] = json.dumps(message)
        file.write_text("\n".join(lines) + "\n")


def tree_digest(folder: Path) -> dict[str, str]:
    """Each file's path under `folder` and the SHA-256 of its bytes (symlinks by their target)."""
    digests: dict[str, str] = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = Path(root) / name
            relative = str(path.relative_to(folder))
            if path.is_symlink():
                digests[relative] = "-> " + os.readlink(path)
            else:
                digests[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def build(binary: Path, site: Path, *arguments: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([str(binary), "build", str(site), "--quiet", *arguments], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"build failed ({result.returncode}):\n{result.stderr}")
    return result
