"""A site built in shards by separate processes at once (`transcripts build SITE --shard K/4 --output PART`) and
joined by `transcripts assemble` is byte for byte what one build of the whole site writes. The site is the
benchmark corpus generator's Telegram account export and Slack workspace (../shared/bench/gen_corpus.py), the
binary $TRANSCRIPTS_BIN (else .build/debug/transcripts)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent.parent
GENERATOR = PACKAGE.parent / "shared" / "bench" / "gen_corpus.py"


def tree(folder: Path) -> dict[str, str]:
    """Every file under `folder` by its path, with a digest of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not GENERATOR.exists():
        pytest.skip(f"{GENERATOR} is missing: the tests run with ../shared beside the clone")
    folder = tmp_path_factory.mktemp("shards")
    corpus = folder / "corpus"
    subprocess.run(
        [sys.executable, str(GENERATOR), "6000", "--out", str(corpus), "--formats", "telegram,slack"],
        check=True, capture_output=True)
    site = folder / "site"
    site.mkdir()
    (site / "transcripts.yml").write_text(
        f"title: Shards\ntimeZone: Europe/Berlin\ninputs: [{corpus / 'telegram'}, {corpus / 'slack'}]\n")
    return site


def test_four_shards_built_at_once_assemble_to_the_whole_site(binary: Path, site: Path, tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    subprocess.run([str(binary), "build", str(site), "--clean", "-q", "-o", str(whole)], check=True)
    parts = [tmp_path / f"part{number}" for number in range(1, 5)]
    builds = [
        subprocess.Popen([str(binary), "build", str(site), "--shard", f"{number}/4", "-q", "-o", str(part)])
        for number, part in enumerate(parts, start=1)
    ]
    assert [build.wait() for build in builds] == [0, 0, 0, 0]
    # Each part holds the folders of its own conversations; together, every conversation's once.
    folders = [sorted(path.name for path in (part / "c").iterdir()) if (part / "c").exists() else [] for part in parts]
    assert sorted(sum(folders, [])) == sorted(path.name for path in (whole / "c").iterdir())
    assert sum(1 for names in folders if names) >= 2
    assembled = tmp_path / "assembled"
    shuffled = [parts[2], parts[0], parts[3], parts[1]]
    subprocess.run([str(binary), "assemble", str(site), "--parts", *map(str, shuffled), "-q", "-o", str(assembled)], check=True)
    expected, got = tree(whole), tree(assembled)
    assert sorted(got) == sorted(expected)
    assert [path for path in expected if got[path] != expected[path]] == []


def test_assemble_without_every_shard_fails_and_names_the_missing_one(binary: Path, site: Path, tmp_path: Path) -> None:
    parts = [tmp_path / f"part{number}" for number in range(1, 4)]
    for number, part in enumerate(parts, start=1):
        subprocess.run([str(binary), "build", str(site), "--shard", f"{number}/3", "-q", "-o", str(part)], check=True)
    result = subprocess.run(
        [str(binary), "assemble", str(site), "--parts", str(parts[0]), str(parts[2]), "-o", str(tmp_path / "out")],
        capture_output=True, text=True)
    assert result.returncode != 0
    assert result.stderr == "error: the parts given are 2 of 3 shards: shard 2/3 missing\n"
    assert not (tmp_path / "out").exists()


def test_a_shard_that_is_not_k_of_n_is_refused(binary: Path, site: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(binary), "build", str(site), "--shard", "5/4", "-o", str(tmp_path / "part")], capture_output=True, text=True)
    assert result.returncode != 0
    assert result.stderr == "error: --shard 5/4: the shard's number must be from 1 to the number of shards\n"


def test_the_examples_build_every_shard_and_assemble_them() -> None:
    """Examples/ci: the GitHub Actions matrix and the Kubernetes Indexed Job give each shard K/N once and
    assemble all N parts."""
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((PACKAGE / "Examples/ci/publish-shards.yml").read_text())
    shards = workflow["env"]["SHARDS"]
    assert workflow["jobs"]["shard"]["strategy"]["matrix"]["shard"] == list(range(1, shards + 1))
    shard_steps = [step.get("run", "") for step in workflow["jobs"]["shard"]["steps"]]
    assert "bin/transcripts build site --shard ${{ matrix.shard }}/$SHARDS --output part --strict" in shard_steps
    assemble_steps = [step.get("run", "") for step in workflow["jobs"]["assemble"]["steps"]]
    assert "bin/transcripts assemble site --parts parts/part-* --output public --strict --report report.json" in assemble_steps
    assert workflow["jobs"]["assemble"]["needs"] == "shard" and workflow["jobs"]["deploy"]["needs"] == "assemble"
    shards_job, assemble_job = yaml.safe_load_all((PACKAGE / "Examples/ci/shards-job.yaml").read_text())
    spec = shards_job["spec"]
    assert spec["completionMode"] == "Indexed" and spec["completions"] == spec["parallelism"] == 4
    command = spec["template"]["spec"]["containers"][0]["command"][-1]
    assert "--shard $((JOB_COMPLETION_INDEX + 1))/4 --output /parts/part-$((JOB_COMPLETION_INDEX + 1))" in command
    assembled = assemble_job["spec"]["template"]["spec"]["containers"][0]["command"][-1]
    assert "--parts " + " ".join(f"/parts/part-{number}" for number in range(1, 5)) in assembled
