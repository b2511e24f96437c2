"""The README usage examples (docs/examples/client_usage.py) type-check and run against the engine."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from client_support import ENGINE, engine_env, readme_python_blocks, workspace

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples" / "client_usage.py"


def _mypy_strict(path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _run_against_demo_engine(script: Path, tmp_path: Path, version: int | None = None) -> str:
    """Runs `script` in a small workspace with ZERO_BIN = the engine and its demo provider, the
    engine speaking `version` (None: its default)."""
    ws = workspace(tmp_path)
    (ws / "README.md").write_text("# example\n\nschemaVersion lives here.\n")
    env = {
        **os.environ,
        **engine_env(tmp_path, None, version or 0),
        "ZERO_BIN": ENGINE,
        "ZERO_PROVIDER": "demo",
    }
    if version is None:
        del env["ZERO_SCHEMA_VERSION"]
    proc = subprocess.run(
        [sys.executable, str(script)],
        cwd=ws,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_examples_pass_mypy_strict() -> None:
    _mypy_strict(EXAMPLES)


@pytest.mark.parametrize("version", [None, 1], ids=["default-engine", "engine-v1"])
def test_examples_run_against_the_engine(tmp_path: Path, version: int | None) -> None:
    stdout = _run_against_demo_engine(EXAMPLES, tmp_path, version)
    assert "RunEndEvent" in stdout and "status: success, exit code 0" in stdout
    # The preferred version 2 is followed by a v1 binary: the run is restarted in its version.
    assert f"the binary speaks schemaVersion {version or 2}" in stdout


@pytest.mark.parametrize("version", [None, 1], ids=["default-engine", "engine-v1"])
def test_readme_python_snippet_type_checks_and_prints_what_it_says(
    tmp_path: Path, version: int | None
) -> None:
    # The README's snippet is what newcomers copy: it must type-check and, against the engine's
    # default version and the seed-era one, print what it says: the final text and token count,
    # one line per tool call, then the streamed text with the tool calls.
    snippet = tmp_path / "readme_snippet.py"
    snippet.write_text(readme_python_blocks(), encoding="utf-8")
    if version is None:
        _mypy_strict(snippet)
    lines = _run_against_demo_engine(snippet, tmp_path, version).splitlines()
    # run(): the final text (several lines here), then its token total after a space.
    tokens = next(i for i, line in enumerate(lines) if line.split() and line.split()[-1].isdigit())
    assert lines[0] and int(lines[tokens].split()[-1]) > 0, lines
    # One line per tool call: name, status, permission action (None: no permission event).
    call_line = re.compile(r"^[a-z_]+ (ok|error|None) \S+$")
    calls = []
    for line in lines[tokens + 1 :]:
        if not call_line.match(line):
            break
        calls.append(line)
    assert calls and any(call.startswith("read_file ok") for call in calls), lines
    # stream(): the text deltas as they arrive, each tool call on its own line.
    streamed = lines[tokens + 1 + len(calls) :]
    assert [line for line in streamed if line.startswith("[")] == [f"[{c.split()[0]}]" for c in calls], lines
    text = "".join(line for line in streamed if not line.startswith("["))
    assert "look around the workspace" in text and "README title" in text, lines
