"""`zero-sdk generate --check`, determinism across hash seeds, and mypy on generated code."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PROTOCOL = "clients/python/zero_client/protocol"


def _copy_tree(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    (copy / PROTOCOL).mkdir(parents=True)
    shutil.copytree(ROOT / "schema", copy / "schema")
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    for generated in (ROOT / PROTOCOL).glob("*.py"):
        shutil.copy(generated, copy / PROTOCOL / generated.name)
    # TypeScript and Go bindings (`--check` covers every language).
    for other in ("clients/typescript/src/generated", "clients/go/protocol"):
        shutil.copytree(ROOT / other, copy / other)
    # Conformance vectors generated from the schema (`--lang conformance`).
    for generated in ROOT.glob("conformance/v*/generated.jsonl"):
        target = copy / generated.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(generated, target)
    return copy


def _zero_sdk(root: Path, *args: str, seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run(
        [str(BIN / "zero-sdk"), "generate", "--root", str(root), *args],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip


def test_check_fails_on_hand_edit_and_passes_after_regeneration(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    assert _zero_sdk(root, "--check").returncode == 0
    target = root / PROTOCOL / "v2.py"
    target.write_text(
        target.read_text(encoding="utf-8").replace('"run_start"', '"run_begin"'), encoding="utf-8"
    )
    failed = _zero_sdk(root, "--check")
    assert failed.returncode == 1
    assert (
        '-    "run_begin"' in failed.stdout and "zero-sdk generate --lang all --version all" in failed.stderr
    )
    assert _zero_sdk(root).returncode == 0
    assert _zero_sdk(root, "--check").returncode == 0


def test_output_is_identical_across_hash_seeds(tmp_path: Path) -> None:
    outputs = []
    for seed in ("1", "4242"):
        root = _copy_tree(tmp_path / seed)
        for generated in (root / PROTOCOL).glob("*v[12].py"):
            generated.unlink()
        assert _zero_sdk(root, seed=seed).returncode == 0
        outputs.append({p.name: p.read_bytes() for p in sorted((root / PROTOCOL).glob("*v[12].py"))})
    assert len(outputs[0]) == 4 and outputs[0] == outputs[1]
    assert outputs[0] == {p.name: p.read_bytes() for p in sorted((ROOT / PROTOCOL).glob("*v[12].py"))}


def test_mypy_strict_on_generated_code_and_usage_example() -> None:
    result = subprocess.run(
        [str(BIN / "mypy"), "--strict", f"{PROTOCOL}", "tests/generator_fixtures/usage_example.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout
