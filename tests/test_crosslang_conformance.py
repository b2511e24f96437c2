"""Python, TypeScript and Go agree on every conformance vector (conformance/vN/cases.jsonl and the
schema-generated conformance/vN/generated.jsonl): verdict, error kind and field,
and the re-encoded JSON object (strict decode, and lenient decode of output lines).

Each language has a tiny runner printing one JSON line per case:
- Python: `run_python` below, over `zero_client.protocol`;
- TypeScript: clients/typescript/scripts/conformance.ts (compiled here into tmp_path);
- Go: clients/go/cmd/conformance (built here into tmp_path).
"""

from __future__ import annotations

import contextlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from toolchains import require_tool
from zero_client.protocol import ProtocolError, UnknownEvent, decode_input, decode_output, encode_event

ROOT = Path(__file__).resolve().parents[1]
TS_DIR = ROOT / "clients" / "typescript"
GO_DIR = ROOT / "clients" / "go"
# Every version with a schema file (a bump is picked up as is).
VERSIONS = tuple(sorted(int(p.stem[1:]) for p in (ROOT / "schema").glob("v*.json") if p.stem[1:].isdigit()))



# The hand-written vectors, then those generated from the schema (`zero-sdk generate`); every
# runner reads the files in this order.
CASE_FILES = ("cases.jsonl", "generated.jsonl")


def case_paths(version: int) -> list[Path]:
    """The version's vector files that exist (a new version has generated vectors before any
    hand-written ones)."""
    paths = [ROOT / "conformance" / f"v{version}" / name for name in CASE_FILES]
    return [path for path in paths if path.exists()]


def load_cases(version: int) -> list[dict[str, Any]]:
    return [
        json.loads(record)
        for path in case_paths(version)
        for record in path.read_text(encoding="utf-8").split("\n")
        if record
    ]


def run_python(version: int) -> list[dict[str, Any]]:
    """The Python runner: same record shape as the TS and Go runners."""
    results = []
    for case in load_cases(version):
        result: dict[str, Any] = {"name": case["name"], "verdict": "valid", "kind": None, "field": None}
        result.update(encoded=None, lenient=None)
        line = case["line"]
        try:
            if case["direction"] == "input":
                event: Any = decode_input(line, version=version)
            else:
                try:
                    event = decode_output(line, mode="strict", version=version)
                except ProtocolError as exc:
                    # Python's strict mode also rejects unknown types; the vectors' strict reader
                    # calls those `unknown`, which is Python's lenient answer.
                    if exc.kind != "unknown_type":
                        raise
                    event = decode_output(line, mode="lenient", version=version)
            result["verdict"] = "unknown" if isinstance(event, UnknownEvent) else "valid"
            result["encoded"] = encode_event(event).decode("utf-8")
        except ProtocolError as exc:
            result.update(verdict="invalid", kind=exc.kind, field=exc.field)
        if case["direction"] == "output":
            with contextlib.suppress(ProtocolError):
                lenient = decode_output(line, mode="lenient", version=version)
                result["lenient"] = encode_event(lenient).decode("utf-8")
        results.append(result)
    return results


@pytest.fixture(scope="module")
def ts_runner(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_tool("node")
    tsc = TS_DIR / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        pytest.fail("clients/typescript/node_modules has no tsc: run `npm ci` in clients/typescript")
    out = tmp_path_factory.mktemp("ts-build")
    subprocess.run(
        [str(tsc), "-p", str(TS_DIR / "tsconfig.json"), "--outDir", str(out)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return out / "scripts" / "conformance.js"


@pytest.fixture(scope="module")
def go_runner(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_tool("go")
    binary = tmp_path_factory.mktemp("go-build") / "conformance"
    subprocess.run(
        ["go", "build", "-o", str(binary), "./cmd/conformance"], cwd=GO_DIR, check=True, capture_output=True
    )
    return binary


def _run(command: list[str]) -> list[dict[str, Any]]:
    done = subprocess.run(command, check=True, capture_output=True, text=True, encoding="utf-8")
    return [json.loads(line) for line in done.stdout.split("\n") if line]


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    """Encoded JSON compared as objects (key order and escapes may differ)."""
    out = dict(result)
    for key in ("encoded", "lenient"):
        if out[key] is not None:
            out[key] = json.loads(out[key])
    return out


@pytest.mark.parametrize("version", VERSIONS)
def test_python_typescript_and_go_agree_on_every_vector(
    version: int, ts_runner: Path, go_runner: Path
) -> None:
    cases = load_cases(version)
    paths = [str(path) for path in case_paths(version)]
    runs = {
        "python": run_python(version),
        "typescript": _run(["node", str(ts_runner), str(version), *paths]),
        "go": _run([str(go_runner), str(version), *paths]),
    }
    for lang, results in runs.items():
        assert [r["name"] for r in results] == [c["name"] for c in cases], lang
    disagreements = []
    expected_mismatch = []
    for index, case in enumerate(cases):
        by_lang = {lang: _comparable(results[index]) for lang, results in runs.items()}
        if not by_lang["python"] == by_lang["typescript"] == by_lang["go"]:
            disagreements.append((case["name"], by_lang))
        for lang, result in by_lang.items():
            error = case.get("error") or {}
            want = (case["expect"], error.get("kind"), error.get("field"))
            got = (result["verdict"], result["kind"], result["field"])
            if want != got:
                expected_mismatch.append((lang, case["name"], want, got))
            if result["verdict"] in ("valid", "unknown"):
                assert result["encoded"] == json.loads(case["line"]), (lang, case["name"])
    generated = sum(case["name"].startswith("generated/") for case in cases)
    print(
        f"\nv{version}: {len(cases)} vectors ({len(cases) - generated} hand-written, {generated} generated)"
        f" x 3 languages; {len(disagreements)} disagreement(s)"
    )
    assert generated, "no generated vectors: run `zero-sdk generate --lang conformance`"
    assert not expected_mismatch, expected_mismatch
    assert not disagreements, disagreements[:5]
