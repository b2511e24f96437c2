"""`zero-engine exec` with no provider: Zero's message, byte for byte, and for a person at a
terminal what the engine needs instead (Zero's message sends them to `zero setup`, which
configures the real Zero, not the engine)."""

from __future__ import annotations

import os
import pty
import subprocess
from pathlib import Path

from client_support import ENGINE, engine_env, workspace
from toolchains import require_engine
from zero_engine.execrun import ENGINE_PROVIDER_HINT
from zero_engine.providers import NO_PROVIDER_MESSAGE


def _no_provider_env(tmp_path: Path) -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **engine_env(tmp_path, None, 2)}
    assert not any(name.startswith("OPENAI_") or name == "ZERO_PROVIDER" for name in env)
    return env


def test_a_terminal_is_told_what_the_engine_reads_and_pipes_get_zeros_bytes(tmp_path: Path) -> None:
    require_engine(Path(ENGINE))
    env, cwd = _no_provider_env(tmp_path), workspace(tmp_path)
    argv = [ENGINE, "exec", "hi"]
    # Through pipes (clients, the fidelity goldens): exactly what Zero writes.
    piped = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, timeout=60, check=False)
    assert (piped.returncode, piped.stderr.decode()) == (3, f"[zero] {NO_PROVIDER_MESSAGE}\n")
    # stderr on a terminal: Zero's line, then the engine's own.
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=follower, timeout=60, check=False
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: every writer closed
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    text = shown.decode().replace("\r\n", "\n")
    assert done.returncode == 3
    assert text == f"[zero] {NO_PROVIDER_MESSAGE}\n{ENGINE_PROVIDER_HINT}", text
    assert "OPENAI_API_KEY" in ENGINE_PROVIDER_HINT and "ZERO_PROVIDER=demo" in ENGINE_PROVIDER_HINT
