"""scripts/fetch-samples.sh, against a local copy of the repositories it fetches from (file:// URLs in place of
https://raw.githubusercontent.com): files and zip members (nested too) are written after their size and SHA-256
are checked, present files are kept, a mismatch is named and not written. With ../shared/samples beside the clone
(as in CI), the real list is fetched from a tree built out of those samples and must give them back."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = REPO_ROOT / "scripts" / "fetch-samples.sh"
SOURCES = REPO_ROOT / "data" / "samples-sources.tsv"
SHARED = Path(os.environ.get("TRANSCRIPTS_SAMPLES") or REPO_ROOT.parent / "shared" / "samples")
HEADER = "file\tbytes\tsha256\trepo\tpath\tcommit\n"


def row(file: str, data: bytes, repo: str, path: str, commit: str, sha: str | None = None) -> str:
    return f"{file}\t{len(data)}\t{sha or hashlib.sha256(data).hexdigest()}\t{repo}\t{path}\t{commit}\n"


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def run(listing: Path, base: Path, dest: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, TRANSCRIPTS_SAMPLES_BASE_URL=base.as_uri(), TRANSCRIPTS_SAMPLES_LIST=str(listing))
    return subprocess.run(["bash", str(SCRIPT), str(dest)], env=env, capture_output=True, text=True, timeout=120)


def test_fetches_files_and_zip_members_and_checks_them(tmp_path):
    base = tmp_path / "repos"
    commit = "0123456789abcdef0123456789abcdef01234567"
    plain = "Hello [1] from a path with brackets\n".encode()
    member = b'{"name": "member"}\n'
    deep = "deep inside 🤓\n".encode()
    archive = zipped({"export/member.json": member, "inner.zip": zipped({"deep.txt": deep})})
    tree = base / "ann/chats" / commit
    (tree / "test").mkdir(parents=True)
    (tree / "test/chat_[1].txt").write_bytes(plain)
    (tree / "archive.zip").write_bytes(archive)
    listing = tmp_path / "SOURCES.tsv"
    listing.write_text(
        HEADER
        + row("whatsapp/plain.txt", plain, "ann/chats", "test/chat_[1].txt", commit)
        + row("slack/archive/member.json", member, "ann/chats", "archive.zip!/export/member.json", commit)
        + row("slack/deep.txt", deep, "ann/chats", "archive.zip!/inner.zip!/deep.txt", commit),
        encoding="utf-8")
    dest = tmp_path / "samples"

    first = run(listing, base, dest)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip().endswith(f"3 fetched, 0 already there, 0 failed, in {dest}")
    assert (dest / "whatsapp/plain.txt").read_bytes() == plain
    assert (dest / "slack/archive/member.json").read_bytes() == member
    assert (dest / "slack/deep.txt").read_bytes() == deep
    assert (dest / "SOURCES.tsv").read_text(encoding="utf-8") == listing.read_text(encoding="utf-8")

    again = run(listing, base, dest)
    assert again.returncode == 0, again.stderr
    assert "0 fetched, 3 already there, 0 failed" in again.stdout

    # A changed file upstream: named, not written, exit 1; the others still come.
    (dest / "whatsapp/plain.txt").unlink()
    (tree / "test/chat_[1].txt").write_bytes(plain + b"changed\n")
    shutil.rmtree(dest / "slack")
    bad = run(listing, base, dest)
    assert bad.returncode == 1
    assert "fetch-samples: whatsapp/plain.txt: MISMATCH from file://" in bad.stderr
    assert f"expected {len(plain)} bytes" in bad.stderr
    assert not (dest / "whatsapp/plain.txt").exists()
    assert (dest / "slack/deep.txt").read_bytes() == deep
    assert "2 fetched, 0 already there, 1 failed" in bad.stdout

    # A missing file and a missing member are named too.
    listing.write_text(
        HEADER + row("a.txt", b"x", "ann/chats", "nowhere.txt", commit)
        + row("b.txt", b"x", "ann/chats", "archive.zip!/nowhere.txt", commit), encoding="utf-8")
    missing = run(listing, base, dest)
    assert missing.returncode == 1
    assert "fetch-samples: a.txt: cannot download file://" in missing.stderr
    assert "fetch-samples: b.txt: no member nowhere.txt in file://" in missing.stderr


def test_the_list_is_the_shared_one():
    if not (SHARED / "SOURCES.tsv").is_file():
        pytest.skip(f"no real samples at {SHARED}: run scripts/fetch-samples.sh to fetch them")
    assert SOURCES.read_text(encoding="utf-8") == (SHARED / "SOURCES.tsv").read_text(encoding="utf-8")


def test_the_real_list_gives_back_the_samples(tmp_path):
    """Every row of data/samples-sources.tsv, fetched from a tree made of the shared samples at their
    repositories' paths (zip members come out of the shared copies of their archives)."""
    if not (SHARED / "SOURCES.tsv").is_file():
        pytest.skip(f"no real samples at {SHARED}: run scripts/fetch-samples.sh to fetch them")
    base = tmp_path / "repos"
    rows = [line.split("\t") for line in SOURCES.read_text(encoding="utf-8").splitlines()[1:] if line]
    for file, _, _, repo, path, commit in rows:
        if "!/" not in path:
            target = base / repo / commit / path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(SHARED / file, target)
    dest = tmp_path / "samples"
    result = run(SOURCES, base, dest)
    assert result.returncode == 0, result.stderr
    assert f"{len(rows)} fetched, 0 already there, 0 failed" in result.stdout
    for file, *_ in rows:
        assert (dest / file).read_bytes() == (SHARED / file).read_bytes(), file
