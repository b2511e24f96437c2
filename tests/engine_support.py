"""Helpers to spawn `zero-engine exec` as a real process and read what it wrote."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

ENGINE = [sys.executable, "-m", "zero_engine"]
REPO_ROOT = Path(__file__).resolve().parent.parent
RUN_ID = re.compile(r"run_\d{14}_[0-9a-f]{6}")
SESSION_ID = re.compile(r"zero_\d{14}_\d+_\d+")


@dataclass
class EngineRun:
    returncode: int
    stdout: bytes
    stderr: bytes

    @property
    def lines(self) -> list[str]:
        return self.stdout.decode().splitlines()

    @property
    def events(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.lines]

    @property
    def normalized(self) -> list[str]:
        """stdout lines with run and session ids replaced by RUN / SESSION."""
        return [SESSION_ID.sub("SESSION", RUN_ID.sub("RUN", line)) for line in self.lines]


def engine_tmpdir(tmp_path: Path) -> Path:
    """The TMPDIR of the engines a test starts: a directory of its own next to `tmp_path` (so not
    inside a workspace at `tmp_path`), under pytest's temp root. The engine puts its spill files
    and its tools' private area under TMPDIR, and with none given it would use /tmp."""
    path = tmp_path.with_name(tmp_path.name + ".tmp")
    path.mkdir(exist_ok=True)
    return path


def base_env(tmp_path: Path, version: int | None = None, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "ZERO_ENGINE_TEST_GUARD": "1",  # a destructive command reaching execution fails the engine
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "TMPDIR": str(engine_tmpdir(tmp_path)),
    }
    if version is not None:
        env["ZERO_SCHEMA_VERSION"] = str(version)
    env.update(extra)
    return env


def write_script(tmp_path: Path, turns: list[list[dict[str, Any]]], model: str = "scripted-model") -> Path:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"model": model, "turns": [{"steps": steps} for steps in turns]}))
    return path


def scripted_env(
    tmp_path: Path, version: int, turns: list[list[dict[str, Any]]], **extra: str
) -> dict[str, str]:
    script = write_script(tmp_path, turns)
    return base_env(tmp_path, version, ZERO_PROVIDER="scripted", ZERO_SCRIPT=str(script), **extra)


def workspace(tmp_path: Path) -> Path:
    path = tmp_path / "ws"
    path.mkdir(exist_ok=True)
    return path


#: The engine's console script (what a warm run falls back to when no server answers).
ENGINE_SCRIPT = str(Path(sys.executable).parent / "zero-engine")
#: ZERO_SDK_WARM_ENGINE=off runs every engine of the suite as a fresh process.
WARM_ENV = "ZERO_SDK_WARM_ENGINE"
_warm: list[Any] = []  # this process's warm server (zero_engine.warm), once started


def warm_command(fresh: list[str] = ENGINE) -> list[str]:
    """The launcher of this test process's warm server (started on first use; stopped by
    `stop_warm_engine` at the session's end), or `fresh` when it is off or fails."""
    if os.environ.get(WARM_ENV, "on") == "off" or not os.path.exists(ENGINE_SCRIPT):
        return fresh
    if not _warm:
        from zero_engine.warm import WarmEngine

        # The environment of the runs (`base_env`): no PYTHON* variable, no locale; a run whose
        # environment differs in those is declined by the server and runs fresh.
        # Its directory (socket) goes in the TMPDIR the test that starts it has (its own), never /tmp.
        path = os.environ.get("PATH", "/usr/bin:/bin")
        server = WarmEngine(ENGINE_SCRIPT, env={"PATH": path}, directory=os.environ.get("TMPDIR"))
        try:
            server.start()
        except OSError:
            _warm.append(None)
            return fresh
        _warm.append(server)
    return fresh if _warm[0] is None else list(_warm[0].command())


def stop_warm_engine() -> None:
    while _warm:
        server = _warm.pop()
        if server is not None:
            server.stop()


def run_engine(
    args: list[str], env: dict[str, str], *, stdin: bytes = b"", cwd: Path | None = None, timeout: float = 30
) -> EngineRun:
    """One engine run to its end. It runs from the suite's warm server (zero_engine.warm), which
    tests/test_warm_engine.py proves isolated and ending as a fresh process; `spawn_engine`, for
    tests that signal or watch the process itself, always starts a fresh one."""
    done = subprocess.run(
        [*warm_command(), *args], input=stdin, capture_output=True, env=env, cwd=cwd, timeout=timeout,
        check=False,
    )  # fmt: skip
    return EngineRun(done.returncode, done.stdout, done.stderr)


def spawn_engine(args: list[str], env: dict[str, str], cwd: Path | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*ENGINE, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
    )


def line(version: int, event_type: str, **fields: Any) -> str:
    """An expected stdout line with RUN as the run id, keys sorted like Go."""
    obj = {"schemaVersion": version, "type": event_type, "runId": "RUN", **fields}
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@cache
def validator(version: int) -> Draft202012Validator:
    schema = json.loads((REPO_ROOT / "schema" / f"v{version}.json").read_text())
    return Draft202012Validator(schema)


def assert_schema_valid(run: EngineRun, version: int) -> None:
    for event in run.events:
        errors = sorted(validator(version).iter_errors(event), key=lambda e: list(e.path))
        assert not errors, f"{event} does not match schema v{version}: {errors[0].message}"
