"""Goal 5: start-up. Spawn-to-`run_start` of the engine and the import cost of zero_client,
each against `python -c pass` (the same interpreter) measured in the same run, median of N."""

from __future__ import annotations

import functools
import json
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import PYTHON, VENV_BIN, Row, Settings, bench_env

ENGINE_GOAL = 3.0
IMPORT_GOAL_MS = 50.0
_ENV = bench_env()
IMPORTS = {
    "import": "from zero_client import ZeroClient",
    "import-all": "from zero_client import ZeroClient, AsyncZeroClient, read_transcript",
}


def _bare() -> float:
    start = time.perf_counter()
    subprocess.run([PYTHON, "-c", "pass"], check=True, env=_ENV)
    return time.perf_counter() - start


def _import(statement: str) -> float:
    start = time.perf_counter()
    subprocess.run([PYTHON, "-c", statement], check=True, env=_ENV)
    return time.perf_counter() - start


def _to_run_start(argv: list[str], env: dict[str, str], stdin: bytes, cwd: str) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env, cwd=cwd)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(stdin)
    proc.stdin.close()
    first = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.stdout.read()
    proc.wait()
    if b'"type":"run_start"' not in first:
        raise RuntimeError(f"{argv} printed {first[:200]!r} before run_start")
    return elapsed


def _medians(subjects: dict[str, Callable[[], float]], repeat: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in subjects}
    for _ in range(repeat):
        for name, fn in subjects.items():
            times[name].append(fn())
    return {name: statistics.median(values) for name, values in times.items()}


def run(settings: Settings) -> list[Row]:
    engine = str(VENV_BIN / "zero-engine")
    with tempfile.TemporaryDirectory(prefix="zero-bench-") as tmp:
        root = Path(tmp)
        (root / "ws").mkdir()
        script = root / "script.json"
        script.write_text(json.dumps({"model": "scripted-model", "turns": [{"steps": [
            {"text": "Hello."}, {"usage": {"prompt": 10, "completion": 2}}]}]}))
        env = bench_env()
        env.update({"ZERO_SCHEMA_VERSION": "2", "HOME": str(root / "h"), "XDG_DATA_HOME": str(root / "xdg")})
        env.update({"ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(script)})
        prompt = b'{"content":"hi","schemaVersion":2,"type":"prompt"}\n'
        ws = str(root / "ws")
        subjects: dict[str, Callable[[], float]] = {
            "bare": _bare,
            "list-tools": lambda: _to_run_start(
                [engine, "exec", "--list-tools", "-o", "stream-json"], env, b"", ws),
            "scripted": lambda: _to_run_start(
                [engine, "exec", "--input-format", "stream-json", "--output-format", "stream-json"],
                env, prompt, ws),
            **{key: functools.partial(_import, statement) for key, statement in IMPORTS.items()},
        }
        for fn in subjects.values():
            fn()  # warm the page cache and .pyc files
        med = _medians(subjects, settings.startup_repeat)
    bare = med["bare"]
    rows = []
    for key, what in (("list-tools", "`zero-engine exec --list-tools -o stream-json`"),
                      ("scripted", "`zero-engine exec` scripted run, stream-json in/out")):
        ratio = med[key] / bare
        rows.append(Row(
            goal="5 start-up",
            name=f"spawn to run_start: {what}",
            subject=f"{med[key] * 1e3:.0f} ms",
            baseline=f"python -c pass {bare * 1e3:.0f} ms",
            ratio=ratio,
            target=f"<= {ENGINE_GOAL:g}x bare Python",
            met=ratio <= ENGINE_GOAL,
            note=f"median of {settings.startup_repeat}; ratio = engine / bare (lower is better)",
            data={"medians": med},
        ))
    for key, statement in IMPORTS.items():
        added = (med[key] - bare) * 1e3
        rows.append(Row(
            goal="5 start-up",
            name=f"`python -c '{statement}'`",
            subject=f"+{added:.0f} ms ({med[key] * 1e3:.0f} ms total)",
            baseline=f"python -c pass {bare * 1e3:.0f} ms",
            ratio=med[key] / bare,
            target=f"adds < {IMPORT_GOAL_MS:g} ms",
            met=added < IMPORT_GOAL_MS,
            note=f"median of {settings.startup_repeat}, spawn to exit",
            data={"medians": med},
        ))
    return rows
