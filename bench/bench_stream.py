"""Goal 2: `ZeroClient.stream` end to end over a real pipe vs a bare readline + json.loads loop.

Every subject reads the same recorded transcript from a child's stdout pipe (`cat FILE`); the
client runs it through `bench/fake_zero`, which ignores the exec arguments the client appends.
The raw pipe rate (chunked reads, nothing else) is the ceiling.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

from benchlib import BENCH_DIR, Row, Settings, fmt_mb, fmt_rate, interleaved, profile_top, rate, read_lines
from zero_client import Timeouts, ZeroClient

#: The client end to end, as a multiple of the bare pipe loop, by schemaVersion (issue 27: a v1
#: stream is presented in the latest types, which costs; 3x for every version was issue #17's).
GOAL_RATIOS = {1: 2.0, 2: 3.0}
FAKE_ZERO = str(BENCH_DIR / "fake_zero")


def _cat(path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(["cat", "--", str(path)], stdout=subprocess.PIPE)


def raw_pipe(path: Path) -> int:
    """Reads the whole pipe in 1 MiB chunks; returns the byte count."""
    proc = _cat(path)
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    total = 0
    while chunk := os.read(fd, 1 << 20):
        total += len(chunk)
    proc.stdout.close()
    proc.wait()
    return total


def bare_loop(path: Path) -> int:
    """readline + json.loads over the pipe; returns the event count."""
    proc = _cat(path)
    assert proc.stdout is not None
    count = 0
    loads = json.loads
    readline = proc.stdout.readline
    while line := readline():
        if line.strip():
            loads(line)
            count += 1
    proc.stdout.close()
    proc.wait()
    return count


def client_loop(path: Path, version: int) -> int:
    """ZeroClient.stream over the fake zero; returns the event count."""
    client = ZeroClient([FAKE_ZERO], env={"ZERO_BENCH_REPLAY": str(path)}, schema_version=version,
                        timeouts=Timeouts(start=None, total=None))
    count = 0
    for _ in client.stream("bench"):
        count += 1
    return count


def run(settings: Settings, corpora: dict[int, Path]) -> list[Row]:
    rows: list[Row] = []
    for version, path in sorted(corpora.items()):
        size = path.stat().st_size
        count = len(read_lines(path))
        got = client_loop(path, version)
        if got != count:
            raise RuntimeError(f"client yielded {got} events, the transcript has {count}")
        subjects: dict[str, Callable[[], object]] = {
            "raw": functools.partial(raw_pipe, path),
            "bare": functools.partial(bare_loop, path),
            "client": functools.partial(client_loop, path, version),
        }
        seconds = interleaved(subjects, settings.repeat)
        ratio = seconds["bare"] / seconds["client"]
        goal = GOAL_RATIOS.get(version, max(GOAL_RATIOS.values()))
        met = ratio >= goal
        data: dict[str, object] = {"events": count, "bytes": size, "seconds": seconds}
        if not met:
            data["profile"] = profile_top(subjects["client"])
        rows.append(Row(
            goal="2 client end to end",
            name=f"ZeroClient.stream v{version}, recorded stream from a pipe",
            subject=f"{fmt_rate(rate(count, seconds['client']))}, {fmt_mb(size / seconds['client'])}",
            baseline=f"readline+json.loads {fmt_rate(rate(count, seconds['bare']))}, "
                     f"{fmt_mb(size / seconds['bare'])}",
            ratio=ratio,
            target=f">= {goal:g}x bare loop",
            met=met,
            note=f"raw pipe (cat | read all) {fmt_mb(size / seconds['raw'])}: client reaches "
                 f"{seconds['raw'] / seconds['client'] * 100:.0f}% of it; "
                 f"{count} events, {size / 1e6:.0f} MB",
            data=data,
        ))
    return rows
