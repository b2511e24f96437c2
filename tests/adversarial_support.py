"""Helpers of the adversarial suite: effort scaling, engine processes, /proc leak checks, counters.

Everything here inspects the system through public interfaces only: the `zero-engine` console
script over real pipes, /proc for processes and file descriptors.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine_support import engine_tmpdir, warm_command

#: True in the long mode (`--run-slow` / ZERO_SDK_SLOW=1; tests/conftest.py exports the env).
SLOW = os.environ.get("ZERO_SDK_SLOW", "") not in ("", "0")

#: The engine's console script in the venv that runs the tests.
ENGINE = str(Path(sys.executable).parent / "zero-engine")
REPO_ROOT = Path(__file__).resolve().parent.parent
STATS_DIR_ENV = "ZERO_SDK_ADVERSARIAL_STATS"


def scale(default: int, slow: int) -> int:
    """`slow` in the long mode, else `default`."""
    return slow if SLOW else default


# --- counters (events tried, leaks, inputs fuzzed, untyped failures) -------------------------


@dataclass
class Counter:
    """Counts of one adversarial test; written to the terminal (-s) and, if asked, to a file."""

    name: str
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, amount: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + amount

    def report(self) -> None:
        summary = ", ".join(f"{key}={value}" for key, value in sorted(self.counts.items()))
        print(f"\n[adversarial] {self.name}: {summary}")
        target = os.environ.get(STATS_DIR_ENV)
        if target:
            path = Path(target)
            path.mkdir(parents=True, exist_ok=True)
            with open(path / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as handle:
                handle.write(json.dumps({"name": self.name, **self.counts}) + "\n")


# --- engine processes ------------------------------------------------------------------------


def engine_env(tmp_path: Path, version: int, script: Path | None = None, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "ZERO_ENGINE_TEST_GUARD": "1",  # a destructive command reaching execution fails the engine
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "TMPDIR": str(engine_tmpdir(tmp_path)),
        "ZERO_SCHEMA_VERSION": str(version),
    }
    if script is not None:
        env.update({"ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(script)})
    env.update(extra)
    return env


def write_script(directory: Path, turns: list[list[dict[str, Any]]], name: str = "script.json") -> Path:
    path = directory / name
    path.write_text(json.dumps({"model": "scripted-model", "turns": [{"steps": s} for s in turns]}))
    return path


def prompt_line(version: int, content: str = "go") -> bytes:
    return json.dumps({"schemaVersion": version, "type": "prompt", "content": content}).encode() + b"\n"


@dataclass
class EngineResult:
    returncode: int
    stdout: bytes
    stderr: bytes

    @property
    def events(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]


def run_engine(
    args: list[str], env: dict[str, str], cwd: Path, *, stdin: bytes, timeout: float = 60
) -> EngineResult:
    """One engine run to its end, from the suite's warm server (see engine_support.run_engine)."""
    done = subprocess.run(
        [*warm_command([ENGINE]), *args], input=stdin, capture_output=True, env=env, cwd=cwd, timeout=timeout,
        check=False,
    )  # fmt: skip
    return EngineResult(done.returncode, done.stdout, done.stderr)


# --- /proc: processes and file descriptors ---------------------------------------------------


def proc_state(pid: int) -> str | None:
    """The /proc state letter of `pid` (R, S, Z, ...), or None if there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def alive(pid: int) -> bool:
    """A live (non-zombie) process."""
    state = proc_state(pid)
    return state is not None and state != "Z"


def group_members(pgid: int) -> list[tuple[int, str]]:
    """(pid, state) of every process whose process group is `pgid`, zombies included."""
    members: list[tuple[int, str]] = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[2]) == pgid:
            members.append((int(entry), fields[0]))
    return members


def wait_gone(pids: list[int], within: float = 5.0) -> list[int]:
    """Polls until none of `pids` is alive; returns those still alive after `within` seconds."""
    give_up = time.monotonic() + within
    while True:
        left = [pid for pid in pids if alive(pid)]
        if not left or time.monotonic() > give_up:
            return left
        time.sleep(0.02)


def open_fds() -> dict[int, str]:
    """This process's open file descriptors and what they point at."""
    fds: dict[int, str] = {}
    for entry in os.listdir("/proc/self/fd"):
        try:
            fds[int(entry)] = os.readlink(f"/proc/self/fd/{entry}")
        except OSError:
            continue  # the fd of the listdir itself
    return fds


def leaked_fds(before: dict[int, str], after: dict[int, str]) -> dict[int, str]:
    """Descriptors open after that were not open (to the same thing) before."""
    return {fd: target for fd, target in after.items() if before.get(fd) != target}


@contextmanager
def fd_guard() -> Iterator[dict[int, str]]:
    """Yields a dict that, on exit, holds the descriptors leaked inside the block."""
    leaks: dict[int, str] = {}
    before = open_fds()
    yield leaks
    deadline = time.monotonic() + 2.0
    while True:  # a daemon thread may still be closing its end of a pipe
        leaks.clear()
        leaks.update(leaked_fds(before, open_fds()))
        if not leaks or time.monotonic() > deadline:
            return
        time.sleep(0.02)
