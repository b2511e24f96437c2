"""The README usage examples (docs/examples/client_usage.py) type-check and run against the engine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


def _run_against_demo_engine(script: Path, tmp_path: Path) -> str:
    """Runs `script` in a small workspace with ZERO_BIN = the engine and its demo provider."""
    ws = workspace(tmp_path)
    (ws / "README.md").write_text("# example\n\nschemaVersion lives here.\n")
    env = {**os.environ, **engine_env(tmp_path, None, 2), "ZERO_BIN": ENGINE, "ZERO_PROVIDER": "demo"}
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


def test_examples_run_against_the_engine(tmp_path: Path) -> None:
    stdout = _run_against_demo_engine(EXAMPLES, tmp_path)
    assert "RunEndEvent" in stdout and "status: success, exit code 0" in stdout


def test_readme_python_snippet_type_checks_and_runs(tmp_path: Path) -> None:
    # The README's snippet is what newcomers copy: it must type-check and work against the engine.
    snippet = tmp_path / "readme_snippet.py"
    snippet.write_text(readme_python_blocks(), encoding="utf-8")
    _mypy_strict(snippet)
    assert "read_file ok" in _run_against_demo_engine(snippet, tmp_path)
