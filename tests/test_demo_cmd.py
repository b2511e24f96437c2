"""`zero-sdk demo PATH` as a real process: the client drives the engine with the offline demo
provider, renders the run, and says where the generated bindings are."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ZERO_SDK = Path(sys.executable).parent / "zero-sdk"


def make_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "README.md").write_text("# Demo Project\n\nA tiny project.\n")
    (repo / "pyproject.toml").write_text('[project]\nname = "demo-project"\n')
    (repo / "pkg" / "__init__.py").write_text("")
    (repo / "pkg" / "main.py").write_text("print('hi')\n")
    return repo


def run_demo(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "ZERO_SESSIONS_DIR": str(tmp_path / "sessions"),
        "TMPDIR": str(temp),
        # Configured elsewhere, but the demo must not use them: it needs no network.
        "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
        "OPENAI_MODEL": "some-model",
        "ZERO_PROVIDER": "scripted",
    }
    return subprocess.run(
        [str(ZERO_SDK), "demo", *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def test_demo_runs_offline_and_reports(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    done = run_demo(tmp_path, str(repo), "--color=never")
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert done.stderr == ""
    assert f"on {repo}" in out and 'Prompt: "Inspect this repo"' in out
    assert "· demo/zero-demo ·" in out
    # the tools it used, and the write the headless default mode refused
    for tool in ("list_directory", "read_file", "exec_command"):
        assert f"[tool] {tool} " in out
    assert "[permission] exec_command prompt" in out
    assert "[result] exec_command error: Error: Sandbox approval required for exec_command" in out
    # the summary's facts come from the tool results
    assert "- Seen two levels deep: 4 files and 1 directory." in out
    assert "- Languages by file extension: Python (2), Markdown (1), TOML (1)." in out
    assert '- README title: "Demo Project" (README.md).' in out
    assert "- Key files read: pyproject.toml." in out
    assert "- The write with exec_command was refused: Error: Sandbox approval required" in out
    assert "[usage] prompt " in out and "[tokens] prompt " in out
    assert out.count("[done] success (exit 0)") == 1
    # where the bindings are, relative to the repository
    assert "Generated bindings (paths relative to " in out
    for relative in (
        "schema/",
        "clients/python/zero_client/versions/",
        "clients/typescript/src/generated/",
        "clients/go/protocol/",
    ):
        assert f" {relative}  (" in out
    assert "v2.json" in out and "v2.ts" in out
    # nothing left behind: no notes file, no session in any store, an empty temp dir
    assert not (repo / "zero-demo-notes.md").exists()
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "sessions").exists()
    assert list((tmp_path / "tmp").iterdir()) == []
    assert sorted(p.name for p in repo.rglob("*")) == sorted(
        ["README.md", "pyproject.toml", "pkg", "__init__.py", "main.py"]
    )


def test_demo_defaults_to_the_current_directory(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path / "home"), "TMPDIR": str(temp)}
    done = subprocess.run(
        [str(ZERO_SDK), "demo"], capture_output=True, text=True, env=env, cwd=repo, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"on {repo}" in done.stdout and '- README title: "Demo Project"' in done.stdout
    assert not (tmp_path / "home").exists()


def test_demo_rejects_a_missing_path(tmp_path: Path) -> None:
    done = run_demo(tmp_path, str(tmp_path / "nope"))
    assert done.returncode == 2
    assert "does not exist" in done.stderr and done.stdout == ""


def test_readme_demo_script_runs(tmp_path: Path) -> None:
    # `./scripts/demo PATH` is the README's main command: bootstrap (a no-op once the venv is
    # installed) and `zero-sdk demo`.
    repo = make_repo(tmp_path)
    script = Path(__file__).resolve().parent.parent / "scripts" / "demo"
    env = {**os.environ, "HOME": str(tmp_path / "home"), "ZERO_SESSIONS_DIR": str(tmp_path / "sessions")}
    done = subprocess.run(
        [str(script), str(repo), "--color=never"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert '- README title: "Demo Project" (README.md).' in done.stdout
    assert "[done] success (exit 0)" in done.stdout
