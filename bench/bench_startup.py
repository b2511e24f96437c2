"""Goal 5: start-up. Spawn-to-`run_start` of the engine and the import cost of zero_client,
each against `python -c pass` (the same interpreter) measured in the same run, median of N.

Side by side with the real binary (`zero` on PATH, or ZERO_REAL_BIN): one text turn against the
same loopback fake model (zero_client.testing.FakeModelServer), spawn to exit, for a fresh
`zero-engine`, a run from a warm server (zero_engine.warm, what the testing kit runs) and the
real `zero`. The last suite run's wall time (`./scripts/test` writes bench/out/suite_time.json)
is reported against its target."""

from __future__ import annotations

import functools
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import BENCH_DIR, PYTHON, VENV_BIN, Row, Settings, bench_env

ENGINE_GOAL = 3.0
IMPORT_GOAL_MS = 30.0
#: An engine run costs no more than a real Zero run of the same scenario.
REAL_GOAL = 1.0
SUITE_GOAL_S = 300.0
SUITE_TIME = BENCH_DIR / "out" / "suite_time.json"
_ENV = bench_env()
IMPORTS = {
    "import-bare": "import zero_client",
    "import": "from zero_client import ZeroClient",
    "import-all": "from zero_client import ZeroClient, AsyncZeroClient, read_transcript",
}
PROMPT = b'{"content":"hi","schemaVersion":2,"type":"prompt"}\n'
STREAM_EXEC = ["exec", "--input-format", "stream-json", "--output-format", "stream-json"]


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


def real_zero() -> tuple[str | None, str]:
    """The real binary to compare with, and where it came from (or why there is none)."""
    named = os.environ.get("ZERO_REAL_BIN")
    if named:
        if os.access(named, os.X_OK):
            return named, f"ZERO_REAL_BIN={named}"
        return None, f"ZERO_REAL_BIN={named} is not an executable file"
    found = shutil.which("zero")
    if found:
        return found, f"`zero` on PATH ({found})"
    return None, "no `zero` on PATH and ZERO_REAL_BIN unset"


def _run_to_exit(argv: list[str], env: dict[str, str], stdin: bytes, cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, env=env, cwd=cwd, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or b'"status":"success"' not in done.stdout:
        tail = f"{done.stdout[-300:]!r} {done.stderr[-300:]!r}"
        raise RuntimeError(f"{argv[0]} exited {done.returncode}: {tail}")
    return elapsed


def _interleaved_times(subjects: dict[str, Callable[[], float]], repeat: int) -> dict[str, list[float]]:
    """Each subject's time in each of `repeat` interleaved rounds."""
    times: dict[str, list[float]] = {name: [] for name in subjects}
    for _ in range(repeat):
        for name, fn in subjects.items():
            times[name].append(fn())
    return times


def _round_range(times: dict[str, list[float]], base: str, key: str) -> str:
    """min-max over rounds of base's time / key's time (the spread behind a median ratio)."""
    ratios = [b / k for b, k in zip(times[base], times[key], strict=True) if k > 0]
    return f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "n/a"


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
        ws = str(root / "ws")
        subjects: dict[str, Callable[[], float]] = {
            "bare": _bare,
            "list-tools": lambda: _to_run_start(
                [engine, "exec", "--list-tools", "-o", "stream-json"], env, b"", ws),
            "scripted": lambda: _to_run_start([engine, *STREAM_EXEC], env, PROMPT, ws),
            **{key: functools.partial(_import, statement) for key, statement in IMPORTS.items()},
        }
        for fn in subjects.values():
            fn()  # warm the page cache and .pyc files
        med = _medians(subjects, settings.startup_repeat)
        versus = _versus_real(root, engine, settings)
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
    rows.extend(versus)
    rows.append(suite_row())
    return rows


def _versus_real(root: Path, engine: str, settings: Settings) -> list[Row]:
    """Rows of a fresh engine run, a warm-server run and the real binary's, one text turn each
    against the same fake model, spawn to exit; skipped rows (with the reason) without `zero`."""
    from zero_client.testing import FakeModelServer
    from zero_client.testing import script as s
    from zero_engine.warm import WarmEngine

    real, origin = real_zero()
    home = root / "real-home"
    (home / ".config").mkdir(parents=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "TMPDIR": str(root),
        "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / "data"),
        "ZERO_SCHEMA_VERSION": "2", "OPENAI_API_KEY": "bench-key", "OPENAI_MODEL": "gpt-4o-mini",
    }  # fmt: skip
    ws = str(root / "ws")
    repeat = settings.startup_repeat
    with FakeModelServer(responder=lambda _request: s.text("Hello.", usage=(10, 2))) as model, \
            WarmEngine(engine, env={"PATH": env["PATH"]}, directory=str(root)) as warm:  # fmt: skip
        env["OPENAI_BASE_URL"] = model.base_url
        subjects: dict[str, Callable[[], float]] = {}
        if real is not None:
            subjects["real"] = lambda: _run_to_exit([real, *STREAM_EXEC], env, PROMPT, ws)
            subjects["real-list"] = lambda: _to_run_start(
                [real, "exec", "--list-tools", "-o", "stream-json"], env, b"", ws)
        subjects["fresh"] = lambda: _run_to_exit([engine, *STREAM_EXEC], env, PROMPT, ws)
        subjects["warm"] = lambda: _run_to_exit([*warm.command(), *STREAM_EXEC], env, PROMPT, ws)
        subjects["fresh-list"] = lambda: _to_run_start(
            [engine, "exec", "--list-tools", "-o", "stream-json"], env, b"", ws)
        for fn in subjects.values():
            fn()
        times = _interleaved_times(subjects, repeat)
        med = {name: statistics.median(values) for name, values in times.items()}
    note = f"median of {repeat}, interleaved; one text turn from a loopback fake model, spawn to exit"
    if real is None:
        return [Row(
            goal="5 start-up", name=f"{what} vs real zero", subject="skipped", baseline="-", ratio=None,
            target=f"<= {REAL_GOAL:g}x real zero" if key == "warm" else "reported", met=None,
            note=f"skipped: {origin}; the fresh engine run took {med['fresh'] * 1e3:.0f} ms, "
                 f"from the warm server {med['warm'] * 1e3:.0f} ms",
        ) for key, what in (("fresh", "zero-engine run (fresh process)"),
                            ("warm", "zero-engine run from a warm server (testing kit)"))]  # fmt: skip
    rows = []
    for key, what, target, goal in (
        ("fresh", "zero-engine run (fresh process) vs real zero", "reported (a fresh Python process)", None),
        ("warm", "zero-engine run from a warm server (testing kit) vs real zero",
         f"<= {REAL_GOAL:g}x real zero", REAL_GOAL),
        ("fresh-list", "`exec --list-tools -o stream-json` to run_start, fresh engine vs real zero",
         "reported", None),
    ):  # fmt: skip
        base_key = "real-list" if key == "fresh-list" else "real"
        ratio = med[key] / med[base_key]
        rows.append(Row(
            goal="5 start-up", name=what, subject=f"{med[key] * 1e3:.0f} ms",
            baseline=f"real zero {med[base_key] * 1e3:.0f} ms", ratio=ratio, target=target,
            met=None if goal is None else ratio <= goal,
            note=f"{note}; ratio = engine / real (lower is better); real: {origin}; "
                 f"per round, real's time / this one's: {_round_range(times, base_key, key)}",
            data={"medians": med},
        ))  # fmt: skip
    return rows


def suite_row() -> Row:
    """The last `./scripts/test` run's wall time, as it recorded it (bench/out/suite_time.json)."""
    try:
        record = json.loads(SUITE_TIME.read_text())
        seconds = float(record["seconds"])
    except (OSError, ValueError, KeyError, TypeError):
        where = SUITE_TIME.relative_to(BENCH_DIR.parent)
        return Row(
            goal="5 start-up", name="`./scripts/test` wall time (the last full run)", subject="not measured",
            baseline="-", ratio=None, target=f"< {SUITE_GOAL_S:g} s on a fresh 2-core machine", met=None,
            note=f"no {where} yet: ./scripts/test writes it when it passes",
        )  # fmt: skip
    return Row(
        goal="5 start-up", name="`./scripts/test` wall time (the last full run)",
        subject=f"{seconds:.0f} s ({int(seconds // 60)}m{int(seconds % 60):02d}s)", baseline="-",
        ratio=seconds / SUITE_GOAL_S, target=f"< {SUITE_GOAL_S:g} s on a fresh 2-core machine",
        met=seconds < SUITE_GOAL_S,
        note=f"recorded {record.get('finished', '?')} on {record.get('cpus', '?')} CPUs, "
             f"{record.get('workers', '?')} pytest workers, load {record.get('load', '?')} at the start; "
             "ratio = time / target",
    )  # fmt: skip
