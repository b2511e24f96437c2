"""Goal 3: peak RSS of the client (own process) for one huge line and for long streams.

Each case runs `memory_child.py` in a fresh process: VmHWM after the run minus VmRSS of the
idle, configured client. The streams are generated on the fly through the pipe (nothing on
disk). "Flat" means the 1 GiB run peaks at most 1.25x the 256 MiB run above idle, or at most
4 MiB more (when both stay a few MiB above idle, their ratio is allocator noise).
"""

from __future__ import annotations

from typing import Any

from benchlib import BENCH_DIR, PYTHON, Row, Settings, bench_env, run_json

HUGE_GOAL = 3.0
FLAT_GOAL = 1.25
#: A few MiB either way is allocator noise, not growth: when both runs stay this close above
#: idle, their ratio (say 2 MiB / 1 MiB) says nothing about the stream's length.
FLAT_SLACK_KIB = 4 * 1024


def _child(settings: Settings, *args: str, max_seconds: float = 0) -> dict[str, Any]:
    argv = [PYTHON, str(BENCH_DIR / "memory_child.py"), *args, "--max-seconds", str(max_seconds)]
    result: dict[str, Any] = run_json(argv, env=bench_env())
    return result


def _mib(kib: float) -> str:
    return f"{kib / 1024:.0f} MiB"


def run(settings: Settings) -> list[Row]:
    rows: list[Row] = []
    # Streams slower than this are stopped; the row then says how far they got.
    limit = 240.0 if settings.stream_large_bytes >= 1 << 30 else 60.0
    size = settings.huge_line_bytes
    huge = _child(settings, "--huge-line", str(size))
    above = huge["peak_kib"] - huge["idle_kib"]
    ratio = above * 1024 / size
    rows.append(Row(
        goal="3 memory",
        name=f"peak RSS, one {size >> 20} MiB line",
        subject=f"{_mib(above)} above idle ({_mib(huge['idle_kib'])})",
        baseline=f"longest line {size >> 20} MiB",
        ratio=ratio,
        target=f"<= {HUGE_GOAL:g}x the line",
        met=ratio <= HUGE_GOAL,
        note="ratio = (VmHWM - idle VmRSS) / line bytes; lower is better",
        data=huge,
    ))
    small = _child(settings, "--stream-bytes", str(settings.stream_small_bytes),
                   max_seconds=limit)
    large = _child(settings, "--stream-bytes", str(settings.stream_large_bytes),
                   max_seconds=limit)
    small_above = small["peak_kib"] - small["idle_kib"]
    large_above = large["peak_kib"] - large["idle_kib"]
    growth = large_above / small_above if small_above > 0 else float("inf")
    stopped = [name for name, r in (("small", small), ("large", large)) if r["stopped_early"]]
    speeds = [
        "stopped" if r["stopped_early"] else f"{size / r['seconds'] / 1e6:.0f} MB/s"
        for r, size in ((small, settings.stream_small_bytes), (large, settings.stream_large_bytes))
    ]
    note = f"{small['events']} vs {large['events']} events; client read {speeds[0]} / {speeds[1]}"
    if stopped:
        note += (f"; STOPPED after {limit:g}s ({', '.join(stopped)} run), too slow to finish: ratio "
                 f"of partial runs left out; {small_above / 1024:.0f} MiB above idle after "
                 f"{small['events']} events, {large_above / 1024:.0f} MiB after {large['events']}")
    rows.append(Row(
        goal="3 memory",
        name=f"peak RSS, {settings.stream_large_bytes >> 20} MiB vs "
             f"{settings.stream_small_bytes >> 20} MiB of ordinary events",
        subject=f"{_mib(large_above)} above idle",
        baseline=f"{_mib(small_above)} above idle",
        ratio=None if stopped else growth,
        target=f"flat: <= {FLAT_GOAL:g}x (or within {FLAT_SLACK_KIB >> 10} MiB)",
        met=(growth <= FLAT_GOAL or large_above - small_above <= FLAT_SLACK_KIB) and not stopped,
        note=note,
        data={"small": small, "large": large},
    ))
    return rows
