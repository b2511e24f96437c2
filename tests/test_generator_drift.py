"""`zero-sdk generate --check`, determinism across hash seeds, and mypy on generated code."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from repo_copy import copy_repo

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
VERSIONS_DIR = "clients/python/zero_client/versions"


def test_check_fails_on_hand_edit_and_passes_after_regeneration(tmp_path: Path) -> None:
    repo = copy_repo(tmp_path / "repo")
    assert repo.generate("--check", check=False).returncode == 0
    target = repo.root / VERSIONS_DIR / "latest.py"
    target.write_text(
        target.read_text(encoding="utf-8").replace("    TextEvent,", "    TextEvnt,", 1), encoding="utf-8"
    )
    failed = repo.generate("--check", check=False)
    assert failed.returncode == 1
    assert (
        "-    TextEvnt," in failed.stdout and "zero-sdk generate --lang all --version all" in failed.stderr
    )
    repo.generate()
    assert repo.generate("--check", check=False).returncode == 0


def test_output_is_identical_across_hash_seeds(tmp_path: Path) -> None:
    repo = copy_repo(tmp_path / "repo")
    expected = {p.name: p.read_bytes() for p in sorted((ROOT / VERSIONS_DIR).glob("*.py"))}
    for seed in ("1", "4242"):
        shutil.rmtree(repo.root / VERSIONS_DIR)
        repo.generate("--lang", "python", seed=seed)
        assert {p.name: p.read_bytes() for p in sorted((repo.root / VERSIONS_DIR).glob("*.py"))} == expected


def test_mypy_strict_on_generated_code_and_usage_example() -> None:
    result = subprocess.run(
        [str(BIN / "mypy"), "--strict", VERSIONS_DIR, "tests/generator_fixtures/usage_example.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout
