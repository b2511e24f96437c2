"""Shared pieces of the benchmarks: settings, result rows, interleaved timing, subprocess helpers."""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
PYTHON = sys.executable
VENV_BIN = Path(PYTHON).parent


@dataclass(frozen=True)
class Settings:
    """How big and how often; `quick` and `smoke` shrink everything."""

    out: Path
    mode: str = "full"
    events: int = 200_000
    repeat: int = 5
    startup_repeat: int = 15
    huge_line_bytes: int = 64 << 20
    stream_small_bytes: int = 256 << 20
    stream_large_bytes: int = 1 << 30
    seed: int = 20260822

    @classmethod
    def for_mode(cls, mode: str, out: Path) -> Settings:
        if mode == "smoke":
            return cls(out, mode, events=3_000, repeat=1, startup_repeat=1, huge_line_bytes=2 << 20,
                       stream_small_bytes=4 << 20, stream_large_bytes=8 << 20)
        if mode == "quick":
            return cls(out, mode, events=50_000, repeat=3, startup_repeat=7, huge_line_bytes=16 << 20,
                       stream_small_bytes=32 << 20, stream_large_bytes=128 << 20)
        return cls(out)


@dataclass
class Row:
    """One line of the results table. `ratio` is subject/baseline (higher is better unless noted)."""

    goal: str
    name: str
    subject: str
    baseline: str
    ratio: float | None
    target: str
    met: bool | None
    note: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def timed(fn: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def interleaved(subjects: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Median seconds of each callable, run round-robin so drift and load hit all of them alike.

    The per-round ratios against the first subject are kept in `last_spread` (min, max), so a
    noisy machine shows up next to the numbers.
    """
    times: dict[str, list[float]] = {name: [] for name in subjects}
    for _ in range(repeat):
        for name, fn in subjects.items():
            times[name].append(timed(fn))
    first = next(iter(subjects))
    for name, values in times.items():
        ratios = [a / b for a, b in zip(times[first], values, strict=True) if b > 0]
        last_spread[name] = (min(ratios), max(ratios)) if ratios else (0.0, 0.0)
    return {name: statistics.median(values) for name, values in times.items()}


#: (min, max) over rounds of first-subject-seconds / this-subject-seconds, from the last call.
last_spread: dict[str, tuple[float, float]] = {}


def load_average() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "n/a"
    return f"{one:.1f}/{five:.1f} on {os.cpu_count()} CPUs"


def rate(count: float, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def fmt_rate(per_second: float, unit: str = "ev/s") -> str:
    if per_second >= 1e6:
        return f"{per_second / 1e6:.2f} M {unit}"
    if per_second >= 1e3:
        return f"{per_second / 1e3:.1f} k {unit}"
    return f"{per_second:.1f} {unit}"


def fmt_mb(per_second_bytes: float) -> str:
    return f"{per_second_bytes / 1e6:.0f} MB/s"


def read_lines(path: Path) -> list[bytes]:
    """The lines of a corpus without their newlines (split on \\n only)."""
    data = path.read_bytes()
    lines = data.split(b"\n")
    if lines and not lines[-1]:
        lines.pop()
    return lines


def run_json(argv: Sequence[str], *, env: dict[str, str] | None = None, timeout: float = 1800) -> Any:
    """Runs a helper process that prints one JSON object as its last stdout line."""
    import json

    proc = subprocess.run(
        list(argv), capture_output=True, env=env, timeout=timeout, check=False, cwd=ROOT
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[-2000:]}"
        )
    last = proc.stdout.decode().strip().splitlines()[-1]
    return json.loads(last)


def bench_env() -> dict[str, str]:
    """The environment for helper processes: the venv first on PATH, no hash-seed surprises."""
    env = dict(os.environ)
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    # The start-up goal measures what an installed package costs, with its .pyc files written
    # (an edited checkout under PYTHONDONTWRITEBYTECODE would recompile every import).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def profile_top(fn: Callable[[], object], limit: int = 12) -> str:
    """cProfile of one call of `fn`: the top functions by internal time, as text."""
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    fn()
    profiler.disable()
    buffer = io.StringIO()
    stats = pstats.Stats(profiler, stream=buffer)
    stats.sort_stats("tottime").print_stats(limit)
    lines = [line for line in buffer.getvalue().splitlines() if line.strip()]
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    return "\n".join(lines[start : start + limit + 1])
