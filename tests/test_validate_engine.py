"""`zero-sdk validate` accepts real output of the embedded engine (scripted provider), for both
schema versions and for the normal, provider-error and pre-run failure shapes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toolchains import require_engine
from zero_sdk.transcript_validate import validate_lines

ENGINE = Path(sys.executable).parent / "zero-engine"

NORMAL = {
    "model": "scripted-model",
    "turns": [
        {
            "steps": [
                {"reasoning": "Let me look."},
                {"text": "Writing files. "},
                {
                    "tool_call": {
                        "id": "call_1",
                        "name": "write_file",
                        "args": {"path": "n.txt", "content": "x"},
                    }
                },
                {
                    "tool_call": {
                        "id": "call_2",
                        "name": "write_file",
                        "args": {"path": "/etc/zz", "content": ""},
                    }
                },
                {"tool_call": {"id": "call_3", "name": "read_file", "raw_args": "{not json"}},
                {"usage": {"prompt": 12, "completion": 8}},
            ]
        },
        {"steps": [{"text": "Done."}, {"usage": {"prompt": 30, "completion": 4}}]},
    ],
}
PROVIDER_ERROR = {"turns": [{"steps": [{"text": "a"}, {"error": "model fell over"}]}]}


def run_engine(tmp_path: Path, version: int, script: dict[str, Any], stdin: str) -> tuple[int, bytes]:
    require_engine(ENGINE)
    (tmp_path / "script.json").write_text(json.dumps(script), encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    env = {
        **os.environ,
        "ZERO_SCHEMA_VERSION": str(version),
        "ZERO_PROVIDER": "scripted",
        "ZERO_SCRIPT": str(tmp_path / "script.json"),
        "HOME": str(tmp_path),
    }
    proc = subprocess.run(
        [str(ENGINE), "exec", "-i", "stream-json", "-o", "stream-json", "-C", str(work)],
        input=stdin.encode(),
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    return proc.returncode, proc.stdout


def prompt(version: int) -> str:
    return json.dumps({"schemaVersion": version, "type": "prompt", "content": "hi"}) + "\n"


def types(stdout: bytes) -> list[str]:
    return [json.loads(line)["type"] for line in stdout.splitlines()]


@pytest.mark.parametrize("version", [1, 2])
def test_normal_engine_run_validates(tmp_path: Path, version: int) -> None:
    code, out = run_engine(tmp_path, version, NORMAL, prompt(version))
    assert code == 0
    assert validate_lines(out, "engine") == ([], len(out.splitlines()))
    seen = types(out)
    assert seen[0] == "run_start" and seen[-2:] == ["final", "run_end"]
    assert seen.count("tool_result") == 3
    assert ("reasoning" in seen) == (version == 2)


@pytest.mark.parametrize("version", [1, 2])
def test_provider_error_run_validates(tmp_path: Path, version: int) -> None:
    code, out = run_engine(tmp_path, version, PROVIDER_ERROR, prompt(version))
    assert code == 3
    assert validate_lines(out, "engine")[0] == []
    assert types(out)[-2:] == ["error", "run_end"]


@pytest.mark.parametrize("version", [1, 2])
def test_pre_run_failure_validates(tmp_path: Path, version: int) -> None:
    code, out = run_engine(tmp_path, version, NORMAL, "[1]\n")
    assert code == 2
    assert validate_lines(out, "engine")[0] == []
    assert types(out) == ["error", "run_end"]


def test_a_corrupted_engine_transcript_is_caught(tmp_path: Path) -> None:
    """The validator is not vacuous on engine output: drop run_end and swap a tool_result id."""
    _, out = run_engine(tmp_path, 2, NORMAL, prompt(2))
    lines = out.splitlines(keepends=True)
    result_line = next(i for i, line in enumerate(lines) if b'"type":"tool_result"' in line)
    lines[result_line] = lines[result_line].replace(b'"id":"call_1"', b'"id":"call_x"')
    problems, _ = validate_lines(b"".join(lines[:-1]), "engine")
    assert [(p.line, p.message) for p in problems] == [
        (result_line + 1, "tool_result for id 'call_x', which no earlier tool_call has"),
        (len(lines) - 1, "the stream ends without run_end"),
    ]
