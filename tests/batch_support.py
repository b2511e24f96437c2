"""Helpers for the batch tests: task files, scripted-engine scripts, finding the runs' processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from client_support import ENGINE, process_alive

ZERO_SDK = str(Path(sys.executable).parent / "zero-sdk")


def script(directory: Path, name: str, turns: list[list[dict[str, Any]]]) -> Path:
    """A scripted-provider script (docs/scripted-provider.md) at directory/name."""
    path = directory / name
    path.write_text(json.dumps({"model": "scripted-model", "turns": [{"steps": steps} for steps in turns]}))
    return path


def scripted_env(script_path: Path, **extra: str) -> dict[str, str]:
    return {"ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(script_path), **extra}


def write_tasks(path: Path, tasks: Iterable[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(task) + "\n" for task in tasks))
    return path


def records(out: Path) -> list[dict[str, Any]]:
    """Every line of out/results.jsonl, decoded."""
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines() if line.strip()]


def batch_argv(tasks: Path, out: Path, *args: str) -> list[str]:
    return [ZERO_SDK, "batch", str(tasks), "--out", str(out), "--command", ENGINE, *args]


def run_cli(tasks: Path, out: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        batch_argv(tasks, out, *args), capture_output=True, text=True, timeout=timeout, check=False
    )


def processes_with(marker: str) -> list[int]:
    """Pids of live processes whose environment holds `marker` (a NAME=VALUE the test chose)."""
    needle = marker.encode()
    found: list[int] = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = Path(f"/proc/{entry.name}/environ").read_bytes()
        except OSError:
            continue
        if needle in environ.split(b"\0") and process_alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.decode(errors="replace").partition("=") for item in raw.split(b"\0") if item)
    return {name: value for name, _, value in pairs}


def parent_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("PPid:"):
            return int(line.split()[1])
    raise AssertionError(f"no PPid for {pid}")


def wait_for(condition: Callable[[], Any], timeout: float = 60.0, what: str = "condition") -> Any:
    """Polls `condition` until it returns something truthy, which is returned."""
    give_up = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > give_up:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def started_runs(out: Path) -> int:
    """How many transcripts in out/transcripts already hold a run_start (runs under way)."""
    folder = out / "transcripts"
    if not folder.is_dir():
        return 0
    return sum(1 for path in folder.iterdir() if b'"run_start"' in path.read_bytes())
