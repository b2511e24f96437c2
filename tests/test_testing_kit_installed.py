"""The testing kit as a user meets it: a wheel installed in a fresh venv outside the repository,
a small test project that only uses the plugin's fixtures, run by that venv's pytest.

pip installs the wheel's dependencies (msgspec, tree-sitter, click) and pytest from its usual sources through
its cache, as in any project that adds zero-sdk to its test dependencies.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from test_testing_kit import docs_example

ROOT = Path(__file__).resolve().parent.parent
# Outside the repository only the system's tools and the new venv's are on PATH.
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"


def _ok(args: list[str], cwd: Path, env: dict[str, str], timeout: float = 300) -> str:
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{args} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _copy_sources(target: Path) -> Path:
    """The files of a clean clone (tracked and new, not ignored): the wheel is built from them."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for relative in filter(None, listed):
        source = ROOT / relative
        if not os.path.lexists(source):
            continue
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination, follow_symlinks=False)
    return target


PROJECT_TEST = """
import pytest
from zero_client.testing import engine_script as es


def test_my_tool_reads_notes(zero_client, zero_model, zero_workspace, assert_no_leaks):
    from zero_client.testing import script as s
    zero_workspace.write({"notes.md": "# notes"})
    zero_model.enqueue(s.tool_calls(s.call("read_file", {"path": "notes.md"})), s.text("Notes."))
    result = zero_client.run("What is here?")
    assert "# notes" in (result.tool_calls[0].output or "") and result.final_text == "Notes."
    assert_no_leaks()


def test_engine_crash(zero_engine_client):
    client = zero_engine_client(es.EngineScript([es.turn(es.misbehave.crash(code=9))]))
    assert "exited with code 9" in str(client.run("hi", check=False).error)


def test_replay(zero_replay, tmp_path):
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(
        '{"type":"run_start","runId":"r1","schemaVersion":2,"sessionId":"s1","cwd":"/w","model":"m",'
        '"apiModel":"m","provider":"p"}\\n{"type":"final","runId":"r1","schemaVersion":2,"text":"Hi"}\\n'
        '{"type":"run_end","runId":"r1","schemaVersion":2,"status":"success","exitCode":0}\\n'
    )
    assert zero_replay(transcript).run("x").final_text == "Hi"
"""


def test_a_user_project_uses_the_installed_plugin(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    _ok(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(wheels),
            str(_copy_sources(tmp_path / "src")),
        ],
        cwd=tmp_path,
        env=dict(os.environ),
    )
    (wheel,) = wheels.glob("zero_headless_sdk-*.whl")
    venv = tmp_path / "venv"
    _ok([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path, env=dict(os.environ))
    python = venv / "bin" / "python"
    pytest_pin = next(
        line.strip(' ",')
        for line in (ROOT / "pyproject.toml").read_text().splitlines()
        if line.strip().startswith('"pytest==')
    )
    _ok(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", str(wheel), pytest_pin],
        cwd=tmp_path,
        env=dict(os.environ),
    )

    project = tmp_path / "project"
    project.mkdir()
    (project / "test_docs_example.py").write_text(docs_example("pytest"), encoding="utf-8")
    (project / "test_mine.py").write_text(PROJECT_TEST, encoding="utf-8")
    env = {"PATH": f"{venv / 'bin'}:{SYSTEM_PATH}", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    out = _ok([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=project, env=env)
    assert "6 passed" in out, out
    # Imports came from the venv, not from this checkout.
    where = _ok(
        [str(python), "-c", "import zero_client.testing.pytest_plugin as p; print(p.__file__)"],
        cwd=project,
        env=env,
    )
    assert Path(where.strip()).is_relative_to(venv)
