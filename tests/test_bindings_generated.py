"""TypeScript and Go bindings: drift check, byte-identical output across hash seeds, header,
no `any` in generated TypeScript, and the ECMA-262 -> RE2 pattern translation."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from repo_copy import copy_repo
from zero_sdk.emitters.go import ecma_to_re2

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
GENERATED = {
    # Every generated TypeScript file: per-version modules, the registry and the copied runtime.
    "typescript": sorted(
        [str(path.relative_to(ROOT)) for path in (ROOT / "clients/typescript/src/generated").glob("*.ts")]
        + [f"clients/typescript/src/{name}" for name in ("index.ts", "protocol.ts", "runtime.ts")]
    ),
    # Every generated Go file: per-version packages, the registry and the copied runtime.
    "go": sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "clients/go/protocol").rglob("*.go")
        if not path.name.endswith("_test.go")
    ),
}


def _copy(tmp_path: Path) -> Path:
    return copy_repo(tmp_path / "repo").root


def _generate(root: Path, *args: str, seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run(
        [str(BIN / "zero-sdk"), "generate", "--root", str(root), *args],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("lang", sorted(GENERATED))
def test_check_catches_a_hand_edit_and_names_the_fix(tmp_path: Path, lang: str) -> None:
    root = _copy(tmp_path)
    assert _generate(root, "--lang", lang, "--check").returncode == 0
    target = root / GENERATED[lang][1]
    edited = target.read_text(encoding="utf-8").replace('"run_start"', '"run_begin"')
    target.write_text(edited, encoding="utf-8")
    failed = _generate(root, "--lang", lang, "--check")
    assert failed.returncode == 1
    assert '"run_begin"' in failed.stdout
    assert f"zero-sdk generate --lang {lang} --version all" in failed.stderr
    # The fix command, run as printed from another folder, regenerates this checkout.
    fix = shlex.split(failed.stderr.strip().splitlines()[-1])
    assert fix[:2] == ["zero-sdk", "generate"], failed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    fixed = subprocess.run(
        [str(BIN / "zero-sdk"), *fix[1:]], cwd=elsewhere, capture_output=True, text=True, check=False
    )
    assert fixed.returncode == 0, fixed.stderr
    assert _generate(root, "--lang", lang, "--check").returncode == 0
    assert target.read_bytes() == (ROOT / GENERATED[lang][1]).read_bytes()


@pytest.mark.parametrize("lang", sorted(GENERATED))
def test_output_is_byte_identical_across_hash_seeds(tmp_path: Path, lang: str) -> None:
    outputs = []
    for seed in ("1", "31337"):
        root = _copy(tmp_path / seed)
        for rel in GENERATED[lang]:
            (root / rel).unlink()
        done = _generate(root, "--lang", lang, seed=seed)
        assert done.returncode == 0, done.stderr
        outputs.append([(root / rel).read_bytes() for rel in GENERATED[lang]])
    assert outputs[0] == outputs[1]
    assert outputs[0] == [(ROOT / rel).read_bytes() for rel in GENERATED[lang]]


@pytest.mark.parametrize("lang", sorted(GENERATED))
def test_generated_files_say_what_generated_them(lang: str) -> None:
    for rel in GENERATED[lang]:
        head = (ROOT / rel).read_text(encoding="utf-8").splitlines()[:4]
        assert head[0] == "// GENERATED FILE - DO NOT EDIT."
        per_version = re.search(r"/v(\d+)(?:\.ts|/v\d+\.go)$", rel)
        if per_version:  # one schema's bindings; the others (Go registry, runtime) use them all
            version = per_version[1]
            assert f"schema/v{version}.json" in head[1]
            assert f"zero-sdk generate --lang {lang} --version {version}" in head[2]
        else:
            assert f"zero-sdk generate --lang {lang}`" in "\n".join(head), rel


def test_generated_typescript_has_no_any() -> None:
    for rel in GENERATED["typescript"]:
        text = (ROOT / rel).read_text(encoding="utf-8")
        code = re.sub(r"/\*\*.*?\*/|//[^\n]*", "", text, flags=re.DOTALL)  # docs may say "any"
        assert not re.search(r"\bany\b", code), rel


def test_ecma_whitespace_classes_become_explicit_re2_classes() -> None:
    translated = ecma_to_re2(r"\S")
    assert translated.startswith("[^") and r"\x{3000}" in translated and r"\x{a0}" in translated
    assert ecma_to_re2(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$") == r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$"
    assert ecma_to_re2(r"a\\S") == r"a\\S"  # an escaped backslash, then a literal S
    with pytest.raises(ValueError):
        ecma_to_re2(r"[\s]")
