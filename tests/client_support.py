"""Helpers for the client tests: scripted-engine clients, event lines, process liveness."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from engine_support import engine_tmpdir
from zero_client import AsyncZeroClient, Timeouts, ZeroClient

#: The engine's console script in the venv that runs the tests.
ENGINE = str(Path(sys.executable).parent / "zero-engine")

RUN_ID = "run_20260101000000_abc123"


def event_line(version: int, type_: str, **fields: Any) -> bytes:
    """One stdout line as the binary writes it (keys sorted)."""
    obj = {"schemaVersion": version, "type": type_, "runId": RUN_ID, **fields}
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def write_script(directory: Path, turns: list[list[dict[str, Any]]], model: str = "scripted-model") -> Path:
    """A scripted-provider script (docs/scripted-provider.md): one list of steps per turn."""
    path = directory / "script.json"
    path.write_text(json.dumps({"model": model, "turns": [{"steps": steps} for steps in turns]}))
    return path


def engine_env(tmp_path: Path, script: Path | None, version: int) -> dict[str, str]:
    env = {
        "ZERO_SCHEMA_VERSION": str(version),
        # Sessions are written under XDG_DATA_HOME; keep every test's sessions in its tmp_path.
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "HOME": str(tmp_path / "home"),
        "TMPDIR": str(engine_tmpdir(tmp_path)),
    }
    if script is not None:
        env.update({"ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(script)})
    return env


def readme_install_sections() -> str:
    """The README's install instructions: every `## Install...` section, joined."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    sections = [part.split("\n## ", 1)[0] for part in text.split("\n## Install")[1:]]
    assert sections, "README.md has no Install section"
    return "\n".join(sections)


def readme_sh_blocks(text: str) -> list[str]:
    """The ```sh blocks of `text`."""
    return [part.split("```", 1)[0] for part in text.split("```sh\n")[1:]]


def readme_python_blocks() -> str:
    """The README's ```python blocks, joined: the library snippet newcomers copy."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```python\n")[1:]]
    assert blocks, "README.md has no ```python block"
    return "\n".join(blocks)


def workspace(tmp_path: Path) -> Path:
    path = tmp_path / "ws"
    path.mkdir(exist_ok=True)
    return path


def make_client(
    tmp_path: Path,
    turns: list[list[dict[str, Any]]] | None,
    version: int,
    *,
    asynchronous: bool = False,
    timeouts: Timeouts | None = None,
    pin_version: bool = True,
    command: list[str] | None = None,
    **options: Any,
) -> ZeroClient | AsyncZeroClient:
    """A client of the engine speaking `version` (through `command` when given), scripted with
    `turns`; it prefers `version` unless `pin_version=False` or `schema_version=` says otherwise."""
    script = None if turns is None else write_script(tmp_path, turns)
    cls = AsyncZeroClient if asynchronous else ZeroClient
    options.setdefault("schema_version", version if pin_version else None)
    return cls(
        command or [ENGINE],
        str(workspace(tmp_path)),
        engine_env(tmp_path, script, version),
        timeouts=timeouts or Timeouts(start=30, total=60, grace=2),
        **options,
    )


def logging_engine(tmp_path: Path, version_file: Path | None = None) -> tuple[list[str], Path]:
    """A command that runs zero-engine and logs each invocation: its arguments, then the stdin
    it passes on (`--list-tools` probes read none). With `version_file`, the engine speaks the
    version that file holds at each start, as a binary replaced between runs would.
    Returns (command, log)."""
    log = tmp_path / "invocations.log"
    wrapper = tmp_path / "logging-zero"
    speak = (
        f'ZERO_SCHEMA_VERSION=$(cat "{version_file}")\nexport ZERO_SCHEMA_VERSION\n' if version_file else ""
    )
    wrapper.write_text(
        "#!/bin/sh\n"
        f'LOG="{log}"\n'
        f"{speak}"
        'echo "args $*" >> "$LOG"\n'
        f'case "$*" in *--list-tools*) exec "{ENGINE}" "$@" ;; esac\n'
        "input=$(cat)\n"
        'printf "%s\\n" "$input" | sed "s/^/stdin /" >> "$LOG"\n'
        f'exec "{ENGINE}" "$@" <<EOF\n$input\nEOF\n'
    )
    wrapper.chmod(0o755)
    return [str(wrapper)], log


def logged_invocations(log: Path) -> list[str]:
    """What `logging_engine` logged: "probe", or "run v<N>" with the schemaVersion(s) of the
    input lines a run was given, one entry per process."""
    entries: list[tuple[str, set[int]]] = []
    for line in log.read_text().splitlines() if log.exists() else []:
        if line.startswith("args "):
            entries.append(("probe" if "--list-tools" in line else "run", set()))
        elif line.startswith("stdin "):
            entries[-1][1].add(json.loads(line[6:])["schemaVersion"])
    return [" ".join([kind, *(f"v{v}" for v in sorted(versions))]) for kind, versions in entries]


def process_alive(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie counts as dead)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until_dead(pid: int, within: float = 10.0) -> bool:
    """Polls until `pid` is dead; False if it is still alive after `within` seconds."""
    give_up = time.monotonic() + within
    while process_alive(pid):
        if time.monotonic() > give_up:
            return False
        time.sleep(0.02)
    return True
